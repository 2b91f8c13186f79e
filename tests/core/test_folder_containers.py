"""The containers a `Folder` grows by one entry at each `then` without copying them (`Appended`
for the log and the effective entries, `LogIds` for the ids) read as the list and the frozenset
they stand for, whichever earlier one each was grown from, past the point where a tail is copied
into a new base."""

from __future__ import annotations

from collections.abc import Set as AbstractSet

from hypothesis import given, settings
from hypothesis import strategies as st

from mjevent.core.state.folder import _TAIL, Appended, LogIds

# Each step: grow the version at this index (modulo how many there are) by one item. Up to past
# a tail's length (a copy into a new base); each example reads every version it made, so it
# may take longer than hypothesis's default deadline on a loaded machine.
steps = st.lists(st.integers(0, 10_000), min_size=0, max_size=_TAIL + 40)
slow = settings(deadline=None)


@slow
@given(st.lists(st.integers(), max_size=5), steps)
def test_appended_reads_as_the_list_it_stands_for(base: list[int], picks: list[int]) -> None:
    versions = [(Appended(list(base)), list(base))]
    for n, pick in enumerate(picks):
        grown, model = versions[pick % len(versions)]
        versions.append((grown.plus(n), [*model, n]))
    for grown, model in versions:
        assert list(grown) == model and len(grown) == len(model)
        assert grown == model and model == grown and grown == tuple(model)
        assert grown[1:-1] == model[1:-1] and grown[::-1] == model[::-1]
        for index in (0, len(model) - 1, -1, -len(model)):
            if model:
                assert grown[index] == model[index]
    assert base == versions[0][1]  # the list it was made from is never changed


def test_appended_refuses_an_index_out_of_range() -> None:
    grown = Appended([1]).plus(2)
    for index in (2, -3):
        try:
            grown[index]
        except IndexError:
            continue
        raise AssertionError(f"index {index} read {grown[index]}")


def _same(ids: AbstractSet[str], model: AbstractSet[str]) -> bool:
    """Equal both ways round (a frozenset compared to a `LogIds` asks the `LogIds`)."""
    return ids == model and model == ids


@slow
@given(st.frozensets(st.text(max_size=3), max_size=5), steps)
def test_log_ids_read_as_the_frozenset_they_stand_for(
    base: frozenset[str], picks: list[int]
) -> None:
    versions = [(LogIds(base), base)]
    for n, pick in enumerate(picks):
        grown, model = versions[pick % len(versions)]
        # Now and then an id it already has (a log's ids are unique, a set's anyway).
        new = next(iter(model)) if n % 7 == 0 and model else f"id{n}"
        versions.append((grown.plus(new), model | {new}))
    for grown, model in versions:
        assert _same(grown, model) and set(grown) == model
        assert len(grown) == len(model)
        assert all(i in grown for i in model) and "absent" not in grown


def test_a_long_chain_copies_its_tail_into_new_bases_and_stays_exact() -> None:
    # GIVEN a log grown one entry at a time well past the tail's length (as a day of Enters)
    grown, ids = Appended([0]), LogIds(frozenset({"0"}))
    middle: tuple[Appended[int], LogIds] | None = None
    for n in range(1, 3 * _TAIL + 5):
        grown, ids = grown.plus(n), ids.plus(str(n))
        if n == _TAIL + 3:
            middle = (grown, ids)
    assert middle is not None
    # THEN it holds every entry in order, and a version from the middle is as it was
    assert list(grown) == list(range(3 * _TAIL + 5))
    assert _same(ids, frozenset(str(n) for n in range(3 * _TAIL + 5)))
    assert list(middle[0]) == list(range(_TAIL + 4)) and len(middle[1]) == _TAIL + 4
    # and trying another entry on that middle version leaves the long one alone
    assert list(middle[0].plus(-1))[-2:] == [_TAIL + 3, -1] and len(grown) == 3 * _TAIL + 5

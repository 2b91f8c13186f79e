"""A correction tried on a folder (`Folder.then`: the fold goes on from a working set it kept
before the corrected entry) gives the state the fold of the whole log gives."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mjevent.core.entries import Correction, Entry, GameFinished, HandRecorded, Note
from mjevent.core.outcomes import Draw, Hand, HandValue, Ron, Win
from mjevent.core.settings import EventSettings
from mjevent.core.state import Folder, fold
from mjevent.core.state import folder as folder_module
from tests.core.test_fold_incremental import CLUB, SANMA, T, _same, logs

HANDS = [
    Hand(Draw()),
    Hand(Ron(2, (Win(1, HandValue(3, 30)),))),
    Hand(Ron(0, (Win(0, HandValue(13, 0)),))),
]
"""A draw, 3,900 from W to S, and a hand no game can take (E ron off E)."""


@st.composite
def corrections(draw: st.DrawFn, log: list[Entry]) -> Correction:
    """A correction of an entry of `log` (or of none): a void, or an amendment (a hand to
    another hand at its table or another, a game's end to final scores, a note to a note, or an
    amendment of another kind), its reason fine or not one line of text."""
    target = draw(st.sampled_from([*log, Note(id="nowhere", at=T, text="x")]))
    reason = draw(st.sampled_from(["x", "x", "x", "bad\x07reason"]))
    replacement: Entry | None = None
    how = draw(st.integers(0, 3))
    if how == 1 and isinstance(target, HandRecorded):
        table = draw(st.sampled_from([target.table, target.table, 1, 2]))
        replacement = dataclasses.replace(target, table=table, hand=draw(st.sampled_from(HANDS)))
    elif how == 1 and isinstance(target, GameFinished):
        final = None if target.final else (40000, 30000, 30000, 20000)
        replacement = dataclasses.replace(target, final=final)
    elif how == 2:
        replacement = draw(
            st.sampled_from(
                [
                    Note(id="r", at=T, text="y"),
                    HandRecorded(id="r", at=T, round=4, table=1, hand=HANDS[0]),
                ]
            )
        )
    return Correction(
        id=f"fix{draw(st.integers(0, 2))}",
        at=T,
        target=target.id,
        reason=reason,
        replacement=replacement,
    )


def _check(sample: tuple[EventSettings, list[Entry]], data: st.DataObject) -> None:
    event = sample[0]
    log = data.draw(logs(sample))
    folder = Folder.of(event, log)
    if data.draw(st.booleans()):
        folder.state()  # made first, as the console's live fold has it
    correction = data.draw(corrections(log))
    tried = folder.then(correction)
    _same(tried.state(), fold(event, [*log, correction]))
    # The folder tried on is left as it was; what follows the correction folds on from it
    _same(folder.state(), fold(event, log))
    more = data.draw(corrections([*log, correction]))
    more = dataclasses.replace(more, id="fix9")
    hand = HandRecorded(id="after", at=T, round=4, table=1, hand=HANDS[1])
    _same(tried.then(more).then(hand).state(), fold(event, [*log, correction, more, hand]))


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.data())
def test_a_correction_folded_on_is_the_fold_of_the_whole_log(
    monkeypatch: pytest.MonkeyPatch, data: st.DataObject
) -> None:
    # A working set kept every 5 entries, so that a correction's fold goes on from the middle
    monkeypatch.setattr(folder_module, "_KEEP_EVERY", 5)
    _check(data.draw(st.sampled_from([CLUB, SANMA])), data)


def test_an_amended_hand_is_folded_on_from_a_working_set_kept_before_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # GIVEN the club sample, folded with a working set kept every 10 entries
    monkeypatch.setattr(folder_module, "_KEEP_EVERY", 10)
    event, log = CLUB
    folder = Folder.of(event, log)
    before = folder.state()
    hands = [e for e in log if isinstance(e, HandRecorded)]
    last = hands[-1]
    # WHEN its last hand is amended to a draw
    fix = Correction(
        id="fix",
        at=T,
        target=last.id,
        reason="x",
        replacement=dataclasses.replace(last, hand=Hand(Draw())),
    )
    tried = folder.then(fix)
    # THEN the fold went on from the working set kept last before that hand
    at = folder.resolved.index(last)
    kept = [k for k in folder.kept if k[0] <= at]
    assert [k for k in tried.kept if k[0] <= at] == kept
    assert at - 10 < kept[-1][0] <= at
    # AND its state is the whole log's fold, the other tables' games those of the state before
    after = tried.state()
    _same(after, fold(event, [*log, fix]))
    assert after.games[(1, 1)] is before.games[(1, 1)]
    assert after.game(last.round, last.table) != before.game(last.round, last.table)

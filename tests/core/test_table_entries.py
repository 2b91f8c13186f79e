"""Table entries in the fold: only a confirmed, approved or direct entry counts in the game."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from mjevent.core.entries import (
    Correction,
    Entry,
    GameFinished,
    HandRecorded,
    TableEntryApproved,
    TableEntryConfirmed,
    TableEntryRejected,
    TableEntrySubmitted,
)
from mjevent.core.entry_reader import entry_from_record, read_log
from mjevent.core.outcomes import Draw, Hand, HandValue, Ron, Tsumo, Win
from mjevent.core.replay import replay
from mjevent.core.settings import settings_from_dict
from mjevent.core.state import EventState, fold
from mjevent.core.state_standings import standings_from_state

AT = "2026-12-05T10:00:00+00:00"
SETTINGS: dict[str, Any] = {
    "event": {"name": "Cup", "format_version": 1},
    "rules": {"preset": "ema2016"},
    "players": [{"id": f"p{i}", "name": n} for i, n in enumerate(["Ana", "Ben", "Cai", "Dee"], 1)],
    "seating": {"rounds": [{"round": 1, "tables": [["p1", "p2", "p3", "p4"]]}]},
}
EVENT = settings_from_dict(SETTINGS)
RON = Hand(Ron(loser=2, wins=(Win(1, HandValue(3, 30)),)), riichi=frozenset({0}))
TSUMO = Hand(Tsumo(Win(3, HandValue(2, 40))))


def submitted(
    id: str, seat: str, hand: Hand = RON, *, mode: str = "confirm", hands: int = 0
) -> TableEntrySubmitted:
    line = "ron S<-W 3/30 r:E" if hand == RON else "tsumo N 2/40"
    players = {"E": "p1", "S": "p2", "W": "p3", "N": "p4"}
    return TableEntrySubmitted(
        id=id,
        at=AT,
        round=1,
        table=1,
        seat=seat,
        line=line,
        mode=mode,
        player=players[seat],
        hands=hands,
        entry=HandRecorded(id=id, at=AT, round=1, table=1, hand=hand),
    )


def confirmed(id: str, target: str, seat: str) -> TableEntryConfirmed:
    players = {"E": "p1", "S": "p2", "W": "p3", "N": "p4"}
    return TableEntryConfirmed(id=id, at=AT, target=target, seat=seat, player=players[seat])


def state_of(*entries: Entry) -> EventState:
    return fold(EVENT, entries)


def scores(state: EventState) -> tuple[int, ...] | None:
    game = state.game(1, 1)
    return None if game is None or game.state is None else game.state.scores


def test_a_pending_entry_does_not_count() -> None:
    state = state_of(submitted("a1", "E"))
    assert state.game(1, 1) is None
    assert list(state.pending) == ["a1"]
    assert state.problems == ()


def test_confirmed_by_another_seat_it_counts_as_a_console_hand_under_the_confirmation_id() -> None:
    state = state_of(submitted("a1", "E"), confirmed("c1", "a1", "S"))
    assert scores(state) == (29000, 34900, 26100, 30000)
    game = state.game(1, 1)
    assert game is not None and [h.entry for h in game.hands] == ["c1"]
    assert state.pending == {}
    assert state.settled == {"a1": ("confirmed", "c1")}
    # What standings, stats and replay read: the hand itself, in the confirmation's place.
    assert state.entries[-1] == HandRecorded(id="c1", at=AT, round=1, table=1, hand=RON)
    console = state_of(HandRecorded(id="c1", at=AT, round=1, table=1, hand=RON))
    assert game.hands == console.game(1, 1).hands  # type: ignore[union-attr]


def test_the_seat_that_entered_it_cannot_confirm_it() -> None:
    state = state_of(submitted("a1", "E"), confirmed("c1", "a1", "E"))
    assert state.game(1, 1) is None
    assert [str(p) for p in state.problems] == [
        "entry c1: seat E entered it: another seat at the table confirms it"
    ]
    assert list(state.pending) == ["a1"]


def test_a_second_different_entry_for_the_same_hand_is_a_conflict_neither_counts() -> None:
    state = state_of(submitted("a1", "E"), submitted("a2", "N", TSUMO))
    assert state.conflicts("a1") == ("a2",)
    assert state.conflicts("a2") == ("a1",)
    assert state.problems == ()
    refused = state_of(
        submitted("a1", "E"), submitted("a2", "N", TSUMO), confirmed("c1", "a1", "S")
    )
    assert refused.game(1, 1) is None
    assert [p.message for p in refused.problems] == [
        "another entry says something else for the same hand: the director approves one of "
        "them (or rejects both)"
    ]


def test_the_same_entry_twice_is_no_conflict() -> None:
    state = state_of(submitted("a1", "E"), submitted("a2", "N"))
    assert state.conflicts("a1") == ()


def test_the_director_approves_one_of_a_conflict_and_the_other_loses() -> None:
    state = state_of(
        submitted("a1", "E"),
        submitted("a2", "N", TSUMO),
        TableEntryApproved(id="d1", at=AT, target="a2"),
    )
    assert scores(state) == (28700, 29300, 29300, 32700)
    assert state.pending == {}
    assert state.settled == {"a2": ("approved", "d1"), "a1": ("lost", "d1")}
    again = state_of(
        submitted("a1", "E"),
        submitted("a2", "N", TSUMO),
        TableEntryApproved(id="d1", at=AT, target="a2"),
        confirmed("c1", "a1", "S"),
    )
    assert [p.message for p in again.problems] == [
        "table entry a1 lost to another entry for the same hand, which counts (entry d1)"
    ]


def test_a_rejected_entry_never_counts_and_cannot_be_confirmed_later() -> None:
    state = state_of(
        submitted("a1", "E"),
        TableEntryRejected(id="x1", at=AT, target="a1", reason="typo"),
        confirmed("c1", "a1", "S"),
    )
    assert state.game(1, 1) is None
    assert state.settled == {"a1": ("rejected", "x1")}
    assert [p.message for p in state.problems] == ["table entry a1 was rejected by entry x1"]


def test_direct_mode_counts_at_once_under_the_entry_own_id() -> None:
    state = state_of(submitted("a1", "E", mode="direct"))
    assert scores(state) == (29000, 34900, 26100, 30000)
    assert state.settled == {"a1": ("direct", "a1")}
    assert state.entries[-1] == HandRecorded(id="a1", at=AT, round=1, table=1, hand=RON)


def test_director_mode_needs_the_director() -> None:
    state = state_of(submitted("a1", "E", mode="director"), confirmed("c1", "a1", "S"))
    assert state.game(1, 1) is None
    assert [p.message for p in state.problems] == [
        "this entry waits for the director's approval (the event's table_entry is \"director\")"
    ]
    approved = state_of(
        submitted("a1", "E", mode="director"), TableEntryApproved(id="d1", at=AT, target="a1")
    )
    assert scores(approved) == (29000, 34900, 26100, 30000)


def test_an_entry_made_before_the_game_moved_on_no_longer_fits() -> None:
    console = HandRecorded(id="h1", at=AT, round=1, table=1, hand=Hand(Draw(frozenset())))
    state = state_of(submitted("a1", "E"), console, confirmed("c1", "a1", "S"))
    assert [p.message for p in state.problems] == [
        "table entry a1 was made after 0 entries at round 1 table 1, which now has 1: the "
        "game moved on meanwhile. Fix: reject it, and enter the hand again if it is still missing"
    ]
    assert len(state.game(1, 1).hands) == 1  # type: ignore[union-attr]


def test_voiding_the_confirmation_makes_the_entry_pending_again() -> None:
    state = state_of(
        submitted("a1", "E"),
        confirmed("c1", "a1", "S"),
        Correction(id="v1", at=AT, target="c1", reason="wrong winner"),
    )
    assert list(state.pending) == ["a1"]
    game = state.game(1, 1)
    assert game is None or game.hands == ()


def test_a_table_entry_reads_back_from_its_record() -> None:
    entry = submitted("a1", "W", hands=3)
    assert entry_from_record(entry.to_record()) == entry
    final = TableEntrySubmitted(
        id="a2",
        at=AT,
        round=1,
        table=1,
        seat="E",
        line="final 40000 30000 20000 10000",
        entry=GameFinished(id="a2", at=AT, round=1, table=1, final=(40000, 30000, 20000, 10000)),
    )
    assert entry_from_record(final.to_record()) == final


def test_replay_says_who_entered_and_who_confirmed() -> None:
    records = [
        submitted("a1", "E").to_record(),
        confirmed("c1", "a1", "S").to_record(),
        submitted("a2", "N", TSUMO, mode="director", hands=1).to_record(),
        TableEntryApproved(id="d1", at=AT, target="a2").to_record(),
    ]
    entries, problems = read_log(records)
    state = fold(EVENT, entries, problems=problems)
    story = replay(state, records, entries, lambda: standings_from_state(state, None, entries))
    assert [e.text for e in story.events] == [
        "r1 t1: E Ana entered ron S<-W 3/30 r:E (for another seat to confirm)",
        "r1 t1 ron S<-W 3/30 r:E            East 1, 0 honba    Ana -1,000  Ben +4,900  "
        "Cai -3,900  ->  29,000 / 34,900 / 26,100 / 30,000\n"
        "    entered at the table by E Ana, confirmed by S Ben",
        "r1 t1: N Dee entered tsumo N 2/40 (for the director to approve)",
        "r1 t1 tsumo N 2/40                 East 2, 0 honba    Ana -700  Ben -1,300  "
        "Cai -700  Dee +2,700  ->  28,300 / 33,600 / 25,400 / 32,700\n"
        "    entered at the table by N Dee, approved by the director",
    ]
    assert story.events[1].data["table_entry"] == {
        "id": "a1",
        "typed": "ron S<-W 3/30 r:E",
        "seat": "E",
        "player": "p1",
        "confirmed_by": {"seat": "S", "player": "p2"},
    }


# --- Nothing submitted is lost ---------------------------------------------------------------

HANDS = [RON, TSUMO, Hand(Draw(frozenset({0, 2})))]
SEATS = "ESWN"

steps = st.lists(
    st.tuples(
        st.sampled_from(["submit", "confirm", "approve", "reject"]),
        st.integers(0, 2),  # which hand / which earlier submission
        st.sampled_from(SEATS),
        st.sampled_from(["confirm", "director", "direct"]),
    ),
    max_size=14,
)


@settings(max_examples=150, deadline=None)
@given(steps)
def test_every_table_entry_is_pending_or_settled_and_only_accepted_ones_count(
    plan: list[tuple[str, int, str, str]],
) -> None:
    entries: list[Entry] = []
    subs: list[str] = []
    for i, (action, which, seat, mode) in enumerate(plan):
        state = fold(EVENT, entries)
        game = state.game(1, 1)
        played = 0 if game is None else len(game.hands) + (game.finished is not None)
        if action == "submit" or not subs:
            subs.append(f"s{i}")
            entries.append(submitted(f"s{i}", seat, HANDS[which], mode=mode, hands=played))
        elif action == "confirm":
            entries.append(confirmed(f"c{i}", subs[which % len(subs)], seat))
        elif action == "approve":
            entries.append(TableEntryApproved(id=f"d{i}", at=AT, target=subs[which % len(subs)]))
        else:
            entries.append(
                TableEntryRejected(id=f"x{i}", at=AT, target=subs[which % len(subs)], reason="no")
            )
    state = fold(EVENT, entries)
    assert set(state.pending) | set(state.settled) == set(subs)
    assert not set(state.pending) & set(state.settled)
    counted = [
        by for how, by in state.settled.values() if how in ("confirmed", "approved", "direct")
    ]
    game = state.game(1, 1)
    assert sorted(counted) == sorted(h.entry for h in (game.hands if game else ()))
    # The incremental fold (a console appending one entry at a time) agrees.
    from mjevent.core.state import Folder

    folder = Folder.of(EVENT, [])
    for entry in entries:
        folder = folder.then(entry)
    assert folder.state().settled == state.settled
    assert folder.state().pending == state.pending
    assert folder.state().entries == state.entries

"""Folding entry by entry (`Folder.then`) gives the state `fold` gives for the whole log."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from mjevent.core.entries import (
    Correction,
    Entry,
    GameFinished,
    HandRecorded,
    Note,
    PlayerCheckedIn,
    PlayerReturned,
    PlayerSubstituted,
    PlayerWithdrawn,
    SeatsSwapped,
    TableReseated,
    TimeCalled,
)
from mjevent.core.event import EventSettings
from mjevent.core.outcomes import AbortiveDraw, ChomboHand, Draw, Hand, HandValue, Ron, Tsumo, Win
from mjevent.core.state import EventState, Folder, fold
from mjevent.events.session import read_log
from mjevent.events.store import EventStore

SAMPLES = Path(__file__).parents[2] / "samples"
T = "2026-03-14T17:00:00+00:00"


def _sample(name: str) -> tuple[EventSettings, list[Entry]]:
    store = EventStore.open(SAMPLES / name)
    entries, problems = read_log(store.log)
    assert problems == []
    return store.event, entries


CLUB = _sample("club.toml")
SANMA = _sample("sanma.toml")


def _same(a: EventState, b: EventState) -> None:
    assert a.games == b.games
    assert list(a.games) == list(b.games)  # in (round, table) order
    assert a.problems == b.problems
    assert a.players == b.players
    assert a.seating == b.seating
    assert a.clocks == b.clocks
    assert (a.penalties, a.notes, a.entries) == (b.penalties, b.notes, b.entries)
    assert (a.voided, a.log_ids) == (b.voided, b.log_ids)
    assert a.current_round == b.current_round
    assert a.presence == b.presence


def _incremental(event: EventSettings, log: list[Entry]) -> EventState:
    folder = Folder.of(event, [])
    for n, entry in enumerate(log):
        if n % 2 == 0:
            # A trial that is thrown away (a refused command) must leave the folder as it was.
            folder.then(dataclasses.replace(entry, id=f"trial{n}")).state()
        # A state made after most entries (as a console does), not after some (as a batch of
        # another process's entries is read).
        later = folder.then(entry)
        if n % 3:
            assert later.state() is not folder.state()
        folder = later
    return folder.state()


seat = st.integers(0, 3)
value = st.builds(HandValue, st.integers(1, 6), st.sampled_from([0, 25, 30, 40]), st.just(0))
outcome = st.one_of(
    st.builds(Ron, seat, st.lists(st.builds(Win, seat, value), min_size=1, max_size=2)
              .map(tuple)),
    st.builds(Tsumo, st.builds(Win, seat, value)),
    st.builds(Draw, st.frozensets(seat)),
    st.just(AbortiveDraw("kyuushu")),
    st.builds(ChomboHand, seat),
)


@st.composite
def logs(draw: st.DrawFn, sample: tuple[EventSettings, list[Entry]]) -> list[Entry]:
    """The sample's log, cut short, with entries dropped, and new entries (hands, ends,
    corrections, withdrawals, swaps, re-seats, time calls, a retried id) put in anywhere."""
    event, entries = sample
    players = [p.id for p in event.players]
    # The samples are seated by a `seating_set` entry (make_samples.py), not in the settings.
    seated = fold(event, entries).seating
    rounds = sorted(seated)
    log = list(entries[: draw(st.integers(0, len(entries)))])
    for _ in range(draw(st.integers(0, 4))):
        if log:
            del log[draw(st.integers(0, len(log) - 1))]
    new: list[Entry] = []
    for n in range(draw(st.integers(0, 12))):
        ids = [e.id for e in log + new]
        rnd = draw(st.sampled_from(rounds))
        table = draw(st.integers(1, 5))
        kind = draw(st.integers(0, 9))
        entry_id = f"new{n}"
        made: Entry
        if kind <= 3 or not ids:
            made = HandRecorded(id=entry_id, at=T, round=rnd, table=table,
                                hand=Hand(draw(outcome), draw(st.frozensets(seat))))
        elif kind == 4:
            made = GameFinished(id=entry_id, at=T, round=rnd, table=table)
        elif kind == 5:
            target = draw(st.sampled_from(ids))
            made = Correction(id=entry_id, at=T, target=target, reason="x")
        elif kind == 6:
            player = draw(st.sampled_from(players))
            made = draw(st.sampled_from([
                PlayerWithdrawn(id=entry_id, at=T, player=player, from_round=rnd),
                PlayerReturned(id=entry_id, at=T, player=player, from_round=rnd),
                PlayerCheckedIn(id=entry_id, at=T, player=player, round=rnd,
                                present=draw(st.booleans())),
            ]))
        elif kind == 7:
            a, b = draw(st.sampled_from(players)), draw(st.sampled_from(players))
            made = SeatsSwapped(id=entry_id, at=T, round=rnd, a=a, b=b)
        elif kind == 8:
            seats = seated[rounds[0]][0]
            choices: list[Entry] = [
                TableReseated(id=entry_id, at=T, round=rnd, table=table,
                              seats=tuple(reversed(seats))),
                TimeCalled(id=entry_id, at=T, round=rnd, table=draw(st.none() | st.just(table))),
                PlayerSubstituted(id=entry_id, at=T, round=rnd, table=table,
                                  player=seats[0], substitute="Sub"),
            ]
            made = draw(st.sampled_from(choices))
        else:
            # An id already in the log: the same entry again, or another one under its id.
            old = draw(st.sampled_from(log + new)) if log + new else None
            made = (
                Note(id=entry_id, at=T, text="x")
                if old is None
                else draw(st.sampled_from([old, dataclasses.replace(old, at="2026-03-15")]))
            )
        new.append(made)
    for entry in new:
        log.insert(draw(st.integers(len(log) // 2, len(log))), entry)
    return log


@settings(max_examples=60, deadline=None)
@given(logs(CLUB))
def test_club_folded_entry_by_entry_is_the_fold_of_the_whole_log(log: list[Entry]) -> None:
    _same(_incremental(CLUB[0], log), fold(CLUB[0], log))


@settings(max_examples=40, deadline=None)
@given(logs(SANMA))
def test_sanma_folded_entry_by_entry_is_the_fold_of_the_whole_log(log: list[Entry]) -> None:
    _same(_incremental(SANMA[0], log), fold(SANMA[0], log))


def test_then_leaves_the_folder_it_was_given_unchanged() -> None:
    event, entries = CLUB
    folder = Folder.of(event, entries)
    before = folder.state()
    hand = HandRecorded(id="x1", at=T, round=4, table=1,
                        hand=Hand(Ron(2, (Win(1, HandValue(3, 30)),))))
    later = folder.then(hand).then(dataclasses.replace(hand, id="x2"))
    # 3 900, then 5 800 to South dealing. The first folder still gives its state, and a new
    # entry on it starts from there.
    assert folder.state() is before
    assert before.game(4, 1) is None
    again = folder.then(dataclasses.replace(hand, id="x3")).state().game(4, 1)
    assert again is not None and [h.entry for h in again.hands] == ["x3"]
    game = later.state().game(4, 1)
    assert game is not None and [h.entry for h in game.hands] == ["x1", "x2"]
    assert game.state is not None and game.state.scores == (30000, 39700, 20300, 30000)
    # Unchanged tables are the very values of the state before (made once, shared).
    assert later.state().games[(1, 1)] is before.games[(1, 1)]

"""`EventSession`: the one owner of an open event. Commands run on it with its clock and keep
its fold alive; refresh folds on what another process appended; standings and numbers are
brought up to date, and equal what a fresh computation gives."""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

from mjevent.core.entries import GameFinished, HandRecorded, Note
from mjevent.core.entry_reader import read_log
from mjevent.core.state import fold
from mjevent.core.state_standings import standings_from_state
from mjevent.core.stats import stats_from_state
from mjevent.events.commands import add_note, current_state, record_line
from mjevent.events.session import EventSession
from mjevent.events.store import EventStore

SAMPLES = Path(__file__).parents[2] / "samples"
NOON = dt.datetime(2026, 3, 14, 12, 0, tzinfo=dt.UTC)


def fixed_clock() -> dt.datetime:
    return NOON


def _club(tmp_path: Path) -> Path:
    return Path(shutil.copy(SAMPLES / "club.toml", tmp_path / "club.toml"))


def test_run_records_with_the_session_clock_and_keeps_the_new_state(tmp_path: Path) -> None:
    club = _club(tmp_path)
    session = EventSession.open(club, clock=fixed_clock)
    before = session.state
    state = session.run(record_line, "t1 ron S<-W 3/30")
    assert state is session.state and state is not before
    entries, _ = read_log(EventStore.open(club).log)
    assert isinstance(entries[-1], HandRecorded)
    assert entries[-1].at == "2026-03-14T12:00:00+00:00"
    assert session.entries[-1] == entries[-1]


def test_run_takes_a_reading_command_without_a_clock(tmp_path: Path) -> None:
    session = EventSession.open(_club(tmp_path), clock=fixed_clock)
    assert session.run(current_state) is session.state


def test_a_command_on_the_session_folds_one_entry_on_the_live_fold(tmp_path: Path) -> None:
    session = EventSession.open(_club(tmp_path), clock=fixed_clock)
    folder = session.folder()
    state = add_note(session, "doors open", clock=fixed_clock)
    # The new fold is the old one with the note: the log was not folded again.
    assert session.folder().log[:-1] == folder.log and session.folder() is not folder
    assert state is session.state and [n.text for n in state.notes][-1] == "doors open"
    again = fold(session.store.event, read_log(session.store.log)[0])
    assert (state.games, state.notes, state.entries) == (again.games, again.notes, again.entries)


def test_refresh_reads_another_process_append_once(tmp_path: Path) -> None:
    club = _club(tmp_path)
    session = EventSession.open(club, clock=fixed_clock)
    assert session.refresh() is False
    record_line(EventStore.open(club), "t2 draw", clock=fixed_clock)
    assert session.refresh() is True
    game = session.state.game(4, 2)
    assert game is not None and len(game.hands) == 1
    assert session.refresh() is False


def test_try_entry_leaves_the_live_fold_as_it_was(tmp_path: Path) -> None:
    session = EventSession.open(_club(tmp_path), clock=fixed_clock)
    before = session.state
    note = Note(id="n-try", at="2026-03-14T12:00:00+00:00", text="tried")
    after = session.try_entry(note).state()
    assert [n.text for n in after.notes][-1] == "tried"
    assert session.state is before and "n-try" not in session.state.log_ids


def test_standings_and_stats_follow_each_change_as_a_fresh_computation(tmp_path: Path) -> None:
    session = EventSession.open(_club(tmp_path), clock=fixed_clock)
    first = session.standings()
    assert session.standings() is first  # one computation per state
    numbers = session.stats()
    session.run(record_line, "t1 ron S<-W 3/30")
    session.run(record_line, "t3 final 41200 28800 22100 27900")
    state = session.state
    fresh = standings_from_state(state, state.settings.standings_config(), state.entries)
    rows = [(r.place_label, r.player, r.total) for r in session.standings().rows]
    assert rows == [(r.place_label, r.player, r.total) for r in fresh.rows]
    assert session.standings() is not first
    assert session.stats() is not numbers
    assert session.stats().players == stats_from_state(state).players


def test_the_standings_of_a_tried_entry_never_evict_the_live_ones(tmp_path: Path) -> None:
    session = EventSession.open(_club(tmp_path), clock=fixed_clock)
    live = session.standings()
    sheet = GameFinished(
        id="f-try", at="2026-03-14T12:00:00+00:00", round=4, table=3,
        final=(41200, 28800, 22100, 27900),
    )
    trial = session.try_entry(sheet).state()
    tried = session.standings(trial)
    fresh = standings_from_state(trial, trial.settings.standings_config(), trial.entries)
    assert [(r.player, r.total) for r in tried.rows] == [(r.player, r.total) for r in fresh.rows]
    assert [(r.player, r.total) for r in tried.rows] != [(r.player, r.total) for r in live.rows]
    # The live state's standings are still the ones kept: not computed again.
    assert session.standings() is live

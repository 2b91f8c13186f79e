"""`EventSession`: commands run on the store with the session's clock; refresh reads what
another process appended."""

from __future__ import annotations

from pathlib import Path

from mjevent.core.entries import HandRecorded
from mjevent.core.entry_reader import read_log
from mjevent.events.commands import current_state, record_line
from mjevent.events.store import EventStore
from mjevent.tui.console.session import EventSession

from .conftest import fixed_clock


def test_run_records_with_the_session_clock_and_keeps_the_new_state(club: Path) -> None:
    session = EventSession(club, clock=fixed_clock)
    before = session.state
    state = session.run(record_line, "t1 ron S<-W 3/30")
    assert state is session.state and state is not before
    entries, _ = read_log(EventStore.open(club).log)
    assert isinstance(entries[-1], HandRecorded)
    assert entries[-1].at == "2026-03-14T12:00:00+00:00"


def test_run_takes_a_reading_command_without_a_clock(club: Path) -> None:
    session = EventSession(club, clock=fixed_clock)
    assert session.run(current_state) is session.state


def test_refresh_reads_another_process_append_once(club: Path) -> None:
    session = EventSession(club, clock=fixed_clock)
    assert session.refresh() is False
    record_line(EventStore.open(club), "t2 draw", clock=fixed_clock)
    assert session.refresh() is True
    game = session.state.game(4, 2)
    assert game is not None and len(game.hands) == 1
    assert session.refresh() is False

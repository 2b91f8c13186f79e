"""Snapshots of the console's main screens at 80x24 and 160x50 (pytest-textual-snapshot).

Each app runs on a temp copy of samples/club.toml where round 4 has one table playing (after
two hands), one finished by its final scores and two not started; no file polling, no cursor
blink, entries stamped by the fixed clock. Update with `pytest tests/tui/test_snapshots.py
--snapshot-update` after reading the report of what changed.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from mjevent.events.commands import record_line
from mjevent.events.store import EventStore
from tests.event_end_helpers import event_file

from .conftest import fixed_clock, make_app

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((160, 50), id="160x50")]
SnapCompare = Callable[..., bool]


def _event(club: Path) -> Path:
    store = EventStore.open(club)
    for line in ("t1 ron S<-W 3/30 r:E,S", "t1 draw tenpai:E,N r:W",
                 "t2 final 41200 28800 22100 27900"):
        record_line(store, line, clock=fixed_clock)
    return club


async def _still(pilot: Pilot[Any]) -> None:
    # No blinking cursor in a snapshot.
    for widget in pilot.app.screen.query(Input):
        widget.cursor_blink = False
    await pilot.pause()


def _keys(text: str) -> list[str]:
    return [("space" if c == " " else c) for c in text]


@pytest.mark.parametrize("size", SIZES)
def test_overview(snap_compare: SnapCompare, club: Path, size: tuple[int, int]) -> None:
    """The overview of round 4: table 1 playing (E3 1h 1r: East 3, 1 honba, a riichi stick;
    scores in hundreds), table 2 finished (points with uma and oka, "done, E 1st"), tables 3
    and 4 not started; "1/4 tables finished"; the entry line focused with its hint."""
    assert snap_compare(make_app(_event(club)), terminal_size=size, run_before=_still)


@pytest.mark.parametrize("size", SIZES)
def test_entry_preview(snap_compare: SnapCompare, club: Path, size: tuple[int, int]) -> None:
    """`t3 tsumo N 4/30 r:N` typed, not entered: the preview lists the four seats of table 3
    with 30 000 -> the score after, N's riichi, who pays N, and the next dealer (S)."""
    assert snap_compare(make_app(_event(club)), press=_keys("t3 tsumo N 4/30 r:N"),
                        terminal_size=size, run_before=_still)


@pytest.mark.parametrize("size", SIZES)
def test_table_view(snap_compare: SnapCompare, club: Path, size: tuple[int, int]) -> None:
    """Table 1 opened by typing `t1` and Enter: two hands with their lines and the running
    scores, "playing: East 3, 1 honba", the line for the next hand, the table's keys."""

    async def open_table(pilot: Pilot[Any]) -> None:
        await pilot.press("t", "1", "enter")
        await _still(pilot)

    assert snap_compare(make_app(_event(club)), terminal_size=size, run_before=open_table)


@pytest.mark.parametrize("size", SIZES)
def test_help(snap_compare: SnapCompare, club: Path, size: tuple[int, int]) -> None:
    """F1 on the overview: every key with its description, binding id and tooltip."""

    async def help_screen(pilot: Pilot[Any]) -> None:
        await _still(pilot)
        await pilot.press("f1")
        await pilot.pause()

    assert snap_compare(make_app(_event(club)), terminal_size=size, run_before=help_screen)


def test_finished_event_overview(snap_compare: SnapCompare, tmp_path: Path) -> None:
    """The last table of the last planned round has its result: "Round 2 of 2", the event is
    finished (ctrl+g prize-giving, F3 every place), the podium, the tables of round 2 done."""
    path = event_file(tmp_path / "cup.toml")
    assert snap_compare(make_app(path), terminal_size=(80, 24), run_before=_still)


def test_prizegiving(snap_compare: SnapCompare, tmp_path: Path) -> None:
    """ctrl+g, then space five times: 5/8 places revealed, from 8th (Hal) up to 4-5 (Bo), the
    last revealed on top and highlighted; the keys in the footer."""
    path = event_file(tmp_path / "cup.toml")
    assert snap_compare(make_app(path), press=["ctrl+g", *["space"] * 5],
                        terminal_size=(80, 24), run_before=_still)


def test_timer(snap_compare: SnapCompare, club: Path) -> None:
    """F7 at 80x24: round 4 not started, its big clock and the tables' lines; the footer with
    the timer's keys, F1 and the modes F2-F7."""
    assert snap_compare(make_app(_event(club)), press=["f7"], terminal_size=(80, 24),
                        run_before=_still)


def test_hand_form(snap_compare: SnapCompare, club: Path) -> None:
    """f on table 1 at 80x24: outcome, winner, loser, han and fu, then the riichi and tenpai
    boxes two a row (North's inside the box), the line it builds and its preview, the buttons."""

    async def open_form(pilot: Pilot[Any]) -> None:
        await pilot.press("t", "1", "enter")
        await pilot.pause()
        await pilot.press("f")
        await _still(pilot)

    assert snap_compare(make_app(_event(club)), terminal_size=(80, 24), run_before=open_form)


def test_amend_preview(snap_compare: SnapCompare, club: Path) -> None:
    """a on table 1's first hand, its 3/30 made 5/30: the line without `t1`, the preview of the
    hand from 30,000 each, E's and S's sticks, and the note that the draw after it is played
    again from these scores."""

    async def amend(pilot: Pilot[Any]) -> None:
        await pilot.press("t", "1", "enter")
        await pilot.pause()
        await pilot.press("up", "a")
        await pilot.press(*["left"] * 9)
        await pilot.press("backspace", "5")
        await pilot.app.workers.wait_for_complete()  # the preview is worked out in a worker
        await _still(pilot)

    assert snap_compare(make_app(_event(club)), terminal_size=(80, 24), run_before=amend)


def test_game_over_preview(snap_compare: SnapCompare, club: Path) -> None:
    """`t3 final ...` typed at 80x24: the total adds up, the game's end wraps two cells in,
    and a blank line stays before the tables."""
    assert snap_compare(make_app(_event(club)), press=_keys("t3 final 41200 28800 22100 27900"),
                        terminal_size=(80, 24), run_before=_still)

"""The overview's clock column with a fake clock: each table's remaining time once the round's
clock has started, late tables flagged in the list and under "Needs attention", what the time
call means at each table, and a tick that touches only the clock cells.

GIVEN round 4 of a temp copy of samples/club.toml (EMA rules, 90-minute rounds) with table 1
playing (two hands), table 2 finished and tables 3 and 4 not started, WHEN the round's clock is
started, extended and called through `events.commands` and the fake clock moves, THEN the rows
and the attention list read exactly as below, and the file holds the clock entries.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from rich.color import Color
from rich.style import Style
from rich.text import Text

from mjevent.events.commands import (
    call_time_for,
    extend_round,
    pause_round,
    record_line,
    start_round,
)
from mjevent.events.store import EventStore
from mjevent.tui.console.app import MjeventApp
from mjevent.tui.console.screens import overview
from mjevent.tui.console.screens.overview import OverviewScreen
from mjevent.tui.console.widgets.table_list import TableList

from .conftest import NOON, FakeClock, fixed_clock, screen_text
from .test_console import type_line

AT_NOON = "2026-03-14T12:00:00+00:00"


def _event(club: Path, *, start: str | None = AT_NOON) -> Path:
    """Round 4 as in the snapshots (table 1 at East 3, table 2 finished), its clock started
    at `start` (None: not started)."""
    store = EventStore.open(club)
    for line in ("t1 ron S<-W 3/30 r:E,S", "t1 draw tenpai:E,N r:W",
                 "t2 final 41200 28800 22100 27900"):
        record_line(store, line, clock=fixed_clock)
    if start is not None:
        start_round(store, 4, at=start)
    return club


def _app(path: Path, clock: FakeClock) -> MjeventApp:
    return MjeventApp(path, clock=clock, poll_seconds=None)


def _overview(app: MjeventApp) -> OverviewScreen:
    screen = app.screen
    assert isinstance(screen, OverviewScreen)
    return screen


async def _tick(app: MjeventApp, pilot: Any) -> None:
    """One tick of the overview's clock (the screen's one-second timer calls the same)."""
    _overview(app).tick_clock()
    await pilot.pause()


def rows_on_screen(app: MjeventApp) -> list[str]:
    """The list of tables as the terminal shows it: the header line and every row line."""
    lines = [line.rstrip() for line in screen_text(app).splitlines()]
    start = next(i for i, line in enumerate(lines) if line.startswith(" T "))
    end = next(i for i, line in enumerate(lines)
               if line.startswith((" Needs attention", " Nothing needs attention")))
    return [line for line in lines[start:end] if line]


def attention_on_screen(app: MjeventApp) -> list[str]:
    """The attention list under the tables, line by line, down to the footer (the last row; its
    keys may be drawn a frame later on a busy machine, so they are not what ends the list)."""
    lines = [line.strip() for line in screen_text(app).splitlines()]
    start = next(i for i, line in enumerate(lines)
                 if line.startswith(("Needs attention", "Nothing needs attention")))
    return lines[start:app.size.height - 1]


def states_on_screen(app: MjeventApp) -> list[str]:
    """The State column of the rows on screen (both lines of each table), from the 63rd
    terminal cell on (names in CJK take two cells each)."""
    states: list[str] = []
    for line in rows_on_screen(app)[1:]:
        cells = 0
        for index, char in enumerate(line):
            if cells >= 62:
                states.append(line[index:])
                break
            cells += cell_len(char)
        else:
            states.append("")
    return states


def clock_kinds(path: Path) -> list[tuple[str, int | None, str]]:
    """(kind, table, at) of round 4's clock entries, as a fresh process reads the file."""
    kinds = {"round_started", "round_paused", "round_resumed", "round_extended", "time_called"}
    return [(r["kind"], r.get("table"), r["at"]) for r in EventStore.open(path).log
            if r["kind"] in kinds and r.get("round") == 4]


async def test_before_the_clock_starts_the_rows_are_as_before(club: Path) -> None:
    app = _app(_event(club, start=None), FakeClock())
    async with app.run_test(size=(80, 30)) as pilot:
        await _tick(app, pilot)
        assert rows_on_screen(app) == [
            " T    E             S             W             N             State",
            " 1    Nguyễn Thị…   佐々木 蓮     Mateusz Wiś…  João Gonçal…  E3 1h 1r",
            "      305           334           236           315",
            " 2    Pieter de V…  Lars Øverga…  王 芳         Sanna Järvi…  done, E 1st",
            "      +26.2         +3.8          -22.9         -7.1",
            " 3    Aoife Ní Bh…  田中 優希     Sophie Müll…  김서연        not started",
            " 4    Javier Sánc…  Ömer Yıldız   Emma Johans…  Chloé Lefèv…  not started",  # noqa: RUF001
        ]
        assert attention_on_screen(app) == ["Nothing needs attention"]


async def test_at_80_columns_the_clock_is_the_state_cells_second_line(club: Path) -> None:
    clock = FakeClock(NOON)
    app = _app(_event(club), clock)
    async with app.run_test(size=(80, 30)) as pilot:
        # GIVEN the round started at noon: every table has 1:30:00, the finished one is done
        await pilot.pause()
        assert rows_on_screen(app) == [
            " T    E             S             W             N             State",
            " 1    Nguyễn Thị…   佐々木 蓮     Mateusz Wiś…  João Gonçal…  E3 1h 1r",
            "      305           334           236           315           1:30:00",
            " 2    Pieter de V…  Lars Øverga…  王 芳         Sanna Järvi…  done, E 1st",
            "      +26.2         +3.8          -22.9         -7.1          done",
            " 3    Aoife Ní Bh…  田中 優希     Sophie Müll…  김서연        not started",
            "                                                              1:30:00",
            " 4    Javier Sánc…  Ömer Yıldız   Emma Johans…  Chloé Lefèv…  not started",  # noqa: RUF001
            "                                                              1:30:00",
        ]
        assert attention_on_screen(app) == ["Nothing needs attention"]

        # WHEN table 3 sat down late and gets 5 minutes of its own, and 55 minutes pass
        clock.advance(minutes=5)
        app.run_command(extend_round, 4, 300, 3)
        clock.advance(minutes=50)
        await _tick(app, pilot)
        # THEN the clocks count down, table 3's with its own extra time, which needs attention
        assert states_on_screen(app) == [
            "E3 1h 1r", "35:00", "done, E 1st", "done",
            "not started", "40:00 (+5:00)", "not started", "35:00",
        ]
        assert attention_on_screen(app) == ["Needs attention: table 3: +5:00 extra"]

        # WHEN the round's 90 minutes are over
        clock.advance(minutes=36)
        await _tick(app, pilot)
        # THEN the tables without a result are "time up", table 3 has 4 minutes more
        assert states_on_screen(app) == [
            "E3 1h 1r", "time up", "done, E 1st", "done",
            "not started", "4:00 (+5:00)", "not started", "time up",
        ]
        assert attention_on_screen(app) == [
            "Needs attention: table 1: time up",
            "table 3: +5:00 extra",
            "table 4: time up",
        ]

        # WHEN the director calls time (the gong)
        app.run_command(call_time_for, 4)
        await pilot.pause()
        # THEN each table shows what the call means there (EMA: this hand and one more)
        assert states_on_screen(app) == [
            "E3 1h 1r", "one more hand", "done, E 1st", "done",
            "not started", "one more hand", "not started", "one more hand",
        ]
        assert attention_on_screen(app) == [
            "Needs attention: table 1: time called, still playing",
            "table 3: time called, still playing",
            "table 4: time called, still playing",
        ]

        # WHEN table 1 finishes the hand in progress (typed on the entry line)
        await type_line(pilot, "t1 draw tenpai:E")
        # THEN it has its last hand to play (E alone tenpai takes 1,000 from each)
        assert rows_on_screen(app)[1:3] == [
            " 1    Nguyễn Thị…   佐々木 蓮     Mateusz Wiś…  João Gonçal…  E4 2h 1r",
            "      335           324           226           305           last hand",
        ]
        # and the file holds the clock entries, stamped by the console's clock
        assert clock_kinds(club) == [
            ("round_started", None, AT_NOON),
            ("round_extended", 3, "2026-03-14T12:05:00+00:00"),
            ("time_called", None, "2026-03-14T13:31:00+00:00"),
        ]


async def test_on_a_wide_terminal_the_clock_has_a_column_and_late_tables_are_coloured(
    club: Path,
) -> None:
    clock = FakeClock(NOON)
    app = _app(_event(club), clock)
    async with app.run_test(size=(200, 50)) as pilot:
        app.run_command(extend_round, 4, 180, 3)
        clock.advance(minutes=90, seconds=30)
        await _tick(app, pilot)
        assert rows_on_screen(app) == [
            " T    E                               S                               "
            "W                               N                               State         Clock",
            " 1    Nguyễn Thị Mai 305              佐々木 蓮 334                   "
            "Mateusz Wiśniewski 236          João Gonçalves 315              E3 1h 1r      time up",
            " 2    Pieter de Vries +26.2           Lars Øvergaard +3.8             "
            "王 芳 -22.9                     Sanna Järvinen -7.1             done, E 1st   done",
            " 3    Aoife Ní Bhriain                田中 優希                       "
            "Sophie Müller                   김서연                          not started   "
            "2:30 (+3:00)",
            " 4    Javier Sánchez                  Ömer Yıldız                     "  # noqa: RUF001
            "Emma Johansson                  Chloé Lefèvre                   not started   time up",
        ]
        assert attention_on_screen(app) == [
            "Needs attention: table 1: time up",
            "table 3: +3:00 extra",
            "table 4: time up",
        ]
        # The colours are the theme's: error for time up, warning for extra time, dim for done.
        tables = app.screen.query_one(TableList)
        theme = app.current_theme

        def style_of(table: int) -> Style:
            cell = tables.get_cell(str(table), "clock")
            assert isinstance(cell, Text)
            return cell.style if isinstance(cell.style, Style) else Style.parse(cell.style)

        def near(style: Style, colour: str | None) -> bool:
            # The CSS colour may differ from the theme's by a rounding step.
            assert style.color is not None and colour is not None and style.bold
            ours, theirs = style.color.get_truecolor(), Color.parse(colour).get_truecolor()
            return all(abs(a - b) <= 2 for a, b in zip(ours, theirs, strict=True))

        assert near(style_of(1), theme.error)
        assert style_of(4) == style_of(1)
        assert near(style_of(3), theme.warning)
        assert not near(style_of(3), theme.error)
        assert style_of(2) == Style(dim=True)


async def test_a_tick_updates_only_the_clock_cells_that_changed(
    club: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The one-second timer stays out of it: this test ticks by hand.
    monkeypatch.setattr(overview, "CLOCK_TICK_SECONDS", 3600.0)
    clock = FakeClock(NOON)
    app = _app(_event(club), clock)
    async with app.run_test(size=(200, 50)) as pilot:
        await pilot.pause()
        tables = app.screen.query_one(TableList)
        touched: list[tuple[str, str]] = []
        update_cells = tables.update_cells

        def spy(cells: Iterable[tuple[str, str, Any]]) -> None:
            cells = list(cells)
            touched.extend((row, column) for row, column, _ in cells)
            update_cells(cells)

        monkeypatch.setattr(tables, "update_cells", spy)
        # WHEN the clock has not moved, a tick changes nothing
        await _tick(app, pilot)
        assert touched == []
        # WHEN a second passes: the three tables still playing, their clock cell alone
        clock.advance(seconds=1)
        await _tick(app, pilot)
        assert touched == [("1", "clock"), ("3", "clock"), ("4", "clock")]
        assert str(tables.get_cell("1", "clock")) == "1:29:59"
        assert "1:29:59" in screen_text(app) and "1:30:00" not in screen_text(app)  # painted
        # WHEN a hand is entered a second later (before the next tick)
        touched.clear()
        clock.advance(seconds=1)
        await type_line(pilot, "t3 ron S<-W 1/30")
        # THEN only table 3's row changes: its names' scores and state (the clocks at the tick)
        assert touched == [("3", "E"), ("3", "S"), ("3", "W"), ("3", "N"), ("3", "state")]
        assert str(tables.get_cell("4", "clock")) == "1:29:59"
        await _tick(app, pilot)
        assert str(tables.get_cell("4", "clock")) == "1:29:58"
        assert "1:29:58" in screen_text(app) and "1:29:59" not in screen_text(app)


async def test_countdown_and_pause_read_in_the_clock_cell(club: Path) -> None:
    clock = FakeClock(NOON)
    # GIVEN a start announced for 12:05
    app = _app(_event(club, start="2026-03-14T12:05:00+00:00"), clock)
    async with app.run_test(size=(200, 50)) as pilot:
        await pilot.pause()
        tables = app.screen.query_one(TableList)
        assert [str(tables.get_cell(str(t), "clock")) for t in (1, 2, 3, 4)] == [
            "starts in 5:00", "done", "starts in 5:00", "starts in 5:00",
        ]
        # WHEN the round runs 20 minutes, then is paused
        clock.advance(minutes=25)
        app.run_command(pause_round, 4)
        clock.advance(minutes=3)
        await _tick(app, pilot)
        assert [str(tables.get_cell(str(t), "clock")) for t in (1, 2, 3, 4)] == [
            "1:10:00 paused", "done", "1:10:00 paused", "1:10:00 paused",
        ]
        assert clock_kinds(club) == [
            ("round_started", None, "2026-03-14T12:05:00+00:00"),
            ("round_paused", None, "2026-03-14T12:25:00+00:00"),
        ]


async def test_back_from_the_timer_the_clocks_are_current(club: Path) -> None:
    clock = FakeClock(NOON)
    app = _app(_event(club), clock)
    async with app.run_test(size=(200, 50)) as pilot:
        await pilot.pause()
        # WHEN the director looks at the timer (F7) for ten minutes, then comes back (F2)
        await pilot.press("f7")
        clock.advance(minutes=10)
        await pilot.pause()
        await pilot.press("f2")
        await pilot.pause()
        # THEN the overview shows the time now, without waiting for its next tick
        tables = app.screen.query_one(TableList)
        assert str(tables.get_cell("1", "clock")) == "1:20:00"


async def test_more_late_tables_than_fit_are_counted(club: Path) -> None:
    # GIVEN a round just started with no hand yet, every table given time of its own
    start_round(EventStore.open(club), 4, at=AT_NOON)
    clock = FakeClock(NOON)
    app = _app(club, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        for table in (1, 2, 3, 4):
            app.run_command(extend_round, 4, 60 * table, table)
        # WHEN 92 minutes have passed: tables 1 (91 minutes) and 2 (92) are up
        clock.advance(minutes=92)
        await _tick(app, pilot)
        # THEN three are listed and the rest counted, pointing at the list's clocks
        assert attention_on_screen(app) == [
            "Needs attention: table 1: time up",
            "table 2: time up",
            "table 3: +3:00 extra",
            "… and 1 more (the list shows each table's clock)",
        ]

"""What the console does to stay fast at 500 players, tested by what it must still show.

The overview repaints only the row of the table that changed (see `TableList.show`): at 160x50,
where every table of club's round 4 is on screen, these tests read the painted screen (not the
table's data) to prove that row is new and the others are as they were. A name is shown as
typed, never read as markup. The event as opened is kept out of the cycle collector's scans
while the console runs, and handed back when it closes.
"""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Any

import pytest
from textual._compositor import Compositor
from textual.widgets import DataTable

from mjevent.events.commands import rename_player
from mjevent.events.store import EventStore
from mjevent.tui.console.app import MjeventApp
from mjevent.tui.console.widgets.entry_line import EntryPreview
from mjevent.tui.console.widgets.table_list import TableList, TableRow

from .conftest import fixed_clock, make_app, screen_text
from .keystrokes import keys_of, type_keys
from .test_console import row_of


def table_line(app: MjeventApp, table: int) -> str:
    """The painted line of `table` in the overview's list (one line a table at 160 columns)."""
    lines = [line.strip() for line in screen_text(app).splitlines()]
    return next(line for line in lines if line.startswith(f"{table} ") and "│" not in line)


async def test_enter_repaints_the_changed_row_and_leaves_the_others(club: Path) -> None:
    app = make_app(club)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        before = {t: table_line(app, t) for t in (1, 2, 3, 4)}
        assert before[2].endswith("not started")
        # WHEN a hand is recorded at table 2, typed as a director types it
        await pilot.press(*[("space" if c == " " else c) for c in "t2 ron S<-W 3/30"], "enter")
        await pilot.pause()
        # THEN table 2's painted row has the scores after the hand and the next hand (round 4
        # table 2 seats p10 p04 p06 p11, E S W N)
        after = {t: table_line(app, t) for t in (1, 2, 3, 4)}
        assert after[2].split() == [
            "2", "Pieter", "de", "Vries", "300", "Lars", "Øvergaard", "339", "王", "芳", "261",
            "Sanna", "Järvinen", "300", "E2", "0h",
        ]
        # and the other tables' rows are exactly as painted before
        assert {t: after[t] for t in (1, 3, 4)} == {t: before[t] for t in (1, 3, 4)}


async def test_a_name_with_brackets_is_shown_as_typed(club: Path) -> None:
    store = EventStore.open(club)
    rename_player(store, "p01", "[bot] Yuki", clock=fixed_clock)
    app = make_app(club)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        assert "[bot] Yuki" in screen_text(app)


async def test_the_opened_event_is_frozen_while_the_console_runs(club: Path) -> None:
    app = make_app(club)
    assert gc.get_freeze_count() > 0  # the open froze what it read (and all before it)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*[("space" if c == " " else c) for c in "t1 ron S<-W 3/30"], "enter")
        await pilot.pause()
        assert gc.get_freeze_count() > 0
    assert gc.get_freeze_count() == 0  # closed: the collector sees everything again


async def test_the_tables_are_built_once_when_the_console_opens(
    club: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    built: list[tuple[int, bool]] = []
    rebuild = TableList._rebuild

    def counted(self: TableList, rows: list[TableRow], round: int) -> None:
        built.append(self._layout)
        rebuild(self, rows, round)

    monkeypatch.setattr(TableList, "_rebuild", counted)
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        # fitted to the screen's 80 columns at once (names of 12 cells above the scores), not
        # first to no width at all and then again
        assert built == [(12, True)]
        assert row_of(app, 1)[1] == "Nguyễn Thị…\n"  # not started: no score yet


def _entry_row(app: MjeventApp) -> str:
    """The painted entry line (the row under the round bar, inside the input's border)."""
    return screen_text(app).splitlines()[2]


async def test_a_keystroke_lays_nothing_out_and_a_long_line_still_scrolls(
    club: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("t")  # the first preview: the preview's height is known from then on
        await pilot.pause()
        reflows: list[int] = []
        reflow = Compositor.reflow

        def counted(self: Compositor, *args: Any) -> Any:
            reflows.append(1)
            return reflow(self, *args)

        monkeypatch.setattr(Compositor, "reflow", counted)
        # WHEN a line is typed whose previews all fit the preview's 8 lines, key by key
        for key in keys_of("1 ron S<-W 3/30 r:E,S"):
            await pilot.press(key)
        await pilot.pause()
        # THEN the screen was never laid out again (only the line and its preview repainted)
        assert reflows == []
        assert "t1 ron S<-W 3/30 r:E,S" in _entry_row(app)
        assert "riichi" in screen_text(app)
        # WHEN the line grows wider than the entry line
        await type_keys(pilot, *keys_of(" " + "x" * 80 + " END"))
        await pilot.pause()
        # THEN it scrolls to keep the cursor in sight, as it did when each key laid it out
        assert _entry_row(app).rstrip().rstrip("▕▊▎▏ ").endswith("x END")
        assert "t1 ron" not in _entry_row(app)


async def test_a_preview_of_a_new_height_lays_out_and_the_list_keeps_its_renders(
    club: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        tables = app.screen.query_one(TableList)
        rendered: list[str] = []
        render_cell = DataTable._render_cell

        def counted(self: DataTable[Any], row_index: int, *args: Any, **kwargs: Any) -> Any:
            if row_index >= 0:
                rendered.append(str(self.get_row_at(row_index)[0]))
            return render_cell(self, row_index, *args, **kwargs)

        monkeypatch.setattr(DataTable, "_render_cell", counted)
        before = screen_text(app)
        # WHEN a line is typed whose preview (with its note) is taller than 8 lines
        await type_keys(pilot, *keys_of("t2 ron S<-W 3/30 r:W"))
        await pilot.pause()
        # THEN the list moved down (its rows painted from what they showed: none rendered)
        assert "note: W is charged a riichi stick" in screen_text(app)
        assert app.screen.query_one(EntryPreview).size.height == 10
        assert rendered == []
        # WHEN it is recorded: the preview shrinks to its 8 lines, the list moves back up
        await pilot.press("enter")
        await pilot.pause()
        # THEN table 2's row alone was rendered again (its two lines, every cell)
        assert set(rendered) == {"2"}
        assert row_of(app, 2)[2] == "Lars Øverga…\n349"
        # and the list is painted as a console opened afresh on the file paints it
        after = screen_text(app).splitlines()
        fresh = make_app(club)
        async with fresh.run_test(size=(80, 24)) as fresh_pilot:
            await fresh_pilot.pause()
            assert fresh.screen.query_one(TableList).region == tables.region
            top, bottom = tables.region.y, tables.region.bottom
            assert screen_text(fresh).splitlines()[top:bottom] == after[top:bottom]
        assert after[top:bottom] != before.splitlines()[top:bottom]

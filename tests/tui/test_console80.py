"""Issue 23 at 80x24: the entry details and the fitted footer, as a director sees them.

Pilot tests at 80x24 (and 200x50 for the footer's full form): the preview's notes and its blank
line before the tables, the game's end wrapped two cells in, the hints' examples that fit the
event, amending with a preview and without the table on the line, the log's words for an
amended and a voided hand, the palette without Textual's own entries, and each screen's footer.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mjevent.core.entries import Correction, HandRecorded
from mjevent.events import commands
from mjevent.events.store import EventStore
from mjevent.tui.console.screens.table import TableScreen
from mjevent.tui.console.widgets.entry_line import EntryLine, EntryPreview
from mjevent.tui.console.widgets.footer import ConsoleFooter

from .conftest import make_app
from .screens_helpers import lines, logged, open_mode, press, settle, type_text

SIZE = (80, 24)
AT = "2026-03-14T10:00:00+00:00"


def one_table_event(path: Path) -> Path:
    """Four players at one table, round 1 seated, no hand yet (EMA 2016: 30,000 each)."""
    store = EventStore.create(
        path, {"event": {"name": "Club night", "format_version": 1}, "rules": {"preset": "ema2016"}}
    )
    for i, name in enumerate(("Ann", "Bo", "Cy", "Di"), 1):
        commands.add_player(store, f"p{i}", name, entry_id=f"add-{i}", at=AT)
    commands.set_seating(store, 1, [[["p1", "p2", "p3", "p4"]]], entry_id="seat", at=AT)
    return path


def footer_text(app: object) -> str:
    return lines(app)[-1]  # type: ignore[arg-type]


async def test_the_preview_says_a_riichi_player_dealt_in(club: Path) -> None:
    # GIVEN round 4 of the club sample WHEN W, charged a riichi stick, deals in to S
    app = make_app(club)
    async with app.run_test(size=SIZE) as pilot:
        await type_text(pilot, "t1 ron S<-W 3/30 r:E,W")
        shown = lines(app)
    # THEN the preview says the ronned tile may have been W's declaration (docs/entry.md),
    # wrapped two cells in like the lines above it
    assert shown[4:16] == [
        "  round 4 table 1, East 1, 0 honba",
        "    E Nguyễn Thị Mai        30,000 →  29,000 -1,000  riichi",
        "    S 佐々木 蓮             30,000 →  35,900 +5,900",
        "    W Mateusz Wiśniewski    30,000 →  25,100 -4,900  riichi",
        "    N João Gonçalves        30,000 →  30,000",
        "    W pays S 3,900 (hand) · S takes the sticks 2,000",
        "    next dealer: S 佐々木 蓮",
        "    note: W is charged a riichi stick (r:W) and dealt in: if the tile ronned",
        "    was W's riichi declaration, that riichi never stood and pays no stick;",
        "    then leave W out of r:",
        "",
        " Round 3 is finished: every table has its result. ^r starts round 4's clock.",
    ]


async def test_two_lines_of_payments_keep_the_blank_line_before_the_tables(club: Path) -> None:
    # GIVEN four riichi sticks and a dealer tsumo: the payments take two lines
    app = make_app(club)
    async with app.run_test(size=SIZE) as pilot:
        await type_text(pilot, "t1 tsumo E 3/30 r:E,S,W,N")
        shown = lines(app)
    assert shown[9:14] == [
        "    S pays E 2,000 (hand) · W pays E 2,000 (hand) · N pays E 2,000 (hand)",
        "    E takes the sticks 4,000",
        "    next dealer: E Nguyễn Thị Mai",
        # THEN the line before the tables is still blank
        "",
        " Round 3 is finished: every table has its result. ^r starts round 4's clock.",
    ]


async def test_a_wrapped_game_over_line_stays_two_cells_in(club: Path) -> None:
    app = make_app(club)
    async with app.run_test(size=SIZE) as pilot:
        await type_text(pilot, "t1 final 41200 28800 22100 27900")
        shown = lines(app)
    # One way of writing points (41,200) and of thousands (+26.2); the wrapped half of the
    # game's end starts under its first half, not at column 2
    assert shown[9:13] == [
        "    total 120,000: adds up",
        "    game over: 1. Nguyễn Thị Mai 41,200 (+26.2), 2. 佐々木 蓮 28,800 (+3.8),",
        "    3. João Gonçalves 27,900 (-7.1), 4. Mateusz Wiśniewski 22,100 (-22.9)",
        "",
    ]


async def test_the_hints_fit_a_one_table_event(tmp_path: Path) -> None:
    app = make_app(one_table_event(tmp_path / "night.toml"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        line = app.screen.query_one(EntryLine)
        assert line.placeholder == "t1 ron S<-W 3/30 r:E,S   (Enter records; F1 help)"
        assert lines(app)[4:6] == [
            "  Type a result, e.g. t1 ron S<-W 3/30 r:E,S   ·   t1 final 41200 28800 22100",
            "  27900   ·   t1 then Enter opens table 1",
        ]


async def test_the_hints_give_three_scores_in_sanma(sanma: Path) -> None:
    # The sanma sample plays tenhou3 (35,000 each) at three tables
    app = make_app(sanma)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        preview = app.screen.query_one(EntryPreview)
        assert str(preview.render()) == (
            "Type a result, e.g. t3 ron S<-W 3/30 r:E,S   ·   t3 final 44000 34000 27000   ·   "
            "t3 then Enter opens table 3"
        )


async def test_amending_a_hand_has_a_preview_and_no_table_on_the_line(club: Path) -> None:
    app = make_app(club)
    async with app.run_test(size=SIZE) as pilot:
        # GIVEN two hands at table 1, the table view open on the newest
        await type_text(pilot, "t1 ron S<-W 3/30")
        await press(pilot, "enter")
        await type_text(pilot, "t1 draw")
        await press(pilot, "enter")
        await type_text(pilot, "t1")
        await press(pilot, "enter")
        assert isinstance(app.screen, TableScreen)
        # WHEN a on the first hand
        await press(pilot, "up", "a")
        line = app.screen.query_one("#table-line", EntryLine)
        # THEN its line is written as the hands' Entry column writes it: no `t1 `
        assert line.value == "ron S<-W 3/30"
        # WHEN it becomes 5 han with W's riichi
        await press(pilot, *["backspace"] * 4)
        await type_text(pilot, "5/30 r:W")
        shown = lines(app)
        start = shown.index("  amending hand 1: Enter records the correction, Escape cancels")
        # THEN the preview plays it from the scores before it, with the notes
        assert shown[start + 1 : start + 12] == [
            "  round 4 table 1, East 1, 0 honba",
            "    E Nguyễn Thị Mai        30,000 →  30,000",
            "    S 佐々木 蓮             30,000 →  39,000 +9,000",
            "    W Mateusz Wiśniewski    30,000 →  21,000 -9,000  riichi",
            "    N João Gonçalves        30,000 →  30,000",
            "    W pays S 8,000 (hand) · S takes the sticks 1,000",
            "    next dealer: S 佐々木 蓮",
            "    note: W is charged a riichi stick (r:W) and dealt in: if the tile ronned",
            "    was W's riichi declaration, that riichi never stood and pays no stick;",
            "    then leave W out of r:",
            "    note: the 1 hand after it is played again from these scores",
        ]
        # WHEN Enter
        await press(pilot, "enter")
        # THEN the file holds a correction amending the first hand
        correction = logged(club)[-1]
        assert isinstance(correction, Correction)
        assert isinstance(correction.replacement, HandRecorded)
        assert correction.reason == "hand amended at the console (was: t1 ron S<-W 3/30)"
        assert [ln[:36] for ln in lines(app)[3:5]] == [
            " 1    E1, 0h       ron S<-W 5/30 r:W",
            " 2    E2, 0h       draw             ",
        ]
        # and the log marks the hand amended
        await press(pilot, "escape")
        await open_mode(pilot, "f6")
        assert lines(app)[7].startswith(
            " 168  12:00  r4 t1  hand           (amended) r4 t1 ron S<-W 5/30 r:W"
        )


async def test_the_log_tells_a_voided_hand_in_words(club: Path) -> None:
    app = make_app(club)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        # GIVEN a draw at table 1, undone from the table view
        await type_text(pilot, "t1 draw tenpai:E,W")
        await press(pilot, "enter")
        await type_text(pilot, "t1")
        await press(pilot, "enter", "u", "y")
        # the notice is at the top right, over the hands, not over the entry line
        shown = lines(app)
        assert shown[3] == "                  ▌ voided 1 entry"
        assert shown[-4] == (
            "▊  next hand at table 1: ron S<-W 3/30  (a amends the highlighted hand)        ▎"
        )
        await press(pilot, "escape")
        await open_mode(pilot, "f6")
        shown = lines(app)
    assert shown[6].startswith(" 168  12:00  r4 t1  hand           (voided) r4 t1 draw tenpai:E,W")


async def test_the_palette_keeps_what_serves_a_director(club: Path) -> None:
    app = make_app(club)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        titles = [c.title for c in app.get_system_commands(app.screen)]
    assert not {"Keys", "Maximize", "Minimize", "Screenshot", "Theme", "Quit"} & set(titles)
    assert [t for t in titles if "Quit" in t] == ["app: Quit"]
    assert {"overview: Table", "app: Help", "mode: Log", "table: Table 1"} <= set(titles)


FOOTERS_80 = {
    "f2": " ^t Table ^r Next round ^q Quit f1 Help f2 f3 f4 f5 f6 f7 f8 Modes  ▏^p Palette ",
    "f3": " [ Earlier ] Later h History f1 Help f2 f3 f4 f5 f6 f7 f8 Modes     ▏^p Palette ",
    "f4": " / Search c Check in x Absent f1 Help f2 f3 f4 f5 f6 f7 f8 Modes    ▏^p Palette ",
    "f5": " [ Earlier ] Later c Current f1 Help f2 f3 f4 f5 f6 f7 f8 Modes     ▏^p Palette ",
    "f6": " / Filter t Table v Void ^q Quit f1 Help f2 f3 f4 f5 f6 f7 f8 Modes ▏^p Palette ",
    "f7": " s Start ^q Quit f1 Help f2 f3 f4 f5 f6 f7 f8 Modes                 ▏^p Palette ",
    "f8": " s Sort t Teams h Hand list f1 Help f2 f3 f4 f5 f6 f7 f8 Modes      ▏^p Palette ",
}


@pytest.mark.parametrize("mode", sorted(FOOTERS_80))
async def test_each_screens_footer_fits_80_columns(club: Path, mode: str) -> None:
    # The screen's keys that matter first, F1, the modes F2-F7 as one group, the palette:
    # nothing cut at the edge, the palette key covering none
    app = make_app(club)
    async with app.run_test(size=SIZE) as pilot:
        await open_mode(pilot, mode)
        if mode != "f2":
            app.screen.query_one(ConsoleFooter)  # every mode has the fitted footer
        await settle(pilot)
        assert footer_text(app) == FOOTERS_80[mode].rstrip()


async def test_a_wide_footer_names_every_mode(club: Path) -> None:
    app = make_app(club)
    async with app.run_test(size=(200, 50)) as pilot:
        await open_mode(pilot, "f4")
        footer = footer_text(app)
    for words in (
        "f2 Overview",
        "f3 Standings",
        "f4 Players",
        "f5 Seating",
        "f6 Log",
        "f7 Timer",
        "f8 Stats",
        "w Withdraw",
        "^p Palette",
    ):
        assert words in footer, words

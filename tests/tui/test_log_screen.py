"""The log screen (F6): every entry newest first, the filter, the replay from any entry, and a
void with a reason."""

# ruff: noqa: RUF001 (the samples' names are spelled as their players spell them)

from __future__ import annotations

from pathlib import Path

from mjevent.core.entries import Correction
from mjevent.events.commands import add_note
from mjevent.tui.console.dialogs.command import CommandDialog
from mjevent.tui.console.screens.log import LogScreen, ReplayScreen
from mjevent.tui.console.screens.table import TableScreen
from mjevent.tui.views.log import LogFilter
from tests.tui.conftest import make_app
from tests.tui.screens_helpers import lines, logged, open_mode, press, settle, text, type_text


async def test_club_log_lists_every_entry_newest_first(club: Path) -> None:
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_mode(pilot, "f6")
        assert isinstance(app.screen, LogScreen)
        shown = lines(app)
    assert shown[3:8] == [
        " 167 of 167 entries",
        "   #  Time   Where  Kind           What",
        # "What" ends in an ellipsis at the table's edge (the detail below has it whole)
        " 167  14:37         note           note: Lunch break after round 3; rounds 4… ▃▃",
        " 166  14:37  r3 t4  game finished  r3 t4 game over (South 3, 3 honba: time):…",
        " 165  14:37  r3 t3  game finished  r3 t3 game over (South 2, 2 honba: time):…",
    ]
    assert shown[21:23] == [
        " Entry 01KKPCGFG048A7BZVYGJHFHVYD (note), 2026-03-14T14:37:52+00:00",
        " note: Lunch break after round 3; rounds 4 and 5 after 15:30.",
    ]


async def test_filter_by_round_table_and_a_word_in_sanma(sanma: Path) -> None:
    app = make_app(sanma)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_mode(pilot, "f6")
        await press(pilot, "slash")
        await type_text(pilot, "r1 t2 ron")
        await press(pilot, "enter")
        shown = lines(app)
        await press(pilot, "escape")
        cleared = lines(app)[3]
    assert shown[3:9] == [
        # (round 1 table 2 seats p05 p03 p07: Léa Dubois, 박지훈, Ana Ruiz)
        " 4 of 69 entries match the filter",
        "  #  Time   Where  Kind  What",
        " 34  20:01  r1 t2  hand  r1 t2 ron S<-E 2/40 r:E South 3, 3 honba Léa Dubois…",
        " 32  19:56  r1 t2  hand  r1 t2 ron W<-S 5 r:W South 3, 2 honba 박지훈 -12,40…",
        " 30  19:50  r1 t2  hand  r1 t2 ron W<-S 1/40 South 3, 1 honba 박지훈 -2,200 …",
        " 25  19:38  r1 t2  hand  r1 t2 ron W<-S 1/30 South 2, 0 honba 박지훈 -1,000 …",
    ]
    assert cleared == " 69 of 69 entries"


def test_filter_words_read_as_round_table_kind_and_names() -> None:
    assert LogFilter.parse("R3 t12 game Ömer") == LogFilter(3, 12, ("game",), ("omer",))
    assert LogFilter.parse("").empty


async def test_enter_replays_the_event_after_an_entry_and_arrows_step(club: Path) -> None:
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_mode(pilot, "f6")
        await press(pilot, "slash")
        await type_text(pilot, "r3 t2")
        # WHEN Enter (back to the list), two rows down (entry 156), Enter
        await press(pilot, "enter", "down", "down", "enter")
        assert isinstance(app.screen, ReplayScreen)
        at_156 = lines(app)
        await press(pilot, "left")
        at_155 = lines(app)
        await press(pilot, "escape")
        assert isinstance(app.screen, LogScreen)
        after = lines(app)
    assert at_156[0] == (
        " After entry 156 of 167 (14:29 r3 t2 hand): r3 t2 ron E<-W 3/30 r:S,W South 1,"
    )
    # Round 3 seats p01 p14 p07 p06, p12 p09 p11 p08, p15 p10 p03 p16, p04 p13 p05 p02.
    head = at_156.index(" Tbl  State  East            South           West            North")
    assert at_156[head + 1 : head + 6] == [
        "   1  S4 0h  田中 優希 36.7  Javier S… 28.3  João Gon… 36.8  王 芳 18.2",
        "   2  S1 3h  Ömer Yıl… 3.0   Aoife Ní… 50.0  Sanna Jä… 37.9  Mateusz… 29.1",
        "   3  S2 1h  佐々木 蓮 21.5  Pieter d… 36.8  김서연 31.3     Emma Joh… 29.4",
        "   4  S3 2h  Lars Øve… 25.5  Nguyễn T… 30.9  Chloé Le… 29.1  Sophie M… 33.5",
        " Round 3 · Standings after round 2",
    ]
    # one entry back: table 2's hand (entry 156) is not played yet, table 1 is as it was
    assert at_155[0].startswith(" After entry 155 of 167 (14:29 r3 t1 hand)")
    back = at_155.index(" Tbl  State  East            South           West            North")
    assert at_155[back + 1] == at_156[head + 1]
    assert at_155[back + 2] == (
        "   2  S1 2h  Ömer Yıl… -5.4  Aoife Ní… 51.0  Sanna Jä… 45.3  Mateusz… 29.1"
    )
    # back in the log, the entry the replay showed last is the one selected
    assert after[3] == " 167 of 167 entries"
    start = next(i for i, line in enumerate(after) if line.startswith(" Entry "))
    assert after[start : start + 3] == [
        " Entry 01KKPC0PKRDJ3FX8NE3Q34PY5B (hand), 2026-03-14T14:29:15+00:00",
        " r3 t1 tsumo S 2/40 South 3, 1 honba 田中 優希 -800 Javier Sánchez +3,000 João",
        " Gonçalves -1,400 王 芳 -800 -> 36,700 / 28,300 / 36,800 / 18,200",
    ]


async def test_v_voids_an_entry_with_a_reason_and_shows_what_changes(club: Path) -> None:
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_mode(pilot, "f6")
        await press(pilot, "slash")
        await type_text(pilot, "penalty")
        await press(pilot, "enter", "v")
        assert isinstance(app.screen, CommandDialog)
        await type_text(pilot, "paid in advance")
        dialog = text(app)
        await press(pilot, "ctrl+s")
        assert isinstance(app.screen, LogScreen)
        row = lines(app)[5]
    # p12 stands at -41.2 after round 3 (the 5.0 penalty included)
    assert "standings: Ömer Yıldız -41.2 -> -36.2" in dialog
    # THEN the voided penalty is told in words, not as its raw fields
    assert row == (
        " 3  09:45  r1     penalty  (voided) penalty: Ömer Yıldız -5,000 (arrived 12 …"
    )
    correction = logged(club)[-1]
    assert isinstance(correction, Correction)
    assert (correction.target, correction.reason, correction.replacement) == (
        "01KKNVRA8R8NKKYDS62ZRBNVST", "paid in advance", None
    )


async def test_an_entry_with_brackets_is_shown_as_written(sanma: Path) -> None:
    # GIVEN a note whose text looks like markup WHEN it is logged with the log shown
    app = make_app(sanma)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_mode(pilot, "f6")
        app.run_command(add_note, "[red]t2[/] clock broken [")
        await settle(pilot)
        # (the cursor stays on the entry it was on; up selects the new one)
        await press(pilot, "up")
        shown = lines(app)
    assert shown[5] == " 70  12:00         note           note: [red]t2[/] clock broken ["
    assert " note: [red]t2[/] clock broken [" in shown


async def test_t_opens_the_entrys_table_where_corrections_are_made(club: Path) -> None:
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_mode(pilot, "f6")
        await press(pilot, "slash")
        await type_text(pilot, "r2 t3 hand")
        await press(pilot, "enter", "t")
        assert isinstance(app.screen, TableScreen)
        assert (app.screen.round, app.screen.table) == (2, 3)
        heading = lines(app)[0]
    assert heading.startswith(" Round 2 · Table 3  E Mateusz Wiśniewski")

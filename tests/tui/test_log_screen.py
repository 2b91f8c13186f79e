"""The log screen (F6): every entry newest first, the filter, the replay from any entry, and a
void with a reason."""

# ruff: noqa: RUF001 (the samples' names are spelled as their players spell them)

from __future__ import annotations

from pathlib import Path

from mjevent.core.entries import Correction
from mjevent.events.commands import add_note
from mjevent.tui.dialogs.command import CommandDialog
from mjevent.tui.log_view import LogFilter
from mjevent.tui.screens.log import LogScreen, ReplayScreen
from mjevent.tui.screens.table import TableScreen
from tests.tui.conftest import make_app
from tests.tui.screens_helpers import lines, logged, open_mode, press, settle, text, type_text


async def test_club_log_lists_every_entry_newest_first(club: Path) -> None:
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_mode(pilot, "f6")
        assert isinstance(app.screen, LogScreen)
        shown = lines(app)
    assert shown[3:8] == [
        " 166 of 166 entries",
        "   #  Time   Where  Kind           What",
        " 166  14:37         note           note: Lunch break after round 3; rounds 4 a▅▅",
        " 165  14:37  r3 t4  game finished  r3 t4 game over (South 3, 3 honba: time): 1",
        " 164  14:37  r3 t3  game finished  r3 t3 game over (South 2, 2 honba: time): 1",
    ]
    assert shown[21:23] == [
        " Entry 01KKPCGFG0KGBJSZ7C806C1AWM (note), 2026-03-14T14:37:52+00:00",
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
        " 4 of 68 entries match the filter",
        "  #  Time   Where  Kind           What",
        " 33  20:01  r1 t2  hand           r1 t2 ron S<-E 2/40 r:E South 3, 3 honba 陳 美",
        " 31  19:56  r1 t2  hand           r1 t2 ron W<-S 5 r:W South 3, 2 honba Léa Dubo",
        " 29  19:50  r1 t2  hand           r1 t2 ron W<-S 1/40 South 3, 1 honba Léa Duboi",
        " 24  19:38  r1 t2  hand           r1 t2 ron W<-S 1/30 South 2, 0 honba Léa Duboi",
    ]
    assert cleared == " 68 of 68 entries"


def test_filter_words_read_as_round_table_kind_and_names() -> None:
    assert LogFilter.parse("R3 t12 game Ömer") == LogFilter(3, 12, ("game",), ("omer",))
    assert LogFilter.parse("").empty


async def test_enter_replays_the_event_after_an_entry_and_arrows_step(club: Path) -> None:
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_mode(pilot, "f6")
        await press(pilot, "slash")
        await type_text(pilot, "r3 t2")
        # WHEN Enter (back to the list), two rows down (entry 155), Enter
        await press(pilot, "enter", "down", "down", "enter")
        assert isinstance(app.screen, ReplayScreen)
        at_155 = lines(app)
        await press(pilot, "left")
        at_154 = lines(app)
        await press(pilot, "escape")
        assert isinstance(app.screen, LogScreen)
        after = lines(app)
    assert at_155[0] == (
        " After entry 155 of 166 (14:29 r3 t2 hand): r3 t2 ron E<-W 3/30 r:S,W South 1,"
    )
    head = at_155.index(" Tbl  State  East            South           West            North")
    assert at_155[head + 1 : head + 6] == [
        "   1  S4 0h  Ömer Yıl… 36.7  Javier S… 28.3  田中 優希 36.8  João Gon… 18.2",
        "   2  S1 3h  Sanna Jä… 3.0   Nguyễn T… 50.0  Sophie M… 37.9  Mateusz … 29.1",
        "   3  S2 1h  Pieter d… 21.5  Emma Joh… 36.8  김서연 31.3     Chloé Le… 29.4",
        "   4  S3 2h  Aoife Ní… 25.5  佐々木 蓮 30.9  Lars Øve… 29.1  王 芳 33.5",
        " Round 3 · Standings after round 2",
    ]
    # one entry back: table 2's hand (entry 155) is not played yet, table 1 is as it was
    assert at_154[0].startswith(" After entry 154 of 166 (14:29 r3 t1 hand)")
    back = at_154.index(" Tbl  State  East            South           West            North")
    assert at_154[back + 1] == at_155[head + 1]
    assert at_154[back + 2] == (
        "   2  S1 2h  Sanna Jä… -5.4  Nguyễn T… 51.0  Sophie M… 45.3  Mateusz … 29.1"
    )
    # back in the log, the entry the replay showed last is the one selected
    assert after[3] == " 166 of 166 entries"
    start = next(i for i, line in enumerate(after) if line.startswith(" Entry "))
    assert after[start : start + 3] == [
        " Entry 01KKPC0PKR91VACK2WDYD94SQK (hand), 2026-03-14T14:29:15+00:00",
        " r3 t1 tsumo S 2/40 South 3, 1 honba Ömer Yıldız -800 Javier Sánchez +3 000",
        " 田中 優希 -1 400 João Gonçalves -800 -> 36 700 / 28 300 / 36 800 / 18 200",
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
    assert "standings: Ömer Yıldız -8.8 -> -3.8" in dialog
    assert row == (
        "   2  09:45  r1     penalty        (voided) penalty: player p12, amount 5000, re"
    )
    correction = logged(club)[-1]
    assert isinstance(correction, Correction)
    assert (correction.target, correction.reason, correction.replacement) == (
        "01KKNVR99GGVRADV1SR70NA8DH", "paid in advance", None
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
    assert shown[5] == " 69  12:00         note           note: [red]t2[/] clock broken ["
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

"""The stats screen (F8, issue 24): keys pressed, exact numbers read off the screen; the
player's hand list one key away; live updates after a hand; teams; the palette; F3's history
with the player's numbers; Japanese."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable

from mjevent.core.entries import HandRecorded
from mjevent.events import commands
from mjevent.tui.console.screens.standings import PlayerHistoryScreen
from mjevent.tui.console.screens.stats import PlayerHandsScreen, StatsScreen
from mjevent.tui.console.screens.table import TableScreen
from tests.i18n_helpers import japanese
from tests.tui.conftest import copy_sample, make_app
from tests.tui.screens_helpers import lines, logged, open_mode, press, settle, text, type_text
from tests.tui.test_console_japanese import CJK, leaked


def _cells(app: object, selector: str = "#stats-table") -> list[list[str]]:
    table = app.screen.query_one(selector, DataTable)  # type: ignore[attr-defined]
    return [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]


FIELD = [
    "Whole field", "146", "121/146 (82.9%)", "80/146 (54.8%)", "95/146 (65.1%)", "4,041",
    "33/121 (27.3%)", "18,000", "4,411", "65/128 (50.8%)", "67", "1", "0", "12/48 (25.0%)",
    "12/48 (25.0%)", "12/48 (25.0%)", "12/48 (25.0%)",
]  # fmt: skip
"""The club's whole field: each hand once in Hands, every seat in the rest (docs/stats.md).
No Team column: nobody in the club has a team."""


async def test_f8_shows_every_players_numbers_with_their_counts(club: Path) -> None:
    # GIVEN the club sample (3 rounds played) WHEN the director presses F8
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_mode(pilot, "f8")
        assert isinstance(app.screen, StatsScreen)
        shown = lines(app)
        cells = _cells(app)
    # THEN the players in the event's order, rates with their counts, the field last
    assert shown[:4] == [
        " Statistics of 16 players, in the event's order",
        " Name                Hands             Wins        Deal-ins          Riichi  A",
        " 田中 優希              38     4/38 (10.5%)     3/38 (7.9%)    4/38 (10.5%)",
        " Sophie Müller          33     6/33 (18.2%)    4/33 (12.1%)     3/33 (9.1%)",
    ]
    assert len(cells) == 17
    assert cells[0] == [
        "田中 優希", "38", "4/38 (10.5%)", "3/38 (7.9%)", "4/38 (10.5%)", "4,725", "1/4 (25.0%)",
        "7,700", "3,700", "6/9 (66.7%)", "5", "0", "0", "1/3 (33.3%)", "1/3 (33.3%)",
        "1/3 (33.3%)", "0/3 (0.0%)",
    ]  # fmt: skip
    assert cells[-1] == FIELD
    # The row under the cursor, in full under the table (it wraps to the screen's width).
    detail = " ".join(line.strip() for line in shown[-6:-1])
    assert detail.startswith(
        "田中 優希: ron 3, tsumo 1 · riichi won 0, dealt in 0, drawn 3 (of 4) · wins in riichi 0,"
        " open not recorded, dama not recorded · largest deal-in 5,200 · points by ron"
        " +17,700/-12,300, tsumo +1,500/-15,700, noten +9,000/-4,500 · deals kept 5/10 (50.0%)"
    )


async def test_s_sorts_o_reverses_and_the_field_stays_last(club: Path) -> None:
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_mode(pilot, "f8")
        # s twice: Name, then Hands (most first)
        await press(pilot, "s", "s")
        shown = lines(app)
        cells = _cells(app)
        assert shown[0] == " Statistics of 16 players, by Hands, highest first"
        assert [c[:2] for c in cells[:3]] == [
            ["Mateusz Wiśniewski", "41"],
            ["Lars Øvergaard", "40"],
            ["Chloé Lefèvre", "40"],
        ]
        assert cells[-1] == FIELD
        # s again: Wins, the best rate first (13/33 beats 12/39)
        await press(pilot, "s")
        cells = _cells(app)
        assert lines(app)[0] == " Statistics of 16 players, by Wins, highest first"
        assert [c[:3] for c in cells[:2]] == [
            ["Nguyễn Thị Mai", "33", "13/33 (39.4%)"],
            ["Aoife Ní Bhriain", "39", "12/39 (30.8%)"],
        ]
        # o: the lowest win rate first; the field still last
        await press(pilot, "o")
        cells = _cells(app)
        assert lines(app)[0] == " Statistics of 16 players, by Wins, lowest first"
        assert cells[0][:3] == ["王 芳", "35", "2/35 (5.7%)"]
        assert cells[-1] == FIELD


async def test_enter_lists_the_players_hands_and_enter_on_a_hand_opens_its_table(
    club: Path,
) -> None:
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_mode(pilot, "f8")
        await press(pilot, "s", "s")  # Mateusz Wiśniewski on top, 41 hands
        # (the cursor stayed on its player, 田中 優希, through the sort)
        assert app.screen.query_one("#stats-table", DataTable).cursor_row == 5
        await press(pilot, "ctrl+home", "enter")
        assert isinstance(app.screen, PlayerHandsScreen)
        shown = lines(app)
        cells = _cells(app, "#hands-table")
        assert shown[:3] == [
            " Hands of Mateusz Wiśniewski",
            " Hands 41 · Wins 7/41 (17.1%) · Tsumo 1 · Deal-ins 5/41 (12.2%) · Riichi 7/41",
            " (17.1%) · Average win 3,214",
        ]
        assert len(cells) == 41
        assert cells[0] == ["1", "4", "E1, 0h", "S", "Another's tsumo", "yes", "", "", "-5,000", ""]
        wins = [c for c in cells if c[4] in ("Ron", "Tsumo")]
        assert len(wins) == 7
        assert sum(1 for c in cells if c[4] == "Dealt in") == 5
        assert sum(1 for c in cells if c[5] == "yes") == 7
        # Enter on a hand: its table, hand by hand
        await press(pilot, "enter")
        assert isinstance(app.screen, TableScreen)
        assert (app.screen.round, app.screen.table) == (1, 4)
        await press(pilot, "escape")
        assert isinstance(app.screen, PlayerHandsScreen)
        await press(pilot, "escape")
        assert isinstance(app.screen, StatsScreen)
        # h does the same as Enter; on the field's row there is no player: h is dimmed
        await press(pilot, "ctrl+end")
        assert app.screen.check_action("hands", ()) is None


async def test_a_hand_recorded_updates_the_numbers_on_screen(club: Path) -> None:
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_mode(pilot, "f8")
        before = {c[0]: c for c in _cells(app)}
        assert before["佐々木 蓮"][:3] == ["佐々木 蓮", "34", "8/34 (23.5%)"]
        # WHEN a hand of round 4, table 1 is recorded (E Nguyễn, S 佐々木, W Mateusz, N João)
        app.run_command(commands.record_line, "t1 ron S<-W 3/30 r:S")
        await settle(pilot)
        after = {c[0]: c for c in _cells(app)}
    # THEN the file has it, and the screen counts it at once
    assert isinstance(logged(club)[-1], HandRecorded)
    assert after["佐々木 蓮"][:5] == [
        "佐々木 蓮", "35", "9/35 (25.7%)", "3/35 (8.6%)", "8/35 (22.9%)",
    ]  # fmt: skip
    assert after["Mateusz Wiśniewski"][:4] == [
        "Mateusz Wiśniewski", "42", "7/42 (16.7%)", "6/42 (14.3%)",
    ]  # fmt: skip
    assert after["Nguyễn Thị Mai"][1] == "34"
    assert after["Whole field"][:3] == ["Whole field", "147", "122/147 (83.0%)"]
    assert after["田中 優希"] == before["田中 優希"]  # not at the table


async def test_t_shows_the_teams(tmp_path: Path) -> None:
    app = make_app(copy_sample(tmp_path, "league.toml"))
    async with app.run_test(size=(80, 24)) as pilot:
        await open_mode(pilot, "f8")
        players = len(_cells(app))
        await press(pilot, "t")
        teams = _cells(app)
        title = lines(app)[0]
        await press(pilot, "t")
        back = len(_cells(app))
    assert title == " Statistics of 12 teams, in the event's order"
    assert len(teams) == 13 and teams[-1][0] == "Whole field"
    assert teams[0][0] == "Amsterdam Red Dra…"  # names cut to 18 columns
    assert players == 49 and back == 49


async def test_the_palette_and_f1_reach_the_stats_screen_and_its_keys(club: Path) -> None:
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_mode(pilot, "f2")
        titles = {c.title: c.help for c in app.get_system_commands(app.screen)}
        assert (
            titles["mode: Stats"]
            == "f8 · Every player's numbers: wins, deal-ins, riichi ... sortable"
        )
        await open_mode(pilot, "f8")
        titles = {c.title: c.help for c in app.get_system_commands(app.screen)}
        assert titles["statistics: Sort"] == (
            "s · Sort by the next column (after the last: the event's order)"
        )
        assert titles["statistics: Hand list"] == (
            "h · The selected player's hands one by one (Enter too)"
        )
        assert "statistics: Reverse" in titles
        assert "statistics: Teams" not in titles  # the club has no teams: not offered
        await press(pilot, "f1")
        rows = list(app.screen.rows)  # type: ignore[attr-defined]
    # F1 lists the screen's keys with their ids (its key list wraps the tooltips and scrolls
    # inside its box: read its rows)
    assert ("s", "Sort", "stats.sort", "Sort by the next column (after the last: the event's "
            "order)") in rows
    assert ("h", "Hand list", "stats.hands", "The selected player's hands one by one (Enter "
            "too)") in rows


async def test_f3_history_shows_the_players_numbers_above_the_games(club: Path) -> None:
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_mode(pilot, "f3")
        await press(pilot, "h")  # the leader, Nguyễn Thị Mai
        assert isinstance(app.screen, PlayerHistoryScreen)
        shown = lines(app)
    assert shown[:4] == [
        " Nguyễn Thị Mai (p13) after round 3",
        " Numbers to round 3: Hands 33 · Wins 13/33 (39.4%) · Tsumo 5 · Deal-ins 4/33",
        " (12.1%) · Riichi 8/33 (24.2%) · Average win 5,446",
        " Rd  Tbl  Seat  Pl   Final    Uma  Oka  Points  Total  Note",
    ]


async def test_the_stats_screen_and_the_hand_list_in_japanese(tmp_path: Path) -> None:
    with japanese():
        app = make_app(copy_sample(tmp_path, "club.toml"))
        async with app.run_test(size=(80, 24)) as pilot:
            await open_mode(pilot, "f8")
            stats = text(app)
            stats_leaks = leaked(app, stats)
            await press(pilot, "enter")
            hands = text(app)
            hands_leaks = leaked(app, hands)
    assert CJK.search(stats) and CJK.search(hands)
    assert stats_leaks == [] and hands_leaks == []


async def test_the_preview_shows_the_lines_yaku_and_dora(club: Path) -> None:
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_mode(pilot, "f2")
        await type_text(pilot, "t1 ron S<-W 3/30 y:riichi,pinfu,dora1 r:S")
        shown = lines(app)
    # Under the payments, the winner's recorded detail (the payments' wording is the
    # preview's own, and may change; this line is the detail's)
    start = shown.index("  round 4 table 1, East 1, 0 honba")
    assert "    S 佐々木 蓮: riichi, pinfu · dora 1 · closed" in shown[start + 5 : start + 9]

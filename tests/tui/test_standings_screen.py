"""The standings screen (F3): the numbers of `mjevent print standings`, rounds, sorting, a
player's history, and live updates when a game ends."""



from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable

from mjevent.core.text import spreadsheet_value
from mjevent.events import commands
from mjevent.events.commands import record_final
from mjevent.events.store import EventStore
from mjevent.tui.cli.print_standings import render
from mjevent.tui.console.screens.standings import PlayerHistoryScreen, StandingsScreen
from mjevent.tui.views.table import TableFormat
from tests.tui.conftest import make_app
from tests.tui.screens_helpers import lines, logged, open_mode, press, settle


def _cells(app: object, selector: str = "#standings-table") -> list[list[str]]:
    table = app.screen.query_one(selector, DataTable)  # type: ignore[attr-defined]
    return [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]


async def test_club_standings_show_the_rows_print_standings_prints(club: Path) -> None:
    # GIVEN the club sample WHEN the director presses F3
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await open_mode(pilot, "f3")
        assert isinstance(app.screen, StandingsScreen)
        shown = lines(app)
        # (t does nothing: nobody in the club has a team)
        await press(pilot, "t")
        assert lines(app) == shown
        # THEN every row holds the numbers `mjevent print standings --format csv` prints
        # (the empty Team column left out, since nobody has a team), read back as a spreadsheet
        # shows them (the "no move" mark is written '= so that no spreadsheet runs it).
        printed = render(app.session.standings(app.state), TableFormat.CSV).splitlines()[1:]
        expected = [[spreadsheet_value(c) for c in row.split(",")] for row in printed]
        assert _cells(app) == [[c for i, c in enumerate(row) if i != 2] for row in expected]
    assert shown[:4] == [
        " Standings after round 3",
        "  #  Name                Total  G   Avg  1st  2nd  3rd  4th    Pen  Move",
        "  1  Nguyễn Thị Mai      +86.4  3  1.33    2    1    0    0            =",
        "  2  Aoife Ní Bhriain    +73.6  3  1.67    2    0    1    0            =",
    ]
    assert shown[-2] == " Tiebreaks: total, shared"


async def test_left_bracket_shows_round_1_with_a_shared_place(tmp_path: Path) -> None:
    from tests.tui.conftest import copy_sample

    # GIVEN league after round 3 WHEN [ twice: round 1, where two players share 10th place
    league = copy_sample(tmp_path, "league.toml")
    app = make_app(league)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await open_mode(pilot, "f3")
        await press(pilot, "left_square_bracket", "left_square_bracket")
        shown = lines(app)
    assert shown[0] == " Standings after round 1"
    assert shown[7:9] == [
        " 10-11  Freja Dahl        København Kans         +25.8  1  1.00    1    0    0",
        " 10-11  Maja Lewandowska  Kraków Bamboo          +25.8  1  1.00    1    0    0",
    ]


async def test_s_sorts_by_the_next_column_and_o_reverses(sanma: Path) -> None:
    app = make_app(sanma)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await open_mode(pilot, "f3")
        # GIVEN ranking order WHEN s twice (Place, then Name)
        await press(pilot, "s", "s")
        by_name = [row[1] for row in _cells(app)]
        title = lines(app)[0]
        await press(pilot, "o")
        reversed_names = [row[1] for row in _cells(app)]
    assert title == " Standings after round 2, by Name, A to Z"
    assert by_name == [
        "Ana Ruiz", "Björn Sigurðsson", "Hanna Kowalczyk", "Léa Dubois", "Tomás Ó Briain",
        "佐藤 花子", "山本 健太", "陳 美玲", "박지훈",
    ]
    assert reversed_names == by_name[::-1]


async def test_enter_opens_a_players_history_with_the_running_total(sanma: Path) -> None:
    app = make_app(sanma)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await open_mode(pilot, "f3")
        # GIVEN the third row (佐藤 花子, +24.1) WHEN Enter
        await press(pilot, "down", "down", "enter")
        assert isinstance(app.screen, PlayerHistoryScreen)
        shown = lines(app)
        await press(pilot, "escape")
        assert isinstance(app.screen, StandingsScreen)
    assert shown[:6] == [
        " 佐藤 花子 (p09) after round 2",
        # Her numbers over rounds 1-2 (issue 24): `print stats --player p09` gives them too.
        " Numbers to round 2: Hands 19 · Wins 6/19 (31.6%) · Tsumo 1 · Deal-ins 1/19",
        " (5.3%) · Riichi 1/19 (5.3%) · Average win 2,383",
        " Rd  Tbl  Seat  Pl   Final    Uma  Oka  Points  Total  Note",
        "  1    3  S      2  28,900    0.0  0.0    -6.1   -6.1",
        "  2    1  W      1  50,200  +15.0  0.0   +30.2  +24.1",
    ]
    assert " Total +24.1" in shown


async def test_a_game_ending_moves_the_standings_at_once(club: Path) -> None:
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await open_mode(pilot, "f3")
        # WHEN round 4 table 1 finishes by its final scores (through the app, as the entry
        # line does)
        app.run_command(record_final, 4, 1, [41200, 28800, 22100, 27900])
        await settle(pilot)
        shown = lines(app)
        # AND WHEN table 2 finishes while the overview is shown, F3 shows it on coming back
        await open_mode(pilot, "f2")
        app.run_command(record_final, 4, 2, [20000, 30000, 30000, 40000])
        await open_mode(pilot, "f3")
        back = lines(app)
    # THEN round 4 is shown with Nguyễn Thị Mai's 41,200 at East (+26.2 with uma) on top
    assert shown[:4] == [
        " Standings after round 4",
        "  #  Name                 Total  G   Avg  1st  2nd  3rd  4th    Pen  Move",
        "  1  Nguyễn Thị Mai      +112.6  4  1.25    3    1    0    0            =",
        "  2  Aoife Ní Bhriain     +73.6  3  1.67    2    0    1    0            =",
    ]
    assert back[2] == "  1  Nguyễn Thị Mai      +112.6  4  1.25    3    1    0    0            ="
    # Pieter de Vries (t2 East, 20,000: 4th, -25.0) falls from 5th (+8.5) to 10th, just
    # under Javier Sánchez (-16.4)
    assert next(line for line in back if "Pieter de Vries" in line) == (
        " 10  Pieter de Vries      -16.5  4  2.75    1    1    0    2           -5"
    )
    assert [e.KIND for e in logged(club)][-2:] == ["game_finished", "game_finished"]


async def test_t_shows_the_team_standings_of_league(tmp_path: Path) -> None:
    from tests.tui.conftest import copy_sample

    league = copy_sample(tmp_path, "league.toml")
    app = make_app(league)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await open_mode(pilot, "f3")
        await press(pilot, "t")
        shown = lines(app)
    assert shown[:3] == [
        " Team standings after round 3",
        " Place  Team                   Members   Total  Games  Firsts  Penalties  Move",
        "     1  Madrid Dora                  4  +159.9     12       5                =",
    ]


async def test_a_tie_broken_by_best_game_shows_in_the_column_and_under_the_table(
    tmp_path: Path,
) -> None:
    # The event of tests/test_cli_print_export.py: Ann and Bob both +71.0 with one first each;
    # Bob's best game (+61.0) beats Ann's (+60.0).
    path = tmp_path / "league.toml"
    store = EventStore.create(
        path,
        {
            "event": {"name": "League", "format_version": 1},
            "rules": {"preset": "mleague"},
            "players": [{"id": f"p{i}", "name": n} for i, n in
                        enumerate(["Ann", "Bob", "Cy", "Di"], 1)],
        },
    )
    at = "2026-03-14T10:00:00Z"
    commands.set_seating(
        store, 1, [[["p1", "p2", "p3", "p4"]], [["p2", "p3", "p4", "p1"]]], entry_id="s", at=at
    )
    commands.record_final(store, 1, 1, [40000, 30000, 20000, 10000], entry_id="g1", at=at)
    commands.record_final(store, 2, 1, [41000, 18000, 10000, 31000], entry_id="g2", at=at)
    app = make_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_mode(pilot, "f3")
        shown = lines(app)
    assert shown[:4] == [
        " Standings after round 2",
        " #  Name   Total  G   Avg  1st  2nd  3rd  4th  Pen  Move  Tiebreak",
        " 1  Bob    +71.0  2  1.50    1    1    0    0         +1  best game",
        " 2  Ann    +71.0  2  1.50    1    1    0    0         -1  best game",
    ]
    assert shown[-3:-1] == [
        " Tiebreaks: total, firsts, best_game, shared",
        " Level on +71.0: Bob (1), Ann (2); decided by best_game",
    ]

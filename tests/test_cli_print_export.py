"""`mjevent print standings` and `mjevent export`, on a small event worked out by hand.

Four players, EMA 2016, two rounds recorded by final scores:

- Round 1 (p1 p2 p3 p4): 45000 30000 30000 15000. p2 and p3 share 2nd-3rd: uma (5000-5000)/2 = 0.
  p1 +15000+15000 = +30.0, p2 0.0, p3 0.0, p4 -15000-15000 = -30.0.
- Round 2 (p2 p3 p4 p1): 40000 35000 25000 20000, p4 one chombo (-20000 after uma).
  p2 +10000+15000 = +25.0, p3 +5000+5000 = +10.0, p4 -5000-5000-20000 = -30.0,
  p1 -10000-15000 = -25.0.
- Penalties: p3 2000 (late, round 2); a 5000 penalty on p1, cancelled by a correction.

Totals: p2 +25.0, p3 +10.0-2.0 = +8.0, p1 +30.0-25.0 = +5.0, p4 -60.0.
Teams: Red Dragons (p1, p3) +13.0, Blue Waves (p2, p4) -35.0.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from mjevent.events import commands
from mjevent.events.store import EventStore
from mjevent.tui.cli.main import app

runner = CliRunner()


@pytest.fixture()
def event_file(tmp_path: Path) -> Path:
    path = tmp_path / "cup.toml"
    store = EventStore.create(
        path,
        {
            "event": {"name": "Cup", "format_version": 1},
            "rules": {"preset": "ema2016"},
            "teams": [{"id": "red", "name": "Red Dragons"}, {"id": "blue", "name": "Blue Waves"}],
            "players": [
                {"id": "p1", "name": "田中 優希", "team": "red"},
                {
                    "id": "p2",
                    "name": "Sophie Müller",
                    "team": "blue",
                    "family_name": "Müller",
                    "given_name": "Sophie",
                },
                {"id": "p3", "name": "김서연", "team": "red"},
                {
                    "id": "04120007",
                    "name": "Lars Øvergaard",
                    "team": "blue",
                    "name_order": "given_first",
                },
            ],
        },
    )
    at = "2026-03-14T10:00:00Z"
    p4 = "04120007"
    commands.set_seating(
        store, 1, [[["p1", "p2", "p3", p4]], [["p2", "p3", p4, "p1"]]], entry_id="s1", at=at
    )
    commands.record_final(store, 1, 1, [45000, 30000, 30000, 15000], entry_id="g1", at=at)
    commands.record_final(
        store, 2, 1, [40000, 35000, 25000, 20000], chombos=(2,), entry_id="g2", at=at
    )
    commands.add_penalty(store, "p3", 2000, "late", entered_by="TD", round=2, entry_id="x1", at=at)
    commands.add_penalty(store, "p1", 5000, "phone", round=2, entry_id="x2", at=at)
    commands.correct_entry(store, "x2", "wrong player", entry_id="c1", at=at)
    return path


TEXT = """\
Standings after round 2

Place  Name            Team         Total  Games  Avg place  1st  2nd  3rd  4th  Penalties  Move
-----  --------------  -----------  -----  -----  ---------  ---  ---  ---  ---  ---------  ----
    1  Sophie Müller   Blue Waves   +25.0      2       1.50    1    1    0    0               +1
    2  김서연          Red Dragons   +8.0      2       2.00    0    2    0    0       -2.0     =
    3  田中 優希       Red Dragons   +5.0      2       2.50    1    0    0    1               -2
    4  Lars Øvergaard  Blue Waves   -60.0      2       3.50    0    0    1    1      -20.0     =

Tiebreaks: total, shared
"""


def test_print_standings_text_aligns_cjk_names(event_file: Path) -> None:
    result = runner.invoke(app, ["print", "standings", str(event_file)])
    assert result.exit_code == 0, result.output
    assert result.output == TEXT


def test_print_standings_after_round_one_shares_second_place(event_file: Path) -> None:
    result = runner.invoke(
        app, ["print", "standings", str(event_file), "--after-round", "1", "--format", "csv"]
    )
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        "Place,Name,Team,Total,Games,Avg place,1st,2nd,3rd,4th,Penalties,Move",
        "1,田中 優希,Red Dragons,+30.0,1,1.00,1,0,0,0,,",
        "2-3,Sophie Müller,Blue Waves,0.0,1,2.00,0,1,0,0,,",
        "2-3,김서연,Red Dragons,0.0,1,2.00,0,1,0,0,,",
        "4,Lars Øvergaard,Blue Waves,-30.0,1,4.00,0,0,0,1,,",
    ]


def test_print_team_standings_markdown(event_file: Path) -> None:
    result = runner.invoke(
        app, ["print", "standings", str(event_file), "--teams", "--format", "md"]
    )
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[:6] == [
        "## Team standings after round 2",
        "",
        "| Place | Team | Members | Total | Games | Firsts | Penalties | Move |",
        "| ---: | :--- | ---: | ---: | ---: | ---: | ---: | ---: |",
        "| 1 | Red Dragons | 2 | +13.0 | 4 | 1 | -2.0 | = |",
        "| 2 | Blue Waves | 2 | -35.0 | 4 | 1 |  | = |",
    ]


def test_print_standings_html_escapes_and_lists_every_player(event_file: Path) -> None:
    result = runner.invoke(app, ["print", "standings", str(event_file), "--format", "html"])
    assert result.exit_code == 0, result.output
    assert "<title>Standings after round 2</title>" in result.output
    assert result.output.count("<tr>") == 5
    # dir="auto": a name in Arabic or Hebrew reads right to left in its cell, as on paper.
    assert (
        '<td dir="auto">Lars Øvergaard</td><td dir="auto">Blue Waves</td>'
        '<td class="num" dir="auto">-60.0</td>'
    ) in result.output
    assert result.output.endswith("</tbody></table>\n</body>\n</html>\n")


def test_print_standings_after_a_round_not_played_is_refused(event_file: Path) -> None:
    result = runner.invoke(app, ["print", "standings", str(event_file), "--after-round", "3"])
    assert result.exit_code == 1
    assert result.stderr == (
        f"error: {event_file}: round 3 has no results yet (the last round with results is 2)\n"
    )


def test_export_ema_rows_and_zero_sum_report(event_file: Path) -> None:
    result = runner.invoke(app, ["export", str(event_file), "--format", "ema"])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "Position,First name,Last name,EMA number,Table points,Score,EMA member,Country",
        # Family names last column: Müller given in the file, Øvergaard by name_order, 김 and
        # 田中 guessed (family name first in Korean and CJK script) and listed on stderr.
        "1,Sophie,Müller,,,25000,0,",
        "2,서연,김,,,8000,0,",
        "3,優希,田中,,,5000,0,",
        "4,Lars,Øvergaard,04120007,,-60000,1,",
    ]
    assert result.stderr.splitlines() == [
        "game points add up to -20.0; chombo penalties -20.0; before chombo the tables add up "
        "to 0.0; event penalties -2.0",
        "chombo: round 2 table 1 Lars Øvergaard (04120007) -20.0",
        "check 2 name split(s), guessed (set family_name and given_name, or name_order, on the "
        "player in the event file to make them exact):",
        "  김서연: Last name 김, First name 서연 (family name first in Korean script, "
        "one-character family name)",
        "  田中 優希: Last name 田中, First name 優希 (family name first in CJK script)",
    ]


def test_export_csv_has_every_seat_of_every_game(event_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "games.csv"
    result = runner.invoke(app, ["export", str(event_file), "--format", "csv", "-o", str(out)])
    assert result.exit_code == 0, result.output
    lines = out.read_text(encoding="utf-8").splitlines()
    assert lines[0] == (
        "round,table,seat,player,name,final,place,uma,oka,chombo,total,rounded,points,substitute"
    )
    assert lines[1:] == [
        "1,1,E,p1,田中 優希,45000,1,15000,0,0,30000,30000,30000,",
        "1,1,S,p2,Sophie Müller,30000,2,0,0,0,0,0,0,",
        "1,1,W,p3,김서연,30000,2,0,0,0,0,0,0,",
        "1,1,N,04120007,Lars Øvergaard,15000,4,-15000,0,0,-30000,-30000,-30000,",
        "2,1,E,p2,Sophie Müller,40000,1,15000,0,0,25000,25000,25000,",
        "2,1,S,p3,김서연,35000,2,5000,0,0,10000,10000,10000,",
        "2,1,W,04120007,Lars Øvergaard,25000,3,-5000,0,-20000,-10000,-10000,-30000,",
        "2,1,N,p1,田中 優希,20000,4,-15000,0,0,-25000,-25000,-25000,",
    ]


def test_unknown_file_exits_2(tmp_path: Path) -> None:
    result = runner.invoke(app, ["print", "standings", str(tmp_path / "nope.toml")])
    assert result.exit_code == 2


def test_cli_modules_do_not_import_textual() -> None:
    import subprocess
    import sys

    code = (
        "import sys, mjevent.tui.cli.print_standings, mjevent.tui.cli.export; "
        "print(any(m == 'textual' or m.startswith('textual.') for m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.strip() == "False", done.stderr


def test_print_penalties_keeps_the_cancelled_one_and_lists_the_chombo(event_file: Path) -> None:
    result = runner.invoke(app, ["print", "penalties", str(event_file), "--format", "csv"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        "Round,Table,Name,Points,Reason,Entered by,Status",
        "2,,김서연,-2.0,late,TD,",
        "2,,田中 優希,-5.0,phone,,cancelled: wrong player",
        "2,1,Lars Øvergaard,-20.0,chombo,,",
    ]


def test_print_player_explains_the_total(event_file: Path) -> None:
    result = runner.invoke(
        app, ["print", "player", str(event_file), "Lars Øvergaard", "--format", "csv"]
    )
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        "Round,Table,Seat,Place,Final,Uma,Oka,Chombo,Points,Note",
        '1,1,N,4,"15,000",-15.0,0.0,,-30.0,',
        '2,1,W,3,"25,000",-5.0,0.0,-20.0,-30.0,',
        ",,,,,,,,-60.0,total",
    ]


def test_print_player_lists_a_cancelled_penalty_without_counting_it(event_file: Path) -> None:
    result = runner.invoke(app, ["print", "player", str(event_file), "p1", "--format", "csv"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[3:] == [
        "2,,,,,,,,,penalty: phone (cancelled: wrong player)",
        ",,,,,,,,+5.0,total",
    ]


def test_print_player_unknown_names_the_closest(event_file: Path) -> None:
    result = runner.invoke(app, ["print", "player", str(event_file), "Sophie Muller"])
    assert result.exit_code == 1
    assert result.stderr == (
        f"error: {event_file}: no player 'Sophie Muller' in the event; "
        "did you mean 'Sophie Müller'?\n"
    )


def test_print_standings_says_which_tiebreak_decided(tmp_path: Path) -> None:
    # M.League (25000 start, 30000 return, oka 20000 to first, uma 30/10/-10/-30).
    # Game 1 (p1 p2 p3 p4) 40000 30000 20000 10000: p1 10+30+20 = +60.0, p2 0+10 = +10.0,
    #   p3 -10-10 = -20.0, p4 -20-30 = -50.0.
    # Game 2 (p2 p3 p4 p1) 41000 18000 10000 31000: p2 11+30+20 = +61.0, p1 1+10 = +11.0,
    #   p3 -12-10 = -22.0, p4 -20-30 = -50.0.
    # p1 and p2 both +71.0 with one first each; p2's best game (+61.0) beats p1's (+60.0).
    path = tmp_path / "league.toml"
    store = EventStore.create(
        path,
        {
            "event": {"name": "League", "format_version": 1},
            "rules": {"preset": "mleague"},
            "players": [
                {"id": "p1", "name": "Ann"},
                {"id": "p2", "name": "Bob"},
                {"id": "p3", "name": "Cy"},
                {"id": "p4", "name": "Di"},
            ],
        },
    )
    at = "2026-03-14T10:00:00Z"
    commands.set_seating(
        store, 1, [[["p1", "p2", "p3", "p4"]], [["p2", "p3", "p4", "p1"]]], entry_id="s", at=at
    )
    commands.record_final(store, 1, 1, [40000, 30000, 20000, 10000], entry_id="g1", at=at)
    commands.record_final(store, 2, 1, [41000, 18000, 10000, 31000], entry_id="g2", at=at)
    result = runner.invoke(app, ["print", "standings", str(path), "--format", "md"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[4:] == [
        "| 1 | Bob | +71.0 | 2 | 1.50 | 1 | 1 | 0 | 0 |  | +1 |",
        "| 2 | Ann | +71.0 | 2 | 1.50 | 1 | 1 | 0 | 0 |  | -1 |",
        "| 3 | Cy | -42.0 | 2 | 3.00 | 0 | 0 | 2 | 0 |  | = |",
        "| 4 | Di | -100.0 | 2 | 4.00 | 0 | 0 | 0 | 2 |  | = |",
        "",
        "Tiebreaks: total, firsts, best_game, shared",
        "Level on +71.0: Bob (1), Ann (2); decided by best_game",
    ]


def test_render_shows_brackets_in_a_later_stage() -> None:
    from mjevent.core.presets import preset
    from mjevent.core.results import game_result
    from mjevent.core.standings import Carry, Entrant, PlayedGame, StageConfig, StandingsConfig
    from mjevent.core.standings.compute import compute_standings
    from mjevent.tui.cli.print_standings import render
    from mjevent.tui.views.table import TableFormat

    ema = preset("ema2016").rules
    players = [Entrant(p, p.upper()) for p in "abcdefgh"]
    games = [
        # Round 1: a +25.0, e +10.0, b -10.0, f -25.0 | g +35.0, c 0.0, h 0.0, d -35.0.
        PlayedGame(1, 1, tuple("aebf"), game_result([40000, 35000, 25000, 20000], ema)),
        PlayedGame(1, 2, tuple("gchd"), game_result([50000, 30000, 30000, 10000], ema)),
        # Final of the top two: g +25.0, a -25.0 ... with e, c: g a e c by round 1 order.
        PlayedGame(2, 1, tuple("gaec"), game_result([40000, 35000, 25000, 20000], ema)),
    ]
    config = StandingsConfig(
        stages=(
            StageConfig("swiss", (1, 1), advance=(4,)),
            StageConfig("final", (2, 2), carry=Carry.RESET),
        )
    )
    table = compute_standings(games, players, config)
    text = render(table, TableFormat.CSV)
    assert table.notes == (
        "the cut after place 4 of swiss falls among players level on the tiebreaks (C, H): "
        "their order by name decided; end the tiebreaks with 'lots' for a drawn cut",
    )
    assert table.standings_after(1).notes == table.notes
    assert table.standings_after(1).next_stage() == (("g", "a", "e", "c"),)
    # Final (reset): g 10+15 = +25.0, a 5+5 = +10.0, e -10.0, c -25.0; then the cut in their
    # round-1 order: h 0.0 (c and h tied at 0.0, c went through by name), b -10.0, f -25.0,
    # d -35.0.
    assert [line.split(",")[:4] for line in text.splitlines()] == [
        ["Place", "Name", "Bracket", "Team"],
        ["1", "G", "", ""],
        ["2", "A", "", ""],
        ["3", "E", "", ""],
        ["4", "C", "", ""],
        ["5", "H", "cut", ""],
        ["6", "B", "cut", ""],
        ["7", "F", "cut", ""],
        ["8", "D", "cut", ""],
    ]

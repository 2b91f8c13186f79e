"""`mjevent seat` and `mjevent seating check` through Typer's CliRunner."""

from __future__ import annotations

import io
import json
from pathlib import Path

from typer.testing import CliRunner

from mjevent.core.seating.draw import draw_permutation
from mjevent.tui.cli.main import app
from mjevent.tui.cli.seat import SearchProgress

runner = CliRunner()


def test_seat_json_has_the_documented_shape_and_numbers_from_one() -> None:
    result = runner.invoke(
        app, ["seat", "--players", "16", "--table-size", "4", "--rounds", "5", "--format", "json"]
    )
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert sorted(data) == ["players", "rounds", "table_size"]
    assert (data["players"], data["table_size"], len(data["rounds"])) == (16, 4, 5)
    for rnd in data["rounds"]:
        assert sorted(p for table in rnd for p in table) == list(range(1, 17))
    assert "5 of 5 rounds are repeat-free (bound 5;" in result.stderr
    assert "wind violations 0" in result.stderr


def test_seat_text_labels_winds_and_tables() -> None:
    result = runner.invoke(app, ["seat", "--players", "8", "--rounds", "1"])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "Round 1"
    assert lines[1].startswith("  Table 1:  E ")
    assert " S " in lines[1] and " W " in lines[1] and " N " in lines[1]


def test_seat_with_byes_prints_them_in_json_and_tsv() -> None:
    # 9 players, 4+1: one bye in each of four rounds, then the four who sat out play.
    result = runner.invoke(app, ["seat", "--players", "9", "--rounds", "5", "--format", "json"])
    data = json.loads(result.stdout)
    assert [len(b) for b in data["bye"]] == [1, 1, 1, 1, 5]
    tsv = runner.invoke(app, ["seat", "--players", "9", "--rounds", "5", "--format", "tsv"])
    rows = tsv.stdout.splitlines()
    assert rows[0] == "round\ttable\tE\tS\tW\tN"
    assert sum(1 for row in rows if row.split("\t")[1] == "--") == 5


def test_seed_text_maps_roster_players_onto_schedule_numbers() -> None:
    args = ["seat", "--players", "16", "--rounds", "2", "--format", "json"]
    plain = json.loads(runner.invoke(app, args).stdout)
    drawn = json.loads(runner.invoke(app, [*args, "--seed", "Spring Open 2026"]).stdout)
    perm = draw_permutation("Spring Open 2026", 16)
    roster_of = {number: roster for roster, number in enumerate(perm)}
    expected = [[[roster_of[p - 1] + 1 for p in t] for t in rnd] for rnd in plain["rounds"]]
    assert drawn["rounds"] == expected
    again = json.loads(runner.invoke(app, [*args, "--seed", "Spring Open 2026"]).stdout)
    assert again == drawn


def test_teams_stay_apart_after_the_draw() -> None:
    result = runner.invoke(
        app,
        ["seat", "--players", "20", "--rounds", "5", "--teams", "4", "--seed", "x", "--format",
         "json"],
    )
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    for rnd in data["rounds"]:
        for table in rnd:
            assert len({(p - 1) // 5 for p in table}) == 4


def test_bad_format_and_both_team_options_are_explained() -> None:
    bad = runner.invoke(app, ["seat", "--players", "8", "--rounds", "1", "--format", "xml"])
    assert bad.exit_code == 2
    assert "--format 'xml': expected one of text, json, tsv" in bad.stderr
    both = runner.invoke(
        app, ["seat", "--players", "8", "--rounds", "1", "--teams", "2", "--team-size", "4"]
    )
    assert both.exit_code == 2
    assert "use one of them" in both.stderr


def test_team_count_that_does_not_divide_is_explained() -> None:
    result = runner.invoke(app, ["seat", "--players", "10", "--rounds", "1", "--teams", "3"])
    assert result.exit_code == 2
    assert "choose a team count that divides 10" in result.stderr


def _write(tmp_path: Path, data: object) -> str:
    path = tmp_path / "seating.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


REPEATING = {
    "players": 8,
    "table_size": 4,
    "rounds": [[[1, 2, 3, 4], [5, 6, 7, 8]], [[1, 2, 5, 6], [3, 4, 7, 8]]],
}


def test_check_prints_the_report_and_passes_without_requirements(tmp_path: Path) -> None:
    result = runner.invoke(app, ["seating", "check", _write(tmp_path, REPEATING)])
    assert result.exit_code == 0
    assert result.stdout.splitlines()[:2] == [
        "rounds: 2, repeat-free: 1",
        "repeated pairs: 4 (extra meetings 4), worst: players 1 and 2 met 2 times",
    ]


def test_check_exits_one_when_a_requested_rule_breaks(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["seating", "check", _write(tmp_path, REPEATING), "--no-repeats"]
    )
    assert result.exit_code == 1
    assert "BROKEN: no_repeats: 4 pairs meet more than once" in result.stdout


def test_check_team_option_finds_teammates_together(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["seating", "check", _write(tmp_path, REPEATING), "--team-size", "2"]
    )
    assert result.exit_code == 1
    assert "BROKEN: teams: 8 teammate pairs share a table" in result.stdout


def test_check_round_trips_seat_output(tmp_path: Path) -> None:
    out = runner.invoke(app, ["seat", "--players", "9", "--table-size", "3", "--rounds", "4",
                              "--format", "json"])
    path = tmp_path / "nine.json"
    path.write_text(out.stdout, encoding="utf-8")
    result = runner.invoke(
        app, ["seating", "check", str(path), "--no-repeats", "--wind-balance",
              "--min-repeat-free", "4"]
    )
    assert result.exit_code == 0, result.stdout


def test_check_unreadable_files_exit_two_with_the_reason(tmp_path: Path) -> None:
    missing = runner.invoke(app, ["seating", "check", str(tmp_path / "none.json")])
    assert missing.exit_code == 2
    assert "cannot read" in missing.stderr
    path = tmp_path / "bad.json"
    path.write_text("{", encoding="utf-8")
    bad = runner.invoke(app, ["seating", "check", str(path)])
    assert bad.exit_code == 2
    assert "not JSON" in bad.stderr
    twice = _write(tmp_path, {"players": 4, "table_size": 2, "rounds": [[[1, 2], [1, 3]]]})
    dup = runner.invoke(app, ["seating", "check", twice])
    assert dup.exit_code == 2
    assert "round 1: player 1 is seated twice" in dup.stderr


def test_seat_bound_counts_the_byes() -> None:
    # 13 players at tables of 4: round 2 always repeats a pair, so the bound is 1, not 4.
    result = runner.invoke(app, ["seat", "--players", "13", "--rounds", "3"])
    assert result.exit_code == 0
    assert "1 of 3 rounds are repeat-free (bound 1;" in result.stderr
    # 15 players, format 4+1: five rounds of four games each, all repeat-free.
    result = runner.invoke(app, ["seat", "--players", "15", "--rounds", "5"])
    assert "5 of 5 rounds are repeat-free (bound 5; source annealed; byes 4+1)" in result.stderr


def test_84_riichi_players_get_27_rounds_that_the_checker_passes(tmp_path: Path) -> None:
    # The bound floor(83 / 3) = 27, from the 1-rotational 4-GDD of type 3^28 (catalogue: 26).
    args = ["seat", "--players", "84", "--table-size", "4", "--rounds", "27", "--format", "json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0
    assert "27 of 27 rounds are repeat-free (bound 27; source construction:1-rotational" in (
        result.stderr
    )
    assert "wind violations 0 (spread 1); table repeats 0" in result.stderr
    seating = tmp_path / "p84.json"
    seating.write_text(result.stdout, encoding="utf-8")
    checked = runner.invoke(app, ["seating", "check", str(seating)])
    assert checked.exit_code == 0
    assert checked.stdout.splitlines()[:3] == [
        "rounds: 27, repeat-free: 27",
        "repeated pairs: 0 (extra meetings 0)",
        "pairs never met: 84 (indirect only: 84)",
    ]


def test_over_asked_seat_says_so_first_and_seats_the_fewest_repeats() -> None:
    # 120 players: the constructions and the catalogue give 35, best known and bound 39
    # (seating-targets.md); the 36th round is seated at once with the fewest repeats.
    result = runner.invoke(app, ["seat", "--players", "120", "--rounds", "36", "--format", "tsv"])
    assert result.exit_code == 0
    lines = result.stderr.splitlines()
    assert lines[0] == (
        "36 rounds asked for 120 players at tables of 4: more than mjevent knows how to seat "
        "without a repeated pair. Its constructions give 35 repeat-free rounds and the public "
        "catalogue 35; the best known is 39, the bound 39 (a 39-round schedule exists but is "
        "not built in). Seating the 35, then the search adds what it can and seats the rest "
        "with the fewest repeats."
    )
    assert "35 of 36 rounds are repeat-free" in result.stderr
    assert "repeats 18;" in result.stderr
    assert result.stdout.splitlines()[-1].startswith("36\t30\t")


def test_max_seconds_must_be_positive() -> None:
    result = runner.invoke(app, ["seat", "--players", "16", "--rounds", "5", "--max-seconds", "0"])
    assert result.exit_code == 2
    assert "--max-seconds 0: expected a number of seconds above 0" in result.stderr


def test_progress_bar_waits_a_second_then_draws_each_round() -> None:
    now = [0.0]
    out = io.StringIO()
    bar = SearchProgress(out, clock=lambda: now[0])
    bar.update(1, 4)  # within the first second: nothing
    now[0] = 1.5
    bar.update(2, 4)
    now[0] = 1.9
    bar.update(3, 4)  # not a terminal: at most one line a second
    now[0] = 2.0
    bar.update(4, 4)  # the last round is always shown
    bar.finish()
    assert out.getvalue().splitlines() == [
        "searching [##########----------] round 2 of 4, 2 s",
        "searching [####################] round 4 of 4, 2 s",
    ]


def test_progress_bar_names_each_slow_step_as_it_starts() -> None:
    now = [2.0]
    out = io.StringIO()
    bar = SearchProgress(out, clock=lambda: now[0])
    bar.start = 0.0
    bar.step("cyclic base round, plan", 1, 2)
    now[0] = 2.5
    bar.step("inside rounds", 1, 7)  # a new step is shown at once
    bar.step("inside rounds", 2, 7)  # the same step within a second: not again
    assert out.getvalue().splitlines() == [
        "searching [##########----------] cyclic base round, plan 1 of 2, 2 s",
        "searching [##------------------] inside rounds 1 of 7, 2 s",
    ]

"""The checker: exact counts on small hand-made seatings, and seed 003's wind rule."""

from __future__ import annotations

from mjevent.core.seating.check import (
    Requirements,
    check,
    meeting_matrix,
    repeat_free_rounds,
    wind_counts_acceptable,
)
from mjevent.core.seating.schedule import Schedule

# 8 players, tables of 4, three rounds; round 3 repeats round 1's first table.
EIGHT = Schedule.build(
    8,
    4,
    [
        [[0, 1, 2, 3], [4, 5, 6, 7]],
        [[0, 4, 1, 5], [2, 6, 3, 7]],
        [[1, 2, 3, 0], [7, 6, 5, 4]],
    ],
)


def test_repeat_counts_worst_pair_and_pairs_never_met_are_exact() -> None:
    report = check(EIGHT)
    assert report.summary.repeat_free_rounds == 1
    assert report.repeated_pairs == 12
    assert report.summary.repeats == 16
    assert report.worst_pair == (0, 1, 3)
    assert report.pairs_never_met == 8
    assert report.summary.pairs_met == 20


def test_meeting_matrix_counts_each_shared_table() -> None:
    m = meeting_matrix(EIGHT)
    assert (int(m[0, 1]), int(m[0, 4]), int(m[0, 6]), int(m[4, 5])) == (3, 1, 0, 3)


def test_wind_counts_and_spreads_per_player() -> None:
    report = check(EIGHT)
    assert report.wind_counts[0] == (2, 0, 0, 1)
    assert report.player_wind_spread[0] == 2
    assert report.summary.wind_spread == 2


def test_seed_003_second_principle() -> None:
    # R % 4 != 0: at most one apart.
    assert wind_counts_acceptable([1, 1, 0, 0])
    assert not wind_counts_acceptable([2, 0, 0, 0])
    # R % 4 == 0: equal, or 2110 with the two middle counts at R/4; 2200 is unacceptable.
    assert wind_counts_acceptable([1, 1, 1, 1])
    assert wind_counts_acceptable([0, 1, 2, 1])
    assert not wind_counts_acceptable([2, 2, 0, 0])
    assert wind_counts_acceptable([3, 2, 2, 1])
    assert not wind_counts_acceptable([3, 3, 1, 1])
    # R = 5 must correct 2110 to 2111.
    assert wind_counts_acceptable([2, 1, 1, 1])
    assert not wind_counts_acceptable([3, 1, 1, 0])


def test_table_number_repeats_count_every_player_round_in_a_three_round_window() -> None:
    # Round 2 keeps everybody at their table, round 3 swaps the two tables: 8 + 8 repeats.
    s = Schedule.build(8, 4, [[[0, 1, 2, 3], [4, 5, 6, 7]]] * 2 + [[[4, 5, 6, 7], [0, 1, 2, 3]]])
    report = check(s, Requirements(table_rotation=True))
    assert report.summary.table_repeats == 8
    assert report.worst_table_repeat == (0, 1, 0)
    assert report.broken == (
        "table_rotation: 8 player-rounds reuse a table number within 3 rounds",
    )


def test_team_violations_are_reported_and_always_break() -> None:
    s = Schedule.build(4, 2, [[[0, 1], [2, 3]], [[0, 2], [1, 3]]], teams=[[0, 1]])
    report = check(s)
    assert report.summary.team_violations == 1
    assert report.team_violation_examples == ((0, 0, 1),)
    assert report.broken == ("teams: 1 teammate pairs share a table",)


def test_requirements_pass_when_met() -> None:
    s = Schedule.build(4, 2, [[[0, 1], [2, 3]], [[2, 0], [1, 3]], [[0, 3], [2, 1]]])
    report = check(s, Requirements(no_repeats=True, min_repeat_free_rounds=3))
    assert report.ok
    assert report.summary.pairs_met == 6
    assert report.pairs_never_met == 0


def test_min_repeat_free_rounds_failure_names_both_counts() -> None:
    report = check(EIGHT, Requirements(min_repeat_free_rounds=2))
    assert report.broken == ("min_repeat_free_rounds: only 1 repeat-free rounds, 2 required",)


def test_repeat_free_rounds_ignores_byes() -> None:
    s = Schedule.build(5, 2, [[[0, 1], [2, 3]], [[0, 2], [1, 4]]], [[4], [3]])
    assert repeat_free_rounds(s) == 2


def test_report_lines_number_players_from_one() -> None:
    lines = check(EIGHT).lines()
    assert lines[1] == (
        "repeated pairs: 12 (extra meetings 16), worst: players 1 and 2 met 3 times"
    )

"""The checker: exact counts on small hand-made seatings, and seed 003's wind rule."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from mjevent.core.seating.check import (
    Requirements,
    check,
    meeting_matrix,
    repeat_free_rounds,
    two_step,
    wind_counts_acceptable,
)
from mjevent.core.seating.generate import generate
from mjevent.core.seating.inside_blocks import INSIDE_BLOCKS
from mjevent.core.seating.library import decode_block
from mjevent.core.seating.library_blocks import BLOCKS
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


# --- two-step meetings without the n^3 product --------------------------------------------------


def _two_step_by_product(met: npt.NDArray[np.bool_]) -> npt.NDArray[np.bool_]:
    """The former count: the square of the meeting matrix (exact in int64)."""
    as_int = met.astype(np.int64)
    return np.asarray((as_int @ as_int) > 0)


def _stored_schedules() -> list[tuple[str, Schedule]]:
    """Every library block, whole and cut (a cut block has pairs never met, so the indirect
    count is not trivially 0), every stored inside schedule (with its sit-outs), and the
    generated schedules of the sizes the seating benchmark reports (1,000 players included)."""
    out: list[tuple[str, Schedule]] = []
    for name, text in BLOCKS.items():
        block = decode_block(name, text)
        for rounds in sorted({1, 2, len(block.rounds) // 2, len(block.rounds)} - {0}):
            out.append((f"{name}/{rounds}", block.schedule(rounds)))
    for name, rounds_ in INSIDE_BLOCKS.items():
        k, m = (int(part[1:]) for part in name.split("-"))
        byes = [sorted(set(range(m)) - {p for t in rnd for p in t}) for rnd in rounds_]
        out.append((f"inside:{name}", Schedule.build(m, k, rounds_, byes)))
    for players, k, rounds in ((1000, 4, 12), (120, 4, 10), (90, 3, 12), (30, 2, 9)):
        out.append((f"generated-{players}-k{k}-r{rounds}", generate(players, k, rounds)))
    return out


def test_two_step_counts_are_unchanged_on_every_stored_block() -> None:
    checked: set[str] = set()
    for name, schedule in _stored_schedules():
        met = meeting_matrix(schedule) > 0
        expected = _two_step_by_product(met)
        assert np.array_equal(two_step(met), expected), name
        n = schedule.players
        never = np.triu(np.ones((n, n), dtype=bool), 1) & ~met
        for team in schedule.teams:  # teammates are never to meet: not counted as indirect
            never[np.ix_(team, team)] = False
        assert check(schedule).summary.indirect == int((never & expected).sum()), name
        checked.add(name.split("/")[0])
    assert checked >= set(BLOCKS) | {f"inside:{name}" for name in INSIDE_BLOCKS}


def test_two_step_of_the_1000_player_schedule_is_the_documented_count() -> None:
    # bench/seating.py's 1,000-player row: 12 repeat-free rounds, 31,500 pairs that never met
    # but share an opponent (measured with the int64 square before the change).
    assert check(generate(1000, 4, 12)).summary.indirect == 31500


def test_a_broken_wind_balance_says_the_rule_in_words() -> None:
    # Player 0 sits East twice in two rounds: counts 2-0-0-0, more than 1 apart.
    s = Schedule.build(4, 4, [[[0, 1, 2, 3]], [[0, 1, 2, 3]]])
    report = check(s, Requirements(wind_balance=True))
    assert report.broken == (
        "wind_balance: 4 times a player had sat one wind too often (wind counts more than 1 "
        "apart, beyond 2-1-1-0 after every 4 games)",
    )

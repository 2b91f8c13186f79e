"""Cyclic schedules: plans, class counting, development, and designs found by the search."""

from __future__ import annotations

import numpy as np

from mjevent.core.seating.check import meeting_matrix
from mjevent.core.seating.cyclic import (
    CyclicPlan,
    cyclic_schedule,
    develop,
    develop_all,
    find_base_round,
    find_base_rounds,
    multi_plans,
    plans,
    slack,
)
from mjevent.core.seating.schedule import Schedule


def test_plans_list_most_rounds_first_and_skip_impossible_counts() -> None:
    assert [(p.n, p.fixed) for p in plans(28, 4)] == [(9, 1), (8, 4), (7, 7)]
    # Z_4 x 2 + 1 for 9 players has 8 usable classes for 9 pairs: not listed.
    assert [(p.n, p.fixed) for p in plans(9, 3)] == [(3, 3)]
    assert plans(10, 4) == []


def test_develop_moves_circle_points_and_keeps_fixed_ones() -> None:
    plan = CyclicPlan(3, 1, 1)
    assert develop(plan, [[0, 3], [1, 2]]) == [
        [[0, 3], [1, 2]],
        [[1, 3], [2, 0]],
        [[2, 3], [0, 1]],
    ]


def test_sixteen_players_round_robin_every_pair_exactly_once() -> None:
    found = cyclic_schedule(16, 4, iterations=50_000)
    assert found is not None
    plan, rounds = found
    assert plan == CyclicPlan(5, 3, 1)
    m = meeting_matrix(Schedule.build(16, 4, rounds))
    assert m[np.triu_indices(16, 1)].tolist() == [1] * 120


def test_twenty_four_players_seven_rounds_with_three_fixed_players_apart() -> None:
    found = cyclic_schedule(24, 4, iterations=200_000)
    assert found is not None
    plan, rounds = found
    assert (plan.n, plan.fixed) == (7, 3)
    m = meeting_matrix(Schedule.build(24, 4, rounds))
    upper = m[np.triu_indices(24, 1)]
    assert int(upper.max()) == 1
    # Each player misses exactly two others: the groups of three of the design.
    assert (m.sum(axis=1) == 21).all()
    assert m[21, 22] == m[21, 23] == m[22, 23] == 0


def test_thirty_sanma_players_reach_fourteen_rounds_one_over_the_catalogue() -> None:
    found = cyclic_schedule(30, 3, iterations=200_000)
    assert found is not None
    plan, rounds = found
    assert plan.n == 14
    m = meeting_matrix(Schedule.build(30, 3, rounds))
    assert int(m.max()) == 1


def test_multi_plans_share_classes_between_several_base_rounds() -> None:
    assert [p.label for p in multi_plans(32, 4, 10)] == ["Z5x6+2 2 bases", "Z10x3+2"]
    assert slack(CyclicPlan(5, 6, 2, 2), 4) == 3
    # 18 sanma players in 8 rounds are tight whichever plan: every player misses exactly one.
    assert [(p.label, slack(p, 3)) for p in multi_plans(18, 3, 8)] == [
        ("Z8x2+2", 0),
        ("Z4x4+2 2 bases", 0),
    ]
    assert CyclicPlan(4, 4, 2, 2).rounds == 8


def test_eighteen_sanma_players_eight_rounds_from_two_base_rounds() -> None:
    plan = CyclicPlan(4, 4, 2, 2)
    bases = find_base_rounds(plan, 3, iterations=200_000)
    assert bases is not None
    rounds = develop_all(plan, bases)
    assert len(rounds) == 8
    m = meeting_matrix(Schedule.build(18, 3, rounds))
    assert int(m.max()) == 1
    assert (m.sum(axis=1) == 16).all()
    # The pairs that never meet: the two fixed players and the half-turn pairs (x, x+2).
    never = {(p, q) for p in range(18) for q in range(p + 1, 18) if m[p, q] == 0}
    assert never == {(c * 4 + x, c * 4 + x + 2) for c in range(4) for x in range(2)} | {(16, 17)}


def test_one_base_round_plans_keep_the_search_they_always_had() -> None:
    # The base round the search found before base rounds could be several: recorded seeds
    # in the library's origins still reproduce.
    expected = [[0, 1, 13, 10], [7, 11, 12, 9], [3, 15, 8, 14], [2, 6, 4, 5]]
    assert find_base_round(CyclicPlan(5, 3, 1), 4, iterations=20_000, seed=0) == expected
    assert find_base_rounds(CyclicPlan(5, 3, 1), 4, iterations=20_000, seed=0) == [expected]

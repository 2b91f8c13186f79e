"""Cyclic schedules: plans, class counting, development, and designs found by the search."""

from __future__ import annotations

import numpy as np

from mjevent.core.seating.check import meeting_matrix
from mjevent.core.seating.cyclic import CyclicPlan, cyclic_schedule, develop, plans
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

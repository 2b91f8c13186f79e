"""Play inside the teams with sit-outs: the bounds, the annealing, the held-back round."""

from __future__ import annotations

import itertools

import pytest

from mjevent.core.seating.check import meeting_matrix, repeat_free_rounds
from mjevent.core.seating.constructions import best_construction
from mjevent.core.seating.generate import best_grouping
from mjevent.core.seating.inside import (
    anneal_inside,
    anneal_rotational,
    inside_block_name,
    longest_inside,
    most_inside_rounds,
    refill,
    sitout_labels,
    stored_inside,
)
from mjevent.core.seating.inside_blocks import INSIDE_BLOCKS
from mjevent.core.seating.schedule import Schedule


def _pairs(rounds: list[list[list[int]]]) -> list[tuple[int, int]]:
    return [
        (min(a, b), max(a, b))
        for rnd in rounds
        for table in rnd
        for a, b in itertools.combinations(table, 2)
    ]


@pytest.mark.parametrize(
    ("m", "k", "bound"),
    [(17, 4, 5), (18, 4, 5), (23, 4, 7), (30, 4, 9), (14, 4, 4), (26, 3, 13), (28, 3, 13),
     (16, 4, 5), (3, 4, 0)],
)
def test_inside_round_bound(m: int, k: int, bound: int) -> None:
    assert most_inside_rounds(m, k) == bound


def test_sitouts_are_disjoint_and_of_size_m_mod_k() -> None:
    assert sitout_labels(23, 4, 3) == [[0, 1, 2], [3, 4, 5], [6, 7, 8]]
    assert sitout_labels(16, 4, 2) == [[], []]


def test_annealed_rounds_seat_the_others_once_and_nobody_twice() -> None:
    got = anneal_inside(18, 4, sitout_labels(18, 4, 4), iterations=400_000)
    assert got is not None
    for r, rnd in enumerate(got):
        seated = sorted(p for table in rnd for p in table)
        assert seated == [p for p in range(18) if p not in (2 * r, 2 * r + 1)]
    pairs = _pairs(got)
    assert len(pairs) == len(set(pairs)) == 4 * 4 * 6


def test_rotational_inside_reaches_the_bound_for_23_players_with_3_out() -> None:
    got = anneal_rotational(23, 4, 7, iterations=200_000)
    assert got is not None
    outs = [sorted(set(range(23)) - {p for t in rnd for p in t}) for rnd in got]
    # Circle r of each level sits out in round r: disjoint sit-outs, three per round.
    assert outs[0] == [0, 7, 14] and outs[6] == [6, 13, 20]
    pairs = _pairs(got)
    assert len(pairs) == len(set(pairs)) == 7 * 5 * 6


def test_rotational_needs_players_left_over() -> None:
    assert anneal_rotational(16, 4, 3, iterations=1000) is None
    assert anneal_rotational(17, 4, 18, iterations=1000) is None


def test_longest_inside_stops_at_the_bound() -> None:
    # 15 = 5 x 3 sitting out: everybody sits out once, so a fifth round beats the pair bound.
    assert most_inside_rounds(15, 4) == 5
    assert len(longest_inside(15, 4, 9, iterations=200_000)) == 5


def test_refill_seats_the_sitouts_at_their_held_back_tables() -> None:
    teams = best_construction(20, 4, team_size=5)
    assert teams is not None and len(teams) == 5
    inside = [[[1, 2, 3, 4]]]
    combined = refill(teams, 5, 4, inside)
    assert len(combined) == 5
    held = teams[-1]
    # Label 0 sat out: the held-back table of the players labelled 0 is played.
    label0 = next(t for t in held if 0 in t)
    assert label0 in combined[-1]
    for rnd in combined:
        assert sorted(p for t in rnd for p in t) == list(range(20))
    pairs = _pairs(combined)
    assert len(pairs) == len(set(pairs))


def test_ninety_two_players_reach_the_catalogue_with_a_held_back_round() -> None:
    got = best_grouping(92, 4, 29)
    assert got is not None
    grouping, source, _ = got
    assert source == "teams 4x23 (one round held back) + inside with sit-outs"
    schedule = Schedule.build(92, 4, grouping)
    assert schedule.round_count == 29
    assert repeat_free_rounds(schedule) == 29
    assert int(meeting_matrix(schedule).max()) == 1


@pytest.mark.parametrize("name", sorted(INSIDE_BLOCKS))
def test_every_stored_inside_schedule_is_repeat_free_with_disjoint_sitouts(name: str) -> None:
    k_text, m_text = name.split("-")
    k, m = int(k_text[1:]), int(m_text[1:])
    assert name == inside_block_name(m, k)
    rounds = stored_inside(m, k)
    out_before: set[int] = set()
    for rnd in rounds:
        assert all(len(table) == k for table in rnd)
        seated = [p for table in rnd for p in table]
        assert len(seated) == len(set(seated))
        out = set(range(m)) - set(seated)
        assert len(out) % k == m % k
        assert not out & out_before
        out_before |= out
    pairs = _pairs(rounds)
    assert len(pairs) == len(set(pairs))


def test_seventy_two_players_reach_the_catalogue_with_the_stored_inside_schedule() -> None:
    assert len(stored_inside(18, 4)) == 5
    got = best_grouping(72, 4, 21)
    assert got is not None
    schedule = Schedule.build(72, 4, got[0])
    assert repeat_free_rounds(schedule) == 21


def test_no_stored_schedule_is_no_rounds() -> None:
    assert stored_inside(19, 4) == []


def test_few_tables_let_more_sit_out_to_go_on() -> None:
    # 14 labels at 4 have three tables: with 2 out a second round always repeats a pair;
    # with 6, 6 and 2 out (each label at most once) three rounds are repeat-free.
    got = longest_inside(14, 4, 4, iterations=400_000)
    assert [14 - sum(len(t) for t in rnd) for rnd in got] == [6, 6, 2]
    pairs = _pairs(got)
    assert len(pairs) == len(set(pairs))

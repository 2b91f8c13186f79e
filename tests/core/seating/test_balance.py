"""Seat winds balanced after every round (any grouping, byes, fixed rounds) and table numbers."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mjevent.core.seating.balance import assign_table_numbers, assign_winds
from mjevent.core.seating.check import Requirements, check
from mjevent.core.seating.schedule import Schedule


@st.composite
def groupings(draw: st.DrawFn) -> tuple[int, int, list[list[list[int]]], list[list[int]]]:
    k = draw(st.integers(2, 5))
    tables = draw(st.integers(1, 5))
    over = draw(st.integers(0, k - 1))
    players = k * tables + over
    rounds: list[list[list[int]]] = []
    byes: list[list[int]] = []
    for _ in range(draw(st.integers(1, 9))):
        order = draw(st.permutations(range(players)))
        rounds.append([list(order[i * k : (i + 1) * k]) for i in range(tables)])
        byes.append(list(order[k * tables :]))
    return players, k, rounds, byes


@settings(max_examples=60, deadline=None)
@given(groupings())
def test_every_player_spread_is_at_most_one_after_every_round(
    case: tuple[int, int, list[list[list[int]]], list[list[int]]],
) -> None:
    players, k, rounds, byes = case
    seated = assign_winds(rounds, k)
    for r in range(1, len(rounds) + 1):
        s = Schedule.build(players, k, seated[:r], byes[:r])
        report = check(s, Requirements(wind_balance=True))
        assert max(report.player_wind_spread) <= 1
        assert report.ok


@settings(max_examples=40, deadline=None)
@given(groupings())
def test_winds_only_reorder_each_table(
    case: tuple[int, int, list[list[list[int]]], list[list[int]]],
) -> None:
    _, k, rounds, _ = case
    seated = assign_winds(rounds, k)
    for before, after in zip(rounds, seated, strict=True):
        assert [sorted(t) for t in before] == [sorted(t) for t in after]


def test_fixed_rounds_keep_their_seats_and_later_rounds_complete_the_block() -> None:
    # Everybody has two different seats after the fixed rounds (player 0: East, South); the
    # same tables play twice more, and each player must get the two other seats (a 2x4 Latin
    # rectangle always completes, so this is possible).
    fixed = [[[0, 1, 2, 3], [4, 5, 6, 7]], [[3, 0, 1, 2], [7, 4, 5, 6]]]
    later = [[[0, 1, 2, 3], [4, 5, 6, 7]], [[0, 1, 2, 3], [4, 5, 6, 7]]]
    seated = assign_winds(fixed + later, 4, fixed_rounds=2)
    assert seated[:2] == [[tuple(t) for t in r] for r in fixed]
    s = Schedule.build(8, 4, seated)
    assert check(s).player_wind_spread == (0,) * 8


def test_table_numbers_avoid_the_two_previous_rounds_when_tables_allow() -> None:
    # Seed 003's Dutch cycle for 48 players: table t keeps player t in every round.
    quarter = 12
    rounds = [
        [tuple(((t + j * h) % quarter) + j * quarter for j in range(4)) for t in range(quarter)]
        for h in range(6)
    ]
    numbered = assign_table_numbers(rounds)
    assert check(Schedule.build(48, 4, numbered)).summary.table_repeats == 0


def test_fixed_rounds_keep_their_table_order() -> None:
    rounds = [[(0, 1), (2, 3)], [(0, 1), (2, 3)], [(0, 2), (1, 3)]]
    numbered = assign_table_numbers(rounds, fixed_rounds=2)
    assert numbered[:2] == [((0, 1), (2, 3)), ((0, 1), (2, 3))]

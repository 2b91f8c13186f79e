"""Seat winds balanced after every round (any grouping, byes, fixed rounds) and table numbers."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from mjevent.core.seating.balance import (
    _number_round,
    assign_table_numbers,
    assign_winds,
    table_number_repeats,
)
from mjevent.core.seating.check import Requirements, check
from mjevent.core.seating.construct_rgdd import rgdd4
from mjevent.core.seating.schedule import Round, Schedule, Table


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


def test_a_cornered_round_is_resolved_by_searching_across_rounds() -> None:
    # The 4-GDD of type 2^16 in its stored order: numbering round by round leaves 3 players at
    # a table number they had in the last two rounds; the search over all rounds finds none.
    rounds = [[tuple(t) for t in rnd] for rnd in rgdd4(16, 2)]
    first_pass = _numbered_round_by_round(rounds)
    assert table_number_repeats(first_pass) == 3
    numbered = assign_table_numbers(rounds)
    assert table_number_repeats(numbered) == 0
    assert [sorted(map(sorted, r)) for r in numbered] == [sorted(map(sorted, r)) for r in rounds]
    assert check(Schedule.build(32, 4, numbered)).summary.table_repeats == 0


def test_repeats_are_counted_against_the_rounds_before() -> None:
    rounds = [[(0, 1), (2, 3)], [(0, 2), (1, 3)], [(1, 2), (0, 3)]]
    assert table_number_repeats(rounds) == 5
    assert table_number_repeats(rounds[2:], rounds[:2]) == 3
    # Two tables of two cannot avoid repeats: the result is the round-by-round numbering.
    assert assign_table_numbers(rounds) == _numbered_round_by_round(rounds)


def _numbered_round_by_round(rounds: Sequence[Sequence[Table]]) -> list[Round]:
    out: list[Round] = []
    for rnd in rounds:
        history = [{p: x for x, t in enumerate(r) for p in t} for r in out[-2:]]
        out.append(tuple(_number_round(list(rnd), history)))
    return out

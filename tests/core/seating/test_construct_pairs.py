"""One-on-one round robins: the seed's circle method and FIDE Berger tables, colours and byes."""

from __future__ import annotations

import re

import pytest

from mjevent.core.seating.construct_pairs import berger_rounds, circle_method
from mjevent.core.seating.constructions import is_repeat_free

# seed 001, printed from 1, White first.
BERGER_6 = """1-6 2-5 3-4 / 6-4 5-3 1-2 / 2-6 3-1 4-5 / 6-5 1-4 2-3 / 3-6 4-2 5-1"""
BERGER_8 = """1-8 2-7 3-6 4-5 / 8-5 6-4 7-3 1-2 / 2-8 3-1 4-7 5-6 / 8-6 7-5 1-4 2-3 /
3-8 4-2 5-1 6-7 / 8-7 1-6 2-5 3-4 / 4-8 5-3 6-2 7-1"""
CIRCLE_6 = """1-6 2-5 3-4 / 1-5 6-4 2-3 / 1-4 5-3 6-2 / 1-3 4-2 5-6 / 1-2 3-6 4-5"""


def printed(rounds: list[list[list[int]]]) -> str:
    return " / ".join(" ".join(f"{w + 1}-{b + 1}" for w, b in rnd) for rnd in rounds)


def test_berger_tables_are_the_fide_ones() -> None:
    assert printed(berger_rounds(6)[0]) == BERGER_6
    assert printed(berger_rounds(8)[0]) == " ".join(BERGER_8.split())


def test_circle_method_is_the_seed_procedure() -> None:
    assert printed(circle_method(6)[0]) == CIRCLE_6


def colour_runs(rounds: list[list[list[int]]], players: int) -> int:
    colours = {p: "" for p in range(players)}
    for rnd in rounds:
        for white, black in rnd:
            colours[white] += "W"
            colours[black] += "B"
    return max(len(m.group()) for c in colours.values() for m in re.finditer("W+|B+", c))


@pytest.mark.parametrize("players", range(2, 31))
def test_round_robin_meets_everybody_once_with_byes_for_odd_counts(players: int) -> None:
    for make in (berger_rounds, circle_method):
        rounds, byes = make(players)
        n = players + players % 2
        assert len(rounds) == len(byes) == n - 1
        if players % 2:
            assert sorted(p for b in byes for p in b) == list(range(players))
            full = [[*rnd, [b[0], players]] for rnd, b in zip(rounds, byes, strict=True)]
            assert is_repeat_free(full, n, 2)
        else:
            assert byes == [[] for _ in rounds]
            assert is_repeat_free(rounds, players, 2)
    rounds, _ = berger_rounds(players)
    assert colour_runs(rounds, players) <= 2  # nobody has one colour three times in a row


@pytest.mark.parametrize("players", range(3, 21))
def test_double_round_robin_swaps_the_last_two_rounds_of_cycle_one(players: int) -> None:
    single, _ = berger_rounds(players)
    double, byes = berger_rounds(players, double=True)
    n = len(single)
    assert double[: n - 2] == single[: n - 2]
    assert double[n - 2] == single[n - 1] and double[n - 1] == single[n - 2]
    assert double[n:] == [[[b, w] for w, b in rnd] for rnd in single]
    assert len(byes) == 2 * n
    whites = {p: 0 for p in range(players)}
    for rnd in double:
        for white, _black in rnd:
            whites[white] += 1
    assert set(whites.values()) == {len(double[0]) * 2 * n // players}  # all equal
    assert colour_runs(double, players) <= 2
    # without the swap the seam gives someone three of a colour (even counts)
    if players % 2 == 0:
        plain = single + [[[b, w] for w, b in rnd] for rnd in single]
        assert colour_runs(plain, players) == 3


def test_too_few_players() -> None:
    with pytest.raises(ValueError, match="at least 2"):
        berger_rounds(1)

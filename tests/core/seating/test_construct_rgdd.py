"""Resolvable 4-GDDs: players of one group never meet, any two others exactly once."""

from __future__ import annotations

import itertools

import pytest

from mjevent.core.seating.construct_rgdd import (
    _STARTERS,
    develop,
    has_rgdd4,
    rgdd4,
    rgdd4_name,
    rgdd4_starter_search,
)
from mjevent.core.seating.constructions import is_repeat_free

Rounds = list[list[list[int]]]


def assert_group_divisible(rounds: Rounds, u: int, q: int) -> None:
    players = u * q
    assert len(rounds) == q * (u - 1) // 3
    assert is_repeat_free(rounds, players, 4)
    met = {pair for rnd in rounds for t in rnd for pair in itertools.combinations(sorted(t), 2)}
    pairs = itertools.combinations(range(players), 2)
    assert {(a, b) for a, b in pairs if (a, b) not in met} == {
        (a, b) for a, b in itertools.combinations(range(players), 2) if a // q == b // q
    }


@pytest.mark.parametrize(("u", "q"), sorted(_STARTERS))
def test_stored_starters_give_resolvable_group_divisible_designs(u: int, q: int) -> None:
    assert has_rgdd4(u, q)
    assert_group_divisible(rgdd4(u, q), u, q)


def test_56_players_in_16_rounds_and_the_name() -> None:
    rounds = rgdd4(7, 8)
    assert (len(rounds), len(rounds[0])) == (16, 14)
    assert rgdd4_name(7, 8) == "resolvable 4-GDD of type 8^7 over Z_7 x GF(8), x -> 2x"


def test_the_search_finds_a_starter_and_it_develops() -> None:
    bases = rgdd4_starter_search(4, 5, 1, node_limit=20_000)
    assert bases is not None
    assert_group_divisible(develop(4, 5, 1, bases), 4, 5)


def test_sizes_without_a_design_are_refused() -> None:
    assert rgdd4_starter_search(5, 4, 1) is None  # (u - 1) / 3 is not a whole number of rounds
    assert not has_rgdd4(10, 2)
    with pytest.raises(ValueError, match="type 2\\^10"):
        rgdd4(10, 2)

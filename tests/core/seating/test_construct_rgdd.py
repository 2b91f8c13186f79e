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
from mjevent.core.seating.construct_rgdd_pairs import (
    BASE_ROUNDS,
    base_round_options,
    option_key,
    player,
)
from mjevent.core.seating.construct_rgdd_rotational import (
    _PAIRS,
    _TRIPLES,
    INF,
    develop_rotational,
    rotational_items,
    rotational_option,
    rotational_starter_search,
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


def test_32_players_in_pairs_meet_everybody_but_their_pair_in_10_rounds() -> None:
    assert has_rgdd4(16, 2)
    rounds = rgdd4(16, 2)
    assert_group_divisible(rounds, 16, 2)
    assert [sorted(t) for t in rounds[0][:2]] == [[0, 7, 11, 12], [3, 4, 8, 15]]


def test_the_stored_pair_rounds_are_an_exact_cover_of_their_options() -> None:
    options = base_round_options()
    chosen = [option_key(slot, t) for slot, base in enumerate(BASE_ROUNDS) for t in base]
    assert len(options) == 6384
    assert all(key in options for key in chosen)
    used = [item for key in chosen for item in options[key]]
    assert len(used) == len(set(used))
    assert set(used) == {item for items in options.values() for item in items}
    # 7 slots x 32 points; pair orbits: 6 x 8 of 8 pairs across the 4 point orbits, 4 x 6 of
    # 4 pairs (g, i), (g ^ h, i) inside them (h not 0 or 4): 480 pairs
    assert len(used) == 7 * 32 + 48 + 24


def test_pair_points_are_numbered_so_that_pairs_are_neighbours() -> None:
    numbers = {player((g, i)): (g, i) for g in range(8) for i in range(4)}
    assert sorted(numbers) == list(range(32))
    assert all(numbers[2 * m + 1] == (numbers[2 * m][0] ^ 4, numbers[2 * m][1]) for m in range(16))


ROTATIONAL = [(u, 3, 1, tables) for u, tables in sorted(_TRIPLES.items())] + [
    (u, 2, w, tables) for u, (w, tables) in sorted(_PAIRS.items())
]


@pytest.mark.parametrize(("u", "q", "w", "tables"), ROTATIONAL)
def test_stored_rotational_starters_reach_the_bound(
    u: int, q: int, w: int, tables: tuple[tuple[tuple[int, int], ...], ...]
) -> None:
    assert has_rgdd4(u, q)
    rounds = rgdd4(u, q)
    assert_group_divisible(rounds, u, q)
    assert len(rounds) == (q * u - 1) // 3  # the bound floor((P - 1) / 3)
    # and the stored base tables are an exact cover of the search's items
    covered = [rotational_option(t, u, q, w) for t in tables]
    items = [item for one in covered if one is not None for item in one]
    assert None not in covered
    assert len(items) == len(set(items))
    assert set(items) == rotational_items(u, q, w)


def test_rotational_names() -> None:
    assert rgdd4_name(28, 3) == "1-rotational resolvable 4-GDD of type 3^28 over Z_27 x 3 + 3 inf"
    assert rgdd4_name(28, 2) == (
        "1-rotational resolvable 4-GDD of type 2^28 over Z_18 x 3 + 2 inf, x -> 7x"
    )


def test_56_players_in_pairs_get_18_rounds() -> None:
    rounds = rgdd4(28, 2)
    assert (len(rounds), len(rounds[0])) == (18, 14)
    # the two infinite points are players 54 and 55, a pair, each at a table fixed by rho
    assert [sorted(t) for t in rounds[0] if 54 in t or 55 in t] == [
        [7, 25, 43, 54],
        [3, 33, 44, 55],
    ]


def test_84_players_get_27_rounds_with_the_infinite_players_last() -> None:
    rounds = rgdd4(28, 3)
    assert (len(rounds), len(rounds[0])) == (27, 21)
    # (INF, k) is player 81 + k and stays put; the rest of its table moves on by 3 numbers
    assert [sorted(t) for t in rounds[0] if 81 in t] == [[5, 18, 37, 81]]
    assert [sorted(t) for t in rounds[1] if 81 in t] == [[8, 21, 40, 81]]
    assert _TRIPLES[28][0][0] == (INF, 0)


def test_the_rotational_search_finds_a_starter_and_it_develops() -> None:
    base = rotational_starter_search(12, 3, seed=0)
    assert base is not None and len(base) == 3
    assert_group_divisible(develop_rotational(12, 3, 1, base), 12, 3)
    assert rotational_starter_search(10, 3) is None  # 30 players: u is not a multiple of 4
    assert rotational_starter_search(4, 3) is None  # 12 players: no such design
    assert rotational_starter_search(28, 2, 5) is None  # 5**3 is not 1 mod 18
    assert rotational_starter_search(22, 3) is None


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

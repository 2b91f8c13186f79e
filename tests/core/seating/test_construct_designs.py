"""Resolvable designs: every round a partition into tables, every pair of players exactly once."""

from __future__ import annotations

import itertools

import pytest

from mjevent.core.seating.construct_designs import (
    _KTS_STARTERS,
    _kts_from_starter,
    affine_plane,
    affine_space,
    inflate,
    kirkman,
    kirkman_name,
    kirkman_starter_search,
    kts_2q_plus_1,
    kts_3q,
    product_design,
    rbibd4,
    rbibd4_matchings,
    rbibd4_name,
)
from mjevent.core.seating.construct_teams import team_rounds
from mjevent.core.seating.constructions import is_repeat_free

Rounds = list[list[list[int]]]


def assert_pairwise_balanced(rounds: Rounds, players: int, k: int) -> None:
    """Each round seats everybody once at tables of k; every pair meets exactly once."""
    assert len(rounds) == (players - 1) // (k - 1)
    assert is_repeat_free(rounds, players, k)
    met = sum(len(rnd) for rnd in rounds) * k * (k - 1) // 2
    assert met == players * (players - 1) // 2  # repeat-free and as many pairs as exist


@pytest.mark.parametrize("q", [2, 3, 4, 5, 7, 8, 9, 11, 13, 16])
def test_affine_plane_meets_everybody_once(q: int) -> None:
    assert_pairwise_balanced(affine_plane(q), q * q, q)


def test_affine_plane_follows_the_catalogue_rule_for_primes() -> None:
    # seed 000: player p = a*n + b sits at table (a*s + b) mod n in round s < n, at table a last.
    n = 7
    rounds = affine_plane(n)
    for s, rnd in enumerate(rounds):
        for table, players in enumerate(rnd):
            for p in players:
                a, b = divmod(p, n)
                assert table == ((a * s + b) % n if s < n else a)


@pytest.mark.parametrize(("q", "n"), [(2, 3), (2, 5), (3, 3), (3, 4), (4, 3), (5, 3), (7, 2)])
def test_affine_space_lines_meet_everybody_once(q: int, n: int) -> None:
    assert_pairwise_balanced(affine_space(q, n), q**n, q)


KTS_SIZES = [*range(9, 100, 6), 105, 111, 117, 123, 141, 153, 243]


@pytest.mark.parametrize("v", KTS_SIZES)
def test_kirkman_triple_system_for_every_size_to_99(v: int) -> None:
    assert_pairwise_balanced(kirkman(v), v, 3)


def test_kirkman_names_its_construction() -> None:
    assert kirkman_name(15) == "kirkman triple system KTS(2q+1), q=7"
    assert kirkman_name(69) == "kirkman triple system KTS(69), cyclic starter over Z_23x3"
    assert kirkman_name(45) == "kirkman triple system KTS(45) = KTS(3) x KTS(15)"
    with pytest.raises(ValueError, match="3 \\(mod 6\\)"):
        kirkman(12)


@pytest.mark.parametrize("q", [7, 13, 19, 25, 31])
def test_ray_chaudhuri_wilson_constructions(q: int) -> None:
    assert_pairwise_balanced(kts_2q_plus_1(q), 2 * q + 1, 3)
    assert_pairwise_balanced(kts_3q(q), 3 * q, 3)
    with pytest.raises(ValueError):
        kts_3q(q + 4)


@pytest.mark.parametrize("v", sorted(_KTS_STARTERS))
def test_stored_kirkman_starters_develop_into_designs(v: int) -> None:
    transversals, triples = _KTS_STARTERS[v]
    assert_pairwise_balanced(_kts_from_starter(v // 3, transversals, triples), v, 3)


def test_kirkman_starter_search_finds_a_design() -> None:
    found = kirkman_starter_search(7, seed=0)
    assert found is not None
    assert_pairwise_balanced(_kts_from_starter(7, *found), 21, 3)


def test_product_of_two_designs() -> None:
    rounds = product_design(kirkman(9), kirkman(15), team_rounds(3, 9))
    assert_pairwise_balanced(rounds, 135, 3)


@pytest.mark.parametrize(("v", "g"), [(9, 4), (21, 4), (15, 5), (9, 3)])
def test_inflated_design_meets_all_but_the_own_group_once(v: int, g: int) -> None:
    rounds = inflate(kirkman(v), team_rounds(3, g))
    players = v * g
    assert len(rounds) == (v - 1) // 2 * g
    assert is_repeat_free(rounds, players, 3)
    pairs = list(itertools.combinations(range(players), 2))
    met = {pair for rnd in rounds for t in rnd for pair in itertools.combinations(sorted(t), 2)}
    unmet = [pair for pair in pairs if pair not in met]
    assert unmet == [(a, b) for a, b in pairs if a // g == b // g]


RBIBD_SIZES = [*range(16, 161, 12), 172, 196, 208, 256]


@pytest.mark.parametrize("v", RBIBD_SIZES)
def test_resolvable_quadruple_design_for_every_size_to_160(v: int) -> None:
    assert_pairwise_balanced(rbibd4(v), v, 4)


def test_rbibd_names_and_limits() -> None:
    assert rbibd4_name(64) == "affine geometry AG(3,4) lines"
    assert rbibd4_name(100) == "resolvable 2-(100,4,1) design, cyclic over Z_33x3+inf"
    assert rbibd4_name(28) == "resolvable 2-(28,4,1) design over GF(9)x3+inf (BJL VII.7.5)"
    with pytest.raises(ValueError, match="4 \\(mod 12\\)"):
        rbibd4(40 + 6)


def test_rbibd_matchings_split_the_distances() -> None:
    n = 45
    matchings = rbibd4_matchings(n)
    assert matchings is not None
    h = (n - 1) // 2

    def cls(x: int) -> int:
        return min(x % n, -x % n)

    for j in range(3):
        # circle j: the x of pair (j, j+1) and the y of pair (j-1, j) split the distances
        assert sorted([x for x, _ in matchings[j]] + [y for _, y in matchings[j - 1]]) == list(
            range(1, h + 1)
        )
        sums = [cls(x + s * y) for x, y in matchings[j] for s in (1, -1)]
        assert sorted(sums) == list(range(1, h + 1))


def test_every_design_round_is_a_partition_of_sorted_tables() -> None:
    for rounds in (kirkman(33), rbibd4(40), affine_space(3, 3)):
        for rnd in rounds:
            assert all(table == sorted(table) for table in rnd)
            assert not set(itertools.chain.from_iterable(rnd)) ^ set(range(len(rnd) * len(rnd[0])))

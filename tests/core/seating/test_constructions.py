"""The dispatcher: the best construction per size, its name, teams apart, the catalogue's gaps."""

from __future__ import annotations

import pytest

from mjevent.core.seating.construct_field import field, prime_power
from mjevent.core.seating.construct_rgdd import rgdd4_name
from mjevent.core.seating.constructions import (
    _teams_plus_intra,
    best_construction,
    construction_name,
    is_repeat_free,
)


def rounds_of(players: int, k: int, team_size: int | None = None) -> int:
    found = best_construction(players, k, team_size=team_size)
    assert found is not None, (players, k, team_size)
    assert is_repeat_free(found, players, k)
    return len(found)


# Round counts per size. U = floor((P-1)/(K-1)) is reached wherever a design exists; Tomii's
# catalogue has 9 (21), 29 (63), 32 (69), 40 (87) for sanma and 12 (48) for riichi.
EXPECTED = {
    (3, 9): 4, (3, 12): 4, (3, 15): 7, (3, 21): 10, (3, 27): 13, (3, 33): 16, (3, 45): 22,
    (3, 63): 31, (3, 69): 34, (3, 87): 43, (3, 93): 46, (3, 99): 49,
    (4, 16): 5, (4, 20): 5, (4, 28): 9, (4, 40): 13, (4, 48): 15, (4, 52): 17, (4, 64): 21,
    (4, 76): 25, (4, 88): 29, (4, 100): 33, (4, 112): 37, (4, 136): 45, (4, 160): 53,
    (2, 10): 9, (5, 25): 6, (5, 125): 31, (7, 49): 8, (3, 36): 16,
    (3, 60): 28, (3, 84): 40,  # KTS(15), KTS(21) with every player a group of 4
    (4, 44): 14, (4, 56): 18, (4, 80): 26,  # 1-rotational 4-RGDDs of type 2^u: U
    (4, 32): 10,  # 4-RGDD of type 2^16: the most possible (U = 10)
    (4, 128): 42,  # 4 groups of 32 across (32 rounds), then the 2^16 inside them: U = 42
    # 1-rotational 4-RGDDs of type 3^u: the bound u - 1 for P = 3u = 0 mod 12
    (4, 24): 7, (4, 36): 11, (4, 60): 19, (4, 72): 23, (4, 84): 27,
    (4, 96): 31, (4, 144): 47,  # 4 groups of 24 / 36 across, then type 3^8 / 3^12 inside
}


@pytest.mark.parametrize(("k", "players"), sorted(EXPECTED))
def test_round_counts_per_size(k: int, players: int) -> None:
    assert rounds_of(players, k) == EXPECTED[(k, players)]


@pytest.mark.parametrize("players", range(9, 100, 6))
def test_sanma_round_robin_for_every_size_6n_plus_3(players: int) -> None:
    assert rounds_of(players, 3) == (players - 1) // 2


@pytest.mark.parametrize("players", range(16, 161, 12))
def test_riichi_round_robin_for_every_size_12n_plus_4(players: int) -> None:
    assert rounds_of(players, 4) == (players - 1) // 3


@pytest.mark.parametrize("k", range(3, 10))
def test_prime_power_affine_plane(k: int) -> None:
    if prime_power(k) is None:
        assert best_construction(k * k, k) is None or construction_name(k * k, k) != "affine"
        return
    assert rounds_of(k * k, k) == k + 1


def test_every_multiple_of_the_table_size_is_repeat_free() -> None:
    for k in (3, 4):
        for players in range(2 * k, 121, k):
            found = best_construction(players, k)
            if found is not None:
                assert is_repeat_free(found, players, k), (players, k)
                assert construction_name(players, k)


def test_sizes_that_are_not_multiples_have_no_construction() -> None:
    assert best_construction(17, 4) is None
    assert construction_name(17, 4) is None
    assert best_construction(8, 4) is None  # one round only: nothing to construct
    assert best_construction(5, 1) is None


@pytest.mark.parametrize(("k", "m"), [(3, 3), (3, 8), (3, 12), (4, 4), (4, 9), (4, 12), (4, 15),
                                      (4, 21), (4, 24), (3, 29), (4, 28), (2, 7)])
def test_k_teams_of_m_reach_m_rounds(k: int, m: int) -> None:
    found = best_construction(k * m, k, team_size=m)
    assert found is not None and len(found) == m
    assert is_repeat_free(found, k * m, k)
    for rnd in found:
        for table in rnd:
            assert sorted(p // m for p in table) == list(range(k))


def test_two_teams_alternate_colours() -> None:
    found = best_construction(8, 2, team_size=4)
    assert found is not None
    assert [t[0] // 4 for t in found[0]] == [0] * 4
    assert [t[0] // 4 for t in found[1]] == [1] * 4


def test_three_teams_of_ten_reach_ten_rounds() -> None:
    assert rounds_of(30, 3, team_size=10) == 10
    assert rounds_of(30, 3) == 10  # the catalogue's 13 for 30 players comes from elsewhere


def test_six_teams_without_mols_fall_back_to_dutch() -> None:
    found = best_construction(18, 3, team_size=6)
    assert found is not None and len(found) == 3
    assert construction_name(18, 3, team_size=6) == (
        "Dutch cycles of 6 tables, cut before the first repeat"
    )


@pytest.mark.parametrize(("players", "k"), [(16, 4), (28, 4), (21, 3), (27, 3), (48, 4), (10, 2)])
def test_teams_of_table_size_drop_one_round(players: int, k: int) -> None:
    whole = rounds_of(players, k)
    found = best_construction(players, k, team_size=k)
    assert found is not None
    assert len(found) >= whole - 1
    assert is_repeat_free(found, players, k)
    for rnd in found:
        for table in rnd:
            assert len({p // k for p in table}) == k


def test_teams_inside_groups() -> None:
    # 48 players, tables of 4, teams of 3: 4 groups of 12 (4 teams each) meet across for 12
    # rounds, then each group of 12 plays its own 4 teams of 3 (one Dutch round); the 4-GDD
    # of type 3^16, whose groups are the trios, does better: 15
    frozen, _ = _teams_plus_intra(4, 12, 3) or ((), "")
    found = [[list(t) for t in rnd] for rnd in frozen]
    assert len(found) == 13
    assert is_repeat_free(found, 48, 4)
    for rnd in found:
        for table in rnd:
            assert len({p // 3 for p in table}) == 4
    assert len(best_construction(48, 4, team_size=3) or []) == 15
    assert best_construction(48, 4, team_size=5) is None


@pytest.mark.parametrize(
    ("players", "team_size", "rounds"),
    [(32, 2, 10), (56, 8, 16), (56, 2, 18), (84, 3, 27), (36, 3, 11)],
)
def test_the_groups_of_a_stored_4_gdd_are_teams(players: int, team_size: int, rounds: int) -> None:
    found = best_construction(players, 4, team_size=team_size)
    assert found is not None
    assert len(found) == rounds
    assert is_repeat_free(found, players, 4)
    assert all(len({p // team_size for p in table}) == 4 for rnd in found for table in rnd)
    assert construction_name(players, 4, team_size=team_size) == rgdd4_name(
        players // team_size, team_size
    )


def test_round_robin_for_two_is_berger() -> None:
    found = best_construction(6, 2)
    assert found is not None
    assert found[0] == [[0, 5], [1, 4], [2, 3]]
    assert construction_name(6, 2) == "FIDE Berger table for 6 (round robin, White first)"
    assert best_construction(7, 2) is None  # byes: see construct_pairs.berger_rounds


def test_results_are_fresh_lists() -> None:
    first = best_construction(16, 4)
    assert first is not None
    first[0][0][0] = 99
    again = best_construction(16, 4)
    assert again is not None and again[0][0][0] == 0


@pytest.mark.parametrize("q", [2, 3, 4, 5, 7, 8, 9, 16, 25, 27, 49])
def test_field_arithmetic(q: int) -> None:
    f = field(q)
    units = range(1, q)
    assert sorted(f.exp) == list(units)
    for a in range(q):
        assert f.add(a, f.neg(a)) == 0 and f.sub(a, a) == 0
        for b in range(0, q, max(1, q // 5)):
            for c in range(0, q, max(1, q // 7)):
                assert f.mul(a, f.add(b, c)) == f.add(f.mul(a, b), f.mul(a, c))
    with pytest.raises(ValueError, match="not a prime power"):
        field(12)

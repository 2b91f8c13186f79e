"""Team events (resolvable transversal designs) and Dutch cycles."""

from __future__ import annotations

import itertools

import pytest

from mjevent.core.seating.construct_teams import (
    _QDM,
    _SEARCHED,
    Column,
    Group,
    _is_difference_matrix,
    _rounds_from_qdm,
    difference_matrix,
    difference_matrix_search,
    dutch_cycles,
    has_team_rounds,
    quasi_difference_matrix_search,
    team_rounds,
    team_rounds_name,
)
from mjevent.core.seating.constructions import is_repeat_free

# Orders m <= 30 covered: 3 teams all but 6 (and 30 unless its QDM is stored); 4 teams all but
# m = 2 (mod 4).
COVERED_3 = [m for m in range(3, 31) if m != 6 and (m % 4 != 2 or m - 3 in _QDM)]
COVERED_4 = [m for m in range(4, 31) if m % 4 != 2]


def assert_team_event(rounds: list[list[list[int]]], k: int, m: int) -> None:
    """m rounds, one player of each team at every table, nobody meets anybody twice."""
    assert len(rounds) == m
    assert is_repeat_free(rounds, k * m, k)
    for rnd in rounds:
        for table in rnd:
            assert sorted(p // m for p in table) == list(range(k))


@pytest.mark.parametrize(("k", "m"), [(3, m) for m in COVERED_3] + [(4, m) for m in COVERED_4])
def test_team_rounds_for_every_covered_order_to_30(k: int, m: int) -> None:
    assert_team_event(team_rounds(k, m), k, m)


@pytest.mark.parametrize(("k", "m"), [(3, 2), (3, 6), (4, 6), (4, 10), (4, 14), (4, 30)])
def test_orders_without_construction_are_refused_with_a_reason(k: int, m: int) -> None:
    assert difference_matrix(m, k) is None and not has_team_rounds(k, m)
    with pytest.raises(ValueError, match="MOLS"):
        team_rounds(k, m)


def assert_quasi_difference_matrix(n: int, columns: list[Column] | tuple[Column, ...]) -> None:
    """(n, 4; 1, 1; 3): n+6 columns, inf 3 times per row and at most once per column, and the
    differences of any two rows over their common finite columns are Z_n once each."""
    assert len(columns) == n + 6
    assert all(sum(e is None for e in col) <= 1 for col in columns)
    for i in range(4):
        assert sum(col[i] is None for col in columns) == 3
    for i, j in itertools.combinations(range(4), 2):
        diffs = sorted((b - a) % n for col in columns if (a := col[i]) is not None
                       and (b := col[j]) is not None)
        assert diffs == list(range(n))


@pytest.mark.parametrize("n", sorted(_QDM))
def test_stored_quasi_difference_matrices(n: int) -> None:
    assert_quasi_difference_matrix(n, _QDM[n])
    assert_team_event(_rounds_from_qdm(n, _QDM[n], 3), 3, n + 3)


def test_quasi_difference_matrix_search_small() -> None:
    found = quasi_difference_matrix_search(7, seed=0)
    assert found is not None
    assert_quasi_difference_matrix(7, found)
    assert team_rounds_name(3, 10) == (
        "resolvable TD(3,10) from a quasi-difference matrix over Z_7+3"
    )


def test_more_teams_from_larger_fields() -> None:
    assert_team_event(team_rounds(5, 7), 5, 7)
    assert_team_event(team_rounds(8, 8), 8, 8)
    assert_team_event(team_rounds(2, 6), 2, 6)
    assert team_rounds_name(4, 20) == (
        "resolvable TD(4,20) from a difference matrix over GF(4) x GF(5)"
    )


@pytest.mark.parametrize("key", sorted(_SEARCHED))
def test_stored_difference_matrices_are_difference_matrices(key: tuple[int, int]) -> None:
    k, m = key
    dm = difference_matrix(m, k)
    assert dm is not None and len(dm.rows) == k
    assert _is_difference_matrix(dm.add, dm.rows)
    group = Group(_SEARCHED[key][0])
    assert group.size == m
    assert all(dm.add[a][b] == group.add(a, b) for a in range(m) for b in range(m))


def test_difference_matrix_search_small() -> None:
    rows = difference_matrix_search((2, 6), 4, seed=0)
    assert rows is not None
    g = Group((2, 6))
    add = [[g.add(a, b) for b in range(12)] for a in range(12)]
    assert _is_difference_matrix(add, rows)


def test_dutch_cycle_formula_of_the_article() -> None:
    # seed 003: table t of hanchan h is [t, (t+h)%T + T, (t+2h)%T + 2T, (t+3h)%T + 3T].
    rounds = dutch_cycles(44, 4)
    assert len(rounds) == 11
    for h, rnd in enumerate(rounds):
        for t, table in enumerate(rnd):
            assert table == [t, (t + h) % 11 + 11, (t + 2 * h) % 11 + 22, (t + 3 * h) % 11 + 33]
    assert is_repeat_free(rounds, 44, 4)


@pytest.mark.parametrize(
    ("players", "rounds"),
    # the article: 7 for 28, 11 for 44, 5 for 20/40/60, 6 for 72, a collision at h = 10 for 120,
    # "do not use with 24, 32, 36, 48".
    [(20, 5), (28, 7), (40, 5), (44, 11), (52, 13), (60, 5), (72, 6), (120, 10), (24, 2),
     (32, 4), (36, 3), (48, 4)],
)
def test_dutch_cycles_stop_before_the_first_collision(players: int, rounds: int) -> None:
    found = dutch_cycles(players, 4)
    assert len(found) == rounds
    assert is_repeat_free(found, players, 4)
    tables = players // 4
    if rounds < tables:  # the next round would repeat a pair
        h = rounds
        nxt = [[(t + j * h) % tables + j * tables for j in range(4)] for t in range(tables)]
        assert not is_repeat_free([*found, nxt], players, 4)


def test_dutch_cycles_for_other_table_sizes() -> None:
    assert len(dutch_cycles(15, 3)) == 5
    assert len(dutch_cycles(18, 3)) == 3
    pairs = {tuple(sorted(p)) for r in dutch_cycles(35, 5) for t in r
             for p in itertools.combinations(t, 2)}
    assert len(pairs) == 7 * 10 * 7
    with pytest.raises(ValueError, match="multiple of 4"):
        dutch_cycles(30, 4)

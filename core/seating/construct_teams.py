"""Team events and Dutch cycles: resolvable transversal designs from difference matrices.

k teams of m players (team i = players i*m .. i*m+m-1), tables of k with one player per team:
m rounds in which no two players meet twice and teammates never meet is a resolvable transversal
design RTD(k, m), which exists iff k-1 mutually orthogonal Latin squares of order m do.

We build it from a (G, k, 1) difference matrix: rows d_0..d_{k-1} of elements of an abelian group
G of order m such that every difference d_i - d_j (i != j) runs over G once. Round c, table g
then seats player d_i(c) + g of team i. Difference matrices come from

- GF(q) for a prime power q >= k (d_i(c) = a_i * c over distinct field elements a_i);
- MacNeish products over a product of such fields (every prime-power factor of m at least k);
- an exact-cover search (`difference_matrix_search`) for the orders the products miss: the ones
  with a small prime factor (k = 4: 12, 15, 21, 24, 33, 39 ...). Its results are stored in
  `_SEARCHED` so that the venue never waits for a search.

Orders m = 2 (mod 4) have no difference matrix with three rows over any group (its Sylow
2-subgroup is cyclic, so it has no complete mapping); those MOLS need other constructions and are
not covered here.

The Dutch cycles of the "Tournament blocks" article (seed 003) are the cyclic case G = Z_T with
d_j(h) = j*h, cut at the first round that repeats a pair.

>>> rounds = team_rounds(3, 5)
>>> len(rounds), rounds[1][0]
(5, [0, 6, 12])
>>> [len(dutch_cycles(P, 4)) for P in (20, 24, 28, 44, 72, 120)]
[5, 2, 7, 11, 6, 10]
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from mjevent.core.seating.construct_field import factorize, field, prime_power
from mjevent.core.seating.construct_search import exact_cover

Rounds = list[list[list[int]]]


@dataclass(frozen=True, slots=True)
class Group:
    """A finite abelian group Z_{n_1} x ... x Z_{n_r}; elements are ints in mixed radix."""

    orders: tuple[int, ...]

    @property
    def size(self) -> int:
        """|G|."""
        return functools.reduce(lambda a, b: a * b, self.orders, 1)

    def parts(self, a: int) -> list[int]:
        """The coordinates of element a, first factor first."""
        out = []
        for n in reversed(self.orders):
            a, r = divmod(a, n)
            out.append(r)
        return out[::-1]

    def element(self, parts: Sequence[int]) -> int:
        """The element with these coordinates."""
        a = 0
        for n, x in zip(self.orders, parts, strict=True):
            a = a * n + x % n
        return a

    def add(self, a: int, b: int) -> int:
        """a + b."""
        return self.element([x + y for x, y in zip(self.parts(a), self.parts(b), strict=True)])

    def sub(self, a: int, b: int) -> int:
        """a - b."""
        return self.element([x - y for x, y in zip(self.parts(a), self.parts(b), strict=True)])


@dataclass(frozen=True, slots=True)
class DifferenceMatrix:
    """k rows over `add` (an addition table on range(m)); `how` names the construction."""

    m: int
    add: tuple[tuple[int, ...], ...]
    rows: tuple[tuple[int, ...], ...]
    how: str


def _table(m: int, op: object) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(op(a, b) for b in range(m)) for a in range(m))  # type: ignore[operator]


def _field_matrix(q: int, k: int) -> DifferenceMatrix:
    f = field(q)
    scalars = [0, *f.exp][:k]
    rows = tuple(tuple(f.mul(a, c) for c in range(q)) for a in scalars)
    return DifferenceMatrix(q, _table(q, f.add), rows, f"GF({q})")


def _product(a: DifferenceMatrix, b: DifferenceMatrix) -> DifferenceMatrix:
    m = a.m * b.m
    add = tuple(
        tuple(a.add[x // b.m][y // b.m] * b.m + b.add[x % b.m][y % b.m] for y in range(m))
        for x in range(m)
    )
    rows = tuple(
        tuple(ra[c // b.m] * b.m + rb[c % b.m] for c in range(m))
        for ra, rb in zip(a.rows, b.rows, strict=False)
    )
    return DifferenceMatrix(m, add, rows, f"{a.how} x {b.how}")


def difference_matrix_search(
    orders: tuple[int, ...], k: int, *, seed: int = 0, node_limit: int = 200_000
) -> tuple[tuple[int, ...], ...] | None:
    """Rows 2..k-1 of a (G, k, 1) difference matrix over G = Z_orders, by exact cover.

    Any such matrix can be normalised so that column 0 is all zeros (subtract it from each row)
    and row 1 is the identity (permute the columns); then every other column has distinct
    nonzero entries. An option fixes column c > 0 of rows 2..k-1 and covers that column, each
    new entry in its row, and the difference it makes with every other row.
    """
    g = Group(orders)
    m = g.size
    options: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
    for c in range(1, m):
        for values in itertools.product(range(1, m), repeat=k - 2):
            column = (0, c, *values)
            if len(set(column)) < k:
                continue
            diffs = {
                (100 + i, 100 + j, g.sub(column[j], column[i]))
                for i, j in itertools.combinations(range(k), 2)
                if j >= 2
            }
            items: list[tuple[int, ...]] = [(-1, c), *((i, v) for i, v in enumerate(values, 2))]
            options[(c, *values)] = items + sorted(diffs)
    found = exact_cover(options, seed=seed, node_limit=node_limit)
    if found is None:
        return None
    rows = [[0] * m, list(range(m))] + [[0] * m for _ in range(k - 2)]
    for c, *entries in found:
        for i, v in enumerate(entries, start=2):
            rows[i][c] = v
    return tuple(tuple(r) for r in rows)


# Difference matrices found once by `difference_matrix_search(orders, k, seed=s)` (the seed in the
# comment; 0.2 to 12 s each), kept here so the venue never searches: (k, m) -> (orders, rows
# 2..k-1); rows 0 and 1 are zero and the identity, fewer rows are had by dropping rows.
# `test_construct_teams` checks every one.
_SEARCHED: dict[tuple[int, int], tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]] = {
    (4, 12): ((2, 6), (  # seed 0
        (0, 10, 9, 11, 5, 2, 4, 1, 6, 8, 3, 7),
        (0, 9, 7, 2, 1, 6, 10, 8, 5, 11, 4, 3),
    )),
    (4, 15): ((15,), (  # seed 0
        (0, 11, 3, 7, 12, 4, 9, 13, 2, 6, 8, 1, 14, 5, 10),
        (0, 2, 5, 1, 10, 7, 13, 3, 12, 14, 4, 8, 11, 6, 9),
    )),
    (4, 21): ((21,), (  # seed 1
        (0, 7, 6, 20, 17, 14, 1, 18, 13, 19, 11, 10, 5, 15, 12, 9, 3, 8, 4, 16, 2),
        (0, 19, 3, 5, 20, 16, 12, 11, 1, 14, 18, 9, 15, 2, 8, 7, 4, 13, 17, 10, 6),
    )),
    (4, 24): ((2, 2, 6), (  # seed 0
        (0, 4, 20, 8, 7, 9, 1, 19, 23, 16, 13, 21, 18, 12, 10, 2, 17, 15, 14, 5, 22, 11, 3, 6),
        (0, 13, 12, 17, 21, 16, 5, 8, 11, 3, 19, 1, 14, 23, 6, 9, 7, 18, 15, 2, 4, 10, 20, 22),
    )),
}


def _is_difference_matrix(add: Sequence[Sequence[int]], rows: Sequence[Sequence[int]]) -> bool:
    m = len(add)
    neg = [row.index(0) for row in add]
    for ri, rj in itertools.combinations(rows, 2):
        if len({add[a][neg[b]] for a, b in zip(ri, rj, strict=True)}) != m:
            return False
    return True


@functools.cache
def difference_matrix(m: int, k: int) -> DifferenceMatrix | None:
    """A (G, k, 1) difference matrix of order m, or None when none of our constructions gives one.

    >>> difference_matrix(12, 3).how, difference_matrix(6, 3)
    ('GF(4) x GF(3)', None)
    """
    if k < 2 or m < 1:
        return None
    if k == 2 or m == 1:
        return DifferenceMatrix(m, _table(m, lambda a, b: (a + b) % m),
                                (tuple([0] * m), tuple(range(m)))[:k], f"Z_{m}")
    pk = prime_power(m)
    if pk is not None and m >= k:
        return _field_matrix(m, k)
    parts = [p**e for p, e in factorize(m)]
    if all(q >= k for q in parts):
        out = _field_matrix(parts[0], k)
        for q in parts[1:]:
            out = _product(out, _field_matrix(q, k))
        return out
    for (rows_known, order), (orders, extra) in _SEARCHED.items():
        if order == m and rows_known >= k:
            g = Group(orders)
            rows = (tuple([0] * m), tuple(range(m)), *extra)
            name = " x ".join(f"Z_{n}" for n in orders)
            return DifferenceMatrix(m, _table(m, g.add), rows[:k], f"{name} (searched)")
    return None


def team_rounds(teams: int, team_size: int) -> Rounds:
    """m rounds for k teams of m (tables of k, one player per team, nobody meets twice).

    ValueError when no difference matrix of that order is known (k-1 MOLS of order m may still
    exist: m = 2 mod 4, or m = 6 where they do not).
    """
    dm = difference_matrix(team_size, teams)
    if dm is None:
        raise ValueError(
            f"{teams} teams of {team_size}: no difference matrix of order {team_size} with "
            f"{teams} rows is known here (needs {teams - 1} MOLS of order {team_size})"
        )
    m = team_size
    return [
        [[i * m + dm.add[row[c]][g] for i, row in enumerate(dm.rows)] for g in range(m)]
        for c in range(m)
    ]


def team_rounds_name(teams: int, team_size: int) -> str:
    """How `team_rounds` builds this size (for the quality summary)."""
    dm = difference_matrix(team_size, teams)
    if dm is None:
        raise ValueError(f"{teams} teams of {team_size}: not covered")
    return f"resolvable TD({teams},{team_size}) from a difference matrix over {dm.how}"


def dutch_cycles(players: int, table_size: int = 4) -> Rounds:
    """The Dutch cycle rounds up to (not including) the first round that repeats a pair.

    T = players / table_size tables; in round h (from 0) table t seats, for each block j of T
    consecutive players, player ((t + j*h) mod T) + j*T. Pairs from the same block never meet.
    """
    if table_size < 2 or players % table_size or players < table_size:
        raise ValueError(
            f"Dutch cycles need a multiple of {table_size} players, not {players}"
        )
    tables = players // table_size
    met: set[tuple[int, int]] = set()
    out: Rounds = []
    for h in range(tables):
        rnd = [
            [(t + j * h) % tables + j * tables for j in range(table_size)] for t in range(tables)
        ]
        pairs = {(a, b) for table in rnd for a, b in itertools.combinations(table, 2)}
        if pairs & met:
            break
        met |= pairs
        out.append(rnd)
    return out

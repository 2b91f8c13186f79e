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
2-subgroup is cyclic, so it has no complete mapping). For three teams they come from an
(m-3, 4; 1, 1; 3) quasi-difference matrix over Z_{m-3} with three infinite points (stored in
`_QDM`, found by `quasi_difference_matrix_search`, 30 by the CP-SAT model of
`bench/seating_qdm.py`): 10, 14, 18, 22, 26, 30.

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
from collections.abc import Callable, Sequence
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


def _table(m: int, op: Callable[[int, int], int]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(op(a, b) for b in range(m)) for a in range(m))


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


def has_team_rounds(teams: int, team_size: int) -> bool:
    """Whether `team_rounds(teams, team_size)` is covered."""
    if difference_matrix(team_size, teams) is not None:
        return True
    return teams <= 3 and team_size - 3 in _QDM


def team_rounds(teams: int, team_size: int) -> Rounds:
    """m rounds for k teams of m (tables of k, one player per team, nobody meets twice).

    Team i is players i*m .. i*m+m-1; in every round table g seats team 0's player g. ValueError
    when neither a difference matrix nor a stored quasi-difference matrix of that order is known
    (k-1 MOLS of order m may still exist, except for m = 2 and 6).
    """
    m = team_size
    dm = difference_matrix(m, teams)
    if dm is not None:
        return [
            [[i * m + dm.add[row[c]][g] for i, row in enumerate(dm.rows)] for g in range(m)]
            for c in range(m)
        ]
    if teams <= 3 and m - 3 in _QDM:
        return _rounds_from_qdm(m - 3, _QDM[m - 3], teams)
    raise ValueError(
        f"{teams} teams of {m}: no difference matrix of order {m} with {teams} rows is known "
        f"here (needs {teams - 1} MOLS of order {m})"
    )


def team_rounds_name(teams: int, team_size: int) -> str:
    """How `team_rounds` builds this size (for the quality summary)."""
    dm = difference_matrix(team_size, teams)
    if dm is not None:
        return f"resolvable TD({teams},{team_size}) from a difference matrix over {dm.how}"
    if has_team_rounds(teams, team_size):
        n = team_size - 3
        return f"resolvable TD({teams},{team_size}) from a quasi-difference matrix over Z_{n}+3"
    raise ValueError(f"{teams} teams of {team_size}: not covered")


Column = tuple[int | None, ...]


def quasi_difference_matrix_search(
    n: int, *, seed: int = 0, node_limit: int = 5_000
) -> list[Column] | None:
    """The n + 6 columns of an (n, 4; 1, 1; 3) quasi-difference matrix over Z_n (None = inf).

    Four rows; every row holds inf in exactly 3 columns, no column holds it twice; for any two
    rows, the differences over the columns where both are finite run over Z_n once. Columns are
    normalised (their first finite entry is 0). One exact-cover attempt; None if it fails.
    """
    pairs = list(itertools.combinations(range(4), 2))
    options: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
    for r in range(4):
        others = [i for i in range(4) if i != r]
        for x, y in itertools.product(range(n), repeat=2):
            col = {others[0]: 0, others[1]: x, others[2]: y}
            items = [(i, j, (col[j] - col[i]) % n) for i, j in pairs if r not in (i, j)]
            for slot in range(3):
                options[(1, r, slot, x, y)] = [*items, (-1, r, slot)]
    for x, y, z in itertools.product(range(n), repeat=3):
        col = {0: 0, 1: x, 2: y, 3: z}
        options[(0, x, y, z)] = [(i, j, (col[j] - col[i]) % n) for i, j in pairs]
    found = exact_cover(options, seed=seed, node_limit=node_limit)
    if found is None:
        return None
    columns: list[Column] = []
    for kind, *rest in sorted(found):
        if kind == 0:
            columns.append((0, *rest))
        else:
            r, _slot, x, y = rest
            entries: list[int | None] = [0, x, y]
            entries.insert(r, None)
            columns.append(tuple(entries))
    return columns


def _rounds_from_qdm(n: int, columns: Sequence[Column], teams: int) -> Rounds:
    """k <= 3 teams of m = n + 3 from an (n, 4; 1, 1; 3) QDM.

    Developing the columns over Z_n (inf fixed; the three inf of row i named n, n+1, n+2 in
    column order) and adding an OA(4, 3) on the infinities gives an orthogonal array OA(4, m):
    every pair of coordinates shows every pair of symbols once. Coordinate 0 is the round,
    coordinate i+1 the player of team i at that table.
    """
    m = n + 3
    seen = [0, 0, 0, 0]
    rows: list[tuple[int, ...]] = []
    for col in columns:
        inf = next((i for i, e in enumerate(col) if e is None), None)
        name = 0
        if inf is not None:
            name = n + seen[inf]
            seen[inf] += 1
        for g in range(n):
            rows.append(tuple(name if e is None else (e + g) % n for e in col))
    for a, b in itertools.product(range(3), repeat=2):
        rows.append(tuple(n + v for v in (a, b, (a + b) % 3, (a + 2 * b) % 3)))
    rounds: Rounds = [[] for _ in range(m)]
    for row in sorted(rows, key=lambda r: (r[0], r[1])):
        rounds[row[0]].append([i * m + row[i + 1] for i in range(teams)])
    return rounds


# (n, 4; 1, 1; 3) quasi-difference matrices found once by `quasi_difference_matrix_search(n,
# seed=s)` (seed in the comment): n -> columns, None = inf. They give 3 teams of n + 3 = 2 (mod 4).
_QDM: dict[int, tuple[Column, ...]] = {
    7: (  # seed 0, 0.05 s
        (0, 4, 2, 1), (None, 0, 6, 1), (None, 0, 3, 3), (None, 0, 0, 5), (0, None, 0, 4),
        (0, None, 4, 5), (0, None, 6, 2), (0, 3, None, 3), (0, 0, None, 6), (0, 5, None, 0),
        (0, 6, 1, None), (0, 1, 5, None), (0, 2, 3, None),
    ),
    11: (  # seed 0, 1.03 s
        (0, 0, 6, 7), (0, 1, 3, 6), (0, 4, 4, 4), (0, 8, 1, 9), (0, 9, 10, 8), (None, 0, 7, 6),
        (None, 0, 8, 4), (None, 0, 9, 2), (0, None, 9, 0), (0, None, 8, 3), (0, None, 0, 5),
        (0, 7, None, 10), (0, 5, None, 2), (0, 3, None, 1), (0, 6, 5, None), (0, 10, 2, None),
        (0, 2, 7, None),
    ),
    15: (  # seed 0, 2.32 s
        (0, 0, 7, 9), (0, 3, 13, 8), (0, 4, 0, 1), (0, 6, 10, 6), (0, 8, 6, 10), (0, 9, 9, 12),
        (0, 10, 12, 2), (0, 12, 5, 3), (0, 14, 8, 7), (None, 0, 6, 13), (None, 0, 5, 11),
        (None, 0, 14, 14), (0, None, 1, 13), (0, None, 11, 4), (0, None, 2, 11), (0, 13, None, 14),
        (0, 5, None, 0), (0, 1, None, 5), (0, 11, 14, None), (0, 2, 3, None), (0, 7, 4, None),
    ),
    19: (  # seed 1, 4.06 s
        (0, 0, 4, 12), (0, 1, 12, 7), (0, 2, 8, 13), (0, 3, 5, 18), (0, 5, 10, 8), (0, 6, 1, 16),
        (0, 7, 15, 14), (0, 8, 6, 17), (0, 9, 18, 3), (0, 11, 2, 11), (0, 12, 0, 10),
        (0, 14, 13, 0), (0, 17, 14, 2), (None, 0, 15, 8), (None, 0, 0, 16), (None, 0, 1, 1),
        (0, None, 7, 9), (0, None, 17, 1), (0, None, 3, 4), (0, 16, None, 15), (0, 10, None, 5),
        (0, 4, None, 6), (0, 13, 16, None), (0, 15, 9, None), (0, 18, 11, None),
    ),
    23: (  # seed 1, 3.5 s
        (0, 0, 15, 8), (0, 1, 7, 14), (0, 2, 22, 4), (0, 3, 16, 13), (0, 4, 0, 0), (0, 5, 14, 10),
        (0, 6, 6, 21), (0, 7, 5, 19), (0, 9, 2, 3), (0, 10, 17, 16), (0, 12, 1, 5),
        (0, 13, 21, 11), (0, 15, 20, 22), (0, 16, 19, 2), (0, 17, 4, 12), (0, 19, 13, 7),
        (0, 21, 12, 1), (None, 0, 2, 20), (None, 0, 18, 4), (None, 0, 11, 14), (0, None, 11, 9),
        (0, None, 18, 6), (0, None, 8, 18), (0, 20, None, 20), (0, 18, None, 17),
        (0, 14, None, 15), (0, 11, 10, None), (0, 22, 3, None), (0, 8, 9, None),
    ),
    27: (  # bench/seating_qdm.py 27 (CP-SAT), 71 s
        (None, 0, 8, 21), (None, 0, 25, 19), (None, 0, 17, 13), (0, None, 22, 24),
        (0, None, 25, 20), (0, None, 23, 22), (0, 26, None, 11), (0, 25, None, 13),
        (0, 23, None, 14), (0, 22, 15, None), (0, 21, 8, None), (0, 24, 12, None), (0, 0, 1, 2),
        (0, 1, 4, 7), (0, 2, 13, 1), (0, 3, 10, 3), (0, 4, 3, 12), (0, 5, 7, 15), (0, 6, 16, 23),
        (0, 7, 2, 21), (0, 8, 26, 5), (0, 9, 21, 4), (0, 10, 6, 17), (0, 11, 24, 9),
        (0, 12, 18, 16), (0, 13, 17, 6), (0, 14, 19, 10), (0, 15, 9, 26), (0, 16, 5, 19),
        (0, 17, 14, 18), (0, 18, 0, 0), (0, 19, 11, 8), (0, 20, 20, 25),
    ),
}


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

"""1-rotational resolvable 4-GDDs of type 3^u: 3u players in u groups of 3, u - 1 rounds at
tables of 4 in which nobody meets their group and everybody else exactly once.

For P = 3u = 0 (mod 12) players no resolvable design exists (P - 1 is not a multiple of 3), and
u - 1 = floor((P - 1) / 3) is the bound: 36 players get 11 rounds, 48 get 15, 72 get 23 and 84
get 27 (the catalogue has 10, 13, 21 and 26). These designs exist for every u = 0 (mod 4),
u >= 8 (Ge, Lam, Ling and Shen, *Resolvable maximum packings with quadruples*, Des. Codes
Cryptogr. 35 (2005), as cited in ../shared/docs/seating-targets.md); the ones here are our own,
found by exact cover in this form.

Points (x, i) with x in Z_n, n = u - 1, and i in Z_3, plus three points at infinity (INF, k).
Groups: {x} x Z_3 and the three infinite points; player 3x + i, and 3n + k for (INF, k). Round c
is the base round translated by c (x -> x + c, infinite points fixed), so every round is a
partition when the base round is. A pair lies in a class: (x, i), (y, j) with i < j in
(i, j, y - x); (x, i), (y, i) in (i, +-(y - x)); (INF, k), (x, i) in (k, i). Translation runs
through the n pairs of each class, so the u - 1 rounds meet every pair outside the groups
exactly once iff the base round's tables use every class once. The base round is also invariant
under rho: (x, i) -> (x, i + 1), (INF, k) -> (INF, k + 1), so it is u/4 base tables whose
rho-orbits (three tables each) partition the points, and the search is an exact cover of the
u rho-orbits of points and the rho-orbits of classes by rho-orbits of tables
(`rotational_starter_search`). Its answers are stored in `_STARTERS`.

>>> rounds = rgdd3_rotational(12)
>>> len(rounds), len(rounds[0]), sorted(rounds[0][0])
(11, 9, [17, 27, 31, 33])
"""

from __future__ import annotations

import itertools

from mjevent.core.seating.construct_search import exact_cover

Rounds = list[list[list[int]]]
Point = tuple[int, int]
Table = tuple[Point, ...]
Class = tuple[object, ...]

__all__ = [
    "INF",
    "develop_rotational",
    "has_rgdd3_rotational",
    "rgdd3_rotational",
    "rotational_starter_search",
]

INF = -1  # (INF, k) is the k-th point at infinity

# u -> the base tables, one per rho-orbit: the exact cover of `rotational_starter_search(u)`,
# solved in Python for u <= 16 (seed 0) and in a C port of the same Algorithm X from 20 on (seed
# 0, except 28: seed 2, and 36: seed 3); docs/seating-constructions.md has the times.
_STARTERS: dict[int, tuple[Table, ...]] = {
    8: (((INF, 0), (4, 0), (2, 1), (1, 2)), ((0, 0), (3, 2), (5, 2), (6, 2))),
    12: (
        ((INF, 0), (9, 0), (10, 1), (5, 2)), ((2, 0), (6, 0), (7, 0), (4, 2)),
        ((0, 0), (8, 0), (1, 2), (3, 2)),
    ),
    16: (
        ((INF, 0), (5, 0), (6, 1), (14, 2)), ((0, 0), (2, 1), (4, 1), (9, 1)),
        ((1, 0), (10, 0), (13, 1), (3, 2)), ((7, 0), (8, 2), (11, 2), (12, 2)),
    ),
    20: (
        ((INF, 0), (18, 0), (13, 1), (7, 2)), ((2, 0), (16, 0), (14, 1), (17, 1)),
        ((3, 0), (5, 1), (6, 1), (12, 1)), ((0, 0), (4, 0), (10, 1), (15, 2)),
        ((1, 0), (9, 0), (11, 0), (8, 1)),
    ),
    24: (
        ((INF, 0), (17, 0), (7, 1), (18, 2)), ((4, 0), (10, 0), (14, 0), (12, 2)),
        ((6, 0), (21, 0), (15, 2), (20, 2)), ((2, 0), (13, 0), (16, 0), (9, 2)),
        ((0, 0), (22, 0), (3, 2), (5, 2)), ((1, 0), (8, 0), (11, 1), (19, 2)),
    ),
    28: (
        ((INF, 0), (6, 0), (12, 1), (1, 2)), ((3, 0), (13, 1), (9, 2), (21, 2)),
        ((4, 0), (7, 0), (18, 0), (5, 1)), ((2, 0), (14, 2), (16, 2), (22, 2)),
        ((8, 0), (19, 1), (26, 1), (23, 2)), ((0, 0), (17, 0), (24, 2), (25, 2)),
        ((10, 0), (11, 2), (15, 2), (20, 2)),
    ),
    32: (
        ((INF, 0), (27, 0), (17, 1), (4, 2)), ((9, 0), (13, 0), (25, 1), (28, 1)),
        ((0, 0), (1, 1), (2, 1), (7, 1)), ((3, 0), (21, 0), (23, 0), (12, 2)),
        ((11, 0), (20, 0), (15, 1), (14, 2)), ((6, 0), (22, 0), (8, 2), (29, 2)),
        ((5, 0), (24, 0), (10, 1), (18, 1)), ((16, 0), (30, 0), (19, 1), (26, 1)),
    ),
    36: (
        ((INF, 0), (23, 0), (13, 1), (28, 2)), ((2, 0), (7, 0), (14, 1), (30, 1)),
        ((1, 0), (4, 2), (27, 2), (31, 2)), ((0, 0), (9, 0), (34, 0), (8, 2)),
        ((10, 0), (16, 0), (24, 1), (26, 1)), ((5, 0), (12, 0), (29, 0), (18, 2)),
        ((3, 0), (6, 1), (21, 1), (25, 2)), ((19, 0), (22, 0), (20, 2), (33, 2)),
        ((11, 0), (32, 0), (17, 1), (15, 2)),
    ),
}


def has_rgdd3_rotational(u: int) -> bool:
    """Whether `rgdd3_rotational(u)` is stored."""
    return u in _STARTERS


def rgdd3_rotational(u: int) -> Rounds:
    """The stored 4-RGDD of type 3^u: u - 1 rounds; players 3g, 3g+1, 3g+2 never meet.

    >>> [sorted(t) for t in rgdd3_rotational(8)[0][:2]]
    [[5, 7, 12, 21], [3, 8, 13, 22]]
    """
    if u not in _STARTERS:
        raise ValueError(f"no stored 1-rotational resolvable 4-GDD of type 3^{u}")
    return develop_rotational(u, _STARTERS[u])


def develop_rotational(u: int, base_tables: tuple[Table, ...]) -> Rounds:
    """The u - 1 rounds of a base round given by its base tables (their rho-orbits)."""
    n = u - 1
    base = [_rho(t, r) for t in base_tables for r in range(3)]
    return [[[_player(p, c, n) for p in t] for t in base] for c in range(n)]


def rotational_starter_search(
    u: int, *, seed: int = 0, node_limit: int | None = 200_000
) -> tuple[Table, ...] | None:
    """Base tables of a 1-rotational 4-RGDD of type 3^u, or None (none found in the limit).

    Items: each rho-orbit of points once (the base round is a partition) and each rho-orbit
    of classes once. Options: a table on distinct groups whose rho-orbit has 12 distinct
    points and 6 * 3 distinct classes. Every table is taken with its point at infinity, if
    any, as (INF, 0): the rho-orbit holds the other two.
    """
    if u < 8 or u % 4:
        return None
    n = u - 1
    finite = [(x, i) for i in range(3) for x in range(n)]
    options: dict[Table, list[object]] = {}
    fours = itertools.chain(
        (((INF, 0), *three) for three in itertools.combinations(finite, 3)),
        itertools.combinations(finite, 4),
    )
    for table in fours:
        if len({x for x, _ in table}) < 4:
            continue  # two players of one group (or two infinite points)
        orbit = [_rho(table, r) for r in range(3)]
        if len({p for t in orbit for p in t}) < 12:
            continue
        classes = [_class_orbit(a, b, n) for a, b in itertools.combinations(table, 2)]
        if len(set(classes)) < 6:
            continue
        key = min(tuple(sorted(t)) for t in orbit)
        points = [("point", min(_rho((p,), r)[0] for r in range(3))) for p in table]
        options.setdefault(key, [*points, *classes])
    found = exact_cover(options, seed=seed, node_limit=node_limit)
    return None if found is None else tuple(sorted(found))


def _rho(table: Table, r: int) -> Table:
    return tuple((x, (i + r) % 3) for x, i in table)


def _player(point: Point, c: int, n: int) -> int:
    x, i = point
    return 3 * n + i if x == INF else 3 * ((x + c) % n) + i


def _class_orbit(a: Point, b: Point, n: int) -> Class:
    """The rho-orbit of the class of the pair a, b, as one representative."""
    return min(_class(_rho((a, b), r), n) for r in range(3))


def _class(pair: Table, n: int) -> Class:
    (x, i), (y, j) = pair
    if x == INF:
        return ("inf", i, j)
    if y == INF:
        return ("inf", j, i)
    if i == j:
        d = (y - x) % n
        return ("same", i, min(d, n - d))
    if i > j:
        (x, i), (y, j) = (y, j), (x, i)
    return ("across", i, j, (y - x) % n)

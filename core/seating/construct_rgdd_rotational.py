"""1-rotational resolvable 4-GDDs: P players in groups of q (3 or 2) who never meet, everybody
else met exactly once, in floor((P - 1) / 3) rounds at tables of 4: the bound, where no
resolvable design exists.

- Type 3^u (P = 3u = 0 mod 12): u - 1 rounds; 36 players get 11, 48 get 15, 72 get 23 and 84
  get 27 (the catalogue has 10, 13, 21 and 26). These exist for every u = 0 (mod 4), u >= 8
  (Ge, Lam, Ling and Shen, *Resolvable maximum packings with quadruples*, Des. Codes Cryptogr.
  35 (2005), as cited in ../shared/docs/seating-targets.md).
- Type 2^u (P = 2u = 8 mod 12): 2(u - 1)/3 rounds; 44 players get 14, 56 get 18 and 80 get 26
  (the catalogue has 12, 16 and 24). Here rho needs a w of order 3 mod n, which n = 10 (32
  players), 22, 30, 34, 46 and 50 lack.

The designs here are our own, found by exact cover in this form. Points (x, i) with x in Z_n
and i in Z_3, plus q points at infinity (INF, k); n = u - 1 for type 3^u and n = (P - 2)/3 for
type 2^u. Groups: {x} x Z_3 (type 3^u) or {(x, i), (x + n/2, i)} (type 2^u), and the infinite
points. Round c is the base round translated by c (x -> x + c, infinite points fixed), so
every round is a partition when the base round is. A pair lies in a class: (x, i), (y, j) with
i < j in (i, j, y - x); (x, i), (y, i) in (i, +-(y - x)); (INF, k), (x, i) in (k, i).
Translation runs through the n pairs of each class, so the n rounds meet every pair outside
the groups exactly once iff the base round's tables use every class once. The base round is
also invariant under rho: (x, i) -> (w*x, i + 1), with w**3 = 1 (mod n), which moves (INF, k)
to (INF, k + 1) for type 3^u and fixes it for type 2^u. So it is a few base tables whose
rho-orbits (three tables each, or one for a table of an infinite point and a whole orbit of
finite points) partition the points, and the search is an exact cover of the rho-orbits of
points and the rho-orbits of classes by rho-orbits of tables (`rotational_starter_search`).
Its answers are stored in `_TRIPLES` and `_PAIRS`.

>>> rounds = rgdd_rotational(12, 3)
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
    "has_rgdd_rotational",
    "rgdd_rotational",
    "rotational_items",
    "rotational_name",
    "rotational_option",
    "rotational_options",
    "rotational_starter_search",
]

INF = -1  # (INF, k) is the k-th point at infinity

# u -> the base tables of type 3^u (w = 1), one per rho-orbit: the exact cover of
# `rotational_starter_search(u, 3)`, solved in Python for u <= 16 (seed 0) and in a C port of
# the same Algorithm X from 20 on (seed 0, except 28: seed 2, and 36: seed 3);
# docs/seating-constructions.md has the times.
_TRIPLES: dict[int, tuple[Table, ...]] = {
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


# u -> (w, base tables) of type 2^u, found the same way (C port).
_PAIRS: dict[int, tuple[int, tuple[Table, ...]]] = {
    22: (  # 44 players, 14 rounds; seed 0, 0.1 s (1,522 nodes)
        9,
        (
            ((INF, 0), (7, 0), (7, 1), (7, 2)), ((INF, 1), (10, 0), (6, 1), (12, 2)),
            ((0, 0), (13, 0), (4, 2), (6, 2)), ((1, 0), (4, 1), (9, 2), (13, 2)),
            ((3, 0), (8, 1), (11, 1), (12, 1)),
        ),
    ),
    40: (  # 80 players, 26 rounds; seed 1, 2.0 s (18,713 nodes)
        3,
        (
            ((INF, 0), (11, 0), (7, 1), (21, 2)), ((INF, 1), (21, 0), (11, 1), (7, 2)),
            ((0, 0), (8, 0), (8, 2), (11, 2)), ((1, 0), (6, 0), (5, 2), (23, 2)),
            ((2, 0), (14, 0), (22, 1), (3, 2)), ((3, 0), (18, 0), (25, 0), (12, 2)),
            ((4, 0), (5, 0), (10, 1), (14, 1)), ((13, 0), (19, 0), (8, 1), (17, 1)),
        ),
    ),
    28: (  # 56 players, 18 rounds; seed 4, 0.4 s (4,991 nodes; seeds 0-3 ran out of 300,000)
        7,
        (
            ((INF, 0), (12, 0), (12, 1), (12, 2)), ((INF, 1), (10, 0), (16, 1), (4, 2)),
            ((7, 0), (11, 0), (1, 1), (2, 2)), ((4, 0), (15, 0), (16, 0), (2, 1)),
            ((0, 0), (2, 0), (5, 0), (3, 2)), ((1, 0), (9, 0), (11, 1), (6, 2)),
        ),
    ),
}


def has_rgdd_rotational(u: int, q: int) -> bool:
    """Whether `rgdd_rotational(u, q)` is stored."""
    return u in (_TRIPLES if q == 3 else _PAIRS if q == 2 else {})


def rotational_name(u: int, q: int) -> str:
    """How this size is built (for the quality summary)."""
    w, _ = _stored(u, q)
    n = _rows(u, q)
    turn = "" if w == 1 else f", x -> {w}x"
    return f"1-rotational resolvable 4-GDD of type {q}^{u} over Z_{n} x 3 + {q} inf{turn}"


def rgdd_rotational(u: int, q: int) -> Rounds:
    """The stored 4-RGDD of type q^u: players q*g .. q*g + q-1 never meet.

    >>> [sorted(t) for t in rgdd_rotational(8, 3)[0][:2]]
    [[5, 7, 12, 21], [3, 8, 13, 22]]
    >>> len(rgdd_rotational(28, 2)), sorted(rgdd_rotational(28, 2)[0][0])
    (18, [7, 25, 43, 54])
    """
    if not has_rgdd_rotational(u, q):
        raise ValueError(f"no stored 1-rotational resolvable 4-GDD of type {q}^{u}")
    w, tables = _stored(u, q)
    return develop_rotational(u, q, w, tables)


def _stored(u: int, q: int) -> tuple[int, tuple[Table, ...]]:
    """(w, base tables) of a stored design; type 3^u is stored with w = 1."""
    return (1, _TRIPLES[u]) if q == 3 else _PAIRS[u]


def develop_rotational(u: int, q: int, w: int, base_tables: tuple[Table, ...]) -> Rounds:
    """The rounds of a base round given by its base tables (their rho-orbits)."""
    n = _rows(u, q)
    base: list[Table] = []
    for table in base_tables:
        for image in _orbit(table, q, w, n):
            base.append(image)
    return [[[_player(p, c, n, q) for p in t] for t in base] for c in range(n)]


def rotational_starter_search(
    u: int, q: int, w: int = 1, *, seed: int = 0, node_limit: int | None = 200_000
) -> tuple[Table, ...] | None:
    """Base tables of a 1-rotational 4-RGDD of type q^u with rho: x -> w*x, or None (no such
    form, or none found within the limit): an exact cover of `rotational_options`."""
    options = rotational_options(u, q, w)
    if not options:
        return None
    found = exact_cover(options, seed=seed, node_limit=node_limit)
    return None if found is None else tuple(sorted(found))


def rotational_options(u: int, q: int, w: int = 1) -> dict[Table, list[object]]:
    """The exact cover whose solutions are the base tables (empty when the form does not
    apply: u, n or w of the wrong kind).

    Items: each rho-orbit of points once (the base round is a partition) and each rho-orbit
    of classes once. Options, keyed by the least sorted table of their rho-orbit: a table on
    distinct groups whose rho-orbit has distinct points and distinct classes; a table with an
    infinite point is listed with (INF, 0) (and (INF, 1) for type 2^u, whose infinite points
    rho fixes).
    """
    n = _rows(u, q)
    if n < 3 or (q == 3 and u % 4) or (q == 2 and (u % 6 != 4 or n % 2)) or pow(w, 3, n) != 1:
        return {}
    finite = [(x, i) for i in range(3) for x in range(n)]
    infinite = [(INF, 0)] if q == 3 else [(INF, 0), (INF, 1)]
    options: dict[Table, list[object]] = {}
    fours = itertools.chain(
        ((inf, *three) for inf in infinite for three in itertools.combinations(finite, 3)),
        itertools.combinations(finite, 4),
    )
    for table in fours:
        found = _option(table, n, q, w)
        if found is not None:
            options.setdefault(*found)
    return options


def rotational_option(table: Table, u: int, q: int, w: int = 1) -> list[object] | None:
    """The items the rho-orbit of this table covers, or None when it is no option (two players
    of a group, or its orbit repeats a point or a class)."""
    found = _option(table, _rows(u, q), q, w)
    return None if found is None else found[1]


def _option(table: Table, n: int, q: int, w: int) -> tuple[Table, list[object]] | None:
    """(key, items) of the option of this table's rho-orbit, or None when it is none."""
    if len({_group(p, n, q) for p in table}) < 4:
        return None
    orbit = _orbit(table, q, w, n)
    if len({p for t in orbit for p in t}) < 4 * len(orbit):
        return None
    pairs = [pair for t in orbit for pair in itertools.combinations(t, 2)]
    if len({_class(pair, n) for pair in pairs}) < len(pairs):
        return None
    points = {("point", _point_orbit(p, q, w, n)) for p in table}
    classes = {_class_orbit(pair, q, w, n) for pair in itertools.combinations(table, 2)}
    key = min(tuple(sorted(t)) for t in orbit)
    return key, sorted(points, key=repr) + sorted(classes, key=repr)


def rotational_items(u: int, q: int, w: int = 1) -> set[object]:
    """Every item of `rotational_options`: the rho-orbits of points and of the classes of
    pairs outside the groups."""
    n = _rows(u, q)
    points = [(x, i) for i in range(3) for x in range(n)] + [(INF, k) for k in range(q)]
    items: set[object] = {("point", _point_orbit(p, q, w, n)) for p in points}
    for a, b in itertools.combinations(points, 2):
        if _group(a, n, q) != _group(b, n, q):
            items.add(_class_orbit((a, b), q, w, n))
    return items


def _rows(u: int, q: int) -> int:
    """n: the number of rounds, and of points in each of the three rows."""
    return u - 1 if q == 3 else (2 * u - 2) // 3


def _group(point: Point, n: int, q: int) -> Point:
    x, i = point
    if x == INF:
        return (INF, 0)
    return (x, 0) if q == 3 else (x % (n // 2), i)


def _rho(point: Point, q: int, w: int, n: int) -> Point:
    x, i = point
    if x == INF:
        return (INF, (i + 1) % 3) if q == 3 else point
    return (w * x) % n, (i + 1) % 3


def _orbit(table: Table, q: int, w: int, n: int) -> list[Table]:
    """The table and its images under rho, each once (one table when rho fixes it)."""
    out = [table]
    for _ in range(2):
        out.append(tuple(_rho(p, q, w, n) for p in out[-1]))
    return out[:1] if sorted(out[1]) == sorted(table) else out


def _point_orbit(point: Point, q: int, w: int, n: int) -> Point:
    second = _rho(point, q, w, n)
    return min(point, second, _rho(second, q, w, n))


def _player(point: Point, c: int, n: int, q: int) -> int:
    x, i = point
    if x == INF:
        return 3 * n + i
    x = (x + c) % n
    if q == 3:
        return 3 * x + i
    half = n // 2
    return 2 * (i * half + x % half) + x // half


def _class_orbit(pair: Table, q: int, w: int, n: int) -> Class:
    """The rho-orbit of the class of a pair, as one representative."""
    out = [_class(pair, n)]
    for _ in range(2):
        pair = tuple(_rho(p, q, w, n) for p in pair)
        out.append(_class(pair, n))
    return min(out, key=repr)


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

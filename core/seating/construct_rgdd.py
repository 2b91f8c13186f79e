"""Resolvable 4-GDDs of type q^u: u groups of q players, nobody meets their own group, everybody
else exactly once, in q(u-1)/3 rounds.

Where no resolvable design exists (P = 0 or 8 mod 12 at tables of 4), giving up the q-1
meetings inside each group buys rounds that no design reaches: a 4-RGDD of type 8^7 seats 56
players for 16 rounds (then one more inside the groups of 8: 17, and exactly 16 for 7 teams of
8). `rgdd4` also serves the designs of `construct_rgdd_pairs` (type 2^16: 32 players, 10
rounds) and `construct_rgdd_rotational` (types 3^u and 2^u: the bound, 56 players get 18).

Points are (g, x) with g in Z_u (the group) and x in GF(q); player g*q + x. Each of the (u-1)/3
base rounds is invariant under mu: (g, x) -> (g+1, w*x), so it is stored as a few base tables
whose mu-orbits it is; every round is a base round translated by some c in GF(q) (x -> x + c).
A pair (g, x), (h, y) with g < h lies in class (g, h, y - x): translations keep the class and
run over its q pairs, mu permutes classes, so the rounds meet every pair of different groups
exactly once iff the base tables' orbits use every class exactly once. That is an exact cover
(`rgdd4_starter_search`), solved once and stored in `_STARTERS`.

>>> rounds = rgdd4(7, 8)
>>> len(rounds), len(rounds[0]), sorted(rounds[0][0])
(16, 14, [0, 20, 30, 35])
"""

from __future__ import annotations

import itertools

from mjevent.core.seating.construct_field import Field, field
from mjevent.core.seating.construct_rgdd_pairs import rgdd4_pairs
from mjevent.core.seating.construct_rgdd_rotational import (
    has_rgdd_rotational,
    rgdd_rotational,
    rotational_name,
)
from mjevent.core.seating.construct_search import exact_cover

Rounds = list[list[list[int]]]
Point = tuple[int, int]
Table = tuple[Point, ...]
Class = tuple[int, int, int]

__all__ = ["develop", "has_rgdd4", "rgdd4", "rgdd4_name", "rgdd4_starter_search"]

# (u, q) -> (w, base rounds as their base tables), found by `rgdd4_starter_search(u, q, w,
# seed=s)` (seed and time in the comment).
_STARTERS: dict[tuple[int, int], tuple[int, tuple[tuple[Table, ...], ...]]] = {
    (7, 8): (  # w = 2 (the class of x, a generator of GF(8)*), seed 0, 18 s
        2,
        (
            (((0, 0), (2, 4), (3, 6), (4, 3)), ((0, 3), (3, 1), (5, 3), (6, 2))),
            (((0, 0), (1, 6), (2, 6), (5, 7)), ((0, 2), (3, 2), (5, 4), (6, 7))),
        ),
    ),
}

# Type 2^16 has its own symmetry (`construct_rgdd_pairs`): 32 players, 10 rounds; types 3^u
# and 2^u are also 1-rotational (`construct_rgdd_rotational`): 3u players, u - 1 rounds, and
# 56 players, 18 rounds.
_TYPE_2_16 = (16, 2)


def has_rgdd4(u: int, q: int) -> bool:
    """Whether `rgdd4(u, q)` is stored."""
    return (u, q) in _STARTERS or (u, q) == _TYPE_2_16 or has_rgdd_rotational(u, q)


def rgdd4_name(u: int, q: int) -> str:
    """How `rgdd4` builds this size (for the quality summary)."""
    if (u, q) == _TYPE_2_16:
        return "resolvable 4-GDD of type 2^16 over F_2^3 x 4 (Aguado's 8-4-10 symmetry)"
    if has_rgdd_rotational(u, q):
        return rotational_name(u, q)
    w = _STARTERS[(u, q)][0]
    return f"resolvable 4-GDD of type {q}^{u} over Z_{u} x GF({q}), x -> {w}x"


def rgdd4(u: int, q: int) -> Rounds:
    """The stored 4-RGDD of type q^u: q(u-1)/3 rounds, player g*q + x is point (g, x).

    Players g*q .. g*q + q-1 (a group) never meet; any two others meet exactly once.
    """
    if (u, q) == _TYPE_2_16:
        return rgdd4_pairs()
    if has_rgdd_rotational(u, q):
        return rgdd_rotational(u, q)
    if (u, q) not in _STARTERS:
        raise ValueError(f"no stored resolvable 4-GDD of type {q}^{u}")
    w, bases = _STARTERS[(u, q)]
    return develop(u, q, w, bases)


def develop(u: int, q: int, w: int, bases: tuple[tuple[Table, ...], ...]) -> Rounds:
    """The rounds of base rounds given as base tables: each base round is the mu-orbits of its
    tables, translated by every c in GF(q); player g*q + x is point (g, x)."""
    f = field(q)
    rounds: Rounds = []
    for base in bases:
        tables = [image for table in base for image in _orbit(table, u, w, f)]
        for c in range(q):
            rounds.append([[g * q + f.add(x, c) for g, x in table] for table in tables])
    return rounds


def _mu(point: Point, u: int, w: int, f: Field) -> Point:
    return (point[0] + 1) % u, f.mul(w, point[1])


def _orbit(table: Table, u: int, w: int, f: Field) -> list[Table]:
    """The table and its images under mu, each once."""
    out = [table]
    while True:
        image = tuple(_mu(p, u, w, f) for p in out[-1])
        if sorted(image) == sorted(table):
            return out
        out.append(image)


def _class(a: Point, b: Point, f: Field) -> Class:
    if a[0] > b[0]:
        a, b = b, a
    return a[0], b[0], f.sub(b[1], a[1])


def rgdd4_starter_search(
    u: int, q: int, w: int, *, seed: int = 0, node_limit: int = 200_000
) -> tuple[tuple[Table, ...], ...] | None:
    """Base rounds (as base tables) of a 4-RGDD of type q^u invariant under mu, or None.

    Items: each mu-orbit of points once per base round (the round is a partition), each
    mu-orbit of classes once overall. Options: a mu-orbit of tables whose points are disjoint
    and which uses whole class orbits, put into one of the (u-1)/3 base rounds.
    """
    if (u - 1) % 3 or (u * q) % 4:
        return None
    f = field(q)

    def class_orbit(c: Class) -> tuple[Class, ...]:
        out = [c]
        while True:
            g, h, d = out[-1]
            a, b, e = (g + 1) % u, (h + 1) % u, f.mul(w, d)
            nxt = (a, b, e) if a < b else (b, a, f.neg(e))
            if nxt == c:
                return tuple(sorted(out))
            out.append(nxt)

    point_orbit = {
        (g, x): min(image[0] for image in _orbit(((g, x),), u, w, f))
        for g in range(u)
        for x in range(q)
    }
    points = sorted(point_orbit)
    options: dict[tuple[int, Table], list[object]] = {}
    seen: set[Table] = set()
    for four in itertools.combinations(points, 4):
        if len({g for g, _ in four}) < 4:
            continue
        images = _orbit(four, u, w, f)
        key = min(tuple(sorted(t)) for t in images)
        if key in seen:
            continue
        seen.add(key)
        covered = [p for t in images for p in t]
        if len(set(covered)) < len(covered):
            continue
        uses: dict[tuple[Class, ...], int] = {}
        for t in images:
            for one, other in itertools.combinations(t, 2):
                orbit_c = class_orbit(_class(one, other, f))
                uses[orbit_c] = uses.get(orbit_c, 0) + 1
        if any(n != len(orbit_c) for orbit_c, n in uses.items()):
            continue  # some class twice
        items: list[object] = [("class", orbit_c) for orbit_c in uses]
        for base in range((u - 1) // 3):
            options[(base, key)] = [
                *items, *(("point", base, o) for o in {point_orbit[p] for p in covered})
            ]
    found = exact_cover(options, seed=seed, node_limit=node_limit)
    if found is None:
        return None
    bases: list[list[Table]] = [[] for _ in range((u - 1) // 3)]
    for base, chosen in sorted(found):
        bases[base].append(chosen)
    return tuple(tuple(base) for base in bases)

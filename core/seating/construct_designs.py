"""Resolvable 2-designs: schedules in which every pair of players meets exactly once.

A resolvable 2-(v, k, 1) design splits v players into tables of k in (v-1)/(k-1) rounds so that
every pair shares a table exactly once: the most rounds any no-repeat schedule can have.

- `affine_plane(q)` / `affine_space(q, n)`: AG(n, q) for a prime power q, q**n players, tables
  of q, (q**n - 1)/(q - 1) rounds. The plane uses the catalogue's rule (seed 000): player
  p = a*q + b sits at table a*s + b in round s < q and at table a in the last round.
- `kirkman(v)`: a Kirkman triple system KTS(v) for v = 3 (mod 6), from (first that applies)
  AG(n, 3); Ray-Chaudhuri & Wilson's KTS(2q+1) and KTS(3q) for prime powers q = 1 (mod 6)
  (Stinson 1991, constructions 1.1 and 1.2); a stored cyclic starter (`_KTS_STARTERS`, found
  by `kirkman_starter_search`); the product KTS(u) x KTS(w) -> KTS(uw).
- `rbibd4(v)`: a resolvable 2-(v, 4, 1) design for v = 4 (mod 12): AG(n, 4) for v = 4**n,
  otherwise points Z_n x {0,1,2} + inf with n = (v-1)/3 and one base round turned n times
  (Tomii's "three circles and a centre"), the base round made of blocks
  {x_j, -x_j, y_{j+1}, -y_{j+1}}: closed form for prime powers n (Beth, Jungnickel & Lenz,
  Design Theory, VII.7.5.a), exact-cover search otherwise (at most 0.75 s; up to v = 316).

Players are numbered from 0; within a table the order means nothing (winds are assigned later).

>>> len(affine_plane(5)), affine_plane(5)[0][1]
(6, [1, 6, 11, 16, 21])
>>> [len(kirkman(v)) for v in (9, 15, 21, 33, 45, 69)]
[4, 7, 10, 16, 22, 34]
>>> len(rbibd4(100)), len(rbibd4(100)[0])
(33, 25)
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence

from mjevent.core.seating.construct_field import Field, field, prime_power
from mjevent.core.seating.construct_search import exact_cover
from mjevent.core.seating.construct_teams import team_rounds

Rounds = list[list[list[int]]]


def _integer_root(v: int, base: int) -> int | None:
    """n with base**n == v (n >= 1), or None."""
    n, x = 0, 1
    while x < v:
        x *= base
        n += 1
    return n if x == v and n >= 1 else None


# --- affine geometry -------------------------------------------------------------------------


def affine_plane(q: int) -> Rounds:
    """AG(2, q): q*q players, q tables of q, q+1 rounds, every pair once (q a prime power)."""
    f = field(q)
    rounds: Rounds = []
    for s in range(q):
        tables: list[list[int]] = [[] for _ in range(q)]
        for p in range(q * q):
            a, b = divmod(p, q)
            tables[f.add(f.mul(a, s), b)].append(p)
        rounds.append(tables)
    rounds.append([[a * q + b for b in range(q)] for a in range(q)])
    return rounds


def affine_space(q: int, n: int) -> Rounds:
    """AG(n, q): q**n players, tables of q (the lines), one round per direction."""
    if n < 1:
        raise ValueError(f"AG({n}, {q}): the dimension must be at least 1")
    if n == 1:
        field(q)
        return [[list(range(q))]]
    if n == 2:
        return affine_plane(q)
    f = field(q)
    size = q**n

    def coords(p: int) -> list[int]:
        return [(p // q**i) % q for i in range(n)]

    def point(c: Sequence[int]) -> int:
        return sum(x * q**i for i, x in enumerate(c))

    rounds: Rounds = []
    for d in range(1, size):
        direction = coords(d)
        if direction[next(i for i, x in enumerate(direction) if x)] != 1:
            continue
        seen = [False] * size
        tables = []
        for p in range(size):
            if seen[p]:
                continue
            base = coords(p)
            line = sorted(
                point([f.add(x, f.mul(t, y)) for x, y in zip(base, direction, strict=True)])
                for t in range(q)
            )
            for x in line:
                seen[x] = True
            tables.append(line)
        rounds.append(tables)
    return rounds


# --- Kirkman triple systems --------------------------------------------------------------------


def _develop(
    f: Field, base: Sequence[Sequence[tuple[int, int] | None]], levels: int, q: int
) -> Rounds:
    """Turn a base round over GF(q): point (x, level) -> (x + g, level), None is infinity."""
    inf = levels * q
    return [
        [
            sorted(inf if pt is None else pt[1] * q + f.add(pt[0], g) for pt in block)
            for block in base
        ]
        for g in range(q)
    ]


def kts_2q_plus_1(q: int) -> Rounds:
    """KTS(2q+1) for a prime power q = 1 (mod 6): q rounds over GF(q) x {0, 1} + inf.

    Ray-Chaudhuri & Wilson (1971), Theorem 6; Stinson (1991), Construction 1.1.
    """
    if q % 6 != 1 or prime_power(q) is None:
        raise ValueError(f"KTS(2q+1) needs a prime power q = 1 (mod 6), not q = {q}")
    f = field(q)
    t = (q - 1) // 6
    half = f.exp[(q - 1) - f.log[f.add(1, 1)]]  # 1/2
    m = f.log[f.mul(f.add(f.power(t), 1), half)]  # gen**m = (gen**t + 1) / 2
    base: list[list[tuple[int, int] | None]] = [[None, (0, 0), (0, 1)]]
    for i in [*range(t), *range(2 * t, 3 * t), *range(4 * t, 5 * t)]:
        base.append([(f.power(i), 0), (f.power(t + i), 0), (f.power(m + i), 1)])
    for i in range(t):
        base.append([(f.power(m + t + i + 2 * t * j), 1) for j in range(3)])
    return _develop(f, base, 2, q)


def kts_3q(q: int) -> Rounds:
    """KTS(3q) for a prime power q = 1 (mod 6): GF(q) x {0, 1, 2}, q turned rounds + (q-1)/2.

    Ray-Chaudhuri & Wilson (1971), Theorem 5; Stinson (1991), Construction 1.2.
    """
    if q % 6 != 1 or prime_power(q) is None:
        raise ValueError(f"KTS(3q) needs a prime power q = 1 (mod 6), not q = {q}")
    f = field(q)
    t = (q - 1) // 6
    a = f.power
    Block = list[tuple[int, int] | None]
    pure: list[Block] = [
        [(a(i), j), (a(i + 2 * t), j), (a(i + 4 * t), j)] for j in range(3) for i in range(t)
    ]
    mixed: list[Block] = [[(a(i), 0), (a(i + 2 * t), 1), (a(i + 4 * t), 2)] for i in range(6 * t)]
    turned = [*range(t, 2 * t), *range(3 * t, 4 * t), *range(5 * t, 6 * t)]
    fixed = [*range(t), *range(2 * t, 3 * t), *range(4 * t, 5 * t)]
    base: list[Block] = [[(0, 0), (0, 1), (0, 2)], *pure]
    base += [mixed[i] for i in turned]
    rounds = _develop(f, base, 3, q)
    for i in fixed:  # a transversal round: all turns of one triple, invariant under turning
        rounds.append([blocks[0] for blocks in _develop(f, [mixed[i]], 3, q)])
    return rounds


def product_design(inner: Rounds, outer: Rounds, transversal: Rounds) -> Rounds:
    """A resolvable design on u*w players from ones on u (inner) and w (outer) players.

    Player l*u + x is point x of copy l of the inner design. The inner rounds run in every
    copy at once; then come the rounds of `inflate(outer, transversal)`. Every pair meets once
    when it does in the three ingredients.
    """
    u = 1 + max(p for table in inner[0] for p in table)
    copies = len(outer[0]) * len(outer[0][0])
    rounds: Rounds = [
        [[copy * u + x for x in table] for copy in range(copies) for table in rnd]
        for rnd in inner
    ]
    return rounds + inflate(outer, transversal)


def inflate(outer: Rounds, transversal: Rounds) -> Rounds:
    """Every player of `outer` becomes a group of u players; every outer table, a transversal.

    `transversal` is a resolvable TD(k, u): k groups of u consecutive players, one of each per
    table, every two players of different groups together exactly once. Outer player l becomes
    players l*u .. l*u+u-1; for each outer round and each transversal round, every outer table
    {l_1..l_k} gets that transversal round with group i mapped onto group l_i. So two players
    meet once when their outer players met, never when they did not (nor inside a group):
    len(outer) * u rounds, repeat-free when `outer` is.

    >>> rounds = inflate(kirkman(9), team_rounds(3, 4))  # 9 players -> 9 groups of 4
    >>> len(rounds), len(rounds[0]), rounds[0][0]
    (16, 12, [0, 12, 24])
    """
    u = len(transversal[0])
    rounds: Rounds = []
    for out_round in outer:
        for tr in transversal:
            rounds.append([
                sorted(copies[p // u] * u + p % u for p in table)
                for copies in out_round
                for table in tr
            ])
    return rounds


# Base rounds for KTS(v), v = 9 (mod 12), over Z_n x {0,1,2} (n = v/3), found once by
# `kirkman_starter_search(n, seed)` (seed in the comment) where no closed form applies: v -> the
# transversal rounds (a, b) and the triples of the turned base round (points l*n + x).
_KTS_STARTERS: dict[int, tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int, int], ...]]] = {
    33: (  # n = 11, seed 0 (0.3 s)
        (
            (1, 9), (9, 10), (3, 5), (4, 3), (6, 2),
        ),
        (
            (0, 11, 22), (1, 30, 31), (2, 15, 18), (3, 9, 10), (4, 7, 14), (5, 13, 28), (6, 8, 23),
            (12, 16, 17), (19, 21, 24), (20, 26, 29), (25, 27, 32),
        ),
    ),
    69: (  # n = 23, seed 0 (7 s)
        (
            (4, 12), (13, 20), (18, 22), (15, 9), (9, 6), (1, 11), (6, 18), (10, 15), (11, 10),
            (14, 5), (22, 14),
        ),
        (
            (0, 23, 46), (1, 2, 14), (3, 8, 29), (4, 48, 63), (5, 11, 53), (6, 20, 36),
            (7, 47, 56), (9, 13, 16), (10, 18, 30), (12, 59, 66), (15, 17, 34), (19, 27, 44),
            (21, 26, 60), (22, 49, 52), (24, 31, 45), (25, 35, 43), (28, 39, 64), (32, 50, 51),
            (33, 54, 65), (37, 40, 41), (38, 62, 67), (42, 58, 68), (55, 57, 61),
        ),
    ),
    105: (  # n = 35, seed 0 (35 s)
        (
            (9, 32), (21, 30), (5, 22), (32, 27), (26, 12), (7, 29), (24, 18), (16, 21), (34, 10),
            (13, 25), (20, 1), (15, 14), (30, 20), (29, 33), (28, 6), (8, 15), (27, 2),
        ),
        (
            (0, 35, 70), (1, 24, 26), (2, 5, 16), (3, 30, 40), (4, 11, 42), (6, 12, 21),
            (7, 48, 101), (8, 60, 61), (9, 75, 95), (10, 29, 73), (13, 90, 96), (14, 36, 72),
            (15, 20, 33), (17, 53, 86), (18, 19, 92), (22, 83, 97), (23, 69, 77), (25, 71, 103),
            (27, 41, 79), (28, 32, 51), (31, 43, 56), (34, 38, 67), (37, 74, 104), (39, 59, 100),
            (44, 55, 65), (45, 52, 54), (46, 50, 62), (47, 64, 78), (49, 76, 99), (57, 81, 85),
            (58, 63, 66), (68, 87, 88), (80, 91, 93), (82, 89, 98), (84, 94, 102),
        ),
    ),
    141: (  # n = 47, seed 0 (55 s)
        (
            (33, 1), (35, 38), (18, 40), (34, 31), (5, 4), (45, 27), (28, 8), (6, 24), (1, 21),
            (4, 16), (46, 33), (13, 37), (44, 11), (40, 26), (3, 44), (41, 13), (32, 36), (37, 15),
            (43, 12), (30, 20), (15, 3), (23, 6), (26, 28),
        ),
        (
            (0, 47, 94), (1, 15, 73), (2, 46, 128), (3, 11, 122), (4, 33, 132), (5, 61, 113),
            (6, 107, 109), (7, 29, 95), (8, 20, 91), (9, 101, 105), (10, 49, 52), (12, 38, 40),
            (13, 106, 117), (14, 103, 137), (16, 75, 79), (17, 28, 83), (18, 24, 34), (19, 26, 43),
            (21, 78, 133), (22, 51, 60), (23, 84, 92), (25, 30, 45), (27, 96, 104), (31, 35, 44),
            (32, 102, 118), (36, 90, 126), (37, 54, 64), (39, 70, 88), (41, 42, 62), (48, 63, 127),
            (50, 55, 77), (53, 81, 138), (56, 72, 114), (57, 80, 111), (58, 69, 97), (59, 71, 85),
            (65, 82, 125), (66, 68, 136), (67, 112, 115), (74, 100, 130), (76, 89, 129),
            (86, 87, 93), (98, 124, 131), (99, 121, 140), (108, 123, 135), (110, 119, 120),
            (116, 134, 139),
        ),
    ),
}


def kirkman_starter_search(
    n: int, *, seed: int = 0, node_limit: int = 100_000
) -> tuple[list[tuple[int, int]], list[tuple[int, int, int]]] | None:
    """A base round for KTS(3n) over Z_n x {0,1,2} (n odd), by exact cover; None if not found.

    The design is the base round turned n times (point (x, l) -> (x+g, l)) plus (n-1)/2
    transversal rounds {x_0, (x+a)_1, (x+b)_2 : x in Z_n}, invariant under the turning. Pairs
    on one circle are classed by their distance +-d, pairs across circles l < l' by the
    difference; the base round must use each class exactly once together with the transversals
    (difference 0 across circles by the fixed triple {0_0, 0_1, 0_2}).
    """
    if n % 2 == 0 or n < 3:
        raise ValueError(f"KTS(3n) starters need an odd n >= 3, not {n}")

    def key(p: int, r: int) -> tuple[int, int, int]:
        (l1, x1), (l2, x2) = sorted((divmod(p, n), divmod(r, n)))
        d = (x2 - x1) % n
        return (l1, l1, min(d, n - d)) if l1 == l2 else (l1, l2, d)

    # Options: (0, p, q, r) a triple of points l*n + x (x != 0), (1, slot, a, b) a transversal
    # round. Items: (-1, p) a point, (l, l', d) a class of pairs, (-2, slot) a transversal slot.
    options: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
    points = [level * n + x for level in range(3) for x in range(1, n)]
    for tri in itertools.combinations(points, 3):
        keys = [key(a, b) for a, b in itertools.combinations(tri, 2)]
        if len(set(keys)) == 3 and all(k[0] == k[1] or k[2] for k in keys):
            options[(0, *tri)] = [*((-1, p) for p in tri), *keys]
    for a, b in itertools.product(range(1, n), repeat=2):
        if a != b:
            keys = [(0, 1, a), (1, 2, (b - a) % n), (0, 2, b)]
            for slot in range((n - 1) // 2):
                options[(1, slot, a, b)] = [*keys, (-2, slot)]
    found = exact_cover(options, seed=seed, node_limit=node_limit)
    if found is None:
        return None
    transversals: list[tuple[int, int]] = []
    triples: list[tuple[int, int, int]] = [(0, n, 2 * n)]
    for kind, *rest in sorted(found):
        if kind == 1:
            transversals.append((rest[1], rest[2]))
        else:
            triples.append((rest[0], rest[1], rest[2]))
    return transversals, triples


def _kts_from_starter(
    n: int, transversals: Sequence[tuple[int, int]], triples: Sequence[Sequence[int]]
) -> Rounds:
    def turn(p: int, g: int) -> int:
        level, x = divmod(p, n)
        return level * n + (x + g) % n

    rounds = [[sorted(turn(p, g) for p in tri) for tri in triples] for g in range(n)]
    for a, b in transversals:
        rounds.append([[x, n + (x + a) % n, 2 * n + (x + b) % n] for x in range(n)])
    return rounds


@functools.cache
def _kirkman(v: int) -> tuple[tuple[tuple[tuple[int, ...], ...], ...], str] | None:
    if v % 6 != 3:
        return None
    if v == 3:
        return (((0, 1, 2),),), "a single table"
    dim = _integer_root(v, 3)
    if dim is not None:
        return _freeze(affine_space(3, dim)), f"affine geometry AG({dim},3) lines"
    q = (v - 1) // 2
    if q % 6 == 1 and prime_power(q):
        return _freeze(kts_2q_plus_1(q)), f"kirkman triple system KTS(2q+1), q={q}"
    q = v // 3
    if q % 6 == 1 and prime_power(q):
        return _freeze(kts_3q(q)), f"kirkman triple system KTS(3q), q={q}"
    if v in _KTS_STARTERS:
        transversals, triples = _KTS_STARTERS[v]
        rounds = _kts_from_starter(v // 3, transversals, triples)
        return _freeze(rounds), f"kirkman triple system KTS({v}), cyclic starter over Z_{v // 3}x3"
    for u in range(3, v, 6):
        if v % u == 0 and (v // u) % 6 == 3:
            inner, outer = _kirkman(u), _kirkman(v // u)
            if inner is not None and outer is not None:
                rounds = product_design(_thaw(inner[0]), _thaw(outer[0]), team_rounds(3, u))
                name = f"kirkman triple system KTS({v}) = KTS({u}) x KTS({v // u})"
                return _freeze(rounds), name
    return None


def kirkman(v: int) -> Rounds:
    """A Kirkman triple system KTS(v): (v-1)/2 rounds of v/3 triples, every pair once."""
    found = _kirkman(v)
    if found is None:
        raise ValueError(
            f"KTS({v}): " + ("v must be 3 (mod 6)" if v % 6 != 3 else "no construction here yet")
        )
    return _thaw(found[0])


def kirkman_name(v: int) -> str:
    """Which construction `kirkman(v)` uses."""
    found = _kirkman(v)
    if found is None:
        raise ValueError(f"KTS({v}) is not covered")
    return found[1]


# --- resolvable 2-(v, 4, 1) designs -----------------------------------------------------------


def _class(x: int, n: int) -> int:
    x %= n
    return min(x, n - x)


def rbibd4_matchings(
    n: int, *, seed: int = 0, node_limit: int = 20_000
) -> list[list[tuple[int, int]]] | None:
    """For each circle pair (j, j+1) the pairs (x, y) of its blocks {x_j, -x_j, y_j+1, -y_j+1}.

    x and y are elements of GF(n) when n is a prime power, of Z_n otherwise.

    The base round over Z_n x {0,1,2} + inf (n = 1 mod 4) is these blocks plus
    {inf, 0_0, 0_1, 0_2}. It turns into a resolvable design when, on each circle j, the
    distances +-x of the pairs of (j, j+1) and +-y of (j-1, j) split 1..(n-1)/2 between them
    (so every point is used once and every distance 2x once), and on each pair (j, j+1) the
    cross differences +-(y - x), +-(y + x) run over all nonzero classes once. Closed form for
    prime powers, exact cover (seeded, restarted) otherwise.
    """
    if n % 4 != 1 or n < 5:
        raise ValueError(f"the three-circle RBIBD needs n = 1 (mod 4), n >= 5, not {n}")
    h = (n - 1) // 2
    if prime_power(n):  # x = w^i, y = e w^i (i < (n-1)/4), e a square root of -1
        f = field(n)
        e = f.power(h // 2)
        pairs = [(f.power(i), f.mul(e, f.power(i))) for i in range(h // 2)]
        return [list(pairs) for _ in range(3)]
    options: dict[tuple[int, int, int], list[tuple[str, int, int]]] = {}
    for j in range(3):
        for x, y in itertools.product(range(1, h + 1), repeat=2):
            a, b = _class(x + y, n), _class(x - y, n)
            if a and b and a != b:
                points = [("pt", j, x), ("pt", (j + 1) % 3, y)]
                options[(j, x, y)] = [*points, ("mx", j, a), ("mx", j, b)]
    for attempt in range(seed, seed + 200):
        found = exact_cover(options, seed=attempt, node_limit=node_limit)
        if found is not None:
            out: list[list[tuple[int, int]]] = [[], [], []]
            for j, x, y in sorted(found):
                out[j].append((x, y))
            return out
    return None  # pragma: no cover


def rbibd4(v: int) -> Rounds:
    """A resolvable 2-(v, 4, 1) design (v = 4 mod 12): (v-1)/3 rounds of v/4 tables."""
    found = _rbibd4(v)
    if found is None:
        why = "v must be 4 (mod 12)" if v % 12 != 4 else "beyond the sizes searched at run time"
        raise ValueError(f"RBIBD({v},4,1): {why}")
    return _thaw(found[0])


def rbibd4_name(v: int) -> str:
    """Which construction `rbibd4(v)` uses."""
    found = _rbibd4(v)
    if found is None:
        raise ValueError(f"RBIBD({v},4,1) is not covered")
    return found[1]


# The search path (n not a prime power) runs at the venue; up to here it takes < 3.5 s (v = 316).
_RBIBD4_SEARCH_MAX_N = 105


@functools.cache
def _rbibd4(v: int) -> tuple[tuple[tuple[tuple[int, ...], ...], ...], str] | None:
    if v % 12 != 4:
        return None
    if v == 4:
        return (((0, 1, 2, 3),),), "a single table"
    dim = _integer_root(v, 4)
    if dim is not None:
        return _freeze(affine_space(4, dim)), f"affine geometry AG({dim},4) lines"
    n = (v - 1) // 3
    if not prime_power(n) and n > _RBIBD4_SEARCH_MAX_N:
        return None
    matchings = rbibd4_matchings(n)
    assert matchings is not None
    inf = 3 * n
    if prime_power(n):
        f = field(n)
        base: list[list[tuple[int, int] | None]] = [[None, (0, 0), (0, 1), (0, 2)]]
        for j, pairs in enumerate(matchings):
            for x, y in pairs:
                base.append([(x, j), (f.neg(x), j), (y, (j + 1) % 3), (f.neg(y), (j + 1) % 3)])
        rounds = _develop(f, base, 3, n)
        name = f"resolvable 2-({v},4,1) design over GF({n})x3+inf (BJL VII.7.5)"
        return _freeze(rounds), name
    blocks = [[inf, 0, n, 2 * n]]
    for j, pairs in enumerate(matchings):
        k = (j + 1) % 3
        for x, y in pairs:
            blocks.append([j * n + x, j * n + (n - x), k * n + y, k * n + (n - y)])

    def turn(p: int, g: int) -> int:
        if p == inf:
            return p
        level, x = divmod(p, n)
        return level * n + (x + g) % n

    rounds = [[sorted(turn(p, g) for p in block) for block in blocks] for g in range(n)]
    return _freeze(rounds), f"resolvable 2-({v},4,1) design, cyclic over Z_{n}x3+inf"


# --- shared helpers -----------------------------------------------------------------------------


def _freeze(rounds: Rounds) -> tuple[tuple[tuple[int, ...], ...], ...]:
    return tuple(tuple(tuple(t) for t in r) for r in rounds)


def _thaw(rounds: tuple[tuple[tuple[int, ...], ...], ...]) -> Rounds:
    return [[list(t) for t in r] for r in rounds]

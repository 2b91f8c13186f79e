"""Cyclic schedules: search one base round, then turn it n times.

Points are `Z_n x {0..L-1}` (L = K-1 "circles" of n players) plus F fixed players `inf_0..`.
Round s is the base round with every circle point `(x, i)` moved to `(x + s mod n, i)`; the
fixed players stay. Two points meet again in some later round exactly when two pairs of the base
round lie in the same orbit ("class") under this turning:

- same circle i, distance d = +-(x - y) mod n: class (i, d); when n is even the distance n/2
  would meet twice (turning by n/2 gives the same pair), so it is forbidden;
- circles i < j, difference y - x mod n: class (i, j, y - x);
- a fixed player with circle i: class (f, i) (so each fixed player meets one point per circle);
- two fixed players: forbidden (they would meet every round).

So n rounds without a repeated pair exist iff some base round uses every class at most once and
no forbidden one. That is what Tomii's round-robin tables (F = 1, P = 12t+4) and the 1-rotational
designs in the literature are; with F = 2 or 3 the same search gives the resolvable group
divisible designs of type 2^u and 3^u (P = 8 or 0 mod 12, the catalogue's weakest sizes), and
with F = 2 at K = 3 the nearly Kirkman schedules (P = 0 mod 6). The fixed players never meet each
other: they are the one group the design leaves apart.

The base round is found by simulated annealing at a constant temperature on the number of
classes used more than once, half of the moves starting from a point in such a class; the random
stream is Python's `random.Random(seed)`, so a run is reproducible on any machine.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass


@dataclass(frozen=True)
class CyclicPlan:
    """`bases` base rounds over `levels` circles of `n` points plus `fixed` players.

    P = levels*n + fixed players, n*bases rounds. With one base round `levels` is K-1; with
    several it may be larger (32 players: Z_5 x 6 + 2 with 2 base rounds gives 10 rounds).
    """

    n: int
    levels: int
    fixed: int
    bases: int = 1

    @property
    def players(self) -> int:
        """The player count the plan serves."""
        return self.n * self.levels + self.fixed

    @property
    def rounds(self) -> int:
        """The rounds the plan gives: each base round turned n times."""
        return self.n * self.bases

    @property
    def label(self) -> str:
        """A short name: `Z19x3+3`, or `Z5x6+2 2 bases`.

        >>> CyclicPlan(19, 3, 3).label, CyclicPlan(5, 6, 2, 2).label
        ('Z19x3+3', 'Z5x6+2 2 bases')
        """
        name = f"Z{self.n}x{self.levels}+{self.fixed}"
        return name if self.bases == 1 else f"{name} {self.bases} bases"


def plans(players: int, table_size: int) -> list[CyclicPlan]:
    """Every one-base plan for this size (K-1 circles), most rounds first.

    >>> [(p.n, p.fixed) for p in plans(36, 4)]
    [(11, 3), (10, 6), (9, 9)]
    """
    k = table_size
    if k < 2 or players % k:
        return []
    tables = players // k
    levels = k - 1
    out = []
    for fixed in range(1, tables + 1):
        if (players - fixed) % levels == 0:
            n = (players - fixed) // levels
            if n >= 2 and slack(CyclicPlan(n, levels, fixed), k) >= 0:
                out.append(CyclicPlan(n, levels, fixed))
    return sorted(out, key=lambda plan: -plan.n)


def multi_plans(
    players: int, table_size: int, rounds: int, *, max_bases: int = 4
) -> list[CyclicPlan]:
    """Every plan giving exactly `rounds` rounds with 1..max_bases base rounds, most slack
    (spare classes) first, fewer base rounds breaking ties.

    Circles of fewer than 3 points are left out (they have no turning to speak of), and so are
    plans with more fixed players than tables (two fixed players may never share one).

    >>> [p.label for p in multi_plans(32, 4, 10)]
    ['Z5x6+2 2 bases', 'Z10x3+2']
    >>> [p.label for p in multi_plans(18, 3, 8)]
    ['Z8x2+2', 'Z4x4+2 2 bases']
    """
    k = table_size
    if k < 2 or players % k:
        return []
    tables = players // k
    out = []
    for bases in range(1, max_bases + 1):
        if rounds % bases:
            continue
        n = rounds // bases
        if n < 3:
            continue
        for levels in range(1, players // n + 1):
            fixed = players - n * levels
            if fixed > tables:
                continue
            plan = CyclicPlan(n, levels, fixed, bases)
            if slack(plan, k) >= 0:
                out.append(plan)
    return sorted(out, key=lambda plan: (-slack(plan, k), plan.bases))


def slack(plan: CyclicPlan, table_size: int) -> int:
    """Usable classes minus the pairs the base rounds seat (negative: the plan cannot work).

    >>> slack(CyclicPlan(19, 3, 3), 4), slack(CyclicPlan(32, 2, 2), 3)
    (3, 0)
    """
    usable = (
        plan.levels * ((plan.n - 1) // 2)
        + plan.levels * (plan.levels - 1) // 2 * plan.n
        + plan.fixed * plan.levels
    )
    tables = plan.players // table_size
    return usable - plan.bases * tables * table_size * (table_size - 1) // 2


def class_table(plan: CyclicPlan) -> tuple[list[list[int]], list[int]]:
    """The class of every pair of points (`table[p][q]`, 0 = forbidden) and a zeroed count per
    class (the forbidden class 0 counts 1, so any use of it is a repeat).

    Points are numbered circle by circle (`i * n + x` for `(x, i)`), then the fixed players.

    >>> table, counts = class_table(CyclicPlan(4, 2, 2))
    >>> table[0][2], table[0][1] == table[1][2], table[8][9], len(counts)
    (0, True, 0, 15)
    """
    n, levels, fixed = plan.n, plan.levels, plan.fixed
    size = plan.players
    forbidden = 0
    pure_base = 1
    half = n // 2 + 1
    mixed_base = pure_base + levels * half
    pairs = [(i, j) for i in range(levels) for j in range(i + 1, levels)]
    pair_index = {pq: k for k, pq in enumerate(pairs)}
    inf_base = mixed_base + len(pairs) * n
    total = inf_base + fixed * levels
    table = [[forbidden] * size for _ in range(size)]
    for p in range(size):
        for q in range(size):
            if p == q:
                continue
            if p >= n * levels and q >= n * levels:
                cls = forbidden
            elif p >= n * levels or q >= n * levels:
                f = (p if p >= n * levels else q) - n * levels
                i = (q if p >= n * levels else p) // n
                cls = inf_base + f * levels + i
            else:
                i, x = divmod(p, n)
                j, y = divmod(q, n)
                if i == j:
                    d = (y - x) % n
                    e = min(d, n - d)
                    cls = forbidden if 2 * e == n else pure_base + i * half + e
                else:
                    if i > j:
                        i, j, x, y = j, i, y, x
                    cls = mixed_base + pair_index[(i, j)] * n + (y - x) % n
            table[p][q] = cls
    counts = [0] * total
    counts[forbidden] = 1
    return table, counts


def find_base_round(
    plan: CyclicPlan, table_size: int, *, iterations: int, seed: int = 0
) -> list[list[int]] | None:
    """A base round using every class at most once, or None within the iteration budget
    (one-base plans; `find_base_rounds` handles several).

    >>> base = find_base_round(CyclicPlan(5, 3, 1), 4, iterations=20000)
    >>> base is not None and sorted(p for t in base for p in t) == list(range(16))
    True
    """
    found = find_base_rounds(plan, table_size, iterations=iterations, seed=seed)
    return found[0] if found is not None else None


def find_base_rounds(
    plan: CyclicPlan, table_size: int, *, iterations: int, seed: int = 0
) -> list[list[list[int]]] | None:
    """`plan.bases` base rounds using every class at most once between them, or None within
    the iteration budget.

    A move swaps two players of different tables in the same base round. With one base round
    the random stream is the one this search always had, so recorded seeds still reproduce.

    >>> bases = find_base_rounds(CyclicPlan(4, 4, 2, 2), 3, iterations=200000)
    >>> bases is not None and [sorted(p for t in b for p in t) for b in bases] == [
    ...     list(range(18))] * 2
    True
    """
    k = table_size
    size = plan.players
    if size % k or slack(plan, k) < 0:
        return None
    cls, counts = class_table(plan)
    rng = random.Random(seed * 1_000_003 + size * 101 + plan.fixed)
    n_tables = size // k
    fixed_points = list(range(plan.n * plan.levels, size))
    tables: list[list[int]] = []
    for _ in range(plan.bases):
        # Fixed players open the first tables so the search starts with them apart.
        circle = list(range(plan.n * plan.levels))
        rng.shuffle(circle)
        own = [[p] for p in fixed_points] + [[] for _ in range(n_tables - len(fixed_points))]
        t = 0
        for p in circle:
            while len(own[t]) >= k:
                t += 1
            own[t].append(p)
        tables.extend(own)
    # Players are numbered per base round: g = base * size + p sits at table where[g].
    total = plan.bases * size
    where = [0] * total
    for ti, table in enumerate(tables):
        offset = ti // n_tables * size
        for p in table:
            where[offset + p] = ti
    cost = 0
    for table in tables:
        for a_i in range(k):
            for b_i in range(a_i + 1, k):
                c = cls[table[a_i]][table[b_i]]
                if counts[c] >= 1:
                    cost += 1
                counts[c] += 1
    # A constant temperature worked best on the tight sizes (28 players: 0.35 found the
    # round robin in 2 s where cooling schedules stalled at 2-3 repeated classes).
    temp = 0.35
    hot: list[int] = []
    for it in range(iterations):
        if cost == 0:
            return _split(tables, n_tables)
        if it % 64 == 0:
            hot = [
                ti // n_tables * size + p
                for ti, table in enumerate(tables)
                for i, p in enumerate(table)
                for q in table[i + 1 :]
                if counts[cls[p][q]] >= 2
            ]
        # Half the moves start from a point in a repeated class (conflict-directed).
        ga = hot[rng.randrange(len(hot))] if hot and rng.random() < 0.5 else rng.randrange(total)
        offset = ga - ga % size
        a = ga - offset
        b = rng.randrange(size)
        ta, tb = where[ga], where[offset + b]
        if ta == tb:
            continue
        table_a, table_b = tables[ta], tables[tb]
        row_a, row_b = cls[a], cls[b]
        removed = [row_a[x] for x in table_a if x != a] + [row_b[y] for y in table_b if y != b]
        added = [row_b[x] for x in table_a if x != a] + [row_a[y] for y in table_b if y != b]
        d = 0
        for c in removed:
            counts[c] -= 1
            if counts[c] >= 1:
                d -= 1
        for c in added:
            if counts[c] >= 1:
                d += 1
            counts[c] += 1
        if d <= 0 or rng.random() < math.exp(-d / temp):
            table_a[table_a.index(a)] = b
            table_b[table_b.index(b)] = a
            where[ga], where[offset + b] = tb, ta
            cost += d
        else:
            for c in added:
                counts[c] -= 1
            for c in removed:
                counts[c] += 1
    return _split(tables, n_tables) if cost == 0 else None


def _split(tables: list[list[int]], per_base: int) -> list[list[list[int]]]:
    return [
        [list(table) for table in tables[i : i + per_base]] for i in range(0, len(tables), per_base)
    ]


def develop(plan: CyclicPlan, base: list[list[int]]) -> list[list[list[int]]]:
    """The n rounds obtained by turning the base round (circle points move, fixed ones stay).

    >>> develop(CyclicPlan(3, 1, 0), [[0, 1, 2]])
    [[[0, 1, 2]], [[1, 2, 0]], [[2, 0, 1]]]
    """
    n, levels = plan.n, plan.levels

    def moved(p: int, s: int) -> int:
        if p >= n * levels:
            return p
        i, x = divmod(p, n)
        return i * n + (x + s) % n

    return [[[moved(p, s) for p in table] for table in base] for s in range(n)]


def cyclic_schedule(
    players: int, table_size: int, *, iterations: int, seed: int = 0, min_rounds: int = 1
) -> tuple[CyclicPlan, list[list[list[int]]]] | None:
    """The first plan (most rounds first, at least `min_rounds`) whose base round is found."""
    for plan in plans(players, table_size):
        if plan.n < min_rounds:
            break
        base = find_base_round(plan, table_size, iterations=iterations, seed=seed)
        if base is not None:
            return plan, develop(plan, base)
    return None


def develop_all(plan: CyclicPlan, bases: list[list[list[int]]]) -> list[list[list[int]]]:
    """The n * bases rounds: each base round turned n times, one base round after another.

    >>> develop_all(CyclicPlan(3, 1, 0, 2), [[[0, 1, 2]], [[0, 2, 1]]])[3:]
    [[[0, 2, 1]], [[1, 0, 2]], [[2, 1, 0]]]
    """
    return [rnd for base in bases for rnd in develop(plan, base)]

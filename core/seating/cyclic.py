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
    """`n` rounds from `levels` circles of `n` points plus `fixed` players (P = levels*n+fixed)."""

    n: int
    levels: int
    fixed: int

    @property
    def players(self) -> int:
        """The player count the plan serves."""
        return self.n * self.levels + self.fixed


def plans(players: int, table_size: int) -> list[CyclicPlan]:
    """Every plan for this size, most rounds first.

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
            if n >= 2 and _enough_classes(CyclicPlan(n, levels, fixed), k):
                out.append(CyclicPlan(n, levels, fixed))
    return sorted(out, key=lambda plan: -plan.n)


def _enough_classes(plan: CyclicPlan, table_size: int) -> bool:
    """Counting: a base round needs as many usable classes as it has pairs."""
    usable = (
        plan.levels * ((plan.n - 1) // 2)
        + plan.levels * (plan.levels - 1) // 2 * plan.n
        + plan.fixed * plan.levels
    )
    tables = plan.players // table_size
    return usable >= tables * table_size * (table_size - 1) // 2


def _class_table(plan: CyclicPlan) -> tuple[list[list[int]], list[int]]:
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
    """A base round using every class at most once, or None within the iteration budget.

    >>> base = find_base_round(CyclicPlan(5, 3, 1), 4, iterations=20000)
    >>> base is not None and sorted(p for t in base for p in t) == list(range(16))
    True
    """
    k = table_size
    size = plan.players
    if size % k:
        return None
    cls, counts = _class_table(plan)
    rng = random.Random(seed * 1_000_003 + size * 101 + plan.fixed)
    # Fixed players open the first tables so the search starts with them apart.
    circle = list(range(plan.n * plan.levels))
    rng.shuffle(circle)
    order = list(range(plan.n * plan.levels, size))
    points = order + circle
    n_tables = size // k
    tables = [[] for _ in range(n_tables)]  # type: list[list[int]]
    for idx, p in enumerate(order):
        tables[idx].append(p)
    rest = [p for p in points if p not in set(order)]
    t = 0
    for p in rest:
        while len(tables[t]) >= k:
            t += 1
        tables[t].append(p)
    where = [0] * size
    for ti, table in enumerate(tables):
        for p in table:
            where[p] = ti
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
            return [list(table) for table in tables]
        if it % 64 == 0:
            hot = [
                p
                for table in tables
                for i, p in enumerate(table)
                for q in table[i + 1 :]
                if counts[cls[p][q]] >= 2
            ]
        # Half the moves start from a point in a repeated class (conflict-directed).
        a = hot[rng.randrange(len(hot))] if hot and rng.random() < 0.5 else rng.randrange(size)
        b = rng.randrange(size)
        ta, tb = where[a], where[b]
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
            where[a], where[b] = tb, ta
            cost += d
        else:
            for c in added:
                counts[c] -= 1
            for c in removed:
                counts[c] += 1
    return [list(table) for table in tables] if cost == 0 else None


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

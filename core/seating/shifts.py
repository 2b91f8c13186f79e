"""Team schedules from shifted circles, for the team counts no difference matrix covers.

K teams of m players; in round r, player x of team j sits at table x + s_j[r] (mod m), with
s_0 = 0. Players of teams a and b meet in round r when their numbers differ by s_a[r] - s_b[r],
so nobody meets twice exactly when, for every pair of teams, the R differences
s_a[r] - s_b[r] are distinct mod m. R = m needs K-1 mutually orthogonal Latin squares of a
cyclic kind, impossible for even m; R = m-1 usually exists, and that is what the catalogue's
team tables reach for m = 6, 10, 14, ... (found there by exhaustive search restricted to these
shifts, up to 8.8 hours for 4 teams of 30). Here simulated annealing on the number of repeated
differences finds them in seconds; Python's `random.Random(seed)` keeps runs reproducible.
"""

from __future__ import annotations

import math
import random


def find_shifts(
    teams: int, m: int, rounds: int, *, iterations: int, seed: int = 0
) -> list[list[int]] | None:
    """Rows s_1..s_{K-1} (s_0 = 0 is implied) with all pairwise differences distinct, or None.

    >>> rows = find_shifts(3, 6, 5, iterations=50_000)
    >>> rows is not None and all(len(set(row)) == 5 for row in rows)
    True
    """
    if rounds > m or teams < 2:
        return None
    rng = random.Random(seed * 7919 + teams * 131 + m * 17 + rounds)
    rows = [rng.sample(range(m), rounds) for _ in range(teams - 1)]
    pairs = [(a, b) for a in range(teams - 1) for b in range(a + 1, teams - 1)]
    counts = {pq: [0] * m for pq in pairs}
    for a, b in pairs:
        for r in range(rounds):
            counts[(a, b)][(rows[a][r] - rows[b][r]) % m] += 1
    cost = sum(max(0, c - 1) for pq in pairs for c in counts[pq])
    temp = 0.25
    for _ in range(iterations):
        if cost == 0:
            return rows
        if pairs and rng.random() < 0.6:
            # Conflict-directed: move an entry that sits in a repeated difference.
            a, b = pairs[rng.randrange(len(pairs))]
            cnt = counts[(a, b)]
            hot = [q for q in range(rounds) if cnt[(rows[a][q] - rows[b][q]) % m] > 1]
            if not hot:
                continue
            r = hot[rng.randrange(len(hot))]
            j = a if rng.random() < 0.5 else b
        else:
            j = rng.randrange(teams - 1)
            r = rng.randrange(rounds)
        row = rows[j]
        unused = [v for v in range(m) if v not in row] if rounds < m else []
        if unused and rng.random() < 0.5:
            moves = [(r, rng.choice(unused))]
        else:
            r2 = rng.randrange(rounds)
            if r2 == r:
                continue
            moves = [(r, row[r2]), (r2, row[r])]
        before = [(pos, row[pos]) for pos, _ in moves]
        delta = _apply(rows, j, moves, pairs, counts, m)
        if delta <= 0 or rng.random() < math.exp(-delta / temp):
            cost += delta
        else:
            _apply(rows, j, before, pairs, counts, m)
    return rows if cost == 0 else None


def _apply(
    rows: list[list[int]],
    j: int,
    moves: list[tuple[int, int]],
    pairs: list[tuple[int, int]],
    counts: dict[tuple[int, int], list[int]],
    m: int,
) -> int:
    """Set rows[j][pos] = value for each move; return the change in repeated differences."""
    delta = 0
    for pos, value in moves:
        for a, b in pairs:
            if j not in (a, b):
                continue
            cnt = counts[(a, b)]
            old = (rows[a][pos] - rows[b][pos]) % m
            cnt[old] -= 1
            if cnt[old] >= 1:
                delta -= 1
        rows[j][pos] = value
        for a, b in pairs:
            if j not in (a, b):
                continue
            cnt = counts[(a, b)]
            new = (rows[a][pos] - rows[b][pos]) % m
            if cnt[new] >= 1:
                delta += 1
            cnt[new] += 1
    return delta


def shifted_team_rounds(teams: int, m: int, rows: list[list[int]]) -> list[list[list[int]]]:
    """The rounds: table t of round r seats player (t - s_j[r]) mod m of every team j.

    >>> shifted_team_rounds(2, 3, [[1, 2]])[0]
    [[0, 5], [1, 3], [2, 4]]
    """
    shifts = [[0] * len(rows[0]), *rows]
    return [
        [[j * m + (t - shifts[j][r]) % m for j in range(teams)] for t in range(m)]
        for r in range(len(rows[0]))
    ]

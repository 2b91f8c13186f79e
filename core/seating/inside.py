"""Play inside the teams when the team size is not a multiple of the table size.

After a team schedule (K teams of m, teammates apart) every further repeat-free table must
seat teammates only, which needs m divisible by K. Otherwise one team round is held back:
label each team's members by the table they sit at in that round (label x = table x). An
inside schedule on the labels 0..m-1 lets s = m mod K labels sit out of each round, each label
at most once; in every team at once the labelled players play the inside tables, and the
players whose label sits out play their held-back table instead, which meets nobody twice
because that table was never played. So

    rounds = (team rounds - 1) + inside rounds,

e.g. 4 teams of 18 (72 players): 17 shifted-circle team rounds, one held back, and 5 inside
rounds of 18 players with 2 sitting out: 16 + 5 = 21. This is the catalogue's "intra-team
schedule, blanks refilled from round 1", found here by a small annealing search.
"""

from __future__ import annotations

import itertools
import math
import random
import time
from collections.abc import Callable, Sequence

from mjevent.core.seating.inside_blocks import INSIDE_BLOCKS

Grouping = list[list[list[int]]]


def sitout_labels(m: int, table_size: int, rounds: int) -> list[list[int]]:
    """The labels sitting out of each inside round: s = m mod K consecutive labels per round.

    >>> sitout_labels(18, 4, 3)
    [[0, 1], [2, 3], [4, 5]]
    """
    s = m % table_size
    return [list(range(r * s, (r + 1) * s)) for r in range(rounds)]


def most_inside_rounds(m: int, table_size: int) -> int:
    """An upper bound on the inside rounds: sit-outs are disjoint, and a player who never sits
    out meets K-1 new teammates per round.

    >>> most_inside_rounds(17, 4), most_inside_rounds(18, 4), most_inside_rounds(26, 3)
    (5, 5, 13)
    """
    k = table_size
    s = m % k
    if m < k:
        return 0
    by_pairs = (m - 1) // (k - 1)
    if s == 0:
        return by_pairs
    # Only when every label sits out once (s*I >= m) may a round exceed the pair bound.
    return min(by_pairs + 1 if s * (by_pairs + 1) >= m else by_pairs, m // s)


def anneal_inside(
    m: int,
    table_size: int,
    sitouts: Sequence[Sequence[int]],
    *,
    iterations: int,
    seed: int = 0,
) -> Grouping | None:
    """Tables for every round (the given labels sit out) with no pair meeting twice, or None.

    Simulated annealing at a constant temperature on the number of repeated meetings; half
    the moves start from a player in a repeated pair. Pure Python: the instances are small
    (m <= a few dozen) and numpy's per-call overhead would dominate.

    >>> got = anneal_inside(18, 4, sitout_labels(18, 4, 3), iterations=200_000)
    >>> got is not None and [len(r) for r in got]
    [4, 4, 4]
    """
    k = table_size
    rng = random.Random(seed * 1_000_003 + m * 101 + k * 7 + len(sitouts))
    meet = [[0] * m for _ in range(m)]
    rounds: Grouping = []
    where: list[dict[int, int]] = []
    for out in sitouts:
        skip = set(out)
        active = [p for p in range(m) if p not in skip]
        if len(active) % k:
            raise ValueError(f"{len(active)} active players cannot fill tables of {k}")
        rng.shuffle(active)
        tables = [active[i : i + k] for i in range(0, len(active), k)]
        rounds.append(tables)
        where.append({p: t for t, table in enumerate(tables) for p in table})
    cost = 0
    for tables in rounds:
        for table in tables:
            for i, a in enumerate(table):
                for b in table[i + 1 :]:
                    cost += meet[a][b] >= 1
                    meet[a][b] += 1
                    meet[b][a] += 1
    playing = [r for r, tables in enumerate(rounds) if len(tables) > 1]
    if not playing:
        return rounds if cost == 0 else None
    temp = 0.3
    hot: list[tuple[int, int]] = []
    for it in range(iterations):
        if cost == 0:
            return rounds
        if it % 64 == 0:
            hot = [
                (r, p)
                for r in playing
                for table in rounds[r]
                for p in table
                if any(meet[p][q] >= 2 for q in table if q != p)
            ]
        if hot and rng.random() < 0.5:
            r, a = hot[rng.randrange(len(hot))]
            tables = rounds[r]
            ta = where[r][a]
        else:
            r = playing[rng.randrange(len(playing))]
            tables = rounds[r]
            ta = rng.randrange(len(tables))
            a = tables[ta][rng.randrange(k)]
        tb = rng.randrange(len(tables))
        if tb == ta:
            continue
        table_a, table_b = tables[ta], tables[tb]
        b = table_b[rng.randrange(k)]
        row_a, row_b = meet[a], meet[b]
        delta = 0
        for x in table_a:
            if x != a:
                delta += (row_b[x] >= 1) - (row_a[x] >= 2)
        for y in table_b:
            if y != b:
                delta += (row_a[y] >= 1) - (row_b[y] >= 2)
        if delta > 0 and rng.random() >= math.exp(-delta / temp):
            continue
        _replace(meet, table_a, a, b)
        _replace(meet, table_b, b, a)
        where[r][a], where[r][b] = tb, ta
        cost += delta
    return rounds if cost == 0 else None


def _replace(meet: list[list[int]], table: list[int], old: int, new: int) -> None:
    """Seat `new` where `old` sat at `table`, keeping the meeting counts in step."""
    row_old, row_new = meet[old], meet[new]
    for x in table:
        if x != old:
            row_old[x] -= 1
            meet[x][old] -= 1
            row_new[x] += 1
            meet[x][new] += 1
    table[table.index(old)] = new


def inside_block_name(m: int, table_size: int) -> str:
    """The name of a stored inside schedule: `k4-m18` for 18 labels at tables of 4.

    >>> inside_block_name(18, 4)
    'k4-m18'
    """
    return f"k{table_size}-m{m}"


def stored_inside(m: int, table_size: int) -> Grouping:
    """The inside schedule found offline for m labels (`inside_blocks.py`), or no rounds.

    Stored schedules let s = m mod K consecutive labels sit out of each round, like
    `sitout_labels`, and have no repeated pair; the tests re-verify every one.
    """
    rounds = INSIDE_BLOCKS.get(inside_block_name(m, table_size), [])
    return [[list(table) for table in rnd] for rnd in rounds]


def longest_inside(
    m: int,
    table_size: int,
    wanted: int,
    *,
    iterations: int,
    seed: int = 0,
    deadline: float | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Grouping:
    """The most inside rounds (up to `wanted`) the annealing finds, one round more at a time.

    With a `deadline` (a `time.monotonic()` value) no annealing starts after it: the rounds
    found so far are returned. `progress` is told (round count tried, most to try) before each
    annealing.

    >>> len(longest_inside(15, 4, 9, iterations=200_000))
    5
    """
    best: Grouping = []
    for rounds in range(1, min(wanted, most_inside_rounds(m, table_size)) + 1):
        if deadline is not None and time.monotonic() > deadline:
            return best
        if progress is not None:
            progress(rounds, min(wanted, most_inside_rounds(m, table_size)))
        got = anneal_inside(
            m,
            table_size,
            sitout_labels(m, table_size, rounds),
            iterations=iterations,
            seed=seed,
        )
        if got is None:
            break
        best = got
    goal = min(wanted, most_inside_rounds(m, table_size))
    if len(best) < goal and m <= _LARGER_SITOUTS_UP_TO and not (
        deadline is not None and time.monotonic() > deadline
    ):
        best = _with_larger_sitouts(m, table_size, goal, best, iterations // 4, seed)
    return best


_LARGER_SITOUTS_UP_TO = 40
"""Label counts where sit-out patterns are worth trying (their number grows with m)."""


def _with_larger_sitouts(
    m: int, k: int, wanted: int, best: Grouping, iterations: int, seed: int
) -> Grouping:
    """Rounds where s + K labels sit out instead of s (still each label at most once) seat
    fewer but bend the pair structure: with fewer tables than seats a table cannot spread over
    the next round's tables, so 14 labels at 4 with 2 out stop after one round, while 6, 6
    and 2 out give 3; 26 labels at 4 with 2 out stall at 6 rounds, while 6, 6, 6, 2, 2, 2, 2
    out give 7. One round more at a time, most large sit-outs first.

    >>> len(_with_larger_sitouts(14, 4, 4, [], 100_000, 0))
    3
    """
    s = m % k
    sizes = [size for size in (s, s + k) if size > 0 and m - size >= k]
    for length in range(len(best) + 1, wanted + 1):
        found = None
        for pattern in itertools.combinations_with_replacement(sorted(sizes, reverse=True), length):
            if sum(pattern) > m or set(pattern) == {s}:
                continue  # s out every round is what the plain search already tried
            starts = list(itertools.accumulate(pattern, initial=0))
            sitouts = [list(range(a, a + size)) for a, size in zip(starts, pattern, strict=False)]
            found = anneal_inside(m, k, sitouts, iterations=iterations, seed=seed)
            if found is not None:
                break
        if found is None:
            break  # one more round at a time: a failed round count costs one pass, not many
        best = found
    return best


def refill(team_rounds: Grouping, m: int, table_size: int, inside: Grouping) -> Grouping:
    """Team rounds but the last, then the inside rounds with the last team round's tables
    taking in the players whose label sits out.

    `team_rounds` seat player j*m + i (member i of team j) with one player of each team per
    table; `inside` is a schedule of labels 0..m-1 (labels sitting out are absent).

    >>> teams = [[[0, 3], [1, 4], [2, 5]], [[0, 4], [1, 5], [2, 3]]]
    >>> refill(teams, 3, 2, [[[1, 2]], [[0, 2]]])
    [[[0, 3], [1, 4], [2, 5]], [[1, 2], [5, 3], [0, 4]], [[0, 2], [4, 3], [1, 5]]]
    """
    held = team_rounds[-1]
    k = table_size
    # label_of[j][x]: the member of team j at table x of the held-back round.
    label_of = [[0] * m for _ in range(k)]
    for x, table in enumerate(held):
        for p in table:
            label_of[p // m][x] = p
    out = [[list(t) for t in rnd] for rnd in team_rounds[:-1]]
    for rnd in inside:
        playing = {x for table in rnd for x in table}
        tables = [[label_of[j][x] for x in table] for j in range(k) for table in rnd]
        tables += [list(held[x]) for x in range(m) if x not in playing]
        out.append(tables)
    return out


def turn(label: int, r: int, n: int, circle: int) -> int:
    """A label after turning by r: labels below `circle` lie on circles of n and move on by r
    along theirs, the others (fixed) stay.

    >>> turn(8, 3, 7, 21), turn(6, 1, 7, 21), turn(22, 5, 7, 21)
    (11, 0, 22)
    """
    if label >= circle:
        return label
    level, x = divmod(label, n)
    return level * n + (x + r) % n


def anneal_rotational(
    m: int,
    table_size: int,
    rounds: int,
    *,
    iterations: int,
    seed: int = 0,
) -> Grouping | None:
    """An inside schedule made of one base round turned `rounds` times, or None.

    Labels are s circles of n points plus F fixed ones (m = s*n + F, s = m mod K sitting out
    per round); round r is the base round with every circle point moved on by r, and the
    points at position r of each circle sit out. Searching the single base round (its moves
    are applied to every turned copy at once) finds the tight sizes that annealing the rounds
    separately misses, e.g. 23 labels at tables of 4 with three sitting out: 7 rounds (the
    pair bound) in a fraction of a second. Where no turned round exists (17 labels with one
    out, 5 rounds: CP-SAT proves it) it returns None when the budget is spent.

    >>> got = anneal_rotational(23, 4, 7, iterations=200_000)
    >>> got is not None and [sorted(set(range(23)) - {p for t in r for p in t}) for r in got][:2]
    [[0, 7, 14], [1, 8, 15]]
    """
    k = table_size
    s = m % k
    if s == 0 or m < k:
        return None
    n = m // s
    if n < rounds:
        return None
    circle = s * n
    rng = random.Random(seed * 1_000_003 + m * 131 + k * 11 + rounds)
    out = {level * n for level in range(s)}
    active = [p for p in range(m) if p not in out]
    rng.shuffle(active)
    base = [active[i : i + k] for i in range(0, len(active), k)]
    shift = [[turn(p, r, n, circle) for p in range(m)] for r in range(rounds)]
    temp = 0.3
    meet = [[0] * m for _ in range(m)]
    cost = 0
    for r in range(rounds):
        sh = shift[r]
        for table in base:
            for i, a in enumerate(table):
                for b in table[i + 1 :]:
                    x, y = sh[a], sh[b]
                    cost += meet[x][y] >= 1
                    meet[x][y] += 1
                    meet[y][x] += 1

    def change(table: list[int], old: int, new: int) -> int:
        """Move `old` out of and `new` into `table` in every turned round; the cost change."""
        delta = 0
        for r in range(rounds):
            sh = shift[r]
            o, w = sh[old], sh[new]
            for q in table:
                if q == old:
                    continue
                y = sh[q]
                meet[o][y] -= 1
                meet[y][o] -= 1
                delta -= meet[o][y] >= 1
                delta += meet[w][y] >= 1
                meet[w][y] += 1
                meet[y][w] += 1
        return delta

    for _ in range(iterations):
        if cost == 0:
            return [[[shift[r][p] for p in table] for table in base] for r in range(rounds)]
        ta, tb = rng.randrange(len(base)), rng.randrange(len(base))
        if ta == tb:
            continue
        table_a, table_b = base[ta], base[tb]
        a, b = table_a[rng.randrange(k)], table_b[rng.randrange(k)]
        delta = change(table_a, a, b)
        table_a[table_a.index(a)] = b
        delta += change(table_b, b, a)
        table_b[table_b.index(b)] = a
        if delta > 0 and rng.random() >= math.exp(-delta / temp):
            change(table_b, a, b)
            table_b[table_b.index(a)] = b
            change(table_a, b, a)
            table_a[table_a.index(b)] = a
            continue
        cost += delta
    if cost == 0:
        return [[[shift[r][p] for p in table] for table in base] for r in range(rounds)]
    return None

"""Local search for groupings: as many rounds as possible with no repeated pair, then few repeats.

The state is one array of tables per round and the meeting matrix `M` (numpy, players x
players). A move swaps two players of different tables in one round. Its cost change, with the
quadratic cost sum over pairs of M(M-1)/2, is computed for every partner at once:

    delta(a <-> b) = sum_{x in T_a - a} (M[b,x] - M[a,x] + 1)
                   + sum_{y in T_b - b} (M[a,y] - M[b,y] + 1)

Teammates start with a large virtual meeting count, so seating them together costs more than any
repeat. The quadratic cost makes meetings spread evenly when repeats cannot be avoided (pair
counts then differ by at most one where that is achievable).

Strategy (deterministic: iteration budgets, never wall-clock, so a schedule is reproducible):
1. rounds are added one at a time; each new round starts random and a tabu search (conflict
   directed, a moved player may not return to its table for a few moves) removes its repeats;
2. when a round cannot be made repeat-free alone, a tabu search over all the generated rounds
   tries again (Dotu & Van Hentenryck style) before giving up;
3. rounds after the repeat-free ones minimise the quadratic cost with the earlier rounds fixed.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

IntArray = npt.NDArray[np.int64]

_BIG = np.iinfo(np.int64).max // 4

_ALTERNATIONS = 4
"""Turns of (earlier rounds, then the odd-shaped round) when stretching around an odd shape."""

TEAM_WEIGHT = 1000
"""Virtual meetings between teammates: seating them together costs more than any repeat."""


@dataclass(frozen=True)
class SearchSettings:
    """Iteration budgets of the search (iterations, not seconds, so results are reproducible)."""

    seed: int = 0
    round_iterations: int = 4000
    stretch_iterations: int = 15000
    stretch_work: int = 3_000_000
    polish_iterations: int = 3000
    tenure: int = 6
    deadline: float | None = None
    """A `time.monotonic()` value: rounds started after it get no tabu search (a greedy
    grouping only), so the search ends soon after; None: no limit."""
    progress: Callable[[int, int], None] | None = None
    """Called with (rounds done, rounds to do) after each new round."""


@dataclass(frozen=True)
class SearchResult:
    """Rounds (tables of players, seat order not yet balanced) and the repeat-free count."""

    rounds: tuple[tuple[tuple[int, ...], ...], ...]
    repeat_free_rounds: int


class _Search:
    def __init__(self, players: int, table_size: int, teams: Sequence[Sequence[int]],
                 settings: SearchSettings, rng: np.random.Generator) -> None:
        self.p = players
        self.k = table_size
        self.m = np.zeros((players, players), dtype=np.int64)
        for team in teams:
            idx = np.asarray(team, dtype=np.int64)
            self.m[np.ix_(idx, idx)] += TEAM_WEIGHT
        np.fill_diagonal(self.m, 0)
        self.settings = settings
        self.rng = rng
        k = table_size
        self.others = [np.array([i for i in range(k) if i != s]) for s in range(k)]
        self.swap_signs = np.repeat(np.array([-1, -1, -1, -1, 1, 1, 1, 1]), k - 1)

    # --- meeting matrix bookkeeping -------------------------------------------------------
    def add_round(self, tables: IntArray, sign: int = 1) -> None:
        k = tables.shape[1]
        a = np.repeat(tables, k, axis=1).ravel()
        b = np.tile(tables, (1, k)).ravel()
        keep = a != b
        np.add.at(self.m, (a[keep], b[keep]), sign)

    def round_conflicts(self, tables: IntArray) -> IntArray:
        """Per table slot: the worst meeting count with a table-mate (>= 2 means a repeat)."""
        block = self.m[tables[:, :, None], tables[:, None, :]]
        return np.asarray(block.max(axis=2), dtype=np.int64)

    def round_cost(self, tables: IntArray) -> int:
        block = self.m[tables[:, :, None], tables[:, None, :]]
        return int((block * (block - 1)).sum() // 4)

    def swap(self, tables: IntArray, ta: int, sa: int, tb: int, sb: int) -> None:
        a = int(tables[ta, sa])
        b = int(tables[tb, sb])
        rest_a = tables[ta][self.others[sa]]
        rest_b = tables[tb][self.others[sb]]
        n = len(rest_a)
        fa = np.full(n, a)
        fb = np.full(n, b)
        # Every (row, column) below is distinct, so one fancy-indexed add is exact.
        rows = np.concatenate([fa, rest_a, fb, rest_b, fb, rest_a, fa, rest_b])
        cols = np.concatenate([rest_a, fa, rest_b, fb, rest_a, fb, rest_b, fa])
        self.m[rows, cols] += self.swap_signs
        tables[ta, sa], tables[tb, sb] = b, a

    def deltas(self, tables: IntArray, ta: int, sa: int) -> IntArray:
        """Cost change of swapping the player at (ta, sa) with every seat of the round."""
        k = self.k
        a = int(tables[ta, sa])
        rest_a = tables[ta][self.others[sa]]
        flat = tables.ravel()
        m_a = self.m[a]
        s_a = m_a[tables].sum(axis=1)  # per table
        own = self.m[tables[:, :, None], tables[:, None, :]].sum(axis=2).ravel()
        own_a = int(m_a[rest_a].sum())
        to_a_table = self.m[np.ix_(flat, rest_a)].sum(axis=1)
        table_of = np.repeat(np.arange(tables.shape[0]), k)
        d = (to_a_table - own_a + (k - 1)) + (s_a[table_of] - m_a[flat] - own + (k - 1))
        d[ta * k : (ta + 1) * k] = _BIG
        return np.asarray(d, dtype=np.int64)

    # --- tabu on one or several rounds ----------------------------------------------------
    def tabu(self, rounds: list[IntArray], iterations: int, *, until_zero: bool) -> bool:
        """Tabu search over the given rounds (all movable, same shape); keeps the best state.

        Returns True when no pair in these rounds meets twice (repeats counted against the
        whole matrix, so fixed earlier rounds count too).
        """
        if not rounds:
            return True
        stack = np.stack(rounds)
        result = self._tabu_stack(stack, iterations, until_zero=until_zero)
        for i, live in enumerate(rounds):
            live[...] = stack[i]
        return result

    def _conflicts(self, stack: IntArray) -> IntArray:
        block = self.m[stack[..., :, None], stack[..., None, :]]
        return np.argwhere(block.max(axis=-1) >= 2)

    def _tabu_stack(self, stack: IntArray, iterations: int, *, until_zero: bool) -> bool:
        n_r, n_t, k = stack.shape
        if n_t < 2:
            # One table: no swap exists, so the round is what it is.
            return len(self._conflicts(stack)) == 0
        big = _BIG
        tabu = np.zeros((n_r, self.p, n_t), dtype=np.int64)
        cost = sum(self.round_cost(stack[i]) for i in range(n_r))
        best_cost = cost
        best = stack.copy()
        best_m = self.m.copy()
        stale = 0
        table_of = np.repeat(np.arange(n_t), k)
        for it in range(1, iterations + 1):
            conflicted = self._conflicts(stack)
            if len(conflicted) == 0:
                return True
            ri, ta, sa = (int(x) for x in conflicted[int(self.rng.integers(len(conflicted)))])
            tables = stack[ri]
            d = self.deltas(tables, ta, sa)
            a = int(tables[ta, sa])
            flat = tables.ravel()
            is_tabu = (tabu[ri, a, table_of] > it) | (tabu[ri, flat, ta] > it)
            allowed = np.where(is_tabu & (cost + d >= best_cost), big, d)
            low = int(allowed.min())
            if low >= big // 2:
                continue
            choices = np.flatnonzero(allowed == low)
            j = int(choices[int(self.rng.integers(len(choices)))])
            tb, sb = divmod(j, k)
            b = int(tables[tb, sb])
            self.swap(tables, ta, sa, tb, sb)
            cost += low
            tenure = self.settings.tenure + int(self.rng.integers(self.settings.tenure))
            tabu[ri, a, ta] = it + tenure
            tabu[ri, b, tb] = it + tenure
            if cost < best_cost:
                best_cost = cost
                best[...] = stack
                best_m[...] = self.m
                stale = 0
            else:
                stale += 1
                if stale > 50 * n_t and not until_zero:
                    break
                if stale > 200 + 20 * n_t:
                    # Escape a plateau: a few random swaps in random rounds.
                    for _ in range(2):
                        r2 = int(self.rng.integers(n_r))
                        t1, t2 = self.rng.choice(n_t, 2, replace=False)
                        s1, s2 = self.rng.integers(k, size=2)
                        cost += int(
                            self.deltas(stack[r2], int(t1), int(s1))[int(t2) * k + int(s2)]
                        )
                        self.swap(stack[r2], int(t1), int(s1), int(t2), int(s2))
                    stale = 0
        stack[...] = best
        self.m[...] = best_m
        return len(self._conflicts(stack)) == 0

    def random_round(self, active: Sequence[int]) -> IntArray:
        order = self.rng.permutation(np.asarray(active, dtype=np.int64))
        return np.asarray(order.reshape(-1, self.k), dtype=np.int64)

    def greedy_round(self, active: Sequence[int]) -> IntArray:
        """Fill tables one at a time with the players who add the fewest meetings."""
        pool = list(self.rng.permutation(np.asarray(active, dtype=np.int64)))
        tables: list[list[int]] = []
        avail = np.zeros(self.p, dtype=bool)
        avail[np.asarray(pool, dtype=np.int64)] = True
        for first in pool:
            if not avail[first]:
                continue
            table = [int(first)]
            avail[first] = False
            for _ in range(self.k - 1):
                cand = np.flatnonzero(avail)
                score = self.m[np.ix_(cand, np.asarray(table))].sum(axis=1)
                low = score.min()
                pick = cand[score == low]
                chosen = int(pick[int(self.rng.integers(len(pick)))])
                table.append(chosen)
                avail[chosen] = False
            tables.append(table)
        return np.asarray(tables, dtype=np.int64)


def search(
    players: int,
    table_size: int,
    active: Sequence[Sequence[int]],
    *,
    fixed: Sequence[Sequence[Sequence[int]]] = (),
    initial: Sequence[Sequence[Sequence[int]]] = (),
    teams: Sequence[Sequence[int]] = (),
    settings: SearchSettings | None = None,
) -> SearchResult:
    """Group the players of each new round (`active[r]` play round r) after the fixed rounds.

    Returns the fixed rounds followed by one grouping per entry of `active`, and how many leading
    rounds (fixed ones included) have no repeated pair. `initial` seeds the first new rounds
    (a construction's rounds, say) as a starting point the search may still change.

    >>> res = search(9, 3, [range(9)] * 4)
    >>> res.repeat_free_rounds
    4
    """
    cfg = settings or SearchSettings()
    seed_words = [cfg.seed, players, table_size, len(active), len(fixed)]
    rng = np.random.default_rng(seed_words)
    state = _Search(players, table_size, teams, cfg, rng)
    fixed_arrays: list[IntArray] = []
    for rnd in fixed:
        arr = np.asarray([list(t) for t in rnd], dtype=np.int64).reshape(-1, table_size)
        state.add_round(arr)
        fixed_arrays.append(arr)
    repeat_free = _prefix_repeat_free(players, table_size, fixed_arrays)
    clean = repeat_free == len(fixed_arrays)
    new_rounds: list[IntArray] = []
    stretch_from = 0
    for index, act in enumerate(active):
        act_list = [int(p) for p in act]
        if len(act_list) % table_size:
            raise ValueError(
                f"a round with {len(act_list)} active players cannot fill tables of "
                f"{table_size}: give byes so the active count is a multiple of {table_size}"
            )
        if not act_list:
            new_rounds.append(np.zeros((0, table_size), dtype=np.int64))
            continue
        seed_round = (
            np.asarray([list(t) for t in initial[index]], dtype=np.int64)
            if index < len(initial)
            else None
        )
        if seed_round is not None and sorted(seed_round.ravel().tolist()) == sorted(act_list):
            tables = seed_round.reshape(-1, table_size)
        elif len(act_list) <= 300:
            # The greedy start is quadratic in the players; large rounds start random, which
            # the tabu repairs quickly because meetings are sparse there.
            tables = state.greedy_round(act_list)
        else:
            tables = state.random_round(act_list)
        if clean and (
            repeat_free >= _most_free_rounds(players, len(act_list), table_size)
            or not all(
                round_can_follow(earlier, act_list, table_size)
                for earlier in (*fixed_arrays, *new_rounds)
            )
        ):
            # No arrangement of the earlier rounds lets this one avoid every repeat: spending
            # the tabu and stretch budgets on it would only delay the same answer.
            clean = False
        if cfg.deadline is not None and time.monotonic() > cfg.deadline:
            # Out of time: the round keeps its greedy or random start, no search.
            state.add_round(tables)
            new_rounds.append(tables)
            clean = False
            if cfg.progress is not None:
                cfg.progress(index + 1, len(active))
            continue
        state.add_round(tables)
        ok = state.tabu([tables], cfg.round_iterations, until_zero=clean)
        if clean and not ok and cfg.stretch_iterations:
            group = new_rounds[stretch_from:]
            if group and all(t.shape == group[0].shape for t in group) and (
                group[0].shape != tables.shape
            ):
                # A round of another shape (the G+1 adjustment round, say) cannot share the
                # stack, so it stays put while the earlier rounds move around it: its repeats
                # are their conflicts too. Then it is repaired alone against them.
                saved = [t.copy() for t in (*group, tables)]
                saved_m = state.m.copy()
                work = len(group) * group[0].shape[0]
                budget = min(cfg.stretch_iterations, cfg.stretch_work // max(work, 1))
                # Alternate: each side's best state is the other's starting point.
                for _ in range(_ALTERNATIONS):
                    moved = state.tabu(group, budget // _ALTERNATIONS, until_zero=True)
                    ok = state.tabu([tables], cfg.round_iterations, until_zero=True) and moved
                    if ok:
                        break
                if not ok:
                    for live, keep in zip((*group, tables), saved, strict=True):
                        live[...] = keep
                    state.m[...] = saved_m
            elif all(t.shape == tables.shape for t in group):
                saved = [t.copy() for t in (*group, tables)]
                saved_m = state.m.copy()
                # Each iteration scans every round, so the budget shrinks with the schedule.
                work = (len(group) + 1) * tables.shape[0]
                budget = min(cfg.stretch_iterations, cfg.stretch_work // max(work, 1))
                ok = state.tabu([*group, tables], budget, until_zero=True)
                if not ok:
                    # Failing to stretch must not spoil the repeat-free rounds already found.
                    for live, keep in zip((*group, tables), saved, strict=True):
                        live[...] = keep
                    state.m[...] = saved_m
        new_rounds.append(tables)
        if clean and ok:
            repeat_free += 1
        elif clean:
            clean = False
            stretch_from = len(new_rounds)
        if not clean and cfg.polish_iterations:
            state.tabu([tables], cfg.polish_iterations, until_zero=False)
        if cfg.progress is not None:
            cfg.progress(index + 1, len(active))
    all_rounds = [*fixed_arrays, *new_rounds]
    out = tuple(
        tuple(tuple(int(p) for p in row) for row in arr) for arr in all_rounds
    )
    return SearchResult(out, _prefix_repeat_free(players, table_size, all_rounds))


def _most_free_rounds(players: int, active: int, table_size: int) -> int:
    """An upper bound on repeat-free rounds: floor((P-1)/(K-1)), and 1 when groups run short.

    After one round the players fall into groups (its tables, plus one group per player who sat
    out); a later table needs K players from K different groups, so with fewer than K groups
    only one round can be repeat-free.
    """
    groups = active // table_size + (players - active)
    if groups < table_size:
        return 1
    return (players - 1) // (table_size - 1)


def round_can_follow(earlier: IntArray, active: Sequence[int], table_size: int) -> bool:
    """False when no repeat-free round of `active` can follow any arrangement of `earlier`.

    The earlier round splits the players into groups: its tables, and one group per player who
    sat out. A repeat-free new round of T tables takes at most one player of a group per table,
    so a group gives at most min(its active players, T); the groups must hold every active
    player. Only the earlier round's shape and byes are used (its tables may still be
    rearranged by the stretch), so the players who now sit out are spread over its tables in
    the way that costs least. Example: 13 players at tables of 4, one bye each round. After
    round 1 (three tables and a bye) round 2 needs the three tables to give 3 + 3 + 3 and the
    bye 1: 10 places for 12 players, so round 2 always repeats a pair.

    >>> first = np.arange(12).reshape(3, 4)
    >>> round_can_follow(first, [p for p in range(13) if p != 1], 4)
    False
    >>> round_can_follow(np.arange(16).reshape(4, 4), [p for p in range(18) if p > 1], 4)
    True
    """
    k = table_size
    new_tables = len(active) // k
    seated = {int(p) for p in earlier.ravel()}
    capacity = sum(1 for p in active if p not in seated)
    leaving = len(seated) - (len(active) - capacity)
    per_table = [k] * earlier.shape[0]
    # A player leaving a table costs nothing while the table still has more than T players.
    for i, size in enumerate(per_table):
        free = min(max(size - new_tables, 0), leaving)
        per_table[i] -= free
        leaving -= free
    for i, size in enumerate(per_table):
        take = min(size, leaving)
        per_table[i] -= take
        leaving -= take
    capacity += sum(min(size, new_tables) for size in per_table)
    return capacity >= len(active)


def _prefix_repeat_free(players: int, table_size: int, rounds: Sequence[IntArray]) -> int:
    met = np.zeros((players, players), dtype=bool)
    for r, tables in enumerate(rounds):
        if tables.size == 0:
            continue
        block = met[tables[:, :, None], tables[:, None, :]]
        if block.any():
            return r
        met[tables[:, :, None], tables[:, None, :]] = True
        met[np.arange(players), np.arange(players)] = False
    return len(rounds)

"""Balance after grouping: seat winds for every player after every round, and table numbers.

Winds. Cut each player's games into blocks of K consecutive games (K = table size). If every
block gives the player K different seats, then after any number of games G the player has sat
in each seat floor(G/K) or floor(G/K)+1 times: the spread is at most one after every round,
which is what seed 003's second principle asks (it even tolerates 2110 after four games; we never
need to). Such an assignment always exists: join each (player, block) to the tables it plays at
in that block; every node has at most K edges and the graph is bipartite, so by Konig's
edge-colouring theorem its edges can be coloured with the K seats so that no node sees a colour
twice. `assign_winds` colours it with alternating-path (Kempe chain) swaps. Games already played
keep their seats; a player whose played block cannot be completed starts a fresh block.

Table numbers. Each round, tables get numbers by a bipartite matching that avoids, for every
player at the table, the numbers that player used in the two previous rounds (seed 003's fourth
principle and its marked-tile concern). When no such matching exists (few tables), the leftover
tables take the numbers that repeat for the fewest players; up to seven tables, the numbering
with the fewest repeats is found exhaustively. When that round-by-round pass leaves repeats, a
bounded depth-first search over all rounds' repeat-free numberings is tried.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

from mjevent.core.seating.schedule import Round, Table

Grouping = Sequence[Sequence[Sequence[int]]]


def assign_winds(
    rounds: Grouping,
    table_size: int,
    *,
    fixed_rounds: int = 0,
) -> list[list[Table]]:
    """Reorder the players of every table (after the fixed rounds) into balanced seat order.

    The first `fixed_rounds` rounds keep their order. Returns new rounds, tables in the same
    order, players in seat order (East first).

    >>> [[t for t in r] for r in assign_winds([[[0, 1, 2]], [[2, 0, 1]], [[1, 2, 0]]], 3)]
    [[(0, 1, 2)], [(2, 0, 1)], [(1, 2, 0)]]
    """
    k = table_size
    # Edges: (round, table, player). Left node = (player, block); right node = (round, table).
    left_of: dict[tuple[int, int], int] = {}
    games = dict[int, int]()
    block_offset = dict[int, int]()
    edges_left: list[int] = []
    edges_right: list[int] = []
    edge_player: list[int] = []
    edge_color: list[int] = []
    edge_fixed: list[bool] = []
    right_index: dict[tuple[int, int], int] = {}

    for r, rnd in enumerate(rounds):
        for t, table in enumerate(rnd):
            right_index[(r, t)] = len(right_index)
            for seat, p in enumerate(table):
                g = games.get(p, 0) + block_offset.get(p, 0)
                key = (p, g // k)
                edges_left.append(left_of.setdefault(key, len(left_of)))
                edges_right.append(right_index[(r, t)])
                edge_player.append(p)
                edge_color.append(seat if r < fixed_rounds else -1)
                edge_fixed.append(r < fixed_rounds)
                games[p] = games.get(p, 0) + 1
        if r == fixed_rounds - 1:
            # A played block with a repeated seat cannot be completed: start a fresh block.
            _reset_blocks_with_repeats(
                k, edges_left, edge_player, edge_color, games, block_offset, left_of
            )

    n_left = len(left_of)
    n_right = len(right_index)
    at_left = [[-1] * k for _ in range(n_left)]
    at_right = [[-1] * k for _ in range(n_right)]
    for e, c in enumerate(edge_color):
        if c >= 0:
            if at_left[edges_left[e]][c] == -1:
                at_left[edges_left[e]][c] = e
            at_right[edges_right[e]][c] = e

    for e in range(len(edge_color)):
        if edge_color[e] >= 0:
            continue
        u, v = edges_left[e], edges_right[e]
        free_u = [c for c in range(k) if at_left[u][c] == -1]
        free_v = [c for c in range(k) if at_right[v][c] == -1]
        common = [c for c in free_u if c in free_v]
        if common:
            _paint(e, common[0], u, v, edge_color, at_left, at_right)
            continue
        painted = False
        for a in free_u:
            for b in free_v:
                if _swap_path(v, a, b, edges_left, edges_right, edge_color, edge_fixed,
                              at_left, at_right):
                    _paint(e, a, u, v, edge_color, at_left, at_right)
                    painted = True
                    break
            if painted:
                break
        if not painted:
            # Only possible next to seats already played: accept a repeat for this player.
            _paint(e, free_v[0], -1, v, edge_color, at_left, at_right)

    out: list[list[Table]] = []
    e = 0
    for rnd in rounds:
        new_round: list[Table] = []
        for table in rnd:
            seats = [-1] * k
            for _ in table:
                seats[edge_color[e]] = edge_player[e]
                e += 1
            new_round.append(tuple(seats))
        out.append(new_round)
    return out


def _reset_blocks_with_repeats(
    k: int,
    edges_left: list[int],
    edge_player: list[int],
    edge_color: list[int],
    games: dict[int, int],
    block_offset: dict[int, int],
    left_of: dict[tuple[int, int], int],
) -> None:
    seen: dict[int, list[int]] = {}
    for e in range(len(edge_player)):
        seen.setdefault(edges_left[e], []).append(edge_color[e])
    for p, g in games.items():
        node = left_of.get((p, g // k))
        if node is None or g % k == 0:
            continue
        colors = seen.get(node, [])
        if len(colors) != len(set(colors)):
            block_offset[p] = k - g % k


def _paint(
    e: int, c: int, u: int, v: int,
    edge_color: list[int], at_left: list[list[int]], at_right: list[list[int]],
) -> None:
    edge_color[e] = c
    if u >= 0:
        at_left[u][c] = e
    at_right[v][c] = e


def _swap_path(
    v: int, a: int, b: int,
    edges_left: list[int], edges_right: list[int], edge_color: list[int],
    edge_fixed: list[bool], at_left: list[list[int]], at_right: list[list[int]],
) -> bool:
    """Swap colours a and b along the path that leaves right node v by its a-edge."""
    path: list[int] = []
    node, on_right, want = v, True, a
    while True:
        e = at_right[node][want] if on_right else at_left[node][want]
        if e == -1:
            break
        if edge_fixed[e]:
            return False
        path.append(e)
        node = edges_left[e] if on_right else edges_right[e]
        on_right = not on_right
        want = b if want == a else a
    for e in path:
        u, w = edges_left[e], edges_right[e]
        old = edge_color[e]
        if at_left[u][old] == e:
            at_left[u][old] = -1
        if at_right[w][old] == e:
            at_right[w][old] = -1
    for e in path:
        new = b if edge_color[e] == a else a
        edge_color[e] = new
        at_left[edges_left[e]][new] = e
        at_right[edges_right[e]][new] = e
    return True


def assign_table_numbers(rounds: Sequence[Sequence[Table]], *, fixed_rounds: int = 0
                         ) -> list[Round]:
    """Put each round's tables in table-number order so nobody reuses a number within 3 rounds.

    The fixed rounds keep their order. For each later round, the tables are matched to the
    numbers 1..T avoiding every number one of their players used in the two previous rounds.
    One round's choice can corner a later one (32 players at 8 tables: every number taken for
    some table), so when this round-by-round pass leaves repeats, a depth-first search over
    the repeat-free numberings of all rounds is tried (at most `_NODE_LIMIT` tables placed)
    and wins when it gets through.

    >>> rounds = [[(0, 1), (2, 3), (4, 5)], [(0, 2), (1, 4), (3, 5)], [(0, 4), (1, 5), (2, 3)]]
    >>> assign_table_numbers(rounds)
    [((0, 1), (2, 3), (4, 5)), ((3, 5), (1, 4), (0, 2)), ((0, 4), (1, 5), (2, 3))]
    """
    out: list[Round] = []
    last: list[dict[int, int]] = []
    for r, rnd in enumerate(rounds):
        tables = list(rnd)
        if r >= fixed_rounds and len(tables) > 1:
            tables = _number_round(tables, last[-2:])
        out.append(tuple(tables))
        last.append(_numbers(tables))
    if table_number_repeats(out[fixed_rounds:], out[max(0, fixed_rounds - 2):fixed_rounds]):
        searched = _search_numbering(rounds, fixed_rounds)
        if searched is not None:
            return searched
    return out


def table_number_repeats(rounds: Sequence[Sequence[Table]],
                         before: Sequence[Sequence[Table]] = ()) -> int:
    """Player-rounds at a table number the player had in one of the two previous rounds
    (`before`: rounds played earlier, counted as history only).

    >>> table_number_repeats([[(0, 1), (2, 3)], [(0, 2), (1, 3)], [(1, 2), (0, 3)]])
    5
    """
    return sum(1 for _ in table_number_reuses(rounds, before))


def table_number_reuses(rounds: Sequence[Sequence[Table]],
                        before: Sequence[Sequence[Table]] = ()
                        ) -> Iterator[tuple[int, int, int]]:
    """(player, round, number) for every player at a table number they had in one of the two
    previous rounds, in round order; rounds are counted from the first of `rounds`.

    >>> list(table_number_reuses([[(0, 1), (2, 3)], [(0, 2), (1, 3)]]))
    [(0, 1, 0), (3, 1, 1)]
    """
    last = [_numbers(rnd) for rnd in before]
    for r, rnd in enumerate(rounds):
        now = _numbers(rnd)
        for p, x in now.items():
            if any(h.get(p) == x for h in last[-2:]):
                yield p, r, x
        last.append(now)


_NODE_LIMIT = 20_000  # table placements; a few hundredths of a second


def _numbers(tables: Sequence[Table]) -> dict[int, int]:
    return {p: x for x, t in enumerate(tables) for p in t}


def _search_numbering(rounds: Sequence[Sequence[Table]], fixed_rounds: int
                      ) -> list[Round] | None:
    """Numberings of the rounds after the fixed ones with no repeat at all, or None (none
    found within `_NODE_LIMIT` steps of placing a table at a number)."""
    out: list[Round] = [tuple(rnd) for rnd in rounds[:fixed_rounds]]
    budget = [_NODE_LIMIT]

    def extend(r: int) -> bool:
        if r == len(rounds):
            return True
        history = [_numbers(rnd) for rnd in out[-2:]]
        tables = list(rounds[r])
        for table_at in _repeat_free_numberings(_cost(tables, history), budget):
            out.append(tuple(tables[t] for t in table_at))
            if extend(r + 1):
                return True
            out.pop()
        return False

    return out if extend(fixed_rounds) else None


def _repeat_free_numberings(cost: list[list[int]], budget: list[int]) -> Iterator[list[int]]:
    """Every table_at (number -> table) using only zero-cost pairs, in lexicographic order,
    until budget[0] placements have been tried (shared by the whole search)."""
    n = len(cost)
    table_at: list[int] = []
    used = [False] * n

    def place(x: int) -> Iterator[list[int]]:
        if x == n:
            yield list(table_at)
            return
        for t in range(n):
            if not used[t] and cost[t][x] == 0:
                budget[0] -= 1
                if budget[0] < 0:
                    return
                used[t] = True
                table_at.append(t)
                yield from place(x + 1)
                table_at.pop()
                used[t] = False

    return place(0)


def _cost(tables: list[Table], history: list[dict[int, int]]) -> list[list[int]]:
    """cost[t][x]: players of table t who sat at number x in the two previous rounds."""
    n = len(tables)
    cost = [[0] * n for _ in range(n)]
    for t, table in enumerate(tables):
        for h in history:
            for p in table:
                x = h.get(p)
                if x is not None and x < n:
                    cost[t][x] += 1
    return cost


def _number_round(tables: list[Table], history: list[dict[int, int]]) -> list[Table]:
    n = len(tables)
    cost = _cost(tables, history)
    if n <= 7:
        # Few tables: the best numbering is found exhaustively (at most 5,040 orders).
        cheapest = min(
            itertools.permutations(range(n)),
            key=lambda order: (sum(cost[t][order[t]] for t in range(n)), order),
        )
        table_for = [0] * n
        for t, x in enumerate(cheapest):
            table_for[x] = t
        return [tables[table_for[x]] for x in range(n)]
    number_of = [-1] * n
    table_at = [-1] * n
    for t in range(n):
        for x in range(n):
            if cost[t][x] == 0 and table_at[x] == -1:
                number_of[t], table_at[x] = x, t
                break
    for t in range(n):
        if number_of[t] == -1:
            _augment(t, cost, number_of, table_at)
    free = [x for x in range(n) if table_at[x] == -1]
    for t in range(n):
        if number_of[t] == -1:
            best = min(free, key=lambda x: (cost[t][x], x))
            free.remove(best)
            number_of[t], table_at[best] = best, t
    return [tables[table_at[x]] for x in range(n)]


def _augment(start: int, cost: list[list[int]], number_of: list[int], table_at: list[int]
             ) -> bool:
    """Find an alternating path from table `start` to a free number over zero-cost edges."""
    n = len(cost)
    parent: dict[int, tuple[int, int]] = {}
    frontier = [start]
    seen_numbers: set[int] = set()
    while frontier:
        nxt: list[int] = []
        for t in frontier:
            for x in range(n):
                if cost[t][x] or x in seen_numbers:
                    continue
                seen_numbers.add(x)
                parent[x] = (t, number_of[t])
                owner = table_at[x]
                if owner == -1:
                    # Walk back, shifting every table on the path to its new number.
                    while True:
                        tt, _ = parent[x]
                        prev = number_of[tt]
                        number_of[tt], table_at[x] = x, tt
                        if tt == start:
                            return True
                        x = prev
                nxt.append(owner)
        frontier = nxt
    return False

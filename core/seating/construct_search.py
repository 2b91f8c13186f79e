"""Exact cover (Knuth's Algorithm X) for the few constructions that need a small search.

Options are named by hashable keys and cover lists of hashable items; a solution picks options
that cover every item exactly once. The column with the fewest options is branched on first
and the options of a column are tried in an order shuffled by `random.Random(seed)`, so a run
is reproducible; `node_limit` bounds the work of one attempt (heavy-tailed searches are better
restarted with another seed than run long).

>>> options = {"a": [1, 2], "b": [2, 3], "c": [3], "d": [1, 3]}
>>> sorted(exact_cover(options, seed=0))
['a', 'c']
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from typing import TypeVar

Key = TypeVar("Key", bound=Hashable)
Item = TypeVar("Item", bound=Hashable)


def exact_cover(
    options: Mapping[Key, Sequence[Item]],
    *,
    seed: int = 0,
    node_limit: int | None = None,
) -> list[Key] | None:
    """Option keys covering every item exactly once, or None (none exists or the limit was hit)."""
    rows = {key: list(items) for key, items in options.items()}
    columns: dict[Item, set[Key]] = {}
    for key, items in rows.items():
        for item in items:
            columns.setdefault(item, set()).add(key)
    rng = random.Random(seed)
    chosen: list[Key] = []
    nodes = 0

    def select(row: Key) -> list[set[Key]]:
        removed = []
        for item in rows[row]:
            for other in columns[item]:
                for other_item in rows[other]:
                    if other_item != item:
                        columns[other_item].discard(other)
            removed.append(columns.pop(item))
        return removed

    def deselect(row: Key, removed: list[set[Key]]) -> None:
        for item in reversed(rows[row]):
            columns[item] = removed.pop()
            for other in columns[item]:
                for other_item in rows[other]:
                    if other_item != item:
                        columns[other_item].add(other)

    def solve() -> bool:
        nonlocal nodes
        if not columns:
            return True
        nodes += 1
        if node_limit is not None and nodes > node_limit:
            return False
        item = min(columns, key=lambda c: len(columns[c]))
        candidates = sorted(columns[item], key=repr)
        rng.shuffle(candidates)
        for row in candidates:
            chosen.append(row)
            removed = select(row)
            if solve():
                return True
            deselect(row, removed)
            chosen.pop()
        return False

    return list(chosen) if solve() else None

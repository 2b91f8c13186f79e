"""A new player's id, in the pattern of the ids an event already has.

Pure: `mjevent player add` and `mjevent new --player` (after a players file's own ids) use it.
"""

from __future__ import annotations

import re

__all__ = ["new_player_id"]


def new_player_id(taken: list[str]) -> str:
    """The next id in the event's own pattern: after p01..p28 comes p29; else p<count+1>.

    >>> new_player_id(["p01", "p02", "p10"]), new_player_id(["ann", "bob"])
    ('p11', 'p3')
    """
    numbered = [m for t in taken if (m := re.fullmatch(r"([A-Za-z_.-]*)(\d+)", t))]
    if numbered:
        prefix = max((m.group(1) for m in numbered), key=[m.group(1) for m in numbered].count)
        same = [m for m in numbered if m.group(1) == prefix]
        width = max(len(m.group(2)) for m in same)
        n = max(int(m.group(2)) for m in same) + 1
    else:
        prefix, width, n = "p", 1, len(taken) + 1
    while f"{prefix}{n:0{width}d}" in taken:
        n += 1
    return f"{prefix}{n:0{width}d}"

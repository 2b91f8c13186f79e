"""What is known about each size before any search: the public catalogue's count and the best
known number of repeat-free rounds.

Typed in from `/work/shared/docs/seating-targets.md`, section 2 ("Anchor tables": k = 4, k = 3
and team events; "Tomii HEAD" is tomii9273/mahjong_takugumi's current table, "best known" the
design-theory maximum known to exist). `bench/seating.py` reports against the same tables;
`generate.reach` uses them to tell a director at once when a request asks for more than anyone
knows how to seat.
"""

from __future__ import annotations

from dataclasses import dataclass

# k = 4: players -> (Tomii HEAD, best known); None = no catalogue table for that size.
TOMII_K4: dict[int, tuple[int | None, int]] = {
    16: (5, 5), 20: (5, 5), 24: (7, 7), 28: (9, 9), 32: (10, 10), 36: (10, 11),
    40: (13, 13), 44: (12, 14), 48: (13, 15), 52: (17, 17), 56: (16, 18), 60: (19, 19),
    64: (21, 21), 68: (21, 22), 72: (21, 23), 76: (25, 25), 80: (24, 26), 84: (26, 27),
    88: (29, 29), 92: (29, 30), 96: (30, 31), 100: (33, 33), 104: (31, 34), 108: (35, 35),
    112: (37, 37), 116: (35, 38), 120: (35, 39), 124: (41, 41), 128: (38, 42),
    132: (None, 43), 136: (45, 45), 140: (None, 46), 144: (None, 47), 148: (49, 49),
    152: (None, 50), 156: (None, 51), 160: (53, 53),
}
# k = 3.
TOMII_K3: dict[int, tuple[int | None, int]] = {
    9: (4, 4), 12: (4, 4), 15: (7, 7), 18: (8, 8), 21: (9, 10), 24: (11, 11), 27: (13, 13),
    30: (13, 14), 33: (16, 16), 36: (16, 17), 39: (19, 19), 42: (20, 20), 45: (22, 22),
    48: (23, 23), 51: (25, 25), 54: (25, 26), 57: (28, 28), 60: (28, 29), 63: (29, 31),
    66: (32, 32), 69: (32, 34), 72: (35, 35), 75: (37, 37), 78: (37, 38), 81: (40, 40),
    84: (40, 41), 87: (40, 43), 90: (44, 44),
}
# Team events, K teams of m (m tables): m -> (4-team Tomii, 4-team best, 3-team Tomii,
# 3-team best).
TEAMS: dict[int, tuple[int | None, int | None, int, int]] = {
    3: (None, None, 3, 3), 4: (4, 4, 4, 4), 5: (5, 5, 5, 5), 6: (5, 5, 5, 5),
    7: (7, 7, 7, 7), 8: (7, 8, 7, 8), 9: (7, 9, 9, 9), 10: (9, 9, 9, 10),
    11: (11, 11, 11, 11), 12: (11, 12, 11, 12), 13: (13, 13, 13, 13), 14: (13, 14, 13, 14),
    15: (15, 15, 15, 15), 16: (15, 16, 15, 16), 17: (17, 17, 17, 17), 18: (17, 18, 17, 18),
    19: (19, 19, 19, 19), 20: (19, 20, 19, 20), 21: (21, 21, 21, 21), 22: (21, 22, 21, 22),
    23: (23, 23, 23, 23), 24: (23, 24, 23, 24), 25: (25, 25, 25, 25), 26: (25, 26, 25, 26),
    27: (27, 27, 27, 27), 28: (27, 28, 27, 28), 29: (29, 29, 29, 29), 30: (29, 30, 29, 30),
}


@dataclass(frozen=True)
class Known:
    """The catalogue's count and the best known count of one size (None: not tabulated)."""

    catalogue: int | None
    best_known: int | None


def known(players: int, table_size: int, team_size: int | None = None) -> Known:
    """What the tables say about P players at tables of K (teams of `team_size` apart).

    >>> known(120, 4), known(132, 4), known(40, 4, team_size=10), known(1000, 4)
    (Known(catalogue=35, best_known=39), Known(catalogue=None, best_known=43), \
Known(catalogue=9, best_known=9), Known(catalogue=None, best_known=None))
    """
    if team_size is None:
        table = {4: TOMII_K4, 3: TOMII_K3}.get(table_size, {})
        if players in table:
            tomii, best = table[players]
            return Known(tomii, best)
        return Known(None, None)
    m = players // table_size
    if team_size == m and players % table_size == 0 and m in TEAMS:
        t4, b4, t3, b3 = TEAMS[m]
        if table_size == 4:
            return Known(t4, b4)
        if table_size == 3:
            return Known(t3, b3)
    return Known(None, None)

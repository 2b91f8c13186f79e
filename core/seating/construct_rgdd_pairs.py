"""The resolvable 4-GDD of type 2^16: 32 players in pairs, 10 rounds at tables of 4 in which
nobody meets their pair and everybody else exactly once (the social golfer problem 8-4-10).

Ten rounds is the most 32 players can play without a repeat, and it forces this shape: each
round a player meets 3 new people, 30 of 31 in ten rounds, so the one person never met pairs
the players up. No cyclic or field construction of ours gives it (docs/seating-constructions.md
lists what was tried); Aguado's computer solution of 2004 settled it.

Points are (g, i): g in F_2^3 (a 3-bit number, added by XOR) and i in 0..3; every g acts by
(h, i) -> (h ^ g, i). The construction keeps the symmetry read off the published solution
(its automorphism group is F_2^3, acting freely on the players): g = 4 swaps every player with
their pair and fixes every round; four rounds are fixed by all of F_2^3; two pairs of rounds
are fixed by {0, 1, 4, 5} and swapped by g = 2; one pair is fixed by {0, 2, 4, 6} and swapped by
g = 1. A base round is then a few tables whose orbits under its stabiliser partition the 32
points, and pairs meet once iff the F_2^3-orbits of all base tables use every pair orbit
exactly once: an exact cover (`base_round_options`), which Algorithm X with random restarts
solves in about a minute of C but far too slowly in Python, so its solution is stored.

>>> rounds = rgdd4_pairs()
>>> len(rounds), len(rounds[0]), sorted(rounds[0][0])
(10, 8, [0, 7, 11, 12])
"""

from __future__ import annotations

import itertools

Rounds = list[list[list[int]]]
Point = tuple[int, int]
Table = tuple[Point, ...]
Item = tuple[object, ...]

__all__ = ["BASE_ROUNDS", "SLOTS", "base_round_options", "option_key", "player", "rgdd4_pairs"]

PAIR_SWAP = 4  # the element of F_2^3 that swaps every player with their pair

# (stabiliser of the base round, the element mapping it to its partner round or None)
SLOTS: tuple[tuple[tuple[int, ...], int | None], ...] = (
    *(((0, 1, 2, 3, 4, 5, 6, 7), None),) * 4,
    *(((0, 1, 4, 5), 2),) * 2,
    ((0, 2, 4, 6), 1),
)

# One tuple of base tables per slot: an exact cover of `base_round_options()` (seed 0 of a C
# port of `construct_search.exact_cover`, 31 s).
BASE_ROUNDS: tuple[tuple[Table, ...], ...] = (
    (((0, 0), (2, 1), (5, 1), (7, 0)), ((0, 2), (3, 2), (5, 3), (6, 3))),
    (((0, 0), (1, 2), (2, 0), (3, 2)), ((0, 1), (1, 1), (2, 1), (3, 1)),
     ((0, 3), (2, 3), (5, 3), (7, 3))),
    (((0, 0), (4, 3), (6, 1), (6, 2)),),
    (((0, 0), (3, 0), (5, 0), (6, 0)), ((0, 1), (3, 3), (5, 3), (6, 1)),
     ((0, 2), (1, 2), (6, 2), (7, 2))),
    (((0, 0), (0, 2), (0, 3), (4, 1)), ((2, 0), (2, 1), (3, 3), (7, 2))),
    (((0, 0), (1, 0), (2, 3), (3, 3)), ((0, 1), (2, 2), (5, 1), (7, 2)),
     ((0, 2), (1, 3), (6, 1), (7, 0))),
    (((0, 0), (4, 2), (7, 1), (7, 3)), ((0, 1), (1, 2), (3, 0), (6, 3))),
)


def player(point: Point) -> int:
    """Player number of a point; the pair of a point (g ^ 4, i) is the neighbouring number.

    >>> player((0, 0)), player((4, 0)), player((3, 2)), player((7, 3))
    (0, 1, 22, 31)
    """
    g, i = point
    return 2 * (4 * i + (g & 3)) + (g >> 2)


def rgdd4_pairs() -> Rounds:
    """The 10 rounds for 32 players: players 2m and 2m+1 never meet, any two others once."""
    rounds: Rounds = []
    for (stabiliser, partner), base in zip(SLOTS, BASE_ROUNDS, strict=True):
        tables = sorted({_moved(t, g) for t in base for g in stabiliser})
        rounds.append([[player(p) for p in t] for t in tables])
        if partner is not None:
            rounds.append([[player(p) for p in _moved(t, partner)] for t in tables])
    return rounds


def base_round_options() -> dict[tuple[int, Table], list[Item]]:
    """The exact cover that `BASE_ROUNDS` solves: option (slot, table) puts the table's orbit
    under the slot's stabiliser into the slot's base round.

    Items: ("point", slot, p) for every slot and point (each base round is a partition) and
    ("pairs", orbit) for every F_2^3-orbit of pairs of players who are not a pair (each met
    exactly once over all rounds). A table qualifies when its F_2^3-orbit meets no pair twice.
    """
    points = [(g, i) for i in range(4) for g in range(8)]
    options: dict[tuple[int, Table], list[Item]] = {}
    for four in itertools.combinations(points, 4):
        if any((g ^ PAIR_SWAP, i) in four for g, i in four):
            continue
        met = [pair for t in {_moved(four, g) for g in range(8)}
               for pair in itertools.combinations(t, 2)]
        if len(set(met)) < len(met):
            continue
        pair_items: list[Item] = [("pairs", o) for o in sorted({_pair_orbit(p) for p in met})]
        for slot, (stabiliser, _) in enumerate(SLOTS):
            tables = {_moved(four, g) for g in stabiliser}
            covered = {p for t in tables for p in t}
            key = option_key(slot, four)
            if len(covered) == 4 * len(tables) and key not in options:
                options[key] = [*pair_items, *(("point", slot, p) for p in sorted(covered))]
    return options


def option_key(slot: int, table: Table) -> tuple[int, Table]:
    """The key of `base_round_options()` that puts this table's orbit into this slot."""
    return slot, min(_moved(table, g) for g in SLOTS[slot][0])


def _moved(table: Table, g: int) -> Table:
    return tuple(sorted((h ^ g, i) for h, i in table))


def _pair_orbit(pair: Table) -> Table:
    return min(_moved(pair, g) for g in range(8))

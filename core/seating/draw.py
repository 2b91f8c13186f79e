"""The public draw: a seed text the director announces decides who gets which schedule number.

Derivation, bit for bit (anyone can redo it with Python and numpy >= 1.17):

1. `digest = hashlib.sha256(seed_text.encode("utf-8")).digest()` (32 bytes; the text is used
   exactly as typed: no trimming, no case folding, no Unicode normalisation);
2. `seed = int.from_bytes(digest, "big")` (a 256-bit integer);
3. `rng = numpy.random.Generator(numpy.random.PCG64(seed))`;
4. `perm = rng.permutation(P)`; player number `i` on the roster (0-based, in roster order) gets
   schedule number `perm[i]` (0-based), i.e. plays wherever the schedule seats `perm[i]`.

Team events keep teams whole: with N teams of S consecutive players, step 4 is instead
`team_perm = rng.permutation(N)` followed, for each roster team j = 0..N-1 in order, by
`seat_perm = rng.permutation(S)`; roster player `j*S + i` gets schedule number
`team_perm[j]*S + seat_perm[i]`.

numpy documents PCG64 seeding from an integer through `SeedSequence` and keeps
`Generator.permutation` stable for a given bit generator, so the mapping does not depend on the
machine.
"""

from __future__ import annotations

import hashlib

import numpy as np

from mjevent.core.seating.schedule import Schedule


def seed_integer(seed_text: str) -> int:
    """The 256-bit integer that seeds the draw: SHA-256 of the UTF-8 text, big-endian.

    >>> hex(seed_integer("abc"))[:18]
    '0xba7816bf8f01cfea'
    """
    return int.from_bytes(hashlib.sha256(seed_text.encode("utf-8")).digest(), "big")


def draw_permutation(
    seed_text: str, players: int, *, team_size: int | None = None
) -> tuple[int, ...]:
    """`perm[i]` is the schedule number (0-based) drawn for roster player `i`.

    >>> draw_permutation("WRC 2026 round draw", 8)
    (3, 6, 4, 2, 7, 1, 0, 5)
    >>> draw_permutation("WRC 2026 round draw", 8, team_size=4)
    (2, 3, 1, 0, 4, 7, 6, 5)
    """
    if players < 0:
        raise ValueError(f"players={players}: expected a non-negative count")
    rng = np.random.Generator(np.random.PCG64(seed_integer(seed_text)))
    if team_size is None:
        return tuple(int(x) for x in rng.permutation(players))
    if team_size < 1 or players % team_size:
        raise ValueError(
            f"team_size={team_size} does not divide {players} players: give a team size that "
            "divides the player count"
        )
    team_perm = rng.permutation(players // team_size)
    out: list[int] = []
    for j in range(players // team_size):
        seat_perm = rng.permutation(team_size)
        out.extend(int(team_perm[j]) * team_size + int(i) for i in seat_perm)
    return tuple(out)


def apply_draw(schedule: Schedule, seed_text: str, *, team_size: int | None = None) -> Schedule:
    """The schedule with roster numbers in place of schedule numbers.

    Schedule number `perm[i]` is played by roster player `i`, so every seat holding schedule
    number `s` now holds the roster player `i` with `perm[i] == s`. Pass the team size of a team
    event so teams stay whole.
    """
    perm = draw_permutation(seed_text, schedule.players, team_size=team_size)
    inverse = [0] * schedule.players
    for roster, number in enumerate(perm):
        inverse[number] = roster
    return schedule.relabelled(inverse)

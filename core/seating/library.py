"""The built-in library: verified blocks the project generated offline, loadable by name.

Blocks live in `library_blocks.py` as one compact text per block (so `core` reads no files):
`"P,K,S,R,origin|" + base64(zlib(seat bytes))`, S = team size or 0, the bytes listing every
round's tables in table order and seats in wind order (one byte per player, two big-endian bytes
when P > 255). `bench/seating_library.py` regenerates that module; the tests re-verify every
block (no repeated pair, seat winds balanced after every round, teams apart).
"""

from __future__ import annotations

import base64
import zlib
from dataclasses import dataclass

from mjevent.core.i18n import _
from mjevent.core.seating.library_blocks import BLOCKS
from mjevent.core.seating.schedule import Round, Schedule, ScheduleError, consecutive_teams


@dataclass(frozen=True)
class Block:
    """One library block: a repeat-free schedule with seats and table numbers already balanced."""

    name: str
    players: int
    table_size: int
    team_size: int | None
    rounds: tuple[Round, ...]
    origin: str

    def schedule(self, rounds: int | None = None) -> Schedule:
        """The block as a `Schedule`, optionally cut to its first `rounds` rounds."""
        teams = (
            consecutive_teams(self.players, team_size=self.team_size)
            if self.team_size
            else ()
        )
        chosen = self.rounds[: rounds if rounds is not None else len(self.rounds)]
        return Schedule.build(
            self.players, self.table_size, chosen, teams=teams, source=f"library:{self.name}"
        )


def block_name(players: int, table_size: int, team_size: int | None = None) -> str:
    """The library name of a size: `k4-p36`, or `k4-p32-t8` for teams of 8.

    >>> block_name(36, 4), block_name(32, 4, 8)
    ('k4-p36', 'k4-p32-t8')
    """
    base = f"k{table_size}-p{players}"
    return f"{base}-t{team_size}" if team_size else base


def encode_block(schedule: Schedule, origin: str, team_size: int | None = None) -> str:
    """The compact text of a schedule (the inverse of `decode_block`)."""
    wide = schedule.players > 255
    out = bytearray()
    for rnd in schedule.rounds:
        for table in rnd:
            for p in table:
                out.extend(p.to_bytes(2, "big") if wide else bytes([p]))
    header = (
        f"{schedule.players},{schedule.table_size},{team_size or 0},{schedule.round_count},"
        f"{origin}"
    )
    return header + "|" + base64.b64encode(zlib.compress(bytes(out), 9)).decode("ascii")


def decode_block(name: str, text: str) -> Block:
    """Decode one block text.

    >>> s = Schedule.build(4, 2, [[[0, 1], [2, 3]], [[0, 2], [3, 1]]])
    >>> b = decode_block("k2-p4", encode_block(s, "example"))
    >>> b.rounds, b.origin
    ((((0, 1), (2, 3)), ((0, 2), (3, 1))), 'example')
    """
    header, _sep, payload = text.partition("|")
    p_s, k_s, t_s, r_s, origin = header.split(",", 4)
    players, k, team, rounds = int(p_s), int(k_s), int(t_s), int(r_s)
    raw = zlib.decompress(base64.b64decode(payload))
    width = 2 if players > 255 else 1
    values = [int.from_bytes(raw[i : i + width], "big") for i in range(0, len(raw), width)]
    per_round = players // k * k
    if len(values) != per_round * rounds:
        raise ScheduleError(
            _("library block {name} is damaged: {seats} seats stored").format(
                name=name, seats=len(values)
            )
        )
    out: list[Round] = []
    for r in range(rounds):
        chunk = values[r * per_round : (r + 1) * per_round]
        out.append(tuple(tuple(chunk[i : i + k]) for i in range(0, per_round, k)))
    return Block(name, players, k, team or None, tuple(out), origin)


def block_names() -> list[str]:
    """Every block in the library, sorted by table size then players."""

    def key(name: str) -> tuple[int, int, str]:
        parts = name.split("-")
        return int(parts[0][1:]), int(parts[1][1:]), name

    return sorted(BLOCKS, key=key)


def load_block(name: str) -> Block:
    """The block called `name`; the error lists the names that exist."""
    try:
        text = BLOCKS[name]
    except KeyError:
        raise ScheduleError(
            _("no library block named {name!r}: choose one of {names}").format(
                name=name, names=", ".join(block_names())
            )
        ) from None
    return decode_block(name, text)


def find_block(players: int, table_size: int, *, team_size: int | None = None) -> Block | None:
    """The library block for this size, or None."""
    name = block_name(players, table_size, team_size)
    return load_block(name) if name in BLOCKS else None

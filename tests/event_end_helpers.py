"""A small event for the tests of its end: eight players at two tables, two rounds seated,
`[event] rounds` as asked, `played` rounds finished by final scores."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mjevent.events import commands
from mjevent.events.store import EventStore

AT = "2026-03-14T10:00:00+00:00"
NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")
FINALS = ([50000, 35000, 20000, 15000], [45000, 30000, 25000, 20000])
"""Round after round, table 1 and table 2 end on these scores (E S W N)."""


def event_file(path: Path, *, rounds: int | None = 2, played: int = 2, seated: int = 2) -> Path:
    """Write the event to `path`. The final standings after both rounds: Ann +70.0, Ed +40.0,
    Cy +15.0, Bo and Gus -5.0, Flo -25.0, Di -40.0, Hal -50.0 (EMA uma, no oka)."""
    event: dict[str, Any] = {"name": "Cup", "format_version": 1}
    if rounds is not None:
        event["rounds"] = rounds
    store = EventStore.create(path, {"event": event, "rules": {"preset": "ema2016"}})
    for i, name in enumerate(NAMES, 1):
        commands.add_player(store, f"p{i}", name, entry_id=f"add-{i}", at=AT)
    seating = [
        [["p1", "p2", "p3", "p4"], ["p5", "p6", "p7", "p8"]],
        [["p1", "p5", "p2", "p6"], ["p3", "p7", "p4", "p8"]],
    ]
    commands.set_seating(store, 1, seating[:seated], entry_id="seat", at=AT)
    for rnd in range(1, played + 1):
        for table, final in enumerate(FINALS, 1):
            commands.record_final(store, rnd, table, final, entry_id=f"f{rnd}{table}", at=AT)
    return path


def event_with_a_hand(path: Path) -> Path:
    """The finished event of `event_file`, with one hand in round 2 at table 1: Ed (South)
    wins 7,700 off Ann with two dora; table 1 ends on that hand's scores."""
    store = EventStore.open(event_file(path, played=1))
    commands.record_line(store, "r2 t1 ron S<-E 4/30 y:riichi,dora2", entry_id="h1", at=AT)
    commands.record_final(store, 2, 1, [22300, 37700, 30000, 30000], entry_id="f21", at=AT)
    commands.record_final(store, 2, 2, FINALS[1], entry_id="f22", at=AT)
    return path

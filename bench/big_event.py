"""The 500-player benchmark event: `make_big_event(path) -> Path`.

500 riichi players at 125 tables, 15 rounds seated at random, and games played out hand by hand
with the real game engine (`core.game.apply_hand`) until 18,000 hands are logged: rounds 1 to 12
finished (each game ends with a `game_finished` entry), round 13 under way with tables still to
finish, which makes it the current round. The file is made by the real store
(`EventStore.create` writes the settings) and its log holds the very blocks `EventStore.append`
writes (`toml_write.log_block`), written in one go with one fsync, then opened and validated by
`EventStore.open` (18,000 separate fsyncs would only time the disk).

Used by `bench/append.py` and the console's benchmark:

    from bench.big_event import make_big_event   # run the script as `python -m bench.NAME`
    path = make_big_event(Path(tmp) / "big.toml")

Run alone to write one and print its size: `.venv/bin/python -m bench.big_event OUT.toml`.
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path
from typing import Any

from mjevent.core.entries import GameFinished, HandRecorded
from mjevent.core.game import apply_hand, new_game
from mjevent.core.outcomes import Draw, Hand, HandValue, Outcome, Ron, Tsumo, Win
from mjevent.core.presets import preset
from mjevent.events import toml_write
from mjevent.events.store import EventStore

PLAYERS = 500
ROUNDS = 15
HANDS = 18_000
AT = "2026-12-02T10:00:00+00:00"
_VALUES = [(1, 30), (2, 30), (3, 30), (1, 40), (2, 40), (3, 40), (4, 30), (5, 0), (3, 25), (6, 0)]


def random_hand(rng: random.Random, seats: int = 4) -> Hand:
    """A plausible hand: ron 55 %, tsumo 30 %, draw 15 %, each seat in riichi 18 % of hands."""
    riichi = frozenset(s for s in range(seats) if rng.random() < 0.18)
    roll = rng.random()
    outcome: Outcome
    if roll < 0.55:
        winner = rng.randrange(seats)
        loser = rng.choice([s for s in range(seats) if s != winner])
        outcome = Ron(loser, (Win(winner, HandValue(*rng.choice(_VALUES))),))
    elif roll < 0.85:
        outcome = Tsumo(Win(rng.randrange(seats), HandValue(*rng.choice(_VALUES))))
    else:
        outcome = Draw(tenpai=frozenset(s for s in range(seats) if rng.random() < 0.5))
    return Hand(outcome, riichi)


def _settings(rng: random.Random, players: int, rounds: int) -> dict[str, Any]:
    ids = [f"p{n:03d}" for n in range(1, players + 1)]
    seating = []
    for r in range(1, rounds + 1):
        order = ids[:]
        rng.shuffle(order)
        seating.append({"round": r, "tables": [order[i : i + 4] for i in range(0, players, 4)]})
    return {
        "event": {"name": "Bench Open", "format_version": 1, "venue": "Hall A"},
        "rules": {"preset": "ema2016"},
        "players": [
            {"id": pid, "name": f"Player {pid}", "rating": 1500 + rng.randrange(-300, 300)}
            for pid in ids
        ],
        "seating": {"method": "random", "seed": 2026, "rounds": seating},
    }


def make_big_event(
    path: Path, *, players: int = PLAYERS, hands: int = HANDS, seed: int = 2026
) -> Path:
    """Write the benchmark event to `path` (which must not exist) and return `path`.

    Games are played table by table, round by round, until `hands` hands are logged; the game
    being played then stops where it is, and later tables of that round have no result yet.
    """
    rng = random.Random(seed)
    rules = preset("ema2016").rules
    EventStore.create(path, _settings(rng, players, ROUNDS))
    blocks: list[str] = []
    logged = 0
    serial = 0

    def block(entry: HandRecorded | GameFinished) -> None:
        blocks.append(toml_write.log_block(entry.to_record()))

    for rnd in range(1, ROUNDS + 1):
        for table in range(1, players // 4 + 1):
            state = new_game(rules)
            while state.end_reason is None and logged < hands:
                hand = random_hand(rng)
                state, _ = apply_hand(state, hand)
                serial += 1
                block(HandRecorded(id=f"h{serial:06d}", at=AT, round=rnd, table=table, hand=hand))
                logged += 1
            if state.end_reason is None:
                break
            serial += 1
            block(GameFinished(id=f"g{serial:06d}", at=AT, round=rnd, table=table))
        if logged >= hands:
            break
    fd = os.open(path, os.O_WRONLY | os.O_APPEND)
    try:
        os.write(fd, "".join(blocks).encode("utf-8"))
        os.fsync(fd)
    finally:
        os.close(fd)
    store = EventStore.open(path)  # validates every entry, as a director's open would
    assert sum(1 for r in store.log if r["kind"] == "hand") == hands
    return path


if __name__ == "__main__":
    out = make_big_event(Path(sys.argv[1]))
    print(f"{out}: {out.stat().st_size / 1e6:.1f} MB")

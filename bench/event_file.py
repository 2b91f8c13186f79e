"""Time the event file at the size of a large event: open, fold, append; print a table.

Generates a 500-player, 12-round riichi event (125 tables a round) recorded hand by hand: every
game is played out with the real game engine until it ends, so the log holds about 18,000
`hand` entries plus a `game_finished` per table. The file is written with the same block
layout `EventStore.append` writes (generating it through 18,000 fsyncs would only time the
disk). Then it reports:

* open: read + parse with tomllib + validation of settings and log (`EventStore.open`);
* fold: `entries_from_records` + `core.state.fold` over the opened log (when present);
* append: the median of durable appends (lock, change check, write, fsync) to that file;
* the cost of `changed_on_disk`, of `reload` after another store appended one entry, of an
  atomic `rewrite_settings`, and of opening the file with a torn tail (repair included);
* the file size.

Run: `.venv/bin/python bench/event_file.py [--players 500] [--rounds 12] [--appends 200]`.
Targets (issue 4): open + fold under 1 s, median append under 5 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mjevent.core.game import apply_hand, new_game
from mjevent.core.outcomes import Draw, Hand, HandValue, Ron, Tsumo, Win
from mjevent.core.presets import preset
from mjevent.core.settings import settings_from_dict, settings_to_dict
from mjevent.events import toml_write
from mjevent.events.entry_ids import new_entry_id
from mjevent.events.store import EventStore
from mjevent.events.toml_write import settings_text

VALUES = [(1, 30), (2, 30), (3, 30), (1, 40), (2, 40), (3, 40), (4, 30), (5, 0), (3, 25), (6, 0)]


def _hand(rng: random.Random) -> Hand:
    riichi = frozenset(s for s in range(4) if rng.random() < 0.18)
    roll = rng.random()
    if roll < 0.55:
        winner = rng.randrange(4)
        loser = rng.choice([s for s in range(4) if s != winner])
        outcome: Any = Ron(loser, (Win(winner, HandValue(*rng.choice(VALUES))),))
    elif roll < 0.85:
        outcome = Tsumo(Win(rng.randrange(4), HandValue(*rng.choice(VALUES))))
    else:
        outcome = Draw(tenpai=frozenset(s for s in range(4) if rng.random() < 0.5))
    return Hand(outcome, riichi)


def _hand_record(hand: Hand, rnd: int, table: int, at: str) -> dict[str, Any]:
    from mjevent.core.entries import HandRecorded

    entry = HandRecorded(id=new_entry_id(), at=at, round=rnd, table=table, hand=hand)
    return entry.to_record()


def generate(path: Path, players: int, rounds: int, seed: int = 2026) -> int:
    """Write the event to `path`; returns how many hand entries it holds."""
    rng = random.Random(seed)
    ids = [f"p{n:03d}" for n in range(1, players + 1)]
    seating = []
    for r in range(1, rounds + 1):
        order = ids[:]
        rng.shuffle(order)
        tables = [order[i : i + 4] for i in range(0, players, 4)]
        seating.append({"round": r, "tables": tables})
    raw = {
        "event": {"name": "Bench Open", "format_version": 1, "venue": "Hall A"},
        "rules": {"preset": "ema2016"},
        "players": [
            {"id": pid, "name": f"Player {pid}", "rating": 1500 + rng.randrange(-300, 300)}
            for pid in ids
        ],
        "seating": {"method": "random", "seed": seed, "rounds": seating},
    }
    settings = settings_from_dict(raw)
    rules = preset("ema2016").rules
    parts = [settings_text(settings_to_dict(settings))]
    hands = 0
    at = "2026-12-02T10:00:00+00:00"
    for r in range(1, rounds + 1):
        for t in range(1, players // 4 + 1):
            state = new_game(rules)
            while state.end_reason is None:
                hand = _hand(rng)
                state, _ = apply_hand(state, hand)
                parts.append(toml_write.log_block(_hand_record(hand, r, t, at)))
                hands += 1
            done = {"id": new_entry_id(), "at": at, "kind": "game_finished", "round": r,
                    "table": t}
            parts.append(toml_write.log_block(done))
    path.write_text("".join(parts), encoding="utf-8")
    return hands


def _timed(work: Callable[[], object]) -> tuple[float, float]:
    """Wall and CPU seconds of one call (CPU time is less disturbed by a busy machine)."""
    wall, cpu = time.perf_counter(), time.process_time()
    work()
    return time.perf_counter() - wall, time.process_time() - cpu


def _fold_time(store: EventStore) -> tuple[float, float] | None:
    try:
        from mjevent.core.entry_reader import entries_from_records
        from mjevent.core.state import fold
    except ImportError:
        return None
    return _timed(lambda: fold(store.event, entries_from_records(store.log)))


# A director opens the file in a fresh process: nothing cached, every game played out anew.
_COLD = """
import json, sys, time
from pathlib import Path
from mjevent.events.store import EventStore
from mjevent.core.entry_reader import entries_from_records
from mjevent.core.state import fold
w, c = time.perf_counter(), time.process_time()
store = EventStore.open(Path(sys.argv[1]))
w1, c1 = time.perf_counter(), time.process_time()
fold(store.event, entries_from_records(store.log))
w2, c2 = time.perf_counter(), time.process_time()
print(json.dumps([w1 - w, c1 - c, w2 - w1, c2 - c1]))
"""


def _cold_open_fold(path: Path) -> tuple[tuple[float, float], tuple[float, float]]:
    """(wall, CPU) of open and of the first fold, in a fresh interpreter."""
    out = subprocess.run(
        [sys.executable, "-c", _COLD, str(path)], check=True, capture_output=True, text=True
    )
    ow, oc, fw, fc = json.loads(out.stdout)
    return (ow, oc), (fw, fc)


def _ms(times: list[tuple[float, float]]) -> str:
    wall = min(t[0] for t in times)
    cpu = min(t[1] for t in times)
    return f"{wall * 1000:.0f} ms (CPU {cpu * 1000:.0f} ms)"


def main() -> None:
    """Generate, measure, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--appends", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=Path.cwd()) as folder:
        path = Path(folder) / "bench.toml"
        hands = generate(path, args.players, args.rounds)
        data = path.read_bytes()
        parse_times: list[tuple[float, float]] = []
        open_times: list[tuple[float, float]] = []
        fold_times: list[tuple[float, float]] = []
        for _ in range(args.repeats):
            parse_times.append(_timed(lambda: tomllib.loads(data.decode("utf-8"))))
            open_times.append(_timed(lambda: EventStore.open(path)))
            store = EventStore.open(path)
            folded = _fold_time(store)
            if folded is not None:
                fold_times.append(folded)
        entries = len(store.log)
        cold = [_cold_open_fold(path) for _ in range(args.repeats)] if fold_times else []
        append_times = []
        for i in range(args.appends):
            record = {"id": new_entry_id(), "at": "2026-12-02T18:00:00+00:00", "kind": "note",
                      "text": f"bench append {i}"}
            start = time.perf_counter()
            store.append(record)
            append_times.append(time.perf_counter() - start)
        # The same write and fsync without the store, to show what the store adds to the disk.
        raw_times = []
        fd = os.open(Path(folder) / "raw.bin", os.O_WRONLY | os.O_CREAT | os.O_APPEND)
        try:
            for _ in range(args.appends):
                start = time.perf_counter()
                os.write(fd, b"x" * 250)
                os.fsync(fd)
                raw_times.append(time.perf_counter() - start)
        finally:
            os.close(fd)
        polls = []
        for _ in range(200):
            start = time.perf_counter()
            store.changed_on_disk()
            polls.append(time.perf_counter() - start)
        other = EventStore.open(path)
        reloads = []
        for i in range(20):
            other.append({"id": new_entry_id(), "at": "t", "kind": "note", "text": f"other {i}"})
            start = time.perf_counter()
            store.reload()
            reloads.append(time.perf_counter() - start)
        start = time.perf_counter()
        store.rewrite_settings(store.settings)
        rewrite = time.perf_counter() - start
        with path.open("ab") as f:
            f.write(b'\n[[log]]\nid = "torn"\nat = "2026-')
        start = time.perf_counter()
        repaired = EventStore.open(path)
        torn_open = time.perf_counter() - start
        assert len(repaired.warnings) == 1
        load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
        rows = [
            ("players x rounds", f"{args.players} x {args.rounds}"),
            ("log entries (hands)", f"{entries} ({hands})"),
            ("file size", f"{len(data) / 1e6:.2f} MB"),
            ("machine load (1, 5, 15 min)", load),
            (f"tomllib.loads alone, best of {args.repeats}", _ms(parse_times)),
            (f"EventStore.open, best of {args.repeats}", _ms(open_times)),
        ]
        if fold_times:
            total = [(o[0] + f[0], o[1] + f[1]) for o, f in cold]
            rows += [
                (f"cold open, fresh process, best of {args.repeats}", _ms([o for o, _ in cold])),
                (f"cold first fold, best of {args.repeats}", _ms([f for _, f in cold])),
                ("cold open + fold (target < 1000 ms)", _ms(total)),
                # The issue sets its target against tomllib taking "about half of that" here; on
                # a loaded machine the ratio is the figure that travels.
                (
                    "cold open + fold / tomllib.loads (CPU)",
                    f"{min(t[1] for t in total) / min(t[1] for t in parse_times):.2f}"
                    " (target < 2: tomllib is half the budget)",
                ),
                ("refold in the same process (warm)", _ms(fold_times)),
            ]
        else:
            rows.append(("fold", "core.state not available"))
        rows += [
            (
                "durable append, median",
                f"{statistics.median(append_times) * 1000:.2f} ms (target < 5 ms)",
            ),
            ("durable append, p95",
             f"{sorted(append_times)[int(len(append_times) * 0.95)] * 1000:.2f} ms"),
            ("bare write + fsync, median", f"{statistics.median(raw_times) * 1000:.2f} ms"),
            ("changed_on_disk, median", f"{statistics.median(polls) * 1e6:.0f} us"),
            ("reload after 1 foreign append", f"{statistics.median(reloads) * 1000:.2f} ms"),
            ("rewrite_settings (atomic)", f"{rewrite * 1000:.0f} ms"),
            ("open with a torn tail (repair)", f"{torn_open * 1000:.0f} ms"),
        ]
        width = max(len(k) for k, _ in rows)
        print(f"{'measure':<{width}}  value")
        print(f"{'-' * width}  {'-' * 34}")
        for k, v in rows:
            print(f"{k:<{width}}  {v}")


if __name__ == "__main__":
    main()

"""The console's amendment preview at 500 players, in process; prints a table.

On the 500-player event of `bench/big_event.py` (18,000 hands logged, round 13 under way), with
the event's session open and its live fold made (what the console holds), the preview of
amending a hand (`core.preview.preview_amend`: what the table screen computes on each keystroke
while a hand is amended) is timed for the first and the last hand of a game in round 1 (early
in the log) and of a game in round 12 (late in the log), for two lines: the hand as it was
(nothing changes) and a draw (the hands after it are played again). The line is read once, as
the screen reads it; the figure is the preview alone: the median and the worst wall time, and
the median CPU time (steadier on a shared machine), of `--repeats` calls on the same fold, as
the keystrokes of one line are, with what the open built frozen out of the cycle collector's
sight as the console freezes it. The console's target for a keystroke's preview is a p95 under
30 ms (issue 25).

Run from the repository's root: `.venv/bin/python -m bench.amend_preview [--repeats 20]
[--event big.toml]` (without `--event`, one is made in a temporary folder).
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import tempfile
import time
from pathlib import Path

from bench.big_event import make_big_event
from mjevent.core.notation import HandLine, format_entry
from mjevent.core.preview import LinePreview, entry_context, preview_amend, read_entry
from mjevent.events.session import EventSession
from mjevent.events.store import EventStore

GAMES = ((1, 1), (12, 60))
"""(round, table): a game early in the log and one late in it, both finished."""
REASON = "hand amended at the console (was: ...)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=20)
    parser.add_argument("--event", type=Path, default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = args.event or make_big_event(Path(tmp) / "big.toml")
        started = time.perf_counter()
        session = EventSession(EventStore.open(path))
        folder = session.folder()
        state = folder.state()
        gc.freeze()  # as the console does with the event it opened (tui/console/app.py)
        print(
            f"event: {path.name}, {len(state.entries)} entries; open and fold "
            f"{time.perf_counter() - started:.2f} s; load {os.getloadavg()[0]:.2f}"
        )
        print(
            f"{'game':<10} {'hand':<10} {'line':<16} {'median ms':>10} {'worst ms':>9}"
            f" {'CPU ms':>8}  result"
        )
        for rnd, table in GAMES:
            game = state.game(rnd, table)
            assert game is not None and game.hands
            context = entry_context(state, rnd, game=(rnd, table))
            for which, played in (("first", game.hands[0]), ("last", game.hands[-1])):
                own = format_entry(HandLine(rnd, table, played.hand), context)
                for label, text in (("as it was", own), ("a draw", "draw")):
                    parsed = read_entry(state, text, round=rnd, game=(rnd, table))
                    times, cpu = [], []
                    for _ in range(args.repeats):
                        start, start_cpu = time.perf_counter(), time.process_time()
                        result = preview_amend(folder, played.entry, parsed, REASON)
                        times.append(time.perf_counter() - start)
                        cpu.append(time.process_time() - start_cpu)
                    shown = "preview" if isinstance(result, LinePreview) else "refused"
                    print(
                        f"r{rnd} t{table:<6} {which:<10} {label:<16} "
                        f"{statistics.median(times) * 1000:>10.1f} {max(times) * 1000:>9.1f}"
                        f" {statistics.median(cpu) * 1000:>8.1f}  {shown}"
                    )
        print(f"load {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()

"""The overview's clock column at 125 tables: what one tick costs; prints a table.

The 500-player event of `bench/big_event.py` (125 tables, round 13 under way) with its round's
clock started 50 minutes before a fake clock and ten tables given 3 minutes of their own. At
80x24 and at 200x50:

- `round_clocks`: every table's `table_clock` for one moment, timed on its own;
- tick, a second later: the fake clock moves one second, `OverviewScreen.tick_clock()` runs
  (the one-second timer calls the same) until the frame showing the new clocks is painted (the
  list is scrolled to a table still playing first: a row off screen is not painted);
- tick, same second: nothing changed, nothing is updated (the timer's cost when idle);
- tick after the time call: every table's clock cell reads what the call means there.

A frame is "painted" as in `bench/console.py`. Run from the repository's root:
`.venv/bin/python -m bench.clock_column [--ticks 60]`.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import shutil
import tempfile
import time
from pathlib import Path

from bench.big_event import make_big_event
from bench.console import _frame_after, _ms
from mjevent.events.commands import call_time_for, current_state, extend_round, start_round
from mjevent.events.session import EventSession
from mjevent.tui.console.app import MjeventApp
from mjevent.tui.console.screens.overview import OverviewScreen
from mjevent.tui.console.widgets.table_list import TableList, round_clocks

NOW = dt.datetime(2026, 6, 20, 15, 0, tzinfo=dt.UTC)


class _Clock:
    def __init__(self) -> None:
        self.now = NOW

    def __call__(self) -> dt.datetime:
        return self.now


async def measure(path: Path, size: tuple[int, int], ticks: int) -> list[tuple[str, ...]]:
    """Every figure for one terminal size."""
    label = f"{size[0]}x{size[1]}"
    rows: list[tuple[str, ...]] = []
    clock = _Clock()
    app = MjeventApp(path, clock=clock, poll_seconds=None, keymap_path=Path("/nonexistent"))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, OverviewScreen)
        tables = screen.query_one(TableList)
        state = app.state
        rnd = state.current_round

        alone: list[float] = []
        for _ in range(ticks):
            begin = time.perf_counter()
            round_clocks(state, rnd, clock.now)
            alone.append(time.perf_counter() - begin)
        rows.append((label, "round_clocks, 125 tables", *_ms(alone, alone), str(len(alone))))
        playing = str(next(t for t, c in round_clocks(state, rnd, clock.now).items()
                           if not c.finished))
        # Its row on screen: the list repaints only the rows it shows whose clock changed (an
        # off-screen clock changing paints no frame at all).
        tables.move_cursor(row=int(playing) - 1, animate=False)
        await pilot.pause()

        async def tick(move: dt.timedelta, name: str) -> None:
            walls: list[float] = []
            cpus: list[float] = []
            for _ in range(ticks):
                clock.now += move
                before = str(tables.get_cell(playing, tables._columns[-1]))
                moment, cpu = time.perf_counter(), time.process_time()
                screen.tick_clock()
                if move:
                    when, when_cpu = await _frame_after(
                        moment,
                        lambda b=before: str(tables.get_cell(playing, tables._columns[-1])) != b,  # type: ignore[misc]
                    )
                else:
                    when, when_cpu = time.perf_counter(), time.process_time()
                walls.append(when - moment)
                cpus.append(when_cpu - cpu)
                await pilot.pause()
            rows.append((label, name, *_ms(walls, cpus), str(len(walls))))

        await tick(dt.timedelta(seconds=1), "tick a second later, painted")
        await tick(dt.timedelta(0), "tick in the same second (no change)")
        app.run_command(call_time_for, rnd)
        await pilot.pause()
        calls = [str(tables.get_cell(str(t), tables._columns[-1])).splitlines()[-1]
                 for t, c in round_clocks(app.state, rnd, clock.now).items()
                 if not c.finished][:3]
        rows.append((label, f"after the call, 3 tables playing: {', '.join(calls)}",
                     "", "", "", ""))
    return rows


def main() -> None:
    """Build the event, start and extend its round, measure at both sizes, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--ticks", type=int, default=60)
    args = parser.parse_args()
    rows: list[tuple[str, ...]] = []
    with tempfile.TemporaryDirectory() as folder:
        big = make_big_event(Path(folder) / "big.toml")
        store = EventSession.open(big)
        rnd = current_state(store).current_round
        start = (NOW - dt.timedelta(minutes=50)).isoformat(timespec="seconds")
        start_round(store, rnd, at=start)
        for table in range(1, 11):
            extend_round(store, rnd, 180, table * 12, at=start)
        del store
        for size in ((80, 24), (200, 50)):
            # A copy each: the run calls time in its file.
            copy = Path(folder) / f"big-{size[0]}.toml"
            shutil.copyfile(big, copy)
            rows += asyncio.run(measure(copy, size, args.ticks))
    print(f"{'size':<8} {'step':<44} {'median ms':>10} {'p95 ms':>8} {'cpu ms':>7} {'n':>5}")
    for label, name, median, p95, cpu, n in rows:
        print(f"{label:<8} {name:<44} {median:>10} {p95:>8} {cpu:>7} {n:>5}")
    print("cpu ms: the median CPU time this process spent (wall time on a loaded machine "
          "includes waiting for a core).")


if __name__ == "__main__":
    main()

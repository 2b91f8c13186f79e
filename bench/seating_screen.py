"""The seating screen's plan dialogs at 500 players: time to the preview, and the event loop's
longest stall meanwhile (the plan is made in a worker, so the console keeps answering keys).

Events, at 80x24, measured with Textual's Pilot:

- the 500-player event of `bench/big_event.py` (15 rounds seated, 13 with results): `r` on the
  seating screen re-seats rounds 14-15 (the dialog works the plan out as it opens);
- the same players in a new event with nothing seated: `g`, 7 rounds, ctrl+s to work it out.

"key to preview painted" runs from the key until the first frame painted after the worker
finished; "longest stall" is the largest gap between two ticks of a 1 ms asyncio timer over
the same span (what a key pressed meanwhile would wait at most).

Run from the repository's root: `.venv/bin/python -m bench.seating_screen [--repeat 3]`.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from textual.pilot import Pilot

from bench.big_event import make_big_event
from bench.screens import _ms, _timed, print_table
from mjevent.events.store import EventStore
from mjevent.tui.console.app import MjeventApp


async def _with_stall(pilot: Pilot[None], act: Callable[[], Awaitable[None]]) -> tuple[float,
                                                                                      float]:
    """(seconds to the painted result, longest gap between 1 ms ticks meanwhile)."""
    gaps: list[float] = []
    stop = asyncio.Event()

    async def tick() -> None:
        last = time.perf_counter()
        while not stop.is_set():
            await asyncio.sleep(0.001)
            now = time.perf_counter()
            gaps.append(now - last)
            last = now

    ticker = asyncio.create_task(tick())
    took = await _timed(pilot, act)
    stop.set()
    await ticker
    return took, max(gaps, default=0.0)


async def _dialog(path: Path, keys: list[str], repeat: int) -> tuple[list[float], list[float]]:
    took: list[float] = []
    stalls: list[float] = []
    app = MjeventApp(path, poll_seconds=None, keymap_path=Path("/nonexistent"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f5")
        await pilot.app.workers.wait_for_complete()
        *setup, last = keys
        for _ in range(repeat):
            if setup:
                await pilot.press(*setup)
                await pilot.app.workers.wait_for_complete()
            t, s = await _with_stall(pilot, lambda: pilot.press(last))
            took.append(t)
            stalls.append(s)
            await pilot.press("escape")
            await pilot.app.workers.wait_for_complete()
    return took, stalls


async def main(repeat: int) -> None:
    rows: list[tuple[str, ...]] = []
    with tempfile.TemporaryDirectory() as tmp:
        big = make_big_event(Path(tmp) / "big.toml")
        took, stalls = await _dialog(big, ["r"], repeat)
        rows.append(("500 players, 13 rounds played", "r: re-seat rounds 14-15",
                     *_ms(took), *_ms(stalls), str(repeat)))
        fresh = Path(tmp) / "fresh.toml"
        settings = EventStore.open(big).settings
        EventStore.create(fresh, {
            "event": {"name": "Fresh 500", "format_version": 1},
            "rules": settings["rules"],
            "players": settings["players"],
        })
        took, stalls = await _dialog(fresh, ["g", *"7", "ctrl+s"], repeat)
        rows.append(("500 players, new event", "g: generate 7 rounds",
                     *_ms(took), *_ms(stalls), str(repeat)))
    print_table(("event", "dialog", "preview median ms", "max ms", "stall median ms", "max ms",
                 "n"), rows)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    asyncio.run(main(parser.parse_args().repeat))

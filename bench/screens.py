"""The standings, players, seating and log screens at 500 players; prints a table.

For `samples/club.toml` (a copy) and the 500-player event of `bench/big_event.py` (125 tables,
18,000 hands logged), at 80x24, measured with Textual's Pilot in one run:

- mode key to painted: F3 / F4 / F5 / F6 pressed until the first frame painted after the
  screen's worker finished (its rows on screen);
- a game ends to standings painted: with the standings shown, a table's score sheet is
  recorded through the app (fsync included) until the frame with the new standings;
- a hand to log painted: with the log shown, a hand recorded until the frame with its line;
- replay step: in the replay, `left` until the frame of the event one entry earlier (a fold
  of the log up to it).

Run from the repository's root: `.venv/bin/python -m bench.screens [--repeat 5]`.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.screen import Screen

from bench.big_event import make_big_event
from mjevent.events.commands import record_final, record_line
from mjevent.tui.console.app import MjeventApp

ROOT = Path(__file__).resolve().parents[1]
FRAMES: list[float] = []

_refresh = Screen._compositor_refresh


def _stamped(self: Screen[Any]) -> None:
    _refresh(self)
    FRAMES.append(time.perf_counter())


Screen._compositor_refresh = _stamped  # type: ignore[method-assign]


async def _painted(pilot: Pilot[None], moment: float) -> float:
    """Seconds from `moment` to the frame that shows the result: the first frame painted after
    the screen's workers finished (or, when none ran, the last one painted before)."""
    while any(w.is_running for w in pilot.app.workers):
        await asyncio.sleep(0.001)
    done = time.perf_counter()
    deadline = done + 1.0
    while time.perf_counter() < deadline:
        after = [f for f in FRAMES if f >= done]
        if after:
            return after[0] - moment
        await asyncio.sleep(0.001)
    before = [f for f in FRAMES if moment <= f < done]
    if not before:
        raise TimeoutError("no frame painted")
    return before[-1] - moment


async def _timed(pilot: Pilot[None], act: Callable[[], Any]) -> float:
    moment = time.perf_counter()
    result = act()
    if asyncio.iscoroutine(result):
        await result
    return await _painted(pilot, moment)


def _open_tables(app: MjeventApp) -> list[int]:
    state = app.state
    rnd = state.current_round
    return [
        t for t in range(1, len(state.seating[rnd]) + 1)
        if (g := state.game(rnd, t)) is None or (g.result is None and not g.hands)
    ]


async def measure(path: Path, label: str, repeat: int) -> list[tuple[str, ...]]:
    """Every figure for one event file."""
    rows: list[tuple[str, ...]] = []
    app = MjeventApp(path, poll_seconds=None, keymap_path=Path("/nonexistent"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for key, name in (("f3", "standings"), ("f4", "players"), ("f5", "seating"),
                          ("f6", "log")):
            times = []
            for _ in range(repeat):
                await pilot.press("f2")
                await pilot.app.workers.wait_for_complete()
                # A mode shown before keeps its screen; a change since makes it render again.
                times.append(await _timed(pilot, lambda k=key: pilot.press(k)))  # type: ignore[misc]
            rows.append((label, f"{key} to {name} painted", *_ms(times), str(repeat)))

        await pilot.press("f3")
        await pilot.app.workers.wait_for_complete()
        ends = []
        for table in _open_tables(app)[:repeat]:
            rnd = app.state.current_round
            scores = [30000] * app.state.rules.players
            ends.append(await _timed(pilot, lambda r=rnd, t=table, s=scores: app.run_command(
                record_final, r, t, s)))  # type: ignore[misc]
        rows.append((label, "a game ends to standings painted", *_ms(ends), str(len(ends))))

        await pilot.press("f6")
        await pilot.app.workers.wait_for_complete()
        hands = []
        for table in _open_tables(app)[:repeat]:
            hands.append(await _timed(pilot, lambda t=table: app.run_command(
                record_line, f"t{t} draw")))  # type: ignore[misc]
        rows.append((label, "a hand to log painted", *_ms(hands), str(len(hands))))

        await pilot.press("enter")
        await pilot.app.workers.wait_for_complete()
        steps = [await _timed(pilot, lambda: pilot.press("left")) for _ in range(repeat)]
        rows.append((label, "replay: left to earlier event painted", *_ms(steps), str(repeat)))
    return rows


def _ms(values: list[float]) -> tuple[str, str]:
    ordered = sorted(values)
    return f"{statistics.median(ordered) * 1000:.0f}", f"{ordered[-1] * 1000:.0f}"


async def main(repeat: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        club = Path(tmp) / "club.toml"
        shutil.copyfile(ROOT / "samples" / "club.toml", club)
        big = make_big_event(Path(tmp) / "big.toml")
        rows = [*await measure(club, "club", repeat), *await measure(big, "500 players",
                                                                       repeat)]
    print_table(("event", "what", "median ms", "max ms", "n"), rows)


def print_table(header: tuple[str, ...], rows: list[tuple[str, ...]]) -> None:
    """Columns padded to their widest cell; the first two left-aligned, the figures right."""
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    for r in [header, tuple("-" * w for w in widths), *rows]:
        print("  ".join(c.ljust(w) if i < 2 else c.rjust(w)
                        for i, (c, w) in enumerate(zip(r, widths, strict=True))))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    asyncio.run(main(parser.parse_args().repeat))

"""The console's responsiveness, measured with Textual's Pilot in one run; prints a table.

For `samples/club.toml` (a copy) and the 500-player event of `bench/big_event.py` (125 tables,
18,000 hands logged, round 13 under way), at 80x24:

- open to first paint: from `MjeventApp(path)` (open, read, fold) to the first frame the
  overview paints (with every table's row; target under 1.5 s at 500 players);
- page down the list of tables: until the frame showing the next page is painted;
- keystroke to updated preview: a key sent to the entry line until the frame showing the new
  preview is painted (target p95 under 30 ms);
- Enter to row updated: Enter on a hand until the frame with the table's changed row is painted
  (the list is scrolled to that table first: a row off screen is not painted), the durable
  append (fsync) included; then `standings_update` (what the standings screen does
  with the new state) timed on its own and added (target under 30 ms);
- another process's append to on screen: a second `EventStore` records a hand; until the
  frame with that table's changed row (scrolled to first) is painted (the console polls every
  0.3 s; target < 1 s).

A frame is "painted" when the screen's compositor has refreshed after the change; the Pilot's
own idle waits are not counted. Run from the repository's root:
`.venv/bin/python -m bench.console [--keys 200] [--hands 30] [--appends 10]`.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import shutil
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual import events
from textual.screen import Screen

from bench.big_event import make_big_event, random_hand
from mjevent.core.notation import EntryContext, HandLine, format_entry
from mjevent.core.state import EventState
from mjevent.core.state_standings import standings_from_state, standings_update
from mjevent.events import commands
from mjevent.events.session import EventSession
from mjevent.tui.console.app import MjeventApp
from mjevent.tui.console.screens.overview import OverviewScreen
from mjevent.tui.console.widgets.entry_line import EntryLine, EntryPreview
from mjevent.tui.console.widgets.table_list import TableList

ROOT = Path(__file__).resolve().parents[1]
FRAMES: list[tuple[float, float]] = []
"""(wall clock, this process's CPU time) at the end of every compositor refresh."""
FIRST_FRAME: dict[type[Screen[Any]], tuple[float, float]] = {}
"""The first of those painted by each type of screen."""

_refresh = Screen._compositor_refresh


def _stamped(self: Screen[Any]) -> None:
    _refresh(self)
    FRAMES.append((time.perf_counter(), time.process_time()))
    FIRST_FRAME.setdefault(type(self), FRAMES[-1])


Screen._compositor_refresh = _stamped  # type: ignore[method-assign]


def _ms(values: list[float], cpu: list[float] | None = None) -> tuple[str, str, str]:
    """Median and p95 in ms, and the median CPU time of this process in ms."""
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    cpu_ms = f"{statistics.median(cpu) * 1000:.1f}" if cpu else ""
    return f"{statistics.median(ordered) * 1000:.1f}", f"{p95 * 1000:.1f}", cpu_ms


async def _frame_after(
    moment: float, done: Callable[[], bool], limit: float = 5.0
) -> tuple[float, float]:
    """(wall, CPU) time of the first frame painted after `done()` became true (checked after
    `moment`)."""
    deadline = time.perf_counter() + limit
    changed_at: float | None = None
    while time.perf_counter() < deadline:
        if changed_at is None and done():
            changed_at = time.perf_counter()
        if changed_at is not None:
            for when, cpu in reversed(FRAMES):
                if when >= changed_at:
                    return when, cpu
                if when < moment:
                    break
        await asyncio.sleep(0.0005)
    raise TimeoutError("no frame painted the change")


def _open_tables(state: EventState) -> list[int]:
    rnd = state.current_round
    return [
        t for t in range(1, len(state.seating[rnd]) + 1)
        if (g := state.game(rnd, t)) is None or g.result is None
    ]


def _send(app: MjeventApp, key: str) -> None:
    char = " " if key == "space" else (key if len(key) == 1 else None)
    event = events.Key(key, char)
    event.set_sender(app)
    assert app._driver is not None
    app._driver.send_message(event)


def _keys(text: str) -> list[str]:
    return ["space" if c == " " else c for c in text]


async def measure(path: Path, label: str, args: argparse.Namespace) -> list[tuple[str, ...]]:
    """Every figure for one event file."""
    rows: list[tuple[str, ...]] = []
    rng = random.Random(11)
    FRAMES.clear()
    FIRST_FRAME.clear()
    start, start_cpu = time.perf_counter(), time.process_time()
    app = MjeventApp(path, poll_seconds=0.3, keymap_path=Path("/nonexistent"))
    async with app.run_test(size=(80, 24)) as pilot:
        # The overview's own first frame: the Pilot gets control a few frames later.
        await _frame_after(start, lambda: OverviewScreen in FIRST_FRAME)
        first, first_cpu = FIRST_FRAME[OverviewScreen]
        rows.append((label, "open to first paint of the overview",
                     f"{(first - start) * 1000:.0f}", "", f"{(first_cpu - start_cpu) * 1000:.0f}",
                     "1", "< 1500"))
        await pilot.pause()
        line = app.screen.query_one(EntryLine)
        preview = app.screen.query_one(EntryPreview)
        tables = app.screen.query_one(TableList)
        state = app.state
        context = EntryContext(round=state.current_round)

        # page down through the tables -> frame painted
        tables.focus()
        await pilot.pause()
        paged: list[float] = []
        paged_cpu: list[float] = []
        for _ in range(args.pages if tables.max_scroll_y > 0 else 0):  # club fits one screen
            if tables.cursor_row + 10 >= tables.row_count or tables.scroll_y >= tables.max_scroll_y:
                tables.move_cursor(row=0, animate=False)
                tables.scroll_home(animate=False)
                await pilot.pause()
            old_y = tables.scroll_y
            moment, cpu = time.perf_counter(), time.process_time()
            _send(app, "pagedown")
            when, when_cpu = await _frame_after(
                moment, lambda y=old_y: tables.scroll_y != y)  # type: ignore[misc]
            paged.append(when - moment)
            paged_cpu.append(when_cpu - cpu)
        if paged:
            rows.append((label, "page down the tables, painted", *_ms(paged, paged_cpu),
                         str(len(paged)), ""))
        line.focus()
        await pilot.pause()

        # keystroke -> preview painted
        typed: list[float] = []
        typed_cpu: list[float] = []
        while len(typed) < args.keys:
            table = rng.choice(_open_tables(app.state))
            text = format_entry(HandLine(state.current_round, table, random_hand(rng)), context)
            for key in _keys(text):
                before = preview.render()
                moment, cpu = time.perf_counter(), time.process_time()
                _send(app, key)
                when, when_cpu = await _frame_after(
                    moment, lambda b=before: preview.render() is not b)  # type: ignore[misc]
                typed.append(when - moment)
                typed_cpu.append(when_cpu - cpu)
            line.value = ""
            await pilot.pause()
        rows.append((label, "keystroke to preview painted", *_ms(typed, typed_cpu),
                     str(len(typed)), "p95 < 30"))

        # Enter -> row painted (fsync included) + standings_update
        entered: list[float] = []
        entered_cpu: list[float] = []
        standings: list[float] = []
        config = app.state.settings.standings_config()
        current = standings_from_state(app.state, config)
        while len(entered) < args.hands:
            before_state = app.state
            table = rng.choice(_open_tables(before_state))
            text = format_entry(HandLine(before_state.current_round, table, random_hand(rng)),
                                EntryContext(round=before_state.current_round))
            tables.move_cursor(row=table - 1, animate=False)  # its row on screen
            line.value = text
            await pilot.pause()
            old = tables.get_row(str(table))
            moment, cpu = time.perf_counter(), time.process_time()
            _send(app, "enter")
            try:
                when, when_cpu = await _frame_after(
                    moment, lambda t=table, o=old: tables.get_row(str(t)) != o,  # type: ignore[misc]
                    limit=2.0)
            except TimeoutError:  # refused (a riichi a player cannot pay): not a hand recorded
                line.value = ""
                continue
            entered.append(when - moment)
            entered_cpu.append(when_cpu - cpu)
            begin = time.perf_counter()
            current = standings_update(current, before_state, app.state, config)
            standings.append(time.perf_counter() - begin)
        rows.append((label, "Enter to row painted (fsync)", *_ms(entered, entered_cpu),
                     str(len(entered)), ""))
        rows.append((label, "  + standings_update", *_ms(standings, standings),
                     str(len(standings)), ""))
        total = [a + b for a, b in zip(entered, standings, strict=True)]
        total_cpu = [a + b for a, b in zip(entered_cpu, standings, strict=True)]
        rows.append((label, "Enter to row + standings", *_ms(total, total_cpu), str(len(total)),
                     "< 30"))

        # another process's append -> row painted
        other = EventSession.open(path)
        commands.current_state(other)  # the second laptop has its event open already
        seen: list[float] = []
        while len(seen) < args.appends:
            state_now = app.state
            table = rng.choice(_open_tables(state_now))
            text = format_entry(HandLine(state_now.current_round, table, random_hand(rng)),
                                EntryContext(round=state_now.current_round))
            tables.move_cursor(row=table - 1, animate=False)  # its row on screen
            await pilot.pause()
            old = tables.get_row(str(table))
            await asyncio.sleep(rng.random() * 0.3)  # any moment of the poll cycle
            moment = time.perf_counter()
            try:
                await asyncio.to_thread(commands.record_line, other, text)
            except ValueError:
                continue
            when, _ = await _frame_after(
                moment, lambda t=table, o=old: tables.get_row(str(t)) != o)  # type: ignore[misc]
            seen.append(when - moment)
        rows.append((label, "another process's append to screen", *_ms(seen), str(len(seen)),
                     "< 1000"))
    return rows


def main() -> None:
    """Measure both events and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--keys", type=int, default=200)
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--appends", type=int, default=10)
    parser.add_argument("--pages", type=int, default=20)
    args = parser.parse_args()
    rows: list[tuple[str, ...]] = []
    with tempfile.TemporaryDirectory() as folder:
        club = Path(folder) / "club.toml"
        shutil.copyfile(ROOT / "samples" / "club.toml", club)
        rows += asyncio.run(measure(club, "club", args))
        big = make_big_event(Path(folder) / "big.toml")
        rows += asyncio.run(measure(big, "500 players", args))
    print(f"{'event':<12} {'step':<38} {'median ms':>10} {'p95 ms':>8} {'cpu ms':>7} {'n':>5}"
          "  target ms")
    for label, name, median, p95, cpu, n, target in rows:
        print(f"{label:<12} {name:<38} {median:>10} {p95:>8} {cpu:>7} {n:>5}  {target}")
    print("cpu ms: the median CPU time this process spent (wall time on a loaded machine "
          "includes waiting for a core).")


if __name__ == "__main__":
    main()

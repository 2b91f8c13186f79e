"""Recording one hand at 500 players: what a director waits for after Enter; print a table.

Builds the 500-player event of `bench/big_event.py` (18,000 hands logged, round 13 under way),
opens it, folds it once (what opening the console costs), then records hands one by one through
`events.commands.record_line` at the tables of the current round: parse, check, durable append
(lock, write, fsync) and the new `EventState`. Also timed: a full fold of the log (what every
append cost twice before the fold became incremental), the bare durable append, a correction
(which takes the full refold), the preview of a line, and the standings after a game ends
(computed afresh, and brought up to date with `standings_update`).

Run from the repository's root: `.venv/bin/python -m bench.append [--hands 200]`.
Target (issue 12): under 30 ms per recorded hand at 500 players, fsync included.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from bench.big_event import make_big_event, random_hand
from mjevent.core.entry_reader import read_log
from mjevent.core.notation import EntryContext, HandLine, format_entry
from mjevent.core.preview import preview_line, read_entry
from mjevent.core.state import EventState, fold
from mjevent.core.state_standings import standings_from_state, standings_update
from mjevent.events import commands
from mjevent.events.entry_ids import new_entry_id
from mjevent.events.session import EventSession
from mjevent.events.store import EventStore


def _ms(seconds: list[float]) -> tuple[str, str]:
    ordered = sorted(seconds)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"{statistics.median(ordered) * 1000:.1f}", f"{p95 * 1000:.1f}"


def _time(work: Callable[[], object], repeats: int) -> list[float]:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return times


def _open_table(state: EventState) -> int:
    """A table of the current round whose game is still going (or not begun)."""
    rnd = state.current_round
    for t in range(1, len(state.seating[rnd]) + 1):
        game = state.game(rnd, t)
        if game is None or game.result is None:
            return t
    raise AssertionError("the current round has no table to play")


def main() -> None:
    """Build the event, time the steps, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--folds", type=int, default=3)
    args = parser.parse_args()
    rng = random.Random(7)
    rows: list[tuple[str, str, str, int]] = []
    with tempfile.TemporaryDirectory(dir=Path.cwd()) as folder:
        path = make_big_event(Path(folder) / "big.toml")
        store = EventStore.open(path)
        start = time.perf_counter()
        session = EventSession(store)  # folds the log once
        state = commands.current_state(session)
        first = time.perf_counter() - start
        rows.append(("first fold after open", f"{first * 1000:.1f}", "", 1))
        settings = store.event
        entries, problems = read_log(store.log)
        folds = _time(lambda: fold(settings, entries, problems=problems), args.folds)
        rows.append(("full fold of the log", *_ms(folds), args.folds))

        context = EntryContext(round=state.current_round)
        lines: list[str] = []
        recorded: list[float] = []
        game_ends: list[tuple[EventState, EventState]] = []
        for _ in range(args.hands):
            table = _open_table(state)
            line = format_entry(HandLine(state.current_round, table, random_hand(rng)), context)
            lines.append(line)
            begin = time.perf_counter()
            before = state
            try:
                state = commands.record_line(session, line)
            except ValueError:  # a riichi the player cannot pay for: skip that hand
                continue
            recorded.append(time.perf_counter() - begin)
            game = state.game(before.current_round, table)
            if game is not None and game.result is not None:
                game_ends.append((before, state))
        rows.append(("record one hand (record_line, fsync)", *_ms(recorded), len(recorded)))

        live = session.folder()
        previews = _time(lambda: preview_line(live, read_entry(state, lines[-1])), 200)
        rows.append(("preview of a line", *_ms(previews), len(previews)))

        def bare() -> None:
            store.append({"id": new_entry_id(), "at": "2026-12-02T18:00:00+00:00",
                          "kind": "note", "text": "bench"})

        rows.append(("bare durable append (note)", *_ms(_time(bare, 50)), 50))

        target = state.entries[-1].id
        corrections = _time(
            lambda: commands.correct_entry(session, target, reason="bench")
            if target not in commands.current_state(session).voided
            else None,
            1,
        )
        rows.append(("correction (full refold)", *_ms(corrections), 1))
        if game_ends:
            ended, after = game_ends[-1]
            standings = _time(lambda: standings_from_state(after), 5)
            rows.append(("standings_from_state after a game ends", *_ms(standings), 5))
            previous = standings_from_state(ended)
            updates = _time(lambda: standings_update(previous, ended, after), 5)
            rows.append(("standings_update after a game ends", *_ms(updates), 5))
        hands = sum(1 for r in store.log if r["kind"] == "hand")
    print(f"500 players, 125 tables, {hands} hands logged at the end")
    print(f"{'step':<42} {'median ms':>10} {'p95 ms':>8} {'n':>5}")
    for name, median, p95, n in rows:
        print(f"{name:<42} {median:>10} {p95:>8} {n:>5}")


if __name__ == "__main__":
    main()

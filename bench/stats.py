"""Statistics at 500 players: from the open state, and brought up to date after one hand.

Builds the 500-player event of `bench/big_event.py` (18,000 hands logged, round 13 under way),
opens it and folds it (what opening the console costs), then times `stats_from_state` on that
state, and `stats_update` after each of `--hands` hands recorded through
`events.commands.record_line` at the tables of the current round (the state before and after
the hand, as the console has them). Also timed: the awards from the stats, one player's numbers
alone (`player_tally`: F3's history, a card, a site page), one player's hand list
(`player_hands`: the stats screen's Enter) and one round's numbers (`round_numbers`: the
projector between rounds).

Run from the repository's root: `.venv/bin/python -m bench.stats [--hands 100]`.
Targets (issue 24): stats from the open state under 200 ms; updated after a hand under 5 ms.
Informational only: no threshold is asserted here or in the tests.
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
from mjevent.core.awards import awards_of
from mjevent.core.notation import EntryContext, HandLine, format_entry
from mjevent.core.state import EventState
from mjevent.core.stats import (
    player_hands,
    player_tally,
    round_numbers,
    stats_from_state,
    stats_update,
)
from mjevent.events import commands
from mjevent.events.session import EventSession


def _open_table(state: EventState) -> int:
    rnd = state.current_round
    for t in range(1, len(state.seating[rnd]) + 1):
        game = state.game(rnd, t)
        if game is None or game.result is None:
            return t
    raise SystemExit("no table left to play in the current round")


def _time(fn: Callable[[], object], repeat: int) -> tuple[list[float], list[float]]:
    wall, cpu = [], []
    for _ in range(repeat):
        w, c = time.perf_counter(), time.process_time()
        fn()
        cpu.append((time.process_time() - c) * 1000)
        wall.append((time.perf_counter() - w) * 1000)
    return wall, cpu


def _ms(wall: list[float], cpu: list[float]) -> tuple[str, str, str, str]:
    return (
        f"{statistics.median(wall):.2f}",
        f"{min(wall):.2f}",
        f"{statistics.median(cpu):.2f}",
        f"{max(wall):.2f}",
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=10)
    args = parser.parse_args()
    rows: list[tuple[str, str, str, str, str, int]] = []
    with tempfile.TemporaryDirectory(dir=Path.cwd()) as folder:
        path = make_big_event(Path(folder) / "big.toml")
        store = EventSession.open(path)
        state = commands.current_state(store)
        hands = sum(len(g.hands) for g in state.games.values())
        stats = stats_from_state(state)  # warm once, as the console would on opening
        wall, cpu = _time(lambda: stats_from_state(state), args.repeat)
        rows.append(("stats_from_state (open state)", *_ms(wall, cpu), args.repeat))
        wall, cpu = _time(lambda: awards_of(state, stats), args.repeat)
        rows.append(("awards_of (from the stats)", *_ms(wall, cpu), args.repeat))
        someone = next(iter(state.players))
        wall, cpu = _time(lambda: player_tally(state, someone), args.repeat)
        rows.append(("player_tally (one player)", *_ms(wall, cpu), args.repeat))
        wall, cpu = _time(lambda: player_hands(state, someone), args.repeat)
        rows.append(("player_hands (one player)", *_ms(wall, cpu), args.repeat))
        last = state.current_round - 1
        wall, cpu = _time(lambda: round_numbers(state, last), args.repeat)
        rows.append(("round_numbers (one round)", *_ms(wall, cpu), args.repeat))
        rng = random.Random(24)
        up_wall: list[float] = []
        up_cpu: list[float] = []
        for _ in range(args.hands):
            context = EntryContext(round=state.current_round)
            line = format_entry(
                HandLine(state.current_round, _open_table(state), random_hand(rng)), context
            )
            before = state
            state = commands.record_line(store, line)
            w, c = time.perf_counter(), time.process_time()
            updated = stats_update(stats, before, state)
            up_cpu.append((time.process_time() - c) * 1000)
            up_wall.append((time.perf_counter() - w) * 1000)
            stats = updated
        rows.append(("stats_update after one hand", *_ms(up_wall, up_cpu), len(up_wall)))
        fresh = stats_from_state(state)
        same = fresh.players == stats.players and fresh.field == stats.field
    print(f"500 players, {hands:,} hands in the open state; times in ms")
    print(f"{'what':<34} {'median':>8} {'best':>8} {'cpu med':>8} {'worst':>8} {'runs':>5}")
    for name, med, best, cpu_med, worst, runs in rows:
        print(f"{name:<34} {med:>8} {best:>8} {cpu_med:>8} {worst:>8} {runs:>5}")
    print(f"updated stats equal a fresh count after {args.hands} hands: {same}")


if __name__ == "__main__":
    main()

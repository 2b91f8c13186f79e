"""Seating an event mid-way: how long `mjevent seat --from-round` takes and what it costs.

    .venv/bin/python bench/seating_event.py [PLAYERS ...]      (default: 28 56 100 200)

For each size: seat R rounds (R = the repeat-free bound, at most 9), finish rounds 1 and 2,
withdraw one player and add two late arrivals, then re-seat rounds 3..R through
`plan.regenerated_plan`. Prints the seconds of the first seating, of each re-seat and of
`verify_seating`, with the new repeated pairs and the wind spread of each re-seat. Timings are
wall-clock on this machine; the plans themselves are deterministic.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from mjevent.core.seating.event_plans import plan_cost
from mjevent.core.seating.event_state import active_roster
from mjevent.core.seating.generate import upper_bound
from mjevent.core.seating.plan import generated_plan, regenerated_plan
from mjevent.events.commands import add_player, current_state, record_final, withdraw_player
from mjevent.events.seating import verify_seating, write_plan
from mjevent.events.session import EventSession
from mjevent.events.store import EventStore

FINAL = [45000, 35000, 25000, 15000]


def run(players: int, folder: Path) -> str:
    rows = [{"id": f"p{i:03d}", "name": f"Player {i}"} for i in range(1, players + 1)]
    store = EventSession(EventStore.create(
        folder / f"bench{players}.toml",
        {"event": {"name": "Bench", "format_version": 1}, "rules": {"preset": "ema2016"},
         "players": rows},
    ))
    rounds = min(9, upper_bound(players, 4))
    t0 = time.perf_counter()
    write_plan(store, generated_plan(active_roster(current_state(store)), 4, rounds, "bench"))
    first = time.perf_counter() - t0
    for rnd in (1, 2):
        for table in range(1, players // 4 + 1):
            record_final(store, rnd, table, FINAL)
    cells = [f"{players:>7} {rounds:>6} {first:>8.2f}"]
    for change in ("withdraw", "late"):
        if change == "withdraw":
            withdraw_player(store, "p005", 3)
        else:
            add_player(store, "late1", "Late One")
            add_player(store, "late2", "Late Two")
        state = current_state(store)
        t0 = time.perf_counter()
        plan = regenerated_plan(active_roster(state), 4, state.seating, 3, rounds, "bench")
        took = time.perf_counter() - t0
        cost = plan_cost(state, plan)
        write_plan(store, plan)
        cells.append(f"{took:>8.2f} {len(cost.new_repeats):>4} {cost.wind_spread:>4}")
    t0 = time.perf_counter()
    verified = verify_seating(store)
    assert all(v.matches for v in verified)
    cells.append(f"{time.perf_counter() - t0:>8.2f}")
    return "  ".join(cells)


def main(argv: list[str]) -> None:
    """Print one row per size."""
    sizes = [int(a) for a in argv] or [28, 56, 100, 200]
    print("players rounds  seat(s)  withdraw(s) rep wind  late+2(s) rep wind  verify(s)")
    with tempfile.TemporaryDirectory() as tmp:
        for players in sizes:
            print(run(players, Path(tmp)), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])

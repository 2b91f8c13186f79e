"""A re-seat on top of a re-seat with byes keeps the plan's byes (core.seating.plan)."""

from __future__ import annotations

from pathlib import Path

from mjevent.core.seating.event_plans import plan_cost, plan_generated, plan_regeneration
from mjevent.core.seating.event_state import reseat_needed
from mjevent.events.commands import current_state, record_final, withdraw_player
from mjevent.events.seating import write_plan
from mjevent.events.store import EventStore


def played_then_withdrawn(
    path: Path, ids: list[str], rounds: int, played: int, gone: str
) -> EventStore:
    """`ids` seated for `rounds` rounds, rounds 1..`played` finished at every table, and
    `gone` withdrawn from the round after; the store."""
    EventStore.create(path, {
        "event": {"name": "Twice", "format_version": 1},
        "rules": {"preset": "ema2016"},
        "players": [{"id": p, "name": f"Player {p}"} for p in ids],
    })
    store = EventStore.open(path)
    write_plan(store, plan_generated(current_state(store), rounds, seed="x"))
    for rnd in range(1, played + 1):
        for table in range(1, len(ids) // 4 + 1):
            record_final(store, rnd, table, [40000, 30000, 28000, 22000])
    withdraw_player(store, gone, played + 1, "ill")
    return store


def test_re_seating_a_re_seat_with_byes_changes_nothing(tmp_path: Path) -> None:
    # GIVEN 28 players seated for 7 rounds, rounds 1-2 played, p05 withdrawn from round 3,
    # and rounds 3-7 re-seated with 3 byes a round (p05's table-mates sit out)
    ids = [f"p{i:02d}" for i in range(1, 29)]
    store = played_then_withdrawn(tmp_path / "e.toml", ids, rounds=7, played=2, gone="p05")
    first = plan_regeneration(current_state(store), 3, byes=True)
    assert plan_cost(current_state(store), first).new_repeats == ()
    write_plan(store, first)
    # WHEN the director re-seats from round 3 again
    state = current_state(store)
    again = plan_regeneration(state, 3, byes=True)
    cost = plan_cost(state, again)
    # THEN the same players sit out and the plan stands as it was: no new repeated pair
    # (choosing the byes afresh broke other tables: 3 new repeated pairs, 4 s of search)
    assert again.rounds == first.rounds
    assert cost.new_repeats == ()
    assert [len(b) for b in cost.byes] == [3, 3, 3, 3, 3]
    assert all("p05" not in b for b in cost.byes)


def test_byes_the_director_accepted_leave_nothing_to_re_seat(tmp_path: Path) -> None:
    # GIVEN 8 players seated for 2 rounds, round 1 played, p7 withdrawn from round 2 and round
    # 2 re-seated with byes (one table, three players sit out)
    ids = [f"p{i}" for i in range(1, 9)]
    store = played_then_withdrawn(tmp_path / "day.toml", ids, rounds=2, played=1, gone="p7")
    plan = plan_regeneration(current_state(store), 2, byes=True)
    write_plan(store, plan)
    state = current_state(store)
    byes = plan_cost(state, plan).byes
    # WHEN the console asks whether the seating still fits the players
    # THEN it does: the three players sitting out were planned to (the console said "not
    # seated in rounds 2-2: ..." for them, though `check` was clean)
    assert [len(b) for b in byes] == [3]
    assert len(state.seating[2]) == 1
    assert reseat_needed(state) is None

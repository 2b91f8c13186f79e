"""Seating an event mid-way (`core/seating/event_plans.py`, `events/seating.py`,
`core/seating/plan.py`): rounds played stay, the rest is re-seated around a withdrawal or late
arrivals with no new repeated pair."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from mjevent.core.seating.event_plans import plan_cost
from mjevent.core.seating.event_state import active_roster
from mjevent.core.seating.plan import generated_plan, new_repeats, regenerated_plan
from mjevent.events.commands import add_player, current_state, record_final, withdraw_player
from mjevent.events.seating import verify_seating, write_plan
from mjevent.events.store import EventStore

FINAL = [45000, 35000, 25000, 15000]


@pytest.fixture(scope="module")
def played_two_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """28 players seated for 7 rounds, rounds 1 and 2 finished: written once for the module
    (the draw and the fourteen results are the same every time), read only."""
    players = [{"id": f"p{i:02d}", "name": f"Player {i}"} for i in range(1, 29)]
    store = EventStore.create(
        tmp_path_factory.mktemp("played_two") / "open.toml",
        {"event": {"name": "Open", "format_version": 1}, "rules": {"preset": "ema2016"},
         "players": players},
    )
    state = current_state(store)
    write_plan(store, generated_plan(active_roster(state), 4, 7, "Open draw"))
    for rnd in (1, 2):
        for table in range(1, 8):
            record_final(store, rnd, table, FINAL)
    return store.path


@pytest.fixture
def played_two(played_two_file: Path, tmp_path: Path) -> EventStore:
    """A copy of `played_two_file` of this test's own, opened."""
    return EventStore.open(Path(shutil.copyfile(played_two_file, tmp_path / "open.toml")))


def test_withdrawal_after_round_two_keeps_the_played_rounds_and_adds_no_repeat(
    played_two: EventStore,
) -> None:
    before = current_state(played_two)
    withdraw_player(played_two, "p05", 3)
    state = current_state(played_two)
    plan = regenerated_plan(active_roster(state), 4, state.seating, 3, 7, "Open draw")
    cost = plan_cost(state, plan)
    assert cost.new_repeats == ()
    assert (cost.wind_spread, cost.wind_violations) == (1, 0)
    # 27 players: 3 sit out each round, 15 different players, each once.
    outs = [b for b in cost.byes]
    assert [len(b) for b in outs] == [3, 3, 3, 3, 3]
    assert len({p for b in outs for p in b}) == 15
    after = write_plan(played_two, plan)
    assert [after.seating[r] for r in (1, 2)] == [before.seating[r] for r in (1, 2)]
    assert all("p05" not in t for r in range(3, 8) for t in after.seating[r])
    assert [len(after.seating[r]) for r in range(1, 8)] == [7, 7, 6, 6, 6, 6, 6]
    assert new_repeats([], [after.seating[r] for r in range(1, 8)]) == []
    assert not [p for p in after.problems if "still seated" in p.message]
    assert [v.matches for v in verify_seating(played_two)] == [True, True]


def test_two_late_arrivals_are_seated_from_round_three(played_two: EventStore) -> None:
    add_player(played_two, "p29", "Late One")
    add_player(played_two, "p30", "Late Two")
    state = current_state(played_two)
    plan = regenerated_plan(active_roster(state), 4, state.seating, 3, 7, "Open draw")
    cost = plan_cost(state, plan)
    # 30 players: 2 sit out each round; the late arrivals, two games behind, never do.
    assert [len(b) for b in cost.byes] == [2, 2, 2, 2, 2]
    assert not {"p29", "p30"} & {p for b in cost.byes for p in b}
    assert cost.new_repeats == ()
    assert cost.wind_spread == 1
    after = write_plan(played_two, plan)
    for rnd in range(3, 8):
        seated = {p for t in after.seating[rnd] for p in t}
        assert {"p29", "p30"} <= seated
        assert len(seated) == 28
    assert [v.matches for v in verify_seating(played_two)] == [True, True]


def test_reseat_needed_names_what_a_change_breaks(played_two: EventStore) -> None:
    from mjevent.core.seating.event_state import reseat_needed

    assert reseat_needed(current_state(played_two)) is None
    withdraw_player(played_two, "p05", 3)
    state = add_player(played_two, "p29", "Late One")
    needed = reseat_needed(state)
    assert needed is not None
    assert (needed.from_round, needed.last_round, needed.unseated) == (3, 7, ("p29",))
    assert [(p, r) for p, r, _ in needed.gone] == [("p05", r) for r in range(3, 8)]
    write_plan(played_two, regenerated_plan(active_roster(state), 4, state.seating, 3, 7, "x"))
    assert reseat_needed(current_state(played_two)) is None

"""`core.finish`: the rounds an event plans, when a round and the event are finished, the round
the overview shows, the next round waiting for its clock, the podium and the reveal order."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from mjevent.core.finish import (
    FinalPlace,
    event_finished,
    final_places,
    next_round_waiting,
    planned_rounds,
    podium,
    reveal_order,
    revealed,
    round_finished,
    shown_round,
)
from mjevent.core.settings import settings_from_dict
from mjevent.events import commands
from mjevent.events.session import EventSession
from mjevent.events.store import EventStore
from tests.event_end_helpers import event_file


def test_planned_rounds_come_from_event_rounds_else_the_last_stage() -> None:
    event: dict[str, Any] = {"name": "Cup", "format_version": 1}
    base: dict[str, Any] = {"event": event, "rules": {"preset": "ema2016"}}
    assert planned_rounds(settings_from_dict(base)) is None
    staged = {
        **base,
        "standings": {
            "stages": [
                {"name": "qualifying", "rounds": [1, 6], "advance": [8]},
                {"name": "final", "rounds": [7, 8]},
            ]
        },
    }
    assert planned_rounds(settings_from_dict(staged)) == 8
    both = {**staged, "event": {**event, "rounds": 9}}
    assert planned_rounds(settings_from_dict(both)) == 9


def test_a_finished_event_shows_its_last_round_and_its_final_places(tmp_path: Path) -> None:
    session = EventSession.open(event_file(tmp_path / "cup.toml"))
    state = session.state
    assert round_finished(state, 1) and round_finished(state, 2)
    assert not round_finished(state, 3)  # not seated
    assert event_finished(state)
    assert state.current_round == 3  # the round after the last seated one ...
    assert shown_round(state) == 2  # ... but the overview stays on the last planned round
    assert next_round_waiting(state) is None
    assert final_places(session.standings(state)) == (
        FinalPlace("1", "Ann", 70000.0),
        FinalPlace("2", "Ed", 40000.0),
        FinalPlace("3", "Cy", 15000.0),
        FinalPlace("4-5", "Bo", -5000.0),
        FinalPlace("4-5", "Gus", -5000.0),
        FinalPlace("6", "Flo", -25000.0),
        FinalPlace("7", "Di", -40000.0),
        FinalPlace("8", "Hal", -50000.0),
    )
    assert final_places(None) == ()  # standings that cannot be computed: no places


def test_an_event_without_planned_rounds_is_never_finished(tmp_path: Path) -> None:
    state = commands.current_state(EventStore.open(event_file(tmp_path / "cup.toml", rounds=None)))
    assert not event_finished(state)
    assert shown_round(state) == 3


def test_more_rounds_planned_than_seated_is_not_finished(tmp_path: Path) -> None:
    state = commands.current_state(EventStore.open(event_file(tmp_path / "cup.toml", rounds=3)))
    assert not event_finished(state)
    assert shown_round(state) == 3


def test_the_next_round_waits_for_its_clock_until_it_starts_or_a_game_begins(
    tmp_path: Path,
) -> None:
    store = EventStore.open(event_file(tmp_path / "cup.toml", played=1))
    state = commands.current_state(store)
    assert next_round_waiting(state) == 2
    started = commands.start_round(store, 2, at="2026-03-14T11:00:00+00:00")
    assert next_round_waiting(started) is None
    # A game recorded before the clock is started: the room has begun, nothing to offer.
    other = EventStore.open(event_file(tmp_path / "other.toml", played=1))
    begun = commands.record_line(other, "t1 draw tenpai:E", at="2026-03-14T11:00:00+00:00")
    assert next_round_waiting(begun) is None
    # Round 1 not finished: nothing waits.
    fresh = commands.current_state(EventStore.open(event_file(tmp_path / "f.toml", played=0)))
    assert next_round_waiting(fresh) is None


def test_the_latest_reveal_counts(tmp_path: Path) -> None:
    store = EventStore.open(event_file(tmp_path / "cup.toml"))
    assert revealed(commands.current_state(store)) == 0
    commands.reveal_prizes(store, 3)
    assert revealed(commands.reveal_prizes(store, 2)) == 2
    with pytest.raises(commands.CommandError, match="cannot reveal -1 places"):
        commands.reveal_prizes(store, -1)
    assert revealed(commands.current_state(store)) == 2


def test_podium_and_reveal_order_by_place_labels() -> None:
    rows = [
        FinalPlace("1", "Ann", 1.0),
        FinalPlace("2-3", "Bo", 0.0),
        FinalPlace("2-3", "Cy", 0.0),
        FinalPlace("4", "Di", -1.0),
    ]
    assert [p.name for p in podium(rows)] == ["Ann", "Bo", "Cy"]
    assert [p.name for p in podium(rows, last=1)] == ["Ann"]
    assert reveal_order(rows, 0) == ()
    assert [p.name for p in reveal_order(rows, 1)] == ["Di"]
    assert [p.name for p in reveal_order(rows, -4)] == []

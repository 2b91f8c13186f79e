"""The roll call: `check_in_player` appends a `player_checked_in` entry; the state shows it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from mjevent.core.entries import KINDS
from mjevent.core.state import fold_rule_missing
from mjevent.events import commands
from mjevent.events.commands import CommandError
from mjevent.events.store import EventStore

T = "2026-03-14T09:30:00+00:00"
SETTINGS: dict[str, Any] = {
    "event": {"name": "Cup", "format_version": 1},
    "rules": {"preset": "ema2016"},
    "players": [{"id": f"p{i}", "name": n} for i, n in
                enumerate(["Ana", "Ben", "Cai", "Dee", "Eli"], 1)],
}


@pytest.fixture
def store(tmp_path: Path) -> EventStore:
    return EventStore.create(tmp_path / "cup.toml", SETTINGS)


def test_every_entry_kind_has_a_fold_rule() -> None:
    assert "player_checked_in" in KINDS
    assert fold_rule_missing() == []


def test_check_in_and_absent_are_logged_and_shown_per_round(store: EventStore) -> None:
    # GIVEN Ana and Ben check in for round 1, Cai is marked absent
    commands.check_in_player(store, "p1", 1, entry_id="c1", at=T)
    commands.check_in_player(store, "p2", 1, at=T)
    state = commands.check_in_player(store, "p3", 1, present=False, at=T)
    # THEN the roll call of round 1 says so, and nobody else was called
    assert state.presence == {1: {"p1": True, "p2": True, "p3": False}}
    # WHEN Cai turns up after all, and Ana is absent for round 2
    commands.check_in_player(store, "p3", 1, at=T)
    state = commands.check_in_player(store, "p1", 2, present=False, at=T)
    # THEN the last call counts
    assert state.presence == {1: {"p1": True, "p2": True, "p3": True}, 2: {"p1": False}}
    # AND the file holds one entry per call, as docs/event-file.md shows them
    reopened = EventStore.open(store.path)
    assert [(r["kind"], r["player"], r["round"], r["present"]) for r in reopened.log] == [
        ("player_checked_in", "p1", 1, True),
        ("player_checked_in", "p2", 1, True),
        ("player_checked_in", "p3", 1, False),
        ("player_checked_in", "p3", 1, True),
        ("player_checked_in", "p1", 2, False),
    ]
    assert commands.current_state(reopened).presence == state.presence


def test_a_retried_check_in_records_once(store: EventStore) -> None:
    commands.check_in_player(store, "p1", 1, entry_id="c1", at=T)
    commands.check_in_player(store, "p1", 1, entry_id="c1", at=T)
    assert [r["id"] for r in store.log] == ["c1"]


def test_checking_in_an_unknown_player_is_refused(store: EventStore) -> None:
    with pytest.raises(CommandError) as caught:
        commands.check_in_player(store, "p99", 1, at=T)
    assert str(caught.value) == "unknown player 'p99' (nothing was recorded)"
    assert store.log == []


def test_the_story_tells_the_roll_call(store: EventStore) -> None:
    from mjevent.core.replay import tell_entry

    state = commands.check_in_player(store, "p2", 3, present=False, entry_id="c9", at=T)
    assert [e.text for e in tell_entry(state, "c9")] == ["Ben is absent for round 3"]

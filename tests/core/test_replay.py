"""The replayed story: every hand with its payments, every result, corrections and problems."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from mjevent.core.entry_reader import read_log
from mjevent.core.replay import Story, replay, tell_entry
from mjevent.core.settings import EventSettings, settings_from_dict
from mjevent.core.state import fold
from mjevent.core.state_standings import standings_from_state
from mjevent.events import commands
from mjevent.events.session import EventSession
from mjevent.events.store import EventStore

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
T = "2026-03-14T10:00:00+00:00"
SETTINGS: dict[str, Any] = {
    "event": {"name": "Cup", "format_version": 1},
    "rules": {"preset": "ema2016"},
    "players": [
        {"id": "p1", "name": "Tanaka Yūki"},
        {"id": "p2", "name": "Kim Min-jun"},
        {"id": "p3", "name": "Sánchez Ana"},
        {"id": "p4", "name": "Sato Kenji"},
    ],
    "seating": {
        "rounds": [
            {"round": 1, "tables": [["p1", "p2", "p3", "p4"]]},
            {"round": 2, "tables": [["p4", "p3", "p2", "p1"]]},
        ]
    },
}


@pytest.fixture
def store(tmp_path: Path) -> EventStore:
    store = EventStore.create(tmp_path / "cup.toml", SETTINGS)
    commands.start_round(store, 1, entry_id="S1", at=T)
    commands.record_line(store, "t1 ron S<-W 3/30 r:E,S", entry_id="H1", at=T)
    commands.record_line(store, "t1 tsumo N 4/30", entry_id="H2", at=T)
    commands.correct_entry(store, "H2", "wrong table", entry_id="C1", at=T)
    commands.record_line(store, "t1 final 29000 34900 26100 30000", entry_id="F1", at=T)
    commands.record_line(store, "r2 t1 final 40000 30000 30000 20000", entry_id="F2", at=T)
    return store


def _story(store: EventStore, until: int | None = None) -> Story:
    session = EventSession(store)
    return replay(
        session.state, store.log, session.entries, session.standings, until=until,
        warnings=store.warnings,
    )


def _replay_records(settings: EventSettings, records: list[dict[str, Any]]) -> Story:
    """The story of a log given as records (read and folded as a session does)."""
    entries, problems = read_log(records)
    state = fold(settings, entries, problems=problems)
    return replay(state, records, entries, lambda: standings_from_state(state, None, entries))


def test_story_tells_each_entry_in_log_order(store: EventStore) -> None:
    story = _story(store)
    assert story.clean
    assert [e.text for e in story.events] == [
        "round 1 starts",
        "r1 t1 ron S<-W 3/30 r:E,S          East 1, 0 honba    Tanaka Yūki -1,000  "
        "Kim Min-jun +4,900  Sánchez Ana -3,900  ->  29,000 / 34,900 / 26,100 / 30,000",
        "(hand H2 voided)",
        "correction: voids H2 (hand): wrong table",
        "r1 t1 game over (East 2, 0 honba: director): 1. Kim Min-jun 34,900 (+19.9), "
        "2. Sato Kenji 30,000 (+5.0), 3. Tanaka Yūki 29,000 (-6.0), 4. Sánchez Ana 26,100 "
        "(-18.9)",
        "standings after round 1:\n"
        "      1  Kim Min-jun                 +19.9\n"
        "      2  Sato Kenji                   +5.0\n"
        "      3  Tanaka Yūki                  -6.0\n"
        "      4  Sánchez Ana                 -18.9",
        "r2 t1 game over: 1. Sato Kenji 40,000 (+25.0), 2. Sánchez Ana 30,000 (0.0), "
        "2. Kim Min-jun 30,000 (0.0), 4. Tanaka Yūki 20,000 (-25.0)",
        "standings after round 2:\n"
        "      1  Sato Kenji                  +30.0\n"
        "      2  Kim Min-jun                 +19.9\n"
        "      3  Sánchez Ana                 -18.9\n"
        "      4  Tanaka Yūki                 -31.0",
    ]


def test_story_data_gives_payments_and_results(store: EventStore) -> None:
    events = _story(store).events
    assert events[1].data == {
        "type": "hand",
        "entry": "H1",
        "round": 1,
        "table": 1,
        "hand_number": 1,
        "label": "East 1, 0 honba",
        "line": "r1 t1 ron S<-W 3/30 r:E,S",
        "players": ["p1", "p2", "p3", "p4"],
        "deltas": [-1000, 4900, -3900, 0],
        "payments": [
            {"from": "E", "to": None, "amount": 1000, "kind": "riichi"},
            {"from": "S", "to": None, "amount": 1000, "kind": "riichi"},
            {"from": "W", "to": "S", "amount": 3900, "kind": "hand"},
            {"from": None, "to": "S", "amount": 2000, "kind": "deposits"},
        ],
        "scores": [29000, 34900, 26100, 30000],
        "deposits": 0,
    }
    assert events[4].data == {
        "type": "game",
        "entry": "F1",
        "round": 1,
        "table": 1,
        "players": ["p1", "p2", "p3", "p4"],
        "final": [29000, 34900, 26100, 30000],
        "places": [3, 1, 4, 2],
        "uma": [-5000, 15000, -15000, 5000],
        "penalties": [0, 0, 0, 0],
        "points": [-6000, 19900, -18900, 5000],
        "end": "director",
    }


def test_until_leaves_later_rounds_out(store: EventStore) -> None:
    story = _story(store, until=1)
    assert [e.round for e in story.events] == [1, 1, 1, 1, 1, 1]
    assert story.events[-1].text.startswith("standings after round 1:")


def test_a_problem_is_told_where_it_happens_and_the_story_is_not_clean(
    store: EventStore,
) -> None:
    # A record a script appended without the command's checks: table 5 does not exist.
    store.append({"id": "BAD", "at": T, "kind": "hand", "round": 1, "table": 5,
                  "outcome": "draw", "riichi": []})
    store.append({"id": "ODD", "at": T, "kind": "hand", "round": 1, "table": 1,
                  "outcome": "ronn"})
    story = _story(store)
    assert not story.clean
    assert [e.text for e in story.events if e.type == "problem"] == [
        "!! entry BAD: there is no table 5 in round 1 (it has tables 1 to 1)",
        "!! entry ODD: log entry 'ODD' (hand): field 'outcome' must be one of ron, tsumo, draw, "
        "abortive, chombo, got 'ronn'; did you mean 'ron'?; skipped",
    ]
    assert [p.entry for p in story.problems] == ["BAD", "ODD"]
    # Left out by --until 0: nothing of round 1 is replayed.
    assert _story(store, until=0).problems == ()


def test_tell_entry_gives_one_entry_story(store: EventStore) -> None:
    state = commands.current_state(store)
    assert [e.text for e in tell_entry(state, "S1")] == ["round 1 starts"]
    assert tell_entry(state, "H2") == []
    assert [e.type for e in tell_entry(state, "H1")] == ["hand"]


@pytest.mark.parametrize(("name", "games", "hands"), [("club", 12, 146), ("sanma", 6, 60),
                                                      ("league", 36, 0)])
def test_every_sample_replays_cleanly(name: str, games: int, hands: int) -> None:
    text = (SAMPLES / f"{name}.toml").read_text(encoding="utf-8")
    # Replay reads only: parse the file as the store does, without opening it for writing.
    doc = tomllib.loads(text)
    records = doc.pop("log")
    story = _replay_records(settings_from_dict(doc), records)
    assert story.clean, [p.message for p in story.problems]
    assert sum(1 for e in story.events if e.type == "game") == games
    assert sum(1 for e in story.events if e.type == "hand") == hands

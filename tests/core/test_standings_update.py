"""`standings_update`: the standings after a game ends, from the standings before it."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

from mjevent.core.standings.compute import Standings
from mjevent.core.state_standings import standings_from_state, standings_update
from mjevent.events import commands
from mjevent.events.session import EventSession
from mjevent.events.store import EventStore

SAMPLES = Path(__file__).parents[2] / "samples"
T = "2026-03-14T17:00:00+00:00"


def _rows(standings: Standings) -> list[tuple[str, str, float]]:
    return [(r.place_label, r.player, r.total) for r in standings.rows]


def test_a_game_ending_updates_the_standings_as_a_full_computation_does(
    tmp_path: Path,
) -> None:
    store = EventSession(EventStore.open(shutil.copy(SAMPLES / "club.toml", tmp_path)))
    before = commands.current_state(store)
    standings = standings_from_state(before)
    # A hand changes no standings; a score sheet ends table 3 of round 4.
    hand = commands.record_line(store, "t1 ron S<-W 3/30", at=T)
    assert standings_update(standings, before, hand) is standings
    after = commands.record_line(store, "t3 final 41200 28800 22100 27900", at=T)
    updated = standings_update(standings, hand, after)
    assert _rows(updated) == _rows(standings_from_state(after))
    # Round 4 table 3 seats p09 p01 p02 p03 (E S W N). Aoife Ní Bhriain (p09, East) won it:
    # +11.2 and the uma's +15 on top of her total; Sophie Müller (p02, West) came last.
    old = {r.player: r.total for r in standings.rows}
    new = {r.player: r.total for r in updated.rows}
    assert new["p09"] - old["p09"] == 26200
    assert new["p02"] - old["p02"] == -22900


def test_a_penalty_or_an_undone_game_computes_the_standings_afresh(tmp_path: Path) -> None:
    store = EventSession(EventStore.open(shutil.copy(SAMPLES / "club.toml", tmp_path)))
    before = commands.record_line(store, "t3 final 41200 28800 22100 27900", entry_id="F", at=T)
    standings = standings_from_state(before)
    fined = commands.add_penalty(store, "p13", 5000, "late", at=T)
    with_fine = standings_update(standings, before, fined)
    assert _rows(with_fine) == _rows(standings_from_state(fined))
    assert dict((r.player, r.total) for r in with_fine.rows)["p13"] == (
        dict((r.player, r.total) for r in standings.rows)["p13"] - 5000
    )
    undone = commands.correct_entry(store, "F", "wrong table", at=T)
    assert _rows(standings_update(with_fine, fined, undone)) == _rows(
        standings_from_state(undone)
    )


def test_closing_a_game_its_last_hand_ended_keeps_the_standings(tmp_path: Path) -> None:
    # A game that ends with a hand has its result then; the `game_finished` entry closing it
    # afterwards changes no total, so the standings are kept, not computed afresh.
    session = EventSession(EventStore.open(shutil.copy(SAMPLES / "club.toml", tmp_path)))
    before = commands.record_line(session, "t3 final 41200 28800 22100 27900", at=T)
    standings = standings_from_state(before)
    key, game = next((k, g) for k, g in before.games.items() if g.result is not None)
    assert game.result is not None
    closed = dataclasses.replace(game, finished="G-later")
    after = dataclasses.replace(before, games={**before.games, key: closed})
    assert standings_update(standings, before, after) is standings
    # A result that changed is still read afresh.
    other = dataclasses.replace(game, result=dataclasses.replace(game.result))
    changed = dataclasses.replace(before, games={**before.games, key: other})
    assert standings_update(standings, before, changed) is not standings

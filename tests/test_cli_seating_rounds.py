"""Ranked and Swiss rounds, a two-stage event with a cut, swaps and the wrong-winds repair,
through `mjevent seat` and `mjevent seating` (CliRunner)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from mjevent.core.seating.plan import new_repeats
from mjevent.core.state_standings import standings_from_state
from mjevent.events.commands import current_state, record_final, record_line
from mjevent.events.store import EventStore
from mjevent.tui.cli.main import app

from .test_cli_seating import make_event, seating_entries

runner = CliRunner()


@pytest.fixture
def two_rounds(tmp_path: Path) -> Path:
    """28 players, rounds 1-2 seated and finished with scores that spread the standings."""
    event = make_event(tmp_path / "rk.toml")
    assert runner.invoke(app, ["seat", str(event), "--rounds", "2", "--seed", "rk"]).exit_code == 0
    store = EventStore.open(event)
    for rnd in (1, 2):
        for t in range(1, 8):
            final = (
                [45000 - 100 * t, 35000 + 100 * t, 25000, 15000]
                if rnd == 1
                else [15000, 25000, 35000 + 100 * t, 45000 - 100 * t]
            )
            record_final(store, rnd, t, final)
    return event


def test_ranked_final_round_seats_the_standings_in_fours(two_rounds: Path) -> None:
    order = standings_from_state(current_state(EventStore.open(two_rounds))).order()
    result = runner.invoke(app, ["seat", str(two_rounds), "--ranked", "--yes"])
    assert result.exit_code == 0, result.output
    [_, entry] = seating_entries(two_rounds)
    assert (entry["method"], entry["first_round"]) == ("ranked", 3)
    assert entry["params"]["standings"] == " ".join(order)
    tables = entry["rounds"][0]
    assert [sorted(t) for t in tables] == [sorted(order[i:i + 4]) for i in range(0, 28, 4)]
    verify = runner.invoke(app, ["seating", "verify", str(two_rounds)])
    assert verify.stdout.splitlines()[-1].endswith("ranked: rounds 3-3: recomputed, identical [OK]")


def test_swiss_round_avoids_the_repeats_a_ranked_round_makes(two_rounds: Path) -> None:
    state = current_state(EventStore.open(two_rounds))
    before = [state.seating[1], state.seating[2]]
    ranked = runner.invoke(app, ["seat", str(two_rounds), "--ranked", "--dry-run"])
    assert "new repeated pairs: 7 " in ranked.stdout
    swiss = runner.invoke(app, ["seat", str(two_rounds), "--swiss", "--yes"])
    assert swiss.exit_code == 0, swiss.output
    assert "new repeated pairs: 0" in swiss.stdout
    entry = seating_entries(two_rounds)[-1]
    assert entry["method"] == "swiss"
    rnd = tuple(tuple(t) for t in entry["rounds"][0])
    assert new_repeats(before, [rnd]) == []
    # Similar standings together: the top table holds the leader and three of the top eight.
    order = entry["params"]["standings"].split()
    assert order[0] in rnd[0]
    assert all(order.index(p) < 8 for p in rnd[0])
    verify = runner.invoke(app, ["seating", "verify", str(two_rounds)])
    assert verify.stdout.splitlines()[-1].endswith("swiss: rounds 3-3: recomputed, identical [OK]")


def stage_event(folder: Path) -> Path:
    """16 players; a qualifying stage (rounds 1-2, seated with the draw text "q") played, the
    top 8 go to the final (rounds 3-4)."""
    players: list[dict[str, Any]] = [
        {"id": f"p{i:02d}", "name": f"Player {i}"} for i in range(1, 17)
    ]
    path = folder / "stages.toml"
    EventStore.create(path, {
        "event": {"name": "Stage Cup", "format_version": 1},
        "rules": {"preset": "ema2016"},
        "players": players,
        "standings": {"stages": [
            {"name": "qualifying", "rounds": [1, 2], "advance": [8]},
            {"name": "final", "rounds": [3, 4]},
        ]},
    })
    assert runner.invoke(app, ["seat", str(path), "--rounds", "2", "--seed", "q"]).exit_code == 0
    store = EventStore.open(path)
    for rnd in (1, 2):
        for t in range(1, 5):
            record_final(store, rnd, t, [45000 + 100 * t, 35000 - 100 * t, 25000, 15000])
    return path


def test_two_stage_event_seats_the_cut(tmp_path: Path) -> None:
    path = stage_event(tmp_path)
    top8 = standings_from_state(current_state(EventStore.open(path))).next_stage()[0]
    result = runner.invoke(app, ["seat", str(path), "--next-stage", "--yes"])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == "stage final: rounds 3-4, brackets A: 8 players"
    entry = seating_entries(path)[-1]
    assert (entry["method"], entry["first_round"]) == ("stage", 3)
    assert entry["params"]["stage"] == "final"
    assert entry["params"]["brackets"] == " ".join(top8)
    for rnd in entry["rounds"]:
        assert sorted(p for t in rnd for p in t) == sorted(top8)
    verify = runner.invoke(app, ["seating", "verify", str(path)])
    assert verify.stdout.count("[OK]") == 2


def test_swap_shows_the_consequences_then_swaps(two_rounds: Path) -> None:
    runner.invoke(app, ["seat", str(two_rounds), "--swiss", "--yes"])
    state = current_state(EventStore.open(two_rounds))
    t1, t2 = state.seating[3][0], state.seating[3][1]
    shown = runner.invoke(
        app, ["seating", "swap", str(two_rounds), "3", t1[0], t2[0]], input="n\n"
    )
    assert shown.exit_code == 1
    lines = shown.stdout.splitlines()
    assert lines[0].startswith(f"round 3 table 1: E {state.name(t2[0])}  S {state.name(t1[1])}")
    assert lines[2].startswith("repeated pairs created: ")
    assert lines[-1] == "nothing written"
    done = runner.invoke(app, ["seating", "swap", str(two_rounds), "3", t1[0], t2[0], "--yes"])
    assert done.exit_code == 0, done.output
    after = current_state(EventStore.open(two_rounds)).seating[3]
    assert after[0][0] == t2[0] and after[1][0] == t1[0]
    # Repeats a confirmed swap makes are accepted: the check passes.
    assert runner.invoke(app, ["seating", "check", str(two_rounds)]).exit_code == 0
    played = runner.invoke(app, ["seating", "swap", str(two_rounds), "1", t1[0], t2[0], "--yes"])
    assert played.exit_code == 1
    assert played.stderr.startswith("error: round 1 table ")
    assert "already has results: seats are swapped before a table plays" in played.stderr


def test_reseat_reapplies_the_hands_under_the_real_winds(tmp_path: Path) -> None:
    event = make_event(tmp_path / "winds.toml", 8)
    store = EventStore.open(event)
    from mjevent.events.commands import set_seating

    set_seating(store, 1, [[["p01", "p02", "p03", "p04"], ["p05", "p06", "p07", "p08"]]])
    record_line(store, "t1 ron S<-W 3/30")  # planned S = p02 wins from W = p03
    before = current_state(store).game(1, 1)
    assert before is not None and before.state is not None
    assert before.state.scores == (30000, 33900, 26100, 30000)
    count = len(store.log)
    # p01 and p02 sat the other way round: p02 was East, the dealer, so the win pays more.
    result = runner.invoke(
        app, ["seating", "reseat", str(event), "1", "1", "p02", "p01", "p03", "p04", "--yes"]
    )
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[1:4] == [
        "1 hands re-applied under the real seats",
        "scores now:   Player 1 30000  Player 2 33900  Player 3 26100  Player 4 30000",
        "after reseat: Player 2 35800  Player 1 30000  Player 3 24200  Player 4 30000",
    ]
    after = EventStore.open(event)
    assert len(after.log) == count + 1 and after.log[-1]["kind"] == "table_reseated"
    game = current_state(after).game(1, 1)
    assert game is not None and game.state is not None
    assert (game.seats, game.state.scores) == (("p02", "p01", "p03", "p04"),
                                                (35800, 30000, 24200, 30000))
    assert len(game.hands) == 1
    wrong = runner.invoke(
        app, ["seating", "reseat", str(event), "1", "1", "p05", "p01", "p03", "p04", "--yes"]
    )
    assert wrong.exit_code == 1
    assert wrong.stderr == (
        "error: round 1 table 1 seats p02 p01 p03 p04; give the same players in the order they "
        "sat (E S W N)\n"
    )

"""`mjevent player FILE ...` and `mjevent seat FILE --from-round N` through CliRunner."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from mjevent.core.player_ids import new_player_id
from mjevent.events.commands import current_state, record_final
from mjevent.events.store import EventStore
from mjevent.tui.cli.main import app

from .test_cli_seating import make_event, seating_entries

runner = CliRunner()


@pytest.fixture
def after_two(tmp_path: Path) -> Path:
    event = make_event(tmp_path / "open.toml")
    seated = runner.invoke(app, ["seat", str(event), "--rounds", "7", "--seed", "draw"])
    assert seated.exit_code == 0
    store = EventStore.open(event)
    for rnd in (1, 2):
        for table in range(1, 8):
            record_final(store, rnd, table, [45000, 35000, 25000, 15000])
    return event


def test_withdraw_then_regenerate(after_two: Path) -> None:
    out = runner.invoke(app, ["player", str(after_two), "withdraw", "Player 5"])
    assert out.exit_code == 0, out.output
    lines = out.stdout.splitlines()
    assert lines[0] == "Player 5 (p05) withdrawn from round 3; results so far stay"
    # Five rounds seat p05 still: three are named, the rest counted.
    assert [line.split(" at round ")[0] for line in lines[1:4]] == [
        "seating: Player 5 (p05) withdrew but is still seated"
    ] * 3
    assert lines[4] == "seating: ... and 2 more seats like these"
    assert lines[-1] == (
        f"re-seat the rounds not yet played: mjevent seat {after_two} --from-round 3"
    )
    refused = runner.invoke(app, ["seat", str(after_two), "--from-round", "3"])
    assert refused.exit_code == 1
    assert "27 active players do not fill tables of 4: 3 would sit out each round" in (
        refused.stderr
    )
    declined = runner.invoke(app, ["seat", str(after_two), "--from-round", "3", "--byes"],
                             input="n\n")
    assert declined.exit_code == 1
    assert "new repeated pairs: 0" in declined.stdout
    assert "draw text: 'draw'" in declined.stdout
    assert declined.stdout.splitlines()[-1] == "nothing written"
    assert len(seating_entries(after_two)) == 1
    played = {r: current_state(EventStore.open(after_two)).seating[r] for r in (1, 2)}
    accepted = runner.invoke(app, ["seat", str(after_two), "--from-round", "3", "--byes"],
                             input="y\n")
    assert accepted.exit_code == 0, accepted.output
    assert accepted.stdout.splitlines()[-1] == f"seated rounds 3-7 in {after_two} (regenerated)"
    state = current_state(EventStore.open(after_two))
    assert {r: state.seating[r] for r in (1, 2)} == played
    assert state.clean
    check = runner.invoke(app, ["seating", "check", str(after_two)])
    assert check.exit_code == 0, check.output
    verify = runner.invoke(app, ["seating", "verify", str(after_two)])
    assert verify.stdout.count("[OK]") == 2


def test_regenerating_a_played_round_is_refused(after_two: Path) -> None:
    result = runner.invoke(app, ["seat", str(after_two), "--from-round", "2", "--yes"])
    assert result.exit_code == 1
    assert result.stderr == (
        f"error: {after_two}: round 2 already has results: re-seat from round 3 (results are "
        "never moved; a table that sat on other winds is re-seated on its own): mjevent seat "
        f"{after_two} --from-round 3\n"
    )


def test_add_two_late_arrivals(after_two: Path) -> None:
    first = runner.invoke(app, ["player", str(after_two), "add", "Late One"])
    assert first.stdout.splitlines()[0] == "added Late One as p29"
    assert first.stdout.splitlines()[1] == "seating: not seated in rounds 3-7: Late One (p29)"
    second = runner.invoke(app, ["player", str(after_two), "add", "Late Two", "--id", "late2"])
    assert second.stdout.splitlines()[0] == "added Late Two as late2"
    result = runner.invoke(app, ["seat", str(after_two), "--from-round", "3", "--byes", "--yes"])
    assert result.exit_code == 0, result.output
    state = current_state(EventStore.open(after_two))
    assert all({"p29", "late2"} <= {p for t in state.seating[r] for p in t} for r in range(3, 8))


def test_return_substitute_and_unknown_names(after_two: Path) -> None:
    runner.invoke(app, ["player", str(after_two), "withdraw", "p05", "--from-round", "4"])
    back = runner.invoke(app, ["player", str(after_two), "return", "p05"])
    assert back.stdout.splitlines()[0] == "Player 5 (p05) is back from round 3"
    sub = runner.invoke(app, ["player", str(after_two), "substitute", "7", "Anna", "Reserve"])
    assert sub.exit_code == 0, sub.output
    table = next(
        t for t, seats in enumerate(current_state(EventStore.open(after_two)).seating[3], 1)
        if "p07" in seats
    )
    assert sub.stdout.splitlines()[0] == (
        f"Anna Reserve plays for Player 7 (p07) in round 3 table {table}"
    )
    unknown = runner.invoke(app, ["player", str(after_two), "withdraw", "Nobody"])
    assert unknown.exit_code == 1
    assert unknown.stderr == (
        f"error: {after_two}: 'Nobody' is not a player of this event: give an id, a name or a "
        "number 1 to 28\n"
    )
    wrong = runner.invoke(app, ["player", str(after_two), "leave", "p01"])
    assert wrong.exit_code == 2
    assert wrong.stderr == (
        "error: unknown action 'leave': use one of add, withdraw, return, substitute, absent, "
        "present\n"
    )


def test_new_player_id_follows_the_event_pattern() -> None:
    assert new_player_id(["p01", "p02", "p28"]) == "p29"
    assert new_player_id(["ema-0099", "ema-0100"]) == "ema-0101"
    assert new_player_id(["ann", "bob"]) == "p3"


def test_absent_then_present(after_two: Path) -> None:
    state = current_state(EventStore.open(after_two))
    table = next(t for t, seats in enumerate(state.seating[3], 1) if "p09" in seats)
    out = runner.invoke(app, ["player", str(after_two), "absent", "Player 9"])
    assert out.exit_code == 0, out.output
    assert out.stdout.splitlines() == [
        "Player 9 (p09) marked absent for round 3",
        f"seating: Player 9 (p09) is seated at round 3 table {table}: a substitute plays the "
        f"seat (mjevent player {after_two} substitute p09 NAME --round 3), or withdraw them "
        f"and re-seat (mjevent seat {after_two} --from-round 3)",
    ]
    assert current_state(EventStore.open(after_two)).presence[3] == {"p09": False}
    back = runner.invoke(app, ["player", str(after_two), "present", "p09", "--round", "3"])
    assert back.stdout == "Player 9 (p09) checked in for round 3\n"
    assert current_state(EventStore.open(after_two)).presence[3] == {"p09": True}

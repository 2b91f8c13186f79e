"""`[event] rounds` from the command line: `new --rounds`, `seat FILE --rounds` when unset,
`event FILE --rounds`, and `check` on a finished event (the podium of the final standings)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from mjevent.events.store import EventStore
from mjevent.tui.cli.main import app
from tests.event_end_helpers import event_file

runner = CliRunner()


def finished_event(tmp_path: Path, *, rounds: int = 2, played: int = 2) -> Path:
    """The helpers' event as `cup.toml` in `tmp_path`."""
    return event_file(tmp_path / "cup.toml", rounds=rounds, played=played)


def test_new_rounds_writes_event_rounds_and_says_so(tmp_path: Path) -> None:
    path = tmp_path / "cup.toml"
    result = runner.invoke(
        app, ["new", str(path), "--name", "Cup", "--rules", "ema2016", "--rounds", "6"]
    )
    assert result.exit_code == 0, result.output
    assert result.output == (
        f"Created {path}: 'Cup', riichi, rules ema2016, 0 players.\n"
        "It plans 6 rounds.\n"
        f"Check it any time with: mjevent check {path}\n"
    )
    assert EventStore.open(path).event.event.rounds == 6
    assert "rounds = 6\n" in path.read_text(encoding="utf-8")


def test_new_refuses_rounds_out_of_range_naming_the_key(tmp_path: Path) -> None:
    path = tmp_path / "cup.toml"
    result = runner.invoke(
        app, ["new", str(path), "--name", "Cup", "--rules", "ema2016", "--rounds", "1000"]
    )
    assert result.exit_code == 1
    assert "event.rounds: expected 999 or fewer, got 1000" in result.stderr
    assert not path.exists()


def test_a_hand_written_rounds_out_of_range_names_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "cup.toml"
    path.write_text(
        '[event]\nname = "Cup"\nformat_version = 1\nrounds = 0\n\n[rules]\npreset = "ema2016"\n',
        encoding="utf-8",
    )
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1
    assert result.stderr.startswith(f"error: {path}:4: event.rounds: expected 1 or more, got 0")


def test_seat_sets_rounds_when_unset_and_keeps_it_when_set(tmp_path: Path) -> None:
    path = tmp_path / "open.toml"
    players = [{"id": f"p{i:02d}", "name": f"Player {i}"} for i in range(1, 17)]
    EventStore.create(
        path,
        {
            "event": {"name": "Open", "format_version": 1},
            "rules": {"preset": "ema2016"},
            "players": players,
        },
    )
    result = runner.invoke(app, ["seat", str(path), "--rounds", "4", "--seed", "x"])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == f"{path}: the event plans 4 rounds ([event] rounds)"
    store = EventStore.open(path)
    assert store.event.event.rounds == 4
    assert len(store.log) == 1  # the seating entry is kept byte for byte; no entry for the plan
    # Set already (by hand, or by `new --rounds`): seating does not change it.
    later = tmp_path / "later.toml"
    EventStore.create(
        later,
        {
            "event": {"name": "Open", "format_version": 1, "rounds": 8},
            "rules": {"preset": "ema2016"},
            "players": players,
        },
    )
    result = runner.invoke(app, ["seat", str(later), "--rounds", "4", "--seed", "x"])
    assert result.exit_code == 0, result.output
    assert "[event] rounds" not in result.stdout
    assert EventStore.open(later).event.event.rounds == 8


def test_event_command_shows_sets_and_removes_rounds(tmp_path: Path) -> None:
    path = finished_event(tmp_path, rounds=3, played=1)
    shown = runner.invoke(app, ["event", str(path)])
    assert shown.exit_code == 0, shown.output
    assert shown.stdout == f"{path}: the event plans 3 rounds\n"
    refused = runner.invoke(app, ["event", str(path), "--rounds", "1000"])
    assert refused.exit_code == 1
    assert "event.rounds: expected 999 or fewer, got 1000" in refused.stderr
    log_before = EventStore.open(path).log
    changed = runner.invoke(app, ["event", str(path), "--rounds", "1"])
    assert changed.exit_code == 0, changed.output
    assert changed.stdout == f"{path}: the event is finished: its 1 round is played\n"
    assert EventStore.open(path).log == log_before
    removed = runner.invoke(app, ["event", str(path), "--no-rounds"])
    assert removed.exit_code == 0, removed.output
    assert removed.stdout.startswith(f"{path}: the number of rounds is not set")
    assert EventStore.open(path).event.event.rounds is None


def test_event_command_refuses_fewer_rounds_than_played(tmp_path: Path) -> None:
    path = finished_event(tmp_path, rounds=2, played=2)
    result = runner.invoke(app, ["event", str(path), "--rounds", "1"])
    assert result.exit_code == 1
    assert result.stderr == (
        "error: round 2 already has results: plan 2 rounds or more (nothing was recorded)\n"
    )
    assert EventStore.open(path).event.event.rounds == 2


def test_check_on_a_finished_event_prints_the_podium(tmp_path: Path) -> None:
    path = finished_event(tmp_path)
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        f"{path}: clean (13 log entries, 8 players, 2 rounds seated, 4 games finished, "
        "0 hands)\n"
        f"{path}: the event is finished: all 2 rounds are played\n"
        f"Final standings (the podium; all of them: mjevent print standings {path}):\n"
        "      1  Ann  +70.0\n"
        "      2  Ed  +40.0\n"
        "      3  Cy  +15.0\n"
    )


def test_check_on_an_event_half_way_says_what_it_plans(tmp_path: Path) -> None:
    path = finished_event(tmp_path, played=1)
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[1:] == [f"{path}: the event plans 2 rounds"]

"""`mjevent seat FILE`, `mjevent seating verify|check|export` through Typer's CliRunner."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from mjevent.events.commands import current_state, record_final
from mjevent.events.store import EventStore
from mjevent.tui.cli.main import app

runner = CliRunner()


def make_event(path: Path, players: int = 28, *, teams: int = 0, preset: str = "ema2016"
               ) -> Path:
    rows: list[dict[str, Any]] = [
        {"id": f"p{i:02d}", "name": f"Player {i}"} for i in range(1, players + 1)
    ]
    settings: dict[str, Any] = {
        "event": {"name": "Test Open", "format_version": 1},
        "rules": {"preset": preset},
        "players": rows,
    }
    if teams:
        settings["teams"] = [{"id": f"t{j}", "name": f"Team {j}"} for j in range(teams)]
        for i, row in enumerate(rows):
            row["team"] = f"t{i % teams}"
    EventStore.create(path, settings)
    return path


def seating_entries(path: Path) -> list[dict[str, Any]]:
    return [r for r in EventStore.open(path).log if r["kind"] == "seating_set"]


@pytest.fixture
def event(tmp_path: Path) -> Path:
    return make_event(tmp_path / "open.toml")


def test_seat_writes_one_entry_that_verify_recomputes(event: Path) -> None:
    result = runner.invoke(app, ["seat", str(event), "--rounds", "7", "--seed", "Spring draw"])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-2:] == [
        f"seated rounds 1-7 in {event} (generated)",
        f"{event}: the event plans 7 rounds ([event] rounds)",
    ]
    assert "new repeated pairs: 0" in result.stdout
    [entry] = seating_entries(event)
    assert entry["first_round"] == 1 and len(entry["rounds"]) == 7
    assert entry["method"] == "generated"
    params = entry["params"]
    assert params["roster"] == " ".join(f"p{i:02d}" for i in range(1, 29))
    assert (params["table_size"], params["rounds"], params["seed_text"]) == (4, 7, "Spring draw")
    assert params["generator"] == "mjevent-seating-2"
    assert params["source"].startswith("construction:resolvable 2-(28,4,1) design")
    assert entry["rounds"][0][0] == ["p22", "p03", "p20", "p13"]
    assert entry["rounds"][6][6] == ["p25", "p20", "p11", "p05"]
    verify = runner.invoke(app, ["seating", "verify", str(event)])
    assert verify.exit_code == 0, verify.output
    assert verify.stdout == f"{entry['id']} generated: rounds 1-7: recomputed, identical [OK]\n"


def test_the_draw_decides_who_sits_where(tmp_path: Path) -> None:
    a = make_event(tmp_path / "a.toml")
    b = make_event(tmp_path / "b.toml")
    runner.invoke(app, ["seat", str(a), "--rounds", "2", "--seed", "one"])
    runner.invoke(app, ["seat", str(b), "--rounds", "2", "--seed", "two"])
    assert seating_entries(a)[0]["rounds"] != seating_entries(b)[0]["rounds"]
    c = make_event(tmp_path / "c.toml")
    runner.invoke(app, ["seat", str(c), "--rounds", "2", "--seed", "one"])
    assert seating_entries(a)[0]["rounds"] == seating_entries(c)[0]["rounds"]


def test_verify_names_a_seating_that_does_not_recompute(event: Path) -> None:
    runner.invoke(app, ["seat", str(event), "--rounds", "3", "--seed", "x"])
    store = EventStore.open(event)
    entry = seating_entries(event)[0]
    tables = [list(t) for t in entry["rounds"][2]]
    tables[0][0], tables[1][0] = tables[1][0], tables[0][0]
    from mjevent.events.commands import set_seating

    params = dict(entry["params"])
    set_seating(store, 3, [tables], method="generated", params=params)
    verify = runner.invoke(app, ["seating", "verify", str(event)])
    assert verify.exit_code == 1
    first, second = verify.stdout.splitlines()
    assert first.endswith(" generated: rounds 1-3: recomputed, identical [OK]")
    assert second.endswith(
        " generated: rounds 3-3: recomputed, DIFFERENT (1 rounds logged, 3 recomputed) "
        "[MISMATCH]"
    )


def test_dry_run_writes_nothing(event: Path) -> None:
    result = runner.invoke(app, ["seat", str(event), "--rounds", "2", "--dry-run"])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == "Round 1"
    assert "method: generated" in result.stdout
    assert "draw text: 'Test Open'" in result.stdout
    assert result.stdout.splitlines()[-1] == "dry run: nothing written"
    assert seating_entries(event) == []


def test_library_block(tmp_path: Path) -> None:
    event = make_event(tmp_path / "lib.toml", 36)
    from mjevent.core.seating.check import check
    from mjevent.core.seating.library import load_block

    dry = runner.invoke(app, ["seat", str(event), "--from-library", "k4-p36", "--dry-run"])
    # The same numbers as the block's own quality summary (the draw only renames players).
    expected = check(load_block("k4-p36").schedule()).summary.line()
    assert f"quality: {expected}" in dry.stdout.splitlines()
    assert expected.startswith("10/10 rounds repeat-free; repeats 0;")
    result = runner.invoke(
        app, ["seat", str(event), "--from-library", "k4-p36", "--seed", "lib", "--rounds", "8"]
    )
    assert result.exit_code == 0, result.output
    [entry] = seating_entries(event)
    assert (entry["method"], entry["params"]["block"], len(entry["rounds"])) == (
        "library", "k4-p36", 8,
    )
    verify = runner.invoke(app, ["seating", "verify", str(event)])
    assert verify.stdout.endswith("library: rounds 1-8: recomputed, identical [OK]\n")
    wrong = runner.invoke(app, ["seat", str(make_event(tmp_path / "w.toml", 28)),
                                "--from-library", "k4-p36"])
    assert wrong.exit_code == 1
    assert "library block k4-p36 is for 36 players; the event has 28 active players" in (
        wrong.stderr
    )


def test_teams_are_kept_apart(tmp_path: Path) -> None:
    event = make_event(tmp_path / "teams.toml", 20, teams=4)
    result = runner.invoke(app, ["seat", str(event), "--rounds", "4", "--teams", "--seed", "t"])
    assert result.exit_code == 0, result.output
    [entry] = seating_entries(event)
    assert entry["params"]["team_sizes"] == "5 5 5 5"
    team = {f"p{i:02d}": (i - 1) % 4 for i in range(1, 21)}
    for rnd in entry["rounds"]:
        for table in rnd:
            assert len({team[p] for p in table}) == 4
    check = runner.invoke(app, ["seating", "check", str(event)])
    assert check.exit_code == 0, check.output
    assert "team violations 0" in check.stdout


def test_byes_are_offered_when_the_players_do_not_fill_the_tables(tmp_path: Path) -> None:
    event = make_event(tmp_path / "odd.toml", 27)
    refused = runner.invoke(app, ["seat", str(event), "--rounds", "3"])
    assert refused.exit_code == 1
    assert refused.stderr == (
        "error: 27 active players do not fill tables of 4: 3 would sit out each round. Add "
        f"--byes to accept byes, or add 1 player (`mjevent player {event} add NAME`, a "
        "substitute) and seat again\n"
    )
    accepted = runner.invoke(app, ["seat", str(event), "--rounds", "3", "--byes"])
    assert accepted.exit_code == 0, accepted.output
    assert [len(r) for r in seating_entries(event)[0]["rounds"]] == [6, 6, 6]


def test_seating_over_results_is_refused(event: Path) -> None:
    runner.invoke(app, ["seat", str(event), "--rounds", "3"])
    store = EventStore.open(event)
    record_final(store, 1, 1, [45000, 35000, 25000, 15000])
    again = runner.invoke(app, ["seat", str(event), "--rounds", "3"])
    assert again.exit_code == 1
    assert again.stderr == (
        f"error: {event}: round 1 already has results; re-seat the rounds not yet played, from "
        f"round 2: mjevent seat {event} --from-round 2\n"
    )


@pytest.mark.parametrize("fmt", ["tsv", "csv", "json"])
def test_export_then_import_gives_the_same_seating(tmp_path: Path, fmt: str) -> None:
    source = make_event(tmp_path / "source.toml")
    runner.invoke(app, ["seat", str(source), "--rounds", "7", "--seed", "rt"])
    exported = runner.invoke(app, ["seating", "export", str(source), "--format", fmt])
    assert exported.exit_code == 0, exported.output
    path = tmp_path / f"seating.{fmt}"
    path.write_text(exported.stdout, encoding="utf-8")
    target = make_event(tmp_path / "target.toml")
    result = runner.invoke(app, ["seat", str(target), "--import", str(path)])
    assert result.exit_code == 0, result.output
    assert seating_entries(target)[0]["rounds"] == seating_entries(source)[0]["rounds"]
    entry = seating_entries(target)[0]
    assert entry["method"] == "imported"
    assert entry["params"]["format"] == fmt
    import hashlib

    assert entry["params"]["sha256"] == hashlib.sha256(path.read_bytes()).hexdigest()
    not_given = runner.invoke(app, ["seating", "verify", str(target)])
    assert not_given.stdout.endswith("give that file with --import to compare [not recomputed]\n")
    given = runner.invoke(app, ["seating", "verify", str(target), "--import", str(path)])
    assert given.stdout.endswith("imported: rounds 1-7: recomputed, identical [OK]\n")


def test_import_errors_name_the_file_and_line(event: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("p01-p02-p03-p04\np05-p06-p07-p99\n", encoding="utf-8")
    result = runner.invoke(app, ["seat", str(event), "--import", str(bad)])
    assert result.exit_code == 1
    assert result.stderr == (
        f"error: {bad}:2: 'p99' is not a player of this event (give an id, a name or "
        "a number 1 to 28)\n"
    )
    assert seating_entries(event) == []


def test_check_reports_the_event_seating(event: Path) -> None:
    runner.invoke(app, ["seat", str(event), "--rounds", "7", "--seed", "c"])
    result = runner.invoke(app, ["seating", "check", str(event)])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == f"{event}: rounds 1-7 seated, 28 players"
    assert lines[1].startswith("7/7 rounds repeat-free; repeats 0; indirect 84; wind violations 0")
    assert lines[2] == "pairs never met: 84 (indirect only: 84)"


def test_check_fails_on_a_repeat_nobody_accepted(event: Path) -> None:
    store = EventStore.open(event)
    from mjevent.events.commands import set_seating

    ids = [f"p{i:02d}" for i in range(1, 29)]
    tables = [ids[i:i + 4] for i in range(0, 28, 4)]
    set_seating(store, 1, [tables, tables])
    result = runner.invoke(app, ["seating", "check", str(event)])
    assert result.exit_code == 1
    assert "repeat: Player 1 (p01) and Player 2 (p02) meet 2 times [NOT accepted]" in (
        result.stdout
    )
    assert current_state(store).seating[2][0] == tuple(ids[:4])


def test_standalone_seat_still_works() -> None:
    result = runner.invoke(app, ["seat", "--players", "16", "--rounds", "5", "--format", "json"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith('{"players": 16, "table_size": 4, "rounds": [')


def test_options_only_the_standalone_form_knows_are_passed_to_it() -> None:
    # `--teams N` and any option this module does not declare reach `cli_seat.seat` intact.
    teams = runner.invoke(
        app, ["seat", "--players", "8", "--rounds", "1", "--teams", "2", "--format", "json"]
    )
    assert teams.exit_code == 0, teams.output
    assert teams.stdout.startswith('{"players": 8, "table_size": 4, "rounds": [')
    assert '"teams": [[1, 2, 3, 4], [5, 6, 7, 8]]' in teams.stdout
    unknown = runner.invoke(app, ["seat", "--players", "8", "--rounds", "1", "--bogus", "3"])
    assert unknown.exit_code == 2
    assert "No such option: --bogus" in unknown.stderr


def test_an_unknown_option_with_an_event_file_is_refused(event: Path) -> None:
    result = runner.invoke(app, ["seat", str(event), "--rouns", "3"])
    assert result.exit_code == 2
    assert result.stderr == "error: unknown option '--rouns': see `mjevent seat --help`\n"

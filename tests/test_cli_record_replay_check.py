"""`mjevent record`, `replay` and `check` through Typer's CliRunner, on copies of the samples."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mjevent.events import commands
from mjevent.events.store import EventStore
from mjevent.tui.cli.main import app

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
runner = CliRunner()


@pytest.fixture
def club(tmp_path: Path) -> Path:
    path = tmp_path / "club.toml"
    shutil.copy(SAMPLES / "club.toml", path)
    return path


def test_record_appends_a_hand_and_prints_its_payments(club: Path) -> None:
    # Round 4 is seated but not started: its table 1 is p01 p08 p10 p15 (E S W N).
    result = runner.invoke(
        app, ["record", str(club), "--id", "T1", "r4", "t1", "ron", "S<-W", "3/30", "r:E,S"]
    )
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == "recorded T1"
    line = result.stdout.splitlines()[1]
    assert line.startswith("r4 t1 ron S<-W 3/30 r:E,S          East 1, 0 honba    ")
    assert line.endswith("->  29,000 / 34,900 / 26,100 / 30,000")
    log = EventStore.open(club).log
    assert log[-1] == {
        "id": "T1",
        "at": log[-1]["at"],
        "kind": "hand",
        "round": 4,
        "table": 1,
        "outcome": "ron",
        "loser": "W",
        "wins": [{"winner": "S", "han": 3, "fu": 30}],
        "riichi": ["E", "S"],
    }


def test_record_retry_with_the_same_id_records_once(club: Path) -> None:
    args = ["record", str(club), "r4", "t2", "final", "45200", "31000", "-3200", "47000",
            "--id", "F9"]
    first = runner.invoke(app, args)
    again = runner.invoke(app, args)
    assert first.exit_code == 0 and again.exit_code == 0
    assert again.stdout == f"entry F9 is already in {club}; nothing recorded again\n"
    assert [r["id"] for r in EventStore.open(club).log].count("F9") == 1
    assert EventStore.open(club).log[-1]["final"] == [45200, 31000, -3200, 47000]


def test_record_refuses_an_illegal_hand_with_the_reason(club: Path) -> None:
    before = club.read_bytes()
    result = runner.invoke(app, ["record", str(club), "r4", "t2", "ron", "S<-W", "2/20"])
    assert result.exit_code == 1
    assert result.stderr == (
        "error: cannot read 'r4 t2 ron S<-W 2/20': ron 2 han 20 fu: a ron is never 20 fu (pinfu "
        "ron is 30 fu, an open hand counts at least 30 fu); enter 30 fu, or record the win as a "
        "tsumo\n"
    )
    assert club.read_bytes() == before


def test_record_refuses_a_hand_at_a_finished_table(club: Path) -> None:
    result = runner.invoke(app, ["record", str(club), "r3", "t1", "tsumo", "E", "2/30"])
    assert result.exit_code == 1
    assert result.stderr.startswith("error: hand at round 3 table 1 after the game was finished")


def test_record_without_a_round_goes_to_the_first_round_with_a_table_to_finish(
    club: Path,
) -> None:
    # Round 3 started last, but all its games are over: the line is for round 4.
    result = runner.invoke(app, ["record", str(club), "t1 ron S<-W 3/30"])
    assert result.exit_code == 0, result.output
    last = EventStore.open(club).log[-1]
    assert (last["kind"], last["round"], last["table"]) == ("hand", 4, 1)


def test_record_on_a_missing_file_names_it(tmp_path: Path) -> None:
    missing = tmp_path / "nope.toml"
    result = runner.invoke(app, ["record", str(missing), "t1", "draw"])
    assert result.exit_code == 1
    assert result.stderr.startswith("error: ")
    assert str(missing) in result.stderr


def test_replay_prints_the_story_of_the_sample(club: Path) -> None:
    result = runner.invoke(app, ["replay", str(club), "--until", "1"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[:4] == [
        "seating set for rounds 1-5 (generated)",
        "note: Doors open 9:30; round 1 at 10:00. Head referee: Pieter de Vries.",
        "penalty: Ömer Yıldız -5,000 (arrived 12 minutes late for round 1)",  # noqa: RUF001
        "round 1 starts",
    ]
    assert (
        # Round 1 table 1 seats p07 p16 p04 p09 (E S W N).
        "r1 t1 game over (South 4, 4 honba: last hand): 1. Aoife Ní Bhriain 58,300 (+43.3), "
        "2. João Gonçalves 24,900 (-0.1), 3. Emma Johansson 18,900 (-16.1), 4. Lars "
        "Øvergaard 17,900 (-27.1)"
    ) in lines
    assert "standings after round 1:" in lines
    assert not any(line.startswith("r2 ") for line in lines)


def test_replay_json_gives_one_object_per_line(club: Path) -> None:
    result = runner.invoke(app, ["replay", str(club), "--json"])
    assert result.exit_code == 0
    objects = [json.loads(line) for line in result.stdout.splitlines()]
    kinds = [o["type"] for o in objects]
    assert kinds.count("hand") == 146
    assert kinds.count("game") == 12
    assert kinds.count("standings") == 3
    first_game = next(o for o in objects if o["type"] == "game")
    assert first_game["final"] == [24900, 18900, 17900, 58300]
    assert first_game["points"] == [-100, -16100, -27100, 43300]


def test_replay_exits_non_zero_where_the_log_does_not_replay(club: Path) -> None:
    EventStore.open(club).append({"id": "BAD", "at": "2026-03-14T16:00:00+00:00",
                                  "kind": "hand", "round": 4, "table": 9, "outcome": "draw"})
    result = runner.invoke(app, ["replay", str(club)])
    assert result.exit_code == 1
    assert "!! entry BAD: there is no table 9 in round 4 (it has tables 1 to 4)" in (
        result.stdout.splitlines()
    )
    assert result.stderr == f"{club}: 1 problem in the replay\n"


@pytest.mark.parametrize(
    ("name", "summary"),
    [
        ("club", "167 log entries, 16 players, 5 rounds seated, 12 games finished, 146 hands"),
        ("sanma", "69 log entries, 9 players, 4 rounds seated, 6 games finished, 60 hands"),
        ("league", "43 log entries, 48 players, 4 rounds seated, 36 games finished, 0 hands"),
    ],
)
def test_check_passes_every_sample(tmp_path: Path, name: str, summary: str) -> None:
    path = tmp_path / f"{name}.toml"
    shutil.copy(SAMPLES / f"{name}.toml", path)
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 0, result.output
    assert result.stdout == f"{path}: clean ({summary})\n"


def test_check_reports_every_problem_and_exits_1(club: Path) -> None:
    store = EventStore.open(club)
    store.append({"id": "P1", "at": "2026-03-14T16:00:00+00:00", "kind": "game_finished",
                  "round": 4, "table": 2, "final": [40000, 30000, 30000, 19000]})
    store.append({"id": "P2", "at": "2026-03-14T16:00:01+00:00", "kind": "seating_set",
                  "first_round": 6, "rounds": [[["p01", "p02", "p03", "p01"],
                                                ["p05", "p06", "p07", "p08"]]]})
    store.append({"id": "P3", "at": "2026-03-14T16:00:02+00:00", "kind": "correction",
                  "target": "P0", "reason": "typo"})
    result = runner.invoke(app, ["check", str(club)])
    assert result.exit_code == 1
    lines = club.read_text(encoding="utf-8").split("\n")
    # Each problem names the line of its entry's [[log]] header (the line before its id).
    p1, p2, p3 = (lines.index(f'id = "{i}"') for i in ("P1", "P2", "P3"))
    assert result.stdout.splitlines() == [
        f"{club}:{p3}: entry P3: corrects 'P0', which is not in the log. Fix: give the id of the "
        "entry to correct as `mjevent replay` or the log screen shows it",
        f"{club}:{p1}: entry P1: final scores at round 4 table 2: scores add up to 119,000; "
        "expected 120,000 (4 x 30,000 less 0 riichi sticks on the table): 1,000 missing",
        f"{club}:{p2}: entry P2: player p01 is seated twice in round 6",
        f"{club}: 3 problems (170 log entries, 16 players, 6 rounds seated, 13 games finished, "
        "146 hands)",
    ]


def test_check_reports_a_torn_tail_and_leaves_the_file_as_it_is(club: Path) -> None:
    with club.open("ab") as f:
        f.write(b'\n[[log]]\nid = "TORN"\nat = "2026-03-14T16:00:00+00:00"\nkind = "ha')
    before = sorted(p.name for p in club.parent.iterdir())
    data = club.read_bytes()
    result = runner.invoke(app, ["check", str(club)])
    assert result.exit_code == 1
    first = result.stdout.splitlines()[0]
    assert first.startswith(f"{club}: the file ends in an unfinished log entry")
    assert first.endswith(
        f"It was left in place: the file was opened read-only. Fix: run `mjevent check "
        f"--repair {club}` (or any command that records) to move it aside."
    )
    # check only reads: no lock file, no side file, not a byte changed.
    assert sorted(p.name for p in club.parent.iterdir()) == before
    assert club.read_bytes() == data


def test_check_repair_moves_a_torn_tail_aside(club: Path) -> None:
    with club.open("ab") as f:
        f.write(b'\n[[log]]\nid = "TORN"\nat = "2026-03-14T16:00:00+00:00"\nkind = "ha')
    result = runner.invoke(app, ["check", "--repair", str(club)])
    assert result.exit_code == 1
    assert len(result.stdout.splitlines()) == 2
    first = result.stdout.splitlines()[0]
    assert first.startswith(f"{club}: the file ended in an unfinished log entry")
    assert "moved to club.toml.torn-" in first
    assert list(club.parent.glob("club.toml.torn-*"))
    # The torn bytes were moved aside: the next check is clean.
    again = runner.invoke(app, ["check", str(club)])
    assert again.exit_code == 0, again.output


def test_check_names_the_line_of_a_broken_file(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text('[event]\nname = "Cup\nformat_version = 1\n', encoding="utf-8")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1
    assert result.stderr.startswith(f"error: {path}:2")



def _one_table(tmp_path: Path, rules: str, *overrides: str) -> Path:
    """An event made by `mjevent new --rules RULES --set ...`, four players at one table."""
    path = tmp_path / "one.toml"
    sets = [arg for o in overrides for arg in ("--set", o)]
    made = runner.invoke(app, ["new", str(path), "--name", "One", "--rules", rules, *sets])
    assert made.exit_code == 0, made.output
    store = EventStore.open(path)
    for pid, name in (("a", "Ann"), ("b", "Bo"), ("c", "Cy"), ("d", "Di")):
        commands.add_player(store, pid, name, entry_id=f"add-{pid}")
    commands.set_seating(store, 1, [[["a", "b", "c", "d"]]], entry_id="seat")
    return path


def test_a_triple_ron_made_an_abortive_draw_says_why_in_the_echo(tmp_path: Path) -> None:
    # Tenhou: multi_ron = "double_only", a triple ron (sanchahou) is an abortive draw.
    path = _one_table(tmp_path, "tenhou")
    done = runner.invoke(
        app, ["record", str(path), "t1", "ron", "S<-E", "2/30", "W<-E", "3/30", "N<-E", "1/30"]
    )
    assert done.exit_code == 0, done.output
    lines = done.stdout.splitlines()
    assert "no points moved" in lines[1]
    assert lines[2] == (
        '    note: triple ron: an abortive draw under these rules (multi_ron = "double_only", '
        "sanchahou); no points moved, riichi sticks stay on the table"
    )


def test_a_head_bump_and_a_riichi_of_the_discarder_are_noted(tmp_path: Path) -> None:
    # WRC: atamahane (multi_ron = "head_bump"); West and North ron East's discard, West is
    # first in turn from East (S, W, N), so only West is paid. East is listed in r:.
    path = _one_table(tmp_path, "wrc")
    done = runner.invoke(
        app, ["record", str(path), "t1", "ron", "W<-E", "2/30", "N<-E", "3/30", "r:E"]
    )
    assert done.exit_code == 0, done.output
    assert done.stdout.splitlines()[2:] == [
        '    note: head bump (multi_ron = "head_bump"): only W, first in turn from the '
        "discarder, is paid",
        "    note: E is charged a riichi stick (r:E) and dealt in: if the tile ronned was E's "
        "riichi declaration, that riichi never stood and pays no stick; then leave E out of r:",
    ]


def test_a_hand_after_tenpaiyame_names_the_rule_and_how_to_go_on(tmp_path: Path) -> None:
    # Tenhou rules, east only (--set length=east): North deals East 4, is tenpai at the draw
    # and first with 30000 or more, so the game ends (tenpaiyame) and a fifth hand is refused.
    path = _one_table(tmp_path, "tenhou", "length=east")
    for line in ("t1 tsumo N 6", "t1 draw", "t1 draw", "t1 draw tenpai:N"):
        done = runner.invoke(app, ["record", str(path), *line.split()])
        assert done.exit_code == 0, done.output
    refused = runner.invoke(app, ["record", str(path), "r1", "t1", "draw"])
    assert refused.exit_code == 1
    assert (
        "the game ended at East 4, 2 honba (tenpaiyame: the dealer was tenpai in the last hand "
        "and first with 30000 or more, rule tenpaiyame = true). If the table played on, a hand "
        "was entered wrong (void or correct it: the log keeps both), or the event does not play "
        "this rule: in the event file's [rules], set tenpaiyame = false (for every table) and "
        "run mjevent check"
    ) in refused.stderr

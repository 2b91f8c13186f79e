"""`mjevent tables`, `pending`, `approve`, `reject` and `event --table-entry` through CliRunner."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from mjevent.events import stations, table_keys
from mjevent.events.commands import current_state
from mjevent.events.store import EventStore
from mjevent.tui.cli.main import app

runner = CliRunner()
SETTINGS: dict[str, Any] = {
    "event": {"name": "Cup", "format_version": 1},
    "rules": {"preset": "ema2016"},
    "players": [
        {"id": f"p{i}", "name": n}
        for i, n in enumerate(["Ana", "Ben", "Cai", "Dee", "Eve", "Fay", "Gus", "Hal"], 1)
    ],
    "seating": {
        "rounds": [{"round": 1, "tables": [["p1", "p2", "p3", "p4"], ["p5", "p6", "p7", "p8"]]}]
    },
}
BASE = "http://10.0.0.2:8000"


@pytest.fixture
def cup(tmp_path: Path) -> Path:
    stations._STORES.clear()
    path = tmp_path / "cup.toml"
    EventStore.create(path, SETTINGS)
    return path


def test_tables_csv_gives_each_table_url_with_its_token(cup: Path) -> None:
    result = runner.invoke(
        app, ["tables", str(cup), "--round", "1", "--format", "csv", "--base-url", BASE + "/"]
    )
    assert result.exit_code == 0, result.output
    rows = list(csv.reader(io.StringIO(result.stdout)))
    assert rows[0] == ["table", "url"]
    assert [r[0] for r in rows[1:]] == ["1", "2"]
    for number, url in rows[1:]:
        assert url.startswith(f"{BASE}/t/1-{number}-")
        assert table_keys.token_table(cup, url.rsplit("/", 1)[1]) == (1, int(number))


def test_tables_text_names_the_players_and_the_default_base_is_this_machine(cup: Path) -> None:
    result = runner.invoke(app, ["tables", str(cup), "--round", "1"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "table 1 (Ana, Ben, Cai, Dee)"
    assert lines[1].startswith("  http://") and ":8000/t/1-1-" in lines[1]
    assert lines[2] == "table 2 (Eve, Fay, Gus, Hal)"
    assert len(lines) == 4


def test_tables_revoke_replaces_one_token(cup: Path) -> None:
    old = table_keys.table_token(cup, 1, 2)
    keep = table_keys.table_token(cup, 1, 1)
    result = runner.invoke(
        app,
        [
            "tables",
            str(cup),
            "--round",
            "1",
            "--revoke",
            "2",
            "--format",
            "csv",
            "--base-url",
            BASE,
        ],
    )
    assert result.exit_code == 0, result.output
    new = table_keys.table_token(cup, 1, 2)
    assert result.stdout == f"table,url\n2,{BASE}/t/{new}\n"
    assert "round 1 table 2: new URL; the old one no longer opens the table" in result.stderr
    assert table_keys.token_table(cup, old) is None
    assert table_keys.token_table(cup, keep) == (1, 1)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--round", "3"],
            "error: round 3 is not seated (rounds 1 to 1 are seated); set its seating first\n",
        ),
        (["--round", "1", "--revoke", "5"], "error: --revoke 5: round 1 has 2 tables\n"),
        (
            ["--round", "1", "--base-url", "10.0.0.2"],
            "error: --base-url '10.0.0.2': give the address phones open, such as "
            "http://192.168.1.20:8000\n",
        ),
    ],
)
def test_tables_refusals(cup: Path, args: list[str], message: str) -> None:
    result = runner.invoke(app, ["tables", str(cup), *args])
    assert result.exit_code == 1
    assert result.stderr == message
    assert not (cup.parent / "cup.toml.keys").exists()


def test_pending_lists_a_conflict_and_approve_and_reject_settle_it(cup: Path) -> None:
    stations.submit_line(cup, 1, 1, "ron S<-W 3/30", "E", entry_id="a1")
    stations.submit_line(cup, 1, 1, "ron S<-W 4/30", "N", entry_id="a2")
    listed = runner.invoke(app, ["pending", str(cup)])
    assert listed.exit_code == 0, listed.output
    assert listed.stdout == (
        f"{cup}: 2 table entries are waiting\n"
        "a1  r1 t1 ron S<-W 3/30  entered by E Ana  (East 1, 0 honba)  CONFLICT with a2\n"
        "  Cai pays Ben 3,900 (hand)\n"
        "  scores: Ana 30,000, Ben 33,900, Cai 26,100, Dee 30,000\n"
        "  next dealer: Ben (S)\n"
        "a2  r1 t1 ron S<-W 4/30  entered by N Dee  (East 1, 0 honba)  CONFLICT with a1\n"
        "  Cai pays Ben 7,700 (hand)\n"
        "  scores: Ana 30,000, Ben 37,700, Cai 22,300, Dee 30,000\n"
        "  next dealer: Ben (S)\n"
    )
    rejected = runner.invoke(app, ["reject", str(cup), "a1", "--reason", "Cai says 4 han"])
    assert (rejected.exit_code, rejected.stdout) == (0, "rejected a1: Cai says 4 han\n")
    approved = runner.invoke(app, ["approve", str(cup), "a2"])
    assert approved.exit_code == 0, approved.output
    assert approved.stdout.splitlines()[0] == "approved a2: r1 t1"
    state = current_state(EventStore.open(cup))
    game = state.game(1, 1)
    assert game is not None and game.state is not None
    assert game.state.scores == (30000, 37700, 22300, 30000)
    empty = runner.invoke(app, ["pending", str(cup)])
    assert empty.stdout == f"{cup}: no table entry is waiting\n"
    again = runner.invoke(app, ["approve", str(cup), "a1"])
    assert again.exit_code == 1
    assert again.stderr.startswith("error: table entry a1 was rejected by entry ")


def test_reject_needs_a_reason(cup: Path) -> None:
    stations.submit_line(cup, 1, 1, "draw", "E", entry_id="a1")
    result = runner.invoke(app, ["reject", str(cup), "a1", "--reason", " "])
    assert result.exit_code == 1
    assert result.stderr == "error: a rejection needs a reason (the table and the log keep it)\n"


def test_event_table_entry_sets_the_mode(cup: Path) -> None:
    result = runner.invoke(app, ["event", str(cup), "--table-entry", "director"])
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        f"{cup}: table entries count once the director approves them (director)\n"
    )
    assert current_state(EventStore.open(cup)).settings.serve.table_entry == "director"
    shown = runner.invoke(app, ["event", str(cup)])
    assert shown.stdout.splitlines()[-1] == (
        f"{cup}: table entries count once the director approves them (director)"
    )
    bad = runner.invoke(app, ["event", str(cup), "--table-entry", "phone"])
    assert bad.exit_code == 1
    assert bad.stderr == "error: table_entry 'phone': use one of confirm, director, direct\n"


def test_score_sheets_carry_each_table_url_and_qr_once_the_event_has_keys(cup: Path) -> None:
    plain = runner.invoke(app, ["print", "sheets", "round", "1", str(cup)])
    assert plain.exit_code == 0, plain.output
    assert "Enter and confirm" not in plain.stdout
    assert not (cup.parent / "cup.toml.keys").exists()  # printing alone makes no keys
    runner.invoke(app, ["tables", str(cup), "--round", "1", "--base-url", BASE])
    text = runner.invoke(app, ["print", "sheets", "round", "1", str(cup), "--base-url", BASE])
    urls = [f"{BASE}/t/{table_keys.table_token(cup, 1, t)}" for t in (1, 2)]
    assert [line for line in text.stdout.splitlines() if line.startswith("Enter")] == [
        f"Enter and confirm this table's hands at {url}" for url in urls
    ]
    page = runner.invoke(
        app, ["print", "sheets", "round", "1", str(cup), "--format", "html", "--base-url", BASE]
    )
    assert page.exit_code == 0, page.output
    for url in urls:
        assert f'<figure class="qr" role="img" aria-label="{url}"><svg viewBox="0 0 41 41"' in (
            page.stdout
        )
    assert page.stdout.count('<section class="sheet linked">') == 2
    without = runner.invoke(app, ["print", "sheets", "round", "1", str(cup), "--no-urls"])
    assert "Enter and confirm" not in without.stdout

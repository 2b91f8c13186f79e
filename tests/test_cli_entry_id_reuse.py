"""Issue 22, entry ids: an id already logged for a different entry is an error naming both.

Before, `record --id X r5 t2 draw` after `record --id X r5 t1 draw` printed "already in ...;
nothing recorded again" and exited 0, so the second hand was lost without a word. The same line
under the same id stays the idempotent retry it is.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mjevent.events import commands, open_event
from mjevent.events.commands import CommandError
from mjevent.tui.cli.main import app

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
runner = CliRunner()


@pytest.fixture
def club(tmp_path: Path) -> Path:
    path = tmp_path / "club.toml"
    shutil.copy(SAMPLES / "club.toml", path)
    return path


def test_a_different_line_under_a_known_id_is_refused(club: Path) -> None:
    first = runner.invoke(app, ["record", str(club), "--id", "X1", "r5", "t1", "draw"])
    assert first.exit_code == 0, first.output
    line = open_event(club, read_only=True).entry_lines()["X1"]
    before = club.read_bytes()
    again = runner.invoke(app, ["record", str(club), "--id", "X1", "r5", "t2", "draw"])
    assert again.exit_code == 1
    assert again.stderr == (
        f"error: {club}:{line}: entry id X1 is already used for a different entry (hand "
        "outcome=draw riichi=[] round=5 table=1 tenpai=[]); this one (hand outcome=draw "
        "riichi=[] round=5 table=2 tenpai=[]) was not recorded. Fix: leave out --id to record "
        "it under a new id (an id is reused only to retry the very same entry).\n"
    )
    assert club.read_bytes() == before


def test_the_same_line_under_the_same_id_is_still_a_no_op(club: Path) -> None:
    runner.invoke(app, ["record", str(club), "--id", "X1", "r5", "t1", "draw"])
    before = club.read_bytes()
    again = runner.invoke(app, ["record", str(club), "--id", "X1", "r5", "t1", "draw"])
    assert again.exit_code == 0
    assert again.stdout == f"entry X1 is already in {club}; nothing recorded again\n"
    assert club.read_bytes() == before


def test_the_command_layer_refuses_it_too(club: Path) -> None:
    store = open_event(club)
    commands.record_line(store, "r5 t1 draw", entry_id="X2")
    with pytest.raises(CommandError, match=r"entry id X2 is already used for a different entry"):
        commands.record_line(store, "r5 t3 draw", entry_id="X2")
    assert [r["id"] for r in open_event(club, read_only=True).log].count("X2") == 1

"""`open_event`: one way to open an event file; read-only opens take, create and change nothing."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from mjevent.events import open_event
from mjevent.events.errors import EventFileReadOnlyError
from mjevent.events.store import EventStore
from mjevent.tui.cli.main import app

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
TORN = b'\n[[log]]\nid = "TORN"\nat = "2026-03-14T16:00:00+00:00"\nkind = "ha'
runner = CliRunner()


def _settings() -> dict[str, Any]:
    return {"event": {"name": "Club night", "format_version": 1}, "rules": {"preset": "ema2016"}}


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@pytest.fixture()
def club(tmp_path: Path) -> Path:
    folder = tmp_path / "venue"
    folder.mkdir()
    return Path(shutil.copy(SAMPLES / "club.toml", folder / "club.toml"))


def test_read_only_open_creates_no_lock_file_and_reads_the_log(club: Path) -> None:
    before = _files(club.parent)
    store = open_event(club, read_only=True)
    assert len(store.log) == 167
    assert store.warnings == []
    assert _files(club.parent) == before == {"club.toml": before["club.toml"]}


def test_read_only_open_reports_a_torn_tail_and_leaves_it(club: Path) -> None:
    with club.open("ab") as f:
        f.write(TORN)
    before = _files(club.parent)
    store = open_event(club, read_only=True)
    assert len(store.log) == 167
    assert len(store.warnings) == 1
    line = before["club.toml"].count(b"\n") - 3
    assert store.warnings[0] == (
        f"{club}: the file ends in an unfinished log entry (line {line} on, {len(TORN)} bytes), "
        "as left when a program stops mid-write; the 167 complete entries load normally. It was "
        "left in place: the file was opened read-only. Fix: run `mjevent check --repair "
        f"{club}` (or any command that records) to move it aside."
    )
    store.reload()
    assert _files(club.parent) == before


def test_read_only_store_refuses_to_write(club: Path) -> None:
    store = open_event(club, read_only=True)
    before = _files(club.parent)
    with pytest.raises(EventFileReadOnlyError) as caught:
        store.append({"id": "n1", "at": "2026-03-14T16:00:00+00:00", "kind": "note", "text": "x"})
    assert str(caught.value) == (
        f"{club}: opened read-only; nothing was written. Fix: open it for writing "
        "(open_event(path) without read_only=True)."
    )
    with pytest.raises(EventFileReadOnlyError):
        store.rewrite_settings(store.settings)
    assert _files(club.parent) == before


def test_read_only_store_reads_what_a_writer_appends(club: Path) -> None:
    reader = open_event(club, read_only=True)
    writer = open_event(club)
    writer.append({"id": "n1", "at": "2026-03-14T16:00:00+00:00", "kind": "note", "text": "x"})
    assert reader.changed_on_disk()
    reader.reload()
    assert reader.log[-1]["id"] == "n1"
    assert len(reader.log) == 168


def test_writable_open_moves_a_torn_tail_aside(club: Path) -> None:
    with club.open("ab") as f:
        f.write(TORN)
    store = open_event(club)
    assert len(store.log) == 167
    assert store.warnings[0].startswith(f"{club}: the file ended in an unfinished log entry")
    sides = list(club.parent.glob("club.toml.torn-*"))
    assert [p.read_bytes() for p in sides] == [TORN]


@pytest.mark.parametrize(
    "argv",
    [
        ["print", "standings"],
        ["print", "penalties"],
        ["replay"],
        ["check"],
        ["export", "--format", "ema"],
        ["seating", "check"],
        ["seating", "export"],
        ["seating", "verify"],
    ],
)
def test_commands_that_look_leave_the_folder_as_it_was(club: Path, argv: list[str]) -> None:
    before = _files(club.parent)
    result = runner.invoke(app, [*argv, str(club)])
    # seating verify recomputes the sample's seating entry (it matches: exit 0) and only looks.
    assert result.exit_code == 0, result.output
    assert _files(club.parent) == before


@pytest.mark.parametrize(
    "argv", [["print", "standings"], ["replay"], ["export", "--format", "csv"]]
)
def test_commands_that_look_report_a_torn_tail_on_stderr_and_leave_it(
    club: Path, argv: list[str]
) -> None:
    with club.open("ab") as f:
        f.write(TORN)
    before = _files(club.parent)
    result = runner.invoke(app, [*argv, str(club)])
    assert f"{club}: the file ends in an unfinished log entry" in result.stderr
    assert "left in place: the file was opened read-only" in result.stderr
    assert _files(club.parent) == before


def test_print_standings_names_entries_left_out_on_stderr(club: Path) -> None:
    store = EventStore.open(club)
    store.append({"id": "BAD1", "at": "2026-03-14T16:00:00+00:00", "kind": "hand",
                  "round": 4, "table": 9, "outcome": "draw"})
    lines = club.read_text(encoding="utf-8").split("\n")
    line = lines.index('id = "BAD1"')
    result = runner.invoke(app, ["print", "standings", str(club)])
    assert result.exit_code == 0
    assert result.stderr.splitlines() == [
        f"warning: {club}: 1 problem in the log; the entries at fault are left out "
        "(run `mjevent check` for the fixes):",
        f"  {club}:{line}: entry BAD1: there is no table 9 in round 4 (it has tables 1 to 4)",
    ]


def test_a_symlink_opens_the_file_it_points_to(club: Path, tmp_path: Path) -> None:
    link = tmp_path / "link.toml"
    link.symlink_to(club)
    store = open_event(link)
    store.append({"id": "n1", "at": "2026-03-14T16:00:00+00:00", "kind": "note", "text": "x"})
    # One lock file, next to the real file; the link is still a link.
    assert link.is_symlink()
    assert sorted(p.name for p in club.parent.iterdir()) == [".club.toml.lock", "club.toml"]
    assert not (tmp_path / ".link.toml.lock").exists()
    assert open_event(club).log[-1]["id"] == "n1"

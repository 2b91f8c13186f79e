"""`mjevent open`: a bad file is refused before Textual starts, with file, line and fix, and
nothing written; a good file opens the console and is remembered; without a file, the launcher
lists the recent events and creates a new one with `mjevent new`'s code."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList
from typer.testing import CliRunner

from mjevent.events.store import EventStore
from mjevent.tui.cli.main import app as cli
from mjevent.tui.console.app import MjeventApp
from mjevent.tui.console.config import RecentEvent, read_recent, remember_recent
from mjevent.tui.console.launcher import LauncherApp

from .conftest import screen_text

runner = CliRunner()


async def fill_new_event(pilot: Pilot[Any], app: LauncherApp, file: Path, name: str) -> None:
    """Type the new event's file and name in the launcher's form and press ctrl+n."""
    await pilot.pause()
    app.query_one("#new-file").focus()
    await pilot.press(*str(file), "tab", *name, "ctrl+n")
    await pilot.pause()


def test_open_refuses_a_bad_file_with_line_and_fix_and_writes_nothing(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('[event]\nname = "x"\nformat_version = 1\n[rules]\npreset = "nope"\n', "utf-8")
    before = bad.read_bytes()
    result = runner.invoke(cli, ["open", str(bad)])
    assert result.exit_code == 1
    assert result.output.startswith(f"error: {bad}:5: rules.preset: unknown rule preset 'nope'.")
    assert "Fix: use one of ema2016" in result.output
    assert bad.read_bytes() == before
    assert read_recent() == []


def test_open_a_missing_file_says_how_to_create_one(tmp_path: Path) -> None:
    result = runner.invoke(cli, ["open", str(tmp_path / "none.toml")])
    assert result.exit_code == 1
    assert "no such event file" in result.output and "mjevent new" in result.output


def test_open_runs_the_console_and_remembers_the_event(
    club: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ran: list[Path] = []
    monkeypatch.setattr(MjeventApp, "run", lambda self: ran.append(self.session.path))
    result = runner.invoke(cli, ["open", str(club)])
    assert result.exit_code == 0, result.output
    assert ran == [club]
    assert read_recent() == [RecentEvent(club.resolve(), "Leiden Riichi Spring Open 2026")]


def test_recent_keeps_newest_first_once_each(club: Path, sanma: Path) -> None:
    remember_recent(club, "Club")
    remember_recent(sanma, "Sanma")
    remember_recent(club, "Club")
    assert [r.path for r in read_recent()] == [club.resolve(), sanma.resolve()]


async def test_launcher_lists_recent_events_and_enter_opens_one(club: Path, sanma: Path) -> None:
    remember_recent(club, "Leiden Riichi Spring Open 2026")
    remember_recent(sanma, "Sanma night")
    app = LauncherApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        options = app.query_one("#recent", OptionList)
        assert [str(options.get_option_at_index(i).prompt) for i in range(2)] == [
            f"Sanma night  ·  2 April 2026  ·  {sanma.resolve()}",
            f"Leiden Riichi Spring Open 2026  ·  14 March 2026  ·  {club.resolve()}",
        ]
        options.focus()
        await pilot.press("down", "enter")
        await pilot.pause()
    assert app.return_value == club.resolve()


async def test_launcher_form_creates_the_event_as_mjevent_new_does(tmp_path: Path) -> None:
    target = tmp_path / "cup.toml"
    app = LauncherApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await fill_new_event(pilot, app, target, "Cup")
    assert app.return_value == target
    store = EventStore.open(target)
    assert (store.event.event.name, store.event.rules.preset) == ("Cup", "ema2016")


async def test_launcher_form_refuses_an_existing_file_and_says_why(club: Path) -> None:
    before = club.read_bytes()
    app = LauncherApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await fill_new_event(pilot, app, club, "Cup")
        assert "already exists" in str(app.query_one("#new-error").render())
    assert club.read_bytes() == before
    assert app.return_value is None


async def test_a_new_event_opens_and_says_the_round_is_not_seated(tmp_path: Path) -> None:
    target = tmp_path / "cup.toml"
    app = LauncherApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await fill_new_event(pilot, app, target, "Cup")
    assert app.return_value == target
    console = MjeventApp(target, poll_seconds=None)
    async with console.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(console)
        assert "Round 1  ·  0/0 tables finished  ·  Cup" in text
        assert "Needs attention: round 1 is not seated yet" in text


def test_open_refuses_a_broken_keymap_before_starting(club: Path, _config_home: Path) -> None:
    folder = _config_home / "mjevent"
    folder.mkdir(parents=True)
    (folder / "keymap.toml").write_text('"table.undo" = ctrl+z\n', "utf-8")
    result = runner.invoke(cli, ["open", str(club)])
    assert result.exit_code == 1
    assert result.output.startswith(f"error: {folder / 'keymap.toml'}: ")
    assert 'Fix: write one line per binding, e.g. "table.undo" = "ctrl+z"' in result.output

"""Issue 23: the launcher's recent events (`mjevent open` without a file) under a heading that
stays on screen at 80x24, each with its name and date, and the rows of files that are gone
dropped from `recent.toml`."""

from __future__ import annotations

import datetime as dt
import os
import tomllib
from pathlib import Path

import tomli_w
from textual.widgets import OptionList

from mjevent.events.store import EventStore
from mjevent.tui.console.config import RecentEvent, read_recent
from mjevent.tui.console.launcher import LauncherApp
from tests.i18n_helpers import japanese

from .conftest import screen_text

WRITTEN = dt.datetime(2026, 11, 30, 12, 0).timestamp()


def _undated(tmp_path: Path) -> Path:
    """An event file with no `[event] date`, last written on 30 November 2026."""
    path = tmp_path / "scratch.toml"
    EventStore.create(
        path, {"event": {"name": "Scratch", "format_version": 1}, "rules": {"preset": "ema2016"}}
    )
    os.utime(path, (WRITTEN, WRITTEN))
    return path


def _recent(folder: Path, rows: list[tuple[Path, str]]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    listing = folder / "mjevent" / "recent.toml"
    listing.parent.mkdir(exist_ok=True)
    listing.write_text(
        tomli_w.dumps({"recent": [{"path": str(p), "name": n} for p, n in rows]}), "utf-8"
    )
    return listing


def test_rows_of_files_that_are_gone_are_pruned(
    _config_home: Path, club: Path, tmp_path: Path
) -> None:
    gone = tmp_path / "pytest-of-someone" / "gone.toml"
    listing = _recent(_config_home, [(gone, "Gone"), (club, "Club"), (gone, "Gone again")])
    assert read_recent() == [RecentEvent(club, "Club")]
    assert tomllib.loads(listing.read_text("utf-8")) == {
        "recent": [{"path": str(club), "name": "Club"}]
    }


async def test_the_launcher_shows_a_heading_names_and_dates_at_80x24(
    _config_home: Path, club: Path, tmp_path: Path
) -> None:
    scratch = _undated(tmp_path)
    _recent(_config_home, [(club, "Club"), (tmp_path / "gone.toml", "Gone"), (scratch, "Scratch")])
    app = LauncherApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = [line.rstrip() for line in screen_text(app).splitlines()]
        options = app.query_one("#recent", OptionList)
        prompts = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
    assert prompts == [
        f"Club  ·  14 March 2026  ·  {club}",
        f"Scratch  ·  last written 30 November 2026  ·  {scratch}",
    ]
    # The heading on the first line, the list under it; a long path wraps onto a second line.
    assert shown[0] == " Recent events (Enter opens)"
    assert shown[2].startswith(" ▊ Club  ·  14 March 2026  ·")
    assert any(line.startswith(" ▊ Scratch  ·  last written 30 November 2026  ·") for line in shown)
    assert " New event (the fields of mjevent new)" in shown


async def test_the_launcher_dates_in_japanese(
    _config_home: Path, club: Path, tmp_path: Path
) -> None:
    scratch = _undated(tmp_path)
    _recent(_config_home, [(club, "Club"), (scratch, "Scratch")])
    with japanese():
        app = LauncherApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            shown = [line.rstrip() for line in screen_text(app).splitlines()]
    assert shown[0] == " 最近の大会（Enter で開く）"  # noqa: RUF001
    assert shown[2].startswith(" ▊ Club  ·  2026年3月14日  ·")
    assert any(line.startswith(" ▊ Scratch  ·  最終更新 2026年11月30日  ·") for line in shown)

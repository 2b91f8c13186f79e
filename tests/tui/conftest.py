"""Fixtures for the console's Pilot tests: a temp copy of a sample, a fixed clock, the screen as
text."""

from __future__ import annotations

import datetime as dt
import io
import shutil
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from textual.app import App

from mjevent.tui.console.app import MjeventApp

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
NOON = dt.datetime(2026, 3, 14, 12, 0, tzinfo=dt.UTC)


class FakeClock:
    """The console's clock, moved by the test."""

    def __init__(self, now: dt.datetime = NOON) -> None:
        self.now = now

    def __call__(self) -> dt.datetime:
        return self.now

    def advance(self, **kwargs: float) -> None:
        self.now += dt.timedelta(**kwargs)


def fixed_clock() -> dt.datetime:
    """Every entry the console records in a test is stamped 2026-03-14 12:00 UTC."""
    return NOON


def screen_text(app: App[Any]) -> str:
    """What the terminal shows now, as plain text (one line per row)."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), record=True,
                      force_terminal=True, color_system=None, legacy_windows=False)
    console.print(app.screen._compositor.render_update(
        full=True, screen_stack=app._background_screens))
    return console.export_text()


def copy_sample(tmp_path: Path, name: str) -> Path:
    """A copy of `samples/<name>` in `tmp_path` (the tests write to it)."""
    target = tmp_path / name
    shutil.copyfile(SAMPLES / name, target)
    return target


@pytest.fixture
def club(tmp_path: Path) -> Path:
    """A temp copy of samples/club.toml."""
    return copy_sample(tmp_path, "club.toml")


@pytest.fixture
def sanma(tmp_path: Path) -> Path:
    """A temp copy of samples/sanma.toml."""
    return copy_sample(tmp_path, "sanma.toml")


def make_app(path: Path, *, poll: float | None = None) -> MjeventApp:
    """The console over `path` with the fixed clock; no file polling unless `poll` is given."""
    return MjeventApp(path, clock=fixed_clock, poll_seconds=poll)

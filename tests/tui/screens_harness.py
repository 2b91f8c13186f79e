"""A small app that hosts one of the screens over a temp copy of a sample event, for tests.

It has exactly what `tui/screens/base.Console` asks of the real app: a reactive `state`, the
`session` with its store, and `run_command`.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.app import App
from textual.reactive import var
from textual.screen import Screen

from mjevent.core.state import EventState
from mjevent.events.commands import current_state
from mjevent.events.store import EventStore

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
TUI = Path(__file__).resolve().parents[2] / "tui"


def sample_copy(tmp_path: Path, name: str) -> Path:
    """A copy of `samples/<name>.toml` in `tmp_path`."""
    target = tmp_path / f"{name}.toml"
    shutil.copy(SAMPLES / f"{name}.toml", target)
    return target


class Session:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.store = EventStore.open(path)


class HarnessApp(App[None]):
    CSS_PATH = sorted(str(p) for p in (TUI / "screens").glob("*.tcss"))
    state: var[EventState | None] = var(None)

    def __init__(self, path: Path, screen: Callable[[], Screen[Any]]) -> None:
        super().__init__()
        self.session = Session(path)
        self.set_reactive(HarnessApp.state, current_state(self.session.store))
        self.make_screen = screen

    def on_mount(self) -> None:
        self.push_screen(self.make_screen())

    def run_command(self, command: Callable[..., EventState], *args: Any, **kwargs: Any) -> (
        EventState
    ):
        new = command(self.session.store, *args, **kwargs)
        self.state = new
        return new


def screen_text(app: App[Any]) -> str:
    """What the terminal shows, as plain text lines (trailing spaces cut)."""
    strips = app.screen._compositor.render_strips()
    return "\n".join(s.text.rstrip() for s in strips)

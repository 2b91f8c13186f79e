"""Shared steps of the screens' Pilot tests: open a mode, wait for its workers, type text, read
the event file back."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from mjevent.core.entries import Entry
from mjevent.events.session import read_log
from mjevent.events.store import EventStore
from mjevent.tui.console.app import MjeventApp
from tests.tui.conftest import screen_text
from tests.tui.keystrokes import keys_of, type_keys


async def settle(pilot: Pilot[None]) -> None:
    """Let every worker finish and every message be handled."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def open_mode(pilot: Pilot[None], key: str) -> None:
    """Press a mode key (F3 standings, F4 players, F5 seating, F6 log) and wait."""
    await settle(pilot)
    await pilot.press(key)
    await settle(pilot)


async def press(pilot: Pilot[None], *keys: str) -> None:
    """Press keys one by one, letting the workers finish after each."""
    for key in keys:
        await pilot.press(key)
        await settle(pilot)


async def type_text(pilot: Pilot[None], text: str) -> None:
    """Type `text` into the focused input, the keys in one go (`keystrokes`)."""
    await type_keys(pilot, *keys_of(text))
    await settle(pilot)


def logged(path: Path) -> list[Entry]:
    """The event file's log, read back from disk through `events`."""
    store = EventStore.open(path)
    entries, problems = read_log(store.log)
    assert problems == []
    return entries


def text(app: MjeventApp) -> str:
    """What the terminal shows now, as plain text."""
    shown: Any = app  # conftest's screen_text is typed for App[object]
    return screen_text(shown)


def lines(app: MjeventApp) -> list[str]:
    """The screen's lines, trailing spaces cut."""
    return [line.rstrip() for line in text(app).splitlines()]

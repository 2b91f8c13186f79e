"""`TimerApp`: the console with the timer as its only screen, for `mjevent timer FILE` in a
second terminal (or on a projector). Same file watching, same clock keys, same entries."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from textual.screen import Screen

from mjevent.tui.console.app import MjeventApp
from mjevent.tui.console.screens.timer import TimerScreen

__all__ = ["TimerApp"]


class TimerApp(MjeventApp):
    """`MjeventApp` showing only the `timer` mode (the other modes' keys are hidden)."""

    MODES: ClassVar[dict[str, str | Callable[[], Screen[Any]]]] = {"timer": TimerScreen}
    DEFAULT_MODE = "timer"

"""`DisplayApp`: the projector screen on its own (`mjevent display FILE`): same file watching
as the console, so another process's append shows within a second; no entry is written."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from textual.screen import Screen

from mjevent.tui.console.app import MjeventApp
from mjevent.tui.console.screens.display import ROTATE_SECONDS, DisplayScreen

__all__ = ["DisplayApp"]


class DisplayApp(MjeventApp):
    """`MjeventApp` showing only the rotating display."""

    MODES: ClassVar[dict[str, str | Callable[[], Screen[Any]]]] = {"display": DisplayScreen}
    DEFAULT_MODE = "display"
    # A table's screen enters, undoes and amends hands, which a read-only display cannot:
    # the palette offers only what the display does.
    OFFERS_TABLES = False

    def __init__(
        self, event_path: Path, *, hide_standings: bool = False,
        seconds: float = ROTATE_SECONDS, **kwargs: Any,
    ) -> None:
        """`hide_standings` starts with the standings hidden while a round is played;
        `seconds` is how long each page stays up."""
        # The projector only shows the event: it takes no lock and never repairs the file.
        kwargs.setdefault("read_only", True)
        super().__init__(event_path, **kwargs)
        # This instance's copy of MODES: the screen is made with the options given here.
        self._modes["display"] = lambda: DisplayScreen(
            hide_standings=hide_standings, seconds=seconds
        )

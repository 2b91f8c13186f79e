"""`EventScreen`: a top-level screen that shows the event and follows `app.state`.

The app holds the one current `EventState` in its reactive `state` (replaced, never mutated),
and the `EventSession` with the open store. A screen reads them through `console`, and
`show_state` runs on mount and whenever the state is replaced (a hand recorded here, or another
process's append picked up by the app's poll).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from textual.screen import Screen

from mjevent.core.state import EventState

if TYPE_CHECKING:
    from mjevent.tui.app import MjeventApp

__all__ = ["EventScreen", "console_of"]


def console_of(screen: Screen[Any]) -> MjeventApp:
    """The console app a screen (or a pushed screen) runs in: `state`, `session`,
    `run_command`."""
    return cast("MjeventApp", screen.app)


class EventScreen(Screen[None]):
    """A screen over the event: `show_state(state)` renders it and is called on every change."""

    @property
    def console(self) -> MjeventApp:
        """The console app: `state`, `session` and `run_command`."""
        return console_of(self)

    def on_mount(self) -> None:
        self.watch(self.app, "state", self.show_state, init=True)

    def show_state(self, state: EventState) -> None:
        """Render `state`; a screen overrides this."""
        raise NotImplementedError

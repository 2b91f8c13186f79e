"""`EventScreen`: a top-level screen that shows the event and follows `app.state`.

The app holds the one current `EventState` in its reactive `state` (replaced, never mutated),
and the `EventSession` with the open store. A screen reads them through `console`, and
`show_state` runs when the screen is shown and whenever the state is replaced while it is (a
hand recorded here, or another process's append picked up by the app's poll); a change made
while another screen is shown is rendered when this one comes back.
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

    _stale = True
    """The state changed while another screen was shown: render it when this one returns."""

    def on_mount(self) -> None:
        self.watch(self.app, "state", self._state_changed, init=True)

    def _state_changed(self, state: EventState) -> None:
        # A mode left behind stays mounted; it renders again only when it is shown, so a hand
        # entered on the overview does not retell a 20,000-entry log nobody is looking at.
        if self.is_current:
            self._stale = False
            self.show_state(state)
        else:
            self._stale = True

    def on_screen_resume(self) -> None:
        if self._stale:
            self._stale = False
            self.show_state(self.console.state)

    def show_state(self, state: EventState) -> None:
        """Render `state`; a screen overrides this."""
        raise NotImplementedError

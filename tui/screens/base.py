"""`EventScreen`: a top-level screen that shows the event and follows `app.state`.

The app holds the one current `EventState` in its reactive `state` (replaced, never mutated),
and the `EventSession` with the open store. A screen reads them through `console`, and
`show_state` runs on mount and whenever the state is replaced (a hand recorded here, or another
process's append picked up by the app's poll).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, cast

from textual.screen import Screen

from mjevent.core.state import EventState
from mjevent.events.store import EventStore

__all__ = ["Console", "EventScreen"]


class _Session(Protocol):
    @property
    def store(self) -> EventStore: ...


class Console(Protocol):
    """What the screens read from the app: the state, the open store, and how to run a command.

    `run_command(command, *args, **kwargs)` calls an `events.commands` function with the store,
    sets the new state and returns it; it raises the command's own errors unchanged.
    """

    state: EventState

    @property
    def session(self) -> _Session: ...

    def run_command(self, command: Callable[..., EventState], *args: Any, **kwargs: Any) -> (
        EventState
    ): ...


class EventScreen(Screen[None]):
    """A screen over the event: `show_state(state)` renders it and is called on every change."""

    @property
    def console(self) -> Console:
        """The app, seen as what the screens need of it."""
        return cast(Console, self.app)

    def on_mount(self) -> None:
        self.watch(self.app, "state", self.show_state, init=True)

    def show_state(self, state: EventState) -> None:
        """Render `state`; a screen overrides this."""
        raise NotImplementedError

"""`EventSession`: the one open event file behind the console, and the only way it changes.

The console never writes the file itself. Every change is one call of a command in
`mjevent.events.commands` made through `EventSession.run`, which hands the command the store and
keeps the `EventState` it returns. `refresh()` is what the console's file watcher polls: it reads
what another process (a second console, `mjevent record` on another laptop) appended.

Both may be called from different threads (the watcher runs in a worker thread); a lock keeps a
refresh from interleaving with a command.

    session = EventSession(Path("club.toml"))
    state = session.run(record_line, "t3 ron S<-W 3/30 r:E,S")
    if session.refresh():   # another process appended
        state = session.state
"""

from __future__ import annotations

import datetime as dt
import functools
import inspect
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, Concatenate, ParamSpec

from mjevent.core.state import EventState
from mjevent.events import open_event
from mjevent.events.commands import current_state
from mjevent.events.replaced import Divergence
from mjevent.events.store import EventStore

__all__ = ["Clock", "EventSession", "utc_now"]

Clock = Callable[[], dt.datetime]
P = ParamSpec("P")


def utc_now() -> dt.datetime:
    """The wall clock in UTC: the default clock of the console and of every command."""
    return dt.datetime.now(dt.UTC)


class EventSession:
    """An event file opened for the console.

    `path` is the file, `store` the open `EventStore`, `state` the latest `EventState` (a new
    object after every change, never mutated). `clock` stamps every entry the session records;
    tests pass a fixed one.
    """

    def __init__(
        self, path: Path | str, *, clock: Clock = utc_now, read_only: bool = False
    ) -> None:
        """Open `path` (raises the `events.errors` errors, each naming the file, line and fix).

        `read_only` is for screens that only show the event (the projector): no lock is taken,
        a torn tail is never repaired, and a command that would write is refused by the store.
        """
        self.path = Path(path)
        self.clock = clock
        self._lock = threading.RLock()
        self.store = open_event(self.path, read_only=read_only)
        self.state: EventState = current_state(self.store)

    def run(
        self,
        command: Callable[Concatenate[EventStore, P], EventState],
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> EventState:
        """Call an events command on the store (`run(record_line, "t3 ron S<-W 3/30")`) with the
        session's clock (when it takes `clock=`), keep the new state and return it.

        The command's own errors (`CommandError`, `IllegalHandError`, `EntrySyntaxError` ...)
        pass through unchanged; nothing was written when one is raised.
        """
        extra: dict[str, Any] = dict(kwargs)
        if _takes_clock(command):
            extra.setdefault("clock", self.clock)
        with self._lock:
            try:
                state = command(self.store, *args, **extra)
            except BaseException:
                # A refused write checked against the file under its lock, so the store has
                # read what another writer appended: show it now, not at the next change.
                self._refold()
                raise
            self.state = state
            return state

    def refresh(self) -> bool:
        """Read what another process appended; True when the state changed.

        Cheap when nothing changed (one `stat` and a 64-byte read), so it can be polled a few
        times a second. Raises `EventFileReplacedError` while the file lacks what the console
        acknowledged (replaced or deleted; see `divergence`), at the cost of one `stat` while
        it is the same file.
        """
        with self._lock:
            if not self.store.changed_on_disk() and self.store.divergence is None:
                return False
            self.store.reload()
            return self._refold()

    # --- a file replaced or deleted under the console (see `events.replaced`) -------------------

    @property
    def divergence(self) -> Divergence | None:
        """What the file lacks of what the console read or recorded, or None; while it is set,
        every command is refused (`EventFileReplacedError`)."""
        return self.store.divergence

    def append_back(self) -> list[dict[str, Any]]:
        """Append the acknowledged entries the replaced file lacks (same ids); return them."""
        with self._lock:
            try:
                return self.store.append_back()
            finally:
                self._refold()

    def accept_file(self) -> None:
        """Take the replaced file as it is now."""
        with self._lock:
            try:
                self.store.accept_file()
            finally:
                self._refold()

    def write_back(self) -> None:
        """Write the deleted file back to its path from what the console holds."""
        with self._lock:
            try:
                self.store.write_back()
            finally:
                self._refold()

    def _refold(self) -> bool:
        """Fold what the store holds now; True when the state changed."""
        state = current_state(self.store)
        if state is self.state:
            return False
        self.state = state
        return True


@functools.cache
def _takes_clock(command: Callable[..., object]) -> bool:
    # Every command that makes an entry takes `clock=`; a reading one (`current_state`) does not.
    try:
        return "clock" in inspect.signature(command).parameters
    except (TypeError, ValueError):
        return False

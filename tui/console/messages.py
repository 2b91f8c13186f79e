"""Messages the whole console shares (widgets' own messages are nested in their classes).

They are small dataclasses, posted to the app. The file watcher can post `EventChanged` several
times in a burst; `can_replace` keeps only the newest in the queue (toolong's pattern).
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message

from mjevent.core.state import EventState
from mjevent.events.replaced import Divergence

__all__ = ["EventChanged", "EventFileReplaced", "EventFileTrouble", "OpenTable"]


@dataclass
class EventChanged(Message):
    """Another process appended to the event file; `state` is the fold of what it now holds."""

    state: EventState

    def can_replace(self, message: Message) -> bool:
        """A newer state makes an older one still in the queue pointless."""
        return isinstance(message, EventChanged)


@dataclass
class EventFileTrouble(Message):
    """Reading what another process wrote failed, or needed a repair; `text` names the file,
    the line and the fix. Nothing was lost: the console keeps showing the last good state."""

    text: str

    def can_replace(self, message: Message) -> bool:
        """Only the newest trouble matters (the watcher retries every poll)."""
        return isinstance(message, EventFileTrouble)


@dataclass
class EventFileReplaced(Message):
    """The file no longer holds what the console read or recorded (replaced, or deleted):
    posted once per such file, not at every poll. Nothing is written until the director
    chooses (`divergence` says what is missing). None: it holds all of it again."""

    divergence: Divergence | None


@dataclass
class OpenTable(Message):
    """Show one table's game (`TableScreen`): `round` and `table` number."""

    round: int
    table: int

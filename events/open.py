"""`open_event`: the one way every command and the console open an event file.

    store = open_event("club.toml")                  # to record: locks, repairs a torn tail
    store = open_event("club.toml", read_only=True)  # to look: no lock, no lock file, no write
    state = current_state(store)                     # events.commands: the folded log

Opened for writing, a torn tail (an entry cut off mid-write) is moved aside to a side file and
reported in `store.warnings`. Opened read-only, nothing is taken, created or changed: a torn
tail is reported in `store.warnings` and left in place, and `append` refuses. `mjevent print`,
`replay`, `check` (without `--repair`), the projector and browsers open read-only.
"""

from __future__ import annotations

from pathlib import Path

from mjevent.events.store import EventStore

__all__ = ["open_event"]


def open_event(path: Path | str, *, read_only: bool = False) -> EventStore:
    """Open the event file at `path` (symbolic links are followed; messages name `path`).

    Raises an `events.errors.EventFileError` subclass naming the file, the line and the fix
    when the file cannot be opened or does not validate.

    >>> import tempfile
    >>> from mjevent.events.store import EventStore
    >>> path = Path(tempfile.mkdtemp()) / "cup.toml"
    >>> _ = EventStore.create(path, {"event": {"name": "Cup", "format_version": 1},
    ...                              "rules": {"preset": "ema2016"}})
    >>> (path.parent / ".cup.toml.lock").unlink()    # left by `create`, which wrote the file
    >>> store = open_event(path, read_only=True)
    >>> store.read_only, store.log, sorted(p.name for p in path.parent.iterdir())
    (True, [], ['cup.toml'])
    """
    return EventStore.open(path, read_only=read_only)

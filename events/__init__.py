"""The event file: one TOML file with the settings and the append-only log, and its replay.

`open_event(path, *, read_only=False)` is how every command opens one (see `events.open`).
"""

from mjevent.events.open import open_event

__all__ = ["open_event"]

"""The console's user settings: the keymap and the recently opened events.

Both live in the user's config folder (`$XDG_CONFIG_HOME/mjevent`, else `~/.config/mjevent`;
platformdirs' answer on macOS and Windows), never in the event file. This is the one TOML the
tui reads and writes itself: it holds the user's preferences, not the event.

- `keymap.toml`: `"binding.id" = "key"` lines, e.g. `"table.undo" = "ctrl+z"`, given to
  `App.set_keymap`.
- `recent.toml`: `[[recent]]` rows with `path` and `name`, newest first; a row whose file is
  gone is dropped from the file when the list is next read.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import tempfile
import tomllib
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tomli_w

from mjevent.core.i18n import _
from mjevent.events.errors import EventFileError
from mjevent.events.files import FileRefusedError, read_regular
from mjevent.events.open import open_event

__all__ = [
    "KeymapError",
    "RecentEvent",
    "config_folder",
    "read_keymap",
    "read_recent",
    "remember_recent",
]

RECENT_LIMIT = 10
"""How many recently opened events `recent.toml` keeps."""


MAX_CONFIG_BYTES = 64_000
"""The largest keymap or recent list read (a keymap of every binding is about 3 kB)."""

RESERVED_KEYS = frozenset({"enter", "tab", "shift+tab", "backspace", "delete", "space"})
"""Keys the console's fields and lists need: Enter records the entry line, Tab moves between
fields. A binding on one of them would take it from every field (`"app.quit" = "enter"` would
quit where a hand was meant to be recorded), so the keymap may not use them."""


class KeymapError(ValueError):
    """The keymap file cannot be read; the message names the file, the line and the fix."""


@dataclass(frozen=True, slots=True)
class RecentEvent:
    """An event file opened before: its path and the event's name; for the launcher to show,
    the event's `[event] date` (None when the file has none) and the day the file was last
    written."""

    path: Path
    name: str
    date: dt.date | None = field(default=None, compare=False)
    written: dt.date | None = field(default=None, compare=False)


def config_folder() -> Path:
    """The folder holding `keymap.toml` and `recent.toml` (it may not exist yet)."""
    xdg = os.environ.get("XDG_CONFIG_HOME")
    if xdg:
        return Path(xdg) / "mjevent"
    import platformdirs  # only when no XDG folder is named (macOS, Windows)

    return Path(platformdirs.user_config_dir("mjevent"))


def read_keymap(path: Path | None = None, known: Collection[str] | None = None) -> dict[str, str]:
    """The user's key rebindings, `{binding id: key}`; empty when there is no keymap file.

    `known` (the console's binding ids, `keys.binding_ids()`) refuses an id that binds
    nothing; a key the fields need (`RESERVED_KEYS`) is always refused. Errors name the file,
    the line and the fix.

    >>> import tempfile
    >>> f = Path(tempfile.mkdtemp()) / "keymap.toml"
    >>> _ = f.write_text('"table.undo" = "ctrl+z"\\n', "utf-8")
    >>> read_keymap(f)
    {'table.undo': 'ctrl+z'}
    """
    path = config_folder() / "keymap.toml" if path is None else path
    try:
        text = read_regular(path, limit=MAX_CONFIG_BYTES, what=_("a keymap file")).decode(
            "utf-8-sig"
        )
        data = tomllib.loads(text)
    except FileNotFoundError:
        return {}
    except FileRefusedError as error:
        raise KeymapError(str(error)) from None
    except UnicodeDecodeError:
        raise KeymapError(
            _(
                "{path}: not UTF-8 text. Fix: save it as UTF-8, one line per binding, e.g. "
                '"table.undo" = "ctrl+z"'
            ).format(path=path)
        ) from None
    except tomllib.TOMLDecodeError as error:
        raise KeymapError(
            _(
                '{path}: {error}. Fix: write one line per binding, e.g. "table.undo" = "ctrl+z"'
            ).format(path=path, error=error)
        ) from None
    keymap: dict[str, str] = {}
    for key, value in data.items():
        where = f"{path}:{_line_of(text, key)}"
        if not isinstance(value, str):
            raise KeymapError(
                _('{path}: {key!r} must be a key name in quotes, e.g. "{name}" = "ctrl+z"').format(
                    path=where, key=key, name=key
                )
            )
        if known is not None and key not in known:
            raise KeymapError(
                _(
                    "{path}: {key!r} is no binding of the console, so it would change nothing. "
                    "Fix: use an id that F1 lists (such as table.undo), or remove the line."
                ).format(path=where, key=key)
            )
        taken = [
            k for k in (part.strip().lower() for part in value.split(",")) if k in RESERVED_KEYS
        ]
        if taken:
            raise KeymapError(
                _(
                    "{path}: {key!r} = {value!r}: {reserved} is needed by the console's fields "
                    "(Enter records, Tab moves). Fix: choose another key, e.g. ctrl+{letter}."
                ).format(
                    path=where,
                    key=key,
                    value=value,
                    reserved=taken[0],
                    letter="q" if key == "app.quit" else "k",
                )
            )
        keymap[key] = value
    return keymap


def _line_of(text: str, key: str) -> int:
    """The line (from 1) that binds `key`, else 1."""
    for i, line in enumerate(text.splitlines(), 1):
        stripped = line.strip().lstrip("\"'")
        if stripped.startswith(key):
            return i
    return 1


def _recent_file() -> Path:
    return config_folder() / "recent.toml"


def read_recent() -> list[RecentEvent]:
    """The recently opened events, newest first: each an event file that exists and opens,
    listed once, with the name it was remembered by. A row naming anything else is left out, and
    nothing of such a file is shown; an unreadable `recent.toml` lists nothing. Rows whose file
    is gone (a test's temporary folder, a renamed file) are dropped from `recent.toml` too, so
    the list does not fill with them; a file there but unreadable now (a USB stick's, say)
    keeps its row."""
    try:
        raw = read_regular(_recent_file(), limit=MAX_CONFIG_BYTES, what=_("a recent list"))
        data = tomllib.loads(raw.decode("utf-8"))
    except (OSError, FileRefusedError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return []
    rows = data.get("recent", [])
    found: list[RecentEvent] = []
    seen: set[Path] = set()
    kept: list[dict[str, Any]] = []
    for row in rows if isinstance(rows, list) else []:
        if not (isinstance(row, dict) and isinstance(row.get("path"), str)):
            continue
        path = Path(row["path"])
        if not os.path.lexists(path):
            continue  # gone: pruned below
        kept.append(row)
        if path in seen or len(found) >= RECENT_LIMIT:
            continue
        seen.add(path)
        try:
            written = dt.date.fromtimestamp(path.stat().st_mtime)
            settings = open_event(path, read_only=True).event.event
        except (EventFileError, OSError, ValueError):
            continue  # moved, unreadable, or not an event file: not offered
        found.append(RecentEvent(path, str(row.get("name", settings.name)), settings.date, written))
    if len(kept) < len(rows):
        _write_recent(kept)
    return found


def remember_recent(path: Path, name: str) -> None:
    """Put `path` first in `recent.toml`: written whole to a temporary file of its own, then
    renamed over the list, so that consoles opening at once never share a temporary file and
    a reader sees one list or the other. A list that cannot be written is left as it was: it
    is a convenience, and opening the event goes on."""
    path = path.resolve()
    rows = [RecentEvent(path, name), *(r for r in read_recent() if r.path != path)]
    _write_recent([{"path": str(r.path), "name": r.name} for r in rows[:RECENT_LIMIT]])


def _write_recent(rows: list[dict[str, Any]]) -> None:
    """Write `recent.toml` as `rows` (see `remember_recent` for how)."""
    folder = _recent_file().parent
    text = tomli_w.dumps({"recent": rows})
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".recent.", suffix=".tmp", dir=folder)
    except OSError:
        return
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, _recent_file())
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(tmp)

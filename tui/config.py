"""The console's user settings: the keymap and the recently opened events.

Both live in the user's config folder (`$XDG_CONFIG_HOME/mjevent`, else `~/.config/mjevent`;
platformdirs' answer on macOS and Windows), never in the event file. This is the one TOML the
tui reads and writes itself: it holds the user's preferences, not the event.

- `keymap.toml`: `"binding.id" = "key"` lines, e.g. `"table.undo" = "ctrl+z"`, given to
  `App.set_keymap`.
- `recent.toml`: `[[recent]]` rows with `path` and `name`, newest first.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass
from pathlib import Path

import tomli_w

from mjevent.core.i18n import _

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


class KeymapError(ValueError):
    """The keymap file cannot be read; the message names the file, the line and the fix."""


@dataclass(frozen=True, slots=True)
class RecentEvent:
    """An event file opened before: its path and the event's name."""

    path: Path
    name: str


def config_folder() -> Path:
    """The folder holding `keymap.toml` and `recent.toml` (it may not exist yet)."""
    xdg = os.environ.get("XDG_CONFIG_HOME")
    if xdg:
        return Path(xdg) / "mjevent"
    import platformdirs  # only when no XDG folder is named (macOS, Windows)

    return Path(platformdirs.user_config_dir("mjevent"))


def read_keymap(path: Path | None = None) -> dict[str, str]:
    """The user's key rebindings, `{binding id: key}`; empty when there is no keymap file.

    >>> import tempfile
    >>> f = Path(tempfile.mkdtemp()) / "keymap.toml"
    >>> _ = f.write_text('"table.undo" = "ctrl+z"\\n', "utf-8")
    >>> read_keymap(f)
    {'table.undo': 'ctrl+z'}
    """
    path = config_folder() / "keymap.toml" if path is None else path
    try:
        data = tomllib.loads(path.read_text("utf-8"))
    except FileNotFoundError:
        return {}
    except tomllib.TOMLDecodeError as error:
        raise KeymapError(
            _('{path}: {error}. Fix: write one line per binding, e.g. "table.undo" = "ctrl+z"')
            .format(path=path, error=error)
        ) from None
    keymap: dict[str, str] = {}
    for key, value in data.items():
        if not isinstance(value, str):
            raise KeymapError(
                _('{path}: {key!r} must be a key name in quotes, e.g. "{name}" = "ctrl+z"')
                .format(path=path, key=key, name=key)
            )
        keymap[key] = value
    return keymap


def _recent_file() -> Path:
    return config_folder() / "recent.toml"


def read_recent() -> list[RecentEvent]:
    """The recently opened events, newest first (unreadable rows and missing files left out)."""
    try:
        data = tomllib.loads(_recent_file().read_text("utf-8"))
    except (FileNotFoundError, tomllib.TOMLDecodeError):
        return []
    rows = data.get("recent", [])
    found: list[RecentEvent] = []
    for row in rows if isinstance(rows, list) else []:
        if isinstance(row, dict) and isinstance(row.get("path"), str):
            path = Path(row["path"])
            if path.is_file():
                found.append(RecentEvent(path, str(row.get("name", path.stem))))
    return found


def remember_recent(path: Path, name: str) -> None:
    """Put `path` first in `recent.toml` (written whole to a temporary file, then renamed)."""
    path = path.resolve()
    rows = [RecentEvent(path, name), *(r for r in read_recent() if r.path != path)]
    folder = _recent_file().parent
    folder.mkdir(parents=True, exist_ok=True)
    text = tomli_w.dumps(
        {"recent": [{"path": str(r.path), "name": r.name} for r in rows[:RECENT_LIMIT]]}
    )
    tmp = folder / "recent.toml.tmp"
    tmp.write_text(text, "utf-8")
    tmp.replace(_recent_file())

"""A small TOML writer laid out for the event file: compact, line-oriented and stable.

tomli-w would write every list one item per line; an event with 500 players and 18,000 hands
would then be several times longer and slower to parse. This writer puts a list of plain values
on one line, a list of lists one inner list per line (seating tables), and a log entry as one
`key = value` line per field with nested tables inline, so an entry is a few short lines.
Everything written is read back with `tomllib` by the callers and compared, so a value this
module cannot spell exactly is refused rather than stored wrong.

>>> import datetime
>>> print(document({"event": {"name": "東風戦 Cup", "date": datetime.date(2026, 12, 2)},
...                 "players": [{"id": "p01", "name": "Zoë"}]}), end="")
[event]
name = "東風戦 Cup"
date = 2026-12-02
<BLANKLINE>
[[players]]
id = "p01"
name = "Zoë"
>>> print(log_block({"id": "01J", "at": "t", "kind": "hand", "outcome": {"han": 3}}), end="")
<BLANKLINE>
[[log]]
id = "01J"
at = "t"
kind = "hand"
outcome = { han = 3 }
# end 01J crc32:2ac7e7ea
"""

from __future__ import annotations

import datetime as _dt
import math
import re
import zlib
from collections.abc import Mapping, Sequence
from typing import Any

from mjevent.core.i18n import _

END_PREFIX = "# end "
"""Every log entry's last line is `# end <id> crc32:<8 hex digits>`: an entry without it was cut
off mid-write. The checksum covers the entry's bytes from its `[[log]]` line to the newline
before the end line, so an entry damaged on disk (a power cut on a disk that does not keep
writes in order) is recognised. End lines without a checksum (older files) are read as before."""

CHECKSUM_PREFIX = "crc32:"


def checksum(block: bytes) -> str:
    """The checksum written on an entry's end line for the entry's bytes `block`.

    >>> checksum(b'[[log]]\\nid = "01J"\\n')
    'crc32:c2ec94b7'
    """
    return f"{CHECKSUM_PREFIX}{zlib.crc32(block):08x}"

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_ESCAPE = re.compile(r'["\\\x00-\x1f\x7f]')
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f",
            "\r": "\\r"}


class TomlValueError(ValueError):
    """A value TOML cannot hold (None, a set, an object); the message names the key path."""


def key(name: str) -> str:
    """A key as TOML spells it: bare when it can be, else quoted."""
    return name if _BARE_KEY.fullmatch(name) else string(name)


def string(text: str) -> str:
    """A TOML basic string: quotes, backslashes and control characters escaped.

    >>> print(string('say "ロン"\\n'))
    "say \\"ロン\\"\\n"
    """
    return '"' + _ESCAPE.sub(_escape, text) + '"'


def _escape(match: re.Match[str]) -> str:
    ch = match.group()
    return _ESCAPES.get(ch) or f"\\u{ord(ch):04x}"


def value(v: Any, path: str = "value") -> str:
    """One value on one line: scalars, `[a, b]` lists and `{ k = v }` inline tables."""
    if isinstance(v, str):
        return string(v)
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        return repr(v)
    if isinstance(v, _dt.datetime | _dt.date | _dt.time):
        return v.isoformat()
    if isinstance(v, Mapping):
        if not v:
            return "{}"
        parts = (f"{key(str(k))} = {value(x, f'{path}.{k}')}" for k, x in v.items())
        return "{ " + ", ".join(parts) + " }"
    if isinstance(v, Sequence) and not isinstance(v, bytes | bytearray):
        return "[" + ", ".join(value(x, f"{path}[{i}]") for i, x in enumerate(v)) + "]"
    if v is None:
        raise TomlValueError(
            _("{path} is None: TOML has no null; leave the key out instead").format(path=path)
        )
    raise TomlValueError(
        _("{path} is {type} {value!r}: TOML cannot hold it").format(
            path=path, type=type(v).__name__, value=v
        )
    )


def _is_table_array(v: Any) -> bool:
    return isinstance(v, list | tuple) and bool(v) and all(isinstance(x, Mapping) for x in v)


def _lines(table: Mapping[str, Any], prefix: str, out: list[str]) -> None:
    subtables: list[tuple[str, Any]] = []
    for k, v in table.items():
        if isinstance(v, Mapping) or _is_table_array(v):
            subtables.append((k, v))
            continue
        path = f"{prefix}{k}"
        if isinstance(v, list | tuple) and v and all(isinstance(x, list | tuple) for x in v):
            # A list of lists (a round's tables) reads best one inner list per line.
            inner = [f"    {value(x, f'{path}[{i}]')}," for i, x in enumerate(v)]
            out.append(f"{key(k)} = [")
            out.extend(inner)
            out.append("]")
        else:
            out.append(f"{key(k)} = {value(v, path)}")
    for k, v in subtables:
        name = f"{prefix}{key(k)}"
        if isinstance(v, Mapping):
            if out:
                out.append("")
            out.append(f"[{name}]")
            _lines(v, name + ".", out)
        else:
            for item in v:
                if out:
                    out.append("")
                out.append(f"[[{name}]]")
                _lines(item, name + ".", out)


def document(data: Mapping[str, Any]) -> str:
    """A whole TOML document: top-level values, then `[tables]` and `[[arrays of tables]]`."""
    out: list[str] = []
    _lines(data, "", out)
    return "\n".join(out) + "\n" if out else ""


def log_block(record: Mapping[str, Any]) -> str:
    """One log entry as appended: a blank line, `[[log]]`, one line per field, `# end <id>`.

    `id`, `at` and `kind` come first; nested tables and lists stay inline on their field's line,
    so no line of an entry can be mistaken for the start of the next.
    """
    ordered = [k for k in ("id", "at", "kind") if k in record]
    ordered += [k for k in record if k not in ("id", "at", "kind")]
    lines = ["[[log]]"]
    lines += [f"{key(k)} = {value(record[k], k)}" for k in ordered]
    body = "\n".join(lines) + "\n"
    sum_ = checksum(body.encode("utf-8", "surrogatepass"))
    return f"\n{body}{END_PREFIX}{record['id']} {sum_}\n"


HEADER = (
    "# mjevent event file: the settings, then the log (append-only, one [[log]] block per entry).\n"
    "# Schema: docs/event-file.md. Add log entries with mjevent; an entry ends with `# end <id>`.\n"
    "\n"
)
LOG_BANNER = "\n# ---- log: appended by mjevent; every entry ends with its `# end <id>` line ----\n"


def settings_text(settings: Mapping[str, Any], banner: bool = True) -> str:
    """The settings part of an event file: the header, the settings, and (`banner`) the line
    above the log that promises every entry ends with its end line."""
    return HEADER + document(settings) + (LOG_BANNER if banner else "")

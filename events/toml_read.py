"""Reading the event file's TOML: tomllib with errors that name the line and the fix, and a
fast reader for the log as mjevent writes it.
"""

from __future__ import annotations

import datetime as _dt
import json
import re
import tomllib
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mjevent.core.i18n import N_, _
from mjevent.events.errors import EventFileSyntaxError
from mjevent.events.toml_write import LOG_BANNER

LOG_HEADER = re.compile(rb"(?m)^[ \t]*\[\[[ \t]*log[ \t]*\]\][ \t]*(?:#[^\n]*)?\r?$")
"""A `[[log]]` line, as TOML allows it to be spelled (spaces, a comment, a CRLF end)."""
_TOML_WHERE = re.compile(r" \(at line (\d+), column (\d+)\)$")


def parse_toml(path: Path, data: bytes) -> dict[str, Any]:
    """Parse TOML bytes, turning decode errors into `EventFileSyntaxError` with the line."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        raise EventFileSyntaxError(
            path,
            _(
                "{path}:{line}:{column}: not UTF-8 text (byte 0x{byte:02x}). "
                "Fix: save the file as UTF-8 in your editor."
            ).format(path=path, line=line, column=column, byte=data[error.start]),
            line,
            column,
        ) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise _syntax_error(path, text, str(error)) from None
    except (ValueError, RecursionError) as error:
        # Python refuses integers over 4,300 digits, and nesting deeper than its stack.
        raise _hostile_value(path, text, error) from None


_LONG_NUMBER = re.compile(r"[-+]?[0-9][0-9_]{18,}")


def _hostile_value(path: Path, text: str, error: Exception) -> EventFileSyntaxError:
    """The error for a value no event holds: a number too long, or values nested too deep."""
    lines = text.split("\n")
    if isinstance(error, RecursionError):
        line = 1 + max(range(len(lines)), key=lambda n: lines[n].count("[") + lines[n].count("{"))
        depth = lines[line - 1].count("[") + lines[line - 1].count("{")
        reason = _("values nested too deep ({depth:,} brackets on one line)").format(depth=depth)
    else:
        match = _LONG_NUMBER.search(text)
        line = text.count("\n", 0, match.start()) + 1 if match else 1
        digits = len(match.group().strip("+-").replace("_", "")) if match else 0
        reason = _(
            "a number with {digits:,} digits (an event file's numbers have at most 19)"
        ).format(digits=digits)
    return EventFileSyntaxError(
        path,
        _(
            "{path}:{line}: not valid in an event file: {reason}.\n"
            "Fix: correct line {line} in a text editor, then run `mjevent check {path}`."
        ).format(path=path, line=line, reason=reason),
        line,
        1,
    )


def _syntax_error(path: Path, text: str, message: str) -> EventFileSyntaxError:
    where = _TOML_WHERE.search(message)
    if where:
        line, column = int(where.group(1)), int(where.group(2))
        reason = message[: where.start()]
    else:
        # tomllib reports "(at end of document)" when the text stops mid-value.
        reason = message.replace(" (at end of document)", "")
        line = text.count("\n") + (0 if text.endswith("\n") else 1)
        column = len(text) - (text.rfind("\n") + 1) + 1
    lines = text.split("\n")
    shown = lines[line - 1].rstrip("\r") if 0 < line <= len(lines) else ""
    return EventFileSyntaxError(
        path,
        _(
            "{path}:{line}:{column}: not valid TOML: {reason}.\n"
            "    {line} | {shown}\n"
            "Fix: correct line {line} in a text editor (text values need double quotes), "
            "then run `mjevent check {path}`."
        ).format(path=path, line=line, column=column, reason=_toml_reason(reason), shown=shown),
        line,
        column,
    )


# What Python's TOML reader says, in the user's language: its messages are English and fixed
# (a few name the character or key at fault, which stays as it is).
_TOML_REASONS = {
    "Invalid statement": N_("Invalid statement"),
    "Expected newline or end of document after a statement": N_(
        "Expected newline or end of document after a statement"
    ),
    "Cannot overwrite a value": N_("Cannot overwrite a value"),
    "Expected ']' at the end of a table declaration": N_(
        "Expected ']' at the end of a table declaration"
    ),
    "Expected ']]' at the end of an array declaration": N_(
        "Expected ']]' at the end of an array declaration"
    ),
    "Expected '=' after a key in a key/value pair": N_(
        "Expected '=' after a key in a key/value pair"
    ),
    "Invalid initial character for a key part": N_("Invalid initial character for a key part"),
    "Unclosed array": N_("Unclosed array"),
    "Unclosed inline table": N_("Unclosed inline table"),
    "Unescaped '\\' in a string": N_("Unescaped '\\' in a string"),
    "Invalid hex value": N_("Invalid hex value"),
    "Escaped character is not a Unicode scalar value": N_(
        "Escaped character is not a Unicode scalar value"
    ),
    "Unterminated string": N_("Unterminated string"),
    "Invalid date or datetime": N_("Invalid date or datetime"),
    "Invalid value": N_("Invalid value"),
}
_TOML_PATTERNS = (
    (re.compile(r"Expected (.+)"), N_("Expected {what}")),
    (re.compile(r"Found invalid character (.+)"), N_("Found invalid character {what}")),
    (re.compile(r"Illegal character (.+)"), N_("Illegal character {what}")),
    (re.compile(r"Cannot declare (.+) twice"), N_("Cannot declare {what} twice")),
    (
        re.compile(r"Cannot mutate immutable namespace (.+)"),
        N_("Cannot mutate immutable namespace {what}"),
    ),
    (re.compile(r"Cannot redefine namespace (.+)"), N_("Cannot redefine namespace {what}")),
    (re.compile(r"Duplicate inline table key (.+)"), N_("Duplicate inline table key {what}")),
)


def _toml_reason(reason: str) -> str:
    """tomllib's `reason` in the user's language (as it is when the reader words it anew)."""
    known = _TOML_REASONS.get(reason)
    if known is not None:
        return _(known)
    for pattern, message in _TOML_PATTERNS:
        match = pattern.fullmatch(reason)
        if match:
            return _(message).format(what=match.group(1))
    return reason


# --- The fast path -------------------------------------------------------------------------------
# tomllib is pure Python and takes about 90 ms per 1,000 entries; an event with 18,000 hands would
# take well over a second to open. The log blocks this module writes have a fixed shape (see
# `toml_write.log_block`): a blank line, `[[log]]`, the id line, one `key = value` line per
# field, `# end <id> crc32:<checksum>`. For that shape each value is also JSON once inline-table
# keys are quoted, so the log is read block by block, line by line, with `json.loads` for the
# nested values, and each block's checksum is checked as it is read (so that opening need not
# search the file for damaged entries again, `torn_tail.damaged`). Anything else (a comment, a
# dotted key, a time, an escape JSON spells differently, a duplicate key, an entry without its
# end line, blocks not parted by a blank line) makes the fast path give up, and the whole file
# goes through tomllib as before: the fast path returns either exactly what tomllib would, or
# None. The settings above the log (at 500 players, the players and the seating: some 70 ms in
# tomllib) are read the same way (`fast_settings`), in the shape `toml_write.document` writes;
# settings in any other shape go to tomllib alone.

_NOT_FAST = object()
_BANNER = LOG_BANNER.strip()
_BARE = re.compile(r"[A-Za-z0-9_-]+")
# The control characters TOML refuses outside strings and in them unescaped (all but tab, LF and
# CR): every byte but those, to delete, so that what is left is the controls found. In UTF-8
# these bytes are those characters only (a multi-byte character's bytes are all 0x80 or more).
_NOT_CONTROL = bytes(b for b in range(256) if b not in (*range(9), 11, 12, *range(14, 32), 127))


def has_raw_control(data: bytes) -> bool:
    """Whether `data` holds a control character TOML refuses unescaped (checked in one C pass:
    a regex search over a 4 MB log took some 50 ms)."""
    return bool(data.translate(None, _NOT_CONTROL))


# Spellings JSON reads and TOML refuses: `\/`, a lone surrogate escape, and `null` (TOML has no
# null; the word inside a text value with escapes only sends that file to tomllib).
_JSON_ONLY = re.compile(r"\\/|\\u[dD][89a-fA-F]|null")
_INLINE_KEY = re.compile(r'"(?:[^"\\]|\\.)*"|([A-Za-z0-9_-]+) = ')


def _quote_key(match: re.Match[str]) -> str:
    key = match.group(1)
    return match.group(0) if key is None else f'"{key}": '


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        raise ValueError("duplicate key")
    return out


def _reject_constant(name: str) -> Any:
    # json.loads would read NaN and Infinity; TOML spells them nan and inf.
    raise ValueError(name)


_JSON = json.JSONDecoder(object_pairs_hook=_no_duplicates, parse_constant=_reject_constant)


def _json_value(raw: str, converted: dict[str, str]) -> Any:
    # Logs repeat the same nested values (a 3 han 30 fu win by South) thousands of times, so
    # the TOML-to-JSON spelling is worked out once per distinct value.
    text = converted.get(raw)
    if text is None:
        if _JSON_ONLY.search(raw):
            return _NOT_FAST
        text = _INLINE_KEY.sub(_quote_key, raw) if "{" in raw else raw
        converted[raw] = text
    try:
        return _JSON.decode(text)
    except (ValueError, RecursionError):
        return _NOT_FAST


_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def _value(raw: str, converted: dict[str, str]) -> Any:
    """The value a `key = value` line spells after its ` = `, as tomllib reads it, or
    `_NOT_FAST`."""
    # The common values (plain text without escapes, whole numbers, a day) skip JSON.
    if raw[:1] == '"' and raw.find('"', 1) == len(raw) - 1 and "\\" not in raw:
        return raw[1:-1]
    if (
        raw[:1] != '"'
        and raw.isdigit()
        and raw.isascii()
        and len(raw) < 19
        and (raw[0] != "0" or len(raw) == 1)
    ):
        return int(raw)
    if _DATE.fullmatch(raw):
        try:
            return _dt.date.fromisoformat(raw)
        except ValueError:
            return _NOT_FAST
    return _json_value(raw, converted)


# Each block as written: after the blank line before it, `[[log]]` and its id line, whose
# bytes start every block's checksum.
_BLOCK = '\n\n[[log]]\nid = "'
_BLOCK_SUM = zlib.crc32(b'[[log]]\nid = "')


def fast_log(text: str) -> tuple[list[dict[str, Any]], bool] | None:
    """The log blocks in `text` as tomllib reads them, and whether every block's end line
    carries the checksum of its bytes (`torn_tail.damaged` would find nothing in it); None
    when any block is not in the shape mjevent writes (see above): `[[log]]` after a blank
    line, its id line, its fields, its end line."""
    records: list[dict[str, Any]] = []
    keep = records.append
    keys: set[str] = set()
    converted: dict[str, str] = {}
    sealed = True
    # A log repeats most of its lines word for word (`kind = "hand"`, `round = 3`, a 3 han 30
    # fu win by South): each distinct line is read once, and its value handed out again (a
    # list or table as a fresh copy, so no two records share one).
    known: dict[str, tuple[str, Any, Callable[[Any], Any] | None]] = {}
    seen_line = known.get
    chunks = ("\n\n" + text).split(_BLOCK)
    if chunks[0].strip("\n"):
        return None  # something before the first block
    for n in range(1, len(chunks)):
        # The block from its id's text on: `<id>"`, its field lines, `# end <id> crc32:...`.
        chunk = chunks[n]
        quote = chunk.find('"\n')
        end = chunk.rfind("\n# end ")
        if quote < 0 or end <= quote:
            return None
        entry_id = chunk[:quote]
        if '"' in entry_id or "\\" in entry_id or "\n" in entry_id:
            return None
        record: dict[str, Any] = {"id": entry_id}
        for line in chunk[quote + 2 : end].split("\n") if end > quote + 1 else ():
            seen = seen_line(line)
            if seen is not None:
                key, value, fresh = seen
                if key in record:
                    return None
                record[key] = value if fresh is None else fresh(value)
                continue
            key, sep, raw = line.partition(" = ")
            if not sep or key in record:
                return None
            if key not in keys:
                if not _BARE.fullmatch(key):
                    return None
                keys.add(key)
            value = _value(raw, converted)
            if value is _NOT_FAST:
                return None
            copier = _copier(value)
            if copier is not _NOT_FAST:
                known[line] = (key, value, copier)
                value = value if copier is None else copier(value)
            record[key] = value
        end_id, _, sum_ = chunk[end + 7 :].rstrip("\n").partition(" ")
        if end_id != entry_id:
            return None
        if not sum_:
            sealed = False  # an end line written before checksums
        elif len(sum_) != 14 or sum_[:6] != "crc32:":
            return None
        elif sealed:
            # The checksum is of the block's bytes up to the newline before its end line
            # (`damaged` reads an id with white space as a different end line: left to it).
            block_sum = zlib.crc32(chunk[: end + 1].encode("utf-8"), _BLOCK_SUM)
            sealed = sum_ == f"crc32:{block_sum:08x}" and entry_id.split() == [entry_id]
        keep(record)
    return records, sealed


_SCALARS = (str, int, float, bool, type(None))


def _fresh_tables(value: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [dict(table) for table in value]


def _copier(value: Any) -> Any:
    """How a value read once is handed out again: None (it cannot change: shared), a function
    making a fresh copy, or `_NOT_FAST` when it is nested deeper (read anew each time)."""
    if isinstance(value, _SCALARS):
        return None
    flat = isinstance(value, list) and all(isinstance(v, _SCALARS) for v in value)
    if flat:
        return list
    if isinstance(value, dict) and all(isinstance(v, _SCALARS) for v in value.values()):
        return dict
    if isinstance(value, list) and all(
        isinstance(t, dict) and all(isinstance(v, _SCALARS) for v in t.values()) for t in value
    ):
        return _fresh_tables
    return _NOT_FAST


def fast_settings(text: str) -> dict[str, Any] | None:
    r"""The settings above the log as tomllib reads them, or None when any line is not in the
    shape `toml_write.document` writes them in.

    That shape: comment lines, blank lines, `[table]` and `[[array]]` headers of bare keys,
    and `key = value` lines, a list of lists one inner list a line (`tables = [`, `    [...],`,
    `]`). Each header must make a new table (or add to an array of tables made by `[[...]]`
    lines), inside tables and arrays made by headers, and no key may come twice: anything TOML
    reads otherwise (a table made implicitly, or by dotted keys, then named again, a header
    with spaces, a comment after a value) gives None, and the text goes to tomllib.

    >>> fast_settings('[event]\nname = "Cup"\n\n[[players]]\nid = "p1"\n\n[[players]]\nid = "p2"\n')
    {'event': {'name': 'Cup'}, 'players': [{'id': 'p1'}, {'id': 'p2'}]}
    """
    root: dict[str, Any] = {}
    # The tables made by a header line, and the arrays made by `[[...]]` lines (by id: all of
    # them live in `root` until the end).
    headed: set[int] = set()
    arrays: set[int] = set()
    table = root
    converted: dict[str, str] = {}
    lines = iter(text.split("\n"))
    for line in lines:
        if not line or line[0] == "#":
            continue
        if line[0] == "[":
            many = line[:2] == "[[" and line[-2:] == "]]"
            if line[-1:] != "]":
                return None
            parts = (line[2:-2] if many else line[1:-1]).split(".")
            if not all(_BARE.fullmatch(part) for part in parts):
                return None
            parent = root
            for part in parts[:-1]:
                node = parent.get(part)
                if type(node) is list and id(node) in arrays:
                    node = node[-1]  # `[a.b]` after `[[a]]`: in a's last table
                if type(node) is not dict or id(node) not in headed:
                    return None
                parent = node
            last = parts[-1]
            table = {}
            headed.add(id(table))
            if not many:
                if last in parent:
                    return None
                parent[last] = table
                continue
            tables = parent.get(last)
            if tables is None:
                tables = parent[last] = []
                arrays.add(id(tables))
            elif type(tables) is not list or id(tables) not in arrays:
                return None
            tables.append(table)
            continue
        key, sep, raw = line.partition(" = ")
        if not sep or key in table or not _BARE.fullmatch(key):
            return None
        if raw == "[":
            items = []
            for item in lines:
                if item == "]":
                    break
                value = _value(item[4:-1], converted) if item[:4] == "    " else _NOT_FAST
                if value is _NOT_FAST or item[-1:] != ",":
                    return None
                items.append(value)
            else:
                return None  # the list is never closed
            table[key] = items
            continue
        value = _value(raw, converted)
        if value is _NOT_FAST:
            return None
        table[key] = value
    return root


def fast_document(data: bytes) -> tuple[dict[str, Any], bool] | None:
    """The parsed file when its log is all in the written shape, else None (see above); and
    whether `torn_tail.damaged(data)` would find nothing: every entry's end line carries the
    checksum of its bytes, checked as the log is read (`fast_log`), and nothing else in the
    file reads as an end line or moves where `damaged` looks for the first entry."""
    match = LOG_HEADER.search(data)
    if match is None or data[match.start() : match.start() + 7] != b"[[log]]":
        return None
    if has_raw_control(data[match.start() :]):
        return None
    try:
        head = data[: match.start()].decode("utf-8")
        log = data[match.start() :].decode("utf-8")
    except UnicodeDecodeError:
        return None
    windows = "\r" in log
    if windows:
        # Saved by a Windows editor: CRLF is a line end in TOML; a lone CR is not allowed.
        log = log.replace("\r\n", "\n")
        if "\r" in log:
            return None
    read = fast_log(log)
    if read is None:
        return None
    records, sealed = read
    doc = None if "\r" in head or has_raw_control(data[: match.start()]) else fast_settings(head)
    if doc is None:
        try:
            doc = tomllib.loads(head)
        except (ValueError, RecursionError):  # TOMLDecodeError is a ValueError
            return None
    if "log" in doc:
        return None
    doc["log"] = records
    # `damaged` also reads an end line in the settings, and finds the first entry after the
    # last banner before it; a file saved with CRLF is left to it too.
    sealed = sealed and not windows and "\n# end " not in head and _BANNER not in log
    return doc, sealed

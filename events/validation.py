"""What an event file must hold: settings that validate, and log entries each with a unique text
`id` and a `kind`; errors name the line of the key at fault when it can be found.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from mjevent.core.i18n import _
from mjevent.core.settings import EventSettings, SettingsError, settings_from_dict
from mjevent.events.entry_ids import ID_TEXT, new_entry_id
from mjevent.events.errors import EventFileInvalidError


def validate_settings(
    path: Path, settings: Mapping[str, Any], text: bytes | None = None
) -> EventSettings:
    """The settings as typed values; `EventFileInvalidError` naming the line (in `text`) when
    they do not validate."""
    try:
        return settings_from_dict(settings)
    except SettingsError as error:
        line = line_of(text, error.path) if text is not None else None
        if line is None and text is not None and re.fullmatch(r"\w+", error.path):
            line = 1  # a missing table: it goes at the top of the file
        raise EventFileInvalidError.at(path, str(error), error.path, line) from None


def check_log(
    path: Path, records: list[Any], offset: int, ids: dict[str, int]
) -> list[dict[str, Any]]:
    """Check each record has a unique text `id` and a `kind`; return them as dicts.

    `ids` (id -> index) holds the ids before `records` (`offset` of them) and gets theirs.
    """
    well_formed = _well_formed_ids(records, ids)
    if well_formed is None:
        return _check_each(path, records, offset, ids)
    ids.update(zip(well_formed, range(offset, offset + len(records)), strict=True))
    return records


def _check_each(
    path: Path, records: list[Any], offset: int, ids: dict[str, int]
) -> list[dict[str, Any]]:
    """`check_log` record by record: the first fault found is raised, worded for its record."""
    for i, rec in enumerate(records, offset):
        if not isinstance(rec, dict):
            raise EventFileInvalidError.at(
                path,
                _(
                    "log[{i}]: expected a [[log]] block, got a value. "
                    "Fix: write each log entry as a [[log]] block."
                ).format(i=i),
                f"log[{i}]",
            )
        entry_id = rec.get("id")
        if entry_id is None:
            raise EventFileInvalidError.at(
                path,
                _(
                    "log[{i}].id: expected the entry's id as text without spaces, got "
                    'None. Fix: give the entry an id, e.g. id = "{example}".'
                ).format(i=i, example=new_entry_id()),
                f"log[{i}].id",
            )
        if not isinstance(entry_id, str) or not ID_TEXT.fullmatch(entry_id):
            raise EventFileInvalidError.at(
                path,
                _(
                    "log[{i}].id: expected the entry's id as text without spaces, got "
                    '{got!r}. Fix: give the entry an id, e.g. id = "{example}".'
                ).format(i=i, got=entry_id, example=new_entry_id()),
                f"log[{i}].id",
            )
        if entry_id in ids:
            raise EventFileInvalidError.at(
                path,
                _(
                    "log[{i}].id: entry id {entry!r} is also the id of "
                    "log[{other}]. Fix: an id names one entry; if log[{i}] was pasted "
                    "by hand, give it a new id (or remove the copy)."
                ).format(i=i, entry=entry_id, other=ids[entry_id]),
                f"log[{i}].id",
            )
        ids[entry_id] = i
        if not isinstance(rec.get("kind"), str):
            raise EventFileInvalidError.at(
                path,
                _(
                    "log[{i}].kind: entry {entry!r} has no kind. "
                    'Fix: add kind = "..." (docs/event-file.md lists the kinds).'
                ).format(i=i, entry=entry_id),
                f"log[{i}].kind",
            )
    return records


def _well_formed_ids(records: list[Any], ids: dict[str, int]) -> list[str] | None:
    """The records' ids when `check_log` would find nothing wrong (every record a table with a
    text kind and an id that is text without white space, `ID_TEXT`; no id twice nor among
    `ids`), else None. Checked for the whole log at once, in a few passes that run in C (half
    the time of the record-by-record check); a log it does not clear is checked record by
    record, which names the fault."""
    if not set(map(type, records)) <= {dict}:
        return None  # a value where a [[log]] table belongs
    try:
        new = [rec["id"] for rec in records]
        kinds = [rec["kind"] for rec in records]
    except KeyError:
        return None
    distinct = set(new)
    # `str.split` splits at the characters `\s` matches (str.isspace): joined, the ids split
    # into one word only when none holds any.
    joined = "".join(new) if set(map(type, new)) <= {str} else ""
    if (
        joined.split() == [joined]
        and "" not in distinct
        and len(distinct) == len(new)
        and set(map(type, kinds)) <= {str}
        and ids.keys().isdisjoint(distinct)
    ):
        return new
    return None


def with_line(error: EventFileInvalidError, text: bytes) -> EventFileInvalidError:
    """The same error, its message starting `file:line:` when the key path can be found."""
    line = line_of(text, error.key_path)
    if line is None or error.detail is None:
        return error
    return EventFileInvalidError.at(error.path, error.detail, error.key_path, line)


def line_of(text: bytes, key_path: str) -> int | None:
    """The line of `key_path` (`players[12].name`) in the file, when it can be found."""
    parts = re.findall(r"[^.\[\]]+|\[\d+\]", key_path)
    if not parts:
        return None
    lines = text.decode("utf-8", "replace").split("\n")
    table, index, rest = parts[0], None, parts[1:]
    if rest and rest[0].startswith("["):
        index, rest = int(rest[0][1:-1]), rest[1:]
    if table == "seating" and rest[:1] == ["rounds"]:
        table, rest = "seating.rounds", rest[1:]
        if rest and rest[0].startswith("["):
            index, rest = int(rest[0][1:-1]), rest[1:]
    header = re.compile(
        rf"^\s*\[\[\s*{re.escape(table)}\s*\]\]"
        if index is not None
        else rf"^\s*\[\s*{re.escape(table)}\s*\]"
    )
    seen, start = -1, None
    for n, line in enumerate(lines):
        if header.match(line):
            seen += 1
            if index is None or seen == index:
                start = n
                break
    if start is None:
        return None
    if not rest or rest[0].startswith("["):
        return start + 1
    key = re.compile(rf"^\s*{re.escape(rest[0])}\s*=")
    for n in range(start + 1, len(lines)):
        if lines[n].lstrip().startswith("["):
            break
        if key.match(lines[n]):
            return n + 1
    return start + 1

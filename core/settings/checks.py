"""The error a settings value raises, and the small readers every settings table is read with.

Each reader takes a table as TOML gives it, the key path so far and a key; it returns the value
checked (or None when it is optional and absent) and raises `SettingsError` naming the key path,
what was expected and a fix.
"""

from __future__ import annotations

import datetime as _dt
import difflib
import enum
import re
from collections.abc import Mapping
from typing import Any

from mjevent.core.i18n import N_, _
from mjevent.core.settings.model import FORMAT_VERSION
from mjevent.core.text import name_problem, quoted_name, suggest

ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.\-]*")
"""What an id (of a player, a team) may be: letters, digits, `-`, `_` and `.`."""


class SettingsError(ValueError):
    """A settings value that cannot be used.

    `path` is the key path (`players[12].name`), `message` what is wrong and `fix` what to do.
    """

    def __init__(self, path: str, message: str, fix: str) -> None:
        self.path = path
        self.message = message
        self.fix = fix
        # Worded once, in the language in use when it is raised, like every other message.
        self._text = _("{path}: {message} Fix: {fix}").format(
            path=path, message=_sentence(message), fix=_sentence(fix)
        )
        super().__init__(self._text)

    def __str__(self) -> str:
        return self._text


def _sentence(text: str) -> str:
    """`text` ending as a sentence does in the language in use (`.` in English, `。` in
    Japanese), unless it already ends in a stop, a question or an exclamation mark."""
    if text.endswith((".", "?", "!", "\u3002", "\uff1f", "\uff01")):  # and the full-width ones
        return text
    return _("{sentence}.").format(sentence=text)


def read_bool(raw: Mapping[str, Any], path: str, key: str) -> bool | None:
    """`raw[key]` as true or false, or None when absent."""
    value = raw.get(key)
    if value is None or isinstance(value, bool):
        return value
    raise SettingsError(
        f"{path}.{key}",
        _("expected true or false, got {got}").format(got=describe(value)),
        _("write {key} = true or {key} = false, without quotes").format(key=key),
    )


def check_one_of(raw: Any, choices: type[enum.StrEnum], key_path: str, fix: str) -> None:
    """Raise `SettingsError` at `key_path` unless `raw` is the value of one of `choices`."""
    values = [c.value for c in choices]
    if raw not in values:
        raise SettingsError(
            key_path,
            _("expected one of {values}, got {got}").format(
                values=", ".join(values), got=describe(raw)
            ),
            fix,
        )


# --- Small readers -----------------------------------------------------------------------------


def check_known_keys(raw: Mapping[str, Any], path: str, known: tuple[str, ...], takes: str) -> None:
    """Raise `SettingsError` for the first key of `raw` not in `known`; `takes` (marked with
    `N_`, `{keys}` in it) says which keys the table takes."""
    for key in raw:
        if key in known:
            continue
        close = difflib.get_close_matches(key, known, n=1, cutoff=0.6)
        listed = _(takes).format(keys=", ".join(k for k in known if k != "log"))
        fix = (
            _("rename it to {name!r} ({takes})").format(name=close[0], takes=listed)
            if close
            else _("remove it ({takes})").format(takes=listed)
        )
        raise SettingsError(
            f"{path}.{key}" if path else key,
            _("unknown key {key!r}").format(key=key) + suggest(key, known),
            fix,
        )


def read_table(raw: Mapping[str, Any], key: str, required: bool = False) -> Mapping[str, Any]:
    """The table `raw[key]` (`{}` when absent and not `required`)."""
    value = raw.get(key)
    if value is None:
        if required:
            raise SettingsError(
                key,
                _("missing the [{table}] table").format(table=key),
                _(REQUIRED_FIX[key]).format(version=FORMAT_VERSION),
            )
        return {}
    if not isinstance(value, Mapping):
        raise SettingsError(
            key,
            _("expected a table, got {got}").format(got=describe(value)),
            _("write it as a [{table}] table").format(table=key),
        )
    return value


REQUIRED_FIX = {
    "event": N_('add an [event] table with name = "..." and format_version = 1'),
    "rules": N_('add a [rules] table with preset = "ema2016" (or another preset)'),
    "event.name": N_('add name = "..." under [event]'),
    "event.format_version": N_("add format_version = {version} under [event]"),
    "rules.preset": N_('add preset = "ema2016" (or another preset) under [rules]'),
}
"""The fix for a required table or key that is missing (`{version}`: FORMAT_VERSION)."""


def missing_key(path: str, key: str) -> SettingsError:
    """The error for a required `key` missing from the block at `path`, with its fix."""
    full = f"{path}.{key}"
    known = REQUIRED_FIX.get(full)
    fix = (
        _(known).format(version=FORMAT_VERSION)
        if known is not None
        else _("add {key} = ... to this block").format(key=key)
    )
    return SettingsError(full, _("missing required key {key!r}").format(key=key), fix)


def read_text(raw: Mapping[str, Any], path: str, key: str, required: bool = False) -> str | None:
    """`raw[key]` as non-empty text, or None when absent and not `required`."""
    value = raw.get(key)
    if value is None:
        if required:
            raise missing_key(path, key)
        return None
    if not isinstance(value, str) or not value.strip():
        got = _("empty text") if isinstance(value, str) else describe(value)
        raise SettingsError(
            f"{path}.{key}",
            _("expected text, got {got}").format(got=got),
            _('write it in double quotes, e.g. {key} = "..."').format(key=key),
        )
    return value


def read_optional_name(raw: Mapping[str, Any], path: str, key: str) -> str | None:
    """An optional name (a venue, a family or given name), checked as `_name` checks one."""
    return None if raw.get(key) is None else read_name(raw, path, key)


def read_name(raw: Mapping[str, Any], path: str, key: str) -> str:
    """A required name: one line of printable text (see `text.name_problem`)."""
    value = read_text(raw, path, key, required=True)
    assert value is not None
    problem = name_problem(value)
    if problem is not None:
        raise SettingsError(
            f"{path}.{key}",
            _("the name {name} cannot be used: {problem}").format(
                name=quoted_name(value), problem=problem
            ),
            _("correct it in a text editor, then run `mjevent check`"),
        )
    return value


def read_identifier(raw: Mapping[str, Any], path: str) -> str:
    """The block's `id`: letters, digits, `-`, `_` or `.` (see `ID`)."""
    value = raw.get("id")
    if value is None:
        raise missing_key(path, "id")
    if not isinstance(value, str) or not ID.fullmatch(value):
        raise SettingsError(
            f"{path}.id",
            _("expected an id (letters, digits, '-', '_' or '.'), got {got}").format(
                got=describe(value)
            ),
            _('write it in double quotes without spaces, e.g. id = "p01"'),
        )
    return value


def read_int(
    raw: Mapping[str, Any], path: str, key: str, required: bool = False, minimum: int | None = None
) -> int | None:
    """`raw[key]` as a whole number (at least `minimum`), or None when absent and not
    `required`."""
    value = raw.get(key)
    if value is None:
        if required:
            raise missing_key(path, key)
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise SettingsError(
            f"{path}.{key}",
            _("expected a whole number, got {got}").format(got=describe(value)),
            _("write it without quotes, e.g. {key} = {example}").format(
                key=key, example=minimum if minimum is not None else 1
            ),
        )
    if minimum is not None and value < minimum:
        raise SettingsError(
            f"{path}.{key}",
            _("expected {minimum} or more, got {got}").format(minimum=minimum, got=value),
            _("correct the number"),
        )
    return value


def read_parameters(raw: Mapping[str, Any], path: str) -> Mapping[str, Any] | None:
    """A round's or the seating's `parameters` table, or None when absent."""
    value = raw.get("parameters")
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise SettingsError(
            f"{path}.parameters",
            _("expected a table, got {got}").format(got=describe(value)),
            _("write it as an inline table, e.g. parameters = {{ tries = 1000 }}").format(),
        )
    return dict(value)


def read_array_of_tables(raw: Any, path: str, header: str) -> list[Mapping[str, Any]]:
    """`raw` as a list of tables (`[[players]]` blocks), as the `header` says."""
    if not isinstance(raw, list) or not all(isinstance(r, Mapping) for r in raw):
        raise SettingsError(
            path,
            _("expected {header} blocks, got {got}").format(header=header, got=describe(raw)),
            _("write one {header} block per item").format(header=header),
        )
    return raw


def describe(value: Any) -> str:
    """How an unexpected value reads in a message: its kind and the value itself."""
    if isinstance(value, bool):
        return _("{value} (true/false)").format(value=str(value).lower())
    if isinstance(value, int):
        return _("{value} (a whole number)").format(value=value)
    if isinstance(value, float):
        return _("{value} (a number)").format(value=value)
    if isinstance(value, str):
        return _("{value!r} (text)").format(value=value)
    if isinstance(value, Mapping):
        return _("a table")
    if isinstance(value, list):
        return _("a list of {count}").format(count=len(value))
    if isinstance(value, _dt.date | _dt.time):
        return _("{value} (a date/time)").format(value=value.isoformat())
    return repr(value)

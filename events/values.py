"""A setting's value typed at the command line, read the way the event file reads it.

`mjevent new --set length=east` and `--set uma=[20000,10000,-10000,-20000]` give values in TOML
syntax (numbers, `true`/`false`, `[...]` lists, quoted text), so a value means at the command
line what it means in the file; a bare word that is not TOML (`east`) is taken as text, as a
director would mean it. The settings are then checked exactly as a file's are
(`mjevent.core.settings.settings_from_dict`).
"""

from __future__ import annotations

import tomllib
from typing import Any

from mjevent.core.i18n import _

__all__ = ["SetOptionError", "parse_set"]


class SetOptionError(ValueError):
    """A `KEY=VALUE` that cannot be read; the message says what to type."""


def parse_set(text: str) -> tuple[str, Any]:
    """`KEY=VALUE` as (key, value), the value read as TOML, a bare word as text.

    >>> parse_set("length=east"), parse_set("kiriage = true"), parse_set("goal_points=30000")
    (('length', 'east'), ('kiriage', True), ('goal_points', 30000))
    >>> parse_set("uma=[20000, 10000, -10000, -20000]")
    ('uma', [20000, 10000, -10000, -20000])
    >>> parse_set("kiriage")
    Traceback (most recent call last):
    ...
    mjevent.events.values.SetOptionError: --set 'kiriage': expected KEY=VALUE, e.g. --set \
length=east
    """
    key, sep, raw = text.partition("=")
    key, raw = key.strip(), raw.strip()
    if not sep or not key or not raw:
        raise SetOptionError(
            _("--set {text!r}: expected KEY=VALUE, e.g. --set length=east").format(text=text)
        )
    try:
        value = tomllib.loads(f"v = {raw}")["v"]
    except tomllib.TOMLDecodeError:
        if any(ch in raw for ch in "[]{}\"'=,"):
            raise SetOptionError(
                _(
                    "--set {text!r}: {raw!r} is not a value the event file can hold; write text "
                    "as a word or in quotes, a list as [1, 2], true or false, or a number"
                ).format(text=text, raw=raw)
            ) from None
        value = raw
    return key, value

"""Which language the user reads, and loading its catalogue (`catalogues/<language>.po`).

The language comes from, in order: `mjevent --lang ja|en COMMAND`; the event file's
`[event] language` (applied when the store reads the file, see `core.i18n.use_event_language`);
the environment (`LC_ALL`, then `LC_MESSAGES`, then `LANG`, as POSIX orders them); English.

Catalogues are gettext `.po` files read directly with Babel (no compiled `.mo` to keep in step),
so a translator's edit shows at the next start and a third language is one new file.
"""

from __future__ import annotations

import contextlib
import gettext
import io
import os
from collections.abc import Iterator, Mapping
from functools import cache
from importlib import resources

from mjevent.core import i18n

__all__ = [
    "LanguageError",
    "available_languages",
    "english",
    "environment_language",
    "load_catalogue",
    "start",
    "use",
]


class LanguageError(ValueError):
    """A language was asked for that has no catalogue."""


def available_languages() -> list[str]:
    """Every language the console speaks: English and one per `catalogues/*.po`, sorted."""
    found = {
        entry.name.removesuffix(".po")
        for entry in resources.files("mjevent.catalogues").iterdir()
        if entry.name.endswith(".po")
    }
    return sorted({i18n.ENGLISH, *found})


def environment_language(environ: Mapping[str, str]) -> str | None:
    """The language the environment asks for, if the console has a catalogue for it.

    POSIX order: the first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is set and not empty decides;
    `C` and `POSIX` mean English.

    >>> environment_language({"LANG": "ja_JP.UTF-8"})
    'ja'
    >>> environment_language({"LC_ALL": "C", "LANG": "ja_JP.UTF-8"})
    'en'
    >>> environment_language({"LANG": "xx_YY"}) is None
    True
    """
    for key in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(key, "")
        if value:
            code = value.split(".")[0].split("@")[0].split("_")[0].lower()
            if code in ("c", "posix"):
                return i18n.ENGLISH
            return code if code in available_languages() else None
    return None


@cache
def load_catalogue(name: str) -> gettext.NullTranslations:
    """The translations of language `name` (English: none, every message is its own id).

    Raises `LanguageError` naming the languages there are when `name` has no catalogue.
    """
    if name == i18n.ENGLISH:
        return gettext.NullTranslations()
    if name not in available_languages():
        raise LanguageError(
            i18n._("there is no {name!r} language: use one of {known}").format(
                name=name, known=", ".join(available_languages())
            )
        )
    # Imported here: English, the common case, never pays for Babel.
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    source = resources.files("mjevent.catalogues").joinpath(f"{name}.po")
    with source.open("rb") as handle:
        catalog = read_po(handle, locale=name)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


@contextlib.contextmanager
def english() -> Iterator[None]:
    """English for a while: machine-readable output (`calc --jsonl`, `replay --json`) speaks the
    same words in every language, so a script that matches them works everywhere."""
    before = i18n.saved()
    i18n.install(i18n.ENGLISH, load_catalogue(i18n.ENGLISH), from_command_line=True)
    try:
        yield
    finally:
        i18n.restore(before)


def use(name: str, *, from_command_line: bool = False) -> None:
    """Speak `name` from now on in this process (raises `LanguageError` when there is none)."""
    i18n.install(name, load_catalogue(name), from_command_line=from_command_line)


def start(command_line: str | None, environ: Mapping[str, str] = os.environ) -> None:
    """Choose the language at start-up: `--lang` if given, else the environment, else English;
    and let an opened event's `[event] language` take over when `--lang` was not given."""
    i18n.set_loader(load_catalogue)
    if command_line is not None:
        use(command_line, from_command_line=True)
    else:
        use(environment_language(environ) or i18n.ENGLISH)

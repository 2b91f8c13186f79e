"""The one door every user-visible string goes through: `_`, `N_`, `ngettext`, `pgettext`.

Every message a user reads (a screen label, a binding's description, an error, a printed page,
a CLI help text) is written in English in the source and wrapped where it is used:

    raise EntrySyntaxError(_("fu {fu} is not a fu value: {near}?").format(fu=fu, near=near))
    label = ngettext("{n} table", "{n} tables", count).format(n=count)
    BINDINGS = [Binding("u", "undo", N_("Undo"))]     # marked now, translated where shown

The English text is the message id; a catalogue (`catalogues/<language>.po`, read by
`tui.language`) maps it to the language in use. With no catalogue installed, as in a library
call or a test, every function returns its English text unchanged.

Placeholders are named (`{fu}`), never positional and never f-strings, so a translation can put
them in its own order. Text that is not language (player names, ids, the entry line's Latin
syntax, file paths) is never wrapped.

This module holds the state of one process: the language in use and its catalogue. It reads no
file: `tui.language` loads catalogues and installs them here (`install`), and registers itself
(`set_loader`) so that opening an event can switch to the event's `[event] language` when the
command line did not name one.
"""

from __future__ import annotations

import datetime as _dt
import gettext as _gettext
from collections.abc import Callable, Iterable

__all__ = [
    "N_",
    "_",
    "format_date",
    "format_number",
    "format_signed",
    "format_thousands",
    "install",
    "language",
    "listed",
    "ngettext",
    "pgettext",
    "restore",
    "saved",
    "set_loader",
    "use_event_language",
    "wind_name",
]

ENGLISH = "en"

_translations: _gettext.NullTranslations = _gettext.NullTranslations()
_language: str = ENGLISH
_chosen_on_command_line = False
_loader: Callable[[str], _gettext.NullTranslations] | None = None


def _(message: str) -> str:
    """`message` (English, its own message id) in the language in use.

    >>> _("Standings")
    'Standings'
    """
    return _translations.gettext(message)


def N_(message: str) -> str:
    """Mark `message` for the catalogue without translating it now (module constants,
    class attributes): translate it with `_` where it is shown."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the count `n` (English has two, Japanese one).

    >>> ngettext("{n} table", "{n} tables", 1).format(n=1)
    '1 table'
    """
    return _translations.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """`message` in a named context, for short words whose translation depends on where they
    stand: `pgettext("wind", "E")` is 東 in Japanese, `E` in English."""
    return _translations.pgettext(context, message)


def language() -> str:
    """The language in use, as a catalogue name: `en`, `ja`."""
    return _language


def install(
    name: str,
    translations: _gettext.NullTranslations,
    *,
    from_command_line: bool = False,
) -> None:
    """Use `translations` for language `name` from now on, in this whole process.

    `from_command_line` records that the user named the language (`mjevent --lang ja`), so an
    event's own `[event] language` does not override it.
    """
    global _translations, _language, _chosen_on_command_line
    _translations = translations
    _language = name
    _chosen_on_command_line = from_command_line


def saved() -> tuple[str, _gettext.NullTranslations, bool]:
    """The language in use, for `restore` (output for scripts speaks English for a while)."""
    return _language, _translations, _chosen_on_command_line


def restore(state: tuple[str, _gettext.NullTranslations, bool]) -> None:
    """Go back to a language `saved` returned."""
    install(state[0], state[1], from_command_line=state[2])


def set_loader(loader: Callable[[str], _gettext.NullTranslations] | None) -> None:
    """Register how a language's catalogue is loaded (`tui.language` does, at start-up)."""
    global _loader
    _loader = loader


def use_event_language(name: str | None) -> None:
    """Switch to an event's `[event] language`, unless the command line chose one, no loader
    is registered (a library call) or the event names none."""
    if name is None or _chosen_on_command_line or _loader is None or name == _language:
        return
    try:
        translations = _loader(name)
    except ValueError:
        # A language with no catalogue here: keep the one in use (`mjevent check` says so).
        return
    install(name, translations)


def wind_name(letter: str) -> str:
    """A seat wind for people to read: `E` in English, 東 in Japanese (`ESWN` letters in).

    The entry line keeps the Latin letters in every language; this is for what is shown.
    """
    names = {
        "E": pgettext("wind", "E"),
        "S": pgettext("wind", "S"),
        "W": pgettext("wind", "W"),
        "N": pgettext("wind", "N"),
    }
    return names.get(letter, letter)


def listed(items: Iterable[str]) -> str:
    """`items` as a list inside a sentence, as the language writes one.

    >>> listed(["Aki", "Ben", "Chiho"])
    'Aki, Ben, Chiho'

    (Japanese: `Aki、Ben、Chiho`.)
    """
    return pgettext("list separator", ", ").join(items)


def format_number(value: int) -> str:
    """A whole number with thousands grouped the way the language writes it (both English
    and Japanese group by three with a comma: `25,000`)."""
    return _("{value:,}").format(value=value)


def format_signed(value: int) -> str:
    """A change of points, signed and grouped like `format_number`: one way across console,
    paper and command line.

    >>> format_signed(4900), format_signed(-12000), format_signed(0)
    ('+4,900', '-12,000', '0')
    """
    return format_number(value) if value == 0 else _("{value:+,}").format(value=value)


def format_thousands(value: float) -> str:
    """Points in thousands, signed, one decimal: a game's result with uma and oka, a total in
    the standings (`+43.0`; never `+43 000`). Zero is `0.0`.

    >>> format_thousands(43000), format_thousands(-7000), format_thousands(0)
    ('+43.0', '-7.0', '0.0')
    """
    shown = round(value / 1000, 1)
    return "0.0" if shown == 0 else f"{shown:+.1f}"


def format_date(day: _dt.date) -> str:
    """A date as the language writes it: `14 March 2026` in English, `2026年3月14日` in Japanese.

    >>> format_date(_dt.date(2026, 3, 14))
    '14 March 2026'
    """
    month = _(_MONTHS[day.month - 1])
    return _("{day} {month_name} {year}").format(day=day.day, month_name=month, year=day.year)


_MONTHS = (
    N_("January"),
    N_("February"),
    N_("March"),
    N_("April"),
    N_("May"),
    N_("June"),
    N_("July"),
    N_("August"),
    N_("September"),
    N_("October"),
    N_("November"),
    N_("December"),
)

"""What reaches the director's terminal: no control code from the event file, ever.

Names and free texts are refused at entry when they hold a control character
(`core.text.name_problem`, `core.text.text_problem`), but a file written by an older version or
by hand may still hold one, and an escape sequence drawn raw clears the screen or retitles the
window. Rich and Textual already drop five control codes (BEL, BS, VT, FF, CR) from every text
they build, through one translation table each; `guard_terminal` makes both tables spell out
every character `core.text.safe_text` spells out instead (ESC shows as `\\x1b`), so every
widget, whichever way its text was built, shows what the file holds and cannot drive the
terminal. Tab and line feed are left to the libraries (they lay them out).

Markup is the other half: no widget of mjevent reads its text as Rich markup (`markup=False`,
or a `Text`), so a name like `[/]` is shown as typed (tests/tui/test_hostile_text.py).
"""

from __future__ import annotations

import functools
from typing import cast

import rich.control
import textual.content

from mjevent.core.text import spelled_out

__all__ = ["guard_terminal"]

_LAID_OUT = {ord("\t"), ord("\n")}


@functools.cache  # once per process: the tables stay changed
def guard_terminal() -> None:
    """Make Rich and Textual spell out every control character of the text they show."""
    table = {code: text for code, text in spelled_out().items() if code not in _LAID_OUT}
    # Private to each library, but each library reads the same dict object at every call
    # (it is the default argument of its strip function): tests/tui/test_hostile_text.py
    # fails if an upgrade stops that. Typed as deleting (None); str.translate takes text too.
    for library_table in (
        rich.control._CONTROL_STRIP_TRANSLATE,
        textual.content._CONTROL_STRIP_TRANSLATE,
    ):
        cast("dict[int, str | None]", library_table).update(table)

"""Text helpers shared by every layer: display widths, and hints for misspelt names.

Names in any script must line up in plain-text output (replay stories, printed standings), so
padding counts display columns, not characters: CJK and other wide characters take two.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Sequence

from mjevent.core.i18n import _


def display_width(text: str) -> int:
    """The columns `text` takes in a terminal: wide and full-width characters count two,
    combining marks none.

    >>> display_width("佐々木 蓮"), display_width("Chloé"), display_width("김서연")
    (9, 5, 6)
    """
    width = 0
    for char in text:
        if unicodedata.combining(char):
            continue
        width += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return width


def pad(text: str, width: int, *, right: bool = False) -> str:
    """`text` padded with spaces to `width` display columns (left-aligned unless `right`).

    >>> pad("王 芳", 8) + "|"
    '王 芳   |'
    """
    gap = " " * max(0, width - display_width(text))
    return gap + text if right else text + gap


def suggest(name: str, known: Sequence[str]) -> str:
    """A '; did you mean ...?' hint for a misspelt name, or '' when nothing is close.

    >>> suggest("kiriag", ["kiriage", "kazoe"]), suggest("zzz", ["kiriage"])
    ("; did you mean 'kiriage'?", '')
    """
    close = difflib.get_close_matches(name, list(known), n=1, cutoff=0.6)
    return _("; did you mean {name!r}?").format(name=close[0]) if close else ""


# C0 and C1 controls and DEL, and the Unicode controls that reorder or hide text on a terminal
# (bidirectional overrides and isolates, zero-width joiners are left: scripts need them).
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ufeff\ud800-\udfff]")


def _shown(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def safe_text(text: str) -> str:
    """`text` as it is safe to show on a terminal or in a page: every control character,
    escape sequence, bidirectional override and lone surrogate spelled out as `\\xNN` /
    `\\uNNNN`, so a pasted name cannot retitle, clear or rearrange the director's screen.

    >>> safe_text("Tanaka\\x1b]0;pwned\\x07"), safe_text("佐々木 蓮"), safe_text("a\\tb\\nc")
    ('Tanaka\\\\x1b]0;pwned\\\\x07', '佐々木 蓮', 'a\\\\x09b\\\\x0ac')
    """
    return _UNSAFE.sub(_shown, text) if _UNSAFE.search(text) else text


def safe_lines(text: str) -> str:
    """`text` made safe line by line: its line breaks stay, everything else as `safe_text`.

    >>> safe_lines("a\\x07\\nb")
    'a\\\\x07\\nb'
    """
    return "\n".join(safe_text(line) for line in text.split("\n"))


def quoted_name(name: str) -> str:
    """`name` quoted for a message: made safe, and cut to 60 characters when longer.

    >>> print(quoted_name("Kim\\x1b[2J"), quoted_name("x" * 200)[-24:])
    'Kim\\\\x1b[2J' xxx'... (200 characters)
    """
    shown = safe_text(name)
    if len(shown) <= 60:
        return repr(shown)
    return _("{start!r}... ({count:,} characters)").format(start=shown[:60], count=len(name))


MAX_NAME_CHARS = 100
"""The longest name (player, team, event, substitute) mjevent takes."""


def name_problem(name: str) -> str | None:
    """What is wrong with `name` as a name to store and show, or None when it is fine.

    Names are one line of printable text: no control characters (tab, newline, carriage
    return, escape, BEL, DEL ...), no bidirectional overrides, at most `MAX_NAME_CHARS`.

    >>> name_problem("Zoë"), name_problem("Tanaka\\x1b[2J").split(" (")[0]
    (None, 'it contains the control character \\\\x1b at position 7')
    """
    if not name.strip():
        return _("it is empty; give a name")
    bad = _UNSAFE.search(name)
    if bad is not None:
        return _(
            "it contains the control character {char} at position {position} "
            "(a terminal escape, a line break or a tab pasted with it?); remove it"
        ).format(char=_shown(bad), position=bad.start() + 1)
    if len(name) > MAX_NAME_CHARS:
        return _("it is {length:,} characters long; shorten it to {most} or fewer").format(
            length=len(name), most=MAX_NAME_CHARS
        )
    return None

"""Text helpers shared by every layer: display widths, and hints for misspelt names.

Names in any script must line up in plain-text output (the replay story), so padding counts
display columns, not characters: CJK and other wide characters take two. This is the measure for
core and events, which may not import Rich; tui/ measures as Textual draws, with
`mjevent.tui.views.cells`.
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


# C0 and C1 controls and DEL, and the Unicode characters that reorder, hide or break text on a
# terminal: bidirectional marks, overrides and isolates, zero-width spaces and the word joiner,
# invisible operators, line and paragraph separators, the byte-order mark, lone surrogates. The
# zero-width joiner and non-joiner (U+200C, U+200D) are left: Persian, Indic scripts and emoji
# sequences need them.
_UNSAFE = re.compile(
    "[\x00-\x1f\x7f-\x9f\u061c\u180e\u200b\u200e\u200f\u2028-\u202e\u2060-\u2064"
    "\u2066-\u206f\ufeff\ud800-\udfff]"
)


def _shown(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def spelled_out() -> dict[int, str]:
    """Every character `safe_text` spells out, by code point, with its spelling: a table for
    `str.translate`, for code that cannot call `safe_text` on each string (a terminal library).

    >>> table = spelled_out()
    >>> print(table[0x1B], table[0x202E], 0x200D in table, len(table))
    \\x1b \\u202e False 2141
    """
    return {
        code: _shown(match)
        for code in range(0x10000)
        if (match := _UNSAFE.fullmatch(chr(code))) is not None
    }


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
    return _line_problem(name, MAX_NAME_CHARS)


MAX_TEXT_CHARS = 1000
"""The longest free text (an announcement, a note, a reason) mjevent takes."""


def text_problem(text: str) -> str | None:
    """What is wrong with `text` as a free text to store and show (an announcement, a note, the
    reason of a withdrawal, penalty or correction), or None when it is fine.

    Free texts follow the rule of names (one line of printable text, no control characters),
    with room for `MAX_TEXT_CHARS`; an empty text is fine here (the commands that need one say
    so themselves). Brackets, `<`, `=` and the like are fine: every screen and printer shows
    them as typed.

    >>> text_problem("Prize giving [/] at 18:00"), text_problem("bye\\x1b]0;x\\x07").split(" (")[0]
    (None, 'it contains the control character \\\\x1b at position 4')
    """
    return _line_problem(text, MAX_TEXT_CHARS)


def _line_problem(text: str, most: int) -> str | None:
    """The rule names and free texts share: one line of printable text, at most `most`
    characters."""
    bad = _UNSAFE.search(text)
    if bad is not None:
        return _(
            "it contains the control character {char} at position {position} "
            "(a terminal escape, a line break or a tab pasted with it?); remove it"
        ).format(char=_shown(bad), position=bad.start() + 1)
    if len(text) > most:
        return _("it is {length:,} characters long; shorten it to {most} or fewer").format(
            length=len(text), most=most
        )
    return None


def unsafe_char(text: str) -> str | None:
    """The first character of `text` that a screen would spell out (`\\xNN`), or None.

    >>> unsafe_char("Kim\\x1b[2J"), unsafe_char("佐々木 蓮")
    ('\\\\x1b', None)
    """
    bad = _UNSAFE.search(text)
    return None if bad is None else _shown(bad)


# A spreadsheet takes a cell that starts with one of these as a formula (OWASP, CSV injection).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
# What a spreadsheet reads as a value and nothing else: a number (-12.5, +8, 30000, 1.5e3), or a
# dash standing for no value ("-", the EMA export's position of a substitute).
_NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?|-+")


def spreadsheet_cell(value: str) -> str:
    """`value` as it is safe to put in a CSV or TSV cell that a spreadsheet may open.

    Control characters are spelled out (`safe_text`); a cell a spreadsheet would run as a
    formula (starting with `=`, `+`, `-`, `@`, tab or carriage return) gets a leading
    apostrophe, as OWASP's CSV-injection guidance says, and so does one that already starts
    with an apostrophe, so that `spreadsheet_value` gives back exactly what was written. A real
    number stays a number, and a dash standing for no value stays a dash.

    >>> [spreadsheet_cell(v) for v in ("=1+1", "-12.5", "@SUM(A1)", "'quoted", "Tanaka")]
    ["'=1+1", '-12.5', "'@SUM(A1)", "''quoted", 'Tanaka']
    """
    value = safe_text(value)
    if value.startswith(_FORMULA_START) and not _NUMBER.fullmatch(value):
        return "'" + value
    if value.startswith("'"):
        return "'" + value
    return value


def spreadsheet_value(cell: str) -> str:
    """The text a CSV or TSV cell holds, the inverse of `spreadsheet_cell`: the apostrophe that
    it put before a formula character or an apostrophe is taken off (a spreadsheet hides it
    too). Any other leading apostrophe is part of the text, as in the name 't Hooft.

    >>> spreadsheet_value("'=1+1"), spreadsheet_value("''t Hooft"), spreadsheet_value("'t Hooft")
    ('=1+1', "'t Hooft", "'t Hooft")
    """
    if cell.startswith("'") and cell[1:].startswith((*_FORMULA_START, "'")):
        return cell[1:]
    return cell


# What makes a link, an image or a table cell of plain text in Markdown (and the backslash
# that escapes); the HTML that Markdown passes through is escaped as HTML. Emphasis and code
# spans are left: they change how a name looks, not what the page does.
_MARKDOWN_SPECIAL = re.compile(r"([\\\[\]!|])")


def markdown_text(text: str) -> str:
    """`text` as it is safe to put in Markdown: HTML escaped (`<script>` cannot run, `<img
    onerror>` cannot load) and Markdown's link, image and table syntax backslash-escaped (a
    name cannot become a link, an image or a table cell), control characters spelled out.

    >>> print(markdown_text("<img src=x onerror=alert(1)> [x](http://e.vil) ![i](p.png) | J.S"))
    &lt;img src=x onerror=alert(1)&gt; \\[x\\](http://e.vil) \\!\\[i\\](p.png) \\| J.S
    """
    shown = safe_text(text)
    shown = shown.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    shown = shown.replace('"', "&quot;")
    return _MARKDOWN_SPECIAL.sub(r"\\\1", shown)

"""Text helpers shared by every layer: display widths, and hints for misspelt names.

Names in any script must line up in plain-text output (replay stories, printed standings), so
padding counts display columns, not characters: CJK and other wide characters take two.
"""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Sequence


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
    return f"; did you mean {close[0]!r}?" if close else ""

"""Terminal text widths: CJK and other wide characters take two columns.

Names in any script must line up in plain-text output (replay stories, printed standings), so
padding counts display columns, not characters.
"""

from __future__ import annotations

import unicodedata


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

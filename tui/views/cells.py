"""Text measured in terminal cells: how wide, padded to a width, cut to a width with an ellipsis.

Every width in tui/ is taken here, the way Textual and Rich draw it: a wide (CJK) character takes
two cells, combining marks, Thai and Indic vowel signs and zero-width joiners none. Printed tables,
the console's columns and the command line's help all line up by the same count.
"""

from __future__ import annotations

from rich.cells import cell_len, set_cell_size

__all__ = ["cell_width", "cut", "pad"]


def cell_width(text: str) -> int:
    """The cells `text` takes in a terminal.

    >>> cell_width("佐々木 蓮"), cell_width("Chloé"), cell_width("김서연"), cell_width("สมศักดิ์")
    (9, 5, 6, 5)
    """
    return cell_len(text)


def pad(text: str, width: int, *, right: bool = False) -> str:
    """`text` padded with spaces to `width` cells (left-aligned unless `right`); a longer text is
    left as it is.

    >>> pad("王 芳", 8) + "|", pad("12", 4, right=True)
    ('王 芳   |', '  12')
    """
    gap = " " * max(0, width - cell_len(text))
    return gap + text if right else text + gap


def cut(text: str, width: int) -> str:
    """`text` cut to at most `width` cells, ending in an ellipsis right after the last character
    kept (a space before the cut goes, and so does half of a wide character).

    >>> cut("Mateusz Wiśniewski", 10), cut("Nguyễn Thị Minh", 12), cut("佐々木 蓮", 6)
    ('Mateusz W…', 'Nguyễn Thị…', '佐々…')
    >>> cut("Ana", 10), cut("Ana", 1)
    ('Ana', '…')
    """
    if cell_len(text) <= width:
        return text
    return set_cell_size(text, max(width - 1, 0)).rstrip() + "…"

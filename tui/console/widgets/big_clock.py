"""`BigClock`: a clock face in block digits that grow with the space they have, so the time is
readable from the back of the room on a projector and still fits an 80x24 terminal."""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

__all__ = ["BigClock", "big_rows"]

# A 5x7 pixel font for the clock's characters ("#" lit); the colon is one pixel wide.
_FONT: dict[str, tuple[str, ...]] = {
    "0": (".###.", "#...#", "#..##", "#.#.#", "##..#", "#...#", ".###."),
    "1": ("..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###."),
    "2": (".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####"),
    "3": ("####.", "....#", "....#", ".###.", "....#", "....#", "####."),
    "4": ("...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."),
    "5": ("#####", "#....", "####.", "....#", "....#", "#...#", ".###."),
    "6": ("..##.", ".#...", "#....", "####.", "#...#", "#...#", ".###."),
    "7": ("#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."),
    "8": (".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###."),
    "9": (".###.", "#...#", "#...#", ".####", "....#", "...#.", ".##.."),
    ":": (".", "#", ".", ".", ".", "#", "."),
    "-": (".....", ".....", ".....", "#####", ".....", ".....", "....."),
    "+": (".....", "..#..", "..#..", "#####", "..#..", "..#..", "....."),
    " ": ("..", "..", "..", "..", "..", "..", ".."),
}
_HEIGHT = 7


def big_rows(text: str, scale_x: int = 1, scale_y: int = 1) -> list[str]:
    """`text` in block digits, each pixel `scale_x` cells wide and `scale_y` rows high, one pixel
    of space between characters; characters the font lacks are left out.

    >>> print("\\n".join(big_rows("1:0")))
      █      ███
     ██   █ █   █
      █     █  ██
      █     █ █ █
      █     ██  █
      █   █ █   █
     ███     ███
    """
    glyphs = [_FONT[c] for c in text if c in _FONT]
    rows: list[str] = []
    for y in range(_HEIGHT):
        line = ".".join(g[y] for g in glyphs)
        wide = "".join(("█" if p == "#" else " ") * scale_x for p in line)
        rows.extend([wide.rstrip()] * scale_y)
    return rows


def _pixel_width(text: str) -> int:
    glyphs = [_FONT[c] for c in text if c in _FONT]
    return sum(len(g[0]) for g in glyphs) + max(len(glyphs) - 1, 0)


class BigClock(Widget):
    """The clock face: `text` (such as `39:59`) as large as the widget's size allows.

    A pixel is at most twice as high as it is wide (a terminal cell is about twice as high as
    wide, so this keeps digits upright). Too small for even one cell a pixel, the text is shown
    as it is, centred.
    """

    DEFAULT_CSS = """
    BigClock {
        width: 1fr;
        height: 1fr;
        content-align: center middle;
    }
    """

    text: reactive[str] = reactive("0:00")

    def scales(self) -> tuple[int, int]:
        """(cells per pixel across, rows per pixel down) for the current size; (0, 0) when the
        digits do not fit."""
        width, height = self.content_size
        pixels = _pixel_width(self.text)
        if pixels == 0:
            return 0, 0
        # A blank row above and below keeps the digits off the lines around them.
        room = height - 2 if height >= _HEIGHT + 2 else height
        sx, sy = width // pixels, room // _HEIGHT
        if sx < 1 or sy < 1:
            return 0, 0
        return sx, min(sy, sx)

    def render_line(self, y: int) -> Strip:
        """One row of the digits, centred both ways."""
        width, height = self.content_size
        style = self.rich_style
        sx, sy = self.scales()
        rows = big_rows(self.text, sx, sy) if sx else [self.text]
        top = max((height - len(rows)) // 2, 0)
        row = y - top
        if not 0 <= row < len(rows):
            return Strip([Segment(" " * width, style)], width)
        line = rows[row]
        full = _pixel_width(self.text) * sx if sx else len(line)
        left = max((width - full) // 2, 0)
        text = (" " * left + line)[:width].ljust(width)
        return Strip([Segment(text, style + Style(bold=True))], width)

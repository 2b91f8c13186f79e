"""Wrapping text by terminal cells, the Japanese way: a wide (CJK) character takes two cells, a
line may break between any two of them, and never before closing punctuation or after an
opening bracket (kinsoku shori). Rich and Textual break only at spaces, so a long Japanese
sentence (no spaces) is pushed whole to the next line; prose that may be Japanese is wrapped
here first (the command line's help, the console's help text)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rich.cells import chop_cells

from mjevent.tui.views.cells import cell_width

__all__ = ["wide", "wrap_text"]

# A line never starts with closing punctuation, the long-vowel mark or a small kana, and never
# ends with an opening bracket (kinsoku shori, the Japanese line-breaking rule).
_NO_LINE_START = frozenset(
    "、。，．）」』】〕〉》！？：；…"  # noqa: RUF001 - full-width punctuation, on purpose
    "ー・ゝゞ々ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ"
)
_NO_LINE_END = frozenset("（「『【〔〈《")  # noqa: RUF001 - full-width brackets, on purpose


def wide(text: str) -> bool:
    """Whether `text` holds a character two cells wide (control characters count none)."""
    return not text.isascii() and any(cell_width(ch) == 2 for ch in text)


def _units(text: str) -> Iterator[tuple[str, str]]:
    """The pieces a line may break between, each with the spaces before it: a Latin word
    whole, each wide character alone, punctuation held to its neighbour."""
    units: list[list[Any]] = []  # [text, spaces before, a Latin word still open]
    space = ""
    for ch in text:
        if ch.isspace():
            space += " "
            continue
        last = units[-1] if units else None
        glued = last is not None and not space and last[0][-1] in _NO_LINE_END
        if last is not None and not space and (ch in _NO_LINE_START or glued):
            last[0] += ch
            last[2] = not wide(ch)
        elif wide(ch):
            units.append([ch, space, False])
        elif last is not None and not space and last[2]:
            last[0] += ch
        else:
            units.append([ch, space, True])
        space = ""
    for unit_text, before, _open in units:
        yield unit_text, before


def _fill(text: str, width: int, initial_indent: str, subsequent_indent: str) -> list[str]:
    lines: list[str] = []
    line, empty = initial_indent, True
    for unit, space in _units(text):
        sep = "" if empty else space
        if not empty and cell_width(line) + cell_width(sep) + cell_width(unit) > width:
            lines.append(line)
            line, empty, sep = subsequent_indent, True, ""
        room = width - cell_width(line)
        if empty and cell_width(unit) > room:
            # One word longer than the line (a long path): cut it, as click does.
            *whole, unit = chop_cells(unit, max(room, 1))
            for piece in whole:
                lines.append(line + piece)
                line = subsequent_indent
        line, empty = line + sep + unit, False
    lines.append(line)
    return lines


def wrap_text(
    text: str,
    width: int = 78,
    initial_indent: str = "",
    subsequent_indent: str = "",
    preserve_paragraphs: bool = False,
) -> str:
    """Click's `wrap_text`, measuring by terminal cells and breaking between wide characters.

    Paragraphs are separated by an empty line; one whose first line is `\\b` is kept as it is.

    >>> print(wrap_text("大会ファイルを「読み取り専用」で開きます。", 12))
    大会ファイル
    を「読み取り
    専用」で開き
    ます。
    """
    text = text.expandtabs()
    if not preserve_paragraphs:
        return "\n".join(_fill(text, width, initial_indent, subsequent_indent))
    paragraphs: list[tuple[int, bool, str]] = []
    buffer: list[str] = []
    indent: int | None = None

    def flush() -> None:
        if buffer:
            raw = buffer[0].strip() == "\b"
            body = "\n".join(buffer[1:]) if raw else " ".join(buffer)
            paragraphs.append((indent or 0, raw, body))
            buffer.clear()

    for source in text.splitlines():
        if not source:
            flush()
            indent = None
            continue
        if indent is None:
            indent = cell_width(source) - cell_width(source.lstrip())
            source = source.lstrip()
        buffer.append(source)
    flush()
    out = []
    for extra, raw, body in paragraphs:
        first, rest = initial_indent + " " * extra, subsequent_indent + " " * extra
        if raw:
            out.append("\n".join((first if i == 0 else rest) + line
                                 for i, line in enumerate(body.splitlines())))
        else:
            out.append("\n".join(_fill(body, width, first, rest)))
    return "\n\n".join(out)

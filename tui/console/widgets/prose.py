"""`Prose`: a paragraph of text that wraps Japanese by cells at its own width (`tui.wrap`).

Rich and Textual break lines only at spaces, so a Japanese sentence (which has none) is pushed
whole onto the next line and leaves a short line behind it. `Prose` wraps such text itself, at
the width it is given; text with no wide character is left to Textual, unchanged.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import RenderResult
from textual.geometry import Size
from textual.widgets import Static

from mjevent.tui.views.wrap import wide, wrap_text

__all__ = ["Prose", "wrapped"]


def wrapped(text: str, width: int) -> str:
    """`text` wrapped by cells to `width` when it holds wide characters, line breaks kept.

    >>> print(wrapped("大会ファイルの timer テーブル", 14))
    大会ファイルの
    timer テーブル
    >>> wrapped("English stays as it is", 5)
    'English stays as it is'
    """
    if width <= 0 or not wide(text):
        return text
    return "\n".join(wrap_text(line, width) if line else "" for line in text.split("\n"))


class Prose(Static):
    """Text that wraps Japanese between characters, as typeset Japanese does; text with no wide
    character renders exactly as a `Static` would."""

    def __init__(self, text: str, **kwargs: Any) -> None:
        super().__init__(text, **kwargs)
        self.text = text

    def render(self) -> RenderResult:
        if not wide(self.text):
            return super().render()
        return Text(wrapped(self.text, self.content_region.width or self.size.width))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        if not wide(self.text):
            return super().get_content_height(container, viewport, width)
        return len(wrapped(self.text, width).split("\n"))

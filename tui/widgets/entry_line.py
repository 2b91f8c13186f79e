"""`EntryLine`: the line a director types results into, and `EntryPreview` under it.

The line takes docs/entry.md (`t3 ron S<-W 3/30 r:E,S`). While the director types, the screen
asks `mjevent.core.preview.preview_line` what the line would do and shows it in `EntryPreview`;
when the preview is an error, the words at fault are highlighted in the line itself. Up and down
recall the lines entered before. Enter posts `Input.Submitted`; the line keeps its text until the
screen says it was recorded (`accepted`), so an error never loses what was typed.
"""

from __future__ import annotations

from typing import ClassVar

from rich.highlighter import Highlighter
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.widgets import Input, Static

from mjevent.core.preview import LineError, LinePreview

__all__ = ["EntryLine", "EntryPreview", "preview_text"]


class _ErrorSpan(Highlighter):
    """Marks the characters `span` of the line as wrong (the preview's `LineError.span`)."""

    def __init__(self) -> None:
        self.span: tuple[int, int] | None = None

    def highlight(self, text: Text) -> None:
        if self.span is not None:
            start, end = self.span
            text.stylize("bold reverse red", start, max(end, start + 1))


class EntryLine(Input):
    """The entry line, with a history of the lines recorded (newest last)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "up", "history(-1)", "Earlier line", id="entry.history_back", show=False,
            tooltip="Put the line entered before this one back on the entry line",
        ),
        Binding(
            "down", "history(1)", "Later line", id="entry.history_forward", show=False,
            tooltip="Step forward through the lines entered, back to what you were typing",
        ),
        Binding(
            "escape", "clear_line", "Clear", id="entry.clear", show=False,
            tooltip="Empty the entry line (the line stays in the history)",
        ),
    ]

    def __init__(self, *, id: str | None = None) -> None:
        self._marks = _ErrorSpan()
        super().__init__(
            placeholder="t3 ron S<-W 3/30 r:E,S   (Enter records; F1 help)",
            highlighter=self._marks,
            select_on_focus=False,
            id=id,
        )
        self.history: list[str] = []
        self._back = 0
        self._draft = ""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Escape clears a line with text; on an empty line it goes to the screen (Back)."""
        if action == "clear_line":
            return bool(self.value)
        return True

    def mark_error(self, span: tuple[int, int] | None) -> None:
        """Highlight the characters `span` as wrong (None: nothing is)."""
        if span != self._marks.span:
            self._marks.span = span
            self.refresh()

    def accepted(self) -> None:
        """The line was recorded: keep it in the history and empty the line."""
        line = self.value.strip()
        if line and (not self.history or self.history[-1] != line):
            self.history.append(line)
        self._back = 0
        self._draft = ""
        self.value = ""

    def action_history(self, step: int) -> None:
        """Step through the history: -1 an earlier line, 1 a later one (past the newest, the
        line being typed before stepping back comes back)."""
        if self._back == 0:
            self._draft = self.value
        back = min(max(self._back - step, 0), len(self.history))
        if back == self._back:
            return
        self._back = back
        self.value = self._draft if back == 0 else self.history[-back]
        self.cursor_position = len(self.value)

    def action_clear_line(self) -> None:
        """Empty the line."""
        self._back = 0
        self.value = ""
        self.refresh_bindings()


def preview_text(result: LinePreview | LineError | None) -> Text:
    """The preview as styled text: the seats, who pays whom, the scores after, the next dealer
    and the game's end; or the error."""
    if result is None:
        return Text("Type a result, e.g. t3 ron S<-W 3/30 r:E,S   ·   t3 final 41200 28800 "
                    "22100 27900   ·   t3 then Enter opens table 3", style="dim")
    if isinstance(result, LineError):
        return Text.assemble(("✗ ", "bold red"), (result.message, "red"))
    lines = result.describe().splitlines()
    text = Text()
    text.append(lines[0], style="bold")
    for line in lines[1:]:
        text.append("\n")
        body = line.strip()
        if body.startswith("game over"):
            text.append(line, style="bold green")
        elif body.startswith("total") and not body.endswith("adds up"):
            text.append(line, style="bold red")
        elif body.startswith(("scores", "next dealer")):
            text.append(line, style="bold")
        else:
            text.append(line)
    return text


class EntryPreview(Static):
    """What the line on the entry line would do (or why it would be refused)."""

    def show(self, result: LinePreview | LineError | None) -> None:
        """Show a preview, an error, or (None) how to write a line."""
        self.update(preview_text(result))
        self.set_class(isinstance(result, LineError), "-error")


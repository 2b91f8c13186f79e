"""`EntryLine`: the line a director types results into, and `EntryPreview` under it.

The line takes docs/entry.md (`t3 ron S<-W 3/30 r:E,S`). While the director types, the screen
reads the line once per keystroke (`LineReading`: `core.preview.read_entry`), asks
`mjevent.core.preview.preview_line` what it would do and shows it in `EntryPreview` (Enter
records that same reading);
when the preview is an error, the words at fault are highlighted in the line itself. Up and down
recall the lines entered before. Enter posts `Input.Submitted`; the line keeps its text until the
screen says it was recorded (`accepted`), so an error never loses what was typed.
"""

from __future__ import annotations

from typing import ClassVar

from rich.highlighter import Highlighter
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.widget import Widget
from textual.widgets import Input, Static

from mjevent.core.i18n import N_, _, format_number, format_signed, wind_name
from mjevent.core.notation import ParsedLine
from mjevent.core.preview import EntryExamples, LineError, LinePreview, detail_line, read_entry
from mjevent.core.scoring import payment_kind_name
from mjevent.core.state import EventState
from mjevent.tui.console.keys import translate_bindings
from mjevent.tui.views.cells import cell_width, cut, pad
from mjevent.tui.views.wrap import wrap_text

__all__ = [
    "DEFAULT_EXAMPLES",
    "EntryLine",
    "EntryPreview",
    "LineReading",
    "line_hint",
    "preview_text",
]

DEFAULT_EXAMPLES = EntryExamples(3, "41200 28800 22100 27900")
"""The hints' examples before the event is known (`core.preview.entry_examples` fits them)."""


class LineReading:
    """A screen's entry line as read (`read_entry`), kept so that a line is read once: the
    preview of the last keystroke and the Enter after it take the same `ParsedLine`. It is read
    again only when the text, the defaults or the event (another state object: something was
    recorded, or another process appended) differ, as names are looked up in the seating."""

    def __init__(self) -> None:
        self._kept: tuple[EventState, tuple[object, ...], ParsedLine] | None = None

    def read(
        self,
        state: EventState,
        text: str,
        *,
        round: int | None = None,
        game: tuple[int, int] | None = None,
    ) -> ParsedLine:
        """`text` read in `state` (`round` and `game` as in `read_entry`)."""
        key = (text, round, game)
        kept = self._kept
        if kept is not None and kept[0] is state and kept[1] == key:
            return kept[2]
        parsed = read_entry(state, text, round=round, game=game)
        self._kept = (state, key, parsed)
        return parsed


def line_hint(examples: EntryExamples) -> str:
    """The entry line's placeholder, its example at a table the round has.

    >>> line_hint(EntryExamples(1, "44000 34000 27000"))
    't1 ron S<-W 3/30 r:E,S   (Enter records; F1 help)'
    """
    return _("t{table} ron S<-W 3/30 r:E,S   (Enter records; F1 help)").format(
        table=examples.table)


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
            "up", "history(-1)", N_("Earlier line"), id="entry.history_back", show=False,
            tooltip=N_("Put the line entered before this one back on the entry line"),
        ),
        Binding(
            "down", "history(1)", N_("Later line"), id="entry.history_forward", show=False,
            tooltip=N_("Step forward through the lines entered, back to what you were typing"),
        ),
        Binding(
            "escape", "clear_line", N_("Clear"), id="entry.clear", show=False,
            tooltip=N_("Empty the entry line (the line stays in the history)"),
        ),
    ]

    def __init__(self, *, id: str | None = None) -> None:
        self._marks = _ErrorSpan()
        super().__init__(
            placeholder=line_hint(DEFAULT_EXAMPLES),
            highlighter=self._marks,
            select_on_focus=False,
            id=id,
        )
        self.history: list[str] = []
        self._back = 0
        self._draft = ""
        translate_bindings(self)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Escape clears a line with text; on an empty line it goes to the screen (Back)."""
        if action == "clear_line":
            return bool(self.value)
        return True

    def _watch_value(self, value: str) -> None:
        # Input keeps its virtual size at its text's width (to scroll along a long line), and
        # a new virtual size lays the whole screen out again: at every keystroke, the costliest
        # part of it. The line's own size never follows its text (its width and height are
        # fixed), so the width is set quietly first and Input finds it unchanged; the scroll
        # to the cursor reads it all the same.
        self.set_reactive(Widget.virtual_size, Size(self.content_width, 1))
        super()._watch_value(value)

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


PREVIEW_NAME_WIDTH = 20
"""Cells a name takes in the preview's seat lines (so one seat is one line at 80 columns)."""


PAYMENTS_WIDTH = 74
"""Payments go on as many lines as it takes, each at most this wide (80 columns less margins)."""


def _payments(preview: LinePreview) -> list[str]:
    winds = [wind_name(s.wind) for s in preview.seats]
    parts: list[str] = []
    for p in preview.payments:
        if p.receiver is None and p.payer is not None:
            continue  # a riichi stick: shown on the seat's line
        if p.payer is None and p.receiver is not None:
            parts.append(_("{wind} takes the sticks {points}").format(
                wind=winds[p.receiver], points=format_number(p.points)))
        elif p.payer is not None and p.receiver is not None:
            parts.append(_("{payer} pays {receiver} {points} ({what})").format(
                payer=winds[p.payer], receiver=winds[p.receiver], points=format_number(p.points),
                what=payment_kind_name(p.what)))
    lines: list[str] = []
    for part in parts:
        if lines and cell_width(lines[-1]) + 3 + cell_width(part) <= PAYMENTS_WIDTH:
            lines[-1] += " · " + part
        else:
            lines.append(part)
    return lines


def _indented(text: str, width: int | None) -> str:
    """`text` two cells in, and its wrapped lines too: a long game-over line or note does not
    run back to the margin under the seats' lines."""
    if width is None or width < 20:
        return "  " + text
    return wrap_text(text, width, "  ", "  ")


def preview_text(
    result: LinePreview | LineError | None,
    examples: EntryExamples = DEFAULT_EXAMPLES,
    width: int | None = None,
) -> Text:
    """The preview as styled text, one seat a line (before -> after, the change, riichi), then
    who pays whom (with honba and riichi sticks), the next dealer or the game's end, and the
    notes (a riichi player who dealt in ...); for a final-scores line the sum and what it lacks;
    or the error. With no line, how to write one, with `examples` that fit the event. `width`
    is the cells the preview has: the game's end and the notes wrap inside it, indented."""
    if result is None:
        return Text(_("Type a result, e.g. t{table} ron S<-W 3/30 r:E,S   ·   t{table} final "
                      "{scores}   ·   t{table} then Enter opens table {table}").format(
                          table=examples.table, scores=examples.final), style="dim")
    if isinstance(result, LineError):
        return Text.assemble(("✗ ", "bold red"), (result.message, "red"))
    p = result
    text = Text()
    head = (
        _("round {round} table {table}, {hand}").format(
            round=p.round, table=p.table, hand=p.hand_label)
        if p.hand_label else _("round {round} table {table}").format(round=p.round, table=p.table)
    )
    text.append(head, style="bold")
    riichi = {x.payer for x in p.payments if x.receiver is None and x.payer is not None}
    for seat, view in enumerate(p.seats):
        before, after = p.scores_before[seat], p.scores_after[seat]
        change = after - before
        name = pad(cut(view.name, PREVIEW_NAME_WIDTH), PREVIEW_NAME_WIDTH)
        text.append(f"\n  {wind_name(view.wind)} {name} {format_number(before):>7} → ")
        text.append(f"{format_number(after):>7}", style="bold")
        if change:
            text.append(" " + format_signed(change),
                        style="green" if change > 0 else "red")
        if seat in riichi:
            text.append("  " + _("riichi"), style="italic")
    for paid in _payments(p):
        text.append(f"\n  {paid}")
    for seat, detail in p.details:
        text.append("\n  " + detail_line(p, seat, detail), style="italic")
    if p.total is not None and p.deficit is not None:
        if p.deficit == 0:
            off = _("adds up")
        elif p.deficit > 0:
            off = _("{points} missing").format(points=format_number(p.deficit))
        else:
            off = _("{points} too many").format(points=format_number(-p.deficit))
        total = _("total {total}: {off}").format(total=format_number(p.total), off=off)
        text.append("\n  " + total,
                    style="bold green" if p.deficit == 0 else "bold red")
    if p.next_dealer is not None:
        dealer = p.seats[p.next_dealer]
        text.append("\n  " + _("next dealer: {wind} {name}").format(
            wind=wind_name(dealer.wind), name=dealer.name))
    if p.game_over is not None:
        text.append("\n" + _indented(p.game_over, width), style="bold green")
    for note in p.notes:
        text.append("\n" + _indented(_("note: {note}").format(note=note), width), style="yellow")
    if p.repeats is not None:
        text.append("\n" + _indented(p.repeats, width), style="bold yellow")
    return text


class EntryPreview(Static):
    """What the line on the entry line would do (or why it would be refused).

    `min_lines` is the minimum height its stylesheet gives it (8 on the overview, less its
    blank last line): a new preview that keeps the height shown repaints this widget alone
    instead of laying out the screen again (which costs more than the preview, at every
    keystroke, and moves the list under it, rendered again).
    """

    def __init__(self, *, min_lines: int = 0, id: str | None = None) -> None:
        super().__init__(id=id)
        self.min_lines = min_lines
        self._rows = 0
        """The lines of text shown, at least `min_lines` (0: not laid out yet)."""
        self.examples = DEFAULT_EXAMPLES
        """The examples of the hint shown with no line (the screen sets them for its event)."""

    def _lines(self) -> int:
        """The lines the layout gives the text shown, at least `min_lines` (0: no width yet).
        What the layout reads: it is kept for it."""
        width = self.content_size.width
        if not width:
            return 0
        return max(self.get_content_height(self.size, self.size, width), self.min_lines)

    def on_resize(self) -> None:
        """Laid out (the screen's size or the text's height changed): the height shown."""
        self._rows = self._lines()

    def set_text(self, text: Text) -> None:
        """Show `text`, laying the screen out again only when the height changes."""
        self.update(text, layout=False)
        rows = self._lines()
        if not rows or rows != self._rows:
            self.refresh(layout=True)
        self._rows = rows

    def show(self, result: LinePreview | LineError | None) -> None:
        """Show a preview, an error, or (None) how to write a line."""
        width = self.content_size.width or None
        self.set_text(preview_text(result, self.examples, width))
        self.set_class(isinstance(result, LineError), "-error")

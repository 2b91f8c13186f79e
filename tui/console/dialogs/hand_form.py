"""`HandFormDialog`: a hand entered as fields (outcome, winner, loser, han, fu, riichi, tenpai)
for those who prefer a form. It builds the same entry line as typing it (`form_line`), shows
that line and its preview (`core.preview`) as the fields change, and returns the line to be
recorded."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, ItemGrid, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from mjevent.core.entries import WINDS
from mjevent.core.i18n import N_, _, pgettext, wind_name
from mjevent.core.preview import preview_line, read_entry
from mjevent.tui.console.keys import translate_bindings
from mjevent.tui.console.widgets.entry_line import EntryPreview

__all__ = ["OUTCOMES", "HandFormDialog", "form_line"]

OUTCOMES = ("ron", "tsumo", "draw", "abort", "chombo")


def _outcome_name(outcome: str) -> str:
    # The value is the entry line's word (Latin in every language); the label is for reading.
    names = {
        "ron": pgettext("outcome", "ron"),
        "tsumo": pgettext("outcome", "tsumo"),
        "draw": pgettext("outcome", "draw"),
        "abort": pgettext("outcome", "abort"),
        "chombo": pgettext("outcome", "chombo"),
    }
    return names[outcome]


def form_line(
    table: int, outcome: str, winner: int | None, loser: int | None, han: str, fu: str,
    riichi: list[int], tenpai: list[int], round: int | None = None,
) -> str:
    """The entry line the fields describe (seats by wind; docs/entry.md).

    >>> form_line(3, "ron", 1, 2, "3", "30", [0, 1], [])
    't3 ron S<-W 3/30 r:E,S'
    >>> form_line(3, "tsumo", 0, None, "6", "", [], [])
    't3 tsumo E 6'
    >>> form_line(3, "draw", None, None, "", "", [3], [0, 2], round=2)
    'r2 t3 draw tenpai:E,W r:N'
    """
    parts = ([f"r{round}"] if round is not None else []) + [f"t{table}", outcome]
    value = f"{han.strip()}/{fu.strip()}" if fu.strip() else han.strip()

    def seat(s: int | None) -> str:
        return WINDS[s] if s is not None else "?"

    if outcome == "ron":
        parts += [f"{seat(winner)}<-{seat(loser)}", value]
    elif outcome == "tsumo":
        parts += [seat(winner), value]
    elif outcome == "chombo":
        parts.append(seat(winner))
    elif outcome == "draw" and tenpai:
        parts.append("tenpai:" + ",".join(WINDS[s] for s in sorted(tenpai)))
    if riichi and outcome != "chombo":
        parts.append("r:" + ",".join(WINDS[s] for s in sorted(riichi)))
    return " ".join(p for p in parts if p)


BOX_WIDTH = 22
"""The narrowest a riichi or tenpai box gets (a wind, a name, the tick)."""


class HandFormDialog(ModalScreen[str | None]):
    """The form for one hand at `table` in `round`; dismisses with the line, or None."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", N_("Cancel"), id="form.cancel",
                tooltip=N_("Close the form without recording anything")),
        Binding("ctrl+s", "record", N_("Record"), id="form.record",
                tooltip=N_("Record the hand the form describes (same as typing its line)")),
    ]
    DEFAULT_CSS = """
    HandFormDialog {
        align: center middle;
    }
    HandFormDialog > VerticalScroll {
        width: 90%;
        max-width: 100;
        height: 90%;
        border: thick $primary;
        background: $surface;
        padding: 0 1;
    }
    HandFormDialog Horizontal {
        height: auto;
    }
    HandFormDialog Select {
        width: 1fr;
    }
    HandFormDialog Input {
        width: 12;
    }
    /* One line a box (no border): four seats' riichi and tenpai fit 80x24 with the line. */
    HandFormDialog Checkbox {
        width: 100%;
        height: 1;
        border: none;
        padding: 0;
    }
    HandFormDialog #form-line {
        text-style: bold;
    }
    """

    def __init__(self, round: int, table: int, names: list[str]) -> None:
        super().__init__()
        self.round = round
        self.table = table
        self.names = names
        translate_bindings(self)

    def compose(self) -> ComposeResult:
        seats = [(f"{wind_name(WINDS[s])} {n}", s) for s, n in enumerate(self.names)]
        with VerticalScroll():
            yield Static(Text(_("Table {table}, round {round}: a hand by fields").format(
                table=self.table, round=self.round), style="bold"), markup=False)
            with Horizontal():
                yield Select([(_outcome_name(o), o) for o in OUTCOMES], value="ron",
                             allow_blank=False, id="outcome", prompt=_("outcome"))
                yield Select(seats, id="winner", prompt=_("winner"))
                yield Select(seats, id="loser", prompt=_("loser"))
            with Horizontal():
                yield Label(_("han "), markup=False)
                yield Input(id="han", placeholder="3", restrict=r"[0-9ykm]*")
                yield Label(_(" fu "), markup=False)
                yield Input(id="fu", placeholder="30", restrict=r"[0-9]*")
            with Horizontal():
                yield Label(_("riichi: "), markup=False)
                # As many boxes a row as fit: at 80 columns two rows of two, not North's
                # boxes past the edge.
                with ItemGrid(min_column_width=BOX_WIDTH, regular=True):
                    for s, name in enumerate(self.names):
                        yield Checkbox(f"{wind_name(WINDS[s])} {name}", id=f"riichi-{s}")
            with Horizontal():
                yield Label(_("tenpai: "), markup=False)
                # As many boxes a row as fit: at 80 columns two rows of two, not North's
                # boxes past the edge.
                with ItemGrid(min_column_width=BOX_WIDTH, regular=True):
                    for s, name in enumerate(self.names):
                        yield Checkbox(f"{wind_name(WINDS[s])} {name}", id=f"tenpai-{s}")
            yield Static(markup=False, id="form-line")
            yield EntryPreview(id="form-preview")
            with Horizontal():
                yield Button(_("Record (ctrl+s)"), id="record", variant="primary")
                yield Button(_("Cancel (Esc)"), id="cancel")
            with Vertical():
                yield Static(markup=False, id="form-help")

    def on_mount(self) -> None:
        self.query_one("#outcome", Select).focus()
        self._update()

    @property
    def line(self) -> str:
        """The entry line the fields describe now."""
        def seat(selector: str) -> int | None:
            value = self.query_one(selector, Select).value
            return value if isinstance(value, int) else None

        def ticked(prefix: str) -> list[int]:
            return [s for s in range(len(self.names))
                    if self.query_one(f"#{prefix}-{s}", Checkbox).value]

        outcome = self.query_one("#outcome", Select).value
        return form_line(
            self.table, str(outcome), seat("#winner"), seat("#loser"),
            self.query_one("#han", Input).value, self.query_one("#fu", Input).value,
            ticked("riichi"), ticked("tenpai"), round=self.round,
        )

    @on(Select.Changed)
    @on(Input.Changed)
    @on(Checkbox.Changed)
    def _update(self) -> None:
        line = self.line
        self.query_one("#form-line", Static).update(_("line: {line}").format(line=line))
        session = getattr(self.app, "session", None)
        if session is not None:
            folder = session.folder()
            self.query_one(EntryPreview).show(
                preview_line(folder, read_entry(folder.state(), line))
            )

    @on(Input.Submitted)
    def _entered(self) -> None:
        self.action_record()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """The mouse works too."""
        if event.button.id == "record":
            self.action_record()
        else:
            self.action_cancel()

    def action_record(self) -> None:
        """Return the line; the table screen records it as if typed."""
        self.dismiss(self.line)

    def action_cancel(self) -> None:
        """Close without recording."""
        self.dismiss(None)

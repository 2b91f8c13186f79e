"""`NumbersDialog`: asks for one or more whole numbers, each within its range (the minutes of a
countdown or an extension, a table number), and refuses anything else with the reason."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from mjevent.core.i18n import N_, _
from mjevent.tui.console.keys import translate_bindings

__all__ = ["Ask", "NumbersDialog"]


@dataclass(frozen=True)
class Ask:
    """One number to ask for: its label, the range it must fall in and what is filled in."""

    label: str
    low: int
    high: int
    default: int | None = None


class NumbersDialog(ModalScreen[tuple[int, ...] | None]):
    """`title`, then one input per `Ask`; Enter on the last input (or OK) answers with the
    numbers, Escape cancels with None."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", N_("Cancel"), id="numbers.cancel",
                tooltip=N_("Go back without changing anything")),
    ]
    DEFAULT_CSS = """
    NumbersDialog {
        align: center middle;
    }
    NumbersDialog > Vertical {
        width: 60;
        max-width: 95%;
        height: auto;
        border: thick $primary;
        background: $surface;
        padding: 0 1;
    }
    NumbersDialog #numbers-title {
        text-style: bold;
    }
    NumbersDialog #numbers-error {
        color: $error;
        height: auto;
    }
    NumbersDialog Horizontal {
        height: auto;
        align: right middle;
    }
    NumbersDialog Input {
        width: 100%;
    }
    """

    def __init__(self, title: str, asks: tuple[Ask, ...]) -> None:
        super().__init__()
        self.heading = title
        self.asks = asks
        translate_bindings(self)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.heading, markup=False, id="numbers-title")
            for i, ask in enumerate(self.asks):
                yield Label(f"{ask.label} ({ask.low}-{ask.high})", markup=False)
                value = "" if ask.default is None else str(ask.default)
                yield Input(value, id=f"number-{i}", type="integer")
            yield Static("", markup=False, id="numbers-error")
            with Horizontal():
                yield Button(_("OK (Enter)"), id="ok", variant="primary")
                yield Button(_("Cancel (Esc)"), id="cancel")

    def on_mount(self) -> None:
        self.query_one("#number-0", Input).focus()

    def numbers(self) -> tuple[int, ...] | str:
        """The numbers typed, or what is wrong with them."""
        values: list[int] = []
        for i, ask in enumerate(self.asks):
            raw = self.query_one(f"#number-{i}", Input).value.strip()
            if not raw.lstrip("-").isdigit() or not ask.low <= int(raw) <= ask.high:
                return _("{label}: give a whole number from {low} to {high}").format(
                    label=ask.label, low=ask.low, high=ask.high)
            values.append(int(raw))
        return tuple(values)

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        """Enter moves to the next input, and answers on the last one."""
        index = int(str(event.input.id).rsplit("-", 1)[1])
        if index + 1 < len(self.asks):
            self.query_one(f"#number-{index + 1}", Input).focus()
            return
        self._answer()

    def _answer(self) -> None:
        got = self.numbers()
        if isinstance(got, str):
            self.query_one("#numbers-error", Static).update(got)
            return
        self.dismiss(got)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """The mouse works too."""
        if event.button.id == "ok":
            self._answer()
        else:
            self.dismiss(None)

    def action_cancel(self) -> None:
        """Close without an answer."""
        self.dismiss(None)

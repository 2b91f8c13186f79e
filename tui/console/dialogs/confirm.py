"""`ConfirmDialog`: says exactly what an action will do and asks yes or no."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from mjevent.core.i18n import N_, _
from mjevent.tui.console.keys import translate_bindings

__all__ = ["ConfirmDialog"]


class ConfirmDialog(ModalScreen[bool]):
    """`title`, then `body` (what will happen); y / Enter confirms, n / Escape cancels."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", N_("Yes"), id="confirm.yes",
                tooltip=N_("Do it (a correction entry is appended; nothing is deleted)")),
        Binding("n,escape", "answer(False)", N_("No"), id="confirm.no",
                tooltip=N_("Go back without changing anything")),
    ]
    DEFAULT_CSS = """
    ConfirmDialog {
        align: center middle;
    }
    ConfirmDialog > Vertical {
        width: 80%;
        max-width: 90;
        height: auto;
        border: thick $warning;
        background: $surface;
        padding: 0 1;
    }
    ConfirmDialog #confirm-title {
        text-style: bold;
    }
    ConfirmDialog Horizontal {
        height: auto;
        align: right middle;
    }
    ConfirmDialog Button {
        margin: 0 1;
    }
    """

    def __init__(self, title: str, body: str) -> None:
        super().__init__()
        self.heading = title
        self.body = body
        translate_bindings(self)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.heading, markup=False, id="confirm-title")
            yield Static(self.body, markup=False, id="confirm-body")
            with Horizontal():
                yield Button(_("Yes (y)"), id="yes", variant="warning")
                yield Button(_("No (n)"), id="no")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """The mouse works too."""
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        """Close with the answer."""
        self.dismiss(yes)

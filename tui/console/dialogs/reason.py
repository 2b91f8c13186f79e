"""`ReasonDialog`: asks why (a table entry rejected), and refuses an empty answer."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from mjevent.core.i18n import N_, _
from mjevent.tui.console.keys import translate_bindings

__all__ = ["ReasonDialog"]


class ReasonDialog(ModalScreen[str | None]):
    """`title`, what it is about (`body`), then one line for the reason; Enter answers with
    it (an empty line is refused with a word), Escape cancels with None."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", N_("Cancel"), id="reason.cancel",
                tooltip=N_("Go back without changing anything")),
    ]
    DEFAULT_CSS = """
    ReasonDialog {
        align: center middle;
    }
    ReasonDialog > Vertical {
        width: 70;
        max-width: 95%;
        height: auto;
        border: thick $warning;
        background: $surface;
        padding: 0 1;
    }
    ReasonDialog #reason-title {
        text-style: bold;
    }
    ReasonDialog #reason-error {
        color: $error;
        height: auto;
    }
    """

    def __init__(self, title: str, body: str) -> None:
        super().__init__()
        self.heading = title
        self.body = body
        translate_bindings(self)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.heading, markup=False, id="reason-title")
            yield Static(self.body, markup=False, id="reason-body")
            yield Input(placeholder=_("Reason (Enter to confirm, Escape to cancel)"),
                        id="reason-input", max_length=200)
            yield Static("", markup=False, id="reason-error")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    @on(Input.Submitted, "#reason-input")
    def answered(self, event: Input.Submitted) -> None:
        """Enter: close with the reason, unless there is none."""
        if not event.value.strip():
            self.query_one("#reason-error", Static).update(_("Give a reason: the log keeps it."))
            return
        self.dismiss(event.value.strip())

    def action_cancel(self) -> None:
        """Close without a reason."""
        self.dismiss(None)

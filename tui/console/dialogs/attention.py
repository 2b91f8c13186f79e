"""`AttentionDialog`: the event file under the console was replaced or deleted.

Says what happened and what the file lacks (from `events.replaced.Divergence`), that nothing is
written meanwhile, and offers the director's choices: append the missing entries back, take
the file as it is now, or, for a deleted file, write the event back from memory. Escape leaves
the choice for later; every write is refused until then, and the next one brings this back.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from mjevent.core.i18n import N_, _
from mjevent.events.replaced import Divergence
from mjevent.tui.console.keys import translate_bindings

__all__ = ["APPEND_BACK", "LATER", "TAKE_FILE", "WRITE_BACK", "AttentionDialog"]

APPEND_BACK, TAKE_FILE, WRITE_BACK, LATER = "append", "accept", "write", "later"
"""What the dialog is dismissed with."""


class AttentionDialog(ModalScreen[str | None]):
    """The notice and the choices; dismissed with one of `APPEND_BACK`, `TAKE_FILE`,
    `WRITE_BACK` or `LATER`."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "a",
            "choose('append')",
            N_("Append back"),
            id="attention.append",
            tooltip=N_("Append the entries the file lacks, with their own ids"),
        ),
        Binding(
            "r",
            "choose('accept')",
            N_("Take the file"),
            id="attention.accept",
            tooltip=N_("Reload: take the file as it is now, without those entries"),
        ),
        Binding(
            "w",
            "choose('write')",
            N_("Write back"),
            id="attention.write",
            tooltip=N_("Write the whole event back to its path from the console's memory"),
        ),
        Binding(
            "escape",
            "choose('later')",
            N_("Decide later"),
            id="attention.later",
            tooltip=N_("Decide later; nothing is written to the file until then"),
        ),
    ]
    DEFAULT_CSS = """
    AttentionDialog {
        align: center middle;
    }
    AttentionDialog > Vertical {
        width: 90%;
        max-width: 100;
        height: auto;
        max-height: 90%;
        border: thick $error;
        background: $surface;
        padding: 0 1;
    }
    AttentionDialog #attention-title {
        text-style: bold;
        color: $error;
    }
    AttentionDialog VerticalScroll {
        height: auto;
        max-height: 16;
    }
    AttentionDialog Horizontal {
        height: auto;
        align: right middle;
    }
    AttentionDialog Button {
        margin: 0 1;
    }
    """

    def __init__(self, divergence: Divergence) -> None:
        super().__init__()
        self.divergence = divergence
        translate_bindings(self)

    def _choices(self) -> tuple[str, ...]:
        if self.divergence.deleted:
            return (WRITE_BACK,)
        return (APPEND_BACK, TAKE_FILE) if self.divergence.missing else (TAKE_FILE,)

    def compose(self) -> ComposeResult:
        labels = {
            APPEND_BACK: _("Append back (a)"),
            TAKE_FILE: _("Take the file as it is (r)"),
            WRITE_BACK: _("Write the event back (w)"),
        }
        with Vertical():
            yield Static(_("The event file needs attention"), id="attention-title", markup=False)
            with VerticalScroll():
                yield Static(self.divergence.message(), id="attention-body", markup=False)
            with Horizontal():
                for choice in self._choices():
                    yield Button(labels[choice], id=choice, variant="warning")
                yield Button(_("Later (Esc)"), id=LATER)

    def on_mount(self) -> None:
        self.query_one(f"#{self._choices()[0]}", Button).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only the choices that fit this file are live."""
        if action == "choose" and parameters and parameters[0] != LATER:
            return parameters[0] in self._choices()
        return True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """The mouse works too."""
        self.dismiss(str(event.button.id))

    def action_choose(self, choice: str) -> None:
        """Close with the choice."""
        self.dismiss(choice)

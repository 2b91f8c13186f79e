"""`CommandDialog`: fill in a command's fields, see what it would change, then confirm.

Every change a director makes from the players and log screens goes through one of these: the
dialog shows the fields (a name, a round, a reason ...), and as they are typed, the lines of
`tui/views/changes.py` for the entry the command would append (folded on a trial copy of the log,
off
the event loop). `ctrl+s` (or Enter in the last field) runs the command through the app; an
error (the command refuses, a field is wrong) is shown in the dialog, which stays open with what
was typed. Escape cancels; nothing is written.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, cast

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static
from textual.worker import get_current_worker

from mjevent.core.entries import Entry
from mjevent.core.i18n import N_, _
from mjevent.core.scoring import IllegalHandError
from mjevent.core.state import EventState
from mjevent.events.commands import record_entry
from mjevent.events.errors import EventFileError
from mjevent.tui.console.keys import translate_bindings
from mjevent.tui.views.changes import ChangePreview

__all__ = ["CommandDialog", "Field", "Plan"]


@dataclass(frozen=True)
class Field:
    """One input of a dialog: its key in the values, the label, and what it starts with."""

    name: str
    label: str
    value: str = ""
    placeholder: str = ""


@dataclass(frozen=True)
class Plan:
    """What the dialog's values mean: the entry (a `core.drafts` builder's, with its id and
    time) that the dialog previews and, confirmed, records as it is
    (`events.commands.record_entry`)."""

    entry: Entry


Planner = Callable[[Mapping[str, str]], Plan]
"""Reads the dialog's values into a `Plan`; a `ValueError` names what is wrong in a field."""


class CommandDialog(ModalScreen[bool]):
    """A form for one command with a live "what it changes" preview; dismisses True when done."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "ctrl+s", "confirm", N_("Confirm"),
            tooltip=N_("Append the entry to the event file"), id="command_dialog.confirm",
        ),
        Binding(
            "escape", "cancel", N_("Cancel"),
            tooltip=N_("Close without changing anything"), id="command_dialog.cancel",
        ),
    ]

    DEFAULT_CSS = """
    CommandDialog {
        align: center middle;
    }
    CommandDialog > Vertical {
        width: 76;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        border: thick $primary;
        background: $surface;
        padding: 0 1;
    }
    CommandDialog .dialog-title {
        text-style: bold;
    }
    CommandDialog .dialog-field {
        height: 1;
        margin-top: 1;
    }
    CommandDialog .dialog-field Label {
        width: 14;
    }
    CommandDialog .dialog-field Input {
        width: 1fr;
        background: $boost;
    }
    CommandDialog #dialog-changes {
        height: auto;
        max-height: 10;
        margin-top: 1;
        color: $text-muted;
    }
    CommandDialog #dialog-error {
        height: auto;
        color: $error;
    }
    CommandDialog #dialog-buttons {
        height: auto;
        align-horizontal: right;
    }
    """

    def __init__(
        self,
        title: str,
        about: str,
        fields: Sequence[Field],
        planner: Planner,
        *,
        state: EventState,
        changes: ChangePreview | None = None,
    ) -> None:
        """`changes` tries the planned entry on the event's live fold (`ChangePreview`); a
        dialog that says what its entry changes in its own way passes none."""
        super().__init__()
        self.title_text = title
        self.about = about
        self.fields = tuple(fields)
        self.planner = planner
        self.state = state
        self.changes = changes
        translate_bindings(self)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.title_text, markup=False, classes="dialog-title")
            if self.about:
                yield Static(self.about, markup=False, id="dialog-about")
            for f in self.fields:
                with Horizontal(classes="dialog-field"):
                    yield Label(f.label, markup=False)
                    # Compact (one line, no border): five fields and the changes fit 80x24.
                    yield Input(
                        f.value, placeholder=f.placeholder, id=f"field-{f.name}", compact=True
                    )
            yield Static("", markup=False, id="dialog-changes")
            yield Static("", markup=False, id="dialog-error")
            with Horizontal(id="dialog-buttons"):
                yield Button(_("Confirm (ctrl+s)"), variant="primary", id="dialog-ok")
                yield Button(_("Cancel (esc)"), id="dialog-cancel")

    def on_mount(self) -> None:
        for field_input in self.query(Input):
            field_input.cursor_blink = False
        self.preview()

    def values(self) -> dict[str, str]:
        """The fields as typed, stripped."""
        return {
            f.name: self.query_one(f"#field-{f.name}", Input).value.strip() for f in self.fields
        }

    # ----- preview

    @on(Input.Changed)
    def _changed(self) -> None:
        self.preview()

    def preview(self) -> None:
        """Read the fields; show what the entry would change (or what is wrong with them)."""
        self.query_one("#dialog-error", Static).update("")
        try:
            plan = self.planner(self.values())
        except ValueError as error:
            self.query_one("#dialog-changes", Static).update(
                _("Not yet: {error}").format(error=error))
            return
        self.query_one("#dialog-changes", Static).update(_("Working out what this changes..."))
        self.compute_changes(plan.entry)

    @work(
        thread=True, exclusive=True, group="dialog-preview", description="preview an entry"
    )
    def compute_changes(self, entry: Entry) -> None:
        """Try the entry on the live fold and describe the difference."""
        if self.changes is None:
            return
        lines = self.changes.changes(entry)
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self.show_changes, lines)

    def show_changes(self, lines: list[str]) -> None:
        """Show the change lines under the fields."""
        text = "\n".join(lines) if lines else _("This changes nothing the console shows.")
        self.query_one("#dialog-changes", Static).update(_("What changes:") + "\n" + text)

    # ----- confirm / cancel

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        inputs = list(self.query(Input))
        if event.input is inputs[-1]:
            self.action_confirm()
        else:
            inputs[inputs.index(event.input) + 1].focus()

    @on(Button.Pressed, "#dialog-ok")
    def _ok(self) -> None:
        self.action_confirm()

    @on(Button.Pressed, "#dialog-cancel")
    def _cancel(self) -> None:
        self.action_cancel()

    def action_confirm(self) -> None:
        """Run the command; on success close, on refusal say why and keep the fields."""
        error = self.query_one("#dialog-error", Static)
        try:
            plan = self.planner(self.values())
            cast(Any, self.app).run_command(record_entry, plan.entry)
        except (ValueError, IllegalHandError, EventFileError) as exc:
            # CommandError, EntryError and IllegalHandError are ValueErrors; the file's own
            # errors (opened read-only, the disk full, the lock lost) are EventFileErrors. Each
            # message names the fix, and nothing was written.
            error.update(_("Not recorded: {error}").format(error=exc))
            return
        self.dismiss(True)

    def action_cancel(self) -> None:
        """Close without writing anything."""
        self.dismiss(False)

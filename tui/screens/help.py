"""`HelpScreen` (F1): every key of the screen below it and of the app, read from the live
bindings (so it cannot drift from what the keys do), with the screen's `HELP` text."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import DataTable, Footer, Static

from mjevent.tui.keys import screen_keys

__all__ = ["HelpScreen", "binding_rows"]


def binding_rows(screen: Screen[Any]) -> list[tuple[str, str, str, str]]:
    """(key, description, binding id, tooltip) of every key `screen` offers (`screen_keys`)."""
    return [
        (k.display, k.binding.description, k.binding.id or "", k.binding.tooltip)
        for k in screen_keys(screen)
    ]


class HelpScreen(ModalScreen[None]):
    """The keys of `screen` (the one it was opened over) and of the app."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "escape,f1", "dismiss", "Close", id="help.close",
            tooltip="Close this help and go back",
        ),
    ]

    def __init__(self, screen: Screen[Any]) -> None:
        super().__init__()
        self.rows = binding_rows(screen)
        self.about = str(getattr(screen, "HELP", "") or "")
        self.heading = f"Keys: {type(screen).__name__.removesuffix('Screen')}"

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-body"):
            yield Static(Text(self.heading, style="bold"), id="help-title")
            if self.about:
                yield Static(self.about, id="help-about")
            table: DataTable[str] = DataTable(id="help-keys", cursor_type="row")
            table.add_columns("Key", "Does", "Id (keymap.toml)", "More")
            for row in self.rows:
                table.add_row(*row)
            yield table
            yield Static(
                Text("Rebind any key in keymap.toml in your config folder: "
                     '"table.undo" = "ctrl+z"', style="dim"),
                id="help-keymap",
            )
        yield Footer()

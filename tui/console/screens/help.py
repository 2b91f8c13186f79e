"""`HelpScreen` (F1): every key of the screen below it and of the app, read from the live
bindings (so it cannot drift from what the keys do), with the screen's `HELP` text."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import DataTable, Footer, Static

from mjevent.core.i18n import N_, _, pgettext
from mjevent.tui.console.keys import screen_keys, translate_bindings
from mjevent.tui.console.widgets.prose import Prose
from mjevent.tui.views.cells import cell_width
from mjevent.tui.views.wrap import wrap_text

__all__ = ["SCREEN_NAMES", "HelpScreen", "binding_rows"]

SCREEN_NAMES = {
    "Overview": N_("Overview"),
    "Standings": N_("Standings"),
    "Players": N_("Players"),
    "Seating": N_("Seating"),
    "Log": N_("Log"),
    "Timer": N_("Timer"),
    "Table": N_("Table"),
    "Replay": N_("Replay"),
    "PlayerHistory": N_("PlayerHistory"),
    "Display": N_("Display"),
}
"""A screen's name in the help's title (`Keys: Overview`), by its class name less `Screen`."""


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
            "escape,f1", "dismiss", N_("Close"), id="help.close",
            tooltip=N_("Close this help and go back"),
        ),
    ]

    def __init__(self, screen: Screen[Any]) -> None:
        super().__init__()
        translate_bindings(self)
        self.rows = binding_rows(screen)
        about = str(getattr(screen, "HELP", "") or "")
        # `HELP` is a class attribute marked `N_`: translated here, where it is shown.
        self.about = _(about) if about else ""
        name = type(screen).__name__.removesuffix("Screen")
        self.heading = _("Keys: {screen}").format(screen=_(SCREEN_NAMES[name])
                                                  if name in SCREEN_NAMES else name)

    def compose(self) -> ComposeResult:
        with Vertical(id="help-body"):
            yield Static(Text(self.heading, style="bold"), markup=False, id="help-title")
            if self.about:
                yield Prose(self.about, markup=False, id="help-about")
            table: DataTable[Text] = DataTable(id="help-keys", cursor_type="row")
            headers = (
                _("Key"), _("Does"), _("Id (keymap.toml)"), pgettext("help column", "More")
            )
            # The last column wraps in what the others leave of the box (90% of the screen,
            # less border, padding, scrollbar and each cell's padding): cut, it lost words.
            widths = [
                max([cell_width(h), *(cell_width(row[i]) for row in self.rows)])
                for i, h in enumerate(headers)
            ]
            room = int(self.app.size.width * 0.9) - 6 - sum(widths[:3]) - 2 * len(headers)
            more = max(20, min(widths[3], room))
            for i, header in enumerate(headers):
                table.add_column(header, width=more if i == 3 else widths[i])
            for key, does, binding_id, tip in self.rows:
                # Wrapped here, the Japanese way (no line starts with 、): the table breaks
                # only at spaces, which a Japanese sentence has none of.
                table.add_row(Text(key), Text(does), Text(binding_id),
                              Text(wrap_text(tip, more)), height=None)
            yield table
            yield Static(
                Text(_("Rebind any key in keymap.toml in your config folder: "
                       '"table.undo" = "ctrl+z"'), style="dim"),
                markup=False, id="help-keymap",
            )
        yield Footer()

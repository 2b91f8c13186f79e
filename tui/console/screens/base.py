"""`EventScreen`: a top-level screen that shows the event and follows `app.state`.

The app holds the one current `EventState` in its reactive `state` (replaced, never mutated),
and the `EventSession` with the open store. A screen reads them through `console`, and
`show_state` runs when the screen is shown and whenever the state is replaced while it is (a
hand recorded here, or another process's append picked up by the app's poll); a change made
while another screen is shown is rendered when this one comes back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Input, Static

from mjevent.core.i18n import _
from mjevent.core.state import EventState
from mjevent.tui.console.keys import translate_bindings
from mjevent.tui.console.widgets.footer import ConsoleFooter
from mjevent.tui.console.widgets.sheet_table import SheetTable

if TYPE_CHECKING:
    from mjevent.tui.console.app import MjeventApp

__all__ = ["EventScreen", "ListScreen", "console_of"]


def console_of(screen: Screen[Any]) -> MjeventApp:
    """The console app a screen (or a pushed screen) runs in: `state`, `session`,
    `run_command`."""
    return cast("MjeventApp", screen.app)


class EventScreen(Screen[None]):
    """A screen over the event: `show_state(state)` renders it and is called on every change.

    Its keys (`BINDINGS`, marked `N_`) are translated when it is built."""

    def __init__(self) -> None:
        super().__init__()
        translate_bindings(self)

    @property
    def console(self) -> MjeventApp:
        """The console app: `state`, `session` and `run_command`."""
        return console_of(self)

    _stale = True
    """The state changed while another screen was shown: render it when this one returns."""

    def on_mount(self) -> None:
        self.watch(self.app, "state", self._state_changed, init=True)

    def _state_changed(self, state: EventState) -> None:
        # A mode left behind stays mounted; it renders again only when it is shown, so a hand
        # entered on the overview does not retell a 20,000-entry log nobody is looking at.
        if self.is_current:
            self._stale = False
            self.show_state(state)
        else:
            self._stale = True

    def on_screen_resume(self) -> None:
        if self._stale:
            self._stale = False
            self.show_state(self.console.state)

    def show_state(self, state: EventState) -> None:
        """Render `state`; a screen overrides this."""
        raise NotImplementedError


class ListScreen(EventScreen):
    """An `EventScreen` that is a searchable list: a search line (`#search`), a count line
    (`#count`), the list (`#list`, a `SheetTable`, focused) and a detail panel (`#detail`)
    showing the selected row.

    A screen binds its search and clear keys to `action_search` / `action_clear_search` and
    says what a search means in `search_changed`; Enter in the search line returns to the list.
    """

    PLACEHOLDER = ""
    """What the empty search line says (marked `N_`, translated when shown)."""

    def compose(self) -> ComposeResult:
        with Vertical(id="body"):
            yield Input(placeholder=_(self.PLACEHOLDER) if self.PLACEHOLDER else "",
                        id="search")
            yield Static("", markup=False, id="count")
            yield SheetTable(id="list")
            yield Static("", markup=False, id="detail")
        yield ConsoleFooter()

    def on_mount(self) -> None:
        self.query_one("#search", Input).cursor_blink = False
        super().on_mount()
        self.query_one(SheetTable).focus()

    def search_changed(self, text: str) -> None:
        """The search line now reads `text`; a screen filters its rows."""
        raise NotImplementedError

    def show_detail(self, row: object) -> str:
        """The detail panel's text for the selected row."""
        return ""

    def update_detail(self) -> None:
        """Show the selected row's detail."""
        row = self.query_one(SheetTable).current_item()
        self.query_one("#detail", Static).update("" if row is None else self.show_detail(row))

    @on(DataTable.RowHighlighted, "#list")
    def _highlighted(self) -> None:
        self.update_detail()

    @on(Input.Changed, "#search")
    def _search_changed(self, event: Input.Changed) -> None:
        self.search_changed(event.value)

    @on(Input.Submitted, "#search")
    def _search_done(self) -> None:
        self.query_one(SheetTable).focus()

    def action_search(self) -> None:
        """Focus the search line."""
        self.query_one("#search", Input).focus()

    def action_clear_search(self) -> None:
        """Empty the search line and go back to the list."""
        self.query_one("#search", Input).value = ""
        self.search_changed("")
        self.query_one(SheetTable).focus()

"""`DisplayScreen`: the projector (`mjevent display FILE`). A rotation of the clock, the next
round's seating and the live standings, paged to fit, under a line with the round's clock and
over the director's announcement (the latest note for no particular table).

The app's file watcher re-folds the log within a second of another process's append, and the
page shown is redrawn at once. With standings hidden (`h`, or `--hide-standings`), the
standings leave the rotation while a round is being played and come back when it ends.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.reactive import reactive
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Static

from mjevent.core.clock import ClockPhase, time_left
from mjevent.core.finish import event_finished
from mjevent.core.i18n import N_, _
from mjevent.core.state import EventState
from mjevent.tui.console.keys import translate_bindings
from mjevent.tui.console.screens.base import console_of
from mjevent.tui.console.widgets.big_clock import BigClock
from mjevent.tui.views.display_pages import DisplayPage, PageKind, announcement_text, display_pages
from mjevent.tui.views.sheets import standings_or_none

__all__ = ["DisplayScreen"]

ROTATE_SECONDS = 10.0
"""How long a page stays up before the next one."""

# Rows the page needs besides its table rows: heading, column headings, rules and margins.
_PAGE_CHROME = 6


class DisplayScreen(Screen[None]):
    """The rotating projector screen."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,n", "turn(1)", N_("Next"), id="display.next",
                tooltip=N_("Show the next page now")),
        Binding("left,b", "turn(-1)", N_("Previous"), id="display.previous",
                tooltip=N_("Show the previous page now")),
        Binding("space", "hold", N_("Hold"), id="display.hold",
                tooltip=N_("Stop the rotation on this page, or start it again")),
        Binding("h", "hide_standings", N_("Hide standings"), id="display.hide_standings",
                tooltip=N_("Keep the standings off the screen while a round is being played")),
    ]
    HELP = N_(
        "The projector: clock, next round's seating and standings in turn. The line at the "
        "bottom is the latest note for no particular table (`mjevent announce FILE TEXT`)."
    )

    hide_standings: reactive[bool] = reactive(False)
    holding: reactive[bool] = reactive(False)

    def __init__(self, *, hide_standings: bool = False, seconds: float = ROTATE_SECONDS,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        translate_bindings(self)
        self.set_reactive(DisplayScreen.hide_standings, hide_standings)
        self.seconds = seconds
        self.pages: list[DisplayPage] = []
        self.page_index = 0
        self._rotation: Timer | None = None

    def compose(self) -> ComposeResult:
        yield Static(markup=False, id="display-header")
        yield BigClock(id="display-clock")
        yield Static(markup=False, id="display-page")
        yield Static(markup=False, id="display-announcement")

    def on_mount(self) -> None:
        self.watch(self.app, "state", self.show_state)
        self.set_interval(0.25, self.tick)
        self._rotation = self.set_interval(self.seconds, self.rotate)

    @property
    def event_state(self) -> EventState:
        """The state the app shows now."""
        state: EventState = self.app.state  # type: ignore[attr-defined]
        return state

    def rows_per_page(self) -> int:
        """Table rows that fit the page area at the current size."""
        return max(self.size.height - _PAGE_CHROME, 3)

    # --- rotation --------------------------------------------------------------------------------

    def show_state(self, state: EventState) -> None:
        """A new state: rebuild the pages and redraw the one shown (same kind and number)."""
        self.rebuild()

    def on_resize(self) -> None:
        """A new size: the pages hold more or fewer rows."""
        self.rebuild()

    def watch_hide_standings(self) -> None:
        self.rebuild()

    def rebuild(self) -> None:
        """Recompute the pages; stay on the current page's kind where it still exists."""
        if not self.is_mounted:
            return
        shown = self.pages[self.page_index] if self.pages else None
        now = self.app.clock()  # type: ignore[attr-defined]
        session = console_of(self).session
        state = self.event_state
        self.pages = display_pages(state, standings_or_none(session, state), now,
                                   self.rows_per_page(), stats=session.stats,
                                   hide_standings=self.hide_standings)
        if shown is not None:
            same = [i for i, p in enumerate(self.pages) if p.title == shown.title]
            kind = [i for i, p in enumerate(self.pages) if p.kind is shown.kind]
            self.page_index = (same or kind or [0])[0]
        self.page_index = min(self.page_index, len(self.pages) - 1)
        self.draw()
        self.tick()

    def rotate(self) -> None:
        """The next page (the rotation timer)."""
        if not self.holding:
            self.action_turn(1)

    def action_turn(self, step: int) -> None:
        """Show the page `step` away (1 next, -1 previous)."""
        if self.pages:
            self.page_index = (self.page_index + step) % len(self.pages)
            self.draw()
            self.tick()

    def action_hold(self) -> None:
        """Stop or restart the rotation."""
        self.holding = not self.holding
        self.notify(_("Rotation held") if self.holding else _("Rotation running"), timeout=2)

    def action_hide_standings(self) -> None:
        """Hide the standings while a round is being played, or show them again."""
        self.hide_standings = not self.hide_standings
        self.notify(
            _("Standings hidden while a round is being played") if self.hide_standings
            else _("Standings shown"), timeout=3,
        )

    # --- drawing ---------------------------------------------------------------------------------

    @property
    def page(self) -> DisplayPage | None:
        """The page shown now."""
        return self.pages[self.page_index] if self.pages else None

    def draw(self) -> None:
        """Render the current page."""
        page = self.page
        clock_page = page is None or page.kind is PageKind.CLOCK
        self.query_one(BigClock).display = clock_page
        body = self.query_one("#display-page", Static)
        body.display = not clock_page
        if page is not None and not clock_page:
            table = Table(title=Text(page.title, style="bold"), expand=True,
                          header_style="bold", show_edge=False, pad_edge=False)
            for i, h in enumerate(page.headers):
                right = i in page.numbers
                table.add_column(Text(h), justify="right" if right else "left", no_wrap=True,
                                 ratio=None if right else 1)
            for row in page.rows:
                # Text, not str: Rich reads a str cell as markup (a player named "[/]").
                table.add_row(*(Text(cell) for cell in row))
            body.update(table)
        self.query_one("#display-announcement", Static).update(
            announcement_text(self.event_state)
        )

    def tick(self) -> None:
        """Redraw the clock line (and the clock page's digits)."""
        state = self.event_state
        rnd = state.current_round
        left = time_left(state.clocks.get(rnd), state.settings.timer,
                         self.app.clock(), round=rnd)  # type: ignore[attr-defined]
        if left.phase is ClockPhase.COUNTDOWN:
            said = _("Round {round}: starts in {time}")
        elif left.phase is ClockPhase.NOT_STARTED:
            said = _("Round {round}: not started")
        elif left.phase in (ClockPhase.TIME_UP, ClockPhase.CALLED):
            said = _("Round {round}: time")
        elif left.phase is ClockPhase.PAUSED:
            said = _("Round {round}: {time} left (paused)")
        else:
            said = _("Round {round}: {time} left")
        if self.page is not None and self.page.kind is PageKind.PRIZES:
            said = _("Prize-giving")
        elif event_finished(state):
            said = _("The event is finished")
        header = Text.assemble(
            (state.settings.event.name, "bold"), "  ·  ",
            (said.format(round=rnd, time=left.text), "bold"),
        )
        if self.page is not None and len(self.pages) > 1:
            header.append(
                "  ·  " + _("page {page}/{pages}").format(
                    page=self.page_index + 1, pages=len(self.pages)
                ),
                style="dim",
            )
        self.query_one("#display-header", Static).update(header)
        self.query_one(BigClock).text = left.text
        self.set_class(left.warning is not None and left.phase is ClockPhase.RUNNING, "-warning")
        self.set_class(left.phase in (ClockPhase.TIME_UP, ClockPhase.CALLED), "-time-up")

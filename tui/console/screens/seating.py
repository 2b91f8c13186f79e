"""The seating screen (mode "seating", F5): any round as a grid of tables, and the checker.

Each table is a card with its seat winds and names (a substitute under the seat they play, a
withdrawn player struck through), its state (not started, the hand being played, finished),
and any pair at it that already met in an earlier round. Under the grid, the seating checker's
summary over rounds 1 to the round shown: repeat-free rounds, repeated pairs, pairs never met,
wind balance, table-number repeats (and teammates, when the event has teams).

Keys: `[` / `]` the previous / next seated round, `c` the current round; `g` generate, `l`
library block, `i` import, `s` swap, `r` re-seat the rounds not played, `k` seat a round by the
standings, `n` seat the next stage from the standings' cut, `w` re-seat a table that played on
the wrong winds: each opens a `SeatingPlanDialog` (`tui/console/dialogs/seating_plan.py`)
that shows the
plan and its cost (or the scores before and after) before `ctrl+s` writes it.
"""

from __future__ import annotations

from typing import ClassVar

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, VerticalScroll
from textual.events import Resize
from textual.widgets import Static
from textual.worker import get_current_worker

from mjevent.core.i18n import N_, _, ngettext
from mjevent.core.state import EventState
from mjevent.tui.console.dialogs.seating_plan import (
    SEATING_KEYS,
    SeatingPlanDialog,
    reseat_table_form,
    seating_form,
)
from mjevent.tui.console.screens.base import EventScreen
from mjevent.tui.console.widgets.footer import ConsoleFooter
from mjevent.tui.console.widgets.seating_card import SeatingCard
from mjevent.tui.views.changes import ChangePreview
from mjevent.tui.views.seating import TableView, check_summary, round_tables

__all__ = ["SeatingScreen"]

CARD_WIDTH = 26
"""Columns one table card takes, border included: three cards across 80 columns."""


class SeatingScreen(EventScreen):
    """One round's tables as cards, with the checker's summary under them."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "left_square_bracket", "round(-1)", N_("Earlier"),
            tooltip=N_("Show the previous seated round"), id="seating.round_prev",
        ),
        Binding(
            "right_square_bracket", "round(1)", N_("Later"),
            tooltip=N_("Show the next seated round"), id="seating.round_next",
        ),
        Binding(
            "c", "current", N_("Current"),
            tooltip=N_("Show the round being played now"), id="seating.current",
        ),
        *SEATING_KEYS,
    ]

    HELP = N_(
        "Any round's tables with their seat winds and names; the bracket keys step through the "
        "rounds, c returns to the current one. The checker's summary covers rounds 1 to the "
        "round shown. g generates the seating, l loads a library block, i imports a file, s "
        "swaps two players, r re-seats the rounds not yet played, k seats a round by the "
        "standings, n seats the next stage from the standings' cut: each shows the plan and its "
        "cost (new repeats, wind spread, table repeats, byes) before ctrl+s writes it. w "
        "re-seats a table that played on the wrong winds: its hands are re-applied under the "
        "seats as they sat, with the scores before and after shown first."
    )

    def __init__(self) -> None:
        super().__init__()
        self.round: int | None = None
        self.shown: tuple[int, tuple[TableView, ...]] | None = None

    def compose(self) -> ComposeResult:
        yield Static("", markup=False, id="seating-title")
        with VerticalScroll(id="seating-scroll"):
            yield Grid(id="seating-grid")
        yield Static("", markup=False, id="seating-summary")
        yield ConsoleFooter()

    def show_state(self, state: EventState) -> None:
        rnd = self.round if self.round is not None else state.current_round
        self.compute(state, rnd)

    @work(thread=True, exclusive=True, group="seating", description="shape a round")
    def compute(self, state: EventState, rnd: int) -> None:
        """Shape the round and run the checker off the event loop (numpy over every round)."""
        tables = round_tables(state, rnd)
        summary = check_summary(state, rnd)
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self.render_round, state, rnd, tables, summary)

    def render_round(
        self, state: EventState, rnd: int, tables: tuple[TableView, ...], summary: list[str]
    ) -> None:
        """Show round `rnd`: the title, one card per table, the checker's lines."""
        finished = sum(1 for t in tables if t.finished)
        rounds = sorted(state.seating)
        title = ngettext(
            "Round {round}: {tables} table, {finished} finished",
            "Round {round}: {tables} tables, {finished} finished",
            len(tables),
        ).format(round=rnd, tables=len(tables), finished=finished)
        if not tables:
            title = (
                _("Round {round} is not seated (seated rounds: {first}-{last})").format(
                    round=rnd, first=rounds[0], last=rounds[-1])
                if rounds else _("Round {round} is not seated").format(round=rnd)
            )
        if rnd == state.current_round:
            title = _("{title} (current round)").format(title=title)
        self.query_one("#seating-title", Static).update(title)
        if self.shown != (rnd, tables):
            grid = self.query_one("#seating-grid", Grid)
            grid.remove_children()
            grid.mount_all(SeatingCard(t) for t in tables)
            self.shown = (rnd, tables)
            self._fit_columns(self.size.width)
        self.query_one("#seating-summary", Static).update("\n".join(summary))
        self.refresh_bindings()

    def on_resize(self, event: Resize) -> None:
        self._fit_columns(event.size.width)

    def _fit_columns(self, width: int) -> None:
        grid = self.query_one("#seating-grid", Grid)
        grid.styles.grid_size_columns = max(1, width // CARD_WIDTH)

    # ----- actions

    def _rounds(self) -> list[int]:
        return sorted(self.console.state.seating)

    def _current(self) -> int:
        return self.round if self.round is not None else self.console.state.current_round

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "round":
            step = int(str(parameters[0]))
            rounds = self._rounds()
            here = self._current()
            later = [r for r in rounds if (r - here) * step > 0]
            return True if later else None
        if action == "current":
            return True if self._current() != self.console.state.current_round else None
        return True

    def action_round(self, step: int) -> None:
        here = self._current()
        later = sorted(
            (r for r in self._rounds() if (r - here) * step > 0), key=lambda r: abs(r - here)
        )
        if later:
            self.round = later[0]
            self.compute(self.console.state, self.round)

    def action_plan(self, form: str) -> None:
        """Open the dialog of `form` (generate, library, import, swap, regenerate, ranked)."""
        state, session = self.console.state, self.console.session
        dialog: SeatingPlanDialog = seating_form(
            form, state, self._current(), lambda: session.standings(state)
        )
        self.app.push_screen(dialog)

    def action_reseat_table(self) -> None:
        """Open the wrong-winds dialog on the round shown; it tries the entry on the log as
        as it stands (`ChangePreview`) to show the scores after."""
        state = self.console.state
        trial = ChangePreview(self.console.session)
        self.app.push_screen(reseat_table_form(state, trial, self._current()))

    def action_current(self) -> None:
        self.round = None
        self.compute(self.console.state, self.console.state.current_round)

"""The standings screen (mode "standings", F3): live player or team standings.

The same numbers as `mjevent print standings` (both shape them with `tui/views/sheets.py`): places,
shared where level ("2-3"), totals in thousands, games, average place, place counts, penalties,
movement since the previous round, and the tiebreak that separated each player from someone
level with them. Under the table, the chain and one line per tie it broke.

Keys: `[` / `]` an earlier / later round (the director sees rounds still hidden from players),
`l` back to the latest round, `t` players / teams, `s` sort by the next column, `o` reverse the
order (a click on a header sorts by it), `enter` or `h` the selected player's game-by-game
history with the running total, their numbers above it (hands, wins, tsumo, deal-ins, riichi,
average win, over the same rounds).

The standings are the session's (`EventSession.standings`), asked for in a worker: computed once
(about 100 ms at 500 players), then brought up to date with `standings_update` when a game ends
(a fraction of a millisecond); the table keeps its rows and its cursor on the same player until
the new ones are ready.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Static
from textual.worker import get_current_worker

from mjevent.core.i18n import N_, _, format_number, format_thousands, listed
from mjevent.core.standings import StandingsConfigError, StandingsError
from mjevent.core.standings.compute import Standings
from mjevent.core.state import EventState
from mjevent.core.stats import player_tally
from mjevent.events.session import EventSession
from mjevent.tui.console.keys import translate_bindings
from mjevent.tui.console.screens.base import EventScreen, console_of
from mjevent.tui.console.widgets.footer import ConsoleFooter
from mjevent.tui.console.widgets.sheet_table import SheetTable
from mjevent.tui.views.sheets import (
    Column,
    HistoryLine,
    criterion_name,
    decider,
    history,
    standing_columns,
    team_columns,
    tie_lines,
)
from mjevent.tui.views.stats import summary_line

__all__ = ["PlayerHistoryScreen", "StandingsScreen", "StandingsView", "standings_view"]


@dataclass(frozen=True)
class StandingsView:
    """What the screen shows for one state and one choice of round: the table or the reason
    there is none (`error`), and the text around it."""

    table: Standings | None
    title: str
    notes: tuple[str, ...]
    error: str = ""


def standings_view(
    session: EventSession, state: EventState, after_round: int | None, teams: bool
) -> StandingsView:
    """The standings of `state` after `after_round` (None: the latest round with results,
    hidden or not: the director's view), with the title and the notes the screen shows under
    them; the event's standings are the session's (`EventSession.standings`).
    """
    try:
        base = session.standings(state)
        latest = base
        if base.last_round > base.round:
            latest = base.standings_after(base.last_round, show_hidden=True)
        table = latest
        if after_round is not None and after_round != latest.round:
            table = latest.standings_after(after_round, show_hidden=True)
    except (StandingsConfigError, StandingsError) as error:
        return StandingsView(None, _("Standings"), (),
                             _("The standings cannot be computed: {error}").format(error=error))
    if table.round:
        title = (_("Team standings after round {round}") if teams
                 else _("Standings after round {round}")).format(round=table.round)
    else:
        title = _("Team standings (no round played)") if teams else _(
            "Standings (no round played)")
    if table.round > base.round:
        title = _("{title} (hidden from players until every table finishes)").format(title=title)
    notes = [_("Tiebreaks: {tiebreaks}").format(
        tiebreaks=listed(criterion_name(c) for c in table.config.tiebreaks),
    )]
    if not teams:
        notes += tie_lines(table)
    notes += [_("Note: {note}").format(note=n) for n in table.notes]
    return StandingsView(table, title, tuple(notes))


class StandingsScreen(EventScreen):
    """Live standings: rounds, players or teams, sort by any column, a player's history."""

    FOOTER_KEYS: ClassVar[tuple[str, ...]] = (
        "standings.round_prev",
        "standings.round_next",
        "standings.history",
        "standings.teams",
    )
    """The keys the footer keeps first when 80 columns cannot show them all."""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "left_square_bracket", "round(-1)", N_("Earlier"),
            tooltip=N_("Show the standings after the previous round"), id="standings.round_prev",
        ),
        Binding(
            "right_square_bracket", "round(1)", N_("Later"),
            tooltip=N_("Show the standings after the next round"), id="standings.round_next",
        ),
        Binding(
            "l", "latest", N_("Latest"),
            tooltip=N_("Follow the latest round again (updates as games end)"),
            id="standings.latest",
        ),
        Binding(
            "t", "teams", N_("Teams"),
            tooltip=N_("Switch between player and team standings"), id="standings.teams",
        ),
        Binding(
            "s", "sort", N_("Sort"),
            tooltip=N_("Sort by the next column (after the last: ranking order)"),
            id="standings.sort",
        ),
        Binding(
            "o", "reverse", N_("Reverse"),
            tooltip=N_("Reverse the order of the rows"), id="standings.reverse",
        ),
        Binding(
            "h", "history", N_("History"),
            tooltip=N_("The selected player's games one by one, with the running total"),
            id="standings.history",
        ),
    ]

    HELP = N_(
        "Live standings, updated the moment a game ends; the same numbers as mjevent print "
        "standings. The bracket keys step through the rounds, l follows the latest again, t "
        "shows the teams, s sorts by the next column and o reverses; Enter or h opens a "
        "player's history with the running total."
    )

    def __init__(self) -> None:
        super().__init__()
        self.after_round: int | None = None
        self.teams = False
        self.view: StandingsView | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="standings-body"):
            yield Static("", markup=False, id="standings-title")
            yield SheetTable(id="standings-table")
            yield Static("", markup=False, id="standings-notes")
        yield ConsoleFooter()

    # ----- rendering

    def show_state(self, state: EventState) -> None:
        self.compute(state, self.after_round, self.teams)

    @work(thread=True, exclusive=True, group="standings", description="standings")
    def compute(self, state: EventState, after_round: int | None, teams: bool) -> None:
        """Compute the standings off the event loop and show them when ready."""
        view = standings_view(self.console.session, state, after_round, teams)
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self.render_view, view)

    def render_view(self, view: StandingsView) -> None:
        """Show `view`: the title, the rows (keeping the cursor), the notes."""
        self.view = view
        table = self.query_one(SheetTable)
        title = self.query_one("#standings-title", Static)
        notes = self.query_one("#standings-notes", Static)
        if view.table is None:
            table.show((), (), str)
            title.update(view.title)
            notes.update(view.error)
            return
        t = view.table
        if self.teams and t.teams:
            columns: tuple[Column, ...] = team_columns()
            table.show(columns, t.teams, lambda r: r.team)
        else:
            everyone = (*t.rows, *t.apart)
            shown = standing_columns(
                t.seats, decided_by=any(decider(r.decided_by) for r in t.rows)
            )
            if not any(r.team for r in everyone):
                shown = tuple(c for c in shown if c.header != "Team")
            table.show(shown, everyone, lambda r: r.player)
        order = table.sort_text
        if order and table.sort_index is not None:
            title.update(_("{title}, {order}").format(title=view.title, order=order))
        else:
            title.update(view.title)
        notes.update("\n".join(view.notes))
        self.refresh_bindings()

    @on(SheetTable.Sorted)
    def _sorted(self) -> None:
        if self.view is not None:
            self.render_view(self.view)

    # ----- actions

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        view = self.view
        table = None if view is None else view.table
        if action == "round":
            if table is None:
                return None
            wanted = table.round + int(str(parameters[0]))
            return True if 0 <= wanted <= table.last_round else None
        if action == "latest":
            return True if self.after_round is not None else None
        if action == "teams":
            return True if table is not None and table.teams else None
        if action == "history":
            return True if not self.teams and table is not None else None
        return True

    def action_round(self, step: int) -> None:
        if self.view is None or self.view.table is None:
            return
        t = self.view.table
        wanted = max(0, min(t.last_round, t.round + step))
        self.after_round = wanted
        self.compute(self.console.state, wanted, self.teams)

    def action_latest(self) -> None:
        self.after_round = None
        self.compute(self.console.state, None, self.teams)

    def action_teams(self) -> None:
        self.teams = not self.teams
        table = self.query_one(SheetTable)
        table.sort_index, table.descending = None, False
        self.compute(self.console.state, self.after_round, self.teams)

    def action_sort(self) -> None:
        self.query_one(SheetTable).next_sort()

    def action_reverse(self) -> None:
        self.query_one(SheetTable).reverse()

    def action_history(self) -> None:
        view = self.view
        if view is None or view.table is None or self.teams:
            return
        player = self.query_one(SheetTable).current_key()
        if player is not None:
            self.app.push_screen(PlayerHistoryScreen(view.table, player))

    @on(DataTable.RowSelected, "#standings-table")
    def _row_selected(self) -> None:
        self.action_history()


def _history_note(line: HistoryLine) -> str:
    chombo = (
        _("chombo {points}").format(points=format_thousands(line.chombo)) if line.chombo else ""
    )
    return listed(part for part in (chombo, line.note) if part)


def _history_columns() -> tuple[Column, ...]:
    def num(value: int | None) -> str:
        return "" if value is None else str(value)

    def opt_points(value: float | int | None) -> str:
        return "" if value is None else format_thousands(float(value))

    return (
        Column(N_("Round"), lambda h: num(h.round), lambda h: h.round or 0, short=N_("Rd")),
        Column(N_("Table"), lambda h: num(h.table), lambda h: h.table or 0, short=N_("Tbl")),
        Column(N_("Seat"), lambda h: h.seat, lambda h: h.seat),
        Column(N_("Place"), lambda h: num(h.place), lambda h: h.place or 0, short=N_("Pl")),
        Column(
            N_("Final"),
            lambda h: "" if h.final is None else format_number(h.final),
            lambda h: h.final or 0,
        ),
        Column(N_("Uma"), lambda h: opt_points(h.uma), lambda h: h.uma or 0),
        Column(N_("Oka"), lambda h: opt_points(h.oka), lambda h: h.oka or 0),
        Column(N_("Points"), lambda h: opt_points(h.points), lambda h: h.points or 0),
        Column(N_("Running"), lambda h: format_thousands(h.running), lambda h: h.running,
               short=N_("Total")),
        Column(N_("Note"), _history_note, lambda h: h.note),
    )


class PlayerHistoryScreen(Screen[None]):
    """One player's games, byes and penalties in round order, with the running total; their
    numbers over the same rounds above them."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "escape", "app.pop_screen", N_("Back"),
            tooltip=N_("Back to the standings"), id="history.close",
        ),
    ]

    def __init__(self, table: Standings, player: str) -> None:
        super().__init__()
        self.title_text, lines, self.total = history(table, player)
        self.lines = lines
        self.player = player
        self.round = table.round
        translate_bindings(self)

    def compose(self) -> ComposeResult:
        # The player's numbers over the same rounds as the games listed (docs/stats.md).
        numbers = player_tally(console_of(self).state, self.player, last_round=self.round)
        with Vertical(id="history-body"):
            yield Static(self.title_text, markup=False, id="history-title")
            yield Static(
                _("Numbers to round {round}: {numbers}").format(
                    round=self.round, numbers=summary_line(numbers)
                ),
                markup=False,
                id="history-numbers",
            )
            yield SheetTable(id="history-table")
            total = _("Total {points}").format(points=format_thousands(self.total))
            yield Static(total, markup=False, id="history-total")
        yield ConsoleFooter()

    def on_mount(self) -> None:
        # A history line has no id of its own; the table keeps the lines alive, so their
        # identities key the rows.
        self.query_one(SheetTable).show(_history_columns(), self.lines, lambda h: str(id(h)))

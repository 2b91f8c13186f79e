"""The stats screen (mode "stats", F8): every player's numbers from the hand log, sortable.

One row per player (or per team, `t`), and the whole field's row kept last: hands, wins,
deal-ins and riichi as rates with their counts (`4/38 (10.5%)`), average and largest win,
tsumo, tenpai at draws, renchan, chombo, yakuman and places (the table scrolls sideways past 80
columns). Under the table, everything else about the row under the cursor. docs/stats.md
defines every figure; `mjevent print stats` prints the same.

Keys: `s` sorts by the next column (a click on a header sorts by it, again reverses), `o`
reverses, `t` players / teams, Enter or `h` the selected player's hands one by one; Enter on a
hand opens its table.

The numbers are counted in a worker (about 100 ms at 500 players) and brought up to date with
`stats_update` after each hand (a fraction of a millisecond); the cursor stays on its player.
"""

from __future__ import annotations

from typing import ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Static
from textual.worker import get_current_worker

from mjevent.core.i18n import N_, _, ngettext
from mjevent.core.state import EventState
from mjevent.core.stats import EventStats, player_hands
from mjevent.events.session import EventSession
from mjevent.tui.console.keys import translate_bindings
from mjevent.tui.console.screens.base import EventScreen, console_of
from mjevent.tui.console.widgets.footer import ConsoleFooter
from mjevent.tui.console.widgets.sheet_table import SheetTable
from mjevent.tui.views.stats import (
    FIELD_KEY,
    StatsRow,
    detail_text,
    hand_columns,
    hand_row_key,
    stats_columns,
    stats_rows,
    summary_line,
)

__all__ = ["PlayerHandsScreen", "StatsScreen"]


class StatsScreen(EventScreen):
    """Every player's (or team's) numbers, the field's last; sort by any column."""

    FOOTER_KEYS: ClassVar[tuple[str, ...]] = ("stats.hands", "stats.sort", "stats.teams")
    """The keys the footer keeps first when 80 columns cannot show them all."""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "s",
            "sort",
            N_("Sort"),
            tooltip=N_("Sort by the next column (after the last: the event's order)"),
            id="stats.sort",
        ),
        Binding(
            "o",
            "reverse",
            N_("Reverse"),
            tooltip=N_("Reverse the order of the rows"),
            id="stats.reverse",
        ),
        Binding(
            "t",
            "teams",
            N_("Teams"),
            tooltip=N_("Switch between the players' and the teams' numbers"),
            id="stats.teams",
        ),
        Binding(
            "h",
            "hands",
            N_("Hand list"),
            tooltip=N_("The selected player's hands one by one (Enter too)"),
            id="stats.hands",
        ),
    ]

    HELP = N_(
        "Every player's numbers from the hand log, the same as mjevent print stats: rates "
        "with their counts, the whole field last. s sorts by the next column (or click a "
        "header), o reverses, t shows the teams; Enter or h lists the player's hands, and "
        "Enter on a hand opens its table. docs/stats.md defines every figure."
    )

    def __init__(self) -> None:
        super().__init__()
        self.teams = False
        self.numbers: EventStats | None = None
        self.numbers_of: EventState | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="stats-body"):
            yield Static("", markup=False, id="stats-title")
            yield SheetTable(id="stats-table")
            yield Static("", markup=False, id="stats-detail")
        yield ConsoleFooter()

    # ----- rendering

    def show_state(self, state: EventState) -> None:
        self.count(self.console.session, state)

    @work(thread=True, exclusive=True, group="stats", description="statistics")
    def count(self, session: EventSession, state: EventState) -> None:
        """The session's numbers of `state`, off the event loop (brought up to date from the
        last ones when it can)."""
        numbers = session.stats(state)
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self.render_numbers, numbers, state)

    def render_numbers(self, numbers: EventStats, state: EventState) -> None:
        """Show `numbers`: the title, the rows (cursor kept), the selected row's detail."""
        self.numbers, self.numbers_of = numbers, state
        if self.teams and not numbers.teams:
            self.teams = False
        rows, field = stats_rows(numbers, self.teams)
        table = self.query_one(SheetTable)
        team_column = bool(numbers.teams) and not self.teams
        table.show(stats_columns(team_column), rows, lambda r: r.key, pinned=(field,))
        self._title()
        self.update_detail()
        self.refresh_bindings()

    def _title(self) -> None:
        numbers = self.numbers
        if numbers is None:
            return
        table = self.query_one(SheetTable)
        if self.teams:
            n = len(numbers.teams)
            what = ngettext("Statistics of {n} team", "Statistics of {n} teams", n).format(n=n)
        else:
            n = len(numbers.players)
            what = ngettext("Statistics of {n} player", "Statistics of {n} players", n).format(n=n)
        order = table.sort_text if table.sort_index is not None else _("in the event's order")
        self.query_one("#stats-title", Static).update(
            _("{title}, {order}").format(title=what, order=order)
        )

    def update_detail(self) -> None:
        """Everything the columns leave out, for the row under the cursor."""
        row = self.query_one(SheetTable).current_item()
        text = ""
        if isinstance(row, StatsRow):
            text = _("{name}: {detail}").format(name=row.name, detail=detail_text(row.stats))
        self.query_one("#stats-detail", Static).update(text)

    @on(DataTable.RowHighlighted, "#stats-table")
    def _highlighted(self) -> None:
        self.update_detail()
        self.refresh_bindings()  # h: a player's row, not a team's or the field's

    @on(SheetTable.Sorted)
    def _sorted(self) -> None:
        self._title()

    # ----- actions

    def _selected_player(self) -> str | None:
        key = self.query_one(SheetTable).current_key()
        if self.teams or key is None or key == FIELD_KEY or self.numbers_of is None:
            return None
        return key if key in self.numbers_of.players else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "teams":
            return True if self.numbers is not None and self.numbers.teams else None
        if action == "hands":
            return True if self._selected_player() is not None else None
        return True

    def action_sort(self) -> None:
        self.query_one(SheetTable).next_sort()

    def action_reverse(self) -> None:
        self.query_one(SheetTable).reverse()

    def action_teams(self) -> None:
        if self.numbers is None or self.numbers_of is None or not self.numbers.teams:
            return
        self.teams = not self.teams
        table = self.query_one(SheetTable)
        table.sort_index, table.descending = None, False
        self.render_numbers(self.numbers, self.numbers_of)

    def action_hands(self) -> None:
        player = self._selected_player()
        if player is not None and self.numbers is not None and self.numbers_of is not None:
            self.app.push_screen(PlayerHandsScreen(self.numbers_of, player, self.numbers))

    @on(DataTable.RowSelected, "#stats-table")
    def _row_selected(self) -> None:
        self.action_hands()


class PlayerHandsScreen(Screen[None]):
    """One player's hands in the order played: the result for them, riichi, the win's value
    and points, their score's change, the yaku when recorded; Enter opens the hand's table."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "escape",
            "app.pop_screen",
            N_("Back"),
            tooltip=N_("Back to the statistics"),
            id="stats.hands_close",
        ),
        Binding(
            "enter",
            "open_table",
            N_("Table"),
            tooltip=N_("Open the selected hand's table"),
            id="stats.hands_table",
        ),
    ]

    def __init__(self, state: EventState, player: str, numbers: EventStats) -> None:
        super().__init__()
        self.player = player
        self.hands = player_hands(state, player)
        stats = numbers.players[player].stats
        self.title_text = _("Hands of {name}").format(name=state.name(player))
        self.summary = summary_line(stats)
        translate_bindings(self)

    def compose(self) -> ComposeResult:
        with Vertical(id="hands-body"):
            yield Static(self.title_text, markup=False, id="hands-title")
            yield Static(self.summary, markup=False, id="hands-summary")
            yield SheetTable(id="hands-table")
            if not self.hands:
                yield Static(
                    _("No hand recorded for this player yet."), markup=False, id="hands-none"
                )
        yield ConsoleFooter()

    def on_mount(self) -> None:
        table = self.query_one(SheetTable)
        table.show(hand_columns(), self.hands, hand_row_key)
        table.focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "open_table":
            return True if self.hands else None
        return True

    def action_open_table(self) -> None:
        hand = self.query_one(SheetTable).current_item()
        if hand is not None:
            console_of(self).show_table(hand.round, hand.table)

    @on(DataTable.RowSelected, "#hands-table")
    def _row_selected(self) -> None:
        self.action_open_table()

"""`TableList`: every table of a round as one row of a `DataTable`, updated row by row.

`table_rows(state, round)` turns the state into plain rows (`TableRow`); the widget keeps the
rows it shows and, when a new state arrives, touches only the cells that changed, so a 125-table
round stays smooth while another table's hand is recorded. On a narrow terminal each row takes
two lines (names above, scores below) so that names stay readable at 80 columns.

Once the round's clock has started, each table also shows its clock (`core.clock.table_clock`:
"35:00 (+5:00)", "time up", "last hand", "done"): a column of its own on a wide terminal, the
state cell's second line on a narrow one. `show_clocks` changes only those cells (the screen
calls it once a second); a late table is drawn in the `table-list--late` or
`table-list--time-up` component style (theme colours, in overview.tcss).
"""

from __future__ import annotations

import datetime as _dt
import enum
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.cache import LRUCache
from textual.widgets import DataTable
from textual.widgets.data_table import ColumnKey, RowKey

from mjevent.core.clock import ClockPhase, TableClock, table_clock
from mjevent.core.entries import WINDS
from mjevent.core.i18n import N_, _, format_thousands, pgettext, wind_name
from mjevent.core.state import EventState, Problem, TableGame
from mjevent.tui.console.keys import translate_bindings
from mjevent.tui.views.cells import cell_width, cut

__all__ = [
    "TableList",
    "TableRow",
    "TableStatus",
    "clock_started",
    "clock_text_of",
    "round_clocks",
    "table_rows",
]

_K = TypeVar("_K", bound=Hashable)

STATE_WIDTH = 12
"""The state column: `S4 3h 2r`, `done, E 1st`, `problem: ...` (cut)."""
MARK_WIDTH = 5
"""A seat's score (`-94`, `535`) or game points (`+43.3`)."""
CLOCK_WIDTH = 15
"""The clock: `1:30:00 (+7:00)`, `one more hand`, `starts in 4:59` (longer is cut)."""


class TableStatus(enum.StrEnum):
    """The four states of a table in the overview; each picks its row's style (`_STYLE`). A
    StrEnum, so a status still equals its old plain string ("finished")."""

    NOT_STARTED = "not started"
    PLAYING = "playing"
    FINISHED = "finished"
    PROBLEM = "problem"


@dataclass(frozen=True, slots=True)
class TableRow:
    """What the overview shows for one table: the players' `names` in seat order, `marks` per
    seat (the score in hundreds while playing, `250` = 25,000; the game points with uma and oka
    once finished, `+43.3`; empty before the first hand), `status` (a `TableStatus`), and
    `detail`: the hand being played with honba and riichi sticks, the winner, or the problem."""

    table: int
    names: tuple[str, ...]
    marks: tuple[str, ...]
    status: TableStatus
    detail: str


def _row(state: EventState, number: int, seats: tuple[str, ...], game: TableGame | None,
         problems: list[Problem]) -> TableRow:
    names = tuple(state.name(p) for p in seats)
    blank = ("",) * len(seats)
    if problems:
            return TableRow(number, names, blank, TableStatus.PROBLEM,
                        _("problem: {problem}").format(problem=problems[0].message))
    if game is None or (game.state is None and game.result is None):
        return TableRow(number, names, blank, TableStatus.NOT_STARTED, _("not started"))
    if game.result is not None:
        points, places = game.result.points, game.result.places
        top = min(range(len(points)), key=lambda s: (places[s], s))
        shown = tuple(format_thousands(p) for p in points)
        return TableRow(number, names, shown, TableStatus.FINISHED,
                        _("done, {wind} 1st").format(wind=wind_name(WINDS[top])))
    assert game.state is not None
    g = game.state
    wind = wind_name(WINDS[g.round_wind])
    if g.deposits:
        detail = _("{wind}{hand} {honba}h {sticks}r").format(
            wind=wind, hand=g.hand_number, honba=g.honba, sticks=g.deposits)
    else:
        detail = _("{wind}{hand} {honba}h").format(wind=wind, hand=g.hand_number, honba=g.honba)
    return TableRow(number, names, tuple(str(s // 100) for s in g.scores), TableStatus.PLAYING,
                    detail)


def table_rows(
    state: EventState, round: int, previous: tuple[EventState, list[TableRow]] | None = None
) -> list[TableRow]:
    """One row per table of `round`, in table order.

    `previous` (an earlier state and its rows for the same round) lets a table whose game
    object is the very same keep its row: the fold re-freezes only the table that changed, so
    after one hand at 125 tables one row is rebuilt.
    """
    problems = state.table_problems
    old_state, old_rows = previous if previous is not None else (None, [])
    reuse = (
        old_state is not None
        and (old_state.players is state.players or old_state.players == state.players)
        and not problems
        and not old_state.problems
        and old_state.seating.get(round) is state.seating.get(round)
    )
    rows: list[TableRow] = []
    for number, seats in enumerate(state.seating.get(round, ()), 1):
        game = state.game(round, number)
        if reuse and number <= len(old_rows) and old_state is not None and (
            game is old_state.game(round, number)
        ):
            rows.append(old_rows[number - 1])
        else:
            rows.append(_row(state, number, seats, game, problems.get((round, number), [])))
    return rows


def clock_started(state: EventState, round: int) -> bool:
    """Whether `round`'s clock has a start entry (now, or announced for later): from then on the
    overview shows every table's clock."""
    clock = state.clocks.get(round)
    return clock is not None and clock.started is not None


def round_clocks(state: EventState, round: int, now: _dt.datetime) -> dict[int, TableClock]:
    """The clock of every table of `round` at `now`, by table number; empty while the round's
    clock has not started."""
    if not clock_started(state, round):
        return {}
    return {
        number: table_clock(state, round, number, now)
        for number in range(1, len(state.seating.get(round, ())) + 1)
    }


def clock_text_of(clock: TableClock) -> str:
    """A table's clock cell: `table_clock`'s text, except before an announced start ("starts in
    4:59") and while paused ("35:00 paused", when that fits the column), unless the table is
    done.

    >>> from mjevent.core.clock import TimeLeft
    >>> left = TimeLeft(1, 2, ClockPhase.PAUSED, 2100, 0, 5400, 0, None, None)
    >>> clock_text_of(TableClock(left, None, False, False, "35:00"))
    '35:00 paused'
    """
    phase = clock.left.phase
    if clock.finished:
        return clock.text
    if phase is ClockPhase.COUNTDOWN:
        return _("starts in {time}").format(time=clock.left.text)
    paused = _("{time} paused").format(time=clock.text)
    if phase is ClockPhase.PAUSED and cell_width(paused) <= CLOCK_WIDTH:
        return paused
    return clock.text


_STYLE = {
    TableStatus.NOT_STARTED: "dim",
    TableStatus.PLAYING: "",
    TableStatus.FINISHED: "green",
    TableStatus.PROBLEM: "bold red",
}


class TableList(DataTable[str | Text]):
    """The tables of one round. Enter on a row posts `DataTable.RowSelected` (its row key is the
    table number); the screen opens that table."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        *DataTable.COMPONENT_CLASSES, "table-list--late", "table-list--time-up",
    }
    """`table-list--late`: a table on extra time of its own, or told the time call;
    `table-list--time-up`: time up (or no hand left after the call) and no result yet."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "enter", "select_cursor", N_("Open table"), id="overview.open_table",
            tooltip=N_("Show the highlighted table's game hand by hand"),
        ),
    ]

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, cursor_type="row", zebra_stripes=True)
        self._shown: dict[int, TableRow] = {}
        self._round: int | None = None
        self._seats = 0
        self._layout = (0, False)
        """(name width, two lines per row)."""
        self._last: tuple[EventState, int] | None = None
        self._timed = False
        """Whether the clocks are shown (the round's clock has started)."""
        self._clocks: tuple[int | None, Mapping[int, TableClock]] = (None, {})
        """(round, its tables' clocks) as `show_clocks` last gave them."""
        self._faces: dict[int, tuple[str, Style]] = {}
        """Each table's clock cell as shown: its text and style."""
        translate_bindings(self)

    def _fit(self) -> tuple[int, bool]:
        seats = self._seats or 4
        # Before its first layout the list has no width yet: it will span the screen, so fit
        # that rather than build every row twice while the console opens (once at width 0).
        width = self.size.width or self.app.size.width
        spare = width - (3 + 2) - (STATE_WIDTH + 2) - 2
        cell = max(spare // seats - 2, 6)
        if self._timed:
            return self._fit_clock(spare, seats)
        one_line = cell - MARK_WIDTH - 1
        if one_line >= 10:
            return min(one_line, 24), False
        return cell, True

    def _fit_clock(self, spare: int, seats: int) -> tuple[int, bool]:
        # A clock column of its own when the names still fit one line beside it; else the
        # clock is the state cell's second line, which widens to hold it.
        cell = max((spare - CLOCK_WIDTH - 2) // seats - 2, 6)
        if cell - MARK_WIDTH - 1 >= 10:
            return min(cell - MARK_WIDTH - 1, 24), False
        return max((spare - max(CLOCK_WIDTH - STATE_WIDTH, 0)) // seats - 2, 6), True

    def on_resize(self, event: events.Resize) -> None:
        """Fit the names to the width (a narrow terminal gets two lines per table).

        `DataTable`'s own handler is not run: it drops every render it keeps at any resize,
        and the list is resized whenever the preview above it changes height, at a keystroke
        or at Enter. Its columns and rows have fixed sizes (a new width that changes them
        rebuilds the list, here), so no render depends on the list's size."""
        event.prevent_default()
        layout = self._fit()
        if layout != self._layout and self._last is not None:
            self._layout = layout
            self._round = None  # rebuild
            self.show(*self._last)

    def show(self, state: EventState, round: int) -> None:
        """Show the tables of `round` in `state`, touching only the cells that changed."""
        previous = self._last
        rows = table_rows(
            state, round,
            (previous[0], self.table_rows) if previous and previous[1] == round else None,
        )
        self._last = (state, round)
        if state.rules.players != self._seats:
            self._seats = state.rules.players
            self._round = None
        timed = clock_started(state, round)
        if round != self._round or len(rows) != len(self._shown) or timed != self._timed:
            self._timed = timed
            self._layout = self._fit()
            self._rebuild(rows, round)
            return
        changed: list[tuple[str, str, str | Text]] = []
        for row in rows:
            old = self._shown[row.table]
            if old == row:
                continue
            before, after = self._cells(old), self._cells(row)
            changed.extend(
                (str(row.table), self._columns[column], b)
                for column, (a, b) in enumerate(zip(before, after, strict=True))
                if a != b
            )
            self._shown[row.table] = row
        self.update_cells(changed)

    def update_cells(self, cells: Iterable[tuple[str, str, str | Text]]) -> None:
        """Put each (row key, column key, value) in its cell and repaint those rows alone.

        `DataTable.update_cell` would do it at the cost of every row: any update drops all
        its renders (they are keyed by a count of updates), so the next paint of the list,
        or any layout that moves or resizes it (the preview under the entry line growing or
        shrinking), renders every visible row again, cell by cell. Here only the renders of
        the cells changed, and of the lines of their rows, are forgotten; the columns' widths
        and the rows' heights are fixed, so no other render depends on them.
        """
        cells_changed: set[tuple[RowKey, ColumnKey]] = set()
        rows: dict[RowKey, int] = {}
        for row, column, value in cells:
            key, column_key = RowKey(row), ColumnKey(column)
            self._data[key][column_key] = value
            cells_changed.add((key, column_key))
            rows[key] = self.get_row_index(key)
        if not rows:
            return
        lines: set[int] = set()
        for index in rows.values():
            region = self._get_row_region(index)
            lines.update(range(region.y, region.bottom))
        indices = set(rows.values())
        _forget(self._cell_render_cache, lambda key: (key[0], key[1]) in cells_changed)
        _forget(self._row_render_cache, lambda key: key[0] in rows)
        _forget(self._row_renderable_cache, lambda key: key[1] in indices)
        _forget(self._line_cache, lambda key: key[0] in lines)
        for index in indices:
            self.refresh_row(index)

    @property
    def table_rows(self) -> list[TableRow]:
        """The rows shown now, in table order."""
        return [self._shown[t] for t in sorted(self._shown)]

    @property
    def _columns(self) -> list[str]:
        clock = ["clock"] if self._timed and not self._layout[1] else []
        return ["t", *WINDS[: self._seats], "state", *clock]

    def _cells(self, row: TableRow) -> list[str | Text]:
        # Text, not str: DataTable parses a str cell as markup at every render (and a name
        # with `[` in it would be read as a style).
        width, two_lines = self._layout
        seats: list[str | Text] = []
        for name, mark in zip(row.names, row.marks, strict=True):
            if two_lines:
                seats.append(Text(f"{cut(name, width)}\n{mark}", end=""))
            else:
                seats.append(Text(f"{cut(name, width)} {mark}".rstrip(), end=""))
        return self._with_clock(row.table, [
            Text(str(row.table), end=""), *seats,
            Text(row.detail, style=_STYLE[row.status], end=""),
        ])

    def _rebuild(self, rows: list[TableRow], round: int) -> None:
        cursor = self.cursor_row if round == self._round else 0
        self.clear(columns=True)
        self._round = round
        width, two_lines = self._layout
        self.add_column(pgettext("table number", "T"), key="t", width=3)
        for wind in WINDS[: self._seats]:
            self.add_column(wind_name(wind), key=wind,
                            width=width if two_lines else width + MARK_WIDTH + 1)
        if self._timed and two_lines:
            self.add_column(_("State"), key="state", width=max(STATE_WIDTH, CLOCK_WIDTH))
        else:
            self.add_column(_("State"), key="state", width=STATE_WIDTH)
        if self._timed and not two_lines:
            self.add_column(_("Clock"), key="clock", width=CLOCK_WIDTH)
        for row in rows:
            self.add_row(*self._cells(row), key=str(row.table), height=2 if two_lines else 1)
        self._shown = {row.table: row for row in rows}
        if rows:
            self.move_cursor(row=min(max(cursor, 0), len(rows) - 1), animate=False)

    # --- the clocks ------------------------------------------------------------------------------

    def show_clocks(self, round: int, clocks: Mapping[int, TableClock]) -> None:
        """Show the clocks of `round`'s tables (`round_clocks`), changing only the clock cells
        whose text or colour changed: at 125 tables a tick touches nothing else."""
        self._clocks = (round, clocks)
        if not self._timed or round != self._round:
            return
        column = self._columns[-1]
        self.update_cells(
            (str(table), column, self._cells(row)[-1])
            for table, row in self._shown.items()
            if self._faces.get(table) != self._face(table)
        )

    def _face(self, table: int) -> tuple[str, Style]:
        round, clocks = self._clocks
        clock = clocks.get(table) if round == self._round else None
        if clock is None:
            return "", Style.null()
        phase, call = clock.left.phase, clock.call
        if clock.finished or phase is ClockPhase.PAUSED:
            style = Style(dim=True)
        elif phase is ClockPhase.TIME_UP or (call is not None and call.hands_left == 0):
            style = self.get_component_rich_style("table-list--time-up", partial=True)
        elif clock.late or call is not None:
            style = self.get_component_rich_style("table-list--late", partial=True)
        else:
            style = Style.null()
        return clock_text_of(clock), style

    def _with_clock(self, table: int, cells: list[str | Text]) -> list[str | Text]:
        # The clock as its own cell (one line per table) or under the state (two lines).
        if not self._timed:
            return cells
        text, style = self._faces[table] = self._face(table)
        clock = Text(text, style=style, end="")
        if self._layout[1]:
            state = cells[-1]
            cells[-1] = Text.assemble(state, "\n", clock, end="")
        else:
            cells.append(clock)
        return cells


def _forget(cache: LRUCache[_K, Any], drop: Callable[[_K], bool]) -> None:
    """Discard the entries of `cache` whose key `drop` picks."""
    keys = cache.keys()
    for key in [k for k in keys if drop(k)]:
        cache.discard(key)

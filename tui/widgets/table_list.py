"""`TableList`: every table of a round as one row of a `DataTable`, updated row by row.

`table_rows(state, round)` turns the state into plain rows (`TableRow`); the widget keeps the
rows it shows and, when a new state arrives, touches only the cells that changed, so a 125-table
round stays smooth while another table's hand is recorded. On a narrow terminal each row takes
two lines (names above, scores below) so that names stay readable at 80 columns.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Self

from rich.cells import cell_len, set_cell_size
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.geometry import Region
from textual.widgets import DataTable

from mjevent.core.entries import WINDS
from mjevent.core.state import EventState, TableGame

__all__ = ["TableList", "TableRow", "TableStatus", "problems_by_table", "table_rows"]

STATE_WIDTH = 12
"""The state column: `S4 3h 2r`, `done, E 1st`, `problem: ...` (cut)."""
MARK_WIDTH = 5
"""A seat's score (`-94`, `535`) or game points (`+43.3`)."""


class TableStatus:
    """The four states of a table in the overview (plain strings: they are shown)."""

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
    status: str
    detail: str


def _short(name: str, width: int) -> str:
    # Terminal cells, not characters: 田中 takes four cells.
    if cell_len(name) <= width:
        return name
    return set_cell_size(name, max(width - 1, 1)).rstrip() + "…"


def _points(value: int) -> str:
    # Game points in thousands, as standings show them: +43.3, -16.1.
    return f"{value / 1000:+.1f}"


_PROBLEMS: list[tuple[EventState, dict[tuple[int, int], list[str]]]] = []
"""The last state's problems by table: the overview asks twice per state (rows, attention)."""


def problems_by_table(state: EventState) -> dict[tuple[int, int], list[str]]:
    """The fold's problems of each (round, table), by the entry they name.

    A clean log costs nothing; otherwise one pass over the entries (18,000 at 500 players).
    """
    if not state.problems:
        return {}
    if _PROBLEMS and _PROBLEMS[0][0] is state:
        return _PROBLEMS[0][1]
    named = {p.entry for p in state.problems if p.entry}
    where: dict[str, tuple[int, int]] = {}
    for entry in state.entries:
        if entry.id in named:
            rnd, table = getattr(entry, "round", None), getattr(entry, "table", None)
            if isinstance(rnd, int) and isinstance(table, int):
                where[entry.id] = (rnd, table)
    found: dict[tuple[int, int], list[str]] = {}
    for problem in state.problems:
        key = where.get(problem.entry or "")
        if key is not None:
            found.setdefault(key, []).append(problem.message)
    _PROBLEMS[:] = [(state, found)]
    return found


def _row(state: EventState, number: int, seats: tuple[str, ...], game: TableGame | None,
         problems: list[str]) -> TableRow:
    names = tuple(state.name(p) for p in seats)
    blank = ("",) * len(seats)
    if problems:
        return TableRow(number, names, blank, TableStatus.PROBLEM, "problem: " + problems[0])
    if game is None or (game.state is None and game.result is None):
        return TableRow(number, names, blank, TableStatus.NOT_STARTED, "not started")
    if game.result is not None:
        points, places = game.result.points, game.result.places
        top = min(range(len(points)), key=lambda s: (places[s], s))
        return TableRow(number, names, tuple(_points(p) for p in points), TableStatus.FINISHED,
                        f"done, {WINDS[top]} 1st")
    assert game.state is not None
    g = game.state
    detail = f"{WINDS[g.round_wind]}{g.hand_number} {g.honba}h"
    if g.deposits:
        detail += f" {g.deposits}r"
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
    problems = problems_by_table(state)
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


_STYLE = {
    TableStatus.NOT_STARTED: "dim",
    TableStatus.PLAYING: "",
    TableStatus.FINISHED: "green",
    TableStatus.PROBLEM: "bold red",
}


class TableList(DataTable[str | Text]):
    """The tables of one round. Enter on a row posts `DataTable.RowSelected` (its row key is the
    table number); the screen opens that table."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "enter", "select_cursor", "Open table", id="overview.open_table",
            tooltip="Show the highlighted table's game hand by hand",
        ),
    ]

    _row_only = False
    """True while `show` updates one row's cells (see `refresh`); a class default, as
    `DataTable.__init__` refreshes before ours runs."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, cursor_type="row", zebra_stripes=True)
        self._shown: dict[int, TableRow] = {}
        self._round: int | None = None
        self._seats = 0
        self._layout = (0, False)
        """(name width, two lines per row)."""
        self._last: tuple[EventState, int] | None = None

    def _fit(self) -> tuple[int, bool]:
        seats = self._seats or 4
        # Before its first layout the list has no width yet: it will span the screen, so fit
        # that rather than build every row twice while the console opens (once at width 0).
        width = self.size.width or self.app.size.width
        spare = width - (3 + 2) - (STATE_WIDTH + 2) - 2
        cell = max(spare // seats - 2, 6)
        one_line = cell - MARK_WIDTH - 1
        if one_line >= 10:
            return min(one_line, 24), False
        return cell, True

    def on_resize(self) -> None:
        """Fit the names to the width (a narrow terminal gets two lines per table)."""
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
        if round != self._round or len(rows) != len(self._shown):
            self._layout = self._fit()
            self._rebuild(rows, round)
            return
        for row in rows:
            old = self._shown[row.table]
            if old == row:
                continue
            before, after = self._cells(old), self._cells(row)
            key = str(row.table)
            # `update_cell` repaints the whole table, and every visible row is then rendered
            # again (its caches are all dropped at any update): at 200x50 that is 40 rows for
            # one hand. Only the changed row's lines are repainted instead (the others show
            # what they showed).
            self._row_only = True
            try:
                for column, (a, b) in enumerate(zip(before, after, strict=True)):
                    if a != b:
                        self.update_cell(key, self._columns[column], b)
            finally:
                self._row_only = False
            self.refresh_row(self.get_row_index(key))
            self._shown[row.table] = row

    def refresh(
        self,
        *regions: Region,
        repaint: bool = True,
        layout: bool = False,
        recompose: bool = False,
    ) -> Self:
        """As `DataTable.refresh`, except while `show` changes a row's cells: then the row
        alone is repainted, once, after its cells (see `show`)."""
        if self._row_only and not regions and not layout and not recompose:
            return self
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    @property
    def table_rows(self) -> list[TableRow]:
        """The rows shown now, in table order."""
        return [self._shown[t] for t in sorted(self._shown)]

    @property
    def _columns(self) -> list[str]:
        return ["t", *WINDS[: self._seats], "state"]

    def _cells(self, row: TableRow) -> list[str | Text]:
        # Text, not str: DataTable parses a str cell as markup at every render (and a name
        # with `[` in it would be read as a style).
        width, two_lines = self._layout
        seats: list[str | Text] = []
        for name, mark in zip(row.names, row.marks, strict=True):
            if two_lines:
                seats.append(Text(f"{_short(name, width)}\n{mark}", end=""))
            else:
                seats.append(Text(f"{_short(name, width)} {mark}".rstrip(), end=""))
        return [Text(str(row.table), end=""), *seats,
                Text(row.detail, style=_STYLE[row.status], end="")]

    def _rebuild(self, rows: list[TableRow], round: int) -> None:
        cursor = self.cursor_row if round == self._round else 0
        self.clear(columns=True)
        self._round = round
        width, two_lines = self._layout
        self.add_column("T", key="t", width=3)
        for wind in WINDS[: self._seats]:
            self.add_column(wind, key=wind, width=width if two_lines else width + MARK_WIDTH + 1)
        self.add_column("State", key="state", width=STATE_WIDTH)
        for row in rows:
            self.add_row(*self._cells(row), key=str(row.table), height=2 if two_lines else 1)
        self._shown = {row.table: row for row in rows}
        if rows:
            self.move_cursor(row=min(max(cursor, 0), len(rows) - 1), animate=False)

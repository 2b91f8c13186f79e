"""`TableList`: every table of a round as one row of a `DataTable`, updated row by row.

`table_rows(state, round)` turns the state into plain text rows (`TableRow`); the widget keeps
the rows it shows and, when a new state arrives, touches only the cells that changed, so a
125-table round stays smooth while another table's hand is recorded.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.cells import cell_len, set_cell_size
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.widgets import DataTable

from mjevent.core.entries import WINDS
from mjevent.core.state import EventState, TableGame

__all__ = ["TableList", "TableRow", "TableStatus", "problems_by_table", "table_rows"]

NAME_WIDTH = 14
"""How much of a name a player cell shows by default; the list narrows it to fit the screen."""
STATE_WIDTH = 12
"""The state column: `S4 3h 2r`, `done, E 1st`, `problem: ...` (cut)."""


class TableStatus:
    """The four states of a table in the overview (plain strings: they are shown)."""

    NOT_STARTED = "not started"
    PLAYING = "playing"
    FINISHED = "finished"
    PROBLEM = "problem"


@dataclass(frozen=True, slots=True)
class TableRow:
    """What the overview shows for one table: `seats` one cell per seat (name, then the score
    while playing or the game's points once finished), `status`, and `detail`: the hand being
    played with honba and riichi sticks, the winner, or what does not add up."""

    table: int
    seats: tuple[str, ...]
    status: str
    detail: str

    @property
    def cells(self) -> tuple[str, ...]:
        """The row's cells in column order."""
        return (str(self.table), *self.seats, self.detail)


def _short(name: str, width: int) -> str:
    # Terminal cells, not characters: 田中 takes four cells.
    if cell_len(name) <= width:
        return name
    return set_cell_size(name, max(width - 1, 1)).rstrip() + "…"


def _points(value: int) -> str:
    # Game points in thousands, as standings show them: +43.3, -16.1.
    return f"{value / 1000:+.1f}"


def problems_by_table(state: EventState) -> dict[tuple[int, int], list[str]]:
    """The fold's problems of each (round, table), by the entry they name."""
    where: dict[str, tuple[int, int]] = {}
    for entry in state.entries:
        rnd, table = getattr(entry, "round", None), getattr(entry, "table", None)
        if isinstance(rnd, int) and isinstance(table, int):
            where[entry.id] = (rnd, table)
    found: dict[tuple[int, int], list[str]] = {}
    for problem in state.problems:
        key = where.get(problem.entry or "")
        if key is not None:
            found.setdefault(key, []).append(problem.message)
    return found


def _row(state: EventState, number: int, seats: tuple[str, ...], game: TableGame | None,
         problems: list[str], width: int) -> TableRow:
    names = [_short(state.name(p), width) for p in seats]
    if problems:
        return TableRow(number, tuple(names), TableStatus.PROBLEM, "problem: " + problems[0])
    if game is None or (game.state is None and game.result is None):
        return TableRow(number, tuple(names), TableStatus.NOT_STARTED, "not started")
    if game.result is not None:
        points = game.result.points
        cells = tuple(f"{n} {_points(p)}" for n, p in zip(names, points, strict=False))
        places = game.result.places
        top = min(range(len(points)), key=lambda s: (places[s], s))
        return TableRow(number, cells, TableStatus.FINISHED, f"done, {WINDS[top]} 1st")
    assert game.state is not None
    g = game.state
    cells = tuple(f"{n} {s // 100}" for n, s in zip(names, g.scores, strict=False))
    detail = f"{WINDS[g.round_wind]}{g.hand_number} {g.honba}h"
    if g.deposits:
        detail += f" {g.deposits}r"
    return TableRow(number, cells, TableStatus.PLAYING, detail)


def table_rows(state: EventState, round: int, name_width: int = NAME_WIDTH) -> list[TableRow]:
    """One row per table of `round`, in table order.

    A playing table's seats show the scores in hundreds (`250` is 25,000), a finished table's
    the game points with uma and oka in thousands (`+43.3`).
    """
    problems = problems_by_table(state)
    return [
        _row(state, number, seats, state.game(round, number), problems.get((round, number), []),
             name_width)
        for number, seats in enumerate(state.seating.get(round, ()), 1)
    ]


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
            "enter", "select_cursor", "Open table", id="overview.open_table", show=False,
            tooltip="Show the highlighted table's game hand by hand",
        ),
    ]

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, cursor_type="row", zebra_stripes=True)
        self._shown: dict[int, TableRow] = {}
        self._round: int | None = None
        self._seats = 0
        self._name_width = NAME_WIDTH
        self._last: tuple[EventState, int] | None = None

    def on_resize(self) -> None:
        """Fit the names to the width: at 80 columns a name keeps its first few letters."""
        seats = self._seats or 4
        spare = self.size.width - (3 + 2) - (STATE_WIDTH + 2) - 2
        width = max(min(spare // seats - 2 - 6, 24), 4)
        if width != self._name_width:
            self._name_width = width
            if self._last is not None:
                self._shown = {}
                self.show(*self._last)

    def show(self, state: EventState, round: int) -> None:
        """Show the tables of `round` in `state`, touching only the rows that changed."""
        self._last = (state, round)
        seats = state.rules.players
        if seats != self._seats:
            self._seats = seats
            self.on_resize()
        rows = table_rows(state, round, self._name_width)
        if round != self._round or len(rows) != len(self._shown):
            self._rebuild(rows, round, seats)
            return
        for row in rows:
            old = self._shown[row.table]
            if old == row:
                continue
            key = str(row.table)
            for column, (before, after) in enumerate(zip(old.cells, row.cells, strict=True)):
                if before != after or old.status != row.status:
                    self.update_cell(key, self._columns[column], self._cell(row, column))
            self._shown[row.table] = row

    @property
    def _columns(self) -> list[str]:
        return ["t", *WINDS[: self._seats], "state"]

    def _cell(self, row: TableRow, column: int) -> str | Text:
        text = row.cells[column]
        if column == len(row.cells) - 1:
            return Text(text, style=_STYLE[row.status])
        return text

    def _rebuild(self, rows: list[TableRow], round: int, seats: int) -> None:
        cursor = self.cursor_row if round == self._round else 0
        self.clear(columns=True)
        self._round, self._seats = round, seats
        width = self._name_width + 6
        self.add_column("T", key="t", width=3)
        for wind in WINDS[:seats]:
            self.add_column(wind, key=wind, width=width)
        self.add_column("State", key="state", width=STATE_WIDTH)
        for row in rows:
            self.add_row(*(self._cell(row, c) for c in range(len(row.cells))), key=str(row.table))
        self._shown = {row.table: row for row in rows}
        if rows:
            self.move_cursor(row=min(cursor, len(rows) - 1), animate=False)

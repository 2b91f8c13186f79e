"""`SheetTable`: a DataTable over `sheets.Column`s that sorts by any column and keeps its place.

A screen hands it the columns, the row objects and how to key a row (`show`); the table lays out
the text cells (numbers aligned right), sorts them by the chosen column (`sort_by`, `next_sort`,
`reverse`, or a click on a header), and keeps the cursor on the same row when the rows are
replaced: a director reading line 12 does not lose it when a game ends.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Literal

from rich.text import Text
from textual import on
from textual.message import Message
from textual.widgets import DataTable

from mjevent.core.i18n import _
from mjevent.tui.views.cells import cell_width
from mjevent.tui.views.sheets import Column

__all__ = ["SheetTable"]


class SheetTable(DataTable[Text]):
    """Rows of `Column` cells with a sort order; `sort_index` None keeps the given order."""

    DEFAULT_CSS = """
    SheetTable {
        height: 1fr;
    }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes, cursor_type="row", zebra_stripes=True)
        self.columns_shown: tuple[Column, ...] = ()
        self.items: tuple[Any, ...] = ()
        self.pinned: tuple[Any, ...] = ()
        self.row_key: Callable[[Any], str] = str
        self.sort_index: int | None = None
        self.descending = False

    # ----- what to show

    def show(
        self,
        columns: Sequence[Column],
        items: Sequence[Any],
        key: Callable[[Any], str],
        pinned: Sequence[Any] | None = None,
    ) -> None:
        """Replace the rows (and the columns when they differ), keeping the cursor's row.

        `pinned` rows (a total) stay after the others whatever the sort; None keeps the ones
        shown."""
        keep = self.current_key()
        last_width = self._last_width(columns, items)
        if (
            tuple(c.label for c in columns) != tuple(c.label for c in self.columns_shown)
            or last_width != self._shown_last_width
        ):
            self.clear(columns=True)
            for i, c in enumerate(columns):
                width = last_width if i == len(columns) - 1 else None
                self.add_column(Text(c.label, justify="right" if c.right else "left"), width=width)
            self._shown_last_width = last_width
            if self.sort_index is not None and self.sort_index >= len(columns):
                self.sort_index = None
        else:
            self.clear()
        self.columns_shown = tuple(columns)
        self.items = tuple(items)
        if pinned is not None:
            self.pinned = tuple(pinned)
        self.row_key = key
        cut: Literal["ellipsis"] | None = "ellipsis" if last_width is not None else None
        for item in (*self.ordered(), *self.pinned):
            self.add_row(
                *(
                    Text(c.cell(item), justify="right" if c.right else "left", overflow=cut,
                         no_wrap=cut is not None)
                    for c in columns
                ),
                key=key(item),
            )
        self.go_to(keep)

    fit_last = False
    """Give the last column what the others leave of the table's width, its cells cut with
    an ellipsis (the log's "What"): without it a long cell runs past the edge, cut mid-word."""

    _shown_last_width: int | None = None

    def _last_width(self, columns: Sequence[Column], items: Sequence[Any]) -> int | None:
        if not self.fit_last or not columns or self.size.width == 0:
            return None
        others = sum(
            max([cell_width(c.label), *(cell_width(c.cell(item)) for item in items)])
            for c in columns[:-1]
        )
        # Each cell has one column of padding either side; keep two for the scrollbar.
        room = self.size.width - others - 2 * self.cell_padding * len(columns) - 2
        return max(room, 10)

    def on_resize(self) -> None:
        """Fit the last column to the new width."""
        if self.fit_last and self.columns_shown:
            self.show(self.columns_shown, self.items, self.row_key)

    def ordered(self) -> list[Any]:
        """The rows in the order shown."""
        if self.sort_index is None:
            return list(self.items)
        column = self.columns_shown[self.sort_index]
        return sorted(self.items, key=column.key, reverse=column.descending ^ self.descending)

    def current_key(self) -> str | None:
        """The key of the row under the cursor, None when the table is empty."""
        if not self.row_count:
            return None
        row_key, _column = self.coordinate_to_cell_key(self.cursor_coordinate)
        return row_key.value

    def current_item(self) -> Any:
        """The row object under the cursor, None when the table is empty."""
        key = self.current_key()
        return next((i for i in (*self.items, *self.pinned) if self.row_key(i) == key), None)

    def go_to(self, key: str | None) -> None:
        """Move the cursor to the row keyed `key` (to the top when it is gone)."""
        if key is None or not self.row_count:
            return
        try:
            index = self.get_row_index(key)
        except Exception:  # the row is gone (a filter hid it): stay at the top
            index = 0
        self.move_cursor(row=index)

    # ----- sorting

    @property
    def sort_text(self) -> str:
        """How the rows are sorted, in words ("by Total, highest first")."""
        if self.sort_index is None:
            return _("in ranking order") if self.columns_shown else ""
        column = self.columns_shown[self.sort_index]
        down = column.descending ^ self.descending
        numeric = column.right
        way = (_("highest first") if down else _("lowest first")) if numeric else (
            _("Z to A") if down else _("A to Z")
        )
        return _("by {column}, {way}").format(column=column.title, way=way)

    def sort_by(self, index: int | None) -> None:
        """Sort by column `index` (None: the given order); the same column again reverses."""
        if index is not None and index == self.sort_index:
            self.descending = not self.descending
        else:
            self.sort_index, self.descending = index, False
        self._resort()

    def next_sort(self) -> None:
        """Sort by the next column, after the last one back to the given order."""
        if self.sort_index is None:
            nxt: int | None = 0
        else:
            nxt = self.sort_index + 1 if self.sort_index + 1 < len(self.columns_shown) else None
        self.sort_index, self.descending = nxt, False
        self._resort()

    def reverse(self) -> None:
        """Reverse the current order."""
        self.descending = not self.descending
        if self.sort_index is None:
            self.sort_index = 0
        self._resort()

    def _resort(self) -> None:
        self.show(self.columns_shown, self.items, self.row_key)
        self.post_message(self.Sorted(self))

    class Sorted(Message):
        """The order changed (for a screen that names it in its title)."""

        def __init__(self, table: SheetTable) -> None:
            super().__init__()
            self.table = table

    @on(DataTable.HeaderSelected)
    def _header_clicked(self, event: DataTable.HeaderSelected) -> None:
        event.stop()
        self.sort_by(event.column_index)

"""`SeatingCard`: one table of a round, its seat winds and names, as a small bordered card."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from mjevent.core.i18n import _, wind_name
from mjevent.tui.views.cells import cut
from mjevent.tui.views.seating import TableView

__all__ = ["SeatingCard", "card_text"]


def card_text(view: TableView, width: int = 22) -> Text:
    """The card's lines: a seat per line ("E 田中 優希"), a substitute under the seat, and the
    pairs that met in an earlier round."""
    text = Text()
    for n, seat in enumerate(view.seats):
        if n:
            text.append("\n")
        text.append(wind_name(seat.wind) + " ", style="bold")
        text.append(cut(seat.name, width - 2), style="strike" if seat.withdrawn else "")
        if seat.substitute:
            text.append("\n  ")
            text.append(cut(_("for: {name}").format(name=seat.substitute), width - 2),
                        style="italic")
    for a, b in view.repeats:
        text.append("\n")
        text.append(cut(_("met before: {a} / {b}").format(a=a, b=b), width), style="bold")
    return text


class SeatingCard(Static):
    """A table of a round: the title says its number and state, the body its seats."""

    DEFAULT_CSS = """
    SeatingCard {
        width: 1fr;
        height: auto;
        border: round $primary;
        border-title-align: left;
        border-subtitle-align: right;
        padding: 0 1;
    }
    SeatingCard.-repeat {
        border: round $warning;
    }
    """

    def __init__(self, view: TableView) -> None:
        super().__init__(card_text(view), classes="-repeat" if view.repeats else "")
        self.border_title = _("Table {table}").format(table=view.table)
        self.border_subtitle = view.status

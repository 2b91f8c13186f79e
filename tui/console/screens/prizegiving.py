"""`PrizegivingScreen`: the final places revealed one by one, from the last place up.

Pushed from the overview (ctrl+g, or the palette). Space or Enter reveals the next place,
Backspace takes the last one back; each step is a `prizes_revealed` log entry
(`events.commands.reveal_prizes`), so the projector (`mjevent display`, another process) shows
the same places within a second. Before the event is finished the places are the standings as
they stand, marked provisional. Once the winner is revealed, the awards `[awards]` picks follow
(`core.awards.awards_of`, shaped as `print awards` shapes them: title, winner, why), one line
per winner. `p` writes a card for every
player (report cards once the event is finished) next to the event file, in a worker.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Static

from mjevent.core.awards import awards_of, presented
from mjevent.core.finish import (
    FinalPlace,
    event_finished,
    final_places,
    planned_rounds,
    reveal_order,
    revealed,
)
from mjevent.core.i18n import N_, _, format_thousands
from mjevent.core.standings import StandingsConfigError, StandingsError
from mjevent.core.standings.compute import Standings
from mjevent.core.state import EventState
from mjevent.core.stats import EventStats
from mjevent.events.commands import reveal_prizes
from mjevent.events.session import EventSession
from mjevent.tui.console.keys import translate_bindings
from mjevent.tui.console.screens.base import console_of
from mjevent.tui.console.widgets.footer import ConsoleFooter
from mjevent.tui.views.sheets import standings_or_none
from mjevent.tui.views.stats import award_lines

__all__ = ["PrizegivingScreen", "cards_path", "write_cards"]


def cards_path(event_path: Path, suffix: str) -> Path:
    """Where the console writes the cards: beside the event file, `<name>-cards.<suffix>`."""
    return event_path.with_name(f"{event_path.stem}-cards.{suffix}")


def write_cards(
    event_path: Path, state: EventState, stats: EventStats, standings: Standings | None
) -> Path:
    """Write every player's card as `mjevent print cards` makes them (with `stats`, and report
    cards from `standings`, the session's, given once the event is finished; schedules
    without them): a PDF through Chromium, else the HTML page to print from a browser.
    Returns the file written; raises `OSError` when it cannot be written."""
    from mjevent.tui.views.paper import player_cards
    from mjevent.tui.views.paper_render import render_paper
    from mjevent.tui.views.pdf import PdfError, html_to_pdf
    from mjevent.tui.views.sheets import shown_standings
    from mjevent.tui.views.table import TableFormat

    table = None if standings is None else shown_standings(standings, None, True)
    page = render_paper(player_cards(state, stats, table), TableFormat.HTML)
    target = cards_path(event_path, "pdf")
    try:
        html_to_pdf(page, target)
    except PdfError:
        target = cards_path(event_path, "html")
        target.write_text(page, encoding="utf-8")
    return target


class PrizegivingScreen(Screen[None]):
    """The places from the bottom up, one key press each; then the awards."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "space,enter",
            "reveal(1)",
            N_("Reveal"),
            id="prizes.reveal",
            tooltip=N_("Reveal the next place (here and on the projector)"),
        ),
        Binding(
            "backspace",
            "reveal(-1)",
            N_("Back"),
            id="prizes.back",
            tooltip=N_("Hide the place revealed last again"),
        ),
        Binding(
            "p",
            "cards",
            N_("Print cards"),
            id="prizes.cards",
            tooltip=N_(
                "Write every player's card (report cards after the event) beside the event file"
            ),
        ),
        Binding(
            "escape",
            "close",
            N_("Close"),
            id="prizes.close",
            tooltip=N_("Back to the overview (the projector keeps showing the places)"),
        ),
    ]
    HELP = N_(
        "The prize-giving: each press of space reveals the next place, from the last up to "
        "the winner; the projector (mjevent display) shows the same."
    )

    def __init__(self) -> None:
        super().__init__()
        self._places: tuple[FinalPlace, ...] = ()
        translate_bindings(self)

    def compose(self) -> ComposeResult:
        yield Static(id="prizes-head", markup=False)
        yield Static(id="prizes-places", markup=False)
        yield Static(id="prizes-awards", markup=False)
        yield ConsoleFooter()

    def on_mount(self) -> None:
        self.watch(self.app, "state", self.show_state)

    @property
    def event_state(self) -> EventState:
        """The state the app shows now."""
        state: EventState = self.app.state  # type: ignore[attr-defined]
        return state

    def show_state(self, state: EventState) -> None:
        """Redraw the heading, the places revealed so far and (after the winner) the awards."""
        session = console_of(self).session
        standings = standings_or_none(session, state)
        self._places = final_places(standings)
        shown = min(revealed(state), len(self._places))
        total = len(self._places)
        head = Text(_("Prize-giving"), style="bold")
        head.append("  ·  " + state.settings.event.name, style="italic")
        head.append("  ·  " + _("{shown}/{total} places revealed").format(shown=shown, total=total))
        if not event_finished(state):
            planned = planned_rounds(state.settings)
            head.append("\n")
            head.append(
                _("Provisional: the event is not finished; these are the standings as they stand.")
                if planned is not None
                else _(
                    "Provisional: the event plans no number of rounds (ctrl+o on the overview); "
                    "these are the standings as they stand."
                ),
                style="bold yellow",
            )
        self.query_one("#prizes-head", Static).update(head)
        table = Table(expand=True, show_edge=False, pad_edge=False, header_style="bold")
        table.add_column(_("Place"), justify="right", no_wrap=True)
        table.add_column(_("Name"), ratio=1, no_wrap=True)
        table.add_column(_("Total"), justify="right", no_wrap=True)
        for i, place in enumerate(reveal_order(self._places, shown)):
            style = "bold reverse" if i == 0 else ("bold" if place.place == "1" else "")
            table.add_row(place.place, Text(place.name), format_thousands(place.total), style=style)
        places = self.query_one("#prizes-places", Static)
        if shown:
            places.update(table)
        elif total:
            places.update(
                Text(_("Space reveals the last place first, the winner last."), style="dim")
            )
        else:
            places.update(
                Text(_("No game has finished yet: there is nothing to reveal."), style="dim")
            )
        awards = self.query_one("#prizes-awards", Static)
        lines: list[tuple[str, str, str]] = []
        if total > 0 and shown >= total:
            given = awards_of(state, session.stats(), standings)
            lines = award_lines(presented(given, state.settings.awards))
        awards.display = bool(lines)
        if lines:
            text = Text(_("Awards"), style="bold")
            for title, winner, why in lines:
                text.append("\n")
                text.append(title, style="bold")
                text.append(f"  {winner}  ")
                text.append(why, style="dim")
            awards.update(text)

    def action_reveal(self, step: int) -> None:
        """Reveal one more place (`step` 1) or take the last one back (-1)."""
        state = self.event_state
        now = revealed(state)
        target = max(0, min(now + step, len(self._places)))
        if target == now:
            return
        try:
            self.app.run_command(reveal_prizes, target)  # type: ignore[attr-defined]
        except ValueError as error:
            self.notify(str(error), severity="error")

    def action_cards(self) -> None:
        """Write every player's card beside the event file, in a worker."""
        self.notify(_("Writing every player's card…"), timeout=3)
        self._write_cards(console_of(self).session, self.event_state)

    @work(thread=True, exclusive=True, group="cards")
    def _write_cards(self, session: EventSession, state: EventState) -> None:
        try:
            table = session.standings(state) if event_finished(state) else None
            target = write_cards(session.store.path, state, session.stats(), table)
        except (OSError, StandingsError, StandingsConfigError) as error:
            reason = error.strerror if isinstance(error, OSError) and error.strerror else error
            self.app.call_from_thread(
                self.notify,
                _("The cards were not written: {reason}").format(reason=reason),
                severity="error",
            )
            return
        self.app.call_from_thread(
            self.notify, _("Cards written: {path}").format(path=target), timeout=10
        )

    def action_close(self) -> None:
        """Back to the overview."""
        self.dismiss(None)

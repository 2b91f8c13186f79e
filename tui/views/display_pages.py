"""What the projector shows, page by page: the clock, the next round's seating and the live
standings, each cut into pages that fit the screen. Pure shaping over an `EventState` (no
Textual), so the pages can be tested exactly and the display screen only renders them.
"""

from __future__ import annotations

import datetime as dt
import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from mjevent.core.awards import awards_of, presented
from mjevent.core.clock import ClockPhase, time_left
from mjevent.core.entries import Note
from mjevent.core.finish import FinalPlace, event_finished, final_places, reveal_order, revealed
from mjevent.core.i18n import _, format_thousands
from mjevent.core.standings.compute import Standings
from mjevent.core.state import EventState
from mjevent.core.stats import EventStats, round_numbers
from mjevent.tui.views.paper import round_by_table
from mjevent.tui.views.stats import award_lines, round_numbers_rows

__all__ = [
    "DisplayPage",
    "PageKind",
    "announcement_text",
    "awards_pages",
    "display_pages",
    "numbers_page",
    "numbers_round",
    "round_in_play",
    "seating_round",
]


class PageKind(enum.StrEnum):
    """The kinds of page the display rotates through."""

    CLOCK = "clock"
    SEATING = "seating"
    STANDINGS = "standings"
    PRIZES = "prizes"
    NUMBERS = "numbers"


@dataclass(frozen=True)
class DisplayPage:
    """One page: its kind, its heading ("Round 5 seating, 2/3") and its table (none for the
    clock page). `numbers` are the columns (by position) aligned right."""

    kind: PageKind
    title: str
    headers: tuple[str, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()
    # Layout, not content: pages compare by what they say.
    numbers: frozenset[int] = field(default=frozenset(), compare=False)


def round_in_play(state: EventState, now: dt.datetime) -> bool:
    """Whether the current round's clock has started and a table of it is still playing."""
    rnd = state.current_round
    left = time_left(state.clocks.get(rnd), state.settings.timer, now, round=rnd)
    if left.phase in (ClockPhase.NOT_STARTED, ClockPhase.COUNTDOWN):
        return False
    return any(
        (g := state.game(rnd, t)) is None or g.result is None
        for t in range(1, len(state.seating.get(rnd, ())) + 1)
    )


def seating_round(state: EventState, now: dt.datetime) -> int | None:
    """The round whose seating the room needs next: the current round until its clock starts,
    then the one after it (None when that round is not seated yet)."""
    rnd = state.current_round
    clock = state.clocks.get(rnd)
    wanted = rnd if clock is None or clock.started is None else rnd + 1
    if clock is not None and clock.started is not None:
        # A start announced for later (a countdown): the room still needs this round's tables.
        left = time_left(clock, state.settings.timer, now, round=rnd)
        if left.phase is ClockPhase.COUNTDOWN:
            wanted = rnd
    return wanted if wanted in state.seating else None


def _pages(
    kind: PageKind, title: str, headers: tuple[str, ...], rows: Sequence[tuple[str, ...]],
    size: int, numbers: frozenset[int],
) -> list[DisplayPage]:
    size = max(size, 1)
    chunks = [rows[i : i + size] for i in range(0, len(rows), size)] or [[]]
    return [
        DisplayPage(
            kind,
            _("{title} ({page}/{pages})").format(title=title, page=n, pages=len(chunks))
            if len(chunks) > 1
            else title,
            headers,
            tuple(chunk),
            numbers,
        )
        for n, chunk in enumerate(chunks, start=1)
    ]


def announcement_text(state: EventState) -> str:
    """The director's announcement: the latest note for no particular table (a break, a
    change of plan), or nothing."""
    for entry in reversed(state.entries):
        if isinstance(entry, Note) and entry.table is None:
            return entry.text
    return ""


def display_pages(
    state: EventState,
    standings: Standings | None,
    now: dt.datetime,
    rows_per_page: int,
    *,
    stats: Callable[[], EventStats],
    hide_standings: bool = False,
) -> list[DisplayPage]:
    """The pages in rotation order: the clock, the seating of `seating_round`, between rounds
    the numbers of the round just finished (`numbers_page`), and the standings,
    `rows_per_page` rows a page. With `hide_standings` the standings are left out while a
    round is being played, and come back once its last table has finished.

    `standings` are the event's (`sheets.standings_or_none`: None when there are none to show)
    and `stats` gives its numbers (`EventSession.stats`), asked only for the awards.

    Once the event is finished, the final standings alone; while the prize-giving reveals the
    places (`core.finish.revealed`), one page of them, the last revealed on top."""
    shown = revealed(state)
    if shown > 0:
        places = final_places(standings)
        page = prize_page(places, shown, rows_per_page)
        if shown < len(places):
            return [page]
        return [page, *awards_pages(state, stats(), standings, rows_per_page)]
    if event_finished(state):
        return _standings_pages(standings, rows_per_page, final=True)
    pages = [
        DisplayPage(PageKind.CLOCK, _("Round {round}").format(round=state.current_round))
    ]
    seat_round = seating_round(state, now)
    if seat_round is not None:
        block = round_by_table(state, seat_round).blocks[0]
        pages += _pages(PageKind.SEATING, _("Round {round} seating").format(round=seat_round),
                        block.headers, list(block.rows), rows_per_page, block.numbers)
    numbers = numbers_round(state, now)
    if numbers is not None:
        pages += numbers_page(state, numbers, rows_per_page)
    if hide_standings and round_in_play(state, now):
        return pages
    return pages + _standings_pages(standings, rows_per_page, final=False)


def numbers_round(state: EventState, now: dt.datetime) -> int | None:
    """The round whose numbers the room sees between rounds: the one just finished, while
    the next has not started (None during a round, and before the first has finished)."""
    if round_in_play(state, now):
        return None
    # Every round seated before the current one is finished (`EventState.current_round`).
    rnd = state.current_round - 1
    return rnd if rnd in state.seating else None


def numbers_page(state: EventState, rnd: int, rows_per_page: int) -> list[DisplayPage]:
    """The page "Numbers of round N": its best hand, most wins, every yakuman, its totals
    (`core.stats.round_numbers`); no page for a round without a recorded hand (a round
    recorded by final scores only)."""
    numbers = round_numbers(state, rnd)
    if not numbers.field.hands:
        return []
    rows = round_numbers_rows(state, numbers)
    return _pages(
        PageKind.NUMBERS,
        _("Numbers of round {round}").format(round=rnd),
        (_("Figure"), _("Value")),
        rows,
        rows_per_page,
        # The labels take the width they need, aligned against the figures: the figures (a
        # name and a hand) take the rest of the line.
        frozenset({0}),
    )


def prize_page(places: Sequence[FinalPlace], shown: int, rows_per_page: int) -> DisplayPage:
    """The prize-giving's page: the places revealed so far, best first, so that the place
    revealed last is on top (the lower ones leave the page at the bottom)."""
    rows = [(p.place, p.name, format_thousands(p.total)) for p in reveal_order(places, shown)]
    return DisplayPage(PageKind.PRIZES, _("Prize-giving"),
                       (_("Place"), _("Name"), _("Total")), tuple(rows[: max(rows_per_page, 1)]),
                       frozenset({0, 2}))


def awards_pages(
    state: EventState, stats: EventStats, standings: Standings | None, rows_per_page: int
) -> list[DisplayPage]:
    """The awards `[awards]` picks, shown once the winner is revealed: one row per winner
    (award, who, why: the figure and, for a hand, its round, table and hand), as `print
    awards` and the console's prize-giving give them; no page when no award is given."""
    rows = award_lines(presented(awards_of(state, stats, standings), state.settings.awards))
    if not rows:
        return []
    return _pages(PageKind.PRIZES, _("Awards"), (_("Award"), _("Winner"), _("Why")), rows,
                  rows_per_page, frozenset())


def _standings_pages(
    table: Standings | None, rows_per_page: int, *, final: bool
) -> list[DisplayPage]:
    if table is None or table.round == 0:
        return []
    rows = [
        (r.place_label, r.name, format_thousands(r.total), str(r.games))
        for r in table.rows
    ]
    title = (_("Final standings") if final
             else _("Standings after round {round}").format(round=table.round))
    return _pages(PageKind.STANDINGS, title,
                  (_("Place"), _("Name"), _("Total"), _("Games")), rows, rows_per_page,
                  frozenset({0, 2, 3}))

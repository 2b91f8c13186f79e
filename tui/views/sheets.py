"""Standings as columns of text cells: what `mjevent print` and the console's screens share.

`mjevent print standings` and `StandingsScreen` show the same numbers the same way: points in
thousands with one decimal (+45.3), shared places as "2-3", movement as "+2" / "=", and one line
per tie the chain broke. Each column is a `Column`: its header, its cell text and a sort key, so
the screen can sort by any of them and the printer lines them up.

No Textual here: `mjevent print` imports this module and must start without it.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mjevent.core.i18n import N_, _, format_number, format_thousands, listed, pgettext, wind_name
from mjevent.core.standings import (
    Criterion,
    GameLine,
    PenaltyRecord,
    StandingRow,
    StandingsConfigError,
    StandingsError,
    TeamRow,
)
from mjevent.core.standings.compute import Standings
from mjevent.core.state import EventState

if TYPE_CHECKING:
    from mjevent.events.session import EventSession

__all__ = [
    "LEFT_COLUMNS",
    "Column",
    "HistoryLine",
    "breakdown_rows",
    "cells",
    "criterion_name",
    "decider",
    "history",
    "movement",
    "penalty_rows",
    "shown_standings",
    "standing_columns",
    "standings_or_none",
    "team_cells",
    "team_columns",
    "tie_lines",
]

LEFT_COLUMNS = frozenset(
    {
        "Name", "Bracket", "Team", "Reason", "Entered by", "Status", "Seat", "Note", "Decided by",
        "Time", "Where", "Kind", "What", "State", "East", "South", "West", "North", "Id",
        "Seated", "Here",
    }
)
"""Columns of words, aligned left; every other column holds numbers, aligned right (by the
English header, the message id: the same in every language)."""


def shown_standings(
    table: Standings, after_round: int | None = None, show_hidden: bool = False
) -> Standings:
    """The event's standings `table` (`EventSession.standings`: every round, with its
    `[standings]` table or its preset's default chain) after `after_round` (default: the last
    round shown to players).

    `show_hidden` is the director's view: a round still hidden until all its tables finish is
    shown. Raises `StandingsError` (a round hidden or without results), naming the fix.
    """
    if after_round is not None or (show_hidden and table.last_round > table.round):
        wanted = table.last_round if after_round is None else after_round
        table = table.standings_after(wanted, show_hidden=show_hidden)
    return table


def standings_or_none(session: EventSession, state: EventState) -> Standings | None:
    """The session's standings of `state`, or None when there are none to show: they cannot
    be computed (a bad `[standings]` table, a `StandingsError`) or no game has finished (what
    the awards, the final places and the projector's pages read)."""
    try:
        table = session.standings(state)
    except (StandingsConfigError, StandingsError):
        return None
    return table if table.round else None


def movement(value: int | None) -> str:
    """Places gained since the previous round: "+2", "-1", "=" (none), "" (not ranked then).

    >>> movement(2), movement(-1), movement(0), movement(None)
    ('+2', '-1', '=', '')
    """
    if value is None:
        return ""
    return "=" if value == 0 else f"{value:+d}"


@dataclass(frozen=True)
class Column:
    """One column of a sheet: `header`, the `cell` text of a row, and the `key` it sorts by.

    `descending` says which way a director expects the column sorted first (totals highest
    first, places lowest first). Keys never compare None: a missing value sorts last either way.

    `header` and `short` are English, marked with `N_` where the column is made: code compares
    them (`c.header != "Team"`) in every language; `title` and `label` are what people read, in
    the language in use.
    """

    header: str
    cell: Callable[[Any], str]
    key: Callable[[Any], Any]
    descending: bool = False
    short: str = ""
    """A narrower header for an 80-column screen ("Avg" for "Avg place"); "" keeps `header`."""

    @property
    def label(self) -> str:
        """The header a screen shows, translated: the short one when there is one."""
        return _(self.short or self.header)

    @property
    def title(self) -> str:
        """The full header, translated (printed standings have room for it)."""
        return _(self.header)

    @property
    def right(self) -> bool:
        """Whether the column holds numbers (aligned right)."""
        return self.header not in LEFT_COLUMNS


def _last(value: float | int | None, descending: bool = False) -> tuple[bool, float]:
    # None sorts after every number whichever way the column is sorted.
    if value is None:
        return (not descending, 0.0)
    return (descending, float(value))


def _avg(row: StandingRow) -> str:
    return "" if row.average_place is None else f"{row.average_place:.2f}"


def _taken(row: StandingRow) -> float:
    return row.penalties + row.chombo


def _place_count(i: int, label: str) -> Column:
    def count(row: StandingRow) -> int:
        return row.place_counts[i]

    return Column(label, lambda r: str(count(r)), count, descending=True)


def standing_columns(seats: int, *, decided_by: bool = False) -> tuple[Column, ...]:
    """The player standings' columns for tables of `seats` (3 or 4 place-count columns).

    `decided_by` adds the column naming the tiebreak that separated each player from someone
    level with them (blank where the total alone decided, or the place is shared).
    """
    labels = [N_("1st"), N_("2nd"), N_("3rd"), N_("4th")][:seats]
    places = [_place_count(i, label) for i, label in enumerate(labels)]
    columns = [
        Column(N_("Place"), lambda r: r.place_label or "-", lambda r: _last(r.place), short="#"),
        Column(N_("Name"), lambda r: r.name, lambda r: r.name.casefold()),
        Column(N_("Team"), lambda r: r.team, lambda r: r.team.casefold()),
        Column(
            N_("Total"), lambda r: format_thousands(r.total), lambda r: r.total, descending=True
        ),
        Column(N_("Games"), lambda r: str(r.games), lambda r: r.games, True, short=N_("G")),
        Column(N_("Avg place"), _avg, lambda r: _last(r.average_place), short=N_("Avg")),
        *places,
        Column(
            N_("Penalties"),
            lambda r: format_thousands(-_taken(r)) if _taken(r) else "",
            lambda r: _taken(r),
            descending=True,
            short=N_("Pen"),
        ),
        Column(
            N_("Move"),
            lambda r: movement(r.movement),
            lambda r: _last(r.movement, descending=True),
            descending=True,
        ),
    ]
    if decided_by:
        columns.append(
            Column(
                N_("Decided by"),
                lambda r: decider(r.decided_by),
                lambda r: decider(r.decided_by),
                short=N_("Tiebreak"),
            )
        )
    return tuple(columns)


def decider(criterion: Criterion | None) -> str:
    """The tiebreak that placed a row, as a director reads it ("" for the total itself).

    >>> decider(Criterion.FIRSTS), decider(Criterion.TOTAL), decider(None)
    ('firsts', '', '')
    """
    if criterion is None or criterion is Criterion.TOTAL:
        return ""
    # The key's words without underscores in English ("best game"); a name in Japanese.
    return criterion_name(criterion).replace("_", " ")


def criterion_name(criterion: Criterion) -> str:
    """A tiebreak criterion in the language in use: its `[standings]` key in English (as the
    chain is written in the event file), a name in Japanese (`raw_sum`, 素点合計).

    >>> criterion_name(Criterion.RAW_SUM), criterion_name(Criterion.HEAD_TO_HEAD)
    ('raw_sum', 'head_to_head')
    """
    names = {
        Criterion.TOTAL: pgettext("tiebreak", "total"),
        Criterion.RAW_SUM: pgettext("tiebreak", "raw_sum"),
        Criterion.FIRSTS: pgettext("tiebreak", "firsts"),
        Criterion.BEST_GAME: pgettext("tiebreak", "best_game"),
        Criterion.HEAD_TO_HEAD: pgettext("tiebreak", "head_to_head"),
        Criterion.AVG_PLACE: pgettext("tiebreak", "avg_place"),
        Criterion.GAMES: pgettext("tiebreak", "games"),
        Criterion.LOTS: pgettext("tiebreak", "lots"),
        Criterion.SONNEBORN_BERGER: pgettext("tiebreak", "sonneborn_berger"),
        Criterion.DIRECT_ENCOUNTER: pgettext("tiebreak", "direct_encounter"),
        Criterion.KOYA: pgettext("tiebreak", "koya"),
        Criterion.BUCHHOLZ: pgettext("tiebreak", "buchholz"),
        Criterion.SHARED: pgettext("tiebreak", "shared"),
    }
    return names.get(criterion, criterion.value)



def team_columns() -> tuple[Column, ...]:
    """The team standings' columns."""
    return (
        Column(N_("Place"), lambda t: t.place_label, lambda t: t.place),
        Column(N_("Team"), lambda t: t.team, lambda t: t.team.casefold()),
        Column(N_("Members"), lambda t: str(len(t.members)), lambda t: len(t.members), True),
        Column(
            N_("Total"), lambda t: format_thousands(t.total), lambda t: t.total, descending=True
        ),
        Column(N_("Games"), lambda t: str(t.games), lambda t: t.games, descending=True),
        Column(N_("Firsts"), lambda t: str(t.firsts), lambda t: t.firsts, descending=True),
        Column(
            N_("Penalties"),
            lambda t: format_thousands(-t.penalties) if t.penalties else "",
            lambda t: t.penalties,
            descending=True,
        ),
        Column(
            N_("Move"),
            lambda t: movement(t.movement),
            lambda t: _last(t.movement, descending=True),
            descending=True,
        ),
    )


def team_cells(row: TeamRow) -> list[str]:
    """One team's line as text cells, in `team_columns` order."""
    return [c.cell(row) for c in team_columns()]


def tie_lines(table: Standings) -> list[str]:
    """One line per equal total the chain broke: who was level, and which criterion decided.

    Only when the chain starts with the total (every preset's does); ties left shared are
    already plain from their "2-3" places.
    """
    chain = table.config.tiebreaks
    if not chain or chain[0] is not Criterion.TOTAL:
        return []
    lines = []
    for total, group in itertools.groupby(table.rows, key=lambda r: r.total):
        level = list(group)
        deciders = sorted({r.decided_by for r in level if r.decided_by is not None})
        if len(level) > 1 and deciders:
            who = listed(f"{r.name} ({r.place_label})" for r in level)
            lines.append(
                _("Level on {total}: {who}; decided by {deciders}").format(
                    total=format_thousands(total),
                    who=who,
                    deciders=listed(criterion_name(c) for c in deciders),
                )
            )
    return lines


def penalty_rows(table: Standings) -> tuple[list[str], list[list[str]]]:
    """Every penalty entered (cancelled ones marked, with the reason) and every chombo.

    The headers are English (message ids): `LEFT_COLUMNS` aligns them, `_` shows them."""
    names = {e.id: e.name for e in table.entrants}
    headers = [
        N_("Round"), N_("Table"), N_("Name"), N_("Points"), N_("Reason"), N_("Entered by"),
        N_("Status"),
    ]
    rows = [
        [
            "" if p.round is None else str(p.round),
            "",
            names.get(p.player, p.player),
            format_thousands(-p.amount),
            p.reason,
            p.entered_by,
            _("cancelled: {reason}").format(reason=p.cancel_reason) if p.cancelled else "",
        ]
        for p in table.penalties
    ]
    rows += [
        [str(c.round), str(c.table), c.name, format_thousands(-c.amount), _("chombo"), "", ""]
        for c in table.chombos
    ]
    return headers, rows


def _game_note(g: GameLine) -> str:
    if g.substitute:
        if g.counted:
            return _("played by {name}").format(name=g.substitute)
        return _("played by {name}, annulled").format(name=g.substitute)
    return "" if g.counted else _("annulled")


def _penalty_note(p: PenaltyRecord) -> str:
    if p.cancelled:
        return _("penalty: {reason} (cancelled: {why})").format(
            reason=p.reason, why=p.cancel_reason
        )
    return _("penalty: {reason}").format(reason=p.reason)


@dataclass(frozen=True)
class HistoryLine:
    """One line of a player's history: a game, a bye or a penalty, in round order.

    `points` is what the line adds to the total (None for a cancelled penalty or an annulled
    game, which add nothing); `running` is the total after it.
    """

    round: int | None = None
    table: int | None = None
    seat: str = ""
    place: int | None = None
    final: int | None = None
    uma: int | None = None
    oka: int | None = None
    chombo: int | None = None
    points: float | None = None
    running: float = 0.0
    note: str = ""


def history(table: Standings, player: str) -> tuple[str, tuple[HistoryLine, ...], float]:
    """(title, lines, total) of one player's game-by-game history with the running total.

    Games and byes come in round order; a penalty comes after its round's game (a penalty with
    no round comes first, as it counts in every round). The last line's running total is the
    breakdown's total: every number behind the standings' figure, added up in order.
    `KeyError` naming the id for a player not in the standings.
    """
    b = table.breakdown(player)
    items: list[tuple[tuple[int, int, int], HistoryLine]] = []
    running = 0.0

    for g in b.games:
        items.append(
            (
                (g.round, 0, g.table),
                HistoryLine(
                    round=g.round,
                    table=g.table,
                    seat=g.seat,
                    place=g.place,
                    final=g.final,
                    uma=g.uma,
                    oka=g.oka,
                    chombo=g.chombo or None,
                    points=float(g.points) if g.counted else None,
                    note=_game_note(g),
                ),
            )
        )
    for rnd, value in b.byes:
        items.append(((rnd, 0, 0), HistoryLine(round=rnd, points=value, note=_("bye"))))
    for n, p in enumerate(b.penalties):
        items.append(
            (
                (0 if p.round is None else p.round, 1, n),
                HistoryLine(
                    round=p.round,
                    points=None if p.cancelled else float(-p.amount),
                    note=_penalty_note(p),
                ),
            )
        )
    lines = []
    for _key, item in sorted(items, key=lambda pair: pair[0]):
        running += item.points or 0.0
        lines.append(dataclasses.replace(item, running=running))
    return _after_round(b.name, b.player, table.round), tuple(lines), b.total


def _after_round(name: str, player: str, round: int) -> str:
    return _("{name} ({player}) after round {round}").format(
        name=name, player=player, round=round
    )


def breakdown_rows(table: Standings, player: str) -> tuple[str, list[str], list[list[str]]]:
    """(title, headers, rows) of one player's breakdown: games, byes, penalties, total.

    The headers are English (message ids): `LEFT_COLUMNS` aligns them, `_` shows them."""
    b = table.breakdown(player)
    headers = [
        N_("Round"), N_("Table"), N_("Seat"), N_("Place"), N_("Final"), N_("Uma"), N_("Oka"),
        N_("Chombo"), N_("Points"), N_("Note"),
    ]
    rows: list[list[str]] = []
    for g in b.games:
        rows.append(
            [
                str(g.round),
                str(g.table),
                wind_name(g.seat),
                str(g.place),
                format_number(g.final),
                format_thousands(g.uma),
                format_thousands(g.oka),
                format_thousands(g.chombo) if g.chombo else "",
                format_thousands(g.points),
                _game_note(g),
            ]
        )
    for rnd, value in b.byes:
        rows.append([str(rnd), "", "", "", "", "", "", "", format_thousands(value), _("bye")])
    for p in b.penalties:
        rows.append(
            [
                "" if p.round is None else str(p.round),
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "" if p.cancelled else format_thousands(-p.amount),
                _penalty_note(p),
            ]
        )
    rows.append(["", "", "", "", "", "", "", "", format_thousands(b.total), _("total")])
    return _after_round(b.name, b.player, table.round), headers, rows


def cells(columns: Sequence[Column], rows: Sequence[Any]) -> list[list[str]]:
    """The text cells of `rows` under `columns`."""
    return [[c.cell(r) for c in columns] for r in rows]

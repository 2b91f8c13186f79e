"""What goes on paper: the seating of a round, score sheets, player cards and the schedule,
shaped from an `EventState` as titled tables (`Paper`), whatever the output format.

`mjevent print round/sheets/cards/schedule` and the console share these functions;
`mjevent.tui.views.paper_render` turns a `Paper` into text, Markdown, CSV, TSV or HTML, and
`mjevent.tui.views.pdf` prints the HTML to PDF. Nothing here imports Textual or reads a file.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from mjevent.core.entries import PlayerId
from mjevent.core.i18n import N_, _, format_number, format_thousands, listed, wind_name
from mjevent.core.settings import PlayerStatus
from mjevent.core.state import EventState
from mjevent.core.stats import EventStats
from mjevent.tui.views.stats import summary_line

if TYPE_CHECKING:
    from mjevent.core.standings.compute import Standings

__all__ = [
    "WIND_NAMES",
    "Block",
    "BlockKind",
    "Paper",
    "catalogue_tsv",
    "event_over",
    "player_cards",
    "round_by_player",
    "round_by_table",
    "schedule",
    "score_sheets",
    "seat_name",
]

WIND_NAMES = (N_("East"), N_("South"), N_("West"), N_("North"))
"""Seat winds as a sheet spells them out, in seat order (English; `seat_name` says them in the
language in use: 東南西北 in Japanese)."""

HAND_ROWS = 16
"""Blank hand rows on a score sheet: a hanchan rarely runs past 16 hands."""


class BlockKind(enum.StrEnum):
    """How a block looks on an HTML page (text formats print every kind alike)."""

    LIST = "list"
    """A list for the wall: large type, rows split across pages as needed."""
    SHEET = "sheet"
    """A score sheet: one per page, tall blank rows to write in."""
    CARD = "card"
    """A player's card: several per page, never split."""


@dataclass(frozen=True)
class Block:
    """One titled table on paper. `notes` print under it; `chart` (a card's running total
    after each game) draws a small line chart in HTML and a row of bars in text."""

    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    kind: BlockKind = BlockKind.LIST
    notes: tuple[str, ...] = ()
    chart: tuple[float, ...] = ()
    key: str = ""
    """What tells this block from its siblings in one CSV table (a schedule's round number)."""
    numbers: frozenset[int] = frozenset()
    """The columns (by position) that hold numbers, aligned right; the others hold words."""
    first_width: str = ""
    """The HTML width of the first column ("15%"), "" to let the page decide."""
    total_rows: int = 0
    """How many of the last rows close a score sheet (the final-score box, ruled off)."""
    link: str = ""
    """A URL the block carries (a score sheet's table page): HTML and PDF draw it as a QR
    code beside the title; every format prints it in the notes."""


@dataclass(frozen=True)
class Paper:
    """A printable document: the event's name, what the paper is, and its blocks."""

    title: str
    subtitle: str
    blocks: tuple[Block, ...]
    key_header: str = ""
    """The column CSV and TSV give the blocks' `key` when they print them as one table."""
    date: dt.date | None = None
    """The event's date, printed in the page's header (HTML and PDF) when the event has one."""


def seat_name(seat: int) -> str:
    """The wind of seat `seat` (0 for East) spelt out in the language in use: `East`, 東."""
    return _(WIND_NAMES[seat])


def _seated(state: EventState, round: int) -> tuple[tuple[PlayerId, ...], ...]:
    tables = state.seating.get(round)
    if tables is None:
        if state.seating:
            raise KeyError(
                _("round {round} is not seated (seated rounds: {seated})").format(
                    round=round, seated=listed([str(r) for r in sorted(state.seating)])
                )
            )
        raise KeyError(_("round {round} is not seated (seated rounds: none)").format(round=round))
    return tables


def _byes(state: EventState, round: int) -> list[PlayerId]:
    # Active players the round does not seat sit out (a bye); withdrawn players are not listed.
    seated = {p for table in _seated(state, round) for p in table}
    return [
        p.id
        for p in state.players.values()
        if p.id not in seated
        and not (p.status is PlayerStatus.WITHDRAWN and (p.since_round or 1) <= round)
    ]


def _winds(state: EventState) -> tuple[str, ...]:
    return tuple(seat_name(s) for s in range(state.rules.players))


def _paper(state: EventState, subtitle: str, blocks: tuple[Block, ...], key: str = "") -> Paper:
    # Every paper is headed by the event's name and, where the event has one, its date.
    return Paper(state.settings.event.name, subtitle, blocks, key, state.settings.event.date)


def _round_title(round: int) -> str:
    return _("Round {round}").format(round=round)


def round_by_table(state: EventState, round: int) -> Paper:
    """Round `round`'s seating by table: number, then each seat's name by wind.

    `KeyError` (naming the seated rounds) when the round is not seated.
    """
    rows = [
        (str(t), *(state.name(p) for p in table))
        for t, table in enumerate(_seated(state, round), start=1)
    ]
    byes = [state.name(p) for p in _byes(state, round)]
    notes = (
        (_("Sitting out: {names}").format(names=listed(sorted(byes, key=str.casefold))),)
        if byes
        else ()
    )
    block = Block(
        _round_title(round),
        (_("Table"), *_winds(state)),
        tuple(rows),
        notes=notes,
        numbers=frozenset({0}),
        first_width="15%",
    )
    return _paper(state, _("Round {round} seating by table").format(round=round), (block,))


def round_by_player(state: EventState, round: int) -> Paper:
    """Round `round`'s seating by player, alphabetical: the list players look for on the wall.

    Names sort by their case-folded text (a name in any script sorts by its characters); a
    player sitting out shows `bye` as table.
    """
    rows: list[tuple[str, str, str]] = []
    for t, table in enumerate(_seated(state, round), start=1):
        for s, p in enumerate(table):
            rows.append((state.name(p), str(t), seat_name(s)))
    rows += [(state.name(p), _("bye"), "") for p in _byes(state, round)]
    rows.sort(key=lambda r: (r[0].casefold(), r[0], r[1]))
    block = Block(
        _round_title(round),
        (_("Player"), _("Table"), _("Seat")),
        tuple(rows),
        numbers=frozenset({1}),
        first_width="55%",
    )
    return _paper(state, _("Round {round} seating by player").format(round=round), (block,))


def score_sheets(
    state: EventState,
    round: int,
    hand_rows: int = HAND_ROWS,
    urls: Mapping[int, str] | None = None,
) -> Paper:
    """One score sheet per table of round `round`: names by seat wind, `hand_rows` blank hand
    rows, the final-score box and the sum check with the rules' start and return points; with
    `urls` (table -> its page, `mjevent tables`), each sheet carries its table's URL."""
    rules = state.rules
    winds = _winds(state)
    total = rules.players * rules.start_points
    notes = (
        _("Start {start} · return {back} · riichi stick {stick} · rules {rules}").format(
            start=format_number(rules.start_points),
            back=format_number(rules.return_points),
            stick=format_number(rules.riichi_value),
            rules=rules.name,
        ),
        _(
            "Sum check: the final scores plus {stick} for each riichi stick still on the table "
            "must total {total} ({players} x {start})."
        ).format(
            stick=format_number(rules.riichi_value),
            total=format_number(total),
            players=rules.players,
            start=format_number(rules.start_points),
        ),
        _("Signatures: {lines}").format(lines="   ".join(f"{w} ____________" for w in winds)),
    )
    blocks: list[Block] = []
    for t, table in enumerate(_seated(state, round), start=1):
        headers = (
            _("Hand"),
            *(
                _("{wind}: {name}").format(wind=w, name=state.name(p))
                for w, p in zip(winds, table, strict=True)
            ),
        )
        blank = ("",) * len(winds)
        rows = [(str(n), *blank) for n in range(1, hand_rows + 1)]
        rows += [(_("Sticks left"), *blank), (_("Final score"), *blank), (_("Place"), *blank)]
        link = (urls or {}).get(t, "")
        here = (
            (_("Enter and confirm this table's hands at {url}").format(url=link),) if link else ()
        )
        blocks.append(
            Block(
                _("Round {round} · Table {table}").format(round=round, table=t),
                headers,
                tuple(rows),
                BlockKind.SHEET,
                notes + here,
                first_width="16%",
                total_rows=3,
                link=link,
            )
        )
    return _paper(state, _("Round {round} score sheets").format(round=round), tuple(blocks))


def event_over(state: EventState) -> bool:
    """Whether every table of every seated round has a finished game (the event is over)."""
    return bool(state.seating) and all(
        (g := state.game(r, t)) is not None and g.result is not None
        for r, tables in state.seating.items()
        for t in range(1, len(tables) + 1)
    )


def _where(state: EventState, player: PlayerId) -> dict[int, tuple[int, int]]:
    found: dict[int, tuple[int, int]] = {}
    for r, tables in state.seating.items():
        for t, table in enumerate(tables, start=1):
            if player in table:
                found[r] = (t, table.index(player))
    return found


def player_cards(
    state: EventState, stats: EventStats, standings: Standings | None = None
) -> Paper:
    """One card per player (by name): their table and seat in every round, the personal
    schedule. Given `standings` (after the event), a report card instead: every game with
    place, final score and points, the running total, and the running total as a chart.

    A player who has played a hand has their numbers (`stats`, the event's: `EventSession.stats`)
    under the card (hands, wins, tsumo, deal-ins, riichi, average win:
    `stats_view.summary_line`, docs/stats.md)."""
    numbers = stats.players
    blocks: list[Block] = []
    rounds = sorted(state.seating)
    players = sorted(state.players.values(), key=lambda p: (p.name.casefold(), p.id))
    # The words every card repeats, looked up once (500 cards of 15 rounds each).
    seats = [seat_name(s) for s in range(len(WIND_NAMES))]
    winds = {letter: wind_name(letter) for letter in "ESWN"}
    bye = _("bye")
    schedule_heads = (_("Round"), _("Table"), _("Seat"))
    report_heads = (*schedule_heads, _("Place"), _("Final"), _("Points"), _("Running"))
    for p in players:
        title = f"{p.name} ({p.id})"
        tally = numbers[p.id].stats
        stats_note = (summary_line(tally),) if tally.hands else ()
        if standings is None:
            where = _where(state, p.id)
            rows = tuple(
                (str(r), str(where[r][0]), seats[where[r][1]]) if r in where
                else (str(r), bye, "")
                for r in rounds
            )
            blocks.append(
                Block(
                    title,
                    schedule_heads,
                    rows,
                    BlockKind.CARD,
                    stats_note,
                    numbers=frozenset({0, 1}),
                    first_width="12%",
                )
            )
            continue
        breakdown = standings.breakdown(p.id)
        running = 0.0
        chart: list[float] = []
        game_rows: list[tuple[str, ...]] = []
        for g in sorted(breakdown.games, key=lambda g: g.round):
            if g.counted:
                running += g.points
            chart.append(running)
            game_rows.append(
                (str(g.round), str(g.table), winds.get(g.seat, g.seat), str(g.place),
                 format_number(g.final), format_thousands(g.points), format_thousands(running))
            )
        row = next((r for r in standings.rows if r.player == p.id), None)
        note = (
            _("Total {total}").format(total=format_thousands(breakdown.total))
            if row is None
            else _("Total {total} · place {place}").format(
                total=format_thousands(breakdown.total), place=row.place_label
            )
        )
        blocks.append(
            Block(
                title,
                report_heads,
                tuple(game_rows),
                BlockKind.CARD,
                (note, *stats_note),
                tuple(chart),
                numbers=frozenset({0, 1, 3, 4, 5, 6}),
                first_width="12%",
            )
        )
    what = _("Report cards") if standings is not None else _("Player cards")
    return _paper(state, what, tuple(blocks))


def schedule(state: EventState) -> Paper:
    """Every seated round, table by table, for the organiser's binder (one block per round)."""
    blocks = tuple(
        dataclasses.replace(round_by_table(state, r).blocks[0], key=str(r))
        for r in sorted(state.seating)
    )
    return _paper(state, _("Schedule"), blocks, key=_("Round"))


def catalogue_tsv(state: EventState, players: Sequence[PlayerId] | None = None) -> str:
    """The schedule in the seating catalogue's tab-separated form, to paste into a spreadsheet:
    one line per player (in the event's player order), each round's table number followed by a
    tab, `--` for a round the player sits out; no player or round numbers.

    Five players over two rounds of one table each, player 5 sitting out round 1 and player 4
    round 2, give the lines `1\t1\t`, `1\t1\t`, `1\t1\t`, `1\t--\t`, `--\t1\t`.
    """
    order = list(players) if players is not None else list(state.players)
    rounds = sorted(state.seating)
    where = {p: _where(state, p) for p in order}
    lines = [
        "".join(f"{where[p][r][0] if r in where[p] else '--'}\t" for r in rounds)
        for p in order
    ]
    return "".join(line + "\n" for line in lines)

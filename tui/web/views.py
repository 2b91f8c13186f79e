"""What the venue's pages show, as plain data: pure shaping over an `EventState` (no aiohttp, no
Jinja2), so the server only renders it and the tests can read it exactly.

The shaping is the one the console, the printouts and the projector use (`tui.sheets` for the
standings and a player's history, `tui.paper` for the seating, `tui.display_pages` for the
projector, `core.stats` for a player's figures, `core.preview` and `events.stations` for a
table's entries); this module only picks what a phone or a browser needs.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from mjevent.core.entries import WINDS, GameFinished, HandRecorded
from mjevent.core.game import new_game
from mjevent.core.i18n import N_, _, format_number, format_thousands, wind_name
from mjevent.core.notation import EntryContext, FinalLine, HandLine, format_entry
from mjevent.core.preview import LineError, LinePreview
from mjevent.core.standings.compute import Standings
from mjevent.core.state import EventState, Folder
from mjevent.core.stats import EventStats
from mjevent.core.yaku import yaku_label
from mjevent.events.stations import pending
from mjevent.tui.views.display_pages import display_pages
from mjevent.tui.views.paper import Block, round_by_player, round_by_table
from mjevent.tui.views.sheets import history

__all__ = [
    "LABELS",
    "SeatLine",
    "TableView",
    "api_table",
    "display_view",
    "labels",
    "player_view",
    "preview_json",
    "round_view",
    "standings_rows",
    "table_view",
]

LABELS: dict[str, str] = {
    "home": N_("Home"),
    "standings": N_("Standings"),
    "round": N_("Round {round}"),
    "display": N_("Projector"),
    "director": N_("Director"),
    "console": N_("Console in the browser"),
    "place": N_("Place"),
    "name": N_("Name"),
    "total": N_("Total"),
    "games": N_("Games"),
    "no_standings": N_("No standings yet: no round has all its results."),
    "by_table": N_("By table"),
    "by_player": N_("By player"),
    "not_seated": N_("This round is not seated yet."),
    "next_table": N_("Next: round {round}, table {table}, seat {wind}"),
    "no_next": N_("No table to play in a seated round."),
    "results": N_("Results so far"),
    "stats": N_("Statistics"),
    "table": N_("Table"),
    "seat": N_("Seat"),
    "final": N_("Final score"),
    "hand": N_("Hand"),
    "sticks": N_("Riichi sticks"),
    "scores": N_("Scores"),
    "hands": N_("Hands played"),
    "no_hands": N_("No hand recorded yet."),
    "enter": N_("Enter a hand"),
    "my_seat": N_("I sit at"),
    "line": N_("Entry line"),
    "send": N_("Send"),
    "preview": N_("Preview"),
    "pending": N_("Waiting for confirmation"),
    "no_pending": N_("Nothing waiting."),
    "confirm": N_("Confirm as"),
    "conflict": N_("conflict: the director decides"),
    "ron": N_("Ron"),
    "tsumo": N_("Tsumo"),
    "draw": N_("Draw"),
    "abort": N_("Abort"),
    "chombo": N_("Chombo"),
    "final_scores": N_("Final scores"),
    "winner": N_("Winning seat"),
    "discarder": N_("Discarder"),
    "han": N_("Han"),
    "fu": N_("Fu"),
    "riichi": N_("Riichi"),
    "tenpai": N_("Tenpai"),
    "yaku": N_("Yaku"),
    "dora": N_("Dora (all kinds)"),
    "open": N_("Open hand (called)"),
    "clear": N_("Clear"),
    "approve": N_("Approve"),
    "reject": N_("Reject"),
    "reason": N_("Reason"),
    "tables_links": N_("Table pages of round {round}"),
    "password": N_("Password"),
    "log_in": N_("Log in"),
    "login_title": N_("Director's login"),
    "wrong_password": N_("That password is wrong."),
    "round_over": N_("This round is over: its table page shows it but takes no entry."),
    "recorded": N_("Recorded."),
    "waiting": N_("Sent: waiting for a second seat (or the director) to confirm it."),
    "entered_by": N_("entered by {wind} {name}"),
    "live": N_("Live: this page updates itself."),
    "round_col": N_("Rnd"),
    "player": N_("Player"),
    "points": N_("Points"),
    "running": N_("Running total"),
    "announcement": N_("Announcement"),
    "over": N_("The game is over."),
}
"""Every word a template shows, by key (the templates name keys, never English, so the catalogue
test finds every message here)."""


COMPOSER_YAKU = (
    "riichi", "ippatsu", "tsumo", "pinfu", "tanyao", "iipeikou", "yakuhai", "chiitoitsu",
    "ittsu", "sanshoku", "toitoi", "honitsu", "chinitsu",
)
"""The yaku the table page offers as buttons: the common ones (issue 24's optional detail); the
rest are typed on the entry line (`y:chanta`)."""


def composer_yaku(lang: str) -> list[tuple[str, str]]:
    """(id, name) of each `COMPOSER_YAKU` in `lang` (ids are what the entry line writes)."""
    return [(y, yaku_label(y, lang)) for y in COMPOSER_YAKU]


def labels() -> dict[str, str]:
    """`LABELS` in the language in use."""
    return {key: _(text) for key, text in LABELS.items()}


def standings_rows(table: Standings | None) -> tuple[str, list[dict[str, Any]]]:
    """The public standings (`EventSession.standings`: hidden rounds stay hidden, as on the
    projector; None when they cannot be computed): (title, rows), each row `place`, `name`,
    `player`, `total`, `games`; no rows before any round counts."""
    if table is None or table.round == 0:
        return _("Standings"), []
    rows = [
        {
            "place": r.place_label,
            "name": r.name,
            "player": r.player,
            "total": format_thousands(r.total),
            "games": r.games,
        }
        for r in table.rows
    ]
    return _("Standings after round {round}").format(round=table.round), rows


def _block(block: Block) -> dict[str, Any]:
    return {
        "title": block.title,
        "headers": list(block.headers),
        "rows": [list(r) for r in block.rows],
        "notes": list(block.notes),
        "numbers": sorted(block.numbers),
    }


def round_view(state: EventState, rnd: int) -> dict[str, Any] | None:
    """Round `rnd`'s seating by table and by player, or None when it is not seated."""
    if rnd not in state.seating:
        return None
    return {
        "round": rnd,
        "by_table": _block(round_by_table(state, rnd).blocks[0]),
        "by_player": _block(round_by_player(state, rnd).blocks[0]),
    }


def _next_seat(state: EventState, player: str) -> tuple[int, int, str] | None:
    """The first seated round from the current one where `player` has a table whose game has no
    result yet: (round, table, wind letter)."""
    for rnd in sorted(state.seating):
        if rnd < state.current_round:
            continue
        for t, seats in enumerate(state.seating[rnd], start=1):
            if player in seats:
                game = state.game(rnd, t)
                if game is None or game.result is None:
                    return rnd, t, WINDS[seats.index(player)]
    return None


def player_view(
    state: EventState, player: str, table: Standings | None, stats: EventStats
) -> dict[str, Any] | None:
    """A player's page: the next table and seat wind, the results so far (the standings'
    history, hidden rounds left out: `table` is the event's standings, `EventSession.standings`,
    None when they cannot be computed) and the player's figures from `core.stats` (`stats`, the
    event's); None for an unknown id."""
    known = state.players.get(player)
    if known is None:
        return None
    nxt = _next_seat(state, player)
    lines: list[dict[str, Any]] = []
    total = ""
    if table is not None and table.round:
        try:
            _title, found, running = history(table, player)
        except KeyError:
            found, running = (), 0.0
        for h in found:
            lines.append(
                {
                    "round": h.round or "",
                    "table": h.table or "",
                    "seat": h.seat,
                    "place": h.place or "",
                    "final": "" if h.final is None else format_number(h.final),
                    "points": "" if h.points is None else format_thousands(h.points),
                    "running": format_thousands(h.running),
                    "note": h.note,
                }
            )
        total = format_thousands(running)
    figures: list[tuple[str, str]] = []
    mine = stats.players.get(player)
    if mine is not None and mine.stats.hands:
        s = mine.stats
        figures = [
            (_("Hands"), str(s.hands)),
            (_("Win rate"), str(s.win_rate)),
            (_("Deal-in rate"), str(s.deal_in_rate)),
            (_("Riichi rate"), str(s.riichi_rate)),
            (_("Largest win"), format_number(s.largest_win)),
        ]
    return {
        "id": player,
        "name": known.name,
        "next": None
        if nxt is None
        else _("Next: round {round}, table {table}, seat {wind}").format(
            round=nxt[0], table=nxt[1], wind=wind_name(nxt[2])
        ),
        "lines": lines,
        "total": total,
        "figures": figures,
    }


def display_view(
    state: EventState,
    standings: Standings | None,
    now: dt.datetime,
    *,
    stats: Callable[[], EventStats],
    hide_standings: bool,
) -> list[Any]:
    """The projector's pages (`tui.display_pages`; `standings` and `stats` as it takes them),
    all of them: a browser scrolls where the terminal display rotates."""
    return [
        {
            "title": p.title,
            "headers": list(p.headers),
            "rows": [list(r) for r in p.rows],
            "numbers": sorted(p.numbers),
            "notes": [],
        }
        for p in display_pages(
            state, standings, now, 1000, stats=stats, hide_standings=hide_standings
        )
    ]


@dataclass(frozen=True)
class SeatLine:
    """One seat of a table page: wind letter, wind as read, name, score now."""

    wind: str
    wind_name: str
    name: str
    score: str


@dataclass(frozen=True)
class TableView:
    """A table page's facts (`table_view`)."""

    round: int
    table: int
    seats: tuple[SeatLine, ...]
    hand: str
    honba: int
    sticks: int
    over: bool
    hands: tuple[str, ...]
    pending: tuple[dict[str, Any], ...]
    round_over: bool


def _hand_lines(state: EventState, rnd: int, table: int) -> tuple[str, ...]:
    context = EntryContext(round=rnd, seats=state.rules.players)
    out: list[str] = []
    for e in state.entries:
        if not isinstance(e, HandRecorded | GameFinished) or (e.round, e.table) != (rnd, table):
            continue
        if isinstance(e, HandRecorded):
            out.append(format_entry(HandLine(e.round, e.table, e.hand), context))
        elif e.final is not None:
            out.append(
                format_entry(FinalLine(e.round, e.table, e.final, e.deposits, e.chombos), context)
            )
    return tuple(out)


def round_over(state: EventState, rnd: int) -> bool:
    """Whether round `rnd` is over for the tables: a later round is the current one (every
    table of `rnd` has its result)."""
    return state.current_round > rnd


def table_view(folder: Folder, rnd: int, table: int) -> TableView:
    """Table `table` of round `rnd` in the event `folder` has folded (the writers' live fold):
    seats, the game as it stands, its hands and its pending entries (each with the preview's
    words, tried on that fold, or why it no longer fits)."""
    state = folder.state()
    players = state.table_seats(rnd, table) or ()
    game = state.game(rnd, table)
    now = game.state if game is not None and game.state is not None else None
    start = now or new_game(state.rules)
    substitutes = {} if game is None else dict(game.substitutes)
    seats = tuple(
        SeatLine(
            WINDS[s],
            wind_name(WINDS[s]),
            substitutes.get(s, state.name(p)),
            format_number(start.scores[s]),
        )
        for s, p in enumerate(players)
    )
    waiting = []
    for p in pending(folder, rnd, table):
        words = p.preview.message if isinstance(p.preview, LineError) else p.preview.describe()
        waiting.append(
            {
                "id": p.id,
                "line": p.line,
                "seat": p.seat,
                "name": p.name,
                "conflict": p.conflict,
                "preview": words,
                "by": _("entered by {wind} {name}").format(wind=wind_name(p.seat), name=p.name),
            }
        )
    return TableView(
        round=rnd,
        table=table,
        seats=seats,
        hand=start.label,
        honba=start.honba,
        sticks=start.deposits,
        over=game is not None and game.result is not None,
        hands=_hand_lines(state, rnd, table),
        pending=tuple(waiting),
        round_over=round_over(state, rnd),
    )


def preview_json(shown: LinePreview | LineError) -> dict[str, Any]:
    """A preview as the API gives it: `{"ok": true, "text": ..., "scores_after": [...]}` or
    `{"ok": false, "error": ...}`."""
    if isinstance(shown, LineError):
        return {"ok": False, "error": shown.message}
    return {"ok": True, "text": shown.describe(), "scores_after": list(shown.scores_after)}


def api_table(view: TableView) -> dict[str, Any]:
    """`GET /api/t/<token>`: the table's state as JSON (machine output: English keys)."""
    return {
        "round": view.round,
        "table": view.table,
        "seats": [{"wind": s.wind, "name": s.name, "score": s.score} for s in view.seats],
        "hand": view.hand,
        "honba": view.honba,
        "sticks": view.sticks,
        "over": view.over,
        "round_over": view.round_over,
        "hands": list(view.hands),
        "pending": [dict(p) for p in view.pending],
    }

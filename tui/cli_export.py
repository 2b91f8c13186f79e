"""`mjevent export FILE --format ema|csv [--output PATH]`: results for the EMA, or every game.

`--format ema` writes one row per player in the column order of the EMA results workbook that
organisers send in for the ranking (MERS): Position, First name, Last name, EMA number, Table
points, Score, EMA member, Country. docs/standings.md gives the sources and what each column
holds. The check EMA asks for with the chombo list (totals plus chombo penalties add up to zero)
is printed to stderr.

`--format csv` writes the full per-game table: one row per seat of every finished game, with the
final score, place, uma, oka, chombo, total, rounded total and the points the standings add.

Exit status: 0 written, 1 the standings cannot be computed, 2 the file cannot be opened.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated

import typer

from mjevent.core.event import Player
from mjevent.core.i18n import N_, _
from mjevent.core.names import NameParts, split_name
from mjevent.core.standings import StandingRow, Standings
from mjevent.core.state import EventState
from mjevent.core.text import safe_lines, safe_text
from mjevent.tui.cli_localize import command_help
from mjevent.tui.cli_print import load_event, standings_of
from mjevent.tui.sheets import points
from mjevent.tui.spreadsheet import delimited

__all__ = ["ExportFormat", "ema_rows", "export", "game_rows", "name_checks"]

EMA_HEADER = (
    "Position",
    "First name",
    "Last name",
    "EMA number",
    "Table points",
    "Score",
    "EMA member",
    "Country",
)
GAME_HEADER = (
    "round",
    "table",
    "seat",
    "player",
    "name",
    "final",
    "place",
    "uma",
    "oka",
    "chombo",
    "total",
    "rounded",
    "points",
    "substitute",
)

# Player ids that carry an EMA number: 8 digits ("04120001"), or "ema-" and digits.
_EMA_ID = re.compile(r"^(?:ema-?)?(\d{5,8})$", re.IGNORECASE)


class ExportFormat(enum.StrEnum):
    """What `mjevent export` writes."""

    EMA = "ema"
    CSV = "csv"


def _ema_number(player: str) -> str:
    match = _EMA_ID.match(player)
    return match.group(1).zfill(8) if match else ""


def _score(total: float) -> str:
    # EMA riichi results give the score in raw points, as a whole number (141,500 points).
    return str(round(total))


def _name_parts(row: StandingRow, players: Mapping[str, Player]) -> NameParts:
    player = players.get(row.player)
    # A late entry (added by a log entry) has no family_name in the file: its name is guessed.
    return player.name_parts() if player is not None else split_name(row.name)


def _ema_row(row: StandingRow, position: str, parts: NameParts) -> list[str]:
    number = _ema_number(row.player)
    return [
        position,
        parts.given,
        parts.family,
        number,
        "",
        _score(row.total),
        "1" if number else "0",
        "",
    ]


def _ema_players(table: Standings) -> list[tuple[StandingRow, str]]:
    ranked = [(r, str(r.place)) for r in table.rows]
    return ranked + [(r, "-") for r in table.apart if r.status.value == "substitute"]


def ema_rows(table: Standings, players: Mapping[str, Player]) -> list[list[str]]:
    """The EMA results rows: ranked players by place (tied players share the position number),
    then substitutes with position "-" (EMA counts them as participants). First name and Last
    name are the player's given and family name (`Player.name_parts`)."""
    return [_ema_row(r, pos, _name_parts(r, players)) for r, pos in _ema_players(table)]


def name_checks(table: Standings, players: Mapping[str, Player]) -> list[str]:
    """One line per exported name whose split was guessed, for the director to check.

    The guessed family-name-first names come first (the split most likely to surprise), then
    the rest; each line shows the split and why.
    """
    guessed = []
    for r, _position in _ema_players(table):
        parts = _name_parts(r, players)
        if parts.guess is not None:
            guessed.append((not parts.guessed_family_first, r.name, parts))
    lines = []
    if guessed:
        lines.append(
            _(
                "check {count} name split(s), guessed (set family_name and given_name, or "
                "name_order, on the player in the event file to make them exact):"
            ).format(count=len(guessed))
        )
    for _first, name, parts in sorted(guessed, key=lambda g: g[0]):
        lines.append(
            _("  {name}: Last name {family}, First name {given} ({guess})").format(
                name=name, family=parts.family or "-", given=parts.given or "-", guess=parts.guess
            )
        )
    return lines


def game_rows(state: EventState, up_to: int) -> list[list[str]]:
    """One row per seat of every finished game up to round `up_to`, round and table order."""
    out: list[list[str]] = []
    for (rnd, tbl), game in sorted(state.games.items()):
        r = game.result
        if r is None or rnd > up_to:
            continue
        for seat, player in enumerate(game.seats):
            out.append(
                [
                    str(rnd),
                    str(tbl),
                    "ESWN"[seat],
                    player,
                    state.name(player),
                    str(r.final[seat]),
                    str(r.places[seat]),
                    str(r.uma[seat]),
                    str(r.oka[seat]),
                    str(r.penalties[seat]),
                    str(r.total[seat]),
                    str(r.rounded[seat]),
                    str(r.points[seat]),
                    game.substitutes.get(seat, ""),
                ]
            )
    return out


def _csv(header: tuple[str, ...], rows: list[list[str]]) -> str:
    return delimited([header, *rows])


def _zero_sum_report(table: Standings) -> list[str]:
    z = table.zero_sum
    lines = [
        _(
            "game points add up to {points}; chombo penalties {chombo}; before chombo the "
            "tables add up to {tables}; event penalties {penalties}"
        ).format(
            points=points(z.points_sum), chombo=points(z.chombo_sum),
            tables=points(z.table_sum), penalties=points(-z.penalty_sum),
        ),
    ]
    for c in table.chombos:
        lines.append(
            _("chombo: round {round} table {table} {name} ({player}) {amount}").format(
                round=c.round, table=c.table, name=c.name, player=c.player,
                amount=points(-c.amount),
            )
        )
    for rnd, tbl, total in z.unbalanced:
        lines.append(
            _(
                "round {round} table {table} adds up to {total}, not 0 "
                "(riichi sticks to nobody, rounding or a substitute at fixed points)"
            ).format(round=rnd, table=tbl, total=points(total))
        )
    return lines


@command_help(N_("Export the results: EMA ranking rows, or the full per-game table as CSV."))
def export(
    file: Annotated[Path, typer.Argument(help=N_("The event file (TOML)."), dir_okay=False)],
    fmt: Annotated[
        ExportFormat,
        typer.Option(
            "--format", help=N_("ema (results for the EMA ranking) or csv (every game).")
        ),
    ],
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", help=N_("Write here instead of to standard output.")),
    ] = None,
    after_round: Annotated[
        int | None, typer.Option("--after-round", min=0, help=N_("Only rounds up to N."))
    ] = None,
) -> None:
    store, state, entries = load_event(file)
    table = standings_of(file, store, state, entries, after_round)
    if fmt is ExportFormat.EMA:
        players = {p.id: p for p in state.settings.players}
        text = _csv(EMA_HEADER, ema_rows(table, players))
        for line in _zero_sum_report(table) + name_checks(table, players):
            typer.echo(safe_text(line), err=True)  # names from the file: no control code
    else:
        text = _csv(GAME_HEADER, game_rows(state, table.round))
    if output is None:
        # Names come from the event file: no control character reaches the terminal.
        typer.echo(safe_lines(text), nl=False)
    else:
        output.write_text(text, encoding="utf-8")
        typer.echo(_("wrote {file}").format(file=output), err=True)

"""`mjevent export FILE --format ema|csv [--output PATH]`: results for the EMA, or every game.

`--format ema` writes one row per player in the column order of the EMA results workbook that
organisers send in for the ranking (MERS): Position, First name, Last name, EMA number, Table
points, Score, EMA member, Country. docs/standings.md gives the sources and what each column
holds. The check EMA asks for with the chombo list (totals plus chombo penalties add up to zero)
is printed to stderr.

With `--output results.xlsx` (a name ending in .xlsx) the EMA rows go into an Excel workbook
laid out as the EMA's results workbook is read (docs/export.md): the players from row 2 in
columns C to J, the tournament's facts (title, player count, host country, city, MERS weight,
rules, dates, days) on row 3 in columns A, B and L to R, which `[ema]` supplies.

`--format csv` writes the full per-game table: one row per seat of every finished game, with the
final score, place, uma, oka, chombo, total, rounded total and the points the standings add.

Exit status: 0 written, 1 the standings cannot be computed, 2 the file cannot be opened.
"""

from __future__ import annotations

import enum
import io
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Annotated

import typer

from mjevent.core.ema import ema_number
from mjevent.core.i18n import N_, _, format_thousands
from mjevent.core.names import NameParts, split_name
from mjevent.core.settings import Player
from mjevent.core.standings import StandingRow
from mjevent.core.standings.compute import Standings
from mjevent.core.state import EventState
from mjevent.core.text import safe_lines, safe_text
from mjevent.tui.cli.ema import event_dates, facts_or_none
from mjevent.tui.cli.localize import command_help
from mjevent.tui.cli.options import EventFile
from mjevent.tui.cli.print_standings import load_event, standings_of
from mjevent.tui.views.table import TableFormat, render_table

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


class ExportFormat(enum.StrEnum):
    """What `mjevent export` writes."""

    EMA = "ema"
    CSV = "csv"


def _cell(text: str) -> str:
    """A workbook's text cell: control codes spelled out. No apostrophe is added (the CSV's
    guard, `tui.spreadsheet.delimited`): the cell is typed as a string, so a name starting
    with "=" is shown as written and never taken as a formula."""
    return safe_text(text)


def _score(total: float) -> str:
    # EMA riichi results give the score in raw points, as a whole number (141,500 points).
    return str(round(total))


def _name_parts(row: StandingRow, players: Mapping[str, Player]) -> NameParts:
    player = players.get(row.player)
    # A late entry (added by a log entry) has no family_name in the file: its name is guessed.
    return player.name_parts() if player is not None else split_name(row.name)


def _ema_row(
    row: StandingRow, position: str, parts: NameParts, player: Player | None
) -> list[str]:
    number = ema_number(row.player, player.ema_id if player is not None else None)
    country = player.country if player is not None and player.country is not None else ""
    return [
        position,
        parts.given,
        parts.family,
        number,
        "",
        _score(row.total),
        "1" if number else "0",
        country,
    ]


def _ema_players(table: Standings) -> list[tuple[StandingRow, str]]:
    ranked = [(r, str(r.place)) for r in table.rows]
    return ranked + [(r, "-") for r in table.apart if r.status.value == "substitute"]


def ema_rows(table: Standings, players: Mapping[str, Player]) -> list[list[str]]:
    """The EMA results rows: ranked players by place (tied players share the position number),
    then substitutes with position "-" (EMA counts them as participants). First name and Last
    name are the player's given and family name (`Player.name_parts`); EMA number the player's
    `ema_id`, else the id when it is an EMA number; Country the player's `country`."""
    return [
        _ema_row(r, pos, _name_parts(r, players), players.get(r.player))
        for r, pos in _ema_players(table)
    ]


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
    # Machine output: English headings, every cell through the one CSV writer.
    return render_table("", header, [False] * len(header), rows, TableFormat.CSV)


TOURNAMENT_COLUMNS = {
    "A": "Tournament", "B": "Players", "L": "Country", "M": "City", "N": "MERS",
    "P": "Rules", "Q": "Dates", "R": "Days",
}
"""Row 3's tournament facts by column, as the EMA results-workbook importer reads them; the
row 1 headings are mjevent's own (docs/export.md: unconfirmed)."""


def tournament_facts(state: EventState, table: Standings) -> dict[str, str | float | int]:
    """Row 3's facts by column letter (`TOURNAMENT_COLUMNS`); empty when the event has no
    `[ema]` table, apart from the title and the player count."""
    info = state.settings.event
    out: dict[str, str | float | int] = {"A": info.name, "B": len(table.rows)}
    found = facts_or_none(state, table)
    if found is None:
        return out
    ema = found.settings
    out.update(
        {
            "B": found.participants,
            "L": ema.country or "",
            "M": ema.city or "",
            "N": found.weight().total,
            "P": "riichi",
            "Q": event_dates(info.date, ema.days),
            "R": ema.days,
        }
    )
    return out


def ema_workbook(
    header: Sequence[str], rows: Sequence[Sequence[str]], facts: Mapping[str, str | float | int]
) -> bytes:
    """The EMA rows as an .xlsx workbook (one sheet, "Results"): the header on row 1, the
    players from row 2 in columns C to J, `facts` on row 3 (`TOURNAMENT_COLUMNS`). Every text
    cell is written as a string, never as a formula, whatever it starts with."""
    from openpyxl import Workbook  # only this export needs it

    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Results"

    def put(ref: str, value: str | float | int) -> None:
        cell = sheet[ref]
        if isinstance(value, str):
            cell.value = _cell(value)
            # openpyxl takes a string starting with "=" as a formula: the type says it is text.
            cell.data_type = "s"
        else:
            cell.value = value

    for col, heading in TOURNAMENT_COLUMNS.items():
        put(f"{col}1", heading)
    for i, heading in enumerate(header):
        put(f"{chr(ord('C') + i)}1", heading)
    numeric = {"Position", "Score", "EMA member"}
    for r, row in enumerate(rows, start=2):
        for i, (heading, text) in enumerate(zip(header, row, strict=True)):
            ref = f"{chr(ord('C') + i)}{r}"
            # Whole numbers where the importer reads numbers; "-" (a substitute) stays text.
            put(ref, int(text) if heading in numeric and _is_int(text) else text)
    for col, fact in facts.items():
        put(f"{col}3", fact)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _is_int(text: str) -> bool:
    return text.lstrip("-").isdigit()


def _zero_sum_report(table: Standings) -> list[str]:
    z = table.zero_sum
    lines = [
        _(
            "game points add up to {points}; chombo penalties {chombo}; before chombo the "
            "tables add up to {tables}; event penalties {penalties}"
        ).format(
            points=format_thousands(z.points_sum), chombo=format_thousands(z.chombo_sum),
            tables=format_thousands(z.table_sum), penalties=format_thousands(-z.penalty_sum),
        ),
    ]
    for c in table.chombos:
        lines.append(
            _("chombo: round {round} table {table} {name} ({player}) {amount}").format(
                round=c.round, table=c.table, name=c.name, player=c.player,
                amount=format_thousands(-c.amount),
            )
        )
    for rnd, tbl, total in z.unbalanced:
        lines.append(
            _(
                "round {round} table {table} adds up to {total}, not 0 "
                "(riichi sticks to nobody, rounding or a substitute at fixed points)"
            ).format(round=rnd, table=tbl, total=format_thousands(total))
        )
    return lines


@command_help(N_("Export the results: EMA ranking rows, or the full per-game table as CSV."))
def export(
    file: EventFile,
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
    session, state = load_event(file)
    table = standings_of(file, session, state, after_round)
    if fmt is ExportFormat.EMA:
        players = {p.id: p for p in state.settings.players}
        rows = ema_rows(table, players)
        text = _csv(EMA_HEADER, rows)
        for line in _zero_sum_report(table) + name_checks(table, players):
            typer.echo(safe_text(line), err=True)  # names from the file: no control code
        if output is not None and output.suffix.lower() == ".xlsx":
            output.write_bytes(ema_workbook(EMA_HEADER, rows, tournament_facts(state, table)))
            typer.echo(_("wrote {file}").format(file=output), err=True)
            return
    else:
        if output is not None and output.suffix.lower() == ".xlsx":
            typer.echo(
                _(
                    "error: {file}: --format csv writes CSV only. Fix: name the output .csv, or "
                    "use --format ema for the workbook."
                ).format(file=output),
                err=True,
            )
            raise typer.Exit(1)
        text = _csv(GAME_HEADER, game_rows(state, table.round))
    if output is None:
        # Names come from the event file: no control character reaches the terminal.
        typer.echo(safe_lines(text), nl=False)
    else:
        output.write_text(text, encoding="utf-8")
        typer.echo(_("wrote {file}").format(file=output), err=True)

"""`mjevent print standings FILE [--after-round N] [--teams] [--format text|md|csv|html]` and
`mjevent print penalties FILE [--format ...]` (every penalty, cancelled ones too, and the chombo
list) and `mjevent print player FILE PLAYER` (every game, bye and penalty behind one total).

Prints the standings the way they go on the wall: place (shared where tied, "2-3"), name, team,
total, games, average place, place counts, penalties and movement since the previous round.
Points print in thousands with one decimal (+45.3), as rule sets publish them. In text output
the columns are aligned by terminal cells, so CJK names (two cells a character) line up.

Exit status: 0 printed, 1 the standings cannot be printed (a hidden round, a bad `[standings]`
table), 2 the file cannot be opened.
"""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import Annotated, Literal

import typer

from mjevent.core.i18n import N_, _, listed
from mjevent.core.standings import StandingsConfigError, StandingsError
from mjevent.core.standings.compute import Standings
from mjevent.core.state import EventState
from mjevent.core.text import markdown_text, safe_text
from mjevent.events.commands import current_state
from mjevent.events.session import EventSession
from mjevent.tui.cli.errors import file_error_text
from mjevent.tui.cli.event_file import open_or_exit, warn_skipped
from mjevent.tui.cli.options import EventFile
from mjevent.tui.views.sheets import (
    LEFT_COLUMNS,
    breakdown_rows,
    cells,
    criterion_name,
    penalty_rows,
    shown_standings,
    standing_columns,
    team_columns,
    tie_lines,
)
from mjevent.tui.views.table import TableFormat, render_table

__all__ = [
    "PrintFormat",
    "load_event",
    "load_standings",
    "print_app",
    "render",
    "render_teams",
    "standings_of",
]

print_app = typer.Typer(
    name="print",
    help=N_("Print standings (and other sheets) from an event file."),
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
)


PrintFormat = Literal["text", "md", "csv", "html"]
"""The `TableFormat`s `print standings`, `print penalties` and `print player` write."""


def load_event(file: Path) -> tuple[EventSession, EventState]:
    """Open the event file read-only and fold its log; `typer.Exit(2)` (reason on stderr) if it
    cannot. A torn tail and log entries left out for their problems are named on stderr."""
    session = open_or_exit(file, read_only=True, code=2)
    state = current_state(session)
    warn_skipped(file, session)
    return session, state


def standings_of(
    file: Path,
    session: EventSession,
    state: EventState,
    after_round: int | None = None,
    show_hidden: bool = False,
) -> Standings:
    """The session's standings of `state` (`EventSession.standings`: its `[standings]` table
    or its preset's default chain, cancelled penalties listed) after `after_round`.

    `typer.Exit(1)` with the reason on stderr when they cannot be computed (a bad `[standings]`
    table, a round still hidden).
    """
    try:
        table = shown_standings(session.standings(state), after_round, show_hidden)
    except (StandingsConfigError, StandingsError) as error:
        typer.echo(file_error_text(file, str(error)), err=True)
        raise typer.Exit(1) from None
    return table


def load_standings(
    file: Path, after_round: int | None = None, show_hidden: bool = False
) -> Standings:
    """Open the event file, fold its log and compute its standings (after `after_round`)."""
    session, state = load_event(file)
    return standings_of(file, session, state, after_round, show_hidden)


def _render(title: str, fmt: TableFormat, headers: list[str], rows: list[list[str]]) -> str:
    """The table in `fmt`; `headers` are English (message ids), shown translated."""
    right = [h not in LEFT_COLUMNS for h in headers]
    return render_table(title, [_(h) for h in headers], right, rows, fmt)


def _title(table: Standings, teams: bool = False) -> str:
    if teams:
        if table.round:
            return _("Team standings after round {round}").format(round=table.round)
        return _("Team standings (no round played)")
    if table.round:
        return _("Standings after round {round}").format(round=table.round)
    return _("Standings (no round played)")


def render(table: Standings, fmt: TableFormat) -> str:
    """The player standings (ranked rows, then the players listed apart) in `fmt`.

    In a later stage of a multi-stage event a Bracket column says where each player plays
    ("final A", "final B", or "cut").
    """
    everyone = (*table.rows, *table.apart)
    columns = standing_columns(table.seats)
    if fmt is not TableFormat.CSV and not any(r.team for r in everyone):
        # An event without teams has no Team column to read, as on the console; CSV keeps it,
        # so a spreadsheet reading columns by position reads every event the same way.
        columns = tuple(c for c in columns if c.header != "Team")
    headers = [c.header for c in columns]
    rows = cells(columns, everyone)
    if any(r.bracket for r in everyone):
        headers.insert(2, N_("Bracket"))
        for line, r in zip(rows, everyone, strict=True):
            line.insert(2, r.bracket)
    return _render(_title(table), fmt, headers, rows)


def render_teams(table: Standings) -> tuple[list[str], list[list[str]]]:
    """The team standings as (headers, rows) of text cells; the headers English (message
    ids), translated when rendered."""
    columns = team_columns()
    return [c.header for c in columns], cells(columns, table.teams)


@print_app.command(
    "standings",
    help=N_("Print the standings: places (shared where tied), totals, place counts, movement."),
)
def standings(
    file: EventFile,
    after_round: Annotated[
        int | None,
        typer.Option(
            "--after-round", min=0, help=N_("The standings as they stood after round N.")
        ),
    ] = None,
    teams: Annotated[
        bool, typer.Option("--teams", help=N_("Print the team standings instead of the players."))
    ] = False,
    fmt: Annotated[
        PrintFormat, typer.Option("--format", help=N_("text (aligned), md, csv or html."))
    ] = "text",
    show_hidden: Annotated[
        bool,
        typer.Option(
            "--show-hidden",
            help=N_(
                "The director's view: include a round still hidden until all its tables finish."
            ),
        ),
    ] = False,
) -> None:
    table = load_standings(file, after_round, show_hidden)
    shape = TableFormat(fmt)
    if teams:
        if not table.teams:
            typer.echo(file_error_text(file, _("no player has a team; nothing to rank")), err=True)
            raise typer.Exit(1)
        headers, rows = render_teams(table)
        typer.echo(_render(_title(table, teams=True), shape, headers, rows), nl=False)
    else:
        typer.echo(render(table, shape), nl=False)
    if shape in (TableFormat.TEXT, TableFormat.MD):
        chain = listed(criterion_name(c) for c in table.config.tiebreaks)
        typer.echo("\n" + _("Tiebreaks: {chain}").format(chain=chain))
        shown = markdown_text if shape is TableFormat.MD else safe_text
        if not teams:
            for line in tie_lines(table):
                typer.echo(shown(line))
        for note in table.notes:
            typer.echo(shown(_("Note: {note}").format(note=note)))


@print_app.command(
    "penalties",
    help=N_(
        "List every penalty (cancelled ones too, with "
        "why) and every chombo: the audit list."
    ),
)
def penalties(
    file: EventFile,
    fmt: Annotated[
        PrintFormat, typer.Option("--format", help=N_("text (aligned), md, csv or html."))
    ] = "text",
) -> None:
    table = load_standings(file)
    headers, rows = penalty_rows(table)
    typer.echo(_render(_("Penalties and chombo"), TableFormat(fmt), headers, rows), nl=False)


def _find_player(table: Standings, wanted: str) -> str:
    """The id of the player `wanted` names: an id, or a name (any case); else the closest."""
    ids = {e.id for e in table.entrants}
    if wanted in ids:
        return wanted
    by_name = [e.id for e in table.entrants if e.name.casefold() == wanted.casefold()]
    if len(by_name) == 1:
        return by_name[0]
    known = sorted(ids | {e.name for e in table.entrants})
    close = difflib.get_close_matches(wanted, known, n=1, cutoff=0.5)
    if close:
        raise KeyError(
            _("no player {wanted!r} in the event; did you mean {close!r}?").format(
                wanted=wanted, close=close[0]
            )
        )
    raise KeyError(_("no player {wanted!r} in the event").format(wanted=wanted))


@print_app.command(
    "player",
    help=N_("Explain one player's total: every game, bye and penalty behind it."),
)
def player(
    file: EventFile,
    who: Annotated[str, typer.Argument(help=N_("The player's id or name."))],
    after_round: Annotated[
        int | None,
        typer.Option("--after-round", min=0, help=N_("As it stood after round N.")),
    ] = None,
    fmt: Annotated[
        PrintFormat, typer.Option("--format", help=N_("text (aligned), md, csv or html."))
    ] = "text",
) -> None:
    table = load_standings(file, after_round)
    try:
        player_id = _find_player(table, who)
    except KeyError as error:
        typer.echo(file_error_text(file, error.args[0]), err=True)
        raise typer.Exit(1) from None
    title, headers, rows = breakdown_rows(table, player_id)
    typer.echo(_render(title, TableFormat(fmt), headers, rows), nl=False)

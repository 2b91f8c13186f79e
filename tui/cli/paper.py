"""`mjevent print round|sheets|cards|schedule`: paper for the wall, the tables and the binder.

    mjevent print round N FILE [--by table|player] [--format text|md|csv|tsv|html|pdf]
    mjevent print sheets round N FILE [--hands 16]
    mjevent print cards FILE [--report | --schedule]
    mjevent print schedule FILE [--catalogue]

Every command takes `--format`, `--output PATH` (PDF needs one; the others print on stdout
without it) and `--paper a4|letter` (the HTML's page size).
The shaping is `mjevent.tui.views.paper`,
shared with the console; PDF is the HTML printed by headless Chromium (`mjevent.tui.views.pdf`).

Exit status: 0 printed, 1 nothing to print (a round not seated) or the PDF failed, 2 the event
file cannot be opened.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from mjevent.core.i18n import N_, _
from mjevent.core.state import EventState
from mjevent.events.errors import EventFileError
from mjevent.tui.cli.errors import error_text
from mjevent.tui.cli.options import BaseUrl, EventFile
from mjevent.tui.cli.print_standings import load_event, print_app, standings_of
from mjevent.tui.views.paper import (
    Paper,
    catalogue_tsv,
    event_over,
    player_cards,
    round_by_player,
    round_by_table,
    schedule,
    score_sheets,
)
from mjevent.tui.views.paper_render import PaperSize, render_paper
from mjevent.tui.views.pdf import PdfError, html_to_pdf
from mjevent.tui.views.table import TableFormat

__all__ = ["print_app"]

sheets_app = typer.Typer(
    name="sheets",
    help=N_("Score sheets for the tables: mjevent print sheets round N FILE."),
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
)
print_app.add_typer(sheets_app)

FormatOpt = Annotated[
    TableFormat, typer.Option("--format", "-f", help=N_("text, md, csv, tsv, html or pdf."))
]
OutputOpt = Annotated[
    Path | None,
    typer.Option("--output", "-o", help=N_("Write here instead of stdout (needed for pdf)."),
                 dir_okay=False),
]
PaperOpt = Annotated[PaperSize, typer.Option("--paper", help=N_("Page size: a4 or letter."))]


def emit(text: str, fmt: TableFormat, output: Path | None) -> None:
    """Print `text` (HTML for a PDF) to `output` or stdout; a PDF goes through Chromium."""
    if fmt is TableFormat.PDF:
        if output is None:
            need = _("a PDF needs a file to go to: add --output FILE.pdf")
            typer.echo(error_text(need), err=True)
            raise typer.Exit(2)
        try:
            html_to_pdf(text, output)
        except PdfError as error:
            typer.echo(error_text(str(error)), err=True)
            raise typer.Exit(1) from None
        typer.echo(_("wrote {path}").format(path=output), err=True)
        return
    if output is None:
        typer.echo(text, nl=False)
        return
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as error:
        typer.echo(
            error_text(
                _("cannot write {path}: {reason}").format(path=output, reason=error.strerror)
            ),
            err=True,
        )
        raise typer.Exit(1) from None
    typer.echo(_("wrote {path}").format(path=output), err=True)


def _shape(file: Path, make: object, *args: object) -> Paper:
    """`make(*args)`; a round that is not seated exits 1 naming the file and the fix."""
    try:
        paper = make(*args)  # type: ignore[operator]
    except KeyError as error:
        typer.echo(
            error_text(
                _("{file}: {problem}; seat it first (mjevent seating), or pick another").format(
                    file=file, problem=error.args[0]
                )
            ),
            err=True,
        )
        raise typer.Exit(1) from None
    assert isinstance(paper, Paper)
    return paper



def _state(file: Path) -> EventState:
    return load_event(file)[1]


@print_app.command(
    "round",
    help=N_("A round's seating: by table (seat winds and names) or by player (alphabetical)."),
)
def print_round(
    number: Annotated[int, typer.Argument(help=N_("The round."), min=1)],
    file: EventFile,
    by: Annotated[str, typer.Option("--by", help=N_("table or player."))] = "table",
    fmt: FormatOpt = TableFormat.TEXT,
    output: OutputOpt = None,
    paper: PaperOpt = PaperSize.A4,
) -> None:
    if by not in ("table", "player"):
        typer.echo(error_text(_("--by {by!r}: give table or player").format(by=by)), err=True)
        raise typer.Exit(2)
    state = _state(file)
    make = round_by_table if by == "table" else round_by_player
    emit(render_paper(_shape(file, make, state, number), fmt, paper), fmt, output)


@sheets_app.command(
    "round",
    help=N_(
        "One score sheet per table: names by seat wind, "
        "blank hand rows, final scores, sum check."
    ),
)
def print_sheets(
    number: Annotated[int, typer.Argument(help=N_("The round."), min=1)],
    file: EventFile,
    hands: Annotated[int, typer.Option("--hands", help=N_("Blank hand rows."), min=1)] = 16,
    fmt: FormatOpt = TableFormat.TEXT,
    output: OutputOpt = None,
    paper: PaperOpt = PaperSize.A4,
    urls: Annotated[
        bool | None,
        typer.Option(
            "--urls/--no-urls",
            help=N_(
                "Put each table's URL and QR code on its sheet (default: once the event has "
                "table keys, from mjevent tables or serve)."
            ),
        ),
    ] = None,
    base: BaseUrl = None,
) -> None:
    state = _state(file)
    links = _table_urls(file, state, number, urls, base)
    emit(
        render_paper(_shape(file, score_sheets, state, number, hands, links), fmt, paper),
        fmt,
        output,
    )


def _table_urls(
    file: Path, state: EventState, number: int, wanted: bool | None, base: str | None
) -> dict[int, str] | None:
    """Each table's URL for the sheets of round `number`, or None when they go without."""
    from mjevent.events.table_keys import keys_path, table_token
    from mjevent.tui.cli.tables import check_base, table_url
    from mjevent.tui.web.lan import base_url

    if wanted is None:
        wanted = base is not None or keys_path(file).exists()
    tables = state.seating.get(number)
    if not wanted or tables is None:
        return None
    start = check_base(base) if base is not None else base_url()
    try:
        return {
            t: table_url(start, table_token(file, number, t)) for t in range(1, len(tables) + 1)
        }
    except EventFileError as error:
        typer.echo(error_text(str(error)), err=True)
        raise typer.Exit(1) from None


@print_app.command(
    "cards",
    help=N_("One card per player: table and seat every round; after the event, a report card."),
)
def print_cards(
    file: EventFile,
    report: Annotated[
        bool | None,
        typer.Option(
            "--report/--schedule",
            help=N_(
                "Report cards (games and running total) or schedules; by default report "
                "cards once every round is finished."
            ),
        ),
    ] = None,
    fmt: FormatOpt = TableFormat.TEXT,
    output: OutputOpt = None,
    paper: PaperOpt = PaperSize.A4,
) -> None:
    session, state = load_event(file)
    wants_report = event_over(state) if report is None else report
    table = standings_of(file, session, state, show_hidden=True) if wants_report else None
    emit(render_paper(player_cards(state, session.stats(), table), fmt, paper), fmt, output)


@print_app.command(
    "schedule",
    help=N_("Every round, table by table, for the organiser's binder."),
)
def print_schedule(
    file: EventFile,
    catalogue: Annotated[
        bool,
        typer.Option(
            "--catalogue",
            help=N_(
                "The seating catalogue's tab-separated form: a line per player, a table number "
                "per round, -- for a bye."
            ),
        ),
    ] = False,
    fmt: FormatOpt = TableFormat.TEXT,
    output: OutputOpt = None,
    paper: PaperOpt = PaperSize.A4,
) -> None:
    state = _state(file)
    if catalogue:
        emit(catalogue_tsv(state), TableFormat.TSV, output)
        return
    emit(render_paper(schedule(state), fmt, paper), fmt, output)


# `mjevent print report` (the EMA observer report) lives with the EMA pack; importing it adds it
# to `print_app`.
import mjevent.tui.cli.ema  # noqa: E402

# `print stats` and `print awards` register themselves on print_app (tui/cli/stats.py).
import mjevent.tui.cli.stats  # noqa: E402, F401

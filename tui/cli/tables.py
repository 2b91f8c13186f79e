"""`mjevent tables FILE --round N [--format text|csv] [--base-url URL] [--revoke T]`: each
table's URL for its phone.

A table's URL is `<base>/t/<token>`: the token (`events.table_keys`) opens that table of that
round only, and is made from the event's secret in `FILE.keys` beside the event file (made on
first use, mode 0600), never from the event file itself. `--revoke T` gives table T a new token
(a lost or shared phone); the old URL stops working. The base defaults to this machine's address
on the local network, port 8000 (`mjevent serve --host 0.0.0.0`).
"""

from __future__ import annotations

from typing import Annotated, NoReturn

import typer

from mjevent.core.i18n import N_, _, ngettext
from mjevent.core.preview import unseated_round
from mjevent.events.commands import current_state
from mjevent.events.errors import EventFileError
from mjevent.events.table_keys import revoke, table_token
from mjevent.tui.cli.errors import error_text
from mjevent.tui.cli.event_file import echo, open_or_exit
from mjevent.tui.cli.localize import command_help
from mjevent.tui.cli.options import BaseUrl, EventFile
from mjevent.tui.views.spreadsheet import delimited
from mjevent.tui.web.lan import base_url

__all__ = ["table_url", "tables"]


def _fail(message: str, code: int = 1) -> NoReturn:
    echo(error_text(message), err=True)
    raise typer.Exit(code)


def table_url(base: str, token: str) -> str:
    """The URL of a table's page: `<base>/t/<token>`."""
    return f"{base.rstrip('/')}/t/{token}"


def check_base(base: str) -> str:
    """`base` without its trailing slash; anything but an http(s) address is refused."""
    if not base.startswith(("http://", "https://")) or any(c.isspace() for c in base):
        _fail(
            _(
                "--base-url {url!r}: give the address phones open, such as "
                "http://192.168.1.20:8000"
            ).format(url=base)
        )
    return base.rstrip("/")


@command_help(N_("Print each table's URL for its phone (to enter and confirm its hands)."))
def tables(
    file: EventFile,
    round_: Annotated[
        int, typer.Option("--round", "-r", min=1, max=999, help=N_("The round."))
    ],
    format_: Annotated[
        str, typer.Option("--format", "-f", help=N_("text or csv (columns table,url)."))
    ] = "text",
    base: BaseUrl = None,
    revoke_table: Annotated[
        int | None,
        typer.Option(
            "--revoke",
            min=1,
            max=999,
            help=N_("Give this table a new URL; its old one stops working."),
        ),
    ] = None,
) -> None:
    if format_ not in ("text", "csv"):
        _fail(_("--format {format!r}: use text or csv").format(format=format_), code=2)
    start = check_base(base) if base is not None else base_url()
    session = open_or_exit(file, read_only=True)
    state = current_state(session)
    seated = state.seating.get(round_)
    if seated is None:
        _fail(unseated_round(state, round_, named=True))
    count = len(seated)
    if revoke_table is not None and revoke_table > count:
        _fail(
            ngettext(
                "--revoke {table}: round {round} has {count} table",
                "--revoke {table}: round {round} has {count} tables",
                count,
            ).format(table=revoke_table, round=round_, count=count)
        )
    try:
        if revoke_table is not None:
            revoke(file, round_, revoke_table)
            echo(
                _(
                    "round {round} table {table}: new URL; the old one no longer opens the table"
                ).format(round=round_, table=revoke_table),
                err=True,
            )
            numbers = [revoke_table]
        else:
            numbers = list(range(1, count + 1))
        urls = [(t, table_url(start, table_token(file, round_, t))) for t in numbers]
    except EventFileError as error:
        _fail(str(error))
    if format_ == "csv":
        typer.echo(delimited([("table", "url"), *((str(t), u) for t, u in urls)]), nl=False)
        return
    names = state.name
    for t, url in urls:
        players = ", ".join(names(p) for p in seated[t - 1])
        echo(_("table {table} ({players})").format(table=t, players=players))
        echo(f"  {url}")

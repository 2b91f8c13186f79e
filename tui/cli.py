"""The `mjevent` command line.

Each command lives in its own `cli_<name>.py` module and is registered here. Commands that do not
open the console never import Textual, so `calc`, `check` or `seat` start fast on a venue laptop.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

import typer

from mjevent.tui.cli_calc import calc
from mjevent.tui.cli_check import check
from mjevent.tui.cli_export import export
from mjevent.tui.cli_new import new
from mjevent.tui.cli_print import print_app
from mjevent.tui.cli_record import CONTEXT_SETTINGS as RECORD_CONTEXT
from mjevent.tui.cli_record import record
from mjevent.tui.cli_replay import replay
from mjevent.tui.cli_seat import seat, seating_app

app = typer.Typer(
    name="mjevent",
    help=(
        "Run a live riichi or sanma mahjong event from the terminal: seating, round clock, "
        "hand calculator and standings, all kept in one TOML event file."
    ),
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
)


def distribution_version() -> str:
    """The installed version of mjevent, or a marker when running from an uninstalled tree."""
    try:
        return version("mjevent")
    except PackageNotFoundError:
        return "0+unknown"


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"mjevent {distribution_version()}")
        raise typer.Exit()


@app.callback()
def main(
    show_version: bool = typer.Option(
        False,
        "--version",
        help="Print the installed version and exit.",
        callback=_print_version,
        is_eager=True,
    ),
) -> None:
    """Run a live mahjong event from the terminal."""


app.command("calc")(calc)
app.command("new")(new)
app.command("record", context_settings=RECORD_CONTEXT)(record)
app.command("replay")(replay)
app.command("check")(check)
app.command("seat")(seat)
app.add_typer(seating_app, name="seating")
app.add_typer(print_app, name="print")
app.command("export")(export)

"""`mjevent display FILE` (the projector) and `mjevent announce FILE TEXT` (its bottom line).

The display rotates the clock, the next round's seating and the live standings; it writes
nothing. `announce` appends a note for no particular table, which the display shows at once.
"""

from __future__ import annotations

from typing import Annotated

import typer

from mjevent.core.i18n import N_, _
from mjevent.events.errors import EventFileError
from mjevent.tui.cli.errors import error_text
from mjevent.tui.cli.options import EventFile

__all__ = ["announce", "display"]



def display(
    file: EventFile,
    hide_standings: Annotated[
        bool,
        typer.Option("--hide-standings",
                     help=N_("Keep the standings off the screen while a round is being played.")),
    ] = False,
    seconds: Annotated[
        float, typer.Option("--seconds", min=2.0, help=N_("How long each page stays up."))
    ] = 10.0,
) -> None:
    try:
        # Textual is imported only here: `mjevent calc` and `check` never load it.
        from mjevent.tui.console.display_app import DisplayApp

        app = DisplayApp(file, hide_standings=hide_standings, seconds=seconds)
    except EventFileError as error:
        typer.echo(error_text(str(error)), err=True)
        raise typer.Exit(1) from None
    app.run()
    if app.return_code:  # it crashed (Textual printed the traceback): say so to the shell
        raise typer.Exit(app.return_code)


def announce(
    file: EventFile,
    text: Annotated[str, typer.Argument(help=N_("What the room should read."))],
) -> None:
    from mjevent.events.commands import CommandError, add_note
    from mjevent.events.session import EventSession

    if not text.strip():
        typer.echo(error_text(_("the announcement is empty: give the text to show")), err=True)
        raise typer.Exit(2)
    try:
        # Opened for writing the way the console opens it (lock, checks, durable append).
        EventSession.open(file).run(add_note, text.strip())
    except EventFileError as error:
        typer.echo(error_text(str(error)), err=True)
        raise typer.Exit(1) from None
    except CommandError as error:
        typer.echo(error_text(_("{file}: {problem}").format(file=file, problem=error)), err=True)
        raise typer.Exit(1) from None
    typer.echo(_("announced: {text}").format(text=text.strip()))



# The commands' help, which Typer reads from their docstrings: marked for the catalogue here.
display.__doc__ = N_(
    "Full-screen rotation for a projector: clock, next round's seating, standings."
)
announce.__doc__ = N_(
    "Put an announcement on the display (a note in the log for no particular table)."
)

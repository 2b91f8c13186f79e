"""`mjevent timer FILE`: the round clock on its own, for a second terminal or a projector.

Every key writes one entry to the event file, like the console's timer (F7); the clock is
computed from the log, so this and the console show the same time to the second.
"""

from __future__ import annotations

import typer

from mjevent.core.i18n import N_
from mjevent.events.errors import EventFileError
from mjevent.tui.cli.errors import error_text
from mjevent.tui.cli.options import EventFile

__all__ = ["timer"]


def timer(
    file: EventFile,
) -> None:
    try:
        # Textual is imported only here: `mjevent calc` and `check` never load it.
        from mjevent.tui.console.timer_app import TimerApp

        app = TimerApp(file)
    except EventFileError as error:
        typer.echo(error_text(error), err=True)
        raise typer.Exit(1) from None
    app.run()
    if app.return_code:  # it crashed (Textual printed the traceback): say so to the shell
        raise typer.Exit(app.return_code)


# The command's help, which Typer reads from the docstring: marked for the catalogue here.
timer.__doc__ = N_(
    "Show the round clock full screen (s start, p pause, r resume, e/x extend, c/k call time)."
)

"""`mjevent display FILE` (the projector) and `mjevent announce FILE TEXT` (its bottom line).

The display rotates the clock, the next round's seating and the live standings; it writes
nothing. `announce` appends a note for no particular table, which the display shows at once.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from mjevent.events.errors import EventFileError

__all__ = ["announce", "display"]

FileArg = Annotated[Path, typer.Argument(help="The event file (TOML).", dir_okay=False)]


def display(
    file: FileArg,
    hide_standings: Annotated[
        bool,
        typer.Option("--hide-standings",
                     help="Keep the standings off the screen while a round is being played."),
    ] = False,
    seconds: Annotated[
        float, typer.Option("--seconds", min=2.0, help="How long each page stays up.")
    ] = 10.0,
) -> None:
    """Full-screen rotation for a projector: clock, next round's seating, standings."""
    try:
        # Textual is imported only here: `mjevent calc` and `check` never load it.
        from mjevent.tui.display_app import DisplayApp

        app = DisplayApp(file, hide_standings=hide_standings, seconds=seconds)
    except EventFileError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(1) from None
    app.run()


def announce(
    file: FileArg,
    text: Annotated[str, typer.Argument(help="What the room should read.")],
) -> None:
    """Put an announcement on the display (a note in the log for no particular table)."""
    from mjevent.events.commands import CommandError, add_note
    from mjevent.tui.session import EventSession

    if not text.strip():
        typer.echo("error: the announcement is empty: give the text to show", err=True)
        raise typer.Exit(2)
    try:
        # Opened for writing the way the console opens it (lock, checks, durable append).
        EventSession(file).run(add_note, text.strip())
    except EventFileError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(1) from None
    except CommandError as error:
        typer.echo(f"error: {file}: {error}", err=True)
        raise typer.Exit(1) from None
    typer.echo(f"announced: {text.strip()}")

"""`mjevent open [FILE]`: the director's console.

With a file, the console opens on it. The file is read (and checked) before Textual starts, so an
error in it is printed with the file, the line and the fix, the command exits 1, and nothing is
written. Without a file, the console lists the recently opened events and offers to create a new
one (the fields of `mjevent new`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from mjevent.core.i18n import N_, _
from mjevent.events.errors import EventFileError
from mjevent.tui.cli.errors import error_text
from mjevent.tui.cli.localize import command_help

__all__ = ["open_console"]


@command_help(N_("Open the console on an event file (F1 in the console lists every key)."))
def open_console(
    file: Annotated[
        Path | None,
        typer.Argument(
            help=N_("The event file (TOML); leave out to pick a recent one or start one."),
            dir_okay=False,
        ),
    ] = None,
) -> None:
    from mjevent.tui.console.config import KeymapError, read_keymap, remember_recent
    from mjevent.tui.console.keys import binding_ids

    try:
        read_keymap(known=binding_ids())
    except KeymapError as error:
        typer.echo(error_text(error), err=True)
        raise typer.Exit(1) from None
    if file is None:
        from mjevent.tui.console.launcher import LauncherApp

        launcher = LauncherApp()
        chosen = launcher.run()
        if launcher.return_code:  # it crashed (Textual printed the traceback)
            raise typer.Exit(launcher.return_code)
        if chosen is None:
            return
        file = chosen
    try:
        # Textual is imported only here: `mjevent calc` and `check` never load it.
        from mjevent.tui.console.app import MjeventApp

        app = MjeventApp(file)
    except EventFileError as error:
        typer.echo(error_text(error), err=True)
        raise typer.Exit(1) from None
    for warning in app.session.store.warnings:
        typer.echo(_("warning: {message}").format(message=warning), err=True)
    remember_recent(file, app.session.state.settings.event.name)
    app.run()
    if app.return_code:  # it crashed (Textual printed the traceback): say so to the shell
        raise typer.Exit(app.return_code)

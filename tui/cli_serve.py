"""`mjevent serve FILE [--host ADDR] [--port N] [--display]`: the console (or the projector
display) in browsers on the venue's network, through textual-serve.

Each browser that opens the page gets its own console process on the one event file; they
append through the file's lock like consoles in several terminals, so no entry is lost. Bound
to localhost unless `--host` says otherwise; another address gets a warning, since anyone who
can reach it can change the event (there is no password).
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import Annotated

import typer

from mjevent.core import i18n
from mjevent.core.i18n import N_, _
from mjevent.tui.cli_localize import command_help

__all__ = ["LOCAL_HOSTS", "serve", "served_command"]

LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1"})
"""Addresses only this machine can reach."""


def served_command(file: Path, *, display: bool = False) -> str:
    """The shell command each browser session runs: this Python, this mjevent, this file, and
    the language `mjevent --lang` named (else each session chooses as `mjevent open` does)."""
    program = "from mjevent.tui.cli import app; app()"
    what = "display" if display else "open"
    name, _translations, named = i18n.saved()
    lang = ["--lang", name] if named else []
    return shlex.join([sys.executable, "-c", program, *lang, what, str(file.resolve())])


@command_help(
    N_("Serve the console (or, with --display, the projector display) to web browsers.")
)
def serve(
    file: Annotated[Path, typer.Argument(help=N_("The event file (TOML)."), dir_okay=False)],
    host: Annotated[
        str,
        typer.Option("--host", help=N_("Address to listen on (default: this machine only).")),
    ] = "localhost",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help=N_("Port."))] = 8000,
    display: Annotated[
        bool,
        typer.Option("--display", help=N_("Serve the projector display, not the console.")),
    ] = False,
) -> None:
    from mjevent.tui.cli_print import load_event

    load_event(file)  # a file that cannot be opened exits 2 here, with the reason
    from textual_serve.server import Server

    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{port}"
    if host not in LOCAL_HOSTS:
        message = (
            _(
                "listening on {host}: anyone who can reach {url} can see this event (there is "
                "no password); use --host localhost to keep it to this machine"
            )
            if display
            else _(
                "listening on {host}: anyone who can reach {url} can change this event (there "
                "is no password); use --host localhost to keep it to this machine"
            )
        ).format(host=host, url=url)
        typer.echo(_("warning: {message}").format(message=message), err=True)
    serving = (
        _("serving the display of {file} at {url} (Ctrl+C stops)")
        if display
        else _("serving the console of {file} at {url} (Ctrl+C stops)")
    )
    typer.echo(serving.format(file=file, url=url), err=True)
    title = _("mjevent display: {name}") if display else _("mjevent console: {name}")
    server = Server(served_command(file, display=display), host=host, port=port,
                    title=title.format(name=file.name), public_url=url)
    server.serve()

"""`mjevent serve FILE [--host ADDR] [--port N] [--password P] [--display]`: the venue's server.

Public pages (standings, rounds, players, the projector), each table's page by the key in its
URL (`mjevent tables`), and the director's pages (approvals, the console in the browser through
textual-serve) behind a password; docs/serve.md has every route and check. Bound to localhost
unless `--host` says otherwise; with `--host 0.0.0.0` the URLs printed use this machine's LAN
address, the one phones reach.
"""

from __future__ import annotations

import os
import secrets
import shlex
import socket
import sys
from pathlib import Path
from typing import Annotated

import typer

from mjevent.core import i18n
from mjevent.core.i18n import N_, _
from mjevent.tui.cli.localize import command_help
from mjevent.tui.cli.options import EventFile

__all__ = ["LOCAL_HOSTS", "PASSWORD_VARIABLE", "public_host", "serve", "served_command"]

LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1"})
"""Addresses only this machine can reach."""

WILDCARDS = frozenset({"0.0.0.0", "::", ""})
"""Addresses that listen on every interface."""

PASSWORD_VARIABLE = "MJEVENT_SERVE_PASSWORD"
"""The environment variable `serve` takes the director's password from (before making one)."""


def served_command(file: Path, *, display: bool = False) -> str:
    """The shell command each browser's console session runs: this Python, this mjevent, this
    file, and the language `mjevent --lang` named (else each session chooses as `mjevent open`
    does)."""
    program = "from mjevent.tui.cli.main import app; app()"
    what = "display" if display else "open"
    name, _translations, named = i18n.saved()
    lang = ["--lang", name] if named else []
    return shlex.join([sys.executable, "-c", program, *lang, what, str(file.resolve())])


def public_host(host: str) -> str:
    """The host name printed URLs use: the LAN address for a wildcard (`0.0.0.0` is no address
    a browser can reach), the address itself otherwise (IPv6 in brackets)."""
    if host in WILDCARDS:
        from mjevent.tui.web.lan import lan_address

        return lan_address()
    return f"[{host}]" if ":" in host else host


def _hosts(host: str, shown: str) -> frozenset[str]:
    names = set(LOCAL_HOSTS) | {host, shown.strip("[]")}
    if host in WILDCARDS:
        names.add(socket.gethostname())
    return frozenset(n for n in names if n)


@command_help(N_("Serve the venue: public pages, the tables' pages and the director's pages."))
def serve(
    file: EventFile,
    host: Annotated[
        str,
        typer.Option("--host", help=N_("Address to listen on (default: this machine only).")),
    ] = "localhost",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help=N_("Port."))] = 8000,
    password: Annotated[
        str | None,
        typer.Option(
            "--password",
            help=N_(
                "The director's password (default: $MJEVENT_SERVE_PASSWORD, else a new one, "
                "printed)."
            ),
        ),
    ] = None,
    display: Annotated[
        bool,
        typer.Option(
            "--display",
            help=N_(
                "Open the projector page at / (the home page moves "
                "nowhere: /display is always there)."
            ),
        ),
    ] = False,
) -> None:
    from mjevent.tui.cli.print_standings import load_event

    load_event(file)  # a file that cannot be opened exits 2 here, with the reason
    from aiohttp import web

    from mjevent.tui.web.server import ServeConfig, make_app

    # 12 URL-safe characters (72 bits): typed once on the director's phone, never guessed at
    # the rate limit's pace.
    secret = password or os.environ.get(PASSWORD_VARIABLE) or secrets.token_urlsafe(9)
    shown = public_host(host)
    url = f"http://{shown}:{port}"
    if host not in LOCAL_HOSTS:
        message = _(
            "listening on {host}: anyone who can reach {url} can see the public pages; the "
            "tables need their keys and the director the password"
        ).format(host=host, url=url)
        typer.echo(_("warning: {message}").format(message=message), err=True)
    typer.echo(_("serving {file} at {url} (Ctrl+C stops)").format(file=file, url=url), err=True)
    given = password or os.environ.get(PASSWORD_VARIABLE)
    typer.echo(
        (
            _("director: {url}/director (the password you gave)")
            if given
            else _("director: {url}/director  password: {password}")
        ).format(url=url, password=secret),
        err=True,
    )
    typer.echo(
        _("tables: mjevent tables {file} --round N --base-url {url}").format(
            file=shlex.quote(str(file)), url=url
        ),
        err=True,
    )
    config = ServeConfig(
        path=file,
        password=secret,
        hosts=_hosts(host, shown),
        console=served_command(file),
        title=_("mjevent console: {name}").format(name=file.name),
        home_display=display,
    )
    web.run_app(make_app(config), host=host or None, port=port, print=None)

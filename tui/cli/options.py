"""The arguments and options several commands share, declared once so that their help reads
the same in every command (and in its Japanese catalogue entry)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from mjevent.core.i18n import N_

__all__ = ["BaseUrl", "EventFile", "PlannedRounds"]

EventFile = Annotated[Path, typer.Argument(help=N_("The event file (TOML)."), dir_okay=False)]

PlannedRounds = Annotated[
    int | None,
    typer.Option(
        "--rounds",
        help=N_("How many rounds the event plans (1-999): after the last one it is finished."),
    ),
]

BaseUrl = Annotated[
    str | None,
    typer.Option(
        "--base-url",
        help=N_("The start of each URL (default: http://<this machine's address>:8000)."),
    ),
]

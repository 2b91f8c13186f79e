"""`mjevent check FILE`: validate the file, fold the whole log and report every problem.

Exit status 0 only when the file is clean: it opens (TOML, settings), nothing had to be
repaired (a torn tail moved aside is reported), every log record reads as an entry, and the
fold finds no problem (scores that do not add up, a hand at a table that does not exist,
a player seated twice in a round ...).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from mjevent.core.state import fold
from mjevent.events.commands import read_log
from mjevent.events.errors import EventFileError
from mjevent.events.store import EventStore

__all__ = ["check"]


def check(
    file: Annotated[Path, typer.Argument(help="The event file (TOML).", dir_okay=False)],
) -> None:
    """Validate and fold the whole event file; report problems; exit 0 only when clean."""
    try:
        store = EventStore.open(file)
    except EventFileError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(1) from None
    # The store's warnings already start with the file's name.
    problems = [w if w.startswith(str(file)) else f"{file}: {w}" for w in store.warnings]
    entries, read_problems = read_log(store.log)
    state = fold(store.event, entries, problems=read_problems)
    problems += [f"{file}: {p}" for p in state.problems]
    finished = sum(1 for g in state.games.values() if g.result is not None)
    hands = sum(len(g.hands) for g in state.games.values())
    summary = (
        f"{len(store.log)} log entries, {len(state.players)} players, "
        f"{len(state.seating)} rounds seated, {finished} games finished, {hands} hands"
    )
    if problems:
        for line in problems:
            typer.echo(line)
        typer.echo(f"{file}: {len(problems)} problem{'s' if len(problems) != 1 else ''} "
                   f"({summary})")
        raise typer.Exit(1)
    typer.echo(f"{file}: clean ({summary})")

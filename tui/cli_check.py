"""`mjevent check FILE [--repair]`: validate the file, fold the whole log, report every problem.

Exit status 0 only when the file is clean: it opens (TOML, settings), its end is whole (no torn
tail), every log record reads as an entry, and the fold finds no problem (scores that do not add
up, a hand at a table that does not exist, a player seated twice in a round ...). Each problem
names the file and the line of the entry at fault.

`check` only reads: it takes no lock and changes nothing, so it can run beside a console. A torn
tail (an entry cut off mid-write) is reported and left in place; `--repair` opens the file for
writing, which moves the torn tail to a side file (and reports that).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from mjevent.events.commands import current_state
from mjevent.tui.cli_event import echo, open_or_exit, problem_lines

__all__ = ["check"]


def check(
    file: Annotated[Path, typer.Argument(help="The event file (TOML).", dir_okay=False)],
    repair: Annotated[
        bool,
        typer.Option(
            "--repair",
            help="Open the file for writing: a torn tail is moved aside to a side file.",
        ),
    ] = False,
) -> None:
    """Validate and fold the whole event file; report problems; exit 0 only when clean."""
    store = open_or_exit(file, read_only=not repair, warn=False)
    # The store's warnings already start with the file's name.
    problems = [w if w.startswith(str(file)) else f"{file}: {w}" for w in store.warnings]
    state = current_state(store)
    problems += problem_lines(file, store, state)
    finished = sum(1 for g in state.games.values() if g.result is not None)
    hands = sum(len(g.hands) for g in state.games.values())
    summary = (
        f"{len(store.log)} log entries, {len(state.players)} players, "
        f"{len(state.seating)} rounds seated, {finished} games finished, {hands} hands"
    )
    if problems:
        for line in problems:
            echo(line)
        echo(f"{file}: {len(problems)} problem{'s' if len(problems) != 1 else ''} "
                   f"({summary})")
        raise typer.Exit(1)
    echo(f"{file}: clean ({summary})")

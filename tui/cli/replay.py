"""`mjevent replay FILE [--until ROUND] [--json]`: tell the log's story, entry by entry.

Exits 1 when the replayed part of the log does not replay cleanly (a problem is printed where
it happens), 2 when the file cannot be opened.
"""

from __future__ import annotations

import contextlib
import json
from typing import Annotated

import typer

from mjevent.core.i18n import N_, ngettext
from mjevent.core.replay import replay as replay_log
from mjevent.tui.cli.event_file import echo, open_or_exit
from mjevent.tui.cli.localize import command_help
from mjevent.tui.cli.options import EventFile
from mjevent.tui.views import language

__all__ = ["replay"]


@command_help(
    N_("Replay the log entry by entry: each hand with its payments, each game's result.")
)
def replay(
    file: EventFile,
    until: Annotated[
        int | None,
        typer.Option(
            "--until", min=1,
            help=N_("Stop after this round (entries of later rounds are left out)."),
        ),
    ] = None,
    as_json: Annotated[
        bool,
        typer.Option(
            "--json", help=N_("One JSON object per line (hand, game, standings, problem).")
        ),
    ] = False,
) -> None:
    # The story tells the session's warnings (a torn tail, left in place) where they happen, and
    # stderr tells the director.
    session = open_or_exit(file, read_only=True, code=2)
    # JSON lines are for scripts: their texts are English in every language (language.english).
    with language.english() if as_json else contextlib.nullcontext():
        # The fold in the language spoken here (the session folds afresh in another one).
        state = session.folder().state()
        store = session.store
        story = replay_log(
            state,
            store.log,
            session.entries,
            lambda: session.standings(state),
            until=until,
            warnings=store.warnings,
        )
    for event in story.events:
        if as_json:
            # JSON escapes every control character itself.
            typer.echo(json.dumps(event.data, ensure_ascii=False))
        else:
            echo(event.text)
    if not story.clean:
        count = len(story.problems)
        echo(ngettext("{file}: {count} problem in the replay",
                      "{file}: {count} problems in the replay", count).format(
                          file=file, count=count), err=True)
        raise typer.Exit(1)

"""`mjevent record FILE <entry line...>`: append a hand or a game's final scores.

The line is the one the console's entry line takes (docs/entry.md), so a second laptop, a
script or an ssh session can enter results. `--id` makes a retry safe: an entry id that is
already in the log is not recorded again.
"""

from __future__ import annotations

from typing import Annotated

import typer

from mjevent.core.i18n import N_, _
from mjevent.core.notation import AmbiguousEntryError, EntrySyntaxError
from mjevent.core.preview import repeated_hand
from mjevent.core.replay import tell_entry
from mjevent.core.scoring import IllegalHandError
from mjevent.events.commands import CommandError, current_state, record_line
from mjevent.events.entry_ids import entry_id_problem, new_entry_id
from mjevent.events.errors import EventFileError, EventFileWriteError
from mjevent.tui.cli.errors import error_text
from mjevent.tui.cli.event_file import echo, open_or_exit
from mjevent.tui.cli.localize import command_help
from mjevent.tui.cli.options import EventFile

__all__ = ["record"]

CONTEXT_SETTINGS = {"ignore_unknown_options": True}
"""A negative final score (`-3200`) is part of the line, not an option."""


@command_help(N_("Record a hand or a game's final scores (syntax: docs/entry.md)."))
def record(
    file: EventFile,
    line: Annotated[
        list[str],
        typer.Argument(
            help=N_(
                "The entry line, e.g. t3 ron S<-W 3/30 r:E,S  or  t3 final 41200 28800 22100 "
                "27900."
            )
        ),
    ],
    round: Annotated[
        int | None,
        typer.Option(
            "--round", "-r",
            help=N_("Read the line in this round (default: the current round)."),
        ),
    ] = None,
    entry_id: Annotated[
        str | None,
        typer.Option(
            "--id",
            help=N_(
                "The entry's id; give the same id when retrying, so the entry is recorded once."
            ),
        ),
    ] = None,
) -> None:
    text = " ".join(line)
    if entry_id is not None and (problem := entry_id_problem(entry_id)) is not None:
        message = _("--id {id!r}: {problem}").format(id=entry_id, problem=problem)
        echo(error_text(message), err=True)
        raise typer.Exit(1)
    session = open_or_exit(file, read_only=False)
    new_id = entry_id or new_entry_id()
    try:
        known = new_id in current_state(session).log_ids
        state = record_line(session, text, round=round, entry_id=new_id)
    except EventFileWriteError as error:
        message = _("{error} Retry with --id {id} so that it is recorded once.").format(
            error=error, id=new_id)
        echo(error_text(message), err=True)
        raise typer.Exit(1) from None
    except (EventFileError, EntrySyntaxError, AmbiguousEntryError, IllegalHandError,
            CommandError) as error:
        echo(error_text(error), err=True)
        raise typer.Exit(1) from None
    if known:
        echo(_("entry {id} is already in {file}; nothing recorded again").format(
            id=new_id, file=file))
        return
    echo(_("recorded {id}").format(id=new_id))
    for event in tell_entry(state, new_id):
        echo(event.text)
    repeat = repeated_hand(state, new_id)
    if repeat is not None:
        echo(_("warning: {message}").format(message=repeat), err=True)

"""`mjevent event FILE [--rounds N | --no-rounds] [--table-entry MODE]`: show or change the
event's own settings.

Without an option it says what the file plans; `--rounds N` sets `[event] rounds` (the number
of rounds planned; after the last one the event is finished), `--no-rounds` removes it. The
change is `events.commands.set_planned_rounds`, the command the console's `o` key runs: an
atomic rewrite of the settings that keeps every log entry byte for byte. `--table-entry` sets
`[serve] table_entry` (when a table's own entry counts: confirm, director or direct) through
`events.stations.set_table_entry`, the same kind of rewrite.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from mjevent.core.finish import event_finished, planned_rounds
from mjevent.core.i18n import N_, _, ngettext
from mjevent.events.commands import CommandError, current_state, set_planned_rounds
from mjevent.events.errors import EventFileError
from mjevent.events.stations import set_table_entry
from mjevent.tui.cli.errors import error_text
from mjevent.tui.cli.event_file import echo, open_or_exit
from mjevent.tui.cli.localize import command_help
from mjevent.tui.cli.options import EventFile, PlannedRounds

__all__ = ["event_settings", "plan_line", "table_entry_words"]


def table_entry_words(mode: str) -> str:
    """When a table's own entry counts under `[serve] table_entry = mode`, in words."""
    if mode == "direct":
        return _("at once (direct)")
    if mode == "director":
        return _("once the director approves them (director)")
    return _("once a second seat at the table confirms them (confirm)")


def plan_line(file: Path, rounds: int | None, finished: bool) -> str:
    """What the file plans, as `mjevent event` and `mjevent check` say it."""
    if rounds is None:
        return _(
            "{file}: the number of rounds is not set; after the last seated round the event "
            "waits for the next (set it with mjevent event {file} --rounds N)"
        ).format(file=file)
    if finished:
        return ngettext(
            "{file}: the event is finished: its {count} round is played",
            "{file}: the event is finished: all {count} rounds are played",
            rounds,
        ).format(file=file, count=rounds)
    return ngettext(
        "{file}: the event plans {count} round", "{file}: the event plans {count} rounds", rounds
    ).format(file=file, count=rounds)


@command_help(N_("Show or change the event's settings: how many rounds it plans."))
def event_settings(
    file: EventFile,
    rounds: PlannedRounds = None,
    no_rounds: Annotated[
        bool,
        typer.Option("--no-rounds", help=N_("Remove [event] rounds: the event plans no end.")),
    ] = False,
    table_entry: Annotated[
        str | None,
        typer.Option(
            "--table-entry",
            help=N_(
                "When a table's own entry counts: confirm (a second seat confirms), director "
                "(the director approves) or direct (at once)."
            ),
        ),
    ] = None,
) -> None:
    if rounds is not None and no_rounds:
        echo(
            error_text(_("--rounds and --no-rounds both given: use one of them")),
            err=True,
        )
        raise typer.Exit(2)
    changing = rounds is not None or no_rounds or table_entry is not None
    session = open_or_exit(file, read_only=not changing)
    if table_entry is not None:
        try:
            set_table_entry(session, table_entry)
        except (CommandError, EventFileError) as error:
            echo(error_text(error), err=True)
            raise typer.Exit(1) from None
        echo(
            _("{file}: table entries count {how}").format(
                file=file, how=table_entry_words(current_state(session).settings.serve.table_entry)
            )
        )
        if rounds is None and not no_rounds:
            return
    if rounds is not None or no_rounds:
        try:
            set_planned_rounds(session, None if no_rounds else rounds)
        except (CommandError, EventFileError) as error:
            echo(error_text(error), err=True)
            raise typer.Exit(1) from None
    state = current_state(session)
    echo(plan_line(file, planned_rounds(state.settings), event_finished(state)))
    mode = state.settings.serve.table_entry
    if mode != "confirm":
        echo(_("{file}: table entries count {how}").format(file=file, how=table_entry_words(mode)))

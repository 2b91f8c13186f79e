"""`mjevent event FILE [--rounds N | --no-rounds]`: show or change the event's own settings.

Without an option it says what the file plans; `--rounds N` sets `[event] rounds` (the number
of rounds planned; after the last one the event is finished), `--no-rounds` removes it. The
change is `events.commands.set_planned_rounds`, the command the console's `o` key runs: an
atomic rewrite of the settings that keeps every log entry byte for byte.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from mjevent.core.finish import event_finished, planned_rounds
from mjevent.core.i18n import N_, _, ngettext
from mjevent.events.commands import CommandError, current_state, set_planned_rounds
from mjevent.events.errors import EventFileError
from mjevent.tui.cli_event import echo, open_or_exit
from mjevent.tui.cli_localize import command_help

__all__ = ["event_settings", "plan_line"]


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
    file: Annotated[Path, typer.Argument(help=N_("The event file (TOML)."), dir_okay=False)],
    rounds: Annotated[
        int | None,
        typer.Option(
            "--rounds",
            help=N_("How many rounds the event plans (1-999): after the last one it is finished."),
        ),
    ] = None,
    no_rounds: Annotated[
        bool,
        typer.Option("--no-rounds", help=N_("Remove [event] rounds: the event plans no end.")),
    ] = False,
) -> None:
    if rounds is not None and no_rounds:
        echo(
            _("error: {message}").format(
                message=_("--rounds and --no-rounds both given: use one of them")
            ),
            err=True,
        )
        raise typer.Exit(2)
    changing = rounds is not None or no_rounds
    store = open_or_exit(file, read_only=not changing)
    if changing:
        try:
            set_planned_rounds(store, None if no_rounds else rounds)
        except (CommandError, EventFileError) as error:
            echo(_("error: {message}").format(message=error), err=True)
            raise typer.Exit(1) from None
    state = current_state(store)
    echo(plan_line(file, planned_rounds(state.settings), event_finished(state)))

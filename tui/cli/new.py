"""`mjevent new FILE --name ... --rules PRESET`: create an event file; never replace one.

`mjevent.events.new_event.create_event` does the work (the console's "new event" form calls it
too), including reading a players file; this module reads the options and reports.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, NoReturn

import typer

from mjevent.core.i18n import N_, _, ngettext
from mjevent.core.presets import PRESET_NAMES
from mjevent.core.settings import EventFormat
from mjevent.events.new_event import NewEventError, create_event
from mjevent.tui.cli.errors import error_text
from mjevent.tui.cli.localize import command_help, filled_help
from mjevent.tui.cli.options import PlannedRounds

__all__ = ["new"]


@command_help(
    N_("Create a new event file with its settings and an empty log; refuse to overwrite.")
)
def new(
    file: Annotated[
        Path, typer.Argument(help=N_("The event file to create (TOML)."), dir_okay=False)
    ],
    name: Annotated[str, typer.Option("--name", help=N_("The event's name."))],
    rules: Annotated[
        str,
        typer.Option(
            "--rules",
            help=filled_help(N_("A rules preset: {presets}."), presets=", ".join(PRESET_NAMES)),
        ),
    ],
    players_from: Annotated[
        Path | None,
        typer.Option(
            "--players-from",
            help=N_("A .txt file (one name a line) or a .csv file (name,team,rating,...)."),
            dir_okay=False,
        ),
    ] = None,
    date: Annotated[
        str | None, typer.Option("--date", help=N_("The event's date, YYYY-MM-DD."))
    ] = None,
    venue: Annotated[str | None, typer.Option("--venue", help=N_("Where it is played."))] = None,
    game_format: Annotated[
        EventFormat | None,
        typer.Option(
            "--format", help=N_("riichi or sanma (default: as the rules preset plays).")
        ),
    ] = None,
    overrides: Annotated[
        list[str] | None,
        typer.Option(
            "--set",
            help=N_(
                "A rule setting over the preset, KEY=VALUE as in the file's [rules] "
                "(repeatable): --set length=east --set kiriage=true."
            ),
        ),
    ] = None,
    rounds: PlannedRounds = None,
    player_names: Annotated[
        list[str] | None,
        typer.Option(
            "--player",
            metavar="NAME",
            help=N_(
                "A player, by name (repeatable, in seating order): --player 'Ann Lee' "
                "--player Bo. After the players of --players-from, when both are given."
            ),
        ),
    ] = None,
) -> None:
    try:
        store = create_event(
            file, name, rules, players_from=players_from, date=date, venue=venue,
            game_format=game_format, overrides=overrides or (), rounds=rounds,
            player_names=player_names or (),
        )
    except NewEventError as error:
        _fail(str(error))
    s = store.event
    created = (
        _("Created {file}: {name!r}, {format}, rules {preset}, {players} players in {teams} "
          "teams.")
        if s.teams
        else _("Created {file}: {name!r}, {format}, rules {preset}, {players} players.")
    )
    typer.echo(created.format(file=file, name=s.event.name, format=s.event.format.value,
                              preset=s.rules.preset, players=len(s.players), teams=len(s.teams)))
    if s.event.rounds is not None:
        typer.echo(ngettext("It plans {count} round.", "It plans {count} rounds.",
                            s.event.rounds).format(count=s.event.rounds))
    typer.echo(_("Check it any time with: mjevent check {file}").format(file=file))


def _fail(message: str) -> NoReturn:
    typer.echo(error_text(message), err=True)
    raise typer.Exit(1)

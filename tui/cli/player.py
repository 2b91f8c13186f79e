"""`mjevent player FILE ACTION NAME ...`: players who come, go, return or are replaced.

    mjevent player FILE add "Late Arrival" [--id p29] [--team ldn] [--rating 1500]
    mjevent player FILE withdraw NAME [--from-round N] [--reason TEXT]
    mjevent player FILE return NAME [--from-round N]
    mjevent player FILE substitute NAME "Reserve Name" [--round R] [--during-game]
    mjevent player FILE absent NAME [--round R]
    mjevent player FILE present NAME [--round R]        (checked in; undoes absent)

NAME is an id, a name (case ignored when that is unique) or a number (1 = the event's first
player). Each action is one log entry through `mjevent.events.commands`; afterwards the command
says what the change does to the seating (a withdrawn player still seated, a new player not
seated yet) and the `mjevent seat FILE --from-round N` that re-seats the rounds not yet played.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, NoReturn

import typer

from mjevent.core.i18n import N_, _
from mjevent.core.player_ids import new_player_id
from mjevent.core.seating.event_state import (
    SeatingError,
    find_player,
    played_rounds,
    reseat_needed,
)
from mjevent.core.seating.imports import PlayerLookup
from mjevent.core.state import EventState
from mjevent.events.commands import (
    CommandError,
    add_player,
    check_in_player,
    current_state,
    return_player,
    substitute_player,
    withdraw_player,
)
from mjevent.events.session import EventSession
from mjevent.tui.cli.errors import error_text
from mjevent.tui.cli.event_file import open_or_exit
from mjevent.tui.cli.options import EventFile

__all__ = ["player"]

ACTIONS = ("add", "withdraw", "return", "substitute", "absent", "present")


def _fail(message: str, code: int = 1) -> NoReturn:
    typer.echo(error_text(message), err=True)
    raise typer.Exit(code)


def _next_round_for(state: EventState, player: str) -> int:
    """The round after the last one in which the player's table has results."""
    own = [
        r for (r, t), g in state.games.items()
        if (g.hands or g.finished) and player in g.seats
    ]
    return max(own, default=0) + 1


def _table_of(state: EventState, player: str, rnd: int) -> int:
    for t, table in enumerate(state.seating.get(rnd, ()), 1):
        if player in table:
            return t
    _fail(_("{name} ({id}) is not seated in round {round}").format(
        name=state.name(player), id=player, round=rnd))


def player(
    file: EventFile,
    action: Annotated[str, typer.Argument(
        help=N_("One of add, withdraw, return, substitute, absent, present."))],
    name: Annotated[str, typer.Argument(help=N_("The player: id, name or number."))],
    other: Annotated[
        list[str] | None,
        typer.Argument(help=N_("substitute: who plays instead (a name, or a reserve's id).")),
    ] = None,
    player_id: Annotated[str | None, typer.Option("--id", help=N_("add: the new id."))] = None,
    team: Annotated[str | None, typer.Option("--team", help=N_("add: the team id."))] = None,
    rating: Annotated[int | None, typer.Option("--rating", help=N_("add: a rating."))] = None,
    from_round: Annotated[
        int | None,
        typer.Option("--from-round", help=N_("withdraw/return: from this round on.")),
    ] = None,
    reason: Annotated[str, typer.Option("--reason", help=N_("withdraw: why."))] = "",
    round_: Annotated[
        int | None, typer.Option("--round", help=N_("substitute/absent: the round."))
    ] = None,
    during_game: Annotated[
        bool | None,
        typer.Option(
            "--during-game/--before-game",
            help=N_(
                "substitute: the swap happened after the game began, or before it (default: "
                "after when the table has hands recorded); the rules may give another uma."
            ),
        ),
    ] = None,
) -> None:
    # The help Typer shows is the docstring, set below through the catalogue (N_).
    if action not in ACTIONS:
        _fail(_("unknown action {action!r}: use one of {actions}").format(
            action=action, actions=", ".join(ACTIONS)), 2)
    session = open_or_exit(file, read_only=False)
    state = current_state(session)
    try:
        if action == "add":
            new_id = player_id or new_player_id(list(state.players))
            state = add_player(session, new_id, name, team=team, rating=rating)
            typer.echo(_("added {name} as {id}").format(name=name, id=new_id))
            _advise(file, state)
            return
        who = find_player(state, name)
        label = f"{state.name(who)} ({who})"
        if action == "withdraw":
            start = from_round or _next_round_for(state, who)
            state = withdraw_player(session, who, start, reason)
            typer.echo(_("{player} withdrawn from round {round}; results so far stay").format(
                player=label, round=start))
        elif action == "return":
            start = from_round or max(played_rounds(state), default=0) + 1
            state = return_player(session, who, start)
            typer.echo(_("{player} is back from round {round}").format(player=label, round=start))
        elif action == "substitute":
            if not other:
                _fail(_("substitute: say who plays instead: player FILE substitute NAME "
                        "'Reserve'"), 2)
            rnd = round_ or _next_round_for(state, who)
            text = " ".join(other)
            sub_id = PlayerLookup(list(state.players), {}).find(text)
            sub_name = state.name(sub_id) if sub_id else text
            table = _table_of(state, who, rnd)
            state = substitute_player(session, rnd, table, who, sub_name, during_game=during_game)
            typer.echo(_("{substitute} plays for {player} in round {round} table {table}").format(
                substitute=sub_name, player=label, round=rnd, table=table))
        else:
            _roll_call(file, session, state, who, round_, present=action == "present")
            return
    except (CommandError, SeatingError) as error:
        _fail(_("{file}: {problem}").format(file=file, problem=error))
    _advise(file, state)


def _roll_call(
    file: Path, session: EventSession, state: EventState, who: str, rnd: int | None,
    present: bool,
) -> None:
    target = rnd or _next_round_for(state, who)
    check_in_player(session, who, target, present=present)
    label = f"{state.name(who)} ({who})"
    if present:
        typer.echo(_("{player} checked in for round {round}").format(player=label, round=target))
        return
    typer.echo(_("{player} marked absent for round {round}").format(player=label, round=target))
    for t, table in enumerate(state.seating.get(target, ()), 1):
        if who in table:
            typer.echo(
                _("seating: {player} is seated at round {round} table {table}: a substitute "
                  "plays the seat (mjevent player {file} substitute {id} NAME --round {round}), "
                  "or withdraw them and re-seat (mjevent seat {file} --from-round {round})"
                  ).format(player=label, round=target, table=t, file=file, id=who)
            )


def _advise(file: Path, state: EventState) -> None:
    """Say what the change leaves for the seating to do."""
    needed = reseat_needed(state)
    if needed is None:
        return
    for line in needed.lines(state.name):
        typer.echo(_("seating: {line}").format(line=line))
    typer.echo(_("re-seat the rounds not yet played: mjevent seat {file} --from-round "
                 "{round}").format(file=file, round=needed.from_round))


player.__doc__ = N_(
    "Add, withdraw, bring back, replace for one game, mark absent or present a player."
)

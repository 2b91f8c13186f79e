"""`mjevent penalty FILE KIND NAME ...`: take points off a player's event total.

    mjevent penalty FILE late NAME MINUTES [--round R]       (MINUTES: 4, or 3:20)
    mjevent penalty FILE sheet NAME [DETAIL...] [--round R]
    mjevent penalty FILE points NAME AMOUNT REASON... [--round R]

`late` and `sheet` are sized by the event's rules (EMA 2025 §7.2: 1,000 per started minute of
lateness up to 10 minutes, then a substitute; §7.5: 2,000 for a score sheet); `points` takes
the amount given. Each is one `penalty` entry through `mjevent.events.commands`, the same the
console's penalty dialog writes.
"""

from __future__ import annotations

from typing import Annotated, NoReturn

import typer

from mjevent.core.i18n import N_, _
from mjevent.core.penalties import (
    PenaltyRuleError,
    SubstituteNeededError,
    late_penalty,
    parse_lateness,
)
from mjevent.core.seating.event_state import SeatingError, find_player
from mjevent.events.commands import (
    CommandError,
    add_late_penalty,
    add_penalty,
    add_score_sheet_penalty,
    current_state,
)
from mjevent.tui.cli.errors import error_text
from mjevent.tui.cli.event_file import open_or_exit
from mjevent.tui.cli.options import EventFile

__all__ = ["penalty"]

KINDS = ("late", "sheet", "points")


def _fail(message: str, code: int = 1) -> NoReturn:
    typer.echo(error_text(message), err=True)
    raise typer.Exit(code)


def penalty(
    file: EventFile,
    kind: Annotated[str, typer.Argument(help=N_("One of late, sheet, points."))],
    name: Annotated[str, typer.Argument(help=N_("The player: id, name or number."))],
    rest: Annotated[
        list[str] | None,
        typer.Argument(
            help=N_(
                "late: the minutes late (4, or 3:20); sheet: what was wrong (optional); "
                "points: the amount, then the reason."
            )
        ),
    ] = None,
    round_: Annotated[
        int | None,
        typer.Option("--round", help=N_("The round the penalty belongs to (default: current).")),
    ] = None,
    entered_by: Annotated[
        str, typer.Option("--by", help=N_("Who gives the penalty (a referee's name)."))
    ] = "",
    entry_id: Annotated[
        str | None,
        typer.Option(
            "--id",
            help=N_("The entry's id; give the same id when retrying, so it is recorded once."),
        ),
    ] = None,
) -> None:
    # The help Typer shows is the docstring, set below through the catalogue (N_).
    if kind not in KINDS:
        _fail(
            _("unknown penalty kind {kind!r}: use one of {kinds}").format(
                kind=kind, kinds=", ".join(KINDS)
            ),
            2,
        )
    words = list(rest or [])
    session = open_or_exit(file, read_only=False)
    state = current_state(session)
    rnd = round_ if round_ is not None else state.current_round
    try:
        who = find_player(state, name)
        if entry_id is not None and any(r.get("id") == entry_id for r in session.store.log):
            typer.echo(_("entry {id} is already recorded; nothing was added").format(id=entry_id))
            return
        if kind == "late":
            if len(words) != 1:
                _fail(_("late: give the minutes late once: penalty FILE late NAME 3:20"), 2)
            seconds = parse_lateness(words[0])
            try:
                late_penalty(state.rules, seconds)
            except SubstituteNeededError as error:
                _fail(
                    str(error)
                    + "\n"
                    + _(
                        "seat a substitute: mjevent player {file} substitute {id} NAME "
                        "--round {round}"
                    ).format(file=file, id=who, round=rnd)
                )
            state = add_late_penalty(
                session, who, seconds, entered_by=entered_by, round=rnd, entry_id=entry_id
            )
        elif kind == "sheet":
            state = add_score_sheet_penalty(
                session,
                who,
                detail=" ".join(words),
                entered_by=entered_by,
                round=rnd,
                entry_id=entry_id,
            )
        else:
            if len(words) < 2:
                _fail(
                    _(
                        "points: give the amount and the reason: penalty FILE points NAME "
                        "5000 'phone at the table'"
                    ),
                    2,
                )
            try:
                amount = int(words[0].replace(",", ""))
            except ValueError:
                _fail(_("{amount!r} is not a whole number of points").format(amount=words[0]), 2)
            state = add_penalty(
                session,
                who,
                amount,
                " ".join(words[1:]),
                entered_by=entered_by,
                round=rnd,
                entry_id=entry_id,
            )
    except (CommandError, SeatingError, PenaltyRuleError) as error:
        _fail(str(error))
    given = state.penalties[-1]
    typer.echo(
        _("round {round}: {name} ({id}) -{amount:,} ({reason})").format(
            round=rnd, name=state.name(who), id=who, amount=given.amount, reason=given.reason
        )
    )


penalty.__doc__ = N_(
    "Take points off a player's total: late (per started minute), sheet (a score sheet), or "
    "points (an amount and a reason)."
)

"""`mjevent pending FILE`, `mjevent approve FILE ID`, `mjevent reject FILE ID --reason TEXT`:
the director's side of the tables' own entries (docs/serve.md).

The same commands the console's overview runs (`events.stations`): `approve` makes a pending
entry count in its game, `reject` keeps it out with the reason; both go through the event
file's lock, so they can run while tables and the console write.
"""

from __future__ import annotations

from typing import Annotated, NoReturn

import typer

from mjevent.core.i18n import N_, _, ngettext, wind_name
from mjevent.core.preview import LineError, LinePreview
from mjevent.events.stations import PendingEntry, StationError, approve, pending, reject
from mjevent.tui.cli.errors import error_text
from mjevent.tui.cli.event_file import echo, open_or_exit
from mjevent.tui.cli.localize import command_help
from mjevent.tui.cli.options import EventFile

__all__ = ["approve_entry", "list_pending", "pending_lines", "reject_entry"]

_ID = Annotated[str, typer.Argument(help=N_("The id of the pending entry (mjevent pending)."))]


def _fail(message: str, code: int = 1) -> NoReturn:
    echo(error_text(message), err=True)
    raise typer.Exit(code)


def pending_lines(items: list[PendingEntry]) -> list[str]:
    """Each pending entry as two lines: its id, line, who entered it (and a conflict), then
    what it would do (or why it no longer fits)."""
    out: list[str] = []
    for item in items:
        who = _("{wind} {name}").format(wind=wind_name(item.seat), name=item.name)
        head = _("{id}  {line}  entered by {who}").format(id=item.id, line=item.line, who=who)
        if isinstance(item.preview, LinePreview) and item.preview.hand_label:
            head += "  (" + item.preview.hand_label + ")"
        if item.conflict:
            head += "  " + _("CONFLICT with {others}").format(others=", ".join(item.conflicts))
        out.append(head)
        if isinstance(item.preview, LineError):
            out.append("  " + _("no longer fits: {message}").format(message=item.preview.message))
        else:
            out.extend(line for line in item.preview.describe().splitlines()[1:])
    return out


@command_help(N_("List the entries tables made that wait for a second seat or the director."))
def list_pending(
    file: EventFile,
    round_: Annotated[
        int | None, typer.Option("--round", "-r", min=1, max=999, help=N_("Only this round."))
    ] = None,
) -> None:
    session = open_or_exit(file, read_only=True)
    items = pending(session.folder(), round_)
    if not items:
        echo(_("{file}: no table entry is waiting").format(file=file))
        return
    echo(
        ngettext(
            "{file}: {count} table entry is waiting",
            "{file}: {count} table entries are waiting",
            len(items),
        ).format(file=file, count=len(items))
    )
    for line in pending_lines(items):
        echo(line)


@command_help(N_("Approve a table's pending entry: it counts in the game from now on."))
def approve_entry(file: EventFile, entry: _ID) -> None:
    try:
        done = approve(file, entry)
    except StationError as error:
        _fail(str(error))
    echo(
        _("approved {id}: r{round} t{table}").format(
            id=done.id, round=done.round, table=done.table
        )
    )
    for line in done.lines[1:]:
        echo(line)


@command_help(N_("Reject a table's pending entry, with the reason; it never counts."))
def reject_entry(
    file: EventFile,
    entry: _ID,
    reason: Annotated[
        str, typer.Option("--reason", help=N_("Why (the table and the log keep it)."))
    ],
) -> None:
    try:
        reject(file, entry, reason)
    except StationError as error:
        _fail(str(error))
    echo(_("rejected {id}: {reason}").format(id=entry, reason=reason))

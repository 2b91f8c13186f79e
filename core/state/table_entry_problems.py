"""Why a table entry (docs/serve.md, "Table entries") cannot be confirmed, approved or rejected,
in words.

Separate because two places say it in the same words: the fold, when it meets such an entry in
the log, and `events/stations`, which refuses it before it is written.
"""

from __future__ import annotations

from mjevent.core.entries import WINDS, TableEntrySubmitted
from mjevent.core.i18n import _, wind_name
from mjevent.core.state.values import TableSeats


def _seat_missing(seat: str, players: int) -> str:
    return _("seat {seat}: a {players}-player table has no such seat").format(
        seat=seat, players=players
    )


def confirm_problem(
    target: TableEntrySubmitted, seat: str, players: TableSeats, seats: int
) -> str | None:
    """Why `seat` cannot confirm the pending table entry `target`, or None when it can.

    >>> from mjevent.core.entries import HandRecorded
    >>> from mjevent.core.outcomes import Draw, Hand
    >>> hand = HandRecorded(id="x", at="t", round=1, table=2, hand=Hand(Draw(frozenset())))
    >>> sub = TableEntrySubmitted(id="x", at="t", round=1, table=2, seat="E", line="draw",
    ...                           entry=hand)
    >>> confirm_problem(sub, "E", ("p1", "p2", "p3", "p4"), 4)
    'seat E entered it: another seat at the table confirms it'
    >>> confirm_problem(sub, "S", ("p1", "p2", "p3", "p4"), 4) is None
    True
    """
    if seat not in WINDS or WINDS.index(seat) >= seats:
        return _seat_missing(seat, seats)
    if seat == target.seat:
        return _("seat {wind} entered it: another seat at the table confirms it").format(
            wind=wind_name(seat)
        )
    if target.mode == "director":
        return _(
            "this entry waits for the director's approval (the event's table_entry is \"director\")"
        )
    return None


def stale_problem(target: TableEntrySubmitted, played: int) -> str:
    """Why a table entry made for hand number `target.hands + 1` no longer fits a game that
    has `played` entries counted since."""
    return _(
        "table entry {target} was made after {made} entries at round {round} table {table}, "
        "which now has {now}: the game moved on meanwhile. Fix: reject it, and enter the hand "
        "again if it is still missing"
    ).format(
        target=target.id, made=target.hands, round=target.round, table=target.table, now=played
    )


def settled_problem(target: str, how: str, by: str) -> str:
    """Why table entry `target`, settled `how` by entry `by` (`EventState.settled`), cannot be
    confirmed, approved or rejected again."""
    if how == "direct":
        return _("table entry {target} was recorded at once (direct entry)").format(target=target)
    if how == "rejected":
        return _("table entry {target} was rejected by entry {by}").format(target=target, by=by)
    if how == "lost":
        return _(
            "table entry {target} lost to another entry for the same hand, which counts "
            "(entry {by})"
        ).format(target=target, by=by)
    return _(
        "table entry {target} already counts (entry {by}); to change it, void entry {by} in "
        "the log (F6)"
    ).format(target=target, by=by)

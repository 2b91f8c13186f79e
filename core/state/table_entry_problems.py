"""Why a table entry (docs/serve.md, "Table entries") cannot be confirmed, approved or rejected,
as a `Problem` (of no entry yet: the fold adds the entry it finds it at).

Separate because two places say it in the same words: the fold, when it meets such an entry in
the log, and `events/stations`, which refuses it before it is written.
"""

from __future__ import annotations

from mjevent.core.entries import WINDS, TableEntrySubmitted
from mjevent.core.i18n import wind_name
from mjevent.core.state.problems import Problem, ProblemKind, Words
from mjevent.core.state.values import TableSeats


def seat_missing(seat: str, players: int) -> Problem:
    """The seat `seat` that a table of `players` does not have."""
    return Problem.of(None, ProblemKind.NO_SUCH_SEAT, seat=seat, players=players)


def confirm_problem(
    target: TableEntrySubmitted, seat: str, players: TableSeats, seats: int
) -> Problem | None:
    """Why `seat` cannot confirm the pending table entry `target`, or None when it can.

    >>> from mjevent.core.entries import HandRecorded
    >>> from mjevent.core.outcomes import Draw, Hand
    >>> hand = HandRecorded(id="x", at="t", round=1, table=2, hand=Hand(Draw(frozenset())))
    >>> sub = TableEntrySubmitted(id="x", at="t", round=1, table=2, seat="E", line="draw",
    ...                           entry=hand)
    >>> confirm_problem(sub, "E", ("p1", "p2", "p3", "p4"), 4).message
    'seat E entered it: another seat at the table confirms it'
    >>> confirm_problem(sub, "S", ("p1", "p2", "p3", "p4"), 4) is None
    True
    """
    if seat not in WINDS or WINDS.index(seat) >= seats:
        return seat_missing(seat, seats)
    if seat == target.seat:
        return Problem.of(None, ProblemKind.OWN_SEAT_CONFIRMS, wind=Words(wind_name, (seat,)))
    if target.mode == "director":
        return Problem(None, ProblemKind.WAITS_FOR_DIRECTOR)
    return None


def stale_problem(target: TableEntrySubmitted, played: int) -> Problem:
    """Why a table entry made for hand number `target.hands + 1` no longer fits a game that
    has `played` entries counted since."""
    return Problem.of(
        None,
        ProblemKind.STALE_TABLE_ENTRY,
        target=target.id,
        made=target.hands,
        round=target.round,
        table=target.table,
        now=played,
    )


_SETTLED = {
    "direct": ProblemKind.SETTLED_DIRECT,
    "rejected": ProblemKind.SETTLED_REJECTED,
    "lost": ProblemKind.SETTLED_LOST,
}


def settled_problem(target: str, how: str, by: str) -> Problem:
    """Why table entry `target`, settled `how` by entry `by` (`EventState.settled`), cannot be
    confirmed, approved or rejected again."""
    kind = _SETTLED.get(how, ProblemKind.SETTLED_COUNTS)
    if kind is ProblemKind.SETTLED_DIRECT:
        return Problem.of(None, kind, target=target)
    return Problem.of(None, kind, target=target, by=by)

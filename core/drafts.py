"""Draft entries: what a command or a dialog would append, built once from the values read.

Each `draft_*` builder takes the values a command or a dialog's fields gave, and the `Stamp`
(the entry's id and time, made once by the caller: `events.session.EventSession.stamp`, or
the id and time a command was given), and returns the entry. It decides nothing about the
event: trying the entry is folding it onto the live state (`core.state.Folder.then`) and
comparing the problems (`core.state.caused_problems`); recording it is
`events.commands.record_entry`, which appends this very entry. A dialog previews the entry a
builder made, then records it; a command builds it with the same builder.

The builders raise only on values no entry can hold: a lateness the rules do not size
(`core.penalties.PenaltyRuleError`, a `ValueError`).

>>> draft_rename(Stamp(id="E1", at="2026-03-14T10:00:00+00:00"), "p1", "Anne")
PlayerRenamed(id='E1', at='2026-03-14T10:00:00+00:00', player='p1', name='Anne')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import TypedDict

from mjevent.core.entries import (
    Correction,
    Entry,
    GameFinished,
    HandRecorded,
    Penalty,
    PlayerAdded,
    PlayerCheckedIn,
    PlayerId,
    PlayerRenamed,
    PlayerReturned,
    PlayerSubstituted,
    PlayerWithdrawn,
    SeatingSet,
    TableReseated,
)
from mjevent.core.notation import FinalLine, HandLine
from mjevent.core.outcomes import Hand
from mjevent.core.penalties import (
    late_penalty,
    late_reason,
    score_sheet_penalty,
    score_sheet_reason,
)
from mjevent.core.rules import RuleSet

__all__ = [
    "Stamp",
    "draft_check_in",
    "draft_correction",
    "draft_game_end",
    "draft_hand",
    "draft_late_penalty",
    "draft_line",
    "draft_penalty",
    "draft_player",
    "draft_rename",
    "draft_reseat",
    "draft_return",
    "draft_score_sheet_penalty",
    "draft_seating",
    "draft_substitute",
    "draft_withdrawal",
]


class Stamp(TypedDict):
    """An entry's id and time (ISO 8601), made once for the entry."""

    id: str
    at: str


def draft_line(stamp: Stamp, line: HandLine | FinalLine) -> HandRecorded | GameFinished:
    """The entry an entry line records (`core.notation`): a hand, or a game's final scores."""
    if isinstance(line, HandLine):
        return draft_hand(stamp, line.round, line.table, line.hand)
    return draft_game_end(
        stamp, line.round, line.table, line.final, deposits=line.deposits, chombos=line.chombos
    )


def draft_hand(stamp: Stamp, round: int, table: int, hand: Hand) -> HandRecorded:
    """One hand at `table` in `round`."""
    return HandRecorded(**stamp, round=round, table=table, hand=hand)


def draft_game_end(
    stamp: Stamp, round: int, table: int, final: Sequence[int] | None, *, deposits: int = 0,
    chombos: Sequence[int] = (),
) -> GameFinished:
    """A table's game over: by its final scores (seat order), or, for a game recorded hand by
    hand, `final` None (the hands decide) or the score sheet's totals to compare."""
    return GameFinished(
        **stamp,
        round=round,
        table=table,
        final=None if final is None else tuple(final),
        deposits=deposits,
        chombos=tuple(chombos),
    )


def draft_player(
    stamp: Stamp, player: PlayerId, name: str, *, team: str | None = None,
    rating: int | None = None,
) -> PlayerAdded:
    """A late player joining the event."""
    return PlayerAdded(**stamp, player=player, name=name, team=team, rating=rating)


def draft_rename(stamp: Stamp, player: PlayerId, name: str) -> PlayerRenamed:
    """A player's name corrected."""
    return PlayerRenamed(**stamp, player=player, name=name)


def draft_check_in(
    stamp: Stamp, player: PlayerId, round: int, present: bool = True
) -> PlayerCheckedIn:
    """The roll call of `round`: `player` is there, or absent (`present=False`)."""
    return PlayerCheckedIn(**stamp, player=player, round=round, present=present)


def draft_withdrawal(
    stamp: Stamp, player: PlayerId, from_round: int, reason: str = ""
) -> PlayerWithdrawn:
    """A player withdrawn from `from_round` on."""
    return PlayerWithdrawn(**stamp, player=player, from_round=from_round, reason=reason)


def draft_return(stamp: Stamp, player: PlayerId, from_round: int) -> PlayerReturned:
    """A withdrawn player back from `from_round` on."""
    return PlayerReturned(**stamp, player=player, from_round=from_round)


def draft_substitute(
    stamp: Stamp, round: int, table: int, player: PlayerId, substitute: str, *,
    during_game: bool | None = None,
) -> PlayerSubstituted:
    """`substitute` playing `player`'s seat at `table` in `round`."""
    return PlayerSubstituted(
        **stamp, round=round, table=table, player=player, substitute=substitute,
        during_game=during_game,
    )


def draft_penalty(
    stamp: Stamp, player: PlayerId, amount: int, reason: str, *, entered_by: str = "",
    round: int | None = None,
) -> Penalty:
    """`amount` points off a player's event total, with the reason."""
    return Penalty(
        **stamp, player=player, amount=amount, reason=reason, entered_by=entered_by, round=round
    )


def draft_late_penalty(
    stamp: Stamp, rules: RuleSet, player: PlayerId, seconds: int, *, entered_by: str = "",
    round: int | None = None,
) -> Penalty:
    """The penalty the rules give a player `seconds` late (`core.penalties.late_penalty`;
    `PenaltyRuleError` when they give none: too late, or no such rule)."""
    return draft_penalty(
        stamp, player, late_penalty(rules, seconds), late_reason(rules, seconds),
        entered_by=entered_by, round=round,
    )


def draft_score_sheet_penalty(
    stamp: Stamp, rules: RuleSet, player: PlayerId, *, detail: str = "", entered_by: str = "",
    round: int | None = None,
) -> Penalty:
    """The penalty the rules give for a score sheet (`PenaltyRuleError` when they have none)."""
    return draft_penalty(
        stamp, player, score_sheet_penalty(rules), score_sheet_reason(detail),
        entered_by=entered_by, round=round,
    )


def draft_correction(
    stamp: Stamp, target: str, reason: str, replacement: Entry | None = None
) -> Correction:
    """Entry `target` voided (no `replacement`) or amended; an amendment carries the
    correction's own id and time."""
    fixed = None if replacement is None else dataclasses.replace(replacement, **stamp)
    return Correction(**stamp, target=target, reason=reason, replacement=fixed)


def draft_seating(
    stamp: Stamp,
    first_round: int,
    rounds: Sequence[Sequence[Sequence[PlayerId]]],
    *,
    method: str = "manual",
    params: Mapping[str, str | int | float | bool] | None = None,
    seed: int | None = None,
) -> SeatingSet:
    """Rounds `first_round`, `first_round + 1` ... seated (tables of player ids in wind
    order)."""
    return SeatingSet(
        **stamp,
        first_round=first_round,
        rounds=tuple(tuple(tuple(t) for t in r) for r in rounds),
        method=method,
        params=tuple(sorted((params or {}).items())),
        seed=seed,
    )


def draft_reseat(
    stamp: Stamp, round: int, table: int, seats: Sequence[PlayerId]
) -> TableReseated:
    """A table that sat on other winds than its seating said: `seats` as it sat (E S W N)."""
    return TableReseated(**stamp, round=round, table=table, seats=tuple(seats))

"""The values standings read and give: roster entries, played games, penalties, byes, rows.

Kept apart from the computation (`mjevent.core.standings`, which re-exports every name here) so
that a screen or a printer can type its arguments without importing numpy code paths.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Protocol

from mjevent.core.standings.config import Criterion

__all__ = [
    "Breakdown",
    "ByeRecord",
    "ChomboEntry",
    "Entrant",
    "GameLine",
    "GameResultLike",
    "PenaltyRecord",
    "PlayedGame",
    "StandingRow",
    "StandingsError",
    "Status",
    "TeamRow",
    "ZeroSum",
]


class StandingsError(ValueError):
    """Standings input that cannot be ranked; the message names the game or player and the fix."""


class Status(enum.StrEnum):
    """A roster entry's standing in the event."""

    ACTIVE = "active"
    WITHDRAWN = "withdrawn"
    SUBSTITUTE = "substitute"
    """Plays seats for others; ranked only as `StandingsConfig.substitutes` says."""


@dataclass(frozen=True, slots=True)
class Entrant:
    """One roster entry. `replaces` names the player a substitute stands in for, if one."""

    id: str
    name: str
    team: str = ""
    status: Status = Status.ACTIVE
    replaces: str = ""
    withdrawn_from: int = 0
    """For a withdrawn player, the first round they no longer play: snapshots before it rank
    them as active. 0 when unknown: the withdrawal then counts in every snapshot."""


class GameResultLike(Protocol):
    """What standings read from a game's result (`mjevent.core.results.GameResult`)."""

    @property
    def final(self) -> tuple[int, ...]: ...
    @property
    def places(self) -> tuple[int, ...]: ...
    @property
    def penalties(self) -> tuple[int, ...]: ...
    @property
    def uma(self) -> tuple[int, ...]: ...
    @property
    def oka(self) -> tuple[int, ...]: ...
    @property
    def total(self) -> tuple[int, ...]: ...
    @property
    def rounded(self) -> tuple[int, ...]: ...
    @property
    def points(self) -> tuple[int, ...]: ...
    @property
    def substitutes(self) -> frozenset[int]: ...


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """One finished game: `seats` are the roster ids seated E, S, W, N for the first hand.

    `substitutes` names who really played a seat marked as a substitute's in the result
    (`(seat, name)` pairs); a seat whose roster entry is a substitute needs no name here.
    """

    round: int
    table: int
    seats: tuple[str, ...]
    result: GameResultLike
    substitutes: tuple[tuple[int, str], ...] = ()


@dataclass(frozen=True, slots=True)
class PenaltyRecord:
    """A penalty as entered: `amount` > 0 is taken off the player's event total.

    `round` is the round it belongs to (it counts in snapshots from that round on; None counts in
    every snapshot). A cancelled penalty stays listed with the reason it was cancelled.
    """

    id: str
    player: str
    amount: int
    reason: str
    entered_by: str = ""
    round: int | None = None
    cancelled: bool = False
    cancel_reason: str = ""


@dataclass(frozen=True, slots=True)
class ByeRecord:
    """`player` sits out `round` by the schedule (not a withdrawal, not a missed game)."""

    round: int
    player: str


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One line of the standings. Points are raw table points; None where no game was played.

    `place` is None for players listed apart (substitutes, removed withdrawals). `movement` is
    the previous round's place less this one (+2 = up two places), None when there is no
    previous round or the player was not ranked in it. `decided_by` names the criterion that
    separated the player from someone level on the chain before it (None while sharing).
    """

    place: int | None
    place_label: str
    player: str
    name: str
    team: str
    status: Status
    total: float
    games: int
    byes: int
    average: float | None
    average_place: float | None
    place_counts: tuple[int, ...]
    best_game: float | None
    worst_game: float | None
    raw_sum: int
    chombo: float
    penalties: float
    bye_points: float
    movement: int | None
    decided_by: Criterion | None
    bracket: str = ""


@dataclass(frozen=True, slots=True)
class TeamRow:
    """One team's line: total by the team mode, and what the team tiebreaks read."""

    place: int
    place_label: str
    team: str
    members: tuple[str, ...]
    total: float
    games: int
    firsts: int
    best_game: float | None
    raw_sum: int
    penalties: float
    movement: int | None
    decided_by: Criterion | None


@dataclass(frozen=True, slots=True)
class ChomboEntry:
    """One chombo penalty taken off a game's points (what EMA reporting lists)."""

    round: int
    table: int
    player: str
    name: str
    amount: int
    """Points taken off, as a positive number (20000 for one EMA chombo)."""


@dataclass(frozen=True, slots=True)
class ZeroSum:
    """The sums EMA reporting shows to prove the results add up.

    `table_sum` is the sum of every counted game's total before chombo penalties; it is 0 when
    uma and oka are zero-sum, no riichi stick was left to nobody, nothing was rounded and no
    substitute was scored at fixed points. `unbalanced` lists the games where it is not 0
    (round, table, sum), so each difference can be explained.
    """

    points_sum: float
    chombo_sum: float
    penalty_sum: float
    table_sum: float
    unbalanced: tuple[tuple[int, int, int], ...]

    @property
    def balanced(self) -> bool:
        """True when every counted game's totals add up to zero."""
        return not self.unbalanced


@dataclass(frozen=True, slots=True)
class GameLine:
    """One game of a player's breakdown: how its points came about.

    `points` = `final` - return + `uma` + `oka`, rounded as the rules say, + `chombo` (0 or
    negative). `counted` is False for a game annulled by the 50% withdrawal rule.
    """

    round: int
    table: int
    seat: str
    place: int
    final: int
    uma: int
    oka: int
    chombo: int
    points: int
    counted: bool
    substitute: str = ""


@dataclass(frozen=True, slots=True)
class Breakdown:
    """Every number behind one player's total: games, byes, penalties (cancelled ones listed).

    `total` = the counted games' points + the byes' points - the penalties not cancelled; it is
    the player's standings total, except in a later stage, where the carried points replace the
    earlier stages' (see `Standings.row`).
    """

    player: str
    name: str
    games: tuple[GameLine, ...]
    byes: tuple[tuple[int, float], ...]
    penalties: tuple[PenaltyRecord, ...]
    total: float

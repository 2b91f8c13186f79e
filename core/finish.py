"""When an event is over: the rounds it plans, which of them are finished, the final places.

Pure functions over an `EventState`. An event knows its end only when it plans a number of
rounds: `[event] rounds`, or else the last round of its last `[[standings.stages]]`. It is
finished once every table of every planned round has its result; until then the console shows
the round being played, and after it the final standings (`final_places`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from mjevent.core.entries import PrizesRevealed
from mjevent.core.settings import MAX_ROUNDS, EventSettings
from mjevent.core.state import EventState

if TYPE_CHECKING:
    # Not at run time: the computation loads numpy, which `mjevent check` needs only once the
    # event has finished (bench/commands.py).
    from mjevent.core.standings.compute import Standings

__all__ = [
    "MAX_ROUNDS",
    "FinalPlace",
    "event_finished",
    "final_places",
    "next_round_waiting",
    "planned_rounds",
    "podium",
    "reveal_order",
    "revealed",
    "round_finished",
    "shown_round",
]


def planned_rounds(settings: EventSettings) -> int | None:
    """How many rounds the event plans: `[event] rounds`, else the last round of its last
    stage, else None (the event does not know its end).

    >>> from mjevent.core.settings import settings_from_dict
    >>> planned_rounds(settings_from_dict({"event": {"name": "Cup", "format_version": 1,
    ...     "rounds": 4}, "rules": {"preset": "ema2016"}}))
    4
    >>> print(planned_rounds(settings_from_dict({"event": {"name": "Cup",
    ...     "format_version": 1}, "rules": {"preset": "ema2016"}})))
    None
    """
    if settings.event.rounds is not None:
        return settings.event.rounds
    if not settings.standings_table:
        return None  # the presets define no stages; only a [standings] table can
    stages = settings.standings_config().stages
    return stages[-1].rounds[1] if stages else None


def round_finished(state: EventState, round: int) -> bool:
    """Whether `round` is seated and every one of its tables has its result."""
    tables = state.seating.get(round, ())
    return bool(tables) and all(
        (game := state.game(round, t)) is not None and game.result is not None
        for t in range(1, len(tables) + 1)
    )


def event_finished(state: EventState) -> bool:
    """Whether the event is over: it plans its rounds and every table of each has a result.

    An event that does not plan its rounds (no `[event] rounds`, no stages) is never finished:
    after its last seated round it waits for the next one to be seated.
    """
    planned = planned_rounds(state.settings)
    return planned is not None and all(round_finished(state, r) for r in range(1, planned + 1))


def shown_round(state: EventState) -> int:
    """The round the overview shows: the current round (`EventState.current_round`), except
    once the event is finished, when it is the last planned round (not an empty next one)."""
    planned = planned_rounds(state.settings)
    if planned is not None and event_finished(state):
        return planned
    return state.current_round


def next_round_waiting(state: EventState) -> int | None:
    """The round whose clock the director can start now: the round after `round`, when every
    table of the round before it is finished, it is seated, its clock has not started, and it
    is within the plan. None otherwise.

    The overview offers it once the last table of a round has its result.
    """
    rnd = state.current_round
    if rnd <= 1 or not round_finished(state, rnd - 1) or rnd not in state.seating:
        return None
    planned = planned_rounds(state.settings)
    if planned is not None and rnd > planned:
        return None
    clock = state.clocks.get(rnd)
    if clock is not None and clock.started is not None:
        return None
    if any(state.game(rnd, t) is not None for t in range(1, len(state.seating[rnd]) + 1)):
        return None
    return rnd


@dataclass(frozen=True)
class FinalPlace:
    """One line of the prize-giving: the place as shown (`1`, `3-4`), the name, the total."""

    place: str
    name: str
    total: float


def final_places(standings: Standings | None) -> tuple[FinalPlace, ...]:
    """The ranked players as `standings` (the event's, `EventSession.standings`) stand (final
    once `event_finished`), best first; empty without standings (they cannot be computed:
    None) or when no game has finished."""
    if standings is None or standings.round == 0:
        return ()
    return tuple(FinalPlace(r.place_label, r.name, r.total) for r in standings.rows)


def podium(places: Sequence[FinalPlace], last: int = 3) -> tuple[FinalPlace, ...]:
    """The places up to `last` (shared places count by their first: `3-4` is on a podium of
    three), best first.

    >>> rows = [FinalPlace("1", "Ann", 40.0), FinalPlace("2", "Bo", 10.0),
    ...         FinalPlace("3-4", "Cy", 0.0), FinalPlace("3-4", "Di", 0.0),
    ...         FinalPlace("5", "Ed", -50.0)]
    >>> [p.name for p in podium(rows)]
    ['Ann', 'Bo', 'Cy', 'Di']
    """
    return tuple(p for p in places if _first_place(p.place) <= last)


def _first_place(label: str) -> int:
    digits = re.match(r"\d+", label)
    return int(digits.group()) if digits else 0


def reveal_order(places: Sequence[FinalPlace], shown: int) -> tuple[FinalPlace, ...]:
    """The places revealed after `shown` steps, from the bottom up: the last place first,
    the winner last (`shown` is clamped to 0 .. len(places)), listed best first.

    >>> rows = [FinalPlace("1", "Ann", 40.0), FinalPlace("2", "Bo", 10.0),
    ...         FinalPlace("3", "Cy", -50.0)]
    >>> [p.name for p in reveal_order(rows, 2)]
    ['Bo', 'Cy']
    >>> [p.name for p in reveal_order(rows, 9)]
    ['Ann', 'Bo', 'Cy']
    """
    count = max(0, min(shown, len(places)))
    return tuple(places[len(places) - count :]) if count else ()


def revealed(state: EventState) -> int:
    """How many places the prize-giving has revealed: the latest `prizes_revealed` entry's
    count, 0 when there is none (the prize-giving has not begun, or was set back to 0)."""
    for entry in reversed(state.entries):
        if isinstance(entry, PrizesRevealed):
            return entry.shown
    return 0

"""Seating an event file: write a plan as one `seating_set` entry, write a swap, and check
every recorded seating entry by making it again.

The plans and what they cost are `mjevent.core.seating.event_plans` (pure, from the event's
state); this module appends through `commands.set_seating` and `commands.swap_seats`, so a
seating is refused like any other entry when it would not fit (a round that already has
results, an unknown player), and reads the log to check the seatings it holds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from mjevent.core.seating.event_plans import Swap, Verification, recompute_seatings
from mjevent.core.seating.event_state import ACCEPTED
from mjevent.core.seating.plan import (
    Param,
    Plan,
    Tables,
)
from mjevent.core.state import EventState
from mjevent.events.commands import (
    Target,
    add_note,
    session_of,
    set_seating,
    swap_seats,
)
from mjevent.events.session import Clock, utc_now

__all__ = ["verify_seating", "write_plan", "write_swap"]


def write_plan(
    store: Target,
    plan: Plan,
    *,
    accepted: Sequence[tuple[str, str, int]] = (),
    entry_id: str | None = None,
    at: str | None = None,
    clock: Clock = utc_now,
) -> EventState:
    """Append the plan as one `seating_set` entry; `accepted` repeats are recorded with it.
    `entry_id`, `at` and `clock` are those of every command (`commands.set_seating`)."""
    params: dict[str, Param] = dict(plan.params)
    if accepted:
        params["accepted_repeats"] = " ".join(f"{a}+{b}" for a, b, _ in accepted)
    return set_seating(
        store,
        plan.first_round,
        plan.rounds,
        method=plan.method,
        params=params,
        entry_id=entry_id,
        at=at,
        clock=clock,
    )


def verify_seating(
    event: Target, *, imported: Mapping[str, Sequence[Tables]] | None = None
) -> list[Verification]:
    """`recompute_seatings` of the event's log as its session read it: every `seating_set`
    entry made again from its params and compared (`imported` maps a sha256 to rounds read
    again from a file)."""
    session = session_of(event)
    return recompute_seatings(session.store.event, session.entries, imported=imported)


def write_swap(store: Target, swap: Swap, *, clock: Clock = utc_now) -> EventState:
    """Append the swap (`seats_swapped`), then, when it makes repeated pairs, a note that the
    director accepted them (`ACCEPTED`, read back by `accepted_pairs`)."""
    store = session_of(store)  # the note is folded onto the swap, not the log again
    state = swap_seats(store, swap.round, swap.a, swap.b, clock=clock)
    if swap.created:
        state = add_note(
            store,
            ACCEPTED
            + " ".join(f"{x}+{y}" for x, y, _ in swap.created)
            + f" (swap in round {swap.round})",
            round=swap.round,
            clock=clock,
        )
    return state

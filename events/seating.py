"""Seating an event file: write a plan as one `seating_set` entry, write a swap, and check
every recorded seating entry by making it again.

The plans and what they cost are `mjevent.core.seating.event_plans` (pure, from the event's
state); this module appends through `commands.set_seating` and `commands.swap_seats`, so a
seating is refused like any other entry when it would not fit (a round that already has
results, an unknown player), and reads the log to check the seatings it holds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mjevent.core.entry_reader import read_log
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
from mjevent.events.session import Clock
from mjevent.events.store import EventStore

__all__ = ["verify_seating", "write_plan", "write_swap"]


def write_plan(
    store: Target,
    plan: Plan,
    *,
    accepted: Sequence[tuple[str, str, int]] = (),
    entry_id: str | None = None,
    at: str | None = None,
    clock: Clock | None = None,
) -> EventState:
    """Append the plan as one `seating_set` entry; `accepted` repeats are recorded with it.
    `entry_id`, `at` and `clock` are those of every command (`commands.set_seating`)."""
    params: dict[str, Param] = dict(plan.params)
    if accepted:
        params["accepted_repeats"] = " ".join(f"{a}+{b}" for a, b, _ in accepted)
    if clock is not None:
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
    return set_seating(
        store,
        plan.first_round,
        plan.rounds,
        method=plan.method,
        params=params,
        entry_id=entry_id,
        at=at,
    )


def verify_seating(
    store: EventStore, *, imported: Mapping[str, Sequence[Tables]] | None = None
) -> list[Verification]:
    """`recompute_seatings` of the store's log: every `seating_set` entry made again from its
    params and compared (`imported` maps a sha256 to rounds read again from a file)."""
    entries, _problems = read_log(store.log)
    return recompute_seatings(store.event, entries, imported=imported)


def write_swap(store: Target, swap: Swap, *, clock: Clock | None = None) -> EventState:
    """Append the swap (`seats_swapped`), then, when it makes repeated pairs, a note that the
    director accepted them (`ACCEPTED`, read back by `accepted_pairs`)."""
    # Only a given clock is passed: the commands' own default stamps the time otherwise.
    stamp: dict[str, Any] = {} if clock is None else {"clock": clock}
    store = session_of(store)  # the note is folded onto the swap, not the log again
    state = swap_seats(store, swap.round, swap.a, swap.b, **stamp)
    if swap.created:
        state = add_note(
            store,
            ACCEPTED
            + " ".join(f"{x}+{y}" for x, y, _ in swap.created)
            + f" (swap in round {swap.round})",
            round=swap.round,
            **stamp,
        )
    return state

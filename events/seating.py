"""Seating an event file: make a plan from the event's state, write it as one `seating_set`
entry, and check any recorded entry by making it again.

The plans themselves are `mjevent.core.seating.plan` (pure); this module reads the state the
plans need (who is active, which rounds are played) and appends through
`commands.set_seating`, so a seating is refused like any other entry when it would not fit
(a round that already has results, an unknown player).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from mjevent.core.entries import SeatingSet
from mjevent.core.event import PlayerStatus
from mjevent.core.seating.check import check
from mjevent.core.seating.plan import (
    Param,
    Plan,
    Roster,
    Tables,
    event_schedule,
    new_repeats,
    redo,
)
from mjevent.core.seating.schedule import Schedule, ScheduleError
from mjevent.core.state import EventState, fold
from mjevent.events.commands import Clock, CommandError, _utc_now, read_log, set_seating
from mjevent.events.store import EventStore

__all__ = [
    "ACCEPTED",
    "Verification",
    "accepted_pairs",
    "active_roster",
    "all_players",
    "last_seed_text",
    "plan_cost",
    "played_rounds",
    "seating_schedule",
    "verify_seating",
    "write_plan",
]


def active_roster(state: EventState, *, keep_teams: bool = False) -> Roster:
    """The players seated in new rounds (status active), in file order; with `keep_teams`,
    grouped team by team so that the draw and the generator keep teammates apart."""
    players = [p.id for p in state.players.values() if p.status is PlayerStatus.ACTIVE]
    if not keep_teams:
        return Roster(tuple(players))
    if not any(state.players[p].team for p in players):
        raise CommandError(
            "--teams: no player of this event has a team; give players a team in the file "
            "(team = \"...\"), or seat without --teams"
        )
    return Roster.of(players, {p: state.players[p].team for p in players})


def last_seed_text(state: EventState) -> str | None:
    """The draw text of the latest seating entry that has one (a regeneration reuses it)."""
    for entry in reversed(state.entries):
        if isinstance(entry, SeatingSet):
            text = dict(entry.params).get("seed_text")
            if isinstance(text, str):
                return text
    return None


def all_players(state: EventState) -> list[str]:
    """Every player id of the event in file order (settings, then players added in the log)."""
    return list(state.players)


def played_rounds(state: EventState) -> list[int]:
    """Rounds with at least one hand or finished game, in order."""
    return sorted({r for (r, _), g in state.games.items() if g.hands or g.finished})


def seating_schedule(state: EventState, *, rounds: Sequence[int] | None = None) -> Schedule:
    """The event's seated rounds (all, or `rounds`) as a `Schedule` over every player in file
    order, teammates named as teams; players not seated in a round sit out."""
    chosen = sorted(state.seating) if rounds is None else list(rounds)
    players = all_players(state)
    teams: dict[str, list[str]] = {}
    for p in players:
        team = state.players[p].team
        if team:
            teams.setdefault(team, []).append(p)
    return event_schedule(
        players, state.rules.players, [state.seating[r] for r in chosen], list(teams.values())
    )


ACCEPTED = "accepted repeats: "
"""A note starting so lists pairs (`a+b`) the director accepted meeting again after a swap
(`seats_swapped` has no field for it; a seating entry records them in `accepted_repeats`)."""


def accepted_pairs(state: EventState) -> set[tuple[str, str]]:
    """Pairs the director accepted meeting again: `accepted_repeats` of seating entries, and
    the pairs of notes written when a swap made a repeat (`ACCEPTED`)."""
    texts: list[str] = []
    for entry in state.entries:
        if isinstance(entry, SeatingSet):
            texts.append(str(dict(entry.params).get("accepted_repeats", "")))
    texts += [n.text[len(ACCEPTED):].split("(")[0] for n in state.notes
              if n.text.startswith(ACCEPTED)]
    out: set[tuple[str, str]] = set()
    for pair in " ".join(texts).split():
        a, _, b = pair.partition("+")
        out.add((a, b) if a < b else (b, a))
    return out


@dataclass(frozen=True)
class Cost:
    """What a plan costs, shown before the director accepts it."""

    new_repeats: tuple[tuple[str, str, int], ...]
    wind_spread: int
    wind_violations: int
    table_repeats: int
    byes: tuple[tuple[str, ...], ...]
    repeat_free_rounds: int
    first_round: int = 1
    summary: str = ""

    def lines(self, name: Callable[[str], str] = str) -> list[str]:
        """The cost in words, one fact a line; `name` shows a player (default: the id)."""
        pairs = ", ".join(
            f"{name(a)} + {name(b)} ({n}x)" for a, b, n in self.new_repeats[:6]
        )
        more = f" and {len(self.new_repeats) - 6} more" if len(self.new_repeats) > 6 else ""
        out = [f"quality: {self.summary}"] if self.summary else []
        out += [
            f"new repeated pairs: {len(self.new_repeats)}"
            + (f" ({pairs}{more})" if pairs else ""),
            f"wind spread: {self.wind_spread} (seed-003 violations {self.wind_violations})",
            f"table-number repeats within 3 rounds: {self.table_repeats}",
        ]
        if any(self.byes):
            out.append(
                "byes: " + "; ".join(
                    f"round {i}: {', '.join(name(p) for p in b)}"
                    for i, b in enumerate(self.byes, self.first_round)
                    if b
                )
            )
        return out


def plan_cost(state: EventState, plan: Plan) -> Cost:
    """The plan's cost against the rounds seated before it (which it keeps).

    Wind spread is the largest (most - fewest) seat count of a roster player after the plan's
    last round; the other numbers are the checker's over all the rounds.
    """
    before = [state.seating[r] for r in sorted(state.seating) if r < plan.first_round]
    roster = Roster.from_params(plan.params)
    ids = list(dict.fromkeys([*all_players(state), *roster.players]))
    report = check(event_schedule(ids, state.rules.players, [*before, *plan.rounds]))
    active = set(roster.players)
    spread = max(
        (s for p, s in zip(ids, report.player_wind_spread, strict=True) if p in active),
        default=0,
    )
    byes = tuple(
        tuple(p for p in roster.players if p not in {x for t in rnd for x in t})
        for rnd in plan.rounds
    )
    return Cost(
        tuple(new_repeats(before, plan.rounds)),
        spread,
        report.summary.wind_violations,
        report.summary.table_repeats,
        byes,
        report.summary.repeat_free_rounds,
        plan.first_round,
        report.summary.line(),
    )


def write_plan(
    store: EventStore,
    plan: Plan,
    *,
    accepted: Sequence[tuple[str, str, int]] = (),
    extra: Mapping[str, Param] | None = None,
    entry_id: str | None = None,
    at: str | None = None,
    clock: Clock = _utc_now,
) -> EventState:
    """Append the plan as one `seating_set` entry; `accepted` repeats are recorded with it."""
    params: dict[str, Param] = dict(plan.params)
    if accepted:
        params["accepted_repeats"] = " ".join(f"{a}+{b}" for a, b, _ in accepted)
    params.update(extra or {})
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


@dataclass(frozen=True)
class Verification:
    """One recorded seating entry and whether it recomputes to the same rounds."""

    entry: str
    first_round: int
    rounds: int
    method: str
    matches: bool | None
    message: str


def verify_seating(
    store: EventStore, *, imported: Mapping[str, Sequence[Tables]] | None = None
) -> list[Verification]:
    """Make every `seating_set` entry of the log again from its params and compare.

    Each entry is recomputed against the log as it stood just before it (the rounds already
    seated then). `matches` is None when the entry cannot be recomputed from the file
    (`imported`, `manual`); `imported` maps a sha256 to rounds read again from a file.
    """
    entries, problems = read_log(store.log)
    state = fold(store.event, entries, problems=problems)
    out: list[Verification] = []
    for i, entry in enumerate(entries):
        if not isinstance(entry, SeatingSet) or entry.id in state.voided:
            continue
        params = dict(entry.params)
        before = fold(store.event, entries[:i])
        count = len(entry.rounds)
        try:
            if entry.method == "imported":
                digest = str(params.get("sha256", ""))
                again = (imported or {}).get(digest)
                if again is None:
                    out.append(Verification(
                        entry.id, entry.first_round, count, entry.method, None,
                        f"imported from {params.get('file', 'a file')} (sha256 {digest[:12]}...);"
                        " give that file with --import to compare",
                    ))
                    continue
                rounds = tuple(again)
            else:
                rounds = redo(entry.method, params, entry.first_round, before.seating)
        except ScheduleError as error:
            out.append(
                Verification(entry.id, entry.first_round, count, entry.method, None, str(error))
            )
            continue
        same = tuple(rounds) == entry.rounds
        where = f"rounds {entry.first_round}-{entry.first_round + count - 1}"
        message = (
            f"{where}: recomputed, identical"
            if same
            else f"{where}: recomputed, DIFFERENT ({_first_difference(entry.rounds, rounds)})"
        )
        out.append(Verification(entry.id, entry.first_round, count, entry.method, same, message))
    return out


def _first_difference(logged: Sequence[Tables], again: Sequence[Tables]) -> str:
    if len(logged) != len(again):
        return f"{len(logged)} rounds logged, {len(again)} recomputed"
    for r, (a, b) in enumerate(zip(logged, again, strict=True), 1):
        for t, (x, y) in enumerate(zip(a, b, strict=False), 1):
            if x != y:
                return f"round offset {r} table {t}: logged {' '.join(x)}, recomputed {' '.join(y)}"
        if len(a) != len(b):
            return f"round offset {r}: {len(a)} tables logged, {len(b)} recomputed"
    return "same rounds"

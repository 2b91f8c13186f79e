"""Seating an event file: make a plan from the event's state, write it as one `seating_set`
entry, and check any recorded entry by making it again.

The plans themselves are `mjevent.core.seating.plan` (pure); this module reads the state the
plans need (who is active, which rounds are played) and appends through
`commands.set_seating`, so a seating is refused like any other entry when it would not fit
(a round that already has results, an unknown player).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mjevent.core.entries import SeatingSet
from mjevent.core.event import PlayerStatus
from mjevent.core.i18n import _, ngettext, pgettext, wind_name
from mjevent.core.seating.check import check, table_repeats_line
from mjevent.core.seating.imports import PlayerLookup, SeatingImportError, parse_seating
from mjevent.core.seating.plan import (
    Param,
    Plan,
    Roster,
    Tables,
    event_schedule,
    generated_plan,
    imported_plan,
    library_plan,
    listed_plan,
    new_repeats,
    ranked_plan,
    redo,
    regenerated_plan,
    stage_plan,
    swap_in_round,
)
from mjevent.core.seating.schedule import Schedule, ScheduleError
from mjevent.core.state import EventState, fold
from mjevent.events.commands import (
    CommandError,
    Target,
    add_note,
    session_of,
    set_seating,
    swap_seats,
)
from mjevent.events.session import Clock, read_log
from mjevent.events.store import EventStore

__all__ = [
    "ACCEPTED",
    "ByesNeeded",
    "ReseatNeeded",
    "RoundsPlayed",
    "Swap",
    "TablePlayed",
    "Verification",
    "accepted_pairs",
    "active_roster",
    "all_players",
    "draw_text",
    "find_player",
    "keeps_teams",
    "last_seed_text",
    "left_out",
    "listed",
    "plan_cost",
    "plan_generated",
    "plan_import",
    "plan_library",
    "plan_listed",
    "plan_next_stage",
    "plan_ranked",
    "plan_regeneration",
    "plan_swap",
    "played_rounds",
    "reseat_needed",
    "seating_schedule",
    "verify_seating",
    "write_plan",
    "write_swap",
]


def active_roster(state: EventState, *, keep_teams: bool = False) -> Roster:
    """The players seated in new rounds (status active), in file order; with `keep_teams`,
    grouped team by team so that the draw and the generator keep teammates apart."""
    players = [p.id for p in state.players.values() if p.status is PlayerStatus.ACTIVE]
    if not keep_teams:
        return Roster(tuple(players))
    if not any(state.players[p].team for p in players):
        raise CommandError(
            _(
                "no player of this event has a team, so there are no teammates to keep apart; "
                "give players a team in the file (team = \"...\"), or seat without keeping teams "
                "apart"
            )
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


def listed(items: Iterable[str]) -> str:
    """Names (or pairs) in a list as the language writes one: `a, b, c`; `a、b、c`."""
    return pgettext("seating", ", ").join(items)


def all_players(state: EventState) -> list[str]:
    """Every player id of the event in file order (settings, then players added in the log)."""
    return list(state.players)


def find_player(state: EventState, ref: str) -> str:
    """The id of the player `ref` names (an id, a name, a number from 1); `CommandError` if
    none does."""
    lookup = PlayerLookup(list(state.players), {p: state.name(p) for p in state.players})
    found = lookup.find(ref)
    same = lookup.by_fold.get(ref.strip().casefold(), [])
    if found is None and len(same) > 1:
        raise CommandError(
            _("{ref!r} is the name of {count} players ({players}): give the id").format(
                ref=ref, count=len(same), players=", ".join(same)
            )
        )
    if found is None:
        raise CommandError(
            _(
                "{ref!r} is not a player of this event: give an id, a name or a number 1 to "
                "{players}"
            ).format(ref=ref, players=len(state.players))
        )
    return found


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


@dataclass(frozen=True)
class ReseatNeeded:
    """What a change of players leaves for the seating: re-seat from `from_round`.

    `gone` lists (player, round, table) for a withdrawn player still seated at a table without
    results; `unseated` the active players missing from the seated rounds not yet played.
    """

    from_round: int
    last_round: int
    gone: tuple[tuple[str, int, int], ...]
    unseated: tuple[str, ...]

    def lines(self, name: Callable[[str], str] = str, *, most: int = 3) -> list[str]:
        """The facts in words (at most `most` seats of withdrawn players, then a count)."""
        out = [
            _("{name} ({id}) withdrew but is still seated at round {round} table {table}").format(
                name=name(p), id=p, round=r, table=t
            )
            for p, r, t in self.gone[:most]
        ]
        if len(self.gone) > most:
            out.append(
                _("... and {count} more seats like these").format(count=len(self.gone) - most)
            )
        if self.unseated:
            out.append(
                _("not seated in rounds {first}-{last}: {players}").format(
                    first=self.from_round,
                    last=self.last_round,
                    players=listed(
                        pgettext("seating", "{name} ({id})").format(name=name(p), id=p)
                        for p in self.unseated
                    ),
                )
            )
        return out


def reseat_needed(state: EventState) -> ReseatNeeded | None:
    """Whether the rounds seated but not yet played still fit the players, and if not, from
    which round to re-seat (the round after the last with results). None when they fit."""
    first_open = max(played_rounds(state), default=0) + 1
    later = [r for r in sorted(state.seating) if r >= first_open]
    if not later:
        return None
    gone: list[tuple[str, int, int]] = []
    for r in later:
        for t, table in enumerate(state.seating[r], 1):
            game = state.game(r, t)
            if game is not None and (game.hands or game.finished):
                continue
            for p in table:
                who = state.players.get(p)
                if (who is not None and who.status is PlayerStatus.WITHDRAWN
                        and (who.since_round or 1) <= r):
                    gone.append((p, r, t))
    seated = {p for r in later for t in state.seating[r] for p in t} | _planned_byes(state, later)
    unseated = tuple(
        p.id for p in state.players.values()
        if p.status is PlayerStatus.ACTIVE and p.id not in seated
    )
    if not gone and not unseated:
        return None
    return ReseatNeeded(first_open, later[-1], tuple(gone), unseated)


def _planned_byes(state: EventState, rounds: Sequence[int]) -> set[str]:
    """Players the seating of `rounds` planned to sit out: on the roster of the seating entry
    that seated those rounds (the director accepted their byes), at no table. A player added
    after that seating is on no roster, so still needs a seat."""
    wanted = set(rounds)
    out: set[str] = set()
    for entry in state.entries:
        if not isinstance(entry, SeatingSet):
            continue
        covered = range(entry.first_round, entry.first_round + len(entry.rounds))
        if wanted.isdisjoint(covered):
            continue
        try:
            roster = Roster.from_params(dict(entry.params)).players
        except ScheduleError:  # a seating without a roster (imported, manual): no byes planned
            continue
        at_tables = {p for rnd in entry.rounds for t in rnd for p in t}
        out |= set(roster) - at_tables
    return out


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
        a, _plus, b = pair.partition("+")
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
        count = len(self.new_repeats)
        pairs = listed(
            _("{a} + {b} ({times}x)").format(a=name(a), b=name(b), times=n)
            for a, b, n in self.new_repeats[:6]
        )
        more = _(" and {count} more").format(count=count - 6) if count > 6 else ""
        quality = pgettext("seating", "quality: {summary}").format(summary=self.summary)
        out = [quality] if self.summary else []
        out += [
            _("new repeated pairs: {count} ({pairs}{more})").format(
                count=count, pairs=pairs, more=more
            )
            if pairs
            else _("new repeated pairs: {count}").format(count=count),
            ngettext(
                "wind spread: {spread} ({violations} time a player had sat one wind too often)",
                "wind spread: {spread} ({violations} times a player had sat one wind too often)",
                self.wind_violations,
            ).format(spread=self.wind_spread, violations=self.wind_violations)
            if self.wind_violations
            else _("wind spread: {spread} (every player's winds even)").format(
                spread=self.wind_spread
            ),
            table_repeats_line(self.table_repeats),
        ]
        if any(self.byes):
            out.append(
                pgettext("seating", "byes: {rounds}").format(
                    rounds="; ".join(
                        pgettext("seating", "round {round}: {players}").format(
                            round=i, players=listed(name(p) for p in b)
                        )
                        for i, b in enumerate(self.byes, self.first_round)
                        if b
                    )
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
        return set_seating(store, plan.first_round, plan.rounds, method=plan.method,
                           params=params, entry_id=entry_id, at=at, clock=clock)
    return set_seating(store, plan.first_round, plan.rounds, method=plan.method, params=params,
                       entry_id=entry_id, at=at)


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
                        _(
                            "imported from {file} (sha256 {digest}...); give that file with "
                            "--import to compare"
                        ).format(
                            file=params.get("file", pgettext("seating", "a file")),
                            digest=digest[:12],
                        ),
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
        first, last = entry.first_round, entry.first_round + count - 1
        message = (
            _("rounds {first}-{last}: recomputed, identical").format(first=first, last=last)
            if same
            else _("rounds {first}-{last}: recomputed, DIFFERENT ({difference})").format(
                first=first, last=last, difference=_first_difference(entry.rounds, rounds)
            )
        )
        out.append(Verification(entry.id, entry.first_round, count, entry.method, same, message))
    return out


def _first_difference(logged: Sequence[Tables], again: Sequence[Tables]) -> str:
    if len(logged) != len(again):
        return _("{logged} rounds logged, {again} recomputed").format(
            logged=len(logged), again=len(again)
        )
    for r, (a, b) in enumerate(zip(logged, again, strict=True), 1):
        for t, (x, y) in enumerate(zip(a, b, strict=False), 1):
            if x != y:
                return _(
                    "round offset {offset} table {table}: logged {logged}, recomputed {again}"
                ).format(offset=r, table=t, logged=" ".join(x), again=" ".join(y))
        if len(a) != len(b):
            return _("round offset {offset}: {logged} tables logged, {again} recomputed").format(
                offset=r, logged=len(a), again=len(b)
            )
    return pgettext("seating", "same rounds")


# --- Plans from the event's state (the CLI and the console's seating screen ask these) ---------


class ByesNeeded(CommandError):
    """The active players do not fill the tables: `over` of them would sit out each round.

    Offer byes (call again with `byes=True`) or a substitute (add players) instead.
    """

    def __init__(self, players: int, table_size: int, *, lowest: bool = False) -> None:
        self.players = players
        self.table_size = table_size
        self.over = players % table_size
        if lowest:
            message = _(
                "{players} active players do not fill tables of {size}: the lowest-placed "
                "{over} would sit out each round"
            )
        else:
            message = _(
                "{players} active players do not fill tables of {size}: {over} would sit out "
                "each round"
            )
        super().__init__(message.format(players=players, size=table_size, over=self.over))


class RoundsPlayed(CommandError):
    """Rounds with results cannot be seated again; `next_round` is the first that can."""

    def __init__(self, message: str, next_round: int) -> None:
        self.next_round = next_round
        super().__init__(message)


def draw_text(state: EventState, seed: str | None = None) -> str:
    """The draw's text: as given, else the last seating's, else the event's name (shown with
    the seating, so it is announced)."""
    if seed is not None:
        return seed
    return last_seed_text(state) or state.settings.event.name


def keeps_teams(state: EventState) -> bool:
    """Whether the event's latest seating kept teammates apart (a re-seat does too)."""
    for entry in reversed(state.entries):
        if isinstance(entry, SeatingSet):
            return "team_sizes" in dict(entry.params)
    return False


def _whole_event(state: EventState) -> None:
    played = played_rounds(state)
    if played:
        raise RoundsPlayed(
            _(
                "round {round} already has results; re-seat the rounds not yet played, from "
                "round {next}"
            ).format(round=played[0], next=played[-1] + 1),
            played[-1] + 1,
        )


def _checked(make: Callable[[], Plan]) -> Plan:
    try:
        return make()
    except ScheduleError as error:
        raise CommandError(str(error)) from None


def plan_generated(
    state: EventState, rounds: int, *, seed: str | None = None, teams: bool = False,
    byes: bool = False,
) -> Plan:
    """Generate the whole event's seating (no round may have results yet)."""
    _whole_event(state)
    roster = active_roster(state, keep_teams=teams)
    k = state.rules.players
    if roster.size % k and roster.size >= k and not byes:
        raise ByesNeeded(roster.size, k)
    return _checked(lambda: generated_plan(roster, k, rounds, draw_text(state, seed)))


def plan_listed(state: EventState, rounds: int) -> Plan:
    """A one-table event seated as its players are listed, every round (`listed_plan`); no
    round may have results yet."""
    _whole_event(state)
    roster = active_roster(state)
    return _checked(lambda: listed_plan(roster, state.rules.players, rounds))


def plan_library(
    state: EventState, block: str, rounds: int | None = None, *, seed: str | None = None,
    teams: bool = False,
) -> Plan:
    """The first `rounds` rounds (default: all) of a library block for the whole event."""
    _whole_event(state)
    roster = active_roster(state, keep_teams=teams)
    return _checked(lambda: library_plan(
        roster, state.rules.players, rounds, draw_text(state, seed), block
    ))


def plan_import(
    state: EventState, data: bytes, label: str, *, fmt: str = "auto", rounds: int | None = None
) -> Plan:
    """A seating read from a file's bytes; errors start `label:line:` (the file's name)."""
    _whole_event(state)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise CommandError(
            _("{file}: not UTF-8 text; save it as UTF-8 and import again").format(file=label)
        ) from None
    roster = active_roster(state)
    names = {p: state.name(p) for p in roster.players}
    try:
        got = parse_seating(text, roster.players, state.rules.players, names=names, fmt=fmt)
    except SeatingImportError as error:
        raise CommandError(
            pgettext("seating", "{file}:{line}: {message}").format(
                file=label, line=error.line, message=error.message
            )
        ) from None
    if rounds is not None and rounds != len(got.rounds):
        raise CommandError(
            _("{file}: holds {count} rounds; {rounds} were asked for").format(
                file=label, count=len(got.rounds), rounds=rounds
            )
        )
    return imported_plan(
        roster,
        state.rules.players,
        got.rounds,
        sha256=hashlib.sha256(data).hexdigest(),
        fmt=got.format,
        file_name=label.replace("\\", "/").rsplit("/", 1)[-1],
    )


def plan_regeneration(
    state: EventState, from_round: int, last: int | None = None, *, seed: str | None = None,
    byes: bool = False,
) -> Plan:
    """Re-seat rounds `from_round`..`last` (default: the last seated) around the earlier ones,
    which stay exactly as they are; teams stay apart when the last seating kept them apart."""
    roster = active_roster(state, keep_teams=keeps_teams(state))
    k = state.rules.players
    played = [r for r in played_rounds(state) if r >= from_round]
    if played:
        raise RoundsPlayed(
            _(
                "round {round} already has results: re-seat from round {next} (results are "
                "never moved; a table that sat on other winds is re-seated on its own)"
            ).format(round=played[0], next=played[-1] + 1),
            played[-1] + 1,
        )
    missing = [r for r in range(1, from_round) if r not in state.seating]
    if missing:
        raise CommandError(
            _("round {round} is not seated: re-seat from round {round}").format(round=missing[0])
        )
    end = max(last if last is not None else max(state.seating, default=from_round), from_round)
    if roster.size % k and not byes:
        raise ByesNeeded(roster.size, k)
    return _checked(lambda: regenerated_plan(
        roster, k, state.seating, from_round, end, draw_text(state, seed)
    ))


def plan_ranked(
    state: EventState, round_: int | None = None, *, swiss: bool = False, byes: bool = False
) -> Plan:
    """Seat one round (default: the one after the last played) by the current standings,
    ranked (1-4, 5-8 ...) or Swiss; with `byes`, the lowest placed sit out."""
    from mjevent.core.standings import standings_from_state

    k = state.rules.players
    target = round_ if round_ is not None else max(played_rounds(state), default=0) + 1
    played = [r for r in played_rounds(state) if r >= target]
    if played:
        raise CommandError(
            _("round {round} already has results: seat round {next} instead").format(
                round=played[0], next=played[-1] + 1
            )
        )
    roster = active_roster(state).players
    active = set(roster)
    order = [p for p in standings_from_state(state).order() if p in active]
    order += [p for p in roster if p not in order]
    over = len(order) % k
    if over and not byes:
        raise ByesNeeded(len(order), k, lowest=True)
    seated = order[: len(order) - over]
    return _checked(lambda: ranked_plan(seated, k, state.seating, target, swiss=swiss))


def left_out(state: EventState, plan: Plan) -> list[str]:
    """Active players outside the plan's roster: those a ranked round leaves to sit out (the
    lowest placed), in file order. The byes of a roster-wide plan are `plan_cost(...).byes`."""
    seated = set(Roster.from_params(plan.params).players)
    return [p for p in active_roster(state).players if p not in seated]


def plan_next_stage(state: EventState, *, seed: str | None = None) -> Plan:
    """Seat the next stage of `[[standings.stages]]` from the standings' cut, bracket by
    bracket (params `stage` and `brackets` say which)."""
    from mjevent.core.standings import StandingsError, standings_from_state

    stages = state.settings.standings_config().stages
    last_played = max(played_rounds(state), default=0)
    upcoming = [s for s in stages if s.rounds[0] > last_played]
    if not upcoming:
        raise CommandError(
            _("no stage left to seat: stages are set in [[standings.stages]] (docs/standings.md)")
        )
    stage = upcoming[0]
    try:
        brackets = standings_from_state(state).next_stage()
    except StandingsError as error:
        raise CommandError(str(error)) from None
    return _checked(lambda: stage_plan(
        brackets, state.rules.players, state.seating, stage.rounds[0], stage.rounds[1],
        draw_text(state, seed), stage=stage.name,
    ))


class TablePlayed(CommandError):
    """A swap touches a table that already has results; `round` and `table` say which."""

    def __init__(self, round_: int, table: int) -> None:
        self.round = round_
        self.table = table
        super().__init__(
            _(
                "round {round} table {table} already has results: seats are swapped before a "
                "table plays; if it sat otherwise, re-seat that table as it sat"
            ).format(round=round_, table=table)
        )


@dataclass(frozen=True)
class Swap:
    """Two players trading seats in a round not yet played, and what it does to the pairs:
    `created` repeated pairs (a, b, meetings) the swap makes, `removed` those it undoes."""

    round: int
    a: str
    b: str
    before: Tables
    after: Tables
    created: tuple[tuple[str, str, int], ...]
    removed: tuple[tuple[str, str], ...]

    def lines(self, state: EventState) -> list[str]:
        """The changed tables (as they would sit, and as they were) and the pairs, in words."""
        winds = "ESWN"[: state.rules.players]
        out = [
            _("round {round} table {table}: {seats}   (was {before})").format(
                round=self.round,
                table=t,
                seats="  ".join(
                    f"{wind_name(w)} {state.name(p)}" for w, p in zip(winds, new, strict=True)
                ),
                before=" ".join(state.name(p) for p in old),
            )
            for t, (old, new) in enumerate(zip(self.before, self.after, strict=True), 1)
            if old != new
        ]
        name = state.name
        out.append(
            _("repeated pairs created: {count}").format(count=len(self.created))
            + "".join(
                _("; {a} + {b} ({times}x)").format(a=name(x), b=name(y), times=n)
                for x, y, n in self.created
            )
        )
        out.append(
            _("repeated pairs removed: {count}").format(count=len(self.removed))
            + "".join(_("; {a} + {b}").format(a=name(x), b=name(y)) for x, y in self.removed)
        )
        return out


def plan_swap(state: EventState, round_: int, a: str, b: str) -> Swap:
    """What swapping players `a` and `b` (ids, names or numbers) in `round_` would do; a
    `CommandError` names why it cannot be done (the round is not seated, a table of theirs
    already has results, one of them is not seated in it)."""
    pa, pb = find_player(state, a), find_player(state, b)
    tables = state.seating.get(round_)
    if tables is None:
        raise CommandError(pgettext("seating", "round {round} is not seated").format(round=round_))
    try:
        swapped = swap_in_round(tables, pa, pb)
    except ScheduleError as error:
        raise CommandError(
            pgettext("seating", "round {round}: {error}").format(round=round_, error=error)
        ) from None
    for t, table in enumerate(tables, 1):
        game = state.game(round_, t)
        if {pa, pb} & set(table) and game is not None and (game.hands or game.finished):
            # The fold refuses a swap at a table with hands; one finished by final scores
            # only has none, so the plan refuses results of either kind.
            raise TablePlayed(round_, t)
    others = [state.seating[r] for r in sorted(state.seating) if r != round_]
    before = {(x, y) for x, y, _ in new_repeats(others, [tables])}
    after = new_repeats(others, [swapped])
    created = tuple((x, y, n) for x, y, n in after if (x, y) not in before)
    removed = tuple(sorted(before - {(x, y) for x, y, _ in after}))
    return Swap(round_, pa, pb, tables, swapped, created, removed)


def write_swap(store: Target, swap: Swap, *, clock: Clock | None = None) -> EventState:
    """Append the swap (`seats_swapped`), then, when it makes repeated pairs, a note that the
    director accepted them (`ACCEPTED`, read back by `accepted_pairs`)."""
    # Only a given clock is passed: the commands' own default stamps the time otherwise.
    stamp: dict[str, Any] = {} if clock is None else {"clock": clock}
    store = session_of(store)  # the note is folded onto the swap, not the log again
    state = swap_seats(store, swap.round, swap.a, swap.b, **stamp)
    if swap.created:
        state = add_note(store, ACCEPTED + " ".join(f"{x}+{y}" for x, y, _ in swap.created)
                         + f" (swap in round {swap.round})", round=swap.round, **stamp)
    return state

"""Seating plans made from an event's state, and what each would cost, before anything is
written: the whole event generated, listed, from a library block or a file; a re-seat of the
rounds not yet played; a round by the standings; the next stage; a swap of two players; and
every logged seating made again to check it.

Pure: the plans themselves are `mjevent.core.seating.plan`; `mjevent.events.seating` appends
the one the director accepts.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from mjevent.core.entries import Entry, SeatingSet
from mjevent.core.i18n import _, listed, ngettext, pgettext, wind_name
from mjevent.core.seating.check import check, table_repeats_line
from mjevent.core.seating.event_state import (
    SeatingError,
    active_roster,
    all_players,
    draw_text,
    find_player,
    keeps_teams,
    played_rounds,
)
from mjevent.core.seating.imports import SeatingImportError, parse_seating
from mjevent.core.seating.plan import (
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
from mjevent.core.seating.schedule import ScheduleError
from mjevent.core.settings import EventSettings
from mjevent.core.standings import StandingsError
from mjevent.core.standings.compute import Standings
from mjevent.core.state import EventState, FoldMemo, fold

__all__ = [
    "ByesNeeded",
    "Cost",
    "RoundsPlayed",
    "Swap",
    "TablePlayed",
    "Verification",
    "left_out",
    "plan_cost",
    "plan_generated",
    "plan_import",
    "plan_library",
    "plan_listed",
    "plan_next_stage",
    "plan_ranked",
    "plan_regeneration",
    "plan_swap",
    "recompute_seatings",
]


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


@dataclass(frozen=True)
class Verification:
    """One recorded seating entry and whether it recomputes to the same rounds."""

    entry: str
    first_round: int
    rounds: int
    method: str
    matches: bool | None
    message: str


def recompute_seatings(
    settings: EventSettings,
    entries: Sequence[Entry],
    *,
    imported: Mapping[str, Sequence[Tables]] | None = None,
) -> list[Verification]:
    """Make every `seating_set` entry of the log again from its params and compare.

    Each entry is recomputed against the log as it stood just before it (the rounds already
    seated then). `matches` is None when the entry cannot be recomputed from the file
    (`imported`, `manual`); `imported` maps a sha256 to rounds read again from a file.
    """
    memo = FoldMemo()  # each prefix's fold finds the steps of the one before
    state = fold(settings, entries, memo=memo)
    out: list[Verification] = []
    for i, entry in enumerate(entries):
        if not isinstance(entry, SeatingSet) or entry.id in state.voided:
            continue
        params = dict(entry.params)
        before = fold(settings, entries[:i], memo=memo)
        count = len(entry.rounds)
        try:
            if entry.method == "imported":
                digest = str(params.get("sha256", ""))
                again = (imported or {}).get(digest)
                if again is None:
                    out.append(
                        Verification(
                            entry.id,
                            entry.first_round,
                            count,
                            entry.method,
                            None,
                            _(
                                "imported from {file} (sha256 {digest}...); give that file with "
                                "--import to compare"
                            ).format(
                                file=params.get("file", pgettext("seating", "a file")),
                                digest=digest[:12],
                            ),
                        )
                    )
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


class ByesNeeded(SeatingError):
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


class RoundsPlayed(SeatingError):
    """Rounds with results cannot be seated again; `next_round` is the first that can."""

    def __init__(self, message: str, next_round: int) -> None:
        self.next_round = next_round
        super().__init__(message)


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
        raise SeatingError(str(error)) from None


def plan_generated(
    state: EventState,
    rounds: int,
    *,
    seed: str | None = None,
    teams: bool = False,
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
    state: EventState,
    block: str,
    rounds: int | None = None,
    *,
    seed: str | None = None,
    teams: bool = False,
) -> Plan:
    """The first `rounds` rounds (default: all) of a library block for the whole event."""
    _whole_event(state)
    roster = active_roster(state, keep_teams=teams)
    return _checked(
        lambda: library_plan(roster, state.rules.players, rounds, draw_text(state, seed), block)
    )


def plan_import(
    state: EventState, data: bytes, label: str, *, fmt: str = "auto", rounds: int | None = None
) -> Plan:
    """A seating read from a file's bytes; errors start `label:line:` (the file's name)."""
    _whole_event(state)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise SeatingError(
            _("{file}: not UTF-8 text; save it as UTF-8 and import again").format(file=label)
        ) from None
    roster = active_roster(state)
    names = {p: state.name(p) for p in roster.players}
    try:
        got = parse_seating(text, roster.players, state.rules.players, names=names, fmt=fmt)
    except SeatingImportError as error:
        raise SeatingError(
            pgettext("seating", "{file}:{line}: {message}").format(
                file=label, line=error.line, message=error.message
            )
        ) from None
    if rounds is not None and rounds != len(got.rounds):
        raise SeatingError(
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
    state: EventState,
    from_round: int,
    last: int | None = None,
    *,
    seed: str | None = None,
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
        raise SeatingError(
            _("round {round} is not seated: re-seat from round {round}").format(round=missing[0])
        )
    end = max(last if last is not None else max(state.seating, default=from_round), from_round)
    if roster.size % k and not byes:
        raise ByesNeeded(roster.size, k)
    return _checked(
        lambda: regenerated_plan(roster, k, state.seating, from_round, end, draw_text(state, seed))
    )


def plan_ranked(
    state: EventState,
    standings: Callable[[], Standings],
    round_: int | None = None,
    *,
    swiss: bool = False,
    byes: bool = False,
) -> Plan:
    """Seat one round (default: the one after the last played) by the current standings
    (`standings` gives the event's, `EventSession.standings`; asked once the round can be
    seated), ranked (1-4, 5-8 ...) or Swiss; with `byes`, the lowest placed sit out."""
    k = state.rules.players
    target = round_ if round_ is not None else max(played_rounds(state), default=0) + 1
    played = [r for r in played_rounds(state) if r >= target]
    if played:
        raise SeatingError(
            _("round {round} already has results: seat round {next} instead").format(
                round=played[0], next=played[-1] + 1
            )
        )
    roster = active_roster(state).players
    active = set(roster)
    order = [p for p in standings().order() if p in active]
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


def plan_next_stage(
    state: EventState, standings: Callable[[], Standings], *, seed: str | None = None
) -> Plan:
    """Seat the next stage of `[[standings.stages]]` from the standings' cut (`standings`
    gives the event's, `EventSession.standings`; asked once a stage is left to seat), bracket
    by bracket (params `stage` and `brackets` say which)."""
    stages = state.settings.standings_config().stages
    last_played = max(played_rounds(state), default=0)
    upcoming = [s for s in stages if s.rounds[0] > last_played]
    if not upcoming:
        raise SeatingError(
            _("no stage left to seat: stages are set in [[standings.stages]] (docs/standings.md)")
        )
    stage = upcoming[0]
    try:
        brackets = standings().next_stage()
    except StandingsError as error:
        raise SeatingError(str(error)) from None
    return _checked(
        lambda: stage_plan(
            brackets,
            state.rules.players,
            state.seating,
            stage.rounds[0],
            stage.rounds[1],
            draw_text(state, seed),
            stage=stage.name,
        )
    )


class TablePlayed(SeatingError):
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
    `SeatingError` names why it cannot be done (the round is not seated, a table of theirs
    already has results, one of them is not seated in it)."""
    pa, pb = find_player(state, a), find_player(state, b)
    tables = state.seating.get(round_)
    if tables is None:
        raise SeatingError(pgettext("seating", "round {round} is not seated").format(round=round_))
    try:
        swapped = swap_in_round(tables, pa, pb)
    except ScheduleError as error:
        raise SeatingError(
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

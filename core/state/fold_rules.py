"""The fold's rules: the mutable working set of a fold (`_Fold`), with one rule per entry kind
(`@_rule`) saying what applying an entry of that kind does to it.

Separate from `folder` because these are the event's rules, one method per kind, while the
folder only keeps a working set alive and freezes it into an `EventState`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable, Sequence
from typing import Any, TypeVar

from mjevent.core.entries import (
    KINDS,
    WINDS,
    Correction,
    Entry,
    GameFinished,
    HandRecorded,
    Note,
    Penalty,
    PlayerAdded,
    PlayerCheckedIn,
    PlayerId,
    PlayerRenamed,
    PlayerReturned,
    PlayerSubstituted,
    PlayerWithdrawn,
    PrizesRevealed,
    RoundExtended,
    RoundPaused,
    RoundResumed,
    RoundStarted,
    SeatingSet,
    SeatsSwapped,
    TableEntryApproved,
    TableEntryConfirmed,
    TableEntryRejected,
    TableEntrySubmitted,
    TableReseated,
    TimeCalled,
)
from mjevent.core.settings import EventSettings, PlayerStatus
from mjevent.core.state.entry_texts import _TEXTS, entry_text_problems
from mjevent.core.state.memo import FoldMemo
from mjevent.core.state.problems import Problem, ProblemKind, Words
from mjevent.core.state.table import _Table
from mjevent.core.state.table_entry_problems import (
    confirm_problem,
    seat_missing,
    settled_problem,
    stale_problem,
)
from mjevent.core.state.values import (
    PlayerState,
    RoundClock,
    RoundSeating,
    TableSeats,
    same_table_entry,
)
from mjevent.core.text import suggest

_RULES: dict[type[Entry], Callable[[_Fold, Any], None]] = {}
"""The fold rule of every entry kind: what applying an entry of that kind does to the state."""

_Method = TypeVar("_Method", bound=Callable[..., None])


def _rule(*kinds: type[Entry]) -> Callable[[_Method], _Method]:
    """Make the `_Fold` method below the fold rule of `kinds` (each kind has exactly one)."""

    def register(method: _Method) -> _Method:
        for kind in kinds:
            if kind in _RULES:
                raise TypeError(f"{kind.__name__} has two fold rules")
            _RULES[kind] = method
        return method

    return register


def fold_rule_missing() -> list[str]:
    """The entry kinds (`entries.KINDS`) without a fold rule; empty when every kind has one."""
    return sorted(kind for kind, cls in KINDS.items() if cls not in _RULES)


class _Fold:
    """The mutable working set of a fold; `Folder` keeps one alive between entries.

    Tables are copied on write: `fork` shares them with the copy, and `table` copies a shared
    one before handing it out to be changed, so a fork can take an entry (and be thrown away)
    while the original stays as it was.
    """

    def __init__(self, settings: EventSettings, problems: list[Problem], memo: FoldMemo) -> None:
        self.settings = settings
        self.memo = memo
        self.rules = settings.rules.ruleset
        self.problems = problems
        self.players: dict[PlayerId, PlayerState] = {
            p.id: PlayerState(p.id, p.name, p.team, p.rating, p.status) for p in settings.players
        }
        self.seating: dict[int, RoundSeating] = {}
        self.tables: dict[tuple[int, int], _Table] = {}
        self.clocks: dict[int, RoundClock] = {}
        self.penalties: list[Penalty] = []
        self.notes: list[Note] = []
        self.round_time_called: dict[int, str] = {}
        self.withdrawals: dict[PlayerId, PlayerWithdrawn] = {}
        self.flagged: set[tuple[PlayerId, int]] = set()
        self.presence: dict[int, dict[PlayerId, bool]] = {}
        # Table entries (docs/serve.md): those still pending, how each other was settled, and
        # the hand or game's end each confirmation, approval or direct entry put in the game
        # (under that entry's id: it replaces the entry in `state.entries`).
        self.pending: dict[str, TableEntrySubmitted] = {}
        self.settled: dict[str, tuple[str, str]] = {}
        self.accepted: dict[str, HandRecorded | GameFinished] = {}
        # The tables this working set may change in place; the others are shared with a fork.
        self.owned: set[tuple[int, int]] = set()
        for r in settings.seating.rounds:
            self.set_round(None, r.round, r.tables)

    def fork(self) -> _Fold:
        """A working set equal to this one that can take more entries without changing it.

        Costs a copy of the containers (a few thousand references at 500 players), not of the
        tables: from now on both sides copy a table before they change it.
        """
        twin = object.__new__(_Fold)
        for name, value in vars(self).items():
            # Containers are copied (one level), values shared: every value a fold rule
            # changes is replaced, not changed in place, except tables (copied on write).
            copied = value.copy() if isinstance(value, dict | list | set) else value
            setattr(twin, name, copied)
        twin.owned = set()
        self.owned = set()
        return twin

    def problem(self, entry: Entry | None, kind: ProblemKind, /, **data: Hashable) -> None:
        self.problems.append(
            Problem(None if entry is None else entry.id, kind, tuple(data.items()))
        )

    def add(self, entry: Entry, problem: Problem) -> None:
        """Add `problem` (made without an entry) as a problem of `entry`."""
        self.problems.append(dataclasses.replace(problem, entry=entry.id))

    # Seating ---------------------------------------------------------------------------------

    def set_round(self, entry: Entry | None, rnd: int, tables: Sequence[TableSeats]) -> None:
        if any(k[0] == rnd and (t.played or t.finished) for k, t in self.tables.items()):
            self.problem(entry, ProblemKind.RESEATS_PLAYED_ROUND, round=rnd)
            return
        seen: set[PlayerId] = set()
        for t, table in enumerate(tables, 1):
            if len(table) != self.rules.players:
                kind = (
                    ProblemKind.SETTINGS_SEATING_SIZE if entry is None else ProblemKind.SEATING_SIZE
                )
                self.problem(
                    entry, kind, round=rnd, table=t, count=len(table), players=self.rules.players
                )
            for p in table:
                if p in seen:
                    self.problem(entry, ProblemKind.SEATED_TWICE, player=p, round=rnd)
                seen.add(p)
                if p not in self.players:
                    self.problem(
                        entry, ProblemKind.SEATS_UNKNOWN_PLAYER, round=rnd, table=t, player=p
                    )
                elif self.withdrawn_in(p, rnd):
                    self.flagged.add((p, rnd))
                    self.problem(
                        entry,
                        ProblemKind.SEATS_WITHDRAWN_PLAYER,
                        round=rnd,
                        table=t,
                        name=self.players[p].name,
                        player=p,
                    )
        self.seating[rnd] = tuple(tuple(t) for t in tables)
        for key in [k for k in self.tables if k[0] == rnd]:
            del self.tables[key]

    def seated_after_withdrawal(self) -> list[Problem]:
        """A withdrawn player still seated in a round from their withdrawal on, with no result
        at that table yet: the round must be re-seated. The problem belongs to the event, not
        to the withdrawal (withdrawing first and re-seating next is the right order), so it is
        found again for every state rather than kept."""
        found: list[Problem] = []
        for player, entry in self.withdrawals.items():
            for rnd, tables in sorted(self.seating.items()):
                if rnd < entry.from_round or (player, rnd) in self.flagged:
                    continue
                for t, table in enumerate(tables, 1):
                    game = self.tables.get((rnd, t))
                    if player in table and (game is None or not (game.played or game.finished)):
                        found.append(
                            Problem.of(
                                None,
                                ProblemKind.STILL_SEATED,
                                name=self.players[player].name,
                                player=player,
                                from_round=entry.from_round,
                                round=rnd,
                                table=t,
                            )
                        )
        return found

    def withdrawn_in(self, player: PlayerId, rnd: int) -> bool:
        p = self.players[player]
        return p.status is PlayerStatus.WITHDRAWN and (p.since_round or 1) <= rnd

    def table(self, entry: Entry, rnd: int, table: int) -> _Table | None:
        """The table `entry` changes (made on its first entry), this working set's own."""
        key = (rnd, table)
        existing = self.tables.get(key)
        if existing is not None:
            if key not in self.owned:
                existing = self.tables[key] = existing.copy()
                self.owned.add(key)
            existing.cached = None
            return existing
        tables = self.seating.get(rnd)
        if tables is None:
            self.problem(entry, ProblemKind.ROUND_NOT_SEATED, round=rnd)
            return None
        if not 1 <= table <= len(tables):
            self.problem(entry, ProblemKind.NO_SUCH_TABLE, table=table, round=rnd, last=len(tables))
            return None
        state = _Table(rnd, table, tables[table - 1], self.rules, self.memo)
        if rnd in self.round_time_called:
            state.time_call_at = 0
        self.tables[key] = state
        self.owned.add(key)
        return state

    @_rule(SeatsSwapped)
    def swap(self, entry: SeatsSwapped) -> None:
        tables = self.seating.get(entry.round)
        if tables is None:
            self.problem(entry, ProblemKind.SWAP_ROUND_NOT_SEATED, round=entry.round)
            return
        where: dict[PlayerId, tuple[int, int]] = {}
        for t, table in enumerate(tables):
            for s, p in enumerate(table):
                where[p] = (t, s)
        missing = [p for p in (entry.a, entry.b) if p not in where]
        if missing:
            self.problem(entry, ProblemKind.SWAP_NOT_SEATED, player=missing[0], round=entry.round)
            return
        (ta, sa), (tb, sb) = where[entry.a], where[entry.b]
        played = [
            t + 1
            for t in {ta, tb}
            if (g := self.tables.get((entry.round, t + 1))) is not None and g.played
        ]
        if played:
            self.problem(entry, ProblemKind.SWAP_PLAYED, round=entry.round, table=played[0])
            return
        grid = [list(t) for t in tables]
        grid[ta][sa], grid[tb][sb] = entry.b, entry.a
        self.seating[entry.round] = tuple(tuple(t) for t in grid)
        for t in {ta, tb}:
            self.tables.pop((entry.round, t + 1), None)

    # Entries: one fold rule per kind (`_rule`) ------------------------------------------------

    def apply(self, entry: Entry) -> None:
        kind = type(entry)
        if kind in _TEXTS:
            for problem in entry_text_problems(entry):
                self.add(entry, problem)
        _RULES[kind](self, entry)

    @_rule(HandRecorded)
    def hand(self, entry: HandRecorded) -> None:
        # `table` written out for a table this working set owns already (nearly every hand of
        # a fold: only a table's first entry, or its first after a fork, makes or copies it).
        key = (entry.round, entry.table)
        table = self.tables.get(key)
        if table is not None and key in self.owned:
            table.cached = None
        else:
            table = self.table(entry, entry.round, entry.table)
            if table is None:
                return
        table.apply(entry, self.problems)

    @_rule(GameFinished)
    def finish(self, entry: GameFinished) -> None:
        table = self.table(entry, entry.round, entry.table)
        if table is not None:
            table.finish(entry, self.problems)

    @_rule(TableReseated)
    def reseat(self, entry: TableReseated) -> None:
        table = self.table(entry, entry.round, entry.table)
        if table is not None and table.reseat(entry, self.problems):
            grid = list(self.seating[entry.round])
            grid[entry.table - 1] = entry.seats
            self.seating[entry.round] = tuple(grid)

    @_rule(SeatingSet)
    def seating_set(self, entry: SeatingSet) -> None:
        for i, tables in enumerate(entry.rounds):
            self.set_round(entry, entry.first_round + i, tables)

    @_rule(Penalty)
    def penalty(self, entry: Penalty) -> None:
        if entry.player not in self.players:
            known = tuple(self.players)
            if suggest(entry.player, known):
                hint = Words(suggest, (entry.player, known))
                self.problem(
                    entry, ProblemKind.PENALTY_UNKNOWN_PLAYER_HINT, player=entry.player, hint=hint
                )
            else:
                self.problem(entry, ProblemKind.PENALTY_UNKNOWN_PLAYER, player=entry.player)
        else:
            self.penalties.append(entry)

    @_rule(Note)
    def note(self, entry: Note) -> None:
        self.notes.append(entry)

    @_rule(PrizesRevealed)
    def prizes_revealed(self, entry: PrizesRevealed) -> None:
        """Only the prize-giving view and the projector read it (the latest in `entries`)."""

    @_rule(Correction)
    def correction(self, entry: Correction) -> None:
        """Corrections are resolved before the fold (`_resolve`) and never reach it."""

    @_rule(TimeCalled)
    def time_called(self, entry: TimeCalled) -> None:
        if entry.round not in self.seating:
            self.problem(entry, ProblemKind.TIME_ROUND_NOT_SEATED, round=entry.round)
            return
        clock = self.clocks.get(entry.round, RoundClock(entry.round))
        if entry.table is None:
            self.round_time_called[entry.round] = entry.at
            targets = range(1, len(self.seating[entry.round]) + 1)
        else:
            targets = range(entry.table, entry.table + 1)
        called = dict(clock.time_called)
        called[entry.table or 0] = entry.at
        self.clocks[entry.round] = dataclasses.replace(clock, time_called=called)
        for t in targets:
            table = self.table(entry, entry.round, t)
            if table is None:
                continue
            table.call_time(entry.id)

    @_rule(RoundStarted, RoundPaused, RoundResumed, RoundExtended)
    def clock(self, entry: RoundStarted | RoundPaused | RoundResumed | RoundExtended) -> None:
        rnd = entry.round
        clock = self.clocks.get(rnd, RoundClock(rnd))
        if isinstance(entry, RoundStarted):
            if clock.started is not None:
                self.problem(entry, ProblemKind.ROUND_STARTED_TWICE, round=rnd, at=clock.started)
                return
            clock = dataclasses.replace(clock, started=entry.at)
        elif isinstance(entry, RoundPaused):
            if clock.started is None or clock.paused:
                self.problem(entry, ProblemKind.PAUSED_NOT_RUNNING, round=rnd)
                return
            clock = dataclasses.replace(clock, pauses=(*clock.pauses, (entry.at, None)))
        elif isinstance(entry, RoundResumed):
            if not clock.paused:
                self.problem(entry, ProblemKind.RESUMED_NOT_PAUSED, round=rnd)
                return
            clock = dataclasses.replace(
                clock, pauses=(*clock.pauses[:-1], (clock.pauses[-1][0], entry.at))
            )
        elif entry.table is None:
            clock = dataclasses.replace(clock, extra_seconds=clock.extra_seconds + entry.seconds)
        else:
            extra = dict(clock.table_extra)
            extra[entry.table] = extra.get(entry.table, 0) + entry.seconds
            clock = dataclasses.replace(clock, table_extra=extra)
        self.clocks[rnd] = clock

    @_rule(PlayerSubstituted)
    def substitute(self, entry: PlayerSubstituted) -> None:
        table = self.table(entry, entry.round, entry.table)
        if table is None:
            return
        if entry.player not in table.seats:
            self.problem(
                entry,
                ProblemKind.NOT_AT_TABLE,
                player=entry.player,
                table=table.label,
                seats=", ".join(table.seats),
            )
            return
        seat = table.seats.index(entry.player)
        table.substitutes[seat] = entry.substitute
        during = entry.during_game if entry.during_game is not None else bool(table.played)
        if during:
            table.in_play.add(seat)
        else:
            table.in_play.discard(seat)

    @_rule(PlayerAdded)
    def player_added(self, entry: PlayerAdded) -> None:
        if entry.player in self.players:
            self.problem(entry, ProblemKind.PLAYER_ID_TAKEN, player=entry.player)
            return
        self.players[entry.player] = PlayerState(
            entry.player, entry.name, entry.team, entry.rating, PlayerStatus.ACTIVE
        )

    def known(
        self, entry: PlayerRenamed | PlayerWithdrawn | PlayerReturned | PlayerCheckedIn
    ) -> PlayerState | None:
        """The player `entry` is about, or None (and a problem) when there is no such player."""
        current = self.players.get(entry.player)
        if current is None:
            self.problem(entry, ProblemKind.UNKNOWN_PLAYER, player=entry.player)
        return current

    @_rule(PlayerRenamed)
    def player_renamed(self, entry: PlayerRenamed) -> None:
        if (current := self.known(entry)) is not None:
            self.players[entry.player] = dataclasses.replace(current, name=entry.name)

    @_rule(PlayerWithdrawn)
    def player_withdrawn(self, entry: PlayerWithdrawn) -> None:
        if (current := self.known(entry)) is not None:
            self.players[entry.player] = dataclasses.replace(
                current, status=PlayerStatus.WITHDRAWN, since_round=entry.from_round
            )
            self.withdrawals[entry.player] = entry

    @_rule(PlayerReturned)
    def player_returned(self, entry: PlayerReturned) -> None:
        if (current := self.known(entry)) is None:
            return
        if current.status is not PlayerStatus.WITHDRAWN:
            self.problem(entry, ProblemKind.RETURNS_NOT_WITHDRAWN, name=current.name)
        self.withdrawals.pop(entry.player, None)
        self.players[entry.player] = dataclasses.replace(
            current, status=PlayerStatus.ACTIVE, since_round=entry.from_round
        )

    @_rule(TableEntrySubmitted)
    def table_entry(self, entry: TableEntrySubmitted) -> None:
        seats = self.seating.get(entry.round)
        if seats is None or not 1 <= entry.table <= len(seats):
            # The same words as a hand for a table that does not exist.
            self.table(entry, entry.round, entry.table)
            return
        if WINDS.index(entry.seat) >= self.rules.players:
            self.add(entry, seat_missing(entry.seat, self.rules.players))
            return
        if entry.mode == "direct":
            self.accept(entry, entry)
        else:
            self.pending[entry.id] = entry

    @_rule(TableEntryConfirmed)
    def table_entry_confirmed(self, entry: TableEntryConfirmed) -> None:
        target = self.pending_target(entry)
        if target is None:
            return
        problem = confirm_problem(target, entry.seat, self.players_at(target), self.rules.players)
        if problem is None and self.conflicting(target):
            problem = Problem(None, ProblemKind.CONFLICTING_ENTRY)
        if problem is not None:
            self.add(entry, problem)
            return
        self.accept(target, entry)

    @_rule(TableEntryApproved)
    def table_entry_approved(self, entry: TableEntryApproved) -> None:
        target = self.pending_target(entry)
        if target is not None:
            self.accept(target, entry)

    @_rule(TableEntryRejected)
    def table_entry_rejected(self, entry: TableEntryRejected) -> None:
        target = self.pending_target(entry)
        if target is not None:
            del self.pending[target.id]
            self.settled[target.id] = ("rejected", entry.id)

    def pending_target(
        self, entry: TableEntryConfirmed | TableEntryApproved | TableEntryRejected
    ) -> TableEntrySubmitted | None:
        """The pending table entry `entry` settles, or None (and a problem) when there is none."""
        target = self.pending.get(entry.target)
        if target is not None:
            return target
        if entry.target in self.settled:
            how, by = self.settled[entry.target]
            self.add(entry, settled_problem(entry.target, how, by))
        else:
            self.problem(entry, ProblemKind.TARGET_NOT_IN_LOG, target=entry.target)
        return None

    def players_at(self, target: TableEntrySubmitted) -> TableSeats:
        tables = self.seating.get(target.round, ())
        return tables[target.table - 1] if 1 <= target.table <= len(tables) else ()

    def conflicting(self, target: TableEntrySubmitted) -> bool:
        hand = (target.round, target.table, target.hands)
        return any(
            other.id != target.id
            and (other.round, other.table, other.hands) == hand
            and not same_table_entry(other, target)
            for other in self.pending.values()
        )

    def accept(self, target: TableEntrySubmitted, by: Entry) -> None:
        """Put `target`'s hand (or game's end) in the game under `by`'s id, as if the console
        had recorded it there; the other entries pending for that hand lose to it."""
        table = self.tables.get((target.round, target.table))
        played = 0 if table is None else len(table.played) + (table.finished is not None)
        if played != target.hands:
            self.add(by, stale_problem(target, played))
            return
        inner = dataclasses.replace(target.entry, id=by.id, at=by.at)
        before = len(self.problems)
        if isinstance(inner, HandRecorded):
            self.hand(inner)
        else:
            self.finish(inner)
        if len(self.problems) > before:
            return
        self.accepted[by.id] = inner
        self.pending.pop(target.id, None)
        how = (
            "direct"
            if by is target
            else "confirmed"
            if isinstance(by, TableEntryConfirmed)
            else "approved"
        )
        self.settled[target.id] = (how, by.id)
        for other in [
            o
            for o in self.pending.values()
            if (o.round, o.table, o.hands) == (target.round, target.table, target.hands)
        ]:
            del self.pending[other.id]
            self.settled[other.id] = ("lost", by.id)

    @_rule(PlayerCheckedIn)
    def player_checked_in(self, entry: PlayerCheckedIn) -> None:
        # The round's roll call is replaced, never changed in place: a fork shares it.
        if self.known(entry) is not None:
            self.presence[entry.round] = {
                **self.presence.get(entry.round, {}),
                entry.player: entry.present,
            }

"""The state of an event: a pure fold of the log over the settings.

`fold(settings, entries)` replays every entry in log order and returns an `EventState`: the
players and their status, the seating of every round, every table's game (hand by hand through
`mjevent.core.game`, or by final scores), each finished game's `GameResult`, the round clocks,
the penalties, and the problems found on the way. The same settings and entries always give the
same state.

`fold` never raises on bad log content. An entry that cannot apply (a hand at a table that does
not exist in that round, a hand after the game ended, final scores that do not add up, a
correction of an unknown id ...) is recorded as a `Problem` naming the entry, and the fold goes
on; `mjevent check` reports them.

Corrections are resolved before anything is applied: a voided entry is skipped, an amended entry
is replaced, in its place in the log, by the amendment. Voiding a correction restores the entry
it changed.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
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
from mjevent.core.game import (
    EndReason,
    GameState,
    apply_hand,
    call_time,
    end_explanation,
    end_game,
    new_game,
    result_of,
)
from mjevent.core.heap import collector_paused
from mjevent.core.i18n import N_, _, pgettext, wind_name
from mjevent.core.outcomes import (
    AbortiveDraw,
    ChomboHand,
    Draw,
    Hand,
    Ron,
    Tsumo,
    Win,
)
from mjevent.core.results import GameResult, ScoreSumError, check_final_scores, game_result
from mjevent.core.rules import RuleSet
from mjevent.core.scoring import Settlement
from mjevent.core.settings import EventSettings, PlayerStatus
from mjevent.core.text import name_problem, quoted_name, suggest, text_problem

__all__ = [
    "EventState",
    "Folder",
    "HandPlayed",
    "PlayerState",
    "Problem",
    "RoundClock",
    "TableGame",
    "fold",
    "fold_rule_missing",
    "remap_hand",
]

TableSeats = tuple[PlayerId, ...]
RoundSeating = tuple[TableSeats, ...]


@dataclass(frozen=True, slots=True)
class Problem:
    """Something in the log that does not add up; `entry` is the id of the entry at fault."""

    entry: str | None
    message: str

    def __str__(self) -> str:
        if not self.entry:
            return self.message
        return _("entry {entry}: {problem}").format(entry=self.entry, problem=self.message)


@dataclass(frozen=True, slots=True)
class PlayerState:
    """A player as the log leaves them: name, team, status and since which round it holds."""

    id: PlayerId
    name: str
    team: str | None
    rating: int | float | None
    status: PlayerStatus
    since_round: int | None = None


@dataclass(frozen=True, slots=True)
class HandPlayed:
    """One applied hand: the entry it came from, the hand in the table's seats, its settlement,
    and the game state after it."""

    entry: str
    hand: Hand
    settlement: Settlement
    after: GameState


@dataclass(frozen=True)
class TableGame:
    """One table's game in one round.

    `seats` lists the players in seat order (E S W N of the first hand). `state` is the game
    state after the last applied hand (None for a game recorded by final scores only). `result`
    is set once the game is over, `finished` names the entry that closed it.
    `substitutes` maps a seat to the name of whoever played it in the absent player's place;
    `swapped_in_play` are those of its seats swapped after the game began (EMA 2025 §7.3).
    """

    round: int
    table: int
    seats: TableSeats
    hands: tuple[HandPlayed, ...] = ()
    state: GameState | None = None
    result: GameResult | None = None
    finished: str | None = None
    substitutes: Mapping[int, str] = field(default_factory=dict)
    swapped_in_play: frozenset[int] = frozenset()

    @property
    def label(self) -> str:
        """`round 2 table 3`, for messages."""
        return table_label(self.round, self.table)


@dataclass(frozen=True, slots=True)
class RoundClock:
    """What the timer needs from the log about one round (times are the entries' `at`).

    `pauses` lists (paused at, resumed at or None while paused); `extra_seconds` is time added
    for every table, `table_extra` per table; `time_called` maps a table (0 = every table) to
    when time was called there.
    """

    round: int
    started: str | None = None
    pauses: tuple[tuple[str, str | None], ...] = ()
    extra_seconds: int = 0
    table_extra: Mapping[int, int] = field(default_factory=dict)
    time_called: Mapping[int, str] = field(default_factory=dict)

    @property
    def paused(self) -> bool:
        """Whether the clock is stopped right now."""
        return bool(self.pauses) and self.pauses[-1][1] is None


@dataclass(frozen=True, eq=False)
class EventState:
    """Everything the console shows, folded from the log. Compared by identity (a new fold is a
    new state), so a reactive attribute notices a replaced state at once.

    `entries` are the effective entries in log order (voided ones left out, amended ones
    replaced); `log_ids` every id in the log, voided or not (to refuse a retried entry).
    `presence` is the roll call of each round: a player checked in (True) or marked absent
    (False) for it by `player_checked_in` entries, the last one for a player counting; a player
    not named there was not called.
    """

    settings: EventSettings
    players: Mapping[PlayerId, PlayerState]
    seating: Mapping[int, RoundSeating]
    games: Mapping[tuple[int, int], TableGame]
    clocks: Mapping[int, RoundClock]
    penalties: tuple[Penalty, ...]
    notes: tuple[Note, ...]
    entries: tuple[Entry, ...]
    voided: frozenset[str]
    log_ids: frozenset[str]
    problems: tuple[Problem, ...]
    presence: Mapping[int, Mapping[PlayerId, bool]] = field(default_factory=dict)
    pending: Mapping[str, TableEntrySubmitted] = field(default_factory=dict)
    """The table entries waiting for a second seat or the director, by id, in log order
    (docs/serve.md, "Table entries"); none of them counts in a game."""
    settled: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    """Each table entry no longer pending: its id -> (how, by). `how` is "direct" (it counted
    at once; `by` is its own id), "confirmed", "approved" or "rejected" (`by`: that entry's
    id), or "lost" (another entry for the same hand counted: `by` is the entry that made it
    count)."""

    def conflicts(self, entry_id: str) -> tuple[str, ...]:
        """The other pending entries that say something different for the same hand of the
        same table as pending entry `entry_id` (empty: no conflict).

        Neither counts until the director approves one (the others then lose) or rejects them.
        """
        mine = self.pending.get(entry_id)
        if mine is None:
            return ()
        return tuple(
            other.id
            for other in self.pending.values()
            if other.id != entry_id
            and (other.round, other.table, other.hands) == (mine.round, mine.table, mine.hands)
            and not same_table_entry(other, mine)
        )

    @property
    def rules(self) -> RuleSet:
        """The event's rule set."""
        return self.settings.rules.ruleset

    @property
    def clean(self) -> bool:
        """True when the log folded without a single problem."""
        return not self.problems

    def game(self, round: int, table: int) -> TableGame | None:
        """The game at `table` in `round`, or None when nothing was recorded there yet."""
        return self.games.get((round, table))

    def table_seats(self, round: int, table: int) -> TableSeats | None:
        """The players at `table` in `round` in seat order, or None when there is no such table."""
        tables = self.seating.get(round, ())
        return tables[table - 1] if 1 <= table <= len(tables) else None

    def name(self, player: PlayerId) -> str:
        """A player's current name (the id itself for an unknown player)."""
        p = self.players.get(player)
        return p.name if p else player

    @functools.cached_property
    def current_round(self) -> int:
        """The round a line without ``rN`` is for: the first seated round with a table still
        to finish (a table with no result yet counts as one). When every seated round is
        finished, the round after the last one seated (which is not seated yet, so a hand for
        it is refused with "round N is not seated"); 1 for an event with no seating yet.
        """
        for rnd, tables in self.seating.items():
            for t in range(1, len(tables) + 1):
                game = self.games.get((rnd, t))
                if game is None or game.result is None:
                    return rnd
        return max(self.seating, default=0) + 1

    @functools.cached_property
    def table_problems(self) -> dict[tuple[int, int], list[str]]:
        """The problems of each (round, table), found through the entry each problem names, in
        the order of `problems`. A clean log costs nothing; otherwise one pass over the entries
        (18,000 at 500 players), once per state.
        """
        if not self.problems:
            return {}
        named = {p.entry for p in self.problems if p.entry}
        where: dict[str, tuple[int, int]] = {}
        for entry in self.entries:
            if entry.id in named:
                rnd, table = getattr(entry, "round", None), getattr(entry, "table", None)
                if isinstance(rnd, int) and isinstance(table, int):
                    where[entry.id] = (rnd, table)
        found: dict[tuple[int, int], list[str]] = {}
        for problem in self.problems:
            key = where.get(problem.entry or "")
            if key is not None:
                found.setdefault(key, []).append(problem.message)
        return found


def same_table_entry(a: TableEntrySubmitted, b: TableEntrySubmitted) -> bool:
    """Whether two table entries say the same thing (whoever typed them, however spelled)."""
    return _content_of(a.entry) == _content_of(b.entry)


def _content_of(entry: Entry) -> dict[str, Any]:
    record = entry.to_record()
    del record["id"], record["at"]
    return record


def remap_hand(hand: Hand, seat_map: Sequence[int]) -> Hand:
    """The same hand with seat `s` renamed `seat_map[s]` (for a table that played re-seated).

    >>> from mjevent.core.outcomes import HandValue
    >>> h = Hand(Ron(loser=2, wins=(Win(1, HandValue(3, 30)),)), riichi=frozenset({0}))
    >>> remap_hand(h, [1, 0, 2, 3]).outcome.wins[0].winner, remap_hand(h, [1, 0, 2, 3]).riichi
    (0, frozenset({1}))
    """

    def seats(values: Iterable[int]) -> frozenset[int]:
        return frozenset(seat_map[s] for s in values)

    def win(w: Win) -> Win:
        return Win(
            seat_map[w.winner], w.value, None if w.pao is None else seat_map[w.pao], w.detail
        )

    o = hand.outcome
    outcome: Ron | Tsumo | Draw | AbortiveDraw | ChomboHand
    if isinstance(o, Ron):
        outcome = Ron(seat_map[o.loser], tuple(win(w) for w in o.wins))
    elif isinstance(o, Tsumo):
        outcome = Tsumo(win(o.win))
    elif isinstance(o, Draw):
        outcome = Draw(seats(o.tenpai), seats(o.nagashi))
    elif isinstance(o, ChomboHand):
        outcome = ChomboHand(seat_map[o.offender])
    else:
        outcome = o
    return Hand(outcome, seats(hand.riichi))


# --- Memo ------------------------------------------------------------------------------------
# `apply_hand` and `result_of` are pure, and a correction folds the whole log again (so does a
# fold of a log prefix, the log screen's "as it stood then"): remembering each step makes that
# refold cost a dictionary lookup per hand instead of a settlement. A hit is exactly what the
# call would return. A step costs about 1.3 KB, so the memo is dropped when it passes 60,000
# steps (about 80 MB: three 18,000-hand events).
#
# A step is keyed by the id of the entry it comes from (an id's hash is kept by the string;
# hashing a state would hash its whole rule set, hashing a hand every value in it), and a hit
# is used only when the stored state before it is the very state at hand and the stored hand
# is the same: the fold rebuilds each game from one start state per rule set, so an unchanged
# game meets the same states again. An amended entry keeps its id and replaces its step.

_STEPS: dict[str, tuple[GameState, Hand, GameState, Settlement]] = {}
_STARTS: dict[tuple[RuleSet, bool], GameState] = {}
_CALLS: dict[tuple[str, int], tuple[GameState, GameState]] = {}
_RESULTS: dict[tuple[GameState, frozenset[int], frozenset[int]], GameResult] = {}
_MEMO_LIMIT = 60_000


def _start(rules: RuleSet, time_called: bool) -> GameState:
    # One start state per rule set, so that the memo below can key on the state's identity.
    key = (rules, time_called)
    state = _STARTS.get(key)
    if state is None:
        state = new_game(rules)
        state = call_time(state) if time_called else state
        _STARTS[key] = state
    return state


def _apply(state: GameState, hand: Hand, entry: str) -> tuple[GameState, Settlement]:
    key = entry
    hit = _STEPS.get(key)
    if hit is not None and hit[0] is state and (hit[1] is hand or hit[1] == hand):
        return hit[2], hit[3]
    after, settlement = apply_hand(state, hand)
    if len(_STEPS) >= _MEMO_LIMIT:
        _STEPS.clear()
        _CALLS.clear()
    _STEPS[key] = (state, hand, after, settlement)
    return after, settlement


def _call_time(state: GameState, entry: str, table: int) -> GameState:
    # Keyed by the entry that calls time (a round's call reaches every table) or, for a hand
    # after the call, by the hand's entry (table 0): the same state again gets the same
    # called state back, so the steps after it hit the memo too.
    key = (entry, table)
    hit = _CALLS.get(key)
    if hit is not None and hit[0] is state:
        return hit[1]
    called = call_time(state)
    _CALLS[key] = (state, called)
    return called


def _result(
    state: GameState, substitutes: frozenset[int], in_play: frozenset[int] = frozenset()
) -> GameResult:
    key = (state, substitutes, in_play)
    hit = _RESULTS.get(key)
    if hit is None:
        hit = result_of(state, substitutes=substitutes, swapped_in_play=in_play)
        if len(_RESULTS) >= _MEMO_LIMIT:
            _RESULTS.clear()
        _RESULTS[key] = hit
    return hit


# The free texts and names that log entries carry, each with the message that refuses it. A
# name or a free text is one line of printable text (`text.name_problem`, `text.text_problem`),
# so no screen, printer or file gets a control code from it: the commands refuse such an entry
# (it would be a problem of its own), and `mjevent check` names the line of one that an older
# version or a text editor put in the file.
_NOTE = N_("the note {text} cannot be used: {problem}")
_REASON = N_("the reason {text} cannot be used: {problem}")
_NAME = N_("the name {text} cannot be used: {problem}")
_TEAM = N_("the team {text} cannot be used: {problem}")
_LINE = N_("the line {text} cannot be used: {problem}")
_TEXTS: dict[type[Entry], tuple[tuple[str, bool, str], ...]] = {
    # (field, is a name, the message refusing it)
    Note: (("text", False, _NOTE),),
    PlayerWithdrawn: (("reason", False, _REASON),),
    Penalty: (("reason", False, _REASON), ("entered_by", True, _NAME)),
    Correction: (("reason", False, _REASON),),
    PlayerAdded: (("name", True, _NAME), ("team", True, _TEAM)),
    PlayerRenamed: (("name", True, _NAME),),
    PlayerSubstituted: (("substitute", True, _NAME),),
    TableEntrySubmitted: (("line", False, _LINE),),
    TableEntryRejected: (("reason", False, _REASON),),
}


def entry_text_problems(entry: Entry) -> list[str]:
    """What is wrong with the names and free texts `entry` carries, one message each.

    >>> note = Note(id="n1", at="2026-03-14T12:00:00+00:00", text="Lunch\x1b[2J")
    >>> print(entry_text_problems(note)[0].split(": it contains")[0])
    the note 'Lunch\\\\x1b[2J' cannot be used
    """
    out = []
    for key, is_name, message in _TEXTS.get(type(entry), ()):
        value = getattr(entry, key)
        if not value:
            continue
        problem = name_problem(value) if is_name else text_problem(value)
        if problem is not None:
            out.append(_(message).format(text=quoted_name(value), problem=problem))
    return out


# --- Corrections -------------------------------------------------------------------------------


def _resolve(entries: Sequence[Entry], problems: list[Problem]) -> tuple[list[Entry], set[str]]:
    """The effective log: corrections applied, duplicates and voided entries left out."""
    position: dict[str, int] = {}
    unique: list[Entry] = []
    for entry in entries:
        if entry.id in position:
            first = unique[position[entry.id]]
            if first != entry:
                problems.append(
                    Problem(
                        entry.id,
                        _(
                            "this id is used by two different entries; the later one is ignored "
                            "(give every entry its own id)"
                        ),
                    )
                )
            continue
        position[entry.id] = len(unique)
        unique.append(entry)

    corrections: dict[str, list[Correction]] = {}
    for i, entry in enumerate(unique):
        if not isinstance(entry, Correction):
            continue
        # A correction never reaches the fold's rules: its reason is checked here.
        problems.extend(Problem(entry.id, message) for message in entry_text_problems(entry))
        target = position.get(entry.target)
        if target is None:
            problems.append(
                Problem(
                    entry.id,
                    _(
                        "corrects {target!r}, which is not in the log. Fix: give the id of "
                        "the entry to correct as `mjevent replay` or the log screen shows it"
                    ).format(target=entry.target),
                )
            )
            continue
        if target >= i:
            problems.append(
                Problem(
                    entry.id,
                    _("corrects {target!r}, which comes later in the log").format(
                        target=entry.target
                    ),
                )
            )
            continue
        original = unique[target]
        if entry.replacement is not None:
            if isinstance(original, Correction):
                problems.append(
                    Problem(
                        entry.id,
                        _(
                            "amends the correction {target!r}; a correction can only be "
                            "voided (then enter a new one)"
                        ).format(target=entry.target),
                    )
                )
                continue
            if type(entry.replacement) is not type(original):
                problems.append(
                    Problem(
                        entry.id,
                        _(
                            "amends {target!r} ({kind}) with a {other}; an amendment keeps the "
                            "kind (void it and enter a new entry instead)"
                        ).format(
                            target=entry.target, kind=original.KIND,
                            other=entry.replacement.KIND,
                        ),
                    )
                )
                continue
        corrections.setdefault(entry.target, []).append(entry)

    if not corrections:
        # Nothing voided or amended (the usual log): the effective log is every entry but the
        # corrections that could not apply, as the general way below would find entry by entry.
        return [e for e in unique if not isinstance(e, Correction)], set()

    memo: dict[str, Entry | None] = {}

    def effective(entry_id: str) -> Entry | None:
        # Targets always come earlier in the log, so this recursion ends.
        if entry_id in memo:
            return memo[entry_id]
        current: Entry | None = unique[position[entry_id]]
        for c in corrections.get(entry_id, []):
            if effective(c.id) is None:
                continue
            current = None if c.replacement is None else dataclasses.replace(
                c.replacement, id=entry_id, at=unique[position[entry_id]].at
            )
        memo[entry_id] = current
        return current

    out: list[Entry] = []
    voided: set[str] = set()
    for entry in unique:
        e = effective(entry.id)
        if e is None:
            voided.add(entry.id)
        elif not isinstance(e, Correction):
            out.append(e)
    return out, voided


# --- The fold ----------------------------------------------------------------------------------


def _bad_seat(hand: Hand, seats: int) -> str | None:
    """The first seat `hand` names that a table of `seats` does not have, as it is written."""
    o = hand.outcome
    used = set(hand.riichi)
    if isinstance(o, Ron):
        used |= {o.loser, *(w.winner for w in o.wins)}
        used |= {w.pao for w in o.wins if w.pao is not None}
    elif isinstance(o, Tsumo):
        used |= {o.win.winner} | ({o.win.pao} if o.win.pao is not None else set())
    elif isinstance(o, Draw):
        used |= o.tenpai | o.nagashi
    elif isinstance(o, ChomboHand):
        used.add(o.offender)
    bad = sorted(s for s in used if not 0 <= s < seats)
    if not bad:
        return None
    if 0 <= bad[0] < len(WINDS):
        return wind_name(WINDS[bad[0]])
    return _("number {n}").format(n=bad[0])


def table_label(round: int, table: int) -> str:
    """A table of a round as messages name it: `round 2 table 3` (`第2回戦 3卓`)."""
    return pgettext("table of a round", "round {round} table {table}").format(
        round=round, table=table
    )


class _Table:
    """A table's game while the fold runs (mutable here, frozen into `TableGame` at the end)."""

    def __init__(self, round: int, table: int, seats: TableSeats, rules: RuleSet) -> None:
        self.round = round
        self.table = table
        self.seats = seats
        self.rules = rules
        self.logged: list[HandRecorded] = []
        self.played: list[HandPlayed] = []
        self.state: GameState | None = None
        self.finished: GameFinished | None = None
        self.result: GameResult | None = None
        self.substitutes: dict[int, str] = {}
        # Seats swapped after the game began (EMA 2025 §7.3), a subset of `substitutes`.
        self.in_play: set[int] = set()
        self.time_call_at: int | None = None
        self.cached: TableGame | None = None

    def copy(self) -> _Table:
        """A copy to change while the original stays as it is (see `_Fold.fork`)."""
        twin = _Table(self.round, self.table, self.seats, self.rules)
        twin.logged, twin.played = list(self.logged), list(self.played)
        twin.state, twin.finished, twin.result = self.state, self.finished, self.result
        twin.substitutes = dict(self.substitutes)
        twin.in_play = set(self.in_play)
        twin.time_call_at = self.time_call_at
        twin.cached = self.cached
        return twin

    @property
    def label(self) -> str:
        return table_label(self.round, self.table)

    def apply(self, entry: HandRecorded, problems: list[Problem]) -> None:
        if self.finished is not None:
            problems.append(
                Problem(
                    entry.id,
                    _(
                        "hand at {table} after the game was finished by entry "
                        "{entry}; void that entry first if the game went on"
                    ).format(table=self.label, entry=self.finished.id),
                )
            )
            return
        state = self.state if self.state is not None else _start(self.rules, False)
        if state.finished:
            problems.append(Problem(entry.id, self._over_message(state)))
            return
        # Time is called between two hands; a replay after a reseat calls it at the same point.
        if self.time_call_at is not None and len(self.played) >= self.time_call_at:
            state = _call_time(state, entry.id, 0)
        try:
            after, settlement = _apply(state, entry.hand, entry.id)
        except ValueError as error:
            bad = _bad_seat(entry.hand, self.rules.players)
            message = (
                _(
                    "names seat {seat}, which a {players}-player table does not have; the "
                    "hand is skipped (correct it with the right seats)"
                ).format(seat=bad, players=self.rules.players)
                if bad
                else _("hand at {table} cannot be applied: {problem}").format(
                    table=self.label, problem=error
                )
            )
            problems.append(Problem(entry.id, message))
            return
        self.logged.append(entry)
        self.state = after
        self.played.append(HandPlayed(entry.id, entry.hand, settlement, after))

    def _over_message(self, state: GameState) -> str:
        if state.end_reason is EndReason.TIME:
            # The gong: say which rule ended the game, so the table knows why the hand is refused.
            return _(
                "hand at {table} started after time was called: the rules "
                "(time_call = {time_call}) allow no more hands, and the game ended "
                "after {hand}; void it, or correct an earlier hand"
            ).format(table=self.label, time_call=self.rules.time_call, hand=state.label)
        return _("hand at {table} after {why}").format(
            table=self.label, why=end_explanation(state)
        )

    def call_time(self, entry: str) -> None:
        if self.time_call_at is None:
            self.time_call_at = len(self.played)
        if self.state is not None and self.finished is None and not self.state.finished:
            self.state = _call_time(self.state, entry, self.table)

    def reseat(self, entry: TableReseated, problems: list[Problem]) -> bool:
        if sorted(entry.seats) != sorted(self.seats):
            problems.append(
                Problem(
                    entry.id,
                    _(
                        "re-seats {table} as {seats}, but the table seats "
                        "{current}; give the same players in the order they sat (E S W N)"
                    ).format(table=self.label, seats=list(entry.seats), current=list(self.seats)),
                )
            )
            return False
        seat_map = [entry.seats.index(p) for p in self.seats]
        logged = [
            dataclasses.replace(h, hand=remap_hand(h.hand, seat_map)) for h in self.logged
        ]
        finished = self.finished
        self.seats = entry.seats
        self.substitutes = {seat_map[s]: name for s, name in self.substitutes.items()}
        self.in_play = {seat_map[s] for s in self.in_play}
        self.logged, self.played, self.state, self.finished, self.result = [], [], None, None, None
        for h in logged:
            self.apply(h, problems)
        if finished is not None:
            if finished.final is not None:
                final = [0] * len(seat_map)
                for old, score in enumerate(finished.final):
                    final[seat_map[old]] = score
                finished = dataclasses.replace(finished, final=tuple(final))
            # A seat the table does not have stays as it is (`finish` leaves it out).
            chombos = tuple(
                seat_map[s] if 0 <= s < len(seat_map) else s for s in finished.chombos
            )
            self.finish(dataclasses.replace(finished, chombos=chombos), problems)
        return True

    def finish(self, entry: GameFinished, problems: list[Problem]) -> None:
        if self.finished is not None:
            problems.append(
                Problem(
                    entry.id,
                    _("{table} was already finished by entry {entry}; void one of them").format(
                        table=self.label, entry=self.finished.id
                    ),
                )
            )
            return
        rules = self.rules
        subs = frozenset(self.substitutes)
        if self.played:
            assert self.state is not None
            state = self.state if self.state.finished else end_game(self.state)
            self.state = state
            result = _result(state, subs, frozenset(self.in_play))
            # A score sheet may show the scores before or after the leftover sticks went out.
            if entry.final is not None and tuple(entry.final) not in (state.scores, result.final):
                problems.append(
                    Problem(
                        entry.id,
                        _(
                            "final scores {final} at {table} do not match the "
                            "hands, which give {scores}; correct the hand that is "
                            "wrong, or the final scores"
                        ).format(
                            final=list(entry.final), table=self.label, scores=list(state.scores)
                        ),
                    )
                )
            if entry.chombos:
                problems.append(
                    Problem(
                        entry.id,
                        _(
                            "chombos are listed on the final scores of {table}, which was "
                            "recorded hand by hand; record each chombo as a hand instead"
                        ).format(table=self.label),
                    )
                )
        else:
            if entry.final is None:
                problems.append(
                    Problem(
                        entry.id,
                        _(
                            "{table} is finished without hands and without final scores; "
                            "give the final scores (t3 final 41200 28800 22100 27900)"
                        ).format(table=self.label),
                    )
                )
                return
            if len(entry.final) != rules.players:
                problems.append(
                    Problem(
                        entry.id,
                        _("{count} final scores at {table}; the rules seat {players} players")
                        .format(count=len(entry.final), table=self.label, players=rules.players),
                    )
                )
                return
            try:
                check_final_scores(entry.final, rules, deposits_left=entry.deposits)
            except ScoreSumError as error:
                problems.append(
                    Problem(
                        entry.id,
                        _("final scores at {table}: {problem}").format(
                            table=self.label, problem=error
                        ),
                    )
                )
            counts = [0] * rules.players
            for seat in entry.chombos:
                if seat < rules.players:
                    counts[seat] += 1
            result = game_result(
                entry.final,
                rules,
                deposits_left=entry.deposits,
                chombos=counts,
                substitutes=subs,
                swapped_in_play=frozenset(self.in_play),
            )
        self.finished = entry
        self.result = result

    def frozen(self) -> TableGame:
        """The table's game as a frozen value, made again only after the table changed."""
        if self.cached is not None:
            return self.cached
        result = self.result
        if result is None and self.state is not None and self.state.finished:
            result = _result(self.state, frozenset(self.substitutes), frozenset(self.in_play))
        self.cached = TableGame(
            round=self.round,
            table=self.table,
            seats=self.seats,
            hands=tuple(self.played),
            state=self.state,
            result=result,
            finished=None if self.finished is None else self.finished.id,
            substitutes=dict(self.substitutes),
            swapped_in_play=frozenset(self.in_play),
        )
        return self.cached


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



def _seat_missing(seat: str, players: int) -> str:
    return _("seat {seat}: a {players}-player table has no such seat").format(
        seat=seat, players=players
    )


def confirm_problem(
    target: TableEntrySubmitted, seat: str, players: TableSeats, seats: int
) -> str | None:
    """Why `seat` cannot confirm the pending table entry `target`, or None when it can.

    >>> from mjevent.core.outcomes import Draw, Hand
    >>> hand = HandRecorded(id="x", at="t", round=1, table=2, hand=Hand(Draw(frozenset())))
    >>> sub = TableEntrySubmitted(id="x", at="t", round=1, table=2, seat="E", line="draw",
    ...                           entry=hand)
    >>> confirm_problem(sub, "E", ("p1", "p2", "p3", "p4"), 4)
    'seat E entered it: another seat at the table confirms it'
    >>> confirm_problem(sub, "S", ("p1", "p2", "p3", "p4"), 4) is None
    True
    """
    if seat not in WINDS or WINDS.index(seat) >= seats:
        return _seat_missing(seat, seats)
    if seat == target.seat:
        return _("seat {wind} entered it: another seat at the table confirms it").format(
            wind=wind_name(seat)
        )
    if target.mode == "director":
        return _("this entry waits for the director's approval (the event's table_entry is "
                 "\"director\")")
    return None


def stale_problem(target: TableEntrySubmitted, played: int) -> str:
    """Why a table entry made for hand number `target.hands + 1` no longer fits a game that
    has `played` entries counted since."""
    return _(
        "table entry {target} was made after {made} entries at round {round} table {table}, "
        "which now has {now}: the game moved on meanwhile. Fix: reject it, and enter the hand "
        "again if it is still missing"
    ).format(target=target.id, made=target.hands, round=target.round, table=target.table,
             now=played)


def settled_problem(target: str, how: str, by: str) -> str:
    """Why table entry `target`, settled `how` by entry `by` (`EventState.settled`), cannot be
    confirmed, approved or rejected again."""
    if how == "direct":
        return _("table entry {target} was recorded at once (direct entry)").format(
            target=target
        )
    if how == "rejected":
        return _("table entry {target} was rejected by entry {by}").format(target=target, by=by)
    if how == "lost":
        return _(
            "table entry {target} lost to another entry for the same hand, which counts "
            "(entry {by})"
        ).format(target=target, by=by)
    return _(
        "table entry {target} already counts (entry {by}); to change it, void entry {by} in "
        "the log (F6)"
    ).format(target=target, by=by)


class _Fold:
    """The mutable working set of a fold; `Folder` keeps one alive between entries.

    Tables are copied on write: `fork` shares them with the copy, and `table` copies a shared
    one before handing it out to be changed, so a fork can take an entry (and be thrown away)
    while the original stays as it was.
    """

    def __init__(self, settings: EventSettings, problems: list[Problem]) -> None:
        self.settings = settings
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

    def problem(self, entry: Entry | None, message: str) -> None:
        self.problems.append(Problem(None if entry is None else entry.id, message))

    # Seating ---------------------------------------------------------------------------------

    def set_round(self, entry: Entry | None, rnd: int, tables: Sequence[TableSeats]) -> None:
        if any(k[0] == rnd and (t.played or t.finished) for k, t in self.tables.items()):
            self.problem(
                entry,
                _(
                    "re-seats round {round}, which already has results; re-seat a single table "
                    "with a reseat entry, or void its results first"
                ).format(round=rnd),
            )
            return
        seen: set[PlayerId] = set()
        for t, table in enumerate(tables, 1):
            if len(table) != self.rules.players:
                message = (
                    _("the seating of round {round} table {table} has {count} players; the rules "
                      "seat {players}") if entry is None
                    else _("this seating of round {round} table {table} has {count} players; the "
                           "rules seat {players}")
                )
                self.problem(
                    entry,
                    message.format(
                        round=rnd, table=t, count=len(table), players=self.rules.players
                    ),
                )
            for p in table:
                if p in seen:
                    self.problem(
                        entry,
                        _("player {player} is seated twice in round {round}").format(
                            player=p, round=rnd
                        ),
                    )
                seen.add(p)
                if p not in self.players:
                    self.problem(
                        entry,
                        _("round {round} table {table} seats unknown player {player!r}").format(
                            round=rnd, table=t, player=p
                        ),
                    )
                elif self.withdrawn_in(p, rnd):
                    self.flagged.add((p, rnd))
                    self.problem(
                        entry,
                        _(
                            "round {round} table {table} seats {name} ({player}), who "
                            "withdrew before round {round}"
                        ).format(round=rnd, table=t, name=self.players[p].name, player=p),
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
                        found.append(Problem(
                            None,
                            _(
                                "{name} ({player}) withdrew from round {from_round} but is still "
                                "seated at round {round} table {table}; re-seat that round (or "
                                "swap in a substitute)"
                            ).format(
                                name=self.players[player].name, player=player,
                                from_round=entry.from_round, round=rnd, table=t,
                            ),
                        ))
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
            self.problem(
                entry, _("round {round} is not seated; set its seating first").format(round=rnd)
            )
            return None
        if not 1 <= table <= len(tables):
            self.problem(
                entry,
                _("there is no table {table} in round {round} (it has tables 1 to {last})").format(
                    table=table, round=rnd, last=len(tables)
                ),
            )
            return None
        state = _Table(rnd, table, tables[table - 1], self.rules)
        if rnd in self.round_time_called:
            state.time_call_at = 0
        self.tables[key] = state
        self.owned.add(key)
        return state

    @_rule(SeatsSwapped)
    def swap(self, entry: SeatsSwapped) -> None:
        tables = self.seating.get(entry.round)
        if tables is None:
            self.problem(entry, _("round {round} is not seated").format(round=entry.round))
            return
        where: dict[PlayerId, tuple[int, int]] = {}
        for t, table in enumerate(tables):
            for s, p in enumerate(table):
                where[p] = (t, s)
        missing = [p for p in (entry.a, entry.b) if p not in where]
        if missing:
            self.problem(
                entry,
                _("{player!r} is not seated in round {round}").format(
                    player=missing[0], round=entry.round
                ),
            )
            return
        (ta, sa), (tb, sb) = where[entry.a], where[entry.b]
        played = [
            t + 1
            for t in {ta, tb}
            if (g := self.tables.get((entry.round, t + 1))) is not None and g.played
        ]
        if played:
            self.problem(
                entry,
                _(
                    "swaps seats at round {round} table {table}, which already has hands; "
                    "if the table played on other winds, re-seat it (its hands are re-applied)"
                ).format(round=entry.round, table=played[0]),
            )
            return
        grid = [list(t) for t in tables]
        grid[ta][sa], grid[tb][sb] = entry.b, entry.a
        self.seating[entry.round] = tuple(tuple(t) for t in grid)
        for t in {ta, tb}:
            self.tables.pop((entry.round, t + 1), None)

    # Entries: one fold rule per kind (`_rule`) ------------------------------------------------

    def apply(self, entry: Entry) -> None:
        if type(entry) in _TEXTS:
            for message in entry_text_problems(entry):
                self.problem(entry, message)
        _RULES[type(entry)](self, entry)

    @_rule(HandRecorded)
    def hand(self, entry: HandRecorded) -> None:
        table = self.table(entry, entry.round, entry.table)
        if table is not None:
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
            hint = suggest(entry.player, list(self.players))
            message = (
                _(
                    "penalty for unknown player {player!r}{hint} Fix: name the player by the id "
                    "of their [[players]] block"
                ) if hint else
                _(
                    "penalty for unknown player {player!r}. Fix: name the player by the id of "
                    "their [[players]] block"
                )
            )
            self.problem(entry, message.format(player=entry.player, hint=hint))
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
            self.problem(
                entry,
                _("time called in round {round}, which is not seated").format(round=entry.round),
            )
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
                self.problem(
                    entry,
                    _("round {round} was already started at {at}").format(
                        round=rnd, at=clock.started
                    ),
                )
                return
            clock = dataclasses.replace(clock, started=entry.at)
        elif isinstance(entry, RoundPaused):
            if clock.started is None or clock.paused:
                self.problem(
                    entry,
                    _("round {round} is paused while its clock is not running").format(round=rnd),
                )
                return
            clock = dataclasses.replace(clock, pauses=(*clock.pauses, (entry.at, None)))
        elif isinstance(entry, RoundResumed):
            if not clock.paused:
                self.problem(
                    entry, _("round {round} is resumed but it was not paused").format(round=rnd)
                )
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
                _("{player!r} does not sit at {table} (it seats {seats})").format(
                    player=entry.player, table=table.label, seats=", ".join(table.seats)
                ),
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
            self.problem(
                entry, _("player id {player!r} is already taken").format(player=entry.player)
            )
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
            self.problem(entry, _("unknown player {player!r}").format(player=entry.player))
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
            self.problem(
                entry, _("{name} returns but had not withdrawn").format(name=current.name)
            )
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
            self.problem(entry, _seat_missing(entry.seat, self.rules.players))
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
            problem = _(
                "another entry says something else for the same hand: the director approves "
                "one of them (or rejects both)"
            )
        if problem is not None:
            self.problem(entry, problem)
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
            self.problem(entry, settled_problem(entry.target, how, by))
        else:
            self.problem(
                entry,
                _(
                    "table entry {target} is not in the log (or was voided). Fix: give the id "
                    "of a pending entry as `mjevent pending` lists it"
                ).format(target=entry.target),
            )
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
            self.problem(by, stale_problem(target, played))
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
            "direct" if by is target
            else "confirmed" if isinstance(by, TableEntryConfirmed)
            else "approved"
        )
        self.settled[target.id] = (how, by.id)
        for other in [
            o for o in self.pending.values()
            if (o.round, o.table, o.hands) == (target.round, target.table, target.hands)
        ]:
            del self.pending[other.id]
            self.settled[other.id] = ("lost", by.id)

    @_rule(PlayerCheckedIn)
    def player_checked_in(self, entry: PlayerCheckedIn) -> None:
        # The round's roll call is replaced, never changed in place: a fork shares it.
        if self.known(entry) is not None:
            self.presence[entry.round] = {
                **self.presence.get(entry.round, {}), entry.player: entry.present
            }


class Folder:
    """The fold kept alive: the log so far, and the working set it left, ready for one more
    entry. `fold` is `Folder.of(...).state()`; a console appends with `then`.

    `then(entry)` gives a new `Folder` and leaves this one unchanged, so a command can try an
    entry and drop it when it causes a problem. An entry at the end of the log is applied to a
    fork of the working set, in time independent of the log's length; a correction, an entry
    whose id is already in the log, or one that an earlier correction names, changes what
    earlier entries mean and is folded again from the start (the same fold, over the longer
    log).

    >>> from mjevent.core.settings import settings_from_dict
    >>> settings = settings_from_dict({"event": {"name": "Demo", "format_version": 1},
    ...                                "rules": {"preset": "ema2016"}})
    >>> note = Note(id="n1", at="2026-03-14T10:00:00Z", text="doors open")
    >>> empty = Folder.of(settings, [])
    >>> [n.text for n in empty.then(note).state().notes], empty.state().notes
    (['doors open'], ())
    """

    def __init__(
        self,
        settings: EventSettings,
        log: list[Entry],
        read_problems: tuple[Problem, ...],
        effective: list[Entry],
        voided: set[str],
        work: _Fold,
        ids: frozenset[str],
        targets: set[str],
    ) -> None:
        """Use `Folder.of`."""
        self.settings = settings
        self.log = log
        self.read_problems = read_problems
        self.ids = ids
        # Ids that corrections in the log name: such an entry coming later changes what the
        # correction did ("not in the log" becomes "comes later in the log").
        self.targets = targets
        self.effective = effective
        self.voided = voided
        self.work = work
        self._state: EventState | None = None
        # The games of the state this folder was made from by `then`, when that state was made:
        # only the tables the new entry changed are frozen again.
        self._games: Mapping[tuple[int, int], TableGame] | None = None

    @classmethod
    def of(
        cls, settings: EventSettings, entries: Iterable[Entry], *, problems: Iterable[Problem] = ()
    ) -> Folder:
        """Fold `entries` (the whole log, in order) over `settings`; see `fold`."""
        with collector_paused():
            log = list(entries)
            read = tuple(problems)
            found = list(read)
            effective, voided = _resolve(log, found)
            work = _Fold(settings, found)
            for entry in effective:
                work.apply(entry)
            if work.accepted:
                effective = [work.accepted.get(e.id, e) for e in effective]
        ids = frozenset(e.id for e in log)
        targets = {e.target for e in log if isinstance(e, Correction)}
        return cls(settings, log, read, effective, voided, work, ids, targets)

    def then(self, entry: Entry) -> Folder:
        """The fold of the log with `entry` appended; this folder is left as it was."""
        if entry.id in self.ids or entry.id in self.targets or isinstance(entry, Correction):
            return Folder.of(self.settings, [*self.log, entry], problems=self.read_problems)
        with collector_paused():
            work = self.work.fork()
            work.apply(entry)
        later = Folder(
            self.settings,
            [*self.log, entry],
            self.read_problems,
            [*self.effective, work.accepted.get(entry.id, entry)],
            self.voided,
            work,
            self.ids | {entry.id},
            self.targets,
        )
        later._games = None if self._state is None else self._state.games
        return later

    def _changed_games(self) -> dict[tuple[int, int], TableGame]:
        """Every table's game, in (round, table) order: the previous state's, with the tables
        the last entry changed (`_Fold.owned`) frozen again."""
        tables, before = self.work.tables, self._games
        if before is None:
            return _games_of(tables)
        games = dict(before)
        for key in self.work.owned:
            table = tables.get(key)
            if table is None:
                return _games_of(tables)
            games[key] = table.frozen()
        if len(games) != len(tables):
            return _games_of(tables)  # tables went (a round re-seated, seats swapped)
        if any(key not in before for key in self.work.owned):
            games = dict(sorted(games.items()))  # a game started: keep the order
        return games

    def state(self) -> EventState:
        """The event's state after the log so far (made once per folder)."""
        if self._state is not None:
            return self._state
        work = self.work
        with collector_paused():
            games = self._changed_games()
            problems = (*work.problems, *work.seated_after_withdrawal())
        self._state = EventState(
            settings=self.settings,
            players=dict(work.players),
            seating=dict(sorted(work.seating.items())),
            games=games,
            clocks=dict(sorted(work.clocks.items())),
            penalties=tuple(work.penalties),
            notes=tuple(work.notes),
            entries=tuple(self.effective),
            voided=frozenset(self.voided),
            log_ids=self.ids,
            problems=problems,
            presence=dict(sorted(work.presence.items())),
            pending=dict(work.pending),
            settled=dict(work.settled),
        )
        return self._state


def _games_of(tables: Mapping[tuple[int, int], _Table]) -> dict[tuple[int, int], TableGame]:
    return {key: t.frozen() for key, t in sorted(tables.items())}


def fold(
    settings: EventSettings, entries: Iterable[Entry], *, problems: Iterable[Problem] = ()
) -> EventState:
    """Replay `entries` (the whole log, in order) over `settings` into the event's state.

    Never raises on log content: what cannot apply becomes a `Problem`. `problems` found before
    the fold (records that could not be read as entries) are kept first in the state's list.
    """
    return Folder.of(settings, entries, problems=problems).state()

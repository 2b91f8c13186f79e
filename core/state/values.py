"""The values a fold gives: `EventState` and what it is made of (players, table games, hands
played, round clocks, problems).

Separate from the fold itself because every reader of an event (the console, the CLI, the
printers, standings and statistics) needs these frozen values and none of the machinery that
builds them.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import Any

from mjevent.core.entries import Entry, Note, Penalty, PlayerId, TableEntrySubmitted
from mjevent.core.frozen import quick_init
from mjevent.core.game import GameState
from mjevent.core.outcomes import Hand
from mjevent.core.results import GameResult
from mjevent.core.rules import RuleSet
from mjevent.core.scoring import Settlement
from mjevent.core.settings import EventSettings, PlayerStatus
from mjevent.core.state.problems import Problem, table_label

TableSeats = tuple[PlayerId, ...]
RoundSeating = tuple[TableSeats, ...]


@dataclass(frozen=True, slots=True)
class PlayerState:
    """A player as the log leaves them: name, team, status and since which round it holds."""

    id: PlayerId
    name: str
    team: str | None
    rating: int | float | None
    status: PlayerStatus
    since_round: int | None = None


@quick_init
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
    log_ids: AbstractSet[str]
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
    def table_problems(self) -> dict[tuple[int, int], list[Problem]]:
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
        found: dict[tuple[int, int], list[Problem]] = {}
        for problem in self.problems:
            key = where.get(problem.entry or "")
            if key is not None:
                found.setdefault(key, []).append(problem)
        return found


def same_table_entry(a: TableEntrySubmitted, b: TableEntrySubmitted) -> bool:
    """Whether two table entries say the same thing (whoever typed them, however spelled)."""
    return _content_of(a.entry) == _content_of(b.entry)


def _content_of(entry: Entry) -> dict[str, Any]:
    record = entry.to_record()
    del record["id"], record["at"]
    return record

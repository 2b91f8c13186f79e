"""The log vocabulary: one frozen value per kind of thing that can happen at an event.

The event file's log is a list of records (plain dicts, one `[[log]]` table each). Every record
has an `id` made where it was entered (so a retried command is recognised, never recorded twice),
an `at` timestamp (ISO 8601 text) and a `kind`; the other keys depend on the kind.
`Entry.to_record()` writes an entry as its record, and `mjevent.core.entry_reader` reads one back:

>>> from mjevent.core.outcomes import Hand, HandValue, Ron, Win
>>> hand = Hand(Ron(loser=2, wins=(Win(1, HandValue(3, 30)),)), riichi=frozenset({0, 1}))
>>> entry = HandRecorded(id="h1", at="2026-03-14T10:02:00Z", round=1, table=3, hand=hand)
>>> record = entry.to_record()
>>> record["kind"], record["outcome"], record["loser"], record["wins"], record["riichi"]
('hand', 'ron', 'W', [{'winner': 'S', 'han': 3, 'fu': 30}], ['E', 'S'])

Seats in a record are written as the winds of the seating plan (E, S, W, N): seat 0 is the
player seated East for the first hand of the game. They never follow the dealer around the table.

Nothing is ever deleted from a log: a `Correction` voids or amends an earlier entry by its id, and
`TableReseated` re-applies a table's hands under the seats it really played on.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from mjevent.core.frozen import quick_init
from mjevent.core.i18n import _, format_number, wind_name
from mjevent.core.outcomes import (
    AbortiveDraw,
    Draw,
    Hand,
    Ron,
    Tsumo,
    Win,
)

PlayerId = str
"""A player's id as the event file writes it (`p01`, `ema-05123` ...): stable across renames."""

WINDS = "ESWN"
"""Seat letters in seat order: seat 0 is East, 1 South, 2 West, 3 North."""


# --- The entries -------------------------------------------------------------------------------

KINDS: dict[str, type[Entry]] = {}
"""Every entry kind by the name its records carry in `kind`: each class below is registered
here as it is defined (a new kind is one class, plus its fold rule in
`mjevent.core.state.fold_rules`)."""


@dataclass(frozen=True, kw_only=True)
class Entry:
    """What every entry has: the id made where it was entered, and when (ISO 8601 text).

    A kind of entry is a frozen subclass with its `KIND` name and its fields; defining it
    registers it in `KINDS`, so that records of that kind are read (`mjevent.core.entry_reader`),
    written (`to_record`) and told in the event's story (`describe`). Fields of the simple types
    (`PlayerId`, `str`, `int`, `bool`, `tuple[PlayerId, ...]`, optional with a default) are read
    without more code (a kind with other fields has its own reader there); an `int` field named
    `round`, `table`, `from_round` or `seconds` is a count from 1.
    """

    KIND: ClassVar[str] = ""

    id: str
    at: str

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.KIND:
            if cls.KIND in KINDS:
                raise TypeError(f"entry kind {cls.KIND!r} is defined twice")
            KINDS[cls.KIND] = cls

    def describe(self, name: Callable[[PlayerId], str]) -> str:
        """One line of the event's story (`mjevent replay`) about this entry; `name` gives a
        player's name from their id."""
        return self.KIND.replace("_", " ")

    def to_record(self) -> dict[str, Any]:
        """The plain, TOML-ready record of this entry (`None` fields are left out)."""
        record: dict[str, Any] = {"id": self.id, "at": self.at, "kind": self.KIND}
        for f in dataclasses.fields(self):
            if f.name in ("id", "at"):
                continue
            value = getattr(self, f.name)
            if value is None:
                continue
            if isinstance(value, Hand):
                record.update(_hand_record(value))
            elif f.name == "params":
                record[f.name] = dict(value)
            elif f.name == "chombos":
                record[f.name] = [WINDS[s] for s in value]
            elif isinstance(value, Entry):
                amended = value.to_record()
                del amended["id"], amended["at"]
                record[f.name] = amended
            else:
                record[f.name] = _plain(value)
        return record


@dataclass(frozen=True, kw_only=True)
class PlayerAdded(Entry):
    """A player joins the event (late entry, or a walk-in reserve)."""

    KIND: ClassVar[str] = "player_added"
    player: PlayerId
    name: str
    team: str | None = None
    rating: int | None = None

    def describe(self, name: Callable[[PlayerId], str]) -> str:
        return _("player added: {name} ({player})").format(name=self.name, player=self.player)


@dataclass(frozen=True, kw_only=True)
class PlayerRenamed(Entry):
    """A player's name is corrected; their id, results and seats stay."""

    KIND: ClassVar[str] = "player_renamed"
    player: PlayerId
    name: str

    def describe(self, name: Callable[[PlayerId], str]) -> str:
        return _("player {player} renamed {name}").format(player=self.player, name=self.name)


@dataclass(frozen=True, kw_only=True)
class PlayerWithdrawn(Entry):
    """A player leaves the event; they are not seated from `from_round` on."""

    KIND: ClassVar[str] = "player_withdrawn"
    player: PlayerId
    from_round: int
    reason: str = ""

    def describe(self, name: Callable[[PlayerId], str]) -> str:
        if self.reason:
            return _("{name} withdraws from round {round}: {reason}").format(
                name=name(self.player), round=self.from_round, reason=self.reason
            )
        return _("{name} withdraws from round {round}").format(
            name=name(self.player), round=self.from_round
        )


@dataclass(frozen=True, kw_only=True)
class PlayerReturned(Entry):
    """A withdrawn player comes back and may be seated again from `from_round` on."""

    KIND: ClassVar[str] = "player_returned"
    player: PlayerId
    from_round: int

    def describe(self, name: Callable[[PlayerId], str]) -> str:
        return _("{name} returns from round {round}").format(
            name=name(self.player), round=self.from_round
        )


@dataclass(frozen=True, kw_only=True)
class PlayerCheckedIn(Entry):
    """The roll call of `round`: `player` is there (`present`), or marked absent.

    The last entry for a player and a round counts (`EventState.presence`). Absence changes no
    seating by itself: the director seats a substitute or re-seats the round.
    """

    KIND: ClassVar[str] = "player_checked_in"
    player: PlayerId
    round: int
    present: bool = True

    def describe(self, name: Callable[[PlayerId], str]) -> str:
        if self.present:
            text = _("{name} checks in for round {round}")
        else:
            text = _("{name} is absent for round {round}")
        return text.format(name=name(self.player), round=self.round)


@dataclass(frozen=True, kw_only=True)
class PlayerSubstituted(Entry):
    """`substitute` plays `player`'s seat in one round's game.

    The game is scored as usual at the table, but the seat's result is the rule set's fixed
    substitute score and uma (EMA: -15000 and -15000) instead of what the substitute made.
    `during_game` says whether the swap happened after the game began (EMA 2025 §7.3: the uma
    then follows `substitute_uma_after_start`); None: after the game began when the table had
    hands recorded at the time of the entry.
    """

    KIND: ClassVar[str] = "player_substituted"
    round: int
    table: int
    player: PlayerId
    substitute: str
    during_game: bool | None = None

    def describe(self, name: Callable[[PlayerId], str]) -> str:
        return _("r{round} t{table}: {substitute} plays for {name}").format(
            round=self.round, table=self.table, substitute=self.substitute, name=name(self.player)
        )


@dataclass(frozen=True, kw_only=True)
class SeatingSet(Entry):
    """The seating of rounds `first_round`, `first_round + 1` ..., generated or loaded.

    `rounds[r][t]` is table `t + 1` of round `first_round + r`, players in wind order (E S W N).
    `method` says how it was made (`"generated"`, `"loaded"`, `"manual"` ...); `params` and `seed`
    record the generator's inputs so the same seating can be made again.
    """

    KIND: ClassVar[str] = "seating_set"
    first_round: int
    rounds: tuple[tuple[tuple[PlayerId, ...], ...], ...]
    method: str = "manual"
    params: tuple[tuple[str, str | int | float | bool], ...] = ()
    seed: int | None = None

    def describe(self, name: Callable[[PlayerId], str]) -> str:
        last = self.first_round + len(self.rounds) - 1
        # The method is a construction's name (affine-plane, manual ...): an id, not a word.
        if self.seed is None:
            text = _("seating set for rounds {first}-{last} ({method})")
        else:
            text = _("seating set for rounds {first}-{last} ({method}, seed {seed})")
        return text.format(first=self.first_round, last=last, method=self.method, seed=self.seed)


@dataclass(frozen=True, kw_only=True)
class SeatsSwapped(Entry):
    """Players `a` and `b` trade seats in `round` (at one table, or across two tables)."""

    KIND: ClassVar[str] = "seats_swapped"
    round: int
    a: PlayerId
    b: PlayerId

    def describe(self, name: Callable[[PlayerId], str]) -> str:
        return _("r{round}: {a} and {b} swap seats").format(
            round=self.round, a=name(self.a), b=name(self.b)
        )


@dataclass(frozen=True, kw_only=True)
class RoundStarted(Entry):
    """The round's clock starts (the timer reads `at`)."""

    KIND: ClassVar[str] = "round_started"
    round: int

    def describe(self, name: Callable[[PlayerId], str]) -> str:
        return _("round {round} starts").format(round=self.round)


@dataclass(frozen=True, kw_only=True)
class RoundPaused(Entry):
    """The round's clock stops."""

    KIND: ClassVar[str] = "round_paused"
    round: int

    def describe(self, name: Callable[[PlayerId], str]) -> str:
        return _("round {round} paused").format(round=self.round)


@dataclass(frozen=True, kw_only=True)
class RoundResumed(Entry):
    """The round's clock runs again."""

    KIND: ClassVar[str] = "round_resumed"
    round: int

    def describe(self, name: Callable[[PlayerId], str]) -> str:
        return _("round {round} resumed").format(round=self.round)


@dataclass(frozen=True, kw_only=True)
class RoundExtended(Entry):
    """Extra time: for the whole round, or for one table when `table` is given."""

    KIND: ClassVar[str] = "round_extended"
    round: int
    seconds: int
    table: int | None = None

    def describe(self, name: Callable[[PlayerId], str]) -> str:
        minutes, seconds = divmod(self.seconds, 60)
        if self.table is None:
            text = _("round {round}: {minutes} min {seconds} s added")
        else:
            text = _("round {round}: {minutes} min {seconds} s added at table {table}")
        return text.format(round=self.round, minutes=minutes, seconds=seconds, table=self.table)


@quick_init
@dataclass(frozen=True, kw_only=True)
class HandRecorded(Entry):
    """One hand played at `table` in `round`; seats as in the table's seating for that round."""

    KIND: ClassVar[str] = "hand"
    round: int
    table: int
    hand: Hand

    def describe(self, name: Callable[[PlayerId], str]) -> str:
        return _("r{round} t{table}: hand").format(round=self.round, table=self.table)


@dataclass(frozen=True, kw_only=True)
class GameFinished(Entry):
    """A table's game is over.

    For a game recorded hand by hand, `final` may be left out (the hands decide it) or given as
    the score sheet's totals, which must then agree with the hands. For a game recorded by final
    scores only, `final` is required (seat order, E S W N), `deposits` counts the riichi sticks
    left on the table and `chombos` lists the seats that made a chombo (once per chombo).
    """

    KIND: ClassVar[str] = "game_finished"
    round: int
    table: int
    final: tuple[int, ...] | None = None
    deposits: int = 0
    chombos: tuple[int, ...] = ()

    def describe(self, name: Callable[[PlayerId], str]) -> str:
        return _("r{round} t{table}: game finished").format(round=self.round, table=self.table)


@dataclass(frozen=True, kw_only=True)
class TimeCalled(Entry):
    """Time is called for the round (every table) or for one table."""

    KIND: ClassVar[str] = "time_called"
    round: int
    table: int | None = None

    def describe(self, name: Callable[[PlayerId], str]) -> str:
        if self.table is None:
            return _("round {round}: time called at every table").format(round=self.round)
        return _("round {round}: time called at table {table}").format(
            round=self.round, table=self.table
        )


@dataclass(frozen=True, kw_only=True)
class Penalty(Entry):
    """Points taken off a player's event total (`amount` > 0 is taken off), with the reason."""

    KIND: ClassVar[str] = "penalty"
    player: PlayerId
    amount: int
    reason: str
    entered_by: str = ""
    round: int | None = None

    def describe(self, name: Callable[[PlayerId], str]) -> str:
        amount = format_number(self.amount)
        return _("penalty: {name} -{amount} ({reason})").format(
            name=name(self.player), amount=amount, reason=self.reason
        )


@dataclass(frozen=True, kw_only=True)
class Note(Entry):
    """Free text for the record (a ruling, a complaint, a broken clock)."""

    KIND: ClassVar[str] = "note"
    text: str
    round: int | None = None
    table: int | None = None

    def describe(self, name: Callable[[PlayerId], str]) -> str:
        return _("note: {text}").format(text=self.text)


@dataclass(frozen=True, kw_only=True)
class PrizesRevealed(Entry):
    """The prize-giving has revealed `shown` places, from the last place up (0: none yet);
    the projector follows the latest one. It changes no result."""

    KIND: ClassVar[str] = "prizes_revealed"
    shown: int

    def describe(self, name: Callable[[PlayerId], str]) -> str:
        return _("prize-giving: {count} places revealed").format(count=self.shown)


@dataclass(frozen=True, kw_only=True)
class TableReseated(Entry):
    """Table `table` of `round` really sat as `seats` (E S W N), not as the seating said.

    Every hand already logged for the table is re-applied with each player in their real seat,
    so dealers, honba and payments come out as they did at the table. Later hands use `seats`.
    """

    KIND: ClassVar[str] = "table_reseated"
    round: int
    table: int
    seats: tuple[PlayerId, ...]

    def describe(self, name: Callable[[PlayerId], str]) -> str:
        seats = ", ".join(
            _("{wind} {name}").format(wind=wind_name(WINDS[s]), name=name(p))
            for s, p in enumerate(self.seats)
        )
        return _("r{round} t{table} re-seated as {seats}; its hands re-applied").format(
            round=self.round, table=self.table, seats=seats
        )


@dataclass(frozen=True, kw_only=True)
class Correction(Entry):
    """Voids the entry `target`, or amends it with `replacement`; the original stays in the log.

    The replacement is an entry of the same kind; it takes the target's place in the log order.
    A correction can itself be voided (which restores what it changed), never amended.
    """

    KIND: ClassVar[str] = "correction"
    target: str
    reason: str
    replacement: Entry | None = None

    def describe(self, name: Callable[[PlayerId], str]) -> str:
        if self.replacement is None:
            text = _("correction: voids {target}: {reason}")
        else:
            text = _("correction: amends {target}: {reason}")
        return text.format(target=self.target, reason=self.reason)


TABLE_ENTRY_MODES = ("confirm", "director", "direct")
"""How a table's entry counts (`[serve] table_entry`): when a second seat confirms it, when the
director approves it, or at once."""


@dataclass(frozen=True, kw_only=True)
class TableEntrySubmitted(Entry):
    """A table entered a line (docs/entry.md) from one of its seats, on a phone or a tablet.

    `entry` is what the line reads as (a `HandRecorded` or a `GameFinished`, under this entry's
    id and time); `seat` is the wind letter of the seat that entered it and `player` who sat
    there; `hands` counts the hands the table's game had when it was entered (the line is for
    the next one); `mode` is the event's `[serve] table_entry` at the time. It counts in the
    game only once a `TableEntryConfirmed` (another seat, mode "confirm") or a
    `TableEntryApproved` (the director) names it; mode "direct" counts at once.
    """

    KIND: ClassVar[str] = "table_entry"
    round: int
    table: int
    seat: str
    line: str
    entry: HandRecorded | GameFinished
    mode: str = "confirm"
    player: PlayerId | None = None
    hands: int = 0

    def describe(self, name: Callable[[PlayerId], str]) -> str:
        who = seat_and_name(self.seat, self.player, name)
        if self.mode == "direct":
            text = _("r{round} t{table}: {who} entered {line} (recorded at once)")
        elif self.mode == "director":
            text = _("r{round} t{table}: {who} entered {line} (for the director to approve)")
        else:
            text = _("r{round} t{table}: {who} entered {line} (for another seat to confirm)")
        return text.format(round=self.round, table=self.table, who=who, line=self.line)


@dataclass(frozen=True, kw_only=True)
class TableEntryConfirmed(Entry):
    """A second seat at the table (`seat`, `player` sitting there) confirms the table entry
    `target`; from here on it counts in the game, as a hand the console recorded."""

    KIND: ClassVar[str] = "table_entry_confirmed"
    target: str
    seat: str
    player: PlayerId | None = None

    def describe(self, name: Callable[[PlayerId], str]) -> str:
        return _("table entry {target} confirmed by {who}").format(
            target=self.target, who=seat_and_name(self.seat, self.player, name)
        )


@dataclass(frozen=True, kw_only=True)
class TableEntryApproved(Entry):
    """The director approves the table entry `target`; from here on it counts in the game."""

    KIND: ClassVar[str] = "table_entry_approved"
    target: str

    def describe(self, name: Callable[[PlayerId], str]) -> str:
        return _("table entry {target} approved by the director").format(target=self.target)


@dataclass(frozen=True, kw_only=True)
class TableEntryRejected(Entry):
    """The director rejects the table entry `target`, with the reason; it never counts (it
    stays in the log)."""

    KIND: ClassVar[str] = "table_entry_rejected"
    target: str
    reason: str

    def describe(self, name: Callable[[PlayerId], str]) -> str:
        return _("table entry {target} rejected by the director: {reason}").format(
            target=self.target, reason=self.reason
        )


def seat_and_name(seat: str, player: PlayerId | None, name: Callable[[PlayerId], str]) -> str:
    """`E Ana`: the seat as people read it (`wind_name`), and who sat there when known."""
    wind = wind_name(seat) if seat in WINDS else seat
    if player is None:
        return wind
    return _("{wind} {name}").format(wind=wind, name=name(player))


# --- Writing -----------------------------------------------------------------------------------


def _seats(seats: frozenset[int] | Sequence[int]) -> list[str]:
    return [WINDS[s] for s in sorted(seats)]


def _hand_record(hand: Hand) -> dict[str, Any]:
    out: dict[str, Any] = {}
    outcome = hand.outcome
    if isinstance(outcome, Ron):
        out["outcome"] = "ron"
        out["loser"] = WINDS[outcome.loser]
        out["wins"] = [_win_record(w) for w in outcome.wins]
    elif isinstance(outcome, Tsumo):
        out["outcome"] = "tsumo"
        out["wins"] = [_win_record(outcome.win)]
    elif isinstance(outcome, Draw):
        out["outcome"] = "draw"
        out["tenpai"] = _seats(outcome.tenpai)
        if outcome.nagashi:
            out["nagashi"] = _seats(outcome.nagashi)
    elif isinstance(outcome, AbortiveDraw):
        out["outcome"] = "abortive"
        if outcome.reason:
            out["reason"] = outcome.reason
    else:
        out["outcome"] = "chombo"
        out["offender"] = WINDS[outcome.offender]
    out["riichi"] = _seats(hand.riichi)
    return out


def _win_record(win: Win) -> dict[str, Any]:
    out: dict[str, Any] = {"winner": WINDS[win.winner]}
    if win.value.yakuman:
        out["yakuman"] = win.value.yakuman
    else:
        out["han"] = win.value.han
        out["fu"] = win.value.fu
    if win.pao is not None:
        out["pao"] = WINDS[win.pao]
    detail = win.detail
    if detail is not None:
        if detail.yaku is not None:
            out["yaku"] = list(detail.yaku)
        if detail.dora is not None:
            out["dora"] = detail.dora
        if detail.open is not None:
            out["open"] = detail.open
    return out


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, frozenset):
        return sorted(_plain(v) for v in value)
    return value

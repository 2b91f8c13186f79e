"""The log vocabulary: one frozen value per kind of thing that can happen at an event.

The event file's log is a list of records (plain dicts, one `[[log]]` table each). Every record
has an `id` made where it was entered (so a retried command is recognised, never recorded twice),
an `at` timestamp (ISO 8601 text) and a `kind`; the other keys depend on the kind.
`entry_from_record` reads one record into its typed entry and `Entry.to_record()` writes it back:

>>> from mjevent.core.outcomes import Hand, HandValue, Ron, Win
>>> hand = Hand(Ron(loser=2, wins=(Win(1, HandValue(3, 30)),)), riichi=frozenset({0, 1}))
>>> entry = HandRecorded(id="h1", at="2026-03-14T10:02:00Z", round=1, table=3, hand=hand)
>>> record = entry.to_record()
>>> record["kind"], record["outcome"], record["loser"], record["wins"], record["riichi"]
('hand', 'ron', 'W', [{'winner': 'S', 'han': 3, 'fu': 30}], ['E', 'S'])
>>> entry_from_record(record) == entry
True

Seats in a record are written as the winds of the seating plan (E, S, W, N): seat 0 is the
player seated East for the first hand of the game. They never follow the dealer around the table.

Nothing is ever deleted from a log: a `Correction` voids or amends an earlier entry by its id, and
`TableReseated` re-applies a table's hands under the seats it really played on.
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from mjevent.core.heap import collector_paused
from mjevent.core.i18n import _, format_number, pgettext, wind_name
from mjevent.core.outcomes import (
    AbortiveDraw,
    ChomboHand,
    Draw,
    Hand,
    HandValue,
    Outcome,
    Ron,
    Tsumo,
    Win,
    WinDetail,
)
from mjevent.core.text import suggest
from mjevent.core.yaku import YAKU

PlayerId = str
"""A player's id as the event file writes it (`p01`, `ema-05123` ...): stable across renames."""

WINDS = "ESWN"
"""Seat letters in seat order: seat 0 is East, 1 South, 2 West, 3 North."""

_SEAT_OF: dict[str, int] = {w: i for i, w in enumerate(WINDS)}


class EntryError(ValueError):
    """A log record that cannot be read as an entry; the message names the entry id and field."""


# --- The entries -------------------------------------------------------------------------------

KINDS: dict[str, type[Entry]] = {}
"""Every entry kind by the name its records carry in `kind`: each class below is registered
here as it is defined (a new kind is one class, plus its fold rule in `mjevent.core.state`)."""


@dataclass(frozen=True, kw_only=True)
class Entry:
    """What every entry has: the id made where it was entered, and when (ISO 8601 text).

    A kind of entry is a frozen subclass with its `KIND` name and its fields; defining it
    registers it in `KINDS`, so that records of that kind are read (`read`), written
    (`to_record`) and told in the event's story (`describe`). Fields of the simple types
    (`PlayerId`, `str`, `int`, `bool`, `tuple[PlayerId, ...]`, optional with a default) are read
    without more code; an `int` field named `round`, `table`, `from_round` or `seconds` is a
    count from 1.
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

    @classmethod
    def read(cls, r: _Reader, id: str, at: str) -> Entry:
        """The entry of this kind in the record `r` reads (field by field, by their types)."""
        return _read_fields(r, cls, id, at)

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

    @classmethod
    def read(cls, r: _Reader, id: str, at: str) -> Entry:
        return _read_seating(r, id, at)

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


@dataclass(frozen=True, kw_only=True)
class HandRecorded(Entry):
    """One hand played at `table` in `round`; seats as in the table's seating for that round."""

    KIND: ClassVar[str] = "hand"
    round: int
    table: int
    hand: Hand

    @classmethod
    def read(cls, r: _Reader, id: str, at: str) -> Entry:
        return _read_hand(r, id, at)

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

    @classmethod
    def read(cls, r: _Reader, id: str, at: str) -> Entry:
        return _read_game_finished(r, id, at)

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

    @classmethod
    def read(cls, r: _Reader, id: str, at: str) -> Entry:
        return _read_correction(r, id, at)

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

    @classmethod
    def read(cls, r: _Reader, id: str, at: str) -> Entry:
        return _read_table_entry(r, id, at)

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


def seat_letter(seat: int) -> str:
    """The wind letter of seat number `seat` (0 -> "E")."""
    return WINDS[seat]


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


# --- Reading -----------------------------------------------------------------------------------


NUMBER_LIMITS: dict[str, int] = {
    "round": 999,
    "first_round": 999,
    "from_round": 999,
    "table": 999,
    "seconds": 24 * 3600,
    "deposits": 100,
    "amount": 1_000_000,
    "rating": 100_000,
    "*": 10_000_000,
}
"""The largest value (in size) each whole-number field of an entry takes; `"*"` for the rest
(final scores included). A bigger value is a typing slip, or a hostile file, not an event."""


def _shown(value: Any) -> str:
    """`repr(value)`, shortened when huge (a 4,000-digit number, a 100 KB text)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**30:
        return _("a number of about {digits:,} digits").format(
            digits=int(value.bit_length() * 0.30103) + 1
        )
    text = repr(value)
    if len(text) <= 80:
        return text
    return _("{start}... ({length:,} characters)").format(start=text[:60], length=len(text))


class _Reader:
    """Reads typed fields from one record, naming the entry and the field in every error."""

    def __init__(self, record: Mapping[str, Any], where: str) -> None:
        self.record = record
        self.where = where
        self.used: set[str] = {"id", "at", "kind"}

    def fail(self, name: str, expected: str) -> EntryError:
        value = self.record.get(name)
        got = pgettext("log field", "nothing") if name not in self.record else _shown(value)
        return _must_be(self.where, name, expected, got)

    def _get(self, name: str, default: Any, required: bool) -> Any:
        self.used.add(name)
        if name not in self.record:
            if required:
                raise _missing(self.where, name)
            return default
        return self.record[name]

    def text(self, name: str, default: str | None = None) -> str:
        value = self._get(name, default, default is None)
        if not isinstance(value, str):
            raise self.fail(name, pgettext("log field", "text"))
        return value

    def opt_text(self, name: str) -> str | None:
        value = self._get(name, None, False)
        if value is not None and not isinstance(value, str):
            raise self.fail(name, pgettext("log field", "text"))
        return value

    def number(self, name: str, *, minimum: int | None = None, default: int | None = None) -> int:
        value = self._get(name, default, default is None)
        top = NUMBER_LIMITS.get(name, NUMBER_LIMITS["*"])
        low = -top if minimum is None else minimum
        expected = _("a whole number from {low:,} to {top:,}").format(low=low, top=top)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= top:
            raise self.fail(name, expected)
        return value

    def opt_number(self, name: str, *, minimum: int | None = None) -> int | None:
        if name not in self.record:
            self.used.add(name)
            return None
        return self.number(name, minimum=minimum)

    def seat(self, name: str, value: Any = None, *, inner: str | None = None) -> int:
        raw = self._get(name, None, True) if inner is None else value
        label = name if inner is None else inner
        seat = _SEAT_OF.get(raw) if isinstance(raw, str) else None
        if seat is None:
            got = pgettext("log field", "nothing") if raw is None else repr(raw)
            raise _must_be(self.where, label, _("a seat E, S, W or N"), got)
        return seat

    def seat_set(self, name: str) -> frozenset[int]:
        raw = self._get(name, [], False)
        if not isinstance(raw, list):
            raise self.fail(name, _('a list of seats such as ["E", "W"]'))
        # The common case, read fast: a short list of distinct wind letters.
        try:
            fast = frozenset(_SEAT_OF[v] for v in raw)
        except (KeyError, TypeError):
            fast = None
        if fast is not None and len(fast) == len(raw):
            return fast
        seats = [self.seat(name, v, inner=f"{name}[{i}]") for i, v in enumerate(raw)]
        if len(set(seats)) != len(seats):
            raise self.fail(name, _("a list of different seats"))
        return frozenset(seats)

    def flag(self, name: str) -> bool:
        value = self._get(name, None, True)
        if not isinstance(value, bool):
            raise self.fail(name, pgettext("log field", "true or false"))
        return value

    def player(self, name: str) -> PlayerId:
        value = self._get(name, None, True)
        if not isinstance(value, str) or not value:
            raise self.fail(name, _("a player id (text)"))
        return value

    def finish(self) -> None:
        extra = sorted(set(self.record) - self.used)
        if extra:
            known = sorted(self.used - {"id", "at", "kind"})
            hint = suggest(extra[0], known)
            if known:
                text = _(
                    "{where}: unknown field {field!r}{hint} (this kind has: {known}). Fix: rename "
                    "the field to one of those, or remove its line"
                )
            else:
                text = _(
                    "{where}: unknown field {field!r}{hint} (this kind has: no other fields). "
                    "Fix: rename the field to one of those, or remove its line"
                )
            raise EntryError(
                text.format(where=self.where, field=extra[0], hint=hint, known=", ".join(known))
            )


def _must_be(where: str, field: str, expected: str, got: str) -> EntryError:
    """A field that is not what it must be; `expected` and `got` are already in the language."""
    return EntryError(
        _("{where}: field {field!r} must be {expected}, got {got}").format(
            where=where, field=field, expected=expected, got=got
        )
    )


def _missing(where: str, field: str) -> EntryError:
    return EntryError(_("{where}: field {field!r} is missing").format(where=where, field=field))


def _timestamp(value: Any, where: str) -> str:
    # tomllib reads an unquoted TOML datetime as a datetime; keep the log's text form.
    if isinstance(value, _dt.datetime | _dt.date):
        return value.isoformat()
    if not isinstance(value, str) or not value:
        raise _must_be(where, "at", _("an ISO 8601 timestamp"), repr(value))
    return value


def entry_from_record(record: Mapping[str, Any]) -> Entry:
    """Read one log record (a plain dict) into its entry, or raise `EntryError`.

    The error names the entry by id and kind, the field, what was expected and what was found:

    >>> try:
    ...     entry_from_record({"id": "x7", "at": "2026-03-14T10:00:00Z", "kind": "hand",
    ...                        "round": 1, "table": "three", "outcome": "draw"})
    ... except EntryError as error:
    ...     print(error)
    log entry 'x7' (hand): field 'table' must be a whole number from 1 to 999, got 'three'
    >>> try:
    ...     entry_from_record({"id": "x8", "at": "2026-03-14T10:00:00Z", "kind": "hands"})
    ... except EntryError as error:
    ...     print(error)
    log entry 'x8': unknown kind 'hands'; did you mean 'hand'? Fix: correct the kind, or open \
the file with the mjevent that wrote it (a newer version may know this kind).
    """
    raw_id = record.get("id")
    if not isinstance(raw_id, str) or not raw_id:
        raise EntryError(
            _(
                "log entry {id!r}: field 'id' must be a non-empty text id (every entry needs "
                "the id it was entered with)"
            ).format(id=raw_id)
        )
    kind = record.get("kind")
    if not isinstance(kind, str) or kind not in KINDS:
        hint = suggest(kind, sorted(KINDS)) if isinstance(kind, str) else ""
        if hint:
            text = _("log entry {id!r}: unknown kind {kind!r}{hint}")
        else:
            text = _("log entry {id!r}: unknown kind {kind!r} (known kinds: {kinds})")
        raise EntryError(
            text.format(id=raw_id, kind=kind, hint=hint, kinds=", ".join(sorted(KINDS)))
            + " "
            + _(
                "Fix: correct the kind, or open the file with the mjevent that wrote it (a "
                "newer version may know this kind)."
            )
        )
    if kind == "hand":
        fast = _fast_hand(record)
        if fast is not None:
            return fast
    elif kind == "game_finished" and record.keys() == _PLAIN_FINISH_KEYS:
        # A game recorded hand by hand ends with just its round and table: one per table.
        at, rnd, table = record["at"], record["round"], record["table"]
        if (
            isinstance(at, str) and at and type(rnd) is int and type(table) is int
            and rnd >= 1 and table >= 1
        ):
            return GameFinished(id=raw_id, at=at, round=rnd, table=table)
    return _read_carefully(record, raw_id, kind)


_PLAIN_FINISH_KEYS = frozenset({"id", "at", "kind", "round", "table"})


def _read_carefully(record: Mapping[str, Any], raw_id: str, kind: str) -> Entry:
    where = _("log entry {id!r} ({kind})").format(id=raw_id, kind=kind)
    at = _timestamp(record.get("at"), where)
    r = _Reader(record, where)
    entry = KINDS[kind].read(r, raw_id, at)
    r.finish()
    return entry


_HAND_KEYS = frozenset(
    {"id", "at", "kind", "round", "table", "outcome", "loser", "wins", "riichi", "tenpai",
     "nagashi", "reason", "offender"}
)


def _fast_hand(record: Mapping[str, Any]) -> HandRecorded | None:
    """A well-formed hand record read without the checks' bookkeeping, or None to read it the
    careful way (which then names whatever is wrong). Logs are mostly hands: this halves the
    time to read one.

    The hands themselves repeat (an event has a few thousand different ones among 18,000), so a
    hand read before is taken from `_HANDS` rather than built again: its values are frozen, and
    sharing them also keeps a large log's memory, and the garbage collector's work, down."""
    try:
        if not _HAND_KEYS.issuperset(record):
            return None
        at, rnd, table = record["at"], record["round"], record["table"]
        if not (
            isinstance(at, str) and at and type(rnd) is int and type(table) is int
            and rnd >= 1 and table >= 1
        ):
            return None
        riichi = _seat_set(record.get("riichi", []))
        if riichi is None:
            return None
        outcome_name = record["outcome"]
        key: tuple[Any, ...]
        if outcome_name in ("ron", "tsumo"):
            if outcome_name == "ron" and "loser" not in record:
                return None
            wins: list[tuple[int, int, int, int, int | None]] = []
            if type(record["wins"]) is not list:
                return None
            for w in record["wins"]:
                if type(w) is not dict or not _WIN_KEYS.issuperset(w):
                    return None
                if "yakuman" in w:
                    n = w["yakuman"]
                    if type(n) is not int or n < 1 or "han" in w or "fu" in w:
                        return None
                    han, fu = 0, 0
                else:
                    han, fu, n = w["han"], w["fu"], 0
                    if type(han) is not int or type(fu) is not int or han < 0 or fu < 0:
                        return None
                pao = w.get("pao")
                wins.append(
                    (_SEAT_OF[w["winner"]], han, fu, n, None if pao is None else _SEAT_OF[pao])
                )
            if not wins or not _NOT_IN_A_WIN.isdisjoint(record):
                return None
            if outcome_name == "ron":
                key = ("ron", _SEAT_OF[record["loser"]], tuple(wins), riichi)
            elif len(wins) == 1 and "loser" not in record:
                key = ("tsumo", wins[0], riichi)
            else:
                return None
        elif outcome_name == "draw":
            tenpai = _seat_set(record.get("tenpai", []))
            nagashi = _seat_set(record.get("nagashi", []))
            if tenpai is None or nagashi is None:
                return None
            if not _NOT_IN_A_DRAW.isdisjoint(record):
                return None
            key = ("draw", tenpai, nagashi, riichi)
        else:
            return None
    except (KeyError, TypeError):
        return None
    hand = _HANDS.get(key)
    if hand is None:
        hand = _build_hand(key)
        if len(_HANDS) >= _HANDS_LIMIT:
            _HANDS.clear()
        _HANDS[key] = hand
    return HandRecorded(id=record["id"], at=at, round=rnd, table=table, hand=hand)


# Keys a win record must not have, and keys a draw record must not have.
_NOT_IN_A_WIN = frozenset({"tenpai", "nagashi", "reason", "offender"})
_NOT_IN_A_DRAW = frozenset({"loser", "wins", "reason", "offender"})
# Hands read by `_fast_hand`, by what the record says (seats as numbers, han, fu ...).
_HANDS: dict[tuple[Any, ...], Hand] = {}
_HANDS_LIMIT = 20_000
# Seat lists as a record writes them (["E", "W"]) and the seats they are.
_SEAT_SETS: dict[tuple[Any, ...], frozenset[int]] = {}
_SEAT_SETS_LIMIT = 1_000


def _seat_set(raw: Any) -> frozenset[int] | None:
    """The seats of a list of distinct wind letters, or None when `raw` is anything else."""
    if type(raw) is not list:
        return None
    key = tuple(raw)
    seats = _SEAT_SETS.get(key)
    if seats is None:
        seats = frozenset(_SEAT_OF[s] for s in raw)
        if len(seats) != len(raw):
            return None
        if len(_SEAT_SETS) < _SEAT_SETS_LIMIT:
            _SEAT_SETS[key] = seats
    return seats


def _build_hand(key: tuple[Any, ...]) -> Hand:
    def win(seat: int, han: int, fu: int, yakuman: int, pao: int | None) -> Win:
        return Win(seat, HandValue(han, fu, yakuman), pao)

    outcome: Outcome
    if key[0] == "ron":
        outcome = Ron(key[1], tuple(win(*w) for w in key[2]))
    elif key[0] == "tsumo":
        outcome = Tsumo(win(*key[1]))
    else:
        outcome = Draw(key[1], key[2])
    return Hand(outcome, key[-1])


_WIN_KEYS = frozenset({"winner", "han", "fu", "yakuman", "pao"})


def _read_value(r: _Reader, win: Mapping[str, Any], label: str) -> HandValue:
    if "yakuman" in win:
        n = win["yakuman"]
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise _must_be(r.where, f"{label}.yakuman", pgettext("log field", "1 or more"), repr(n))
        return HandValue(yakuman=n)
    han, fu = win.get("han"), win.get("fu")
    for name, v in (("han", han), ("fu", fu)):
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            got = pgettext("log field", "nothing") if v is None else repr(v)
            raise EntryError(
                _(
                    "{where}: field {field!r} must be a whole number, got {got} (give han and "
                    "fu, or yakuman)"
                ).format(where=r.where, field=f"{label}.{name}", got=got)
            )
    assert isinstance(han, int) and isinstance(fu, int)
    return HandValue(han=han, fu=fu)


def _read_wins(r: _Reader) -> tuple[Win, ...]:
    raw = r._get("wins", None, True)
    if not isinstance(raw, list) or not raw:
        raise r.fail("wins", _('a list of wins such as [{winner = "S", han = 3, fu = 30}]'))
    wins: list[Win] = []
    for i, w in enumerate(raw):
        label = f"wins[{i}]"
        if not isinstance(w, Mapping):
            raise _must_be(r.where, label, pgettext("log field", "a table"), repr(w))
        extra = sorted(set(w) - _WIN_FIELDS)
        if extra:
            raise EntryError(
                _(
                    "{where}: unknown field {field!r}{hint}. Fix: a win takes winner, han, fu "
                    "(or yakuman), pao, and the optional yaku, dora and open"
                ).format(
                    where=r.where,
                    field=f"{label}.{extra[0]}",
                    hint=suggest(extra[0], sorted(_WIN_FIELDS)),
                )
            )
        winner = r.seat("", w.get("winner"), inner=f"{label}.winner")
        pao = None if "pao" not in w else r.seat("", w["pao"], inner=f"{label}.pao")
        wins.append(Win(winner, _read_value(r, w, label), pao, _read_detail(r, w, label)))
    return tuple(wins)


_WIN_FIELDS = frozenset({"winner", "han", "fu", "yakuman", "pao", "yaku", "dora", "open"})


def _read_detail(r: _Reader, win: Mapping[str, Any], label: str) -> WinDetail | None:
    """The optional yaku, dora and open/closed record of a win (None when it has none)."""
    if not {"yaku", "dora", "open"} & set(win):
        return None
    yaku: tuple[str, ...] | None = None
    if "yaku" in win:
        raw = win["yaku"]
        if not isinstance(raw, list) or not all(isinstance(y, str) and y in YAKU for y in raw):
            raise _must_be(
                r.where,
                f"{label}.yaku",
                pgettext("log field", "a list of yaku ids (docs/entry.md lists them)"),
                repr(raw),
            )
        yaku = tuple(raw)
    dora = win.get("dora")
    if dora is not None and (isinstance(dora, bool) or not isinstance(dora, int) or dora < 0):
        raise _must_be(r.where, f"{label}.dora", pgettext("log field", "0 or more"), repr(dora))
    is_open = win.get("open")
    if is_open is not None and not isinstance(is_open, bool):
        raise _must_be(r.where, f"{label}.open", pgettext("log field", "true or false"),
                       repr(is_open))
    return WinDetail(yaku, dora, is_open)


def _read_hand(r: _Reader, id: str, at: str) -> HandRecorded:
    rnd = r.number("round", minimum=1)
    table = r.number("table", minimum=1)
    kind = r.text("outcome")
    outcome: Outcome
    if kind == "ron":
        outcome = Ron(loser=r.seat("loser"), wins=_read_wins(r))
    elif kind == "tsumo":
        wins = _read_wins(r)
        if len(wins) != 1:
            raise r.fail("wins", _("exactly one win for a tsumo"))
        outcome = Tsumo(wins[0])
    elif kind == "draw":
        outcome = Draw(tenpai=r.seat_set("tenpai"), nagashi=r.seat_set("nagashi"))
    elif kind == "abortive":
        outcome = AbortiveDraw(reason=r.text("reason", ""))
    elif kind == "chombo":
        outcome = ChomboHand(offender=r.seat("offender"))
    else:
        raise EntryError(
            _(
                "{where}: field 'outcome' must be one of ron, tsumo, draw, abortive, chombo, got "
                "{kind!r}{hint}"
            ).format(
                where=r.where,
                kind=kind,
                hint=suggest(kind, ["ron", "tsumo", "draw", "abortive", "chombo"]),
            )
        )
    hand = Hand(outcome, riichi=r.seat_set("riichi"))
    return HandRecorded(id=id, at=at, round=rnd, table=table, hand=hand)


def _read_game_finished(r: _Reader, id: str, at: str) -> GameFinished:
    rnd = r.number("round", minimum=1)
    table = r.number("table", minimum=1)
    final: tuple[int, ...] | None = None
    if "final" in r.record:
        raw = r._get("final", None, True)
        if (
            not isinstance(raw, list)
            or len(raw) not in (3, 4)
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in raw)
        ):
            raise r.fail("final", _("a list of 3 or 4 final scores in seat order (E S W N)"))
        top = NUMBER_LIMITS["*"]
        if not all(-top <= x <= top for x in raw):
            raise r.fail(
                "final", _("final scores from {low:,} to {top:,}").format(low=-top, top=top)
            )
        final = tuple(raw)
    else:
        r.used.add("final")
    chombos_raw = r._get("chombos", [], False)
    if not isinstance(chombos_raw, list):
        raise r.fail("chombos", pgettext("log field", "a list of seats"))
    chombos = tuple(
        r.seat("", v, inner=f"chombos[{i}]") for i, v in enumerate(chombos_raw)
    )
    return GameFinished(
        id=id,
        at=at,
        round=rnd,
        table=table,
        final=final,
        deposits=r.number("deposits", minimum=0, default=0),
        chombos=chombos,
    )


def _read_seating(r: _Reader, id: str, at: str) -> SeatingSet:
    first = r.number("first_round", minimum=1)
    raw = r._get("rounds", None, True)
    expected = _('a list of rounds, each a list of tables of player ids: [[["p01", "p02", ...]]]')
    if not isinstance(raw, list) or not raw:
        raise r.fail("rounds", expected)
    rounds: list[tuple[tuple[PlayerId, ...], ...]] = []
    for i, rnd in enumerate(raw):
        if not isinstance(rnd, list):
            raise EntryError(
                _("{where}: field {field!r} must be {expected}").format(
                    where=r.where, field=f"rounds[{i}]", expected=expected
                )
            )
        tables: list[tuple[PlayerId, ...]] = []
        for j, table in enumerate(rnd):
            if not isinstance(table, list) or not all(isinstance(p, str) and p for p in table):
                raise _must_be(
                    r.where,
                    f"rounds[{i}][{j}]",
                    pgettext("log field", "a list of player ids"),
                    repr(table),
                )
            tables.append(tuple(table))
        rounds.append(tuple(tables))
    params_raw = r._get("params", {}, False)
    if not isinstance(params_raw, Mapping) or not all(
        isinstance(v, str | int | float | bool) for v in params_raw.values()
    ):
        raise r.fail("params", _("a table of simple values (text, numbers, true/false)"))
    return SeatingSet(
        id=id,
        at=at,
        first_round=first,
        rounds=tuple(rounds),
        method=r.text("method", "manual"),
        params=tuple(sorted((str(k), v) for k, v in params_raw.items())),
        seed=r.opt_number("seed"),
    )


def _read_correction(r: _Reader, id: str, at: str) -> Correction:
    target = r.text("target")
    reason = r.text("reason")
    replacement: Entry | None = None
    if "replacement" in r.record:
        raw = r._get("replacement", None, True)
        if not isinstance(raw, Mapping):
            raise r.fail(
                "replacement", _("a table holding the amended entry (kind and fields)")
            )
        if raw.get("kind") == "correction":
            raise EntryError(
                _(
                    "{where}: field 'replacement' cannot be a correction; void the correction "
                    "and enter a new one instead"
                ).format(where=r.where)
            )
        inner = dict(raw)
        inner["id"], inner["at"] = id, at
        try:
            replacement = entry_from_record(inner)
        except EntryError as error:
            raise EntryError(
                _("{where}: field 'replacement': {error}").format(where=r.where, error=error)
            ) from None
    else:
        r.used.add("replacement")
    return Correction(id=id, at=at, target=target, reason=reason, replacement=replacement)


def _read_table_entry(r: _Reader, id: str, at: str) -> TableEntrySubmitted:
    rnd = r.number("round", minimum=1)
    table = r.number("table", minimum=1)
    seat = r.text("seat")
    if seat not in WINDS:
        raise r.fail("seat", _("a seat E, S, W or N"))
    mode = r.text("mode", "confirm")
    if mode not in TABLE_ENTRY_MODES:
        raise r.fail("mode", _("one of confirm, director, direct"))
    raw = r._get("entry", None, True)
    if not isinstance(raw, Mapping) or raw.get("kind") not in ("hand", "game_finished"):
        raise r.fail(
            "entry", _("a table holding the entry the line reads as (a hand or a game's end)")
        )
    inner = dict(raw)
    inner["id"], inner["at"] = id, at
    try:
        entry = entry_from_record(inner)
    except EntryError as error:
        raise EntryError(
            _("{where}: field 'entry': {error}").format(where=r.where, error=error)
        ) from None
    assert isinstance(entry, HandRecorded | GameFinished)
    if (entry.round, entry.table) != (rnd, table):
        raise r.fail("entry", _("an entry for the same round and table"))
    hands = r.number("hands", minimum=0, default=0)
    player = r.opt_text("player")
    return TableEntrySubmitted(
        id=id, at=at, round=rnd, table=table, seat=seat, line=r.text("line"), entry=entry,
        mode=mode, player=player, hands=hands,
    )


_COUNTS = frozenset({"round", "table", "from_round", "seconds"})


def _read_fields(r: _Reader, cls: type[Entry], id: str, at: str) -> Entry:
    # The simple kinds: each field is read by its annotation (a string: the module has
    # `from __future__ import annotations`).
    values: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        if f.name in ("id", "at"):
            continue
        has_default = f.default is not dataclasses.MISSING
        if not has_default and f.name not in r.record:
            raise _missing(r.where, f.name)
        if has_default and f.name not in r.record:
            r.used.add(f.name)
            continue
        kind = str(f.type).removesuffix(" | None")
        if kind == "PlayerId":
            values[f.name] = r.player(f.name)
        elif kind == "int":
            values[f.name] = r.number(f.name, minimum=1 if f.name in _COUNTS else None)
        elif kind == "str":
            values[f.name] = r.text(f.name)
        elif kind == "bool":
            values[f.name] = r.flag(f.name)
        elif kind == "tuple[PlayerId, ...]":
            raw = r._get(f.name, None, True)
            if not isinstance(raw, list) or not all(isinstance(p, str) and p for p in raw):
                raise r.fail(f.name, pgettext("log field", "a list of player ids"))
            values[f.name] = tuple(raw)
        else:
            raise TypeError(
                f"{cls.__name__}.{f.name}: a field of type {f.type} needs its own reader "
                f"({cls.__name__}.read)"
            )
    return cls(id=id, at=at, **values)


def entries_from_records(records: Sequence[Mapping[str, Any]]) -> list[Entry]:
    """Read a whole log; the first bad record raises `EntryError`."""
    with collector_paused():
        return [entry_from_record(r) for r in records]


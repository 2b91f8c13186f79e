"""Problems: what in the log does not add up, as a kind and the data it names, put into words
only when shown.

A fold finds problems in whatever language the console happens to speak, and a command
compares the problems before and after an entry; so a problem is a value (`Problem`: the entry
at fault, a `ProblemKind`, and the data), equal to another by kind and data, and its words are
made when asked (`Problem.message`, `str()`), in the language current then. A piece of the words
that is itself translated (a table's label, a wind, why a game ended) is kept as `Words`: what
says it and the data it is said from, said when the problem is shown. Making a problem
translates nothing, so the fold pays for no words it does not show.

>>> p = Problem.of("h7", ProblemKind.ROUND_NOT_SEATED, round=3)
>>> p == Problem.of("h7", ProblemKind.ROUND_NOT_SEATED, round=3), p.kind.name
(True, 'ROUND_NOT_SEATED')
>>> print(p)
entry h7: round 3 is not seated; set its seating first
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from mjevent.core.game import GameState, apply_hand
from mjevent.core.i18n import N_, _, pgettext
from mjevent.core.outcomes import Hand
from mjevent.core.results import ScoreSumError, check_final_scores
from mjevent.core.rules import RuleSet


def table_label(round: int, table: int) -> str:
    """A table of a round as messages name it: `round 2 table 3` (`第2回戦 3卓`)."""
    return pgettext("table of a round", "round {round} table {table}").format(
        round=round, table=table
    )


@dataclass(frozen=True, slots=True)
class Words:
    """A translated piece of a problem's words, made when shown: `say(*args)`.

    Equal to another by `say` and `args` (the data the words are made from), never by the words.

    >>> Words(table_label, (2, 3)) == Words(table_label, (2, 3)), str(Words(table_label, (2, 3)))
    (True, 'round 2 table 3')
    """

    say: Callable[..., object]
    args: tuple[Hashable, ...]

    def __str__(self) -> str:
        return str(self.say(*self.args))


def table_words(round: int, table: int) -> Words:
    """`round 2 table 3`, said when shown."""
    return Words(table_label, (round, table))


def hand_label(state: GameState) -> str:
    """The hand a game is at (or ended at), `South 2, 1 honba`."""
    return state.label


def why_not_applied(state: GameState, hand: Hand) -> str:
    """Why `hand` cannot be applied to `state`, as `apply_hand` refuses it ('' when it can)."""
    try:
        apply_hand(state, hand)
    except ValueError as error:
        return str(error)
    return ""


def why_scores_wrong(final: tuple[int, ...], rules: RuleSet, deposits: int) -> str:
    """Why `final` cannot be a game's final scores, as `check_final_scores` refuses them ('' when
    they can)."""
    try:
        check_final_scores(final, rules, deposits_left=deposits)
    except ScoreSumError as error:
        return str(error)
    return ""


class ProblemKind(enum.Enum):
    """Every kind of problem a fold can find; the value is the message's words (a msgid), filled
    from the problem's data. The comment before a group says which step finds it."""

    # Seating and the tables of a round (fold_rules).
    RESEATS_PLAYED_ROUND = N_(
        "re-seats round {round}, which already has results; re-seat a single table "
        "with a reseat entry, or void its results first"
    )
    SETTINGS_SEATING_SIZE = N_(
        "the seating of round {round} table {table} has {count} players; the rules seat {players}"
    )
    SEATING_SIZE = N_(
        "this seating of round {round} table {table} has {count} players; the rules seat {players}"
    )
    SEATED_TWICE = N_("player {player} is seated twice in round {round}")
    SEATS_UNKNOWN_PLAYER = N_("round {round} table {table} seats unknown player {player!r}")
    SEATS_WITHDRAWN_PLAYER = N_(
        "round {round} table {table} seats {name} ({player}), who withdrew before round {round}"
    )
    STILL_SEATED = N_(
        "{name} ({player}) withdrew from round {from_round} but is "
        "still seated at round {round} table {table}; re-seat that "
        "round (or swap in a substitute)"
    )
    ROUND_NOT_SEATED = N_("round {round} is not seated; set its seating first")
    NO_SUCH_TABLE = N_("there is no table {table} in round {round} (it has tables 1 to {last})")
    SWAP_ROUND_NOT_SEATED = N_("round {round} is not seated")
    SWAP_NOT_SEATED = N_("{player!r} is not seated in round {round}")
    SWAP_PLAYED = N_(
        "swaps seats at round {round} table {table}, which already has hands; "
        "if the table played on other winds, re-seat it (its hands are re-applied)"
    )
    # Players, penalties, the clock (fold_rules).
    PENALTY_UNKNOWN_PLAYER_HINT = N_(
        "penalty for unknown player {player!r}{hint} Fix: name the player by the id "
        "of their [[players]] block"
    )
    PENALTY_UNKNOWN_PLAYER = N_(
        "penalty for unknown player {player!r}. Fix: name the player by the id of "
        "their [[players]] block"
    )
    TIME_ROUND_NOT_SEATED = N_("time called in round {round}, which is not seated")
    ROUND_STARTED_TWICE = N_("round {round} was already started at {at}")
    PAUSED_NOT_RUNNING = N_("round {round} is paused while its clock is not running")
    RESUMED_NOT_PAUSED = N_("round {round} is resumed but it was not paused")
    NOT_AT_TABLE = N_("{player!r} does not sit at {table} (it seats {seats})")
    PLAYER_ID_TAKEN = N_("player id {player!r} is already taken")
    UNKNOWN_PLAYER = N_("unknown player {player!r}")
    RETURNS_NOT_WITHDRAWN = N_("{name} returns but had not withdrawn")
    # Table entries (fold_rules, table_entry_problems; events/stations refuses with them too).
    NO_SUCH_SEAT = N_("seat {seat}: a {players}-player table has no such seat")
    CONFLICTING_ENTRY = N_(
        "another entry says something else for the same hand: the director approves "
        "one of them (or rejects both)"
    )
    TARGET_NOT_IN_LOG = N_(
        "table entry {target} is not in the log (or was voided). Fix: give the id "
        "of a pending entry as `mjevent pending` lists it"
    )
    OWN_SEAT_CONFIRMS = N_("seat {wind} entered it: another seat at the table confirms it")
    WAITS_FOR_DIRECTOR = N_(
        "this entry waits for the director's approval (the event's table_entry is \"director\")"
    )
    STALE_TABLE_ENTRY = N_(
        "table entry {target} was made after {made} entries at round {round} table {table}, "
        "which now has {now}: the game moved on meanwhile. Fix: reject it, and enter the hand "
        "again if it is still missing"
    )
    SETTLED_DIRECT = N_("table entry {target} was recorded at once (direct entry)")
    SETTLED_REJECTED = N_("table entry {target} was rejected by entry {by}")
    SETTLED_LOST = N_(
        "table entry {target} lost to another entry for the same hand, which counts (entry {by})"
    )
    SETTLED_COUNTS = N_(
        "table entry {target} already counts (entry {by}); to change it, void entry {by} in "
        "the log (F6)"
    )
    # One table's game (table).
    HAND_AFTER_FINISHED = N_(
        "hand at {table} after the game was finished by entry "
        "{entry}; void that entry first if the game went on"
    )
    HAND_AFTER_TIME = N_(
        "hand at {table} started after time was called: the rules "
        "(time_call = {time_call}) allow no more hands, and the game ended "
        "after {hand}; void it, or correct an earlier hand"
    )
    HAND_AFTER_END = N_("hand at {table} after {why}")
    NAMES_MISSING_SEAT = N_(
        "names seat {seat}, which a {players}-player table does not have; the "
        "hand is skipped (correct it with the right seats)"
    )
    HAND_NOT_APPLIED = N_("hand at {table} cannot be applied: {problem}")
    RESEAT_OTHER_PLAYERS = N_(
        "re-seats {table} as {seats}, but the table seats "
        "{current}; give the same players in the order they sat (E S W N)"
    )
    FINISHED_TWICE = N_("{table} was already finished by entry {entry}; void one of them")
    FINAL_NOT_THE_HANDS = N_(
        "final scores {final} at {table} do not match the "
        "hands, which give {scores}; correct the hand that is "
        "wrong, or the final scores"
    )
    CHOMBOS_ON_FINAL = N_(
        "chombos are listed on the final scores of {table}, which was "
        "recorded hand by hand; record each chombo as a hand instead"
    )
    FINISHED_EMPTY = N_(
        "{table} is finished without hands and without final scores; "
        "give the final scores (t3 final 41200 28800 22100 27900)"
    )
    FINAL_COUNT = N_("{count} final scores at {table}; the rules seat {players} players")
    FINAL_SCORES_WRONG = N_("final scores at {table}: {problem}")
    # Corrections (corrections).
    ID_TWICE = N_(
        "this id is used by two different entries; the later one is ignored "
        "(give every entry its own id)"
    )
    CORRECTS_MISSING = N_(
        "corrects {target!r}, which is not in the log. Fix: give the id of "
        "the entry to correct as `mjevent replay` or the log screen shows it"
    )
    CORRECTS_LATER = N_("corrects {target!r}, which comes later in the log")
    AMENDS_CORRECTION = N_(
        "amends the correction {target!r}; a correction can only be voided (then enter a new one)"
    )
    AMENDS_KIND = N_(
        "amends {target!r} ({kind}) with a {other}; an amendment keeps the "
        "kind (void it and enter a new entry instead)"
    )
    # The names and free texts entries carry (entry_texts).
    BAD_NOTE = N_("the note {text} cannot be used: {problem}")
    BAD_REASON = N_("the reason {text} cannot be used: {problem}")
    BAD_NAME = N_("the name {text} cannot be used: {problem}")
    BAD_TEAM = N_("the team {text} cannot be used: {problem}")
    BAD_LINE = N_("the line {text} cannot be used: {problem}")
    # A record of the log that cannot be read as an entry (entry_reader).
    UNREADABLE = N_("{problem}; skipped")
    # Words already made elsewhere, told as they are (what opening the file repaired, replay):
    # not a msgid, so it is shown untranslated.
    TOLD = "{text}"


@dataclass(frozen=True, slots=True)
class Problem:
    """Something in the log that does not add up: `entry` is the id of the entry at fault (None:
    the event as a whole), `kind` what is wrong, `data` the (name, value) pairs its words are
    filled from. Equal and hashed by those three, never by words."""

    entry: str | None
    kind: ProblemKind
    data: tuple[tuple[str, Hashable], ...] = ()

    @classmethod
    def of(cls, entry: str | None, kind: ProblemKind, /, **data: Hashable) -> Problem:
        """The problem of `kind` at `entry`, with `data` to fill its words."""
        return cls(entry, kind, tuple(data.items()))

    @property
    def message(self) -> str:
        """The problem in words, in the language current now (without the entry's id)."""
        values: dict[str, Any] = dict(self.data)
        for name, value in self.data:
            if isinstance(value, Words):
                values[name] = str(value)
            elif isinstance(value, tuple):
                values[name] = list(value)  # kept as a tuple (hashable), always shown as a list
        return _(self.kind.value).format_map(values)

    def __str__(self) -> str:
        if not self.entry:
            return self.message
        return _("entry {entry}: {problem}").format(entry=self.entry, problem=self.message)

"""Every change to an event goes through one function here: build an entry, check it, append it.

Each command makes its entry with a fresh id (`new_entry_id()`, or the `entry_id` the caller
made earlier, so that a retried call records once), folds the entry onto the log's fold
(`core.state.Folder.then`: one more entry, not the whole log again, except for a correction),
and refuses it with a `CommandError` (or the calculator's `IllegalHandError`) when it would be a
problem, or would make an entry already logged a problem: nothing is appended then. Otherwise
the entry is appended durably and the new `EventState` is returned.

A command takes the event's `EventSession` (`events.session`: it holds the live fold) or a
bare `EventStore`, which it folds once for the call.

    session = EventSession.open("club.toml")
    state = record_line(session, "t3 ron S<-W 3/30 r:E,S")
    state = correct_entry(session, "01JF...", reason="wrong table")  # voids; nothing is deleted
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from mjevent.core.drafts import (
    Stamp,
    draft_check_in,
    draft_correction,
    draft_game_end,
    draft_hand,
    draft_late_penalty,
    draft_line,
    draft_penalty,
    draft_player,
    draft_rename,
    draft_reseat,
    draft_return,
    draft_score_sheet_penalty,
    draft_seating,
    draft_substitute,
    draft_withdrawal,
)
from mjevent.core.entries import (
    Correction,
    Entry,
    HandRecorded,
    Note,
    Penalty,
    PlayerAdded,
    PlayerId,
    PlayerRenamed,
    PlayerSubstituted,
    PrizesRevealed,
    RoundExtended,
    RoundPaused,
    RoundResumed,
    RoundStarted,
    SeatsSwapped,
    TimeCalled,
)
from mjevent.core.entry_reader import EntryError, entry_from_record
from mjevent.core.game import apply_hand, new_game
from mjevent.core.i18n import _, ngettext, pgettext
from mjevent.core.notation import ParsedEntry, ParsedLine
from mjevent.core.outcomes import Hand
from mjevent.core.penalties import PenaltyRuleError
from mjevent.core.preview import read_entry, unseated_round
from mjevent.core.scoring import IllegalHandError
from mjevent.core.state import EventState, Folder, caused_problems, refusals, table_label
from mjevent.core.text import name_problem, quoted_name, safe_text
from mjevent.events.entry_ids import entry_id_problem, stamp
from mjevent.events.errors import EventFileInvalidError
from mjevent.events.replaced import entry_words
from mjevent.events.session import Clock, EventSession, utc_now
from mjevent.events.store import EventStore

__all__ = [
    "CommandError",
    "RaceLostError",
    "Target",
    "add_late_penalty",
    "add_note",
    "add_penalty",
    "add_player",
    "add_score_sheet_penalty",
    "call_time_for",
    "check_in_player",
    "correct_entry",
    "current_state",
    "extend_round",
    "finish_game",
    "logged_entries",
    "new_stamp",
    "pause_round",
    "record_entry",
    "record_final",
    "record_hand",
    "record_line",
    "record_parsed",
    "record_read_line",
    "rename_player",
    "reseat_table",
    "resume_round",
    "return_player",
    "reveal_prizes",
    "session_of",
    "set_planned_rounds",
    "set_seating",
    "start_round",
    "substitute_player",
    "swap_seats",
    "withdraw_player",
]


class CommandError(ValueError):
    """The entry would not fit the event as it stands; nothing was appended."""


class RaceLostError(CommandError):
    """Another writer (a second console, `mjevent record` on another laptop) recorded an entry
    a moment before this one, and this one no longer fits after it; `others` are the ids of what
    the other writer recorded that the refusal names. Nothing was appended."""

    def __init__(self, message: str, others: tuple[str, ...]) -> None:
        super().__init__(message)
        self.others = others


def _refused(problem: object) -> CommandError:
    """`problem`, saying that nothing was recorded."""
    return CommandError(_("{problem} (nothing was recorded)").format(problem=problem))


Target = EventStore | EventSession
"""What a command acts on: the event's session, or a bare store (folded once for the call)."""


def session_of(event: Target) -> EventSession:
    """The session of `event`: itself, or a session over a bare store (which folds its log)."""
    return event if isinstance(event, EventSession) else EventSession(event)


def current_state(event: Target) -> EventState:
    """The fold of the event's log as the store last read it (`store.reload()` catches up);
    a bare store is folded for this call alone: hold an `EventSession` to keep the fold."""
    return session_of(event).folder().state()


def logged_entries(event: Target) -> list[Entry]:
    """Every entry of the event's log as read, in file order (corrected and cancelled ones
    included, records that cannot be read left out): what `current_state` folded, not read
    again."""
    return list(session_of(event).folder().log)


def _append(event: Target, entry: Entry) -> EventState:
    """Check `entry` against the folded log, then append it; see the module docstring.

    Check and append happen under the file's lock, against the log as it is on disk at that
    moment (`store.transaction()`): an entry another process appended just before is part of
    the check, so two consoles recording the last hand of a game cannot both be accepted.
    """
    session = session_of(event)
    seen = session.folder()  # what the caller's own checks saw: the file as last read
    with session.store.transaction():
        try:
            return _check_and_append(session, entry)
        except CommandError as refusal:
            lost = _lost_race(session.store, seen, entry)
            if lost is None:
                raise
            raise lost from refusal


def _lost_race(store: EventStore, seen: Folder, entry: Entry) -> RaceLostError | None:
    """The refusal to give when `entry` fitted the log as last read (`seen`) and no longer fits
    because another writer appended meanwhile: what that writer recorded, in words. None when
    nobody else appended, or when the entry would have been refused anyway.

    It never suggests changing the rules: the other writer's entry is why.
    """
    before = seen.state()
    others = [rec for rec in store.log if rec["id"] not in before.log_ids]
    if not others or refusals(caused_problems(before, seen.then(entry).state()), entry):
        return None
    where = (getattr(entry, "round", None), getattr(entry, "table", None))
    same = [rec for rec in others if (rec.get("round"), rec.get("table")) == where]
    rnd = before.current_round
    if where[1] is not None and same:
        game = before.game(where[0], where[1]) if where[0] is not None else None
        table = table_label(where[0], where[1]) if where[0] is not None else ""
        first = same[0]
        if first.get("kind") == "hand" and game is not None and game.state is not None:
            what = _("{table}: hand {hand} was recorded by another station a moment ago").format(
                table=table, hand=game.state.label
            )
        elif first.get("kind") == "game_finished":
            what = _(
                "{table}: the game's end was recorded by another station a moment ago"
            ).format(table=table)
        else:
            what = _("{table}: another station recorded this a moment ago").format(table=table)
        shown = same
    else:
        what = _("another station recorded this a moment ago")
        shown = others
    names = before.name
    lines = pgettext("joins entry lines", "; ").join(
        entry_words(rec, rnd, names) for rec in shown[:3]
    )
    if len(shown) > 3:
        lines += " " + _("(and {n} more)").format(n=len(shown) - 3)
    return RaceLostError(
        _(
            "{what}: {lines}. Yours was not recorded. If the table played something else, "
            "check its score sheet, correct the other station's entry in the console's log "
            "(F6), then enter yours again."
        ).format(what=what, lines=lines),
        tuple(rec["id"] for rec in shown),
    )


def _check_and_append(session: EventSession, entry: Entry) -> EventState:
    # What the file's reader would refuse (a value out of its range) is refused before writing.
    try:
        entry_from_record(entry.to_record())
    except EntryError as error:
        raise _refused(error) from None
    folder = session.folder()
    state = folder.state()
    if entry.id in state.log_ids:
        _same_as_logged(session.store, entry)
        return state  # a retry of an entry already logged: record once
    after = folder.then(entry)
    trial = after.state()
    # Refuse what the new entry gets wrong, and what it would make wrong in entries already
    # logged (voiding a hand under a score sheet's totals). Problems of the event as a whole
    # (a withdrawn player still seated) are steps on the way and are allowed.
    refused = refusals(caused_problems(state, trial), entry)
    if refused:
        raise _refused(pgettext("joins problems", "; ").join(refused))
    store = session.store
    count = len(store.log)
    store.append(entry.to_record())
    if len(store.log) == count + 1 and store.log[-1]["id"] == entry.id:
        session.appended(after)
        return trial
    # Another process appended meanwhile: fold what the file now holds.
    return session.folder().state()


def new_stamp(entry_id: str | None, at: str | None, clock: Clock) -> Stamp:
    """A new entry's id and time: `entry_id` (refused when it is not a valid id) or a new one,
    `at` or `clock`'s now. Every command stamps its entry with it; so do the tables' stations."""
    if entry_id is not None and (problem := entry_id_problem(entry_id)) is not None:
        raise _refused(
            _("entry id {id!r}: {problem}").format(id=safe_text(entry_id), problem=problem)
        )
    return stamp(clock, entry_id, at)


def record_entry(event: Target, entry: Entry) -> EventState:
    """Record `entry`, built beforehand with its id and time (a `core.drafts` builder: a
    dialog previews this very entry, then records it; every command here builds its entry
    and records it through this).

    What the command of its kind refuses before trying it is refused here (a name that cannot
    be shown, a second player of one name, a penalty of 0 points or without a reason, a
    correction without a reason ...); then the entry is tried on the live fold and appended
    when it causes no problem (see the module docstring). A hand the rules forbid raises the
    calculator's `IllegalHandError`.
    """
    session = session_of(event)
    _admissible(session, entry)
    if isinstance(entry, HandRecorded):
        return _record_hand(session, entry)
    return _append(session, entry)


def _admissible(session: EventSession, entry: Entry) -> None:
    """Refuse what the values of `entry` get wrong before it is tried (`CommandError`)."""
    if isinstance(entry, PlayerAdded):
        state = session.folder().state()
        folded = entry.name.strip().casefold()
        same = [p for p in state.players if state.name(p).strip().casefold() == folded]
        if same:
            raise CommandError(
                _(
                    "{name} is already the name of {player}; two players with one name cannot "
                    "be told apart. Fix: add what tells them apart (an initial, a club)."
                ).format(name=quoted_name(entry.name), player=", ".join(same))
            )
        _name(entry.name)
    elif isinstance(entry, PlayerRenamed):
        _name(entry.name)
    elif isinstance(entry, PlayerSubstituted):
        _name(entry.substitute, substitute=True)
    elif isinstance(entry, RoundExtended) and entry.seconds < 1:
        raise CommandError(
            _("extra time {seconds} s: give 1 second or more").format(seconds=entry.seconds)
        )
    elif isinstance(entry, Penalty):
        if entry.amount == 0:
            raise CommandError(
                _("a penalty of 0 points changes nothing: give the points to take off")
            )
        if not entry.reason.strip():
            raise CommandError(_("a penalty needs a reason (it is shown to the player)"))
    elif isinstance(entry, PrizesRevealed) and entry.shown < 0:
        raise _refused(
            _("a prize-giving cannot reveal {count} places").format(count=entry.shown)
        )
    elif isinstance(entry, Correction) and not entry.reason.strip():
        raise CommandError(
            _("a correction needs a reason (the log keeps it next to the original)")
        )


# --- Results at the tables ---------------------------------------------------------------------


def record_hand(
    event: Target,
    round: int,
    table: int,
    hand: Hand,
    *,
    entry_id: str | None = None,
    at: str | None = None,
    clock: Clock = utc_now,
) -> EventState:
    """Record one hand at `table` in `round` (seats as in that round's seating).

    An illegal hand raises the calculator's `IllegalHandError` naming the fault; a hand the
    game cannot take (the game is over, the table does not exist) raises `CommandError`.
    """
    return record_entry(event, draft_hand(new_stamp(entry_id, at, clock), round, table, hand))


def _record_hand(session: EventSession, entry: HandRecorded) -> EventState:
    state = session.folder().state()
    try:
        # The fold in `_append` scores the hand, once; only a refusal scores it again, below.
        return _append(session, entry)
    except CommandError:
        game = state.game(entry.round, entry.table)
        before = game.state if game is not None and game.state is not None else None
        if entry.id not in state.log_ids and (before is None or not before.finished):
            # Surface the calculator's own error type for an illegal hand; anything else (no
            # such table, the game over) is named by the fold's refusal.
            try:
                apply_hand(before or new_game(state.rules), entry.hand)
            except IllegalHandError as error:
                raise error from None
            except ValueError:
                pass
        raise


def record_final(
    event: Target,
    round: int,
    table: int,
    final: Sequence[int] | None,
    *,
    deposits: int = 0,
    chombos: Sequence[int] = (),
    entry_id: str | None = None,
    at: str | None = None,
    clock: Clock = utc_now,
) -> EventState:
    """Finish a table's game: by its final scores (seat order), or, when the game was recorded
    hand by hand, with `final=None` (the hands decide) or the score sheet's totals to compare."""
    entry = draft_game_end(
        new_stamp(entry_id, at, clock), round, table, final, deposits=deposits, chombos=chombos
    )
    return record_entry(event, entry)


finish_game = record_final


def record_parsed(
    event: Target,
    parsed: ParsedEntry,
    *,
    entry_id: str | None = None,
    at: str | None = None,
    clock: Clock = utc_now,
) -> EventState:
    """Record what `parse_entry` read: a hand or a game's final scores."""
    return record_entry(event, draft_line(new_stamp(entry_id, at, clock), parsed))


def _same_as_logged(store: EventStore, entry: Entry) -> None:
    """Refuse `entry` when its id is logged for a different entry (a retry is the same entry
    again, its time aside): an id reused by mistake must not drop a hand silently."""
    logged = next((r for r in store.log if r.get("id") == entry.id), None)
    if logged is None:
        return
    try:
        before = _content(entry_from_record(logged).to_record())
    except EntryError:
        before = _content(logged)
    again = _content(entry.to_record())
    if before == again:
        return
    line = store.entry_lines().get(entry.id)
    raise CommandError(
        _(
            "{file}:{line}: entry id {id} is already used for a different entry ({logged}); "
            "this one ({new}) was not recorded. Fix: leave out --id to record it under a new "
            "id (an id is reused only to retry the very same entry)."
        ).format(
            file=store.path, line=line if line is not None else "?", id=entry.id,
            logged=_summary(before), new=_summary(again),
        )
    )


def _content(record: Mapping[str, Any]) -> dict[str, Any]:
    """A record without its id and time, as plain values (what a retry must repeat)."""
    plain: dict[str, Any] = json.loads(json.dumps(
        {k: v for k, v in record.items() if k not in ("id", "at")}, sort_keys=True, default=str
    ))
    return plain


def _summary(content: Mapping[str, Any]) -> str:
    """`hand round=1 table=1 outcome=ron ...`: a record's fields on one line, kind first."""
    fields = " ".join(
        f"{k}={json.dumps(v, ensure_ascii=False)}" if not isinstance(v, str | int) else f"{k}={v}"
        for k, v in content.items() if k != "kind"
    )
    text = f"{content.get('kind', '?')} {fields}".strip()
    return text if len(text) <= 160 else text[:159] + "…"


def record_line(
    event: Target,
    text: str,
    *,
    round: int | None = None,
    entry_id: str | None = None,
    at: str | None = None,
    clock: Clock = utc_now,
) -> EventState:
    """Read one entry line (docs/entry.md) against the event as it stands and record it
    (`record_read_line`; the CLI's ``mjevent record``).

    A line without ``rN`` is for `round`, else the current round; a seat named by a player's
    name is read against the seating of the round the line is for.
    """
    event = session_of(event)
    parsed = read_entry(current_state(event), text, round=round)
    return _record_read(
        event, parsed, named=round is not None, entry_id=entry_id, at=at, clock=clock
    )


def record_read_line(
    event: Target,
    parsed: ParsedLine,
    *,
    entry_id: str | None = None,
    at: str | None = None,
    clock: Clock = utc_now,
) -> EventState:
    """Record the line `parsed` (`core.preview.read_entry`, the console's reading of what was
    typed), or raise what stops it: the line's own error (`EntrySyntaxError`,
    `AmbiguousEntryError`, `IllegalHandError`), or `CommandError` when a line naming no round
    falls after every seated round.

    The caller reads the line against the state the command runs on (the console reads it
    again when the event changed since), as a name is looked up in that state's seating.
    """
    return _record_read(event, parsed, named=False, entry_id=entry_id, at=at, clock=clock)


def _record_read(
    event: Target,
    parsed: ParsedLine,
    *,
    named: bool,
    entry_id: str | None,
    at: str | None,
    clock: Clock,
) -> EventState:
    if parsed.round is None:
        return record_parsed(event, parsed.result())  # raises the line's error
    named = named or parsed.round_named
    event = session_of(event)
    state = current_state(event)
    if not named and parsed.round not in state.seating and state.seating:
        raise CommandError(unseated_round(state, parsed.round, named=False))
    return record_parsed(event, parsed.result(), entry_id=entry_id, at=at, clock=clock)


def call_time_for(
    event: Target,
    round: int,
    table: int | None = None,
    *,
    entry_id: str | None = None,
    at: str | None = None,
    clock: Clock = utc_now,
) -> EventState:
    """Call time for every table of the round, or for one table."""
    return record_entry(
        event, TimeCalled(**new_stamp(entry_id, at, clock), round=round, table=table)
    )


# --- The round clock ----------------------------------------------------------------------------


def start_round(
    event: Target, round: int, *, entry_id: str | None = None, at: str | None = None,
    clock: Clock = utc_now,
) -> EventState:
    """Start the round's clock."""
    return record_entry(event, RoundStarted(**new_stamp(entry_id, at, clock), round=round))


def pause_round(
    event: Target, round: int, *, entry_id: str | None = None, at: str | None = None,
    clock: Clock = utc_now,
) -> EventState:
    """Stop the round's clock."""
    return record_entry(event, RoundPaused(**new_stamp(entry_id, at, clock), round=round))


def resume_round(
    event: Target, round: int, *, entry_id: str | None = None, at: str | None = None,
    clock: Clock = utc_now,
) -> EventState:
    """Run the round's clock again."""
    return record_entry(event, RoundResumed(**new_stamp(entry_id, at, clock), round=round))


def extend_round(
    event: Target,
    round: int,
    seconds: int,
    table: int | None = None,
    *,
    entry_id: str | None = None,
    at: str | None = None,
    clock: Clock = utc_now,
) -> EventState:
    """Add time to the round, or to one table."""
    return record_entry(
        event,
        RoundExtended(**new_stamp(entry_id, at, clock), round=round, seconds=seconds, table=table),
    )


def _name(name: str, substitute: bool = False) -> str:
    """`name` when it can be stored and shown (one line of printable text), else CommandError."""
    problem = name_problem(name)
    if problem is not None:
        message = (
            _("substitute {name} cannot be used: {problem}") if substitute
            else _("name {name} cannot be used: {problem}")
        )
        raise _refused(message.format(name=quoted_name(name), problem=problem))
    return name


# --- Players and seating ------------------------------------------------------------------------


def add_player(
    event: Target,
    player: PlayerId,
    name: str,
    *,
    team: str | None = None,
    rating: int | None = None,
    entry_id: str | None = None,
    at: str | None = None,
    clock: Clock = utc_now,
) -> EventState:
    """Add a player (a late entry) with a new id; a name another player has is refused (two
    players of one name cannot be told apart on paper, nor named at the keyboard)."""
    entry = draft_player(new_stamp(entry_id, at, clock), player, name, team=team, rating=rating)
    return record_entry(event, entry)


def rename_player(
    event: Target, player: PlayerId, name: str, *, entry_id: str | None = None,
    at: str | None = None, clock: Clock = utc_now,
) -> EventState:
    """Correct a player's name."""
    return record_entry(event, draft_rename(new_stamp(entry_id, at, clock), player, name))


def withdraw_player(
    event: Target, player: PlayerId, from_round: int, reason: str = "", *,
    entry_id: str | None = None, at: str | None = None, clock: Clock = utc_now,
) -> EventState:
    """Withdraw a player from `from_round` on."""
    return record_entry(
        event, draft_withdrawal(new_stamp(entry_id, at, clock), player, from_round, reason)
    )


def return_player(
    event: Target, player: PlayerId, from_round: int, *, entry_id: str | None = None,
    at: str | None = None, clock: Clock = utc_now,
) -> EventState:
    """Bring a withdrawn player back from `from_round` on."""
    return record_entry(event, draft_return(new_stamp(entry_id, at, clock), player, from_round))


def check_in_player(
    event: Target, player: PlayerId, round: int, present: bool = True, *,
    entry_id: str | None = None, at: str | None = None, clock: Clock = utc_now,
) -> EventState:
    """The roll call: `player` is there for `round` (checked in), or absent (`present=False`).

    Shown in `EventState.presence`; the last call for a player and a round counts.
    """
    return record_entry(
        event, draft_check_in(new_stamp(entry_id, at, clock), player, round, present)
    )


def substitute_player(
    event: Target, round: int, table: int, player: PlayerId, substitute: str, *,
    during_game: bool | None = None, entry_id: str | None = None, at: str | None = None,
    clock: Clock = utc_now,
) -> EventState:
    """`substitute` plays `player`'s seat at `table` in `round`; `during_game` says the swap
    happened after the game began (None: judged from the hands recorded, EMA 2025 §7.3)."""
    entry = draft_substitute(
        new_stamp(entry_id, at, clock), round, table, player, substitute, during_game=during_game
    )
    return record_entry(event, entry)


def set_seating(
    event: Target,
    first_round: int,
    rounds: Sequence[Sequence[Sequence[PlayerId]]],
    *,
    method: str = "manual",
    params: Mapping[str, str | int | float | bool] | None = None,
    seed: int | None = None,
    entry_id: str | None = None,
    at: str | None = None,
    clock: Clock = utc_now,
) -> EventState:
    """Seat rounds `first_round`, `first_round + 1` ... (tables of player ids in wind order)."""
    entry = draft_seating(
        new_stamp(entry_id, at, clock), first_round, rounds, method=method, params=params, seed=seed
    )
    return record_entry(event, entry)


def swap_seats(
    event: Target, round: int, a: PlayerId, b: PlayerId, *, entry_id: str | None = None,
    at: str | None = None, clock: Clock = utc_now,
) -> EventState:
    """Swap two players' seats in `round` (before their tables have played)."""
    entry = SeatsSwapped(**new_stamp(entry_id, at, clock), round=round, a=a, b=b)
    return record_entry(event, entry)


def reseat_table(
    event: Target, round: int, table: int, seats: Sequence[PlayerId], *,
    entry_id: str | None = None, at: str | None = None, clock: Clock = utc_now,
) -> EventState:
    """Say how a table really sat (E S W N); its logged hands are re-applied under those seats."""
    return record_entry(event, draft_reseat(new_stamp(entry_id, at, clock), round, table, seats))


# --- Penalties, notes, corrections --------------------------------------------------------------


def add_penalty(
    event: Target, player: PlayerId, amount: int, reason: str, *, entered_by: str = "",
    round: int | None = None, entry_id: str | None = None, at: str | None = None,
    clock: Clock = utc_now,
) -> EventState:
    """Take `amount` points off a player's event total, with the reason."""
    entry = draft_penalty(
        new_stamp(entry_id, at, clock), player, amount, reason, entered_by=entered_by, round=round
    )
    return record_entry(event, entry)


def add_late_penalty(
    event: Target, player: PlayerId, seconds: int, *, entered_by: str = "",
    round: int | None = None, entry_id: str | None = None, at: str | None = None,
    clock: Clock = utc_now,
) -> EventState:
    """Penalise a player `seconds` late as the event's rules say (EMA 2025 §7.2: 1,000 per
    started minute, up to 10 minutes); later than the rules allow is refused, saying that a
    substitute takes the seat."""
    event = session_of(event)
    rules = current_state(event).rules
    stamp = new_stamp(entry_id, at, clock)
    try:
        entry = draft_late_penalty(
            stamp, rules, player, seconds, entered_by=entered_by, round=round
        )
    except PenaltyRuleError as error:
        raise CommandError(str(error)) from None
    return record_entry(event, entry)


def add_score_sheet_penalty(
    event: Target, player: PlayerId, *, detail: str = "", entered_by: str = "",
    round: int | None = None, entry_id: str | None = None, at: str | None = None,
    clock: Clock = utc_now,
) -> EventState:
    """Penalise a player for a score sheet as the event's rules say (EMA 2025 §7.5: 2,000)."""
    event = session_of(event)
    rules = current_state(event).rules
    stamp = new_stamp(entry_id, at, clock)
    try:
        entry = draft_score_sheet_penalty(
            stamp, rules, player, detail=detail, entered_by=entered_by, round=round
        )
    except PenaltyRuleError as error:
        raise CommandError(str(error)) from None
    return record_entry(event, entry)


def add_note(
    event: Target, text: str, *, round: int | None = None, table: int | None = None,
    entry_id: str | None = None, at: str | None = None, clock: Clock = utc_now,
) -> EventState:
    """Put a note in the log."""
    return record_entry(
        event, Note(**new_stamp(entry_id, at, clock), text=text, round=round, table=table)
    )


def reveal_prizes(
    event: Target, shown: int, *, entry_id: str | None = None, at: str | None = None,
    clock: Clock = utc_now,
) -> EventState:
    """Record that the prize-giving now shows `shown` places from the bottom up (0 hides them
    all again); a projector in another process follows the latest such entry."""
    return record_entry(event, PrizesRevealed(**new_stamp(entry_id, at, clock), shown=shown))


def set_planned_rounds(event: Target, rounds: int | None) -> EventState:
    """Set `[event] rounds`, the number of rounds the event plans (None removes it), by an
    atomic rewrite of the settings that keeps every log entry byte for byte.

    A plan of fewer rounds than already have results is refused: the event would end before
    games it has played.
    """
    session = session_of(event)
    store = session.store
    state = current_state(session)
    if rounds is not None:
        played = max((r for (r, _t), g in state.games.items() if g.hands or g.result), default=0)
        if rounds < played:
            raise _refused(
                ngettext(
                    "round {round} already has results: plan {round} round or more",
                    "round {round} already has results: plan {round} rounds or more",
                    played,
                ).format(round=played)
            )
    table = dict(store.settings.get("event", {}))
    if rounds is None:
        table.pop("rounds", None)
    else:
        table["rounds"] = rounds
    try:
        store.rewrite_settings({**store.settings, "event": table})
    except EventFileInvalidError as error:
        raise CommandError(str(error)) from None
    return current_state(session)


def correct_entry(
    event: Target,
    target: str,
    reason: str,
    replacement: Entry | None = None,
    *,
    entry_id: str | None = None,
    at: str | None = None,
    clock: Clock = utc_now,
) -> EventState:
    """Void the entry `target` (no `replacement`) or amend it; the original stays in the log.

    The amended entry takes the target's place in the log order; it must be of the same kind.
    """
    entry = draft_correction(new_stamp(entry_id, at, clock), target, reason, replacement)
    return record_entry(event, entry)


"""Table stations: a table enters its own results, a second seat or the director makes them count.

The venue's server (`mjevent serve`) calls these commands for a table's page; the console and
the CLI (`mjevent pending`, `approve`, `reject`) call the same ones. Each goes through the
event file's lock like every command (`events.commands`): the check and the append happen in
one transaction, so several tables, the console and the CLI can write at once.

    sub = submit_line(path, 1, 3, "ron S<-W 3/30 r:E,S", seat="E")   # pending
    confirm(path, sub.id, seat="S")                                  # counts in the game
    approve(path, sub.id)        # or the director makes it count
    reject(path, sub.id, reason="entered at the wrong table")        # or never

What each step writes to the log, and how the fold reads it, is in docs/serve.md ("Table
entries"). The event's `[serve] table_entry` says when an entry counts: "confirm" (default:
when another seat at the table confirms it), "director" (when the director approves it) or
"direct" (at once).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from mjevent.core.drafts import draft_line
from mjevent.core.entries import (
    TABLE_ENTRY_MODES,
    WINDS,
    GameFinished,
    HandRecorded,
    TableEntryApproved,
    TableEntryConfirmed,
    TableEntryRejected,
    TableEntrySubmitted,
)
from mjevent.core.i18n import _, language, wind_name
from mjevent.core.notation import (
    EntryContext,
    FinalLine,
    HandLine,
    ParsedLine,
    format_entry,
)
from mjevent.core.preview import LineError, LinePreview, preview_line, read_entry
from mjevent.core.state import (
    EventState,
    Folder,
    confirm_problem,
    same_table_entry,
    settled_problem,
    stale_problem,
)
from mjevent.core.text import text_problem
from mjevent.events.commands import (
    CommandError,
    Target,
    current_state,
    new_stamp,
    record_entry,
    session_of,
)
from mjevent.events.errors import EventFileError, EventFileInvalidError
from mjevent.events.open import open_event
from mjevent.events.session import Clock, EventSession, utc_now
from mjevent.events.store import EventStore

__all__ = [
    "PendingEntry",
    "StationError",
    "Submission",
    "approve",
    "approve_table_entry",
    "confirm",
    "confirm_table_entry",
    "folder_of",
    "group",
    "pending",
    "read_table_line",
    "reject",
    "reject_table_entry",
    "session",
    "set_table_entry",
    "state_of",
    "submit_line",
    "table_entry_line",
]

Status = Literal["pending", "recorded"]
Reason = Literal[
    "line",
    "seat",
    "own_seat",
    "director_only",
    "conflict",
    "not_pending",
    "settled",
    "stale",
    "reason",
    "refused",
    "file",
]


class StationError(CommandError):
    """A table's entry, confirmation, approval or rejection that was refused; nothing was
    written. `reason` says which refusal it is, for a caller that answers in its own way (the
    server's status codes); the message is in the console's words.

    line: the line cannot be read or recorded; seat: no such seat at the table; own_seat: the
    seat that entered an entry tried to confirm it; director_only: the event waits for the
    director; conflict: another pending entry says something else for the same hand; not_pending:
    no such pending entry; settled: it was already confirmed, approved or rejected; stale: the
    game moved on since it was entered; reason: a rejection without a usable reason; refused:
    the fold refused it (the message says why); file: the event file could not be used.
    """

    def __init__(self, reason: Reason, message: str) -> None:
        super().__init__(message)
        self.reason: Reason = reason


@dataclass(frozen=True)
class Submission:
    """What became of a table's entry: its id (the `table_entry` entry's), `status` "pending"
    (waiting for a second seat or the director) or "recorded" (it counts in the game), and
    `preview`, what it does (`core.preview`; `preview.describe()` renders it).

    `conflicts` are the ids of other pending entries that say something else for the same hand.
    """

    id: str
    status: Status
    preview: LinePreview
    round: int = 0
    table: int = 0
    line: str = ""
    seat: str = ""
    conflicts: tuple[str, ...] = ()

    @property
    def lines(self) -> list[str]:
        """The preview rendered, one line each (`LinePreview.describe`)."""
        return self.preview.describe().splitlines()


@dataclass(frozen=True)
class PendingEntry:
    """One table entry waiting for a second seat or the director (`pending`).

    `line` is the entry in the console's canonical spelling (`r1 t3 ron S<-W 3/30`), `typed`
    as the table typed it; `seat` the wind letter of the seat that entered it and `player` who
    sat there; `conflict` is True when another pending entry says something else for the same
    hand (`conflicts` names them); `preview` what it would do now, or why it no longer fits.
    """

    id: str
    round: int
    table: int
    line: str
    typed: str
    seat: str
    player: str | None
    name: str
    mode: str
    at: str
    conflict: bool
    conflicts: tuple[str, ...]
    preview: LinePreview | LineError


# --- The open stores -----------------------------------------------------------------------------

# A server answers many requests for one event: its session (the log read, the fold kept alive)
# is opened once per path and kept; each command brings it up to date with what other
# processes appended, under the file's lock. One lock per path keeps two threads of one
# process from using a session at once.
_STORES: dict[Path, tuple[threading.RLock, EventSession]] = {}
_STORES_LOCK = threading.Lock()
# The paths with a `group` open: a command inside it keeps the group's store whatever it meets.
_GROUPS: set[Path] = set()


# The file each path names, resolved once: a server asks for the same path at every request.
_RESOLVED: dict[Path, Path] = {}


def _key(path: Path) -> Path:
    key = _RESOLVED.get(path)
    if key is None:
        if len(_RESOLVED) >= 1024:
            _RESOLVED.clear()
        key = _RESOLVED[path] = Path(path).resolve()
    return key


def _held(path: Path) -> tuple[threading.RLock, EventSession]:
    """The lock and the open session kept for `path` (opened now when there is none)."""
    key = _key(path)
    with _STORES_LOCK:
        held = _STORES.get(key)
        if held is None:
            try:
                session = EventSession(open_event(path))
            except EventFileError as error:
                raise StationError("file", str(error)) from None
            held = _STORES[key] = (threading.RLock(), session)
    return held


@contextmanager
def _event(path: Path) -> Iterator[EventSession]:
    """The open session of `path`, locked for this thread, inside one transaction of the file."""
    key = _key(path)
    lock, session = _held(path)
    with lock:
        try:
            with session.store.transaction():
                yield session
        except StationError:
            raise
        except CommandError as error:  # an entry id that cannot be used, say
            raise StationError("refused", str(error)) from None
        except EventFileError as error:
            # A file replaced or gone under the store: open it afresh next time (the console
            # is where the director decides what to do about such a file). Inside a group the
            # group's end does it, so that every command of the group uses one store.
            if key not in _GROUPS:
                with _STORES_LOCK:
                    _STORES.pop(key, None)
            raise StationError("file", str(error)) from None


@contextmanager
def group(path: Path) -> Iterator[EventStore]:
    """Run several commands on `path` as one group commit (`EventStore.group`): one lock, one
    catch-up with the file, each command checked in order against the log as the ones before
    it left it, then one write and one fsync for all of them when the block ends.

    What a command returns inside the block is not durable yet: answer it after the block.
    Wrap each command in the yielded store's `savepoint()`, so that one that fails part way
    leaves the others alone (a refusal writes nothing anyway). When the write fails, the block
    raises `StationError` (reason "file"), the file is as it was and nothing of the group is
    recorded.

        with group(path) as store:
            with store.savepoint():
                a = submit_line(path, 1, 3, "ron S<-W 3/30", seat="E")
            with store.savepoint():
                b = confirm(path, other_id, seat="N")
        # a and b are durable here
    """
    key = _key(path)
    with _event(path) as session:
        _GROUPS.add(key)
        try:
            with session.store.group():
                yield session.store
        finally:
            _GROUPS.discard(key)


def session(path: Path) -> EventSession:
    """The session kept for `path` (opened now when there is none): the writers' own, whose
    standings and figures a server shows (`EventSession.standings`, `stats`)."""
    return _held(path)[1]


def folder_of(path: Path) -> Folder:
    """The live fold of the session kept for `path` (what other processes appended included):
    what a server shows its pages from (`.state()` is `state_of`), and the very fold its own
    last command left (nothing read or folded again).

    Cheap while the file is as the store last read or wrote it (`EventStore.changed_on_disk`:
    one `stat` and a 64-byte read, no lock), so a server can poll it; otherwise it catches up
    under the file's lock. The fold serves every language (its problems are put into words only
    when shown)."""
    lock, session = _held(path)
    with lock:
        if session.store.divergence is None and not session.store.changed_on_disk():
            return session.folder()
    with _event(path) as session:
        return session.folder()


def state_of(path: Path) -> EventState:
    """The event's state now, through the session kept for `path`: `folder_of(path).state()`."""
    return folder_of(path).state()


def forget(path: Path) -> None:
    """Close the kept session of `path` (the next command opens the file again)."""
    with _STORES_LOCK:
        _STORES.pop(_key(path), None)


# --- Lines ----------------------------------------------------------------------------------------


def read_table_line(state: EventState, round: int, table: int, line: str) -> ParsedLine:
    """`line` read for `table` of `round` (`read_entry`, that game its default: ``ron S<-W
    3/30`` and ``t3 ron S<-W 3/30`` are for it); a line naming another round or table is
    refused (`StationError`)."""
    parsed = read_entry(state, line.strip(), round=round, game=(round, table))
    if parsed.table_span is not None and (parsed.round, parsed.table) != (round, table):
        raise StationError(
            "line",
            _(
                "this page enters results for round {round} table {table}, and the line names "
                "round {other_round} table {other_table}. Fix: leave out the table, or enter "
                "the line at that table's page"
            ).format(round=round, table=table, other_round=parsed.round, other_table=parsed.table),
        )
    return parsed


def table_entry_line(entry: TableEntrySubmitted | HandRecorded | GameFinished, seats: int) -> str:
    """The console's canonical line for a table entry (or the hand it put in the game), with
    its round: ``r1 t3 ron S<-W 3/30 r:E,S``."""
    inner = entry.entry if isinstance(entry, TableEntrySubmitted) else entry
    context = EntryContext(round=0, seats=seats)
    if isinstance(inner, HandRecorded):
        return format_entry(HandLine(inner.round, inner.table, inner.hand), context)
    final = inner.final if inner.final is not None else ()
    return format_entry(
        FinalLine(inner.round, inner.table, final, inner.deposits, inner.chombos), context
    )


def _seat(state: EventState, seat: str) -> str:
    letter = seat.strip().upper()
    if len(letter) != 1 or letter not in WINDS[: state.rules.players]:
        seats = ", ".join(WINDS[: state.rules.players])
        raise StationError(
            "seat",
            _("seat {seat!r}: a seat is one of {seats}").format(seat=seat[:20], seats=seats),
        )
    return letter


def _played(state: EventState, round: int, table: int) -> int:
    """Entries counted so far in the game at `table` (its hands, and its end when given)."""
    game = state.game(round, table)
    if game is None:
        return 0
    return len(game.hands) + (game.finished is not None)


def _preview(folder: Folder, parsed: ParsedLine) -> LinePreview:
    shown = preview_line(folder, parsed)
    if isinstance(shown, LineError):
        raise StationError("line", shown.message)
    return shown


# The preview a submission computed, kept (in its event's session, `EventSession.previews`)
# for its confirmation or approval: in a burst every table's entry is confirmed a moment later
# against the same game, and scoring it again is most of a confirmation's work. It is used only
# when everything the preview reads is the same object or value: the table's game (the fold
# makes a new one at any change to it), the rules, the seats and their names, and the language
# it is worded in.
_PREVIEWS_KEPT = 1024


def _preview_key(state: EventState, round: int, table: int) -> tuple[object, ...]:
    seats = state.table_seats(round, table) or ()
    return (
        state.game(round, table),
        state.rules,
        seats,
        tuple(state.name(p) for p in seats),
        language(),
    )


def _keep_preview(
    session: EventSession, state: EventState, entry: TableEntrySubmitted, preview: LinePreview
) -> None:
    kept = session.previews
    if len(kept) >= _PREVIEWS_KEPT:
        kept.pop(next(iter(kept)))
    kept[entry.id] = (_preview_key(state, entry.round, entry.table), preview)


def _kept_preview(
    session: EventSession, state: EventState, target: TableEntrySubmitted
) -> LinePreview | None:
    kept = session.previews.get(target.id)
    if kept is None:
        return None
    (game, *rest), (kept_game, *kept_rest) = (
        _preview_key(state, target.round, target.table),
        kept[0],
    )
    # The very game it was scored against (a game is a new object after any change to it).
    return kept[1] if game is kept_game and rest == kept_rest else None


def _refused(error: CommandError) -> StationError:
    if isinstance(error, StationError):
        return error
    return StationError("refused", str(error))


# --- The commands ---------------------------------------------------------------------------------


def submit_line(
    path: Path,
    round: int,
    table: int,
    line: str,
    seat: str,
    *,
    entry_id: str | None = None,
    at: str | None = None,
    clock: Clock = utc_now,
) -> Submission:
    """Enter `line` (docs/entry.md, with or without its ``t3`` head) for `table` of `round`
    from `seat` (E, S, W or N).

    Under `[serve] table_entry = "direct"` it counts at once ("recorded"); otherwise it waits
    ("pending"). The same line again from the same seat is the same entry (nothing new is
    written); from another seat, in "confirm" mode, it confirms the pending one. A line the
    console would refuse is refused with the console's words (`StationError`, reason "line").
    """
    with _event(path) as session:
        state = current_state(session)
        who = _seat(state, seat)
        problem = text_problem(line)
        if problem is not None:
            raise StationError(
                "line", _("the line cannot be used: {problem}").format(problem=problem)
            )
        parsed = read_table_line(state, round, table, line)
        preview = _preview(session.folder(), parsed)
        stamp = new_stamp(entry_id, at, clock)
        inner = draft_line(stamp, parsed.result())
        hands = _played(state, round, table)
        players = state.table_seats(round, table) or ()
        mode = state.settings.serve.table_entry
        entry = TableEntrySubmitted(
            **stamp,
            round=round,
            table=table,
            seat=who,
            line=line.strip(),
            entry=inner,
            mode=mode,
            player=players[WINDS.index(who)],
            hands=hands,
        )
        if entry.id not in state.log_ids:
            for other in state.pending.values():
                if (other.round, other.table, other.hands) != (round, table, hands):
                    continue
                if not same_table_entry(other, entry):
                    continue
                if other.seat == who or other.mode != "confirm" or state.conflicts(other.id):
                    return _submission(state, other, "pending", preview)
                return _confirm(
                    session, state, other.id, who, confirmation_id=entry_id, at=at, clock=clock
                )[0]
        try:
            after = record_entry(session, entry)
        except CommandError as error:
            raise _refused(error) from None
        _keep_preview(session, state, entry, preview)
        how = after.settled.get(entry.id, ("pending", ""))[0]
        status: Status = "recorded" if how == "direct" else "pending"
        return _submission(after, entry, status, preview)


def _submission(
    state: EventState, entry: TableEntrySubmitted, status: Status, preview: LinePreview
) -> Submission:
    return Submission(
        entry.id,
        status,
        preview,
        entry.round,
        entry.table,
        entry.line,
        entry.seat,
        state.conflicts(entry.id),
    )


def _target(state: EventState, entry_id: str) -> TableEntrySubmitted:
    target = state.pending.get(entry_id)
    if target is not None:
        return target
    settled = state.settled.get(entry_id)
    if settled is not None:
        raise StationError("settled", settled_problem(entry_id, *settled).message)
    raise StationError(
        "not_pending",
        _(
            "table entry {target} is not pending. Fix: give the id of a pending entry as "
            "`mjevent pending` lists it"
        ).format(target=entry_id),
    )


def _check_fits(session: EventSession, target: TableEntrySubmitted) -> LinePreview:
    folder = session.folder()
    state = folder.state()
    played = _played(state, target.round, target.table)
    if played != target.hands:
        raise StationError("stale", stale_problem(target, played).message)
    kept = _kept_preview(session, state, target)
    if kept is not None:
        return kept
    return _preview(folder, read_entry(state, table_entry_line(target, state.rules.players)))


def _confirm(
    session: EventSession,
    state: EventState,
    entry_id: str,
    seat: str,
    *,
    confirmation_id: str | None,
    at: str | None,
    clock: Clock,
) -> tuple[Submission, EventState]:
    target = _target(state, entry_id)
    players = state.table_seats(target.round, target.table) or ()
    problem = confirm_problem(target, seat, players, state.rules.players)
    if problem is not None:
        reason: Reason = (
            "own_seat"
            if seat == target.seat
            else "director_only"
            if target.mode == "director" and seat in WINDS
            else "seat"
        )
        raise StationError(reason, problem.message)
    others = state.conflicts(entry_id)
    if others:
        raise StationError(
            "conflict",
            _(
                "table entry {target} says something else for the same hand than {others}: "
                "the director approves one of them (or rejects both)"
            ).format(target=entry_id, others=", ".join(others)),
        )
    preview = _check_fits(session, target)
    entry = TableEntryConfirmed(
        **new_stamp(confirmation_id, at, clock),
        target=entry_id,
        seat=seat,
        player=players[WINDS.index(seat)] if WINDS.index(seat) < len(players) else None,
    )
    try:
        after = record_entry(session, entry)
    except CommandError as error:
        raise _refused(error) from None
    return _submission(after, target, "recorded", preview), after


def confirm(
    path: Path,
    entry_id: str,
    seat: str,
    *,
    at: str | None = None,
    clock: Clock = utc_now,
    confirmation_id: str | None = None,
) -> Submission:
    """A second seat at the table confirms the pending entry `entry_id`: from now on it counts
    in the game. The seat that entered it cannot (reason "own_seat"); under `[serve]
    table_entry = "director"` only the director can (reason "director_only"), and neither can
    confirm an entry in conflict with another (reason "conflict")."""
    with _event(path) as session:
        state = current_state(session)
        who = _seat(state, seat)
        return _confirm(
            session, state, entry_id, who, confirmation_id=confirmation_id, at=at, clock=clock
        )[0]


def confirm_table_entry(
    event: Target,
    target: str,
    seat: str,
    *,
    entry_id: str | None = None,
    at: str | None = None,
    clock: Clock = utc_now,
) -> EventState:
    """`confirm` on an open event (the console's), returning the new state."""
    session = session_of(event)
    with session.store.transaction():
        state = current_state(session)
        who = _seat(state, seat)
        _sub, after = _confirm(
            session, state, target, who, confirmation_id=entry_id, at=at, clock=clock
        )
        return after


def _approve(
    session: EventSession, target_id: str, *, approval_id: str | None, at: str | None, clock: Clock
) -> tuple[Submission, EventState]:
    state = current_state(session)
    target = _target(state, target_id)
    preview = _check_fits(session, target)
    entry = TableEntryApproved(**new_stamp(approval_id, at, clock), target=target_id)
    try:
        after = record_entry(session, entry)
    except CommandError as error:
        raise _refused(error) from None
    return _submission(after, target, "recorded", preview), after


def approve(
    path: Path,
    entry_id: str,
    *,
    at: str | None = None,
    clock: Clock = utc_now,
    approval_id: str | None = None,
) -> Submission:
    """The director approves the pending entry `entry_id`: it counts in the game, and any
    other pending entry for the same hand of that table loses to it (it stays in the log)."""
    with _event(path) as session:
        return _approve(session, entry_id, approval_id=approval_id, at=at, clock=clock)[0]


def approve_table_entry(
    event: Target,
    target: str,
    *,
    entry_id: str | None = None,
    at: str | None = None,
    clock: Clock = utc_now,
) -> EventState:
    """`approve` on an open event (the console's), returning the new state."""
    session = session_of(event)
    with session.store.transaction():
        return _approve(session, target, approval_id=entry_id, at=at, clock=clock)[1]


def _reject(
    session: EventSession,
    target_id: str,
    reason: str,
    *,
    rejection_id: str | None,
    at: str | None,
    clock: Clock,
) -> EventState:
    if not reason.strip():
        raise StationError(
            "reason", _("a rejection needs a reason (the table and the log keep it)")
        )
    problem = text_problem(reason)
    if problem is not None:
        raise StationError(
            "reason", _("the reason cannot be used: {problem}").format(problem=problem)
        )
    _target(current_state(session), target_id)
    entry = TableEntryRejected(
        **new_stamp(rejection_id, at, clock), target=target_id, reason=reason.strip()
    )
    try:
        return record_entry(session, entry)
    except CommandError as error:
        raise _refused(error) from None


def reject(
    path: Path,
    entry_id: str,
    reason: str,
    *,
    at: str | None = None,
    clock: Clock = utc_now,
    rejection_id: str | None = None,
) -> None:
    """The director rejects the pending entry `entry_id`, saying why: it never counts (it
    stays in the log, with the reason)."""
    if not reason.strip():
        raise StationError(
            "reason", _("a rejection needs a reason (the table and the log keep it)")
        )
    with _event(path) as session:
        _reject(session, entry_id, reason, rejection_id=rejection_id, at=at, clock=clock)


def reject_table_entry(
    event: Target,
    target: str,
    reason: str,
    *,
    entry_id: str | None = None,
    at: str | None = None,
    clock: Clock = utc_now,
) -> EventState:
    """`reject` on an open event (the console's), returning the new state."""
    session = session_of(event)
    with session.store.transaction():
        return _reject(session, target, reason, rejection_id=entry_id, at=at, clock=clock)


def pending(
    folder: Folder, round: int | None = None, table: int | None = None
) -> list[PendingEntry]:
    """The table entries waiting in the event `folder` has folded (the session's live fold; of
    one round, or one table of it), in log order, each with what it would do now (`preview`,
    tried on that fold) or why it no longer fits."""
    state = folder.state()
    out: list[PendingEntry] = []
    seats = state.rules.players
    for entry in state.pending.values():
        if round is not None and entry.round != round:
            continue
        if table is not None and entry.table != table:
            continue
        line = table_entry_line(entry, seats)
        played = _played(state, entry.round, entry.table)
        shown: LinePreview | LineError = (
            preview_line(folder, read_entry(state, line))
            if played == entry.hands
            else LineError(stale_problem(entry, played).message)
        )
        others = state.conflicts(entry.id)
        out.append(
            PendingEntry(
                id=entry.id,
                round=entry.round,
                table=entry.table,
                line=line,
                typed=entry.line,
                seat=entry.seat,
                player=entry.player,
                name=state.name(entry.player) if entry.player else wind_name(entry.seat),
                mode=entry.mode,
                at=entry.at,
                conflict=bool(others),
                conflicts=others,
                preview=shown,
            )
        )
    return out


def set_table_entry(event: Target, mode: str) -> EventState:
    """Set `[serve] table_entry` ("confirm", "director" or "direct") by an atomic rewrite of
    the settings that keeps every log entry byte for byte. Entries already made keep the mode
    they were made under."""
    if mode not in TABLE_ENTRY_MODES:
        raise CommandError(
            _("table_entry {mode!r}: use one of {modes}").format(
                mode=mode, modes=", ".join(TABLE_ENTRY_MODES)
            )
        )
    session = session_of(event)
    store = session.store
    serve = dict(store.settings.get("serve", {}))
    if mode == "confirm":
        serve.pop("table_entry", None)
    else:
        serve["table_entry"] = mode
    settings = {k: v for k, v in store.settings.items() if k != "serve"}
    if serve:
        settings["serve"] = serve
    try:
        store.rewrite_settings(settings)
    except EventFileInvalidError as error:
        raise CommandError(str(error)) from None
    forget(store.path)
    return current_state(session)

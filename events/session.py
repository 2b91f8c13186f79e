"""`EventSession`: the one owner of an open event: its store, the live fold, the entries, the
standings and the numbers, and the watch for what another process appended.

Everything that shows or changes an open event goes through a session: the console and the
projector (one for as long as they run), the venue server, and each CLI command (one per run).
Nothing else reads the log into entries or folds it again:

- `folder()` is the fold kept alive (`core.state.Folder`): an entry this session appends, or
  that another process appended (`refresh`, or the catch-up of a transaction), is folded onto
  it; only a correction, or a record that cannot be read, folds the whole log again;
- `state` is the latest `EventState` (a new object after every change, never mutated),
  `entries` the whole log as read (voided entries and corrections included) and `unreadable`
  the problems of the records that could not be read;
- `standings()` and `stats()` are brought up to date from the previous ones when only games
  finished or hands were added (`standings_update`, `stats_update`), in a fraction of a
  millisecond at 500 players; the standings list a cancelled penalty (from the whole log) for
  the audit, as every place that shows them does;
- `as_of(position)` is the event as it stood just after one record of the log (the log
  screen's replay): its state, the entries up to there and their standings, the live ones
  left as they were;
- `try_entry(entry)` is the event as it would stand with one more entry: the one way an entry
  is tried before it is recorded (a dialog's preview, a command's check);
- `run(command, ...)` calls an `events.commands` command with the session's clock.

Commands take the session (or a bare `EventStore`, which they fold once); the console's
watcher thread calls `refresh()` while the main thread runs commands, so both take a lock.

    session = EventSession.open(Path("club.toml"))
    state = session.run(record_line, "t3 ron S<-W 3/30 r:E,S")
    if session.refresh():   # another process appended
        state = session.state
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import functools
import inspect
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec

from mjevent.core.drafts import Stamp
from mjevent.core.entries import Entry
from mjevent.core.entry_reader import read_log
from mjevent.core.i18n import language
from mjevent.core.state import EventState, Folder, FoldMemo, Problem, fold
from mjevent.events.entry_ids import stamp
from mjevent.events.open import open_event
from mjevent.events.replaced import Divergence
from mjevent.events.store import EventStore

if TYPE_CHECKING:
    from mjevent.core.preview import LinePreview
    from mjevent.core.standings.compute import Standings
    from mjevent.core.stats import EventStats

__all__ = ["Clock", "EventSession", "PastEvent", "utc_now"]

Clock = Callable[[], dt.datetime]
P = ParamSpec("P")


def utc_now() -> dt.datetime:
    """The wall clock in UTC: the default clock of the console and of every command."""
    return dt.datetime.now(dt.UTC)


# What the live fold was made from: the log's length and last id; and the fold's own settings
# object must be the store's (a rewrite of the settings folds afresh). The language is not part
# of it: problems are values, put into words only when shown, so a fold serves every language.
_Key = tuple[int, str | None]


@dataclasses.dataclass(frozen=True)
class PastEvent:
    """The event as it stood just after one record of the log (`EventSession.as_of`): `state`
    the fold of `entries`, the log's entries up to and with that record (corrections later in
    the log not applied yet: what the director saw then)."""

    state: EventState
    entries: tuple[Entry, ...]

    def standings(self) -> Standings:
        """The standings as they stood then (the event's `[standings]` settings, hidden rounds
        too); raises `StandingsConfigError` or `StandingsError` as `EventSession.standings`."""
        from mjevent.core.state_standings import standings_from_state

        state = self.state
        return standings_from_state(state, state.settings.standings_config(), self.entries)


class EventSession:
    """An open event file and everything derived from it, kept up to date.

    `store` is the open `EventStore`, `path` its file, `state` the latest `EventState`.
    `clock` stamps every entry `run` records; tests pass a fixed one.
    """

    def __init__(self, store: EventStore, *, clock: Clock = utc_now) -> None:
        """The session of an open `store` (folds its log once)."""
        self.store = store
        self.path = store.path
        self.clock = clock
        self._lock = threading.RLock()
        # The standings and numbers have a lock of their own: a screen's worker computing them
        # never keeps a command (the director's Enter) waiting.
        self._derived = threading.Lock()
        self._key: _Key | None = None
        self._folder: Folder | None = None
        # The fold's memo for the life of the open event: a refold (a correction, another
        # process's append in the middle, the log screen's past states) costs a lookup per
        # unchanged hand instead of a settlement.
        self._memo = FoldMemo()
        # The previews the tables' stations computed for their pending entries, by entry id,
        # with what each was computed from (`events/stations.py` keeps and checks them).
        self.previews: dict[str, tuple[tuple[object, ...], LinePreview]] = {}
        # The standings hold words (a note on an annulled game or a skipped tiebreak, an
        # unnamed substitute's label) in the language they were computed in: kept per language,
        # so a Japanese page never shows the English ones (the venue server and the site speak
        # both from one session).
        self._standings: dict[str, tuple[EventState, Standings]] = {}
        self._stats: tuple[EventState, EventStats] | None = None
        self.state: EventState = self.folder().state()

    @classmethod
    def open(
        cls, path: Path | str, *, clock: Clock = utc_now, read_only: bool = False
    ) -> EventSession:
        """Open `path` (raises the `events.errors` errors, each naming the file, line and fix).

        `read_only` is for what only shows the event (the projector, `mjevent print`): no lock
        is taken, a torn tail is never repaired, and a command that would write is refused.
        """
        return cls(open_event(path, read_only=read_only), clock=clock)

    # --- the live fold ---------------------------------------------------------------------------

    def _current_key(self) -> _Key:
        log = self.store.log
        return len(log), log[-1]["id"] if log else None

    def folder(self) -> Folder:
        """The fold of the log as the store last read it (what another process appended and
        the store read is folded on here, not the whole log again)."""
        with self._lock:
            key = self._current_key()
            folder = self._folder
            if folder is not None and self._key == key and folder.settings is self.store.event:
                return folder
            log = self.store.log
            later: Folder | None = None
            if folder is not None and self._key is not None:
                count, last = self._key
                if (
                    folder.settings is self.store.event
                    and 0 < count < len(log)
                    and log[count - 1]["id"] == last
                ):
                    more, unreadable = read_log(log[count:])
                    if not unreadable:
                        later = folder
                        for entry in more:
                            later = later.then(entry)
            if later is None:
                entries, problems = read_log(log)
                later = Folder.of(self.store.event, entries, problems=problems, memo=self._memo)
            self._keep(later, key)
            return later

    def appended(self, folder: Folder) -> None:
        """The store has just appended the entry `folder` ends with (`folder` is this session's
        fold with that entry tried on it): keep it as the live fold."""
        with self._lock:
            self._keep(folder, self._current_key())

    def _keep(self, folder: Folder, key: _Key) -> None:
        self._folder, self._key = folder, key
        self.state = folder.state()

    def stamp(self) -> Stamp:
        """A new entry's id and time (by the session's clock): a dialog builds its entry with
        it once (`core.drafts`), previews it (`try_entry`) and records that very entry."""
        return stamp(self.clock)

    def try_entry(self, entry: Entry) -> Folder:
        """The fold with `entry` appended, the live one left as it was: `.state()` is the event
        as it would stand (in time independent of the log's length, but for a correction)."""
        return self.folder().then(entry)

    @property
    def entries(self) -> Sequence[Entry]:
        """The whole log as read, in order: voided entries and corrections included."""
        return self.folder().log

    @property
    def unreadable(self) -> tuple[Problem, ...]:
        """The problems of the log's records that could not be read (each skipped)."""
        return self.folder().read_problems

    def standings(self, state: EventState | None = None) -> Standings:
        """The event's standings (its `[standings]` settings, every round, hidden ones too) for
        `state` (default: the latest); brought up to date from the ones computed last when
        only games finished since (`standings_update`), else computed afresh. A penalty a
        correction cancelled is listed (the whole log is read for it), with why. Only the
        latest state's are kept (one for each language spoken: their notes are words): another
        state's (an entry tried, `try_entry`) are made from them.

        Raises `StandingsConfigError` (a bad `[standings]` table) or `StandingsError`.
        """
        # Imported here: the computation loads numpy, which a command that only records or
        # checks never needs (bench/commands.py).
        from mjevent.core.state_standings import standings_from_state, standings_update

        if state is None:
            state = self.state
        # The whole log as read: the cancelled penalties are listed from it (the log only grows,
        # so it holds every entry an earlier state was folded from).
        entries = self.entries
        with self._derived:
            lang = language()
            held = self._standings.get(lang)
            if held is not None and held[0] is state:
                return held[1]
            config = state.settings.standings_config()
            if held is not None and held[0].settings is state.settings:
                table = standings_update(held[1], held[0], state, config, entries)
            else:
                table = standings_from_state(state, config, entries)
            if state is self.state:
                # Only the live state's are kept: a trial's (a dialog's preview of an entry)
                # never evicts them, so the next preview is brought up from the live ones too.
                self._standings[lang] = (state, table)
            return table

    def as_of(self, position: int) -> PastEvent:
        """The event as it stood just after the log's record number `position` (0 = the
        first): the log screen's replay. The live fold and the standings kept for the latest
        state are left as they were."""
        with self._lock:
            folder = self.folder()
            records = self.store.log[: position + 1]
            every_record_read = not folder.read_problems and len(folder.log) == len(self.store.log)
        # The fold is made outside the lock: a command (the director's Enter) never waits on it.
        entries: Sequence[Entry]
        problems: Sequence[Problem]
        if every_record_read:
            # Every record read (the usual log): record n is entry n.
            entries, problems = folder.log[: position + 1], ()
        else:
            entries, problems = read_log(records)
        past = fold(folder.settings, entries, problems=problems, memo=self._memo)
        return PastEvent(past, tuple(entries))

    def stats(self, state: EventState | None = None) -> EventStats:
        """The players' and teams' numbers (`core.stats`) for `state` (default: the latest);
        brought up to date from the previous ones when only hands were added."""
        # Imported here, as the standings are: no command that only records needs them.
        from mjevent.core.stats import stats_from_state, stats_update

        with self._derived:
            state = self.state if state is None else state
            held = self._stats
            if held is not None and held[0] is state:
                return held[1]
            numbers = (
                stats_update(held[1], held[0], state) if held is not None
                else stats_from_state(state)
            )
            self._stats = (state, numbers)
            return numbers

    # --- changes -------------------------------------------------------------------------------

    def run(
        self,
        command: Callable[Concatenate[EventSession, P], EventState],
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> EventState:
        """Call an events command on this session (`run(record_line, "t3 ron S<-W 3/30")`) with
        the session's clock (when it takes `clock=`), and return the new state.

        The command's own errors (`CommandError`, `IllegalHandError`, `EntrySyntaxError` ...)
        pass through unchanged; nothing was written when one is raised.
        """
        extra: dict[str, Any] = dict(kwargs)
        if _takes_clock(command):
            extra.setdefault("clock", self.clock)
        with self._lock:
            try:
                return command(self, *args, **extra)
            finally:
                # A refused write checked against the file under its lock, so the store has
                # read what another writer appended: show it now, not at the next change.
                self.folder()

    def refresh(self) -> bool:
        """Read what another process appended; True when the state changed.

        Cheap when nothing changed (one `stat` and a 64-byte read), so it can be polled a few
        times a second. Raises `EventFileReplacedError` while the file lacks what the console
        acknowledged (replaced or deleted; see `divergence`), at the cost of one `stat` while
        it is the same file.
        """
        with self._lock:
            if not self.store.changed_on_disk() and self.store.divergence is None:
                return False
            self.store.reload()
            return self._refold()

    # --- a file replaced or deleted under the console (see `events.replaced`) -------------------

    @property
    def divergence(self) -> Divergence | None:
        """What the file lacks of what the console read or recorded, or None; while it is set,
        every command is refused (`EventFileReplacedError`)."""
        return self.store.divergence

    def append_back(self) -> list[dict[str, Any]]:
        """Append the acknowledged entries the replaced file lacks (same ids); return them."""
        with self._lock:
            try:
                return self.store.append_back()
            finally:
                self._refold()

    def accept_file(self) -> None:
        """Take the replaced file as it is now."""
        with self._lock:
            try:
                self.store.accept_file()
            finally:
                self._refold()

    def write_back(self) -> None:
        """Write the deleted file back to its path from what the console holds."""
        with self._lock:
            try:
                self.store.write_back()
            finally:
                self._refold()

    def _refold(self) -> bool:
        """Fold what the store holds now; True when the state changed."""
        before = self.state
        return self.folder().state() is not before


@functools.cache
def _takes_clock(command: Callable[..., object]) -> bool:
    # Every command that makes an entry takes `clock=`; a reading one (`current_state`) does not.
    try:
        return "clock" in inspect.signature(command).parameters
    except (TypeError, ValueError):
        return False

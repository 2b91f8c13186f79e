"""The fold kept alive (`Folder`) and `fold`, the whole log folded at once.

Separate because it is the entry point every reader uses: it resolves the corrections, applies
the effective log through the fold's rules, and freezes the working set into an `EventState`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from collections.abc import Set as AbstractSet
from itertools import chain
from typing import TypeVar, overload

from mjevent.core.entries import Correction, Entry
from mjevent.core.heap import collector_paused
from mjevent.core.settings import EventSettings
from mjevent.core.state.corrections import _resolve
from mjevent.core.state.fold_rules import _Fold
from mjevent.core.state.memo import FoldMemo
from mjevent.core.state.problems import Problem
from mjevent.core.state.table import _Table
from mjevent.core.state.values import EventState, TableGame


class Folder:
    """The fold kept alive: the log so far, and the working set it left, ready for one more
    entry. `fold` is `Folder.of(...).state()`; a console appends with `then`.

    `then(entry)` gives a new `Folder` and leaves this one unchanged, so a command can try an
    entry and drop it when it causes a problem. An entry at the end of the log is applied to a
    fork of the working set, in time independent of the log's length; a correction, an entry
    whose id is already in the log, or one that an earlier correction names, changes what
    earlier entries mean and is folded again from the start (the same fold, over the longer
    log).

    >>> from mjevent.core.entries import Note
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
        log: Appended[Entry],
        read_problems: tuple[Problem, ...],
        effective: Appended[Entry],
        voided: set[str],
        work: _Fold,
        ids: LogIds,
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
        cls,
        settings: EventSettings,
        entries: Iterable[Entry],
        *,
        problems: Iterable[Problem] = (),
        memo: FoldMemo | None = None,
    ) -> Folder:
        """Fold `entries` (the whole log, in order) over `settings`; see `fold`. `memo` is
        the fold's memo to use and keep (`FoldMemo`; None: an empty one); the folds made from
        this folder (`then`) use it too."""
        memo = FoldMemo() if memo is None else memo
        with collector_paused():
            log = list(entries)
            read = tuple(problems)
            found = list(read)
            effective, voided = _resolve(log, found)
            work = _Fold(settings, found, memo)
            for entry in effective:
                work.apply(entry)
            if work.accepted:
                effective = [work.accepted.get(e.id, e) for e in effective]
        ids = LogIds(frozenset(e.id for e in log))
        targets = {e.target for e in log if isinstance(e, Correction)}
        return cls(settings, Appended(log), read, Appended(effective), voided, work, ids, targets)

    def then(self, entry: Entry) -> Folder:
        """The fold of the log with `entry` appended; this folder is left as it was."""
        if entry.id in self.ids or entry.id in self.targets or isinstance(entry, Correction):
            return Folder.of(
                self.settings, [*self.log, entry], problems=self.read_problems, memo=self.work.memo
            )
        with collector_paused():
            work = self.work.fork()
            work.apply(entry)
        # The log, the effective entries and the ids grow by one without being copied (the
        # previews of a 500-player event try an entry at every keystroke).
        later = Folder(
            self.settings,
            self.log.plus(entry),
            self.read_problems,
            self.effective.plus(work.accepted.get(entry.id, entry)),
            self.voided,
            work,
            self.ids.plus(entry.id),
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


T = TypeVar("T")

_TAIL = 256
"""The items an `Appended` or `LogIds` keeps beside its base before it copies them into a new
base: growing by one copies at most this many, and the whole once every this many."""


class Appended(Sequence[T]):
    """A list that grows by one (`plus`) without a copy of what it holds: a base list, never
    changed, shared by every one grown from it, and a short tail of what was added since.

    >>> one = Appended(["a", "b"])
    >>> two = one.plus("c")
    >>> list(two), list(one), two[-1], two[1:], two == ["a", "b", "c"]
    (['a', 'b', 'c'], ['a', 'b'], 'c', ['b', 'c'], True)
    """

    __slots__ = ("_base", "_tail")

    def __init__(self, base: list[T], tail: tuple[T, ...] = ()) -> None:
        self._base = base
        self._tail = tail

    def plus(self, item: T) -> Appended[T]:
        """This sequence with `item` at its end (this one is left as it was)."""
        if len(self._tail) < _TAIL:
            return Appended(self._base, (*self._tail, item))
        return Appended([*self._base, *self._tail, item])

    def __len__(self) -> int:
        return len(self._base) + len(self._tail)

    def __iter__(self) -> Iterator[T]:
        return chain(self._base, self._tail)

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> list[T]: ...

    def __getitem__(self, index: int | slice) -> T | list[T]:
        if isinstance(index, slice):
            return [*self._base, *self._tail][index]
        size = len(self)
        if not -size <= index < size:
            raise IndexError("Appended index out of range")
        index %= size
        base = len(self._base)
        return self._base[index] if index < base else self._tail[index - base]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Appended | list | tuple):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]


class LogIds(AbstractSet[str]):
    """The ids of a log, grown by one (`plus`) without a copy of the set: a frozen base shared
    by every one grown from it, and the few ids added since. A set like any other to read (`in`,
    `==` a frozenset, iteration).

    >>> ids = LogIds(frozenset({"h1", "h2"}))
    >>> more = ids.plus("h3")
    >>> "h3" in more, "h3" in ids, more == frozenset({"h1", "h2", "h3"}), len(more)
    (True, False, True, 3)
    """

    __slots__ = ("_base", "_more")

    def __init__(self, base: frozenset[str], more: frozenset[str] = frozenset()) -> None:
        self._base = base
        self._more = more

    def plus(self, id: str) -> LogIds:
        """These ids and `id` (this set is left as it was)."""
        if id in self:
            return self
        if len(self._more) < _TAIL:
            return LogIds(self._base, self._more | {id})
        return LogIds(self._base | self._more | {id})

    def __contains__(self, id: object) -> bool:
        return id in self._more or id in self._base

    def __iter__(self) -> Iterator[str]:
        return chain(self._base, self._more)

    def __len__(self) -> int:
        return len(self._base) + len(self._more)


def _games_of(tables: Mapping[tuple[int, int], _Table]) -> dict[tuple[int, int], TableGame]:
    return {key: t.frozen() for key, t in sorted(tables.items())}


def fold(
    settings: EventSettings,
    entries: Iterable[Entry],
    *,
    problems: Iterable[Problem] = (),
    memo: FoldMemo | None = None,
) -> EventState:
    """Replay `entries` (the whole log, in order) over `settings` into the event's state.

    Never raises on log content: what cannot apply becomes a `Problem`. `problems` found before
    the fold (records that could not be read as entries) are kept first in the state's list.
    `memo` (a `FoldMemo`) makes a fold of a log folded before with it cost a lookup per hand.
    """
    return Folder.of(settings, entries, problems=problems, memo=memo).state()

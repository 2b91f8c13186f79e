"""The fold kept alive (`Folder`) and `fold`, the whole log folded at once.

Separate because it is the entry point every reader uses: it resolves the corrections, applies
the effective log through the fold's rules, and freezes the working set into an `EventState`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from collections.abc import Set as AbstractSet
from itertools import chain
from typing import TypeVar, overload

from mjevent.core.entries import Correction, Entry, GameFinished, HandRecorded
from mjevent.core.heap import collector_paused
from mjevent.core.settings import EventSettings
from mjevent.core.state.corrections import _corrected, _resolve
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
    fork of the working set, in time independent of the log's length. A correction changes
    what an earlier entry means: the fold goes on from the working set it had before that entry
    (a fork of one kept every `_KEEP_EVERY` entries), over the effective log with the entry
    amended or voided, so amending a recent hand costs the entries after it (each earlier hand's
    score a lookup in the memo), not the whole log. A correction `_resolve` would find more in
    (a problem of its own), an entry whose id is already in the log, or one that an earlier
    correction names, is folded again from the start (the same fold, over the longer log).

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
        resolved: Appended[Entry],
        effective: Appended[Entry],
        voided: set[str],
        work: _Fold,
        ids: LogIds,
        targets: set[str],
        kept: tuple[tuple[int, _Fold], ...],
    ) -> None:
        """Use `Folder.of`."""
        self.settings = settings
        self.log = log
        self.read_problems = read_problems
        self.ids = ids
        # Ids that corrections in the log name: such an entry coming later changes what the
        # correction did ("not in the log" becomes "comes later in the log").
        self.targets = targets
        # The effective log as the fold applied it (`_resolve`'s), and as the state gives it
        # (table entries replaced by the hand or game's end they put in a game).
        self.resolved = resolved
        self.effective = effective
        self.voided = voided
        self.work = work
        # (n, the working set after `resolved[:n]`), n ascending: forks left as they were, from
        # which a correction's fold goes on (`_refolded`).
        self.kept = kept
        self._state: EventState | None = None
        # The games of the state this folder was made from by `then`, when that state was made:
        # only the tables the new entry changed (and `_stale`) are frozen again.
        self._games: Mapping[tuple[int, int], TableGame] | None = None
        self._stale: set[tuple[int, int]] = set()

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
            resolved, voided = _resolve(log, found)
            work = _Fold(settings, found, memo)
            kept, _changed = _apply(work, resolved, 0, ())
        ids = LogIds(frozenset(e.id for e in log))
        targets = {e.target for e in log if isinstance(e, Correction)}
        applied = Appended(resolved)
        return cls(
            settings,
            Appended(log),
            read,
            applied,
            _effective(work, applied),
            voided,
            work,
            ids,
            targets,
            kept,
        )

    def then(self, entry: Entry) -> Folder:
        """The fold of the log with `entry` appended; this folder is left as it was."""
        if entry.id in self.ids or entry.id in self.targets:
            return self._folded_again(entry)
        if isinstance(entry, Correction):
            corrected = _corrected(self.resolved, entry)
            if corrected is None:
                return self._folded_again(entry)
            return self._refolded(entry, *corrected)
        with collector_paused():
            work = self.work.fork()
            work.apply(entry)
        kept = self.kept
        if not kept or len(self.resolved) - kept[-1][0] >= _KEEP_EVERY:
            # This folder's working set is left as it was: it is kept as it stands.
            kept = (*kept, (len(self.resolved), self.work))
        # The log, the effective entries and the ids grow by one without being copied (the
        # previews of a 500-player event try an entry at every keystroke).
        resolved = self.resolved.plus(entry)
        shown = work.accepted.get(entry.id, entry)
        # One sequence for both while no table entry was replaced.
        same = self.effective is self.resolved and shown is entry
        later = Folder(
            self.settings,
            self.log.plus(entry),
            self.read_problems,
            resolved,
            resolved if same else self.effective.plus(shown),
            self.voided,
            work,
            self.ids.plus(entry.id),
            self.targets,
            kept,
        )
        later._games = None if self._state is None else self._state.games
        return later

    def _folded_again(self, entry: Entry) -> Folder:
        """The log with `entry` appended, folded from the start."""
        return Folder.of(
            self.settings, [*self.log, entry], problems=self.read_problems, memo=self.work.memo
        )

    def _refolded(self, correction: Correction, at: int, replacement: Entry | None) -> Folder:
        """The log with `correction` appended, which replaces (or, `replacement` None, leaves
        out) the entry at `at` of the effective log (`_corrected`): the fold goes on from the
        last working set kept before that entry, over the effective log so corrected."""
        resolved = list(self.resolved)
        old = resolved[at]
        if replacement is None:
            del resolved[at]
        else:
            resolved[at] = replacement
        kept = tuple(k for k in self.kept if k[0] <= at)
        start, before = kept[-1]
        with collector_paused():
            work = before.fork()
            kept, changed = _apply(work, resolved, start, kept)
        voided = self.voided | {correction.target} if replacement is None else self.voided
        applied = Appended(resolved)
        later = Folder(
            self.settings,
            self.log.plus(correction),
            self.read_problems,
            applied,
            _effective(work, applied),
            voided,
            work,
            self.ids.plus(correction.id),
            self.targets | {correction.target},
            kept,
        )
        if (
            self._state is not None
            and isinstance(old, HandRecorded | GameFinished)
            and isinstance(replacement, HandRecorded | GameFinished)
            and (old.round, old.table) == (replacement.round, replacement.table)
        ):
            # A hand or a game's end amended in its place: the fold went on changing the
            # tables `changed`, and the entry's table; every other table's game is this state's.
            later._games = self._state.games
            later._stale = changed | {(old.round, old.table)}
        return later

    def _changed_games(self) -> dict[tuple[int, int], TableGame]:
        """Every table's game, in (round, table) order: the previous state's, with the tables
        the last entry changed (`_Fold.owned`) frozen again."""
        tables, before = self.work.tables, self._games
        if before is None:
            return _games_of(tables)
        games = dict(before)
        for key in self.work.owned | self._stale:
            table = tables.get(key)
            if table is None:
                return _games_of(tables)
            games[key] = table.frozen()
        if len(games) != len(tables):
            return _games_of(tables)  # tables went (a round re-seated, seats swapped)
        if any(key not in before for key in self.work.owned | self._stale):
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


_KEEP_EVERY = 512
"""Entries of the effective log between two working sets a folder keeps: a correction's fold
goes on from at most this many entries before the entry it corrects (each kept fork costs a
copy of the working set's containers, and a copy of each table changed after it)."""


def _apply(
    work: _Fold, resolved: list[Entry], start: int, kept: tuple[tuple[int, _Fold], ...]
) -> tuple[tuple[tuple[int, _Fold], ...], set[tuple[int, int]]]:
    """Apply `resolved[start:]` to `work` (which has applied `resolved[:start]`): `kept` with a
    fork of the working set kept every `_KEEP_EVERY` entries on the way, and the tables changed
    (`_Fold.owned` since `work` was forked, over the forks kept on the way)."""
    last = kept[-1][0] if kept else -1
    more = list(kept)
    changed: set[tuple[int, int]] = set()
    for n in range(start, len(resolved)):
        if n % _KEEP_EVERY == 0 and n > last:
            changed |= work.owned
            more.append((n, work.fork()))
        work.apply(resolved[n])
    return tuple(more), changed | work.owned


def _effective(work: _Fold, resolved: Appended[Entry]) -> Appended[Entry]:
    """The effective log as the state gives it: each table entry the fold accepted replaced by
    the hand or game's end it put in the game (under its own id)."""
    if not work.accepted:
        return resolved
    return Appended([work.accepted.get(e.id, e) for e in resolved])


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

"""The fold kept alive (`Folder`) and `fold`, the whole log folded at once.

Separate because it is the entry point every reader uses: it resolves the corrections, applies
the effective log through the fold's rules, and freezes the working set into an `EventState`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

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
        log: list[Entry],
        read_problems: tuple[Problem, ...],
        resolved: list[Entry],
        effective: list[Entry],
        voided: set[str],
        work: _Fold,
        ids: frozenset[str],
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
        ids = frozenset(e.id for e in log)
        targets = {e.target for e in log if isinstance(e, Correction)}
        return cls(
            settings,
            log,
            read,
            resolved,
            _effective(work, resolved),
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
        resolved = [*self.resolved, entry]
        shown = work.accepted.get(entry.id, entry)
        # One list for both while no table entry was replaced (neither is changed in place).
        same = self.effective is self.resolved and shown is entry
        later = Folder(
            self.settings,
            [*self.log, entry],
            self.read_problems,
            resolved,
            resolved if same else [*self.effective, shown],
            self.voided,
            work,
            self.ids | {entry.id},
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
        later = Folder(
            self.settings,
            [*self.log, correction],
            self.read_problems,
            resolved,
            _effective(work, resolved),
            voided,
            work,
            self.ids | {correction.id},
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


def _effective(work: _Fold, resolved: list[Entry]) -> list[Entry]:
    """The effective log as the state gives it: each table entry the fold accepted replaced by
    the hand or game's end it put in the game (under its own id)."""
    if not work.accepted:
        return resolved
    return [work.accepted.get(e.id, e) for e in resolved]


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

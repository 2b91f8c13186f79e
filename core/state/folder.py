"""The fold kept alive (`Folder`) and `fold`, the whole log folded at once.

Separate because it is the entry point every reader uses: it resolves the corrections, applies
the effective log through the fold's rules, and freezes the working set into an `EventState`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

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
        log: list[Entry],
        read_problems: tuple[Problem, ...],
        effective: list[Entry],
        voided: set[str],
        work: _Fold,
        ids: frozenset[str],
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
        ids = frozenset(e.id for e in log)
        targets = {e.target for e in log if isinstance(e, Correction)}
        return cls(settings, log, read, effective, voided, work, ids, targets)

    def then(self, entry: Entry) -> Folder:
        """The fold of the log with `entry` appended; this folder is left as it was."""
        if entry.id in self.ids or entry.id in self.targets or isinstance(entry, Correction):
            return Folder.of(
                self.settings, [*self.log, entry], problems=self.read_problems, memo=self.work.memo
            )
        with collector_paused():
            work = self.work.fork()
            work.apply(entry)
        later = Folder(
            self.settings,
            [*self.log, entry],
            self.read_problems,
            [*self.effective, work.accepted.get(entry.id, entry)],
            self.voided,
            work,
            self.ids | {entry.id},
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

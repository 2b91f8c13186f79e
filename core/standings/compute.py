"""Live standings: totals, places, tiebreaks, snapshots, withdrawals, substitutes, stages, teams.

Input is what the event log folds to: the finished games (round, table, the player id at each seat,
the `GameResult`), the penalties (cancelled ones too, for the audit), the byes and the roster.
`compute_standings` gives a frozen `Standings` after the last round whose results are visible;
`Standings.standings_after(r)` gives the table as it stood after round r, and
`Standings.with_games(gs)` the table once more games are in (incrementally where it can).

Points are raw table points throughout (+45.3 is 45300.0); printers divide by 1000. A player's
total is the sum of their games' `points` (chombo already taken off by the game), plus what their
byes score, less their event penalties.

>>> from mjevent.core.results import game_result
>>> from mjevent.core.presets import preset
>>> ema = preset("ema2016").rules
>>> roster = [Entrant("a", "Ann"), Entrant("b", "Bob"), Entrant("c", "Cy"), Entrant("d", "Di")]
>>> g1 = PlayedGame(1, 1, ("a", "b", "c", "d"), game_result([45000, 30000, 30000, 15000], ema))
>>> s = compute_standings([g1], roster)
>>> [(r.place_label, r.player, r.total) for r in s.rows]
[('1', 'a', 30000.0), ('2-3', 'b', 0.0), ('2-3', 'c', 0.0), ('4', 'd', -30000.0)]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from mjevent.core.i18n import _
from mjevent.core.standings.config import (
    Carry,
    Criterion,
    StandingsConfig,
    Withdrawal,
)
from mjevent.core.standings.ingest import (
    NEVER,
    Agg,
    Event,
    FloatArray,
    IntArray,
    aggregate,
    bye_points,
    ingest,
    ingest_games,
    rank_input,
    substitute_names,
    totals,
)
from mjevent.core.standings.ingest import (
    candidates as ranked_at,
)
from mjevent.core.standings.ingest import (
    counted as counted_at,
)
from mjevent.core.standings.model import (
    Breakdown,
    ByeRecord,
    ChomboEntry,
    Entrant,
    GameLine,
    GameResultLike,
    PenaltyRecord,
    PlayedGame,
    StandingRow,
    StandingsError,
    Status,
    TeamRow,
    ZeroSum,
)
from mjevent.core.standings.teams import team_rows
from mjevent.core.standings.tiebreaks import Ranking, rank

__all__ = [
    "Breakdown",
    "ByeRecord",
    "ChomboEntry",
    "Entrant",
    "GameLine",
    "GameResultLike",
    "PenaltyRecord",
    "PlayedGame",
    "StandingRow",
    "Standings",
    "StandingsError",
    "Status",
    "TeamRow",
    "ZeroSum",
    "compute_standings",
]


@dataclass(frozen=True, slots=True, eq=False)
class _Snapshot:
    """A ranked snapshot after round `hi`: who is where and why."""

    hi: int
    agg: Agg
    total: FloatArray
    ranking: Ranking
    brackets: Mapping[int, str]
    notes: tuple[str, ...]


def _stage_of(ev: Event, hi: int) -> int:
    for k, stage in enumerate(ev.config.stages):
        if stage.rounds[0] <= hi <= stage.rounds[1]:
            return k
    return len(ev.config.stages) - 1 if ev.config.stages and hi > 0 else 0


def _snapshot(ev: Event, hi: int) -> _Snapshot:
    agg = aggregate(ev, 1, hi)
    candidates = ranked_at(ev, hi)
    chain = ev.config.tiebreaks
    if not ev.config.stages or _stage_of(ev, hi) == 0:
        total = totals(ev, agg)
        inp = rank_input(ev, agg, total, hi)
        ranking = rank(inp, candidates, chain)
        return _Snapshot(hi, agg, total, ranking, {}, tuple(inp.notes))
    return _staged_snapshot(ev, hi, agg, candidates)


def _level_with_next(r: Ranking) -> list[bool]:
    """Per position: does this player share a place with the next one?"""
    return [a == b for a, b in zip(r.place, r.place[1:], strict=False)] + [False]


def _split_tie_note(
    ev: Event, stage: str, order: Sequence[int], level: Sequence[bool], at: int
) -> str:
    """A note when the cut after position `at` falls inside a shared place: the chain did not
    decide who goes through, the printed order (by name) did."""
    if not 0 < at < len(order) or not level[at - 1]:
        return ""
    lo = at - 1
    while lo > 0 and level[lo - 1]:
        lo -= 1
    hi = at
    while hi < len(order) - 1 and level[hi]:
        hi += 1
    names = ", ".join(ev.names[i] for i in order[lo : hi + 1])
    return _(
        "the cut after place {place} of {stage} falls among players level on the tiebreaks "
        "({names}): their order by name decided; end the tiebreaks with 'lots' for a drawn cut"
    ).format(place=at, stage=stage, names=names)


def _not_in_standings(player: str) -> str:
    return _("player {player!r} is not in the standings").format(player=player)


def _staged_snapshot(ev: Event, hi: int, agg: Agg, candidates: IntArray) -> _Snapshot:
    """Rank a later stage: each bracket apart, then the players cut, in their earlier order.

    A stage's total is what its players carry in (full, half or nothing of their previous stage
    total) plus their points in the stage's rounds; every other column covers the whole event.
    """
    stages = ev.config.stages
    chain = ev.config.tiebreaks
    current = _stage_of(ev, hi)
    first_total = totals(ev, aggregate(ev, 1, stages[0].rounds[1]))
    inp0 = rank_input(ev, agg, first_total, stages[0].rounds[1])
    prev = rank(inp0, candidates, chain)
    notes = list(inp0.notes)
    stage_total = first_total
    eliminated: list[list[int]] = []
    # A player cut keeps the total they were cut with.
    cut_total: dict[int, float] = {}
    brackets: list[list[int]] = [list(map(int, prev.order))]
    levels: list[list[bool]] = [_level_with_next(prev)]
    for k in range(1, current + 1):
        cut = stages[k - 1].advance
        order = [i for b in brackets for i in b]
        level = [x for b in levels for x in b]
        new_brackets: list[list[int]] = []
        at = 0
        for size in cut:
            new_brackets.append(order[at : at + size])
            at += size
            note = _split_tie_note(ev, stages[k - 1].name, order, level, at)
            if note and note not in notes:
                notes.append(note)
        eliminated.insert(0, order[at:])
        for idx in order[at:]:
            cut_total[idx] = float(stage_total[idx])
        lo, last = stages[k].rounds
        upto = min(hi, last)
        stage_points = totals(ev, aggregate(ev, lo, upto))
        factor = {Carry.FULL: 1.0, Carry.HALF: 0.5, Carry.RESET: 0.0}[stages[k].carry]
        stage_total = factor * stage_total + stage_points
        inp = rank_input(ev, agg, stage_total, upto)
        brackets = []
        levels = []
        for members in new_brackets:
            r = rank(inp, np.array(members, dtype=np.int64), chain)
            brackets.append(list(map(int, r.order)))
            levels.append(_level_with_next(r))
            notes.extend(n for n in inp.notes if n not in notes)
    # Places: bracket by bracket, then the cut players in the order they were cut.
    final_inp = rank_input(ev, agg, stage_total, hi)
    rows: list[int] = []
    place: list[int] = []
    place_end: list[int] = []
    decided: list[Criterion | None] = []
    bracket_of: dict[int, str] = {}
    offset = 0
    for b, members in enumerate(brackets):
        r = rank(final_inp, np.array(members, dtype=np.int64), chain)
        label = f"{stages[current].name} {chr(ord('A') + b)}" if len(brackets) > 1 else ""
        for i, idx in enumerate(r.order):
            rows.append(int(idx))
            place.append(r.place[i] + offset)
            place_end.append(r.place_end[i] + offset)
            decided.append(r.decided_by[i])
            if label:
                bracket_of[int(idx)] = label
        offset += len(members)
    for group in eliminated:
        for idx in group:
            offset += 1
            rows.append(idx)
            place.append(offset)
            place_end.append(offset)
            decided.append(None)
            bracket_of[idx] = "cut"
    shown = stage_total.copy()
    for idx, value in cut_total.items():
        shown[idx] = value
    ranking = Ranking(
        order=np.array(rows, dtype=np.int64),
        place=tuple(place),
        place_end=tuple(place_end),
        decided_by=tuple(decided),
    )
    return _Snapshot(hi, agg, shown, ranking, bracket_of, tuple(notes))


# --- The result --------------------------------------------------------------------------------


def _visible_round(ev: Event) -> tuple[int, tuple[str, ...]]:
    last = int(ev.g_round.max()) if len(ev.g_round) else 0
    if not ev.config.hide_incomplete_rounds:
        return last, ()
    if not ev.tables_per_round:
        return last, (
            _("hide_incomplete_rounds is on but no tables per round were given: nothing hidden"),
        )
    finished = np.bincount(ev.g_round, minlength=last + 2) if len(ev.g_round) else np.zeros(2)
    for r in range(1, last + 1):
        seated = ev.tables_per_round.get(r, 0)
        if finished[r] < seated:
            return r - 1, (
                _(
                    "round {round} hidden until every table has finished: {finished} of "
                    "{seated} tables in"
                ).format(round=r, finished=int(finished[r]), seated=seated),
            )
    return last, ()


@dataclass(frozen=True, slots=True, eq=False)
class Standings:
    """The standings after `round` (the last round shown), with everything that explains them.

    Compares by identity, so a screen notices a new table in O(1). `rows` are the ranked players,
    best first; `apart` lists substitutes and withdrawn players left out of the ranking.
    """

    round: int
    visible_round: int
    _ev: Event = field(repr=False)
    _snap: _Snapshot = field(repr=False)
    _prev: _Snapshot | None = field(repr=False)
    # The previous round's ranking is only needed for movement: computed on first use.
    _prev_pending: bool = field(default=False, repr=False)
    _cache: dict[str, object] = field(default_factory=dict, repr=False)

    # ----- reading

    @property
    def config(self) -> StandingsConfig:
        """The standings policies the table was computed with."""
        return self._ev.config

    @property
    def seats(self) -> int:
        """Seats per table: 4, or 3 in sanma (the number of place-count columns)."""
        return self._ev.seats

    @property
    def notes(self) -> tuple[str, ...]:
        """What the director should know: hidden rounds, annulled games, skipped tiebreaks."""
        _, hidden = _visible_round(self._ev)
        mine = tuple(text for start, text in self._ev.notes if start <= self.round)
        return mine + hidden + self._snap.notes + self._cut_notes()

    def _cut_notes(self) -> tuple[str, ...]:
        # The cut the current stage will make (next_stage), checked against shared places.
        stages = self._ev.config.stages
        k = _stage_of(self._ev, self.round)
        if not stages or not stages[k].advance:
            return ()
        r = self._snap.ranking
        order, level = r.order.tolist(), _level_with_next(r)
        out = []
        at = 0
        for size in stages[k].advance:
            at += size
            note = _split_tie_note(self._ev, stages[k].name, order, level, at)
            if note and note not in self._snap.notes:
                out.append(note)
        return tuple(out)

    @property
    def rows(self) -> tuple[StandingRow, ...]:
        """The ranked players, best first."""
        cached = self._cache.get("rows")
        if cached is None:
            cached = self._build_rows()
            self._cache["rows"] = cached
        return cached  # type: ignore[return-value]

    @property
    def apart(self) -> tuple[StandingRow, ...]:
        """Players listed apart: substitutes and withdrawals the policy leaves unranked."""
        cached = self._cache.get("apart")
        if cached is None:
            ranked = set(map(int, self._snap.ranking.order))
            ev, agg = self._ev, self._snap.agg
            cached = tuple(
                self._row(self._columns(), i, None, "", None, None)
                for i, e in enumerate(ev.entrants)
                if i not in ranked and (e.status is Status.WITHDRAWN or agg.games[i] > 0)
            )
            self._cache["apart"] = cached
        return cached  # type: ignore[return-value]

    def row(self, player: str) -> StandingRow:
        """The row of `player` (ranked or apart); `KeyError` naming the id if unknown."""
        for r in self.rows + self.apart:
            if r.player == player:
                return r
        raise KeyError(_not_in_standings(player))

    def order(self) -> tuple[str, ...]:
        """Ranked player ids, best first (without building the rows)."""
        ids = self._ev.ids
        return tuple(ids[i] for i in self._snap.ranking.order.tolist())

    def next_stage(self) -> tuple[tuple[str, ...], ...]:
        """The brackets the current stage's cut makes, best first, for seating the next stage.

        Read after the stage's last round it is the cut; earlier, the cut as things stand.
        `StandingsError` when the event has no stages or the current stage is the last.
        """
        stages = self._ev.config.stages
        k = _stage_of(self._ev, self.round)
        if not stages or not stages[k].advance:
            raise StandingsError(
                _(
                    "no cut to make: the event has no further stage (set [[standings.stages]] "
                    "with advance = [N] on every stage but the last)"
                )
            )
        bracket = {i: b for i, b in self._snap.brackets.items() if b != "cut"}
        order = [
            int(i)
            for i in self._snap.ranking.order
            if int(i) not in self._snap.brackets or int(i) in bracket
        ]
        out: list[tuple[str, ...]] = []
        at = 0
        for size in stages[k].advance:
            out.append(tuple(self._ev.entrants[i].id for i in order[at : at + size]))
            at += size
        return tuple(out)

    @property
    def penalties(self) -> tuple[PenaltyRecord, ...]:
        """Every penalty entered, cancelled ones included (the audit list)."""
        return self._ev.penalties

    def breakdown(self, player: str) -> Breakdown:
        """Every game, bye and penalty behind `player`'s total up to this round.

        A player's games are the seats credited to them (their own, or a substitute's under
        `for_replaced`); `KeyError` naming the id for a player not in the event.
        """
        ev = self._ev
        if player not in ev.index:
            raise KeyError(_not_in_standings(player))
        i = ev.index[player]
        lines: list[GameLine] = []
        for k in np.flatnonzero((ev.g_player == i).any(axis=1) & (ev.g_round <= self.round)):
            g = ev.games[int(k)]
            seat = int(np.flatnonzero(ev.g_player[k] == i)[0])
            r = g.result
            lines.append(
                GameLine(
                    round=g.round,
                    table=g.table,
                    seat="ESWN"[seat],
                    place=r.places[seat],
                    final=r.final[seat],
                    uma=r.uma[seat],
                    oka=r.oka[seat],
                    chombo=r.penalties[seat],
                    points=r.points[seat],
                    counted=bool(ev.g_annulled_from[k] > self.round),
                    substitute=substitute_names(g).get(seat, "")
                    if g.substitutes or r.substitutes
                    else "",
                )
            )
        agg = self._snap.agg
        per_bye = float(bye_points(ev, agg)[i] / agg.byes[i]) if agg.byes[i] else 0.0
        byes = tuple(
            (b.round, per_bye) for b in ev.byes if b.player == player and b.round <= self.round
        )
        mine = tuple(
            p
            for p in ev.penalties
            if p.player == player and (p.round is None or p.round <= self.round)
        )
        total = (
            sum(line.points for line in lines if line.counted)
            + sum(points for _, points in byes)
            - sum(p.amount for p in mine if not p.cancelled)
        )
        return Breakdown(player, ev.entrants[i].name, tuple(lines), byes, mine, float(total))

    @property
    def chombos(self) -> tuple[ChomboEntry, ...]:
        """Every chombo penalty taken off a counted game up to this round, in round order."""
        ev = self._ev
        rows = np.flatnonzero(counted_at(ev, self.round) & (ev.g_round <= self.round))
        out: list[ChomboEntry] = []
        for k in rows:
            for seat in np.flatnonzero(ev.g_chombo[k] != 0):
                e = ev.entrants[int(ev.g_player[k, seat])]
                amount = -int(ev.g_chombo[k, seat])
                where = (int(ev.g_round[k]), int(ev.g_table[k]))
                out.append(ChomboEntry(*where, e.id, e.name, amount))
        return tuple(sorted(out, key=lambda c: (c.round, c.table, c.player)))

    @property
    def zero_sum(self) -> ZeroSum:
        """The sums that show the results add up (see `ZeroSum`)."""
        ev = self._ev
        rows = counted_at(ev, self.round) & (ev.g_round <= self.round)
        table = ev.g_total[rows].sum(axis=1)
        bad = np.flatnonzero(table != 0)
        idx = np.flatnonzero(rows)
        return ZeroSum(
            points_sum=float(ev.g_points[rows].sum()),
            chombo_sum=float(ev.g_chombo[rows].sum()),
            penalty_sum=float(self._snap.agg.penalties.sum()),
            table_sum=float(table.sum()),
            unbalanced=tuple(
                (int(ev.g_round[idx[k]]), int(ev.g_table[idx[k]]), int(table[k])) for k in bad
            ),
        )

    @property
    def games(self) -> tuple[PlayedGame, ...]:
        """The games counted up to this round (annulled games left out), in input order."""
        ev = self._ev
        counted = counted_at(ev, self.round)
        return tuple(g for k, g in enumerate(ev.games) if counted[k] and g.round <= self.round)

    @property
    def entrants(self) -> tuple[Entrant, ...]:
        """The roster, plus substitutes named only in games."""
        return self._ev.entrants

    # ----- other views

    @property
    def last_round(self) -> int:
        """The last round with a finished game, shown or hidden."""
        return int(self._ev.g_round.max()) if len(self._ev.g_round) else 0

    def standings_after(self, round: int, *, show_hidden: bool = False) -> Standings:
        """The standings as they stood after `round` (0 = before any game).

        A round hidden until all its tables finish raises `StandingsError` unless
        `show_hidden` (the director's own view).
        """
        if round < 0:
            raise StandingsError(
                _("round {round}: give a round number of 0 or more").format(round=round)
            )
        last = int(self._ev.g_round.max()) if len(self._ev.g_round) else 0
        if round > last:
            raise StandingsError(
                _("round {round} has no results yet (the last round with results is {last})")
                .format(round=round, last=last)
            )
        if round > self.visible_round and not show_hidden:
            raise StandingsError(
                _(
                    "round {round} is hidden until every table of it has finished (shown up to "
                    "round {shown}); the director's view shows it (show_hidden)"
                ).format(round=round, shown=self.visible_round)
            )
        return _standings(self._ev, round, self.visible_round)

    def with_games(self, games: Sequence[PlayedGame]) -> Standings:
        """The standings once `games` (in (round, table) order) are in as well.

        When the games belong to the latest round and the ones after it, round after round, and
        no policy needs the whole event re-read (stages, hidden rounds, the 50% rule with a
        withdrawal, a substitute), only their seats' sums change and the players are re-ranked
        once for each round the games cover; otherwise the table is recomputed. Movement
        compares with the previous round, so games of the current round leave it measured
        against the same table, and the first game of a new round makes the table before it
        the previous round's: games of rounds 1 and 2 given at once are ranked after round 1
        first, exactly as one at a time.

        >>> from mjevent.core.results import game_result
        >>> from mjevent.core.presets import preset
        >>> ema = preset("ema2016").rules
        >>> roster = [Entrant(p, p.upper()) for p in "abcd"]
        >>> r1 = PlayedGame(1, 1, tuple("abcd"), game_result([45000, 35000, 25000, 15000], ema))
        >>> r2 = PlayedGame(2, 1, tuple("dcba"), game_result([50000, 30000, 30000, 10000], ema))
        >>> table = compute_standings([], roster).with_games([r1, r2])
        >>> [(r.place_label, r.player, r.total, r.movement) for r in table.rows]
        [('1', 'b', 10000.0, 1), ('2', 'd', 5000.0, 2), ('3', 'a', -5000.0, -2),
         ('4', 'c', -10000.0, -1)]
        """
        if not games:
            return self
        runs = self._rounds_to_add(games)
        if runs is None:
            ev = self._ev
            new = ingest(
                (*ev.games, *games),
                ev.entrants,
                ev.config,
                ev.penalties,
                ev.byes,
                ev.tables_per_round,
                ev.seats,
            )
            visible = _visible_round(new)[0]
            return _standings(new, visible, visible)
        table = self
        for run in runs:
            table = _add_games(table, run)
        return table

    def _rounds_to_add(self, games: Sequence[PlayedGame]) -> list[Sequence[PlayedGame]] | None:
        """`games` cut into runs of one round each, when they can be added to the sums (see
        `with_games`); None when the table must be recomputed."""
        ev = self._ev
        if (
            ev.config.stages
            or ev.config.hide_incomplete_rounds
            or (
                ev.config.withdrawal is Withdrawal.CHESS_50
                and any(e.status is Status.WITHDRAWN for e in ev.entrants)
            )
            or self.round != self.visible_round
        ):
            return None
        index, seats = ev.index, ev.seats
        runs: list[Sequence[PlayedGame]] = []
        first = 0
        current = self.round
        for k, game in enumerate(games):
            if (
                game.substitutes
                or game.result.substitutes
                or len(game.seats) != seats
                or not all(seat in index for seat in game.seats)
            ):
                return None
            if game.round == current:
                continue
            if game.round != current + 1:
                return None
            if k > first:
                runs.append(games[first:k])
            first, current = k, game.round
        runs.append(games[first:])
        # A new round's sums start from the last one's, which hold every penalty and bye: one
        # given for a later round is only counted by a recompute.
        if current > self.round and (
            (ev.p_round > self.round).any() or (ev.b_round > self.round).any()
        ):
            return None
        return runs

    @property
    def teams(self) -> tuple[TeamRow, ...]:
        """The team standings, ranked with the team tiebreak chain."""
        cached = self._cache.get("teams")
        if cached is None:
            cached = team_rows(self._ev, self.round)
            self._cache["teams"] = cached
        return cached  # type: ignore[return-value]

    # ----- building

    def _previous(self) -> _Snapshot | None:
        """The snapshot after the previous round (for movement), computed once when needed."""
        if not self._prev_pending:
            return self._prev
        if "prev" not in self._cache:
            self._cache["prev"] = _snapshot(self._ev, self.round - 1)
        return self._cache["prev"]  # type: ignore[return-value]

    def _build_rows(self) -> tuple[StandingRow, ...]:
        r = self._snap.ranking
        order = r.order.tolist()
        moves: list[int | None] = [None] * len(order)
        previous_snapshot = self._previous()
        if previous_snapshot is not None:
            p = previous_snapshot.ranking
            previous = dict(zip(p.order.tolist(), p.place, strict=True))
            moves = [
                None if (before := previous.get(i)) is None else before - place
                for i, place in zip(order, r.place, strict=True)
            ]
        # One pass of plain lists in rank order: building a thousand rows is the costly part of
        # a live update, so nothing here touches numpy per row.
        c = self._columns()
        ev = self._ev

        def pick(name: str) -> list[Any]:
            column = c[name]
            return [column[i] for i in order]

        played = pick("some")

        def maybe(name: str) -> list[Any]:
            return [v if ok else None for v, ok in zip(pick(name), played, strict=True)]

        entrants = [ev.entrants[i] for i in order]
        teams = [ev.team_names[t] if (t := ev.team_index_of[i]) >= 0 else "" for i in order]
        brackets = [self._snap.brackets.get(i, "") for i in order]
        # After one more game, a player whose numbers and place did not change keeps the row
        # object of the table before it: most of a thousand rows, and each costs a frozen init.
        base: tuple[dict[str, StandingRow], frozenset[str]] | None = self._cache.pop("base", None)  # type: ignore[assignment]
        old_rows, changed = base if base is not None else ({}, frozenset())
        return tuple(
            row
            if (row := old_rows.get(fields[2])) is not None
            and fields[2] not in changed
            and (row.place, row.place_label, row.movement, row.decided_by, row.bracket)
            == (fields[0], fields[1], fields[18], fields[19], fields[20])
            else StandingRow(*fields)
            for fields in zip(
                r.place,
                r.labels,
                [e.id for e in entrants],
                [e.name for e in entrants],
                teams,
                [e.status for e in entrants],
                pick("total"),
                pick("games"),
                pick("byes"),
                maybe("average"),
                maybe("average_place"),
                [tuple(x) for x in pick("counts")],
                maybe("best"),
                maybe("worst"),
                pick("raw"),
                pick("chombo"),
                pick("penalties"),
                pick("bye_points"),
                moves,
                r.decided_by,
                brackets,
                strict=True,
            )
        )

    def _columns(self) -> dict[str, list[Any]]:
        """Every per-player column as a plain list, converted from numpy once per table."""
        cached = self._cache.get("columns")
        if cached is not None:
            return cached  # type: ignore[return-value]
        ev, agg = self._ev, self._snap.agg
        byes = bye_points(ev, agg)
        games = agg.games
        some = games > 0
        safe = np.maximum(games, 1)
        columns: dict[str, list[Any]] = {
            "games": games.tolist(),
            "total": self._snap.total.tolist(),
            "own_total": (agg.points + byes - agg.penalties).tolist(),
            "byes": agg.byes.tolist(),
            "average": (agg.points / safe).tolist(),
            "average_place": (agg.place_sum / safe).tolist(),
            "counts": agg.place_counts.tolist(),
            "best": agg.best.tolist(),
            "worst": agg.worst.tolist(),
            "raw": agg.raw.astype(np.int64).tolist(),
            "chombo": (0.0 - agg.chombo + 0.0).tolist(),
            "penalties": agg.penalties.tolist(),
            "bye_points": byes.tolist(),
            "some": some.tolist(),
        }
        self._cache["columns"] = columns
        return columns

    def _row(
        self,
        c: dict[str, list[Any]],
        i: int,
        place: int | None,
        label: str,
        movement: int | None,
        decided: Criterion | None,
    ) -> StandingRow:
        e = self._ev.entrants[i]
        t = self._ev.team_index_of[i]
        played = c["some"][i]
        return StandingRow(
            place=place,
            place_label=label,
            player=e.id,
            name=e.name,
            team=self._ev.team_names[t] if t >= 0 else "",
            status=e.status,
            total=c["total"][i] if place is not None else c["own_total"][i],
            games=c["games"][i],
            byes=c["byes"][i],
            average=c["average"][i] if played else None,
            average_place=c["average_place"][i] if played else None,
            place_counts=tuple(c["counts"][i]),
            best_game=c["best"][i] if played else None,
            worst_game=c["worst"][i] if played else None,
            raw_sum=c["raw"][i],
            chombo=c["chombo"][i],
            penalties=c["penalties"][i],
            bye_points=c["bye_points"][i],
            movement=movement,
            decided_by=decided,
            bracket=self._snap.brackets.get(i, ""),
        )


def _standings(ev: Event, hi: int, visible: int) -> Standings:
    snap = _snapshot(ev, hi)
    return Standings(
        round=hi, visible_round=visible, _ev=ev, _snap=snap, _prev=None, _prev_pending=hi >= 2
    )


def _add_games(old: Standings, games: Sequence[PlayedGame]) -> Standings:
    """`old` with `games`, all of one round (the current one or the next), added to its sums and
    ranked once."""
    ev, snap = old._ev, old._snap
    round_ = games[0].round
    # A new round: the table before these games becomes the previous round's.
    prev = old._previous() if round_ == old.round else (snap if old.round >= 1 else None)
    who, pts, tot, raw, place, chombo = ingest_games(ev, games)
    count = len(games)
    new_ev = replace(
        ev,
        g_round=np.append(ev.g_round, np.full(count, round_, dtype=np.int64)),
        g_table=np.append(ev.g_table, np.array([g.table for g in games], dtype=np.int64)),
        g_player=np.vstack([ev.g_player, who]),
        g_team=np.vstack([ev.g_team, ev.team_of[who]]),
        g_points=np.vstack([ev.g_points, pts]),
        g_total=np.vstack([ev.g_total, tot]),
        g_raw=np.vstack([ev.g_raw, raw]),
        g_place=np.vstack([ev.g_place, place]),
        g_chombo=np.vstack([ev.g_chombo, chombo]),
        g_annulled_from=np.append(ev.g_annulled_from, np.full(count, NEVER, dtype=np.int64)),
        games=(*ev.games, *games),
    )
    a = snap.agg
    agg = Agg(
        points=a.points.copy(),
        games=a.games.copy(),
        place_counts=a.place_counts.copy(),
        place_sum=a.place_sum.copy(),
        raw=a.raw.copy(),
        best=a.best.copy(),
        worst=a.worst.copy(),
        chombo=a.chombo.copy(),
        penalties=a.penalties,
        byes=a.byes,
    )
    # Unbuffered adds: a player seated at two tables of the batch counts twice, as the
    # recompute counts them.
    seat, points, places = who.ravel(), pts.ravel(), place.ravel()
    np.add.at(agg.points, seat, points)
    np.add.at(agg.games, seat, 1)
    np.add.at(agg.place_counts, (seat, places - 1), 1)
    np.add.at(agg.place_sum, seat, places)
    np.add.at(agg.raw, seat, raw.ravel())
    np.maximum.at(agg.best, seat, points)
    np.minimum.at(agg.worst, seat, points)
    np.add.at(agg.chombo, seat, chombo.ravel())
    total = totals(new_ev, agg)
    inp = rank_input(new_ev, agg, total, round_)
    ranking = rank(inp, ranked_at(new_ev, round_), new_ev.config.tiebreaks)
    new_snap = _Snapshot(round_, agg, total, ranking, {}, tuple(inp.notes))
    table = Standings(round=round_, visible_round=round_, _ev=new_ev, _snap=new_snap, _prev=prev)
    if round_ == old.round and "rows" in old._cache:
        # Same round, same previous table: rows of players these games left alone are reusable.
        old_rows = {row.player: row for row in old.rows}
        table._cache["base"] = (old_rows, frozenset(p for g in games for p in g.seats))
    return table


# --- Entry point -------------------------------------------------------------------------------


def compute_standings(
    games: Iterable[PlayedGame],
    roster: Sequence[Entrant],
    config: StandingsConfig | None = None,
    *,
    penalties: Sequence[PenaltyRecord] = (),
    byes: Sequence[ByeRecord] = (),
    tables_per_round: Mapping[int, int] | None = None,
    seats_per_table: int = 4,
) -> Standings:
    """The standings after the last visible round.

    `tables_per_round` (round -> tables seated) lets `hide_incomplete_rounds` tell a finished
    round from one still being played. `seats_per_table` (3 in sanma) sets the place-count
    columns before any game is in.
    """
    cfg = config if config is not None else StandingsConfig()
    ev = ingest(list(games), roster, cfg, penalties, byes, tables_per_round or {}, seats_per_table)
    visible, _ = _visible_round(ev)
    return _standings(ev, visible, visible)

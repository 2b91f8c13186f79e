"""Live standings: totals, places, tiebreaks, snapshots, withdrawals, substitutes, stages, teams.

Input is what the event log folds to: the finished games (round, table, the player id at each seat,
the `GameResult`), the penalties (cancelled ones too, for the audit), the byes and the roster.
`compute_standings` gives a frozen `Standings` after the last round whose results are visible;
`Standings.standings_after(r)` gives the table as it stood after round r, and
`Standings.with_game(g)` the table once one more game is in (incrementally where it can).

Points are raw table points throughout (+45.3 is 45300.0); printers divide by 1000. A player's
total is the sum of their games' `points` (chombo already taken off by the game), plus what their
byes score, less their event penalties.

>>> from mjevent.core.results import game_result
>>> from mjevent.core.rules import preset
>>> ema = preset("ema2016")
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
import numpy.typing as npt

from mjevent.core.standings_config import (
    Bye,
    Carry,
    Criterion,
    StandingsConfig,
    Substitutes,
    TeamMode,
    Withdrawal,
)
from mjevent.core.standings_model import (
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
from mjevent.core.tiebreaks import Ranking, RankInput, rank

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

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]

_NEVER = np.iinfo(np.int64).max


# --- Ingest --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, eq=False)
class _Event:
    """Everything ingested once; snapshots are computed from these arrays."""

    config: StandingsConfig
    entrants: tuple[Entrant, ...]
    ids: tuple[str, ...]
    names: tuple[str, ...]
    subs: frozenset[int]
    index: Mapping[str, int]
    seats: int
    team_names: tuple[str, ...]
    team_of: IntArray
    team_index_of: tuple[int, ...]
    ranked_ok: npt.NDArray[np.bool_]
    # A withdrawal takes effect in snapshots from this round on (0 = not withdrawn).
    withdrawal_from: IntArray
    g_round: IntArray
    g_table: IntArray
    g_player: IntArray
    g_team: IntArray
    g_points: FloatArray
    g_total: FloatArray
    g_raw: FloatArray
    g_place: IntArray
    g_chombo: FloatArray
    # A game annulled by the 50% rule leaves the snapshots from this round on (never: a huge
    # number), so a snapshot taken before the withdrawal still shows it.
    g_annulled_from: IntArray
    games: tuple[PlayedGame, ...]
    penalties: tuple[PenaltyRecord, ...]
    byes: tuple[ByeRecord, ...]
    tables_per_round: Mapping[int, int]
    notes: tuple[tuple[int, str], ...]
    p_player: IntArray
    p_round: IntArray
    p_amount: FloatArray
    b_player: IntArray
    b_round: IntArray


def _substitute_names(g: PlayedGame) -> dict[int, str]:
    """Who played each substitute seat of a game: the name given with the game, else
    `sub:<player id>` for a seat the result marks as a substitute's (one unnamed substitute per
    absent player, so their games add up apart)."""
    named = dict(g.substitutes)
    for seat in g.result.substitutes:
        if seat not in named and 0 <= seat < len(g.seats):
            named[seat] = f"sub:{g.seats[seat]}"
    return named


def _roster(
    roster: Sequence[Entrant], games: Sequence[PlayedGame]
) -> tuple[tuple[Entrant, ...], dict[str, int]]:
    entrants = list(roster)
    index: dict[str, int] = {}
    for i, e in enumerate(entrants):
        if e.id in index:
            raise StandingsError(f"roster lists player id {e.id!r} twice; ids must be unique")
        index[e.id] = i
    # A substitute named only in a game joins the roster as an unranked substitute.
    for g in games:
        if not (g.substitutes or g.result.substitutes):
            continue
        for seat, name in _substitute_names(g).items():
            if name not in index:
                replaced = g.seats[seat] if 0 <= seat < len(g.seats) else ""
                label = name if name != f"sub:{replaced}" else f"substitute for {replaced}"
                index[name] = len(entrants)
                entrants.append(Entrant(name, label, status=Status.SUBSTITUTE, replaces=replaced))
    return tuple(entrants), index


def _ingest(
    games: Sequence[PlayedGame],
    roster: Sequence[Entrant],
    config: StandingsConfig,
    penalties: Sequence[PenaltyRecord],
    byes: Sequence[ByeRecord],
    tables_per_round: Mapping[int, int],
    seats_per_table: int = 4,
) -> _Event:
    # The common case (every game a full table of roster players, no substitute) reads every
    # game once; anything else takes the per-game path, which also adds unnamed substitutes.
    entrants, index = _roster(roster, ())
    subs = frozenset(i for i, e in enumerate(entrants) if e.status is Status.SUBSTITUTE)
    seats = len(games[0].seats) if games else seats_per_table
    fast = _fast_columns(games, index, subs, seats)
    if fast is None:
        entrants, index = _roster(roster, games)
        subs = frozenset(i for i, e in enumerate(entrants) if e.status is Status.SUBSTITUTE)
        seats = max({len(g.seats) for g in games}, default=seats_per_table)
        rounds = [g.round for g in games]
        tables = [g.table for g in games]
        cols: tuple[list[int], ...] = ([], [], [], [], [], [])
        extend = tuple(col.extend for col in cols)
        for g in games:
            row = _game_row(g, entrants, index, config, subs, seats)
            for add, values in zip(extend, row, strict=True):
                add(values)
    else:
        rounds, tables, cols = fast
    team_names = tuple(sorted({e.team for e in entrants if e.team}))
    team_index = {t: k for k, t in enumerate(team_names)}
    team_of = np.full(len(entrants), -1, dtype=np.int64)
    for i, e in enumerate(entrants):
        team = e.team
        if not team and e.replaces in index:
            team = entrants[index[e.replaces]].team
        team_of[i] = team_index.get(team, -1)

    n = len(games)
    g_round = np.array(rounds, dtype=np.int64)
    g_table = np.array(tables, dtype=np.int64)
    shape = (n, seats)
    # Python ints convert to int64 faster than to float64; numpy then casts in bulk.
    player = np.array(cols[0], dtype=np.int64).reshape(shape)
    points = np.array(cols[1], dtype=np.int64).astype(np.float64).reshape(shape)
    total = np.array(cols[2], dtype=np.int64).astype(np.float64).reshape(shape)
    raw = np.array(cols[3], dtype=np.int64).astype(np.float64).reshape(shape)
    place = np.array(cols[4], dtype=np.int64).reshape(shape)
    chombo = np.array(cols[5], dtype=np.int64).astype(np.float64).reshape(shape)
    annulled_from = np.full(n, _NEVER, dtype=np.int64)
    ranked_ok = np.array([e.status is Status.ACTIVE for e in entrants], dtype=bool)
    withdrawal_from = np.zeros(len(entrants), dtype=np.int64)
    notes: list[tuple[int, str]] = []
    last_round = int(g_round.max()) if n else 0
    scheduled = config.scheduled_rounds or last_round
    for i, e in enumerate(entrants):
        if e.status is not Status.WITHDRAWN:
            continue
        # Unknown: the withdrawal counts in every snapshot, as if from round 1.
        start = max(e.withdrawn_from, 1)
        mine = (player == i).any(axis=1)
        played = int(mine.sum())
        under_half = config.withdrawal is Withdrawal.CHESS_50 and 2 * played < scheduled
        if config.withdrawal is Withdrawal.KEEP or (
            config.withdrawal is Withdrawal.CHESS_50 and not under_half
        ):
            ranked_ok[i] = True
        else:
            withdrawal_from[i] = start
        if under_half:
            annulled_from[mine] = np.minimum(annulled_from[mine], start)
            where = ", ".join(
                f"round {g_round[k]} table {g_table[k]}" for k in np.flatnonzero(mine)
            )
            notes.append(
                (
                    start,
                    f"{e.name} ({e.id}) withdrew after {played} of {scheduled} games, under "
                    f"50%: their games are annulled for everyone at the table "
                    f"({where or 'none'})",
                )
            )
    g_team = np.where(player >= 0, team_of[np.where(player >= 0, player, 0)], -1)

    p_list = [p for p in penalties if not p.cancelled]
    for p in p_list:
        if p.player not in index:
            raise StandingsError(
                f"penalty {p.id!r} is for player {p.player!r}, who is not on the roster"
            )
    b_list = list(byes)
    for b in b_list:
        if b.player not in index:
            raise StandingsError(
                f"bye in round {b.round} is for player {b.player!r}, who is not on the roster"
            )
    return _Event(
        config=config,
        entrants=entrants,
        ids=tuple(e.id for e in entrants),
        names=tuple(e.name for e in entrants),
        subs=subs,
        index=index,
        seats=seats,
        team_names=team_names,
        team_of=team_of,
        team_index_of=tuple(team_of.tolist()),
        ranked_ok=ranked_ok,
        withdrawal_from=withdrawal_from,
        g_round=g_round,
        g_table=g_table,
        g_player=player,
        g_team=g_team,
        g_points=points,
        g_total=total,
        g_raw=raw,
        g_place=place,
        g_chombo=chombo,
        g_annulled_from=annulled_from,
        games=tuple(games),
        penalties=tuple(penalties),
        byes=tuple(byes),
        tables_per_round=dict(tables_per_round),
        notes=tuple(notes),
        p_player=np.array([index[p.player] for p in p_list], dtype=np.int64),
        p_round=np.array([p.round or 0 for p in p_list], dtype=np.int64),
        p_amount=np.array([p.amount for p in p_list], dtype=np.float64),
        b_player=np.array([index[b.player] for b in b_list], dtype=np.int64),
        b_round=np.array([b.round for b in b_list], dtype=np.int64),
    )


def _fast_columns(
    games: Sequence[PlayedGame], index: Mapping[str, int], subs: frozenset[int], seats: int
) -> tuple[list[int], list[int], tuple[list[int], ...]] | None:
    """(rounds, tables, flat per-seat columns) in one pass, when every game is a plain full table
    of `seats` roster players with no substitute; None sends the caller to the per-game path.

    This is the hot loop of a full recompute (5,000 games for 1,000 players over 20 rounds), so it
    touches each game once and leaves the rest to numpy."""
    rounds: list[int] = []
    tables: list[int] = []
    ids: list[str] = []
    points: list[int] = []
    total: list[int] = []
    final: list[int] = []
    places: list[int] = []
    chombo: list[int] = []
    add_round, add_table = rounds.append, tables.append
    add_ids, add_points, add_total = ids.extend, points.extend, total.extend
    add_final, add_places, add_chombo = final.extend, places.extend, chombo.extend
    for g in games:
        r = g.result
        if g.substitutes or r.substitutes or len(g.seats) != seats or len(r.points) != seats:
            return None
        add_round(g.round)
        add_table(g.table)
        add_ids(g.seats)
        add_points(r.points)
        add_total(r.total)
        add_final(r.final)
        add_places(r.places)
        add_chombo(r.penalties)
    if not (len(ids) == len(total) == len(final) == len(places) == len(chombo)):
        return None
    try:
        who = [index[pid] for pid in ids]
    except KeyError:
        return None
    if subs and not subs.isdisjoint(who):
        return None
    return rounds, tables, (who, points, total, final, places, chombo)


def _game_row(
    g: PlayedGame,
    entrants: Sequence[Entrant],
    index: Mapping[str, int],
    config: StandingsConfig,
    subs: frozenset[int],
    seats: int,
) -> tuple[tuple[int, ...], ...]:
    """One game as per-seat tuples (player index, points, total, final, place, chombo), padded
    with empty seats (player -1) up to `seats` when sanma and four-player games are mixed."""
    r = g.result
    width = len(g.seats)
    if not (len(r.points) == len(r.places) == len(r.final) == width):
        raise StandingsError(
            f"round {g.round} table {g.table}: {width} players seated but the result has "
            f"{len(r.points)} seats; seat one player per seat of the result"
        )
    try:
        who = [index[pid] for pid in g.seats]
    except KeyError:
        seat = next(k for k, pid in enumerate(g.seats) if pid not in index)
        raise StandingsError(
            f"round {g.round} table {g.table} seat {'ESWN'[seat]}: player {g.seats[seat]!r} is "
            "not on the roster; add them (late entry) or fix the seating"
        ) from None
    if g.substitutes or g.result.substitutes or (subs and not subs.isdisjoint(who)):
        who = _credit_substitutes(g, who, entrants, index, config)
    pad = seats - width
    if pad:
        return (
            (*who, *(-1,) * pad),
            (*r.points, *(0,) * pad),
            (*r.total, *(0,) * pad),
            (*r.final, *(0,) * pad),
            (*r.places, *(0,) * pad),
            (*r.penalties, *(0,) * pad),
        )
    return tuple(who), r.points, r.total, r.final, r.places, r.penalties


def _credit_substitutes(
    g: PlayedGame,
    who: list[int],
    entrants: Sequence[Entrant],
    index: Mapping[str, int],
    config: StandingsConfig,
) -> list[int]:
    named = _substitute_names(g)
    out = list(who)
    for seat, pid in enumerate(g.seats):
        credited = index[named[seat]] if seat in named else who[seat]
        e = entrants[credited]
        if e.status is Status.SUBSTITUTE and config.substitutes is Substitutes.FOR_REPLACED:
            # The substitute's seat result counts for the player whose seat it is.
            replaced = pid if seat in named else e.replaces
            if replaced not in index:
                raise StandingsError(
                    f"round {g.round} table {g.table}: substitute {e.id!r} replaces nobody on "
                    "the roster; set their 'replaces' or use substitutes = 'apart'"
                )
            credited = index[replaced]
        out[seat] = credited
    return out


# --- Aggregation -------------------------------------------------------------------------------


def _counted(ev: _Event, hi: int) -> npt.NDArray[np.bool_]:
    """The games that count in the snapshot after round `hi` (not annulled by then)."""
    result: npt.NDArray[np.bool_] = ev.g_annulled_from > hi
    return result


def _candidates(ev: _Event, hi: int) -> IntArray:
    """Roster indices ranked in the snapshot after round `hi`: a withdrawal the policy takes out
    of the ranking only takes effect from its round on."""
    not_yet = (ev.withdrawal_from > 0) & (ev.withdrawal_from > hi)
    return np.flatnonzero(ev.ranked_ok | not_yet)


def _wsum(who: IntArray, weights: npt.NDArray[np.floating] | IntArray, n: int) -> FloatArray:
    """Sum `weights` per index of `who` (a weighted bincount, typed as the float it is)."""
    return np.asarray(
        np.bincount(who, weights=np.asarray(weights, dtype=np.float64), minlength=n),
        dtype=np.float64,
    )


@dataclass(frozen=True, slots=True, eq=False)
class _Agg:
    """Per roster index, over the counted games of rounds `lo`..`hi`."""

    points: FloatArray
    games: IntArray
    place_counts: IntArray
    place_sum: FloatArray
    raw: FloatArray
    best: FloatArray
    worst: FloatArray
    chombo: FloatArray
    penalties: FloatArray
    byes: IntArray


def _aggregate(ev: _Event, lo: int, hi: int) -> _Agg:
    n, s = len(ev.entrants), ev.seats
    rows = _counted(ev, hi) & (ev.g_round >= lo) & (ev.g_round <= hi)
    who = ev.g_player[rows].ravel()
    ok = who >= 0
    who = who[ok]

    def per_player(values: npt.NDArray[np.float64] | IntArray) -> FloatArray:
        return _wsum(who, values[rows].ravel()[ok], n)

    places = ev.g_place[rows].ravel()[ok]
    counts = np.bincount(who * s + (places - 1), minlength=n * s).reshape(n, s)
    best = np.full(n, -np.inf)
    worst = np.full(n, np.inf)
    pts = ev.g_points[rows].ravel()[ok]
    np.maximum.at(best, who, pts)
    np.minimum.at(worst, who, pts)
    # A penalty given for no round counts from the start (once, in the first stage's sums).
    pmask = (ev.p_round <= hi) & ((ev.p_round >= lo) | ((ev.p_round == 0) & (lo == 1)))
    bmask = (ev.b_round >= lo) & (ev.b_round <= hi)
    return _Agg(
        points=per_player(ev.g_points),
        games=np.bincount(who, minlength=n).astype(np.int64),
        place_counts=counts.astype(np.int64),
        place_sum=_wsum(who, places, n),
        raw=per_player(ev.g_raw),
        best=best,
        worst=worst,
        chombo=per_player(ev.g_chombo),
        penalties=_wsum(ev.p_player[pmask], ev.p_amount[pmask], n),
        byes=np.bincount(ev.b_player[bmask], minlength=n).astype(np.int64),
    )


def _bye_points(ev: _Event, agg: _Agg) -> FloatArray:
    cfg = ev.config
    if cfg.bye is Bye.ZERO:
        return np.zeros(len(agg.byes))
    if cfg.bye is Bye.FIXED:
        return np.asarray(agg.byes * float(cfg.bye_points), dtype=np.float64)
    average = np.where(agg.games > 0, agg.points / np.maximum(agg.games, 1), 0.0)
    return np.asarray(agg.byes * average, dtype=np.float64)


def _totals(ev: _Event, agg: _Agg) -> FloatArray:
    result: FloatArray = agg.points + _bye_points(ev, agg) - agg.penalties
    return result


def _rank_input(ev: _Event, agg: _Agg, total: FloatArray, hi: int) -> RankInput:
    rows = _counted(ev, hi) & (ev.g_round <= hi)
    with np.errstate(invalid="ignore", divide="ignore"):
        avg_place = np.where(agg.games > 0, agg.place_sum / np.maximum(agg.games, 1), np.inf)
    return RankInput(
        ids=ev.ids,
        names=ev.names,
        total=total,
        raw_sum=agg.raw,
        firsts=agg.place_counts[:, 0].astype(np.float64),
        best_game=agg.best,
        avg_place=avg_place,
        game_players=ev.g_player[rows],
        game_points=ev.g_points[rows],
        game_places=ev.g_place[rows],
        games=agg.games,
        seed=ev.config.seed,
    )


@dataclass(frozen=True, slots=True, eq=False)
class _Snapshot:
    """A ranked snapshot after round `hi`: who is where and why."""

    hi: int
    agg: _Agg
    total: FloatArray
    ranking: Ranking
    brackets: Mapping[int, str]
    notes: tuple[str, ...]


def _stage_of(ev: _Event, hi: int) -> int:
    for k, stage in enumerate(ev.config.stages):
        if stage.rounds[0] <= hi <= stage.rounds[1]:
            return k
    return len(ev.config.stages) - 1 if ev.config.stages and hi > 0 else 0


def _snapshot(ev: _Event, hi: int) -> _Snapshot:
    agg = _aggregate(ev, 1, hi)
    candidates = _candidates(ev, hi)
    chain = ev.config.tiebreaks
    if not ev.config.stages or _stage_of(ev, hi) == 0:
        total = _totals(ev, agg)
        inp = _rank_input(ev, agg, total, hi)
        ranking = rank(inp, candidates, chain)
        return _Snapshot(hi, agg, total, ranking, {}, tuple(inp.notes))
    return _staged_snapshot(ev, hi, agg, candidates)


def _staged_snapshot(ev: _Event, hi: int, agg: _Agg, candidates: IntArray) -> _Snapshot:
    """Rank a later stage: each bracket apart, then the players cut, in their earlier order.

    A stage's total is what its players carry in (full, half or nothing of their previous stage
    total) plus their points in the stage's rounds; every other column covers the whole event.
    """
    stages = ev.config.stages
    chain = ev.config.tiebreaks
    current = _stage_of(ev, hi)
    first_total = _totals(ev, _aggregate(ev, 1, stages[0].rounds[1]))
    inp0 = _rank_input(ev, agg, first_total, stages[0].rounds[1])
    prev = rank(inp0, candidates, chain)
    notes = list(inp0.notes)
    stage_total = first_total
    eliminated: list[list[int]] = []
    # A player cut keeps the total they were cut with.
    cut_total: dict[int, float] = {}
    brackets: list[list[int]] = [list(map(int, prev.order))]
    for k in range(1, current + 1):
        cut = stages[k - 1].advance
        order = [i for b in brackets for i in b]
        new_brackets: list[list[int]] = []
        at = 0
        for size in cut:
            new_brackets.append(order[at : at + size])
            at += size
        eliminated.insert(0, order[at:])
        for idx in order[at:]:
            cut_total[idx] = float(stage_total[idx])
        lo, last = stages[k].rounds
        upto = min(hi, last)
        stage_points = _totals(ev, _aggregate(ev, lo, upto))
        factor = {Carry.FULL: 1.0, Carry.HALF: 0.5, Carry.RESET: 0.0}[stages[k].carry]
        stage_total = factor * stage_total + stage_points
        inp = _rank_input(ev, agg, stage_total, upto)
        brackets = []
        for members in new_brackets:
            r = rank(inp, np.array(members, dtype=np.int64), chain)
            brackets.append(list(map(int, r.order)))
            notes.extend(n for n in inp.notes if n not in notes)
    # Places: bracket by bracket, then the cut players in the order they were cut.
    final_inp = _rank_input(ev, agg, stage_total, hi)
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


def _visible_round(ev: _Event) -> tuple[int, tuple[str, ...]]:
    last = int(ev.g_round.max()) if len(ev.g_round) else 0
    if not ev.config.hide_incomplete_rounds:
        return last, ()
    if not ev.tables_per_round:
        return last, (
            "hide_incomplete_rounds is on but no tables per round were given: nothing hidden",
        )
    finished = np.bincount(ev.g_round, minlength=last + 2) if len(ev.g_round) else np.zeros(2)
    for r in range(1, last + 1):
        seated = ev.tables_per_round.get(r, 0)
        if finished[r] < seated:
            return r - 1, (
                f"round {r} hidden until every table has finished: {int(finished[r])} of "
                f"{seated} tables in",
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
    _ev: _Event = field(repr=False)
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
        return mine + hidden + self._snap.notes

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
        raise KeyError(f"player {player!r} is not in the standings")

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
                "no cut to make: the event has no further stage (set [[standings.stages]] "
                "with advance = [N] on every stage but the last)"
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
            raise KeyError(f"player {player!r} is not in the standings")
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
                    substitute=_substitute_names(g).get(seat, "")
                    if g.substitutes or r.substitutes
                    else "",
                )
            )
        agg = self._snap.agg
        per_bye = float(_bye_points(ev, agg)[i] / agg.byes[i]) if agg.byes[i] else 0.0
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
        rows = np.flatnonzero(_counted(ev, self.round) & (ev.g_round <= self.round))
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
        rows = _counted(ev, self.round) & (ev.g_round <= self.round)
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
        counted = _counted(ev, self.round)
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
            raise StandingsError(f"round {round}: give a round number of 0 or more")
        last = int(self._ev.g_round.max()) if len(self._ev.g_round) else 0
        if round > last:
            raise StandingsError(
                f"round {round} has no results yet (the last round with results is {last})"
            )
        if round > self.visible_round and not show_hidden:
            raise StandingsError(
                f"round {round} is hidden until every table of it has finished (shown up to "
                f"round {self.visible_round}); the director's view shows it (show_hidden)"
            )
        return _standings(self._ev, round, self.visible_round)

    def with_game(self, game: PlayedGame) -> Standings:
        """The standings once `game` is in as well.

        When the game belongs to the latest round (or the next one) and no policy needs the whole
        event re-read (stages, hidden rounds, the 50% rule with a withdrawal), only the four
        seats' sums change and the players are re-ranked; otherwise the table is recomputed.
        """
        ev = self._ev
        simple = (
            not ev.config.stages
            and not ev.config.hide_incomplete_rounds
            and not (
                ev.config.withdrawal is Withdrawal.CHESS_50
                and any(e.status is Status.WITHDRAWN for e in ev.entrants)
            )
            and game.round in (self.round, self.round + 1)
            and self.round == self.visible_round
            and all(seat in ev.index for seat in game.seats)
            and not game.substitutes
            and not game.result.substitutes
            and len(game.seats) == ev.seats
        )
        games = (*ev.games, game)
        if not simple:
            new = _ingest(
                games, ev.entrants, ev.config, ev.penalties, ev.byes, ev.tables_per_round, ev.seats
            )
            return _standings(new, _visible_round(new)[0], _visible_round(new)[0])
        return _add_game(self, game)

    @property
    def teams(self) -> tuple[TeamRow, ...]:
        """The team standings, ranked with the team tiebreak chain."""
        cached = self._cache.get("teams")
        if cached is None:
            cached = _team_rows(self._ev, self.round)
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
        byes = _bye_points(ev, agg)
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


def _standings(ev: _Event, hi: int, visible: int) -> Standings:
    snap = _snapshot(ev, hi)
    return Standings(
        round=hi, visible_round=visible, _ev=ev, _snap=snap, _prev=None, _prev_pending=hi >= 2
    )


def _add_game(old: Standings, game: PlayedGame) -> Standings:
    ev, snap = old._ev, old._snap
    if game.round == old.round:
        prev = old._previous()
    elif (
        game.round == old.round + 1
        and not (ev.p_round > old.round).any()
        and not (ev.b_round > old.round).any()
    ):
        # A new round: the table before this game becomes the previous round's.
        prev = snap if old.round >= 1 else None
    else:
        new = _ingest(
            (*ev.games, game),
            ev.entrants,
            ev.config,
            ev.penalties,
            ev.byes,
            ev.tables_per_round,
            ev.seats,
        )
        visible = _visible_round(new)[0]
        return _standings(new, visible, visible)
    who, pts, tot, raw, place, chombo = _ingest_one(ev, game)
    new_ev = replace(
        ev,
        g_round=np.append(ev.g_round, game.round),
        g_table=np.append(ev.g_table, game.table),
        g_player=np.vstack([ev.g_player, who[None, :]]),
        g_team=np.vstack([ev.g_team, ev.team_of[who][None, :]]),
        g_points=np.vstack([ev.g_points, pts[None, :]]),
        g_total=np.vstack([ev.g_total, tot[None, :]]),
        g_raw=np.vstack([ev.g_raw, raw[None, :]]),
        g_place=np.vstack([ev.g_place, place[None, :]]),
        g_chombo=np.vstack([ev.g_chombo, chombo[None, :]]),
        g_annulled_from=np.append(ev.g_annulled_from, _NEVER),
        games=(*ev.games, game),
    )
    a = snap.agg
    agg = _Agg(
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
    # Seats of one game are distinct players, so fancy-index updates cannot collide.
    agg.points[who] += pts
    agg.games[who] += 1
    agg.place_counts[who, place - 1] += 1
    agg.place_sum[who] += place
    agg.raw[who] += raw
    agg.best[who] = np.maximum(agg.best[who], pts)
    agg.worst[who] = np.minimum(agg.worst[who], pts)
    agg.chombo[who] += chombo
    total = _totals(new_ev, agg)
    inp = _rank_input(new_ev, agg, total, game.round)
    ranking = rank(inp, _candidates(new_ev, game.round), new_ev.config.tiebreaks)
    new_snap = _Snapshot(game.round, agg, total, ranking, {}, tuple(inp.notes))
    table = Standings(
        round=game.round, visible_round=game.round, _ev=new_ev, _snap=new_snap, _prev=prev
    )
    if game.round == old.round and "rows" in old._cache:
        # Same round, same previous table: rows of players this game left alone are reusable.
        old_rows = {row.player: row for row in old.rows}
        table._cache["base"] = (old_rows, frozenset(game.seats))
    return table


def _ingest_one(
    ev: _Event, game: PlayedGame
) -> tuple[IntArray, FloatArray, FloatArray, FloatArray, IntArray, FloatArray]:
    who, pts, tot, raw, place, chombo = _game_row(
        game, ev.entrants, ev.index, ev.config, ev.subs, ev.seats
    )
    return (
        np.array(who, dtype=np.int64),
        np.array(pts, dtype=np.float64),
        np.array(tot, dtype=np.float64),
        np.array(raw, dtype=np.float64),
        np.array(place, dtype=np.int64),
        np.array(chombo, dtype=np.float64),
    )


# --- Teams -------------------------------------------------------------------------------------


def _team_rows(ev: _Event, hi: int) -> tuple[TeamRow, ...]:
    if not ev.team_names:
        return ()
    current = _team_snapshot(ev, hi)
    previous = _team_snapshot(ev, hi - 1) if hi >= 2 else None
    before: dict[int, int] = {}
    if previous is not None:
        before = {int(t): previous[1].place[k] for k, t in enumerate(previous[1].order)}
    inp, ranking, extra = current
    labels = ranking.labels
    roster_of: dict[int, tuple[str, ...]] = {}
    for e, t in zip(ev.entrants, ev.team_index_of, strict=True):
        roster_of[t] = (*roster_of.get(t, ()), e.id)
    out = []
    for k, t in enumerate(ranking.order):
        ti = int(t)
        members = roster_of[ti]
        games, penalties = extra[ti]
        out.append(
            TeamRow(
                place=ranking.place[k],
                place_label=labels[k],
                team=ev.team_names[ti],
                members=members,
                total=float(inp.total[ti]),
                games=games,
                firsts=int(inp.firsts[ti]),
                best_game=float(inp.best_game[ti]) if games else None,
                raw_sum=int(inp.raw_sum[ti]),
                penalties=penalties,
                movement=before[ti] - ranking.place[k] if ti in before else None,
                decided_by=ranking.decided_by[k],
            )
        )
    return tuple(out)


def _team_snapshot(ev: _Event, hi: int) -> tuple[RankInput, Ranking, dict[int, tuple[int, float]]]:
    cfg = ev.config.teams
    n = len(ev.team_names)
    rows = _counted(ev, hi) & (ev.g_round <= hi)
    team = ev.g_team[rows].ravel()
    ok = team >= 0
    team = team[ok]
    pts = ev.g_points[rows].ravel()[ok]
    raw = ev.g_raw[rows].ravel()[ok]
    place = ev.g_place[rows].ravel()[ok]
    agg = _aggregate(ev, 1, hi)
    member_team = ev.team_of
    has = member_team >= 0
    penalties = _wsum(member_team[has], agg.penalties[has], n)
    byes = _wsum(member_team[has], _bye_points(ev, agg)[has], n)
    if cfg.mode is TeamMode.ALL:
        total = _wsum(team, pts, n) + byes - penalties
    else:
        # Per round, only the team's best `best` seat results count.
        total = -penalties
        rounds = np.repeat(ev.g_round[rows], ev.seats)[ok]
        for t in range(n):
            mine = team == t
            for r in np.unique(rounds[mine]):
                scores = np.sort(pts[mine & (rounds == r)])[::-1]
                total[t] += scores[: cfg.best].sum()
    best = np.full(n, -np.inf)
    np.maximum.at(best, team, pts)
    games = np.bincount(team, minlength=n)
    inp = RankInput(
        ids=ev.team_names,
        names=ev.team_names,
        total=np.asarray(total, dtype=np.float64),
        raw_sum=_wsum(team, raw, n),
        firsts=np.bincount(team[place == 1], minlength=n).astype(np.float64),
        best_game=best,
        avg_place=np.zeros(n),
        game_players=np.zeros((0, ev.seats), dtype=np.int64),
        game_points=np.zeros((0, ev.seats)),
        game_places=np.zeros((0, ev.seats), dtype=np.int64),
        games=games.astype(np.int64),
        seed=ev.config.seed,
    )
    ranking = rank(inp, np.arange(n, dtype=np.int64), cfg.tiebreaks)
    extra = {t: (int(games[t]), float(penalties[t])) for t in range(n)}
    return inp, ranking, extra


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
    ev = _ingest(list(games), roster, cfg, penalties, byes, tables_per_round or {}, seats_per_table)
    visible, _ = _visible_round(ev)
    return _standings(ev, visible, visible)

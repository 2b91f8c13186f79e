"""Standings input, read once into numpy arrays, and the per-player sums of any round range.

Internal to the standings modules (`mjevent.core.standings`, `mjevent.core.standings.teams`):
`ingest` turns the games, roster, penalties and byes into an `Event` of flat arrays (one row per
game, one column per seat); `aggregate` sums them per player over rounds `lo`..`hi`; `rank_input`
hands a snapshot's sums to the tiebreak chain.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from mjevent.core.i18n import _, pgettext, wind_name
from mjevent.core.standings.config import Bye, StandingsConfig, Substitutes, Withdrawal
from mjevent.core.standings.model import (
    ByeRecord,
    Entrant,
    PenaltyRecord,
    PlayedGame,
    StandingsError,
    Status,
)
from mjevent.core.standings.tiebreaks import RankInput

__all__ = [
    "NEVER",
    "Agg",
    "Event",
    "FloatArray",
    "IntArray",
    "aggregate",
    "bye_points",
    "candidates",
    "counted",
    "ingest",
    "ingest_games",
    "rank_input",
    "substitute_names",
    "totals",
    "wsum",
]

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]

NEVER = np.iinfo(np.int64).max


# --- Ingest --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, eq=False)
class Event:
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


def substitute_names(g: PlayedGame) -> dict[int, str]:
    """Who played each substitute seat of a game: the name given with the game, else
    `sub:<player id>` for a seat the result marks as a substitute's (one unnamed substitute per
    absent player, so their games add up apart)."""
    named = dict(g.substitutes)
    for seat in g.result.substitutes:
        if seat not in named and 0 <= seat < len(g.seats):
            named[seat] = f"sub:{g.seats[seat]}"
    return named


def read_roster(
    roster: Sequence[Entrant], games: Sequence[PlayedGame]
) -> tuple[tuple[Entrant, ...], dict[str, int]]:
    entrants = list(roster)
    index: dict[str, int] = {}
    for i, e in enumerate(entrants):
        if e.id in index:
            raise StandingsError(
                _("roster lists player id {id!r} twice; ids must be unique").format(id=e.id)
            )
        index[e.id] = i
    # A substitute named only in a game joins the roster as an unranked substitute.
    for g in games:
        if not (g.substitutes or g.result.substitutes):
            continue
        for seat, name in substitute_names(g).items():
            if name not in index:
                replaced = g.seats[seat] if 0 <= seat < len(g.seats) else ""
                label = (
                    name if name != f"sub:{replaced}"
                    else _("substitute for {player}").format(player=replaced)
                )
                index[name] = len(entrants)
                entrants.append(Entrant(name, label, status=Status.SUBSTITUTE, replaces=replaced))
    return tuple(entrants), index


def ingest(
    games: Sequence[PlayedGame],
    roster: Sequence[Entrant],
    config: StandingsConfig,
    penalties: Sequence[PenaltyRecord],
    byes: Sequence[ByeRecord],
    tables_per_round: Mapping[int, int],
    seats_per_table: int = 4,
) -> Event:
    # The common case (every game a full table of roster players, no substitute) reads every
    # game once; anything else takes the per-game path, which also adds unnamed substitutes.
    entrants, index = read_roster(roster, ())
    subs = frozenset(i for i, e in enumerate(entrants) if e.status is Status.SUBSTITUTE)
    seats = len(games[0].seats) if games else seats_per_table
    fast = fast_columns(games, index, subs, seats)
    if fast is None:
        entrants, index = read_roster(roster, games)
        subs = frozenset(i for i, e in enumerate(entrants) if e.status is Status.SUBSTITUTE)
        seats = max({len(g.seats) for g in games}, default=seats_per_table)
        rounds = [g.round for g in games]
        tables = [g.table for g in games]
        cols: tuple[list[int], ...] = ([], [], [], [], [], [])
        extend = tuple(col.extend for col in cols)
        for g in games:
            row = game_row(g, entrants, index, config, subs, seats)
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
    annulled_from = np.full(n, NEVER, dtype=np.int64)
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
                pgettext("table of a round", "round {round} table {table}").format(
                    round=g_round[k], table=g_table[k]
                )
                for k in np.flatnonzero(mine)
            )
            notes.append(
                (
                    start,
                    _(
                        "{name} ({id}) withdrew after {played} of {scheduled} games, under "
                        "50%: their games are annulled for everyone at the table ({tables})"
                    ).format(
                        name=e.name, id=e.id, played=played, scheduled=scheduled,
                        tables=where or pgettext("no tables", "none"),
                    ),
                )
            )
    g_team = np.where(player >= 0, team_of[np.where(player >= 0, player, 0)], -1)

    p_list = [p for p in penalties if not p.cancelled]
    for p in p_list:
        if p.player not in index:
            raise StandingsError(
                _("penalty {id!r} is for player {player!r}, who is not on the roster").format(
                    id=p.id, player=p.player
                )
            )
    b_list = list(byes)
    for b in b_list:
        if b.player not in index:
            raise StandingsError(
                _("bye in round {round} is for player {player!r}, who is not on the roster")
                .format(round=b.round, player=b.player)
            )
    return Event(
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


def fast_columns(
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


def game_row(
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
            _(
                "round {round} table {table}: {width} players seated but the result has "
                "{seats} seats; seat one player per seat of the result"
            ).format(round=g.round, table=g.table, width=width, seats=len(r.points))
        )
    try:
        who = [index[pid] for pid in g.seats]
    except KeyError:
        seat = next(k for k, pid in enumerate(g.seats) if pid not in index)
        raise StandingsError(
            _(
                "round {round} table {table} seat {seat}: player {player!r} is "
                "not on the roster; add them (late entry) or fix the seating"
            ).format(
                round=g.round, table=g.table, seat=wind_name("ESWN"[seat]), player=g.seats[seat]
            )
        ) from None
    if g.substitutes or g.result.substitutes or (subs and not subs.isdisjoint(who)):
        who = credit_substitutes(g, who, entrants, index, config)
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


def credit_substitutes(
    g: PlayedGame,
    who: list[int],
    entrants: Sequence[Entrant],
    index: Mapping[str, int],
    config: StandingsConfig,
) -> list[int]:
    named = substitute_names(g)
    out = list(who)
    for seat, pid in enumerate(g.seats):
        credited = index[named[seat]] if seat in named else who[seat]
        e = entrants[credited]
        if e.status is Status.SUBSTITUTE and config.substitutes is Substitutes.FOR_REPLACED:
            # The substitute's seat result counts for the player whose seat it is.
            replaced = pid if seat in named else e.replaces
            if replaced not in index:
                raise StandingsError(
                    _(
                        "round {round} table {table}: substitute {id!r} replaces nobody on "
                        "the roster; set their 'replaces' or use substitutes = 'apart'"
                    ).format(round=g.round, table=g.table, id=e.id)
                )
            credited = index[replaced]
        out[seat] = credited
    return out


# --- Aggregation -------------------------------------------------------------------------------


def counted(ev: Event, hi: int) -> npt.NDArray[np.bool_]:
    """The games that count in the snapshot after round `hi` (not annulled by then)."""
    result: npt.NDArray[np.bool_] = ev.g_annulled_from > hi
    return result


def candidates(ev: Event, hi: int) -> IntArray:
    """Roster indices ranked in the snapshot after round `hi`: a withdrawal the policy takes out
    of the ranking only takes effect from its round on."""
    not_yet = (ev.withdrawal_from > 0) & (ev.withdrawal_from > hi)
    return np.flatnonzero(ev.ranked_ok | not_yet)


def wsum(who: IntArray, weights: npt.NDArray[np.floating] | IntArray, n: int) -> FloatArray:
    """Sum `weights` per index of `who` (a weighted bincount, typed as the float it is)."""
    return np.asarray(
        np.bincount(who, weights=np.asarray(weights, dtype=np.float64), minlength=n),
        dtype=np.float64,
    )


@dataclass(frozen=True, slots=True, eq=False)
class Agg:
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


def aggregate(ev: Event, lo: int, hi: int) -> Agg:
    n, s = len(ev.entrants), ev.seats
    rows = counted(ev, hi) & (ev.g_round >= lo) & (ev.g_round <= hi)
    who = ev.g_player[rows].ravel()
    ok = who >= 0
    who = who[ok]

    def per_player(values: npt.NDArray[np.float64] | IntArray) -> FloatArray:
        return wsum(who, values[rows].ravel()[ok], n)

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
    return Agg(
        points=per_player(ev.g_points),
        games=np.bincount(who, minlength=n).astype(np.int64),
        place_counts=counts.astype(np.int64),
        place_sum=wsum(who, places, n),
        raw=per_player(ev.g_raw),
        best=best,
        worst=worst,
        chombo=per_player(ev.g_chombo),
        penalties=wsum(ev.p_player[pmask], ev.p_amount[pmask], n),
        byes=np.bincount(ev.b_player[bmask], minlength=n).astype(np.int64),
    )


def bye_points(ev: Event, agg: Agg) -> FloatArray:
    cfg = ev.config
    if cfg.bye is Bye.ZERO:
        return np.zeros(len(agg.byes))
    if cfg.bye is Bye.FIXED:
        return np.asarray(agg.byes * float(cfg.bye_points), dtype=np.float64)
    average = np.where(agg.games > 0, agg.points / np.maximum(agg.games, 1), 0.0)
    return np.asarray(agg.byes * average, dtype=np.float64)


def totals(ev: Event, agg: Agg) -> FloatArray:
    result: FloatArray = agg.points + bye_points(ev, agg) - agg.penalties
    return result


def rank_input(ev: Event, agg: Agg, total: FloatArray, hi: int) -> RankInput:
    rows = counted(ev, hi) & (ev.g_round <= hi)
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


def ingest_games(
    ev: Event, games: Sequence[PlayedGame]
) -> tuple[IntArray, FloatArray, FloatArray, FloatArray, IntArray, FloatArray]:
    """(player index, points, total, final, place, chombo) of `games`, one row per game, one
    column per seat, for games of `ev.seats` seats."""
    rows = [game_row(g, ev.entrants, ev.index, ev.config, ev.subs, ev.seats) for g in games]
    who, pts, tot, raw, place, chombo = zip(*rows, strict=True)
    return (
        np.array(who, dtype=np.int64),
        np.array(pts, dtype=np.float64),
        np.array(tot, dtype=np.float64),
        np.array(raw, dtype=np.float64),
        np.array(place, dtype=np.int64),
        np.array(chombo, dtype=np.float64),
    )

"""Team standings: team totals (every member, or the best N per round) ranked by their own chain."""

from __future__ import annotations

import numpy as np

from mjevent.core.standings.config import TeamMode
from mjevent.core.standings.ingest import Event, aggregate, bye_points, counted, wsum
from mjevent.core.standings.model import Status, TeamRow
from mjevent.core.standings.tiebreaks import Ranking, RankInput, rank

__all__ = ["team_rows"]

# --- Teams -------------------------------------------------------------------------------------


def team_rows(ev: Event, hi: int) -> tuple[TeamRow, ...]:
    if not ev.team_names:
        return ()
    current = team_snapshot(ev, hi)
    previous = team_snapshot(ev, hi - 1) if hi >= 2 else None
    before: dict[int, int] = {}
    if previous is not None:
        before = {int(t): previous[1].place[k] for k, t in enumerate(previous[1].order)}
    inp, ranking, extra = current
    labels = ranking.labels
    # Members are the team's own players; a substitute's seat counts for the team all the same.
    roster_of: dict[int, tuple[str, ...]] = {}
    for e, t in zip(ev.entrants, ev.team_index_of, strict=True):
        if e.status is not Status.SUBSTITUTE:
            roster_of[t] = (*roster_of.get(t, ()), e.id)
    out = []
    for k, t in enumerate(ranking.order):
        ti = int(t)
        members = roster_of.get(ti, ())
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


def team_snapshot(ev: Event, hi: int) -> tuple[RankInput, Ranking, dict[int, tuple[int, float]]]:
    cfg = ev.config.teams
    n = len(ev.team_names)
    rows = counted(ev, hi) & (ev.g_round <= hi)
    team = ev.g_team[rows].ravel()
    ok = team >= 0
    team = team[ok]
    pts = ev.g_points[rows].ravel()[ok]
    raw = ev.g_raw[rows].ravel()[ok]
    place = ev.g_place[rows].ravel()[ok]
    agg = aggregate(ev, 1, hi)
    member_team = ev.team_of
    has = member_team >= 0
    penalties = wsum(member_team[has], agg.penalties[has], n)
    byes = wsum(member_team[has], bye_points(ev, agg)[has], n)
    if cfg.mode is TeamMode.ALL:
        total = wsum(team, pts, n) + byes - penalties
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
        raw_sum=wsum(team, raw, n),
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

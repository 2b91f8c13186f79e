"""The tiebreak chain: rank players (or teams) by an ordered list of named criteria.

Ranking starts with every candidate in one group. Each criterion of the chain splits every group
that is still level into smaller groups, best first; a criterion that concerns only the tied
players (head-to-head, direct encounter) is computed inside each group. `shared` fixes the places:
players still level there share one place ("2-3"), and the criteria after it only order the rows
inside the shared place. When the chain runs out, players still level share their place too.

The chess criteria work on the pairwise results at each table: against every other seat a player
scores 1 for finishing above, 1/2 for the same place and 0 below (a two-seat game is exactly a
chess game). A player's *match score* is that summed over their games; Sonneborn-Berger, Koya and
Buchholz are built on it as FIDE C.07 defines them for chess.

>>> import numpy as np
>>> inp = RankInput(
...     ids=("a", "b", "c"), names=("Ann", "Bob", "Cy"),
...     total=np.array([10.0, 10.0, 5.0]), raw_sum=np.array([90.0, 95.0, 80.0]),
...     firsts=np.zeros(3), best_game=np.zeros(3), avg_place=np.full(3, 2.0),
...     game_players=np.zeros((0, 4), dtype=np.int64), game_points=np.zeros((0, 4)),
...     game_places=np.zeros((0, 4), dtype=np.int64), games=np.ones(3, dtype=np.int64))
>>> r = rank(inp, np.arange(3), (Criterion.TOTAL, Criterion.SHARED))
>>> [inp.ids[i] for i in r.order], r.labels
(['a', 'b', 'c'], ('1-2', '1-2', '3'))
>>> r = rank(inp, np.arange(3), (Criterion.TOTAL, Criterion.RAW_SUM))
>>> [inp.ids[i] for i in r.order], r.labels, [d and d.value for d in r.decided_by]
(['b', 'a', 'c'], ('1', '2', '3'), ['raw_sum', 'raw_sum', 'total'])
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from mjevent.core.i18n import _
from mjevent.core.seating.draw import seed_integer
from mjevent.core.standings.config import Criterion

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]


@functools.lru_cache(maxsize=1 << 16)
def lot_key(seed: str, player: str) -> int:
    """The number `player` draws in the event's drawing of lots; the lower number ranks higher.

    The draw is reproducible by anyone holding the seed text the director published before the
    event: SHA-256 of the UTF-8 text `seed + "\\n" + player id`, read as a big-endian integer,
    seeds numpy's PCG64 (through its SeedSequence); the first raw 64-bit output, shifted right by
    one bit, is the number. Only the bit generator is used (not `Generator.integers`), because
    numpy keeps raw bit-generator streams stable across versions. Each player's number depends
    only on the seed and their own id, so a late entry or a withdrawal never changes anyone
    else's draw.

    >>> lot_key("Open 2026, published 1 March", "p01")
    4381726398485655581
    """
    # The same text-to-integer step as the seating draw, so one derivation is documented.
    bits = np.random.PCG64(seed_integer(f"{seed}\n{player}"))
    return int(bits.random_raw()) >> 1


@dataclass(frozen=True, slots=True, eq=False)
class RankInput:
    """What the criteria read, one entry per roster index (arrays of the roster's length).

    `game_*` hold the counted games, one row per game and one column per seat; a seat that ranks
    nobody (an unranked substitute, an empty sanma fourth column) has player index -1.
    """

    ids: tuple[str, ...]
    names: tuple[str, ...]
    total: FloatArray
    raw_sum: FloatArray
    firsts: FloatArray
    best_game: FloatArray
    avg_place: FloatArray
    game_players: IntArray
    game_points: FloatArray
    game_places: IntArray
    games: IntArray
    seed: str = ""
    notes: list[str] = field(default_factory=list)
    _cache: dict[str, FloatArray] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Ranking:
    """The order of the candidates, best first, with each one's place.

    `place[i]` and `place_end[i]` are the first and last place of the group `order[i]` shares
    (equal when alone); `decided_by[i]` is the criterion that last separated `order[i]` from a
    player who was level with it, `None` while it still shares its place.
    """

    order: IntArray
    place: tuple[int, ...]
    place_end: tuple[int, ...]
    decided_by: tuple[Criterion | None, ...]

    @property
    def labels(self) -> tuple[str, ...]:
        """Place labels as standings print them: "3", or "2-3" for a shared place."""
        return tuple(
            str(a) if a == b else f"{a}-{b}"
            for a, b in zip(self.place, self.place_end, strict=True)
        )


# Criteria read only inside a tied group: they depend on who else is tied (head-to-head, direct
# encounter), or are too dear to compute for players nobody is level with (lots hash per player).
_GROUPWISE = frozenset({Criterion.HEAD_TO_HEAD, Criterion.DIRECT_ENCOUNTER, Criterion.LOTS})


def rank(inp: RankInput, candidates: IntArray, chain: Sequence[Criterion]) -> Ranking:
    """Order `candidates` (roster indices) by `chain`; see the module docstring.

    The candidates are kept as one array in rank order with a group number per position (the
    groups are contiguous and numbered in order), so each criterion is one stable sort by
    (group, key) over everyone: a thousand players rank in well under a millisecond.
    """
    order = np.asarray(candidates, dtype=np.int64)
    n = len(order)
    gid = np.zeros(n, dtype=np.int64)
    decided = np.full(n, -1, dtype=np.int64)
    place_gid: IntArray | None = None
    for ci, criterion in enumerate(chain):
        if criterion is Criterion.SHARED:
            place_gid = gid.copy()
            continue
        if n == 0 or gid[-1] == n - 1:
            break
        if criterion in _GROUPWISE:
            key = _groupwise(inp, criterion, order, gid)
        else:
            key = _key(inp, criterion, order)
        perm = np.lexsort((-key, gid))
        order, key, decided = order[perm], key[perm], decided[perm]
        change = np.ones(n, dtype=bool)
        change[1:] = (gid[1:] != gid[:-1]) | (key[1:] != key[:-1])
        if place_gid is None:
            parts = np.bincount(gid, weights=change.astype(np.float64))
            decided[parts[gid] > 1] = ci
        gid = np.cumsum(change) - 1
    # Rows still level at the end of the chain are shown by name, then id, for a stable print.
    for lo, hi in _tied_segments(gid):
        order[lo:hi] = sorted(order[lo:hi].tolist(), key=lambda i: (inp.names[i].casefold(), i))
    groups = gid if place_gid is None else place_gid
    positions = np.arange(n, dtype=np.int64)
    first = np.full(n, n, dtype=np.int64)
    last = np.zeros(n, dtype=np.int64)
    np.minimum.at(first, groups, positions)
    np.maximum.at(last, groups, positions)
    place = first[groups] + 1
    place_end = last[groups] + 1
    return Ranking(
        order=order,
        place=tuple(place.tolist()),
        place_end=tuple(place_end.tolist()),
        decided_by=tuple(
            chain[d] if d >= 0 and a == b else None
            for d, a, b in zip(decided.tolist(), place.tolist(), place_end.tolist(), strict=True)
        ),
    )


def _tied_segments(gid: IntArray) -> list[tuple[int, int]]:
    """(start, end) of every group of more than one position in a contiguous group numbering."""
    if not len(gid):
        return []
    starts = np.flatnonzero(np.r_[True, gid[1:] != gid[:-1]])
    ends = np.r_[starts[1:], len(gid)]
    big = (ends - starts) > 1
    return list(zip(starts[big].tolist(), ends[big].tolist(), strict=True))


def _key(inp: RankInput, criterion: Criterion, group: IntArray) -> FloatArray:
    simple: dict[Criterion, Callable[[], FloatArray]] = {
        Criterion.TOTAL: lambda: inp.total[group],
        Criterion.RAW_SUM: lambda: inp.raw_sum[group],
        Criterion.FIRSTS: lambda: inp.firsts[group],
        Criterion.BEST_GAME: lambda: inp.best_game[group],
        Criterion.AVG_PLACE: lambda: -inp.avg_place[group],
        Criterion.GAMES: lambda: inp.games[group].astype(np.float64),
        Criterion.SONNEBORN_BERGER: lambda: _chess(inp)["sb"][group],
        Criterion.KOYA: lambda: _chess(inp)["koya"][group],
        Criterion.BUCHHOLZ: lambda: _buchholz(inp)[group],
    }
    return np.asarray(simple[criterion](), dtype=np.float64)


def _groupwise(inp: RankInput, criterion: Criterion, order: IntArray, gid: IntArray) -> FloatArray:
    """The key of a criterion read among tied players only, for every tied group at once.

    `order` holds roster indices in rank order and `gid` their group numbers; players alone in
    their group get 0 (their key is never compared with anyone's)."""
    sizes = np.bincount(gid)
    tied = sizes[gid] > 1
    if criterion is Criterion.LOTS:
        # Ranks of the drawn numbers, not the numbers: 63-bit draws do not fit a float exactly.
        # Ranking all tied players together keeps the order inside every group.
        key = np.zeros(len(order))
        positions = np.flatnonzero(tied)
        draws = np.array([lot_key(inp.seed, inp.ids[i]) for i in order[positions]], np.int64)
        ranks = np.empty(len(positions), dtype=np.float64)
        ranks[np.argsort(draws, kind="stable")] = np.arange(len(positions), dtype=np.float64)
        key[positions] = -ranks
        return key
    group_of = np.full(len(inp.ids), -1, dtype=np.int64)
    group_of[order[tied]] = gid[tied]
    if criterion is Criterion.HEAD_TO_HEAD:
        values = _head_to_head(inp, group_of)
    else:
        values = _direct_encounter(inp, group_of, sizes)
    return np.asarray(values[order], dtype=np.float64)


def _seat_pairs(inp: RankInput, group_of: IntArray) -> list[tuple[int, int, npt.NDArray[np.bool_]]]:
    """(seat a, seat b, games where both seats hold players of the same tied group)."""
    players = inp.game_players
    valid = players >= 0
    group = np.where(valid, group_of[np.where(valid, players, 0)], -1)
    seats = players.shape[1]
    out = []
    for a in range(seats):
        for b in range(seats):
            if a != b:
                same = (group[:, a] >= 0) & (group[:, a] == group[:, b])
                if same.any():
                    out.append((a, b, same))
    return out


def _head_to_head(inp: RankInput, group_of: IntArray) -> FloatArray:
    """Per player: at every table shared with players tied with them, their points less each
    such player's points, summed (0 for players who never met a tied player)."""
    out = np.zeros(len(inp.ids))
    players, pts = inp.game_players, inp.game_points
    for a, b, same in _seat_pairs(inp, group_of):
        np.add.at(out, players[same, a], pts[same, a] - pts[same, b])
    return out


def _direct_encounter(inp: RankInput, group_of: IntArray, sizes: IntArray) -> FloatArray:
    """Per player: the match score against the players tied with them, or 0 for everyone in a
    group whose members have not all met (FIDE: direct encounter needs all of them to have met)."""
    n = len(inp.ids)
    out = np.zeros(n)
    players, places = inp.game_players, inp.game_places
    met: list[IntArray] = []
    for a, b, same in _seat_pairs(inp, group_of):
        pa, pb = places[same, a], places[same, b]
        np.add.at(out, players[same, a], (pa < pb) + 0.5 * (pa == pb))
        lo = np.minimum(players[same, a], players[same, b])
        hi = np.maximum(players[same, a], players[same, b])
        met.append(lo * n + hi)
    pairs = np.unique(np.concatenate(met)) if met else np.zeros(0, dtype=np.int64)
    met_count = np.bincount(group_of[pairs // n], minlength=len(sizes))
    complete = met_count >= sizes * (sizes - 1) // 2
    ok = (group_of >= 0) & complete[np.maximum(group_of, 0)]
    result: FloatArray = np.where(ok, out, 0.0)
    return result


def _pairwise(inp: RankInput) -> FloatArray:
    """Per game, `s[g, i, j]`: seat i's result against seat j (1, 1/2 or 0; 0 for empty seats)."""
    places = inp.game_places
    above = (places[:, :, None] < places[:, None, :]).astype(np.float64)
    level = (places[:, :, None] == places[:, None, :]).astype(np.float64)
    seats = places.shape[1]
    level[:, np.arange(seats), np.arange(seats)] = 0.0
    s = above + 0.5 * level
    valid = (inp.game_players >= 0).astype(np.float64)
    result: FloatArray = s * valid[:, :, None] * valid[:, None, :]
    return result


def _chess(inp: RankInput) -> dict[str, FloatArray]:
    if "sb" in inp._cache:
        return inp._cache
    n = len(inp.ids)
    s = _pairwise(inp)
    players = inp.game_players
    valid = players >= 0
    match = np.zeros(n)
    np.add.at(match, players[valid], s.sum(axis=2)[valid])
    # The opponents' final match scores, seat by seat; empty seats point at nothing.
    opp_match = np.where(valid, match[np.where(valid, players, 0)], 0.0)
    sb_per_seat = (s * opp_match[:, None, :]).sum(axis=2)
    # What each player could have taken: one point per opponent at each of their tables.
    opponents = np.repeat(valid.sum(axis=1, keepdims=True) - 1, players.shape[1], axis=1)
    possible = np.zeros(n)
    np.add.at(possible, players[valid], opponents[valid].astype(np.float64))
    strong = match >= 0.5 * possible
    opp_strong = np.where(valid, strong[np.where(valid, players, 0)], False)
    koya_per_seat = (s * opp_strong[:, None, :]).sum(axis=2)
    buch_per_seat = opp_match.sum(axis=1, keepdims=True) - opp_match
    sb, koya, buch = np.zeros(n), np.zeros(n), np.zeros(n)
    np.add.at(sb, players[valid], sb_per_seat[valid])
    np.add.at(koya, players[valid], koya_per_seat[valid])
    np.add.at(buch, players[valid], buch_per_seat[valid])
    inp._cache.update({"match": match, "sb": sb, "koya": koya, "buchholz": buch})
    return inp._cache


def match_scores(inp: RankInput) -> FloatArray:
    """Every player's match score (1 per opponent finished above, 1/2 per equal place)."""
    return _chess(inp)["match"]


def _complete_round_robin(inp: RankInput) -> bool:
    players = inp.game_players
    active = np.flatnonzero(inp.games > 0)
    if len(active) < 2:
        return False
    index = np.full(len(inp.ids), -1, dtype=np.int64)
    index[active] = np.arange(len(active))
    met = np.zeros((len(active), len(active)), dtype=np.int64)
    seats = players.shape[1]
    for a in range(seats):
        for b in range(seats):
            if a == b:
                continue
            ok = (players[:, a] >= 0) & (players[:, b] >= 0)
            np.add.at(met, (index[players[ok, a]], index[players[ok, b]]), 1)
    off = met[~np.eye(len(active), dtype=bool)]
    return bool(off.min() >= 1 and off.min() == off.max())


def _buchholz(inp: RankInput) -> FloatArray:
    if _complete_round_robin(inp):
        note = _(
            "buchholz skipped: in a complete round robin every player's Buchholz is the total "
            "of all match scores less their own, so it cannot separate tied players (FIDE C.07)"
        )
        if note not in inp.notes:
            inp.notes.append(note)
        return np.zeros(len(inp.ids))
    return _chess(inp)["buchholz"]

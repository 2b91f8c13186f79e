"""The seating checker and the quality summary: every number a director or a player can verify.

The checker reads any `Schedule` (ours, the catalogue's, a hand-made one) and reports repeated
pairs, pairs that never met, seat-wind counts judged by the second principle of seed 003 after
every round, table-number repeats (the same table number twice within three consecutive rounds),
and teammates seated together. `Requirements` says which of these must hold; `CheckReport.broken`
lists the requirements that fail, so a command can exit non-zero.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from mjevent.core.i18n import _, ngettext, pgettext
from mjevent.core.seating.balance import table_number_reuses
from mjevent.core.seating.schedule import Schedule

IntArray = npt.NDArray[np.int64]


def meeting_matrix(schedule: Schedule, rounds: int | None = None) -> IntArray:
    """`M[a, b]` = how many times players a and b shared a table in the first `rounds` rounds.

    >>> s = Schedule.build(4, 2, [[[0, 1], [2, 3]], [[1, 0], [2, 3]]])
    >>> meeting_matrix(s).tolist()
    [[0, 2, 0, 0], [2, 0, 0, 0], [0, 0, 0, 2], [0, 0, 2, 0]]
    """
    n = schedule.players
    m = np.zeros((n, n), dtype=np.int64)
    for rnd in schedule.rounds[: rounds if rounds is not None else len(schedule.rounds)]:
        if not rnd:
            continue
        tables = np.asarray(rnd, dtype=np.int64)
        a = np.repeat(tables, tables.shape[1], axis=1).ravel()
        b = np.tile(tables, (1, tables.shape[1])).ravel()
        np.add.at(m, (a, b), 1)
    np.fill_diagonal(m, 0)
    return m


def two_step(met: npt.NDArray[np.bool_]) -> npt.NDArray[np.bool_]:
    """`S[a, b]` = some player c met both a and b (`met[a, c]` and `met[c, b]`).

    The same as `(met @ met) > 0`, without the n x n x n product (2.2 s of int64 at 1,000
    players, 14 s at 1,500): each player's row of opponents, packed eight to a byte, is OR-ed
    into the rows of that player's opponents. The work is one packed row per meeting, so it
    grows with the tables played (pairs met x n / 8 bytes), not with n^3.

    >>> met = np.array([[0, 1, 0, 0], [1, 0, 1, 0], [0, 1, 0, 1], [0, 0, 1, 0]], dtype=bool)
    >>> two_step(met).astype(int).tolist()
    [[1, 0, 1, 0], [0, 1, 0, 1], [1, 0, 1, 0], [0, 1, 0, 1]]
    """
    n = met.shape[0]
    packed = np.packbits(met, axis=1)
    reach = np.zeros_like(packed)
    for c in range(n):
        opponents = np.flatnonzero(met[c])
        if opponents.size:
            # Distinct rows, so the fancy-indexed OR is exact.
            reach[opponents] |= packed[c]
    return np.unpackbits(reach, axis=1, count=n).astype(bool)


def repeat_free_rounds(schedule: Schedule) -> int:
    """How many leading rounds run before any pair meets a second time.

    >>> s = Schedule.build(4, 2, [[[0, 1], [2, 3]], [[0, 2], [1, 3]], [[0, 1], [2, 3]]])
    >>> repeat_free_rounds(s)
    2
    """
    n = schedule.players
    met = np.zeros((n, n), dtype=bool)
    for r, rnd in enumerate(schedule.rounds):
        for table in rnd:
            idx = np.asarray(table)
            block = met[np.ix_(idx, idx)]
            if block.any():
                return r
        for table in rnd:
            idx = np.asarray(table)
            met[np.ix_(idx, idx)] = True
            met[idx, idx] = False
    return len(schedule.rounds)


def wind_counts_after_each_round(schedule: Schedule) -> npt.NDArray[np.int64]:
    """`W[r, p, s]` = times player p sat in seat s (0 = East) over rounds 0..r."""
    k = schedule.table_size
    w = np.zeros((len(schedule.rounds), schedule.players, k), dtype=np.int64)
    running = np.zeros((schedule.players, k), dtype=np.int64)
    for r, rnd in enumerate(schedule.rounds):
        for table in rnd:
            for s, p in enumerate(table):
                running[p, s] += 1
        w[r] = running
    return w


def wind_counts_acceptable(counts: tuple[int, ...] | list[int]) -> bool:
    """Seed 003's second principle for one player's seat counts after G games.

    When G is not a multiple of the seat count, the counts may differ by at most one. When it
    is, they are either all equal or exactly one seat is one over and one is one under (2110
    after four games; never 2200).

    >>> [wind_counts_acceptable(c) for c in ([1, 1, 1, 0], [2, 1, 1, 0], [2, 2, 0, 0])]
    [True, True, False]
    >>> [wind_counts_acceptable(c) for c in ([2, 1, 1, 1], [3, 1, 1, 0])]
    [True, False]
    """
    ordered = sorted(counts)
    k = len(ordered)
    games = sum(ordered)
    if ordered[-1] - ordered[0] <= 1:
        return True
    if games % k != 0 or ordered[-1] - ordered[0] != 2:
        return False
    q = games // k
    return ordered[0] == q - 1 and ordered[-1] == q + 1 and all(c == q for c in ordered[1:-1])


def even_example(seats: int) -> str:
    """The counts `wind_counts_acceptable` allows after every `seats` games though they look
    uneven (one wind once over, one once under), as a director would write them.

    >>> even_example(4), even_example(3)
    ('2-1-1-0', '2-1-0')
    """
    return "-".join(["2", *["1"] * (seats - 2), "0"])


@dataclass(frozen=True)
class Requirements:
    """Which rules a seating must satisfy for the checker to pass it.

    Teams are always required to stay apart when the schedule names them.
    """

    no_repeats: bool = False
    wind_balance: bool = False
    table_rotation: bool = False
    min_repeat_free_rounds: int = 0


@dataclass(frozen=True)
class QualitySummary:
    """One number per quality, comparable across sources (lower is better except `pairs_met`).

    - `repeats`: extra meetings, the sum over pairs of (times met - 1) when they met twice or more;
    - `indirect`: pairs that never shared a table but share an opponent (they met "through"
      someone; a large number with few direct meetings means players were kept in pods);
    - `wind_violations`: player-rounds breaking seed 003's second principle;
    - `wind_spread`: the largest (most - fewest) seat count of any player after the last round;
    - `table_repeats`: player-rounds at a table number the player used in one of the two
      previous rounds.
    """

    rounds: int
    repeat_free_rounds: int
    repeats: int
    pairs_met: int
    indirect: int
    wind_violations: int
    wind_spread: int
    table_repeats: int
    team_violations: int

    def line(self) -> str:
        """A one-line summary for stderr and benchmarks."""
        return _(
            "{repeat_free}/{rounds} rounds repeat-free; repeats {repeats}; indirect {indirect}; "
            "wind violations {wind_violations} (spread {wind_spread}); table repeats "
            "{table_repeats}; team violations {team_violations}"
        ).format(
            repeat_free=self.repeat_free_rounds,
            rounds=self.rounds,
            repeats=self.repeats,
            indirect=self.indirect,
            wind_violations=self.wind_violations,
            wind_spread=self.wind_spread,
            table_repeats=self.table_repeats,
            team_violations=self.team_violations,
        )


@dataclass(frozen=True)
class CheckReport:
    """Everything the checker found; `broken` names each failed requirement."""

    summary: QualitySummary
    repeated_pairs: int
    worst_pair: tuple[int, int, int] | None
    pairs_never_met: int
    wind_counts: tuple[tuple[int, ...], ...]
    player_wind_spread: tuple[int, ...]
    worst_wind_round: tuple[int, int] | None
    worst_table_repeat: tuple[int, int, int] | None
    team_violation_examples: tuple[tuple[int, int, int], ...]
    broken: tuple[str, ...]

    @property
    def ok(self) -> bool:
        """True when every requested requirement holds."""
        return not self.broken

    def lines(self) -> list[str]:
        """The human-readable report, players numbered from 1."""
        s = self.summary
        if self.worst_pair:
            a, b, times = self.worst_pair
            repeats = _(
                "repeated pairs: {pairs} (extra meetings {extra}), worst: players {a} and {b} "
                "met {times} times"
            ).format(pairs=self.repeated_pairs, extra=s.repeats, a=a + 1, b=b + 1, times=times)
        else:
            repeats = _("repeated pairs: {pairs} (extra meetings {extra})").format(
                pairs=self.repeated_pairs, extra=s.repeats
            )
        if self.worst_wind_round:
            wind = ngettext(
                "wind spread: max {spread} after the last round; {violations} time a player "
                "had sat one wind too often (first: player {player} after round {round})",
                "wind spread: max {spread} after the last round; {violations} times a player "
                "had sat one wind too often (first: player {player} after round {round})",
                s.wind_violations,
            ).format(
                spread=s.wind_spread,
                violations=s.wind_violations,
                player=self.worst_wind_round[1] + 1,
                round=self.worst_wind_round[0] + 1,
            )
        else:
            wind = _(
                "wind spread: max {spread} after the last round; every player's winds even"
            ).format(spread=s.wind_spread)
        if self.worst_table_repeat:
            player, rnd, table = self.worst_table_repeat
            tables = _(
                "table-number repeats within 3 rounds: {repeats} (first: player {player} at "
                "table {table} in round {round})"
            ).format(repeats=s.table_repeats, player=player + 1, table=table + 1, round=rnd + 1)
        else:
            tables = table_repeats_line(s.table_repeats)
        teams = _("team violations: {violations}").format(violations=s.team_violations)
        teams += "".join(
            _("; round {round}: players {a} and {b}").format(round=r + 1, a=a + 1, b=b + 1)
            for r, a, b in self.team_violation_examples
        )
        out = [
            _("rounds: {rounds}, repeat-free: {repeat_free}").format(
                rounds=s.rounds, repeat_free=s.repeat_free_rounds
            ),
            repeats,
            never_met_line(self.pairs_never_met, s.indirect),
            wind,
            tables,
            teams,
        ]
        out.extend(pgettext("seating", "BROKEN: {rule}").format(rule=b) for b in self.broken)
        return out


def never_met_line(never: int, indirect: int) -> str:
    """`pairs never met: 12 (indirect only: 3)`, for every report that counts them."""
    return _("pairs never met: {never} (indirect only: {indirect})").format(
        never=never, indirect=indirect
    )


def table_repeats_line(repeats: int) -> str:
    """`table-number repeats within 3 rounds: 2`, for every report that counts them."""
    return _("table-number repeats within 3 rounds: {repeats}").format(repeats=repeats)


def check(schedule: Schedule, requirements: Requirements | None = None) -> CheckReport:
    """Check a schedule; see `Requirements` for what can be demanded.

    >>> s = Schedule.build(4, 2, [[[0, 1], [2, 3]], [[0, 2], [1, 3]], [[0, 1], [2, 3]]])
    >>> r = check(s, Requirements(no_repeats=True))
    >>> r.summary.repeat_free_rounds, r.repeated_pairs, r.worst_pair, r.broken
    (2, 2, (0, 1, 2), ('no_repeats: 2 pairs meet more than once',))
    """
    req = requirements or Requirements()
    n = schedule.players
    meet = meeting_matrix(schedule)
    team_of = np.full(n, -1, dtype=np.int64)
    for i, team in enumerate(schedule.teams):
        team_of[list(team)] = i
    same_team = (team_of[:, None] == team_of[None, :]) & (team_of[:, None] >= 0)
    upper = np.triu(np.ones((n, n), dtype=bool), 1)

    extra = np.maximum(meet - 1, 0)
    repeated_pairs = int(((meet > 1) & upper).sum())
    repeats = int((extra * upper).sum())
    worst_pair: tuple[int, int, int] | None = None
    if repeated_pairs:
        flat = int(np.argmax(np.where(upper, meet, -1)))
        a, b = divmod(flat, n)
        worst_pair = (a, b, int(meet[a, b]))
    allowed = upper & ~same_team
    met = meet > 0
    pairs_met = int((met & upper).sum())
    never = allowed & ~met
    pairs_never_met = int(never.sum())
    indirect = int((never & two_step(met)).sum())

    # Winds are judged per player after every round that player played.
    wind_violations = 0
    worst_wind: tuple[int, int] | None = None
    counts = np.zeros((n, schedule.table_size), dtype=np.int64)
    for r, rnd in enumerate(schedule.rounds):
        for table in rnd:
            for seat, p in enumerate(table):
                counts[p, seat] += 1
        for table in rnd:
            for p in table:
                if not wind_counts_acceptable(counts[p].tolist()):
                    wind_violations += 1
                    if worst_wind is None:
                        worst_wind = (r, p)
    spreads = counts.max(axis=1) - counts.min(axis=1)

    reuses = list(table_number_reuses(schedule.rounds))
    table_repeats = len(reuses)
    worst_table = reuses[0] if reuses else None

    team_examples: list[tuple[int, int, int]] = []
    team_violations = 0
    if schedule.teams:
        for r, rnd in enumerate(schedule.rounds):
            for table in rnd:
                for i, a in enumerate(table):
                    for b in table[i + 1 :]:
                        if same_team[a, b]:
                            team_violations += 1
                            if len(team_examples) < 3:
                                team_examples.append((r, min(a, b), max(a, b)))

    rf = repeat_free_rounds(schedule)
    summary = QualitySummary(
        rounds=len(schedule.rounds),
        repeat_free_rounds=rf,
        repeats=repeats,
        pairs_met=pairs_met,
        indirect=indirect,
        wind_violations=wind_violations,
        wind_spread=int(spreads.max()) if n else 0,
        table_repeats=table_repeats,
        team_violations=team_violations,
    )
    broken: list[str] = []
    if req.no_repeats and repeated_pairs:
        broken.append(
            _("no_repeats: {pairs} pairs meet more than once").format(pairs=repeated_pairs)
        )
    if req.min_repeat_free_rounds and rf < req.min_repeat_free_rounds:
        broken.append(
            _(
                "min_repeat_free_rounds: only {found} repeat-free rounds, {required} required"
            ).format(found=rf, required=req.min_repeat_free_rounds)
        )
    if req.wind_balance and wind_violations:
        broken.append(
            ngettext(
                "wind_balance: {violations} time a player had sat one wind too often (wind "
                "counts more than 1 apart, beyond {example} after every {games} games)",
                "wind_balance: {violations} times a player had sat one wind too often (wind "
                "counts more than 1 apart, beyond {example} after every {games} games)",
                wind_violations,
            ).format(
                violations=wind_violations,
                example=even_example(schedule.table_size),
                games=schedule.table_size,
            )
        )
    if req.table_rotation and table_repeats:
        broken.append(
            _(
                "table_rotation: {repeats} player-rounds reuse a table number within 3 rounds"
            ).format(repeats=table_repeats)
        )
    if team_violations:
        broken.append(
            _("teams: {violations} teammate pairs share a table").format(
                violations=team_violations
            )
        )
    return CheckReport(
        summary=summary,
        repeated_pairs=repeated_pairs,
        worst_pair=worst_pair,
        pairs_never_met=pairs_never_met,
        wind_counts=tuple(tuple(int(c) for c in row) for row in counts),
        player_wind_spread=tuple(int(s) for s in spreads),
        worst_wind_round=worst_wind,
        worst_table_repeat=worst_table,
        team_violation_examples=tuple(team_examples),
        broken=tuple(broken),
    )

"""The `Schedule` value: who sits where in every round, in wind order, with byes and teams.

Players are numbered from 0 inside `core`; the JSON form (`to_json_dict` / `from_json_dict`)
numbers them from 1, as printed seating does. A round is a tuple of tables in table-number
order (table 1 first); a table is a tuple of players in seat order (East, South, West, North;
for one-on-one games, White first).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from mjevent.core.i18n import _

Table = tuple[int, ...]
Round = tuple[Table, ...]


MAX_SCHEDULE_ROUNDS = 999
"""Rounds are numbered 1 to 999 in the event file (`core.entry_reader.NUMBER_LIMITS`)."""
MAX_SCHEDULE_PLAYERS = 10_000
"""Far above any event (tables are numbered up to 999); the checker's work grows with the
square of the players, so a file claiming more is refused before it is checked."""


class ScheduleError(ValueError):
    """A schedule or its JSON form is inconsistent (a player seated twice, a table too small...)."""


@dataclass(frozen=True)
class Schedule:
    """Rounds of tables of seats, plus who sits out, the teams and how many rounds are fixed.

    `rounds[r][t][s]` is the player in seat `s` (0 = East) of table `t` in round `r`;
    `byes[r]` lists who sits out round `r`. `teams` lists groups of players who must never share
    a table. The first `fixed_rounds` rounds were given (already played) and were not changed.
    `source` says where the grouping came from, for the quality summary.

    >>> s = Schedule.build(4, 2, [[[0, 1], [2, 3]], [[0, 2], [1, 3]]])
    >>> s.round_count, s.table_count
    (2, 2)
    >>> s.to_json_dict()["rounds"][1]
    [[1, 3], [2, 4]]
    """

    players: int
    table_size: int
    rounds: tuple[Round, ...]
    byes: tuple[tuple[int, ...], ...]
    teams: tuple[tuple[int, ...], ...] = ()
    fixed_rounds: int = 0
    source: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        if self.players < 1:
            raise ScheduleError(
                _("players={players}: expected at least 1 player").format(players=self.players)
            )
        if self.table_size < 2:
            raise ScheduleError(
                _("table_size={size}: expected at least 2 seats per table").format(
                    size=self.table_size
                )
            )
        if len(self.byes) != len(self.rounds):
            raise ScheduleError(
                _(
                    "{byes} bye lists for {rounds} rounds: give one bye list (possibly empty) "
                    "per round"
                ).format(byes=len(self.byes), rounds=len(self.rounds))
            )
        if len(self.rounds) > MAX_SCHEDULE_ROUNDS:
            raise ScheduleError(
                _(
                    "{rounds} rounds: a seating holds at most {most} (an event's rounds are "
                    "numbered 1 to {most}); check that this is the seating of one event"
                ).format(rounds=len(self.rounds), most=MAX_SCHEDULE_ROUNDS)
            )
        if self.players > MAX_SCHEDULE_PLAYERS:
            raise ScheduleError(
                _("players={players}: a seating holds at most {most} players").format(
                    players=self.players, most=MAX_SCHEDULE_PLAYERS
                )
            )
        if not 0 <= self.fixed_rounds <= len(self.rounds):
            raise ScheduleError(
                _("fixed_rounds={fixed}: expected 0..{rounds}").format(
                    fixed=self.fixed_rounds, rounds=len(self.rounds)
                )
            )
        for r, (tables, bye) in enumerate(zip(self.rounds, self.byes, strict=True)):
            seen: set[int] = set()
            for t, table in enumerate(tables):
                if len(table) != self.table_size:
                    raise ScheduleError(
                        _("round {round} table {table} has {count} players: expected {size}")
                        .format(round=r + 1, table=t + 1, count=len(table), size=self.table_size)
                    )
                for p in table:
                    self._check_player(p, r, seen)
            for p in bye:
                self._check_player(p, r, seen)
        members: set[int] = set()
        for team in self.teams:
            for p in team:
                if not 0 <= p < self.players or p in members:
                    raise ScheduleError(
                        _("team {team}: player {player} is out of range or in two teams").format(
                            team=list(team), player=p
                        )
                    )
                members.add(p)

    def _check_player(self, p: int, r: int, seen: set[int]) -> None:
        if not 0 <= p < self.players:
            raise ScheduleError(
                _("round {round}: player {player} is not in 1..{players}").format(
                    round=r + 1, player=p + 1, players=self.players
                )
            )
        if p in seen:
            raise ScheduleError(
                _("round {round}: player {player} is seated twice").format(
                    round=r + 1, player=p + 1
                )
            )
        seen.add(p)

    @classmethod
    def build(
        cls,
        players: int,
        table_size: int,
        rounds: Iterable[Iterable[Iterable[int]]],
        byes: Iterable[Iterable[int]] | None = None,
        *,
        teams: Iterable[Iterable[int]] = (),
        fixed_rounds: int = 0,
        source: str = "",
    ) -> Schedule:
        """Build from nested lists (0-based players), freezing them into tuples."""
        frozen = tuple(tuple(tuple(int(p) for p in t) for t in rnd) for rnd in rounds)
        bye_t = (
            tuple(() for _ in frozen)
            if byes is None
            else tuple(tuple(int(p) for p in b) for b in byes)
        )
        return cls(
            players,
            table_size,
            frozen,
            bye_t,
            tuple(tuple(int(p) for p in team) for team in teams),
            fixed_rounds,
            source,
        )

    @property
    def round_count(self) -> int:
        """How many rounds the schedule has."""
        return len(self.rounds)

    @property
    def table_count(self) -> int:
        """The largest number of tables used in one round."""
        return max((len(r) for r in self.rounds), default=0)

    def truncated(self, rounds: int) -> Schedule:
        """The first `rounds` rounds (the fixed count is clipped to match)."""
        return Schedule(
            self.players,
            self.table_size,
            self.rounds[:rounds],
            self.byes[:rounds],
            self.teams,
            min(self.fixed_rounds, rounds),
            self.source,
        )

    def relabelled(self, mapping: Sequence[int]) -> Schedule:
        """The same schedule with player `p` renamed `mapping[p]` (a permutation)."""
        if sorted(mapping) != list(range(self.players)):
            raise ScheduleError(
                _("relabelling needs a permutation of 0..{last}, got {mapping}").format(
                    last=self.players - 1, mapping=list(mapping)
                )
            )
        return Schedule(
            self.players,
            self.table_size,
            tuple(tuple(tuple(mapping[p] for p in t) for t in rnd) for rnd in self.rounds),
            tuple(tuple(mapping[p] for p in b) for b in self.byes),
            tuple(tuple(sorted(mapping[p] for p in team)) for team in self.teams),
            self.fixed_rounds,
            self.source,
        )

    def to_json_dict(self) -> dict[str, Any]:
        """The published JSON form: players numbered from 1, seats in wind order.

        `"bye"` (one list per round) appears only when somebody sits out; `"teams"` and
        `"fixed_rounds"` only when set, so a plain schedule is exactly
        `{"players": P, "table_size": K, "rounds": [...]}`.
        """
        out: dict[str, Any] = {
            "players": self.players,
            "table_size": self.table_size,
            "rounds": [[[p + 1 for p in t] for t in rnd] for rnd in self.rounds],
        }
        if any(self.byes):
            out["bye"] = [[p + 1 for p in b] for b in self.byes]
        if self.teams:
            out["teams"] = [[p + 1 for p in team] for team in self.teams]
        if self.fixed_rounds:
            out["fixed_rounds"] = self.fixed_rounds
        return out

    @classmethod
    def from_json_dict(cls, data: Mapping[str, Any]) -> Schedule:
        """Read the JSON form back; raises `ScheduleError` naming the bad field."""
        try:
            players = int(data["players"])
            table_size = int(data["table_size"])
            raw_rounds = data["rounds"]
        except (KeyError, TypeError, ValueError) as exc:
            raise ScheduleError(
                _(
                    "seating JSON needs integer 'players', 'table_size' and a 'rounds' list "
                    "({detail})"
                ).format(detail=exc)
            ) from exc
        try:
            rounds = [[[int(p) - 1 for p in t] for t in rnd] for rnd in raw_rounds]
            byes_raw = data.get("bye")
            byes = (
                None
                if byes_raw is None
                else [[int(p) - 1 for p in b] for b in byes_raw]
            )
            teams = [[int(p) - 1 for p in team] for team in data.get("teams", [])]
            fixed = int(data.get("fixed_rounds", 0))
        except (TypeError, ValueError) as exc:
            raise ScheduleError(
                _(
                    "seating JSON: 'rounds', 'bye' and 'teams' must be lists of lists of player "
                    "numbers ({detail})"
                ).format(detail=exc)
            ) from exc
        if byes is not None and len(byes) != len(rounds):
            raise ScheduleError(
                _("seating JSON has {byes} 'bye' lists for {rounds} rounds: give one per round")
                .format(byes=len(byes), rounds=len(rounds))
            )
        return cls.build(players, table_size, rounds, byes, teams=teams, fixed_rounds=fixed)


def consecutive_teams(players: int, *, teams: int | None = None, team_size: int | None = None
                      ) -> tuple[tuple[int, ...], ...]:
    """Teams of consecutive numbers, the catalogue's convention.

    `teams=N` splits players into N equal teams (players 1-10 team A, 11-20 team B...);
    `team_size=S` makes teams of S consecutive players (pairs, trios).

    >>> consecutive_teams(8, teams=2)
    ((0, 1, 2, 3), (4, 5, 6, 7))
    >>> consecutive_teams(6, team_size=3)
    ((0, 1, 2), (3, 4, 5))
    """
    if (teams is None) == (team_size is None):
        raise ScheduleError(_("give exactly one of teams=N or team_size=S"))
    if teams is not None:
        if teams < 1 or players % teams:
            raise ScheduleError(
                _(
                    "{players} players cannot be split into {teams} equal teams: choose a team "
                    "count that divides {players}"
                ).format(players=players, teams=teams)
            )
        size = players // teams
    else:
        assert team_size is not None
        size = team_size
        if size < 1 or players % size:
            raise ScheduleError(
                _(
                    "{players} players cannot be split into teams of {size}: choose a team size "
                    "that divides {players}"
                ).format(players=players, size=size)
            )
    return tuple(tuple(range(i, i + size)) for i in range(0, players, size))

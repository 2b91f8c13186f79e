"""Seating an event: from player ids to schedule numbers and back, and what the log records.

The engine (`generate`, the library, the checker) works on anonymous players 0..P-1. An event
has player ids. This module joins the two:

- the **roster** is the list of ids in a fixed order (the event's active players in file
  order; team by team when teams are kept apart) with the sizes of its leading team groups;
- the **draw** (`draw.draw_permutation` on the seed text) gives roster player `i` the schedule
  number `perm[i]`; with teams of one size the team form of the draw keeps each team on
  consecutive numbers, which is what the team constructions need;
- a `Plan` is the seating as tables of ids plus the `method` and `params` a `seating_set`
  entry records: with them, `redo` makes the same rounds again, bit for bit, from the event
  file alone (`mjevent seating verify`).

Parameters recorded (all plain text or numbers, so they fit the entry's `params` table):
`roster` (ids separated by spaces, in roster order), `team_sizes` (sizes of the leading team
groups, or absent), `table_size`, `rounds`, `seed_text`, `generator` (`GENERATOR`: the engine
revision that made it), `source` (the route the generator took, for information), and per
method: `block` (library), `sha256`, `format`, `file` (imported), `from_round` (regenerated),
`standings` (ranked and Swiss rounds: the ids in standings order used), `brackets` and `stage`
(a stage: the cut's brackets, ids separated by spaces, brackets by `|`), `accepted_repeats`
(pairs `a+b` the director accepted meeting again, separated by spaces).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import permutations
from typing import TypeVar

from mjevent.core.i18n import _, ngettext
from mjevent.core.seating.balance import assign_table_numbers, assign_winds
from mjevent.core.seating.draw import draw_permutation
from mjevent.core.seating.generate import GenerateSettings, generate
from mjevent.core.seating.library import load_block
from mjevent.core.seating.schedule import Schedule, ScheduleError
from mjevent.core.seating.search import SearchSettings, search

__all__ = [
    "GENERATOR",
    "Plan",
    "Roster",
    "Tables",
    "draw",
    "event_schedule",
    "generated_plan",
    "imported_plan",
    "library_plan",
    "new_repeats",
    "pair_counts",
    "polish_winds",
    "ranked_plan",
    "redo",
    "regenerated_plan",
    "rotate_byes",
    "stage_plan",
    "swap_in_round",
]

PlayerId = str
Tables = tuple[tuple[PlayerId, ...], ...]
Param = str | int | float | bool
P = TypeVar("P", str, int)

GENERATOR = "mjevent-seating-2"
"""Names the generator's behaviour. Raise it when `generate` or `search` would make different
rounds for the same request, so `verify` can say why an old entry no longer recomputes.
2: a re-seat keeps the byes of the plan it replaces (`regenerated_plan`)."""


@dataclass(frozen=True)
class Roster:
    """Player ids in roster order; the first `team_sizes[0]` form a team, then the next ...

    >>> r = Roster(("a", "b", "c", "d"), (2, 2))
    >>> r.teams(), r.equal_team_size
    (((0, 1), (2, 3)), 2)
    """

    players: tuple[PlayerId, ...]
    team_sizes: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if len(set(self.players)) != len(self.players):
            raise ScheduleError(_("the roster names a player twice"))
        if sum(self.team_sizes) > len(self.players) or any(s < 1 for s in self.team_sizes):
            raise ScheduleError(_("team sizes {sizes} do not fit the roster").format(
                sizes=list(self.team_sizes)))

    @classmethod
    def of(
        cls, players: Sequence[PlayerId], team_of: Mapping[PlayerId, str | None] | None = None
    ) -> Roster:
        """The roster of `players`; with `team_of`, regrouped team by team (teams in order of
        their first player, players in their given order), players without a team last."""
        if not team_of:
            return cls(tuple(players))
        groups: dict[str, list[PlayerId]] = {}
        loose: list[PlayerId] = []
        for p in players:
            team = team_of.get(p)
            if team is None:
                loose.append(p)
            else:
                groups.setdefault(team, []).append(p)
        ordered = [p for g in groups.values() for p in g]
        return cls(tuple(ordered + loose), tuple(len(g) for g in groups.values()))

    @property
    def size(self) -> int:
        """How many players the roster holds."""
        return len(self.players)

    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The team groups as roster indexes."""
        out: list[tuple[int, ...]] = []
        start = 0
        for s in self.team_sizes:
            out.append(tuple(range(start, start + s)))
            start += s
        return tuple(out)

    @property
    def equal_team_size(self) -> int | None:
        """S when the whole roster is teams of S players (the team form of the draw applies)."""
        sizes = set(self.team_sizes)
        if len(sizes) == 1 and sum(self.team_sizes) == self.size:
            return sizes.pop()
        return None

    def params(self) -> dict[str, Param]:
        """The roster as entry parameters."""
        out: dict[str, Param] = {"roster": " ".join(self.players)}
        if self.team_sizes:
            out["team_sizes"] = " ".join(str(s) for s in self.team_sizes)
        return out

    @classmethod
    def from_params(cls, params: Mapping[str, Param]) -> Roster:
        """Read `roster` and `team_sizes` back."""
        raw = params.get("roster")
        if not isinstance(raw, str) or not raw.split():
            raise ScheduleError(
                _("the entry's params have no 'roster' (ids separated by spaces)"))
        sizes = params.get("team_sizes", "")
        try:
            team_sizes = tuple(int(x) for x in str(sizes).split())
        except ValueError:
            raise ScheduleError(_("params.team_sizes {sizes!r}: expected whole numbers").format(
                sizes=sizes)) from None
        return cls(tuple(raw.split()), team_sizes)


@dataclass(frozen=True)
class Plan:
    """Rounds `first_round`... as tables of ids (wind order), and how they were made."""

    first_round: int
    rounds: tuple[Tables, ...]
    method: str
    params: Mapping[str, Param]
    source: str = ""


def draw(roster: Roster, seed_text: str) -> tuple[int, ...]:
    """`perm[i]`: the schedule number of roster player `i` (docs/seating.md, the public draw).

    >>> draw(Roster(tuple("abcdefgh")), "WRC 2026 round draw")
    (3, 6, 4, 2, 7, 1, 0, 5)
    """
    return draw_permutation(seed_text, roster.size, team_size=roster.equal_team_size)


def _ids(rounds: Sequence[Sequence[Sequence[int]]], who: Sequence[PlayerId]) -> tuple[Tables, ...]:
    return tuple(tuple(tuple(who[p] for p in t) for t in rnd) for rnd in rounds)


def _holder(roster: Roster, perm: Sequence[int]) -> list[PlayerId]:
    """`holder[s]`: the id playing schedule number `s`."""
    out = [""] * len(perm)
    for i, s in enumerate(perm):
        out[s] = roster.players[i]
    return out


def _common(roster: Roster, table_size: int, rounds: int, seed_text: str) -> dict[str, Param]:
    return {
        **roster.params(),
        "table_size": table_size,
        "rounds": rounds,
        "seed_text": seed_text,
        "generator": GENERATOR,
    }


def generated_plan(
    roster: Roster,
    table_size: int,
    rounds: int,
    seed_text: str,
    *,
    first_round: int = 1,
    settings: GenerateSettings | None = None,
) -> Plan:
    """Generate `rounds` rounds for the roster (`generate`), then apply the draw.

    Teams of the roster never share a table. With teams of one size the draw keeps each team
    on consecutive schedule numbers, so the team constructions apply.
    """
    perm = draw(roster, seed_text)
    teams = tuple(tuple(sorted(perm[i] for i in team)) for team in roster.teams())
    schedule = generate(roster.size, table_size, rounds, teams=teams, settings=settings)
    params = _common(roster, table_size, rounds, seed_text)
    params["source"] = schedule.source or "search"
    return Plan(
        first_round, _ids(schedule.rounds, _holder(roster, perm)), "generated", params,
        schedule.source,
    )


def listed_plan(
    roster: Roster, table_size: int, rounds: int, *, first_round: int = 1
) -> Plan:
    """One table seated in the roster's order every round: East the first player, South the
    second... (a one-table event copied from a score sheet keeps its columns; no draw, and the
    winds are not balanced). The roster must fill exactly one table.

    >>> listed_plan(Roster(("ann", "bo", "cy", "di")), 4, 2).rounds
    ((('ann', 'bo', 'cy', 'di'),), (('ann', 'bo', 'cy', 'di'),))
    """
    if roster.size != table_size:
        raise ScheduleError(
            ngettext(
                "seating as listed is for an event of one table: {players} active player does "
                "not make one table of {size}. Fix: seat them by the draw instead, "
                "or give the event {size} active players",
                "seating as listed is for an event of one table: {players} active players do "
                "not make one table of {size}. Fix: seat them by the draw instead, "
                "or give the event {size} active players",
                roster.size,
            ).format(players=roster.size, size=table_size)
        )
    if rounds < 1:
        raise ScheduleError(_("seat at least one round"))
    params: dict[str, Param] = {
        **roster.params(), "table_size": table_size, "rounds": rounds, "source": "listed"
    }
    table = (tuple(roster.players),)
    return Plan(first_round, tuple(table for _ in range(rounds)), "listed", params, "listed")


def library_plan(
    roster: Roster,
    table_size: int,
    rounds: int | None,
    seed_text: str,
    block_name: str,
    *,
    first_round: int = 1,
) -> Plan:
    """The first `rounds` rounds (default: all) of a library block, players by the draw."""
    block = load_block(block_name)
    if block.table_size != table_size:
        raise ScheduleError(
            _("library block {block} seats {size} a table; this event seats {event_size}: "
              "choose a k{event_size}-... block").format(
                block=block_name, size=block.table_size, event_size=table_size)
        )
    if block.players != roster.size:
        raise ScheduleError(
            _("library block {block} is for {players} players; the event has {active} active "
              "players: choose the k{size}-p{active} block").format(
                block=block_name, players=block.players, active=roster.size, size=table_size)
        )
    if block.team_size and roster.equal_team_size != block.team_size:
        raise ScheduleError(
            _("library block {block} keeps teams of {team_size} apart: seat with --teams, in "
              "an event of teams of {team_size}").format(
                block=block_name, team_size=block.team_size)
        )
    if roster.team_sizes and not block.team_size:
        raise ScheduleError(
            _("library block {block} does not keep teams apart: seat without --teams, or "
              "generate the seating").format(block=block_name)
        )
    count = len(block.rounds) if rounds is None else rounds
    if not 1 <= count <= len(block.rounds):
        raise ScheduleError(
            _("library block {block} has {rounds} rounds; {count} were asked for").format(
                block=block_name, rounds=len(block.rounds), count=count)
        )
    perm = draw(roster, seed_text)
    params = _common(roster, table_size, count, seed_text)
    params["block"] = block_name
    return Plan(
        first_round,
        _ids(block.rounds[:count], _holder(roster, perm)),
        "library",
        params,
        f"library:{block_name}",
    )


def imported_plan(
    roster: Roster,
    table_size: int,
    rounds: Sequence[Tables],
    *,
    sha256: str,
    fmt: str,
    file_name: str,
    first_round: int = 1,
) -> Plan:
    """Rounds read from a file (`imports.parse_seating`), recorded with the file's hash."""
    params: dict[str, Param] = {
        **roster.params(),
        "table_size": table_size,
        "rounds": len(rounds),
        "sha256": sha256,
        "format": fmt,
        "file": file_name,
    }
    return Plan(first_round, tuple(rounds), "imported", params, f"imported:{fmt}")


_ATTEMPTS = 6
"""Search seeds tried in turn (each from the repaired plan, then from scratch) until one adds
no repeated pair; the best is kept. Past the first seed only while the best is within
max(2, rounds) extra meetings of zero. Measured on 28 players after two rounds: a seed either
finds a repeat-free rest within a second or not at all (the whole-schedule stretch rarely
rescues it), so the attempts run without it. Deterministic: same event, same rounds."""


def _seat_future(
    n: int,
    table_size: int,
    fixed: Sequence[Sequence[Sequence[int]]],
    active: Sequence[Sequence[int]],
    teams: Sequence[Sequence[int]],
    initial: Sequence[Sequence[Sequence[int]]] = (),
) -> list[list[tuple[int, ...]]]:
    """Group, balance winds and number tables for the rounds after `fixed` (kept as they are).

    With `initial` (the planned rounds repaired), the search starts from it and from scratch,
    with a few seeds (`_ATTEMPTS`), and keeps the grouping with the fewest extra meetings.
    """
    if not any(active):
        raise ScheduleError(_("no player is left to seat"))
    starts = [initial, ()] if initial else [()]
    best: list[list[list[int]]] | None = None
    best_extra = -1
    tries = [(seed, start) for seed in range(_ATTEMPTS) for start in starts]
    for i, (seed, start) in enumerate(tries):
        if i == len(starts) and best_extra > max(2, len(active)):
            # Far from repeat-free after the first seed: more seeds polish, they do not reach
            # zero (28 players x 9 rounds with two late arrivals: 20 either way, 33 s -> 5 s).
            break
        result = search(n, table_size, active, fixed=fixed, initial=start, teams=teams,
                        settings=SearchSettings(seed=seed, stretch_iterations=0))
        grouping = [[list(t) for t in r] for r in result.rounds]
        extra = _extra_meetings(grouping)
        if best is None or extra < best_extra:
            best, best_extra = grouping, extra
        if best_extra == 0:
            break
    assert best is not None
    seated = assign_winds(best, table_size, fixed_rounds=len(fixed))
    seated = polish_winds(seated, table_size, fixed_rounds=len(fixed))
    numbered = assign_table_numbers(seated, fixed_rounds=len(fixed))
    return [list(r) for r in numbered[len(fixed):]]


def _extra_meetings(rounds: Sequence[Sequence[Sequence[int]]]) -> int:
    return sum(n - 1 for n in pair_counts(rounds).values())


def _wind_penalty(seats: Sequence[int], k: int) -> float:
    # After each game g, the ideal is g/k games in every seat: sum the squared distance.
    counts = [0] * k
    total = 0.0
    for g, s in enumerate(seats, 1):
        counts[s] += 1
        total += sum((c - g / k) ** 2 for c in counts)
    return total


def polish_winds(
    rounds: Sequence[Sequence[Sequence[int]]], table_size: int, *, fixed_rounds: int = 0,
    passes: int = 4,
) -> list[list[tuple[int, ...]]]:
    """Turn tables after the fixed rounds to even out every player's seats after every game.

    `assign_winds` is exact from scratch but must take the played seats as given, and next to
    them a block cannot always be completed (a player who sat E and S must get W and N, and
    their table-mates' own needs may clash). This hill climb tries every seat order of one
    table at a time (K! of them) and keeps the one with the least squared distance from
    g/K games per seat after each game g, summed over the table's players; a few passes over
    all new tables. Deterministic.

    >>> polish_winds([[(0, 1, 2)], [(0, 1, 2)], [(0, 1, 2)]], 3, fixed_rounds=1)
    [[(0, 1, 2)], [(1, 2, 0)], [(2, 0, 1)]]
    """
    out = [[tuple(t) for t in r] for r in rounds]
    history: dict[int, list[tuple[int, int]]] = {}
    for r, rnd in enumerate(out):
        for t, table in enumerate(rnd):
            for p in table:
                history.setdefault(p, []).append((r, t))

    def penalty(p: int) -> float:
        seats = [out[r][t].index(p) for r, t in history[p]]
        return _wind_penalty(seats, table_size)

    orders = list(permutations(range(table_size)))
    for _pass in range(passes):
        changed = False
        for r in range(fixed_rounds, len(out)):
            for t, table in enumerate(out[r]):
                best = table
                best_cost = sum(penalty(p) for p in table)
                for order in orders:
                    trial = tuple(table[i] for i in order)
                    if trial == best:
                        continue
                    out[r][t] = trial
                    cost = sum(penalty(p) for p in table)
                    if cost < best_cost - 1e-9:
                        best, best_cost = trial, cost
                out[r][t] = best
                changed = changed or best != table
        if not changed:
            break
    return out


def rotate_byes(
    games: Sequence[int],
    table_size: int,
    rounds: int,
    *,
    prefer: Sequence[frozenset[int]] = (),
) -> list[list[int]]:
    """Who sits out each of `rounds` rounds (players 0..n-1, in draw order): those with the
    most games so far, then those in `prefer[r]` (left at a table the plan can no longer fill),
    then the lowest number, so games stay as even as they can.

    >>> rotate_byes([2, 2, 2, 2, 2], 4, 3)
    [[0], [1], [2]]
    >>> rotate_byes([2, 2, 2, 0, 0, 2], 4, 2)
    [[0, 1], [2, 5]]
    >>> rotate_byes([2, 2, 2, 2, 2], 4, 2, prefer=[frozenset({3}), frozenset({4})])
    [[3], [4]]
    """
    over = len(games) % table_size
    played = list(games)
    out: list[list[int]] = []
    for r in range(rounds):
        liked = prefer[r] if r < len(prefer) else frozenset()
        rank = sorted(range(len(played)), key=lambda i: (-played[i], i not in liked, i))
        out_now = sorted(rank[:over])
        for i in range(len(played)):
            if i not in out_now:
                played[i] += 1
        out.append(out_now)
    return out


def regenerated_plan(
    roster: Roster,
    table_size: int,
    seated: Mapping[int, Tables],
    from_round: int,
    last_round: int,
    seed_text: str,
) -> Plan:
    """Seat rounds `from_round`..`last_round` around the rounds before them (kept exactly).

    `seated` is the event's seating as it stands: rounds before `from_round` are fixed, rounds
    from it on are the plan being replaced, which the search starts from (repaired: players no
    longer on the roster taken out, tables that lost a player broken up and regrouped with any
    new players). Schedule numbers cover the roster (by the draw), then everyone else seated
    in the fixed rounds (in order of appearance), who sit out. With a roster that is not a
    multiple of the table size, the players with the most games sit out first, preferring
    those left at a broken table and those the plan already had sitting out (`rotate_byes`):
    after a withdrawal, the withdrawn player's table-mates sit out, and the rest of the plan
    stands; re-seating that plan again keeps its byes. The search keeps new repeated pairs
    to the fewest it finds; winds continue from the played seats (`polish_winds`) and table
    numbers avoid the last two rounds' numbers.
    """
    if from_round < 1 or last_round < from_round:
        raise ScheduleError(
            _("rounds {first}..{last}: give a last round at or after the first").format(
                first=from_round, last=last_round)
        )
    if roster.size < table_size:
        raise ScheduleError(
            _("{players} players cannot fill a table of {size}: add players first").format(
                players=roster.size, size=table_size)
        )
    perm = draw(roster, seed_text)
    holder = _holder(roster, perm)
    number = {p: s for s, p in enumerate(holder)}
    fixed_ids = [seated[r] for r in sorted(seated) if r < from_round]
    for rnd in fixed_ids:
        for table in rnd:
            for p in table:
                if p not in number:
                    number[p] = len(holder)
                    holder.append(p)
    n, size = len(holder), roster.size
    fixed = [[[number[p] for p in t] for t in rnd] for rnd in fixed_ids]
    games = [sum(1 for rnd in fixed_ids for t in rnd if p in t) for p in holder[:size]]
    count = last_round - from_round + 1
    planned = [
        [[number[p] for p in t if number.get(p, n) < size] for t in seated.get(r, ())]
        for r in range(from_round, last_round + 1)
    ]
    # Who the plan would rather see sit out: the table-mates of a player who left (their table
    # cannot be filled), and those the plan already had sitting out (a re-seat on top of a
    # re-seat with byes keeps them, instead of breaking the tables of other players: measured
    # 28 players, p05 withdrawn, re-seated twice from round 3: 0 new repeated pairs in 0.03 s
    # where choosing afresh gave 3 in 4 s). A player in none of the planned rounds (a late
    # arrival) is not one of them: they have the fewest games and play first.
    in_plan = {p for rnd in planned for t in rnd for p in t}
    broken = [
        frozenset(p for t in rnd if len(t) < table_size for p in t)
        | frozenset(s for s in in_plan if rnd and s not in {p for t in rnd for p in t})
        for rnd in planned
    ]
    byes = rotate_byes(games, table_size, count, prefer=broken)
    active = [[s for s in range(size) if s not in set(b)] for b in byes]
    initial: list[list[list[int]]] = []
    for plan_round, out, act in zip(planned, byes, active, strict=True):
        keep = [t for t in plan_round if len(t) == table_size and not set(t) & set(out)]
        kept = {p for t in keep for p in t}
        pool = [s for s in act if s not in kept]
        keep += [pool[i:i + table_size] for i in range(0, len(pool), table_size)]
        initial.append(keep)
    teams = [sorted(perm[i] for i in team) for team in roster.teams()]
    new = _seat_future(n, table_size, fixed, active, teams, initial)
    params = _common(roster, table_size, count, seed_text)
    params["from_round"] = from_round
    params["source"] = "regenerated"
    return Plan(from_round, _ids(new, holder), "regenerated", params, "regenerated")


def stage_plan(
    brackets: Sequence[Sequence[PlayerId]],
    table_size: int,
    seated: Mapping[int, Tables],
    first_round: int,
    last_round: int,
    seed_text: str,
    *,
    stage: str = "",
) -> Plan:
    """Seat a stage's rounds bracket by bracket (the standings' cut, best bracket first).

    Each bracket is seated on its own around the rounds before the stage
    (`regenerated_plan`: fewest repeats with the earlier meetings, winds continuing); in every
    round bracket A takes the first tables, bracket B the next ones. Players in no bracket
    are not seated.
    """
    before = {r: t for r, t in seated.items() if r < first_round}
    per_round: list[list[tuple[PlayerId, ...]]] = [
        [] for _round in range(last_round - first_round + 1)
    ]
    for bracket in brackets:
        part = regenerated_plan(
            Roster(tuple(bracket)), table_size, before, first_round, last_round, seed_text
        )
        for i, rnd in enumerate(part.rounds):
            per_round[i].extend(rnd)
    params: dict[str, Param] = {
        "roster": " ".join(p for b in brackets for p in b),
        "brackets": " | ".join(" ".join(b) for b in brackets),
        "table_size": table_size,
        "rounds": last_round - first_round + 1,
        "seed_text": seed_text,
        "generator": GENERATOR,
    }
    if stage:
        params["stage"] = stage
    return Plan(first_round, tuple(tuple(r) for r in per_round), "stage", params, "stage")


def _history(seated: Mapping[int, Tables], before: int, players: Sequence[PlayerId]
             ) -> tuple[list[list[list[int]]], list[PlayerId]]:
    """The rounds before `before` in numbers over `players` then everyone else they seat."""
    who = list(players)
    number = {p: i for i, p in enumerate(who)}
    fixed: list[list[list[int]]] = []
    for r in sorted(seated):
        if r >= before:
            continue
        rnd = []
        for table in seated[r]:
            for p in table:
                if p not in number:
                    number[p] = len(who)
                    who.append(p)
            rnd.append([number[p] for p in table])
        fixed.append(rnd)
    return fixed, who


def _finish_round(
    groups: Sequence[Sequence[int]], table_size: int, fixed: Sequence[Sequence[Sequence[int]]]
) -> list[tuple[int, ...]]:
    """Seat orders for one new round after `fixed`: balanced winds, table order kept (table 1
    is the top table of a ranked round)."""
    rounds = [*fixed, [list(g) for g in groups]]
    seated = assign_winds(rounds, table_size, fixed_rounds=len(fixed))
    return polish_winds(seated, table_size, fixed_rounds=len(fixed))[-1]


def ranked_plan(
    standings: Sequence[PlayerId],
    table_size: int,
    seated: Mapping[int, Tables],
    round_: int,
    *,
    swiss: bool = False,
) -> Plan:
    """Seat round `round_` by the standings: `standings` lists the players to seat, best
    first (a multiple of the table size; the caller leaves out who sits out).

    Ranked (the final round many events play): 1-4 at table 1, 5-8 at table 2, ... Swiss:
    start from the ranked tables and swap players between tables up to two apart while that
    lowers (pairs who met before x 1000 + the spread of standings places at each table), so
    similar standings sit together and repeats are avoided where a near neighbour can take the
    seat. Winds continue each player's balance (`polish_winds`); the table order is the
    standings order. The standings used are recorded (`standings`), so `redo` needs no
    standings computation.
    """
    n = len(standings)
    if n == 0 or n % table_size:
        raise ScheduleError(
            _("{players} players do not fill tables of {size}: the lowest-placed {over} sit "
              "out, or add players").format(players=n, size=table_size, over=n % table_size)
        )
    fixed, who = _history(seated, round_, standings)
    met = pair_counts(fixed)
    groups = [list(range(i, i + table_size)) for i in range(0, n, table_size)]
    if swiss:
        groups = _swiss(groups, met)
    finished = _finish_round(groups, table_size, fixed)
    params: dict[str, Param] = {
        "standings": " ".join(standings),
        "table_size": table_size,
        "rounds": 1,
        "generator": GENERATOR,
        "roster": " ".join(standings),
    }
    method = "swiss" if swiss else "ranked"
    return Plan(round_, (_ids([finished], who)[0],), method, params, method)


def _swiss(groups: list[list[int]], met: Mapping[tuple[int, int], int]) -> list[list[int]]:
    """Swaps between tables up to two apart, first improvement, until none lowers the cost."""

    def cost(table: Sequence[int]) -> int:
        repeats = sum(
            met.get((a, b) if a < b else (b, a), 0)
            for i, a in enumerate(table) for b in table[i + 1:]
        )
        return repeats * 1000 + (max(table) - min(table))

    improved = True
    while improved:
        improved = False
        for t in range(len(groups)):
            for u in range(t + 1, min(t + 3, len(groups))):
                base = cost(groups[t]) + cost(groups[u])
                for i in range(len(groups[t])):
                    for j in range(len(groups[u])):
                        a, b = groups[t][i], groups[u][j]
                        groups[t][i], groups[u][j] = b, a
                        if cost(groups[t]) + cost(groups[u]) < base:
                            improved = True
                            base = cost(groups[t]) + cost(groups[u])
                        else:
                            groups[t][i], groups[u][j] = a, b
    return [sorted(g) for g in groups]


def event_schedule(
    players: Sequence[PlayerId],
    table_size: int,
    rounds: Sequence[Tables],
    teams: Sequence[Sequence[PlayerId]] = (),
) -> Schedule:
    """The event's seating as a `Schedule` over `players` (index = position in `players`);
    anyone not seated in a round sits out. Raises `ScheduleError` for an unknown id."""
    index = {p: i for i, p in enumerate(players)}
    try:
        numbered = [[[index[p] for p in t] for t in rnd] for rnd in rounds]
    except KeyError as error:
        raise ScheduleError(_("the seating names {player!r}, who is not a player").format(
            player=error.args[0])) from None
    byes = [
        [i for i in range(len(players)) if i not in {p for t in rnd for p in t}]
        for rnd in numbered
    ]
    team_numbers = [[index[p] for p in team if p in index] for team in teams]
    return Schedule.build(
        len(players), table_size, numbered, byes, teams=[t for t in team_numbers if len(t) > 1]
    )


def pair_counts(rounds: Sequence[Sequence[Sequence[P]]]) -> dict[tuple[P, P], int]:
    """How often each pair (sorted) shares a table over `rounds` (players as ids or numbers).

    >>> pair_counts([[(1, 2)], [(2, 1)]])
    {(1, 2): 2}
    """
    counts: dict[tuple[P, P], int] = {}
    for rnd in rounds:
        for table in rnd:
            for i, a in enumerate(table):
                for b in table[i + 1:]:
                    key = (a, b) if a < b else (b, a)
                    counts[key] = counts.get(key, 0) + 1
    return counts


def new_repeats(
    before: Sequence[Tables], after: Sequence[Tables]
) -> list[tuple[PlayerId, PlayerId, int]]:
    """Pairs that meet again in `after` given `before`: (a, b, meetings in all), sorted.

    >>> new_repeats([(("a", "b"),)], [(("a", "b"),), (("a", "c"),)])
    [('a', 'b', 2)]
    """
    old = pair_counts(before)
    new = pair_counts(after)
    out = []
    for pair, extra in sorted(new.items()):
        total = old.get(pair, 0) + extra
        if total > 1:
            out.append((pair[0], pair[1], total))
    return out


def swap_in_round(tables: Tables, a: PlayerId, b: PlayerId) -> Tables:
    """The round with `a` and `b` in each other's seats.

    >>> swap_in_round((("a", "b"), ("c", "d")), "a", "d")
    (('d', 'b'), ('c', 'a'))
    """
    where = {p: (t, s) for t, table in enumerate(tables) for s, p in enumerate(table)}
    for p in (a, b):
        if p not in where:
            raise ScheduleError(_("{player} is not seated in this round").format(player=p))
    if a == b:
        raise ScheduleError(_("{player} cannot trade seats with themselves").format(player=a))
    grid = [list(t) for t in tables]
    (ta, sa), (tb, sb) = where[a], where[b]
    grid[ta][sa], grid[tb][sb] = b, a
    return tuple(tuple(t) for t in grid)


def redo(
    method: str,
    params: Mapping[str, Param],
    first_round: int,
    played: Mapping[int, Tables],
) -> tuple[Tables, ...]:
    """Make the rounds of a recorded `seating_set` again from its method and params.

    `played` is the seating of the earlier rounds as the log stood just before the entry
    (used by `regenerated`). Raises `ScheduleError` for a method that cannot be recomputed
    (`imported`: the file is not in the event; `manual`).
    """
    roster = Roster.from_params(params)
    k = _int(params, "table_size")
    count = _int(params, "rounds")
    seed_text = str(params.get("seed_text", ""))
    if method == "generated":
        return generated_plan(roster, k, count, seed_text, first_round=first_round).rounds
    if method == "listed":
        return listed_plan(roster, k, count, first_round=first_round).rounds
    if method == "library":
        block = str(params.get("block", ""))
        return library_plan(roster, k, count, seed_text, block, first_round=first_round).rounds
    if method == "regenerated":
        return regenerated_plan(
            roster, k, played, first_round, first_round + count - 1, seed_text
        ).rounds
    if method == "stage":
        brackets = [b.split() for b in str(params.get("brackets", "")).split("|")]
        return stage_plan(
            brackets, k, played, first_round, first_round + count - 1, seed_text
        ).rounds
    if method in ("ranked", "swiss"):
        order = str(params.get("standings", "")).split()
        return ranked_plan(order, k, played, first_round, swiss=method == "swiss").rounds
    raise ScheduleError(_("a seating made by {method!r} cannot be recomputed from the file").format(
        method=method))


def _int(params: Mapping[str, Param], key: str) -> int:
    value = params.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ScheduleError(_("the entry's params.{key} is missing or not a whole number").format(
            key=key))
    return value

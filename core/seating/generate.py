"""One entry point: `generate` turns (players, table size, rounds, constraints) into a Schedule.

Order of preference for the grouping, best first:
1. a verified block of the built-in library (`library.py`), instant at the venue;
2. a mathematical construction (`constructions.py`: Kirkman triple systems, resolvable designs,
   affine planes, MOLS team events, circle/Berger tables) when that module is installed;
3. a team schedule of shifted circles (`shifts.py`, m-1 rounds for K teams of m) where the
   constructions give fewer, and a cyclic schedule from one base round (`cyclic.py`);
4. a team schedule followed by play inside the teams (`_teams_then_inside`); when P/K is not
   a multiple of K, one team round is held back for those sitting out inside (`inside.py`);
5. the local search (`search.py`), which also extends 1-4 when more rounds are asked for
   than they give, and always handles byes, fixed (already played) rounds and odd constraints.

Then seats are balanced (`balance.assign_winds`) and tables numbered
(`balance.assign_table_numbers`). Everything is deterministic: the same request gives the same
schedule, and the public draw (`draw.apply_draw`) maps it onto the roster.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from mjevent.core.i18n import N_, _
from mjevent.core.seating.balance import assign_table_numbers, assign_winds
from mjevent.core.seating.byes import plan_byes
from mjevent.core.seating.check import meeting_matrix
from mjevent.core.seating.cyclic import develop, find_base_round, plans
from mjevent.core.seating.inside import (
    anneal_inside,
    anneal_rotational,
    longest_inside,
    most_inside_rounds,
    refill,
    stored_inside,
)
from mjevent.core.seating.schedule import Schedule, ScheduleError, consecutive_teams
from mjevent.core.seating.search import SearchSettings, round_can_follow, search
from mjevent.core.seating.shifts import find_shifts, shifted_team_rounds
from mjevent.core.seating.targets import known

Grouping = list[list[list[int]]]

_BYE_ANNEAL_PLAYERS = 200
"""Above this the pure-Python annealing of a bye format is slower than the numpy search."""


@dataclass(frozen=True)
class GenerateSettings:
    """Budgets (iterations, so results are reproducible) and which sources may be used."""

    search: SearchSettings = field(default_factory=SearchSettings)
    cyclic_iterations: int = 300_000
    cyclic_plans: int = 2
    shift_iterations: int = 600_000
    inside_iterations: int = 1_500_000
    bye_iterations: int = 300_000
    use_constructions: bool = True
    use_library: bool = True
    blind: bool = True
    """Also try the sources that search without knowing whether they can succeed: cyclic base
    rounds (`cyclic.py`) and inside rounds annealed with sit-outs (`inside.py`). They find
    rounds the constructions miss at some sizes, but at a size asked for more rounds than
    anything reaches they run tens of seconds for nothing (120 players, 36 rounds: 47 s of
    inside annealing, 6 s of cyclic search); `reach` decides when to leave them out."""
    deadline: float | None = None
    """A `time.monotonic()` value after which no search starts another attempt (the schedule
    is then finished with what was found, so it can differ between runs); None: no limit."""
    progress: Callable[[str, int, int], None] | None = None
    """Called as a slow source starts a step: (what, step, steps), e.g. ("inside rounds", 3,
    9); the search's rounds report through `SearchSettings.progress`."""


def _constructions() -> tuple[
    Callable[..., list[list[list[int]]] | None] | None, Callable[..., str | None] | None
]:
    """The constructions module's two functions, or None while it is not installed."""
    try:
        module = importlib.import_module("mjevent.core.seating.constructions")
    except ImportError:
        return None, None
    return (
        getattr(module, "best_construction", None),
        getattr(module, "construction_name", None),
    )


def upper_bound(players: int, table_size: int) -> int:
    """floor((P-1)/(K-1)): each round a player meets K-1 new people.

    >>> upper_bound(36, 4), upper_bound(21, 3)
    (11, 10)
    """
    return (players - 1) // (table_size - 1)


def repeat_free_bound(players: int, table_size: int, rounds: int) -> int:
    """The most repeat-free rounds any schedule of this request can have, byes included.

    Each player meets at most floor((P-1)/(K-1)) tables of new people, so the bound is the
    last round before someone would play more games than that (with byes an event can run
    longer: 15 players at tables of 4, format 4+1, play 5 rounds of 4 games each). And 1 when
    the second round of the bye plan cannot follow its first without a repeat, whatever the
    tables (13 players at tables of 4: every round leaves three tables and one bye, so round
    2 always repeats a pair).

    >>> repeat_free_bound(16, 4, 9), repeat_free_bound(13, 4, 3), repeat_free_bound(15, 4, 5)
    (5, 1, 5)
    """
    most = upper_bound(players, table_size)
    plan = plan_byes(players, table_size, rounds)
    games = [0] * players
    bound = 0
    for out in plan.byes:
        skip = set(out)
        for p in range(players):
            games[p] += p not in skip
        if max(games) > most:
            break
        bound += 1
    if rounds >= 2 and any(plan.byes):
        out_first, out_second = set(plan.byes[0]), set(plan.byes[1])
        first = [p for p in range(players) if p not in out_first]
        second = [p for p in range(players) if p not in out_second]
        tables = np.asarray(first, dtype=np.int64).reshape(-1, table_size)
        if not round_can_follow(tables, second, table_size):
            return 1
    return bound


def best_grouping(
    players: int,
    table_size: int,
    rounds: int,
    *,
    team_size: int | None = None,
    settings: GenerateSettings | None = None,
) -> tuple[Grouping, str, bool] | None:
    """The longest repeat-free grouping from the library, constructions or cyclic search.

    Returns (rounds, source name, seats already ordered) or None when none applies. Only the
    first `rounds` rounds are returned when more are available.
    """
    cfg = settings or GenerateSettings()
    if players % table_size:
        return None
    found: tuple[Grouping, str, bool] | None = None
    if cfg.use_library:
        from mjevent.core.seating.library import find_block

        block = find_block(players, table_size, team_size=team_size)
        if block is not None:
            found = ([[list(t) for t in r] for r in block.rounds], f"library:{block.name}", True)
    if cfg.use_constructions and (found is None or len(found[0]) < rounds):
        design = _construction(players, table_size, team_size)
        if design and (found is None or len(design) > len(found[0])):
            _, name = _constructions()
            label = name(players, table_size, team_size=team_size) if name else None
            found = (design, f"construction:{label or 'design'}", table_size == 2)
    m = players // table_size
    shift_goal = min(rounds, m - 1)
    if (team_size is None and cfg.use_library and m > table_size
            and (found is None or len(found[0]) < shift_goal)):
        from mjevent.core.seating.library import find_block

        # A team block is also a fine start for an individual event of the same size.
        team_block = find_block(players, table_size, team_size=m)
        if team_block is not None and len(team_block.rounds) > (len(found[0]) if found else 0):
            found = (
                [[list(t) for t in r] for r in team_block.rounds],
                f"library:{team_block.name}",
                True,
            )
    if (team_size in (None, m) and m > table_size and shift_goal > 1
            and (found is None or len(found[0]) < shift_goal)):
        _report(cfg, N_("shifted team rounds"), 0, 1)
        rows = _shifts(table_size, m, shift_goal, cfg.shift_iterations, cfg.search.seed)
        if rows is not None:
            found = (
                shifted_team_rounds(table_size, m, [list(r) for r in rows]),
                f"shifted teams {table_size}x{m}",
                False,
            )
    if team_size is None and (found is None or len(found[0]) < rounds):
        have = len(found[0]) if found else 0
        # Cyclic plans are only worth their cost when the plain search would struggle.
        # Below K tables only one round can be repeat-free, so no plan can succeed there.
        worth = rounds > upper_bound(players, table_size) // 2 or table_size == 2
        if cfg.blind and worth and players // table_size >= table_size:
            for tried, plan in enumerate(plans(players, table_size)):
                if plan.n <= have or tried >= cfg.cyclic_plans or _past(cfg.deadline):
                    break
                _report(cfg, N_("cyclic base round, plan"), tried + 1, cfg.cyclic_plans)
                base = find_base_round(
                    plan, table_size, iterations=cfg.cyclic_iterations, seed=cfg.search.seed
                )
                if base is not None:
                    found = (
                        develop(plan, base),
                        f"cyclic:Z{plan.n}x{plan.levels}+{plan.fixed}",
                        False,
                    )
                    break
    if team_size is None and (found is None or len(found[0]) < rounds):
        have = len(found[0]) if found else 0
        composed = _teams_then_inside(players, table_size, rounds, cfg, have=have)
        if composed is not None and (found is None or len(composed[0]) > len(found[0])):
            found = composed
    if found is None:
        return None
    grouping, source, ordered = found
    return grouping[:rounds], source, ordered


def _construction(players: int, table_size: int, team_size: int | None) -> Grouping | None:
    """The constructions module's design for this size, or None (none, module absent, or it
    failed our own check: trust, but verify, so a faulty design is ignored)."""
    build, _ = _constructions()
    if build is None:
        return None
    try:
        design = build(players, table_size, team_size=team_size)
    except (ValueError, NotImplementedError, LookupError, ArithmeticError):
        return None
    if not design or not _valid(design, players, table_size, team_size):
        return None
    return design


def _valid(design: Grouping, players: int, table_size: int, team_size: int | None) -> bool:
    """Every round seats every player once at full tables, no pair twice, no teammates."""
    try:
        teams = consecutive_teams(players, team_size=team_size) if team_size else ()
        schedule = Schedule.build(players, table_size, design, teams=teams)
    except ScheduleError:
        return False
    if any(sum(len(t) for t in rnd) != players for rnd in schedule.rounds):
        return False
    meet = meeting_matrix(schedule)
    if int(meet.max(initial=0)) > 1:
        return False
    return all(int(meet[a, b]) == 0 for team in teams for a in team for b in team if a < b)


@functools.lru_cache(maxsize=16)
def _shifts(
    k: int, m: int, rounds: int, iterations: int, seed: int
) -> tuple[tuple[int, ...], ...] | None:
    """`find_shifts`, remembered: the shifted prefix and the team part of the recursion ask
    for the same rows, and a failing search costs seconds at 33 tables."""
    rows = find_shifts(k, m, rounds, iterations=iterations, seed=seed)
    return tuple(tuple(row) for row in rows) if rows is not None else None


def _team_schedule(players: int, k: int, m: int, cfg: GenerateSettings) -> Grouping | None:
    """The longest team schedule (K teams of m, teammates apart) at hand: a construction,
    a library team block, or shifted circles (m-1 rounds)."""
    best = _construction(players, k, m) if cfg.use_constructions else None
    if (not best or len(best) < m - 1) and m > k and cfg.use_library:
        from mjevent.core.seating.library import find_block

        block = find_block(players, k, team_size=m)
        if block is not None and len(block.rounds) > (len(best) if best else 0):
            best = [[list(t) for t in r] for r in block.rounds]
    if (not best or len(best) < m - 1) and m > k:
        rows = _shifts(k, m, m - 1, cfg.shift_iterations, cfg.search.seed)
        if rows is not None:
            best = shifted_team_rounds(k, m, [list(r) for r in rows])
    return best or None


def _teams_then_inside(
    players: int, table_size: int, rounds: int, cfg: GenerateSettings, *, have: int = 0
) -> tuple[Grouping, str, bool] | None:
    """Tomii's recursion: K teams of m = P/K, a team schedule, then each team plays inside.

    Rounds of a team schedule never seat teammates together and rounds inside the teams seat
    nobody else, so any team schedule followed by any repeat-free schedule of m players (run in
    every team at once) is repeat-free: m + R(m) rounds when the team schedule is complete
    (80 players: 20 + 5; 96: 24 + 7; 128: 32 + R(32); 90 sanma players: 29 + 14). When m is
    not a multiple of K, one team round is held back for the players sitting out of the
    inside rounds (`inside.refill`): 116 players = 28 + 7, 120 = 28 + 7, 92 = 22 + 7. Skipped
    before any annealing when even the inside bound cannot beat the `have` rounds found.
    """
    k = table_size
    m = players // k
    if players % k or m < k:
        return None
    team_rounds = _team_schedule(players, k, m, cfg)
    if not team_rounds:
        return None
    if m % k:
        wanted = rounds - (len(team_rounds) - 1)
        # A team schedule far from complete (4 teams of 33: 11 rounds) is a poor prefix: the
        # search extends other prefixes further, so the held-back route needs m-1 team rounds.
        if (wanted < 1 or len(team_rounds) < m - 1
                or len(team_rounds) - 1 + most_inside_rounds(m, k) <= have):
            return None
        inner_rounds = _inside_with_sitouts(m, k, wanted, cfg)
        if not inner_rounds:
            return None
        combined = refill(team_rounds, m, k, inner_rounds)
        return (
            combined,
            f"teams {k}x{m} (one round held back) + inside with sit-outs",
            False,
        )
    inside_wanted = max(rounds - len(team_rounds), 1)
    inside = best_grouping(m, k, inside_wanted, settings=cfg)
    if inside is None or len(inside[0]) < inside_wanted:
        found = search(m, k, [range(m)] * inside_wanted, settings=cfg.search)
        free = found.rounds[: found.repeat_free_rounds]
        if inside is None or len(free) > len(inside[0]):
            inside = ([[list(t) for t in r] for r in free], "search", False)
    inner, inner_source, _ = inside
    combined = [[list(t) for t in r] for r in team_rounds] + [
        [[p + j * m for p in table] for j in range(k) for table in rnd] for rnd in inner
    ]
    return combined, f"teams {k}x{m} + inside ({inner_source})", False


def _inside_with_sitouts(m: int, k: int, wanted: int, cfg: GenerateSettings) -> Grouping:
    """The most inside rounds (up to `wanted`) with m mod K labels sitting out of each: a
    schedule stored offline, one base round turned (instant where it exists), else rounds
    annealed one more at a time (the stored one when that finds fewer)."""
    goal = min(wanted, most_inside_rounds(m, k))
    stored = stored_inside(m, k)
    if len(stored) >= goal or not cfg.blind or _past(cfg.deadline):
        return stored[:goal]
    _report(cfg, N_("inside rounds, turned"), 0, 1)
    turned = anneal_rotational(
        m, k, goal, iterations=cfg.inside_iterations // 10, seed=cfg.search.seed
    )
    if turned is not None:
        return turned
    annealed = longest_inside(
        m,
        k,
        goal,
        iterations=cfg.inside_iterations,
        seed=cfg.search.seed,
        deadline=cfg.deadline,
        progress=(lambda done, total: _report(cfg, N_("inside rounds"), done, total)),
    )
    return annealed if len(annealed) > len(stored) else stored


def _report(cfg: GenerateSettings, what: str, step: int, steps: int) -> None:
    if cfg.progress is not None:
        cfg.progress(what, step, steps)


def _past(deadline: float | None) -> bool:
    """True once `deadline` (a `time.monotonic()` value) has passed."""
    return deadline is not None and time.monotonic() > deadline


def generate(
    players: int,
    table_size: int,
    rounds: int,
    *,
    teams: Sequence[Sequence[int]] = (),
    fixed: Schedule | None = None,
    settings: GenerateSettings | None = None,
) -> Schedule:
    """A balanced schedule: most repeat-free rounds first, then the fewest repeats.

    `teams` are groups that never share a table (consecutive equal teams also unlock the
    team constructions). `fixed` holds rounds already played: they are kept exactly (seats
    and table numbers) and the rest is generated around them.

    >>> from mjevent.core.seating.check import repeat_free_rounds
    >>> s = generate(16, 4, 5)
    >>> s.round_count, repeat_free_rounds(s)
    (5, 5)
    """
    cfg = settings or GenerateSettings()
    _check_request(players, table_size, rounds)
    team_tuples = tuple(tuple(int(p) for p in t) for t in teams)
    team_size = _consecutive_team_size(players, team_tuples)
    n_fixed = fixed.round_count if fixed is not None else 0
    if fixed is not None and (fixed.players != players or fixed.table_size != table_size):
        raise ScheduleError(
            _(
                "fixed rounds are for {fixed_players} players at tables of {fixed_size}, not "
                "{players} at {size}: pass the schedule of this event"
            ).format(
                fixed_players=fixed.players,
                fixed_size=fixed.table_size,
                players=players,
                size=table_size,
            )
        )
    if n_fixed > rounds:
        raise ScheduleError(
            _("{fixed} fixed rounds exceed the {rounds} rounds requested").format(
                fixed=n_fixed, rounds=rounds
            )
        )

    plan = plan_byes(players, table_size, rounds)
    byes = list(plan.byes)
    if fixed is not None:
        byes[:n_fixed] = list(fixed.byes)
    active = [[p for p in range(players) if p not in set(b)] for b in byes]

    prefix: Grouping = []
    source = "search"
    ordered = False
    if fixed is None and not any(byes) and (not team_tuples or team_size is not None):
        got = best_grouping(players, table_size, rounds, team_size=team_size, settings=cfg)
        if got is not None:
            prefix, source, ordered = got
    fixed_rounds: list[list[list[int]]] = (
        [[list(t) for t in r] for r in fixed.rounds] if fixed is not None else []
    )
    annealed = None
    if (fixed is None and any(byes) and not team_tuples and cfg.bye_iterations
            and players <= _BYE_ANNEAL_PLAYERS):
        # The whole bye format at once (main rounds and the make-up round together) finds
        # repeat-free formats the round-by-round search misses (15 players, 4+1: 3 -> 5).
        annealed = anneal_inside(
            players, table_size, byes, iterations=cfg.bye_iterations, seed=cfg.search.seed
        )
    if annealed is not None:
        grouping = annealed
        source = "annealed"
    elif len(prefix) >= rounds:
        grouping = prefix[:rounds]
    else:
        # A construction's or cyclic prefix seeds the search, which may still rearrange it
        # when that is what it takes to add repeat-free rounds.
        result = search(
            players,
            table_size,
            active[n_fixed:],
            fixed=fixed_rounds,
            initial=prefix,
            teams=team_tuples,
            settings=cfg.search,
        )
        grouping = [[list(t) for t in r] for r in result.rounds]
        if prefix:
            source += "+search"
    # Seat order from a library block or a Berger table survives only when used unchanged.
    keep = n_fixed if fixed is not None or len(prefix) < rounds else (len(prefix) if ordered else 0)
    seated = assign_winds(grouping, table_size, fixed_rounds=keep)
    numbered = assign_table_numbers(seated, fixed_rounds=n_fixed)
    return Schedule.build(
        players,
        table_size,
        numbered,
        byes,
        teams=team_tuples,
        fixed_rounds=n_fixed,
        source=f"{source}; byes {plan.format_name}" if any(byes) else source,
    )


@dataclass(frozen=True)
class Reach:
    """What is known about a request before any search, so a director hears at once when it
    asks for more repeat-free rounds than mjevent knows how to seat.

    - `built_in`: repeat-free rounds the library and the constructions give at once (0: none);
    - `catalogue`: the public catalogue's count (tomii9273/mahjong_takugumi), None if untabled;
    - `best_known`: the most repeat-free rounds known to exist (design theory), None if untabled;
    - `bound`: floor((P-1)/(K-1)), which no schedule can beat.
    """

    players: int
    table_size: int
    asked: int
    built_in: int
    catalogue: int | None
    best_known: int | None
    bound: int

    @property
    def known(self) -> int:
        """The most repeat-free rounds mjevent knows it reaches: its own constructions or the
        catalogue's count (which the search matches at every tabled size)."""
        return max(self.built_in, self.catalogue or 0)

    @property
    def over_asked(self) -> bool:
        """More rounds asked than `known`, at a size where something is known (with byes or
        untabled team sizes nothing is, and the normal search runs)."""
        return 0 < self.known < self.asked

    def message(self) -> str:
        """What a director reads before the schedule, when `over_asked`.

        >>> Reach(120, 4, 36, built_in=35, catalogue=35, best_known=39, bound=39).message()
        '36 rounds asked for 120 players at tables of 4: more than mjevent knows how to seat \
without a repeated pair. Its constructions give 35 repeat-free rounds and the public catalogue \
35; the best known is 39, the bound 39 (a 39-round schedule exists but is not built in). \
Seating the 35, then the search adds what it can and seats the rest with the fewest repeats.'
        """
        if self.built_in:
            built = _("Its constructions give {rounds} repeat-free rounds").format(
                rounds=self.built_in
            )
        else:
            built = _("No construction covers this size")
        if self.catalogue is not None:
            catalogue = _("the public catalogue {rounds}").format(rounds=self.catalogue)
        else:
            catalogue = _("the public catalogue has no count for this size")
        if self.best_known is None:
            known_text = _("the bound is {bound}").format(bound=self.bound)
        else:
            known_text = _("the best known is {best}, the bound {bound}").format(
                best=self.best_known, bound=self.bound
            )
        if self.asked > self.bound:
            why = _(" (no schedule can have more than {bound})").format(bound=self.bound)
        elif self.best_known is not None and self.asked > self.best_known:
            why = _(" (no schedule with more than {best} is known)").format(best=self.best_known)
        elif self.best_known is not None and self.best_known > self.known:
            why = _(" (a {best}-round schedule exists but is not built in)").format(
                best=self.best_known
            )
        else:
            why = ""
        # The facts are clauses of their own, so a language may order them as it needs.
        return _(
            "{asked} rounds asked for {players} players at tables of {size}: more than mjevent "
            "knows how to seat without a repeated pair. {built} and {catalogue}; "
            "{known_text}{why}. Seating the {known}, then the search adds what it can and seats "
            "the rest with the fewest repeats."
        ).format(
            asked=self.asked,
            players=self.players,
            size=self.table_size,
            built=built,
            catalogue=catalogue,
            known_text=known_text,
            why=why,
            known=self.known,
        )


def _check_request(players: int, table_size: int, rounds: int) -> None:
    """Refuse a request no schedule can meet, naming the number to change."""
    if table_size < 2:
        raise ScheduleError(
            _("table_size={size}: expected at least 2 seats per table").format(size=table_size)
        )
    if rounds < 1:
        raise ScheduleError(_("rounds={rounds}: expected at least 1 round").format(rounds=rounds))
    if players < table_size:
        raise ScheduleError(
            _("{players} players cannot fill a table of {size}: need at least {size}").format(
                players=players, size=table_size
            )
        )


def reach(
    players: int, table_size: int, rounds: int, *, teams: Sequence[Sequence[int]] = ()
) -> Reach:
    """What the library, the constructions and the tables know about this request, at once.

    >>> r = reach(120, 4, 36)
    >>> r.built_in, r.catalogue, r.best_known, r.bound, r.over_asked
    (35, 35, 39, 39, True)
    >>> reach(120, 4, 35).over_asked
    False
    """
    _check_request(players, table_size, rounds)
    team_tuples = tuple(tuple(int(p) for p in t) for t in teams)
    team_size = _consecutive_team_size(players, team_tuples)
    built_in = 0
    if players % table_size == 0 and (not team_tuples or team_size is not None):
        from mjevent.core.seating.library import find_block

        block = find_block(players, table_size, team_size=team_size)
        design = _construction(players, table_size, team_size)
        built_in = max(len(block.rounds) if block else 0, len(design) if design else 0)
    tables = known(players, table_size, team_size) if not team_tuples or team_size else None
    return Reach(
        players=players,
        table_size=table_size,
        asked=rounds,
        built_in=built_in,
        catalogue=tables.catalogue if tables else None,
        best_known=tables.best_known if tables else None,
        bound=upper_bound(players, table_size),
    )


def generate_over_asked(
    within: Reach,
    *,
    teams: Sequence[Sequence[int]] = (),
    settings: GenerateSettings | None = None,
) -> Schedule:
    """The schedule for an over-asked request: the `known` rounds as `generate` seats them,
    then the remaining rounds added by the search alone (no cyclic or inside annealing, which
    cannot know they will fail), repeat-free while it can and with the fewest repeats after.

    120 players, 36 rounds: 35 repeat-free rounds and 18 extra meetings in about 2 s, where
    `generate` spends 17-40 s on the same 35. 132 players, 43 rounds: 32 repeat-free rounds in
    about 11 s (`generate`: 31, in 15-49 s).
    """
    cfg = settings or GenerateSettings()
    first = generate(
        within.players, within.table_size, within.known, teams=teams, settings=cfg
    )
    extended = generate(
        within.players,
        within.table_size,
        within.asked,
        teams=teams,
        fixed=first,
        settings=dataclasses.replace(cfg, blind=False),
    )
    # The first rounds were held fixed only for the search: winds and table numbers are
    # balanced again over the whole schedule, as `generate` does for its own.
    grouping = [[list(t) for t in rnd] for rnd in extended.rounds]
    seated = assign_winds(grouping, within.table_size)
    return Schedule.build(
        extended.players,
        extended.table_size,
        assign_table_numbers(seated),
        extended.byes,
        teams=extended.teams,
        source=f"{first.source or 'search'}, then search for "
        f"{_rounds(within.asked - within.known)}",
    )


def _rounds(n: int) -> str:
    return f"{n} more round" if n == 1 else f"{n} more rounds"


def _consecutive_team_size(players: int, teams: tuple[tuple[int, ...], ...]) -> int | None:
    if not teams:
        return None
    size = len(teams[0])
    expected = tuple(tuple(range(i, i + size)) for i in range(0, players, size))
    return size if tuple(tuple(sorted(t)) for t in teams) == expected else None

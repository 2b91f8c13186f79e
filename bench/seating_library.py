"""Regenerate `core/seating/library_blocks.py`: long offline cyclic searches, verified, encoded.

Run: `.venv/bin/python bench/seating_library.py [--iterations N] [--seeds S] [SIZE ...]`
where SIZE is `K:P` (e.g. `4:36`) or `tK:m` for a team block of K teams of m (e.g. `t4:26`).
Without sizes it runs the default list below: the sizes the constructions do not cover and the
run-time search cannot reach at the venue. Blocks already in the library are kept unless a
longer one is found. Every block written passes the checker: no repeated pair, seat winds
balanced after every round.

For each round count from the catalogue's up to the bound, every cyclic plan giving exactly that
many rounds is tried (one or several base rounds, `cyclic.multi_plans`, most spare classes
first); the ladder stops at the first round count no plan reaches.

`--solver cpsat` replaces the annealing by an exact model solved with OR-Tools CP-SAT (one
worker, fixed seed: deterministic for a given OR-Tools version). OR-Tools is not a project
dependency: install it in a separate venv that also sees the project (e.g. copy the editable
install's `.pth` and finder files from `.venv`) and run this script with that venv's python.
The model (`cpsat_bases`) uses one variable per pair and base round: "p and q share a table".
Each player has K-1 partners, sharing is transitive, and each class holds at most one pair over
all base rounds (exactly one when the spare classes are all accounted for: a tight plan, or
classes no orbit of the symmetry can use). Each symmetry of `symmetries` is tried in
turn (`--symmetry LABEL` picks one): the base rounds must be invariant under a map of the
classes (multiply the circles by a unit of order 2 or 3 mod n, turn the circles, turn or keep
the fixed players, or map one base round onto the next), which divides the variables by its
order; the last one, `none`, instead pins the first fixed player's table to (0, 0), (0, 1), ...
(turning each circle on its own maps solutions to solutions, so that loses nothing), and
multiplying by units lets the second one's partner on circle 0 be (d, 0) with d dividing n.
Measured (one core): 60 players at 4, Z19x3+3 with x -> 7x, 5 s; 108 at 4, Z35x3+3 with
x -> 11x, 20 s; 66 sanma, Z32x2+2 with `none` (pinned), 97 s.
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import pprint
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from mjevent.core.seating.balance import assign_table_numbers, assign_winds
from mjevent.core.seating.check import Requirements, check
from mjevent.core.seating.cyclic import (
    CyclicPlan,
    class_table,
    develop_all,
    find_base_rounds,
    multi_plans,
    slack,
)
from mjevent.core.seating.library import block_name, encode_block
from mjevent.core.seating.library_blocks import BLOCKS
from mjevent.core.seating.schedule import Schedule, consecutive_teams
from mjevent.core.seating.shifts import find_shifts, shifted_team_rounds

TARGET = Path(__file__).resolve().parent.parent / "core" / "seating" / "library_blocks.py"

Targets = dict[int, tuple[int | None, int]]


def _catalogue() -> tuple[Targets, Targets]:
    """The catalogue counts typed in once, in bench/seating.py (bench/ is not a package)."""
    spec = importlib.util.spec_from_file_location(
        "seating_bench", Path(__file__).resolve().with_name("seating.py")
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return cast(Targets, module.TOMII_K4), cast(Targets, module.TOMII_K3)


TOMII_K4, TOMII_K3 = _catalogue()

DEFAULT_SIZES = (
    [(4, p) for p in sorted(TOMII_K4) if p % 12 != 4]
    + [(3, p) for p in sorted(TOMII_K3) if p % 6 == 0]
    + [(3, p) for p in sorted(TOMII_K3) if p % 6 == 3]
    + [(4, p) for p in sorted(TOMII_K4) if p % 12 == 4]
)


def target(k: int, players: int) -> int:
    """The catalogue's count (or the best known where it has none): the plan to reach first."""
    tomii, best = (TOMII_K4 if k == 4 else TOMII_K3).get(players, (None, 1))
    return tomii if tomii is not None else best


Bases = list[list[list[int]]]


def _verified(
    k: int, players: int, plan: CyclicPlan, bases: Bases, origin: str
) -> tuple[Schedule, str] | None:
    """The developed, seated and checked schedule, or None when the checker objects."""
    seated = assign_winds(develop_all(plan, bases), k)
    schedule = Schedule.build(players, k, assign_table_numbers(seated))
    report = check(schedule, Requirements(no_repeats=True, wind_balance=True))
    return (schedule, origin) if report.ok else None


def _search(
    k: int,
    plan: CyclicPlan,
    iterations: int,
    seeds: int,
    solver: str,
    seconds: float,
    only: str | None = None,
    first_seed: int = 0,
) -> tuple[Schedule, str] | None:
    """One plan: the annealing over `seeds` seeds, or CP-SAT over its symmetries."""
    players = plan.players
    if solver == "anneal":
        for seed in range(seeds):
            bases = find_base_rounds(plan, k, iterations=iterations, seed=seed)
            if bases is not None:
                got = _verified(k, players, plan, bases, f"cyclic {plan.label} seed {seed}")
                if got is not None:
                    return got
        return None
    for sym in symmetries(plan):
        if only is not None and sym.label != only:
            continue
        for seed in range(first_seed, first_seed + seeds):
            start = time.perf_counter()
            found, status = cpsat_bases(plan, k, sym, seconds=seconds, seed=seed)
            took = time.perf_counter() - start
            print(f"  {plan.label} {sym.label}: {status} ({took:.1f} s)", flush=True)
            if found is not None:
                origin = f"cyclic {plan.label} CP-SAT {sym.label} seed {seed}"
                got = _verified(k, players, plan, found, origin)
                if got is not None:
                    return got
            if status == "INFEASIBLE":
                break  # proved: other seeds cannot help
    return None


def build(
    k: int,
    players: int,
    iterations: int,
    seeds: int,
    have: int,
    solver: str = "anneal",
    seconds: float = 120.0,
    max_bases: int = 4,
    only: str | None = None,
    first_seed: int = 0,
) -> tuple[Schedule, str] | None:
    """The longest cyclic schedule found: from the catalogue's count (or one more than the
    library has) upwards, every plan giving exactly that many rounds, while one succeeds."""
    goal = max(target(k, players), have + 1)
    bound = (players - 1) // (k - 1)
    found: tuple[Schedule, str] | None = None
    for rounds in range(goal, bound + 1):
        got = None
        for plan in multi_plans(players, k, rounds, max_bases=max_bases):
            got = _search(k, plan, iterations, seeds, solver, seconds, only, first_seed)
            if got is not None:
                break
        if got is None:
            break
        found = got
    return found


@dataclass(frozen=True)
class Symmetry:
    """A map of the points that the base rounds must respect (a search restriction only: the
    checker judges the result): circle point (x, i) -> (unit * x, i + turn), fixed player f ->
    f + 1 (cycle_fixed) or f. With `across` it maps each base round to the next instead of to
    itself (so the later ones are images of the first)."""

    unit: int
    turn: int
    cycle_fixed: bool
    across: bool = False

    @property
    def label(self) -> str:
        """`x->7x`, `x->1x circles+1 fixed turned`, `none`, ... (part of the block's origin)."""
        if (self.unit, self.turn, self.cycle_fixed, self.across) == (1, 0, False, False):
            return "none"
        parts = [f"x->{self.unit}x"]
        if self.turn:
            parts.append(f"circles+{self.turn}")
        if self.cycle_fixed:
            parts.append("fixed turned")
        if self.across:
            parts.append("base to base")
        return " ".join(parts)

    def image(self, plan: CyclicPlan, p: int) -> int:
        """Where point p goes."""
        circle = plan.n * plan.levels
        if p >= circle:
            f = p - circle
            return circle + ((f + 1) % plan.fixed if self.cycle_fixed else f)
        i, x = divmod(p, plan.n)
        return (i + self.turn) % plan.levels * plan.n + self.unit * x % plan.n


def symmetries(plan: CyclicPlan) -> list[Symmetry]:
    """The restrictions tried, most promising first, ending with none at all.

    Maps: multiply by a unit u of order 1, 2 or 3 mod n, turn the circles by t where that has
    order 1, 2 or 3 (or the number of base rounds), turn or keep the fixed players. With
    several base rounds the maps from one base round to the next come first, a turn of that
    order first of all: it only says "each base round is the image of the one before", a weaker
    restriction. Then units keeping few points in place first; x -> -x late, because it keeps
    every same-circle class, so those pairs must be their own images.

    >>> [s.label for s in symmetries(CyclicPlan(19, 3, 3))][:3]
    ['x->7x fixed turned', 'x->11x fixed turned', 'x->7x']
    """
    n, levels = plan.n, plan.levels
    units = [u for u in range(1, n) if math.gcd(u, n) == 1 and (u * u % n == 1 or u**3 % n == 1)]

    def order(t: int) -> int:
        return levels // math.gcd(levels, t)

    def kept(u: int) -> int:
        return sum(1 for x in range(n) if (u - 1) * x % n == 0)

    out = [
        Symmetry(u, t, cycle, across)
        for across in ((True, False) if plan.bases > 1 else (False,))
        for u in units
        for t in range(levels)
        for cycle in (True, False)
        if (u, t) != (1, 0)
        and (plan.fixed > 1 or not cycle)
        and (order(t) in (1, 2, 3) or (across and order(t) == plan.bases))
    ]

    def rank(s: Symmetry) -> tuple[bool, bool, bool, int, int, bool]:
        # A turn of the circles whose order is the number of base rounds, mapping each base
        # round onto the next, restricts nothing else: first.
        pure = s.across and s.unit == 1 and order(s.turn) == plan.bases
        return (not s.across, not pure, s.unit == n - 1, kept(s.unit), s.turn, not s.cycle_fixed)

    out.sort(key=rank)
    return [*out, Symmetry(1, 0, False)]


def cpsat_bases(
    plan: CyclicPlan, k: int, sym: Symmetry, *, seconds: float, seed: int = 0
) -> tuple[Bases | None, str]:
    """Base rounds by OR-Tools CP-SAT (see the module docstring), and the solver's status."""
    # Optional and offline only (not a project dependency), so typed as Any.
    cp_model: Any = importlib.import_module("ortools.sat.python.cp_model")

    cls, _ = class_table(plan)
    size = plan.players
    model = cp_model.CpModel()
    pair: dict[tuple[int, int, int], Any] = {}  # (base round, p, q), p < q
    handles: dict[int, Any] = {}

    def step(key: tuple[int, int, int]) -> tuple[int, int, int]:
        base, p, q = key
        base = (base + 1) % plan.bases if sym.across else base
        a, b = sym.image(plan, p), sym.image(plan, q)
        return base, min(a, b), max(a, b)

    for base in range(plan.bases):
        for p in range(size):
            for q in range(p + 1, size):
                if (base, p, q) in pair:
                    continue
                var = model.new_bool_var("")
                handles[var.index] = var
                # One variable for the whole orbit of the pair under the symmetry.
                key = (base, p, q)
                while key not in pair:
                    pair[key] = var
                    key = step(key)
    identity = sym == Symmetry(1, 0, False)
    if identity and plan.fixed:
        # Turning each circle on its own (and renumbering circles) maps solutions to solutions,
        # so the first fixed player may as well sit with (0, 0), (0, 1), ... in the first base.
        first = plan.n * plan.levels
        for i in range(k - 1):
            model.add(pair[0, i * plan.n, first] == 1)
        if plan.fixed > 1:
            # Multiplying every circle by a unit keeps that pin, so the second fixed player's
            # partner on circle 0 (if any) may be (d, 0) with d dividing n.
            for x in range(1, plan.n):
                if plan.n % x:
                    model.add(pair[0, x, first + 1] == 0)
    uses: dict[int, dict[int, int]] = {}  # class -> variable index -> pairs of the class
    for (_, p, q), var in pair.items():
        c = cls[p][q]
        if c == 0:
            model.add(var == 0)
        else:
            count = uses.setdefault(c, {})
            count[var.index] = count.get(var.index, 0) + 1

    def z(base: int, p: int, q: int) -> Any:
        return pair[base, min(p, q), max(p, q)]

    # With `across` the later base rounds are images of the first: their constraints too.
    for base in range(1 if sym.across else plan.bases):
        for p in range(size):
            model.add(sum(z(base, p, q) for q in range(size) if q != p) == k - 1)
        for p in range(size):
            for q in range(p + 1, size):
                for r in range(q + 1, size):
                    a, b, c = z(base, p, q), z(base, q, r), z(base, p, r)
                    model.add_bool_or([a.Not(), b.Not(), c])
                    model.add_bool_or([a.Not(), c.Not(), b])
                    model.add_bool_or([b.Not(), c.Not(), a])
    singles = []
    for count in uses.values():
        single = []
        for index, times in count.items():
            if times > 1:
                # An orbit with two pairs in one class would use it twice.
                model.add(handles[index] == 0)
            else:
                single.append(handles[index])
        singles.append(single)
    # Classes no orbit can use are spare; when they are all the slack, every other class is
    # used exactly once, and saying so prunes far earlier (Z20x2+2: 6 s).
    dead = sum(1 for single in singles if not single)
    exact = slack(plan, k) == dead
    for single in singles:
        if single:
            (model.add_exactly_one if exact else model.add_at_most_one)(single)
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = seed
    status = solver.solve(model)
    name = solver.status_name(status)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None, name
    bases: Bases = []
    for base in range(plan.bases):
        seen: set[int] = set()
        tables = []
        for p in range(size):
            if p not in seen:
                table = [p] + [q for q in range(size) if q != p and solver.value(z(base, p, q))]
                seen.update(table)
                tables.append(table)
        bases.append(tables)
    return bases, name


def _on_disk() -> dict[str, str]:
    """The blocks in the module file now (another run may have added some since we started)."""
    namespace: dict[str, object] = {}
    exec(TARGET.read_text(encoding="utf-8"), namespace)
    return cast(dict[str, str], namespace["BLOCKS"])


def build_teams(k: int, m: int, iterations: int, seeds: int) -> tuple[Schedule, str] | None:
    """A team block: K teams of m from shifted circles, m-1 rounds, balanced and verified."""
    for seed in range(seeds):
        rows = find_shifts(k, m, m - 1, iterations=iterations, seed=seed)
        if rows is None:
            continue
        players = k * m
        seated = assign_winds(shifted_team_rounds(k, m, rows), k)
        schedule = Schedule.build(
            players,
            k,
            assign_table_numbers(seated),
            teams=consecutive_teams(players, team_size=m),
        )
        if check(schedule, Requirements(no_repeats=True, wind_balance=True)).ok:
            return schedule, f"shifted teams {k}x{m} seed {seed}"
    return None


def write(name: str, text: str) -> None:
    blocks = _on_disk()
    blocks[name] = text
    body = pprint.pformat(blocks, width=100)
    TARGET.write_text(
        '"""Generated by `bench/seating_library.py`: do not edit by hand (see `library.py`)."""\n'
        "\n"
        f"BLOCKS: dict[str, str] = {body}\n",
        encoding="utf-8",
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("sizes", nargs="*", help="K:P sizes, default: the built-in list")
    parser.add_argument("--iterations", type=int, default=3_000_000)
    parser.add_argument("--seeds", type=int, default=2)
    parser.add_argument("--first-seed", type=int, default=0, help="CP-SAT: seeds start here")
    parser.add_argument("--solver", choices=("anneal", "cpsat"), default="anneal")
    parser.add_argument("--seconds", type=float, default=120.0, help="CP-SAT time per model")
    parser.add_argument("--max-bases", type=int, default=4, help="base rounds per plan, at most")
    parser.add_argument("--symmetry", help="CP-SAT: only this symmetry label (as in an origin)")
    parser.add_argument(
        "--replace", action="store_true", help="rebuild even when the library has as many rounds"
    )
    args = parser.parse_args()
    blocks = dict(BLOCKS)
    for spec in [s for s in args.sizes if s.startswith("t")]:
        k, m = (int(x) for x in spec[1:].split(":"))
        name = block_name(k * m, k, m)
        start = time.perf_counter()
        got = build_teams(k, m, args.iterations, args.seeds)
        took = time.perf_counter() - start
        if got is None:
            print(f"{name}: not found ({took:.0f} s)", flush=True)
            continue
        blocks[name] = encode_block(got[0], got[1], team_size=m)
        write(name, blocks[name])
        print(f"{name}: {got[0].round_count} rounds, {got[1]} ({took:.0f} s)", flush=True)
    plain = [s for s in args.sizes if not s.startswith("t")]
    sizes: list[tuple[int, int]] = []
    for spec in plain:
        k_text, p_text = spec.split(":")
        sizes.append((int(k_text), int(p_text)))
    if not sizes and not args.sizes:
        sizes = DEFAULT_SIZES
    for k, players in sizes:
        name = block_name(players, k)
        have = int(blocks[name].split(",")[3]) if name in blocks and not args.replace else 0
        start = time.perf_counter()
        got = build(
            k,
            players,
            args.iterations,
            args.seeds,
            have,
            args.solver,
            args.seconds,
            args.max_bases,
            args.symmetry,
            args.first_seed,
        )
        took = time.perf_counter() - start
        if (
            got is None
            or got[0].round_count <= have
            or (name in blocks and got[0].round_count < int(blocks[name].split(",")[3]))
        ):
            print(f"{name}: nothing better than {have} rounds ({took:.0f} s)", flush=True)
            continue
        schedule, origin = got
        blocks[name] = encode_block(schedule, origin)
        write(name, blocks[name])
        print(f"{name}: {schedule.round_count} rounds, {origin} ({took:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Regenerate `core/seating/inside_blocks.py`: inside schedules with sit-outs, found offline.

Run: `.venv/bin/python bench/seating_inside.py [--iterations N] [--seeds S] [K:m:R ...]`
(e.g. `4:18:5`: 18 labels at tables of 4, 2 sitting out of each round, 5 rounds). Without
sizes it runs the default list: the inside schedules the venue's budget does not find and
that take a held-back team round to the catalogue's count. Each is annealed
(`inside.anneal_inside`) seed after seed until one has no repeated pair; what is written
is re-verified by `tests/core/seating/test_inside.py`.

`--solver cpsat` uses OR-Tools CP-SAT instead (one worker, fixed seed), first on turned
schedules: labels are L circles of n plus fixed ones, the first m mod K circles' point r sits
out of round r, and round r is the base round turned by r, so only the base round is a
variable ("p and q share a table" must not hold for a pair and its turn by 1..R-1); then on
the plain model (one variable per player, round and table). OR-Tools is not a project
dependency: install it in a separate venv that sees the project (as for
`bench/seating_library.py`) and run this script with that venv's python.
"""

from __future__ import annotations

import argparse
import importlib
import itertools
import pprint
import sys
import time
from pathlib import Path
from typing import Any

from mjevent.core.seating.inside import anneal_inside, inside_block_name, sitout_labels, turn
from mjevent.core.seating.inside_blocks import INSIDE_BLOCKS

TARGET = Path(__file__).resolve().parent.parent / "core" / "seating" / "inside_blocks.py"

# (K, m, rounds): 72 players = 4 teams of 18: 16 team rounds + 5 inside = 21, the catalogue's;
# 78 sanma players = 3 teams of 26: 25 + 12 = 37; 84 sanma = 3 teams of 28: 27 + 13 = 40.
DEFAULT = [(4, 18, 5), (3, 26, 12), (3, 28, 13)]

Grouping = list[list[list[int]]]


def _solve(model: Any, cp_model: Any, seconds: float) -> Any | None:
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = 0
    status = solver.Solve(model)
    return solver if status in (cp_model.OPTIMAL, cp_model.FEASIBLE) else None


def cpsat_turned(
    m: int, k: int, rounds: int, n: int, levels: int, seconds: float
) -> Grouping | None:
    """A base round on L circles of n (plus fixed labels) whose R turns meet nobody twice."""
    cp_model: Any = importlib.import_module("ortools.sat.python.cp_model")
    out_levels = m % k
    circle = levels * n
    out = {level * n for level in range(out_levels)}
    active = [p for p in range(m) if p not in out]
    tables = len(active) // k
    model = cp_model.CpModel()
    at = {(p, t): model.NewBoolVar("") for p in active for t in range(tables)}
    for p in active:
        model.AddExactlyOne(at[p, t] for t in range(tables))
    for t in range(tables):
        model.Add(sum(at[p, t] for p in active) == k)
    model.Add(at[active[0], 0] == 1)
    share: dict[frozenset[int], Any] = {}
    for p, q in itertools.combinations(active, 2):
        v = model.NewBoolVar("")
        for t in range(tables):
            model.AddBoolOr([at[p, t].Not(), at[q, t].Not(), v])
        share[frozenset((p, q))] = v
    for pair, v in share.items():
        p, q = tuple(pair)
        for r in range(1, rounds):
            turned = frozenset((turn(p, r, n, circle), turn(q, r, n, circle)))
            if turned == pair:
                model.Add(v == 0)
            elif turned in share:
                model.AddBoolOr([v.Not(), share[turned].Not()])
    solver = _solve(model, cp_model, seconds)
    if solver is None:
        return None
    base = [[p for p in active if solver.Value(at[p, t])] for t in range(tables)]
    return [[[turn(p, r, n, circle) for p in table] for table in base] for r in range(rounds)]


def cpsat_plain(m: int, k: int, rounds: int, seconds: float) -> Grouping | None:
    """Every round a variable; `sitout_labels` sit out; each pair meets at most once."""
    cp_model: Any = importlib.import_module("ortools.sat.python.cp_model")
    sitouts = [set(out) for out in sitout_labels(m, k, rounds)]
    tables = (m - m % k) // k
    model = cp_model.CpModel()
    at: dict[tuple[int, int, int], Any] = {}
    for r in range(rounds):
        active = [p for p in range(m) if p not in sitouts[r]]
        for p in active:
            for t in range(tables):
                at[r, p, t] = model.NewBoolVar("")
            model.AddExactlyOne(at[r, p, t] for t in range(tables))
        for t in range(tables):
            model.Add(sum(at[r, p, t] for p in active) == k)
        model.Add(at[r, active[0], 0] == 1)
    for p, q in itertools.combinations(range(m), 2):
        meets = []
        for r in range(rounds):
            if p in sitouts[r] or q in sitouts[r]:
                continue
            v = model.NewBoolVar("")
            for t in range(tables):
                model.AddBoolOr([at[r, p, t].Not(), at[r, q, t].Not(), v])
            meets.append(v)
        if len(meets) > 1:
            model.AddAtMostOne(meets)
    solver = _solve(model, cp_model, seconds)
    if solver is None:
        return None
    return [
        [[p for p in range(m) if (r, p, t) in at and solver.Value(at[r, p, t])]
         for t in range(tables)]
        for r in range(rounds)
    ]


def cpsat(m: int, k: int, rounds: int, seconds: float) -> Grouping | None:
    """Turned schedules over every circle shape first (fast where one exists), then plain."""
    out = m % k
    for levels in range(max(out, 1), m // rounds + 1):
        n = m // levels
        if n < rounds or levels < out:
            continue
        got = cpsat_turned(m, k, rounds, n, levels, seconds)
        if got is not None:
            return got
    return cpsat_plain(m, k, rounds, seconds * 4)


def write(blocks: dict[str, list[list[list[int]]]]) -> None:
    lines = ["INSIDE_BLOCKS: dict[str, list[list[list[int]]]] = {"]
    for name in sorted(blocks):
        lines.append(f"    {name!r}: [")
        lines += [f"        {pprint.pformat(rnd, width=90, compact=True)}," for rnd in blocks[name]]
        lines.append("    ],")
    lines.append("}")
    TARGET.write_text(
        '"""Generated by `bench/seating_inside.py`: do not edit by hand (see `inside.py`)."""\n'
        "\n" + "\n".join(lines) + "\n",
        encoding="utf-8",
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("sizes", nargs="*", help="K:m:R, default: the built-in list")
    parser.add_argument("--iterations", type=int, default=3_000_000)
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--solver", choices=["anneal", "cpsat"], default="anneal")
    parser.add_argument("--seconds", type=float, default=60.0, help="CP-SAT time per model")
    args = parser.parse_args()
    sizes = [tuple(int(x) for x in s.split(":")) for s in args.sizes] or DEFAULT
    blocks = dict(INSIDE_BLOCKS)
    print(f"{'K':>2} {'m':>3} {'R':>3} {'seed':>4} {'sec':>6}  result")
    for k, m, rounds in sizes:
        name = inside_block_name(m, k)
        if name in blocks and len(blocks[name]) >= rounds:
            print(f"{k:>2} {m:>3} {rounds:>3} {'-':>4} {0:>6.1f}  already stored")
            continue
        start = time.perf_counter()
        if args.solver == "cpsat":
            found = cpsat(m, k, rounds, args.seconds)
            took = time.perf_counter() - start
            if found is not None:
                blocks[name] = found
                write(blocks)
            result = f"stored as {name}" if found is not None else "not found"
            print(f"{k:>2} {m:>3} {rounds:>3} {'-':>4} {took:>6.1f}  {result}")
            continue
        for seed in range(args.seeds):
            got = anneal_inside(
                m, k, sitout_labels(m, k, rounds), iterations=args.iterations, seed=seed
            )
            if got is not None:
                blocks[name] = got
                write(blocks)
                took = time.perf_counter() - start
                print(f"{k:>2} {m:>3} {rounds:>3} {seed:>4} {took:>6.1f}  stored as {name}")
                break
        else:
            took = time.perf_counter() - start
            print(f"{k:>2} {m:>3} {rounds:>3} {'-':>4} {took:>6.1f}  not found")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Find an (n, 4; 1, 1; 3) quasi-difference matrix over Z_n with OR-Tools CP-SAT.

Run (OR-Tools in a side venv that sees the project, as for `bench/seating_library.py`):
`python bench/seating_qdm.py N [--seconds S]`. It prints the n + 6 columns (None = inf) in the
form `construct_teams._QDM` stores; 3 teams of n + 3 players then play n + 3 rounds. The
exact-cover search of `construct_teams.quasi_difference_matrix_search` stops finding these
near n = 27 (about a minute per attempt, 22 seeds failed); this model found n = 27 in 71 s.

Model: columns 0-2 hold inf in row 0, 3-5 in row 1, 6-8 in row 2, 9-11 in row 3, the other
n - 6 none; every finite entry is a variable in Z_n, the first finite entry of a column is 0;
for every pair of rows the differences over the columns where both are finite are all
different (n of them, so they run over Z_n once). The fully finite columns are ordered by
their row-1 entry, which loses no solution.
"""

from __future__ import annotations

import argparse
import importlib
import itertools
import sys
import time
from typing import Any


def qdm(n: int, seconds: float) -> list[tuple[int | None, ...]] | None:
    """The columns, or None when the solver finds none in time."""
    cp_model: Any = importlib.import_module("ortools.sat.python.cp_model")
    model = cp_model.CpModel()
    inf_row: list[int | None] = [r for r in range(4) for _ in range(3)] + [None] * (n - 6)
    entry: dict[tuple[int, int], Any] = {}
    for c, row in enumerate(inf_row):
        for i in range(4):
            if i != row:
                entry[c, i] = model.NewIntVar(0, n - 1, "")
        model.Add(entry[c, 1 if row == 0 else 0] == 0)
    for i, j in itertools.combinations(range(4), 2):
        diffs = []
        for c, row in enumerate(inf_row):
            if row in (i, j):
                continue
            d = model.NewIntVar(0, n - 1, "")
            wrap = model.NewIntVar(0, 1, "")
            model.Add(d == entry[c, j] - entry[c, i] + n * wrap)
            diffs.append(d)
        model.AddAllDifferent(diffs)
    finite = [c for c, row in enumerate(inf_row) if row is None]
    for a, b in itertools.pairwise(finite):
        model.Add(entry[a, 1] < entry[b, 1])
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = 0
    if solver.Solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return [
        tuple(None if i == row else int(solver.Value(entry[c, i])) for i in range(4))
        for c, row in enumerate(inf_row)
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("n", type=int)
    parser.add_argument("--seconds", type=float, default=300.0)
    args = parser.parse_args()
    start = time.perf_counter()
    columns = qdm(args.n, args.seconds)
    took = time.perf_counter() - start
    if columns is None:
        print(f"n = {args.n}: none found in {took:.0f} s")
        return 1
    print(f"n = {args.n}: found in {took:.0f} s")
    print(columns)
    return 0


if __name__ == "__main__":
    sys.exit(main())

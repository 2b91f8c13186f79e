"""Seating benchmark: one row per size, against the public catalogue and the bound.

Run: `.venv/bin/python bench/seating.py [--quick] [--only k4|k3|teams|k2|big|overasked]
[--players P ...]`

Columns: players, table size, teams, rounds reached with no repeated pair (`ours`), the
catalogue's current count (`tomii`), the bound floor((P-1)/(K-1)) (`U`), the best known
(`best`), where the grouping came from, the largest seat-wind spread after the last round, the
player-rounds breaking seed 003's wind rule, table-number repeats (same number within three
rounds), and seconds.

The catalogue counts and best-known values are `mjevent.core.seating.targets`, typed in from
/work/shared/docs/seating-targets.md, section 2 ("Anchor tables": k = 4, k = 3 and team
events; "Tomii HEAD" is the catalogue's current table; "best known" per design theory).
Each size asks for max(catalogue, best known) rounds: `ours` is how many of them come out
repeat-free.

`--only big` is the 1,000-player row, with the check's time and the time of the former
two-step count (the square of the meeting matrix) beside it. `--only overasked` asks sizes for
more rounds than mjevent knows how to seat (120 players 36 rounds, 132 players 43 rounds) and
prints two rows each: `generate` alone (what `mjevent seat` did before it knew), and the
over-asked path `mjevent seat` now takes (`reach`, then `generate_over_asked`).
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from mjevent.core.seating.check import check, meeting_matrix
from mjevent.core.seating.generate import generate, generate_over_asked, reach, upper_bound
from mjevent.core.seating.schedule import consecutive_teams
from mjevent.core.seating.targets import TEAMS, TOMII_K3, TOMII_K4

Row = tuple[int, int, str, int | None, int | None]

# Sizes asked for more rounds than mjevent knows how to seat (issue 17).
OVER_ASKED = ((120, 36), (132, 43))


def rows(only: str | None, quick: bool) -> list[Row]:
    """(players, table size, teams label, catalogue, best known) for every benchmarked size."""
    out: list[Row] = []
    if only in (None, "k4"):
        out += [(p, 4, "-", *TOMII_K4[p]) for p in sorted(TOMII_K4)]
    if only in (None, "k3"):
        out += [(p, 3, "-", *TOMII_K3[p]) for p in sorted(TOMII_K3)]
    if only in (None, "teams"):
        for m, (t4, b4, t3, b3) in sorted(TEAMS.items()):
            if t4 is not None:
                out.append((4 * m, 4, f"4x{m}", t4, b4))
            out.append((3 * m, 3, f"3x{m}", t3, b3))
    if only in (None, "k2"):
        out += [(p, 2, "-", None, p - 1 if p % 2 == 0 else p) for p in range(4, 31)]
    if quick:
        out = out[::6]
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--only", choices=["k4", "k3", "teams", "k2", "big", "overasked"])
    parser.add_argument("--quick", action="store_true", help="every sixth row only")
    parser.add_argument("--players", type=int, nargs="*", help="only these player counts")
    args = parser.parse_args()
    header = (
        f"{'P':>5} {'K':>2} {'teams':>6} {'ours':>5} {'tomii':>5} {'U':>4} {'best':>5} "
        f"{'wind':>4} {'wviol':>5} {'tblrep':>6} {'sec':>6}  source"
    )
    print(header)
    short = 0
    chosen = rows(args.only, args.quick) if args.only not in ("big", "overasked") else []
    if args.players:
        chosen = [row for row in chosen if row[0] in args.players]
    for players, k, label, tomii, best in chosen:
        wanted = max(x for x in (tomii, best, 1) if x is not None)
        teams: tuple[tuple[int, ...], ...] = ()
        if label != "-":
            teams = consecutive_teams(players, team_size=players // k)
        start = time.perf_counter()
        schedule = generate(players, k, wanted, teams=teams)
        took = time.perf_counter() - start
        s = check(schedule).summary
        ours = s.repeat_free_rounds
        if schedule.teams and s.team_violations:
            ours = 0
        if tomii is not None and ours < tomii:
            short += 1
        print(
            f"{players:>5} {k:>2} {label:>6} {ours:>5} {tomii if tomii is not None else '-':>5} "
            f"{upper_bound(players, k):>4} {best if best is not None else '-':>5} "
            f"{s.wind_spread:>4} {s.wind_violations:>5} {s.table_repeats:>6} {took:>6.1f}  "
            f"{schedule.source}",
            flush=True,
        )
    if args.only in (None, "big"):
        start = time.perf_counter()
        schedule = generate(1000, 4, 12)
        took = time.perf_counter() - start
        start = time.perf_counter()
        s = check(schedule).summary
        checked = time.perf_counter() - start
        met = (meeting_matrix(schedule) > 0).astype(np.int64)
        start = time.perf_counter()
        _ = (met @ met) > 0
        squared = time.perf_counter() - start
        print(
            f"{1000:>5} {4:>2} {'-':>6} {s.repeat_free_rounds:>5} {'-':>5} "
            f"{upper_bound(1000, 4):>4} {'-':>5} {s.wind_spread:>4} {s.wind_violations:>5} "
            f"{s.table_repeats:>6} {took:>6.1f}  {schedule.source}"
        )
        print(
            f"      check of the 1,000-player schedule: {checked:.2f} s (the former two-step "
            f"square alone: {squared:.2f} s)"
        )
    if args.only in (None, "overasked"):
        for players, asked in OVER_ASKED:
            for how in ("generate", "over-asked"):
                start = time.perf_counter()
                within = reach(players, 4, asked)
                if how == "generate":
                    schedule = generate(players, 4, asked)
                else:
                    schedule = generate_over_asked(within)
                took = time.perf_counter() - start
                s = check(schedule).summary
                best_text = str(within.best_known) if within.best_known is not None else "-"
                tomii_text = str(within.catalogue) if within.catalogue is not None else "-"
                print(
                    f"{players:>5} {4:>2} {'-':>6} {s.repeat_free_rounds:>5} {tomii_text:>5} "
                    f"{within.bound:>4} {best_text:>5} {s.wind_spread:>4} {s.wind_violations:>5} "
                    f"{s.table_repeats:>6} {took:>6.1f}  {how}, {asked} asked, repeats "
                    f"{s.repeats}: {schedule.source}",
                    flush=True,
                )
    print(f"sizes below the catalogue: {short}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

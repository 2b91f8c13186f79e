"""Seating benchmark: one row per size, against the public catalogue and the bound.

Run: `.venv/bin/python bench/seating.py [--quick] [--only k4|k3|teams|k2|big] [--players P ...]`

Columns: players, table size, teams, rounds reached with no repeated pair (`ours`), the
catalogue's current count (`tomii`), the bound floor((P-1)/(K-1)) (`U`), the best known
(`best`), where the grouping came from, the largest seat-wind spread after the last round, the
player-rounds breaking seed 003's wind rule, table-number repeats (same number within three
rounds), and seconds.

The catalogue counts and best-known values are typed in from
/work/shared/docs/seating-targets.md, section 2 ("Anchor tables": k = 4, k = 3 and team
events; "Tomii HEAD" is the catalogue's current table; "best known" per design theory).
Each size asks for max(catalogue, best known) rounds: `ours` is how many of them come out
repeat-free.
"""

from __future__ import annotations

import argparse
import sys
import time

from mjevent.core.seating.check import check
from mjevent.core.seating.generate import generate, upper_bound
from mjevent.core.seating.schedule import consecutive_teams

# seating-targets.md section 2, k = 4: players -> (Tomii HEAD, best known); None = no table.
TOMII_K4: dict[int, tuple[int | None, int]] = {
    16: (5, 5), 20: (5, 5), 24: (7, 7), 28: (9, 9), 32: (10, 10), 36: (10, 11),
    40: (13, 13), 44: (12, 14), 48: (13, 15), 52: (17, 17), 56: (16, 18), 60: (19, 19),
    64: (21, 21), 68: (21, 22), 72: (21, 23), 76: (25, 25), 80: (24, 26), 84: (26, 27),
    88: (29, 29), 92: (29, 30), 96: (30, 31), 100: (33, 33), 104: (31, 34), 108: (35, 35),
    112: (37, 37), 116: (35, 38), 120: (35, 39), 124: (41, 41), 128: (38, 42),
    132: (None, 43), 136: (45, 45), 140: (None, 46), 144: (None, 47), 148: (49, 49),
    152: (None, 50), 156: (None, 51), 160: (53, 53),
}
# seating-targets.md section 2, k = 3.
TOMII_K3: dict[int, tuple[int | None, int]] = {
    9: (4, 4), 12: (4, 4), 15: (7, 7), 18: (8, 8), 21: (9, 10), 24: (11, 11), 27: (13, 13),
    30: (13, 14), 33: (16, 16), 36: (16, 17), 39: (19, 19), 42: (20, 20), 45: (22, 22),
    48: (23, 23), 51: (25, 25), 54: (25, 26), 57: (28, 28), 60: (28, 29), 63: (29, 31),
    66: (32, 32), 69: (32, 34), 72: (35, 35), 75: (37, 37), 78: (37, 38), 81: (40, 40),
    84: (40, 41), 87: (40, 43), 90: (44, 44),
}
# seating-targets.md section 2, team events: tables m -> (4-team Tomii, 4-team best,
# 3-team Tomii, 3-team best).
TEAMS: dict[int, tuple[int | None, int | None, int, int]] = {
    3: (None, None, 3, 3), 4: (4, 4, 4, 4), 5: (5, 5, 5, 5), 6: (5, 5, 5, 5),
    7: (7, 7, 7, 7), 8: (7, 8, 7, 8), 9: (7, 9, 9, 9), 10: (9, 9, 9, 10),
    11: (11, 11, 11, 11), 12: (11, 12, 11, 12), 13: (13, 13, 13, 13), 14: (13, 14, 13, 14),
    15: (15, 15, 15, 15), 16: (15, 16, 15, 16), 17: (17, 17, 17, 17), 18: (17, 18, 17, 18),
    19: (19, 19, 19, 19), 20: (19, 20, 19, 20), 21: (21, 21, 21, 21), 22: (21, 22, 21, 22),
    23: (23, 23, 23, 23), 24: (23, 24, 23, 24), 25: (25, 25, 25, 25), 26: (25, 26, 25, 26),
    27: (27, 27, 27, 27), 28: (27, 28, 27, 28), 29: (29, 29, 29, 29), 30: (29, 30, 29, 30),
}

Row = tuple[int, int, str, int | None, int | None]


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
    parser.add_argument("--only", choices=["k4", "k3", "teams", "k2", "big"])
    parser.add_argument("--quick", action="store_true", help="every sixth row only")
    parser.add_argument("--players", type=int, nargs="*", help="only these player counts")
    args = parser.parse_args()
    header = (
        f"{'P':>5} {'K':>2} {'teams':>6} {'ours':>5} {'tomii':>5} {'U':>4} {'best':>5} "
        f"{'wind':>4} {'wviol':>5} {'tblrep':>6} {'sec':>6}  source"
    )
    print(header)
    short = 0
    chosen = rows(args.only, args.quick) if args.only != "big" else []
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
        s = check(schedule).summary
        print(
            f"{1000:>5} {4:>2} {'-':>6} {s.repeat_free_rounds:>5} {'-':>5} "
            f"{upper_bound(1000, 4):>4} {'-':>5} {s.wind_spread:>4} {s.wind_violations:>5} "
            f"{s.table_repeats:>6} {took:>6.1f}  {schedule.source}"
        )
    print(f"sizes below the catalogue: {short}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

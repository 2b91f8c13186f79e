"""Time `mjevent calc --jsonl` on 10,000 lines (target: under 2 s) and print a table.

Ways: the scoring loop alone (`run_jsonl`), the Typer command in-process (CliRunner), the
installed `mjevent` entry point as a subprocess (interpreter start-up and the imports of every
registered command included), its start-up alone, and a subprocess that imports only the calc
module (what `mjevent calc` would cost if `tui/cli/main.py` imported commands lazily).

Usage: .venv/bin/python bench/calc.py [--lines N] [--repeat R]
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from typer.testing import CliRunner

from mjevent.tui.cli.calc import run_jsonl
from mjevent.tui.cli.main import app

TARGET_SECONDS = 2.0


def make_lines(count: int, seed: int = 20261202) -> list[str]:
    """A reproducible mix of hands as scripts send them: ron and tsumo, every rule preset a
    4- or 3-player event uses, overrides, limits, yakuman, a few final-score lines and a few bad
    lines (which must not slow the rest down)."""
    rng = random.Random(seed)
    presets4 = ["ema2016", "ema2025", "wrc", "mleague", "tenhou", "majsoul", None]
    presets3 = ["sanma-club", "majsoul3", "tenhou3"]
    fus = [30, 40, 50, 60, 70, 80, 90, 100, 110]
    lines: list[str] = []
    for i in range(count):
        if i % 500 == 499:
            lines.append('{"win": "ron", "han": 1, "fu": 20}')
            continue
        if i % 250 == 0:
            final = {"rules": "ema2016", "final": [45000, 31000, 29000, 15000], "deposits_left": 0}
            lines.append(json.dumps(final))
            continue
        three = rng.random() < 0.25
        obj: dict[str, object] = {"win": rng.choice(["ron", "tsumo"])}
        name = rng.choice(presets3 if three else presets4)
        if name is None:
            obj["players"] = 4
        else:
            obj["rules"] = name
        roll = rng.random()
        if roll < 0.05:
            obj["yakuman"] = rng.choice([1, 1, 1, 2])
        elif roll < 0.25:
            obj["han"] = rng.randint(5, 13)
        else:
            obj["han"] = rng.randint(1, 4)
            obj["fu"] = rng.choice(fus)
        obj["dealer"] = rng.random() < 0.25
        obj["honba"] = rng.choice([0, 0, 0, 1, 2])
        obj["deposits"] = rng.choice([0, 0, 1, 2])
        if rng.random() < 0.1:
            obj["kiriage"] = True
        if three and rng.random() < 0.2:
            obj["sanma_tsumo"] = "bisection"
        lines.append(json.dumps(obj))
    return lines


def _cpu() -> float:
    # This process and its finished children: on a shared, loaded machine CPU time says what
    # the work costs, wall time what a user waits.
    me, children = (
        resource.getrusage(resource.RUSAGE_SELF),
        resource.getrusage(resource.RUSAGE_CHILDREN),
    )
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


def _time(run: Callable[[], int], repeat: int) -> tuple[list[float], list[float], int]:
    times: list[float] = []
    cpus: list[float] = []
    errors = 0
    for _ in range(repeat):
        start, cpu = time.perf_counter(), _cpu()
        errors = run()
        times.append(time.perf_counter() - start)
        cpus.append(_cpu() - cpu)
    return times, cpus, errors


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    lines = make_lines(args.lines)
    text = "\n".join(lines) + "\n"

    def loop() -> int:
        out = io.StringIO()
        errors = run_jsonl(io.StringIO(text), out)
        assert out.getvalue().count("\n") == len(lines)
        return errors

    def cli_runner() -> int:
        result = CliRunner().invoke(app, ["calc", "--jsonl"], input=text)
        assert result.stdout.count("\n") == len(lines)
        return sum('"error"' in line for line in result.stdout.splitlines())

    exe = shutil.which("mjevent", path=str(Path(sys.executable).parent)) or "mjevent"

    def subprocess_run() -> int:
        done = subprocess.run([exe, "calc", "--jsonl"], input=text, capture_output=True, text=True)
        assert done.stdout.count("\n") == len(lines), done.stderr
        return done.stdout.count('"error"')

    calc_only = (
        "import sys; from mjevent.tui.cli.calc import run_jsonl; "
        "sys.exit(min(run_jsonl(sys.stdin, sys.stdout), 1))"
    )

    def subprocess_calc_only() -> int:
        done = subprocess.run(
            [sys.executable, "-c", calc_only], input=text, capture_output=True, text=True
        )
        assert done.stdout.count("\n") == len(lines), done.stderr
        return done.stdout.count('"error"')

    def startup_only() -> int:
        subprocess.run([exe, "calc", "--jsonl"], input="", capture_output=True, check=True)
        return 0

    rows = [
        ("run_jsonl (scoring loop)", loop),
        ("CliRunner (Typer in-process)", cli_runner),
        ("subprocess `mjevent calc --jsonl`", subprocess_run),
        ("  of which start-up (0 lines)", startup_only),
        ("subprocess, calc module only", subprocess_calc_only),
    ]
    print(f"mjevent calc --jsonl: {len(lines):,} lines, best/median of {args.repeat} runs")
    print(
        f"{'how':<36}{'best s':>8}{'median s':>10}{'cpu s':>8}{'lines/s':>10}{'errors':>8}  target"
    )
    for label, run in rows:
        times, cpus, errors = _time(run, args.repeat)
        best, median = min(times), statistics.median(times)
        if run is startup_only:
            rate, verdict = "-", "(fixed cost of every run)"
        else:
            rate = f"{len(lines) / best:,.0f}"
            verdict = "ok" if median < TARGET_SECONDS else f"OVER {TARGET_SECONDS:g} s"
        cpu = statistics.median(cpus)
        print(f"{label:<36}{best:>8.3f}{median:>10.3f}{cpu:>8.3f}{rate:>10}{errors:>8}  {verdict}")
    print(f"(load average now: {', '.join(f'{x:.1f}' for x in os.getloadavg())})")


if __name__ == "__main__":
    main()

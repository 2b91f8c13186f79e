"""The command line at 500 players, side by side with `tomllib.load` in one run; prints a table.

On the 500-player event of `bench/big_event.py` (18,000 hands logged, about 4 MB, round 13
under way), each figure measured in a fresh process, as a director's command runs:

- `tomllib.load` of the event file: the call alone (the yardstick: Python's own TOML reader);
- `mjevent check FILE`: the whole process (interpreter, imports, open, fold, problems, report);
- open: `open_event` and the first fold (`current_state`), the calls alone: what every command
  and the console pay before they can show anything;
- `mjevent record FILE LINE`, a legal line (a draw at a table still playing, appended and
  fsynced) and a refused one (a table the round does not have): the whole process;
- `mjevent print standings FILE`: the whole process.

Every process runs as an installed mjevent does, with its modules' bytecode cached (a
`PYTHONDONTWRITEBYTECODE` in the environment is dropped for them, so the first run writes the
`__pycache__` folders; compiling every module anew would add some 0.4 s to each command).
CPU time is this process's children's (user + system), the steadier figure on a shared machine;
wall time is what the director waits. Each figure is the median of `--repeats` runs (wall and
CPU each), taken in turn so that a busy moment of the machine does not fall on one figure only;
the machine's load average is printed before and after. Targets (issue 25): check and open
under 1x tomllib's CPU; record and print standings under 1 s wall.

Run from the repository's root: `.venv/bin/python -m bench.commands [--repeats 5]`.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from bench.big_event import make_big_event
from mjevent.core.notation import EntryContext, HandLine, format_entry
from mjevent.core.outcomes import Draw, Hand
from mjevent.events import commands
from mjevent.events.store import EventStore

# The installed `mjevent` script's own two lines, so the run is the director's.
_MJEVENT = (
    "import sys; from mjevent.tui.cli.main import app; sys.argv[0] = 'mjevent'; sys.exit(app())"
)
_TOMLLIB = """
import json, sys, time, tomllib
w, c = time.perf_counter(), time.process_time()
with open(sys.argv[1], "rb") as f:
    tomllib.load(f)
print(json.dumps([time.perf_counter() - w, time.process_time() - c]))
"""
_OPEN = """
import json, sys, time
from mjevent.events import open_event
from mjevent.events.commands import current_state
w, c = time.perf_counter(), time.process_time()
current_state(open_event(sys.argv[1], read_only=True))
print(json.dumps([time.perf_counter() - w, time.process_time() - c]))
"""


# Bytecode cached, as pip leaves an installed package.
_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _process(args: list[str], ok: tuple[int, ...] = (0,)) -> tuple[float, float]:
    """(wall, CPU) seconds of a fresh `python -c ...` process, start to exit."""
    wall, cpu = time.perf_counter(), _children_cpu()
    done = subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, check=False, env=_ENV
    )
    wall, cpu = time.perf_counter() - wall, _children_cpu() - cpu
    if done.returncode not in ok:
        raise SystemExit(f"{args[2:]} exited {done.returncode}: {done.stdout}{done.stderr}")
    return wall, cpu


def _call(script: str, path: Path) -> tuple[float, float]:
    """(wall, CPU) seconds the script's timed call printed."""
    out = subprocess.run(
        [sys.executable, "-c", script, str(path)],
        capture_output=True,
        text=True,
        check=True,
        env=_ENV,
    )
    wall, cpu = json.loads(out.stdout)
    return wall, cpu


def _legal_line(path: Path) -> str:
    """A draw without riichi at the first table of the current round still playing."""
    state = commands.current_state(EventStore.open(path, read_only=True))
    rnd = state.current_round
    for table in range(1, len(state.seating[rnd]) + 1):
        game = state.game(rnd, table)
        if game is None or game.result is None:
            hand = Hand(Draw(tenpai=frozenset()), frozenset())
            return format_entry(HandLine(rnd, table, hand), EntryContext(round=rnd))
    raise AssertionError("the current round has no table still playing")


def main() -> None:
    """Build the event, time each figure `--repeats` times in turn, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    load_before = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    with tempfile.TemporaryDirectory(dir=Path.cwd()) as folder:
        path = make_big_event(Path(folder) / "big.toml")
        (Path(folder) / ".big.toml.lock").unlink(missing_ok=True)
        legal = _legal_line(path)
        refused = "t999 ron E<-S 3/30"
        copy = Path(folder) / "copy.toml"

        def record(line: str) -> tuple[float, float]:
            shutil.copyfile(path, copy)
            return _process(["-c", _MJEVENT, "record", str(copy), *line.split()], ok=(0, 1))

        figures: dict[str, Callable[[], tuple[float, float]]] = {
            "tomllib.load (the call)": lambda: _call(_TOMLLIB, path),
            "mjevent check (whole process)": lambda: _process(["-c", _MJEVENT, "check", str(path)]),
            "open: open_event + first fold (the calls)": lambda: _call(_OPEN, path),
            "mjevent record, a legal line": lambda: record(legal),
            "mjevent record, a refused line": lambda: record(refused),
            "mjevent print standings": lambda: _process(
                ["-c", _MJEVENT, "print", "standings", str(path)]
            ),
        }
        runs: dict[str, list[tuple[float, float]]] = {name: [] for name in figures}
        for _ in range(args.repeats):
            for name, run in figures.items():
                runs[name].append(run())
        median = {
            name: (statistics.median(w for w, _ in got), statistics.median(c for _, c in got))
            for name, got in runs.items()
        }
        size = path.stat().st_size
        entries = len(EventStore.open(path, read_only=True).log)
    base = median["tomllib.load (the call)"][1]
    targets = {
        "mjevent check (whole process)": "CPU < 1x tomllib",
        "open: open_event + first fold (the calls)": "CPU < 1x tomllib",
        "mjevent record, a legal line": "wall < 1 s",
        "mjevent record, a refused line": "wall < 1 s",
        "mjevent print standings": "wall < 1 s",
    }
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(
        f"500 players, {entries:,} log entries, {size / 1e6:.1f} MB; median of {args.repeats}; "
        f"machine load (1, 5, 15 min) {load_before} before, {load} after"
    )
    print(f"legal line: {legal}")
    print(f"{'measure':<44} {'wall s':>7} {'CPU s':>7} {'CPU/tomllib':>12}  target")
    print("-" * 92)
    for name, (wall, cpu) in median.items():
        print(f"{name:<44} {wall:>7.2f} {cpu:>7.2f} {cpu / base:>11.2f}x  {targets.get(name, '')}")


if __name__ == "__main__":
    main()

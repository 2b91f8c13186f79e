"""What speaking Japanese costs: prints a table.

- loading the catalogue (`catalogues/ja.po` read with Babel and compiled in memory), cold, in a
  fresh interpreter each time (what `mjevent --lang ja ...` pays once at start-up);
- one message looked up (`_`), English (no catalogue) and Japanese;
- the entry line's preview (`core.preview.preview_line` plus its text) on the club sample, per
  line, English and Japanese.

Run from the repository's root: `.venv/bin/python -m bench.language [--runs 5]`.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

from mjevent.core import i18n
from mjevent.core.i18n import _
from mjevent.core.preview import LinePreview, preview_line, read_entry
from mjevent.events.session import EventSession
from mjevent.events.store import EventStore
from mjevent.tui.views import language

SAMPLE = Path(__file__).resolve().parents[1] / "samples" / "club.toml"
LINES = ["t1 ron S<-W 3/30 r:E,S", "t2 tsumo E 4/30", "t3 draw tenpai:E,S", "t9 ron S<-W 3/30",
         "t1 ron S<-W 3/35", "t4 final 41200 28800 22100 27900"]
LOAD = (
    "import time; t = time.perf_counter(); from mjevent.tui.views import language; "
    "language.use('ja'); print((time.perf_counter() - t) * 1000)"
)


def _load_ms(runs: int) -> float:
    return statistics.median(
        float(subprocess.run([sys.executable, "-c", LOAD], capture_output=True, text=True,
                             check=True).stdout)
        for _ in range(runs)
    )


def _lookup_ns(count: int = 200_000) -> float:
    start = time.perf_counter()
    for _i in range(count):
        _("Standings")
    return (time.perf_counter() - start) / count * 1e9


def _preview_us(store: EventStore, count: int = 200) -> float:
    folder = EventSession(store).folder()
    state = folder.state()
    start = time.perf_counter()
    for _i in range(count):
        for line in LINES:
            result = preview_line(folder, read_entry(state, line))
            if isinstance(result, LinePreview):
                result.describe()
    return (time.perf_counter() - start) / (count * len(LINES)) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    store = EventStore.open(SAMPLE, read_only=True)
    rows = [("catalogue load, cold (ms, median)", "-", f"{_load_ms(args.runs):.1f}")]
    english_lookup, english_preview = _lookup_ns(), _preview_us(store)
    language.use("ja")
    rows.append(("one message looked up (ns)", f"{english_lookup:.0f}", f"{_lookup_ns():.0f}"))
    rows.append(("preview of a line, club (us)", f"{english_preview:.0f}",
                 f"{_preview_us(store):.0f}"))
    language.use(i18n.ENGLISH)
    print(f"{'step':<38} {'English':>8} {'Japanese':>9}")
    for step, en, ja in rows:
        print(f"{step:<38} {en:>8} {ja:>9}")


if __name__ == "__main__":
    main()

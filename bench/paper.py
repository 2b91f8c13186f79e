"""Paper timings on the 500-player benchmark event (`bench/big_event.py`): shaping, rendering
and printing to PDF through headless Chromium, with the PDF's page count.

Run: .venv/bin/python -m bench.paper [--repeat 3]

Prints a table (median and best wall time of `--repeat` runs, in ms; pages of the PDF).
Informational only: nothing is asserted.
"""

from __future__ import annotations

import argparse
import re
import shutil
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from bench.big_event import make_big_event
from mjevent.core.state import EventState
from mjevent.core.stats import stats_from_state
from mjevent.events.commands import current_state
from mjevent.events.store import EventStore
from mjevent.tui.views.paper import (
    Paper,
    player_cards,
    round_by_player,
    round_by_table,
    score_sheets,
)
from mjevent.tui.views.paper_render import render_paper
from mjevent.tui.views.pdf import html_to_pdf
from mjevent.tui.views.table import TableFormat


def _timed(work: Callable[[], object], repeat: int) -> tuple[float, float]:
    times: list[float] = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), min(times)


def _pages(path: Path) -> str:
    if shutil.which("pdfinfo") is None:
        return "?"
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True).stdout
    found = re.search(r"Pages:\s+(\d+)", info)
    return found.group(1) if found else "?"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        event = make_big_event(Path(tmp) / "big.toml")
        state: EventState = current_state(EventStore.open(event))
        rnd = 13
        papers: list[tuple[str, Callable[[], Paper]]] = [
            ("round by table (125 tables)", lambda: round_by_table(state, rnd)),
            ("round by player (500 names)", lambda: round_by_player(state, rnd)),
            ("score sheets (125)", lambda: score_sheets(state, rnd)),
            # The cards' numbers counted too, as `mjevent print cards` counts them.
            ("player cards (500, 15 rounds)", lambda: player_cards(state, stats_from_state(state))),
        ]
        print(f"{'paper':32} {'shape ms':>9} {'text ms':>8} {'html ms':>8} {'pdf ms':>8} "
              f"{'pages':>6}")
        for name, make in papers:
            shape, _ = _timed(make, args.repeat)
            paper = make()
            text, _ = _timed(partial(render_paper, paper, TableFormat.TEXT), args.repeat)
            page, _ = _timed(partial(render_paper, paper, TableFormat.HTML), args.repeat)
            target = Path(tmp) / "out.pdf"
            html = render_paper(paper, TableFormat.HTML)
            if shutil.which("chromium"):
                pdf, _ = _timed(partial(html_to_pdf, html, target), 1)
                pdf_text, pages = f"{pdf:8.0f}", _pages(target)
            else:
                pdf_text, pages = f"{'-':>8}", "-"
            print(f"{name:32} {shape:9.1f} {text:8.1f} {page:8.1f} {pdf_text} {pages:>6}")


if __name__ == "__main__":
    main()

"""Results-site timings on the 500-player benchmark event (`bench/big_event.py`): building the
pages in one language and in both, writing them into a new folder, planning a re-run that
writes nothing, and packing the zip.

Run: .venv/bin/python -m bench.publish

Prints a table (wall and CPU seconds of one run each; files and megabytes). Informational
only: nothing is asserted.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from bench.big_event import make_big_event
from mjevent.events.session import EventSession
from mjevent.tui.cli.publish import site_plan, write_site, zip_bytes
from mjevent.tui.views import language
from mjevent.tui.views.site import build_site

T = TypeVar("T")


def _timed(work: Callable[[], T]) -> tuple[T, float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    result = work()
    return result, time.perf_counter() - wall, time.process_time() - cpu


def main() -> None:
    language.start(None)
    with tempfile.TemporaryDirectory() as tmp:
        session = EventSession.open(make_big_event(Path(tmp) / "big.toml"))
        folder = Path(tmp) / "site"
        print(f"{'step':34} {'wall s':>7} {'cpu s':>7} {'files':>6} {'MB':>6}")

        def row(name: str, wall: float, cpu: float, files: int, size: int) -> None:
            print(f"{name:34} {wall:7.1f} {cpu:7.1f} {files:6d} {size / 1e6:6.1f}")

        english, wall, cpu = _timed(lambda: build_site(session, ("en",)))
        row("build, English only", wall, cpu, len(english), sum(map(len, english.values())))
        site, wall, cpu = _timed(lambda: build_site(session))
        size = sum(map(len, site.values()))
        row("build, English and Japanese", wall, cpu, len(site), size)
        plan, wall, cpu = _timed(lambda: site_plan(folder, site))
        row("plan, new folder", wall, cpu, len(plan.write), size)
        _, wall, cpu = _timed(lambda: write_site(folder, site, plan))
        row("write every page", wall, cpu, len(plan.write), size)
        again, wall, cpu = _timed(lambda: site_plan(folder, site))
        row("plan a re-run (compare every page)", wall, cpu, len(again.write), 0)
        packed, wall, cpu = _timed(lambda: zip_bytes(site, "site"))
        row("zip", wall, cpu, len(site), len(packed))


if __name__ == "__main__":
    main()

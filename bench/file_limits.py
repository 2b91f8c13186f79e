"""What `mjevent check` costs on big and hostile event files, and where the size limit stops it.

Builds the 500-player benchmark event (`bench.big_event`, 18,000 hands, about 4 MB), then files
grown past it by appending hand entries (the shape of issue 13's hostile 50 MB file of 308,000
entries) to 16 MB (the limit, `store.MAX_FILE_BYTES`) and 50 MB; runs `mjevent check` on each
in a fresh process and prints a table: size, entries, wall time, peak memory (max RSS), and
the outcome. The 50 MB file is also checked with the limit lifted, to show what it saves.

Run: `.venv/bin/python -m bench.file_limits [--keep DIR]`.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.big_event import make_big_event, random_hand
from mjevent.core.entries import HandRecorded
from mjevent.events import toml_write
from mjevent.events.store import MAX_FILE_BYTES

AT = "2026-12-02T10:00:00+00:00"
# Runs `mjevent check FILE` with the size limit set to argv[2] bytes.
_CHECK = (
    "import sys; from mjevent.events import store; store.MAX_FILE_BYTES = int(sys.argv[2]); "
    "from mjevent.tui.cli.main import app; sys.argv = ['mjevent', 'check', sys.argv[1]]; app()"
)


def grow(source: Path, target: Path, size: int) -> int:
    """Copy `source` to `target` and append hand entries until it is `size` bytes; the count."""
    rng = random.Random(13)
    data = bytearray(source.read_bytes())
    entries = data.count(b"\n# end ")
    serial = 0
    while len(data) < size:
        serial += 1
        entry = HandRecorded(id=f"x{serial:07d}", at=AT, round=rng.randrange(1, 16),
                             table=rng.randrange(1, 126), hand=random_hand(rng))
        data += toml_write.log_block(entry.to_record()).encode()
        entries += 1
    target.write_bytes(bytes(data))
    return entries


def check(path: Path, limit: int) -> tuple[float, float, str]:
    """Wall seconds, peak MB and the first line of `mjevent check` in a fresh process."""
    start = time.perf_counter()
    with tempfile.TemporaryFile() as out:
        child = subprocess.Popen([sys.executable, "-c", _CHECK, str(path), str(limit)],
                                 stdout=out, stderr=out)
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
        wall = time.perf_counter() - start
        out.seek(0)
        lines = out.read().decode().strip().splitlines()
    last = lines[-1] if lines else ""
    summary = last.split(str(path))[-1].strip(": ")[:70]
    return wall, usage.ru_maxrss / 1024, f"exit {child.returncode}: {summary}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--keep", type=Path, help="Write the files here and keep them.")
    args = parser.parse_args()
    folder = args.keep or Path(tempfile.mkdtemp(prefix="mjevent-limits-"))
    folder.mkdir(parents=True, exist_ok=True)
    big = folder / "big.toml"
    if not big.exists():
        make_big_event(big)
    rows = [("benchmark event", big, big.read_bytes().count(b"\n# end "), MAX_FILE_BYTES)]
    for label, size in (("grown to the limit", MAX_FILE_BYTES - 4096), ("hostile", 50_000_000)):
        path = folder / f"{size // 1_000_000}mb.toml"
        rows.append((label, path, grow(big, path, size), MAX_FILE_BYTES))
    rows.append(("hostile, no limit", rows[-1][1], rows[-1][2], 1 << 40))
    print(f"{'file':<20} {'MB':>6} {'entries':>9} {'wall s':>7} {'peak MB':>8}  outcome")
    for label, path, entries, limit in rows:
        wall, peak, outcome = check(path, limit)
        megabytes = path.stat().st_size / 1e6
        print(f"{label:<20} {megabytes:>6.1f} {entries:>9,} {wall:>7.2f} {peak:>8.0f}  {outcome}")
    if args.keep is None:
        for path in folder.iterdir():
            os.unlink(path)
        folder.rmdir()


if __name__ == "__main__":
    main()

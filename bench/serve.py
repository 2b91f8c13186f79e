"""The venue's server under a burst: 64 tables send their results at once; print a table.

Starts `mjevent serve` (a separate process, as at the venue) on a 256-player event seated at 64
tables, then every table at once enters its game's final scores from its East seat and has its
North seat confirm them, through the JSON API the table page uses, over loopback. A listener
holds the public event stream (`/events`) and, at every change it announces, reads the public
standings (`/api/standings`), as an open standings page does.

Measured: each POST from sending to its answer (the answer comes after the entry is durably in
the file: lock, write, fsync); for each table, from the answer of the confirmation that made its
game count to the first standings read that shows its players' game (0 when that read came
before the table's task had read its own answer: the two leave the server together); how long
the server takes to answer a static file asked for every 10 ms during the burst (what keeps its
event loop from reading a request: the group commits ran on it before they had a thread of
their own); the server's CPU time during the burst; its resident memory (VmRSS, and its peak
VmHWM) before and after.

Run from the repository's root: `.venv/bin/python -m bench.serve [--tables 64]`.
Targets (issue 21): p95 POST to durably recorded under 100 ms; recorded to the standings page
under 1 s.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp

from mjevent.events import table_keys
from mjevent.events.store import EventStore


def make_event(path: Path, tables: int) -> None:
    players = [{"id": f"p{i}", "name": f"Player {i}"} for i in range(1, 4 * tables + 1)]
    seating = [[f"p{4 * t + s}" for s in range(1, 5)] for t in range(tables)]
    EventStore.create(
        path,
        {
            "event": {"name": "Bench", "format_version": 1},
            "rules": {"preset": "ema2016"},
            "players": players,
            "seating": {"rounds": [{"round": 1, "tables": seating}]},
        },
    )


def memory(pid: int) -> dict[str, int]:
    """VmRSS and VmHWM of `pid` in KiB (Linux)."""
    out: dict[str, int] = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            out[key] = int(value.split()[0])
    return out


def cpu_seconds(pid: int) -> float:
    """User and system CPU time `pid` has used, in seconds (Linux). On a shared machine the
    wall-clock times above grow with the others' load; the server's own CPU time much less."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


async def burst(base: str, keys: dict[int, str]) -> dict[str, Any]:
    posts: list[float] = []
    submits: list[float] = []
    recorded_at: dict[int, float] = {}
    seen_at: dict[int, float] = {}
    static: list[float] = []
    done = asyncio.Event()
    burst_over = asyncio.Event()

    async def listen(session: aiohttp.ClientSession) -> None:
        async with session.get(f"{base}/events") as stream:
            async for line in stream.content:
                if not line.startswith(b"data:"):
                    continue
                async with session.get(f"{base}/api/standings") as answer:
                    rows = (await answer.json())["rows"]
                now = time.perf_counter()
                played = {r["player"] for r in rows if r["games"] >= 1}
                for t in keys:
                    if t not in seen_at and f"p{4 * (t - 1) + 1}" in played:
                        seen_at[t] = now
                if len(seen_at) == len(keys):
                    done.set()
                    return

    async def table(session: aiohttp.ClientSession, t: int) -> None:
        api = f"{base}/api/t/{keys[t]}"
        start = time.perf_counter()
        async with session.post(
            f"{api}/entries", json={"line": "final 40000 30000 25000 25000", "seat": "E"}
        ) as answer:
            assert answer.status == 201, await answer.text()
            entry = (await answer.json())["id"]
        submits.append(time.perf_counter() - start)
        start = time.perf_counter()
        async with session.post(f"{api}/entries/{entry}/confirm", json={"seat": "N"}) as answer:
            assert answer.status == 200, await answer.text()
        recorded_at[t] = time.perf_counter()
        posts.append(recorded_at[t] - start)

    async def probe(session: aiohttp.ClientSession) -> None:
        while not burst_over.is_set():
            start = time.perf_counter()
            async with session.get(f"{base}/static/venue.css") as answer:
                await answer.read()
            static.append(time.perf_counter() - start)
            await asyncio.sleep(0.01)

    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as session:
        listener = asyncio.create_task(listen(session))
        await asyncio.sleep(0.3)
        began = time.perf_counter()
        prober = asyncio.create_task(probe(session))
        await asyncio.gather(*(table(session, t) for t in keys))
        elapsed = time.perf_counter() - began
        burst_over.set()
        await prober
        await asyncio.wait_for(done.wait(), timeout=60)
        listener.cancel()
    # The server updates its view before it answers, so the stream's "changed" and the
    # confirmation's answer leave together, and the listener may read the standings before
    # this table's task has read its answer: that is "at once", 0, not a negative time.
    shown = [max(0.0, seen_at[t] - recorded_at[t]) for t in keys]
    return {
        "submit": submits,
        "confirm": posts,
        "shown": shown,
        "static": static,
        "elapsed": elapsed,
    }


def main() -> None:
    """Start the server, run the burst, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=64)
    parser.add_argument(
        "--profile",
        metavar="FILE",
        help="run the server under cProfile and write its stats to FILE (pstats format)",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.toml"
        make_event(path, args.tables)
        keys = {t: table_keys.table_token(path, 1, t) for t in range(1, args.tables + 1)}
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        # SIGTERM stops aiohttp's run_app cleanly, so cProfile writes its stats on the way out.
        program = "from mjevent.tui.cli.main import app; app()"
        if args.profile:
            program = "import cProfile; from mjevent.tui.cli.main import app; " + (
                f"cProfile.run('app()', {args.profile!r})"
            )
        server = subprocess.Popen(
            [
                sys.executable,
                "-c",
                program,
                "serve",
                str(path),
                "--port",
                str(port),
                "--password",
                "bench",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                with socket.socket() as s:
                    if s.connect_ex(("127.0.0.1", port)) == 0:
                        break
                time.sleep(0.1)
            before = memory(server.pid)
            cpu = cpu_seconds(server.pid)
            result = asyncio.run(burst(f"http://127.0.0.1:{port}", keys))
            cpu = cpu_seconds(server.pid) - cpu
            after = memory(server.pid)
        finally:
            server.terminate()
            server.wait(timeout=30)
    ms = 1000.0
    print(
        f"{args.tables} tables in one burst over loopback ({2 * args.tables} POSTs in "
        f"{result['elapsed']:.2f} s)"
    )
    print(f"{'step':<48} {'median ms':>10} {'p95 ms':>8} {'max ms':>8} {'target':>8}")
    rows = [
        ("POST entry -> durably pending (201)", result["submit"], "-"),
        ("POST confirm -> durably recorded (200)", result["confirm"], "< 100"),
        ("recorded -> public standings show it", result["shown"], "< 1000"),
        ("a static file during the burst", result["static"], "-"),
    ]
    for name, values, target in rows:
        print(
            f"{name:<48} {statistics.median(values) * ms:>10.1f} {p95(values) * ms:>8.1f} "
            f"{max(values) * ms:>8.1f} {target:>8}"
        )
    print(f"{'server CPU time during the burst':<48} {cpu * ms:>10.0f} ms")
    print(
        f"{'server memory (RSS) before / after / peak':<48} "
        f"{before['VmRSS'] / 1024:>7.1f} MiB {after['VmRSS'] / 1024:>7.1f} MiB "
        f"{after['VmHWM'] / 1024:>7.1f} MiB"
    )


if __name__ == "__main__":
    main()

"""A writer killed with SIGKILL at random moments never loses an acknowledged entry.

Each round forks a child that appends entries as fast as it can and reports every id on a pipe
once `append` has returned; the parent kills it at a random moment, then opens the file. In
every fourth round the child's third entry carries a 5 MB note, announced on the pipe just
before it is appended, and the parent kills the child as soon as the file starts to grow: Linux
copies a large `write` in 2 MB steps and stops between steps for a fatal signal, so these kills
leave genuinely torn tails (an entry under 2 MB is never torn by a kill, only by power loss;
tests/events/test_store_torn.py cuts entries at every byte for that).
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from mjevent.events.store import EventStore

ROUNDS = 40
SAMPLES = Path(__file__).resolve().parents[2] / "samples"


def _record(child: int, n: int, big: bool) -> dict[str, Any]:
    record: dict[str, Any] = {
        "id": f"c{child}-{n}",
        "at": "2026-12-02T15:30:00+00:00",
        "kind": "hand",
        "round": 1 + n % 12,
        "table": 1 + n % 30,
        "outcome": "ron",
        "loser": "W",
        "wins": [{"winner": "S", "han": 3, "fu": 30}],
        "riichi": ["E"],
    }
    if big and n == 2:
        record["note"] = "東南西北" * 420_000
    return record


def _writer(path: Path, child: int, ack: int, big: bool) -> None:
    """The child: append until killed, acknowledging each id after `append` returns."""
    store = EventStore.open(path)
    os.write(ack, b"ready\n")
    n = 0
    while True:
        record = _record(child, n, big)
        if "note" in record:
            os.write(ack, b"big\n")
        store.append(record)
        os.write(ack, f"c{child}-{n}\n".encode())
        n += 1


def _run_child(path: Path, child: int, delay: float, at_big_write: bool) -> list[str]:
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child never returns
        try:
            os.close(read_end)
            _writer(path, child, write_end, at_big_write)
        finally:
            os._exit(1)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as pipe:
        first = pipe.readline()
        assert first == b"ready\n"
        seen = b""
        if at_big_write:
            while not seen.endswith(b"big\n"):
                seen += pipe.readline()
            size = path.stat().st_size
            deadline = time.monotonic() + 2.0
            while path.stat().st_size == size and time.monotonic() < deadline:
                pass
        time.sleep(delay)
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        lines = (seen + pipe.read()).decode().split("\n")
    return [line for line in lines if line and line != "big"]


def _create(path: Path) -> None:
    EventStore.create(
        path,
        {"event": {"name": "Crash test", "format_version": 1}, "rules": {"preset": "ema2016"}},
    )


def _check(path: Path, acknowledged: list[str]) -> int:
    """Assert nothing acknowledged is lost; returns how many torn tails were moved aside.

    `acknowledged` gains the one entry that may be complete on disk although the kill came
    before its acknowledgement.
    """
    store = EventStore.open(path)
    ids = [r["id"] for r in store.log]
    # Every acknowledged entry is there, in the order it was acknowledged.
    assert [i for i in ids if i in set(acknowledged)] == acknowledged
    # At most the one entry whose acknowledgement the kill cut off is there unannounced.
    assert len(ids) - len(acknowledged) in (0, 1)
    assert len(set(ids)) == len(ids)
    for warning in store.warnings:
        assert warning.startswith(f"{path}: the file ended in an unfinished log entry")
    # The repair is complete: the file now opens without a warning.
    assert EventStore.open(path).warnings == []
    if len(ids) > len(acknowledged):
        acknowledged.append(ids[-1])
    sides = list(path.parent.glob(f"{path.name}.torn-*"))
    assert len(sides) == len(store.warnings)
    for side in sides:
        side.unlink()
    return len(store.warnings)


def test_append_is_durable_after_sigkill(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    _create(path)
    rng = random.Random(4)
    acknowledged: list[str] = []
    torn = 0
    for child in range(ROUNDS):
        if child % 4 == 3:
            # A file of its own, so that the 5 MB entries do not slow the other rounds.
            big = tmp_path / f"big-{child}.toml"
            _create(big)
            big_acknowledged = _run_child(big, child, rng.uniform(0.0, 0.002), at_big_write=True)
            torn += _check(big, big_acknowledged)
            big.unlink()
        else:
            acknowledged += _run_child(path, child, rng.uniform(0.0, 0.1), at_big_write=False)
            torn += _check(path, acknowledged)
    assert len(acknowledged) > ROUNDS
    print(f"{len(acknowledged)} acknowledged, {torn} torn tails")


CLI_KILLS = 12


def test_mjevent_record_killed_at_any_moment_loses_nothing_acknowledged(tmp_path: Path) -> None:
    """`mjevent record` processes killed at random moments: opening, folding, holding the lock,
    writing. A hand is acknowledged when `recorded <id>` is printed; every acknowledged hand is
    in the file, the lock is never left held, and the file always opens clean again."""
    path = tmp_path / "club.toml"
    shutil.copy(SAMPLES / "club.toml", path)
    rng = random.Random(13)
    acknowledged: list[str] = []
    unannounced = 0
    for n in range(CLI_KILLS):
        with tempfile.TemporaryFile() as out:
            child = subprocess.Popen(
                [sys.executable, "-c", "from mjevent.tui.cli.main import app; app()", "record",
                 str(path), "--id", f"K{n}", "r5", "t1", "draw", "tenpai:E,S,W,N"],
                stdout=out, stderr=out,
            )
            time.sleep(rng.uniform(0.3, 1.5))
            child.send_signal(signal.SIGKILL)
            child.wait()
            out.seek(0)
            if f"recorded K{n}".encode() in out.read():
                acknowledged.append(f"K{n}")
        store = EventStore.open(path)  # also takes the lock: a dead holder left none
        ids = [r["id"] for r in store.log if r["id"].startswith("K")]
        assert [i for i in ids if i in acknowledged] == acknowledged
        if f"K{n}" in ids and f"K{n}" not in acknowledged:
            unannounced += 1  # written, killed before it could say so
        assert len(ids) == len(acknowledged) + unannounced
        assert EventStore.open(path).warnings == []
    print(f"{CLI_KILLS} kills: {len(acknowledged)} acknowledged, {unannounced} unannounced")

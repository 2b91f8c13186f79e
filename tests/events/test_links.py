"""The lock and the torn-tail repair follow the file, not the name it was opened by.

A writer appends a 5 MB entry to `real.toml` (Linux copies a large `write` in steps, so the file
is seen half-written for a while); meanwhile a second process opens the same file through a
symbolic link (or a hard link) for writing, which repairs a torn tail when it finds one. Keyed
to the name, the second opener took its own lock, took the append in flight for a torn tail and
cut it off. Keyed to the file, it waits for the writer, and the entry is there. Each round uses
a new file (a few 5 MB entries would pass the 16 MiB limit).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from mjevent.events import open_event
from mjevent.events.store import EventStore

ROUNDS = 6


def _big(n: int) -> dict[str, Any]:
    return {"id": f"big-{n}", "at": "2026-12-02T15:30:00+00:00", "kind": "note",
            "text": "東南西北" * 420_000}


def _writer(path: Path, n: int, started: int) -> None:
    store = open_event(path)
    os.write(started, b"go\n")
    store.append(_big(n))


def _race(real: Path, other_name: Path, n: int, read_only: bool = False) -> list[str]:
    """Append big-n to `real` while another process opens `other_name`; the warnings seen."""
    read_end, write_end = os.pipe()
    size = real.stat().st_size
    pid = os.fork()
    if pid == 0:  # pragma: no cover - runs in the child
        code = 1
        try:
            os.close(read_end)
            _writer(real, n, write_end)
            code = 0
        finally:
            os._exit(code)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as pipe:
        assert pipe.readline() == b"go\n"
    status = 0
    while real.stat().st_size == size:
        done, status = os.waitpid(pid, os.WNOHANG)
        assert done == 0, "the writer ended without appending"  # the append has begun
    opener = open_event(other_name, read_only=read_only)
    assert os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1] if status == 0 else status) == 0
    return opener.warnings


def _event(folder: Path, n: int) -> Path:
    real = folder / f"real-{n}.toml"
    EventStore.create(
        real, {"event": {"name": "Links", "format_version": 1}, "rules": {"preset": "ema2016"}}
    )
    return real


@pytest.mark.parametrize("kind", ["symlink", "hardlink"])
def test_an_opener_through_a_link_never_cuts_an_append_in_flight(
    tmp_path: Path, kind: str
) -> None:
    for n in range(ROUNDS):
        real = _event(tmp_path, n)
        link = tmp_path / f"link-{n}.toml"
        if kind == "symlink":
            link.symlink_to(real)
        else:
            os.link(real, link)
        assert _race(real, link, n) == []
        assert [r["id"] for r in open_event(real, read_only=True).log] == [f"big-{n}"]
    assert not list(tmp_path.glob("*.torn-*"))


def test_a_read_only_reader_waits_for_an_append_in_flight(tmp_path: Path) -> None:
    """A reader takes no lock, but when it finds an unfinished entry while a writer holds the
    file it waits for the writer and reads again: an append in progress is no torn tail."""
    for n in range(ROUNDS):
        real = _event(tmp_path, n)
        assert _race(real, real, n, read_only=True) == []
        assert [r["id"] for r in open_event(real, read_only=True).log] == [f"big-{n}"]

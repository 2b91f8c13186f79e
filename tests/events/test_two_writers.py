"""Two processes appending to one event file at once: every entry lands, the file stays valid."""

from __future__ import annotations

import json
import os
import tomllib
from pathlib import Path

from mjevent.events.store import EventStore

PER_WRITER = 1000


def _writer(path: Path, name: str, start: int) -> None:
    """The child: open the file and append PER_WRITER entries, then exit."""
    store = EventStore.open(path)
    # Wait until both children are ready, so that the appends really interleave.
    while not os.path.exists(f"{path}.go"):
        pass
    positions = []
    for n in range(PER_WRITER):
        store.append(
            {
                "id": f"{name}-{n:04d}",
                "at": "2026-12-02T15:30:00+00:00",
                "kind": "hand",
                "round": 1,
                "table": start,
            }
        )
        # Where this entry sits in the log as this process knows it right after appending.
        positions.append(len(store.log) - 1)
    Path(f"{path}.{name}.json").write_text(json.dumps(positions), encoding="utf-8")


def test_two_processes_append_2000_entries_to_one_file(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    EventStore.create(
        path, {"event": {"name": "Two laptops", "format_version": 1}, "rules": {"preset": "wrc"}}
    )
    children = []
    for name, table in (("a", 1), ("b", 2)):
        pid = os.fork()
        if pid == 0:  # pragma: no cover - runs in the child
            code = 1
            try:
                _writer(path, name, table)
                code = 0
            finally:
                os._exit(code)
        children.append(pid)
    Path(f"{path}.go").touch()
    for pid in children:
        assert os.waitpid(pid, 0)[1] == 0

    store = EventStore.open(path)
    ids = [r["id"] for r in store.log]
    assert len(ids) == 2 * PER_WRITER
    assert store.warnings == []
    # Each writer's entries are all there, in the order it appended them.
    for name in ("a", "b"):
        assert [i for i in ids if i.startswith(name)] == [
            f"{name}-{n:04d}" for n in range(PER_WRITER)
        ]
    # Each append first read what the other process had appended: every entry sits in the
    # file exactly where its writer's copy of the log put it.
    for name in ("a", "b"):
        positions = json.loads(Path(f"{path}.{name}.json").read_text(encoding="utf-8"))
        assert [ids[p] for p in positions] == [f"{name}-{n:04d}" for n in range(PER_WRITER)]
    assert tomllib.loads(path.read_text(encoding="utf-8"))["log"] == store.log

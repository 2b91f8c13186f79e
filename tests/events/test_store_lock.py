"""Writers take turns on the lock file; a console notices every kind of change on disk."""

from __future__ import annotations

import fcntl
import os
import threading
from pathlib import Path
from typing import Any

import pytest

from mjevent.events.errors import (
    EventFileLockError,
    EventFileReadOnlyError,
    EventFileReplacedError,
)
from mjevent.events.lock import lock_path, locked
from mjevent.events.store import EventStore


def _settings(venue: str = "Hall A") -> dict[str, Any]:
    return {
        "event": {"name": "Club night", "format_version": 1, "venue": venue},
        "rules": {"preset": "ema2016"},
    }


def _note(n: int) -> dict[str, Any]:
    return {"id": f"n{n}", "at": "2026-12-02T20:00:00+00:00", "kind": "note", "text": f"{n}"}


def test_a_held_lock_times_out_with_a_message_naming_the_lock_file(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    EventStore.create(path, _settings())
    fd = os.open(lock_path(path), os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        with pytest.raises(EventFileLockError) as caught, locked(path, timeout=0.05):
            pass
    finally:
        os.close(fd)
    assert str(caught.value) == (
        f"{path}: another process has held {lock_path(path)} for over 0.05 s. Fix: close the "
        "other mjevent working on this file, or wait for it to finish, then try again."
    )
    with locked(path, timeout=0.05):
        pass


def test_threads_appending_through_two_stores_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    stores = [EventStore.create(path, _settings())]
    stores.append(EventStore.open(path))

    def work(store: EventStore, first: int) -> None:
        for n in range(first, first + 100):
            store.append(_note(n))

    threads = [threading.Thread(target=work, args=(s, 1000 * i)) for i, s in enumerate(stores)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    ids = sorted(r["id"] for r in EventStore.open(path).log)
    assert ids == sorted([f"n{n}" for n in range(100)] + [f"n{n}" for n in range(1000, 1100)])


def test_a_settings_rewrite_by_another_store_is_noticed_and_reloaded(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    a = EventStore.create(path, _settings())
    a.append(_note(1))
    b = EventStore.open(path)
    a.rewrite_settings(_settings("Hall B"))
    assert b.changed_on_disk() is True
    b.reload()
    assert b.settings["event"]["venue"] == "Hall B"
    assert b.log == a.log
    assert b.changed_on_disk() is False


def test_a_file_saved_by_an_editor_is_reloaded_whole(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    store = EventStore.create(path, _settings())
    for n in range(3):
        store.append(_note(n))
    # An editor saves by writing a new file and renaming it over the old one. (The settings are
    # for editing; an entry of the log changed by hand no longer matches its checksum.)
    text = path.read_text(encoding="utf-8").replace('venue = "Hall A"', 'venue = "Hall B"')
    edited = tmp_path / "club.toml~"
    edited.write_text(text, encoding="utf-8")
    os.replace(edited, path)
    assert store.changed_on_disk() is True
    store.reload()
    assert [r["text"] for r in store.log] == ["0", "1", "2"]
    assert store.settings["event"]["venue"] == "Hall B"


def test_a_deleted_file_is_reported_as_missing_on_append(tmp_path: Path) -> None:
    """The store holds the whole event: it offers to write it back, never `mjevent new`."""
    path = tmp_path / "club.toml"
    store = EventStore.create(path, _settings())
    path.unlink()
    assert store.changed_on_disk() is True
    with pytest.raises(EventFileReplacedError) as caught:
        store.append(_note(1))
    assert str(caught.value).startswith(
        f"{path} needs attention: the file was deleted (or moved away) while it was open here."
    )
    assert "mjevent new" not in str(caught.value)
    assert caught.value.divergence.deleted and not path.exists()
    store.write_back()
    store.append(_note(1))
    assert [rec["id"] for rec in EventStore.open(path).log] == [_note(1)["id"]]


def _no_lock_files(monkeypatch: pytest.MonkeyPatch) -> None:
    real_open = os.open

    def refuse_locks(name: Any, flags: int, mode: int = 0o777) -> int:
        if str(name).endswith(".lock"):
            raise PermissionError(13, "Permission denied")
        return real_open(name, flags, mode)

    monkeypatch.setattr(os, "open", refuse_locks)


def test_a_file_in_a_read_only_folder_opens_but_is_not_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "club.toml"
    store = EventStore.create(path, _settings())
    store.append(_note(1))
    with path.open("ab") as f:
        f.write(b'\n[[log]]\nid = "n2"\nat = "2026-')
    before = path.read_bytes()
    _no_lock_files(monkeypatch)
    reader = EventStore.open(path)
    assert reader.log == [_note(1)]
    line = before.count(b"\n", 0, before.rindex(b"# end n1")) + 2
    assert reader.warnings == [
        f"{path}: the file ends in an unfinished log entry (line {line} on, 30 bytes), as left "
        "when a program stops mid-write; the 1 complete entry loads normally. It was left in "
        f"place because no lock file can be made in {tmp_path}. Fix: copy the file to a "
        "writable folder and open it there to move the unfinished entry aside."
    ]
    reader.reload()
    assert reader.log == [_note(1)]
    with pytest.raises(EventFileReadOnlyError) as caught:
        reader.append(_note(3))
    assert str(caught.value) == (
        f"{path}: cannot create the lock file {lock_path(path)} (Permission denied). "
        "Fix: make the folder writable, or copy the event file to a writable folder."
    )
    assert path.read_bytes() == before

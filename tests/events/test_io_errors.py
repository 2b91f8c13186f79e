"""A write that fails (EIO, a full disk, a read-only disk, no permission) records nothing.

Failures are injected into `write`, `fsync` and the read-back of an append, and a real full
disk and a read-only disk are made with a small tmpfs where the machine allows mounting one.
Every case must give one clear message naming the file and the cause, exit 1 without a
traceback from the command line, leave the event file byte for byte as it was, and leave no
other file behind (no side file, no temporary file).
"""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from mjevent.events import commands, open_event, toml_write
from mjevent.events.errors import EventFileError, EventFileReadOnlyError, EventFileWriteError
from mjevent.events.store import EventStore
from mjevent.tui.cli.main import app

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
runner = CliRunner()
TORN = b'\n[[log]]\nid = "TORN"\nat = "2026-03-14T16:00:00+00:00"\nkind = "ha'


def _note(n: int) -> dict[str, Any]:
    return {"id": f"n{n}", "at": "2026-12-02T20:00:00+00:00", "kind": "note", "text": f"{n}"}


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


@pytest.fixture()
def club(tmp_path: Path) -> Path:
    return Path(shutil.copy(SAMPLES / "club.toml", tmp_path / "club.toml"))


def _failing(
    monkeypatch: pytest.MonkeyPatch, name: str, code: int, after: Callable[..., Any] | None = None
) -> None:
    """Make `os.<name>` fail with `code` (after calling the real one when `after` is given)."""
    real = getattr(os, name)

    def fail(*args: Any) -> Any:
        if after is not None:
            after(real, *args)
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(os, name, fail)


def _half_write(real: Callable[[int, Any], int], fd: int, data: Any) -> None:
    real(fd, bytes(data)[: len(data) // 2])


@pytest.mark.parametrize(
    ("name", "code", "after", "cause"),
    [
        ("fsync", errno.EIO, None,
         "an input/output error (the disk or USB stick may be failing or unplugged)"),
        ("write", errno.ENOSPC, _half_write, "the disk is full"),
        ("write", errno.EDQUOT, None, "the disk quota is used up"),
        ("fsync", errno.ENOSPC, None, "the disk is full"),
    ],
)
def test_a_failed_append_is_cut_back_and_named(
    club: Path, monkeypatch: pytest.MonkeyPatch, name: str, code: int,
    after: Callable[..., Any] | None, cause: str,
) -> None:
    store = open_event(club)
    before = _files(club.parent)
    _failing(monkeypatch, name, code, after)
    with pytest.raises(EventFileWriteError) as caught:
        store.append(_note(1))
    monkeypatch.undo()
    assert caught.value.cause == cause
    assert str(caught.value).startswith(
        f"{club}: entry n1 was not recorded: {cause}. The file was cut back to what it held "
        "before: nothing was recorded. Fix: "
    )
    assert _files(club.parent) == before
    assert len(store.log) == 167
    # The same store records it on the next try, once.
    store.append(_note(1))
    store.append(_note(1))
    ids = [r["id"] for r in open_event(club, read_only=True).log]
    assert (len(ids), ids[-1], ids.count("n1")) == (168, "n1", 1)


def test_an_append_that_does_not_read_back_is_cut_back(
    club: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = open_event(club)
    before = club.read_bytes()
    monkeypatch.setattr(os, "pread", lambda fd, n, at: b"\0" * n)
    with pytest.raises(EventFileWriteError) as caught:
        store.append(_note(1))
    monkeypatch.undo()
    assert "what was written did not read back the same" in str(caught.value)
    assert club.read_bytes() == before


def test_when_cutting_back_fails_too_the_message_says_to_retry_with_the_id(
    club: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = open_event(club)
    _failing(monkeypatch, "fsync", errno.EIO)
    _failing(monkeypatch, "ftruncate", errno.EIO)
    with pytest.raises(EventFileWriteError) as caught:
        store.append(_note(1))
    monkeypatch.undo()
    assert "Cutting the file back failed too (an input/output error" in str(caught.value)
    assert "Retry with the same entry id so it is recorded once." in str(caught.value)
    # The entry did reach the file: a retry with its id records nothing twice.
    store.append(_note(1))
    assert [r["id"] for r in open_event(club).log].count("n1") == 1


def test_record_with_failing_fsync_exits_1_with_the_id_to_retry(
    club: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = club.read_bytes()
    _failing(monkeypatch, "fsync", errno.EIO)
    result = runner.invoke(app, ["record", str(club), "--id", "R1", "r5", "t1", "draw"])
    monkeypatch.undo()
    assert result.exit_code == 1
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.stderr.startswith(f"error: {club}: entry R1 was not recorded: an input/output")
    assert result.stderr.endswith("Retry with --id R1 so that it is recorded once.\n")
    assert club.read_bytes() == before
    again = runner.invoke(app, ["record", str(club), "--id", "R1", "r5", "t1", "draw"])
    assert again.exit_code == 0, again.output
    assert [r["id"] for r in open_event(club).log].count("R1") == 1


def test_an_unreadable_file_is_named_with_the_cause(
    club: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_open = os.open  # the store opens the file with os.open (O_NONBLOCK: issue 22)

    def refuse(name: Any, *args: Any, **kwargs: Any) -> Any:
        if str(name) == str(club):
            raise PermissionError(errno.EACCES, "Permission denied")
        return real_open(name, *args, **kwargs)

    monkeypatch.setattr("os.open", refuse)
    with pytest.raises(EventFileError) as caught:
        open_event(club, read_only=True)
    assert str(caught.value) == (
        f"{club}: cannot be read: permission denied. Fix: make the file and its folder "
        "writable for you (or copy the event file to a folder of your own)."
    )


# --- A real full disk and a real read-only disk ---------------------------------------------


def _mount_tmpfs(folder: Path, size: str) -> bool:
    if os.geteuid() != 0 or shutil.which("mount") is None:
        return False
    folder.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", f"mjevent-{uuid.uuid4().hex[:8]}",
         str(folder)],
        capture_output=True,
        check=False,
    )
    return done.returncode == 0


@pytest.fixture()
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 512 KiB tmpfs holding a copy of club.toml, or a skip where mounting is not allowed."""
    folder = tmp_path / "stick"
    if not _mount_tmpfs(folder, "512k"):
        pytest.skip("mounting a small tmpfs needs root (mount -t tmpfs); not allowed here")
    try:
        shutil.copy(SAMPLES / "club.toml", folder / "club.toml")
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def _pad(club: Path) -> int:
    """Append a note that ends the event file at a page boundary: a file's last page has room
    to grow into without taking space from the disk, which would hide a full disk."""
    # A note holds at most 1,000 characters (core.text.text_problem): as many as it takes.
    for n in range(8):
        size = club.stat().st_size
        pad = {"id": f"pad{n}", "at": "2026-03-14T16:00:00+00:00", "kind": "note", "text": ""}
        block = len(toml_write.log_block(pad).encode())
        need = (-(size + block)) % 4096
        pad["text"] = "x" * (need if need <= 1000 else 900)
        open_event(club).append(pad)
        if need <= 1000:
            break
    assert club.stat().st_size % 4096 == 0
    return n + 1


def _fill(folder: Path) -> None:
    """Fill the disk to the last byte."""
    fd = os.open(folder / "filler", os.O_WRONLY | os.O_CREAT, 0o644)
    try:
        while True:
            os.write(fd, b"\0" * 512)
    except OSError as error:
        assert error.errno == errno.ENOSPC
    finally:
        os.close(fd)
    assert os.statvfs(folder).f_bavail == 0


def test_a_full_disk_gives_clear_messages_and_leaves_nothing(small_disk: Path) -> None:
    club = small_disk / "club.toml"
    _pad(club)  # the lock file exists before the disk fills up, as at a venue
    _fill(small_disk)
    before = _files(small_disk)

    record = runner.invoke(app, ["record", str(club), "--id", "F1", "r5", "t1", "draw"])
    assert record.exit_code == 1
    assert record.stderr.startswith(f"error: {club}: entry F1 was not recorded: the disk is full.")
    assert "Fix: free space on the disk" in record.stderr
    assert _files(small_disk) == before

    check = runner.invoke(app, ["check", str(club)])
    assert check.exit_code == 0, check.output
    printed = runner.invoke(app, ["print", "standings", str(club)])
    assert printed.exit_code == 0, printed.output
    assert _files(small_disk) == before

    new = runner.invoke(app, ["new", str(small_disk / "cup.toml"), "--name", "Cup",
                              "--rules", "ema2016"])
    assert new.exit_code == 1
    assert new.stderr.startswith(
        f"error: {small_disk / 'cup.toml'}: the event file was not created: the disk is full."
    )
    assert _files(small_disk) == before


def test_a_torn_tail_on_a_full_disk_is_left_in_place_and_blocks_appends(
    small_disk: Path,
) -> None:
    club = small_disk / "club.toml"
    notes = _pad(club)
    with club.open("ab") as f:
        f.write(TORN)
    _fill(small_disk)
    before = _files(small_disk)
    store = open_event(club)
    assert len(store.log) == 167 + notes
    assert len(store.warnings) == 1
    assert store.warnings[0].endswith(
        "It could not be moved aside (the disk is full), so it was left in place and nothing "
        "can be recorded until it is. Fix: free space on the disk (or make it writable), then "
        "record again: the unfinished entry is moved aside first."
    )
    with pytest.raises(EventFileWriteError) as caught:
        commands.record_line(store, "r5 t1 draw", entry_id="F2")
    assert "the file ends in an unfinished log entry that could not be moved aside" in str(
        caught.value
    )
    assert _files(small_disk) == before
    # Space again: the same store moves the torn tail aside before its next append.
    (small_disk / "filler").unlink()
    commands.record_line(store, "r5 t1 draw", entry_id="F2")
    assert store.warnings[-1].startswith(f"{club}: the file ended in an unfinished log entry")
    assert [p.read_bytes() for p in small_disk.glob("club.toml.torn-*")] == [TORN]
    reopened = open_event(club)
    assert (reopened.log[-1]["id"], reopened.warnings) == ("F2", [])


def test_a_read_only_disk_is_read_and_never_written(small_disk: Path) -> None:
    club = small_disk / "club.toml"
    subprocess.run(["mount", "-o", "remount,ro", str(small_disk)], check=True)
    before = _files(small_disk)
    record = runner.invoke(app, ["record", str(club), "r5", "t1", "draw"])
    assert record.exit_code == 1
    assert record.stderr.startswith(
        f"error: {club}: cannot create the lock file {small_disk / '.club.toml.lock'} "
        "(Read-only file system). Fix: make the folder writable, or copy the event file to a "
        "writable folder."
    )
    assert runner.invoke(app, ["check", str(club)]).exit_code == 0
    with pytest.raises(EventFileReadOnlyError):
        open_event(club).append(_note(1))
    assert _files(small_disk) == before


def test_create_on_a_full_disk_leaves_no_temporary_file(small_disk: Path) -> None:
    _fill(small_disk)
    before = _files(small_disk)
    with pytest.raises(EventFileWriteError) as caught:
        EventStore.create(small_disk / "cup.toml", {
            "event": {"name": "Cup", "format_version": 1}, "rules": {"preset": "ema2016"}})
    assert caught.value.cause == "the disk is full"
    assert _files(small_disk) == before


def test_an_event_file_without_write_permission_is_named_with_the_cause(
    club: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = open_event(club)
    before = _files(club.parent)
    real_open = os.open

    def refuse_writes(name: Any, flags: int, mode: int = 0o777) -> int:
        if str(name) == str(club) and flags & (os.O_WRONLY | os.O_RDWR):
            raise PermissionError(errno.EACCES, "Permission denied")
        return real_open(name, flags, mode)

    monkeypatch.setattr(os, "open", refuse_writes)
    with pytest.raises(EventFileWriteError) as caught:
        store.append(_note(1))
    assert str(caught.value) == (
        f"{club}: entry n1 was not recorded: permission denied. Fix: make the file and its "
        "folder writable for you (or copy the event file to a folder of your own)."
    )
    monkeypatch.undo()
    assert _files(club.parent) == before

"""Writing files so that they appear complete or not at all: each write whole, fsynced, and the
folder fsynced after a rename or link.
"""

from __future__ import annotations

import contextlib
import os
import secrets
from pathlib import Path


def write_all(fd: int, data: bytes) -> None:
    """Write all of `data` to `fd` (a `write` may take only part of it)."""
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def write_new(path: Path, data: bytes, mode: int = 0o644) -> None:
    """Create `path` with `data`, fsynced; on failure remove it again and raise `OSError`."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, mode)
    try:
        write_all(fd, data)
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        with contextlib.suppress(OSError):
            path.unlink()
        raise
    os.close(fd)


def fsync_dir(folder: Path) -> None:
    """Make a rename, link or new file in `folder` durable."""
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def temp_name(path: Path) -> Path:
    """A hidden, unique name beside `path` for a file written before it takes `path`'s place."""
    return path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")

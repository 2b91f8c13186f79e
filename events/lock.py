"""One writer at a time: an advisory `flock` on a lock file next to the event file.

The lock is on `.<event>.lock` (hidden, next to the event file), not on the event file itself,
because rewriting the settings replaces the event file by a rename: a lock held on the old file
would not exclude a process that opens the new one. The lock file is never deleted (deleting
it would let two processes lock two different files of the same name).
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from mjevent.events.errors import EventFileLockError, EventFileReadOnlyError

LOCK_TIMEOUT_S = 10.0
"""How long to wait for another process before giving up with `EventFileLockError`."""

# flock excludes other open files, but not two threads that share one; this serialises threads.
_THREADS = threading.Lock()


def lock_path(path: Path) -> Path:
    """The lock file used for event file `path`: `club.toml` -> `.club.toml.lock`."""
    return path.with_name(f".{path.name}.lock")


@contextlib.contextmanager
def locked(path: Path, timeout: float = LOCK_TIMEOUT_S) -> Iterator[None]:
    """Hold the exclusive lock of event file `path` for the `with` block."""
    target = lock_path(path)
    deadline = time.monotonic() + timeout
    with _THREADS:
        try:
            fd = os.open(target, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        except OSError as error:
            raise EventFileReadOnlyError(
                path,
                f"{path}: cannot create the lock file {target} ({error.strerror}). "
                "Fix: make the folder writable, or copy the event file to a writable folder.",
            ) from None
        try:
            delay = 0.0005
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if time.monotonic() > deadline:
                        raise EventFileLockError(
                            path,
                            f"{path}: another process has held {target} for over "
                            f"{timeout:g} s. Fix: close the other mjevent working on this "
                            "file, or wait for it to finish, then try again.",
                        ) from None
                    time.sleep(delay)
                    delay = min(delay * 2, 0.002)
            yield
        finally:
            # Closing the descriptor releases the lock.
            os.close(fd)

"""One writer at a time: an advisory `flock` keyed to the event file itself, not to its name.

Two locks are taken, in this order, and released together:

1. `.<event>.lock` next to the file the name resolves to (symbolic links followed), so
   `link.toml` and `real.toml` take the same lock. It is a separate file because rewriting the
   settings replaces the event file by a rename: a lock held on the old file would not exclude
   a process that opens the new one. The lock file is never deleted (deleting it would let two
   processes lock two different files of the same name).
2. The event file's own descriptor, so that two names of one file that resolve differently
   (a hard link, a second mount of the folder) still exclude each other.

Readers that only read (`open_event(path, read_only=True)`) take neither lock and create no file.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from mjevent.core.i18n import _
from mjevent.events.errors import EventFileLockError, EventFileReadOnlyError, system_cause

LOCK_TIMEOUT_S = 10.0
"""How long to wait for another process before giving up with `EventFileLockError`."""

# flock excludes other open files, but not two threads that share one; this serialises threads.
_THREADS = threading.Lock()


def real_path(path: Path) -> Path:
    """The file `path` names, symbolic links resolved (the file need not exist yet)."""
    return Path(os.path.realpath(path))


def lock_path(path: Path) -> Path:
    """The lock file used for event file `path`: `club.toml` -> `.club.toml.lock`, placed next
    to the file the name resolves to."""
    real = real_path(path)
    return real.with_name(f".{real.name}.lock")


def flock_by(fd: int, operation: int, deadline: float) -> bool:
    """Take `flock(fd, operation)` (LOCK_EX or LOCK_SH), retrying until the monotonic
    `deadline`; False when it could not be had by then."""
    delay = 0.0005
    while True:
        try:
            fcntl.flock(fd, operation | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            if time.monotonic() > deadline:
                return False
            time.sleep(delay)
            delay = min(delay * 2, 0.002)


def _flock(fd: int, deadline: float, path: Path, held: Path, timeout: float) -> None:
    if not flock_by(fd, fcntl.LOCK_EX, deadline):
        raise EventFileLockError(
            path,
            _(
                "{path}: another process has held {held} for over "
                "{timeout:g} s. Fix: close the other mjevent working on this "
                "file, or wait for it to finish, then try again."
            ).format(path=path, held=held, timeout=timeout),
        )


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
                _(
                    "{path}: cannot create the lock file {lock} ({cause}). "
                    "Fix: make the folder writable, or copy the event file to a writable folder."
                ).format(path=path, lock=target, cause=system_cause(error)),
            ) from None
        own = -1
        try:
            _flock(fd, deadline, path, target, timeout)
            try:
                own = os.open(real_path(path), os.O_RDONLY | os.O_CLOEXEC)
            except OSError:
                own = -1  # no file (yet, or any more): the caller reports it when it reads
            if own >= 0:
                _flock(own, deadline, path, path, timeout)
            yield
        finally:
            # Closing the descriptors releases the locks.
            if own >= 0:
                os.close(own)
            os.close(fd)

"""`read_regular`: how mjevent reads a file a user names (an import, a keymap, a players list).

Such a path may be anything: a folder, a pipe that nobody writes (an ordinary `open` waits on
it for ever), `/dev/zero` (which reports size 0 and never ends), or a very large file. So the
file is opened without blocking, refused unless it is a regular file, and refused when it is
larger than the caller's limit, before a byte is read; at most `limit` bytes are ever read, so a
file that grows while it is read is refused too. The messages never quote the file's content:
the path may name a file that is not the caller's (an import of `/etc/shadow`).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from mjevent.core.i18n import _

__all__ = ["FileRefusedError", "is_regular", "read_regular", "size_text"]


class FileRefusedError(ValueError):
    """The path cannot be read as a file of its kind; the message names it and the fix."""

    def __init__(self, path: Path | str, message: str) -> None:
        self.path = Path(path)
        super().__init__(message)


def size_text(size: int) -> str:
    """A byte count as people read it: `1.5 MB`, `200 kB`, `12 bytes`.

    >>> size_text(1_500_000), size_text(200_000), size_text(12)
    ('1.5 MB', '200 kB', '12 bytes')
    """
    if size >= 1_000_000:
        return f"{size / 1_000_000:.1f} MB"
    if size >= 1_000:
        return f"{size // 1_000} kB"
    return _("{count} bytes").format(count=size)


def is_regular(path: Path | str) -> bool:
    """Whether `path` (links followed) is a regular file; never opens it, so never blocks."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def not_regular(path: Path | str, what: str) -> FileRefusedError:
    """The refusal of a path that is a folder, a pipe, a device or a socket."""
    return FileRefusedError(
        path,
        _(
            "{path}: not a regular file (a folder, a pipe or a device); nothing was read. "
            "Fix: give the path of {what} saved on disk."
        ).format(path=path, what=what),
    )


def read_regular(path: Path | str, *, limit: int, what: str) -> bytes:
    """The bytes of the regular file `path`, at most `limit` of them.

    `what` names the kind of file expected (`a seating file`), for the fix in a message. Raises
    `FileNotFoundError` when there is no such file (callers word that themselves), and
    `FileRefusedError` for a non-regular file, a file over `limit` bytes or a read error.

    >>> read_regular("/dev/null", limit=10, what="a seating file")
    Traceback (most recent call last):
    ...
    mjevent.events.files.FileRefusedError: /dev/null: not a regular file (a folder, a pipe or a device); nothing was read. Fix: give the path of a seating file saved on disk.
    """  # noqa: E501
    try:
        # O_NONBLOCK: opening a pipe nobody writes returns at once instead of waiting.
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        raise
    except IsADirectoryError:
        raise not_regular(path, what) from None
    except (OSError, ValueError) as error:
        raise _unreadable(path, error) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise not_regular(path, what)
        if st.st_size > limit:
            raise too_large(path, st.st_size, limit, what)
        os.set_blocking(fd, True)
        chunks: list[bytes] = []
        got = 0
        while got <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
        if got > limit:  # it grew while it was read
            raise too_large(path, got, limit, what)
        return b"".join(chunks)
    except OSError as error:
        raise _unreadable(path, error) from None
    finally:
        os.close(fd)


def too_large(path: Path | str, size: int, limit: int, what: str) -> FileRefusedError:
    """The refusal of a file over the limit (nothing of it is read)."""
    return FileRefusedError(
        path,
        _(
            "{path}: the file is {size}; mjevent reads {what} of at most {limit}. Fix: check "
            "that this is {what}."
        ).format(path=path, size=size_text(size), what=what, limit=size_text(limit)),
    )


def _unreadable(path: Path | str, error: BaseException) -> FileRefusedError:
    reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
    return FileRefusedError(
        path,
        _("cannot read {path}: {reason}. Fix: check the path and its permissions.").format(
            path=path, reason=reason
        ),
    )

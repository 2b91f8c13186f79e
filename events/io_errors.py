"""The event file's read and write failures in words: what did not happen, the cause, the fix.

The exceptions themselves are in `events.errors`; this module words the ones reading and writing
raise (a missing file, a full disk, a file over the size limit).
"""

from __future__ import annotations

import errno
from collections.abc import Sequence
from pathlib import Path

from mjevent.core.i18n import N_, _
from mjevent.events.errors import (
    EventFileError,
    EventFileExistsError,
    EventFileNotFoundError,
    EventFileTooLargeError,
    EventFileWriteError,
    system_cause,
)


def exists_error(path: Path) -> EventFileExistsError:
    """The error for an event file that is already there (mjevent never replaces one)."""
    return EventFileExistsError(
        path,
        _(
            "{path}: the file already exists; mjevent never replaces an event file. "
            "Fix: choose another name, or move the old file away first."
        ).format(path=path),
    )


def not_found_error(path: Path) -> EventFileNotFoundError:
    """The error for an event file that is not there, with how to create one."""
    return EventFileNotFoundError(
        path,
        _(
            "{path}: no such event file. Fix: check the name and folder, or create one with "
            '`mjevent new {path} --name "..." --rules ema2016`.'
        ).format(path=path),
    )


def special_file_error(path: Path) -> EventFileError:
    """The error for a pipe, device or socket given as the event file."""
    return EventFileError(
        path,
        _(
            "{path}: not a regular file (a pipe, a device or a socket), so not an event file; "
            "nothing was read or written. Fix: give the path of the event's .toml file."
        ).format(path=path),
    )


def too_large_error(path: Path, size: int, limit: int) -> EventFileTooLargeError:
    """The error for a file of `size` bytes over the `limit` mjevent reads."""
    return EventFileTooLargeError(
        path,
        _(
            "{path}: the file is {size}; mjevent reads event files up to "
            "{limit} (a 500-player event with 18,000 hands is about 4 MB). "
            "Fix: check that this is an event file; split a very long event into one file per "
            "stage."
        ).format(path=path, size=megabytes(size), limit=megabytes(limit)),
    )


def megabytes(size: int) -> str:
    """`size` bytes in megabytes, as messages show it (`4.2 MB`)."""
    return f"{size / 1_000_000:.1f} MB"


def not_recorded(entry_id: str, others: Sequence[str] = ()) -> str:
    """What did not happen: the entry (or a group's entries) was not recorded."""
    if others:  # a group commit's entries: none of them was recorded
        return _("entries {entries} were not recorded").format(
            entries=", ".join((entry_id, *others))
        )
    return _("entry {entry} was not recorded").format(entry=entry_id)


# errno -> (the cause in words, the fix), translated where they are shown
_CAUSES: dict[int, tuple[str, str]] = {
    errno.ENOSPC: (
        N_("the disk is full"),
        N_("free space on the disk (or copy the event file to another disk), then try again."),
    ),
    errno.EDQUOT: (
        N_("the disk quota is used up"),
        N_("free space in your quota, then try again."),
    ),
    errno.EROFS: (
        N_("the disk is read-only"),
        N_("copy the event file to a writable disk and use the copy."),
    ),
    errno.EACCES: (
        N_("permission denied"),
        N_(
            "make the file and its folder writable for you "
            "(or copy the event file to a folder of your own)."
        ),
    ),
    errno.EPERM: (
        N_("permission denied"),
        N_(
            "make the file and its folder writable for you "
            "(or copy the event file to a folder of your own)."
        ),
    ),
    errno.EIO: (
        N_("an input/output error (the disk or USB stick may be failing or unplugged)"),
        N_("check the disk, copy the event file to another disk, and use the copy."),
    ),
    errno.EFBIG: (
        N_("the file is too large for this disk"),
        N_("copy the event file to another disk."),
    ),
}


class ReadBackError(OSError):
    """An append that was written and fsynced but reads back different bytes."""


def cause_of(error: OSError) -> str:
    """The cause of `error` in words (the system's own words for an error not listed)."""
    if isinstance(error, ReadBackError):
        return _("what was written did not read back the same (the disk may be failing)")
    known = _CAUSES.get(error.errno or 0)
    return _(known[0]) if known else system_cause(error)


def fix_for(error: OSError) -> str:
    """The fix for `error` in words (a general one for an error not listed)."""
    known = _CAUSES.get(error.errno or 0)
    return _(known[1]) if known else _("check the disk and the folder, then try again.")


def write_error(path: Path, error: OSError, what: str, left: str = "") -> EventFileWriteError:
    """The error for a failed write: the file, what did not happen, the cause, the fix."""
    cause = cause_of(error)
    if left:
        message = _("{path}: {what}: {cause}. {left} Fix: {fix}")
    else:
        message = _("{path}: {what}: {cause}. Fix: {fix}")
    return EventFileWriteError(
        path,
        message.format(path=path, what=what, cause=cause, left=left, fix=fix_for(error)),
        cause,
    )

"""What can go wrong with an event file, one class per cause.

Every message names the file, then the line (`club.toml:12:5`) or the key path
(`club.toml: players[12].name`), what was expected, and the fix. The command line prints the
message as it is and exits non-zero.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from mjevent.core.i18n import N_, _

if TYPE_CHECKING:
    from mjevent.events.replaced import Divergence


class EventFileError(Exception):
    """Something stops an event file from being opened, created or written."""

    def __init__(self, path: Path | str, message: str) -> None:
        self.path = Path(path)
        super().__init__(message)


class EventFileNotFoundError(EventFileError):
    """The event file does not exist."""


class EventFileExistsError(EventFileError):
    """`create` (and `mjevent new`) refuse to replace a file that is already there."""


class EventFileSyntaxError(EventFileError, ValueError):
    """The file is not valid TOML (or not UTF-8); `line` and `column` count from 1."""

    def __init__(self, path: Path | str, message: str, line: int, column: int) -> None:
        self.line = line
        self.column = column
        super().__init__(path, message)


class EventFileInvalidError(EventFileError, ValueError):
    """The file is valid TOML but a value is wrong; `key_path` names it (`players[12].name`).

    `detail` is the message without the file and line in front (what is wrong, and the fix),
    when it was made by `at`: the line is added later, when it is found, without reading the
    message's text (which is in the user's language).
    """

    def __init__(
        self, path: Path | str, message: str, key_path: str, detail: str | None = None
    ) -> None:
        self.key_path = key_path
        self.detail = detail
        super().__init__(path, message)

    @classmethod
    def at(
        cls, path: Path | str, detail: str, key_path: str, line: int | None = None
    ) -> EventFileInvalidError:
        """The error whose message is `file:line: detail` (`file: detail` without a line)."""
        where = f"{path}:{line}" if line is not None else f"{path}"
        return cls(path, f"{where}: {detail}", key_path, detail)


class EventFileLockError(EventFileError):
    """Another process held the event file's lock for too long."""


class EventFileReadOnlyError(EventFileLockError):
    """The lock file cannot be created (a read-only folder): the file can be read, not written."""


class EventFileWriteError(EventFileError):
    """Writing failed (disk full, read-only, permission, an I/O error); nothing was recorded.

    `cause` is the cause in words ("the disk is full"); the message names the file, the cause
    and the fix, and says what was left on disk (nothing: a failed append is rolled back).
    """

    def __init__(self, path: Path | str, message: str, cause: str) -> None:
        self.cause = cause
        super().__init__(path, message)


class EventFileTooLargeError(EventFileError):
    """The file is over the size mjevent reads (see `store.MAX_FILE_BYTES`)."""


class EventFileReplacedError(EventFileError):
    """The file no longer holds what the open store read or wrote (replaced, or deleted).

    `divergence` says what is missing; the store writes
    nothing until its caller chooses (`append_back`, `accept_file`, `write_back`).
    """

    def __init__(self, path: Path | str, message: str, divergence: Divergence) -> None:
        super().__init__(path, message)
        self.divergence = divergence


# The C library's words for the errors a disk or a folder gives (the same English on every
# system mjevent runs on): marked, so a message quoting them is in the user's language.
_SYSTEM_WORDS = frozenset(
    {
        N_("Permission denied"),
        N_("Operation not permitted"),
        N_("Read-only file system"),
        N_("No such file or directory"),
        N_("No space left on device"),
        N_("Disk quota exceeded"),
        N_("Input/output error"),
        N_("Not a directory"),
        N_("Is a directory"),
        N_("File name too long"),
        N_("File too large"),
    }
)


def system_cause(error: OSError) -> str:
    """The system's own words for `error` (`Permission denied`), in the user's language when
    they are words the catalogue has."""
    text = error.strerror or str(error)
    return _(text) if text in _SYSTEM_WORDS else text

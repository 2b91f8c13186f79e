"""What can go wrong with an event file, one class per cause.

Every message names the file, then the line (`club.toml:12:5`) or the key path
(`club.toml: players[12].name`), what was expected, and the fix. The command line prints the
message as it is and exits non-zero.
"""

from __future__ import annotations

from pathlib import Path


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
    """The file is valid TOML but a value is wrong; `key_path` names it (`players[12].name`)."""

    def __init__(self, path: Path | str, message: str, key_path: str) -> None:
        self.key_path = key_path
        super().__init__(path, message)


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

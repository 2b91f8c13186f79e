"""Table tokens: the key in a table's URL that lets a phone enter that table's results.

A token is the round and the table, then an HMAC-SHA256 of the round, the table and the table's
generation under the event's secret: 32 bytes in URL-safe base64 (43 characters, 256 bits), so
`3-7-` and 43 characters. The secret lives in a
file beside the event file, never inside it (`club.toml` -> `club.toml.keys`, mode 0600, made
on first use), so sharing the event file (by mail, on the results site) never shares the keys:

    table_token(path, 3, 7)        # the URL key of table 7 in round 3
    token_table(path, token)       # (3, 7), or None for a wrong, revoked or unknown token
    revoke(path, 3, 7)             # a new token for table 7; the old one is refused from now on

The keys file is TOML: `secret` (64 hex digits, from `secrets.token_bytes(32)`) and, for each
table whose token was replaced, its generation (`generations = { "3.7" = 1 }`). It is written
to a temporary file and renamed into place (fsynced), under an exclusive lock, so two servers
revoking at once never lose a generation. Deleting it revokes every token of the event.
"""

from __future__ import annotations

import base64
import fcntl
import hashlib
import hmac
import os
import re
import secrets
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import tomli_w

from mjevent.core.i18n import _
from mjevent.events.errors import EventFileError

__all__ = [
    "KeysFileError",
    "keys_path",
    "revoke",
    "table_token",
    "token_table",
]

MAX_TABLE = 999
"""Rounds and tables are numbered 1 to 999 (docs/event-file.md, Limits)."""

_TOKEN = re.compile(r"([1-9][0-9]{0,2})-([1-9][0-9]{0,2})-[A-Za-z0-9_-]{43}")


class KeysFileError(EventFileError):
    """The keys file beside the event cannot be read, made or written; the message says which
    file and the fix."""


@dataclass(frozen=True)
class _Keys:
    """The secret and each replaced table's generation, as read (kept between requests, so
    never changed in place: a revoke makes new ones)."""

    secret: bytes
    generations: dict[str, int] = field(default_factory=dict)


def keys_path(path: Path) -> Path:
    """The keys file of the event file `path`: the same name with `.keys` added."""
    path = Path(path)
    return path.with_name(path.name + ".keys")


def _where(round: int, table: int) -> str:
    if not (1 <= round <= MAX_TABLE and 1 <= table <= MAX_TABLE):
        raise ValueError(f"round {round} table {table}: rounds and tables are 1 to {MAX_TABLE}")
    return f"{round}.{table}"


def _token(keys: _Keys, round: int, table: int) -> str:
    where = _where(round, table)
    message = f"mjevent table {where} {keys.generations.get(where, 0)}".encode()
    digest = hmac.new(keys.secret, message, hashlib.sha256).digest()
    return f"{round}-{table}-" + base64.urlsafe_b64encode(digest).decode().rstrip("=")


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on the keys file's own lock file for the block."""
    lock = keys_path(path).with_name(keys_path(path).name + ".lock")
    try:
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError as error:
        raise KeysFileError(lock, _cannot(lock, error)) from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def _cannot(path: Path, error: OSError) -> str:
    return _(
        "{file}: the table keys file cannot be used ({reason}). Fix: make the folder of the "
        "event file writable, or move the event file to a folder you can write"
    ).format(file=path, reason=error.strerror or error)


# Every request of a table's page checks its token: the keys file is read (and its TOML parsed)
# once per version of the file, known by its `stat`. A revoke renames a new file into place (a
# new inode) and a deletion makes the `stat` fail, so either counts from the very next check.
_KEPT: dict[Path, tuple[tuple[int, ...], _Keys]] = {}
_KEPT_FILES = 64


def _read(path: Path) -> _Keys | None:
    file = keys_path(path)
    try:
        st = os.stat(file)
    except FileNotFoundError:
        _KEPT.pop(file, None)
        return None
    except OSError as error:
        raise KeysFileError(file, _cannot(file, error)) from None
    # Stated before reading: a file replaced in between is read new and kept under the old
    # stat, which the next check no longer matches, so it is read again.
    version = (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)
    kept = _KEPT.get(file)
    if kept is not None and kept[0] == version:
        return kept[1]
    keys = _parse(file)
    if keys is not None:
        if len(_KEPT) >= _KEPT_FILES:
            _KEPT.pop(next(iter(_KEPT)))
        _KEPT[file] = (version, keys)
    return keys


def _parse(file: Path) -> _Keys | None:
    try:
        raw = file.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as error:
        raise KeysFileError(file, _cannot(file, error)) from None
    try:
        data = tomllib.loads(raw.decode("utf-8"))
        secret = bytes.fromhex(data["secret"])
        generations = {str(k): int(v) for k, v in dict(data.get("generations", {})).items()}
    except (UnicodeDecodeError, tomllib.TOMLDecodeError, KeyError, ValueError, TypeError):
        raise KeysFileError(
            file,
            _(
                "{file}: this is not a table keys file mjevent can read. Fix: move it away; a "
                "new one is made (every table then needs its new URL)"
            ).format(file=file),
        ) from None
    if len(secret) < 16:
        raise KeysFileError(
            file,
            _(
                "{file}: the secret is shorter than 128 bits. Fix: move the file away; a new one "
                "is made (every table then needs its new URL)"
            ).format(file=file),
        )
    return _Keys(secret, generations)


def _write(path: Path, keys: _Keys) -> None:
    file = keys_path(path)
    data: dict[str, object] = {"secret": keys.secret.hex()}
    if keys.generations:
        data["generations"] = dict(sorted(keys.generations.items()))
    text = (
        "# mjevent table keys for " + Path(path).name + ": keep this file private; never share "
        "it with the event file.\n" + tomli_w.dumps(data)
    )
    temporary = file.with_name(file.name + f".{os.getpid()}.tmp")
    try:
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            os.fchmod(fd, 0o600)
            os.write(fd, text.encode())
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temporary, file)
        folder = os.open(file.parent, os.O_RDONLY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)
    except OSError as error:
        temporary.unlink(missing_ok=True)
        raise KeysFileError(file, _cannot(file, error)) from None


def _keys(path: Path) -> _Keys:
    """The event's keys, the file made (with a new secret) when there is none yet."""
    keys = _read(path)
    if keys is not None:
        return keys
    with _locked(path):
        keys = _read(path)
        if keys is None:
            keys = _Keys(secrets.token_bytes(32))
            _write(path, keys)
    return keys


def table_token(path: Path, round: int, table: int) -> str:
    """The token of `table` in `round` of the event at `path` (`3-7-` and 43 URL-safe
    characters).

    The same table gets the same token until it is revoked; another round, another table or
    another event's secret gives another one.
    """
    return _token(_keys(path), round, table)


def token_table(path: Path, token: str) -> tuple[int, int] | None:
    """The (round, table) whose current token is `token`, or None: a wrong token, one revoked,
    one of another event, or any token when the event has no keys file (none was given out).

    The token names its round and table in the clear (`3-7-...`: they are on the table's score
    sheet anyway); its MAC part is compared in constant time (`hmac.compare_digest`) with the
    one the secret gives, so the answer's time tells nothing about how close a guess was.
    """
    m = _TOKEN.fullmatch(token)  # round and table 1 to 999, then 43 base64 characters
    if m is None:
        return None
    round, table = int(m.group(1)), int(m.group(2))
    keys = _read(path)
    if keys is None:
        return None
    if hmac.compare_digest(_token(keys, round, table).encode(), token.encode()):
        return (round, table)
    return None


def revoke(path: Path, round: int, table: int) -> str:
    """Give `table` of `round` a new token (its generation goes up by one in the keys file)
    and return it; the old token is refused from now on."""
    where = _where(round, table)
    _keys(path)
    with _locked(path):
        kept = _read(path)
        assert kept is not None
        generations = {**kept.generations, where: kept.generations.get(where, 0) + 1}
        keys = _Keys(kept.secret, generations)
        _write(path, keys)
    return _token(keys, round, table)

"""The event file on disk: settings first, then an append-only log, never losing an entry.

One TOML file holds an event. The settings part comes first; the log follows as `[[log]]`
blocks, one per entry, each ending with the line `# end <id>`:

    [[log]]
    id = "01JEXAMPLE0000000000000000"
    at = "2026-12-02T15:30:00+00:00"
    kind = "hand"
    round = 1
    # end 01JEXAMPLE0000000000000000

How each promise is kept:

- Appending writes one block at the end of the file with one `write`, then `fsync`: the entry
  is on disk when `append` returns, and nothing before it is rewritten. Inside `group()` (a
  group commit, the venue's server) the entries appended are checked one by one and written
  together, one `write` and one `fsync`, when the group ends; on failure none of them is.
- A block without its end line was cut off mid-write (power loss, `kill -9`). `open` loads the
  entries before it, moves the cut-off bytes to `<event>.torn-<UTC time>` (fsynced before the
  event file is truncated) and says so in `warnings`.
- Rewriting the settings writes a temporary file in the same folder, fsyncs it, renames it over
  the event file and fsyncs the folder; the log part is copied byte for byte and the result is
  parsed back and compared before the rename.
- Writers take an `flock` on `.<event>.lock`; before appending, a store reads what other
  processes appended since it last looked (only the new bytes are parsed).
- An entry's `id` is made where it was entered (`new_entry_id`); appending an id that is already
  in the log returns the logged entry and writes nothing, so a retried command records once.

A file that does not validate raises an `EventFileError` subclass and is never written to.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import errno
import fcntl
import json
import os
import re
import secrets
import stat
import threading
import time
import tomllib
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mjevent.core.heap import collector_paused
from mjevent.core.i18n import N_, _, ngettext, use_event_language
from mjevent.core.settings import EventSettings, SettingsError, settings_from_dict, settings_to_dict
from mjevent.events import toml_write
from mjevent.events.errors import (
    EventFileError,
    EventFileExistsError,
    EventFileInvalidError,
    EventFileNotFoundError,
    EventFileReadOnlyError,
    EventFileReplacedError,
    EventFileSyntaxError,
    EventFileTooLargeError,
    EventFileWriteError,
    system_cause,
)
from mjevent.events.lock import flock_by, locked, real_path
from mjevent.events.replaced import Divergence, log_divergence

HEADER = (
    "# mjevent event file: the settings, then the log (append-only, one [[log]] block per entry).\n"
    "# Schema: docs/event-file.md. Add log entries with mjevent; an entry ends with `# end <id>`.\n"
    "\n"
)
LOG_BANNER = "\n# ---- log: appended by mjevent; every entry ends with its `# end <id>` line ----\n"

_END = toml_write.END_PREFIX.encode()
_BANNER = LOG_BANNER.strip().encode()
_LOG_HEADER = re.compile(rb"(?m)^[ \t]*\[\[[ \t]*log[ \t]*\]\][ \t]*(?:#[^\n]*)?\r?$")
_TOML_WHERE = re.compile(r" \(at line (\d+), column (\d+)\)$")
_TAIL = 64
_BOM = b"\xef\xbb\xbf"

MAX_FILE_BYTES = 16 * 1024 * 1024
"""The largest event file mjevent reads or grows (see docs/event-file.md, Limits)."""
_ID_TEXT = re.compile(r"[^\s]+")
_ID_NEW = re.compile(r"[A-Za-z0-9_.:-]{1,64}")

ID_RULE = "1 to 64 characters from A-Z, a-z, 0-9 and - _ . :"
"""The alphabet of entry ids mjevent writes (`new_entry_id()` makes 26 of A-Z and 0-9). Older
files may hold other ids without spaces; they are read as they are."""


def _stat_key(st: os.stat_result) -> tuple[int, int, int, int]:
    return st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns


@dataclass(frozen=True)
class _Mark:
    """What the file looked like when this store last read or wrote it."""

    dev: int
    ino: int
    size: int
    mtime_ns: int
    tail: bytes

    @classmethod
    def of(cls, st: os.stat_result, tail: bytes) -> _Mark:
        return cls(st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, tail[-_TAIL:])

    def same_stat(self, st: os.stat_result) -> bool:
        return (self.dev, self.ino, self.size, self.mtime_ns) == (
            st.st_dev,
            st.st_ino,
            st.st_size,
            st.st_mtime_ns,
        )


class EventStore:
    """An open event file: its settings, its log, and durable appends.

    `settings` is the settings part as a plain dict, `event` the same as typed values, `log`
    every entry as a plain dict in file order, `warnings` what `open` had to repair (or, read
    only, what it found and left in place). `path` is the name the file was opened by (used in
    every message); the file itself is the one that name resolves to.
    """

    settings: dict[str, Any]
    event: EventSettings

    def __init__(self, path: Path, *, read_only: bool = False) -> None:
        """An unread store; use `open_event` (or `EventStore.open`, `EventStore.create`)."""
        self.path = path
        self.read_only = read_only
        self.log: list[dict[str, Any]] = []
        self.warnings: list[str] = []
        self._file = real_path(path)
        self._ids: dict[str, int] = {}
        self._mark = _Mark(0, 0, 0, 0, b"")
        # Where an unfinished entry that could not be moved aside starts: no append until then.
        self._torn_at: int | None = None
        self._guard = threading.RLock()
        self._held = 0
        # Inside `group()`: the blocks appended to `log` and not yet written (one write, one
        # fsync at the group's end).
        self._staged: list[bytes] | None = None
        # Set when the file stopped holding what this store read or wrote: no write until the
        # caller chooses (append_back, accept_file, write_back).
        self._diverged: Divergence | None = None

    # --- opening and creating ----------------------------------------------------------------

    @classmethod
    def create(cls, path: Path | str, settings: Mapping[str, Any]) -> EventStore:
        """Write a new event file with these settings and an empty log; refuse an existing file.

        The file appears complete or not at all: it is written to a temporary name, fsynced,
        then hard-linked into place (which fails if the name was taken meanwhile). A failed
        write (disk full, read-only folder) raises `EventFileWriteError` and leaves nothing.
        """
        path = Path(path)
        event = _validate_settings(path, settings)
        if path.exists():
            raise _exists(path)
        if not path.parent.is_dir():
            raise EventFileNotFoundError(
                path,
                _(
                    "{path}: the folder {folder} does not exist. "
                    "Fix: create the folder first, or give a path in an existing folder."
                ).format(path=path, folder=path.parent),
            )
        data = _settings_text(settings_to_dict(event)).encode("utf-8")
        tmp = _temp_name(path)
        try:
            _write_new(tmp, data)
            try:
                try:
                    os.link(tmp, path)
                except FileExistsError:
                    raise
                except OSError:
                    # Some file systems (FAT on a USB stick) have no hard links: create
                    # exclusively.
                    _write_new(path, data)
            except FileExistsError:
                raise _exists(path) from None
            _fsync_dir(path.parent)
        except OSError as error:
            raise _write_error(path, error, _("the event file was not created")) from None
        finally:
            with contextlib.suppress(OSError):
                tmp.unlink(missing_ok=True)
        return cls.open(path)

    @classmethod
    def open(cls, path: Path | str, *, read_only: bool = False) -> EventStore:
        """Load an event file, moving a torn tail aside (see `warnings`); raise if it is invalid.

        `read_only=True` takes no lock, creates no file and never repairs: a torn tail is
        reported in `warnings` and left in place, and `append` refuses. Prefer `open_event`.
        """
        path = Path(path)
        _refuse_special(path)  # before the lock opens it: a pipe would block that open
        store = cls(path, read_only=read_only)
        with collector_paused():
            if read_only:
                store._load_all(repair=False)
                return store
            try:
                with store._locked():
                    store._load_all()
            except EventFileReadOnlyError:
                # No lock file can be made here, so no mjevent can be writing: read, repair nothing.
                store._load_all(repair=False)
        return store

    # --- reading what others wrote -------------------------------------------------------------

    def changed_on_disk(self) -> bool:
        """Whether the file differs from what this store last read or wrote.

        Cheap enough to poll: one `stat`, and when that matches, a read of the last 64 bytes
        (which end with the last entry's `# end <id>` line).
        """
        try:
            with open(self._file, "rb") as f:
                st = os.fstat(f.fileno())
                if not self._mark.same_stat(st):
                    return True
                f.seek(max(0, st.st_size - len(self._mark.tail)))
                return f.read() != self._mark.tail
        except OSError:
            return True

    def reload(self) -> None:
        """Read what changed on disk: only the new entries when others appended, else all."""
        if self.read_only:
            with self._guard:
                self._catch_up(repair=False)
            return
        try:
            with self.transaction():
                pass
        except EventFileReadOnlyError:
            self._catch_up(repair=False)

    def language_warning(self, languages: Collection[str]) -> str | None:
        """What `mjevent check` says when `[event] language` names a language that has no
        catalogue here (`languages`: those there are, `tui.language.available_languages()`),
        or None. The file is shown in the language of `--lang` or the environment instead.

        >>> import tempfile
        >>> store = EventStore.create(Path(tempfile.mkdtemp()) / "cup.toml", {
        ...     "event": {"name": "Cup", "format_version": 1, "language": "ko"},
        ...     "rules": {"preset": "ema2016"}})
        >>> print(store.language_warning(["en", "ja"]).split(": ", 1)[1])
        event.language: 'ko' has no catalogue in this mjevent (it speaks en, ja), so the event \
is shown in the language of --lang or the environment. Fix: write one of en, ja, or add \
catalogues/ko.po (docs/i18n.md).
        >>> store.language_warning(["en", "ja", "ko"]) is None
        True
        """
        wanted = self.event.event.language
        if wanted is None or wanted in languages:
            return None
        try:
            data, _stat = _read(self._file, self.path)
        except EventFileError:
            data = b""
        line = _line_of(data, "event.language")
        where = f"{self.path}:{line}" if line is not None else f"{self.path}"
        known = ", ".join(sorted(languages))
        return _(
            "{where}: event.language: {language!r} has no catalogue in this mjevent (it speaks "
            "{known}), so the event is shown in the language of --lang or the environment. "
            "Fix: write one of {known}, or add catalogues/{language}.po (docs/i18n.md)."
        ).format(where=where, language=wanted, known=known)

    def entry_lines(self) -> dict[str, int]:
        """The line of each entry's `[[log]]` header in the file, by entry id (for messages).

        Empty when the file no longer matches the log as read (changed since).
        """
        try:
            data, _ = _read(self._file, self.path)
        except EventFileError:
            return {}
        starts = [m.start() for m in _LOG_HEADER.finditer(data)]
        if len(starts) < len(self.log):
            return {}
        lines: dict[str, int] = {}
        line, at = 1, 0
        for rec, start in zip(self.log, starts, strict=False):
            line += data.count(b"\n", at, start)
            at = start
            lines[rec["id"]] = line
        return lines

    # --- writing ---------------------------------------------------------------------------------

    @contextlib.contextmanager
    def transaction(self) -> Iterator[None]:
        """Hold the file's lock, with `log` brought up to date with the file, for the block.

        Check an entry against the log and append it inside one transaction, so that nothing
        another process appends can come between the check and the append (SQLite's
        `BEGIN IMMEDIATE`). Transactions nest: `append` inside one takes no second lock.
        """
        self._writable()
        with self._guard:
            if self._held:
                self._held += 1
                try:
                    yield
                finally:
                    self._held -= 1
                return
            with self._locked():
                self._held = 1
                try:
                    self._catch_up()
                    yield
                finally:
                    self._held = 0

    @contextlib.contextmanager
    def group(self) -> Iterator[None]:
        """One transaction whose appends are written together: a group commit.

        Inside the block, `append` checks each entry and adds it to `log` (so the next check
        sees it) without writing it; when the block ends, every entry appended in it is written
        with one `write` and one `fsync`, and read back. Only then is any of them durable, so a
        caller answers the requests of the group after the block, never inside it. When the
        write fails (or the block raises), the file is cut back, `log` is as it was before the
        group, and the error is raised: no entry of the group was recorded. `savepoint()` drops
        the entries of one request that failed part way without disturbing the others.

        >>> import tempfile
        >>> folder = Path(tempfile.mkdtemp())
        >>> store = EventStore.create(folder / "cup.toml", {
        ...     "event": {"name": "Cup", "format_version": 1}, "rules": {"preset": "ema2016"}})
        >>> with store.group():
        ...     for n in ("n1", "n2"):
        ...         _ = store.append({"id": n, "at": "2026-12-02T15:30:00Z", "kind": "note"})
        >>> [rec["id"] for rec in EventStore.open(folder / "cup.toml").log]
        ['n1', 'n2']
        """
        with self.transaction():
            if self._staged is not None:  # already in a group: one commit, the outer one's
                yield
                return
            count = len(self.log)
            self._staged = []
            try:
                yield
                staged, self._staged = self._staged, None
                if staged:
                    block = b"".join(staged)
                    ids = [rec["id"] for rec in self.log[count:]]
                    st = self._write_block(ids[0], block, ids[1:])
                    self._mark = _Mark.of(st, self._mark.tail + block)
            except BaseException:
                self._staged = None
                self._drop_after(count)
                raise

    @contextlib.contextmanager
    def savepoint(self) -> Iterator[None]:
        """Inside `group()`: when the block raises, drop what it appended (not yet written) and
        re-raise; the group's other entries stay. Outside a group it does nothing."""
        staged = self._staged
        if staged is None:
            yield
            return
        count, blocks = len(self.log), len(staged)
        try:
            yield
        except BaseException:
            del staged[blocks:]
            self._drop_after(count)
            raise

    def _drop_after(self, count: int) -> None:
        for rec in self.log[count:]:
            self._ids.pop(rec["id"], None)
        del self.log[count:]

    def append(self, record: Mapping[str, Any]) -> dict[str, Any]:
        """Append one log entry durably and return it as the log now holds it.

        `record` needs an `id` (from `new_entry_id()` where the entry was made; see `ID_RULE`),
        `at` and `kind`; other keys are the entry's fields. When the log already holds an entry
        with this id, nothing is written and that entry is returned: a retried command records
        once. Entries appended by other processes are read first, so they are never overwritten.
        The block is written, fsynced and read back before `append` returns; when any of that
        fails the file is cut back to its previous length and `EventFileWriteError` says why.

        >>> import tempfile
        >>> folder = Path(tempfile.mkdtemp())
        >>> store = EventStore.create(folder / "cup.toml", {
        ...     "event": {"name": "Cup", "format_version": 1}, "rules": {"preset": "ema2016"}})
        >>> entry = {"id": "01J0", "at": "2026-12-02T15:30:00Z", "kind": "note", "text": "東"}
        >>> store.append(entry) == entry, store.append(entry) == entry, len(store.log)
        (True, True, 1)
        """
        self._writable()
        block, parsed = _encode(self.path, record)
        with self.transaction():
            known = self._ids.get(parsed["id"])
            if known is not None:
                return self.log[known]
            if self._torn_at is not None:
                # Left in place when it could not be moved aside: try again now.
                self._load_all()
            if self._torn_at is not None:
                raise EventFileWriteError(
                    self.path,
                    _(
                        "{path}: entry {entry} was not recorded: the file ends in an "
                        "unfinished log entry that could not be moved aside (see the warning when "
                        "it was opened). Fix: free space on the disk (or make it writable), then "
                        "try again; the unfinished entry is moved aside first."
                    ).format(path=self.path, entry=parsed["id"]),
                    _("an unfinished entry is in the way"),
                )
            staged = self._staged
            waiting = sum(map(len, staged)) if staged is not None else 0
            if self._mark.size + waiting + len(block) > MAX_FILE_BYTES:
                raise EventFileTooLargeError(
                    self.path,
                    _(
                        "{path}: entry {entry} was not recorded: the file would grow "
                        "past {limit}, the most mjevent reads. Fix: start a "
                        "new event file for the next stage (docs/event-file.md, Limits)."
                    ).format(path=self.path, entry=parsed["id"], limit=_megabytes(MAX_FILE_BYTES)),
                )
            if staged is not None:  # in a group: written with the others at its end
                staged.append(block)
                self._ids[parsed["id"]] = len(self.log)
                self.log.append(parsed)
                return parsed
            st = self._write_block(parsed["id"], block)
            self._ids[parsed["id"]] = len(self.log)
            self.log.append(parsed)
            self._mark = _Mark.of(st, self._mark.tail + block)
            return parsed

    def rewrite_settings(self, settings: Mapping[str, Any]) -> None:
        """Replace the settings part atomically, keeping every log entry byte for byte.

        The new settings are validated first; the new file is parsed back and compared before
        it replaces the old one, so a failure at any point leaves the old file as it was.
        """
        self._writable()
        event = _validate_settings(self.path, settings)
        plain = settings_to_dict(event)
        with self.transaction():
            data, st = _read(self._file, self.path)
            body = data[len(_BOM) :] if data.startswith(_BOM) else data
            match = _LOG_HEADER.search(body)
            log_part = b"" if match is None else b"\n" + body[match.start() :]
            # The banner promises that every entry ends with its end line: a log written by
            # hand without them must not gain it.
            sealed = match is None or _BANNER in body[: match.start()]
            head = _settings_text(plain, banner=sealed).encode("utf-8")
            new = head + log_part
            doc = _fast_document(new) or tomllib.loads(new.decode("utf-8"))
            if doc.pop("log", []) != self.log or doc != tomllib.loads(head.decode("utf-8")):
                raise EventFileError(
                    self.path,
                    _(
                        "{path}: the settings were not saved: the file would not read back "
                        "the same (is there a [[log]] line inside a text value in the settings?). "
                        "Fix: run `mjevent check` on the file and correct what it reports."
                    ).format(path=self.path),
                )
            tmp = _temp_name(self._file)
            try:
                _write_new(tmp, new, mode=st.st_mode & 0o7777)
                os.replace(tmp, self._file)
                _fsync_dir(self._file.parent)
            except OSError as error:
                raise _write_error(self.path, error, _("the settings were not changed")) from None
            finally:
                with contextlib.suppress(OSError):
                    tmp.unlink(missing_ok=True)
            self.settings, self.event = plain, event
            self._mark = _Mark.of(os.stat(self._file), new)

    # --- a file replaced or deleted under the store ---------------------------------------------

    @property
    def divergence(self) -> Divergence | None:
        """What this store found when the file stopped holding what it read or wrote (see
        `events.replaced`), or None. While it is set every write is refused."""
        return self._diverged

    def accept_file(self) -> None:
        """Take the file as it is now, dropping what it lacks of this store's log.

        Raises `EventFileNotFoundError` when there is no file (see `write_back`).
        """
        self._writable()
        with self._guard, self._locked():
            self._held = 1
            try:
                self._load_all()
            finally:
                self._held = 0

    def append_back(self) -> list[dict[str, Any]]:
        """Append the entries the replaced file lacks (`divergence.missing`) to the file as it is
        now, each with its own id, in their order, in one durable write; return them.

        An entry the file holds again by then is not written twice. The store then holds the
        file as it is. On any failure the file is cut back, the store is as it was and
        `divergence` still set.

        >>> import shutil, tempfile
        >>> folder = Path(tempfile.mkdtemp())
        >>> store = EventStore.create(folder / "cup.toml", {
        ...     "event": {"name": "Cup", "format_version": 1}, "rules": {"preset": "ema2016"}})
        >>> _ = shutil.copy(folder / "cup.toml", folder / "copy.toml")
        >>> _ = store.append({"id": "n1", "at": "2026-12-02T15:30:00Z", "kind": "note"})
        >>> _ = (folder / "copy.toml").replace(folder / "cup.toml")  # without n1
        >>> try:
        ...     store.reload()
        ... except EventFileReplacedError as error:
        ...     print([rec["id"] for rec in error.divergence.missing])
        ['n1']
        >>> [rec["id"] for rec in store.append_back()], store.divergence
        (['n1'], None)
        """
        self._writable()
        kept = self._diverged
        if kept is None or kept.deleted:
            return []
        before = (self.settings, self.event, self.log, self._ids, self._mark, self._torn_at)
        warned = len(self.warnings)
        with self._guard, self._locked():
            self._held = 1
            try:
                self._load_all()
                todo = [rec for rec in kept.missing if rec["id"] not in self._ids]
                encoded = [_encode(self.path, rec) for rec in todo]
                if encoded:
                    self._append_blocks(encoded)
                return [parsed for _block, parsed in encoded]
            except BaseException:
                self.settings, self.event, self.log, self._ids, self._mark, self._torn_at = before
                del self.warnings[warned:]
                self._diverged = kept
                raise
            finally:
                self._held = 0

    def write_back(self) -> None:
        """Write the whole event (settings and every entry this store holds) to its path, after
        the file was deleted under it; refuse when a file is there again.

        The file appears complete or not at all (written to a temporary name, fsynced, then
        linked into place), and it is read back and compared before the store takes it.
        """
        self._writable()
        kept = self._diverged
        data = _settings_text(self.settings).encode("utf-8") + b"".join(
            toml_write.log_block(rec).encode("utf-8") for rec in self.log
        )
        doc = _fast_document(data) or _parse(self.path, data)
        if doc.pop("log", []) != self.log or doc != self.settings:
            raise EventFileError(
                self.path,
                _(
                    "{path}: the event was not written back: it would not read back the same. "
                    "Fix: keep the console open and copy the event file from a backup."
                ).format(path=self.path),
            )
        with self._guard, self._locked():
            self._held = 1
            tmp = _temp_name(self._file)
            try:
                try:
                    _write_new(tmp, data)
                    try:
                        os.link(tmp, self._file)
                    except FileExistsError:
                        raise
                    except OSError:
                        _write_new(self._file, data)  # no hard links here (FAT)
                    _fsync_dir(self._file.parent)
                except FileExistsError:
                    raise EventFileExistsError(
                        self.path,
                        _(
                            "{path}: the event was not written back: a file is there again. "
                            "Nothing was changed; the console checks that file next."
                        ).format(path=self.path),
                    ) from None
                except OSError as error:
                    raise _write_error(
                        self.path, error, _("the event was not written back")
                    ) from None
                finally:
                    with contextlib.suppress(OSError):
                        tmp.unlink(missing_ok=True)
                log = self.log
                self._load_all(check=True)
                assert self.log == log
            except BaseException:
                self._diverged = kept
                raise
            finally:
                self._held = 0

    def _diverge(
        self,
        found: tuple[tuple[dict[str, Any], ...], tuple[str, ...]] | None,
        *,
        deleted: bool = False,
        st: os.stat_result | None = None,
        now: int = 0,
    ) -> EventFileReplacedError:
        """Note that the file no longer holds this store's log; the error saying so."""
        missing, changed = found if found is not None else (tuple(self.log), ())
        self._diverged = Divergence(
            path=self.path,
            deleted=deleted,
            missing=missing,
            changed=changed,
            held=len(self.log),
            now=now,
            key=_stat_key(st) if st is not None else (0, 0, 0, 0),
            names={p.id: p.name for p in self.event.players},
        )
        return self._replaced_error(self._diverged)

    def _replaced_error(self, divergence: Divergence) -> EventFileReplacedError:
        return EventFileReplacedError(self.path, divergence.message(), divergence)

    def _append_blocks(self, encoded: list[tuple[bytes, dict[str, Any]]]) -> None:
        """With the lock held and the log caught up: append these blocks in one write."""
        if self._torn_at is not None:
            raise EventFileWriteError(
                self.path,
                _(
                    "{path}: nothing was appended: the file ends in an unfinished log entry "
                    "that could not be moved aside. Fix: free space on the disk (or make it "
                    "writable), then try again."
                ).format(path=self.path),
                _("an unfinished entry is in the way"),
            )
        block = b"".join(b for b, _parsed in encoded)
        if self._mark.size + len(block) > MAX_FILE_BYTES:
            raise _too_large(self.path, self._mark.size + len(block))
        st = self._write_block(encoded[0][1]["id"], block)
        for _block, parsed in encoded:
            self._ids[parsed["id"]] = len(self.log)
            self.log.append(parsed)
        self._mark = _Mark.of(st, self._mark.tail + block)

    # --- internals -------------------------------------------------------------------------------

    def _writable(self) -> None:
        if self.read_only:
            raise EventFileReadOnlyError(
                self.path,
                _(
                    "{path}: opened read-only; nothing was written. Fix: open it for writing "
                    "(open_event(path) without read_only=True)."
                ).format(path=self.path),
            )

    def _locked(self) -> contextlib.AbstractContextManager[None]:
        return locked(self.path)

    def _write_block(
        self, entry_id: str, block: bytes, others: Sequence[str] = ()
    ) -> os.stat_result:
        """Append `block`, fsync, read it back; on any failure cut the file back and raise.
        `others`: the ids of the other entries in `block` (a group), named in the error."""
        try:
            fd = os.open(self._file, os.O_RDWR | os.O_APPEND | os.O_CLOEXEC)
        except FileNotFoundError:
            raise _not_found(self.path) from None
        except OSError as error:
            raise _write_error(self.path, error, _not_recorded(entry_id, others)) from None
        try:
            start = os.fstat(fd).st_size
            try:
                _write_all(fd, block)
                os.fsync(fd)
                if os.pread(fd, len(block) + 1, start) != block:
                    raise _ReadBackError(errno.EIO, "what was written did not read back the same")
            except OSError as error:
                raise self._roll_back(fd, start, entry_id, error, others) from None
            return os.fstat(fd)
        finally:
            os.close(fd)

    def _roll_back(
        self, fd: int, start: int, entry_id: str, error: OSError, others: Sequence[str] = ()
    ) -> EventFileError:
        """Cut the file back to `start` after a failed append; the error to raise."""
        try:
            os.ftruncate(fd, start)
            left = _("The file was cut back to what it held before: nothing was recorded.")
            # Every reader sees the cut at once; making it durable is the disk's part.
            with contextlib.suppress(OSError):
                os.fsync(fd)
        except OSError as again:
            # Whatever is on disk now is read afresh next time.
            self._mark = _Mark(0, 0, 0, 0, b"")
            left = _(
                "Cutting the file back failed too ({cause}), so part of the entry "
                "may be left at its end; the next mjevent to open the file moves an "
                "unfinished entry aside. Retry with the same entry id so it is recorded once."
            ).format(cause=_cause(again))
        return _write_error(self.path, error, _not_recorded(entry_id, others), left)

    def _catch_up(self, repair: bool = True) -> None:
        """With the lock held (or read-only): bring `log` up to date with the file."""
        try:
            st = os.stat(self._file)
        except FileNotFoundError:
            if self.read_only:
                raise _not_found(self.path) from None
            raise self._diverge(None, deleted=True) from None
        mark = self._mark
        if self._diverged is not None and self._diverged.key == _stat_key(st):
            raise self._replaced_error(self._diverged)  # the same file: nothing new to read
        if mark.same_stat(st) and self._tail_matches(mark, st.st_size):
            self._diverged = None  # the file this store read is back in place
            return
        grew = (st.st_dev, st.st_ino) == (mark.dev, mark.ino) and st.st_size > mark.size
        if (
            grew
            and self._torn_at is None
            and self._tail_matches(mark, mark.size)
            and self._read_appended(mark.size)
        ):
            self._diverged = None
            return
        self._load_all(repair, check=not self.read_only)

    def _tail_matches(self, mark: _Mark, at: int) -> bool:
        with open(self._file, "rb") as f:
            f.seek(max(0, at - len(mark.tail)))
            return f.read(len(mark.tail)) == mark.tail

    def _read_appended(self, start: int) -> bool:
        """Parse only the bytes past `start`; False when they are not whole, new entries."""
        with open(self._file, "rb") as f:
            f.seek(start)
            new = f.read()
            st = os.fstat(f.fileno())
        if not _ends_sealed(new) or st.st_size > MAX_FILE_BYTES or _damaged(new) is not None:
            return False
        try:
            text = new.decode("utf-8")
            # Entries as mjevent writes them (a table's burst) skip the TOML parser.
            fast = None if "\r" in text or _RAW_CONTROL.search(text) else _fast_log(text)
            doc = {"log": fast} if fast is not None else tomllib.loads(text)
        except (UnicodeDecodeError, tomllib.TOMLDecodeError, ValueError, RecursionError):
            return False
        records = doc.get("log")
        if set(doc) != {"log"} or not isinstance(records, list) or not records:
            return False
        last = records[-1]
        if not isinstance(last, dict) or not _ends_with_end_line(new, last.get("id")):
            return False
        offset = len(self.log)
        try:
            checked = _check_log(self.path, records, offset, dict(self._ids))
        except EventFileInvalidError:
            return False
        for i, rec in enumerate(checked):
            self._ids[rec["id"]] = offset + i
        self.log.extend(checked)
        self._mark = _Mark.of(st, self._mark.tail + new)
        return True

    def _load_all(self, repair: bool = True, *, check: bool = False) -> None:
        """Read the whole file. `check`: refuse it (`EventFileReplacedError`, nothing taken)
        when it no longer starts with the log this store holds."""
        data, st = _read(self._file, self.path)
        bom = len(_BOM) if data.startswith(_BOM) else 0
        doc, cut, damage = _split_checked(self.path, data[bom:])
        # Read without the lock, an unfinished entry may be another process's append in
        # progress: wait for that writer (if any) and read again.
        if cut is not None and not repair and not self._held:
            _wait_for_writer(self._file)
            data, st = _read(self._file, self.path)
            bom = len(_BOM) if data.startswith(_BOM) else 0
            doc, cut, damage = _split_checked(self.path, data[bom:])
        raw_log = doc.pop("log", [])
        event = _validate_settings(self.path, doc, text=data)
        # The event's own language, as soon as it is known: what opening reports (a torn tail
        # moved aside) is worded in it (a no-op under `--lang`, or in a library call).
        use_event_language(event.event.language)
        if not isinstance(raw_log, list):
            raise EventFileInvalidError.at(
                self.path,
                _(
                    "log: expected [[log]] blocks, got a single value. "
                    "Fix: write each log entry as its own [[log]] block."
                ),
                "log",
            )
        try:
            log = _check_log(self.path, raw_log, 0, {})
        except EventFileInvalidError as error:
            raise _with_line(error, data) from None
        if damage is not None:
            raise damage
        if check and (lost := log_divergence(self.log, log)) is not None:
            raise self._diverge(lost, st=st, now=len(log))
        warnings: list[str] = []
        torn_at: int | None = None
        if cut is not None:
            cut += bom
            line = data.count(b"\n", 0, cut) + 1
            found = ngettext(
                "{path}: the file ends in an unfinished log entry (line {line} on, "
                "{size} bytes), as left when a program stops mid-write; "
                "the {n} complete entry loads normally.",
                "{path}: the file ends in an unfinished log entry (line {line} on, "
                "{size} bytes), as left when a program stops mid-write; "
                "the {n} complete entries load normally.",
                len(log),
            ).format(path=self.path, line=line, size=len(data) - cut, n=len(log))
            if repair:
                try:
                    warnings.append(_move_torn_tail(self.path, self._file, data, cut, len(log)))
                    data = data[:cut]
                    st = os.stat(self._file)
                except EventFileWriteError as error:
                    torn_at = cut
                    warnings.append(
                        _(
                            "{found} It could not be moved aside ({cause}), so it was left in "
                            "place and nothing can be recorded until it is. Fix: free space on "
                            "the disk (or make it writable), then record again: the unfinished "
                            "entry is moved aside first."
                        ).format(found=found, cause=error.cause)
                    )
            elif self.read_only:
                torn_at = cut
                warnings.append(
                    _(
                        "{found} It was left in place: the file was opened read-only. Fix: run "
                        "`mjevent check --repair {path}` (or any command that records) to "
                        "move it aside."
                    ).format(found=found, path=self.path)
                )
            else:
                torn_at = cut
                warnings.append(
                    _(
                        "{found} It was left in place because no lock file can be made in "
                        "{folder}. Fix: copy the file to a writable folder and open it "
                        "there to move the unfinished entry aside."
                    ).format(found=found, folder=self.path.parent)
                )
        self.settings = doc
        self.event = event
        self.log = log
        self._ids = {rec["id"]: i for i, rec in enumerate(log)}
        self.warnings.extend(warnings)
        self._torn_at = torn_at
        self._mark = _Mark.of(st, data)
        self._diverged = None


# --- Entry ids -----------------------------------------------------------------------------------

_CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_ID_LOCK = threading.Lock()
_last_id = [0, 0]


def new_entry_id() -> str:
    """A new entry id: 26 characters that sort by creation time, unique across processes.

    The first 10 characters are the time in milliseconds, the last 16 are 80 random bits (a
    ULID). Within one process, ids made in the same millisecond still sort in the order made.

    >>> a, b = new_entry_id(), new_entry_id()
    >>> len(a), a < b
    (26, True)
    """
    with _ID_LOCK:
        ms = time.time_ns() // 1_000_000
        if ms <= _last_id[0]:
            ms, rand = _last_id[0], _last_id[1] + 1
        else:
            rand = secrets.randbits(80)
        _last_id[:] = [ms, rand]
    number = (ms << 80) | (rand & ((1 << 80) - 1))
    return "".join(_CROCKFORD[(number >> shift) & 31] for shift in range(125, -1, -5))


def entry_id_problem(entry_id: str) -> str | None:
    """What is wrong with `entry_id` as the id of a new entry, or None when it may be used.

    >>> entry_id_problem("01KKNXE7VGN9CRT91394MKN6PC") is None
    True
    >>> print(entry_id_problem("ab cd").split(" (")[1])
    this one has ' ' at position 3). Fix: use only those, e.g. 01KKNXE7VGN9CRT91394MKN6PC.
    """
    if _ID_NEW.fullmatch(entry_id):
        return None
    bad = next((i for i, c in enumerate(entry_id) if not _ID_NEW.fullmatch(c)), None)
    if bad is not None:
        return _(
            "an entry id is 1 to 64 characters from A-Z, a-z, 0-9 and - _ . : (this one has "
            "{char!r} at position {position}). Fix: use only those, e.g. "
            "01KKNXE7VGN9CRT91394MKN6PC."
        ).format(char=entry_id[bad], position=bad + 1)
    return _(
        "an entry id is 1 to 64 characters from A-Z, a-z, 0-9 and - _ . : (this one has "
        "{length}). Fix: use only those, e.g. 01KKNXE7VGN9CRT91394MKN6PC."
    ).format(length=len(entry_id))


# --- Reading helpers -----------------------------------------------------------------------------


def _exists(path: Path) -> EventFileExistsError:
    return EventFileExistsError(
        path,
        _(
            "{path}: the file already exists; mjevent never replaces an event file. "
            "Fix: choose another name, or move the old file away first."
        ).format(path=path),
    )


def _not_found(path: Path) -> EventFileNotFoundError:
    return EventFileNotFoundError(
        path,
        _(
            "{path}: no such event file. Fix: check the name and folder, or create one with "
            "`mjevent new {path} --name \"...\" --rules ema2016`."
        ).format(path=path),
    )


def _read(file: Path, path: Path) -> tuple[bytes, os.stat_result]:
    """The bytes of `file` (the resolved `path`, which messages name) and its `stat`."""
    try:
        # O_NONBLOCK: a pipe put in the event file's place must not hang the open.
        fd = os.open(file, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
        with open(fd, "rb") as f:
            st = os.fstat(f.fileno())
            if stat.S_ISDIR(st.st_mode):
                raise IsADirectoryError(errno.EISDIR, "folder")
            if not stat.S_ISREG(st.st_mode):
                raise _special(path)
            os.set_blocking(fd, True)
            if st.st_size > MAX_FILE_BYTES:
                raise _too_large(path, st.st_size)
            data = f.read()
            if len(data) > MAX_FILE_BYTES:  # it grew while being read
                raise _too_large(path, len(data))
            return data, st
    except FileNotFoundError:
        raise _not_found(path) from None
    except IsADirectoryError:
        raise EventFileNotFoundError(
            path,
            _("{path}: is a folder, not an event file. Fix: give the path of the .toml file.")
            .format(path=path),
        ) from None
    except OSError as error:
        raise EventFileError(
            path,
            _("{path}: cannot be read: {cause}. Fix: {fix}").format(
                path=path, cause=_cause(error), fix=_fix(error)
            ),
        ) from None


def _special(path: Path) -> EventFileError:
    return EventFileError(
        path,
        _(
            "{path}: not a regular file (a pipe, a device or a socket), so not an event file; "
            "nothing was read or written. Fix: give the path of the event's .toml file."
        ).format(path=path),
    )


def _refuse_special(path: Path) -> None:
    """Refuse a pipe, device or socket at `path` without opening it (a folder and a missing
    file are left to `_read`, which names them)."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return
    if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
        raise _special(path)


def _too_large(path: Path, size: int) -> EventFileTooLargeError:
    return EventFileTooLargeError(
        path,
        _(
            "{path}: the file is {size}; mjevent reads event files up to "
            "{limit} (a 500-player event with 18,000 hands is about 4 MB). "
            "Fix: check that this is an event file; split a very long event into one file per "
            "stage."
        ).format(path=path, size=_megabytes(size), limit=_megabytes(MAX_FILE_BYTES)),
    )


def _megabytes(size: int) -> str:
    return f"{size / 1_000_000:.1f} MB"


def _not_recorded(entry_id: str, others: Sequence[str] = ()) -> str:
    if others:  # a group commit's entries: none of them was recorded
        return _("entries {entries} were not recorded").format(
            entries=", ".join((entry_id, *others))
        )
    return _("entry {entry} was not recorded").format(entry=entry_id)


def _wait_for_writer(file: Path, timeout: float = 2.0) -> None:
    """Wait (up to `timeout` seconds) until no writer holds the event file's own lock.

    Readers take no lock; this only waits, with a shared lock released at once, so that an
    append in progress when the reader looked is finished before it looks again.
    """
    try:
        fd = os.open(file, os.O_RDONLY | os.O_CLOEXEC)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            flock_by(fd, fcntl.LOCK_SH, time.monotonic() + timeout)
    finally:
        os.close(fd)  # releases the shared lock


# errno -> (the cause in words, the fix), translated where they are shown
_CAUSES: dict[int, tuple[str, str]] = {
    errno.ENOSPC: (N_("the disk is full"), N_("free space on the disk (or copy the event file "
                   "to another disk), then try again.")),
    errno.EDQUOT: (N_("the disk quota is used up"),
                   N_("free space in your quota, then try again.")),
    errno.EROFS: (N_("the disk is read-only"), N_("copy the event file to a writable disk and "
                  "use the copy.")),
    errno.EACCES: (N_("permission denied"), N_("make the file and its folder writable for you "
                   "(or copy the event file to a folder of your own).")),
    errno.EPERM: (N_("permission denied"), N_("make the file and its folder writable for you "
                  "(or copy the event file to a folder of your own).")),
    errno.EIO: (N_("an input/output error (the disk or USB stick may be failing or unplugged)"),
                N_("check the disk, copy the event file to another disk, and use the copy.")),
    errno.EFBIG: (N_("the file is too large for this disk"),
                  N_("copy the event file to another disk.")),
}


class _ReadBackError(OSError):
    """An append that was written and fsynced but reads back different bytes."""


def _cause(error: OSError) -> str:
    """The cause of `error` in words (the system's own words for an error not listed)."""
    if isinstance(error, _ReadBackError):
        return _("what was written did not read back the same (the disk may be failing)")
    known = _CAUSES.get(error.errno or 0)
    return _(known[0]) if known else system_cause(error)


def _fix(error: OSError) -> str:
    known = _CAUSES.get(error.errno or 0)
    return _(known[1]) if known else _("check the disk and the folder, then try again.")


def _write_error(path: Path, error: OSError, what: str, left: str = "") -> EventFileWriteError:
    """The error for a failed write: the file, what did not happen, the cause, the fix."""
    cause = _cause(error)
    if left:
        message = _("{path}: {what}: {cause}. {left} Fix: {fix}")
    else:
        message = _("{path}: {what}: {cause}. Fix: {fix}")
    return EventFileWriteError(
        path,
        message.format(path=path, what=what, cause=cause, left=left, fix=_fix(error)),
        cause,
    )


def _parse(path: Path, data: bytes) -> dict[str, Any]:
    """Parse TOML bytes, turning decode errors into `EventFileSyntaxError` with the line."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        raise EventFileSyntaxError(
            path,
            _(
                "{path}:{line}:{column}: not UTF-8 text (byte 0x{byte:02x}). "
                "Fix: save the file as UTF-8 in your editor."
            ).format(path=path, line=line, column=column, byte=data[error.start]),
            line,
            column,
        ) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise _syntax_error(path, text, str(error)) from None
    except (ValueError, RecursionError) as error:
        # Python refuses integers over 4,300 digits, and nesting deeper than its stack.
        raise _hostile_value(path, text, error) from None


_LONG_NUMBER = re.compile(r"[-+]?[0-9][0-9_]{18,}")


def _hostile_value(path: Path, text: str, error: Exception) -> EventFileSyntaxError:
    """The error for a value no event holds: a number too long, or values nested too deep."""
    lines = text.split("\n")
    if isinstance(error, RecursionError):
        line = 1 + max(range(len(lines)), key=lambda n: lines[n].count("[") + lines[n].count("{"))
        depth = lines[line - 1].count("[") + lines[line - 1].count("{")
        reason = _("values nested too deep ({depth:,} brackets on one line)").format(
            depth=depth
        )
    else:
        match = _LONG_NUMBER.search(text)
        line = text.count("\n", 0, match.start()) + 1 if match else 1
        digits = len(match.group().strip("+-").replace("_", "")) if match else 0
        reason = _(
            "a number with {digits:,} digits (an event file's numbers have at most 19)"
        ).format(digits=digits)
    return EventFileSyntaxError(
        path,
        _(
            "{path}:{line}: not valid in an event file: {reason}.\n"
            "Fix: correct line {line} in a text editor, then run `mjevent check {path}`."
        ).format(path=path, line=line, reason=reason),
        line,
        1,
    )


def _syntax_error(path: Path, text: str, message: str) -> EventFileSyntaxError:
    where = _TOML_WHERE.search(message)
    if where:
        line, column = int(where.group(1)), int(where.group(2))
        reason = message[: where.start()]
    else:
        # tomllib reports "(at end of document)" when the text stops mid-value.
        reason = message.replace(" (at end of document)", "")
        line = text.count("\n") + (0 if text.endswith("\n") else 1)
        column = len(text) - (text.rfind("\n") + 1) + 1
    lines = text.split("\n")
    shown = lines[line - 1].rstrip("\r") if 0 < line <= len(lines) else ""
    return EventFileSyntaxError(
        path,
        _(
            "{path}:{line}:{column}: not valid TOML: {reason}.\n"
            "    {line} | {shown}\n"
            "Fix: correct line {line} in a text editor (text values need double quotes), "
            "then run `mjevent check {path}`."
        ).format(path=path, line=line, column=column, reason=_toml_reason(reason), shown=shown),
        line,
        column,
    )


# What Python's TOML reader says, in the user's language: its messages are English and fixed
# (a few name the character or key at fault, which stays as it is).
_TOML_REASONS = {
    "Invalid statement": N_("Invalid statement"),
    "Expected newline or end of document after a statement": N_(
        "Expected newline or end of document after a statement"
    ),
    "Cannot overwrite a value": N_("Cannot overwrite a value"),
    "Expected ']' at the end of a table declaration": N_(
        "Expected ']' at the end of a table declaration"
    ),
    "Expected ']]' at the end of an array declaration": N_(
        "Expected ']]' at the end of an array declaration"
    ),
    "Expected '=' after a key in a key/value pair": N_(
        "Expected '=' after a key in a key/value pair"
    ),
    "Invalid initial character for a key part": N_("Invalid initial character for a key part"),
    "Unclosed array": N_("Unclosed array"),
    "Unclosed inline table": N_("Unclosed inline table"),
    "Unescaped '\\' in a string": N_("Unescaped '\\' in a string"),
    "Invalid hex value": N_("Invalid hex value"),
    "Escaped character is not a Unicode scalar value": N_(
        "Escaped character is not a Unicode scalar value"
    ),
    "Unterminated string": N_("Unterminated string"),
    "Invalid date or datetime": N_("Invalid date or datetime"),
    "Invalid value": N_("Invalid value"),
}
_TOML_PATTERNS = (
    (re.compile(r"Expected (.+)"), N_("Expected {what}")),
    (re.compile(r"Found invalid character (.+)"), N_("Found invalid character {what}")),
    (re.compile(r"Illegal character (.+)"), N_("Illegal character {what}")),
    (re.compile(r"Cannot declare (.+) twice"), N_("Cannot declare {what} twice")),
    (re.compile(r"Cannot mutate immutable namespace (.+)"),
     N_("Cannot mutate immutable namespace {what}")),
    (re.compile(r"Cannot redefine namespace (.+)"), N_("Cannot redefine namespace {what}")),
    (re.compile(r"Duplicate inline table key (.+)"), N_("Duplicate inline table key {what}")),
)


def _toml_reason(reason: str) -> str:
    """tomllib's `reason` in the user's language (as it is when the reader words it anew)."""
    known = _TOML_REASONS.get(reason)
    if known is not None:
        return _(known)
    for pattern, message in _TOML_PATTERNS:
        match = pattern.fullmatch(reason)
        if match:
            return _(message).format(what=match.group(1))
    return reason


def _ends_with_end_line(data: bytes, entry_id: Any) -> bool:
    if not isinstance(entry_id, str):
        return False
    last = data.rstrip(b" \t\r\n")
    line = last[last.rfind(b"\n") :]
    end = b"\n" + _END + entry_id.encode("utf-8", "surrogateescape")
    if line == end:
        return True
    return line.startswith(end + b" ") and bool(_SUM.fullmatch(line, len(end) + 1))


_SUM = re.compile(rb"crc32:[0-9a-f]{8}")
_END_LINE = re.compile(rb"# end (\S+) (crc32:[0-9a-f]{8})\r?")


@dataclass(frozen=True)
class _Damage:
    """An entry whose bytes do not match its end line: where it starts, and whether it is last."""

    start: int
    end_line: int
    entry_id: str
    last: bool
    why: str


def _damaged(data: bytes) -> _Damage | None:
    """The first entry whose end line carries a checksum its bytes do not match (or names
    another entry), or None. End lines without a checksum (older files) are not checked."""
    at = 0
    while True:
        e = data.find(b"\n" + _END, at)
        if e < 0:
            return None
        e += 1
        stop = data.find(b"\n", e)
        stop = len(data) if stop < 0 else stop
        at = stop
        match = _END_LINE.fullmatch(data, e, stop)
        start = _entry_start(data, e)
        if start is None:
            continue  # no entry before this end line: the syntax error (if any) names the line
        block = data[start:e]
        if match is None:
            # An end line without a checksum (an older file): it must name its own entry when
            # the entry is in the shape mjevent writes (`[[log]]`, then its id).
            named = data[e + len(_END) : stop].rstrip(b"\r \t")
            id_line = block[: block.find(b"\n", 8) + 1]
            if not id_line.startswith(b'[[log]]\nid = "') or id_line == (
                b'[[log]]\nid = "' + named + b'"\n'
            ):
                continue
            written = id_line[len(b'[[log]]\nid = "') : -2].decode("utf-8", "replace")
            why = _("its end line names {named!r}, not the entry's id {written!r}").format(
                named=named.decode("utf-8", "replace"), written=written
            )
            return _Damage(start, e, written, data.find(b"\n" + _END, stop) < 0, why)
        entry_id = match.group(1)
        whole = block.startswith(b'[[log]]\nid = "' + entry_id + b'"\n') or block.startswith(
            b'[[log]]\r\nid = "' + entry_id + b'"\r\n'
        )
        expected = match.group(2).decode()
        if whole and (
            toml_write.checksum(block) == expected
            # Saved by a Windows editor: the checksum is of the file as mjevent wrote it.
            or (b"\r\n" in block
                and toml_write.checksum(block.replace(b"\r\n", b"\n")) == expected)
        ):
            continue
        last = data.find(b"\n" + _END, stop) < 0
        why = _("it does not match the checksum on its end line")
        return _Damage(start, e, entry_id.decode("utf-8", "replace"), last, why)


def _entry_start(data: bytes, end_line: int) -> int | None:
    r"""Where the entry that the end line at `end_line` closes starts, or None when unknown.

    Its `[[log]]` header, searched only after the end line before it (or, for the first
    entry, after the banner): an entry never reaches back into a sealed one. A power cut can
    zero the newline before the header, or the header itself; the entry then starts where
    its append did, just after the previous end line, so that a damaged last entry is cut
    there and takes nothing before it. Without a previous end line or banner (a bare append
    read on its own, a file written by hand) the header is searched from the top, and a
    missing header leaves the start unknown.

    >>> data = b'[[log]]\nid = "a"\n# end a\n\n[[log]]\nid = "b"\n# end b\n'
    >>> data[_entry_start(data, data.rindex(b"# end b")) :]
    b'[[log]]\nid = "b"\n# end b\n'
    >>> data = data.replace(b"\n\n[[", b"\n\0[[")  # the blank line zeroed
    >>> data[_entry_start(data, data.rindex(b"# end b")) :]
    b'\x00[[log]]\nid = "b"\n# end b\n'
    """
    before = data.rfind(b"\n" + _END, 0, end_line - 1)
    if before >= 0:
        low: int | None = _line_end(data, before + 1)
    else:
        banner = data.rfind(_BANNER, 0, end_line)
        low = None if banner < 0 else _line_end(data, banner)
    # The header's newline may be the one ending the previous line (no blank line between).
    header = data.rfind(b"\n[[log]]", 0 if low is None else max(low - 1, 0), end_line)
    if header >= 0:
        return header + 1
    return low


def _ends_sealed(data: bytes) -> bool:
    stripped = data.rstrip(b" \t\r\n")
    return stripped[stripped.rfind(b"\n") + 1 :].startswith(_END)


def _last_end_line(data: bytes) -> int | None:
    """Offset just past the last complete `# end <id>` line, or None when there is none."""
    hi = len(data)
    while True:
        at = data.rfind(b"\n" + _END, 0, hi)
        if at < 0:
            return None
        stop = data.find(b"\n", at + 1)
        if stop >= 0:
            return stop + 1
        hi = at


def _looks_torn(tail: bytes) -> bool:
    """Whether bytes after the last whole entry are the start of an unfinished append.

    A zero byte is never TOML: it is what a power cut leaves where the disk had not yet written
    the data (`[[` then zeros, or zeros anywhere in the entry), so such a tail is always torn.
    Nothing but white space is no entry at all.
    """
    if b"\0" in tail:
        return True
    rest = tail.strip(b"\r\n\t ")
    if not rest:
        return False
    return rest.startswith(b"[[log]]") or b"[[log]]".startswith(rest)


def _split_checked(
    path: Path, data: bytes
) -> tuple[dict[str, Any], int | None, EventFileInvalidError | None]:
    """`_split`, then the entries' checksums.

    A damaged last entry is a torn tail (the power went while it was written), and so is a last
    end line without its checksum and without the newline after it (mjevent writes both, in
    one write, so the write stopped there). A damaged entry before others, or a last entry that
    still reads as a whole entry (an edit by hand), gives the error returned third, to raise
    once the file's other checks (which name the fault more closely) have passed.
    """
    try:
        doc, cut = _split(path, data)
    except EventFileSyntaxError:
        # Zero bytes inside an entry are not TOML: a damaged entry is the better explanation.
        damage = _damaged(data)
        if damage is None:
            raise
        if _power_cut(data, damage):
            cut = _before_blank_line(data, damage.start)
            return _split(path, data[:cut])[0], cut, None
        block = data[damage.start : _line_end(data, damage.end_line)]
        if b"\0" not in block and not _reads_as_entry(block, damage.entry_id):
            raise  # an edit by hand that is not TOML: the syntax error says where
        raise _damage_error(path, data, damage) from None
    if cut is None and not data.endswith(b"\n"):
        last = data[data.rfind(b"\n") + 1 :]
        if last.startswith(_END) and not _SUM.search(last):
            start = _entry_start(data, len(data) - len(last))
            if start is not None:
                cut = _before_blank_line(data, start)
                return _split(path, data[:cut])[0], cut, None
    damage = _damaged(data if cut is None else data[:cut])
    if damage is None:
        return doc, cut, None
    if _power_cut(data, damage):
        cut = _before_blank_line(data, damage.start)
        return _split(path, data[:cut])[0], cut, None
    return doc, cut, _damage_error(path, data, damage)


def _line_end(data: bytes, at: int) -> int:
    stop = data.find(b"\n", at)
    return len(data) if stop < 0 else stop + 1


def _power_cut(data: bytes, damage: _Damage) -> bool:
    """Whether a damaged entry is what a power cut leaves: the last one, with zero bytes where
    the disk had not written its data (an edit by hand leaves none: TOML forbids them)."""
    return damage.last and b"\0" in data[damage.start : _line_end(data, damage.end_line)]


def _damage_error(path: Path, data: bytes, damage: _Damage) -> EventFileInvalidError:
    line = data.count(b"\n", 0, damage.start) + 1
    end_line = data.count(b"\n", 0, damage.end_line) + 1
    return EventFileInvalidError(
        path,
        _(
            "{path}:{line}: log entry {entry!r} (lines {line} to {end_line}): "
            "{why}: it was damaged on disk (a power cut on a disk that does not keep writes "
            "in order) or edited by hand. Fix: restore the file from a copy; or, if the entry was "
            "edited on purpose and is right, write line {end_line} as `# end {id}`."
        ).format(
            path=path, line=line, entry=damage.entry_id, end_line=end_line, why=damage.why,
            id=damage.entry_id,
        ),
        "log",
    )


def _reads_as_entry(block: bytes, entry_id: str) -> bool:
    """Whether `block` is TOML text holding the one entry `entry_id`."""
    try:
        records = tomllib.loads(block.decode("utf-8")).get("log")
    except (UnicodeDecodeError, tomllib.TOMLDecodeError, ValueError, RecursionError):
        return False
    return isinstance(records, list) and len(records) == 1 and records[0].get("id") == entry_id


def _split(path: Path, data: bytes) -> tuple[dict[str, Any], int | None]:
    """The parsed document, and the offset where a torn tail starts (None when whole).

    The whole file is parsed once. Only when that fails, or the last entry lacks its end line,
    is the tail examined: the file is cut after the last `# end` line (see `_cut_points` for a
    file without one), and the cut is taken only when the bytes after it are the start of a
    `[[log]]` block and the bytes before it parse. A log with no end line at all and without
    the banner mjevent writes above the log was written by hand: it is taken as it parses.
    """
    # A file that ends in an end line is read whole; one that does not is most often torn,
    # and reading it whole would only fail at its last bytes.
    if _ends_sealed(data):
        fast = _fast_document(data)
        if fast is not None:
            return fast, None
    if _last_end_line(data) is not None or _BANNER in data:
        # Most often the file ends in a torn entry: try the fast reader on what comes before.
        for cut in _cut_points(data):
            if data[cut:].strip() and _looks_torn(data[cut:]):
                before = _fast_document(data[:cut])
                if before is not None:
                    return before, cut
    try:
        doc = _parse(path, data)
    except EventFileSyntaxError:
        for cut in _cut_points(data):
            if _looks_torn(data[cut:]):
                try:
                    return _parse(path, data[:cut]), cut
                except EventFileSyntaxError:
                    continue
        raise
    log = doc.get("log")
    if not isinstance(log, list) or not log or not isinstance(log[-1], dict):
        return doc, None
    if _ends_with_end_line(data, log[-1].get("id")):
        return doc, None
    if _last_end_line(data) is None and _BANNER not in data:
        return doc, None  # a log written by hand, without end lines: taken as it is
    for cut in _cut_points(data):
        if _looks_torn(data[cut:]):
            try:
                return _parse(path, data[:cut]), cut
            except EventFileSyntaxError:
                continue
    return doc, None


# --- The fast path -------------------------------------------------------------------------------
# tomllib is pure Python and takes about 90 ms per 1,000 entries; an event with 18,000 hands would
# take well over a second to open. The log blocks this module writes have a fixed shape (see
# `toml_write.log_block`): `[[log]]`, one `key = value` line per field, `# end <id>`. For that
# shape each value is also JSON once inline-table keys are quoted, so the log is read line by
# line with `json.loads` for the nested values. Anything else (a comment, a dotted key, a date,
# an escape JSON spells differently, a duplicate key, an entry without its end line) makes the
# fast path give up, and the whole file goes through tomllib as before: the fast path returns
# either exactly what tomllib would, or None.

_NOT_FAST = object()
_BARE = re.compile(r"[A-Za-z0-9_-]+")
_RAW_CONTROL = re.compile(r"[\x00-\x08\x0b-\x0c\x0e-\x1f\x7f]")
_JSON_ONLY = re.compile(r"\\/|\\u[dD][89a-fA-F]")
_INLINE_KEY = re.compile(r'"(?:[^"\\]|\\.)*"|([A-Za-z0-9_-]+) = ')


def _quote_key(match: re.Match[str]) -> str:
    key = match.group(1)
    return match.group(0) if key is None else f'"{key}": '


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        raise ValueError("duplicate key")
    return out


def _reject_constant(name: str) -> Any:
    # json.loads would read NaN and Infinity; TOML spells them nan and inf.
    raise ValueError(name)


_JSON = json.JSONDecoder(object_pairs_hook=_no_duplicates, parse_constant=_reject_constant)


def _json_value(raw: str, converted: dict[str, str]) -> Any:
    # Logs repeat the same nested values (a 3 han 30 fu win by South) thousands of times, so
    # the TOML-to-JSON spelling is worked out once per distinct value.
    text = converted.get(raw)
    if text is None:
        if _JSON_ONLY.search(raw):
            return _NOT_FAST
        text = _INLINE_KEY.sub(_quote_key, raw) if "{" in raw else raw
        converted[raw] = text
    try:
        return _JSON.decode(text)
    except (ValueError, RecursionError):
        return _NOT_FAST


def _fast_log(text: str) -> list[dict[str, Any]] | None:
    records: list[dict[str, Any]] = []
    record: dict[str, Any] | None = None
    keys: set[str] = set()
    converted: dict[str, str] = {}
    for line in text.split("\n"):
        key, sep, raw = line.partition(" = ")
        if sep:
            if record is None or key in record:
                return None
            if key not in keys:
                if not _BARE.fullmatch(key):
                    return None
                keys.add(key)
            # The common values (plain text without escapes, whole numbers) skip JSON.
            if raw[:1] == '"':
                if raw.find('"', 1) == len(raw) - 1 and "\\" not in raw:
                    record[key] = raw[1:-1]
                    continue
            elif (
                raw.isdigit()
                and raw.isascii()
                and len(raw) < 19
                and (raw[0] != "0" or len(raw) == 1)
            ):
                record[key] = int(raw)
                continue
            value = _json_value(raw, converted)
            if value is _NOT_FAST:
                return None
            record[key] = value
        elif line == "[[log]]":
            if record is not None:
                return None
            record = {}
        elif line.startswith("# end "):
            end_id, _, sum_ = line[6:].partition(" ")
            if record is None or end_id != record.get("id"):
                return None
            if sum_ and not (len(sum_) == 14 and sum_.startswith("crc32:")):
                return None
            records.append(record)
            record = None
        elif line:
            return None
    return records if record is None else None


def _fast_document(data: bytes) -> dict[str, Any] | None:
    """The parsed file when its log is all in the written shape, else None (see above)."""
    match = _LOG_HEADER.search(data)
    if match is None or data[match.start() : match.start() + 7] != b"[[log]]":
        return None
    try:
        head = data[: match.start()].decode("utf-8")
        log = data[match.start() :].decode("utf-8")
    except UnicodeDecodeError:
        return None
    if "\r" in log:
        # Saved by a Windows editor: CRLF is a line end in TOML; a lone CR is not allowed.
        log = log.replace("\r\n", "\n")
        if "\r" in log:
            return None
    if _RAW_CONTROL.search(log):
        return None
    records = _fast_log(log)
    if records is None:
        return None
    try:
        doc = tomllib.loads(head)
    except (ValueError, RecursionError):  # TOMLDecodeError is a ValueError
        return None
    if "log" in doc:
        return None
    doc["log"] = records
    return doc


def _cut_points(data: bytes) -> list[int]:
    """Where an unfinished entry may start, latest first.

    After the last `# end` line when there is one: a sealed entry is never cut. Below the
    banner when there is none: mjevent seals every entry it writes, so with no end line all
    that follows the banner is its first append, unfinished; a power cut may have zeroed its
    blank line or header (`\\0[[log]]`), or filled the file's end with zeros after a part of
    it that would still parse. In a file with neither (written by hand): at the last `[[log]]`
    line, at a last line that is the start of one (`[[lo`), or where trailing zero bytes begin.
    """
    sealed = _last_end_line(data)
    if sealed is not None:
        return [sealed]
    banner = data.find(_BANNER)
    if banner >= 0:
        return [_line_end(data, banner)]
    points: set[int] = set()
    headers = list(_LOG_HEADER.finditer(data))
    if headers:
        points.add(_before_blank_line(data, headers[-1].start()))
    last_line = data.rfind(b"\n") + 1
    if data[last_line:].strip() and b"[[log]]".startswith(data[last_line:].strip()):
        points.add(_before_blank_line(data, last_line))
    zeros = len(data.rstrip(b"\0"))
    if zeros < len(data):
        points.add(zeros)
    return sorted(points, reverse=True)


def _before_blank_line(data: bytes, start: int) -> int:
    # A block is written after a blank line; the blank line goes with it.
    return start - 1 if data[max(0, start - 2) : start] == b"\n\n" else start


def _validate_settings(
    path: Path, settings: Mapping[str, Any], text: bytes | None = None
) -> EventSettings:
    try:
        return settings_from_dict(settings)
    except SettingsError as error:
        line = _line_of(text, error.path) if text is not None else None
        if line is None and text is not None and re.fullmatch(r"\w+", error.path):
            line = 1  # a missing table: it goes at the top of the file
        raise EventFileInvalidError.at(path, str(error), error.path, line) from None


def _check_log(
    path: Path, records: list[Any], offset: int, ids: dict[str, int]
) -> list[dict[str, Any]]:
    """Check each record has a unique text `id` and a `kind`; return them as dicts."""
    for i, rec in enumerate(records, offset):
        if not isinstance(rec, dict):
            raise EventFileInvalidError.at(
                path,
                _(
                    "log[{i}]: expected a [[log]] block, got a value. "
                    "Fix: write each log entry as a [[log]] block."
                ).format(i=i),
                f"log[{i}]",
            )
        entry_id = rec.get("id")
        if entry_id is None:
            raise EventFileInvalidError.at(
                path,
                _(
                    "log[{i}].id: expected the entry's id as text without spaces, got "
                    "None. Fix: give the entry an id, e.g. id = \"{example}\"."
                ).format(i=i, example=new_entry_id()),
                f"log[{i}].id",
            )
        if not isinstance(entry_id, str) or not _ID_TEXT.fullmatch(entry_id):
            raise EventFileInvalidError.at(
                path,
                _(
                    "log[{i}].id: expected the entry's id as text without spaces, got "
                    "{got!r}. Fix: give the entry an id, e.g. id = \"{example}\"."
                ).format(i=i, got=entry_id, example=new_entry_id()),
                f"log[{i}].id",
            )
        if entry_id in ids:
            raise EventFileInvalidError.at(
                path,
                _(
                    "log[{i}].id: entry id {entry!r} is also the id of "
                    "log[{other}]. Fix: an id names one entry; if log[{i}] was pasted "
                    "by hand, give it a new id (or remove the copy)."
                ).format(i=i, entry=entry_id, other=ids[entry_id]),
                f"log[{i}].id",
            )
        ids[entry_id] = i
        if not isinstance(rec.get("kind"), str):
            raise EventFileInvalidError.at(
                path,
                _(
                    "log[{i}].kind: entry {entry!r} has no kind. "
                    "Fix: add kind = \"...\" (docs/event-file.md lists the kinds)."
                ).format(i=i, entry=entry_id),
                f"log[{i}].kind",
            )
    return records


def _with_line(error: EventFileInvalidError, text: bytes) -> EventFileInvalidError:
    """The same error, its message starting `file:line:` when the key path can be found."""
    line = _line_of(text, error.key_path)
    if line is None or error.detail is None:
        return error
    return EventFileInvalidError.at(error.path, error.detail, error.key_path, line)


def _line_of(text: bytes, key_path: str) -> int | None:
    """The line of `key_path` (`players[12].name`) in the file, when it can be found."""
    parts = re.findall(r"[^.\[\]]+|\[\d+\]", key_path)
    if not parts:
        return None
    lines = text.decode("utf-8", "replace").split("\n")
    table, index, rest = parts[0], None, parts[1:]
    if rest and rest[0].startswith("["):
        index, rest = int(rest[0][1:-1]), rest[1:]
    if table == "seating" and rest[:1] == ["rounds"]:
        table, rest = "seating.rounds", rest[1:]
        if rest and rest[0].startswith("["):
            index, rest = int(rest[0][1:-1]), rest[1:]
    header = re.compile(
        rf"^\s*\[\[\s*{re.escape(table)}\s*\]\]" if index is not None
        else rf"^\s*\[\s*{re.escape(table)}\s*\]"
    )
    seen, start = -1, None
    for n, line in enumerate(lines):
        if header.match(line):
            seen += 1
            if index is None or seen == index:
                start = n
                break
    if start is None:
        return None
    if not rest or rest[0].startswith("["):
        return start + 1
    key = re.compile(rf"^\s*{re.escape(rest[0])}\s*=")
    for n in range(start + 1, len(lines)):
        if lines[n].lstrip().startswith("["):
            break
        if key.match(lines[n]):
            return n + 1
    return start + 1


# --- Writing helpers -----------------------------------------------------------------------------


def _settings_text(settings: Mapping[str, Any], banner: bool = True) -> str:
    return HEADER + toml_write.document(settings) + (LOG_BANNER if banner else "")


def _encode(path: Path, record: Mapping[str, Any]) -> tuple[bytes, dict[str, Any]]:
    """The block to append for `record`, and the record as it reads back from that block."""
    entry_id = record.get("id")
    if not isinstance(entry_id, str):
        raise ValueError(
            _(
                "log entry {record!r}: expected an 'id' (text) made where the "
                "entry was entered. Fix: set id = new_entry_id() when the entry is made."
            ).format(record=dict(record))
        )

    def refused(problem: str) -> ValueError:
        return ValueError(
            _("log entry {id!r}: {problem}").format(id=entry_id, problem=problem)
        )

    problem = entry_id_problem(entry_id)
    if problem is not None:
        raise refused(problem)
    for needed in ("at", "kind"):
        if needed not in record:
            raise refused(_("missing {key!r}. Fix: set it.").format(key=needed))
    if "log" in record:
        raise refused(_("a field cannot be called 'log'."))
    try:
        text = toml_write.log_block(record)
        block = text.encode("utf-8")
    except toml_write.TomlValueError as error:
        raise refused(str(error)) from None
    except UnicodeEncodeError:
        raise refused(_("text that is not valid Unicode")) from None
    fast = _fast_log(text)
    parsed: dict[str, Any] = fast[0] if fast else tomllib.loads(text)["log"][0]
    if parsed != _plain(record):
        raise refused(
            _(
                "a value would not read back the same from TOML (NaN, or a key that is not "
                "text). Fix: store plain text, numbers, lists and tables."
            )
        )
    return block, parsed


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def _write_new(path: Path, data: bytes, mode: int = 0o644) -> None:
    """Create `path` with `data`, fsynced; on failure remove it again and raise `OSError`."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, mode)
    try:
        _write_all(fd, data)
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        with contextlib.suppress(OSError):
            path.unlink()
        raise
    os.close(fd)


def _fsync_dir(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _temp_name(path: Path) -> Path:
    return path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")


def _move_torn_tail(path: Path, file: Path, data: bytes, cut: int, kept: int) -> str:
    """Copy the bytes past `cut` to a side file, fsync it, then truncate the event file.

    `file` is the event file (`path` resolved; `path` is named in messages). A failure raises
    `EventFileWriteError` and leaves the event file as it was and no side file.
    """
    stamp = _dt.datetime.now(_dt.UTC).strftime("%Y%m%dT%H%M%SZ")
    side = file.with_name(f"{file.name}.torn-{stamp}")
    n = 1
    while side.exists():
        n += 1
        side = file.with_name(f"{file.name}.torn-{stamp}-{n}")
    tail = data[cut:]
    try:
        _write_new(side, tail)
        _fsync_dir(file.parent)
    except OSError as error:
        raise _write_error(path, error, _("the unfinished entry was not moved aside")) from None
    try:
        fd = os.open(file, os.O_WRONLY | os.O_CLOEXEC)
        try:
            os.ftruncate(fd, cut)
            os.fsync(fd)
        finally:
            os.close(fd)
    except OSError as error:
        raise _write_error(path, error, _("the unfinished entry was not cut off")) from None
    line = data.count(b"\n", 0, cut) + 1
    return ngettext(
        "{path}: the file ended in an unfinished log entry (line {line} on, {size} bytes), "
        "as left when a program stops mid-write. It was moved to {side} and "
        "the {n} complete entry loads normally. mjevent acknowledges an entry only once it is "
        "complete on disk, so no acknowledged entry is lost. If you typed that entry by hand, "
        "end it with its line `# end <id>` and paste it back.",
        "{path}: the file ended in an unfinished log entry (line {line} on, {size} bytes), "
        "as left when a program stops mid-write. It was moved to {side} and "
        "the {n} complete entries load normally. mjevent acknowledges an entry only once it is "
        "complete on disk, so no acknowledged entry is lost. If you typed that entry by hand, "
        "end it with its line `# end <id>` and paste it back.",
        kept,
    ).format(path=path, line=line, size=len(tail), side=side.name, n=kept)

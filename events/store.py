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
import errno
import fcntl
import os
import stat
import threading
import time
import tomllib
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mjevent.core.heap import collector_paused
from mjevent.core.i18n import _, ngettext, use_event_language
from mjevent.core.settings import EventSettings, settings_to_dict
from mjevent.events import toml_write
from mjevent.events.atomic_write import fsync_dir, temp_name, write_all, write_new
from mjevent.events.entry_ids import entry_id_problem
from mjevent.events.errors import (
    EventFileError,
    EventFileExistsError,
    EventFileInvalidError,
    EventFileNotFoundError,
    EventFileReadOnlyError,
    EventFileReplacedError,
    EventFileTooLargeError,
    EventFileWriteError,
)
from mjevent.events.io_errors import (
    ReadBackError,
    cause_of,
    exists_error,
    fix_for,
    megabytes,
    not_found_error,
    not_recorded,
    special_file_error,
    too_large_error,
    write_error,
)
from mjevent.events.lock import flock_by, locked, real_path
from mjevent.events.replaced import Divergence, log_divergence
from mjevent.events.toml_read import (
    LOG_HEADER,
    fast_document,
    fast_log,
    has_raw_control,
    parse_toml,
)
from mjevent.events.toml_write import settings_text
from mjevent.events.torn_tail import (
    BANNER,
    damaged,
    ends_sealed,
    ends_with_end_line,
    move_torn_tail,
    split_checked,
)
from mjevent.events.validation import check_log, line_of, validate_settings, with_line

_TAIL = 64
_BOM = b"\xef\xbb\xbf"
MAX_FILE_BYTES = 16 * 1024 * 1024
"""The largest event file mjevent reads or grows (see docs/event-file.md, Limits)."""


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
        event = validate_settings(path, settings)
        if path.exists():
            raise exists_error(path)
        if not path.parent.is_dir():
            raise EventFileNotFoundError(
                path,
                _(
                    "{path}: the folder {folder} does not exist. "
                    "Fix: create the folder first, or give a path in an existing folder."
                ).format(path=path, folder=path.parent),
            )
        data = settings_text(settings_to_dict(event)).encode("utf-8")
        tmp = temp_name(path)
        try:
            write_new(tmp, data)
            try:
                try:
                    os.link(tmp, path)
                except FileExistsError:
                    raise
                except OSError:
                    # Some file systems (FAT on a USB stick) have no hard links: create
                    # exclusively.
                    write_new(path, data)
            except FileExistsError:
                raise exists_error(path) from None
            fsync_dir(path.parent)
        except OSError as error:
            raise write_error(path, error, _("the event file was not created")) from None
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
        line = line_of(data, "event.language")
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
        starts = [m.start() for m in LOG_HEADER.finditer(data)]
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
                    ).format(path=self.path, entry=parsed["id"], limit=megabytes(MAX_FILE_BYTES)),
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
        event = validate_settings(self.path, settings)
        plain = settings_to_dict(event)
        with self.transaction():
            data, st = _read(self._file, self.path)
            body = data[len(_BOM) :] if data.startswith(_BOM) else data
            match = LOG_HEADER.search(body)
            log_part = b"" if match is None else b"\n" + body[match.start() :]
            # The banner promises that every entry ends with its end line: a log written by
            # hand without them must not gain it.
            sealed = match is None or BANNER in body[: match.start()]
            head = settings_text(plain, banner=sealed).encode("utf-8")
            new = head + log_part
            fast = fast_document(new)
            doc = fast[0] if fast is not None else tomllib.loads(new.decode("utf-8"))
            if doc.pop("log", []) != self.log or doc != tomllib.loads(head.decode("utf-8")):
                raise EventFileError(
                    self.path,
                    _(
                        "{path}: the settings were not saved: the file would not read back "
                        "the same (is there a [[log]] line inside a text value in the settings?). "
                        "Fix: run `mjevent check` on the file and correct what it reports."
                    ).format(path=self.path),
                )
            tmp = temp_name(self._file)
            try:
                write_new(tmp, new, mode=st.st_mode & 0o7777)
                os.replace(tmp, self._file)
                fsync_dir(self._file.parent)
            except OSError as error:
                raise write_error(self.path, error, _("the settings were not changed")) from None
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
        data = settings_text(self.settings).encode("utf-8") + b"".join(
            toml_write.log_block(rec).encode("utf-8") for rec in self.log
        )
        fast = fast_document(data)
        doc = fast[0] if fast is not None else parse_toml(self.path, data)
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
            tmp = temp_name(self._file)
            try:
                try:
                    write_new(tmp, data)
                    try:
                        os.link(tmp, self._file)
                    except FileExistsError:
                        raise
                    except OSError:
                        write_new(self._file, data)  # no hard links here (FAT)
                    fsync_dir(self._file.parent)
                except FileExistsError:
                    raise EventFileExistsError(
                        self.path,
                        _(
                            "{path}: the event was not written back: a file is there again. "
                            "Nothing was changed; the console checks that file next."
                        ).format(path=self.path),
                    ) from None
                except OSError as error:
                    raise write_error(
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
            raise too_large_error(self.path, self._mark.size + len(block), MAX_FILE_BYTES)
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
            raise not_found_error(self.path) from None
        except OSError as error:
            raise write_error(self.path, error, not_recorded(entry_id, others)) from None
        try:
            start = os.fstat(fd).st_size
            try:
                write_all(fd, block)
                os.fsync(fd)
                if os.pread(fd, len(block) + 1, start) != block:
                    raise ReadBackError(errno.EIO, "what was written did not read back the same")
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
            ).format(cause=cause_of(again))
        return write_error(self.path, error, not_recorded(entry_id, others), left)

    def _catch_up(self, repair: bool = True) -> None:
        """With the lock held (or read-only): bring `log` up to date with the file."""
        try:
            st = os.stat(self._file)
        except FileNotFoundError:
            if self.read_only:
                raise not_found_error(self.path) from None
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
        if not ends_sealed(new) or st.st_size > MAX_FILE_BYTES or damaged(new) is not None:
            return False
        try:
            text = new.decode("utf-8")
            # Entries as mjevent writes them (a table's burst) skip the TOML parser.
            fast = None if b"\r" in new or has_raw_control(new) else fast_log(text)
            doc = {"log": fast[0]} if fast is not None else tomllib.loads(text)
        except (UnicodeDecodeError, tomllib.TOMLDecodeError, ValueError, RecursionError):
            return False
        records = doc.get("log")
        if set(doc) != {"log"} or not isinstance(records, list) or not records:
            return False
        last = records[-1]
        if not isinstance(last, dict) or not ends_with_end_line(new, last.get("id")):
            return False
        offset = len(self.log)
        try:
            checked = check_log(self.path, records, offset, dict(self._ids))
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
        doc, cut, damage = split_checked(self.path, data[bom:])
        # Read without the lock, an unfinished entry may be another process's append in
        # progress: wait for that writer (if any) and read again.
        if cut is not None and not repair and not self._held:
            _wait_for_writer(self._file)
            data, st = _read(self._file, self.path)
            bom = len(_BOM) if data.startswith(_BOM) else 0
            doc, cut, damage = split_checked(self.path, data[bom:])
        raw_log = doc.pop("log", [])
        event = validate_settings(self.path, doc, text=data)
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
        ids: dict[str, int] = {}  # each entry's index, as check_log finds them
        try:
            log = check_log(self.path, raw_log, 0, ids)
        except EventFileInvalidError as error:
            raise with_line(error, data) from None
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
                    warnings.append(move_torn_tail(self.path, self._file, data, cut, len(log)))
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
        self._ids = ids
        self.warnings.extend(warnings)
        self._torn_at = torn_at
        self._mark = _Mark.of(st, data)
        self._diverged = None


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
                raise special_file_error(path)
            os.set_blocking(fd, True)
            if st.st_size > MAX_FILE_BYTES:
                raise too_large_error(path, st.st_size, MAX_FILE_BYTES)
            data = f.read()
            if len(data) > MAX_FILE_BYTES:  # it grew while being read
                raise too_large_error(path, len(data), MAX_FILE_BYTES)
            return data, st
    except FileNotFoundError:
        raise not_found_error(path) from None
    except IsADirectoryError:
        raise EventFileNotFoundError(
            path,
            _(
                "{path}: is a folder, not an event file. Fix: give the path of the .toml file."
            ).format(path=path),
        ) from None
    except OSError as error:
        raise EventFileError(
            path,
            _("{path}: cannot be read: {cause}. Fix: {fix}").format(
                path=path, cause=cause_of(error), fix=fix_for(error)
            ),
        ) from None


def _refuse_special(path: Path) -> None:
    """Refuse a pipe, device or socket at `path` without opening it (a folder and a missing
    file are left to `_read`, which names them)."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return
    if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
        raise special_file_error(path)


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
        return ValueError(_("log entry {id!r}: {problem}").format(id=entry_id, problem=problem))

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
    fast = fast_log(text)
    parsed: dict[str, Any] = fast[0][0] if fast is not None else tomllib.loads(text)["log"][0]
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

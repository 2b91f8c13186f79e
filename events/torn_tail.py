"""How the log's entries are framed, and how an unfinished one is found.

Every entry ends with its end line, `# end <id> crc32:<checksum>` (`toml_write.END_PREFIX`); an
entry without it, or whose bytes do not match the checksum and hold the zero bytes a power cut
leaves, is a torn tail: `split_checked` parses the file and says where that tail starts, and
`move_torn_tail` moves it to a side file before the event file is cut back.
"""

from __future__ import annotations

import datetime as _dt
import os
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mjevent.core.i18n import _, ngettext
from mjevent.events import toml_write
from mjevent.events.atomic_write import fsync_dir, write_new
from mjevent.events.errors import EventFileInvalidError, EventFileSyntaxError
from mjevent.events.io_errors import write_error
from mjevent.events.toml_read import LOG_HEADER, fast_document, parse_toml

BANNER = toml_write.LOG_BANNER.strip().encode()
_END = toml_write.END_PREFIX.encode()


def ends_with_end_line(data: bytes, entry_id: Any) -> bool:
    """Whether `data` ends with the end line of entry `entry_id` (with or without its checksum)."""
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


def damaged(data: bytes) -> _Damage | None:
    """The first entry whose end line carries a checksum its bytes do not match (or names
    another entry), or None. End lines without a checksum (older files) are not checked."""
    at = 0
    floor: int | None = -1  # where the entry after the last end line may start (-1: unknown)
    while True:
        e = data.find(b"\n" + _END, at)
        if e < 0:
            return None
        e += 1
        stop = data.find(b"\n", e)
        stop = len(data) if stop < 0 else stop
        at = stop
        match = _END_LINE.fullmatch(data, e, stop)
        # The end line before this one was the last one found: no need to search back for it.
        start = _header_after(data, _floor(data, e) if floor == -1 else floor, e)
        floor = stop + 1
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
            or (b"\r\n" in block and toml_write.checksum(block.replace(b"\r\n", b"\n")) == expected)
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
    return _header_after(data, _floor(data, end_line), end_line)


def _floor(data: bytes, end_line: int) -> int | None:
    """Where the entry the end line at `end_line` closes may start at the earliest: just past
    the end line before it, or past the banner; None when neither is there."""
    before = data.rfind(b"\n" + _END, 0, end_line - 1)
    if before >= 0:
        return _line_end(data, before + 1)
    banner = data.rfind(BANNER, 0, end_line)
    return None if banner < 0 else _line_end(data, banner)


def _header_after(data: bytes, low: int | None, end_line: int) -> int | None:
    """The last `[[log]]` header between `low` (the top when None) and `end_line`; `low` when
    there is none."""
    # The header's newline may be the one ending the previous line (no blank line between).
    header = data.rfind(b"\n[[log]]", 0 if low is None else max(low - 1, 0), end_line)
    if header >= 0:
        return header + 1
    return low


def ends_sealed(data: bytes) -> bool:
    """Whether the last line of `data` that is not blank is an end line."""
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


def split_checked(
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
        doc, cut, sealed = _split(path, data)
    except EventFileSyntaxError:
        # Zero bytes inside an entry are not TOML: a damaged entry is the better explanation.
        damage = damaged(data)
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
    damage = None if sealed else damaged(data if cut is None else data[:cut])
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
            path=path,
            line=line,
            entry=damage.entry_id,
            end_line=end_line,
            why=damage.why,
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


def _split(path: Path, data: bytes) -> tuple[dict[str, Any], int | None, bool]:
    """The parsed document, the offset where a torn tail starts (None when whole), and whether
    the entries before it are known to match their checksums (read by the fast reader, which
    checks them: `damaged` need not look again).

    The whole file is parsed once. Only when that fails, or the last entry lacks its end line,
    is the tail examined: the file is cut after the last `# end` line (see `_cut_points` for a
    file without one), and the cut is taken only when the bytes after it are the start of a
    `[[log]]` block and the bytes before it parse. A log with no end line at all and without
    the banner mjevent writes above the log was written by hand: it is taken as it parses.
    """
    # A file that ends in an end line is read whole; one that does not is most often torn,
    # and reading it whole would only fail at its last bytes.
    if ends_sealed(data):
        fast = fast_document(data)
        if fast is not None:
            return fast[0], None, fast[1]
    if _last_end_line(data) is not None or BANNER in data:
        # Most often the file ends in a torn entry: try the fast reader on what comes before.
        for cut in _cut_points(data):
            if data[cut:].strip() and _looks_torn(data[cut:]):
                before = fast_document(data[:cut])
                if before is not None:
                    return before[0], cut, before[1]
    try:
        doc = parse_toml(path, data)
    except EventFileSyntaxError:
        torn = _before_torn_tail(path, data)
        if torn is not None:
            return (*torn, False)
        raise
    log = doc.get("log")
    if not isinstance(log, list) or not log or not isinstance(log[-1], dict):
        return doc, None, False
    if ends_with_end_line(data, log[-1].get("id")):
        return doc, None, False
    if _last_end_line(data) is None and BANNER not in data:
        return doc, None, False  # a log written by hand, without end lines: taken as it is
    torn = _before_torn_tail(path, data)
    return (*torn, False) if torn is not None else (doc, None, False)


def _before_torn_tail(path: Path, data: bytes) -> tuple[dict[str, Any], int] | None:
    """The document before the first cut whose tail looks torn and whose head parses (by
    tomllib), and that cut; None when no cut does."""
    for cut in _cut_points(data):
        if _looks_torn(data[cut:]):
            try:
                return parse_toml(path, data[:cut]), cut
            except EventFileSyntaxError:
                continue
    return None


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
    banner = data.find(BANNER)
    if banner >= 0:
        return [_line_end(data, banner)]
    points: set[int] = set()
    headers = list(LOG_HEADER.finditer(data))
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


def move_torn_tail(path: Path, file: Path, data: bytes, cut: int, kept: int) -> str:
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
        write_new(side, tail)
        fsync_dir(file.parent)
    except OSError as error:
        raise write_error(path, error, _("the unfinished entry was not moved aside")) from None
    try:
        fd = os.open(file, os.O_WRONLY | os.O_CLOEXEC)
        try:
            os.ftruncate(fd, cut)
            os.fsync(fd)
        finally:
            os.close(fd)
    except OSError as error:
        raise write_error(path, error, _("the unfinished entry was not cut off")) from None
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

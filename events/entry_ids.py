"""Entry ids: made where an entry is entered, so a retried command records once.

`new_entry_id()` makes a ULID (26 characters that sort by creation time); `entry_id_problem`
says what is wrong with an id given for a new entry; `ID_TEXT` is what the reader accepts from
older files (any text without spaces).
"""

from __future__ import annotations

import datetime as dt
import re
import secrets
import threading
import time
from collections.abc import Callable

from mjevent.core.drafts import Stamp
from mjevent.core.i18n import _

ID_TEXT = re.compile(r"[^\s]+")
_ID_NEW = re.compile(r"[A-Za-z0-9_.:-]{1,64}")

ID_RULE = "1 to 64 characters from A-Z, a-z, 0-9 and - _ . :"
"""The alphabet of entry ids mjevent writes (`new_entry_id()` makes 26 of A-Z and 0-9). Older
files may hold other ids without spaces; they are read as they are."""


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


def stamp(
    clock: Callable[[], dt.datetime], entry_id: str | None = None, at: str | None = None
) -> Stamp:
    """A new entry's id and time: `entry_id` or a new id (`new_entry_id`), `at` or `clock`'s now
    to the second. The id is not checked here (`events.commands.new_stamp` refuses a bad one)."""
    return Stamp(id=entry_id or new_entry_id(), at=at or clock().isoformat(timespec="seconds"))


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

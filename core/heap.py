"""Bulk work that builds many long-lived objects: the cycle collector is paused meanwhile."""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """Pause Python's cycle collector while a whole log is read or folded.

    Reading and folding a large log builds a few hundred thousand objects that all outlive the
    call and hold no reference cycles. Each time the heap grows by a quarter the collector
    scans all of it (the parsed file included), which cost a third of the fold's time: none of
    it finds garbage. Reference counting still frees everything as usual; a collector the caller
    had turned off stays off.

    When the block ends, what it built is moved to the oldest generation unscanned (frozen and
    at once unfrozen): left young, it would be scanned by the next young collection, again by
    the middle one, and by a full one, some 0.3 s after reading a 500-player event. It stays
    collectable; only when the caller keeps frozen objects of its own (the console) is it left
    where it is, since unfreezing would release those too.
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        if not gc.get_freeze_count():
            gc.freeze()
            gc.unfreeze()
        gc.enable()

"""Speaking Japanese in a test: `with japanese(): ...` (the autouse fixture in conftest.py puts
English back after every test anyway)."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator

from mjevent.core import i18n
from mjevent.tui.views import language

LATIN_WORD = re.compile(r"[A-Za-z]{3,}")


@contextlib.contextmanager
def japanese() -> Iterator[None]:
    """Japanese, with the catalogue loader registered as `mjevent` registers it."""
    language.start("ja")
    try:
        yield
    finally:
        language.use(i18n.ENGLISH)
        i18n.set_loader(None)


def english_words(text: str, allowed: set[str]) -> list[str]:
    """The Latin words of three letters or more in `text` that are not in `allowed`: in a
    Japanese screen, each is an English string that bypassed the catalogue (names, ids and the
    entry line's syntax go in `allowed`)."""
    return [w for w in LATIN_WORD.findall(text) if w not in allowed]

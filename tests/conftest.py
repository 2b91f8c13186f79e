"""Every test starts in English with no catalogue loader registered, whatever the machine's
locale: a test that wants Japanese asks for it (`tests/i18n_helpers.py`)."""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterator

import pytest

from mjevent.core import i18n

for _key in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
    os.environ.pop(_key, None)
os.environ["LANG"] = "C.UTF-8"


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    i18n.install(i18n.ENGLISH, gettext.NullTranslations())
    i18n.set_loader(None)
    yield
    i18n.install(i18n.ENGLISH, gettext.NullTranslations())
    i18n.set_loader(None)

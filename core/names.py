"""Family and given names, for exports that want them apart (the EMA results sheet).

An event file names a player once (`name = "田中 優希"`); an export such as the EMA's needs the
family name and the given name in two columns. A player may carry them explicitly
(`family_name`, `given_name`) or say which comes first in `name` (`name_order`); otherwise
`split_name` guesses from the script, and says it guessed so the director can check:

* Chinese, Japanese and Korean script: the family name comes first ("田中 優希": family 田中,
  given 優希). Without a space, a Hangul name or a Han name of at most three characters is taken
  as a one-character family name ("김서연": 김, 서연; "王芳": 王, 芳); a longer Han name without
  a space cannot be split (Japanese names are often two and two, sometimes one and three).
* Vietnamese (its Latin letters with stacked diacritics, ơ, ư, ă, đ) and Hungarian (ő, ű): family
  name first ("Nguyễn Thị Mai": Nguyễn, Thị Mai).
* Otherwise the family name is last, with the particles that belong to it ("Pieter de Vries":
  de Vries; "Aoife Ní Bhriain": Ní Bhriain).
"""

from __future__ import annotations

import enum
import unicodedata
from dataclasses import dataclass, field

from mjevent.core.i18n import _

__all__ = ["NameOrder", "NameParts", "split_name"]


class NameOrder(enum.StrEnum):
    """Which part of a player's `name` is the family name."""

    FAMILY_FIRST = "family_first"
    """The first word is the family name (田中 優希, Nguyễn Thị Mai)."""
    GIVEN_FIRST = "given_first"
    """The last word, with its particles, is the family name (Sophie Müller, Pieter de Vries)."""


@dataclass(frozen=True)
class NameParts:
    """A name split for an export: `guess` says why when nothing in the file said how."""

    family: str
    given: str
    guess: str | None = None
    guessed_family_first: bool = field(default=False, repr=False, compare=False)
    """The guess put the family name first (by the script): the split most likely to surprise."""


# Lower-case words that start a family name written after the given name.
_PARTICLES = frozenset(
    {"de", "del", "della", "der", "den", "di", "da", "dos", "das", "du", "la", "le", "van",
     "von", "zu", "ten", "ter", "af", "av", "ní", "nic", "ó", "ua", "mac", "mc", "bin", "binti",
     "al", "el", "st."}
)
# Letters only Vietnamese (U+1EA0-U+1EF9 and a few others) or Hungarian use among Latin scripts.
_VIETNAMESE = frozenset("ơưăđƠƯĂĐ")
_HUNGARIAN = frozenset("őűŐŰ")


def _script(ch: str) -> str | None:
    name = unicodedata.name(ch, "")
    if name.startswith("HANGUL"):
        return "hangul"
    if name.startswith(("CJK UNIFIED", "CJK COMPATIBILITY IDEOGRAPH")) or ch == "々":
        return "han"
    if name.startswith(("HIRAGANA", "KATAKANA")):
        return "kana"
    return None


def _family_first_reason(name: str) -> str | None:
    scripts = {s for s in map(_script, name) if s}
    if scripts == {"hangul"}:
        return _("family name first in Korean script")
    if "kana" in scripts:
        return _("family name first in Japanese script")
    if scripts:
        return _("family name first in CJK script")
    if any(ch in _VIETNAMESE or 0x1EA0 <= ord(ch) <= 0x1EF9 for ch in name):
        return _("family name first in a Vietnamese name")
    if any(ch in _HUNGARIAN for ch in name):
        return _("family name first in a Hungarian name")
    return None


def _split_family_first(words: list[str]) -> tuple[str, str]:
    return words[0], " ".join(words[1:])


def _split_given_first(words: list[str]) -> tuple[str, str]:
    start = len(words) - 1
    while start > 1 and words[start - 1].lower() in _PARTICLES:
        start -= 1
    return " ".join(words[start:]), " ".join(words[:start])


def split_name(
    name: str,
    *,
    family: str | None = None,
    given: str | None = None,
    order: NameOrder | None = None,
) -> NameParts:
    """The family and given name of `name`: as given, by `order`, or guessed from the script.

    >>> split_name("Sophie Müller", family="Müller", given="Sophie")
    NameParts(family='Müller', given='Sophie', guess=None)
    >>> split_name("Tanaka Yuki", order=NameOrder.FAMILY_FIRST)
    NameParts(family='Tanaka', given='Yuki', guess=None)
    >>> split_name("田中 優希")
    NameParts(family='田中', given='優希', guess='family name first in CJK script')
    >>> split_name("김서연")
    NameParts(family='김', given='서연', guess='family name first in Korean script, one-character \
family name')
    >>> split_name("Pieter de Vries")
    NameParts(family='de Vries', given='Pieter', guess='family name last')
    """
    if family is not None and given is not None:
        return NameParts(family, given)
    words = name.split()
    if order is NameOrder.FAMILY_FIRST:
        return NameParts(*_split_family_first(words)) if len(words) > 1 else NameParts(name, "")
    if order is NameOrder.GIVEN_FIRST:
        return NameParts(*_split_given_first(words)) if len(words) > 1 else NameParts(name, "")
    reason = _family_first_reason(name)
    if reason is None:
        if len(words) < 2:
            return NameParts(name, "", _("one word: taken as the family name"))
        return NameParts(*_split_given_first(words), _("family name last"))
    if len(words) > 1:
        return NameParts(*_split_family_first(words), reason, guessed_family_first=True)
    scripts = {s for s in map(_script, name) if s}
    if scripts == {"hangul"} or (scripts == {"han"} and len(name) <= 3):
        return NameParts(
            name[0], name[1:], _("{reason}, one-character family name").format(reason=reason),
            guessed_family_first=True,
        )
    return NameParts(
        name, "",
        _("{reason}; no space to split at: taken as the family name").format(reason=reason),
        guessed_family_first=True,
    )

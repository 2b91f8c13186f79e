"""Penalties a rule set sizes by kind: lateness (EMA Riichi Rules 2025 §7.2) and score sheets
(§7.5).

A penalty in the log is a `Penalty` entry (points taken off a player's event total, with the
reason); this module only works out the amount and the reason the rules give for a kind, so the
console and `mjevent penalty` write the same entry.

EMA 2025 §7.2: 1,000 points per started minute of lateness, up to 10 minutes; after that a
substitute takes the seat. 3 minutes 20 seconds late is 4 started minutes, 4,000 points:

>>> from mjevent.core.presets import preset
>>> ema = preset("ema2025").rules
>>> late_penalty(ema, parse_lateness("3:20"))
4000
>>> late_penalty(ema, parse_lateness("10"))
10000
>>> try:
...     late_penalty(ema, parse_lateness("10:01"))
... except SubstituteNeededError as error:
...     print(error)  # doctest: +ELLIPSIS
10:01 late is past the 10 minutes rule set 'ema2025' allows (...): a substitute takes the seat
>>> score_sheet_penalty(ema)
2000
"""

from __future__ import annotations

import enum
import re

from mjevent.core.i18n import N_, _, ngettext
from mjevent.core.rules import RuleSet

__all__ = [
    "PenaltyKind",
    "PenaltyRuleError",
    "SubstituteNeededError",
    "late_penalty",
    "late_reason",
    "parse_lateness",
    "score_sheet_penalty",
    "score_sheet_reason",
    "started_minutes",
]


class PenaltyKind(enum.StrEnum):
    """The penalties a rule set sizes itself (any other penalty is entered with its amount)."""

    LATE = "late"
    """Lateness: `late_penalty_per_minute` per started minute, up to `late_limit_minutes`."""
    SCORE_SHEET = "sheet"
    """A score sheet not filled in or signed as the rules ask: `score_sheet_penalty`."""


class PenaltyRuleError(ValueError):
    """The rule set has no such penalty, or the value given cannot be one; the message says
    what to do instead."""


class SubstituteNeededError(PenaltyRuleError):
    """The player is later than the rules allow: no lateness penalty, a substitute takes the
    seat (EMA 2025 §7.2)."""


_LATENESS = re.compile(r"\s*(\d{1,4})(?::([0-5]\d))?\s*")


def parse_lateness(text: str) -> int:
    """How late a player was, in seconds, from `M` (whole minutes) or `M:SS`.

    >>> parse_lateness("4"), parse_lateness("3:20"), parse_lateness("0:05")
    (240, 200, 5)
    """
    match = _LATENESS.fullmatch(text)
    if match is None:
        raise PenaltyRuleError(
            _("{text!r} is not a lateness: give minutes (4) or minutes and seconds (3:20)").format(
                text=text
            )
        )
    return int(match.group(1)) * 60 + int(match.group(2) or 0)


def started_minutes(seconds: int) -> int:
    """The minutes a lateness of `seconds` has started: a minute counts once any of it passed.

    >>> started_minutes(1), started_minutes(60), started_minutes(61), started_minutes(600)
    (1, 1, 2, 10)
    """
    return -(-seconds // 60)


def _clock(seconds: int) -> str:
    return f"{seconds // 60}:{seconds % 60:02d}"


def late_penalty(rules: RuleSet, seconds: int) -> int:
    """The lateness penalty for a player `seconds` late: `late_penalty_per_minute` per started
    minute (EMA 2025 §7.2: 1,000). Past `late_limit_minutes` (EMA 2025: 10) the player does not
    play: `SubstituteNeededError`. A rule set without a lateness rule, or no lateness at all,
    raises `PenaltyRuleError`."""
    if rules.late_penalty_per_minute <= 0:
        raise PenaltyRuleError(
            _(
                "rule set {rules!r} has no lateness penalty (late_penalty_per_minute = 0): "
                "enter the penalty with its amount, or set late_penalty_per_minute and "
                "late_limit_minutes in [rules]"
            ).format(rules=rules.name)
        )
    if seconds <= 0:
        raise PenaltyRuleError(_("a player 0:00 late is not late: no penalty"))
    if seconds > rules.late_limit_minutes * 60:
        raise SubstituteNeededError(
            _(
                "{late} late is past the {limit} minutes rule set {rules!r} allows "
                "(late_limit_minutes): a substitute takes the seat"
            ).format(late=_clock(seconds), limit=rules.late_limit_minutes, rules=rules.name)
        )
    return started_minutes(seconds) * rules.late_penalty_per_minute


def late_reason(rules: RuleSet, seconds: int) -> str:
    """The reason written with a lateness penalty, in the language in use.

    >>> from mjevent.core.presets import preset
    >>> late_reason(preset("ema2025").rules, 200)
    'late 3:20 (4 started minutes x 1,000)'
    """
    minutes = started_minutes(seconds)
    return ngettext(
        "late {late} ({minutes} started minute x {each:,})",
        "late {late} ({minutes} started minutes x {each:,})",
        minutes,
    ).format(late=_clock(seconds), minutes=minutes, each=rules.late_penalty_per_minute)


def score_sheet_penalty(rules: RuleSet) -> int:
    """The score-sheet penalty of `rules` (EMA 2025 §7.5: 2,000); `PenaltyRuleError` when the
    rule set has none."""
    if rules.score_sheet_penalty <= 0:
        raise PenaltyRuleError(
            _(
                "rule set {rules!r} has no score-sheet penalty (score_sheet_penalty = 0): "
                "enter the penalty with its amount, or set score_sheet_penalty in [rules]"
            ).format(rules=rules.name)
        )
    return rules.score_sheet_penalty


SCORE_SHEET_REASON = N_("score sheet")
"""The reason written with a score-sheet penalty (a detail the director adds follows it)."""


def score_sheet_reason(detail: str = "") -> str:
    """The reason written with a score-sheet penalty, in the language in use.

    >>> score_sheet_reason(), score_sheet_reason("not signed")
    ('score sheet', 'score sheet: not signed')
    """
    if detail.strip():
        return _("score sheet: {detail}").format(detail=detail.strip())
    return _(SCORE_SHEET_REASON)

"""EMA Riichi Rules 2025 §7.2 (lateness) and §7.5 (score sheets): the amounts the rules give, and
the refusals, exactly."""

from __future__ import annotations

import pytest

from mjevent.core.penalties import (
    PenaltyRuleError,
    SubstituteNeededError,
    late_penalty,
    late_reason,
    parse_lateness,
    score_sheet_penalty,
    score_sheet_reason,
    started_minutes,
)
from mjevent.core.presets import PRESETS, preset

EMA2025 = preset("ema2025").rules


@pytest.mark.parametrize(
    ("late", "points"),
    [
        ("0:01", 1000),
        ("1", 1000),
        ("1:00", 1000),
        ("1:01", 2000),
        ("3:20", 4000),
        ("9:59", 10000),
        ("10", 10000),
    ],
)
def test_ema2025_7_2_lateness_is_1000_per_started_minute(late: str, points: int) -> None:
    """EMA 2025 §7.2: 1,000 points per started minute of lateness, up to 10 minutes."""
    assert late_penalty(EMA2025, parse_lateness(late)) == points


@pytest.mark.parametrize("late", ["10:01", "11", "45"])
def test_ema2025_7_2_past_10_minutes_a_substitute_takes_the_seat(late: str) -> None:
    """EMA 2025 §7.2: past 10 minutes there is no lateness penalty: a substitute plays."""
    with pytest.raises(SubstituteNeededError) as refused:
        late_penalty(EMA2025, parse_lateness(late))
    assert str(refused.value).endswith(
        "late is past the 10 minutes rule set 'ema2025' allows (late_limit_minutes): a "
        "substitute takes the seat"
    )


def test_lateness_of_zero_and_bad_text_are_refused() -> None:
    with pytest.raises(PenaltyRuleError, match="0:00 late is not late"):
        late_penalty(EMA2025, 0)
    with pytest.raises(PenaltyRuleError, match="give minutes \\(4\\) or minutes and seconds"):
        parse_lateness("3:75")
    assert [started_minutes(s) for s in (1, 59, 60, 61, 599, 600)] == [1, 1, 1, 2, 10, 10]


def test_ema2025_7_2_the_reason_names_the_lateness_and_the_minutes() -> None:
    assert late_reason(EMA2025, 200) == "late 3:20 (4 started minutes x 1,000)"
    assert late_reason(EMA2025, 60) == "late 1:00 (1 started minute x 1,000)"


def test_ema2025_7_5_score_sheet_penalty_is_2000() -> None:
    """EMA 2025 §7.5: a score-sheet penalty is 2,000 points."""
    assert score_sheet_penalty(EMA2025) == 2000
    assert score_sheet_reason() == "score sheet"
    assert score_sheet_reason(" not signed ") == "score sheet: not signed"


@pytest.mark.parametrize("name", sorted(set(PRESETS) - {"ema2025"}))
def test_other_presets_have_neither_kind_and_say_how_to_enter_one(name: str) -> None:
    """docs/rules.md: only ema2025 sizes these penalties; elsewhere the amount is given."""
    rules = preset(name).rules
    with pytest.raises(PenaltyRuleError, match="has no lateness penalty"):
        late_penalty(rules, 60)
    with pytest.raises(PenaltyRuleError, match="has no score-sheet penalty"):
        score_sheet_penalty(rules)


def test_a_custom_lateness_rule_follows_its_settings() -> None:
    rules = preset("ema2016").rules.with_overrides(
        {"late_penalty_per_minute": 500, "late_limit_minutes": 5}
    )
    assert late_penalty(rules, 241) == 2500
    with pytest.raises(SubstituteNeededError):
        late_penalty(rules, 301)

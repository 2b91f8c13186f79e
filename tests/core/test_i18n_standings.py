# ruff: noqa: RUF001  (Japanese text is written with full-width brackets)
"""Standings' settings errors and tiebreak names in Japanese, with the keys left in Latin."""

from __future__ import annotations

import pytest

from mjevent.core.event import SettingsError, settings_from_dict
from mjevent.core.standings import Criterion, tiebreak_name
from tests.i18n_helpers import japanese


def test_a_standings_value_misspelt_is_named_with_the_value_meant_in_japanese() -> None:
    with japanese(), pytest.raises(SettingsError) as caught:
        settings_from_dict({
            "event": {"name": "Cup", "format_version": 1},
            "rules": {"preset": "ema2016"},
            "standings": {"bye": "averag"},
        })
    assert str(caught.value) == (
        "standings: [standings] bye = 'averag': zero, fixed, average のいずれかを指定してください"
        "（'average' のことですか？）。 対処: docs/standings.md の説明に従って直してください。"
    )


def test_tiebreaks_have_a_name_in_each_language() -> None:
    english = [tiebreak_name(c) for c in Criterion]
    with japanese():
        japanese_names = [tiebreak_name(c) for c in Criterion]
    assert english == [
        "total", "raw sum", "firsts", "best game", "head to head", "avg place", "games", "lots",
        "sonneborn berger", "direct encounter", "koya", "buchholz", "shared",
    ]
    assert japanese_names == [
        "合計", "素点合計", "トップ回数", "半荘最高ポイント", "直接対決", "平均順位", "半荘数",
        "抽選", "ゾンネボルン・ベルガー", "直接対戦成績", "コーヤ", "ブッフホルツ", "同順位",
    ]

# ruff: noqa: RUF001  (Japanese text is written with full-width brackets)
"""Standings' settings errors in Japanese, with the keys left in Latin."""

from __future__ import annotations

import pytest

from mjevent.core.settings import SettingsError, settings_from_dict
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


"""The clock's table calls and the name guesses in Japanese."""

from __future__ import annotations

from mjevent.core.clock import table_call, time_call_text
from mjevent.core.names import split_name
from mjevent.core.presets import preset
from mjevent.core.rules import TimeCall
from tests.i18n_helpers import japanese


def test_what_time_called_means_at_a_table_is_said_in_japanese() -> None:
    with japanese():
        calls = [table_call(preset(p).rules, None).text for p in ("ema2016", "wrc", "mleague")]
        announced = [time_call_text(rule) for rule in TimeCall]
    assert calls == ["あと1局", "最終局", "最後まで"]
    assert announced == ["半荘の終わりまで続けてください", "今の局で終わりです",
                         "今の局の後、もう1局で終わりです"]
    assert time_call_text(TimeCall.ONE_MORE_HAND) == "finish the current hand, then one more hand"


def test_name_guesses_are_explained_in_japanese() -> None:
    with japanese():
        guesses = [split_name(n).guess for n in ("田中 優希", "김서연", "Pieter de Vries")]
    assert guesses == ["漢字なので姓が先", "韓国語の文字なので姓が先、姓は1文字", "姓が後"]

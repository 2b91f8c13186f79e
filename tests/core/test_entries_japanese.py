"""The log's entries told in Japanese (the event's story, `mjevent replay`), and the errors of a
log record that cannot be read, in Japanese: field names, kinds and ids stay as the event file
spells them."""

# ruff: noqa: RUF001 (Japanese text: full-width brackets)
from __future__ import annotations

from typing import Any

import pytest

from mjevent.core.entries import KINDS
from mjevent.core.entry_reader import EntryError, entry_from_record
from tests.core.test_entries import AT, BAD_RECORDS, EXAMPLES
from tests.i18n_helpers import LATIN_WORD, english_words, japanese

NAMES = {"p3": "Kim", "p17": "Zoë"}


def _told() -> list[str]:
    with japanese():
        return [entry.describe(lambda p: NAMES.get(p, p)) for entry, _fields in EXAMPLES]


def test_the_story_of_the_event_in_japanese() -> None:
    told = _told()
    assert told[:9] == [
        "選手追加: Zoë Ångström（p17）",
        "選手追加: 李小龍（p18）",
        "選手 p3 の名前を 김민준 に変更",
        "Kim が第4回戦から棄権: train home",
        "Kim が第5回戦から復帰",
        "Kim が第2回戦の受付を済ませました",
        "Kim は第3回戦を欠席",
        "r2 t1: Ana Ruiz が Kim の代走",
        "第1〜1回戦の席順を設定（generated、シード 7）",
    ]
    assert "第1回戦: 4卓を5分0秒 延長" in told
    assert "r2 t3: 局の記録" in told
    assert "r1 t2 の席を 東 p6, 南 p5, 西 p7, 北 p8 に直し、局を適用し直しました" in told
    assert "修正: h1 を修正: fu miscounted" in told


def test_no_english_word_in_the_story() -> None:
    # What the director typed (names, reasons, notes) and the seating's method are data.
    typed = {w for entry, fields in EXAMPLES for w in LATIN_WORD.findall(repr(fields))}
    for text in _told():
        assert english_words(text, typed | {"Kim"}) == [], text


BAD_IN_JAPANESE: list[tuple[dict[str, Any], str]] = [
    (
        BAD_RECORDS[3][0],
        "記録 'q2'（hand）: フィールド 'table' は1から999までの整数でなければなりません（実際: 0）",
    ),
    (
        BAD_RECORDS[6][0],
        "記録 'q5'（hand）: フィールド 'wins[0].fu' は整数でなければなりません（実際: 何もなし）。"
        "han と fu、または yakuman を書いてください",
    ),
    (BAD_RECORDS[8][0], "記録 'q7'（penalty）: フィールド 'reason' がありません"),
    (
        BAD_RECORDS[11][0],
        "記録 'q10'（correction）: フィールド 'replacement' に修正を入れることはできません。"
        "その修正を無効にして、新しい修正を入力してください",
    ),
    (
        BAD_RECORDS[14][0],
        "記録 'q11'（round_started）: フィールド 'at' は日時（ISO 8601 形式）でなければなりません"
        "（実際: ''）",
    ),
]


@pytest.mark.parametrize(("record", "message"), BAD_IN_JAPANESE)
def test_a_bad_record_is_explained_in_japanese(record: dict[str, Any], message: str) -> None:
    with japanese(), pytest.raises(EntryError) as caught:
        entry_from_record(record)
    assert str(caught.value) == message


def test_no_english_word_in_a_bad_record_error() -> None:
    # Field names, kinds, ids and the values found are the event file's own text. The hint
    # "did you mean ...?" comes from core.text.suggest (another area), so the records that get
    # one are left out here.
    keys = {"id", "at", "kind", "outcome", "loser", "wins", "winner", "han", "fu", "yakuman",
            "tenpai", "reason", "final", "replacement", "offender", "table", "round", "text",
            "pao", "ron", "tsumo", "draw", "abortive", "chombo", "None", "ISO", "true", "false",
            "mjevent"}
    kinds = {w for kind in KINDS for w in LATIN_WORD.findall(kind)}
    extra: list[tuple[dict[str, Any], set[str]]] = [
        ({"id": "w1", "at": AT, "kind": "hand", "round": 1, "table": 2, "outcome": "ron",
          "loser": "W", "wins": "S"}, set()),
        ({"id": "w2", "at": AT, "kind": "seats_swapped", "round": 1, "a": "", "b": "p2"}, set()),
        ({"id": "w3", "at": AT, "kind": "player_checked_in", "player": "p1", "round": 1,
          "present": "yes"}, {"yes", "present", "player"}),
        ({"id": "w4", "at": AT, "kind": "seating_set", "first_round": 1, "rounds": [["p1"]]},
         {"rounds", "first"}),
        ({"id": "w5", "at": AT, "kind": "round_extended", "round": 1, "seconds": 10**40},
         {"seconds"}),
        ({"id": "w6", "at": AT, "kind": "note", "text": ["x" * 200]}, {"x" * 58}),
    ]
    none: set[str] = set()
    cases = [(r, none) for r, m in BAD_RECORDS if "did you mean" not in m] + extra
    for record, own in cases:
        with japanese(), pytest.raises(EntryError) as caught:
            entry_from_record(record)
        text = str(caught.value)
        typed = {w for w in LATIN_WORD.findall(repr(record))}
        assert english_words(text, keys | kinds | typed | own) == [], text

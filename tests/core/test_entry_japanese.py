"""The entry line in Japanese: the preview, the parser's errors and the calculator's words speak
Japanese, while the syntax typed (ron, tsumo, r:E, 3/30) stays Latin and every error still
points at the same characters of the line."""

# ruff: noqa: RUF001 (Japanese text: full-width brackets and the names as their players spell them)
from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from mjevent.core.game import EndReason, end_explanation, end_reason_name, new_game
from mjevent.core.notation import (
    AmbiguousEntryError,
    EntryContext,
    EntrySyntaxError,
    SeatedPlayer,
    limit_value,
    parse_entry,
)
from mjevent.core.outcomes import HandValue
from mjevent.core.presets import preset
from mjevent.core.preview import LineError, LinePreview, preview_line, read_entry
from mjevent.core.results import ScoreSumError, check_final_scores
from mjevent.core.scoring import (
    IllegalHandError,
    Limit,
    PaymentKind,
    check_win_value,
    describe,
    limit_name,
    payment_kind_name,
)
from mjevent.core.state import EventState, Folder
from mjevent.events import commands
from mjevent.events.session import EventSession
from mjevent.events.store import EventStore
from tests.core.conftest import sample_store
from tests.i18n_helpers import LATIN_WORD, english_words, japanese

T = "2026-03-14T15:00:00+00:00"


def _folder(store: EventStore) -> Folder:
    """The live fold of `store` (a session's, as the console previews on)."""
    return EventSession(store).folder()


def _describe(folder: Folder, line: str) -> str:
    with japanese():
        preview = preview_line(folder, read_entry(folder.state(), line))
    assert isinstance(preview, LinePreview), preview
    with japanese():
        return preview.describe()


def _error(folder: Folder, line: str) -> LineError:
    with japanese():
        error = preview_line(folder, read_entry(folder.state(), line))
    assert isinstance(error, LineError), error
    return error


# --- the preview ---------------------------------------------------------------------------


def test_a_ron_with_a_counter_and_sticks_on_the_table_in_japanese(club: EventStore) -> None:
    # GIVEN table 1 after a draw with the dealer tenpai and South in riichi: 1 honba, 1 stick
    commands.record_line(club, "t1 draw tenpai:E r:S", at=T)
    folder = _folder(club)
    # WHEN West wins off South with North in riichi, previewed in Japanese
    text = _describe(folder, "t1 ron W<-S 3/30 r:N")
    # THEN seats are 東南西北, the counter is 本場, the sticks 供託, the hand 東1局 1本場
    assert text == (
        "第4回戦 1卓 東1局 1本場: 東 Nguyễn Thị Mai, 南 佐々木 蓮, 西 Mateusz Wiśniewski, "
        "北 João Gonçalves\n"
        "  João Gonçalves がリーチ棒を供託に出します（1,000）\n"
        "  佐々木 蓮 が Mateusz Wiśniewski に 3,900 支払います（和了）\n"
        "  佐々木 蓮 が Mateusz Wiśniewski に 300 支払います（本場）\n"
        "  Mateusz Wiśniewski が供託を受け取ります（2,000）\n"
        "  点数: Nguyễn Thị Mai 33,000, 佐々木 蓮 23,800, Mateusz Wiśniewski 35,200, "
        "João Gonçalves 28,000\n"
        "  次の親: 佐々木 蓮（南）"
    )


def test_a_dealer_tsumo_in_japanese(club: EventStore) -> None:
    commands.record_line(club, "t1 draw tenpai:E r:S", at=T)
    folder = _folder(club)
    assert _describe(folder, "t1 tsumo E 2/30") == (
        "第4回戦 1卓 東1局 1本場: 東 Nguyễn Thị Mai, 南 佐々木 蓮, 西 Mateusz Wiśniewski, "
        "北 João Gonçalves\n"
        "  佐々木 蓮 が Nguyễn Thị Mai に 1,000 支払います（和了）\n"
        "  佐々木 蓮 が Nguyễn Thị Mai に 100 支払います（本場）\n"
        "  Mateusz Wiśniewski が Nguyễn Thị Mai に 1,000 支払います（和了）\n"
        "  Mateusz Wiśniewski が Nguyễn Thị Mai に 100 支払います（本場）\n"
        "  João Gonçalves が Nguyễn Thị Mai に 1,000 支払います（和了）\n"
        "  João Gonçalves が Nguyễn Thị Mai に 100 支払います（本場）\n"
        "  Nguyễn Thị Mai が供託を受け取ります（1,000）\n"
        "  点数: Nguyễn Thị Mai 37,300, 佐々木 蓮 26,900, Mateusz Wiśniewski 27,900, "
        "João Gonçalves 27,900\n"
        "  次の親: Nguyễn Thị Mai（東）"
    )


def test_an_exhaustive_draw_in_japanese(club: EventStore) -> None:
    folder = _folder(club)
    assert _describe(folder, "t2 draw tenpai:E,W r:W") == (
        "第4回戦 2卓 東1局 0本場: 東 Pieter de Vries, 南 Lars Øvergaard, 西 王 芳, "
        "北 Sanna Järvinen\n"
        "  王 芳 がリーチ棒を供託に出します（1,000）\n"
        "  Lars Øvergaard が Pieter de Vries に 750 支払います（不聴罰符）\n"
        "  Lars Øvergaard が 王 芳 に 750 支払います（不聴罰符）\n"
        "  Sanna Järvinen が Pieter de Vries に 750 支払います（不聴罰符）\n"
        "  Sanna Järvinen が 王 芳 に 750 支払います（不聴罰符）\n"
        "  点数: Pieter de Vries 31,500, Lars Øvergaard 28,500, 王 芳 30,500, "
        "Sanna Järvinen 28,500\n"
        "  次の親: Pieter de Vries（東）"
    )


def test_the_hand_that_ends_the_game_shows_the_result_in_japanese(club: EventStore) -> None:
    # GIVEN table 1 at South 4 after seven draws nobody was tenpai in
    for _draw in range(7):
        state = commands.record_line(club, "t1 draw", at=T)
    folder = _folder(club)
    with japanese():
        preview = preview_line(folder, read_entry(state, "t1 ron E<-N 1/30"))
    assert isinstance(preview, LinePreview)
    # THEN the hand is 南4局 7本場, the end 最終局終了, places 1位 ... with uma
    assert preview.hand_label == "南4局 7本場"
    assert preview.game_over == (
        "終局（南4局 7本場: 最終局終了）: 1位 Nguyễn Thị Mai 33,100（+18.1）, "
        "2位 佐々木 蓮 30,000（0.0）, 2位 Mateusz Wiśniewski 30,000（0.0）, "
        "4位 João Gonçalves 26,900（-18.1）"
    )
    with japanese():
        assert preview.describe().endswith("\n  " + preview.game_over)


def test_a_final_line_with_a_deficit_and_one_that_adds_up_in_japanese(club: EventStore) -> None:
    folder = _folder(club)
    state = folder.state()
    # The deficit: refused with the sum, what it should be and what is missing, at the scores.
    assert _error(folder, "t3 final 41200 28800 22100 26900") == LineError(
        "第4回戦 3卓 の最終持ち点: 点数の合計が 119,000 ですが、120,000 になるはずです"
        "（4 × 30,000 から供託0本を引いた値）: 1,000 不足",
        (9, 32),
    )
    assert _describe(folder, "t3 final 41200 28800 22100 27900") == (
        "第4回戦 3卓: 東 Aoife Ní Bhriain, 南 田中 優希, 西 Sophie Müller, 北 김서연\n"
        "  合計 120,000: 一致しています\n"
        "  点数: Aoife Ní Bhriain 41,200, 田中 優希 28,800, Sophie Müller 22,100, 김서연 27,900\n"
        "  終局: 1位 Aoife Ní Bhriain 41,200（+26.2）, 2位 田中 優希 28,800（+3.8）, "
        "3位 김서연 27,900（-7.1）, 4位 Sophie Müller 22,100（-22.9）"
    )
    # A final-scores preview with a deficit: `total_text` says what is missing or too much.
    with japanese():
        preview = preview_line(folder, read_entry(state, "t3 final 41200 28800 22100 27900"))
        assert isinstance(preview, LinePreview)
        short = dataclasses.replace(preview, total=119000, deficit=1000)
        over = dataclasses.replace(preview, total=121000, deficit=-1000)
        assert "\n  合計 119,000: 1,000 不足しています\n" in short.describe()
        assert "\n  合計 121,000: 1,000 多すぎます\n" in over.describe()


def test_a_sanma_tsumo_in_japanese(sanma: EventStore) -> None:
    folder = _folder(sanma)
    assert _describe(folder, "t1 tsumo E 3/30 r:S") == (
        "第3回戦 1卓 東1局 0本場: 東 박지훈, 南 Björn Sigurðsson, 西 Tomás Ó Briain\n"
        "  Björn Sigurðsson がリーチ棒を供託に出します（1,000）\n"
        "  Björn Sigurðsson が 박지훈 に 2,000 支払います（和了）\n"
        "  Tomás Ó Briain が 박지훈 に 2,000 支払います（和了）\n"
        "  박지훈 が供託を受け取ります（1,000）\n"
        "  点数: 박지훈 40,000, Björn Sigurðsson 32,000, Tomás Ó Briain 33,000\n"
        "  次の親: 박지훈（東）"
    )


def test_a_riichi_charged_to_the_discarder_is_noted_with_the_wind_in_japanese(
    club: EventStore,
) -> None:
    folder = _folder(club)
    text = _describe(folder, "t1 ron W<-S 3/30 r:S")
    assert text.endswith(
        "\n  注意: 南はリーチ棒を出して（r:S）放銃しています。ロンされた牌が南のリーチ宣言牌なら、"
        "そのリーチは成立しておらずリーチ棒は不要です。その場合は r: から S を外してください"
    )


# --- the errors under the entry line: Japanese, at the same characters ------------------------


@pytest.mark.parametrize(
    ("line", "message", "span"),
    [
        ("t9 ron S<-W 3/30", "第4回戦に9卓はありません（1〜4卓です）", (0, 2)),
        (
            "r3  t3 tsumo E 2/30",
            "第3回戦 3卓 の局ですが、半荘は記録 01KKPCGDHG9Y2FNTPKW3A1GEKT で終了しています。"
            "半荘が続いていたのなら、先にその記録を無効にしてください",
            (4, 6),
        ),
        (
            "t3 ron S <- W 3 / 35",
            "35符という符はありません。30符か40符ではありませんか？",
            (14, 20),
        ),
        (
            "t3 ron S<-X 3/30",
            "'X' は席ではありません。E S W N のいずれかを使ってください",
            (10, 11),
        ),
        (
            "t2 ron @p03<-E 5",
            "2卓に '@p03' という選手はいません。"
            "@p10, @p04, @p06, @p11 のいずれかか、風を使ってください",
            (7, 11),
        ),
        (
            "t3 ron S<-W 3/30 r:E,E",
            "r: 'E,E' に同じ席が2回あります。各席は1回だけ書いてください",
            (19, 22),
        ),
        (
            "t3 rn S<-W 3/30",
            "'rn' は結果ではありません。"
            "卓の後に ron、tsumo、draw、abort、chombo、final のいずれかを書いてください",
            (3, 5),
        ),
        (
            "t3 ron S<-W",
            "飜・符が来るところで行が終わっています。例えば '3/30' と書いてください",
            None,
        ),
        (
            "r7 t1 draw",
            "第7回戦の席順が決まっていません。先に席順を決めてください",
            (0, 2),
        ),
        (
            "t3 ron S<-W 3/30 N<-E 2/40",
            "放銃者が2人います（西と東）。複数人のロンは同じ1枚の捨て牌に対するものです。すべての和了者に"
            "同じ放銃者を書いてください",
            (17, 21),
        ),
        (
            "t3 ron S<-W 1/20",
            "1飜20符: 20符は平和ツモで、2飜以上あります（平和＋門前清自摸和）。"
            "2飜以上を入力するか、符を数え直してください",
            (12, 16),
        ),
        (
            "t3 tsumo S 2/hnm",
            "'2/hnm': 2飜は満貫です（跳満ではありません）。"
            "5飜以上なら 2 だけを書くか、飜/符 で書いてください",
            (11, 16),
        ),
        ("", "行が空です。例えば 't3 ron S<-W 3/30' と書いてください", None),
    ],
)
def test_errors_speak_japanese_and_point_at_the_same_words(
    club: EventStore, line: str, message: str, span: tuple[int, int] | None
) -> None:
    folder = _folder(club)
    state = folder.state()
    assert _error(folder, line) == LineError(message, span)
    # The same characters are at fault in English.
    english = preview_line(folder, read_entry(state, line))
    assert isinstance(english, LineError) and english.span == span


def test_a_sanma_table_has_no_north_in_japanese(sanma: EventStore) -> None:
    assert _error(_folder(sanma), "t2 tsumo N 3/30") == LineError(
        "'N' は席ではありません。E S W のいずれかを使ってください（三人麻雀に北家はありません）",
        (9, 10),
    )


def test_the_cli_message_quotes_the_line_and_the_preview_does_not() -> None:
    # The parser's own message (the CLI's) quotes the typed line, which stays as typed.
    context = EntryContext(round=2, tables={(2, 3): (
        SeatedPlayer("p1", "Tanaka Yūki"), SeatedPlayer("p2", "Kim Min-jun"),
        SeatedPlayer("p3", "Sánchez Ana"), SeatedPlayer("p4", "Sato Kenji"))})
    with japanese(), pytest.raises(AmbiguousEntryError) as ambiguous:
        parse_entry("t3 tsumo Sa 4/30", context)
    assert str(ambiguous.value) == (
        "'t3 tsumo Sa 4/30' を読み取れません: 'Sa' は3卓の Sánchez Ana (W)、Sato Kenji (N) に"
        "当たります。名前をもっと入力するか、風を使ってください"
    )
    assert ambiguous.value.span == (9, 11)
    with japanese(), pytest.raises(EntrySyntaxError) as syntax:
        parse_entry("t3 ron S<-W 3/30 x:1", context)
    assert str(syntax.value) == (
        "'t3 ron S<-W 3/30 x:1' を読み取れません: ここでは 'x:1' を解釈できません。書けるのは "
        "riichi:... です"
    )
    assert syntax.value.detail == "ここでは 'x:1' を解釈できません。書けるのは riichi:... です"
    with japanese(), pytest.raises(IllegalHandError) as illegal:
        parse_entry("t3 ron S<-W 2/20", context)
    assert illegal.value.detail == (
        "ロン 2飜20符: ロンが20符になることはありません（平和のロンは30符、鳴いた手も30符以上"
        "です）。30符を入力するか、ツモとして記録してください"
    )
    assert str(illegal.value) == f"'t3 ron S<-W 2/20' を読み取れません: {illegal.value.detail}"


# --- the calculator's words and the games' -------------------------------------------------


def test_calculator_words_in_japanese() -> None:
    with japanese():
        assert [limit_name(limit) for limit in Limit] == ["満貫", "跳満", "倍満", "三倍満", "役満"]
        assert [payment_kind_name(kind) for kind in PaymentKind] == [
            "和了", "本場", "リーチ", "供託", "不聴罰符", "流し満貫", "チョンボ", "責任払い",
        ]
        assert [describe(v) for v in (HandValue(3, 30), HandValue(6), HandValue(yakuman=1),
                                      HandValue(yakuman=2), HandValue(yakuman=4))] == [
            "3飜30符", "6飜", "役満", "ダブル役満", "4倍役満",
        ]
        with pytest.raises(IllegalHandError) as error:
            check_win_value(HandValue(1, 25), tsumo=False)
        assert str(error.value) == (
            "1飜25符: 25符は七対子で、それだけで2飜です。2飜以上を入力してください"
        )
        with pytest.raises(ValueError) as limit:
            limit_value("5/hnm")
        assert str(limit.value).startswith("'5/hnm': 5飜は満貫です（跳満ではありません）。")
    # English is unchanged once the language is back.
    assert limit_name(Limit.SANBAIMAN) == "sanbaiman"
    assert payment_kind_name(PaymentKind.NOTEN) == "noten"


def test_final_scores_that_do_not_add_up_with_sticks_left_in_japanese() -> None:
    with japanese(), pytest.raises(ScoreSumError) as error:
        check_final_scores([40000, 30000, 30000, 21000], preset("ema2016").rules, deposits_left=1)
    assert str(error.value) == (
        "点数の合計が 121,000 ですが、119,000 になるはずです（4 × 30,000 から供託1本を引いた値）"
        ": 2,000 超過"
    )


def test_every_end_of_a_game_is_explained_in_japanese() -> None:
    game = dataclasses.replace(new_game(preset("tenhou").rules), end_reason=EndReason.TENPAIYAME)
    with japanese():
        assert end_explanation(game) == (
            "対局は東1局 0本場で終了しました（テンパイやめ: 親が最終局で聴牌し、30000点以上のトップ"
            "でした。ルール: tenpaiyame = true）。卓で対局が続いていた場合は、局の入力が誤っている"
            "（無効にするか修正してください。どちらも記録に残ります）か、大会がこのルールを採用して"
            "いません。後者なら大会ファイルの [rules] で tenpaiyame = false に設定し（全卓に適用"
            "されます）、mjevent check を実行してください"
        )
        for reason in EndReason:
            ended = dataclasses.replace(game, end_reason=reason)
            text = end_explanation(ended) + end_reason_name(reason)
            assert english_words(_without_settings(text), {"mjevent", "check"}) == [], reason


# --- no English reaches a Japanese preview --------------------------------------------------

# The entry line's syntax, which the messages quote and name (typed in Latin in every language).
SYNTAX = {
    "ron", "tsumo", "draw", "abort", "chombo", "final", "tenpai", "nagashi", "pao", "left",
    "riichi", "ykm", "mgn", "hnm", "hane", "bai", "sanbai", "mangan", "haneman", "baiman",
    "sanbaiman", "kyuushu", "suufon", "suucha", "suukaikan", "sanchahou",
}
LINES = [
    # valid lines
    "t1 ron S<-W 3/30 r:E,S", "t1 tsumo E 4/30", "t1 tsumo S 2/30 r:S", "t1 draw",
    "t1 draw tenpai:E,W r:N", "t1 draw nagashi:S", "t1 abort kyuushu", "t1 abort",
    "t1 chombo S", "t1 ron S<-W mgn", "t1 ron S<-W 6", "t1 ron S<-W ykm", "t1 tsumo E ykm pao:S",
    "t1 ron S<-W 3/30 N<-W 2/40", "t1 ron S<-W 3/30 N<-W 2/40 E<-W 1/30", "t1 ron W<-S 3/30 r:S",
    "t1 ron S<-W 4/mgn", "t1 ron S<-W 7/haneman", "t1 ron S<-W 2ykm",
    "t1 final 41200 28800 22100 27900", "t1 final 41200 28800 22100 26900 left:1 chombo:N",
    "t1 final 50000 30000 25000", "t1 final 50000 30000 24000 left:1",
    # invalid lines
    "", "t", "x3 ron", "r0 t1 draw", "t0 draw", "t1", "t1 foo", "t1 ron", "t1 ron S<-W",
    "t1 ron S<-S 3/30", "t1 ron S<-W 3/35", "t1 ron S<-W 1/20", "t1 tsumo S 1/25",
    "t1 tsumo S 1/110", "t1 ron S<-W 2", "t1 ron S<-W 0ykm", "t1 ron S<-W 7ykm",
    "t1 ron S<-W 4/hnm", "t1 ron S<-W 1/mgn", "t1 ron S<-W 12/bai", "t1 ron S<-W 14/sanbai",
    "t1 ron S<-W mangn", "t1 ron S<-W 3/30 r:E,E", "t1 ron S<-W 3/30 x:1",
    "t1 ron S<-W 3/30 r:E r:S", "t1 ron S<-W 3/30 N<-E 2/40", "t1 ron S<-W 3/30 S<-W 2/40",
    "t1 tsumo E ykm pao:E", "t1 ron S<-W ykm pao:S", "t1 ron S<-W 3/30 pao:N", "t1 ron Zed<-W 3/30",
    "t1 ron @nobody<-W 3/30", "t1 ron <-W 3/30", "t1 abort foo", "t1 draw tenpai:X",
    "t1 draw tenpai:", "t1 final 1 2", "t1 final 30000 30000 30000 30000 left:x",
    "t1 final 41200 28800 22100 26900", "t1 final 41200 28800 22100 29900",
    "t1 final 50000 30000 26000", "t1 chombo", "t1 ron 3/30", "t9 ron S<-W 3/30",
    "r9 t1 draw", "t1 tsumo N 3/30", "t1 ron N<-E 3/30", "t1 ron S<-W 200/30",
    "t1 ron S<-W 3/30 E<-W 2/30 N<-W 1/30 r:W",
]


def _without_settings(text: str) -> str:
    # The event file's settings a message names are rightly Latin: `key = "value"`, snake_case
    # keys, `[rules]`, and the command `mjevent check`.
    text = re.sub(r'[a-z_]+ = ("[^"]*"|\w+)', " ", text)
    text = re.sub(r"\b[a-z]+(?:_[a-z]+)+\b", " ", text)
    return re.sub(r"\bextension\b|\[rules\]", " ", text)


def _previews(folder: Folder, allowed: set[str]) -> list[tuple[str, str, list[str]]]:
    state = folder.state()
    tables = max(len(t) for t in state.seating.values())
    lines = [*LINES, *(
        f"r{r} t{t} {what}"
        for r in sorted(state.seating) for t in range(1, tables + 2)
        for what in ("ron S<-W 3/30", "final 41200 28800 22100 27900", "draw")
    )]
    found = []
    with japanese():
        for line in lines:
            result = preview_line(folder, read_entry(state, line))
            text = result.message if isinstance(result, LineError) else result.describe()
            typed = set(_latin(line))  # what the user typed is quoted as typed
            # An entry's id (a ULID, as the repeated-hand warning names it) is the file's own.
            plain = re.sub(r"\b[0-9A-Z]{26}\b", " ", _without_settings(text))
            words = english_words(plain, allowed | typed)
            # Two-letter words too ("or", "of", "in"), which `english_words` does not look at.
            words += [w for w in TWO_LETTERS.findall(plain) if w not in allowed | typed]
            found.append((line, text, words))
    return found


TWO_LETTERS = re.compile(r"(?<![A-Za-z])[A-Za-z]{2}(?![A-Za-z])")


def _latin(text: str) -> list[str]:
    return [*LATIN_WORD.findall(text), *TWO_LETTERS.findall(text)]


def _allowed(state: EventState) -> set[str]:
    names = {w for p in state.players for w in _latin(state.name(p))}
    ids = {w for p in state.players for w in _latin(p)}
    return names | ids | SYNTAX | {"ema", "sanma", "club", "mjevent", "check"}


@pytest.mark.parametrize("sample", ["club.toml", "sanma.toml"])
def test_no_english_word_reaches_a_japanese_preview(tmp_path: Path, sample: str) -> None:
    store = sample_store(tmp_path, sample)
    # The current round as the sample leaves it, then with hands at table 1 (counters, sticks)
    folders = [_folder(store)]
    for line in ("t1 draw tenpai:E r:S", "t1 ron S<-W 3/30", "t2 tsumo E 2/30 r:E"):
        commands.record_line(store, line, at=T)
        folders.append(_folder(store))
    leaks = []
    texts = 0
    for folder in folders:
        for line, text, words in _previews(folder, _allowed(folder.state())):
            texts += 1
            assert text, line
            if words:
                leaks.append((line, text, words))
    assert texts > 300
    assert leaks == []


def test_english_is_unchanged_after_japanese(club: EventStore) -> None:
    folder = _folder(club)
    state = folder.state()
    _describe(folder, "t3 ron S<-W 3/30 r:E,S")
    assert preview_line(folder, read_entry(state, "t9 ron S<-W 3/30")) == LineError(
        "there is no table 9 in round 4 (it has tables 1 to 4)", (0, 2)
    )

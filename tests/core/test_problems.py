"""Problems are kinds with data, put into words only when shown: each kind says the words it
said when its words were made in the fold (English and Japanese, byte for byte), a problem is
equal to another by kind and data in either language, and a state folded in one language shows
its problems in the language current when they are shown.

The words below are those the fold gave before problems were values (checked against that
code); the tests that assert on problem words elsewhere (test_state, test_table_entries,
test_replay, events/test_commands ...) pass unchanged.
"""

# ruff: noqa: RUF001  (the Japanese words hold full-width brackets and marks)

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from mjevent.core.entries import (
    Correction,
    Entry,
    GameFinished,
    HandRecorded,
    Penalty,
    PlayerAdded,
    RoundPaused,
    RoundStarted,
    SeatingSet,
    TableEntryApproved,
    TableEntryConfirmed,
    TableEntrySubmitted,
    TimeCalled,
)
from mjevent.core.entry_reader import read_log
from mjevent.core.notation import EntryContext, HandLine, parse_entry
from mjevent.core.replay import replay
from mjevent.core.settings import EventSettings, settings_from_dict
from mjevent.core.standings.compute import Standings
from mjevent.core.state import Problem, ProblemKind, Words, fold, table_label
from tests.i18n_helpers import japanese

T = "2026-03-14T10:00:00+00:00"
TABLE_1 = ("p1", "p2", "p3", "p4")
TABLE_2 = ("p5", "p6", "p7", "p8")


def _settings(**extra: Any) -> EventSettings:
    data: dict[str, Any] = {
        "event": {"name": "Cup", "format_version": 1},
        "rules": {"preset": "ema2016"},
        "players": [{"id": f"p{i}", "name": f"Player {i}"} for i in range(1, 10)],
        "seating": {"rounds": [{"round": 1, "tables": [list(TABLE_1), list(TABLE_2)]}]},
    }
    data.update(extra)
    return settings_from_dict(data)


SETTINGS = _settings()


def hand(entry_id: str, line: str) -> HandRecorded:
    parsed = parse_entry(line, EntryContext(round=1))
    assert isinstance(parsed, HandLine)
    return HandRecorded(id=entry_id, at=T, round=1, table=parsed.table, hand=parsed.hand)


H1 = hand("h1", "t1 ron S<-W 3/30 r:E,S")
PENDING = TableEntrySubmitted(
    id="s1",
    at=T,
    round=1,
    table=1,
    seat="E",
    line="t1 tsumo N 2/40",
    player="p1",
    entry=hand("s1", "t1 tsumo N 2/40"),
)
SHORT = ("p1", "p2", "p3")


def logs() -> dict[str, tuple[EventSettings, list[Entry]]]:
    """One log (and its settings) per kind of problem, each giving that problem first."""
    return {
        "RESEATS_PLAYED_ROUND": (
            SETTINGS,
            [H1, SeatingSet(id="s", at=T, first_round=1, rounds=((TABLE_1, TABLE_2),))],
        ),
        "SEATING_SIZE": (
            SETTINGS,
            [SeatingSet(id="s", at=T, first_round=2, rounds=((SHORT, TABLE_2),))],
        ),
        "SEATS_UNKNOWN_PLAYER": (
            SETTINGS,
            [SeatingSet(id="s", at=T, first_round=2, rounds=(((*SHORT, "zz"), TABLE_2),))],
        ),
        "PENALTY_UNKNOWN_PLAYER": (
            SETTINGS,
            [Penalty(id="g", at=T, player="nobody", amount=1000, reason="noise")],
        ),
        "PENALTY_UNKNOWN_PLAYER_HINT": (
            SETTINGS,
            [Penalty(id="g", at=T, player="p10", amount=1000, reason="noise")],
        ),
        "ROUND_STARTED_TWICE": (
            SETTINGS,
            [RoundStarted(id="a", at=T, round=1), RoundStarted(id="b", at=T, round=1)],
        ),
        "PAUSED_NOT_RUNNING": (SETTINGS, [RoundPaused(id="a", at=T, round=1)]),
        "PLAYER_ID_TAKEN": (SETTINGS, [PlayerAdded(id="a", at=T, player="p1", name="Kim")]),
        "NO_SUCH_SEAT": (
            SETTINGS,
            [PENDING, TableEntryConfirmed(id="c", at=T, target="s1", seat="X")],
        ),
        "OWN_SEAT_CONFIRMS": (
            SETTINGS,
            [PENDING, TableEntryConfirmed(id="c", at=T, target="s1", seat="E", player="p1")],
        ),
        "TARGET_NOT_IN_LOG": (SETTINGS, [TableEntryApproved(id="a", at=T, target="nope")]),
        "HAND_AFTER_TIME": (
            SETTINGS,
            [
                TimeCalled(id="t", at=T, round=1),
                hand("h1", "t1 draw"),
                hand("h2", "t1 draw"),
                hand("h3", "t1 draw"),
            ],
        ),
        "HAND_AFTER_END": (
            _settings(rules={"preset": "tenhou"}),
            [hand("h1", "t1 ron S<-W 13/30"), hand("h2", "t1 draw")],
        ),
        "NAMES_MISSING_SEAT": (
            _settings(
                rules={"preset": "sanma-club"},
                seating={"rounds": [{"round": 1, "tables": [list(SHORT)]}]},
            ),
            [hand("h1", "t1 ron N<-E 3/30")],
        ),
        "CHOMBOS_ON_FINAL": (
            SETTINGS,
            [H1, GameFinished(id="f", at=T, round=1, table=1, chombos=(0,))],
        ),
        "FINAL_COUNT": (
            SETTINGS,
            [GameFinished(id="f", at=T, round=1, table=2, final=(40000, 40000, 40000))],
        ),
        "FINAL_SCORES_WRONG": (
            SETTINGS,
            [GameFinished(id="f", at=T, round=1, table=2, final=(40000, 30000, 30000, 19000))],
        ),
        "AMENDS_CORRECTION": (
            SETTINGS,
            [
                H1,
                Correction(id="c1", at=T, target="h1", reason="typo"),
                Correction(id="c2", at=T, target="c1", reason="typo", replacement=H1),
            ],
        ),
        "BAD_TEAM": (
            SETTINGS,
            [PlayerAdded(id="a", at=T, player="p10", name="Kim", team="Red\x1b[2J")],
        ),
        "BAD_LINE": (SETTINGS, [dataclasses.replace(PENDING, line="draw\x07")]),
    }


WORDS: dict[str, tuple[str, str]] = {
    "RESEATS_PLAYED_ROUND": (
        "entry s: re-seats round 1, which already has results; re-seat a single table with a "
        "reseat entry, or void its results first",
        "記録 s: 既に結果のある第1回戦の席順を変えようとしています。1卓だけなら座り直しの記録で直"
        "すか、先にその結果を無効にしてください",
    ),
    "SEATING_SIZE": (
        "entry s: this seating of round 2 table 1 has 3 players; the rules seat 4",
        "記録 s: この席順の第2回戦 1卓は 3 人ですが、ルールは 4 人打ちです",
    ),
    "SEATS_UNKNOWN_PLAYER": (
        "entry s: round 2 table 1 seats unknown player 'zz'",
        "記録 s: 第2回戦 1卓に登録されていない選手 'zz' が座っています",
    ),
    "PENALTY_UNKNOWN_PLAYER": (
        "entry g: penalty for unknown player 'nobody'. Fix: name the player by the id of their "
        "[[players]] block",
        "記録 g: 登録されていない選手 'nobody' へのペナルティです。対処: 選手は [[players]] "
        "ブロックの ID で指定してください",
    ),
    "PENALTY_UNKNOWN_PLAYER_HINT": (
        "entry g: penalty for unknown player 'p10'; did you mean 'p1'? Fix: name the player by "
        "the id of their [[players]] block",
        "記録 g: 登録されていない選手 'p10' へのペナルティです（'p1' のことですか？） 対処: "
        "選手は [[players]] ブロックの ID で指定してください",
    ),
    "ROUND_STARTED_TWICE": (
        "entry b: round 1 was already started at 2026-03-14T10:00:00+00:00",
        "記録 b: 第1回戦は既に 2026-03-14T10:00:00+00:00 に始まっています",
    ),
    "PAUSED_NOT_RUNNING": (
        "entry a: round 1 is paused while its clock is not running",
        "記録 a: 第1回戦の時計は動いていないので、止められません",
    ),
    "PLAYER_ID_TAKEN": (
        "entry a: player id 'p1' is already taken",
        "記録 a: 選手 ID 'p1' は既に使われています",
    ),
    "NO_SUCH_SEAT": (
        "entry c: seat X: a 4-player table has no such seat",
        "記録 c: 席 X: 4人打ちの卓にその席はありません",
    ),
    "OWN_SEAT_CONFIRMS": (
        "entry c: seat E entered it: another seat at the table confirms it",
        "記録 c: 東家の席が入力したものです。同じ卓の別の席が確認してください",
    ),
    "TARGET_NOT_IN_LOG": (
        "entry a: table entry nope is not in the log (or was voided). Fix: give the id of a "
        "pending entry as `mjevent pending` lists it",
        "記録 a: 卓入力 nope は記録にありません（または無効にされています）。 対処: `mjevent "
        "pending` が示す保留中の入力の id を指定してください",
    ),
    "HAND_AFTER_TIME": (
        "entry h3: hand at round 1 table 1 started after time was called: the rules (time_call = "
        "one_more_hand) allow no more hands, and the game ended after East 2, 1 honba; void it, "
        "or correct an earlier hand",
        "記録 h3: 第1回戦 1卓 の局は終了の合図の後に始まっています。ルール（time_call = "
        "one_more_hand）ではもう局を始められず、半荘は 東2局 1本場 "
        "で終わりました。この局を無効にするか、前の局を修正してください",
    ),
    "HAND_AFTER_END": (
        "entry h2: hand at round 1 table 1 after the game ended at East 1, 0 honba (bust: a "
        'player\'s score went below 0, rule bust = "below_zero"). If the table played on, a hand '
        "was entered wrong (void or correct it: the log keeps both), or the event does not play "
        'this rule: in the event file\'s [rules], set bust = "none" (for every table) and run '
        "mjevent check",
        "記録 h2: 第1回戦 1卓 の局ですが、対局は東1局 0本場で終了しました（トビ: "
        '持ち点がマイナスになった選手がいます。ルール: bust = "below_zero"）。卓で対局が続いてい'
        "た場合は、局の入力が誤っている（無効にするか修正してください。どちらも記録に残ります）か"
        '、大会がこのルールを採用していません。後者なら大会ファイルの [rules] で bust = "none" '
        "に設定し（全卓に適用されます）、mjevent check を実行してください",
    ),
    "NAMES_MISSING_SEAT": (
        "entry h1: names seat N, which a 3-player table does not have; the hand is skipped "
        "(correct it with the right seats)",
        "記録 h1: 3人打ちの卓にない席 北 を指定しています。この局は飛ばします（正しい席で修正して"
        "ください）",
    ),
    "CHOMBOS_ON_FINAL": (
        "entry f: chombos are listed on the final scores of round 1 table 1, which was recorded "
        "hand by hand; record each chombo as a hand instead",
        "記録 f: 局ごとに記録した 第1回戦 1卓 の最終持ち点にチョンボが書かれています。チョンボは1"
        "回ずつ局として記録してください",
    ),
    "FINAL_COUNT": (
        "entry f: 3 final scores at round 1 table 2; the rules seat 4 players",
        "記録 f: 第1回戦 2卓 の最終持ち点が 3 人分ありますが、ルールは 4 人打ちです",
    ),
    "FINAL_SCORES_WRONG": (
        "entry f: final scores at round 1 table 2: scores add up to 119,000; expected 120,000 (4 "
        "x 30,000 less 0 riichi sticks on the table): 1,000 missing",
        "記録 f: 第1回戦 2卓 の最終持ち点: 点数の合計が 119,000 ですが、120,000 "
        "になるはずです（4 × 30,000 から供託0本を引いた値）: 1,000 不足",
    ),
    "AMENDS_CORRECTION": (
        "entry c2: amends the correction 'c1'; a correction can only be voided (then enter a new "
        "one)",
        "記録 c2: 修正の記録 'c1' を修正しようとしています。修正の記録は無効にすることしかできま"
        "せん（その後で新しく入力してください）",
    ),
    "BAD_TEAM": (
        "entry a: the team 'Red\\\\x1b[2J' cannot be used: it contains the control character "
        "\\x1b at position 4 (a terminal escape, a line break or a tab pasted with it?); remove "
        "it",
        "記録 a: チーム 'Red\\\\x1b[2J' は使えません: 4 文字目に制御文字 \\x1b "
        "があります（端末のエスケープ、改行、タブが一緒に貼り付けられていませんか？）。取り除いて"
        "ください",
    ),
    "BAD_LINE": (
        "entry s1: the line 'draw\\\\x07' cannot be used: it contains the control character "
        "\\x07 at position 5 (a terminal escape, a line break or a tab pasted with it?); remove "
        "it",
        "記録 s1: 入力行 'draw\\\\x07' は使えません: 5 文字目に制御文字 \\x07 "
        "があります（端末のエスケープ、改行、タブが一緒に貼り付けられていませんか？）。取り除いて"
        "ください",
    ),
}


LOGS = logs()


@pytest.mark.parametrize("kind", sorted(LOGS))
def test_each_kind_says_its_words_in_english_and_later_in_japanese(kind: str) -> None:
    settings, log = LOGS[kind]
    english, japanese_words = WORDS[kind]
    # GIVEN a log folded in English
    problem = fold(settings, log).problems[0]
    # THEN the problem is of its kind and says the words it always said
    assert problem.kind is ProblemKind[kind]
    assert str(problem) == english
    # AND the same problem, shown once the console speaks Japanese, says the Japanese words
    with japanese():
        assert str(problem) == japanese_words
        # (the words a fold made in Japanese gave)
        assert str(fold(settings, log).problems[0]) == japanese_words
    assert str(problem) == english


def test_a_problem_is_equal_by_kind_and_data_in_either_language() -> None:
    settings, log = LOGS["FINAL_SCORES_WRONG"]
    english = fold(settings, log).problems
    with japanese():
        spoken = fold(settings, log).problems
        assert spoken == english and hash(spoken) == hash(english)
    assert [p.kind for p in english] == [ProblemKind.FINAL_SCORES_WRONG]
    made = Problem.of("h1", ProblemKind.NO_SUCH_TABLE, table=9, round=1, last=2)
    with japanese():
        again = Problem.of("h1", ProblemKind.NO_SUCH_TABLE, table=9, round=1, last=2)
    assert made == again and hash(made) == hash(again)
    assert made != Problem.of("h1", ProblemKind.NO_SUCH_TABLE, table=9, round=1, last=3)
    assert made != Problem.of("h2", ProblemKind.NO_SUCH_TABLE, table=9, round=1, last=2)


def test_a_nested_piece_is_compared_by_what_it_is_made_from() -> None:
    label = Words(table_label, (1, 2))
    assert label == Words(table_label, (1, 2)) and label != Words(table_label, (2, 1))
    with japanese():
        assert str(label) == "第1回戦 2卓"
    assert str(label) == "round 1 table 2"


def test_a_seating_from_the_settings_names_no_entry() -> None:
    # The settings reader refuses such a seating, so only a fold over settings made otherwise
    # meets it: its words are the settings' (no "this seating").
    problem = Problem.of(
        None, ProblemKind.SETTINGS_SEATING_SIZE, round=1, table=2, count=3, players=4
    )
    assert str(problem) == "the seating of round 1 table 2 has 3 players; the rules seat 4"
    with japanese():
        assert str(problem) == "第1回戦 2卓の席順は 3 人ですが、ルールは 4 人打ちです"


def test_an_unreadable_record_is_said_again_in_the_language_it_is_shown_in() -> None:
    _entries, problems = read_log([{"id": "a2", "at": T, "kind": "note"}])
    assert [str(p) for p in problems] == [
        "entry a2: log entry 'a2' (note): field 'text' is missing; skipped"
    ]
    with japanese():
        assert [str(p) for p in problems] == [
            "記録 a2: 記録 'a2'（note）: フィールド 'text' がありません。この記録は飛ばします"
        ]
    # Read again, the record's problem is the same value.
    assert read_log([{"id": "a2", "at": T, "kind": "note"}])[1] == problems


def test_what_opening_the_file_repaired_is_told_as_it_was_said() -> None:
    def no_standings() -> Standings:
        raise AssertionError("an empty log has no round to rank")

    story = replay(
        fold(SETTINGS, []), [], [], no_standings, warnings=["the torn tail was moved aside"]
    )
    assert [(p.entry, p.kind, str(p)) for p in story.problems] == [
        (None, ProblemKind.TOLD, "the torn tail was moved aside")
    ]
    with japanese():
        assert str(story.problems[0]) == "the torn tail was moved aside"

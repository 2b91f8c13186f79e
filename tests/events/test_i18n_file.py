# ruff: noqa: RUF001  (Japanese text is written with full-width brackets)
"""The event file's messages in Japanese: exact text for the errors a director meets most (a file
that is not TOML, a locked file, a torn tail moved aside), and the same messages still naming
the file, the line and the fix."""

from __future__ import annotations

import fcntl
import os
import re
from pathlib import Path
from typing import Any

import pytest

from mjevent.core import i18n
from mjevent.core.replay import replay
from mjevent.core.settings import SettingsError, settings_from_dict
from mjevent.events import commands, open_event
from mjevent.events.commands import CommandError
from mjevent.events.errors import EventFileInvalidError, EventFileLockError, EventFileSyntaxError
from mjevent.events.lock import lock_path, locked
from mjevent.events.session import EventSession
from mjevent.events.store import EventStore
from mjevent.tui.views import language
from tests.i18n_helpers import japanese

T = "2026-03-14T10:00:00+00:00"


def _settings() -> dict[str, Any]:
    return {
        "event": {"name": "Club night", "format_version": 1},
        "rules": {"preset": "ema2016"},
        "players": [{"id": f"p{n}", "name": f"Player {n}"} for n in range(1, 5)],
    }


def test_a_file_that_is_not_toml_is_named_with_its_line_in_japanese(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('[event]\nname = Cup\n', encoding="utf-8")
    with japanese(), pytest.raises(EventFileSyntaxError) as caught:
        open_event(path)
    assert str(caught.value) == (
        f"{path}:2:8: TOML として正しくありません: 値が正しくありません。\n"
        "    2 | name = Cup\n"
        "対処: テキストエディタで2行目を直してから（文字列の値はダブルクォートで囲みます）、"
        f"`mjevent check {path}` を実行してください。"
    )


def test_a_locked_file_says_who_holds_it_in_japanese(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    EventStore.create(path, _settings())
    fd = os.open(lock_path(path), os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        with japanese(), pytest.raises(EventFileLockError) as caught, locked(path, timeout=0.05):
            pass
    finally:
        os.close(fd)
    assert str(caught.value) == (
        f"{path}: 別のプロセスが {lock_path(path)} を 0.05 秒以上ロックしています。"
        "対処: このファイルを開いている別の mjevent を閉じるか、終わるのを待ってから、"
        "やり直してください。"
    )


def test_a_torn_tail_moved_aside_is_reported_in_japanese(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    store = EventStore.create(path, _settings())
    store.append({"id": "n1", "at": "2026-12-02T20:00:00+00:00", "kind": "note", "text": "1"})
    lines = path.read_bytes().count(b"\n")
    with path.open("ab") as f:
        f.write(b'\n[[log]]\nid = "n2"\nat = "2026')
    with japanese():
        warnings = open_event(path).warnings
    side = next(p.name for p in tmp_path.iterdir() if ".torn-" in p.name)
    assert warnings == [
        f"{path}: ファイルの末尾（{lines + 1}行目以降、29バイト）に、書き込み途中でプログラムが"
        f"止まったときに残る書きかけの記録がありました。これを {side} に移し、完全な記録 1 件は"
        "通常どおり読み込まれます。mjevent はディスクに完全に書き込まれた記録だけを受け付けたと"
        "扱うので、受け付けた記録は失われていません。その記録を手で入力したのなら、最後に "
        "`# end <id>` の行を付けて貼り戻してください。"
    ]
    assert re.fullmatch(r"club\.toml\.torn-\d{8}T\d{6}Z", side)


def test_a_misspelt_key_names_its_line_and_the_key_meant_in_japanese(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    path.write_text(
        '[event]\nname = "Cup"\nformat_version = 1\n\n[rules]\npreset = "ema2016"\n\n'
        '[[players]]\nid = "p01"\nnmae = "Tanaka Yuki"\n',
        encoding="utf-8",
    )
    with japanese(), pytest.raises(EventFileInvalidError) as caught:
        open_event(path)
    assert str(caught.value) == (
        f"{path}:10: players[0].nmae: キー 'nmae' はありません（'name' のことですか？）。 "
        "対処: 'name' に名前を変えてください（選手のキーは id, name, team, rating, status, "
        "family_name, given_name, name_order, ema_id, country, newcomer です）。"
    )
    assert caught.value.key_path == "players[0].nmae"


def test_an_unknown_preset_is_refused_with_the_presets_there_are_in_japanese() -> None:
    with japanese(), pytest.raises(SettingsError) as caught:
        settings_from_dict({"event": {"name": "Cup", "format_version": 1},
                            "rules": {"preset": "ema2061"}})
    assert (caught.value.path, caught.value.message) == (
        "rules.preset", "ルールのプリセット 'ema2061' はありません（'ema2016' のことですか？）"
    )
    assert caught.value.fix == (
        "ema2016, ema2025, jpml-a, majsoul, majsoul3, mleague, sanma-club, tenhou, tenhou3, wrc, "
        "wrl のいずれかを使ってください"
    )


def test_a_language_without_a_catalogue_is_warned_about_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    settings = _settings()
    settings["event"]["language"] = "ko"
    store = EventStore.create(path, settings)
    line = path.read_text(encoding="utf-8").split("\n").index('language = "ko"') + 1
    assert store.language_warning(["en", "ja"]) == (
        f"{path}:{line}: event.language: 'ko' has no catalogue in this mjevent (it speaks en, ja), "
        "so the event is shown in the language of --lang or the environment. Fix: write one of "
        "en, ja, or add catalogues/ko.po (docs/i18n.md)."
    )
    with japanese():
        assert store.language_warning(["en", "ja"]) == (
            f"{path}:{line}: event.language: この mjevent には 'ko' の翻訳カタログがありません"
            "（使える言語は en, ja）。そのため大会は --lang か環境の言語で表示されます。"
            "対処: en, ja のいずれかを書くか、catalogues/ko.po を追加してください（docs/i18n.md）。"
        )
    assert store.language_warning(["en", "ja", "ko"]) is None
    settings["event"]["language"] = "ja"
    assert EventStore.create(tmp_path / "ja.toml", settings).language_warning(["en", "ja"]) is None


def _seated(tmp_path: Path) -> EventStore:
    settings = _settings()
    settings["seating"] = {"rounds": [{"round": 1, "tables": [["p1", "p2", "p3", "p4"]]}]}
    return EventStore.create(tmp_path / "cup.toml", settings)


def test_a_refused_command_says_why_and_that_nothing_was_recorded_in_japanese(
    tmp_path: Path,
) -> None:
    store = _seated(tmp_path)
    with japanese():
        with pytest.raises(CommandError) as unseated:
            commands.call_time_for(store, 2, at=T)
        with pytest.raises(CommandError) as no_table:
            commands.call_time_for(store, 1, 3, at=T)
        with pytest.raises(CommandError) as zero:
            commands.add_penalty(store, "p1", 0, "late")
        with pytest.raises(CommandError) as unknown:
            commands.add_penalty(store, "p11", -1000, "late", at=T)
    assert str(unseated.value) == (
        "席順の決まっていない第2回戦で終了の合図が出されています（何も記録していません）"
    )
    assert str(no_table.value) == "第1回戦に3卓はありません（1〜1卓です）（何も記録していません）"
    assert str(zero.value) == (
        "0点のペナルティでは何も変わりません。差し引く点数を指定してください"
    )
    assert str(unknown.value) == (
        "登録されていない選手 'p11' へのペナルティです（'p1' のことですか？） 対処: 選手は "
        "[[players]] ブロックの ID で指定してください（何も記録していません）"
    )
    assert EventStore.open(store.path).log == []


def test_a_problem_of_the_log_names_its_entry_in_japanese(tmp_path: Path) -> None:
    store = _seated(tmp_path)
    store.append({"id": "s1", "at": T, "kind": "round_started", "round": 1})
    store.append({"id": "s2", "at": T, "kind": "round_started", "round": 1})
    with japanese():
        problems = [str(p) for p in commands.current_state(store).problems]
    assert problems == [f"記録 s2: 第1回戦は既に {T} に始まっています"]


def test_a_correction_in_another_language_than_the_last_fold_is_not_refused(
    tmp_path: Path,
) -> None:
    # The log already has a problem, worded in English by the last fold; a correction folds the
    # whole log again, now in Japanese: the old problem is not a new one.
    store = _seated(tmp_path)
    store.append({"id": "B1", "at": T, "kind": "round_paused", "round": 7})
    commands.start_round(store, 1, entry_id="S1", at=T)
    assert [p.entry for p in commands.current_state(store).problems] == ["B1"]
    with japanese():
        state = commands.correct_entry(store, "S1", "started too early", at=T)
        assert [str(p) for p in state.problems] == [
            "記録 B1: 第7回戦の時計は動いていないので、止められません"
        ]
    assert [r["kind"] for r in EventStore.open(store.path).log][-1] == "correction"


def test_the_replay_tells_a_correction_and_what_it_voided_in_japanese(tmp_path: Path) -> None:
    store = _seated(tmp_path)
    commands.add_note(store, "doors open", entry_id="N1", at=T)
    commands.correct_entry(store, "N1", "typo", entry_id="C1", at=T)
    with japanese():
        session = EventSession(store)
        story = replay(session.state, store.log, session.entries, session.standings)
    assert [e.text for e in story.events] == [
        "（note N1 は無効）",
        "修正: N1（note）を無効にします: typo",
    ]


def test_what_opening_reports_is_in_the_events_own_language(tmp_path: Path) -> None:
    # No --lang, an English environment: the file's [event] language = "ja" is taken as soon as
    # its settings are read, so the torn tail's warning is already Japanese.
    path = tmp_path / "club.toml"
    settings = _settings()
    settings["event"]["language"] = "ja"
    EventStore.create(path, settings)
    with path.open("ab") as f:
        f.write(b'\n[[log]]\nid = "n2"\nat = "2026')
    language.start(None, {"LANG": "C.UTF-8"})
    try:
        store = open_event(path)
        spoken = i18n.language()
    finally:
        language.use(i18n.ENGLISH)
        i18n.set_loader(None)
    assert spoken == "ja"
    assert store.warnings[0].startswith(f"{path}: ファイルの末尾")

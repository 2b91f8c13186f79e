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

from mjevent.core.event import SettingsError, settings_from_dict
from mjevent.core.rules import PRESETS
from mjevent.events import open_event
from mjevent.events.errors import EventFileInvalidError, EventFileLockError, EventFileSyntaxError
from mjevent.events.lock import lock_path, locked
from mjevent.events.store import EventStore
from tests.i18n_helpers import japanese


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
        "family_name, given_name, name_order です）。"
    )
    assert caught.value.key_path == "players[0].nmae"


def test_an_unknown_preset_is_refused_with_the_presets_there_are_in_japanese() -> None:
    with japanese(), pytest.raises(SettingsError) as caught:
        settings_from_dict({"event": {"name": "Cup", "format_version": 1},
                            "rules": {"preset": "ema2061"}})
    assert (caught.value.path, caught.value.message) == (
        "rules.preset", "ルールのプリセット 'ema2061' はありません（'ema2016' のことですか？）"
    )
    assert caught.value.fix == f"{', '.join(sorted(PRESETS))} のいずれかを使ってください"


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

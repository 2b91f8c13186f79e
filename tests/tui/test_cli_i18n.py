# ruff: noqa: RUF001 - the expected Japanese text is written with full-width punctuation
"""The command line in Japanese: help texts, click's own words, messages, wrapping by terminal
cells, and which language wins (`--lang`, then `[event] language`, then the environment)."""

from __future__ import annotations

import doctest
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from rich.cells import cell_len
from typer.testing import CliRunner

from mjevent.core import i18n
from mjevent.events.store import EventStore
from mjevent.tui.cli import localize as cli_localize
from mjevent.tui.cli.main import app
from tests.i18n_helpers import english_words

runner = CliRunner()
SAMPLES = Path(__file__).resolve().parents[2] / "samples"

# The commands of this area; each one's Japanese help must hold no English word.
MINE = ("calc", "check", "export", "new", "open", "record", "replay", "serve", "event")

# Latin words that are rightly Latin in Japanese help: the program, click's usage metavars, file
# formats, Typer's type metavars (`<int range>`, `<file>`), and the `docs/` paths help points to.
ALWAYS = {
    "mjevent", "OPTIONS", "COMMAND", "ARGS", "help", "TOML", "JSON", "CSV", "EMA", "UTF",
    "file", "path", "str", "int", "range", "list", "docs",
}
# Per command: its name, option names and metavars, and the syntax its help quotes (rule
# presets, the entry line, the limit names the command line takes, example values).
ALLOWED = {
    "calc": {
        "calc", "dealer", "honba", "deposits", "rules", "players", "kiriage", "kazoe", "sanma",
        "tsumo", "loss", "bisection", "chart", "jsonl", "HAN", "LIMIT", "yakuman", "ron",
        "mangan", "mgn", "haneman", "baiman", "sanbaiman", "ema", "wrc", "mleague", "tenhou",
        "club", "echo", "win", "han", "jpml", "majsoul", "wrl",
    },
    "check": {"check", "repair"},
    "export": {"export", "format", "ema", "csv", "output", "after", "round"},
    "new": {
        "new", "name", "rules", "players", "from", "date", "venue", "format", "set", "riichi",
        "sanma", "club", "ema", "jpml", "majsoul", "mleague", "tenhou", "wrc", "wrl", "txt",
        "csv", "team", "rating", "YYYY", "KEY", "VALUE", "length", "east", "kiriage", "true",
        "rounds", "player", "NAME",
    },
    "open": {"open"},
    "record": {"record", "line", "round", "entry", "ron", "final"},
    "replay": {"replay", "until", "json"},
    "serve": {"serve", "host", "port", "display", "localhost", "password", "MJEVENT", "SERVE",
              "PASSWORD"},
    "event": {"event", "rounds", "no", "table", "entry", "confirm", "director", "direct"},
}


def ja(*args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, ["--lang", "ja", *args], env=env)
    return result.exit_code, result.stdout, result.stderr


# --- Help -----------------------------------------------------------------------------------


def test_root_help_in_japanese() -> None:
    code, out, _err = ja("--help")
    assert code == 0
    lines = out.splitlines()
    assert lines[:12] == [
        "使い方: mjevent [OPTIONS] COMMAND [ARGS]...",
        "",
        "  リーチ麻雀・三人麻雀の大会をターミナルから運営します。席順、対局時計、点数計",
        "  算、順位表を、ひとつの TOML 大会ファイルで管理します。",
        "",
        "オプション:",
        "  --version     インストールされているバージョンを表示して終了します。",
        "  --lang ja|en  表示言語（ja または en）。省略時は大会ファイルの [event]",
        "                language、なければ環境変数（LC_ALL、LC_MESSAGES、LANG）、それも",
        "                なければ英語です。",
        "  --help        このヘルプを表示して終了します。",
        "",
    ]
    assert lines[12] == "コマンド:"
    # This area's commands (the others' lines are their own areas' to translate).
    listed = {line.split()[0]: line for line in lines[13:]}
    assert [listed[name] for name in MINE] == [
        "  calc      点数計算機です。",
        "  check     大会ファイル全体を検査し、記録をすべて集計して問題を報告します。",
        "  export    結果を書き出します。",
        "  new       設定と空の記録を持つ新しい大会ファイルを作成します。",
        "  open      大会ファイルを開いてコンソールを起動します（コンソールで F1 を...",
        "  record    1 局の結果、または半荘の最終持ち点を記録します（書き方: docs/en...",
        "  replay    記録を 1 件ずつ再生します。",
        "  serve     会場のサーバーを起動します: 公開ページ、卓ページ、運営ページ。",
        "  event     大会の設定（予定回戦数）を表示または変更します。",
    ]


def test_check_help_in_japanese() -> None:
    code, out, _err = ja("check", "--help")
    assert code == 0
    assert out.splitlines() == [
        "使い方: mjevent check [OPTIONS] {file}",
        "",
        "  大会ファイル全体を検査し、記録をすべて集計して問題を報告します。問題がないとき",
        "  だけ終了コード 0 で終わります。",
        "",
        "引数:",
        "  file <file>  大会ファイル（TOML）。  [必須]",
        "",
        "オプション:",
        "  --repair  ファイルを書き込み用に開きます。途中で切れた末尾は別ファイルに移しま",
        "            す。",
        "  --help    このヘルプを表示して終了します。",
    ]


def test_calc_help_keeps_its_examples_and_translates_defaults() -> None:
    code, out, _err = ja("calc", "--help")
    assert code == 0
    assert "\n  例:\n    mjevent calc ron 3 30 --dealer --honba 1\n" in out
    assert "  --honba <int range>           本場の数。  [既定値: 0; x>=0]\n" in out


@pytest.mark.parametrize("name", MINE)
def test_japanese_help_holds_no_english(name: str) -> None:
    code, out, _err = ja(name, "--help")
    assert code == 0
    assert english_words(out, ALWAYS | ALLOWED[name]) == []


@pytest.mark.parametrize("name", [None, *MINE])
def test_japanese_help_fits_80_cells(name: str | None) -> None:
    # CliRunner lays help out for a terminal 80 columns wide.
    code, out, _err = ja(*([name] if name else []), "--help")
    assert code == 0
    too_wide = [line for line in out.splitlines() if cell_len(line) > 80]
    assert too_wide == []


@pytest.mark.parametrize("columns", [60, 80])
def test_japanese_help_fits_the_terminal_in_a_real_process(columns: int) -> None:
    # A real process: click sizes help from the terminal (COLUMNS), minus 2.
    env = {**os.environ, "COLUMNS": str(columns)}
    out = subprocess.run(
        [sys.executable, "-c", "from mjevent.tui.cli.main import app; app()", "--lang", "ja",
         "new", "--help"],
        capture_output=True, text=True, env=env, check=True,
    ).stdout
    widths = [cell_len(line) for line in out.splitlines()]
    assert max(widths) <= columns - 2
    assert max(widths) >= columns - 8  # wrapped to the width, not far short of it


def test_english_help_is_unchanged() -> None:
    out = runner.invoke(app, ["check", "--help"]).stdout
    assert out.splitlines() == [
        "Usage: mjevent check [OPTIONS] {file}",
        "",
        "  Validate and fold the whole event file; report problems; exit 0 only when",
        "  clean.",
        "",
        "Arguments:",
        "  file <file>  The event file (TOML).  [required]",
        "",
        "Options:",
        "  --repair  Open the file for writing: a torn tail is moved aside to a side",
        "            file.",
        "  --help    Show this message and exit.",
    ]


# --- Click's own words ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "usage", "error"),
    [
        (["check"], "mjevent check [OPTIONS] {file}", "エラー: 引数 'file' を指定してください。"),
        (["calc", "--bogus"], "mjevent calc [OPTIONS] [ron|tsumo] [HAN|LIMIT|yakuman] [FU|N]",
         "エラー: --bogus というオプションはありません"),
        (["calc", "--rul", "wrc"], "mjevent calc [OPTIONS] [ron|tsumo] [HAN|LIMIT|yakuman] [FU|N]",
         "エラー: --rul というオプションはありません（--rules のことですか？）"),
        (["nonsense"], "mjevent [OPTIONS] COMMAND [ARGS]...",
         "エラー: 'nonsense' というコマンドはありません。"),
        (["calc", "--honba", "x", "ron", "3", "30"],
         "mjevent calc [OPTIONS] [ron|tsumo] [HAN|LIMIT|yakuman] [FU|N]",
         "エラー: '--honba' の値が正しくありません: 整数を指定してください"),
        (["calc", "--honba", "-1", "ron", "3", "30"],
         "mjevent calc [OPTIONS] [ron|tsumo] [HAN|LIMIT|yakuman] [FU|N]",
         "エラー: '--honba' の値が正しくありません: 0 以上を指定してください"),
        (["calc", "ron", "3", "30", "extra"],
         "mjevent calc [OPTIONS] [ron|tsumo] [HAN|LIMIT|yakuman] [FU|N]",
         "エラー: 余分な引数があります: extra"),
        (["export", "x.toml"], "mjevent export [OPTIONS] {file}",
         "エラー: オプション '--format' を指定してください。次のいずれかです: ema, csv"),
        (["export", "x.toml", "--format", "pdf"], "mjevent export [OPTIONS] {file}",
         "エラー: '--format' の値が正しくありません: 'pdf' は指定できません。"
         "次のいずれかです: 'ema', 'csv'"),
    ],
)
def test_click_errors_in_japanese(args: list[str], usage: str, error: str) -> None:
    command = "mjevent " + args[0] if usage.startswith("mjevent " + args[0]) else "mjevent"
    code, out, err = ja(*args)
    assert code == 2
    assert out == ""
    assert err == (
        f"使い方: {usage}\n'{command} --help' で使い方を表示できます。\n\n{error}\n"
    )


def test_click_errors_without_usage_in_japanese() -> None:
    assert ja("calc", "--rules")[2] == "エラー: オプション '--rules' には値が必要です。\n"


def test_click_errors_in_english_are_clicks_own() -> None:
    result = runner.invoke(app, ["calc", "--honba", "x"])
    assert result.exit_code == 2
    assert result.stderr == (
        "Usage: mjevent calc [OPTIONS] [ron|tsumo] [HAN|LIMIT|yakuman] [FU|N]\n"
        "Try 'mjevent calc --help' for help.\n\n"
        "Error: Invalid value for '--honba': Input should be a valid integer, unable to parse "
        "string as an integer\n"
    )
    result = runner.invoke(app, ["export", "x.toml"])
    assert result.stderr.endswith("Error: Missing option '--format'. Choose from:\n\tema,\n\tcsv\n")


def test_a_command_exit_code_passes_through() -> None:
    # Click's errors are shown here, not by click: a command's own exit codes stay.
    assert runner.invoke(app, ["calc", "ron", "1", "20"]).exit_code == 2
    assert runner.invoke(app, ["check", str(SAMPLES / "sanma.toml")]).exit_code == 0
    assert runner.invoke(app, []).exit_code == 2  # no command: the help, as click does


# --- Messages -------------------------------------------------------------------------------


@pytest.fixture
def club(tmp_path: Path) -> Path:
    path = tmp_path / "club.toml"
    shutil.copy(SAMPLES / "sanma.toml", path)
    return path


def test_check_in_japanese(club: Path) -> None:
    code, out, _err = ja("check", str(club))
    assert code == 0
    assert out == (
        f"{club}: 問題はありません（記録 69 件、選手 9 人、席順決定済み 4 回戦、"
        "終了した半荘 6、局 60）\n"
    )


def test_new_in_japanese(tmp_path: Path) -> None:
    event = tmp_path / "winter.toml"
    code, out, _err = ja("new", str(event), "--name", "冬の大会", "--rules", "wrc")
    assert code == 0
    assert out == (
        f"{event} を作成しました: '冬の大会'、riichi、ルール wrc、選手 0 人。\n"
        f"いつでも次のコマンドで検査できます: mjevent check {event}\n"
    )
    code, _out, err = ja("new", str(tmp_path / "x.toml"), "--name", "x", "--rules", "wrc",
                         "--date", "2/12/2026")
    assert code == 1
    assert err == (
        "エラー: --date '2/12/2026': 年-月-日 の形で指定してください。例: --date 2026-12-02\n"
    )


def test_new_players_file_errors_in_japanese(tmp_path: Path) -> None:
    players = tmp_path / "players.csv"
    players.write_text("name,rank\nA\n", encoding="utf-8")
    code, _out, err = ja("new", str(tmp_path / "x.toml"), "--name", "x", "--rules", "wrc",
                         "--players-from", str(players))
    assert code == 1
    assert err == (
        f"エラー: {players}:1: 'rank' という列は使えません。'rating' のことですか？ 直し方: "
        "列名は name, id, team, rating, status, family_name, given_name, name_order, ema_id, "
        "country から"
        "選んでください（name は必須です）。\n"
    )


def test_check_with_problems_in_japanese(club: Path) -> None:
    store = EventStore.open(club)
    store.append({"id": "P1", "at": "2026-03-14T16:00:00+00:00", "kind": "correction",
                  "target": "P0", "reason": "typo"})
    code, out, _err = ja("check", str(club))
    assert code == 1
    # The problem lines are the log's own (translated with the file's messages); the summary:
    assert out.splitlines()[-1] == (
        f"{club}: 問題が 1 件あります（記録 70 件、選手 9 人、席順決定済み 4 回戦、"
        "終了した半荘 6、局 60）"
    )


def _players_file(tmp_path: Path, name: str, content: bytes) -> str:
    path = tmp_path / name
    path.write_bytes(content)
    return str(path)


# This area's own error messages (whole sentences, with the syntax they quote in Latin); a
# message that also quotes another area's text (a rule preset's "did you mean") is left out.
@pytest.mark.parametrize(
    ("args", "allowed"),
    [
        ([], {"mjevent", "calc", "ron", "tsumo", "yakuman", "help"}),
        (["--chart", "ron", "3", "30"], {"mjevent", "calc", "chart"}),
        (["--jsonl", "ron", "3"], {"mjevent", "calc", "jsonl", "chart"}),
        (["ron", "mangan", "30"], {"mjevent", "calc", "mangan"}),
        (["ron", "three", "30"], {"mjevent", "calc", "three", "mangan", "mgn", "haneman",
                                  "baiman", "sanbaiman", "yakuman", "ron"}),
        (["--players", "5", "ron", "3", "30"], {"mjevent", "calc", "players", "sanma"}),
        (["--players", "3", "--rules", "wrc", "ron", "3", "30"],
         {"mjevent", "calc", "players", "wrc"}),
    ],
)
def test_calc_errors_in_japanese_hold_no_english(args: list[str], allowed: set[str]) -> None:
    code, out, err = ja("calc", *args)
    assert (code, out) == (2, "")
    assert err.startswith("mjevent calc: ")
    assert english_words(err, allowed) == []


@pytest.mark.parametrize(
    ("name", "content", "extra"),
    [
        ("none.txt", None, ()),
        ("latin1.txt", "Zoë\n".encode("latin-1"), ()),
        ("empty.txt", b"# nobody yet\n", ()),
        ("players.csv", b"name,rank\nA\n", ("rank", "rating")),
        ("players.csv", b"team\nKyoto\n", ("team",)),
        ("players.csv", b"name,team\n,Kyoto\n", ()),
        ("players.csv", b"name,rating\nA,high\n", ("high",)),
        ("players.csv", b'name\n"A\nB\n', ()),
    ],
)
def test_new_players_file_errors_hold_no_english(
    tmp_path: Path, name: str, content: bytes | None, extra: tuple[str, ...]
) -> None:
    path = tmp_path / name if content is None else _players_file(tmp_path, name, content)
    code, _out, err = ja("new", str(tmp_path / "x.toml"), "--name", "x", "--rules", "wrc",
                         "--players-from", str(path))
    assert code == 1
    # Paths, the players-file columns and the options the fix names stay Latin.
    allowed = {
        "players", "from", "txt", "csv", "none", "latin", "empty", "tmp", "pytest", "test",
        "new", "name", "team", "rating", "status", "family", "given", "order", "ema", "country",
        "CSV", "UTF", *extra,
    }
    assert err.startswith("エラー: ")
    assert english_words(err.replace(str(tmp_path), ""), allowed) == []


@pytest.mark.parametrize(
    ("option", "allowed"),
    [
        (["--date", "spring"], {"date", "spring"}),
        (["--set", "preset=wrc"], {"set", "preset", "wrc", "rules"}),
        (["--set", "length=east", "--set", "rules.length=south"],
         {"set", "length", "east", "rules", "south"}),
    ],
)
def test_new_option_errors_hold_no_english(
    tmp_path: Path, option: list[str], allowed: set[str]
) -> None:
    code, _out, err = ja("new", str(tmp_path / "x.toml"), "--name", "x", "--rules", "wrc",
                         *option)
    assert code == 1
    assert english_words(err, allowed) == []


def test_calc_chart_in_japanese_holds_no_english_and_fits_80_cells() -> None:
    code, out, _err = ja("calc", "--chart", "--rules", "sanma-club")
    assert code == 0
    lines = out.splitlines()
    assert lines[:5] == [
        "点数早見表（本場・供託は含みません）",
        "ルール: sanma-club（3人、ツモ損あり、切り上げ満貫なし、13飜以上 = 役満）",
        "本場: 1本場につきロンは 200 点、ツモは支払う人ごとに 100 点",
        "",
        "子: ロン（ツモ: 子の支払い/親の支払い）",
    ]
    assert lines[-7:] == [
        "満貫以上        飜        子のロン（ツモ）          親のロン（ツモ）",
        "満貫            5         8000 (2000/4000)          12000 (4000∀)",
        "跳満            6-7       12000 (3000/6000)         18000 (6000∀)",
        "倍満            8-10      16000 (4000/8000)         24000 (8000∀)",
        "三倍満          11-12     24000 (6000/12000)        36000 (12000∀)",
        "役満            13+       32000 (8000/16000)        48000 (16000∀)",
        "ダブル役満      -         64000 (16000/32000)       96000 (32000∀)",
    ]
    assert english_words(out, {"sanma", "club"}) == []
    assert max(cell_len(line) for line in lines) <= 80


def test_calc_hand_in_japanese_lines_up_by_cells() -> None:
    code, out, _err = ja("calc", "tsumo", "4", "30", "--honba", "2", "--deposits", "1")
    assert code == 0
    # The first line names the hand with the calculator's own words (core's, translated there).
    assert out.splitlines()[1:] == [
        "ルール: ema2016（4人、切り上げ満貫なし、13飜以上 = 三倍満）",
        "本場: 1本場につきロンは 300 点、ツモは支払う人ごとに 100 点",
        "基本点:               1,920（満貫未満）",
        "親の支払い:           4,100（3,900 + 本場分 200）",
        "子1人の支払い:        2,200（2,000 + 本場分 200） x 2",
        "和了者の獲得点:       9,500（うち供託 1,000）",
    ]
    for line in out.splitlines()[3:]:  # every amount starts at cell 22, after its label
        label, value = line.split(":", 1)
        assert cell_len(label + ":") + len(value) - len(value.lstrip()) == 22


def test_calc_jsonl_stays_english_for_scripts() -> None:
    result = runner.invoke(app, ["--lang", "ja", "calc", "--jsonl"],
                           input='{"win": "draw"}\n')
    assert result.stdout == '{"error": "line 1: win=\\"draw\\": expected one of \\"ron\\", ' \
        '\\"tsumo\\""}\n'


def test_record_in_japanese(club: Path) -> None:
    code, out, _err = ja("record", str(club), "--id", "jp-1", "r4", "t1", "draw")
    assert code == 0, _err
    assert out.splitlines()[0] == "jp-1 を記録しました"
    code, out, _err = ja("record", str(club), "--id", "jp-1", "r4", "t1", "draw")
    assert out == f"記録 jp-1 は {club} にすでにあります。もう一度は記録しません\n"


def test_serve_warning_in_japanese(club: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("aiohttp.web.run_app", lambda app, **_: app.close())
    monkeypatch.setattr("mjevent.tui.web.lan.lan_address", lambda: "192.168.1.20")
    code, _out, err = ja("serve", str(club), "--host", "0.0.0.0", "--port", "8123",
                         "--password", "pin")
    assert code == 0
    assert err == (
        "警告: 0.0.0.0 で待ち受けています: http://192.168.1.20:8123 に届く人は誰でも公開ページを"
        "見られます。卓の入力には卓のキー、運営ページにはパスワードが必要です\n"
        f"{club} を http://192.168.1.20:8123 で公開しています（Ctrl+C で停止）\n"
        "運営: http://192.168.1.20:8123/director（指定したパスワード）\n"
        f"卓のURL: mjevent tables {club} --round N --base-url http://192.168.1.20:8123\n"
    )


# --- Which language -------------------------------------------------------------------------


def _with_language(path: Path, code: str) -> Path:
    setting = f'[event]\nlanguage = "{code}"\n'
    text = path.read_text(encoding="utf-8").replace("[event]\n", setting, 1)
    path.write_text(text, encoding="utf-8")
    return path


def test_the_event_language_speaks_unless_the_command_line_says(club: Path) -> None:
    _with_language(club, "ja")
    assert runner.invoke(app, ["check", str(club)]).stdout.startswith(f"{club}: 問題はありません")
    english = runner.invoke(app, ["--lang", "en", "check", str(club)]).stdout
    assert english.startswith(f"{club}: clean (")


def test_the_event_language_wins_over_the_environment(club: Path) -> None:
    _with_language(club, "en")
    out = runner.invoke(app, ["check", str(club)], env={"LANG": "ja_JP.UTF-8"}).stdout
    assert out.startswith(f"{club}: clean (")


@pytest.mark.parametrize(
    ("env", "japanese"),
    [
        ({"LANG": "ja_JP.UTF-8"}, True),
        ({"LC_MESSAGES": "ja_JP.UTF-8", "LANG": "C"}, True),
        ({"LC_ALL": "C", "LANG": "ja_JP.UTF-8"}, False),
        ({"LC_ALL": "ja_JP.UTF-8", "LC_MESSAGES": "C"}, True),
        ({"LANG": "C.UTF-8"}, False),
    ],
)
def test_the_environment_chooses_when_nothing_else_does(
    env: dict[str, str], japanese: bool
) -> None:
    out = runner.invoke(app, ["check", "--help"], env=env).stdout
    assert out.startswith("使い方: ") is japanese
    assert out.startswith("Usage: ") is not japanese


def test_the_command_line_wins_over_the_environment() -> None:
    out = runner.invoke(app, ["--lang", "en", "check", "--help"], env={"LANG": "ja_JP.UTF-8"})
    assert out.stdout.startswith("Usage: mjevent check")


def test_an_unknown_language_is_refused_with_the_list() -> None:
    result = runner.invoke(app, ["--lang", "xx", "check", "--help"])
    assert result.exit_code == 2
    assert result.stderr == "error: there is no 'xx' language: use one of en, ja\n"


# --- Wrapping -------------------------------------------------------------------------------


def test_wrap_text_breaks_between_japanese_characters_and_keeps_latin_words_whole() -> None:
    text = "大会ファイル（TOML）を検査します。LC_MESSAGES、LANG の順に見ます。"
    assert cli_localize.wrap_text(text, 20).splitlines() == [
        "大会ファイル（TOML）",
        "を検査します。",
        "LC_MESSAGES、LANG の",
        "順に見ます。",
    ]


def test_wrap_text_keeps_raw_paragraphs_and_indents() -> None:
    text = "一行目の説明です。\n\n\b\n例:\n  mjevent calc ron 3 30"
    assert cli_localize.wrap_text(text, 12, "  ", "  ", preserve_paragraphs=True) == (
        "  一行目の説\n  明です。\n\n  例:\n    mjevent calc ron 3 30"
    )


def test_cli_localize_docstring_examples_hold() -> None:
    result = doctest.testmod(cli_localize)
    assert result.attempted > 0
    assert result.failed == 0


def test_check_warns_of_an_event_language_with_no_catalogue(club: Path) -> None:
    _with_language(club, "ko")
    result = runner.invoke(app, ["check", str(club)])
    assert result.exit_code == 0
    assert result.stdout.startswith(f"{club}: clean (")
    assert result.stderr == (
        f"warning: {club}:5: event.language: 'ko' has no catalogue in this mjevent (it speaks "
        "en, ja), so the event is shown in the language of --lang or the environment. Fix: "
        "write one of en, ja, or add catalogues/ko.po (docs/i18n.md).\n"
    )


def test_replay_json_is_english_in_every_language(club: Path) -> None:
    english = runner.invoke(app, ["replay", str(club), "--json"]).stdout
    japanese = runner.invoke(app, ["--lang", "ja", "replay", str(club), "--json"]).stdout
    assert japanese == english
    assert i18n.language() == "ja"  # and the command line's language is back afterwards
    assert "本場" not in japanese and '"label"' in english

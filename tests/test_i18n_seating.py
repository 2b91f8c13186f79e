# Japanese text is written with Japanese punctuation (full-width parentheses).
# ruff: noqa: RUF001

"""Seating in Japanese (issue 16): `mjevent seat`, `mjevent seating ...`, the checker's report,
the import errors of every format and the plans' costs speak Japanese, with exact text for the
main outputs, and a leak test: no English word reaches a Japanese output of this area.

The leak test strips what is rightly Latin before it looks: option names (`--rounds`), command
lines quoted in backticks, `key=` of a parameter named with its value, log entry ids, and the
words Typer itself writes into a help page (`[default: 4]`, `[required]`, the metavars `<int>`,
`{file}`), which are the command line's foundation, not this area. What remains may hold only
the words in `ALLOWED` (ids, names, keywords).
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mjevent.core.seating.check import check
from mjevent.core.seating.event_plans import plan_cost, plan_generated
from mjevent.core.seating.event_state import ReseatNeeded
from mjevent.core.seating.generate import Reach
from mjevent.core.seating.imports import SeatingImportError, parse_seating
from mjevent.core.seating.schedule import Schedule
from mjevent.events.commands import record_final, set_seating
from mjevent.events.store import EventStore
from mjevent.tui.cli.main import app
from mjevent.tui.cli.seat import SearchProgress

from .i18n_helpers import english_words, japanese
from .test_cli_seating import make_event

runner = CliRunner()

ALLOWED = {
    # the command line's own names and the file names the tests use
    "mjevent", "seat", "seating", "verify", "check", "export", "swap", "reseat", "toml", "txt",
    "OPTIONS", "COMMAND", "ARGS", "ROUND", "FILE", "NAME", "JSON", "TOML", "UTF", "sha",
    # players' names in the test events, and the event's name (the default draw text)
    "Player", "Test", "Open",
    # method keywords recorded in the log, shown as they are recorded
    "generated", "library", "imported", "ranked", "swiss", "regenerated",
    # a settings key and the page that documents it
    "standings", "stages", "docs",
    # format keywords typed on the command line
    "auto", "json", "csv", "tsv", "text", "letters", "script", "rounds",
}
"""Latin words that are rightly Latin in a Japanese output (each case adds its own few)."""

SOURCE_WORDS = {
    "construction", "affine", "geometry", "lines", "resolvable", "design", "over", "inf",
    "BJL", "VII", "search", "annealed", "byes", "rotating", "library",
}
"""The words of a seating's `source`: the route that made it, recorded in the seating entry's
params as it is and shown as recorded (like a method keyword), not translated."""

TYPER_WORDS = re.compile(r"\[default: [^\]]*\]|\[required\]|<[^>]*>|\{[a-z]+\}")
ENTRY_ID = re.compile(r"\b[0-9A-Z]{26}\b")
"""A log entry's id (a ULID), which `seating verify` names."""


def leaks(text: str, *extra: str) -> list[str]:
    """The English words of `text` that are not allowed (options and quoted commands aside)."""
    text = ENTRY_ID.sub(" ", TYPER_WORDS.sub(" ", text))
    stripped = re.sub(r"`[^`]*`|--?[a-z][a-z0-9-]*|[a-z_]+=", " ", text)
    return english_words(stripped, ALLOWED | set(extra))


def ja(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, ["--lang", "ja", *args], input=stdin)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Work in `tmp_path` so that messages name files without a long Latin path."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


# --- exact Japanese ------------------------------------------------------------------------


def test_standalone_seat_prints_the_schedule_and_its_quality_in_japanese() -> None:
    code, out, err = ja("seat", "--players", "16", "--rounds", "5")
    assert code == 0
    assert out.splitlines()[:3] == [
        "第1回戦",
        "  1卓:  東  1  南  5  西  9  北 13",
        "  2卓:  東  2  南  6  西 10  北 14",
    ]
    assert err == (
        "5回戦のうち5回戦が再戦なし（上限 5、生成元 construction:affine geometry AG(2,4) lines）\n"
        "再戦なし 5/5回戦、再戦 0、間接 0、風の違反 0（偏り 1）、卓番号の重複 19、"
        "チームメイト同卓 0\n"
    )
    assert leaks(out + err, *SOURCE_WORDS) == []


def test_byes_and_one_on_one_seats_are_named_in_japanese() -> None:
    code, out, _err = ja("seat", "--players", "9", "--rounds", "5")
    assert code == 0
    assert "  抜け番: " in out
    code, out, _err = ja("seat", "--players", "4", "--table-size", "2", "--rounds", "1")
    assert code == 0
    assert out.splitlines()[1].startswith("  1卓:  白 ")
    assert " 黒 " in out.splitlines()[1]


def test_the_checker_report_in_japanese(tmp_path: Path) -> None:
    path = tmp_path / "rep.json"
    path.write_text(json.dumps({
        "players": 8,
        "table_size": 4,
        "rounds": [[[1, 2, 3, 4], [5, 6, 7, 8]], [[1, 2, 5, 6], [3, 4, 7, 8]]],
    }), encoding="utf-8")
    code, out, _err = ja("seating", "check", str(path), "--no-repeats", "--team-size", "2")
    assert code == 1
    assert out.splitlines() == [
        "回戦数: 2、再戦なし: 1",
        "再戦ペア: 4組（余分な対戦 4回）、最多: 選手1と選手2が2回同卓",
        "未対戦のペア: 8組（間接のみ: 8組）",
        "風の偏り: 最終回戦後に最大 2、同じ風に多く座りすぎた選手が延べ 4 回"
        "（最初: 第2回戦後の選手1）",
        "3回戦以内の同じ卓番号: 4（最初: 第2回戦 1卓の選手1）",
        "チームメイトの同卓: 8、第1回戦: 選手1と選手2、第1回戦: 選手3と選手4、"
        "第1回戦: 選手5と選手6",
        "違反: --no-repeats: 4組のペアが2回以上同卓しています",
        "違反: チーム: チームメイト8組が同卓しています",
    ]


def test_event_seating_check_in_japanese(here: Path) -> None:
    make_event(here / "ev.toml")
    assert runner.invoke(app, ["seat", "ev.toml", "--rounds", "7", "--seed", "c"]).exit_code == 0
    code, out, err = ja("seating", "check", "ev.toml")
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "ev.toml: 第1〜7回戦の席順あり、選手28人",
        "再戦なし 7/7回戦、再戦 0、間接 84、風の違反 0（偏り 1）、卓番号の重複 13、"
        "チームメイト同卓 0",
        "未対戦のペア: 84組（間接のみ: 84組）",
        "風の偏り: 最大 1",
    ]


def test_a_repeat_nobody_accepted_in_japanese(here: Path) -> None:
    store = EventStore.create(here / "ev.toml", {
        "event": {"name": "Test Open", "format_version": 1},
        "rules": {"preset": "ema2016"},
        "players": [{"id": f"p{i}", "name": n} for i, n in enumerate(
            ["山田太郎", "Sophie", "佐藤花子", "Jean", "李", "Ana", "鈴木一郎", "Bob"], 1)],
    })
    tables = [["p1", "p2", "p3", "p4"], ["p5", "p6", "p7", "p8"]]
    set_seating(store, 1, [tables, tables])
    code, out, _err = ja("seating", "check", "ev.toml")
    assert code == 1
    assert "再戦: 山田太郎（p1）とSophie（p2）が2回同卓 [未承認]" in out.splitlines()


def test_dry_run_lines_up_cjk_names_and_speaks_japanese(here: Path) -> None:
    EventStore.create(here / "ev.toml", {
        "event": {"name": "春の大会", "format_version": 1},
        "rules": {"preset": "ema2016"},
        "players": [{"id": f"p{i}", "name": n} for i, n in enumerate(
            ["山田太郎", "Sophie", "佐藤花子", "Jean", "李", "Ana", "鈴木一郎", "Bob"], 1)],
    })
    code, out, _err = ja("seat", "ev.toml", "--rounds", "1", "--dry-run")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "第1回戦"
    from rich.cells import cell_len

    # Every name is padded to the widest (8 cells: 山田太郎), so the winds stand in columns.
    for line in lines[1:3]:
        for wind in "南西北":
            assert cell_len(line[: line.index(wind)]) == {"南": 22, "西": 35, "北": 48}[wind]
    assert lines[3:] == [
        "方式: generated、抽選の文言: '春の大会'",
        "生成元: search",
        "品質: 再戦なし 1/1回戦、再戦 0、間接 0、風の違反 0（偏り 1）、卓番号の重複 0、"
        "チームメイト同卓 0",
        "新たな再戦ペア: 0組",
        "風の偏り: 1（全員の風は均等）",
        "3回戦以内の同じ卓番号: 0",
        "試行のみ: 何も書き込んでいません",
    ][: len(lines) - 3]
    assert leaks(out, *SOURCE_WORDS, "Sophie", "Jean", "Ana", "Bob") == []


IMPORT_IDS = [f"p{i:02d}" for i in range(1, 9)]
IMPORT_NAMES = {p: f"Player {p[1:]}" for p in IMPORT_IDS}


def read_in_japanese(text: str, fmt: str = "auto") -> str:
    with japanese(), pytest.raises(SeatingImportError) as caught:
        parse_seating(text, IMPORT_IDS, 4, names=IMPORT_NAMES, fmt=fmt)
    return str(caught.value)


@pytest.mark.parametrize(
    ("fmt", "text", "message"),
    [
        ("rounds", "p01 p02 p03 p04 p05 p06 p07 Tanaka\n",
         "1行目: 'Tanaka' はこの大会の選手ではありません（ID、名前、または1から8の番号で指定して"
         "ください）"),
        ("rounds", "1 2 3 4 5 6 7 9\n",
         "1行目: 選手番号 9 は範囲外です。この大会の選手は1から8までです"),
        ("rounds", "p01 p02 p03 p04 p05 p06 p07 p08\np01 p02 p03 p04 p01 p06 p07 p08\n",
         "2行目: p01 が第2回戦に2回着席しています（2行目にもあります）。各選手は1回戦にひとつの卓に"
         "座ります"),
        ("rounds", "p01 p02 p03 p04\n",
         "1行目: 大会の選手のうち4人が一度も着席していません（p05, p06, p07, p08）。"
         "ファイルは4人分、大会は8人です。全員を着席させるか、先に足りない選手を棄権にしてください"),
        ("letters", "ABCD EFGH\nABCD EFGI\n",
         "1行目: ファイルの文字は9種類、大会の選手は8人です。選手1人に1文字です（文字を A-Z、a-z "
         "の順に並べたものが大会の選手順です）"),
        ("script", "p01-p02-p03-p04\n\np01-p02-p03\n",
         "3行目: 'p01-p02-p03' の選手は3人ですが、卓は4人です（a-b-c-d、席順は東南西北）"),
        ("tsv", "1\t1\n1\t1\n1\t1\n1\t1\n2\t2\n2\t2\n2\t2\n",
         "7行目: 表は7行、大会の選手は8人です。大会の選手順に、選手1人につき1行にしてください"),
        ("tsv", "1E\n1E\n1W\n1N\n2E\n2S\n2W\n2N\n",
         "4行目: 第1回戦 1卓: 風 ESWN をひとつずつにしてください"),
        ("csv", "round,table,E,S,W,N\n1,1,p01,p02,p03\n",
         "2行目: 列が5個あります。1行は round,table と4人の選手です"),
        ("json", "{\n  nope", "2行目: JSON ではありません（二重引用符で囲んだキーがありません）"),
    ],
)
def test_import_errors_of_every_format_in_japanese(fmt: str, text: str, message: str) -> None:
    assert read_in_japanese(text, fmt) == message


def test_an_import_error_names_the_file_and_line_in_japanese(here: Path) -> None:
    make_event(here / "ev.toml")
    (here / "bad.txt").write_text("p01-p02-p03-p04\np05-p06-p07-p99\n", encoding="utf-8")
    code, out, err = ja("seat", "ev.toml", "--import", "bad.txt")
    assert (code, out) == (1, "")
    assert err == (
        "エラー: bad.txt:2: 'p99' はこの大会の選手ではありません（ID、名前、または1から28の番号で"
        "指定してください）\n"
    )


def test_byes_offer_and_results_refusal_in_japanese(here: Path) -> None:
    make_event(here / "odd.toml", 27)
    code, _out, err = ja("seat", "odd.toml", "--rounds", "3")
    assert code == 1
    assert err == (
        "エラー: 参加中の選手27人では4人卓が埋まりません。毎回戦3人が抜け番になります。"
        "抜け番を認めるなら --byes を付けるか、選手を1人（代走など）加えて"
        "（`mjevent player odd.toml add NAME`）もう一度席順を組んでください\n"
    )
    make_event(here / "ev.toml")
    runner.invoke(app, ["seat", "ev.toml", "--rounds", "3"])
    record_final(EventStore.open(here / "ev.toml"), 1, 1, [45000, 35000, 25000, 15000])
    code, _out, err = ja("seat", "ev.toml", "--rounds", "3")
    assert code == 1
    assert err == (
        "エラー: ev.toml: 第1回戦にはすでに結果があります。まだ対局していない第2回戦以降の席順を"
        "組み直してください: mjevent seat ev.toml --from-round 2\n"
    )


def test_the_over_asked_message_in_japanese() -> None:
    with japanese():
        text = Reach(120, 4, 36, built_in=35, catalogue=35, best_known=39, bound=39).message()
    assert text == (
        "120人・4人卓で36回戦が求められました。mjevent が再戦なしで組める回戦数を超えています。"
        "構成法で得られる再戦なしの回戦は35、公開カタログでは35です。既知の最良は39、上限は39です"
        "（39回戦の席順は存在しますが、組み込まれていません）。まず35回戦を組み、探索で足せるだけ"
        "足して、残りは再戦が最も少なくなるように組みます。"
    )


def test_the_progress_bar_in_japanese() -> None:
    now = [2.0]
    out = io.StringIO()
    bar = SearchProgress(out, clock=lambda: now[0])
    bar.start = 0.0
    with japanese():
        bar.update(2, 4)
        now[0] = 3.5
        bar.step("inside rounds", 1, 7)
    assert out.getvalue().splitlines() == [
        "探索中 [##########----------] 回戦 2/4、2秒",
        "探索中 [##------------------] チーム内の回戦 1/7、4秒",
    ]


def test_reseat_lines_up_its_score_labels_in_japanese(here: Path) -> None:
    from mjevent.events.commands import record_line

    store = EventStore.open(make_event(here / "w.toml", 8))
    set_seating(store, 1, [[["p01", "p02", "p03", "p04"], ["p05", "p06", "p07", "p08"]]])
    record_line(store, "t1 ron S<-W 3/30")
    code, out, _err = ja("seating", "reseat", "w.toml", "1", "1", "p02", "p01", "p03", "p04",
                         "--yes")
    assert code == 0
    assert out.splitlines() == [
        "第1回戦 1卓: 予定 東 p01 南 p02 西 p03 北 p04、実際 東 p02 南 p01 西 p03 北 p04",
        "1局を実際の席で適用し直します",
        "現在の点数: Player 1 30000  Player 2 33900  Player 3 26100  Player 4 30000",
        "席の修正後: Player 2 35800  Player 1 30000  Player 3 24200  Player 4 30000",
        "第1回戦 1卓の席を直しました。何も削除していません",
    ]
    assert leaks(out) == []


# --- no English in a Japanese output ---------------------------------------------------------


HELPS = [
    ["seat"],
    ["seating"],
    ["seating", "verify"],
    ["seating", "check"],
    ["seating", "export"],
    ["seating", "swap"],
    ["seating", "reseat"],
]


@pytest.mark.parametrize("command", HELPS, ids=" ".join)
def test_every_help_is_japanese(command: list[str]) -> None:
    code, out, _err = ja(*command, "--help")
    assert code == 0
    assert out.startswith("使い方: mjevent ")
    # `Path` and `list` are Typer's metavar for a repeatable path option (`<list[Path]>`).
    assert leaks(out, "table", "seats", "file", "list", "Path") == []


STANDALONE_CASES = [
    ["seat", "--players", "9", "--rounds", "5"],
    ["seat", "--players", "13", "--rounds", "3"],
    ["seat", "--players", "8", "--rounds", "2", "--teams", "2"],
    ["seat", "--players", "8", "--rounds", "1", "--format", "xml"],
    ["seat", "--players", "8", "--rounds", "1", "--teams", "2", "--team-size", "4"],
    ["seat", "--players", "10", "--rounds", "1", "--teams", "3"],
    ["seat", "--players", "16", "--rounds", "5", "--max-seconds", "0"],
    ["seat", "--players", "3", "--rounds", "1"],
    ["seat", "--players", "8", "--table-size", "1", "--rounds", "1"],
    ["seat", "--players", "8", "--rounds", "0"],
    ["seat", "--rounds", "1"],
]


@pytest.mark.parametrize("args", STANDALONE_CASES, ids=" ".join)
def test_standalone_outputs_and_errors_are_japanese(args: list[str]) -> None:
    _code, out, err = ja(*args)
    assert out + err
    assert leaks(out + err, *SOURCE_WORDS, "xml") == []


def test_checker_outputs_and_errors_are_japanese(tmp_path: Path) -> None:
    texts = []
    bad = {
        "rep.json": {"players": 8, "table_size": 4, "rounds": [
            [[1, 2, 3, 4], [5, 6, 7, 8]], [[1, 2, 5, 6], [3, 4, 7, 8]], [[1, 3, 5, 7], [2, 4, 6, 8]]
        ]},
        "twice.json": {"players": 4, "table_size": 2, "rounds": [[[1, 2], [1, 3]]]},
        "range.json": {"players": 4, "table_size": 2, "rounds": [[[1, 2], [3, 9]]]},
        "short.json": {"players": 4, "table_size": 2, "rounds": [[[1, 2], [3]]]},
        "byes.json": {"players": 4, "table_size": 2, "rounds": [[[1, 2]]], "bye": []},
    }
    for name, data in bad.items():
        (tmp_path / name).write_text(json.dumps(data), encoding="utf-8")
    (tmp_path / "broken.json").write_text("{", encoding="utf-8")
    for args in (
        ["rep.json", "--no-repeats", "--wind-balance", "--table-rotation",
         "--min-repeat-free", "3", "--teams", "2"],
        ["rep.json", "--teams", "2", "--team-size", "4"],
        ["rep.json", "--teams", "3"],
        ["twice.json"], ["range.json"], ["short.json"], ["byes.json"], ["broken.json"],
        ["none.json"],
    ):
        _code, out, err = ja("seating", "check", str(tmp_path / args[0]), *args[1:])
        texts.append(out + err)
    text = "\n".join(texts).replace(str(tmp_path), "")
    assert "エラー" in text and "違反" in text
    # the files' names, and the JSON key an error names
    assert leaks(text, "rep", "twice", "range", "short", "byes", "broken", "none", "bye") == []


def event_outputs(here: Path) -> str:
    """A broad run of the event commands in Japanese, every output and error joined."""
    make_event(here / "ev.toml")
    make_event(here / "odd.toml", 27)
    make_event(here / "teams.toml", 20, teams=4)
    make_event(here / "lib.toml", 36)
    (here / "bad.txt").write_text("p01-p02-p03-p04\np05-p06-p07-p99\n", encoding="utf-8")
    (here / "latin1.txt").write_bytes("p01 p02 Müller\n".encode("latin-1"))
    texts: list[str] = []

    def run(*args: str, stdin: str | None = None) -> str:
        _code, out, err = ja(*args, stdin=stdin)
        texts.append(out + err)
        return out

    run("seat")
    run("seat", "ev.toml")
    run("seat", "ev.toml", "--rouns", "3")
    run("seat", "ev.toml", "--ranked", "--swiss")
    run("seat", "ev.toml", "--import", "missing.txt")
    run("seat", "ev.toml", "--import", "bad.txt")
    run("seat", "ev.toml", "--import", "latin1.txt")
    run("seat", "ev.toml", "--import", "bad.txt", "--import-format", "xml")
    run("seat", "ev.toml", "--from-library", "k4-p99")
    run("seat", "teams.toml", "--rounds", "2", "--teams", "--dry-run")
    run("seat", "odd.toml", "--rounds", "3")
    run("seat", "odd.toml", "--rounds", "3", "--byes", "--dry-run")
    run("seat", "ev.toml", "--from-round", "2")
    run("seating", "check", "ev.toml")
    run("seating", "verify", "ev.toml")
    run("seating", "export", "ev.toml")
    run("seat", "ev.toml", "--rounds", "3", "--seed", "s")
    run("seat", "lib.toml", "--from-library", "k4-p36", "--dry-run")
    run("seat", "ev.toml", "--from-round", "2", stdin="n\n")
    run("seating", "check", "ev.toml")
    run("seating", "verify", "ev.toml")
    run("seating", "verify", "ev.toml", "--import", "bad.txt")
    run("seating", "export", "ev.toml", "--format", "xml")
    store = EventStore.open(here / "ev.toml")
    second_round = store.log[-1]["rounds"][1]
    a, b = second_round[0][0], second_round[1][0]
    run("seating", "swap", "ev.toml", "2", a, b, stdin="n\n")
    run("seating", "swap", "ev.toml", "2", a, "Tanaka")
    run("seating", "swap", "ev.toml", "9", a, b)
    run("seating", "swap", "ev.toml", "2", a, b, "--yes")
    run("seating", "check", "ev.toml")
    record_final(store, 1, 1, [45000, 35000, 25000, 15000])
    run("seat", "ev.toml", "--rounds", "3")
    run("seat", "ev.toml", "--from-round", "1")
    run("seat", "ev.toml", "--ranked", "--round", "1")
    run("seating", "swap", "ev.toml", "1", "p01", "p02", "--yes")
    run("seating", "reseat", "ev.toml", "1", "9", "p01", "p02", "p03", "p04")
    run("seating", "reseat", "ev.toml", "1", "1", "p01", "p02", "p03", "p05")
    run("seat", "ev.toml", "--next-stage")
    return "\n".join(texts)


def test_event_commands_outputs_and_errors_are_japanese(here: Path) -> None:
    text = event_outputs(here)
    assert "エラー" in text and "第2回戦" in text
    # `Tanaka` and `xml` are what the test typed, the rest files' names.
    files = ("bad", "missing", "latin", "odd", "teams", "lib")
    assert leaks(text, *SOURCE_WORDS, "Tanaka", "xml", "event", *files) == [], text


def test_plans_costs_and_reseat_offers_are_japanese(here: Path) -> None:
    make_event(here / "ev.toml", 27)
    from mjevent.events.commands import current_state

    state = current_state(EventStore.open(here / "ev.toml"))
    with japanese():
        plan = plan_generated(state, 3, byes=True)
        lines = plan_cost(state, plan).lines(state.name)
        needed = ReseatNeeded(
            3, 5, tuple((f"p{i:02d}", 3, 1) for i in range(1, 6)), ("p27",)
        ).lines(state.name)
        report = check(Schedule.build(4, 2, [[[0, 1], [2, 3]], [[0, 1], [2, 3]]])).lines()
    assert lines[-1].startswith("抜け番: 第1回戦: ")
    assert needed == [
        "Player 1（p01）は棄権しましたが、まだ第3回戦 1卓に着席しています",
        "Player 2（p02）は棄権しましたが、まだ第3回戦 1卓に着席しています",
        "Player 3（p03）は棄権しましたが、まだ第3回戦 1卓に着席しています",
        "…ほかに同様の席が2あります",
        "第3〜5回戦で席のない選手: Player 27（p27）",
    ]
    assert leaks("\n".join([*lines, *needed, *report])) == []


def test_the_over_asked_message_wraps_by_terminal_cells() -> None:
    from rich.cells import cell_len

    from mjevent.tui.cli.seat import wrap_cells

    with japanese():
        text = Reach(120, 4, 36, built_in=35, catalogue=35, best_known=39, bound=39).message()
    lines = wrap_cells(text, 79).splitlines()
    assert "".join(lines) == text
    assert max(cell_len(line) for line in lines) <= 79
    assert lines[:2] == [
        "120人・4人卓で36回戦が求められました。mjevent が再戦なしで組める回戦数を超えて",
        "います。構成法で得られる再戦なしの回戦は35、公開カタログでは35です。既知の最良",
    ]
    # Narrow text is filled as before (textwrap), word by word.
    english = Reach(120, 4, 36, built_in=35, catalogue=35, best_known=39, bound=39).message()
    import textwrap

    assert wrap_cells(english, 79) == textwrap.fill(english, 79)


def test_a_missing_file_is_explained_in_japanese_and_in_the_systems_words(here: Path) -> None:
    make_event(here / "ev.toml")
    code, _out, err = ja("seat", "ev.toml", "--import", "missing.txt")
    assert (code, err) == (
        1,
        "エラー: missing.txt を読めません（そのファイルはありません）。"
        "席順ファイルのパスを指定してください\n",
    )
    english = runner.invoke(app, ["seat", "ev.toml", "--import", "missing.txt"])
    assert english.stderr == (
        "error: cannot read missing.txt: No such file or directory; give the path of the "
        "seating file\n"
    )

"""Paper in Japanese: `mjevent --lang ja print ...` gives exact Japanese pages (winds 東南西北,
columns lined up by terminal cells with Japanese headings and names), a Japanese PDF (lang="ja",
Noto Sans CJK JP, the event's date as 2026年4月2日), and no English word on any kind of paper in
text, Markdown or HTML: every word that is not the event's own data (names, the rules' name,
a penalty's reason) comes from the catalogue."""

# Japanese writes asides in full-width parentheses: they are meant.
# ruff: noqa: RUF001

from __future__ import annotations

import html
import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mjevent.core.standings import Criterion
from mjevent.events.commands import current_state
from mjevent.events.session import read_log
from mjevent.events.store import EventStore
from mjevent.tui.cli.main import app
from mjevent.tui.views.sheets import criterion_name

from .i18n_helpers import LATIN_WORD, english_words, japanese
from .test_cli_paper import assert_inside_the_page, needs_chromium, pdf_info

SAMPLES = Path(__file__).resolve().parents[1] / "samples"

runner = CliRunner()


@pytest.fixture
def sanma(tmp_path: Path) -> Path:
    target = tmp_path / "sanma.toml"
    shutil.copyfile(SAMPLES / "sanma.toml", target)
    return target


@pytest.fixture
def club(tmp_path: Path) -> Path:
    target = tmp_path / "club.toml"
    shutil.copyfile(SAMPLES / "club.toml", target)
    return target


def run_ja(*args: str) -> str:
    result = runner.invoke(app, ["--lang", "ja", "print", *args])
    assert result.exit_code == 0, result.output
    return result.stdout


# --- Exact Japanese --------------------------------------------------------------------------


def test_round_by_table_in_japanese_lines_up_by_cells(sanma: Path) -> None:
    assert run_ja("round", "1", str(sanma)) == (
        "Sanma Night at Café Kaze\n"
        "第1回戦 席順（卓別）\n"
        "\n"
        "第1回戦\n"
        "卓  東               南         西\n"
        "--  ---------------  ---------  ----------------\n"
        " 1  Tomás Ó Briain   山本 健太  陳 美玲\n"
        " 2  Léa Dubois       박지훈     Ana Ruiz\n"
        " 3  Hanna Kowalczyk  佐藤 花子  Björn Sigurðsson\n"
    )


def test_round_by_player_in_japanese_gives_seats_as_winds(sanma: Path) -> None:
    assert run_ja("round", "2", str(sanma), "--by", "player") == (
        "Sanma Night at Café Kaze\n"
        "第2回戦 席順（選手別）\n"
        "\n"
        "第2回戦\n"
        "選手              卓  席\n"
        "----------------  --  --\n"
        "Ana Ruiz           1  東\n"
        "Björn Sigurðsson   2  東\n"
        "Hanna Kowalczyk    3  南\n"
        "Léa Dubois         2  南\n"
        "Tomás Ó Briain     1  南\n"
        "佐藤 花子          1  西\n"
        "山本 健太          2  西\n"
        "陳 美玲            3  東\n"
        "박지훈             3  西\n"
    )


def test_score_sheet_in_japanese(sanma: Path) -> None:
    out = run_ja("sheets", "round", "2", str(sanma), "--hands", "2")
    assert out.split("\n\n")[1] == (
        "第2回戦 · 1卓\n"
        "局        東: Ana Ruiz  南: Tomás Ó Briain  西: 佐藤 花子\n"
        "--------  ------------  ------------------  -------------\n"
        "1\n"
        "2\n"
        "残り供託\n"
        "素点\n"
        "順位\n"
        "持ち点 35,000 · 返し 35,000 · リーチ棒 1,000 · ルール sanma-club\n"
        "検算: 全員の素点に、卓に残ったリーチ棒1本につき1,000点を足した合計が105,000点"
        "（3 x 35,000）になります。\n"
        "署名: 東 ____________   南 ____________   西 ____________"
    )


def test_report_card_and_standings_in_japanese(club: Path) -> None:
    card = run_ja("cards", str(club), "--report").split("\n\n")[1]
    assert card == (
        "Aoife Ní Bhriain (p09)\n"
        "回戦  卓  席  順位    素点  ポイント   累計\n"
        "----  --  --  ----  ------  --------  -----\n"
        "   1   1  北     1  58,300     +43.3  +43.3\n"
        "   2   4  西     3  26,800      -8.2  +35.1\n"
        "   3   2  南     1  53,500     +38.5  +73.6\n"
        "累計の推移: ▂▁█\n"
        "合計 +73.6 · 2位\n"
        "局数 39 · 和了 12/39 (30.8%) · ツモ 2 · 放銃 2/39 (5.1%) · リーチ 12/39 (30.8%) "
        "· 平均和了点 4,400"
    )
    standings = run_ja("standings", str(club)).splitlines()
    assert standings[:4] == [
        "第3回戦終了時の順位表",
        "",
        "順位  氏名                 合計  半荘数  平均順位  1位  2位  3位  4位  ペナルティ  変動",
        "----  ------------------  -----  ------  --------  ---  ---  ---  ---  ----------  ----",
    ]


def test_schedule_csv_headings_are_translated_and_the_catalogue_form_has_no_words(
    sanma: Path,
) -> None:
    # CSV and TSV are read by people in a spreadsheet: their headings follow the language.
    assert run_ja("schedule", str(sanma), "-f", "csv").splitlines()[:2] == [
        "回戦,卓,東,南,西",
        "1,1,Tomás Ó Briain,山本 健太,陳 美玲",
    ]
    # The seating catalogue's form is numbers and tabs, the same in every language.
    english = runner.invoke(app, ["print", "schedule", str(sanma), "--catalogue"]).stdout
    assert run_ja("schedule", str(sanma), "--catalogue") == english


def test_html_in_japanese_says_so_and_sets_kanji_in_the_japanese_font(sanma: Path) -> None:
    page = run_ja("round", "1", str(sanma), "-f", "html")
    assert '<html lang="ja">' in page
    assert 'font-family: "Noto Sans CJK JP", "DejaVu Sans"' in page
    assert '<p>第1回戦 席順（卓別） · <span class="date">2026年4月2日</span></p>' in page
    english = runner.invoke(app, ["print", "round", "1", str(sanma), "-f", "html"]).stdout
    assert '<html lang="en">' in english
    assert '<p>Round 1 seating by table · <span class="date">2 April 2026</span></p>' in english


def test_errors_in_japanese_name_the_file_and_the_fix(sanma: Path) -> None:
    result = runner.invoke(app, ["--lang", "ja", "print", "round", "9", str(sanma)])
    assert result.exit_code == 1
    assert result.stderr == (
        f"エラー: {sanma}: 第9回戦の席順はまだ決まっていません（席順のある回戦: 1、2、3、4）。"
        "先に席順を決める（mjevent seating）か、別の回戦を指定してください\n"
    )


def test_tiebreak_names_in_both_languages() -> None:
    # English keeps the `[standings]` keys (as written in the file); Japanese names them.
    assert criterion_name(Criterion.BEST_GAME) == "best_game"
    with japanese():
        assert criterion_name(Criterion.BEST_GAME) == "最高半荘"
        assert [criterion_name(c) for c in Criterion if criterion_name(c) == c.value] == []


# --- No English on Japanese paper ------------------------------------------------------------


def event_words(path: Path) -> set[str]:
    """The Latin words of the event's own data: names, ids, the event's and the rules' names,
    penalty reasons and who entered them (text the director typed, printed as typed)."""
    store = EventStore.open(path)
    state = current_state(store)
    texts = [state.settings.event.name, state.rules.name]
    for p in state.players.values():
        texts += [p.id, p.name]
    for record in read_log(store.log)[0]:
        texts += [str(getattr(record, k, "") or "") for k in ("reason", "entered_by", "text")]
    return {w for t in texts for w in LATIN_WORD.findall(t)}


def visible_text(page: str) -> str:
    """What a reader of the HTML page sees (and the title and the chart's label)."""
    page = re.sub(r"<style>.*?</style>", "", page, flags=re.S)
    labels = " ".join(re.findall(r'aria-label="([^"]*)"', page))
    return html.unescape(re.sub(r"<[^>]+>", " ", page)) + " " + labels


KINDS = [
    ("round", "2", "FILE"),
    ("round", "2", "FILE", "--by", "player"),
    ("sheets", "round", "2", "FILE"),
    ("cards", "FILE", "--schedule"),
    ("cards", "FILE", "--report"),
    ("schedule", "FILE"),
    ("standings", "FILE"),
    ("standings", "FILE", "--after-round", "1"),
    ("penalties", "FILE"),
    ("player", "FILE", "p09"),
]


@pytest.mark.parametrize("fmt", ["text", "md", "csv", "html"])
@pytest.mark.parametrize("kind", KINDS, ids=lambda k: " ".join(k))
def test_no_english_on_japanese_paper(club: Path, kind: tuple[str, ...], fmt: str) -> None:
    out = run_ja(*(str(club) if a == "FILE" else a for a in kind), "--format", fmt)
    shown = visible_text(out) if fmt == "html" else out
    assert english_words(shown, event_words(club)) == []


# --- A Japanese PDF ----------------------------------------------------------------------------


@needs_chromium
def test_japanese_score_sheets_pdf(sanma: Path, tmp_path: Path) -> None:
    target = tmp_path / "sheets.pdf"
    result = runner.invoke(
        app, ["--lang", "ja", "print", "sheets", "round", "1", str(sanma), "-f", "pdf",
              "-o", str(target)],
    )
    assert result.exit_code == 0, result.output
    assert result.stderr == f"{target} に書き出しました\n"
    pages, width, height = pdf_info(target)
    assert (pages, round(width), round(height)) == (3, 595, 842)
    words = assert_inside_the_page(target)
    for page in (1, 2, 3):
        text = "".join(w[1] for w in words if w[0] == page)
        assert f"第1回戦·{page}卓" in text
        for said in ("局", "残り供託", "素点", "順位", "検算", "署名", "105,000"):
            assert said in text
    first = "".join(w[1] for w in words if w[0] == 1)
    assert "第1回戦スコアシート·2026年4月2日" in first
    assert "東:TomásÓBriain" in first and "南:山本健太" in first
    # Chromium embeds Noto Sans CJK (an OpenType collection) as unnamed Type 3 fonts, so the
    # font is not named here; the page's text is readable (above) and its image was looked at.


# --- Help in Japanese ----------------------------------------------------------------------------

# What stays Latin in help: the command line itself (commands, options, their values, metavars)
# and click's bracketed notes ("[default: text]", "[required]"), which are the command line's.
COMMAND_LINE = {
    "mjevent", "print", "round", "sheets", "cards", "schedule", "standings", "penalties", "player",
    "timer", "display", "announce", "OPTIONS", "COMMAND", "ARGS", "number", "file", "int", "str",
    "float", "range", "text", "who", "format", "output", "paper", "letter", "csv", "tsv", "html",
    "pdf", "table", "hands", "report", "catalogue", "after", "teams", "show", "hidden", "hide",
    "seconds", "help", "FILE", "default", "required", "TOML", "stats", "awards", "EMA",
    # Score sheets' --urls/--no-urls and --base-url (issue 21), the commands `mjevent tables` and
    # `serve` their help names, its default http://...; "URL" is written so in Japanese too.
    "urls", "url", "base", "tables", "serve", "http", "URL",
}


@pytest.mark.parametrize(
    "command",
    [["print"], ["print", "round"], ["print", "sheets", "round"], ["print", "cards"],
     ["print", "schedule"], ["print", "standings"], ["print", "penalties"], ["print", "player"],
     ["timer"], ["display"], ["announce"]],
    ids=" ".join,
)
def test_help_in_japanese(command: list[str]) -> None:
    result = runner.invoke(app, ["--lang", "ja", *command, "--help"])
    assert result.exit_code == 0, result.output
    assert english_words(result.stdout, COMMAND_LINE) == []

"""`mjevent print round|sheets|cards|schedule`: exact text, Markdown, CSV and TSV; HTML printed
by headless Chromium, checked for page count, page size, text present and nothing cut off."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mjevent.events.store import EventStore
from mjevent.tui.cli.main import app

SAMPLES = Path(__file__).resolve().parents[1] / "samples"
SANMA = str(SAMPLES / "sanma.toml")
CLUB = str(SAMPLES / "club.toml")

runner = CliRunner()


def run(*args: str) -> str:
    result = runner.invoke(app, ["print", *args])
    assert result.exit_code == 0, result.output
    return result.stdout


# --- Exact content ----------------------------------------------------------------------------


def test_round_by_table_as_text_aligns_wide_names() -> None:
    assert run("round", "2", SANMA) == (
        "Sanma Night at Café Kaze\n"
        "Round 2 seating by table\n"
        "\n"
        "Round 2\n"
        "Table  East              South            West\n"
        "-----  ----------------  ---------------  ---------\n"
        "    1  Ana Ruiz          Tomás Ó Briain   佐藤 花子\n"
        "    2  Björn Sigurðsson  Léa Dubois       山本 健太\n"
        "    3  陳 美玲           Hanna Kowalczyk  박지훈\n"
    )


def test_round_by_player_as_tsv_is_alphabetical() -> None:
    assert run("round", "2", SANMA, "--by", "player", "--format", "tsv") == (
        "Player\tTable\tSeat\n"
        "Ana Ruiz\t1\tEast\n"
        "Björn Sigurðsson\t2\tEast\n"
        "Hanna Kowalczyk\t3\tSouth\n"
        "Léa Dubois\t2\tSouth\n"
        "Tomás Ó Briain\t1\tSouth\n"
        "佐藤 花子\t1\tWest\n"
        "山本 健太\t2\tWest\n"
        "陳 美玲\t3\tEast\n"
        "박지훈\t3\tWest\n"
    )


def test_round_by_table_as_csv_and_markdown() -> None:
    assert run("round", "1", CLUB, "-f", "csv") == (
        "Table,East,South,West,North\n"
        "1,João Gonçalves,Emma Johansson,Lars Øvergaard,Aoife Ní Bhriain\n"
        "2,Sanna Järvinen,Sophie Müller,佐々木 蓮,Javier Sánchez\n"
        "3,김서연,王 芳,Ömer Yıldız,Nguyễn Thị Mai\n"  # noqa: RUF001
        "4,Chloé Lefèvre,Mateusz Wiśniewski,田中 優希,Pieter de Vries\n"
    )
    assert run("round", "2", SANMA, "-f", "md") == (
        "# Sanma Night at Café Kaze\n"
        "\n"
        "Round 2 seating by table\n"
        "\n"
        "## Round 2\n"
        "\n"
        "| Table | East | South | West |\n"
        "| ---: | :--- | :--- | :--- |\n"
        "| 1 | Ana Ruiz | Tomás Ó Briain | 佐藤 花子 |\n"
        "| 2 | Björn Sigurðsson | Léa Dubois | 山本 健太 |\n"
        "| 3 | 陳 美玲 | Hanna Kowalczyk | 박지훈 |\n"
    )


def test_score_sheet_has_names_by_wind_blank_rows_final_box_and_sum_check() -> None:
    out = run("sheets", "round", "2", SANMA, "--hands", "2")
    first = out.split("\n\n")[1]
    assert first == (
        "Round 2 · Table 1\n"
        "Hand         East: Ana Ruiz  South: Tomás Ó Briain  West: 佐藤 花子\n"
        "-----------  --------------  ---------------------  ---------------\n"
        "1\n"
        "2\n"
        "Sticks left\n"
        "Final score\n"
        "Place\n"
        "Start 35,000 · return 35,000 · riichi stick 1,000 · rules sanma-club\n"
        "Sum check: the final scores plus 1,000 for each riichi stick still on the table must "
        "total 105,000 (3 x 35,000).\n"
        "Signatures: East ____________   South ____________   West ____________"
    )
    assert out.count("Round 2 · Table ") == 3


def test_player_cards_before_the_event_list_every_round() -> None:
    out = run("cards", SANMA)
    assert out.startswith(
        "Sanma Night at Café Kaze\n"
        "Player cards\n"
        "\n"
        "Ana Ruiz (p07)\n"
        "Round  Table  Seat\n"
        "-----  -----  -----\n"
        "    1      2  West\n"
        "    2      1  East\n"
        "    3      3  South\n"
        "    4      3  South\n"
        # Mid-event, the numbers of the hands she has played so far (issue 24).
        "Hands 23 · Wins 7/23 (30.4%) · Tsumo 3 · Deal-ins 4/23 (17.4%) · Riichi 6/23 (26.1%) "
        "· Average win 5,114\n"
    )
    assert out.count(" (p0") == 9


def test_report_card_lists_games_running_total_and_a_chart() -> None:
    out = run("cards", CLUB, "--report")
    card = out.split("\n\n")[1]
    assert card == (
        "Aoife Ní Bhriain (p09)\n"
        "Round  Table  Seat  Place   Final  Points  Running\n"
        "-----  -----  ----  -----  ------  ------  -------\n"
        "    1      1  N         1  58,300   +43.3    +43.3\n"
        "    2      4  W         3  26,800    -8.2    +35.1\n"
        "    3      2  S         1  53,500   +38.5    +73.6\n"
        "Running total: ▂▁█\n"
        "Total +73.6 · place 2\n"
        # Her numbers from the hand log (issue 24; `print stats --player p09` has them all).
        "Hands 39 · Wins 12/39 (30.8%) · Tsumo 2 · Deal-ins 2/39 (5.1%) · Riichi 12/39 (30.8%) "
        "· Average win 4,400"
    )


def test_schedule_as_csv_is_one_table_keyed_by_round() -> None:
    lines = run("schedule", SANMA, "-f", "csv").splitlines()
    assert lines[:3] == [
        "Round,Table,East,South,West",
        "1,1,Tomás Ó Briain,山本 健太,陳 美玲",
        "1,2,Léa Dubois,박지훈,Ana Ruiz",
    ]
    assert len(lines) == 1 + 4 * 3


def test_schedule_in_the_catalogues_tab_separated_form() -> None:
    # One line per player in the event's order, each round's table and a tab; no numbering.
    assert run("schedule", SANMA, "--catalogue") == (
        "1\t2\t3\t2\t\n"
        "1\t3\t2\t3\t\n"
        "2\t3\t1\t2\t\n"
        "3\t3\t3\t1\t\n"
        "2\t2\t2\t1\t\n"
        "3\t2\t1\t3\t\n"
        "2\t1\t3\t3\t\n"
        "1\t1\t1\t1\t\n"
        "3\t1\t2\t2\t\n"
    )


def test_output_file_gets_the_text_and_stdout_stays_empty(tmp_path: Path) -> None:
    target = tmp_path / "r2.tsv"
    result = runner.invoke(app, ["print", "round", "2", SANMA, "-f", "tsv", "-o", str(target)])
    assert result.exit_code == 0
    assert result.stdout == ""
    assert target.read_text(encoding="utf-8").startswith("Table\tEast\tSouth\tWest\n1\tAna")


def test_a_round_not_seated_exits_1_naming_the_file_and_the_fix() -> None:
    result = runner.invoke(app, ["print", "round", "9", SANMA])
    assert result.exit_code == 1
    assert result.stderr == (
        f"error: {SANMA}: round 9 is not seated (seated rounds: 1, 2, 3, 4); seat it first "
        "(mjevent seating), or pick another\n"
    )


def test_pdf_without_an_output_file_is_refused() -> None:
    result = runner.invoke(app, ["print", "round", "1", SANMA, "-f", "pdf"])
    assert result.exit_code == 2
    assert result.stderr == "error: a PDF needs a file to go to: add --output FILE.pdf\n"


def test_a_missing_event_file_exits_2(tmp_path: Path) -> None:
    result = runner.invoke(app, ["print", "schedule", str(tmp_path / "nope.toml")])
    assert result.exit_code == 2
    assert "nope.toml" in result.stderr


def test_html_is_self_contained_with_print_css() -> None:
    page = run("sheets", "round", "1", SANMA, "-f", "html", "--paper", "letter")
    assert page.startswith("<!DOCTYPE html>")
    assert "@page { size: letter; margin: 12mm; }" in page
    assert "section.sheet { break-after: page; }" in page
    assert "<link" not in page and "<script" not in page and "src=" not in page
    assert "<th>East: Tomás Ó Briain</th>" in page


# --- Printed by Chromium ------------------------------------------------------------------------

needs_chromium = pytest.mark.skipif(
    shutil.which("chromium") is None or shutil.which("pdftotext") is None,
    reason="headless Chromium and poppler-utils are needed to print and read PDFs "
    "(Debian: apt-get install chromium poppler-utils fonts-noto-cjk; .ci/run installs them)",
)


def pdf_info(path: Path) -> tuple[int, float, float]:
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True)
    pages = int(re.search(r"Pages:\s+(\d+)", info.stdout).group(1))  # type: ignore[union-attr]
    size = re.search(r"Page size:\s+([\d.]+) x ([\d.]+)", info.stdout)
    assert size is not None
    return pages, float(size.group(1)), float(size.group(2))


def pdf_words(path: Path) -> list[tuple[int, str, float, float, float, float]]:
    """Every word of the PDF with its page and box (points from the top-left corner)."""
    out = subprocess.run(
        ["pdftotext", "-bbox", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    words: list[tuple[int, str, float, float, float, float]] = []
    for number, page in enumerate(out.split("<page ")[1:], start=1):
        for m in re.finditer(
            r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>',
            page,
        ):
            x0, y0, x1, y1 = (float(m.group(i)) for i in range(1, 5))
            words.append((number, m.group(5), x0, y0, x1, y1))
    return words


def print_pdf(tmp_path: Path, *args: str) -> Path:
    target = tmp_path / "out.pdf"
    result = runner.invoke(app, ["print", *args, "-f", "pdf", "-o", str(target)])
    assert result.exit_code == 0, result.output
    return target


def assert_inside_the_page(path: Path) -> list[tuple[int, str, float, float, float, float]]:
    _, width, height = pdf_info(path)
    words = pdf_words(path)
    # 12 mm margins: nothing may come closer than 10 mm to any edge (nothing cut off).
    edge = 10 / 25.4 * 72
    outside = [w for w in words if w[2] < edge or w[4] > width - edge or w[5] > height - edge]
    assert outside == []
    return words


@needs_chromium
def test_round_pdf_is_one_a4_page_with_every_name(tmp_path: Path) -> None:
    path = print_pdf(tmp_path, "round", "1", CLUB)
    pages, width, height = pdf_info(path)
    # Landscape: four names to a row get the width (tests/test_wall_sheets.py).
    assert (pages, round(width), round(height)) == (1, 842, 595)
    text = " ".join(w[1] for w in assert_inside_the_page(path))
    for name in ("田中", "優希", "김서연", "Nguyễn", "Wiśniewski", "Yıldız", "Johansson"):  # noqa: RUF001
        assert name in text


@needs_chromium
def test_score_sheets_pdf_has_one_letter_page_per_table(tmp_path: Path) -> None:
    path = print_pdf(tmp_path, "sheets", "round", "1", SANMA, "--paper", "letter")
    pages, width, height = pdf_info(path)
    assert (pages, round(width), round(height)) == (3, 612, 792)
    words = assert_inside_the_page(path)
    # Each page is one table's sheet with its final-score box and its sum check.
    for page, table in ((1, "1"), (2, "2"), (3, "3")):
        on_page = [w[1] for w in words if w[0] == page]
        assert on_page[on_page.index("Table") + 1] == table
        assert "105,000" in on_page and "Final" in on_page and "Signatures:" in on_page
    assert [w[1] for w in words if w[0] == 1].count("16") == 1


@needs_chromium
def test_cards_and_schedule_pdfs_keep_every_player(tmp_path: Path) -> None:
    cards = print_pdf(tmp_path, "cards", CLUB, "--report")
    text = " ".join(w[1] for w in assert_inside_the_page(cards))
    assert text.count("(p") == 16
    assert pdf_info(cards)[0] >= 3
    schedule = print_pdf(tmp_path, "schedule", CLUB)
    words = assert_inside_the_page(schedule)
    assert sum(1 for w in words if w[1] == "Round") == 5


@needs_chromium
def test_names_in_any_script_reach_the_pdf(tmp_path: Path) -> None:
    names = [
        "Αλέξανδρος Παπαδόπουλος", "Иван Петров", "محمد علي", "דוד כהן",
        "สมชาย ใจดี", "राहुल शर्मा", "田中 優希", "김서연",
    ]
    event = tmp_path / "scripts.toml"
    EventStore.create(event, {
        "event": {"name": "Scripts", "format_version": 1},
        "rules": {"preset": "ema2016"},
        "players": [{"id": f"p{i}", "name": n} for i, n in enumerate(names, 1)],
        "seating": {"rounds": [{"round": 1, "tables": [["p1", "p2", "p3", "p4"],
                                                       ["p5", "p6", "p7", "p8"]]}]},
    })
    path = print_pdf(tmp_path, "round", "1", str(event), "--by", "player")
    assert_inside_the_page(path)
    text = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True,
                          check=True).stdout
    # pdftotext marks right-to-left runs with embedding controls; the names are what counts.
    # Large type may wrap a name at its space onto two lines of its cell (pdftotext then reads
    # the table and seat between them): every word of every name is there.
    plain = re.sub("[\u200e\u200f\u202a-\u202e]", "", text).split()
    assert [w for n in names for w in n.split() if w not in plain] == []
    fonts = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True,
                           check=True).stdout
    assert "NotoSansThai" in fonts and "NotoSansDevanagari" in fonts


def test_a_player_sitting_out_is_listed_as_a_bye(tmp_path: Path) -> None:
    event = tmp_path / "five.toml"
    EventStore.create(event, {
        "event": {"name": "Five", "format_version": 1},
        "rules": {"preset": "ema2016"},
        "players": [{"id": f"p{i}", "name": f"Player {i}"} for i in range(1, 6)],
        "seating": {"rounds": [{"round": 1, "tables": [["p1", "p2", "p3", "p4"]]},
                               {"round": 2, "tables": [["p5", "p1", "p2", "p3"]]}]},
    })
    assert run("round", "1", str(event)).endswith(
        "    1  Player 1  Player 2  Player 3  Player 4\n"
        "Sitting out: Player 5\n"
    )
    assert run("round", "2", str(event), "--by", "player", "-f", "csv") == (
        "Player,Table,Seat\n"
        "Player 1,1,South\n"
        "Player 2,1,West\n"
        "Player 3,1,North\n"
        "Player 4,bye,\n"
        "Player 5,1,East\n"
    )
    assert run("schedule", str(event), "--catalogue") == (
        "1\t1\t\n1\t1\t\n1\t1\t\n1\t--\t\n--\t1\t\n"
    )


@needs_chromium
def test_a_very_long_name_wraps_inside_its_cell(tmp_path: Path) -> None:
    long_name = "Wolfeschlegelsteinhausenbergerdorffvoralternwarengewissenhaftschaferswessen"
    event = tmp_path / "long.toml"
    EventStore.create(event, {
        "event": {"name": "Long", "format_version": 1},
        "rules": {"preset": "ema2016"},
        "players": [{"id": f"p{i}", "name": long_name if i == 4 else f"P{i}"}
                    for i in range(1, 5)],
        "seating": {"rounds": [{"round": 1, "tables": [["p1", "p2", "p3", "p4"]]}]},
    })
    path = print_pdf(tmp_path, "round", "1", str(event), "--paper", "letter")
    words = assert_inside_the_page(path)
    # The name is broken into pieces on several lines of its cell, every letter kept; the
    # column headings stay whole.
    known = {"Long", "Round", "1", "seating", "by", "table", "Table", "East", "South", "West",
             "North", "P1", "P2", "P3"}
    texts = [w[1] for w in words]
    assert known <= set(texts)
    pieces = [t for t in texts if t not in known]
    assert len(pieces) > 1
    assert "".join(pieces) == long_name


def test_text_and_markdown_spell_out_control_characters_in_names() -> None:
    from mjevent.tui.views.paper import Block, Paper
    from mjevent.tui.views.paper_render import render_paper
    from mjevent.tui.views.table import TableFormat

    # GIVEN a name that would retitle and clear a terminal (an old file may still hold one)
    paper = Paper("Cup", "Round 1", (Block("Table 1", ("E",), (("Evil\x1b]0;x\x07\x1b[2J",),)),))
    for fmt, shown in (
        (TableFormat.TEXT, "Evil\\x1b]0;x\\x07\\x1b[2J"),
        # Markdown escapes its own syntax too: rendered, it reads as the text line does.
        (TableFormat.MD, "Evil\\\\x1b\\]0;x\\\\x07\\\\x1b\\[2J"),
    ):
        # WHEN it is printed for a terminal THEN the escape sequence is spelled out
        out = render_paper(paper, fmt)
        assert "\x1b" not in out and "\x07" not in out
        assert shown in out

"""Wall sheets (`print round`, `print round --by player`, `print schedule` as PDF): read from two
metres, so the largest type that fits, a round per page, no table split across pages, and the
table's right-hand border drawn. Printed by headless Chromium, then read back with poppler:
page count and size, the words on each page with their boxes, the type size from the words'
heights, and the rules' pixels from `pdftoppm`."""

# Names as players write them (a Turkish dotless i in Yıldız): they are meant.
# ruff: noqa: RUF001, RUF003

from __future__ import annotations

import re
import subprocess
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mjevent.events.commands import current_state
from mjevent.events.store import EventStore
from mjevent.tui.cli.main import app
from mjevent.tui.views.paper import round_by_player, round_by_table, schedule
from mjevent.tui.views.paper_render import PaperSize, WallLayout, _ems, wall_layout

from .test_cli_paper import CLUB, assert_inside_the_page, needs_chromium, pdf_info, print_pdf

runner = CliRunner()
Word = tuple[int, str, float, float, float, float]

# DejaVu Sans's ascent plus descent: the height pdftotext gives a word, per point of type.
DEJAVU_HEIGHT = 0.928 + 0.236

FIRST = (
    "Anna",
    "Ben",
    "Chloé",
    "Dmitri",
    "Emma",
    "Farid",
    "Greta",
    "Hiro",
    "Ines",
    "Jonas",
    "Katarzyna",
    "Lars",
    "Mateusz",
    "Olga",
    "Pieter",
    "Quentin",
    "Rosa",
    "Sanna",
    "Tomás",
    "Ulrike",
    "Viktor",
    "Wiebke",
    "Xavier",
    "Yusuf",
    "Zofia",
    "Ingrid",
)
LAST = (
    "Müller",
    "Wiśniewski",
    "Johansson",
    "Øvergaard",
    "Gonçalves",
    "de Vries",
    "Järvinen",
    "Sánchez",
    "Lefèvre",
    "Yıldız",
    "Kowalczyk",
    "Brandenburger",
    "Ó Briain",
    "van der Berg",
    "Papadopoulos",
)


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A 112-player event (28 tables) over 4 rounds, made with the CLI as a director would."""
    folder = tmp_path_factory.mktemp("big")
    names = folder / "names.txt"
    # 26 first names by 15 family names: 112 different names (26 x 15 > 112, coprime counts).
    names.write_text("".join(f"{FIRST[i % 26]} {LAST[i % 15]}\n" for i in range(112)))
    event = folder / "big.toml"
    for args in (
        [
            "new",
            str(event),
            "--name",
            "Grand Open 2026",
            "--rules",
            "ema2016",
            "--players-from",
            str(names),
            "--rounds",
            "4",
        ],
        ["seat", str(event), "--rounds", "4"],
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
    return event


def words_of(path: Path) -> list[Word]:
    out = subprocess.run(
        ["pdftotext", "-bbox", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    found: list[Word] = []
    for number, page in enumerate(out.split("<page ")[1:], start=1):
        for m in re.finditer(
            r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>',
            page,
        ):
            x0, y0, x1, y1 = (float(m.group(i)) for i in range(1, 5))
            found.append((number, m.group(5), x0, y0, x1, y1))
    return found


def tables_by_page(
    path: Path, seating: list[list[str]] | dict[int, list[list[str]]]
) -> dict[int, list[int]]:
    """The table numbers on each page, after checking that each table's row (from its number
    down to the next number, or the page's foot) holds exactly the words of its names: a table
    split across pages leaves words out of its row."""
    words = words_of(path)
    heads = [w for w in words if w[1] == "Table"]
    assert heads, "no Table column"
    pages: dict[int, list[int]] = {}
    for page in sorted({w[0] for w in words}):
        on = [w for w in words if w[0] == page]
        head = next(w for w in heads if w[0] == page)  # the head repeats on every page
        numbers = sorted(
            (w for w in on if w[1].isdigit() and w[4] <= head[4] + 1 and w[3] > head[5]),
            key=lambda w: w[3],
        )
        pages[page] = [int(w[1]) for w in numbers]
        for i, number in enumerate(numbers):
            bottom = numbers[i + 1][3] if i + 1 < len(numbers) else 10_000.0
            # By the words' middles: a CJK font's boxes stand higher than DejaVu's.
            row = [w[1] for w in on if number[3] <= (w[3] + w[5]) / 2 < bottom and w[2] > head[4]]
            tables = seating[page] if isinstance(seating, dict) else seating
            expected = [part for name in tables[int(number[1]) - 1] for part in name.split()]
            assert Counter(row) == Counter(expected), (page, number[1])
    return pages


def type_size(words: list[Word], names: list[str]) -> set[int]:
    """The type sizes (points) of the names' Latin words, from the heights pdftotext gives."""
    latin = {part for name in names for part in name.split() if part.isascii()}
    return {round((w[5] - w[3]) / DEJAVU_HEIGHT) for w in words if w[1] in latin}


def dark_columns(path: Path, page: int, top: float, bottom: float) -> list[float]:
    """The x (points) of every vertical rule running from `top` to `bottom` on `page`."""
    subprocess.run(
        [
            "pdftoppm",
            "-r",
            "100",
            "-gray",
            "-f",
            str(page),
            "-l",
            str(page),
            str(path),
            str(path.with_suffix("")),
        ],
        check=True,
    )
    image = next(path.parent.glob(f"{path.stem}-*{page}.pgm"))
    magic, size, _depth, pixels = image.read_bytes().split(b"\n", 3)
    assert magic == b"P5"
    width = int(size.split()[0])
    scale = 100 / 72
    rows = range(round(top * scale), round(bottom * scale))
    image.unlink()
    return [
        round(x / scale, 1)
        for x in range(width)
        if sum(pixels[y * width + x] < 160 for y in rows) >= 0.9 * len(rows)
    ]


def seating_names(event: Path, round: int) -> list[list[str]]:
    state = current_state(EventStore.open(event, read_only=True))
    return [[state.name(p) for p in table] for table in state.seating[round]]


# --- The layout, without printing ----------------------------------------------------------


def test_text_is_measured_with_dejavus_widths() -> None:
    # T .611 a .613 b .635 l .278 e .615 = 2.752 ems, 5 % over; bold 12 % wider; CJK one em a
    # character; an accented letter as its base letter (ś as s).
    assert (_ems("Table"), _ems("Table", bold=True), _ems("田中")) == (2.89, 3.24, 2.1)
    assert _ems("Wiśniewski") == _ems("Wisniewski") == 5.79


def test_wall_layout_gives_the_largest_type_that_fits() -> None:
    club = current_state(EventStore.open(Path(CLUB), read_only=True))
    # 4 tables: landscape, 26 pt (A4) and 25 pt (Letter), bounded by "Wiśniewski" in a name's
    # column; 16 names by player: portrait, 26 and 24 pt, bounded by the page's height.
    assert wall_layout(round_by_table(club, 1), PaperSize.A4) == WallLayout(26, True, "97.6pt")
    assert wall_layout(round_by_table(club, 1), PaperSize.LETTER) == WallLayout(25, True, "94.3pt")
    assert wall_layout(round_by_player(club, 1), PaperSize.A4) == WallLayout(26, False, "")
    assert wall_layout(round_by_player(club, 1), PaperSize.LETTER) == WallLayout(24, False, "")
    assert wall_layout(schedule(club), PaperSize.A4) == WallLayout(26, True, "97.6pt")


def test_a_long_list_keeps_the_smallest_wall_type(big: Path) -> None:
    state = current_state(EventStore.open(big, read_only=True))
    assert wall_layout(round_by_table(state, 1), PaperSize.A4).points == 20
    assert wall_layout(schedule(state), PaperSize.A4).points == 20
    # Below 20 pt only to keep a word whole: "Brandenburger" in Letter's narrower columns.
    assert wall_layout(schedule(state), PaperSize.LETTER).points == 18
    assert wall_layout(round_by_player(state, 1), PaperSize.A4).points == 20
    assert wall_layout(round_by_player(state, 1), PaperSize.LETTER).points == 23


def test_the_html_asks_for_the_size_orientation_and_a_page_per_round() -> None:
    result = runner.invoke(app, ["print", "schedule", CLUB, "-f", "html", "--paper", "letter"])
    page = result.stdout
    assert "@page { size: letter landscape; margin: 12mm; }" in page
    assert "section.list table { font-size: 25pt; }" in page
    assert "section.list + section.list { break-before: page; }" in page
    assert "tr { break-inside: avoid; }" in page
    assert page.count('<col style="width: 94.3pt">') == 5


# --- Printed ---------------------------------------------------------------------------------


@needs_chromium
@pytest.mark.parametrize(
    ("paper", "size", "points"), [("a4", (842, 595), 26), ("letter", (792, 612), 25)]
)
def test_a_small_round_fills_one_landscape_page_in_large_type(
    tmp_path: Path, paper: str, size: tuple[int, int], points: int
) -> None:
    path = print_pdf(tmp_path, "round", "1", CLUB, "--paper", paper)
    pages, width, height = pdf_info(path)
    assert (pages, round(width), round(height)) == (1, *size)
    words = assert_inside_the_page(path)
    seating = seating_names(Path(CLUB), 1)
    assert tables_by_page(path, seating) == {1: [1, 2, 3, 4]}
    assert type_size(words, [n for t in seating for n in t]) == {points}
    # The table's outer rules are drawn at both sides: the North column is closed.
    north = next(w for w in words if w[1] == "North")
    last = max(w[5] for w in words)
    rules = dark_columns(path, 1, north[3], last)
    assert rules[0] < 36 and width - 37 < rules[-1] < width - 34
    assert north[4] < rules[-1]
    assert len(rules) == 6  # left, four between the columns, right


@needs_chromium
def test_the_schedule_puts_each_round_on_its_own_page(tmp_path: Path) -> None:
    path = print_pdf(tmp_path, "schedule", CLUB)
    assert pdf_info(path)[0] == 5  # the club's 5 rounds
    words = words_of(path)
    for r in range(1, 6):
        on = [w[1] for w in words if w[0] == r]
        assert [on[i + 1] for i, w in enumerate(on[:-1]) if w == "Round"] == [str(r)]
    seatings = {r: seating_names(Path(CLUB), r) for r in range(1, 6)}
    assert tables_by_page(path, seatings) == {r: [1, 2, 3, 4] for r in range(1, 6)}


@needs_chromium
@pytest.mark.parametrize(
    ("paper", "points", "breaks"),
    [
        # A4: 7 tables under the page's heading, then 9 a page.
        ("a4", 20, {1: (1, 7), 2: (8, 16), 3: (17, 25), 4: (26, 28)}),
        # Letter is narrower: "Brandenburger" keeps whole at 18 pt, and 9 or 10 tables a page.
        ("letter", 18, {1: (1, 9), 2: (10, 19), 3: (20, 28)}),
    ],
)
def test_a_big_round_runs_over_pages_and_never_splits_a_table(
    tmp_path: Path, big: Path, paper: str, points: int, breaks: dict[int, tuple[int, int]]
) -> None:
    path = print_pdf(tmp_path, "round", "1", str(big), "--paper", paper)
    words = assert_inside_the_page(path)
    seating = seating_names(big, 1)
    assert tables_by_page(path, seating) == {
        page: list(range(low, high + 1)) for page, (low, high) in breaks.items()
    }
    assert type_size(words, [n for t in seating for n in t]) == {points}
    assert "Brandenburge" not in {w[1] for w in words}  # no word broken


@needs_chromium
def test_a_big_schedule_starts_every_round_on_a_new_page(tmp_path: Path, big: Path) -> None:
    path = print_pdf(tmp_path, "schedule", str(big), "--paper", "letter")
    pages = pdf_info(path)[0]
    assert pages == 12
    words = words_of(path)
    # The round's title opens its first page (and only that one) at the top of the page.
    round_of: dict[int, int] = {}
    for page in range(1, pages + 1):
        on = [w for w in words if w[0] == page]
        titles = [int(on[i + 1][1]) for i, w in enumerate(on[:-1]) if w[1] == "Round"]
        round_of[page] = titles[0] if titles else round_of[page - 1]
        if titles:
            head = next(w for w in on if w[1] == "Table")
            assert all(w[3] < head[3] for w in on if w[1] == "Round")
    assert round_of == {p: (p - 1) // 3 + 1 for p in range(1, 13)}
    found = tables_by_page(path, {p: seating_names(big, r) for p, r in round_of.items()})
    for r in range(1, 5):
        tables = [t for p in range(3 * r - 2, 3 * r + 1) for t in found[p]]
        assert tables == list(range(1, 29)), r


@needs_chromium
@pytest.mark.parametrize(("paper", "pages", "points"), [("a4", 5, 20), ("letter", 6, 23)])
def test_a_big_list_by_player_keeps_each_name_with_its_table(
    tmp_path: Path, big: Path, paper: str, pages: int, points: int
) -> None:
    path = print_pdf(tmp_path, "round", "1", str(big), "--by", "player", "--paper", paper)
    assert pdf_info(path)[0] == pages
    words = assert_inside_the_page(path)
    seating = seating_names(big, 1)
    names = sorted((n for t in seating for n in t), key=str.casefold)
    assert type_size(words, names) == {points}
    # Each name's words and its table number on one line of one page, every name once.
    table_of = {n: t for t, names_at in enumerate(seating, start=1) for n in names_at}
    found = []
    for name in names:
        first = name.split()[0]
        rest = name.split()[1:]
        hits = [
            w
            for w in words
            if w[1] == first
            and all(
                any(v[0] == w[0] and abs(v[3] - w[3]) < 2 and v[1] == part for v in words)
                for part in rest
            )
        ]
        assert len(hits) == 1, name
        page, _, _, top, _, _ = hits[0]
        row = [v[1] for v in words if v[0] == page and abs(v[3] - top) < 2]
        assert str(table_of[name]) in row, name
        found.append(page)
    assert found == sorted(found)  # alphabetical, page after page

"""A `Paper` (see `mjevent.tui.views.paper`) as text, Markdown, CSV, TSV or a self-contained HTML
page with print CSS (A4 or Letter, large type, a page per score sheet, cards never split).

Text aligns columns by terminal cells, so names in wide scripts (CJK) line up. CSV and TSV write
one table when every block has the same columns (a schedule's rounds: the block's key, the
round number, leads each row), else each block's title, columns and rows in turn.
"""

from __future__ import annotations

import enum
import functools
import html
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from mjevent.core.i18n import _, format_date, language
from mjevent.core.text import safe_lines
from mjevent.tui.views.paper import Block, BlockKind, Paper
from mjevent.tui.views.spreadsheet import delimited
from mjevent.tui.views.table import (
    TableFormat,
    html_table,
    markdown_cell,
    markdown_table,
    text_table,
)

__all__ = ["PaperSize", "WallLayout", "render_paper", "sparkline", "wall_layout"]


class PaperSize(enum.StrEnum):
    """Page sizes the HTML's print CSS is laid out for."""

    A4 = "a4"
    LETTER = "letter"


_BARS = "▁▂▃▄▅▆▇█"


def sparkline(values: Sequence[float]) -> str:
    """A running total as a row of bars, lowest to highest (text cards' chart).

    >>> sparkline([0, 10, 5, 20]), sparkline([3.0]), sparkline([])
    ('▁▅▃█', '▄', '')
    """
    if not values:
        return ""
    low, high = min(values), max(values)
    if high == low:
        return _BARS[3] * len(values)
    return "".join(_BARS[round((v - low) / (high - low) * (len(_BARS) - 1))] for v in values)


def _right(block: Block) -> list[bool]:
    # Numbers read right-aligned; names, seats and notes left.
    return [i in block.numbers for i in range(len(block.headers))]


def _running(block: Block) -> str:
    return _("Running total: {chart}").format(chart=sparkline(block.chart))


def _text(paper: Paper) -> str:
    lines = [paper.title, paper.subtitle]
    for block in paper.blocks:
        lines += ["", block.title, *text_table(block.headers, _right(block), block.rows)]
        if block.chart:
            lines.append(_running(block))
        lines += list(block.notes)
    return "\n".join(lines) + "\n"


def _markdown(paper: Paper) -> str:
    # Every text from the event (names, titles, notes) is escaped: a name cannot be HTML, a
    # link, an image or a table cell of the page a Markdown viewer makes of it.
    esc = markdown_cell
    lines = [f"# {esc(paper.title)}", "", f"{esc(paper.subtitle)}"]
    for block in paper.blocks:
        lines += ["", f"## {esc(block.title)}", ""]
        lines += markdown_table(block.headers, _right(block), block.rows)
        if block.chart:
            lines += ["", _running(block)]
        if block.notes:
            lines += ["", *(f"{esc(n)}  " for n in block.notes)]
    return "\n".join(lines) + "\n"


def _delimited(paper: Paper, delimiter: str) -> str:
    rows: list[Sequence[str]] = []
    same = len({b.headers for b in paper.blocks}) == 1
    if same and paper.blocks:
        first = paper.blocks[0]
        # Blocks with the same columns (a schedule's rounds) make one table, keyed by block.
        keyed = len(paper.blocks) > 1
        key = paper.key_header or _("Section")
        rows.append([key, *first.headers] if keyed else first.headers)
        for block in paper.blocks:
            for row in block.rows:
                rows.append([block.key or block.title, *row] if keyed else row)
    else:
        for i, block in enumerate(paper.blocks):
            if i:
                rows.append([])
            rows.append([block.title])
            rows.append(block.headers)
            rows.extend(block.rows)
    return delimited(rows, delimiter=delimiter)


# --- HTML ----------------------------------------------------------------------------------

# Fonts for names in any script: Latin, Cyrillic, Greek, Vietnamese, Arabic and Hebrew in
# DejaVu, Chinese, Japanese and Korean in Noto CJK (Debian's fonts-noto-cjk), the other scripts
# (Thai, Devanagari ...) in the Noto families of fonts-noto-core, which Chromium falls back to.
_FONTS = (
    '"DejaVu Sans", "Liberation Sans", "Noto Sans CJK JP", "Noto Sans CJK KR", '
    '"Noto Sans CJK SC", "Noto Sans", sans-serif'
)

# A Japanese page sets its headings in Noto Sans CJK JP first: its kana, kanji and punctuation
# (and its Latin, which matches them) rather than DejaVu's Latin beside CJK fallback glyphs.
_FONTS_JA = (
    '"Noto Sans CJK JP", "DejaVu Sans", "Liberation Sans", "Noto Sans CJK KR", '
    '"Noto Sans CJK SC", "Noto Sans", sans-serif'
)

_CSS = """
@page { size: %(page)s; margin: 12mm; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
/* Chromium's PDF page is a little narrower than the page the layout is made for (A4 594.96 pt
   against 595.28): without this padding a full-width table's right border is cut off. */
body { font-family: %(fonts)s; font-size: 14pt; color: #000; margin: 0; padding: 0 0.5mm; }
header.paper { margin-bottom: 4mm; }
header.paper h1 { font-size: 20pt; margin: 0; }
header.paper p { font-size: 13pt; margin: 1mm 0 0; }
h2 { font-size: 16pt; margin: 5mm 0 2mm; break-after: avoid; }
table { border-collapse: collapse; width: 100%%; table-layout: fixed; }
th, td { border: 0.3mm solid #444; padding: 1.2mm 2mm; text-align: start; vertical-align: top;
         overflow-wrap: anywhere; word-break: normal; }
th { background: #e8e8e8; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
thead { display: table-header-group; }
tr { break-inside: avoid; }
p.note { font-size: 11pt; margin: 1.5mm 0 0; }
section.list h2 { font-size: %(heading)s; }
section.list table { font-size: %(list)s; }
section.list th, section.list td { padding: 1mm 2mm; line-height: 1.2; }
section.list + section.list { break-before: page; }
section.list p.note { font-size: %(note)s; }
section.sheet { break-after: page; }
section.sheet:last-child { break-after: auto; }
section.sheet h2 { font-size: 22pt; }
section.sheet th { font-size: 13pt; }
section.sheet td { height: 9.5mm; font-size: 12pt; }
figure.qr { float: right; width: 24mm; height: 24mm; margin: 0 0 1mm 3mm; }
section.sheet.linked td { height: 8.3mm; }
figure.qr svg { display: block; width: 100%%; height: 100%%; }
section.sheet tr.total td { border-top: 0.8mm solid #000; font-weight: bold; height: 12mm; }
section.card { break-inside: avoid; border: 0.4mm solid #000; padding: 2.5mm; margin-bottom: 4mm; }
section.card h2 { margin-top: 0; }
section.card table { font-size: 11pt; }
section.card th, section.card td { padding: 0.5mm 2mm; }
svg.chart { display: block; margin-top: 2mm; }
@media screen { body { max-width: 190mm; margin: 8mm auto; } }
"""


def _svg_chart(values: Sequence[float], width: int = 300, height: int = 60) -> str:
    """The running total as a small inline SVG line chart, with a zero line."""
    low, high = min(0.0, *values), max(0.0, *values)
    span = (high - low) or 1.0
    step = width / max(len(values), 1)

    def y(v: float) -> float:
        return round(height - 4 - (v - low) / span * (height - 8), 1)

    points = " ".join(
        f"{round(step * (i + 0.5), 1)},{y(v)}" for i, v in enumerate(values)
    )
    dots = "".join(
        f'<circle cx="{round(step * (i + 0.5), 1)}" cy="{y(v)}" r="2.5"/>'
        for i, v in enumerate(values)
    )
    label = html.escape(_("running total"))
    return (
        f'<svg class="chart" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
        f'role="img" aria-label="{label}">'
        f'<line x1="0" x2="{width}" y1="{y(0)}" y2="{y(0)}" stroke="#999" stroke-width="1"/>'
        f'<polyline points="{points}" fill="none" stroke="#000" stroke-width="2"/>'
        f"<g fill=\"#000\">{dots}</g></svg>"
    )


def _qr(url: str) -> str:
    """`url` as a QR code (inline SVG, sized by the page's CSS), for a phone's camera.

    segno (pinned to 1.x) makes the code: error correction level M, the smallest version that
    holds the URL (a 70-character table URL is version 5, 37 modules), a 2-module quiet zone.
    """
    import segno  # only a score sheet with URLs needs it

    svg = segno.make(url, error="m").svg_inline(scale=1, border=2, omitsize=True)
    return f'<figure class="qr" role="img" aria-label="{html.escape(url)}">{svg}</figure>\n'


def _html_block(block: Block, first: str = "") -> str:
    e = html.escape
    # The first column (table number, hand, round) stays narrow; a player's name gets room.
    key = first or block.first_width
    cols = (
        f'<colgroup><col style="width: {key}">'
        + "<col>" * (len(block.headers) - 1)
        + "</colgroup>"
        if key
        else ""
    )
    first_total = len(block.rows) - block.total_rows

    def row_class(n: int) -> str:
        # A score sheet's last rows are its totals, ruled off in bold.
        return "total" if block.kind is BlockKind.SHEET and n >= first_total else ""

    table = html_table(block.headers, _right(block), block.rows, colgroup=cols, row_class=row_class)
    notes = "".join(f'<p class="note">{e(n)}</p>' for n in block.notes)
    chart = _svg_chart(block.chart) if block.chart else ""
    qr = _qr(block.link) if block.link else ""
    return (
        f'<section class="{block.kind}{" linked" if qr else ""}">\n{qr}<h2>{e(block.title)}</h2>\n'
        f"{table}\n{chart}{notes}\n</section>"
    )


# --- Wall sheets: the largest type that fits ---------------------------------------------------

_PT_PER_MM = 72 / 25.4
_PAGE_MM = {PaperSize.A4: (210.0, 297.0), PaperSize.LETTER: (215.9, 279.4)}
_MARGIN_MM = 12.5  # the @page margin and the body's side padding
WALL_LARGEST = 40
"""The largest type (points) on a wall sheet: a small round's names, read from afar."""
WALL_SMALLEST = 20
"""The smallest: capitals 5 mm high, read from two metres; a round that does not fit one page
at this size goes on over the next pages, a table (a row) never split."""
WALL_LEAST = 16
"""The type a wall sheet falls to only when a word of a name (Brandenburger) would otherwise be
broken across two lines of its cell; below it the word is broken."""
# DejaVu Sans's advance widths (ems) for the Latin letters, digits and space; an accented
# letter is as wide as its base letter, a wide (CJK) character one em, anything else 0.7.
_WIDTHS = {
    char: int(width) / 1000
    for chars, widths in (
        (
            "abcdefghijklmnopqrstuvwxyz",
            "613 635 550 635 615 352 635 634 278 278 579 278 974 634 612 635 635 411 521 392 "
            "634 592 818 592 592 525",
        ),
        (
            "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
            "684 686 698 770 632 575 775 752 295 295 656 557 863 748 787 603 787 695 635 611 "
            "732 684 989 685 611 685",
        ),
        ("0123456789 -.'", "636 636 636 636 636 636 636 636 636 636 318 361 318 275"),
    )
    for char, width in zip(chars, widths.split(), strict=True)
}
_BOLD = 1.12  # DejaVu Sans Bold against Book, about
_LINE = 1.2  # the lists' line height, in ems
_CELL_PAD_MM = (2.0, 4.0)  # a cell's padding (top + bottom, left + right) and its rule


@functools.lru_cache(maxsize=65536)  # a 500-player list is measured at 21 sizes: names repeat
def _ems(text: str, bold: bool = False) -> float:
    """About how wide `text` is in DejaVu Sans, in ems, 5 % over (a wide script's fallback font
    and kerning are not known here).

    >>> _ems("Table"), _ems("Table", bold=True), _ems("田中"), _ems("Wiśniewski")
    (2.89, 3.24, 2.1, 5.79)
    """
    total = 0.0
    for char in text:
        if unicodedata.east_asian_width(char) in "WF":
            total += 1.0
            continue
        total += _WIDTHS.get(unicodedata.normalize("NFD", char)[0], 0.7)
    return round(total * 1.05 * (_BOLD if bold else 1.0), 2)


@dataclass(frozen=True)
class WallLayout:
    """How a wall sheet is laid out: the type size of its lists (points) and the orientation.

    A by-table list (a table number and three or four names a row) is printed landscape, its
    names given room; a by-player list portrait, its rows given height."""

    points: int
    landscape: bool
    first: str = ""
    """The CSS width of a by-table list's first column (the table number), "" for the block's."""


def _lines(text: str, width: float) -> int:
    # Greedy word wrap, as the browser does: how many lines `text` takes in `width` ems.
    if _ems(text) <= width:
        return 1
    lines, used, space = 1, 0.0, _ems(" ")
    for word in text.split():
        w = _ems(word)
        if used and used + space + w > width:
            lines, used = lines + 1, w
        else:
            used = used + (space if used else 0.0) + w
    return lines


def _first_ems(blocks: Sequence[Block]) -> float:
    # The longest word of the blocks' first column (the table number, its head), in ems.
    heads = [_ems(w, bold=True) for b in blocks for w in b.headers[0].split()]
    cells = [_ems(w) for b in blocks for r in b.rows for w in r[0].split()]
    return max([*heads, *cells], default=1.0)


def _first_column(ems: float, points: int) -> float:
    # A by-table list's first column (the table number) as wide as its longest word, in points:
    # the names get the rest of the width.
    return round(ems * points + _CELL_PAD_MM[1] * _PT_PER_MM + 2, 1)


def _longest(block: Block) -> list[float]:
    # Each column's longest word in ems (the head's in bold): no column may be narrower.
    return [
        max(
            [_ems(word, bold=True) for word in head.split()]
            + [_ems(word) for text in column for word in text.split()]
        )
        for head, *column in zip(block.headers, *block.rows, strict=True)
    ]


def _widths(block: Block, content: float, first_pt: float) -> list[float]:
    # The columns' widths in points: the first as the block asks (or `first_pt`), the others
    # sharing the rest.
    n = len(block.headers)
    if first_pt:
        first = first_pt / content
    else:
        first = float(block.first_width.rstrip("%")) / 100 if block.first_width else 1 / n
    rest = (1 - first) / (n - 1) if n > 1 else 0.0
    return [content * (first if i == 0 else rest) for i in range(n)]


@dataclass(frozen=True)
class _Page:
    """The room a wall sheet's lists have: width and height in points, and the orientation."""

    width: float
    height: float
    landscape: bool


def _pages(
    blocks: Sequence[Block],
    longest: Sequence[Sequence[float]],
    first_ems: float,
    points: int,
    page: _Page,
    limit: int | None = None,
) -> int | None:
    """How many pages the blocks take at `points` (each on pages of its own, no row split);
    None when a word does not fit its column. Counting stops past `limit` pages."""
    pad_v, pad_h = (v * _PT_PER_MM for v in _CELL_PAD_MM)
    first = _first_column(first_ems, points) if page.landscape else 0.0
    full = page.height * 0.97
    # The page's heading (20 pt and 13 pt lines and their margins) opens the first page only.
    heading = 20 * 1.2 + 13 * 1.2 + 7 * _PT_PER_MM
    pages = 0
    for block, widest in zip(blocks, longest, strict=True):
        columns = [(w - pad_h) / points for w in _widths(block, page.width, first)]
        if any(ems > fits for ems, fits in zip(widest, columns, strict=True)):
            return None

        def tall(row: Sequence[str], columns: list[float] = columns) -> float:
            lines = max(_lines(c, fits) for c, fits in zip(row, columns, strict=True))
            return lines * _LINE * points + pad_v

        head = tall(block.headers)
        # The round's title (its margins 7 mm) and the table's head open the block's first page;
        # the head repeats on the pages after.
        pages += 1
        used = heading + 7 * _PT_PER_MM + max(24, points * 1.2) * 1.2 + head
        heading = 0.0
        for row in block.rows:
            row_height = tall(row)
            if used + row_height > full:
                pages, used = pages + 1, head
                if limit is not None and pages > limit:
                    return pages
            used += row_height
        notes = sum(
            _lines(n, page.width / (points * 0.8)) * points * 0.8 * 1.3 for n in block.notes
        )
        if used + notes > full:
            pages += 1
    return pages


def wall_layout(paper: Paper, size: PaperSize) -> WallLayout:
    """The type size and orientation for a wall sheet (seating lists, the schedule): the largest
    size from `WALL_LARGEST` down to `WALL_SMALLEST` at which no word is broken and the paper
    takes no more pages than at `WALL_SMALLEST`: a small round fills its page, a long list
    fills its pages, each round starting on a page of its own. Below `WALL_SMALLEST` (to
    `WALL_LEAST`) only to keep a long word whole.

    Four names to a row (a table) go landscape, where a name has room; a list of players goes
    portrait, where more rows fit."""
    blocks = [b for b in paper.blocks if b.kind is BlockKind.LIST]
    landscape = any(len(b.headers) >= 4 for b in blocks)
    short, long = _PAGE_MM[size]
    across, down = (long, short) if landscape else (short, long)
    page = _Page(
        (across - 2 * _MARGIN_MM) * _PT_PER_MM, (down - 2 * 12) * _PT_PER_MM, landscape
    )
    longest = [_longest(b) for b in blocks]
    first_ems = _first_ems(blocks)
    points = WALL_LEAST
    # Larger type never takes fewer pages (its rows are never shorter), and words that fit at
    # a size fit at every smaller one: the smallest size that keeps them whole (20 pt, or less
    # down to WALL_LEAST) gives the fewest pages, and the largest size that takes no more is
    # found by halving.
    for smallest in range(WALL_SMALLEST, WALL_LEAST - 1, -1):
        fewest = _pages(blocks, longest, first_ems, smallest, page)
        if fewest is None:
            continue
        low, high = smallest, max(WALL_LARGEST, smallest)
        while low < high:
            middle = (low + high + 1) // 2
            if _pages(blocks, longest, first_ems, middle, page, fewest) == fewest:
                low = middle
            else:
                high = middle - 1
        points = low
        break
    first = f"{_first_column(first_ems, points)}pt" if landscape else ""
    return WallLayout(points, landscape, first)


def _html(paper: Paper, size: PaperSize) -> str:
    e = html.escape
    speaking = language()
    japanese = speaking == "ja"
    wall = wall_layout(paper, size)
    page = "A4" if size is PaperSize.A4 else "letter"
    css = _CSS % {
        "page": f"{page} landscape" if wall.landscape else page,
        "fonts": _FONTS_JA if japanese else _FONTS,
        "list": f"{wall.points}pt",
        "heading": f"{max(24, round(wall.points * 1.2))}pt",
        "note": f"{max(14, round(wall.points * 0.8))}pt",
    }
    blocks = "\n".join(
        _html_block(b, wall.first if b.kind is BlockKind.LIST else "") for b in paper.blocks
    )
    # The page says the language it speaks (a screen reader, a browser's translate offer and
    # hyphenation go by it); a Japanese page also has Chromium draw kanji in Japanese forms.
    lang = speaking
    # The date shares the subtitle's line: a score sheet's page has no line to spare.
    date = f' · <span class="date">{e(format_date(paper.date))}</span>' if paper.date else ""
    return (
        f'<!DOCTYPE html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{e(paper.title)}: {e(paper.subtitle)}</title>\n<style>{css}</style>\n"
        f'</head>\n<body>\n<header class="paper"><h1>{e(paper.title)}</h1>'
        f"<p>{e(paper.subtitle)}{date}</p></header>\n{blocks}\n</body>\n</html>\n"
    )


def render_paper(paper: Paper, fmt: TableFormat, size: PaperSize = PaperSize.A4) -> str:
    """`paper` in format `fmt` (PDF is made from the HTML, by `mjevent.tui.views.pdf`).

    Text and Markdown go to terminals: a control character in a name (refused at entry, but an
    old file may hold one) is spelled out rather than sent raw."""
    if fmt is TableFormat.MD:
        return safe_lines(_markdown(paper))
    if fmt is TableFormat.CSV:
        return _delimited(paper, ",")
    if fmt is TableFormat.TSV:
        return _delimited(paper, "\t")
    if fmt in (TableFormat.HTML, TableFormat.PDF):
        return _html(paper, size)
    return safe_lines(_text(paper))

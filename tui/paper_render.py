"""A `Paper` (see `mjevent.tui.paper`) as text, Markdown, CSV, TSV or a self-contained HTML page
with print CSS (A4 or Letter, large type, a page per score sheet, cards never split).

Text aligns columns by terminal cells, so names in wide scripts (CJK) line up. CSV and TSV write
one table when every block has the same columns (a schedule's rounds: the block's key, the
round number, leads each row), else each block's title, columns and rows in turn.
"""

from __future__ import annotations

import enum
import html
from collections.abc import Sequence

from mjevent.core.i18n import ENGLISH, _, format_date, language
from mjevent.core.text import display_width, markdown_text, pad, safe_lines
from mjevent.tui.paper import Block, BlockKind, Paper
from mjevent.tui.spreadsheet import delimited

__all__ = ["PaperFormat", "PaperSize", "render_paper", "sparkline"]


class PaperFormat(enum.StrEnum):
    """Output formats of the paper commands."""

    TEXT = "text"
    MD = "md"
    CSV = "csv"
    TSV = "tsv"
    HTML = "html"
    PDF = "pdf"


class PaperSize(enum.StrEnum):
    """Page sizes the HTML's print CSS is laid out for."""

    A4 = "a4"
    LETTER = "letter"


_BARS = "▁▂▃▄▅▆▇█"


def sparkline(values: Sequence[float]) -> str:
    """A running total as a row of bars, lowest to highest (text cards' chart).

    >>> sparkline([0, 10, 5, 20]), sparkline([3.0]), sparkline([])
    ('▁▄▂█', '▄', '')
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


def _text_table(block: Block) -> list[str]:
    # Widths in terminal cells: a CJK heading or name takes two a character.
    headers, rows = block.headers, block.rows
    widths = [
        max([display_width(h), *(display_width(r[i]) for r in rows)])
        for i, h in enumerate(headers)
    ]
    right = _right(block)

    def line(cells: Sequence[str]) -> str:
        return "  ".join(
            pad(c, w, right=r) for c, w, r in zip(cells, widths, right, strict=True)
        ).rstrip()

    return [line(headers), "  ".join("-" * w for w in widths), *(line(r) for r in rows)]


def _running(block: Block) -> str:
    return _("Running total: {chart}").format(chart=sparkline(block.chart))


def _text(paper: Paper) -> str:
    lines = [paper.title, paper.subtitle]
    for block in paper.blocks:
        lines += ["", block.title, *_text_table(block)]
        if block.chart:
            lines.append(_running(block))
        lines += list(block.notes)
    return "\n".join(lines) + "\n"


def _markdown(paper: Paper) -> str:
    # Every text from the event (names, titles, notes) is escaped: a name cannot be HTML, a
    # link, an image or a table cell of the page a Markdown viewer makes of it.
    def esc(text: str) -> str:
        return "\n".join(markdown_text(line) for line in text.split("\n"))

    lines = [f"# {esc(paper.title)}", "", f"{esc(paper.subtitle)}"]
    for block in paper.blocks:
        lines += ["", f"## {esc(block.title)}", ""]
        align = ["---:" if r else ":---" for r in _right(block)]
        lines.append("| " + " | ".join(esc(h) for h in block.headers) + " |")
        lines.append("| " + " | ".join(align) + " |")
        lines += ["| " + " | ".join(esc(c) for c in r) + " |" for r in block.rows]
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
body { font-family: %(fonts)s; font-size: 14pt; color: #000; margin: 0; }
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
section.list table { font-size: 18pt; }
section.sheet { break-after: page; }
section.sheet:last-child { break-after: auto; }
section.sheet h2 { font-size: 22pt; }
section.sheet th { font-size: 13pt; }
section.sheet td { height: 9.5mm; font-size: 12pt; }
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


def _html_block(block: Block) -> str:
    e = html.escape
    cls = [' class="num"' if r else "" for r in _right(block)]
    # The first column (table number, hand, round) stays narrow; a player's name gets room.
    key = block.first_width
    cols = (
        f'<colgroup><col style="width: {key}">'
        + "<col>" * (len(block.headers) - 1)
        + "</colgroup>"
        if key
        else ""
    )
    head = "".join(f"<th{c}>{e(h)}</th>" for h, c in zip(block.headers, cls, strict=True))
    body = []
    first_total = len(block.rows) - block.total_rows
    for n, row in enumerate(block.rows):
        total = block.kind is BlockKind.SHEET and n >= first_total
        tr = '<tr class="total">' if total else "<tr>"
        body.append(
            # dir="auto": a name in Arabic or Hebrew reads right to left, from its cell's right.
            tr
            + "".join(f'<td{c} dir="auto">{e(v)}</td>' for v, c in zip(row, cls, strict=True))
            + "</tr>"
        )
    notes = "".join(f'<p class="note">{e(n)}</p>' for n in block.notes)
    chart = _svg_chart(block.chart) if block.chart else ""
    return (
        f'<section class="{block.kind}">\n<h2>{e(block.title)}</h2>\n'
        f"<table>{cols}<thead><tr>{head}</tr></thead>\n<tbody>\n"
        + "\n".join(body)
        + f"\n</tbody></table>\n{chart}{notes}\n</section>"
    )


def _html(paper: Paper, size: PaperSize) -> str:
    e = html.escape
    speaking = language()
    japanese = speaking == "ja"
    css = _CSS % {
        "page": "A4" if size is PaperSize.A4 else "letter",
        "fonts": _FONTS_JA if japanese else _FONTS,
    }
    blocks = "\n".join(_html_block(b) for b in paper.blocks)
    # "und": an English page's names may be in any script, so no language is claimed for them;
    # a Japanese page says so, and Chromium draws its kanji in their Japanese forms.
    lang = "und" if speaking == ENGLISH else speaking
    # The date shares the subtitle's line: a score sheet's page has no line to spare.
    date = f' · <span class="date">{e(format_date(paper.date))}</span>' if paper.date else ""
    return (
        f'<!DOCTYPE html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{e(paper.title)}: {e(paper.subtitle)}</title>\n<style>{css}</style>\n"
        f'</head>\n<body>\n<header class="paper"><h1>{e(paper.title)}</h1>'
        f"<p>{e(paper.subtitle)}{date}</p></header>\n{blocks}\n</body>\n</html>\n"
    )


def render_paper(paper: Paper, fmt: PaperFormat, size: PaperSize = PaperSize.A4) -> str:
    """`paper` in format `fmt` (PDF is made from the HTML, by `mjevent.tui.pdf`).

    Text and Markdown go to terminals: a control character in a name (refused at entry, but an
    old file may hold one) is spelled out rather than sent raw."""
    if fmt is PaperFormat.MD:
        return safe_lines(_markdown(paper))
    if fmt is PaperFormat.CSV:
        return _delimited(paper, ",")
    if fmt is PaperFormat.TSV:
        return _delimited(paper, "\t")
    if fmt in (PaperFormat.HTML, PaperFormat.PDF):
        return _html(paper, size)
    return safe_lines(_text(paper))

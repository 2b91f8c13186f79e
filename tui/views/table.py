"""One table renderer for every format mjevent prints a table in: aligned text, Markdown, CSV,
TSV and HTML (and PDF, the HTML page printed by `mjevent.tui.views.pdf`).

The printed standings, penalties, a player's breakdown, statistics, awards and the EMA report
are a titled table each (`render_table`); the paper commands' pages (`paper_render`) are made
of the same pieces (`text_table`, `markdown_table`, `html_table`), and every CSV and TSV goes
through `spreadsheet.delimited`. Text aligns columns by terminal cells (`cells`), so names in
wide scripts (CJK) line up; numbers read right-aligned, names, seats and notes left.
"""

from __future__ import annotations

import enum
import html
from collections.abc import Callable, Sequence

from mjevent.core.i18n import language
from mjevent.core.text import markdown_text, safe_text
from mjevent.tui.views.cells import cell_width, pad
from mjevent.tui.views.spreadsheet import delimited

__all__ = [
    "TableFormat",
    "html_table",
    "markdown_cell",
    "markdown_table",
    "render_table",
    "text_table",
]


class TableFormat(enum.StrEnum):
    """The formats a table is written in. A command takes those it can write (`print standings`
    text, md, csv or html; the paper commands all six, PDF made from the HTML)."""

    TEXT = "text"
    MD = "md"
    CSV = "csv"
    TSV = "tsv"
    HTML = "html"
    PDF = "pdf"


Rows = Sequence[Sequence[str]]


def text_table(headers: Sequence[str], right: Sequence[bool], rows: Rows) -> list[str]:
    """The table as aligned lines: the headings, a rule of dashes, the rows; two spaces between
    columns, each as wide (in terminal cells) as its widest cell, no trailing spaces.

    >>> print("\\n".join(text_table(["Name", "Total"], [False, True], [["佐々木", "+4.0"]])))
    Name    Total
    ------  -----
    佐々木   +4.0
    """
    # Widths in terminal cells: a CJK heading or name takes two a character.
    widths = [
        max([cell_width(h), *(cell_width(r[i]) for r in rows)]) for i, h in enumerate(headers)
    ]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(
            pad(c, w, right=r) for c, w, r in zip(cells, widths, right, strict=True)
        ).rstrip()

    return [line(headers), "  ".join("-" * w for w in widths), *(line(r) for r in rows)]


def markdown_cell(text: str) -> str:
    """Text from the event (a name, a title, a note) as Markdown that shows it as written: no
    HTML, link, image or extra table cell can be made of it. Line by line."""
    return "\n".join(markdown_text(line) for line in text.split("\n"))


def markdown_table(headers: Sequence[str], right: Sequence[bool], rows: Rows) -> list[str]:
    """The table as a Markdown pipe table, numbers right-aligned, every cell escaped.

    >>> print("\\n".join(markdown_table(["Name", "Total"], [False, True], [["A|B", "+4.0"]])))
    | Name | Total |
    | :--- | ---: |
    | A\\|B | +4.0 |
    """
    esc = markdown_cell
    align = ["---:" if r else ":---" for r in right]
    return [
        "| " + " | ".join(esc(h) for h in headers) + " |",
        "| " + " | ".join(align) + " |",
        *("| " + " | ".join(esc(c) for c in r) + " |" for r in rows),
    ]


def html_table(
    headers: Sequence[str],
    right: Sequence[bool],
    rows: Rows,
    *,
    colgroup: str = "",
    row_class: Callable[[int], str] | None = None,
) -> str:
    """The table as an HTML `<table>`: numbers in `class="num"` cells (right-aligned, tabular
    figures by the page's CSS), every text escaped, each cell `dir="auto"` so that a name in
    Arabic or Hebrew reads right to left from its cell's right. `colgroup` goes before the head;
    `row_class(n)` names the class of row `n` ("" for none)."""
    e = html.escape
    kinds = [' class="num"' if r else "" for r in right]
    head = "".join(f"<th{k}>{e(h)}</th>" for h, k in zip(headers, kinds, strict=True))
    body = []
    for n, row in enumerate(rows):
        cls = row_class(n) if row_class is not None else ""
        tr = f'<tr class="{cls}">' if cls else "<tr>"
        cells = "".join(f'<td{k} dir="auto">{e(v)}</td>' for v, k in zip(row, kinds, strict=True))
        body.append(f"{tr}{cells}</tr>")
    return (
        f"<table>{colgroup}<thead><tr>{head}</tr></thead>\n<tbody>\n"
        + "\n".join(body)
        + "\n</tbody></table>"
    )


_PAGE_STYLE = (
    "table{border-collapse:collapse}th,td{padding:2px 8px;border-bottom:1px solid #ccc}"
    ".num{text-align:right;font-variant-numeric:tabular-nums}"
)


def render_table(
    title: str, headers: Sequence[str], right: Sequence[bool], rows: Rows, fmt: TableFormat
) -> str:
    """A titled table in `fmt`, ending in a newline: text and Markdown with the title above,
    CSV and TSV the headings and rows alone, HTML (and PDF's HTML) a page of its own.

    `headers` are shown as given (translated by the caller); the title and the cells come from
    the event file, so no control character in them reaches the terminal or the page.

    >>> print(render_table("Penalties", ["Name", "Amount"], [False, True], [["Ann", "-5.0"]],
    ...                    TableFormat.TEXT), end="")
    Penalties
    <BLANKLINE>
    Name  Amount
    ----  ------
    Ann     -5.0
    """
    title = safe_text(title)
    rows = [[safe_text(cell) for cell in row] for row in rows]
    if fmt is TableFormat.CSV:
        return delimited([headers, *rows])
    if fmt is TableFormat.TSV:
        return delimited([headers, *rows], delimiter="\t")
    if fmt in (TableFormat.HTML, TableFormat.PDF):
        e = html.escape
        return (
            f'<!DOCTYPE html>\n<html lang="{language()}">\n<head><meta charset="utf-8">'
            f"<title>{e(title)}</title><style>{_PAGE_STYLE}</style></head>\n<body>\n"
            f"<h1>{e(title)}</h1>\n{html_table(headers, right, rows)}\n</body>\n</html>\n"
        )
    if fmt is TableFormat.MD:
        table = markdown_table(headers, right, rows)
        return "\n".join([f"## {markdown_cell(title)}", "", *table]) + "\n"
    return "\n".join([title, "", *text_table(headers, right, rows)]) + "\n"

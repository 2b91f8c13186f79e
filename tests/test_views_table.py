"""The one table renderer (`tui/views/table.py`) and the one measure of terminal cells
(`tui/views/cells.py`): exact output in every format."""

from __future__ import annotations

import pytest

from mjevent.tui.views.cells import cell_width, cut, pad
from mjevent.tui.views.table import TableFormat, render_table, text_table


def test_cells_are_counted_as_the_terminal_draws_them() -> None:
    # CJK two a character; a combining accent, Thai vowel signs and tone marks (สมศักดิ์) none.
    texts = ("佐々木 蓮", "Chloe\u0301", "김서연", "สมศักดิ์")
    assert [cell_width(t) for t in texts] == [9, 5, 6, 5]


@pytest.mark.parametrize(
    ("text", "width", "shown"),
    [
        ("Mateusz Wiśniewski", 10, "Mateusz W…"),
        ("Mateusz Wiśniewski", 9, "Mateusz…"),  # the space before the cut goes
        ("佐々木 蓮", 6, "佐々…"),  # half of 木 goes
        ("佐々木 蓮", 9, "佐々木 蓮"),
        ("Ana", 1, "…"),
        ("Ana", 3, "Ana"),
    ],
)
def test_cut_ends_in_an_ellipsis_after_the_last_character_kept(
    text: str, width: int, shown: str
) -> None:
    assert cut(text, width) == shown
    assert cell_width(cut(text, width)) <= width


def test_pad_fills_to_cells_and_leaves_a_longer_text() -> None:
    assert pad("王 芳", 8) == "王 芳   "
    assert pad("12", 4, right=True) == "  12"
    assert pad("Lars Øvergaard", 4) == "Lars Øvergaard"


def test_text_table_lines_up_thai_and_cjk_names() -> None:
    lines = text_table(
        ["Name", "Total"], [False, True], [["สมศักดิ์", "+4.0"], ["佐々木", "-12.5"], ["Ann", "0.0"]]
    )
    assert lines == [
        "Name    Total",
        "------  -----",
        "สมศักดิ์    +4.0",
        "佐々木  -12.5",
        "Ann       0.0",
    ]
    assert {cell_width(line) for line in lines} == {13}


ROWS = [["Ann <b>", "+4.0"], ["=1+1", "-5.0"]]


@pytest.mark.parametrize(
    ("fmt", "out"),
    [
        (TableFormat.TEXT, "T\n\nName     Total\n-------  -----\nAnn <b>   +4.0\n=1+1      -5.0\n"),
        (
            TableFormat.MD,
            "## T\n\n| Name | Total |\n| :--- | ---: |\n| Ann &lt;b&gt; | +4.0 |\n"
            "| =1+1 | -5.0 |\n",
        ),
        (TableFormat.CSV, "Name,Total\nAnn <b>,+4.0\n'=1+1,-5.0\n"),
        (TableFormat.TSV, "Name\tTotal\nAnn <b>\t+4.0\n'=1+1\t-5.0\n"),
    ],
)
def test_render_table_in_each_format(fmt: TableFormat, out: str) -> None:
    assert render_table("T", ["Name", "Total"], [False, True], ROWS, fmt) == out


def test_render_table_html_escapes_and_marks_numbers() -> None:
    page = render_table("T\x1b", ["Name", "Total"], [False, True], ROWS, TableFormat.HTML)
    assert "<title>T\\x1b</title>" in page
    assert (
        '<table><thead><tr><th>Name</th><th class="num">Total</th></tr></thead>\n<tbody>\n'
        '<tr><td dir="auto">Ann &lt;b&gt;</td><td class="num" dir="auto">+4.0</td></tr>\n'
        '<tr><td dir="auto">=1+1</td><td class="num" dir="auto">-5.0</td></tr>\n'
        "</tbody></table>\n</body>\n</html>\n"
    ) in page

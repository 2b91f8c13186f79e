"""CSV and TSV text for a spreadsheet: every writer of mjevent goes through `delimited`.

Each cell passes `core.text.spreadsheet_cell`: control characters spelled out, and a cell a
spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, carriage return first) given a
leading apostrophe, as OWASP's CSV-injection guidance says; numbers stay numbers. The readers
(players.csv, `seat --import`) take the apostrophe off again (`core.text.spreadsheet_value`).
docs/security.md, Spreadsheets.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence

from mjevent.core.text import spreadsheet_cell

__all__ = ["delimited"]


def delimited(rows: Iterable[Sequence[str]], *, delimiter: str = ",") -> str:
    """`rows` as CSV (or TSV with `delimiter="\\t"`), each line ending in a newline.

    >>> print(delimited([["name", "points"], ["=HYPERLINK(\\"x\\")", "-12.5"]]), end="")
    name,points
    "'=HYPERLINK(""x"")",-12.5
    """
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\n")
    writer.writerows([spreadsheet_cell(cell) for cell in row] for row in rows)
    return out.getvalue()

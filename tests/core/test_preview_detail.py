"""The preview shows what the entry line's optional detail records (``y:`` yaku and dora,
``open``), winner by winner (issue 24); a line without it shows none."""

from __future__ import annotations

from mjevent.core.outcomes import WinDetail
from mjevent.core.preview import LinePreview, preview_line, read_entry
from mjevent.core.state import Folder
from tests.core.test_stats import event


def test_a_double_ron_shows_each_winners_detail_in_the_lines_order() -> None:
    folder = Folder.of(event(), [])
    state = folder.state()
    line = "t1 ron S<-W 3/30 y:riichi,pinfu,dora1 E<-W 2/30 open r:S"
    preview = preview_line(folder, read_entry(state, line))
    assert isinstance(preview, LinePreview)
    assert preview.details == (
        (1, WinDetail(("riichi", "pinfu"), 1, False)),
        (0, WinDetail(None, None, True)),
    )
    lines = preview.describe().splitlines()
    assert "  S P2: riichi, pinfu · dora 1 · closed" in lines
    assert "  E P1: open" in lines


def test_japanese_yaku_names_read_back_as_the_ids_and_a_bare_line_has_no_detail() -> None:
    folder = Folder.of(event(), [])
    state = folder.state()
    preview = preview_line(folder, read_entry(state, "t1 tsumo N 4/30 y:立直,門前清自摸和,ドラ2"))
    assert isinstance(preview, LinePreview)
    assert preview.details == ((3, WinDetail(("riichi", "tsumo"), 2, False)),)
    assert "  N P4: riichi, tsumo · dora 2 · closed" in preview.describe().splitlines()
    bare = preview_line(folder, read_entry(state, "t1 tsumo N 4/30"))
    assert isinstance(bare, LinePreview) and bare.details == ()
    assert not any(": riichi" in line for line in bare.describe().splitlines())

"""The published riichi score charts, cell by cell, against the calculator.

Typed by hand (not computed) from two published charts:

* the "Scoring table" of the Japanese Mahjong Wiki (riichi.wiki / arcturus.su/wiki/Scoring_table),
  as mirrored in MahjongRepository/mahjong_wiki, content/english/riichi/strategy/scoring-table.md
  (commit 23074d30): dealer and non-dealer, 1-4 han x 20-110 fu, with the kiriage cells marked;
* the 20 fu and 25 fu rows of the 点数早見表 on 麻雀研究 "七対子の点数と50符の点数"
  (https://www.mahjong.red/tensu/2_11.html), which the first chart leaves out;
* the 70-110 fu rows of 麻雀の教科書 "70符以上"
  (https://mahjong-textbook.jimdofree.com/8-点数計算/70符以上/), which agree with the first chart
  except that 1 han 110 fu has no tsumo ("3600 (-)", "5300 (-)"): the first chart prints
  900/1800 and 1800 all there, for a hand that cannot be won by tsumo (mj-station "110符"
  https://mj-station.net/column/110hu says the same: 110符1飜のツモアガリとなる形は存在しません).

How to read a row: each cell is "ron tsumo". Non-dealer tsumo is "non-dealer/dealer" (what each
non-dealer pays / what the dealer pays), dealer tsumo is what each non-dealer pays ("all").
"-" means the chart has no such hand (1 han 20 fu, 1 han 25 fu, a 2 han 25 fu tsumo, a 1 han
110 fu tsumo).
"(1300)" is a 20 fu ron: the Japanese charts print it, but a ron is never 20 fu, and the
calculator refuses it. "M" is mangan (8000, 2000/4000; dealer 12000, 4000 all). A cell marked
"!" changes to mangan under kiriage.
"""

from __future__ import annotations

import dataclasses

import pytest

from mjevent.core.outcomes import HandValue
from mjevent.core.rules import Kazoe, RuleSet
from mjevent.core.scoring import IllegalHandError, Limit, hand_points, quote

NON_DEALER = """
fu   | 1 han          | 2 han            | 3 han            | 4 han
20   | - -            | (1300) 400/700   | (2600) 700/1300  | (5200) 1300/2600
25   | - -            | 1600 -           | 3200 800/1600    | 6400 1600/3200
30   | 1000 300/500   | 2000 500/1000    | 3900 1000/2000   | 7700! 2000/3900!
40   | 1300 400/700   | 2600 700/1300    | 5200 1300/2600   | M M
50   | 1600 400/800   | 3200 800/1600    | 6400 1600/3200   | M M
60   | 2000 500/1000  | 3900 1000/2000   | 7700! 2000/3900! | M M
70   | 2300 600/1200  | 4500 1200/2300   | M M              | M M
80   | 2600 700/1300  | 5200 1300/2600   | M M              | M M
90   | 2900 800/1500  | 5800 1500/2900   | M M              | M M
100  | 3200 800/1600  | 6400 1600/3200   | M M              | M M
110  | 3600 -         | 7100 1800/3600   | M M              | M M
"""

DEALER = """
fu   | 1 han          | 2 han            | 3 han            | 4 han
20   | - -            | (2000) 700       | (3900) 1300      | (7700) 2600
25   | - -            | 2400 -           | 4800 1600        | 9600 3200
30   | 1500 500       | 2900 1000        | 5800 2000        | 11600! 3900!
40   | 2000 700       | 3900 1300        | 7700 2600        | M M
50   | 2400 800       | 4800 1600        | 9600 3200        | M M
60   | 2900 1000      | 5800 2000        | 11600! 3900!     | M M
70   | 3400 1200      | 6800 2300        | M M              | M M
80   | 3900 1300      | 7700 2600        | M M              | M M
90   | 4400 1500      | 8700 2900        | M M              | M M
100  | 4800 1600      | 9600 3200        | M M              | M M
110  | 5300 -         | 10600 3600       | M M              | M M
"""

# The limit rows of the same chart: (ron, tsumo) for non-dealer and dealer.
LIMITS = {
    Limit.MANGAN: ("8000", "2000/4000", "12000", "4000"),
    Limit.HANEMAN: ("12000", "3000/6000", "18000", "6000"),
    Limit.BAIMAN: ("16000", "4000/8000", "24000", "8000"),
    Limit.SANBAIMAN: ("24000", "6000/12000", "36000", "12000"),
    Limit.YAKUMAN: ("32000", "8000/16000", "48000", "16000"),
}
HAN_FOR_LIMIT = {
    Limit.MANGAN: (5,),
    Limit.HANEMAN: (6, 7),
    Limit.BAIMAN: (8, 9, 10),
    Limit.SANBAIMAN: (11, 12),
    Limit.YAKUMAN: (13, 14),
}

Cell = tuple[int, int, str, str, bool]  # han, fu, ron text, tsumo text, is a kiriage cell


def _cells(chart: str) -> list[Cell]:
    rows = [line for line in chart.strip().splitlines()[1:]]
    cells: list[Cell] = []
    for row in rows:
        fu_text, *columns = (part.strip() for part in row.split("|"))
        for han, column in enumerate(columns, start=1):
            ron, tsumo = column.split()
            kiriage = ron.endswith("!")
            cells.append((han, int(fu_text), ron.rstrip("!"), tsumo.rstrip("!"), kiriage))
    return cells


def _ids(cells: list[Cell]) -> list[str]:
    return [f"{han}han-{fu}fu" for han, fu, *_ in cells]


# Every setting the chart depends on is spelt out, so a change of a preset cannot move a cell.
EMA = RuleSet(name="chart", players=4, kiriage=False, kazoe=Kazoe.YAKUMAN, honba_ron=300)
EMA_KIRIAGE = dataclasses.replace(EMA, kiriage=True)


def _expect(
    ron: str, tsumo: str, *, dealer: bool, kiriage_cell: bool, kiriage: bool
) -> tuple[str, str]:
    if ron == "M" or (kiriage_cell and kiriage):
        mangan = LIMITS[Limit.MANGAN]
        return (mangan[2], mangan[3]) if dealer else (mangan[0], mangan[1])
    return ron, tsumo


def _tsumo_text(rules: RuleSet, han: int, fu: int, *, dealer: bool) -> str:
    q = quote(HandValue(han, fu), tsumo=True, dealer=dealer, rules=rules)
    if dealer:
        assert q.tsumo_dealer is None
        return str(q.tsumo_non_dealer)
    return f"{q.tsumo_non_dealer}/{q.tsumo_dealer}"


def _check_cell(cell: Cell, *, dealer: bool, kiriage: bool) -> None:
    han, fu, ron, tsumo, kiriage_cell = cell
    rules = EMA_KIRIAGE if kiriage else EMA
    ron, tsumo = _expect(ron, tsumo, dealer=dealer, kiriage_cell=kiriage_cell, kiriage=kiriage)
    value = HandValue(han, fu)
    if ron == "-" or ron.startswith("("):
        with pytest.raises(IllegalHandError):
            quote(value, tsumo=False, dealer=dealer, rules=rules)
    else:
        assert quote(value, tsumo=False, dealer=dealer, rules=rules).ron == int(ron)
    if tsumo == "-":
        with pytest.raises(IllegalHandError):
            quote(value, tsumo=True, dealer=dealer, rules=rules)
    else:
        assert _tsumo_text(rules, han, fu, dealer=dealer) == tsumo


NON_DEALER_CELLS = _cells(NON_DEALER)
DEALER_CELLS = _cells(DEALER)


def test_charts_cover_every_han_1_to_4_and_fu_20_to_110() -> None:
    expected = {
        (h, f) for h in (1, 2, 3, 4) for f in (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
    }
    assert {(h, f) for h, f, *_ in NON_DEALER_CELLS} == expected
    assert {(h, f) for h, f, *_ in DEALER_CELLS} == expected


@pytest.mark.parametrize("kiriage", [False, True], ids=["no-kiriage", "kiriage"])
@pytest.mark.parametrize("cell", NON_DEALER_CELLS, ids=_ids(NON_DEALER_CELLS))
def test_non_dealer_chart_cell(cell: Cell, kiriage: bool) -> None:
    _check_cell(cell, dealer=False, kiriage=kiriage)


@pytest.mark.parametrize("kiriage", [False, True], ids=["no-kiriage", "kiriage"])
@pytest.mark.parametrize("cell", DEALER_CELLS, ids=_ids(DEALER_CELLS))
def test_dealer_chart_cell(cell: Cell, kiriage: bool) -> None:
    _check_cell(cell, dealer=True, kiriage=kiriage)


@pytest.mark.parametrize("limit", list(LIMITS), ids=[str(x) for x in LIMITS])
def test_limit_rows_of_the_chart(limit: Limit) -> None:
    rules = EMA
    nd_ron, nd_tsumo, d_ron, d_tsumo = LIMITS[limit]
    for han in HAN_FOR_LIMIT[limit]:
        value = HandValue(han, 30)
        assert hand_points(value, rules).limit is limit
        assert quote(value, tsumo=False, dealer=False, rules=rules).ron == int(nd_ron)
        assert quote(value, tsumo=False, dealer=True, rules=rules).ron == int(d_ron)
        assert _tsumo_text(rules, han, 30, dealer=False) == nd_tsumo
        assert _tsumo_text(rules, han, 30, dealer=True) == d_tsumo


def test_kiriage_changes_exactly_the_two_marked_cells() -> None:
    marked = {(h, f) for h, f, _, _, k in NON_DEALER_CELLS + DEALER_CELLS if k}
    assert marked == {(3, 60), (4, 30)}


@pytest.mark.parametrize("dealer", [False, True], ids=["non-dealer", "dealer"])
def test_1_han_110_fu_is_a_ron_only_cell(dealer: bool) -> None:
    # 麻雀の教科書 "70符以上": 110符 1ハン 3600 (-), dealer 5300 (-).
    value = HandValue(1, 110)
    assert quote(value, tsumo=False, dealer=dealer, rules=EMA).ron == (5300 if dealer else 3600)
    with pytest.raises(IllegalHandError, match="1 han 110 fu is only a closed ron"):
        quote(value, tsumo=True, dealer=dealer, rules=EMA)


@pytest.mark.parametrize(("fu", "two_han_ron"), [(120, 7700), (130, 8000)])
def test_no_1_han_hand_goes_past_110_fu(fu: int, two_han_ron: int) -> None:
    # 麻雀の教科書 "70符以上": more fu than 110 brings sanankou or sankantsu, so 2 han at least.
    for tsumo in (False, True):
        with pytest.raises(IllegalHandError, match="a 1-han hand reaches 110 fu at most"):
            quote(HandValue(1, fu), tsumo=tsumo, dealer=False, rules=EMA)
    assert quote(HandValue(2, fu), tsumo=False, dealer=False, rules=EMA).ron == two_han_ron

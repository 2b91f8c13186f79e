"""The entry line: what each spelling means, the errors, and the canonical round trip."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mjevent.core.notation import (
    ABORT_REASONS,
    AmbiguousEntryError,
    EntryContext,
    EntrySyntaxError,
    FinalLine,
    HandLine,
    ParsedEntry,
    SeatedPlayer,
    format_entry,
    parse_entry,
    read_line,
)
from mjevent.core.outcomes import (
    AbortiveDraw,
    ChomboHand,
    Draw,
    Hand,
    HandValue,
    Ron,
    Tsumo,
    Win,
)
from mjevent.core.presets import preset
from mjevent.core.scoring import IllegalHandError, quote

TABLE_3 = (
    SeatedPlayer("p01", "Tanaka Yūki"),
    SeatedPlayer("p02", "Kim Min-jun"),
    SeatedPlayer("p03", "Sánchez Ana"),
    SeatedPlayer("p04", "Sato Kenji"),
)
CTX = EntryContext(round=2, tables={(2, 3): TABLE_3})
SANMA = EntryContext(round=1, seats=3)


def _hand(outcome: Ron | Tsumo | Draw | AbortiveDraw | ChomboHand, *riichi: int) -> HandLine:
    return HandLine(2, 3, Hand(outcome, frozenset(riichi)))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("t3 ron S<-W 3/30 r:E,S", _hand(Ron(2, (Win(1, HandValue(3, 30)),)), 0, 1)),
        ("t3 tsumo N 4/30", _hand(Tsumo(Win(3, HandValue(4, 30))))),
        ("t3 draw tenpai:E,W r:N", _hand(Draw(frozenset({0, 2})), 3)),
        ("t3 draw", _hand(Draw())),
        ("t3 draw tenpai:S nagashi:S", _hand(Draw(frozenset({1}), frozenset({1})))),
        ("t3 chombo S", _hand(ChomboHand(1))),
        ("t3 abort kyuushu", _hand(AbortiveDraw("kyuushu"))),
        ("t3 abort", _hand(AbortiveDraw())),
        (
            "t3 ron S<-W 3/30 N<-W 2/40",
            _hand(Ron(2, (Win(1, HandValue(3, 30)), Win(3, HandValue(2, 40))))),
        ),
        ("t3 tsumo E ykm pao:S", _hand(Tsumo(Win(0, HandValue(yakuman=1), pao=1)))),
        ("t3 ron E<-N 2ykm", _hand(Ron(3, (Win(0, HandValue(yakuman=2)),)))),
        ("t3 tsumo W 6", _hand(Tsumo(Win(2, HandValue(han=6))))),
        ("t3 final 41200 28800 22100 27900", FinalLine(2, 3, (41200, 28800, 22100, 27900))),
        (
            "r1 t3 final 45200 31000 -3200 26000 left:1 chombo:W",
            FinalLine(1, 3, (45200, 31000, -3200, 26000), deposits=1, chombos=(2,)),
        ),
    ],
)
def test_canonical_line_reads_as_documented_and_formats_back(
    text: str, expected: ParsedEntry
) -> None:
    assert parse_entry(text, CTX) == expected
    assert format_entry(expected, CTX) == text


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("T3  RON s <- w 3/30 r:S,E", "t3 ron S<-W 3/30 r:E,S"),
        ("t3 ron kim<-sanchez 3/30", "t3 ron S<-W 3/30"),
        ("t3 ron Kim<-SÁNCHEZ 3/30", "t3 ron S<-W 3/30"),
        ("t3 ron yuki<-@p04 2/40 riichi:tanaka", "t3 ron E<-N 2/40 r:E"),
        ("t3 ts N 4/30", "t3 tsumo N 4/30"),
        ("t3 draw r:N tp:W,E", "t3 draw tenpai:E,W r:N"),
        ("t3 ryuukyoku", "t3 draw"),
        ("r2 t3 f 30000 30000 30000 30000", "t3 final 30000 30000 30000 30000"),
        ("t3 tsumo s 13", "t3 tsumo S 13"),
        ("t3 tsumo s 1ykm", "t3 tsumo S ykm"),
    ],
)
def test_other_spellings_format_to_the_canonical_line(text: str, canonical: str) -> None:
    assert format_entry(parse_entry(text, CTX), CTX) == canonical


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "cannot read '': the line is empty; write e.g. 't3 ron S<-W 3/30'"),
        ("x3 ron S<-W 3/30", "cannot read 'x3 ron S<-W 3/30': 'x3' is not a table; start with "
         "the table, e.g. 't3 ...'"),
        ("r0 t3 draw", "cannot read 'r0 t3 draw': 'r0' is not a round; rounds count from 1, "
         "e.g. 'r2 t3 ...'"),
        ("t0 draw", "cannot read 't0 draw': 't0' is not a table; start with the table, e.g. "
         "'t3 ...'"),
        ("t3 win S<-W 3/30", "cannot read 't3 win S<-W 3/30': 'win' is not a result; write ron, "
         "tsumo, draw, abort, chombo or final after the table"),
        ("t3 ron S W 3/30", "cannot read 't3 ron S W 3/30': a ron needs WINNER<-LOSER; write e.g. "
         "'t3 ron S<-W 3/30' (South wins off West)"),
        ("t3 ron S<-S 3/30", "cannot read 't3 ron S<-S 3/30': 'S<-S' has the winner dealing into "
         "themselves; check seats"),
        ("t3 ron S<-W 3/30 N<-E 2/30", "cannot read 't3 ron S<-W 3/30 N<-E 2/30': two different "
         "players dealt in (W and E); a multiple ron is off one discard: give the same loser for "
         "every winner"),
        ("t3 ron S<-W", "cannot read 't3 ron S<-W': it ends where the hand value was expected; "
         "write e.g. '3/30'"),
        ("t3 ron S<-W 3", "cannot read 't3 ron S<-W 3': '3' gives han without fu below 5 han; "
         "write han/fu, e.g. 3/30, or 3/mgn for a mangan"),
        ("t3 ron S<-W 3h30", "cannot read 't3 ron S<-W 3h30': '3h30' is not a hand value; write "
         "han/fu (3/30), han alone from 5 han up (6), a limit (mangan, 4/mgn, haneman, baiman, "
         "sanbaiman), or ykm / 2ykm for yakuman"),
        ("t3 ron S<-W 6/mgn", "cannot read 't3 ron S<-W 6/mgn': '6/mgn': 6 han is a haneman, "
         "not a mangan; write 6 alone from 5 han, or han/fu"),
        ("t3 ron S<-W 1/mgn", "cannot read 't3 ron S<-W 1/mgn': '1/mgn': 1 han never reaches a "
         "mangan (1 han 110 fu is 3600); write han/fu"),
        ("t3 ron S<-W hanemn", "cannot read 't3 ron S<-W hanemn': 'hanemn' is not a hand value; "
         "did you mean 'haneman'?"),
        ("t3 ron X<-W 3/30", "cannot read 't3 ron X<-W 3/30': 'X' is not a seat; use one of E S "
         "W N"),
        ("t3 tsumo N 4/30 r:N,N", "cannot read 't3 tsumo N 4/30 r:N,N': a seat is listed twice "
         "in r: 'N,N'; list each seat once"),
        ("t3 tsumo N 4/30 x:1", "cannot read 't3 tsumo N 4/30 x:1': 'x:1' is not understood "
         "here; expected riichi:..."),
        ("t3 final 41200 28800 22100", "cannot read 't3 final 41200 28800 22100': 3 final "
         "score(s) given for 4 seats; give 4 scores in seat order (E S W N)"),
        ("t3 final 1 2 3 4 left:x", "cannot read 't3 final 1 2 3 4 left:x': left:x is not a "
         "number of sticks; write e.g. left:1"),
        ("t3 abort boredom", "cannot read 't3 abort boredom': 'boredom' is not an abortive draw; "
         "use one of " + ", ".join(ABORT_REASONS)),
        ("t3 ron Zed<-W 3/30", "cannot read 't3 ron Zed<-W 3/30': 'Zed' matches nobody at table "
         "3 (Tanaka Yūki (E), Kim Min-jun (S), Sánchez Ana (W), Sato Kenji (N)); check the "
         "spelling or use the wind"),
        ("t3 ron @p09<-W 3/30", "cannot read 't3 ron @p09<-W 3/30': no player '@p09' at table 3; "
         "use one of @p01, @p02, @p03, @p04 or a wind"),
        ("t4 ron Kim<-W 3/30", "cannot read 't4 ron Kim<-W 3/30': 'Kim' names a player but the "
         "seating of table 4 is not known here; name the seat by wind (E S W N)"),
    ],
)
def test_unreadable_line_quotes_the_input_and_names_the_fix(text: str, message: str) -> None:
    with pytest.raises(EntrySyntaxError) as caught:
        parse_entry(text, CTX)
    assert str(caught.value) == message


def test_every_example_in_docs_entry_md_is_canonical() -> None:
    text = (Path(__file__).resolve().parents[2] / "docs" / "entry.md").read_text("utf-8")
    block = text.split("```")[1]
    examples = [re.split(r"\s{2,}", line.strip())[0] for line in block.strip().splitlines()]
    assert len(examples) == 11
    ctx = EntryContext(round=1)
    for example in examples:
        assert format_entry(parse_entry(example, ctx), ctx) == example


def test_name_prefix_matching_two_players_is_ambiguous() -> None:
    with pytest.raises(AmbiguousEntryError) as caught:
        parse_entry("t3 tsumo Sa 4/30", CTX)
    assert str(caught.value) == (
        "cannot read 't3 tsumo Sa 4/30': 'Sa' matches Sánchez Ana (W) and Sato Kenji (N) at "
        "table 3; type more letters of the name, or the wind"
    )


def test_parse_entry_rejects_20_fu_ron() -> None:
    with pytest.raises(IllegalHandError) as caught:
        parse_entry("t3 ron S<-W 2/20", CTX)
    assert str(caught.value) == (
        "cannot read 't3 ron S<-W 2/20': ron 2 han 20 fu: a ron is never 20 fu (pinfu ron is "
        "30 fu, an open hand counts at least 30 fu); enter 30 fu, or record the win as a tsumo"
    )


def test_parse_entry_rejects_1_han_110_fu_tsumo_the_charts_leave_blank() -> None:
    # 麻雀の教科書 "70符以上": 110符 1ハン 3600 (-): the ron exists, the tsumo does not.
    with pytest.raises(IllegalHandError) as caught:
        parse_entry("t3 tsumo N 1/110", CTX)
    assert str(caught.value) == (
        "cannot read 't3 tsumo N 1/110': tsumo 1 han 110 fu: 1 han 110 fu is only a closed ron "
        "(a tsumo earns 2 fu, not the closed ron's 10, and the fu it lacks need a third concealed "
        "triplet or kan: sanankou or sankantsu, 2 han); enter 100 fu or 2 han, or record the win "
        "as a ron"
    )
    assert parse_entry("t3 ron S<-W 1/110", CTX) is not None


def test_sanma_has_no_north_seat() -> None:
    with pytest.raises(EntrySyntaxError) as caught:
        parse_entry("t1 tsumo N 3/30", SANMA)
    assert str(caught.value) == (
        "cannot read 't1 tsumo N 3/30': 'N' is not a seat; use one of E S W (sanma has no "
        "North seat)"
    )
    assert parse_entry("t1 final 50000 35000 20000", SANMA) == FinalLine(
        1, 1, (50000, 35000, 20000)
    )


# --- The round trip -----------------------------------------------------------------------------

seat = st.integers(0, 3)
seats = st.frozensets(seat)
LEGAL_RON = [(1, 30), (1, 40), (2, 25), (2, 30), (3, 60), (4, 110), (5, 0), (7, 40), (13, 0)]
LEGAL_TSUMO = [(2, 20), (3, 25), (1, 30), (2, 40), (6, 0), (11, 0)]
ron_values = st.one_of(
    st.sampled_from(LEGAL_RON).map(lambda hf: HandValue(*hf)),
    st.integers(1, 3).map(lambda n: HandValue(yakuman=n)),
)
tsumo_values = st.one_of(
    st.sampled_from(LEGAL_TSUMO).map(lambda hf: HandValue(*hf)),
    st.integers(1, 3).map(lambda n: HandValue(yakuman=n)),
)


@st.composite
def rons(draw: st.DrawFn) -> Ron:
    loser = draw(seat)
    winners = draw(st.lists(seat.filter(lambda s: s != loser), min_size=1, max_size=3,
                            unique=True))
    wins = []
    for w in winners:
        others = [s for s in range(4) if s != w]
        pao = draw(st.one_of(st.none(), st.sampled_from(others)))
        wins.append(Win(w, draw(ron_values), pao))
    return Ron(loser, tuple(wins))


@st.composite
def tsumos(draw: st.DrawFn) -> Tsumo:
    winner = draw(seat)
    pao = draw(st.one_of(st.none(), seat.filter(lambda s: s != winner)))
    return Tsumo(Win(winner, draw(tsumo_values), pao))


outcomes = st.one_of(
    rons(),
    tsumos(),
    st.builds(Draw, seats, seats),
    st.builds(AbortiveDraw, st.sampled_from(("", *ABORT_REASONS))),
    st.builds(ChomboHand, seat),
)
hand_lines = st.builds(
    HandLine, st.integers(1, 12), st.integers(1, 60), st.builds(Hand, outcomes, seats)
)
final_lines = st.builds(
    FinalLine,
    st.integers(1, 12),
    st.integers(1, 60),
    st.tuples(*[st.integers(-30000, 90000)] * 4),
    st.integers(0, 6),
    st.lists(seat, max_size=3).map(lambda s: tuple(sorted(s))),
)
contexts = st.builds(EntryContext, st.integers(1, 12))


@given(st.one_of(hand_lines, final_lines), contexts)
def test_any_entry_survives_its_canonical_line(entry: ParsedEntry, ctx: EntryContext) -> None:
    text = format_entry(entry, ctx)
    assert parse_entry(text, ctx) == entry
    assert format_entry(parse_entry(text, ctx), ctx) == text


NAMES = {0: "tanaka", 1: "KIM", 2: "sanchez", 3: "@p04"}


@given(hand_lines, st.booleans(), st.booleans())
def test_names_case_and_spacing_do_not_change_the_canonical_line(
    entry: HandLine, by_name: bool, shout: bool
) -> None:
    entry = HandLine(CTX.round, 3, entry.hand)
    canonical = format_entry(entry, CTX)
    text = canonical
    if by_name:
        # Replace every wind reference with a name, an id or a prefix of one.
        for wind, ref in zip("ESWN", (NAMES[0], NAMES[1], NAMES[2], NAMES[3]), strict=True):
            text = " ".join(_swap(tok, wind, ref) for tok in text.split(" "))
    if shout:
        text = text.replace("ron", "RON").replace("tsumo", "TSUMO").replace(" ", "  ")
    assert format_entry(parse_entry(text, CTX), CTX) == canonical


def _swap(token: str, wind: str, ref: str) -> str:
    head, colon, rest = token.partition(":")
    if colon:
        return head + ":" + ",".join(ref if p == wind else p for p in rest.split(","))
    if "<-" in token:
        left, _, right = token.partition("<-")
        return (ref if left == wind else left) + "<-" + (ref if right == wind else right)
    return ref if token == wind else token


# --- limit names as the value: what score sheets write for a hand with no fu -------------------


@pytest.mark.parametrize(
    ("value", "han", "fu", "non_dealer_ron"),
    [
        # The chart's limit rows (docs/calc.md, tests/core/test_score_chart.py): mangan 8000,
        # haneman 12000, baiman 16000, sanbaiman 24000.
        ("mangan", 5, 0, 8000),
        ("mgn", 5, 0, 8000),
        ("4/mgn", 4, 40, 8000),
        ("3/mgn", 3, 70, 8000),
        ("2/mgn", 2, 130, 8000),
        ("5/mangan", 5, 0, 8000),
        ("haneman", 6, 0, 12000),
        ("7/hnm", 7, 0, 12000),
        ("baiman", 8, 0, 16000),
        ("10/bai", 10, 0, 16000),
        ("sanbaiman", 11, 0, 24000),
        ("12/sanbai", 12, 0, 24000),
    ],
)
def test_a_limit_name_is_the_value_that_pays_that_limit(
    value: str, han: int, fu: int, non_dealer_ron: int
) -> None:
    line = parse_entry(f"t3 ron S<-W {value}", CTX)
    assert isinstance(line, HandLine) and isinstance(line.hand.outcome, Ron)
    parsed = line.hand.outcome.wins[0].value
    assert parsed == HandValue(han, fu)
    for kiriage in (False, True):
        rules = dataclasses.replace(preset("ema2016").rules, kiriage=kiriage)
        assert quote(parsed, tsumo=False, dealer=False, rules=rules).ron == non_dealer_ron
    # The canonical spelling keeps han and fu: 4/mgn is written 4/40, mangan 5.
    assert format_entry(line, CTX).split()[-1] == (f"{han}/{fu}" if fu else str(han))


def test_a_limit_name_works_for_a_tsumo_too() -> None:
    line = parse_entry("t3 tsumo N 4/mgn", CTX)
    assert isinstance(line, HandLine) and isinstance(line.hand.outcome, Tsumo)
    assert line.hand.outcome.win.value == HandValue(4, 40)


# --- The optional win detail (issue 24) --------------------------------------------------------


def test_win_detail_reads_english_and_japanese_names_and_round_trips() -> None:
    from mjevent.core.entries import HandRecorded
    from mjevent.core.entry_reader import entry_from_record
    from mjevent.core.outcomes import WinDetail

    ctx = EntryContext(round=1)
    parsed = parse_entry("t1 ron S<-W 3/30 y:立直,Pinfu,ドラ1,ura1 N<-W 5 open r:S", ctx)
    assert isinstance(parsed, HandLine)
    outcome = parsed.hand.outcome
    assert isinstance(outcome, Ron)
    assert outcome.wins[0].detail == WinDetail(("riichi", "pinfu"), 2, False)
    assert outcome.wins[1].detail == WinDetail(None, None, True)
    assert format_entry(parsed, ctx) == "t1 ron S<-W 3/30 y:riichi,pinfu,dora2 N<-W 5 open r:S"
    entry = HandRecorded(id="h1", at="2026-03-14T10:00:00Z", round=1, table=1, hand=parsed.hand)
    record = entry.to_record()
    assert record["wins"] == [
        {"winner": "S", "han": 3, "fu": 30, "yaku": ["riichi", "pinfu"], "dora": 2,
         "open": False},
        {"winner": "N", "han": 5, "fu": 0, "open": True},
    ]
    assert entry_from_record(record) == entry


def test_a_win_without_detail_reads_and_writes_as_before() -> None:
    ctx = EntryContext(round=1)
    parsed = parse_entry("t1 tsumo E 4/30", ctx)
    assert isinstance(parsed, HandLine)
    assert repr(parsed.hand.outcome) == (
        "Tsumo(win=Win(winner=0, value=HandValue(han=4, fu=30, yakuman=0), pao=None))"
    )


def test_an_unknown_yaku_is_named_with_the_fix() -> None:
    with pytest.raises(EntrySyntaxError) as caught:
        parse_entry("t1 tsumo E 4/30 y:riichi,pinfo", EntryContext(round=1))
    assert caught.value.detail == (
        "'pinfo' is not a yaku or a dora count; write yaku by name (riichi, pinfu, 平和 ...) and "
        "dora as dora2, ura1, aka1 (docs/entry.md lists them)"
    )
    assert caught.value.span == (25, 30)


def test_a_bad_yaku_in_the_file_names_the_field() -> None:
    from mjevent.core.entry_reader import EntryError, entry_from_record

    record = {"id": "h1", "at": "2026-03-14T10:00:00Z", "kind": "hand", "round": 1, "table": 1,
              "outcome": "tsumo", "wins": [{"winner": "E", "han": 4, "fu": 30,
                                            "yaku": ["pinfo"]}], "riichi": []}
    with pytest.raises(EntryError, match=r"wins\[0\]\.yaku"):
        entry_from_record(record)


# --- Reading a line once: the defaults for round and table ----------------------------------


@pytest.mark.parametrize(
    ("text", "where", "named"),
    [
        ("ron S<-W 3/30", (2, 5), True),  # the table screen's game, in its round
        ("t3 ron S<-W 3/30", (4, 3), False),  # a table named: the context's round
        ("r1 t3 ron S<-W 3/30", (1, 3), True),
        ("T5 draw", (4, 5), False),
    ],
)
def test_a_line_naming_no_table_is_for_the_contexts_game(
    text: str, where: tuple[int, int], named: bool
) -> None:
    parsed = read_line(text, EntryContext(round=4, game=(2, 5)))
    assert parsed.error is None and parsed.entry is not None
    assert (parsed.round, parsed.table) == (parsed.entry.round, parsed.entry.table) == where
    assert parsed.round_named is named


def test_without_a_game_a_line_must_start_with_its_table() -> None:
    parsed = read_line("ron S<-W 3/30", EntryContext(round=4))
    assert (parsed.round, parsed.table, parsed.entry) == (None, None, None)
    assert isinstance(parsed.error, EntrySyntaxError)
    assert parsed.error.detail == "'ron' is not a table; start with the table, e.g. 't3 ...'"


def test_a_word_like_a_head_is_read_as_the_head_even_with_a_game() -> None:
    # `t3x` starts like a table: it is refused as one, not read as this table's result.
    parsed = read_line("t3x ron S<-W 3/30", EntryContext(round=4, game=(2, 5)))
    assert isinstance(parsed.error, EntrySyntaxError)
    assert parsed.error.detail == "'t3x' is not a table; start with the table, e.g. 't3 ...'"
    assert parsed.error.span == (0, 3)


def test_the_table_is_known_when_the_rest_of_the_line_fails() -> None:
    parsed = read_line("r2 t13 ron S<-X 3/30", EntryContext(round=4))
    assert (parsed.round, parsed.table, parsed.round_span, parsed.table_span) == (
        2, 13, (0, 2), (3, 6)
    )
    assert parsed.entry is None and isinstance(parsed.error, EntrySyntaxError)
    assert parsed.error.span == (14, 15)


@pytest.mark.parametrize(
    ("text", "opens"),
    [("t3", (None, 3)), ("  3 ", (None, 3)), ("r2 t3", (2, 3)), ("r2 3", (2, 3)),
     ("t0", (None, 0)), ("t3 ron", None), ("t 3", None), ("x3", None)],
)
def test_a_line_naming_only_a_table_says_which_it_opens(
    text: str, opens: tuple[int | None, int] | None
) -> None:
    parsed = read_line(text, EntryContext(round=4))
    assert parsed.opens == opens
    assert parsed.entry is None and parsed.error is not None


def test_the_scores_of_a_final_line_are_located() -> None:
    text = "r2 t3 final 41200 28800 22100 26900 left:1"
    parsed = read_line(text, EntryContext(round=4))
    assert parsed.scores_span is not None
    assert text[slice(*parsed.scores_span)] == "41200 28800 22100 26900"


def test_a_line_without_its_table_reads_back_at_the_table() -> None:
    ctx = EntryContext(round=4, game=(2, 5))
    entry = HandLine(2, 5, Hand(Ron(loser=2, wins=(Win(1, HandValue(3, 30)),))))
    assert format_entry(entry, ctx) == "ron S<-W 3/30"
    assert read_line(format_entry(entry, ctx), ctx).entry == entry
    # Another table of the same round keeps its head.
    other = dataclasses.replace(entry, table=3)
    assert format_entry(other, ctx) == "r2 t3 ron S<-W 3/30"

"""`mjevent calc` through Typer's CliRunner: human use, the chart, and JSON lines."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from mjevent.tui.cli.calc import score_line
from mjevent.tui.cli.main import app

runner = CliRunner()


def calc(*args: str, stdin: str | None = None) -> Any:
    return runner.invoke(app, ["calc", *args], input=stdin)


# --- Human use ------------------------------------------------------------------------------


def test_dealer_ron_3_han_30_fu_one_honba_says_who_pays_what() -> None:
    result = calc("ron", "3", "30", "--dealer", "--honba", "1")
    assert result.exit_code == 0
    assert result.stdout == (
        "Dealer ron, 3 han 30 fu, 1 honba\n"
        "Rules: ema2016 (4 players, kiriage off, 13+ han = sanbaiman)\n"
        "Honba: 300 per ron, 100 per tsumo payer\n"
        "Base points:          960 (no limit)\n"
        "Discarder pays:       6,100 (5,800 + 300 honba)\n"
        "Winner gains:         6,100\n"
    )


def test_sanma_club_non_dealer_tsumo_4_han_30_fu_has_one_non_dealer_payer() -> None:
    result = calc("tsumo", "4", "30", "--rules", "sanma-club")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[1:] == [
        "Rules: sanma-club (3 players, tsumo loss, kiriage off, 13+ han = yakuman)",
        "Honba: 200 per ron, 100 per tsumo payer",
        "Base points:          1,920 (no limit)",
        "Dealer pays:          3,900",
        "Non-dealer pays:      2,000",
        "Winner gains:         5,900",
    ]


def test_sanma_bisection_override_at_the_command_line() -> None:
    result = calc("tsumo", "5", "--rules", "sanma-club", "--sanma-tsumo", "bisection")
    assert result.exit_code == 0
    assert "Dealer pays:          5,000\n" in result.stdout
    assert "Non-dealer pays:      3,000\n" in result.stdout
    assert "Winner gains:         8,000\n" in result.stdout


def test_ron_yakuman_names_the_limit() -> None:
    result = calc("ron", "yakuman")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0] == "Non-dealer ron, yakuman"
    assert result.stdout.splitlines()[3:] == [
        "Base points:          8,000 (yakuman)",
        "Discarder pays:       32,000",
        "Winner gains:         32,000",
    ]


def test_double_yakuman_counts_where_the_rules_stack_yakuman() -> None:
    assert (
        "Discarder pays:       64,000\n" in calc("ron", "yakuman", "2", "--rules", "mleague").stdout
    )
    assert (
        "Discarder pays:       32,000\n" in calc("ron", "yakuman", "2", "--rules", "ema2016").stdout
    )


def test_non_dealer_tsumo_with_honba_and_sticks() -> None:
    result = calc("tsumo", "7", "--honba", "2", "--deposits", "2")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0] == (
        "Non-dealer tsumo, 7 han, 2 honba, 2 riichi sticks on the table"
    )
    assert result.stdout.splitlines()[3:] == [
        "Base points:          3,000 (haneman)",
        "Dealer pays:          6,200 (6,000 + 200 honba)",
        "Each non-dealer pays: 3,200 (3,000 + 200 honba) x 2",
        "Winner gains:         14,600 (with 2,000 in riichi sticks)",
    ]


def test_dealer_tsumo_pinfu_is_700_all() -> None:
    result = calc("tsumo", "2", "20", "--dealer")
    assert result.stdout.splitlines()[3:] == [
        "Base points:          320 (no limit)",
        "Each player pays:     700 x 3",
        "Winner gains:         2,100",
    ]


def test_kiriage_override_makes_4_han_30_fu_a_mangan() -> None:
    result = calc("ron", "4", "30", "--kiriage")
    assert "Base points:          2,000 (mangan)\n" in result.stdout
    assert "Discarder pays:       8,000\n" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["ron", "1", "20"],
            "mjevent calc: 1 han 20 fu: 20 fu is pinfu tsumo, which has 2 han at least",
        ),
        (["ron", "2", "20"], "mjevent calc: ron 2 han 20 fu: a ron is never 20 fu"),
        (["ron", "3", "35"], "did you mean 40 fu?"),
        (["tsumo", "1", "110"], "calc: tsumo 1 han 110 fu: 1 han 110 fu is only a closed ron"),
        (["ron", "1", "120"], "mjevent calc: 1 han 120 fu: a 1-han hand reaches 110 fu at most"),
        (["ron", "0", "30"], "0 han 30 fu: a winning hand has 1 han at least"),
        (["ron", "three", "30"], "han 'three': expected a number of han (1, 2, ... 13), a limit"),
        (["ron", "6/mgn"], "calc: han '6/mgn': 6 han is a haneman, not a mangan"),
        (["ron", "mangan", "30"], "calc: han 'mangan' is a limit: give no fu with it"),
        (["rom", "3", "30"], "mjevent calc: 'rom': expected ron or tsumo; did you mean 'ron'?"),
        (["ron", "3", "30", "--rules", "wrcc"], "unknown rule preset 'wrcc'; did you mean 'wrc'?"),
        (["ron", "3", "30", "--kazoe", "double"], "rule setting 'kazoe' = 'double': expected"),
        ([], "give how the hand was won and its value, e.g. 'mjevent calc ron 3 30'"),
        (["ron"], "give how the hand was won and its value"),
        (["--chart", "ron", "3", "30"], "--chart prints every hand; give no hand with it"),
        (["--jsonl", "ron", "3"], "--jsonl reads its hands from stdin"),
    ],
)
def test_bad_input_exits_2_and_says_why(args: list[str], message: str) -> None:
    result = calc(*args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert message in result.stderr


def test_help_shows_examples() -> None:
    result = calc("--help")
    assert result.exit_code == 0
    for example in (
        "mjevent calc ron 3 30 --dealer --honba 1",
        "mjevent calc tsumo 4 30 --rules sanma-club",
        "mjevent calc ron yakuman",
        "mjevent calc --chart --rules wrc",
    ):
        assert f"    {example}\n" in result.stdout


def test_help_lists_every_preset() -> None:
    result = runner.invoke(app, ["calc", "--help"], env={"COLUMNS": "100"})
    assert result.exit_code == 0
    assert (
        "--rules <str> A rules preset: ema2016, ema2025, jpml-a, majsoul, majsoul3, mleague, "
        "sanma-club, tenhou, tenhou3, wrc, wrl. --players"
    ) in " ".join(result.stdout.split())


def test_calc_module_does_not_load_textual() -> None:
    script = "import sys, mjevent.tui.cli.calc; print('textual' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd="/")
    assert out.stdout.strip() == "False"


# --- The chart ------------------------------------------------------------------------------


def test_chart_prints_both_tables_and_the_limits_within_80_columns() -> None:
    result = calc("--chart")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert "30    1000 (300/500)    2000 (500/1000)   3900 (1000/2000)  7700 (2000/3900)" in lines
    assert "25    -                 2400              4800 (1600 all)   9600 (3200 all)" in lines
    assert "20    -                 - (400/700)       - (700/1300)      - (1300/2600)" in lines
    assert "mangan          5         8000 (2000/4000)          12000 (4000 all)" in lines
    assert "yakuman         yaku only 32000 (8000/16000)        48000 (16000 all)" in lines


def test_chart_follows_the_rules_kiriage_and_sanma_payments() -> None:
    wrc = calc("--chart", "--rules", "wrc").stdout.splitlines()
    assert "30    1000 (300/500)    2000 (500/1000)   3900 (1000/2000)  8000 (2000/4000)" in wrc
    sanma = calc("--chart", "--rules", "sanma-club", "--sanma-tsumo", "bisection").stdout
    # 1 han 30 fu non-dealer tsumo: 300/500 plus half of North's 300 (rounded up) from each.
    assert "30    1000 (500/700)" in sanma
    assert "yakuman         13+       32000 (12000/20000)" in sanma


# --- JSON lines -----------------------------------------------------------------------------


def _jsonl(*objects: object, raw: str = "") -> tuple[int, list[dict[str, Any]]]:
    text = "".join(json.dumps(o) + "\n" for o in objects) + raw
    result = calc("--jsonl", stdin=text)
    return result.exit_code, [json.loads(line) for line in result.stdout.splitlines()]


def test_jsonl_ron_and_tsumo_give_exactly_the_documented_keys() -> None:
    code, out = _jsonl(
        {"win": "ron", "han": 3, "fu": 30, "dealer": True, "honba": 1},
        {"win": "tsumo", "han": 1, "fu": 30, "honba": 2, "deposits": 1},
        {"win": "tsumo", "han": 2, "fu": 20, "dealer": True},
    )
    assert code == 0
    assert out == [
        {
            "base": 960,
            "limit": None,
            "ron": 6100,
            "tsumo_dealer": None,
            "tsumo_non_dealer": None,
            "total": 6100,
        },
        {
            "base": 240,
            "limit": None,
            "ron": None,
            "tsumo_dealer": 700,
            "tsumo_non_dealer": 500,
            "total": 2700,
        },
        {
            "base": 320,
            "limit": None,
            "ron": None,
            "tsumo_dealer": None,
            "tsumo_non_dealer": 700,
            "total": 2100,
        },
    ]


def test_jsonl_overrides_players_rules_kiriage_kazoe_sanma_tsumo() -> None:
    code, out = _jsonl(
        {"win": "ron", "han": 4, "fu": 30, "kiriage": True},
        {"win": "ron", "han": 13},
        {"win": "ron", "han": 13, "kazoe": "yakuman"},
        {"win": "tsumo", "han": 5, "players": 3},
        {"win": "tsumo", "han": 5, "players": 3, "sanma_tsumo": "bisection"},
        {"win": "tsumo", "yakuman": 2, "rules": "mleague", "deposits": 1},
        {"win": "ron", "han": 2, "fu": 30, "rules": "sanma-club", "honba": 2},
    )
    assert code == 0
    assert [(o["base"], o["limit"], o["total"]) for o in out] == [
        (2000, "mangan", 8000),
        (6000, "sanbaiman", 24000),
        (8000, "yakuman", 32000),
        (2000, "mangan", 6000),
        (2000, "mangan", 8000),
        (16000, "yakuman", 65000),
        (480, None, 2400),
    ]
    assert (out[4]["tsumo_dealer"], out[4]["tsumo_non_dealer"]) == (5000, 3000)


def test_jsonl_bad_lines_give_errors_in_place_and_the_rest_go_on() -> None:
    code, out = _jsonl(
        {"win": "ron", "han": 1, "fu": 20},
        {"win": "ron", "hann": 1},
        {"win": "tsumo", "han": 2, "fu": 30},
        {"win": "ron", "han": 3, "fu": 30, "rules": "sanma-club", "players": 4},
        {"win": "draw", "han": 1, "fu": 30},
        {"win": "ron", "han": 1, "fu": 30, "dealer": "yes"},
        {"win": "ron", "yakuman": 1, "han": 13},
        [1, 2],
        raw="not json\n\n" + json.dumps({"win": "ron", "han": 5}) + "\n",
    )
    assert code == 1
    assert len(out) == 10
    assert out[0] == {
        "error": "line 1: 1 han 20 fu: 20 fu is pinfu tsumo, which has 2 han at least "
        "(pinfu + menzen tsumo); enter 2 han or more, or count the fu again"
    }
    assert out[1]["error"].startswith("line 2: unknown key 'hann' for a hand")
    assert "did you mean 'han'?" in out[1]["error"]
    assert out[2]["total"] == 2000
    assert out[3] == {
        "error": "line 4: players=4 but rule set 'sanma-club' is for 3 players; drop one of "
        "them, or name a 4-player rule set"
    }
    assert out[4] == {"error": 'line 5: win="draw": expected one of "ron", "tsumo"'}
    assert out[5] == {"error": 'line 6: dealer="yes": expected true or false'}
    assert out[6] == {"error": "line 7: give han and fu, or yakuman, not both"}
    assert out[7]["error"].startswith("line 8: expected a JSON object")
    assert out[8]["error"].startswith("line 9: not JSON (Expecting value")
    # The blank line 10 is skipped; line 11 is scored.
    assert out[9]["total"] == 8000


def test_jsonl_final_scores_use_the_game_result() -> None:
    code, out = _jsonl(
        {"rules": "ema2016", "final": [45000, 30000, 30000, 15000], "deposits_left": 0},
        {"final": [52000, 35000, 18000]},
        {"rules": "ema2016", "final": [45000, 30000, 29000, 15000], "deposits_left": 1},
        {"rules": "ema2016", "final": [45000, 30000, 30000, 14000]},
        {"rules": "ema2016", "final": [45000, 30000, 30000]},
    )
    assert code == 1
    assert out[0] == {
        "places": [1, 2, 2, 4],
        "uma": [15000, 0, 0, -15000],
        "oka": [0, 0, 0, 0],
        "total": [30000, 0, 0, -30000],
        "rounded": [30000, 0, 0, -30000],
    }
    # Three scores: sanma, the default 3-player rules (35,000 return, uma 15/0/-15).
    assert out[1]["places"] == [1, 2, 3]
    assert out[1]["total"] == [32000, 0, -32000]
    # The stick left on the table goes to first place (EMA).
    assert out[2]["places"] == [1, 2, 3, 4]
    assert out[2]["total"][0] == 31000
    assert out[3]["error"].startswith("line 4: scores add up to 119,000; expected 120,000")
    assert out[4]["error"].startswith("line 5: 3 final scores given, but rule set 'ema2016' is")


def test_jsonl_with_only_good_lines_exits_0_and_empty_input_prints_nothing() -> None:
    assert calc("--jsonl", stdin="").stdout == ""
    assert calc("--jsonl", stdin="").exit_code == 0


def test_jsonl_type_errors_name_the_key_and_what_was_expected() -> None:
    code, out = _jsonl(
        {"win": "ron", "han": "3", "fu": 30},
        {"win": "ron", "han": 3, "fu": 30, "honba": -1},
        {"win": "ron", "yakuman": 0},
        {"win": "ron", "han": 3, "fu": 30, "players": 5},
        {"win": "ron", "han": 3, "fu": 30, "kazoe": "yakumen"},
        {"win": "ron", "han": 3, "fu": 30, "rules": "tenhouu"},
        {"win": "tsumo", "fu": 30},
    )
    assert code == 1
    assert [o["error"] for o in out[:4]] == [
        'line 1: han="3": expected a whole number',
        "line 2: honba=-1: expected a whole number, 0 or more",
        "line 3: yakuman=0: expected a whole number, 1 or more",
        "line 4: players=5: expected 3 (sanma) or 4",
    ]
    assert out[4]["error"] == (
        'line 5: kazoe="yakumen": expected one of "yakuman", "sanbaiman"; did you mean \'yakuman\'?'
    )
    assert out[5]["error"].startswith(
        "line 6: unknown rule preset 'tenhouu'; did you mean 'tenhou'?"
    )
    assert (
        out[6]["error"] == 'line 7: missing "han": give "han" (and "fu" below 5 han), or "yakuman"'
    )


def test_players_option_picks_the_default_rules_and_must_match_a_named_preset() -> None:
    result = calc("tsumo", "5", "--players", "3")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[1].startswith("Rules: sanma-club (3 players, tsumo loss")
    assert "Winner gains:         6,000\n" in result.stdout
    mismatch = calc("tsumo", "5", "--players", "4", "--rules", "sanma-club")
    assert mismatch.exit_code == 2
    assert "players=4 but rule set 'sanma-club' is for 3 players" in mismatch.stderr


# --- docs/calc.md stays true ----------------------------------------------------------------


def _doc_examples() -> list[tuple[str, list[str]]]:
    """Every `$ ...` command of docs/calc.md's code blocks with the lines shown after it."""
    doc = (Path(__file__).resolve().parent.parent / "docs" / "calc.md").read_text()
    examples: list[tuple[str, list[str]]] = []
    shown: list[str] | None = None
    for line in doc.splitlines():
        if line.startswith("```"):
            shown = None
        elif line.startswith("$ "):
            shown = []
            examples.append((line[2:].split("  #")[0].strip(), shown))
        elif shown is not None:
            shown.append(line)
    for _, lines in examples:
        while lines and not lines[-1]:
            lines.pop()
    return [(command, lines) for command, lines in examples if lines]


DOC_EXAMPLES = _doc_examples()


def test_docs_show_examples() -> None:
    assert len(DOC_EXAMPLES) >= 5


@pytest.mark.parametrize(("command", "shown"), DOC_EXAMPLES, ids=[c for c, _ in DOC_EXAMPLES])
def test_docs_example_output_is_what_the_command_prints(command: str, shown: list[str]) -> None:
    stdin = None
    if command.startswith("echo "):
        echoed, command = command.split(" | ", 1)
        stdin = shlex.split(echoed)[1] + "\n"
    args = shlex.split(command)
    assert args[:2] == ["mjevent", "calc"]
    result = runner.invoke(app, args[1:], input=stdin)
    assert result.output.splitlines() == shown


# --- score_line over random legal lines -----------------------------------------------------

OUTPUT_KEYS = ["base", "limit", "ron", "tsumo_dealer", "tsumo_non_dealer", "total"]


@settings(max_examples=150, deadline=None)
@given(
    win=st.sampled_from(["ron", "tsumo"]),
    han=st.integers(2, 14),
    fu=st.sampled_from([30, 40, 50, 60, 70, 80, 90, 100, 110]),
    dealer=st.booleans(),
    honba=st.integers(0, 5),
    deposits=st.integers(0, 5),
    rules=st.sampled_from([None, "ema2016", "wrc", "mleague", "sanma-club", "tenhou3"]),
)
def test_any_legal_line_gives_exactly_the_output_keys_and_a_consistent_total(
    win: str, han: int, fu: int, dealer: bool, honba: int, deposits: int, rules: str | None
) -> None:
    line: dict[str, object] = {"win": win, "han": han, "fu": fu, "dealer": dealer}
    line |= {"honba": honba, "deposits": deposits}
    if rules is not None:
        line["rules"] = rules
    out = score_line(line)
    assert list(out) == OUTPUT_KEYS
    players = 3 if rules in ("sanma-club", "tenhou3") else 4
    sticks = deposits * 1000
    if win == "ron":
        assert out["total"] == out["ron"] + sticks
        assert out["tsumo_dealer"] is None and out["tsumo_non_dealer"] is None
    elif dealer:
        assert out["tsumo_dealer"] is None
        assert out["total"] == out["tsumo_non_dealer"] * (players - 1) + sticks
    else:
        expected = out["tsumo_dealer"] + out["tsumo_non_dealer"] * (players - 2) + sticks
        assert out["total"] == expected
    assert out["total"] % 100 == 0


@pytest.mark.parametrize(
    ("args", "paid"),
    [
        # The chart's limit rows: mangan 8000 (dealer 12000), haneman 3000/6000, baiman 16000.
        (["ron", "mangan"], "Discarder pays:       8,000"),
        (["ron", "4/mgn"], "Discarder pays:       8,000"),
        (["ron", "mgn", "--dealer"], "Discarder pays:       12,000"),
        (["tsumo", "haneman"], "Dealer pays:          6,000"),
        (["ron", "baiman"], "Discarder pays:       16,000"),
    ],
)
def test_a_limit_name_is_the_hand(args: list[str], paid: str) -> None:
    result = calc(*args)
    assert result.exit_code == 0, result.output
    assert paid in result.stdout.splitlines()

"""Every preset pinned to its published values, setting by setting.

The expected tables are typed from the sources cited in docs/rules.md (and next to each preset
below), not computed from `core/rules.py`: a change to a preset must change this file too, with
its source. Each test compares the whole settings table, so a setting added to `RuleSet` without
a pinned value fails here.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from mjevent.core.presets import PRESET_NAMES, PRESETS, UnknownPresetError, preset
from mjevent.core.rules import RuleSet, setting_names
from mjevent.core.settings import EventInfo, EventRules, EventSettings
from mjevent.core.standings import Criterion, StandingsConfig

DOCS = Path(__file__).resolve().parents[2] / "docs"

# EMA Riichi Competition Rules 2016: MahjongPantheon/pantheon Common/rulesets/ema.php,
# MahjongRepository/mahjong_wiki .../ema-riichi-competition-rules.md, EMA announcement of the
# 2016 revision (mahjong-europe.org).
EMA2016: dict[str, Any] = {
    "name": "ema2016",
    "players": 4,
    "start_points": 30000,
    "return_points": 30000,
    "uma": [15000, 5000, -5000, -15000],
    "uma_floating": [],
    "oka": 0,
    "ties": "split",
    "length": "south",
    "goal_points": 0,
    "extension": "none",
    "bust": "none",
    "agariyame": False,
    "tenpaiyame": False,
    "kiriage": False,
    "kazoe": "sanbaiman",
    "multiple_yakuman": False,
    "double_yakuman": [],
    "multi_ron": "allowed",
    "multi_ron_honba": "each_winner",
    "multi_ron_deposits": "own_back_rest_first",
    "abortive_draws": False,
    "nagashi": "off",
    "riichi_value": 1000,
    "honba_ron": 300,
    "honba_tsumo_each": 100,
    "noten_total": 3000,
    "sanma_tsumo": "loss",
    "leftover": "split_first",
    "chombo": "after_uma",
    "chombo_penalty": 20000,
    "chombo_ends_game": False,
    "time_call": "one_more_hand",
    "time_call_minutes": 0,
    "chombo_counts_after_call": False,
    "substitute_points": -15000,
    "substitute_uma": -15000,
    "substitute_uma_after_start": -15000,
    "late_penalty_per_minute": 0,
    "late_limit_minutes": 0,
    "score_sheet_penalty": 0,
    "rounding": "none",
    "rounding_rest_to_first": False,
    "pao_yaku": ["daisangen", "daisuushii"],
    "renchan_on_tenpai": True,
    "renchan_on_abortive": True,
    "abortive_draw_kinds": ["kyuushu_kyuuhai", "suucha_riichi", "suufon_renda", "suukaikan"],
    "multi_ron_renchan": "any_winner",
    "riichi_needs_points": False,
    "pao_scope": "whole_hand",
}

# Pantheon Common/rulesets/ema2025.php: kiriage on, a chombo in the last hand ends the game.
# EMA Riichi Rules 2025 as issue 23 quotes them: §7.4 the signal 15 minutes before the end, a
# chombo after it counts as one of the remaining hands; §7.3 a substitute swapped in after the
# game began takes the uma of the place (our reading, VERIFY); §7.2 1,000 per started minute of
# lateness up to 10 minutes; §7.5 a 2,000-point score-sheet penalty.
EMA2025 = {
    **EMA2016,
    "name": "ema2025",
    "kiriage": True,
    "chombo_ends_game": True,
    "time_call_minutes": 15,
    "chombo_counts_after_call": True,
    "substitute_uma_after_start": None,
    "late_penalty_per_minute": 1000,
    "late_limit_minutes": 10,
    "score_sheet_penalty": 2000,
}

# Pantheon Common/rulesets/wrc.php (atamahane, kiriage, end after the hand, chombo ends the game)
# and the WRC 2022 rule changes (different yakuman stack; EmeraldCoder/riichi-pointer-js#29).
WRC = {
    **EMA2016,
    "name": "wrc",
    "kiriage": True,
    "multiple_yakuman": True,
    "multi_ron": "head_bump",
    "time_call": "end_after_hand",
    "chombo_ends_game": True,
}

# World Riichi League: WRC rules with a 30-point chombo (ApplySci/aim server/forms/
# tournament_forms.py: -30 for "wrl" and "wro", -20 otherwise).
WRL = {**WRC, "name": "wrl", "chombo_penalty": 30000}

# M.League: 25,000 start, 30,000 return, rank points +50/+10/-10/-30 (uma 30/10 + oka 20), split
# on ties, atamahane, kiriage, composite yakuman, no kazoe, no bust, no abortive draws, chombo
# -20 after uma, pao also for suukantsu (riichi.wiki M.League page; m-league.jp rule summaries).
MLEAGUE = {
    **EMA2016,
    "name": "mleague",
    "start_points": 25000,
    "return_points": 30000,
    "uma": [30000, 10000, -10000, -30000],
    "oka": 20000,
    "kiriage": True,
    "multiple_yakuman": True,
    "multi_ron": "head_bump",
    "nagashi": "draw_payment",
    "time_call": "none",
    "substitute_points": None,
    "substitute_uma": None,
    "substitute_uma_after_start": None,
    "pao_yaku": ["daisangen", "daisuushii", "suukantsu"],
}

# JPML A rules: floating uma by the number of players below 30,000 (Pantheon
# Common/rulesets/jpmlA.php and Ruleset.php complexUma), atamahane, abortive draws, the last
# hand's riichi sticks stay as kyoutaku, no kazoe, no double yakuman.
JPML_A = {
    **EMA2016,
    "name": "jpml-a",
    "uma": [8000, 4000, -4000, -8000],
    "uma_floating": [[1, [8000, 3000, 1000, -12000]], [3, [12000, -1000, -3000, -8000]]],
    "multi_ron": "head_bump",
    "abortive_draws": True,
    "leftover": "nobody",
    "time_call": "end_after_hand",
    "pao_yaku": ["daisangen", "daisuushii", "suukantsu"],
}

# Tenhou ranked 4P: 25,000/30,000, oka 20, uma 10-20, seat order on ties, sudden death to 30,000,
# bust below 0, automatic agari-yame and tenpai-yame, rounding to 1000, double ron (triple ron
# aborts) with honba and sticks to the first winner, nagashi replacing noten payments, riichi only
# with 1000 points (arcturus.su Tenhou.net rules; mjstars.net rules-for).
TENHOU = {
    **EMA2016,
    "name": "tenhou",
    "start_points": 25000,
    "return_points": 30000,
    "uma": [20000, 10000, -10000, -20000],
    "oka": 20000,
    "ties": "seat_order",
    "goal_points": 30000,
    "extension": "sudden_death",
    "bust": "below_zero",
    "agariyame": True,
    "tenpaiyame": True,
    "kazoe": "yakuman",
    "multiple_yakuman": True,
    "multi_ron": "double_only",
    "multi_ron_honba": "first_winner",
    "multi_ron_deposits": "first_winner",
    "abortive_draws": True,
    "nagashi": "draw_payment",
    "leftover": "first",
    "chombo": "reverse_mangan",
    "time_call": "none",
    "substitute_points": None,
    "substitute_uma": None,
    "substitute_uma_after_start": None,
    "rounding": "nearest_1000_half_away",
    "rounding_rest_to_first": True,
    "riichi_needs_points": True,
}

# Mahjong Soul ranked 4P: points gained = (raw - 25,000)/1000 + uma 15/5/-5/-15, rounded up;
# extension to 30,000; bust below 0 only; triple ron paid; sticks to the first winner; seat-wind
# tie-breaker (riichi.wiki Majsoul page); double yakuman patterns (smly/RiichiEnv#43, #111).
MAJSOUL = {
    **TENHOU,
    "name": "majsoul",
    "return_points": 25000,
    "uma": [15000, 5000, -5000, -15000],
    "oka": 0,
    "double_yakuman": [
        "daisuushii",
        "junsei_chuuren_poutou",
        "kokushi_musou_13",
        "suuankou_tanki",
    ],
    "multi_ron": "allowed",
    "rounding": "up_1000",
    "rounding_rest_to_first": False,
    "pao_scope": "pao_yakuman",
}

# The club sanma rules of ../shared/seeds/004_46c9778ed7896629.txt: 35,000 start and return, no
# oka, uma +15/0/-15, tsumo loss, honba 200 ron / 100 each tsumo, noten 3,000, goal 40,000 with
# extension, bust below 0, kyuushu kyuuhai and four kans abort with the dealer staying, nagashi
# settled as a draw, Mahjong Soul pao, double ron keeps the deal when the dealer is among the
# winners.
SANMA_CLUB = {
    **EMA2016,
    "name": "sanma-club",
    "players": 3,
    "start_points": 35000,
    "return_points": 35000,
    "uma": [15000, 0, -15000],
    "goal_points": 40000,
    "extension": "next_round",
    "bust": "below_zero",
    "kazoe": "yakuman",
    "multiple_yakuman": True,
    "multi_ron_honba": "first_winner",
    "multi_ron_deposits": "first_winner",
    "abortive_draws": True,
    "abortive_draw_kinds": ["kyuushu_kyuuhai", "suukaikan"],
    "nagashi": "draw_payment",
    "honba_ron": 200,
    "honba_tsumo_each": 100,
    "noten_total": 3000,
    "sanma_tsumo": "loss",
    "leftover": "first",
    "chombo": "flat_each",
    "chombo_penalty": 6000,
    "time_call": "none",
    "substitute_points": None,
    "substitute_uma": None,
    "substitute_uma_after_start": None,
    "riichi_needs_points": True,
    "pao_scope": "pao_yakuman",
}

# Mahjong Soul 3P: 35,000 start, points gained against 35,000, uma 15/0/-15, goal 40,000, honba
# 200 (shinkuan/Akagi#115, checked on a Mahjong Soul log), noten 2,000, only kyuushu kyuuhai and
# four kans abort (riichi.wiki Majsoul page; mahjong-portal.com sanma summary).
MAJSOUL3 = {
    **MAJSOUL,
    "name": "majsoul3",
    "players": 3,
    "start_points": 35000,
    "return_points": 35000,
    "uma": [15000, 0, -15000],
    "goal_points": 40000,
    "abortive_draw_kinds": ["kyuushu_kyuuhai", "suukaikan"],
    "honba_ron": 200,
    "noten_total": 2000,
}

# Tenhou 3P: 35,000 start, 40,000 return (oka 15,000), uma +20/0/-20 (mjstars.net 3-player
# ranking rules, matching an owari record 40000 -> 0.0, -6300 -> -66.0, 71300 -> +66.0).
TENHOU3 = {
    **TENHOU,
    "name": "tenhou3",
    "players": 3,
    "start_points": 35000,
    "return_points": 40000,
    "uma": [20000, 0, -20000],
    "oka": 15000,
    "goal_points": 40000,
    "abortive_draw_kinds": ["kyuushu_kyuuhai", "suukaikan"],
    "honba_ron": 200,
    "noten_total": 2000,
}


def test_presets_are_exactly_the_eleven_named_in_the_issue() -> None:
    assert sorted(PRESETS) == [
        "ema2016",
        "ema2025",
        "jpml-a",
        "majsoul",
        "majsoul3",
        "mleague",
        "sanma-club",
        "tenhou",
        "tenhou3",
        "wrc",
        "wrl",
    ]


def test_pinned_tables_cover_every_setting() -> None:
    assert list(EMA2016) == list(setting_names())


def test_ema2016_is_the_rcr_2016() -> None:
    assert preset("ema2016").rules.settings() == EMA2016


def test_ema2025_adds_kiriage_chombo_ending_the_game_and_the_7_2_to_7_5_rules() -> None:
    assert preset("ema2025").rules.settings() == EMA2025


def test_wrc_head_bumps_rounds_up_to_mangan_and_ends_after_the_hand() -> None:
    assert preset("wrc").rules.settings() == WRC


def test_wrl_is_wrc_with_a_30_point_chombo() -> None:
    assert preset("wrl").rules.settings() == WRL
    assert preset("wrl").rules.chombo_penalty == 30000


def test_mleague_rank_points_are_50_10_minus10_minus30() -> None:
    rules = preset("mleague").rules
    assert rules.settings() == MLEAGUE
    # Rank points as published: uma plus the whole oka for first.
    assert rules.uma[0] + rules.oka == 50000
    assert rules.oka == (rules.return_points - rules.start_points) * rules.players


def test_jpml_a_uma_floats_with_the_players_below_30000() -> None:
    rules = preset("jpml-a").rules
    assert rules.settings() == JPML_A
    assert rules.uma_for(0) == (8000, 4000, -4000, -8000)
    assert rules.uma_for(1) == (8000, 3000, 1000, -12000)
    assert rules.uma_for(2) == (8000, 4000, -4000, -8000)
    assert rules.uma_for(3) == (12000, -1000, -3000, -8000)


def test_tenhou_is_25000_30000_with_uma_20_10_and_seat_order_ties() -> None:
    rules = preset("tenhou").rules
    assert rules.settings() == TENHOU
    assert rules.uma[0] + rules.oka == 40000


def test_majsoul_scores_against_the_start_and_rounds_up() -> None:
    assert preset("majsoul").rules.settings() == MAJSOUL


def test_sanma_club_matches_the_seed_rules() -> None:
    assert preset("sanma-club").rules.settings() == SANMA_CLUB


def test_majsoul3_pays_200_per_honba_and_2000_noten() -> None:
    assert preset("majsoul3").rules.settings() == MAJSOUL3


def test_tenhou3_is_35000_40000_with_uma_20_0_minus20() -> None:
    rules = preset("tenhou3").rules
    assert rules.settings() == TENHOU3
    assert rules.oka == (rules.return_points - rules.start_points) * rules.players


def test_tenhou3_reproduces_a_recorded_tenhou_sanma_result() -> None:
    # owari="400,0.0,-63,-66.0,713,66.0,...": final - return, rounded to 1000, + uma (+ oka).
    rules = preset("tenhou3").rules
    second = (40000 - rules.return_points) // 1000 + rules.uma[1] // 1000
    third = -round((6300 + rules.return_points) / 1000) + rules.uma[2] // 1000
    first = round((71300 - rules.return_points) / 1000) + (rules.uma[0] + rules.oka) // 1000
    assert (second, third, first) == (0, -66, 66)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_keeps_its_name_and_a_zero_sum_uma(name: str) -> None:
    rules = preset(name).rules
    assert rules.name == name
    assert sum(rules.uma) == 0
    assert len(rules.uma) == rules.players


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_is_zero_sum_once_the_oka_is_paid(name: str) -> None:
    # Four players at the start score (start - return) each; first's oka makes up the rest.
    rules = preset(name).rules
    assert rules.players * (rules.start_points - rules.return_points) + rules.oka == 0


# --- One record per preset ----------------------------------------------------------------


def test_preset_names_are_listed_in_alphabetical_order_for_help_and_errors() -> None:
    assert PRESET_NAMES == (
        "ema2016", "ema2025", "jpml-a", "majsoul", "majsoul3", "mleague", "sanma-club", "tenhou",
        "tenhou3", "wrc", "wrl",
    )


def test_each_record_is_named_as_its_rules_and_found_by_that_name() -> None:
    for name, record in PRESETS.items():
        assert (record.name, record.rules.name, preset(name)) == (name, name, record)


def test_each_preset_carries_its_tiebreak_chain() -> None:
    chains = {name: [c.value for c in record.tiebreaks] for name, record in PRESETS.items()}
    assert chains == {
        "ema2016": ["total", "shared"],
        "ema2025": ["total", "shared"],
        "wrc": ["total", "shared"],
        "wrl": ["total", "shared"],
        "mleague": ["total", "firsts", "best_game", "shared"],
        "jpml-a": ["total", "avg_place", "shared"],
        "tenhou": ["total", "avg_place", "shared"],
        "majsoul": ["total", "avg_place", "shared"],
        "sanma-club": ["total", "firsts", "avg_place", "shared"],
        "majsoul3": ["total", "avg_place", "shared"],
        "tenhou3": ["total", "avg_place", "shared"],
    }


def test_a_presets_standings_config_is_its_chain_over_the_defaults() -> None:
    assert preset("mleague").standings_config() == StandingsConfig(
        tiebreaks=(Criterion.TOTAL, Criterion.FIRSTS, Criterion.BEST_GAME, Criterion.SHARED)
    )


def test_each_preset_cites_its_sources() -> None:
    assert preset("wrl").sources == (
        "ApplySci/aim server/forms/tournament_forms.py (validate_chombo)",
    )
    assert preset("sanma-club").sources == ("../shared/seeds/004_46c9778ed7896629.txt",)
    assert all(record.sources and record.tiebreak_source for record in PRESETS.values())


def test_an_unknown_preset_is_refused_naming_the_closest_and_every_preset() -> None:
    with pytest.raises(UnknownPresetError) as caught:
        preset("ema2061")
    assert str(caught.value) == (
        "unknown rule preset 'ema2061'; did you mean 'ema2016'? (known: ema2016, ema2025, "
        "jpml-a, majsoul, majsoul3, mleague, sanma-club, tenhou, tenhou3, wrc, wrl)"
    )
    assert caught.value.known == PRESET_NAMES


def test_settings_naming_no_preset_have_no_standings_config() -> None:
    # There used to be a silent fallback chain (total, shared) for a name that is not a preset.
    house = EventSettings(EventInfo("Cup"), EventRules("house", {}, RuleSet(name="house")))
    with pytest.raises(UnknownPresetError) as caught:
        house.standings_config()
    assert caught.value.problem == "unknown rule preset 'house'"


def test_docs_presets_table_is_the_records() -> None:
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    part = text.split("\n## Presets\n", 1)[1].split("\n### ", 1)[0]
    rows = re.findall(r"^\| `([a-z0-9-]+)` \| (\d) \| (.+) \|$", part, flags=re.MULTILINE)
    assert rows == [(p.name, str(p.rules.players), p.title) for p in PRESETS.values()]


def test_docs_default_chains_are_the_records() -> None:
    text = (DOCS / "standings.md").read_text(encoding="utf-8")
    part = text.split("### Default chain per rule preset", 1)[1].split("\n\n", 3)[2]
    documented: dict[str, list[str]] = {}
    for names, chain in re.findall(r"^\| (`[^|]+`) \| `([a-z_, ]+)` \|", part, re.MULTILINE):
        for name in re.findall(r"`([a-z0-9-]+)`", names):
            documented[name] = chain.split(", ")
    assert documented == {
        name: [c.value for c in record.tiebreaks] for name, record in PRESETS.items()
    }

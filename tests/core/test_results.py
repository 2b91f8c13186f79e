"""The final result of a game: places, uma, oka, leftover sticks, substitutes, penalties, rounding.

Expected numbers are worked by hand from the rule sets' published values (docs/game.md), never
computed by the code under test.
"""

from __future__ import annotations

import pytest

from mjevent.core.presets import PRESETS, preset
from mjevent.core.results import (
    ScoreSumError,
    check_final_scores,
    game_result,
    places,
    round_points,
    settle_leftover,
    share_by_place,
)
from mjevent.core.rules import Chombo, Leftover, Rounding, RuleSet, TieRule

EMA = preset("ema2016").rules
SANMA = preset("sanma-club").rules
JPML = preset("jpml-a").rules
# M.League and Tenhou as published (anchors §4.4), built here so that these tests pin the result
# arithmetic and not the presets, which have their own tests.
MLEAGUE = RuleSet(
    name="mleague-values",
    start_points=25000,
    return_points=30000,
    uma=(30000, 10000, -10000, -30000),
    oka=20000,
    ties=TieRule.SPLIT,
    chombo=Chombo.AFTER_UMA,
)
TENHOU = RuleSet(
    name="tenhou-values",
    start_points=25000,
    return_points=30000,
    uma=(20000, 10000, -10000, -20000),
    oka=20000,
    ties=TieRule.SEAT_ORDER,
    leftover=Leftover.FIRST,
    rounding=Rounding.NEAREST_1000_HALF_AWAY,
)


# --- places ------------------------------------------------------------------------------------


def test_places_split_share_the_better_place_number() -> None:
    assert places([30000, 30000, 30000, 30000], TieRule.SPLIT) == (1, 1, 1, 1)
    assert places([20000, 40000, 40000, 20000], TieRule.SPLIT) == (3, 1, 1, 3)
    assert places([50000, 10000, 30000, 30000], TieRule.SPLIT) == (1, 4, 2, 2)


def test_places_seat_order_puts_the_seat_nearer_the_first_dealer_higher() -> None:
    assert places([30000, 30000, 30000, 30000], TieRule.SEAT_ORDER) == (1, 2, 3, 4)
    assert places([20000, 40000, 40000, 20000], TieRule.SEAT_ORDER) == (3, 1, 2, 4)


# --- uma and oka on ties -----------------------------------------------------------------------


def test_ema_second_and_third_tied_share_uma_15000_0_0_minus_15000() -> None:
    r = game_result([45000, 30000, 30000, 15000], EMA)
    assert r.places == (1, 2, 2, 4)
    assert r.uma == (15000, 0, 0, -15000)
    assert r.oka == (0, 0, 0, 0)
    assert r.total == (30000, 0, 0, -30000)
    assert r.points == (30000, 0, 0, -30000)


def test_ema_all_four_tied_get_no_uma() -> None:
    r = game_result([30000, 30000, 30000, 30000], EMA)
    assert r.places == (1, 1, 1, 1)
    assert r.uma == (0, 0, 0, 0)
    assert r.points == (0, 0, 0, 0)


def test_ema_three_tied_for_first_average_the_top_three_uma() -> None:
    # 15000 + 5000 - 5000 = 15000 over three seats: 5000 each.
    r = game_result([40000, 40000, 40000, 0], EMA)
    assert r.uma == (5000, 5000, 5000, -15000)
    assert r.total == (15000, 15000, 15000, -45000)


def test_ema_first_pair_and_last_pair_tied_both_split() -> None:
    r = game_result([35000, 35000, 25000, 25000], EMA)
    assert r.places == (1, 1, 3, 3)
    assert r.uma == (10000, 10000, -10000, -10000)


def test_sanma_top_two_tied_share_7500_7500() -> None:
    r = game_result([40000, 40000, 25000], SANMA)
    assert r.places == (1, 1, 3)
    assert r.uma == (7500, 7500, -15000)
    assert r.total == (12500, 12500, -25000)


def test_mleague_tie_for_first_shares_oka_and_the_uma_of_places_1_and_2() -> None:
    r = game_result([35000, 35000, 20000, 10000], MLEAGUE)
    assert r.places == (1, 1, 3, 4)
    assert r.uma == (20000, 20000, -10000, -30000)
    assert r.oka == (10000, 10000, 0, 0)
    assert r.total == (35000, 35000, -20000, -50000)
    assert sum(r.total) == 0


def test_mleague_clear_first_takes_the_whole_oka() -> None:
    r = game_result([41200, 30300, 18700, 9800], MLEAGUE)
    assert r.oka == (20000, 0, 0, 0)
    # 41200-30000+30000+20000, 300+10000, -11300-10000, -20200-30000
    assert r.total == (61200, 10300, -21300, -50200)


def test_tenhou_tie_goes_to_the_earlier_seat_and_rounds_to_1000() -> None:
    r = game_result([20000, 30000, 30000, 20000], TENHOU)
    assert r.places == (3, 1, 2, 4)
    assert r.uma == (-10000, 20000, 10000, -20000)
    assert r.oka == (0, 20000, 0, 0)
    assert r.total == (-20000, 40000, 10000, -30000)
    assert r.rounded == (-20000, 40000, 10000, -30000)


def test_tenhou_rounding_of_uneven_totals() -> None:
    # 38400: 8400+20000+20000 = 48400 -> 48000; 27600: -2400+10000 = 7600 -> 8000;
    # 21500: -8500-10000 = -18500 -> -19000 (a negative 500 goes away from zero, as on Tenhou);
    # 12500: -17500-20000 = -37500 -> -38000.
    r = game_result([38400, 27600, 21500, 12500], TENHOU)
    assert r.total == (48400, 7600, -18500, -37500)
    assert r.rounded == (48000, 8000, -19000, -38000)
    assert sum(r.total) == 0
    assert sum(r.rounded) == -1000


def test_jpml_floating_uma_three_below_30000() -> None:
    r = game_result([45000, 26000, 25000, 24000], JPML)
    assert r.uma == (12000, -1000, -3000, -8000)
    assert r.total == (27000, -5000, -8000, -14000)


def test_jpml_floating_uma_one_below_30000() -> None:
    r = game_result([34000, 33000, 31000, 22000], JPML)
    assert r.uma == (8000, 3000, 1000, -12000)
    assert r.total == (12000, 6000, 2000, -20000)


def test_jpml_floating_uma_two_below_30000_uses_the_plain_table() -> None:
    r = game_result([40000, 35000, 25000, 20000], JPML)
    assert r.uma == (8000, 4000, -4000, -8000)


def test_jpml_three_below_with_second_to_fourth_tied_share_minus_4000() -> None:
    r = game_result([48000, 24000, 24000, 24000], JPML)
    assert r.uma == (12000, -4000, -4000, -4000)
    assert sum(r.uma) == 0


def test_uneven_three_way_share_moves_in_hundreds_to_the_earlier_seats() -> None:
    # 12000 - 1000 - 3000 = 8000 over three: 2666.7, so 2700, 2700, 2600 by seat order.
    shares = share_by_place(
        [12000, -1000, -3000, -8000], [30000, 30000, 30000, 10000], TieRule.SPLIT
    )
    assert shares == (2700, 2700, 2600, -8000)
    # A negative sum: -8000 over three gives -2600 to the earliest seat, -2700 to the others.
    shares = share_by_place(
        [8000, -1000, -3000, -4000], [50000, 10000, 10000, 10000], TieRule.SPLIT
    )
    assert shares == (8000, -2600, -2700, -2700)


def test_uneven_share_of_an_odd_amount_moves_in_points() -> None:
    assert share_by_place([1001, -1001], [5, 5], TieRule.SPLIT) == (0, 0)
    assert share_by_place([1001, 0, -1001], [5, 5, 1], TieRule.SPLIT) == (501, 500, -1001)


def test_share_by_place_rejects_a_wrong_number_of_places() -> None:
    with pytest.raises(ValueError, match="3 amounts per place for 4 seats"):
        share_by_place([1, 2, -3], [1, 2, 3, 4], TieRule.SPLIT)


# --- leftover riichi sticks --------------------------------------------------------------------


def test_leftover_split_first_floors_each_share_to_100_and_keeps_the_rest_off_the_table() -> None:
    assert settle_leftover([34000, 34000, 34000, 17000], EMA, 1) == (
        (34300, 34300, 34300, 17000),
        100,
    )
    assert settle_leftover([35000, 35000, 25000, 23000], EMA, 2) == (
        (36000, 36000, 25000, 23000),
        0,
    )
    assert settle_leftover([40000, 30000, 30000, 19000], EMA, 1) == (
        (41000, 30000, 30000, 19000),
        0,
    )


def test_leftover_split_first_result_keeps_the_tie() -> None:
    r = game_result([34000, 34000, 34000, 17000], EMA, deposits_left=1)
    assert r.final == (34300, 34300, 34300, 17000)
    assert r.leftover == 100
    assert r.places == (1, 1, 1, 4)
    assert r.uma == (5000, 5000, 5000, -15000)
    assert r.total == (9300, 9300, 9300, -28000)


def test_leftover_first_goes_to_the_earlier_seat_on_a_tie() -> None:
    r = game_result([40000, 40000, 24000], SANMA, deposits_left=1)
    assert r.final == (41000, 40000, 24000)
    assert r.places == (1, 2, 3)
    assert r.uma == (15000, 0, -15000)
    assert r.leftover == 0


def test_leftover_nobody_and_pot_give_the_sticks_to_nobody() -> None:
    r = game_result([40000, 30000, 29000, 19000], JPML, deposits_left=2)
    assert r.final == (40000, 30000, 29000, 19000)
    assert r.leftover == 2000
    pot = EMA.with_overrides({"leftover": "pot"})
    assert game_result([40000, 30000, 29000, 19000], pot, deposits_left=2).leftover == 2000


# --- substitutes and penalties -----------------------------------------------------------------


def test_ema_substitute_scores_minus_15_minus_15_whatever_the_place() -> None:
    r = game_result([25000, 30000, 25000, 40000], EMA, substitutes={3})
    assert r.places == (3, 2, 3, 1)
    assert r.uma == (-10000, 5000, -10000, -15000)
    assert r.total == (-15000, 5000, -15000, -30000)
    assert r.substitutes == frozenset({3})


def test_substitute_with_no_fixed_values_keeps_the_table_result() -> None:
    rules = EMA.with_overrides({"substitute_points": None, "substitute_uma": None})
    r = game_result([25000, 30000, 25000, 40000], rules, substitutes={3})
    assert r.total == (-15000, 5000, -15000, 25000)


def test_substitute_outside_the_table_is_refused() -> None:
    with pytest.raises(ValueError, match=r"substitutes \[4\] are not seats"):
        game_result([30000] * 4, EMA, substitutes={4})


def test_chombo_after_uma_takes_20000_per_chombo_off_the_points() -> None:
    r = game_result([45000, 30000, 30000, 15000], EMA, chombos=(0, 2, 0, 1))
    assert r.penalties == (0, -40000, 0, -20000)
    assert r.total == (30000, 0, 0, -30000)
    assert r.points == (30000, -40000, 0, -50000)


def test_chombo_paid_at_the_table_has_no_penalty_after_uma() -> None:
    r = game_result([47000, 35000, 23000], SANMA, chombos=(1, 0, 0))
    assert r.penalties == (0, 0, 0)
    assert r.points == (27000, 0, -27000)


def test_wrong_number_of_chombo_counts_is_refused() -> None:
    with pytest.raises(ValueError, match=r"one count .* per seat, 4 in all"):
        game_result([30000] * 4, EMA, chombos=(1, 0))


# --- rounding ----------------------------------------------------------------------------------


def test_nearest_1000_sends_500_up_and_can_break_the_zero_sum() -> None:
    rules = EMA.with_overrides({"rounding": "nearest_1000"})
    r = game_result([35500, 30500, 29500, 24500], rules)
    assert r.total == (20500, 5500, -5500, -20500)
    assert r.rounded == (21000, 6000, -5000, -20000)
    assert sum(r.rounded) == 2000


def test_up_1000_rounds_towards_plus_infinity() -> None:
    rules = EMA.with_overrides({"rounding": "up_1000"})
    r = game_result([35100, 30100, 29900, 24900], rules)
    assert r.total == (20100, 5100, -5100, -20100)
    assert r.rounded == (21000, 6000, -5000, -20000)


def test_round_points_each_mode() -> None:
    assert round_points(1499, Rounding.NEAREST_1000) == 1000
    assert round_points(-1500, Rounding.NEAREST_1000) == -1000
    assert round_points(-1501, Rounding.NEAREST_1000) == -2000
    assert round_points(-1500, Rounding.NEAREST_1000_HALF_AWAY) == -2000
    assert round_points(-1499, Rounding.NEAREST_1000_HALF_AWAY) == -1000
    assert round_points(1500, Rounding.NEAREST_1000_HALF_AWAY) == 2000
    assert round_points(1, Rounding.UP_1000) == 1000
    assert round_points(-999, Rounding.UP_1000) == 0
    assert round_points(-1234, Rounding.NONE) == -1234


# --- final scores only -------------------------------------------------------------------------


def test_check_final_scores_accepts_a_sum_of_start_times_players() -> None:
    check_final_scores([40000, 30000, 30000, 20000], EMA)
    check_final_scores([40000, 30000, 30000, 18000], EMA, deposits_left=2)
    check_final_scores([50000, 35000, 20000], SANMA)


def test_check_final_scores_says_how_much_is_missing() -> None:
    with pytest.raises(ScoreSumError) as caught:
        check_final_scores([40000, 30000, 29000, 20000], EMA)
    assert str(caught.value) == (
        "scores add up to 119,000; expected 120,000 (4 x 30,000 less 0 riichi sticks on the "
        "table): 1,000 missing"
    )


def test_check_final_scores_says_how_much_is_too_many_with_sticks_on_the_table() -> None:
    with pytest.raises(ScoreSumError) as caught:
        check_final_scores([40000, 30000, 30000, 20000], EMA, deposits_left=1)
    assert str(caught.value) == (
        "scores add up to 120,000; expected 119,000 (4 x 30,000 less 1 riichi stick on the "
        "table): 1,000 too many"
    )


def test_check_final_scores_wants_one_score_per_seat() -> None:
    with pytest.raises(ScoreSumError, match=r"4 final scores given, .* for 3 players"):
        check_final_scores([40000, 30000, 20000, 15000], SANMA)


def test_check_final_scores_refuses_negative_deposits() -> None:
    with pytest.raises(ScoreSumError, match="deposits_left=-1"):
        check_final_scores([30000] * 4, EMA, deposits_left=-1)


def test_game_result_refuses_a_non_integer_score() -> None:
    with pytest.raises(ScoreSumError, match=r"'31\.2' is not a whole number"):
        game_result([30000, 30000, 30000, "31.2"], EMA)  # type: ignore[list-item]


# --- the shipped presets -----------------------------------------------------------------------


def test_mleague_preset_tie_for_first_shares_oka_and_uma() -> None:
    r = game_result([35000, 35000, 20000, 10000], preset("mleague").rules)
    assert r.uma == (20000, 20000, -10000, -30000)
    assert r.oka == (10000, 10000, 0, 0)
    assert r.points == (35000, 35000, -20000, -50000)


def test_tenhou3_preset_matches_a_published_game_record() -> None:
    # A Tenhou sanma record's owari="400,0.0,-63,-66.0,713,66.0" (docs/rules.md, tenhou3):
    # 40000 -> 0.0, -6300 -> -66.0, 71300 -> +66.0 (31.3 rounded, oka 15, uma 20).
    r = game_result([40000, -6300, 71300], preset("tenhou3").rules)
    assert r.places == (2, 3, 1)
    assert r.total == (0, -66300, 66300)
    assert r.rounded == (0, -66000, 66000)


def test_majsoul_preset_rounds_up_and_breaks_ties_by_seat() -> None:
    # Mahjong Soul: (raw - 25000) + uma, always rounded up; equal scores by seat.
    r = game_result([25000, 25000, 43200, 6800], preset("majsoul").rules)
    assert r.places == (2, 3, 1, 4)
    assert r.total == (5000, -5000, 33200, -33200)
    assert r.rounded == (5000, -5000, 34000, -33000)


def test_tenhou_first_place_absorbs_the_rounding_so_the_table_sums_to_zero() -> None:
    # Seconds to fourth: +4800 -> +5000, -21600 -> -22000, -38500 -> -39000 (a negative 500
    # goes away from zero); first is not rounded on its own: it takes 0 minus the rest, +56000
    # (its unrounded +55300 would round to +55000).
    r = game_result([45300, 24800, 18400, 11500], preset("tenhou").rules)
    assert r.total == (55300, 4800, -21600, -38500)
    assert r.rounded == (56000, 5000, -22000, -39000)
    assert sum(r.rounded) == 0


@pytest.mark.parametrize("name", ["tenhou", "tenhou3"])
def test_tenhou_bust_at_minus_7500_scores_minus_58_and_first_gets_the_point(name: str) -> None:
    # Issue 17, from real Tenhou results: every .5 below 0 went down (21 of 21), every .5 at 0 or
    # above went up (169 of 169). A bust at -7,500 is -37.5 - 20 uma = -57.5 -> -58, not -57.
    rules = preset(name).rules
    if name == "tenhou":
        # 60000 / 25000 / 22500 / -7500: +70.0, +5.0, -17.5, -57.5 before rounding.
        r = game_result([60000, 25000, 22500, -7500], rules)
        assert r.total == (70000, 5000, -17500, -57500)
        assert r.rounded == (71000, 5000, -18000, -58000)
    else:
        # 35000 start, 40000 return, oka 15000, uma 20/0/-20: 72500 / 40000 / -7500 give
        # +32.5 + 15 + 20 = +67.5, 0, -47.5 - 20 = -67.5.
        r = game_result([72500, 40000, -7500], rules)
        assert r.total == (67500, 0, -67500)
        assert r.rounded == (68000, 0, -68000)
    assert sum(r.rounded) == 0


def test_rest_to_first_differs_from_rounding_each_seat() -> None:
    # Each seat rounded alone: +20500 +5500 -5500 -20500 -> +21000 +6000 -5000 -20000 (sum +2000);
    # with the rest to first, first takes -(6000 - 5000 - 20000) = +19000.
    each = preset("ema2016").rules.with_overrides({"rounding": "nearest_1000"})
    rest = each.with_overrides({"rounding_rest_to_first": True})
    finals = [35500, 30500, 29500, 24500]
    assert game_result(finals, each).rounded == (21000, 6000, -5000, -20000)
    assert game_result(finals, rest).rounded == (19000, 6000, -5000, -20000)


def test_half_down_rounding_sends_an_exact_500_down() -> None:
    half_down = preset("ema2016").rules.with_overrides({"rounding": "nearest_1000_half_down"})
    r = game_result([35500, 30500, 29500, 24500], half_down)
    assert r.rounded == (20000, 5000, -6000, -21000)


MINUS_7500: list[tuple[str, list[int], int, int]] = [
        # No rounding: EMA ("final scores are not rounded", mahjong_wiki EMA RCR page), WRC and
        # WRL (session score = points/1000 + uma, to the hundred), M.League (points to 0.1),
        # JPML A (one player below 30000: uma 8/3/1/-12), the sanma club (seed 004 rounds
        # nothing). -7500 - 30000 - 15000 = -52500.
        ("ema2016", [60000, 35000, 32500, -7500], -52500, -52500),
        ("ema2025", [60000, 35000, 32500, -7500], -52500, -52500),
        ("wrc", [60000, 35000, 32500, -7500], -52500, -52500),
        ("wrl", [60000, 35000, 32500, -7500], -52500, -52500),
        ("jpml-a", [60000, 35000, 32500, -7500], -49500, -49500),
        ("mleague", [60000, 25000, 22500, -7500], -67500, -67500),
        ("sanma-club", [72500, 40000, -7500], -57500, -57500),
        # Tenhou: an exact .5 goes away from zero (issue 17: 21 of 21 below 0 went down).
        ("tenhou", [60000, 25000, 22500, -7500], -57500, -58000),
        ("tenhou3", [72500, 40000, -7500], -67500, -68000),
        # Mahjong Soul: always rounded up (riichi.wiki "Majsoul": -1.9 -> -1), so -47.5 -> -47.
        ("majsoul", [60000, 25000, 22500, -7500], -47500, -47000),
        ("majsoul3", [72500, 40000, -7500], -57500, -57000),
]


@pytest.mark.parametrize(("name", "finals", "total", "rounded"), MINUS_7500)
def test_every_preset_rounds_a_bust_at_minus_7500_as_its_source_says(
    name: str, finals: list[int], total: int, rounded: int
) -> None:
    r = game_result(finals, preset(name).rules)
    assert (r.total[-1], r.rounded[-1]) == (total, rounded)
    assert r.places[-1] == len(finals)


def test_the_minus_7500_table_covers_every_preset() -> None:
    assert {row[0] for row in MINUS_7500} == set(PRESETS)

"""A table's game, hand by hand: dealer repeat, honba, riichi sticks, chombo, winds and the end.

Every expected score is worked by hand (docs/game.md gives the rules and their sources).
"""

from __future__ import annotations

import dataclasses

import pytest

from mjevent.core.game import (
    EndReason,
    GameOverError,
    GameState,
    apply_hand,
    call_time,
    end_game,
    new_game,
    play,
    result_of,
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
from mjevent.core.rules import (
    Bust,
    Extension,
    GameLength,
    Leftover,
    Rounding,
    RuleSet,
    TieRule,
    TimeCall,
)
from mjevent.core.scoring import IllegalHandError, settle

EMA = preset("ema2016").rules
EMA2025 = preset("ema2025").rules
WRC = preset("wrc").rules
JPML = preset("jpml-a").rules
SANMA = preset("sanma-club").rules
# Tenhou's published game rules (anchors §4.4), built here so the tests pin the game logic.
TENHOU = RuleSet(
    name="tenhou-values",
    start_points=25000,
    return_points=30000,
    uma=(20000, 10000, -10000, -20000),
    oka=20000,
    ties=TieRule.SEAT_ORDER,
    goal_points=30000,
    extension=Extension.SUDDEN_DEATH,
    bust=Bust.BELOW_ZERO,
    agariyame=True,
    tenpaiyame=True,
    leftover=Leftover.FIRST,
    rounding=Rounding.NEAREST_1000,
    time_call=TimeCall.NONE,
)


def at(
    rules: RuleSet,
    wind: int,
    number: int,
    scores: tuple[int, ...] | None = None,
    *,
    honba: int = 0,
    deposits: int = 0,
) -> GameState:
    """A game of `rules` about to play hand `number` of round `wind` with the given scores."""
    return dataclasses.replace(
        new_game(rules),
        round_wind=wind,
        hand_number=number,
        dealer=number - 1,
        scores=scores if scores is not None else (rules.start_points,) * rules.players,
        honba=honba,
        deposits=deposits,
    )


def ron(
    loser: int, *winners: int, han: int = 1, fu: int = 30, riichi: frozenset[int] = frozenset()
) -> Hand:
    wins = tuple(Win(w, HandValue(han, fu)) for w in winners)
    return Hand(Ron(loser=loser, wins=wins), riichi=riichi)


def tsumo(winner: int, han: int = 1, fu: int = 30, riichi: frozenset[int] = frozenset()) -> Hand:
    return Hand(Tsumo(Win(winner, HandValue(han, fu))), riichi=riichi)


def draw(*tenpai: int, riichi: frozenset[int] = frozenset()) -> Hand:
    return Hand(Draw(tenpai=frozenset(tenpai)), riichi=riichi)


def step(state: GameState, hand: Hand) -> GameState:
    return apply_hand(state, hand)[0]


# --- start, dealer repeat and honba -----------------------------------------------------------


def test_new_game_starts_at_east_1_with_the_start_points() -> None:
    game = new_game(EMA)
    assert game.scores == (30000, 30000, 30000, 30000)
    assert (game.round_wind, game.hand_number, game.dealer) == (0, 1, 0)
    assert (game.honba, game.deposits, game.chombos) == (0, 0, (0, 0, 0, 0))
    assert game.label == "East 1, 0 honba"
    assert not game.finished
    assert not game.time_called
    assert game.hands == 0


def test_dealer_ron_keeps_the_deal_and_adds_a_counter() -> None:
    # Dealer 2 han 30 fu ron: 30 x 2^4 x 6 = 2880 -> 2900.
    game = step(new_game(EMA), ron(1, 0, han=2))
    assert game.scores == (32900, 27100, 30000, 30000)
    assert game.label == "East 1, 1 honba"
    assert game.dealer == 0


def test_non_dealer_tsumo_passes_the_deal_and_clears_the_counters() -> None:
    # 1 han 30 fu tsumo at 1 honba: the dealer pays 500 + 100, the others 300 + 100 each.
    game = step(at(EMA, 0, 1, honba=1), tsumo(2))
    assert game.scores == (29400, 29600, 31400, 29600)
    assert game.label == "East 2, 0 honba"
    assert game.dealer == 1


def test_dealer_among_two_ron_winners_keeps_the_deal() -> None:
    # Seat 2 deals in to seat 3 (1000) and the dealer, seat 0 (1500); EMA pays both.
    game, paid = apply_hand(new_game(EMA), ron(2, 3, 0))
    assert paid.winners == (3, 0)
    assert game.scores == (31500, 30000, 27500, 31000)
    assert game.label == "East 1, 1 honba"


def test_sanma_double_ron_with_the_dealer_second_in_turn_keeps_the_deal() -> None:
    # Seed rules: the dealer continues when one of the two ron winners is the dealer.
    game, paid = apply_hand(at(SANMA, 0, 2), ron(2, 0, 1))
    assert paid.winners == (0, 1)
    assert game.label == "East 2, 1 honba"
    assert game.dealer == 1


def test_sanma_house_option_dealer_must_be_the_first_ron_winner_to_keep_the_deal() -> None:
    rules = SANMA.with_overrides({"multi_ron_renchan": "first_winner"})
    game, paid = apply_hand(at(rules, 0, 2), ron(2, 0, 1))
    assert paid.winners == (0, 1)
    assert game.label == "East 3, 0 honba"
    game, paid = apply_hand(at(rules, 0, 2), ron(0, 1, 2))
    assert paid.winners == (1, 2)
    assert game.label == "East 2, 1 honba"


def test_head_bumped_dealer_does_not_keep_the_deal() -> None:
    # WRC: atamahane. Seat 3 is first after the discarder (seat 2) and takes the win alone.
    game, paid = apply_hand(new_game(WRC), ron(2, 0, 3))
    assert paid.winners == (3,)
    assert game.scores == (30000, 30000, 29000, 31000)
    assert game.label == "East 2, 0 honba"


def test_draw_with_the_dealer_tenpai_keeps_the_deal_and_adds_a_counter() -> None:
    game = step(new_game(EMA), draw(0))
    assert game.scores == (33000, 29000, 29000, 29000)
    assert game.label == "East 1, 1 honba"


def test_draw_with_the_dealer_noten_passes_the_deal_and_still_adds_a_counter() -> None:
    game = step(new_game(EMA), draw(1, 2))
    assert game.scores == (28500, 31500, 31500, 28500)
    assert game.label == "East 2, 1 honba"


def test_dealer_tenpai_passes_the_deal_without_renchan_on_tenpai() -> None:
    rules = EMA.with_overrides({"renchan_on_tenpai": False})
    game = step(new_game(rules), draw(0))
    assert game.label == "East 2, 1 honba"


def test_riichi_sticks_wait_on_the_table_for_the_next_winner() -> None:
    game = step(new_game(EMA), draw(riichi=frozenset({1, 2})))
    assert game.scores == (30000, 29000, 29000, 30000)
    assert (game.deposits, game.label) == (2, "East 2, 1 honba")
    # Seat 3 rons the dealer's discard: 1000 + 300 honba + the two sticks.
    game = step(game, ron(0, 3))
    assert game.scores == (28700, 29000, 29000, 33300)
    assert (game.deposits, game.label) == (0, "East 3, 0 honba")


def test_abortive_draw_keeps_the_deal_adds_a_counter_and_keeps_the_sticks() -> None:
    game = step(new_game(JPML), Hand(AbortiveDraw("kyuushu_kyuuhai"), riichi=frozenset({0})))
    assert game.scores == (29000, 30000, 30000, 30000)
    assert (game.deposits, game.label) == (1, "East 1, 1 honba")


def test_abortive_draw_passes_the_deal_without_renchan_on_abortive() -> None:
    rules = JPML.with_overrides({"renchan_on_abortive": False})
    game = step(new_game(rules), Hand(AbortiveDraw("suufon_renda")))
    assert game.label == "East 2, 1 honba"


def test_abortive_draw_is_refused_by_rules_without_abortive_draws() -> None:
    with pytest.raises(IllegalHandError, match="has no abortive draws"):
        apply_hand(new_game(EMA), Hand(AbortiveDraw("kyuushu_kyuuhai")))


def test_triple_ron_aborted_by_the_rules_is_an_abortive_draw() -> None:
    rules = EMA.with_overrides({"multi_ron": "double_only"})
    game, paid = apply_hand(new_game(rules), ron(1, 2, 3, 0, riichi=frozenset({3})))
    assert paid.winners == ()
    assert game.scores == (30000, 30000, 30000, 29000)
    assert (game.deposits, game.label) == (1, "East 1, 1 honba")


def test_riichi_needs_the_points_for_the_stick_when_the_rules_say_so() -> None:
    poor = at(SANMA, 0, 1, (500, 52000, 52500))
    with pytest.raises(IllegalHandError, match="seat 0 declared riichi with 500 points"):
        apply_hand(poor, draw(riichi=frozenset({0})))
    game = step(at(SANMA, 0, 1, (1000, 52000, 52000)), draw(riichi=frozenset({0})))
    assert (game.scores, game.deposits) == ((0, 52000, 52000), 1)


def test_riichi_below_the_stick_is_allowed_by_ema() -> None:
    game = step(at(EMA, 0, 1, (500, 30000, 30000, 59500)), draw(riichi=frozenset({0})))
    assert game.scores == (-500, 30000, 30000, 59500)


# --- chombo ------------------------------------------------------------------------------------


def test_chombo_redeals_the_hand_with_no_counter_and_returns_the_riichi() -> None:
    before = at(EMA, 0, 2, (31000, 29000, 30000, 29000), honba=1, deposits=1)
    game = step(before, Hand(ChomboHand(offender=3), riichi=frozenset({0})))
    assert game.scores == (31000, 29000, 30000, 29000)
    assert (game.deposits, game.honba, game.label) == (1, 1, "East 2, 1 honba")
    assert game.chombos == (0, 0, 0, 1)
    assert game.hands == 1


def test_chombo_after_uma_is_a_penalty_in_the_result() -> None:
    game = end_game(step(new_game(EMA), Hand(ChomboHand(offender=2))))
    assert result_of(game).penalties == (0, 0, -20000, 0)
    assert result_of(game).points == (0, 0, -20000, 0)


def test_sanma_chombo_pays_6000_to_each_other_player_at_the_table() -> None:
    game = step(new_game(SANMA), Hand(ChomboHand(offender=0)))
    assert game.scores == (23000, 41000, 41000)
    assert game.label == "East 1, 0 honba"
    assert result_of(end_game(game)).penalties == (0, 0, 0)


def test_reverse_mangan_chombo_by_a_non_dealer() -> None:
    rules = EMA.with_overrides({"chombo": "reverse_mangan"})
    game = step(new_game(rules), Hand(ChomboHand(offender=2)))
    assert game.scores == (34000, 32000, 22000, 32000)


# --- winds and the end of the game -------------------------------------------------------------


def test_east_4_passes_to_south_1() -> None:
    game = step(at(EMA, 0, 4), ron(3, 1))
    assert game.label == "South 1, 0 honba"
    assert (game.round_wind, game.hand_number, game.dealer) == (1, 1, 0)


def test_sanma_east_3_passes_to_south_1() -> None:
    game = step(at(SANMA, 0, 3), ron(2, 1))
    assert game.label == "South 1, 0 honba"


def test_game_ends_when_the_deal_passes_in_south_4() -> None:
    game = step(at(EMA, 1, 4), ron(3, 0))
    assert game.end_reason is EndReason.LAST_HAND
    assert game.finished
    assert game.label == "South 4, 0 honba"


def test_a_finished_game_takes_no_more_hands() -> None:
    game = step(at(EMA, 1, 4), draw())
    assert game.end_reason is EndReason.LAST_HAND
    with pytest.raises(GameOverError, match=r"cannot record another hand: the game ended"):
        apply_hand(game, draw())
    with pytest.raises(GameOverError, match="cannot call time"):
        call_time(game)
    with pytest.raises(GameOverError, match="cannot end the game again"):
        end_game(game)


def test_dealer_repeat_in_south_4_plays_on_without_agariyame() -> None:
    game = step(at(EMA, 1, 4), tsumo(3))
    assert (game.finished, game.label) == (False, "South 4, 1 honba")


def test_east_only_game_ends_after_east_4() -> None:
    rules = EMA.with_overrides({"length": "east"})
    game = step(at(rules, 0, 4), ron(2, 1))
    assert game.end_reason is EndReason.LAST_HAND


def test_sanma_ends_after_south_3_when_someone_is_at_the_goal() -> None:
    game = step(at(SANMA, 1, 3, (39000, 35000, 31000)), ron(2, 0))
    assert game.scores == (40000, 35000, 30000)
    assert game.end_reason is EndReason.LAST_HAND


# --- bust ----------------------------------------------------------------------------------------


def test_sanma_bust_is_below_zero_exactly_zero_plays_on() -> None:
    start = at(SANMA, 0, 2, (1000, 50000, 54000))
    game = step(start, ron(0, 2))
    assert game.scores == (0, 50000, 55000)
    assert not game.finished
    game = step(start, ron(0, 2, han=2))
    assert game.scores == (-1000, 50000, 56000)
    assert game.end_reason is EndReason.BUST


def test_bust_at_zero_ends_on_exactly_zero() -> None:
    rules = SANMA.with_overrides({"bust": "at_zero"})
    game = step(at(rules, 0, 2, (1000, 50000, 54000)), ron(0, 2))
    assert game.end_reason is EndReason.BUST


def test_chombo_paid_at_the_table_can_bust() -> None:
    game = step(at(SANMA, 0, 1, (5000, 50000, 50000)), Hand(ChomboHand(offender=0)))
    assert game.scores == (-7000, 56000, 56000)
    assert game.end_reason is EndReason.BUST


def test_no_bust_rule_plays_on_below_zero() -> None:
    game = step(at(EMA, 0, 2, (1000, 30000, 30000, 59000)), ron(0, 2, han=2))
    assert game.scores == (-1000, 30000, 32000, 59000)
    assert not game.finished


# --- goal and extension ------------------------------------------------------------------------


def test_sanma_nobody_at_40000_after_south_3_plays_on_into_west() -> None:
    game = step(at(SANMA, 1, 3, (38000, 35000, 32000)), ron(2, 1))
    assert game.scores == (38000, 36000, 31000)
    assert not game.finished
    assert game.in_extension
    assert game.label == "West 1, 0 honba"


def test_sanma_extension_ends_when_the_deal_passes_with_someone_at_the_goal() -> None:
    # Seat 1 takes a mangan (8000) off seat 2 in West 1.
    game = step(at(SANMA, 2, 1, (39000, 35000, 31000)), ron(2, 1, han=5, fu=0))
    assert game.scores == (39000, 43000, 23000)
    assert game.end_reason is EndReason.GOAL_IN_EXTENSION


def test_sanma_extension_dealer_repeat_at_the_goal_plays_on_until_the_deal_passes() -> None:
    game = step(at(SANMA, 2, 1, (39000, 35000, 31000)), ron(2, 0))
    assert game.scores == (40500, 35000, 29500)
    assert (game.finished, game.label) == (False, "West 1, 1 honba")
    game = step(game, ron(2, 1))
    assert game.end_reason is EndReason.GOAL_IN_EXTENSION


def test_sanma_extension_is_over_after_west_3() -> None:
    game = step(at(SANMA, 2, 3, (38000, 36000, 31000)), ron(0, 1))
    assert game.scores == (37000, 37000, 31000)
    assert game.end_reason is EndReason.EXTENSION_OVER


def test_sudden_death_ends_on_any_hand_reaching_the_goal_even_a_dealer_repeat() -> None:
    # Tenhou: West 1, the dealer wins 1 han 30 fu by ron (1500) and reaches 30000.
    game = step(at(TENHOU, 2, 1, (28500, 26000, 25500, 20000)), ron(3, 0))
    assert game.scores == (30000, 26000, 25500, 18500)
    assert game.end_reason is EndReason.GOAL_IN_EXTENSION


def test_sudden_death_enters_west_when_nobody_is_at_30000_after_south_4() -> None:
    game = step(at(TENHOU, 1, 4, (29000, 26000, 25000, 20000)), ron(3, 1))
    assert game.label == "West 1, 0 honba"
    game = step(at(TENHOU, 1, 4, (29000, 26000, 25000, 20000)), ron(3, 0))
    assert game.scores == (30000, 26000, 25000, 19000)
    assert game.end_reason is EndReason.LAST_HAND


def test_sudden_death_extension_is_over_after_west_4() -> None:
    game = step(at(TENHOU, 2, 4, (29000, 26000, 25000, 20000)), ron(1, 2))
    assert game.end_reason is EndReason.EXTENSION_OVER


def test_east_only_extension_goes_into_south() -> None:
    rules = dataclasses.replace(TENHOU, length=GameLength.EAST)
    game = step(at(rules, 0, 4, (29000, 26000, 25000, 20000)), ron(3, 1))
    assert game.label == "South 1, 0 honba"
    assert game.in_extension


# --- agariyame and tenpaiyame ------------------------------------------------------------------


def test_agariyame_leading_dealer_win_in_south_4_ends_the_game() -> None:
    start = at(TENHOU, 1, 4, (28000, 24000, 20000, 28000))
    game = step(start, tsumo(3))
    # 1 han 30 fu dealer tsumo: 500 from each. The dealer leads but is below 30000.
    assert game.scores == (27500, 23500, 19500, 29500)
    assert (game.finished, game.label) == (False, "South 4, 1 honba")
    # 2 han 30 fu at 1 honba: 1000 + 100 from each, 32800 and first.
    game = step(game, tsumo(3, han=2))
    assert game.scores == (26400, 22400, 18400, 32800)
    assert game.end_reason is EndReason.AGARIYAME


def test_no_agariyame_for_a_dealer_at_the_goal_who_is_not_first() -> None:
    game = step(at(TENHOU, 1, 4, (40000, 20000, 10000, 30000)), tsumo(3))
    assert game.scores == (39500, 19500, 9500, 31500)
    assert not game.finished


def test_agariyame_dealer_tied_for_first_depends_on_the_tie_rule() -> None:
    scores = (33000, 20000, 16000, 31000)
    game = step(at(TENHOU, 1, 4, scores), tsumo(3))
    assert game.scores == (32500, 19500, 15500, 32500)
    assert not game.finished  # seat order: seat 0 is first
    split = dataclasses.replace(TENHOU, ties=TieRule.SPLIT)
    assert step(at(split, 1, 4, scores), tsumo(3)).end_reason is EndReason.AGARIYAME


def test_agariyame_applies_only_in_the_last_hand() -> None:
    game = step(at(TENHOU, 1, 3, (25000, 25000, 30000, 20000)), tsumo(2, han=3))
    assert (game.finished, game.label) == (False, "South 3, 1 honba")


def test_tenpaiyame_leading_dealer_tenpai_at_the_draw_in_south_4() -> None:
    game = step(at(TENHOU, 1, 4, (26000, 22000, 20000, 32000)), draw(3))
    assert game.scores == (25000, 21000, 19000, 35000)
    assert game.end_reason is EndReason.TENPAIYAME


def test_without_tenpaiyame_a_leading_tenpai_dealer_plays_on() -> None:
    rules = dataclasses.replace(TENHOU, tenpaiyame=False)
    game = step(at(rules, 1, 4, (26000, 22000, 20000, 32000)), draw(3))
    assert (game.finished, game.label) == (False, "South 4, 1 honba")


def test_abortive_draw_never_triggers_agariyame() -> None:
    rules = dataclasses.replace(TENHOU, abortive_draws=True)
    game = step(
        at(rules, 1, 4, (26000, 22000, 20000, 32000)), Hand(AbortiveDraw("kyuushu_kyuuhai"))
    )
    assert (game.finished, game.label) == (False, "South 4, 1 honba")


# --- time call ---------------------------------------------------------------------------------


def test_ema_one_more_hand_after_the_hand_in_progress_and_chombo_does_not_count() -> None:
    game = call_time(at(EMA, 0, 2))
    assert game.time_hands_left == 2
    game = step(game, draw(1))
    assert (game.finished, game.time_hands_left) == (False, 1)
    game = step(game, Hand(ChomboHand(offender=0)))
    assert (game.finished, game.time_hands_left) == (False, 1)
    game = step(game, draw(1))
    assert game.end_reason is EndReason.TIME
    assert game.hands_after_time == 2


def test_ema2025_chombo_in_the_last_hand_ends_the_game() -> None:
    game = step(call_time(at(EMA2025, 0, 2)), draw(1))
    game = step(game, Hand(ChomboHand(offender=3)))
    assert game.end_reason is EndReason.CHOMBO_LAST_HAND
    assert game.chombos == (0, 0, 0, 1)


def test_ema2025_7_4_chombo_after_the_signal_counts_as_one_of_the_remaining_hands() -> None:
    """EMA Riichi Rules 2025 §7.4: a chombo after the signal counts as one of the remaining
    hands. A chombo in the hand in progress at the signal uses it up: its redeal (same dealer,
    same counters) is the one more hand, and the game ends after it."""
    game = step(call_time(at(EMA2025, 0, 2)), Hand(ChomboHand(offender=3)))
    assert (game.finished, game.time_hands_left, game.hands_after_time) == (False, 1, 1)
    assert (game.label, game.dealer, game.chombos) == ("East 2, 0 honba", 1, (0, 0, 0, 1))
    game = step(game, draw(1))
    assert game.end_reason is EndReason.TIME
    assert game.hands_after_time == 2


def test_ema2025_7_4_two_chombos_after_the_signal_end_the_game() -> None:
    """EMA 2025 §7.4: both remaining hands can be chombos; the second ends the game."""
    game = step(call_time(at(EMA2025, 1, 3)), Hand(ChomboHand(offender=0)))
    game = step(game, Hand(ChomboHand(offender=2)))
    assert game.end_reason is EndReason.CHOMBO_LAST_HAND
    assert game.chombos == (1, 0, 1, 0)
    # The chombo penalty (-20,000 after uma) stays as in 2016.
    assert result_of(game).penalties == (-20000, 0, -20000, 0)


def test_ema2025_7_4_a_chombo_before_the_signal_is_still_a_redeal_that_does_not_count() -> None:
    game = step(at(EMA2025, 0, 2), Hand(ChomboHand(offender=3)))
    game = call_time(game)
    assert (game.time_hands_left, game.hands_after_time) == (2, 0)


def test_ema2025_7_4_chombo_counting_without_chombo_ends_game_ends_on_time() -> None:
    rules = EMA2025.with_overrides({"chombo_ends_game": False})
    game = step(call_time(at(rules, 0, 2)), draw(1))
    game = step(game, Hand(ChomboHand(offender=1)))
    assert game.end_reason is EndReason.TIME


def test_wrc_ends_after_the_hand_in_progress() -> None:
    game = call_time(at(WRC, 1, 1))
    assert game.time_hands_left == 1
    game = step(game, ron(2, 1))
    assert game.end_reason is EndReason.TIME


def test_wrc_chombo_after_the_call_ends_the_game() -> None:
    game = step(call_time(at(WRC, 1, 1)), Hand(ChomboHand(offender=1)))
    assert game.end_reason is EndReason.CHOMBO_LAST_HAND


def test_end_after_hand_without_chombo_ends_game_redeals_a_chombo() -> None:
    rules = WRC.with_overrides({"chombo_ends_game": False})
    game = step(call_time(at(rules, 1, 1)), Hand(ChomboHand(offender=1)))
    assert not game.finished
    assert step(game, draw()).end_reason is EndReason.TIME


def test_time_call_is_ignored_by_rules_without_a_time_limit() -> None:
    game = call_time(new_game(SANMA))
    assert game.time_called
    assert game.time_hands_left is None
    game = step(step(step(game, draw()), draw()), draw())
    assert not game.finished


def test_last_hand_wins_over_time_as_the_end_reason() -> None:
    game = step(call_time(at(WRC, 1, 4)), ron(3, 1))
    assert game.end_reason is EndReason.LAST_HAND


def test_calling_time_twice_changes_nothing() -> None:
    game = call_time(new_game(EMA))
    assert call_time(game) is game


# --- ending by the director, results, replay ---------------------------------------------------


def test_director_ends_the_game_with_the_reason_of_the_moment() -> None:
    assert end_game(new_game(EMA)).end_reason is EndReason.DIRECTOR
    assert end_game(call_time(new_game(EMA))).end_reason is EndReason.TIME


def test_result_of_an_unfinished_game_is_refused() -> None:
    with pytest.raises(ValueError, match="still at East 1, 0 honba"):
        result_of(new_game(EMA))


def test_result_of_settles_the_sticks_left_on_the_table() -> None:
    # South 4: a draw with seat 0 tenpai and seat 1 in riichi; the deal passes and the game ends.
    start = at(EMA, 1, 4, (40000, 30000, 30000, 20000))
    game = step(start, draw(0, riichi=frozenset({1})))
    assert game.end_reason is EndReason.LAST_HAND
    assert game.scores == (43000, 28000, 29000, 19000)
    assert game.deposits == 1
    result = result_of(game, substitutes={2})
    assert result.final == (44000, 28000, 29000, 19000)
    assert result.places == (1, 3, 2, 4)
    assert result.total == (29000, -7000, -30000, -26000)


def test_play_replays_hands_and_names_the_hand_that_fails() -> None:
    assert play(EMA, [draw(), draw(1), tsumo(1)]).label == "East 2, 3 honba"
    assert play(EMA, [draw(), draw(1), tsumo(2)]).label == "East 3, 0 honba"
    with pytest.raises(IllegalHandError, match=r"^hand 2 \(East 2, 1 honba\): abortive draw"):
        play(EMA, [draw(), Hand(AbortiveDraw("kyuushu_kyuuhai"))])


def test_apply_hand_returns_the_calculator_settlement() -> None:
    game = at(EMA, 0, 3, honba=2, deposits=1)
    hand = ron(0, 1, han=3, fu=40, riichi=frozenset({1}))
    _, paid = apply_hand(game, hand)
    assert paid == settle(hand, dealer=2, honba=2, deposits=1, rules=EMA)


def test_game_state_refuses_a_dealer_who_does_not_deal_that_hand() -> None:
    with pytest.raises(ValueError, match="dealer 0 does not deal hand 2"):
        dataclasses.replace(new_game(EMA), hand_number=2)


def test_game_state_refuses_scores_for_the_wrong_table_size() -> None:
    with pytest.raises(ValueError, match="3 scores for 4 seats"):
        dataclasses.replace(new_game(EMA), scores=(30000, 30000, 30000))


def test_tenhou_preset_agariyame_and_sudden_death() -> None:
    tenhou = preset("tenhou").rules
    game = step(at(tenhou, 1, 4, (28000, 24000, 20000, 28000)), tsumo(3, han=2))
    assert game.scores == (27000, 23000, 19000, 31000)
    assert game.end_reason is EndReason.AGARIYAME
    game = step(at(tenhou, 2, 1, (28500, 26000, 25500, 20000)), ron(3, 0))
    assert game.end_reason is EndReason.GOAL_IN_EXTENSION


def test_a_pot_carried_from_the_previous_game_goes_to_the_first_winner() -> None:
    pot = EMA.with_overrides({"leftover": "pot"})
    first = step(at(pot, 1, 4, (40000, 30000, 30000, 20000)), draw(riichi=frozenset({0, 1})))
    carried = result_of(first).leftover // pot.riichi_value
    assert carried == 2
    game = step(new_game(pot, deposits=carried), ron(1, 2))
    assert game.scores == (30000, 29000, 33000, 30000)
    assert game.deposits == 0


def test_play_refuses_hands_after_the_end_and_names_the_first_extra_hand() -> None:
    hands = [draw()] * 7 + [ron(3, 0)]  # every draw passes the deal: South 4 is hand 8
    assert play(EMA, hands).end_reason is EndReason.LAST_HAND
    with pytest.raises(GameOverError, match=r"^hand 9 \(South 4, 7 honba\): cannot record"):
        play(EMA, [*hands, draw()])

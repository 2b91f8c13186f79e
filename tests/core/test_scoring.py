"""The hand calculator: worked examples, limits, multi-ron, draws, chombo, pao, sanma, errors.

Every rule set used here spells out the settings the test depends on, so that a preset being
corrected later cannot silently change what a test checks.
"""

from __future__ import annotations

import dataclasses
import re

import pytest

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
from mjevent.core.rules import (
    Chombo,
    Kazoe,
    MultiRon,
    MultiRonDeposits,
    MultiRonHonba,
    Nagashi,
    PaoScope,
    RulesError,
    RuleSet,
    SanmaTsumo,
)
from mjevent.core.scoring import (
    HandPoints,
    IllegalHandError,
    Limit,
    Payment,
    PaymentKind,
    hand_points,
    quote,
    round_up_100,
    settle,
)

FOUR = RuleSet(
    name="four",
    players=4,
    kiriage=False,
    kazoe=Kazoe.SANBAIMAN,
    multiple_yakuman=False,
    multi_ron=MultiRon.ALLOWED,
    multi_ron_honba=MultiRonHonba.EACH_WINNER,
    multi_ron_deposits=MultiRonDeposits.FIRST_WINNER,
    abortive_draws=False,
    nagashi=Nagashi.OFF,
    riichi_value=1000,
    honba_ron=300,
    honba_tsumo_each=100,
    noten_total=3000,
    chombo=Chombo.AFTER_UMA,
    chombo_penalty=20000,
    pao_yaku=frozenset({"daisangen", "daisuushii"}),
    pao_scope=PaoScope.WHOLE_HAND,
)

# The club sanma of seed 004: tsumo loss, honba 200 per ron and 100 per payer on tsumo, noten
# 3000 split, chombo 6000 to each other player, nagashi paid in place of the noten payments.
SANMA = RuleSet(
    name="sanma",
    players=3,
    start_points=35000,
    return_points=35000,
    uma=(15000, 0, -15000),
    kiriage=False,
    kazoe=Kazoe.SANBAIMAN,
    multiple_yakuman=False,
    multi_ron=MultiRon.ALLOWED,
    abortive_draws=True,
    nagashi=Nagashi.DRAW_PAYMENT,
    riichi_value=1000,
    honba_ron=200,
    honba_tsumo_each=100,
    noten_total=3000,
    sanma_tsumo=SanmaTsumo.LOSS,
    chombo=Chombo.FLAT_EACH,
    chombo_penalty=6000,
    pao_yaku=frozenset({"daisangen", "daisuushii"}),
    pao_scope=PaoScope.WHOLE_HAND,
)


def rules(base: RuleSet, **changes: object) -> RuleSet:
    return dataclasses.replace(base, **changes)  # type: ignore[arg-type]


def v(han: int, fu: int = 0) -> HandValue:
    return HandValue(han=han, fu=fu)


YAKUMAN = HandValue(yakuman=1)


def ron(loser: int, *wins: tuple[int, HandValue]) -> Ron:
    return Ron(loser=loser, wins=tuple(Win(w, value) for w, value in wins))


def tsumo(winner: int, value: HandValue, pao: int | None = None) -> Tsumo:
    return Tsumo(Win(winner, value, pao))


def deltas(
    outcome: Ron | Tsumo | Draw | AbortiveDraw | ChomboHand,
    r: RuleSet = FOUR,
    *,
    dealer: int = 0,
    honba: int = 0,
    deposits: int = 0,
    riichi: frozenset[int] = frozenset(),
) -> tuple[int, ...]:
    s = settle(Hand(outcome, riichi), dealer=dealer, honba=honba, deposits=deposits, rules=r)
    return s.deltas


# --- Seed 002: the worked examples of the scoring memo --------------------------------------


def test_seed002_example1_chiitoitsu_with_a_dora_ron_is_3200_or_4800() -> None:
    # 七対子 + ドラ1 ロン: 25 fu 3 han, base 800; dealer 4800, non-dealer 3200.
    assert hand_points(v(3, 25), FOUR) == HandPoints(800, None)
    assert quote(v(3, 25), tsumo=False, dealer=True, rules=FOUR).ron == 4800
    assert quote(v(3, 25), tsumo=False, dealer=False, rules=FOUR).ron == 3200


def test_seed002_example2_open_pinfu_ron_1_han_30_fu_rounds_up_per_payment() -> None:
    # 食いピンフ ロン: base 240; dealer 1440 -> 1500, non-dealer 960 -> 1000.
    assert hand_points(v(1, 30), FOUR) == HandPoints(240, None)
    assert quote(v(1, 30), tsumo=False, dealer=True, rules=FOUR).ron == 1500
    assert quote(v(1, 30), tsumo=False, dealer=False, rules=FOUR).ron == 1000


def test_seed002_example3_pinfu_tsumo_2_han_20_fu_is_700_all_or_400_700() -> None:
    # ツモ平和: base 320; dealer 640 -> 700 from each (2100); non-dealer 400 + 400 + 700 = 1500.
    assert hand_points(v(2, 20), FOUR) == HandPoints(320, None)
    assert deltas(tsumo(0, v(2, 20))) == (2100, -700, -700, -700)
    assert deltas(tsumo(1, v(2, 20))) == (-700, 1500, -400, -400)


def test_seed002_example4_40_fu_1_han_tsumo_and_ron() -> None:
    # Double-South pair, a dragon pung, one chii: 40 fu 1 han, base 320.
    assert hand_points(v(1, 40), FOUR) == HandPoints(320, None)
    assert deltas(tsumo(0, v(1, 40))) == (2100, -700, -700, -700)
    assert deltas(tsumo(2, v(1, 40))) == (-700, -400, 1500, -400)
    # Ron: dealer 1920 -> 2000, non-dealer 1280 -> 1300.
    assert deltas(ron(3, (0, v(1, 40)))) == (2000, 0, 0, -2000)
    assert deltas(ron(3, (1, v(1, 40)))) == (0, 1300, 0, -1300)


def test_seed002_example5_50_fu_5_han_ron_is_mangan() -> None:
    # Base 50 x 2^7 = 6400 exceeds 2000: mangan, 12000 for the dealer, 8000 otherwise.
    assert hand_points(v(5, 50), FOUR) == HandPoints(2000, Limit.MANGAN)
    assert deltas(ron(1, (0, v(5, 50)))) == (12000, -12000, 0, 0)
    assert deltas(ron(0, (2, v(5, 50)))) == (-8000, 0, 8000, 0)


@pytest.mark.parametrize(
    ("han", "limit", "non_dealer", "dealer"),
    [
        (5, Limit.MANGAN, 8000, 12000),
        (6, Limit.HANEMAN, 12000, 18000),
        (7, Limit.HANEMAN, 12000, 18000),
        (8, Limit.BAIMAN, 16000, 24000),
        (10, Limit.BAIMAN, 16000, 24000),
        (11, Limit.SANBAIMAN, 24000, 36000),
        (12, Limit.SANBAIMAN, 24000, 36000),
        # The memo says 14 han in one place; kazoe yakuman starts at 13.
        (13, Limit.YAKUMAN, 32000, 48000),
        (14, Limit.YAKUMAN, 32000, 48000),
        (26, Limit.YAKUMAN, 32000, 48000),
    ],
)
def test_seed002_limit_table_with_kazoe_yakuman(
    han: int, limit: Limit, non_dealer: int, dealer: int
) -> None:
    kazoe = rules(FOUR, kazoe=Kazoe.YAKUMAN)
    assert hand_points(v(han), kazoe).limit is limit
    assert quote(v(han), tsumo=False, dealer=False, rules=kazoe).ron == non_dealer
    assert quote(v(han), tsumo=False, dealer=True, rules=kazoe).ron == dealer


def test_seed002_kiriage_rounds_4_han_30_fu_and_3_han_60_fu_up_to_mangan() -> None:
    kiriage = rules(FOUR, kiriage=True)
    for value in (v(4, 30), v(3, 60)):
        assert hand_points(value, FOUR) == HandPoints(1920, None)
        assert hand_points(value, kiriage) == HandPoints(2000, Limit.MANGAN)
        assert quote(value, tsumo=False, dealer=False, rules=FOUR).ron == 7700
        assert quote(value, tsumo=False, dealer=False, rules=kiriage).ron == 8000
    # Only base 1920 is rounded: 3 han 50 fu (base 1600) stays 6400.
    assert quote(v(3, 50), tsumo=False, dealer=False, rules=kiriage).ron == 6400


# --- Limits --------------------------------------------------------------------------------


def test_13_han_without_kazoe_yakuman_is_sanbaiman() -> None:
    assert hand_points(v(13), FOUR) == HandPoints(6000, Limit.SANBAIMAN)
    assert hand_points(v(40), FOUR) == HandPoints(6000, Limit.SANBAIMAN)


def test_a_4_han_hand_over_base_2000_is_capped_at_mangan() -> None:
    assert hand_points(v(4, 40), FOUR) == HandPoints(2000, Limit.MANGAN)
    assert hand_points(v(3, 70), FOUR) == HandPoints(2000, Limit.MANGAN)
    assert hand_points(v(2, 130), FOUR) == HandPoints(2000, Limit.MANGAN)
    assert hand_points(v(2, 110), FOUR) == HandPoints(1760, None)


def test_double_yakuman_counts_twice_only_with_multiple_yakuman() -> None:
    double = HandValue(yakuman=2)
    assert hand_points(double, FOUR) == HandPoints(8000, Limit.YAKUMAN)
    stacked = rules(FOUR, multiple_yakuman=True)
    assert hand_points(double, stacked) == HandPoints(16000, Limit.YAKUMAN)
    assert quote(double, tsumo=False, dealer=False, rules=stacked).ron == 64000
    assert quote(HandValue(yakuman=3), tsumo=True, dealer=True, rules=stacked).total == 144000


def test_kazoe_yakuman_never_stacks_to_double() -> None:
    kazoe = rules(FOUR, kazoe=Kazoe.YAKUMAN, multiple_yakuman=True)
    assert hand_points(v(26), kazoe) == HandPoints(8000, Limit.YAKUMAN)


def test_a_huge_han_count_is_a_limit_not_a_huge_power() -> None:
    assert hand_points(v(99), FOUR) == HandPoints(6000, Limit.SANBAIMAN)


def test_a_han_count_past_99_is_refused_with_a_readable_number() -> None:
    with pytest.raises(IllegalHandError) as caught:
        hand_points(v(10**30), FOUR)
    assert str(caught.value) == (
        "a 31-digit number of han: a hand is entered with at most 99 han (13 and more is kazoe "
        "yakuman); count the han again"
    )


def test_round_up_100_rounds_each_payment_up() -> None:
    assert [round_up_100(x) for x in (0, 1, 99, 100, 101, 1920, 5760)] == [
        0,
        100,
        100,
        100,
        200,
        2000,
        5800,
    ]


# --- Ron and tsumo with honba and riichi sticks ---------------------------------------------


def test_ron_with_honba_riichi_and_deposits_lists_every_arrow() -> None:
    hand = Hand(ron(2, (1, v(3, 30))), riichi=frozenset({1, 3}))
    s = settle(hand, dealer=0, honba=2, deposits=1, rules=FOUR)
    assert s.payments == (
        Payment(1, None, 1000, PaymentKind.RIICHI),
        Payment(3, None, 1000, PaymentKind.RIICHI),
        Payment(2, 1, 3900, PaymentKind.HAND),
        Payment(2, 1, 600, PaymentKind.HONBA),
        Payment(None, 1, 3000, PaymentKind.DEPOSITS),
    )
    assert s.deltas == (0, 6500, -4500, -1000)
    assert s.deposits_after == 0
    assert s.winners == (1,)


def test_non_dealer_tsumo_with_one_honba_adds_100_per_payer() -> None:
    assert deltas(tsumo(1, v(3, 30)), honba=1) == (-2100, 4300, -1100, -1100)


def test_the_dealer_is_whoever_deals_not_seat_0() -> None:
    assert deltas(tsumo(2, v(2, 30)), dealer=2) == (-1000, -1000, 3000, -1000)
    assert deltas(tsumo(1, v(2, 30)), dealer=2) == (-500, 2000, -1000, -500)
    assert deltas(ron(0, (2, v(1, 30))), dealer=2) == (-1500, 0, 1500, 0)


def test_quote_answers_the_issue_examples() -> None:
    wrc_like = rules(FOUR, kiriage=True)
    q = quote(v(3, 30), tsumo=False, dealer=True, honba=1, rules=wrc_like)
    assert (q.base, q.limit, q.ron, q.tsumo_dealer, q.tsumo_non_dealer, q.total) == (
        960,
        None,
        6100,
        None,
        None,
        6100,
    )
    q = quote(v(4, 30), tsumo=True, dealer=False, rules=SANMA)
    assert (q.ron, q.tsumo_dealer, q.tsumo_non_dealer, q.total) == (None, 3900, 2000, 5900)
    q = quote(YAKUMAN, tsumo=False, dealer=False, deposits=2, rules=FOUR)
    assert (q.base, q.limit, q.ron, q.total) == (8000, Limit.YAKUMAN, 32000, 34000)
    q = quote(v(6), tsumo=True, dealer=True, honba=3, rules=FOUR)
    assert (q.tsumo_dealer, q.tsumo_non_dealer, q.total) == (None, 6300, 18900)


# --- Multiple ron ---------------------------------------------------------------------------

DOUBLE = ron(0, (3, v(2, 30)), (1, v(3, 30)))  # seat 0 (the dealer) deals in to seats 1 and 3


def test_double_ron_pays_each_winner_honba_each_sticks_to_the_first() -> None:
    s = settle(Hand(DOUBLE, frozenset({3})), dealer=0, honba=1, deposits=1, rules=FOUR)
    assert s.winners == (1, 3)
    assert s.deltas == (-6500, 6200, 0, 1300)
    assert s.deposits_after == 0


def test_double_ron_own_stick_back_rest_to_first_winner() -> None:
    r = rules(FOUR, multi_ron_deposits=MultiRonDeposits.OWN_BACK_REST_FIRST)
    assert deltas(DOUBLE, r, honba=1, deposits=1, riichi=frozenset({3})) == (-6500, 5200, 0, 2300)


def test_double_ron_honba_only_to_the_first_winner() -> None:
    r = rules(FOUR, multi_ron_honba=MultiRonHonba.FIRST_WINNER)
    assert deltas(DOUBLE, r, honba=1, deposits=1, riichi=frozenset({3})) == (-6200, 6200, 0, 1000)


def test_head_bump_pays_only_the_first_winner_after_the_discarder() -> None:
    r = rules(FOUR, multi_ron=MultiRon.HEAD_BUMP)
    s = settle(Hand(DOUBLE, frozenset({3})), dealer=0, honba=1, deposits=1, rules=r)
    assert s.winners == (1,)
    assert s.deltas == (-4200, 6200, 0, -1000)


def test_head_bump_turn_order_wraps_past_seat_3() -> None:
    r = rules(FOUR, multi_ron=MultiRon.HEAD_BUMP)
    s = settle(Hand(ron(3, (2, v(1, 30)), (0, v(5)))), dealer=1, honba=0, deposits=0, rules=r)
    assert s.winners == (0,)
    assert s.deltas == (8000, 0, 0, -8000)


TRIPLE = ron(2, (0, v(1, 30)), (1, v(1, 30)), (3, v(1, 30)))


def test_triple_ron_allowed_pays_all_three_in_turn_order() -> None:
    s = settle(Hand(TRIPLE), dealer=0, honba=0, deposits=0, rules=FOUR)
    assert s.winners == (3, 0, 1)
    assert s.deltas == (1500, 1000, -3500, 1000)


def test_triple_ron_is_an_abortive_draw_under_double_only_and_sticks_stay() -> None:
    r = rules(FOUR, multi_ron=MultiRon.DOUBLE_ONLY)
    s = settle(Hand(TRIPLE, frozenset({1})), dealer=0, honba=2, deposits=1, rules=r)
    assert (s.deltas, s.deposits_after, s.winners) == ((0, -1000, 0, 0), 2, ())
    assert deltas(ron(2, (0, v(1, 30)), (1, v(1, 30))), r) == (1500, 1000, -2500, 0)


def test_triple_ron_under_head_bump_pays_the_first_only() -> None:
    r = rules(FOUR, multi_ron=MultiRon.HEAD_BUMP)
    s = settle(Hand(TRIPLE), dealer=0, honba=0, deposits=0, rules=r)
    assert (s.winners, s.deltas) == ((3,), (0, 0, -1000, 1000))


# --- Exhaustive draws, nagashi, abortive draws ----------------------------------------------


@pytest.mark.parametrize(
    ("tenpai", "expected"),
    [
        (set(), (0, 0, 0, 0)),
        ({2}, (-1000, -1000, 3000, -1000)),
        ({0, 2}, (1500, -1500, 1500, -1500)),
        ({0, 1, 3}, (1000, 1000, -3000, 1000)),
        ({0, 1, 2, 3}, (0, 0, 0, 0)),
    ],
)
def test_noten_payments_split_3000(tenpai: set[int], expected: tuple[int, ...]) -> None:
    assert deltas(Draw(frozenset(tenpai))) == expected


def test_draw_leaves_riichi_sticks_on_the_table() -> None:
    s = settle(
        Hand(Draw(frozenset({0})), frozenset({0})), dealer=0, honba=4, deposits=2, rules=FOUR
    )
    assert s.deltas == (2000, -1000, -1000, -1000)
    assert (s.deposits_after, s.winners) == (3, ())


def test_two_tenpai_two_noten_arrows_are_750_each() -> None:
    s = settle(Hand(Draw(frozenset({0, 2}))), dealer=0, honba=0, deposits=0, rules=FOUR)
    assert {p.amount for p in s.payments} == {750}
    assert len(s.payments) == 4


@pytest.mark.parametrize(
    ("total", "tenpai", "expected"),
    [
        (3000, {1}, (-1500, 3000, -1500)),
        (3000, {0, 1}, (1500, 1500, -3000)),
        (2000, {1}, (-1000, 2000, -1000)),
        (2000, {0, 2}, (1000, -2000, 1000)),
        (3000, set(), (0, 0, 0)),
    ],
)
def test_sanma_noten_payment_3000_or_2000_split(
    total: int, tenpai: set[int], expected: tuple[int, ...]
) -> None:
    assert deltas(Draw(frozenset(tenpai)), rules(SANMA, noten_total=total)) == expected


def test_nagashi_as_mangan_tsumo_keeps_noten_payments_and_takes_no_honba() -> None:
    r = rules(FOUR, nagashi=Nagashi.MANGAN_TSUMO)
    s = settle(Hand(Draw(frozenset({1}), frozenset({3}))), dealer=0, honba=3, deposits=2, rules=r)
    assert s.deltas == (-5000, 1000, -3000, 7000)
    assert (s.deposits_after, s.winners) == (2, ())


def test_nagashi_as_draw_payment_replaces_noten_payments() -> None:
    r = rules(FOUR, nagashi=Nagashi.DRAW_PAYMENT)
    assert deltas(Draw(frozenset({1}), frozenset({3})), r) == (-4000, -2000, -2000, 8000)
    assert deltas(Draw(frozenset(), frozenset({0})), r) == (12000, -4000, -4000, -4000)
    # Without nagashi the noten payments are made as usual.
    assert deltas(Draw(frozenset({1})), r) == (-1000, 3000, -1000, -1000)


def test_two_nagashi_players_are_each_paid_a_mangan_tsumo() -> None:
    r = rules(FOUR, nagashi=Nagashi.DRAW_PAYMENT)
    assert deltas(Draw(frozenset(), frozenset({1, 2})), r) == (-8000, 6000, 6000, -4000)


def test_sanma_nagashi_follows_the_tsumo_loss() -> None:
    assert deltas(Draw(frozenset({0}), frozenset({1})), SANMA) == (-4000, 6000, -2000)


def test_nagashi_is_refused_when_the_rules_have_none() -> None:
    with pytest.raises(IllegalHandError, match=re.escape("nagashi mangan by seat(s) [3]")):
        deltas(Draw(frozenset(), frozenset({3})))


def test_abortive_draw_pays_nothing_and_keeps_the_sticks() -> None:
    r = rules(FOUR, abortive_draws=True)
    everyone = frozenset({0, 1, 2, 3})
    s = settle(
        Hand(AbortiveDraw("suucha riichi"), everyone), dealer=1, honba=0, deposits=1, rules=r
    )
    assert (s.deltas, s.deposits_after, s.winners) == ((-1000, -1000, -1000, -1000), 5, ())


def test_abortive_draw_of_a_kind_the_rules_do_not_allow_is_refused() -> None:
    r = rules(FOUR, abortive_draws=True, abortive_draw_kinds=frozenset({"kyuushu_kyuuhai"}))
    assert deltas(AbortiveDraw("kyuushu_kyuuhai"), r, riichi=frozenset({2})) == (0, 0, -1000, 0)
    message = "abortive draw 'suucha_riichi': not an abortive draw in rule set 'four' (allowed: "
    with pytest.raises(IllegalHandError, match=re.escape(message + "kyuushu_kyuuhai)")):
        deltas(AbortiveDraw("suucha_riichi"), r)
    # The entry line's short names count as the kinds they abbreviate.
    assert deltas(AbortiveDraw("kyuushu"), r) == (0, 0, 0, 0)
    with pytest.raises(IllegalHandError, match="abortive draw 'suucha': not an abortive draw"):
        deltas(AbortiveDraw("suucha"), r)


def test_abortive_draw_is_refused_when_the_rules_have_none() -> None:
    with pytest.raises(IllegalHandError, match="has no abortive draws"):
        deltas(AbortiveDraw("kyuushu kyuuhai"))


# --- Chombo ---------------------------------------------------------------------------------


def test_chombo_after_uma_pays_nothing_at_the_table_and_voids_riichi() -> None:
    s = settle(Hand(ChomboHand(2), frozenset({0, 2})), dealer=0, honba=1, deposits=2, rules=FOUR)
    assert (s.deltas, s.payments, s.deposits_after, s.winners) == ((0, 0, 0, 0), (), 2, ())


def test_reverse_mangan_chombo_by_dealer_and_non_dealer() -> None:
    r = rules(FOUR, chombo=Chombo.REVERSE_MANGAN)
    assert deltas(ChomboHand(0), r) == (-12000, 4000, 4000, 4000)
    assert deltas(ChomboHand(2), r) == (4000, 2000, -8000, 2000)
    assert deltas(ChomboHand(2), r, dealer=3) == (2000, 2000, -8000, 4000)
    # Riichi declarations of the hand are void: no stick changes hands.
    assert deltas(ChomboHand(1), r, riichi=frozenset({1, 3})) == (4000, -8000, 2000, 2000)


def test_sanma_reverse_mangan_follows_sanma_tsumo() -> None:
    loss = rules(SANMA, chombo=Chombo.REVERSE_MANGAN)
    assert deltas(ChomboHand(0), loss) == (-8000, 4000, 4000)
    assert deltas(ChomboHand(1), loss) == (4000, -6000, 2000)
    bisection = rules(loss, sanma_tsumo=SanmaTsumo.BISECTION)
    assert deltas(ChomboHand(0), bisection) == (-12000, 6000, 6000)
    assert deltas(ChomboHand(1), bisection) == (5000, -8000, 3000)


def test_flat_chombo_pays_the_penalty_to_each_other_player() -> None:
    assert deltas(ChomboHand(1), SANMA, riichi=frozenset({1})) == (6000, -12000, 6000)
    r = rules(FOUR, chombo=Chombo.FLAT_EACH, chombo_penalty=3000)
    assert deltas(ChomboHand(3), r) == (3000, 3000, 3000, -9000)


# --- Sanma ----------------------------------------------------------------------------------


def test_sanma_tsumo_loss_non_dealer_mangan_is_6000_dealer_8000() -> None:
    assert deltas(tsumo(1, v(5)), SANMA) == (-4000, 6000, -2000)
    assert deltas(tsumo(0, v(5)), SANMA) == (8000, -4000, -4000)


def test_sanma_honba_100_per_payer_on_tsumo_200_on_ron() -> None:
    assert deltas(tsumo(1, v(5)), SANMA, honba=2) == (-4200, 6400, -2200)
    assert deltas(ron(2, (1, v(3, 30))), SANMA, honba=2) == (0, 4300, -4300)


def test_sanma_north_bisection_splits_the_missing_share() -> None:
    r = rules(SANMA, sanma_tsumo=SanmaTsumo.BISECTION)
    assert deltas(tsumo(1, v(5)), r) == (-5000, 8000, -3000)
    assert deltas(tsumo(0, v(5)), r) == (12000, -6000, -6000)
    # 1 han 30 fu: North's 300 becomes 150 for each payer, rounded up to 200.
    assert deltas(tsumo(1, v(1, 30)), r) == (-700, 1200, -500)
    # Dealer 1 han 30 fu: each pays 500 + half of 500 (250 -> 300).
    assert deltas(tsumo(0, v(1, 30)), r) == (1600, -800, -800)
    assert deltas(tsumo(2, v(2, 20)), r, dealer=1, honba=1) == (-700, -1000, 1700)


def test_sanma_ron_is_paid_as_at_four_players() -> None:
    assert deltas(ron(1, (0, v(2, 30))), SANMA) == (2900, -2900, 0)


# --- Pao ------------------------------------------------------------------------------------


def test_pao_tsumo_the_responsible_seat_pays_everything() -> None:
    s = settle(Hand(tsumo(1, YAKUMAN, pao=3)), dealer=0, honba=1, deposits=1, rules=FOUR)
    assert s.deltas == (0, 33300, 0, -32300)
    assert s.payments == (
        Payment(3, 1, 32000, PaymentKind.PAO),
        Payment(3, 1, 300, PaymentKind.HONBA),
        Payment(None, 1, 1000, PaymentKind.DEPOSITS),
    )
    assert deltas(tsumo(0, YAKUMAN, pao=2)) == (48000, 0, -48000, 0)


def test_pao_ron_discarder_and_responsible_split_responsible_pays_honba() -> None:
    hand = Ron(loser=2, wins=(Win(1, YAKUMAN, pao=3),))
    s = settle(Hand(hand), dealer=0, honba=1, deposits=0, rules=FOUR)
    assert s.deltas == (0, 32300, -16000, -16300)
    assert [p.kind for p in s.payments] == [PaymentKind.HAND, PaymentKind.PAO, PaymentKind.HONBA]


def test_pao_ron_by_the_responsible_seat_itself_is_a_plain_ron() -> None:
    hand = Ron(loser=3, wins=(Win(1, YAKUMAN, pao=3),))
    assert deltas(hand, honba=1) == (0, 32300, 0, -32300)


def test_pao_double_yakuman_splits_the_whole_value() -> None:
    stacked = rules(FOUR, multiple_yakuman=True)
    hand = Ron(loser=0, wins=(Win(2, HandValue(yakuman=2), pao=1),))
    assert deltas(hand, stacked, dealer=2) == (-48000, -48000, 96000, 0)


def test_sanma_pao_tsumo_pays_the_full_value_without_tsumo_loss() -> None:
    assert deltas(tsumo(1, YAKUMAN, pao=2), SANMA, honba=1) == (0, 32200, -32200)


def test_pao_in_a_double_ron_applies_to_its_own_winner_only() -> None:
    hand = Ron(loser=0, wins=(Win(1, v(2, 30)), Win(2, YAKUMAN, pao=3)))
    assert deltas(hand, dealer=1) == (-18900, 2900, 32000, -16000)


# Seed 004 lists the pao variants: 雀魂 (Mahjong Soul) makes the responsible seat pay only for
# the yakuman it made certain (PAO_YAKUMAN); 天鳳 (Tenhou) for every yakuman of the hand
# (WHOLE_HAND); both: tsumo paid by the responsible seat, ron split with the discarder, honba paid
# by the responsible seat. (Maru-Jan's pao on the fourth open kan is a `pao_yaku` entry.)
STACKED_PAO_YAKUMAN = rules(FOUR, multiple_yakuman=True, pao_scope=PaoScope.PAO_YAKUMAN)
DOUBLE_YAKUMAN = HandValue(yakuman=2)


def test_pao_yakuman_scope_tsumo_pao_covers_one_yakuman_rest_paid_as_tsumo() -> None:
    hand = tsumo(1, DOUBLE_YAKUMAN, pao=3)
    assert deltas(hand, STACKED_PAO_YAKUMAN, honba=1) == (-16000, 64300, -8000, -40300)
    whole = rules(STACKED_PAO_YAKUMAN, pao_scope=PaoScope.WHOLE_HAND)
    assert deltas(hand, whole, honba=1) == (0, 64300, 0, -64300)


def test_pao_yakuman_scope_ron_splits_one_yakuman_discarder_pays_the_rest() -> None:
    hand = Ron(loser=2, wins=(Win(1, DOUBLE_YAKUMAN, pao=3),))
    assert deltas(hand, STACKED_PAO_YAKUMAN, honba=1) == (0, 64300, -48000, -16300)
    whole = rules(STACKED_PAO_YAKUMAN, pao_scope=PaoScope.WHOLE_HAND)
    assert deltas(hand, whole, honba=1) == (0, 64300, -32000, -32300)


def test_pao_scopes_agree_on_a_single_yakuman() -> None:
    whole = rules(STACKED_PAO_YAKUMAN, pao_scope=PaoScope.WHOLE_HAND)
    for hand in (tsumo(2, YAKUMAN, pao=0), Ron(loser=1, wins=(Win(2, YAKUMAN, pao=0),))):
        assert deltas(hand, STACKED_PAO_YAKUMAN) == deltas(hand, whole)


@pytest.mark.parametrize(
    ("win", "message"),
    [
        (Win(1, v(3, 30), pao=2), "pao on 3 han 30 fu: pao (responsibility payment) applies"),
        (Win(1, YAKUMAN, pao=1), "pao seat 1 is the winner"),
        (Win(1, YAKUMAN, pao=4), "the pao (responsible) seat is seat 4"),
    ],
)
def test_pao_errors(win: Win, message: str) -> None:
    with pytest.raises(IllegalHandError, match=re.escape(message)):
        deltas(Tsumo(win))


def test_pao_is_refused_when_the_rules_have_no_pao_yaku() -> None:
    r = rules(FOUR, pao_yaku=frozenset())
    with pytest.raises(IllegalHandError, match=re.escape("rule set 'four' has no pao")):
        deltas(tsumo(1, YAKUMAN, pao=2), r)


# --- Invalid input --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (v(1, 20), "1 han 20 fu: 20 fu is pinfu tsumo, which has 2 han at least"),
        (v(1, 25), "1 han 25 fu: 25 fu is chiitoitsu, which is 2 han by itself"),
        (v(0, 30), "0 han 30 fu: a winning hand has 1 han at least"),
        (v(-2, 30), "-2 han 30 fu: a winning hand has 1 han at least"),
        (v(2, 35), "2 han 35 fu: fu must be 20, 25 or a multiple of 10 from 30 to 130"),
        (v(2, 35), "did you mean 40 fu?"),
        (v(2, 140), "did you mean 130 fu?"),
        (v(3), "3 han: below 5 han the fu count is needed; enter it, e.g. 3 han 30 fu"),
        (v(6, 33), "6 han 33 fu: fu must be"),
        (HandValue(yakuman=-1), "yakuman=-1: the number of yakuman cannot be negative"),
    ],
)
def test_hand_points_rejects_impossible_values(value: HandValue, message: str) -> None:
    with pytest.raises(IllegalHandError, match=re.escape(message)):
        hand_points(value, FOUR)


def test_20_fu_ron_is_refused_but_20_fu_tsumo_is_fine() -> None:
    with pytest.raises(IllegalHandError, match=re.escape("ron 2 han 20 fu: a ron is never 20 fu")):
        deltas(ron(1, (0, v(2, 20))))
    with pytest.raises(IllegalHandError, match=re.escape("ron 6 han 20 fu")):
        deltas(ron(1, (0, v(6, 20))))
    assert deltas(tsumo(0, v(2, 20))) == (2100, -700, -700, -700)


def test_2_han_25_fu_tsumo_is_refused() -> None:
    with pytest.raises(IllegalHandError, match=re.escape("tsumo 2 han 25 fu: a chiitoitsu tsumo")):
        deltas(tsumo(1, v(2, 25)))


def test_limit_hands_may_leave_fu_at_zero() -> None:
    assert hand_points(v(5), FOUR) == hand_points(v(5, 40), FOUR)
    assert hand_points(HandValue(han=0, fu=0, yakuman=1), FOUR).limit is Limit.YAKUMAN


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        (Hand(ron(1, (1, v(2, 30)))), "seat 1 both won and dealt in"),
        (Hand(ron(0, (1, v(2, 30)), (1, v(3, 30)))), "seat 1 is listed twice"),
        (Hand(ron(4, (1, v(2, 30)))), "the discarder (ron loser) is seat 4, but the table has"),
        (Hand(ron(0, (5, v(2, 30)))), "a ron winner is seat 5"),
        (Hand(Ron(loser=0, wins=())), "a ron needs at least one winner"),
        (Hand(tsumo(-1, v(2, 30))), "the tsumo winner is seat -1"),
        (Hand(Draw(frozenset({0, 4}))), "the tenpai set [0, 4] is not a set of seats: [4] is"),
        (Hand(Draw(frozenset(), frozenset({7}))), "the nagashi set [7] is not a set of seats"),
        (Hand(Draw(), frozenset({9})), "the riichi set [9] is not a set of seats"),
        (Hand(ChomboHand(4)), "the chombo offender is seat 4"),
    ],
)
def test_settle_rejects_impossible_hands(hand: Hand, message: str) -> None:
    with pytest.raises(IllegalHandError, match=re.escape(message)):
        settle(hand, dealer=0, honba=0, deposits=0, rules=FOUR)


def test_settle_rejects_bad_table_state() -> None:
    hand = Hand(tsumo(1, v(2, 30)))
    with pytest.raises(IllegalHandError, match=re.escape("honba=-1")):
        settle(hand, dealer=0, honba=-1, deposits=0, rules=FOUR)
    with pytest.raises(IllegalHandError, match=re.escape("deposits=-2")):
        settle(hand, dealer=0, honba=0, deposits=-2, rules=FOUR)
    with pytest.raises(IllegalHandError, match=re.escape("the dealer is seat 3, but the table")):
        settle(hand, dealer=3, honba=0, deposits=0, rules=SANMA)


def test_triple_ron_cannot_happen_at_three_seats() -> None:
    with pytest.raises(IllegalHandError, match="at most 2 players can win on one discard"):
        deltas(ron(0, (1, v(2, 30)), (2, v(2, 30)), (0, v(2, 30))), SANMA)


def test_noten_total_that_cannot_split_is_refused_by_the_rule_set() -> None:
    # The rule set refuses a total that no split pays in whole hundreds, before any hand is scored.
    with pytest.raises(RulesError, match=re.escape("noten_total 1000 cannot be split")):
        rules(FOUR, noten_total=1000)


def test_every_small_han_fu_pair_is_either_scored_or_refused_with_a_reason() -> None:
    accepted = set()
    for han in range(-1, 16):
        for fu in range(-10, 141):
            try:
                hand_points(v(han, fu), FOUR)
            except IllegalHandError:
                continue
            accepted.add((han, fu))
    expected = {(h, f) for h in range(1, 16) for f in (30, 40, 50, 60, 70, 80, 90, 100, 110)}
    expected |= {(h, f) for h in range(2, 16) for f in (120, 130)}
    expected |= {(h, f) for h in range(2, 16) for f in (20, 25)}
    expected |= {(h, 0) for h in range(5, 16)}
    assert accepted == expected


def test_kiriage_also_rounds_the_rare_2_han_120_fu_whose_base_is_1920() -> None:
    assert hand_points(v(2, 120), FOUR) == HandPoints(1920, None)
    assert hand_points(v(2, 120), rules(FOUR, kiriage=True)) == HandPoints(2000, Limit.MANGAN)

"""The fast settlement of the common hands agrees with the general one, payment for payment."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mjevent.core.outcomes import AbortiveDraw, ChomboHand, Draw, Hand, HandValue, Ron, Tsumo, Win
from mjevent.core.presets import PRESETS, preset
from mjevent.core.rules import RuleSet
from mjevent.core.scoring import IllegalHandError, Payment, PaymentKind, Settlement, settle
from mjevent.core.scoring.common_hands import settle_common
from mjevent.core.scoring.settlement import _settle_any

EMA = preset("ema2016").rules

# Mostly legal seats and values, with seats one off either end and values that break a rule,
# so that refusals are compared too.
seats = st.one_of(st.integers(0, 3), st.integers(0, 2), st.integers(-1, 4))
legal_values = st.sampled_from(
    [HandValue(1, 30), HandValue(2, 30), HandValue(3, 30), HandValue(4, 30), HandValue(3, 60),
     HandValue(2, 25), HandValue(3, 25), HandValue(2, 20), HandValue(5), HandValue(13),
     HandValue(yakuman=2)]
)
values = st.one_of(
    legal_values,
    legal_values,
    st.builds(HandValue, st.integers(0, 14), st.sampled_from([0, 20, 25, 30, 35, 40, 110, 130])),
    st.builds(HandValue, yakuman=st.integers(-1, 3)),
)
wins = st.builds(Win, seats, values, st.one_of(st.none(), st.none(), seats))
outcomes = st.one_of(
    st.builds(Ron, seats, st.lists(wins, min_size=0, max_size=3).map(tuple)),
    st.builds(Ron, seats, st.tuples(st.builds(Win, seats, values))),
    st.builds(Tsumo, wins),
    st.builds(Draw, st.frozensets(seats, max_size=4)),
    st.builds(Draw, st.frozensets(seats, max_size=4), st.frozensets(seats, max_size=2)),
    st.builds(AbortiveDraw, st.sampled_from(["", "suucha", "kyuushu_kyuuhai"])),
    st.builds(ChomboHand, seats),
)
hands = st.builds(Hand, outcomes, st.frozensets(seats, max_size=4))
rule_sets = st.sampled_from(
    [*(p.rules for p in PRESETS.values()), EMA.with_overrides({"riichi_value": 0, "honba_ron": 0})]
)


def _general(
    hand: Hand, dealer: int, honba: int, deposits: int, rules: RuleSet
) -> Settlement | None:
    try:
        return _settle_any(hand, dealer, honba, deposits, rules)
    except IllegalHandError:
        return None


@settings(max_examples=400)
@given(hands, st.integers(-1, 4), st.integers(-1, 4), st.integers(-1, 3), rule_sets)
def test_fast_settlement_is_the_general_one_or_declines(
    hand: Hand, dealer: int, honba: int, deposits: int, rules: RuleSet
) -> None:
    general = _general(hand, dealer, honba, deposits, rules)
    fast = settle_common(hand, dealer, honba, deposits, rules)
    if general is None:
        assert fast is None  # a hand that breaks a rule goes the general way, which says why
    else:
        assert fast is None or fast == general


@settings(max_examples=400)
@given(seats, st.builds(Win, seats, values), st.integers(0, 3), st.integers(0, 3), rule_sets)
def test_a_legal_single_ron_without_pao_takes_the_fast_way(
    loser: int, win: Win, dealer: int, honba: int, rules: RuleSet
) -> None:
    hand = Hand(Ron(loser, (win,)))
    general = _general(hand, dealer % rules.players, honba, 1, rules)
    assert settle_common(hand, dealer % rules.players, honba, 1, rules) == general


def test_fast_ron_pays_hand_honba_and_sticks_in_order() -> None:
    # 3 han 30 fu by non-dealer seat 1 on seat 2: 3900, 1 honba 300, the stick on the table and
    # the one seat 0 declares with go to seat 1.
    hand = Hand(Ron(loser=2, wins=(Win(1, HandValue(3, 30)),)), riichi=frozenset({0}))
    s = settle_common(hand, 0, 1, 1, EMA)
    assert s == Settlement(
        deltas=(-1000, 6200, -4200, 0),
        payments=(
            Payment(0, None, 1000, PaymentKind.RIICHI),
            Payment(2, 1, 3900, PaymentKind.HAND),
            Payment(2, 1, 300, PaymentKind.HONBA),
            Payment(None, 1, 2000, PaymentKind.DEPOSITS),
        ),
        deposits_after=0,
        winners=(1,),
    )
    assert settle(hand, dealer=0, honba=1, deposits=1, rules=EMA) == s


def test_fast_tsumo_and_draw_pay_exactly() -> None:
    # Dealer tsumo 2 han 30 fu with 2 honba: 1000 all + 100 each per honba.
    tsumo = settle_common(Hand(Tsumo(Win(0, HandValue(2, 30)))), 0, 2, 0, EMA)
    assert tsumo is not None
    assert tsumo.deltas == (3600, -1200, -1200, -1200)
    assert [p.kind for p in tsumo.payments] == [PaymentKind.HAND, PaymentKind.HONBA] * 3
    # One tenpai, three noten: 1000 from each noten player; the sticks stay on the table.
    draw = settle_common(Hand(Draw(tenpai=frozenset({2}))), 0, 0, 2, EMA)
    assert draw == Settlement(
        deltas=(-1000, -1000, 3000, -1000),
        payments=tuple(Payment(p, 2, 1000, PaymentKind.NOTEN) for p in (0, 1, 3)),
        deposits_after=2,
        winners=(),
    )


def test_other_hands_go_the_general_way() -> None:
    double = Ron(3, (Win(0, HandValue(1, 30)), Win(1, HandValue(1, 30))))
    pao = Tsumo(Win(0, HandValue(yakuman=1), pao=2))
    nagashi = Draw(nagashi=frozenset({1}))
    for outcome in (double, pao, nagashi, AbortiveDraw(), ChomboHand(1)):
        assert settle_common(Hand(outcome), 0, 0, 0, preset("tenhou").rules) is None

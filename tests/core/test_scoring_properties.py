"""Invariants of the calculator over random legal hands and rule sets (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mjevent.core.outcomes import (
    AbortiveDraw,
    ChomboHand,
    Draw,
    Hand,
    HandValue,
    Outcome,
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
    RuleSet,
    SanmaTsumo,
)
from mjevent.core.scoring import LEGAL_FU, PaymentKind, Settlement, hand_points, quote, settle


@st.composite
def rule_sets(draw: st.DrawFn) -> RuleSet:
    players = draw(st.sampled_from([3, 4]))
    noten = draw(st.sampled_from([3000, 2000] if players == 3 else [3000, 1200, 0]))
    return RuleSet(
        name="random",
        players=players,
        uma=(15000, 0, -15000) if players == 3 else (15000, 5000, -5000, -15000),
        kiriage=draw(st.booleans()),
        kazoe=draw(st.sampled_from(list(Kazoe))),
        multiple_yakuman=draw(st.booleans()),
        multi_ron=draw(st.sampled_from(list(MultiRon))),
        multi_ron_honba=draw(st.sampled_from(list(MultiRonHonba))),
        multi_ron_deposits=draw(st.sampled_from(list(MultiRonDeposits))),
        abortive_draws=True,
        nagashi=draw(st.sampled_from(list(Nagashi))),
        riichi_value=draw(st.sampled_from([1000, 500])),
        honba_ron=draw(st.sampled_from([300, 200, 1500])),
        honba_tsumo_each=draw(st.sampled_from([100, 500])),
        noten_total=noten,
        sanma_tsumo=draw(st.sampled_from(list(SanmaTsumo))),
        chombo=draw(st.sampled_from(list(Chombo))),
        chombo_penalty=draw(st.sampled_from([20000, 6000, 4000])),
        pao_scope=draw(st.sampled_from(list(PaoScope))),
    )


@st.composite
def values(draw: st.DrawFn, *, tsumo: bool) -> HandValue:
    if draw(st.integers(0, 9)) == 0:
        return HandValue(yakuman=draw(st.integers(1, 3)))
    han = draw(st.integers(1, 16))
    fus = [
        f
        for f in LEGAL_FU
        if not (f == 20 and (han == 1 or not tsumo))
        and not (f == 25 and (han == 1 or (tsumo and han < 3)))
        and not (han == 1 and (f > 110 or (f == 110 and tsumo)))
    ]
    fu = draw(st.sampled_from([*fus, 0] if han >= 5 else fus))
    return HandValue(han=han, fu=fu)


def seat_sets(players: int) -> st.SearchStrategy[frozenset[int]]:
    return st.frozensets(st.integers(0, players - 1), max_size=players)


@st.composite
def outcomes(draw: st.DrawFn, rules: RuleSet) -> Outcome:
    n = rules.players
    kind = draw(st.sampled_from(["ron", "tsumo", "draw", "abortive", "chombo"]))
    if kind == "ron":
        loser = draw(st.integers(0, n - 1))
        others = [s for s in range(n) if s != loser]
        winners = draw(st.lists(st.sampled_from(others), min_size=1, max_size=n - 1, unique=True))
        wins = []
        for w in winners:
            value = draw(values(tsumo=False))
            pao = None
            if value.yakuman and draw(st.booleans()):
                pao = draw(st.sampled_from([s for s in range(n) if s != w]))
            wins.append(Win(w, value, pao))
        return Ron(loser, tuple(wins))
    if kind == "tsumo":
        winner = draw(st.integers(0, n - 1))
        value = draw(values(tsumo=True))
        pao = None
        if value.yakuman and draw(st.booleans()):
            pao = draw(st.sampled_from([s for s in range(n) if s != winner]))
        return Tsumo(Win(winner, value, pao))
    if kind == "draw":
        nagashi = draw(seat_sets(n)) if rules.nagashi is not Nagashi.OFF else frozenset()
        return Draw(draw(seat_sets(n)), nagashi)
    if kind == "abortive":
        return AbortiveDraw("suucha riichi")
    return ChomboHand(draw(st.integers(0, n - 1)))


@st.composite
def games(draw: st.DrawFn) -> tuple[RuleSet, list[tuple[Hand, int, int]]]:
    rules = draw(rule_sets())
    hands = []
    for _ in range(draw(st.integers(1, 8))):
        outcome = draw(outcomes(rules))
        riichi = draw(seat_sets(rules.players))
        hands.append(
            (
                Hand(outcome, riichi),
                draw(st.integers(0, rules.players - 1)),
                draw(st.integers(0, 8)),
            )
        )
    return rules, hands


def _check_one(s: Settlement, hand: Hand, rules: RuleSet, deposits: int) -> None:
    assert sum(s.deltas) == (deposits - s.deposits_after) * rules.riichi_value
    recomputed = [0] * rules.players
    for p in s.payments:
        assert p.amount > 0
        assert p.payer != p.payee
        if p.kind in (PaymentKind.HAND, PaymentKind.HONBA, PaymentKind.PAO, PaymentKind.NAGASHI):
            assert p.amount % 100 == 0
        if p.payer is not None:
            recomputed[p.payer] -= p.amount
        if p.payee is not None:
            recomputed[p.payee] += p.amount
    assert tuple(recomputed) == s.deltas
    assert len(set(s.winners)) == len(s.winners)
    if s.winners:
        assert s.deposits_after == 0
        # A winner may still lose points overall (as the pao seat of another winner), but is
        # always paid for their own hand.
        paid = {p.payee for p in s.payments if p.kind in (PaymentKind.HAND, PaymentKind.PAO)}
        assert set(s.winners) == paid
    elif isinstance(hand.outcome, ChomboHand):
        assert s.deposits_after == deposits
    else:
        assert s.deposits_after == deposits + len(hand.riichi)


@settings(max_examples=200, deadline=None)
@given(games())
def test_points_and_sticks_are_conserved_over_any_hand_sequence(
    game: tuple[RuleSet, list[tuple[Hand, int, int]]],
) -> None:
    rules, hands = game
    scores = [rules.start_points] * rules.players
    deposits = 0
    total = rules.start_points * rules.players
    for hand, dealer, honba in hands:
        s = settle(hand, dealer=dealer, honba=honba, deposits=deposits, rules=rules)
        _check_one(s, hand, rules, deposits)
        scores = [a + b for a, b in zip(scores, s.deltas, strict=True)]
        deposits = s.deposits_after
        assert sum(scores) + deposits * rules.riichi_value == total


@settings(max_examples=200, deadline=None)
@given(
    rule_sets(),
    st.booleans(),
    st.booleans(),
    st.integers(0, 6),
    st.integers(0, 6),
    st.data(),
)
def test_quote_agrees_with_settle(
    rules: RuleSet, tsumo: bool, dealer: bool, honba: int, deposits: int, data: st.DataObject
) -> None:
    value = data.draw(values(tsumo=tsumo))
    q = quote(value, tsumo=tsumo, dealer=dealer, honba=honba, deposits=deposits, rules=rules)
    n = rules.players
    winner = 0 if dealer else 1
    win = Win(winner, value)
    outcome = Tsumo(win) if tsumo else Ron(loser=n - 1, wins=(win,))
    s = settle(Hand(outcome), dealer=0, honba=honba, deposits=deposits, rules=rules)
    paid = [0] * n
    for p in s.payments:
        if p.payee == winner and p.payer is not None:
            paid[p.payer] += p.amount
    assert q.total == s.deltas[winner]
    assert q.base == hand_points(value, rules).base
    if tsumo:
        assert q.ron is None
        assert q.tsumo_dealer == (None if dealer else paid[0])
        assert q.tsumo_non_dealer == paid[n - 1]
    else:
        assert (q.ron, q.tsumo_dealer, q.tsumo_non_dealer) == (paid[n - 1], None, None)

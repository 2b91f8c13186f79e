"""Invariants of a game over random legal hand sequences, and of results over random scores.

Over any sequence of legal hands, under every preset and a few variants: points plus the riichi
sticks on the table are conserved at every step; every state made passes the state's own checks
(`apply_hand` skips them); a chombo moves nothing but points; the game always ends once the deal
keeps passing; and the finished game's result places every seat validly, keeps uma zero-sum and
oka whole, and its game points add up to zero when there is no oka, no penalty and nothing left
on the table.
"""

from __future__ import annotations

import dataclasses

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mjevent.core.game import GameState, apply_hand, call_time, new_game, result_of
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
from mjevent.core.presets import PRESETS, preset
from mjevent.core.results import check_final_scores, game_result
from mjevent.core.rules import (
    Bust,
    Chombo,
    Extension,
    GameLength,
    Leftover,
    Nagashi,
    Rounding,
    RuleSet,
    TieRule,
)

_VARIANTS: tuple[RuleSet, ...] = (
    dataclasses.replace(
        preset("ema2016").rules,
        name="busting-tenhou-like",
        start_points=25000,
        return_points=30000,
        uma=(20000, 10000, -10000, -20000),
        oka=20000,
        ties=TieRule.SEAT_ORDER,
        goal_points=30000,
        extension=Extension.SUDDEN_DEATH,
        bust=Bust.AT_ZERO,
        agariyame=True,
        tenpaiyame=True,
        abortive_draws=True,
        nagashi=Nagashi.MANGAN_TSUMO,
        leftover=Leftover.FIRST,
        rounding=Rounding.NEAREST_1000,
    ),
    dataclasses.replace(
        preset("ema2016").rules,
        name="east-only-pot",
        length=GameLength.EAST,
        goal_points=32000,
        extension=Extension.NEXT_ROUND,
        leftover=Leftover.POT,
        rounding=Rounding.UP_1000,
    ),
    dataclasses.replace(
        preset("sanma-club").rules,
        name="sanma-sudden-death",
        extension=Extension.SUDDEN_DEATH,
        agariyame=True,
        ties=TieRule.SEAT_ORDER,
    ),
)
RULE_SETS: tuple[RuleSet, ...] = tuple(p.rules for p in PRESETS.values()) + _VARIANTS

_FU = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)


def _legal_low(han: int, fu: int, *, tsumo: bool) -> bool:
    if fu == 20:
        return tsumo and han >= 2
    if fu == 25:
        return han >= (3 if tsumo else 2)
    if fu == 110:
        return han >= 2 or not tsumo
    return True


def hand_values(*, tsumo: bool) -> st.SearchStrategy[HandValue]:
    low = st.tuples(st.integers(1, 4), st.sampled_from(_FU)).filter(
        lambda hf: _legal_low(hf[0], hf[1], tsumo=tsumo)
    )
    return st.one_of(
        low.map(lambda hf: HandValue(han=hf[0], fu=hf[1])),
        st.integers(5, 13).map(lambda han: HandValue(han=han)),
        st.integers(1, 2).map(lambda count: HandValue(yakuman=count)),
    )


def draw_hand(data: st.DataObject, state: GameState) -> Hand:
    """One legal hand for the table of `state`, drawn from `data`."""
    rules = state.rules
    seats = list(range(rules.players))
    able = [
        s for s in seats if not rules.riichi_needs_points or state.scores[s] >= rules.riichi_value
    ]
    riichi: frozenset[int] = frozenset()
    if able:
        riichi = data.draw(st.frozensets(st.sampled_from(able), max_size=2))
    roll = data.draw(st.integers(0, 99))
    if roll < 40:
        loser = data.draw(st.sampled_from(seats))
        others = [s for s in seats if s != loser]
        winners = data.draw(st.lists(st.sampled_from(others), min_size=1, unique=True))
        wins = tuple(Win(w, data.draw(hand_values(tsumo=False))) for w in winners)
        return Hand(Ron(loser=loser, wins=wins), riichi=riichi)
    if roll < 65:
        winner = data.draw(st.sampled_from(seats))
        return Hand(Tsumo(Win(winner, data.draw(hand_values(tsumo=True)))), riichi=riichi)
    if roll < 90:
        tenpai = data.draw(st.frozensets(st.sampled_from(seats)))
        nagashi: frozenset[int] = frozenset()
        if rules.nagashi is not Nagashi.OFF:
            nagashi = data.draw(st.frozensets(st.sampled_from(seats), max_size=1))
        return Hand(Draw(tenpai=tenpai, nagashi=nagashi), riichi=riichi)
    if roll < 95 and rules.abortive_draws and rules.abortive_draw_kinds:
        kind = data.draw(st.sampled_from(sorted(rules.abortive_draw_kinds)))
        return Hand(AbortiveDraw(kind), riichi=riichi)
    return Hand(ChomboHand(offender=data.draw(st.sampled_from(seats))), riichi=riichi)


def _passing_win(state: GameState) -> Hand:
    # The seat after the dealer rons the next one: a non-dealer win, so the deal passes.
    seats = state.rules.players
    winner, loser = (state.dealer + 1) % seats, (state.dealer + 2) % seats
    return Hand(Ron(loser=loser, wins=(Win(winner, HandValue(han=1, fu=30)),)))


def _check_places(places: tuple[int, ...], scores: tuple[int, ...], ties: TieRule) -> None:
    if ties is TieRule.SEAT_ORDER:
        assert sorted(places) == list(range(1, len(scores) + 1))
        for a in range(len(scores)):
            for b in range(a + 1, len(scores)):
                assert (places[a] < places[b]) == (scores[a] >= scores[b])
    else:
        for seat, score in enumerate(scores):
            assert places[seat] == 1 + sum(1 for other in scores if other > score)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=st.sampled_from(RULE_SETS), data=st.data())
def test_points_conserved_game_ends_and_result_is_consistent(
    rules: RuleSet, data: st.DataObject
) -> None:
    state = new_game(rules)
    table = rules.players * rules.start_points
    for _ in range(data.draw(st.integers(0, 40))):
        if state.finished:
            break
        if data.draw(st.integers(0, 24)) == 0:
            state = call_time(state)
        before = state
        hand = draw_hand(data, state)
        state, paid = apply_hand(state, hand)
        # apply_hand makes the next state without the constructor's checks: they all hold.
        assert dataclasses.replace(state) == state
        assert sum(state.scores) + state.deposits * rules.riichi_value == table
        assert sum(paid.deltas) == (before.deposits - paid.deposits_after) * rules.riichi_value
        assert state.hands == before.hands + 1
        if isinstance(hand.outcome, ChomboHand):
            assert (state.round_wind, state.hand_number, state.honba) == (
                before.round_wind,
                before.hand_number,
                before.honba,
            )
            assert sum(state.chombos) == sum(before.chombos) + 1
        elif not state.finished:
            assert (state.round_wind, state.hand_number) >= (before.round_wind, before.hand_number)
            assert state.honba in (0, before.honba + 1)

    # From anywhere, a game whose deal keeps passing ends within three rounds of hands.
    passes = 0
    while not state.finished:
        state, _ = apply_hand(state, _passing_win(state))
        assert dataclasses.replace(state) == state
        assert sum(state.scores) + state.deposits * rules.riichi_value == table
        passes += 1
        assert passes <= 3 * rules.players

    check_final_scores(state.scores, rules, deposits_left=state.deposits)
    result = result_of(state)
    _check_places(result.places, result.final, rules.ties)
    assert sum(result.final) + result.leftover == table
    assert sum(result.uma) == 0
    assert sum(result.oka) == rules.oka
    assert sum(result.total) == sum(result.final) - rules.players * rules.return_points + rules.oka
    assert result.penalties == tuple(
        -rules.chombo_penalty * c if rules.chombo is Chombo.AFTER_UMA else 0 for c in state.chombos
    )
    if rules.oka == 0 and rules.start_points == rules.return_points and result.leftover == 0:
        assert sum(result.total) == 0
        if rules.rounding is Rounding.NONE and not any(result.penalties):
            assert sum(result.points) == 0


_SCORES = st.sampled_from([-5000, 0, 12300, 18000, 25000, 30000, 30000, 41700, 52000])


@settings(max_examples=120, deadline=None)
@given(
    rules=st.sampled_from(RULE_SETS),
    data=st.data(),
)
def test_result_of_any_scores_places_validly_and_shares_uma_fairly(
    rules: RuleSet, data: st.DataObject
) -> None:
    scores = tuple(data.draw(st.lists(_SCORES, min_size=rules.players, max_size=rules.players)))
    deposits = data.draw(st.integers(0, 3))
    result = game_result(scores, rules, deposits_left=deposits)
    _check_places(result.places, result.final, rules.ties)
    assert sum(result.final) + result.leftover == sum(scores) + deposits * rules.riichi_value
    assert sum(result.uma) == 0
    assert sum(result.oka) == rules.oka
    for a in range(rules.players):
        for b in range(rules.players):
            if result.final[a] > result.final[b]:
                assert result.uma[a] + result.oka[a] >= result.uma[b] + result.oka[b]
            if result.final[a] == result.final[b] and rules.ties is TieRule.SPLIT:
                assert abs(result.uma[a] - result.uma[b]) <= 100
                assert abs(result.oka[a] - result.oka[b]) <= 100
        assert result.total[a] == (
            result.final[a] - rules.return_points + result.uma[a] + result.oka[a]
        )
        assert result.points[a] == result.rounded[a] + result.penalties[a]

"""The fold's memo: each game step, start state, call of time and result remembered, so that a
refold of an unchanged log costs a lookup per hand instead of a settlement.

Separate from the fold's rules because it is hidden state with its own size limit and keys; the
rules only ask it for a step and get exactly what the call would return.
"""

from __future__ import annotations

from mjevent.core.game import GameState, apply_hand, call_time, new_game, result_of
from mjevent.core.outcomes import Hand
from mjevent.core.results import GameResult
from mjevent.core.rules import RuleSet
from mjevent.core.scoring import Settlement

# `apply_hand` and `result_of` are pure, and a correction folds the whole log again (so does a
# fold of a log prefix, the log screen's "as it stood then"): remembering each step makes that
# refold cost a dictionary lookup per hand instead of a settlement. A hit is exactly what the
# call would return. A step costs about 1.3 KB, so the memo is dropped when it passes 60,000
# steps (about 80 MB: three 18,000-hand events).
#
# A step is keyed by the id of the entry it comes from (an id's hash is kept by the string;
# hashing a state would hash its whole rule set, hashing a hand every value in it), and a hit
# is used only when the stored state before it is the very state at hand and the stored hand
# is the same: the fold rebuilds each game from one start state per rule set, so an unchanged
# game meets the same states again. An amended entry keeps its id and replaces its step.

_STEPS: dict[str, tuple[GameState, Hand, GameState, Settlement]] = {}
_STARTS: dict[tuple[RuleSet, bool], GameState] = {}
_CALLS: dict[tuple[str, int], tuple[GameState, GameState]] = {}
_RESULTS: dict[tuple[GameState, frozenset[int], frozenset[int]], GameResult] = {}
_MEMO_LIMIT = 60_000


def _start(rules: RuleSet, time_called: bool) -> GameState:
    # One start state per rule set, so that the memo below can key on the state's identity.
    key = (rules, time_called)
    state = _STARTS.get(key)
    if state is None:
        state = new_game(rules)
        state = call_time(state) if time_called else state
        _STARTS[key] = state
    return state


def _apply(state: GameState, hand: Hand, entry: str) -> tuple[GameState, Settlement]:
    key = entry
    hit = _STEPS.get(key)
    if hit is not None and hit[0] is state and (hit[1] is hand or hit[1] == hand):
        return hit[2], hit[3]
    after, settlement = apply_hand(state, hand)
    if len(_STEPS) >= _MEMO_LIMIT:
        _STEPS.clear()
        _CALLS.clear()
    _STEPS[key] = (state, hand, after, settlement)
    return after, settlement


def _call_time(state: GameState, entry: str, table: int) -> GameState:
    # Keyed by the entry that calls time (a round's call reaches every table) or, for a hand
    # after the call, by the hand's entry (table 0): the same state again gets the same
    # called state back, so the steps after it hit the memo too.
    key = (entry, table)
    hit = _CALLS.get(key)
    if hit is not None and hit[0] is state:
        return hit[1]
    called = call_time(state)
    _CALLS[key] = (state, called)
    return called


def _result(
    state: GameState, substitutes: frozenset[int], in_play: frozenset[int] = frozenset()
) -> GameResult:
    key = (state, substitutes, in_play)
    hit = _RESULTS.get(key)
    if hit is None:
        hit = result_of(state, substitutes=substitutes, swapped_in_play=in_play)
        if len(_RESULTS) >= _MEMO_LIMIT:
            _RESULTS.clear()
        _RESULTS[key] = hit
    return hit

"""The fold's memo (`FoldMemo`): each game step, start state, call of time and result
remembered, so that a refold of an unchanged log costs a lookup per hand instead of a
settlement.

Separate from the fold's rules because it is state with its own size limit and keys; the rules
only ask it for a step and get exactly what the call would return. It is an object, not module
state: a fold is given one (`Folder.of(..., memo=)`), a `Folder` hands its own to the folds
made from it (`then`, a correction folding the log again), and the event's session keeps one
for the life of the open event (`events/session.py`), so its refolds and the log screen's past
states hit it; a fold given none starts an empty one.
"""

from __future__ import annotations

from mjevent.core.game import EndReason, GameState, apply_hand, call_time, new_game, result_of
from mjevent.core.outcomes import Hand
from mjevent.core.results import GameResult
from mjevent.core.rules import RuleSet
from mjevent.core.state.values import HandPlayed

__all__ = ["FoldMemo"]

# A step costs about 1.3 KB, so the memo is dropped when it passes 60,000 steps (about 80 MB:
# three 18,000-hand events).
_MEMO_LIMIT = 60_000


class FoldMemo:
    """What `apply_hand`, `call_time`, `new_game` and `result_of` (all pure) returned, by key.

    A step is keyed by the id of the entry it comes from (an id's hash is kept by the string;
    hashing a state would hash its whole rule set, hashing a hand every value in it), and a hit
    is used only when the stored state before it is the very state at hand and the stored hand
    is the same: the fold rebuilds each game from one start state per rule set (`start`), so an
    unchanged game meets the same states again. An amended entry keeps its id and replaces its
    step. A hit is exactly what the call would return.

    Hashing a rule set hashes every setting (a state's hash includes it): the start states and
    the results are kept per rule set, and the rule set last asked for is recognised by
    identity, so a fold of one rule set hashes it once.
    """

    __slots__ = ("_last", "by_rules", "calls", "steps")

    def __init__(self) -> None:
        self.steps: dict[str, tuple[GameState, HandPlayed]] = {}
        self.by_rules: dict[RuleSet, _ByRules] = {}
        self.calls: dict[tuple[str, int], tuple[GameState, GameState]] = {}
        self._last: tuple[RuleSet, _ByRules] | None = None

    def _of(self, rules: RuleSet) -> _ByRules:
        last = self._last
        if last is not None and last[0] is rules:
            return last[1]
        kept = self.by_rules.get(rules)
        if kept is None:
            kept = self.by_rules[rules] = _ByRules()
        self._last = (rules, kept)
        return kept

    def start(self, rules: RuleSet, time_called: bool) -> GameState:
        """The start state of a game under `rules` (time already called or not): one object
        per rule set, so that the steps below can key on the state's identity."""
        kept = self._of(rules)
        state = kept.called if time_called else kept.new
        if state is None:
            state = new_game(rules)
            if time_called:
                state = kept.called = call_time(state)
            else:
                kept.new = state
        return state

    def apply(self, state: GameState, hand: Hand, entry: str) -> HandPlayed:
        """`apply_hand(state, hand)` for the hand of entry `entry`, as the hand played (a hit
        is the very `HandPlayed` the step made: a refold makes none again)."""
        hit = self.steps.get(entry)
        if hit is not None and hit[0] is state:
            played = hit[1]
            if played.hand is hand or played.hand == hand:
                return played
        after, settlement = apply_hand(state, hand)
        played = HandPlayed(entry, hand, settlement, after)
        if len(self.steps) >= _MEMO_LIMIT:
            self.steps.clear()
            self.calls.clear()
        self.steps[entry] = (state, played)
        return played

    def call_time(self, state: GameState, entry: str, table: int) -> GameState:
        """`call_time(state)`, keyed by the entry that calls time (a round's call reaches every
        table) or, for a hand after the call, by the hand's entry (table 0): the same state
        again gets the same called state back, so the steps after it hit the memo too."""
        key = (entry, table)
        hit = self.calls.get(key)
        if hit is not None and hit[0] is state:
            return hit[1]
        called = call_time(state)
        self.calls[key] = (state, called)
        return called

    def result(
        self, state: GameState, substitutes: frozenset[int], in_play: frozenset[int] = frozenset()
    ) -> GameResult:
        """`result_of(state, substitutes=..., swapped_in_play=...)`: keyed by what the result
        depends on (the scores, the sticks left, the chombos, that the game is over), under the
        state's rule set."""
        results = self._of(state.rules).results
        key = (state.scores, state.deposits, state.chombos, state.end_reason, substitutes, in_play)
        hit = results.get(key)
        if hit is None:
            hit = result_of(state, substitutes=substitutes, swapped_in_play=in_play)
            if len(results) >= _MEMO_LIMIT:
                results.clear()
            results[key] = hit
        return hit


_ResultKey = tuple[
    tuple[int, ...], int, tuple[int, ...], EndReason | None, frozenset[int], frozenset[int]
]


class _ByRules:
    """What the memo keeps for one rule set: its start states and the results of its games."""

    __slots__ = ("called", "new", "results")

    def __init__(self) -> None:
        self.new: GameState | None = None
        self.called: GameState | None = None
        self.results: dict[_ResultKey, GameResult] = {}

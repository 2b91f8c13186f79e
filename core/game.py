"""One table's game: its state, and a pure function that applies a recorded hand to it.

Seats are fixed from the first dealer (seat 0 was East in East 1, see `outcomes`); the deal
moves round them. `apply_hand` settles a hand with the calculator (`scoring.settle`) and moves
the game on: scores, riichi sticks on the table, honba, dealer, round wind and hand number, and
whether the game is over (`EndReason`). `result_of` turns a finished game into places, uma and
points (`results.game_result`). docs/game.md explains every rule with its source.

>>> from mjevent.core.outcomes import Draw, Hand, HandValue, Ron, Win
>>> from mjevent.core.presets import preset
>>> game = new_game(preset("ema2016").rules)
>>> game, _ = apply_hand(game, Hand(Draw(tenpai=frozenset({0})), riichi=frozenset({0})))
>>> game.label, game.scores, game.deposits
('East 1, 1 honba', (32000, 29000, 29000, 29000), 1)
>>> game, paid = apply_hand(game, Hand(Ron(loser=0, wins=(Win(2, HandValue(2, 40)),))))
>>> game.label, game.scores, game.deposits
('East 2, 0 honba', (29100, 29000, 32900, 29000), 0)

The dealer was tenpai at the draw and kept the deal with one counter; seat 2 then won 2600 +
300 for the counter + the stick on the table, and the deal passed to seat 1.
"""

from __future__ import annotations

import dataclasses
import enum
import operator
from collections.abc import Collection, Iterable
from dataclasses import dataclass

from mjevent.core.frozen import quick_init, unchecked_maker
from mjevent.core.i18n import N_, _, pgettext
from mjevent.core.outcomes import ChomboHand, Draw, Hand, Ron, Tsumo
from mjevent.core.results import GameResult, game_result, places
from mjevent.core.rules import Bust, Extension, GameLength, MultiRonRenchan, RuleSet, TimeCall
from mjevent.core.scoring import IllegalHandError, Settlement, settle

__all__ = [
    "WINDS",
    "EndReason",
    "GameOverError",
    "GameState",
    "apply_hand",
    "call_time",
    "end_explanation",
    "end_game",
    "end_reason_name",
    "new_game",
    "play",
    "result_of",
]

WINDS: tuple[str, ...] = ("East", "South", "West", "North")
"""Round winds by number: `GameState.round_wind` 0 is East."""

_LABELS: tuple[str, ...] = (
    N_("East {hand}, {honba} honba"),
    N_("South {hand}, {honba} honba"),
    N_("West {hand}, {honba} honba"),
    N_("North {hand}, {honba} honba"),
)
"""`GameState.label` by round wind, whole phrases for the catalogue (東1局 0本場)."""


class GameOverError(ValueError):
    """A hand (or a time call, or an end) was given to a game that is already over."""


class EndReason(enum.StrEnum):
    """Why a game ended."""

    LAST_HAND = "last_hand"
    """The deal passed in the last hand (East 4 / South 4; East 3 / South 3 in sanma), and no
    extension was due."""
    BUST = "bust"
    """A player's score went below 0 (or to 0 or below), as `rules.bust` says; checked after
    every hand, chombo paid at the table included."""
    AGARIYAME = "agariyame"
    """The dealer of a deciding hand won and is in first place at or above `goal_points`."""
    TENPAIYAME = "tenpaiyame"
    """The dealer of a deciding hand was tenpai at an exhaustive draw and is in first place at or
    above `goal_points`."""
    GOAL_IN_EXTENSION = "goal_in_extension"
    """In the extension, a player reached `goal_points` (sudden death: after any hand; next
    round: when the deal passed)."""
    EXTENSION_OVER = "extension_over"
    """The deal passed in the last hand of the extension round without anybody at the goal."""
    TIME = "time"
    """The round's time was called and the ending policy (`rules.time_call`) ran out of hands,
    or the director ended the game after the time call."""
    CHOMBO_LAST_HAND = "chombo_last_hand"
    """A chombo in the last hand after the time call ends the game instead of a redeal
    (`rules.chombo_ends_game`)."""
    DIRECTOR = "director"
    """The director ended the game before time was called (`end_game`)."""


def end_reason_name(reason: EndReason) -> str:
    """Why a game ended, in a few words of the language in use: ``last hand`` (オーラス終了).

    >>> end_reason_name(EndReason.GOAL_IN_EXTENSION)
    'goal in extension'
    """
    # Looked up when asked (the language may change after import), with a context: the short
    # words are common and other screens may translate them otherwise.
    names = {
        EndReason.LAST_HAND: pgettext("game end", "last hand"),
        EndReason.BUST: pgettext("game end", "bust"),
        EndReason.AGARIYAME: pgettext("game end", "agariyame"),
        EndReason.TENPAIYAME: pgettext("game end", "tenpaiyame"),
        EndReason.GOAL_IN_EXTENSION: pgettext("game end", "goal in extension"),
        EndReason.EXTENSION_OVER: pgettext("game end", "extension over"),
        EndReason.TIME: pgettext("game end", "time"),
        EndReason.CHOMBO_LAST_HAND: pgettext("game end", "chombo last hand"),
        EndReason.DIRECTOR: pgettext("game end", "director"),
    }
    return names[reason]


def _end_reason_key(reason: EndReason) -> str:
    """The reason as `end_explanation` names it: the rule's own spelling in English
    (``last_hand``), the same words as `end_reason_name` in other languages."""
    keys = {
        EndReason.LAST_HAND: pgettext("game end key", "last_hand"),
        EndReason.BUST: pgettext("game end key", "bust"),
        EndReason.AGARIYAME: pgettext("game end key", "agariyame"),
        EndReason.TENPAIYAME: pgettext("game end key", "tenpaiyame"),
        EndReason.GOAL_IN_EXTENSION: pgettext("game end key", "goal_in_extension"),
        EndReason.EXTENSION_OVER: pgettext("game end key", "extension_over"),
        EndReason.TIME: pgettext("game end key", "time"),
        EndReason.CHOMBO_LAST_HAND: pgettext("game end key", "chombo_last_hand"),
        EndReason.DIRECTOR: pgettext("game end key", "director"),
    }
    return keys[reason]


@quick_init
@dataclass(frozen=True, slots=True)
class GameState:
    """The state of one table's game between two hands.

    `scores` per seat; `round_wind` 0=East, 1=South, 2=West, 3=North; `hand_number` 1-based
    within the wind; `dealer` the dealing seat (always `hand_number - 1`); `honba` counters;
    `deposits` riichi sticks on the table; `chombos` chombo count per seat (for penalties after
    uma); `time_called` whether the round's time was called; `hands_after_time` hands played
    since, chombos counted only under `rules.chombo_counts_after_call`; `end_reason` None while
    the game goes on; `hands` every hand recorded, chombos included.
    """

    rules: RuleSet
    scores: tuple[int, ...]
    round_wind: int
    hand_number: int
    dealer: int
    honba: int
    deposits: int
    chombos: tuple[int, ...]
    time_called: bool
    hands_after_time: int
    end_reason: EndReason | None
    hands: int = 0

    def __post_init__(self) -> None:
        seats = self.rules.players
        problems: list[str] = []
        if len(self.scores) != seats:
            problems.append(f"{len(self.scores)} scores for {seats} seats")
        if len(self.chombos) != seats:
            problems.append(f"{len(self.chombos)} chombo counts for {seats} seats")
        if not 0 <= self.round_wind < len(WINDS):
            problems.append(f"round_wind {self.round_wind} is not 0 (East) to 3 (North)")
        if not 1 <= self.hand_number <= seats:
            problems.append(f"hand_number {self.hand_number} is not 1 to {seats}")
        elif self.dealer != self.hand_number - 1:
            problems.append(
                f"dealer {self.dealer} does not deal hand {self.hand_number} "
                f"(seat {self.hand_number - 1} does)"
            )
        if self.honba < 0 or self.deposits < 0 or self.hands_after_time < 0:
            problems.append("honba, deposits and hands_after_time cannot be negative")
        if problems:
            raise ValueError("invalid game state: " + "; ".join(problems))

    @property
    def finished(self) -> bool:
        """Whether the game is over (no more hands can be applied)."""
        return self.end_reason is not None

    @property
    def label(self) -> str:
        """The hand about to be played, 'South 2, 1 honba'; once the game is over, the hand that
        ended it."""
        return _(_LABELS[self.round_wind]).format(hand=self.hand_number, honba=self.honba)

    @property
    def in_extension(self) -> bool:
        """Whether the game has gone past its last regular round (West in a hanchan)."""
        return self.round_wind > _last_wind(self.rules)

    @property
    def deciding(self) -> bool:
        """Whether the game can end when this hand's deal passes: the last regular hand
        (all-last) and every hand of the extension. Agariyame and tenpaiyame apply here."""
        last_regular = (
            self.round_wind == _last_wind(self.rules) and self.hand_number == self.rules.players
        )
        return last_regular or self.in_extension

    @property
    def time_hands_left(self) -> int | None:
        """Hands still to be played under the time call (a chombo counts only under
        `rules.chombo_counts_after_call`), or None when no time was called or the rules ignore
        it. 1 means "last hand"."""
        limit = _time_limit(self.rules)
        if not self.time_called or limit is None:
            return None
        return max(limit - self.hands_after_time, 0)


_made = unchecked_maker(GameState)
"""`GameState` without its checks, for `apply_hand`'s next state (see there)."""


def _last_wind(rules: RuleSet) -> int:
    return 0 if rules.length is _EAST else 1


def _time_limit(rules: RuleSet) -> int | None:
    # Hands finished after the call, the hand in progress at the call included.
    if rules.time_call is TimeCall.END_AFTER_HAND:
        return 1
    if rules.time_call is TimeCall.ONE_MORE_HAND:
        return 2
    return None


def new_game(rules: RuleSet, *, deposits: int = 0) -> GameState:
    """A game about to start: East 1, 0 honba, everybody at `rules.start_points`.

    `deposits` riichi sticks start on the table: the pot a table's previous game left under
    `Leftover.POT` (its `GameResult.leftover` divided by `riichi_value`).

    >>> from mjevent.core.presets import preset
    >>> game = new_game(preset("sanma-club").rules)
    >>> game.label, game.scores, game.dealer
    ('East 1, 0 honba', (35000, 35000, 35000), 0)
    """
    if deposits < 0:
        raise ValueError(
            _("deposits={deposits}: the riichi sticks carried over cannot be negative").format(
                deposits=deposits
            )
        )
    seats = rules.players
    return GameState(
        rules=rules,
        scores=(rules.start_points,) * seats,
        round_wind=0,
        hand_number=1,
        dealer=0,
        honba=0,
        deposits=deposits,
        chombos=(0,) * seats,
        time_called=False,
        hands_after_time=0,
        end_reason=None,
    )


def _over(state: GameState, what: str) -> GameOverError:
    # `what` is a message with a {why} placeholder, already translated.
    return GameOverError(what.format(why=end_explanation(state)))


def end_explanation(state: GameState, *, table: int | None = None) -> str:
    """Where and why a finished game ended, the rule that ended it, and what to do when the
    real game went on; with `table`, said of the game at that table (``the game at table 3 is
    over: ended at ...``, as the entry line's preview refuses a line).

    >>> from mjevent.core.presets import preset
    >>> tenhou = preset("tenhou").rules
    >>> game = dataclasses.replace(new_game(tenhou), end_reason=EndReason.TENPAIYAME)
    >>> print(end_explanation(game))
    the game ended at East 1, 0 honba (tenpaiyame: the dealer was tenpai in the last hand and \
first with 30000 or more, rule tenpaiyame = true). If the table played on, a hand was entered \
wrong (void or correct it: the log keeps both), or the event does not play this rule: in the \
event file's [rules], set tenpaiyame = false (for every table) and run mjevent check
    """
    rules = state.rules
    reason = state.end_reason
    goal = rules.goal_points
    # (why, the rule's settings as the event file spells them, the change that lifts it).
    explained: dict[EndReason, tuple[str, str, str]] = {
        EndReason.LAST_HAND: (
            _("the deal passed in the last hand"),
            f'length = "{rules.length.value}", extension = "{rules.extension.value}"',
            _("set extension (and goal_points) as the table played"),
        ),
        EndReason.BUST: (
            _("a player's score went to 0 or below")
            if rules.bust is _AT_ZERO
            else _("a player's score went below 0"),
            f'bust = "{rules.bust.value}"',
            _('set bust = "none"'),
        ),
        EndReason.AGARIYAME: (
            _("the dealer won the last hand and was first with {goal} or more").format(goal=goal),
            "agariyame = true",
            _("set agariyame = false"),
        ),
        EndReason.TENPAIYAME: (
            _("the dealer was tenpai in the last hand and first with {goal} or more").format(
                goal=goal
            ),
            "tenpaiyame = true",
            _("set tenpaiyame = false"),
        ),
        EndReason.GOAL_IN_EXTENSION: (
            _("a player reached {goal} in the extension").format(goal=goal),
            f'extension = "{rules.extension.value}", goal_points = {rules.goal_points}',
            _("set extension or goal_points as the table played"),
        ),
        EndReason.EXTENSION_OVER: (
            _("the extension round ended"),
            f'extension = "{rules.extension.value}"',
            _("set extension as the table played"),
        ),
        EndReason.TIME: (
            _("time was called and no more hands were due"),
            f'time_call = "{rules.time_call.value}"',
            _("set time_call as the event plays it"),
        ),
        EndReason.CHOMBO_LAST_HAND: (
            _("a chombo in the last hand after the time call"),
            "chombo_ends_game = true",
            _("set chombo_ends_game = false"),
        ),
    }
    director = (_("the director ended it"), "", "")
    why, rule, change = explained.get(reason, director) if reason is not None else director
    said = _("{why}, rule {rule}").format(why=why, rule=rule) if rule else why
    key = _end_reason_key(reason) if reason is not None else "?"
    if table is None:
        head = _("the game ended at {hand} ({reason}: {said}).")
    else:
        head = _("the game at table {table} is over: ended at {hand} ({reason}: {said}).")
    head = head.format(table=table, hand=state.label, reason=key, said=said)
    if not rule:
        return _(
            "{head} If the table played on, void the entry that ended the game (the log keeps it)"
        ).format(head=head)
    return _(
        "{head} If the table played on, a hand was entered wrong (void or correct it: the log "
        "keeps both), or the event does not play this rule: in the event file's [rules], "
        "{change} (for every table) and run mjevent check"
    ).format(head=head, change=change)


def _bust(scores: tuple[int, ...], rules: RuleSet) -> bool:
    if rules.bust is _BELOW_ZERO:
        return min(scores) < 0
    if rules.bust is _AT_ZERO:
        return min(scores) <= 0
    return False


class _Kind(enum.Enum):
    WIN = "win"
    DRAW = "draw"
    ABORTIVE = "abortive"


# Looking an enum member up on its class (`Bust.AT_ZERO`) costs about ten times reading a
# module name on Python 3.11; the code that runs for every hand of a fold uses these.
_WIN, _DRAW, _ABORTIVE = _Kind.WIN, _Kind.DRAW, _Kind.ABORTIVE
_NO_BUST, _BELOW_ZERO, _AT_ZERO = Bust.NONE, Bust.BELOW_ZERO, Bust.AT_ZERO
_EAST = GameLength.EAST
_FIRST_WINNER = MultiRonRenchan.FIRST_WINNER
_SUDDEN_DEATH, _NO_EXTENSION = Extension.SUDDEN_DEATH, Extension.NONE


def apply_hand(state: GameState, hand: Hand) -> tuple[GameState, Settlement]:
    """Settle `hand` at `state` and move the game on; returns the new state and the payments.

    Pure: `state` is not changed. Raises `GameOverError` when the game is over and
    `scoring.IllegalHandError` when the hand cannot be settled, or when a riichi declarer holds
    less than the stick under `rules.riichi_needs_points`.

    * A win: the dealer keeps the deal (renchan, honba + 1) when the dealer is among the seats
      paid as winners (also one of several ron winners; only the first in turn order from the
      discarder under `MultiRonRenchan.FIRST_WINNER`); otherwise the deal passes and the honba
      go back to 0. All riichi sticks go to the winner(s).
    * An exhaustive draw: honba + 1; the dealer keeps the deal when tenpai and
      `rules.renchan_on_tenpai`. Sticks stay on the table.
    * An abortive draw (or a triple ron the rules abort): honba + 1; the dealer keeps the deal
      when `rules.renchan_on_abortive`. Sticks stay.
    * A chombo: the hand is redealt with no counter added and no rotation; riichi declared in it
      are void; the offender's chombo count goes up (penalised after uma under
      `Chombo.AFTER_UMA`, or paid at the table by the other chombo rules).

    Then the end of the game is checked, in this order: bust (after any hand); in a
    sudden-death extension, anybody at the goal; in a deciding hand (`GameState.deciding`),
    agariyame / tenpaiyame when the dealer keeps the deal, else the last hand, the start of the
    extension, the goal or the end of the extension when the deal passes; finally the time call
    (`call_time`). A chombo never ends the game except by bust, under
    `rules.chombo_ends_game` in the last hand after the time call, or when it uses up the last
    hand left under `rules.chombo_counts_after_call` (EMA 2025 §7.4).

    South 4 with EMA rules: the dealer (seat 3) wins and keeps the deal; EMA has no agariyame,
    so the game goes on until the deal passes.

    >>> from mjevent.core.outcomes import Tsumo, Win, HandValue
    >>> from mjevent.core.presets import preset
    >>> game = dataclasses.replace(new_game(preset("ema2016").rules), round_wind=1, hand_number=4,
    ...                            dealer=3)
    >>> game, _ = apply_hand(game, Hand(Tsumo(Win(3, HandValue(1, 30)))))
    >>> game.label, game.finished
    ('South 4, 1 honba', False)
    >>> game, _ = apply_hand(game, Hand(Tsumo(Win(0, HandValue(1, 30)))))
    >>> game.end_reason, game.scores
    (<EndReason.LAST_HAND: 'last_hand'>, (30900, 29100, 29100, 30900))
    """
    if state.end_reason is not None:
        raise _over(state, _("cannot record another hand: {why}"))
    rules = state.rules
    outcome = hand.outcome
    if rules.riichi_needs_points and not isinstance(outcome, ChomboHand):
        for seat in sorted(hand.riichi):
            if 0 <= seat < rules.players and state.scores[seat] < rules.riichi_value:
                raise IllegalHandError(
                    _(
                        "seat {seat} declared riichi with {points:,} points: rule set {rules!r} "
                        "needs {stick:,} to pay the stick (riichi_needs_points); drop the "
                        "declaration or correct an earlier hand"
                    ).format(
                        seat=seat,
                        points=state.scores[seat],
                        rules=rules.name,
                        stick=rules.riichi_value,
                    )
                )
    dealer, honba = state.dealer, state.honba
    settlement = settle(hand, dealer=dealer, honba=honba, deposits=state.deposits, rules=rules)
    # Both have one number per seat (`GameState` and `settle` check it).
    scores = tuple(map(operator.add, state.scores, settlement.deltas))
    # The next state is made once, from this state (which passed the constructor's checks) by
    # steps that keep every check true: as many scores and chombo counts as seats (a
    # settlement has a delta per seat), counters and sticks 0 or more, the deal moved to the
    # next seat's hand or to hand 1 of the next wind (the one step past North 4 is refused
    # below). So it skips the checks (`_made`), which cost a fold of 18,000 hands more than
    # the rest of the step.
    deposits = settlement.deposits_after
    hands = state.hands + 1
    if isinstance(outcome, ChomboHand):
        chombos = list(state.chombos)
        chombos[outcome.offender] += 1
        end: EndReason | None = None
        # EMA 2025 §7.4: after the signal a chombo uses up one of the hands left (the redeal is
        # the next of them); elsewhere the redeal is the same hand and nothing is counted.
        counted = state.time_called and rules.chombo_counts_after_call
        after_time = state.hands_after_time + (1 if counted else 0)
        limit = _time_limit(rules)
        if _bust(scores, rules):
            end = EndReason.BUST
        elif rules.chombo_ends_game and state.time_hands_left == 1:
            end = EndReason.CHOMBO_LAST_HAND
        elif counted and limit is not None and after_time >= limit:
            end = EndReason.TIME
        return (
            _made(
                rules,
                scores,
                state.round_wind,
                state.hand_number,
                dealer,
                honba,
                deposits,
                tuple(chombos),
                state.time_called,
                after_time,
                end,
                hands,
            ),
            settlement,
        )

    kind: _Kind
    # A tuple, not `Ron | Tsumo`, which would build a union object for every hand.
    if isinstance(outcome, (Ron, Tsumo)) and settlement.winners:
        kind = _WIN
        if rules.multi_ron_renchan is _FIRST_WINNER:
            keeps = settlement.winners[0] == dealer
        else:
            keeps = dealer in settlement.winners
        next_honba = honba + 1 if keeps else 0
    elif isinstance(outcome, Draw):
        kind = _DRAW
        keeps = rules.renchan_on_tenpai and dealer in outcome.tenpai
        next_honba = honba + 1
    else:
        # An abortive draw, or a triple ron the rules turn into one (nobody paid as winner).
        kind = _ABORTIVE
        keeps = rules.renchan_on_abortive
        next_honba = honba + 1
    hands_after_time = state.hands_after_time + (1 if state.time_called else 0)
    round_wind, hand_number, next_dealer = state.round_wind, state.hand_number, dealer
    if not keeps:
        if hand_number < rules.players:
            hand_number, next_dealer = hand_number + 1, dealer + 1
        else:
            round_wind, hand_number, next_dealer = round_wind + 1, 1, 0
            if round_wind == len(WINDS):
                # Only a state built by hand gets past North 4 (every game ends sooner); the
                # constructor refuses the move, as it refused it when the deal passed by
                # `dataclasses.replace`.
                GameState(
                    rules,
                    scores,
                    round_wind,
                    hand_number,
                    next_dealer,
                    next_honba,
                    deposits,
                    state.chombos,
                    state.time_called,
                    hands_after_time,
                    None,
                    hands,
                )
    reason = _end_reason(state, scores, hands_after_time, kind, keeps)
    if reason is not None:
        # A finished game stays at the hand that ended it, so that its label names that hand.
        round_wind, hand_number, next_dealer = state.round_wind, state.hand_number, dealer
        next_honba = honba
    after = _made(
        rules,
        scores,
        round_wind,
        hand_number,
        next_dealer,
        next_honba,
        deposits,
        state.chombos,
        state.time_called,
        hands_after_time,
        reason,
        hands,
    )
    return after, settlement


def _end_reason(
    before: GameState, scores: tuple[int, ...], hands_after_time: int, kind: _Kind, keeps: bool
) -> EndReason | None:
    # `scores` and `hands_after_time` are those after the hand. The properties `in_extension`
    # and `deciding` are worked out here once (this runs after every hand of a fold); most
    # hands are neither, and only the bust and the time call are looked at.
    rules = before.rules
    bust = rules.bust
    if bust is not _NO_BUST and (min(scores) < 0 if bust is _BELOW_ZERO else min(scores) <= 0):
        return EndReason.BUST
    last_wind = 0 if rules.length is _EAST else 1
    round_wind = before.round_wind
    if round_wind > last_wind or (round_wind == last_wind and before.hand_number == rules.players):
        reason = _deciding_end(before, scores, kind, keeps, round_wind > last_wind)
        if reason is not None:
            return reason
    # The time call is as before the hand (a hand never calls time), counted after it.
    if before.time_called:
        limit = _time_limit(rules)
        if limit is not None and limit - hands_after_time <= 0:
            return EndReason.TIME
    return None


def _deciding_end(
    before: GameState, scores: tuple[int, ...], kind: _Kind, keeps: bool, in_extension: bool
) -> EndReason | None:
    # The end of a deciding hand (`GameState.deciding`), before the time call is looked at.
    rules = before.rules
    top = max(scores)
    goal = rules.goal_points
    if in_extension and rules.extension is _SUDDEN_DEATH and top >= goal:
        return EndReason.GOAL_IN_EXTENSION
    if keeps:
        dealer = before.dealer
        leads = places(scores, rules.ties)[dealer] == 1 and scores[dealer] >= goal
        if leads and kind is _WIN and rules.agariyame:
            return EndReason.AGARIYAME
        if leads and kind is _DRAW and rules.tenpaiyame:
            return EndReason.TENPAIYAME
    elif not in_extension:
        if rules.extension is _NO_EXTENSION or top >= goal:
            return EndReason.LAST_HAND
        # Nobody at the goal: the extension round starts (the deal moved to its hand 1).
    elif top >= goal:
        return EndReason.GOAL_IN_EXTENSION
    elif before.hand_number == rules.players:
        return EndReason.EXTENSION_OVER
    return None


def call_time(state: GameState) -> GameState:
    """The round's time is called (the gong) while `state` is the hand in progress, or about to
    start: what follows is `rules.time_call`'s.

    `END_AFTER_HAND`: the hand in progress is the last. `ONE_MORE_HAND`: the hand in progress
    and one more. A chombo does not count as a hand (the redeal is the same hand) unless
    `rules.chombo_counts_after_call` (EMA 2025 §7.4: it is one of the hands left); under
    `rules.chombo_ends_game` a chombo in the last hand ends the game. `NONE`: the call is
    recorded and the game goes on to its normal end. Calling time twice changes nothing.

    >>> from mjevent.core.presets import preset
    >>> game = call_time(new_game(preset("ema2016").rules))
    >>> game.time_called, game.time_hands_left
    (True, 2)
    """
    if state.finished:
        raise _over(state, _("cannot call time: {why}"))
    if state.time_called:
        return state
    return dataclasses.replace(state, time_called=True)


def end_game(state: GameState) -> GameState:
    """The director ends the game now (e.g. time ran out before another hand could start).

    The reason is `TIME` after a time call and `DIRECTOR` otherwise; riichi sticks on the table
    are settled by `result_of` like at any end.
    """
    if state.finished:
        raise _over(state, _("cannot end the game again: {why}"))
    reason = EndReason.TIME if state.time_called else EndReason.DIRECTOR
    return dataclasses.replace(state, end_reason=reason)


def result_of(
    state: GameState, *, substitutes: Collection[int] = (), swapped_in_play: Collection[int] = ()
) -> GameResult:
    """The result of a finished game: the sticks on the table, chombo penalties and the seats in
    `substitutes` (those of `swapped_in_play` swapped after the game began) go to
    `results.game_result`.

    >>> from mjevent.core.presets import preset
    >>> result_of(end_game(new_game(preset("ema2016").rules))).points
    (0, 0, 0, 0)
    """
    if not state.finished:
        raise ValueError(
            _(
                "the game is still at {hand}: record its hands until it ends, or end it "
                "with end_game, before asking for its result"
            ).format(hand=state.label)
        )
    return game_result(
        state.scores,
        state.rules,
        deposits_left=state.deposits,
        chombos=state.chombos,
        substitutes=substitutes,
        swapped_in_play=swapped_in_play,
    )


def play(rules: RuleSet, hands: Iterable[Hand]) -> GameState:
    """Replay `hands` from a new game; an error names the hand (1-based) it happened at.

    >>> from mjevent.core.outcomes import Draw
    >>> from mjevent.core.presets import preset
    >>> play(preset("ema2016").rules, [Hand(Draw())] * 3).label
    'East 4, 3 honba'
    """
    state = new_game(rules)
    for number, hand in enumerate(hands, start=1):
        try:
            state, _paid = apply_hand(state, hand)
        except ValueError as error:
            raise type(error)(
                _("hand {number} ({hand}): {error}").format(
                    number=number, hand=state.label, error=error
                )
            ) from error
    return state

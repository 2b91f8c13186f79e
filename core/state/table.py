"""One table's game while the fold runs: hands applied through `mjevent.core.game`, time
called, a re-seated table replayed, the game finished by hands or by final scores.

Separate from the fold's rules because it is the one mutable piece the fold copies on write
(`_Table.copy`), and it holds every rule about a single game.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence

from mjevent.core.entries import WINDS, GameFinished, HandRecorded, TableReseated
from mjevent.core.game import EndReason, GameState, end_explanation, end_game
from mjevent.core.i18n import _, wind_name
from mjevent.core.outcomes import AbortiveDraw, ChomboHand, Draw, Hand, Ron, Tsumo, Win
from mjevent.core.results import GameResult, ScoreSumError, check_final_scores, game_result
from mjevent.core.rules import RuleSet
from mjevent.core.state.memo import FoldMemo
from mjevent.core.state.problems import (
    Problem,
    ProblemKind,
    Words,
    hand_label,
    table_words,
    why_not_applied,
    why_scores_wrong,
)
from mjevent.core.state.values import HandPlayed, TableGame, TableSeats


def remap_hand(hand: Hand, seat_map: Sequence[int]) -> Hand:
    """The same hand with seat `s` renamed `seat_map[s]` (for a table that played re-seated).

    >>> from mjevent.core.outcomes import HandValue
    >>> h = Hand(Ron(loser=2, wins=(Win(1, HandValue(3, 30)),)), riichi=frozenset({0}))
    >>> remap_hand(h, [1, 0, 2, 3]).outcome.wins[0].winner, remap_hand(h, [1, 0, 2, 3]).riichi
    (0, frozenset({1}))
    """

    def seats(values: Iterable[int]) -> frozenset[int]:
        return frozenset(seat_map[s] for s in values)

    def win(w: Win) -> Win:
        return Win(
            seat_map[w.winner], w.value, None if w.pao is None else seat_map[w.pao], w.detail
        )

    o = hand.outcome
    outcome: Ron | Tsumo | Draw | AbortiveDraw | ChomboHand
    if isinstance(o, Ron):
        outcome = Ron(seat_map[o.loser], tuple(win(w) for w in o.wins))
    elif isinstance(o, Tsumo):
        outcome = Tsumo(win(o.win))
    elif isinstance(o, Draw):
        outcome = Draw(seats(o.tenpai), seats(o.nagashi))
    elif isinstance(o, ChomboHand):
        outcome = ChomboHand(seat_map[o.offender])
    else:
        outcome = o
    return Hand(outcome, seats(hand.riichi))


def _number(n: int) -> str:
    return _("number {n}").format(n=n)


def _bad_seat(hand: Hand, seats: int) -> Words | None:
    """The first seat `hand` names that a table of `seats` does not have, as it is written."""
    o = hand.outcome
    used = set(hand.riichi)
    if isinstance(o, Ron):
        used |= {o.loser, *(w.winner for w in o.wins)}
        used |= {w.pao for w in o.wins if w.pao is not None}
    elif isinstance(o, Tsumo):
        used |= {o.win.winner} | ({o.win.pao} if o.win.pao is not None else set())
    elif isinstance(o, Draw):
        used |= o.tenpai | o.nagashi
    elif isinstance(o, ChomboHand):
        used.add(o.offender)
    bad = sorted(s for s in used if not 0 <= s < seats)
    if not bad:
        return None
    if 0 <= bad[0] < len(WINDS):
        return Words(wind_name, (WINDS[bad[0]],))
    return Words(_number, (bad[0],))


class _Table:
    """A table's game while the fold runs (mutable here, frozen into `TableGame` at the end)."""

    def __init__(
        self, round: int, table: int, seats: TableSeats, rules: RuleSet, memo: FoldMemo
    ) -> None:
        self.round = round
        self.table = table
        self.seats = seats
        self.rules = rules
        self.memo = memo
        self.logged: list[HandRecorded] = []
        self.played: list[HandPlayed] = []
        self.state: GameState | None = None
        self.finished: GameFinished | None = None
        self.result: GameResult | None = None
        self.substitutes: dict[int, str] = {}
        # Seats swapped after the game began (EMA 2025 §7.3), a subset of `substitutes`.
        self.in_play: set[int] = set()
        self.time_call_at: int | None = None
        self.cached: TableGame | None = None

    def copy(self) -> _Table:
        """A copy to change while the original stays as it is (see `_Fold.fork`)."""
        twin = _Table(self.round, self.table, self.seats, self.rules, self.memo)
        twin.logged, twin.played = list(self.logged), list(self.played)
        twin.state, twin.finished, twin.result = self.state, self.finished, self.result
        twin.substitutes = dict(self.substitutes)
        twin.in_play = set(self.in_play)
        twin.time_call_at = self.time_call_at
        twin.cached = self.cached
        return twin

    @property
    def label(self) -> Words:
        """`round 2 table 3`, said when a problem naming it is shown."""
        return table_words(self.round, self.table)

    def apply(self, entry: HandRecorded, problems: list[Problem]) -> None:
        if self.finished is not None:
            problems.append(
                Problem.of(
                    entry.id,
                    ProblemKind.HAND_AFTER_FINISHED,
                    table=self.label,
                    entry=self.finished.id,
                )
            )
            return
        state = self.state if self.state is not None else self.memo.start(self.rules, False)
        if state.end_reason is not None:
            problems.append(self._over_problem(entry.id, state))
            return
        # Time is called between two hands; a replay after a reseat calls it at the same point.
        if self.time_call_at is not None and len(self.played) >= self.time_call_at:
            state = self.memo.call_time(state, entry.id, 0)
        try:
            played = self.memo.apply(state, entry.hand, entry.id)
        except ValueError:
            # The refusal is said again when shown (`why_not_applied`), in that moment's language.
            bad = _bad_seat(entry.hand, self.rules.players)
            problems.append(
                Problem.of(
                    entry.id,
                    ProblemKind.NAMES_MISSING_SEAT,
                    seat=bad,
                    players=self.rules.players,
                )
                if bad
                else Problem.of(
                    entry.id,
                    ProblemKind.HAND_NOT_APPLIED,
                    table=self.label,
                    problem=Words(why_not_applied, (state, entry.hand)),
                )
            )
            return
        self.logged.append(entry)
        self.state = played.after
        self.played.append(played)

    def _over_problem(self, entry: str, state: GameState) -> Problem:
        if state.end_reason is EndReason.TIME:
            # The gong: say which rule ended the game, so the table knows why the hand is refused.
            return Problem.of(
                entry,
                ProblemKind.HAND_AFTER_TIME,
                table=self.label,
                time_call=self.rules.time_call,
                hand=Words(hand_label, (state,)),
            )
        return Problem.of(
            entry,
            ProblemKind.HAND_AFTER_END,
            table=self.label,
            why=Words(end_explanation, (state,)),
        )

    def call_time(self, entry: str) -> None:
        if self.time_call_at is None:
            self.time_call_at = len(self.played)
        if self.state is not None and self.finished is None and not self.state.finished:
            self.state = self.memo.call_time(self.state, entry, self.table)

    def reseat(self, entry: TableReseated, problems: list[Problem]) -> bool:
        if sorted(entry.seats) != sorted(self.seats):
            problems.append(
                Problem.of(
                    entry.id,
                    ProblemKind.RESEAT_OTHER_PLAYERS,
                    table=self.label,
                    seats=tuple(entry.seats),
                    current=tuple(self.seats),
                )
            )
            return False
        seat_map = [entry.seats.index(p) for p in self.seats]
        logged = [dataclasses.replace(h, hand=remap_hand(h.hand, seat_map)) for h in self.logged]
        finished = self.finished
        self.seats = entry.seats
        self.substitutes = {seat_map[s]: name for s, name in self.substitutes.items()}
        self.in_play = {seat_map[s] for s in self.in_play}
        self.logged, self.played, self.state, self.finished, self.result = [], [], None, None, None
        for h in logged:
            self.apply(h, problems)
        if finished is not None:
            if finished.final is not None:
                final = [0] * len(seat_map)
                for old, score in enumerate(finished.final):
                    final[seat_map[old]] = score
                finished = dataclasses.replace(finished, final=tuple(final))
            # A seat the table does not have stays as it is (`finish` leaves it out).
            chombos = tuple(seat_map[s] if 0 <= s < len(seat_map) else s for s in finished.chombos)
            self.finish(dataclasses.replace(finished, chombos=chombos), problems)
        return True

    def finish(self, entry: GameFinished, problems: list[Problem]) -> None:
        if self.finished is not None:
            problems.append(
                Problem.of(
                    entry.id,
                    ProblemKind.FINISHED_TWICE,
                    table=self.label,
                    entry=self.finished.id,
                )
            )
            return
        rules = self.rules
        subs = frozenset(self.substitutes)
        if self.played:
            assert self.state is not None
            state = self.state if self.state.finished else end_game(self.state)
            self.state = state
            result = self.memo.result(state, subs, frozenset(self.in_play))
            # A score sheet may show the scores before or after the leftover sticks went out.
            if entry.final is not None and tuple(entry.final) not in (state.scores, result.final):
                problems.append(
                    Problem.of(
                        entry.id,
                        ProblemKind.FINAL_NOT_THE_HANDS,
                        final=tuple(entry.final),
                        table=self.label,
                        scores=tuple(state.scores),
                    )
                )
            if entry.chombos:
                problems.append(
                    Problem.of(entry.id, ProblemKind.CHOMBOS_ON_FINAL, table=self.label)
                )
        else:
            if entry.final is None:
                problems.append(Problem.of(entry.id, ProblemKind.FINISHED_EMPTY, table=self.label))
                return
            if len(entry.final) != rules.players:
                problems.append(
                    Problem.of(
                        entry.id,
                        ProblemKind.FINAL_COUNT,
                        count=len(entry.final),
                        table=self.label,
                        players=rules.players,
                    )
                )
                return
            try:
                check_final_scores(entry.final, rules, deposits_left=entry.deposits)
            except ScoreSumError:
                # Said again when shown (`why_scores_wrong`), in the language of that moment.
                problem = Words(why_scores_wrong, (tuple(entry.final), rules, entry.deposits))
                problems.append(
                    Problem.of(
                        entry.id, ProblemKind.FINAL_SCORES_WRONG, table=self.label, problem=problem
                    )
                )
            counts = [0] * rules.players
            for seat in entry.chombos:
                if seat < rules.players:
                    counts[seat] += 1
            result = game_result(
                entry.final,
                rules,
                deposits_left=entry.deposits,
                chombos=counts,
                substitutes=subs,
                swapped_in_play=frozenset(self.in_play),
            )
        self.finished = entry
        self.result = result

    def frozen(self) -> TableGame:
        """The table's game as a frozen value, made again only after the table changed."""
        if self.cached is not None:
            return self.cached
        result = self.result
        if result is None and self.state is not None and self.state.finished:
            subs = frozenset(self.substitutes)
            result = self.memo.result(self.state, subs, frozenset(self.in_play))
        self.cached = TableGame(
            round=self.round,
            table=self.table,
            seats=self.seats,
            hands=tuple(self.played),
            state=self.state,
            result=result,
            finished=None if self.finished is None else self.finished.id,
            substitutes=dict(self.substitutes),
            swapped_in_play=frozenset(self.in_play),
        )
        return self.cached

"""The common hands, settled fast: what `settle` tries first for every hand.

A fold settles every hand of the log (about 18,000 in a large event). Most hands are a single
ron or a tsumo without pao, or a draw without nagashi; `settle_common` settles those with the
checks they need and what a rule set pays for a hand value looked up in a cache, instead of the
ledger and the general checks. Anything else, including every hand that breaks a rule, returns
None and goes the general way (which then raises the usual error). The payments come out the
same, in the same order: tests/core/test_scoring_fast.py compares both ways.
"""

from __future__ import annotations

import functools

from mjevent.core.outcomes import Draw, Hand, HandValue, Ron, Tsumo
from mjevent.core.rules import Kazoe, RuleSet, SanmaTsumo
from mjevent.core.scoring.payments import (
    Payment,
    PaymentKind,
    Settlement,
    ron_amount,
    tsumo_shares,
)
from mjevent.core.scoring.values import IllegalHandError, base_points, check_win_value

# Payments are frozen values and a log repeats them (the same hand between the same seats, the
# same stick): one object for each is shared by every settlement that pays it. Building a frozen
# dataclass costs ten times the lookup.
_PAYMENTS: dict[tuple[int | None, int | None, int, PaymentKind], Payment] = {}
_PAYMENTS_LIMIT = 20_000


def _payment(payer: int | None, payee: int | None, amount: int, kind: PaymentKind) -> Payment:
    key = (payer, payee, amount, kind)
    payment = _PAYMENTS.get(key)
    if payment is None:
        payment = Payment(payer, payee, amount, kind)
        if len(_PAYMENTS) >= _PAYMENTS_LIMIT:
            _PAYMENTS.clear()
        _PAYMENTS[key] = payment
    return payment


# What a ron or a tsumo pays for a hand value, keyed on the value and the few settings the
# amount depends on (not on a whole rule set: hashing one hashes every setting). A log names a
# few hundred different values; han has no upper bound, so the caches are bounded.


@functools.lru_cache(maxsize=4_096)
def _ron_paid(
    han: int,
    fu: int,
    yakuman: int,
    dealer_wins: bool,
    kiriage: bool,
    kazoe: Kazoe,
    multiple_yakuman: bool,
) -> int | None:
    """What the discarder pays (honba aside), or None when a ron cannot score the value."""
    value = HandValue(han, fu, yakuman)
    try:
        check_win_value(value, tsumo=False)
    except IllegalHandError:
        return None
    points = base_points(value, kiriage=kiriage, kazoe=kazoe, multiple_yakuman=multiple_yakuman)
    return ron_amount(points.base, dealer_wins)


@functools.lru_cache(maxsize=4_096)
def _tsumo_paid(
    han: int,
    fu: int,
    yakuman: int,
    winner: int,
    dealer: int,
    kiriage: bool,
    kazoe: Kazoe,
    multiple_yakuman: bool,
    seats: int,
    sanma: SanmaTsumo,
) -> tuple[tuple[int, int], ...] | None:
    """Each payer's share of a tsumo (honba aside), or None when a tsumo cannot score the
    value."""
    value = HandValue(han, fu, yakuman)
    try:
        check_win_value(value, tsumo=True)
    except IllegalHandError:
        return None
    points = base_points(value, kiriage=kiriage, kazoe=kazoe, multiple_yakuman=multiple_yakuman)
    return tuple(tsumo_shares(points.base, winner, dealer, seats, sanma))


# Looking an enum member up on its class (`Bust.AT_ZERO`) costs about ten times reading a
# module name on Python 3.11; the code that runs for every hand of a fold uses these.
_RIICHI, _HAND, _HONBA = PaymentKind.RIICHI, PaymentKind.HAND, PaymentKind.HONBA
_DEPOSITS, _NOTEN = PaymentKind.DEPOSITS, PaymentKind.NOTEN


def settle_common(
    hand: Hand, dealer: int, honba: int, deposits: int, rules: RuleSet
) -> Settlement | None:
    """`settle` of a single ron or a tsumo without pao, or of a draw without nagashi; None for
    any other hand, or for one that breaks a rule."""
    # A seat is an int (not a bool) from 0 to seats - 1: the test is written out where it is
    # needed, and a payment looked up in `_PAYMENTS` before `_payment` is called, because a
    # call costs as much as the test itself and this runs for every hand of a fold.
    seats = rules.players
    if not (
        type(dealer) is int
        and 0 <= dealer < seats
        and type(honba) is int
        and honba >= 0
        and type(deposits) is int
        and deposits >= 0
    ):
        return None
    riichi = hand.riichi
    deltas = [0] * seats
    payments: list[Payment] = []
    key: tuple[int | None, int | None, int, PaymentKind]
    stick = rules.riichi_value
    if riichi:
        for seat in riichi:
            if not (type(seat) is int and 0 <= seat < seats):
                return None
        if stick:
            # One stick needs no sorting (most hands have at most one riichi).
            for seat in sorted(riichi) if len(riichi) > 1 else riichi:
                key = (seat, None, stick, _RIICHI)
                payments.append(_PAYMENTS.get(key) or _payment(*key))
                deltas[seat] -= stick
    sticks = (deposits + len(riichi)) * stick
    outcome = hand.outcome
    if isinstance(outcome, Ron):
        wins = outcome.wins
        if len(wins) != 1:
            return None
        win = wins[0]
        loser, winner = outcome.loser, win.winner
        if (
            win.pao is not None
            or winner == loser
            or not (type(loser) is int and 0 <= loser < seats)
            or not (type(winner) is int and 0 <= winner < seats)
        ):
            return None
        value = win.value
        amount = _ron_paid(
            value.han,
            value.fu,
            value.yakuman,
            winner == dealer,
            rules.kiriage,
            rules.kazoe,
            rules.multiple_yakuman,
        )
        if amount is None:
            return None
        honba_points = honba * rules.honba_ron
        if amount:
            key = (loser, winner, amount, _HAND)
            payments.append(_PAYMENTS.get(key) or _payment(*key))
        if honba_points:
            key = (loser, winner, honba_points, _HONBA)
            payments.append(_PAYMENTS.get(key) or _payment(*key))
        if sticks:
            key = (None, winner, sticks, _DEPOSITS)
            payments.append(_PAYMENTS.get(key) or _payment(*key))
        deltas[loser] -= amount + honba_points
        deltas[winner] += amount + honba_points + sticks
        return Settlement(tuple(deltas), tuple(payments), 0, (winner,))
    if isinstance(outcome, Tsumo):
        win = outcome.win
        winner = win.winner
        if win.pao is not None or not (type(winner) is int and 0 <= winner < seats):
            return None
        value = win.value
        shares = _tsumo_paid(
            value.han,
            value.fu,
            value.yakuman,
            winner,
            dealer,
            rules.kiriage,
            rules.kazoe,
            rules.multiple_yakuman,
            seats,
            rules.sanma_tsumo,
        )
        if shares is None:
            return None
        each = honba * rules.honba_tsumo_each
        gained = sticks
        for payer, amount in shares:
            if amount:
                key = (payer, winner, amount, _HAND)
                payments.append(_PAYMENTS.get(key) or _payment(*key))
            if each:
                key = (payer, winner, each, _HONBA)
                payments.append(_PAYMENTS.get(key) or _payment(*key))
            deltas[payer] -= amount + each
            gained += amount + each
        if sticks:
            key = (None, winner, sticks, _DEPOSITS)
            payments.append(_PAYMENTS.get(key) or _payment(*key))
        deltas[winner] += gained
        return Settlement(tuple(deltas), tuple(payments), 0, (winner,))
    if isinstance(outcome, Draw):
        tenpai = outcome.tenpai
        if outcome.nagashi:
            return None
        for seat in tenpai:
            if not (type(seat) is int and 0 <= seat < seats):
                return None
        ready = len(tenpai)
        total = rules.noten_total
        if ready not in (0, seats) and total:
            pairs = ready * (seats - ready)
            if total % pairs:
                return None
            # Each noten player pays total/noten, shared equally by the tenpai players.
            each = total // pairs
            payees = sorted(tenpai) if ready > 1 else tenpai
            for payer in range(seats):
                if payer in tenpai:
                    continue
                for payee in payees:
                    key = (payer, payee, each, _NOTEN)
                    payments.append(_PAYMENTS.get(key) or _payment(*key))
                deltas[payer] -= each * ready
            for payee in payees:
                deltas[payee] += each * (seats - ready)
        return Settlement(tuple(deltas), tuple(payments), deposits + len(riichi), ())
    return None

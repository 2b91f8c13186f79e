"""What a settlement is made of (payments and their kinds), and what one win pays.

`ron_amount` and `tsumo_shares` are the payment rules every way of settling uses: the general
`settle`, the common hands' fast way and `quote`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from mjevent.core.frozen import quick_init
from mjevent.core.i18n import pgettext
from mjevent.core.rules import SanmaTsumo
from mjevent.core.scoring.values import round_up_100


class PaymentKind(enum.StrEnum):
    """What one arrow of a settlement is for."""

    HAND = "hand"
    """The value of a winning hand, from a loser (ron) or each payer (tsumo)."""
    HONBA = "honba"
    """The counters (tsumibou) on top of a win."""
    RIICHI = "riichi"
    """A riichi declarer's stick, put on the table (payee None)."""
    DEPOSITS = "deposits"
    """Riichi sticks taken from the table by a winner (payer None)."""
    NOTEN = "noten"
    """Noten payments at an exhaustive draw."""
    NAGASHI = "nagashi"
    """Nagashi mangan, paid as a mangan tsumo."""
    CHOMBO = "chombo"
    """A chombo paid at the table."""
    PAO = "pao"
    """The share of a pao yakuman paid by the responsible seat."""


def payment_kind_name(kind: PaymentKind) -> str:
    """What a payment is for, as the preview names it in the language in use: ``honba`` (本場).

    >>> payment_kind_name(PaymentKind.DEPOSITS)
    'deposits'
    """
    names = {
        PaymentKind.HAND: pgettext("payment", "hand"),
        PaymentKind.HONBA: pgettext("payment", "honba"),
        PaymentKind.RIICHI: pgettext("payment", "riichi"),
        PaymentKind.DEPOSITS: pgettext("payment", "deposits"),
        PaymentKind.NOTEN: pgettext("payment", "noten"),
        PaymentKind.NAGASHI: pgettext("payment", "nagashi"),
        PaymentKind.CHOMBO: pgettext("payment", "chombo"),
        PaymentKind.PAO: pgettext("payment", "pao"),
    }
    return names[kind]


@dataclass(frozen=True, slots=True)
class Payment:
    """One transfer of points. `payer` or `payee` is None for the table (riichi sticks)."""

    payer: int | None
    payee: int | None
    amount: int
    kind: PaymentKind


@quick_init
@dataclass(frozen=True, slots=True)
class Settlement:
    """The outcome of `settle`.

    `deltas` is the change of every seat's score, everything included. `payments` lists the
    arrows behind it. `deposits_after` counts the riichi sticks left on the table. `winners` are
    the seats paid as winners (after a head bump), in turn order from the discarder; it is empty
    for draws, chombo and a triple ron that the rules turn into an abortive draw.

    Points are conserved: ``sum(deltas) == (deposits - deposits_after) * rules.riichi_value``.
    """

    deltas: tuple[int, ...]
    payments: tuple[Payment, ...]
    deposits_after: int
    winners: tuple[int, ...]


def ron_amount(base: int, dealer_wins: bool) -> int:
    return round_up_100(base * (6 if dealer_wins else 4))


def tsumo_shares(
    base: int, winner: int, dealer: int, seats: int, sanma: SanmaTsumo
) -> list[tuple[int, int]]:
    """(payer, amount) for a tsumo worth `base` by `winner`, before honba.

    The dealer pays (or, winning, receives from each) 2x base, a non-dealer 1x base, each rounded
    up to 100. At three seats the absent North's share is lost, or with north bisection split
    between the two payers, each half rounded up to 100.
    """
    dealer_wins = winner == dealer
    shares: list[tuple[int, int]] = []
    for payer in range(seats):
        if payer == winner:
            continue
        double = dealer_wins or payer == dealer
        shares.append((payer, round_up_100(base * (2 if double else 1))))
    if seats == 3 and sanma is SanmaTsumo.BISECTION:
        # North is never the dealer: its share is what a non-dealer payer would pay.
        missing = round_up_100(base * (2 if dealer_wins else 1))
        half = round_up_100(-(-missing // 2))
        shares = [(payer, amount + half) for payer, amount in shares]
    return shares

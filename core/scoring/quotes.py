"""What a win is worth as a calculator answers it (`quote`), and the notes a director reads
beside a hand's payments (`settlement_notes`)."""

from __future__ import annotations

from dataclasses import dataclass

from mjevent.core.i18n import _, wind_name
from mjevent.core.outcomes import Hand, HandValue, Ron
from mjevent.core.rules import RuleSet
from mjevent.core.scoring.payments import Settlement, ron_amount, tsumo_shares
from mjevent.core.scoring.values import (
    Limit,
    check_counters,
    check_win_value,
    hand_points,
)


@dataclass(frozen=True, slots=True)
class Quote:
    """What one win is worth, as a calculator shows it (all amounts include the honba).

    `ron` is what the discarder pays (None for a tsumo). `tsumo_dealer` is what the dealer pays
    on a non-dealer tsumo (None for a ron or a dealer tsumo) and `tsumo_non_dealer` what each
    non-dealer pays on a tsumo (None for a ron). `total` is everything the winner gains,
    riichi sticks on the table included.
    """

    base: int
    limit: Limit | None
    ron: int | None
    tsumo_dealer: int | None
    tsumo_non_dealer: int | None
    total: int


def quote(
    value: HandValue,
    *,
    tsumo: bool,
    dealer: bool,
    honba: int = 0,
    deposits: int = 0,
    rules: RuleSet,
) -> Quote:
    """What one win is worth: the calculator's answer for a winner with no pao and no riichi of
    their own, with `honba` counters and `deposits` sticks on the table.

    It uses the payment rules of `settle` (the same rounding, tsumo shares and honba) without
    building a ledger, so that a batch of hands is fast; the tests check that both always agree.

    >>> from mjevent.core.presets import preset
    >>> wrc, sanma = preset("wrc").rules, preset("sanma-club").rules
    >>> q = quote(HandValue(han=3, fu=30), tsumo=False, dealer=True, honba=1, rules=wrc)
    >>> q.base, q.ron, q.total
    (960, 6100, 6100)
    >>> q = quote(HandValue(han=4, fu=30), tsumo=True, dealer=False, rules=sanma)
    >>> q.tsumo_dealer, q.tsumo_non_dealer, q.total
    (3900, 2000, 5900)
    """
    check_win_value(value, tsumo=tsumo)
    check_counters(honba, deposits)
    points = hand_points(value, rules)
    sticks = deposits * rules.riichi_value
    if not tsumo:
        ron = ron_amount(points.base, dealer) + honba * rules.honba_ron
        return Quote(points.base, points.limit, ron, None, None, ron + sticks)
    # Seat 0 deals; the winner is seat 0 or seat 1, so the last payer is always a non-dealer.
    shares = tsumo_shares(points.base, 0 if dealer else 1, 0, rules.players, rules.sanma_tsumo)
    each = honba * rules.honba_tsumo_each
    total = sum(amount for _payer, amount in shares) + each * len(shares) + sticks
    dealer_pays = None if dealer else shares[0][1] + each
    return Quote(points.base, points.limit, None, dealer_pays, shares[-1][1] + each, total)


_WIND_LETTERS = "ESWN"


def settlement_notes(hand: Hand, settlement: Settlement, rules: RuleSet) -> tuple[str, ...]:
    """What a director should read beside a hand's payments, because the rules or the entry
    did something the line does not show. Seats are named by wind (E S W N; 東南西北 in Japanese,
    the entry line's letters kept where the note quotes the line).

    * a triple ron the rules turn into an abortive draw (`multi_ron = "double_only"`), or a
      multiple ron where a head bump pays only the first winner (`"head_bump"`);
    * a riichi listed for the discarder of a ron: the stick is charged, but a riichi whose
      declaring discard is the tile ronned never stood and pays no stick.

    >>> from mjevent.core.outcomes import HandValue, Ron, Win
    >>> from mjevent.core.presets import preset
    >>> from mjevent.core.scoring import settle
    >>> hand = Hand(Ron(loser=0, wins=tuple(Win(s, HandValue(2, 30)) for s in (1, 2, 3))))
    >>> tenhou = preset("tenhou").rules
    >>> settlement_notes(hand, settle(hand, dealer=0, honba=0, deposits=0, rules=tenhou), tenhou)
    ('triple ron: an abortive draw under these rules (multi_ron = "double_only", sanchahou); no \
points moved, riichi sticks stay on the table',)
    """
    outcome = hand.outcome
    notes: list[str] = []
    if isinstance(outcome, Ron):
        if len(outcome.wins) == 3 and not settlement.winners:
            notes.append(
                _(
                    'triple ron: an abortive draw under these rules (multi_ron = "double_only", '
                    "sanchahou); no points moved, riichi sticks stay on the table"
                )
            )
        elif len(outcome.wins) > len(settlement.winners) and settlement.winners:
            paid = ", ".join(wind_name(_WIND_LETTERS[s]) for s in settlement.winners)
            notes.append(
                _(
                    'head bump (multi_ron = "{setting}"): only {paid}, first in turn from the '
                    "discarder, is paid"
                ).format(setting=rules.multi_ron.value, paid=paid)
            )
        if outcome.loser in hand.riichi:
            w = _WIND_LETTERS[outcome.loser]
            notes.append(
                _(
                    "{wind} is charged a riichi stick (r:{letter}) and dealt in: if the tile "
                    "ronned was {wind}'s riichi declaration, that riichi never stood and pays no "
                    "stick; then leave {letter} out of r:"
                ).format(wind=wind_name(w), letter=w)
            )
    return tuple(notes)

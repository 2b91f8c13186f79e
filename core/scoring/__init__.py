"""The hand calculator: from one recorded hand to exact point transfers between seats.

Everything here is integer arithmetic on raw table points. The two entry points are:

* `hand_points`: the base points of a hand value (fu x 2^(han+2), with the limits, kiriage and
  kazoe yakuman as the rule set says);
* `settle`: every payment of one hand (ron with one to three winners, tsumo, exhaustive draw with
  noten payments and nagashi mangan, abortive draw, chombo, pao), with per-seat deltas and the
  riichi sticks left on the table.

`quote` answers the calculator question "what is this hand worth" for one winner, as
`mjevent calc` prints it.

>>> from mjevent.core.outcomes import Hand, HandValue, Ron, Win
>>> from mjevent.core.presets import preset
>>> ema = preset("ema2016").rules
>>> hand_points(HandValue(han=3, fu=30), ema)
HandPoints(base=960, limit=None)
>>> s = settle(Hand(Ron(loser=2, wins=(Win(1, HandValue(3, 30)),))), dealer=0, honba=1,
...            deposits=1, rules=ema)
>>> s.deltas, s.deposits_after
((0, 5200, -4200, 0), 0)

Seat 1 gets 3900 for the hand, 300 for the honba and the 1000 stick that was on the table.

The modules: `values` (which hand values are legal, and their base points), `payments` (what a
settlement is made of, and what one win pays), `settlement` (`settle`, every hand with every
check), `common_hands` (the common hands settled fast, tried first) and `quotes` (`quote` and
`settlement_notes`).
"""

from mjevent.core.scoring.payments import Payment, PaymentKind, Settlement, payment_kind_name
from mjevent.core.scoring.quotes import Quote, quote, settlement_notes
from mjevent.core.scoring.settlement import settle
from mjevent.core.scoring.values import (
    LEGAL_FU,
    HandPoints,
    IllegalHandError,
    Limit,
    check_win_value,
    describe,
    hand_points,
    limit_name,
    round_up_100,
)

__all__ = [
    "LEGAL_FU",
    "HandPoints",
    "IllegalHandError",
    "Limit",
    "Payment",
    "PaymentKind",
    "Quote",
    "Settlement",
    "check_win_value",
    "describe",
    "hand_points",
    "limit_name",
    "payment_kind_name",
    "quote",
    "round_up_100",
    "settle",
    "settlement_notes",
]

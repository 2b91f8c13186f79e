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
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from mjevent.core.i18n import N_, _, ngettext, pgettext, wind_name
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
from mjevent.core.rules import (
    ABORTIVE_DRAW_KINDS,
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

__all__ = [
    "LEGAL_FU",
    "HandPoints",
    "IllegalHandError",
    "Limit",
    "Payment",
    "PaymentKind",
    "Quote",
    "Settlement",
    "hand_points",
    "limit_name",
    "payment_kind_name",
    "quote",
    "round_up_100",
    "settle",
    "settlement_notes",
]


class IllegalHandError(ValueError):
    """A hand the rules forbid or that cannot have happened; the message quotes it and says why.

    Raised while reading an entry line, `span` gives the offsets of the hand value at fault and
    `detail` the message without the line quoted (the entry line's preview shows that).
    """

    span: tuple[int, int] | None = None
    detail: str | None = None


class Limit(enum.StrEnum):
    """The named limits. Base points: mangan 2000, haneman 3000, baiman 4000, sanbaiman 6000,
    yakuman 8000 (times the number of yakuman when multiple yakuman count)."""

    MANGAN = "mangan"
    HANEMAN = "haneman"
    BAIMAN = "baiman"
    SANBAIMAN = "sanbaiman"
    YAKUMAN = "yakuman"


def limit_name(limit: Limit) -> str:
    """A limit as people read it in the language in use: ``haneman`` (跳満).

    >>> limit_name(Limit.BAIMAN)
    'baiman'
    """
    # Looked up when asked (the language may change after import), with a context: the short
    # words are common and other screens may translate them otherwise.
    names = {
        Limit.MANGAN: pgettext("limit", "mangan"),
        Limit.HANEMAN: pgettext("limit", "haneman"),
        Limit.BAIMAN: pgettext("limit", "baiman"),
        Limit.SANBAIMAN: pgettext("limit", "sanbaiman"),
        Limit.YAKUMAN: pgettext("limit", "yakuman"),
    }
    return names[limit]


_LIMIT_BASE: dict[Limit, int] = {
    Limit.MANGAN: 2000,
    Limit.HANEMAN: 3000,
    Limit.BAIMAN: 4000,
    Limit.SANBAIMAN: 6000,
    Limit.YAKUMAN: 8000,
}

MAX_HAN = 99
"""The most han a hand is entered with (kazoe yakuman starts at 13; real hands stop far below)."""

MAX_YAKUMAN = 6
"""The most yakuman one hand can combine where multiples count (sextuple yakuman)."""

LEGAL_FU: tuple[int, ...] = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130)
"""Every fu count a hand can score. 25 is chiitoitsu; 120 and 130 need two or three kans of
terminals or honours, which is rare but possible without a yakuman (the published charts stop at
110 because such hands always have 2 han or more)."""
_LEGAL_FU_SET = frozenset(LEGAL_FU)


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
class HandPoints:
    """The base points of a hand after the limits, and the limit reached (None below mangan)."""

    base: int
    limit: Limit | None


@dataclass(frozen=True, slots=True)
class Payment:
    """One transfer of points. `payer` or `payee` is None for the table (riichi sticks)."""

    payer: int | None
    payee: int | None
    amount: int
    kind: PaymentKind


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


def round_up_100(points: int) -> int:
    """Round a payment up to the next multiple of 100 (every payment is rounded on its own).

    >>> round_up_100(960), round_up_100(1000), round_up_100(1)
    (1000, 1000, 100)
    """
    return -(-points // 100) * 100


def describe(value: HandValue) -> str:
    """A hand value as people say it: '3 han 30 fu', '6 han', 'yakuman', 'double yakuman'.

    >>> describe(HandValue(han=3, fu=30)), describe(HandValue(yakuman=2))
    ('3 han 30 fu', 'double yakuman')
    """
    if value.yakuman:
        names = {
            1: pgettext("hand value", "yakuman"),
            2: pgettext("hand value", "double yakuman"),
            3: pgettext("hand value", "triple yakuman"),
        }
        return names.get(value.yakuman) or _("{count}x yakuman").format(count=value.yakuman)
    if value.fu:
        return _("{han} han {fu} fu").format(han=value.han, fu=value.fu)
    return _("{han} han").format(han=value.han)


def check_value(value: HandValue) -> None:
    """Raise `IllegalHandError` unless `value` is a hand some win can score.

    Below 5 han the fu count matters and must be one of `LEGAL_FU`; from 5 han up it may be left
    at 0. Whether 20 or 25 fu fits a ron or a tsumo is checked by `check_win_value`.

    >>> check_value(HandValue(han=1, fu=20))
    Traceback (most recent call last):
    ...
    mjevent.core.scoring.IllegalHandError: 1 han 20 fu: 20 fu is pinfu tsumo, which has 2 han \
at least (pinfu + menzen tsumo); enter 2 han or more, or count the fu again
    """
    han, fu, yakuman = value.han, value.fu, value.yakuman
    # The common legal cases first: this runs for every hand of a batch.
    if 0 < yakuman <= MAX_YAKUMAN or (
        yakuman == 0
        and 1 <= han <= MAX_HAN
        and ((fu in _LEGAL_FU_SET and (han > 1 or 30 <= fu <= 110)) or (fu == 0 and han >= 5))
    ):
        return
    _reject_value(value)


def _count(n: int) -> str:
    """A count as people read it, shortened when absurd: '1,000,000', 'a 31-digit number'."""
    if n < 10**12:
        return f"{n:,}"
    return _("a {digits}-digit number of").format(digits=int(n.bit_length() * 0.30103) + 1)


def _reject_value(value: HandValue) -> None:
    if value.yakuman < 0:
        raise IllegalHandError(
            _(
                "yakuman={count}: the number of yakuman cannot be negative; enter 1 for a "
                "yakuman, 2 for a double yakuman"
            ).format(count=value.yakuman)
        )
    if value.yakuman > MAX_YAKUMAN:
        raise IllegalHandError(
            _(
                "{count} yakuman: a hand combines at most {most} yakuman; enter ykm, 2ykm ... "
                "6ykm"
            ).format(count=_count(value.yakuman), most=MAX_YAKUMAN)
        )
    if value.yakuman:
        return
    if value.han > MAX_HAN:
        raise IllegalHandError(
            _(
                "{count} han: a hand is entered with at most {most} han (13 and more is kazoe "
                "yakuman); count the han again"
            ).format(count=_count(value.han), most=MAX_HAN)
        )
    said = describe(value)
    if value.han < 1:
        raise IllegalHandError(
            _(
                "{value}: a winning hand has 1 han at least (one yaku); enter the han of the hand"
            ).format(value=said)
        )
    if value.fu < 0:
        raise IllegalHandError(_("{value}: fu cannot be negative").format(value=said))
    if value.fu == 0:
        if value.han < 5:
            raise IllegalHandError(
                _(
                    "{value}: below 5 han the fu count is needed; enter it, e.g. {example}"
                ).format(value=said, example=describe(HandValue(han=value.han, fu=30)))
            )
        return
    if value.fu not in LEGAL_FU:
        nearest = min((f for f in LEGAL_FU if f >= value.fu), default=LEGAL_FU[-1])
        raise IllegalHandError(
            _(
                "{value}: fu must be 20, 25 or a multiple of 10 from 30 to 130 (fu are rounded "
                "up to the next 10, except 25 for chiitoitsu); did you mean {nearest} fu?"
            ).format(value=said, nearest=nearest)
        )
    if value.han == 1 and value.fu == 20:
        raise IllegalHandError(
            _(
                "{value}: 20 fu is pinfu tsumo, which has 2 han at least (pinfu + menzen tsumo); "
                "enter 2 han or more, or count the fu again"
            ).format(value=said)
        )
    if value.han == 1 and value.fu == 25:
        raise IllegalHandError(
            _(
                "{value}: 25 fu is chiitoitsu, which is 2 han by itself; enter 2 han or more"
            ).format(value=said)
        )
    if value.han == 1 and value.fu > 110:
        # More fu than 110 needs a third concealed triplet or a third kan, which is sanankou or
        # sankantsu (2 han each): no 1-han hand gets there (麻雀の教科書, "70符以上").
        raise IllegalHandError(
            _(
                "{value}: a 1-han hand reaches 110 fu at most (more fu needs a third concealed "
                "triplet or kan: sanankou or sankantsu, 2 han); enter 110 fu or less, or count "
                "the han again"
            ).format(value=said)
        )
    raise AssertionError(
        f"{said} passed every check but the fast path refused it"
    )  # pragma: no cover


def check_win_value(value: HandValue, *, tsumo: bool) -> None:
    """`check_value`, plus what depends on how the hand was won.

    A ron never scores 20 fu (a closed ron adds 10 fu, an open hand is rounded up to 30), a
    chiitoitsu tsumo (25 fu) always has menzen tsumo on top of its 2 han, and 1 han 110 fu exists
    only by ron (the Japanese charts leave the tsumo cell blank: 麻雀の教科書 "70符以上",
    mj-station "110符").

    >>> check_win_value(HandValue(han=1, fu=110), tsumo=True)
    Traceback (most recent call last):
    ...
    mjevent.core.scoring.IllegalHandError: tsumo 1 han 110 fu: 1 han 110 fu is only a closed \
ron (a tsumo earns 2 fu, not the closed ron's 10, and the fu it lacks need a third concealed \
triplet or kan: sanankou or sankantsu, 2 han); enter 100 fu or 2 han, or record the win as a ron

    >>> check_win_value(HandValue(han=2, fu=20), tsumo=False)
    Traceback (most recent call last):
    ...
    mjevent.core.scoring.IllegalHandError: ron 2 han 20 fu: a ron is never 20 fu (pinfu ron is \
30 fu, an open hand counts at least 30 fu); enter 30 fu, or record the win as a tsumo
    """
    check_value(value)
    if value.yakuman:
        return
    if not tsumo and value.fu == 20:
        raise IllegalHandError(
            _(
                "ron {value}: a ron is never 20 fu (pinfu ron is 30 fu, an open hand counts at "
                "least 30 fu); enter 30 fu, or record the win as a tsumo"
            ).format(value=describe(value))
        )
    if tsumo and value.fu == 25 and value.han < 3:
        raise IllegalHandError(
            _(
                "tsumo {value}: a chiitoitsu tsumo is 3 han at least (chiitoitsu 2 + menzen "
                "tsumo 1); enter 3 han or more"
            ).format(value=describe(value))
        )
    if tsumo and value.han == 1 and value.fu == 110:
        raise IllegalHandError(
            _(
                "tsumo {value}: 1 han 110 fu is only a closed ron (a tsumo earns 2 fu, not the "
                "closed ron's 10, and the fu it lacks need a third concealed triplet or kan: "
                "sanankou or sankantsu, 2 han); enter 100 fu or 2 han, or record the win as a "
                "ron"
            ).format(value=describe(value))
        )


def hand_points(value: HandValue, rules: RuleSet) -> HandPoints:
    """The base points of `value` under `rules`: fu x 2^(han+2), capped by the limits.

    5 han (or a base above 2000) is mangan, 6-7 haneman, 8-10 baiman, 11-12 sanbaiman, 13 and
    more kazoe yakuman or sanbaiman as `rules.kazoe` says. With `rules.kiriage`, a base of 1920
    (4 han 30 fu, 3 han 60 fu; also the rare 2 han 120 fu, by the same reasoning) counts as
    mangan. Yakuman multiples count only when
    `rules.multiple_yakuman` is on; otherwise a double yakuman is paid as one.

    >>> from mjevent.core.presets import preset
    >>> ema = preset("ema2016").rules
    >>> hand_points(HandValue(han=4, fu=30), ema)
    HandPoints(base=1920, limit=None)
    >>> hand_points(HandValue(han=4, fu=30), ema.with_overrides({"kiriage": True}))
    HandPoints(base=2000, limit=<Limit.MANGAN: 'mangan'>)
    >>> hand_points(HandValue(han=13), ema).limit  # EMA has no kazoe yakuman
    <Limit.SANBAIMAN: 'sanbaiman'>
    """
    check_value(value)
    if value.yakuman:
        count = value.yakuman if rules.multiple_yakuman else 1
        return HandPoints(_LIMIT_BASE[Limit.YAKUMAN] * count, Limit.YAKUMAN)
    han = value.han
    if han >= 5:
        limit = _limit_for_han(han, rules.kazoe)
        return HandPoints(_LIMIT_BASE[limit], limit)
    # han <= 4 here, so the power stays small whatever the input says.
    base = value.fu * 2 ** (han + 2)
    if base >= 2000 or (rules.kiriage and base == 1920):
        return HandPoints(2000, Limit.MANGAN)
    return HandPoints(base, None)


def _limit_for_han(han: int, kazoe: Kazoe) -> Limit:
    if han >= 13:
        return Limit.YAKUMAN if kazoe is Kazoe.YAKUMAN else Limit.SANBAIMAN
    if han >= 11:
        return Limit.SANBAIMAN
    if han >= 8:
        return Limit.BAIMAN
    if han >= 6:
        return Limit.HANEMAN
    return Limit.MANGAN


# --- Payments of one win --------------------------------------------------------------------


def _ron_amount(base: int, dealer_wins: bool) -> int:
    return round_up_100(base * (6 if dealer_wins else 4))


def _tsumo_shares(
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


def _check_seat(seat: int, seats: int, what: str) -> None:
    if not 0 <= seat < seats:
        raise IllegalHandError(
            _(
                "{what} is seat {seat}, but the table has seats 0 to {last} (0 = East in the "
                "first hand)"
            ).format(what=_(what), seat=seat, last=seats - 1)
        )


def _check_seat_set(values: frozenset[int], seats: int, what: str) -> None:
    if not values:
        return
    bad = sorted(s for s in values if not (isinstance(s, int) and 0 <= s < seats))
    if bad:
        raise IllegalHandError(
            ngettext(
                "{what} {seats} is not a set of seats: {bad} is not among seats 0 to {last}",
                "{what} {seats} is not a set of seats: {bad} are not among seats 0 to {last}",
                len(bad),
            ).format(what=_(what), seats=sorted(values, key=str), bad=bad, last=seats - 1)
        )


def _check_pao(win: Win, rules: RuleSet) -> None:
    if win.pao is None:
        return
    _check_seat(win.pao, rules.players, N_("the pao (responsible) seat"))
    if win.pao == win.winner:
        raise IllegalHandError(
            _(
                "pao seat {seat} is the winner: the responsible player is the one who fed the "
                "last meld of the yakuman, never the winner"
            ).format(seat=win.pao)
        )
    if not win.value.yakuman:
        raise IllegalHandError(
            _(
                "pao on {value}: pao (responsibility payment) applies only to a yakuman; record "
                "the value as yakuman, or drop pao"
            ).format(value=describe(win.value))
        )
    if not rules.pao_yaku:
        raise IllegalHandError(
            _("pao by seat {seat}: rule set {rules!r} has no pao (pao_yaku is empty)").format(
                seat=win.pao, rules=rules.name
            )
        )


def _pao_split(base: int, rules: RuleSet) -> tuple[int, int]:
    """(base the responsible seat answers for, base paid as a normal win).

    The outcome records one pao seat per winner but not which of several yakuman it made
    certain, so under `PAO_YAKUMAN` pao covers exactly one yakuman (a pao yakuman that itself
    counts double, e.g. daisuushii in Mahjong Soul, is paid as one).
    """
    if rules.pao_scope is PaoScope.PAO_YAKUMAN:
        single = _LIMIT_BASE[Limit.YAKUMAN]
        return min(base, single), max(base - single, 0)
    return base, 0


# --- settle ---------------------------------------------------------------------------------


class _Ledger:
    """Collects payments, dropping zero amounts, and turns them into per-seat deltas."""

    __slots__ = ("payments", "seats")

    def __init__(self, seats: int) -> None:
        self.seats = seats
        self.payments: list[Payment] = []

    def pay(self, payer: int | None, payee: int | None, amount: int, kind: PaymentKind) -> None:
        if amount:
            self.payments.append(Payment(payer, payee, amount, kind))

    def settlement(self, deposits_after: int, winners: tuple[int, ...]) -> Settlement:
        deltas = [0] * self.seats
        for p in self.payments:
            if p.payer is not None:
                deltas[p.payer] -= p.amount
            if p.payee is not None:
                deltas[p.payee] += p.amount
        return Settlement(tuple(deltas), tuple(self.payments), deposits_after, winners)


def settle(hand: Hand, *, dealer: int, honba: int, deposits: int, rules: RuleSet) -> Settlement:
    """Every payment of `hand`, with `honba` counters and `deposits` riichi sticks already on the
    table before it, under `rules`.

    Riichi declarers of the hand put a stick on the table first (except in a chombo hand, whose
    declarations are void). A win takes all sticks; a draw leaves them there.

    Multiple ron (`rules.multi_ron`): ALLOWED pays every winner; DOUBLE_ONLY turns a triple ron
    into an abortive draw (nothing paid, `winners` empty, sticks stay); HEAD_BUMP pays only the
    first winner in turn order from the discarder. The honba go to every winner or only the
    first (`multi_ron_honba`); the sticks go to the first winner, or each winner first takes
    back their own stick (`multi_ron_deposits`).

    Pao: on a tsumo the responsible seat pays the whole hand, as if it had dealt in; on a ron the
    discarder and the responsible seat pay half each, and the responsible seat pays the honba.
    With `PaoScope.PAO_YAKUMAN` and several yakuman counted, pao covers one yakuman; the rest is
    paid as a normal win (by the discarder on a ron, by every payer on a tsumo).

    Double ron, Tenhou style (honba and sticks to the first winner only), seat 3 discards:

    >>> from mjevent.core.outcomes import Ron, Win
    >>> from mjevent.core.presets import preset
    >>> tenhou_like = preset("ema2016").rules.with_overrides(
    ...     {"multi_ron_honba": "first_winner", "multi_ron_deposits": "first_winner"})
    >>> ron = Ron(loser=3, wins=(Win(1, HandValue(2, 30)), Win(0, HandValue(1, 30))))
    >>> s = settle(Hand(ron, riichi=frozenset({1})), dealer=0, honba=2, deposits=1,
    ...            rules=tenhou_like)
    >>> s.winners, s.deltas
    ((0, 1), (4100, 1000, 0, -4100))

    Seat 0 (the dealer, first after seat 3) gets 1500 + 600 honba + both sticks; seat 1 gets
    2000 less the stick it declared with.
    """
    fast = _settle_common(hand, dealer, honba, deposits, rules)
    if fast is not None:
        return fast
    return _settle_any(hand, dealer, honba, deposits, rules)


def _settle_any(hand: Hand, dealer: int, honba: int, deposits: int, rules: RuleSet) -> Settlement:
    # Every hand, every check: what `settle` does when `_settle_common` declines.
    seats = rules.players
    _check_seat(dealer, seats, N_("the dealer"))
    if honba < 0:
        raise IllegalHandError(
            _("honba={honba}: the number of counters cannot be negative").format(honba=honba)
        )
    if deposits < 0:
        raise IllegalHandError(
            _("deposits={deposits}: the number of riichi sticks cannot be negative").format(
                deposits=deposits
            )
        )
    _check_seat_set(hand.riichi, seats, N_("the riichi set"))
    outcome = hand.outcome
    ledger = _Ledger(seats)
    if isinstance(outcome, ChomboHand):
        return _settle_chombo(outcome, ledger, dealer, deposits, rules)
    for seat in sorted(hand.riichi):
        ledger.pay(seat, None, rules.riichi_value, PaymentKind.RIICHI)
    on_table = deposits + len(hand.riichi)
    if isinstance(outcome, Ron):
        return _settle_ron(outcome, hand, ledger, dealer, honba, on_table, rules)
    if isinstance(outcome, Tsumo):
        return _settle_tsumo(outcome, ledger, dealer, honba, on_table, rules)
    if isinstance(outcome, Draw):
        return _settle_draw(outcome, ledger, dealer, on_table, rules)
    if isinstance(outcome, AbortiveDraw):
        if not rules.abortive_draws:
            raise IllegalHandError(
                _(
                    "abortive draw {reason!r}: rule set {rules!r} has no abortive draws "
                    "(abortive_draws = false); record the hand as played"
                ).format(reason=outcome.reason, rules=rules.name)
            )
        kind = _abortive_kind(outcome.reason)
        if kind is not None and kind not in rules.abortive_draw_kinds:
            allowed = ", ".join(sorted(rules.abortive_draw_kinds)) or pgettext(
                "abortive draws allowed", "none"
            )
            raise IllegalHandError(
                _(
                    "abortive draw {reason!r}: not an abortive draw in rule set {rules!r} "
                    "(allowed: {allowed}); record the hand as played"
                ).format(reason=outcome.reason, rules=rules.name, allowed=allowed)
            )
        return ledger.settlement(on_table, ())
    raise IllegalHandError(f"unknown hand outcome {outcome!r}")  # pragma: no cover


# --- The common hands, settled fast -----------------------------------------------------------
# A fold settles every hand of the log (about 18,000 in a large event). Most hands are a single
# ron or a tsumo without pao, or a draw without nagashi; `_settle_common` settles those with the
# checks they need and what a rule set pays for a hand value looked up in a table, instead of
# the ledger and the general checks. Anything else, including every hand that breaks a rule,
# returns None and goes the general way (which then raises the usual error). The payments come
# out the same, in the same order: tests/core/test_scoring_fast.py compares both ways.


class _Paid:
    """What `rules` pays for legal hand values, filled in as values come up."""

    __slots__ = ("ron", "rules", "tsumo")

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        # (han, fu, yakuman, dealer wins) -> what the discarder pays, before honba.
        self.ron: dict[tuple[int, int, int, bool], int] = {}
        # (han, fu, yakuman, winner, dealer) -> (payer, amount) of each payer, before honba.
        self.tsumo: dict[tuple[int, int, int, int, int], tuple[tuple[int, int], ...]] = {}


# Keyed on the rule set's identity: hashing a RuleSet hashes all of its settings. Each table
# holds its rule set, so an id is never reused while it is a key, and the table is checked to
# be that rule set's before use. Events use one or two rule sets; tests make many, hence the cap.
_PAID: dict[int, _Paid] = {}
_PAID_LIMIT = 64
# Han has no upper bound, so a log could name any number of values: the tables stop growing.
_PAID_VALUES_LIMIT = 4_096


def _paid(rules: RuleSet) -> _Paid:
    paid = _PAID.get(id(rules))
    if paid is None or paid.rules is not rules:
        if len(_PAID) >= _PAID_LIMIT:
            _PAID.clear()
        paid = _PAID[id(rules)] = _Paid(rules)
    return paid


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


def _ron_paid(paid: _Paid, value: HandValue, dealer_wins: bool) -> int | None:
    """What the discarder pays for `value` (honba aside), or None when a ron cannot score it."""
    key = (value.han, value.fu, value.yakuman, dealer_wins)
    amount = paid.ron.get(key)
    if amount is None:
        try:
            check_win_value(value, tsumo=False)
        except IllegalHandError:
            return None
        amount = _ron_amount(hand_points(value, paid.rules).base, dealer_wins)
        if len(paid.ron) < _PAID_VALUES_LIMIT:
            paid.ron[key] = amount
    return amount


def _tsumo_paid(
    paid: _Paid, value: HandValue, winner: int, dealer: int
) -> tuple[tuple[int, int], ...] | None:
    """Each payer's share of a tsumo (honba aside), or None when a tsumo cannot score `value`."""
    key = (value.han, value.fu, value.yakuman, winner, dealer)
    shares = paid.tsumo.get(key)
    if shares is None:
        try:
            check_win_value(value, tsumo=True)
        except IllegalHandError:
            return None
        rules = paid.rules
        base = hand_points(value, rules).base
        shares = tuple(_tsumo_shares(base, winner, dealer, rules.players, rules.sanma_tsumo))
        if len(paid.tsumo) < _PAID_VALUES_LIMIT:
            paid.tsumo[key] = shares
    return shares


# Looking an enum member up on its class (`Bust.AT_ZERO`) costs about ten times reading a
# module name on Python 3.11; the code that runs for every hand of a fold uses these.
_RIICHI, _HAND, _HONBA = PaymentKind.RIICHI, PaymentKind.HAND, PaymentKind.HONBA
_DEPOSITS, _NOTEN = PaymentKind.DEPOSITS, PaymentKind.NOTEN


def _seat_ok(seat: object, seats: int) -> bool:
    return type(seat) is int and 0 <= seat < seats


def _settle_common(
    hand: Hand, dealer: int, honba: int, deposits: int, rules: RuleSet
) -> Settlement | None:
    """`settle` of a single ron or a tsumo without pao, or of a draw without nagashi; None for
    any other hand, or for one that breaks a rule."""
    seats = rules.players
    if not (
        _seat_ok(dealer, seats) and type(honba) is int and honba >= 0
        and type(deposits) is int and deposits >= 0
    ):
        return None
    riichi = hand.riichi
    deltas = [0] * seats
    payments: list[Payment] = []
    stick = rules.riichi_value
    if riichi:
        for seat in riichi:
            if not _seat_ok(seat, seats):
                return None
        if stick:
            for seat in sorted(riichi):
                payments.append(_payment(seat, None, stick, _RIICHI))
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
            win.pao is not None or winner == loser or not _seat_ok(loser, seats)
            or not _seat_ok(winner, seats)
        ):
            return None
        value = win.value
        paid = _paid(rules)
        amount = paid.ron.get((value.han, value.fu, value.yakuman, winner == dealer))
        if amount is None:
            amount = _ron_paid(paid, value, winner == dealer)
            if amount is None:
                return None
        honba_points = honba * rules.honba_ron
        if amount:
            payments.append(_payment(loser, winner, amount, _HAND))
        if honba_points:
            payments.append(_payment(loser, winner, honba_points, _HONBA))
        if sticks:
            payments.append(_payment(None, winner, sticks, _DEPOSITS))
        deltas[loser] -= amount + honba_points
        deltas[winner] += amount + honba_points + sticks
        return Settlement(tuple(deltas), tuple(payments), 0, (winner,))
    if isinstance(outcome, Tsumo):
        win = outcome.win
        winner = win.winner
        if win.pao is not None or not _seat_ok(winner, seats):
            return None
        shares = _tsumo_paid(_paid(rules), win.value, winner, dealer)
        if shares is None:
            return None
        each = honba * rules.honba_tsumo_each
        gained = sticks
        for payer, amount in shares:
            if amount:
                payments.append(_payment(payer, winner, amount, _HAND))
            if each:
                payments.append(_payment(payer, winner, each, _HONBA))
            deltas[payer] -= amount + each
            gained += amount + each
        if sticks:
            payments.append(_payment(None, winner, sticks, _DEPOSITS))
        deltas[winner] += gained
        return Settlement(tuple(deltas), tuple(payments), 0, (winner,))
    if isinstance(outcome, Draw):
        tenpai = outcome.tenpai
        if outcome.nagashi:
            return None
        for seat in tenpai:
            if not _seat_ok(seat, seats):
                return None
        ready = len(tenpai)
        total = rules.noten_total
        if ready not in (0, seats) and total:
            pairs = ready * (seats - ready)
            if total % pairs:
                return None
            # Each noten player pays total/noten, shared equally by the tenpai players.
            each = total // pairs
            payees = sorted(tenpai)
            for payer in range(seats):
                if payer in tenpai:
                    continue
                for payee in payees:
                    payments.append(_payment(payer, payee, each, _NOTEN))
                deltas[payer] -= each * ready
            for payee in payees:
                deltas[payee] += each * (seats - ready)
        return Settlement(tuple(deltas), tuple(payments), deposits + len(riichi), ())
    return None


def _abortive_kind(reason: str) -> str | None:
    """The rule-set name of an abortive draw reason, which the entry line may shorten
    ('suucha' for 'suucha_riichi'); None for a reason that names no known kind."""
    for kind in ABORTIVE_DRAW_KINDS:
        if reason == kind or kind.startswith(reason + "_"):
            return kind
    return None


def _settle_ron(
    ron: Ron, hand: Hand, ledger: _Ledger, dealer: int, honba: int, on_table: int, rules: RuleSet
) -> Settlement:
    seats = rules.players
    loser = ron.loser
    _check_seat(loser, seats, N_("the discarder (ron loser)"))
    if not ron.wins:
        raise IllegalHandError(_("a ron needs at least one winner"))
    if len(ron.wins) > seats - 1:
        raise IllegalHandError(
            _(
                "a ron with {winners} winners at a table of {seats}: at most {most} players can "
                "win on one discard"
            ).format(winners=len(ron.wins), seats=seats, most=seats - 1)
        )
    seen: set[int] = set()
    for win in ron.wins:
        _check_seat(win.winner, seats, N_("a ron winner"))
        if win.winner == loser:
            raise IllegalHandError(
                _(
                    "seat {seat} both won and dealt in: the ron loser must be another seat than "
                    "the winner"
                ).format(seat=loser)
            )
        if win.winner in seen:
            raise IllegalHandError(
                _("seat {seat} is listed twice among the ron winners").format(seat=win.winner)
            )
        seen.add(win.winner)
        check_win_value(win.value, tsumo=False)
        _check_pao(win, rules)
    order = sorted(ron.wins, key=lambda w: (w.winner - loser) % seats)
    if rules.multi_ron is MultiRon.HEAD_BUMP:
        order = order[:1]
    elif rules.multi_ron is MultiRon.DOUBLE_ONLY and len(order) >= 3:
        # Triple ron: an abortive draw whatever `abortive_draws` says; the sticks stay.
        return ledger.settlement(on_table, ())
    for index, win in enumerate(order):
        points = hand_points(win.value, rules)
        dealer_wins = win.winner == dealer
        amount = _ron_amount(points.base, dealer_wins)
        gets_honba = index == 0 or rules.multi_ron_honba is MultiRonHonba.EACH_WINNER
        honba_points = honba * rules.honba_ron if gets_honba else 0
        if win.pao is not None and win.pao != loser:
            pao_base, rest_base = _pao_split(points.base, rules)
            pao_amount = _ron_amount(pao_base, dealer_wins)
            responsible = round_up_100(-(-pao_amount // 2))
            rest = _ron_amount(rest_base, dealer_wins)
            ledger.pay(loser, win.winner, pao_amount - responsible + rest, PaymentKind.HAND)
            ledger.pay(win.pao, win.winner, responsible, PaymentKind.PAO)
            ledger.pay(win.pao, win.winner, honba_points, PaymentKind.HONBA)
        else:
            ledger.pay(loser, win.winner, amount, PaymentKind.HAND)
            ledger.pay(loser, win.winner, honba_points, PaymentKind.HONBA)
    winners = tuple(w.winner for w in order)
    first = winners[0]
    sticks = on_table
    if rules.multi_ron_deposits is MultiRonDeposits.OWN_BACK_REST_FIRST:
        for seat in winners[1:]:
            if seat in hand.riichi:
                ledger.pay(None, seat, rules.riichi_value, PaymentKind.DEPOSITS)
                sticks -= 1
    ledger.pay(None, first, sticks * rules.riichi_value, PaymentKind.DEPOSITS)
    return ledger.settlement(0, winners)


def _settle_tsumo(
    tsumo: Tsumo, ledger: _Ledger, dealer: int, honba: int, on_table: int, rules: RuleSet
) -> Settlement:
    seats = rules.players
    win = tsumo.win
    _check_seat(win.winner, seats, N_("the tsumo winner"))
    check_win_value(win.value, tsumo=True)
    _check_pao(win, rules)
    points = hand_points(win.value, rules)
    if win.pao is not None:
        # The responsible seat pays as if it had dealt in: the ron value, never a tsumo loss.
        pao_base, rest_base = _pao_split(points.base, rules)
        amount = _ron_amount(pao_base, win.winner == dealer)
        ledger.pay(win.pao, win.winner, amount, PaymentKind.PAO)
        ledger.pay(win.pao, win.winner, honba * rules.honba_ron, PaymentKind.HONBA)
        for payer, share in _tsumo_shares(rest_base, win.winner, dealer, seats, rules.sanma_tsumo):
            ledger.pay(payer, win.winner, share, PaymentKind.HAND)
    else:
        for payer, amount in _tsumo_shares(
            points.base, win.winner, dealer, seats, rules.sanma_tsumo
        ):
            ledger.pay(payer, win.winner, amount, PaymentKind.HAND)
            ledger.pay(payer, win.winner, honba * rules.honba_tsumo_each, PaymentKind.HONBA)
    ledger.pay(None, win.winner, on_table * rules.riichi_value, PaymentKind.DEPOSITS)
    return ledger.settlement(0, (win.winner,))


def _settle_draw(
    draw: Draw, ledger: _Ledger, dealer: int, on_table: int, rules: RuleSet
) -> Settlement:
    seats = rules.players
    _check_seat_set(draw.tenpai, seats, N_("the tenpai set"))
    _check_seat_set(draw.nagashi, seats, N_("the nagashi set"))
    nagashi_paid = False
    if draw.nagashi:
        if rules.nagashi is Nagashi.OFF:
            raise IllegalHandError(
                _(
                    "nagashi mangan by seat(s) {seats}: rule set {rules!r} has no nagashi mangan "
                    "(nagashi = off); record a plain draw"
                ).format(seats=sorted(draw.nagashi), rules=rules.name)
            )
        for seat in sorted(draw.nagashi):
            mangan = _LIMIT_BASE[Limit.MANGAN]
            for payer, amount in _tsumo_shares(mangan, seat, dealer, seats, rules.sanma_tsumo):
                ledger.pay(payer, seat, amount, PaymentKind.NAGASHI)
        nagashi_paid = True
    if not (nagashi_paid and rules.nagashi is Nagashi.DRAW_PAYMENT):
        _noten_payments(draw.tenpai, ledger, rules)
    return ledger.settlement(on_table, ())


def _noten_payments(tenpai: frozenset[int], ledger: _Ledger, rules: RuleSet) -> None:
    seats = rules.players
    ready = len(tenpai)
    if ready in (0, seats) or not rules.noten_total:
        return
    pairs = ready * (seats - ready)
    if rules.noten_total % pairs:
        raise IllegalHandError(
            _(
                "noten_total {total} of rule set {rules!r} cannot be split evenly between "
                "{tenpai} tenpai and {noten} noten players; use a multiple of {multiple}"
            ).format(
                total=rules.noten_total,
                rules=rules.name,
                tenpai=ready,
                noten=seats - ready,
                multiple=pairs * 100,
            )
        )
    # Each noten player pays total/noten, shared equally by the tenpai players.
    each = rules.noten_total // pairs
    for payer in range(seats):
        if payer in tenpai:
            continue
        for payee in sorted(tenpai):
            ledger.pay(payer, payee, each, PaymentKind.NOTEN)


def _settle_chombo(
    chombo: ChomboHand, ledger: _Ledger, dealer: int, deposits: int, rules: RuleSet
) -> Settlement:
    seats = rules.players
    offender = chombo.offender
    _check_seat(offender, seats, N_("the chombo offender"))
    if rules.chombo is Chombo.REVERSE_MANGAN:
        # Each other player receives what they would pay on a mangan tsumo by the offender; at
        # three seats that follows `sanma_tsumo` (tsumo loss: 4000+4000 from a dealer, 4000+2000
        # from a non-dealer).
        mangan = _LIMIT_BASE[Limit.MANGAN]
        for payee, amount in _tsumo_shares(mangan, offender, dealer, seats, rules.sanma_tsumo):
            ledger.pay(offender, payee, amount, PaymentKind.CHOMBO)
    elif rules.chombo is Chombo.FLAT_EACH:
        for payee in range(seats):
            if payee != offender:
                ledger.pay(offender, payee, rules.chombo_penalty, PaymentKind.CHOMBO)
    # AFTER_UMA: nothing at the table; the game takes the penalty off the final result.
    return ledger.settlement(deposits, ())


# --- quote ----------------------------------------------------------------------------------


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
    if honba < 0:
        raise IllegalHandError(
            _("honba={honba}: the number of counters cannot be negative").format(honba=honba)
        )
    if deposits < 0:
        raise IllegalHandError(
            _("deposits={deposits}: the number of riichi sticks cannot be negative").format(
                deposits=deposits
            )
        )
    points = hand_points(value, rules)
    sticks = deposits * rules.riichi_value
    if not tsumo:
        ron = _ron_amount(points.base, dealer) + honba * rules.honba_ron
        return Quote(points.base, points.limit, ron, None, None, ron + sticks)
    # Seat 0 deals; the winner is seat 0 or seat 1, so the last payer is always a non-dealer.
    shares = _tsumo_shares(points.base, 0 if dealer else 1, 0, rules.players, rules.sanma_tsumo)
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

"""`settle`: every payment of one hand, with every check (the general way).

The common hands (a single ron or a tsumo without pao, a draw without nagashi) are settled by
`mjevent.core.scoring.common_hands` first; every other hand, and every hand that breaks a rule,
comes here, which then names what is wrong.
"""

from __future__ import annotations

from mjevent.core.i18n import N_, _, ngettext, pgettext
from mjevent.core.outcomes import (
    AbortiveDraw,
    ChomboHand,
    Draw,
    Hand,
    Ron,
    Tsumo,
    Win,
)
from mjevent.core.rules import (
    ABORTIVE_DRAW_KINDS,
    Chombo,
    MultiRon,
    MultiRonDeposits,
    MultiRonHonba,
    Nagashi,
    PaoScope,
    RuleSet,
)
from mjevent.core.scoring.common_hands import settle_common
from mjevent.core.scoring.payments import (
    Payment,
    PaymentKind,
    Settlement,
    ron_amount,
    tsumo_shares,
)
from mjevent.core.scoring.values import (
    LIMIT_BASE,
    IllegalHandError,
    Limit,
    check_counters,
    check_win_value,
    describe,
    hand_points,
    round_up_100,
)


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
        single = LIMIT_BASE[Limit.YAKUMAN]
        return min(base, single), max(base - single, 0)
    return base, 0


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

    >>> from mjevent.core.outcomes import HandValue, Ron, Win
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
    fast = settle_common(hand, dealer, honba, deposits, rules)
    if fast is not None:
        return fast
    return _settle_any(hand, dealer, honba, deposits, rules)


def _settle_any(hand: Hand, dealer: int, honba: int, deposits: int, rules: RuleSet) -> Settlement:
    # Every hand, every check: what `settle` does when `settle_common` declines.
    seats = rules.players
    _check_seat(dealer, seats, N_("the dealer"))
    check_counters(honba, deposits)
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
        amount = ron_amount(points.base, dealer_wins)
        gets_honba = index == 0 or rules.multi_ron_honba is MultiRonHonba.EACH_WINNER
        honba_points = honba * rules.honba_ron if gets_honba else 0
        if win.pao is not None and win.pao != loser:
            pao_base, rest_base = _pao_split(points.base, rules)
            pao_amount = ron_amount(pao_base, dealer_wins)
            responsible = round_up_100(-(-pao_amount // 2))
            rest = ron_amount(rest_base, dealer_wins)
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
        amount = ron_amount(pao_base, win.winner == dealer)
        ledger.pay(win.pao, win.winner, amount, PaymentKind.PAO)
        ledger.pay(win.pao, win.winner, honba * rules.honba_ron, PaymentKind.HONBA)
        for payer, share in tsumo_shares(rest_base, win.winner, dealer, seats, rules.sanma_tsumo):
            ledger.pay(payer, win.winner, share, PaymentKind.HAND)
    else:
        for payer, amount in tsumo_shares(
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
            mangan = LIMIT_BASE[Limit.MANGAN]
            for payer, amount in tsumo_shares(mangan, seat, dealer, seats, rules.sanma_tsumo):
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
        mangan = LIMIT_BASE[Limit.MANGAN]
        for payee, amount in tsumo_shares(mangan, offender, dealer, seats, rules.sanma_tsumo):
            ledger.pay(offender, payee, amount, PaymentKind.CHOMBO)
    elif rules.chombo is Chombo.FLAT_EACH:
        for payee in range(seats):
            if payee != offender:
                ledger.pay(offender, payee, rules.chombo_penalty, PaymentKind.CHOMBO)
    # AFTER_UMA: nothing at the table; the game takes the penalty off the final result.
    return ledger.settlement(deposits, ())

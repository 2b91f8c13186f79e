"""The result of one finished game: places, uma, oka, penalties and the points standings add up.

Everything is in raw table points (a first place worth +45.3 is 45300). One formula, per seat::

    total   = final - return_points + uma + oka      (before penalties, unrounded)
    rounded = total rounded as rules.rounding says
    points  = rounded + penalties                     (what the standings add up)

`final` is the table score after the riichi sticks still on the table were settled as
`rules.leftover` says. A game recorded by final scores only is checked with
`check_final_scores` first.

EMA (no oka, uma 15/5/-5/-15), second and third tied, which share the uma of places 2 and 3:

>>> from mjevent.core.presets import preset
>>> r = game_result([45000, 30000, 30000, 15000], preset("ema2016").rules)
>>> r.places, r.uma, r.points
((1, 2, 2, 4), (15000, 0, 0, -15000), (30000, 0, 0, -30000))
"""

from __future__ import annotations

import operator
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from mjevent.core.frozen import quick_init
from mjevent.core.i18n import _, format_number, ngettext
from mjevent.core.rules import Chombo, Leftover, Rounding, RuleSet, TieRule

__all__ = [
    "GameResult",
    "ScoreSumError",
    "check_final_scores",
    "game_result",
    "places",
    "round_points",
    "settle_leftover",
    "share_by_place",
]


class ScoreSumError(ValueError):
    """Final scores that cannot be a game's result; the message says by how much they are off."""


@quick_init
@dataclass(frozen=True, slots=True)
class GameResult:
    """One finished game, per seat in seat order (seat 0 was East in the first hand).

    `final`: table scores after the leftover riichi sticks were settled. `places`: 1-based;
    under `TieRule.SPLIT` tied seats share the better place number (1, 2, 2, 4), under
    `SEAT_ORDER` every place is distinct. `uma`, `oka`: what each seat gets for its place (tied
    seats share, see `share_by_place`). `penalties`: chombo penalties taken after uma (0 or
    negative). `total` = final - return + uma + oka (for a substitute, the fixed substitute
    points replace final - return). `rounded`: `total` after `rules.rounding`. `points` =
    rounded + penalties. `leftover`: riichi points on the table that nobody was given (rule
    `nobody` or `pot`, or the remainder of a split among tied firsts).
    """

    final: tuple[int, ...]
    places: tuple[int, ...]
    uma: tuple[int, ...]
    oka: tuple[int, ...]
    penalties: tuple[int, ...]
    total: tuple[int, ...]
    rounded: tuple[int, ...]
    points: tuple[int, ...]
    leftover: int
    substitutes: frozenset[int] = frozenset()


def _check_scores(final_scores: Sequence[int], rules: RuleSet) -> tuple[int, ...]:
    scores = tuple(final_scores)
    if len(scores) != rules.players:
        raise ScoreSumError(
            _(
                "{count} final scores given, but rule set {rules!r} is for {players} players: "
                "give one score per seat, in seat order from the first dealer"
            ).format(count=len(scores), rules=rules.name, players=rules.players)
        )
    for score in scores:
        if isinstance(score, bool) or not isinstance(score, int):
            raise ScoreSumError(
                _(
                    "final score {score!r} is not a whole number of table points (e.g. 31200)"
                ).format(score=score)
            )
    return scores


def _check_deposits(deposits_left: int) -> None:
    if isinstance(deposits_left, bool) or not isinstance(deposits_left, int) or deposits_left < 0:
        raise ScoreSumError(
            _(
                "deposits_left={deposits!r}: give the number of riichi sticks still on the "
                "table, 0 or more"
            ).format(deposits=deposits_left)
        )


def check_final_scores(
    final_scores: Sequence[int], rules: RuleSet, *, deposits_left: int = 0
) -> None:
    """Raise `ScoreSumError` unless the scores add up to start x players less the sticks on the
    table (`deposits_left` riichi sticks of `rules.riichi_value`).

    >>> from mjevent.core.presets import preset
    >>> check_final_scores([40000, 30000, 30000, 20000], preset("ema2016").rules)
    >>> check_final_scores([40000, 30000, 29000, 20000], preset("ema2016").rules)
    Traceback (most recent call last):
    ...
    mjevent.core.results.ScoreSumError: scores add up to 119,000; expected 120,000 (4 x 30,000 \
less 0 riichi sticks on the table): 1,000 missing
    """
    scores = _check_scores(final_scores, rules)
    _check_deposits(deposits_left)
    expected = rules.players * rules.start_points - deposits_left * rules.riichi_value
    got = sum(scores)
    if got == expected:
        return
    if got < expected:
        off = _("{points} missing").format(points=format_number(expected - got))
    else:
        off = _("{points} too many").format(points=format_number(got - expected))
    raise ScoreSumError(
        ngettext(
            "scores add up to {got}; expected {expected} ({players} x {start} less {sticks} "
            "riichi stick on the table): {off}",
            "scores add up to {got}; expected {expected} ({players} x {start} less {sticks} "
            "riichi sticks on the table): {off}",
            deposits_left,
        ).format(
            got=format_number(got),
            expected=format_number(expected),
            players=rules.players,
            start=format_number(rules.start_points),
            sticks=deposits_left,
            off=off,
        )
    )


def places(scores: Sequence[int], ties: TieRule) -> tuple[int, ...]:
    """The 1-based place of every seat, higher score first.

    Under `SEAT_ORDER` equal scores are ordered by seat (the seat nearer the first dealer is
    placed higher); under `SPLIT` they share the better place number.

    >>> places([30000, 40000, 30000, 20000], TieRule.SEAT_ORDER)
    (2, 1, 3, 4)
    >>> places([30000, 40000, 30000, 20000], TieRule.SPLIT)
    (2, 1, 2, 4)
    """
    return _places(scores, _order(scores), ties)


def _order(scores: Sequence[int]) -> list[int]:
    # The seats, higher score first and equal scores by seat: a stable sort in reverse keeps
    # equal keys in seat order, as the key (-score, seat) would, at a third of the cost.
    return sorted(range(len(scores)), key=scores.__getitem__, reverse=True)


def _places(scores: Sequence[int], order: Sequence[int], ties: TieRule) -> tuple[int, ...]:
    result = [0] * len(scores)
    split = ties is _SPLIT
    for index, seat in enumerate(order):
        if split and index and scores[order[index - 1]] == scores[seat]:
            result[seat] = result[order[index - 1]]
        else:
            result[seat] = index + 1
    return tuple(result)


def _split_evenly(amount: int, seats: Sequence[int]) -> dict[int, int]:
    # Shares move in steps of 100 when the amount allows it, else of 1 point; the remainder of
    # the floor division (0 <= r < len(seats) steps) goes one step each to the first seats in
    # seat order, so the shares always add up to `amount` exactly.
    step = 100 if amount % 100 == 0 else 1
    units, count = amount // step, len(seats)
    base, extra = divmod(units, count)
    ordered = sorted(seats)
    return {seat: (base + (1 if i < extra else 0)) * step for i, seat in enumerate(ordered)}


def share_by_place(
    per_place: Sequence[int], scores: Sequence[int], ties: TieRule
) -> tuple[int, ...]:
    """Give each seat the amount of its place (`per_place[0]` to first ...), sharing on ties.

    Under `SEAT_ORDER` every seat takes the amount of its own distinct place. Under `SPLIT` each
    group of tied seats shares the sum of the places it covers equally. Points are whole numbers,
    so when the sum does not divide evenly the shares are made in steps of 100 (of 1 point when
    the sum is not a multiple of 100) and the steps left over go one each to the tied seats in
    seat order, nearest the first dealer first. The shares always add up to the places' sum, so
    the uma stays zero-sum and the oka adds up to the oka.

    With the uma 12/-1/-3/-8 (JPML A, three players below 30,000), second to fourth tied share
    -1000 - 3000 - 8000 = -12000, -4000 each. Were first to third tied, they would share
    12000 - 1000 - 3000 = 8000, 2666.7 each: seat 0 gets 2700, seat 1 2700 and seat 2 2600.

    >>> share_by_place([12000, -1000, -3000, -8000], [35000, 35000, 35000, 15000], TieRule.SPLIT)
    (2700, 2700, 2600, -8000)
    >>> share_by_place([15000, 0, -15000], [40000, 40000, 25000], TieRule.SPLIT)
    (7500, 7500, -15000)
    """
    if len(per_place) != len(scores):
        raise ValueError(
            _("{count} amounts per place for {seats} seats: give one per place").format(
                count=len(per_place), seats=len(scores)
            )
        )
    return _share(per_place, scores, _order(scores), ties)


def _share(
    per_place: Sequence[int], scores: Sequence[int], order: Sequence[int], ties: TieRule
) -> tuple[int, ...]:
    # `share_by_place` with the seats already in order (`_order`).
    result = [0] * len(scores)
    if ties is _SEAT_ORDER:
        for index, seat in enumerate(order):
            result[seat] = per_place[index]
        return tuple(result)
    start = 0
    while start < len(order):
        end = start + 1
        while end < len(order) and scores[order[end]] == scores[order[start]]:
            end += 1
        if end - start == 1 and type(per_place[start]) is int:
            # A seat tied with nobody takes its place's amount, which is what `_split_evenly`
            # gives a group of one; most games have no tie, and this runs for each of them.
            result[order[start]] = per_place[start]
        else:
            group = order[start:end]
            for seat, share in _split_evenly(sum(per_place[start:end]), group).items():
                result[seat] = share
        start = end
    return tuple(result)


def settle_leftover(
    final_scores: Sequence[int], rules: RuleSet, deposits_left: int
) -> tuple[tuple[int, ...], int]:
    """Settle the riichi sticks still on the table at the end: (scores after, points not given).

    `FIRST`: all to the player in first place; a tie for first goes to the tied seat nearest the
    first dealer (seat order). `SPLIT_FIRST`: shared by every player tied for first, each share
    floored to 100; the remainder is given to nobody (it is returned as not given, as Pantheon
    does: giving it to one of them would break their tie). `NOBODY` and `POT`: nobody gets them
    (`POT` tells the event to carry them to the next game at the table).

    >>> from mjevent.core.presets import preset
    >>> rules = preset("ema2016").rules  # split_first
    >>> settle_leftover([34000, 34000, 34000, 17000], rules, 1)
    ((34300, 34300, 34300, 17000), 100)
    """
    scores = _check_scores(final_scores, rules)
    _check_deposits(deposits_left)
    return _leftover(scores, rules, deposits_left)


def _leftover(
    scores: tuple[int, ...], rules: RuleSet, deposits_left: int
) -> tuple[tuple[int, ...], int]:
    # `settle_leftover` of scores and sticks already checked.
    amount = deposits_left * rules.riichi_value
    if not amount or rules.leftover in (_NOBODY, _POT):
        return scores, amount
    top = max(scores)
    firsts = [seat for seat, score in enumerate(scores) if score == top]
    after = list(scores)
    if rules.leftover is _FIRST:
        after[firsts[0]] += amount
        return tuple(after), 0
    share = amount // len(firsts) // 100 * 100
    for seat in firsts:
        after[seat] += share
    return tuple(after), amount - share * len(firsts)


# Looking an enum member up on its class (`Bust.AT_ZERO`) costs about ten times reading a
# module name on Python 3.11; the code that runs for every seat of every game of a fold uses these.
_SPLIT, _SEAT_ORDER = TieRule.SPLIT, TieRule.SEAT_ORDER
_NOBODY, _POT, _FIRST = Leftover.NOBODY, Leftover.POT, Leftover.FIRST
_NO_ROUNDING, _AFTER_UMA = Rounding.NONE, Chombo.AFTER_UMA
_NEAREST_1000, _UP_1000 = Rounding.NEAREST_1000, Rounding.UP_1000
_NEAREST_1000_HALF_DOWN = Rounding.NEAREST_1000_HALF_DOWN
_NEAREST_1000_HALF_AWAY = Rounding.NEAREST_1000_HALF_AWAY


def round_points(total: int, rounding: Rounding) -> int:
    """Round one game total as `rounding` says.

    `NEAREST_1000`: to the nearest 1000, an exact 500 going up (towards +infinity: 1500 -> 2000,
    -1500 -> -1000). `NEAREST_1000_HALF_AWAY`: an exact 500 going away from zero (1500 -> 2000,
    -1500 -> -2000; Tenhou). `UP_1000`: to the next 1000 towards +infinity (1 -> 1000,
    -1999 -> -1000).

    Each seat is rounded on its own, so rounding may break the zero sum. With EMA uma and
    NEAREST_1000, finals 35500, 30500, 29500, 24500 give totals +20500, +5500, -5500, -20500
    (sum 0), rounded to +21000, +6000, -5000, -20000 (sum +2000). UP_1000 adds up to 999 per
    seat. NONE keeps the sum exactly.

    >>> [round_points(t, Rounding.NEAREST_1000) for t in (20500, 5500, -5500, -20500)]
    [21000, 6000, -5000, -20000]
    >>> [round_points(t, Rounding.NEAREST_1000_HALF_DOWN) for t in (1500, 1600, -1500, -1400)]
    [1000, 2000, -2000, -1000]
    >>> [round_points(t, Rounding.NEAREST_1000_HALF_AWAY) for t in (57500, -57500, -57499)]
    [58000, -58000, -57000]
    >>> [round_points(t, Rounding.UP_1000) for t in (1, -1999, 3000)]
    [1000, -1000, 3000]
    """
    if rounding is _NEAREST_1000_HALF_AWAY:
        magnitude = (abs(total) + 500) // 1000 * 1000
        return magnitude if total >= 0 else -magnitude
    if rounding is _NEAREST_1000:
        return (total + 500) // 1000 * 1000
    if rounding is _NEAREST_1000_HALF_DOWN:
        return -((-total + 500) // 1000) * 1000
    if rounding is _UP_1000:
        return -(-total // 1000) * 1000
    return total


def _rounded_totals(total: Sequence[int], place: Sequence[int], rules: RuleSet) -> tuple[int, ...]:
    """Each total rounded; with `rounding_rest_to_first`, first place (the seat nearest the first
    dealer among tied firsts) takes whatever keeps the table's sum unrounded.

    Tenhou, finals 45300, 24800, 18400, 11500 (25,000 start, 30,000 return, oka 20,000, uma
    20/10/-10/-20): second to fourth give +4800, -21600, -38500, rounded to +5000, -22000,
    -39000 (a negative half goes away from zero); first takes 0 - (5000 - 22000 - 39000) =
    +56000 (unrounded +55300).

    >>> from mjevent.core.presets import preset
    >>> game_result([45300, 24800, 18400, 11500], preset("tenhou").rules).rounded
    (56000, 5000, -22000, -39000)
    """
    rounded = [round_points(t, rules.rounding) for t in total]
    if rules.rounding_rest_to_first and rules.rounding is not Rounding.NONE:
        first = min(seat for seat, p in enumerate(place) if p == 1)
        others = sum(r for seat, r in enumerate(rounded) if seat != first)
        rounded[first] = sum(total) - others
    return tuple(rounded)


def _uma_table(scores: Sequence[int], rules: RuleSet) -> tuple[int, ...]:
    below = sum(1 for score in scores if score < rules.return_points)
    return rules.uma_for(below)


def game_result(
    final_scores: Sequence[int],
    rules: RuleSet,
    *,
    deposits_left: int = 0,
    chombos: Sequence[int] = (),
    substitutes: Collection[int] = (),
    swapped_in_play: Collection[int] = (),
) -> GameResult:
    """The result of a game that ended with `final_scores` (seat order, before the riichi sticks
    still on the table are settled), `deposits_left` sticks on the table, `chombos[seat]`
    chombos per seat and the seats in `substitutes` played by substitutes; the seats of
    `swapped_in_play` (a subset of `substitutes`) were swapped after the game began.

    This does not check that the scores add up (a game recorded by final scores only is checked
    with `check_final_scores` first); it checks their number.

    Floating uma (`rules.uma_for`) is chosen by how many seats finish below `return_points`,
    after the leftover sticks. Oka goes to first place (shared by tied firsts under SPLIT).
    A substitute seat takes `rules.substitute_points` in place of final - return and
    `rules.substitute_uma` in place of its uma (None keeps the table's value); its place, and any
    oka of that place, stay as played. Chombo penalties apply only under `Chombo.AFTER_UMA`
    (other chombo rules were paid at the table): -chombo_penalty per chombo.

    The substitute's uma depends on when the swap happened (EMA 2025 §7.3): a substitute who
    sat down before the game began takes `rules.substitute_uma`; one who took over a seat after
    it began (`swapped_in_play`) takes `rules.substitute_uma_after_start`, None meaning the uma
    of the place the seat finished in. Under `ema2025`, finals 45,000 / 30,000 / 25,000 / 20,000
    with East played by a substitute: from the start, East's total is -15,000 points - 15,000
    uma = -30,000; swapped in after the first hand, it is -15,000 + 15,000 (first place's uma)
    = 0.

    >>> from mjevent.core.presets import preset
    >>> finals = [45000, 30000, 25000, 20000]
    >>> game_result(finals, preset("ema2025").rules, substitutes={0}).total
    (-30000, 5000, -10000, -25000)
    >>> game_result(finals, preset("ema2025").rules, substitutes={0}, swapped_in_play={0}).total
    (0, 5000, -10000, -25000)

    M.League (25,000 start, 30,000 return, oka 20,000, uma 30/10/-10/-30) with a tie for first:
    both share oka and the uma of places 1 and 2.

    >>> from mjevent.core.rules import RuleSet
    >>> mleague = RuleSet(name="m", start_points=25000, oka=20000,
    ...                   uma=(30000, 10000, -10000, -30000))
    >>> r = game_result([35000, 35000, 20000, 10000], mleague)
    >>> r.places, r.uma, r.oka
    ((1, 1, 3, 4), (20000, 20000, -10000, -30000), (10000, 10000, 0, 0))
    >>> r.total
    (35000, 35000, -20000, -50000)
    """
    scores = _check_scores(final_scores, rules)
    seats = rules.players
    chombo_counts = tuple(chombos) if chombos else (0,) * seats
    if len(chombo_counts) != seats or min(chombo_counts) < 0:
        raise ValueError(
            _("chombos={counts}: give one count (0 or more) per seat, {seats} in all").format(
                counts=list(chombos), seats=seats
            )
        )
    subs = frozenset(substitutes)
    outside = sorted(s for s in subs if not (isinstance(s, int) and 0 <= s < seats)) if subs else ()
    if outside:
        raise ValueError(
            _("substitutes {seats} are not seats: the table has seats 0 to {last}").format(
                seats=outside, last=seats - 1
            )
        )
    in_play = frozenset(swapped_in_play)
    if not in_play <= subs:
        raise ValueError(
            _("swapped_in_play {seats} are not substitutes' seats ({subs})").format(
                seats=sorted(in_play - subs), subs=sorted(subs)
            )
        )
    _check_deposits(deposits_left)
    final, leftover = _leftover(scores, rules, deposits_left)
    # The seats in order once, for the places, the uma and the oka.
    ties = rules.ties
    order = _order(final)
    place = _places(final, order, ties)
    uma = list(_share(_uma_table(final, rules), final, order, ties))
    # No oka: every share of (0, 0, ...) is 0, tie or not.
    oka = (
        _share((rules.oka,) + (0,) * (seats - 1), final, order, ties) if rules.oka else (0,) * seats
    )
    base = [score - rules.return_points for score in final]
    for seat in subs:
        if rules.substitute_points is not None:
            base[seat] = rules.substitute_points
        fixed_uma = rules.substitute_uma_after_start if seat in in_play else rules.substitute_uma
        if fixed_uma is not None:
            uma[seat] = fixed_uma
    total = tuple([base[s] + uma[s] + oka[s] for s in range(seats)])
    # Rounding NONE keeps every total as it is (`round_points`).
    rounded = total if rules.rounding is _NO_ROUNDING else _rounded_totals(total, place, rules)
    per_chombo = rules.chombo_penalty if rules.chombo is _AFTER_UMA else 0
    penalties = tuple([-per_chombo * count for count in chombo_counts])
    return GameResult(
        final=final,
        places=place,
        uma=tuple(uma),
        oka=oka,
        penalties=penalties,
        total=total,
        rounded=rounded,
        # One of each per seat (`total` is made per seat, the chombo counts were checked).
        points=tuple(map(operator.add, rounded, penalties)),
        leftover=leftover,
        substitutes=subs,
    )

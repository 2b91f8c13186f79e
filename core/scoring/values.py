"""Hand values: which values a win can score, and the base points each is worth under a rule set.

`check_value` and `check_win_value` refuse a value no hand can have (and say why, in the
director's words); `hand_points` turns a legal value into base points, with the limits.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from mjevent.core.i18n import _, pgettext
from mjevent.core.outcomes import HandValue
from mjevent.core.rules import Kazoe, RuleSet


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


LIMIT_BASE: dict[Limit, int] = {
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


@dataclass(frozen=True, slots=True)
class HandPoints:
    """The base points of a hand after the limits, and the limit reached (None below mangan)."""

    base: int
    limit: Limit | None


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
    mjevent.core.scoring.values.IllegalHandError: 1 han 20 fu: 20 fu is pinfu tsumo, which has \
2 han at least (pinfu + menzen tsumo); enter 2 han or more, or count the fu again
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
                "{count} yakuman: a hand combines at most {most} yakuman; enter ykm, 2ykm ... 6ykm"
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
                _("{value}: below 5 han the fu count is needed; enter it, e.g. {example}").format(
                    value=said, example=describe(HandValue(han=value.han, fu=30))
                )
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
            _("{value}: 25 fu is chiitoitsu, which is 2 han by itself; enter 2 han or more").format(
                value=said
            )
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


def check_counters(honba: int, deposits: int) -> None:
    """Refuse a negative honba count or riichi stick count (`IllegalHandError`): what every
    settlement and every quote checks before paying."""
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


def check_win_value(value: HandValue, *, tsumo: bool) -> None:
    """`check_value`, plus what depends on how the hand was won.

    A ron never scores 20 fu (a closed ron adds 10 fu, an open hand is rounded up to 30), a
    chiitoitsu tsumo (25 fu) always has menzen tsumo on top of its 2 han, and 1 han 110 fu exists
    only by ron (the Japanese charts leave the tsumo cell blank: 麻雀の教科書 "70符以上",
    mj-station "110符").

    >>> check_win_value(HandValue(han=1, fu=110), tsumo=True)
    Traceback (most recent call last):
    ...
    mjevent.core.scoring.values.IllegalHandError: tsumo 1 han 110 fu: 1 han 110 fu is only a \
closed ron (a tsumo earns 2 fu, not the closed ron's 10, and the fu it lacks need a third \
concealed triplet or kan: sanankou or sankantsu, 2 han); enter 100 fu or 2 han, or record the \
win as a ron

    >>> check_win_value(HandValue(han=2, fu=20), tsumo=False)
    Traceback (most recent call last):
    ...
    mjevent.core.scoring.values.IllegalHandError: ron 2 han 20 fu: a ron is never 20 fu (pinfu \
ron is 30 fu, an open hand counts at least 30 fu); enter 30 fu, or record the win as a tsumo
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
    return base_points(
        value, kiriage=rules.kiriage, kazoe=rules.kazoe, multiple_yakuman=rules.multiple_yakuman
    )


def base_points(
    value: HandValue, *, kiriage: bool, kazoe: Kazoe, multiple_yakuman: bool
) -> HandPoints:
    """`hand_points` under the only three settings it reads, which a cache can key on (hashing
    a whole `RuleSet` hashes every setting).

    >>> base_points(HandValue(han=13), kiriage=False, kazoe=Kazoe.YAKUMAN, multiple_yakuman=True)
    HandPoints(base=8000, limit=<Limit.YAKUMAN: 'yakuman'>)
    """
    check_value(value)
    if value.yakuman:
        count = value.yakuman if multiple_yakuman else 1
        return HandPoints(LIMIT_BASE[Limit.YAKUMAN] * count, Limit.YAKUMAN)
    han = value.han
    if han >= 5:
        limit = _limit_for_han(han, kazoe)
        return HandPoints(LIMIT_BASE[limit], limit)
    # han <= 4 here, so the power stays small whatever the input says.
    base = value.fu * 2 ** (han + 2)
    if base >= 2000 or (kiriage and base == 1920):
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

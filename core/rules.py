"""Rule sets: every setting a real event configures.

A `RuleSet` is a frozen value. The published presets are `mjevent.core.presets`; an event file
names one and may override any single setting (`RuleSet.with_overrides`). Points are raw table
points throughout (30000, not 30.0); standings divide by 1000 only when they display.

>>> ema = RuleSet(name="ema2016")  # the defaults are the EMA's 2016 rules
>>> ema.start_points, ema.uma
(30000, (15000, 5000, -5000, -15000))
>>> ema.with_overrides({"kiriage": True}).kiriage
True
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, get_origin, get_type_hints

from mjevent.core.i18n import _, pgettext
from mjevent.core.text import suggest


class RulesError(ValueError):
    """A rule set or an override that cannot be used; the message says which setting and why."""


class GameLength(enum.StrEnum):
    """How many wind rounds a game has."""

    EAST = "east"
    """Tonpuusen: East 1 to East 4 (East 3 in sanma)."""
    SOUTH = "south"
    """Hanchan: East 1 to South 4 (South 3 in sanma)."""


class Extension(enum.StrEnum):
    """What happens when nobody has reached `goal_points` after the last regular hand."""

    NONE = "none"
    """The game ends after the last regular hand whatever the scores."""
    NEXT_ROUND = "next_round"
    """Play on into the next wind round (West after South), which is the last: the game ends when
    the deal passes with somebody at or above the goal, or at the end of that round."""
    SUDDEN_DEATH = "sudden_death"
    """Like `next_round`, but the game ends after any hand that leaves someone at the goal, even
    one where the dealer keeps the deal (Tenhou, Mahjong Soul)."""


class Bust(enum.StrEnum):
    """When a player's score ends the game (tobi / buttobi)."""

    NONE = "none"
    """Scores may go negative; the game goes on (EMA, WRC)."""
    BELOW_ZERO = "below_zero"
    """The game ends when a player drops below 0 (exactly 0 plays on)."""
    AT_ZERO = "at_zero"
    """The game ends when a player reaches 0 or less."""


class TieRule(enum.StrEnum):
    """How players with equal final scores are placed for uma and oka."""

    SPLIT = "split"
    """Tied players share the uma (and oka) of the places they cover, equally."""
    SEAT_ORDER = "seat_order"
    """The player who sat closer to the first dealer (East first) takes the higher place."""


class Kazoe(enum.StrEnum):
    """What 13 or more han (without a yakuman yaku) count as."""

    YAKUMAN = "yakuman"
    SANBAIMAN = "sanbaiman"


class MultiRon(enum.StrEnum):
    """Several players declaring ron on the same discard."""

    ALLOWED = "allowed"
    """Double and triple ron are both paid."""
    DOUBLE_ONLY = "double_only"
    """Double ron is paid; a triple ron is an abortive draw (Tenhou)."""
    HEAD_BUMP = "head_bump"
    """Atamahane: only the first winner in turn order from the discarder wins."""


class MultiRonHonba(enum.StrEnum):
    """Who collects the honba when several players win on one discard."""

    EACH_WINNER = "each_winner"
    """The discarder pays the honba to every winner."""
    FIRST_WINNER = "first_winner"
    """Only the winner first in turn order from the discarder collects the honba."""


class MultiRonDeposits(enum.StrEnum):
    """Who collects the riichi sticks on the table when several players win on one discard."""

    FIRST_WINNER = "first_winner"
    """Every stick on the table goes to the winner first in turn order from the discarder."""
    OWN_BACK_REST_FIRST = "own_back_rest_first"
    """Each winner takes back a stick they put out this hand; the rest go to the first winner."""


class Nagashi(enum.StrEnum):
    """Nagashi mangan at an exhaustive draw."""

    OFF = "off"
    MANGAN_TSUMO = "mangan_tsumo"
    """Paid as a mangan tsumo (honba and deposits are not taken; the draw still happens)."""
    DRAW_PAYMENT = "draw_payment"
    """Paid as a mangan tsumo in place of the noten payments."""


class SanmaTsumo(enum.StrEnum):
    """How a three-player tsumo is paid when the fourth (North) payer is missing."""

    LOSS = "loss"
    """Tsumo-zon: the two payers pay what they would at four players; North's share is lost."""
    BISECTION = "bisection"
    """North bisection: the missing share is split between the two payers, each half rounded up
    to 100."""


class Leftover(enum.StrEnum):
    """Where riichi sticks still on the table at the end of the game go."""

    FIRST = "first"
    """To the player in first place (seat order decides a tie for first)."""
    SPLIT_FIRST = "split_first"
    """Split equally among the players tied for first, each share floored to 100."""
    NOBODY = "nobody"
    """They leave the game: the final scores then add up to less than the start total."""
    POT = "pot"
    """Kept as a pot for the next game at the table (kyoutaku carried over)."""


class Chombo(enum.StrEnum):
    """How a chombo is paid."""

    AFTER_UMA = "after_uma"
    """A fixed penalty (`chombo_penalty`) taken off the offender's game result after uma."""
    REVERSE_MANGAN = "reverse_mangan"
    """Paid at the table as a reverse mangan: a dealer pays 4000 to each, a non-dealer 4000 to
    the dealer and 2000 to each other player."""
    FLAT_EACH = "flat_each"
    """Paid at the table: `chombo_penalty` to each other player (sanma clubs)."""


class TimeCall(enum.StrEnum):
    """What happens when the round's time is called."""

    NONE = "none"
    """The game is played to its normal end."""
    END_AFTER_HAND = "end_after_hand"
    """The hand in progress is finished, then the game ends (WRC)."""
    ONE_MORE_HAND = "one_more_hand"
    """The hand in progress is finished and exactly one more is played (EMA)."""


class Rounding(enum.StrEnum):
    """How a game's point total (final - return + uma + oka) is rounded."""

    NONE = "none"
    NEAREST_1000 = "nearest_1000"
    """To the nearest 1000, an exact 500 going up (shisha gonyu: -1500 -> -1000, 1500 -> 2000)."""
    NEAREST_1000_HALF_DOWN = "nearest_1000_half_down"
    """To the nearest 1000, an exact 500 going down (gosha rokunyu: 1500 -> 1000,
    -1500 -> -2000), as many Japanese clubs score."""
    NEAREST_1000_HALF_AWAY = "nearest_1000_half_away"
    """To the nearest 1000, an exact 500 going away from zero (1500 -> 2000, -1500 -> -2000):
    Tenhou, where a bust at -7500 scores -37.5 - 20 uma = -57.5 -> -58."""
    UP_1000 = "up_1000"
    """Always up to the next 1000 (towards positive infinity)."""


class MultiRonRenchan(enum.StrEnum):
    """When the dealer keeps the deal after several players won on one discard."""

    ANY_WINNER = "any_winner"
    """The dealer keeps the deal when the dealer is one of the winners (EMA, Tenhou)."""
    FIRST_WINNER = "first_winner"
    """The dealer keeps the deal only when the dealer is the winner first in turn order from the
    discarder (a house option in the sanma seed)."""


class PaoScope(enum.StrEnum):
    """What the responsible (pao) player pays for when the hand holds more than one yakuman.

    Either way a tsumo is paid by the responsible player alone, a ron is split half and half
    between the discarder and the responsible player, and the responsible player pays the honba.
    With a single yakuman the two scopes pay the same.
    """

    WHOLE_HAND = "whole_hand"
    """The responsible player pays for the whole hand, every yakuman in it (Tenhou)."""
    PAO_YAKUMAN = "pao_yakuman"
    """The responsible player pays only for the yakuman they made certain; the rest of the hand is
    paid as a normal win (Mahjong Soul)."""


ABORTIVE_DRAW_KINDS: frozenset[str] = frozenset(
    {"kyuushu_kyuuhai", "suufon_renda", "suucha_riichi", "suukaikan"}
)
"""The abortive draws a rule set can allow. A triple ron is not listed: `MultiRon.DOUBLE_ONLY`
makes it an abortive draw."""

YAKUMAN: frozenset[str] = frozenset(
    {
        "kokushi_musou",
        "kokushi_musou_13",
        "suuankou",
        "suuankou_tanki",
        "daisangen",
        "shousuushii",
        "daisuushii",
        "tsuuiisou",
        "ryuuiisou",
        "chinroutou",
        "chuuren_poutou",
        "junsei_chuuren_poutou",
        "suukantsu",
        "tenhou",
        "chiihou",
        "renhou",
    }
)
"""Yakuman names as `double_yakuman` and `pao_yaku` take them. `kokushi_musou_13`,
`suuankou_tanki` and `junsei_chuuren_poutou` are the 13-sided, pair-wait and nine-sided waits
that some rules count double."""


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Every setting of a game's rules, in raw table points.

    The defaults are the EMA Riichi Competition Rules 2016; presets change what differs.
    `docs/rules.md` lists every setting and every preset with its sources.
    """

    name: str = "custom"
    """The preset (or custom rule set) name, shown on screens and in the event file."""
    players: int = 4
    """3 (sanma) or 4."""
    start_points: int = 30000
    """Table points every player starts with."""
    return_points: int = 30000
    """The break-even score: a game's total is final - return + uma + oka. With a return above
    the start, the difference (times the players) is the oka pot."""
    uma: tuple[int, ...] = (15000, 5000, -5000, -15000)
    """Uma per place, first to last, one value per player, summing to 0."""
    # Floating uma (JPML A): (number of players below return_points, uma) pairs; a count that is
    # not listed uses `uma`.
    uma_floating: tuple[tuple[int, tuple[int, ...]], ...] = ()
    """Floating uma: (number of players below `return_points`, uma) pairs; a count that is not
    listed uses `uma`. Empty for a fixed uma."""
    oka: int = 0
    """The oka pot, paid to first place on top of the uma. With start 25,000 and return 30,000
    at four players the pot is 20,000: everyone's final - return sums to -20,000 and first's
    +20,000 makes the game zero-sum. Tied firsts share it as `ties` says."""
    ties: TieRule = TieRule.SPLIT
    """How equal final scores are placed for uma and oka."""
    length: GameLength = GameLength.SOUTH
    """East-only (tonpuusen) or east and south (hanchan)."""
    goal_points: int = 0
    """The score someone must reach (at or above) for the game to end after the last regular
    hand when `extension` is on; 0 when there is no goal."""
    extension: Extension = Extension.NONE
    """What happens when nobody has reached `goal_points` after the last regular hand."""
    bust: Bust = Bust.NONE
    """Whether a player's score ends the game (tobi)."""
    agariyame: bool = False
    """The last dealer who wins the last hand while in first place ends the game (no renchan)."""
    tenpaiyame: bool = False
    """The last dealer who is tenpai at an exhaustive draw of the last hand while in first place
    ends the game."""
    kiriage: bool = False
    """Kiriage mangan: 4 han 30 fu and 3 han 60 fu (base 1920) are paid as mangan."""
    kazoe: Kazoe = Kazoe.SANBAIMAN
    """What 13 or more han count as."""
    multiple_yakuman: bool = False
    """Several yakuman in one hand add up (double, triple yakuman); off: one yakuman at most."""
    double_yakuman: frozenset[str] = field(default_factory=frozenset)
    """Yakuman that count double on their own (names from `YAKUMAN`); needs `multiple_yakuman`
    to be paid double."""
    multi_ron: MultiRon = MultiRon.ALLOWED
    """Several players declaring ron on the same discard."""
    multi_ron_honba: MultiRonHonba = MultiRonHonba.EACH_WINNER
    """Who collects the honba in a multiple ron."""
    multi_ron_deposits: MultiRonDeposits = MultiRonDeposits.OWN_BACK_REST_FIRST
    """Who collects the riichi sticks in a multiple ron."""
    abortive_draws: bool = False
    """Abortive draws end the hand (the kinds in `abortive_draw_kinds`); off: play on."""
    nagashi: Nagashi = Nagashi.OFF
    """Nagashi mangan at an exhaustive draw."""
    riichi_value: int = 1000
    """The riichi stick."""
    # One honba: what a ron loser pays per counter, and what each payer of a tsumo pays.
    honba_ron: int = 300
    """What a ron loser pays per honba counter (300 at four players, 200 in sanma)."""
    honba_tsumo_each: int = 100
    """What each tsumo payer pays per honba counter."""
    noten_total: int = 3000
    """The noten payment at an exhaustive draw, split: the noten players pay it, the tenpai
    players share it."""
    sanma_tsumo: SanmaTsumo = SanmaTsumo.LOSS
    """How a three-player tsumo is paid (only used when `players` is 3)."""
    leftover: Leftover = Leftover.SPLIT_FIRST
    """Where riichi sticks still on the table at the end of the game go."""
    chombo: Chombo = Chombo.AFTER_UMA
    """How a chombo is paid."""
    chombo_penalty: int = 20000
    """The chombo size for `after_uma` (taken off after uma) and `flat_each` (paid to each other
    player); unused by `reverse_mangan`."""
    chombo_ends_game: bool = False
    """A chombo in the last hand after time was called ends the game instead of a redeal."""
    time_call: TimeCall = TimeCall.ONE_MORE_HAND
    """What happens when the round's time is called."""
    time_call_minutes: int = 0
    """Minutes before the end of the round at which time is called (the signal); 0: when the
    clock reaches zero. EMA 2025 §7.4: 15, and no signal at the end. Unused under
    `time_call = none`."""
    chombo_counts_after_call: bool = False
    """After the time call a chombo counts as one of the hands left (it is still redealt, the
    deal does not move); off: a chombo never counts as a hand (EMA 2016, WRC)."""
    substitute_points: int | None = -15000
    """A substitute's fixed game points (final - return) whatever the table result; None: the
    substitute is scored like any player."""
    substitute_uma: int | None = -15000
    """A substitute's fixed uma whatever the place; None: the uma of the place."""
    substitute_uma_after_start: int | None = -15000
    """A substitute's fixed uma when the swap happened after the game began (at least one hand
    recorded at the table); None: the uma of the place. `substitute_uma` is for a swap before
    the game began."""
    late_penalty_per_minute: int = 0
    """Points taken off a late player per started minute of lateness; 0: no lateness rule."""
    late_limit_minutes: int = 0
    """The most minutes a player may be late; past them a substitute takes the seat."""
    score_sheet_penalty: int = 0
    """The penalty for a score sheet not filled in or signed as the rules ask; 0: no such
    penalty kind."""
    rounding: Rounding = Rounding.NONE
    """How a game's total is rounded."""
    rounding_rest_to_first: bool = False
    """Round every seat but first place, and give first place what keeps the table's sum as it
    was before rounding (the usual Japanese practice, and Tenhou's): rounding then never breaks
    the zero sum."""
    pao_yaku: frozenset[str] = frozenset({"daisangen", "daisuushii"})
    """Yakuman with a responsibility payment (names from `YAKUMAN`); empty: no pao."""
    # A dealer keeps the deal (renchan) on a dealer win and on dealer tenpai at a draw.
    renchan_on_tenpai: bool = True
    """The dealer keeps the deal when tenpai at an exhaustive draw (a dealer win always keeps
    it)."""
    renchan_on_abortive: bool = True
    """The dealer keeps the deal after an abortive draw."""
    abortive_draw_kinds: frozenset[str] = ABORTIVE_DRAW_KINDS
    """Which abortive draws end the hand when `abortive_draws` is on (names from
    `ABORTIVE_DRAW_KINDS`). Sanma has no suufon renda or suucha riichi."""
    multi_ron_renchan: MultiRonRenchan = MultiRonRenchan.ANY_WINNER
    """When the dealer keeps the deal after a multiple ron."""
    riichi_needs_points: bool = False
    """A player must hold at least `riichi_value` points to declare riichi (Tenhou, Mahjong Soul);
    off: riichi at any score, even below zero (EMA)."""
    pao_scope: PaoScope = PaoScope.WHOLE_HAND
    """What the responsible player pays for when the pao hand holds more than one yakuman."""

    def __post_init__(self) -> None:
        problems = list(_validate(self))
        if problems:
            raise RulesError(
                _("rule set {name!r}: {problems}").format(
                    name=self.name, problems=pgettext("joins problems", "; ").join(problems)
                )
            )

    @property
    def seats(self) -> int:
        """How many seats play: 4 for riichi, 3 for sanma."""
        return self.players

    def uma_for(self, below_return: int) -> tuple[int, ...]:
        """The uma per place, given how many players finished below `return_points`.

        >>> from mjevent.core.presets import preset
        >>> jpml = preset("jpml-a").rules
        >>> jpml.uma_for(3), jpml.uma_for(1)
        ((12000, -1000, -3000, -8000), (8000, 3000, 1000, -12000))
        >>> jpml.uma_for(2)
        (8000, 4000, -4000, -8000)
        """
        for count, values in self.uma_floating:
            if count == below_return:
                return values
        return self.uma

    def with_overrides(self, overrides: Mapping[str, Any]) -> RuleSet:
        """A copy with the given settings changed, values given as TOML would give them.

        Enum settings take their string value, `uma` a list, `double_yakuman` a list of yaku.
        An unknown setting names the closest known one. All changes are applied together, so
        settings that must agree (players and uma) can be changed in one call.

        >>> ema = RuleSet(name="ema2016")
        >>> try:
        ...     ema.with_overrides({"kiriag": True})
        ... except RulesError as error:
        ...     print(error)
        unknown rule setting 'kiriag'; did you mean 'kiriage'?
        >>> ema.with_overrides({"players": 3, "uma": [15000, 0, -15000]}).uma
        (15000, 0, -15000)
        """
        changes: dict[str, Any] = {}
        for key, raw in overrides.items():
            changes[key] = coerce_setting(key, raw)
        return dataclasses.replace(self, **changes)

    def settings(self) -> dict[str, Any]:
        """Every setting as plain TOML-ready values (enums as strings, tuples as lists)."""
        return {f.name: _plain(getattr(self, f.name)) for f in dataclasses.fields(self)}

    def differences(self, other: RuleSet) -> dict[str, Any]:
        """The settings of `self` that differ from `other`, as plain values (for the event file)."""
        mine, theirs = self.settings(), other.settings()
        return {k: v for k, v in mine.items() if k != "name" and theirs[k] != v}


def setting_names() -> tuple[str, ...]:
    """Every setting name a rule set has, in declaration order."""
    return tuple(f.name for f in dataclasses.fields(RuleSet))


def coerce_setting(key: str, raw: Any) -> Any:
    """Turn one TOML value into the typed value of setting `key`, or raise `RulesError`.

    >>> coerce_setting("bust", "below_zero")
    <Bust.BELOW_ZERO: 'below_zero'>
    >>> try:
    ...     coerce_setting("bust", "minus")
    ... except RulesError as error:
    ...     print(error)
    rule setting 'bust' = 'minus': expected one of none, below_zero, at_zero
    """
    hints = _hints()
    if key not in hints:
        raise RulesError(
            _("unknown rule setting {key!r}").format(key=key) + suggest(key, setting_names())
        )
    kind = hints[key]

    def wrong(message: str, **more: Any) -> RulesError:
        return RulesError(message.format(key=key, raw=raw, **more))

    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        values = [m.value for m in kind]
        if raw not in values:
            raise wrong(
                _("rule setting {key!r} = {raw!r}: expected one of {values}"),
                values=", ".join(values),
            )
        return kind(raw)
    if kind is bool:
        if not isinstance(raw, bool):
            raise wrong(_("rule setting {key!r} = {raw!r}: expected true or false"))
        return raw
    if kind is int:
        if isinstance(raw, bool) or not isinstance(raw, int):
            raise wrong(_("rule setting {key!r} = {raw!r}: expected a whole number of points"))
        return raw
    if kind is str:
        if not isinstance(raw, str):
            raise wrong(_("rule setting {key!r} = {raw!r}: expected text"))
        return raw
    origin = get_origin(kind)
    if key in ("substitute_points", "substitute_uma", "substitute_uma_after_start"):
        # TOML has no null, so "none" is how an event file says "score the substitute as played".
        if raw is None or raw == "none":
            return None
        if isinstance(raw, bool) or not isinstance(raw, int):
            raise wrong(
                _('rule setting {key!r} = {raw!r}: expected a whole number of points, or "none"')
            )
        return raw
    if origin is frozenset:
        if not isinstance(raw, list | tuple | set | frozenset) or not all(
            isinstance(x, str) for x in raw
        ):
            if key == "abortive_draw_kinds":
                raise wrong(
                    _("rule setting {key!r} = {raw!r}: expected a list of abortive draw kinds")
                )
            raise wrong(_("rule setting {key!r} = {raw!r}: expected a list of yaku names"))
        return frozenset(raw)
    if key == "uma":
        if not isinstance(raw, list | tuple) or not all(
            isinstance(x, int) and not isinstance(x, bool) for x in raw
        ):
            raise wrong(
                _(
                    "rule setting {key!r} = {raw!r}: expected a list of points per place, "
                    "e.g. [15000, 5000, -5000, -15000]"
                )
            )
        return tuple(raw)
    if key == "uma_floating":
        return _coerce_floating(key, raw)
    raise wrong(  # pragma: no cover
        _("rule setting {key!r} = {raw!r}: this setting cannot be overridden")
    )


def _coerce_floating(key: str, raw: Any) -> tuple[tuple[int, tuple[int, ...]], ...]:
    # TOML keys are strings: {"1" = [...], "3" = [...]} or a list of [count, [uma...]] pairs.
    pairs: list[tuple[Any, Any]]
    if isinstance(raw, Mapping):
        pairs = list(raw.items())
    elif isinstance(raw, list | tuple):
        pairs = [tuple(p) for p in raw if isinstance(p, list | tuple) and len(p) == 2]
        if len(pairs) != len(raw):
            raise RulesError(
                _(
                    "rule setting {key!r} = {raw!r}: expected pairs of "
                    "[players below return, [uma...]]"
                ).format(key=key, raw=raw)
            )
    else:
        raise RulesError(
            _(
                "rule setting {key!r} = {raw!r}: expected a table of "
                "players-below-return = [uma...]"
            ).format(key=key, raw=raw)
        )
    out: list[tuple[int, tuple[int, ...]]] = []
    for count, values in pairs:
        try:
            n = int(count)
        except (TypeError, ValueError):
            raise RulesError(
                _("rule setting {key!r} = {raw!r}: {count!r} is not a number of players").format(
                    key=key, raw=raw, count=count
                )
            ) from None
        if not isinstance(values, list | tuple) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in values
        ):
            raise RulesError(
                _(
                    "rule setting {key!r} = {raw!r}: uma for {n} below return must be a list "
                    "of points"
                ).format(key=key, raw=raw, n=n)
            )
        out.append((n, tuple(values)))
    return tuple(sorted(out))


def _validate(r: RuleSet) -> list[str]:
    problems: list[str] = []
    if r.players not in (3, 4):
        problems.append(_("players must be 3 or 4, not {players}").format(players=r.players))
        return problems
    tables = [("uma", r.uma)] + [(f"uma_floating[{c}]", u) for c, u in r.uma_floating]
    for label, values in tables:
        if len(values) != r.players:
            problems.append(
                _("{label} needs {players} values (one per place), got {count}").format(
                    label=label, players=r.players, count=len(values)
                )
            )
        elif sum(values) != 0:
            problems.append(
                _("{label} must sum to 0, sums to {total}").format(label=label, total=sum(values))
            )
    counts = [c for c, _v in r.uma_floating]
    for count in counts:
        if not 0 <= count <= r.players:
            problems.append(
                _(
                    "uma_floating counts players below return_points: {count} is not between 0 "
                    "and {players}"
                ).format(count=count, players=r.players)
            )
    if len(set(counts)) != len(counts):
        problems.append(_("uma_floating lists the same number of players below return twice"))
    for label in (
        "start_points", "return_points", "riichi_value", "honba_ron",
        "honba_tsumo_each", "noten_total", "chombo_penalty", "oka", "goal_points",
        "time_call_minutes", "late_penalty_per_minute", "late_limit_minutes",
        "score_sheet_penalty",
    ):
        if getattr(r, label) < 0:
            problems.append(_("{label} cannot be negative").format(label=label))
    # Every split of the noten total (1, 2 or 3 tenpai) must come out in whole hundreds.
    step = 200 if r.players == 3 else 600
    if r.noten_total % step:
        problems.append(
            _(
                "noten_total {total} cannot be split in whole hundreds between tenpai and "
                "noten players; use a multiple of {step} (e.g. {example})"
            ).format(total=r.noten_total, step=step, example=3000 if r.players == 4 else 2000)
        )
    if r.late_penalty_per_minute and r.late_limit_minutes <= 0:
        problems.append(_("late_penalty_per_minute needs late_limit_minutes above 0"))
    if r.extension is not Extension.NONE and r.goal_points <= 0:
        problems.append(_("an extension needs goal_points above 0"))
    problems += _unknown_names("double_yakuman", r.double_yakuman, YAKUMAN)
    problems += _unknown_names("pao_yaku", r.pao_yaku, YAKUMAN)
    problems += _unknown_names("abortive_draw_kinds", r.abortive_draw_kinds, ABORTIVE_DRAW_KINDS)
    return problems


def _unknown_names(label: str, names: frozenset[str], known: frozenset[str]) -> list[str]:
    choices = sorted(known)
    return [
        _("{label} has unknown name {name!r}{hint} (known: {known})").format(
            label=label, name=name, hint=suggest(name, choices), known=", ".join(choices)
        )
        for name in sorted(names - known)
    ]


def _plain(value: Any) -> Any:
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, frozenset):
        return sorted(value)
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


_HINTS: dict[str, Any] = {}


def _hints() -> dict[str, Any]:
    if not _HINTS:
        _HINTS.update(get_type_hints(RuleSet))
    return _HINTS

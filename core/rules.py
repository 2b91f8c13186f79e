"""Rule sets: every setting a real event configures, and the published presets.

A `RuleSet` is a frozen value. Presets live in `PRESETS`; an event file names one and may override
any single setting (`RuleSet.with_overrides`). Points are raw table points throughout (30000, not
30.0); standings divide by 1000 only when they display.

>>> ema = preset("ema2016")
>>> ema.start_points, ema.uma
(30000, (15000, 5000, -5000, -15000))
>>> ema.with_overrides({"kiriage": True}).kiriage
True
"""

from __future__ import annotations

import dataclasses
import difflib
import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, get_origin, get_type_hints


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
    """Play on into the next wind round (West after South), ending as soon as a hand finishes with
    somebody at or above the goal, or at the end of that round."""
    SUDDEN_DEATH = "sudden_death"
    """Like `next_round`, but the game also ends the moment any hand leaves someone at the goal,
    and never goes past the extra round (Tenhou)."""


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
    """To the nearest 1000, 500 rounding up (gosha rokunyu is not used: 500 goes up)."""
    UP_1000 = "up_1000"
    """Always up to the next 1000 (towards positive infinity)."""


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Every setting of a game's rules, in raw table points.

    The defaults are the EMA Riichi Competition Rules 2016; presets change what differs.
    """

    name: str = "custom"
    players: int = 4
    start_points: int = 30000
    return_points: int = 30000
    uma: tuple[int, ...] = (15000, 5000, -5000, -15000)
    # Floating uma (JPML A): (number of players below return_points, uma) pairs; a count that is
    # not listed uses `uma`.
    uma_floating: tuple[tuple[int, tuple[int, ...]], ...] = ()
    oka: int = 0
    ties: TieRule = TieRule.SPLIT
    length: GameLength = GameLength.SOUTH
    goal_points: int = 0
    extension: Extension = Extension.NONE
    bust: Bust = Bust.NONE
    agariyame: bool = False
    tenpaiyame: bool = False
    kiriage: bool = False
    kazoe: Kazoe = Kazoe.SANBAIMAN
    multiple_yakuman: bool = False
    double_yakuman: frozenset[str] = field(default_factory=frozenset)
    multi_ron: MultiRon = MultiRon.ALLOWED
    multi_ron_honba: MultiRonHonba = MultiRonHonba.EACH_WINNER
    multi_ron_deposits: MultiRonDeposits = MultiRonDeposits.FIRST_WINNER
    abortive_draws: bool = False
    nagashi: Nagashi = Nagashi.OFF
    riichi_value: int = 1000
    # One honba: what a ron loser pays per counter, and what each payer of a tsumo pays.
    honba_ron: int = 300
    honba_tsumo_each: int = 100
    noten_total: int = 3000
    sanma_tsumo: SanmaTsumo = SanmaTsumo.LOSS
    leftover: Leftover = Leftover.SPLIT_FIRST
    chombo: Chombo = Chombo.AFTER_UMA
    chombo_penalty: int = 20000
    chombo_ends_game: bool = False
    time_call: TimeCall = TimeCall.ONE_MORE_HAND
    substitute_points: int | None = -15000
    substitute_uma: int | None = -15000
    rounding: Rounding = Rounding.NONE
    pao_yaku: frozenset[str] = frozenset({"daisangen", "daisuushii"})
    # A dealer keeps the deal (renchan) on a dealer win and on dealer tenpai at a draw.
    renchan_on_tenpai: bool = True
    renchan_on_abortive: bool = True

    def __post_init__(self) -> None:
        problems = list(_validate(self))
        if problems:
            raise RulesError(f"rule set {self.name!r}: " + "; ".join(problems))

    @property
    def seats(self) -> int:
        """How many seats play: 4 for riichi, 3 for sanma."""
        return self.players

    def uma_for(self, below_return: int) -> tuple[int, ...]:
        """The uma per place, given how many players finished below `return_points`.

        >>> jpml = preset("jpml-a")
        >>> jpml.uma_for(3), jpml.uma_for(1)
        ((12000, -1000, -3000, -8000), (8000, 3000, 1000, -12000))
        """
        for count, values in self.uma_floating:
            if count == below_return:
                return values
        return self.uma

    def with_overrides(self, overrides: Mapping[str, Any]) -> RuleSet:
        """A copy with the given settings changed, values given as TOML would give them.

        Enum settings take their string value, `uma` a list, `double_yakuman` a list of yaku.
        An unknown setting names the closest known one.

        >>> try:
        ...     preset("ema2016").with_overrides({"kiriag": True})
        ... except RulesError as error:
        ...     print(error)
        unknown rule setting 'kiriag'; did you mean 'kiriage'?
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


def suggest(name: str, known: tuple[str, ...] | list[str]) -> str:
    """A ' did you mean ...?' hint for a misspelt name, or '' when nothing is close."""
    close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


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
        raise RulesError(f"unknown rule setting {key!r}" + suggest(key, setting_names()))
    kind = hints[key]
    where = f"rule setting {key!r} = {raw!r}"
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        values = [m.value for m in kind]
        if raw not in values:
            raise RulesError(f"{where}: expected one of {', '.join(values)}")
        return kind(raw)
    if kind is bool:
        if not isinstance(raw, bool):
            raise RulesError(f"{where}: expected true or false")
        return raw
    if kind is int:
        if isinstance(raw, bool) or not isinstance(raw, int):
            raise RulesError(f"{where}: expected a whole number of points")
        return raw
    if kind is str:
        if not isinstance(raw, str):
            raise RulesError(f"{where}: expected text")
        return raw
    origin = get_origin(kind)
    if key in ("substitute_points", "substitute_uma"):
        if raw is not None and (isinstance(raw, bool) or not isinstance(raw, int)):
            raise RulesError(f"{where}: expected a whole number of points")
        return raw
    if origin is frozenset:
        if not isinstance(raw, list | tuple | set | frozenset) or not all(
            isinstance(x, str) for x in raw
        ):
            raise RulesError(f"{where}: expected a list of yaku names")
        return frozenset(raw)
    if key == "uma":
        if not isinstance(raw, list | tuple) or not all(
            isinstance(x, int) and not isinstance(x, bool) for x in raw
        ):
            raise RulesError(
                f"{where}: expected a list of points per place, e.g. [15000, 5000, -5000, -15000]"
            )
        return tuple(raw)
    if key == "uma_floating":
        return _coerce_floating(where, raw)
    raise RulesError(f"{where}: this setting cannot be overridden")  # pragma: no cover


def _coerce_floating(where: str, raw: Any) -> tuple[tuple[int, tuple[int, ...]], ...]:
    # TOML keys are strings: {"1" = [...], "3" = [...]} or a list of [count, [uma...]] pairs.
    pairs: list[tuple[Any, Any]]
    if isinstance(raw, Mapping):
        pairs = list(raw.items())
    elif isinstance(raw, list | tuple):
        pairs = [tuple(p) for p in raw if isinstance(p, list | tuple) and len(p) == 2]
        if len(pairs) != len(raw):
            raise RulesError(f"{where}: expected pairs of [players below return, [uma...]]")
    else:
        raise RulesError(f"{where}: expected a table of players-below-return = [uma...]")
    out: list[tuple[int, tuple[int, ...]]] = []
    for count, values in pairs:
        try:
            n = int(count)
        except (TypeError, ValueError):
            raise RulesError(f"{where}: {count!r} is not a number of players") from None
        if not isinstance(values, list | tuple) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in values
        ):
            raise RulesError(f"{where}: uma for {n} below return must be a list of points")
        out.append((n, tuple(values)))
    return tuple(sorted(out))


def _validate(r: RuleSet) -> list[str]:
    problems: list[str] = []
    if r.players not in (3, 4):
        problems.append(f"players must be 3 or 4, not {r.players}")
        return problems
    tables = [("uma", r.uma)] + [(f"uma_floating[{c}]", u) for c, u in r.uma_floating]
    for label, values in tables:
        if len(values) != r.players:
            problems.append(f"{label} needs {r.players} values (one per place), got {len(values)}")
        elif sum(values) != 0:
            problems.append(f"{label} must sum to 0, sums to {sum(values)}")
    for label in ("start_points", "return_points", "riichi_value", "honba_ron"):
        if getattr(r, label) < 0:
            problems.append(f"{label} cannot be negative")
    for label in ("honba_tsumo_each", "noten_total", "chombo_penalty", "oka"):
        if getattr(r, label) < 0:
            problems.append(f"{label} cannot be negative")
    if r.players == 3 and r.noten_total % 2:
        problems.append("noten_total must split evenly between tenpai and noten players")
    if r.extension is not Extension.NONE and r.goal_points <= 0:
        problems.append("an extension needs goal_points above 0")
    return problems


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


# --- Presets -------------------------------------------------------------------------------
# Sources for every value are in docs/rules.md.

_EMA2016 = RuleSet(name="ema2016")

PRESETS: dict[str, RuleSet] = {
    "ema2016": _EMA2016,
    "ema2025": dataclasses.replace(_EMA2016, name="ema2025", kiriage=True, chombo_ends_game=True),
    "wrc": dataclasses.replace(
        _EMA2016,
        name="wrc",
        kiriage=True,
        multi_ron=MultiRon.HEAD_BUMP,
        time_call=TimeCall.END_AFTER_HAND,
        chombo_ends_game=True,
    ),
    "jpml-a": dataclasses.replace(
        _EMA2016,
        name="jpml-a",
        uma=(8000, 4000, -4000, -8000),
        uma_floating=((1, (8000, 3000, 1000, -12000)), (3, (12000, -1000, -3000, -8000))),
        multi_ron=MultiRon.HEAD_BUMP,
        abortive_draws=True,
        leftover=Leftover.NOBODY,
        time_call=TimeCall.END_AFTER_HAND,
    ),
    "sanma-club": RuleSet(
        name="sanma-club",
        players=3,
        start_points=35000,
        return_points=35000,
        uma=(15000, 0, -15000),
        goal_points=40000,
        extension=Extension.NEXT_ROUND,
        bust=Bust.BELOW_ZERO,
        honba_ron=200,
        honba_tsumo_each=100,
        noten_total=3000,
        sanma_tsumo=SanmaTsumo.LOSS,
        leftover=Leftover.FIRST,
        chombo=Chombo.FLAT_EACH,
        chombo_penalty=6000,
        time_call=TimeCall.NONE,
        nagashi=Nagashi.DRAW_PAYMENT,
        abortive_draws=True,
    ),
}


def preset(name: str) -> RuleSet:
    """The named preset, or `RulesError` naming the closest preset when the name is unknown."""
    try:
        return PRESETS[name]
    except KeyError:
        known = sorted(PRESETS)
        raise RulesError(
            f"unknown rule preset {name!r}{suggest(name, known)} (known: {', '.join(known)})"
        ) from None

"""How an event ranks its players: the tiebreak chain and every standings policy.

A `StandingsConfig` is a frozen value. An event file's `[standings]` table becomes one through
`standings_config_from_dict`; each rule preset has a default chain
(`mjevent.core.presets.Preset.tiebreaks`), documented in docs/standings.md.

>>> config = standings_config_from_dict({"tiebreaks": ["total", "firsts", "lots"], "seed": "x"})
>>> [c.value for c in config.tiebreaks]
['total', 'firsts', 'lots']
>>> try:
...     standings_config_from_dict({"tiebraeks": ["total"]})
... except StandingsConfigError as error:
...     print(error)
[standings] unknown key 'tiebraeks'; did you mean 'tiebreaks'?
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from mjevent.core.i18n import _, pgettext
from mjevent.core.text import suggest


class StandingsConfigError(ValueError):
    """A `[standings]` setting that cannot be used; the message names the key and the fix."""


class Criterion(enum.StrEnum):
    """One link of a tiebreak chain. Higher is better unless the member says otherwise."""

    TOTAL = "total"
    """Total points (game points plus byes, minus penalties)."""
    RAW_SUM = "raw_sum"
    """Sum of the raw final table scores (before return, uma and oka)."""
    FIRSTS = "firsts"
    """Number of games finished first (a shared first counts)."""
    BEST_GAME = "best_game"
    """The best single game's points."""
    HEAD_TO_HEAD = "head_to_head"
    """Among the tied players only: in every game where two of them sat at the same table, the
    point difference between them, summed. Players who never met are not separated."""
    AVG_PLACE = "avg_place"
    """Average place; lower is better."""
    GAMES = "games"
    """Games played; more is better (Pantheon's `games_and_rating` sort, for events where not
    everyone plays the same number of games, such as late entries or a later stage)."""
    LOTS = "lots"
    """Drawing of lots from the event's published seed text (see `lot_key`)."""
    SONNEBORN_BERGER = "sonneborn_berger"
    """Chess Sonneborn-Berger on the pairwise results at each table: for every opponent finished
    above, that opponent's final match score; half of it for an opponent on the same place."""
    DIRECT_ENCOUNTER = "direct_encounter"
    """Chess direct encounter: the match score (1 per opponent finished above, 1/2 per equal
    place) in the games among the tied players, used only when all of them have met."""
    KOYA = "koya"
    """Chess Koya: match score earned against opponents who finished with at least 50% of the
    match points they could have taken."""
    BUCHHOLZ = "buchholz"
    """Sum of the opponents' final match scores. Skipped (with a note) in a complete round robin,
    where every tied player's Buchholz is the same (FIDE C.07)."""
    SHARED = "shared"
    """Stop: players still level share the place ("2-3"). Criteria after it only order the rows
    inside the shared place."""


class Withdrawal(enum.StrEnum):
    """What happens to the results of a player whose status is `withdrawn`."""

    KEEP = "keep"
    """The player stays ranked with every result played."""
    REMOVE = "remove"
    """The player leaves the ranking (listed apart); the other players keep their results."""
    CHESS_50 = "chess_50"
    """FIDE round-robin rule: with at least 50% of the scheduled games played, as `keep`;
    with fewer, every game they played is annulled for everyone at the table and they leave the
    ranking (the games stay in the record, not in the standings)."""


class Substitutes(enum.StrEnum):
    """How a substitute (roster status `substitute`) who plays a seat is counted."""

    APART = "apart"
    """The seat's score stands at the table but ranks nobody: the substitute is listed apart and
    counts only for their team."""
    FOR_REPLACED = "for_replaced"
    """The game counts for the player the substitute replaced (roster `replaces`)."""


class Bye(enum.StrEnum):
    """What a bye (a round a player sits out by the schedule) scores."""

    ZERO = "zero"
    FIXED = "fixed"
    """`bye_points` raw points."""
    AVERAGE = "average"
    """The player's average game points over the games they played up to that snapshot."""


class Carry(enum.StrEnum):
    """How points carry from one stage into the next."""

    FULL = "full"
    HALF = "half"
    RESET = "reset"


class TeamMode(enum.StrEnum):
    """Which members' games make a team's total."""

    ALL = "all"
    BEST = "best"
    """Per round, only the best `best` member results count."""


TEAM_CRITERIA: frozenset[Criterion] = frozenset(
    {
        Criterion.TOTAL,
        Criterion.RAW_SUM,
        Criterion.FIRSTS,
        Criterion.BEST_GAME,
        Criterion.GAMES,
        Criterion.LOTS,
        Criterion.SHARED,
    }
)


@dataclass(frozen=True, slots=True)
class StageConfig:
    """One stage of a multi-stage event.

    `rounds` is the inclusive (first, last) round range of the stage. `advance` lists the bracket
    sizes cut from this stage's final standings into the next stage: (8,) is a top-8 cut,
    (8, 8) two brackets of eight. The last stage has no `advance`. `carry` says what the players
    bring into this stage from the previous one.
    """

    name: str
    rounds: tuple[int, int]
    advance: tuple[int, ...] = ()
    carry: Carry = Carry.FULL


@dataclass(frozen=True, slots=True)
class TeamConfig:
    """How team standings are built and ranked."""

    mode: TeamMode = TeamMode.ALL
    best: int = 0
    tiebreaks: tuple[Criterion, ...] = (Criterion.TOTAL, Criterion.SHARED)


@dataclass(frozen=True, slots=True)
class StandingsConfig:
    """Every standings policy of an event.

    `tiebreaks` is the ordered chain; `total` need not be first (a `firsts`-first league is
    allowed). When the chain runs out, players still level share their place.
    """

    tiebreaks: tuple[Criterion, ...] = (Criterion.TOTAL, Criterion.SHARED)
    seed: str = ""
    withdrawal: Withdrawal = Withdrawal.KEEP
    substitutes: Substitutes = Substitutes.APART
    bye: Bye = Bye.ZERO
    bye_points: int = 0
    hide_incomplete_rounds: bool = False
    scheduled_rounds: int = 0
    """Rounds each player is scheduled to play (for the 50% rule); 0 = the last round seen."""
    stages: tuple[StageConfig, ...] = ()
    teams: TeamConfig = field(default_factory=TeamConfig)

    def __post_init__(self) -> None:
        problems = list(_validate(self))
        if problems:
            raise StandingsConfigError(
                "[standings] " + pgettext("joins problems", "; ").join(problems)
            )


def _validate(c: StandingsConfig) -> list[str]:
    problems: list[str] = []
    if not c.tiebreaks:
        problems.append(_("tiebreaks is empty: give at least ['total']"))
    if len(set(c.tiebreaks)) != len(c.tiebreaks):
        problems.append(_("tiebreaks names a criterion twice; keep each once"))
    if Criterion.LOTS in c.tiebreaks + c.teams.tiebreaks and not c.seed:
        problems.append(
            _("tiebreak 'lots' needs the event's published seed text: set seed = '...'")
        )
    bad = [t.value for t in c.teams.tiebreaks if t not in TEAM_CRITERIA]
    if bad:
        allowed = ", ".join(sorted(x.value for x in TEAM_CRITERIA))
        problems.append(
            _("teams.tiebreaks cannot use {bad} (allowed: {allowed})").format(
                bad=", ".join(bad), allowed=allowed
            )
        )
    if c.teams.mode is TeamMode.BEST and c.teams.best < 1:
        problems.append(_("teams.mode = 'best' needs teams.best = N (members counted per round)"))
    if c.scheduled_rounds < 0:
        problems.append(_("scheduled_rounds cannot be negative"))
    previous_last = 0
    for i, stage in enumerate(c.stages):
        first, last = stage.rounds
        if first > last or first != previous_last + 1:
            problems.append(
                _(
                    "stages[{i}] ({name}) rounds {rounds}: stages must cover "
                    "consecutive rounds from 1, e.g. [{first}, {last}]"
                ).format(
                    i=i, name=stage.name, rounds=list(stage.rounds), first=previous_last + 1,
                    last=max(last, first),
                )
            )
        previous_last = last
        if any(n < 1 for n in stage.advance):
            problems.append(
                _("stages[{i}] ({name}) advance sizes must be at least 1").format(
                    i=i, name=stage.name
                )
            )
        if i == len(c.stages) - 1 and stage.advance:
            problems.append(
                _("stages[{i}] ({name}) is the last stage: remove 'advance'").format(
                    i=i, name=stage.name
                )
            )
        if i < len(c.stages) - 1 and not stage.advance:
            problems.append(
                _("stages[{i}] ({name}) needs advance = [N] (the cut)").format(
                    i=i, name=stage.name
                )
            )
    return problems


# --- From the event file -----------------------------------------------------------------------

_KEYS = (
    "tiebreaks",
    "seed",
    "withdrawal",
    "substitutes",
    "bye",
    "bye_points",
    "hide_incomplete_rounds",
    "scheduled_rounds",
    "stages",
    "teams",
)
_E = TypeVar("_E", bound=enum.StrEnum)
_STAGE_KEYS = ("name", "rounds", "advance", "carry")
_TEAM_KEYS = ("mode", "best", "tiebreaks")


def _unknown(where: str, raw: Mapping[str, Any], known: Sequence[str]) -> None:
    for key in raw:
        if key not in known:
            raise StandingsConfigError(
                _("{where} unknown key {key!r}{hint}").format(
                    where=where, key=key, hint=suggest(str(key), known)
                )
            )


def _enum(where: str, kind: type[_E], raw: Any) -> _E:
    values = [m.value for m in kind]
    if not isinstance(raw, str) or raw not in values:
        hint = suggest(raw, values) if isinstance(raw, str) else ""
        raise StandingsConfigError(
            _("{where} = {raw!r}: expected one of {values}{hint}").format(
                where=where, raw=raw, values=", ".join(values), hint=hint
            )
        )
    return kind(raw)


def _int(where: str, raw: Any) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise StandingsConfigError(
            _("{where} = {raw!r}: expected a whole number").format(where=where, raw=raw)
        )
    return raw


def _chain(where: str, raw: Any) -> tuple[Criterion, ...]:
    if not isinstance(raw, list | tuple):
        raise StandingsConfigError(
            _("{where} = {raw!r}: expected a list such as ['total', 'lots']").format(
                where=where, raw=raw
            )
        )
    return tuple(_enum(f"{where}[{i}]", Criterion, item) for i, item in enumerate(raw))


def standings_config_from_dict(
    raw: Mapping[str, Any], base: StandingsConfig | None = None
) -> StandingsConfig:
    """Build a `StandingsConfig` from an event file's `[standings]` table (as TOML gives it).

    Settings the table leaves out keep `base`'s value (the preset's default config, for an
    event). Unknown keys and values name the closest known one.

    >>> c = standings_config_from_dict({
    ...     "stages": [
    ...         {"name": "qualifying", "rounds": [1, 6], "advance": [8]},
    ...         {"name": "final", "rounds": [7, 8], "carry": "half"},
    ...     ],
    ...     "teams": {"mode": "best", "best": 3},
    ... })
    >>> c.stages[1].carry, c.teams.best
    (<Carry.HALF: 'half'>, 3)
    >>> try:
    ...     standings_config_from_dict({"bye": "averag"})
    ... except StandingsConfigError as error:
    ...     print(error)
    [standings] bye = 'averag': expected one of zero, fixed, average; did you mean 'average'?
    """
    if not isinstance(raw, Mapping):
        raise StandingsConfigError(
            _("[standings] must be a table of settings, not {raw!r}").format(raw=raw)
        )
    _unknown("[standings]", raw, _KEYS)
    w = "[standings]"
    kwargs: dict[str, Any] = {}
    if "tiebreaks" in raw:
        kwargs["tiebreaks"] = _chain(f"{w} tiebreaks", raw["tiebreaks"])
    if "seed" in raw:
        if not isinstance(raw["seed"], str):
            raise StandingsConfigError(
                _("{where} seed = {raw!r}: expected the seed as text").format(
                    where=w, raw=raw["seed"]
                )
            )
        kwargs["seed"] = raw["seed"]
    if "withdrawal" in raw:
        kwargs["withdrawal"] = _enum(f"{w} withdrawal", Withdrawal, raw["withdrawal"])
    if "substitutes" in raw:
        kwargs["substitutes"] = _enum(f"{w} substitutes", Substitutes, raw["substitutes"])
    if "bye" in raw:
        kwargs["bye"] = _enum(f"{w} bye", Bye, raw["bye"])
    if "bye_points" in raw:
        kwargs["bye_points"] = _int(f"{w} bye_points", raw["bye_points"])
    if "scheduled_rounds" in raw:
        kwargs["scheduled_rounds"] = _int(f"{w} scheduled_rounds", raw["scheduled_rounds"])
    if "hide_incomplete_rounds" in raw:
        value = raw["hide_incomplete_rounds"]
        if not isinstance(value, bool):
            raise StandingsConfigError(
                _("{where} hide_incomplete_rounds = {raw!r}: expected true or false").format(
                    where=w, raw=value
                )
            )
        kwargs["hide_incomplete_rounds"] = value
    if "stages" in raw:
        kwargs["stages"] = _stages(raw["stages"])
    if "teams" in raw:
        kwargs["teams"] = _teams(raw["teams"])
    return dataclasses.replace(base, **kwargs) if base is not None else StandingsConfig(**kwargs)


def _stages(raw: Any) -> tuple[StageConfig, ...]:
    if not isinstance(raw, list | tuple):
        raise StandingsConfigError(
            _("[standings] stages: expected an array of tables, e.g. [[standings.stages]]")
        )
    out: list[StageConfig] = []
    for i, item in enumerate(raw):
        where = f"[standings] stages[{i}]"
        if not isinstance(item, Mapping):
            raise StandingsConfigError(
                _("{where}: expected a table with name, rounds, advance").format(where=where)
            )
        _unknown(where, item, _STAGE_KEYS)
        rounds = item.get("rounds")
        if (
            not isinstance(rounds, list | tuple)
            or len(rounds) != 2
            or not all(isinstance(r, int) and not isinstance(r, bool) for r in rounds)
        ):
            raise StandingsConfigError(
                _("{where} rounds = {raw!r}: expected [first, last]").format(
                    where=where, raw=rounds
                )
            )
        advance = item.get("advance", [])
        if not isinstance(advance, list | tuple):
            raise StandingsConfigError(
                _("{where} advance = {raw!r}: expected a list like [8]").format(
                    where=where, raw=advance
                )
            )
        out.append(
            StageConfig(
                name=str(item.get("name", _("stage {n}").format(n=i + 1))),
                rounds=(rounds[0], rounds[1]),
                advance=tuple(_int(f"{where} advance", n) for n in advance),
                carry=_enum(f"{where} carry", Carry, item.get("carry", "full")),
            )
        )
    return tuple(out)


def _teams(raw: Any) -> TeamConfig:
    where = "[standings] teams"
    if not isinstance(raw, Mapping):
        raise StandingsConfigError(
            _("{where}: expected a table such as {{mode = 'all'}}").format(where=where)
        )
    _unknown(where, raw, _TEAM_KEYS)
    kwargs: dict[str, Any] = {}
    if "mode" in raw:
        kwargs["mode"] = _enum(f"{where} mode", TeamMode, raw["mode"])
    if "best" in raw:
        kwargs["best"] = _int(f"{where} best", raw["best"])
    if "tiebreaks" in raw:
        kwargs["tiebreaks"] = _chain(f"{where} tiebreaks", raw["tiebreaks"])
    return TeamConfig(**kwargs)

"""The settings of an event file as typed values: event, rules, players, teams, seating, timer.

`mjevent.core.settings.read` makes them from the file's tables, `mjevent.core.settings.write`
writes them back.
"""

from __future__ import annotations

import datetime as _dt
import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from mjevent.core.awards import AwardsConfig
from mjevent.core.ema import EmaSettings
from mjevent.core.names import NameOrder, NameParts, split_name
from mjevent.core.presets import preset
from mjevent.core.rules import RuleSet
from mjevent.core.standings.config import StandingsConfig, standings_config_from_dict

FORMAT_VERSION = 1
"""The newest schema version this code reads and writes (`[event] format_version`)."""

MAX_ROUNDS = 999
"""The most rounds `[event] rounds` may plan."""


class EventFormat(enum.StrEnum):
    """What kind of games the event plays."""

    RIICHI = "riichi"
    """Four-player riichi: four seats at a table."""
    SANMA = "sanma"
    """Three-player riichi: three seats at a table."""

    @property
    def seats(self) -> int:
        """Seats at a table: 4 or 3."""
        return 4 if self is EventFormat.RIICHI else 3


class PlayerStatus(enum.StrEnum):
    """Whether a player is seated in new rounds."""

    ACTIVE = "active"
    """Plays and is seated."""
    WITHDRAWN = "withdrawn"
    """Left the event; results so far stay, not seated again."""
    SUBSTITUTE = "substitute"
    """A reserve: plays only in place of another player, ranked separately."""


@dataclass(frozen=True)
class EventInfo:
    """The `[event]` table: what the event is called, when and where, and what it plays."""

    name: str
    format: EventFormat = EventFormat.RIICHI
    format_version: int = FORMAT_VERSION
    date: _dt.date | None = None
    venue: str | None = None
    language: str | None = None
    """The language the event's console and paper speak (`ja`), when the command line does not
    name one; None leaves it to the environment."""
    rounds: int | None = None
    """How many rounds the event plans (1 to `MAX_ROUNDS`); None when the file does not say.
    After the last game of the last planned round the event is finished
    (`mjevent.core.finish.event_finished`)."""


@dataclass(frozen=True)
class EventRules:
    """The `[rules]` table: a preset and the settings it overrides, and the rule set they make."""

    preset: str
    overrides: Mapping[str, Any]
    ruleset: RuleSet


@dataclass(frozen=True)
class Player:
    """One `[[players]]` block. `id` is stable text (`p01`); the log refers to players by it."""

    id: str
    name: str
    team: str | None = None
    rating: int | float | None = None
    status: PlayerStatus = PlayerStatus.ACTIVE
    family_name: str | None = None
    """The family name, for exports that want it apart (the EMA sheet); with `given_name`."""
    given_name: str | None = None
    """The given name(s); set together with `family_name`."""
    name_order: NameOrder | None = None
    """Which part of `name` is the family name, when `family_name` is not given; None: the
    export guesses from the script (`mjevent.core.names.split_name`) and says so."""
    ema_id: str | None = None
    """The player's EMA number, 8 digits (`mjevent.core.ema`)."""
    country: str | None = None
    """The player's EMA member country, a three-letter code (`mjevent.core.ema.EMA_COUNTRIES`)."""
    newcomer: bool = False
    """A first event for this player: the `best_newcomer` award (docs/stats.md) looks at it."""

    def name_parts(self) -> NameParts:
        """The family and given name, as the file says or as guessed (`NameParts.guess`)."""
        return split_name(
            self.name, family=self.family_name, given=self.given_name, order=self.name_order
        )


@dataclass(frozen=True)
class Team:
    """One `[[teams]]` block; players name their team by its `id`."""

    id: str
    name: str


@dataclass(frozen=True)
class SeatingRound:
    """One round's tables, table 1 first; each table lists player ids in wind order (E S W N).

    `method`, `seed` and `parameters` are set when this round was made differently from the
    rest of the seating (a Swiss round generated later, say); `None` means as `[seating]` says.
    """

    round: int
    tables: tuple[tuple[str, ...], ...]
    method: str | None = None
    seed: int | None = None
    parameters: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class Seating:
    """The `[seating]` table: the rounds seated so far and how they were made."""

    method: str = "manual"
    seed: int | None = None
    parameters: Mapping[str, Any] = field(default_factory=dict)
    rounds: tuple[SeatingRound, ...] = ()

    def round(self, number: int) -> SeatingRound | None:
        """The seating of round `number` (counting from 1), or None when it is not seated."""
        for r in self.rounds:
            if r.round == number:
                return r
        return None


@dataclass(frozen=True)
class TimerSettings:
    """The `[timer]` table: how long a round lasts and when the clock warns."""

    round_minutes: int = 90
    warning_minutes: tuple[int, ...] = (10, 5)
    break_minutes: int = 15


@dataclass(frozen=True)
class ServeSettings:
    """The `[serve] table`: how the venue's server takes results from the tables.

    `table_entry` says when a hand entered at a table counts: `"confirm"` once a second seat at
    the table confirms it, `"director"` once the director approves it, `"direct"` at once.
    """

    table_entry: str = "confirm"


@dataclass(frozen=True)
class EventSettings:
    """Everything in an event file before its log."""

    event: EventInfo
    rules: EventRules
    players: tuple[Player, ...] = ()
    teams: tuple[Team, ...] = ()
    seating: Seating = field(default_factory=Seating)
    timer: TimerSettings = field(default_factory=TimerSettings)
    standings_table: Mapping[str, Any] = field(default_factory=dict)
    """The `[standings]` table as written (checked when read); `standings_config()` reads it."""
    ema: EmaSettings | None = None
    """The `[ema]` table (a MERS event's days, sessions, referees...), when the file has one."""
    awards: AwardsConfig = field(default_factory=AwardsConfig)
    """The `[awards]` table: the prizes to give (docs/stats.md)."""
    serve: ServeSettings = field(default_factory=ServeSettings)
    """The `[serve]` table: how tables enter their results (docs/serve.md)."""

    def standings_config(self) -> StandingsConfig:
        """How this event ranks: its `[standings]` table over its preset's default config."""
        return standings_config_from_dict(
            self.standings_table, base=preset(self.rules.preset).standings_config()
        )

    def player(self, player_id: str) -> Player | None:
        """The player with this id, or None."""
        for p in self.players:
            if p.id == player_id:
                return p
        return None

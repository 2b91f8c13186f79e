"""The settings part of an event file as typed values: event, rules, players, seating, timer.

`settings_from_dict` reads the plain dict a TOML parser gives (everything but the `log`) and
checks every key; a problem raises `SettingsError` naming the key path, what was expected and a
fix. `settings_to_dict` writes the plain, TOML-ready dict back (values equal to their default are
left out), so `settings_from_dict(settings_to_dict(s)) == s`.

>>> s = settings_from_dict({
...     "event": {"name": "Spring Cup", "format_version": 1},
...     "rules": {"preset": "ema2016", "kiriage": True},
...     "players": [{"id": "p01", "name": "Tanaka Yuki"}],
... })
>>> s.event.format, s.rules.ruleset.kiriage, s.players[0].status
(<EventFormat.RIICHI: 'riichi'>, True, <PlayerStatus.ACTIVE: 'active'>)
>>> try:
...     settings_from_dict({"event": {"name": "Spring Cup", "format_version": 1},
...                         "rules": {"preset": "ema2016"},
...                         "players": [{"id": "p01", "nmae": "Tanaka Yuki"}]})
... except SettingsError as error:
...     print(error)
players[0].nmae: unknown key 'nmae'; did you mean 'name'? Fix: rename it to 'name' (a player \
takes id, name, team, rating, status, family_name, given_name, name_order, ema_id, country,
newcomer).

Key paths count from 0, as in the order of the `[[players]]` blocks in the file.
This module is pure: no file I/O, no TOML; `mjevent.events.store` reads and writes the file.
"""

from __future__ import annotations

import datetime as _dt
import difflib
import enum
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from mjevent.core.awards import (
    AwardsConfig,
    AwardsConfigError,
    awards_config_from_dict,
    awards_to_dict,
)
from mjevent.core.ema import (
    EmaSettings,
    code_problem,
    country_problem,
    ema_number_problem,
)
from mjevent.core.entries import TABLE_ENTRY_MODES
from mjevent.core.i18n import N_, _
from mjevent.core.names import NameOrder, NameParts, split_name
from mjevent.core.rules import (
    PRESETS,
    RulesError,
    RuleSet,
    UnknownPresetError,
    coerce_setting,
    preset,
    setting_names,
)
from mjevent.core.standings.config import (
    StandingsConfig,
    StandingsConfigError,
    default_config,
    standings_config_from_dict,
)
from mjevent.core.text import name_problem, quoted_name, suggest

FORMAT_VERSION = 1
"""The newest schema version this code reads and writes (`[event] format_version`)."""

_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.\-]*")


class SettingsError(ValueError):
    """A settings value that cannot be used.

    `path` is the key path (`players[12].name`), `message` what is wrong and `fix` what to do.
    """

    def __init__(self, path: str, message: str, fix: str) -> None:
        self.path = path
        self.message = message
        self.fix = fix
        # Worded once, in the language in use when it is raised, like every other message.
        self._text = _("{path}: {message} Fix: {fix}").format(
            path=path, message=_sentence(message), fix=_sentence(fix)
        )
        super().__init__(self._text)

    def __str__(self) -> str:
        return self._text


def _sentence(text: str) -> str:
    """`text` ending as a sentence does in the language in use (`.` in English, `。` in
    Japanese), unless it already ends in a stop, a question or an exclamation mark."""
    if text.endswith((".", "?", "!", "\u3002", "\uff1f", "\uff01")):  # and the full-width ones
        return text
    return _("{sentence}.").format(sentence=text)


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
            self.standings_table, base=default_config(self.rules.preset)
        )

    def player(self, player_id: str) -> Player | None:
        """The player with this id, or None."""
        for p in self.players:
            if p.id == player_id:
                return p
        return None


# --- Reading -------------------------------------------------------------------------------

_TOP = (
    "event", "rules", "players", "teams", "seating", "timer", "standings", "ema", "awards", "serve"
)
_EVENT = ("name", "date", "venue", "format", "format_version", "language", "rounds")
MAX_ROUNDS = 999
"""The most rounds `[event] rounds` may plan."""
_PLAYER = (
    "id", "name", "team", "rating", "status", "family_name", "given_name", "name_order", "ema_id",
    "country", "newcomer",
)
_TEAM = ("id", "name")
_SEATING = ("method", "seed", "parameters", "rounds")
_ROUND = ("round", "tables", "method", "seed", "parameters")
_TIMER = ("round_minutes", "warning_minutes", "break_minutes")
_EMA = (
    "days", "sessions", "session_minutes", "break_minutes", "referees", "rank_substitutes",
    "qualification", "mers", "country", "city", "observer", "extra_countries",
)


def settings_from_dict(data: Mapping[str, Any]) -> EventSettings:
    """Read and check the settings part of an event file (a `log` key, if present, is skipped).

    Raises `SettingsError` on the first problem, naming its key path.

    >>> try:
    ...     settings_from_dict({"event": {"name": "Cup", "format_version": 1},
    ...                         "rules": {"preset": "ema2061"}})
    ... except SettingsError as error:
    ...     print(error.path, "|", error.message)
    rules.preset | unknown rule preset 'ema2061'; did you mean 'ema2016'?
    """
    _known_keys(data, "", (*_TOP, "log"), N_("an event file has {keys}"))
    event_raw = _table(data, "event", required=True)
    rules_raw = _table(data, "rules", required=True)
    rules = _rules(rules_raw)
    info = _event(event_raw, rules.ruleset)
    teams = _teams(data.get("teams", []))
    ema_raw = _table(data, "ema")
    ema = _ema(ema_raw) if ema_raw else None
    extra = ema.extra_countries if ema is not None else ()
    players = _players(data.get("players", []), {t.id for t in teams}, extra)
    seating = _seating(_table(data, "seating"), info.format, {p.id for p in players})
    timer = _timer(_table(data, "timer"))
    settings = EventSettings(
        info, rules, players, teams, seating, timer, dict(_table(data, "standings")), ema,
        _awards(_table(data, "awards")),
        _serve(_table(data, "serve")),
    )
    try:
        settings.standings_config()
    except StandingsConfigError as error:
        raise SettingsError(
            "standings", str(error), _("correct it as docs/standings.md describes")
        ) from None
    return settings


def _event(raw: Mapping[str, Any], ruleset: RuleSet) -> EventInfo:
    _known_keys(raw, "event", _EVENT, N_("[event] takes {keys}"))
    version = _int(raw, "event", "format_version", required=True, minimum=1)
    assert version is not None
    if version > FORMAT_VERSION:
        raise SettingsError(
            "event.format_version",
            _("this file is format_version {version}; this mjevent reads up to {newest}").format(
                version=version, newest=FORMAT_VERSION
            ),
            _("open it with a newer mjevent (pip install -U mjevent)"),
        )
    name = _name(raw, "event", "name")
    assert name is not None
    venue = _optional_name(raw, "event", "venue")
    date = _date(raw.get("date"))
    seats_format = EventFormat.RIICHI if ruleset.players == 4 else EventFormat.SANMA
    fmt_raw = raw.get("format", seats_format.value)
    if fmt_raw not in [f.value for f in EventFormat]:
        raise SettingsError(
            "event.format",
            _('expected "riichi" or "sanma", got {got}').format(got=_describe(fmt_raw)),
            _('write format = "riichi" (four players) or format = "sanma" (three players)'),
        )
    fmt = EventFormat(fmt_raw)
    if fmt.seats != ruleset.players:
        raise SettingsError(
            "event.format",
            _("format {format!r} seats {seats} players but the rules ({rules}) are for {players}")
            .format(
                format=fmt.value, seats=fmt.seats, rules=ruleset.name, players=ruleset.players
            ),
            _("choose a rules preset for this format (sanma-club for sanma) or change the format"),
        )
    language = _text(raw, "event", "language")
    if language is not None and not re.fullmatch(r"[a-z]{2,3}", language):
        raise SettingsError(
            "event.language",
            _('expected a language code such as "ja" or "en", got {got!r}').format(got=language),
            _('write the two-letter code of a language, e.g. language = "ja"'),
        )
    rounds = _int(raw, "event", "rounds", minimum=1)
    if rounds is not None and rounds > MAX_ROUNDS:
        raise SettingsError(
            "event.rounds",
            _("expected {maximum} or fewer, got {got}").format(maximum=MAX_ROUNDS, got=rounds),
            _("write how many rounds the event plans, e.g. rounds = 8"),
        )
    return EventInfo(name, fmt, version, date, venue, language, rounds)


def _date(raw: Any) -> _dt.date | None:
    if raw is None:
        return None
    if isinstance(raw, _dt.date) and not isinstance(raw, _dt.datetime):
        return raw
    if isinstance(raw, str):
        try:
            return _dt.date.fromisoformat(raw)
        except ValueError:
            pass
    raise SettingsError(
        "event.date",
        _("expected a date, got {got}").format(got=_describe(raw)),
        _("write it as year-month-day without quotes, e.g. date = 2026-12-02"),
    )


def _rules(raw: Mapping[str, Any]) -> EventRules:
    name = _text(raw, "rules", "preset", required=True)
    assert name is not None
    try:
        base = preset(name)
    except UnknownPresetError as error:
        raise SettingsError(
            "rules.preset", error.problem,
            _("use one of {presets}").format(presets=", ".join(sorted(PRESETS))),
        ) from None
    overrides = {k: v for k, v in raw.items() if k != "preset"}
    for key, value in overrides.items():
        if key == "name":
            raise SettingsError(
                "rules.name", _("the rule set's name comes from the preset"),
                _("remove the key; the preset names the rules"),
            )
        # Each value is checked alone here (for a precise key path); the rule set is built from
        # all of them together below, since some only make sense together (players with uma).
        try:
            coerce_setting(key, value)
        except RulesError as error:
            known = [n for n in setting_names() if n != "name"]
            close = difflib.get_close_matches(key, known, n=1, cutoff=0.6)
            if key not in known:
                raise SettingsError(
                    f"rules.{key}",
                    str(error),
                    _("rename it to {name!r}").format(name=close[0]) if close else
                    _("remove it; docs/rules.md lists every rule setting"),
                ) from None
            raise SettingsError(f"rules.{key}", str(error), _("correct the value")) from None
    try:
        ruleset = base.with_overrides(overrides)
    except RulesError as error:
        raise SettingsError(
            "rules", str(error), _("change the overrides so they agree")
        ) from None
    return EventRules(name, overrides, ruleset)


def _players(
    raw: Any, teams: set[str], extra_countries: tuple[str, ...] = ()
) -> tuple[Player, ...]:
    rows = _array_of_tables(raw, "players", "[[players]]")
    seen: dict[str, int] = {}
    out: list[Player] = []
    for i, row in enumerate(rows):
        path = f"players[{i}]"
        _known_keys(row, path, _PLAYER, N_("a player takes {keys}"))
        pid = _identifier(row, path)
        if pid in seen:
            first = seen[pid]
            raise SettingsError(
                f"{path}.id",
                _("player id {id!r} is already used by players[{first}] ({name})").format(
                    id=pid, first=first, name=out[first].name
                ),
                _("give every player a different id"),
            )
        seen[pid] = i
        name = _name(row, path, "name")
        assert name is not None
        team = _text(row, path, "team")
        if team is not None and team not in teams:
            close = difflib.get_close_matches(team, sorted(teams), n=1, cutoff=0.6)
            raise SettingsError(
                f"{path}.team",
                _("no team has id {id!r}").format(id=team),
                _("use the id of a [[teams]] block ({close!r}?)").format(close=close[0]) if close
                else _("add a [[teams]] block with that id, or remove the key"),
            )
        rating = row.get("rating")
        if rating is not None and (isinstance(rating, bool) or not isinstance(rating, int | float)):
            raise SettingsError(
                f"{path}.rating",
                _("expected a number, got {got}").format(got=_describe(rating)),
                _("write the rating as a number without quotes, e.g. rating = 1520"),
            )
        status_raw = row.get("status", PlayerStatus.ACTIVE.value)
        _one_of(status_raw, PlayerStatus, f"{path}.status", _('write status = "active", '
                '"withdrawn" or "substitute"'))
        family, given, order = _name_parts(row, path)
        ema_id, country = _ema_fields(row, path, extra_countries)
        newcomer = row.get("newcomer", False)
        if not isinstance(newcomer, bool):
            raise SettingsError(
                f"{path}.newcomer",
                _("expected true or false, got {got}").format(got=_describe(newcomer)),
                _("write newcomer = true for a player at their first event, or leave it out"),
            )
        out.append(
            Player(
                pid, name, team, rating, PlayerStatus(status_raw), family, given, order, ema_id,
                country, newcomer,
            )
        )
    return tuple(out)


def _ema_fields(
    row: Mapping[str, Any], path: str, extra_countries: tuple[str, ...]
) -> tuple[str | None, str | None]:
    """A player's `ema_id` (8 digits) and `country` (an EMA member's code), checked."""
    ema_id = _text(row, path, "ema_id")
    if ema_id is not None and (problem := ema_number_problem(ema_id)) is not None:
        raise SettingsError(
            f"{path}.ema_id", problem,
            _('write the 8 digits in double quotes, leading zeros kept, e.g. ema_id = '
              '"04120001"'),
        )
    country = _text(row, path, "country")
    if country is not None and (problem := country_problem(country, extra_countries)) is not None:
        raise SettingsError(
            f"{path}.country", problem,
            _("use an EMA member's three-letter code (docs/export.md lists them), or add a "
              "newer member's code to [ema] extra_countries"),
        )
    return ema_id, country


def _ema(raw: Mapping[str, Any]) -> EmaSettings:
    _known_keys(raw, "ema", _EMA, N_("[ema] takes {keys}"))
    days = _int(raw, "ema", "days", required=True, minimum=1)
    referees = _int(raw, "ema", "referees", required=True, minimum=0)
    assert days is not None and referees is not None
    sessions = raw.get("sessions")
    if sessions is None:
        raise _missing("ema", "sessions")
    if not isinstance(sessions, list) or not all(
        isinstance(n, int) and not isinstance(n, bool) and n >= 1 for n in sessions
    ):
        raise SettingsError(
            "ema.sessions",
            _("expected a list of sessions per day, got {got}").format(got=_describe(sessions)),
            _("write one whole number a day, e.g. sessions = [4, 4] for two days"),
        )
    if len(sessions) != days:
        raise SettingsError(
            "ema.sessions",
            _("{count} day(s) listed but days = {days}").format(count=len(sessions), days=days),
            _("list the sessions of each of the {days} day(s)").format(days=days),
        )
    extra = raw.get("extra_countries", [])
    if not isinstance(extra, list) or not all(isinstance(c, str) for c in extra):
        raise SettingsError(
            "ema.extra_countries",
            _("expected a list of country codes, got {got}").format(got=_describe(extra)),
            _('write e.g. extra_countries = ["UKR"]'),
        )
    for code in extra:
        if (problem := code_problem(code)) is not None:
            raise SettingsError(
                "ema.extra_countries", problem, _('write e.g. extra_countries = ["UKR"]')
            )
    country = _text(raw, "ema", "country")
    if country is not None and (problem := country_problem(country, tuple(extra))) is not None:
        raise SettingsError(
            "ema.country", problem,
            _("use the host country's three-letter code, e.g. country = \"NLD\""),
        )
    return EmaSettings(
        days=days,
        sessions=tuple(sessions),
        referees=referees,
        session_minutes=_int(raw, "ema", "session_minutes", minimum=1),
        break_minutes=_int(raw, "ema", "break_minutes", minimum=0),
        rank_substitutes=_bool(raw, "ema", "rank_substitutes"),
        qualification=bool(_bool(raw, "ema", "qualification")),
        mers=_bool(raw, "ema", "mers") is not False,
        country=country,
        city=_text(raw, "ema", "city"),
        observer=_text(raw, "ema", "observer"),
        extra_countries=tuple(extra),
    )


def _bool(raw: Mapping[str, Any], path: str, key: str) -> bool | None:
    value = raw.get(key)
    if value is None or isinstance(value, bool):
        return value
    raise SettingsError(
        f"{path}.{key}",
        _("expected true or false, got {got}").format(got=_describe(value)),
        _("write {key} = true or {key} = false, without quotes").format(key=key),
    )


def _one_of(raw: Any, choices: type[enum.StrEnum], key_path: str, fix: str) -> None:
    """Raise `SettingsError` at `key_path` unless `raw` is the value of one of `choices`."""
    values = [c.value for c in choices]
    if raw not in values:
        raise SettingsError(
            key_path,
            _("expected one of {values}, got {got}").format(
                values=", ".join(values), got=_describe(raw)
            ),
            fix,
        )


def _name_parts(
    row: Mapping[str, Any], path: str
) -> tuple[str | None, str | None, NameOrder | None]:
    """`family_name` and `given_name` (both or neither), or `name_order`, checked."""
    family = _optional_name(row, path, "family_name")
    given = _optional_name(row, path, "given_name")
    if (family is None) != (given is None):
        missing = "given_name" if given is None else "family_name"
        raise SettingsError(
            f"{path}.{missing}",
            _("family_name and given_name go together"),
            _("add {key}, or remove the other and set name_order instead").format(key=missing),
        )
    raw_order = row.get("name_order")
    if raw_order is None:
        return family, given, None
    _one_of(raw_order, NameOrder, f"{path}.name_order", _('write name_order = "family_first" '
            '(田中 優希) or "given_first" (Sophie Müller)'))
    if family is not None:
        raise SettingsError(
            f"{path}.name_order",
            _("name_order is not needed when family_name and given_name are given"),
            _("remove name_order, or remove family_name and given_name"),
        )
    return None, None, NameOrder(raw_order)


def _teams(raw: Any) -> tuple[Team, ...]:
    rows = _array_of_tables(raw, "teams", "[[teams]]")
    seen: set[str] = set()
    out: list[Team] = []
    for i, row in enumerate(rows):
        path = f"teams[{i}]"
        _known_keys(row, path, _TEAM, N_("a team takes {keys}"))
        tid = _identifier(row, path)
        if tid in seen:
            raise SettingsError(
                f"{path}.id",
                _("team id {id!r} is used twice").format(id=tid),
                _("give every team a different id"),
            )
        seen.add(tid)
        name = _name(row, path, "name")
        assert name is not None
        out.append(Team(tid, name))
    return tuple(out)


def _seating(raw: Mapping[str, Any], fmt: EventFormat, players: set[str]) -> Seating:
    _known_keys(raw, "seating", _SEATING, N_("[seating] takes {keys}"))
    method = _text(raw, "seating", "method") or "manual"
    seed = _int(raw, "seating", "seed")
    parameters = _parameters(raw, "seating") or {}
    rows = _array_of_tables(raw.get("rounds", []), "seating.rounds", "[[seating.rounds]]")
    rounds: list[SeatingRound] = []
    for i, row in enumerate(rows):
        path = f"seating.rounds[{i}]"
        _known_keys(row, path, _ROUND, N_("a seating round takes {keys}"))
        number = _int(row, path, "round", required=True, minimum=1)
        assert number is not None
        if rounds and number <= rounds[-1].round:
            raise SettingsError(
                f"{path}.round",
                _("round {round} comes after round {previous}").format(
                    round=number, previous=rounds[-1].round
                ),
                _("list the rounds once each, in increasing order"),
            )
        tables = _tables(row.get("tables"), f"{path}.tables", fmt, players)
        rounds.append(
            SeatingRound(
                number,
                tables,
                _text(row, path, "method"),
                _int(row, path, "seed"),
                _parameters(row, path),
            )
        )
    return Seating(method, seed, parameters, tuple(rounds))


def _tables(
    raw: Any, path: str, fmt: EventFormat, players: set[str]
) -> tuple[tuple[str, ...], ...]:
    example = ", ".join(f'"p{n:02d}"' for n in range(1, fmt.seats + 1))
    if not isinstance(raw, list):
        raise SettingsError(
            path,
            _("expected a list of tables, got {got}").format(got=_describe(raw)),
            _("write tables = [[{example}], ...], player ids in wind order").format(
                example=example
            ),
        )
    seated: dict[str, int] = {}
    out: list[tuple[str, ...]] = []
    for t, table in enumerate(raw):
        where = f"{path}[{t}]"
        if not isinstance(table, list) or len(table) != fmt.seats:
            raise SettingsError(
                where,
                _("expected {seats} player ids (a {format} table), got {got}").format(
                    seats=fmt.seats, format=fmt.value, got=_describe(table)
                ),
                _("list the table's players in wind order, e.g. [{example}]").format(
                    example=example
                ),
            )
        for s, pid in enumerate(table):
            if not isinstance(pid, str) or pid not in players:
                close = (
                    difflib.get_close_matches(pid, sorted(players), n=1, cutoff=0.6)
                    if isinstance(pid, str)
                    else []
                )
                raise SettingsError(
                    f"{where}[{s}]",
                    _("no player has id {id!r}").format(id=pid) if isinstance(pid, str) else
                    _("expected a player id, got {got}").format(got=_describe(pid)),
                    _("did you mean {close!r}?").format(close=close[0]) if close else
                    _("use the id of a [[players]] block, in double quotes"),
                )
            if pid in seated:
                raise SettingsError(
                    f"{where}[{s}]",
                    _("player {id!r} is already seated at table {table} this round").format(
                        id=pid, table=seated[pid] + 1
                    ),
                    _("seat every player at most once per round"),
                )
            seated[pid] = t
        out.append(tuple(table))
    return tuple(out)


def _serve(raw: Mapping[str, Any]) -> ServeSettings:
    _known_keys(raw, "serve", ("table_entry",), N_("[serve] takes {keys}"))
    mode = raw.get("table_entry", ServeSettings().table_entry)
    if mode not in TABLE_ENTRY_MODES:
        raise SettingsError(
            "serve.table_entry",
            _("expected one of {modes}, got {got}").format(
                modes=", ".join(f'"{m}"' for m in TABLE_ENTRY_MODES), got=_describe(mode)
            ),
            _(
                'write table_entry = "confirm" (a second seat confirms), "director" (the '
                'director approves) or "direct" (counts at once)'
            ),
        )
    return ServeSettings(str(mode))


def _timer(raw: Mapping[str, Any]) -> TimerSettings:
    _known_keys(raw, "timer", _TIMER, N_("[timer] takes {keys}"))
    default = TimerSettings()
    minutes = _int(raw, "timer", "round_minutes", minimum=1)
    pause = _int(raw, "timer", "break_minutes", minimum=0)
    warnings = raw.get("warning_minutes", list(default.warning_minutes))
    if not isinstance(warnings, list) or not all(
        isinstance(w, int) and not isinstance(w, bool) and w > 0 for w in warnings
    ):
        raise SettingsError(
            "timer.warning_minutes",
            _("expected a list of minutes before the end, got {got}").format(
                got=_describe(warnings)
            ),
            _("write e.g. warning_minutes = [10, 5]"),
        )
    return TimerSettings(
        default.round_minutes if minutes is None else minutes,
        tuple(warnings),
        default.break_minutes if pause is None else pause,
    )


# --- Small readers -----------------------------------------------------------------------------


def _known_keys(raw: Mapping[str, Any], path: str, known: tuple[str, ...], takes: str) -> None:
    """Raise `SettingsError` for the first key of `raw` not in `known`; `takes` (marked with
    `N_`, `{keys}` in it) says which keys the table takes."""
    for key in raw:
        if key in known:
            continue
        close = difflib.get_close_matches(key, known, n=1, cutoff=0.6)
        listed = _(takes).format(keys=", ".join(k for k in known if k != "log"))
        fix = (
            _("rename it to {name!r} ({takes})").format(name=close[0], takes=listed) if close
            else _("remove it ({takes})").format(takes=listed)
        )
        raise SettingsError(
            f"{path}.{key}" if path else key,
            _("unknown key {key!r}").format(key=key) + suggest(key, known),
            fix,
        )


def _table(raw: Mapping[str, Any], key: str, required: bool = False) -> Mapping[str, Any]:
    value = raw.get(key)
    if value is None:
        if required:
            raise SettingsError(
                key,
                _("missing the [{table}] table").format(table=key),
                _(_REQUIRED_FIX[key]).format(version=FORMAT_VERSION),
            )
        return {}
    if not isinstance(value, Mapping):
        raise SettingsError(
            key,
            _("expected a table, got {got}").format(got=_describe(value)),
            _("write it as a [{table}] table").format(table=key),
        )
    return value


_REQUIRED_FIX = {
    "event": N_('add an [event] table with name = "..." and format_version = 1'),
    "rules": N_('add a [rules] table with preset = "ema2016" (or another preset)'),
    "event.name": N_('add name = "..." under [event]'),
    "event.format_version": N_("add format_version = {version} under [event]"),
    "rules.preset": N_('add preset = "ema2016" (or another preset) under [rules]'),
}
"""The fix for a required table or key that is missing (`{version}`: FORMAT_VERSION)."""


def _missing(path: str, key: str) -> SettingsError:
    full = f"{path}.{key}"
    known = _REQUIRED_FIX.get(full)
    fix = (
        _(known).format(version=FORMAT_VERSION) if known is not None
        else _("add {key} = ... to this block").format(key=key)
    )
    return SettingsError(full, _("missing required key {key!r}").format(key=key), fix)


def _text(raw: Mapping[str, Any], path: str, key: str, required: bool = False) -> str | None:
    value = raw.get(key)
    if value is None:
        if required:
            raise _missing(path, key)
        return None
    if not isinstance(value, str) or not value.strip():
        got = _("empty text") if isinstance(value, str) else _describe(value)
        raise SettingsError(
            f"{path}.{key}",
            _("expected text, got {got}").format(got=got),
            _('write it in double quotes, e.g. {key} = "..."').format(key=key),
        )
    return value


def _optional_name(raw: Mapping[str, Any], path: str, key: str) -> str | None:
    """An optional name (a venue, a family or given name), checked as `_name` checks one."""
    return None if raw.get(key) is None else _name(raw, path, key)


def _name(raw: Mapping[str, Any], path: str, key: str) -> str:
    """A required name: one line of printable text (see `text.name_problem`)."""
    value = _text(raw, path, key, required=True)
    assert value is not None
    problem = name_problem(value)
    if problem is not None:
        raise SettingsError(
            f"{path}.{key}",
            _("the name {name} cannot be used: {problem}").format(
                name=quoted_name(value), problem=problem
            ),
            _("correct it in a text editor, then run `mjevent check`"),
        )
    return value


def _identifier(raw: Mapping[str, Any], path: str) -> str:
    value = raw.get("id")
    if value is None:
        raise _missing(path, "id")
    if not isinstance(value, str) or not _ID.fullmatch(value):
        raise SettingsError(
            f"{path}.id",
            _("expected an id (letters, digits, '-', '_' or '.'), got {got}").format(
                got=_describe(value)
            ),
            _('write it in double quotes without spaces, e.g. id = "p01"'),
        )
    return value


def _int(
    raw: Mapping[str, Any], path: str, key: str, required: bool = False, minimum: int | None = None
) -> int | None:
    value = raw.get(key)
    if value is None:
        if required:
            raise _missing(path, key)
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise SettingsError(
            f"{path}.{key}",
            _("expected a whole number, got {got}").format(got=_describe(value)),
            _("write it without quotes, e.g. {key} = {example}").format(
                key=key, example=minimum if minimum is not None else 1
            ),
        )
    if minimum is not None and value < minimum:
        raise SettingsError(
            f"{path}.{key}",
            _("expected {minimum} or more, got {got}").format(minimum=minimum, got=value),
            _("correct the number"),
        )
    return value


def _parameters(raw: Mapping[str, Any], path: str) -> Mapping[str, Any] | None:
    value = raw.get("parameters")
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise SettingsError(
            f"{path}.parameters",
            _("expected a table, got {got}").format(got=_describe(value)),
            _("write it as an inline table, e.g. parameters = {{ tries = 1000 }}").format(),
        )
    return dict(value)


def _array_of_tables(raw: Any, path: str, header: str) -> list[Mapping[str, Any]]:
    if not isinstance(raw, list) or not all(isinstance(r, Mapping) for r in raw):
        raise SettingsError(
            path,
            _("expected {header} blocks, got {got}").format(header=header, got=_describe(raw)),
            _("write one {header} block per item").format(header=header),
        )
    return raw


def _describe(value: Any) -> str:
    """How an unexpected value reads in a message: its kind and the value itself."""
    if isinstance(value, bool):
        return _("{value} (true/false)").format(value=str(value).lower())
    if isinstance(value, int):
        return _("{value} (a whole number)").format(value=value)
    if isinstance(value, float):
        return _("{value} (a number)").format(value=value)
    if isinstance(value, str):
        return _("{value!r} (text)").format(value=value)
    if isinstance(value, Mapping):
        return _("a table")
    if isinstance(value, list):
        return _("a list of {count}").format(count=len(value))
    if isinstance(value, _dt.date | _dt.time):
        return _("{value} (a date/time)").format(value=value.isoformat())
    return repr(value)


# --- Writing -------------------------------------------------------------------------------


def settings_to_dict(settings: EventSettings) -> dict[str, Any]:
    """The plain, TOML-ready dict of `settings`, keys in the documented order.

    Values equal to their default are left out (TOML has no null), so a hand-written file
    stays as short as it was.

    >>> s = settings_from_dict({"event": {"name": "Cup", "format_version": 1},
    ...                         "rules": {"preset": "sanma-club"}})
    >>> settings_to_dict(s)
    {'event': {'name': 'Cup', 'format': 'sanma', 'format_version': 1}, 'rules': {'preset': \
'sanma-club'}}
    """
    info = settings.event
    event: dict[str, Any] = {"name": info.name}
    if info.date is not None:
        event["date"] = info.date
    if info.venue is not None:
        event["venue"] = info.venue
    event["format"] = info.format.value
    event["format_version"] = info.format_version
    if info.language is not None:
        event["language"] = info.language
    if info.rounds is not None:
        event["rounds"] = info.rounds
    out: dict[str, Any] = {
        "event": event,
        "rules": {"preset": settings.rules.preset, **settings.rules.overrides},
    }
    if settings.timer != TimerSettings():
        out["timer"] = _timer_dict(settings.timer)
    if settings.teams:
        out["teams"] = [{"id": t.id, "name": t.name} for t in settings.teams]
    if settings.players:
        out["players"] = [_player_dict(p) for p in settings.players]
    seating = _seating_dict(settings.seating)
    if seating:
        out["seating"] = seating
    if settings.standings_table:
        out["standings"] = dict(settings.standings_table)
    if settings.ema is not None:
        out["ema"] = _ema_dict(settings.ema)
    if settings.awards != AwardsConfig():
        out["awards"] = awards_to_dict(settings.awards)
    if settings.serve != ServeSettings():
        out["serve"] = {"table_entry": settings.serve.table_entry}
    return out


def _ema_dict(ema: EmaSettings) -> dict[str, Any]:
    out: dict[str, Any] = {"days": ema.days, "sessions": list(ema.sessions)}
    optional = {
        "session_minutes": ema.session_minutes,
        "break_minutes": ema.break_minutes,
        "referees": ema.referees,
        "rank_substitutes": ema.rank_substitutes,
        "qualification": ema.qualification or None,
        "mers": None if ema.mers else False,
        "country": ema.country,
        "city": ema.city,
        "observer": ema.observer,
        "extra_countries": list(ema.extra_countries) or None,
    }
    out.update({k: v for k, v in optional.items() if v is not None})
    return out


def _awards(raw: Mapping[str, Any]) -> AwardsConfig:
    try:
        return awards_config_from_dict(raw)
    except AwardsConfigError as error:
        raise SettingsError(f"awards.{error.key}" if error.key else "awards", error.message,
                            error.fix) from None


def _timer_dict(timer: TimerSettings) -> dict[str, Any]:
    return {
        "round_minutes": timer.round_minutes,
        "warning_minutes": list(timer.warning_minutes),
        "break_minutes": timer.break_minutes,
    }


def _player_dict(p: Player) -> dict[str, Any]:
    row: dict[str, Any] = {"id": p.id, "name": p.name}
    if p.team is not None:
        row["team"] = p.team
    if p.rating is not None:
        row["rating"] = p.rating
    if p.status is not PlayerStatus.ACTIVE:
        row["status"] = p.status.value
    if p.family_name is not None and p.given_name is not None:
        row["family_name"] = p.family_name
        row["given_name"] = p.given_name
    if p.name_order is not None:
        row["name_order"] = p.name_order.value
    if p.ema_id is not None:
        row["ema_id"] = p.ema_id
    if p.country is not None:
        row["country"] = p.country
    if p.newcomer:
        row["newcomer"] = True
    return row


def _seating_dict(seating: Seating) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if seating.method != "manual":
        out["method"] = seating.method
    if seating.seed is not None:
        out["seed"] = seating.seed
    if seating.parameters:
        out["parameters"] = dict(seating.parameters)
    if seating.rounds:
        out["rounds"] = list(_round_dicts(seating.rounds))
    return out


def _round_dicts(rounds: tuple[SeatingRound, ...]) -> Iterator[dict[str, Any]]:
    for r in rounds:
        row: dict[str, Any] = {"round": r.round}
        if r.method is not None:
            row["method"] = r.method
        if r.seed is not None:
            row["seed"] = r.seed
        if r.parameters is not None:
            row["parameters"] = dict(r.parameters)
        row["tables"] = [list(t) for t in r.tables]
        yield row

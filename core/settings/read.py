"""Reading the settings part of an event file: `settings_from_dict`.

It reads the plain dict a TOML parser gives (everything but the `log`) and checks every key; a
problem raises `SettingsError` naming the key path, what was expected and a fix.
"""

from __future__ import annotations

import datetime as _dt
import difflib
import re
from collections.abc import Mapping
from typing import Any

from mjevent.core.awards import AwardsConfig, AwardsConfigError, awards_config_from_dict
from mjevent.core.ema import EmaSettings, code_problem, country_problem, ema_number_problem
from mjevent.core.entries import TABLE_ENTRY_MODES
from mjevent.core.i18n import N_, _
from mjevent.core.names import NameOrder
from mjevent.core.presets import PRESET_NAMES, UnknownPresetError, preset
from mjevent.core.rules import RulesError, RuleSet, coerce_setting, setting_names
from mjevent.core.settings.checks import (
    SettingsError,
    check_known_keys,
    check_one_of,
    describe,
    missing_key,
    read_array_of_tables,
    read_bool,
    read_identifier,
    read_int,
    read_name,
    read_optional_name,
    read_parameters,
    read_table,
    read_text,
)
from mjevent.core.settings.model import (
    FORMAT_VERSION,
    MAX_ROUNDS,
    EventFormat,
    EventInfo,
    EventRules,
    EventSettings,
    Player,
    PlayerStatus,
    Seating,
    SeatingRound,
    ServeSettings,
    Team,
    TimerSettings,
)
from mjevent.core.standings.config import StandingsConfigError

_TOP = (
    "event",
    "rules",
    "players",
    "teams",
    "seating",
    "timer",
    "standings",
    "ema",
    "awards",
    "serve",
)
_EVENT = ("name", "date", "venue", "format", "format_version", "language", "rounds")
_PLAYER = (
    "id",
    "name",
    "team",
    "rating",
    "status",
    "family_name",
    "given_name",
    "name_order",
    "ema_id",
    "country",
    "newcomer",
)
_TEAM = ("id", "name")
_SEATING = ("method", "seed", "parameters", "rounds")
_ROUND = ("round", "tables", "method", "seed", "parameters")
_TIMER = ("round_minutes", "warning_minutes", "break_minutes")
_EMA = (
    "days",
    "sessions",
    "session_minutes",
    "break_minutes",
    "referees",
    "rank_substitutes",
    "qualification",
    "mers",
    "country",
    "city",
    "observer",
    "extra_countries",
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
    check_known_keys(data, "", (*_TOP, "log"), N_("an event file has {keys}"))
    event_raw = read_table(data, "event", required=True)
    rules_raw = read_table(data, "rules", required=True)
    rules = _rules(rules_raw)
    info = _event(event_raw, rules.ruleset)
    teams = _teams(data.get("teams", []))
    ema_raw = read_table(data, "ema")
    ema = _ema(ema_raw) if ema_raw else None
    extra = ema.extra_countries if ema is not None else ()
    players = _players(data.get("players", []), {t.id for t in teams}, extra)
    seating = _seating(read_table(data, "seating"), info.format, {p.id for p in players})
    timer = _timer(read_table(data, "timer"))
    settings = EventSettings(
        info,
        rules,
        players,
        teams,
        seating,
        timer,
        dict(read_table(data, "standings")),
        ema,
        _awards(read_table(data, "awards")),
        _serve(read_table(data, "serve")),
    )
    try:
        settings.standings_config()
    except StandingsConfigError as error:
        raise SettingsError(
            "standings", str(error), _("correct it as docs/standings.md describes")
        ) from None
    return settings


def _event(raw: Mapping[str, Any], ruleset: RuleSet) -> EventInfo:
    check_known_keys(raw, "event", _EVENT, N_("[event] takes {keys}"))
    version = read_int(raw, "event", "format_version", required=True, minimum=1)
    assert version is not None
    if version > FORMAT_VERSION:
        raise SettingsError(
            "event.format_version",
            _("this file is format_version {version}; this mjevent reads up to {newest}").format(
                version=version, newest=FORMAT_VERSION
            ),
            _("open it with a newer mjevent (pip install -U mjevent)"),
        )
    name = read_name(raw, "event", "name")
    assert name is not None
    venue = read_optional_name(raw, "event", "venue")
    date = _date(raw.get("date"))
    seats_format = EventFormat.RIICHI if ruleset.players == 4 else EventFormat.SANMA
    fmt_raw = raw.get("format", seats_format.value)
    if fmt_raw not in [f.value for f in EventFormat]:
        raise SettingsError(
            "event.format",
            _('expected "riichi" or "sanma", got {got}').format(got=describe(fmt_raw)),
            _('write format = "riichi" (four players) or format = "sanma" (three players)'),
        )
    fmt = EventFormat(fmt_raw)
    if fmt.seats != ruleset.players:
        raise SettingsError(
            "event.format",
            _(
                "format {format!r} seats {seats} players but the rules ({rules}) are for {players}"
            ).format(
                format=fmt.value, seats=fmt.seats, rules=ruleset.name, players=ruleset.players
            ),
            _("choose a rules preset for this format (sanma-club for sanma) or change the format"),
        )
    language = read_text(raw, "event", "language")
    if language is not None and not re.fullmatch(r"[a-z]{2,3}", language):
        raise SettingsError(
            "event.language",
            _('expected a language code such as "ja" or "en", got {got!r}').format(got=language),
            _('write the two-letter code of a language, e.g. language = "ja"'),
        )
    rounds = read_int(raw, "event", "rounds", minimum=1)
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
        _("expected a date, got {got}").format(got=describe(raw)),
        _("write it as year-month-day without quotes, e.g. date = 2026-12-02"),
    )


def _rules(raw: Mapping[str, Any]) -> EventRules:
    name = read_text(raw, "rules", "preset", required=True)
    assert name is not None
    try:
        base = preset(name).rules
    except UnknownPresetError as error:
        raise SettingsError(
            "rules.preset",
            error.problem,
            _("use one of {presets}").format(presets=", ".join(PRESET_NAMES)),
        ) from None
    overrides = {k: v for k, v in raw.items() if k != "preset"}
    for key, value in overrides.items():
        if key == "name":
            raise SettingsError(
                "rules.name",
                _("the rule set's name comes from the preset"),
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
                    _("rename it to {name!r}").format(name=close[0])
                    if close
                    else _("remove it; docs/rules.md lists every rule setting"),
                ) from None
            raise SettingsError(f"rules.{key}", str(error), _("correct the value")) from None
    try:
        ruleset = base.with_overrides(overrides)
    except RulesError as error:
        raise SettingsError("rules", str(error), _("change the overrides so they agree")) from None
    return EventRules(name, overrides, ruleset)


def _players(
    raw: Any, teams: set[str], extra_countries: tuple[str, ...] = ()
) -> tuple[Player, ...]:
    rows = read_array_of_tables(raw, "players", "[[players]]")
    seen: dict[str, int] = {}
    out: list[Player] = []
    for i, row in enumerate(rows):
        path = f"players[{i}]"
        check_known_keys(row, path, _PLAYER, N_("a player takes {keys}"))
        pid = read_identifier(row, path)
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
        name = read_name(row, path, "name")
        assert name is not None
        team = read_text(row, path, "team")
        if team is not None and team not in teams:
            close = difflib.get_close_matches(team, sorted(teams), n=1, cutoff=0.6)
            raise SettingsError(
                f"{path}.team",
                _("no team has id {id!r}").format(id=team),
                _("use the id of a [[teams]] block ({close!r}?)").format(close=close[0])
                if close
                else _("add a [[teams]] block with that id, or remove the key"),
            )
        rating = row.get("rating")
        if rating is not None and (isinstance(rating, bool) or not isinstance(rating, int | float)):
            raise SettingsError(
                f"{path}.rating",
                _("expected a number, got {got}").format(got=describe(rating)),
                _("write the rating as a number without quotes, e.g. rating = 1520"),
            )
        status_raw = row.get("status", PlayerStatus.ACTIVE.value)
        check_one_of(
            status_raw,
            PlayerStatus,
            f"{path}.status",
            _('write status = "active", "withdrawn" or "substitute"'),
        )
        family, given, order = _name_parts(row, path)
        ema_id, country = _ema_fields(row, path, extra_countries)
        newcomer = row.get("newcomer", False)
        if not isinstance(newcomer, bool):
            raise SettingsError(
                f"{path}.newcomer",
                _("expected true or false, got {got}").format(got=describe(newcomer)),
                _("write newcomer = true for a player at their first event, or leave it out"),
            )
        out.append(
            Player(
                pid,
                name,
                team,
                rating,
                PlayerStatus(status_raw),
                family,
                given,
                order,
                ema_id,
                country,
                newcomer,
            )
        )
    return tuple(out)


def _ema_fields(
    row: Mapping[str, Any], path: str, extra_countries: tuple[str, ...]
) -> tuple[str | None, str | None]:
    """A player's `ema_id` (8 digits) and `country` (an EMA member's code), checked."""
    ema_id = read_text(row, path, "ema_id")
    if ema_id is not None and (problem := ema_number_problem(ema_id)) is not None:
        raise SettingsError(
            f"{path}.ema_id",
            problem,
            _('write the 8 digits in double quotes, leading zeros kept, e.g. ema_id = "04120001"'),
        )
    country = read_text(row, path, "country")
    if country is not None and (problem := country_problem(country, extra_countries)) is not None:
        raise SettingsError(
            f"{path}.country",
            problem,
            _(
                "use an EMA member's three-letter code (docs/export.md lists them), or add a "
                "newer member's code to [ema] extra_countries"
            ),
        )
    return ema_id, country


def _ema(raw: Mapping[str, Any]) -> EmaSettings:
    check_known_keys(raw, "ema", _EMA, N_("[ema] takes {keys}"))
    days = read_int(raw, "ema", "days", required=True, minimum=1)
    referees = read_int(raw, "ema", "referees", required=True, minimum=0)
    assert days is not None and referees is not None
    sessions = raw.get("sessions")
    if sessions is None:
        raise missing_key("ema", "sessions")
    if not isinstance(sessions, list) or not all(
        isinstance(n, int) and not isinstance(n, bool) and n >= 1 for n in sessions
    ):
        raise SettingsError(
            "ema.sessions",
            _("expected a list of sessions per day, got {got}").format(got=describe(sessions)),
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
            _("expected a list of country codes, got {got}").format(got=describe(extra)),
            _('write e.g. extra_countries = ["UKR"]'),
        )
    for code in extra:
        if (problem := code_problem(code)) is not None:
            raise SettingsError(
                "ema.extra_countries", problem, _('write e.g. extra_countries = ["UKR"]')
            )
    country = read_text(raw, "ema", "country")
    if country is not None and (problem := country_problem(country, tuple(extra))) is not None:
        raise SettingsError(
            "ema.country",
            problem,
            _('use the host country\'s three-letter code, e.g. country = "NLD"'),
        )
    return EmaSettings(
        days=days,
        sessions=tuple(sessions),
        referees=referees,
        session_minutes=read_int(raw, "ema", "session_minutes", minimum=1),
        break_minutes=read_int(raw, "ema", "break_minutes", minimum=0),
        rank_substitutes=read_bool(raw, "ema", "rank_substitutes"),
        qualification=bool(read_bool(raw, "ema", "qualification")),
        mers=read_bool(raw, "ema", "mers") is not False,
        country=country,
        city=read_text(raw, "ema", "city"),
        observer=read_text(raw, "ema", "observer"),
        extra_countries=tuple(extra),
    )


def _name_parts(
    row: Mapping[str, Any], path: str
) -> tuple[str | None, str | None, NameOrder | None]:
    """`family_name` and `given_name` (both or neither), or `name_order`, checked."""
    family = read_optional_name(row, path, "family_name")
    given = read_optional_name(row, path, "given_name")
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
    check_one_of(
        raw_order,
        NameOrder,
        f"{path}.name_order",
        _('write name_order = "family_first" (田中 優希) or "given_first" (Sophie Müller)'),
    )
    if family is not None:
        raise SettingsError(
            f"{path}.name_order",
            _("name_order is not needed when family_name and given_name are given"),
            _("remove name_order, or remove family_name and given_name"),
        )
    return None, None, NameOrder(raw_order)


def _teams(raw: Any) -> tuple[Team, ...]:
    rows = read_array_of_tables(raw, "teams", "[[teams]]")
    seen: set[str] = set()
    out: list[Team] = []
    for i, row in enumerate(rows):
        path = f"teams[{i}]"
        check_known_keys(row, path, _TEAM, N_("a team takes {keys}"))
        tid = read_identifier(row, path)
        if tid in seen:
            raise SettingsError(
                f"{path}.id",
                _("team id {id!r} is used twice").format(id=tid),
                _("give every team a different id"),
            )
        seen.add(tid)
        name = read_name(row, path, "name")
        assert name is not None
        out.append(Team(tid, name))
    return tuple(out)


def _seating(raw: Mapping[str, Any], fmt: EventFormat, players: set[str]) -> Seating:
    check_known_keys(raw, "seating", _SEATING, N_("[seating] takes {keys}"))
    method = read_text(raw, "seating", "method") or "manual"
    seed = read_int(raw, "seating", "seed")
    parameters = read_parameters(raw, "seating") or {}
    rows = read_array_of_tables(raw.get("rounds", []), "seating.rounds", "[[seating.rounds]]")
    rounds: list[SeatingRound] = []
    for i, row in enumerate(rows):
        path = f"seating.rounds[{i}]"
        check_known_keys(row, path, _ROUND, N_("a seating round takes {keys}"))
        number = read_int(row, path, "round", required=True, minimum=1)
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
                read_text(row, path, "method"),
                read_int(row, path, "seed"),
                read_parameters(row, path),
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
            _("expected a list of tables, got {got}").format(got=describe(raw)),
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
                    seats=fmt.seats, format=fmt.value, got=describe(table)
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
                    _("no player has id {id!r}").format(id=pid)
                    if isinstance(pid, str)
                    else _("expected a player id, got {got}").format(got=describe(pid)),
                    _("did you mean {close!r}?").format(close=close[0])
                    if close
                    else _("use the id of a [[players]] block, in double quotes"),
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
    check_known_keys(raw, "serve", ("table_entry",), N_("[serve] takes {keys}"))
    mode = raw.get("table_entry", ServeSettings().table_entry)
    if mode not in TABLE_ENTRY_MODES:
        raise SettingsError(
            "serve.table_entry",
            _("expected one of {modes}, got {got}").format(
                modes=", ".join(f'"{m}"' for m in TABLE_ENTRY_MODES), got=describe(mode)
            ),
            _(
                'write table_entry = "confirm" (a second seat confirms), "director" (the '
                'director approves) or "direct" (counts at once)'
            ),
        )
    return ServeSettings(str(mode))


def _timer(raw: Mapping[str, Any]) -> TimerSettings:
    check_known_keys(raw, "timer", _TIMER, N_("[timer] takes {keys}"))
    default = TimerSettings()
    minutes = read_int(raw, "timer", "round_minutes", minimum=1)
    pause = read_int(raw, "timer", "break_minutes", minimum=0)
    warnings = raw.get("warning_minutes", list(default.warning_minutes))
    if not isinstance(warnings, list) or not all(
        isinstance(w, int) and not isinstance(w, bool) and w > 0 for w in warnings
    ):
        raise SettingsError(
            "timer.warning_minutes",
            _("expected a list of minutes before the end, got {got}").format(
                got=describe(warnings)
            ),
            _("write e.g. warning_minutes = [10, 5]"),
        )
    return TimerSettings(
        default.round_minutes if minutes is None else minutes,
        tuple(warnings),
        default.break_minutes if pause is None else pause,
    )


def _awards(raw: Mapping[str, Any]) -> AwardsConfig:
    try:
        return awards_config_from_dict(raw)
    except AwardsConfigError as error:
        raise SettingsError(
            f"awards.{error.key}" if error.key else "awards", error.message, error.fix
        ) from None

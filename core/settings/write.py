"""Writing the settings back: `settings_to_dict`, the plain, TOML-ready dict of an
`EventSettings` (values equal to their default left out), so that
`settings_from_dict(settings_to_dict(s)) == s`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from mjevent.core.awards import AwardsConfig, awards_to_dict
from mjevent.core.ema import EmaSettings
from mjevent.core.settings.model import (
    EventSettings,
    Player,
    PlayerStatus,
    Seating,
    SeatingRound,
    ServeSettings,
    TimerSettings,
)


def settings_to_dict(settings: EventSettings) -> dict[str, Any]:
    """The plain, TOML-ready dict of `settings`, keys in the documented order.

    Values equal to their default are left out (TOML has no null), so a hand-written file
    stays as short as it was.

    >>> from mjevent.core.settings.read import settings_from_dict
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

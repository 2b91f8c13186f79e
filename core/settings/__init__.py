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
The package is pure: no file I/O, no TOML; `mjevent.events.store` reads and writes the file.
`model` holds the typed values, `checks` the error and the small readers, `read` and `write`
the two directions.
"""

from __future__ import annotations

from mjevent.core.settings.checks import SettingsError
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
from mjevent.core.settings.read import settings_from_dict
from mjevent.core.settings.write import settings_to_dict

__all__ = [
    "FORMAT_VERSION",
    "MAX_ROUNDS",
    "EventFormat",
    "EventInfo",
    "EventRules",
    "EventSettings",
    "Player",
    "PlayerStatus",
    "Seating",
    "SeatingRound",
    "ServeSettings",
    "SettingsError",
    "Team",
    "TimerSettings",
    "settings_from_dict",
    "settings_to_dict",
]

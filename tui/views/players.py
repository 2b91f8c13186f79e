"""The players as the console lists them, the search, and a fresh id for a late player.

No Textual here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from mjevent.core.entries import WINDS, PlayerId
from mjevent.core.i18n import _, wind_name
from mjevent.core.settings import PlayerStatus
from mjevent.core.state import EventState
from mjevent.tui.views.log import plain

__all__ = ["PlayerRow", "next_player_id", "player_rows", "seat_of", "status_name"]


def status_name(status: PlayerStatus) -> str:
    """A player's status in words of the language in use ("withdrawn")."""
    names = {
        PlayerStatus.ACTIVE: _("active"),
        PlayerStatus.WITHDRAWN: _("withdrawn"),
        PlayerStatus.SUBSTITUTE: _("substitute"),
    }
    return names.get(status, status.value)


@dataclass(frozen=True)
class PlayerRow:
    """One player's line: id, name, team, status in words, seat in the round shown, and the
    roll call of that round (`here`: "here", "absent", or "" when not called yet)."""

    id: PlayerId
    name: str
    team: str
    status: str
    seat: str
    withdrawn: bool
    here: str = ""

    def matches(self, search: str) -> bool:
        """Whether every word of `search` is in the name or the id (case and accents ignored).

        >>> PlayerRow("p05", "Chloé Lefèvre", "", "active", "", False).matches("chloe lef")
        True
        """
        haystack = plain(f"{self.name} {self.id}")
        return all(word in haystack for word in plain(search).split())


def seat_of(state: EventState, player: PlayerId, rnd: int) -> tuple[int, int] | None:
    """(table, seat) of `player` in round `rnd`, None when not seated."""
    for t, seats in enumerate(state.seating.get(rnd, ()), 1):
        if player in seats:
            return t, seats.index(player)
    return None


def _status(state: EventState, player: PlayerId) -> str:
    p = state.players[player]
    if p.status is PlayerStatus.WITHDRAWN:
        if p.since_round:
            return _("withdrawn from r{round}").format(round=p.since_round)
        return status_name(p.status)
    if p.status is PlayerStatus.SUBSTITUTE:
        return status_name(p.status)
    if p.since_round:
        return _("back from r{round}").format(round=p.since_round)
    return status_name(PlayerStatus.ACTIVE)


def player_rows(state: EventState, rnd: int) -> tuple[PlayerRow, ...]:
    """Every player in the file's order, with their seat in round `rnd` ("t3 E", or "" when
    not seated, "t3 E (sub: Kim)" when someone plays in their place) and the roll call."""
    team_name = {t.id: t.name for t in state.settings.teams}
    called = state.presence.get(rnd, {})
    out = []
    for pid, p in state.players.items():
        where = seat_of(state, pid, rnd)
        seat = ""
        if where is not None:
            table, s = where
            seat = _("t{table} {wind}").format(table=table, wind=wind_name(WINDS[s]))
            game = state.game(rnd, table)
            if game is not None and s in game.substitutes:
                seat = _("{seat} (sub: {name})").format(seat=seat, name=game.substitutes[s])
        out.append(
            PlayerRow(
                pid,
                p.name,
                team_name.get(p.team, p.team) if p.team else "",
                _status(state, pid),
                seat,
                p.status is PlayerStatus.WITHDRAWN,
                "" if pid not in called else (_("here") if called[pid] else _("absent")),
            )
        )
    return tuple(out)


def next_player_id(ids: Iterable[str]) -> str:
    """A new id in the style of the existing ones: after p01..p16 comes p17.

    >>> next_player_id(["p01", "p02", "p16"]), next_player_id(["ema-007"]), next_player_id([])
    ('p17', 'ema-008', 'p01')
    """
    best: tuple[int, str, int] | None = None
    taken = set(ids)
    for i in taken:
        m = re.fullmatch(r"(.*?)(\d+)", i)
        if m and (best is None or int(m.group(2)) > best[0]):
            best = (int(m.group(2)), m.group(1), len(m.group(2)))
    number, prefix, width = best if best is not None else (0, "p", 2)
    while True:
        number += 1
        candidate = f"{prefix}{number:0{width}d}"
        if candidate not in taken:
            return candidate

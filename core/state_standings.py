"""Standings of a folded event: what `compute_standings` needs, read off an `EventState`.

The fold gives every table's finished game, the players and their status, the seating and the
effective penalties. A cancelled penalty is a penalty voided by a correction: the fold leaves it
out, so the whole log (`entries`) is read again to list it, with the correction's reason, for the
audit.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from mjevent.core.entries import Correction, Entry, Penalty
from mjevent.core.settings import PlayerStatus
from mjevent.core.standings.compute import (
    ByeRecord,
    Entrant,
    PenaltyRecord,
    PlayedGame,
    Standings,
    Status,
    compute_standings,
)
from mjevent.core.standings.config import StandingsConfig
from mjevent.core.state import EventState, TableGame

__all__ = ["standings_from_state", "standings_inputs", "standings_update"]

_STATUS = {
    PlayerStatus.ACTIVE: Status.ACTIVE,
    PlayerStatus.WITHDRAWN: Status.WITHDRAWN,
    PlayerStatus.SUBSTITUTE: Status.SUBSTITUTE,
}


def _penalties(state: EventState, entries: Iterable[Entry]) -> list[PenaltyRecord]:
    out = [
        PenaltyRecord(p.id, p.player, p.amount, p.reason, p.entered_by, p.round)
        for p in state.penalties
    ]
    log = list(entries)
    reasons = {
        e.target: e.reason for e in log if isinstance(e, Correction) and e.replacement is None
    }
    for e in log:
        if isinstance(e, Penalty) and e.id in state.voided:
            out.append(
                PenaltyRecord(
                    e.id,
                    e.player,
                    e.amount,
                    e.reason,
                    e.entered_by,
                    e.round,
                    cancelled=True,
                    cancel_reason=reasons.get(e.id, ""),
                )
            )
    return out


def _byes(state: EventState, roster: Sequence[Entrant]) -> list[ByeRecord]:
    # A player on the roster, active in a seated round but at no table of it, sits that round out.
    out: list[ByeRecord] = []
    for rnd, tables in state.seating.items():
        seated = {p for table in tables for p in table}
        for entrant in roster:
            player = state.players.get(entrant.id)
            if player is None or entrant.id in seated:
                continue
            since = player.since_round or 1
            if player.status is PlayerStatus.ACTIVE and since <= rnd:
                out.append(ByeRecord(rnd, entrant.id))
    return out


def _played(game: TableGame) -> PlayedGame:
    assert game.result is not None
    return PlayedGame(
        game.round, game.table, game.seats, game.result, tuple(sorted(game.substitutes.items()))
    )


def standings_inputs(
    state: EventState, entries: Iterable[Entry] = ()
) -> tuple[
    list[PlayedGame], list[Entrant], list[PenaltyRecord], list[ByeRecord], Mapping[int, int]
]:
    """(games, roster, penalties, byes, tables per round) of a folded event.

    `entries` is the whole log as read (voided entries included), used only to list cancelled
    penalties; without it the penalty list holds the effective penalties alone.
    """
    games = [_played(g) for g in state.games.values() if g.result is not None]
    # Players name their team by its id; standings show the team's name.
    team_name = {t.id: t.name for t in state.settings.teams}
    roster = [
        Entrant(
            p.id,
            p.name,
            team_name.get(p.team, p.team) if p.team else "",
            _STATUS[p.status],
            withdrawn_from=(p.since_round or 0) if p.status is PlayerStatus.WITHDRAWN else 0,
        )
        for p in state.players.values()
    ]
    tables = {rnd: len(seats) for rnd, seats in state.seating.items()}
    return games, roster, _penalties(state, entries), _byes(state, roster), tables


def standings_from_state(
    state: EventState, config: StandingsConfig | None = None, entries: Iterable[Entry] = ()
) -> Standings:
    """The event's standings; `config` defaults to the chain of the event's rule preset."""
    games, roster, penalties, byes, tables = standings_inputs(state, entries)
    cfg = config if config is not None else state.settings.standings_config()
    return compute_standings(
        games,
        roster,
        cfg,
        penalties=penalties,
        byes=byes,
        tables_per_round=tables,
        seats_per_table=state.rules.players,
    )


def standings_update(
    previous: Standings,
    before: EventState,
    after: EventState,
    config: StandingsConfig | None = None,
    entries: Iterable[Entry] = (),
) -> Standings:
    """The standings of `after`, given `previous`, the standings of `before` (same `config`).

    When the only change between the two states that standings read is games that finished
    (a console records a hand or a score sheet: the state before and after it), the new games
    go in with `Standings.with_games`, all at once (ranked once a round): at 500 players a
    fraction of a millisecond for one game, where `standings_from_state` takes 10 to 20 ms.
    Anything else (a player, the seating, a penalty, a result corrected or undone) computes
    them afresh, `entries` as `standings_from_state` reads them.
    """
    if after is before:
        return previous
    same_event = (
        after.settings is before.settings
        and after.penalties == before.penalties
        and after.players == before.players
        and after.seating == before.seating
    )
    finished: list[PlayedGame] = []
    if same_event:
        for key in after.games.keys() | before.games.keys():
            old, new = before.games.get(key), after.games.get(key)
            if old is new or (
                (old is None or old.result is None) and (new is None or new.result is None)
            ):
                continue
            if (
                old is not None
                and new is not None
                and old.result is new.result
                and old.seats == new.seats
                and old.substitutes == new.substitutes
            ):
                # The game ended with its last hand and is now closed (`game_finished` with no
                # final scores): the same result the standings already count.
                continue
            if (old is None or old.result is None) and new is not None:
                finished.append(_played(new))
            else:
                same_event = False  # a result changed or went: the totals are not sums of news
                break
    if not same_event:
        return standings_from_state(after, config, entries)
    return previous.with_games(sorted(finished, key=lambda g: (g.round, g.table)))

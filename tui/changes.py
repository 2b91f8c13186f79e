"""What an entry would change, in words, before the director confirms it.

A dialog builds the entry its command would append, folds the log with it added
(`trial_state`), and shows `describe_changes(before, after)`: players added, renamed or
withdrawn, tables whose hands or result change, seats played by a substitute, standings that
move, and problems the entry would cause (the command then refuses it). Folding is the engine's
own rule; nothing here decides anything, it only compares two states.

No Textual here: the functions are plain and tested on their own.
"""

from __future__ import annotations

from collections.abc import Sequence

from mjevent.core.entries import Entry
from mjevent.core.standings import StandingsConfigError, StandingsError, standings_from_state
from mjevent.core.state import EventState, Problem, TableGame, fold
from mjevent.events.commands import read_log
from mjevent.tui.sheets import points

__all__ = ["describe_changes", "log_entries", "trial_state"]


def log_entries(records: Sequence[dict[str, object]]) -> tuple[list[Entry], list[Problem]]:
    """The whole log as entries (voided ones and corrections included) and unreadable records."""
    return read_log(records)


def trial_state(
    state: EventState, log: Sequence[Entry], problems: Sequence[Problem], entry: Entry
) -> EventState:
    """The event as it would stand with `entry` appended to `log` (the whole log as read)."""
    return fold(state.settings, [*log, entry], problems=problems)


def _scores(game: TableGame) -> str:
    if game.result is not None:
        final = game.result.final
    elif game.state is not None:
        final = game.state.scores
    else:
        return "no hands"
    return " / ".join(f"{s:,}".replace(",", " ") for s in final)


def _game_line(game: TableGame | None) -> str:
    if game is None or (not game.hands and game.result is None):
        return "not started"
    hands = f"{len(game.hands)} hand{'s' if len(game.hands) != 1 else ''}"
    done = ", finished" if game.result is not None else ""
    return f"{hands}, {_scores(game)}{done}"


def _game_key(game: TableGame | None) -> object:
    if game is None:
        return None
    return (
        len(game.hands),
        game.state.scores if game.state is not None else None,
        None if game.result is None else game.result.points,
        game.finished,
        tuple(sorted(game.substitutes.items())),
        game.seats,
    )


def _standings_lines(before: EventState, after: EventState, limit: int) -> list[str]:
    try:
        old = standings_from_state(before)
        new = standings_from_state(after)
    except (StandingsConfigError, StandingsError):
        return []
    was = {r.player: r for r in (*old.rows, *old.apart)}
    out: list[str] = []
    for row in (*new.rows, *new.apart):
        prev = was.get(row.player)
        if prev is None:
            continue
        if prev.total == row.total and prev.place_label == row.place_label:
            continue
        place = (
            f", place {prev.place_label or '-'} -> {row.place_label or '-'}"
            if prev.place_label != row.place_label
            else ""
        )
        out.append(f"standings: {row.name} {points(prev.total)} -> {points(row.total)}{place}")
    if len(out) > limit:
        out = [*out[:limit], f"standings: ... and {len(out) - limit} more players move"]
    return out


def describe_changes(
    before: EventState, after: EventState, *, entry: str | None = None, limit: int = 6
) -> list[str]:
    """One line per thing `after` shows differently from `before`, most important first.

    A problem of the new entry itself (`entry`, its id) means the command will refuse it:
    that line starts "refused:". Other new problems are steps on the way the director should
    know about (a withdrawn player still seated until the round is re-seated).

    >>> from mjevent.core.event import settings_from_dict
    >>> from mjevent.core.entries import PlayerRenamed
    >>> settings = settings_from_dict({"event": {"name": "Cup", "format_version": 1},
    ...     "rules": {"preset": "ema2016"}, "players": [{"id": "p1", "name": "Ann"}]})
    >>> old = fold(settings, [])
    >>> new = fold(settings, [PlayerRenamed(id="e1", at="2026-03-14T10:00:00", player="p1",
    ...                                     name="Anne")])
    >>> describe_changes(old, new)
    ['p1: renamed Ann -> Anne']
    """
    out: list[str] = []
    for pid, p in after.players.items():
        q = before.players.get(pid)
        if q is None:
            team = f", team {p.team}" if p.team else ""
            out.append(f"{pid}: added as {p.name}{team}")
            continue
        if q.name != p.name:
            out.append(f"{pid}: renamed {q.name} -> {p.name}")
        if (q.status, q.since_round) != (p.status, p.since_round):
            since = "" if p.since_round is None else f" from round {p.since_round}"
            out.append(f"{p.name}: {q.status.value} -> {p.status.value}{since}")
    for rnd in sorted(set(before.seating) | set(after.seating)):
        if before.seating.get(rnd) != after.seating.get(rnd):
            out.append(f"round {rnd}: seating changes")
    for key in sorted(set(before.games) | set(after.games)):
        old, new = before.games.get(key), after.games.get(key)
        if _game_key(old) == _game_key(new):
            continue
        was, now = _game_line(old), _game_line(new)
        if was != now:
            out.append(f"r{key[0]} t{key[1]}: {was} -> {now}")
        if new is not None:
            gone = old.substitutes if old is not None else {}
            for seat, name in sorted(new.substitutes.items()):
                if gone.get(seat) != name:
                    who = after.name(new.seats[seat])
                    out.append(f"r{key[0]} t{key[1]}: {name} plays for {who}")
    out.extend(_standings_lines(before, after, limit))
    old_problems = set(before.problems)
    for problem in after.problems:
        if problem in old_problems:
            continue
        own = entry is not None and problem.entry == entry
        out.append(f"refused: {problem.message}" if own else f"problem: {problem}")
    return out

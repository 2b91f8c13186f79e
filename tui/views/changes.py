"""What an entry would change, in words, before the director confirms it.

A dialog builds the entry its command would append, tries it on the session's live fold
(`ChangePreview`, through `EventSession.try_entry`), and shows `describe_changes(before,
after)`: players added, renamed or withdrawn, tables whose hands or result change, seats
played by a substitute, standings that move, and problems the entry would cause (the command
then refuses it). Folding is the engine's own rule; nothing here decides anything, it only
compares two states.

No Textual here: the functions are plain and tested on their own.
"""

from __future__ import annotations

import threading

from mjevent.core.entries import Entry
from mjevent.core.i18n import _, format_number, format_thousands, ngettext
from mjevent.core.standings import StandingsConfigError, StandingsError
from mjevent.core.standings.compute import Standings
from mjevent.core.state import EventState, TableGame, caused_problems, refusals
from mjevent.events.session import EventSession
from mjevent.tui.views.players import status_name

__all__ = ["ChangePreview", "describe_changes"]


class ChangePreview:
    """What entries would change, each tried on the event as it stands, one at a time.

    Each entry is tried on the session's live fold (`EventSession.try_entry`: in time
    independent of the log's length; a correction folds the log again) and thrown away; the
    state before is the session's state when the preview was made. The standings come from
    the session (`EventSession.standings`: those of a trial state are brought up from the live
    ones and never replace them). Safe to call from a worker thread: one entry at a time.
    """

    def __init__(self, session: EventSession) -> None:
        self.session = session
        self.state = session.state
        self._lock = threading.Lock()

    def after(self, entry: Entry) -> EventState:
        """The event as it would stand with `entry` appended."""
        with self._lock:
            return self.session.try_entry(entry).state()

    def changes(self, entry: Entry) -> list[str]:
        """`describe_changes` of the event now and with `entry` appended."""
        after = self.after(entry)
        with self._lock:
            before = self._standings(self.state)
            later = self._standings(after)
        return describe_changes(
            self.state, after, entry=entry, standings_before=before, standings_after=later
        )

    def _standings(self, state: EventState) -> Standings | None:
        """The standings of `state`, or None when the event's settings cannot rank it."""
        try:
            return self.session.standings(state)
        except (StandingsConfigError, StandingsError):
            return None


def _scores(game: TableGame) -> str:
    if game.result is not None:
        final = game.result.final
    elif game.state is not None:
        final = game.state.scores
    else:
        return _("no hands")
    return " / ".join(format_number(s) for s in final)


def _game_line(game: TableGame | None) -> str:
    if game is None or (not game.hands and game.result is None):
        return _("not started")
    if not game.hands:
        return _("final scores {scores}").format(scores=_scores(game))
    count = len(game.hands)
    if game.result is not None:
        return ngettext("{n} hand, {scores}, finished", "{n} hands, {scores}, finished",
                        count).format(n=count, scores=_scores(game))
    return ngettext("{n} hand, {scores}", "{n} hands, {scores}", count).format(
        n=count, scores=_scores(game))


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


def _standings_lines(old: Standings | None, new: Standings | None, limit: int) -> list[str]:
    if old is None or new is None:
        return []
    was = {r.player: r for r in (*old.rows, *old.apart)}
    out: list[str] = []
    for row in (*new.rows, *new.apart):
        prev = was.get(row.player)
        if prev is None:
            continue
        if prev.total == row.total and prev.place_label == row.place_label:
            continue
        if prev.place_label != row.place_label:
            line = _("standings: {name} {was} -> {now}, place {was_place} -> {now_place}")
        else:
            line = _("standings: {name} {was} -> {now}")
        out.append(line.format(
            name=row.name, was=format_thousands(prev.total), now=format_thousands(row.total),
            was_place=prev.place_label or "-", now_place=row.place_label or "-",
        ))
    if len(out) > limit:
        more = len(out) - limit
        out = [*out[:limit], _("standings: ... and {n} more players move").format(n=more)]
    return out


def describe_changes(
    before: EventState,
    after: EventState,
    *,
    entry: Entry | None = None,
    limit: int = 6,
    standings_before: Standings | None = None,
    standings_after: Standings | None = None,
) -> list[str]:
    """One line per thing `after` shows differently from `before`, most important first.

    The new problems are the ones a command compares (`caused_problems`): those naming an
    entry mean the command will refuse `entry`, in the command's words (`refusals`),
    each line starting "refused:". Problems naming no entry are steps on the way the director
    should know about (a withdrawn player still seated until the round is re-seated).
    `standings_before` and `standings_after` are the standings of `before` and `after` (the
    session's, `ChangePreview`); without them (None: the event cannot rank, or the caller has
    none) no standings lines are shown.

    >>> from mjevent.core.settings import settings_from_dict
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
            if p.team:
                out.append(_("{id}: added as {name}, team {team}").format(
                    id=pid, name=p.name, team=p.team))
            else:
                out.append(_("{id}: added as {name}").format(id=pid, name=p.name))
            continue
        if q.name != p.name:
            out.append(_("{id}: renamed {was} -> {now}").format(id=pid, was=q.name, now=p.name))
        if (q.status, q.since_round) != (p.status, p.since_round):
            was, now = status_name(q.status), status_name(p.status)
            if p.since_round is None:
                out.append(_("{name}: {was} -> {now}").format(name=p.name, was=was, now=now))
            else:
                out.append(_("{name}: {was} -> {now} from round {round}").format(
                    name=p.name, was=was, now=now, round=p.since_round))
    for rnd in sorted(set(before.presence) | set(after.presence)):
        called, calls = before.presence.get(rnd, {}), after.presence.get(rnd, {})
        for pid in sorted(set(called) | set(calls)):
            if called.get(pid) != calls.get(pid) and pid in calls:
                line = (_("{name}: checked in for round {round}") if calls[pid]
                        else _("{name}: absent for round {round}"))
                out.append(line.format(name=after.name(pid), round=rnd))
    # A new penalty (the log only grows at its end, so the new ones are the last).
    known = {p.id for p in before.penalties}
    out.extend(p.describe(after.name) for p in after.penalties if p.id not in known)
    for rnd in sorted(set(before.seating) | set(after.seating)):
        if before.seating.get(rnd) != after.seating.get(rnd):
            out.append(_("round {round}: seating changes").format(round=rnd))
    for key in sorted(set(before.games) | set(after.games)):
        old, new = before.games.get(key), after.games.get(key)
        if _game_key(old) == _game_key(new):
            continue
        was, now = _game_line(old), _game_line(new)
        if was != now:
            out.append(_("r{round} t{table}: {was} -> {now}").format(
                round=key[0], table=key[1], was=was, now=now))
        if new is not None:
            gone = old.substitutes if old is not None else {}
            for seat, name in sorted(new.substitutes.items()):
                if gone.get(seat) != name:
                    who = after.name(new.seats[seat])
                    out.append(_("r{round} t{table}: {name} plays for {who}").format(
                        round=key[0], table=key[1], name=name, who=who))
    out.extend(_standings_lines(standings_before, standings_after, limit))
    caused = caused_problems(before, after)
    if entry is not None:
        out.extend(
            _("refused: {problem}").format(problem=why) for why in refusals(caused, entry)
        )
    out.extend(
        _("problem: {problem}").format(problem=problem)
        for problem in caused
        if entry is None or problem.entry is None
    )
    return out

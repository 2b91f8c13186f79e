"""What an event's state says about its seating: who is seated next (the roster), who a name
means, which rounds are played, whether the seating still fits the players, and the pairs the
director accepted meeting again.

Pure functions of the folded state (`mjevent.core.state.EventState`); the plans made from them
are `mjevent.core.seating.event_plans`, and `mjevent.events.seating` writes them to the file.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from mjevent.core.entries import SeatingSet
from mjevent.core.i18n import _, listed, pgettext
from mjevent.core.seating.imports import PlayerLookup
from mjevent.core.seating.plan import Roster, event_schedule
from mjevent.core.seating.schedule import Schedule, ScheduleError
from mjevent.core.settings import PlayerStatus
from mjevent.core.state import EventState

__all__ = [
    "ACCEPTED",
    "ReseatNeeded",
    "SeatingError",
    "accepted_pairs",
    "active_roster",
    "all_players",
    "draw_text",
    "find_player",
    "keeps_teams",
    "last_seed_text",

    "played_rounds",
    "reseat_needed",
    "seating_schedule",
]


class SeatingError(ValueError):
    """A seating the event's state does not allow, or a player no one is; nothing was planned.
    The message says why, in words the director can act on."""


def active_roster(state: EventState, *, keep_teams: bool = False) -> Roster:
    """The players seated in new rounds (status active), in file order; with `keep_teams`,
    grouped team by team so that the draw and the generator keep teammates apart."""
    players = [p.id for p in state.players.values() if p.status is PlayerStatus.ACTIVE]
    if not keep_teams:
        return Roster(tuple(players))
    if not any(state.players[p].team for p in players):
        raise SeatingError(
            _(
                "no player of this event has a team, so there are no teammates to keep apart; "
                'give players a team in the file (team = "..."), or seat without keeping teams '
                "apart"
            )
        )
    return Roster.of(players, {p: state.players[p].team for p in players})


def last_seed_text(state: EventState) -> str | None:
    """The draw text of the latest seating entry that has one (a regeneration reuses it)."""
    for entry in reversed(state.entries):
        if isinstance(entry, SeatingSet):
            text = dict(entry.params).get("seed_text")
            if isinstance(text, str):
                return text
    return None



def all_players(state: EventState) -> list[str]:
    """Every player id of the event in file order (settings, then players added in the log)."""
    return list(state.players)


def find_player(state: EventState, ref: str) -> str:
    """The id of the player `ref` names (an id, a name, a number from 1); `SeatingError` if
    none does."""
    lookup = PlayerLookup(list(state.players), {p: state.name(p) for p in state.players})
    found = lookup.find(ref)
    same = lookup.by_fold.get(ref.strip().casefold(), [])
    if found is None and len(same) > 1:
        raise SeatingError(
            _("{ref!r} is the name of {count} players ({players}): give the id").format(
                ref=ref, count=len(same), players=", ".join(same)
            )
        )
    if found is None:
        raise SeatingError(
            _(
                "{ref!r} is not a player of this event: give an id, a name or a number 1 to "
                "{players}"
            ).format(ref=ref, players=len(state.players))
        )
    return found


def played_rounds(state: EventState) -> list[int]:
    """Rounds with at least one hand or finished game, in order."""
    return sorted({r for (r, _), g in state.games.items() if g.hands or g.finished})


def seating_schedule(state: EventState, *, rounds: Sequence[int] | None = None) -> Schedule:
    """The event's seated rounds (all, or `rounds`) as a `Schedule` over every player in file
    order, teammates named as teams; players not seated in a round sit out."""
    chosen = sorted(state.seating) if rounds is None else list(rounds)
    players = all_players(state)
    teams: dict[str, list[str]] = {}
    for p in players:
        team = state.players[p].team
        if team:
            teams.setdefault(team, []).append(p)
    return event_schedule(
        players, state.rules.players, [state.seating[r] for r in chosen], list(teams.values())
    )


@dataclass(frozen=True)
class ReseatNeeded:
    """What a change of players leaves for the seating: re-seat from `from_round`.

    `gone` lists (player, round, table) for a withdrawn player still seated at a table without
    results; `unseated` the active players missing from the seated rounds not yet played.
    """

    from_round: int
    last_round: int
    gone: tuple[tuple[str, int, int], ...]
    unseated: tuple[str, ...]

    def lines(self, name: Callable[[str], str] = str, *, most: int = 3) -> list[str]:
        """The facts in words (at most `most` seats of withdrawn players, then a count)."""
        out = [
            _("{name} ({id}) withdrew but is still seated at round {round} table {table}").format(
                name=name(p), id=p, round=r, table=t
            )
            for p, r, t in self.gone[:most]
        ]
        if len(self.gone) > most:
            out.append(
                _("... and {count} more seats like these").format(count=len(self.gone) - most)
            )
        if self.unseated:
            out.append(
                _("not seated in rounds {first}-{last}: {players}").format(
                    first=self.from_round,
                    last=self.last_round,
                    players=listed(
                        pgettext("seating", "{name} ({id})").format(name=name(p), id=p)
                        for p in self.unseated
                    ),
                )
            )
        return out


def reseat_needed(state: EventState) -> ReseatNeeded | None:
    """Whether the rounds seated but not yet played still fit the players, and if not, from
    which round to re-seat (the round after the last with results). None when they fit."""
    first_open = max(played_rounds(state), default=0) + 1
    later = [r for r in sorted(state.seating) if r >= first_open]
    if not later:
        return None
    gone: list[tuple[str, int, int]] = []
    for r in later:
        for t, table in enumerate(state.seating[r], 1):
            game = state.game(r, t)
            if game is not None and (game.hands or game.finished):
                continue
            for p in table:
                who = state.players.get(p)
                if (
                    who is not None
                    and who.status is PlayerStatus.WITHDRAWN
                    and (who.since_round or 1) <= r
                ):
                    gone.append((p, r, t))
    seated = {p for r in later for t in state.seating[r] for p in t} | _planned_byes(state, later)
    unseated = tuple(
        p.id
        for p in state.players.values()
        if p.status is PlayerStatus.ACTIVE and p.id not in seated
    )
    if not gone and not unseated:
        return None
    return ReseatNeeded(first_open, later[-1], tuple(gone), unseated)


def _planned_byes(state: EventState, rounds: Sequence[int]) -> set[str]:
    """Players the seating of `rounds` planned to sit out: on the roster of the seating entry
    that seated those rounds (the director accepted their byes), at no table. A player added
    after that seating is on no roster, so still needs a seat."""
    wanted = set(rounds)
    out: set[str] = set()
    for entry in state.entries:
        if not isinstance(entry, SeatingSet):
            continue
        covered = range(entry.first_round, entry.first_round + len(entry.rounds))
        if wanted.isdisjoint(covered):
            continue
        try:
            roster = Roster.from_params(dict(entry.params)).players
        except ScheduleError:  # a seating without a roster (imported, manual): no byes planned
            continue
        at_tables = {p for rnd in entry.rounds for t in rnd for p in t}
        out |= set(roster) - at_tables
    return out


ACCEPTED = "accepted repeats: "
"""A note starting so lists pairs (`a+b`) the director accepted meeting again after a swap
(`seats_swapped` has no field for it; a seating entry records them in `accepted_repeats`)."""


def accepted_pairs(state: EventState) -> set[tuple[str, str]]:
    """Pairs the director accepted meeting again: `accepted_repeats` of seating entries, and
    the pairs of notes written when a swap made a repeat (`ACCEPTED`)."""
    texts: list[str] = []
    for entry in state.entries:
        if isinstance(entry, SeatingSet):
            texts.append(str(dict(entry.params).get("accepted_repeats", "")))
    texts += [
        n.text[len(ACCEPTED) :].split("(")[0] for n in state.notes if n.text.startswith(ACCEPTED)
    ]
    out: set[tuple[str, str]] = set()
    for pair in " ".join(texts).split():
        a, _plus, b = pair.partition("+")
        out.add((a, b) if a < b else (b, a))
    return out


def draw_text(state: EventState, seed: str | None = None) -> str:
    """The draw's text: as given, else the last seating's, else the event's name (shown with
    the seating, so it is announced)."""
    if seed is not None:
        return seed
    return last_seed_text(state) or state.settings.event.name


def keeps_teams(state: EventState) -> bool:
    """Whether the event's latest seating kept teammates apart (a re-seat does too)."""
    for entry in reversed(state.entries):
        if isinstance(entry, SeatingSet):
            return "team_sizes" in dict(entry.params)
    return False

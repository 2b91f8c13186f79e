"""Prizes beyond the podium, derived from the statistics: best hand, most wins, fewest deal-ins,
most dora in one win (ドラコン賞), every yakuman (役満賞), best newcomer, the booby prize
(ブービー賞, second to last by default) and the best team.

The `[awards]` table of the event file picks them (`awards_config_from_dict`); `awards_of`
gives each with its winners and the reason (for a hand: its value, round, table and the hand of
the game). Ties are broken by a stated rule (`TIE_RULES`, docs/stats.md); players still level
after it share the award.

>>> awards_config_from_dict({"give": ["best_hand", "booby"], "booby_from_bottom": 2}).give
(<AwardKind.BEST_HAND: 'best_hand'>, <AwardKind.BOOBY: 'booby'>)
>>> awards_config_from_dict({"give": ["best_hnd"]})
Traceback (most recent call last):
...
mjevent.core.awards.AwardsConfigError: give: unknown award 'best_hnd'; did you mean 'best_hand'?
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mjevent.core.i18n import _, format_number, format_thousands, ngettext, pgettext, wind_name
from mjevent.core.text import suggest

if TYPE_CHECKING:
    from mjevent.core.standings.compute import Standings
    from mjevent.core.state import EventState
    from mjevent.core.stats import EventStats, Tally, WinRecord

__all__ = [
    "Award",
    "AwardKind",
    "AwardWinner",
    "AwardsConfig",
    "AwardsConfigError",
    "award_title",
    "awards_config_from_dict",
    "awards_of",
    "awards_to_dict",
    "hand_label",
    "presented",
    "reason",
    "tie_rule",
    "unavailable_text",
]


class AwardKind(enum.StrEnum):
    """The awards `[awards] give` can list, by the names the file writes."""

    BEST_HAND = "best_hand"
    MOST_WINS = "most_wins"
    FEWEST_DEAL_INS = "fewest_deal_ins"
    MOST_DORA = "most_dora"
    YAKUMAN = "yakuman"
    BEST_NEWCOMER = "best_newcomer"
    BOOBY = "booby"
    BEST_TEAM = "best_team"


class AwardsConfigError(ValueError):
    """A bad `[awards]` table: `key` inside it, what is wrong, and the fix."""

    def __init__(self, key: str, message: str, fix: str) -> None:
        super().__init__(f"{key}: {message}" if key else message)
        self.key, self.message, self.fix = key, message, fix


@dataclass(frozen=True)
class AwardsConfig:
    """The `[awards]` table. `give` lists the awards in the order they are presented (empty:
    every kind, in `AwardKind` order). `booby_from_bottom` is the place, counted from the
    bottom of the standings, that the booby prize goes to (2: second to last). `min_games`
    is how many games a player must have finished to be ranked by fewest deal-ins (None: as
    many as anyone finished)."""

    give: tuple[AwardKind, ...] = ()
    booby_from_bottom: int = 2
    min_games: int | None = None

    @property
    def kinds(self) -> tuple[AwardKind, ...]:
        """The awards to give, in order."""
        return self.give or tuple(AwardKind)


_KEYS = ("give", "booby_from_bottom", "min_games")


def awards_config_from_dict(raw: Mapping[str, Any]) -> AwardsConfig:
    """Read and check an `[awards]` table; raises `AwardsConfigError` naming the key."""
    for key in raw:
        if key not in _KEYS:
            raise AwardsConfigError(
                key,
                _("unknown key {key!r}{hint}").format(key=key, hint=suggest(key, list(_KEYS))),
                _("[awards] takes {keys}").format(keys=", ".join(_KEYS)),
            )
    give_raw = raw.get("give", [])
    names = [k.value for k in AwardKind]
    if not isinstance(give_raw, list):
        raise AwardsConfigError(
            "give",
            _("expected a list of award names"),
            _('write e.g. give = ["best_hand", "yakuman", "booby"]'),
        )
    give: list[AwardKind] = []
    for name in give_raw:
        if name not in names:
            raise AwardsConfigError(
                "give",
                _("unknown award {name!r}{hint}").format(name=name, hint=suggest(str(name), names)),
                _("use some of {names}").format(names=", ".join(names)),
            )
        if AwardKind(name) in give:
            raise AwardsConfigError(
                "give", _("{name!r} is listed twice").format(name=name), _("list it once")
            )
        give.append(AwardKind(name))
    booby = raw.get("booby_from_bottom", 2)
    if isinstance(booby, bool) or not isinstance(booby, int) or booby < 1:
        raise AwardsConfigError(
            "booby_from_bottom",
            _("expected a whole number from 1, got {got!r}").format(got=booby),
            _("write booby_from_bottom = 2 for second to last"),
        )
    games = raw.get("min_games")
    if games is not None and (isinstance(games, bool) or not isinstance(games, int) or games < 0):
        raise AwardsConfigError(
            "min_games",
            _("expected a whole number from 0, got {got!r}").format(got=games),
            _("write e.g. min_games = 5, or leave it out"),
        )
    return AwardsConfig(tuple(give), booby, games)


def awards_to_dict(config: AwardsConfig) -> dict[str, Any]:
    """The `[awards]` table that reads back as `config` (defaults left out)."""
    out: dict[str, Any] = {}
    if config.give:
        out["give"] = [k.value for k in config.give]
    if config.booby_from_bottom != 2:
        out["booby_from_bottom"] = config.booby_from_bottom
    if config.min_games is not None:
        out["min_games"] = config.min_games
    return out


@dataclass(frozen=True, slots=True)
class AwardWinner:
    """Who gets an award (`player` id, or `team` id for the best team), their `name`, the
    figure it was won with (`value`: points, wins, deal-ins, dora, a place), and `hand` for an
    award won by one hand."""

    name: str
    value: int | float | None
    player: str | None = None
    team: str | None = None
    hand: WinRecord | None = None


@dataclass(frozen=True, slots=True)
class Award:
    """One award: its `kind`, its winners (several when tied after the tie rule; none when
    nobody qualifies), and `unavailable`, why it cannot be given, or None: ``not_recorded``
    (no win records its dora), ``no_standings`` (no game finished), ``no_newcomers`` (no
    player has ``newcomer = true``), ``no_teams``; `unavailable_text` says it in words."""

    kind: AwardKind
    winners: tuple[AwardWinner, ...] = ()
    unavailable: str | None = None


def award_title(kind: AwardKind) -> str:
    """The award's name in the language in use."""
    titles = {
        AwardKind.BEST_HAND: pgettext("award", "Best hand"),
        AwardKind.MOST_WINS: pgettext("award", "Most wins"),
        AwardKind.FEWEST_DEAL_INS: pgettext("award", "Fewest deal-ins"),
        AwardKind.MOST_DORA: pgettext("award", "Most dora in one win"),
        AwardKind.YAKUMAN: pgettext("award", "Yakuman"),
        AwardKind.BEST_NEWCOMER: pgettext("award", "Best newcomer"),
        AwardKind.BOOBY: pgettext("award", "Booby prize"),
        AwardKind.BEST_TEAM: pgettext("award", "Best team"),
    }
    return titles[kind]


def unavailable_text(award: Award) -> str:
    """Why `award` cannot be given, in the language in use ("" when it can)."""
    texts = {
        "not_recorded": _(
            "not recorded: no win records its dora (add y:...,dora2 to the entry line)"
        ),
        "no_standings": _("no standings yet: no game has finished"),
        "no_newcomers": _("no player is marked newcomer = true in [[players]]"),
        "no_teams": _("the event has no teams"),
    }
    return texts.get(award.unavailable or "", "")


def tie_rule(kind: AwardKind) -> str:
    """How a tie for `kind` is broken, in the language in use."""
    rules = {
        AwardKind.BEST_HAND: _("ties: the earlier hand (round, table, hand of the game)"),
        AwardKind.MOST_WINS: _("ties: fewer hands played, then the better standings place"),
        AwardKind.FEWEST_DEAL_INS: _("ties: more hands played, then the better standings place"),
        AwardKind.MOST_DORA: _("ties: the higher-scoring hand, then the earlier hand"),
        AwardKind.YAKUMAN: _("every yakuman wins, in the order played"),
        AwardKind.BEST_NEWCOMER: _("the better standings place (the standings break ties)"),
        AwardKind.BOOBY: _("the standings place (the standings break ties)"),
        AwardKind.BEST_TEAM: _("the team standings place (they break ties)"),
    }
    return rules[kind]


def hand_label(win: WinRecord) -> str:
    """Where a winning hand was, its wind as the screens write a seat (`wind_name`: E, 東):
    ``round 3, table 12, E 2, 1 honba``.

    >>> import dataclasses
    >>> from mjevent.core.outcomes import HandValue
    >>> from mjevent.core.stats import WinRecord
    >>> win = WinRecord("h1", 3, 12, 0, 2, 1, 0, "p1", False, HandValue(3, 30), 3900, None)
    >>> hand_label(win), hand_label(dataclasses.replace(win, round_wind=1, honba=0))
    ('round 3, table 12, E 2, 1 honba', 'round 3, table 12, S 2')
    """
    wind = wind_name("ESWN"[win.round_wind])
    if win.honba:
        text = _("round {round}, table {table}, {wind} {hand}, {honba} honba")
    else:
        text = _("round {round}, table {table}, {wind} {hand}")
    return text.format(
        round=win.round, table=win.table, wind=wind, hand=win.hand_number, honba=win.honba
    )


def _hand_key(win: WinRecord) -> tuple[int, int, int, int, int]:
    return (win.round, win.table, win.round_wind, win.hand_number, win.honba)


def awards_of(
    state: EventState, stats: EventStats, standings: Standings | None = None
) -> tuple[Award, ...]:
    """The awards `[awards]` picks, from the statistics (and the standings, for the awards by
    place: without them those say why they cannot be given)."""
    config = state.settings.awards
    places: dict[str, int] = {}
    if standings is not None:
        places = {r.player: r.place for r in standings.rows if r.place is not None}
    far = len(places) + 1

    def place(player: str) -> int:
        return places.get(player, far)

    def name(player: str | None) -> str:
        return state.name(player) if player else pgettext("award", "a substitute")

    makers: dict[AwardKind, Callable[[], Award]] = {
        AwardKind.BEST_HAND: lambda: _best_hand(stats, name),
        AwardKind.MOST_WINS: lambda: _by_player(
            AwardKind.MOST_WINS,
            stats,
            lambda t: (-t.wins, t.hands),
            lambda t: t.wins,
            place,
            qualifies=lambda t: t.wins > 0,
        ),
        AwardKind.FEWEST_DEAL_INS: lambda: _fewest_deal_ins(stats, config, place),
        AwardKind.MOST_DORA: lambda: _most_dora(stats, name),
        AwardKind.YAKUMAN: lambda: Award(
            AwardKind.YAKUMAN,
            tuple(
                AwardWinner(name(w.player), w.points, w.player, hand=w)
                for w in stats.wins
                if w.yakuman
            ),
        ),
        AwardKind.BEST_NEWCOMER: lambda: _newcomer(state, standings, places),
        AwardKind.BOOBY: lambda: _booby(standings, config),
        AwardKind.BEST_TEAM: lambda: _best_team(state, standings),
    }
    return tuple(makers[kind]() for kind in config.kinds)


_CANNOT_GIVE = frozenset({"not_recorded", "no_newcomers", "no_teams"})
"""Why an award cannot be given at this event at all (as opposed to not yet: no standings)."""


def presented(given: tuple[Award, ...], config: AwardsConfig) -> tuple[Award, ...]:
    """The awards a prize-giving announces. Without `[awards] give` every kind is worked out,
    and the ones this event cannot give at all (no win records its dora, nobody is marked a
    newcomer, no teams) are left out rather than announced as "-"; a `give` list the director
    wrote is announced whole, each award that cannot be given saying why (`print awards`
    always lists every award with why).

    >>> cfg = AwardsConfig()
    >>> [a.kind.value for a in presented((Award(AwardKind.BOOBY),
    ...     Award(AwardKind.BEST_TEAM, unavailable="no_teams")), cfg)]
    ['booby']
    """
    if config.give:
        return given
    return tuple(a for a in given if a.unavailable not in _CANNOT_GIVE)


def _best_hand(stats: EventStats, name: Callable[[str | None], str]) -> Award:
    if not stats.wins:
        return Award(AwardKind.BEST_HAND)
    top = max(w.points for w in stats.wins)
    best = min((w for w in stats.wins if w.points == top), key=_hand_key)
    return Award(
        AwardKind.BEST_HAND, (AwardWinner(name(best.player), top, best.player, hand=best),)
    )


def _most_dora(stats: EventStats, name: Callable[[str | None], str]) -> Award:
    recorded = [
        (w.detail.dora, w) for w in stats.wins if w.detail is not None and w.detail.dora is not None
    ]
    if not recorded:
        return Award(AwardKind.MOST_DORA, unavailable="not_recorded")
    dora, best = min(recorded, key=lambda r: (-r[0], -r[1].points, _hand_key(r[1])))
    return Award(
        AwardKind.MOST_DORA, (AwardWinner(name(best.player), dora, best.player, hand=best),)
    )


def _by_player(
    kind: AwardKind,
    stats: EventStats,
    measure: Callable[[Tally], tuple[int, ...]],
    value: Callable[[Tally], int],
    place: Callable[[str], int],
    qualifies: Callable[[Tally], bool],
) -> Award:
    ranked = [
        (measure(p.stats), place(p.id), p) for p in stats.players.values() if qualifies(p.stats)
    ]
    if not ranked:
        return Award(kind)
    best = min(r[:2] for r in ranked)
    return Award(
        kind,
        tuple(AwardWinner(p.name, value(p.stats), p.id) for m, pl, p in ranked if (m, pl) == best),
    )


def _fewest_deal_ins(stats: EventStats, config: AwardsConfig, place: Callable[[str], int]) -> Award:
    games = config.min_games
    if games is None:
        games = max((p.stats.games for p in stats.players.values()), default=0)
    return _by_player(
        AwardKind.FEWEST_DEAL_INS,
        stats,
        lambda t: (t.deal_ins, -t.hands),
        lambda t: t.deal_ins,
        place,
        qualifies=lambda t: t.hands > 0 and t.games >= games,
    )


def _no_standings(kind: AwardKind) -> Award:
    return Award(kind, unavailable="no_standings")


def _newcomer(state: EventState, standings: Standings | None, places: Mapping[str, int]) -> Award:
    kind = AwardKind.BEST_NEWCOMER
    newcomers = {p.id for p in state.settings.players if p.newcomer}
    if not newcomers:
        return Award(kind, unavailable="no_newcomers")
    if standings is None or not places:
        return _no_standings(kind)
    ranked = [(places[p], p) for p in newcomers if p in places]
    if not ranked:
        return Award(kind)
    best = min(r[0] for r in ranked)
    return Award(
        kind, tuple(AwardWinner(state.name(p), best, p) for pl, p in sorted(ranked) if pl == best)
    )


def _booby(standings: Standings | None, config: AwardsConfig) -> Award:
    kind = AwardKind.BOOBY
    if standings is None:
        return _no_standings(kind)
    rows = [r for r in standings.rows if r.place is not None]
    if len(rows) < config.booby_from_bottom:
        return Award(kind)
    target = rows[len(rows) - config.booby_from_bottom].place
    return Award(
        kind, tuple(AwardWinner(r.name, r.place, r.player) for r in rows if r.place == target)
    )


def _best_team(state: EventState, standings: Standings | None) -> Award:
    kind = AwardKind.BEST_TEAM
    if not state.settings.teams:
        return Award(kind, unavailable="no_teams")
    if standings is None:
        return _no_standings(kind)
    teams = [t for t in standings.teams if t.place == 1]
    names = {t.id: t.name for t in state.settings.teams}
    return Award(
        kind, tuple(AwardWinner(names.get(t.team, t.team), t.total, team=t.team) for t in teams)
    )


def reason(award: Award, winner: AwardWinner) -> str:
    """Why `winner` gets `award`, in the language in use: the figure, and the hand for an
    award won by one hand (``32,000 points: round 3, table 12, E 2, 1 honba``)."""
    kind, value = award.kind, winner.value
    number = format_number(int(value)) if isinstance(value, int | float) else ""
    if kind is AwardKind.BEST_HAND or kind is AwardKind.YAKUMAN:
        assert winner.hand is not None
        return _("{points} points: {hand}").format(points=number, hand=hand_label(winner.hand))
    if kind is AwardKind.MOST_DORA:
        assert winner.hand is not None
        return _("{dora} dora: {hand}").format(dora=number, hand=hand_label(winner.hand))
    if kind is AwardKind.MOST_WINS:
        return ngettext("{count} win", "{count} wins", int(value or 0)).format(count=number)
    if kind is AwardKind.FEWEST_DEAL_INS:
        return ngettext("{count} deal-in", "{count} deal-ins", int(value or 0)).format(count=number)
    if kind is AwardKind.BEST_TEAM:
        return _("first in the team standings ({total})").format(
            total=format_thousands(value) if value is not None else ""
        )
    return _("place {place} in the standings").format(place=number)

"""A round's seating as the console shows it, and the seating checker's summary in names.

`round_tables(state, round)` gives each table of the round with its seats (wind, player, name,
who substitutes), what is happening there and which pairs at it already met in an earlier
round. `check_summary(state, up_to)` runs the seating checker (`core/seating/check.py`) over the
event's rounds 1..`up_to` and says what it found with the players' names, not their numbers.
`reseat_lines(state, trial, round, table, real)` says what re-seating a table that sat on other
winds changes (`trial` is the event with the `table_reseated` entry tried on it).

No Textual here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mjevent.core.entries import WINDS, PlayerId
from mjevent.core.i18n import _, format_number, listed, ngettext, pgettext, wind_name
from mjevent.core.seating.check import check, even_example
from mjevent.core.seating.schedule import Schedule, ScheduleError
from mjevent.core.settings import PlayerStatus
from mjevent.core.state import EventState, TableGame

__all__ = ["SeatView", "TableView", "check_summary", "reseat_lines", "round_tables"]



@dataclass(frozen=True)
class SeatView:
    """One seat: wind letter, player id, name, and who plays it instead ("" if nobody)."""

    wind: str
    player: PlayerId
    name: str
    substitute: str = ""
    withdrawn: bool = False


@dataclass(frozen=True)
class TableView:
    """One table of a round: its seats, its state in words (in the language in use), whether
    its game is over, pairs that met before."""

    table: int
    seats: tuple[SeatView, ...]
    status: str
    repeats: tuple[tuple[str, str], ...] = ()
    finished: bool = False


def _status(state: EventState, rnd: int, table: int) -> str:
    game = state.game(rnd, table)
    if game is None:
        return pgettext("seating card", "not started")
    if game.result is not None:
        return pgettext("seating card", "finished")
    if game.state is not None:
        return game.state.label
    return pgettext("seating card", "playing")


def round_tables(state: EventState, rnd: int) -> tuple[TableView, ...]:
    """Every table of round `rnd` (empty when the round is not seated).

    A pair that shared a table in an earlier round is listed in `repeats` by name.
    """
    met: set[frozenset[PlayerId]] = set()
    for earlier, tables in state.seating.items():
        if earlier < rnd:
            for t in tables:
                met.update(frozenset((a, b)) for i, a in enumerate(t) for b in t[i + 1 :])
    out = []
    for number, seats in enumerate(state.seating.get(rnd, ()), 1):
        game = state.game(rnd, number)
        subs = game.substitutes if game is not None else {}
        views = tuple(
            SeatView(
                WINDS[s],
                p,
                state.name(p),
                subs.get(s, ""),
                (pl := state.players.get(p)) is not None
                and pl.status is PlayerStatus.WITHDRAWN
                and (pl.since_round or 1) <= rnd,
            )
            for s, p in enumerate(seats)
        )
        repeats = tuple(
            (state.name(a), state.name(b))
            for i, a in enumerate(seats)
            for b in seats[i + 1 :]
            if frozenset((a, b)) in met
        )
        out.append(TableView(
            number, views, _status(state, rnd, number), repeats,
            game is not None and game.result is not None,
        ))
    return tuple(out)


def check_summary(state: EventState, up_to: int) -> list[str]:
    """The seating checker's findings over rounds 1..`up_to`, players named.

    Lines: repeat-free rounds, repeated pairs (the worst by name), pairs never met, wind
    balance (seed 003's rule, the first player to break it), table-number repeats, teammates
    seated together. One line saying why when the seating cannot be checked.
    """
    rounds = [r for r in sorted(state.seating) if r <= up_to]
    if not rounds:
        return [_("No round is seated yet.")]
    if rounds != list(range(1, len(rounds) + 1)):
        return [_("Rounds seated: {rounds}; the checker needs rounds 1 on.").format(
            rounds=listed([str(r) for r in rounds]))]
    ids = list(state.players)
    index = {p: i for i, p in enumerate(ids)}
    teams: dict[str, list[int]] = {}
    for p in state.players.values():
        if p.team:
            teams.setdefault(p.team, []).append(index[p.id])
    try:
        grid = [
            [[index[p] for p in table] for table in state.seating[r]] for r in rounds
        ]
        byes = [
            sorted(set(range(len(ids))) - {p for t in tables for p in t}) for tables in grid
        ]
        schedule = Schedule.build(
            len(ids), state.rules.players, grid, byes, teams=list(teams.values())
        )
    except (KeyError, ScheduleError) as error:
        return [_("The seating cannot be checked: {error}").format(error=error)]
    report = check(schedule)
    s = report.summary

    def name(i: int) -> str:
        return state.name(ids[i])

    last = rounds[-1]
    repeats = _("Repeated pairs: {pairs} (extra meetings {extra})").format(
        pairs=report.repeated_pairs, extra=s.repeats
    )
    if report.worst_pair:
        a, b, times = report.worst_pair
        repeats = _("Repeated pairs: {pairs} (extra meetings {extra}); most: {a} and {b} met "
                    "{times} times").format(
            pairs=report.repeated_pairs, extra=s.repeats, a=name(a), b=name(b), times=times
        )
    if report.worst_wind_round:
        winds = ngettext(
            "Winds after round {round}: {count} time a player had sat one wind too often "
            "(first: {player} after round {first}); largest gap {spread}",
            "Winds after round {round}: {count} times a player had sat one wind too often "
            "(first: {player} after round {first}); largest gap {spread}",
            s.wind_violations,
        ).format(
            spread=s.wind_spread, round=last, count=s.wind_violations,
            player=name(report.worst_wind_round[1]), first=report.worst_wind_round[0] + 1,
        )
    else:
        winds = _(
            "Winds after round {round}: every player has sat each wind evenly; largest gap "
            "{spread}"
        ).format(spread=s.wind_spread, round=last)
    # When it is broken, the rule itself, in the words a director uses (core/seating/check.py:
    # seed 003's second principle): 2-1-1-0 after four games is even, 2-2-0-0 is not.
    seats = state.rules.players
    evenly = [
        _("Evenly: wind counts at most 1 apart, or like {example} after every {games} games")
        .format(example=even_example(seats), games=seats)
    ] if report.worst_wind_round else []
    tables = _("Same table number within 3 rounds: {count}").format(count=s.table_repeats)
    if report.worst_table_repeat:
        who, at_round, table = report.worst_table_repeat
        tables = _("Same table number within 3 rounds: {count} (first: {player}, table "
                   "{table}, round {round})").format(
            count=s.table_repeats, player=name(who), table=table + 1, round=at_round + 1
        )
    lines = [
        _("Rounds 1-{last}: {free} of {rounds} repeat-free").format(
            last=last, free=s.repeat_free_rounds, rounds=s.rounds
        ),
        repeats,
        _("Pairs never met: {count}").format(count=report.pairs_never_met),
        winds,
        *evenly,
        tables,
    ]
    if teams:
        lines.append(_("Teammates at one table: {count}").format(count=s.team_violations))
    return lines


def _scores(state: EventState, game: TableGame | None) -> str:
    if game is None:
        return _("no hands yet")
    values = game.result.final if game.result is not None else (
        game.state.scores if game.state is not None else None
    )
    if values is None:
        return _("no hands yet")
    return listed([
        # Thousands spaced as in the entry line's preview (30 000) in every language.
        _("{player} {score}").format(player=state.name(p), score=format_number(v))
        for p, v in zip(game.seats, values, strict=True)
    ])


def reseat_lines(
    state: EventState, trial: EventState, round_: int, table: int, real: Sequence[PlayerId]
) -> list[str]:
    """What saying that round `round_` table `table` sat as `real` (E S W N) changes: the
    planned and the real seats, the hands re-applied, the scores now and after (`trial` is the
    event with the `table_reseated` entry tried on it). `ValueError` when `real` is not the
    table's players in another order.
    """
    planned = state.table_seats(round_, table)
    order = " ".join(wind_name(w) for w in WINDS[: state.rules.players])
    if planned is None:
        raise ValueError(_("there is no table {table} in round {round}").format(
            table=table, round=round_))
    if sorted(real) != sorted(planned):
        raise ValueError(
            _("round {round} table {table} seats {players}; give the same players in the order "
              "they sat ({winds})").format(
                round=round_, table=table, players=" ".join(planned), winds=order)
        )
    if tuple(real) == tuple(planned):
        raise ValueError(
            _("round {round} table {table} already sits in that order: give the seats as they "
              "really were ({winds})").format(round=round_, table=table, winds=order)
        )

    def seats(players: Sequence[PlayerId]) -> str:
        return listed([
            _("{wind} {player}").format(wind=wind_name(WINDS[s]), player=state.name(p))
            for s, p in enumerate(players)
        ])

    now, after = state.game(round_, table), trial.game(round_, table)
    hands = len(now.hands) if now is not None else 0
    return [
        _("Round {round} table {table}: planned {seats}").format(
            round=round_, table=table, seats=seats(planned)),
        _("sat: {seats}").format(seats=seats(real)),
        ngettext(
            "{count} hand re-applied under the seats as they sat; nothing is deleted",
            "{count} hands re-applied under the seats as they sat; nothing is deleted",
            hands,
        ).format(count=hands),
        _("scores now: {scores}").format(scores=_scores(state, now)),
        _("after: {scores}").format(scores=_scores(trial, after)),
    ]

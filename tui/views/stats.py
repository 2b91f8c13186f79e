"""The players' numbers as screens and pages show them: the stats screen's rows and columns, a
player's hand list, the one-line summary on F3, cards and the site, and the projector's
"numbers of the round". Pure shaping over `core.stats` (no Textual), so every cell is tested
exactly; the numbers themselves and their definitions are core's (docs/stats.md).

Rates keep their counts (`4/38 (10.5%)`): a 3/40 is not to be compared with 120/1,600 as a
7.5% without them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from mjevent.core.awards import Award, award_title, reason, unavailable_text
from mjevent.core.entries import WINDS
from mjevent.core.i18n import N_, _, format_number, format_signed, pgettext, wind_name
from mjevent.core.outcomes import HandValue
from mjevent.core.state import EventState
from mjevent.core.stats import (
    EventStats,
    HandResult,
    PlayerHand,
    Rate,
    RoundNumbers,
    Tally,
    WinRecord,
)
from mjevent.core.yaku import win_detail_text
from mjevent.tui.views.cells import cut
from mjevent.tui.views.sheets import Column

__all__ = [
    "FIELD_KEY",
    "StatsRow",
    "award_lines",
    "detail_text",
    "figure_lines",
    "hand_columns",
    "rate_text",
    "result_name",
    "round_numbers_rows",
    "stats_columns",
    "stats_rows",
    "summary_line",
    "summary_pairs",
    "value_text",
]

FIELD_KEY = "*field*"
"""The row key of the whole field's row (no player id can be it: ids are letters and digits)."""

NAME_WIDTH = 18
"""Names are cut to this many columns on the stats screen (80 columns hold the first five
figures beside them)."""


@dataclass(frozen=True)
class StatsRow:
    """One row of the stats screen: a player, a team, or the whole field (`key` FIELD_KEY)."""

    key: str
    name: str
    team: str
    stats: Tally


def stats_rows(numbers: EventStats, teams: bool) -> tuple[tuple[StatsRow, ...], StatsRow]:
    """The rows of the players (or of the teams) in the event's order, and the whole field's
    row (kept last whatever the sort)."""
    rows: tuple[StatsRow, ...]
    if teams:
        rows = tuple(
            StatsRow(f"team:{t.id}", t.name, t.name, t.stats) for t in numbers.teams.values()
        )
    else:
        team_names = {t.id: t.name for t in numbers.teams.values()}
        rows = tuple(
            StatsRow(p.id, p.name, team_names.get(p.team, p.team) if p.team else "", p.stats)
            for p in numbers.players.values()
        )
    return rows, StatsRow(FIELD_KEY, _("Whole field"), "", numbers.field)


def _last(value: float | None, descending: bool) -> tuple[bool, float]:
    # None (a rate out of nothing, no average) sorts after every number either way.
    if value is None:
        return (not descending, 0.0)
    return (descending, float(value))


def rate_text(rate: Rate) -> str:
    """A rate with its count: ``4/38 (10.5%)``; out of nothing, ``0/0``."""
    return str(rate)


def _number(value: int | float | None) -> str:
    return "-" if value is None else format_number(round(value))


def _rate_column(
    header: str, rate: Callable[[Tally], Rate], descending: bool, short: str = ""
) -> Column:
    return Column(
        header,
        lambda r: rate_text(rate(r.stats)),
        lambda r: _last(rate(r.stats).value, descending),
        descending=descending,
        short=short,
    )


def _count_column(
    header: str,
    value: Callable[[Tally], int | float | None],
    descending: bool = True,
    short: str = "",
) -> Column:
    return Column(
        header,
        lambda r: _number(value(r.stats)),
        lambda r: _last(value(r.stats), descending),
        descending=descending,
        short=short,
    )


def stats_columns(team_column: bool = True) -> tuple[Column, ...]:
    """The stats screen's columns: the name, then the figures a director compares first (they
    fit 80 columns), then the rest (the table scrolls), then the player's team when
    `team_column` (the screen leaves it out when nobody has a team, or when the rows are the
    teams). A first sort puts the most wins, the fewest deal-ins ... on top
    (`Column.descending`)."""
    team = (Column(N_("Team"), lambda r: r.team, lambda r: r.team.casefold()),)
    return (
        Column(N_("Name"), lambda r: cut(r.name, NAME_WIDTH), lambda r: r.name.casefold()),
        _count_column(N_("Hands"), lambda t: t.hands),
        _rate_column(N_("Wins"), lambda t: t.win_rate, True),
        _rate_column(N_("Deal-ins"), lambda t: t.deal_in_rate, False),
        _rate_column(N_("Riichi"), lambda t: t.riichi_rate, True),
        _count_column(N_("Average win"), lambda t: t.average_win, short=N_("Avg win")),
        _rate_column(N_("Tsumo"), lambda t: t.tsumo_rate, True),
        _count_column(N_("Largest win"), lambda t: t.largest_win, short=N_("Top win")),
        _count_column(
            N_("Average deal-in"), lambda t: t.average_deal_in, False, short=N_("Avg deal-in")
        ),
        _rate_column(N_("Tenpai at draws"), lambda t: t.tenpai_rate, True, short=N_("Tenpai")),
        _count_column(N_("Renchan"), lambda t: t.renchan),
        _count_column(N_("Chombo"), lambda t: t.chombo, False),
        _count_column(N_("Yakuman"), lambda t: t.yakuman),
        _rate_column(N_("1st"), lambda t: t.place_rate(1), True),
        _rate_column(N_("2nd"), lambda t: t.place_rate(2), True),
        _rate_column(N_("3rd"), lambda t: t.place_rate(3), True),
        _rate_column(N_("4th"), lambda t: t.place_rate(4), False),
    ) + (team if team_column else ())


def _not_recorded(value: int | None) -> str:
    return pgettext("stats", "not recorded") if value is None else format_number(value)


def detail_text(t: Tally) -> str:
    """Everything the columns leave out, for the row under the cursor (one paragraph; the
    riichi's outcomes are counts of its riichi, the deals kept of its dealer hands)."""

    def flow(won: int, lost: int) -> str:
        return f"+{format_number(won)}/-{format_number(lost)}"

    parts = [
        _("ron {ron}, tsumo {tsumo}").format(ron=t.ron, tsumo=t.tsumo),
        _("riichi won {won}, dealt in {dealt}, drawn {drawn} (of {riichi})").format(
            won=t.riichi_won, dealt=t.riichi_dealt_in, drawn=t.riichi_drawn, riichi=t.riichi
        ),
        _("wins in riichi {riichi}, open {open}, dama {dama}").format(
            riichi=t.wins_riichi, open=_not_recorded(t.wins_open), dama=_not_recorded(t.wins_dama)
        ),
        _("largest deal-in {points}").format(points=format_number(t.largest_deal_in)),
        _("points by ron {ron}, tsumo {tsumo}, noten {noten}").format(
            ron=flow(t.ron_won, t.ron_lost),
            tsumo=flow(t.tsumo_won, t.tsumo_lost),
            noten=flow(t.noten_won, t.noten_lost),
        ),
        _("deals kept {kept}").format(kept=rate_text(Rate(t.renchan, t.dealer_hands))),
        _("nagashi {n}").format(n=t.nagashi),
        _("most dora in a win {dora}").format(dora=_not_recorded(t.most_dora)),
    ]
    return " · ".join(parts)


def figure_lines(t: Tally) -> list[tuple[str, str]]:
    """Every figure of one tally, labelled, in the language in use (`print stats --player`,
    the site's player page)."""

    def n(value: int | float | None) -> str:
        if value is None:
            return pgettext("stats", "not recorded")
        return format_number(round(value))

    lines = [
        (_("Hands"), n(t.hands)),
        (_("Wins"), str(t.win_rate)),
        (_("by ron"), n(t.ron)),
        (_("by tsumo"), n(t.tsumo)),
        (_("Deal-ins"), str(t.deal_in_rate)),
        (_("Riichi"), str(t.riichi_rate)),
        (_("riichi won"), str(Rate(t.riichi_won, t.riichi))),
        (_("riichi dealt in"), str(Rate(t.riichi_dealt_in, t.riichi))),
        (_("riichi drawn"), str(Rate(t.riichi_drawn, t.riichi))),
        (_("Wins in riichi"), n(t.wins_riichi)),
        (_("Wins open"), n(t.wins_open)),
        (_("Wins closed without riichi (dama)"), n(t.wins_dama)),
        (_("Average win"), n(t.average_win)),
        (_("Largest win"), n(t.largest_win)),
        (_("Average deal-in"), n(t.average_deal_in)),
        (_("Largest deal-in"), n(t.largest_deal_in)),
        (_("Points won / lost by ron"), f"+{n(t.ron_won)} / -{n(t.ron_lost)}"),
        (_("Points won / lost by tsumo"), f"+{n(t.tsumo_won)} / -{n(t.tsumo_lost)}"),
        (_("Points won / lost by noten payments"), f"+{n(t.noten_won)} / -{n(t.noten_lost)}"),
        (_("Dealer hands"), n(t.dealer_hands)),
        (_("Deals kept (renchan)"), str(Rate(t.renchan, t.dealer_hands))),
        (_("Chombo"), n(t.chombo)),
        (_("Tenpai at exhaustive draws"), str(t.tenpai_rate)),
        (_("Nagashi mangan"), n(t.nagashi)),
        (_("Yakuman"), n(t.yakuman)),
        (_("Most dora in one win"), n(t.most_dora)),
        (_("Games"), n(t.games)),
    ]
    for place in range(1, 5):
        lines.append((_("Place {place}").format(place=place), str(t.place_rate(place))))
    return lines


def summary_pairs(t: Tally) -> list[tuple[str, str]]:
    """The figures a player asks for first, labelled: hands, wins, tsumo, deal-ins, riichi,
    average win (F3's history, cards, the site's player page)."""
    return [
        (_("Hands"), format_number(t.hands)),
        (_("Wins"), rate_text(t.win_rate)),
        (_("Tsumo"), format_number(t.tsumo)),
        (_("Deal-ins"), rate_text(t.deal_in_rate)),
        (_("Riichi"), rate_text(t.riichi_rate)),
        (_("Average win"), _number(t.average_win)),
    ]


def summary_line(t: Tally) -> str:
    """`summary_pairs` on one line: ``Hands 38 · Wins 4/38 (10.5%) · Tsumo 1 · ...``."""
    return " · ".join(
        _("{label} {value}").format(label=label, value=value) for label, value in summary_pairs(t)
    )


# --- A player's hands ----------------------------------------------------------------------------

_RESULTS = {
    HandResult.RON: N_("Ron"),
    HandResult.TSUMO: N_("Tsumo"),
    HandResult.DEALT_IN: N_("Dealt in"),
    HandResult.OTHER_TSUMO: N_("Another's tsumo"),
    HandResult.OTHER_RON: N_("Another's ron"),
    HandResult.DRAW_TENPAI: N_("Draw, tenpai"),
    HandResult.DRAW_NOTEN: N_("Draw, noten"),
    HandResult.ABORTIVE: N_("Abortive draw"),
    HandResult.CHOMBO: N_("Chombo"),
    HandResult.OTHER_CHOMBO: N_("Another's chombo"),
}


def result_name(result: HandResult) -> str:
    """What a hand was for the player, in the language in use."""
    return _(_RESULTS[result])


def value_text(value: HandValue | None) -> str:
    """A win's value as the entry line spells it: ``3/30``, ``5`` (han, a limit), ``ykm``."""
    if value is None:
        return ""
    if value.yakuman:
        return "ykm" if value.yakuman == 1 else f"{value.yakuman}ykm"
    return f"{value.han}/{value.fu}" if value.fu else str(value.han)


def hand_place(round_wind: int, hand_number: int, honba: int) -> str:
    """The hand of the game, short: ``E1, 0h`` (as the table screen lists them)."""
    return _("{wind}{hand}, {honba}h").format(
        wind=wind_name(WINDS[round_wind]), hand=hand_number, honba=honba
    )


def hand_columns() -> tuple[Column, ...]:
    """The columns of a player's hand list."""
    return (
        Column(N_("Round"), lambda h: str(h.round), lambda h: h.round, short=N_("Rd")),
        Column(N_("Table"), lambda h: str(h.table), lambda h: h.table, short=N_("Tbl")),
        Column(
            N_("Hand"),
            lambda h: hand_place(h.round_wind, h.hand_number, h.honba),
            lambda h: (h.round, h.table, h.round_wind, h.hand_number, h.honba),
        ),
        Column(N_("Seat"), lambda h: wind_name(WINDS[h.seat]), lambda h: h.seat),
        Column(N_("Result"), lambda h: result_name(h.result), lambda h: h.result.value),
        Column(
            N_("Riichi"),
            lambda h: _("yes") if h.riichi else "",
            lambda h: h.riichi,
            descending=True,
        ),
        Column(N_("Value"), lambda h: value_text(h.value), lambda h: h.points, descending=True),
        Column(
            N_("Points"),
            lambda h: format_number(h.points) if h.points else "",
            lambda h: h.points,
            descending=True,
        ),
        Column(
            N_("Change"), lambda h: format_signed(h.change), lambda h: h.change, descending=True
        ),
        Column(
            N_("Yaku"), lambda h: win_detail_text(h.detail), lambda h: win_detail_text(h.detail)
        ),
    )


def hand_row_key(h: PlayerHand) -> str:
    """A hand's row key: its entry id (an amended hand keeps its own), with the player's seat."""
    return f"{h.entry}:{h.seat}"


# --- The projector's "numbers of the round" ------------------------------------------------------


def win_where(state: EventState, w: WinRecord) -> str:
    """Who won which hand where: ``Ana, table 3, S2: 12,000``."""
    name = state.name(w.player) if w.player else pgettext("award", "a substitute")
    return _("{name}, table {table}, {hand}: {points}").format(
        name=name,
        table=w.table,
        hand=_("{wind} {hand}").format(wind=wind_name(WINDS[w.round_wind]), hand=w.hand_number),
        points=format_number(w.points),
    )


def round_numbers_rows(state: EventState, numbers: RoundNumbers) -> list[tuple[str, str]]:
    """The projector's page: (what, figure) rows: the best hand, the most wins, every yakuman,
    then the round's totals (hands, wins by ron and tsumo, deal-ins, riichi, draws)."""
    f = numbers.field
    rows: list[tuple[str, str]] = []
    for w in numbers.best:
        rows.append((_("Best hand"), win_where(state, w)))
    leaders, most = numbers.most_wins
    if leaders:
        names = ", ".join(state.name(p) for p in leaders)
        rows.append((_("Most wins"), _("{names}: {n}").format(names=names, n=most)))
    for w in numbers.yakuman:
        rows.append((_("Yakuman"), win_where(state, w)))
    rows += [
        (_("Hands"), format_number(f.hands)),
        (
            _("Wins"),
            _("{wins} (ron {ron}, tsumo {tsumo})").format(
                wins=format_number(f.wins), ron=format_number(f.ron), tsumo=format_number(f.tsumo)
            ),
        ),
        (_("Deal-ins"), format_number(f.deal_ins)),
        (_("Riichi"), format_number(f.riichi)),
        (_("Exhaustive draws"), format_number(numbers.draws)),
        (_("Average win"), _number(f.average_win)),
    ]
    return rows


def award_lines(given: Sequence[Award]) -> list[tuple[str, str, str]]:
    """The awards as (title, winner, why) lines, one per winner; an award nobody gets has one
    line with "-" and why (not recorded, nobody qualifies ...)."""
    rows: list[tuple[str, str, str]] = []
    for award in given:
        if award.unavailable:
            rows.append((award_title(award.kind), "-", unavailable_text(award)))
        elif not award.winners:
            rows.append((award_title(award.kind), "-", _("nobody qualifies")))
        for w in award.winners:
            rows.append((award_title(award.kind), w.name, reason(award, w)))
    return rows

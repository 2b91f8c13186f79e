"""`mjevent print stats FILE [--player NAME] [--format text|md|csv|html|json]` and
`mjevent print awards FILE [--format ...]`: the players' numbers and the prizes beyond the
podium, derived from the log (`mjevent.core.stats`, `mjevent.core.awards`; docs/stats.md).

Text, md and html are in the language in use; csv and json are machine output, in English.
Exit status: 0 printed, 1 no such player, 2 the file cannot be opened.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any, Literal

import typer

from mjevent.core.awards import (
    Award,
    AwardWinner,
    award_title,
    awards_of,
    tie_rule,
)
from mjevent.core.i18n import N_, _, format_number
from mjevent.core.state import EventState
from mjevent.core.stats import EventStats, Rate, Tally, WinRecord
from mjevent.tui.cli.errors import file_error_text
from mjevent.tui.cli.options import EventFile
from mjevent.tui.cli.print_standings import load_event, print_app
from mjevent.tui.views.sheets import standings_or_none
from mjevent.tui.views.stats import award_lines, figure_lines
from mjevent.tui.views.table import TableFormat, render_table

__all__ = ["StatsFormat", "awards", "stats"]


StatsFormat = Literal["text", "md", "csv", "html", "json"]
"""What `print stats` and `print awards` write: a `TableFormat`, or JSON."""


_FORMAT_HELP = N_("text (aligned), md, csv, html or json.")

# The table's columns: header (English message id), and the cell of a tally.
_COLUMNS: tuple[tuple[str, str], ...] = (
    (N_("Hands"), "hands"),
    (N_("Wins"), "wins"),
    (N_("Ron"), "ron"),
    (N_("Tsumo"), "tsumo"),
    (N_("Win rate"), "win_rate"),
    (N_("Deal-ins"), "deal_ins"),
    (N_("Deal-in rate"), "deal_in_rate"),
    (N_("Riichi"), "riichi"),
    (N_("Average win"), "average_win"),
    (N_("Largest win"), "largest_win"),
    (N_("Average deal-in"), "average_deal_in"),
    (N_("Renchan"), "renchan"),
    (N_("Chombo"), "chombo"),
    (N_("Tenpai at draws"), "tenpai_rate"),
    (N_("1st"), "place1"),
    (N_("2nd"), "place2"),
    (N_("3rd"), "place3"),
    (N_("4th"), "place4"),
)


def _cell(t: Tally, key: str) -> str:
    if key.startswith("place"):
        return str(t.place_rate(int(key[5:])))
    value = getattr(t, key)
    if isinstance(value, Rate):
        return str(value)
    if value is None:
        return "-"
    if isinstance(value, float):
        return format_number(round(value))
    return format_number(value)


def tally_json(t: Tally) -> dict[str, Any]:
    """A tally as JSON: every field by its name, the averages beside them."""
    out: dict[str, Any] = {}
    for name in t.__slots__:
        value = getattr(t, name)
        out[name] = list(value) if isinstance(value, tuple) else value
    out["average_win"] = t.average_win
    out["average_deal_in"] = t.average_deal_in
    return out


def win_json(w: WinRecord) -> dict[str, Any]:
    """A winning hand as JSON (the award's reason)."""
    d = w.detail
    return {
        "entry": w.entry,
        "round": w.round,
        "table": w.table,
        "wind": "ESWN"[w.round_wind],
        "hand": w.hand_number,
        "honba": w.honba,
        "seat": "ESWN"[w.seat],
        "player": w.player,
        "tsumo": w.tsumo,
        "han": w.value.han,
        "fu": w.value.fu,
        "yakuman": w.value.yakuman,
        "points": w.points,
        "yaku": None if d is None or d.yaku is None else list(d.yaku),
        "dora": None if d is None else d.dora,
        "open": None if d is None else d.open,
    }


def stats_json(stats: EventStats) -> dict[str, Any]:
    """`{"players": [{"id", "name", "team", "hands", "wins", ...}], "teams": [...], "field"}`."""
    return {
        "players": [
            {"id": p.id, "name": p.name, "team": p.team, **tally_json(p.stats)}
            for p in stats.players.values()
        ],
        "teams": [
            {"id": t.id, "name": t.name, "players": list(t.players), **tally_json(t.stats)}
            for t in stats.teams.values()
        ],
        "field": tally_json(stats.field),
    }


def _table(
    title: str,
    fmt: StatsFormat,
    headers: Sequence[str],
    right: Sequence[bool],
    rows: Sequence[Sequence[str]],
) -> str:
    # CSV is machine output: its headings stay English.
    shape = TableFormat(fmt)
    shown = headers if shape is TableFormat.CSV else [_(h) for h in headers]
    return render_table(title, shown, right, rows, shape)


def _csv(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    return render_table("", headers, [False] * len(headers), rows, TableFormat.CSV)


def _csv_value(t: Tally, key: str) -> str:
    value = tally_json(t)[key]
    return "" if value is None else str(value)


def _find(state: EventState, wanted: str) -> str:
    if wanted in state.players:
        return wanted
    hits = [p.id for p in state.players.values() if p.name.casefold() == wanted.casefold()]
    if len(hits) == 1:
        return hits[0]
    raise KeyError(_("no player {wanted!r} in the event").format(wanted=wanted))


@print_app.command(
    "stats",
    help=N_("Print the players' numbers from the log: wins, deal-ins, riichi, places ..."),
)
def stats(
    file: EventFile,
    who: Annotated[
        str | None, typer.Option("--player", help=N_("Every figure of one player (id or name)."))
    ] = None,
    fmt: Annotated[StatsFormat, typer.Option("--format", help=_FORMAT_HELP)] = "text",
) -> None:
    session, state = load_event(file)
    numbers = session.stats()
    if fmt == "json":
        data = stats_json(numbers)
        if who is not None:
            pid = _player_or_exit(file, state, who)
            data = {"players": [p for p in data["players"] if p["id"] == pid]}
        typer.echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    if who is not None:
        pid = _player_or_exit(file, state, who)
        p = numbers.players[pid]
        lines = figure_lines(p.stats)
        if fmt == "csv":
            data = tally_json(p.stats)
            rows = [[k, "" if v is None else str(v)] for k, v in data.items()]
            typer.echo(_csv(["figure", "value"], rows), nl=False)
            return
        title = _("Statistics of {name}").format(name=p.name)
        rows = [[label, value] for label, value in lines]
        typer.echo(_table(title, fmt, [N_("Figure"), N_("Value")], [False, True], rows), nl=False)
        return
    keys = [k for _h, k in _COLUMNS]
    if fmt == "csv":
        figures = [k for k in tally_json(Tally()) if k != "places"]
        headers = ["id", "name", "team", *figures, "first", "second", "third", "fourth"]
        rows = [
            [
                p.id,
                p.name,
                p.team or "",
                *(_csv_value(p.stats, k) for k in figures),
                *(str(n) for n in p.stats.places),
            ]
            for p in numbers.players.values()
        ]
        typer.echo(_csv(headers, rows), nl=False)
        return
    headers = [N_("Player"), *(h for h, _k in _COLUMNS)]
    right = [False, *([True] * len(_COLUMNS))]
    rows = [[p.name, *(_cell(p.stats, k) for k in keys)] for p in numbers.players.values()]
    rows.append([_("Whole field"), *(_cell(numbers.field, k) for k in keys)])
    typer.echo(_table(_("Statistics"), fmt, headers, right, rows), nl=False)
    if fmt in ("text", "md"):
        typer.echo(
            "\n"
            + _(
                "Rates are counts out of the total (3/40); docs/stats.md defines "
                "every figure. The field counts each hand once."
            )
        )


def _player_or_exit(file: Path, state: EventState, who: str) -> str:
    try:
        return _find(state, who)
    except KeyError as error:
        typer.echo(file_error_text(file, error.args[0]), err=True)
        raise typer.Exit(1) from None


def award_json(award: Award) -> dict[str, Any]:
    """One award as JSON (English)."""

    def winner(w: AwardWinner) -> dict[str, Any]:
        return {
            "player": w.player,
            "team": w.team,
            "name": w.name,
            "value": w.value,
            "hand": None if w.hand is None else win_json(w.hand),
        }

    return {
        "kind": award.kind.value,
        "winners": [winner(w) for w in award.winners],
        "unavailable": award.unavailable,
    }


@print_app.command(
    "awards",
    help=N_("Print the awards [awards] picks (best hand, yakuman, booby ...), each with why."),
)
def awards(
    file: EventFile,
    fmt: Annotated[StatsFormat, typer.Option("--format", help=_FORMAT_HELP)] = "text",
) -> None:
    session, state = load_event(file)
    given = awards_of(state, session.stats(), standings_or_none(session, state))
    if fmt == "json":
        data = {"awards": [award_json(a) for a in given]}
        typer.echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    rows = [list(line) for line in award_lines(given)]
    if fmt == "csv":
        csv_rows: list[list[str]] = []
        for award in given:
            if not award.winners:
                csv_rows.append([award.kind.value, "", "", "", "", "", "", award.unavailable or ""])
            for w in award.winners:
                h = w.hand
                csv_rows.append(
                    [
                        award.kind.value,
                        w.player or w.team or "",
                        w.name,
                        "" if w.value is None else str(w.value),
                        "" if h is None else str(h.round),
                        "" if h is None else str(h.table),
                        "" if h is None else f"{'ESWN'[h.round_wind]}{h.hand_number}-{h.honba}",
                    ]
                )
        headers = ["award", "id", "name", "value", "round", "table", "hand", "unavailable"]
        padded = [r + [""] * (8 - len(r)) for r in csv_rows]
        typer.echo(_csv(headers, padded), nl=False)
        return
    headers = [N_("Award"), N_("Winner"), N_("Why")]
    typer.echo(_table(_("Awards"), fmt, headers, [False, False, False], rows), nl=False)
    if fmt in ("text", "md"):
        typer.echo("")
        for award in given:
            typer.echo(
                _("{award}: {rule}").format(
                    award=award_title(award.kind), rule=tie_rule(award.kind)
                )
            )

"""`mjevent ema check FILE` (the EMA pre-flight) and `mjevent print report FILE` (the facts the
EMA observer reports).

`ema check` reads the event's `[ema]` table (docs/event-file.md) and its results, and prints each
requirement for a MERS tournament met or not with its clause, the MERS weight the event would get
and each player's base rank, each with its source (the rules are in `mjevent.core.ema`; which of
them are confirmed from a primary source is in docs/export.md and printed beside them).

Exit status: 0 every requirement met (or the event does not apply for MERS), 1 a requirement not
met or no `[ema]` table, 2 the file cannot be opened.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Annotated, Literal

import typer

from mjevent.core.ema import (
    BASE_RANK_SOURCE,
    MERS_SOURCE,
    REQUIREMENT_NAMES,
    EmaFacts,
    MersWeight,
    Participant,
    base_rank,
    ema_number,
    facts,
    requirements,
)
from mjevent.core.i18n import N_, _
from mjevent.core.settings import Player
from mjevent.core.standings.compute import Standings
from mjevent.core.state import EventState
from mjevent.core.text import safe_lines
from mjevent.tui.cli.options import EventFile
from mjevent.tui.cli.print_standings import load_event, print_app, standings_of
from mjevent.tui.views.cells import cell_width, pad
from mjevent.tui.views.table import TableFormat, render_table

__all__ = [
    "ReportFormat",
    "check",
    "ema_app",
    "event_dates",
    "event_facts",
    "facts_or_none",
    "report",
    "report_rows",
    "weight_line",
]

ema_app = typer.Typer(
    name="ema",
    help=N_("The EMA ranking pack: the pre-flight against the MERS requirements."),
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
)


def _participant(player: Player | None, player_id: str) -> Participant:
    if player is None:
        return Participant(ema_number(player_id), None)
    return Participant(ema_number(player_id, player.ema_id), player.country)


def event_facts(file: Path, state: EventState, table: Standings) -> EmaFacts:
    """The EMA facts of the event; `typer.Exit(1)` (reason on stderr) without an `[ema]` table."""
    found = facts_or_none(state, table)
    if found is None:
        typer.echo(
            _(
                "error: {file}: no [ema] table. Fix: add one with days, sessions and referees "
                "(docs/event-file.md, The [ema] table)."
            ).format(file=file),
            err=True,
        )
        raise typer.Exit(1)
    return found


def facts_or_none(state: EventState, table: Standings) -> EmaFacts | None:
    """The EMA facts of the event, or None when it has no `[ema]` table."""
    settings = state.settings
    if settings.ema is None:
        return None
    by_id = {p.id: p for p in settings.players}
    ranked = [_participant(by_id.get(r.player), r.player) for r in table.rows]
    subs = [
        _participant(by_id.get(r.player), r.player)
        for r in table.apart
        if r.status.value == "substitute"
    ]
    return facts(
        settings.ema,
        ranked=ranked,
        substitutes=subs,
        session_minutes=settings.timer.round_minutes,
        break_minutes=settings.timer.break_minutes,
        rounds_played=table.round,
    )


def _number(value: float) -> str:
    return f"{value:g}"


def weight_line(facts_: EmaFacts, weight: MersWeight) -> str:
    """The MERS weight with its four parts, as `ema check` and the report print it."""
    return _(
        "{total} = {days} ({days_count} day(s)) + {players} ({players_count} players) + "
        "{countries} ({countries_count} countries) + {qualif} (qualification: {qualified})"
    ).format(
        total=_number(weight.total),
        days=_number(weight.duration),
        days_count=facts_.settings.days,
        players=_number(weight.players),
        players_count=facts_.participants,
        countries=_number(weight.countries),
        countries_count=len(facts_.countries),
        qualif=_number(weight.qualification),
        qualified=_("yes") if facts_.settings.qualification else _("no"),
    )


AfterRound = Annotated[
    int | None, typer.Option("--after-round", min=0, help=N_("Only rounds up to N."))
]


@ema_app.command(
    "check",
    help=N_(
        "Check the event against the EMA's requirements for a MERS tournament; print the MERS "
        "weight and each player's base rank."
    ),
)
def check(file: EventFile, after_round: AfterRound = None) -> None:
    session, state = load_event(file)
    table = standings_of(file, session, state, after_round)
    f = event_facts(file, state, table)
    checks = requirements(f)
    lines = [
        _("{name}: EMA pre-flight").format(name=state.settings.event.name),
        _(
            "Requirements: ERGMT, the EMA requirements and guidelines for MERS tournaments; "
            "a threshold marked unconfirmed was not checked against its text (docs/export.md)."
        ),
        "",
    ]
    # Aligned by terminal cells: the Japanese marks are two cells a character.
    marks = {True: _("met"), False: _("NOT MET")}
    width = max(cell_width(m) for m in marks.values())
    for r in checks:
        lines.append(
            _("{mark} {name}: {found}").format(
                mark=pad(marks[r.met], width), name=_(REQUIREMENT_NAMES[r.key]), found=r.found
            )
        )
        lines.append(" " * (width + 1) + r.clause)
    weight = f.weight()
    lines += [
        "",
        _("MERS weight: {line}").format(line=weight_line(f, weight)),
        _("  source: {source}").format(source=MERS_SOURCE),
        "",
        _(
            "Base ranks ({count} participants; ties share the position's base rank, unconfirmed):"
        ).format(count=f.participants),
        _("  source: {source}").format(source=BASE_RANK_SOURCE),
    ]
    by_id = {p.id: p for p in state.settings.players}
    for row in table.rows:
        number = _participant(by_id.get(row.player), row.player).ema_number or "-"
        rank = base_rank(f.participants, row.place) if row.place is not None else 0
        lines.append(f"  {row.place_label:>5}  {number:8}  {rank:>4}  {row.name}")
    failed = [r for r in checks if not r.met]
    lines.append("")
    if not f.settings.mers:
        lines.append(
            _("The event does not apply for MERS ([ema] mers = false): for information only.")
        )
    elif failed:
        lines.append(_("{count} requirement(s) not met.").format(count=len(failed)))
    else:
        lines.append(_("Every requirement met."))
    # Names come from the event file: no control character reaches the terminal.
    typer.echo(safe_lines("\n".join(lines)))
    if failed and f.settings.mers:
        raise typer.Exit(1)


ReportFormat = Literal["text", "md", "html"]
"""The `TableFormat`s `mjevent print report` writes."""


def event_dates(start: dt.date | None, days: int) -> str:
    """The event's dates from its first day and `[ema] days`: `2026-03-14`, or
    `2026-03-14 - 2026-03-15` over two days; empty without a date."""
    if start is None:
        return ""
    end = start + dt.timedelta(days=days - 1)
    return start.isoformat() if end == start else f"{start.isoformat()} - {end.isoformat()}"


def _short_weight(weight: MersWeight) -> str:
    return _(
        "{total} (days {days}, players {players}, countries {countries}, qualification {qualif})"
    ).format(
        total=_number(weight.total),
        days=_number(weight.duration),
        players=_number(weight.players),
        countries=_number(weight.countries),
        qualif=_number(weight.qualification),
    )


def report_rows(state: EventState, f: EmaFacts) -> list[list[str]]:
    """The observer report's facts, one [what, value] row each."""
    info, ema = state.settings.event, f.settings
    place = ", ".join(x for x in (info.venue, ema.city, ema.country) if x) or "-"
    countries = ", ".join(f"{code} {n}" for code, n in f.countries.items()) or "-"
    return [
        [_("EMA observer"), ema.observer or "-"],
        [_("Tournament"), info.name],
        [_("Location"), place],
        [_("Dates"), event_dates(info.date, ema.days) or "-"],
        [_("Rules"), state.settings.rules.preset],
        [_("MERS weight"), _short_weight(f.weight())],
        [_("Days"), str(ema.days)],
        [_("Sessions"), f"{sum(ema.sessions)} ({' + '.join(str(n) for n in ema.sessions)})"],
        [_("Session length"), _("{minutes} minutes").format(minutes=f.session_minutes)],
        [_("Breaks"), _("{minutes} minutes").format(minutes=f.break_minutes)],
        [_("Rounds played"), str(f.rounds_played)],
        [_("Players"), str(f.players)],
        [_("Substitutes"), str(f.substitutes)],
        [_("Countries"), f"{len(f.countries)}: {countries}"],
        [_("Players without a country"), str(f.without_country)],
        [_("Players without an EMA number"), str(f.without_ema_number)],
        [_("Referees"), str(ema.referees)],
    ]


@print_app.command(
    "report", help=N_("The facts the EMA observer reports: schedule, players, countries, referees.")
)
def report(
    file: EventFile,
    fmt: Annotated[
        ReportFormat, typer.Option("--format", help=N_("text (aligned), md or html."))
    ] = "text",
    after_round: AfterRound = None,
) -> None:
    session, state = load_event(file)
    table = standings_of(file, session, state, after_round)
    f = event_facts(file, state, table)
    title = _("{name}: EMA observer report").format(name=state.settings.event.name)
    headers = [_("What"), _("Value")]
    text = render_table(title, headers, [False, False], report_rows(state, f), TableFormat(fmt))
    typer.echo(text, nl=False)

"""`mjevent seat FILE` and `mjevent seating ...`: seat an event file's players and check it.

    mjevent seat FILE --rounds 7 --seed "Spring Cup draw"      generate, draw, write one entry
    mjevent seat FILE --from-library k4-p36 --seed TEXT        a block of the built-in library
    mjevent seat FILE --import seating.txt                     an organiser's own file
    mjevent seat FILE --from-round 3 [--yes]                   re-seat the rounds not yet played
    mjevent seat FILE ... --dry-run                            print, write nothing
    mjevent seat --players 28 --rounds 7                       no event file (cli_seat.py)
    mjevent seating verify FILE        recompute every seating entry, say whether it matches
    mjevent seating check FILE         repeats, winds, tables, teammates (exit 1 on a repeat
                                       the director did not accept)
    mjevent seating export FILE --format tsv|csv|json

The rules live in `mjevent.core.seating.plan` and `imports`, the plans from the event's state
in `mjevent.core.seating.event_plans`, the file work in `mjevent.events.seating`; this module
reads options, prints, asks and sets the exit code.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Annotated, NoReturn

import typer
import typer.main

from mjevent.core.drafts import draft_reseat
from mjevent.core.i18n import N_, _, listed, ngettext, pgettext, wind_name
from mjevent.core.seating.check import check, never_met_line
from mjevent.core.seating.event_plans import (
    ByesNeeded,
    RoundsPlayed,
    TablePlayed,
    left_out,
    plan_cost,
    plan_generated,
    plan_import,
    plan_library,
    plan_listed,
    plan_next_stage,
    plan_ranked,
    plan_regeneration,
    plan_swap,
)
from mjevent.core.seating.event_state import (
    SeatingError,
    accepted_pairs,
    all_players,
    draw_text,
    find_player,
    seating_schedule,
)
from mjevent.core.seating.imports import (
    MAX_SEATING_BYTES,
    SeatingImportError,
    export_seating,
    parse_seating,
)
from mjevent.core.seating.plan import (
    Plan,
)
from mjevent.core.state import EventState, TableGame
from mjevent.events.commands import CommandError, current_state, record_entry, set_planned_rounds
from mjevent.events.errors import EventFileError
from mjevent.events.files import FileRefusedError, read_regular
from mjevent.events.seating import verify_seating, write_plan, write_swap
from mjevent.events.session import EventSession
from mjevent.tui.cli import seat as cli_seat
from mjevent.tui.cli.errors import error_text
from mjevent.tui.cli.event_file import open_or_exit
from mjevent.tui.cli.options import EventFile
from mjevent.tui.views.cells import cell_width, pad

__all__ = ["seat", "seating_app"]

EXPORT_FORMATS = ("tsv", "csv", "json")


def _fail(message: str, code: int = 1) -> NoReturn:
    typer.echo(error_text(message), err=True)
    raise typer.Exit(code)


def _open(file: Path, *, read_only: bool = False) -> EventSession:
    # Commands that only look open read-only: no lock, no lock file, no repair.
    return open_or_exit(file, read_only=read_only)


SEAT_CONTEXT = {"ignore_unknown_options": True, "allow_extra_args": True}
"""Options this module does not know go to the standalone `mjevent seat --players P` command
(`cli_seat.seat`), so options added there work here unchanged."""


def _standalone(
    leftover: list[str],
    players: int,
    table_size: int,
    rounds: int | None,
    teams: bool,
    team_size: int | None,
    seed: str | None,
    output_format: str,
) -> None:
    """Run `cli_seat.seat` (no event file) with the options given here and the unknown ones.

    `leftover` is what this command did not parse, in order: the first word lands where the
    event file would be, the rest in the context's extra args. `--teams` is a flag for an
    event, so the standalone form's `--teams N` leaves N among them: the first number there
    that is not an unknown option's value (a flag taking an optional value would swallow the
    next option instead).
    """
    args = ["--players", str(players), "--table-size", str(table_size)]
    if rounds is not None:
        args += ["--rounds", str(rounds)]
    rest = list(leftover)
    if teams:
        at = next(
            (i for i, w in enumerate(rest)
             if w.isdigit() and (i == 0 or not rest[i - 1].startswith("-"))),
            None,
        )
        if at is None:
            _fail(_("--teams with --players needs the number of teams: --teams N"), 2)
        args += ["--teams", rest.pop(at)]
    if team_size is not None:
        args += ["--team-size", str(team_size)]
    if seed is not None:
        args += ["--seed", seed]
    args += ["--format", output_format, *rest]
    holder = typer.Typer(rich_markup_mode=None, add_completion=False)
    holder.command("seat", help=cli_seat.STANDALONE_HELP)(cli_seat.seat)
    code = typer.main.get_command(holder).main(
        args=args, prog_name="mjevent seat", standalone_mode=False
    )
    if isinstance(code, int) and code:
        raise typer.Exit(code)


def seat(
    ctx: typer.Context,
    file: Annotated[
        Path | None,
        typer.Argument(
            help=N_("The event file to seat (leave out with --players)."), dir_okay=False
        ),
    ] = None,
    players: Annotated[
        int | None, typer.Option("--players", help=N_("No event file: seat players 1..P."))
    ] = None,
    table_size: Annotated[
        int, typer.Option("--table-size", help=N_("With --players: players per table."))
    ] = 4,
    rounds: Annotated[
        int | None, typer.Option("--rounds", help=N_("Rounds to seat (or the last round)."))
    ] = None,
    teams: Annotated[
        bool,
        typer.Option(
            "--teams",
            help=N_("Keep teammates apart. With --players: --teams N, N consecutive teams."),
        ),
    ] = False,
    team_size: Annotated[
        int | None, typer.Option("--team-size", help=N_("With --players: teams of S."))
    ] = None,
    seed: Annotated[
        str | None,
        typer.Option(
            "--seed",
            help=N_(
                "The announced draw text (default: the last seating's, else the event's name)."
            ),
        ),
    ] = None,
    output_format: Annotated[
        str, typer.Option("--format", help=N_("With --players: text, json or tsv."))
    ] = "text",
    from_library: Annotated[
        str | None, typer.Option("--from-library", help=N_("A library block, e.g. k4-p36."))
    ] = None,
    import_path: Annotated[
        Path | None,
        typer.Option("--import", help=N_("Read the seating from this file."), dir_okay=False),
    ] = None,
    import_format: Annotated[
        str,
        typer.Option(
            "--import-format", help=N_("One of auto, json, csv, tsv, letters, script, rounds.")
        ),
    ] = "auto",
    from_round: Annotated[
        int | None,
        typer.Option("--from-round", help=N_("Re-seat this round and the later ones.")),
    ] = None,
    byes: Annotated[
        bool,
        typer.Option("--byes", help=N_("Accept byes when the players do not fill the tables.")),
    ] = False,
    ranked: Annotated[
        bool,
        typer.Option("--ranked", help=N_("Seat one round by the standings: 1-4, 5-8, ...")),
    ] = False,
    swiss: Annotated[
        bool,
        typer.Option(
            "--swiss", help=N_("Seat one round Swiss-style: near standings, no repeats.")
        ),
    ] = False,
    round_: Annotated[
        int | None,
        typer.Option("--round", help=N_("--ranked/--swiss: the round (default: the next one).")),
    ] = None,
    next_stage: Annotated[
        bool,
        typer.Option("--next-stage", help=N_("Seat the next stage from the standings' cut.")),
    ] = False,
    dry_run: Annotated[
        bool,
        typer.Option("--dry-run", help=N_("Print the seating and its quality; write nothing.")),
    ] = False,
    yes: Annotated[bool, typer.Option("--yes", "-y", help=N_("Write without asking."))] = False,
    as_listed: Annotated[
        bool,
        typer.Option(
            "--as-listed",
            help=N_(
                "One table: seat the players as the file lists them (E S W N), every round, "
                "as on a score sheet; no draw."
            ),
        ),
    ] = False,
) -> None:
    if players is not None:
        leftover = ([str(file)] if file is not None else []) + list(ctx.args)
        _standalone(leftover, players, table_size, rounds, teams, team_size, seed, output_format)
        return
    if ctx.args:
        _fail(
            _("unknown option {option!r}: see `mjevent seat --help`").format(option=ctx.args[0]),
            2,
        )
    if file is None:
        _fail(_("give an event file (mjevent seat FILE ...) or --players P --rounds R"), 2)
    special = [o for o, on in (("--ranked", ranked), ("--swiss", swiss),
                               ("--next-stage", next_stage), ("--from-round", from_round),
                               ("--from-library", from_library), ("--import", import_path),
                               ("--as-listed", as_listed))
               if on]
    if len(special) > 1:
        _fail(
            _("{options} both given: use one of them").format(
                options=pgettext("seating", " and ").join(special)
            ),
            2,
        )
    session = _open(file)
    state = current_state(session)
    # What is said about the plan waits until it is written or asked about: a reader that stops
    # early (`mjevent seat FILE | head`) must not stop the writing.
    preface: list[str] = []
    try:
        if ranked or swiss:
            plan = plan_ranked(
                state, lambda: session.standings(state), round_, swiss=swiss, byes=byes
            )
            out = left_out(state, plan)
            if out:
                preface.append(
                    _("sit out (lowest placed): {players}").format(
                        players=listed(state.name(p) for p in out)
                    )
                )
        elif next_stage:
            plan = plan_next_stage(state, lambda: session.standings(state), seed=seed)
            brackets = str(plan.params["brackets"]).split("|")
            preface.append(
                _("stage {stage}: rounds {first}-{last}, brackets {brackets}").format(
                    stage=plan.params.get("stage", "?"),
                    first=plan.first_round,
                    last=plan.first_round + len(plan.rounds) - 1,
                    brackets="; ".join(
                        _("{bracket}: {count} players").format(
                            bracket=chr(65 + i), count=len(b.split())
                        )
                        for i, b in enumerate(brackets)
                    ),
                )
            )
        elif from_round is not None:
            plan = plan_regeneration(state, from_round, rounds, seed=seed, byes=byes)
        elif import_path is not None:
            try:
                data = read_regular(import_path, limit=MAX_SEATING_BYTES, what=_("a seating file"))
            except FileRefusedError as error:
                _fail(str(error))
            except OSError as error:
                _fail(
                    _("cannot read {path}: {reason}; give the path of the seating file").format(
                        path=import_path, reason=cli_seat.os_reason(error)
                    )
                )
            plan = plan_import(state, data, str(import_path), fmt=import_format, rounds=rounds)
        elif from_library is not None:
            plan = plan_library(state, from_library, rounds, seed=seed, teams=teams)
        elif as_listed:
            if rounds is None:
                rounds = session.store.event.event.rounds
            if rounds is None:
                _fail(_("give --rounds R: how many rounds to seat"), 2)
            plan = plan_listed(state, rounds)
        else:
            if rounds is None:
                _fail(_("give --rounds R: how many rounds to seat"), 2)
            plan = plan_generated(state, rounds, seed=seed, teams=teams, byes=byes)
    except ByesNeeded as error:
        _offer_byes(file, error)
    except RoundsPlayed as error:
        _fail(
            _("{file}: {error}: mjevent seat {file} --from-round {next}").format(
                file=file, error=error, next=error.next_round
            )
        )
    except SeatingError as error:
        # An import's errors name the imported file and its line already.
        _fail(str(error) if import_path is not None else cli_seat.in_file(file, error))
    cost = plan_cost(state, plan)

    def show() -> None:
        for line in preface:
            typer.echo(line)
        _show(state, plan, draw_text(state, seed))

    if dry_run:
        show()
        typer.echo(_("dry run: nothing written"))
        return
    asks = from_round is not None or ranked or swiss or next_stage
    # A one-table event meets the same opponents every round: as listed, that is the point.
    shown_first = bool(asks or (cost.new_repeats and not as_listed)) and not yes
    if shown_first:
        show()
        question = _("Write this seating?") if not cost.new_repeats else (
            _("Write this seating with {count} new repeated pairs?").format(
                count=len(cost.new_repeats)
            )
        )
        if not typer.confirm(question, default=False):
            typer.echo(pgettext("seating", "nothing written"))
            raise typer.Exit(1)
    try:
        write_plan(session, plan, accepted=cost.new_repeats)
    except (CommandError, EventFileError) as error:
        _fail(str(error))
    last = plan.first_round + len(plan.rounds) - 1
    # The whole event seated at once: it plans these rounds, unless the file said already.
    plans_rounds = rounds is not None and not asks and session.store.event.event.rounds is None
    if plans_rounds:
        try:
            set_planned_rounds(session, last)
        except (CommandError, EventFileError) as error:
            _fail(str(error))
    if not shown_first:
        show()
    typer.echo(
        _("seated rounds {first}-{last} in {file} ({method})").format(
            first=plan.first_round, last=last, file=file, method=plan.method
        )
    )
    if plans_rounds:
        typer.echo(
            ngettext(
                "{file}: the event plans {rounds} round ([event] rounds)",
                "{file}: the event plans {rounds} rounds ([event] rounds)",
                last,
            ).format(file=file, rounds=last)
        )


SEAT_HELP = N_(
    "Seat an event's players (generated, from the library, or imported), or print a schedule "
    "for --players P without an event file."
)
# Typer takes a command's help from its function's docstring when it is registered
# (`tui.cli.load_command`); the docstring is therefore this marked message, which the catalogue
# sees and `cli_localize` translates.
seat.__doc__ = SEAT_HELP


def _offer_byes(file: Path, error: ByesNeeded) -> NoReturn:
    missing = error.table_size - error.over
    _fail(
        ngettext(
            "{error}. Add --byes to accept byes, or add {count} player (`mjevent player {file} "
            "add NAME`, a substitute) and seat again",
            "{error}. Add --byes to accept byes, or add {count} players (`mjevent player {file} "
            "add NAME`, a substitute) and seat again",
            missing,
        ).format(error=error, count=missing, file=file)
    )


def _show(state: EventState, plan: Plan, seed_text: str) -> None:
    # Names are padded in terminal cells, so CJK names line up in columns too.
    width = max((cell_width(state.name(p)) for p in state.players), default=4)
    winds = [wind_name(w) for w in "ESWN"[: state.rules.players]]
    for i, rnd in enumerate(plan.rounds):
        typer.echo(pgettext("seating", "Round {round}").format(round=plan.first_round + i))
        for t, table in enumerate(rnd, 1):
            seats = "  ".join(
                f"{w} {pad(state.name(p), width)}" for w, p in zip(winds, table, strict=True)
            )
            typer.echo(
                "  " + pgettext("seating", "Table {number}:  {seats}").format(
                    number=f"{t:>2}", seats=seats
                )
            )
    cost = plan_cost(state, plan)
    if plan.method == "listed":
        typer.echo(_("method: listed (as the file lists the players; no draw)"))
    else:
        typer.echo(
            _("method: {method}; draw text: {text!r}").format(method=plan.method, text=seed_text)
        )
    if plan.source != plan.method:
        typer.echo(_("source: {source}").format(source=plan.source))
    for line in cost.lines(state.name):
        typer.echo(line)


seating_app = typer.Typer(
    help=N_("Work with an event's seating (or a seating JSON file)."),
    no_args_is_help=True,
    rich_markup_mode=None,
)


@seating_app.command(
    "verify",
    help=N_("Recompute every seating entry from the file alone and say whether it matches."),
)
def seating_verify(
    file: EventFile,
    import_path: Annotated[
        list[Path] | None,
        typer.Option(
            "--import", help=N_("An imported seating file to compare (by its sha256).")
        ),
    ] = None,
) -> None:
    """Recompute every seating entry and print whether it matches (exit 1 when one differs)."""
    session = _open(file, read_only=True)
    state = current_state(session)
    again: dict[str, tuple[tuple[tuple[str, ...], ...], ...]] = {}
    for path in import_path or []:
        try:
            data = read_regular(path, limit=MAX_SEATING_BYTES, what=_("a seating file"))
            got = parse_seating(
                data.decode("utf-8-sig"),
                list(state.players),
                state.rules.players,
                names={p: state.name(p) for p in state.players},
            )
        except FileRefusedError as error:
            _fail(str(error))
        except OSError as error:
            _fail(cli_seat.in_file(path, cli_seat.os_reason(error)))
        except UnicodeDecodeError:
            _fail(cli_seat.in_file(path, _("not UTF-8 text; save it as UTF-8")))
        except SeatingImportError as error:
            _fail(cli_seat.in_file(path, error))
        again[hashlib.sha256(data).hexdigest()] = got.rounds
    results = verify_seating(session, imported=again)
    if not results:
        _fail(
            _("{file}: no seating entry in the log; seat it with `mjevent seat {file} ...`")
            .format(file=file)
        )
    marks = {
        True: pgettext("seating", "OK"),
        False: pgettext("seating", "MISMATCH"),
        None: pgettext("seating", "not recomputed"),
    }
    for v in results:
        typer.echo(f"{v.entry} {v.method}: {v.message} [{marks[v.matches]}]")
    if any(v.matches is False for v in results):
        raise typer.Exit(1)


@seating_app.command(
    "check",
    help=N_(
        "Report on a seating: repeats, pairs never met, winds, table numbers, teammates.\n\n"
        "For an event file, exits 1 on a repeated pair the director did not accept (accepting "
        "is answering yes when a seating with repeats is written), 2 when the file cannot be "
        "read."
    ),
)
def seating_check(
    file: Annotated[
        Path, typer.Argument(help=N_("An event file, or a seating JSON file."), dir_okay=False)
    ],
    teams: int | None = typer.Option(
        None, "--teams", help=N_("JSON: N consecutive teams apart.")
    ),
    team_size: int | None = typer.Option(
        None, "--team-size", help=N_("JSON: teams of S apart.")
    ),
    no_repeats: bool = typer.Option(
        False, "--no-repeats", help=N_("Fail if any pair meets twice.")
    ),
    wind_balance: bool = typer.Option(
        False, "--wind-balance", help=N_("Fail on wind violations.")
    ),
    table_rotation: bool = typer.Option(
        False, "--table-rotation", help=N_("Fail on table-number repeats within 3 rounds.")
    ),
    min_repeat_free: int = typer.Option(
        0, "--min-repeat-free", help=N_("JSON: leading rounds.")
    ),
) -> None:
    """Report on an event's seating, or a JSON schedule's (the help says the exits)."""
    if file.suffix.lower() == ".json":
        cli_seat.check_seating_json(
            file,
            teams=teams,
            team_size=team_size,
            no_repeats=no_repeats,
            wind_balance=wind_balance,
            table_rotation=table_rotation,
            min_repeat_free=min_repeat_free,
        )
        return
    session = _open(file, read_only=True)
    state = current_state(session)
    if not state.seating:
        _fail(
            _("{file}: no round is seated yet; seat it with `mjevent seat {file} ...`").format(
                file=file
            )
        )
    schedule = seating_schedule(state)
    ids = all_players(state)
    report = check(schedule)
    s = report.summary
    typer.echo(
        _("{file}: rounds {first}-{last} seated, {players} players").format(
            file=file, first=min(state.seating), last=max(state.seating), players=len(ids)
        )
    )
    typer.echo(s.line())
    typer.echo(never_met_line(report.pairs_never_met, s.indirect))
    spread = [x for x, p in zip(report.player_wind_spread, ids, strict=True)
              if any(p in t for rnd in state.seating.values() for t in rnd)]
    typer.echo(_("wind spread: max {spread}").format(spread=max(spread, default=0)))
    accepted = accepted_pairs(state)
    repeats = _repeated_pairs(state)
    unaccepted = [(a, b, n) for a, b, n in repeats if (a, b) not in accepted]
    refused = {(x, y) for x, y, _n in unaccepted}
    for a, b, n in repeats:
        if (a, b) in refused:
            line = _("repeat: {a} ({a_id}) and {b} ({b_id}) meet {times} times [NOT accepted]")
        else:
            line = _("repeat: {a} ({a_id}) and {b} ({b_id}) meet {times} times [accepted]")
        typer.echo(line.format(a=state.name(a), a_id=a, b=state.name(b), b_id=b, times=n))
    if s.team_violations:
        typer.echo(_("teammates at one table: {count}").format(count=s.team_violations))
    broken = bool(unaccepted) or bool(s.team_violations)
    if broken:
        raise typer.Exit(1)


def _repeated_pairs(state: EventState) -> list[tuple[str, str, int]]:
    from mjevent.core.seating.plan import pair_counts

    counts = pair_counts([state.seating[r] for r in sorted(state.seating)])
    return [(a, b, n) for (a, b), n in sorted(counts.items()) if n > 1]


@seating_app.command(
    "export",
    help=N_(
        "Print the event's seating: tsv is a line a player (event order), a column a round, the "
        "table number and wind (`3E`), `--` for a bye; `mjevent seat --import` reads it back."
    ),
)
def seating_export(
    file: EventFile,
    output_format: Annotated[
        str, typer.Option("--format", help=N_("tsv (the catalogue's grid), csv or json."))
    ] = "tsv",
) -> None:
    """Print the event's seating in a machine-readable form (the same in every language)."""
    if output_format not in EXPORT_FORMATS:
        _fail(
            _("--format {given!r}: expected one of {formats}").format(
                given=output_format, formats=", ".join(EXPORT_FORMATS)
            ),
            2,
        )
    state = current_state(_open(file, read_only=True))
    if not state.seating:
        _fail(_("{file}: no round is seated yet").format(file=file))
    rounds = [state.seating[r] for r in sorted(state.seating)]
    typer.echo(export_seating(rounds, all_players(state), state.rules.players, output_format))


def _ref(state: EventState, ref: str) -> str:
    try:
        return find_player(state, ref)
    except SeatingError as error:
        _fail(str(error))


def _confirm(yes: bool, question: str, consequences: list[str]) -> None:
    """Show the consequences and ask, unless `--yes`: then they are shown after the writing
    (`_said_after`), so a reader that stops early cannot stop the change."""
    if yes:
        return
    for line in consequences:
        typer.echo(line)
    if not typer.confirm(question, default=False):
        typer.echo(pgettext("seating", "nothing written"))
        raise typer.Exit(1)


def _said_after(yes: bool, consequences: list[str]) -> None:
    """With `--yes`, the consequences `_confirm` did not show before the writing."""
    if yes:
        for line in consequences:
            typer.echo(line)


@seating_app.command(
    "swap",
    help=N_("Two players trade seats in a round not yet played; the consequences are shown first."),
)
def seating_swap(
    file: EventFile,
    round_: Annotated[int, typer.Argument(metavar="ROUND", help=N_("A round not yet played."))],
    a: Annotated[str, typer.Argument(help=N_("A player (id, name or number)."))],
    b: Annotated[str, typer.Argument(help=N_("The player to trade seats with."))],
    yes: Annotated[bool, typer.Option("--yes", "-y", help=N_("Write without asking."))] = False,
) -> None:
    """Swap two players' seats in a round not yet played, after showing what it changes."""
    session = _open(file)
    state = current_state(session)
    try:
        swap = plan_swap(state, round_, a, b)
    except TablePlayed as error:
        _fail(
            _("{error}: `mjevent seating reseat {file} {round} {table} E S W N`").format(
                error=error, file=file, round=round_, table=error.table
            )
        )
    except SeatingError as error:
        _fail(str(error))
    consequences = list(swap.lines(state))
    _confirm(
        yes,
        _("Swap {a} and {b} in round {round}?").format(
            a=state.name(swap.a), b=state.name(swap.b), round=round_
        ),
        consequences,
    )
    try:
        write_swap(session, swap)
    except CommandError as error:
        _fail(str(error))
    _said_after(yes, consequences)
    pa, pb = swap.a, swap.b
    typer.echo(_("swapped {a} and {b} in round {round}").format(a=pa, b=pb, round=round_))


@seating_app.command(
    "reseat",
    help=N_("Say how a table really sat; its logged hands are re-applied under those seats."),
)
def seating_reseat(
    file: EventFile,
    round_: Annotated[int, typer.Argument(metavar="ROUND", help=N_("The round."))],
    table: Annotated[int, typer.Argument(help=N_("The table that sat on other winds."))],
    seats: Annotated[
        list[str], typer.Argument(help=N_("The players as they really sat, E S W N."))
    ],
    yes: Annotated[bool, typer.Option("--yes", "-y", help=N_("Write without asking."))] = False,
) -> None:
    """Record how a table really sat, showing the scores before and after first."""
    session = _open(file)
    state = current_state(session)
    real = [_ref(state, s) for s in seats]
    planned = state.table_seats(round_, table)
    if planned is None:
        _fail(_("there is no table {table} in round {round}").format(table=table, round=round_))
    if sorted(real) != sorted(planned):
        _fail(
            _(
                "round {round} table {table} seats {players}; give the same players in the "
                "order they sat (E S W N)"
            ).format(round=round_, table=table, players=" ".join(planned))
        )
    entry = draft_reseat(session.stamp(), round_, table, real)
    trial = session.try_entry(entry).state()
    winds = [wind_name(w) for w in "ESWN"[: state.rules.players]]
    consequences = [
        _("round {round} table {table}: planned {planned}, sat {sat}").format(
            round=round_,
            table=table,
            planned=" ".join(f"{w} {p}" for w, p in zip(winds, planned, strict=True)),
            sat=" ".join(f"{w} {p}" for w, p in zip(winds, real, strict=True)),
        )
    ]
    now, then = state.game(round_, table), trial.game(round_, table)
    if now is not None and then is not None:
        consequences.append(
            _("{count} hands re-applied under the real seats").format(count=len(now.hands))
        )
        # The two labels padded to one width (in terminal cells), so the scores line up.
        labels = [_("scores now:"), _("after reseat:")]
        width = max(cell_width(label) for label in labels) + 1
        consequences.append(pad(labels[0], width) + _scores(state, now.seats, now))
        consequences.append(pad(labels[1], width) + _scores(trial, then.seats, then))
    _confirm(
        yes,
        _("Re-seat round {round} table {table}?").format(round=round_, table=table),
        consequences,
    )
    try:
        record_entry(session, entry)
    except CommandError as error:
        _fail(str(error))
    _said_after(yes, consequences)
    typer.echo(
        _("round {round} table {table} re-seated; nothing was deleted").format(
            round=round_, table=table
        )
    )


def _scores(state: EventState, seats: tuple[str, ...], game: TableGame) -> str:
    if game.state is not None:
        values = list(game.state.scores)
    elif game.result is not None:
        values = list(game.result.final)
    else:
        return _("no scores yet")
    return "  ".join(f"{state.name(p)} {v}" for p, v in zip(seats, values, strict=True))

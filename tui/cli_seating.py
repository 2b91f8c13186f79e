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

The rules live in `mjevent.core.seating.plan` and `imports`, the file work in
`mjevent.events.seating`; this module reads options, prints, asks and sets the exit code.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Annotated, NoReturn

import typer
import typer.main

from mjevent.core.entries import TableReseated
from mjevent.core.seating.check import check
from mjevent.core.seating.imports import (
    FORMATS,
    SeatingImportError,
    export_seating,
    parse_seating,
)
from mjevent.core.seating.plan import (
    Plan,
)
from mjevent.core.state import EventState, TableGame, fold
from mjevent.events.commands import (
    CommandError,
    current_state,
    read_log,
    reseat_table,
)
from mjevent.events.errors import EventFileError
from mjevent.events.seating import (
    ByesNeeded,
    RoundsPlayed,
    TablePlayed,
    accepted_pairs,
    all_players,
    draw_text,
    find_player,
    left_out,
    plan_cost,
    plan_generated,
    plan_import,
    plan_library,
    plan_next_stage,
    plan_ranked,
    plan_regeneration,
    plan_swap,
    seating_schedule,
    verify_seating,
    write_plan,
    write_swap,
)
from mjevent.events.store import EventStore
from mjevent.tui import cli_seat
from mjevent.tui.cli_event import open_or_exit

__all__ = ["seat", "seating_app"]

EXPORT_FORMATS = ("tsv", "csv", "json")


def _fail(message: str, code: int = 1) -> NoReturn:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code)


def _open(file: Path, *, read_only: bool = False) -> EventStore:
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
            _fail("--teams with --players needs the number of teams: --teams N", 2)
        args += ["--teams", rest.pop(at)]
    if team_size is not None:
        args += ["--team-size", str(team_size)]
    if seed is not None:
        args += ["--seed", seed]
    args += ["--format", output_format, *rest]
    holder = typer.Typer(rich_markup_mode=None, add_completion=False)
    holder.command("seat")(cli_seat.seat)
    code = typer.main.get_command(holder).main(
        args=args, prog_name="mjevent seat", standalone_mode=False
    )
    if isinstance(code, int) and code:
        raise typer.Exit(code)


def seat(
    ctx: typer.Context,
    file: Annotated[
        Path | None,
        typer.Argument(help="The event file to seat (leave out with --players).", dir_okay=False),
    ] = None,
    players: Annotated[
        int | None, typer.Option("--players", help="No event file: seat players 1..P.")
    ] = None,
    table_size: Annotated[
        int, typer.Option("--table-size", help="With --players: players per table.")
    ] = 4,
    rounds: Annotated[
        int | None, typer.Option("--rounds", help="Rounds to seat (or the last round).")
    ] = None,
    teams: Annotated[
        bool,
        typer.Option(
            "--teams",
            help="Keep teammates apart. With --players: --teams N, N consecutive teams.",
        ),
    ] = False,
    team_size: Annotated[
        int | None, typer.Option("--team-size", help="With --players: teams of S.")
    ] = None,
    seed: Annotated[
        str | None,
        typer.Option(
            "--seed",
            help="The announced draw text (default: the last seating's, else the event's name).",
        ),
    ] = None,
    output_format: Annotated[
        str, typer.Option("--format", help="With --players: text, json or tsv.")
    ] = "text",
    from_library: Annotated[
        str | None, typer.Option("--from-library", help="A library block, e.g. k4-p36.")
    ] = None,
    import_path: Annotated[
        Path | None,
        typer.Option("--import", help="Read the seating from this file.", dir_okay=False),
    ] = None,
    import_format: Annotated[
        str, typer.Option("--import-format", help=f"One of {', '.join(FORMATS)}.")
    ] = "auto",
    from_round: Annotated[
        int | None,
        typer.Option("--from-round", help="Re-seat this round and the later ones."),
    ] = None,
    byes: Annotated[
        bool,
        typer.Option("--byes", help="Accept byes when the players do not fill the tables."),
    ] = False,
    ranked: Annotated[
        bool, typer.Option("--ranked", help="Seat one round by the standings: 1-4, 5-8, ...")
    ] = False,
    swiss: Annotated[
        bool,
        typer.Option("--swiss", help="Seat one round Swiss-style: near standings, no repeats."),
    ] = False,
    round_: Annotated[
        int | None,
        typer.Option("--round", help="--ranked/--swiss: the round (default: the next one)."),
    ] = None,
    next_stage: Annotated[
        bool,
        typer.Option("--next-stage", help="Seat the next stage from the standings' cut."),
    ] = False,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Print the seating and its quality; write nothing.")
    ] = False,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Write without asking.")] = False,
) -> None:
    """Seat an event's players (generated, from the library, or imported), or print a schedule
    for --players P without an event file."""
    if players is not None:
        leftover = ([str(file)] if file is not None else []) + list(ctx.args)
        _standalone(leftover, players, table_size, rounds, teams, team_size, seed, output_format)
        return
    if ctx.args:
        _fail(f"unknown option {ctx.args[0]!r}: see `mjevent seat --help`", 2)
    if file is None:
        _fail("give an event file (mjevent seat FILE ...) or --players P --rounds R", 2)
    special = [o for o, on in (("--ranked", ranked), ("--swiss", swiss),
                               ("--next-stage", next_stage), ("--from-round", from_round),
                               ("--from-library", from_library), ("--import", import_path))
               if on]
    if len(special) > 1:
        _fail(f"{' and '.join(special)} both given: use one of them", 2)
    store = _open(file)
    state = current_state(store)
    try:
        if ranked or swiss:
            plan = plan_ranked(state, round_, swiss=swiss, byes=byes)
            out = left_out(state, plan)
            if out:
                typer.echo("sit out (lowest placed): " + ", ".join(state.name(p) for p in out))
        elif next_stage:
            plan = plan_next_stage(state, seed=seed)
            brackets = str(plan.params["brackets"]).split("|")
            typer.echo(
                f"stage {plan.params.get('stage', '?')}: rounds {plan.first_round}-"
                f"{plan.first_round + len(plan.rounds) - 1}, brackets "
                + "; ".join(f"{chr(65 + i)}: {len(b.split())} players"
                            for i, b in enumerate(brackets))
            )
        elif from_round is not None:
            plan = plan_regeneration(state, from_round, rounds, seed=seed, byes=byes)
        elif import_path is not None:
            try:
                data = import_path.read_bytes()
            except OSError as error:
                _fail(f"cannot read {import_path}: {error.strerror}; give the path of the "
                      "seating file")
            plan = plan_import(state, data, str(import_path), fmt=import_format, rounds=rounds)
        elif from_library is not None:
            plan = plan_library(state, from_library, rounds, seed=seed, teams=teams)
        else:
            if rounds is None:
                _fail("give --rounds R: how many rounds to seat", 2)
            plan = plan_generated(state, rounds, seed=seed, teams=teams, byes=byes)
    except ByesNeeded as error:
        _offer_byes(file, error)
    except RoundsPlayed as error:
        _fail(f"{file}: {error}: mjevent seat {file} --from-round {error.next_round}")
    except CommandError as error:
        # An import's errors name the imported file and its line already.
        _fail(str(error) if import_path is not None else f"{file}: {error}")
    _show(state, plan, draw_text(state, seed))
    cost = plan_cost(state, plan)
    if dry_run:
        typer.echo("dry run: nothing written")
        return
    asks = from_round is not None or ranked or swiss or next_stage
    if (asks or cost.new_repeats) and not yes:
        question = "Write this seating?" if not cost.new_repeats else (
            f"Write this seating with {len(cost.new_repeats)} new repeated pairs?"
        )
        if not typer.confirm(question, default=False):
            typer.echo("nothing written")
            raise typer.Exit(1)
    try:
        write_plan(store, plan, accepted=cost.new_repeats)
    except (CommandError, EventFileError) as error:
        _fail(str(error))
    last = plan.first_round + len(plan.rounds) - 1
    typer.echo(f"seated rounds {plan.first_round}-{last} in {file} ({plan.method})")


def _offer_byes(file: Path, error: ByesNeeded) -> NoReturn:
    k, over = error.table_size, error.over
    _fail(
        f"{error}. Add --byes to accept byes, or add {k - over} "
        f"player{'s' if k - over > 1 else ''} (`mjevent player {file} add NAME`, a substitute) "
        "and seat again"
    )


def _show(state: EventState, plan: Plan, seed_text: str) -> None:
    width = max((len(state.name(p)) for p in state.players), default=4)
    winds = "ESWN"[: state.rules.players]
    for i, rnd in enumerate(plan.rounds):
        typer.echo(f"Round {plan.first_round + i}")
        for t, table in enumerate(rnd, 1):
            seats = "  ".join(f"{w} {state.name(p):<{width}}" for w, p in zip(winds, table,
                                                                              strict=True))
            typer.echo(f"  Table {t:>2}:  {seats}")
    cost = plan_cost(state, plan)
    typer.echo(f"method: {plan.method}; draw text: {seed_text!r}")
    if plan.source != plan.method:
        typer.echo(f"source: {plan.source}")
    for line in cost.lines(state.name):
        typer.echo(line)


seating_app = typer.Typer(
    help="Work with an event's seating (or a seating JSON file).",
    no_args_is_help=True,
    rich_markup_mode=None,
)


@seating_app.command("verify")
def seating_verify(
    file: Annotated[Path, typer.Argument(help="The event file.", dir_okay=False)],
    import_path: Annotated[
        list[Path] | None,
        typer.Option("--import", help="An imported seating file to compare (by its sha256)."),
    ] = None,
) -> None:
    """Recompute every seating entry from the file alone and say whether it matches."""
    store = _open(file, read_only=True)
    state = current_state(store)
    again: dict[str, tuple[tuple[tuple[str, ...], ...], ...]] = {}
    for path in import_path or []:
        try:
            data = path.read_bytes()
            got = parse_seating(
                data.decode("utf-8-sig"),
                list(state.players),
                state.rules.players,
                names={p: state.name(p) for p in state.players},
            )
        except (OSError, UnicodeDecodeError, SeatingImportError) as error:
            _fail(f"{path}: {error}")
        again[hashlib.sha256(data).hexdigest()] = got.rounds
    results = verify_seating(store, imported=again)
    if not results:
        _fail(f"{file}: no seating entry in the log; seat it with `mjevent seat {file} ...`")
    for v in results:
        mark = {True: "OK", False: "MISMATCH", None: "not recomputed"}[v.matches]
        typer.echo(f"{v.entry} {v.method}: {v.message} [{mark}]")
    if any(v.matches is False for v in results):
        raise typer.Exit(1)


@seating_app.command("check")
def seating_check(
    file: Annotated[
        Path, typer.Argument(help="An event file, or a seating JSON file.", dir_okay=False)
    ],
    teams: int | None = typer.Option(None, "--teams", help="JSON: N consecutive teams apart."),
    team_size: int | None = typer.Option(None, "--team-size", help="JSON: teams of S apart."),
    no_repeats: bool = typer.Option(False, "--no-repeats", help="Fail if any pair meets twice."),
    wind_balance: bool = typer.Option(False, "--wind-balance", help="Fail on wind violations."),
    table_rotation: bool = typer.Option(
        False, "--table-rotation", help="Fail on table-number repeats within 3 rounds."
    ),
    min_repeat_free: int = typer.Option(0, "--min-repeat-free", help="JSON: leading rounds."),
) -> None:
    """Report on a seating: repeats, pairs never met, winds, table numbers, teammates.

    For an event file, exits 1 on a repeated pair the director did not accept (accepting is
    answering yes when a seating with repeats is written), 2 when the file cannot be read.
    """
    if file.suffix.lower() == ".json":
        cli_seat.seating_check(
            file, teams, team_size, no_repeats, wind_balance, table_rotation, min_repeat_free
        )
        return
    store = _open(file, read_only=True)
    state = current_state(store)
    if not state.seating:
        _fail(f"{file}: no round is seated yet; seat it with `mjevent seat {file} ...`")
    schedule = seating_schedule(state)
    ids = all_players(state)
    report = check(schedule)
    s = report.summary
    typer.echo(f"{file}: rounds {min(state.seating)}-{max(state.seating)} seated, "
               f"{len(ids)} players")
    typer.echo(s.line())
    typer.echo(f"pairs never met: {report.pairs_never_met} (indirect only: {s.indirect})")
    spread = [x for x, p in zip(report.player_wind_spread, ids, strict=True)
              if any(p in t for rnd in state.seating.values() for t in rnd)]
    typer.echo(f"wind spread: max {max(spread, default=0)}")
    accepted = accepted_pairs(state)
    repeats = _repeated_pairs(state)
    unaccepted = [(a, b, n) for a, b, n in repeats if (a, b) not in accepted]
    for a, b, n in repeats:
        note = "accepted" if (a, b) not in {(x, y) for x, y, _ in unaccepted} else "NOT accepted"
        typer.echo(f"repeat: {state.name(a)} ({a}) and {state.name(b)} ({b}) meet {n} times "
                   f"[{note}]")
    if s.team_violations:
        typer.echo(f"teammates at one table: {s.team_violations}")
    broken = bool(unaccepted) or bool(s.team_violations)
    if broken:
        raise typer.Exit(1)


def _repeated_pairs(state: EventState) -> list[tuple[str, str, int]]:
    from mjevent.core.seating.plan import pair_counts

    counts = pair_counts([state.seating[r] for r in sorted(state.seating)])
    return [(a, b, n) for (a, b), n in sorted(counts.items()) if n > 1]


@seating_app.command("export")
def seating_export(
    file: Annotated[Path, typer.Argument(help="The event file.", dir_okay=False)],
    output_format: Annotated[
        str, typer.Option("--format", help="tsv (the catalogue's grid), csv or json.")
    ] = "tsv",
) -> None:
    """Print the event's seating: tsv is a line a player (event order), a column a round, the
    table number and wind (`3E`), `--` for a bye; `mjevent seat --import` reads it back."""
    if output_format not in EXPORT_FORMATS:
        _fail(f"--format {output_format!r}: expected one of {', '.join(EXPORT_FORMATS)}", 2)
    state = current_state(_open(file, read_only=True))
    if not state.seating:
        _fail(f"{file}: no round is seated yet")
    rounds = [state.seating[r] for r in sorted(state.seating)]
    typer.echo(export_seating(rounds, all_players(state), state.rules.players, output_format))


def _ref(state: EventState, ref: str) -> str:
    try:
        return find_player(state, ref)
    except CommandError as error:
        _fail(str(error))


def _confirm(yes: bool, question: str) -> None:
    if not yes and not typer.confirm(question, default=False):
        typer.echo("nothing written")
        raise typer.Exit(1)


@seating_app.command("swap")
def seating_swap(
    file: Annotated[Path, typer.Argument(help="The event file.", dir_okay=False)],
    round_: Annotated[int, typer.Argument(metavar="ROUND", help="A round not yet played.")],
    a: Annotated[str, typer.Argument(help="A player (id, name or number).")],
    b: Annotated[str, typer.Argument(help="The player to trade seats with.")],
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Write without asking.")] = False,
) -> None:
    """Two players trade seats in a round not yet played; the consequences are shown first."""
    store = _open(file)
    state = current_state(store)
    try:
        swap = plan_swap(state, round_, a, b)
    except TablePlayed as error:
        _fail(f"{error}: `mjevent seating reseat {file} {round_} {error.table} E S W N`")
    except CommandError as error:
        _fail(str(error))
    for line in swap.lines(state):
        typer.echo(line)
    _confirm(yes, f"Swap {state.name(swap.a)} and {state.name(swap.b)} in round {round_}?")
    try:
        write_swap(store, swap)
    except CommandError as error:
        _fail(str(error))
    pa, pb = swap.a, swap.b
    typer.echo(f"swapped {pa} and {pb} in round {round_}")


@seating_app.command("reseat")
def seating_reseat(
    file: Annotated[Path, typer.Argument(help="The event file.", dir_okay=False)],
    round_: Annotated[int, typer.Argument(metavar="ROUND", help="The round.")],
    table: Annotated[int, typer.Argument(help="The table that sat on other winds.")],
    seats: Annotated[list[str], typer.Argument(help="The players as they really sat, E S W N.")],
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Write without asking.")] = False,
) -> None:
    """Say how a table really sat; its logged hands are re-applied under those seats."""
    store = _open(file)
    state = current_state(store)
    real = [_ref(state, s) for s in seats]
    planned = state.table_seats(round_, table)
    if planned is None:
        _fail(f"there is no table {table} in round {round_}")
    if sorted(real) != sorted(planned):
        _fail(
            f"round {round_} table {table} seats {' '.join(planned)}; give the same players in "
            "the order they sat (E S W N)"
        )
    entries, problems = read_log(store.log)
    trial = fold(store.event, [*entries, TableReseated(
        id="preview", at="", round=round_, table=table, seats=tuple(real)
    )], problems=problems)
    winds = "ESWN"[: state.rules.players]
    typer.echo(f"round {round_} table {table}: planned "
               + " ".join(f"{w} {p}" for w, p in zip(winds, planned, strict=True))
               + ", sat " + " ".join(f"{w} {p}" for w, p in zip(winds, real, strict=True)))
    now, then = state.game(round_, table), trial.game(round_, table)
    if now is not None and then is not None:
        typer.echo(f"{len(now.hands)} hands re-applied under the real seats")
        typer.echo("scores now:   " + _scores(state, now.seats, now))
        typer.echo("after reseat: " + _scores(trial, then.seats, then))
    _confirm(yes, f"Re-seat round {round_} table {table}?")
    try:
        reseat_table(store, round_, table, real)
    except CommandError as error:
        _fail(str(error))
    typer.echo(f"round {round_} table {table} re-seated; nothing was deleted")


def _scores(state: EventState, seats: tuple[str, ...], game: TableGame) -> str:
    if game.state is not None:
        values = list(game.state.scores)
    elif game.result is not None:
        values = list(game.result.final)
    else:
        return "no scores yet"
    return "  ".join(f"{state.name(p)} {v}" for p, v in zip(seats, values, strict=True))

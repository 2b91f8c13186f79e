"""`mjevent seat` prints a schedule without an event file; `check_seating_json` is what
`mjevent seating check` (in `cli_seating`) does with a seating JSON file.

All the rules live in `mjevent.core.seating`; this module reads options, prints and sets the exit
code. The JSON form is `Schedule.to_json_dict` (players from 1, seats in wind order, one `"bye"`
list per round when somebody sits out); docs/seating.md describes every field.
"""

from __future__ import annotations

import errno
import json
import shutil
import sys
import textwrap
import time
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn, TextIO

import typer

from mjevent.core.i18n import N_, _, pgettext, wind_name
from mjevent.core.seating.check import Requirements, check
from mjevent.core.seating.draw import apply_draw
from mjevent.core.seating.generate import (
    GenerateSettings,
    generate,
    generate_over_asked,
    reach,
    repeat_free_bound,
)
from mjevent.core.seating.imports import MAX_SEATING_BYTES, json_depth_problem, json_reason
from mjevent.core.seating.schedule import Schedule, ScheduleError, consecutive_teams
from mjevent.core.seating.search import SearchSettings
from mjevent.events.files import FileRefusedError, read_regular
from mjevent.tui.cli.errors import error_text
from mjevent.tui.views.cells import cell_width
from mjevent.tui.views.wrap import wide, wrap_text

__all__ = [
    "check_seating_json",
    "format_text",
    "format_tsv",
    "in_file",
    "os_reason",
    "seat",
    "standalone_help",
    "wrap_cells",
]

SEAT_LABELS: dict[int, tuple[str, ...]] = {
    2: ("White", "Black"),
    3: ("E", "S", "W"),
    4: ("E", "S", "W", "N"),
}
FORMATS = ("text", "json", "tsv")


def _labels(k: int) -> tuple[str, ...]:
    """The seat labels of the TSV form (Latin in every language: it is read back)."""
    return SEAT_LABELS.get(k, tuple(str(i + 1) for i in range(k)))


def seat_labels(k: int) -> tuple[str, ...]:
    """The seat labels people read: winds in the language in use (東 南 西 北), White and
    Black for one-on-one, numbers beyond four seats."""
    if k == 2:
        return (pgettext("seat", "White"), pgettext("seat", "Black"))
    if k in (3, 4):
        return tuple(wind_name(w) for w in "ESWN"[:k])
    return _labels(k)


def format_text(schedule: Schedule) -> str:
    """One block per round, one line per table, seats labelled (E S W N), players from 1."""
    labels = seat_labels(schedule.table_size)
    width = len(str(schedule.players))
    lines: list[str] = []
    for r, (rnd, bye) in enumerate(zip(schedule.rounds, schedule.byes, strict=True)):
        lines.append(pgettext("seating", "Round {round}").format(round=r + 1))
        tw = len(str(len(rnd)))
        for t, table in enumerate(rnd):
            seats = "  ".join(
                f"{lab} {p + 1:>{width}}" for lab, p in zip(labels, table, strict=True)
            )
            lines.append(
                "  "
                + pgettext("seating", "Table {number}:  {seats}").format(
                    number=f"{t + 1:>{tw}}", seats=seats
                )
            )
        if bye:
            lines.append(
                "  "
                + pgettext("seating", "bye: {players}").format(
                    players=" ".join(str(p + 1) for p in bye)
                )
            )
    return "\n".join(lines)


def format_tsv(schedule: Schedule) -> str:
    """Tab-separated: round, table, then the seats in wind order; a bye row has table `--`."""
    header = ["round", "table", *(_labels(schedule.table_size))]
    rows = ["\t".join(header)]
    for r, (rnd, bye) in enumerate(zip(schedule.rounds, schedule.byes, strict=True)):
        for t, table in enumerate(rnd):
            rows.append("\t".join([str(r + 1), str(t + 1), *(str(p + 1) for p in table)]))
        if bye:
            rows.append("\t".join([str(r + 1), "--", *(str(p + 1) for p in bye)]))
    return "\n".join(rows)


class SearchProgress:
    """A one-line bar on stderr for a search that has run longer than a second.

    The search reports each round it has seated (`update`), the slower sources each step they
    start (`step`: cyclic plans, shifted team rounds, inside rounds annealed); nothing is shown
    during the first second, so a quick request prints no bar. On a terminal the line is
    redrawn in place; elsewhere (a log, a pipe) a line is written at most once a second, and
    for the last step.
    """

    def __init__(
        self,
        stream: TextIO | None = None,
        clock: Callable[[], float] = time.monotonic,
        *,
        after: float = 1.0,
        width: int = 20,
    ) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.clock = clock
        self.start = clock()
        self.after = after
        self.width = width
        self.tty = self.stream.isatty()
        self.last_line = -1.0
        self.last_text = ""
        self.last_what = ""
        self.shown = False

    def line(self, done: int, total: int, what: str = "round") -> str:
        """The bar for step `done` of `total`: `[#####---------------] round 5 of 20, 3 s`.

        `what` is the step's English name as the search reports it (marked where it is
        named, in `generate.py`), shown in the language in use.
        """
        filled = self.width * done // max(total, 1)
        elapsed = self.clock() - self.start
        shown = pgettext("progress", "round") if what == "round" else _(what)
        return _("searching [{bar}] {what} {done} of {total}, {seconds:.0f} s").format(
            bar="#" * filled + "-" * (self.width - filled),
            what=shown,
            done=done,
            total=total,
            seconds=elapsed,
        )

    def update(self, done: int, total: int) -> None:
        """The search's progress callback: `done` rounds of `total` seated."""
        self.step("round", done, total)

    def step(self, what: str, done: int, total: int) -> None:
        """Show the bar once a second has passed (`GenerateSettings.progress`)."""
        now = self.clock()
        if now - self.start < self.after:
            return
        text = self.line(done, total, what)
        if self.tty:
            # Padded so a shorter line wipes the end of a longer one.
            pad = max(0, cell_width(self.last_text) - cell_width(text))
            self.stream.write("\r" + text + " " * pad)
        elif done == total or now - self.last_line >= 1.0 or what != self.last_what:
            self.stream.write(text + "\n")
            self.last_line = now
        else:
            return
        self.last_text, self.last_what = text, what
        self.stream.flush()
        self.shown = True

    def finish(self) -> None:
        """End the redrawn line, so what follows starts on a line of its own."""
        if self.shown and self.tty:
            self.stream.write("\n")
            self.stream.flush()


STANDALONE_HELP = N_(
    "Print a seating schedule: most rounds with no repeated pair, balanced winds and tables."
    "\n\n"
    "When more rounds are asked than mjevent knows how to seat without a repeated pair (its "
    "constructions and the public catalogue), it says so at once, with the best known count and "
    "the bound, and seats the rounds it knows followed by the fewest repeats."
)


def standalone_help() -> str:
    """The help of `seat` without an event file, in the language in use."""
    return _(STANDALONE_HELP)


def seat(
    players: int = typer.Option(..., "--players", help=N_("Number of players (P).")),
    table_size: int = typer.Option(
        4, "--table-size", help=N_("Players per table: 4 riichi, 3 sanma, 2 one-on-one, 5+.")
    ),
    rounds: int = typer.Option(..., "--rounds", help=N_("Number of rounds to seat.")),
    teams: int | None = typer.Option(
        None, "--teams", help=N_("Split players 1..P into N teams of consecutive numbers.")
    ),
    team_size: int | None = typer.Option(
        None, "--team-size", help=N_("Teams of S consecutive numbers (pairs, trios...).")
    ),
    seed: str | None = typer.Option(
        None,
        "--seed",
        help=N_("The announced draw text: SHA-256 of it seeds the permutation of players."),
    ),
    output_format: str = typer.Option("text", "--format", help=N_("text, json or tsv.")),
    max_seconds: float | None = typer.Option(
        None,
        "--max-seconds",
        help=N_(
            "Stop searching after this many seconds and seat the rest at once (the result "
            "can then differ between runs). Default: no limit."
        ),
    ),
) -> None:
    """Print a seating schedule (`STANDALONE_HELP` is its help)."""
    if output_format not in FORMATS:
        _fail(
            _("--format {given!r}: expected one of {formats}").format(
                given=output_format, formats=", ".join(FORMATS)
            )
        )
    if max_seconds is not None and max_seconds <= 0:
        _fail(
            _("--max-seconds {given:g}: expected a number of seconds above 0").format(
                given=max_seconds
            )
        )
    if teams is not None and team_size is not None:
        _fail(_("--teams and --team-size both given: use one of them"))
    try:
        team_list = (
            consecutive_teams(players, teams=teams, team_size=team_size)
            if teams is not None or team_size is not None
            else ()
        )
        within = reach(players, table_size, rounds, teams=team_list)
        progress = SearchProgress()
        deadline = progress.start + max_seconds if max_seconds is not None else None
        settings = GenerateSettings(
            deadline=deadline,
            progress=progress.step,
            search=SearchSettings(deadline=deadline, progress=progress.update),
        )
        if within.over_asked:
            typer.echo(_for_terminal(within.message()), err=True)
            schedule = generate_over_asked(within, teams=team_list, settings=settings)
        else:
            schedule = generate(players, table_size, rounds, teams=team_list, settings=settings)
        progress.finish()
    except ScheduleError as exc:
        _fail(str(exc))
    if seed is not None:
        size = len(team_list[0]) if team_list else None
        schedule = apply_draw(schedule, seed, team_size=size)
    if output_format == "json":
        typer.echo(json.dumps(schedule.to_json_dict()))
    elif output_format == "tsv":
        typer.echo(format_tsv(schedule))
    else:
        typer.echo(format_text(schedule))
    report = check(schedule)
    bound = repeat_free_bound(players, table_size, rounds)
    typer.echo(
        _("{repeat_free} of {rounds} rounds are repeat-free (bound {bound}; source {source})")
        .format(
            repeat_free=report.summary.repeat_free_rounds,
            rounds=rounds,
            bound=bound,
            # The source names the route in the words the seating entry records: not language.
            source=schedule.source or "search",
        ),
        err=True,
    )
    typer.echo(report.summary.line(), err=True)


def check_seating_json(
    path: Path,
    *,
    teams: int | None,
    team_size: int | None,
    no_repeats: bool,
    wind_balance: bool,
    table_rotation: bool,
    min_repeat_free: int,
) -> None:
    """`mjevent seating check SEATING.json`: check a seating JSON file and print the checker's
    report; exit 1 when a requested rule is broken (teams given in the file or by option always
    are requested), 2 when the file cannot be read."""
    try:
        text = read_regular(path, limit=MAX_SEATING_BYTES, what=_("a seating JSON file")).decode(
            "utf-8-sig"
        )
        deep = json_depth_problem(text)
        if deep is not None:
            _fail(
                pgettext("seating", "{file}:{line}: {message}").format(
                    file=path, line=deep.line, message=deep.message
                )
            )
        data = json.loads(text)
        if not isinstance(data, dict):
            raise ScheduleError(
                _("seating JSON needs integer 'players', 'table_size' and a 'rounds' list")
            )
        schedule = Schedule.from_json_dict(data)
    except FileRefusedError as exc:
        _fail(str(exc))
    except UnicodeDecodeError:
        _fail(in_file(path, _("not UTF-8 text; write it with `mjevent seat --format json`")))
    except OSError as exc:
        _fail(
            _("cannot read {path}: {reason}; give the path of a seating JSON file").format(
                path=path, reason=os_reason(exc)
            )
        )
    except json.JSONDecodeError as exc:
        _fail(
            _(
                "{path}: not JSON (line {line}: {reason}); write it with `mjevent seat --format "
                "json`"
            ).format(path=path, line=exc.lineno, reason=json_reason(exc))
        )
    except ScheduleError as exc:
        _fail(in_file(path, exc))
    except ValueError:  # a number of thousands of digits (Python's int-conversion limit)
        _fail(in_file(path, _("a number too long to be a player or a count; not a seating file")))
    if teams is not None or team_size is not None:
        if teams is not None and team_size is not None:
            _fail(_("--teams and --team-size both given: use one of them"))
        try:
            team_list = consecutive_teams(schedule.players, teams=teams, team_size=team_size)
            schedule = Schedule.build(
                schedule.players,
                schedule.table_size,
                schedule.rounds,
                schedule.byes,
                teams=team_list,
                fixed_rounds=schedule.fixed_rounds,
            )
        except ScheduleError as exc:
            _fail(str(exc))
    report = check(
        schedule,
        Requirements(
            no_repeats=no_repeats,
            wind_balance=wind_balance,
            table_rotation=table_rotation,
            min_repeat_free_rounds=min_repeat_free,
        ),
    )
    for line in report.lines():
        typer.echo(line)
    if not report.ok:
        raise typer.Exit(1)


def _for_terminal(text: str) -> str:
    """`text` wrapped at word boundaries to the terminal's width when stderr is a terminal
    (a log or a pipe gets one line, for grep)."""
    if not sys.stderr.isatty():
        return text
    return wrap_cells(text, shutil.get_terminal_size().columns - 1)


def wrap_cells(text: str, width: int) -> str:
    """`text` filled to lines of at most `width` terminal cells (a CJK character takes two).

    Text of narrow characters only is filled by `textwrap`, as before; other text breaks at
    spaces and between CJK characters, never before a closing mark (`tui.wrap`).

    >>> print(wrap_cells("再戦なしで組める回戦数を超えています。", 12))
    再戦なしで組
    める回戦数を
    超えています。
    """
    if not wide(text):
        return textwrap.fill(text, width=width)
    return wrap_text(text, width)


def os_reason(error: OSError) -> str:
    """Why a file could not be read: the system's words (`error.strerror`), or, for the common
    causes, the catalogue's translation of them (the message ids are the C library's words)."""
    system = error.strerror or str(error)
    if error.errno == errno.ENOENT:
        ours = pgettext("os error", "No such file or directory")
    elif error.errno in (errno.EACCES, errno.EPERM):
        ours = pgettext("os error", "Permission denied")
    elif error.errno == errno.EISDIR:
        ours = pgettext("os error", "Is a directory")
    elif error.errno == errno.ENOTDIR:
        ours = pgettext("os error", "Not a directory")
    else:
        return system
    # Untranslated (English), the system's own words stand, exactly as it wrote them.
    return system if ours in _OS_WORDS else ours


_OS_WORDS = ("No such file or directory", "Permission denied", "Is a directory", "Not a directory")


def in_file(file: Path | str, error: object) -> str:
    """`FILE: what is wrong`, the form of every error about one file."""
    return pgettext("seating", "{file}: {error}").format(file=file, error=error)


def _fail(message: str) -> NoReturn:
    typer.echo(error_text(message), err=True)
    raise typer.Exit(2)

"""`mjevent check FILE [--repair]`: validate the file, fold the whole log, report every problem.

Exit status 0 only when the file is clean: it opens (TOML, settings), its end is whole (no torn
tail), every log record reads as an entry, and the fold finds no problem (scores that do not add
up, a hand at a table that does not exist, a player seated twice in a round ...). Each problem
names the file and the line of the entry at fault.

`check` only reads: it takes no lock and changes nothing, so it can run beside a console. A torn
tail (an entry cut off mid-write) is reported and left in place; `--repair` opens the file for
writing, which moves the torn tail to a side file (and reports that).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from mjevent.core.finish import event_finished, final_places, planned_rounds, podium
from mjevent.core.i18n import N_, _, format_thousands, ngettext, pgettext
from mjevent.core.state import EventState
from mjevent.events.commands import current_state
from mjevent.events.session import EventSession
from mjevent.tui.cli.event_file import echo, open_or_exit, problem_lines
from mjevent.tui.cli.event_settings import plan_line
from mjevent.tui.cli.localize import command_help
from mjevent.tui.cli.options import EventFile
from mjevent.tui.views import language

__all__ = ["check"]


@command_help(
    N_("Validate and fold the whole event file; report problems; exit 0 only when clean.")
)
def check(
    file: EventFile,
    repair: Annotated[
        bool,
        typer.Option(
            "--repair",
            help=N_("Open the file for writing: a torn tail is moved aside to a side file."),
        ),
    ] = False,
) -> None:
    session = open_or_exit(file, read_only=not repair, warn=False)
    # The session's warnings already start with the file's name.
    problems = [w if w.startswith(str(file)) else f"{file}: {w}" for w in session.store.warnings]
    unspoken = session.store.language_warning(language.available_languages())
    if unspoken is not None:
        echo(_("warning: {message}").format(message=unspoken), err=True)
    state = current_state(session)
    problems += problem_lines(file, session)
    finished = sum(1 for g in state.games.values() if g.result is not None)
    hands = sum(len(g.hands) for g in state.games.values())
    summary = check_summary(
        entries=len(session.store.log), players=len(state.players), rounds=len(state.seating),
        games=finished, hands=hands,
    )
    if problems:
        for line in problems:
            echo(line)
        echo(ngettext("{file}: {count} problem ({summary})", "{file}: {count} problems ({summary})",
                      len(problems)).format(file=file, count=len(problems), summary=summary))
        raise typer.Exit(1)
    echo(_("{file}: clean ({summary})").format(file=file, summary=summary))
    _say_plan(file, session, state)


def check_summary(*, entries: int, players: int, rounds: int, games: int, hands: int) -> str:
    """What `check` counted, each count with its own plural form.

    >>> check_summary(entries=1, players=4, rounds=1, games=1, hands=1)
    '1 log entry, 4 players, 1 round seated, 1 game finished, 1 hand'
    """
    parts = [
        ngettext("{count} log entry", "{count} log entries", entries).format(count=entries),
        ngettext("{count} player", "{count} players", players).format(count=players),
        ngettext("{count} round seated", "{count} rounds seated", rounds).format(count=rounds),
        ngettext("{count} game finished", "{count} games finished", games).format(count=games),
        ngettext("{count} hand", "{count} hands", hands).format(count=hands),
    ]
    return pgettext("list", ", ").join(parts)


def _say_plan(file: Path, session: EventSession, state: EventState) -> None:
    """What the file plans; once it is finished, the podium of the final standings."""
    rounds = planned_rounds(state.settings)
    if rounds is None:
        return
    finished = event_finished(state)
    echo(plan_line(file, rounds, finished))
    if not finished:
        return
    echo(_("Final standings (the podium; all of them: mjevent print standings {file}):")
         .format(file=file))
    # Imported here: the standings load numpy, which `check` needs only once the event has
    # finished (bench/commands.py).
    from mjevent.tui.views.sheets import standings_or_none

    for place in podium(final_places(standings_or_none(session, state))):
        echo(f"  {place.place:>5}  {place.name}  {format_thousands(place.total)}")

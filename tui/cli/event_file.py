"""How a CLI command opens its event file: one `EventSession`, errors and warnings on stderr.

Every command that reads an event file goes through `open_or_exit`, one `EventSession` per run
(the log is folded once; what the run records is folded onto that fold); `print`, `replay`,
`export` and `check` (without `--repair`) open read-only, so looking at a file never locks,
repairs or writes it. Whatever comes from the file (names, warnings) is shown through
`safe_text`, so a name pasted with an escape sequence cannot take over the terminal.
"""

from __future__ import annotations

from pathlib import Path

import typer

from mjevent.core.heap import built_to_last
from mjevent.core.i18n import _, ngettext
from mjevent.core.text import safe_lines
from mjevent.events.errors import EventFileError
from mjevent.events.session import EventSession
from mjevent.tui.cli.errors import error_text

__all__ = ["echo", "open_or_exit", "problem_lines", "warn_skipped"]


def echo(text: str, *, err: bool = False) -> None:
    """Print `text` with every control character spelled out (line breaks stay)."""
    typer.echo(safe_lines(text), err=err)


def open_or_exit(
    file: Path, *, read_only: bool, code: int = 1, warn: bool = True
) -> EventSession:
    """The opened event; on an error, `error: <message>` on stderr and exit `code`.

    With `warn`, the store's warnings (a torn tail moved aside, or found and left in place)
    go to stderr as `warning: ...`.
    """
    try:
        with built_to_last():
            session = EventSession.open(file, read_only=read_only)
    except EventFileError as error:
        echo(error_text(error), err=True)
        raise typer.Exit(code) from None
    if warn:
        for warning in session.store.warnings:
            echo(_("warning: {message}").format(message=warning), err=True)
    return session


def problem_lines(file: Path, session: EventSession) -> list[str]:
    """Each problem of the folded log as `file:line: entry <id>: <message>`."""
    state = session.state
    if not state.problems:
        return []
    lines = session.store.entry_lines()
    out = []
    for p in state.problems:
        line = lines.get(p.entry) if p.entry is not None else None
        out.append(f"{file}:{line}: {p}" if line is not None else f"{file}: {p}")
    return out


def warn_skipped(file: Path, session: EventSession) -> None:
    """Say on stderr which log entries have problems (a reader leaves them out or skips them)."""
    problems = problem_lines(file, session)
    if problems:
        count = len(problems)
        message = ngettext(
            "{file}: {count} problem in the log; the entries at fault are left out "
            "(run `mjevent check` for the fixes):",
            "{file}: {count} problems in the log; the entries at fault are left out "
            "(run `mjevent check` for the fixes):",
            count,
        ).format(file=file, count=count)
        echo(_("warning: {message}").format(message=message), err=True)
        for line in problems:
            echo(f"  {line}", err=True)

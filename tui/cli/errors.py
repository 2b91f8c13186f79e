"""How a command words an error for stderr: `error: <message>` (`error: <file>: <problem>`),
written once so that every command says it alike in every language."""

from __future__ import annotations

from pathlib import Path

from mjevent.core.i18n import _

__all__ = ["error_text", "file_error_text"]


def error_text(message: object) -> str:
    """`error: <message>`, the line a command prints on stderr before it exits non-zero."""
    return _("error: {message}").format(message=message)


def file_error_text(file: Path, problem: str) -> str:
    """`error: <file>: <problem>`: an error about the event file `file`."""
    return error_text(_("{file}: {problem}").format(file=file, problem=problem))

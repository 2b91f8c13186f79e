"""The `mjevent` command line.

Each command lives in its own `cli_<name>.py` module, named in `COMMANDS` here and imported only
when it runs; no command but the console imports Textual, so `calc` or `check` start fast.
"""

from __future__ import annotations

import importlib
import os
import sys
from importlib.metadata import PackageNotFoundError, version
from typing import Any

import typer
import typer.core
import typer.main

from mjevent.core.heap import ends_with_command
from mjevent.core.i18n import N_, _
from mjevent.tui.cli.errors import error_text
from mjevent.tui.cli.localize import (
    click_error_class,
    lang_from_argv,
    localize,
    show_error,
    use_catalogue_for_click,
)
from mjevent.tui.views import language

# Each command's module is imported only when that command runs (or when help lists them), so
# `mjevent calc --jsonl` in a script does not pay for numpy, the standings or the event file.
# name -> (module, attribute: a command function or a Typer sub-app, context settings attribute)
COMMANDS: dict[str, tuple[str, str, str | None]] = {
    "open": ("mjevent.tui.cli.open_console", "open_console", None),
    "timer": ("mjevent.tui.cli.timer", "timer", None),
    "display": ("mjevent.tui.cli.display", "display", None),
    "announce": ("mjevent.tui.cli.display", "announce", None),
    "serve": ("mjevent.tui.cli.serve", "serve", None),
    "new": ("mjevent.tui.cli.new", "new", None),
    "record": ("mjevent.tui.cli.record", "record", "CONTEXT_SETTINGS"),
    "check": ("mjevent.tui.cli.check", "check", None),
    "replay": ("mjevent.tui.cli.replay", "replay", None),
    "calc": ("mjevent.tui.cli.calc", "calc", None),
    "seat": ("mjevent.tui.cli.seating", "seat", "SEAT_CONTEXT"),
    "seating": ("mjevent.tui.cli.seating", "seating_app", None),
    "player": ("mjevent.tui.cli.player", "player", None),
    "print": ("mjevent.tui.cli.paper", "print_app", None),
    "export": ("mjevent.tui.cli.export", "export", None),
    "publish": ("mjevent.tui.cli.publish", "publish", None),
    "ema": ("mjevent.tui.cli.ema", "ema_app", None),
    "penalty": ("mjevent.tui.cli.penalty", "penalty", None),
    "event": ("mjevent.tui.cli.event_settings", "event_settings", None),
    "tables": ("mjevent.tui.cli.tables", "tables", None),
    "pending": ("mjevent.tui.cli.pending", "list_pending", None),
    "approve": ("mjevent.tui.cli.pending", "approve_entry", None),
    "reject": ("mjevent.tui.cli.pending", "reject_entry", None),
}


# Typer 0.29 vendors click as a private module, so the click types are not named here: the
# commands are whatever `typer.main` builds.
def load_command(name: str) -> Any:
    """The click command `name`, importing its module now."""
    module_name, attribute, settings_name = COMMANDS[name]
    module = importlib.import_module(module_name)
    target = getattr(module, attribute)
    if isinstance(target, typer.Typer):
        command: Any = typer.main.get_group(target)
    else:
        settings = getattr(module, settings_name) if settings_name else None
        holder = typer.Typer(rich_markup_mode=None, add_completion=False)
        holder.command(name, context_settings=settings)(target)
        command = typer.main.get_command(holder)
    command.name = name
    return localize(command)


CLOSED_PIPE = 141
"""The exit status when the reader of the output stopped reading (`mjevent seat FILE | head`):
128 + SIGPIPE, what a shell reports for any tool its reader stops early."""


def _closed_pipe() -> int:
    """The reader of standard output is gone: say nothing more, and point what is left in the
    output buffer at the null device so that flushing it at exit does not raise again."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError):  # no file descriptor behind stdout (a test's capture)
        pass
    return CLOSED_PIPE


class LazyCommands(typer.core.TyperGroup):
    """The top-level group: lists every command, imports one only when it is asked for."""

    def list_commands(self, ctx: Any) -> list[str]:
        return [*super().list_commands(ctx), *COMMANDS]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if cmd_name in COMMANDS:
            return load_command(cmd_name)
        return super().get_command(ctx, cmd_name)

    def invoke(self, ctx: Any) -> Any:
        """Run the command; a closed output pipe ends it quietly. Commands that change the file
        change it before they print, so a reader that stops early loses only words."""
        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            raise typer.Exit(_closed_pipe()) from None

    def main(self, args: Any = None, *rest: Any, **options: Any) -> Any:
        """Choose the language (`--lang`, else the environment) before anything is parsed or
        shown, so even `mjevent --help` and click's own words speak it."""
        argv = list(sys.argv[1:] if args is None else args)
        if args is None:
            # Run from the shell, the process ends with the command: what it reads and folds is
            # frozen, out of the cycle collector's sight (core/heap.ends_with_command).
            ends_with_command()
        try:
            language.start(lang_from_argv(argv))
        except language.LanguageError as error:
            typer.echo(error_text(error), err=True)
            sys.exit(2)
        localize(self)
        use_catalogue_for_click()
        if rest or not options.get("standalone_mode", True):
            return super().main(argv, *rest, **options)
        # Click prints its own errors in English; it hands them over instead (standalone mode
        # off), and they are printed here in the language in use, with click's exit codes.
        try:
            result = super().main(argv, **{**options, "standalone_mode": False})
        except typer.Abort:
            typer.echo(_("Aborted!"), err=True)
            sys.exit(1)
        except click_error_class() as error:
            show_error(error)
            sys.exit(getattr(error, "exit_code", 1))
        # Output still in the buffer reaches a closed pipe only here, at the last flush.
        try:
            sys.stdout.flush()
        except BrokenPipeError:
            sys.exit(_closed_pipe())
        # Without standalone mode a command's `typer.Exit(code)` comes back as its code.
        sys.exit(result if isinstance(result, int) and not isinstance(result, bool) else 0)


app = typer.Typer(
    name="mjevent",
    cls=LazyCommands,
    help=N_(
        "Run a live riichi or sanma mahjong event from the terminal: seating, round clock, "
        "hand calculator and standings, all kept in one TOML event file."
    ),
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
)


def distribution_version() -> str:
    """The installed version of mjevent, or a marker when running from an uninstalled tree."""
    try:
        return version("mjevent")
    except PackageNotFoundError:
        return "0+unknown"


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"mjevent {distribution_version()}")
        raise typer.Exit()


@app.callback()
def main(
    show_version: bool = typer.Option(
        False,
        "--version",
        help=N_("Print the installed version and exit."),
        callback=_print_version,
        is_eager=True,
    ),
    lang: str | None = typer.Option(
        None,
        "--lang",
        metavar="ja|en",
        help=N_(
            "The language to speak: ja or en. Default: the event file's [event] language, "
            "else the environment (LC_ALL, LC_MESSAGES, LANG), else English."
        ),
    ),
) -> None:
    """Run a live mahjong event from the terminal."""

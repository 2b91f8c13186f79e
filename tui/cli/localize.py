"""The command line in the user's language: help texts, click's own words, and wrapping by cells.

Typer builds click commands from English `help=` texts (marked with `N_` where they are
written); `localize` translates a built command, its parameters and its subcommands in place,
through the catalogue, just before click shows or runs them. The English text stays the message
id, kept on the object, so a second run in another language (tests do that) starts from it.

Click's own words come three ways, and each is translated here, in one place:
- headings, the usage prefix and the `--help` option's help reach the help formatter
  (`LocalizedFormatter`);
- `typer.core` marks `[default: ...]`, `required`, "Missing command." and a few more with
  `gettext.gettext`, a name it looks up at call time: `use_catalogue_for_click` points it at
  the catalogue;
- the vendored click (`typer._click`) builds its error messages with f-strings in English:
  `show_error` prints a usage error itself, translating the message from the exception's data
  (its parameter, its option name, the validation error behind it), and falls back to click's
  English for a message it does not know.

Japanese help must also wrap by terminal cells (a CJK character is two) and between any two
Japanese characters (there are no spaces to break at): `wrap_text` does that, and the formatter
uses it for every text holding a wide character; English goes through click's own code, so its
output is byte for byte what click prints.
"""

from __future__ import annotations

import re
import string
import sys
import types
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, TypeVar

import typer
import typer.core
from rich.cells import chop_cells

from mjevent.core import i18n
from mjevent.core.i18n import N_, _
from mjevent.tui.views.cells import cell_width
from mjevent.tui.views.wrap import wide, wrap_text

__all__ = [
    "click_error_class",
    "click_message",
    "command_help",
    "filled_help",
    "lang_from_argv",
    "localize",
    "short_help",
    "show_error",
    "use_catalogue_for_click",
    "wrap_text",
]

_ORIGINAL = "_mjevent_english"

# Click's and Typer's own words, which reach the help formatter in English: its headings, and
# the help of the `--help` option click adds to every command.
CLICK_WORDS = (N_("Options"), N_("Arguments"), N_("Commands"), N_("Show this message and exit."))

# The words `typer.core` passes through `gettext.gettext` (see `use_catalogue_for_click`).
TYPER_WORDS = (
    N_("default: {default}"),
    N_("required"),
    N_("env var: {var}"),
    N_("(dynamic)"),
    N_("Missing command."),
    N_("No such command {name!r}."),
    N_("Aborted!"),
)


# --- Help texts -----------------------------------------------------------------------------

_Function = TypeVar("_Function", bound=Callable[..., Any])


def command_help(text: str) -> Callable[[_Function], _Function]:
    """Give a command function of `tui.cli.COMMANDS` its help, marked for the catalogue:
    `@command_help(N_("Replay the log ..."))` over the function. Typer reads a command's help
    from its docstring, which the catalogue cannot see; this sets the docstring to `text` (the
    same as `function.__doc__ = N_("...")` after it)."""

    def mark(function: _Function) -> _Function:
        function.__doc__ = text
        return function

    return mark


# English help text -> (its template, the fields to fill in after translation).
_FILLED: dict[str, tuple[str, dict[str, Any]]] = {}


def filled_help(template: str, **fields: Any) -> str:
    """A help text naming values known only in the code, filled in after translation:
    `help=filled_help(N_("A rules preset: {presets}."), presets="ema2016, wrc")`.

    Returns the English text (what Typer shows without a catalogue) and remembers how it was
    made, so that `localize` translates the template and fills the same fields in.
    """
    english = template.format(**fields)
    _FILLED[english] = (template, fields)
    return english


def _translated(obj: Any, attribute: str) -> None:
    originals: dict[str, Any] = obj.__dict__.setdefault(_ORIGINAL, {})
    if attribute not in originals:
        originals[attribute] = getattr(obj, attribute, None)
    english = originals[attribute]
    # Always from the English kept on the object, so a command shown in Japanese once shows
    # in English after `--lang en` in the same process (tests do that).
    if isinstance(english, str) and english in _FILLED:
        template, fields = _FILLED[english]
        setattr(obj, attribute, _(template).format(**fields))
    else:
        setattr(obj, attribute, _(english) if isinstance(english, str) and english else english)


def localize(command: Any) -> Any:
    """Translate `command` (a click command or group, as Typer builds it) for the language in
    use: its help, short help and epilog, every parameter's help, the help headings and usage
    line it prints, and the same for the subcommands it already holds. Returns `command`."""
    for attribute in ("help", "short_help", "epilog"):
        _translated(command, attribute)
    for param in getattr(command, "params", ()):
        _translated(param, "help")
    if not getattr(command, "_mjevent_short_help", False):
        # Click shortens a help text by words and letters; a Japanese sentence is one "word"
        # of many two-cell characters, so the command list measures it here instead.
        command.get_short_help_str = types.MethodType(_short_help_method, command)
        command._mjevent_short_help = True
    command.context_class = _localized_context(command.context_class)
    for sub in getattr(command, "commands", {}).values():
        localize(sub)
    return command


def _short_help_method(command: Any, limit: int = 45) -> str:
    text = command.short_help or command.help or ""
    if command.short_help or not wide(text):
        return str(type(command).get_short_help_str(command, limit))
    return short_help(text, limit)


def short_help(text: str, limit: int) -> str:
    """The first sentence of a help text with wide characters, cut to `limit` cells.

    >>> short_help("大会ファイルを検査します。問題があれば表示します。", 40)
    '大会ファイルを検査します。'
    >>> short_help("とても長い説明がここに続いていて終わりません", 20)
    'とても長い説明が...'
    """
    paragraph = text.split("\n\n")[0].removeprefix("\b").strip()
    paragraph = " ".join(paragraph.split())
    end = paragraph.find("。")
    sentence = paragraph[: end + 1] if end != -1 else paragraph
    if cell_width(sentence) <= limit:
        return sentence
    return chop_cells(sentence, max(limit - 3, 1))[0] + "..."


@cache
def _localized_context(base: type) -> type:
    """A click context class whose help formatter translates headings and the usage line and
    wraps by cells."""
    if getattr(base, "_mjevent_localized", False):
        return base
    formatter_base: Any = getattr(base, "formatter_class")  # noqa: B009 - click type unnamed

    class LocalizedFormatter(formatter_base):  # type: ignore[misc]
        def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
            prefix = _("Usage: ") if prefix is None else prefix
            if not wide(prefix + prog + args):
                super().write_usage(prog, args, prefix)
                return
            # Click's layout, measured in cells.
            usage_prefix = f"{prefix:>{self.current_indent}}{prog} "
            text_width = self.width - self.current_indent
            if text_width >= cell_width(usage_prefix) + 20:
                indent = " " * cell_width(usage_prefix)
                self.write(wrap_text(args, text_width, usage_prefix, indent))
            else:
                self.write(usage_prefix + "\n")
                indent = " " * (max(self.current_indent, cell_width(prefix)) + 4)
                self.write(wrap_text(args, text_width, indent, indent))
            self.write("\n")

        def write_heading(self, heading: str) -> None:
            super().write_heading(_(heading))

        def write_text(self, text: str) -> None:
            if not wide(text):
                super().write_text(text)
                return
            indent = " " * self.current_indent
            self.write(wrap_text(text, self.width, indent, indent, preserve_paragraphs=True))
            self.write("\n")

        def write_dl(
            self, rows: Sequence[tuple[str, str]], col_max: int = 30, col_spacing: int = 2
        ) -> None:
            # Our own parameters' help is translated already (a translation is never a message
            # id, so this leaves it alone); this reaches the `--help` option click adds.
            rows = [(term, _(text)) for term, text in rows]
            if not any(wide(term + text) for term, text in rows):
                super().write_dl(rows, col_max, col_spacing)
                return
            # Click's layout, measured in cells.
            first_col = min(max(cell_width(term) for term, _text in rows), col_max) + col_spacing
            for term, text in rows:
                self.write(f"{'':>{self.current_indent}}{term}")
                if not text:
                    self.write("\n")
                    continue
                if cell_width(term) <= first_col - col_spacing:
                    self.write(" " * (first_col - cell_width(term)))
                else:
                    self.write("\n" + " " * (first_col + self.current_indent))
                text_width = max(self.width - first_col - 2, 10)
                lines = wrap_text(text, text_width, preserve_paragraphs=True).splitlines()
                self.write(f"{lines[0]}\n")
                for line in lines[1:]:
                    self.write(f"{'':>{first_col + self.current_indent}}{line}\n")

    class LocalizedContext(base):  # type: ignore[misc]
        formatter_class = LocalizedFormatter
        _mjevent_localized = True

    return LocalizedContext


# --- Click's words --------------------------------------------------------------------------


def _catalogue_gettext(message: str) -> str:
    return _(message)


def use_catalogue_for_click() -> None:
    """Let the words `typer.core` marks for gettext (`[default: 0]`, `[required]`, "No such
    command") come from the catalogue: typer looks its `_` up in its module when it calls it,
    and the catalogue answers English with the message itself."""
    setattr(typer.core, "_", _catalogue_gettext)  # noqa: B010 - a module global typer reads


def _click_exceptions() -> Any:
    # Typer 0.29 vendors click privately; its exception classes are reached through typer's
    # own public BadParameter, whose module holds them all.
    return sys.modules[typer.BadParameter.__module__]


def click_error_class() -> type[Exception]:
    """The class of every error click shows to the user (`ClickException`)."""
    found: type[Exception] = _click_exceptions().ClickException
    return found


def lang_from_argv(argv: list[str]) -> str | None:
    """The value of a `--lang` given before the command (`mjevent --lang ja open ...`).

    >>> lang_from_argv(["--lang", "ja", "open", "club.toml"])
    'ja'
    >>> lang_from_argv(["--lang=en", "calc"])
    'en'
    >>> lang_from_argv(["open", "--lang", "ja"]) is None
    True
    """
    for index, arg in enumerate(argv):
        if arg == "--lang" and index + 1 < len(argv):
            return argv[index + 1]
        if arg.startswith("--lang="):
            return arg.removeprefix("--lang=")
        if not arg.startswith("-"):
            return None
    return None


# Messages click builds from fixed English with f-strings (typer._click.parser, typer.core,
# typer._param_types), written here as click writes them, with the message each becomes. Click's
# text never changes with the language, so it is matched and rebuilt from the catalogue; a
# message that matches none stays click's English.
_CLICK_TEXTS = (
    ("Got unexpected extra argument(s) ({args})", N_("Got unexpected extra arguments: {args}")),
    ("Option {option} requires an argument.", N_("Option {option} needs a value.")),
    ("Option {option} requires {count} arguments.", N_("Option {option} needs {count} values.")),
    ("Option {option} does not take a value.", N_("Option {option} takes no value.")),
    ("Argument {argument} takes {count} values.", N_("Argument {argument} takes {count} values.")),
    ("{kind} {path} does not exist.", N_("{path} does not exist.")),
    ("{kind} {path} is a file.", N_("{path} is a file; give a folder.")),
    ("{kind} {path} is a directory.", N_("{path} is a folder; give a file.")),
    ("{kind} {path} is not readable.", N_("{path} cannot be read.")),
    ("{kind} {path} is not writable.", N_("{path} cannot be written.")),
    ("Value error, {value} is not one of {choices}.", N_("{value} is not one of {choices}.")),
    ("{value} is not one of {choices}.", N_("{value} is not one of {choices}.")),
)


def _click_pattern(template: str) -> re.Pattern[str]:
    """A regular expression matching `template` with any text in place of its fields."""
    pattern = "".join(
        re.escape(literal) + (f"(?P<{field}>.*)" if field else "")
        for literal, field, _spec, _conversion in string.Formatter().parse(template)
    )
    return re.compile(pattern)


_CLICK_PATTERNS = tuple((_click_pattern(text), message) for text, message in _CLICK_TEXTS)

# Pydantic validation errors (typer checks values with pydantic), by error type.
_VALIDATION: dict[str, str] = {
    "int_parsing": N_("give a whole number"),
    "int_from_float": N_("give a whole number"),
    "float_parsing": N_("give a number"),
    "bool_parsing": N_("give true or false"),
    "greater_than_equal": N_("give {ge} or more"),
    "less_than_equal": N_("give {le} or less"),
    "greater_than": N_("give more than {gt}"),
    "less_than": N_("give less than {lt}"),
}


def _translate_click_text(text: str) -> str:
    for pattern, message in _CLICK_PATTERNS:
        match = pattern.fullmatch(text)
        if match is not None:
            return _(message).format(**match.groupdict())
    return text


def _validation_text(error: Any) -> str:
    cause = error.__cause__
    errors = getattr(cause, "errors", None)
    if callable(errors):
        first = errors()[0] if errors() else {}
        template = _VALIDATION.get(first.get("type", ""))
        if template is not None:
            return _(template).format(**first.get("ctx", {}))
    return _translate_click_text(str(error.message))


def click_message(error: Any) -> str:
    """The message of a click error (`error.format_message()`) in the language in use.

    In English it is click's own text, unchanged.
    """
    if i18n.language() == i18n.ENGLISH:
        return str(error.format_message())
    exceptions = _click_exceptions()
    if isinstance(error, exceptions.MissingParameter):
        param = error.param
        hint = param.get_error_hint() if param is not None else (error.param_hint or "")
        kind = error.param_type or (param.param_type_name if param is not None else "")
        text = {
            "argument": _("Missing argument {name}."),
            "option": _("Missing option {name}."),
        }.get(kind, _("Missing parameter {name}.")).format(name=hint)
        described = getattr(param, "type_descriptor", None)
        if described is not None and described.is_choice and described.choices:
            names = ", ".join(str(getattr(c, "value", c)) for c in described.choices)
            text = _("{missing} Choose one of: {choices}").format(missing=text, choices=names)
        return text
    if isinstance(error, exceptions.NoSuchOption):
        if error.possibilities:
            return _("No such option: {option} (did you mean {options}?)").format(
                option=error.option_name, options=", ".join(sorted(error.possibilities)))
        return _("No such option: {option}").format(option=error.option_name)
    if isinstance(error, exceptions.BadParameter):
        hint = error.param_hint or (error.param.get_error_hint() if error.param else None)
        if isinstance(hint, (list, tuple)):
            hint = " / ".join(repr(h) for h in hint)
        detail = _validation_text(error)
        if hint is None:
            return _("Invalid value: {detail}").format(detail=detail)
        return _("Invalid value for {name}: {detail}").format(name=hint, detail=detail)
    return _translate_click_text(str(error.format_message()))


def show_error(error: Any, echo: Callable[..., Any] = typer.echo) -> None:
    """Print a click error on stderr as click does (usage, a hint, `Error: ...`), in the
    language in use."""
    exceptions = _click_exceptions()
    if isinstance(error, exceptions.NoArgsIsHelpError):
        error.show()
        return
    ctx = getattr(error, "ctx", None)
    color = getattr(error, "show_color", None)
    if ctx is not None:
        color = ctx.color
        hint = ""
        if ctx.command.get_help_option(ctx) is not None:
            hint = _("Try '{command} {option}' for help.").format(
                command=ctx.command_path, option=ctx.help_option_names[0]) + "\n"
        echo(f"{ctx.get_usage()}\n{hint}", err=True, color=color)
    echo(_("Error: {message}").format(message=click_message(error)), err=True, color=color)

"""The command line in the user's language: help texts, headings and the usage line.

Typer builds click commands from English `help=` texts (marked with `N_` where they are
written); `localize` translates a built command, its parameters and its subcommands in place,
through the catalogue, just before click shows or runs them. The English text stays the message
id, kept on the object, so a second run in another language (tests do that) starts from it.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from mjevent.core.i18n import N_, _

__all__ = ["lang_from_argv", "localize"]

_ORIGINAL = "_mjevent_english"

# Click's and Typer's own words, which reach the help formatter in English: its headings, and
# the help of the `--help` option click adds to every command.
CLICK_WORDS = (N_("Options"), N_("Arguments"), N_("Commands"), N_("Show this message and exit."))


def _translated(obj: Any, attribute: str) -> None:
    originals: dict[str, Any] = obj.__dict__.setdefault(_ORIGINAL, {})
    if attribute not in originals:
        originals[attribute] = getattr(obj, attribute, None)
    english = originals[attribute]
    if isinstance(english, str) and english:
        setattr(obj, attribute, _(english))


def localize(command: Any) -> Any:
    """Translate `command` (a click command or group, as Typer builds it) for the language in
    use: its help, short help and epilog, every parameter's help, the help headings and usage
    line it prints, and the same for the subcommands it already holds. Returns `command`."""
    for attribute in ("help", "short_help", "epilog"):
        _translated(command, attribute)
    for param in getattr(command, "params", ()):
        _translated(param, "help")
    command.context_class = _localized_context(command.context_class)
    for sub in getattr(command, "commands", {}).values():
        localize(sub)
    return command


@cache
def _localized_context(base: type) -> type:
    """A click context class whose help formatter translates headings and the usage line."""
    if getattr(base, "_mjevent_localized", False):
        return base
    formatter_base: Any = getattr(base, "formatter_class")  # noqa: B009 - click type unnamed

    class LocalizedFormatter(formatter_base):  # type: ignore[misc]
        def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
            super().write_usage(prog, args, _("Usage: ") if prefix is None else prefix)

        def write_heading(self, heading: str) -> None:
            super().write_heading(_(heading))

        def write_dl(self, rows: Any, *args: Any, **kwargs: Any) -> None:
            # Our own parameters' help is translated already (a translation is never a message
            # id, so this leaves it alone); this reaches the `--help` option click adds.
            super().write_dl([(term, _(text)) for term, text in rows], *args, **kwargs)

    class LocalizedContext(base):  # type: ignore[misc]
        formatter_class = LocalizedFormatter
        _mjevent_localized = True

    return LocalizedContext


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

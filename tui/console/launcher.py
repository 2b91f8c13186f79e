"""`LauncherApp`: what `mjevent open` shows without a file.

The recently opened events (from `recent.toml` in the user config folder) to pick with the
arrows and Enter, and the fields of `mjevent new` (file, name, rules preset, players file, date,
venue) to start a new one; the form calls `mjevent.events.new_event.create_event`, as `mjevent
new` does. The app returns the chosen or created file; `mjevent open` then opens the console on it.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Footer, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from mjevent.core.i18n import N_, _, format_date, pgettext
from mjevent.core.presets import PRESET_NAMES
from mjevent.events.new_event import NewEventError, create_event
from mjevent.tui.console.config import RecentEvent, read_recent
from mjevent.tui.console.keys import translate_bindings
from mjevent.tui.views.terminal import guard_terminal

__all__ = ["LauncherApp"]

TEXTUAL_PALETTE = N_("palette")
"""The description of the palette key Textual adds to an app with none of its own (the
launcher's footer shows it), for the catalogue."""


def recent_line(recent: RecentEvent) -> Text:
    """One recent event as the launcher lists it: the name, the event's date (else the day its
    file was last written), and the path, dimmed.

    >>> import datetime as dt
    >>> recent_line(RecentEvent(Path("/e/cup.toml"), "Cup", dt.date(2026, 3, 14))).plain
    'Cup  ·  14 March 2026  ·  /e/cup.toml'
    """
    line = Text(recent.name, style="bold")
    if recent.date is not None:
        line.append("  ·  " + format_date(recent.date))
    elif recent.written is not None:
        line.append("  ·  " + _("last written {date}").format(date=format_date(recent.written)))
    line.append(f"  ·  {recent.path}", style="dim")
    return line


class LauncherApp(App[Path | None]):
    """Pick a recent event or create one; returns its path (None: the director quit)."""

    TITLE = "mjevent"
    SUB_TITLE = N_("open an event")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+n", "create", N_("Create event"), id="launcher.create",
                tooltip=N_("Create the event the form describes (as mjevent new does) and open "
                           "it")),
        Binding("ctrl+q,escape", "quit", N_("Quit"), id="launcher.quit", priority=True,
                tooltip=N_("Leave without opening an event")),
    ]
    CSS = """
    LauncherApp VerticalScroll { padding: 0 1; }
    LauncherApp #recent-heading, LauncherApp #recent-none { padding: 0 1; }
    LauncherApp #recent { height: auto; max-height: 8; margin: 0 1; }
    LauncherApp Horizontal { height: auto; }
    LauncherApp Label { width: 16; padding: 1 0 0 0; }
    LauncherApp Input, LauncherApp Select { width: 1fr; }
    LauncherApp #new-error { color: $error; }
    """

    def __init__(self) -> None:
        super().__init__()
        guard_terminal()
        self.sub_title = _(self.SUB_TITLE)
        translate_bindings(self)  # Textual's own ctrl+p too: its "palette" is marked below

    def compose(self) -> ComposeResult:
        recent = read_recent()
        # The heading and the list stay put above the form, which scrolls at 80x24; Tab goes
        # from the list straight to the fields.
        yield Static(Text(_("Recent events (Enter opens)"), style="bold"), markup=False,
                     id="recent-heading")
        if recent:
            yield OptionList(
                *(Option(recent_line(r), id=str(r.path)) for r in recent), id="recent"
            )
        else:
            yield Static(Text(_("none yet: create one below, or run mjevent open FILE"),
                              style="dim"), markup=False, id="recent-none")
        with VerticalScroll(can_focus=False):
            yield Static(Text("\n" + _("New event (the fields of mjevent new)"), style="bold"),
                         markup=False)
            for label, field, hint in (
                (_("File"), "file", "spring-open.toml"),
                (pgettext("event", "Name"), "name", _("Spring Open 2026")),
                (_("Players file"), "players", _("players.csv (optional)")),
                (_("Date"), "date", _("2026-03-14 (optional)")),
                (_("Venue"), "venue", _("optional")),
            ):
                with Horizontal():
                    yield Label(label, markup=False)
                    yield Input(placeholder=hint, id=f"new-{field}")
                if field == "name":
                    with Horizontal():
                        yield Label(_("Rules"), markup=False)
                        yield Select([(p, p) for p in PRESET_NAMES], value="ema2016",
                                     allow_blank=False, id="new-rules")
            yield Button(_("Create and open (ctrl+n)"), id="create", variant="primary")
            yield Static(markup=False, id="new-error")
        yield Footer()

    @on(OptionList.OptionSelected, "#recent")
    def recent_chosen(self, event: OptionList.OptionSelected) -> None:
        """Open the recent event picked."""
        assert event.option.id is not None
        self.exit(Path(event.option.id))

    @on(Button.Pressed, "#create")
    @on(Input.Submitted)
    def action_create(self) -> None:
        """Create the event file (refusing to overwrite one) and open it."""

        def field(name: str) -> str | None:
            return self.query_one(f"#new-{name}", Input).value.strip() or None

        file, name = field("file"), field("name")
        error = self.query_one("#new-error", Static)
        if file is None or name is None:
            error.update(_("give the file to create and the event's name"))
            error.scroll_visible()
            return
        players = field("players")
        try:
            create_event(
                Path(file), name, str(self.query_one("#new-rules", Select).value),
                players_from=Path(players) if players else None,
                date=field("date"), venue=field("venue"),
            )
        except NewEventError as problem:
            error.update(str(problem))
            error.scroll_visible()
            return
        self.exit(Path(file))

"""`MjeventApp`: the director's console (`mjevent open FILE`).

The app owns the open event (`app.session`, an `EventSession`) and one reactive, `app.state`: the
latest `EventState`, replaced (never mutated) after every change. Screens watch it
(`self.watch(self.app, "state", self.show_state)`) and re-render what changed.

Changes go one way: a key -> a screen action -> `app.run_command(command, ...)` -> one command of
`mjevent.events.commands` appends an entry durably -> the new state -> `app.state` -> screens.
A worker thread polls the file every `POLL_SECONDS`, so what another process appends (a second
console, `mjevent record` from another laptop) shows within a second.

Top-level screens are `MODES`, one per `tui/console/screens/<name>.py` (class `<Name>Screen`, its
stylesheet `<name>.tcss` beside it), switched by F2-F8. Every mode of `MODE_KEYS` must have its
screen module: one missing stops the import with `MissingScreenError` naming it (it used to be
left out silently, its key hidden).
"""

from __future__ import annotations

import gc
import importlib
import importlib.util
import threading
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path, PurePath
from typing import Any, ClassVar, Concatenate, ParamSpec, cast

from textual import on, work
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.command import CommandPalette
from textual.notifications import SeverityLevel
from textual.reactive import Reactive, reactive
from textual.screen import Screen

from mjevent.core.heap import collector_paused
from mjevent.core.i18n import N_, _, listed, ngettext
from mjevent.core.state import EventState
from mjevent.core.text import safe_lines, safe_text
from mjevent.events.errors import EventFileError, EventFileReplacedError
from mjevent.events.session import Clock, EventSession, utc_now
from mjevent.tui.console.config import KeymapError, read_keymap
from mjevent.tui.console.keys import binding_ids, screen_keys, translate_bindings
from mjevent.tui.console.messages import (
    EventChanged,
    EventFileReplaced,
    EventFileTrouble,
    OpenTable,
)
from mjevent.tui.views.terminal import guard_terminal

__all__ = ["MODE_KEYS", "MissingScreenError", "MjeventApp", "mode_screens"]

P = ParamSpec("P")
HERE = Path(__file__).parent

MODE_KEYS: dict[str, tuple[str, str, str]] = {
    "overview": ("f2", N_("Overview"), N_("Every table of the current round and the entry line")),
    "standings": ("f3", N_("Standings"), N_("The live standings, with places and tiebreaks")),
    "players": ("f4", N_("Players"), N_("Search, add, rename, check in or withdraw players")),
    "seating": ("f5", N_("Seating"), N_("Any round as a grid of tables with winds and names")),
    "log": ("f6", N_("Log"), N_("Every entry, newest first; corrections and replay start here")),
    "timer": ("f7", N_("Timer"), N_("The round clock")),
    "stats": ("f8", N_("Stats"), N_("Every player's numbers: wins, deal-ins, riichi ... sortable")),
}
"""mode name -> (key, footer text, tooltip), in English (marked for the catalogue, translated
with the bindings when the app is built); the mode's binding id is `mode.<name>`."""


def _screen_class_name(mode: str) -> str:
    return f"{mode.capitalize()}Screen"


class MissingScreenError(ImportError):
    """A mode of `MODE_KEYS` whose screen module (`mjevent.tui.console.screens.<mode>`) is not
    there: a broken install or a mode added without its screen."""


def mode_screens(modes: Iterable[str]) -> dict[str, str | Callable[[], Screen[Any]]]:
    """Each mode's screen factory; raise `MissingScreenError` naming every mode whose screen
    module cannot be found."""
    missing = [
        m for m in modes if importlib.util.find_spec(f"mjevent.tui.console.screens.{m}") is None
    ]
    if missing:
        names = ", ".join(f"mjevent.tui.console.screens.{m}" for m in missing)
        raise MissingScreenError(
            f"the console's modes need {names}, which cannot be found: reinstall mjevent "
            "(pip install --force-reinstall mjevent), or add the screen module"
        )
    return {mode: _mode_factory(mode) for mode in modes}


def _mode_factory(mode: str) -> Callable[[], Screen[Any]]:
    def make() -> Screen[Any]:
        # Imported on first use: a mode never shown costs nothing at start-up.
        module = importlib.import_module(f"mjevent.tui.console.screens.{mode}")
        screen_class: type[Screen[Any]] = getattr(module, _screen_class_name(mode))
        # Each screen translates its own keys when it is built (EventScreen does for its
        # subclasses); the Japanese tests check the live keys of every screen they visit.
        return screen_class()

    return make


def _stylesheets() -> list[str | PurePath]:
    # Screen CSS applies app-wide, so each file nests its rules under its screen type.
    sheets: list[str | PurePath] = [HERE / "app.tcss"]
    for folder in ("screens", "dialogs"):
        sheets.extend(sorted((HERE / folder).glob("*.tcss")))
    return sheets


class MjeventApp(App[None]):
    """The console over one event file.

    `clock` stamps every entry recorded from the console (tests pass a fixed one);
    `keymap_path` names a keymap TOML (default: `keymap.toml` in the user config folder);
    `poll_seconds` how often the file is checked for other processes' appends (None: never,
    for snapshot tests).
    """

    TITLE = "mjevent"
    CSS_PATH = _stylesheets()
    MODES: ClassVar[dict[str, str | Callable[[], Screen[Any]]]] = mode_screens(MODE_KEYS)
    DEFAULT_MODE = "overview"
    POLL_SECONDS = 0.3
    OFFERS_TABLES = True
    """Whether the palette offers each table's screen (where hands are entered, undone and
    amended); the read-only display does not."""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "f1", "help", N_("Help"), id="app.help",
            tooltip=N_("Every key of this screen and of the app, with what it does"),
        ),
        *(
            Binding(
                key, f"mode('{mode}')", text, id=f"mode.{mode}", tooltip=tip
            )
            for mode, (key, text, tip) in MODE_KEYS.items()
        ),
        # The footer docks this key over the others' overflow, and the compositor cuts it at
        # their edges: a two-cell character cut in half shows as blanks, so a translation of
        # "Palette" should use one-cell characters (Japanese: half-width katakana).
        Binding(
            "ctrl+p", "command_palette", N_("Palette"), id="app.palette", priority=True,
            show=False, tooltip=N_("Search every action of this screen, and jump to a table"),
        ),
        Binding(
            "ctrl+q", "quit", N_("Quit"), id="app.quit", priority=True,
            tooltip=N_("Close the console (every entry is already saved)"),
        ),
    ]

    state: Reactive[EventState] = reactive(cast(EventState, None), init=False, repaint=False)
    """The latest fold of the event file; a new object after every change. Setting it does not
    repaint the screen: each screen watching it updates what changed (a repaint of the whole
    screen at every Enter would cost more than the hand, at 125 tables)."""

    def __init__(
        self,
        event_path: Path,
        *,
        clock: Clock = utc_now,
        keymap_path: Path | None = None,
        poll_seconds: float | None = POLL_SECONDS,
        read_only: bool = False,
    ) -> None:
        """Open `event_path`; raises the `events.errors` errors before anything is shown.
        `read_only` opens it without a lock and never writes (the projector's display)."""
        super().__init__()
        guard_terminal()
        self.clock = clock
        with collector_paused():
            self.session = EventSession.open(event_path, clock=clock, read_only=read_only)
            # The log as read and folded (at 500 players some 300,000 objects, no cycles) lives
            # as long as the console: out of the cycle collector's sight, it is not scanned
            # once more in each generation after the open (a pause of ~300 ms, now and then,
            # while the director types). Refcounting still frees what a new state replaces.
            gc.freeze()
        self.keymap_path = keymap_path
        self.poll_seconds = poll_seconds
        self._stop_polling = threading.Event()
        self._settled_here = False
        self.set_reactive(MjeventApp.state, self.session.state)
        # Opening the event may have switched to its `[event] language`: the keys speak it.
        translate_bindings(self)
        self.sub_title = safe_text(f"{self.session.state.settings.event.name} ({event_path.name})")

    def notify(
        self, message: str, *, title: str = "", severity: SeverityLevel = "information",
        timeout: float | None = None, markup: bool = True,
    ) -> None:
        """Show a notification: never read as markup (a message may quote a name like "[/]"),
        and spelled out (`safe_lines`), whatever the caller asks."""
        super().notify(
            safe_lines(message), title=safe_text(title), severity=severity, timeout=timeout,
            markup=False,
        )

    # --- start and stop ------------------------------------------------------------------------

    def on_mount(self) -> None:
        """Apply the user's keymap, start watching the file."""
        try:
            keymap = read_keymap(self.keymap_path, known=binding_ids())
        except KeymapError as error:  # `mjevent open` checks it first; a script may not
            self.notify(str(error), title=_("Keymap not applied"), severity="error", timeout=10)
            keymap = {}
        if keymap:
            self.set_keymap(keymap)
        if self.poll_seconds is not None:
            self.watch_event_file(self.poll_seconds)

    def on_unmount(self) -> None:
        """Let the watcher thread end at once rather than after its next sleep; hand what
        was frozen at the open back to the collector (a process may open another console)."""
        self._stop_polling.set()
        gc.unfreeze()

    @work(thread=True, exclusive=True, group="event-file")
    def watch_event_file(self, seconds: float) -> None:
        """Poll the file; post `EventChanged` when another process appended.

        Trouble is posted once while it lasts (the same message at every poll would bury the
        screen in notices): a file replaced or deleted under the console as `EventFileReplaced`,
        anything else as `EventFileTrouble`."""
        warned = len(self.session.store.warnings)
        said: object = None
        while not self._stop_polling.wait(seconds):
            try:
                changed = self.session.refresh()
            except EventFileReplacedError as error:
                found = error.divergence
                if said != (found.deleted, found.key):
                    said = (found.deleted, found.key)
                    self.post_message(EventFileReplaced(found))
                continue
            except (EventFileError, OSError, ValueError) as error:
                # Another program broke the file: say so and keep showing the last good
                # state (a crash here would lose the director's typing).
                if said != str(error):
                    said = str(error)
                    self.post_message(EventFileTrouble(str(error)))
                continue
            if isinstance(said, tuple) and self.session.divergence is None:
                # Put right elsewhere (the original moved back, another console appended
                # the entries back): the notice goes.
                self.post_message(EventFileReplaced(None))
            said = None
            # What the store repaired while reading (a torn entry another program left).
            for warning in self.session.store.warnings[warned:]:
                self.post_message(EventFileTrouble(warning))
            warned = len(self.session.store.warnings)
            if changed:
                self.post_message(EventChanged(self.session.state))

    @on(EventChanged)
    def show_new_state(self, message: EventChanged) -> None:
        """Another process appended: every screen watching `state` re-renders."""
        self.state = message.state

    @on(EventFileTrouble)
    def show_file_trouble(self, message: EventFileTrouble) -> None:
        """Say what is wrong with the file; the console keeps the last good state."""
        self.notify(message.text, title=_("Event file"), severity="error", timeout=10)

    @on(EventFileReplaced)
    def show_file_replaced(self, message: EventFileReplaced) -> None:
        """The file lacks what the console acknowledged: ask the director what to do; or it
        holds all of it again: close the question."""
        from mjevent.tui.console.dialogs.attention import AttentionDialog

        if message.divergence is not None:
            self.ask_about_file()
            return
        if self._settled_here:
            self._settled_here = False  # the director chose here, and was told so
            return
        if isinstance(self.screen, AttentionDialog):
            self.screen.dismiss(None)
        self.notify(
            _("{path} holds every entry this console read or recorded again.").format(
                path=self.session.path
            ),
            title=_("Event file"),
        )

    def ask_about_file(self) -> None:
        """Show the "needs attention" dialog for the file as last found (once at a time)."""
        from mjevent.tui.console.dialogs.attention import AttentionDialog

        divergence = self.session.divergence
        if divergence is None:
            return
        shown = [s for s in self.screen_stack if isinstance(s, AttentionDialog)]
        if shown and shown[-1].divergence.key == divergence.key:
            return
        if shown and shown[-1] is self.screen:
            # The file changed again (deleted, then a copy put there): say what holds now.
            self.screen.dismiss(None)
        elif shown:
            return
        self.push_screen(AttentionDialog(divergence), self._file_choice)

    def _file_choice(self, choice: str | None) -> None:
        from mjevent.tui.console.dialogs import attention

        path = self.session.path
        try:
            if choice == attention.APPEND_BACK:
                done = self.session.append_back()
                text = ngettext(
                    "{n} entry was appended back to {path}, with its own id.",
                    "{n} entries were appended back to {path}, with their own ids.",
                    len(done),
                ).format(n=len(done), path=path)
            elif choice == attention.TAKE_FILE:
                self.session.accept_file()
                text = _("{path} was reloaded as it is now.").format(path=path)
            elif choice == attention.WRITE_BACK:
                self.session.write_back()
                text = _("The event was written back to {path}.").format(path=path)
            else:
                return
        except (EventFileError, OSError, ValueError) as error:
            self._show_session_state()
            self.notify(str(error), title=_("Event file"), severity="error", timeout=15)
            return
        self._show_session_state()
        self._settled_here = True
        self.notify(text, title=_("Event file"))

    # --- changing the event --------------------------------------------------------------------

    def run_command(
        self,
        command: Callable[Concatenate[EventSession, P], EventState],
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> EventState:
        """Run one events command through the session and show its new state at once.

        Errors pass through unchanged (nothing was written); the caller shows them.
        """
        try:
            state = self.session.run(command, *args, **kwargs)
        except EventFileReplacedError:
            self._show_session_state()
            self.ask_about_file()
            raise
        except BaseException:
            # The refusal may have read another writer's entry (the session refolded it).
            self._show_session_state()
            raise
        self.state = state
        return state

    def _show_session_state(self) -> None:
        # Identity, not equality: comparing two folds of a 500-player event costs more.
        if self.session.state is not self.state:
            self.state = self.session.state

    # --- keys ------------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hide the key of a mode this app does not have (the timer and display apps have one
        mode); dim the one shown now."""
        if action == "mode" and parameters:
            mode = str(parameters[0])
            if mode not in self.MODES:
                return False
            if mode == self.current_mode:
                return None
        return True

    async def action_mode(self, mode: str) -> None:
        """Show the top-level screen `mode` (F2-F8)."""
        if mode in self.MODES and mode != self.current_mode:
            await self.switch_mode(mode)
            self.refresh_bindings()

    def action_command_palette(self) -> None:
        """Show the command palette (ctrl+p), its search line in the language in use."""
        if self.use_command_palette and not CommandPalette.is_open(cast(App[object], self)):
            self.push_screen(
                CommandPalette(placeholder=_("Search for commands…"), id="--command-palette")
            )

    def action_help(self) -> None:
        """Show every key of the current screen and of the app (F1)."""
        from mjevent.tui.console.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.screen))

    @on(OpenTable)
    def open_table(self, message: OpenTable) -> None:
        """Show one table's game hand by hand."""
        self.show_table(message.round, message.table)

    def show_table(self, round: int, table: int) -> None:
        """Push the `TableScreen` of `table` in `round`."""
        from mjevent.tui.console.screens.table import TableScreen

        self.push_screen(TableScreen(round, table))

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The palette: every active key of `screen` (with an id) as a command, each table of
        the round the overview shows, each table of every other round. Textual's own (Keys,
        Maximize, Screenshot, Theme and a second Quit) are left out: they do not serve a
        director, and ctrl+q is already here as "app: Quit"."""
        for key in screen_keys(screen):
            binding = key.binding
            if binding.id == "app.palette" or not key.enabled:
                continue
            area = _area_name((binding.id or "app").split(".")[0])
            yield SystemCommand(
                _("{area}: {action}").format(area=area, action=binding.description),
                f"{key.display} · {binding.tooltip or binding.description}",
                partial(self.run_action, binding.action, key.node),
            )
        from mjevent.core.finish import shown_round

        state = self.state
        rnd = shown_round(state)
        tables = state.seating.get(rnd, ()) if self.OFFERS_TABLES else ()
        for number, seats in enumerate(tables, 1):
            names = listed(state.name(p) for p in seats)
            yield SystemCommand(
                _("table: Table {table}").format(table=number),
                _("Round {round}: {names}").format(round=rnd, names=names),
                partial(self.show_table, rnd, number),
            )
        if self.session.divergence is not None:
            yield SystemCommand(
                _("app: The event file needs attention"),
                _("Append back what it lacks, or take it as it is now"),
                self.ask_about_file,
            )
        # Every other round's tables too, finished or to come ("Round 2 · Table 1").
        for other, tables in sorted(state.seating.items()):
            if other == rnd or not self.OFFERS_TABLES:
                continue
            for number, seats in enumerate(tables, 1):
                yield SystemCommand(
                    _("table: Round {round} · Table {table}").format(round=other, table=number),
                    listed(state.name(p) for p in seats),
                    partial(self.show_table, other, number),
                )


_AREAS = {
    "app": N_("app"),
    "mode": N_("mode"),
    "overview": N_("overview"),
    "entry": N_("entry"),
    "table": N_("table"),
    "standings": N_("standings"),
    "history": N_("history"),
    "players": N_("players"),
    "log": N_("log"),
    "replay": N_("replay"),
    "help": N_("help"),
    "seating": N_("seating"),
    "timer": N_("timer"),
    "display": N_("display"),
    "command_dialog": N_("dialog"),
    "confirm": N_("confirm"),
    "form": N_("form"),
    "numbers": N_("numbers"),
    "launcher": N_("launcher"),
    "attention": N_("attention"),
    "prizes": N_("prize-giving"),
    "stats": N_("statistics"),
}
"""The first part of a binding id, as the palette names the area it belongs to."""


def _area_name(area: str) -> str:
    # An area with no name here (a new screen's) shows its id, as it did in English.
    return _(_AREAS[area]) if area in _AREAS else area


"""Keys: every binding has an id, a description and a tooltip, ids are unique; help lists the live
bindings; the palette reaches every action and every table; a user keymap rebinds by id."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from pathlib import Path

from textual.binding import Binding
from textual.dom import DOMNode

import mjevent.tui
from mjevent.tui.console.app import MjeventApp
from mjevent.tui.console.screens.help import HelpScreen
from mjevent.tui.console.screens.table import TableScreen

from .conftest import make_app, screen_text


def _our_classes() -> list[type[DOMNode]]:
    """Every app, screen, dialog and widget class defined in mjevent.tui."""
    found: list[type[DOMNode]] = []
    for info in pkgutil.walk_packages(mjevent.tui.__path__, "mjevent.tui."):
        module = importlib.import_module(info.name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, DOMNode) and cls.__module__ == info.name:
                found.append(cls)
    return found


def test_every_binding_has_id_description_and_tooltip_and_ids_are_unique() -> None:
    owners: dict[str, str] = {}
    classes = _our_classes()
    assert {"MjeventApp", "OverviewScreen", "TableScreen", "HelpScreen", "EntryLine",
            "ConfirmDialog", "HandFormDialog", "LauncherApp"} <= {c.__name__ for c in classes}
    for cls in classes:
        for binding in cls.__dict__.get("BINDINGS", []):
            assert isinstance(binding, Binding), f"{cls.__name__}: use Binding(...), not a tuple"
            where = f"{cls.__name__} {binding.key}"
            assert binding.id, f"{where}: give the binding an id (area.verb)"
            assert binding.description, f"{where}: give the binding a description"
            assert binding.tooltip, f"{where}: give the binding a tooltip"
            assert binding.id not in owners, (
                f"binding id {binding.id} is used by {owners[binding.id]} and {cls.__name__}")
            owners[binding.id] = cls.__name__


async def test_f1_lists_the_screens_keys_with_their_ids(club: Path) -> None:
    app = make_app(club)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = screen_text(app)
        for line in ("^t   Table           overview.table", "entry.history_back",
                     "overview.open_table", "mode.overview", "app.quit"):
            assert line in text
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)


async def test_palette_offers_every_binding_and_every_table(club: Path) -> None:
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        titles = [c.title for c in app.get_system_commands(app.screen)]
        for title in ("overview: Table", "overview: Entry line", "entry: Earlier line",
                      "app: Help", "app: Quit", "table: Table 1", "table: Table 4"):
            assert title in titles
        assert "mode: Overview" not in titles  # the mode shown now is dimmed, not offered
        # choosing "table: Table 3" opens it
        command = next(c for c in app.get_system_commands(app.screen)
                       if c.title == "table: Table 3")
        command.callback()
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.screen.table == 3


async def test_user_keymap_rebinds_a_key_by_its_id(club: Path, _config_home: Path) -> None:
    _config_home.joinpath("mjevent").mkdir(parents=True)
    _config_home.joinpath("mjevent", "keymap.toml").write_text('"app.help" = "f9"\n', "utf-8")
    app = MjeventApp(club, poll_seconds=None)
    # 40 lines: with every mode installed (F2-F7) the help's list of keys is longer than 24.
    async with app.run_test(size=(80, 40)) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)
        await pilot.press("f9")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        # The help's key list scrolls inside its box (its descriptions wrap): read its rows.
        assert ("f9", "Help", "app.help") in [row[:3] for row in app.screen.rows]

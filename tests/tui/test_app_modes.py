"""The console's modes: every mode of `MODE_KEYS` has its screen, and one missing stops the app
from loading (it used to be left out silently, its key hidden)."""

from __future__ import annotations

import pytest

from mjevent.tui.console.app import MODE_KEYS, MissingScreenError, MjeventApp, mode_screens


def test_every_mode_has_its_screen() -> None:
    assert list(MjeventApp.MODES) == list(MODE_KEYS)
    assert list(MODE_KEYS) == [
        "overview", "standings", "players", "seating", "log", "timer", "stats",
    ]


def test_a_missing_screen_module_is_named_not_dropped() -> None:
    with pytest.raises(MissingScreenError) as caught:
        mode_screens(["overview", "awards", "stats", "ledger"])
    assert str(caught.value) == (
        "the console's modes need mjevent.tui.console.screens.awards, "
        "mjevent.tui.console.screens.ledger, which "
        "cannot be found: reinstall mjevent (pip install --force-reinstall mjevent), or add the "
        "screen module"
    )


def test_present_screens_make_one_factory_each() -> None:
    modes = mode_screens(["overview", "log"])
    assert list(modes) == ["overview", "log"]
    assert all(callable(factory) for factory in modes.values())

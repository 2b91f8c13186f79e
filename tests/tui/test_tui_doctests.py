"""The docstring examples of the console's modules hold (the suite's doctest run covers core/
and events/ only)."""

from __future__ import annotations

import doctest
import importlib

import pytest


@pytest.mark.parametrize("name", [
    "mjevent.tui.console.config",
    "mjevent.tui.console.dialogs.hand_form",
    "mjevent.tui.console.screens.overview",
    "mjevent.tui.console.widgets.table_list",
])
def test_docstring_examples_hold(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0

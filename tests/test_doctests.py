"""Run the worked examples in the docstrings of every module, imported through `mjevent`.

pytest's own `--doctest-modules` would import `core/x.py` as a bare `core.x`, a second copy of the
module; running doctest on the installed modules keeps one identity per class.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import mjevent.core
import mjevent.events


def _modules() -> list[str]:
    names: list[str] = []
    for package in (mjevent.core, mjevent.events):
        prefix = package.__name__ + "."
        for info in pkgutil.walk_packages(package.__path__, prefix):
            names.append(info.name)
    return sorted(names)


@pytest.mark.parametrize("name", _modules())
def test_docstring_examples_hold(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} docstring example(s) failed in {name}"

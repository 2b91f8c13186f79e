"""The distribution exposes one namespace, `mjevent`, and every sub-package ships in the wheel."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_subpackage_is_listed_for_the_wheel() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    on_disk = {
        "mjevent." + ".".join(init.parent.relative_to(ROOT).parts)
        for top in ("core", "events", "tui")
        for init in (ROOT / top).rglob("__init__.py")
    }
    missing = sorted(on_disk - listed)
    assert missing == [], f"add {missing} to [tool.setuptools] packages in pyproject.toml"


def _import_from_neutral_folder(module: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", f"import {module}"], capture_output=True, text=True, cwd="/"
    )


def test_bare_top_level_modules_are_not_installed() -> None:
    for name in ("core", "events", "tui"):
        result = _import_from_neutral_folder(name)
        assert result.returncode != 0
        assert f"No module named '{name}'" in result.stderr


def test_mjevent_namespace_imports() -> None:
    for name in ("mjevent.core", "mjevent.events", "mjevent.tui.cli.main"):
        assert _import_from_neutral_folder(name).returncode == 0


def test_no_module_lies_beside_a_package_of_its_name() -> None:
    # A package wins the import over a module of the same name beside it, so such a module is
    # dead code that still reads as the real one (a split left core/scoring.py so once).
    shadowed = sorted(
        str(init.parent.with_suffix(".py").relative_to(ROOT))
        for top in ("core", "events", "tui")
        for init in (ROOT / top).rglob("__init__.py")
        if init.parent.with_suffix(".py").exists()
    )
    assert shadowed == []

"""The layers of docs/architecture.md, enforced.

`core` is pure (stdlib and numpy, no terminal, no TOML, no files), `events` may use `core` but no
terminal library, and only `tui` may import Textual, Rich or Typer.
"""

from __future__ import annotations

import ast
import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import mjevent.core
import mjevent.events

ROOT = Path(__file__).resolve().parent.parent


def _submodules(package: object) -> list[str]:
    path = package.__path__  # type: ignore[attr-defined]
    prefix = package.__name__ + "."  # type: ignore[attr-defined]
    return [info.name for info in pkgutil.walk_packages(path, prefix)]


def _loaded_after_import(modules: list[str]) -> set[str]:
    script = (
        "import importlib, json, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], check=True, capture_output=True, text=True, cwd="/"
    )
    return set(json.loads(out.stdout))


def _top_levels(loaded: set[str]) -> set[str]:
    return {name.split(".")[0] for name in loaded}


def test_core_imports_no_terminal_toml_or_outer_layer() -> None:
    loaded = _loaded_after_import(["mjevent.core", *_submodules(mjevent.core)])
    forbidden = {"textual", "rich", "typer", "click", "tomllib", "tomli_w"}
    assert _top_levels(loaded) & forbidden == set()
    assert {m for m in loaded if m.startswith(("mjevent.events", "mjevent.tui"))} == set()


def test_core_and_events_import_without_textual() -> None:
    modules = ["mjevent.events", *_submodules(mjevent.events)]
    loaded = _loaded_after_import(modules)
    assert _top_levels(loaded) & {"textual", "rich", "typer", "click"} == set()
    assert {m for m in loaded if m.startswith("mjevent.tui")} == set()


# core may not touch the disk: no open(), no path or file-system modules.
_FILE_MODULES = {"pathlib", "io", "shutil", "tempfile", "os", "sqlite3", "fcntl", "glob"}


def _file_io_uses(source: str) -> list[str]:
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.split(".")[0] in _FILE_MODULES]
        elif isinstance(node, ast.ImportFrom) and node.module:
            if node.module.split(".")[0] in _FILE_MODULES:
                found.append(node.module)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "open"
        ):
            found.append(f"open() at line {node.lineno}")
    return found


def test_core_does_no_file_io() -> None:
    offenders = {
        str(path.relative_to(ROOT)): uses
        for path in sorted((ROOT / "core").rglob("*.py"))
        if (uses := _file_io_uses(path.read_text(encoding="utf-8")))
    }
    assert offenders == {}


def test_file_io_scan_catches_open_and_pathlib() -> None:
    assert _file_io_uses("import pathlib\nopen('x')\n") == ["pathlib", "open() at line 2"]

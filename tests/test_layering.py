"""The layers of docs/architecture.md, enforced.

`core` is pure (stdlib and numpy, no terminal, no TOML, no files), `events` may use `core` but no
terminal library, and only `tui` may import Textual, Rich or Typer. Inside `tui`, the console
(`tui/console`) never imports the command line (`tui/cli`), and the views (`tui/views`) import
neither.
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


# Every import statement of core/ and events/ is read, wherever it stands: at the top, inside a
# function, under `if TYPE_CHECKING`, and `importlib.import_module("...")` / `__import__("...")`
# with a literal name. A function-level import loads nothing until the function runs, so the
# subprocess checks above cannot see it; this scan can.
_FILE_MODULES = ("pathlib", "io", "shutil", "tempfile", "os", "sqlite3", "fcntl", "glob")
_TERMINAL = ("textual", "rich", "typer", "click")
FORBIDDEN: dict[str, tuple[str, ...]] = {
    # core may not touch the disk (no open(), no path or file-system modules), read TOML, or
    # reach an outer layer.
    "core": ("mjevent.events", "mjevent.tui", *_TERMINAL, "tomllib", "tomli_w", *_FILE_MODULES),
    "events": ("mjevent.tui", *_TERMINAL),
}


def _imports(source: str, module: str) -> list[tuple[str, int]]:
    """Every module `source` (the module `module`) imports, absolute, with its line. `from X
    import a` gives X and X.a (a may be a module)."""
    package = module.rsplit(".", 1)[0]
    found: list[tuple[str, int]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(a.name, node.lineno) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                stem = ".".join(parts[: len(parts) - node.level + 1])
                base = f"{stem}.{base}" if base else stem
            found.append((base, node.lineno))
            found += [(f"{base}.{a.name}", node.lineno) for a in node.names if a.name != "*"]
        elif (
            isinstance(node, ast.Call)
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
            and (
                (isinstance(node.func, ast.Name) and node.func.id == "__import__")
                or (isinstance(node.func, ast.Attribute) and node.func.attr == "import_module")
            )
        ):
            found.append((node.args[0].value, node.lineno))
    return found


def _violations(source: str, module: str, layer: str) -> list[str]:
    """What `source` imports that `layer` may not, and (core) where it calls open()."""
    bad = [
        f"{name} at line {line}"
        for name, line in sorted(_imports(source, module), key=lambda found: found[1])
        if any(name == f or name.startswith(f + ".") for f in FORBIDDEN[layer])
    ]
    if layer == "core":
        bad += [
            f"open() at line {node.lineno}"
            for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "open"
        ]
    return bad


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    parts = parts[:-1] if parts[-1] == "__init__" else parts
    return "mjevent." + ".".join(parts) + (".__init__" if path.name == "__init__.py" else "")


def test_every_import_in_core_and_events_keeps_to_its_layer() -> None:
    offenders = {
        str(path.relative_to(ROOT)): found
        for layer in FORBIDDEN
        for path in sorted((ROOT / layer).rglob("*.py"))
        if (found := _violations(path.read_text(encoding="utf-8"), _module_name(path), layer))
    }
    assert offenders == {}


# Inside tui/ the three programs keep apart: the console never reaches into the command line,
# the pure views (the shaping both use) import neither program, and the venue server is not the
# CLI either. The CLI may start the console and the server; nothing imports the CLI back.
TUI_FORBIDDEN: dict[str, tuple[str, ...]] = {
    "tui/console": ("mjevent.tui.cli",),
    "tui/views": ("mjevent.tui.cli", "mjevent.tui.console", "mjevent.tui.web", "typer", "click"),
    "tui/web": ("mjevent.tui.cli",),
}


def _tui_violations(source: str, module: str, folder: str) -> list[str]:
    return [
        f"{name} at line {line}"
        for name, line in sorted(_imports(source, module), key=lambda found: found[1])
        if any(name == f or name.startswith(f + ".") for f in TUI_FORBIDDEN[folder])
    ]


def test_tui_folders_keep_apart() -> None:
    offenders = {
        str(path.relative_to(ROOT)): found
        for folder in TUI_FORBIDDEN
        for path in sorted((ROOT / folder).rglob("*.py"))
        if (found := _tui_violations(path.read_text(encoding="utf-8"), _module_name(path), folder))
    }
    assert offenders == {}
    # Every module of tui/ is in one of its programs: no loose module at the top any more.
    loose = sorted(p.name for p in (ROOT / "tui").glob("*.py") if p.name != "__init__.py")
    assert loose == []


def test_the_tui_scan_catches_a_view_importing_the_console() -> None:
    planted = "def f():\n    from mjevent.tui.console.app import MjeventApp\n    import typer\n"
    assert _tui_violations(planted, "mjevent.tui.views.sheets", "tui/views") == [
        "mjevent.tui.console.app at line 2",
        "mjevent.tui.console.app.MjeventApp at line 2",
        "typer at line 3",
    ]
    assert _tui_violations(planted, "mjevent.tui.cli.record", "tui/console") == []


def test_the_scan_catches_an_import_inside_a_function() -> None:
    planted = (
        "from __future__ import annotations\n"
        "def show(state):\n"
        "    from mjevent.tui.console.app import MjeventApp\n"
        "    import textual.widgets\n"
        "    from ..tui import screens\n"
        "    return importlib.import_module('rich.text')\n"
    )
    assert _violations(planted, "mjevent.events.commands", "events") == [
        "mjevent.tui.console.app at line 3",
        "mjevent.tui.console.app.MjeventApp at line 3",
        "textual.widgets at line 4",
        "mjevent.tui at line 5",
        "mjevent.tui.screens at line 5",
        "rich.text at line 6",
    ]
    # The same lines in core, plus TOML and file I/O that only core may not use.
    core = planted + "    import tomllib\n    with open('x') as f:\n        pass\n"
    assert _violations(core, "mjevent.core.preview", "core")[-3:] == [
        "rich.text at line 6",
        "tomllib at line 7",
        "open() at line 8",
    ]
    # What each layer may import passes: core from core, events from core and tomllib.
    allowed = "def f():\n    from mjevent.core import state\n    import tomllib, typing\n"
    assert _violations(allowed, "mjevent.events.store", "events") == []
    assert _violations("from . import entries\n", "mjevent.core.state", "core") == []


def _loaded_by_command(args: list[str]) -> tuple[int, str, set[str]]:
    """(exit code, stdout, modules loaded) of `mjevent ARGS` run in a fresh interpreter."""
    script = (
        "import atexit, json, sys\n"
        "atexit.register(lambda: print(json.dumps(sorted(sys.modules)), file=sys.stderr))\n"
        "from mjevent.tui.cli.main import app\n"
        "sys.argv[0] = 'mjevent'\n"
        "sys.exit(app())\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script, *args], check=False, capture_output=True, text=True, cwd="/"
    )
    return out.returncode, out.stdout, set(json.loads(out.stderr.splitlines()[-1]))


def test_record_and_check_load_neither_numpy_nor_the_console(tmp_path: Path) -> None:
    # numpy (the standings' computation) and the console's libraries cost a director's
    # `mjevent record` some 0.2 s each and it needs none of them (bench/commands.py); `check`
    # needs the standings only for a finished event's podium, and the sample is under way.
    club = tmp_path / "club.toml"
    club.write_bytes((ROOT / "samples" / "club.toml").read_bytes())
    code, stdout, loaded = _loaded_by_command(["record", str(club), "r5", "t1", "draw"])
    assert (code, stdout.split()[0]) == (0, "recorded")
    assert club.read_bytes() != (ROOT / "samples" / "club.toml").read_bytes()
    code, stdout, checked = _loaded_by_command(["check", str(club)])
    assert code == 0
    assert "Final standings" not in stdout
    for modules in (loaded, checked):
        assert {"mjevent.core.standings.compute", "mjevent.core.stats"} & modules == set()
        assert _top_levels(modules) & {"numpy", "textual", "jinja2", "aiohttp"} == set()

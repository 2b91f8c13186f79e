"""The `mjevent` entry point itself: version, help, and that it starts without Textual."""

from __future__ import annotations

import subprocess
import sys
from importlib.metadata import version

import pytest
from typer.testing import CliRunner

from mjevent.tui.cli.main import COMMANDS, app, load_command

runner = CliRunner()


def test_version_prints_the_installed_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output == f"mjevent {version('mjevent')}\n"


def test_help_names_the_program_and_its_purpose() -> None:
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    assert "Usage: mjevent" in result.output
    assert "mahjong event" in result.output


def test_unknown_command_fails_with_usage() -> None:
    result = runner.invoke(app, ["nonsense"])
    assert result.exit_code == 2
    assert "No such command 'nonsense'" in result.output


def test_cli_module_does_not_load_textual() -> None:
    script = "import sys, mjevent.tui.cli.main; print('textual' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd="/")
    assert out.stdout.strip() == "False"


def test_cli_module_imports_no_command_until_it_runs() -> None:
    script = (
        "import sys, mjevent.tui.cli.main; "
        "print(sorted(m for m in ('numpy', 'mjevent.core.standings', 'mjevent.events.store') "
        "if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd="/")
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_listed_command_loads_under_its_name(name: str) -> None:
    assert load_command(name).name == name


def test_help_lists_every_command() -> None:
    result = runner.invoke(app, ["--help"])
    listed = [line.split()[0] for line in result.output.split("Commands:")[1].splitlines() if line]
    assert listed == list(COMMANDS)

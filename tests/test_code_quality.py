"""ruff and strict mypy belong to the suite: the README's one test command is the whole gate."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_ruff_finds_nothing() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--no-cache", "."],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_finds_nothing(mypy_run: tuple[int, str]) -> None:
    # `.ci/mypy` is started by tests/conftest.py as the session begins (see mypy_run there)
    code, output = mypy_run
    assert code == 0, output

"""Every test starts in English with no catalogue loader registered, whatever the machine's
locale: a test that wants Japanese asks for it (`tests/i18n_helpers.py`)."""

from __future__ import annotations

import gettext
import os
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO

import pytest

from mjevent.core import i18n

for _key in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
    os.environ.pop(_key, None)
os.environ["LANG"] = "C.UTF-8"

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    i18n.install(i18n.ENGLISH, gettext.NullTranslations())
    i18n.set_loader(None)
    yield
    i18n.install(i18n.ENGLISH, gettext.NullTranslations())
    i18n.set_loader(None)


@pytest.fixture(autouse=True)
def _config_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """No test reads or writes the user's own keymap or recent events, nor another test's (two
    tests run at once under pytest-xdist): each has a config folder of its own."""
    folder = tmp_path / "config"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(folder))
    yield folder


# --- strict mypy beside the other tests ------------------------------------------------------

MYPY_TEST = "test_code_quality.py::test_mypy_strict_finds_nothing"


@dataclass(frozen=True)
class MypyRun:
    """`.ci/mypy` running in the background, and the temp file its output goes to (a pipe that
    nobody reads until the end could fill up and stall it)."""

    process: subprocess.Popen[bytes]
    output: IO[bytes]


_MYPY_RUN = pytest.StashKey[MypyRun]()


def start_mypy(config: pytest.Config) -> MypyRun:
    """Start `.ci/mypy` (strict, over the package, the tests and the benchmarks)."""
    output = tempfile.TemporaryFile()  # noqa: SIM115 (read and closed by the mypy_run fixture)
    process = subprocess.Popen(
        ["bash", str(ROOT / ".ci" / "mypy")],
        cwd=ROOT,
        stdout=output,
        stderr=subprocess.STDOUT,
        env={"PYTHON": sys.executable, "PATH": "/usr/bin:/bin"},
        start_new_session=True,  # its own process group, so that an early end can stop it all
    )
    run = config.stash[_MYPY_RUN] = MypyRun(process, output)
    return run


def pytest_collection_finish(session: pytest.Session) -> None:
    """From a clean clone strict mypy takes half a minute of one core: when this session is to
    run the mypy test, start it now, so that it runs on the other core while the tests run.
    Under pytest-xdist every worker collects every test, and both cores are busy already: there
    the worker that is given the mypy test starts it (the `mypy_run` fixture)."""
    if hasattr(session.config, "workerinput"):
        return
    if any(item.nodeid.endswith(MYPY_TEST) for item in session.items):
        start_mypy(session.config)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """A mypy started for a test that never ran (a failure under -x, ctrl+c) is stopped."""
    run = session.config.stash.get(_MYPY_RUN, None)
    if run is not None and run.process.poll() is None:
        os.killpg(run.process.pid, signal.SIGTERM)
        run.process.wait()


@pytest.fixture
def mypy_run(request: pytest.FixtureRequest) -> tuple[int, str]:
    """The exit code and output of `.ci/mypy`, started as the session began (or now)."""
    run = request.config.stash.get(_MYPY_RUN, None) or start_mypy(request.config)
    code = run.process.wait()
    run.output.seek(0)
    text = run.output.read().decode("utf-8", "replace")
    run.output.close()
    return code, text

"""Issue 22, the event path: a pipe, a device or a folder named as FILE is refused at once.

Before, a FIFO hung every command for ever (the lock and the read opened it blocking) and
`/dev/zero` (size 0 by `stat`) was read until memory ran out.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mjevent.events import open_event
from mjevent.events.errors import EventFileError
from mjevent.tui.cli.main import app

SAMPLES = Path(__file__).resolve().parent.parent.parent / "samples"
runner = CliRunner()


def _refusal(path: Path | str) -> str:
    return (
        f"{path}: not a regular file (a pipe, a device or a socket), so not an event file; "
        "nothing was read or written. Fix: give the path of the event's .toml file."
    )


@pytest.mark.parametrize("read_only", [True, False])
def test_a_fifo_is_refused_without_blocking(tmp_path: Path, read_only: bool) -> None:
    fifo = tmp_path / "club.toml"
    os.mkfifo(fifo)
    with pytest.raises(EventFileError) as caught:
        open_event(fifo, read_only=read_only)
    assert str(caught.value) == _refusal(fifo)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.toml"]  # no lock file made


def test_a_link_to_a_fifo_is_refused(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    (tmp_path / "club.toml").symlink_to(fifo)
    with pytest.raises(EventFileError) as caught:
        open_event(tmp_path / "club.toml")
    assert str(caught.value) == _refusal(tmp_path / "club.toml")


@pytest.mark.parametrize(
    "args",
    [
        ["check", "{f}"],
        ["print", "standings", "{f}"],
        ["replay", "{f}"],
        ["record", "{f}", "t1", "tsumo", "p1", "30/2"],
        ["open", "{f}"],
    ],
)
@pytest.mark.parametrize("device", ["fifo", "/dev/zero"])
def test_every_command_refuses_a_non_regular_file(
    tmp_path: Path, args: list[str], device: str
) -> None:
    if device == "fifo":
        path = str(tmp_path / "club.toml")
        os.mkfifo(path)
    else:
        path = device
    result = runner.invoke(app, [a.format(f=path) for a in args])
    assert result.exit_code != 0
    assert _refusal(path) in " ".join(result.output.split())
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_a_folder_is_still_named_a_folder(tmp_path: Path) -> None:
    with pytest.raises(EventFileError) as caught:
        open_event(tmp_path, read_only=True)
    assert str(caught.value) == (
        f"{tmp_path}: is a folder, not an event file. Fix: give the path of the .toml file."
    )


def test_a_regular_event_file_still_opens(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    shutil.copy(SAMPLES / "club.toml", path)
    assert open_event(path, read_only=True).event.event.name

"""Issue 22, user files: `keymap.toml` and `recent.toml` are read like any file a user names.

Before: a binary or folder keymap gave a traceback and a FIFO one hung `open`; `"app.quit" =
"enter"` and unknown binding ids were taken silently; a binary `recent.toml`, or one listing a
path twice, crashed the launcher; it listed any path (`/etc/shadow`); concurrent writers of
`recent.toml` shared one temporary name and failed with FileNotFoundError.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest
import tomli_w
from typer.testing import CliRunner

from mjevent.tui.cli.main import app as cli
from mjevent.tui.console.config import (
    KeymapError,
    RecentEvent,
    read_keymap,
    read_recent,
    remember_recent,
)
from mjevent.tui.console.keys import binding_ids

runner = CliRunner()


@pytest.fixture
def folder(_config_home: Path) -> Path:
    path = _config_home / "mjevent"
    path.mkdir(parents=True)
    return path


def _keymap_error(path: Path) -> str:
    with pytest.raises(KeymapError) as caught:
        read_keymap(path, known=binding_ids())
    return str(caught.value)


def test_a_binary_keymap_is_refused_with_the_fix(folder: Path) -> None:
    path = folder / "keymap.toml"
    path.write_bytes(b"\xff\xfe\x00\x01binary")
    assert _keymap_error(path) == (
        f"{path}: not UTF-8 text. Fix: save it as UTF-8, one line per binding, e.g. "
        '"table.undo" = "ctrl+z"'
    )


@pytest.mark.parametrize("kind", ["folder", "fifo"])
def test_a_folder_or_fifo_keymap_is_refused_without_blocking(folder: Path, kind: str) -> None:
    path = folder / "keymap.toml"
    if kind == "folder":
        path.mkdir()
    else:
        os.mkfifo(path)
    assert _keymap_error(path) == (
        f"{path}: not a regular file (a folder, a pipe or a device); nothing was read. Fix: "
        "give the path of a keymap file saved on disk."
    )


def test_a_key_the_fields_need_is_refused_naming_the_line(folder: Path) -> None:
    path = folder / "keymap.toml"
    path.write_text('"table.undo" = "ctrl+z"\n"app.quit" = "enter"\n', "utf-8")
    assert _keymap_error(path) == (
        f"{path}:2: 'app.quit' = 'enter': enter is needed by the console's fields (Enter "
        "records, Tab moves). Fix: choose another key, e.g. ctrl+q."
    )


def test_an_unknown_binding_id_is_refused_naming_the_line(folder: Path) -> None:
    path = folder / "keymap.toml"
    path.write_text('# mine\n"table.undo" = "ctrl+z"\n"table.undoo" = "ctrl+y"\n', "utf-8")
    assert _keymap_error(path) == (
        f"{path}:3: 'table.undoo' is no binding of the console, so it would change nothing. "
        "Fix: use an id that F1 lists (such as table.undo), or remove the line."
    )


def test_open_refuses_a_fifo_keymap_before_starting(folder: Path, tmp_path: Path) -> None:
    os.mkfifo(folder / "keymap.toml")
    result = runner.invoke(cli, ["open", str(tmp_path / "any.toml")])
    assert result.exit_code == 1
    assert " ".join(result.output.split()) == (
        f"error: {folder / 'keymap.toml'}: not a regular file (a folder, a pipe or a device); "
        "nothing was read. Fix: give the path of a keymap file saved on disk."
    )


def test_a_binary_recent_list_lists_nothing(folder: Path) -> None:
    (folder / "recent.toml").write_bytes(b"\xff\xfe\x00binary")
    assert read_recent() == []


def test_recent_lists_only_event_files_once_each(folder: Path, club: Path, tmp_path: Path) -> None:
    secret = tmp_path / "shadow"
    secret.write_text("root:$y$secret:19700:0:99999:7:::\n", "utf-8")
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    rows = [
        {"path": str(club), "name": "Club"},
        {"path": str(secret), "name": "shadow"},
        {"path": str(fifo), "name": "pipe"},
        {"path": str(tmp_path / "gone.toml"), "name": "gone"},
        {"path": str(club), "name": "Club again"},
    ]
    (folder / "recent.toml").write_text(tomli_w.dumps({"recent": rows}), "utf-8")
    assert read_recent() == [RecentEvent(club, "Club")]


def test_concurrent_writers_never_fail_and_leave_one_list(folder: Path, club: Path) -> None:
    errors: list[BaseException] = []

    def write() -> None:
        for _ in range(25):
            try:
                remember_recent(club, "Club")
            except BaseException as error:
                errors.append(error)

    threads = [threading.Thread(target=write) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert read_recent() == [RecentEvent(club.resolve(), "Club")]
    assert sorted(p.name for p in folder.iterdir()) == ["recent.toml"]

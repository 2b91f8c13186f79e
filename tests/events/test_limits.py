"""The size limit: a file over `MAX_FILE_BYTES` is refused at once, and never grown past it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from mjevent.events import open_event, store
from mjevent.events.errors import EventFileTooLargeError

SAMPLES = Path(__file__).resolve().parents[2] / "samples"


def test_the_limit_is_16_mib() -> None:
    assert store.MAX_FILE_BYTES == 16 * 1024 * 1024


def test_a_file_over_the_limit_is_refused_with_its_size(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = Path(shutil.copy(SAMPLES / "club.toml", tmp_path / "club.toml"))
    monkeypatch.setattr(store, "MAX_FILE_BYTES", 30_000)
    for read_only in (True, False):
        with pytest.raises(EventFileTooLargeError) as caught:
            open_event(path, read_only=read_only)
        assert str(caught.value) == (
            f"{path}: the file is {path.stat().st_size / 1e6:.1f} MB; mjevent reads event files "
            "up to 0.0 MB (a 500-player event with 18,000 hands is about 4 MB). Fix: check "
            "that this is an event file; split a very long event into one file per stage."
        )


def test_an_append_past_the_limit_is_refused_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = Path(shutil.copy(SAMPLES / "club.toml", tmp_path / "club.toml"))
    writer = open_event(path)
    monkeypatch.setattr(store, "MAX_FILE_BYTES", path.stat().st_size + 50)
    before = path.read_bytes()
    with pytest.raises(EventFileTooLargeError) as caught:
        writer.append({"id": "n1", "at": "2026-03-14T16:00:00+00:00", "kind": "note",
                       "text": "x" * 100})
    assert "entry n1 was not recorded: the file would grow past" in str(caught.value)
    assert path.read_bytes() == before

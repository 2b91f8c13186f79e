"""The sample events as stores in a temporary folder, for the entry line's tests (the preview in
English and in Japanese)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from mjevent.events.store import EventStore

SAMPLES = Path(__file__).parents[2] / "samples"


def sample_store(folder: Path, name: str) -> EventStore:
    """A copy of `samples/<name>` in `folder`, opened."""
    path = folder / name
    shutil.copy(SAMPLES / name, path)
    return EventStore.open(path)


@pytest.fixture
def club(tmp_path: Path) -> EventStore:
    return sample_store(tmp_path, "club.toml")


@pytest.fixture
def sanma(tmp_path: Path) -> EventStore:
    return sample_store(tmp_path, "sanma.toml")

"""docs/event-file.md: its complete example is a valid event file that folds without a problem."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from mjevent.core.entry_reader import entry_from_record
from mjevent.core.state import fold
from mjevent.events.store import EventStore
from mjevent.events.toml_write import LOG_BANNER

DOC = Path(__file__).resolve().parents[2] / "docs" / "event-file.md"


def _toml_blocks() -> list[str]:
    return re.findall(r"```toml\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)


def test_the_complete_example_opens_clean_and_folds(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    path.write_text(_toml_blocks()[0], encoding="utf-8")
    store = EventStore.open(path)
    assert store.warnings == []
    assert [p.name for p in store.event.players][:3] == ["田中 優希", "Sophie Müller", "김서연"]
    assert [r["kind"] for r in store.log] == [
        "round_started", "hand", "hand", "hand", "note", "hand", "correction",
    ]
    state = fold(store.event, [entry_from_record(r) for r in store.log])
    assert state.problems == ()


def test_the_banner_and_record_layout_examples_are_what_the_store_writes() -> None:
    # Found by what they show (the banner's first line), not by their place in the page.
    blocks = _toml_blocks()
    at = next(i for i, block in enumerate(blocks) if block.startswith("# ---- log"))
    banner, layout = blocks[at : at + 2]
    assert banner == LOG_BANNER.lstrip("\n")
    record = tomllib.loads(layout)["log"][0]
    assert list(record)[:3] == ["id", "at", "kind"]
    assert entry_from_record(record).to_record() == record

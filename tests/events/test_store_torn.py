"""A torn tail (the writer died mid-append): intact entries load, the torn bytes move aside."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from mjevent.events.errors import EventFileSyntaxError
from mjevent.events.store import EventStore


def _settings() -> dict[str, Any]:
    return {
        "event": {"name": "Club night", "format_version": 1},
        "rules": {"preset": "ema2016"},
        "players": [{"id": f"p{n}", "name": f"Player {n}"} for n in range(1, 5)],
    }


def _hand(n: int) -> dict[str, Any]:
    return {
        "id": f"h{n}",
        "at": "2026-12-02T15:30:00+00:00",
        "kind": "hand",
        "round": 12,
        "table": 3,
        "outcome": "ron",
        "loser": "W",
        "wins": [{"winner": "S", "han": 3, "fu": 30}, {"winner": "N", "han": 1, "fu": 40}],
        "riichi": ["E", "S"],
        "note": "double ron, 東 = 2",
    }


def _event(folder: Path, entries: int) -> tuple[Path, bytes, int]:
    """An event file with `entries` hands; returns it, its bytes and where the last block starts."""
    path = folder / "club.toml"
    store = EventStore.create(path, _settings())
    for n in range(entries - 1):
        store.append(_hand(n))
    start = path.stat().st_size
    store.append(_hand(entries - 1))
    return path, path.read_bytes(), start


def _side_files(folder: Path) -> list[Path]:
    return sorted(folder.glob("club.toml.torn-*"))


def test_torn_tail_warning_says_where_the_bytes_went(tmp_path: Path) -> None:
    path, data, start = _event(tmp_path, 3)
    path.write_bytes(data[: start + 40])
    store = EventStore.open(path)
    (side,) = _side_files(tmp_path)
    line = data.count(b"\n", 0, start) + 1
    assert store.warnings == [
        f"{path}: the file ended in an unfinished log entry (line {line} on, 40 bytes), as left "
        f"when a program stops mid-write. It was moved to {side.name} and the 2 complete entries "
        "load normally. mjevent acknowledges an entry only once it is complete on disk, so no "
        "acknowledged entry is lost. If you typed that entry by hand, end it with its line "
        "`# end <id>` and paste it back."
    ]
    assert side.read_bytes() == data[start : start + 40]
    assert path.read_bytes() == data[:start]


def test_every_cut_inside_the_last_entry_keeps_the_others_and_moves_the_rest(
    tmp_path: Path,
) -> None:
    path, data, start = _event(tmp_path, 3)
    kept = [_hand(0), _hand(1)]
    for cut in range(start, len(data)):
        for side in _side_files(tmp_path):
            side.unlink()
        path.write_bytes(data[:cut])
        store = EventStore.open(path)
        sides = _side_files(tmp_path)
        if cut == len(data) - 1:
            # Only the newline after `# end h2` is missing: the entry is whole.
            assert (store.log, store.warnings, sides) == ([*kept, _hand(2)], [], []), cut
            continue
        assert store.log == kept, cut
        if data[start:cut].strip() == b"":
            assert (store.warnings, sides) == ([], []), cut
            assert path.read_bytes() == data[:cut]
        else:
            assert len(store.warnings) == 1, cut
            assert [s.read_bytes() for s in sides] == [data[start:cut]], cut
            assert path.read_bytes() == data[:start], cut
    # After a repair the file takes new entries as usual.
    store.append(_hand(2))
    assert EventStore.open(path).log == [*kept, _hand(2)]


def test_every_cut_inside_the_first_entry_leaves_the_settings(tmp_path: Path) -> None:
    path, data, start = _event(tmp_path, 1)
    assert len(data) - 1 - start > 100
    # Every fourth byte (the last entry's test above takes every byte) and both ends.
    for cut in [*range(start, len(data) - 1, 4), len(data) - 2]:
        for side in _side_files(tmp_path):
            side.unlink()
        path.write_bytes(data[:cut])
        store = EventStore.open(path)
        assert store.log == [], cut
        if data[start:cut].strip():
            assert [s.read_bytes() for s in _side_files(tmp_path)] == [data[start:cut]], cut
            assert path.read_bytes() == data[:start], cut


def test_zeros_after_the_last_entry_are_moved_aside(tmp_path: Path) -> None:
    # A power cut can leave the file longer than what reached the disk, filled with zeros.
    path, data, _ = _event(tmp_path, 2)
    path.write_bytes(data + b"\0" * 4096)
    store = EventStore.open(path)
    assert store.log == [_hand(0), _hand(1)]
    assert [s.read_bytes() for s in _side_files(tmp_path)] == [b"\0" * 4096]
    assert path.read_bytes() == data


def test_a_torn_append_by_another_process_is_repaired_before_appending(tmp_path: Path) -> None:
    path, _, _ = _event(tmp_path, 2)
    store = EventStore.open(path)
    with path.open("ab") as f:
        f.write(b'\n[[log]]\nid = "h9"\nat = "2026-')
    store.append(_hand(5))
    assert len(store.warnings) == 1
    assert [s.read_bytes() for s in _side_files(tmp_path)] == [b'\n[[log]]\nid = "h9"\nat = "2026-']
    assert EventStore.open(path).log == [_hand(0), _hand(1), _hand(5)]


def test_a_broken_line_that_is_not_an_unfinished_entry_is_an_error(tmp_path: Path) -> None:
    path, data, _ = _event(tmp_path, 2)
    path.write_bytes(data + b"\n[players\n")
    with pytest.raises(EventFileSyntaxError):
        EventStore.open(path)
    assert path.read_bytes() == data + b"\n[players\n"
    assert _side_files(tmp_path) == []


def test_a_syntax_error_before_the_last_entry_is_reported_not_moved(tmp_path: Path) -> None:
    path, data, _ = _event(tmp_path, 3)
    broken = data.replace(b'id = "h1"', b"id = h1", 1)
    path.write_bytes(broken[:-20])
    with pytest.raises(EventFileSyntaxError) as caught:
        EventStore.open(path)
    assert caught.value.line == broken.split(b"\n").index(b"id = h1") + 1
    assert path.read_bytes() == broken[:-20]
    assert _side_files(tmp_path) == []

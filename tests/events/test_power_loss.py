"""What a power cut can leave, and how each image opens.

A disk that does not keep writes in order (a FAT USB stick, a drive with a volatile cache) can
leave, after a power cut, a file whose size was updated before its data: zeros where the entry
should be, part of a header (`[[`) then zeros, or an entry whose end line arrived while some of
its middle did not. mjevent writes a checksum of each entry on its end line (`# end <id>
crc32:...`), so such an entry is recognised. A damaged last entry is a torn tail: moved aside
(read-only: reported); a damaged entry before others, or an end line naming another entry, is an
error naming its lines, never a silent repair. Files written before checksums read as before.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mjevent.events import open_event
from mjevent.events.errors import EventFileInvalidError
from mjevent.events.store import EventStore

OLD_CLUB = Path(__file__).resolve().parent / "data" / "club-before-checksums.toml"


def _hand(n: int) -> dict[str, Any]:
    return {"id": f"h{n}", "at": "2026-12-02T15:30:00+00:00", "kind": "hand", "round": 1,
            "table": 1, "outcome": "ron", "loser": "W",
            "wins": [{"winner": "S", "han": 3, "fu": 30}], "riichi": ["E"]}


def _event(folder: Path, entries: int = 3) -> tuple[Path, bytes, int]:
    path = folder / "club.toml"
    store = EventStore.create(
        path, {"event": {"name": "Power cut", "format_version": 1}, "rules": {"preset": "wrc"}}
    )
    for n in range(entries - 1):
        store.append(_hand(n))
    start = path.stat().st_size
    store.append(_hand(entries - 1))
    return path, path.read_bytes(), start


def _sides(folder: Path) -> list[bytes]:
    return [p.read_bytes() for p in sorted(folder.glob("club.toml.torn-*"))]


def test_every_entry_ends_with_its_checksum(tmp_path: Path) -> None:
    _, data, _ = _event(tmp_path, 1)
    assert data.endswith(b'\n# end h0 crc32:' + data[-9:-1] + b"\n")


@pytest.mark.parametrize("tail", [b"\n[[" + b"\0" * 500, b"\n[[lo\0\0", b"\0" * 3000,
                                  b"\n\0\0\0[[log]]\nid = \"h9\"\0\0"])
def test_a_partial_header_then_zeros_is_a_torn_tail(tmp_path: Path, tail: bytes) -> None:
    path, data, _ = _event(tmp_path)
    path.write_bytes(data + tail)
    reader = open_event(path, read_only=True)
    assert [r["id"] for r in reader.log] == ["h0", "h1", "h2"]
    assert "the file ends in an unfinished log entry" in reader.warnings[0]
    assert path.read_bytes() == data + tail
    writer = open_event(path)
    assert [r["id"] for r in writer.log] == ["h0", "h1", "h2"]
    assert _sides(tmp_path) == [tail]
    assert path.read_bytes() == data


def test_a_last_entry_with_zeros_inside_is_moved_aside(tmp_path: Path) -> None:
    path, data, start = _event(tmp_path)
    # The end line reached the disk, a sector in the middle of the entry did not.
    middle = start + 30
    damaged = data[:middle] + b"\0" * 20 + data[middle + 20 :]
    path.write_bytes(damaged)
    store = open_event(path)
    assert [r["id"] for r in store.log] == ["h0", "h1"]
    assert store.warnings[0].startswith(f"{path}: the file ended in an unfinished log entry")
    assert _sides(tmp_path) == [damaged[start:]]
    assert open_event(path).warnings == []


def test_a_damaged_entry_before_others_is_an_error_naming_its_lines(tmp_path: Path) -> None:
    path, data, _ = _event(tmp_path)
    at = data.index(b'id = "h1"')
    damaged = data[: at + 20] + b"\0" * 8 + data[at + 28 :]
    path.write_bytes(damaged)
    with pytest.raises(EventFileInvalidError) as caught:
        open_event(path)
    lines = data.decode().split("\n")
    header = lines.index('id = "h1"')  # 1-based line of [[log]] is the index of its id line
    end = next(n for n, line in enumerate(lines, 1) if line.startswith("# end h1 "))
    assert str(caught.value) == (
        f"{path}:{header}: log entry 'h1' (lines {header} to {end}): it does not match the "
        "checksum on its end line: it was damaged on disk (a power cut on a disk that does not "
        "keep writes in order) or edited by hand. Fix: restore the file from a copy; or, if the "
        f"entry was edited on purpose and is right, write line {end} as `# end h1`."
    )
    assert path.read_bytes() == damaged
    assert _sides(tmp_path) == []


def test_an_end_line_naming_another_entry_is_an_error_not_a_torn_tail(tmp_path: Path) -> None:
    path, data, _ = _event(tmp_path)
    # An older file (no checksums) whose last end line names another id.
    old = b"\n".join(
        line.split(b" crc32:")[0] if line.startswith(b"# end ") else line
        for line in data.split(b"\n")
    )
    wrong = old[: old.rindex(b"# end h2")] + b"# end h7\n"
    path.write_bytes(wrong)
    for _ in range(2):
        with pytest.raises(EventFileInvalidError) as caught:
            open_event(path)
        assert "its end line names 'h7', not the entry's id 'h2'" in str(caught.value)
    assert path.read_bytes() == wrong
    assert _sides(tmp_path) == []


def test_a_file_written_before_checksums_opens_and_takes_new_entries(tmp_path: Path) -> None:
    path = Path(shutil.copy(OLD_CLUB, tmp_path / "club.toml"))
    assert b"crc32:" not in path.read_bytes()
    store = open_event(path)
    assert (len(store.log), store.warnings) == (166, [])
    store.append(_hand(1))
    again = open_event(path)
    assert (len(again.log), again.warnings) == (167, [])


@settings(max_examples=200, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_power_cut_image_of_the_last_entry_loses_nothing_before_it(
    tmp_path: Path, data: st.DataObject
) -> None:
    """The last entry's bytes partly written: cut short, zero-filled at any range, or both."""
    for side in tmp_path.glob("club.toml.torn-*"):
        side.unlink()
    path, whole, start = _event(tmp_path) if not (tmp_path / "club.toml").exists() else (
        tmp_path / "club.toml", _WHOLE[0], _WHOLE[1]
    )
    _WHOLE[:] = [whole, start]
    size = data.draw(st.integers(start + 1, len(whole)), label="size")
    image = bytearray(whole[:size])
    lo = data.draw(st.integers(start, size - 1), label="zeros from")
    hi = data.draw(st.integers(lo, size), label="zeros to")
    image[lo:hi] = b"\0" * (hi - lo)
    path.write_bytes(bytes(image))
    store = open_event(path)
    ids = [r["id"] for r in store.log]
    if bytes(image) == whole or bytes(image) == whole[:-1]:
        assert ids == ["h0", "h1", "h2"]
    else:
        assert ids == ["h0", "h1"], (size, lo, hi)
        assert _sides(tmp_path)[-1:] == [bytes(image[start:])] or bytes(image[start:]).strip(
            b"\0\n"
        ) == b""
    assert open_event(path).warnings == []
    path.write_bytes(whole)


_WHOLE: list[Any] = []

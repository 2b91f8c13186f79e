"""A torn tail (the writer died mid-append): intact entries load, the torn bytes move aside.

Power cuts (issue 13, class 6): what a power cut can leave, and how each image opens.

A disk that does not keep writes in order (a FAT USB stick, a drive with a volatile cache) can
leave, after a power cut, a file whose size was updated before its data: zeros where the entry
should be, part of a header (`[[`) then zeros, or an entry whose end line arrived while some of
its middle did not. mjevent writes a checksum of each entry on its end line (`# end <id>
crc32:...`), so such an entry is recognised. A damaged last entry is a torn tail: moved aside
(read-only: reported); a damaged entry before others, or an end line naming another entry, is an
error naming its lines, never a silent repair. Files written before checksums read as before.
"""

from __future__ import annotations

import functools
import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from mjevent.events import open_event
from mjevent.events.errors import EventFileInvalidError, EventFileSyntaxError
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


# --- Power cuts ---------------------------------------------------------------------------------

OLD_CLUB = Path(__file__).resolve().parent / "data" / "club-before-checksums.toml"


def _side_bytes(folder: Path) -> list[bytes]:
    return [p.read_bytes() for p in sorted(folder.glob("club.toml.torn-*"))]


def test_every_entry_ends_with_its_checksum(tmp_path: Path) -> None:
    _, data, _ = _event(tmp_path, 1)
    assert data.endswith(b'\n# end h0 crc32:' + data[-9:-1] + b"\n")


@pytest.mark.parametrize("tail", [b"\n[[" + b"\0" * 500, b"\n[[lo\0\0", b"\0" * 3000,
                                  b"\n\0\0\0[[log]]\nid = \"h9\"\0\0"])
def test_a_partial_header_then_zeros_is_a_torn_tail(tmp_path: Path, tail: bytes) -> None:
    path, data, _ = _event(tmp_path, 3)
    path.write_bytes(data + tail)
    reader = open_event(path, read_only=True)
    assert [r["id"] for r in reader.log] == ["h0", "h1", "h2"]
    assert "the file ends in an unfinished log entry" in reader.warnings[0]
    assert path.read_bytes() == data + tail
    writer = open_event(path)
    assert [r["id"] for r in writer.log] == ["h0", "h1", "h2"]
    assert _side_bytes(tmp_path) == [tail]
    assert path.read_bytes() == data


def test_a_last_entry_with_zeros_inside_is_moved_aside(tmp_path: Path) -> None:
    path, data, start = _event(tmp_path, 3)
    # The end line reached the disk, a sector in the middle of the entry did not.
    middle = start + 30
    damaged = data[:middle] + b"\0" * 20 + data[middle + 20 :]
    path.write_bytes(damaged)
    store = open_event(path)
    assert [r["id"] for r in store.log] == ["h0", "h1"]
    assert store.warnings[0].startswith(f"{path}: the file ended in an unfinished log entry")
    assert _side_bytes(tmp_path) == [damaged[start:]]
    assert open_event(path).warnings == []


def test_a_damaged_entry_before_others_is_an_error_naming_its_lines(tmp_path: Path) -> None:
    path, data, _ = _event(tmp_path, 3)
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
    assert _side_bytes(tmp_path) == []


def test_an_end_line_naming_another_entry_is_an_error_not_a_torn_tail(tmp_path: Path) -> None:
    path, data, _ = _event(tmp_path, 3)
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
    assert _side_bytes(tmp_path) == []


def test_a_file_written_before_checksums_opens_and_takes_new_entries(tmp_path: Path) -> None:
    path = Path(shutil.copy(OLD_CLUB, tmp_path / "club.toml"))
    assert b"crc32:" not in path.read_bytes()
    store = open_event(path)
    assert (len(store.log), store.warnings) == (166, [])
    store.append(_hand(1))
    again = open_event(path)
    assert (len(again.log), again.warnings) == (167, [])


@functools.cache
def _made(entries: int) -> tuple[bytes, int]:
    """The bytes of the file with `entries` hands, and where its last append (blank line) starts."""
    with tempfile.TemporaryDirectory() as folder:
        _, whole, start = _event(Path(folder), entries)
    return whole, start


@st.composite
def _power_cuts(
    draw: st.DrawFn, entries: int = 3, from_blank_line: bool = False
) -> tuple[int, int, int]:
    """A power-cut image of the last entry: the size the file kept, zeros over `lo:hi` in it."""
    whole, start = _made(entries)
    size = draw(st.integers(start + 1, len(whole)))
    lo = start if from_blank_line else draw(st.integers(start, size - 1))
    hi = draw(st.integers(lo + 1 if from_blank_line else lo, size))
    return size, lo, hi


def _open_power_cut_image(folder: Path, size: int, lo: int, hi: int, entries: int = 3) -> None:
    """The file cut to `size` bytes, zeros over `lo:hi`, opens with every entry before the last.

    A damaged last entry is a torn tail: moved aside byte for byte (the file keeps everything
    before its append, the settings when it is the first), with the warning; a tail of blank
    lines alone is no entry and stays.
    """
    whole, start = _made(entries)
    path = folder / "club.toml"
    for side in folder.glob("club.toml.torn-*"):
        side.unlink()
    image = bytearray(whole[:size])
    image[lo:hi] = b"\0" * (hi - lo)
    path.write_bytes(bytes(image))
    store = open_event(path)
    ids = [r["id"] for r in store.log]
    before = [f"h{n}" for n in range(entries - 1)]
    tail = bytes(image[start:])
    if bytes(image) in (whole, whole[:-1]):
        assert (ids, store.warnings) == ([*before, f"h{entries - 1}"], [])
    elif b"\0" in tail or tail.strip():
        assert ids == before, (size, lo, hi)
        assert len(store.warnings) == 1, (size, lo, hi)
        assert store.warnings[0].startswith(f"{path}: the file ended in an unfinished log entry")
        assert _side_bytes(folder) == [tail], (size, lo, hi)
        assert path.read_bytes() == whole[:start]
    else:
        assert (ids, store.warnings, _side_bytes(folder)) == (before, [], [])
        assert path.read_bytes() == bytes(image)
    assert open_event(path).warnings == []


def test_a_zeroed_blank_line_before_the_last_entry_keeps_the_entry_before_it(
    tmp_path: Path,
) -> None:
    # Found by the property below: the blank line that starts h2's append became one zero byte;
    # h2 was taken to start at h1's header (the last "\n[[log]]"), so h1 was moved aside too.
    whole, start = _made(3)
    assert whole[start : start + 9] == b"\n[[log]]\n"
    _open_power_cut_image(tmp_path, len(whole), start, start + 1)


def test_zeros_after_part_of_the_first_entry_are_not_read_as_an_entry(tmp_path: Path) -> None:
    # Before: the cut went where the trailing zeros began, and the part before them (`[[log]]`,
    # id, at, kind) parsed, so a hand never acknowledged was loaded with three of its fields.
    whole, start = _made(1)
    kind = whole.index(b"\n", whole.index(b"kind = ", start)) + 1
    _open_power_cut_image(tmp_path, kind + 100, kind, kind + 100, entries=1)


_POWER_CUT_SETTINGS = settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@_POWER_CUT_SETTINGS
@given(cut=_power_cuts())
@example(cut=(1331, 1063, 1064))  # the blank line before h2 zeroed (the test above)
def test_any_power_cut_image_of_the_last_entry_loses_nothing_before_it(
    tmp_path: Path, cut: tuple[int, int, int]
) -> None:
    """The last entry's bytes partly written: cut short, zero-filled at any range, or both."""
    _open_power_cut_image(tmp_path, *cut)


@_POWER_CUT_SETTINGS
@given(cut=_power_cuts(from_blank_line=True))
def test_zeros_from_the_blank_line_before_the_last_entry_lose_nothing_before_it(
    tmp_path: Path, cut: tuple[int, int, int]
) -> None:
    """Zeros from the first byte of the last append (its blank line) on, cut short or not."""
    _open_power_cut_image(tmp_path, *cut)


@_POWER_CUT_SETTINGS
@given(cut=_power_cuts(entries=1))
def test_any_power_cut_image_of_the_first_entry_keeps_the_settings(
    tmp_path: Path, cut: tuple[int, int, int]
) -> None:
    """No end line before it: the torn first entry (even `\\0[[log]]`) goes, the settings stay."""
    _open_power_cut_image(tmp_path, *cut, entries=1)

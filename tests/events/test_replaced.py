"""A file replaced or deleted under an open store (events.replaced), and the lost-race refusal.

The store takes a changed file only when it still starts with the log the store acknowledged;
otherwise it refuses to read or write it until the caller appends back, accepts the file, or
(deleted) writes the event back.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from mjevent.events import commands, open_event
from mjevent.events.commands import CommandError, RaceLostError
from mjevent.events.errors import EventFileExistsError, EventFileReplacedError
from mjevent.events.replaced import entry_words, log_divergence
from mjevent.events.store import EventStore

SETTINGS: dict[str, Any] = {
    "event": {"name": "Cup", "format_version": 1},
    "rules": {"preset": "ema2016"},
    "players": [{"id": f"p{i}", "name": f"Player {i}"} for i in range(1, 5)],
    "seating": {"rounds": [{"round": 1, "tables": [["p1", "p2", "p3", "p4"]]}]},
}


def _note(n: int) -> dict[str, Any]:
    return {"id": f"n{n}", "at": "2026-12-02T15:30:00Z", "kind": "note", "text": f"note {n}"}


def _replace(path: Path, source: Path) -> None:
    """`cp source path.new && mv path.new path`: a new file (new inode) at the name."""
    shutil.copyfile(source, path.with_name(path.name + ".new"))
    os.replace(path.with_name(path.name + ".new"), path)


@pytest.fixture
def path(tmp_path: Path) -> Path:
    path = tmp_path / "cup.toml"
    EventStore.create(path, SETTINGS)
    return path


def test_log_divergence_names_what_is_missing_and_what_changed() -> None:
    a, b, c = ({"id": i, "kind": "note"} for i in "abc")
    assert log_divergence([], [a]) is None
    assert log_divergence([a, b], [a, b]) is None
    assert log_divergence([a, b], [a, b, c]) is None
    assert log_divergence([a, b, c], [a, b]) == ((c,), ())
    assert log_divergence([a, b], [b, a]) == ((), ("a", "b"))
    assert log_divergence([a, b], [a, {"id": "b", "kind": "note", "text": "x"}]) == ((), ("b",))


def test_a_copy_renamed_over_the_file_without_an_entry_is_refused_until_appended_back(
    path: Path, tmp_path: Path
) -> None:
    store = open_event(path)
    store.append(_note(1))
    old = tmp_path / "old.toml"
    shutil.copyfile(path, old)
    store.append(_note(2))
    store.append(_note(3))
    _replace(path, old)  # holds n1 only
    replaced = path.read_bytes()
    with pytest.raises(EventFileReplacedError) as caught:
        store.reload()
    found = caught.value.divergence
    assert [r["id"] for r in found.missing] == ["n2", "n3"]
    assert (found.deleted, found.changed, found.held, found.now) == (False, (), 3, 1)
    assert found.key == (
        path.stat().st_dev,
        path.stat().st_ino,
        len(replaced),
        path.stat().st_mtime_ns,
    )
    assert str(caught.value) == (
        f"{path} needs attention: the file was replaced while it was open here (an editor's "
        "save, or a copy renamed over it). It now holds 1 entries; this console had read or "
        "recorded 3.\nIt lacks 2 entries this console had acknowledged:\n"
        "  - n2: note: note 2\n  - n3: note: note 3\n"
        "Nothing is written until you choose: append the missing entries back (with their own "
        "ids, so nothing is doubled), or take the file as it is now."
    )
    # The store keeps what it held; every write is refused and nothing reaches the file.
    assert [r["id"] for r in store.log] == ["n1", "n2", "n3"]
    with pytest.raises(EventFileReplacedError):
        store.append(_note(4))
    with pytest.raises(EventFileReplacedError):
        commands.add_note(store, "x")
    assert path.read_bytes() == replaced
    # Append back: the two entries, same ids, once; the file then reads clean.
    assert [r["id"] for r in store.append_back()] == ["n2", "n3"]
    assert store.divergence is None and store.append_back() == []
    fresh = open_event(path)
    assert [r["id"] for r in fresh.log] == ["n1", "n2", "n3"] and fresh.warnings == []
    assert fresh.log == store.log
    store.append(_note(4))
    assert [r["id"] for r in open_event(path).log] == ["n1", "n2", "n3", "n4"]


def test_accept_file_takes_the_file_as_it_is(path: Path, tmp_path: Path) -> None:
    store = open_event(path)
    old = tmp_path / "old.toml"
    shutil.copyfile(path, old)
    store.append(_note(1))
    _replace(path, old)
    with pytest.raises(EventFileReplacedError):
        store.reload()
    store.accept_file()
    assert store.log == [] and store.divergence is None
    store.append(_note(2))
    assert [r["id"] for r in open_event(path).log] == ["n2"]


def test_append_back_does_not_double_an_entry_the_file_holds_again(
    path: Path, tmp_path: Path
) -> None:
    store = open_event(path)
    old = tmp_path / "old.toml"
    shutil.copyfile(path, old)
    store.append(_note(1))
    store.append(_note(2))
    _replace(path, old)
    with pytest.raises(EventFileReplacedError):
        store.reload()
    open_event(path).append(_note(2))  # someone typed n2 back meanwhile (a different order)
    assert [r["id"] for r in store.append_back()] == ["n1"]
    assert [r["id"] for r in open_event(path).log] == ["n2", "n1"]


def test_the_same_replaced_file_is_reported_with_the_same_key(path: Path, tmp_path: Path) -> None:
    store = open_event(path)
    old = tmp_path / "old.toml"
    shutil.copyfile(path, old)
    store.append(_note(1))
    _replace(path, old)
    keys = set()
    for _ in range(5):
        with pytest.raises(EventFileReplacedError) as caught:
            store.reload()
        keys.add(caught.value.divergence.key)
    assert len(keys) == 1


def test_the_original_moved_back_clears_the_notice(path: Path, tmp_path: Path) -> None:
    store = open_event(path)
    store.append(_note(1))
    os.replace(path, tmp_path / "aside.toml")
    with pytest.raises(EventFileReplacedError):
        store.reload()
    os.replace(tmp_path / "aside.toml", path)
    store.reload()
    assert store.divergence is None
    store.append(_note(2))
    assert [r["id"] for r in open_event(path).log] == ["n1", "n2"]


def test_a_settings_rewrite_by_another_store_is_taken_silently(path: Path) -> None:
    """A new inode with every entry (another console renamed the players): no notice."""
    store = open_event(path)
    store.append(_note(1))
    other = open_event(path)
    settings = dict(other.settings)
    settings["event"] = {**settings["event"], "name": "Winter Cup"}
    other.rewrite_settings(settings)
    other.append(_note(2))
    store.reload()
    assert store.event.event.name == "Winter Cup"
    assert [r["id"] for r in store.log] == ["n1", "n2"] and store.divergence is None


def test_a_deleted_file_is_written_back_from_memory(path: Path) -> None:
    store = open_event(path)
    store.append(_note(1))
    held = list(store.log)
    path.unlink()
    for _ in range(3):
        with pytest.raises(EventFileReplacedError) as caught:
            store.reload()
        assert caught.value.divergence.deleted
        assert caught.value.divergence.key == (0, 0, 0, 0)
    assert "mjevent new" not in str(caught.value)
    store.write_back()
    fresh = open_event(path)
    assert fresh.log == held and fresh.settings == store.settings and fresh.warnings == []
    store.append(_note(2))
    assert [r["id"] for r in open_event(path).log] == ["n1", "n2"]


def test_write_back_refuses_when_a_file_is_there_again(path: Path, tmp_path: Path) -> None:
    store = open_event(path)
    store.append(_note(1))
    shutil.copyfile(path, tmp_path / "copy.toml")
    path.unlink()
    with pytest.raises(EventFileReplacedError):
        store.reload()
    shutil.copyfile(tmp_path / "copy.toml", path)
    before = path.read_bytes()
    with pytest.raises(EventFileExistsError):
        store.write_back()
    assert path.read_bytes() == before and store.divergence is not None


def test_entry_words_writes_hands_as_entry_lines() -> None:
    hand = {
        "id": "h",
        "at": "2026-12-02T15:30:00Z",
        "kind": "hand",
        "round": 2,
        "table": 5,
        "outcome": "tsumo",
        "wins": [{"winner": "E", "han": 2, "fu": 30}],
    }
    assert entry_words(hand, 2) == "t5 tsumo E 2/30"
    assert entry_words(hand) == "r2 t5 tsumo E 2/30"
    assert entry_words({**hand, "outcome": "mystery"}) == "hand (entry 'h')"


def _seven_draws(path: Path) -> None:
    store = open_event(path)
    for _ in range(7):
        commands.record_line(store, "t1 draw")


def test_a_lost_last_hand_race_names_the_other_stations_hand(path: Path) -> None:
    _seven_draws(path)
    mine = open_event(path)
    commands.current_state(mine)
    commands.record_line(open_event(path), "t1 ron S<-W 3/30", entry_id="theirs")
    with pytest.raises(RaceLostError) as caught:
        commands.record_line(mine, "t1 tsumo E 2/30")
    assert caught.value.others == ("theirs",)
    assert str(caught.value) == (
        "round 1 table 1: hand South 4, 7 honba was recorded by another station a moment "
        "ago: t1 ron S<-W 3/30. Yours was not recorded. If the table played something else, "
        "check its score sheet, correct the other station's entry in the console's log (F6), "
        "then enter yours again."
    )
    # The store read the other hand under the lock: its fold shows it at once.
    game = commands.current_state(mine).game(1, 1)
    assert game is not None and game.hands[-1].entry == "theirs"


def test_a_refusal_that_is_not_a_lost_race_keeps_its_own_words(path: Path) -> None:
    _seven_draws(path)
    commands.record_line(open_event(path), "t1 draw")  # the game ends
    mine = open_event(path)
    commands.current_state(mine)
    commands.add_note(open_event(path), "another station's note")
    with pytest.raises(CommandError) as caught:
        commands.record_line(mine, "r1 t1 draw")  # over before this store read it, too
    assert not isinstance(caught.value, RaceLostError)
    assert "after the game ended at South 4" in str(caught.value)

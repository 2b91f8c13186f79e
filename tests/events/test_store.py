"""EventStore: create, open, append, reload, rewrite; every error names file, line or key, fix."""

from __future__ import annotations

import os
import tempfile
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjevent.events import toml_write
from mjevent.events.entry_ids import new_entry_id
from mjevent.events.errors import (
    EventFileExistsError,
    EventFileInvalidError,
    EventFileNotFoundError,
    EventFileReplacedError,
    EventFileSyntaxError,
)
from mjevent.events.lock import lock_path
from mjevent.events.store import EventStore
from mjevent.events.toml_read import fast_document

NAMES = [
    "田中 裕子",
    "王小明",
    "김민준",
    "Zoë Ångström-Ñúñez",
    "Łukasz Żółć",
    "Ali 🀄🀅",
    "O'Neil \"Nils\"",
]


def _settings(names: list[str] | None = None) -> dict[str, Any]:
    names = names or [f"Player {n}" for n in range(1, 9)]
    return {
        "event": {"name": "Winter Open", "format_version": 1, "venue": "Hall A"},
        "rules": {"preset": "ema2016", "kiriage": True},
        "players": [{"id": f"p{i:02d}", "name": n} for i, n in enumerate(names, 1)],
    }


def _hand(n: int, **extra: Any) -> dict[str, Any]:
    record: dict[str, Any] = {
        "id": f"h{n:04d}",
        "at": "2026-12-02T15:30:00+00:00",
        "kind": "hand",
        "round": 1,
        "table": 2,
        "outcome": "ron",
        "loser": "W",
        "wins": [{"winner": "S", "han": 3, "fu": 30}],
        "riichi": ["E", "S"],
    }
    record.update(extra)
    return record


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "club.toml"


def test_created_file_opens_with_the_same_settings_and_an_empty_log(path: Path) -> None:
    store = EventStore.create(path, _settings())
    again = EventStore.open(path)
    assert again.settings == store.settings
    assert again.settings["rules"] == {"preset": "ema2016", "kiriage": True}
    assert again.event.rules.ruleset.kiriage is True
    assert again.log == []
    assert again.warnings == []
    assert path.read_text(encoding="utf-8").startswith("# mjevent event file")
    assert lock_path(path).exists()


def test_create_refuses_an_existing_file_and_leaves_it(path: Path) -> None:
    path.write_text("keep me", encoding="utf-8")
    with pytest.raises(EventFileExistsError) as caught:
        EventStore.create(path, _settings())
    assert str(caught.value) == (
        f"{path}: the file already exists; mjevent never replaces an event file. "
        "Fix: choose another name, or move the old file away first."
    )
    assert path.read_text(encoding="utf-8") == "keep me"


def test_create_refuses_invalid_settings_and_writes_nothing(path: Path) -> None:
    settings = _settings()
    settings["rules"]["preset"] = "emma2016"
    with pytest.raises(EventFileInvalidError) as caught:
        EventStore.create(path, settings)
    assert caught.value.key_path == "rules.preset"
    assert not path.exists()


def test_open_of_a_missing_file_says_how_to_make_one(path: Path) -> None:
    with pytest.raises(EventFileNotFoundError) as caught:
        EventStore.open(path)
    assert str(caught.value) == (
        f"{path}: no such event file. Fix: check the name and folder, or create one with "
        f'`mjevent new {path} --name "..." --rules ema2016`.'
    )


def test_appended_entries_read_back_equal_in_order(path: Path) -> None:
    store = EventStore.create(path, _settings())
    records = [_hand(n) for n in range(5)] + [
        {"id": "n1", "at": "2026-12-02T16:00:00+00:00", "kind": "note", "text": "tea break"}
    ]
    returned = [store.append(r) for r in records]
    assert returned == records
    assert store.log == records
    assert EventStore.open(path).log == records


def test_append_stores_tuples_as_lists_and_returns_what_was_stored(path: Path) -> None:
    store = EventStore.create(path, _settings())
    stored = store.append(_hand(1, riichi=("E",), final=(31000, 29000, 30000, 30000)))
    assert stored["riichi"] == ["E"]
    assert stored["final"] == [31000, 29000, 30000, 30000]
    assert EventStore.open(path).log == [stored]


def test_append_of_a_known_id_writes_nothing_and_returns_the_logged_entry(path: Path) -> None:
    store = EventStore.create(path, _settings())
    first = store.append(_hand(1))
    size = path.stat().st_size
    retried = store.append(_hand(1, table=9))
    assert retried == first
    assert retried["table"] == 2
    assert path.stat().st_size == size
    assert len(EventStore.open(path).log) == 1


def test_append_of_an_id_another_store_logged_is_recognised(path: Path) -> None:
    a = EventStore.create(path, _settings())
    b = EventStore.open(path)
    a.append(_hand(1))
    assert b.append(_hand(1, table=7))["table"] == 2
    assert len(EventStore.open(path).log) == 1


@pytest.mark.parametrize(
    ("record", "message"),
    [
        (
            {"at": "t", "kind": "note"},
            "log entry {'at': 't', 'kind': 'note'}: expected an 'id' (text) made where the "
            "entry was entered. Fix: set id = new_entry_id() when the entry is made.",
        ),
        ({"id": "x1", "kind": "note"}, "log entry 'x1': missing 'at'. Fix: set it."),
        (
            {"id": "x2", "at": "t", "kind": "note", "text": None},
            "log entry 'x2': text is None: TOML has no null; leave the key out instead",
        ),
        (
            {"id": "x3", "at": "t", "kind": "note", "score": float("nan")},
            "log entry 'x3': a value would not read back the same from TOML (NaN, or a key that "
            "is not text). Fix: store plain text, numbers, lists and tables.",
        ),
    ],
)
def test_append_refuses_a_record_it_cannot_store(
    path: Path, record: dict[str, Any], message: str
) -> None:
    store = EventStore.create(path, _settings())
    before = path.read_bytes()
    with pytest.raises(ValueError) as caught:
        store.append(record)
    assert str(caught.value) == message
    assert path.read_bytes() == before


def test_names_in_any_script_round_trip_exactly(path: Path) -> None:
    store = EventStore.create(path, _settings(NAMES))
    note = "ロン! 和了 — 점수 \\ \"quoted\" tab\there\nnew line \x07 bell \u007f del, a = b"
    store.append({"id": "n1", "at": "t", "kind": "note", "text": note, "who": {"名前": NAMES[0]}})
    again = EventStore.open(path)
    assert [p["name"] for p in again.settings["players"]] == NAMES
    assert [p.name for p in again.event.players] == NAMES
    assert again.log[0]["text"] == note
    assert again.log[0]["who"] == {"名前": NAMES[0]}
    assert tomllib.loads(path.read_text(encoding="utf-8"))["log"] == again.log


def test_changed_on_disk_sees_another_stores_append_and_reload_reads_it(path: Path) -> None:
    a = EventStore.create(path, _settings())
    b = EventStore.open(path)
    a.append(_hand(1))
    assert a.changed_on_disk() is False
    assert b.changed_on_disk() is True
    b.reload()
    assert b.changed_on_disk() is False
    assert b.log == a.log


def test_append_reads_entries_other_stores_appended_first(path: Path) -> None:
    a = EventStore.create(path, _settings())
    b = EventStore.open(path)
    a.append(_hand(1))
    a.append(_hand(2))
    b.append(_hand(3))
    assert [r["id"] for r in b.log] == ["h0001", "h0002", "h0003"]
    assert EventStore.open(path).log == b.log


def test_changed_on_disk_sees_a_same_size_edit(path: Path) -> None:
    store = EventStore.create(path, _settings())
    store.append(_hand(1))
    data = path.read_bytes()
    stat = path.stat()
    # The same size and the same modification time (a coarse clock): the tail still differs.
    # (An edit by hand that keeps the entry's checksum right, as a careful editor would.)
    edited = data.replace(b'riichi = ["E", "S"]', b'riichi = ["E", "N"]')
    start, end = edited.rindex(b"[[log]]"), edited.rindex(b"# end ")
    old_sum = edited[edited.rindex(b"crc32:") :].strip()
    path.write_bytes(edited.replace(old_sum, toml_write.checksum(edited[start:end]).encode()))
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert store.changed_on_disk() is True
    # The file no longer holds the entry as this store acknowledged it: nothing is taken
    # until the caller chooses (docs/event-file.md, "A file replaced under an open store").
    with pytest.raises(EventFileReplacedError) as refused:
        store.reload()
    assert refused.value.divergence.missing == ()
    assert refused.value.divergence.changed == (store.log[0]["id"],)
    assert store.log[0]["riichi"] == ["E", "S"]
    store.accept_file()
    assert store.log[0]["riichi"] == ["E", "N"] and store.divergence is None


def test_rewrite_settings_keeps_every_log_byte(path: Path) -> None:
    store = EventStore.create(path, _settings())
    for n in range(3):
        store.append(_hand(n))
    before = path.read_bytes()
    log_part = before[before.index(b"\n[[log]]\n") + 1 :]
    settings = _settings()
    settings["event"]["name"] = "Winter Open 2026"
    settings["players"].append({"id": "p09", "name": "Late Entry"})
    store.rewrite_settings(settings)
    after = path.read_bytes()
    assert after.endswith(log_part)
    again = EventStore.open(path)
    assert again.settings["event"]["name"] == "Winter Open 2026"
    assert again.log == store.log
    assert store.settings == again.settings
    assert sorted(p.name for p in path.parent.iterdir()) == [".club.toml.lock", "club.toml"]


def test_other_store_appends_after_a_settings_rewrite_without_losing_entries(path: Path) -> None:
    a = EventStore.create(path, _settings())
    b = EventStore.open(path)
    a.append(_hand(1))
    settings = _settings()
    settings["event"]["venue"] = "Hall B"
    a.rewrite_settings(settings)
    b.append(_hand(2))
    assert b.settings["event"]["venue"] == "Hall B"
    assert [r["id"] for r in EventStore.open(path).log] == ["h0001", "h0002"]


def test_rewrite_with_invalid_settings_leaves_the_file_as_it_was(path: Path) -> None:
    store = EventStore.create(path, _settings())
    store.append(_hand(1))
    before = path.read_bytes()
    settings = _settings()
    settings["players"][1]["id"] = "p01"
    with pytest.raises(EventFileInvalidError) as caught:
        store.rewrite_settings(settings)
    assert str(caught.value) == (
        f"{path}: players[1].id: player id 'p01' is already used by players[0] (Player 1). "
        "Fix: give every player a different id."
    )
    assert path.read_bytes() == before


def _write(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")


HAND_MADE = """\
[event]
name = "Club night"
format_version = 1

[rules]
preset = "ema2016"

[[players]]
id = "p01"
name = "Tanaka"

[[players]]
id = "p02"
nmae = "Suzuki"
"""


def test_toml_syntax_error_names_file_line_and_fix(path: Path) -> None:
    _write(path, HAND_MADE.replace('name = "Tanaka"', "name = Tanaka"))
    before = path.read_bytes()
    with pytest.raises(EventFileSyntaxError) as caught:
        EventStore.open(path)
    assert (caught.value.line, caught.value.column) == (10, 8)
    assert str(caught.value) == (
        f"{path}:10:8: not valid TOML: Invalid value.\n"
        "    10 | name = Tanaka\n"
        f"Fix: correct line 10 in a text editor (text values need double quotes), "
        f"then run `mjevent check {path}`."
    )
    assert path.read_bytes() == before


def test_unknown_key_in_the_file_names_its_line_and_suggests_the_key(path: Path) -> None:
    _write(path, HAND_MADE)
    with pytest.raises(EventFileInvalidError) as caught:
        EventStore.open(path)
    assert caught.value.key_path == "players[1].nmae"
    assert str(caught.value) == (
        f"{path}:14: players[1].nmae: unknown key 'nmae'; did you mean 'name'? "
        "Fix: rename it to 'name' (a player takes id, name, team, rating, status, family_name, "
        "given_name, name_order, ema_id, country, newcomer)."
    )


def test_wrong_type_in_the_file_names_its_line_and_key_path(path: Path) -> None:
    _write(path, HAND_MADE.replace('nmae = "Suzuki"', "name = 7"))
    with pytest.raises(EventFileInvalidError) as caught:
        EventStore.open(path)
    assert str(caught.value) == (
        f"{path}:14: players[1].name: expected text, got 7 (a whole number). "
        'Fix: write it in double quotes, e.g. name = "...".'
    )


def test_duplicate_player_id_in_the_file_is_reported(path: Path) -> None:
    _write(path, HAND_MADE.replace('id = "p02"\nnmae', 'id = "p01"\nname'))
    with pytest.raises(EventFileInvalidError) as caught:
        EventStore.open(path)
    assert str(caught.value) == (
        f"{path}:13: players[1].id: player id 'p01' is already used by players[0] (Tanaka). "
        "Fix: give every player a different id."
    )


def test_unknown_rules_preset_in_the_file_is_reported(path: Path) -> None:
    _write(path, HAND_MADE.replace('"ema2016"', '"ema2061"').replace("nmae", "name"))
    with pytest.raises(EventFileInvalidError) as caught:
        EventStore.open(path)
    assert str(caught.value).startswith(
        f"{path}:6: rules.preset: unknown rule preset 'ema2061'; did you mean 'ema2016'? "
        "Fix: use one of ema2016, "
    )


def test_missing_required_key_in_the_file_is_reported(path: Path) -> None:
    _write(path, HAND_MADE.replace("format_version = 1\n", "").replace("nmae", "name"))
    with pytest.raises(EventFileInvalidError) as caught:
        EventStore.open(path)
    assert str(caught.value) == (
        f"{path}:1: event.format_version: missing required key 'format_version'. "
        "Fix: add format_version = 1 under [event]."
    )


def test_duplicate_log_entry_id_is_reported_with_both_positions(path: Path) -> None:
    store = EventStore.create(path, _settings())
    store.append(_hand(1))
    store.append(_hand(2))
    text = path.read_text(encoding="utf-8").replace("h0002", "h0001")
    _write(path, text)
    lines = text.split("\n")
    second = [n for n, line in enumerate(lines, 1) if line == 'id = "h0001"'][1]
    with pytest.raises(EventFileInvalidError) as caught:
        EventStore.open(path)
    assert str(caught.value) == (
        f"{path}:{second}: log[1].id: entry id 'h0001' is also the id of log[0]. Fix: an id "
        "names one entry; if log[1] was pasted by hand, give it a new id (or remove the copy)."
    )


def test_log_entry_without_a_kind_is_reported_with_its_line(path: Path) -> None:
    _write(
        path,
        HAND_MADE.replace("nmae", "name") + '\n[[log]]\nid = "a1"\nat = "t"\nround = 1\n',
    )
    with pytest.raises(EventFileInvalidError) as caught:
        EventStore.open(path)
    assert str(caught.value) == (
        f"{path}:16: log[0].kind: entry 'a1' has no kind. "
        'Fix: add kind = "..." (docs/event-file.md lists the kinds).'
    )


def test_a_hand_written_log_without_end_lines_opens_whole(path: Path) -> None:
    _write(
        path,
        HAND_MADE.replace("nmae", "name")
        + '\n[[log]]\nid = "a"\nat = 2026-12-02T10:00:00Z\nkind = "note"\n'
        + '\n[[log]]\nid = "b"\nat = "t"\nkind = "hand"\n\n[log.extra]\nhan = 3\n',
    )
    store = EventStore.open(path)
    assert [r["id"] for r in store.log] == ["a", "b"]
    assert store.log[1]["extra"] == {"han": 3}
    assert store.warnings == []
    store.append(_hand(3))
    assert [r["id"] for r in EventStore.open(path).log] == ["a", "b", "h0003"]


def test_settings_only_file_takes_a_first_entry(path: Path) -> None:
    _write(path, HAND_MADE.replace("nmae", "name"))
    store = EventStore.open(path)
    store.append(_hand(1))
    assert EventStore.open(path).log == [_hand(1)]


def test_new_entry_ids_are_unique_and_sort_in_the_order_made() -> None:
    ids = [new_entry_id() for _ in range(5000)]
    assert len(set(ids)) == 5000
    assert ids == sorted(ids)
    assert all(len(i) == 26 for i in ids)


def test_rewriting_a_hand_written_log_keeps_it_readable_as_written(path: Path) -> None:
    entry = '\n[[log]]\nid = "{}"\nat = "t"\nkind = "note"\n'
    log = entry.format("a") + entry.format("b")
    _write(path, HAND_MADE.replace("nmae", "name") + log)
    store = EventStore.open(path)
    settings = dict(store.settings)
    settings["event"] = {**settings["event"], "venue": "Hall C"}
    store.rewrite_settings(settings)
    assert path.read_text(encoding="utf-8").endswith(log)
    again = EventStore.open(path)
    assert [r["id"] for r in again.log] == ["a", "b"]
    assert again.warnings == []
    assert again.settings["event"]["venue"] == "Hall C"


def test_create_in_a_missing_folder_says_so(tmp_path: Path) -> None:
    path = tmp_path / "nowhere" / "club.toml"
    with pytest.raises(EventFileNotFoundError) as caught:
        EventStore.create(path, _settings())
    assert str(caught.value) == (
        f"{path}: the folder {path.parent} does not exist. "
        "Fix: create the folder first, or give a path in an existing folder."
    )


def test_create_without_hard_links_still_creates_the_file(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_links(source: Any, target: Any) -> None:
        raise PermissionError("operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    EventStore.create(path, _settings())
    assert EventStore.open(path).settings["event"]["name"] == "Winter Open"
    assert sorted(p.name for p in path.parent.iterdir()) == [".club.toml.lock", "club.toml"]


def test_create_loses_a_race_for_the_name_without_replacing_the_winner(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def taken(source: Any, target: Any) -> None:
        Path(target).write_text("the other process's event", encoding="utf-8")
        raise FileExistsError(target)

    monkeypatch.setattr(os, "link", taken)
    with pytest.raises(EventFileExistsError):
        EventStore.create(path, _settings())
    assert path.read_text(encoding="utf-8") == "the other process's event"
    assert sorted(p.name for p in path.parent.iterdir()) == ["club.toml"]


_LEAF = (
    st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=10)
    | st.integers(-(2**63), 2**63 - 1)
    | st.booleans()
    | st.floats(allow_nan=False)
)
_FIELDS = st.dictionaries(
    st.sampled_from(["round", "table", "wins", "riichi", "text", "final", "名前", "a b"]),
    st.recursive(
        _LEAF,
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner),
        max_leaves=6,
    ),
    max_size=4,
)


@settings(max_examples=40, deadline=None)
@given(fields=st.lists(_FIELDS, min_size=1, max_size=4))
def test_any_entries_read_back_exactly_as_append_returned_them(
    fields: list[dict[str, Any]],
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "club.toml"
        store = EventStore.create(path, _settings())
        returned = [
            store.append({"id": f"e{n}", "at": "t", "kind": "note", **f})
            for n, f in enumerate(fields)
        ]
        assert EventStore.open(path).log == returned == store.log


def test_a_file_saved_with_windows_line_ends_reads_the_same(path: Path) -> None:
    store = EventStore.create(path, _settings(NAMES))
    store.append(_hand(1))
    store.append(_hand(2))
    path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n"))
    assert fast_document(path.read_bytes()) is not None
    again = EventStore.open(path)
    assert (again.log, again.settings, again.warnings) == (store.log, store.settings, [])
    again.append(_hand(3))
    assert [r["id"] for r in EventStore.open(path).log] == ["h0001", "h0002", "h0003"]

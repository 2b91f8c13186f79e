"""Table stations' commands and table keys: what a table's page and the director call."""

from __future__ import annotations

import base64
import os
import shutil
import stat
from pathlib import Path
from typing import Any

import pytest

from mjevent.events import stations, table_keys
from mjevent.events.commands import CommandError, current_state, record_line
from mjevent.events.open import open_event
from mjevent.events.session import EventSession
from mjevent.events.stations import StationError
from mjevent.events.store import EventStore

T = "2026-12-05T10:00:00+00:00"
SETTINGS: dict[str, Any] = {
    "event": {"name": "Cup", "format_version": 1},
    "rules": {"preset": "ema2016"},
    "players": [
        {"id": f"p{i}", "name": n}
        for i, n in enumerate(["Ana", "Ben", "Cai", "Dee", "Eve", "Fay", "Gus", "Hal"], 1)
    ],
    "seating": {
        "rounds": [{"round": 1, "tables": [["p1", "p2", "p3", "p4"], ["p5", "p6", "p7", "p8"]]}]
    },
}


def event(tmp_path: Path, mode: str | None = None) -> Path:
    data = dict(SETTINGS)
    if mode is not None:
        data["serve"] = {"table_entry": mode}
    path = tmp_path / "cup.toml"
    EventStore.create(path, data)
    return path


def kinds(path: Path) -> list[str]:
    return [r["kind"] for r in open_event(path, read_only=True).log]


def scores(path: Path, table: int = 1) -> tuple[int, ...] | None:
    state = current_state(open_event(path, read_only=True))
    game = state.game(1, table)
    return None if game is None or game.state is None else game.state.scores


@pytest.fixture(autouse=True)
def _fresh_stores() -> None:
    stations._STORES.clear()


def test_a_submitted_line_waits_and_a_second_seat_makes_it_count(tmp_path: Path) -> None:
    path = event(tmp_path)
    sub = stations.submit_line(path, 1, 1, "ron ben<-W 3/30 r:E", "E", entry_id="a1", at=T)
    assert (sub.id, sub.status, sub.round, sub.table, sub.seat) == ("a1", "pending", 1, 1, "E")
    assert sub.lines == [
        "round 1 table 1, East 1, 0 honba: E Ana, S Ben, W Cai, N Dee",
        "  Ana puts a riichi stick on the table (1,000)",
        "  Cai pays Ben 3,900 (hand)",
        "  Ben takes the riichi sticks (1,000)",
        "  scores: Ana 29,000, Ben 34,900, Cai 26,100, Dee 30,000",
        "  next dealer: Ben (S)",
    ]
    assert scores(path) is None
    done = stations.confirm(path, "a1", "S", confirmation_id="c1", at=T)
    assert (done.id, done.status) == ("a1", "recorded")
    assert scores(path) == (29000, 34900, 26100, 30000)
    assert open_event(path, read_only=True).log[0]["entry"] == {
        "kind": "hand",
        "round": 1,
        "table": 1,
        "outcome": "ron",
        "loser": "W",
        "wins": [{"winner": "S", "han": 3, "fu": 30}],
        "riichi": ["E"],
    }
    assert kinds(path) == ["table_entry", "table_entry_confirmed"]


def test_the_same_seat_cannot_confirm_its_own_entry(tmp_path: Path) -> None:
    path = event(tmp_path)
    stations.submit_line(path, 1, 1, "tsumo N 2/40", "N", entry_id="a1", at=T)
    with pytest.raises(StationError) as refused:
        stations.confirm(path, "a1", "n")
    assert refused.value.reason == "own_seat"
    assert str(refused.value) == "seat N entered it: another seat at the table confirms it"
    assert kinds(path) == ["table_entry"]


def test_a_bad_line_is_refused_in_the_console_words_and_writes_nothing(tmp_path: Path) -> None:
    path = event(tmp_path)
    with pytest.raises(StationError) as refused:
        stations.submit_line(path, 1, 1, "ron S<-W 3/35", "E")
    assert (refused.value.reason, str(refused.value)) == (
        "line",
        "fu 35 is not a fu value: 30 or 40?",
    )
    with pytest.raises(StationError) as other:
        stations.submit_line(path, 1, 1, "t2 draw", "E")
    assert str(other.value) == (
        "this page enters results for round 1 table 1, and the line names round 1 table 2. "
        "Fix: leave out the table, or enter the line at that table's page"
    )
    with pytest.raises(StationError) as seat:
        stations.submit_line(path, 1, 1, "draw", "X")
    assert (seat.value.reason, str(seat.value)) == ("seat", "seat 'X': a seat is one of E, S, W, N")
    assert kinds(path) == []


def test_the_same_line_again_is_one_entry_and_from_another_seat_it_confirms(
    tmp_path: Path,
) -> None:
    path = event(tmp_path)
    first = stations.submit_line(path, 1, 2, "draw tenpai:E", "E", entry_id="a1", at=T)
    again = stations.submit_line(path, 1, 2, "t2 draw tp:E", "E", entry_id="a2", at=T)
    assert (again.id, again.status) == ("a1", "pending")
    assert kinds(path) == ["table_entry"]
    other = stations.submit_line(path, 1, 2, "draw tenpai:E", "W", entry_id="a3", at=T)
    assert (other.id, other.status) == (first.id, "recorded")
    assert kinds(path) == ["table_entry", "table_entry_confirmed"]
    assert scores(path, 2) == (33000, 29000, 29000, 29000)


def test_a_different_second_entry_is_a_conflict_the_director_resolves(tmp_path: Path) -> None:
    path = event(tmp_path)
    stations.submit_line(path, 1, 1, "ron S<-W 3/30", "E", entry_id="a1", at=T)
    second = stations.submit_line(path, 1, 1, "ron S<-W 4/30", "N", entry_id="a2", at=T)
    assert (second.status, second.conflicts) == ("pending", ("a1",))
    waiting = stations.pending(EventSession.open(path, read_only=True).folder())
    assert [(p.id, p.line, p.seat, p.name, p.conflict) for p in waiting] == [
        ("a1", "r1 t1 ron S<-W 3/30", "E", "Ana", True),
        ("a2", "r1 t1 ron S<-W 4/30", "N", "Dee", True),
    ]
    with pytest.raises(StationError) as refused:
        stations.confirm(path, "a1", "S")
    assert refused.value.reason == "conflict"
    stations.approve(path, "a2", approval_id="d1", at=T)
    assert scores(path) == (30000, 37700, 22300, 30000)
    with pytest.raises(StationError) as lost:
        stations.approve(path, "a1")
    assert str(lost.value) == (
        "table entry a1 lost to another entry for the same hand, which counts (entry d1)"
    )
    assert stations.pending(EventSession.open(path, read_only=True).folder()) == []


def test_director_mode_waits_for_approval_and_reject_keeps_the_reason(tmp_path: Path) -> None:
    path = event(tmp_path, "director")
    sub = stations.submit_line(path, 1, 1, "draw", "E", entry_id="a1", at=T)
    with pytest.raises(StationError) as refused:
        stations.confirm(path, sub.id, "S")
    assert refused.value.reason == "director_only"
    with pytest.raises(StationError) as bare:
        stations.reject(path, "a1", "  ")
    assert bare.value.reason == "reason"
    stations.reject(path, "a1", "played at table 2", rejection_id="x1", at=T)
    log = open_event(path, read_only=True).log
    assert log[-1] == {
        "id": "x1",
        "at": T,
        "kind": "table_entry_rejected",
        "target": "a1",
        "reason": "played at table 2",
    }
    assert scores(path) is None
    with pytest.raises(StationError) as settled:
        stations.approve(path, "a1")
    assert str(settled.value) == "table entry a1 was rejected by entry x1"


def test_direct_mode_records_at_once(tmp_path: Path) -> None:
    path = event(tmp_path, "direct")
    sub = stations.submit_line(path, 1, 1, "tsumo E 2/40", "S", entry_id="a1", at=T)
    assert sub.status == "recorded"
    assert scores(path) == (33900, 28700, 28700, 28700)


def test_an_entry_the_console_overtook_is_refused_as_stale(tmp_path: Path) -> None:
    path = event(tmp_path)
    stations.submit_line(path, 1, 1, "draw", "E", entry_id="a1", at=T)
    record_line(EventStore.open(path), "t1 draw tenpai:N", at=T)
    with pytest.raises(StationError) as stale:
        stations.confirm(path, "a1", "S")
    assert stale.value.reason == "stale"
    (item,) = stations.pending(EventSession.open(path, read_only=True).folder())
    assert str(getattr(item.preview, "message", "")).startswith(
        "table entry a1 was made after 0 entries at round 1 table 1, which now has 1"
    )


def test_set_table_entry_rewrites_the_settings_and_keeps_the_log(tmp_path: Path) -> None:
    path = event(tmp_path)
    stations.submit_line(path, 1, 1, "draw", "E", entry_id="a1", at=T)
    store = EventStore.open(path)
    state = stations.set_table_entry(store, "direct")
    assert state.settings.serve.table_entry == "direct"
    assert 'table_entry = "direct"' in path.read_text(encoding="utf-8")
    assert kinds(path) == ["table_entry"]
    with pytest.raises(CommandError):
        stations.set_table_entry(store, "phone")


# --- Table keys ----------------------------------------------------------------------------------


def test_the_keys_file_is_private_beside_the_event_and_never_in_it(tmp_path: Path) -> None:
    path = event(tmp_path)
    token = table_keys.table_token(path, 1, 2)
    keys = tmp_path / "cup.toml.keys"
    assert table_keys.keys_path(path) == keys
    assert stat.S_IMODE(os.stat(keys).st_mode) == 0o600
    secret = keys.read_text(encoding="utf-8").split('secret = "')[1][:64]
    assert secret not in path.read_text(encoding="utf-8")
    assert token.startswith("1-2-")
    assert len(base64.urlsafe_b64decode(token[4:] + "=")) * 8 == 256
    assert table_keys.table_token(path, 1, 2) == token  # stable until revoked


def test_a_token_opens_its_own_table_only(tmp_path: Path) -> None:
    path = event(tmp_path)
    token = table_keys.table_token(path, 1, 2)
    assert table_keys.token_table(path, token) == (1, 2)
    assert table_keys.token_table(path, "1-1-" + token[4:]) is None
    assert table_keys.token_table(path, "2-2-" + token[4:]) is None
    assert table_keys.token_table(path, token[:-1] + ("A" if token[-1] != "A" else "B")) is None
    assert table_keys.token_table(path, "") is None
    assert table_keys.token_table(path, "../../etc/passwd") is None
    assert table_keys.table_token(path, 1, 1) != token


def test_a_revoked_token_is_refused_and_the_new_one_works(tmp_path: Path) -> None:
    path = event(tmp_path)
    old = table_keys.table_token(path, 1, 2)
    other = table_keys.table_token(path, 1, 1)
    new = table_keys.revoke(path, 1, 2)
    assert new != old
    assert table_keys.token_table(path, old) is None
    assert table_keys.token_table(path, new) == (1, 2)
    assert table_keys.table_token(path, 1, 2) == new
    assert table_keys.token_table(path, other) == (1, 1)  # the other tables keep theirs


def test_the_kept_keys_follow_the_file_a_revoke_elsewhere_or_a_deletion_counts_at_once(
    tmp_path: Path,
) -> None:
    path = event(tmp_path)
    keys = tmp_path / "cup.toml.keys"
    old = table_keys.table_token(path, 1, 2)
    assert table_keys.token_table(path, old) == (1, 2)  # read once, then kept
    before = keys.read_bytes()
    # Another process (`mjevent tables --revoke`) writes a new keys file: its temporary file is
    # renamed into place, as `revoke` does. Simulated here by writing the revoked file under
    # another name and renaming it, without this process's `revoke`.
    new = table_keys.revoke(path, 1, 2)
    revoked = keys.read_bytes()
    keys.write_bytes(before)
    assert table_keys.token_table(path, old) == (1, 2)
    (tmp_path / "elsewhere.tmp").write_bytes(revoked)
    os.replace(tmp_path / "elsewhere.tmp", keys)
    assert table_keys.token_table(path, old) is None
    assert table_keys.token_table(path, new) == (1, 2)
    keys.unlink()  # deleting the keys file revokes every token at once
    assert table_keys.token_table(path, new) is None


def test_a_revoke_that_cannot_write_leaves_the_kept_keys_as_the_file_has_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = event(tmp_path)
    old = table_keys.table_token(path, 1, 2)

    def full_disk(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(table_keys.KeysFileError):
        table_keys.revoke(path, 1, 2)
    monkeypatch.undo()
    assert table_keys.token_table(path, old) == (1, 2)
    assert table_keys.table_token(path, 1, 2) == old


def test_sharing_the_event_file_alone_shares_no_token(tmp_path: Path) -> None:
    path = event(tmp_path)
    token = table_keys.table_token(path, 1, 2)
    elsewhere = tmp_path / "copy"
    elsewhere.mkdir()
    shutil.copy(path, elsewhere / "cup.toml")
    copy = elsewhere / "cup.toml"
    assert table_keys.token_table(copy, token) is None  # no keys file there: no token opens
    assert not (elsewhere / "cup.toml.keys").exists()
    assert table_keys.table_token(copy, 1, 2) != token  # a new secret, other tokens
    assert table_keys.token_table(copy, token) is None


def test_a_damaged_keys_file_is_named_with_the_fix(tmp_path: Path) -> None:
    path = event(tmp_path)
    (tmp_path / "cup.toml.keys").write_text("secret = 12\n", encoding="utf-8")
    with pytest.raises(table_keys.KeysFileError) as error:
        table_keys.table_token(path, 1, 1)
    assert str(error.value) == (
        f"{tmp_path / 'cup.toml.keys'}: this is not a table keys file mjevent can read. Fix: "
        "move it away; a new one is made (every table then needs its new URL)"
    )


def test_state_of_reads_what_other_processes_appended(tmp_path: Path) -> None:
    path = event(tmp_path)
    assert stations.state_of(path).pending == {}
    record_line(EventStore.open(path), "t1 draw", at=T)  # another writer
    state = stations.state_of(path)
    game = state.game(1, 1)
    assert game is not None and len(game.hands) == 1


def test_every_refusal_is_a_station_error_with_its_reason(tmp_path: Path) -> None:
    path = event(tmp_path)
    with pytest.raises(StationError) as bad_id:
        stations.submit_line(path, 1, 1, "draw", "E", entry_id="no spaces please")
    assert bad_id.value.reason == "refused"
    with pytest.raises(StationError) as missing:
        stations.submit_line(tmp_path / "nope.toml", 1, 1, "draw", "E")
    assert missing.value.reason == "file"
    with pytest.raises(StationError) as unknown:
        stations.confirm(path, "zz", "S")
    assert unknown.value.reason == "not_pending"

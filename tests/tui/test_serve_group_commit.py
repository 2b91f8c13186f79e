"""The venue's server writes a burst as one group commit (`Venue.commit`, `stations.group`,
`EventStore.group`): the writes queued while the writer thread was busy are checked in order
against the log as it grows, written with one write and one fsync, then answered. A refused one
answers with its own refusal and disturbs nothing; a failed write answers every one with the
error and leaves the file and the log as they were. The event loop goes on meanwhile: it queues
the next writes, and its pages show only what is durable."""

from __future__ import annotations

import asyncio
import errno
import os
import threading
from pathlib import Path
from typing import Any

import pytest

from mjevent.core.preview import read_entry
from mjevent.events import stations
from mjevent.events.commands import rename_player
from mjevent.events.errors import EventFileWriteError
from mjevent.events.open import open_event
from mjevent.events.stations import StationError, Submission
from mjevent.events.store import EventStore
from mjevent.tui.web.server import VENUE, ServeConfig, Venue, make_app

from .test_serve_venue import RON, SETTINGS

AT = "2026-12-05T10:00:00+00:00"


@pytest.fixture(autouse=True)
def _fresh_stores() -> None:
    stations._STORES.clear()


@pytest.fixture
def cup(tmp_path: Path) -> Path:
    path = tmp_path / "cup.toml"
    EventStore.create(path, SETTINGS)
    return path


async def venue_of(path: Path) -> Venue:
    return (await make_app(ServeConfig(path=path, password="sesame")))[VENUE]


def counted_fsyncs(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    real = os.fsync

    def fsync(fd: int) -> None:
        calls.append(fd)
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    return calls


async def test_a_group_with_a_refusal_in_the_middle_records_the_others(
    cup: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    venue = await venue_of(cup)
    fsyncs = counted_fsyncs(monkeypatch)
    # Queued before the loop runs the commit: one group, in this order.
    answers = await asyncio.gather(
        venue.write(
            lambda: stations.submit_line(cup, 1, 1, RON, "E", entry_id="a1", at=AT), 1, "en"
        ),
        venue.write(lambda: stations.submit_line(cup, 1, 2, "ron S<-W 3/35", "E"), 1, "en"),
        venue.write(lambda: stations.confirm(cup, "a1", "E", confirmation_id="c0"), 1, "en"),
        # Checked against the log as the group left it: a1 is pending there, not on disk yet.
        venue.write(lambda: stations.confirm(cup, "a1", "S", confirmation_id="c1", at=AT), 1, "en"),
        venue.write(
            lambda: stations.submit_line(cup, 1, 2, RON, "N", entry_id="b1", at=AT), 1, "ja"
        ),
        return_exceptions=True,
    )
    first, bad_fu, own_seat, confirmed, other = answers
    assert isinstance(first, Submission) and (first.id, first.status) == ("a1", "pending")
    assert isinstance(bad_fu, StationError) and bad_fu.reason == "line"
    assert str(bad_fu) == "fu 35 is not a fu value: 30 or 40?"
    assert isinstance(own_seat, StationError) and own_seat.reason == "own_seat"
    assert str(own_seat) == "seat E entered it: another seat at the table confirms it"
    assert isinstance(confirmed, Submission) and (confirmed.id, confirmed.status) == (
        "a1",
        "recorded",
    )
    assert confirmed.preview.scores_after == (30000, 33900, 26100, 30000)
    assert isinstance(other, Submission) and (other.id, other.status) == ("b1", "pending")
    # One write, one fsync for the three entries, in the order they were sent.
    assert len(fsyncs) == 1
    log = open_event(cup, read_only=True).log
    assert [(r["id"], r["kind"]) for r in log] == [
        ("a1", "table_entry"),
        ("c1", "table_entry_confirmed"),
        ("b1", "table_entry"),
    ]
    # The server's own view was brought up to date before any answer.
    game = venue.state.game(1, 1)
    assert game is not None and len(game.hands) == 1
    assert list(venue.state.pending) == ["b1"]


async def test_a_failed_write_answers_the_whole_group_and_changes_nothing(
    cup: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    venue = await venue_of(cup)
    await venue.write(
        lambda: stations.submit_line(cup, 1, 1, RON, "E", entry_id="a1", at=AT), 1, "en"
    )
    before = cup.read_bytes()

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    answers = await asyncio.gather(
        venue.write(lambda: stations.confirm(cup, "a1", "S", confirmation_id="c1", at=AT), 1, "en"),
        venue.write(lambda: stations.submit_line(cup, 1, 2, "ron S<-W 3/35", "E"), 1, "en"),
        venue.write(
            lambda: stations.submit_line(cup, 1, 2, RON, "E", entry_id="b1", at=AT), 1, "en"
        ),
        return_exceptions=True,
    )
    message = (
        f"{cup}: entries c1, b1 were not recorded: the disk is full. The file was cut back to "
        "what it held before: nothing was recorded. Fix: free space on the disk (or copy the "
        "event file to another disk), then try again."
    )
    assert [(type(a), getattr(a, "reason", None), str(a)) for a in answers] == [
        (StationError, "file", message)
    ] * 3
    assert cup.read_bytes() == before
    assert list(venue.state.pending) == ["a1"]
    # The disk has room again: the same requests are recorded once each, as if never tried.
    monkeypatch.undo()
    again = await asyncio.gather(
        venue.write(lambda: stations.confirm(cup, "a1", "S", confirmation_id="c1", at=AT), 1, "en"),
        venue.write(
            lambda: stations.submit_line(cup, 1, 2, RON, "E", entry_id="b1", at=AT), 1, "en"
        ),
    )
    assert [(s.id, s.status) for s in again] == [("a1", "recorded"), ("b1", "pending")]
    assert [r["id"] for r in open_event(cup, read_only=True).log] == ["a1", "c1", "b1"]


def test_a_savepoint_drops_only_its_own_entries_and_a_failed_group_restores_the_log(
    cup: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = open_event(cup)

    def note(entry_id: str) -> dict[str, Any]:
        return {"id": entry_id, "at": AT, "kind": "note", "text": entry_id}

    with store.group():
        store.append(note("n1"))
        with pytest.raises(RuntimeError), store.savepoint():
            store.append(note("n2"))
            raise RuntimeError("this request failed part way")
        store.append(note("n3"))
        assert [r["id"] for r in store.log] == ["n1", "n3"]
        assert open_event(cup, read_only=True).log == []  # nothing durable inside the group
    assert [r["id"] for r in open_event(cup, read_only=True).log] == ["n1", "n3"]

    before = cup.read_bytes()

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(EventFileWriteError) as failed, store.group():
        store.append(note("n4"))
        store.append(note("n5"))
    assert "entries n4, n5 were not recorded: the disk is full" in str(failed.value)
    assert cup.read_bytes() == before
    assert [r["id"] for r in store.log] == ["n1", "n3"]
    monkeypatch.undo()
    store.append(note("n4"))
    assert [r["id"] for r in open_event(cup, read_only=True).log] == ["n1", "n3", "n4"]


def test_a_confirmation_reuses_the_submissions_preview_only_while_it_still_holds(
    cup: Path,
) -> None:
    lines = [
        "ron S<-W 3/30 r:E,S",
        "tsumo E 2/40 r:E",
        "draw tenpai:E,S r:E",
        "ron N<-E mgn",
        "final 19900 35100 23900 41100",
    ]
    for i, line in enumerate(lines):
        sub = stations.submit_line(cup, 1, 1, line, "S" if i % 2 else "E")
        state = stations.state_of(cup)
        target = state.pending[sub.id]
        line = stations.table_entry_line(target, 4)
        fresh = stations._preview(stations.session(cup).folder(), read_entry(state, line))
        assert stations._kept_preview(stations.session(cup), state, target) == fresh == sub.preview
        assert stations.confirm(cup, sub.id, "N").preview == fresh
    # A player renamed meanwhile: the kept preview names the old name, so it is not used.
    sub = stations.submit_line(cup, 1, 2, RON, "E")
    with stations.group(cup) as store:
        rename_player(store, "p6", "Fiona")
    state = stations.state_of(cup)
    assert stations._kept_preview(stations.session(cup), state, state.pending[sub.id]) is None
    assert stations.confirm(cup, sub.id, "N").preview.seats[1].name == "Fiona"


async def test_the_event_loop_goes_on_while_a_group_is_written(
    cup: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    venue = await venue_of(cup)
    writing, written = threading.Event(), threading.Event()
    fsyncs: list[str] = []
    real = os.fsync

    def slow_disk(fd: int) -> None:
        fsyncs.append(threading.current_thread().name)
        if len(fsyncs) == 1:
            writing.set()
            assert written.wait(10)
        real(fd)

    monkeypatch.setattr(os, "fsync", slow_disk)
    first = venue.write(
        lambda: stations.submit_line(cup, 1, 1, RON, "E", entry_id="a1", at=AT), 1, "en"
    )
    while not writing.is_set():  # the writer thread is in the group's fsync ...
        await asyncio.sleep(0.01)
    # ... and the loop runs: it queues the next request for the next group, the pages still
    # show the event without the entry that is not durable yet, and nobody is answered.
    second = venue.write(
        lambda: stations.submit_line(cup, 1, 2, RON, "E", entry_id="b1", at=AT), 1, "en"
    )
    await asyncio.sleep(0.05)
    assert [w.lang for w in venue.writes] == ["en"]
    assert not first.done() and not second.done()
    assert list(venue.state.pending) == []
    written.set()
    a, b = await first, await second
    assert (a.id, a.status, b.id, b.status) == ("a1", "pending", "b1", "pending")
    assert list(venue.state.pending) == ["a1", "b1"]
    # Two groups, each fsynced on the writer thread, in the order the requests came.
    assert len(fsyncs) == 2 and all(name.startswith("mjevent-writer") for name in fsyncs)
    assert [r["id"] for r in open_event(cup, read_only=True).log] == ["a1", "b1"]

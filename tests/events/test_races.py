"""Two processes recording at once: the check and the append are one step under the lock.

Each trial copies an event whose game at table 1 needs one more hand to end (seven draws with
nobody tenpai: the eighth ends South 4), forks two recorders that have both opened the file and
folded the log, releases them at the same moment, and each records "t1 draw". Exactly one must
be accepted; the other must be refused as a lost race (naming the other recorder's hand, not
suggesting a change of the rules), and the file must hold exactly one eighth hand. Before
validation moved under the lock, both were accepted in about a third of the trials.
"""

from __future__ import annotations

import os
import shutil
import threading
from pathlib import Path
from typing import Any

from mjevent.events import commands, open_event
from mjevent.events.commands import CommandError, RaceLostError
from mjevent.events.store import EventStore

TRIALS = 60
ACCEPTED, REFUSED = 10, 11

SETTINGS: dict[str, Any] = {
    "event": {"name": "Race", "format_version": 1},
    "rules": {"preset": "ema2016"},
    "players": [{"id": f"p{i}", "name": f"Player {i}"} for i in range(1, 5)],
    "seating": {"rounds": [{"round": 1, "tables": [["p1", "p2", "p3", "p4"]]}]},
}


def _recorder(path: Path, go: Path, name: str, ready: int) -> int:
    store = open_event(path)
    commands.current_state(store)  # folded before the race, as a console has it
    os.write(ready, b"r")
    while not go.exists():
        pass
    try:
        commands.record_line(store, "t1 draw", entry_id=f"last-{name}")
    except RaceLostError as error:
        other = "b" if name == "a" else "a"
        assert error.others == (f"last-{other}",), error.others
        assert str(error).startswith(
            "round 1 table 1: hand South 4, 7 honba was recorded by another station a moment "
            "ago: t1 draw. Yours was not recorded."
        ), error
        assert "[rules]" not in str(error), error
        return REFUSED
    return ACCEPTED


def _fork(path: Path, go: Path, name: str, ready: int) -> int:
    pid = os.fork()
    if pid == 0:  # pragma: no cover - runs in the child
        code = 1
        try:
            code = _recorder(path, go, name, ready)
        finally:
            os._exit(code)
    return pid


def test_two_recorders_of_the_last_hand_exactly_one_is_accepted(tmp_path: Path) -> None:
    template = tmp_path / "template.toml"
    store = EventStore.create(template, SETTINGS)
    for _ in range(7):
        commands.record_line(store, "t1 draw")
    outcomes = []
    for trial in range(TRIALS):
        path = Path(shutil.copy(template, tmp_path / f"race-{trial}.toml"))
        go = tmp_path / f"go-{trial}"
        ready_read, ready_write = os.pipe()
        pids = [_fork(path, go, name, ready_write) for name in ("a", "b")]
        os.close(ready_write)
        assert os.read(ready_read, 1) + os.read(ready_read, 1) == b"rr"
        os.close(ready_read)
        go.touch()  # both have opened the file and folded the log
        codes = sorted(os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) for pid in pids)
        outcomes.append(codes)
        hands = [r for r in open_event(path, read_only=True).log if r["kind"] == "hand"]
        assert len(hands) == 8, f"trial {trial}: {len(hands)} hands"
        state = commands.current_state(open_event(path, read_only=True))
        assert state.problems == (), f"trial {trial}: {state.problems}"
    assert outcomes == [[ACCEPTED, REFUSED]] * TRIALS


def test_two_threads_with_their_own_stores_record_the_last_hand_once(tmp_path: Path) -> None:
    """The same race inside one process (a console's worker thread and its main thread)."""
    path = tmp_path / "race.toml"
    store = EventStore.create(path, SETTINGS)
    for _ in range(7):
        commands.record_line(store, "t1 draw")
    stores = [open_event(path), open_event(path)]
    for s in stores:
        commands.current_state(s)
    barrier = threading.Barrier(2)
    results: list[str] = []

    def record(s: EventStore, name: str) -> None:
        barrier.wait()
        try:
            commands.record_line(s, "t1 draw", entry_id=f"last-{name}")
            results.append("accepted")
        except CommandError:
            results.append("refused")

    threads = [
        threading.Thread(target=record, args=(s, n)) for s, n in zip(stores, "ab", strict=True)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == ["accepted", "refused"]
    assert sum(r["kind"] == "hand" for r in open_event(path, read_only=True).log) == 8

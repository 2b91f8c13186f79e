"""The round clock: `time_left` across pauses, extensions, a countdown, a restart and two
consoles on one file; `table_call` per preset; a hand started after the gong refused."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest

from mjevent.core.clock import ClockPhase, TimeLeft, table_call, time_left
from mjevent.core.presets import preset
from mjevent.core.settings import TimerSettings
from mjevent.core.state import RoundClock
from mjevent.events import commands
from mjevent.events.commands import CommandError
from mjevent.events.store import EventStore

UTC = dt.UTC
TIMER = TimerSettings(round_minutes=90, warning_minutes=(15, 5))


def at(hh: int, mm: int, ss: int = 0) -> dt.datetime:
    return dt.datetime(2026, 3, 14, hh, mm, ss, tzinfo=UTC)


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self, now: dt.datetime) -> None:
        self.now = now

    def __call__(self) -> dt.datetime:
        return self.now

    def advance(self, **kwargs: int) -> None:
        self.now += dt.timedelta(**kwargs)


def settings(preset_name: str = "ema2016") -> dict[str, Any]:
    players = [{"id": f"p{i}", "name": f"Player {i}"} for i in range(1, 9)]
    return {
        "event": {"name": "Cup", "format_version": 1},
        "rules": {"preset": preset_name},
        "timer": {"round_minutes": 90, "warning_minutes": [15, 5]},
        "players": players,
        "seating": {
            "rounds": [
                {"round": 1, "tables": [["p1", "p2", "p3", "p4"], ["p5", "p6", "p7", "p8"]]}
            ]
        },
    }


@pytest.fixture
def store(tmp_path: Path) -> EventStore:
    return EventStore.create(tmp_path / "cup.toml", settings())


def left(store: EventStore, now: dt.datetime, table: int | None = None) -> TimeLeft:
    state = commands.current_state(store)
    return time_left(state.clocks.get(1), state.settings.timer, now, table, round=1)


# --- Pure arithmetic -------------------------------------------------------------------------


def test_a_round_not_started_shows_its_full_length() -> None:
    got = time_left(None, TIMER, at(10, 0), round=3)
    assert got == TimeLeft(3, None, ClockPhase.NOT_STARTED, 5400, 0, 5400, 0, None, None)
    assert got.text == "1:30:00"


def test_a_running_round_counts_down_from_its_start() -> None:
    clock = RoundClock(1, started="2026-03-14T10:00:00+00:00")
    got = time_left(clock, TIMER, at(10, 0, 1))
    assert (got.phase, got.seconds, got.text, got.warning) == (
        ClockPhase.RUNNING, 5399, "1:29:59", None
    )


def test_a_part_second_left_still_shows_as_one_second() -> None:
    clock = RoundClock(1, started="2026-03-14T10:00:00+00:00")
    now = at(11, 29, 59) + dt.timedelta(milliseconds=200)
    assert time_left(clock, TIMER, now).text == "0:01"


def test_warnings_follow_the_timer_settings() -> None:
    clock = RoundClock(1, started="2026-03-14T10:00:00+00:00")
    assert time_left(clock, TIMER, at(11, 14, 59)).warning is None
    assert time_left(clock, TIMER, at(11, 15, 0)).warning == 15
    assert time_left(clock, TIMER, at(11, 24, 59)).warning == 15
    assert time_left(clock, TIMER, at(11, 25, 0)).warning == 5
    assert time_left(clock, TIMER, at(11, 30, 0)).warning is None


def test_paused_spans_do_not_count_and_an_open_pause_freezes_the_clock() -> None:
    clock = RoundClock(
        1,
        started="2026-03-14T10:00:00Z",
        pauses=(("2026-03-14T10:20:00Z", "2026-03-14T10:27:30Z"), ("2026-03-14T10:50:00Z", None)),
    )
    frozen = [time_left(clock, TIMER, at(h, m)) for h, m in ((10, 55), (12, 0))]
    assert [(t.phase, t.seconds) for t in frozen] == [
        (ClockPhase.PAUSED, 5400 - 42 * 60 - 30),
        (ClockPhase.PAUSED, 5400 - 42 * 60 - 30),
    ]


def test_whole_round_and_one_table_extensions_add_up() -> None:
    clock = RoundClock(
        1, started="2026-03-14T10:00:00Z", extra_seconds=120, table_extra={2: 300, 5: 60}
    )
    now = at(11, 30)
    assert time_left(clock, TIMER, now).seconds == 120
    assert time_left(clock, TIMER, now, table=2).seconds == 420
    assert time_left(clock, TIMER, now, table=2).table_extra == 300
    assert time_left(clock, TIMER, now, table=1).seconds == 120


def test_past_zero_the_clock_reads_time_up_and_counts_overtime() -> None:
    clock = RoundClock(1, started="2026-03-14T10:00:00Z")
    got = time_left(clock, TIMER, at(11, 31, 15))
    assert (got.phase, got.text, got.overtime) == (ClockPhase.TIME_UP, "0:00", 75)


def test_a_start_in_the_future_counts_down_and_ignores_pauses_before_it() -> None:
    clock = RoundClock(
        1,
        started="2026-03-14T10:00:00Z",
        pauses=(("2026-03-14T09:58:00Z", "2026-03-14T10:01:00Z"),),
    )
    before = time_left(clock, TIMER, at(9, 57, 30))
    assert (before.phase, before.text, before.warning) == (ClockPhase.COUNTDOWN, "2:30", None)
    # The pause began before the start: only its minute after the start counts.
    assert time_left(clock, TIMER, at(10, 2)).seconds == 5400 - 60


def test_time_called_for_the_round_or_one_table() -> None:
    clock = RoundClock(
        1, started="2026-03-14T10:00:00Z", time_called={3: "2026-03-14T11:00:00Z"}
    )
    assert time_left(clock, TIMER, at(11, 10), table=3).phase is ClockPhase.CALLED
    assert time_left(clock, TIMER, at(11, 10), table=3).called_at == "2026-03-14T11:00:00Z"
    assert time_left(clock, TIMER, at(11, 10), table=1).phase is ClockPhase.RUNNING
    everyone = RoundClock(
        1, started="2026-03-14T10:00:00Z", time_called={0: "2026-03-14T11:30:00Z"}
    )
    assert time_left(everyone, TIMER, at(11, 31), table=1).phase is ClockPhase.CALLED
    assert time_left(everyone, TIMER, at(11, 31)).phase is ClockPhase.CALLED


def test_naive_times_are_read_as_utc() -> None:
    clock = RoundClock(1, started="2026-03-14T10:00:00")
    assert time_left(clock, TIMER, dt.datetime(2026, 3, 14, 10, 30)).seconds == 3600


# --- Through the event file, with a fake clock --------------------------------------------------


def test_clock_commands_give_the_same_time_after_a_restart(store: EventStore) -> None:
    # GIVEN a round started at 10:00, paused 10:20-10:30, extended 2 min, table 2 by 5 min
    clock = FakeClock(at(10, 0))
    commands.start_round(store, 1, clock=clock)
    clock.advance(minutes=20)
    commands.pause_round(store, 1, clock=clock)
    clock.advance(minutes=10)
    commands.resume_round(store, 1, clock=clock)
    commands.extend_round(store, 1, 120, clock=clock)
    commands.extend_round(store, 1, 300, table=2, clock=clock)
    clock.advance(minutes=5)
    # WHEN the file is opened again by a fresh process
    reopened = EventStore.open(store.path)
    # THEN the remaining time is the same to the second: 90 - 25 played + 2 (+5 at table 2)
    for s in (store, reopened):
        assert left(s, clock.now).seconds == (90 - 25 + 2) * 60
        assert left(s, clock.now, table=2).seconds == (90 - 25 + 7) * 60
        assert left(s, clock.now, table=2).phase is ClockPhase.RUNNING


def test_two_consoles_on_one_file_show_the_same_time(store: EventStore) -> None:
    # GIVEN two stores open on one file (two consoles)
    other = EventStore.open(store.path)
    clock = FakeClock(at(10, 0))
    commands.start_round(store, 1, clock=clock)
    clock.advance(minutes=30)
    # WHEN the second console pauses the round
    commands.pause_round(other, 1, clock=clock)
    clock.advance(minutes=15)
    # THEN the first one, once it notices the append, shows the paused clock too
    assert store.changed_on_disk()
    store.reload()
    assert left(store, clock.now) == left(other, clock.now)
    assert (left(store, clock.now).phase, left(store, clock.now).seconds) == (
        ClockPhase.PAUSED, 3600
    )


def test_a_countdown_start_is_a_round_started_entry_at_the_announced_time(
    store: EventStore,
) -> None:
    clock = FakeClock(at(9, 55))
    commands.start_round(store, 1, at="2026-03-14T10:00:00+00:00", clock=clock)
    assert left(store, clock.now).text == "5:00"
    assert left(store, clock.now).phase is ClockPhase.COUNTDOWN
    assert left(store, at(10, 45)).text == "45:00"


def test_extending_by_zero_seconds_is_refused(store: EventStore) -> None:
    with pytest.raises(CommandError, match="give 1 second or more"):
        commands.extend_round(store, 1, 0)


# --- The time call at the tables ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset_name", "at_call", "after_one", "after_two"),
    [
        ("ema2016", "one more hand", "last hand", "game over"),
        ("wrc", "last hand", "game over", "game over"),
        ("tenhou", "play to the end", "play to the end", "play to the end"),
    ],
)
def test_time_call_per_preset(
    tmp_path: Path, preset_name: str, at_call: str, after_one: str, after_two: str
) -> None:
    store = EventStore.create(tmp_path / "cup.toml", settings(preset_name))
    rules = preset(preset_name).rules
    commands.start_round(store, 1, at="2026-03-14T10:00:00+00:00")
    commands.call_time_for(store, 1, at="2026-03-14T11:30:00+00:00")
    seen = [table_call(rules, commands.current_state(store).game(1, 1)).text]
    for _ in range(2):
        try:
            state = commands.record_line(store, "t1 draw tenpai:E")
        except CommandError:
            state = commands.current_state(store)
        seen.append(table_call(rules, state.game(1, 1)).text)
    assert seen == [at_call, after_one, after_two]


def test_time_called_for_one_table_leaves_the_others_playing(store: EventStore) -> None:
    commands.record_line(store, "t2 draw tenpai:E")
    state = commands.call_time_for(store, 1, table=2, at="2026-03-14T11:00:00+00:00")
    assert table_call(state.rules, state.game(1, 2)).text == "one more hand"
    assert state.game(1, 2) is not None
    assert state.clocks[1].time_called == {2: "2026-03-14T11:00:00+00:00"}


def test_a_hand_started_after_the_gong_is_refused_with_the_reason(tmp_path: Path) -> None:
    # GIVEN WRC rules (the hand in progress at the gong is the last) and time called
    store = EventStore.create(tmp_path / "cup.toml", settings("wrc"))
    commands.record_line(store, "t1 draw tenpai:E")
    commands.call_time_for(store, 1, at="2026-03-14T11:30:00+00:00")
    commands.record_line(store, "t1 draw tenpai:E")
    # WHEN another hand is entered for the table
    with pytest.raises(CommandError) as refused:
        commands.record_line(store, "t1 draw tenpai:E")
    # THEN it is refused, saying why, and nothing is appended
    assert str(refused.value) == (
        "hand at round 1 table 1 started after time was called: the rules "
        "(time_call = end_after_hand) allow no more hands, and the game ended after "
        "East 1, 1 honba; void it, or correct an earlier hand (nothing was recorded)"
    )
    assert [r["kind"] for r in EventStore.open(store.path).log] == ["hand", "time_called", "hand"]


def test_table_clock_gives_the_overview_each_tables_time_and_flags_late_ones(
    store: EventStore,
) -> None:
    from mjevent.core.clock import table_clock

    commands.start_round(store, 1, at="2026-03-14T10:00:00+00:00")
    state = commands.extend_round(store, 1, 300, table=2, at="2026-03-14T10:10:00+00:00")
    during = [table_clock(state, 1, t, at(11, 0)) for t in (1, 2)]
    assert [(c.text, c.late, c.finished) for c in during] == [
        ("30:00", False, False), ("35:00 (+5:00)", True, False)
    ]
    after = [table_clock(state, 1, t, at(11, 32)) for t in (1, 2)]
    assert [(c.text, c.late) for c in after] == [("time up", True), ("3:00 (+5:00)", True)]
    state = commands.call_time_for(store, 1, table=1, at="2026-03-14T11:32:00+00:00")
    assert table_clock(state, 1, 1, at(11, 33)).text == "one more hand"
    state = commands.record_line(store, "t1 final 40000 30000 20000 30000")
    done = table_clock(state, 1, 1, at(11, 40))
    assert (done.text, done.late, done.finished) == ("done", False, True)


# --- EMA Riichi Rules 2025 §7.4: the signal 15 minutes before the end --------------------------


def test_ema2025_7_4_the_signal_comes_when_15_minutes_remain(tmp_path: Path) -> None:
    """EMA 2025 §7.4: the sound comes when 15 minutes remain (90-minute round from 10:00: at
    11:15), the warnings at and below it are not given, and the clock still counts down."""
    from mjevent.core.clock import signal_minutes

    store = EventStore.create(tmp_path / "cup.toml", settings("ema2025"))
    commands.start_round(store, 1, at="2026-03-14T10:00:00+00:00")
    state = commands.current_state(store)
    assert signal_minutes(state.rules) == 15

    def now_at(moment: dt.datetime) -> TimeLeft:
        return time_left(state.clocks.get(1), state.settings.timer, moment, round=1,
                         signal_minutes=15)

    before = now_at(at(11, 14, 59))
    assert (before.phase, before.text, before.warning) == (ClockPhase.RUNNING, "15:01", None)
    signal = now_at(at(11, 15))
    assert (signal.phase, signal.text, signal.warning) == (ClockPhase.TIME_UP, "15:00", None)
    # [timer] warning_minutes = [15, 5]: the 5-minute warning is not given after the signal.
    assert now_at(at(11, 25)).warning is None
    # 2016 rules (no signal before the end) keep both warnings and ring at zero.
    assert time_left(state.clocks.get(1), state.settings.timer, at(11, 25), round=1).warning == 5


def test_ema2025_7_4_after_the_signal_no_sound_at_the_end(tmp_path: Path) -> None:
    """EMA 2025 §7.4: once the signal was given, nothing changes when the clock reaches zero
    (the phase stays `time called`, so the timer rings no bell), and the tables play the
    current hand and one more."""
    from mjevent.core.clock import table_clock

    store = EventStore.create(tmp_path / "cup.toml", settings("ema2025"))
    commands.start_round(store, 1, at="2026-03-14T10:00:00+00:00")
    state = commands.current_state(store)
    assert [table_clock(state, 1, 1, at(11, m)).text for m in (14, 15)] == ["16:00", "signal due"]
    assert table_clock(state, 1, 1, at(11, 15)).late is False
    state = commands.call_time_for(store, 1, at="2026-03-14T11:15:00+00:00")
    called = [time_left(state.clocks.get(1), state.settings.timer, at(11, m), round=1,
                        signal_minutes=15) for m in (15, 30, 45)]
    assert [(c.phase, c.text) for c in called] == [
        (ClockPhase.CALLED, "15:00"), (ClockPhase.CALLED, "0:00"), (ClockPhase.CALLED, "0:00")
    ]
    assert table_clock(state, 1, 1, at(11, 16)).text == "one more hand"
    state = commands.record_line(store, "t1 draw tenpai:E")
    assert table_clock(state, 1, 1, at(11, 20)).text == "last hand"
    state = commands.record_line(store, "t1 draw tenpai:E")
    game = state.game(1, 1)
    assert game is not None and game.state is not None
    assert game.state.end_reason is not None and game.state.end_reason.value == "time"
    assert table_clock(state, 1, 1, at(11, 31)).text == "done"


def test_ema2025_7_4_chombo_after_the_signal_is_one_of_the_remaining_hands(
    tmp_path: Path,
) -> None:
    """EMA 2025 §7.4 through the log: a chombo in the hand in progress at the signal leaves only
    the last hand; a hand entered after that is refused. Under ema2016 the chombo does not count
    and two more hands are played."""
    store = EventStore.create(tmp_path / "cup.toml", settings("ema2025"))
    commands.call_time_for(store, 1, at="2026-03-14T11:15:00+00:00")
    state = commands.record_line(store, "t1 chombo S")
    assert table_call(state.rules, state.game(1, 1)).text == "last hand"
    state = commands.record_line(store, "t1 draw tenpai:E")
    assert table_call(state.rules, state.game(1, 1)).text == "game over"
    with pytest.raises(CommandError):
        commands.record_line(store, "t1 draw tenpai:E")

    old = EventStore.create(tmp_path / "old.toml", settings("ema2016"))
    commands.call_time_for(old, 1, at="2026-03-14T11:30:00+00:00")
    state = commands.record_line(old, "t1 chombo S")
    assert table_call(state.rules, state.game(1, 1)).text == "one more hand"

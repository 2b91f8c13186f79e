"""The timer screen with a fake clock: each key a log entry, the face and the announcements
following the clock, the bell at each announcement, two consoles showing the same time."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any, cast

from textual.app import App
from textual.binding import Binding

from mjevent.core.state import EventState
from mjevent.events.store import EventStore
from mjevent.tui.console.app import MjeventApp
from mjevent.tui.console.screens.timer import TimerScreen
from mjevent.tui.console.timer_app import TimerApp
from mjevent.tui.console.widgets.big_clock import BigClock

from .conftest import FakeClock
from .conftest import screen_text as _screen_text

START = dt.datetime(2026, 3, 14, 15, 30, tzinfo=dt.UTC)


def screen_text(app: MjeventApp) -> str:
    """What the terminal shows now, as plain text."""
    return _screen_text(cast("App[object]", app))


def timer_app(path: Path, clock: FakeClock) -> TimerApp:
    return TimerApp(path, clock=clock, poll_seconds=None)


def clock_log(path: Path) -> list[dict[str, Any]]:
    """The clock entries of the file as a fresh process reads them (id left out)."""
    kinds = {"round_started", "round_paused", "round_resumed", "round_extended", "time_called"}
    return [
        {k: v for k, v in r.items() if k != "id"}
        for r in EventStore.open(path).log
        if r["kind"] in kinds and r.get("round") == 4
    ]


def face(app: TimerApp) -> tuple[str, str, str]:
    """(digits, announcement, tables) as shown now."""
    screen = app.screen
    assert isinstance(screen, TimerScreen)
    screen.tick()
    return (
        screen.query_one(BigClock).text,
        str(screen.query_one("#timer-announcement").render()),
        str(screen.query_one("#timer-tables").render()),
    )


async def test_s_then_enter_starts_the_round_now(club: Path) -> None:
    clock = FakeClock(START)
    app = timer_app(club, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        # GIVEN round 4 of the club event, not started
        assert face(app) == ("1:30:00", "Round 4 has not started (90 minutes)", "")
        # WHEN the director presses s and accepts no countdown
        await pilot.press("s")
        await pilot.press("enter")
        await pilot.pause()
        # THEN the file has the start, and the clock runs from it
        assert clock_log(club) == [
            {"at": "2026-03-14T15:30:00+00:00", "kind": "round_started", "round": 4}
        ]
        clock.advance(seconds=61)
        assert face(app) == ("1:28:59", "Round 4 is being played", "")
        assert "Round 4 is being played" in screen_text(app)
        assert app.screen.has_class("-running")


async def test_a_countdown_start_counts_down_then_the_round_runs(club: Path) -> None:
    clock = FakeClock(START)
    app = timer_app(club, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s", "backspace", "2", "enter")
        await pilot.pause()
        assert clock_log(club) == [
            {"at": "2026-03-14T15:32:00+00:00", "kind": "round_started", "round": 4}
        ]
        assert face(app) == ("2:00", "Round 4 starts in 2:00", "")
        assert app.screen.has_class("-countdown")
        clock.advance(minutes=3)
        assert face(app)[0] == "1:29:00"


async def test_pause_freezes_and_resume_runs_the_clock_again(club: Path) -> None:
    clock = FakeClock(START)
    app = timer_app(club, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s", "enter")
        clock.advance(minutes=10)
        await pilot.press("p")
        await pilot.pause()
        clock.advance(minutes=20)
        assert face(app) == ("1:20:00", "Paused", "")
        assert app.screen.has_class("-paused")
        await pilot.press("r")
        await pilot.pause()
        clock.advance(minutes=5)
        assert face(app)[0] == "1:15:00"
        assert [r["kind"] for r in clock_log(club)] == [
            "round_started", "round_paused", "round_resumed"
        ]
        assert [r["at"] for r in clock_log(club)] == [
            "2026-03-14T15:30:00+00:00", "2026-03-14T15:40:00+00:00", "2026-03-14T16:00:00+00:00"
        ]


async def test_extend_the_round_and_one_table(club: Path) -> None:
    clock = FakeClock(START)
    app = timer_app(club, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s", "enter")
        # e: 5 minutes (the default) for every table
        await pilot.press("e", "enter")
        # x: table 3 started late, 7 minutes for it alone
        await pilot.press("x", "3", "enter", "backspace", "7", "enter")
        await pilot.pause()
        assert clock_log(club)[1:] == [
            {"at": "2026-03-14T15:30:00+00:00", "kind": "round_extended", "round": 4,
             "seconds": 300},
            {"at": "2026-03-14T15:30:00+00:00", "kind": "round_extended", "round": 4,
             "seconds": 420, "table": 3},
        ]
        clock.advance(minutes=30)
        assert face(app) == (
            "1:05:00", "Round 4 is being played", "Table 3: +7:00 extra, 1:12:00 left"
        )


async def test_an_extension_out_of_range_is_refused_in_the_dialog(club: Path) -> None:
    clock = FakeClock(START)
    app = timer_app(club, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s", "enter", "e", "backspace", "9", "enter")
        await pilot.pause()
        assert str(app.screen.query_one("#numbers-error").render()) == (
            "Minutes: give a whole number from 1 to 7"
        )
        await pilot.press("escape")
        assert [r["kind"] for r in clock_log(club)] == ["round_started"]


async def test_warnings_ring_the_bell_and_change_colour_then_time_is_called(
    club: Path,
) -> None:
    clock = FakeClock(START)
    app = timer_app(club, clock)
    bells: list[dt.datetime] = []
    app.bell = lambda: bells.append(clock.now)  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s", "enter")
        await pilot.pause()
        clock.advance(minutes=74, seconds=59)
        assert face(app)[1:] == ("Round 4 is being played", "")
        clock.advance(seconds=1)
        assert face(app)[:2] == ("15:00", "15 minutes left")
        assert app.screen.has_class("-warning")
        clock.advance(minutes=10)
        assert face(app)[:2] == ("5:00", "5 minutes left")
        clock.advance(minutes=5)
        assert face(app)[:2] == (
            "0:00", "Time! Finish the current hand, then one more hand"
        )
        assert app.screen.has_class("-time-up")
        # c at time up calls time at once (no question asked)
        await pilot.press("c")
        await pilot.pause()
        digits, said, tables = face(app)
        assert digits == "0:00"
        assert said == "Time has been called: finish the current hand, then one more hand"
        assert tables == "\n".join(f"Table {t}: one more hand" for t in range(1, 5))
        assert clock_log(club)[-1] == {
            "at": "2026-03-14T17:00:00+00:00", "kind": "time_called", "round": 4
        }
        assert bells == [
            START + dt.timedelta(minutes=75),
            START + dt.timedelta(minutes=85),
            START + dt.timedelta(minutes=90),
            START + dt.timedelta(minutes=90),
        ]


async def test_calling_time_early_asks_first(club: Path) -> None:
    clock = FakeClock(START)
    app = timer_app(club, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s", "enter")
        clock.advance(minutes=30)
        await pilot.press("c")
        await pilot.pause()
        assert "1:00:00 is still on the clock" in screen_text(app)
        await pilot.press("n")
        assert [r["kind"] for r in clock_log(club)] == ["round_started"]
        await pilot.press("c", "y")
        await pilot.pause()
        assert [r["kind"] for r in clock_log(club)] == ["round_started", "time_called"]


async def test_two_consoles_show_the_same_clock(club: Path) -> None:
    clock = FakeClock(START)
    first, second = timer_app(club, clock), timer_app(club, clock)
    async with first.run_test(size=(80, 24)) as one, second.run_test(size=(80, 24)):
        await one.press("s", "enter")
        clock.advance(minutes=12)
        await one.press("p")
        await one.pause()
        clock.advance(minutes=3)
        # The second console notices the appends as its file watcher would.
        assert second.session.refresh()
        second.state = second.session.state
        assert face(second) == face(first) == ("1:18:00", "Paused", "")


async def test_the_timer_is_the_consoles_f7_mode(club: Path) -> None:
    clock = FakeClock(START)
    app = MjeventApp(club, clock=clock, poll_seconds=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f7")
        await pilot.pause()
        assert isinstance(app.screen, TimerScreen)
        state: EventState = app.state
        assert state.current_round == 4
        assert "Round 4 has not started (90 minutes)" in screen_text(app)


def test_every_timer_binding_has_an_id_description_and_tooltip() -> None:
    bindings = [b for b in TimerScreen.BINDINGS if isinstance(b, Binding)]
    assert [b.id for b in bindings] == [
        "timer.start", "timer.pause", "timer.resume", "timer.extend", "timer.extend_table",
        "timer.call_time", "timer.call_table",
    ]
    assert all(b.description and b.tooltip for b in bindings)


async def test_the_digits_grow_with_the_terminal(club: Path) -> None:
    clock = FakeClock(START)
    for size, scales in (((80, 24), (2, 2)), ((200, 50), (6, 6))):
        app = timer_app(club, clock)
        async with app.run_test(size=size):
            assert app.screen.query_one(BigClock).scales() == scales


async def test_help_on_the_timer_lists_its_keys_with_ids(club: Path) -> None:
    app = MjeventApp(club, clock=FakeClock(START), poll_seconds=None)
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.press("f7")
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        # Before the start only s is offered; afterwards the keys of a running clock.
        assert "timer.start" in screen_text(app) and "timer.pause" not in screen_text(app)
        await pilot.press("escape", "s", "enter")
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        shown = screen_text(app)
        for binding_id in ("timer.pause", "timer.extend", "timer.extend_table",
                           "timer.call_time", "timer.call_table"):
            assert binding_id in shown
        assert "timer.start" not in shown and "timer.resume" not in shown
        assert "The round clock. The digits count down the current round" in shown


async def test_a_restarted_timer_shows_the_same_time(club: Path) -> None:
    clock = FakeClock(START)
    first = timer_app(club, clock)
    async with first.run_test(size=(80, 24)) as pilot:
        await pilot.press("s", "enter")
        clock.advance(minutes=20)
        await pilot.press("e", "enter")
        await pilot.pause()
        clock.advance(minutes=7)
        before = face(first)
    # The console closed (or crashed): a new one reads the same entries.
    again = timer_app(club, clock)
    async with again.run_test(size=(80, 24)):
        assert face(again) == before == ("1:08:00", "Round 4 is being played", "")


def test_timer_and_display_on_a_missing_file_exit_1_with_the_fix(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from mjevent.tui.cli.main import app as cli_app

    missing = tmp_path / "nope.toml"
    for command in ("timer", "display"):
        result = CliRunner().invoke(cli_app, [command, str(missing)])
        assert result.exit_code == 1
        assert result.stderr.startswith(f"error: {missing}: no such event file. Fix: ")


async def test_ema2025_7_4_the_signal_at_15_minutes_and_no_sound_at_the_end(club: Path) -> None:
    """EMA Riichi Rules 2025 §7.4 on the timer: the bell and the time call's words come when 15
    minutes remain; c then calls time without asking; the 5-minute warning and the end of the
    clock bring no sound and no new words."""
    club.write_text(
        club.read_text(encoding="utf-8").replace('preset = "ema2016"', 'preset = "ema2025"', 1),
        encoding="utf-8",
    )
    clock = FakeClock(START)
    app = timer_app(club, clock)
    bells: list[dt.datetime] = []
    app.bell = lambda: bells.append(clock.now)  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s", "enter")
        await pilot.pause()
        clock.advance(minutes=74, seconds=59)
        assert face(app)[:2] == ("15:01", "Round 4 is being played")
        clock.advance(seconds=1)
        assert face(app) == (
            "15:00",
            "Time! The 15-minute signal: finish the current hand, then one more hand",
            "",
        )
        assert app.screen.has_class("-time-up")
        await pilot.press("c")
        await pilot.pause()
        assert clock_log(club)[-1] == {
            "at": "2026-03-14T16:45:00+00:00", "kind": "time_called", "round": 4
        }
        said = "Time has been called: finish the current hand, then one more hand"
        assert face(app)[:2] == ("15:00", said)
        clock.advance(minutes=10)
        assert face(app)[:2] == ("5:00", said)
        clock.advance(minutes=6)
        assert face(app)[:2] == ("0:00", said)
        assert bells == [START + dt.timedelta(minutes=75)] * 2

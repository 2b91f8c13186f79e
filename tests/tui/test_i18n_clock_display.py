"""The round clock and the projector display in Japanese: exact announcements through a whole
round (countdown, warnings, time up, the call, a table's own extra time), the dialogs, the keys
in the footer, the display's pages; no English word on either screen's own lines; snapshots at
80x24."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.binding import Binding
from textual.pilot import Pilot

from mjevent.core.state import EventState
from mjevent.events import commands
from mjevent.events.store import EventStore
from mjevent.tui.console.app import MjeventApp
from mjevent.tui.console.display_app import DisplayApp
from mjevent.tui.console.screens.display import DisplayScreen
from mjevent.tui.console.screens.timer import TimerScreen
from mjevent.tui.console.timer_app import TimerApp

from ..i18n_helpers import LATIN_WORD, english_words, japanese
from .conftest import FakeClock
from .test_display import pages_of
from .test_timer import START, face, screen_text, timer_app

# Japanese writes asides in full-width parentheses: they are meant.
# ruff: noqa: RUF001

AFTERNOON = dt.datetime(2026, 3, 14, 15, 0, tzinfo=dt.UTC)
SnapCompare = Callable[..., bool]


def data_words(state: EventState) -> set[str]:
    """The Latin words of the event's own data the screens show: its name, the players' names
    and the director's announcement (typed text, shown as typed), and their beginnings (a name
    too long for its column is cut with an ellipsis: "Mateusz Wiśnie…")."""
    texts = [state.settings.event.name, *(p.name for p in state.players.values())]
    texts += [getattr(e, "text", "") for e in state.entries]
    words = {w for t in texts for w in LATIN_WORD.findall(t)}
    return {w[:n] for w in words for n in range(3, len(w) + 1)}


def own_lines(app: MjeventApp) -> str:
    """Everything the screen itself says: what the terminal shows above the footer, and its
    keys' descriptions and tooltips (the footer's app-wide keys are the console's; Textual's
    own focus keys have no id)."""
    lines = screen_text(app).splitlines()
    if isinstance(app.screen, TimerScreen):
        lines = lines[:-1]
    for _key, binding in app.screen._bindings:
        if binding.id:
            lines += [binding.description, binding.tooltip]
    return "\n".join(lines)


def state_of(path: Path) -> EventState:
    return commands.current_state(EventStore.open(path))


# --- The timer ---------------------------------------------------------------------------------


async def test_a_round_on_the_timer_in_japanese(club: Path) -> None:
    clock = FakeClock(START)
    with japanese():
        app = timer_app(club, clock)
        async with app.run_test(size=(80, 24)) as pilot:
            seen = []
            assert face(app) == ("1:30:00", "第4回戦は開始前です（90分）", "")
            seen.append(own_lines(app))
            # s: the dialog asks in Japanese; a start in 2 minutes counts down
            await pilot.press("s")
            await pilot.pause()
            shown = screen_text(app)
            assert "第4回戦を開始" in shown and "何分後に開始しますか (0-60)" in shown
            await pilot.press("backspace", "2", "enter")
            await pilot.pause()
            assert face(app) == ("2:00", "第4回戦はあと 2:00 で開始します", "")
            seen.append(own_lines(app))
            clock.advance(minutes=2)
            # x: table 3 started late and gets 7 minutes of its own
            await pilot.press("x", "3", "enter", "backspace", "7", "enter")
            await pilot.pause()
            clock.advance(minutes=30)
            assert face(app) == ("1:00:00", "第4回戦 対局中", "3卓: 延長 +7:00、残り 1:07:00")
            seen.append(own_lines(app))
            await pilot.press("p")
            await pilot.pause()
            assert face(app)[1] == "一時停止中"
            await pilot.press("r")
            clock.advance(minutes=45)
            assert face(app)[:2] == ("15:00", "残り15分")
            # c with time left: the question and what every table is told
            await pilot.press("c")
            await pilot.pause()
            assert str(app.screen.query_one("#confirm-title").render()) == (
                "第4回戦の終了の合図を出しますか？"
            )
            assert str(app.screen.query_one("#confirm-body").render()) == (
                "時計にはまだ15:00残っています。全卓に「現在の局の後、もう1局打って終了です」と"
                "伝えます。"
            )
            await pilot.press("n")
            clock.advance(minutes=15)
            assert face(app) == (
                "0:00",
                "時間です！ 現在の局の後、もう1局打って終了です",
                "3卓: 延長 +7:00、残り 7:00",
            )
            seen.append(own_lines(app))
            await pilot.press("c")
            await pilot.pause()
            _digits, said, tables = face(app)
            assert said == "終了の合図がありました。現在の局の後、もう1局打って終了です"
            assert tables == "1卓: あと1局\n2卓: あと1局\n3卓: 延長 +7:00、あと1局\n4卓: あと1局"
            seen.append(own_lines(app))
            assert [b.description for _k, b in app.screen._bindings if b.id] == [
                "開始", "一時停止", "再開", "延長", "卓を延長", "終了の合図", "卓に合図",
            ]
            allowed = data_words(app.state)
            assert [english_words(text, allowed) for text in seen] == [[]] * len(seen)


def test_the_class_bindings_stay_english_for_the_next_screen() -> None:
    # The translation goes to each instance's copy: a screen made in English after one made
    # in Japanese (tests switch language within one process) speaks English.
    with japanese():
        assert TimerScreen()._bindings.key_to_bindings["s"][0].description == "開始"
    assert TimerScreen()._bindings.key_to_bindings["s"][0].description == "Start"
    first = TimerScreen.BINDINGS[0]
    assert isinstance(first, Binding) and first.description == "Start"


@pytest.mark.parametrize("size", [(80, 24), (200, 50)], ids=["80x24", "200x50"])
def test_timer_snapshot_in_japanese(
    snap_compare: SnapCompare, club: Path, size: tuple[int, int]
) -> None:
    """The timer in Japanese while round 4 runs with table 3 on extra time: the round and the
    event on top, the digits as in English, 第4回戦 対局中 and 3卓's line, the keys in
    Japanese in the footer."""
    clock = FakeClock(START)
    store = EventStore.open(club)
    commands.start_round(store, 4, at=START.isoformat())
    commands.extend_round(store, 4, 420, 3)
    clock.advance(minutes=30)

    async def still(pilot: Pilot[Any]) -> None:
        await pilot.pause()

    with japanese():
        app = TimerApp(club, clock=clock, poll_seconds=None)
        assert snap_compare(app, terminal_size=size, run_before=still)


# --- The display -------------------------------------------------------------------------------


def test_display_pages_in_japanese(club: Path) -> None:
    with japanese():
        pages = pages_of(state_of(club), AFTERNOON, rows_per_page=10)
    assert [p.title for p in pages] == [
        "第4回戦", "第4回戦 席順", "第3回戦の記録", "第3回戦終了時の順位表（1/2）",
        "第3回戦終了時の順位表（2/2）",
    ]
    assert pages[1].headers == ("卓", "東", "南", "西", "北")
    assert pages[3].headers == ("順位", "氏名", "合計", "半荘数")


async def test_the_display_in_japanese(club: Path) -> None:
    with japanese():
        app = DisplayApp(club, clock=lambda: AFTERNOON, poll_seconds=None, seconds=600)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = app.screen
            assert isinstance(screen, DisplayScreen)
            seen = [own_lines(app)]
            assert "第4回戦: 開始前  ·  1/4 ページ" in screen_text(app)
            await pilot.press("n")
            shown = screen_text(app)
            assert "第4回戦 席順" in shown and "卓 ┃ 東" in shown
            seen.append(own_lines(app))
            await pilot.press("n")
            assert "第3回戦の記録" in screen_text(app)
            seen.append(own_lines(app))
            await pilot.press("n")
            assert "第3回戦終了時の順位表" in screen_text(app)
            seen.append(own_lines(app))
            commands.start_round(EventStore.open(club), 4, at="2026-03-14T14:50:00+00:00")
            # As the file watcher would, on seeing another process's append.
            app.session.refresh()
            app.state = app.session.state
            await pilot.pause()
            assert "第4回戦: 残り 1:20:00" in screen_text(app)
            seen.append(own_lines(app))
            allowed = data_words(app.state)
            assert [english_words(text, allowed) for text in seen] == [[]] * len(seen)


@pytest.mark.parametrize("size", [(80, 24), (200, 50)], ids=["80x24", "200x50"])
def test_display_snapshot_in_japanese(
    snap_compare: SnapCompare, club: Path, size: tuple[int, int]
) -> None:
    """The display in Japanese on its seating page: the event, 第4回戦: 開始前 and the page
    number on top, 第4回戦 席順 with 卓 and the winds 東南西北 over the names, the
    announcement at the bottom."""

    async def seating(pilot: Pilot[Any]) -> None:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()

    with japanese():
        app = DisplayApp(club, clock=lambda: AFTERNOON, poll_seconds=None, seconds=600)
        assert snap_compare(app, terminal_size=size, run_before=seating)

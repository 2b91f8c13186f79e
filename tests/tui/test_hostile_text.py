"""Whatever text the event file holds, the console, the display and the launcher show it as it
is: Rich markup (`[/]`, `[/bold]`) is not read as markup, and a control code (an escape sequence
that would clear the screen or retitle the window) is spelled out, never sent to the terminal.

Commands refuse names and free texts with a control character (tests/test_cli_hostile_text.py);
the escape sequences here are written past them, as an older version or a text editor would.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any, cast

from rich.text import Text
from textual.app import App
from textual.content import Content

from mjevent.events import commands
from mjevent.events.store import EventStore
from mjevent.tui.console.config import remember_recent
from mjevent.tui.console.display_app import DisplayApp
from mjevent.tui.console.launcher import LauncherApp
from mjevent.tui.console.screens.display import DisplayScreen
from mjevent.tui.console.screens.log import LogScreen
from mjevent.tui.views.terminal import guard_terminal
from tests.tui.conftest import make_app, screen_text
from tests.tui.screens_helpers import open_mode, press, text, type_text

AFTERNOON = dt.datetime(2026, 3, 14, 15, 0, tzinfo=dt.UTC)
ESCAPES = "\x1b]0;pwned\x07\x1b[2J"
SPELLED = "\\x1b]0;pwned\\x07\\x1b[2J"


def _hand_edit(path: Path, record: dict[str, Any]) -> None:
    """Append `record` past the commands' checks, as a text editor or an old version could."""
    EventStore.open(path).append({"at": "2026-03-14T14:00:00+00:00", **record})


def _shown(app: App[Any]) -> str:
    return screen_text(cast("App[object]", app))


def test_the_guard_makes_rich_and_textual_spell_out_control_codes() -> None:
    # GIVEN the guard every mjevent app installs
    guard_terminal()
    # THEN a Text or a Content built from a hostile string holds no control code
    assert Text(f"Evil{ESCAPES}").plain == f"Evil{SPELLED}"
    assert Content(f"Evil{ESCAPES}").plain == f"Evil{SPELLED}"
    assert Content.from_markup("a\x9bb").plain == "a\\x9bb"
    # and what the libraries lay out themselves stays
    assert Text("a\tb\nc").plain == "a\tb\nc"


async def test_the_display_shows_an_announcement_with_markup_as_typed(club: Path) -> None:
    # GIVEN an announcement that is Rich markup's closing tag (accepted: no control code)
    commands.add_note(EventStore.open(club), "Prize giving [/] at 18:00")
    # WHEN the display starts THEN it shows the text as typed, and runs on
    app = DisplayApp(club, clock=lambda: AFTERNOON, poll_seconds=None, seconds=600)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Prize giving [/] at 18:00" in _shown(app)
        await pilot.press("n", "n")
        assert "Prize giving [/] at 18:00" in _shown(app)
    assert app.return_code in (None, 0)


async def test_the_display_starts_with_a_player_named_a_closing_tag(club: Path) -> None:
    # GIVEN a player renamed "[/bold]"
    commands.rename_player(EventStore.open(club), "p01", "[/bold]")
    app = DisplayApp(club, clock=lambda: AFTERNOON, poll_seconds=None, seconds=600)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, DisplayScreen)
        # WHEN the pages with names come up THEN the name is shown as typed
        seen = []
        for _page in screen.pages:
            await pilot.press("n")
            seen.append(_shown(app))
        assert any("[/bold]" in page for page in seen)
    assert app.return_code in (None, 0)


async def test_the_display_spells_out_an_escape_sequence_in_an_announcement(club: Path) -> None:
    # GIVEN an announcement with an escape sequence, hand-edited into the file
    _hand_edit(club, {"id": "hostile", "kind": "note", "text": f"Lunch{ESCAPES}"})
    app = DisplayApp(club, clock=lambda: AFTERNOON, poll_seconds=None, seconds=600)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = _shown(app)
    # THEN the room reads it spelled out; the terminal gets no escape from it
    assert f"Lunch{SPELLED}" in shown
    assert "\x1b" not in shown and "\x07" not in shown


async def test_withdrawing_a_player_named_a_closing_tag_notices_it_as_typed(club: Path) -> None:
    # GIVEN p03 renamed "[/]"
    commands.rename_player(EventStore.open(club), "p03", "[/]")
    app = make_app(club)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await open_mode(pilot, "f4")
        # WHEN the director withdraws them from round 4 (the seating no longer fits: a notice)
        await press(pilot, "down", "down", "w", "ctrl+u")
        await type_text(pilot, "4")
        await press(pilot, "ctrl+s")
        await pilot.pause(0.2)  # the notice's toast is drawn
        notices = [n.message for n in app._notifications]
        shown = text(app)
    # THEN the notice names the player as typed, and the console runs on
    assert app.return_code in (None, 0)
    assert any("[/]" in message for message in notices), notices
    assert "[/] (p03) withdrew but is still seated" in shown
    last = EventStore.open(club).log[-1]
    assert (last["kind"], last["player"], last["from_round"]) == ("player_withdrawn", "p03", 4)


async def test_the_log_spells_out_an_escape_sequence_in_a_withdrawal_reason(club: Path) -> None:
    # GIVEN a withdrawal whose reason holds an escape sequence (hand-edited)
    _hand_edit(
        club,
        {
            "id": "hostile",
            "kind": "player_withdrawn",
            "player": "p03",
            "from_round": 5,
            "reason": ESCAPES,
        },
    )
    app = make_app(club)
    async with app.run_test(size=(120, 30)) as pilot:
        # WHEN F6 shows the log, the newest entry first and selected
        await open_mode(pilot, "f6")
        assert isinstance(app.screen, LogScreen)
        shown = text(app)
    # THEN the reason is spelled out and no control code reaches the terminal
    assert SPELLED in shown
    assert "\x1b" not in shown and "\x07" not in shown


async def test_the_overview_spells_out_an_escape_sequence_in_a_name(club: Path) -> None:
    # GIVEN a rename with an escape sequence in an older file (the log, not the settings)
    _hand_edit(
        club, {"id": "hostile", "kind": "player_renamed", "player": "p01", "name": f"Mai{ESCAPES}"}
    )
    app = make_app(club)
    async with app.run_test(size=(160, 50), notifications=True) as pilot:
        await pilot.pause()
        shown = text(app)
        notices = [n.message for n in app._notifications]
    assert "\x1b" not in shown and "\x07" not in shown
    assert "Mai\\x1b" in shown
    assert not any("\x1b" in message for message in notices)


async def test_the_launcher_lists_a_recent_event_named_a_closing_tag(
    club: Path, tmp_path: Path
) -> None:
    # GIVEN a recent event whose name is "[/]"
    remember_recent(club, "[/]")
    launcher = LauncherApp()
    async with launcher.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = _shown(launcher)
    # THEN `mjevent open` lists it as typed
    assert "[/]  ·  " in shown
    assert launcher.return_code in (None, 0)


def test_every_static_and_label_of_the_console_is_built_without_markup() -> None:
    # A str given to a Static or a Label later (`update`) is read as markup unless the widget
    # was built with markup=False: every one is, so no name can become a style or a crash.
    import ast

    tui = Path(__file__).resolve().parents[2] / "tui"
    missing = []
    for path in sorted(tui.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            if name not in ("Static", "Label", "Prose"):
                continue
            if not any(
                k.arg == "markup" and isinstance(k.value, ast.Constant) and k.value.value is False
                for k in node.keywords
            ):
                missing.append(f"{path.relative_to(tui.parent)}:{node.lineno}")
    assert missing == []


def test_a_console_that_crashed_exits_non_zero(club: Path, monkeypatch: Any) -> None:
    # GIVEN a display and a timer whose run ends in a crash (Textual prints the traceback and
    # sets return_code 1, but returns normally)
    from typer.testing import CliRunner

    from mjevent.tui.cli.main import app as cli_app
    from mjevent.tui.console.timer_app import TimerApp

    def crash(self: App[Any]) -> None:
        self._return_code = 1

    for cls in (DisplayApp, TimerApp):
        monkeypatch.setattr(cls, "run", crash)
    # WHEN each is started THEN the shell sees the failure
    for command in ("display", "timer"):
        result = CliRunner().invoke(cli_app, [command, str(club)])
        assert result.exit_code == 1, (command, result.output)

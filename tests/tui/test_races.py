"""The console against a second writer and against a file replaced or deleted under it.

- The last-hand race: another station records the last hand of a game a moment before this
  console; the refusal says which hand the other station recorded, and the screen shows that
  hand's result at once (not at the next change of the file).
- A copy renamed over the file, without an entry the console acknowledged: one loud notice,
  nothing written, and "append back" restores exactly that entry (same id); the file checks
  clean.
- A deleted file: one notice over many polls; "write back" puts the event back at its path.
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

from textual.app import App
from textual.css.query import NoMatches
from textual.widgets import Input
from typer.testing import CliRunner

from mjevent.events import open_event
from mjevent.events.commands import current_state, record_line
from mjevent.tui.cli.main import app as cli
from mjevent.tui.console.app import MjeventApp
from mjevent.tui.console.dialogs.attention import AttentionDialog
from mjevent.tui.console.widgets.entry_line import EntryPreview

from .conftest import fixed_clock, make_app, screen_text

POLL = 0.02


def _seven_draws(path: Path) -> None:
    """Table 2 of round 4 one hand from its end: seven draws, nobody tenpai (South 4 next)."""
    store = open_event(path)
    for _ in range(7):
        record_line(store, "t2 draw", clock=fixed_clock)


async def _enter(pilot: object, app: App[None], text: str) -> None:
    line = app.screen.query_one("#entry-line", Input)
    line.value = text
    await pilot.press("enter")  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]


def _asking(app: App[None]) -> bool:
    """Whether the "needs attention" dialog is the screen shown (a call, so that mypy does not
    narrow `app.screen` across the keys pressed between two checks)."""
    return isinstance(app.screen, AttentionDialog)


async def _until(pilot: object, done: object, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not done() and time.monotonic() < deadline:  # type: ignore[operator]
        await pilot.pause(0.02)  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]  # what it showed is composed


async def test_losing_the_last_hand_race_says_who_won_and_shows_it_at_once(club: Path) -> None:
    _seven_draws(club)
    app = make_app(club)  # no polling: only the refusal itself can bring the other hand in
    async with app.run_test(size=(120, 30)) as pilot:
        # The other station records the last hand just before this console does.
        record_line(open_event(club), "t2 ron S<-W 3/30", entry_id="other-station")
        await _enter(pilot, app, "t2 tsumo E 2/30")
        shown = str(app.screen.query_one(EntryPreview).render())
        assert shown == (
            "✗ round 4 table 2: hand South 4, 7 honba was recorded by another station a moment "
            "ago: t2 ron S<-W 3/30. Yours was not recorded. If the table played something else, "
            "check its score sheet, correct the other station's entry in the console's log "
            "(F6), then enter yours again."
        )
        assert "[rules]" not in shown
        # At once: the game is over with the other station's hand, the row shows its scores.
        game = app.state.game(4, 2)
        assert game is not None and game.result is not None
        assert game.hands[-1].entry == "other-station"
        text = screen_text(app)
        assert "Lars Øvergaard +21.0" in text and "王 芳 -21.0" in text
        assert "done, S 1st" in text
    hands = [
        r["id"]
        for r in open_event(club, read_only=True).log
        if (r.get("round"), r.get("table")) == (4, 2)
    ]
    assert len(hands) == 8 and hands[-1] == "other-station"


async def test_a_copy_renamed_over_the_file_is_noticed_and_append_back_restores_it(
    club: Path, tmp_path: Path
) -> None:
    before = tmp_path / "before.toml"
    shutil.copyfile(club, before)  # the file as it was before this console records
    app = MjeventApp(club, clock=fixed_clock, poll_seconds=POLL)
    async with app.run_test(size=(120, 40)) as pilot:
        await _enter(pilot, app, "t1 ron S<-W 3/30")
        recorded = open_event(club, read_only=True).log[-1]
        assert recorded["round"] == 4 and recorded["table"] == 1
        # An old copy renamed over the file: the hand just recorded is not in it.
        shutil.copyfile(before, tmp_path / "club.toml.new")
        os.replace(tmp_path / "club.toml.new", club)
        replaced = club.read_bytes()
        await _until(pilot, lambda: _asking(app))
        assert isinstance(app.screen, AttentionDialog)
        body = str(app.screen.query_one("#attention-body").render())
        held = len(open_event(before, read_only=True).log) + 1
        assert body == (
            f"{club} needs attention: the file was replaced while it was open here (an "
            f"editor's save, or a copy renamed over it). It now holds {held - 1} entries; this "
            f"console had read or recorded {held}.\n"
            "It lacks 1 entry this console had acknowledged:\n"
            f"  - {recorded['id']}: r4 t1 ron S<-W 3/30\n"
            "Nothing is written until you choose: append the missing entries back (with their "
            "own ids, so nothing is doubled), or take the file as it is now."
        )
        # Later: every write is refused, saying why, and nothing reaches the file.
        await pilot.press("escape")
        await pilot.pause()
        await _enter(pilot, app, "t3 draw")
        assert _asking(app)  # the refusal brought the notice back
        shown = str(app.screen_stack[-2].query_one(EntryPreview).render())
        assert shown.startswith(f"✗ {club} needs attention: the file was replaced")
        assert club.read_bytes() == replaced
        # One notice only, however many polls passed.
        await pilot.pause(0.2)
        assert [type(s) for s in app.screen_stack].count(AttentionDialog) == 1
        assert len(app._notifications) == 0
        await pilot.press("a")
        await pilot.pause()
        assert not _asking(app)
        assert app.session.divergence is None
        await pilot.pause(0.2)  # the watcher sees the file whole again: no second notice
        assert [n.message for n in app._notifications] == [
            f"1 entry was appended back to {club}, with its own id."
        ]
        game = app.state.game(4, 1)
        assert game is not None and [h.entry for h in game.hands] == [recorded["id"]]
    log = open_event(club, read_only=True).log
    assert log[-1] == recorded and sum(r["id"] == recorded["id"] for r in log) == 1
    assert [r["id"] for r in log] == [r["id"] for r in open_event(before).log] + [recorded["id"]]
    assert current_state(open_event(club, read_only=True)).problems == ()
    result = CliRunner().invoke(cli, ["check", str(club)])
    assert result.exit_code == 0, result.stdout
    assert result.stdout.startswith(f"{club}: clean (168 log entries,")


async def test_a_deleted_file_gives_one_notice_and_is_written_back(club: Path) -> None:
    app = MjeventApp(club, clock=fixed_clock, poll_seconds=POLL)
    async with app.run_test(size=(120, 40)) as pilot:
        await _enter(pilot, app, "t1 ron S<-W 3/30")
        held = open_event(club, read_only=True).log
        club.unlink()
        await _until(pilot, lambda: _asking(app))
        await pilot.pause(0.3)  # some fifteen polls more
        assert [type(s) for s in app.screen_stack].count(AttentionDialog) == 1
        assert len(app._notifications) == 0
        body = str(app.screen.query_one("#attention-body").render())
        assert body == (
            f"{club} needs attention: the file was deleted (or moved away) while it was open "
            f"here. This console still holds the whole event, its settings and the {len(held)} "
            f"entries it read or recorded. Nothing is written until you choose: write the event "
            f"back to {club} from memory."
        )
        assert "mjevent new" not in screen_text(app)
        await pilot.press("w")
        await pilot.pause()
        assert not _asking(app)
        await _enter(pilot, app, "t3 draw")
    log = open_event(club, read_only=True).log
    assert log[:-1] == held and log[-1]["table"] == 3
    assert CliRunner().invoke(cli, ["check", str(club)]).exit_code == 0


async def test_the_notice_closes_by_itself_when_the_original_is_moved_back(
    club: Path, tmp_path: Path
) -> None:
    app = MjeventApp(club, clock=fixed_clock, poll_seconds=POLL)
    async with app.run_test(size=(120, 40)) as pilot:
        await _enter(pilot, app, "t1 ron S<-W 3/30")
        os.replace(club, tmp_path / "aside.toml")
        await _until(pilot, lambda: _asking(app))
        assert _asking(app)
        os.replace(tmp_path / "aside.toml", club)
        await _until(pilot, lambda: not _asking(app))
        assert not _asking(app) and app.session.divergence is None
        assert [n.message for n in app._notifications] == [
            f"{club} holds every entry this console read or recorded again."
        ]
        await _enter(pilot, app, "t3 draw")
    assert open_event(club, read_only=True).log[-1]["table"] == 3


async def test_the_clock_keys_refuse_in_words_while_the_file_is_gone(club: Path) -> None:
    """The timer's keys write too: refused with the notice, the console keeps running."""
    app = make_app(club)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f7")
        await pilot.pause()
        club.unlink()
        await pilot.press("s", "enter")
        await pilot.pause()
        assert _asking(app)
        notes = [n.message for n in app._notifications]
        assert len(notes) == 1 and notes[0].startswith(
            f"{club} needs attention: the file was deleted (or moved away) while it was open"
        )
    assert not club.exists()


async def test_a_deleted_file_then_an_old_copy_put_there_updates_the_notice(
    club: Path, tmp_path: Path
) -> None:
    before = tmp_path / "before.toml"
    shutil.copyfile(club, before)
    app = MjeventApp(club, clock=fixed_clock, poll_seconds=POLL)
    async with app.run_test(size=(120, 40)) as pilot:
        await _enter(pilot, app, "t1 ron S<-W 3/30")
        club.unlink()
        await _until(pilot, lambda: _asking(app))
        shutil.copyfile(before, club)
        await _until(pilot, lambda: "was replaced" in _body(app))
        assert [type(s) for s in app.screen_stack].count(AttentionDialog) == 1
        assert "It lacks 1 entry this console had acknowledged:" in _body(app)


def _body(app: App[None]) -> str:
    if not _asking(app):
        return ""
    try:
        return str(app.screen.query_one("#attention-body").render())
    except NoMatches:  # the dialog is pushed but its body is not mounted yet
        return ""

"""The overview shows the tables' own entries waiting for the director; ctrl+y approves the one
marked ▶ and ctrl+n rejects it with a reason, through the same commands as `mjevent approve`."""

from __future__ import annotations

from pathlib import Path

from mjevent.events import stations
from mjevent.events.commands import current_state
from mjevent.events.session import EventSession
from mjevent.events.store import EventStore
from mjevent.tui.console.dialogs.reason import ReasonDialog
from mjevent.tui.views.log import LogLine, kind_name, log_lines

from .conftest import make_app, screen_text

T = "2026-03-14T11:59:00+00:00"


def waiting(club: Path) -> None:
    """Two entries for the same hand of round 4 table 2 (a conflict), one for table 3."""
    stations._STORES.clear()
    stations.submit_line(club, 4, 2, "ron S<-W 3/30", "E", entry_id="a1", at=T)
    stations.submit_line(club, 4, 2, "ron S<-W 4/30", "N", entry_id="a2", at=T)
    stations.submit_line(club, 4, 3, "tsumo N 2/40", "W", entry_id="a3", at=T)
    stations.forget(club)


async def test_the_overview_lists_waiting_entries_and_ctrl_y_approves_the_marked_one(
    club: Path,
) -> None:
    waiting(club)
    app = make_app(club)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "3 table entries wait (^y approves ▶, ^n rejects it):" in text
        assert "▶ r4 t2 ron S<-W 3/30  entered by E Pieter de Vries  CONFLICT" in text
        assert "  r4 t2 ron S<-W 4/30  entered by N Sanna Järvinen  CONFLICT" in text
        assert "  r4 t3 tsumo N 2/40  entered by W Sophie Müller" in text
        # Table 3 highlighted in the list: its entry is the one marked, and the one approved.
        await pilot.press("ctrl+l", "down", "down")
        await pilot.pause()
        assert "▶ r4 t3 tsumo N 2/40" in screen_text(app)
        await pilot.press("ctrl+y")
        await pilot.pause()
        state = current_state(EventStore.open(club))
        assert state.settled["a3"][0] == "approved"
        game = state.game(4, 3)
        assert game is not None and game.state is not None
        assert game.state.scores == (28700, 29300, 29300, 32700)
        assert set(app.state.pending) == {"a1", "a2"}
        assert "2 table entries wait" in screen_text(app)


async def test_ctrl_n_rejects_with_the_reason_typed(club: Path) -> None:
    waiting(club)
    app = make_app(club)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert isinstance(app.screen, ReasonDialog)
        await pilot.press("enter")  # no reason: refused, the dialog stays
        await pilot.pause()
        assert isinstance(app.screen, ReasonDialog)
        await pilot.press(*"3 han", "enter")
        await pilot.pause()
        log = EventStore.open(club).log
        assert {k: v for k, v in log[-1].items() if k not in ("id", "at")} == {
            "kind": "table_entry_rejected", "target": "a1", "reason": "3 han",
        }
        # The other entry of the conflict is alone now: no conflict, a second seat may confirm.
        assert app.state.conflicts("a2") == ()
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert current_state(EventStore.open(club)).settled["a2"][0] == "approved"


async def test_no_waiting_entry_no_panel_and_no_keys(club: Path) -> None:
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "table entr" not in screen_text(app)
        assert app.screen.check_action("approve_pending", ()) is False


def _log_lines(session: EventSession, told: tuple[LogLine, ...] = ()) -> tuple[LogLine, ...]:
    return log_lines(session.state, session.store.log, session.entries, session.standings, told)


def test_the_log_screen_tells_a_confirmed_entry_at_its_table_with_who_entered_it(
    club: Path,
) -> None:
    waiting(club)
    before = EventSession.open(club, read_only=True)
    lines = _log_lines(before)
    stations.confirm(club, "a3", "E", confirmation_id="c1", at=T)
    stations.forget(club)
    after = EventSession.open(club, read_only=True)
    grown = _log_lines(after, lines)
    last = grown[-1]
    assert (last.id, last.kind, last.round, last.table) == ("c1", "table_entry_confirmed", 4, 3)
    assert last.text.endswith(
        "entered at the table by W Sophie Müller, confirmed by E Aoife Ní Bhriain"
    )
    assert grown == _log_lines(after)  # told as from the whole log
    assert kind_name("table_entry_confirmed") == "table entry confirmed"

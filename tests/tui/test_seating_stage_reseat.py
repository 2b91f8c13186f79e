"""The seating screen's keys for the next stage (n) and the wrong-winds repair (w): keys a
director presses, then the event file and the screen."""

from __future__ import annotations

import inspect
from pathlib import Path

from typer.testing import CliRunner

from mjevent.core.entries import SeatingSet, TableReseated
from mjevent.core.state_standings import standings_from_state
from mjevent.events.commands import current_state, record_line, set_seating
from mjevent.events.seating import verify_seating
from mjevent.events.store import EventStore
from mjevent.tui.console.dialogs.seating_plan import SeatingPlanDialog
from mjevent.tui.console.screens.seating import SeatingScreen
from tests.test_cli_seating_rounds import stage_event
from tests.tui.conftest import make_app
from tests.tui.screens_helpers import lines, logged, open_mode, press, text, type_text
from tests.tui.test_seating_plans import box

runner = CliRunner()


async def test_n_seats_the_final_stage_from_the_cut(tmp_path: Path) -> None:
    path = stage_event(tmp_path)
    top8 = standings_from_state(current_state(EventStore.open(path))).next_stage()[0]
    app = make_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_mode(pilot, "f5")
        # GIVEN the qualifying stage played WHEN n: the plan is worked out as the dialog opens
        await press(pilot, "n")
        assert isinstance(app.screen, SeatingPlanDialog)
        preview = box(text(app))
        written_before = [e for e in logged(path) if isinstance(e, SeatingSet)]
        # WHEN ctrl+s
        await press(pilot, "ctrl+s")
        assert isinstance(app.screen, SeatingScreen)
        after = lines(app)
    assert preview[:2] == [
        "Seat the next stage",
        "From the standings' cut ([[standings.stages]]): each bracket seated on",
    ]
    assert preview[3] == "Draw text     q"
    assert preview[4:8] == [
        "Seat rounds 3-4 (stage): 2 tables a round; draw text 'q'",
        "stage final: brackets A: 8 players",
        "cut: 8 players are not seated in this stage",
        # 8 players at 2 tables twice meet in 24 of their 28 pairs: some met in qualifying
        "quality: 3/4 rounds repeat-free; repeats 4; indirect 52; wind violations",
    ]
    assert len(written_before) == 1
    # THEN one `stage` entry seats the top 8 in rounds 3 and 4, recomputable from the file
    entry = [e for e in logged(path) if isinstance(e, SeatingSet)][-1]
    params = dict(entry.params)
    assert (entry.method, entry.first_round, params["stage"]) == ("stage", 3, "final")
    assert params["brackets"] == " ".join(top8)
    for tables in entry.rounds:
        assert sorted(p for t in tables for p in t) == sorted(top8)
    assert [v.matches for v in verify_seating(EventStore.open(path))] == [True, True]
    assert after[0] == " Round 3: 2 tables, 0 finished (current round)"


async def test_n_without_stages_says_where_they_are_set(tmp_path: Path) -> None:
    path = tmp_path / "plain.toml"
    EventStore.create(path, {
        "event": {"name": "Plain", "format_version": 1},
        "rules": {"preset": "ema2016"},
        "players": [{"id": f"p{i}", "name": f"P{i}"} for i in range(1, 9)],
    })
    app = make_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_mode(pilot, "f5")
        await press(pilot, "n", "ctrl+s")
        shown = box(text(app))
    assert shown[4:7] == [
        "Not possible: no stage left to seat: stages are set in",
        "[[standings.stages]] (docs/standings.md)",
        "Nothing written: see above what to change.",
    ]
    assert logged(path) == []


def wrong_winds_event(tmp_path: Path) -> Path:
    """8 players, round 1 seated; table 1 has one hand: planned South (p02) won off West."""
    path = tmp_path / "winds.toml"
    EventStore.create(path, {
        "event": {"name": "Winds", "format_version": 1},
        "rules": {"preset": "ema2016"},
        "players": [{"id": f"p{i:02d}", "name": f"Player {i}"} for i in range(1, 9)],
    })
    store = EventStore.open(path)
    set_seating(store, 1, [[["p01", "p02", "p03", "p04"], ["p05", "p06", "p07", "p08"]]])
    record_line(store, "t1 ron S<-W 3/30")
    return path


async def w_dialog(path: Path, seats: str) -> tuple[list[str], list[str]]:
    """F5, w, table 1 as offered, the seats typed, ctrl+s to see, ctrl+s: the dialog's lines
    at the preview and the screen's after."""
    app = make_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_mode(pilot, "f5")
        await press(pilot, "w")
        assert isinstance(app.screen, SeatingPlanDialog)
        await press(pilot, "tab", "tab")
        await type_text(pilot, seats)
        await press(pilot, "ctrl+s")
        preview = box(text(app))
        await press(pilot, "ctrl+s")
        return preview, lines(app)


async def test_w_reseats_a_table_that_sat_on_the_wrong_winds(tmp_path: Path) -> None:
    path = wrong_winds_event(tmp_path)
    count = len(EventStore.open(path).log)
    # GIVEN p01 and p02 sat the other way round: p02 was East, the dealer, so the win pays
    # 5,800 (dealer 3 han 30 fu), not 3,900. WHEN w, their ids in the order they sat, ctrl+s
    preview, after = await w_dialog(path, "p02 p01 p03 p04")
    assert preview[:2] == [
        "Re-seat a table that sat on the wrong winds",
        "Give the players as they really sat (E S W N): ids or numbers separated",
    ]
    assert preview[3:6] == ["Round         1", "Table         1", "Sat as        p02 p01 p03 p04"]
    assert preview[6:11] == [
        "Round 1 table 1: planned E Player 1, S Player 2, W Player 3, N Player 4",
        "sat: E Player 2, S Player 1, W Player 3, N Player 4",
        "1 hand re-applied under the seats as they sat; nothing is deleted",
        "scores now: Player 1 30,000, Player 2 33,900, Player 3 26,100, Player 4",
        "30,000",
    ]
    assert preview[11:14] == [
        "after: Player 2 35,800, Player 1 30,000, Player 3 24,200, Player 4",
        "30,000",
        "Confirm (ctrl+s)   Cancel (esc)",
    ]
    # THEN the file holds one table_reseated entry more (nothing deleted), the game is played
    # under the real seats, and the table's card shows them
    log = logged(path)
    assert len(log) == count + 1
    reseated = log[-1]
    assert isinstance(reseated, TableReseated)
    assert (reseated.round, reseated.table, reseated.seats) == (1, 1, ("p02", "p01", "p03", "p04"))
    game = current_state(EventStore.open(path)).game(1, 1)
    assert game is not None and game.state is not None
    assert (game.seats, game.state.scores, len(game.hands)) == (
        ("p02", "p01", "p03", "p04"), (35800, 30000, 24200, 30000), 1
    )
    assert after[2:6] == [
        " │ E Player 2            │ │ E Player 5            │",
        " │ S Player 1            │ │ S Player 6            │",
        " │ W Player 3            │ │ W Player 7            │",
        " │ N Player 4            │ │ N Player 8            │",
    ]


async def test_w_takes_names_separated_by_commas(tmp_path: Path) -> None:
    path = wrong_winds_event(tmp_path)
    await w_dialog(path, "Player 2, Player 1, Player 3, Player 4")
    reseated = logged(path)[-1]
    assert isinstance(reseated, TableReseated)
    assert reseated.seats == ("p02", "p01", "p03", "p04")


async def test_w_with_a_player_of_another_table_writes_nothing(tmp_path: Path) -> None:
    path = wrong_winds_event(tmp_path)
    before = logged(path)
    _, after = await w_dialog(path, "p05 p01 p03 p04")
    assert box("\n".join(after))[6:9] == [
        "Not possible: round 1 table 1 seats p01 p02 p03 p04; give the same",
        "players in the order they sat (E S W N)",
        "Nothing written: see above what to change.",
    ]
    assert logged(path) == before


async def test_palette_offers_the_next_stage_and_the_wrong_winds_repair(club: Path) -> None:
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_mode(pilot, "f5")
        commands = {c.title: c for c in app.get_system_commands(app.screen)}
        assert "seating: Next stage" in commands
        # choosing "seating: Wrong winds" opens its dialog on the round shown
        opened = commands["seating: Wrong winds"].callback()
        if inspect.isawaitable(opened):
            await opened
        await pilot.pause()
        assert isinstance(app.screen, SeatingPlanDialog)
        assert box(text(app))[3] == "Round         4"

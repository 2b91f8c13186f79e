"""The end of an event in the console: the finished overview, the next round's clock, tables of
any round from the entry line and the palette, the rounds planned, and the prize-giving."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from mjevent.core.finish import revealed
from mjevent.core.state import EventState
from mjevent.events.commands import add_penalty, correct_entry, current_state
from mjevent.events.store import EventStore
from mjevent.tui.cli.main import app as cli_app
from mjevent.tui.console.screens.overview import OverviewScreen
from mjevent.tui.console.screens.prizegiving import PrizegivingScreen
from mjevent.tui.console.screens.table import TableScreen
from mjevent.tui.console.widgets.entry_line import EntryLine
from mjevent.tui.views.sheets import history
from tests.event_end_helpers import AT, NAMES, event_file, event_with_a_hand
from tests.i18n_helpers import japanese

from .conftest import NOON, make_app, screen_text


def state_of(path: Path) -> EventState:
    """The file folded again from disk."""
    return current_state(EventStore.open(path))


async def type_line(pilot: object, text: str) -> None:
    keys = [("space" if c == " " else c) for c in text]
    await pilot.press(*keys, "enter")  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]


async def test_a_finished_event_says_so_with_the_podium(tmp_path: Path) -> None:
    path = event_file(tmp_path / "cup.toml")
    app = make_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Round 2 of 2" in text
        assert "2/2 tables finished" in text
        assert "Event finished: all 2 rounds played.  ^g prize-giving · F3 all places" in text
        assert "Final standings: 1. Ann +70.0 · 2. Ed +40.0 · 3. Cy +15.0" in text
        assert "not seated yet" not in text


async def test_t1_and_r1_t1_open_finished_tables(tmp_path: Path) -> None:
    path = event_file(tmp_path / "cup.toml")
    app = make_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await type_line(pilot, "t1")
        assert isinstance(app.screen, TableScreen)
        assert (app.screen.round, app.screen.table) == (2, 1)
        # A finished table never asks for a next hand.
        line = app.screen.query_one(EntryLine)
        assert line.placeholder == (
            "table 1 is finished: a amends the highlighted hand, u undoes the result"
        )
        await pilot.press("escape")
        await pilot.pause()
        await type_line(pilot, "r1 t2")
        assert isinstance(app.screen, TableScreen)
        assert (app.screen.round, app.screen.table) == (1, 2)
        assert "Round 1 · Table 2" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        await type_line(pilot, "r3 t1")
        assert isinstance(app.screen, OverviewScreen)
        assert [n.message for n in app._notifications] == ["round 3 is not seated"]


async def test_palette_lists_every_table_of_every_round(tmp_path: Path) -> None:
    path = event_file(tmp_path / "cup.toml")
    app = make_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert [t for t in titles if t.startswith("table: ")] == [
            "table: Table 1",
            "table: Table 2",
            "table: Round 1 · Table 1",
            "table: Round 1 · Table 2",
        ]
        command = next(
            c for c in app.get_system_commands(app.screen) if c.title == "table: Round 1 · Table 2"
        )
        assert command.help == "Ed, Flo, Gus, Hal"
        command.callback()
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert (app.screen.round, app.screen.table) == (1, 2)


async def test_a_finished_round_offers_the_next_rounds_clock(tmp_path: Path) -> None:
    path = event_file(tmp_path / "cup.toml", played=1)
    app = make_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Round 1 is finished: every table has its result. ^r starts round 2's clock." in text
        assert "^r Next round" in text  # in the footer while it waits
        await pilot.press("ctrl+r")
        await pilot.pause()
        await pilot.press("enter")  # start in 0 minutes: now
        await pilot.pause()
        clock = state_of(path).clocks[2]
        assert clock.started == NOON.isoformat()
        text = screen_text(app)
        assert "starts round 2's clock" not in text
        assert "Next round" not in text


async def test_ctrl_o_sets_the_rounds_planned_and_the_event_ends(tmp_path: Path) -> None:
    path = event_file(tmp_path / "cup.toml", rounds=None)
    log_before = EventStore.open(path).log
    app = make_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Every seated round is finished. Seat round 3 (F5), or, if the event is" in text
        await pilot.press("ctrl+o")
        await pilot.pause()
        await pilot.press("ctrl+u", "2", "enter")
        await pilot.pause()
        assert EventStore.open(path).event.event.rounds == 2
        assert EventStore.open(path).log == log_before
        text = screen_text(app)
        assert "Event finished: all 2 rounds played.  ^g prize-giving · F3 all places" in text
        assert "Round 2 of 2" in text


async def test_prizegiving_reveals_from_the_bottom_up_and_writes_each_step(
    tmp_path: Path,
) -> None:
    path = event_file(tmp_path / "cup.toml")
    app = make_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert isinstance(app.screen, PrizegivingScreen)
        text = screen_text(app)
        assert "0/8 places revealed" in text
        assert "Space reveals the last place first, the winner last." in text
        assert "Provisional" not in text
        await pilot.press("space")
        await pilot.pause()
        assert revealed(state_of(path)) == 1
        text = screen_text(app)
        assert "1/8 places revealed" in text and "Hal" in text and "Di" not in text
        for _ in range(6):
            await pilot.press("space")
        await pilot.pause()
        text = screen_text(app)
        assert "7/8 places revealed" in text
        assert "Ed" in text and "Ann" not in text
        await pilot.press("backspace")
        await pilot.pause()
        assert revealed(state_of(path)) == 6
        await pilot.press("enter", "enter", "space")  # the last press reveals nothing more
        await pilot.pause()
        assert revealed(state_of(path)) == 8
        lines = [line.strip() for line in screen_text(app).splitlines()]
        ann = next(i for i, line in enumerate(lines) if " Ann " in f" {line} ")
        hal = next(i for i, line in enumerate(lines) if " Hal " in f" {line} ")
        assert ann < hal  # best first: the winner, revealed last, on top
        assert "+70.0" in lines[ann]
        # The awards follow (their lines: the test below).
        assert "Awards" in lines
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, OverviewScreen)


async def test_prizegiving_before_the_end_is_provisional(tmp_path: Path) -> None:
    path = event_file(tmp_path / "cup.toml", rounds=3)
    app = make_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+g")
        await pilot.pause()
        text = screen_text(app)
        assert "Provisional: the event is not finished" in text


async def test_the_end_of_the_event_in_japanese(tmp_path: Path) -> None:
    path = event_file(tmp_path / "cup.toml")
    with japanese():
        app = make_app(path)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            text = screen_text(app)
            assert "第2回戦（全2回戦）" in text  # noqa: RUF001
            assert "大会終了: 全2回戦を終えました。  ^g 表彰式 · F3 全順位" in text
            assert "最終順位: 1. Ann +70.0・2. Ed +40.0・3. Cy +15.0" in text
            await pilot.press("ctrl+g", "space")
            await pilot.pause()
            text = screen_text(app)
            assert "表彰式  ·  Cup  ·  1/8位を発表" in text
            assert "発表" in text.splitlines()[-1]  # the footer's keys


async def test_p_writes_every_players_report_card_beside_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # No Chromium here: the cards are the HTML page to print from a browser.
    monkeypatch.setattr("mjevent.tui.views.pdf.chromium_path", lambda: None)
    path = event_file(tmp_path / "cup.toml")
    app = make_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+g", "p")
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        cards = tmp_path / "cup-cards.html"
        assert [n.message for n in app._notifications][-1] == f"Cards written: {cards}"
    page = cards.read_text(encoding="utf-8")
    assert "Report cards" in page
    assert all(f"{name} (p{i})" in page for i, name in enumerate(NAMES, 1))
    assert "Total +70.0 · place 1" in page


async def test_prizegiving_shows_the_awards_after_the_winner(tmp_path: Path) -> None:
    path = event_with_a_hand(tmp_path / "cup.toml")
    app = make_app(path)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("ctrl+g")
        await pilot.pause()
        for _ in range(7):
            await pilot.press("space")
        await pilot.pause()
        assert "Awards" not in screen_text(app)  # not before the winner
        await pilot.press("space")
        await pilot.pause()
        lines = [line.strip() for line in screen_text(app).splitlines()]
        start = lines.index("Awards")
        # Without [awards] give, the awards this event cannot give at all (no newcomers, no
        # teams) are not announced.
        assert lines[start + 1 : start + 7] == [
            "Best hand  Ed  7,700 points: round 2, table 1, E 1",
            "Most wins  Ed  1 win",
            "Fewest deal-ins  Ed  0 deal-ins",
            "Most dora in one win  Ed  2 dora: round 2, table 1, E 1",
            "Yakuman  -  nobody qualifies",
            "Booby prize  Di  place 7 in the standings",
        ]
        assert not any(line.startswith(("Best newcomer", "Best team")) for line in lines)


def _cancelled_penalty(path: Path) -> Path:
    """`event_with_a_hand`, with a 100,000-point penalty on Di (p4) that a correction cancels:
    counted, it would put Di last and move the booby prize to Hal."""
    store = EventStore.open(event_with_a_hand(path))
    add_penalty(store, "p4", 100000, "phone rang", entry_id="pen", at=AT)
    correct_entry(store, "pen", "given by mistake", entry_id="void", at=AT)
    return path


AWARDS_WITH_A_CANCELLED_PENALTY = [
    ("Best hand", "Ed", "7,700 points: round 2, table 1, E 1"),
    ("Most wins", "Ed", "1 win"),
    ("Fewest deal-ins", "Ed", "0 deal-ins"),
    ("Most dora in one win", "Ed", "2 dora: round 2, table 1, E 1"),
    ("Yakuman", "-", "nobody qualifies"),
    ("Best newcomer", "-", "no player is marked newcomer = true in [[players]]"),
    ("Booby prize", "Di", "place 7 in the standings"),
    ("Best team", "-", "the event has no teams"),
]


async def test_a_cancelled_penalty_gives_the_same_awards_printed_and_at_the_prizegiving(
    tmp_path: Path,
) -> None:
    path = _cancelled_penalty(tmp_path / "cup.toml")
    # `mjevent print awards` (every award, with why) ...
    printed = CliRunner().invoke(cli_app, ["print", "awards", str(path), "--format", "csv"])
    rows = [line.split(",") for line in printed.output.splitlines()[1:]]
    assert [(r[0], r[2]) for r in rows] == [
        ("best_hand", "Ed"),
        ("most_wins", "Ed"),
        ("fewest_deal_ins", "Ed"),
        ("most_dora", "Ed"),
        ("yakuman", ""),
        ("best_newcomer", ""),
        ("booby", "Di"),
        ("best_team", ""),
    ]
    text = CliRunner().invoke(cli_app, ["print", "awards", str(path)]).output.splitlines()
    assert [
        tuple(cell.strip() for cell in line.split("  ") if cell.strip()) for line in text[4:12]
    ] == AWARDS_WITH_A_CANCELLED_PENALTY
    # ... and the console's prize-giving, once the winner is revealed, from the same standings
    # (the session's: the cancelled penalty listed, not counted).
    app = make_app(path)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("ctrl+g")
        await pilot.pause()
        for _ in range(8):
            await pilot.press("space")
        await pilot.pause()
        lines = [line.strip() for line in screen_text(app).splitlines()]
        start = lines.index("Awards")
        shown = [
            f"{title}  {who}  {why}"
            for title, who, why in AWARDS_WITH_A_CANCELLED_PENALTY
            if title not in ("Best newcomer", "Best team")
        ]  # not given at this event
        assert lines[start + 1 : start + 7] == shown
        # The player's history the standings screen shows lists the cancelled penalty, as
        # `mjevent print player` does (no points: it is not counted; no round: it comes first).
        _title, history_lines, total = history(app.session.standings(app.state), "p4")
        assert [(h.round, h.points, h.note) for h in history_lines] == [
            (None, None, "penalty: phone rang (cancelled: given by mistake)"),
            (1, -30000.0, ""),
            (2, -10000.0, ""),
        ]
        assert total == -40000.0

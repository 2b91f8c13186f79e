"""The projector display: its pages (exact), standings hidden mid-round, the rotation keys, and
the refresh when another process appends to the file."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import cast

from textual.app import App
from typer.testing import CliRunner

from mjevent.core.state import EventState
from mjevent.core.state_standings import standings_from_state
from mjevent.core.stats import stats_from_state
from mjevent.events import commands
from mjevent.events.store import EventStore
from mjevent.tui.cli.main import app as cli_app
from mjevent.tui.console.display_app import DisplayApp
from mjevent.tui.console.screens.display import DisplayScreen
from mjevent.tui.views.display_pages import DisplayPage, PageKind, display_pages
from tests.event_end_helpers import event_file, event_with_a_hand

from .conftest import screen_text

AFTERNOON = dt.datetime(2026, 3, 14, 15, 0, tzinfo=dt.UTC)


def state_of(path: Path) -> EventState:
    return commands.current_state(EventStore.open(path))


def pages_of(
    state: EventState, now: dt.datetime, rows_per_page: int, *, hide_standings: bool = False
) -> list[DisplayPage]:
    """The display's pages of `state`, with the standings and numbers a session would give."""
    table = standings_from_state(state)
    return display_pages(
        state, table if table.round else None, now, rows_per_page,
        stats=lambda: stats_from_state(state), hide_standings=hide_standings,
    )


def test_pages_are_the_clock_the_next_seating_and_the_standings_paged(club: Path) -> None:
    pages = pages_of(state_of(club), AFTERNOON, rows_per_page=10)
    assert [(p.kind, p.title, len(p.rows)) for p in pages] == [
        (PageKind.CLOCK, "Round 4", 0),
        (PageKind.SEATING, "Round 4 seating", 4),
        (PageKind.NUMBERS, "Numbers of round 3", 9),
        (PageKind.STANDINGS, "Standings after round 3 (1/2)", 10),
        (PageKind.STANDINGS, "Standings after round 3 (2/2)", 6),
    ]
    assert pages[1] == DisplayPage(
        PageKind.SEATING,
        "Round 4 seating",
        ("Table", "East", "South", "West", "North"),
        (
            ("1", "Nguyễn Thị Mai", "佐々木 蓮", "Mateusz Wiśniewski", "João Gonçalves"),
            ("2", "Pieter de Vries", "Lars Øvergaard", "王 芳", "Sanna Järvinen"),
            ("3", "Aoife Ní Bhriain", "田中 優希", "Sophie Müller", "김서연"),
            ("4", "Javier Sánchez", "Ömer Yıldız", "Emma Johansson", "Chloé Lefèvre"),  # noqa: RUF001
        ),
    )
    assert pages[3].rows[:2] == (("1", "Nguyễn Thị Mai", "+86.4", "3"),
                                 ("2", "Aoife Ní Bhriain", "+73.6", "3"))


def test_once_a_round_starts_the_seating_shown_is_the_next_rounds(club: Path) -> None:
    store = EventStore.open(club)
    state = commands.start_round(store, 4, at="2026-03-14T15:30:00+00:00")
    pages = pages_of(state, AFTERNOON + dt.timedelta(minutes=40), rows_per_page=20)
    # Round 4 is being played: no numbers of round 3 (they show between rounds).
    assert [p.title for p in pages] == ["Round 4", "Round 5 seating", "Standings after round 3"]
    # Before the announced start (a countdown) the room still needs round 4's tables.
    assert pages_of(state, AFTERNOON, rows_per_page=20)[1].title == "Round 4 seating"


def test_hidden_standings_stay_off_while_the_round_is_played(club: Path) -> None:
    store = EventStore.open(club)
    state = commands.start_round(store, 4, at="2026-03-14T15:30:00+00:00")
    during = AFTERNOON + dt.timedelta(minutes=40)
    kinds = [p.kind for p in pages_of(state, during, 20, hide_standings=True)]
    assert kinds == [PageKind.CLOCK, PageKind.SEATING]
    # Before the round starts they are shown (the previous round is over), after its numbers.
    kinds = [p.kind for p in pages_of(state, AFTERNOON, 20, hide_standings=True)]
    assert kinds == [PageKind.CLOCK, PageKind.SEATING, PageKind.NUMBERS, PageKind.STANDINGS]


def text_of(app: DisplayApp) -> str:
    return screen_text(cast("App[object]", app))


async def test_the_display_shows_another_processs_appends_within_a_poll(club: Path) -> None:
    # GIVEN the display running on the file, polling as it does (every 0.05 s here)
    app = DisplayApp(club, clock=lambda: AFTERNOON, poll_seconds=0.05, seconds=60)
    async with app.run_test(size=(80, 24)) as pilot:
        assert "Lunch break after round 3" in text_of(app)
        assert "Round 4: not started" in text_of(app)
        # WHEN another process starts the round and announces something
        other = EventStore.open(club)
        commands.start_round(other, 4, at="2026-03-14T14:50:00+00:00")
        commands.add_note(other, "Round 4 has started: good luck!")
        # THEN the display shows both once its watcher has read the file
        for _ in range(100):
            await pilot.pause(0.05)
            if "good luck" in text_of(app):
                break
        shown = text_of(app)
        assert "Round 4 has started: good luck!" in shown
        assert "Round 4: 1:20:00 left" in shown


async def test_the_display_opens_read_only_and_leaves_no_lock_file(club: Path) -> None:
    # GIVEN a file nobody else has open
    before = sorted(p.name for p in club.parent.iterdir())
    # WHEN the projector shows it
    app = DisplayApp(club, clock=lambda: AFTERNOON, poll_seconds=None, seconds=60)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        # THEN its store is read-only: no lock file next to the event, nothing written
        assert app.session.store.read_only
        assert sorted(p.name for p in club.parent.iterdir()) == before


async def test_keys_turn_the_pages_and_hide_the_standings(club: Path) -> None:
    app = DisplayApp(club, clock=lambda: AFTERNOON, poll_seconds=None, seconds=600)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, DisplayScreen)
        assert [p.kind for p in screen.pages] == [
            PageKind.CLOCK, PageKind.SEATING, PageKind.NUMBERS, PageKind.STANDINGS
        ]
        await pilot.press("n")
        assert "Round 4 seating" in text_of(app)
        await pilot.press("n")
        # Between rounds, the numbers of the round just played (issue 24).
        shown = [line.strip() for line in text_of(app).splitlines()]
        start = shown.index("Numbers of round 3")
        assert shown[start + 1 : start + 13] == [
            "Figure ┃ Value",
            "━" * 17 + "╇" + "━" * 58,
            "Best hand │ Aoife Ní Bhriain, table 2, E 2: 18,000",
            "Best hand │ Sanna Järvinen, table 2, E 3: 18,000",
            "Most wins │ João Gonçalves, Javier Sánchez: 4",
            "Hands │ 40",
            "Wins │ 32 (ron 27, tsumo 5)",
            "Deal-ins │ 25",
            "Riichi │ 18",
            "Exhaustive draws │ 10",
            "Average win │ 4,156",
            "",
        ]
        await pilot.press("n")
        assert "Standings after round 3" in text_of(app)
        await pilot.press("b", "b", "b")
        assert screen.page is not None and screen.page.kind is PageKind.CLOCK
        await pilot.press("space")
        assert screen.holding
        # No round is being played: hiding changes nothing until round 4 starts.
        await pilot.press("h")
        assert screen.hide_standings
        assert len(screen.pages) == 4


def test_announce_appends_a_note_the_display_shows(club: Path) -> None:
    result = CliRunner().invoke(cli_app, ["announce", str(club), "Prize giving at 18:00"])
    assert result.exit_code == 0, result.output
    assert result.stdout == "announced: Prize giving at 18:00\n"
    last = EventStore.open(club).log[-1]
    assert (last["kind"], last["text"]) == ("note", "Prize giving at 18:00")
    empty = CliRunner().invoke(cli_app, ["announce", str(club), "  "])
    assert empty.exit_code == 2


def test_announce_on_a_missing_file_exits_1_naming_the_fix(tmp_path: Path) -> None:
    missing = tmp_path / "nope.toml"
    result = CliRunner().invoke(cli_app, ["announce", str(missing), "Hello"])
    assert result.exit_code == 1
    assert result.stderr.startswith(f"error: {missing}: no such event file. Fix: ")


def test_a_finished_event_shows_only_the_final_standings(tmp_path: Path) -> None:
    path = event_file(tmp_path / "cup.toml")
    pages = pages_of(state_of(path), AFTERNOON, rows_per_page=10)
    assert pages == [
        DisplayPage(
            PageKind.STANDINGS,
            "Final standings",
            ("Place", "Name", "Total", "Games"),
            (
                ("1", "Ann", "+70.0", "2"), ("2", "Ed", "+40.0", "2"),
                ("3", "Cy", "+15.0", "2"), ("4-5", "Bo", "-5.0", "2"),
                ("4-5", "Gus", "-5.0", "2"), ("6", "Flo", "-25.0", "2"),
                ("7", "Di", "-40.0", "2"), ("8", "Hal", "-50.0", "2"),
            ),
        )
    ]
    # Half way (round 2 of 2 still to play) the rotation is as it always was.
    half = event_file(tmp_path / "half.toml", played=1)
    assert [p.kind for p in pages_of(state_of(half), AFTERNOON, rows_per_page=10)] == [
        PageKind.CLOCK, PageKind.SEATING, PageKind.STANDINGS,
    ]


async def test_the_display_follows_the_prizegiving_of_another_process(tmp_path: Path) -> None:
    path = event_file(tmp_path / "cup.toml")
    app = DisplayApp(path, clock=lambda: AFTERNOON, poll_seconds=0.05, seconds=60)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "The event is finished" in text_of(app)
        assert "Final standings" in text_of(app)
        console = EventStore.open(path)
        commands.reveal_prizes(console, 2)
        for _ in range(100):
            await pilot.pause(0.05)
            if "Prize-giving" in text_of(app):
                break
        shown = text_of(app)
        assert "Cup  ·  Prize-giving" in shown
        assert "Di" in shown and "Hal" in shown and "Flo" not in shown and "Ann" not in shown
        commands.reveal_prizes(console, 8)
        for _ in range(100):
            await pilot.pause(0.05)
            if "Ann" in text_of(app):
                break
        lines = text_of(app).splitlines()
        assert [i for i, line in enumerate(lines) if " Ann " in line] < [
            i for i, line in enumerate(lines) if " Hal " in line
        ]


def test_the_prize_page_shows_the_places_revealed_and_leaves_at_0(tmp_path: Path) -> None:
    store = EventStore.open(event_file(tmp_path / "cup.toml"))
    pages = pages_of(commands.reveal_prizes(store, 3), AFTERNOON, rows_per_page=10)
    assert pages == [
        DisplayPage(
            PageKind.PRIZES,
            "Prize-giving",
            ("Place", "Name", "Total"),
            (("6", "Flo", "-25.0"), ("7", "Di", "-40.0"), ("8", "Hal", "-50.0")),
        )
    ]
    # Only the rows that fit: the place revealed last stays on the page.
    small = pages_of(commands.reveal_prizes(store, 8), AFTERNOON, rows_per_page=2)
    assert small[0].rows == (("1", "Ann", "+70.0"), ("2", "Ed", "+40.0"))
    back = pages_of(commands.reveal_prizes(store, 0), AFTERNOON, rows_per_page=10)
    assert [p.title for p in back] == ["Final standings"]


async def test_the_display_palette_offers_only_what_the_display_does(club: Path) -> None:
    # Issue 22: it offered each table's screen, whose undo and amend a read-only display
    # refused with a programmer's message.
    app = DisplayApp(club, clock=lambda: AFTERNOON, poll_seconds=None, seconds=600)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        titles = [c.title for c in app.get_system_commands(app.screen)]
    assert titles == [
        "display: Next", "display: Previous", "display: Hold", "display: Hide standings",
        "app: Quit", "app: Help",
    ]


def test_the_awards_follow_the_winner_on_the_projector(tmp_path: Path) -> None:
    store = EventStore.open(event_with_a_hand(tmp_path / "cup.toml"))
    assert [p.title for p in pages_of(commands.reveal_prizes(store, 7), AFTERNOON, 10)] == [
        "Prize-giving"
    ]
    pages = pages_of(commands.reveal_prizes(store, 8), AFTERNOON, rows_per_page=5)
    assert [p.title for p in pages] == ["Prize-giving", "Awards (1/2)", "Awards (2/2)"]
    assert pages[1].headers == ("Award", "Winner", "Why")
    assert pages[1].rows + pages[2].rows == (
        ("Best hand", "Ed", "7,700 points: round 2, table 1, E 1"),
        ("Most wins", "Ed", "1 win"),
        ("Fewest deal-ins", "Ed", "0 deal-ins"),
        ("Most dora in one win", "Ed", "2 dora: round 2, table 1, E 1"),
        ("Yakuman", "-", "nobody qualifies"),
        ("Booby prize", "Di", "place 7 in the standings"),
    )

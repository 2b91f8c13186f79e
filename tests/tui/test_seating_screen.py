"""The seating screen (F5): any round as a grid of tables, and the checker's summary."""

from __future__ import annotations

from pathlib import Path

from mjevent.events.commands import record_line
from mjevent.tui.console.screens.seating import SeatingScreen
from tests.tui.conftest import make_app
from tests.tui.screens_helpers import lines, open_mode, press, settle


async def test_club_opens_on_the_current_round_with_the_checker(club: Path) -> None:
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_mode(pilot, "f5")
        assert isinstance(app.screen, SeatingScreen)
        shown = lines(app)
    assert shown[:8] == [
        " Round 4: 4 tables, 0 finished (current round)",
        " ╭─ Table 1 ─────────────╮ ╭─ Table 2 ─────────────╮ ╭─ Table 3 ──────────────╮",
        " │ E Nguyễn Thị Mai      │ │ E Pieter de Vries     │ │ E Aoife Ní Bhriain     │",
        " │ S 佐々木 蓮           │ │ S Lars Øvergaard      │ │ S 田中 優希            │",
        " │ W Mateusz Wiśniewski  │ │ W 王 芳               │ │ W Sophie Müller        │",
        " │ N João Gonçalves      │ │ N Sanna Järvinen      │ │ N 김서연               │",
        " ╰───────── not started ─╯ ╰───────── not started ─╯ ╰────────── not started ─╯",
        " ╭─ Table 4 ─────────────╮",
    ]
    # (João Gonçalves sits at table 1 in rounds 1 and 2)
    assert shown[17:23] == [
        " Rounds 1-4: 4 of 4 repeat-free",
        " Repeated pairs: 0 (extra meetings 0)",
        " Pairs never met: 24",
        " Winds after round 4: every player has sat each wind evenly; largest gap 0",
        " Same table number within 3 rounds: 12 (first: João Gonçalves, table 1, round",
        " 2)",
    ]


async def test_brackets_step_through_sanma_rounds_and_c_returns(sanma: Path) -> None:
    app = make_app(sanma)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_mode(pilot, "f5")
        await press(pilot, "left_square_bracket")
        round_2 = lines(app)
        await press(pilot, "right_square_bracket", "right_square_bracket")
        round_4 = lines(app)[0]
        await press(pilot, "c")
        current = lines(app)[0]
    assert round_2[:5] == [
        " Round 2: 3 tables, 3 finished",
        " ╭─ Table 1 ─────────────╮ ╭─ Table 2 ─────────────╮ ╭─ Table 3 ──────────────╮",
        " │ E Ana Ruiz            │ │ E Björn Sigurðsson    │ │ E 陳 美玲              │",
        " │ S Tomás Ó Briain      │ │ S Léa Dubois          │ │ S Hanna Kowalczyk      │",
        " │ W 佐藤 花子           │ │ W 山本 健太           │ │ W 박지훈               │",
    ]
    assert round_2[18] == " Rounds 1-2: 2 of 2 repeat-free"
    assert round_4 == " Round 4: 3 tables, 0 finished"
    assert current == " Round 3: 3 tables, 0 finished (current round)"


async def test_a_dealer_tenpai_draw_shows_east_1_1_honba_on_its_card(club: Path) -> None:
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_mode(pilot, "f5")
        app.run_command(record_line, "t1 draw tenpai:E")
        await settle(pilot)
        shown = lines(app)
    assert shown[6] == (
        " ╰───── East 1, 1 honba ─╯ ╰───────── not started ─╯ ╰────────── not started ─╯"
    )

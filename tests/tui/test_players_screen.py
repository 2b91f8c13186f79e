"""The players screen (F4): search, and each player command through its dialog, asserted on
the screen and on the event file read back."""



from __future__ import annotations

from pathlib import Path

from mjevent.core.entries import (
    PlayerAdded,
    PlayerCheckedIn,
    PlayerRenamed,
    PlayerReturned,
    PlayerSubstituted,
    PlayerWithdrawn,
)
from mjevent.tui.console.app import MjeventApp
from mjevent.tui.console.dialogs.command import CommandDialog
from mjevent.tui.console.screens.players import PlayersScreen
from tests.tui.conftest import fixed_clock, make_app
from tests.tui.screens_helpers import lines, logged, open_mode, press, text, type_text


def _rows(text: str) -> list[str]:
    # The list starts under its header line ("Id  Name ...") and ends at the first blank line.
    shown = [line.rstrip() for line in text.splitlines()]
    start = next(i for i, line in enumerate(shown) if line.startswith(" Id "))
    rows = []
    for line in shown[start + 1 :]:
        if not line.strip():
            break
        rows.append(line)
    return rows


async def test_slash_searches_names_ignoring_case_and_accents(club: Path) -> None:
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_mode(pilot, "f4")
        assert isinstance(app.screen, PlayersScreen)
        await press(pilot, "slash")
        await type_text(pilot, "CHLOE")
        screen = text(app)
    assert screen.splitlines()[3].rstrip() == " 1 of 16 players match 'CHLOE'"
    assert _rows(screen) == [" p05  Chloé Lefèvre       active  t4 N"]


async def test_a_adds_a_late_player_with_the_next_id(club: Path) -> None:
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_mode(pilot, "f4")
        # WHEN a, the id is offered (p17), Tab to the name, type it, ctrl+s
        await press(pilot, "a")
        assert isinstance(app.screen, CommandDialog)
        await press(pilot, "tab")
        await type_text(pilot, "Kim Minji")
        preview = lines(app)
        await press(pilot, "ctrl+s")
        assert isinstance(app.screen, PlayersScreen)
        await press(pilot, "slash")
        await type_text(pilot, "kim")
        rows = _rows(text(app))
    assert any("What changes:" in line for line in preview)
    assert any("p17: added as Kim Minji" in line for line in preview)
    assert rows == [" p17  Kim Minji           active"]
    added = logged(club)[-1]
    assert isinstance(added, PlayerAdded)
    assert (added.player, added.name, added.team, added.at) == (
        "p17", "Kim Minji", None, "2026-03-14T12:00:00+00:00"
    )


async def test_a_taken_id_is_refused_in_the_dialog_and_nothing_is_written(club: Path) -> None:
    before = club.read_bytes()
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_mode(pilot, "f4")
        await press(pilot, "a", "ctrl+u")
        await type_text(pilot, "p01")
        await press(pilot, "tab")
        await type_text(pilot, "Someone")
        await press(pilot, "ctrl+s")
        assert isinstance(app.screen, CommandDialog)
        screen = text(app)
        await press(pilot, "escape")
        assert isinstance(app.screen, PlayersScreen)
    assert "refused: player id 'p01' is already taken" in screen
    assert "Not recorded: player id 'p01' is already taken (nothing was recorded)" in screen
    assert club.read_bytes() == before


async def test_n_renames_the_selected_player(club: Path) -> None:
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_mode(pilot, "f4")
        await press(pilot, "down", "n", "ctrl+u")
        await type_text(pilot, "Sophie Mueller")
        preview = text(app)
        await press(pilot, "enter")
        rows = _rows(text(app))
    assert "p02: renamed Sophie Müller -> Sophie Mueller" in preview
    assert rows[1] == " p02  Sophie Mueller      active  t3 W"
    renamed = logged(club)[-1]
    assert isinstance(renamed, PlayerRenamed)
    assert (renamed.player, renamed.name) == ("p02", "Sophie Mueller")


async def test_w_withdraws_and_b_brings_the_player_back(club: Path) -> None:
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_mode(pilot, "f4")
        # GIVEN p03 selected WHEN w, round 5, a reason, ctrl+s
        await press(pilot, "down", "down", "w", "ctrl+u")
        await type_text(pilot, "5")
        await press(pilot, "tab")
        await type_text(pilot, "train home")
        preview = text(app)
        await press(pilot, "ctrl+s")
        withdrawn = _rows(text(app))[2]
        # WHEN b (from round 5, as offered: the current round is 4) ... ctrl+s
        await press(pilot, "b", "ctrl+u")
        await type_text(pilot, "5")
        await press(pilot, "ctrl+s")
        back = _rows(text(app))[2]
    assert "김서연: active -> withdrawn from round 5" in preview
    assert withdrawn == " p03  김서연              withdrawn from r5  t3 N"
    assert back == " p03  김서연              back from r5       t3 N"
    *_, out, ret = logged(club)
    assert isinstance(out, PlayerWithdrawn) and isinstance(ret, PlayerReturned)
    assert (out.player, out.from_round, out.reason) == ("p03", 5, "train home")
    assert (ret.player, ret.from_round) == ("p03", 5)


async def test_u_seats_a_substitute_at_the_players_table_in_sanma(sanma: Path) -> None:
    app = make_app(sanma)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_mode(pilot, "f4")
        # GIVEN 陳 美玲 (p02, round 3 table 2) WHEN u, Tab Tab to the name, type, Enter
        await press(pilot, "down", "u", "tab", "tab")
        await type_text(pilot, "Kai Sub")
        preview = text(app)
        # Enter moves to the last field (in play, left empty), Enter there confirms.
        await press(pilot, "enter", "enter")
        row = _rows(text(app))[1]
    assert "r3 t2: Kai Sub plays for 陳 美玲" in preview
    assert "not started -> " not in preview
    assert row == " p02  陳 美玲           active  t2 S (sub: Kai Sub)"
    sub = logged(sanma)[-1]
    assert isinstance(sub, PlayerSubstituted)
    assert (sub.round, sub.table, sub.player, sub.substitute) == (3, 2, "p02", "Kai Sub")
    assert sub.during_game is None


async def test_x_marks_absent_and_c_checks_in_for_the_current_round(sanma: Path) -> None:
    app = make_app(sanma)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_mode(pilot, "f4")
        # GIVEN round 3 WHEN x Enter on p01, then c Enter on p02
        await press(pilot, "x")
        preview = text(app)
        await press(pilot, "enter", "down", "c", "enter")
        rows = _rows(text(app))
    assert "山本 健太: absent for round 3" in preview
    assert rows[:2] == [
        " p01  山本 健太         active  t3 E    absent",
        " p02  陳 美玲           active  t2 S    here",
    ]
    absent, here = logged(sanma)[-2:]
    assert isinstance(absent, PlayerCheckedIn) and isinstance(here, PlayerCheckedIn)
    assert (absent.player, absent.round, absent.present) == ("p01", 3, False)
    assert (here.player, here.round, here.present) == ("p02", 3, True)


async def test_a_read_only_console_says_why_nothing_is_recorded(club: Path) -> None:
    before = club.read_bytes()
    app = MjeventApp(club, clock=fixed_clock, poll_seconds=None, read_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_mode(pilot, "f4")
        await press(pilot, "n", "ctrl+u")
        await type_text(pilot, "Someone Else")
        await press(pilot, "ctrl+s")
        assert isinstance(app.screen, CommandDialog)
        screen = text(app)
    assert "Not recorded: " in screen
    assert "opened read-only; nothing was" in screen
    assert club.read_bytes() == before


def _ema2025(path: Path) -> Path:
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('preset = "ema2016"', 'preset = "ema2025"', 1), encoding="utf-8")
    return path


async def test_ema2025_7_2_p_late_3_20_records_4000(club: Path) -> None:
    """EMA Riichi Rules 2025 §7.2 from the console: p, Tab to the minutes, 3:20, ctrl+s: the
    rules size it at 1,000 per started minute."""
    from mjevent.core.entries import Penalty

    app = make_app(_ema2025(club))
    async with app.run_test(size=(100, 30)) as pilot:
        await open_mode(pilot, "f4")
        await press(pilot, "down", "p", "tab")
        await type_text(pilot, "3:20")
        preview = text(app)
        await press(pilot, "ctrl+s")
    assert "late 3:20 (4 started minutes x 1,000)" in preview
    given = logged(club)[-1]
    assert isinstance(given, Penalty)
    assert (given.player, given.amount, given.round) == ("p02", 4000, 4)
    assert given.reason == "late 3:20 (4 started minutes x 1,000)"


async def test_ema2025_7_2_p_late_past_10_minutes_is_refused_in_the_dialog(club: Path) -> None:
    app = make_app(_ema2025(club))
    before = len(logged(club))
    async with app.run_test(size=(100, 30)) as pilot:
        await open_mode(pilot, "f4")
        await press(pilot, "down", "p", "tab")
        await type_text(pilot, "10:01")
        shown = text(app)
        await press(pilot, "ctrl+s")
        assert isinstance(app.screen, CommandDialog)
    assert "a substitute takes the seat" in " ".join(shown.split())
    assert len(logged(club)) == before


async def test_ema2025_7_5_p_sheet_records_2000(club: Path) -> None:
    """EMA Riichi Rules 2025 §7.5 from the console: kind sheet, a detail, ctrl+s."""
    from mjevent.core.entries import Penalty

    app = make_app(_ema2025(club))
    async with app.run_test(size=(100, 30)) as pilot:
        await open_mode(pilot, "f4")
        await press(pilot, "down", "p", *["backspace"] * 4)
        await type_text(pilot, "sheet")
        await press(pilot, "tab", "tab")
        await type_text(pilot, "not signed")
        await press(pilot, "ctrl+s")
    given = logged(club)[-1]
    assert isinstance(given, Penalty)
    assert (given.player, given.amount, given.reason) == ("p02", 2000, "score sheet: not signed")


async def test_ema2025_7_3_u_with_in_play_y_marks_the_swap_after_the_game_began(
    club: Path,
) -> None:
    """EMA 2025 §7.3 from the console: the substitute dialog's last field says the swap came
    after the game began (a table recorded by final scores only cannot tell by itself)."""
    app = make_app(_ema2025(club))
    async with app.run_test(size=(100, 30)) as pilot:
        await open_mode(pilot, "f4")
        await press(pilot, "down", "u", "tab", "tab")
        await type_text(pilot, "Kai Sub")
        await press(pilot, "tab")
        await type_text(pilot, "maybe")
        refused = " ".join(text(app).split())
        await press(pilot, *["backspace"] * 5)
        await type_text(pilot, "y")
        await press(pilot, "ctrl+s")
    assert "in play: give y or n, or leave it empty" in refused
    sub = logged(club)[-1]
    assert isinstance(sub, PlayerSubstituted)
    assert (sub.player, sub.substitute, sub.during_game) == ("p02", "Kai Sub", True)

"""The seating screen's plan dialogs (F5, then g / l / i / s / r / k), and the players screen's
offer to re-seat: keys a director presses, then the event file and the screen."""

# ruff: noqa: RUF001 (the samples' names are spelled as their players spell them)

from __future__ import annotations

import threading
from collections.abc import Mapping
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mjevent.core.entries import Note, PlayerWithdrawn, SeatingSet, SeatsSwapped
from mjevent.events.commands import current_state, withdraw_player
from mjevent.events.seating import verify_seating
from mjevent.events.store import EventStore
from mjevent.tui.cli.main import app as cli
from mjevent.tui.console.dialogs.command import Field
from mjevent.tui.console.dialogs.seating_plan import Proposal, SeatingPlanDialog
from mjevent.tui.console.screens.players import PlayersScreen
from mjevent.tui.console.screens.seating import SeatingScreen
from tests.tui.conftest import make_app
from tests.tui.screens_helpers import (
    lines,
    logged,
    open_mode,
    press,
    settle,
    text,
    type_text,
)

runner = CliRunner()


def new_event(folder: Path, players: int, name: str = "e.toml") -> Path:
    """A new riichi event of `players` players made with `mjevent new`, nothing seated."""
    names = folder / f"{name}.names.txt"
    names.write_text("".join(f"Player {i}\n" for i in range(1, players + 1)), encoding="utf-8")
    event = folder / name
    made = runner.invoke(cli, ["new", str(event), "--name", "Spring Cup", "--rules", "ema2016",
                               "--players-from", str(names)])
    assert made.exit_code == 0, made.output
    return event


@pytest.fixture
def fresh28(tmp_path: Path) -> Path:
    return new_event(tmp_path, 28)


def seatings(path: Path) -> list[SeatingSet]:
    return [e for e in logged(path) if isinstance(e, SeatingSet)]


def box(app_text: str) -> list[str]:
    """The dialog's lines: what is between its side borders, stripped; blank lines left out."""
    inside = [line.split("█")[1].strip() for line in app_text.splitlines()
              if line.count("█") >= 2]
    return [line for line in inside if line and line[:1] not in ("▀", "▄")]


async def seating_dialog(
    path: Path, key: str, *fields: str | None
) -> tuple[list[str], list[str]]:
    """On the seating screen (F5) of `path`: press `key`, type `fields` in order (None keeps a
    field's value), see the preview (ctrl+s when a field changed, else the one worked out as
    the dialog opened), then ctrl+s. The dialog's lines at the preview, and the screen's after."""
    app = make_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_mode(pilot, "f5")
        await press(pilot, key)
        for i, value in enumerate(fields):
            if i:
                await press(pilot, "tab")
            if value is not None:
                await press(pilot, "ctrl+u")
                await type_text(pilot, value)
        if any(v is not None for v in fields):
            await press(pilot, "ctrl+s")
        preview = box(text(app))
        await press(pilot, "ctrl+s")
        return preview, lines(app)


async def test_g_generates_seven_rounds_for_28_players(fresh28: Path) -> None:
    app = make_app(fresh28)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_mode(pilot, "f5")
        # GIVEN a new event WHEN g: the rounds field is empty, so nothing is worked out yet
        await press(pilot, "g")
        assert isinstance(app.screen, SeatingPlanDialog)
        opened = box(text(app))
        # WHEN 7 rounds and a draw text are typed: the preview waits for Enter / ctrl+s
        await type_text(pilot, "7")
        await press(pilot, "tab", "ctrl+u")
        await type_text(pilot, "Spring draw")
        changed = box(text(app))
        await press(pilot, "ctrl+s")
        preview = box(text(app))
        written_before_confirm = seatings(fresh28)
        await press(pilot, "ctrl+s")
        assert isinstance(app.screen, SeatingScreen)
        after = lines(app)
    assert opened[4:6] == [
        "Draw text     Spring Cup",
        "Not possible: Rounds: give how many rounds to seat, such as 7",
    ]
    assert changed[4:6] == [
        "Draw text     Spring draw",
        "Fields changed: Enter or ctrl+s works out the seating for them.",
    ]
    assert preview[5:11] == [
        "Seat rounds 1-7 (generated): 7 tables a round; draw text 'Spring draw'",
        "quality: 7/7 rounds repeat-free; repeats 0; indirect 84; wind violations",
        "0 (spread 1); table repeats 13; team violations 0",
        "new repeated pairs: 0",
        "wind spread: 1 (every player's winds even)",
        "table-number repeats within 3 rounds: 13",
    ]
    assert written_before_confirm == []
    [entry] = seatings(fresh28)
    assert (entry.method, entry.first_round, len(entry.rounds)) == ("generated", 1, 7)
    assert dict(entry.params)["seed_text"] == "Spring draw"
    assert [v.matches for v in verify_seating(EventStore.open(fresh28))] == [True]
    assert after[0] == " Round 1: 7 tables, 0 finished (current round)"
    assert " Rounds 1-1: 1 of 1 repeat-free" in after


async def test_escape_writes_nothing(fresh28: Path) -> None:
    app = make_app(fresh28)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_mode(pilot, "f5")
        await press(pilot, "g")
        await type_text(pilot, "7")
        await press(pilot, "ctrl+s", "escape")
        assert isinstance(app.screen, SeatingScreen)
    assert seatings(fresh28) == []


async def test_s_swaps_two_players_in_round_4_showing_the_repeats_it_makes(club: Path) -> None:
    # GIVEN the club's five rounds, where every pair meets exactly once (round 4: 田中 優希
    # at table 3, Emma Johansson at table 4) WHEN s, round 4 as offered, p01 and Emma
    # Johansson (by name), ctrl+s to see, ctrl+s: each meets three players a second time
    preview, after = await seating_dialog(club, "s", None, "p01", "Emma Johansson")
    assert preview[5:17] == [
        "round 4 table 3: E Aoife Ní Bhriain  S Emma Johansson  W Sophie Müller",
        "N 김서연   (was Aoife Ní Bhriain 田中 優希 Sophie Müller 김서연)",
        "round 4 table 4: E Javier Sánchez  S Ömer Yıldız  W 田中 優希  N Chloé",
        "Lefèvre   (was Javier Sánchez Ömer Yıldız Emma Johansson Chloé Lefèvre)",
        "repeated pairs created: 6; 田中 優希 + Chloé Lefèvre (2x); 田中 優希 +",
        "Ömer Yıldız (2x); 田中 優希 + Javier Sánchez (2x); Sophie Müller + Emma",
        "Johansson (2x); 김서연 + Emma Johansson (2x); Aoife Ní Bhriain + Emma",
        "Johansson (2x)",
        "repeated pairs removed: 0",
        "Confirming accepts the 6 repeated pairs it makes.",
        "Confirm (ctrl+s)   Cancel (esc)",
    ]
    *_, swapped, note = logged(club)
    assert isinstance(swapped, SeatsSwapped) and isinstance(note, Note)
    assert (swapped.round, swapped.a, swapped.b) == (4, "p01", "p16")
    assert note.text == (
        "accepted repeats: p01+p05 p01+p12 p01+p14 p02+p16 p03+p16 p09+p16 (swap in round 4)"
    )
    assert after[2:4] == [
        " │ E Nguyễn Thị Mai     │ │ E Pieter de Vries     │ │ E Aoife Ní Bhriain    │",
        " │ S 佐々木 蓮          │ │ S Lars Øvergaard      │ │ S Emma Johansson      │",
    ]
    assert " Rounds 1-4: 3 of 4 repeat-free" in after


async def test_a_swap_at_a_played_table_is_refused_and_nothing_written(club: Path) -> None:
    before = logged(club)
    _, after = await seating_dialog(club, "s", "2", "p01", "p02")
    shown = box("\n".join(after))
    assert shown[5:9] == [
        "Not possible: round 2 table 1 already has results: seats are swapped",
        "before a table plays; if it sat otherwise, re-seat that table as it sat",
        "Nothing written: see above what to change.",
        "Confirm (ctrl+s)   Cancel (esc)",
    ]
    assert logged(club) == before


async def test_generate_after_results_says_to_re_seat_and_writes_nothing(club: Path) -> None:
    before = logged(club)
    _, after = await seating_dialog(club, "g")
    shown = box("\n".join(after))
    assert shown[3:9] == [
        "Rounds        5",
        "Draw text     Leiden Riichi Spring Open 2026",
        "Not possible: round 1 already has results; re-seat the rounds not yet",
        "played, from round 4 (r re-seats from round 4)",
        "Nothing written: see above what to change.",
        "Confirm (ctrl+s)   Cancel (esc)",
    ]
    assert logged(club) == before


async def test_withdrawal_on_the_players_screen_offers_the_re_seat_with_byes(club: Path) -> None:
    before = current_state(EventStore.open(club))
    played = [before.seating[r] for r in (1, 2, 3)]
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_mode(pilot, "f4")
        no_key = app.screen.check_action("reseat", ())
        # GIVEN round 4 seated, not played WHEN 김서연 (p03) is withdrawn from round 4
        await press(pilot, "down", "down", "w", "ctrl+s")
        assert isinstance(app.screen, PlayersScreen)
        notes = [(n.title, n.message) for n in app._notifications]
        key = app.screen.check_action("reseat", ())
        # WHEN r: the re-seat dialog opens on round 4 and works the plan out at once
        await press(pilot, "r")
        assert isinstance(app.screen, SeatingPlanDialog)
        preview = box(text(app))
        await press(pilot, "ctrl+s")
        after = lines(app)
        key_gone = app.screen.check_action("reseat", ())
    withdrawn, entry = logged(club)[-2:]
    assert isinstance(withdrawn, PlayerWithdrawn) and isinstance(entry, SeatingSet)
    assert (no_key, key, key_gone) == (False, True, False)
    # The notice (a toast: the director may have more changes to make before re-seating).
    assert notes == [(
        "The seating no longer fits the players",
        "김서연 (p03) withdrew but is still seated at round 4 table 3\n"
        "김서연 (p03) withdrew but is still seated at round 5 table 1\n"
        "r re-seats rounds 4-5 (the rounds played stay as they are); you see the new seating "
        "and its cost first.",
    )]
    assert preview[:3] == [
        "Re-seat the rounds not yet played",
        "김서연 (p03) withdrew but is still seated at round 4 table 3; 김서연",
        "(p03) withdrew but is still seated at round 5 table 1",
    ]
    assert preview[3] == "From round    4"
    assert preview[6:11] == [
        "Seat rounds 4-5 (regenerated): 3 tables a round; draw text 'Leiden",
        "Riichi Spring Open 2026'",
        "15 active players do not fill tables of 4: 3 would sit out each round;",
        "byes offered below (ctrl+s accepts them), or add 1 player (a substitute)",
        "on the players screen (F4), then re-seat.",
    ]
    assert preview[16:18] == [
        # 김서연's table-mates sit out (round 4 table 3, round 5 table 1); the rest stands
        "byes: round 4: 田中 優希, Sophie Müller, Aoife Ní Bhriain; round 5:",
        "Chloé Lefèvre, João Gonçalves, Sanna Järvinen",
    ]
    assert (entry.method, entry.first_round, len(entry.rounds)) == ("regenerated", 4, 2)
    assert dict(entry.params)["from_round"] == 4
    for tables in entry.rounds:
        seated = [p for t in tables for p in t]
        assert len(seated) == 12 and "p03" not in seated
    after_state = current_state(EventStore.open(club))
    assert [after_state.seating[r] for r in (1, 2, 3)] == played
    old4 = before.seating[4]
    assert after_state.seating[4] == (old4[0], old4[1], old4[3])
    assert after[7:9] == [
        " p03  김서연              withdrawn from r4",
        " p04  Lars Øvergaard      active             t2 S",
    ]


async def test_r_on_the_seating_screen_refuses_a_played_round(club: Path) -> None:
    shown, _ = await seating_dialog(club, "r", "2")
    assert shown[5:8] == [
        "Not possible: round 2 already has results: re-seat from round 4 (results",
        "are never moved; a table that sat on other winds is re-seated on its",
        "own): give From round 4",
    ]


async def test_i_imports_what_the_cli_exported(fresh28: Path, tmp_path: Path) -> None:
    other = new_event(tmp_path, 28, "other.toml")
    assert runner.invoke(cli, ["seat", str(other), "--rounds", "3", "--seed", "x", "--yes"]
                         ).exit_code == 0
    exported = runner.invoke(cli, ["seating", "export", str(other), "--format", "tsv"])
    grid = tmp_path / "grid.tsv"
    grid.write_text(exported.stdout, encoding="utf-8")
    preview, _ = await seating_dialog(fresh28, "i", str(grid))
    assert preview[5:7] == [
        "Seat rounds 1-3 (imported): 7 tables a round",
        "quality: 3/3 rounds repeat-free; repeats 0; indirect 252; wind",
    ]
    [entry] = seatings(fresh28)
    params = dict(entry.params)
    assert (entry.method, params["file"], params["format"]) == ("imported", "grid.tsv", "tsv")
    [original] = seatings(other)
    assert entry.rounds == original.rounds


async def test_l_seats_24_players_from_the_library(tmp_path: Path) -> None:
    event = new_event(tmp_path, 24)
    preview, _ = await seating_dialog(event, "l", None, "5")
    assert preview[1:3] == [
        "24 active players; blocks for tables of 4: k4-p20, k4-p24, k4-p32,",
        "k4-p36, k4-p44, k4-p48, k4-p60, k4-p68, k4-p104-t26, k4-p108,",
    ]
    assert preview[7:9] == [
        "Seat rounds 1-5 (library): 6 tables a round; draw text 'Spring Cup'",
        "quality: 5/5 rounds repeat-free; repeats 0; indirect 96; wind violations",
    ]
    [entry] = seatings(event)
    params = dict(entry.params)
    assert (entry.method, params["block"], params["rounds"]) == ("library", "k4-p24", 5)
    assert [v.matches for v in verify_seating(EventStore.open(event))] == [True]


async def test_k_seats_round_4_by_the_standings(club: Path) -> None:
    preview, after = await seating_dialog(club, "k")
    assert preview[3:7] == [
        "Round         4",
        "Style         ranked",
        "Seat round 4 (ranked): 4 tables a round",
        "quality: 3/4 rounds repeat-free; repeats 19; indirect 43; wind",
    ]
    assert preview[-2] == "Confirming accepts these 19 repeated pairs (kept in the entry)."
    entry = seatings(club)[-1]
    params = dict(entry.params)
    assert (entry.method, entry.first_round) == ("ranked", 4)
    # The table of the top four by the standings after round 3, as the entry recorded them.
    top = str(params["standings"]).split()
    assert sorted(entry.rounds[0][0]) == sorted(top[:4])
    # Nguyễn Thị Mai, Aoife Ní Bhriain, Chloé Lefèvre and 田中 優希 (the top four)
    assert set(top[:4]) == {"p13", "p09", "p05", "p01"}
    assert len(str(params["accepted_repeats"]).split()) == 19
    assert " Repeated pairs: 19 (extra meetings 19); most: 田中 優希 and Chloé Lefèvre met" in (
        after)


async def test_k_with_a_withdrawal_names_who_sits_out(club: Path) -> None:
    withdraw_player(EventStore.open(club), "p03", 4, "ill")
    preview, _ = await seating_dialog(club, "k")
    at = next(i for i, line in enumerate(preview) if line.startswith("sit out"))
    entry = seatings(club)[-1]
    seated = sorted(p for t in entry.rounds[0] for p in t)
    assert len(seated) == 12
    assert seated == sorted(str(dict(entry.params)["standings"]).split())
    # the three lowest placed after 김서연 (16th, withdrawn): 13th to 15th
    assert sorted(set(current_state(EventStore.open(club)).players) - {*seated, "p03"}) == [
        "p08", "p11", "p12",
    ]
    assert preview[at] == (
        "sit out (lowest placed): Mateusz Wiśniewski, Sanna Järvinen, Ömer Yıldız"
    )


async def test_a_slow_plan_shows_working_and_ctrl_s_waits_for_it(fresh28: Path) -> None:
    release = threading.Event()

    def slow(values: Mapping[str, str]) -> Proposal:
        release.wait(timeout=30)
        return Proposal(("the plan for " + values["x"],), lambda app: app.state)

    app = make_app(fresh28)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_mode(pilot, "f5")
        dialog = SeatingPlanDialog("Slow", "", [Field("x", "X", "one")], slow,
                                   state=app.state)
        app.push_screen(dialog)
        await pilot.pause()
        working = box(text(app))
        await pilot.press("ctrl+s")
        await pilot.pause()
        waiting = box(text(app))
        release.set()
        await settle(pilot)
        shown = box(text(app))
    assert working[2] == "Working out the seating..."
    assert waiting[2:4] == [
        "Working out the seating...",
        "Still working out the seating: ctrl+s again when it is shown.",
    ]
    assert shown[2:4] == ["the plan for one", "Confirm (ctrl+s)   Cancel (esc)"]


async def test_i_names_the_line_of_a_bad_file_and_a_missing_one(
    fresh28: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A path relative to the folder the console runs in, as a director would type it.
    monkeypatch.chdir(tmp_path)
    Path("bad.txt").write_text("p01-p02-p03-p04\np05-p06-p07-p99\n", encoding="utf-8")
    _, after_bad = await seating_dialog(fresh28, "i", "bad.txt")
    _, after_missing = await seating_dialog(fresh28, "i", "none.txt")
    assert box("\n".join(after_bad))[5:8] == [
        "Not possible: bad.txt:2: 'p99' is not a player of this event (give an",
        "id, a name or a number 1 to 28)",
        "Nothing written: see above what to change.",
    ]
    assert box("\n".join(after_missing))[5:8] == [
        "Not possible: cannot read none.txt: No such file or directory; give the",
        "path of the seating file",
        "Nothing written: see above what to change.",
    ]
    assert seatings(fresh28) == []


async def test_a_late_arrival_on_the_players_screen_is_seated_by_r(club: Path) -> None:
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_mode(pilot, "f4")
        # WHEN a late player is added (the next id, p17) and confirmed
        await press(pilot, "a", "tab")
        await type_text(pilot, "Kim Minji")
        await press(pilot, "ctrl+s")
        notes = [n.message for n in app._notifications]
        await press(pilot, "r")
        preview = box(text(app))
        await press(pilot, "ctrl+s")
    assert notes == [
        "not seated in rounds 4-5: Kim Minji (p17)\n"
        "r re-seats rounds 4-5 (the rounds played stay as they are); you see the new seating "
        "and its cost first."
    ]
    assert preview[1] == "not seated in rounds 4-5: Kim Minji (p17)"
    assert "17 active players do not fill tables of 4: 1 would sit out each round;" in preview
    entry = seatings(club)[-1]
    assert (entry.method, entry.first_round) == ("regenerated", 4)
    assert "p17" in [p for t in entry.rounds[0] for p in t] + [
        p for t in entry.rounds[1] for p in t]


async def test_g_keeps_teammates_apart_when_the_event_has_teams(tmp_path: Path) -> None:
    roster = tmp_path / "teams.csv"
    roster.write_text("name,team\n" + "".join(
        f"Player {i},T{i % 4}\n" for i in range(1, 17)), encoding="utf-8")
    event = tmp_path / "teams.toml"
    made = runner.invoke(cli, ["new", str(event), "--name", "Team Cup", "--rules", "ema2016",
                               "--players-from", str(roster)])
    assert made.exit_code == 0, made.output
    preview, _ = await seating_dialog(event, "g", "5")
    assert preview[3:6] == [
        "Rounds        5",
        "Draw text     Team Cup",
        "Teams apart   yes",
    ]
    assert preview[6].startswith("Seat rounds 1-5 (generated): 4 tables a round")
    [entry] = seatings(event)
    state = current_state(EventStore.open(event))
    assert "team_sizes" in dict(entry.params)
    for tables in entry.rounds:
        for table in tables:
            assert len({state.players[p].team for p in table}) == 4


async def test_g_offers_the_rounds_the_event_plans(tmp_path: Path) -> None:
    # GIVEN a new event that plans 2 rounds (`mjevent new --rounds 2`), nothing seated
    event = tmp_path / "day.toml"
    made = runner.invoke(cli, ["new", str(event), "--name", "Day", "--rules", "ema2025",
                               "--rounds", "2",
                               *[a for i in range(1, 9) for a in ("--player", f"Player {i}")]])
    assert made.exit_code == 0, made.output
    app = make_app(event)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_mode(pilot, "f5")
        # WHEN g opens the generate dialog
        await press(pilot, "g")
        assert isinstance(app.screen, SeatingPlanDialog)
        # THEN the Rounds field holds the 2 rounds the file plans (it was empty) and the
        # seating for them is worked out at once
        shown = box(text(app))
        assert shown[3] == "Rounds        2"
        assert shown[5].startswith("Seat rounds 1-2 (generated): 2 tables a round")

"""Pilot tests of the console: the keys a director presses, then the event file (reopened through
`events`) and the screen.

GIVEN a temp copy of a sample, WHEN the keys are pressed, THEN the file holds exactly the
entries expected and the screen shows the change. Round 4 of samples/club.toml (4 tables) and
round 3 of samples/sanma.toml (3 tables) have no hand yet: they are the current rounds.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable

import mjevent.core.game
import mjevent.core.notation
from mjevent.core.entries import Correction, GameFinished, HandRecorded
from mjevent.core.entry_reader import read_log
from mjevent.core.notation import ParsedLine
from mjevent.core.outcomes import Ron
from mjevent.core.preview import LineError, LinePreview, preview_amend
from mjevent.core.state import EventState, Folder
from mjevent.events.commands import call_time_for, current_state, record_line
from mjevent.events.store import EventStore
from mjevent.tui.console.app import MjeventApp
from mjevent.tui.console.screens import table as table_screen
from mjevent.tui.console.screens.overview import OverviewScreen
from mjevent.tui.console.screens.table import TableScreen
from mjevent.tui.console.widgets.entry_line import EntryLine, EntryPreview
from mjevent.tui.console.widgets.table_list import TableList

from .conftest import fixed_clock, make_app, screen_text
from .keystrokes import keys_of, type_keys

Preview = LinePreview | LineError

# Eight hands in which a non-dealer always wins 1 han 30 fu off the next seat: the deal passes
# every hand, so the hanchan (East and South) ends after the eighth.
HANCHAN = [
    "t1 ron S<-W 1/30", "t1 ron W<-N 1/30", "t1 ron N<-E 1/30", "t1 ron E<-S 1/30",
    "t1 ron S<-W 1/30", "t1 ron W<-N 1/30", "t1 ron N<-E 1/30", "t1 ron E<-S 1/30",
]


def log_of(path: Path) -> list[object]:
    """The file's entries, read again from disk."""
    entries, problems = read_log(EventStore.open(path).log)
    assert problems == []
    return list(entries)


def state_of(path: Path) -> EventState:
    """The file folded again from disk."""
    return current_state(EventStore.open(path))


async def open_table_after(pilot: object, *lines: str, table: int = 1) -> None:
    """Record `lines` on the overview's entry line, then open `table` by typing its number."""
    for line in lines:
        await type_line(pilot, line)
    await type_line(pilot, f"t{table}")


async def type_line(pilot: object, text: str, *, enter: bool = True) -> None:
    """Type `text` on the focused line (and press Enter), the keys in one go (`keystrokes`)."""
    await type_keys(pilot, *keys_of(text), *(["enter"] if enter else []))  # type: ignore[arg-type]


def preview_of(app: MjeventApp) -> str:
    """The preview under the entry line, as text."""
    return str(app.screen.query_one(EntryPreview).render())


def row_of(app: MjeventApp, table: int) -> list[str]:
    """The cells of a table's row in the overview, as text."""
    tables = app.screen.query_one(TableList)
    return [str(c) for c in tables.get_row(str(table))]


async def test_entry_line_has_focus_on_opening(club: Path) -> None:
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, OverviewScreen)
        assert isinstance(app.focused, EntryLine)
        text = screen_text(app)
        assert "Round 4  ·  0/4 tables finished" in text
        assert "not started" in text


async def test_enter_on_entry_line_appends_hand_to_event_file(club: Path) -> None:
    before = len(log_of(club))
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        # WHEN the director types a hand and presses Enter
        await type_line(pilot, "t1 ron S<-W 3/30 r:E,S")
        # THEN the file holds it, durably (read again from disk)
        entries = log_of(club)
        assert len(entries) == before + 1
        hand = entries[-1]
        assert isinstance(hand, HandRecorded)
        assert (hand.round, hand.table, hand.at) == (4, 1, "2026-03-14T12:00:00+00:00")
        assert isinstance(hand.hand.outcome, Ron)
        assert hand.hand.riichi == frozenset({0, 1})
        # and the row shows the new scores (hundreds) and the next hand; the line is empty again
        # (round 4 table 1 seats p13 p15 p08 p07, E S W N)
        assert row_of(app, 1)[1:] == ["Nguyễn Thị…\n290", "佐々木 蓮\n349", "Mateusz Wiś…\n261",
                                      "João Gonçal…\n300", "E2 0h"]
        assert app.screen.query_one(EntryLine).value == ""
        assert preview_of(app) == "✓ recorded t1 ron S<-W 3/30 r:E,S"
        assert app.state.game(4, 1) is not None


def _counted(monkeypatch: pytest.MonkeyPatch, module: object, name: str) -> list[int]:
    """Count the calls of `module.name` (each appends 1 to the list returned)."""
    calls: list[int] = []
    real: Callable[..., Any] = getattr(module, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return calls


async def test_a_line_is_read_once_per_keystroke_and_its_hand_scored_once_per_enter(
    club: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        # `_tokens` splits a line into words (the parse starts there); `settle` scores a hand.
        # The fold's memo is the app's session's (`FoldMemo`): no step another test scored is
        # remembered here.
        tokenised = _counted(monkeypatch, mjevent.core.notation, "_tokens")
        scored = _counted(monkeypatch, mjevent.core.game, "settle")
        line = "t1 ron S<-W 3/30"
        for key in keys_of(line):
            await pilot.press(key)
        await pilot.pause()
        # WHEN the line was typed THEN each keystroke read it once (and previewed what it read:
        # the whole line tried on the live fold, which scores it)
        assert len(tokenised) == len(line)
        assert len(scored) == 1  # the whole line (at `3/3` the parser refuses 3 fu)
        tokenised.clear()
        scored.clear()
        # WHEN Enter is pressed THEN the reading is recorded as it is, and the hand scored once
        await pilot.press("enter")
        await pilot.pause()
        assert preview_of(app) == "✓ recorded t1 ron S<-W 3/30"
        assert (len(tokenised), len(scored)) == (0, 1)


async def test_preview_shows_payments_scores_and_next_dealer_while_typing(club: Path) -> None:
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await type_line(pilot, "t1 ron S<-W 3/30 r:E,S", enter=False)
        assert preview_of(app).splitlines() == [
            "round 4 table 1, East 1, 0 honba",
            "  E Nguyễn Thị Mai        30,000 →  29,000 -1,000  riichi",
            "  S 佐々木 蓮             30,000 →  34,900 +4,900  riichi",
            "  W Mateusz Wiśniewski    30,000 →  26,100 -3,900",
            "  N João Gonçalves        30,000 →  30,000",
            "  W pays S 3,900 (hand) · S takes the sticks 2,000",
            "  next dealer: S 佐々木 蓮",
        ]
        # nothing is written while typing
        assert state_of(club).game(4, 1) is None


async def test_error_is_shown_as_typed_with_the_wrong_words_marked(club: Path) -> None:
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await type_line(pilot, "t1 ron S<-W 3/35", enter=False)
        line = app.screen.query_one(EntryLine)
        assert preview_of(app) == "✗ fu 35 is not a fu value: 30 or 40?"
        assert line._marks.span == (12, 16)
        await pilot.press("backspace", "0")
        assert line._marks.span is None


async def test_refused_line_keeps_the_typed_text_and_writes_nothing(club: Path) -> None:
    before = club.read_bytes()
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await type_line(pilot, "t9 ron S<-W 3/30", enter=False)
        assert preview_of(app) == "✗ there is no table 9 in round 4 (it has tables 1 to 4)"
        await pilot.press("enter")
        assert app.screen.query_one(EntryLine).value == "t9 ron S<-W 3/30"
        assert preview_of(app) == (
            "✗ there is no table 9 in round 4 (it has tables 1 to 4) (nothing was recorded)")
        assert club.read_bytes() == before


async def test_final_scores_show_their_sum_and_deficit_before_enter(club: Path) -> None:
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await type_line(pilot, "t2 final 41200 28800 22100 27900", enter=False)
        assert "  total 120,000: adds up" in preview_of(app).splitlines()
        await pilot.press("backspace", "backspace", "backspace", "backspace", "backspace")
        await type_line(pilot, "26900", enter=False)
        assert preview_of(app) == (
            "✗ final scores at round 4 table 2: scores add up to 119,000; expected 120,000 (4 x "
            "30,000 less 0 riichi sticks on the table): 1,000 missing")
        await pilot.press("enter")
        assert app.screen.query_one(EntryLine).value == "t2 final 41200 28800 22100 26900"
        assert state_of(club).game(4, 2) is None
        await pilot.press("backspace", "backspace", "backspace", "backspace", "backspace")
        await type_line(pilot, "27900")
        game = state_of(club).game(4, 2)
        assert game is not None and game.result is not None
        assert game.result.final == (41200, 28800, 22100, 27900)
        assert row_of(app, 2)[-1] == "done, E 1st"


async def test_up_arrow_recalls_earlier_lines_and_down_returns_to_the_draft(club: Path) -> None:
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await type_line(pilot, "t1 ron S<-W 1/30")
        await type_line(pilot, "t2 draw")
        await type_line(pilot, "t3 tsu", enter=False)
        line = app.screen.query_one(EntryLine)
        await pilot.press("up")
        assert line.value == "t2 draw"
        await pilot.press("up")
        assert line.value == "t1 ron S<-W 1/30"
        await pilot.press("down", "down")
        assert line.value == "t3 tsu"


async def test_a_full_hanchan_by_keys_finishes_the_table(club: Path) -> None:
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        for line in HANCHAN:
            await type_line(pilot, line)
        game = state_of(club).game(4, 1)
        assert game is not None and game.result is not None
        assert [h.after.scores for h in game.hands][-1] == (30000, 30000, 30000, 30000)
        assert row_of(app, 1)[-1] == "done, E 1st"
        assert "Round 4  ·  1/4 tables finished" in screen_text(app)
        # the next line for that table is refused before Enter
        await type_line(pilot, "t1 draw", enter=False)
        assert preview_of(app).startswith(
            "✗ hand at round 4 table 1 after the game ended at South 4, 0 honba (last_hand: the "
            "deal passed in the last hand")


async def test_sanma_table_has_three_seats_and_takes_a_hand(sanma: Path) -> None:
    app = make_app(sanma)
    async with app.run_test(size=(80, 24)) as pilot:
        tables = app.screen.query_one(TableList)
        assert [c.label.plain for c in tables.columns.values()] == ["T", "E", "S", "W", "State"]
        await type_line(pilot, "t2 tsumo W 3/30")
        game = state_of(sanma).game(3, 2)
        assert game is not None and game.state is not None
        assert row_of(app, 2)[-1] == "E2 0h"


async def test_another_process_append_appears_without_losing_typed_text(club: Path) -> None:
    app = make_app(club, poll=0.05)
    async with app.run_test(size=(80, 24)) as pilot:
        await type_line(pilot, "t2 ron S<-", enter=False)
        # WHEN a second laptop records a hand at table 1
        record_line(EventStore.open(club), "t1 ron S<-W 3/30")
        for _ in range(100):
            await pilot.pause(0.05)
            if row_of(app, 1)[-1] != "not started":
                break
        # THEN the row changes and the director's line is untouched
        assert row_of(app, 1)[-1] == "E2 0h"
        assert app.screen.query_one(EntryLine).value == "t2 ron S<-"


async def test_t_number_enter_opens_the_table_view(club: Path) -> None:
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table_after(pilot, "t1 ron S<-W 3/30")
        assert isinstance(app.screen, TableScreen)
        text = screen_text(app)
        assert "Round 4 · Table 1" in text
        assert "ron S<-W 3/30" in text and "25,000" not in text and "33,900" in text
        await pilot.press("escape")
        assert isinstance(app.screen, OverviewScreen)


async def test_u_appends_correction_not_deletion(club: Path) -> None:
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table_after(pilot, "t1 ron S<-W 3/30", "t1 draw tenpai:E")
        await pilot.press("u")
        await pilot.pause()
        assert "t1 draw tenpai:E" in screen_text(app)  # the dialog says what is undone
        await pilot.press("y")
        await pilot.pause()
        entries = log_of(club)
        draw, undo = entries[-2], entries[-1]
        assert isinstance(draw, HandRecorded) and isinstance(undo, Correction)
        assert (undo.target, undo.replacement, undo.reason) == (
            draw.id, None, "undone at the console")
        game = state_of(club).game(4, 1)
        assert game is not None and len(game.hands) == 1
        assert app.screen.query_one("#hands", DataTable).row_count == 1


async def test_n_in_the_undo_dialog_changes_nothing(club: Path) -> None:
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table_after(pilot, "t1 ron S<-W 3/30")
        before = club.read_bytes()
        await pilot.press("u", "n")
        await pilot.pause()
        assert club.read_bytes() == before


async def test_a_amends_the_highlighted_hand_in_its_place(club: Path) -> None:
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table_after(pilot, "t1 ron S<-W 3/30", "t1 draw")
        # WHEN the director highlights hand 1, presses a, and changes 3/30 into 4/30
        await pilot.press("up", "a")
        await pilot.pause()
        line = app.screen.query_one("#table-line", EntryLine)
        # as the hands' Entry column writes it: the table is implied, no `t1 `
        assert line.value == "ron S<-W 3/30"
        await pilot.press("left", "left", "left", "backspace", "4", "enter")
        await pilot.pause()
        # THEN a correction replaces the hand, the original stays in the log
        entries = log_of(club)
        fix = entries[-1]
        assert isinstance(fix, Correction) and fix.replacement is not None
        original = entries[-3]
        assert isinstance(original, HandRecorded) and fix.target == original.id
        game = state_of(club).game(4, 1)
        assert game is not None
        # 4/30 off W is 7,700; the draw after it (nobody tenpai) moves nothing
        assert [h.after.scores for h in game.hands] == [
            (30000, 37700, 22300, 30000), (30000, 37700, 22300, 30000),
        ]
        assert "ron S<-W 4/30" in screen_text(app)


async def test_a_on_another_hand_of_the_same_line_amends_that_hand(club: Path) -> None:
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table_after(pilot, "t1 draw", "t1 draw")
        # GIVEN the director amending hand 2 (its line "draw" on the entry line)
        await pilot.press("a")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "amending hand 2:" in screen_text(app)
        # WHEN they go back to the hands (shift+tab: the line keeps its text), move to hand 1,
        # whose line reads the same, and press a again
        await pilot.press("shift+tab")
        assert isinstance(app.focused, DataTable)
        await pilot.press("up", "a")
        await app.workers.wait_for_complete()
        await pilot.pause()
        # THEN the heading names hand 1, and Enter corrects hand 1, not hand 2
        text = screen_text(app)
        assert "amending hand 1:" in text and "amending hand 2:" not in text
        await pilot.press("enter")
        await pilot.pause()
        entries = log_of(club)
        fix, hand_1 = entries[-1], entries[-3]
        assert isinstance(fix, Correction) and isinstance(hand_1, HandRecorded)
        assert fix.target == hand_1.id


def hold_first_amend_try(
    monkeypatch: pytest.MonkeyPatch,
) -> tuple[threading.Event, list[tuple[Folder, ParsedLine]]]:
    """The table screen's `preview_amend` with its first try held back until the event is set;
    each try's fold and line listed as it starts."""
    first_may_finish = threading.Event()
    tries: list[tuple[Folder, ParsedLine]] = []
    real = preview_amend

    def held(folder: Folder, entry: str, parsed: ParsedLine, reason: str) -> Preview:
        tries.append((folder, parsed))
        if len(tries) == 1:
            assert first_may_finish.wait(10)
        return real(folder, entry, parsed, reason)

    monkeypatch.setattr(table_screen, "preview_amend", held)
    return first_may_finish, tries


async def amend_preview_shown(pilot: Any, app: MjeventApp, head: str) -> str:
    """The amendment's preview once a try's result is on screen (a worker's: waited for)."""
    for _ in range(500):
        if preview_of(app).startswith(f"{head}\nround"):
            break
        await pilot.pause(0.01)
    return preview_of(app)


async def test_the_amendment_preview_is_worked_out_off_the_event_loop_newest_line_first(
    club: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # GIVEN the first try of an amendment held back until the test lets it go
    first_may_finish, tries = hold_first_amend_try(monkeypatch)

    def tried() -> list[str]:
        return [parsed.text for _, parsed in tries]

    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table_after(pilot, "t1 ron S<-W 3/30", "t1 draw")
        before = club.read_bytes()
        head = "amending hand 1: Enter records the correction, Escape cancels"
        try:
            # WHEN a on hand 1: its line comes up and is tried in a worker, held back
            await pilot.press("up", "a")
            await pilot.pause()
            # THEN the preview says it is working (the keys were handled meanwhile)
            assert preview_of(app) == f"{head}\nWorking out what this changes..."
            assert tried() == ["ron S<-W 3/30"]
            # WHEN 3/30 becomes 4/30 before the first try is done
            await pilot.press("left", "left", "left", "backspace", "4")
            # THEN the newest line's preview is shown (its worker is not held back)
            shown = await amend_preview_shown(pilot, app, head)
            assert shown.startswith(f"{head}\nround 4 table 1, East 1, 0 honba")
            assert "W pays S 7,700 (hand)" in shown
        finally:
            first_may_finish.set()
        # WHEN the first try finishes after it
        await app.workers.wait_for_complete()
        await pilot.pause()
        # THEN its stale result is dropped: the newest line's preview stays
        assert tried()[0] == "ron S<-W 3/30" and tried()[-1] == "ron S<-W 4/30"
        assert preview_of(app) == shown
        assert club.read_bytes() == before  # a preview writes nothing
        # WHEN Enter: the correction is recorded with the worker's try, not tried again
        count = len(tries)
        await pilot.press("enter")
        await pilot.pause()
        assert len(tries) == count
        fix = log_of(club)[-1]
        assert isinstance(fix, Correction) and isinstance(fix.replacement, HandRecorded)
        game = state_of(club).game(4, 1)
        assert game is not None
        assert [h.after.scores for h in game.hands] == [
            (30000, 37700, 22300, 30000),
            (30000, 37700, 22300, 30000),
        ]


async def test_an_amendment_tried_on_a_fold_since_replaced_is_tried_again_on_the_new_one(
    club: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # GIVEN the first try of an amendment held back until the test lets it go
    first_may_finish, tries = hold_first_amend_try(monkeypatch)
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table_after(pilot, "t1 ron S<-W 3/30", "t1 draw")
        head = "amending hand 1: Enter records the correction, Escape cancels"
        try:
            await pilot.press("up", "a")
            await pilot.pause()
            assert preview_of(app) == f"{head}\nWorking out what this changes..."
            # WHEN another process records a hand at table 2, and the console reads it (as its
            # file watcher would) before the first try is done
            record_line(EventStore.open(club), "t2 draw", clock=fixed_clock)
            assert app.session.refresh()
            app.state = app.session.state
            await pilot.pause()
        finally:
            first_may_finish.set()
        shown = await amend_preview_shown(pilot, app, head)
        # THEN the try on the old fold is dropped and the line tried again on the new one
        folds = [folder for folder, _ in tries]
        assert len(folds) == 2 and folds[0] is not folds[1]
        assert folds[1] is app.session.folder()
        assert shown.startswith(f"{head}\nround 4 table 1, East 1, 0 honba")
        assert "W pays S 3,900 (hand)" in shown


async def test_v_voids_the_whole_game(club: Path) -> None:
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table_after(pilot, "t1 ron S<-W 3/30", "t1 draw")
        await pilot.press("v", "y")
        await pilot.pause()
        entries = log_of(club)
        assert [type(e) for e in entries[-4:]] == [
            HandRecorded, HandRecorded, Correction, Correction]
        assert state_of(club).game(4, 1) is None
        await pilot.press("escape")
        await pilot.pause()
        assert row_of(app, 1)[-1] == "not started"


async def test_form_builds_and_records_the_same_entry(club: Path) -> None:
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await type_line(pilot, "t1")
        await pilot.press("f")
        await pilot.pause()
        # outcome: ron (already); winner: S; loser: W; 3 han 30 fu; riichi E
        await pilot.press("tab", "enter", "down", "down", "enter")  # winner -> S
        await pilot.press("tab", "enter", "down", "down", "down", "enter")  # loser -> W
        await pilot.press("tab", "3", "tab", "3", "0", "tab", "space")  # han, fu, riichi E
        await pilot.pause()
        assert "line: r4 t1 ron S<-W 3/30 r:E" in screen_text(app)
        await pilot.press("ctrl+s")
        await pilot.pause()
        hand = log_of(club)[-1]
        assert isinstance(hand, HandRecorded) and (hand.round, hand.table) == (4, 1)
        assert hand.hand.riichi == frozenset({0})
        assert isinstance(hand.hand.outcome, Ron) and hand.hand.outcome.loser == 2


async def test_ctrl_t_opens_the_highlighted_table_from_the_list(club: Path) -> None:
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+l", "down", "down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.screen.table == 3


async def test_game_finished_by_final_scores_shows_in_table_view(club: Path) -> None:
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await type_line(pilot, "t4 final 41200 28800 22100 27900")
        await type_line(pilot, "t4")
        assert isinstance(app.screen, TableScreen)
        assert "finished: 1. Javier Sánchez 41,200" in screen_text(app)
        await pilot.press("u", "y")
        await pilot.pause()
        last = log_of(club)[-1]
        assert isinstance(last, Correction)
        assert state_of(club).game(4, 4) is None
        assert not isinstance(log_of(club)[-2], Correction)
        assert isinstance(log_of(club)[-2], GameFinished)


async def test_scores_that_do_not_add_up_show_as_a_problem_that_needs_attention(
    club: Path,
) -> None:
    # GIVEN a score sheet another tool wrote straight into the log, 1,000 points short
    EventStore.open(club).append({
        "id": "01SHEET", "at": "2026-03-14T12:00:00+00:00", "kind": "game_finished",
        "round": 4, "table": 3, "final": [41200, 28800, 22100, 26900],
    })
    app = make_app(club)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        # THEN the table's row says so, and so does the attention line
        assert row_of(app, 3)[-1].startswith("problem: ")
        text = screen_text(app)
        assert "Needs attention: round 4 table 3: " in text
        assert "1,000 missing" in text


async def test_an_amendment_moved_to_another_table_is_refused_and_kept(club: Path) -> None:
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table_after(pilot, "t1 ron S<-W 3/30")
        before = club.read_bytes()
        await pilot.press("a", "home", "t", "2", "space", "enter")
        await pilot.pause()
        line = app.screen.query_one("#table-line", EntryLine)
        assert line.value == "t2 ron S<-W 3/30"
        assert "an amended hand must be a hand at table 1" in str(
            app.screen.query_one("#table-preview", EntryPreview).render())
        assert club.read_bytes() == before


async def test_the_mouse_works_too_click_a_table_twice_and_undo_by_button(club: Path) -> None:
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await type_line(pilot, "t3 draw")
        # a first click highlights table 3's row, a second opens it
        await pilot.click(TableList, offset=(10, 5))
        await pilot.click(TableList, offset=(10, 5))
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.screen.table == 3
        await pilot.press("u")
        await pilot.pause()
        await pilot.click("#yes")
        await pilot.pause()
        assert isinstance(log_of(club)[-1], Correction)
        assert state_of(club).game(4, 3) is None


async def test_an_entry_another_program_left_half_written_is_reported_and_the_line_kept(
    club: Path,
) -> None:
    app = MjeventApp(club, clock=fixed_clock, poll_seconds=0.05)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await type_line(pilot, "t1 ron S<-", enter=False)
        with club.open("a", encoding="utf-8") as f:
            f.write("[[log]]\nid = \n")  # a program died mid-write: no end line
        for _ in range(100):
            await pilot.pause(0.05)
            if app._notifications:
                break
        assert any(f"{club}: the file ended in an unfinished log entry" in n.message
                   for n in app._notifications)
        assert app.screen.query_one(EntryLine).value == "t1 ron S<-"
        assert isinstance(app.screen, OverviewScreen)


async def test_tables_still_playing_after_time_is_called_need_attention(club: Path) -> None:
    store = EventStore.open(club)
    record_line(store, "t2 final 41200 28800 22100 27900", clock=fixed_clock)
    call_time_for(store, 4, clock=fixed_clock)
    app = make_app(club)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Needs attention: table 1: time called, still playing" in text
        assert "table 3: time called, still playing" in text
        assert "table 4: time called, still playing" in text
        assert "table 2: time called" not in text  # finished
        assert "more (mjevent check lists them all)" not in text  # three items fit

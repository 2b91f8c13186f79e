"""The screens' shaping without Textual: log lines told incrementally equal the full telling,
the change lines of a dialog, the seating checker in names, the standings history."""

# ruff: noqa: RUF001 (the samples' names are spelled as their players spell them)

from __future__ import annotations

from pathlib import Path

from mjevent.core.entries import Correction, PlayerRenamed
from mjevent.events.commands import current_state, record_line, swap_seats
from mjevent.events.session import EventSession
from mjevent.events.store import EventStore
from mjevent.tui.views.changes import ChangePreview
from mjevent.tui.views.log import LogLine, log_lines
from mjevent.tui.views.seating import check_summary
from mjevent.tui.views.sheets import history


def _log_lines(session: EventSession, told: tuple[LogLine, ...] = ()) -> tuple[LogLine, ...]:
    return log_lines(session.state, session.store.log, session.entries, session.standings, told)


def test_log_lines_after_appended_hands_equal_a_full_telling(club: Path) -> None:
    session = EventSession.open(club)
    told = _log_lines(session)
    session.run(record_line, "t1 draw tenpai:E")
    session.run(record_line, "t2 ron S<-W 3/30 r:E,S")
    grown = _log_lines(session, told)
    assert grown == _log_lines(session)
    assert grown[:len(told)] == told
    assert [line.kind for line in grown[-2:]] == ["hand", "hand"]


def test_preview_says_what_a_void_and_a_rename_change(club: Path) -> None:
    preview = ChangePreview(EventSession.open(club))
    void = Correction(id="c", at="x", target="01KKNVRA8R8NKKYDS62ZRBNVST", reason="paid")
    rename = PlayerRenamed(id="r", at="x", player="p12", name="Omer Yildiz")
    assert preview.changes(void) == ["standings: Ömer Yıldız -41.2 -> -36.2"]
    assert preview.changes(rename) == ["p12: renamed Ömer Yıldız -> Omer Yildiz"]


def test_preview_refuses_what_would_leave_a_logged_entry_wrong_in_the_commands_words(
    club: Path,
) -> None:
    # GIVEN round 4 table 1 with a hand and the score sheet that agrees with it
    session = EventSession.open(club)
    record_line(session, "t1 draw tenpai:E r:E", entry_id="H1", at="2026-03-14T12:00:00+00:00")
    record_line(
        session, "t1 final 32000 29000 29000 29000", entry_id="F1", at="2026-03-14T12:00:00+00:00"
    )
    # WHEN voiding the hand is previewed
    void = Correction(id="c", at="x", target="H1", reason="wrong table")
    # THEN the preview refuses it as the command does: the sheet would no longer add up
    assert ChangePreview(session).changes(void)[-1] == (
        "refused: it would leave entry F1 wrong: final scores at round 4 table 1: scores add "
        "up to 119,000; expected 120,000 (4 x 30,000 less 0 riichi sticks on the table): "
        "1,000 missing"
    )


def test_checker_summary_names_the_worst_repeat_in_league(tmp_path: Path) -> None:
    from tests.tui.conftest import copy_sample

    # GIVEN league, whose four rounds have no repeated pair
    store = EventStore.open(copy_sample(tmp_path, "league.toml"))
    assert check_summary(current_state(store), 4)[:2] == [
        "Rounds 1-4: 4 of 4 repeat-free",
        "Repeated pairs: 0 (extra meetings 0)",
    ]
    # WHEN Théo Girard (p15) takes Ida Sørensen's (p10) seat in round 4, at the table of Daan
    # Bakker (p01), whom he met in round 1 (Ida takes his seat, with no teammate there)
    state = swap_seats(store, 4, "p10", "p15", at="2026-05-23T16:00:00+00:00")
    # THEN the summary counts the repeats the swap makes and names the first worst pair
    assert check_summary(state, 4)[:2] == [
        "Rounds 1-4: 3 of 4 repeat-free",
        "Repeated pairs: 3 (extra meetings 3); most: Daan Bakker and Théo Girard met 2 times",
    ]


def test_history_running_total_ends_at_the_standings_total(club: Path) -> None:
    table = EventSession.open(club).standings()
    for row in table.rows:
        _, lines, total = history(table, row.player)
        assert lines[-1].running == total == row.total


async def test_every_screen_opens_on_a_new_event_with_no_seating(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from mjevent.tui.cli.main import app as cli
    from tests.tui.conftest import make_app
    from tests.tui.screens_helpers import lines, open_mode

    names = tmp_path / "names.txt"
    names.write_text("Ann\nBob\nCid\nDee\n", encoding="utf-8")
    event = tmp_path / "new.toml"
    made = CliRunner().invoke(cli, ["new", str(event), "--name", "Cup", "--rules", "ema2016",
                                    "--players-from", str(names)])
    assert made.exit_code == 0, made.output
    app = make_app(event)
    async with app.run_test(size=(80, 24)) as pilot:
        shown = {}
        for key in ("f3", "f4", "f5", "f6"):
            await open_mode(pilot, key)
            shown[key] = lines(app)
    assert shown["f3"][0] == " Standings (no round played)"
    assert shown["f4"][3] == " 4 players, 4 active; seats of round 1"
    assert shown["f5"][0] == " Round 1 is not seated (current round)"
    assert " No round is seated yet." in shown["f5"]
    assert shown["f6"][3] == " 0 of 0 entries"

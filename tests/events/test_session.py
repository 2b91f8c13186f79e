"""`EventSession`: the one owner of an open event. Commands run on it with its clock and keep
its fold alive; refresh folds on what another process appended; standings and numbers are
brought up to date, and equal what a fresh computation gives."""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path
from typing import Any

import pytest

from mjevent.core import state_standings
from mjevent.core.entries import GameFinished, HandRecorded, Note, Penalty
from mjevent.core.entry_reader import read_log
from mjevent.core.outcomes import Tsumo
from mjevent.core.state import EventState, fold
from mjevent.core.state_standings import standings_from_state
from mjevent.core.stats import stats_from_state
from mjevent.events.commands import add_note, current_state, record_line, withdraw_player
from mjevent.events.session import EventSession
from mjevent.events.store import EventStore
from tests.i18n_helpers import japanese

SAMPLES = Path(__file__).parents[2] / "samples"
NOON = dt.datetime(2026, 3, 14, 12, 0, tzinfo=dt.UTC)


def fixed_clock() -> dt.datetime:
    return NOON


def _club(tmp_path: Path) -> Path:
    return Path(shutil.copy(SAMPLES / "club.toml", tmp_path / "club.toml"))


def test_run_records_with_the_session_clock_and_keeps_the_new_state(tmp_path: Path) -> None:
    club = _club(tmp_path)
    session = EventSession.open(club, clock=fixed_clock)
    before = session.state
    state = session.run(record_line, "t1 ron S<-W 3/30")
    assert state is session.state and state is not before
    entries, _ = read_log(EventStore.open(club).log)
    assert isinstance(entries[-1], HandRecorded)
    assert entries[-1].at == "2026-03-14T12:00:00+00:00"
    assert session.entries[-1] == entries[-1]


def test_run_takes_a_reading_command_without_a_clock(tmp_path: Path) -> None:
    session = EventSession.open(_club(tmp_path), clock=fixed_clock)
    assert session.run(current_state) is session.state


def test_a_command_on_the_session_folds_one_entry_on_the_live_fold(tmp_path: Path) -> None:
    session = EventSession.open(_club(tmp_path), clock=fixed_clock)
    folder = session.folder()
    state = add_note(session, "doors open", clock=fixed_clock)
    # The new fold is the old one with the note: the log was not folded again.
    assert session.folder().log[:-1] == folder.log and session.folder() is not folder
    assert state is session.state and [n.text for n in state.notes][-1] == "doors open"
    again = fold(session.store.event, read_log(session.store.log)[0])
    assert (state.games, state.notes, state.entries) == (again.games, again.notes, again.entries)


def test_refresh_reads_another_process_append_once(tmp_path: Path) -> None:
    club = _club(tmp_path)
    session = EventSession.open(club, clock=fixed_clock)
    assert session.refresh() is False
    record_line(EventStore.open(club), "t2 draw", clock=fixed_clock)
    assert session.refresh() is True
    game = session.state.game(4, 2)
    assert game is not None and len(game.hands) == 1
    assert session.refresh() is False


def test_try_entry_leaves_the_live_fold_as_it_was(tmp_path: Path) -> None:
    session = EventSession.open(_club(tmp_path), clock=fixed_clock)
    before = session.state
    note = Note(id="n-try", at="2026-03-14T12:00:00+00:00", text="tried")
    after = session.try_entry(note).state()
    assert [n.text for n in after.notes][-1] == "tried"
    assert session.state is before and "n-try" not in session.state.log_ids


def test_standings_and_stats_follow_each_change_as_a_fresh_computation(tmp_path: Path) -> None:
    session = EventSession.open(_club(tmp_path), clock=fixed_clock)
    first = session.standings()
    assert session.standings() is first  # one computation per state
    numbers = session.stats()
    session.run(record_line, "t1 ron S<-W 3/30")
    session.run(record_line, "t3 final 41200 28800 22100 27900")
    state = session.state
    fresh = standings_from_state(state, state.settings.standings_config(), state.entries)
    rows = [(r.place_label, r.player, r.total) for r in session.standings().rows]
    assert rows == [(r.place_label, r.player, r.total) for r in fresh.rows]
    assert session.standings() is not first
    assert session.stats() is not numbers
    assert session.stats().players == stats_from_state(state).players


def test_as_of_is_the_event_after_one_record_and_keeps_the_live_standings(
    tmp_path: Path,
) -> None:
    session = EventSession.open(_club(tmp_path), clock=fixed_clock)
    live = session.standings()
    log = session.store.log
    # Record 64 is round 1's last game_finished (round 2 starts at record 65).
    assert (log[64]["kind"], log[65]["kind"], log[65]["round"]) == (
        "game_finished",
        "round_started",
        2,
    )
    past = session.as_of(64)
    assert past.entries == tuple(session.entries[:65])
    assert past.state.log_ids == frozenset(str(r["id"]) for r in log[:65])
    then = past.standings()
    assert (then.round, [(r.place_label, r.name, r.total) for r in then.rows[:3]]) == (
        1,
        [
            ("1", "Aoife Ní Bhriain", 43300.0),
            ("2", "Chloé Lefèvre", 42000.0),
            ("3", "Nguyễn Thị Mai", 37600.0),
        ],
    )
    # The hand a later correction amends is as it was recorded then.
    amended = next(i for i, r in enumerate(log) if r["id"] == "01KKNXE7VG58X4CZ072JMZQNWQ")
    before = session.as_of(amended).state
    assert "01KKNXE8TR27KTDNDK181BE1TX" not in before.log_ids

    def fu(state: EventState) -> int:
        hand = {e.id: e for e in state.entries}["01KKNXE7VG58X4CZ072JMZQNWQ"]
        assert isinstance(hand, HandRecorded) and isinstance(hand.hand.outcome, Tsumo)
        return hand.hand.outcome.win.value.fu

    assert (fu(before), fu(session.state)) == (30, 40)
    # Asking for the past never takes the place of the live state's standings.
    assert session.standings() is live
    assert (live.round, live.rows[0].name, live.rows[0].total) == (3, "Nguyễn Thị Mai", 86400.0)


def test_as_of_reads_the_records_again_when_one_cannot_be_read(tmp_path: Path) -> None:
    club = _club(tmp_path)
    EventStore.open(club).append({"id": "B1", "at": "2026-03-14T12:00:00+00:00", "kind": "x"})
    add_note(EventStore.open(club), "after the bad one", entry_id="N9", clock=fixed_clock)
    session = EventSession.open(club, clock=fixed_clock)
    last = len(session.store.log) - 1
    past = session.as_of(last)
    # Record `last` is entry `last - 1`: the unreadable one is skipped, and named.
    assert len(past.entries) == last and past.entries[-1].id == "N9"
    assert [p.entry for p in past.state.problems if p.entry == "B1"] == ["B1"]
    assert past.state.notes[-1].text == "after the bad one"
def test_the_standings_of_a_tried_entry_never_evict_the_live_ones(tmp_path: Path) -> None:
    session = EventSession.open(_club(tmp_path), clock=fixed_clock)
    live = session.standings()
    sheet = GameFinished(
        id="f-try", at="2026-03-14T12:00:00+00:00", round=4, table=3,
        final=(41200, 28800, 22100, 27900),
    )
    trial = session.try_entry(sheet).state()
    tried = session.standings(trial)
    fresh = standings_from_state(trial, trial.settings.standings_config(), trial.entries)
    assert [(r.player, r.total) for r in tried.rows] == [(r.player, r.total) for r in fresh.rows]
    assert [(r.player, r.total) for r in tried.rows] != [(r.player, r.total) for r in live.rows]
    # The live state's standings are still the ones kept: not computed again.
    assert session.standings() is live


def test_a_language_switch_shows_the_same_fold_in_the_new_language(tmp_path: Path) -> None:
    # GIVEN a session whose log holds a penalty for a player the event does not have, folded
    # while the console speaks English
    session = EventSession.open(_club(tmp_path), clock=fixed_clock)
    session.store.append(
        Penalty(id="g1", at="2026-03-14T12:00:00+00:00", player="nobody", amount=1000,
                reason="noise").to_record()
    )
    folder = session.folder()
    state = folder.state()
    english = [str(p) for p in state.problems]
    assert english == [
        "entry g1: penalty for unknown player 'nobody'. Fix: name the player by the id of their "
        "[[players]] block"
    ]
    # WHEN the console switches to Japanese
    with japanese():
        # THEN the session keeps its fold (nothing is folded again) and the same problems say
        # the Japanese words
        assert session.folder() is folder and session.folder().state() is state
        assert [str(p) for p in session.state.problems] == [
            "記録 g1: 登録されていない選手 'nobody' へのペナルティです。対処: 選手は "
            "[[players]] ブロックの ID で指定してください"
        ]
        # AND a command comparing the problems before and after an entry still records it
        add_note(session, "doors open", clock=fixed_clock)
        assert session.state.problems == state.problems
    assert session.folder() is not folder and [str(p) for p in session.state.problems] == english


def test_the_standings_are_kept_in_each_language_they_are_shown_in(tmp_path: Path) -> None:
    # GIVEN the club's event under the chess 50% rule with 8 rounds planned, where p07 has
    # played 3 games and withdraws: the standings carry a note that their games are annulled
    club = _club(tmp_path)
    text = club.read_text(encoding="utf-8")
    club.write_text(
        text.replace(
            "[[players]]",
            '[standings]\nwithdrawal = "chess_50"\nscheduled_rounds = 8\n\n[[players]]',
            1,
        ),
        encoding="utf-8",
    )
    session = EventSession.open(club, clock=fixed_clock)
    withdraw_player(session, "p07", 2, clock=fixed_clock)
    english = session.standings()
    tables = "round 1 table 1, round 2 table 1, round 3 table 1"
    assert english.notes == (
        "João Gonçalves (p07) withdrew after 3 of 8 games, under 50%: their games are annulled "
        f"for everyone at the table ({tables})",
    )
    # WHEN a Japanese page asks the same session for them (the venue server, the site)
    with japanese():
        in_japanese = session.standings()
    # THEN the note is in Japanese there, and the English standings are still the ones kept
    assert in_japanese.notes == (
        "João Gonçalves（p07）は予定の 8 半荘のうち 3 半荘で棄権し、5割に届きません。"  # noqa: RUF001
        "この選手の半荘は同卓の全員について無効になります"
        "（第1回戦 1卓, 第2回戦 1卓, 第3回戦 1卓）",  # noqa: RUF001
    )
    assert session.standings() is english


def test_standings_after_many_games_at_once_are_brought_up_to_date(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A venue server's group commit finishes many games at once: they go into the standings
    # all at once (ranked once), not computed afresh.
    players = [{"id": f"p{i}", "name": f"Player {i}"} for i in range(1, 41)]
    path = tmp_path / "ten.toml"
    EventStore.create(
        path,
        {
            "event": {"name": "Ten tables", "format_version": 1},
            "rules": {"preset": "ema2016"},
            "players": players,
            "seating": {
                "rounds": [
                    {
                        "round": 1,
                        "tables": [[f"p{4 * t + s}" for s in range(1, 5)] for t in range(10)],
                    }
                ]
            },
        },
    )
    session = EventSession.open(path, clock=fixed_clock)
    session.standings()
    calls: list[str] = []

    def counting(name: str) -> None:
        real = getattr(state_standings, name)

        def counted(*args: Any, **kwargs: Any) -> Any:
            calls.append(name)
            return real(*args, **kwargs)

        monkeypatch.setattr(state_standings, name, counted)

    counting("standings_update")
    counting("standings_from_state")

    def rows() -> list[tuple[str, str, float]]:
        state = session.state
        fresh = standings_from_state(state, state.settings.standings_config(), state.entries)
        assert [(r.place_label, r.player, r.total) for r in session.standings().rows] == [
            (r.place_label, r.player, r.total) for r in fresh.rows
        ]
        return [(r.place_label, r.player, r.total) for r in fresh.rows]

    with session.store.group():
        for t in range(1, 10):
            session.run(record_line, f"t{t} final 40000 30000 25000 25000")
    assert rows()[:2] == [("1-9", "p1", 25000.0), ("1-9", "p13", 25000.0)]
    assert calls == ["standings_update"]  # nine games at once: brought up to date
    session.run(record_line, "t10 final 25000 25000 30000 40000")
    assert ("1-10", "p40", 25000.0) in rows()
    assert calls == ["standings_update"] * 2  # one game: brought up to date

"""Commands: each appends one checked entry durably, or refuses and appends nothing."""

from __future__ import annotations

import datetime as dt
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mjevent.core.game
import mjevent.core.notation
from mjevent.core.drafts import Stamp, draft_correction, draft_penalty, draft_player, draft_rename
from mjevent.core.entries import HandRecorded
from mjevent.core.entry_reader import read_log
from mjevent.core.notation import AmbiguousEntryError
from mjevent.core.outcomes import ChomboHand, Draw, Hand, HandValue, Ron, Tsumo, Win
from mjevent.core.scoring import IllegalHandError
from mjevent.core.state import fold
from mjevent.events import commands
from mjevent.events.commands import CommandError
from mjevent.events.session import EventSession
from mjevent.events.store import EventStore

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
T = "2026-03-14T10:00:00+00:00"

SETTINGS: dict[str, Any] = {
    "event": {"name": "Cup", "format_version": 1},
    "rules": {"preset": "ema2016"},
    "players": [
        {"id": "p1", "name": "Tanaka Yūki"},
        {"id": "p2", "name": "Kim Min-jun"},
        {"id": "p3", "name": "Sánchez Ana"},
        {"id": "p4", "name": "Sato Kenji"},
        {"id": "p5", "name": "Zoë Ångström"},
        {"id": "p6", "name": "王 芳"},
        {"id": "p7", "name": "Lars Øvergaard"},
        {"id": "p8", "name": "Chloé Lefèvre"},
    ],
    "seating": {
        "rounds": [{"round": 1, "tables": [["p1", "p2", "p3", "p4"], ["p5", "p6", "p7", "p8"]]}]
    },
}


@pytest.fixture
def store(tmp_path: Path) -> EventStore:
    return EventStore.create(tmp_path / "cup.toml", SETTINGS)


def test_record_line_appends_the_hand_and_returns_the_new_state(store: EventStore) -> None:
    state = commands.record_line(store, "t1 ron kim<-sanchez 3/30 r:tanaka,kim", entry_id="A1",
                                 at=T)
    game = state.game(1, 1)
    assert game is not None and game.state is not None
    assert game.state.scores == (29000, 34900, 26100, 30000)
    reopened = EventStore.open(store.path)
    assert reopened.log == [
        {
            "id": "A1",
            "at": T,
            "kind": "hand",
            "round": 1,
            "table": 1,
            "outcome": "ron",
            "loser": "W",
            "wins": [{"winner": "S", "han": 3, "fu": 30}],
            "riichi": ["E", "S"],
        }
    ]


def test_retrying_with_the_same_id_records_once(store: EventStore) -> None:
    session = EventSession(store)
    first = commands.record_line(session, "t1 tsumo N 4/30", entry_id="R1", at=T)
    again = commands.record_line(session, "t1 tsumo N 4/30", entry_id="R1", at=T)
    # A second console retrying through its own store: still one entry.
    other = EventStore.open(store.path)
    commands.record_line(other, "t1 tsumo N 4/30", entry_id="R1", at=T)
    assert len(EventStore.open(store.path).log) == 1
    assert again is first
    game = commands.current_state(other).game(1, 1)
    assert game is not None and len(game.hands) == 1


def test_record_line_reads_the_line_once_and_scores_the_hand_once(
    store: EventStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    commands.current_state(store)  # the log folded before counting (here: empty)
    counts = {"_tokens": 0, "settle": 0}
    for module, name in ((mjevent.core.notation, "_tokens"), (mjevent.core.game, "settle")):
        real = getattr(module, name)

        def counted(*args: Any, _real: Any = real, _name: str = name, **kwargs: Any) -> Any:
            counts[_name] += 1
            return _real(*args, **kwargs)

        monkeypatch.setattr(module, name, counted)
    state = commands.record_line(store, "t1 ron kim<-sanchez 3/30", entry_id="C1", at=T)
    assert state.game(1, 1) is not None
    # One reading of the line (the parse), one scoring of the hand (the fold's).
    assert counts == {"_tokens": 1, "settle": 1}


def test_an_illegal_hand_is_refused_and_nothing_is_written(store: EventStore) -> None:
    before = store.path.read_bytes()
    with pytest.raises(IllegalHandError) as caught:
        commands.record_hand(store, 1, 1, Hand(Ron(2, (Win(1, HandValue(2, 20)),))))
    assert str(caught.value) == (
        "ron 2 han 20 fu: a ron is never 20 fu (pinfu ron is 30 fu, an open hand counts at "
        "least 30 fu); enter 30 fu, or record the win as a tsumo"
    )
    assert store.path.read_bytes() == before


def test_a_hand_at_a_table_that_does_not_exist_is_refused(store: EventStore) -> None:
    before = store.path.read_bytes()
    with pytest.raises(CommandError) as caught:
        commands.record_line(store, "t3 tsumo N 4/30")
    assert str(caught.value) == (
        "there is no table 3 in round 1 (it has tables 1 to 2) (nothing was recorded)"
    )
    assert store.path.read_bytes() == before


def test_names_are_read_in_the_round_the_line_names(store: EventStore) -> None:
    commands.set_seating(store, 2, [[["p5", "p6", "p7", "p8"], ["p1", "p2", "p3", "p4"]]], at=T)
    commands.start_round(store, 2, at=T)
    # Kim sits at table 1 in round 1 but at table 2 in round 2.
    state = commands.record_line(store, "r1 t1 tsumo kim 2/30", at=T)
    game = state.game(1, 1)
    assert game is not None
    assert game.hands[0].hand == Hand(Tsumo(Win(1, HandValue(2, 30))))
    # Round 1 finished, round 2 is the current round: a line without rN is read there.
    commands.record_final(store, 1, 1, None, at=T)
    state = commands.record_line(store, "t2 final 30000 30000 30000 30000", at=T)
    assert state.current_round == 2
    state = commands.record_line(store, "t2 tsumo kim 2/30", at=T)
    game = state.game(2, 2)
    assert game is not None
    assert game.hands[0].hand == Hand(Tsumo(Win(1, HandValue(2, 30))))


def test_an_ambiguous_name_is_refused(store: EventStore) -> None:
    with pytest.raises(AmbiguousEntryError):
        commands.record_line(store, "t1 tsumo Sa 4/30")
    assert store.log == []


def test_final_scores_that_do_not_add_up_are_refused(store: EventStore) -> None:
    with pytest.raises(CommandError) as caught:
        commands.record_line(store, "t2 final 40000 30000 30000 19000")
    assert str(caught.value) == (
        "final scores at round 1 table 2: scores add up to 119,000; expected 120,000 (4 x "
        "30,000 less 0 riichi sticks on the table): 1,000 missing (nothing was recorded)"
    )
    state = commands.record_line(store, "t2 final 40000 30000 29000 20000 left:1")
    game = state.game(1, 2)
    assert game is not None and game.result is not None
    # The stick left on the table goes to first place (EMA: split among tied firsts).
    assert game.result.final == (41000, 30000, 29000, 20000)


def test_final_scores_must_match_the_hands(store: EventStore) -> None:
    commands.record_line(store, "t1 ron S<-W 3/30", at=T)
    with pytest.raises(CommandError) as caught:
        commands.record_line(store, "t1 final 30000 33000 27000 30000")
    assert str(caught.value) == (
        "final scores [30000, 33000, 27000, 30000] at round 1 table 1 do not match the hands, "
        "which give [30000, 33900, 26100, 30000]; correct the hand that is wrong, or the final "
        "scores (nothing was recorded)"
    )
    state = commands.record_line(store, "t1 final 30000 33900 26100 30000")
    game = state.game(1, 1)
    assert game is not None and game.result is not None
    # E and N tie on 30,000 for second and share the uma of places 2 and 3: 0 each.
    assert game.result.points == (0, 18900, -18900, 0)


def test_correcting_a_hand_keeps_the_original_and_recomputes(store: EventStore) -> None:
    commands.record_line(store, "t1 ron S<-W 3/30", entry_id="H1", at=T)
    commands.record_line(store, "t1 tsumo N 4/30", entry_id="H2", at=T)
    fixed = HandRecorded(id="-", at="-", round=1, table=1,
                         hand=Hand(Tsumo(Win(3, HandValue(3, 30)))))
    state = commands.correct_entry(store, "H2", "3 han, not 4", fixed, entry_id="C1", at=T)
    game = state.game(1, 1)
    assert game is not None and game.state is not None
    # 3/30 tsumo with S dealing: S pays 2000, E and W 1000 each.
    assert game.state.scores == (29000, 31900, 25100, 34000)
    log = EventStore.open(store.path).log
    assert [r["id"] for r in log] == ["H1", "H2", "C1"]
    assert log[2]["replacement"]["wins"] == [{"winner": "N", "han": 3, "fu": 30}]
    state = commands.correct_entry(store, "H2", "entered twice", entry_id="C2", at=T)
    game = state.game(1, 1)
    assert game is not None and game.state is not None
    assert game.state.scores == (30000, 33900, 26100, 30000)
    assert state.voided == frozenset({"H2"})


def test_a_correction_that_would_break_a_later_entry_is_refused(store: EventStore) -> None:
    # East tenpai alone with riichi: +3000 - 1000; the stick stays on the table.
    commands.record_line(store, "t1 draw tenpai:E r:E", entry_id="H1", at=T)
    commands.record_line(store, "t1 final 32000 29000 29000 29000", entry_id="F1", at=T)
    with pytest.raises(CommandError) as caught:
        commands.correct_entry(store, "H1", "wrong table", entry_id="C1", at=T)
    # Without the hand, the totals would be a scores-only game one stick short.
    assert str(caught.value) == (
        "it would leave entry F1 wrong: final scores at round 1 table 1: scores add up to "
        "119,000; expected 120,000 (4 x 30,000 less 0 riichi sticks on the table): 1,000 "
        "missing (nothing was recorded)"
    )
    # Void the totals first, then the hand: both stay in the log.
    commands.correct_entry(store, "F1", "hand was at another table", at=T)
    state = commands.correct_entry(store, "H1", "wrong table", at=T)
    assert state.clean and state.game(1, 1) is None
    assert len(EventStore.open(store.path).log) == 4


def test_a_correction_of_an_unknown_entry_is_refused(store: EventStore) -> None:
    with pytest.raises(CommandError) as caught:
        commands.correct_entry(store, "NOPE", "typo")
    assert str(caught.value) == (
        "corrects 'NOPE', which is not in the log. Fix: give the id of the entry to correct as "
        "`mjevent replay` or the log screen shows it (nothing was recorded)"
    )
    with pytest.raises(CommandError) as caught:
        commands.correct_entry(store, "NOPE", "  ")
    assert str(caught.value) == (
        "a correction needs a reason (the log keeps it next to the original)"
    )


def test_reseating_a_table_reapplies_its_hands(store: EventStore) -> None:
    commands.record_line(store, "t1 ron kim<-sanchez 3/30 r:tanaka,kim", at=T)
    state = commands.reseat_table(store, 1, 1, ["p2", "p1", "p3", "p4"], at=T)
    game = state.game(1, 1)
    assert game is not None and game.state is not None
    # Kim (p2) was really East: a dealer ron 3/30 is 5800, plus the two sticks.
    assert game.state.scores == (36800, 29000, 24200, 30000)
    assert game.state.label == "East 1, 1 honba"
    # Names now resolve against the corrected seats.
    state = commands.record_line(store, "t1 tsumo kim 1/30", at=T)
    game = state.game(1, 1)
    assert game is not None and game.state is not None
    assert game.state.scores == (38600, 28400, 23600, 29400)


def test_a_second_console_sees_entries_appended_by_the_first(store: EventStore) -> None:
    other = EventStore.open(store.path)
    commands.record_line(store, "t1 ron S<-W 3/30", at=T)
    state = commands.record_line(other, "t2 tsumo E 2/30", at=T)
    assert sorted(state.games) == [(1, 1), (1, 2)]
    assert len(other.log) == 2


def test_clock_players_penalties_and_notes_through_commands(store: EventStore) -> None:
    commands.start_round(store, 1, at="2026-03-14T10:00:00+00:00")
    commands.pause_round(store, 1, at="2026-03-14T10:20:00+00:00")
    commands.resume_round(store, 1, at="2026-03-14T10:25:00+00:00")
    commands.extend_round(store, 1, 120, table=2, at=T)
    commands.call_time_for(store, 1, at="2026-03-14T11:35:00+00:00")
    commands.add_player(store, "p9", "Nguyễn Thị Mai", at=T)
    commands.rename_player(store, "p3", "Ana Sánchez", at=T)
    commands.withdraw_player(store, "p9", 2, "train", at=T)
    commands.add_penalty(store, "p4", 5000, "late", entered_by="referee", round=1, at=T)
    state = commands.add_note(store, "table 2 clock broke", round=1, table=2, at=T)
    clock = state.clocks[1]
    assert clock.started == "2026-03-14T10:00:00+00:00"
    assert clock.pauses == (("2026-03-14T10:20:00+00:00", "2026-03-14T10:25:00+00:00"),)
    assert dict(clock.table_extra) == {2: 120}
    assert dict(clock.time_called) == {0: "2026-03-14T11:35:00+00:00"}
    assert state.name("p3") == "Ana Sánchez"
    assert state.players["p9"].status.value == "withdrawn"
    assert [(p.player, p.amount) for p in state.penalties] == [("p4", 5000)]
    assert len(EventStore.open(store.path).log) == 10
    with pytest.raises(CommandError) as caught:
        commands.start_round(store, 1, at=T)
    assert str(caught.value) == (
        "round 1 was already started at 2026-03-14T10:00:00+00:00 (nothing was recorded)"
    )
    with pytest.raises(CommandError) as caught:
        commands.add_penalty(store, "p4", 0, "late")
    assert str(caught.value) == (
        "a penalty of 0 points changes nothing: give the points to take off"
    )


def test_seating_and_swaps_through_commands(store: EventStore) -> None:
    state = commands.set_seating(
        store, 2, [[["p1", "p5", "p2", "p6"], ["p3", "p7", "p4", "p8"]]], method="generated",
        params={"tries": 20}, seed=7, at=T,
    )
    assert state.seating[2] == (("p1", "p5", "p2", "p6"), ("p3", "p7", "p4", "p8"))
    state = commands.swap_seats(store, 2, "p1", "p8", at=T)
    assert state.seating[2] == (("p8", "p5", "p2", "p6"), ("p3", "p7", "p4", "p1"))
    with pytest.raises(CommandError) as caught:
        commands.set_seating(store, 3, [[["p1", "p1", "p2", "p3"], ["p4", "p5", "p6", "p7"]]])
    assert str(caught.value) == "player p1 is seated twice in round 3 (nothing was recorded)"


def test_folding_club_sample_gives_exact_final_scores(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    shutil.copy(SAMPLES / "club.toml", path)
    state = commands.current_state(EventStore.open(path))
    assert state.clean
    game = state.game(1, 1)
    assert game is not None and game.state is not None and game.result is not None
    assert game.seats == ("p07", "p16", "p04", "p09")
    assert len(game.hands) == 16
    # One riichi stick was left on the table at the end: it goes to first place.
    assert game.state.scores == (24900, 18900, 17900, 57300)
    assert game.result.final == (24900, 18900, 17900, 58300)
    assert game.result.points == (-100, -16100, -27100, 43300)
    cut = state.game(3, 2)
    assert cut is not None and cut.result is not None and cut.state is not None
    assert cut.state.end_reason is not None and cut.state.end_reason.value == "time"
    assert cut.result.final == (-9400, 53500, 37900, 38000)
    assert sum(len(g.hands) for g in state.games.values()) == 146
    assert sorted(state.seating) == [1, 2, 3, 4, 5]


def _meetings(state_seating: dict[int, tuple[tuple[str, ...], ...]]) -> dict[frozenset[str], int]:
    met: dict[frozenset[str], int] = {}
    for tables in state_seating.values():
        for table in tables:
            for i, a in enumerate(table):
                for b in table[i + 1 :]:
                    met[frozenset((a, b))] = met.get(frozenset((a, b)), 0) + 1
    return met


def test_sample_seatings_are_the_designs_they_claim(tmp_path: Path) -> None:
    club = commands.current_state(EventStore.open(shutil.copy(SAMPLES / "club.toml", tmp_path)))
    # AG(2,4): 16 players, 5 rounds, every one of the 120 pairs meets exactly once.
    assert sorted(_meetings(dict(club.seating)).values()) == [1] * 120
    sanma = commands.current_state(
        EventStore.open(shutil.copy(SAMPLES / "sanma.toml", tmp_path))
    )
    # AG(2,3): 9 players, 4 rounds of three tables of three, every one of 36 pairs once.
    assert sorted(_meetings(dict(sanma.seating)).values()) == [1] * 36
    league = commands.current_state(
        EventStore.open(shutil.copy(SAMPLES / "league.toml", tmp_path))
    )
    teams = {p.id: p.team for p in league.players.values()}
    assert len(teams) == 48 and len(set(teams.values())) == 12
    for tables in league.seating.values():
        assert len(tables) == 12
        for table in tables:
            assert len({teams[p] for p in table}) == 4  # teammates never share a table


def test_make_samples_writes_the_committed_samples(tmp_path: Path) -> None:
    # The samples are generated; a change to the script, the store's layout or the rules that
    # changes a byte means they must be made again: `.venv/bin/python samples/make_samples.py`.
    script = SAMPLES / "make_samples.py"
    result = subprocess.run(
        [sys.executable, str(script), str(tmp_path)], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    for name in ("club", "sanma", "league"):
        made = (tmp_path / f"{name}.toml").read_bytes()
        assert made == (SAMPLES / f"{name}.toml").read_bytes(), (
            f"samples/{name}.toml is stale: run .venv/bin/python samples/make_samples.py"
        )


ACTIONS = st.one_of(
    st.tuples(st.just("line"), st.sampled_from([
        "t1 ron S<-W 3/30 r:E", "t1 tsumo N 4/30", "t1 draw tenpai:E", "t2 ron E<-N 8",
        "t2 tsumo W 2/20 r:W", "t1 chombo E", "t2 draw", "t2 final 40000 30000 30000 20000",
        "t1 final 30000 30000 30000 30000", "t1 ron S<-W 1/20", "t3 draw",
    ])),
    st.tuples(st.just("void"), st.integers(0, 20)),
    st.tuples(st.just("retry"), st.integers(0, 20)),
)


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(ACTIONS, max_size=12))
def test_a_session_keeps_its_live_fold_equal_to_a_fresh_fold(
    tmp_path_factory: pytest.TempPathFactory, actions: list[tuple[str, Any]]
) -> None:
    store = EventSession(EventStore.create(tmp_path_factory.mktemp("p") / "cup.toml", SETTINGS))
    recorded: list[tuple[str, str]] = []
    for n, (what, arg) in enumerate(actions):
        try:
            if what == "line":
                commands.record_line(store, arg, entry_id=f"L{n}", at=T)
                recorded.append((f"L{n}", arg))
            elif recorded and what == "void":
                target = recorded[arg % len(recorded)][0]
                commands.correct_entry(store, target, "test", entry_id=f"V{n}", at=T)
            elif recorded:
                entry_id, line = recorded[arg % len(recorded)]
                commands.record_line(store, line, entry_id=entry_id, at=T)  # a retry
        except (CommandError, IllegalHandError):
            pass
    cached = commands.current_state(store)
    reopened = EventStore.open(store.path)
    entries, problems = read_log(reopened.log)
    fresh = fold(reopened.event, entries, problems=problems)
    assert cached.games == fresh.games
    assert cached.problems == fresh.problems == ()
    assert len({r["id"] for r in reopened.log}) == len(reopened.log)


def test_club_sample_has_what_a_newcomer_should_see(tmp_path: Path) -> None:
    state = commands.current_state(EventStore.open(shutil.copy(SAMPLES / "club.toml", tmp_path)))
    hands = [h.hand for g in state.games.values() for h in g.hands]
    double_rons = [h for h in hands if isinstance(h.outcome, Ron) and len(h.outcome.wins) == 2]
    assert len(double_rons) >= 1
    assert any(isinstance(h.outcome, ChomboHand) for h in hands)
    assert sum(isinstance(h.outcome, Draw) for h in hands) >= 10
    assert sum(bool(h.riichi) for h in hands) >= 30
    kinds = {r["kind"] for r in EventStore.open(tmp_path / "club.toml").log}
    assert {"penalty", "note", "time_called", "correction", "game_finished"} <= kinds
    ended = {
        g.state.end_reason.value
        for g in state.games.values()
        if g.state is not None and g.state.end_reason is not None
    }
    assert ended == {"last_hand", "time"}
    names = [p.name for p in state.players.values()]
    assert {"田中 優希", "김서연", "王 芳", "Nguyễn Thị Mai"} <= set(names)


def test_logged_entries_are_every_entry_as_read_corrected_and_voided_ones_included(
    store: EventStore,
) -> None:
    commands.record_line(store, "t1 ron S<-W 3/30", entry_id="H1", at=T)
    commands.record_line(store, "t1 tsumo N 4/30", entry_id="H2", at=T)
    state = commands.correct_entry(store, "H2", "entered twice", entry_id="C1", at=T)
    assert [e.id for e in state.entries] == ["H1"]
    assert [e.id for e in commands.logged_entries(store)] == ["H1", "H2", "C1"]
    assert commands.logged_entries(store) == read_log(store.log)[0]
    # Another store's append is read and folded on: its entry is there too.
    other = EventStore.open(store.path)
    commands.record_line(other, "t2 draw", entry_id="H3", at=T)
    store.reload()
    assert [e.id for e in commands.logged_entries(store)] == ["H1", "H2", "C1", "H3"]


def test_record_entry_appends_the_very_entry_a_dialog_built_and_previewed(
    store: EventStore,
) -> None:
    # GIVEN an entry built once with the session's stamp, and tried on its live fold
    session = EventSession(store, clock=lambda: dt.datetime(2026, 3, 14, 12, 0, tzinfo=dt.UTC))
    entry = draft_rename(session.stamp(), "p1", "Tanaka Yuki")
    assert entry.at == "2026-03-14T12:00:00+00:00" and len(entry.id) == 26
    assert session.try_entry(entry).state().name("p1") == "Tanaka Yuki"
    # WHEN it is recorded
    state = commands.record_entry(session, entry)
    # THEN the log holds that entry, its id and time as built
    assert state.name("p1") == "Tanaka Yuki"
    assert read_log(EventStore.open(store.path).log)[0][-1] == entry


def test_record_entry_refuses_what_the_command_of_its_kind_refuses(store: EventStore) -> None:
    stamp = Stamp(id="X1", at=T)
    with pytest.raises(CommandError) as caught:
        commands.record_entry(store, draft_penalty(stamp, "p1", 0, "late"))
    assert str(caught.value) == (
        "a penalty of 0 points changes nothing: give the points to take off"
    )
    with pytest.raises(CommandError) as caught:
        commands.record_entry(store, draft_player(stamp, "p9", "kim min-jun"))
    assert str(caught.value) == (
        "'kim min-jun' is already the name of p2; two players with one name cannot be told "
        "apart. Fix: add what tells them apart (an initial, a club)."
    )
    with pytest.raises(CommandError) as caught:
        commands.record_entry(store, draft_correction(stamp, "H1", "  "))
    assert str(caught.value) == (
        "a correction needs a reason (the log keeps it next to the original)"
    )
    assert EventStore.open(store.path).log == []

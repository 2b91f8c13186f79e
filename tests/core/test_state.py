"""The fold: the event's state from its log, with exact scores, and problems instead of errors.

Expected scores are worked out by hand in the comments (EMA 2016: 30,000 start, riichi 1,000,
honba 300 per ron, noten 3,000 in all).
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from mjevent.core.entries import (
    Correction,
    Entry,
    GameFinished,
    HandRecorded,
    Note,
    Penalty,
    PlayerAdded,
    PlayerRenamed,
    PlayerReturned,
    PlayerSubstituted,
    PlayerWithdrawn,
    RoundExtended,
    RoundPaused,
    RoundResumed,
    RoundStarted,
    SeatingSet,
    SeatsSwapped,
    TableReseated,
    TimeCalled,
)
from mjevent.core.game import EndReason
from mjevent.core.notation import EntryContext, HandLine, parse_entry
from mjevent.core.outcomes import AbortiveDraw, ChomboHand, Draw, Hand, HandValue, Ron, Tsumo, Win
from mjevent.core.settings import EventSettings, PlayerStatus, settings_from_dict
from mjevent.core.state import fold

T = "2026-03-14T10:00:00+00:00"
TABLE_1 = ("p1", "p2", "p3", "p4")
TABLE_2 = ("p5", "p6", "p7", "p8")


def _settings(preset: str = "ema2016", **extra: Any) -> EventSettings:
    data: dict[str, Any] = {
        "event": {"name": "Cup", "format_version": 1},
        "rules": {"preset": preset},
        "players": [{"id": f"p{i}", "name": f"Player {i}"} for i in range(1, 10)],
        "seating": {"rounds": [{"round": 1, "tables": [list(TABLE_1), list(TABLE_2)]}]},
    }
    data.update(extra)
    return settings_from_dict(data)


SETTINGS = _settings()


def hand(entry_id: str, line: str, rnd: int = 1) -> HandRecorded:
    parsed = parse_entry(line, EntryContext(round=rnd))
    assert isinstance(parsed, HandLine)
    return HandRecorded(id=entry_id, at=T, round=parsed.round, table=parsed.table,
                        hand=parsed.hand)


H1 = hand("h1", "t1 ron S<-W 3/30 r:E,S")
H2 = hand("h2", "t1 tsumo N 4/30")
H3 = hand("h3", "t1 draw tenpai:E,W r:N")


def test_hands_fold_to_exact_scores_dealer_and_sticks() -> None:
    state = fold(SETTINGS, [H1, H2, H3])
    game = state.game(1, 1)
    assert game is not None and game.state is not None
    # h1: E and S riichi (-1000 each); S ron 3/30 = 3900 off W, plus both sticks.
    # h2: N tsumo 4/30 with S dealing: S pays 3900, E and W 2000 each.
    # h3: draw, E and W tenpai (+1500 each), S and N pay 1500, N's riichi stick stays out; the
    #     dealer W is tenpai and keeps the deal with one counter.
    assert [h.settlement.deltas for h in game.hands] == [
        (-1000, 4900, -3900, 0),
        (-2000, -3900, -2000, 7900),
        (1500, -1500, 1500, -2500),
    ]
    assert game.state.scores == (28500, 29500, 25600, 35400)
    assert (game.state.label, game.state.deposits) == ("East 3, 1 honba", 1)
    assert game.seats == TABLE_1
    assert game.result is None and game.finished is None
    assert state.clean


def test_a_correction_voids_a_hand_and_the_game_is_recomputed() -> None:
    void = Correction(id="c1", at=T, target="h2", reason="entered at the wrong table")
    state = fold(SETTINGS, [H1, H2, H3, void])
    game = state.game(1, 1)
    assert game is not None and game.state is not None
    # Without h2, the draw comes in East 2 with S dealing (34900, noten): E +1500, W +1500,
    # S -1500, N -1000 stick -1500; the deal passes with a counter.
    assert game.state.scores == (30500, 33400, 27600, 27500)
    assert game.state.label == "East 3, 1 honba"
    assert [h.entry for h in game.hands] == ["h1", "h3"]
    assert state.voided == frozenset({"h2"})
    assert state.log_ids == frozenset({"h1", "h2", "h3", "c1"})
    assert [e.id for e in state.entries] == ["h1", "h3"]


def test_voiding_the_correction_restores_the_hand() -> None:
    void = Correction(id="c1", at=T, target="h2", reason="wrong table")
    undo = Correction(id="c2", at=T, target="c1", reason="it was the right table")
    state = fold(SETTINGS, [H1, H2, H3, void, undo])
    game = state.game(1, 1)
    assert game is not None and game.state is not None
    assert game.state.scores == (28500, 29500, 25600, 35400)
    assert state.voided == frozenset({"c1"})


def test_an_amendment_replaces_the_hand_in_its_place() -> None:
    fixed = hand("x", "t1 tsumo N 4/40")
    amend = Correction(id="c1", at=T, target="h2", reason="40 fu", replacement=fixed)
    state = fold(SETTINGS, [H1, H2, H3, amend])
    game = state.game(1, 1)
    assert game is not None and game.state is not None
    # 4/40 is a mangan (base 2560 is over 2000): S (dealer) pays 4000, E and W 2000 each.
    assert game.hands[1].settlement.deltas == (-2000, -4000, -2000, 8000)
    assert game.hands[1].entry == "h2"
    # Then the draw as before: E +1500, S -1500, W +1500, N -1000 stick -1500.
    assert game.state.scores == (28500, 29400, 25600, 35500)


def test_reseating_a_table_reapplies_its_hands_under_the_right_seats() -> None:
    # The table really sat p2 East, p1 South: h1 was p2 winning off p3 with p1 and p2 in riichi,
    # so it was a dealer ron: 3/30 = 5800, and the dealer keeps the deal with a counter.
    reseat = TableReseated(id="r1", at=T, round=1, table=1, seats=("p2", "p1", "p3", "p4"))
    state = fold(SETTINGS, [H1, reseat])
    game = state.game(1, 1)
    assert game is not None and game.state is not None
    assert game.seats == ("p2", "p1", "p3", "p4")
    assert game.hands[0].hand == Hand(Ron(2, (Win(0, HandValue(3, 30)),)), frozenset({0, 1}))
    assert game.state.scores == (36800, 29000, 24200, 30000)
    assert game.state.label == "East 1, 1 honba"
    assert state.seating[1][0] == ("p2", "p1", "p3", "p4")
    # A hand after the reseat is read in the new seats: E is p2.
    later = fold(SETTINGS, [H1, reseat, hand("h9", "t1 tsumo E 1/30")])
    g = later.game(1, 1)
    assert g is not None and g.state is not None
    # Dealer tsumo 1/30 with one counter: 500 + 100 from each of the three.
    assert g.state.scores == (38600, 28400, 23600, 29400)


def test_reseat_with_other_players_is_a_problem() -> None:
    reseat = TableReseated(id="r1", at=T, round=1, table=1, seats=("p5", "p1", "p3", "p4"))
    state = fold(SETTINGS, [H1, reseat])
    assert [(p.entry, p.message) for p in state.problems] == [
        (
            "r1",
            "re-seats round 1 table 1 as ['p5', 'p1', 'p3', 'p4'], but the table seats ['p1', "
            "'p2', 'p3', 'p4']; give the same players in the order they sat (E S W N)",
        ),
    ]


def test_final_scores_only_give_the_game_result() -> None:
    final = GameFinished(id="f1", at=T, round=1, table=2, final=(45000, 30000, 30000, 15000))
    state = fold(SETTINGS, [final])
    game = state.game(1, 2)
    assert game is not None and game.result is not None
    assert game.state is None and game.finished == "f1"
    assert game.result.places == (1, 2, 2, 4)
    assert game.result.points == (30000, 0, 0, -30000)
    assert state.clean


def test_a_substitute_seat_is_scored_at_the_fixed_values() -> None:
    sub = PlayerSubstituted(id="s1", at=T, round=1, table=2, player="p6", substitute="Ana Ruiz")
    final = GameFinished(id="f1", at=T, round=1, table=2, final=(45000, 30000, 30000, 15000))
    game = fold(SETTINGS, [sub, final]).game(1, 2)
    assert game is not None and game.result is not None
    assert game.substitutes == {1: "Ana Ruiz"}
    assert game.result.points[1] == -30000


def test_a_game_played_to_its_end_has_its_result() -> None:
    # Eight exhaustive draws with nobody tenpai: the deal passes every hand (the counters pile
    # up), South 4 ends it with everybody on 30,000: all four tie and share the uma, 0 each.
    hands = [hand(f"d{i}", "t1 draw") for i in range(8)]
    state = fold(SETTINGS, [*hands, GameFinished(id="f", at=T, round=1, table=1)])
    game = state.game(1, 1)
    assert game is not None and game.state is not None and game.result is not None
    assert game.state.end_reason is EndReason.LAST_HAND
    assert game.result.places == (1, 1, 1, 1)
    assert game.result.points == (0, 0, 0, 0)
    assert state.clean


def test_problems_are_recorded_not_raised() -> None:
    log: list[Entry] = [
        hand("a", "t9 ron S<-W 3/30"),
        hand("b", "t1 ron S<-W 3/30", rnd=4),
        GameFinished(id="c", at=T, round=1, table=2, final=(40000, 30000, 30000, 19000)),
        hand("d", "t2 tsumo E 2/30"),
        Correction(id="e", at=T, target="nope", reason="?"),
        SeatingSet(id="f", at=T, first_round=2, rounds=((("p1", "p2", "p3", "p1"),
                                                         ("p5", "p6", "p7", "p8")),)),
        Penalty(id="g", at=T, player="p99", amount=1000, reason="noise"),
        H1,
        SeatsSwapped(id="i", at=T, round=1, a="p1", b="p5"),
        HandRecorded(id="h1", at=T, round=1, table=1, hand=Hand(Draw())),
        RoundResumed(id="j", at=T, round=1),
    ]
    state = fold(SETTINGS, log)
    assert [str(p) for p in state.problems] == [
        # Duplicate ids and corrections are resolved before the fold, so they come first.
        "entry h1: this id is used by two different entries; the later one is ignored (give "
        "every entry its own id)",
        "entry e: corrects 'nope', which is not in the log. Fix: give the id of the entry to "
        "correct as `mjevent replay` or the log screen shows it",
        "entry a: there is no table 9 in round 1 (it has tables 1 to 2)",
        "entry b: round 4 is not seated; set its seating first",
        "entry c: final scores at round 1 table 2: scores add up to 119,000; expected 120,000 "
        "(4 x 30,000 less 0 riichi sticks on the table): 1,000 missing",
        "entry d: hand at round 1 table 2 after the game was finished by entry c; void that "
        "entry first if the game went on",
        "entry f: player p1 is seated twice in round 2",
        "entry g: penalty for unknown player 'p99'; did you mean 'p9'? Fix: name the player by "
        "the id of their [[players]] block",
        "entry i: swaps seats at round 1 table 1, which already has hands; if the table played "
        "on other winds, re-seat it (its hands are re-applied)",
        "entry j: round 1 is resumed but it was not paused",
    ]
    assert not state.clean


def test_a_hand_after_the_game_ended_is_a_problem() -> None:
    hands = [hand(f"d{i}", "t1 draw") for i in range(9)]
    state = fold(SETTINGS, hands)
    assert [str(p) for p in state.problems] == [
        "entry d8: hand at round 1 table 1 after the game ended at South 4, 7 honba (last_hand: "
        'the deal passed in the last hand, rule length = "south", extension = "none"). If the '
        "table played on, a hand was entered wrong (void or correct it: the log keeps both), or "
        "the event does not play this rule: in the event file's [rules], set extension (and "
        "goal_points) as the table played (for every table) and run mjevent check"
    ]


def test_an_amendment_must_keep_the_kind() -> None:
    amend = Correction(id="c", at=T, target="h1", reason="x",
                       replacement=Note(id="c", at=T, text="oops"))
    state = fold(SETTINGS, [H1, amend])
    assert [str(p) for p in state.problems] == [
        "entry c: amends 'h1' (hand) with a note; an amendment keeps the kind (void it and enter "
        "a new entry instead)"
    ]
    assert state.voided == frozenset()


def test_players_clock_penalties_and_notes() -> None:
    log: list[Entry] = [
        PlayerAdded(id="a", at=T, player="p10", name="Zoë Ångström", team="nl"),
        PlayerRenamed(id="b", at=T, player="p3", name="김민준"),
        PlayerWithdrawn(id="c", at=T, player="p9", from_round=2, reason="ill"),
        RoundStarted(id="d", at="2026-03-14T10:00:00+00:00", round=1),
        RoundPaused(id="e", at="2026-03-14T10:30:00+00:00", round=1),
        RoundResumed(id="f", at="2026-03-14T10:35:00+00:00", round=1),
        RoundExtended(id="g", at=T, round=1, seconds=300),
        RoundExtended(id="h", at=T, round=1, seconds=120, table=2),
        TimeCalled(id="i", at="2026-03-14T11:35:00+00:00", round=1, table=2),
        Penalty(id="j", at=T, player="p4", amount=2000, reason="phone"),
        Note(id="k", at=T, text="table 2 clock broke", round=1, table=2),
        PlayerReturned(id="l", at=T, player="p9", from_round=3),
    ]
    state = fold(SETTINGS, log)
    assert state.clean
    assert state.players["p10"].name == "Zoë Ångström"
    assert state.name("p3") == "김민준"
    assert state.players["p9"].status is PlayerStatus.ACTIVE
    assert state.players["p9"].since_round == 3
    clock = state.clocks[1]
    assert clock.started == "2026-03-14T10:00:00+00:00"
    assert clock.pauses == (("2026-03-14T10:30:00+00:00", "2026-03-14T10:35:00+00:00"),)
    assert not clock.paused
    assert (clock.extra_seconds, dict(clock.table_extra)) == (300, {2: 120})
    assert dict(clock.time_called) == {2: "2026-03-14T11:35:00+00:00"}
    assert [p.id for p in state.penalties] == ["j"]
    assert [n.text for n in state.notes] == ["table 2 clock broke"]
    assert state.current_round == 1


def test_time_call_ends_the_game_one_hand_later_under_ema() -> None:
    # EMA: the hand in progress and one more.
    log: list[Entry] = [
        hand("a", "t1 draw"),
        TimeCalled(id="t", at=T, round=1),
        hand("b", "t1 draw"),
        hand("c", "t1 draw"),
    ]
    game = fold(SETTINGS, log).game(1, 1)
    assert game is not None and game.state is not None and game.result is not None
    assert game.state.end_reason is EndReason.TIME
    assert game.state.label == "East 3, 2 honba"


def test_a_withdrawn_player_seated_later_is_a_problem() -> None:
    log: list[Entry] = [
        PlayerWithdrawn(id="w", at=T, player="p1", from_round=2),
        SeatingSet(id="s", at=T, first_round=2, rounds=((TABLE_1, TABLE_2),)),
    ]
    assert [str(p) for p in fold(SETTINGS, log).problems] == [
        "entry s: round 2 table 1 seats Player 1 (p1), who withdrew before round 2"
    ]


def test_a_withdrawn_player_left_in_a_seated_round_is_an_event_problem() -> None:
    state = fold(SETTINGS, [PlayerWithdrawn(id="w", at=T, player="p5", from_round=1)])
    assert [(p.entry, p.message) for p in state.problems] == [
        (
            None,
            "Player 5 (p5) withdrew from round 1 but is still seated at round 1 table 2; "
            "re-seat that round (or swap in a substitute)",
        ),
    ]
    # Once the table has a result, the seat was played: nothing to re-seat.
    final = GameFinished(id="f", at=T, round=1, table=2, final=(30000, 30000, 30000, 30000))
    assert fold(SETTINGS, [final, PlayerWithdrawn(id="w", at=T, player="p5",
                                                   from_round=1)]).clean


def test_swap_before_play_moves_players_between_tables() -> None:
    state = fold(SETTINGS, [SeatsSwapped(id="s", at=T, round=1, a="p1", b="p8")])
    assert state.seating[1] == (("p8", "p2", "p3", "p4"), ("p5", "p6", "p7", "p1"))
    assert state.clean


def test_the_same_log_folds_to_equal_values_but_a_new_state() -> None:
    a = fold(SETTINGS, [H1, H2])
    b = fold(SETTINGS, [H1, H2])
    assert a is not b and a != b  # identity comparison: a new fold is a new state
    assert a.games == b.games and a.problems == b.problems


def test_table_problems_group_the_problems_by_the_table_their_entry_names() -> None:
    # GIVEN a table whose final scores do not add up, a hand after that, a hand at a table the
    # round does not have, and a penalty that names no table
    log: list[Entry] = [
        GameFinished(id="c", at=T, round=1, table=2, final=(40000, 30000, 30000, 19000)),
        hand("d", "t2 tsumo E 2/30"),
        hand("a", "t9 ron S<-W 3/30"),
        Penalty(id="g", at=T, player="p99", amount=1000, reason="noise"),
    ]
    state = fold(SETTINGS, log)
    # THEN each table lists its problems in log order, and the penalty is under no table
    assert {key: [p.message for p in ps] for key, ps in state.table_problems.items()} == {
        (1, 2): [
            "final scores at round 1 table 2: scores add up to 119,000; expected 120,000 "
            "(4 x 30,000 less 0 riichi sticks on the table): 1,000 missing",
            "hand at round 1 table 2 after the game was finished by entry c; void that entry "
            "first if the game went on",
        ],
        (1, 9): ["there is no table 9 in round 1 (it has tables 1 to 2)"],
    }
    assert fold(SETTINGS, [H1]).table_problems == {}


def test_a_seat_the_table_does_not_have_is_a_problem() -> None:
    sanma = _settings(
        "sanma-club",
        seating={"rounds": [{"round": 1, "tables": [["p1", "p2", "p3"]]}]},
    )
    state = fold(sanma, [hand("n", "t1 tsumo N 3/30")])
    assert [str(p) for p in state.problems] == [
        "entry n: names seat N, which a 3-player table does not have; the hand is skipped "
        "(correct it with the right seats)"
    ]


def test_a_chombo_is_a_penalty_after_uma_under_ema() -> None:
    log: list[Entry] = [hand("c", "t1 chombo S"), *[hand(f"d{i}", "t1 draw") for i in range(8)]]
    game = fold(SETTINGS, log).game(1, 1)
    assert game is not None and game.result is not None
    assert game.result.penalties == (0, -20000, 0, 0)


# --- fold never raises ---------------------------------------------------------------------------

seat = st.integers(0, 4)
values = st.builds(HandValue, st.integers(-1, 14), st.sampled_from([0, 20, 25, 30, 35, 40]),
                   st.integers(0, 2))
outcomes = st.one_of(
    st.builds(Ron, seat, st.lists(st.builds(Win, seat, values), max_size=3).map(tuple)),
    st.builds(Tsumo, st.builds(Win, seat, values, st.one_of(st.none(), seat))),
    st.builds(Draw, st.frozensets(seat), st.frozensets(seat)),
    st.just(AbortiveDraw("suufon")),
    st.builds(ChomboHand, seat),
)
ids = st.sampled_from([f"e{i}" for i in range(12)])
players = st.sampled_from(["p1", "p2", "p5", "p9", "zz"])
entries = st.one_of(
    st.builds(HandRecorded, id=ids, at=st.just(T), round=st.integers(1, 2),
              table=st.integers(1, 3), hand=st.builds(Hand, outcomes, st.frozensets(seat))),
    st.builds(GameFinished, id=ids, at=st.just(T), round=st.integers(1, 2),
              table=st.integers(1, 3),
              final=st.one_of(st.none(), st.tuples(*[st.integers(0, 60000)] * 4)),
              chombos=st.lists(seat, max_size=2).map(tuple)),
    st.builds(Correction, id=ids, at=st.just(T), target=ids, reason=st.just("x")),
    st.builds(TableReseated, id=ids, at=st.just(T), round=st.integers(1, 2),
              table=st.integers(1, 3), seats=st.permutations(list(TABLE_1)).map(tuple)),
    st.builds(SeatsSwapped, id=ids, at=st.just(T), round=st.integers(1, 2), a=players, b=players),
    st.builds(TimeCalled, id=ids, at=st.just(T), round=st.integers(1, 2)),
    st.builds(PlayerSubstituted, id=ids, at=st.just(T), round=st.just(1),
              table=st.integers(1, 2), player=players, substitute=st.just("Sub")),
    st.builds(PlayerWithdrawn, id=ids, at=st.just(T), player=players,
              from_round=st.integers(1, 3)),
)


@settings(max_examples=100, deadline=None)
@given(st.lists(entries, max_size=25))
def test_fold_never_raises_on_any_log(log: list[Entry]) -> None:
    state = fold(SETTINGS, log)
    for game in state.games.values():
        if game.state is not None:
            # Points plus sticks on the table are conserved in every game.
            total = sum(game.state.scores) + game.state.deposits * 1000
            assert total == 120000
    assert state.log_ids == frozenset(e.id for e in log)

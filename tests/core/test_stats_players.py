"""A player's hands, a player's numbers alone and a round's numbers (core/stats.py), on the
hand-computed event of tests/core/test_stats.py (its docstring tells every hand)."""

from __future__ import annotations

from mjevent.core.entries import GameFinished, SeatingSet
from mjevent.core.state import fold
from mjevent.core.stats import (
    HandResult,
    Tally,
    player_hands,
    player_tally,
    round_numbers,
    stats_from_state,
)
from tests.core.test_stats import LOG, T, event, hand


def test_a_players_hands_one_by_one() -> None:
    state = fold(event(), LOG)
    rows = [
        (h.entry, h.round_wind, h.hand_number, h.honba, h.result, h.riichi, h.change, h.points)
        for h in player_hands(state, "p4")
    ]
    assert rows == [
        ("h1", 0, 1, 0, HandResult.OTHER_RON, False, 0, 0),
        ("h2x", 0, 2, 0, HandResult.DEALT_IN, False, -3000, 0),  # one deal-in, two winners
        ("h3", 0, 3, 0, HandResult.ABORTIVE, False, 0, 0),  # the triple ron made abortive
        ("h4", 0, 3, 1, HandResult.DRAW_TENPAI, False, 8000, 0),  # nagashi mangan
        ("h5", 0, 4, 2, HandResult.OTHER_CHOMBO, False, 4000, 0),
        ("h6", 0, 4, 2, HandResult.OTHER_TSUMO, False, -32600, 0),  # pao: N pays it all
    ]
    p1 = player_hands(state, "p1")
    assert [h.result for h in p1] == [
        HandResult.OTHER_RON,
        HandResult.RON,
        HandResult.ABORTIVE,
        HandResult.DRAW_TENPAI,
        HandResult.CHOMBO,
        HandResult.OTHER_TSUMO,
    ]
    assert (p1[1].points, p1[1].change, p1[1].detail and p1[1].detail.open) == (2000, 2000, True)
    assert (p1[2].riichi, p1[2].change) == (True, -1000)  # the stick stays on the table
    p2 = player_hands(state, "p2")
    assert [(h.result, h.points, h.value and h.value.yakuman) for h in p2 if h.value] == [
        (HandResult.RON, 3900, 0),
        (HandResult.TSUMO, 32000, 1),
    ]
    assert len(p2) == stats_from_state(state).players["p2"].stats.hands


def test_a_substitutes_seat_is_not_in_the_absent_players_hands() -> None:
    from mjevent.core.entries import PlayerSubstituted

    log = [
        PlayerSubstituted(id="s1", at=T, round=1, table=1, player="p3", substitute="Sub"),
        *LOG,
    ]
    state = fold(event(), log)
    assert player_hands(state, "p3") == ()
    assert player_tally(state, "p3").hands == 0
    assert len(player_hands(state, "p4")) == 6


def test_one_players_numbers_are_the_events() -> None:
    state = fold(event(tables=2), [*LOG, hand("x1", "t2 ron E<-S 4/30 r:E")])
    stats = stats_from_state(state)
    for pid, p in stats.players.items():
        assert player_tally(state, pid) == p.stats, pid
    assert player_tally(state, "p5").wins == 1
    assert player_tally(state, "p2", last_round=0) == Tally()


def test_a_round_of_its_own() -> None:
    two = event()
    seat2 = SeatingSet(id="s2", at=T, first_round=2, rounds=((("p4", "p3", "p2", "p1"),),))
    state = fold(
        two,
        [*LOG, seat2, hand("r2", "t1 tsumo N 3/40", rnd=2), hand("r3", "t1 ron S<-E 2/30", rnd=2)],
    )
    first = round_numbers(state, 1)
    assert first.field == stats_from_state(fold(event(), LOG)).field
    assert [(w.entry, w.player, w.points) for w in first.best] == [("h6", "p2", 32000)]
    assert first.most_wins == (("p2",), 2)
    assert [w.entry for w in first.yakuman] == ["h6"]
    assert first.draws == 1  # h4; the triple ron made abortive (h3) is no exhaustive draw
    second = round_numbers(state, 2)
    # r2: N (p1) tsumo 3/40 as a non-dealer: 1,300 / 2,600, 5,200; r3: S (p3) 2/30 from E.
    assert (second.tables, second.field.hands, second.field.wins, second.field.tsumo) == (
        1,
        2,
        2,
        1,
    )
    assert [(w.entry, w.player, w.points) for w in second.best] == [("r2", "p1", 5200)]
    assert second.most_wins == (("p1", "p3"), 1)
    assert second.yakuman == ()
    empty = round_numbers(state, 3)
    assert (empty.tables, empty.field.hands, empty.best, empty.most_wins) == (0, 0, (), ((), 0))


def test_a_finished_round_counts_its_places() -> None:
    state = fold(event(), LOG)
    assert round_numbers(state, 1).field.games == 4
    assert isinstance(LOG[-1], GameFinished)


def test_a_game_by_final_scores_keeps_its_chombo_in_one_players_numbers() -> None:
    finished = GameFinished(
        id="f1", at=T, round=1, table=1, final=(41000, 29000, 22000, 28000), chombos=(2,)
    )
    state = fold(event("ema2016"), [finished])
    p3 = player_tally(state, "p3")
    assert (p3.hands, p3.games, p3.places, p3.chombo) == (0, 1, (0, 0, 0, 1), 1)
    assert p3 == stats_from_state(state).players["p3"].stats
    assert round_numbers(state, 1).field.chombo == 1
    assert round_numbers(state, 1).field.hands == 0

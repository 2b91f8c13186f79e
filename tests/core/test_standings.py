"""Standings computed by hand, event by event.

Every expected number below was worked out on paper from the final scores and the rule set
(the arithmetic is in the comments); the code's per-game results come from `game_result`.
"""

from __future__ import annotations

import pytest

from mjevent.core.presets import preset
from mjevent.core.results import game_result
from mjevent.core.standings import (
    Bye,
    ByeRecord,
    Carry,
    ChomboEntry,
    Criterion,
    Entrant,
    GameLine,
    PenaltyRecord,
    PlayedGame,
    StageConfig,
    StandingsConfig,
    StandingsError,
    Status,
    Substitutes,
    TeamConfig,
    TeamMode,
    Withdrawal,
)
from mjevent.core.standings.compute import Standings, compute_standings

ABCD = [Entrant("a", "Ann"), Entrant("b", "Bob"), Entrant("c", "Cy"), Entrant("d", "Di")]


def table(s: Standings) -> list[tuple[str, str, float]]:
    return [(r.place_label, r.player, r.total) for r in s.rows]


# --- EMA 2016 ----------------------------------------------------------------------------------


def ema_event() -> tuple[list[PlayedGame], list[PenaltyRecord]]:
    ema = preset("ema2016").rules
    games = [
        # R1: 2nd and 3rd tied at 30000 share uma (5000 - 5000) / 2 = 0.
        # a 15000+15000=30000, b 0, c 0, d -15000-15000=-30000.
        PlayedGame(1, 1, ("a", "b", "c", "d"), game_result([45000, 30000, 30000, 15000], ema)),
        # R2: b +10000+15000=25000, c +5000+5000=10000, a -10000-15000=-25000,
        # d -5000-5000=-10000, less one chombo (-20000 after uma) = -30000.
        PlayedGame(
            2,
            1,
            ("b", "c", "d", "a"),
            game_result([40000, 35000, 25000, 20000], ema, chombos=(0, 0, 1, 0)),
        ),
        # R3: a and c tied first share (15000 + 5000) / 2 = 10000: a, c 8000+10000 = 18000;
        # b -4000-5000 = -9000; d -12000-15000 = -27000.
        PlayedGame(3, 1, ("a", "b", "c", "d"), game_result([38000, 26000, 38000, 18000], ema)),
    ]
    penalties = [
        PenaltyRecord("p1", "b", 2000, "late for round 3", "TD Mori", round=3),
        PenaltyRecord(
            "p2", "a", 5000, "phone", "TD Mori", round=2, cancelled=True, cancel_reason="mistake"
        ),
    ]
    return games, penalties


def test_ema_second_and_third_tied_share_the_uma_and_the_place() -> None:
    games, _ = ema_event()
    s = compute_standings(games[:1], ABCD, preset("ema2016").standings_config())
    assert table(s) == [
        ("1", "a", 30000.0),
        ("2-3", "b", 0.0),
        ("2-3", "c", 0.0),
        ("4", "d", -30000.0),
    ]
    assert [r.place for r in s.rows] == [1, 2, 2, 4]


def test_ema_event_totals_columns_and_movement_after_three_rounds() -> None:
    games, penalties = ema_event()
    s = compute_standings(games, ABCD, preset("ema2016").standings_config(), penalties=penalties)
    # a 30000-25000+18000 = 23000; b 0+25000-9000-2000 = 14000; c 0+10000+18000 = 28000;
    # d -30000-30000-27000 = -87000.
    assert table(s) == [
        ("1", "c", 28000.0),
        ("2", "a", 23000.0),
        ("3", "b", 14000.0),
        ("4", "d", -87000.0),
    ]
    c, a, b, d = s.rows
    # After round 2 the order was b (25000), c (10000), a (5000), d (-60000).
    assert [r.movement for r in s.rows] == [1, 1, -2, 0]
    assert a.place_counts == (2, 0, 0, 1) and a.average_place == 2.0
    assert b.place_counts == (1, 1, 1, 0) and b.average_place == 2.0
    assert c.place_counts == (1, 2, 0, 0) and c.average_place == pytest.approx(5 / 3)
    assert d.place_counts == (0, 0, 1, 2) and d.average_place == pytest.approx(11 / 3)
    assert (a.best_game, a.worst_game, a.raw_sum) == (30000.0, -25000.0, 103000)
    assert (d.best_game, d.worst_game, d.raw_sum, d.chombo) == (-27000.0, -30000.0, 58000, 20000.0)
    assert b.penalties == 2000.0 and a.penalties == 0.0
    assert c.average == pytest.approx(28000 / 3) and c.games == 3
    assert s.chombos == (ChomboEntry(2, 1, "d", "Di", 20000),)
    zero = s.zero_sum
    # The table totals add up to 0; the only thing off zero is the chombo and the penalty.
    assert (zero.table_sum, zero.chombo_sum, zero.points_sum, zero.penalty_sum) == (
        0.0,
        -20000.0,
        -20000.0,
        2000.0,
    )
    assert zero.balanced
    assert [p.id for p in s.penalties] == ["p1", "p2"]


def test_snapshot_after_round_two_while_round_three_is_in() -> None:
    games, penalties = ema_event()
    s = compute_standings(games, ABCD, preset("ema2016").standings_config(), penalties=penalties)
    after2 = s.standings_after(2)
    # b 0+25000 = 25000; c 10000; a 30000-25000 = 5000; d -60000. The round-3 penalty waits.
    assert table(after2) == [
        ("1", "b", 25000.0),
        ("2", "c", 10000.0),
        ("3", "a", 5000.0),
        ("4", "d", -60000.0),
    ]
    assert [r.movement for r in after2.rows] == [1, 0, -2, 0]
    assert after2.chombos == (ChomboEntry(2, 1, "d", "Di", 20000),)
    assert s.standings_after(0).rows[0].games == 0


# --- M.League ----------------------------------------------------------------------------------


def test_mleague_oka_to_the_winner_and_a_tie_for_first_splits_uma_and_oka() -> None:
    m = preset("mleague").rules  # 25000 start, 30000 return, oka 20000, uma 30/10/-10/-30
    games = [
        # a, b tied first: uma (30000+10000)/2 = 20000 and oka 20000/2 = 10000 each:
        # 40000-30000+20000+10000 = 40000; c -15000-10000 = -25000; d -25000-30000 = -55000.
        PlayedGame(1, 1, ("a", "b", "c", "d"), game_result([40000, 40000, 15000, 5000], m)),
        # c alone first: 20000+30000+20000 = 70000; d -5000+10000 = 5000;
        # a -15000-10000 = -25000; b -20000-30000 = -50000.
        PlayedGame(2, 1, ("c", "d", "a", "b"), game_result([50000, 25000, 15000, 10000], m)),
    ]
    s = compute_standings(games, ABCD, preset("mleague").standings_config())
    assert table(s) == [
        ("1", "c", 45000.0),
        ("2", "a", 15000.0),
        ("3", "b", -10000.0),
        ("4", "d", -50000.0),
    ]
    assert s.row("a").place_counts == (1, 0, 1, 0)
    assert s.row("b").place_counts == (1, 0, 0, 1)
    assert s.zero_sum.balanced


# --- Tenhou ------------------------------------------------------------------------------------


def test_tenhou_tie_decided_by_seat_order_and_rounded_to_1000() -> None:
    # 25000/30000, oka 20000, uma 20/10/-10/-20, seat order, nearest 1000
    t = preset("tenhou").rules
    games = [
        # a (East) and b tied at 30000: a is placed first by seat.
        # a 0+20000+20000 = 40000; b 0+10000 = 10000; c -5000-10000 = -15000;
        # d -15000-20000 = -35000.
        PlayedGame(1, 1, ("a", "b", "c", "d"), game_result([30000, 30000, 25000, 15000], t)),
        # d 2300+20000+20000 = 42300 -> 42000; c -2300+10000 = 7700 -> 8000;
        # b -5400-10000 = -15400 -> -15000; a -14600-20000 = -34600 -> -35000.
        PlayedGame(2, 1, ("d", "c", "b", "a"), game_result([32300, 27700, 24600, 15400], t)),
    ]
    s = compute_standings(games, ABCD, preset("tenhou").standings_config())
    assert table(s) == [
        ("1", "d", 7000.0),
        ("2", "a", 5000.0),
        ("3", "b", -5000.0),
        ("4", "c", -7000.0),
    ]
    assert s.row("a").place_counts == (1, 0, 0, 1)
    assert s.row("b").place_counts == (0, 1, 1, 0)


# --- Sanma (the seed's club rules) -------------------------------------------------------------


def sanma_games() -> list[PlayedGame]:
    sc = preset("sanma-club").rules  # 35000/35000, uma 15/0/-15, no oka
    return [
        # d sits out. a 15000+15000 = 30000; b 0; c -15000-15000 = -30000.
        PlayedGame(1, 1, ("a", "b", "c"), game_result([50000, 35000, 20000], sc)),
        # c sits out. d and a tie first: (15000+0)/2 = 7500 each: 5000+7500 = 12500;
        # b -10000-15000 = -25000.
        PlayedGame(2, 1, ("d", "a", "b"), game_result([40000, 40000, 25000], sc)),
    ]


SANMA_BYES = [ByeRecord(1, "d"), ByeRecord(2, "c")]


def test_sanma_club_event_with_zero_byes() -> None:
    config = preset("sanma-club").standings_config()
    s = compute_standings(sanma_games(), ABCD, config, byes=SANMA_BYES)
    assert table(s) == [
        ("1", "a", 42500.0),
        ("2", "d", 12500.0),
        ("3", "b", -25000.0),
        ("4", "c", -30000.0),
    ]
    assert s.seats == 3
    assert s.row("a").place_counts == (2, 0, 0)
    assert s.row("b").place_counts == (0, 1, 1)
    assert (s.row("c").games, s.row("c").byes) == (1, 1)


def test_sanma_fixed_bye_makes_a_tie_that_average_place_breaks() -> None:
    config = StandingsConfig(
        tiebreaks=preset("sanma-club").standings_config().tiebreaks, bye=Bye.FIXED, bye_points=5000
    )
    s = compute_standings(sanma_games(), ABCD, config, byes=SANMA_BYES)
    # c -30000+5000 = -25000 = b; firsts 0 each; average place b (2+3)/2 = 2.5 < c 3.
    assert table(s) == [
        ("1", "a", 42500.0),
        ("2", "d", 17500.0),
        ("3", "b", -25000.0),
        ("4", "c", -25000.0),
    ]
    assert [r.decided_by for r in s.rows[2:]] == [Criterion.AVG_PLACE, Criterion.AVG_PLACE]


def test_sanma_average_bye_scores_the_players_own_average() -> None:
    config = StandingsConfig(bye=Bye.AVERAGE)
    s = compute_standings(sanma_games(), ABCD, config, byes=SANMA_BYES)
    # c: -30000 + bye at their average -30000 = -60000; d: 12500 + 12500 = 25000.
    assert table(s) == [
        ("1", "a", 42500.0),
        ("2", "d", 25000.0),
        ("3", "b", -25000.0),
        ("4", "c", -60000.0),
    ]
    assert s.row("d").bye_points == 12500.0


# --- Teams -------------------------------------------------------------------------------------

TEAM_ROSTER = [
    Entrant("a", "Ann", "Red"),
    Entrant("b", "Bob", "Red"),
    Entrant("c", "Cy", "Red"),
    Entrant("d", "Di", "Red"),
    Entrant("e", "Eve", "Blue"),
    Entrant("f", "Fay", "Blue"),
    Entrant("g", "Gus", "Blue"),
    Entrant("h", "Hal", "Blue"),
]


def team_games() -> list[PlayedGame]:
    ema = preset("ema2016").rules
    return [
        # a 10000+15000 = 25000; e 5000+5000 = 10000; b -5000-5000 = -10000;
        # f -10000-15000 = -25000.
        PlayedGame(1, 1, ("a", "e", "b", "f"), game_result([40000, 35000, 25000, 20000], ema)),
        # g 12000+15000 = 27000; c 3000+5000 = 8000; h -3000-5000 = -8000;
        # d -12000-15000 = -27000.
        PlayedGame(1, 2, ("g", "c", "h", "d"), game_result([42000, 33000, 27000, 18000], ema)),
    ]


TEAM_PENALTY = [PenaltyRecord("p1", "b", 5000, "noise", "TD", round=1)]


def test_team_totals_all_members() -> None:
    s = compute_standings(team_games(), TEAM_ROSTER, penalties=TEAM_PENALTY)
    # Red 25000-10000+8000-27000-5000 = -9000; Blue 10000-25000+27000-8000 = 4000.
    assert [(t.place_label, t.team, t.total) for t in s.teams] == [
        ("1", "Blue", 4000.0),
        ("2", "Red", -9000.0),
    ]
    blue, red = s.teams
    assert blue.members == ("e", "f", "g", "h")
    assert (blue.games, blue.firsts, blue.best_game) == (4, 1, 27000.0)
    assert red.penalties == 5000.0
    # Individually: g 27000, a 25000, e 10000, c 8000, h -8000, b -15000, f -25000, d -27000.
    assert s.order() == ("g", "a", "e", "c", "h", "b", "f", "d")
    assert s.row("b").total == -15000.0 and s.row("b").team == "Red"


def test_team_totals_best_two_per_round() -> None:
    config = StandingsConfig(teams=TeamConfig(mode=TeamMode.BEST, best=2))
    s = compute_standings(team_games(), TEAM_ROSTER, config, penalties=TEAM_PENALTY)
    # Blue: g 27000 + e 10000 = 37000; Red: a 25000 + c 8000 - penalty 5000 = 28000.
    assert [(t.place_label, t.team, t.total) for t in s.teams] == [
        ("1", "Blue", 37000.0),
        ("2", "Red", 28000.0),
    ]


def test_team_tie_broken_by_the_team_chain() -> None:
    ema = preset("ema2016").rules
    # Mirror games: Red and Blue both total 0, one first each; best game decides.
    games = [
        # a 25000, e 10000, b -10000, f -25000
        PlayedGame(1, 1, ("a", "e", "b", "f"), game_result([40000, 35000, 25000, 20000], ema)),
        # g 35000, c 0, h 0, d -35000 (c, h share 2nd-3rd)
        PlayedGame(1, 2, ("g", "c", "h", "d"), game_result([50000, 30000, 30000, 10000], ema)),
    ]
    # Red 25000-10000+0-35000 = -20000; Blue 10000-25000+35000+0 = 20000: not tied. Shift with
    # a 40000 penalty on Blue's h: Blue -20000, tied with Red.
    penalty = [PenaltyRecord("p", "h", 40000, "cheating", "TD", round=1)]
    chain = (Criterion.TOTAL, Criterion.FIRSTS, Criterion.BEST_GAME, Criterion.SHARED)
    config = StandingsConfig(teams=TeamConfig(tiebreaks=chain))
    s = compute_standings(games, TEAM_ROSTER, config, penalties=penalty)
    assert [(t.place_label, t.team, t.total, t.decided_by) for t in s.teams] == [
        ("1", "Blue", -20000.0, Criterion.BEST_GAME),
        ("2", "Red", -20000.0, Criterion.BEST_GAME),
    ]
    shared = compute_standings(games, TEAM_ROSTER, penalties=penalty)
    assert [t.place_label for t in shared.teams] == ["1-2", "1-2"]


# --- Withdrawals and substitutes ---------------------------------------------------------------

W_ROSTER = [
    Entrant("a", "Ann"),
    Entrant("b", "Bob"),
    Entrant("c", "Cy"),
    Entrant("w", "Wes", status=Status.WITHDRAWN),
    Entrant("s", "Sub", status=Status.SUBSTITUTE, replaces="w"),
]


def withdrawal_games() -> list[PlayedGame]:
    ema = preset("ema2016").rules
    return [
        # a 15000+15000 = 30000; b 5000+5000 = 10000; c -10000; w -30000.
        PlayedGame(1, 1, ("a", "b", "c", "w"), game_result([45000, 35000, 25000, 15000], ema)),
        # w has withdrawn; s plays the seat. b 25000; c 10000; s 0-5000 = -5000; a -30000.
        PlayedGame(2, 1, ("b", "c", "s", "a"), game_result([40000, 35000, 30000, 15000], ema)),
        # c 5000+15000 = 20000; a 2000+5000 = 7000; b -7000; s -5000-15000 = -20000.
        PlayedGame(3, 1, ("c", "a", "b", "s"), game_result([35000, 32000, 28000, 25000], ema)),
    ]


def test_withdrawal_keep_leaves_the_player_ranked() -> None:
    s = compute_standings(withdrawal_games(), W_ROSTER, StandingsConfig(withdrawal=Withdrawal.KEEP))
    # a 30000-30000+7000 = 7000; b 10000+25000-7000 = 28000; c -10000+10000+20000 = 20000.
    assert table(s) == [
        ("1", "b", 28000.0),
        ("2", "c", 20000.0),
        ("3", "a", 7000.0),
        ("4", "w", -30000.0),
    ]
    # The substitute is listed apart, unranked: -5000-20000 = -25000 over 2 games.
    assert [(r.player, r.place, r.total, r.games) for r in s.apart] == [("s", None, -25000.0, 2)]


def test_withdrawal_remove_takes_the_player_out_of_the_ranking() -> None:
    config = StandingsConfig(withdrawal=Withdrawal.REMOVE)
    s = compute_standings(withdrawal_games(), W_ROSTER, config)
    assert table(s) == [("1", "b", 28000.0), ("2", "c", 20000.0), ("3", "a", 7000.0)]
    assert [(r.player, r.total, r.games) for r in s.apart] == [
        ("w", -30000.0, 1),
        ("s", -25000.0, 2),
    ]


def test_withdrawal_chess_50_under_half_annuls_their_games_for_everyone() -> None:
    config = StandingsConfig(withdrawal=Withdrawal.CHESS_50)
    s = compute_standings(withdrawal_games(), W_ROSTER, config)
    # w played 1 of 3 games (< 50%): round 1 is annulled for the whole table.
    # a -30000+7000 = -23000; b 25000-7000 = 18000; c 10000+20000 = 30000.
    assert table(s) == [("1", "c", 30000.0), ("2", "b", 18000.0), ("3", "a", -23000.0)]
    assert [r.games for r in s.rows] == [2, 2, 2]
    assert s.notes[0] == (
        "Wes (w) withdrew after 1 of 3 games, under 50%: their games are annulled for everyone "
        "at the table (round 1 table 1)"
    )
    assert len(s.games) == 2


def test_withdrawal_chess_50_at_half_keeps_the_results() -> None:
    config = StandingsConfig(withdrawal=Withdrawal.CHESS_50, scheduled_rounds=2)
    s = compute_standings(withdrawal_games(), W_ROSTER, config)
    assert table(s)[3] == ("4", "w", -30000.0)
    assert table(s)[0] == ("1", "b", 28000.0)


def test_substitute_for_replaced_scores_for_the_seat_they_fill() -> None:
    config = StandingsConfig(substitutes=Substitutes.FOR_REPLACED)
    s = compute_standings(withdrawal_games(), W_ROSTER, config)
    # w: -30000 + s's -5000 and -20000 = -55000 over 3 games.
    assert table(s)[3] == ("4", "w", -55000.0)
    assert s.row("w").games == 3
    assert s.apart == ()


def test_ema_substitute_named_in_the_game_is_scored_apart_at_fixed_points() -> None:
    ema = preset("ema2016").rules
    result = game_result([40000, 35000, 25000, 20000], ema, substitutes=(3,))
    game = PlayedGame(1, 1, ("a", "b", "c", "d"), result, substitutes=((3, "Sam"),))
    s = compute_standings([game], ABCD)
    # a 25000, b 10000, c -10000; the seat of d: -15000 points and -15000 uma = -30000.
    assert table(s) == [
        ("1", "a", 25000.0),
        ("2", "b", 10000.0),
        ("3", "d", 0.0),
        ("4", "c", -10000.0),
    ]
    # d did not play: 0 games at 0 points, which is why `for_replaced` exists.
    assert s.row("d").games == 0
    assert [(r.player, r.total, r.status) for r in s.apart] == [
        ("Sam", -30000.0, Status.SUBSTITUTE)
    ]
    # The table adds up to -5000 because the seat was scored at fixed points.
    assert s.zero_sum.unbalanced == ((1, 1, -5000),)
    credited = compute_standings(
        [game], ABCD, StandingsConfig(substitutes=Substitutes.FOR_REPLACED)
    )
    assert credited.row("d").total == -30000.0 and credited.row("d").games == 1


# --- Stages and hidden rounds ------------------------------------------------------------------


def stage_games() -> list[PlayedGame]:
    ema = preset("ema2016").rules
    return [
        *team_games(),
        # Final table of the top four: g 10000+15000 = 25000; a 5000+5000 = 10000;
        # e -10000; c -25000.
        PlayedGame(2, 1, ("g", "a", "e", "c"), game_result([40000, 35000, 25000, 20000], ema)),
    ]


@pytest.mark.parametrize(
    ("carry", "expected"),
    [
        # Round 1: g 27000, a 25000, e 10000, c 8000 | h -8000, b -10000, f -25000, d -27000.
        (Carry.HALF, [38500.0, 22500.0, -5000.0, -21000.0]),
        (Carry.FULL, [52000.0, 35000.0, 0.0, -17000.0]),
        (Carry.RESET, [25000.0, 10000.0, -10000.0, -25000.0]),
    ],
)
def test_top_four_cut_carries_points_as_configured(carry: Carry, expected: list[float]) -> None:
    config = StandingsConfig(
        stages=(
            StageConfig("qualifying", (1, 1), advance=(4,)),
            StageConfig("final", (2, 2), carry=carry),
        )
    )
    s = compute_standings(stage_games(), TEAM_ROSTER, config)
    assert s.order() == ("g", "a", "e", "c", "h", "b", "f", "d")
    assert [r.total for r in s.rows[:4]] == expected
    # The players cut keep their qualifying totals and places 5-8.
    assert [(r.place_label, r.total, r.bracket) for r in s.rows[4:]] == [
        ("5", -8000.0, "cut"),
        ("6", -10000.0, "cut"),
        ("7", -25000.0, "cut"),
        ("8", -27000.0, "cut"),
    ]


def test_two_brackets_rank_apart() -> None:
    ema = preset("ema2016").rules
    games = [
        *team_games(),
        # Bracket A (g, a, e, c) as above; bracket B (h, b, f, d): d wins it.
        # d 10000+15000 = 25000; f 10000; b -10000; h -25000.
        PlayedGame(2, 1, ("g", "a", "e", "c"), game_result([40000, 35000, 25000, 20000], ema)),
        PlayedGame(2, 2, ("d", "f", "b", "h"), game_result([40000, 35000, 25000, 20000], ema)),
    ]
    config = StandingsConfig(
        stages=(
            StageConfig("qualifying", (1, 1), advance=(4, 4)),
            StageConfig("final", (2, 2), carry=Carry.RESET),
        )
    )
    s = compute_standings(games, TEAM_ROSTER, config)
    assert s.order() == ("g", "a", "e", "c", "d", "f", "b", "h")
    assert [r.bracket for r in s.rows] == ["final A"] * 4 + ["final B"] * 4
    assert [r.place for r in s.rows] == [1, 2, 3, 4, 5, 6, 7, 8]


def test_results_hidden_until_every_table_of_the_round_finished() -> None:
    ema = preset("ema2016").rules
    games = [
        *team_games(),
        PlayedGame(2, 1, ("a", "b", "e", "f"), game_result([40000, 35000, 25000, 20000], ema)),
    ]
    config = StandingsConfig(hide_incomplete_rounds=True)
    s = compute_standings(games, TEAM_ROSTER, config, tables_per_round={1: 2, 2: 2})
    assert (s.round, s.visible_round) == (1, 1)
    assert s.row("a").total == 25000.0
    assert "round 2 hidden until every table has finished: 1 of 2 tables in" in s.notes
    with pytest.raises(StandingsError, match="round 2 is hidden"):
        s.standings_after(2)
    # a 25000 + 10000 + 15000 = 50000 in the director's own view.
    assert s.standings_after(2, show_hidden=True).row("a").total == 50000.0


def test_unknown_player_in_a_game_is_named() -> None:
    ema = preset("ema2016").rules
    game = PlayedGame(4, 2, ("a", "b", "c", "zz"), game_result([30000] * 4, ema))
    with pytest.raises(StandingsError, match=r"round 4 table 2 seat N: player 'zz' is not on"):
        compute_standings([game], ABCD)


def test_next_stage_brackets_come_from_the_qualifying_order() -> None:
    config = StandingsConfig(
        stages=(
            StageConfig("qualifying", (1, 1), advance=(4, 4)),
            StageConfig("final", (2, 2)),
        )
    )
    s = compute_standings(team_games(), TEAM_ROSTER, config)
    # Round 1: g 27000, a 25000, e 10000, c 8000 | h -8000, b -10000, f -25000, d -27000.
    assert s.next_stage() == (("g", "a", "e", "c"), ("h", "b", "f", "d"))
    with pytest.raises(StandingsError, match="no cut to make"):
        compute_standings(team_games(), TEAM_ROSTER).next_stage()


def test_with_games_matches_a_full_recompute_across_rounds_with_penalties() -> None:
    games, penalties = ema_event()
    config = preset("ema2016").standings_config()
    live = compute_standings(games[:1], ABCD, config, penalties=penalties)
    for g in games[1:]:
        live = live.with_games([g])
    full = compute_standings(games, ABCD, config, penalties=penalties)
    assert live.rows == full.rows
    assert [r.movement for r in live.rows] == [1, 1, -2, 0]


def test_sanma_event_before_any_game_has_three_place_columns() -> None:
    s = compute_standings([], ABCD, preset("sanma-club").standings_config(), seats_per_table=3)
    assert s.seats == 3
    assert [(r.place_label, r.games, r.place_counts) for r in s.rows] == [
        ("1-4", 0, (0, 0, 0)),
    ] * 4


def test_unnamed_substitute_seat_is_listed_apart_per_absent_player() -> None:
    ema = preset("ema2016").rules
    result = game_result([40000, 35000, 25000, 20000], ema, substitutes=(3,))
    s = compute_standings([PlayedGame(1, 1, ("a", "b", "c", "d"), result)], ABCD)
    assert [(r.player, r.name, r.total, r.games) for r in s.apart] == [
        ("sub:d", "substitute for d", -30000.0, 1)
    ]
    assert s.row("d").games == 0


def test_breakdown_explains_every_number_of_a_total() -> None:
    games, penalties = ema_event()
    s = compute_standings(games, ABCD, preset("ema2016").standings_config(), penalties=penalties)
    d = s.breakdown("d")
    assert d.games == (
        GameLine(1, 1, "N", 4, 15000, -15000, 0, 0, -30000, True),
        GameLine(2, 1, "W", 3, 25000, -5000, 0, -20000, -30000, True),
        GameLine(3, 1, "N", 4, 18000, -15000, 0, 0, -27000, True),
    )
    assert d.total == s.row("d").total == -87000.0
    a = s.breakdown("a")
    # The cancelled penalty is listed, not counted: 30000 - 25000 + 18000.
    assert [(p.id, p.cancelled) for p in a.penalties] == [("p2", True)]
    assert a.total == s.row("a").total == 23000.0
    assert s.breakdown("b").total == 14000.0
    assert s.standings_after(2).breakdown("d").total == -60000.0
    with pytest.raises(KeyError, match="'zz' is not in the standings"):
        s.breakdown("zz")


def test_breakdown_lists_byes_at_their_value() -> None:
    config = StandingsConfig(bye=Bye.FIXED, bye_points=5000)
    s = compute_standings(sanma_games(), ABCD, config, byes=SANMA_BYES)
    c = s.breakdown("c")
    assert (c.byes, c.total) == (((2, 5000.0),), -25000.0)


def test_with_games_keeps_the_rows_it_left_alone() -> None:
    ema = preset("ema2016").rules
    players = [*ABCD, *(Entrant(p, p.upper()) for p in "efgh")]
    first = PlayedGame(1, 1, ("a", "b", "c", "d"), game_result([45000, 30000, 30000, 15000], ema))
    # All four tied: uma shared to 0 each, so nobody else moves.
    second = PlayedGame(1, 2, ("e", "f", "g", "h"), game_result([30000] * 4, ema))
    before = compute_standings([first], players)
    assert [r.place_label for r in before.rows] == ["1"] + ["2-7"] * 6 + ["8"]
    after = before.with_games([second])
    assert [r.place_label for r in after.rows] == ["1"] + ["2-7"] * 6 + ["8"]
    assert all(after.row(p) is before.row(p) for p in "abcd")
    assert after.row("e") is not before.row("e") and after.row("e").games == 1
    assert after.rows == compute_standings([first, second], players).rows


W_FROM_ROUND_2 = [
    e if e.id != "w" else Entrant("w", "Wes", status=Status.WITHDRAWN, withdrawn_from=2)
    for e in W_ROSTER
]


def test_removed_withdrawal_still_ranks_in_snapshots_before_it() -> None:
    config = StandingsConfig(withdrawal=Withdrawal.REMOVE)
    s = compute_standings(withdrawal_games(), W_FROM_ROUND_2, config)
    assert table(s) == [("1", "b", 28000.0), ("2", "c", 20000.0), ("3", "a", 7000.0)]
    # After round 1 Wes had not withdrawn yet: a 30000, b 10000, c -10000, w -30000.
    assert table(s.standings_after(1)) == [
        ("1", "a", 30000.0),
        ("2", "b", 10000.0),
        ("3", "c", -10000.0),
        ("4", "w", -30000.0),
    ]


def test_chess_50_annuls_only_from_the_round_of_the_withdrawal() -> None:
    config = StandingsConfig(withdrawal=Withdrawal.CHESS_50)
    s = compute_standings(withdrawal_games(), W_FROM_ROUND_2, config)
    assert table(s) == [("1", "c", 30000.0), ("2", "b", 18000.0), ("3", "a", -23000.0)]
    after1 = s.standings_after(1)
    assert table(after1)[0] == ("1", "a", 30000.0) and len(after1.rows) == 4
    assert after1.notes == ()
    assert [g.counted for g in s.breakdown("a").games] == [False, True, True]
    assert [g.counted for g in after1.breakdown("a").games] == [True]

"""Each link of the tiebreak chain deciding a tie, with the numbers worked out by hand.

The games are written directly as results (points, places, final scores) so that each case
isolates one criterion; the chess cases use two-seat games, which are exactly chess games.
"""

from __future__ import annotations

import hashlib

import numpy as np
import pytest

from mjevent.core.results import GameResult
from mjevent.core.standings import Criterion, Entrant, PlayedGame, StandingsConfig
from mjevent.core.standings.compute import Standings, compute_standings
from mjevent.core.standings.tiebreaks import lot_key

PLAYERS = [Entrant(p, p.upper()) for p in "abcdefgh"]


def result(
    points: tuple[int, ...], places: tuple[int, ...], final: tuple[int, ...] = ()
) -> GameResult:
    zeros = (0,) * len(points)
    return GameResult(
        final=final or tuple(30000 + p for p in points),
        places=places,
        uma=zeros,
        oka=zeros,
        penalties=zeros,
        total=points,
        rounded=points,
        points=points,
        leftover=0,
    )


def game(
    round: int,
    table: int,
    seats: str,
    points: tuple[int, ...],
    places: tuple[int, ...],
    final: tuple[int, ...] = (),
) -> PlayedGame:
    return PlayedGame(round, table, tuple(seats), result(points, places, final))


def ranked(
    games: list[PlayedGame], *chain: Criterion, seed: str = "", players: int = 8
) -> Standings:
    config = StandingsConfig(tiebreaks=chain, seed=seed)
    return compute_standings(games, PLAYERS[:players], config)


def top_two(s: Standings) -> list[tuple[str, str, Criterion | None]]:
    return [(r.place_label, r.player, r.decided_by) for r in s.rows[:2]]


def test_raw_score_sum_decides() -> None:
    # a and b both +10000; raw scores a 40000, b 38000.
    games = [
        game(
            1, 1, "abcd", (10000, 10000, -5000, -15000), (1, 2, 3, 4), (40000, 38000, 25000, 17000)
        )
    ]
    s = ranked(games, Criterion.TOTAL, Criterion.RAW_SUM)
    assert top_two(s) == [("1", "a", Criterion.RAW_SUM), ("2", "b", Criterion.RAW_SUM)]


def test_firsts_decide() -> None:
    # a: 1st +20000, 3rd -10000 = 10000; b: 2nd +5000 twice = 10000.
    games = [
        game(1, 1, "abcd", (20000, 5000, -10000, -15000), (1, 2, 3, 4)),
        game(2, 1, "cbad", (25000, 5000, -10000, -20000), (1, 2, 3, 4)),
    ]
    s = ranked(games, Criterion.TOTAL, Criterion.FIRSTS)
    assert [(r.player, r.total) for r in s.rows[1:3]] == [("a", 10000.0), ("b", 10000.0)]
    assert [r.place_label for r in s.rows[1:3]] == ["2", "3"]
    assert s.rows[1].decided_by is Criterion.FIRSTS


def test_best_game_decides() -> None:
    # a: +25000 and -15000; b: -10000 and +20000; both 10000 with one first each.
    games = [
        game(1, 1, "abcd", (25000, -10000, 0, -15000), (1, 3, 2, 4)),
        game(1, 2, "efgh", (30000, 0, 0, -30000), (1, 2, 2, 4)),
        game(2, 1, "baed", (20000, -15000, 0, -5000), (1, 4, 2, 3)),
    ]
    s = ranked(games, Criterion.TOTAL, Criterion.FIRSTS, Criterion.BEST_GAME)
    rows = [(r.place_label, r.player, r.total, r.decided_by) for r in s.rows if r.player in "ab"]
    assert rows == [
        ("2", "a", 10000.0, Criterion.BEST_GAME),
        ("3", "b", 10000.0, Criterion.BEST_GAME),
    ]


def test_head_to_head_decides_against_the_better_raw_sum() -> None:
    # Game 1: b +15000 beat a -5000 at the same table (difference 20000 for b).
    # Game 2: a +15000 elsewhere; game 3: b -5000 elsewhere. Both total 10000, nobody else does
    # (c 0, d -10000, e 0, f 0, g -2000, h -8000).
    games = [
        game(1, 1, "abcd", (-5000, 15000, 0, -10000), (3, 1, 2, 4)),
        game(2, 1, "aefg", (15000, 0, -5000, -10000), (1, 2, 3, 4)),
        game(3, 1, "bfgh", (-5000, 5000, 8000, -8000), (3, 2, 1, 4)),
    ]
    s = ranked(games, Criterion.TOTAL, Criterion.HEAD_TO_HEAD)
    tied = [(r.place_label, r.player, r.decided_by) for r in s.rows if r.total == 10000.0]
    assert tied == [("1", "b", Criterion.HEAD_TO_HEAD), ("2", "a", Criterion.HEAD_TO_HEAD)]


def test_head_to_head_leaves_players_who_never_met_level() -> None:
    games = [
        game(1, 1, "abcd", (10000, 0, 0, -10000), (1, 2, 2, 4)),
        game(1, 2, "efgh", (10000, 0, 0, -10000), (1, 2, 2, 4)),
    ]
    s = ranked(games, Criterion.TOTAL, Criterion.HEAD_TO_HEAD, Criterion.SHARED)
    assert [(r.place_label, r.player) for r in s.rows[:2]] == [("1-2", "a"), ("1-2", "e")]


def test_average_place_decides_lower_first() -> None:
    # a: 1st and 4th (2.5); b: 2nd and 2nd (2.0); both total 0.
    games = [
        game(1, 1, "abcd", (20000, 0, 0, -20000), (1, 2, 2, 4)),
        game(2, 1, "cbda", (20000, 0, 0, -20000), (1, 2, 2, 4)),
    ]
    s = ranked(games, Criterion.TOTAL, Criterion.AVG_PLACE)
    tied = [(r.place_label, r.player, r.average_place) for r in s.rows if r.player in "ab"]
    assert tied == [("2", "b", 2.0), ("3", "a", 2.5)]


# A chess round robin of four, as two-seat games (win 1000, draw 500 each, loss 0):
# A-B draw, A beats C, D beats A, B beats C, B-D draw, C beats D.
# Scores: A 1.5, B 2, C 1, D 1.5; A and D are tied.
CHESS = [
    game(1, 1, "ab", (500, 500), (1, 1)),
    game(1, 2, "cd", (1000, 0), (1, 2)),
    game(2, 1, "ac", (1000, 0), (1, 2)),
    game(2, 2, "bd", (500, 500), (1, 1)),
    game(3, 1, "da", (1000, 0), (1, 2)),
    game(3, 2, "bc", (1000, 0), (1, 2)),
]
CHESS_PLAYERS = PLAYERS[:4]


def chess(*chain: Criterion) -> Standings:
    return compute_standings(CHESS, CHESS_PLAYERS, StandingsConfig(tiebreaks=chain))


def test_chess_scores_are_the_totals() -> None:
    s = chess(Criterion.TOTAL, Criterion.SHARED)
    assert [(r.place_label, r.player, r.total) for r in s.rows] == [
        ("1", "b", 2000.0),
        ("2-3", "a", 1500.0),
        ("2-3", "d", 1500.0),
        ("4", "c", 1000.0),
    ]


@pytest.mark.parametrize(
    "criterion",
    [
        # SB: A beat C (1) + half of B (2/2) = 2; D beat A (1.5) + half of B (1) = 2.5.
        Criterion.SONNEBORN_BERGER,
        # DE: D beat A.
        Criterion.DIRECT_ENCOUNTER,
        # Koya (opponents with >= 1.5 of 3: A, B, D): A 0 vs D + 1/2 vs B = 0.5;
        # D 1 vs A + 1/2 vs B = 1.5.
        Criterion.KOYA,
    ],
)
def test_chess_round_robin_tie_goes_to_d(criterion: Criterion) -> None:
    s = chess(Criterion.TOTAL, criterion)
    assert [(r.place_label, r.player, r.decided_by) for r in s.rows[1:3]] == [
        ("2", "d", criterion),
        ("3", "a", criterion),
    ]


def test_buchholz_is_skipped_in_a_complete_round_robin() -> None:
    s = chess(Criterion.TOTAL, Criterion.BUCHHOLZ, Criterion.SHARED)
    assert [r.place_label for r in s.rows] == ["1", "2-3", "2-3", "4"]
    assert any(n.startswith("buchholz skipped: in a complete round robin") for n in s.notes)


def test_buchholz_separates_when_the_round_robin_is_incomplete() -> None:
    # Rounds 1 and 3 only: A-B draw, C beats D, D beats A, B beats C.
    # A 0.5, B 1.5, C 1, D 1. Buchholz C: D 1 + B 1.5 = 2.5; D: C 1 + A 0.5 = 1.5.
    games = [CHESS[0], CHESS[1], CHESS[4], CHESS[5]]
    config = StandingsConfig(tiebreaks=(Criterion.TOTAL, Criterion.BUCHHOLZ))
    s = compute_standings(games, CHESS_PLAYERS, config)
    assert [(r.place_label, r.player, r.decided_by) for r in s.rows] == [
        ("1", "b", Criterion.TOTAL),
        ("2", "c", Criterion.BUCHHOLZ),
        ("3", "d", Criterion.BUCHHOLZ),
        ("4", "a", Criterion.TOTAL),
    ]
    assert not any(n.startswith("buchholz") for n in s.notes)


def test_direct_encounter_needs_every_tied_player_to_have_met() -> None:
    # a and e tie on total but never met: direct encounter cannot separate them.
    games = [
        game(1, 1, "ab", (1000, 0), (1, 2)),
        game(1, 2, "ef", (1000, 0), (1, 2)),
    ]
    s = ranked(games, Criterion.TOTAL, Criterion.DIRECT_ENCOUNTER)
    assert [(r.place_label, r.player) for r in s.rows[:2]] == [("1-2", "a"), ("1-2", "e")]


def draw_number(seed: str, player: str) -> int:
    # The published procedure, written out independently of the code under test.
    digest = hashlib.sha256(f"{seed}\n{player}".encode()).digest()
    return int(np.random.PCG64(int.from_bytes(digest, "big")).random_raw()) >> 1


def test_lots_decide_by_the_published_seed_after_every_other_link() -> None:
    # a and e: same total, raw sum, firsts, best game, average place; never met.
    games = [
        game(1, 1, "abcd", (10000, 0, 0, -10000), (1, 2, 2, 4)),
        game(1, 2, "efgh", (10000, 0, 0, -10000), (1, 2, 2, 4)),
    ]
    seed = "Spring Open 2026 - seed published 2026-03-01"
    others = [c for c in Criterion if c not in (Criterion.SHARED, Criterion.LOTS)]
    s = ranked(games, *others, Criterion.LOTS, seed=seed)
    expected = sorted("ae", key=lambda p: draw_number(seed, p))
    assert [(r.place_label, r.player, r.decided_by) for r in s.rows[:2]] == [
        ("1", expected[0], Criterion.LOTS),
        ("2", expected[1], Criterion.LOTS),
    ]
    assert lot_key(seed, "a") == draw_number(seed, "a")


def test_shared_place_with_criteria_after_it_only_ordering_rows() -> None:
    # b and c share 2nd-3rd on total; raw sum (c 31000 > b 29000) only orders them.
    games = [game(1, 1, "abcd", (20000, 0, 0, -20000), (1, 2, 2, 4), (45000, 29000, 31000, 15000))]
    s = ranked(games, Criterion.TOTAL, Criterion.SHARED, Criterion.RAW_SUM, players=4)
    assert [(r.place_label, r.player, r.decided_by) for r in s.rows] == [
        ("1", "a", Criterion.TOTAL),
        ("2-3", "c", None),
        ("2-3", "b", None),
        ("4", "d", Criterion.TOTAL),
    ]


def test_firsts_before_total_ranks_a_league_by_wins() -> None:
    games = [
        game(1, 1, "abcd", (5000, 40000, -20000, -25000), (1, 2, 3, 4)),
    ]
    s = ranked(games, Criterion.FIRSTS, Criterion.TOTAL)
    assert s.order()[:2] == ("a", "b")


def test_games_played_decide_before_total() -> None:
    # Two games: e 10000-5000 = 5000, f 0+5000 = 5000, g 0, h -10000-0 = -10000.
    # One game: a +20000, b 0, c 0, d -20000. More games rank first, whatever the total.
    games = [
        game(1, 1, "abcd", (20000, 0, 0, -20000), (1, 2, 2, 4)),
        game(1, 2, "efgh", (10000, 0, 0, -10000), (1, 2, 2, 4)),
        game(2, 1, "efgh", (-5000, 5000, 0, 0), (4, 1, 2, 2)),
    ]
    s = ranked(games, Criterion.GAMES, Criterion.TOTAL, Criterion.SHARED)
    assert [(r.place_label, r.player, r.games, r.total) for r in s.rows[:5]] == [
        ("1-2", "e", 2, 5000.0),
        ("1-2", "f", 2, 5000.0),
        ("3", "g", 2, 0.0),
        ("4", "h", 2, -10000.0),
        ("5", "a", 1, 20000.0),
    ]

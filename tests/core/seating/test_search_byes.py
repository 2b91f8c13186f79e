"""Byes and the search: impossible rounds are recognised, the adjustment round is reached."""

from __future__ import annotations

import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from mjevent.core.seating.check import Requirements, check
from mjevent.core.seating.draw import apply_draw
from mjevent.core.seating.generate import GenerateSettings, generate
from mjevent.core.seating.search import round_can_follow


def _games(players: int, rounds: tuple[tuple[tuple[int, ...], ...], ...]) -> list[int]:
    games = [0] * players
    for rnd in rounds:
        for table in rnd:
            for p in table:
                games[p] += 1
    return games


SEARCH_ONLY = GenerateSettings(bye_iterations=0)
"""These tests are about the round-by-round search, so the whole-format annealing is off."""


def test_thirteen_players_at_fours_get_the_one_repeat_free_round_that_exists() -> None:
    # Three tables and a bye leave four groups; a second round would need the bye player at
    # all three tables, so one repeat-free round is the most there is.
    s = generate(13, 4, 3, settings=SEARCH_ONLY)
    report = check(s, Requirements(wind_balance=True))
    assert report.ok
    assert report.summary.repeat_free_rounds == 1
    assert s.byes == ((0,), (1,), (2,))
    assert s.source == "search; byes rotating"


def test_eighteen_players_at_fours_reach_the_adjustment_round_repeat_free() -> None:
    s = generate(18, 4, 3, settings=SEARCH_ONLY)
    report = check(s, Requirements(wind_balance=True, no_repeats=True))
    assert report.ok
    assert report.summary.repeat_free_rounds == 3
    assert s.source == "search; byes 2+1"
    assert _games(18, s.rounds) == [2] * 18
    drawn = apply_draw(s, "Cup 2026")
    assert drawn.to_json_dict() == {
        "players": 18,
        "table_size": 4,
        "rounds": [
            [[11, 17, 2, 12], [16, 5, 4, 8], [1, 14, 15, 3], [13, 10, 18, 9]],
            [[5, 13, 14, 6], [18, 3, 17, 7], [10, 16, 11, 1], [9, 12, 8, 15]],
            [[7, 2, 6, 4]],
        ],
        "bye": [[6, 7], [4, 2], [13, 1, 8, 17, 12, 18, 15, 11, 16, 5, 9, 14, 10, 3]],
    }


def test_ten_players_in_threes_play_three_plus_one_without_a_repeat() -> None:
    s = generate(10, 3, 4, settings=SEARCH_ONLY)
    report = check(s, Requirements(wind_balance=True, no_repeats=True))
    assert report.ok
    assert report.summary.repeat_free_rounds == 4
    assert s.source == "search; byes 3+1"
    assert _games(10, s.rounds) == [3] * 10
    assert s.rounds[3] == ((2, 0, 1),)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(min_value=3, max_value=4),
    st.integers(min_value=2, max_value=4),
    st.integers(min_value=0, max_value=3),
    st.randoms(use_true_random=False),
)
def test_a_round_that_repeats_nobody_is_never_ruled_out(
    k: int, tables: int, over: int, rnd: random.Random
) -> None:
    # Soundness: whenever two random rounds happen to share no pair, the bound must allow it.
    players = k * tables + over
    first_order = rnd.sample(range(players), players)
    second_order = rnd.sample(range(players), players)
    first = np.asarray(first_order[: k * tables], dtype=np.int64).reshape(tables, k)
    second = [second_order[i : i + k] for i in range(0, k * tables, k)]
    table_of = {int(p): t for t, row in enumerate(first) for p in row}
    shared = any(
        a in table_of and b in table_of and table_of[a] == table_of[b]
        for table in second
        for i, a in enumerate(table)
        for b in table[i + 1 :]
    )
    if not shared:
        assert round_can_follow(first, sorted(p for t in second for p in t), k)


def test_eighteen_players_four_plus_one_move_the_main_rounds_around_the_last() -> None:
    # The adjustment round seats the eight who sat out at two tables: it has another shape
    # than the main rounds, so the stretch alternates between them.
    s = generate(18, 4, 5, settings=SEARCH_ONLY)
    report = check(s, Requirements(wind_balance=True, no_repeats=True))
    assert report.ok
    assert report.summary.repeat_free_rounds == 5
    assert s.source == "search; byes 4+1"
    assert _games(18, s.rounds) == [4] * 18
    assert s.byes[:4] == ((0, 1), (2, 3), (4, 5), (6, 7))

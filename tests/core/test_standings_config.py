"""The `[standings]` table of an event file: every key read, every mistake named with its fix."""

from __future__ import annotations

from typing import Any

import pytest

from mjevent.core.standings.config import (
    Bye,
    Carry,
    Criterion,
    StageConfig,
    StandingsConfig,
    StandingsConfigError,
    Substitutes,
    TeamConfig,
    TeamMode,
    Withdrawal,
    standings_config_from_dict,
)


def test_every_key_is_read() -> None:
    config = standings_config_from_dict(
        {
            "tiebreaks": ["total", "head_to_head", "lots"],
            "seed": "published seed",
            "withdrawal": "chess_50",
            "substitutes": "for_replaced",
            "bye": "fixed",
            "bye_points": 5000,
            "hide_incomplete_rounds": True,
            "scheduled_rounds": 8,
            "stages": [
                {"name": "swiss", "rounds": [1, 6], "advance": [8, 8]},
                {"name": "finals", "rounds": [7, 8], "carry": "reset"},
            ],
            "teams": {"mode": "best", "best": 3, "tiebreaks": ["total", "firsts"]},
        }
    )
    assert config == StandingsConfig(
        tiebreaks=(Criterion.TOTAL, Criterion.HEAD_TO_HEAD, Criterion.LOTS),
        seed="published seed",
        withdrawal=Withdrawal.CHESS_50,
        substitutes=Substitutes.FOR_REPLACED,
        bye=Bye.FIXED,
        bye_points=5000,
        hide_incomplete_rounds=True,
        scheduled_rounds=8,
        stages=(
            StageConfig("swiss", (1, 6), (8, 8), Carry.FULL),
            StageConfig("finals", (7, 8), (), Carry.RESET),
        ),
        teams=TeamConfig(TeamMode.BEST, 3, (Criterion.TOTAL, Criterion.FIRSTS)),
    )


def test_empty_table_is_the_default() -> None:
    assert standings_config_from_dict({}) == StandingsConfig()


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"tiebreak": ["total"]}, "[standings] unknown key 'tiebreak'; did you mean 'tiebreaks'?"),
        (
            {"tiebreaks": ["total", "sonneborn"]},
            "[standings] tiebreaks[1] = 'sonneborn': expected one of total, raw_sum, firsts, "
            "best_game, head_to_head, avg_place, games, lots, sonneborn_berger, direct_encounter, "
            "koya, buchholz, shared; did you mean 'sonneborn_berger'?",
        ),
        (
            {"tiebreaks": ["total", "lots"]},
            "[standings] tiebreak 'lots' needs the event's published seed text: set seed = '...'",
        ),
        (
            {"tiebreaks": "total"},
            "[standings] tiebreaks = 'total': expected a list such as ['total', 'lots']",
        ),
        ({"tiebreaks": []}, "[standings] tiebreaks is empty: give at least ['total']"),
        (
            {"tiebreaks": ["total", "total"]},
            "[standings] tiebreaks names a criterion twice; keep each once",
        ),
        ({"bye_points": "5"}, "[standings] bye_points = '5': expected a whole number"),
        (
            {"hide_incomplete_rounds": "yes"},
            "[standings] hide_incomplete_rounds = 'yes': expected true or false",
        ),
        (
            {"withdrawal": "drop"},
            "[standings] withdrawal = 'drop': expected one of keep, remove, chess_50",
        ),
        (
            {"teams": {"mode": "best"}},
            "[standings] teams.mode = 'best' needs teams.best = N (members counted per round)",
        ),
        (
            {"teams": {"tiebreaks": ["total", "koya"]}},
            "[standings] teams.tiebreaks cannot use koya (allowed: best_game, firsts, games, "
            "lots, raw_sum, shared, total)",
        ),
        ({"teams": {"best_n": 2}}, "[standings] teams unknown key 'best_n'; did you mean 'best'?"),
        (
            {"stages": [{"name": "q", "rounds": [1, 4]}, {"name": "f", "rounds": [6, 7]}]},
            "[standings] stages[0] (q) needs advance = [N] (the cut); stages[1] (f) rounds "
            "[6, 7]: stages must cover consecutive rounds from 1, e.g. [5, 7]",
        ),
        (
            {"stages": [{"name": "q", "rounds": [1, 4], "advance": [8]}]},
            "[standings] stages[0] (q) is the last stage: remove 'advance'",
        ),
        (
            {"stages": [{"name": "q", "rounds": "1-4"}]},
            "[standings] stages[0] rounds = '1-4': expected [first, last]",
        ),
        (
            {"stages": [{"name": "q", "round": [1, 4]}]},
            "[standings] stages[0] unknown key 'round'; did you mean 'rounds'?",
        ),
    ],
)
def test_mistakes_are_named_with_the_fix(raw: dict[str, Any], message: str) -> None:
    with pytest.raises(StandingsConfigError) as caught:
        standings_config_from_dict(raw)
    assert str(caught.value) == message

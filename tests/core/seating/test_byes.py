"""Bye formats: the catalogue's G+1 with an adjustment round, and rotating byes."""

from __future__ import annotations

import pytest

from mjevent.core.seating.byes import plan_byes


@pytest.mark.parametrize(
    ("players", "k", "rounds", "name", "games"),
    [(15, 4, 5, "4+1", 4), (30, 4, 7, "6+1", 6), (39, 4, 9, "8+1", 8), (10, 3, 4, "3+1", 3)],
)
def test_catalogue_formats_give_everybody_the_same_number_of_games(
    players: int, k: int, rounds: int, name: str, games: int
) -> None:
    plan = plan_byes(players, k, rounds)
    assert plan.format_name == name
    assert plan.games_each == games
    played = [0] * players
    for act in plan.active(players):
        assert len(act) % k == 0
        for p in act:
            played[p] += 1
    assert played == [games] * players


def test_nobody_sits_out_twice_in_the_main_rounds() -> None:
    plan = plan_byes(30, 4, 7)
    main = [p for bye in plan.byes[:-1] for p in bye]
    assert len(main) == len(set(main)) == 12


def test_rotating_byes_when_the_adjustment_round_cannot_fill_tables() -> None:
    plan = plan_byes(13, 4, 3)
    assert plan.format_name == "rotating"
    assert plan.byes == ((0,), (1,), (2,))


def test_full_tables_need_no_bye() -> None:
    plan = plan_byes(16, 4, 5)
    assert (plan.format_name, plan.games_each) == ("none", 5)


def test_too_few_players_is_an_error_naming_the_minimum() -> None:
    with pytest.raises(ValueError, match="need at least 4 players"):
        plan_byes(3, 4, 2)

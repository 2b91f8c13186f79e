"""`core/seating/plan.py`: the roster, the draw, and re-seating around rounds already played."""

from __future__ import annotations

import pytest

from mjevent.core.seating.plan import (
    Roster,
    generated_plan,
    new_repeats,
    ranked_plan,
    redo,
    regenerated_plan,
    stage_plan,
)
from mjevent.core.seating.schedule import ScheduleError


def ids(n: int) -> tuple[str, ...]:
    return tuple(f"p{i:02d}" for i in range(1, n + 1))


def test_roster_groups_teams_in_order_of_first_player() -> None:
    roster = Roster.of(["a", "b", "c", "d", "e"], {"a": "x", "b": "y", "c": "x", "d": None,
                                                   "e": "y"})
    assert roster.players == ("a", "c", "b", "e", "d")
    assert roster.team_sizes == (2, 2)
    assert roster.teams() == ((0, 1), (2, 3))
    assert roster.equal_team_size is None
    assert Roster.from_params(roster.params()) == roster


def test_a_roster_naming_a_player_twice_is_refused() -> None:
    with pytest.raises(ScheduleError, match="the roster names a player twice"):
        Roster(("a", "a"))


@pytest.mark.parametrize(
    ("players", "table_size", "rounds", "gone", "new"),
    [
        (16, 4, 5, ("p03",), ()),
        (20, 4, 5, ("p01", "p02"), ("n1",)),
        (12, 3, 5, (), ("n1", "n2")),
        (24, 4, 7, ("p24",), ("n1", "n2")),
    ],
)
def test_regenerating_keeps_the_played_rounds_and_seats_exactly_the_roster(
    players: int, table_size: int, rounds: int, gone: tuple[str, ...], new: tuple[str, ...]
) -> None:
    first = generated_plan(Roster(ids(players)), table_size, rounds, "t")
    seated = dict(enumerate(first.rounds, 1))
    roster = Roster(tuple(p for p in ids(players) if p not in gone) + new)
    plan = regenerated_plan(roster, table_size, seated, 3, rounds, "t")
    assert plan.first_round == 3 and len(plan.rounds) == rounds - 2
    over = roster.size % table_size
    for rnd in plan.rounds:
        flat = [p for t in rnd for p in t]
        assert all(len(t) == table_size for t in rnd)
        assert len(flat) == len(set(flat)) == roster.size - over
        assert set(flat) <= set(roster.players)
    # Byes go round: nobody sits out twice before everyone who can has sat out once.
    outs = [
        p for rnd in plan.rounds for p in roster.players if p not in {x for t in rnd for x in t}
    ]
    assert len(outs) == len(set(outs)) or len(set(outs)) == roster.size
    assert redo("regenerated", plan.params, 3, seated) == plan.rounds


def test_regenerating_after_a_withdrawal_repeats_nobody() -> None:
    first = generated_plan(Roster(ids(28)), 4, 7, "t")
    seated = dict(enumerate(first.rounds, 1))
    roster = Roster(tuple(p for p in ids(28) if p != "p10"))
    plan = regenerated_plan(roster, 4, seated, 3, 7, "t")
    assert new_repeats([seated[1], seated[2]], plan.rounds) == []


def test_ranked_round_seats_the_standings_in_order() -> None:
    standings = ids(8)[::-1]
    plan = ranked_plan(standings, 4, {}, 1)
    assert [sorted(t) for t in plan.rounds[0]] == [sorted(standings[:4]), sorted(standings[4:])]
    assert plan.params["standings"] == " ".join(standings)
    with pytest.raises(ScheduleError, match="7 players do not fill tables of 4"):
        ranked_plan(standings[:7], 4, {}, 1)


def test_swiss_trades_places_for_fewer_repeats() -> None:
    # Round 1 put neighbours in the standings together; ranked they would all meet again.
    seated = {1: (("p01", "p02", "p07", "p08"), ("p03", "p04", "p09", "p10"),
                  ("p05", "p06", "p11", "p12"))}
    standings = ids(12)
    ranked = ranked_plan(standings, 4, seated, 2)
    swiss = ranked_plan(standings, 4, seated, 2, swiss=True)
    assert len(new_repeats([seated[1]], ranked.rounds)) == 6
    # Four players from three earlier tables: at least one pair a table meets again.
    assert len(new_repeats([seated[1]], swiss.rounds)) == 3
    assert "p01" in swiss.rounds[0][0]
    assert redo("swiss", swiss.params, 2, seated) == swiss.rounds


def test_stage_seats_each_bracket_on_its_own_tables() -> None:
    first = generated_plan(Roster(ids(16)), 4, 2, "s")
    seated = dict(enumerate(first.rounds, 1))
    brackets = [ids(16)[:8], ids(16)[8:]]
    plan = stage_plan(brackets, 4, seated, 3, 4, "s", stage="final")
    for rnd in plan.rounds:
        assert {p for t in rnd[:2] for p in t} == set(brackets[0])
        assert {p for t in rnd[2:] for p in t} == set(brackets[1])
    assert plan.params["brackets"] == " ".join(brackets[0]) + " | " + " ".join(brackets[1])
    assert redo("stage", plan.params, 3, seated) == plan.rounds


def test_redo_refuses_what_cannot_be_recomputed() -> None:
    with pytest.raises(ScheduleError, match="a seating made by 'manual' cannot be recomputed"):
        redo("manual", {"roster": "a b", "table_size": 2, "rounds": 1}, 1, {})
    with pytest.raises(ScheduleError, match="params have no 'roster'"):
        redo("generated", {}, 1, {})

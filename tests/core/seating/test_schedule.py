"""The Schedule value: validation messages, the JSON form, teams of consecutive numbers."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mjevent.core.seating.schedule import Schedule, ScheduleError, consecutive_teams


def test_build_freezes_nested_lists_and_counts_rounds_and_tables() -> None:
    s = Schedule.build(6, 3, [[[0, 1, 2], [3, 4, 5]]], teams=[[0, 3]])
    assert s.rounds == (((0, 1, 2), (3, 4, 5)),)
    assert s.byes == ((),)
    assert (s.round_count, s.table_count, s.teams) == (1, 2, ((0, 3),))


def test_player_seated_twice_in_a_round_is_rejected_with_round_and_player() -> None:
    with pytest.raises(ScheduleError, match="round 1: player 1 is seated twice"):
        Schedule.build(4, 2, [[[0, 1], [0, 3]]])


def test_bye_player_also_seated_is_rejected() -> None:
    with pytest.raises(ScheduleError, match="round 1: player 3 is seated twice"):
        Schedule.build(5, 2, [[[0, 1], [2, 3]]], [[2]])


def test_short_table_is_rejected_naming_table_and_size() -> None:
    with pytest.raises(ScheduleError, match="round 1 table 2 has 1 players: expected 2"):
        Schedule.build(3, 2, [[[0, 1], [2]]])


def test_player_out_of_range_is_rejected() -> None:
    with pytest.raises(ScheduleError, match=r"player 5 is not in 1\.\.4"):
        Schedule.build(4, 2, [[[0, 1], [2, 4]]])


def test_json_form_numbers_players_from_one_and_adds_bye_only_when_needed() -> None:
    plain = Schedule.build(4, 2, [[[0, 1], [2, 3]]])
    assert plain.to_json_dict() == {"players": 4, "table_size": 2, "rounds": [[[1, 2], [3, 4]]]}
    with_bye = Schedule.build(5, 2, [[[0, 1], [2, 3]], [[4, 0], [1, 2]]], [[4], [3]])
    assert with_bye.to_json_dict()["bye"] == [[5], [4]]


def test_json_with_wrong_bye_count_is_rejected() -> None:
    data = {"players": 5, "table_size": 2, "rounds": [[[1, 2], [3, 4]]], "bye": [[5], [5]]}
    with pytest.raises(ScheduleError, match="2 'bye' lists for 1 rounds"):
        Schedule.from_json_dict(data)


def test_json_without_players_names_the_missing_fields() -> None:
    with pytest.raises(ScheduleError, match="needs integer 'players'"):
        Schedule.from_json_dict({"rounds": []})


@given(st.data())
def test_json_round_trip_is_exact(data: st.DataObject) -> None:
    k = data.draw(st.integers(2, 5))
    tables = data.draw(st.integers(1, 4))
    over = data.draw(st.integers(0, k - 1))
    players = k * tables + over
    rounds = []
    byes = []
    for _ in range(data.draw(st.integers(1, 4))):
        order = data.draw(st.permutations(range(players)))
        rounds.append([order[i * k : (i + 1) * k] for i in range(tables)])
        byes.append(order[k * tables :])
    s = Schedule.build(players, k, rounds, byes)
    assert Schedule.from_json_dict(s.to_json_dict()) == s


def test_relabelled_renames_every_seat_and_bye() -> None:
    s = Schedule.build(3, 2, [[[0, 1]]], [[2]])
    assert s.relabelled([2, 0, 1]).rounds == (((2, 0),),)
    assert s.relabelled([2, 0, 1]).byes == ((1,),)


def test_consecutive_teams_follow_the_catalogue_convention() -> None:
    assert consecutive_teams(40, teams=4)[1] == tuple(range(10, 20))
    assert consecutive_teams(6, team_size=2) == ((0, 1), (2, 3), (4, 5))


def test_team_count_that_does_not_divide_is_rejected_with_the_fix() -> None:
    with pytest.raises(ScheduleError, match="choose a team count that divides 10"):
        consecutive_teams(10, teams=3)

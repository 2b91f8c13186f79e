"""The block library: every block re-verified, loading by name, the compact text form."""

from __future__ import annotations

import pytest

from mjevent.core.seating.check import Requirements, check
from mjevent.core.seating.library import (
    block_name,
    block_names,
    decode_block,
    encode_block,
    find_block,
    load_block,
)
from mjevent.core.seating.schedule import Schedule, ScheduleError

VERIFY = Requirements(no_repeats=True, wind_balance=True)


@pytest.mark.parametrize("name", block_names())
def test_every_block_is_repeat_free_and_wind_balanced(name: str) -> None:
    block = load_block(name)
    assert name == block_name(block.players, block.table_size, block.team_size)
    schedule = block.schedule()
    report = check(schedule, VERIFY)
    assert report.broken == ()
    assert report.summary.repeat_free_rounds == len(block.rounds)


def test_library_is_not_empty_and_holds_the_twenty_four_player_block() -> None:
    block = find_block(24, 4)
    assert block is not None
    assert len(block.rounds) == 7


def test_unknown_name_lists_the_names_that_exist() -> None:
    with pytest.raises(ScheduleError, match="no library block named 'k4-p17': choose one of k"):
        load_block("k4-p17")


def test_missing_size_is_none() -> None:
    assert find_block(17, 4) is None


def test_wide_blocks_round_trip_with_two_byte_players() -> None:
    players = 300
    rounds = [[list(range(i, i + 4)) for i in range(0, players, 4)]]
    s = Schedule.build(players, 4, rounds)
    block = decode_block("k4-p300", encode_block(s, "test"))
    assert block.rounds == s.rounds


@pytest.mark.parametrize(
    ("players", "table_size", "rounds"),
    [(18, 3, 8), (66, 3, 32), (60, 4, 19), (108, 4, 35)],
)
def test_blocks_reaching_the_catalogue_where_only_designs_do(
    players: int, table_size: int, rounds: int
) -> None:
    block = find_block(players, table_size)
    assert block is not None
    assert len(block.rounds) == rounds

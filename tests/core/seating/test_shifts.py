"""Shifted-circle team schedules: m-1 rounds for team counts without a difference matrix."""

from __future__ import annotations

import pytest

from mjevent.core.seating.check import check
from mjevent.core.seating.schedule import Schedule, consecutive_teams
from mjevent.core.seating.shifts import find_shifts, shifted_team_rounds


@pytest.mark.parametrize(("teams", "m"), [(4, 6), (3, 10), (4, 10)])
def test_m_minus_one_rounds_without_repeats_or_teammates(teams: int, m: int) -> None:
    rows = find_shifts(teams, m, m - 1, iterations=200_000)
    assert rows is not None
    players = teams * m
    schedule = Schedule.build(
        players,
        teams,
        shifted_team_rounds(teams, m, rows),
        teams=consecutive_teams(players, team_size=m),
    )
    report = check(schedule)
    assert report.summary.repeat_free_rounds == m - 1
    assert report.summary.team_violations == 0
    # Every player meets m-1 players of each other team: all but one.
    assert report.pairs_never_met == teams * (teams - 1) // 2 * m


def test_more_rounds_than_team_size_is_refused() -> None:
    assert find_shifts(4, 6, 7, iterations=10) is None

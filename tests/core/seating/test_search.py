"""The local search: repeat-free rounds, teams apart, fixed rounds kept, few repeats beyond."""

from __future__ import annotations

import numpy as np

from mjevent.core.seating.check import check, meeting_matrix
from mjevent.core.seating.schedule import Schedule, consecutive_teams
from mjevent.core.seating.search import SearchSettings, search


def _schedule(players: int, k: int, rounds: tuple[tuple[tuple[int, ...], ...], ...]) -> Schedule:
    return Schedule.build(players, k, rounds)


def test_nine_players_in_threes_get_four_rounds_where_every_pair_meets_once() -> None:
    res = search(9, 3, [range(9)] * 4)
    assert res.repeat_free_rounds == 4
    m = meeting_matrix(_schedule(9, 3, res.rounds))
    assert m[np.triu_indices(9, 1)].tolist() == [1] * 36


def test_search_is_reproducible() -> None:
    assert search(20, 4, [range(20)] * 4).rounds == search(20, 4, [range(20)] * 4).rounds


def test_different_settings_seed_gives_a_different_but_valid_schedule() -> None:
    a = search(20, 4, [range(20)] * 4)
    b = search(20, 4, [range(20)] * 4, settings=SearchSettings(seed=1))
    assert a.rounds != b.rounds
    assert b.repeat_free_rounds == 4


def test_teammates_never_share_a_table() -> None:
    teams = consecutive_teams(20, teams=4)
    res = search(20, 4, [range(20)] * 5, teams=teams)
    s = Schedule.build(20, 4, res.rounds, teams=teams)
    assert check(s).summary.team_violations == 0
    assert res.repeat_free_rounds == 5


def test_pairs_never_share_a_table() -> None:
    teams = consecutive_teams(16, team_size=2)
    res = search(16, 4, [range(16)] * 3, teams=teams)
    assert res.repeat_free_rounds == 3
    assert check(Schedule.build(16, 4, res.rounds, teams=teams)).summary.team_violations == 0


def test_fixed_rounds_are_kept_and_the_rest_avoids_them() -> None:
    fixed = [[[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15]]]
    res = search(16, 4, [range(16)] * 3, fixed=fixed)
    assert res.rounds[0] == tuple(tuple(t) for t in fixed[0])
    assert len(res.rounds) == 4
    assert res.repeat_free_rounds == 4


def test_more_rounds_than_possible_spread_meetings_evenly() -> None:
    # 8 players at tables of 4 for 7 rounds: 42 meetings each, 3 per pair is achievable.
    res = search(8, 4, [range(8)] * 7)
    m = meeting_matrix(_schedule(8, 4, res.rounds))
    counts = m[np.triu_indices(8, 1)]
    assert int(counts.max()) - int(counts.min()) <= 1
    assert res.repeat_free_rounds == 1


def test_rounds_with_byes_seat_only_the_active_players() -> None:
    active = [[p for p in range(11) if p not in (r, r + 5)] for r in range(3)]
    res = search(11, 3, active)
    for act, rnd in zip(active, res.rounds, strict=True):
        assert sorted(p for t in rnd for p in t) == act
    assert res.repeat_free_rounds == 3

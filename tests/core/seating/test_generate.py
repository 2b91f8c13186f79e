"""generate(): every source ends balanced, byes and fixed rounds honoured, errors explained."""

from __future__ import annotations

import numpy as np
import pytest

from mjevent.core.seating.check import Requirements, check, meeting_matrix
from mjevent.core.seating.generate import (
    GenerateSettings,
    generate,
    generate_over_asked,
    reach,
    repeat_free_bound,
    upper_bound,
)
from mjevent.core.seating.schedule import Schedule, ScheduleError, consecutive_teams
from mjevent.core.seating.search import SearchSettings, search

WINDS_AND_NO_REPEATS = Requirements(no_repeats=True, wind_balance=True)


def test_sixteen_players_five_rounds_every_pair_once_winds_balanced() -> None:
    s = generate(16, 4, 5)
    report = check(s, WINDS_AND_NO_REPEATS)
    assert report.ok
    assert meeting_matrix(s)[np.triu_indices(16, 1)].tolist() == [1] * 120


def test_twenty_one_sanma_players_reach_the_catalogue() -> None:
    s = generate(21, 3, 9)
    assert check(s, WINDS_AND_NO_REPEATS).ok


def test_without_constructions_or_library_the_search_alone_still_delivers() -> None:
    cfg = GenerateSettings(use_constructions=False, use_library=False)
    s = generate(24, 4, 7, settings=cfg)
    assert check(s, WINDS_AND_NO_REPEATS).ok
    assert s.source.startswith("cyclic:")


def test_four_teams_of_five_play_five_rounds_without_meeting_a_teammate() -> None:
    teams = consecutive_teams(20, teams=4)
    s = generate(20, 4, 5, teams=teams)
    report = check(s, WINDS_AND_NO_REPEATS)
    assert report.ok
    assert report.summary.team_violations == 0


def test_catalogue_4_plus_1_for_fifteen_players_everybody_plays_four_games() -> None:
    quick = GenerateSettings(search=SearchSettings(round_iterations=500, stretch_iterations=500))
    s = generate(15, 4, 5, settings=quick)
    assert s.source.endswith("byes 4+1")
    games = [0] * 15
    for rnd in s.rounds:
        for table in rnd:
            for p in table:
                games[p] += 1
    assert games == [4] * 15
    assert check(s, Requirements(wind_balance=True)).ok


def test_fixed_rounds_are_kept_exactly_and_the_rest_generated_around_them() -> None:
    first = generate(16, 4, 2)
    whole = generate(16, 4, 5, fixed=first)
    assert whole.rounds[:2] == first.rounds
    assert whole.fixed_rounds == 2
    assert check(whole, Requirements(no_repeats=True)).ok


def test_more_rounds_than_possible_keep_the_repeat_free_prefix() -> None:
    s = generate(16, 4, 7)
    report = check(s, Requirements(wind_balance=True))
    assert report.summary.repeat_free_rounds == 5
    assert report.ok


def test_one_on_one_round_robin_for_ten_players() -> None:
    s = generate(10, 2, 9)
    assert check(s, WINDS_AND_NO_REPEATS).ok
    assert meeting_matrix(s)[np.triu_indices(10, 1)].tolist() == [1] * 45


def test_upper_bound_is_floor_of_p_minus_one_over_k_minus_one() -> None:
    assert [upper_bound(p, 4) for p in (16, 20, 36, 160)] == [5, 6, 11, 53]


def test_fixed_rounds_for_another_size_are_rejected_with_the_fix() -> None:
    with pytest.raises(ScheduleError, match="pass the schedule of this event"):
        generate(20, 4, 5, fixed=generate(16, 4, 1))


def test_too_few_players_is_rejected() -> None:
    with pytest.raises(ScheduleError, match="need at least 4"):
        generate(3, 4, 2)


def _cyclic_teams(
    players: int, k: int, *, team_size: int | None = None
) -> list[list[list[int]]] | None:
    """A stand-in team construction: team j sits at table x + j*r (m without divisors < k)."""
    if team_size is None:
        return None
    m = team_size
    if players != k * m or any(m % d == 0 for d in range(2, k)):
        return None
    return [[[j * m + (t - j * r) % m for j in range(k)] for t in range(m)] for r in range(m)]


def test_team_schedule_then_play_inside_the_teams_reaches_the_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import mjevent.core.seating.generate as gen

    monkeypatch.setattr(gen, "_constructions", lambda: (_cyclic_teams, None))
    found = gen._teams_then_inside(27, 3, 13, GenerateSettings(use_library=False))
    assert found is not None
    grouping, source, _ = found
    assert source.startswith("teams 3x9 + inside")
    assert len(grouping) == 13
    s = Schedule.build(27, 3, grouping)
    assert meeting_matrix(s)[np.triu_indices(27, 1)].tolist() == [1] * 351


@pytest.mark.parametrize(
    ("players", "rounds", "bound"),
    [(16, 9, 5), (16, 3, 3), (13, 3, 1), (15, 5, 5), (17, 5, 5), (18, 6, 5), (14, 5, 1)],
)
def test_repeat_free_bound_with_and_without_byes(players: int, rounds: int, bound: int) -> None:
    assert repeat_free_bound(players, 4, rounds) == bound


def test_a_bye_format_is_annealed_whole_when_that_finds_it_repeat_free() -> None:
    s = generate(15, 4, 5)
    assert s.source == "annealed; byes 4+1"
    assert check(s, WINDS_AND_NO_REPEATS).ok
    assert [len(b) for b in s.byes] == [3, 3, 3, 3, 3]


# --- requests beyond what mjevent knows how to seat ---------------------------------------------


def test_reach_of_120_players_is_35_known_39_best_and_39_bound() -> None:
    # seating-targets.md section 2: P = 120, Tomii HEAD 35, best known 39; U = floor(119/3) = 39;
    # docs/seating-constructions.md: the 4-RGDD of type 3^8 x RTD(4,5) gives 35.
    r = reach(120, 4, 36)
    assert (r.built_in, r.catalogue, r.best_known, r.bound) == (35, 35, 39, 39)
    assert r.known == 35
    assert r.over_asked
    assert not reach(120, 4, 35).over_asked


def test_reach_of_132_players_knows_the_11_dutch_rounds_and_the_bound_43() -> None:
    # seating-targets.md: P = 132, no catalogue table, best known 43; constructions: Dutch
    # cycles of 33 tables, 11 rounds.
    r = reach(132, 4, 43)
    assert (r.built_in, r.catalogue, r.best_known, r.bound) == (11, None, 43, 43)
    assert r.message() == (
        "43 rounds asked for 132 players at tables of 4: more than mjevent knows how to seat "
        "without a repeated pair. Its constructions give 11 repeat-free rounds and the public "
        "catalogue has no count for this size; the best known is 43, the bound 43 (a 43-round "
        "schedule exists but is not built in). Seating the 11, then the search adds what it "
        "can and seats the rest with the fewest repeats."
    )


def test_reach_says_when_a_request_passes_the_best_known_or_the_bound() -> None:
    # seating-targets.md: 20 players, best known 5 (no 6-round schedule exists), U = 6.
    past_best = reach(20, 4, 6)
    assert (past_best.best_known, past_best.bound) == (5, 6)
    assert "the best known is 5, the bound 6 (no schedule with more than 5 is known)" in (
        past_best.message()
    )
    past_bound = reach(16, 4, 6)  # AG(2,4): every pair once in 5 rounds, U = 5
    assert past_bound.over_asked
    assert "the best known is 5, the bound 5 (no schedule can have more than 5)" in (
        past_bound.message()
    )


def test_byes_and_untabled_teams_are_not_judged_over_asked() -> None:
    assert not reach(15, 4, 9).over_asked  # byes: nothing tabled, the normal search runs
    assert not reach(24, 4, 12, teams=consecutive_teams(24, team_size=2)).over_asked


def test_over_asked_120_players_keep_the_35_constructed_rounds_and_add_one() -> None:
    r = reach(120, 4, 36)
    s = generate_over_asked(r)
    summary = check(s).summary
    assert (s.round_count, summary.repeat_free_rounds) == (36, 35)
    # The 36th round costs 18 extra meetings: every round now meets someone again, and the
    # search keeps it to the fewest it finds (the same count as `generate`'s 40 s search).
    assert summary.repeats == 18
    assert s.fixed_rounds == 0
    assert s.source.endswith(", then search for 1 more round")


def test_deadline_in_the_past_still_seats_every_round_at_once() -> None:
    cfg = GenerateSettings(
        deadline=0.0, search=SearchSettings(deadline=0.0, progress=None)
    )
    s = generate(40, 4, 14, settings=cfg)  # the construction gives 13; round 14 is greedy
    assert s.round_count == 14
    assert check(s).summary.repeat_free_rounds == 13


def test_search_reports_progress_after_every_round() -> None:
    seen: list[tuple[int, int]] = []
    settings = SearchSettings(progress=lambda done, total: seen.append((done, total)))
    search(20, 4, [range(20)] * 4, settings=settings)
    assert seen == [(1, 4), (2, 4), (3, 4), (4, 4)]


def test_the_slow_sources_report_each_step_they_start() -> None:
    # 14 labels at tables of 4, 3 inside rounds: nothing is stored, so one base round is turned
    # first, then the rounds are annealed one round count at a time (1, then 2, which fails:
    # docs say 14 labels with 2 out stop after one round); the larger sit-outs that then find
    # three rounds (6, 6 and 2 out) report no steps of their own.
    import mjevent.core.seating.generate as gen

    steps: list[tuple[str, int, int]] = []
    cfg = GenerateSettings(progress=lambda what, n, of: steps.append((what, n, of)))
    assert len(gen._inside_with_sitouts(14, 4, 3, cfg)) == 3
    assert steps == [
        ("inside rounds, turned", 0, 1),
        ("inside rounds", 1, 3),
        ("inside rounds", 2, 3),
    ]

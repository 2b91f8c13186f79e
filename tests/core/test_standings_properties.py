"""Invariants of the standings over random events (hypothesis)."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from mjevent.core.presets import preset
from mjevent.core.results import game_result
from mjevent.core.standings import (
    Criterion,
    Entrant,
    PenaltyRecord,
    PlayedGame,
    StandingsConfig,
    Status,
    Withdrawal,
)
from mjevent.core.standings.compute import Standings, compute_standings

PLAYERS = [Entrant(f"p{i}", f"Player {i}") for i in range(8)]
EMA = preset("ema2016").rules


@st.composite
def events(draw: st.DrawFn, players: Sequence[Entrant] = PLAYERS) -> list[PlayedGame]:
    rounds = draw(st.integers(1, 4))
    games = []
    for r in range(1, rounds + 1):
        order = draw(st.permutations([p.id for p in players]))
        for t in range(len(players) // 4):
            # Final scores in steps of 100 adding up to 120000; ties happen often.
            cuts = sorted(draw(st.lists(st.integers(0, 12), min_size=3, max_size=3)))
            parts = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 12 - cuts[2]]
            final = [p * 10000 for p in parts]
            seats = tuple(order[4 * t : 4 * t + 4])
            games.append(PlayedGame(r, t + 1, seats, game_result(final, EMA)))
    return games


@settings(max_examples=40, deadline=None)
@given(events())
def test_totals_add_up_to_game_points_less_penalties(games: list[PlayedGame]) -> None:
    penalty = PenaltyRecord("x", "p3", 3000, "late", round=1)
    s = compute_standings(games, PLAYERS, penalties=[penalty])
    assert sum(r.total for r in s.rows) == sum(sum(g.result.points) for g in games) - 3000
    assert sum(r.games for r in s.rows) == 4 * len(games)


@settings(max_examples=40, deadline=None)
@given(events())
def test_shared_places_cover_exactly_the_equal_totals(games: list[PlayedGame]) -> None:
    s = compute_standings(games, PLAYERS, StandingsConfig())
    for i, row in enumerate(s.rows):
        level = [k for k, other in enumerate(s.rows) if other.total == row.total]
        assert row.place == level[0] + 1
        end = level[-1] + 1
        assert row.place_label == (str(row.place) if end == row.place else f"{row.place}-{end}")
        if i:
            assert s.rows[i - 1].total >= row.total


@settings(max_examples=40, deadline=None)
@given(events())
def test_adding_games_one_by_one_matches_a_full_recompute(games: list[PlayedGame]) -> None:
    config = StandingsConfig(
        tiebreaks=(Criterion.TOTAL, Criterion.FIRSTS, Criterion.HEAD_TO_HEAD, Criterion.SHARED)
    )
    live = compute_standings([], PLAYERS, config)
    for k, g in enumerate(games):
        # Rows read at every step, so the next update may reuse the rows it left alone.
        assert live.rows == compute_standings(games[:k], PLAYERS, config).rows
        live = live.with_games([g])
    full = compute_standings(games, PLAYERS, config)
    assert live.rows == full.rows
    assert live.round == full.round
    assert live.standings_after(1).rows == full.standings_after(1).rows


@settings(max_examples=30, deadline=None)
@given(events())
def test_lots_at_the_end_of_the_chain_leaves_no_shared_place(games: list[PlayedGame]) -> None:
    config = StandingsConfig(tiebreaks=(Criterion.TOTAL, Criterion.LOTS), seed="seed")
    s = compute_standings(games, PLAYERS, config)
    assert [r.place for r in s.rows] == list(range(1, len(PLAYERS) + 1))
    assert sorted(r.player for r in s.rows) == sorted(p.id for p in PLAYERS)


def brute_head_to_head(games: list[PlayedGame], group: set[str]) -> dict[str, float]:
    # The definition, spelled out: at every table, each tied player's points less each other
    # tied player's points at that table.
    out = dict.fromkeys(group, 0.0)
    for g in games:
        for a, pa in enumerate(g.seats):
            for b, pb in enumerate(g.seats):
                if a != b and pa in group and pb in group:
                    out[pa] += g.result.points[a] - g.result.points[b]
    return out


@settings(max_examples=40, deadline=None)
@given(events())
def test_head_to_head_orders_each_tied_group_by_its_definition(games: list[PlayedGame]) -> None:
    config = StandingsConfig(tiebreaks=(Criterion.TOTAL, Criterion.HEAD_TO_HEAD))
    s = compute_standings(games, PLAYERS, config)
    by_total: dict[float, set[str]] = {}
    for r in s.rows:
        by_total.setdefault(r.total, set()).add(r.player)
    for rows in zip(s.rows, s.rows[1:], strict=False):
        first, second = rows
        if first.total != second.total:
            continue
        h2h = brute_head_to_head(games, by_total[first.total])
        assert h2h[first.player] >= h2h[second.player]
        assert (first.place == second.place) == (h2h[first.player] == h2h[second.player])


# Four tables a round, so a batch can hold several games of one round; three teams; one
# player withdrawn from round 3 (ranked, removed or annulled as the policy says).
TEAMED = [
    Entrant(f"p{i}", f"Player {i}", team=f"T{i % 3}")
    if i != 7
    else Entrant("p7", "Player 7", team="T1", status=Status.WITHDRAWN, withdrawn_from=3)
    for i in range(16)
]


def _shown(s: Standings) -> tuple[object, ...]:
    return (s.round, s.visible_round, s.rows, s.apart, s.notes, s.teams, s.zero_sum)


@settings(max_examples=60, deadline=None)
@given(
    events(TEAMED),
    st.data(),
    st.sampled_from(list(Withdrawal)),
    st.sampled_from([None, 1, 2, 3, 5]),
    st.booleans(),
)
def test_a_batch_of_games_gives_what_one_at_a_time_and_a_recompute_give(
    games: list[PlayedGame],
    data: st.DataObject,
    withdrawal: Withdrawal,
    penalty_round: int | None,
    rows_shown: bool,
) -> None:
    # Any tail of the event at once (within one round, or across rounds: movement then
    # measured against the round before the last), under each withdrawal policy, with a
    # penalty of a round before, within or after the batch (after: recomputed).
    config = StandingsConfig(
        tiebreaks=(Criterion.TOTAL, Criterion.FIRSTS, Criterion.HEAD_TO_HEAD, Criterion.SHARED),
        withdrawal=withdrawal,
        scheduled_rounds=4,
    )
    penalties = (
        []
        if penalty_round is None
        else [PenaltyRecord("x", "p2", 2000, "late", round=penalty_round)]
    )
    cut = data.draw(st.integers(0, len(games)), label="games before the batch")
    before = compute_standings(games[:cut], TEAMED, config, penalties=penalties)
    if rows_shown:
        _ = before.rows
    one_by_one = before
    for g in games[cut:]:
        one_by_one = one_by_one.with_games([g])
    batch = before.with_games(games[cut:])
    fresh = compute_standings(games, TEAMED, config, penalties=penalties)
    assert _shown(batch) == _shown(one_by_one) == _shown(fresh)
    assert [r.movement for r in batch.rows] == [r.movement for r in fresh.rows]
    assert batch.standings_after(1).rows == fresh.standings_after(1).rows

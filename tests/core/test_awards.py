"""Awards (core/awards.py): the [awards] table, each award with its winner and reason, ties."""

from __future__ import annotations

from typing import Any

import pytest

from mjevent.core.awards import (
    AwardKind,
    AwardsConfig,
    AwardsConfigError,
    awards_config_from_dict,
    awards_of,
    awards_to_dict,
    hand_label,
    presented,
    reason,
)
from mjevent.core.entries import GameFinished
from mjevent.core.settings import SettingsError, settings_from_dict, settings_to_dict
from mjevent.core.state import fold
from mjevent.core.state_standings import standings_from_state
from mjevent.core.stats import stats_from_state
from tests.core.test_stats import LOG, T, hand


def _settings(**extra: Any) -> Any:
    data: dict[str, Any] = {
        "event": {"name": "Cup", "format_version": 1},
        "rules": {"preset": "tenhou"},
        "players": [{"id": f"p{i}", "name": f"P{i}"} for i in range(1, 5)],
        "seating": {"rounds": [{"round": 1, "tables": [["p1", "p2", "p3", "p4"]]}]},
    }
    data.update(extra)
    return settings_from_dict(data)


def _awards(settings: Any, log: Any = LOG) -> dict[AwardKind, Any]:
    state = fold(settings, log)
    table = standings_from_state(state)
    return {a.kind: a for a in awards_of(state, stats_from_state(state), table)}


def test_every_award_of_the_hand_computed_event() -> None:
    players = [{"id": f"p{i}", "name": f"P{i}", "newcomer": i in (1, 3)} for i in range(1, 5)]
    got = _awards(_settings(players=players))
    best = got[AwardKind.BEST_HAND].winners
    assert [(w.player, w.value, w.hand.entry) for w in best] == [("p2", 32000, "h6")]
    assert reason(got[AwardKind.BEST_HAND], best[0]) == (
        "32,000 points: round 1, table 1, E 4, 2 honba"
    )
    assert [(w.player, w.value) for w in got[AwardKind.MOST_WINS].winners] == [("p2", 2)]
    # Fewest deal-ins: p1 and p2 have none, six hands each, p2 placed better.
    assert [(w.player, w.value) for w in got[AwardKind.FEWEST_DEAL_INS].winners] == [("p2", 0)]
    dora = got[AwardKind.MOST_DORA].winners
    assert [(w.player, w.value, w.hand.entry) for w in dora] == [("p2", 1, "h1")]
    assert hand_label(dora[0].hand) == "round 1, table 1, E 1"
    assert [w.hand.entry for w in got[AwardKind.YAKUMAN].winners] == ["h6"]
    assert [(w.player, w.value) for w in got[AwardKind.BEST_NEWCOMER].winners] == [("p3", 2)]
    # Places 3 1 2 4: second to last is p1.
    assert [(w.player, w.value) for w in got[AwardKind.BOOBY].winners] == [("p1", 3)]
    assert got[AwardKind.BEST_TEAM].unavailable == "no_teams"


def test_dora_not_recorded_says_so() -> None:
    log = [hand("h1", "t1 ron S<-W 3/30"), GameFinished(id="g1", at=T, round=1, table=1)]
    got = _awards(_settings(), log)
    assert got[AwardKind.MOST_DORA].unavailable == "not_recorded"
    assert got[AwardKind.MOST_DORA].winners == ()
    assert got[AwardKind.BEST_NEWCOMER].unavailable == "no_newcomers"


def test_without_a_finished_game_the_awards_by_place_wait() -> None:
    state = fold(_settings(), [hand("h1", "t1 ron S<-W 3/30")])
    got = {a.kind: a for a in awards_of(state, stats_from_state(state), None)}
    assert got[AwardKind.BOOBY].unavailable == "no_standings"


def test_the_awards_table_picks_and_orders() -> None:
    settings = _settings(awards={"give": ["booby", "yakuman"], "booby_from_bottom": 1})
    state = fold(settings, LOG)
    given = awards_of(state, stats_from_state(state), standings_from_state(state))
    assert [a.kind for a in given] == [AwardKind.BOOBY, AwardKind.YAKUMAN]
    assert [w.player for w in given[0].winners] == ["p4"]
    assert settings_to_dict(settings)["awards"] == {
        "give": ["booby", "yakuman"],
        "booby_from_bottom": 1,
    }


def test_a_bad_awards_table_names_the_key_and_the_fix() -> None:
    with pytest.raises(SettingsError) as caught:
        _settings(awards={"give": ["best_hnd"]})
    assert str(caught.value) == (
        "awards.give: unknown award 'best_hnd'; did you mean 'best_hand'? Fix: use some of "
        "best_hand, most_wins, fewest_deal_ins, most_dora, yakuman, best_newcomer, booby, "
        "best_team."
    )
    with pytest.raises(AwardsConfigError, match="booby_from_bottom"):
        awards_config_from_dict({"booby_from_bottom": 0})
    with pytest.raises(AwardsConfigError, match="listed twice"):
        awards_config_from_dict({"give": ["booby", "booby"]})
    with pytest.raises(AwardsConfigError, match="unknown key 'prize'"):
        awards_config_from_dict({"prize": 1})


def test_a_newcomer_must_be_true_or_false() -> None:
    with pytest.raises(SettingsError) as caught:
        _settings(players=[{"id": "p1", "name": "P1", "newcomer": "yes"}])
    assert caught.value.path == "players[0].newcomer"


def test_defaults_round_trip_to_nothing() -> None:
    assert awards_to_dict(AwardsConfig()) == {}
    assert "awards" not in settings_to_dict(_settings())
    assert AwardsConfig().kinds == tuple(AwardKind)


def test_the_prize_giving_leaves_out_what_the_event_cannot_give_unless_asked() -> None:
    # GIVEN an event whose wins record no dora, with no newcomers and no teams
    log = [hand("h1", "t1 ron S<-W 3/30"), GameFinished(id="g1", at=T, round=1, table=1)]
    default = fold(_settings(), log)
    given = awards_of(default, stats_from_state(default), standings_from_state(default))
    # THEN without [awards] give the prize-giving announces only what can be given
    assert [a.kind for a in presented(given, default.settings.awards)] == [
        AwardKind.BEST_HAND, AwardKind.MOST_WINS, AwardKind.FEWEST_DEAL_INS, AwardKind.YAKUMAN,
        AwardKind.BOOBY,
    ]
    # AND a list the director wrote is announced whole, each saying why it cannot be given
    asked = fold(_settings(awards={"give": ["most_dora", "best_team", "booby"]}), log)
    given = awards_of(asked, stats_from_state(asked), standings_from_state(asked))
    assert [(a.kind, a.unavailable) for a in presented(given, asked.settings.awards)] == [
        (AwardKind.MOST_DORA, "not_recorded"), (AwardKind.BEST_TEAM, "no_teams"),
        (AwardKind.BOOBY, None),
    ]

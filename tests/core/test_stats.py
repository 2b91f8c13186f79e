"""Statistics (core/stats.py): a hand-computed event with exact values for every figure, sanma,
corrections and voids, the incremental update, and the sum of the games (docs/stats.md).

The fixture, Tenhou rules (a triple ron is an abortive draw; honba 300), one table E S W N =
p1 p2 p3 p4, everyone at 25,000:

- h1  ``ron S<-W 3/30 y:riichi,pinfu,dora1 r:S,W``: W pays 3,900; S takes both sticks.
- h2x ``ron E<-N 2/30``, amended (c2) to the double ron ``E<-N 2/30 open W<-N 1/30 y:tanyao``:
  N pays 2,000 + 1,000, one deal-in of 3,000; S dealt and lost the deal.
- v1  ``tsumo E mangan``, voided (c1): counts for nothing.
- h3  ``ron E<-W 1/30 S<-W 1/30 N<-W 1/30 r:E``: a triple ron, made abortive: no win, no
  deal-in, E's riichi is drawn; W (dealer) keeps the deal.
- h4  ``draw tenpai:E,N nagashi:N``: N's nagashi mangan (8,000, not a win, in no ron/tsumo/noten
  column); W dealt noten and passes the deal.
- h5  ``chombo E``: a hand, a chombo for E, no renchan for N.
- h6  ``tsumo S ykm pao:N``: N pays 32,000 (pao) + 600 honba, and it is no deal-in.
- the game ends: 16,000 / 63,500 / 19,100 / 1,400, places 3 1 2 4.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from mjevent.core.entries import Correction, Entry, GameFinished, HandRecorded
from mjevent.core.notation import EntryContext, HandLine, parse_entry
from mjevent.core.settings import EventSettings, settings_from_dict
from mjevent.core.state import Folder, fold
from mjevent.core.stats import (
    Rate,
    Tally,
    game_tallies,
    stats_from_state,
    stats_update,
)

T = "2026-03-14T10:00:00+00:00"


def hand(entry_id: str, line: str, rnd: int = 1, seats: int = 4) -> HandRecorded:
    parsed = parse_entry(line, EntryContext(round=rnd, seats=seats))
    assert isinstance(parsed, HandLine)
    return HandRecorded(id=entry_id, at=T, round=parsed.round, table=parsed.table, hand=parsed.hand)


def event(preset: str = "tenhou", seats: int = 4, tables: int = 1, **extra: Any) -> EventSettings:
    ids = [f"p{i}" for i in range(1, seats * tables + 1)]
    data: dict[str, Any] = {
        "event": {"name": "Cup", "format_version": 1},
        "rules": {"preset": preset},
        "players": [{"id": p, "name": p.upper()} for p in ids],
        "seating": {
            "rounds": [
                {"round": 1, "tables": [ids[t * seats : (t + 1) * seats] for t in range(tables)]}
            ]
        },
    }
    data.update(extra)
    return settings_from_dict(data)


LOG: list[Entry] = [
    hand("h1", "t1 ron S<-W 3/30 y:riichi,pinfu,dora1 r:S,W"),
    hand("h2x", "t1 ron E<-N 2/30"),
    hand("v1", "t1 tsumo E mangan"),
    Correction(id="c1", at=T, target="v1", reason="wrong table"),
    Correction(
        id="c2",
        at=T,
        target="h2x",
        reason="it was a double ron",
        replacement=hand("c2", "t1 ron E<-N 2/30 open W<-N 1/30 y:tanyao"),
    ),
    hand("h3", "t1 ron E<-W 1/30 S<-W 1/30 N<-W 1/30 r:E"),
    hand("h4", "t1 draw tenpai:E,N nagashi:N"),
    hand("h5", "t1 chombo E"),
    hand("h6", "t1 tsumo S ykm pao:N"),
    GameFinished(id="g1", at=T, round=1, table=1),
]

EXPECTED = {
    "p1": Tally(
        hands=6,
        wins=1,
        ron=1,
        riichi=1,
        riichi_drawn=1,
        wins_open=1,
        wins_dama=0,
        win_points=2000,
        largest_win=2000,
        ron_won=2000,
        dealer_hands=1,
        chombo=1,
        draws=1,
        tenpai_draws=1,
        dora_unrecorded=1,
        games=1,
        places=(0, 0, 1, 0),
    ),
    "p2": Tally(
        hands=6,
        wins=2,
        ron=1,
        tsumo=1,
        riichi=1,
        riichi_won=1,
        wins_riichi=1,
        wins_open=None,
        wins_dama=None,
        wins_unrecorded=1,
        win_points=35900,
        largest_win=32000,
        ron_won=3900,
        tsumo_won=32600,
        dealer_hands=1,
        draws=1,
        yakuman=1,
        most_dora=1,
        dora_unrecorded=1,
        games=1,
        places=(1, 0, 0, 0),
    ),
    "p3": Tally(
        hands=6,
        wins=1,
        ron=1,
        deal_ins=1,
        riichi=1,
        riichi_dealt_in=1,
        wins_open=0,
        wins_dama=1,
        win_points=1000,
        largest_win=1000,
        deal_in_points=3900,
        largest_deal_in=3900,
        ron_won=1000,
        ron_lost=3900,
        dealer_hands=2,
        renchan=1,
        draws=1,
        most_dora=0,
        games=1,
        places=(0, 1, 0, 0),
    ),
    "p4": Tally(
        hands=6,
        deal_ins=1,
        deal_in_points=3000,
        largest_deal_in=3000,
        ron_lost=3000,
        tsumo_lost=32600,
        dealer_hands=2,
        draws=1,
        tenpai_draws=1,
        nagashi=1,
        games=1,
        places=(0, 0, 0, 1),
    ),
}


def test_every_figure_of_the_hand_computed_event() -> None:
    state = fold(event(), LOG)
    assert state.clean
    stats = stats_from_state(state)
    assert {p: s.stats for p, s in stats.players.items()} == EXPECTED


def test_the_field_counts_each_hand_once_and_sums_the_seats() -> None:
    field = stats_from_state(fold(event(), LOG)).field
    assert field == Tally(
        hands=6,
        wins=4,
        ron=3,
        tsumo=1,
        deal_ins=2,
        riichi=3,
        riichi_won=1,
        riichi_dealt_in=1,
        riichi_drawn=1,
        wins_riichi=1,
        wins_open=None,
        wins_dama=None,
        wins_unrecorded=1,
        win_points=38900,
        largest_win=32000,
        deal_in_points=6900,
        largest_deal_in=3900,
        ron_won=6900,
        ron_lost=6900,
        tsumo_won=32600,
        tsumo_lost=32600,
        dealer_hands=6,
        renchan=1,
        chombo=1,
        draws=4,
        tenpai_draws=2,
        nagashi=1,
        yakuman=1,
        most_dora=1,
        dora_unrecorded=2,
        games=4,
        places=(1, 1, 1, 1),
    )


def test_rates_keep_their_counts() -> None:
    p2 = stats_from_state(fold(event(), LOG)).players["p2"].stats
    assert p2.win_rate == Rate(2, 6)
    assert str(p2.win_rate) == "2/6 (33.3%)"
    assert p2.place_rate(1) == Rate(1, 1)
    assert p2.average_win == 17950
    assert p2.average_deal_in is None
    assert Rate(0, 0).value is None


def test_the_wins_behind_the_awards_say_where_they_were() -> None:
    wins = stats_from_state(fold(event(), LOG)).wins
    assert [(w.entry, w.player, w.points, w.round_wind, w.hand_number, w.honba) for w in wins] == [
        ("h1", "p2", 3900, 0, 1, 0),
        ("h2x", "p1", 2000, 0, 2, 0),  # an amended entry keeps its id
        ("h2x", "p3", 1000, 0, 2, 0),
        ("h6", "p2", 32000, 0, 4, 2),
    ]
    assert wins[0].detail is not None and wins[0].detail.yaku == ("riichi", "pinfu")
    assert wins[3].yakuman and not wins[0].yakuman


def test_a_head_bump_pays_one_winner_one_win() -> None:
    # WRC: head bump. Turn order from the discarder W is N, E, S: E (the dealer, 2/30 = 2,900)
    # takes it; S declared and is paid nothing.
    log = [hand("h1", "t1 ron E<-W 2/30 S<-W 2/30")]
    stats = stats_from_state(fold(event("wrc"), log))
    assert stats.players["p1"].stats.wins == 1
    assert stats.players["p2"].stats.wins == 0
    assert stats.players["p3"].stats.deal_ins == 1
    assert stats.players["p3"].stats.deal_in_points == 2900


def test_sanma() -> None:
    log = [hand("h1", "t1 tsumo S 3/30", seats=3), hand("h2", "t1 draw tenpai:E", seats=3)]
    stats = stats_from_state(fold(event("sanma-club", seats=3), log))
    p1, p2, p3 = (stats.players[p].stats for p in ("p1", "p2", "p3"))
    assert (p2.wins, p2.tsumo, p2.hands) == (1, 1, 2)
    assert p1.tsumo_lost + p3.tsumo_lost == p2.tsumo_won
    assert p1.tsumo_lost > 0 and p3.tsumo_lost > 0
    assert (p1.draws, p1.tenpai_draws, p3.tenpai_draws) == (1, 1, 0)
    assert p1.noten_won == p2.noten_lost + p3.noten_lost > 0
    assert stats.field.hands == 2


def test_substitute_seats_count_for_the_field_only() -> None:
    from mjevent.core.entries import PlayerSubstituted

    log = [
        PlayerSubstituted(id="s1", at=T, round=1, table=1, player="p2", substitute="Reserve"),
        hand("h1", "t1 ron S<-W 3/30"),
    ]
    stats = stats_from_state(fold(event(), log))
    assert stats.players["p2"].stats.hands == 0
    assert stats.field.wins == 1 and stats.field.hands == 1
    assert stats.wins[0].player is None


def test_teams_sum_their_players() -> None:
    settings = event(
        teams=[{"id": "a", "name": "Alpha"}, {"id": "b", "name": "Beta"}],
        players=[
            {"id": f"p{i}", "name": f"P{i}", "team": "a" if i < 3 else "b"} for i in range(1, 5)
        ],
    )
    stats = stats_from_state(fold(settings, LOG))
    alpha = stats.teams["a"]
    assert alpha.name == "Alpha" and alpha.players == ("p1", "p2")
    assert alpha.stats.wins == 3 and alpha.stats.hands == 12
    assert alpha.stats.most_dora == 1 and alpha.stats.wins_open is None


def _sum(tallies: list[Tally]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for f in dataclasses.fields(Tally):
        values = [getattr(t, f.name) for t in tallies]
        if f.name in ("largest_win", "largest_deal_in"):
            out[f.name] = max(values, default=0)
        elif f.name == "most_dora":
            known = [v for v in values if v is not None]
            out[f.name] = max(known) if known else None
        elif f.name in ("wins_open", "wins_dama"):
            out[f.name] = None if any(v is None for v in values) else sum(values)
        elif f.name == "places":
            out[f.name] = tuple(sum(v[i] for v in values) for i in range(4))
        else:
            out[f.name] = sum(values)
    return out


_LINES = [
    "ron S<-W 3/30",
    "ron E<-N 2/30 open W<-N 1/30 y:tanyao",
    "tsumo N 4/30 y:riichi,dora2",
    "tsumo E mangan r:E",
    "draw tenpai:E,W r:N",
    "draw",
    "abort kyuushu",
    "chombo S",
    "ron E<-W 1/30 S<-W 1/30 N<-W 1/30",
    "tsumo S ykm pao:N",
    "draw nagashi:W tenpai:W",
]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.sampled_from([1, 2]), st.sampled_from(_LINES)), max_size=30))
def test_event_is_the_sum_of_its_games_and_the_update_is_the_fold(
    plays: list[tuple[int, str]],
) -> None:
    settings_ = event(tables=2)
    log = [hand(f"h{i}", f"t{t} {line}") for i, (t, line) in enumerate(plays)]
    folder = Folder.of(settings_, [])
    state = folder.state()
    stats = stats_from_state(state)
    for entry in log:
        folder = folder.then(entry)
        after = folder.state()
        stats = stats_update(stats, state, after)
        state = after
    fresh = stats_from_state(state)
    assert stats.players == fresh.players
    assert stats.field == fresh.field
    assert stats.wins == fresh.wins
    per_game = [game_tallies(state, r, t) for (r, t) in state.games]
    for pid, p in fresh.players.items():
        mine = [g[pid] for g in per_game if pid in g]
        assert dataclasses.asdict(p.stats) == _sum(mine) if mine else p.stats == Tally()


def test_a_correction_counts_everything_again() -> None:
    settings_ = event()
    before = fold(settings_, LOG[:2])
    stats = stats_from_state(before)
    after = fold(settings_, [*LOG[:2], Correction(id="c9", at=T, target="h1", reason="x")])
    updated = stats_update(stats, before, after)
    assert updated.players["p2"].stats.wins == 0
    assert updated.players == stats_from_state(after).players


def test_a_game_by_final_scores_gives_places_and_its_chombos_only() -> None:
    settings_ = event("ema2016")
    finished = GameFinished(
        id="f1", at=T, round=1, table=1, final=(41000, 29000, 22000, 28000), chombos=(2,)
    )
    before = fold(settings_, [])
    after = fold(settings_, [finished])
    fresh = stats_from_state(after)
    p3 = fresh.players["p3"].stats
    assert (p3.hands, p3.games, p3.places, p3.chombo) == (0, 1, (0, 0, 0, 1), 1)
    assert fresh.players["p1"].stats.places == (1, 0, 0, 0)
    assert fresh.field.chombo == 1 and fresh.field.games == 4
    updated = stats_update(stats_from_state(before), before, after)
    assert updated.players == fresh.players and updated.field == fresh.field


def test_newcomer_round_trips() -> None:
    from mjevent.core.settings import settings_to_dict

    players = [{"id": f"p{i}", "name": f"P{i}", "newcomer": i == 1} for i in range(1, 5)]
    settings_ = event(players=players)
    assert [p.newcomer for p in settings_.players] == [True, False, False, False]
    assert settings_to_dict(settings_)["players"][:2] == [
        {"id": "p1", "name": "P1", "newcomer": True},
        {"id": "p2", "name": "P2"},
    ]

"""Standings read off a folded event: byes from the seating, team names, cancelled penalties,
substitutes and withdrawals as the log records them. Numbers worked by hand in the comments."""

from __future__ import annotations

from mjevent.core.entries import (
    Correction,
    Entry,
    GameFinished,
    Penalty,
    PlayerSubstituted,
    PlayerWithdrawn,
    SeatingSet,
)
from mjevent.core.settings import settings_from_dict
from mjevent.core.standings import (
    Bye,
    PenaltyRecord,
    StandingsConfig,
    Status,
    Withdrawal,
)
from mjevent.core.state import fold
from mjevent.core.state_standings import standings_from_state, standings_inputs

AT = "2026-03-14T10:00:00Z"

SETTINGS = settings_from_dict(
    {
        "event": {"name": "Five", "format_version": 1},
        "rules": {"preset": "ema2016"},
        "teams": [{"id": "n", "name": "North Wind"}],
        "players": [
            {"id": "p1", "name": "Ann", "team": "n"},
            {"id": "p2", "name": "Bob", "team": "n"},
            {"id": "p3", "name": "Cy"},
            {"id": "p4", "name": "Di"},
            {"id": "p5", "name": "Ed"},
        ],
    }
)

LOG: list[Entry] = [
    SeatingSet(
        id="s",
        at=AT,
        first_round=1,
        rounds=((("p1", "p2", "p3", "p4"),), (("p5", "p1", "p2", "p3"),)),
    ),
    # Round 1: p1 +25.0, p2 +10.0, p3 -10.0, p4 -25.0; p5 sits out.
    GameFinished(id="g1", at=AT, round=1, table=1, final=(40000, 35000, 25000, 20000)),
    # p4 withdraws from round 2 and sits out; p3's seat is played by a substitute (EMA: -30.0).
    PlayerWithdrawn(id="w", at=AT, player="p4", from_round=2),
    PlayerSubstituted(id="sub", at=AT, round=2, table=1, player="p3", substitute="Sam"),
    # Round 2 (p5 p1 p2 p3): p5 +25.0, p1 +10.0, p2 -10.0, p3's seat -15000-15000 = -30.0.
    GameFinished(id="g2", at=AT, round=2, table=1, final=(40000, 35000, 25000, 20000)),
    Penalty(id="x1", at=AT, player="p2", amount=3000, reason="late", entered_by="TD", round=2),
    Penalty(id="x2", at=AT, player="p1", amount=1000, reason="noise", round=2),
    Correction(id="c", at=AT, target="x2", reason="it was the next table"),
]


def test_inputs_read_byes_teams_and_cancelled_penalties() -> None:
    state = fold(SETTINGS, LOG)
    assert state.clean, state.problems
    games, roster, penalties, byes, tables = standings_inputs(state, LOG)
    assert [(g.round, g.table, g.seats, g.substitutes) for g in games] == [
        (1, 1, ("p1", "p2", "p3", "p4"), ()),
        (2, 1, ("p5", "p1", "p2", "p3"), ((3, "Sam"),)),
    ]
    assert [(e.id, e.team, e.status) for e in roster] == [
        ("p1", "North Wind", Status.ACTIVE),
        ("p2", "North Wind", Status.ACTIVE),
        ("p3", "", Status.ACTIVE),
        ("p4", "", Status.WITHDRAWN),
        ("p5", "", Status.ACTIVE),
    ]
    # p5 sat out round 1; p4 is withdrawn in round 2, which is not a bye.
    assert [(b.round, b.player) for b in byes] == [(1, "p5")]
    assert penalties == [
        PenaltyRecord("x1", "p2", 3000, "late", "TD", 2),
        PenaltyRecord(
            "x2", "p1", 1000, "noise", "", 2, cancelled=True, cancel_reason="it was the next table"
        ),
    ]
    assert tables == {1: 1, 2: 1}


def test_standings_of_the_folded_event() -> None:
    state = fold(SETTINGS, LOG)
    config = StandingsConfig(bye=Bye.FIXED, bye_points=5000, withdrawal=Withdrawal.KEEP)
    s = standings_from_state(state, config, LOG)
    # p1 25+10 = +35.0; p5 bye 5.0 + 25.0 = +30.0; p2 10-10-3 = -3.0; p3 -10.0 (the seat's
    # -30.0 is Sam's); p4 -25.0 (withdrawn, kept).
    assert [(r.place_label, r.player, r.total) for r in s.rows] == [
        ("1", "p1", 35000.0),
        ("2", "p5", 30000.0),
        ("3", "p2", -3000.0),
        ("4", "p3", -10000.0),
        ("5", "p4", -25000.0),
    ]
    assert [(r.player, r.total) for r in s.apart] == [("Sam", -30000.0)]
    assert [(t.team, t.total) for t in s.teams] == [("North Wind", 32000.0)]
    assert [p.id for p in s.penalties] == ["x1", "x2"]


def test_a_substitute_counts_for_the_team_of_the_seat_but_is_no_member() -> None:
    # As LOG, but Sue plays p2's seat in round 2 (instead of Sam in p3's): the seat scores the
    # EMA substitute's fixed -15000 points and -15000 uma, -30.0, for North Wind.
    sue = PlayerSubstituted(id="sub2", at=AT, round=2, table=1, player="p2", substitute="Sue")
    log = [sue if e.id == "sub" else e for e in LOG]
    state = fold(SETTINGS, log)
    assert state.clean, state.problems
    s = standings_from_state(state, StandingsConfig(), log)
    north = s.teams[0]
    assert north.members == ("p1", "p2")
    # p1 25.0 + 10.0 = 35.0; p2 10.0 - 3.0 (penalty) = 7.0; Sue's seat -30.0.
    assert (s.row("p2").total, s.row("Sue").total, north.total) == (7000.0, -30000.0, 12000.0)

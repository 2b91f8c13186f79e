"""The EMA pack's rules (`mjevent.core.ema`) and the `[ema]` table and player fields that feed it.

Worked example (the MERS weight table of mahjong-europe.org/ranking/Basicsranking.html and the
base rank of its ranking pages), a two-day event of 52 players from 7 countries, no
qualification:

    weight = 2 (two days) + 0.5 (41-80 players) + 0.5 (6-9 countries) + 0 = 3.0
    base rank of position p = floor(1000 * (52 - p) / 51):
        1st 1000, 2nd 980 (980.39), 26th 509 (509.80), 51st 19 (19.60), 52nd 0
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mjevent.core.ema import (
    EmaSettings,
    Participant,
    base_rank,
    country_problem,
    ema_number,
    ema_number_problem,
    facts,
    mers_weight,
    requirements,
)
from mjevent.core.settings import SettingsError, settings_from_dict, settings_to_dict


def test_worked_example_weight_and_base_ranks() -> None:
    w = mers_weight(days=2, players=52, countries=7, qualification=False)
    assert (w.duration, w.players, w.countries, w.qualification, w.total) == (
        2.0,
        0.5,
        0.5,
        0.0,
        3.0,
    )
    assert [base_rank(52, p) for p in (1, 2, 26, 51, 52)] == [1000, 980, 509, 19, 0]


def test_the_emas_own_example_75th_of_100_gets_252() -> None:
    assert base_rank(100, 75) == 252


@pytest.mark.parametrize(
    ("days", "players", "countries", "qualification", "total"),
    [
        (1, 40, 5, False, 1.0),  # every part at its lowest
        (1, 41, 5, False, 1.5),  # more than 40 players
        (1, 80, 6, False, 2.0),  # 80 players still +0.5; 6 countries +0.5
        (1, 81, 9, False, 2.5),  # more than 80 players +1; 9 countries still +0.5
        (2, 81, 10, False, 4.0),  # 10 countries +1 (the current page; the 2018 copy says +0.5)
        (3, 20, 3, True, 4.0),  # three days +3, qualification +1
        (5, 20, 3, False, 3.0),  # the table stops at 3 days
    ],
)
def test_mers_weight_at_each_boundary(
    days: int, players: int, countries: int, qualification: bool, total: float
) -> None:
    weight = mers_weight(
        days=days, players=players, countries=countries, qualification=qualification
    )
    assert weight.total == total


@given(st.integers(min_value=2, max_value=600), st.data())
def test_base_rank_is_between_0_and_1000_and_falls_with_the_position(
    players: int, data: st.DataObject
) -> None:
    position = data.draw(st.integers(min_value=1, max_value=players - 1))
    assert 0 <= base_rank(players, position + 1) <= base_rank(players, position) <= 1000
    assert base_rank(players, 1) == 1000
    assert base_rank(players, players) == 0


def test_ema_numbers_and_countries_are_checked() -> None:
    assert ema_number_problem("04120001") is None
    assert ema_number_problem("0412000") == "an EMA number has 8 digits (e.g. 04120001), got 7"
    assert ema_number_problem("NL-123") == (
        "an EMA number is 8 digits (e.g. 04120001), got 'NL-123'"
    )
    assert country_problem("DNK") is None
    assert country_problem("USA") == "'USA' is not an EMA member country code"
    assert country_problem("UKR", extra=("UKR",)) is None
    assert ema_number("p1", "05020002") == "05020002"
    assert ema_number("04120007") == "04120007"


def _facts(**changes: Any) -> Any:
    base: dict[str, Any] = {"days": 2, "sessions": (4, 4), "referees": 2}
    extra = changes.pop("extra", {})
    settings = EmaSettings(**{**base, **changes})
    ranked = extra.get("ranked", [Participant(f"0{n:07d}", "NLD") for n in range(36)])
    return facts(
        settings,
        ranked=ranked,
        substitutes=extra.get("substitutes", []),
        session_minutes=extra.get("session_minutes", 90),
        break_minutes=extra.get("break_minutes", 15),
        rounds_played=8,
    )


def _unmet(f: Any) -> list[str]:
    return [r.key for r in requirements(f) if not r.met]


def test_a_small_mers_event_meets_every_requirement() -> None:
    f = _facts()
    assert _unmet(f) == []
    assert [r.found for r in requirements(f)] == [
        "8 sessions (4 + 4)",
        "90 minutes",
        "at most 4 on a day",
        "15 minutes",
        "36 of 36",
        "2 referee(s)",
        "no substitute played",
    ]


@pytest.mark.parametrize(
    ("changes", "failed", "found"),
    [
        ({"sessions": (3, 3)}, "sessions", "6 sessions (3 + 3)"),
        ({"session_minutes": 75}, "session_length", "75 minutes"),
        ({"sessions": (6, 2)}, "sessions_per_day", "at most 6 on a day"),
        ({"extra": {"break_minutes": 5}}, "breaks", "5 minutes"),
        (
            {"extra": {"ranked": [Participant("", "NLD")] * 18 + [Participant("", None)] * 18}},
            "countries",
            "18 of 36",
        ),
        ({"referees": 1}, "referees", "1 referee(s)"),
        (
            {"extra": {"substitutes": [Participant("", "DEU")]}},
            "substitutes",
            "1 substitute(s) played; [ema] rank_substitutes is not set",
        ),
        (
            {"rank_substitutes": True, "extra": {"substitutes": [Participant("", "DEU")] * 4}},
            "substitutes",
            "4 substitutes to be ranked",
        ),
    ],
)
def test_an_event_that_fails_one_requirement(
    changes: dict[str, Any], failed: str, found: str
) -> None:
    f = _facts(**changes)
    assert _unmet(f) == [failed]
    assert next(r.found for r in requirements(f) if r.key == failed) == found


def test_ranked_substitutes_count_as_participants_up_to_three() -> None:
    subs = [Participant("", "DEU")] * 4
    assert _facts(rank_substitutes=True, extra={"substitutes": subs}).participants == 39
    assert _facts(rank_substitutes=False, extra={"substitutes": subs}).participants == 36


def test_every_requirement_names_its_clause_and_says_it_is_unconfirmed() -> None:
    clauses = [r.clause for r in requirements(_facts())]
    assert clauses[0] == "ERGMT: at least 7 sessions for 2 day(s) (unconfirmed)"
    assert all(c.startswith("ERGMT: ") for c in clauses)
    assert all(not r.confirmed for r in requirements(_facts()))


# --- The event file --------------------------------------------------------------------------


def _settings(ema: dict[str, Any] | None = None, **player: Any) -> Any:
    data: dict[str, Any] = {
        "event": {"name": "Cup", "format_version": 1},
        "rules": {"preset": "ema2016"},
        "players": [{"id": "p1", "name": "Anna de Vries", **player}],
    }
    if ema is not None:
        data["ema"] = ema
    return settings_from_dict(data)


def _error(ema: dict[str, Any] | None = None, **player: Any) -> str:
    with pytest.raises(SettingsError) as caught:
        _settings(ema, **player)
    return str(caught.value)


def test_ema_table_and_player_fields_round_trip() -> None:
    s = _settings(
        {
            "days": 2,
            "sessions": [4, 4],
            "referees": 2,
            "rank_substitutes": False,
            "country": "NLD",
            "city": "Utrecht",
            "extra_countries": ["UKR"],
        },
        ema_id="08010001",
        country="UKR",
    )
    assert s.ema == EmaSettings(
        days=2,
        sessions=(4, 4),
        referees=2,
        rank_substitutes=False,
        country="NLD",
        city="Utrecht",
        extra_countries=("UKR",),
    )
    assert (s.players[0].ema_id, s.players[0].country) == ("08010001", "UKR")
    assert settings_from_dict(settings_to_dict(s)) == s
    assert settings_to_dict(s)["ema"] == {
        "days": 2,
        "sessions": [4, 4],
        "referees": 2,
        "rank_substitutes": False,
        "country": "NLD",
        "city": "Utrecht",
        "extra_countries": ["UKR"],
    }


@pytest.mark.parametrize(
    ("ema", "player", "message"),
    [
        (
            None,
            {"ema_id": "8010001"},
            "players[0].ema_id: an EMA number has 8 digits (e.g. "
            "04120001), got 7. Fix: write the 8 digits in double quotes, leading zeros kept, e.g. "
            'ema_id = "04120001".',
        ),
        (
            None,
            {"country": "nld"},
            "players[0].country: 'nld' is not an EMA member country "
            "code; did you mean 'NLD'? Fix: use an EMA member's three-letter code (docs/export.md "
            "lists them), or add a newer member's code to [ema] extra_countries.",
        ),
        (
            {"days": 2, "sessions": [4], "referees": 1},
            {},
            "ema.sessions: 1 day(s) listed but "
            "days = 2. Fix: list the sessions of each of the 2 day(s).",
        ),
        (
            {"days": 1, "referees": 1},
            {},
            "ema.sessions: missing required key 'sessions'. Fix: add sessions = ... to this block.",
        ),
        (
            {"days": 1, "sessions": [4], "referees": 1, "mers": "yes"},
            {},
            "ema.mers: expected "
            "true or false, got 'yes' (text). Fix: write mers = true or mers = false, without "
            "quotes.",
        ),
        (
            {"days": 1, "sessions": [4], "referees": 1, "refs": 2},
            {},
            "ema.refs: unknown key "
            "'refs'; did you mean 'referees'? Fix: rename it to 'referees' ([ema] takes days, "
            "sessions, session_minutes, break_minutes, referees, rank_substitutes, qualification, "
            "mers, country, city, observer, extra_countries).",
        ),
    ],
)
def test_bad_ema_values_name_the_key_and_the_fix(
    ema: dict[str, Any] | None, player: dict[str, Any], message: str
) -> None:
    assert _error(ema, **player) == message

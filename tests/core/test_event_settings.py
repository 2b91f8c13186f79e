"""The settings part of an event file: typed values, key-path errors with fixes, round trips."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mjevent.core.settings import (
    EventFormat,
    Player,
    PlayerStatus,
    SettingsError,
    settings_from_dict,
    settings_to_dict,
)
from mjevent.core.standings import Criterion


def _base(**extra: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "event": {"name": "Winter Open", "format_version": 1},
        "rules": {"preset": "ema2016"},
        "players": [{"id": f"p{n:02d}", "name": f"Player {n}"} for n in range(1, 9)],
    }
    data.update(extra)
    return data


def _error(data: dict[str, Any]) -> SettingsError:
    with pytest.raises(SettingsError) as caught:
        settings_from_dict(data)
    return caught.value


def test_full_settings_read_into_typed_values() -> None:
    data = _base(
        teams=[{"id": "kyoto", "name": "Kyoto Dragons"}],
        seating={
            "method": "random",
            "seed": 7,
            "parameters": {"tries": 100},
            "rounds": [
                {
                    "round": 1,
                    "tables": [["p01", "p02", "p03", "p04"], ["p05", "p06", "p07", "p08"]],
                },
                {"round": 2, "method": "swiss", "tables": [["p01", "p05", "p02", "p06"]]},
            ],
        },
        timer={"round_minutes": 75, "warning_minutes": [15, 5], "break_minutes": 10},
    )
    data["event"].update(date=dt.date(2026, 12, 2), venue="Hall A")
    data["players"][0].update(team="kyoto", rating=1520, status="withdrawn")
    s = settings_from_dict(data)
    assert s.event.name == "Winter Open"
    assert s.event.date == dt.date(2026, 12, 2)
    assert s.event.format is EventFormat.RIICHI
    assert s.players[0] == Player("p01", "Player 1", "kyoto", 1520, PlayerStatus.WITHDRAWN)
    assert s.seating.round(2) is not None
    assert s.seating.rounds[1].method == "swiss"
    assert s.seating.rounds[0].tables[1] == ("p05", "p06", "p07", "p08")
    assert s.seating.round(3) is None
    assert (s.timer.round_minutes, s.timer.warning_minutes, s.timer.break_minutes) == (
        75,
        (15, 5),
        10,
    )
    assert s.player("p01") == s.players[0]
    assert settings_from_dict(settings_to_dict(s)) == s


def test_rules_overrides_build_the_rule_set() -> None:
    s = settings_from_dict(_base(rules={"preset": "ema2016", "kiriage": True, "oka": 0}))
    assert s.rules.ruleset.kiriage is True
    assert s.rules.overrides == {"kiriage": True, "oka": 0}
    assert settings_to_dict(s)["rules"] == {"preset": "ema2016", "kiriage": True, "oka": 0}


def test_sanma_format_follows_a_sanma_preset() -> None:
    data = _base(rules={"preset": "sanma-club"})
    data["players"] = data["players"][:3]
    s = settings_from_dict(data)
    assert s.event.format is EventFormat.SANMA
    assert s.event.format.seats == 3


def test_event_date_as_text_is_read_as_a_date() -> None:
    data = _base()
    data["event"]["date"] = "2026-12-02"
    assert settings_from_dict(data).event.date == dt.date(2026, 12, 2)


def test_log_key_is_left_to_the_store() -> None:
    assert settings_from_dict(_base(log=[{"id": "x"}])) == settings_from_dict(_base())


def test_unknown_key_suggests_the_right_one() -> None:
    data = _base()
    data["players"][12 - 5] = {"id": "p08", "nmae": "Tanaka"}
    error = _error(data)
    assert error.path == "players[7].nmae"
    assert str(error) == (
        "players[7].nmae: unknown key 'nmae'; did you mean 'name'? Fix: rename it to 'name' "
        "(a player takes id, name, team, rating, status, family_name, given_name, name_order, "
        "ema_id, country, newcomer)."
    )


def test_unknown_top_level_table_suggests_the_right_one() -> None:
    assert str(_error(_base(seatting={}))) == (
        "seatting: unknown key 'seatting'; did you mean 'seating'? Fix: rename it to 'seating' "
        "(an event file has event, rules, players, teams, seating, timer, standings, ema, awards, "
        "serve)."
    )


def test_standings_table_is_checked_and_kept() -> None:
    settings = settings_from_dict(
        _base(standings={"tiebreaks": ["total", "firsts", "lots"], "seed": "Cup 2026"})
    )
    config = settings.standings_config()
    assert [c.value for c in config.tiebreaks] == ["total", "firsts", "lots"]
    assert config.seed == "Cup 2026"
    assert settings_to_dict(settings)["standings"] == {
        "tiebreaks": ["total", "firsts", "lots"],
        "seed": "Cup 2026",
    }


def test_standings_table_without_a_chain_keeps_the_presets_chain() -> None:
    settings = settings_from_dict(_base(standings={"hide_incomplete_rounds": True}))
    config = settings.standings_config()
    assert config.hide_incomplete_rounds is True
    assert config.tiebreaks == (Criterion.TOTAL, Criterion.SHARED)  # ema2016's chain


def test_bad_standings_table_names_the_key() -> None:
    error = _error(_base(standings={"bye": "averag"}))
    assert error.path == "standings"
    assert str(error) == (
        "standings: [standings] bye = 'averag': expected one of zero, fixed, average; did you "
        "mean 'average'? Fix: correct it as docs/standings.md describes."
    )


def test_overrides_that_only_agree_together_are_accepted() -> None:
    # A three-player table needs three uma values: each override alone would not make a rule set.
    settings = settings_from_dict(
        _base(
            event={"name": "Sanma night", "format": "sanma", "format_version": 1},
            rules={
                "preset": "ema2016",
                "players": 3,
                "uma": [15000, 0, -15000],
                "noten_total": 2000,
            },
            players=[],
        )
    )
    assert settings.rules.ruleset.players == 3
    assert settings.rules.ruleset.uma == (15000, 0, -15000)


def test_unknown_key_without_a_close_match_says_remove_it() -> None:
    assert str(_error(_base(timer={"colour": "red"}))) == (
        "timer.colour: unknown key 'colour'. Fix: remove it "
        "([timer] takes round_minutes, warning_minutes, break_minutes)."
    )


def test_wrong_type_names_the_key_path() -> None:
    data = _base()
    data["players"][3]["name"] = 42
    assert str(_error(data)) == (
        'players[3].name: expected text, got 42 (a whole number). '
        'Fix: write it in double quotes, e.g. name = "...".'
    )


def test_rating_as_text_is_refused() -> None:
    data = _base()
    data["players"][2]["rating"] = "high"
    assert str(_error(data)) == (
        "players[2].rating: expected a number, got 'high' (text). "
        "Fix: write the rating as a number without quotes, e.g. rating = 1520."
    )


def test_duplicate_player_id_names_both_players() -> None:
    data = _base()
    data["players"][5]["id"] = "p02"
    assert str(_error(data)) == (
        "players[5].id: player id 'p02' is already used by players[1] (Player 2). "
        "Fix: give every player a different id."
    )


def test_unknown_rules_preset_suggests_the_closest() -> None:
    assert str(_error(_base(rules={"preset": "ema2061"}))) == (
        "rules.preset: unknown rule preset 'ema2061'; did you mean 'ema2016'? "
        "Fix: use one of ema2016, ema2025, jpml-a, majsoul, majsoul3, mleague, sanma-club, tenhou, "
        "tenhou3, wrc, wrl."
    )


def test_misspelt_rule_override_suggests_the_setting() -> None:
    assert str(_error(_base(rules={"preset": "ema2016", "kiriag": True}))) == (
        "rules.kiriag: unknown rule setting 'kiriag'; did you mean 'kiriage'? "
        "Fix: rename it to 'kiriage'."
    )


def test_bad_rule_override_value_quotes_the_rules_engine() -> None:
    assert str(_error(_base(rules={"preset": "ema2016", "bust": "minus"}))) == (
        "rules.bust: rule setting 'bust' = 'minus': expected one of none, below_zero, at_zero. "
        "Fix: correct the value."
    )


@pytest.mark.parametrize(
    ("table", "key", "message"),
    [
        (
            "event",
            "name",
            "event.name: missing required key 'name'. Fix: add name = \"...\" under [event].",
        ),
        (
            "event",
            "format_version",
            "event.format_version: missing required key 'format_version'. "
            "Fix: add format_version = 1 under [event].",
        ),
        (
            "rules",
            "preset",
            "rules.preset: missing required key 'preset'. "
            'Fix: add preset = "ema2016" (or another preset) under [rules].',
        ),
    ],
)
def test_missing_required_key_says_what_to_add(table: str, key: str, message: str) -> None:
    data = _base()
    del data[table][key]
    assert str(_error(data)) == message


def test_missing_rules_table_says_what_to_add() -> None:
    data = _base()
    del data["rules"]
    assert str(_error(data)) == (
        'rules: missing the [rules] table. Fix: add a [rules] table with preset = "ema2016" '
        "(or another preset)."
    )


def test_newer_format_version_asks_for_a_newer_mjevent() -> None:
    data = _base()
    data["event"]["format_version"] = 2
    assert str(_error(data)) == (
        "event.format_version: this file is format_version 2; this mjevent reads up to 1. "
        "Fix: open it with a newer mjevent (pip install -U mjevent)."
    )


def test_format_that_disagrees_with_the_rules_is_refused() -> None:
    data = _base(rules={"preset": "sanma-club"})
    data["event"]["format"] = "riichi"
    assert str(_error(data)) == (
        "event.format: format 'riichi' seats 4 players but the rules (sanma-club) are for 3. "
        "Fix: choose a rules preset for this format (sanma-club for sanma) or change the format."
    )


def test_player_seated_twice_in_a_round_is_refused() -> None:
    tables = [["p01", "p02", "p03", "p04"], ["p05", "p06", "p02", "p08"]]
    error = _error(_base(seating={"rounds": [{"round": 1, "tables": tables}]}))
    assert str(error) == (
        "seating.rounds[0].tables[1][2]: player 'p02' is already seated at table 1 this round. "
        "Fix: seat every player at most once per round."
    )


def test_seat_with_unknown_player_suggests_the_closest_id() -> None:
    tables = [["p01", "p02", "p03", "p044"]]
    error = _error(_base(seating={"rounds": [{"round": 1, "tables": tables}]}))
    assert str(error) == (
        "seating.rounds[0].tables[0][3]: no player has id 'p044'. Fix: did you mean 'p04'?"
    )


def test_table_with_the_wrong_number_of_seats_is_refused() -> None:
    error = _error(_base(seating={"rounds": [{"round": 1, "tables": [["p01", "p02", "p03"]]}]}))
    assert error.path == "seating.rounds[0].tables[0]"
    assert error.message == "expected 4 player ids (a riichi table), got a list of 3"


def test_rounds_out_of_order_are_refused() -> None:
    rounds = [{"round": 2, "tables": []}, {"round": 1, "tables": []}]
    assert _error(_base(seating={"rounds": rounds})).message == "round 1 comes after round 2"


def test_player_on_an_unknown_team_is_refused() -> None:
    data = _base(teams=[{"id": "kyoto", "name": "Kyoto"}])
    data["players"][0]["team"] = "kyoot"
    assert str(_error(data)) == (
        "players[0].team: no team has id 'kyoot'. Fix: use the id of a [[teams]] block ('kyoto'?)."
    )


def test_player_id_with_a_space_is_refused() -> None:
    data = _base()
    data["players"][0]["id"] = "p 1"
    assert _error(data).message == (
        "expected an id (letters, digits, '-', '_' or '.'), got 'p 1' (text)"
    )


def test_bad_status_lists_the_statuses() -> None:
    data = _base()
    data["players"][0]["status"] = "gone"
    assert _error(data).message == (
        "expected one of active, withdrawn, substitute, got 'gone' (text)"
    )


# Any printable text: control characters and bidirectional overrides are refused (below).
_NAMES = st.text(
    alphabet=st.characters(
        codec="utf-8", exclude_categories=["Cs", "Cc"],
        exclude_characters="\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\ufeff",
    ),
    min_size=1,
    max_size=20,
).filter(lambda s: s.strip() != "")


@given(names=st.lists(_NAMES, min_size=1, max_size=6), rating=st.integers(0, 3000))
def test_any_names_round_trip_through_the_plain_dict(names: list[str], rating: int) -> None:
    players = [{"id": f"p{i}", "name": n, "rating": rating} for i, n in enumerate(names)]
    data = _base(players=players)
    s = settings_from_dict(data)
    assert [p.name for p in s.players] == names
    assert settings_from_dict(settings_to_dict(s)) == s


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("Tanaka\x1b]0;pwned\x07", "it contains the control character \\x1b at position 7"),
        ("Kim\x7f", "it contains the control character \\x7f at position 4"),
        ("Ana\r\nSato", "it contains the control character \\x0d at position 4"),
        ("\u202eanaS", "it contains the control character \\u202e at position 1"),
    ],
)
def test_a_name_with_a_control_character_is_refused_with_its_position(
    name: str, problem: str
) -> None:
    error = _error(_base(players=[{"id": "p1", "name": name}]))
    assert error.path == "players[0].name"
    assert error.message.startswith("the name ")
    assert f"cannot be used: {problem} (a terminal escape" in error.message
    assert "\x1b" not in str(error) and "\x07" not in str(error)


def test_event_rounds_is_read_written_and_checked() -> None:
    data = _base()
    data["event"] = {**data["event"], "rounds": 8}
    settings = settings_from_dict(data)
    assert settings.event.rounds == 8
    assert settings_to_dict(settings)["event"]["rounds"] == 8
    assert "rounds" not in settings_to_dict(settings_from_dict(_base()))["event"]
    for value, message in (
        (0, "expected 1 or more, got 0"),
        (1000, "expected 999 or fewer, got 1000"),
        ("8", "expected a whole number, got '8' (text)"),
        (True, "expected a whole number, got true (true/false)"),
    ):
        data["event"] = {**data["event"], "rounds": value}
        error = _error(data)
        assert (error.path, error.message) == ("event.rounds", message)

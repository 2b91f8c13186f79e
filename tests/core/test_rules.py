"""Rule sets: overrides as the event file gives them, validation messages, round trips, docs."""

from __future__ import annotations

import dataclasses
import enum
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from mjevent.core.presets import PRESETS, preset
from mjevent.core.rules import (
    ABORTIVE_DRAW_KINDS,
    YAKUMAN,
    Bust,
    Kazoe,
    MultiRonDeposits,
    MultiRonRenchan,
    PaoScope,
    RulesError,
    RuleSet,
    coerce_setting,
    setting_names,
)

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules.md"


def _error(rules: RuleSet, overrides: dict[str, Any]) -> str:
    with pytest.raises(RulesError) as caught:
        rules.with_overrides(overrides)
    return str(caught.value)


# --- overrides, one kind of value at a time ------------------------------------------------


def test_override_enum_takes_its_string_value() -> None:
    rules = preset("ema2016").rules.with_overrides({"bust": "at_zero", "kazoe": "yakuman"})
    assert rules.bust is Bust.AT_ZERO
    assert rules.kazoe is Kazoe.YAKUMAN


def test_override_new_enum_settings() -> None:
    rules = preset("ema2016").rules.with_overrides(
        {"multi_ron_renchan": "first_winner", "pao_scope": "pao_yakuman"}
    )
    assert rules.multi_ron_renchan is MultiRonRenchan.FIRST_WINNER
    assert rules.pao_scope is PaoScope.PAO_YAKUMAN


def test_override_bool() -> None:
    rules = preset("ema2016").rules.with_overrides({"kiriage": True, "riichi_needs_points": True})
    assert (rules.kiriage, rules.riichi_needs_points) == (True, True)


def test_override_int() -> None:
    rules = preset("ema2016").rules.with_overrides({"start_points": 25000, "oka": 20000})
    assert (rules.start_points, rules.return_points, rules.oka) == (25000, 30000, 20000)


def test_override_uma_list_becomes_a_tuple() -> None:
    rules = preset("ema2016").rules.with_overrides({"uma": [20000, 10000, -10000, -20000]})
    assert rules.uma == (20000, 10000, -10000, -20000)


def test_override_players_and_uma_together_makes_a_sanma_rule_set() -> None:
    rules = preset("ema2016").rules.with_overrides(
        {"players": 3, "uma": [15000, 0, -15000], "honba_ron": 200}
    )
    assert (rules.players, rules.seats, rules.uma, rules.honba_ron) == (
        3,
        3,
        (15000, 0, -15000),
        200,
    )


def test_override_yaku_lists_become_frozensets() -> None:
    rules = preset("tenhou").rules.with_overrides(
        {"double_yakuman": ["suuankou_tanki"], "pao_yaku": ["daisangen"]}
    )
    assert rules.double_yakuman == frozenset({"suuankou_tanki"})
    assert rules.pao_yaku == frozenset({"daisangen"})


def test_override_pao_yaku_empty_turns_pao_off() -> None:
    assert preset("ema2016").rules.with_overrides({"pao_yaku": []}).pao_yaku == frozenset()


def test_override_abortive_draw_kinds() -> None:
    rules = preset("ema2016").rules.with_overrides(
        {"abortive_draws": True, "abortive_draw_kinds": ["kyuushu_kyuuhai"]}
    )
    assert rules.abortive_draws is True
    assert rules.abortive_draw_kinds == frozenset({"kyuushu_kyuuhai"})


def test_override_substitute_points_takes_a_number_or_nothing() -> None:
    rules = preset("tenhou").rules.with_overrides(
        {"substitute_points": -20000, "substitute_uma": None}
    )
    assert (rules.substitute_points, rules.substitute_uma) == (-20000, None)


def test_override_name_is_text() -> None:
    assert preset("ema2016").rules.with_overrides({"name": "club"}).name == "club"


def test_override_returns_a_copy_and_leaves_the_preset_alone() -> None:
    before = preset("ema2016").rules
    after = before.with_overrides({"kiriage": True})
    assert after is not before
    assert preset("ema2016").rules.kiriage is False


def test_presets_are_frozen() -> None:
    rules = preset("ema2016").rules
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.kiriage = True  # type: ignore[misc]


# --- floating uma --------------------------------------------------------------------------


def test_override_floating_uma_as_a_toml_table_with_string_keys() -> None:
    rules = preset("ema2016").rules.with_overrides(
        {"uma_floating": {"3": [12000, -1000, -3000, -8000], "1": [8000, 3000, 1000, -12000]}}
    )
    assert rules.uma_floating == (
        (1, (8000, 3000, 1000, -12000)),
        (3, (12000, -1000, -3000, -8000)),
    )
    assert rules.uma_for(3) == (12000, -1000, -3000, -8000)
    assert rules.uma_for(2) == (15000, 5000, -5000, -15000)


def test_override_floating_uma_as_a_list_of_pairs() -> None:
    rules = preset("jpml-a").rules.with_overrides(
        {"uma_floating": [[2, [10000, 5000, -5000, -10000]]]}
    )
    assert rules.uma_floating == ((2, (10000, 5000, -5000, -10000)),)
    assert rules.uma_for(2) == (10000, 5000, -5000, -10000)
    assert rules.uma_for(3) == (8000, 4000, -4000, -8000)


def test_override_floating_uma_empty_makes_it_fixed() -> None:
    rules = preset("jpml-a").rules.with_overrides({"uma_floating": {}})
    assert rules.uma_floating == ()
    assert rules.uma_for(3) == (8000, 4000, -4000, -8000)


def test_floating_uma_count_that_is_not_a_number() -> None:
    message = _error(preset("ema2016").rules, {"uma_floating": {"one": [1, 2, -1, -2]}})
    assert message == (
        "rule setting 'uma_floating' = {'one': [1, 2, -1, -2]}: 'one' is not a number of players"
    )


def test_floating_uma_values_that_are_not_points() -> None:
    message = _error(preset("ema2016").rules, {"uma_floating": {"1": "big"}})
    assert message == (
        "rule setting 'uma_floating' = {'1': 'big'}: uma for 1 below return must be a list of "
        "points"
    )


def test_floating_uma_pairs_of_the_wrong_shape() -> None:
    message = _error(preset("ema2016").rules, {"uma_floating": [[1, [0, 0, 0, 0], 9]]})
    assert message.endswith("expected pairs of [players below return, [uma...]]")


def test_floating_uma_that_is_neither_table_nor_list() -> None:
    message = _error(preset("ema2016").rules, {"uma_floating": 3})
    assert message == (
        "rule setting 'uma_floating' = 3: expected a table of players-below-return = [uma...]"
    )


def test_floating_uma_count_above_the_players() -> None:
    message = _error(preset("ema2016").rules, {"uma_floating": {"5": [1, 2, -1, -2]}})
    assert message == (
        "rule set 'ema2016': uma_floating counts players below return_points: 5 is not "
        "between 0 and 4"
    )


def test_floating_uma_that_does_not_sum_to_zero() -> None:
    message = _error(preset("ema2016").rules, {"uma_floating": {"1": [1, 2, 3, 4]}})
    assert message == "rule set 'ema2016': uma_floating[1] must sum to 0, sums to 10"


def test_floating_uma_with_a_count_listed_twice() -> None:
    with pytest.raises(RulesError, match="the same number of players below return twice"):
        RuleSet(uma_floating=((1, (1, -1, 0, 0)), (1, (2, -2, 0, 0))))


# --- bad values ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "raw", "expected"),
    [
        ("bust", "minus", "expected one of none, below_zero, at_zero"),
        ("kiriage", "yes", "expected true or false"),
        ("kiriage", 1, "expected true or false"),
        ("start_points", "30000", "expected a whole number of points"),
        ("start_points", 30000.0, "expected a whole number of points"),
        ("start_points", True, "expected a whole number of points"),
        ("name", 7, "expected text"),
        ("substitute_points", "-15", "expected a whole number of points"),
        ("substitute_uma", False, "expected a whole number of points"),
        ("uma", "15/5", "expected a list of points per place, e.g. [15000, 5000, -5000, -15000]"),
        ("uma", [15000, 5000.0, -5000, -15000], "expected a list of points per place"),
        ("double_yakuman", "daisuushii", "expected a list of yaku names"),
        ("pao_yaku", [1, 2], "expected a list of yaku names"),
        ("abortive_draw_kinds", "all", "expected a list of abortive draw kinds"),
    ],
)
def test_bad_value_is_refused_naming_setting_value_and_expectation(
    key: str, raw: Any, expected: str
) -> None:
    with pytest.raises(RulesError) as caught:
        coerce_setting(key, raw)
    message = str(caught.value)
    assert message.startswith(f"rule setting {key!r} = {raw!r}: ")
    assert expected in message


def test_unknown_setting_names_the_closest() -> None:
    assert _error(preset("ema2016").rules, {"kiriag": True}) == (
        "unknown rule setting 'kiriag'; did you mean 'kiriage'?"
    )
    assert _error(preset("ema2016").rules, {"riichi_needs_point": True}) == (
        "unknown rule setting 'riichi_needs_point'; did you mean 'riichi_needs_points'?"
    )


def test_unknown_setting_with_nothing_close_has_no_suggestion() -> None:
    assert _error(preset("ema2016").rules, {"zzz": 1}) == "unknown rule setting 'zzz'"


def test_unknown_preset_names_the_closest_and_lists_them_all() -> None:
    with pytest.raises(RulesError) as caught:
        preset("tenho")
    assert str(caught.value) == (
        "unknown rule preset 'tenho'; did you mean 'tenhou'? (known: ema2016, ema2025, jpml-a, "
        "majsoul, majsoul3, mleague, sanma-club, tenhou, tenhou3, wrc, wrl)"
    )


def test_unknown_yaku_name_suggests_the_closest_and_lists_them() -> None:
    message = _error(preset("ema2016").rules, {"pao_yaku": ["daisangen", "daisushi"]})
    assert message.startswith(
        "rule set 'ema2016': pao_yaku has unknown name 'daisushi'; did you mean 'daisuushii'? "
        "(known: chiihou, chinroutou, "
    )


def test_unknown_double_yakuman_name() -> None:
    message = _error(preset("majsoul").rules, {"double_yakuman": ["kokushi13"]})
    expected = "double_yakuman has unknown name 'kokushi13'; did you mean 'kokushi_musou_13'?"
    assert expected in message


def test_unknown_abortive_draw_kind() -> None:
    message = _error(preset("ema2016").rules, {"abortive_draw_kinds": ["kyuushu"]})
    assert message == (
        "rule set 'ema2016': abortive_draw_kinds has unknown name 'kyuushu'; did you mean "
        "'kyuushu_kyuuhai'? (known: kyuushu_kyuuhai, suucha_riichi, suufon_renda, suukaikan)"
    )


# --- validation ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"players": 5}, "rule set 'ema2016': players must be 3 or 4, not 5"),
        ({"players": 3}, "rule set 'ema2016': uma needs 3 values (one per place), got 4"),
        ({"uma": [15000, 5000, -5000]}, "uma needs 4 values (one per place), got 3"),
        ({"uma": [15000, 5000, -5000, -10000]}, "uma must sum to 0, sums to 5000"),
        ({"start_points": -1}, "start_points cannot be negative"),
        ({"return_points": -1}, "return_points cannot be negative"),
        ({"riichi_value": -1000}, "riichi_value cannot be negative"),
        ({"honba_ron": -300}, "honba_ron cannot be negative"),
        ({"honba_tsumo_each": -100}, "honba_tsumo_each cannot be negative"),
        ({"noten_total": -3000}, "noten_total cannot be negative"),
        ({"chombo_penalty": -1}, "chombo_penalty cannot be negative"),
        ({"oka": -20000}, "oka cannot be negative"),
        ({"goal_points": -1}, "goal_points cannot be negative"),
        ({"extension": "sudden_death"}, "an extension needs goal_points above 0"),
    ],
)
def test_invalid_rule_set_is_refused_with_the_reason(
    overrides: dict[str, Any], message: str
) -> None:
    assert message in _error(preset("ema2016").rules, overrides)


def test_sanma_noten_total_must_split_in_two() -> None:
    assert _error(preset("sanma-club").rules, {"noten_total": 2900}) == (
        "rule set 'sanma-club': noten_total 2900 cannot be split in whole hundreds between "
        "tenpai and noten players; use a multiple of 200 (e.g. 2000)"
    )


def test_four_player_noten_total_must_split_in_two_and_in_three() -> None:
    # 2000 halves (1000) but does not divide by three (666.67 per noten player with one tenpai).
    assert _error(preset("ema2016").rules, {"noten_total": 2000}) == (
        "rule set 'ema2016': noten_total 2000 cannot be split in whole hundreds between "
        "tenpai and noten players; use a multiple of 600 (e.g. 3000)"
    )


def test_substitute_scoring_can_be_switched_off_with_none() -> None:
    ema = preset("ema2016").rules.with_overrides(
        {"substitute_points": "none", "substitute_uma": "none"}
    )
    assert (ema.substitute_points, ema.substitute_uma) == (None, None)


def test_several_problems_are_reported_together() -> None:
    message = _error(preset("ema2016").rules, {"oka": -1, "honba_ron": -1})
    assert message == ("rule set 'ema2016': honba_ron cannot be negative; oka cannot be negative")


def test_constructing_directly_validates_too() -> None:
    with pytest.raises(RulesError, match="uma needs 3 values"):
        RuleSet(name="bad", players=3)


# --- defaults and names --------------------------------------------------------------------


def test_defaults_are_ema2016() -> None:
    assert dataclasses.replace(RuleSet(), name="ema2016") == preset("ema2016").rules


def test_ema_multi_ron_gives_each_winner_their_own_stick_back() -> None:
    # RCR 2016: "Winning players always get one Riichi stick back. Leftover Riichi sticks go to
    # the winner sitting closest to the discarder's right."
    assert preset("ema2016").rules.multi_ron_deposits is MultiRonDeposits.OWN_BACK_REST_FIRST


def test_name_lists_cover_what_the_presets_use() -> None:
    for rules in (p.rules for p in PRESETS.values()):
        assert rules.double_yakuman <= YAKUMAN
        assert rules.pao_yaku <= YAKUMAN
        assert rules.abortive_draw_kinds <= ABORTIVE_DRAW_KINDS


def test_setting_names_are_in_declaration_order() -> None:
    names = setting_names()
    assert names[:4] == ("name", "players", "start_points", "return_points")
    assert names[-4:] == (
        "abortive_draw_kinds",
        "multi_ron_renchan",
        "riichi_needs_points",
        "pao_scope",
    )
    assert len(names) == len(set(names)) == 50


def test_differences_lists_only_changed_settings_without_the_name() -> None:
    assert preset("wrl").rules.differences(preset("wrc").rules) == {"chombo_penalty": 30000}
    assert preset("ema2025").rules.differences(preset("ema2016").rules) == {
        "kiriage": True,
        "chombo_ends_game": True,
        "time_call_minutes": 15,
        "chombo_counts_after_call": True,
        "substitute_uma_after_start": None,
        "late_penalty_per_minute": 1000,
        "late_limit_minutes": 10,
        "score_sheet_penalty": 2000,
    }


# --- round trips (hypothesis) --------------------------------------------------------------

_PRESET_NAMES = st.sampled_from(sorted(PRESETS))


@given(_PRESET_NAMES)
def test_settings_read_back_through_overrides_give_the_same_rule_set(name: str) -> None:
    rules = preset(name).rules
    assert RuleSet().with_overrides(rules.settings()) == rules


@given(_PRESET_NAMES, _PRESET_NAMES)
def test_differences_turn_one_preset_into_another(base: str, target: str) -> None:
    a, b = preset(base).rules, preset(target).rules
    moved = a.with_overrides(b.differences(a))
    assert dataclasses.replace(moved, name=b.name) == b


def _enum_or_bool_override() -> st.SearchStrategy[tuple[str, Any]]:
    defaults = RuleSet()
    choices: list[tuple[str, list[Any]]] = []
    for key in setting_names():
        value = getattr(defaults, key)
        if isinstance(value, bool):
            choices.append((key, [True, False]))
        elif isinstance(value, enum.Enum):
            choices.append((key, [m.value for m in type(value)]))
    return st.sampled_from(choices).flatmap(
        lambda pair: st.tuples(st.just(pair[0]), st.sampled_from(pair[1]))
    )


@given(_PRESET_NAMES, st.lists(_enum_or_bool_override(), max_size=6))
def test_any_enum_or_switch_override_is_kept_and_everything_else_is_untouched(
    name: str, overrides: list[tuple[str, Any]]
) -> None:
    base = preset(name).rules
    changes = dict(overrides)
    if changes.get("extension", "none") != "none" and base.goal_points == 0:
        changes["goal_points"] = 30000
    rules = base.with_overrides(changes)
    plain = rules.settings()
    for key, value in changes.items():
        assert plain[key] == value
    untouched = {k: v for k, v in base.settings().items() if k not in changes}
    assert {k: plain[k] for k in untouched} == untouched


@given(
    st.sampled_from(sorted(PRESETS)),
    st.text(alphabet="abcdefghijklmnopqrstuvwxyz_", min_size=1, max_size=20),
)
def test_an_unknown_setting_is_always_an_error_naming_it(name: str, key: str) -> None:
    assume(key not in setting_names())
    message = _error(preset(name).rules, {key: 1})
    assert message.startswith(f"unknown rule setting {key!r}")


# --- docs ----------------------------------------------------------------------------------


def test_docs_describe_every_setting_and_every_preset() -> None:
    text = DOCS.read_text(encoding="utf-8")
    settings_part = text.split("\n## Settings\n", 1)[1].split("\n## Presets\n", 1)[0]
    headings = re.findall(r"^### `([a-z_]+)`$", settings_part, flags=re.MULTILINE)
    assert headings == list(setting_names())
    for name in PRESETS:
        assert f"`{name}`" in text


def _cell(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        if value and isinstance(value[0], list):
            return "; ".join(f"{count} below: {'/'.join(map(str, uma))}" for count, uma in value)
        return "/".join(map(str, value)) if value else "—"
    return str(value)


def preset_table() -> str:
    """The presets x settings table of docs/rules.md, as the code has it."""
    names = list(PRESETS)
    rows = ["| setting | " + " | ".join(f"`{n}`" for n in names) + " |"]
    rows.append("|---" * (len(names) + 1) + "|")
    for key in setting_names():
        if key == "name":
            continue
        cells = [_cell(PRESETS[n].rules.settings()[key]) for n in names]
        rows.append(f"| `{key}` | " + " | ".join(cells) + " |")
    return "\n".join(rows)


def test_docs_preset_table_matches_the_code() -> None:
    # After changing a preset, paste the output of
    #   .venv/bin/python -c "from tests.core.test_rules import preset_table; print(preset_table())"
    # over the table in docs/rules.md (and pin the new value in test_presets.py).
    table = preset_table()
    assert table in DOCS.read_text(encoding="utf-8"), "\n" + table

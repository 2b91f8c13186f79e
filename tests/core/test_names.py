"""Family and given names for the EMA export: explicit, by order, or guessed from the script.

The expected splits are typed from how each naming tradition writes a name:
- Japanese, Chinese and Korean names are written family name first (田中 優希: family 田中;
  王 芳: family 王; 김서연: family 김, the usual one-syllable Korean family name);
- Vietnamese names are family name first (Nguyễn Thị Mai: family Nguyễn, given Thị Mai);
- Hungarian names are family name first in Hungarian (Szőke Anna: family Szőke);
- elsewhere in Europe the family name is last, with its particles (Pieter de Vries: de Vries;
  Aoife Ní Bhriain: Ní Bhriain).
"""

from __future__ import annotations

import pytest

from mjevent.core.names import NameOrder, NameParts, split_name
from mjevent.core.settings import SettingsError, settings_from_dict


@pytest.mark.parametrize(
    ("name", "family", "given"),
    [
        ("田中 優希", "田中", "優希"),
        ("佐々木 蓮", "佐々木", "蓮"),
        ("王 芳", "王", "芳"),
        ("王芳", "王", "芳"),
        ("김서연", "김", "서연"),
        ("Nguyễn Thị Mai", "Nguyễn", "Thị Mai"),
        ("Szőke Anna", "Szőke", "Anna"),
        ("Sophie Müller", "Müller", "Sophie"),
        ("Pieter de Vries", "de Vries", "Pieter"),
        ("Aoife Ní Bhriain", "Ní Bhriain", "Aoife"),
        ("Ömer Yıldız", "Yıldız", "Ömer"),  # noqa: RUF001 (Turkish dotless i)
    ],
)
def test_the_guess_follows_the_naming_tradition_and_says_it_guessed(
    name: str, family: str, given: str
) -> None:
    parts = split_name(name)
    assert (parts.family, parts.given) == (family, given)
    assert parts.guess is not None


def test_a_long_han_name_without_a_space_is_not_split() -> None:
    # 佐々木蓮 is 佐々木 + 蓮, 田中優希 is 田中 + 優希: no length rule tells them apart.
    parts = split_name("佐々木蓮")
    assert (parts.family, parts.given) == ("佐々木蓮", "")
    assert parts.guess is not None and "no space to split at" in parts.guess


def test_explicit_names_and_a_name_order_are_not_guesses() -> None:
    assert split_name("Tanaka Yuki", family="Tanaka", given="Yuki") == NameParts("Tanaka", "Yuki")
    assert split_name("Kovács Erzsébet", order=NameOrder.FAMILY_FIRST) == NameParts(
        "Kovács", "Erzsébet"
    )
    assert split_name("田中 優希", order=NameOrder.GIVEN_FIRST) == NameParts("優希", "田中")


def _player(**keys: object) -> dict[str, object]:
    return {
        "event": {"name": "Cup", "format_version": 1},
        "rules": {"preset": "ema2016"},
        "players": [{"id": "p1", "name": "田中 優希", **keys}],
    }


def test_event_file_players_carry_family_and_given_names() -> None:
    s = settings_from_dict(_player(family_name="田中", given_name="優希"))
    assert s.players[0].name_parts() == NameParts("田中", "優希")
    s = settings_from_dict(_player(name_order="family_first"))
    assert s.players[0].name_parts() == NameParts("田中", "優希")


@pytest.mark.parametrize(
    ("keys", "message"),
    [
        ({"family_name": "田中"}, "players[0].given_name: family_name and given_name go together"),
        ({"name_order": "eastern"}, "players[0].name_order: expected one of family_first, "),
        (
            {"family_name": "田中", "given_name": "優希", "name_order": "family_first"},
            "name_order is not needed when family_name and given_name are given",
        ),
    ],
)
def test_bad_name_keys_name_the_key_and_the_fix(keys: dict[str, str], message: str) -> None:
    with pytest.raises(SettingsError) as caught:
        settings_from_dict(_player(**keys))
    assert message in str(caught.value)


def test_name_keys_survive_a_write_and_read_of_the_settings() -> None:
    from mjevent.core.settings import settings_to_dict

    for keys in ({"family_name": "田中", "given_name": "優希"}, {"name_order": "given_first"}):
        s = settings_from_dict(_player(**keys))
        written = settings_to_dict(s)
        assert {k: written["players"][0][k] for k in keys} == keys
        assert settings_from_dict(written) == s

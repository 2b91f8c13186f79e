"""The settings above the log read without tomllib (`toml_read.fast_settings`): exactly what
tomllib reads, or None (then tomllib reads them), on settings as written and as edited by hand."""

from __future__ import annotations

import datetime as dt
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjevent.events import toml_write
from mjevent.events.store import EventStore
from mjevent.events.toml_read import fast_document, fast_settings

_TEXT = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=10)
_SCALAR = (
    _TEXT
    | st.integers(-(2**63), 2**63 - 1)
    | st.booleans()
    | st.floats(allow_nan=False)
    | st.dates()
    | st.sampled_from(['"', "\\", " = ", "[[players]]", "\n[x]\n", "# a", "null"])
)
_KEY = st.sampled_from(["name", "id", "rounds", "players", "a-b", "_", "9"]) | _TEXT.filter(bool)
_LEAF = (
    _SCALAR | st.lists(_SCALAR, max_size=3) | st.lists(st.lists(_SCALAR, max_size=3), max_size=3)
)
_TABLE = st.recursive(
    st.dictionaries(_KEY, _LEAF, max_size=3),
    lambda inner: st.dictionaries(
        _KEY, _LEAF | inner | st.lists(inner, min_size=1, max_size=2), max_size=3
    ),
    max_leaves=10,
)


def _agrees(text: str) -> dict[str, Any] | None:
    fast = fast_settings(text)
    try:
        expected = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        assert fast is None
        return None
    assert fast is None or fast == expected
    return fast


@settings(max_examples=200, deadline=None)
@given(data=_TABLE)
def test_settings_as_written_read_as_tomllib_reads_them(data: dict[str, Any]) -> None:
    try:
        text = toml_write.document(data)
    except toml_write.TomlValueError:
        return
    _agrees(text)


def _event(players: int) -> dict[str, Any]:
    return {
        "event": {"name": "Cup", "date": dt.date(2026, 12, 2), "format_version": 1},
        "rules": {"preset": "ema2016"},
        "players": [
            {"id": f"p{n}", "name": f"Player {n}", "rating": 1500 + n} for n in range(players)
        ],
        "seating": {
            "method": "random",
            "seed": 7,
            "rounds": [
                {"round": 1, "tables": [["p0", "p1", "p2", "p3"], ["p4", "p5", "p6", "p7"]]},
                {"round": 2, "tables": [["p0", "p4", "p2", "p6"], ["p1", "p5", "p3", "p7"]]},
            ],
        },
        "standings": {"tiebreaks": ["total", "shared"]},
    }


def test_an_event_as_written_is_read_without_tomllib() -> None:
    text = toml_write.settings_text(_event(8))
    fast = fast_settings(text)
    assert fast is not None
    assert fast == tomllib.loads(text) == toml_write_plain(_event(8))


def toml_write_plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: toml_write_plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [toml_write_plain(v) for v in value]
    return value


def test_a_file_opens_with_its_settings_read_the_fast_way(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    store = EventStore.create(path, _event(8))
    store.append({"id": "h1", "at": "2026-12-02T10:00:00Z", "kind": "note", "text": "hi"})
    data = path.read_bytes()
    assert fast_settings(data[: data.index(b"\n[[log]]")].decode()) is not None
    assert fast_document(data) == (tomllib.loads(data.decode()), True)
    # The store keeps the settings without the log.
    assert EventStore.open(path).settings == {
        k: v for k, v in tomllib.loads(data.decode()).items() if k != "log"
    }


# Settings edited by hand, each in a way TOML reads (or refuses) otherwise than as written:
# these go to tomllib (None), or read the same.
@pytest.mark.parametrize(
    "text",
    [
        "[a]\nx = 1\n[a]\ny = 2\n",  # a table named twice
        "[a.b]\nx = 1\n[a]\ny = 2\n",  # a table made implicitly, then named
        "[a]\nb = 1\n[a.b]\nx = 1\n",  # a value, then a table of the same name
        "[[a]]\nx = 1\n[a]\n",  # an array of tables, then a table
        "[a]\n[[a]]\n",  # a table, then an array of tables
        "a = []\n[[a]]\n",  # a list, then an array of tables
        "a = { b = 1 }\n[a.c]\n",  # an inline table extended
        "[[a]]\nb = 1\n[a.b]\n",  # a value of the last table, then a table of its name
        "[[a]]\n[a.b]\nx = 1\n[[a]]\n[a.b]\nx = 2\n",  # each a's own b
        "[[a.b]]\nx = 1\n",  # in a table never named
        "[ a ]\nx = 1\n",
        "[a] # note\nx = 1\n",
        "[a]\n  x = 1\n",
        "[a]\nx = 1 # note\n",
        'x = "a" # note\n',
        "a.b = 1\n",
        '"a" = 1\n',
        "x=1\n",
        "x = [\n    1,\n    2\n]\n",
        "x = [\n  [1],\n]\n",
        "x = [\n1234[5],\n]\n",
        "x = [\n    [1], # one\n]\n",
        "x = [\n    [1],\n",
        "x = [\n    [1],\n  ]\n",
        "x = [\n\n    [1],\n]\n",
        "x = [\n    [1],\n]\ny = 2\n",
        "x = 2026-02-30\n",
        "x = 2026-12-02T10:00:00Z\n",
        "x = 1\nx = 2\n",
        "x = '''a'''\n",
        'x = """a"""\n',
        "x = +5\n",
        "x = 1_000\n",
        "x = nan\n",
        "[]\n",
        "[a..b]\n",
        "[[a]\n",
        "[a]]\n",
        "[\n",
        "\n\n# only comments\n\n",
        "",
    ],
)
def test_settings_edited_by_hand_read_as_tomllib_reads_them(text: str) -> None:
    _agrees(text)


def test_each_table_of_an_array_gets_its_own_subtable() -> None:
    text = "[[a]]\n[a.b]\nx = 1\n\n[[a]]\n[a.b]\nx = 2\n"
    assert fast_settings(text) == tomllib.loads(text) == {"a": [{"b": {"x": 1}}, {"b": {"x": 2}}]}


@settings(max_examples=200, deadline=None)
@given(
    cuts=st.lists(
        st.tuples(
            st.floats(0, 1),
            st.sampled_from(["\n[a]\n", "\n[[players]]\n", "\nx = 1\n", "\n]\n", " ", "#", "\n"]),
        ),
        max_size=3,
    )
)
def test_an_event_edited_anywhere_reads_as_tomllib_reads_it(cuts: list[tuple[float, str]]) -> None:
    text = toml_write.settings_text(_event(3))
    for where, insert in cuts:
        at = int(where * len(text))
        text = text[:at] + insert + text[at:]
    _agrees(text)

"""The fast log reader returns exactly what tomllib returns, or gives the file to tomllib."""

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
from mjevent.events.toml_read import fast_document, fast_log
from mjevent.events.toml_write import LOG_BANNER

HEAD = (
    '[event]\nname = "Cup"\nformat_version = 1\n\n[rules]\npreset = "ema2016"\n' + LOG_BANNER
)

_TEXT = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=12)
_SCALAR = (
    _TEXT
    | st.integers(-(2**63), 2**63 - 1)
    | st.booleans()
    | st.floats(allow_nan=False)
    | st.dates()
    | st.sampled_from(['"', "\\", " = ", "{ a = 1 }", ", b = ", '\\"', "\\/", "\\ud800"])
)
_KEY = st.sampled_from(["winner", "han", "fu", "x-1", "_", "9", "true"]) | _TEXT.filter(bool)
_VALUE = st.recursive(
    _SCALAR,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_KEY, inner, max_size=3),
    max_leaves=8,
)
_RECORD = st.dictionaries(
    st.sampled_from(["round", "table", "wins", "riichi", "note", "final", "a-b", "x_1"]),
    _VALUE,
    max_size=5,
)


def _block(n: int, fields: dict[str, Any]) -> str:
    record = {"id": f"e{n}", "at": "2026-12-02T10:00:00Z", "kind": "x", **fields}
    return toml_write.log_block(record)


@settings(max_examples=120, deadline=None)
@given(records=st.lists(_RECORD, min_size=1, max_size=4))
def test_fast_reader_agrees_with_tomllib_on_anything_written(
    records: list[dict[str, Any]],
) -> None:
    text = HEAD + "".join(_block(n, r) for n, r in enumerate(records))
    expected = tomllib.loads(text)
    fast = fast_document(text.encode("utf-8"))
    assert fast is None or fast[0] == expected
    windows = text.replace("\n", "\r\n")
    fast = fast_document(windows.encode("utf-8"))
    assert fast is None or fast[0] == tomllib.loads(windows) == expected
    read = [{k: v for k, v in r.items() if k not in ("id", "at", "kind")} for r in expected["log"]]
    assert read == [toml_write_plain(r) for r in records]


def toml_write_plain(value: Any) -> Any:
    """What a record reads back as: tuples become lists."""
    if isinstance(value, dict):
        return {k: toml_write_plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [toml_write_plain(v) for v in value]
    return value


def test_fast_reader_takes_the_usual_hand_entry() -> None:
    fields = {"round": 3, "table": 12, "outcome": "ron", "loser": "W",
              "wins": [{"winner": "S", "han": 3, "fu": 30}], "riichi": ["E"], "note": 'a "b" = c'}
    text = HEAD + _block(1, fields) + _block(2, {"final": [-1200, 0, 31200, 30000]})
    fast = fast_document(text.encode("utf-8"))
    assert fast is not None
    assert fast == (tomllib.loads(text), True)


@pytest.mark.parametrize(
    "lines",
    [
        'note = "x" # a comment',
        "# a comment line",
        "round=3",
        "note = 'literal'",
        "a.b = 1",
        "n = 1_000",
        "n = +5",
        "n = 0x1F",
        "n = -inf",
        "when = 2026-12-02T10:00:00Z",
        "day = 2026-12-02",
        'note = "\\U0001F004"',
        "wins = [\n  1,\n  2,\n]",
        'wins = [{ "quoted key" = 1 }]',
        "wins = [1, 2,]",
        "flag = true",
        "t = { a = { b = [1, { c = 2 }] } }",
        'raw = "tab\there"',
    ],
)
def test_hand_edited_entries_read_as_tomllib_reads_them(tmp_path: Path, lines: str) -> None:
    text = HEAD + '\n[[log]]\nid = "e1"\nat = "t"\nkind = "note"\n' + lines + "\n# end e1\n"
    path = tmp_path / "club.toml"
    path.write_text(text, encoding="utf-8")
    assert EventStore.open(path).log == tomllib.loads(text)["log"]


@pytest.mark.parametrize(
    "lines",
    [
        'note = "\\/"',
        'note = "\\ud83c\\udc04"',
        "n = NaN",
        "n = Infinity",
        "n = 007",
        "t = { a = 1, a = 2 }",
        "n = null",
        "wins = [1, null]",
        "t = { a = null }",
    ],
)
def test_spellings_only_json_accepts_are_left_to_tomllib(lines: str) -> None:
    text = HEAD + '\n[[log]]\nid = "e1"\nat = "t"\nkind = "note"\n' + lines + "\n# end e1\n"
    assert fast_document(text.encode("utf-8")) is None
    with pytest.raises(tomllib.TOMLDecodeError):
        tomllib.loads(text)


def test_dates_written_as_values_read_back_as_dates(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    store = EventStore.create(path, tomllib.loads(HEAD))
    when = dt.datetime(2026, 12, 2, 15, 30, tzinfo=dt.UTC)
    store.append({"id": "e1", "at": when, "kind": "round_started", "day": dt.date(2026, 12, 2)})
    assert EventStore.open(path).log == [
        {"id": "e1", "at": when, "kind": "round_started", "day": dt.date(2026, 12, 2)}
    ]


def test_a_line_read_again_gives_each_entry_its_own_lists_and_tables() -> None:
    # The reader reads each distinct line once; a list or table handed out again is a copy.
    fields = {"wins": [{"winner": "S", "han": 3, "fu": 30}], "riichi": ["E"], "t": {"a": 1}}
    text = HEAD + _block(1, fields) + _block(2, fields)
    fast = fast_document(text.encode("utf-8"))
    assert fast is not None and fast[0] == tomllib.loads(text)
    first, second = fast[0]["log"]
    for key in ("wins", "riichi", "t"):
        assert first[key] == second[key] and first[key] is not second[key]
    assert first["wins"][0] is not second["wins"][0]


@pytest.mark.parametrize(
    "between",
    [
        'kind = "hand"\n',  # a line read before (in the first entry), now outside any entry
        'note = "x"\n',  # a line not read before, outside any entry
        'id = "e9"\n',  # an id line outside any entry
        "# end e1\n",  # an end line closing no entry
    ],
)
def test_a_field_outside_any_entry_is_left_to_tomllib(between: str) -> None:
    fields = {"kind": "hand", "round": 1}
    text = HEAD + _block(1, fields) + between + _block(2, fields)
    assert fast_log(text[text.index("[[log]]") :]) is None
    assert fast_document(text.encode("utf-8")) is None


def test_a_line_repeated_in_one_entry_is_a_duplicate_key() -> None:
    text = HEAD + _block(1, {"kind": "hand"}) + '\n[[log]]\nid = "e2"\nkind = "hand"\n'
    text += 'kind = "hand"\n# end e2\n'
    assert fast_document(text.encode("utf-8")) is None
    with pytest.raises(tomllib.TOMLDecodeError):
        tomllib.loads(text)

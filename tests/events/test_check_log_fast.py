"""`check_log` clears a well-formed log in one go (`_well_formed_ids`) and checks any other record
by record (`_check_each`): both ways give the same records, the same ids, and the same error."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from mjevent.events.errors import EventFileInvalidError
from mjevent.events.validation import _check_each, _well_formed_ids, check_log

_PATH = Path("club.toml")
# Ids as a file may hold them: plain, empty, with white space of any kind (a no-break space,
# an ideographic space), or not text at all; a few repeat.
_ID = st.sampled_from(
    ["h1", "h2", "01J", "", "a b", "a\u00a0b", "a\u3000b", "x\t", "\u2028", "ロン"]
) | st.integers(0, 3)
_KIND = st.sampled_from(["hand", "note"]) | st.none() | st.integers(0, 1)
_RECORD = st.fixed_dictionaries({}, optional={"id": _ID, "kind": _KIND, "round": st.just(1)})
_ITEM = _RECORD | st.integers() | st.lists(st.integers(), max_size=1)


def _outcome(check: Any, records: list[Any], offset: int, ids: dict[str, int]) -> Any:
    try:
        return check(_PATH, records, offset, ids), ids
    except EventFileInvalidError as error:
        # The fix suggests a new id, made afresh each time.
        return re.sub(r'id = "[0-9A-Z]{26}"', 'id = "<new>"', str(error))


@settings(max_examples=300, deadline=None)
@given(
    records=st.lists(_ITEM, max_size=6),
    before=st.dictionaries(st.sampled_from(["h1", "p9"]), st.integers(0, 5), max_size=2),
)
@example(records=[{"id": "h1", "kind": "hand"}, {"id": "h2", "kind": "hand"}], before={})
@example(records=[{"id": "a\u3000b", "kind": "hand"}], before={})
@example(records=[{"id": "h1", "kind": "hand"}], before={"h1": 0})
def test_at_once_and_record_by_record_agree(records: list[Any], before: dict[str, int]) -> None:
    offset = len(before)
    assert _outcome(check_log, records, offset, dict(before)) == _outcome(
        _check_each, records, offset, dict(before)
    )


def test_a_written_log_is_cleared_at_once() -> None:
    records = [{"id": f"h{n}", "kind": "hand"} for n in range(3)]
    assert _well_formed_ids(records, {"p1": 0}) == ["h0", "h1", "h2"]
    ids = {"p1": 0}
    assert check_log(_PATH, records, 1, ids) is records
    assert ids == {"p1": 0, "h0": 1, "h1": 2, "h2": 3}


@pytest.mark.parametrize(
    "records",
    [
        [{"id": "h1", "kind": "hand"}, {"id": "h1", "kind": "hand"}],
        [{"id": "a\u3000b", "kind": "hand"}],
        [{"id": "", "kind": "hand"}],
        [{"id": "h1"}],
        [{"id": "h1", "kind": 3}],
        [{"kind": "hand"}],
        [["h1"]],
    ],
)
def test_a_log_with_a_fault_is_left_to_the_record_by_record_check(records: list[Any]) -> None:
    assert _well_formed_ids(records, {}) is None
    with pytest.raises(EventFileInvalidError):
        check_log(_PATH, records, 0, {})

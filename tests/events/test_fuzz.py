"""Nothing typed can make the event file unreadable: fuzzed ids, names, entry lines and values.

Every example is offered to the real commands on one event file. Whatever is accepted must read
back exactly (a fresh `open_event` gives the same log, with no warning) and the file must stay
valid; whatever is refused must be refused with a `ValueError` subclass (the commands' own
errors: `CommandError`, `EntrySyntaxError`, `IllegalHandError` ...) and leave the file byte for
byte as it was. Any other exception, a traceback, fails the test.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from mjevent.core.text import safe_text
from mjevent.events import commands, open_event
from mjevent.events.store import EventStore
from mjevent.tui.cli.main import app

runner = CliRunner()

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
FUZZ = settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)

# Anything a terminal, a CSV or a web page can deliver: controls, surrogates (invalid UTF-8 on
# the command line), the file's own syntax, quotes and backslashes.
_NASTY = st.sampled_from(
    ["\x00", "\x01", "\x07", "\x1b[2J", "\x7f", "\x85", "\r", "\n", "\r\n", "\t", "\ud800",
     "\udcff", "\u202e", "\ufeff", "# end ", "[[log]]", '"', "'", "\\", '"""', "=", " ", "#",
     "東", "é", "\U0001f004"]
)
TEXT = st.lists(st.one_of(_NASTY, st.text(max_size=4)), max_size=8).map("".join)


def _open_copy(tmp_path: Path, name: str = "club.toml") -> EventStore:
    return open_event(shutil.copy(SAMPLES / name, tmp_path / name))


def _offer(store: EventStore, action: Any) -> bool:
    """Run `action`; True when accepted. Refused: the file is byte-identical."""
    before = store.path.read_bytes()
    try:
        action()
    except ValueError:
        assert store.path.read_bytes() == before
        return False
    reopened = open_event(store.path, read_only=True)
    assert reopened.warnings == []
    assert reopened.log == store.log
    return True


def _note(entry_id: str, text: str = "x") -> dict[str, Any]:
    return {"id": entry_id, "at": "2026-03-14T16:00:00+00:00", "kind": "note", "text": text}


@FUZZ
@given(entry_id=st.one_of(TEXT, st.from_regex(r"[A-Za-z0-9_.:-]{1,64}", fullmatch=True)))
def test_fuzzed_entry_ids_are_stored_exactly_or_refused(tmp_path: Path, entry_id: str) -> None:
    store = _open_copy(tmp_path)
    accepted = _offer(store, lambda: store.append(_note(entry_id)))
    event("accepted" if accepted else "refused")
    if accepted:
        assert open_event(store.path).log[-1] == _note(entry_id)
        assert all(c.isascii() and (c.isalnum() or c in "-_.:") for c in entry_id)


@FUZZ
@given(text=TEXT)
def test_fuzzed_note_text_reads_back_exactly(tmp_path: Path, text: str) -> None:
    store = _open_copy(tmp_path)
    if _offer(store, lambda: store.append(_note("N1", text))):
        assert open_event(store.path).log[-1] == _note("N1", text)
    else:
        # Only text that is not Unicode (a lone surrogate) is refused.
        assert any(0xD800 <= ord(c) <= 0xDFFF for c in text)


@FUZZ
@given(name=st.one_of(TEXT, st.text(st.characters(exclude_categories=["Cc", "Cs"]), min_size=1)))
def test_fuzzed_player_names_are_stored_exactly_or_refused(tmp_path: Path, name: str) -> None:
    store = _open_copy(tmp_path)
    accepted = _offer(store, lambda: commands.add_player(store, "p99", name, entry_id="A1"))
    event("accepted" if accepted else "refused")
    if accepted:
        state = commands.current_state(open_event(store.path))
        assert state.name("p99") == name
        assert safe_text(name) == name  # nothing a terminal would act on
    else:
        assert safe_text(name) != name or not name.strip() or len(name) > 100


_WORDS = st.sampled_from(
    ["t1", "t2", "t9", "r1", "r5", "ron", "tsumo", "draw", "final", "chombo", "E", "S", "W",
     "N", "S<-W", "E<-N", "3/30", "4/40", "13/0", "1ykm", "2ykm", "r:E,S", "t:E", "40000",
     "-3200", "tanaka", "@p01", "x"]
)
_VALID = st.sampled_from(
    ["r5 t1 draw", "r5 t1 draw tenpai:E,S", "r5 t1 ron S<-W 3/30 r:W", "r5 t2 tsumo E 4/40",
     "r5 t2 ron N<-E 13/0", "r5 t1 ron S<-W 1ykm", "r5 t1 chombo N"]
)
LINES = st.one_of(
    _VALID,
    st.tuples(_VALID, TEXT).map(" ".join),
    st.lists(st.one_of(_WORDS, TEXT), min_size=1, max_size=7).map(" ".join),
)


@FUZZ
@given(line=LINES)
def test_fuzzed_entry_lines_are_recorded_exactly_or_refused(tmp_path: Path, line: str) -> None:
    store = _open_copy(tmp_path)
    event("accepted" if _offer(store, lambda: commands.record_line(store, line, entry_id="L1"))
          else "refused")


@pytest.mark.parametrize("entry_id", ["ab\x01cd", "a b", "a\nb", "\udcff", "x" * 65, "é"])
def test_record_refuses_a_hostile_id_and_writes_nothing(tmp_path: Path, entry_id: str) -> None:
    store = _open_copy(tmp_path)
    before = store.path.read_bytes()
    result = runner.invoke(app, ["record", str(store.path), "--id", entry_id, "r5", "t1", "draw"])
    assert result.exit_code == 1
    assert result.stderr.startswith(f"error: --id {entry_id!r}: an entry id is 1 to 64 ")
    assert store.path.read_bytes() == before


_KEYS = st.one_of(st.sampled_from(["note", "log", "id", "# end", "a.b", "[[log]]", ""]), TEXT)
VALUES = st.recursive(
    st.one_of(TEXT, st.integers(-(2**63), 2**63 - 1), st.booleans(),
              st.floats(allow_nan=False, allow_infinity=False)),
    lambda inner: st.one_of(st.lists(inner, max_size=3),
                            st.dictionaries(_KEYS, inner, max_size=3)),
    max_leaves=8,
)


@settings(FUZZ, max_examples=150)
@given(fields=st.dictionaries(_KEYS, VALUES, max_size=4))
def test_fuzzed_fields_and_values_read_back_exactly_or_are_refused(
    tmp_path: Path, fields: dict[str, Any]
) -> None:
    store = _open_copy(tmp_path)
    record = {**fields, **_note("F1")}
    accepted = _offer(store, lambda: store.append(record))
    event("accepted" if accepted else "refused")
    if accepted:
        assert open_event(store.path).log[-1] == record

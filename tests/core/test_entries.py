"""The log vocabulary: every kind writes a plain record and reads back to the same entry."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mjevent.core.entries import (
    KINDS,
    Correction,
    Entry,
    GameFinished,
    HandRecorded,
    Note,
    Penalty,
    PlayerAdded,
    PlayerCheckedIn,
    PlayerRenamed,
    PlayerReturned,
    PlayerSubstituted,
    PlayerWithdrawn,
    PrizesRevealed,
    RoundExtended,
    RoundPaused,
    RoundResumed,
    RoundStarted,
    SeatingSet,
    SeatsSwapped,
    TableEntryApproved,
    TableEntryConfirmed,
    TableEntryRejected,
    TableEntrySubmitted,
    TableReseated,
    TimeCalled,
)
from mjevent.core.entry_reader import (
    _HAND_KEYS,
    EntryError,
    _fast_hand,
    _read_carefully,
    entry_from_record,
)
from mjevent.core.outcomes import (
    AbortiveDraw,
    ChomboHand,
    Draw,
    Hand,
    HandValue,
    Ron,
    Tsumo,
    Win,
)

AT = "2026-03-14T10:02:00+00:00"


def _hand(outcome: Any, riichi: set[int] | None = None) -> HandRecorded:
    return HandRecorded(
        id="h1", at=AT, round=2, table=3, hand=Hand(outcome, frozenset(riichi or set()))
    )


EXAMPLES: list[tuple[Entry, dict[str, Any]]] = [
    (
        PlayerAdded(id="e1", at=AT, player="p17", name="Zoë Ångström", team="nl", rating=1500),
        {"player": "p17", "name": "Zoë Ångström", "team": "nl", "rating": 1500},
    ),
    (PlayerAdded(id="e1", at=AT, player="p18", name="李小龍"), {"player": "p18", "name": "李小龍"}),
    (PlayerRenamed(id="e1", at=AT, player="p3", name="김민준"), {"player": "p3", "name": "김민준"}),
    (
        PlayerWithdrawn(id="e1", at=AT, player="p3", from_round=4, reason="train home"),
        {"player": "p3", "from_round": 4, "reason": "train home"},
    ),
    (
        PlayerReturned(id="e1", at=AT, player="p3", from_round=5),
        {"player": "p3", "from_round": 5},
    ),
    (
        PlayerCheckedIn(id="e1", at=AT, player="p3", round=2),
        {"player": "p3", "round": 2, "present": True},
    ),
    (
        PlayerCheckedIn(id="e1", at=AT, player="p3", round=3, present=False),
        {"player": "p3", "round": 3, "present": False},
    ),
    (
        PlayerSubstituted(id="e1", at=AT, round=2, table=1, player="p3", substitute="Ana Ruiz"),
        {"round": 2, "table": 1, "player": "p3", "substitute": "Ana Ruiz"},
    ),
    (
        SeatingSet(
            id="e1",
            at=AT,
            first_round=1,
            rounds=((("p1", "p2", "p3", "p4"),),),
            method="generated",
            params=(("tries", 50),),
            seed=7,
        ),
        {
            "first_round": 1,
            "rounds": [[["p1", "p2", "p3", "p4"]]],
            "method": "generated",
            "params": {"tries": 50},
            "seed": 7,
        },
    ),
    (SeatsSwapped(id="e1", at=AT, round=3, a="p1", b="p9"), {"round": 3, "a": "p1", "b": "p9"}),
    (RoundStarted(id="e1", at=AT, round=1), {"round": 1}),
    (RoundPaused(id="e1", at=AT, round=1), {"round": 1}),
    (RoundResumed(id="e1", at=AT, round=1), {"round": 1}),
    (
        RoundExtended(id="e1", at=AT, round=1, seconds=300, table=4),
        {"round": 1, "seconds": 300, "table": 4},
    ),
    (
        _hand(Ron(2, (Win(1, HandValue(3, 30)), Win(3, HandValue(yakuman=1), pao=0))), {0, 1}),
        {
            "round": 2,
            "table": 3,
            "outcome": "ron",
            "loser": "W",
            "wins": [
                {"winner": "S", "han": 3, "fu": 30},
                {"winner": "N", "yakuman": 1, "pao": "E"},
            ],
            "riichi": ["E", "S"],
        },
    ),
    (
        _hand(Tsumo(Win(3, HandValue(4, 30)))),
        {
            "round": 2,
            "table": 3,
            "outcome": "tsumo",
            "wins": [{"winner": "N", "han": 4, "fu": 30}],
            "riichi": [],
        },
    ),
    (
        _hand(Draw(frozenset({0, 2}), frozenset({2})), {3}),
        {
            "round": 2,
            "table": 3,
            "outcome": "draw",
            "tenpai": ["E", "W"],
            "nagashi": ["W"],
            "riichi": ["N"],
        },
    ),
    (
        _hand(AbortiveDraw("kyuushu")),
        {"round": 2, "table": 3, "outcome": "abortive", "reason": "kyuushu", "riichi": []},
    ),
    (
        _hand(ChomboHand(1)),
        {"round": 2, "table": 3, "outcome": "chombo", "offender": "S", "riichi": []},
    ),
    (
        GameFinished(
            id="e1", at=AT, round=1, table=2, final=(41200, 28800, 21100, 27900), deposits=1,
            chombos=(3,),
        ),
        {
            "round": 1,
            "table": 2,
            "final": [41200, 28800, 21100, 27900],
            "deposits": 1,
            "chombos": ["N"],
        },
    ),
    (GameFinished(id="e1", at=AT, round=1, table=2), {"round": 1, "table": 2, "deposits": 0,
                                                       "chombos": []}),
    (TimeCalled(id="e1", at=AT, round=1), {"round": 1}),
    (
        Penalty(id="e1", at=AT, player="p2", amount=5000, reason="late", entered_by="director"),
        {"player": "p2", "amount": 5000, "reason": "late", "entered_by": "director"},
    ),
    (
        Correction(
            id="e1",
            at=AT,
            target="h1",
            reason="fu miscounted",
            # The amendment is written under the correction, with the correction's id and time.
            replacement=HandRecorded(
                id="e1", at=AT, round=2, table=3, hand=Hand(Tsumo(Win(3, HandValue(4, 40))))
            ),
        ),
        {
            "target": "h1",
            "reason": "fu miscounted",
            "replacement": {
                "kind": "hand",
                "round": 2,
                "table": 3,
                "outcome": "tsumo",
                "wins": [{"winner": "N", "han": 4, "fu": 40}],
                "riichi": [],
            },
        },
    ),
    (
        TableReseated(id="e1", at=AT, round=1, table=2, seats=("p6", "p5", "p7", "p8")),
        {"round": 1, "table": 2, "seats": ["p6", "p5", "p7", "p8"]},
    ),
    (Note(id="e1", at=AT, text="clock at table 4 broke", table=4), {"text":
                                                                     "clock at table 4 broke",
                                                                     "table": 4}),
    (PrizesRevealed(id="e1", at=AT, shown=3), {"shown": 3}),
    (
        TableEntrySubmitted(
            id="e1", at=AT, round=2, table=3, seat="W", line="ron kim<-W 3/30", player="p7",
            # The parsed entry is written under the submission, with its id and time.
            entry=HandRecorded(
                id="e1", at=AT, round=2, table=3,
                hand=Hand(Ron(loser=2, wins=(Win(1, HandValue(3, 30)),))),
            ),
            hands=4,
        ),
        {
            "round": 2,
            "table": 3,
            "seat": "W",
            "line": "ron kim<-W 3/30",
            "entry": {
                "kind": "hand", "round": 2, "table": 3, "outcome": "ron", "loser": "W",
                "wins": [{"winner": "S", "han": 3, "fu": 30}], "riichi": [],
            },
            "mode": "confirm",
            "player": "p7",
            "hands": 4,
        },
    ),
    (
        TableEntryConfirmed(id="e1", at=AT, target="t1", seat="N", player="p8"),
        {"target": "t1", "seat": "N", "player": "p8"},
    ),
    (TableEntryApproved(id="e1", at=AT, target="t1"), {"target": "t1"}),
    (
        TableEntryRejected(id="e1", at=AT, target="t1", reason="wrong table"),
        {"target": "t1", "reason": "wrong table"},
    ),
]


@pytest.mark.parametrize(
    ("entry", "fields"), EXAMPLES, ids=[f"{e.KIND}-{i}" for i, (e, _) in enumerate(EXAMPLES)]
)
def test_entry_writes_the_documented_record_and_reads_it_back(
    entry: Entry, fields: dict[str, Any]
) -> None:
    record = entry.to_record()
    assert record == {"id": entry.id, "at": AT, "kind": entry.KIND, **fields}
    assert entry_from_record(record) == entry


def test_every_kind_has_an_example() -> None:
    assert {e.KIND for e, _ in EXAMPLES} == set(KINDS)


def test_a_toml_datetime_is_kept_as_iso_text() -> None:
    import datetime as dt

    stamp = dt.datetime(2026, 3, 14, 10, 2, tzinfo=dt.UTC)
    entry = entry_from_record({"id": "a", "at": stamp, "kind": "round_started", "round": 1})
    assert entry == RoundStarted(id="a", at="2026-03-14T10:02:00+00:00", round=1)


KIND_FIX = (
    "Fix: correct the kind, or open the file with the mjevent that wrote it (a newer version "
    "may know this kind)."
)
BAD_RECORDS: list[tuple[dict[str, Any], str]] = [
    (
        {"at": AT, "kind": "note", "text": "x"},
        "log entry None: field 'id' must be a non-empty text id (every entry needs the id "
        "it was entered with)",
    ),
    (
        {"id": "q1", "at": AT, "kind": "hands"},
        "log entry 'q1': unknown kind 'hands'; did you mean 'hand'? " + KIND_FIX,
    ),
    (
        {"id": "q1", "at": AT, "kind": "zzz"},
        "log entry 'q1': unknown kind 'zzz' (known kinds: correction, game_finished, hand, "
        "note, penalty, player_added, player_checked_in, player_renamed, player_returned, "
        "player_substituted, player_withdrawn, prizes_revealed, round_extended, round_paused, "
        "round_resumed, round_started, seating_set, seats_swapped, table_entry, "
        "table_entry_approved, table_entry_confirmed, table_entry_rejected, table_reseated, "
        "time_called) "
        + KIND_FIX,
    ),
    (
        {"id": "q2", "at": AT, "kind": "hand", "round": 1, "table": 0, "outcome": "draw"},
        "log entry 'q2' (hand): field 'table' must be a whole number from 1 to 999, got 0",
    ),
    (
        {"id": "q3", "at": AT, "kind": "hand", "round": 1, "table": 2, "outcome": "rons"},
        "log entry 'q3' (hand): field 'outcome' must be one of ron, tsumo, draw, abortive, "
        "chombo, got 'rons'; did you mean 'ron'?",
    ),
    (
        {"id": "q4", "at": AT, "kind": "hand", "round": 1, "table": 2, "outcome": "ron",
         "loser": "X", "wins": []},
        "log entry 'q4' (hand): field 'loser' must be a seat E, S, W or N, got 'X'",
    ),
    (
        {"id": "q5", "at": AT, "kind": "hand", "round": 1, "table": 2, "outcome": "tsumo",
         "wins": [{"winner": "S", "han": 3}]},
        "log entry 'q5' (hand): field 'wins[0].fu' must be a whole number, got nothing "
        "(give han and fu, or yakuman)",
    ),
    (
        {"id": "q6", "at": AT, "kind": "hand", "round": 1, "table": 2, "outcome": "draw",
         "tenpai": ["E", "E"]},
        "log entry 'q6' (hand): field 'tenpai' must be a list of different seats, got "
        "['E', 'E']",
    ),
    (
        {"id": "q7", "at": AT, "kind": "penalty", "player": "p1", "amount": 1000,
         "reasn": "late"},
        "log entry 'q7' (penalty): field 'reason' is missing",
    ),
    (
        {"id": "q8", "at": AT, "kind": "note", "text": "hi", "tabel": 3},
        "log entry 'q8' (note): unknown field 'tabel'; did you mean 'table'? (this kind has: "
        "round, table, text). Fix: rename the field to one of those, or remove its line",
    ),
    (
        {"id": "q9", "at": AT, "kind": "game_finished", "round": 1, "table": 1,
         "final": [1, 2]},
        "log entry 'q9' (game_finished): field 'final' must be a list of 3 or 4 final scores "
        "in seat order (E S W N), got [1, 2]",
    ),
    (
        {"id": "q10", "at": AT, "kind": "correction", "target": "q1", "reason": "x",
         "replacement": {"kind": "correction", "target": "q2", "reason": "y"}},
        "log entry 'q10' (correction): field 'replacement' cannot be a correction; void the "
        "correction and enter a new one instead",
    ),
    (
        {"id": "q12", "at": AT, "kind": "hand", "round": 1, "table": 2, "outcome": "chombo",
         "offender": "ES"},
        "log entry 'q12' (hand): field 'offender' must be a seat E, S, W or N, got 'ES'",
    ),
    (
        {"id": "q13", "at": AT, "kind": "hand", "round": 1, "table": 2, "outcome": "draw",
         "tenpai": ["E", 2]},
        "log entry 'q13' (hand): field 'tenpai[1]' must be a seat E, S, W or N, got 2",
    ),
    (
        {"id": "q11", "at": "", "kind": "round_started", "round": 1},
        "log entry 'q11' (round_started): field 'at' must be an ISO 8601 timestamp, got ''",
    ),
]
"""Records that cannot be read, and the English error each gets (the Japanese tests reuse them)."""


@pytest.mark.parametrize(("record", "message"), BAD_RECORDS)
def test_bad_record_error_names_entry_field_and_fix(record: dict[str, Any], message: str) -> None:
    with pytest.raises(EntryError) as caught:
        entry_from_record(record)
    assert str(caught.value) == message


seat4 = st.integers(0, 3)
values = st.one_of(
    st.builds(HandValue, han=st.integers(1, 13), fu=st.sampled_from([0, 25, 30, 40, 110])),
    st.builds(HandValue, yakuman=st.integers(1, 3)),
)
wins = st.builds(Win, seat4, values, st.one_of(st.none(), seat4))
outcomes = st.one_of(
    st.builds(Ron, seat4, st.lists(wins, min_size=1, max_size=3).map(tuple)),
    st.builds(Tsumo, wins),
    st.builds(Draw, st.frozensets(seat4), st.frozensets(seat4)),
    st.builds(AbortiveDraw, st.sampled_from(["", "suufon", "four riichi"])),
    st.builds(ChomboHand, seat4),
)
hands = st.builds(
    HandRecorded,
    id=st.text(min_size=1, max_size=12),
    at=st.just(AT),
    round=st.integers(1, 20),
    table=st.integers(1, 200),
    hand=st.builds(Hand, outcomes, st.frozensets(seat4)),
)


@given(hands)
def test_any_hand_entry_survives_its_record(entry: HandRecorded) -> None:
    assert entry_from_record(entry.to_record()) == entry
    if isinstance(entry.hand.outcome, Ron | Tsumo | Draw):
        assert _fast_hand(entry.to_record()) == entry  # the common kinds take the fast path


# Mutated hand records: any key may be dropped or given an odd value.
odd_values = st.one_of(
    st.sampled_from(["E", "S", "W", "N", "X", "ES", "", "ron", "draw", "tsumo", "chombo"]),
    st.integers(-1, 5),
    st.booleans(),
    st.lists(st.sampled_from(["E", "S", "W", "N", "Q"]), max_size=4),
    st.just([{"winner": "S", "han": 3, "fu": 30}]),
    st.just([{"winner": "S", "yakuman": 1, "fu": 30}]),
    st.just([{"winner": "S", "han": True, "fu": 30}]),
    st.just({"winner": "S"}),
)


@given(hands, st.dictionaries(st.sampled_from(sorted(_HAND_KEYS - {"id", "kind"})), odd_values,
                              max_size=3), st.sets(st.sampled_from(["riichi", "loser", "wins"])))
def test_fast_hand_reading_agrees_with_the_careful_reader(
    entry: HandRecorded, changes: dict[str, Any], dropped: set[str]
) -> None:
    record = {**entry.to_record(), **changes}
    for key in dropped:
        record.pop(key, None)
    fast = _fast_hand(record)
    try:
        careful: Entry | None = _read_carefully(record, record["id"], "hand")
    except EntryError:
        careful = None
    if fast is not None:
        assert fast == careful


DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_docs_event_file_lists_every_kind_and_its_example_reads() -> None:
    text = (DOCS / "event-file.md").read_text(encoding="utf-8")
    section = text[text.index("### Kinds") : text.index("## Opening a file")]
    table = section[: section.index("#### `hand`")]
    listed = set(re.findall(r"^\| `(\w+)`(?: / `(\w+)` / `(\w+)`)?", table, flags=re.M))
    kinds = {k for row in listed for k in row if k}
    assert kinds == set(KINDS)
    (example,) = re.findall(r"```toml\n(.*?)```", section, flags=re.S)
    record = tomllib.loads(example)["log"][0]
    entry = entry_from_record(record)
    assert isinstance(entry, HandRecorded)
    assert entry.hand == Hand(
        Ron(2, (Win(1, HandValue(3, 30)), Win(3, HandValue(2, 40)))), frozenset({0, 1})
    )
    assert entry.to_record() == record

"""What the fold's shortcuts must not change: the memo keyed by entry id, the log without
corrections, the paused cycle collector, the shared hands and the plain game end of the reader."""

from __future__ import annotations

import dataclasses
import gc

import pytest

from mjevent.core import entry_reader
from mjevent.core.entries import Correction, GameFinished, HandRecorded, Note
from mjevent.core.entry_reader import (
    EntryError,
    _read_carefully,
    entries_from_records,
    entry_from_record,
)
from mjevent.core.game import EndReason, end_game, new_game, result_of
from mjevent.core.outcomes import Hand, HandValue, Ron, Tsumo, Win
from mjevent.core.settings import settings_from_dict
from mjevent.core.state import FoldMemo, fold

T = "2026-03-14T10:00:00+00:00"
SETTINGS = settings_from_dict(
    {
        "event": {"name": "Cup", "format_version": 1},
        "rules": {"preset": "ema2016"},
        "players": [{"id": f"p{i}", "name": f"Player {i}"} for i in range(1, 5)],
        "seating": {"rounds": [{"round": 1, "tables": [["p1", "p2", "p3", "p4"]]}]},
    }
)


def _hand(entry_id: str, hand: Hand) -> HandRecorded:
    return HandRecorded(id=entry_id, at=T, round=1, table=1, hand=hand)


RON = Hand(Ron(loser=2, wins=(Win(1, HandValue(3, 30)),)))
TSUMO = Hand(Tsumo(Win(3, HandValue(2, 30))))


def test_a_refold_with_another_hand_under_the_same_id_settles_that_hand() -> None:
    # The memo of game steps is keyed by the entry id: a second log holding another hand under
    # that id (an amended entry keeps its id) must not be given the first hand's result.
    memo = FoldMemo()
    first = fold(SETTINGS, [_hand("h1", RON)], memo=memo).game(1, 1)
    second = fold(SETTINGS, [_hand("h1", TSUMO)], memo=memo).game(1, 1)
    assert first is not None and second is not None
    assert first.hands[0].settlement.deltas == (0, 3900, -3900, 0)
    # Non-dealer tsumo 2 han 30 fu: 1000 from the dealer, 500 from each other player.
    assert second.hands[0].settlement.deltas == (-1000, -500, -500, 2000)
    again = fold(SETTINGS, [_hand("h1", RON)], memo=memo).game(1, 1)
    assert again is not None and again.hands[0].after == first.hands[0].after


def test_a_refold_with_the_same_memo_settles_no_hand_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The memo is the fold's own (a session keeps one): a second fold of the same log with it
    # scores nothing, a fold with a fresh one scores every hand.
    import mjevent.core.state.memo as memo_module
    from mjevent.core.game import apply_hand as real

    scored: list[Hand] = []

    def counted(state: object, hand: Hand) -> object:
        scored.append(hand)
        return real(state, hand)  # type: ignore[arg-type]

    monkeypatch.setattr(memo_module, "apply_hand", counted)
    log = [_hand("h1", RON), _hand("h2", TSUMO)]
    memo = FoldMemo()
    first = fold(SETTINGS, log, memo=memo)
    again = fold(SETTINGS, log, memo=memo)
    assert len(scored) == 2
    assert again.game(1, 1) == first.game(1, 1)
    fold(SETTINGS, log)
    assert len(scored) == 4


def test_the_memo_keeps_a_result_by_what_the_result_depends_on() -> None:
    # FoldMemo.result is keyed by the scores, the sticks left, the chombos and the end under the
    # state's rule set (not by the whole state): a state that differs only elsewhere (another
    # hand, other counters) shares the result, and one that differs in any of those gets its own.
    rules = SETTINGS.rules.ruleset
    memo = FoldMemo()
    ended = end_game(new_game(rules))
    none: frozenset[int] = frozenset()
    assert memo.result(ended, none) == result_of(ended)
    later = dataclasses.replace(ended, hand_number=3, dealer=2, honba=4)
    assert memo.result(later, none) is memo.result(ended, none)
    for other in (
        dataclasses.replace(ended, scores=(40000, 30000, 30000, 20000)),
        dataclasses.replace(ended, deposits=2),
        dataclasses.replace(ended, chombos=(0, 1, 0, 0)),
        dataclasses.replace(ended, end_reason=EndReason.TIME),
    ):
        assert memo.result(other, none) == result_of(other)
    assert memo.result(ended, frozenset({1})) == result_of(ended, substitutes={1})
    with pytest.raises(ValueError, match="still at East 1"):
        memo.result(new_game(rules), none)


def test_a_correction_of_an_unknown_entry_is_left_out_of_a_log_with_nothing_corrected() -> None:
    note = Note(id="n1", at=T, text="gong broken")
    wrong = Correction(id="c1", at=T, target="nope", reason="typo")
    state = fold(SETTINGS, [_hand("h1", RON), wrong, note])
    assert state.entries == (_hand("h1", RON), note)
    assert state.voided == frozenset()
    assert [(p.entry, p.message) for p in state.problems] == [
        (
            "c1",
            "corrects 'nope', which is not in the log. Fix: give the id of the entry to correct as "
            "`mjevent replay` or the log screen shows it",
        )
    ]


def test_the_cycle_collector_is_on_again_after_a_fold_and_after_a_bad_record() -> None:
    assert gc.isenabled()
    fold(SETTINGS, [_hand("h1", RON)])
    assert gc.isenabled()
    with pytest.raises(EntryError):
        entries_from_records([{"id": "x", "at": T, "kind": "hands"}])
    assert gc.isenabled()


def test_a_collector_turned_off_by_the_caller_stays_off() -> None:
    gc.disable()
    try:
        fold(SETTINGS, entries_from_records([_hand("h1", RON).to_record()]))
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_equal_hand_records_read_to_one_shared_hand() -> None:
    a = entry_from_record(_hand("h1", RON).to_record())
    b = entry_from_record(_hand("h2", RON).to_record())
    assert isinstance(a, HandRecorded) and isinstance(b, HandRecorded)
    assert a.hand is b.hand
    assert a.hand == RON and a.id == "h1" and b.id == "h2"


def test_a_plain_game_finished_record_reads_as_the_careful_reader_reads_it() -> None:
    record = {"id": "g1", "at": T, "kind": "game_finished", "round": 2, "table": 7}
    assert entry_from_record(record) == _read_carefully(record, "g1", "game_finished")
    assert entry_from_record(record) == GameFinished(id="g1", at=T, round=2, table=7)
    # As mjevent writes it, with the defaults `deposits = 0` and `chombos = []`.
    written = GameFinished(id="g1", at=T, round=2, table=7).to_record()
    assert written == {**record, "deposits": 0, "chombos": []}
    assert entry_from_record(written) == _read_carefully(written, "g1", "game_finished")
    odds: list[dict[str, object]] = [
        {"round": True},
        {"table": 0},
        {"at": ""},
        {"deposits": 1},
        {"deposits": False},
        {"deposits": 0.0},
        {"deposits": -1},
        {"chombos": ["E"]},
        {"chombos": "E"},
        {"chombos": {}},
        {"final": [30000, 30000, 30000, 30000]},
    ]
    for odd in odds:
        changed = {**record, **odd}
        try:
            careful: object = _read_carefully(changed, "g1", "game_finished")
        except EntryError as error:
            careful = str(error)
        try:
            read: object = entry_from_record(changed)
        except EntryError as error:
            read = str(error)
        assert read == careful


def test_a_game_finished_as_written_is_read_without_the_careful_reader(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # One per table of a 500-player event: the careful reader would word a message for each.
    written = GameFinished(id="g1", at=T, round=2, table=7).to_record()

    def careful(*args: object) -> None:
        raise AssertionError("read carefully")

    monkeypatch.setattr(entry_reader, "_read_carefully", careful)
    assert entry_from_record(written) == GameFinished(id="g1", at=T, round=2, table=7)

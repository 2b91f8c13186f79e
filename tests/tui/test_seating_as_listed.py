"""Issue 23: a one-table event seated as its players are listed, from the seating screen's
generate dialog (g), as `mjevent seat FILE --as-listed` does."""

from __future__ import annotations

from pathlib import Path

from mjevent.events.seating import verify_seating
from mjevent.events.store import EventStore
from tests.tui.test_seating_plans import new_event, seating_dialog, seatings


async def test_g_offers_one_table_as_listed(tmp_path: Path) -> None:
    path = new_event(tmp_path, 4)
    preview, after = await seating_dialog(path, "g", "2", None, "yes")
    assert preview[3:8] == [
        "Rounds        2",
        "Draw text     Spring Cup",
        "As listed     yes",
        "Seat rounds 1-2 (as listed): 1 table a round",
        "quality: 1/2 rounds repeat-free; repeats 6; indirect 0; wind violations",
    ]
    [entry] = seatings(path)
    assert entry.method == "listed"
    assert entry.rounds == ((("p1", "p2", "p3", "p4"),),) * 2
    assert [v.matches for v in verify_seating(EventStore.open(path))] == [True]
    assert after[0] == " Round 1: 1 table, 0 finished (current round)"


async def test_g_has_no_as_listed_field_for_two_tables(tmp_path: Path) -> None:
    path = new_event(tmp_path, 8)
    preview, _after = await seating_dialog(path, "g", "1")
    assert not any(line.startswith("As listed") for line in preview)
    [entry] = seatings(path)
    assert entry.method == "generated"

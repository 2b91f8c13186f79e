"""Snapshots of the standings, players, seating and log screens: the club at 80x24, the sanma
event at 160x50 (pytest-textual-snapshot; no polling, no cursor blink, the fixed clock).

Update with `pytest tests/tui/test_screens_snapshots.py --snapshot-update` after reading the
report of what changed.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from .conftest import copy_sample, make_app

CASES = [
    pytest.param("club.toml", (80, 24), id="club-80x24"),
    pytest.param("sanma.toml", (160, 50), id="sanma-160x50"),
]
SnapCompare = Callable[..., bool]


def _opening(*keys: str) -> Callable[[Pilot[Any]], Any]:
    async def run_before(pilot: Pilot[Any]) -> None:
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
            await pilot.app.workers.wait_for_complete()
        for widget in pilot.app.screen.query(Input):
            widget.cursor_blink = False
        await pilot.pause()

    return run_before


@pytest.mark.parametrize(("sample", "size"), CASES)
def test_standings(
    snap_compare: SnapCompare, tmp_path: Path, sample: str, size: tuple[int, int]
) -> None:
    """F3: the standings after the last round (club: round 3, sanma: round 2) with places,
    totals, average place, place counts, penalties and movement; the tiebreak chain under them;
    the standings keys in the footer ("Later" dimmed: no later round)."""
    app = make_app(copy_sample(tmp_path, sample))
    assert snap_compare(app, terminal_size=size, run_before=_opening("f3"))


@pytest.mark.parametrize(("sample", "size"), CASES)
def test_players(
    snap_compare: SnapCompare, tmp_path: Path, sample: str, size: tuple[int, int]
) -> None:
    """F4: the search line, "N players, N active; seats of round R", every player with id,
    name, status and seat in the current round; the player keys in the footer."""
    app = make_app(copy_sample(tmp_path, sample))
    assert snap_compare(app, terminal_size=size, run_before=_opening("f4"))


@pytest.mark.parametrize(("sample", "size"), CASES)
def test_seating(
    snap_compare: SnapCompare, tmp_path: Path, sample: str, size: tuple[int, int]
) -> None:
    """F5: the current round's tables as cards (wind and name per seat, "not started" in the
    border) and the checker's summary under them: repeat-free rounds, repeated pairs, pairs
    never met, wind balance, same table numbers."""
    app = make_app(copy_sample(tmp_path, sample))
    assert snap_compare(app, terminal_size=size, run_before=_opening("f5"))


@pytest.mark.parametrize(("sample", "size"), CASES)
def test_log(
    snap_compare: SnapCompare, tmp_path: Path, sample: str, size: tuple[int, int]
) -> None:
    """F6: the filter line, "N of N entries", the log newest first (time, round and table,
    kind, what happened) and the newest entry in full under the list."""
    app = make_app(copy_sample(tmp_path, sample))
    assert snap_compare(app, terminal_size=size, run_before=_opening("f6"))


@pytest.mark.parametrize(("sample", "size"), CASES)
def test_replay(
    snap_compare: SnapCompare, tmp_path: Path, sample: str, size: tuple[int, int]
) -> None:
    """F6, Enter, Left: the event just after the log's next-to-last entry: the entry's text,
    its round's tables with scores and state, the standings as they stood."""
    app = make_app(copy_sample(tmp_path, sample))
    assert snap_compare(app, terminal_size=size, run_before=_opening("f6", "enter", "left"))

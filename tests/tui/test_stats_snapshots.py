"""Snapshots of the stats screen (F8, issue 24): the club at 80x24 (the first five figures
beside the names, the rest a sideways scroll away; the row's detail under the table), the club
at 200x50 sorted by wins (every column, the whole field's row last), the player's hand list,
and the screen in Japanese.

Update with `pytest tests/tui/test_stats_snapshots.py --snapshot-update` after reading the
report of what changed.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from tests.i18n_helpers import japanese

from .conftest import copy_sample, make_app

SnapCompare = Callable[..., bool]


def _opening(*keys: str) -> Callable[[Pilot[Any]], Any]:
    async def run_before(pilot: Pilot[Any]) -> None:
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
            await pilot.app.workers.wait_for_complete()
        await pilot.pause()

    return run_before


def test_stats_club_80x24(snap_compare: SnapCompare, tmp_path: Path) -> None:
    """F8 on the club: 16 players in the event's order, the cursor's row in full below."""
    app = make_app(copy_sample(tmp_path, "club.toml"))
    assert snap_compare(app, terminal_size=(80, 24), run_before=_opening("f8"))


def test_stats_club_200x50_sorted_by_wins(snap_compare: SnapCompare, tmp_path: Path) -> None:
    """F8 on the club at 200x50, sorted by wins (s three times): every column, the field last."""
    app = make_app(copy_sample(tmp_path, "club.toml"))
    assert snap_compare(app, terminal_size=(200, 50), run_before=_opening("f8", "s", "s", "s"))


def test_stats_hand_list_80x24(snap_compare: SnapCompare, tmp_path: Path) -> None:
    """Enter on the club's first player: their hands, the numbers above them."""
    app = make_app(copy_sample(tmp_path, "club.toml"))
    assert snap_compare(app, terminal_size=(80, 24), run_before=_opening("f8", "enter"))


def test_stats_japanese_80x24(snap_compare: SnapCompare, tmp_path: Path) -> None:
    """F8 on the club in Japanese."""
    with japanese():
        app = make_app(copy_sample(tmp_path, "club.toml"))
        assert snap_compare(app, terminal_size=(80, 24), run_before=_opening("f8"))

"""EMA Riichi Rules 2025 §7.3: a substitute's uma depends on whether the swap happened before or
after the game began, through the log (`player_substituted`, then the hands or final scores)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mjevent.core.presets import preset
from mjevent.core.results import game_result
from mjevent.events import commands
from mjevent.events.store import EventStore

FINALS = [45000, 30000, 25000, 20000]


def settings(preset_name: str) -> dict[str, Any]:
    players = [{"id": f"p{i}", "name": f"Player {i}"} for i in range(1, 5)]
    return {
        "event": {"name": "Cup", "format_version": 1},
        "rules": {"preset": preset_name},
        "players": players,
        "seating": {"rounds": [{"round": 1, "tables": [["p1", "p2", "p3", "p4"]]}]},
    }


def test_ema2025_7_3_substitute_before_the_game_takes_the_fixed_uma() -> None:
    """§7.3, swap before the game began: -15,000 points and -15,000 uma, whatever the place
    (East finished first with 45,000: still -30,000)."""
    result = game_result(FINALS, preset("ema2025").rules, substitutes={0})
    assert (result.uma, result.total) == (
        (-15000, 5000, -5000, -15000),
        (-30000, 5000, -10000, -25000),
    )


def test_ema2025_7_3_substitute_after_the_game_began_takes_the_uma_of_the_place() -> None:
    """§7.3, swap after the game began (our reading, VERIFY): -15,000 points, the uma of the
    place the seat finished in (first: +15,000), total 0."""
    result = game_result(FINALS, preset("ema2025").rules, substitutes={0}, swapped_in_play={0})
    assert (result.uma, result.total) == ((15000, 5000, -5000, -15000), (0, 5000, -10000, -25000))


def test_ema2016_keeps_the_fixed_uma_whenever_the_swap_happened() -> None:
    before = game_result(FINALS, preset("ema2016").rules, substitutes={0})
    after = game_result(FINALS, preset("ema2016").rules, substitutes={0}, swapped_in_play={0})
    assert before.total == after.total == (-30000, 5000, -10000, -25000)


def test_ema2025_7_3_the_swap_after_a_recorded_hand_counts_as_during_the_game(
    tmp_path: Path,
) -> None:
    store = EventStore.create(tmp_path / "cup.toml", settings("ema2025"))
    commands.record_line(store, "t1 draw tenpai:E")
    commands.substitute_player(store, 1, 1, "p1", "Reserve")
    commands.record_line(store, "t1 ron S<-W 2/30")
    state = commands.record_line(store, "t1 final 33000 31300 26700 29000")
    game = state.game(1, 1)
    assert game is not None and game.result is not None
    # East (the substitute's seat) first: -15,000 points and first place's +15,000 uma.
    assert game.result.uma == (15000, 5000, -15000, -5000)
    assert game.result.total == (0, 6300, -18300, -6000)


def test_ema2025_7_3_the_swap_before_any_hand_counts_as_before_the_game(tmp_path: Path) -> None:
    store = EventStore.create(tmp_path / "cup.toml", settings("ema2025"))
    commands.substitute_player(store, 1, 1, "p1", "Reserve")
    state = commands.record_line(store, "t1 final 45000 30000 25000 20000")
    game = state.game(1, 1)
    assert game is not None and game.result is not None
    assert game.result.total == (-30000, 5000, -10000, -25000)


def test_ema2025_7_3_a_game_by_final_scores_says_when_the_swap_happened(tmp_path: Path) -> None:
    """With final scores only, the log cannot tell: the director says `during_game`, and the
    entry keeps it (it is written to the file only when given)."""
    store = EventStore.create(tmp_path / "cup.toml", settings("ema2025"))
    commands.substitute_player(store, 1, 1, "p1", "Reserve", during_game=True)
    state = commands.record_line(store, "t1 final 45000 30000 25000 20000")
    game = state.game(1, 1)
    assert game is not None and game.result is not None
    assert game.result.total == (0, 5000, -10000, -25000)
    records = [r for r in EventStore.open(store.path).log if r["kind"] == "player_substituted"]
    assert records[0]["during_game"] is True
    other = EventStore.create(tmp_path / "two.toml", settings("ema2025"))
    commands.substitute_player(other, 1, 1, "p1", "Reserve")
    assert "during_game" not in EventStore.open(other.path).log[0]


def test_ema2025_7_3_the_entry_line_preview_scores_the_swap_as_the_fold_does(
    tmp_path: Path,
) -> None:
    """The preview of the score sheet shows East at 0.0 (-15 points, +15 uma), as recorded."""
    from mjevent.core.preview import LinePreview, preview_line, read_entry
    from mjevent.events.session import EventSession

    store = EventStore.create(tmp_path / "cup.toml", settings("ema2025"))
    commands.record_line(store, "t1 draw tenpai:E")
    commands.substitute_player(store, 1, 1, "p1", "Reserve")
    state = commands.record_line(store, "t1 ron S<-W 2/30")
    folder = EventSession(store).folder()
    shown = preview_line(folder, read_entry(state, "t1 final 33000 31300 26700 29000"))
    assert isinstance(shown, LinePreview)
    recorded = commands.record_line(store, "t1 final 33000 31300 26700 29000").game(1, 1)
    assert recorded is not None and recorded.result is not None
    assert recorded.result.total[0] == 0
    assert shown.game_over == (
        "game over (East 2, 0 honba: director): 1. Reserve 33,000 (0.0), 2. Player 2 31,300 "
        "(+6.3), 3. Player 4 29,000 (-6.0), 4. Player 3 26,700 (-18.3)"
    )

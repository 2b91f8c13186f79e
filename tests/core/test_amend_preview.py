"""The amended hand's preview tries the correction recording it would append: it refuses
exactly what `events.commands.correct_entry` refuses, in the same words, and shows what it
accepts as the fold plays it."""

from __future__ import annotations

from pathlib import Path

import pytest

from mjevent.core.entries import HandRecorded
from mjevent.core.notation import HandLine
from mjevent.core.preview import LineError, LinePreview, PreviewPayment, preview_amend, read_entry
from mjevent.core.scoring import PaymentKind
from mjevent.events import commands
from mjevent.events.session import EventSession
from mjevent.events.store import EventStore

T = "2026-03-14T15:00:00+00:00"
WHY = "hand amended at the console (was: ron S<-W 3/30)"
HANDS = ["t1 ron S<-W 3/30", "t1 draw", "t1 ron E<-N 3/30"]
"""Tenhou rules (25,000 each, bust below 0, riichi needs 1,000 points): W pays S 3,900; a draw
nobody is tenpai in (S deals); E takes 3,900 and a honba off N: 29,200 28,900 21,100 20,800."""


def _event(folder: Path, lines: list[str]) -> EventSession:
    """A one-table tenhou event with `lines` recorded as entries H1, H2 ..."""
    store = EventStore.create(
        folder / "amend.toml",
        {
            "event": {"name": "Amend", "format_version": 1},
            "rules": {"preset": "tenhou"},
            "players": [
                {"id": p, "name": n}
                for p, n in [("p1", "Ana"), ("p2", "Ben"), ("p3", "Cai"), ("p4", "Dee")]
            ],
            "seating": {"rounds": [{"round": 1, "tables": [["p1", "p2", "p3", "p4"]]}]},
        },
    )
    session = EventSession(store)
    for n, line in enumerate(lines, 1):
        commands.record_line(session, line, entry_id=f"H{n}", at=T)
    return session


# (hands recorded, the hand amended, its new line, what recording the amendment does: None
# when it is recorded, else the start of the refusal)
AMENDMENTS = [
    # legal: the hands after it are played again from the new scores
    (HANDS, "H1", "ron S<-W 5/30", None),
    (HANDS, "H3", "tsumo E 2/30", None),
    # the hand as it was
    (HANDS, "H2", "draw", None),
    # a hand the game cannot take: W declares riichi with 0 points (the amended hand's own
    # problem, in the calculator's words)
    (
        ["t1 ron S<-W 12", "t1 draw tenpai:E", "t1 draw"],
        "H3",
        "draw r:W",
        "hand at round 1 table 1 cannot be applied: seat 2 declared riichi with 0 points",
    ),
    # W busts: the two hands after it come after the game's end
    (
        HANDS,
        "H1",
        "ron S<-W 13",
        "it would leave entry H2 wrong: hand at round 1 table 1 after the game ended at East 1, "
        "0 honba (bust",
    ),
    # the score sheet's totals, which the hands gave, no longer match them
    (
        [*HANDS, "t1 final 29200 28900 21100 20800"],
        "H1",
        "ron S<-W 4/30",
        "it would leave entry H4 wrong: final scores [29200, 28900, 21100, 20800] at round 1 "
        "table 1 do not match the hands, which give [29200, 32700, 17300, 20800]",
    ),
]


@pytest.mark.parametrize(("lines", "target", "line", "refusal"), AMENDMENTS)
def test_the_amend_preview_refuses_exactly_what_recording_the_amendment_refuses(
    tmp_path: Path, lines: list[str], target: str, line: str, refusal: str | None
) -> None:
    # GIVEN the hands recorded, and the amended hand's line read as the table screen reads it
    session = _event(tmp_path, lines)
    state = commands.current_state(session)
    parsed = read_entry(state, line, round=1, game=(1, 1))
    # WHEN the amendment is previewed on the live fold, then recorded
    preview = preview_amend(session.folder(), target, parsed, WHY)
    hand = parsed.result()
    assert isinstance(hand, HandLine)
    replacement = HandRecorded(id=target, at=T, round=1, table=1, hand=hand.hand)
    try:
        after = commands.correct_entry(session, target, WHY, replacement, at=T)
    except commands.CommandError as error:
        # THEN what recording refuses, the preview refused, in the same words
        assert refusal is not None and str(error).startswith(refusal), str(error)
        assert preview == LineError(str(error).removesuffix(" (nothing was recorded)"))
        return
    assert refusal is None, preview
    # AND what it records, the preview showed as the fold plays it
    assert isinstance(preview, LinePreview), preview
    game = after.game(1, 1)
    assert game is not None
    played = next(h for h in game.hands if h.entry == target)
    assert preview.scores_after == played.after.scores
    assert preview.payments == tuple(
        PreviewPayment(p.payer, p.payee, p.amount, p.kind) for p in played.settlement.payments
    )


def test_the_amend_preview_shows_the_hand_as_the_fold_played_it(tmp_path: Path) -> None:
    # GIVEN three hands; WHEN the first becomes 5 han
    session = _event(tmp_path, HANDS)
    state = commands.current_state(session)
    parsed = read_entry(state, "ron S<-W 5/30", round=1, game=(1, 1))
    preview = preview_amend(session.folder(), "H1", parsed, WHY)
    # THEN W pays S a mangan from 25,000 each, and the two later hands are played again
    assert isinstance(preview, LinePreview)
    assert preview.hand_label == "East 1, 0 honba"
    assert preview.payments == (PreviewPayment(2, 1, 8000, PaymentKind.HAND),)
    assert preview.scores_before == (25000, 25000, 25000, 25000)
    assert preview.scores_after == (25000, 33000, 17000, 25000)
    assert preview.notes == ("the 2 hands after it are played again from these scores",)
    # AND the live fold is left as it was
    assert session.folder().state() is state
    game = state.game(1, 1)
    assert game is not None and game.hands[0].after.scores == (25000, 28900, 21100, 25000)

"""Issue 23's entry details, as words: one spelling of points and thousands, the amended
hand's preview, the hints' examples that fit the event, the log's words for a voided entry."""

from __future__ import annotations

from mjevent.core.entries import GameFinished, HandRecorded, Penalty, PlayerWithdrawn
from mjevent.core.i18n import format_number, format_signed, format_thousands
from mjevent.core.preview import (
    EntryExamples,
    LineError,
    LinePreview,
    entry_examples,
    preview_amend,
    read_entry,
)
from mjevent.core.state import EventState
from mjevent.events import commands
from mjevent.events.session import EventSession
from mjevent.events.store import EventStore
from mjevent.tui.console.widgets.entry_line import line_hint, preview_text
from mjevent.tui.views.log import entry_words

T = "2026-03-14T15:00:00+00:00"
WHY = "hand amended at the console (was: ron S<-W 3/30)"


def test_one_way_of_writing_points_and_thousands() -> None:
    assert [format_number(v) for v in (25000, -1200, 0, 1234567)] == [
        "25,000",
        "-1,200",
        "0",
        "1,234,567",
    ]
    assert [format_signed(v) for v in (4900, -12000, 0, 300)] == ["+4,900", "-12,000", "0", "+300"]
    # A game's points in thousands, as the standings write them (never "+43 000")
    assert [format_thousands(v) for v in (43000, -7100, 0, 40, -49, 15050)] == [
        "+43.0",
        "-7.1",
        "0.0",
        "0.0",
        "0.0",
        "+15.1",
    ]


def _hand_ids(state: EventState, rnd: int, table: int) -> list[str]:
    game = state.game(rnd, table)
    assert game is not None
    return [h.entry for h in game.hands]


def test_an_amended_hand_is_previewed_from_the_scores_before_it(club: EventStore) -> None:
    # GIVEN two hands at round 4 table 1 (E Nguyễn Thị Mai, S 佐々木 蓮, W Mateusz Wiśniewski,
    # N João Gonçalves): S wins 3,900 off W, then a draw
    commands.record_line(club, "t1 ron S<-W 3/30", at=T)
    state = commands.record_line(club, "t1 draw", at=T)
    folder = EventSession(club).folder()
    first, _second = _hand_ids(state, 4, 1)
    # WHEN the first is amended to 5 han with W's riichi
    preview = preview_amend(folder, first, read_entry(state, "r4 t1 ron S<-W 5/30 r:W"), WHY)
    assert isinstance(preview, LinePreview)
    # THEN it is played from 30,000 each (not from the scores after the draw)
    assert preview.hand_label == "East 1, 0 honba"
    assert preview.scores_before == (30000, 30000, 30000, 30000)
    assert preview.scores_after == (30000, 39000, 21000, 30000)
    assert preview.notes == (
        "W is charged a riichi stick (r:W) and dealt in: if the tile ronned was W's riichi "
        "declaration, that riichi never stood and pays no stick; then leave W out of r:",
        "the 1 hand after it is played again from these scores",
    )
    # The second hand, amended, is played from the first one's scores, with no later hand
    second = preview_amend(folder, _second, read_entry(state, "r4 t1 draw tenpai:E"), WHY)
    assert isinstance(second, LinePreview)
    assert second.scores_before == (30000, 33900, 26100, 30000)
    assert second.scores_after == (33000, 32900, 25100, 29000)
    assert second.notes == ()


def test_an_amendment_elsewhere_or_unreadable_is_refused(club: EventStore) -> None:
    state = commands.record_line(club, "t1 ron S<-W 3/30", at=T)
    folder = EventSession(club).folder()
    [hand] = _hand_ids(state, 4, 1)
    assert preview_amend(folder, hand, read_entry(state, "r4 t2 ron S<-W 3/30"), WHY) == LineError(
        "an amended hand must be a hand at table 1"
    )
    assert preview_amend(folder, "nope", read_entry(state, "r4 t1 draw"), WHY) == LineError(
        "entry nope is not a hand of a game"
    )
    refused = preview_amend(folder, hand, read_entry(state, "r4 t1 ron S<-W 1/20"), WHY)
    assert isinstance(refused, LineError)


def test_the_hints_examples_fit_the_event(club: EventStore, sanma: EventStore) -> None:
    # Club: four tables in round 4, EMA's 30,000 each; sanma: three tables, tenhou3's 35,000
    assert entry_examples(commands.current_state(club)) == EntryExamples(
        3, "41200 28800 22100 27900"
    )
    assert entry_examples(commands.current_state(sanma)) == EntryExamples(3, "44000 34000 27000")
    assert line_hint(EntryExamples(1, "41200 28800 22100 27900")) == (
        "t1 ron S<-W 3/30 r:E,S   (Enter records; F1 help)"
    )
    assert preview_text(None, EntryExamples(2, "44000 34000 27000")).plain == (
        "Type a result, e.g. t2 ron S<-W 3/30 r:E,S   ·   t2 final 44000 34000 27000   ·   "
        "t2 then Enter opens table 2"
    )


def test_the_examples_add_up_to_the_starting_total(club: EventStore, sanma: EventStore) -> None:
    for store in (club, sanma):
        state = commands.current_state(store)
        scores = [int(s) for s in entry_examples(state).final.split()]
        assert len(scores) == state.rules.players
        assert sum(scores) == state.rules.players * state.rules.start_points


def test_a_voided_entry_is_told_in_words(club: EventStore) -> None:
    state = commands.record_line(club, "t1 draw tenpai:E,W", at=T)
    hand = next(e for e in state.entries if isinstance(e, HandRecorded) and e.round == 4)
    assert entry_words(hand, state) == "r4 t1 draw tenpai:E,W"
    final = GameFinished(id="F", at=T, round=4, table=2, final=(41200, 28800, 22100, 27900))
    assert entry_words(final, state) == "r4 t2 final 41200 28800 22100 27900"
    penalty = Penalty(id="P", at=T, player="p12", amount=5000, reason="late")
    assert entry_words(penalty, state) == "penalty: Ömer Yıldız -5,000 (late)"  # noqa: RUF001
    gone = PlayerWithdrawn(id="W", at=T, player="p12", from_round=5, reason="ill")
    assert entry_words(gone, state) == gone.describe(state.name)

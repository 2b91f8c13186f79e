"""The entry line's preview: what a line would do, or why it would be refused, before Enter."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mjevent.core.preview import (
    LineError,
    LinePreview,
    PreviewPayment,
    SeatView,
    preview_line,
    read_entry,
)
from mjevent.core.scoring import PaymentKind
from mjevent.core.state import Folder
from mjevent.events import commands
from mjevent.events.session import EventSession
from mjevent.events.store import EventStore
from tests.core.conftest import sample_store

T = "2026-03-14T15:00:00+00:00"


def _try(event: EventStore | Folder, text: str) -> LinePreview | LineError:
    """`text` read and previewed on the live fold of `event` (a store is folded for it)."""
    folder = event if isinstance(event, Folder) else EventSession(event).folder()
    return preview_line(folder, read_entry(folder.state(), text))


def _preview(event: EventStore | Folder, text: str) -> LinePreview:
    preview = _try(event, text)
    assert isinstance(preview, LinePreview), preview
    return preview


def test_ron_with_two_riichi_shows_seats_payments_scores_and_next_dealer(
    club: EventStore,
) -> None:
    # GIVEN the club sample, whose round 4 has no result yet (the current round)
    commands.current_state(club)
    # WHEN the director types a ron at table 3 (p09 p01 p02 p03, E S W N)
    preview = _preview(club, "t3 ron S<-W 3/30 r:E,S")
    # THEN the preview names the seats, every payment, the scores after and the next dealer
    assert (preview.round, preview.table, preview.hand_label) == (4, 3, "East 1, 0 honba")
    assert preview.seats == (
        SeatView("E", "p09", "Aoife Ní Bhriain"),
        SeatView("S", "p01", "田中 優希"),
        SeatView("W", "p02", "Sophie Müller"),
        SeatView("N", "p03", "김서연"),
    )
    assert preview.payments == (
        PreviewPayment(0, None, 1000, PaymentKind.RIICHI),
        PreviewPayment(1, None, 1000, PaymentKind.RIICHI),
        PreviewPayment(2, 1, 3900, PaymentKind.HAND),
        PreviewPayment(None, 1, 2000, PaymentKind.DEPOSITS),
    )
    assert preview.scores_before == (30000, 30000, 30000, 30000)
    assert preview.scores_after == (29000, 34900, 26100, 30000)
    assert (preview.next_dealer, preview.game_over) == (1, None)
    assert preview.describe() == (
        "round 4 table 3, East 1, 0 honba: E Aoife Ní Bhriain, S 田中 優希, W Sophie Müller, "
        "N 김서연\n"
        "  Aoife Ní Bhriain puts a riichi stick on the table (1,000)\n"
        "  田中 優希 puts a riichi stick on the table (1,000)\n"
        "  Sophie Müller pays 田中 優希 3,900 (hand)\n"
        "  田中 優希 takes the riichi sticks (2,000)\n"
        "  scores: Aoife Ní Bhriain 29,000, 田中 優希 34,900, Sophie Müller 26,100, 김서연 30,000\n"
        "  next dealer: 田中 優希 (S)"
    )


def test_tsumo_after_a_draw_pays_the_honba_and_takes_the_stick_left(club: EventStore) -> None:
    # GIVEN a draw at table 1 with the dealer tenpai and South in riichi: 1 honba, 1 stick
    commands.record_line(club, "t1 draw tenpai:E r:S", at=T)
    # WHEN West's 2 han 30 fu tsumo is typed (names and ids work as seats too)
    preview = _preview(club, "t1 tsumo @p08 2/30")
    # THEN each payer adds 100 for the counter and West takes the stick on the table
    assert preview.hand_label == "East 1, 1 honba"
    assert preview.scores_before == (33000, 28000, 29000, 29000)
    assert preview.payments == (
        PreviewPayment(0, 2, 1000, PaymentKind.HAND),
        PreviewPayment(0, 2, 100, PaymentKind.HONBA),
        PreviewPayment(1, 2, 500, PaymentKind.HAND),
        PreviewPayment(1, 2, 100, PaymentKind.HONBA),
        PreviewPayment(3, 2, 500, PaymentKind.HAND),
        PreviewPayment(3, 2, 100, PaymentKind.HONBA),
        PreviewPayment(None, 2, 1000, PaymentKind.DEPOSITS),
    )
    assert preview.scores_after == (31900, 27400, 32300, 28400)
    assert preview.next_dealer == 1
    assert _preview(club, "t1 tsumo Wiś 2/30").payments == preview.payments


def test_the_hand_that_ends_the_game_shows_the_result_with_uma(club: EventStore) -> None:
    # GIVEN table 1 at South 4 after seven draws nobody was tenpai in
    for _ in range(7):
        commands.record_line(club, "t1 draw", at=T)
    # WHEN East wins off North (the dealer) in South 4
    preview = _preview(club, "t1 ron E<-N 1/30")
    # THEN 1,000 + 7 x 300 honba; the deal passes in the last hand: game over, EMA uma
    # 15/5/-5/-15 (South and West tie for second and share the uma of places 2 and 3).
    # Table 1 of round 4 seats p13 p15 p08 p07 (E S W N).
    assert preview.hand_label == "South 4, 7 honba"
    assert preview.scores_after == (33100, 30000, 30000, 26900)
    assert preview.next_dealer is None
    assert preview.game_over == (
        "game over (South 4, 7 honba: last hand): 1. Nguyễn Thị Mai 33,100 (+18.1), "
        "2. 佐々木 蓮 30,000 (0.0), 2. Mateusz Wiśniewski 30,000 (0.0), 4. João Gonçalves 26,900 "
        "(-18.1)"
    )


def test_final_scores_show_the_total_and_the_deficit(club: EventStore) -> None:
    commands.current_state(club)
    # Round 4 table 3 seats p09 p01 p02 p03 (E S W N).
    preview = _preview(club, "t3 final 41200 28800 22100 27900")
    assert (preview.total, preview.deficit) == (120000, 0)
    assert preview.scores_after == (41200, 28800, 22100, 27900)
    assert preview.game_over == (
        "game over: 1. Aoife Ní Bhriain 41,200 (+26.2), 2. 田中 優希 28,800 (+3.8), "
        "3. 김서연 27,900 (-7.1), 4. Sophie Müller 22,100 (-22.9)"
    )
    left = _preview(club, "t3 final 41200 28800 22100 26900 left:1")
    assert (left.total, left.deficit) == (119000, 0)
    assert _try(club, "t3 final 41200 28800 22100 26900") == LineError(
        "final scores at round 4 table 3: scores add up to 119,000; expected 120,000 (4 x "
        "30,000 less 0 riichi sticks on the table): 1,000 missing",
        (9, 32),
    )


def test_final_scores_of_a_game_played_hand_by_hand_must_match_the_hands(
    club: EventStore,
) -> None:
    commands.record_line(club, "t2 ron S<-W 3/30", at=T)
    assert _try(club, "t2 final 30000 30000 30000 30000") == LineError(
        "final scores [30000, 30000, 30000, 30000] at round 4 table 2 do not match the hands, "
        "which give [30000, 33900, 26100, 30000]; correct the hand that is wrong, or the final "
        "scores",
        (9, 32),
    )
    preview = _preview(club, "t2 final 30000 33900 26100 30000")
    assert preview.hand_label == "East 2, 0 honba"
    assert preview.game_over is not None and preview.game_over.startswith(
        "game over (East 2, 0 honba: director): 1. "
    )


@pytest.mark.parametrize(
    ("line", "message", "span"),
    [
        ("t9 ron S<-W 3/30", "there is no table 9 in round 4 (it has tables 1 to 4)", (0, 2)),
        (
            "r3  t3 tsumo E 2/30",
            "hand at round 3 table 3 after the game was finished by entry "
            "01KKPCGDHG9Y2FNTPKW3A1GEKT; void that entry first if the game went on",
            (4, 6),
        ),
        ("t3 ron S <- W 3 / 35", "fu 35 is not a fu value: 30 or 40?", (14, 20)),
        ("t3 ron S<-X 3/30", "'X' is not a seat; use one of E S W N", (10, 11)),
        (
            "t2 ron @p03<-E 5",
            "no player '@p03' at table 2; use one of @p10, @p04, @p06, @p11 or a wind",
            (7, 11),
        ),
        ("t3 ron S<-W 3/30 r:E,E", "a seat is listed twice in r: 'E,E'; list each seat once",
         (19, 22)),
        ("t3 rn S<-W 3/30", "'rn' is not a result; write ron, tsumo, draw, abort, chombo or "
         "final after the table", (3, 5)),
        ("t3 ron S<-W", "it ends where the hand value was expected; write e.g. '3/30'", None),
        ("t0 ron S<-W 3/30", "'t0' is not a table; start with the table, e.g. 't3 ...'", (0, 2)),
        ("ron S<-W 3/30", "'ron' is not a table; start with the table, e.g. 't3 ...'", (0, 3)),
        (
            "r7 t1 draw",
            "round 7 is not seated; set its seating first",
            (0, 2),
        ),
    ],
)
def test_a_line_the_fold_would_refuse_is_refused_with_the_span_of_the_words(
    club: EventStore, line: str, message: str, span: tuple[int, int] | None
) -> None:
    commands.current_state(club)
    assert _try(club, line) == LineError(message, span)


def test_sanma_tsumo_loss_draw_and_final(sanma: EventStore) -> None:
    state = commands.current_state(sanma)
    assert state.current_round == 3
    tsumo = _preview(sanma, "t1 tsumo E 3/30 r:S")
    # A dealer tsumo of 2,000 all, with tsumo loss: nobody pays North's share.
    assert tsumo.payments == (
        PreviewPayment(1, None, 1000, PaymentKind.RIICHI),
        PreviewPayment(1, 0, 2000, PaymentKind.HAND),
        PreviewPayment(2, 0, 2000, PaymentKind.HAND),
        PreviewPayment(None, 0, 1000, PaymentKind.DEPOSITS),
    )
    assert tsumo.scores_after == (40000, 32000, 33000)
    assert tsumo.next_dealer == 0
    draw = _preview(sanma, "t1 draw tenpai:E,S")
    assert draw.scores_after == (36500, 36500, 32000)
    assert _try(sanma, "t2 tsumo N 3/30") == LineError(
        "'N' is not a seat; use one of E S W (sanma has no North seat)", (9, 10)
    )
    # Round 3 table 1 seats p03 p06 p08 (E S W).
    final = _preview(sanma, "t1 final 50000 30000 25000")
    assert (final.total, final.deficit) == (105000, 0)
    assert final.game_over == (
        "game over: 1. 박지훈 50,000 (+30.0), 2. Björn Sigurðsson 30,000 (-5.0), "
        "3. Tomás Ó Briain 25,000 (-25.0)"
    )


def test_when_every_seated_round_is_finished_a_line_without_round_is_refused(
    sanma: EventStore,
) -> None:
    # GIVEN the sanma sample with rounds 3 and 4 finished by final scores
    for rnd in (3, 4):
        for t in (1, 2, 3):
            state = commands.record_final(sanma, rnd, t, [35000, 35000, 35000], at=T)
    # THEN there is no current round to take a line, and the message says what to do
    assert state.current_round == 5
    error = LineError(
        "every table of rounds 1 to 4 is finished: seat round 5 first, or name the round of "
        "the line (r4 t1 ...)",
        (0, 2),
    )
    assert _try(sanma, "t1 draw") == error
    with pytest.raises(commands.CommandError, match="every table of rounds 1 to 4 is finished"):
        commands.record_line(sanma, "t1 draw")


WORDS = [
    "t1", "t2", "t3", "t4", "t9", "r3", "r4", "r7", "ron", "tsumo", "draw", "abort", "chombo",
    "final", "S<-W", "E<-N", "N<-S", "W<-W", "S <- kim", "3/30", "2/20", "1/30", "3/35", "5",
    "ykm", "r:E,S", "r:N", "tenpai:E", "pao:S", "kyuushu", "@p03", "kim", "E", "S", "W", "N",
    "41200", "28800", "22100", "27900", "30000", "left:1", "chombo:E",
]
LINES = st.one_of(
    st.lists(st.sampled_from(WORDS), max_size=8).map(" ".join),
    st.tuples(
        st.sampled_from(["t1", "t2", "r4 t3", "t4"]),
        st.sampled_from(["ron S<-W 3/30", "tsumo E 2/30 r:S", "draw tenpai:N", "chombo W",
                         "final 30000 30000 30000 30000", "final 40000 30000 30000 19000 left:1",
                         "ron N<-E 8 r:E,S,W,N", "abort"]),
    ).map(" ".join),
)


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(LINES, min_size=1, max_size=6))
def test_the_preview_refuses_exactly_what_recording_refuses(
    tmp_path_factory: pytest.TempPathFactory, lines: list[str]
) -> None:
    # GIVEN the club sample, and lines typed one after the other
    store = EventSession(sample_store(tmp_path_factory.mktemp("p"), "club.toml"))
    for line in lines:
        state = commands.current_state(store)
        preview = preview_line(store.folder(), read_entry(state, line))
        # WHEN each is previewed, then entered
        try:
            after = commands.record_line(store, line, at=T)
        except (ValueError, commands.CommandError) as error:
            # THEN what recording refuses, the preview refused
            assert isinstance(preview, LineError), (line, str(error))
            continue
        assert isinstance(preview, LinePreview), (line, preview)
        # AND what it accepts, it shows as the fold has it
        game = after.game(preview.round, preview.table)
        assert game is not None
        if preview.total is None:
            assert game.state is not None and game.state.scores == preview.scores_after
            assert (game.result is not None) == (preview.game_over is not None)
        else:
            assert game.result is not None and preview.game_over is not None


def test_preview_says_a_triple_ron_is_an_abortive_draw_under_tenhou_rules() -> None:
    from mjevent.core.settings import settings_from_dict

    settings = settings_from_dict({
        "event": {"name": "Demo", "format_version": 1}, "rules": {"preset": "tenhou"},
        "players": [{"id": p, "name": n} for p, n in
                    [("p1", "Ana"), ("p2", "Ben"), ("p3", "Cai"), ("p4", "Dee")]],
        "seating": {"rounds": [{"round": 1, "tables": [["p1", "p2", "p3", "p4"]]}]},
    })
    preview = _preview(Folder.of(settings, []), "t1 ron S<-E 2/30 W<-E 3/30 N<-E 1/30")
    assert preview.payments == ()
    assert preview.notes == (
        'triple ron: an abortive draw under these rules (multi_ron = "double_only", '
        "sanchahou); no points moved, riichi sticks stay on the table",
    )
    assert preview.describe().splitlines()[-1] == (
        '  note: triple ron: an abortive draw under these rules (multi_ron = "double_only", '
        "sanchahou); no points moved, riichi sticks stay on the table"
    )

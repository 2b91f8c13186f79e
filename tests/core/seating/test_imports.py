"""Reading seatings in the organisers' formats (`core/seating/imports.py`): each format, and
each kind of bad input with its message."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from mjevent.core.seating.check import check
from mjevent.core.seating.imports import (
    SeatingImportError,
    detect_format,
    export_seating,
    parse_seating,
)
from mjevent.core.seating.plan import event_schedule

IDS = [f"p{i:02d}" for i in range(1, 9)]
NAMES = {p: f"Player {p[1:]}" for p in IDS}
NAMES["p03"] = "Jean-Pierre"
SEED_003 = Path("/work/shared/seeds/003_90816632c1287ded.txt")


def read(
    text: str, fmt: str = "auto", ids: list[str] = IDS, k: int = 4
) -> tuple[tuple[tuple[str, ...], ...], ...]:
    return parse_seating(text, ids, k, names=NAMES, fmt=fmt).rounds


def test_one_round_per_line_by_id_number_and_name() -> None:
    rounds = read("p01 p02 p03 p04 p05 p06 p07 p08\n1,5,Jean-Pierre,7, 2 6 4 8\n")
    assert rounds == (
        (("p01", "p02", "p03", "p04"), ("p05", "p06", "p07", "p08")),
        (("p01", "p05", "p03", "p07"), ("p02", "p06", "p04", "p08")),
    )


def test_letters_of_seed_003() -> None:
    rounds = read("ABCD EFGH\nAEBF CGDH\n")
    assert rounds[1] == (("p01", "p05", "p02", "p06"), ("p03", "p07", "p04", "p08"))


def test_seed_003_28_player_block_reads_and_is_repeat_free() -> None:
    # The "Raw data" column of seed 003's 28-player block: A-N then a-n are players 1-28.
    lines = SEED_003.read_text(encoding="utf-8").splitlines()[115:124]
    text = "\n".join(line.split("|")[4].strip() for line in lines)
    ids = [f"q{i:02d}" for i in range(1, 29)]
    got = parse_seating(text, ids, 4)
    assert got.format == "letters"
    assert got.rounds[1][0] == ("q01", "q05", "q21", "q25")  # A E g k
    summary = check(event_schedule(ids, 4, got.rounds)).summary
    assert (summary.rounds, summary.repeat_free_rounds, summary.repeats) == (9, 9, 0)


def test_script_with_hyphenated_names_and_blank_line_between_rounds() -> None:
    text = "p01-p02-Jean-Pierre-p04\n5-6-7-8\n\n# round 2\np01-p05-p03-p07\np02-p06-p04-p08\n"
    assert detect_format(text, 4) == "script"
    rounds = read(text)
    assert rounds[0] == (("p01", "p02", "p03", "p04"), ("p05", "p06", "p07", "p08"))
    assert rounds[1][1] == ("p02", "p06", "p04", "p08")


def test_catalogue_grid_without_winds_gets_balanced_seats() -> None:
    # A line a player, a column a round, the table number; -- (or nuke) is a bye.
    ids = [*IDS, "p09"]
    grid = "1\t--\n1\t1\n1\t2\n1\t1\n2\t2\n2\t1\n2\t2\n2\t1\nnuke\t2\n"
    got = parse_seating(grid, ids, 4, fmt="auto")
    assert got.format == "tsv"
    assert [sorted(t) for t in got.rounds[0]] == [IDS[:4], IDS[4:]]
    assert [sorted(t) for t in got.rounds[1]] == [
        ["p02", "p04", "p06", "p08"], ["p03", "p05", "p07", "p09"],
    ]
    # Everyone who plays twice does so on two different winds.
    for p in IDS[1:]:
        seats = [t.index(p) for rnd in got.rounds for t in rnd if p in t]
        assert len(set(seats)) == 2


@pytest.mark.parametrize("fmt", ["tsv", "csv", "json"])
def test_export_then_import_gives_the_same_seating(fmt: str) -> None:
    rounds = (
        (("p01", "p02", "p03", "p04"), ("p05", "p06", "p07", "p08")),
        (("p05", "p01", "p07", "p03"), ("p02", "p06", "p04", "p08")),
    )
    text = export_seating(rounds, IDS, 4, fmt)
    assert read(text) == rounds
    assert detect_format(text, 4) == fmt


def test_export_tsv_is_the_catalogue_grid_with_winds() -> None:
    rounds = ((("p01", "p02", "p03", "p04"), ("p05", "p06", "p07", "p08")),)
    assert export_seating(rounds, [*IDS, "p09"], 4, "tsv").splitlines() == [
        "1E", "1S", "1W", "1N", "2E", "2S", "2W", "2N", "--",
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("p01 p02 p03 p04 p05 p06 p07 Tanaka\n",
         "line 1: 'Tanaka' is not a player of this event (give an id, a name or a number 1 to 8)"),
        ("1 2 3 4 5 6 7 9\n",
         "line 1: player number 9 is out of range: this event has players 1 to 8"),
        ("p01 p02 p03 p04 p05 p06 p07 p08\np01 p02 p03 p04 p01 p06 p07 p08\n",
         "line 2: p01 is seated twice in round 2 (also on line 2); each player sits at one "
         "table a round"),
        ("p01 p02 p03 p04 p05 p06 p07\n",
         "line 1: round 1 names 7 players, not a multiple of 4: the last table has 3"),
        ("p01 p02 p03 p04\n",
         "line 1: 4 of the event's players are never seated (p05, p06, p07, p08): the file is "
         "for 4 players, the event has 8; seat everyone, or withdraw the missing players first"),
        ("ABCD EFGH\nABCD EFGI\n",
         "line 1: the file uses 9 letters, the event has 8 players: one letter a player (the "
         "letters sorted, A-Z then a-z, are the players in the event's order)"),
        ("1\t1\n1\t1\n1\t1\n1\t1\n2\t2\n2\t2\n2\t2\n",
         "line 7: the grid has 7 lines, the event has 8 players: one line a player, in the "
         "event's player order"),
        ("1\n1\n1\n1\n2\n2\n2\n2\t1\n",
         "line 8: 2 rounds; line 1 has 1: one column a round, every line the same"),
        ("1E\n1S\n1W\n1N\n2E\n2S\n2W\n2\n",
         "line 8: round 1: '2': give a wind on every cell or on none"),
        ("1E\n1E\n1W\n1N\n2E\n2S\n2W\n2N\n",
         "line 4: round 1 table 1: each wind ESWN once"),
        ("1\n1\n1\n1\n4\n4\n4\n4\n",
         "line 1: round 1 uses tables [1, 4]: number them 1, 2, ... without gaps"),
        ("-".join(["1"] * 40) + "\n", "line 1: 39 dashes; a table line is a-b-c-d (4 players)"),
        ("p01-p02-p03-\n", "line 1: 'p01-p02-p03-' has an empty place between two '-': a-b-c-d"),
        ("p01-p02-p03-p04\n\np01-p02-p03\n",
         "line 3: 'p01-p02-p03' names 3 players; tables seat 4 (a-b-c-d, in seat order E S W N)"),
        ('{"rounds": 3}', 'line 1: a JSON seating needs "rounds": [[[ids...], ...], ...]'),
        ("{\n  nope", "line 2: not JSON (Expecting property name enclosed in double quotes)"),
        ("", "line 1: the file holds no seating (it is empty)"),
    ],
)
def test_bad_input_is_named_by_line(text: str, message: str) -> None:
    with pytest.raises(SeatingImportError) as caught:
        read(text)
    assert str(caught.value) == message


def test_a_name_two_players_share_must_be_an_id() -> None:
    names = {**NAMES, "p02": "Player 01"}
    with pytest.raises(SeatingImportError) as caught:
        parse_seating("Player 01-2-3-4\n", IDS[:4], 4, names=names, fmt="script")
    assert str(caught.value) == "line 1: 'Player 01' is the name of 2 players: name them by id"


@st.composite
def seatings(draw: st.DrawFn) -> tuple[list[str], int, tuple[tuple[tuple[str, ...], ...], ...]]:
    k = draw(st.sampled_from([3, 4]))
    n = draw(st.integers(min_value=k, max_value=14))
    ids = [f"x{i}" for i in range(n)]
    rounds = []
    for _ in range(draw(st.integers(min_value=1, max_value=4))):
        order = draw(st.permutations(ids))
        tables = draw(st.integers(min_value=1, max_value=n // k))
        rounds.append(tuple(tuple(order[t * k:(t + 1) * k]) for t in range(tables)))
    # Every player plays at least once (an import refuses a player never seated).
    assume({p for rnd in rounds for t in rnd for p in t} == set(ids))
    return ids, k, tuple(rounds)


@given(seatings(), st.sampled_from(["tsv", "csv", "json"]))
@settings(max_examples=150, deadline=None)
def test_every_export_reads_back_as_the_same_seating(
    case: tuple[list[str], int, tuple[tuple[tuple[str, ...], ...], ...]], fmt: str
) -> None:
    ids, k, rounds = case
    text = export_seating(rounds, ids, k, fmt)
    got = parse_seating(text, ids, k)
    assert (got.format, got.rounds) == (fmt, rounds)

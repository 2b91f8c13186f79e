"""Free texts, names and spreadsheet cells that a terminal, a spreadsheet or a Markdown viewer
would run: refused at entry with the file and the fix, reported by `check` with their line, and
written safely by every printer whatever the file holds (docs/security.md).
"""

from __future__ import annotations

import csv
import io
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from mjevent.core.seating.imports import PlayerLookup
from mjevent.core.text import (
    markdown_text,
    safe_text,
    spreadsheet_cell,
    spreadsheet_value,
    unsafe_char,
)
from mjevent.events import commands, open_event
from mjevent.events.store import EventStore
from mjevent.tui.cli.main import app

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
runner = CliRunner()
CONTROL = (
    "it contains the control character {char} at position {at} (a terminal escape, a line "
    "break or a tab pasted with it?); remove it"
)
FORMULA = '=HYPERLINK("http://e.vil","x")'
DDE = "@SUM(1+1)*cmd|' /C calc'!A0"


@pytest.fixture()
def club(tmp_path: Path) -> Path:
    return Path(shutil.copy(SAMPLES / "club.toml", tmp_path / "club.toml"))


# --- Refused at entry ---------------------------------------------------------------------------


def test_announce_refuses_an_escape_sequence_and_writes_nothing(club: Path) -> None:
    before = club.read_bytes()
    result = runner.invoke(app, ["announce", str(club), "Lunch\x1b]0;pwned\x07"])
    assert result.exit_code == 1
    assert result.stderr == (
        f"error: {club}: the note 'Lunch\\\\x1b]0;pwned\\\\x07' cannot be used: "
        + CONTROL.format(char="\\x1b", at=6)
        + " (nothing was recorded)\n"
    )
    assert club.read_bytes() == before


def test_announce_takes_markup_as_plain_text(club: Path) -> None:
    result = runner.invoke(app, ["announce", str(club), "Prize giving [/] at 18:00"])
    assert result.exit_code == 0, result.output
    assert result.stdout == "announced: Prize giving [/] at 18:00\n"
    assert EventStore.open(club).log[-1]["text"] == "Prize giving [/] at 18:00"


def test_a_withdrawal_reason_with_an_escape_sequence_is_refused(club: Path) -> None:
    before = club.read_bytes()
    argv = ["player", str(club), "withdraw", "p03", "--from-round", "5", "--reason", "bye\x1b[2J"]
    result = runner.invoke(app, argv)
    assert result.exit_code == 1
    assert result.stderr == (
        f"error: {club}: the reason 'bye\\\\x1b[2J' cannot be used: "
        + CONTROL.format(char="\\x1b", at=4)
        + " (nothing was recorded)\n"
    )
    assert club.read_bytes() == before


@pytest.mark.parametrize(
    ("invisible", "shown"),
    [
        ("\u200b", "\\u200b"),
        ("\u2028", "\\u2028"),
        ("\u2029", "\\u2029"),
        ("\u2060", "\\u2060"),
        ("\u200e", "\\u200e"),
    ],
)
def test_zero_width_and_line_separator_characters_are_refused_in_names(
    club: Path, invisible: str, shown: str
) -> None:
    before = club.read_bytes()
    result = runner.invoke(app, ["player", str(club), "add", f"Kim{invisible}Minji"])
    assert result.exit_code == 1
    assert result.stderr == (
        f"error: {club}: name 'Kim\\\\{shown[1:]}Minji' cannot be used: "
        + CONTROL.format(char=shown, at=4)
        + " (nothing was recorded)\n"
    )
    assert club.read_bytes() == before


def test_penalty_note_and_correction_texts_are_refused_too(club: Path) -> None:
    store = open_event(club)
    before = club.read_bytes()
    actions: list[Callable[[], object]] = [
        lambda: commands.add_penalty(store, "p01", 10, "late\x9b2J"),
        lambda: commands.add_note(store, "two\nlines"),
        lambda: commands.correct_entry(store, store.log[-1]["id"], "typo\x07"),
        lambda: commands.add_note(store, "x" * 1001),
    ]
    for action in actions:
        with pytest.raises(commands.CommandError):
            action()
    assert club.read_bytes() == before


# --- Found by check in an older or hand-edited file -------------------------------------------


def test_check_names_the_line_of_a_note_with_an_escape_sequence(club: Path) -> None:
    # GIVEN a note an older version (or a text editor) wrote with an escape sequence
    EventStore.open(club).append(
        {"id": "hostile", "at": "2026-03-14T14:00:00+00:00", "kind": "note", "text": "Lunch\x1b[2J"}
    )
    line = next(
        n
        for n, text in enumerate(club.read_text("utf-8").splitlines(), 1)
        if "[[log]]" in text and 'id = "hostile"' in club.read_text("utf-8").splitlines()[n]
    )
    result = runner.invoke(app, ["check", str(club)])
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0] == (
        f"{club}:{line}: entry hostile: the note 'Lunch\\\\x1b[2J' cannot be used: "
        + CONTROL.format(char="\\x1b", at=6)
    )
    assert "\x1b" not in result.output


# --- Spreadsheets -------------------------------------------------------------------------------


def test_spreadsheet_cell_neutralises_formulas_and_keeps_numbers() -> None:
    cases = {
        "=1+1": "'=1+1",
        "+1+1": "'+1+1",
        "-A1": "'-A1",
        "@SUM(A1)": "'@SUM(A1)",
        "\t=1": "\\x09=1",
        "\r=1": "\\x0d=1",
        "-12.5": "-12.5",
        "+71.0": "+71.0",
        "30000": "30000",
        "-": "-",
        "'quoted": "''quoted",
        "Tanaka": "Tanaka",
        "": "",
    }
    assert {value: spreadsheet_cell(value) for value in cases} == cases


@given(st.text())
@settings(max_examples=300)
def test_a_spreadsheet_cell_reads_back_as_written(value: str) -> None:
    cell = spreadsheet_cell(value)
    assert unsafe_char(cell) is None
    # A spreadsheet would run no formula from it (a number is not a formula).
    assert (
        not cell.startswith(("=", "+", "-", "@"))
        or cell.lstrip("+-")
        .replace(".", "", 1)
        .replace("e", "", 1)
        .replace("E", "", 1)
        .lstrip("+-")
        .isdigit()
        or set(cell) == {"-"}
    )
    assert spreadsheet_value(cell) == safe_text(value)


def _renamed(club: Path) -> Path:
    store = EventStore.open(club)
    commands.rename_player(store, "p13", FORMULA)
    commands.rename_player(store, "p09", DDE)
    return club


def _cells(text: str, delimiter: str = ",") -> list[str]:
    return [c for row in csv.reader(io.StringIO(text), delimiter=delimiter) for c in row]


@pytest.mark.parametrize(
    ("argv", "delimiter"),
    [
        (["print", "standings", "{file}", "--format", "csv"], ","),
        (["print", "round", "4", "{file}", "--format", "csv"], ","),
        (["print", "round", "4", "{file}", "--format", "tsv"], "\t"),
        (["print", "cards", "{file}", "--format", "csv"], ","),
        (["export", "{file}", "--format", "csv"], ","),
    ],
)
def test_every_csv_writer_neutralises_formulas_in_names(
    club: Path, argv: list[str], delimiter: str
) -> None:
    _renamed(club)
    result = runner.invoke(app, [a.replace("{file}", str(club)) for a in argv])
    assert result.exit_code == 0, result.output
    cells = _cells(result.stdout, delimiter)
    assert not [c for c in cells if c.startswith(("=", "@"))]
    assert any(c.startswith(f"'{FORMULA}") for c in cells)
    if "cards" not in argv:
        assert f"'{DDE}" in cells


def test_standings_csv_keeps_signed_numbers_as_numbers(club: Path) -> None:
    result = runner.invoke(app, ["print", "standings", str(club), "--format", "csv"])
    rows = list(csv.reader(io.StringIO(result.stdout)))
    assert [r[3] for r in rows[1:4]] == ["+86.4", "+73.6", "+34.2"]
    assert rows[-1][3].startswith("-") and float(rows[-1][3]) < 0


def test_export_to_a_file_spells_out_an_escape_sequence(club: Path, tmp_path: Path) -> None:
    # GIVEN a rename with an escape sequence written past the commands
    EventStore.open(club).append(
        {
            "id": "R1",
            "at": "2026-03-14T16:00:00+00:00",
            "kind": "player_renamed",
            "player": "p13",
            "name": "Mai\x1b]0;x\x07",
        }
    )
    out = tmp_path / "games.csv"
    result = runner.invoke(app, ["export", str(club), "--format", "csv", "-o", str(out)])
    assert result.exit_code == 0, result.output
    written = out.read_text("utf-8")
    assert "\x1b" not in written and "\x07" not in written
    assert "Mai\\x1b]0;x\\x07" in written


def test_players_csv_reads_an_apostrophe_cell_back_as_the_original(tmp_path: Path) -> None:
    players = tmp_path / "players.csv"
    # GIVEN a players file a spreadsheet saved: a formula-like name kept as text, a name with
    # a real leading apostrophe, and one written by spreadsheet_cell from "'quoted"
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(
        [
            ["name"],
            [spreadsheet_cell(FORMULA)],
            ["'t Hooft"],
            [spreadsheet_cell("'quoted")],
            ["Ann"],
            ["Bob"],
            ["Cy"],
            ["Di"],
            ["Ed"],
        ]
    )
    players.write_text(out.getvalue(), encoding="utf-8")
    event = tmp_path / "cup.toml"
    argv = ["new", str(event), "--name", "Cup", "--rules", "ema2016"]
    argv += ["--players-from", str(players)]
    result = runner.invoke(app, argv)
    assert result.exit_code == 0, result.output
    names = [p.name for p in commands.current_state(open_event(event)).settings.players]
    assert names[:3] == [FORMULA, "'t Hooft", "'quoted"]


def test_seat_import_finds_a_player_by_the_cell_written_for_a_spreadsheet() -> None:
    lookup = PlayerLookup(["p1", "p2"], {"p1": FORMULA, "p2": "'t Hooft"})
    assert lookup.find(spreadsheet_cell(FORMULA)) == "p1"
    assert lookup.find(spreadsheet_cell("'t Hooft")) == "p2"
    assert lookup.find("'t Hooft") == "p2"


# --- Markdown -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["print", "standings", "{file}", "--format", "md"],
        ["print", "round", "4", "{file}", "--format", "md"],
    ],
)
def test_markdown_paper_escapes_html_links_and_images_in_names(club: Path, argv: list[str]) -> None:
    store = EventStore.open(club)
    commands.rename_player(store, "p13", "<script>alert(1)</script>")
    commands.rename_player(store, "p09", "<img src=x onerror=alert(1)>")
    commands.rename_player(store, "p15", "[win](http://e.vil) ![i](http://e.vil/p.png)")
    result = runner.invoke(app, [a.replace("{file}", str(club)) for a in argv])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "<script>" not in out and "<img" not in out
    assert re.search(r"(?<!\\)\]\(", out) is None  # no link or image Markdown would make
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in out
    assert "&lt;img src=x onerror=alert(1)&gt;" in out
    assert "\\[win\\](http://e.vil) \\!\\[i\\](http://e.vil/p.png)" in out


def test_markdown_text_escapes_what_makes_html_links_images_and_cells() -> None:
    assert markdown_text('<a href="x">|[l](u)!') == "&lt;a href=&quot;x&quot;&gt;\\|\\[l\\](u)\\!"


# --- Fuzz: any free text is refused with a message, or shown safely everywhere ----------------


_NASTY = st.sampled_from(
    [
        "\x00",
        "\x07",
        "\x1b[2J",
        "\x1b]0;x\x07",
        "\x7f",
        "\x9b",
        "\r",
        "\n",
        "\t",
        "\u200b",
        "\u2028",
        "\u202e",
        "[/]",
        "[/bold]",
        "[red]",
        "<script>",
        "](http://x)",
        "![i](p)",
        "=",
        "+",
        "-",
        "@",
        "'",
        '"',
        "|",
        "\\",
        "東",
        "\U0001f004",
    ]
)
FREE_TEXT = st.lists(st.one_of(_NASTY, st.text(max_size=4)), min_size=1, max_size=6).map("".join)
PRINTERS = [
    ["print", "standings", "{file}"],
    ["print", "standings", "{file}", "--format", "md"],
    ["print", "standings", "{file}", "--format", "csv"],
    ["print", "penalties", "{file}"],
    ["print", "player", "{file}", "p01"],
    ["export", "{file}", "--format", "csv"],
    ["replay", "{file}"],
]


@given(reason=FREE_TEXT, note=FREE_TEXT)
@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
def test_fuzzed_free_texts_are_refused_or_shown_safely(
    tmp_path: Path, reason: str, note: str
) -> None:
    path = Path(shutil.copy(SAMPLES / "club.toml", tmp_path / "fuzz.toml"))
    store = open_event(path)
    actions: list[Callable[[], object]] = [
        lambda: commands.add_penalty(store, "p01", 10, reason),
        lambda: commands.add_note(store, note),
        lambda: commands.withdraw_player(store, "p16", 5, reason),
    ]
    for action in actions:
        before = path.read_bytes()
        try:
            action()
        except commands.CommandError as error:
            assert str(error)  # a message saying why
            assert path.read_bytes() == before
    for argv in PRINTERS:
        result = runner.invoke(app, [a.replace("{file}", str(path)) for a in argv])
        assert result.exception is None or isinstance(result.exception, SystemExit), argv
        shown = result.output.replace("\n", "")
        assert unsafe_char(shown) is None, (argv, unsafe_char(shown))


def test_check_refuses_a_venue_with_an_escape_sequence_naming_its_line(club: Path) -> None:
    text = club.read_text("utf-8")
    lines = text.splitlines()
    line = next(n for n, row in enumerate(lines, 1) if row.startswith("venue = "))
    lines[line - 1] = 'venue = "Hall\\u001b[2J"'
    club.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = runner.invoke(app, ["check", str(club)])
    assert result.exit_code == 1
    assert result.stderr == (
        f"error: {club}:{line}: event.venue: the name 'Hall\\\\x1b[2J' cannot be used: "
        + CONTROL.format(char="\\x1b", at=5)
        + ". Fix: correct it in a text editor, then run `mjevent check`.\n"
    )

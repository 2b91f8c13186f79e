"""Issue 22's small items: a 5,000-digit number in an entry line, a rating of nan, names with
spaces around them in a players CSV, a name given twice (players file and `player add`), and a
name two players share: each refused with a message naming the file, line and fix."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mjevent.events.store import EventStore
from mjevent.tui.cli.main import app

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
runner = CliRunner()


@pytest.fixture
def club(tmp_path: Path) -> Path:
    path = tmp_path / "club.toml"
    shutil.copy(SAMPLES / "club.toml", path)
    return path


@pytest.mark.parametrize(
    ("line", "shown"),
    [
        ("r5 t1 ron S<-W {n}/30", "r5 t1 ron S<-W 99999999999999999999999999999999999999999999…"),
        ("r{n} t1 draw", "r9999999999999999999999999999999999999999999999999999999999…"),
        ("r5 t{n} draw", "r5 t9999999999999999999999999999999999999999999999999999999…"),
    ],
    ids=["han", "round", "table"],
)
def test_a_5000_digit_number_in_an_entry_line_is_refused(club: Path, line: str, shown: str) -> None:
    before = club.read_bytes()
    result = runner.invoke(app, ["record", str(club), *line.format(n="9" * 5000).split()])
    assert result.exit_code == 1
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.stderr == (
        f"error: cannot read '{shown}': a number of 5,000 digits; no value of an entry line is "
        "that long; retype the number\n"
    )
    assert club.read_bytes() == before


def _new(tmp_path: Path, csv: str) -> tuple[int, str, Path]:
    players = tmp_path / "players.csv"
    players.write_text(csv, "utf-8")
    target = tmp_path / "new.toml"
    result = runner.invoke(
        app,
        ["new", str(target), "--name", "X", "--rules", "ema2016", "--players-from", str(players)],
    )
    assert not target.exists()
    return result.exit_code, result.stderr, players


@pytest.mark.parametrize("value", ["nan", "inf", "-Infinity"])
def test_a_rating_of_nan_or_inf_is_refused(tmp_path: Path, value: str) -> None:
    code, err, path = _new(tmp_path, f"name,rating\nSophie Müller,1500\nBob,{value}\n")
    assert code == 1
    assert err == (
        f"error: {path}:3: rating '{value}' is not a number. Fix: write a number such as 1520, "
        "or leave the cell empty.\n"
    )


def test_spaces_around_a_csv_name_are_refused_naming_the_line(tmp_path: Path) -> None:
    code, err, path = _new(tmp_path, "name,rating\nSophie Müller,1500\n Bob ,1400\n")
    assert code == 1
    assert err == (
        f"error: {path}:3: the name ' Bob ' has spaces before or after it. Fix: remove them in "
        "that cell (a spreadsheet's TRIM does).\n"
    )


def test_a_name_twice_in_a_players_file_is_refused(tmp_path: Path) -> None:
    code, err, path = _new(tmp_path, "name\nSophie Müller\nBob\nsophie müller\n")
    assert code == 1
    assert err == (
        f"error: {path}:4: the name 'sophie müller' is already on line 2; two players with one "
        "name cannot be told apart. Fix: add what tells them apart (an initial, a club), or "
        "delete the repeated row.\n"
    )


def test_player_add_refuses_a_name_already_taken(club: Path) -> None:
    before = club.read_bytes()
    result = runner.invoke(app, ["player", str(club), "add", "sophie müller"])
    assert result.exit_code == 1
    assert result.stderr == (
        f"error: {club}: 'sophie müller' is already the name of p02; two players with one name "
        "cannot "
        "be told apart. Fix: add what tells them apart (an initial, a club).\n"
    )
    assert club.read_bytes() == before


def test_a_name_two_players_share_is_ambiguous_naming_the_ids(tmp_path: Path) -> None:
    path = tmp_path / "twins.toml"
    EventStore.create(
        path,
        {
            "event": {"name": "Twins", "format_version": 1},
            "rules": {"preset": "ema2016"},
            "players": [
                {"id": "a1", "name": "Sophie Müller"},
                {"id": "a2", "name": "Sophie Müller"},
                {"id": "a3", "name": "Bob"},
                {"id": "a4", "name": "Ann"},
            ],
        },
    )
    before = path.read_bytes()
    result = runner.invoke(app, ["player", str(path), "withdraw", "Sophie Müller"])
    assert result.exit_code == 1
    assert result.stderr == (
        f"error: {path}: 'Sophie Müller' is the name of 2 players (a1, a2): give the id\n"
    )
    assert path.read_bytes() == before


def test_the_same_hand_twice_in_a_row_is_recorded_with_a_warning(club: Path) -> None:
    from mjevent.core.preview import LinePreview, preview_line, read_entry
    from mjevent.events.session import EventSession

    line = ["r5", "t1", "ron", "S<-W", "2/30"]
    first = runner.invoke(app, ["record", str(club), "--id", "H1", *line])
    assert first.exit_code == 0 and first.stderr == ""
    warning = (
        "the same hand as the previous one at table 1 (entry H1): right if it was played "
        "twice, else a line entered twice"
    )
    folder = EventSession.open(club, read_only=True).folder()
    preview = preview_line(folder, read_entry(folder.state(), " ".join(line)))
    assert isinstance(preview, LinePreview)
    assert preview.repeats == warning  # the console's preview says it before Enter
    again = runner.invoke(app, ["record", str(club), "--id", "H2", *line])
    assert again.exit_code == 0
    assert again.stderr == f"warning: {warning}\n"
    assert [r["id"] for r in EventSession.open(club, read_only=True).store.log][-2:] == ["H1", "H2"]
    other = runner.invoke(app, ["record", str(club), "--id", "H3", "r5", "t1", "draw"])
    assert other.stderr == ""

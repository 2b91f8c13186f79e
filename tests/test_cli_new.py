"""`mjevent new`: creates an event file from the command line and never replaces one."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mjevent.events.new_event import PlayersFileError, players_from_file
from mjevent.events.store import EventStore
from mjevent.tui.cli.main import app

runner = CliRunner()


def test_new_writes_settings_and_players_from_a_text_file(tmp_path: Path) -> None:
    # Sixteen different names: a name given twice is refused (issue 22).
    base = ["田中 裕子", "王小明", "김민준", "Zoë Ångström"]
    names = [f"{n} {i}" for i in range(1, 5) for n in base]
    players = tmp_path / "players.txt"
    players.write_text("# registered\n" + "\n".join(names) + "\n\n", encoding="utf-8")
    event = tmp_path / "club.toml"
    result = runner.invoke(
        app,
        [
            "new", str(event), "--name", "Winter Open", "--rules", "ema2016",
            "--players-from", str(players), "--date", "2026-12-02", "--venue", "Hall A",
        ],
    )
    assert result.exit_code == 0, result.output
    assert result.output == (
        f"Created {event}: 'Winter Open', riichi, rules ema2016, 16 players.\n"
        f"Check it any time with: mjevent check {event}\n"
    )
    store = EventStore.open(event)
    assert [p.name for p in store.event.players] == names
    assert [p.id for p in store.event.players][:2] == ["p01", "p02"]
    assert store.event.event.date == dt.date(2026, 12, 2)
    assert store.event.event.venue == "Hall A"
    assert store.log == []


def _new_from_csv(tmp_path: Path, csv_text: str, rules: str = "ema2016") -> tuple[Path, str]:
    """`mjevent new` with a players CSV; the event's path and what the command printed."""
    players = tmp_path / "players.csv"
    players.write_text(csv_text, encoding="utf-8")
    event = tmp_path / "league.toml"
    result = runner.invoke(
        app, ["new", str(event), "--name", "League", "--rules", rules, "--players-from",
              str(players)]
    )
    assert result.exit_code == 0, result.output
    return event, result.output


def test_new_reads_teams_and_ratings_from_a_csv(tmp_path: Path) -> None:
    event, output = _new_from_csv(
        tmp_path,
        "\ufeffName,Team,Rating\nTanaka,Kyoto,1520\nSuzuki,Osaka,1498.5\nSato,Kyoto,\n",
        rules="wrc",
    )
    assert "3 players in 2 teams." in output
    settings = EventStore.open(event).settings
    assert settings["teams"] == [{"id": "t1", "name": "Kyoto"}, {"id": "t2", "name": "Osaka"}]
    assert settings["players"] == [
        {"id": "p1", "name": "Tanaka", "team": "t1", "rating": 1520},
        {"id": "p2", "name": "Suzuki", "team": "t2", "rating": 1498.5},
        {"id": "p3", "name": "Sato", "team": "t1"},
    ]


def test_new_takes_the_format_from_a_sanma_preset(tmp_path: Path) -> None:
    event = tmp_path / "sanma.toml"
    result = runner.invoke(app, ["new", str(event), "--name", "Sanma", "--rules", "sanma-club"])
    assert result.exit_code == 0, result.output
    assert EventStore.open(event).settings["event"]["format"] == "sanma"


def test_new_refuses_to_overwrite_an_existing_file(tmp_path: Path) -> None:
    event = tmp_path / "club.toml"
    event.write_text("precious", encoding="utf-8")
    result = runner.invoke(app, ["new", str(event), "--name", "X", "--rules", "ema2016"])
    assert result.exit_code == 1
    assert result.stderr == (
        f"error: {event}: the file already exists; mjevent never replaces an event file. "
        "Fix: choose another name, or move the old file away first.\n"
    )
    assert event.read_text(encoding="utf-8") == "precious"


def test_new_with_an_unknown_preset_suggests_one_and_writes_nothing(tmp_path: Path) -> None:
    event = tmp_path / "club.toml"
    result = runner.invoke(app, ["new", str(event), "--name", "X", "--rules", "ema2061"])
    assert result.exit_code == 1
    assert result.stderr == (
        "error: --rules: unknown rule preset 'ema2061'; did you mean 'ema2016'? (known: ema2016, "
        "ema2025, jpml-a, majsoul, majsoul3, mleague, sanma-club, tenhou, tenhou3, wrc, wrl)\n"
    )
    assert not event.exists()


def test_new_help_lists_every_preset() -> None:
    result = runner.invoke(app, ["new", "--help"], env={"COLUMNS": "100"})
    assert result.exit_code == 0
    assert (
        "--rules <str> A rules preset: ema2016, ema2025, jpml-a, majsoul, majsoul3, mleague, "
        "sanma-club, tenhou, tenhou3, wrc, wrl. [required]"
    ) in " ".join(result.stdout.split())


def test_new_with_a_bad_date_says_the_format(tmp_path: Path) -> None:
    event = tmp_path / "club.toml"
    result = runner.invoke(
        app, ["new", str(event), "--name", "X", "--rules", "ema2016", "--date", "2/12/2026"]
    )
    assert result.exit_code == 1
    assert result.stderr == (
        "error: --date '2/12/2026': expected year-month-day, e.g. --date 2026-12-02\n"
    )
    assert not event.exists()


def test_new_with_a_missing_players_file_writes_nothing(tmp_path: Path) -> None:
    event = tmp_path / "club.toml"
    missing = tmp_path / "nobody.txt"
    result = runner.invoke(
        app,
        ["new", str(event), "--name", "X", "--rules", "ema2016", "--players-from", str(missing)],
    )
    assert result.exit_code == 1
    assert result.stderr == (
        f"error: {missing}: no such players file. Fix: check the name, or leave out "
        "--players-from and add players later.\n"
    )
    assert not event.exists()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "nmae,team\nTanaka,A\n",
            "{f}:1: unknown column 'nmae'; did you mean 'name'? "
            "Fix: name the columns from name, id, team, rating, status, family_name, given_name, "
            "name_order, ema_id, country (name is required).",
        ),
        (
            "team\nA\n",
            "{f}:1: no 'name' column in the header row. "
            "Fix: start the file with a header such as name,team,rating.",
        ),
        (
            "name,rating\nTanaka,1500\nSuzuki,high\n",
            "{f}:3: rating 'high' is not a number. "
            "Fix: write a number such as 1520, or leave the cell empty.",
        ),
        (
            "name,team\nTanaka,A\n,B\n",
            "{f}:3: the name is empty. Fix: give every row a name, or delete the row.",
        ),
        (
            "name\n",
            "{f}: no players found. "
            "Fix: list one player a line (or a CSV with a name column).",
        ),
    ],
)
def test_bad_players_csv_names_the_line_and_fix(tmp_path: Path, text: str, message: str) -> None:
    players = tmp_path / "players.csv"
    players.write_text(text, encoding="utf-8")
    with pytest.raises(PlayersFileError) as caught:
        players_from_file(players)
    assert str(caught.value) == message.format(f=players)


def test_duplicate_ids_in_a_players_csv_are_refused_by_the_settings(tmp_path: Path) -> None:
    players = tmp_path / "players.csv"
    players.write_text("id,name\nA1,Tanaka\nA1,Suzuki\n", encoding="utf-8")
    event = tmp_path / "club.toml"
    result = runner.invoke(
        app,
        ["new", str(event), "--name", "X", "--rules", "ema2016", "--players-from", str(players)],
    )
    assert result.exit_code == 1
    assert result.stderr == (
        f"error: {event}: players[1].id: player id 'A1' is already used by players[0] (Tanaka). "
        "Fix: give every player a different id.\n"
    )
    assert not event.exists()


def test_new_set_overrides_a_rule_and_writes_it_under_rules(tmp_path: Path) -> None:
    event = tmp_path / "tonpuu.toml"
    result = runner.invoke(
        app,
        [
            "new", str(event), "--name", "East Cup", "--rules", "ema2016",
            "--set", "length=east", "--set", "kiriage=true",
            "--set", "uma=[20000, 10000, -10000, -20000]",
        ],
    )
    assert result.exit_code == 0, result.output
    rules = EventStore.open(event).settings["rules"]
    assert rules == {
        "preset": "ema2016",
        "length": "east",
        "kiriage": True,
        "uma": [20000, 10000, -10000, -20000],
    }
    ruleset = EventStore.open(event).event.rules.ruleset
    assert (ruleset.length.value, ruleset.kiriage) == ("east", True)


@pytest.mark.parametrize(
    ("option", "message"),
    [
        ("length=eest", "--set 'length=eest': "),
        ("lenght=east", "unknown rule setting 'lenght'; did you mean 'length'?"),
        ("length", "--set 'length': expected KEY=VALUE, e.g. --set length=east"),
        ("uma=[1,2", "'[1,2' is not a value the event file can hold"),
        ("preset=wrc", "the preset is chosen with --rules"),
    ],
)
def test_new_set_is_validated_like_the_file_and_writes_nothing(
    tmp_path: Path, option: str, message: str
) -> None:
    event = tmp_path / "bad.toml"
    result = runner.invoke(
        app, ["new", str(event), "--name", "X", "--rules", "ema2016", "--set", option]
    )
    assert result.exit_code != 0
    assert message in result.stderr
    assert not event.exists()


def test_players_csv_carries_family_and_given_names_and_a_name_order(tmp_path: Path) -> None:
    event, _ = _new_from_csv(
        tmp_path,
        "name,family_name,given_name,name_order\n"
        "田中 優希,田中,優希,\n"
        "Nguyễn Thị Mai,,,family_first\n"
        "Sophie Müller,,,\n",
    )
    parts = [p.name_parts() for p in EventStore.open(event).event.players]
    assert [(p.family, p.given, p.guess is None) for p in parts] == [
        ("田中", "優希", True),
        ("Nguyễn", "Thị Mai", True),
        ("Müller", "Sophie", False),
    ]

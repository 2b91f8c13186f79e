"""`mjevent print stats` and `mjevent print awards` through Typer's CliRunner."""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path

from typer.testing import CliRunner

from mjevent.core.stats import stats_from_state
from mjevent.events.commands import current_state
from mjevent.events.store import EventStore
from mjevent.tui.cli.main import app

runner = CliRunner()
SAMPLE = Path(__file__).parent.parent / "samples" / "club.toml"


def _copy(tmp_path: Path) -> Path:
    path = tmp_path / "club.toml"
    shutil.copy(SAMPLE, path)
    return path


def test_json_has_the_five_keys_as_defined(tmp_path: Path) -> None:
    path = _copy(tmp_path)
    result = runner.invoke(app, ["print", "stats", str(path), "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    expected = stats_from_state(current_state(EventStore.open(path, read_only=True)))
    first = data["players"][0]
    mine = expected.players[first["id"]].stats
    assert [first[k] for k in ("hands", "wins", "tsumo", "deal_ins", "riichi")] == [
        mine.hands,
        mine.wins,
        mine.tsumo,
        mine.deal_ins,
        mine.riichi,
    ]
    assert first["name"] == expected.players[first["id"]].name
    assert len(data["players"]) == len(expected.players)
    assert data["field"]["hands"] == expected.field.hands


def test_csv_stays_english_in_japanese(tmp_path: Path) -> None:
    path = _copy(tmp_path)
    result = runner.invoke(app, ["--lang", "ja", "print", "stats", str(path), "--format", "csv"])
    assert result.exit_code == 0, result.output
    header = next(csv.reader(io.StringIO(result.output)))
    assert header[:6] == ["id", "name", "team", "hands", "wins", "ron"]


def test_one_player_lists_every_figure(tmp_path: Path) -> None:
    path = _copy(tmp_path)
    result = runner.invoke(app, ["print", "stats", str(path), "--player", "p01"])
    assert result.exit_code == 0, result.output
    assert "Wins in riichi" in result.output
    assert "Wins open" in result.output and "not recorded" in result.output
    missing = runner.invoke(app, ["print", "stats", str(path), "--player", "nobody"])
    assert missing.exit_code == 1
    assert "no player 'nobody' in the event" in missing.output


def test_japanese_table(tmp_path: Path) -> None:
    path = _copy(tmp_path)
    result = runner.invoke(app, ["--lang", "ja", "print", "stats", str(path)])
    assert result.exit_code == 0, result.output
    assert "和了率" in result.output


def test_awards_say_why(tmp_path: Path) -> None:
    path = _copy(tmp_path)
    result = runner.invoke(app, ["print", "awards", str(path)])
    assert result.exit_code == 0, result.output
    assert "Best hand" in result.output and "points: round" in result.output
    data = json.loads(runner.invoke(app, ["print", "awards", str(path), "--format", "json"]).output)
    kinds = [a["kind"] for a in data["awards"]]
    assert kinds[0] == "best_hand"
    assert data["awards"][0]["winners"][0]["hand"]["points"] > 0
    dora = next(a for a in data["awards"] if a["kind"] == "most_dora")
    assert dora["unavailable"] == "not_recorded"


def test_best_team_is_written_in_thousands() -> None:
    # The league's first team stands at +159.9 (159,900 points); the award said "+159900.0".
    league = SAMPLE.parent / "league.toml"
    standings = runner.invoke(app, ["print", "standings", str(league), "--teams"]).output
    assert "Madrid Dora                  4  +159.9" in standings
    awards = runner.invoke(app, ["print", "awards", str(league)]).output
    assert "Madrid Dora  first in the team standings (+159.9)" in awards


def test_markdown_title_is_escaped(tmp_path: Path) -> None:
    path = _copy(tmp_path)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('name = "田中', 'name = "<b>[x](y) 田中', 1), encoding="utf-8")
    result = runner.invoke(app, ["print", "stats", str(path), "--player", "p01", "--format", "md"])
    assert result.exit_code == 0, result.output
    # A name cannot turn the title into markup (the title went out raw before).
    assert result.output.startswith("## Statistics of &lt;b&gt;\\[x\\](y) 田中 優希\n")

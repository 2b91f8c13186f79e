"""Issue 23, "around the console": the command line's small things a director trips over.

`check`'s counts in their plural forms, HTML pages in their language, `print standings` without
an empty Team column, `new --player`, `seat --as-listed`, and printing into a closed pipe.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from mjevent.core.entries import SeatingSet
from mjevent.events import commands
from mjevent.events.store import EventStore
from mjevent.tui.cli.main import app
from mjevent.tui.views.seating import check_summary
from tests.event_end_helpers import AT, NAMES, event_file
from tests.i18n_helpers import japanese

runner = CliRunner()


def _unseated(path: Path, names: tuple[str, ...] = NAMES) -> Path:
    """An event of `names` (EMA 2016 rules), nobody seated yet."""
    store = EventStore.create(
        path, {"event": {"name": "Cup", "format_version": 1}, "rules": {"preset": "ema2016"}}
    )
    for i, name in enumerate(names, 1):
        commands.add_player(store, f"p{i}", name, entry_id=f"add-{i}", at=AT)
    return path


def _one_of_each(path: Path) -> Path:
    """Eight players, one round seated, one hand and one game finished at table 1."""
    store = EventStore.open(event_file(path, rounds=None, played=0, seated=1))
    commands.record_line(store, "r1 t1 ron S<-E 4/30 y:riichi,dora2", entry_id="h1", at=AT)
    commands.record_final(store, 1, 1, [22300, 37700, 30000, 30000], entry_id="f11", at=AT)
    return path


def test_check_counts_one_of_each_in_the_singular(tmp_path: Path) -> None:
    path = _one_of_each(tmp_path / "cup.toml")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        f"{path}: clean (11 log entries, 8 players, 1 round seated, 1 game finished, 1 hand)\n"
    )


def test_check_counts_in_japanese(tmp_path: Path) -> None:
    path = _one_of_each(tmp_path / "cup.toml")
    result = runner.invoke(app, ["--lang", "ja", "check", str(path)])
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        f"{path}: 問題はありません（記録 11 件、選手 8 人、席順決定済み 1 回戦、"  # noqa: RUF001
        "終了した半荘 1、局 1）\n"  # noqa: RUF001
    )


def test_html_pages_say_their_language(tmp_path: Path) -> None:
    path = event_file(tmp_path / "cup.toml", played=1)
    english = runner.invoke(app, ["print", "round", "1", str(path), "-f", "html"])
    assert english.exit_code == 0, english.output
    assert english.stdout.startswith('<!DOCTYPE html>\n<html lang="en">\n')
    japanese = runner.invoke(app, ["--lang", "ja", "print", "round", "1", str(path), "-f", "html"])
    assert japanese.stdout.startswith('<!DOCTYPE html>\n<html lang="ja">\n')
    standings = runner.invoke(app, ["print", "standings", str(path), "--format", "html"])
    assert standings.exit_code == 0, standings.output
    assert standings.stdout.startswith('<!DOCTYPE html>\n<html lang="en">\n')


def test_print_standings_hides_an_empty_team_column_but_csv_keeps_it(tmp_path: Path) -> None:
    path = event_file(tmp_path / "cup.toml")
    text = runner.invoke(app, ["print", "standings", str(path)])
    assert text.exit_code == 0, text.output
    assert text.stdout.splitlines()[2:5] == [
        "Place  Name  Total  Games  Avg place  1st  2nd  3rd  4th  Penalties  Move",
        "-----  ----  -----  -----  ---------  ---  ---  ---  ---  ---------  ----",
        "    1  Ann   +70.0      2       1.00    2    0    0    0                =",
    ]
    md = runner.invoke(app, ["print", "standings", str(path), "--format", "md"]).stdout
    assert md.splitlines()[2] == (
        "| Place | Name | Total | Games | Avg place | 1st | 2nd | 3rd | 4th | Penalties | Move |"
    )
    page = runner.invoke(app, ["print", "standings", str(path), "--format", "html"]).stdout
    assert '<th>Name</th><th class="num">Total</th>' in page
    assert "Team" not in page
    # A spreadsheet reads CSV columns by position: they stay the same with teams or without.
    csv = runner.invoke(app, ["print", "standings", str(path), "--format", "csv"]).stdout
    assert csv.splitlines()[:2] == [
        "Place,Name,Team,Total,Games,Avg place,1st,2nd,3rd,4th,Penalties,Move",
        "1,Ann,,+70.0,2,1.00,2,0,0,0,,'=",
    ]


def test_print_standings_keeps_the_team_column_when_players_have_teams() -> None:
    league = Path(__file__).resolve().parents[1] / "samples" / "league.toml"
    text = runner.invoke(app, ["print", "standings", str(league)])
    assert text.exit_code == 0, text.output
    assert text.stdout.splitlines()[2].split()[:4] == ["Place", "Name", "Team", "Total"]


def _into_a_closed_pipe(*args: str) -> subprocess.CompletedProcess[str]:
    """Run `mjevent ARGS` with its output going into a pipe nobody reads any more (`| head`
    after it stopped): every write to standard output fails."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        return subprocess.run(
            [sys.executable, "-c", "from mjevent.tui.cli.main import app; app()", *args],
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
            check=False,
        )
    finally:
        os.close(write_end)


def test_seat_into_a_closed_pipe_writes_the_seating_and_ends_quietly(tmp_path: Path) -> None:
    # 16 players: three rounds without a repeated pair, so `seat` writes without asking.
    path = _unseated(tmp_path / "cup.toml", tuple(f"Player {i}" for i in range(1, 17)))
    done = _into_a_closed_pipe("seat", str(path), "--rounds", "3")
    state = commands.current_state(EventStore.open(path))
    assert sorted(state.seating) == [1, 2, 3]
    assert EventStore.open(path).event.event.rounds == 3
    assert (done.returncode, done.stderr) == (141, "")


def test_printing_into_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    path = event_file(tmp_path / "cup.toml")
    done = _into_a_closed_pipe("print", "standings", str(path))
    assert (done.returncode, done.stderr) == (141, "")


def test_new_names_players_on_the_command_line(tmp_path: Path) -> None:
    event = tmp_path / "club.toml"
    args = ["new", str(event), "--name", "Club", "--rules", "ema2016"]
    for name in ("Ann Lee", "Bo", "Cy", "Di"):
        args += ["--player", name]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        f"Created {event}: 'Club', riichi, rules ema2016, 4 players.\n"
        f"Check it any time with: mjevent check {event}\n"
    )
    assert EventStore.open(event).settings["players"] == [
        {"id": "p1", "name": "Ann Lee"},
        {"id": "p2", "name": "Bo"},
        {"id": "p3", "name": "Cy"},
        {"id": "p4", "name": "Di"},
    ]


def test_new_adds_named_players_after_a_players_file(tmp_path: Path) -> None:
    names = tmp_path / "players.txt"
    names.write_text("".join(f"Player {i}\n" for i in range(1, 11)), encoding="utf-8")
    event = tmp_path / "club.toml"
    result = runner.invoke(
        app,
        [
            "new",
            str(event),
            "--name",
            "Club",
            "--rules",
            "ema2016",
            "--players-from",
            str(names),
            "--player",
            "Late Arrival",
        ],
    )
    assert result.exit_code == 0, result.output
    players = EventStore.open(event).settings["players"]
    assert [p["id"] for p in players] == [f"p{i:02d}" for i in range(1, 12)]
    assert players[-1] == {"id": "p11", "name": "Late Arrival"}


def test_new_refuses_a_player_named_twice_and_writes_nothing(tmp_path: Path) -> None:
    event = tmp_path / "club.toml"
    base = ["new", str(event), "--name", "Club", "--rules", "ema2016"]
    twice = runner.invoke(app, [*base, "--player", "Ann", "--player", "Bo", "--player", "ann"])
    assert twice.exit_code == 1
    assert twice.stderr == (
        "error: --player 'ann' is given twice; two players with one name cannot be told apart. "
        "Fix: add what tells them apart (an initial, a club), or give the name once.\n"
    )
    bad = runner.invoke(app, [*base, "--player", "Ann\x1b[2J"])
    assert bad.exit_code == 1
    assert bad.stderr == (
        "error: --player 'Ann\\\\x1b[2J' cannot be used: it contains the control character "
        "\\x1b at position 4 (a terminal escape, a line break or a tab pasted with it?); remove "
        "it. Fix: give the name as one line of text, e.g. --player 'Ann Lee'.\n"
    )
    names = tmp_path / "players.txt"
    names.write_text("Ann\nBo\n", encoding="utf-8")
    again = runner.invoke(app, [*base, "--players-from", str(names), "--player", "Bo"])
    assert again.stderr == (
        f"error: --player 'Bo' is already in {names}; two players with one name cannot be told "
        "apart. Fix: add what tells them apart (an initial, a club), or leave out this --player.\n"
    )
    assert not event.exists()


def test_new_refuses_a_player_named_twice_in_japanese(tmp_path: Path) -> None:
    event = tmp_path / "club.toml"
    result = runner.invoke(
        app,
        [
            "--lang",
            "ja",
            "new",
            str(event),
            "--name",
            "C",
            "--rules",
            "ema2016",
            "--player",
            "Bo",
            "--player",
            "Bo",
        ],
    )
    assert result.exit_code == 1
    assert "--player 'Bo' が2回指定されています。" in result.stderr


def test_the_seating_summary_says_the_wind_rule_in_words(tmp_path: Path) -> None:
    # Ann sits East and Hal North in both rounds: 2-0-0-0 after two games, one wind too often.
    state = commands.current_state(EventStore.open(event_file(tmp_path / "c.toml", played=0)))
    assert check_summary(state, 2)[3:5] == [
        "Winds after round 2: 2 times a player had sat one wind too often (first: Ann after "
        "round 2); largest gap 2",
        "Evenly: wind counts at most 1 apart, or like 2-1-1-0 after every 4 games",
    ]
    assert check_summary(state, 1)[3:5] == [
        "Winds after round 1: every player has sat each wind evenly; largest gap 1",
        "Same table number within 3 rounds: 0",
    ]


def test_the_seating_summary_says_the_wind_rule_in_japanese(tmp_path: Path) -> None:
    state = commands.current_state(EventStore.open(event_file(tmp_path / "c.toml", played=0)))
    with japanese():
        shown = check_summary(state, 2)[3:5]
    assert shown == [
        "風（2回戦終了時）: 同じ風に多く座りすぎた選手が延べ 2 回"  # noqa: RUF001
        "（最初: Ann、2回戦終了時）。最大差 2",  # noqa: RUF001
        "均等とは: 各風の回数の差が1以内、または4半荘ごとに 2-1-1-0 のような形",
    ]


def test_seat_as_listed_seats_one_table_in_the_listed_order(tmp_path: Path) -> None:
    path = _unseated(tmp_path / "friday.toml", ("Ann", "Bo", "Cy", "Di"))
    result = runner.invoke(app, ["seat", str(path), "--as-listed", "--rounds", "2"])
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        "Round 1\n"
        "  Table  1:  E Ann  S Bo   W Cy   N Di \n"
        "Round 2\n"
        "  Table  1:  E Ann  S Bo   W Cy   N Di \n"
        "method: listed (as the file lists the players; no draw)\n"
        "quality: 1/2 rounds repeat-free; repeats 6; indirect 0; wind violations 4 (spread 2); "
        "table repeats 4; team violations 0\n"
        "new repeated pairs: 6 (Ann + Bo (2x), Ann + Cy (2x), Ann + Di (2x), Bo + Cy (2x), "
        "Bo + Di (2x), Cy + Di (2x))\n"
        "wind spread: 2 (4 times a player had sat one wind too often)\n"
        "table-number repeats within 3 rounds: 4\n"
        f"seated rounds 1-2 in {path} (listed)\n"
        f"{path}: the event plans 2 rounds ([event] rounds)\n"
    )
    store = EventStore.open(path)
    [entry] = [e for e in commands.current_state(store).entries if isinstance(e, SeatingSet)]
    assert entry.method == "listed"
    assert entry.rounds == ((("p1", "p2", "p3", "p4"),),) * 2
    # Recorded like any seating: `seating verify` makes it again from the entry alone.
    verified = runner.invoke(app, ["seating", "verify", str(path)])
    assert verified.stdout.endswith(" listed: rounds 1-2: recomputed, identical [OK]\n")


def test_seat_as_listed_takes_the_planned_rounds_and_refuses_two_tables(tmp_path: Path) -> None:
    planned = runner.invoke(
        app,
        [
            "new",
            str(tmp_path / "one.toml"),
            "--name",
            "One",
            "--rules",
            "ema2016",
            "--rounds",
            "3",
            *[a for n in ("Ann", "Bo", "Cy", "Di") for a in ("--player", n)],
        ],
    )
    assert planned.exit_code == 0, planned.output
    seated = runner.invoke(app, ["seat", str(tmp_path / "one.toml"), "--as-listed"])
    assert seated.exit_code == 0, seated.output
    assert f"seated rounds 1-3 in {tmp_path / 'one.toml'} (listed)\n" in seated.stdout
    two = _unseated(tmp_path / "two.toml")
    refused = runner.invoke(app, ["seat", str(two), "--as-listed", "--rounds", "2"])
    assert refused.exit_code == 1
    assert refused.stderr == (
        f"error: {two}: seating as listed is for an event of one table: 8 active players do not "
        "make one table of 4. Fix: seat them by the draw instead, or give the event 4 active "
        "players\n"
    )
    both = runner.invoke(app, ["seat", str(two), "--as-listed", "--import", "x.tsv"])
    assert both.exit_code == 2
    assert both.stderr == "error: --import and --as-listed both given: use one of them\n"

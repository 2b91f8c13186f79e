"""Hostile values and malformed input: a clear message with the file, the line and the fix.

Issue 13, classes 7 and 9: every reader (`check`, `replay`, `print`) meets a file holding a
5,000-digit number, 100,000 nested arrays, 3,000 nested inline tables, han 10^30 or a penalty
of 10^40 without a traceback; the commands refuse such values; `players.csv` with an unclosed
quote or a 200,000-character cell is refused with its line; a UTF-8 byte-order mark is accepted.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mjevent.events import commands, open_event
from mjevent.events.commands import CommandError
from mjevent.tui.cli.main import app

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
BASE = (SAMPLES / "club.toml").read_bytes()
LINE = BASE.count(b"\n") + 2  # the line of an appended entry's [[log]] header
runner = CliRunner()


def _entry(body: bytes) -> bytes:
    return (BASE + b'\n[[log]]\nid = "x1"\nat = "2026-03-14T16:00:00+00:00"\n' + body
            + b"\n# end x1\n")


def _check_entry(folder: Path, body: bytes) -> tuple[Path, str]:
    """The club sample with entry x1 appended; `mjevent check`'s line about x1 (exit 1)."""
    path = folder / "club.toml"
    path.write_bytes(_entry(body))
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1
    (line,) = [x for x in result.stdout.splitlines() if "entry x1" in x]
    return path, line


READERS = [["check"], ["replay"], ["print", "standings"]]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (_entry(b'kind = "note"\ntext = "a"\nround = ' + b"9" * 5000),
         f":{LINE + 5}: not valid in an event file: a number with 5,000 digits (an event "
         "file's numbers have at most 19)."),
        (BASE.replace(b"format_version = 1", b"format_version = " + b"1" * 5000),
         ":9: not valid in an event file: a number with 5,000 digits"),
        (_entry(b'kind = "note"\ntext = ' + b"[" * 100_000 + b"]" * 100_000),
         f":{LINE + 4}: not valid in an event file: values nested too deep (100,000 brackets "
         "on one line)."),
        (_entry(b'kind = "note"\ntext = ' + b"{a = " * 3000 + b"1" + b"}" * 3000),
         f":{LINE + 4}: not valid in an event file: values nested too deep (3,000 brackets "
         "on one line)."),
        (BASE.replace("田中 優希".encode(), b"x" * 140_000),
         ":21: players[0].name: the name 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
         "xxxxx'... (140,000 characters) cannot be used: it is 140,000 characters long; shorten "
         "it to 100 or fewer."),
    ],
    ids=["5000-digit number in the log", "5000-digit number in the settings",
         "100000 nested arrays", "3000 nested inline tables", "a 140000-character name"],
)
@pytest.mark.parametrize("argv", READERS, ids=[" ".join(a) for a in READERS])
def test_readers_name_the_line_of_a_value_no_event_holds(
    tmp_path: Path, data: bytes, message: str, argv: list[str]
) -> None:
    path = tmp_path / "club.toml"
    path.write_bytes(data)
    result = runner.invoke(app, [*argv, str(path)])
    assert result.exit_code in (1, 2)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.stderr.startswith(f"error: {path}{message}")
    assert path.read_bytes() == data


HAN_10_30 = (b'kind = "hand"\nround = 5\ntable = 1\noutcome = "tsumo"\n'
             b'wins = [{ winner = "E", han = 1000000000000000000000000000000, fu = 30 }]\n'
             b"riichi = []")


def test_print_says_on_stderr_that_it_left_a_hostile_entry_out(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    path.write_bytes(_entry(HAN_10_30))
    printed = runner.invoke(app, ["print", "standings", str(path)])
    assert printed.exit_code == 0
    assert f"  {path}:{LINE}: entry x1: hand at round 5 table 1 cannot be applied" in (
        printed.stderr
    )


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("r5 t1 tsumo E 1000000ykm", "1,000,000 yakuman: a hand combines at most 6 yakuman; "
                                     "enter ykm, 2ykm ... 6ykm"),
        ("r5 t1 tsumo E 100ykm", "100 yakuman: a hand combines at most 6 yakuman"),
        ("r5 t1 tsumo E 1000000000000000000000000000000/30",
         "a 31-digit number of han: a hand is entered with at most 99 han"),
    ],
)
def test_record_refuses_absurd_hand_values(tmp_path: Path, line: str, message: str) -> None:
    path = Path(shutil.copy(SAMPLES / "club.toml", tmp_path / "club.toml"))
    result = runner.invoke(app, ["record", str(path), *line.split()])
    assert result.exit_code == 1
    assert message in result.stderr
    assert path.read_bytes() == BASE


def test_a_penalty_of_10_to_the_40_is_refused(tmp_path: Path) -> None:
    store = open_event(shutil.copy(SAMPLES / "club.toml", tmp_path / "club.toml"))
    with pytest.raises(CommandError) as caught:
        commands.add_penalty(store, "p01", 10**40, "late", entry_id="P1")
    assert str(caught.value) == (
        "log entry 'P1' (penalty): field 'amount' must be a whole number from -1,000,000 to "
        "1,000,000, got a number of about 41 digits (nothing was recorded)"
    )
    assert store.path.read_bytes() == BASE


# --- Messages (class 9) ---------------------------------------------------------------------


def test_a_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    path.write_bytes(b"\xef\xbb\xbf" + BASE)
    assert runner.invoke(app, ["check", str(path)]).exit_code == 0
    store = open_event(path)
    commands.record_line(store, "r5 t1 draw", entry_id="B1")
    assert open_event(path).log[-1]["id"] == "B1"
    assert path.read_bytes().startswith(b"\xef\xbb\xbf")


def test_a_missing_event_table_names_line_1(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    path.write_text(re.sub(r"\[event\][^\[]*", "", BASE.decode(), count=1), encoding="utf-8")
    result = runner.invoke(app, ["check", str(path)])
    assert result.stderr == (
        f"error: {path}:1: event: missing the [event] table. Fix: add an [event] table with "
        'name = "..." and format_version = 1.\n'
    )


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (HAN_10_30,
         "entry x1: hand at round 5 table 1 cannot be applied: a 31-digit number of han: a hand "
         "is entered with at most 99 han (13 and more is kazoe yakuman); count the han again"),
        (b'kind = "hand"\nround = 5\ntable = 1\noutcome = "tsumo"\n'
         b'wins = [{ winner = "E", yakuman = 100 }]\nriichi = []',
         "entry x1: hand at round 5 table 1 cannot be applied: 100 yakuman: a hand combines at "
         "most 6 yakuman; enter ykm, 2ykm ... 6ykm"),
        (b'kind = "penalty"\nplayer = "p01"\namount = ' + b"1" + b"0" * 40 + b'\nreason = "x"',
         "entry x1: log entry 'x1' (penalty): field 'amount' must be a whole number from "
         "-1,000,000 to 1,000,000, got a number of about 41 digits; skipped"),
        (b'kind = "note"\ntext = "a"\ncolour = "red"',
         "entry x1: log entry 'x1' (note): unknown field 'colour' (this kind has: round, table, "
         "text). Fix: rename the field to one of those, or remove its line; skipped"),
        (b'kind = "penalty"\nplayer = "p99"\namount = 1000\nreason = "late"',
         "entry x1: penalty for unknown player 'p99'; did you mean 'p09'? Fix: name the player "
         "by the id of their [[players]] block"),
        (b'kind = "correction"\ntarget = "nope"\nreason = "typo"',
         "entry x1: corrects 'nope', which is not in the log. Fix: give the id of the entry to "
         "correct as `mjevent replay` or the log screen shows it"),
    ],
    ids=["han 10^30", "100 yakuman", "penalty 10^40", "unknown key",
         "penalty for an unknown player", "correction of an unknown id"],
)
def test_log_entry_problems_name_the_line_and_the_fix(
    tmp_path: Path, body: bytes, message: str
) -> None:
    path, line = _check_entry(tmp_path, body)
    assert line == f"{path}:{LINE}: {message}"


@pytest.mark.parametrize(
    ("csv", "message"),
    [
        ('name,team\nAna,Lyon\n"Bo,Kyoto\nCy,Oslo\nDee,Rome\n',
         ':3: a quoted cell starts here and its closing " never comes, so every row after it '
         "would be read as part of one name. Fix: close the quote (or remove it)."),
        ("name\nAna\n" + "x" * 200_000 + "\n",
         ":3: a cell is longer than 131,072 characters; a name is at most 100. Fix: check that "
         "this is the players file."),
        ('name\nAna\n"Bo\rKim"\n',
         ":3: the name 'Bo\\\\x0dKim' cannot be used: it contains the control character \\x0d "
         "at position 3"),
        ("name\nAna\nEvil\x1b]0;title\x07\n",
         ":3: the name 'Evil\\\\x1b]0;title\\\\x07' cannot be used: it contains the control "
         "character \\x1b at position 5"),
    ],
    ids=["unclosed quote", "huge cell", "carriage return in a quoted name", "escape sequence"],
)
def test_a_bad_players_csv_is_refused_with_its_line(
    tmp_path: Path, csv: str, message: str
) -> None:
    players = tmp_path / "players.csv"
    players.write_bytes(csv.encode())
    event = tmp_path / "cup.toml"
    result = runner.invoke(app, ["new", str(event), "--name", "Cup", "--rules", "ema2016",
                                 "--players-from", str(players)])
    assert result.exit_code == 1
    assert result.stderr.startswith(f"error: {players}{message}")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["players.csv"]

"""Issue 22, imports: `seat --import`, `seating verify --import` and `seating check` read only
a regular file of a bounded size and depth, enforce the rounds limit, and never quote a file
that is not a seating file.

Before: JSON nested 50,000 deep raised RecursionError, `/dev/zero` a MemoryError, a FIFO hung,
a 5,000-round import was written (and `seating check` called a 5,000-round seating clean), and an
import of a file such as `/etc/shadow` printed its first line in the error.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from mjevent.core.seating.event_plans import plan_import
from mjevent.core.seating.event_state import SeatingError
from mjevent.core.seating.imports import FORMATS, MAX_SEATING_BYTES
from mjevent.events.commands import current_state
from mjevent.events.store import EventStore
from mjevent.tui.cli.main import app
from tests.test_cli_seating import make_event, seating_entries

runner = CliRunner()
SECRET = "root:$y$j9T$Zq0secretsecret:19700:0:99999:7:::\ndaemon:*:19700:0:99999:7:::\n"


@pytest.fixture
def event(tmp_path: Path) -> Path:
    return make_event(tmp_path / "open.toml", players=8)


def _import(event: Path, path: Path | str) -> tuple[int, str]:
    before = event.read_bytes()
    result = runner.invoke(app, ["seat", str(event), "--import", str(path), "--yes"])
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert event.read_bytes() == before  # nothing written
    return result.exit_code, " ".join(result.stderr.split())


def test_a_fifo_is_refused_without_waiting(event: Path, tmp_path: Path) -> None:
    fifo = tmp_path / "seating.txt"
    os.mkfifo(fifo)
    code, err = _import(event, fifo)
    assert code == 1
    assert err == (
        f"error: {fifo}: not a regular file (a folder, a pipe or a device); nothing was read. "
        "Fix: give the path of a seating file saved on disk."
    )


def test_dev_zero_is_refused(event: Path) -> None:
    code, err = _import(event, "/dev/zero")
    assert code == 1
    assert err == (
        "error: /dev/zero: not a regular file (a folder, a pipe or a device); nothing was "
        "read. Fix: give the path of a seating file saved on disk."
    )


def test_a_file_over_the_limit_is_refused_before_it_is_read(event: Path, tmp_path: Path) -> None:
    big = tmp_path / "big.txt"
    with open(big, "wb") as f:
        f.truncate(MAX_SEATING_BYTES + 1)
    code, err = _import(event, big)
    assert code == 1
    assert err == (
        f"error: {big}: the file is 5.0 MB; mjevent reads a seating file of at most 5.0 MB. "
        "Fix: check that this is a seating file."
    )


def test_deep_json_is_refused_with_its_line(event: Path, tmp_path: Path) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text('{"rounds":\n' + "[" * 50_000 + "]" * 50_000 + "}", "utf-8")
    code, err = _import(event, deep)
    assert code == 1
    assert err == (
        f"error: {deep}:2: nested 17 brackets deep; a JSON seating needs 3: this is not a "
        "seating file"
    )


def test_more_than_999_rounds_are_refused_at_the_1000th(event: Path, tmp_path: Path) -> None:
    many = tmp_path / "many.txt"
    many.write_text("p01 p02 p03 p04 p05 p06 p07 p08\n" * 5000, "utf-8")
    code, err = _import(event, many)
    assert code == 1
    assert err == (
        f"error: {many}:1000: round 1000: a seating holds at most 999 rounds; this file is not "
        "the seating of one event (split it, or check that it is a seating file)"
    )
    assert seating_entries(event) == []


def test_a_file_that_names_no_player_is_not_quoted(event: Path, tmp_path: Path) -> None:
    shadow = tmp_path / "shadow"
    shadow.write_text(SECRET, "utf-8")
    code, err = _import(event, shadow)
    assert code == 1
    assert err == (
        f"error: {shadow}:1: names no player of this event, so this is not a seating of it (its "
        "text is not shown); give players by id, name or number 1 to 8"
    )
    assert "secret" not in err and "daemon" not in err


def test_a_tab_separated_file_that_is_no_grid_is_not_quoted(event: Path, tmp_path: Path) -> None:
    other = tmp_path / "other.tsv"
    other.write_text("password\thunter2\n" * 8, "utf-8")
    code, err = _import(event, other)
    assert code == 1
    assert err == (
        f"error: {other}:1: no table number before this cell, so this is not a seating grid (its "
        "text is not shown); a cell is a table number, or -- for a bye"
    )


def test_a_typo_after_a_player_is_still_named(event: Path, tmp_path: Path) -> None:
    typo = tmp_path / "typo.txt"
    typo.write_text("p01 p02 p03 p04 p05 p06 p07 p99\n", "utf-8")
    _code, err = _import(event, typo)
    assert err == (
        f"error: {typo}:1: 'p99' is not a player of this event (give an id, a name or a number "
        "1 to 8)"
    )


def test_verify_import_refuses_a_fifo(event: Path, tmp_path: Path) -> None:
    fifo = tmp_path / "seating.txt"
    os.mkfifo(fifo)
    result = runner.invoke(app, ["seating", "verify", str(event), "--import", str(fifo)])
    assert result.exit_code == 1
    assert " ".join(result.stderr.split()) == (
        f"error: {fifo}: not a regular file (a folder, a pipe or a device); nothing was read. "
        "Fix: give the path of a seating file saved on disk."
    )


def _check(path: Path) -> tuple[int, str]:
    result = runner.invoke(app, ["seating", "check", str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.exit_code, " ".join(result.stderr.split())


def test_check_refuses_more_than_999_rounds(tmp_path: Path) -> None:
    path = tmp_path / "long.json"
    rnd = [[1, 2, 3, 4], [5, 6, 7, 8]]
    path.write_text(json.dumps({"players": 8, "table_size": 4, "rounds": [rnd] * 5000}))
    assert _check(path) == (
        2,
        f"error: {path}: 5000 rounds: a seating holds at most 999 (an event's rounds are "
        "numbered 1 to 999); check that this is the seating of one event",
    )
    path.write_text(json.dumps({"players": 8, "table_size": 4, "rounds": [rnd] * 999}))
    assert _check(path)[0] == 0


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (
            "[" * 50_000,
            "{p}:1: nested 17 brackets deep; a JSON seating needs 3: this is not a seating file",
        ),
        (
            '{"players": ' + "9" * 5000 + "}",
            "{p}: a number too long to be a player or a count; not a seating file",
        ),
        ("[1, 2]", "{p}: seating JSON needs integer 'players', 'table_size' and a 'rounds' list"),
    ],
    ids=["deep", "long-number", "a-list"],
)
def test_check_refuses_hostile_json(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "s.json"
    path.write_text(content, "utf-8")
    assert _check(path) == (2, "error: " + message.format(p=path))


def test_check_refuses_a_fifo_and_binary(tmp_path: Path) -> None:
    fifo = tmp_path / "s.json"
    os.mkfifo(fifo)
    assert _check(fifo) == (
        2,
        f"error: {fifo}: not a regular file (a folder, a pipe or a device); nothing was read. "
        "Fix: give the path of a seating JSON file saved on disk.",
    )
    binary = tmp_path / "b.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    assert _check(binary) == (
        2,
        f"error: {binary}: not UTF-8 text; write it with `mjevent seat --format json`",
    )


FUZZ = settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
_PIECES = st.sampled_from(
    [
        "p01",
        "p02",
        "Player 3",
        "3",
        "-",
        ",",
        " ",
        "\t",
        "\n",
        "\n\n",
        "[",
        "]",
        "{",
        "}",
        '"',
        "round,table,E,S,W,N\n",
        '{"rounds": [[[',
        "1E",
        "--",
        "ABCD",
        "#",
        "\x00",
        "\xff",
        "9" * 5000,
        "é",
        "²",
        "\ufeff",
    ]
)


@FUZZ
@given(
    data=st.one_of(
        st.binary(max_size=200),
        st.lists(_PIECES, max_size=30).map(lambda x: "".join(x).encode("utf-8", "replace")),
    ),
    fmt=st.sampled_from(FORMATS),
)
def test_any_bytes_import_or_are_refused_with_a_message(
    tmp_path: Path, data: bytes, fmt: str
) -> None:
    path = tmp_path / "fuzz.toml"
    if not path.exists():
        make_event(path, players=8)
    state = current_state(EventStore.open(path, read_only=True))
    try:
        plan = plan_import(state, data, "f.txt", fmt=fmt)
    except SeatingError as error:
        assert str(error).startswith("f.txt")
    else:
        assert 1 <= len(plan.rounds) <= 999


@FUZZ
@given(
    data=st.binary(max_size=200)
    | st.lists(_PIECES, max_size=30).map(lambda x: "".join(x).encode("utf-8", "replace"))
)
def test_any_bytes_checked_exit_with_a_message(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "fuzz.json"
    path.write_bytes(data)
    result = runner.invoke(app, ["seating", "check", str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code in (0, 1, 2)

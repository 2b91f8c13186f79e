"""Names reach the terminal only through `safe_text`: a pasted escape sequence is shown, not run.

Commands refuse such names (`add_player`, `rename_player`, the settings); a file edited by hand
or written by an older mjevent can still hold one, so every printer shows it spelled out.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mjevent.core.text import markdown_text
from mjevent.events import commands, open_event
from mjevent.events.commands import CommandError
from mjevent.tui.cli.main import app

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
HOSTILE = "Evil\x1b]0;pwned\x07\x1b[2J\x7f\x9b"
SHOWN = "Evil\\x1b]0;pwned\\x07\\x1b[2J\\x7f\\x9b"
runner = CliRunner()


@pytest.fixture()
def club(tmp_path: Path) -> Path:
    path = Path(shutil.copy(SAMPLES / "club.toml", tmp_path / "club.toml"))
    # Written past the commands, as a hand edit would.
    open_event(path).append({"id": "R1", "at": "2026-03-14T16:00:00+00:00",
                             "kind": "player_renamed", "player": "p01", "name": HOSTILE})
    return path


@pytest.mark.parametrize(
    "argv",
    [
        ["print", "standings"],
        ["print", "standings", "--format", "md"],
        ["print", "standings", "--format", "csv"],
        ["print", "standings", "--format", "html"],
        ["print", "player", "{file}", "p01"],
        ["replay"],
        ["export", "--format", "csv"],
    ],
)
def test_printers_spell_out_control_characters_in_names(club: Path, argv: list[str]) -> None:
    args = [a.replace("{file}", str(club)) for a in argv]
    if "{file}" not in argv:
        args.append(str(club))
    result = runner.invoke(app, args)
    # replay reports the bad name as a problem of its entry (exit 1), the printers print.
    assert result.exit_code == (1 if argv == ["replay"] else 0), result.output
    # Markdown escapes its own syntax too (the backslashes): rendered, it reads as SHOWN.
    assert (markdown_text(HOSTILE) if "md" in argv else SHOWN) in result.stdout
    assert not any(c in result.output for c in "\x1b\x07\x7f\x9b")


def test_rename_refuses_a_name_with_an_escape_sequence(club: Path) -> None:
    store = open_event(club)
    before = club.read_bytes()
    with pytest.raises(CommandError) as caught:
        commands.rename_player(store, "p02", "Kim\x1b[2J")
    assert str(caught.value) == (
        "name 'Kim\\\\x1b[2J' cannot be used: it contains the control character \\x1b at "
        "position 4 (a terminal escape, a line break or a tab pasted with it?); remove it "
        "(nothing was recorded)"
    )
    assert club.read_bytes() == before

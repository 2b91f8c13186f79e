"""The seating screen (F5), its dialogs and `mjevent player` in Japanese: exact text, a snapshot,
and leak tests (no English word on what these areas draw)."""

# ruff: noqa: RUF001, RUF002 (Japanese writes its own full-width brackets and marks)

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from typer.testing import CliRunner

from mjevent.events.commands import current_state
from mjevent.events.store import EventStore
from mjevent.tui.cli.main import app as cli
from tests.i18n_helpers import english_words, japanese
from tests.tui.conftest import copy_sample, make_app
from tests.tui.screens_helpers import lines, open_mode, press, text, type_text
from tests.tui.test_screens_snapshots import _opening
from tests.tui.test_seating_plans import box

SnapCompare = Callable[..., bool]

def latin_allowed(club: Path) -> set[str]:
    """Latin words that are rightly Latin on these screens: the players' names, the event's
    name (the draw text), and the words typed or named as they are in every language (the
    import formats, the ranked / swiss style typed, the TOML table [[standings.stages]] and
    its doc, seed 003 (the wind rule's name), sha256, the keys ctrl and esc)."""
    state = current_state(EventStore.open(club))
    words = {w for p in state.players for w in re.findall(r"[A-Za-z]+", state.name(p))}
    words |= set(re.findall(r"[A-Za-z]+", state.settings.event.name))
    return words | {"auto", "ranked", "swiss", "standings", "stages", "docs", "seed", "sha",
                    "ctrl", "esc"}


async def test_the_seating_screen_speaks_japanese(club: Path) -> None:
    with japanese():
        app = make_app(club)
        async with app.run_test(size=(80, 24)) as pilot:
            await open_mode(pilot, "f5")
            shown = lines(app)
    assert shown[:7] == [
        " 4回戦: 4卓、0卓終了（現在の回戦）",
        " ╭─ 1卓 ─────────────────╮ ╭─ 2卓 ─────────────────╮ ╭─ 3卓 ──────────────────╮",
        " │ 東 Nguyễn Thị Mai     │ │ 東 Pieter de Vries    │ │ 東 Aoife Ní Bhriain    │",
        " │ 南 佐々木 蓮          │ │ 南 Lars Øvergaard     │ │ 南 田中 優希           │",
        " │ 西 Mateusz Wiśniewski │ │ 西 王 芳              │ │ 西 Sophie Müller       │",
        " │ 北 João Gonçalves     │ │ 北 Sanna Järvinen     │ │ 北 김서연              │",
        " ╰────────────── 未開始 ─╯ ╰────────────── 未開始 ─╯ ╰─────────────── 未開始 ─╯",
    ]
    assert shown[18:23] == [
        " 1〜4回戦: 4回戦中4回戦で再戦なし",
        " 再戦の組: 0（余分な対戦 0）",
        " 一度も対戦していない組: 24",
        " 風（4回戦終了時）: 全員が各風に均等に座っています。最大差 0",
        " 3回戦以内の同じ卓番号: 12（最初: João Gonçalves、1卓、2回戦）",
    ]


async def test_no_english_word_on_the_seating_screen_or_its_dialogs(club: Path) -> None:
    allowed = latin_allowed(club)
    seen: dict[str, list[str]] = {}
    with japanese():
        app = make_app(club)
        async with app.run_test(size=(80, 24)) as pilot:
            await open_mode(pilot, "f5")
            # The screen less its footer (its last key, ^p Palette, is the app's own).
            seen["screen"] = lines(app)[:-1]
            await press(pilot, "left_square_bracket")
            seen["round 3"] = lines(app)[:-1]
            for key in "glisrknw":
                await press(pilot, key)
                if key == "s":
                    await press(pilot, "tab")
                    await type_text(pilot, "p01")
                    await press(pilot, "tab")
                    await type_text(pilot, "Emma Johansson")
                    await press(pilot, "ctrl+s")
                if key == "w":
                    await press(pilot, "tab", "tab")
                    await type_text(pilot, "p01")
                    await press(pilot, "ctrl+s")
                seen[key] = box(text(app))
                await press(pilot, "escape")
            # The wrong-winds preview of a table with hands (round 3 table 1, East and South
            # the other way round)
            await press(pilot, "w", "tab", "tab")
            await type_text(pilot, "p14 p01 p07 p06")
            await press(pilot, "ctrl+s")
            seen["w, a table with hands"] = box(text(app))
            await press(pilot, "escape")
    leaks = {name: english_words("\n".join(shown), allowed) for name, shown in seen.items()}
    assert leaks == {name: [] for name in seen}
    # A few exact lines: the wrong-winds refusal and the re-seat's plan.
    assert seen["w"][-3:-1] == [
        "できません: 3回戦1卓の選手は p01 p14 p07 p06",
        "です。同じ選手を実際に座った順（東 南 西 北）に指定してください",
    ]
    # 10 hands re-applied under the real seats; the points still add up to 120,000
    assert seen["w, a table with hands"][6:-1] == [
        "3回戦1卓: 予定 東 田中 優希、南 Javier Sánchez、西 João Gonçalves、北 王",
        "芳",
        "実際: 東 Javier Sánchez、南 田中 優希、西 João Gonçalves、北 王 芳",
        "10局を実際の席で付け直します。何も削除されません",
        "現在の点数: 田中 優希 40,600、Javier Sánchez 30,900、João Gonçalves",
        "30,300、王 芳 18,200",
        "変更後: Javier Sánchez 30,300、田中 優希 40,400、João Gonçalves",
        "29,500、王 芳 19,800",
    ]
    assert seen["r"][5:7] == [
        "4〜5回戦の席順（再配席）: 1回戦4卓。抽選文字列 'Leiden Riichi Spring",
        "Open 2026'",
    ]


def test_mjevent_player_speaks_japanese(club: Path) -> None:
    runner = CliRunner()
    out = runner.invoke(cli, ["--lang", "ja", "player", str(club), "withdraw", "p03"])
    absent = runner.invoke(cli, ["--lang", "ja", "player", str(club), "absent", "p05"])
    shown = runner.invoke(cli, ["--lang", "ja", "player", "--help"])
    assert (out.exit_code, absent.exit_code, shown.exit_code) == (0, 0, 0), out.output
    # (the two "still seated" lines are core/seating/event_state.py's, wt/i18n-seating's words)
    assert out.stdout.splitlines() == [
        "김서연 (p03) は4回戦から棄権です。これまでの結果は残ります",
        "席順: 김서연（p03）は棄権しましたが、まだ第4回戦 3卓に着席しています",
        "席順: 김서연（p03）は棄権しましたが、まだ第5回戦 1卓に着席しています",
        f"未対局の回戦を再配席してください: mjevent seat {club} --from-round 4",
    ]
    assert absent.stdout.splitlines() == [
        "Chloé Lefèvre (p05) は4回戦を欠席にしました",
        f"席順: Chloé Lefèvre (p05) は4回戦4卓に配席されています。代走を立てる（mjevent player "
        f"{club} substitute p05 NAME --round 4）か、棄権にして再配席してください（mjevent seat "
        f"{club} --from-round 4）",
    ]
    assert shown.stdout.splitlines()[2] == (
        "  選手の追加、棄権、復帰、1半荘の代走、欠席・出席の記録を行います。"
    )
    # Latin only for names, the file's path, and the command line itself (its commands,
    # options, actions and metavars, and click's [required]).
    typed = {"mjevent", "seat", "from", "round", "player", "substitute", "NAME", "OPTIONS",
             "file", "action", "name", "other", "str", "list", "int", "add", "withdraw",
             "return", "absent", "present", "team", "rating", "reason", "help", "required",
             "during", "before", "game", "TOML"}
    allowed = latin_allowed(club) | set(re.findall(r"[A-Za-z]+", str(club))) | typed
    text_out = out.stdout + absent.stdout + shown.stdout
    assert english_words(text_out, allowed) == []


def test_japanese_seating_snapshot(snap_compare: SnapCompare, tmp_path: Path) -> None:
    """F5 in Japanese on the club at 80x24: round 4's cards with 東南西北 and the players'
    names, 未開始 under each, the title 4回戦: 4卓、0卓終了（現在の回戦）, the checker's
    summary in Japanese, and the seating keys in the footer (前の回戦, 次の回戦, 現在, 生成 ...)."""
    app = make_app(copy_sample(tmp_path, "club.toml"))
    with japanese():
        assert snap_compare(app, terminal_size=(80, 24), run_before=_opening("f5"))

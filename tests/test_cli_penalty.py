"""`mjevent penalty FILE late|sheet|points NAME ...` through CliRunner: EMA Riichi Rules 2025
§7.2 (lateness) and §7.5 (score sheets) written as `penalty` entries with exact amounts."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mjevent.events.store import EventStore
from mjevent.tui.cli.main import app

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
runner = CliRunner()


def club(tmp_path: Path, preset: str) -> Path:
    path = tmp_path / "club.toml"
    shutil.copy(SAMPLES / "club.toml", path)
    text = path.read_text(encoding="utf-8").replace('preset = "ema2016"', f'preset = "{preset}"', 1)
    path.write_text(text, encoding="utf-8")
    return path


def penalties(path: Path) -> list[dict[str, object]]:
    return [
        {k: v for k, v in r.items() if k not in ("id", "at")}
        for r in EventStore.open(path).log
        if r["kind"] == "penalty"
    ]


@pytest.fixture
def ema2025(tmp_path: Path) -> Path:
    return club(tmp_path, "ema2025")


def test_ema2025_7_2_late_3_20_costs_4000(ema2025: Path) -> None:
    """§7.2: 1,000 per started minute: 3:20 late is 4 started minutes."""
    out = runner.invoke(app, ["penalty", str(ema2025), "late", "p01", "3:20", "--by", "Ref"])
    assert out.exit_code == 0, out.output
    assert out.stdout.splitlines() == [
        "round 4: 田中 優希 (p01) -4,000 (late 3:20 (4 started minutes x 1,000))"
    ]
    assert penalties(ema2025)[-1] == {
        "kind": "penalty",
        "player": "p01",
        "amount": 4000,
        "reason": "late 3:20 (4 started minutes x 1,000)",
        "entered_by": "Ref",
        "round": 4,
    }


def test_ema2025_7_2_ten_minutes_is_the_most_and_costs_10000(ema2025: Path) -> None:
    out = runner.invoke(app, ["penalty", str(ema2025), "late", "p02", "10", "--round", "3"])
    assert out.exit_code == 0, out.output
    assert penalties(ema2025)[-1]["amount"] == 10000
    assert penalties(ema2025)[-1]["round"] == 3


def test_ema2025_7_2_past_ten_minutes_is_refused_a_substitute_takes_the_seat(
    ema2025: Path,
) -> None:
    before = penalties(ema2025)
    out = runner.invoke(app, ["penalty", str(ema2025), "late", "p02", "10:01"])
    assert out.exit_code == 1
    assert out.stderr.splitlines() == [
        "error: 10:01 late is past the 10 minutes rule set 'ema2025' allows "
        "(late_limit_minutes): a substitute takes the seat",
        f"seat a substitute: mjevent player {ema2025} substitute p02 NAME --round 4",
    ]
    assert penalties(ema2025) == before


def test_ema2025_7_5_score_sheet_costs_2000(ema2025: Path) -> None:
    """§7.5: a score-sheet penalty is 2,000 points."""
    out = runner.invoke(app, ["penalty", str(ema2025), "sheet", "p03", "not", "signed"])
    assert out.exit_code == 0, out.output
    assert penalties(ema2025)[-1] == {
        "kind": "penalty",
        "player": "p03",
        "amount": 2000,
        "reason": "score sheet: not signed",
        "entered_by": "",
        "round": 4,
    }


def test_points_takes_the_amount_given(ema2025: Path) -> None:
    out = runner.invoke(app, ["penalty", str(ema2025), "points", "p03", "5,000", "phone", "use"])
    assert out.exit_code == 0, out.output
    assert penalties(ema2025)[-1]["amount"] == 5000
    assert penalties(ema2025)[-1]["reason"] == "phone use"


def test_a_retry_with_the_same_id_records_once(ema2025: Path) -> None:
    args = ["penalty", str(ema2025), "sheet", "p03", "--id", "pen-1"]
    assert runner.invoke(app, args).exit_code == 0
    again = runner.invoke(app, args)
    assert again.exit_code == 0
    assert again.stdout.strip() == "entry pen-1 is already recorded; nothing was added"
    assert sum(1 for r in EventStore.open(ema2025).log if r["id"] == "pen-1") == 1


def test_ema2016_has_no_lateness_or_sheet_kind_and_says_so(tmp_path: Path) -> None:
    path = club(tmp_path, "ema2016")
    before = penalties(path)
    late = runner.invoke(app, ["penalty", str(path), "late", "p01", "3"])
    assert late.exit_code == 1
    assert late.stderr.startswith(
        "error: rule set 'ema2016' has no lateness penalty (late_penalty_per_minute = 0)"
    )
    sheet = runner.invoke(app, ["penalty", str(path), "sheet", "p01"])
    assert sheet.exit_code == 1
    assert "has no score-sheet penalty" in sheet.stderr
    assert penalties(path) == before


def test_bad_kind_and_bad_minutes_exit_2_or_1_with_the_fix(ema2025: Path) -> None:
    kind = runner.invoke(app, ["penalty", str(ema2025), "noise", "p01"])
    assert kind.exit_code == 2
    assert "unknown penalty kind 'noise': use one of late, sheet, points" in kind.stderr
    minutes = runner.invoke(app, ["penalty", str(ema2025), "late", "p01", "ten"])
    assert minutes.exit_code == 1
    assert "'ten' is not a lateness: give minutes (4) or minutes and seconds (3:20)" in (
        minutes.stderr
    )

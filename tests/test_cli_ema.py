"""`mjevent ema check`, `mjevent print report` and `mjevent export --format ema` (CSV and .xlsx)
on a small MERS event worked out by hand.

Four players, EMA 2016, one day of 4 sessions (two recorded), 1 referee:

- Round 1 (p1 p2 p3 p4): 45000 30000 30000 15000: p1 +30.0, p2 and p3 share 2nd (0.0), p4 -30.0.
- Round 2 (p2 p3 p4 p1): 40000 35000 25000 20000: p2 +25.0, p3 +10.0, p4 -10.0, p1 -25.0.

Totals: Sophie (p2) +25.0, p3 +10.0, Anna (p1) +5.0, Lars (p4) -40.0.
MERS weight: 1 (one day) + 0 (4 players) + 0 (4 countries) + 0 = 1.
Base ranks of 4 players: 1000 x (4 - p) / 3 cut: 1000, 666, 333, 0.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook
from typer.testing import CliRunner

from mjevent.events import commands
from mjevent.events.store import EventStore
from mjevent.tui.cli.main import app

runner = CliRunner()

EMA = {
    "days": 1,
    "sessions": [4],
    "referees": 1,
    "city": "Utrecht",
    "country": "NLD",
    "observer": "Tina Christensen",
}


def _event(tmp_path: Path, ema: dict[str, Any] | None = EMA, p3: str = "=HYPERLINK(1)") -> Path:
    path = tmp_path / "cup.toml"
    data: dict[str, Any] = {
        "event": {"name": "Cup", "format_version": 1, "venue": "Hall", "date": "2026-03-14"},
        "rules": {"preset": "ema2016"},
        "players": [
            {"id": "p1", "name": "Anna de Vries", "ema_id": "08010001", "country": "NLD"},
            {
                "id": "p2",
                "name": "Sophie Müller",
                "ema_id": "05020002",
                "country": "DEU",
                "family_name": "Müller",
                "given_name": "Sophie",
            },
            {"id": "p3", "name": p3, "country": "FRA"},
            {"id": "p4", "name": "Lars Øvergaard", "ema_id": "03040004", "country": "DNK"},
        ],
    }
    if ema is not None:
        data["ema"] = ema
    store = EventStore.create(path, data)
    at = "2026-03-14T10:00:00Z"
    commands.set_seating(
        store, 1, [[["p1", "p2", "p3", "p4"]], [["p2", "p3", "p4", "p1"]]], entry_id="s1", at=at
    )
    commands.record_final(store, 1, 1, [45000, 30000, 30000, 15000], entry_id="g1", at=at)
    commands.record_final(store, 2, 1, [40000, 35000, 25000, 20000], entry_id="g2", at=at)
    return path


CHECK = """\
Cup: EMA pre-flight
Requirements: ERGMT, the EMA requirements and guidelines for MERS tournaments; a threshold \
marked unconfirmed was not checked against its text (docs/export.md).

met     sessions for the event's days: 4 sessions (4)
        ERGMT: at least 4 sessions for 1 day(s) (unconfirmed)
met     session length: 90 minutes
        ERGMT: sessions of at least 90 minutes (unconfirmed)
met     sessions a day: at most 4 on a day
        ERGMT: at most 5 sessions a day (unconfirmed)
met     breaks between sessions: 15 minutes
        ERGMT: breaks of at least 10 minutes (unconfirmed)
met     players from EMA countries: 4 of 4
        ERGMT: more than half of the players from EMA member countries (unconfirmed)
met     referees for the player count: 1 referee(s)
        ERGMT: one referee per 32 players, at least 1 here (unconfirmed)
met     substitutes to be ranked: no substitute played
        ERGMT: say whether substitutes are to be ranked; at most 3 count (the limit: EMA, \
Basics for ranking system (mahjong-europe.org/ranking/Basicsranking.html; General Assembly 25 \
May 2017, from 1 January 2018))

MERS weight: 1 = 1 (1 day(s)) + 0 (4 players) + 0 (4 countries) + 0 (qualification: no)
  source: EMA, Basics for ranking system (mahjong-europe.org/ranking/Basicsranking.html; \
General Assembly 25 May 2017, from 1 January 2018)

Base ranks (4 participants; ties share the position's base rank, unconfirmed):
  source: EMA ranking pages (mahjong-europe.org: base rank = 1000 x (players - position) / \
(players - 1); 75th of 100 gets 252)
      1  05020002  1000  Sophie Müller
      2  -          666  =HYPERLINK(1)
      3  08010001   333  Anna de Vries
      4  03040004     0  Lars Øvergaard

Every requirement met.
"""


def test_a_small_mers_event_passes_the_check(tmp_path: Path) -> None:
    result = runner.invoke(app, ["ema", "check", str(_event(tmp_path))])
    assert result.exit_code == 0, result.output
    assert result.stdout == CHECK


@pytest.mark.parametrize(
    ("change", "line"),
    [
        ({"sessions": [3]}, "NOT MET sessions for the event's days: 3 sessions (3)"),
        ({"session_minutes": 60}, "NOT MET session length: 60 minutes"),
        ({"days": 2, "sessions": [6, 1]}, "NOT MET sessions a day: at most 6 on a day"),
        ({"break_minutes": 5}, "NOT MET breaks between sessions: 5 minutes"),
        ({"referees": 0}, "NOT MET referees for the player count: 0 referee(s)"),
    ],
)
def test_a_requirement_not_met_exits_1(tmp_path: Path, change: dict[str, Any], line: str) -> None:
    result = runner.invoke(app, ["ema", "check", str(_event(tmp_path, {**EMA, **change}))])
    assert result.exit_code == 1, result.output
    assert line in result.stdout.splitlines()
    assert result.stdout.endswith("\n1 requirement(s) not met.\n")


def test_players_from_outside_the_ema_fail_the_country_requirement(tmp_path: Path) -> None:
    path = _event(tmp_path)
    text = path.read_text(encoding="utf-8")
    for code in ('country = "FRA"', 'country = "DNK"', 'country = "DEU"'):
        text = text.replace(code, "")
    path.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["ema", "check", str(path)])
    assert result.exit_code == 1, result.output
    assert "NOT MET players from EMA countries: 1 of 4" in result.stdout.splitlines()


def test_a_substitute_needs_rank_substitutes_said(tmp_path: Path) -> None:
    path = tmp_path / "subs.toml"
    store = EventStore.create(
        path,
        {
            "event": {"name": "Cup", "format_version": 1},
            "rules": {"preset": "ema2016"},
            "players": [
                *({"id": f"p{n}", "name": f"Player {n}", "country": "NLD"} for n in range(1, 5)),
                {"id": "s1", "name": "Reserve", "status": "substitute", "country": "BEL"},
            ],
            "ema": {"days": 1, "sessions": [4], "referees": 1},
        },
    )
    at = "2026-03-14T10:00:00Z"
    commands.set_seating(store, 1, [[["p1", "p2", "p3", "p4"]]], entry_id="s", at=at)
    commands.substitute_player(store, 1, 1, "p4", "s1", entry_id="sub", at=at)
    commands.record_final(store, 1, 1, [40000, 30000, 30000, 20000], entry_id="g", at=at)
    result = runner.invoke(app, ["ema", "check", str(path)])
    assert result.exit_code == 1, result.output
    assert (
        "NOT MET substitutes to be ranked: 1 substitute(s) played; [ema] rank_substitutes is "
        "not set" in result.stdout.splitlines()
    )


def test_without_an_ema_table_the_check_says_how_to_add_one(tmp_path: Path) -> None:
    path = _event(tmp_path, ema=None)
    result = runner.invoke(app, ["ema", "check", str(path)])
    assert result.exit_code == 1
    assert result.stderr == (
        f"error: {path}: no [ema] table. Fix: add one with days, sessions and referees "
        "(docs/event-file.md, The [ema] table).\n"
    )


def test_a_bad_country_in_the_file_names_its_line(tmp_path: Path) -> None:
    path = _event(tmp_path)
    path.write_text(
        path.read_text(encoding="utf-8").replace('country = "DNK"', 'country = "DEN"'),
        encoding="utf-8",
    )
    result = runner.invoke(app, ["ema", "check", str(path)])
    assert result.exit_code == 2
    line = next(
        n
        for n, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if 'country = "DEN"' in text
    )
    assert result.stderr.startswith(
        f"error: {path}:{line}: players[3].country: 'DEN' is not an EMA member country code."
    )


REPORT = """\
Cup: EMA observer report

What                           Value
-----------------------------  ---------------------------------------------------
EMA observer                   Tina Christensen
Tournament                     Cup
Location                       Hall, Utrecht, NLD
Dates                          2026-03-14
Rules                          ema2016
MERS weight                    1 (days 1, players 0, countries 0, qualification 0)
Days                           1
Sessions                       4 (4)
Session length                 90 minutes
Breaks                         15 minutes
Rounds played                  2
Players                        4
Substitutes                    0
Countries                      4: DEU 1, DNK 1, FRA 1, NLD 1
Players without a country      0
Players without an EMA number  1
Referees                       1
"""


def test_print_report_lists_the_observer_facts(tmp_path: Path) -> None:
    path = _event(tmp_path)
    result = runner.invoke(app, ["print", "report", str(path)])
    assert result.exit_code == 0, result.output
    assert result.stdout == REPORT
    md = runner.invoke(app, ["print", "report", str(path), "--format", "md"]).stdout
    assert md.splitlines()[:4] == [
        "## Cup: EMA observer report",
        "",
        "| What | Value |",
        "| :--- | :--- |",
    ]
    assert "| Countries | 4: DEU 1, DNK 1, FRA 1, NLD 1 |" in md.splitlines()
    page = runner.invoke(app, ["print", "report", str(path), "--format", "html"]).stdout
    assert '<tr><td dir="auto">Referees</td><td dir="auto">1</td></tr>' in page
    assert "<title>Cup: EMA observer report</title>" in page


EMA_CSV = [
    "Position,First name,Last name,EMA number,Table points,Score,EMA member,Country",
    "1,Sophie,Müller,05020002,,25000,1,DEU",
    "2,,'=HYPERLINK(1),,,10000,0,FRA",  # a formula goes out neutralised (docs/security.md)
    "3,Anna,de Vries,08010001,,5000,1,NLD",
    "4,Lars,Øvergaard,03040004,,-40000,1,DNK",
]


def test_export_ema_csv_carries_ema_id_and_country(tmp_path: Path) -> None:
    result = runner.invoke(app, ["export", str(_event(tmp_path)), "--format", "ema"])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == EMA_CSV


def test_export_ema_xlsx_reads_back_with_openpyxl(tmp_path: Path) -> None:
    out = tmp_path / "results.xlsx"
    result = runner.invoke(
        app, ["export", str(_event(tmp_path)), "--format", "ema", "--output", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines()[-1] == f"wrote {out}"
    sheet = load_workbook(out).active
    assert sheet is not None
    assert sheet.title == "Results"
    rows = [list(r) for r in sheet.iter_rows(values_only=True)]
    assert rows == [
        [
            "Tournament",
            "Players",
            "Position",
            "First name",
            "Last name",
            "EMA number",
            "Table points",
            "Score",
            "EMA member",
            "Country",
            None,
            "Country",
            "City",
            "MERS",
            None,
            "Rules",
            "Dates",
            "Days",
        ],
        [None, None, 1, "Sophie", "Müller", "05020002", None, 25000, 1, "DEU", *[None] * 8],
        [
            "Cup",
            4,
            2,
            None,
            "=HYPERLINK(1)",
            None,
            None,
            10000,
            0,
            "FRA",
            None,
            "NLD",
            "Utrecht",
            1,
            None,
            "riichi",
            "2026-03-14",
            1,
        ],
        [None, None, 3, "Anna", "de Vries", "08010001", None, 5000, 1, "NLD", *[None] * 8],
        [None, None, 4, "Lars", "Øvergaard", "03040004", None, -40000, 1, "DNK", *[None] * 8],
    ]
    # A name that looks like a formula is written as text, never as a formula.
    assert sheet["E3"].data_type == "s"


def test_players_csv_takes_ema_id_and_country_and_names_a_bad_line(tmp_path: Path) -> None:
    players = tmp_path / "players.csv"
    players.write_text(
        "name,ema_id,country\nAnna de Vries,08010001,NLD\nLars Øvergaard,03040004,DNK\n",
        encoding="utf-8",
    )
    event = tmp_path / "cup.toml"
    result = runner.invoke(
        app,
        ["new", str(event), "--name", "Cup", "--rules", "ema2016", "--players-from", str(players)],
    )
    assert result.exit_code == 0, result.output
    ema = [(p.ema_id, p.country) for p in EventStore.open(event).event.players]
    assert ema == [("08010001", "NLD"), ("03040004", "DNK")]
    players.write_text("name,ema_id,country\nAnna,08010001,NLD\nLars,3040004,DNK\n", "utf-8")
    result = runner.invoke(
        app,
        [
            "new",
            str(tmp_path / "b.toml"),
            "--name",
            "Cup",
            "--rules",
            "ema2016",
            "--players-from",
            str(players),
        ],
    )
    assert result.exit_code != 0
    assert (
        f"{players}:3: an EMA number has 8 digits (e.g. 04120001), got 7. Fix: correct that row "
        "of the file (docs/export.md lists the EMA member country codes)."
    ) in result.stderr


def test_an_event_not_applying_for_mers_is_checked_for_information(tmp_path: Path) -> None:
    path = _event(tmp_path, {**EMA, "referees": 0, "mers": False})
    result = runner.invoke(app, ["ema", "check", str(path)])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert "NOT MET referees for the player count: 0 referee(s)" in lines
    assert lines[-1] == (
        "The event does not apply for MERS ([ema] mers = false): for information only."
    )


def test_the_per_game_table_is_not_written_as_a_workbook(tmp_path: Path) -> None:
    out = tmp_path / "games.xlsx"
    result = runner.invoke(
        app, ["export", str(_event(tmp_path)), "--format", "csv", "-o", str(out)]
    )
    assert result.exit_code == 1
    assert result.stderr == (
        f"error: {out}: --format csv writes CSV only. Fix: name the output .csv, or use "
        "--format ema for the workbook.\n"
    )
    assert not out.exists()

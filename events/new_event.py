"""Creating an event file: what `mjevent new` and the console's "new event" form both do.

`create_event` writes a new event file (never replacing one) from a name, a rules preset and the
options of `mjevent new`; `NewEventError` names the option or file and the fix, and nothing is
written. Players can come from a text file (one name a line; blank lines and `#` comments
skipped) or a CSV file with a header row: `name` (required), and any of `id`, `team`, `rating`,
`status`. Players get the ids `p01`, `p02` ... in file order unless the CSV gives them; each
distinct team name becomes a team `t1`, `t2` ... in order of first appearance.
"""

from __future__ import annotations

import csv
import datetime as dt
import difflib
import io
import math
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from mjevent.core.ema import country_problem, ema_number_problem
from mjevent.core.i18n import _
from mjevent.core.player_ids import new_player_id
from mjevent.core.presets import preset
from mjevent.core.rules import RulesError
from mjevent.core.settings import FORMAT_VERSION, EventFormat
from mjevent.core.text import name_problem, quoted_name, spreadsheet_value
from mjevent.events.errors import EventFileError
from mjevent.events.files import FileRefusedError, read_regular
from mjevent.events.store import EventStore
from mjevent.events.values import SetOptionError, parse_set

__all__ = [
    "MAX_PLAYERS_BYTES",
    "NewEventError",
    "PlayersFileError",
    "create_event",
    "named_players",
    "players_from_file",
]

_COLUMNS = (
    "name", "id", "team", "rating", "status", "family_name", "given_name", "name_order", "ema_id",
    "country",
)


class PlayersFileError(ValueError):
    """A players file that cannot be read; the message names the file, the line and the fix."""


def players_from_file(path: Path) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The `[[players]]` and `[[teams]]` rows for the players listed in `path` (.txt or .csv).

    >>> import tempfile
    >>> f = Path(tempfile.mkdtemp()) / "players.csv"
    >>> _ = f.write_text("name,team,rating\\n田中 裕子,Kyoto,1520\\nZoë Ång,Lyon,\\n", "utf-8")
    >>> players, teams = players_from_file(f)
    >>> players[0], teams[1]
    ({'id': 'p1', 'name': '田中 裕子', 'team': 't1', 'rating': 1520}, {'id': 't2', 'name': 'Lyon'})
    """
    try:
        # utf-8-sig: spreadsheets often start a CSV with a byte-order mark. Bytes, not
        # read_text: a carriage return inside a quoted cell must reach the name check as it is.
        text = read_regular(path, limit=MAX_PLAYERS_BYTES, what=_("a players file")).decode(
            "utf-8-sig"
        )
    except FileRefusedError as error:
        raise PlayersFileError(str(error)) from None
    except FileNotFoundError:
        raise PlayersFileError(
            _(
                "{path}: no such players file. Fix: check the name, or leave out --players-from "
                "and add players later."
            ).format(path=path)
        ) from None
    except UnicodeDecodeError:
        raise PlayersFileError(
            _("{path}: not UTF-8 text. Fix: save it as UTF-8 (in a spreadsheet: CSV UTF-8).")
            .format(path=path)
        ) from None
    if path.suffix.lower() == ".csv":
        rows = _csv_rows(path, text)
    else:
        rows = [
            (n, {"name": line.strip()})
            for n, line in enumerate(text.splitlines(), 1)
            if line.strip() and not line.lstrip().startswith("#")
        ]
    if not rows:
        raise PlayersFileError(
            _(
                "{path}: no players found. Fix: list one player a line (or a CSV with a name "
                "column)."
            ).format(path=path)
        )
    width = len(str(len(rows)))
    teams: dict[str, str] = {}
    players: list[dict[str, Any]] = []
    first_line: dict[str, int] = {}
    for index, (line, row) in enumerate(rows, 1):
        folded = row["name"].casefold()
        if folded in first_line:
            raise PlayersFileError(
                _(
                    "{path}:{line}: the name {name} is already on line {other}; two players "
                    "with one name cannot be told apart. Fix: add what tells them apart (an "
                    "initial, a club), or delete the repeated row."
                ).format(path=path, line=line, name=quoted_name(row["name"]),
                         other=first_line[folded])
            )
        first_line[folded] = line
        problem = name_problem(row["name"])
        if problem is not None:
            raise PlayersFileError(
                _(
                    "{path}:{line}: the name {name} cannot be used: {problem}. "
                    "Fix: correct that row of the file."
                ).format(path=path, line=line, name=quoted_name(row["name"]), problem=problem)
            )
        player: dict[str, Any] = {"id": row.get("id") or f"p{index:0{width}d}", "name": row["name"]}
        team = row.get("team")
        if team:
            player["team"] = teams.setdefault(team, f"t{len(teams) + 1}")
        rating = row.get("rating")
        if rating:
            player["rating"] = _number(path, line, rating)
        if row.get("status"):
            player["status"] = row["status"]
        # Checked with the rest of the file by the event loader, which names the player.
        for key in ("family_name", "given_name", "name_order", "ema_id", "country"):
            if row.get(key):
                player[key] = row[key]
        _check_ema_fields(path, line, player)
        players.append(player)
    return players, [{"id": tid, "name": name} for name, tid in teams.items()]


def _check_ema_fields(path: Path, line: int, player: dict[str, Any]) -> None:
    """A bad EMA number or country in the players file, named by its line (the event loader
    checks them again, but names the `[[players]]` block, not the line of the CSV)."""
    problems = []
    if "ema_id" in player:
        problems.append(ema_number_problem(player["ema_id"]))
    if "country" in player:
        problems.append(country_problem(player["country"]))
    for problem in problems:
        if problem is not None:
            raise PlayersFileError(
                _(
                    "{path}:{line}: {problem}. Fix: correct that row of the file "
                    "(docs/export.md lists the EMA member country codes)."
                ).format(path=path, line=line, problem=problem)
            )


def _csv_records(path: Path, text: str) -> Iterator[tuple[int, list[str]]]:
    """Each CSV row with the line it starts on; a malformed file is a `PlayersFileError`."""
    # strict: an unclosed quote is an error, not a name that swallows every row after it.
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    while True:
        start = reader.line_num + 1
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as error:
            if "end of data" in str(error):
                why = _(
                    'a quoted cell starts here and its closing " never comes, so every row '
                    'after it would be read as part of one name. Fix: close the quote (or '
                    'remove it).'
                )
            elif "field larger" in str(error):
                why = _(
                    "a cell is longer than {limit:,} characters; a name is "
                    "at most 100. Fix: check that this is the players file."
                ).format(limit=csv.field_size_limit())
            else:
                why = _(
                    "not valid CSV ({error}). Fix: save it from a spreadsheet as CSV UTF-8."
                ).format(error=error)
            raise PlayersFileError(f"{path}:{start}: {why}") from None
        yield start, row


def _csv_rows(path: Path, text: str) -> list[tuple[int, dict[str, str]]]:
    reader = _csv_records(path, text)
    header = [h.strip().lower() for h in next(reader, (1, []))[1]]
    for column in header:
        if column not in _COLUMNS:
            close = difflib.get_close_matches(column, _COLUMNS, n=1, cutoff=0.6)
            message = (
                _(
                    "{path}:1: unknown column {column!r}; did you mean {close!r}? "
                    "Fix: name the columns from {columns} (name is required)."
                )
                if close
                else _(
                    "{path}:1: unknown column {column!r} "
                    "Fix: name the columns from {columns} (name is required)."
                )
            )
            raise PlayersFileError(
                message.format(path=path, column=column, close=close[0] if close else "",
                               columns=", ".join(_COLUMNS))
            )
    if "name" not in header:
        raise PlayersFileError(
            _(
                "{path}:1: no 'name' column in the header row. "
                "Fix: start the file with a header such as name,team,rating."
            ).format(path=path)
        )
    rows: list[tuple[int, dict[str, str]]] = []
    for line, row in reader:
        if not any(cell.strip() for cell in row):
            continue
        # A cell a spreadsheet would run as a formula was written with an apostrophe first
        # (`spreadsheet_cell`): it reads back as the text it was.
        values = {k: spreadsheet_value(v.strip()) for k, v in zip(header, row, strict=False)}
        raw_name = row[header.index("name")] if header.index("name") < len(row) else ""
        if raw_name.strip() and raw_name != raw_name.strip():
            # Refused, not dropped: "Sophie " and "Sophie" would look like one player on
            # paper; the organiser decides which is meant.
            raise PlayersFileError(
                _(
                    "{path}:{line}: the name {name} has spaces before or after it. Fix: remove "
                    "them in that cell (a spreadsheet's TRIM does)."
                ).format(path=path, line=line, name=quoted_name(raw_name))
            )
        if not values.get("name"):
            raise PlayersFileError(
                _(
                    "{path}:{line}: the name is empty. Fix: give every row a name, "
                    "or delete the row."
                ).format(path=path, line=line)
            )
        rows.append((line, values))
    return rows


def _number(path: Path, line: int, text: str) -> int | float:
    try:
        return int(text)
    except ValueError:
        pass
    try:
        value = float(text)
        if not math.isfinite(value):  # nan, inf: no rating, and they would sort anywhere
            raise ValueError(text)
        return value
    except ValueError:
        raise PlayersFileError(
            _(
                "{path}:{line}: rating {text!r} is not a number. "
                "Fix: write a number such as 1520, or leave the cell empty."
            ).format(path=path, line=line, text=text)
        ) from None


def named_players(
    listed: list[dict[str, Any]], names: Sequence[str], players_from: Path | None = None
) -> list[dict[str, Any]]:
    """The `[[players]]` rows of `listed` (from a players file) and then one for each `--player`
    name, refused as `mjevent player add` refuses them: an unusable name, or a name another
    player has (case ignored).

    >>> [p["id"] for p in named_players([], [f"P{i}" for i in range(1, 11)])][:2]
    ['p01', 'p02']
    >>> named_players([{"id": "p1", "name": "Ann"}], ["Bo"])
    [{'id': 'p1', 'name': 'Ann'}, {'id': 'p2', 'name': 'Bo'}]
    """
    seen = {p["name"].strip().casefold() for p in listed}
    given: set[str] = set()
    width = len(str(len(names)))
    rows = list(listed)
    for number, name in enumerate(names, 1):
        problem = name_problem(name)
        if problem is not None:
            raise NewEventError(
                _(
                    "--player {name} cannot be used: {problem}. Fix: give the name as one "
                    "line of text, e.g. --player 'Ann Lee'."
                ).format(name=quoted_name(name), problem=problem)
            )
        folded = name.strip().casefold()
        if folded in given:
            raise NewEventError(
                _(
                    "--player {name} is given twice; two players with one name cannot be told "
                    "apart. Fix: add what tells them apart (an initial, a club), or give the "
                    "name once."
                ).format(name=quoted_name(name))
            )
        if folded in seen:
            raise NewEventError(
                _(
                    "--player {name} is already in {path}; two players with one name cannot be "
                    "told apart. Fix: add what tells them apart (an initial, a club), or leave "
                    "out this --player."
                ).format(name=quoted_name(name), path=players_from)
            )
        given.add(folded)
        # After a players file's own ids, the next ones in their pattern.
        player_id = new_player_id([p["id"] for p in rows]) if listed else f"p{number:0{width}d}"
        rows.append({"id": player_id, "name": name})
    return rows


MAX_PLAYERS_BYTES = 5_000_000
"""The largest players file read (10,000 players of 100 characters is 1 MB)."""


class NewEventError(ValueError):
    """The new event cannot be created; the message names the field or file and the fix."""


def create_event(
    file: Path,
    name: str,
    rules: str,
    *,
    players_from: Path | None = None,
    date: str | None = None,
    venue: str | None = None,
    game_format: EventFormat | None = None,
    overrides: Sequence[str] = (),
    rounds: int | None = None,
    player_names: Sequence[str] = (),
) -> EventStore:
    """Create the event file `mjevent new` creates (the console's "new event" form calls this
    too); `overrides` are `--set KEY=VALUE` rule settings over the preset. Raise
    `NewEventError` naming the fix, with nothing written. `player_names` (`--player`) follow
    the players of `players_from`."""
    try:
        preset(rules)
    except RulesError as error:
        raise NewEventError(f"--rules: {error}") from None
    event: dict[str, Any] = {"name": name, "format_version": FORMAT_VERSION}
    if date is not None:
        try:
            event["date"] = dt.date.fromisoformat(date)
        except ValueError:
            raise NewEventError(
                _("--date {date!r}: expected year-month-day, e.g. --date 2026-12-02").format(
                    date=date)
            ) from None
    if venue is not None:
        event["venue"] = venue
    if game_format is not None:
        event["format"] = game_format.value
    if rounds is not None:
        event["rounds"] = rounds
    rules_table: dict[str, Any] = {"preset": rules}
    typed: dict[str, str] = {}  # key path -> the --set that gave it, for the error message
    for text in overrides:
        try:
            key, value = parse_set(text)
        except SetOptionError as error:
            raise NewEventError(str(error)) from None
        key = key.removeprefix("rules.")
        if key == "preset":
            raise NewEventError(
                _("--set {text!r}: the preset is chosen with --rules; --set changes one setting")
                .format(text=text))
        if key in rules_table:
            raise NewEventError(
                _("--set {text!r}: {key} is set twice; keep one --set {key}=...").format(
                    text=text, key=key))
        rules_table[key] = value
        typed[f"rules.{key}"] = text
    settings: dict[str, Any] = {"event": event, "rules": rules_table}
    if players_from is not None:
        try:
            players, teams = players_from_file(players_from)
        except PlayersFileError as error:
            raise NewEventError(str(error)) from None
        settings["players"] = players
        if teams:
            settings["teams"] = teams
    if player_names:
        settings["players"] = named_players(
            settings.get("players", []), player_names, players_from
        )
    try:
        return EventStore.create(file, settings)
    except EventFileError as error:
        given = typed.get(getattr(error, "key_path", None) or "")
        raise NewEventError(f"--set {given!r}: {error}" if given else str(error)) from None

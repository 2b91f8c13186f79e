"""Reading a seating an organiser already holds, in the forms they hold it, and writing it back.

Formats (`parse_seating(text, ...)`, `fmt="auto"` picks by the text's shape, in this order):

- `json`: what `mjevent seating export --format json` writes:
  `{"players": [ids], "table_size": K, "rounds": [[[ids E S W N], ...], ...]}`;
- `csv`: a header `round,table,E,S,W,N` (`mjevent seating export --format csv`), a row a table;
- `tsv`: the catalogue's grid (`../shared/seeds/000_...`): a line a player in roster order, a
  column a round (tab-separated), each cell the table number, `--` (or `nuke`) for a bye.
  A cell may end in the seat's wind (`3E`), as `mjevent seating export --format tsv` writes, so
  that winds survive the round trip; without winds each table's seats are balanced by
  `balance.assign_winds` over the whole file (players in line order before that);
- `letters`: seed 003's notation, a line a round, tables as groups of K letters
  (`ABCD EFGH ...`); the distinct letters of the file, sorted (A-Z before a-z), are players
  1, 2, ... of the roster, so 28 players may be `A-N` and `a-n` as in seed 003;
- `script`: a table a line in seat order, players joined by `-` (`p01-p02-p03-p04`), a blank
  line between rounds;
- `rounds`: a line a round, every K players (separated by commas or spaces) a table.

Players are named by id, by name (exactly, or ignoring case when that is unique) or by number
(1 = the roster's first player); in `script` lines the pieces between `-` are matched against
the roster, so ids and names containing `-` work. Every error is a `SeatingImportError` whose
message starts with the line number and says what to fix. Nothing here loops on input: each
line is read once.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from mjevent.core.i18n import N_, _, pgettext
from mjevent.core.seating.balance import assign_winds
from mjevent.core.text import spreadsheet_cell, spreadsheet_value

__all__ = [
    "FORMATS",
    "ImportedSeating",
    "PlayerLookup",
    "SeatingImportError",
    "export_seating",
    "parse_seating",
]

PlayerId = str
Tables = tuple[tuple[PlayerId, ...], ...]
MAX_SEATING_BYTES = 5_000_000
"""The largest seating file read (999 rounds of 500 players as JSON is about 3 MB); a caller
refuses a bigger one before reading it (`events.files.read_regular`)."""
MAX_ROUNDS = 999
"""The most rounds a seating holds: an event's rounds are numbered 1 to 999 (the log's limit,
`core.entry_reader.NUMBER_LIMITS`)."""
MAX_JSON_DEPTH = 16
"""The deepest nesting of brackets read in a JSON seating (a seating needs 3): deeper input is
refused before Python's parser, which recurses, sees it."""
FORMATS = ("auto", "json", "csv", "tsv", "letters", "script", "rounds")
WINDS = "ESWN"
BYE_CELLS = ("--", "nuke", "")


class SeatingImportError(ValueError):
    """The text cannot be read as a seating of this event; the message names line and fix.

    `line` is the line of the file (from 1) and `message` what is wrong there and the fix, so
    a caller can put the file's name in front without reading the text apart.
    """

    def __init__(self, line: int, message: str) -> None:
        self.line = line
        self.message = message
        super().__init__(
            pgettext("seating", "line {line}: {message}").format(line=line, message=message)
        )


JSON_REASONS = (
    N_("Expecting value"),
    N_("Expecting property name enclosed in double quotes"),
    N_("Expecting ':' delimiter"),
    N_("Expecting ',' delimiter"),
    N_("Extra data"),
    N_("Unterminated string starting at"),
    N_("Invalid \\escape"),
    N_("Invalid control character at"),
)
"""The reasons Python's json module gives (`JSONDecodeError.msg`), marked so that a file that
is not JSON is explained in the user's language (`json_reason`)."""


def json_reason(error: json.JSONDecodeError) -> str:
    """Why `error`'s text is not JSON, in the language in use (`Expecting value`)."""
    return _(error.msg)


@dataclass(frozen=True)
class ImportedSeating:
    """The rounds read (tables of ids in wind order) and the format they were read as."""

    rounds: tuple[Tables, ...]
    format: str


class PlayerLookup:
    """Resolves a player reference (an id, a name, a number from 1) against the roster.

    >>> PlayerLookup(["p01", "p02"], {"p02": "Sophie Müller"}).find("sophie müller")
    'p02'
    """

    def __init__(self, roster: Sequence[PlayerId], names: Mapping[PlayerId, str]) -> None:
        self.roster = list(roster)
        self.ids = set(roster)
        # Whether the file has named a player yet: until it has, it may be any file at all
        # (`/etc/shadow`), and no error quotes its text.
        self.named_one = False
        self.by_name: dict[str, list[PlayerId]] = {}
        self.by_fold: dict[str, list[PlayerId]] = {}
        for p in roster:
            name = names.get(p, p)
            self.by_name.setdefault(name.strip(), []).append(p)
            self.by_fold.setdefault(name.strip().casefold(), []).append(p)

    def find(self, ref: str) -> PlayerId | None:
        """The player `ref` names, or None. A cell written for a spreadsheet (`'-A1`, see
        `text.spreadsheet_cell`) names what it was written from."""
        ref = spreadsheet_value(ref.strip())
        if ref in self.ids:
            return ref
        if _number(ref):
            n = int(ref)
            return self.roster[n - 1] if 1 <= n <= len(self.roster) else None
        for table in (self.by_name.get(ref), self.by_fold.get(ref.casefold())):
            if table and len(table) == 1:
                return table[0]
        return None

    def get(self, ref: str, line: int) -> PlayerId:
        """The player `ref` names; a `SeatingImportError` naming `line` says why not."""
        found = self.find(ref)
        if found is not None:
            self.named_one = True
            return found
        if not self.named_one and not self.by_fold.get(ref.strip().casefold()):
            raise self.not_a_seating(line)
        ref = ref.strip()
        if _number(ref):
            raise SeatingImportError(
                line,
                _(
                    "player number {number} is out of range: this event has players 1 to "
                    "{players}"
                ).format(number=int(ref), players=len(self.roster)),
            )
        if len(self.by_fold.get(ref.casefold(), [])) > 1:
            raise SeatingImportError(
                line,
                _("{ref!r} is the name of {count} players: name them by id").format(
                    ref=ref, count=len(self.by_fold[ref.casefold()])
                ),
            )
        raise SeatingImportError(
            line,
            _(
                "{ref!r} is not a player of this event (give an id, a name or a number 1 to "
                "{players})"
            ).format(ref=ref, players=len(self.roster)),
        )


    def not_a_seating(self, line: int) -> SeatingImportError:
        """The error for a file that names no player before `line`, which quotes none of it."""
        return SeatingImportError(
            line,
            _(
                "names no player of this event, so this is not a seating of it (its text is "
                "not shown); give players by id, name or number 1 to {players}"
            ).format(players=len(self.roster)),
        )


def _number(ref: str) -> bool:
    """Whether `ref` is a player number: ASCII digits, few enough to convert (a number of
    thousands of digits is over Python's int-conversion limit, and no player's)."""
    return ref.isascii() and ref.isdigit() and len(ref) <= 9


def _lines(text: str) -> list[tuple[int, str]]:
    """Non-blank lines that are not comments, with their numbers from 1."""
    return [
        (i, raw.rstrip("\r\n"))
        for i, raw in enumerate(text.splitlines(), 1)
        if raw.strip() and not raw.lstrip().startswith("#")
    ]


def detect_format(text: str, table_size: int) -> str:
    """The format `auto` reads `text` as (see the module docstring).

    >>> detect_format("ABCD EFGH\\nAEBF CGDH\\n", 4)
    'letters'
    >>> detect_format("1\\t2\\n--\\t1\\n", 4)
    'tsv'
    >>> detect_format("p1-p2-p3-p4\\n\\np1-p3-p2-p4\\n", 4)
    'script'
    """
    stripped = text.lstrip()
    if stripped.startswith("{"):
        return "json"
    lines = [line for _, line in _lines(text)]
    if not lines:
        raise SeatingImportError(1, _("the file holds no seating (it is empty)"))
    if lines[0].replace(" ", "").lower().startswith("round,table"):
        return "csv"
    cell = re.compile(r"^(\d+[ESWN]?|--|nuke)$")
    if any("\t" in line for line in lines) or all(cell.match(line.strip()) for line in lines):
        return "tsv"
    group = re.compile(rf"^\s*([A-Za-z]{{{table_size}}}\s*)+$")
    if all(group.match(line) for line in lines):
        return "letters"
    if all("-" in line and "," not in line for line in lines):
        return "script"
    return "rounds"


def parse_seating(
    text: str,
    roster: Sequence[PlayerId],
    table_size: int,
    *,
    names: Mapping[PlayerId, str] | None = None,
    fmt: str = "auto",
) -> ImportedSeating:
    """Read a seating for `roster` (the event's players, in order) at tables of `table_size`.

    >>> parse_seating("AB CD\\nAC BD\\n", ["a", "b", "c", "d"], 2).rounds
    ((('a', 'b'), ('c', 'd')), (('a', 'c'), ('b', 'd')))
    >>> parse_seating("1-2\\n3-4\\n\\n1-3\\n2-4\\n", ["a", "b", "c", "d"], 2).rounds[1]
    (('a', 'c'), ('b', 'd'))
    """
    if fmt not in FORMATS:
        raise SeatingImportError(
            1, _("unknown format {fmt!r}: use one of {formats}").format(
                fmt=fmt, formats=", ".join(FORMATS)
            )
        )
    chosen = detect_format(text, table_size) if fmt == "auto" else fmt
    players = PlayerLookup(roster, names or {})
    reader = {
        "json": _read_json,
        "csv": _read_csv,
        "tsv": _read_tsv,
        "letters": _read_letters,
        "script": _read_script,
        "rounds": _read_rounds,
    }[chosen]
    rounds = reader(text, players, table_size)
    if not rounds:
        raise SeatingImportError(1, _("the file holds no round"))
    _check_whole(rounds, roster)
    return ImportedSeating(tuple(rounds), chosen)


def _check_whole(rounds: Sequence[Tables], roster: Sequence[PlayerId]) -> None:
    seated = {p for rnd in rounds for t in rnd for p in t}
    missing = [p for p in roster if p not in seated]
    if missing:
        shown = ", ".join(missing[:8]) + (" ..." if len(missing) > 8 else "")
        raise SeatingImportError(
            1,
            _(
                "{missing} of the event's players are never seated ({shown}): the file is for "
                "{seated} players, the event has {players}; seat everyone, or withdraw the "
                "missing players first"
            ).format(missing=len(missing), shown=shown, seated=len(seated), players=len(roster)),
        )


class _Round:
    """One round as it is read: refuses a player seated twice, naming both lines."""

    def __init__(self, number: int, table_size: int, line: int = 1) -> None:
        if number > MAX_ROUNDS:
            raise SeatingImportError(line, _too_many_rounds(number))
        self.number = number
        self.table_size = table_size
        self.tables: list[tuple[PlayerId, ...]] = []
        self.where: dict[PlayerId, int] = {}

    def add(self, table: Sequence[PlayerId], line: int) -> None:
        if len(table) != self.table_size:
            raise SeatingImportError(line, _table_size_error(
                self.number, len(self.tables) + 1, len(table), self.table_size
            ))
        for p in table:
            if p in self.where:
                raise SeatingImportError(
                    line,
                    _(
                        "{player} is seated twice in round {round} (also on line {other}); each "
                        "player sits at one table a round"
                    ).format(player=p, round=self.number, other=self.where[p]),
                )
            self.where[p] = line
        self.tables.append(tuple(table))

    def done(self) -> Tables:
        return tuple(self.tables)


def _too_many_rounds(count: int) -> str:
    return _(
        "round {round}: a seating holds at most {most} rounds; this file is not the seating "
        "of one event (split it, or check that it is a seating file)"
    ).format(round=count, most=MAX_ROUNDS)


def _table_size_error(round_: int, table: int, count: int, size: int) -> str:
    return _("round {round} table {table} has {count} players; tables seat {size}").format(
        round=round_, table=table, count=count, size=size
    )


def _chunks(refs: Sequence[PlayerId], rnd: _Round, line: int) -> None:
    k = rnd.table_size
    if len(refs) % k:
        raise SeatingImportError(
            line,
            _(
                "round {round} names {count} players, not a multiple of {size}: the last table "
                "has {last}"
            ).format(round=rnd.number, count=len(refs), size=k, last=len(refs) % k),
        )
    for i in range(0, len(refs), k):
        rnd.add(refs[i:i + k], line)


def _read_rounds(text: str, players: PlayerLookup, k: int) -> list[Tables]:
    out: list[Tables] = []
    for line, raw in _lines(text):
        rnd = _Round(len(out) + 1, k, line)
        tokens = [t for t in re.split(r"[,\s;|]+", raw) if t]
        _chunks([players.get(t, line) for t in tokens], rnd, line)
        out.append(rnd.done())
    return out


def _read_letters(text: str, players: PlayerLookup, k: int) -> list[Tables]:
    lines = _lines(text)
    letters = sorted({c for _, raw in lines for c in raw if c.isalpha()})
    roster = players.roster
    if len(letters) != len(roster):
        raise SeatingImportError(
            lines[0][0] if lines else 1,
            _(
                "the file uses {letters} letters, the event has {players} players: one letter a "
                "player (the letters sorted, A-Z then a-z, are the players in the event's order)"
            ).format(letters=len(letters), players=len(roster)),
        )
    who = dict(zip(letters, roster, strict=True))
    out: list[Tables] = []
    for line, raw in lines:
        rnd = _Round(len(out) + 1, k, line)
        for group in raw.split():
            if not group.isalpha():
                raise SeatingImportError(
                    line,
                    _("{group!r} is not a group of letters (seed 003's notation: ABCD EFGH ...)")
                    .format(group=group),
                )
            rnd.add([who[c] for c in group], line)
        out.append(rnd.done())
    return out


def _split_table(raw: str, players: PlayerLookup, k: int, line: int) -> list[PlayerId]:
    """`a-b-c-d` into k players; pieces may contain `-` when an id or name does."""
    parts = raw.strip().split("-")
    if len(parts) > 4 * k:
        # Each piece may join its neighbours into one name, so the ways to read a line grow
        # with its dashes: a line this long is no table, and is refused before it is tried.
        raise SeatingImportError(
            line,
            _("{dashes} dashes; a table line is a-b-c-d ({size} players)").format(
                dashes=len(parts) - 1, size=k
            ),
        )
    found: list[list[PlayerId]] = []

    def walk(start: int, taken: list[PlayerId]) -> None:
        if len(found) > 1:
            return
        if start == len(parts):
            if len(taken) == k:
                found.append(list(taken))
            return
        if len(taken) == k:
            return
        for end in range(start + 1, len(parts) + 1):
            p = players.find("-".join(parts[start:end]))
            if p is not None:
                walk(end, [*taken, p])

    walk(0, [])
    if len(found) == 1:
        return found[0]
    if len(found) > 1:
        raise SeatingImportError(
            line,
            _("{text!r} can be read in more than one way: name the players by id").format(
                text=raw.strip()
            ),
        )
    if not players.named_one and not any(
        players.find(piece) is not None or players.by_fold.get(piece.strip().casefold())
        for piece in parts
    ):
        raise players.not_a_seating(line)
    for piece in parts:
        if not piece.strip():
            raise SeatingImportError(
                line,
                _("{text!r} has an empty place between two '-': a-b-c-d").format(
                    text=raw.strip()
                ),
            )
        players.get(piece, line)  # names the first piece that is no player
    raise SeatingImportError(
        line,
        _("{text!r} names {count} players; tables seat {size} (a-b-c-d, in seat order E S W N)")
        .format(text=raw.strip(), count=len(parts), size=k),
    )


def _read_script(text: str, players: PlayerLookup, k: int) -> list[Tables]:
    out: list[Tables] = []
    rnd: _Round | None = None
    for i, raw in enumerate(text.splitlines(), 1):
        if raw.lstrip().startswith("#"):
            continue
        if not raw.strip():
            if rnd is not None and rnd.tables:
                out.append(rnd.done())
                rnd = None
            continue
        if rnd is None:
            rnd = _Round(len(out) + 1, k, i)
        rnd.add(_split_table(raw, players, k, i), i)
    if rnd is not None and rnd.tables:
        out.append(rnd.done())
    return out


def _read_csv(text: str, players: PlayerLookup, k: int) -> list[Tables]:
    lines = _lines(text)
    rounds: dict[int, _Round] = {}
    for line, raw in lines[1:]:
        cells = [c.strip() for c in raw.split(",")]
        if len(cells) != 2 + k:
            raise SeatingImportError(
                line,
                _("{cells} cells; a row is round,table and {size} players").format(
                    cells=len(cells), size=k
                ),
            )
        try:
            r, t = int(cells[0]), int(cells[1])
        except ValueError:
            raise SeatingImportError(
                line,
                _("round and table must be whole numbers, got {round!r}, {table!r}").format(
                    round=cells[0], table=cells[1]
                ),
            ) from None
        rnd = rounds[r] if r in rounds else rounds.setdefault(r, _Round(r, k, line))
        if t != len(rnd.tables) + 1:
            raise SeatingImportError(
                line,
                _(
                    "table {table} of round {round} comes after table {previous}; list tables "
                    "1, 2, ... in order"
                ).format(table=t, round=r, previous=len(rnd.tables)),
            )
        rnd.add([players.get(c, line) for c in cells[2:]], line)
    if sorted(rounds) != list(range(1, len(rounds) + 1)):
        raise SeatingImportError(
            lines[-1][0],
            _("rounds {rounds}: number them 1, 2, ... without gaps").format(
                rounds=sorted(rounds)
            ),
        )
    return [rounds[r].done() for r in sorted(rounds)]


def json_depth_problem(text: str, most: int = MAX_JSON_DEPTH) -> SeatingImportError | None:
    """The error for JSON nested deeper than `most` brackets, or None; brackets inside strings
    do not count. Linear in the text, and it recurses into nothing.

    >>> json_depth_problem('{"rounds": [[["a", "]]]]"]]]}') is None
    True
    >>> str(json_depth_problem("[" * 50_000, 16))
    'line 1: nested 17 brackets deep; a JSON seating needs 3: this is not a seating file'
    """
    depth = 0
    line = 1
    for m in _JSON_TOKEN.finditer(text):
        token = m.group()
        if token in "[{":
            depth += 1
            if depth > most:
                line += text.count("\n", 0, m.start())
                return SeatingImportError(
                    line,
                    _("nested {depth} brackets deep; a JSON seating needs 3: this is not a "
                      "seating file").format(depth=depth),
                )
        elif token in "]}":
            depth -= 1
    return None


_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def _read_json(text: str, players: PlayerLookup, k: int) -> list[Tables]:
    deep = json_depth_problem(text)
    if deep is not None:
        raise deep
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise SeatingImportError(
            error.lineno, _("not JSON ({reason})").format(reason=json_reason(error))
        ) from None
    except ValueError:  # a number of thousands of digits: over Python's int-conversion limit
        raise SeatingImportError(
            1, _("a number too long to be a player or a count; not a seating file")
        ) from None
    raw = data.get("rounds") if isinstance(data, dict) else None
    if not isinstance(raw, list):
        raise SeatingImportError(1, _('a JSON seating needs "rounds": [[[ids...], ...], ...]'))
    if isinstance(data.get("table_size"), int) and data["table_size"] != k:
        raise SeatingImportError(
            1,
            _("the file seats {file_size} a table; this event seats {size}").format(
                file_size=data["table_size"], size=k
            ),
        )
    out: list[Tables] = []
    for r, tables in enumerate(raw, 1):
        rnd = _Round(r, k, 1)
        if not isinstance(tables, list):
            raise SeatingImportError(
                1, _("round {round} must be a list of tables").format(round=r)
            )
        for table in tables:
            if not isinstance(table, list):
                raise SeatingImportError(
                    1, _("round {round} has a table that is not a list").format(round=r)
                )
            rnd.add([players.get(str(p), 1) for p in table], 1)
        out.append(rnd.done())
    return out


def _read_tsv(text: str, players: PlayerLookup, k: int) -> list[Tables]:
    lines = _lines(text)
    roster = players.roster
    if len(lines) != len(roster):
        raise SeatingImportError(
            lines[-1][0] if lines else 1,
            _(
                "the grid has {lines} lines, the event has {players} players: one line a "
                "player, in the event's player order"
            ).format(lines=len(lines), players=len(roster)),
        )
    grid = [(line, raw.split("\t")) for line, raw in lines]
    width = len(grid[0][1])
    if width > MAX_ROUNDS:
        raise SeatingImportError(grid[0][0], _too_many_rounds(width))
    cell = re.compile(r"^([0-9]{1,6})([ESWN]?)$")
    # placed[r][table] = list of (seat or None, player, line)
    placed: list[dict[int, list[tuple[int | None, PlayerId, int]]]] = [
        {} for _ in range(width)
    ]
    winds_given: bool | None = None
    cells_read = False
    for (line, cells), player in zip(grid, roster, strict=True):
        if len(cells) != width:
            raise SeatingImportError(
                line,
                _(
                    "{count} rounds; line {first} has {width}: one column a round, every line "
                    "the same"
                ).format(count=len(cells), first=grid[0][0], width=width),
            )
        for r, raw in enumerate(cells):
            value = raw.strip()
            if value in BYE_CELLS:
                continue
            m = cell.match(value)
            if not m and not cells_read:
                raise SeatingImportError(
                    line,
                    _(
                        "no table number before this cell, so this is not a seating grid (its "
                        "text is not shown); a cell is a table number, or -- for a bye"
                    ),
                )
            if not m:
                raise SeatingImportError(
                    line,
                    _("round {round}: {value!r} is not a table number (or -- for a bye)").format(
                        round=r + 1, value=value
                    ),
                )
            cells_read = True
            has_wind = bool(m.group(2))
            if winds_given is None:
                winds_given = has_wind
            elif winds_given != has_wind:
                raise SeatingImportError(
                    line,
                    _("round {round}: {value!r}: give a wind on every cell or on none").format(
                        round=r + 1, value=value
                    ),
                )
            seat = WINDS.index(m.group(2)) if has_wind else None
            placed[r].setdefault(int(m.group(1)), []).append((seat, player, line))
    rounds: list[list[tuple[PlayerId, ...]]] = []
    for r, tables in enumerate(placed):
        numbers = sorted(tables)
        if numbers != list(range(1, len(numbers) + 1)):
            raise SeatingImportError(
                grid[0][0],
                _("round {round} uses tables {numbers}: number them 1, 2, ... without gaps")
                .format(round=r + 1, numbers=numbers),
            )
        rnd: list[tuple[PlayerId, ...]] = []
        for t in numbers:
            members = tables[t]
            if len(members) != k:
                raise SeatingImportError(
                    members[-1][2], _table_size_error(r + 1, t, len(members), k)
                )
            if winds_given:
                seats = sorted(members, key=lambda m: m[0] or 0)
                if [m[0] for m in seats] != list(range(k)):
                    raise SeatingImportError(
                        members[-1][2],
                        _("round {round} table {table}: each wind {winds} once").format(
                            round=r + 1, table=t, winds=WINDS[:k]
                        ),
                    )
                rnd.append(tuple(m[1] for m in seats))
            else:
                rnd.append(tuple(m[1] for m in members))
        rounds.append(rnd)
    if not winds_given:
        index = {p: i for i, p in enumerate(roster)}
        numbered = [[[index[p] for p in t] for t in rnd] for rnd in rounds]
        balanced = assign_winds(numbered, k)
        rounds = [[tuple(roster[p] for p in t) for t in rnd] for rnd in balanced]
    return [tuple(rnd) for rnd in rounds]


def export_seating(
    rounds: Sequence[Tables], players: Sequence[PlayerId], table_size: int, fmt: str
) -> str:
    """The seating as text in `fmt` (`tsv`, `csv` or `json`); `parse_seating` reads it back.

    >>> print(export_seating([(("a", "b"),), (("b", "a"),)], ["a", "b", "c"], 2, "tsv"))
    1E\t1S
    1S\t1E
    --\t--
    """
    if fmt == "json":
        return json.dumps(
            {
                "players": list(players),
                "table_size": table_size,
                "rounds": [[list(t) for t in rnd] for rnd in rounds],
            },
            ensure_ascii=False,
        )
    if fmt == "csv":
        rows = [",".join(["round", "table", *WINDS[:table_size]])]
        for r, rnd in enumerate(rounds, 1):
            # An id may start with "-" ("-A1" is a formula to a spreadsheet): see spreadsheet_cell.
            rows.extend(
                ",".join([str(r), str(t), *map(spreadsheet_cell, table)])
                for t, table in enumerate(rnd, 1)
            )
        return "\n".join(rows)
    if fmt == "tsv":
        where: list[dict[PlayerId, str]] = [
            {p: f"{t}{WINDS[s]}" for t, table in enumerate(rnd, 1) for s, p in enumerate(table)}
            for rnd in rounds
        ]
        return "\n".join("\t".join(w.get(p, "--") for w in where) for p in players)
    raise SeatingImportError(
        1, _("unknown export format {fmt!r}: use tsv, csv or json").format(fmt=fmt)
    )

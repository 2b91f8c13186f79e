"""The results site of `mjevent publish`: every page as `{relative path: bytes}`, nothing written.

Plain HTML and one stylesheet, no scripts, every link relative, so the folder works from a USB
stick, a web host or `python -m http.server`. One folder per language (`en/`, `ja/`) with the
same pages, each linking to its twin in the other language; `index.html` at the top names the
event and its languages.

    index.html, style.css
    <lang>/index.html                      the event's facts, latest standings, every page
    <lang>/standings/round-<r>.html        the standings after round r (the latest listed first)
    <lang>/rounds/round-<r>.html           round r's seating by table and by player
    <lang>/tables/round-<r>-table-<t>.html the log's story of one table: hands, result
    <lang>/players/index.html              every player; <lang>/players/<id>.html one player:
                                           standings, numbers (docs/stats.md), games, seating
    <lang>/crosstable.html                 every player's table, place and points, round by round

The shaping is the one `mjevent print`, `replay` and the console use (`tui.sheets` for the
standings and a player's history, `tui.paper` for the seating, `core.replay` for the story):
this module only lays it out as pages. The same event always gives the same bytes (no clock, no
version), so `mjevent publish` can rewrite only the pages whose bytes changed.

Every text from the file (names, reasons) goes through `safe_text` (control characters spelled
out) and `html.escape`: a player called `<script>` shows as text.
"""

from __future__ import annotations

import contextlib
import functools
import html
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from mjevent.core import i18n
from mjevent.core.entries import Correction, Entry, Note
from mjevent.core.i18n import (
    N_,
    _,
    format_date,
    format_number,
    format_signed,
    format_thousands,
    listed,
    pgettext,
    wind_name,
)
from mjevent.core.preview import result_text
from mjevent.core.replay import StoryEvent, replay
from mjevent.core.standings.compute import Standings
from mjevent.core.state import EventState
from mjevent.core.stats import player_tally
from mjevent.core.text import safe_text
from mjevent.tui.views.language import load_catalogue
from mjevent.tui.views.paper import round_by_player, round_by_table, seat_name
from mjevent.tui.views.sheets import (
    cells,
    criterion_name,
    history,
    standing_columns,
    team_columns,
    tie_lines,
)
from mjevent.tui.views.stats import figure_lines

if TYPE_CHECKING:
    from mjevent.events.session import EventSession

__all__ = ["LANGUAGES", "build_site", "player_files", "speaking"]

LANGUAGES = ("en", "ja")
"""The languages a site is written in by default, English first."""

# Each language's name in itself: the switch on a page names the other language as its
# readers call it, whatever the page's own language.
_ENDONYMS = {"en": "English", "ja": "日本語"}

_ORDINALS = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"))

# Windows refuses these as file names whatever the extension (a site copied to a USB stick).
_RESERVED = frozenset(
    {"con", "prn", "aux", "nul", *(f"com{n}" for n in range(10)), *(f"lpt{n}" for n in range(10))}
)


@contextlib.contextmanager
def speaking(name: str) -> Iterator[None]:
    """Language `name` for a while (every page of one language is made inside one)."""
    before = i18n.saved()
    i18n.install(name, load_catalogue(name), from_command_line=before[2])
    try:
        yield
    finally:
        i18n.restore(before)


def player_files(ids: Sequence[str]) -> dict[str, str]:
    """The page name of each player id (without `.html`): the id itself, unless a case-blind
    file system (a USB stick) would take it for an earlier one, or Windows reserves it, or it
    is `index`; then `-2`, `-3` ... is added.

    >>> player_files(["p01", "P01", "con", "index"])
    {'p01': 'p01', 'P01': 'P01-2', 'con': 'con-2', 'index': 'index-2'}
    """
    used: set[str] = {"index"}
    out: dict[str, str] = {}
    for pid in ids:
        name, n = pid, 1
        while name.casefold() in used or name.casefold().split(".")[0] in _RESERVED:
            n += 1
            name = f"{pid}-{n}"
        used.add(name.casefold())
        out[pid] = name
    return out


def _relative(here: str, target: str) -> str:
    """The link from the page `here` to `target`, both relative to the site's folder (a string
    sum: `posixpath.relpath` asks the file system for the working folder every time).

    >>> _relative("en/players/p01.html", "en/tables/round-1-table-2.html")
    '../tables/round-1-table-2.html'
    >>> _relative("en/index.html", "ja/index.html"), _relative("en/index.html", "style.css")
    ('../ja/index.html', '../style.css')
    """
    base, parts = here.split("/")[:-1], target.split("/")
    common = 0
    while common < len(base) and common < len(parts) - 1 and base[common] == parts[common]:
        common += 1
    return "/".join([".."] * (len(base) - common) + parts[common:])


def _e(text: str) -> str:
    return html.escape(safe_text(text))


def _h2(text: str) -> str:
    return f"<h2>{_e(text)}</h2>"


def _note(text: str) -> str:
    return f'<p class="note">{_e(text)}</p>'


@dataclass(frozen=True)
class _Link:
    """A cell's text, linked to `href` (relative to the page) when there is one."""

    text: str
    href: str | None = None


_Cell = str | _Link | tuple[str | _Link, ...]


def _ordinal(place: int | None) -> str:
    if place is None:
        return ""
    return _(_ORDINALS[place - 1]) if 1 <= place <= len(_ORDINALS) else str(place)


# --- Paths -----------------------------------------------------------------------------------


def _standings_path(lang: str, rnd: int) -> str:
    return f"{lang}/standings/round-{rnd}.html"


def _round_path(lang: str, rnd: int) -> str:
    return f"{lang}/rounds/round-{rnd}.html"


def _table_path(lang: str, rnd: int, table: int) -> str:
    return f"{lang}/tables/round-{rnd}-table-{table}.html"


class _Pages:
    """The pages of one language, made while that language is in use."""

    def __init__(
        self,
        lang: str,
        languages: Sequence[str],
        state: EventState,
        story: Sequence[StoryEvent],
        entries: Sequence[Entry],
        standings: Standings,
    ) -> None:
        self.lang = lang
        self.languages = languages
        self.state = state
        self.files = player_files(list(state.players))
        self.table: Standings | None = standings if standings.round else None
        self.raw = {e.id: e for e in entries}
        self.stories = self._stories(story)
        self.out: dict[str, str] = {}

    # --- shared pieces ---------------------------------------------------------------------

    def _player_path(self, pid: str) -> str:
        return f"{self.lang}/players/{self.files[pid]}.html"

    def _player(self, pid: str, here: str, name: str | None = None) -> _Link:
        shown = self.state.name(pid) if name is None else name
        if pid not in self.files:
            return _Link(shown)
        return _Link(shown, _relative(here, self._player_path(pid)))

    @staticmethod
    def _to(here: str, target: str) -> str:
        return _relative(here, target)

    def _cell(self, cell: _Cell) -> str:
        if isinstance(cell, tuple):
            return "<br>".join(self._cell(c) for c in cell)
        if isinstance(cell, _Link):
            if cell.href is None:
                return _e(cell.text)
            return f'<a href="{_e(cell.href)}">{_e(cell.text)}</a>'
        return _e(cell)

    def _grid(
        self,
        headers: Sequence[_Cell],
        rows: Sequence[Sequence[_Cell]],
        numbers: frozenset[int] = frozenset(),
        css: str = "",
    ) -> str:
        cls = [' class="num"' if i in numbers else "" for i in range(len(headers))]
        head = "".join(f"<th{c}>{self._cell(h)}</th>" for h, c in zip(headers, cls, strict=True))
        body = "\n".join(
            "<tr>"
            + "".join(
                f'<td{c} dir="auto">{self._cell(v)}</td>' for v, c in zip(row, cls, strict=True)
            )
            + "</tr>"
            for row in rows
        )
        klass = f' class="{css}"' if css else ""
        return (
            f'<div class="scroll"><table{klass}>\n<thead><tr>{head}</tr></thead>\n'
            f"<tbody>\n{body}\n</tbody></table></div>"
        )

    def _links(self, here: str, links: Sequence[tuple[str, str]]) -> str:
        items = "".join(f'<li><a href="{_e(self._to(here, t))}">{_e(s)}</a></li>' for s, t in links)
        return f"<ul>{items}</ul>"

    def page(self, path: str, title: str, body: str) -> None:
        """Lay `body` out as the page `path`, with the event's header and the page's twin in
        the other languages."""
        lang = self.lang
        rel = path.removeprefix(f"{lang}/")
        nav = [(_("Home"), f"{lang}/index.html")]
        if self.table is not None:
            nav.append((_("Standings"), _standings_path(lang, self.table.round)))
        nav += [
            (_("Players"), f"{lang}/players/index.html"),
            (_("Cross-table"), f"{lang}/crosstable.html"),
        ]
        items = [f'<a href="{_e(self._to(path, t))}">{_e(s)}</a>' for s, t in nav]
        items += [
            f'<a href="{_e(self._to(path, f"{other}/{rel}"))}" lang="{other}" '
            f'hreflang="{other}" class="lang">{_e(_ENDONYMS.get(other, other))}</a>'
            for other in self.languages
            if other != lang
        ]
        event = self.state.settings.event.name
        footer = _("Published with mjevent from the event file.")
        self.out[path] = (
            f'<!DOCTYPE html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{_e(title)} · {_e(event)}</title>\n"
            f'<link rel="stylesheet" href="{self._to(path, "style.css")}">\n</head>\n<body>\n'
            f'<header><p class="event" dir="auto">{_e(event)}</p>\n'
            f"<nav>{' '.join(items)}</nav></header>\n"
            f'<main>\n<h1 dir="auto">{_e(title)}</h1>\n{body}\n</main>\n'
            f"<footer>{_e(footer)}</footer>\n"
            "</body>\n</html>\n"
        )

    # --- the pages -------------------------------------------------------------------------

    def build(self) -> dict[str, str]:
        """Every page of this language."""
        self.index()
        if self.table is not None:
            for rnd in range(1, self.table.round + 1):
                self.standings(rnd)
        for rnd in sorted(self.state.seating):
            self.round(rnd)
            for t in range(1, len(self.state.seating[rnd]) + 1):
                self.table_story(rnd, t)
        self.players_index()
        for pid in self.state.players:
            self.player(pid)
        self.crosstable()
        return self.out

    def _finished(self, rnd: int) -> bool:
        tables = self.state.seating.get(rnd, ())
        return all(
            (g := self.state.game(rnd, t)) is not None and g.result is not None
            for t in range(1, len(tables) + 1)
        )

    def _round_status(self, rnd: int) -> str:
        tables = len(self.state.seating[rnd])
        done = sum(
            1
            for t in range(1, tables + 1)
            if (g := self.state.game(rnd, t)) is not None and g.result is not None
        )
        if done == tables:
            return _("finished")
        if done == 0 and not any(self.state.game(rnd, t) for t in range(1, tables + 1)):
            return _("not started")
        return _("{done} of {tables} tables finished").format(done=done, tables=tables)

    def index(self) -> None:
        path = f"{self.lang}/index.html"
        info = self.state.settings.event
        facts: list[tuple[str, str]] = []
        if info.date is not None:
            facts.append((_("Date"), format_date(info.date)))
        if info.venue:
            facts.append((_("Venue"), info.venue))
        facts.append((_("Rules"), self.state.rules.name))
        facts.append((_("Players"), str(len(self.state.players))))
        seated = sorted(self.state.seating)
        finished = sum(1 for r in seated if self._finished(r))
        facts.append(
            (
                _("Rounds"),
                _("{finished} of {seated} finished").format(finished=finished, seated=len(seated)),
            )
        )
        parts = [
            "<dl>"
            + "".join(f'<dt>{_e(k)}</dt><dd dir="auto">{_e(v)}</dd>' for k, v in facts)
            + "</dl>"
        ]
        if self.table is not None:
            latest = self.table
            columns = [
                c
                for c in standing_columns(latest.seats)
                if c.header in ("Place", "Name", "Total", "Games")
            ]
            rows = [
                [
                    self._player(r.player, path, r.name) if c.header == "Name" else c.cell(r)
                    for c in columns
                ]
                for r in latest.rows
            ]
            title = _("Standings after round {round}").format(round=latest.round)
            parts.append(
                f'<h2><a href="{self._to(path, _standings_path(self.lang, latest.round))}"'
                f">{_e(title)}</a></h2>"
            )
            parts.append(
                self._grid([c.title for c in columns], rows, frozenset({0, 2, 3}), "standings")
            )
            parts.append(_h2(_("Standings")))
            parts.append(
                self._links(
                    path,
                    [
                        (_("After round {round}").format(round=r), _standings_path(self.lang, r))
                        for r in range(latest.round, 0, -1)
                    ],
                )
            )
        else:
            parts.append(_note(_("No round has a result yet.")))
        if seated:
            parts.append(_h2(_("Rounds")))
            items = []
            for r in seated:
                tables = " ".join(
                    f'<a href="{self._to(path, _table_path(self.lang, r, t))}">{_e(name)}</a>'
                    for t in range(1, len(self.state.seating[r]) + 1)
                    for name in [_("Table {table}").format(table=t)]
                )
                round_name = _("Round {round}").format(round=r)
                items.append(
                    f'<li><a href="{self._to(path, _round_path(self.lang, r))}">'
                    f"{_e(round_name)}</a> "
                    f"({_e(self._round_status(r))})<br>"
                    f'<span class="tables">{tables}</span></li>'
                )
            parts.append("<ul>" + "".join(items) + "</ul>")
        parts.append(
            self._links(
                path,
                [
                    (_("Players"), f"{self.lang}/players/index.html"),
                    (_("Cross-table"), f"{self.lang}/crosstable.html"),
                ],
            )
        )
        self.page(path, info.name, "\n".join(parts))

    def standings(self, rnd: int) -> None:
        assert self.table is not None
        path = _standings_path(self.lang, rnd)
        table = self.table.standings_after(rnd)
        everyone = (*table.rows, *table.apart)
        columns = list(standing_columns(table.seats))
        headers: list[_Cell] = [c.title for c in columns]
        rows: list[list[_Cell]] = [list(line) for line in cells(columns, everyone)]
        name_at = [c.header for c in columns].index("Name")
        for line, r in zip(rows, everyone, strict=True):
            line[name_at] = self._player(r.player, path, r.name)
        numbers = frozenset(i for i, c in enumerate(columns) if c.right)
        if any(r.bracket for r in everyone):
            headers.insert(2, _("Bracket"))
            for line, r in zip(rows, everyone, strict=True):
                line.insert(2, r.bracket)
            numbers = frozenset(i + 1 if i >= 2 else i for i in numbers)
        others = [
            (_("After round {round}").format(round=r), _standings_path(self.lang, r))
            for r in range(self.table.round, 0, -1)
            if r != rnd
        ]
        parts = []
        if not self._finished(rnd):
            status = self._round_status(rnd)
            playing = _("Round {round} is still being played: {status}.").format(
                round=rnd, status=status
            )
            parts.append(f'<p class="note">{_e(playing)}</p>')
        parts.append(self._grid(headers, rows, numbers, "standings"))
        chain = listed(criterion_name(c) for c in table.config.tiebreaks)
        notes = [
            _("Tiebreaks: {chain}").format(chain=chain),
            *tie_lines(table),
            *(_("Note: {note}").format(note=n) for n in table.notes),
        ]
        parts += [f'<p class="note">{_e(n)}</p>' for n in notes]
        if table.teams:
            parts.append(_h2(_("Teams")))
            tcols = team_columns()
            parts.append(
                self._grid(
                    [c.title for c in tcols],
                    cells(tcols, table.teams),
                    frozenset(i for i, c in enumerate(tcols) if c.right),
                )
            )
        if others:
            parts.append(_h2(_("Other rounds")))
            parts.append(self._links(path, others))
        title = _("Standings after round {round}").format(round=rnd)
        self.page(path, title, "\n".join(parts))

    def round(self, rnd: int) -> None:
        path = _round_path(self.lang, rnd)
        seating = self.state.seating[rnd]
        by_table = round_by_table(self.state, rnd).blocks[0]
        rows: list[list[_Cell]] = []
        for t, (row, players) in enumerate(zip(by_table.rows, seating, strict=True), start=1):
            rows.append(
                [
                    _Link(row[0], self._to(path, _table_path(self.lang, rnd, t))),
                    *(self._player(p, path) for p in players),
                ]
            )
        parts = [
            _h2(_("Seating by table")),
            self._grid(by_table.headers, rows, by_table.numbers),
            *(f'<p class="note">{_e(n)}</p>' for n in by_table.notes),
        ]
        by_player = round_by_player(self.state, rnd).blocks[0]
        seats = {seat_name(s): s for s in range(self.state.rules.players)}
        byes = [p for p in self.state.players if not any(p in tb for tb in seating)]
        rows = []
        for name, table, seat in by_player.rows:
            if table.isdigit():
                pid = seating[int(table) - 1][seats[seat]]
                table_cell: _Cell = _Link(
                    table, self._to(path, _table_path(self.lang, rnd, int(table)))
                )
            else:
                pid = next((p for p in byes if self.state.name(p) == name), "")
                table_cell = table
            rows.append([self._player(pid, path, name), table_cell, seat])
        parts += [
            _h2(_("Seating by player")),
            self._grid(by_player.headers, rows, by_player.numbers),
        ]
        title = _("Round {round}").format(round=rnd)
        self.page(path, f"{title}: {self._round_status(rnd)}", "\n".join(parts))

    # --- the story of one table ------------------------------------------------------------

    def _stories(self, story: Sequence[StoryEvent]) -> dict[tuple[int, int], list[StoryEvent]]:
        """The story's events of each table: its hands and result, and what the log says
        about that table (a time call, a substitute, a re-seat, a correction of its hands).
        Notes stay off the site (the director's words), and so do the fold's problems."""
        out: dict[tuple[int, int], list[StoryEvent]] = {}
        for ev in story:
            where: tuple[int, int] | None = None
            if ev.type in ("hand", "game"):
                where = (int(ev.data["round"]), int(ev.data["table"]))
            elif ev.type in ("correction", "entry") and ev.entry is not None:
                raw = self.raw.get(ev.entry)
                if isinstance(raw, Correction):
                    raw = self.raw.get(raw.target)
                rnd, table = getattr(raw, "round", None), getattr(raw, "table", None)
                if isinstance(rnd, int) and isinstance(table, int) and not isinstance(raw, Note):
                    where = (rnd, table)
            if where is not None:
                out.setdefault(where, []).append(ev)
        return out

    def _hidden(self, rnd: int) -> bool:
        # A round the standings hide until all its tables finish is not told before then.
        table = self.table
        config = self.state.settings.standings_config()
        if not config.hide_incomplete_rounds:
            return False
        return table is None or rnd > table.round

    def table_story(self, rnd: int, t: int) -> None:
        path = _table_path(self.lang, rnd, t)
        seats = self.state.seating[rnd][t - 1]
        game = self.state.game(rnd, t)
        names = [
            game.substitutes.get(s, self.state.name(p)) if game else self.state.name(p)
            for s, p in enumerate(seats)
        ]
        links = [
            self._player(p, path, names[s])
            if not (game and s in game.substitutes)
            else _Link(names[s])
            for s, p in enumerate(seats)
        ]
        title = _("Round {round} · Table {table}").format(round=rnd, table=t)
        round_name = _("Round {round}").format(round=rnd)
        parts = [
            self._grid(
                [_("Seat"), _("Player")],
                [[seat_name(s), links[s]] for s in range(len(seats))],
            ),
            f'<p class="note"><a href="{self._to(path, _round_path(self.lang, rnd))}">'
            f"{_e(round_name)}</a></p>",
        ]
        events = self.stories.get((rnd, t), [])
        if self._hidden(rnd):
            parts.append(_note(_("This round is shown once every table has finished.")))
            events = []
        elif not events:
            parts.append(_note(_("No hand recorded yet.")))
        hands = [ev for ev in events if ev.type != "game"]
        if hands:
            parts.append(_h2(pgettext("site heading", "Hands")))
            parts.append(self._hands(hands, names))
        if game is not None and game.result is not None and not self._hidden(rnd):
            parts.append(_h2(_("Result")))
            result = game.result
            order = sorted(range(len(seats)), key=lambda s: (result.places[s], s))
            rows: list[list[_Cell]] = [
                [
                    _ordinal(result.places[s]),
                    links[s],
                    format_number(result.final[s]),
                    format_thousands(result.uma[s]),
                    format_thousands(result.points[s]),
                ]
                for s in order
            ]
            parts.append(
                self._grid(
                    [_("Place"), _("Player"), _("Final"), _("Uma"), _("Points")],
                    rows,
                    frozenset({0, 2, 3, 4}),
                )
            )
            parts.append(f'<p class="note">{_e(result_text(names, result, game.state))}</p>')
        self.page(path, title, "\n".join(parts))

    def _hands(self, events: Sequence[StoryEvent], names: Sequence[str]) -> str:
        # Phone-sized: the hand and its entry line share a column, each seat's column holds
        # the score after the hand with the change under it.
        hand = _("Hand")
        heads = [
            '<th class="num">#</th>',
            f"<th>{_e(hand)}</th>",
            *(
                f'<th class="num">{_e(seat_name(s))}<br><span dir="auto">{_e(name)}</span></th>'
                for s, name in enumerate(names)
            ),
        ]
        width = len(heads)
        lines = []
        for ev in events:
            if ev.type != "hand":
                lines.append(f'<tr class="event"><td colspan="{width}">{_e(ev.text)}</td></tr>')
                continue
            data = ev.data
            scores = "".join(
                f'<td class="num">{_e(format_number(score))}'
                f'<span class="delta">{_e(format_signed(delta) if delta else "")}</span></td>'
                for score, delta in zip(data["scores"], data["deltas"], strict=True)
            )
            lines.append(
                f'<tr><td class="num">{int(data["hand_number"])}</td>'
                f'<td><span class="label">{_e(str(data["label"]))}</span><br>'
                f"<code>{_e(str(data['line']))}</code></td>{scores}</tr>"
            )
            lines += [
                f'<tr class="event"><td colspan="{width}">{_e(text)}</td></tr>'
                for note in data.get("notes", ())
                for text in [_("Note: {note}").format(note=note)]
            ]
        return (
            f'<div class="scroll"><table class="hands">\n<thead><tr>{"".join(heads)}</tr>'
            "</thead>\n<tbody>\n" + "\n".join(lines) + "\n</tbody></table></div>"
        )

    # --- players ---------------------------------------------------------------------------

    def players_index(self) -> None:
        path = f"{self.lang}/players/index.html"
        rows_by = {r.player: r for r in self.table.rows} if self.table is not None else {}
        players = sorted(self.state.players.values(), key=lambda p: (p.name.casefold(), p.id))
        rows: list[list[_Cell]] = []
        for p in players:
            row = rows_by.get(p.id)
            rows.append(
                [
                    self._player(p.id, path),
                    p.id,
                    p.team or "",
                    row.place_label if row is not None else "",
                    format_thousands(row.total) if row is not None else "",
                ]
            )
        heads = [_("Name"), _("Id"), _("Team"), _("Place"), _("Total")]
        self.page(path, _("Players"), self._grid(heads, rows, frozenset({3, 4})))

    def player(self, pid: str) -> None:
        path = self._player_path(pid)
        p = self.state.players[pid]
        parts = []
        facts = [(_("Id"), pid)]
        if p.team:
            facts.append((_("Team"), p.team))
        row = None
        if self.table is not None:
            row = next((r for r in (*self.table.rows, *self.table.apart) if r.player == pid), None)
        if row is not None and self.table is not None:
            facts += [
                (_("Place"), row.place_label or "-"),
                (_("Total"), format_thousands(row.total)),
                (_("Games"), str(row.games)),
                (_("Avg place"), "" if row.average_place is None else f"{row.average_place:.2f}"),
            ]
        parts.append(
            "<dl>"
            + "".join(f'<dt>{_e(k)}</dt><dd dir="auto">{_e(v)}</dd>' for k, v in facts)
            + "</dl>"
        )
        numbers = self._numbers(pid)
        if numbers is not None:
            parts.append(numbers)
        if row is not None and self.table is not None:
            parts.append(_h2(pgettext("site heading", "Games")))
            _title, lines, _total = history(self.table, pid)
            rows: list[list[_Cell]] = []
            for line in lines:
                table_cell: _Cell = ""
                if line.round is not None and line.table is not None:
                    table_cell = _Link(
                        str(line.table),
                        self._to(path, _table_path(self.lang, line.round, line.table)),
                    )
                rows.append(
                    [
                        "" if line.round is None else str(line.round),
                        table_cell,
                        wind_name(line.seat) if line.seat else "",
                        _ordinal(line.place),
                        "" if line.final is None else format_number(line.final),
                        "" if line.points is None else format_thousands(line.points),
                        format_thousands(line.running),
                        line.note,
                    ]
                )
            heads = [
                _("Round"),
                _("Table"),
                _("Seat"),
                _("Place"),
                _("Final"),
                _("Points"),
                _("Running"),
                _("Note"),
            ]
            parts.append(self._grid(heads, rows, frozenset({0, 1, 3, 4, 5, 6})))
        seated = [
            (r, t, table.index(pid), table)
            for r, tables in sorted(self.state.seating.items())
            for t, table in enumerate(tables, start=1)
            if pid in table
        ]
        if self.state.seating:
            parts.append(_h2(_("Seating")))
            where = {r: (t, s, table) for r, t, s, table in seated}
            rows = []
            for r in sorted(self.state.seating):
                if r not in where:
                    rows.append([str(r), _("bye"), "", ""])
                    continue
                t, s, table = where[r]
                others = tuple(self._player(o, path) for o in table if o != pid)
                rows.append(
                    [
                        _Link(str(r), self._to(path, _round_path(self.lang, r))),
                        _Link(str(t), self._to(path, _table_path(self.lang, r, t))),
                        seat_name(s),
                        others,
                    ]
                )
            heads = [_("Round"), _("Table"), _("Seat"), _("Opponents")]
            parts.append(self._grid(heads, rows, frozenset({0, 1})))
        self.page(path, p.name, "\n".join(parts))

    def _numbers(self, pid: str) -> str | None:
        """The player's numbers (docs/stats.md), over the rounds the site tells: with
        `hide_incomplete_rounds`, those of the standings shown; None before their first hand."""
        last: int | None = None
        if self.state.settings.standings_config().hide_incomplete_rounds:
            last = 0 if self.table is None else self.table.round
        tally = player_tally(self.state, pid, last_round=last)
        if not tally.hands:
            return None
        rows: list[list[_Cell]] = [[label, value] for label, value in figure_lines(tally)]
        return (
            _h2(pgettext("site heading", "Numbers"))
            + "\n"
            + self._grid([_("Figure"), _("Value")], rows, frozenset({1}))
            + "\n"
            + _note(
                _(
                    "Rates are counts out of the total (3/40). Hands are every hand at the "
                    "player's table, draws included; a double ron is one deal-in."
                )
            )
        )

    def crosstable(self) -> None:
        path = f"{self.lang}/crosstable.html"
        rounds = sorted(self.state.seating)
        parts = []
        if self.table is None:
            parts.append(_note(_("No round has a result yet.")))
        else:
            table = self.table
            everyone = (*table.rows, *table.apart)
            rows: list[list[_Cell]] = []
            for r in everyone:
                games = {g.round: g for g in table.breakdown(r.player).games}
                byes = {rnd for rnd, _value in table.breakdown(r.player).byes}
                line: list[_Cell] = [
                    r.place_label or "-",
                    self._player(r.player, path, r.name),
                    format_thousands(r.total),
                ]
                for rnd in rounds:
                    g = games.get(rnd)
                    if g is not None:
                        link = _Link(
                            _("Table {table}").format(table=g.table),
                            self._to(path, _table_path(self.lang, rnd, g.table)),
                        )
                        shown = format_thousands(g.points)
                        line.append((link, f"{_ordinal(g.place)}\u00a0{shown}"))
                    elif rnd in byes:
                        line.append(_("bye"))
                    else:
                        line.append(self._seated_cell(path, rnd, r.player))
                rows.append(line)
            heads = [
                _("Place"),
                _("Name"),
                _("Total"),
                *(_("Round {round}").format(round=rnd) for rnd in rounds),
            ]
            parts.append(self._grid(heads, rows, frozenset({0, 2}), "cross"))
            parts.append(_note(_("Each round: the table, the place and the points.")))
        self.page(path, _("Cross-table"), "\n".join(parts))

    def _seated_cell(self, here: str, rnd: int, pid: str) -> _Cell:
        for t, table in enumerate(self.state.seating.get(rnd, ()), start=1):
            if pid in table:
                return _Link(
                    _("Table {table}").format(table=t),
                    self._to(here, _table_path(self.lang, rnd, t)),
                )
        return ""


# --- The whole site --------------------------------------------------------------------------

_CSS = """\
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body { margin: 0 auto; max-width: 60rem; padding: 0.75rem; font-size: 16px; line-height: 1.45;
       font-family: system-ui, -apple-system, "Segoe UI", "DejaVu Sans", "Noto Sans",
       "Noto Sans CJK JP", "Hiragino Sans", "Yu Gothic", sans-serif; color: #111;
       background: #fff; }
:lang(ja) body, body:lang(ja) { font-family: "Noto Sans CJK JP", "Hiragino Sans", "Yu Gothic",
       system-ui, "DejaVu Sans", sans-serif; }
a { color: #0645ad; }
header { border-bottom: 2px solid #333; margin-bottom: 0.75rem; padding-bottom: 0.4rem; }
header .event { font-weight: bold; margin: 0 0 0.3rem; }
nav { display: flex; flex-wrap: wrap; gap: 0.3rem 0.9rem; }
nav a.lang { margin-left: auto; }
h1 { font-size: 1.5rem; margin: 0.4rem 0 0.8rem; overflow-wrap: anywhere; }
h2 { font-size: 1.2rem; margin: 1.4rem 0 0.5rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.2rem 1rem; margin: 0; }
dt { font-weight: bold; }
dd { margin: 0; overflow-wrap: anywhere; }
ul { padding-left: 1.2rem; }
li { margin: 0.25rem 0; }
.tables a { margin-right: 0.6rem; white-space: nowrap; }
.scroll { overflow-x: auto; -webkit-overflow-scrolling: touch; }
table { border-collapse: collapse; font-size: 0.95rem; }
th, td { border-bottom: 1px solid #ccc; padding: 0.3rem 0.5rem; text-align: start;
         vertical-align: top; }
th { background: #eee; white-space: nowrap; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
table.standings td:nth-child(2) { min-width: 9rem; }
table.hands .delta { display: block; font-size: 0.8rem; color: #555; }
table.hands th { white-space: normal; }
table.hands .label { white-space: nowrap; }
tr.event td { font-size: 0.85rem; color: #333; background: #f7f7f7; }
code { font-size: 0.85rem; white-space: nowrap; }
p.note { font-size: 0.9rem; color: #333; margin: 0.4rem 0; }
footer { margin-top: 2rem; font-size: 0.8rem; color: #555; border-top: 1px solid #ccc;
         padding-top: 0.4rem; }
@media (max-width: 480px) {
  body { padding: 0.5rem; font-size: 15px; }
  th, td { padding: 0.25rem 0.35rem; }
  h1 { font-size: 1.3rem; }
}
@media print { nav, footer { display: none; } a { color: #000; text-decoration: none; } }
"""


def _landing(name: str, languages: Sequence[str]) -> str:
    first = languages[0]
    items = "".join(
        f'<li><a href="{lang}/index.html" lang="{lang}" hreflang="{lang}">'
        f"{_e(_ENDONYMS.get(lang, lang))}</a></li>"
        for lang in languages
    )
    return (
        f'<!DOCTYPE html>\n<html lang="{first}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f'<title>{_e(name)}</title>\n<link rel="stylesheet" href="style.css">\n</head>\n'
        f'<body>\n<main>\n<h1 dir="auto">{_e(name)}</h1>\n<ul class="languages">{items}</ul>\n'
        "</main>\n</body>\n</html>\n"
    )


def build_site(session: EventSession, languages: Sequence[str] = LANGUAGES) -> dict[str, bytes]:
    """Every file of the event's results site, by its path relative to the site's folder.

    `session` is the open event (its log, entries, fold and standings). The same settings and
    log always give the same bytes. Raises `StandingsConfigError` for a bad `[standings]` table
    and `LanguageError` for a language with no catalogue.
    """
    records, entries = session.store.log, session.entries
    site: dict[str, bytes] = {"style.css": _CSS.encode()}
    for lang in languages:
        with speaking(lang):
            # One fold serves every language (its problems are put into words when shown);
            # the session keeps the standings of each language apart (their notes are words).
            state = session.folder().state()
            table = session.standings(state)
            story = replay(state, records, entries, functools.partial(session.standings, state))
            pages = _Pages(lang, languages, state, story.events, entries, table).build()
            site.update({path: text.encode() for path, text in pages.items()})
    site["index.html"] = _landing(session.store.event.event.name, languages).encode()
    return dict(sorted(site.items()))

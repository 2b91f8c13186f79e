"""The log screen (mode "log", F6): every entry, newest first; replay and corrections start here.

Each line is a record of the event file's log told as `mjevent replay` tells it: the time, the
round and table, the kind, what happened (a hand with its payments and the scores after, a
game's result with uma and oka, a player withdrawn ...). A voided entry is struck through and
the correction that voided it is listed too. Under the list, the selected entry in full.

At 20,000 entries the newest 1,000 that pass the filter are listed (`m` lists 1,000 more).

Keys: `/` the filter line (`r2 t3 hand Tanaka`: round, table, kind, part of a name; Enter
goes back to the list, Escape clears it), `enter` or `r` the event as it stood just after the
selected entry (`ReplayScreen`: `left` / `right` step through the log from there), `t` the
entry's table (the table view: undo, amend a hand, void the game), `v` void the selected entry
with a reason (a `Correction`; the original stays in the log).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Static
from textual.worker import get_current_worker

from mjevent.core.drafts import draft_correction
from mjevent.core.entries import WINDS, Entry
from mjevent.core.i18n import N_, _, listed, wind_name
from mjevent.core.standings import StandingRow, StandingsConfigError, StandingsError
from mjevent.core.state import EventState
from mjevent.events.session import EventSession
from mjevent.tui.console.dialogs.command import CommandDialog, Field, Plan
from mjevent.tui.console.keys import translate_bindings
from mjevent.tui.console.screens.base import EventScreen, ListScreen, console_of
from mjevent.tui.console.widgets.footer import ConsoleFooter
from mjevent.tui.console.widgets.sheet_table import SheetTable
from mjevent.tui.views.cells import cut
from mjevent.tui.views.changes import ChangePreview
from mjevent.tui.views.log import LogFilter, LogLine, kind_name, log_lines
from mjevent.tui.views.sheets import Column, shown_standings, standing_columns

__all__ = ["LogScreen", "ReplayScreen", "void_dialog"]


def _what(line: LogLine) -> str:
    # The replay's columns are padded for a terminal page; a table cell wants single spaces.
    text = " ".join(line.text.split())
    if line.voided:
        text = _("(voided) {text}").format(text=text)
    elif line.amended:
        text = _("(amended) {text}").format(text=text)
    return text


def _log_columns() -> tuple[Column, ...]:
    return (
        Column("#", lambda ln: str(ln.position + 1), lambda ln: ln.position),
        Column(N_("Time"), lambda ln: ln.time, lambda ln: ln.at),
        Column(N_("Where"), lambda ln: ln.where, lambda ln: (ln.round or 0, ln.table or 0)),
        Column(N_("Kind"), lambda ln: kind_name(ln.kind), lambda ln: ln.kind),
        Column(N_("What"), _what, lambda ln: ln.text),
    )


def _detail(line: LogLine, state: EventState) -> str:
    parts = [_("Entry {id} ({kind}), {at}").format(id=line.id, kind=kind_name(line.kind),
                                                   at=line.at)]
    parts.append(_what(line))
    if line.players:
        parts.append(_("Players: {names}").format(
            names=listed(sorted(state.name(p) for p in line.players))))
    if line.corrected_by:
        parts.append(_("Corrected by: {ids}").format(
            ids=listed(line.corrected_by)))
    parts.extend(_("Problem: {problem}").format(problem=p) for p in line.problems)
    return "\n".join(parts)


def void_dialog(screen: EventScreen, line: LogLine) -> CommandDialog:
    """The dialog that voids `line`'s entry with a reason, showing what voiding changes."""
    app = screen.console

    def plan(values: Mapping[str, str]) -> Plan:
        reason = values.get("reason", "")
        if not reason:
            raise ValueError(_("give the reason (the log keeps it next to the original)"))
        return Plan(draft_correction(app.session.stamp(), line.id, reason))

    return CommandDialog(
        _("Void entry {id}").format(id=line.id),
        f"{kind_name(line.kind)} {line.where}: {_what(line)}\n"
        + _("The entry stays in the log, voided by a correction that keeps your reason."),
        [Field("reason", _("Reason"), placeholder=_("why it is wrong (shown in the log)"))],
        plan,
        state=app.state,
        changes=ChangePreview(app.session),
    )


class LogScreen(ListScreen):
    """The whole log, newest first, with a filter; replay and voiding start here."""

    FOOTER_KEYS: ClassVar[tuple[str, ...]] = (
        "log.filter",
        "log.table",
        "log.void",
        "log.replay",
    )
    """The keys the footer keeps first when 80 columns cannot show them all."""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "slash", "search", N_("Filter"),
            tooltip=N_("Filter by round (r2), table (t3), kind (hand) or a player's name"),
            id="log.filter",
        ),
        Binding(
            "escape", "clear_search", N_("Clear filter"),
            tooltip=N_("Show every entry again"), id="log.clear_filter",
        ),
        Binding(
            "r", "replay", N_("Replay"),
            tooltip=N_("The event as it stood just after the selected entry; step from there"),
            id="log.replay",
        ),
        Binding(
            "m", "more", N_("More"),
            tooltip=N_("List 1,000 older entries too (or filter to find them)"),
            id="log.more",
        ),
        Binding(
            "t", "table", N_("Table"),
            tooltip=N_("Open the selected entry's table: its hands, undo, amend, void the game"),
            id="log.table",
        ),
        Binding(
            "v", "void", N_("Void"),
            tooltip=N_("Void the selected entry with a reason (a correction; nothing is deleted)"),
            id="log.void",
        ),
    ]

    HELP = N_(
        "Every entry of the event file, newest first. / filters (r2 t3 hand Tanaka: round, "
        "table, kind, a word of a name or of what the entry says); Enter or r shows the event "
        "as it stood just after the selected entry, left and right step from there; v voids "
        "the selected entry with a reason (the original stays in the log)."
    )

    PLACEHOLDER = N_("/ filter: r2 t3 hand name")
    PAGE = 1000
    """Lines listed at first, newest first: a table of 20,000 rows takes seconds to build, and
    a director looks for older entries with the filter (or `m`)."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: tuple[LogLine, ...] = ()
        self.filter = LogFilter()
        self.limit = self.PAGE
        self.matching = 0

    def on_mount(self) -> None:
        # "What" takes the width left and ends in an ellipsis (the detail below has it whole).
        self.query_one(SheetTable).fit_last = True
        super().on_mount()

    def show_state(self, state: EventState) -> None:
        session = self.console.session
        # The session's fold, its entries and the records they were read from, taken together.
        folder = session.folder()
        self.tell(session, folder.state(), list(session.store.log), folder.log, self.lines)

    # A description: by default Textual writes the repr of every argument (a whole
    # EventState, 20,000 log lines) on the event loop, which took seconds at 500 players.
    @work(thread=True, exclusive=True, group="log", description="tell the log")
    def tell(
        self,
        session: EventSession,
        state: EventState,
        records: list[dict[str, object]],
        entries: Sequence[Entry],
        told: tuple[LogLine, ...],
    ) -> None:
        """Tell the records (the replay's words) off the event loop: only the new ones when
        the log just grew."""
        lines = log_lines(state, records, entries, lambda: session.standings(state), told)
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self.show_lines, lines)

    def show_lines(self, lines: tuple[LogLine, ...]) -> None:
        """Show `lines` newest first, through the filter."""
        self.lines = lines
        state = self.console.state
        matching = [ln for ln in reversed(lines) if self.filter.matches(ln, state)]
        self.matching = len(matching)
        shown = matching[: self.limit]
        table = self.query_one(SheetTable)
        table.show(_log_columns(), shown, lambda ln: ln.id)
        if self.filter.empty:
            count = _("{n} of {total} entries").format(n=len(matching), total=len(lines))
        else:
            count = _("{n} of {total} entries match the filter").format(
                n=len(matching), total=len(lines))
        if len(shown) < len(matching):
            count = _("{count}; the newest {n} listed (m: more)").format(
                count=count, n=len(shown))
        self.query_one("#count", Static).update(count)
        self.update_detail()
        self.refresh_bindings()

    def show_detail(self, row: object) -> str:
        assert isinstance(row, LogLine)
        return _detail(row, self.console.state)

    @on(DataTable.RowSelected, "#list")
    def _selected(self) -> None:
        self.action_replay()

    # ----- the filter

    def search_changed(self, text: str) -> None:
        self.filter = LogFilter.parse(text)
        self.show_lines(self.lines)

    def action_more(self) -> None:
        self.limit += self.PAGE
        self.show_lines(self.lines)

    # ----- replay and corrections

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("replay", "void", "table"):
            line = self.query_one(SheetTable).current_item() if self.is_mounted else None
            if line is None:
                return None
            if action == "void" and line.voided:
                return None
            if action == "table" and (
                line.round is None
                or line.table is None
                or line.table > len(self.console.state.seating.get(line.round, ()))
            ):
                return None
        if action == "clear_search":
            return True if not self.filter.empty else None
        if action == "more":
            return self.matching > self.limit
        return True

    def action_replay(self) -> None:
        line = self.query_one(SheetTable).current_item()
        if line is None:
            return
        self.app.push_screen(ReplayScreen(self.lines, line.position), self._replay_closed)

    def _replay_closed(self, position: int | None) -> None:
        # Back from the replay: select the entry it was showing, clearing a filter that
        # would hide it.
        line = next((ln for ln in self.lines if ln.position == position), None)
        if line is None:
            return
        if not self.filter.matches(line, self.console.state):
            self.action_clear_search()
        self.query_one(SheetTable).go_to(line.id)
        self.update_detail()

    def action_table(self) -> None:
        line = self.query_one(SheetTable).current_item()
        if line is not None and line.round is not None and line.table is not None:
            self.console.show_table(line.round, line.table)

    def action_void(self) -> None:
        line = self.query_one(SheetTable).current_item()
        if line is None or line.voided:
            return
        self.app.push_screen(void_dialog(self, line))


_WIND_HEADERS = {"E": N_("East"), "S": N_("South"), "W": N_("West"), "N": N_("North")}
"""The replay's seat columns, headed by the seat wind in full."""


def _tables_columns(seats: int) -> tuple[Column, ...]:
    def seat(i: int) -> Column:
        return Column(
            _WIND_HEADERS[WINDS[i]],
            lambda row: row[1][i] if i < len(row[1]) else "",
            lambda row: row[1][i] if i < len(row[1]) else "",
        )

    return (
        Column(N_("Tbl"), lambda row: str(row[0]), lambda row: row[0]),
        Column(N_("State"), lambda row: row[2], lambda row: row[2]),
        *(seat(i) for i in range(seats)),
    )


def tables_after(
    state: EventState, rnd: int, name_width: int = 9
) -> list[tuple[int, list[str], str]]:
    """Each table of round `rnd` as (number, seat cells "name score", state) for the replay,
    names cut to `name_width` columns:
    state "done", "-" (not started) or the hand being played ("S3 2h": South 3, 2 honba)."""
    out = []
    for number, seats in enumerate(state.seating.get(rnd, ()), 1):
        game = state.game(rnd, number)
        if game is not None and game.result is not None:
            scores: tuple[int, ...] | None = game.result.final
            where = _("done")
        elif game is not None and game.state is not None:
            scores = game.state.scores
            # "S3 2h": South 3, 2 honba, short enough to leave the names room at 80 columns.
            g = game.state
            where = _("{wind}{hand} {honba}h").format(
                wind=wind_name(WINDS[g.round_wind]), hand=g.hand_number, honba=g.honba)
        else:
            scores, where = None, "-"
        cells = [
            cut(state.name(p), name_width)
            + ("" if scores is None else f" {scores[s] / 1000:.1f}")
            for s, p in enumerate(seats)
        ]
        out.append((number, cells, where))
    return out


class ReplayScreen(Screen[int]):
    """The event as it stood just after one entry: its round's tables and the standings.

    `left` / `right` step to the previous / next entry of the log; escape returns to the log
    with the entry shown last selected.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "left", "step(-1)", N_("Previous"),
            tooltip=N_("The event just after the previous entry"), id="replay.prev",
        ),
        Binding(
            "right", "step(1)", N_("Next"),
            tooltip=N_("The event just after the next entry"), id="replay.next",
        ),
        Binding(
            "home", "jump(0)", N_("First"),
            tooltip=N_("The event just after the first entry"), id="replay.first",
        ),
        Binding(
            "end", "jump(-1)", N_("Last"),
            tooltip=N_("The event as it stands now"), id="replay.last",
        ),
        Binding(
            "escape", "close", N_("Back"),
            tooltip=N_("Back to the log, at the entry shown"), id="replay.close",
        ),
    ]

    def __init__(self, lines: tuple[LogLine, ...], position: int) -> None:
        super().__init__()
        self.lines = lines
        self.index = next((i for i, ln in enumerate(lines) if ln.position == position), 0)
        translate_bindings(self)

    def compose(self) -> ComposeResult:
        with Vertical(id="replay-body"):
            yield Static("", markup=False, id="replay-title")
            yield SheetTable(id="replay-tables")
            yield Static("", markup=False, id="replay-standings-title")
            yield SheetTable(id="replay-standings")
        yield ConsoleFooter()

    def on_mount(self) -> None:
        # The tables are read, not browsed: with no focus on them, left and right (which a
        # table would take for its cursor) step through the log, and the footer says so.
        for table in self.query(SheetTable):
            table.can_focus = False
        self.show_index()

    def show_index(self) -> None:
        """Work out the event after the current entry (off the event loop) and show it."""
        line = self.lines[self.index]
        self.query_one("#replay-title", Static).update(
            Text.assemble(
                (_("After entry {n} of {total}").format(n=self.index + 1, total=len(self.lines)),
                 "bold"),
                f" ({line.time} {line.where} {kind_name(line.kind)}): {_what(line)}",
            )
        )
        self.refresh_bindings()
        self.replay(line)

    @work(thread=True, exclusive=True, group="replay", description="replay the log")
    def replay(self, line: LogLine) -> None:
        """The event as it stood just after the entry (the session's `as_of`), with the
        standings then."""
        past = console_of(self).session.as_of(line.position)
        then = past.state
        rnd = line.round if line.round is not None else then.current_round
        # Names get what the screen leaves them: 9 columns at 80, whole names on a wide screen.
        seats = then.rules.players
        width = max(9, min(24, (self.size.width - 14) // seats - 8))
        tables = tables_after(then, rnd, width)
        try:
            table = shown_standings(past.standings(), show_hidden=True)
            standings: tuple[StandingRow, ...] = table.rows
            heading = (
                _("Standings after round {round}").format(round=table.round) if table.round
                else _("No game finished yet")
            )
        except (StandingsConfigError, StandingsError) as error:
            standings, heading = (), _("Standings: {error}").format(error=error)
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(
                self.show_replay, then, rnd, tables, heading, standings
            )

    def show_replay(
        self,
        then: EventState,
        rnd: int,
        tables: list[tuple[int, list[str], str]],
        heading: str,
        standings: tuple[StandingRow, ...],
    ) -> None:
        """Show the round's tables and the standings as they stood."""
        self.query_one("#replay-tables", SheetTable).show(
            _tables_columns(then.rules.players), tables, lambda row: str(row[0])
        )
        self.query_one("#replay-standings-title", Static).update(
            _("Round {round} · {heading}").format(round=rnd, heading=heading))
        columns = tuple(
            c
            for c in standing_columns(then.rules.players)
            if c.header in ("Place", "Name", "Total", "Games", "Move")
        )
        self.query_one("#replay-standings", SheetTable).show(
            columns, standings, lambda r: r.player
        )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "step":
            wanted = self.index + int(str(parameters[0]))
            return True if 0 <= wanted < len(self.lines) else None
        return True

    def action_step(self, step: int) -> None:
        wanted = self.index + step
        if 0 <= wanted < len(self.lines):
            self.index = wanted
            self.show_index()

    def action_jump(self, where: int) -> None:
        self.index = where % len(self.lines)
        self.show_index()

    def action_close(self) -> None:
        self.dismiss(self.lines[self.index].position)

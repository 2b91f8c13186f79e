"""`OverviewScreen`: the home screen. The current round, every table as a row, what needs
attention, and the entry line with its preview (focused on opening).

A director types a result and presses Enter; the line is recorded through
`events.commands.record_line` (durably, like `mjevent record`), the table's row changes and the
standings move. A line that is only a table (`t3`, or `3`) opens that table's game instead.

Once the round's clock has started, every table shows its clock, recomputed once a second from
the log and the app's clock (`tick_clock`); late tables are listed under "Needs attention".

A line `r2 t3` (or `t3`, `3`: the round shown) opens that table, finished or not. When every
table of a round has its result the screen offers to start the next round's clock (ctrl+r);
once every planned round (`[event] rounds`) is finished it says that the event is over, with
the podium, and the prize-giving (ctrl+g) reveals the places.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Input, Static

from mjevent.core.clock import ClockPhase, TableClock, clock_text
from mjevent.core.entries import TableEntrySubmitted, seat_and_name
from mjevent.core.finish import (
    MAX_ROUNDS,
    event_finished,
    final_places,
    next_round_waiting,
    planned_rounds,
    podium,
    round_finished,
    shown_round,
)
from mjevent.core.i18n import N_, _, format_thousands, ngettext, pgettext
from mjevent.core.preview import LineError, entry_examples, preview_line
from mjevent.core.standings.compute import Standings
from mjevent.core.state import EventState, Folder
from mjevent.events.commands import record_read_line, set_planned_rounds, start_round
from mjevent.events.errors import EventFileError
from mjevent.events.stations import approve_table_entry, reject_table_entry, table_entry_line
from mjevent.tui.console.dialogs.numbers import Ask, NumbersDialog
from mjevent.tui.console.dialogs.reason import ReasonDialog
from mjevent.tui.console.keys import translate_bindings
from mjevent.tui.console.screens.base import console_of
from mjevent.tui.console.widgets.entry_line import (
    EntryLine,
    EntryPreview,
    LineReading,
    line_hint,
)
from mjevent.tui.console.widgets.footer import ConsoleFooter
from mjevent.tui.console.widgets.table_list import (
    TableList,
    TableStatus,
    round_clocks,
)
from mjevent.tui.views.sheets import standings_or_none

__all__ = ["OverviewScreen", "attention_lines", "clock_attention", "event_end_text"]

ATTENTION_LINES = 3
PENDING_LINES = 3
"""Table entries listed under the entry line; `mjevent pending` lists them all."""
"""Items of the attention list shown under the tables; the rest are counted."""

CLOCK_TICK_SECONDS = 1.0
"""How often the tables' clocks are recomputed (only the clock cells that changed are drawn)."""

RECORD_ERRORS = (ValueError, EventFileError)
"""What recording a line can raise (`EntrySyntaxError`, `AmbiguousEntryError`,
`IllegalHandError`, `CommandError` are all `ValueError`s); each names the fix, and nothing was
written. The console shows it and keeps the line."""


def attention_lines(state: EventState, round: int) -> list[str]:
    """What the director should look at: every problem of the log (by table when it names one),
    a round with no seating, and the tables of `round` still playing after time was called."""
    lines: list[str] = []
    by_table = state.table_problems
    for (rnd, table), problems in sorted(by_table.items()):
        lines.extend(
            _("round {round} table {table}: {problem}").format(
                round=rnd, table=table, problem=p.message
            )
            for p in problems
        )
    tabled = {p for ps in by_table.values() for p in ps}
    lines.extend(str(p) for p in state.problems if p not in tabled)
    if not state.seating.get(round):
        lines.append(_("round {round} is not seated yet: no table can record a hand until the "
                       "players are seated").format(round=round))
    clock = state.clocks.get(round)
    if clock is not None and clock.time_called:
        for number in range(1, len(state.seating.get(round, ())) + 1):
            game = state.game(round, number)
            called = 0 in clock.time_called or number in clock.time_called
            if called and (game is None or game.result is None):
                lines.append(_("table {table}: time called, still playing").format(table=number))
    return lines


def clock_attention(clocks: Mapping[int, TableClock]) -> list[str]:
    """The late tables not told the time call yet, for "Needs attention": "table 3: time up"
    (its time ran out and it has no result), "table 5: +3:00 extra" (it plays on extra time of
    its own). A table told the call is listed by `attention_lines` ("time called, still
    playing").

    >>> from mjevent.core.clock import TimeLeft
    >>> def clock(phase: ClockPhase, extra: int) -> TableClock:
    ...     left = TimeLeft(1, 1, phase, 0, 0, 5400 + extra, extra, None, None)
    ...     return TableClock(left, None, False, True, "")
    >>> clock_attention({5: clock(ClockPhase.RUNNING, 180), 3: clock(ClockPhase.TIME_UP, 0)})
    ['table 3: time up', 'table 5: +3:00 extra']
    """
    lines: list[str] = []
    for number, clock in sorted(clocks.items()):
        if not clock.late or clock.call is not None:
            continue
        if clock.left.phase is ClockPhase.TIME_UP:
            lines.append(_("table {table}: time up").format(table=number))
        else:
            lines.append(_("table {table}: +{time} extra").format(
                table=number, time=clock_text(clock.left.table_extra)))
    return lines


def event_end_text(
    state: EventState,
    standings: Callable[[], Standings | None],
    key: Callable[[str], str],
) -> Text | None:
    """What the overview says above the tables once a round or the event is over, or None.

    The event finished: that, and the podium of the final standings (`standings`, asked only
    then: `sheets.standings_or_none` of the session). A round finished and the
    next seated, its clock not started: the key that starts it. Every seated round finished,
    the next not seated and no number of rounds planned: seat it, or say the event is over.
    `key` shows the key of a binding id.
    """
    if event_finished(state):
        rounds = planned_rounds(state.settings) or 0
        text = Text(
            ngettext("Event finished: its {count} round played.",
                     "Event finished: all {count} rounds played.", rounds
                     ).format(count=rounds) + "  ",
            style="bold green",
        )
        text.append(_("{key} prize-giving · F3 all places").format(key=key("overview.prizegiving")),
                    style="green")
        places = podium(final_places(standings()))
        if places:
            text.append("\n" + _("Final standings: ") , style="bold")
            text.append(pgettext("joins places", " · ").join(
                f"{p.place}. {p.name} {format_thousands(p.total)}" for p in places))
        return text
    waiting = next_round_waiting(state)
    if waiting is not None:
        return Text(
            _("Round {done} is finished: every table has its result. {key} starts round "
              "{round}'s clock.").format(done=waiting - 1, round=waiting,
                                         key=key("overview.start_next")),
            style="bold green",
        )
    rnd = state.current_round
    if (planned_rounds(state.settings) is None and rnd > 1 and rnd not in state.seating
            and round_finished(state, rnd - 1)):
        return Text(
            _("Every seated round is finished. Seat round {round} (F5), or, if the event is "
              "over, say how many rounds it planned ({key}).").format(
                round=rnd, key=key("overview.rounds")),
            style="bold green",
        )
    return None


class OverviewScreen(Screen[None]):
    """Every table of the current round, the entry line and what needs attention."""

    FOOTER_KEYS: ClassVar[tuple[str, ...]] = (
        "overview.start_next",
        "overview.approve",
        "overview.reject",
        "overview.table",
        "overview.focus_tables",
    )
    """The keys the footer keeps first when 80 columns cannot show them all (those that come
    and go first: the next round's clock, a table's entry waiting for approval)."""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "ctrl+t", "open_table", N_("Table"), id="overview.table",
            tooltip=N_("Show the table named on the entry line (t3) or highlighted in the list"),
        ),
        Binding(
            "ctrl+e", "focus_entry", N_("Entry line"), id="overview.focus_entry",
            tooltip=N_("Put the cursor on the entry line"),
        ),
        Binding(
            "ctrl+l", "focus_tables", N_("Tables"), id="overview.focus_tables",
            tooltip=N_("Move to the list of tables (arrows pick one, Enter opens it)"),
        ),
        Binding(
            "ctrl+r", "start_next", N_("Next round"), id="overview.start_next",
            tooltip=N_("Every table of the round has finished: start the next round's clock"),
        ),
        Binding(
            "ctrl+g", "prizegiving", N_("Prize-giving"), id="overview.prizegiving", show=False,
            tooltip=N_("Reveal the final places from the bottom up, here and on the projector"),
        ),
        Binding(
            "ctrl+o", "plan_rounds", N_("Rounds planned"), id="overview.rounds", show=False,
            tooltip=N_("Say how many rounds the event plans: after the last one it is "
                       "finished"),
        ),
        Binding(
            "ctrl+y", "approve_pending", N_("Approve"), id="overview.approve",
            tooltip=N_("Approve the table entry marked ▶ under the entry line: it counts in "
                       "its game"),
        ),
        Binding(
            "ctrl+n", "reject_pending", N_("Reject"), id="overview.reject",
            tooltip=N_("Reject the table entry marked ▶, with a reason: it never counts"),
        ),
    ]
    HELP = N_(
        "Type a result on the entry line and press Enter (syntax: docs/entry.md). "
        "The preview under it shows what the line does before you press Enter."
    )

    def __init__(self) -> None:
        super().__init__()
        self._recorded: Text | None = None
        self._texts: dict[str, Text] = {}
        self._attention: list[str] = []
        """`attention_lines` of the state shown (the late tables are added at each tick)."""
        self._now: dt.datetime | None = None
        """The moment the tables' clocks show (the last tick)."""
        self._waiting: int | None = None
        """The round whose clock ctrl+r starts now (`next_round_waiting`), as last shown."""
        self._reading = LineReading()
        self._entering = False
        """True while Enter records the line (`show_state` leaves its preview alone)."""
        translate_bindings(self)

    def compose(self) -> ComposeResult:
        yield Static(markup=False, id="round-bar")
        with Vertical(id="entry"):
            yield EntryLine(id="entry-line")
            # min-height: 8 in overview.tcss, the last a blank line: 7 of text
            yield EntryPreview(min_lines=7, id="entry-preview")
        yield Static(id="event-end", markup=False)
        yield Static(id="pending", markup=False)
        yield TableList(id="tables")
        yield Static(markup=False, id="attention")
        yield ConsoleFooter()

    def on_mount(self) -> None:
        self.watch(self.app, "state", self.show_state)
        self.query_one(EntryPreview).show(None)
        line = self.query_one(EntryLine)
        self.watch(line, "value", self.line_typed, init=False)
        line.focus()
        self.set_interval(CLOCK_TICK_SECONDS, self._tick)

    @property
    def event_state(self) -> EventState:
        """The state the app shows now."""
        state: EventState = self.app.state  # type: ignore[attr-defined]
        return state

    def show_state(self, state: EventState) -> None:
        """Re-render for a new state: the changed rows, the counts, the preview of the line."""
        rnd = shown_round(state)
        tables = self.query_one(TableList)
        tables.show(state, rnd)
        rows = tables.table_rows
        done = sum(r.status == TableStatus.FINISHED for r in rows)
        planned = planned_rounds(state.settings)
        bar = Text.assemble(
            (_("Round {round}").format(round=rnd) if planned is None
             else _("Round {round} of {rounds}").format(round=rnd, rounds=planned), "bold"),
            "  ·  ",
            _("{done}/{tables} tables finished").format(done=done, tables=len(rows)),
            "  ·  ",
            (state.settings.event.name, "italic"),
        )
        self._update("#round-bar", bar, layout=False)  # one line, always
        self._show_examples(state)
        self._show_event_end(state)
        self._show_pending(state)
        waiting = next_round_waiting(state)
        if waiting != self._waiting:
            # ctrl+r comes and goes with it; the footer is redrawn only then.
            self._waiting = waiting
            self.refresh_bindings()
        self._attention = attention_lines(state, rnd)
        self._show_clocks()
        line = self.query_one(EntryLine)
        # Not while the line is being recorded: the new state is its own, and what is shown
        # next is "recorded" (previewing it again would score the hand a second time).
        if line.value.strip() and not self._entering:
            self._preview(line.value)

    def _show_examples(self, state: EventState) -> None:
        """The hints' examples fit the event: a table the round has, a seat's score each."""
        examples = entry_examples(state)
        preview = self.query_one(EntryPreview)
        if examples == preview.examples:
            return
        preview.examples = examples
        line = self.query_one(EntryLine)
        line.placeholder = line_hint(examples)
        if not line.value.strip() and self._recorded is None:
            preview.show(None)

    def _show_event_end(self, state: EventState) -> None:
        """The event is over (with the podium), or a round is over and the next one waits."""
        panel = self.query_one("#event-end", Static)
        session = console_of(self).session
        text = event_end_text(state, lambda: standings_or_none(session, state), self._key)
        panel.display = text is not None
        self._update("#event-end", text or Text(""))

    def _key(self, binding_id: str) -> str:
        """How the key bound to `binding_id` is shown (it may be rebound in keymap.toml)."""
        for key, bindings in self._bindings.key_to_bindings.items():
            for binding in bindings:
                if binding.id == binding_id:
                    return self.app.get_key_display(binding.with_key(key))
        return binding_id

    # --- the tables' clocks ----------------------------------------------------------------------

    def tick_clock(self) -> None:
        """Recompute every table's clock for the app's clock now: the clock cells that changed,
        and the attention list with the late tables."""
        self._now = self.app.clock()  # type: ignore[attr-defined]
        self._show_clocks()

    def _show_clocks(self) -> None:
        # A new state is shown at the moment of the last tick: only the clocks the new entry
        # changed (a result, an extension, the call) are redrawn, not every clock whose second
        # has passed since (the next tick's work), so Enter still repaints one row.
        state = self.event_state
        rnd = shown_round(state)
        if self._now is None:
            self._now = self.app.clock()  # type: ignore[attr-defined]
        clocks = round_clocks(state, rnd, self._now)
        self.query_one(TableList).show_clocks(rnd, clocks)
        self._show_attention(self._attention, clock_attention(clocks))

    def _tick(self) -> None:
        # Hidden behind another screen (the timer, a table): nothing to draw until it returns.
        if self.is_current:
            self.tick_clock()

    def on_screen_resume(self) -> None:
        """Back on screen: the clocks at once, not at the next tick."""
        self.tick_clock()

    def _show_attention(self, lines: list[str], late: list[str]) -> None:
        attention = lines + late
        if attention:
            shown = attention[:ATTENTION_LINES]
            more = len(attention) - len(shown)
            text = Text(_("Needs attention: "), style="bold red")
            text.append("\n".join(shown), style="red")
            if more:
                # The late tables come last: some are among those counted here.
                where = _("the list shows each table's clock") if late else (
                    _("mjevent check lists them all"))
                text.append("\n" + _("… and {more} more ({where})").format(more=more, where=where),
                            style="red")
            self._update("#attention", text)
        else:
            self._update("#attention", Text(_("Nothing needs attention"), style="dim"))

    def _update(self, selector: str, text: Text, *, layout: bool = True) -> None:
        # Only what changed: each update of a Static asks for a new layout of the whole screen,
        # which at every Enter costs more than the row that changed.
        if self._texts.get(selector) != text:
            self._texts[selector] = text
            self.query_one(selector, Static).update(text, layout=layout)

    # --- the entry line --------------------------------------------------------------------------

    def _preview(self, text: str) -> None:
        line = self.query_one(EntryLine)
        preview = self.query_one(EntryPreview)
        state = self.event_state
        parsed = self._reading.read(state, text) if text.strip() else None
        # A line that only names a table (`t3`, `3`, `r2 t3`) is not previewed: Enter opens it.
        if parsed is None or parsed.opens is not None:
            line.mark_error(None)
            if self._recorded is not None and parsed is None:
                preview.set_text(self._recorded)
            else:
                preview.show(None)
            return
        self._recorded = None
        folder: Folder = self.app.session.folder()  # type: ignore[attr-defined]
        result = preview_line(folder, parsed)
        line.mark_error(result.span if isinstance(result, LineError) else None)
        preview.show(result)

    def line_typed(self, text: str) -> None:
        """Preview the line as it is typed: called as the line's value changes (a watcher, not
        `Input.Changed`), so the key's new character and its preview are painted in one frame
        (after a message, the preview waited for the screen's next frame, up to 1/60 s)."""
        self._preview(text)

    @on(Input.Submitted, "#entry-line")
    def line_entered(self, event: Input.Submitted) -> None:
        """Record the line (or open the table it names); on error keep the line and say why."""
        line = self.query_one(EntryLine)
        text = event.value.strip()
        if not text:
            return
        # The reading the preview made, unless the line had spaces around it (read again, so
        # that an error quotes the line as recorded) or the event changed since.
        parsed = self._reading.read(self.event_state, text)
        if parsed.opens is not None:
            line.accepted()
            self._open(parsed.opens[1], parsed.opens[0])
            return
        self._entering = True
        try:
            self.app.run_command(record_read_line, parsed)  # type: ignore[attr-defined]
        except RECORD_ERRORS as error:
            self.query_one(EntryPreview).show(LineError(str(error)))
            return
        finally:
            self._entering = False
        # Shown until the next line is typed: emptying the line (`accepted`) previews "", which
        # shows it.
        self._recorded = Text.assemble((_("✓ recorded "), "bold green"), text)
        line.accepted()

    # --- actions ---------------------------------------------------------------------------------

    def _open(self, table: int, round: int | None = None) -> None:
        state = self.event_state
        rnd = shown_round(state) if round is None else round
        if rnd not in state.seating:
            self.notify(_("round {round} is not seated").format(round=rnd), severity="error")
            return
        if state.table_seats(rnd, table) is None:
            count = len(state.seating.get(rnd, ()))
            self.notify(
                _("table {table} does not exist in round {round} ({count} tables)").format(
                    table=table, round=rnd, count=count),
                severity="error",
            )
            return
        self.app.show_table(rnd, table)  # type: ignore[attr-defined]

    def action_open_table(self) -> None:
        """Open the table named on the entry line, else the highlighted one."""
        parsed = self._reading.read(self.event_state, self.query_one(EntryLine).value)
        if parsed.table is not None:
            self._open(parsed.table, parsed.round if parsed.round_span is not None else None)
            return
        tables = self.query_one(TableList)
        if tables.row_count:
            self._open(tables.cursor_row + 1)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The next round's clock is offered only while it waits for its start; approve and
        reject only while a table entry waits."""
        if action == "start_next":
            return next_round_waiting(self.event_state) is not None
        if action in ("approve_pending", "reject_pending"):
            return bool(self.event_state.pending)
        return True

    # --- the tables' own entries (docs/serve.md) -------------------------------------------------

    def _pending_target(self, state: EventState) -> TableEntrySubmitted | None:
        """The table entry ctrl+y and ctrl+n act on: the first one of the table highlighted in
        the list, else the oldest."""
        if not state.pending:
            return None
        tables = self.query_one(TableList)
        rnd = shown_round(state)
        if tables.row_count:
            here = tables.cursor_row + 1
            for entry in state.pending.values():
                if (entry.round, entry.table) == (rnd, here):
                    return entry
        return next(iter(state.pending.values()))

    def _show_pending(self, state: EventState) -> None:
        """The table entries waiting for the director (or a second seat), the one the keys act
        on marked ▶; hidden while none waits."""
        panel = self.query_one("#pending", Static)
        had = panel.display
        panel.display = bool(state.pending)
        if had != panel.display:
            self.refresh_bindings()  # ctrl+y and ctrl+n come and go with them
        if not state.pending:
            return
        target = self._pending_target(state)
        text = Text(
            ngettext(
                "{count} table entry waits ({approve} approves ▶, {reject} rejects it):",
                "{count} table entries wait ({approve} approves ▶, {reject} rejects it):",
                len(state.pending),
            ).format(
                count=len(state.pending), approve=self._key("overview.approve"),
                reject=self._key("overview.reject"),
            ),
            style="bold",
        )
        for entry in list(state.pending.values())[:PENDING_LINES]:
            mark = "▶ " if entry is target else "  "
            line = table_entry_line(entry, state.rules.players)
            who = seat_and_name(entry.seat, entry.player, state.name)
            words = _("{line}  entered by {who}").format(line=line, who=who)
            if state.conflicts(entry.id):
                words += "  " + _("CONFLICT")
            text.append("\n" + mark + words, style="yellow" if entry is target else "")
        more = len(state.pending) - PENDING_LINES
        if more > 0:
            text.append("\n  " + _("… and {more} more (mjevent pending lists them all)").format(
                more=more))
        self._update("#pending", text)

    def action_approve_pending(self) -> None:
        """Approve the marked table entry: it counts in its game from now on."""
        target = self._pending_target(self.event_state)
        if target is None:
            return
        try:
            self.app.run_command(approve_table_entry, target.id)  # type: ignore[attr-defined]
        except RECORD_ERRORS as error:
            self.notify(str(error), severity="error")
            return
        self.notify(_("Approved: {line}").format(
            line=table_entry_line(target, self.event_state.rules.players)))

    def action_reject_pending(self) -> None:
        """Ask why, then reject the marked table entry (it stays in the log, never counts)."""
        state = self.event_state
        target = self._pending_target(state)
        if target is None:
            return
        line = table_entry_line(target, state.rules.players)

        def chosen(reason: str | None) -> None:
            if reason is None:
                return
            try:
                self.app.run_command(  # type: ignore[attr-defined]
                    reject_table_entry, target.id, reason
                )
            except RECORD_ERRORS as error:
                self.notify(str(error), severity="error")
                return
            self.notify(_("Rejected: {line}").format(line=line))

        who = seat_and_name(target.seat, target.player, state.name)
        self.app.push_screen(
            ReasonDialog(
                _("Reject this table entry?"),
                _("{line}  entered by {who}").format(line=line, who=who),
            ),
            chosen,
        )

    def action_start_next(self) -> None:
        """Ask when the next round starts (0: now), then start its clock."""
        rnd = next_round_waiting(self.event_state)
        if rnd is None:
            return

        def chosen(answer: tuple[int, ...] | None) -> None:
            if answer is None:
                return
            now = self.app.clock()  # type: ignore[attr-defined]
            at = None if answer[0] == 0 else (
                now + dt.timedelta(minutes=answer[0])).isoformat(timespec="seconds")
            try:
                self.app.run_command(start_round, rnd, at=at)  # type: ignore[attr-defined]
            except RECORD_ERRORS as error:
                self.notify(str(error), severity="error")

        self.app.push_screen(
            NumbersDialog(
                _("Start round {round}").format(round=rnd),
                (Ask(_("Start in how many minutes"), 0, 60, 0),),
            ),
            chosen,
        )

    def action_prizegiving(self) -> None:
        """Show the prize-giving: the final places from the bottom up."""
        from mjevent.tui.console.screens.prizegiving import PrizegivingScreen

        self.app.push_screen(PrizegivingScreen())

    def action_plan_rounds(self) -> None:
        """Ask how many rounds the event plans, then write `[event] rounds`."""
        state = self.event_state
        planned = planned_rounds(state.settings)

        def chosen(answer: tuple[int, ...] | None) -> None:
            if answer is None:
                return
            try:
                self.app.run_command(set_planned_rounds, answer[0])  # type: ignore[attr-defined]
            except RECORD_ERRORS as error:
                self.notify(str(error), severity="error")
                return
            self.notify(ngettext("The event plans {rounds} round.",
                                 "The event plans {rounds} rounds.", answer[0]).format(
                rounds=answer[0]))

        default = planned if planned is not None else max(state.seating, default=1)
        self.app.push_screen(
            NumbersDialog(
                _("How many rounds does the event plan?"),
                (Ask(_("Rounds"), 1, MAX_ROUNDS, default),),
            ),
            chosen,
        )

    def action_focus_entry(self) -> None:
        """Focus the entry line."""
        self.query_one(EntryLine).focus()

    def action_focus_tables(self) -> None:
        """Focus the list of tables."""
        self.query_one(TableList).focus()

    @on(DataTable.RowHighlighted, "#tables")
    def row_moved(self, event: DataTable.RowHighlighted) -> None:
        """The ▶ follows the highlighted table when it has a table entry waiting."""
        if self.event_state.pending:
            self._show_pending(self.event_state)

    @on(DataTable.RowSelected, "#tables")
    def row_chosen(self, event: DataTable.RowSelected) -> None:
        """Enter on a table's row opens it."""
        self._open(int(str(event.row_key.value)))

"""`TableScreen`: one table's game hand by hand, with the running scores, and its corrections.

Every correction is a `correct_entry` log entry (the original stays in the log):
- `u` undoes the table's last entry (a void), after a confirmation showing what is undone;
- `a` amends the highlighted hand: its line comes up on the entry line, edited, Enter records
  the amendment in the hand's place (the preview tries it on the live fold in a worker: a hand
  early in a 500-player log folds thousands of hands again);
- `v` voids the whole game (every entry of the table, newest first), after a confirmation;
- `f` opens the form that builds an entry line from fields (`HandFormDialog`).
A new hand for this table can be typed on the line too (`ron S<-W 3/30`: the line is read with
this table as its default game, `EntryContext.game`).
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import DataTable, Input, Static
from textual.worker import get_current_worker

from mjevent.core.entries import WINDS, Entry, GameFinished, HandRecorded
from mjevent.core.i18n import N_, _, format_number, format_thousands, listed, ngettext, wind_name
from mjevent.core.notation import FinalLine, HandLine, ParsedLine, format_entry
from mjevent.core.preview import (
    LineError,
    LinePreview,
    entry_context,
    preview_amend,
    preview_line,
)
from mjevent.core.state import EventState, Folder, TableGame
from mjevent.events.commands import correct_entry, record_read_line
from mjevent.tui.console.dialogs.confirm import ConfirmDialog
from mjevent.tui.console.keys import translate_bindings
from mjevent.tui.console.screens.overview import RECORD_ERRORS
from mjevent.tui.console.widgets.entry_line import (
    EntryLine,
    EntryPreview,
    LineReading,
    preview_text,
)
from mjevent.tui.console.widgets.footer import ConsoleFooter

__all__ = ["TableScreen", "table_entries"]

UNDO_REASON = N_("undone at the console")
VOID_REASON = N_("game voided at the console")
"""The reasons written in the correction entries (in the console's language, like a reason the
director types)."""


def table_entries(state: EventState, round: int, table: int) -> list[Entry]:
    """The table's effective entries (hands and the game's finish) in log order."""
    return [
        e for e in state.entries
        if isinstance(e, HandRecorded | GameFinished) and e.round == round and e.table == table
    ]


def _entry_line(state: EventState, entry: Entry, *, own: bool = False) -> str:
    # In the entry's own round: the line never carries an `rN` the table view does not show;
    # `own`: nor the `tN` (the table's own game is the context's default game).
    rnd = getattr(entry, "round", None)
    game = (
        (entry.round, entry.table)
        if own and isinstance(entry, HandRecorded | GameFinished)
        else None
    )
    context = entry_context(state, rnd, game=game)
    if isinstance(entry, HandRecorded):
        return format_entry(HandLine(entry.round, entry.table, entry.hand), context)
    assert isinstance(entry, GameFinished)
    if entry.final is None:
        return _("t{table} game closed (the hands decide)").format(table=entry.table)
    return format_entry(
        FinalLine(entry.round, entry.table, entry.final, entry.deposits, entry.chombos), context
    )


def _own_line(state: EventState, entry: Entry) -> str:
    """An entry's line as the table view writes it, its table implied: `ron S<-W 3/30`
    (the hands' Entry column, and the line a hand being amended is put back on)."""
    return _entry_line(state, entry, own=True)


class TableScreen(Screen[None]):
    """The game at `table` in `round`."""

    FOOTER_KEYS: ClassVar[tuple[str, ...]] = (
        "table.form",
        "table.undo",
        "table.amend",
        "table.close",
        "table.focus_line",
    )
    """The keys the footer keeps first when 80 columns cannot show them all."""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", N_("Back"), id="table.close",
                tooltip=N_("Back to the overview")),
        Binding("u", "undo", N_("Undo last"), id="table.undo",
                tooltip=N_("Void this table's last entry (a correction; the original stays)")),
        Binding("a", "amend", N_("Amend hand"), id="table.amend",
                tooltip=N_("Put the highlighted hand on the line to correct it; Enter records "
                           "it")),
        Binding("v", "void_game", N_("Void game"), id="table.void",
                tooltip=N_("Void every entry of this game (corrections; the originals stay)")),
        Binding("f", "form", N_("Form"), id="table.form",
                tooltip=N_("Enter a hand by fields: outcome, winner, loser, han, fu, riichi, "
                           "tenpai")),
        Binding("e", "focus_line", N_("Type a hand"), id="table.focus_line",
                tooltip=N_("Put the cursor on the line to type this table's next hand")),
    ]
    HELP = N_(
        "One table's game hand by hand with the running scores. Every change is a correction "
        "entry in the log: nothing is ever deleted."
    )

    def __init__(self, round: int, table: int) -> None:
        super().__init__()
        self.round = round
        self.table = table
        self._shown_once = False
        self._done: Text | None = None
        self.amending: str | None = None
        """The id of the hand being amended, while its line is on the entry line."""
        self._reading = LineReading()
        self._amend_preview: (
            tuple[str, ParsedLine, Folder, LinePreview | LineError] | None
        ) = None
        self._reason: tuple[str, Folder, str] | None = None
        self._asked: tuple[str, ParsedLine, Folder] | None = None
        """What the amendment's preview on screen is for, or is being worked out for: the
        hand, the line as read, and the fold it is tried on. A worker's result for anything
        else is stale (a later keystroke, Escape, Enter, a new fold) and is dropped."""
        translate_bindings(self)

    def compose(self) -> ComposeResult:
        yield Static(markup=False, id="table-head")
        hands: DataTable[str | Text] = DataTable(id="hands", cursor_type="row", zebra_stripes=True)
        yield hands
        yield Static(markup=False, id="table-result")
        yield EntryLine(id="table-line")
        yield EntryPreview(id="table-preview")
        yield ConsoleFooter()

    def on_mount(self) -> None:
        self.watch(self.app, "state", self.show_state)
        self.query_one("#hands", DataTable).focus()

    @property
    def event_state(self) -> EventState:
        """The state the app shows now."""
        state: EventState = self.app.state  # type: ignore[attr-defined]
        return state

    @property
    def game(self) -> TableGame | None:
        """This table's game as the log stands."""
        return self.event_state.game(self.round, self.table)

    def show_state(self, state: EventState) -> None:
        """Re-render the hands, the running scores and the result."""
        seats = state.table_seats(self.round, self.table) or ()
        names = [state.name(p) for p in seats]
        head = Text.assemble(
            (_("Round {round} · Table {table}").format(round=self.round, table=self.table),
             "bold"), "  ",
            "  ".join(f"{wind_name(WINDS[s])} {n}" for s, n in enumerate(names)),
        )
        self.query_one("#table-head", Static).update(head)
        table = self.query_one("#hands", DataTable)
        row = table.cursor_row
        table.clear(columns=True)
        table.add_column("#", key="n", width=3)
        table.add_column(_("Hand"), key="hand", width=11)
        table.add_column(_("Entry"), key="entry")
        for s in range(len(seats)):
            table.add_column(wind_name(WINDS[s]), key=WINDS[s], width=7)
        game = state.game(self.round, self.table)
        wind, hand, honba = 0, 1, 0  # each hand is played where the one before left the game
        for n, played in enumerate(game.hands if game else (), 1):
            short = _("{wind}{hand}, {honba}h").format(
                wind=wind_name(WINDS[wind]), hand=hand, honba=honba)
            line = _own_line(state, self._entry(played.entry))
            table.add_row(str(n), short, Text(line),
                          *(format_number(s) for s in played.after.scores), key=played.entry)
            after = played.after
            wind, hand, honba = after.round_wind, after.hand_number, after.honba
        if table.row_count:
            # First shown: the newest hand, the one most often corrected.
            row = table.row_count - 1 if not self._shown_once else row
            table.move_cursor(row=min(max(row, 0), table.row_count - 1), animate=False)
        self._shown_once = True
        self.query_one("#table-result", Static).update(self._result_text(state, game, names))
        # A finished game takes no next hand: the hint says what can still be done.
        self.query_one(EntryLine).placeholder = (
            _("table {table} is finished: a amends the highlighted hand, u undoes the result")
            if game is not None and game.result is not None
            else _("next hand at table {table}: ron S<-W 3/30  (a amends the highlighted hand)")
        ).format(table=self.table)

    def _entry(self, entry_id: str) -> Entry:
        for entry in table_entries(self.event_state, self.round, self.table):
            if entry.id == entry_id:
                return entry
        raise KeyError(entry_id)

    def _result_text(self, state: EventState, game: TableGame | None, names: list[str]) -> Text:
        if game is None:
            return Text(_("not started"), style="dim")
        if game.result is not None:
            r = game.result
            order = sorted(range(len(names)), key=lambda s: (r.places[s], s))
            places = listed(
                _("{place}. {name} {score} ({points})").format(
                    place=r.places[s], name=names[s], score=format_number(r.final[s]),
                    points=format_thousands(r.points[s]))
                for s in order
            )
            return Text(_("finished: {places}  (points with uma and oka)").format(places=places),
                        style="bold green")
        if game.state is not None:
            g = game.state
            return Text(_("playing: {hand}, {sticks} riichi stick(s) on the table").format(
                hand=g.label, sticks=g.deposits))
        return Text("")

    # --- the line --------------------------------------------------------------------------------

    def _read(self, text: str) -> ParsedLine:
        """`text` as read on this screen: a line naming no table is for this table (in its
        round); one naming a table but no round is for the current round, or, while a hand is
        amended, for this table's round."""
        return self._reading.read(
            self.event_state,
            text,
            round=self.round if self.amending is not None else None,
            game=(self.round, self.table),
        )

    def _preview_amend(self, parsed: ParsedLine) -> LinePreview | LineError:
        """`preview_amend` of `parsed` on the session's live fold (the correction Enter would
        record, tried), at once: Enter's check. The worker's result (`_amendment_tried`) is
        reused when it is for this very hand, line and fold."""
        assert self.amending is not None
        folder: Folder = self.app.session.folder()  # type: ignore[attr-defined]
        kept = self._amend_preview
        if kept is not None and kept[:3] == (self.amending, parsed, folder):
            return kept[3]
        reason = self._amend_reason(folder, self.amending)
        result = preview_amend(folder, self.amending, parsed, reason)
        self._amend_preview = (self.amending, parsed, folder, result)
        return result

    def _amend_reason(self, folder: Folder, target: str) -> str:
        """The reason the amendment of hand `target` is recorded with (its line as it stands
        at the event `folder` folded), made once per hand and fold: the preview tries the very
        correction Enter records."""
        kept = self._reason
        if kept is None or kept[:2] != (target, folder):
            was = _entry_line(folder.state(), self._entry(target))
            reason = _("hand amended at the console (was: {was})").format(was=was)
            kept = self._reason = (target, folder, reason)
        return kept[2]

    def _show_amendment(self, parsed: ParsedLine) -> None:
        """Preview amending the hand to `parsed` on the session's live fold: at once when it
        was tried already, else the preview says it is working and a worker tries it."""
        assert self.amending is not None
        target = self.amending
        folder: Folder = self.app.session.folder()  # type: ignore[attr-defined]
        asked = self._asked = (target, parsed, folder)
        kept = self._amend_preview
        if kept is not None and kept[:3] == asked:
            self._show_amend_preview(kept[3])
            return
        # Made here, on the event loop: the reason folds `folder`'s state, once per fold, so
        # the worker's `folder.then` forks a fold whose state is made already.
        reason = self._amend_reason(folder, target)
        self._show_amend_preview(None)
        self._try_amendment(asked, reason)

    @work(thread=True, exclusive=True, group="amend-preview", description="preview an amendment")
    def _try_amendment(self, asked: tuple[str, ParsedLine, Folder], reason: str) -> None:
        """`preview_amend` of the line in `asked`, off the event loop; the result goes to
        `_amendment_tried`.

        Safe on this thread: trying an entry leaves the fold as it was (`Folder.then` returns
        a new one; the one mark it leaves on a working set it forks, the tables its last entry
        changed, is read only by that fold's `state()`, made on the event loop before this
        started), and the memo it shares with the session's folds on the event loop and the
        file watcher is dicts whose every read and write is one operation, atomic under the
        GIL, and whose hits are used only when their inputs are the very ones at hand: a race
        costs a miss, never a wrong result (as for the log screen's replay and the dialogs'
        previews, which fold on the same memo in workers)."""
        target, parsed, folder = asked
        result = preview_amend(folder, target, parsed, reason)
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._amendment_tried, asked, result)

    def _amendment_tried(
        self, asked: tuple[str, ParsedLine, Folder], result: LinePreview | LineError
    ) -> None:
        """Show the worker's `result` if it is still for the line and the live fold."""
        if asked != self._asked or self.amending != asked[0]:
            return  # a later keystroke, Escape or Enter: a newer preview (or none) is shown
        if self.app.session.folder() is not asked[2]:  # type: ignore[attr-defined]
            # Another process appended meanwhile: tried again on the fold now live.
            self._show_amendment(asked[1])
            return
        self._amend_preview = (*asked, result)
        self._show_amend_preview(result)

    def _show_amend_preview(self, result: LinePreview | LineError | None) -> None:
        """The amendment's preview under its head line; None: it is being worked out."""
        assert self.amending is not None
        preview = self.query_one("#table-preview", EntryPreview)
        head = Text(
            _("amending hand {n}: Enter records the correction, Escape cancels").format(
                n=self._hand_number(self.amending)
            ),
            style="bold",
        )
        width = preview.content_size.width or None
        body = (
            Text(_("Working out what this changes..."))
            if result is None
            else preview_text(result, width=width)
        )
        preview.set_text(head + Text("\n") + body)
        preview.set_class(isinstance(result, LineError), "-error")

    @on(Input.Changed, "#table-line")
    def line_changed(self, event: Input.Changed) -> None:
        """Preview the line (a new hand, or the amended one)."""
        self._preview(event.value)

    def _preview(self, value: str) -> None:
        """Preview the line `value` (a new hand, or the amended one)."""
        preview = self.query_one("#table-preview", EntryPreview)
        self._asked = None
        if not value.strip():
            self.amending = None
            if self._done is not None:
                preview.set_text(self._done)
            else:
                preview.show(None)
            return
        self._done = None
        parsed = self._read(value)
        if self.amending is not None:
            # What the amended hand would do, played from the scores before it.
            self._show_amendment(parsed)
            return
        folder: Folder = self.app.session.folder()  # type: ignore[attr-defined]
        result = preview_line(folder, parsed)
        preview.show(result)

    @on(Input.Submitted, "#table-line")
    def line_entered(self, event: Input.Submitted) -> None:
        """Record a new hand for this table, or the amendment of the highlighted one."""
        self._submit(event.value)

    def _submit(self, value: str) -> None:
        line = self.query_one("#table-line", EntryLine)
        preview = self.query_one("#table-preview", EntryPreview)
        text = value.strip()
        if not text:
            return
        self._asked = None  # what Enter shows stays: a worker's result coming later is dropped
        parsed = self._read(text)
        if self.amending is not None:
            refused = self._preview_amend(parsed)
            if isinstance(refused, LineError):
                preview.show(refused)
                return
        try:
            if self.amending is not None:
                self._amend(self.amending, parsed)
            else:
                self.app.run_command(record_read_line, parsed)  # type: ignore[attr-defined]
        except RECORD_ERRORS as error:
            preview.show(LineError(str(error)))
            return
        amended = self.amending is not None
        self.amending = None
        done = _("✓ amended ") if amended else _("✓ recorded ")
        self._done = Text.assemble((done, "bold green"), text)
        line.accepted()
        preview.set_text(self._done)
        if amended:
            # Back to the hands; after a new hand the line keeps the focus for the next one.
            self.query_one("#hands", DataTable).focus()

    def _amend(self, target: str, line: ParsedLine) -> None:
        parsed = line.result()
        if not isinstance(parsed, HandLine) or parsed.table != self.table:
            raise ValueError(_("{line!r}: an amended hand must be a hand at table {table}").format(
                line=line.text, table=self.table))
        original = self._entry(target)
        replacement = HandRecorded(id=original.id, at=original.at, round=parsed.round,
                                   table=parsed.table, hand=parsed.hand)
        self.app.run_command(  # type: ignore[attr-defined]
            correct_entry, target,
            self._amend_reason(self.app.session.folder(), target),  # type: ignore[attr-defined]
            replacement,
        )

    def _hand_number(self, entry_id: str) -> int:
        game = self.game
        ids = [h.entry for h in game.hands] if game else []
        return ids.index(entry_id) + 1 if entry_id in ids else 0

    # --- actions ---------------------------------------------------------------------------------

    def action_close(self) -> None:
        """Back to where the table was opened from (Escape on a line with text clears it)."""
        self._asked = None
        self.dismiss()

    def action_focus_line(self) -> None:
        """Type this table's next hand."""
        self.amending = None
        self.query_one("#table-line", EntryLine).focus()

    def action_undo(self) -> None:
        """Void the table's last entry, once the director confirms what is undone."""
        entries = table_entries(self.event_state, self.round, self.table)
        if not entries:
            self.notify(_("nothing recorded at this table yet"), severity="warning")
            return
        last = entries[-1]
        line = _entry_line(self.event_state, last)
        body = _("Undo the last entry of table {table}:\n\n  {line}\n\n"
                 "A correction voids it; the original stays in the log.").format(
                     table=self.table, line=line)

        def answered(yes: bool | None) -> None:
            if yes:
                self._void([last], UNDO_REASON)

        self.app.push_screen(ConfirmDialog(_("Undo?"), body), answered)

    def action_void_game(self) -> None:
        """Void every entry of this game, newest first, once confirmed."""
        entries = table_entries(self.event_state, self.round, self.table)
        if not entries:
            self.notify(_("nothing recorded at this table yet"), severity="warning")
            return
        body = _("Void the game at table {table} in round {round}: {n} entries, each by a "
                 "correction (the originals stay in the log).").format(
                     table=self.table, round=self.round, n=len(entries))

        def answered(yes: bool | None) -> None:
            if yes:
                self._void(list(reversed(entries)), VOID_REASON)

        self.app.push_screen(ConfirmDialog(_("Void the game?"), body), answered)

    def _void(self, entries: list[Entry], reason: str) -> None:
        for entry in entries:
            try:
                self.app.run_command(  # type: ignore[attr-defined]
                    correct_entry, entry.id, _(reason)
                )
            except RECORD_ERRORS as error:
                self.notify(str(error), title=_("Not corrected"), severity="error", timeout=10)
                return
        self.notify(ngettext("voided {n} entry", "voided {n} entries", len(entries)).format(
            n=len(entries)))

    def action_amend(self) -> None:
        """Put the highlighted hand's line on the entry line to edit it."""
        table = self.query_one("#hands", DataTable)
        if not table.row_count:
            self.notify(_("no hand to amend at this table"), severity="warning")
            return
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        assert key is not None
        self.amending = str(key)
        line = self.query_one("#table-line", EntryLine)
        text = _own_line(self.event_state, self._entry(self.amending))
        if line.value == text:
            # The same text posts no Input.Changed: preview this hand's amendment now (the
            # heading names the hand, the try is of this hand).
            self._preview(text)
        else:
            line.value = text
        line.cursor_position = len(line.value)
        line.focus()

    def action_form(self) -> None:
        """Enter a hand by fields; the form builds the same line as typing it."""
        from mjevent.tui.console.dialogs.hand_form import HandFormDialog

        state = self.event_state
        seats = state.table_seats(self.round, self.table) or ()

        def chosen(line: str | None) -> None:
            if line:
                entry = self.query_one("#table-line", EntryLine)
                self.amending = None
                entry.value = line
                entry.focus()
                self._submit(line)

        self.app.push_screen(
            HandFormDialog(self.round, self.table, [state.name(p) for p in seats]), chosen
        )

"""`TimerScreen`: the round clock, large enough to read across the room (F7 in the console, and
`mjevent timer FILE` on its own for a second terminal or a projector).

The clock is never kept here: every tick recomputes `core.clock.time_left` from the log's clock
entries and the app's clock, so two consoles, a restart or a crash show the same time. Every
key is one entry through `events.commands` (`start_round`, `pause_round`, `resume_round`,
`extend_round`, `call_time_for`). At each announcement (`[timer] warning_minutes`, the end of
time, the call) the face changes colour and the terminal bell rings. Under rules that call time
before the end (`time_call_minutes`, EMA 2025 §7.4: 15 minutes) the signal is the announcement:
the bell rings then, the warnings below it are not given and zero brings no sound.
"""

from __future__ import annotations

import datetime as dt
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Static

from mjevent.core.clock import (
    ClockPhase,
    TableCall,
    TimeLeft,
    clock_text,
    signal_minutes,
    table_clock,
    time_left,
)
from mjevent.core.i18n import N_, _, listed, ngettext, pgettext
from mjevent.core.rules import TimeCall
from mjevent.core.state import EventState
from mjevent.events.commands import (
    CommandError,
    call_time_for,
    extend_round,
    pause_round,
    resume_round,
    start_round,
)
from mjevent.events.errors import EventFileError
from mjevent.tui.console.dialogs.confirm import ConfirmDialog
from mjevent.tui.console.dialogs.numbers import Ask, NumbersDialog
from mjevent.tui.console.keys import translate_bindings
from mjevent.tui.console.widgets.big_clock import BigClock
from mjevent.tui.console.widgets.footer import ConsoleFooter

__all__ = ["TimerScreen", "announcement", "table_lines"]

TICK_SECONDS = 0.25
"""How often the face is recomputed: a displayed second is never more than a quarter late."""

_PHASE_CLASSES = {
    ClockPhase.NOT_STARTED: "-not-started",
    ClockPhase.COUNTDOWN: "-countdown",
    ClockPhase.RUNNING: "-running",
    ClockPhase.PAUSED: "-paused",
    ClockPhase.TIME_UP: "-time-up",
    ClockPhase.CALLED: "-called",
}


# What the room is told under each `rules.time_call`, as whole sentences (a translation words
# each its own way): when the clock reaches zero, once time is called, and in the director's
# confirmation before the call.
_TIME_UP = {
    TimeCall.NONE: N_("Time! Play on to the end of the game"),
    TimeCall.END_AFTER_HAND: N_("Time! Finish the current hand"),
    TimeCall.ONE_MORE_HAND: N_("Time! Finish the current hand, then one more hand"),
}
_CALLED = {
    TimeCall.NONE: N_("Time has been called: play on to the end of the game"),
    TimeCall.END_AFTER_HAND: N_("Time has been called: finish the current hand"),
    TimeCall.ONE_MORE_HAND: N_(
        "Time has been called: finish the current hand, then one more hand"
    ),
}
# The signal before the end (`time_call_minutes`, EMA 2025 §7.4): time is called while the clock
# still runs, and nothing sounds when it reaches zero.
_SIGNAL = {
    TimeCall.END_AFTER_HAND: N_("Time! The {minutes}-minute signal: finish the current hand"),
    TimeCall.ONE_MORE_HAND: N_(
        "Time! The {minutes}-minute signal: finish the current hand, then one more hand"
    ),
}
_CONFIRM = {
    TimeCall.NONE: N_(
        "{time} is still on the clock. Every table is told: play on to the end of the game."
    ),
    TimeCall.END_AFTER_HAND: N_(
        "{time} is still on the clock. Every table is told: finish the current hand."
    ),
    TimeCall.ONE_MORE_HAND: N_(
        "{time} is still on the clock. Every table is told: finish the current hand, then "
        "one more hand."
    ),
}


def announcement(state: EventState, left: TimeLeft) -> str:
    """The line under the digits: what the room is told now ("15 minutes left", "Time! Finish
    the current hand, then one more hand", "Paused", ...)."""
    rules = state.rules
    if left.phase is ClockPhase.NOT_STARTED:
        return _("Round {round} has not started ({minutes} minutes)").format(
            round=left.round, minutes=left.length // 60
        )
    if left.phase is ClockPhase.COUNTDOWN:
        return _("Round {round} starts in {time}").format(round=left.round, time=left.text)
    if left.phase is ClockPhase.PAUSED:
        return _("Paused")
    if left.phase is ClockPhase.TIME_UP and left.seconds > 0:
        return _(_SIGNAL[rules.time_call]).format(minutes=rules.time_call_minutes)
    if left.phase is ClockPhase.TIME_UP:
        return _(_TIME_UP[rules.time_call])
    if left.phase is ClockPhase.CALLED:
        return _(_CALLED[rules.time_call])
    if left.warning is not None:
        minutes = left.warning
        return ngettext("{n} minute left", "{n} minutes left", minutes).format(n=minutes)
    return _("Round {round} is being played").format(round=left.round)


def _call_said(call: TableCall) -> str:
    # What the call means at one table, from its hands left (the words are the timer's own).
    if call.hands_left is None:
        return pgettext("time call", "play to the end")
    if call.hands_left == 0:
        return pgettext("time call", "game over")
    if call.hands_left == 1:
        return pgettext("time call", "last hand")
    return pgettext("time call", "one more hand")


def table_lines(state: EventState, round: int, now: dt.datetime) -> list[str]:
    """One line per table with something of its own to say: a table's own extra time and
    clock, or, once time was called there, what the call means for it ("last hand", ...)."""
    if state.clocks.get(round) is None:
        return []
    lines: list[str] = []
    for number in range(1, len(state.seating.get(round, ())) + 1):
        table = table_clock(state, round, number, now)
        left, parts = table.left, []
        if left.table_extra:
            parts.append(_("+{extra} extra").format(extra=clock_text(left.table_extra)))
            if left.phase in (ClockPhase.RUNNING, ClockPhase.PAUSED):
                parts.append(_("{time} left").format(time=left.text))
        if table.call is not None:
            parts.append(_call_said(table.call))
        elif left.phase is ClockPhase.TIME_UP and left.table_extra and not left.seconds:
            parts.append(pgettext("time call", "time up"))
        if parts:
            lines.append(
                _("Table {table}: {what}").format(table=number, what=listed(parts))
            )
    return lines


class TimerScreen(Screen[None]):
    """The round clock of the current round, with the director's clock keys."""

    FOOTER_KEYS: ClassVar[tuple[str, ...]] = (
        "timer.start",
        "timer.pause",
        "timer.resume",
        "timer.call_time",
        "timer.extend",
    )
    """The keys the footer keeps first when 80 columns cannot show them all."""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "start", N_("Start"), id="timer.start",
                tooltip=N_("Start the round now, or in a few minutes (a countdown to the start)")),
        Binding("p", "pause", N_("Pause"), id="timer.pause",
                tooltip=N_("Stop the clock (a pause entry; every console stops with it)")),
        Binding("r", "resume", N_("Resume"), id="timer.resume",
                tooltip=N_("Run the clock again after a pause")),
        Binding("e", "extend", N_("Extend"), id="timer.extend",
                tooltip=N_("Give every table 1-7 more minutes")),
        Binding("x", "extend_table", N_("Extend table"), id="timer.extend_table",
                tooltip=N_("Give one table (one that started late) 1-7 more minutes")),
        Binding("c", "call_time", N_("Call time"), id="timer.call_time",
                tooltip=N_("The gong: call time for every table of the round")),
        Binding("k", "call_table", N_("Call table"), id="timer.call_table",
                tooltip=N_("Call time for one table (one that had extra time)")),
    ]
    HELP = N_(
        "The round clock. The digits count down the current round; at each warning of "
        "`warning_minutes` (the event file's timer table) the colour changes and the bell "
        "rings, then the time call "
        "says what the rules mean by it. Every key writes one entry to the event file, so "
        "another console (or `mjevent timer`) shows the same clock."
    )

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        translate_bindings(self)
        self.left: TimeLeft | None = None
        self._announced: tuple[object, ...] | None = None
        self._shown: tuple[object, ...] = ()

    def compose(self) -> ComposeResult:
        yield Static(markup=False, id="timer-round")
        yield BigClock(id="timer-digits")
        yield Static(markup=False, id="timer-announcement")
        yield Static(markup=False, id="timer-tables")
        yield ConsoleFooter()

    def on_mount(self) -> None:
        self.watch(self.app, "state", self.show_state)
        self.set_interval(TICK_SECONDS, self.tick)

    # --- what is shown ---------------------------------------------------------------------------

    @property
    def event_state(self) -> EventState:
        """The state the app shows now."""
        state: EventState = self.app.state  # type: ignore[attr-defined]
        return state

    def now(self) -> dt.datetime:
        """The app's clock (tests give a fake one)."""
        now: dt.datetime = self.app.clock()  # type: ignore[attr-defined]
        return now

    @property
    def round(self) -> int:
        """The round the clock shows: the current round."""
        return self.event_state.current_round

    def show_state(self, state: EventState) -> None:
        """A new state (an entry here or in another process): recompute at once."""
        self.tick()

    def tick(self) -> None:
        """Recompute the clock for now; ring and recolour when the announcement changes."""
        state = self.event_state
        rnd = self.round
        now = self.now()
        left = time_left(
            state.clocks.get(rnd), state.settings.timer, now, round=rnd,
            signal_minutes=signal_minutes(state.rules),
        )
        changed_phase = self.left is None or self.left.phase is not left.phase
        self.left = left
        shown = (rnd, state.settings.event.name, announcement(state, left),
                 "\n".join(table_lines(state, rnd, now)))
        if shown != self._shown:
            # Only what changed is redrawn: the face ticks every second, the rest seldom.
            self._shown = shown
            self.query_one("#timer-round", Static).update(
                Text.assemble((_("Round {round}").format(round=rnd), "bold"), "  ·  ", shown[1])
            )
            self.query_one("#timer-announcement", Static).update(shown[2])
            self.query_one("#timer-tables", Static).update(shown[3])
        self.query_one(BigClock).text = left.text
        for phase, css in _PHASE_CLASSES.items():
            self.set_class(left.phase is phase, css)
        self.set_class(left.warning is not None and left.phase is ClockPhase.RUNNING, "-warning")
        # A new announcement: a warning passed, time ran out or was called. Not on opening.
        key = (rnd, left.warning, left.phase in (ClockPhase.TIME_UP, ClockPhase.CALLED),
               left.phase is ClockPhase.CALLED)
        if self._announced is not None and key != self._announced and (
            left.warning is not None or key[2]
        ):
            self.app.bell()
        self._announced = key
        if changed_phase:
            self.refresh_bindings()

    # --- keys ------------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Offer only the keys that make sense for the clock as it stands."""
        left = self.left
        if left is None or not action.startswith(("start", "pause", "resume", "extend", "call")):
            return True
        clock = self.event_state.clocks.get(self.round)
        started = left.phase is not ClockPhase.NOT_STARTED
        paused = clock is not None and clock.paused
        if action == "start":
            return not started
        if action == "pause":
            return started and left.phase is not ClockPhase.COUNTDOWN and not paused
        if action == "resume":
            return paused
        playing = started and left.phase is not ClockPhase.COUNTDOWN
        if action == "call_time":
            return playing and not (clock is not None and 0 in clock.time_called)
        if action == "call_table":
            return playing
        return started

    def _run(self, command: Any, *args: Any, **kwargs: Any) -> None:
        try:
            self.app.run_command(command, *args, **kwargs)  # type: ignore[attr-defined]
        except (CommandError, EventFileError) as error:
            # A file error too (replaced under the console, a lock held too long): say it.
            self.notify(str(error), title=_("Clock"), severity="error", timeout=10)
            return
        self.tick()

    def action_start(self) -> None:
        """Ask for a countdown (0: start now), then start the round."""
        rnd = self.round

        def chosen(answer: tuple[int, ...] | None) -> None:
            if answer is None:
                return
            minutes = answer[0]
            if minutes == 0:
                self._run(start_round, rnd)
                return
            at = self.now() + dt.timedelta(minutes=minutes)
            self._run(start_round, rnd, at=at.isoformat(timespec="seconds"))

        self.app.push_screen(
            NumbersDialog(
                _("Start round {round}").format(round=rnd),
                (Ask(_("Start in how many minutes"), 0, 60, 0),),
            ),
            chosen,
        )

    def action_pause(self) -> None:
        """Stop the clock."""
        self._run(pause_round, self.round)

    def action_resume(self) -> None:
        """Run the clock again."""
        self._run(resume_round, self.round)

    def action_extend(self) -> None:
        """Ask 1-7 minutes, then extend the whole round."""
        rnd = self.round

        def chosen(answer: tuple[int, ...] | None) -> None:
            if answer is not None:
                self._run(extend_round, rnd, answer[0] * 60)

        self.app.push_screen(
            NumbersDialog(
                _("Extend round {round} for every table").format(round=rnd),
                (Ask(_("Minutes"), 1, 7, 5),),
            ),
            chosen,
        )

    def _tables(self) -> int:
        return len(self.event_state.seating.get(self.round, ()))

    def action_extend_table(self) -> None:
        """Ask a table and 1-7 minutes, then extend that table alone."""
        rnd = self.round

        def chosen(answer: tuple[int, ...] | None) -> None:
            if answer is not None:
                table, minutes = answer
                self._run(extend_round, rnd, minutes * 60, table)

        asks = (Ask(_("Table"), 1, max(self._tables(), 1)), Ask(_("Minutes"), 1, 7, 5))
        self.app.push_screen(
            NumbersDialog(_("Extend one table in round {round}").format(round=rnd), asks), chosen
        )

    def action_call_time(self) -> None:
        """The gong for every table; asks first while time is still left on the clock."""
        self.tick()
        rnd = self.round
        left = self.left
        if left is None or left.phase in (ClockPhase.TIME_UP, ClockPhase.CALLED):
            self._run(call_time_for, rnd)
            return

        def chosen(yes: bool | None) -> None:
            if yes:
                self._run(call_time_for, rnd)

        self.app.push_screen(
            ConfirmDialog(
                _("Call time for round {round}?").format(round=rnd),
                _(_CONFIRM[self.event_state.rules.time_call]).format(time=left.text),
            ),
            chosen,
        )

    def action_call_table(self) -> None:
        """Ask a table, then call time for it alone."""
        rnd = self.round

        def chosen(answer: tuple[int, ...] | None) -> None:
            if answer is not None:
                self._run(call_time_for, rnd, answer[0])

        asks = (Ask(_("Table"), 1, max(self._tables(), 1)),)
        self.app.push_screen(
            NumbersDialog(_("Call time for one table in round {round}").format(round=rnd), asks),
            chosen,
        )

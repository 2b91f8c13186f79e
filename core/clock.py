"""The round clock's arithmetic: how long a round (or one table) has left at a given moment.

Everything the clock knows comes from the log: `round_started`, `round_paused`,
`round_resumed`, `round_extended` and `time_called` entries, folded into a `RoundClock` by
`mjevent.core.state.fold`. The clock itself is never stored, so a console that is closed,
crashes or runs twice shows the same time to the second: `time_left` reads the entries' `at`
times against `now`.

A `round_started` entry whose `at` lies in the future is a start announced in advance: until
then the clock counts down to it (`ClockPhase.COUNTDOWN`).

>>> from datetime import datetime, UTC
>>> from mjevent.core.settings import TimerSettings
>>> from mjevent.core.state import RoundClock
>>> clock = RoundClock(1, started="2026-03-14T10:00:00+00:00",
...                    pauses=(("2026-03-14T10:30:00+00:00", "2026-03-14T10:40:00+00:00"),),
...                    table_extra={3: 300})
>>> now = datetime(2026, 3, 14, 11, 0, tzinfo=UTC)
>>> left = time_left(clock, TimerSettings(round_minutes=90), now)
>>> left.phase, left.text, left.warning
(<ClockPhase.RUNNING: 'running'>, '40:00', None)
>>> time_left(clock, TimerSettings(round_minutes=90), now, table=3).text
'45:00'
"""

from __future__ import annotations

import datetime as _dt
import enum
from collections.abc import Mapping
from dataclasses import dataclass

from mjevent.core.game import call_time, new_game
from mjevent.core.i18n import N_, _, pgettext
from mjevent.core.rules import RuleSet, TimeCall
from mjevent.core.settings import TimerSettings
from mjevent.core.state import EventState, RoundClock, TableGame

__all__ = [
    "TIME_CALL_TEXT",
    "ClockPhase",
    "TableCall",
    "TableClock",
    "TimeLeft",
    "clock_text",
    "parse_at",
    "signal_minutes",
    "table_call",
    "table_clock",
    "time_call_text",
    "time_left",
]


class ClockPhase(enum.StrEnum):
    """Where a round's clock stands."""

    NOT_STARTED = "not started"
    """No `round_started` entry yet: the clock shows the round's full length."""
    COUNTDOWN = "countdown"
    """The start was entered for a moment still to come; `seconds` counts down to it."""
    RUNNING = "running"
    """The round is being played and its time runs."""
    PAUSED = "paused"
    """The clock is stopped (`round_paused` without a `round_resumed` yet)."""
    TIME_UP = "time up"
    """The clock reached zero, or the rules' signal (`time_call_minutes` before the end, EMA 2025
    §7.4: `seconds` still counts down to zero), and time has not been called yet: the director
    rings the gong."""
    CALLED = "time called"
    """Time was called (for the round, or for this table)."""


TIME_CALL_TEXT: Mapping[TimeCall, str] = {
    TimeCall.NONE: N_("play on to the end of the game"),
    TimeCall.END_AFTER_HAND: N_("finish the current hand"),
    TimeCall.ONE_MORE_HAND: N_("finish the current hand, then one more hand"),
}
"""What time being called means under each `rules.time_call`, as the timer announces it (in
English, the catalogue's ids: `time_call_text` gives it in the language in use)."""


def time_call_text(rule: TimeCall) -> str:
    """What time being called means under `rule`, in the language in use.

    >>> time_call_text(TimeCall.ONE_MORE_HAND)
    'finish the current hand, then one more hand'
    """
    return _(TIME_CALL_TEXT[rule])


def signal_minutes(rules: RuleSet) -> int:
    """How long before the end of the round time is called under `rules`: `time_call_minutes`,
    or 0 when the rules have no time call (`time_call = none`).

    >>> from mjevent.core.presets import preset
    >>> signal_minutes(preset("ema2025").rules), signal_minutes(preset("ema2016").rules)
    (15, 0)
    """
    return 0 if rules.time_call is TimeCall.NONE else rules.time_call_minutes


def parse_at(text: str) -> _dt.datetime:
    """An entry's `at` as an aware datetime (a time written without an offset is read as UTC).

    >>> parse_at("2026-03-14T10:00:00Z").isoformat()
    '2026-03-14T10:00:00+00:00'
    >>> parse_at("2026-03-14T11:00:00+01:00") == parse_at("2026-03-14T10:00:00")
    True
    """
    value = _dt.datetime.fromisoformat(text)
    return value if value.tzinfo is not None else value.replace(tzinfo=_dt.UTC)


def clock_text(seconds: int) -> str:
    """Seconds as a clock shows them: `M:SS` under an hour, else `H:MM:SS`.

    >>> clock_text(5400), clock_text(2399), clock_text(59), clock_text(0)
    ('1:30:00', '39:59', '0:59', '0:00')
    """
    seconds = max(seconds, 0)
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


@dataclass(frozen=True, slots=True)
class TimeLeft:
    """The clock of one round, or of one table in it, at one moment.

    `seconds` is what the clock shows: time left in the round (never below 0), or, in
    `COUNTDOWN`, the time until the start. `overtime` counts the seconds past zero. `length` is
    the time the round (table) gets: `round_minutes` plus every extension; `table_extra` the
    part of it given to this table alone (a table that started late). `warning` is the
    announcement in force (one of `[timer] warning_minutes`, the latest one passed) or None.
    `called_at` is when time was called for this table (or the whole round).
    """

    round: int
    table: int | None
    phase: ClockPhase
    seconds: int
    overtime: int
    length: int
    table_extra: int
    warning: int | None
    called_at: str | None

    @property
    def text(self) -> str:
        """The clock face: `39:59`, `1:30:00`."""
        return clock_text(self.seconds)

    @property
    def running(self) -> bool:
        """Whether the clock moves (counting down to the start, or the round's time)."""
        return self.phase in (ClockPhase.COUNTDOWN, ClockPhase.RUNNING, ClockPhase.TIME_UP)


def _ceil_seconds(delta: _dt.timedelta) -> int:
    # A clock shows a second as long as any of it is left: 0.2 s left reads 0:01.
    micro = delta // _dt.timedelta(microseconds=1)
    return -((-micro) // 1_000_000)


def time_left(
    clock: RoundClock | None,
    timer: TimerSettings,
    now: _dt.datetime,
    table: int | None = None,
    *,
    round: int | None = None,
    signal_minutes: int = 0,
) -> TimeLeft:
    """How the clock of `clock.round` stands at `now`, for the whole round or for `table`.

    Paused spans do not count; whole-round extensions count for every table, a table's own
    extensions only for it. Time called for the round counts for every table; time called for
    one table only for that table. A pause entered before an announced start changes nothing.
    `clock` None (nothing logged for the round yet) reads as not started; give `round` then.

    `signal_minutes` is the rules' `time_call_minutes`: time is called that long before the end
    (EMA 2025 §7.4: 15), so the phase turns `TIME_UP` at the signal while `seconds` counts on;
    the warnings at or below the signal are not given (the signal is the announcement, and the
    end of the clock brings no sound of its own).


    >>> from datetime import datetime, UTC
    >>> timer = TimerSettings(round_minutes=90, warning_minutes=(15, 5))
    >>> start = RoundClock(2, started="2026-03-14T13:00:00Z", extra_seconds=120)
    >>> left = time_left(start, timer, datetime(2026, 3, 14, 14, 20, tzinfo=UTC))
    >>> left.text, left.warning, left.length
    ('12:00', 15, 5520)
    >>> time_left(start, timer, datetime(2026, 3, 14, 12, 58, 30, tzinfo=UTC)).phase
    <ClockPhase.COUNTDOWN: 'countdown'>
    >>> late = time_left(start, timer, datetime(2026, 3, 14, 14, 33, tzinfo=UTC))
    >>> late.phase, late.text, late.overtime
    (<ClockPhase.TIME_UP: 'time up'>, '0:00', 60)

    Under EMA 2025 the signal came 15 minutes before the end; with 12 minutes left:

    >>> ema = time_left(start, timer, datetime(2026, 3, 14, 14, 20, tzinfo=UTC), signal_minutes=15)
    >>> ema.phase, ema.text, ema.warning
    (<ClockPhase.TIME_UP: 'time up'>, '12:00', None)
    """
    if clock is None:
        clock = RoundClock(round if round is not None else 1)
    if now.tzinfo is None:
        now = now.replace(tzinfo=_dt.UTC)
    table_extra = clock.table_extra.get(table, 0) if table is not None else 0
    length = timer.round_minutes * 60 + clock.extra_seconds + table_extra
    called_at = clock.time_called.get(table) if table is not None else None
    called_at = called_at or clock.time_called.get(0)

    def result(phase: ClockPhase, seconds: int, overtime: int = 0) -> TimeLeft:
        if phase is not ClockPhase.COUNTDOWN and called_at is not None:
            phase = ClockPhase.CALLED
        passed = [
            w for w in timer.warning_minutes if 0 < seconds <= w * 60 and w > signal_minutes
        ]
        warning = (
            min(passed) if passed and phase is not ClockPhase.COUNTDOWN
            and phase is not ClockPhase.NOT_STARTED else None
        )
        return TimeLeft(
            clock.round, table, phase, seconds, overtime, length, table_extra, warning, called_at
        )

    if clock.started is None:
        return result(ClockPhase.NOT_STARTED, length)
    start = parse_at(clock.started)
    if now < start:
        return result(ClockPhase.COUNTDOWN, _ceil_seconds(start - now))
    stopped = _dt.timedelta(0)
    for paused, resumed in clock.pauses:
        begin = max(parse_at(paused), start)
        end = min(parse_at(resumed), now) if resumed is not None else now
        if end > begin:
            stopped += end - begin
    elapsed = now - start - stopped
    remaining = _ceil_seconds(_dt.timedelta(seconds=length) - elapsed)
    if remaining <= 0:
        return result(ClockPhase.TIME_UP, 0, -remaining)
    if not clock.paused and remaining <= signal_minutes * 60:
        return result(ClockPhase.TIME_UP, remaining)
    return result(ClockPhase.PAUSED if clock.paused else ClockPhase.RUNNING, remaining)


@dataclass(frozen=True, slots=True)
class TableCall:
    """What time being called means at one table: `text` is what the table is told
    ("one more hand", "last hand", "game over", "play to the end"), `hands_left` the hands
    it may still start or finish (None when the rules set no limit)."""

    text: str
    hands_left: int | None


def table_call(rules: RuleSet, game: TableGame | None) -> TableCall:
    """What the time call means at a table whose game is `game` (None: nothing entered yet),
    once time was called there.

    Under `one_more_hand` (EMA) the hand in progress at the gong is finished and one more is
    played: "one more hand", then "last hand", then "game over". Under `end_after_hand` (WRC)
    the hand in progress is the "last hand". Under `none` the game is played to its end.

    >>> from mjevent.core.presets import preset
    >>> table_call(preset("ema2016").rules, None)
    TableCall(text='one more hand', hands_left=2)
    >>> table_call(preset("wrc").rules, None)
    TableCall(text='last hand', hands_left=1)
    """
    if game is not None and (
        game.finished is not None or (game.state is not None and game.state.finished)
    ):
        return TableCall(pgettext("table clock", "game over"), 0)
    if rules.time_call is TimeCall.NONE:
        return TableCall(pgettext("table clock", "play to the end"), None)
    if game is not None and game.state is not None and game.state.time_called:
        left = game.state.time_hands_left
    else:
        left = call_time(new_game(rules)).time_hands_left
    if left is None:  # pragma: no cover - a limit exists whenever time_call is not NONE
        return TableCall(pgettext("table clock", "play to the end"), None)
    if left == 0:
        return TableCall(pgettext("table clock", "game over"), left)
    if left == 1:
        return TableCall(pgettext("table clock", "last hand"), left)
    return TableCall(pgettext("table clock", "one more hand"), left)


@dataclass(frozen=True, slots=True)
class TableClock:
    """One table's clock as the overview and the timer show it.

    `left` is the table's `TimeLeft`; `call` what the time call means there (None until time
    is called for it); `finished` whether its game has a result; `late` whether it needs the
    director's eye: it plays on extra time of its own, or its time is up and it has not
    finished. `text` is the short form for a table row: "39:59", "39:59 (+5:00)", "time up",
    "signal due" (the rules call time before the end, EMA 2025 §7.4, and the director has not
    given the signal yet), "last hand", "done".
    """

    left: TimeLeft
    call: TableCall | None
    finished: bool
    late: bool
    text: str


def table_clock(state: EventState, round: int, table: int, now: _dt.datetime) -> TableClock:
    """The clock of `table` in `round` at `now`, with what the time call means for it.

    >>> from datetime import datetime, UTC
    >>> from mjevent.core.settings import EventInfo, EventRules, EventSettings
    >>> from mjevent.core.presets import preset
    >>> from mjevent.core.state import fold
    >>> from mjevent.core.entries import RoundExtended, RoundStarted, SeatingSet
    >>> ema = preset("ema2016").rules
    >>> settings = EventSettings(EventInfo("Cup"), EventRules("ema2016", {}, ema))
    >>> log = [SeatingSet(id="s", at="2026-03-14T09:00:00Z", first_round=1,
    ...                   rounds=((("a", "b", "c", "d"), ("e", "f", "g", "h")),)),
    ...        RoundStarted(id="r", at="2026-03-14T10:00:00Z", round=1),
    ...        RoundExtended(id="x", at="2026-03-14T10:05:00Z", round=1, seconds=300, table=2)]
    >>> state = fold(settings, log)
    >>> [table_clock(state, 1, t, datetime(2026, 3, 14, 11, 0, tzinfo=UTC)).text for t in (1, 2)]
    ['30:00', '35:00 (+5:00)']
    >>> late = table_clock(state, 1, 1, datetime(2026, 3, 14, 11, 31, tzinfo=UTC))
    >>> late.text, late.late
    ('time up', True)
    """
    left = time_left(
        state.clocks.get(round), state.settings.timer, now, table, round=round,
        signal_minutes=signal_minutes(state.rules),
    )
    game = state.game(round, table)
    finished = game is not None and game.result is not None
    call = table_call(state.rules, game) if left.phase is ClockPhase.CALLED else None
    time_up = left.phase is ClockPhase.TIME_UP and left.seconds == 0
    late = not finished and (left.table_extra > 0 or time_up)
    if finished:
        text = pgettext("table clock", "done")
    elif call is not None:
        text = call.text
    elif time_up:
        text = pgettext("table clock", "time up")
    elif left.phase is ClockPhase.TIME_UP:
        # The rules' signal before the end (EMA 2025 §7.4) is due and not given yet.
        text = pgettext("table clock", "signal due")
    else:
        text = left.text
        if left.table_extra:
            text = _("{clock} (+{extra})").format(
                clock=left.text, extra=clock_text(left.table_extra)
            )
    return TableClock(left, call, finished, late, text)

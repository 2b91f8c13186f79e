"""What an entry line would do, before it is recorded: a pure preview for the console.

`read_entry(state, text)` reads a line of docs/entry.md once against the event as it stands
(`core.notation.read_line`); `preview_line(folder, parsed)` folds the entry it read onto the
event's live fold (`core.state.Folder`, the session's) as a command would, and returns a
`LinePreview` (the table's seats, who pays whom as the fold settled the hand, the scores before
and after, who deals next, and the game's result when the line ends it) or a `LineError`, the
fold's refusal in its words, whose `span` points at the words at fault. There is no second
rule book here: what the fold refuses (a round that is not seated, a table the round does not
have, a game already over, a hand the game cannot take, final scores that do not add up or
that disagree with the hands) is what the preview refuses.

Without ``rN`` a line is for the current round (`EventState.current_round`: the first round
with a table still to finish). Nothing here writes: `events.commands.record_line` records the
same line.

>>> from mjevent.core.settings import settings_from_dict
>>> from mjevent.core.state import Folder
>>> settings = settings_from_dict({
...     "event": {"name": "Demo", "format_version": 1}, "rules": {"preset": "ema2016"},
...     "players": [{"id": p, "name": n} for p, n in
...                 [("p1", "Ana"), ("p2", "Ben"), ("p3", "Cai"), ("p4", "Dee")]],
...     "seating": {"rounds": [{"round": 1, "tables": [["p1", "p2", "p3", "p4"]]}]}})
>>> folder = Folder.of(settings, [])
>>> state = folder.state()
>>> print(preview_line(folder, read_entry(state, "t1 ron Ben<-W 3/30 r:E")).describe())
round 1 table 1, East 1, 0 honba: E Ana, S Ben, W Cai, N Dee
  Ana puts a riichi stick on the table (1,000)
  Cai pays Ben 3,900 (hand)
  Ben takes the riichi sticks (1,000)
  scores: Ana 29,000, Ben 34,900, Cai 26,100, Dee 30,000
  next dealer: Ben (S)
>>> preview_line(folder, read_entry(state, "t2 ron S<-W 3/30"))
LineError(message='there is no table 2 in round 1 (it has tables 1 to 1)', span=(0, 2))
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from mjevent.core.drafts import Stamp, draft_correction, draft_hand, draft_line
from mjevent.core.entries import WINDS, Entry, HandRecorded, PlayerId
from mjevent.core.game import (
    GameState,
    call_time,
    end_reason_name,
    new_game,
)
from mjevent.core.i18n import _, format_number, format_thousands, ngettext, pgettext, wind_name
from mjevent.core.notation import (
    EntryContext,
    FinalLine,
    HandLine,
    ParsedLine,
    SeatedPlayer,
    read_line,
)
from mjevent.core.outcomes import Draw, Hand, Ron, Tsumo, WinDetail
from mjevent.core.results import GameResult
from mjevent.core.scoring import (
    LEGAL_FU,
    IllegalHandError,
    PaymentKind,
    Settlement,
    payment_kind_name,
    settlement_notes,
)
from mjevent.core.state import EventState, Folder, TableGame, caused_problems, refusals
from mjevent.core.yaku import win_detail_text

__all__ = [
    "EntryExamples",
    "LineError",
    "LinePreview",
    "PreviewPayment",
    "SeatView",
    "detail_line",
    "entry_context",
    "entry_examples",
    "preview_amend",
    "preview_line",
    "read_entry",
    "result_text",
    "unseated_round",
]

Span = tuple[int, int]


@dataclass(frozen=True, slots=True)
class LineError:
    """Why a line would be refused; `span` is the offsets in the line of the words at fault
    (None when no single word is: an empty line, a line that ends too soon)."""

    message: str
    span: Span | None = None


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat of the table: its wind letter (as the seating sheet gave it), the player and
    the name to show (a substitute's name when somebody plays in the player's place)."""

    wind: str
    player: PlayerId
    name: str


@dataclass(frozen=True, slots=True)
class PreviewPayment:
    """One arrow of the settlement, seats numbered as in `LinePreview.seats`.

    `payer` None: the points come off the table (the riichi sticks a winner takes); `receiver`
    None: they go onto it (a riichi declaration). `what` is the calculator's `PaymentKind`
    (hand, honba, riichi, deposits, noten, nagashi, chombo, pao).
    """

    payer: int | None
    receiver: int | None
    points: int
    what: PaymentKind


@dataclass(frozen=True, slots=True)
class LinePreview:
    """What the line would record and do.

    `hand_label` is the hand the line is for (``South 2, 1 honba``; for a final-scores line on a
    game recorded by its final scores only, None). `scores_before` and `scores_after` are per
    seat (after: the scores at the table, riichi sticks left on the table not yet settled; a
    final-scores line gives them as typed). `next_dealer` is the seat that deals the next hand,
    None once the game is over. `game_over` is the one-line result (places, final scores, points
    with uma and oka) when the line ends the game. For a final-scores line `total` is the sum of
    the scores typed and `deficit` what they lack to add up (negative: too many points).
    """

    round: int
    table: int
    seats: tuple[SeatView, ...]
    hand_label: str | None
    payments: tuple[PreviewPayment, ...]
    scores_before: tuple[int, ...]
    scores_after: tuple[int, ...]
    next_dealer: int | None
    game_over: str | None
    total: int | None = None
    deficit: int | None = None
    notes: tuple[str, ...] = ()
    """What the line does that it does not show (`scoring.settlement_notes`): a triple ron the
    rules make an abortive draw, a head bump, a riichi charged to the discarder of a ron."""
    repeats: str | None = None
    """The warning when the hand is the one just recorded at this table again (recordable:
    the same hand twice in a row happens, but it is more often a line entered twice)."""
    details: tuple[tuple[int, WinDetail], ...] = ()
    """The yaku, dora and open/closed the line records (``y:``, ``open``) for each winner
    that has them: (seat, detail), in the line's order."""

    def describe(self) -> str:
        """A plain multi-line rendering (the CLI's and the tests'), in the language in use;
        seats are labelled with their wind as people read it (`wind_name`: E, or 東)."""
        names = [s.name for s in self.seats]
        seats = ", ".join(
            _("{wind} {name}").format(wind=wind_name(s.wind), name=s.name) for s in self.seats
        )
        lines = [
            _("round {round} table {table}, {hand}: {seats}").format(
                round=self.round, table=self.table, hand=self.hand_label, seats=seats
            )
            if self.hand_label
            else _("round {round} table {table}: {seats}").format(
                round=self.round, table=self.table, seats=seats
            )
        ]
        for p in self.payments:
            lines.append("  " + _payment_text(p, names))
        lines.extend("  " + detail_line(self, seat, d) for seat, d in self.details)
        if self.total is not None and self.deficit is not None:
            lines.append("  " + total_text(self.total, self.deficit))
        after = ", ".join(
            _("{name} {score}").format(name=n, score=format_number(s))
            for n, s in zip(names, self.scores_after, strict=True)
        )
        lines.append("  " + _("scores: {scores}").format(scores=after))
        if self.next_dealer is not None:
            lines.append("  " + _("next dealer: {name} ({wind})").format(
                name=names[self.next_dealer], wind=wind_name(WINDS[self.next_dealer])
            ))
        if self.game_over is not None:
            lines.append(f"  {self.game_over}")
        lines.extend("  " + _("note: {note}").format(note=note) for note in self.notes)
        if self.repeats is not None:
            lines.append("  " + _("warning: {message}").format(message=self.repeats))
        return "\n".join(lines)


def detail_line(preview: LinePreview, seat: int, detail: WinDetail) -> str:
    """One winner's recorded yaku, dora and open/closed, in the language in use:
    ``S Ana: riichi, pinfu · dora 1 · closed``."""
    view = preview.seats[seat]
    return _("{wind} {name}: {detail}").format(
        wind=wind_name(view.wind), name=view.name, detail=win_detail_text(detail)
    )


def total_text(total: int, deficit: int) -> str:
    """The sum of a final-scores line and what it lacks, in the language in use:
    ``total 99,000: 1,000 missing`` (`deficit` negative: too many points)."""
    if deficit == 0:
        return _("total {total}: adds up").format(total=format_number(total))
    if deficit > 0:
        return _("total {total}: {points} missing").format(
            total=format_number(total), points=format_number(deficit)
        )
    return _("total {total}: {points} too many").format(
        total=format_number(total), points=format_number(-deficit)
    )


def _payment_text(p: PreviewPayment, names: list[str]) -> str:
    if p.receiver is None and p.payer is not None:
        return _("{payer} puts a riichi stick on the table ({points})").format(
            payer=names[p.payer], points=format_number(p.points)
        )
    if p.payer is None and p.receiver is not None:
        return _("{receiver} takes the riichi sticks ({points})").format(
            receiver=names[p.receiver], points=format_number(p.points)
        )
    assert p.payer is not None and p.receiver is not None
    # A context of its own: the console's compact preview has the same English with winds.
    return pgettext("payment by name", "{payer} pays {receiver} {points} ({what})").format(
        payer=names[p.payer],
        receiver=names[p.receiver],
        points=format_number(p.points),
        what=payment_kind_name(p.what),
    )


class _SeatedNames(Mapping[tuple[int, int], Sequence[SeatedPlayer]]):
    """The players of each (round, table) of the seating with their names, made only for the
    table a line names (125 tables' names cost more than the rest of a preview)."""

    def __init__(self, state: EventState) -> None:
        self._state = state

    def __getitem__(self, key: tuple[int, int]) -> Sequence[SeatedPlayer]:
        rnd, table = key
        tables = self._state.seating.get(rnd, ())
        if not 1 <= table <= len(tables):
            raise KeyError(key)
        return tuple(SeatedPlayer(p, self._state.name(p)) for p in tables[table - 1])

    def __iter__(self) -> Iterator[tuple[int, int]]:
        for rnd, tables in self._state.seating.items():
            for table in range(1, len(tables) + 1):
                yield rnd, table

    def __len__(self) -> int:
        return sum(len(tables) for tables in self._state.seating.values())


def entry_context(
    state: EventState, round: int | None = None, *, game: tuple[int, int] | None = None
) -> EntryContext:
    """The context an entry line is read in at the event in `state`: `round` for a line naming
    none (default: the current round), `game` for a line naming no table (the table screen's),
    and the seating with the players' names."""
    rnd = state.current_round if round is None else round
    return EntryContext(round=rnd, seats=state.rules.players, tables=_SeatedNames(state), game=game)


def read_entry(
    state: EventState, text: str, *, round: int | None = None, game: tuple[int, int] | None = None
) -> ParsedLine:
    """Read `text` once against the event in `state` (`entry_context`): what the preview, the
    console's screens and `events.commands` take.

    Without ``rN`` a line is for `round` (default: the current round); on a table's screen
    (`game`: its round and table) a line without ``tN`` is for that table, in its round:

    >>> from mjevent.core.settings import settings_from_dict
    >>> from mjevent.core.state import fold
    >>> settings = settings_from_dict({
    ...     "event": {"name": "Demo", "format_version": 1}, "rules": {"preset": "ema2016"},
    ...     "players": [{"id": p, "name": p} for p in ("p1", "p2", "p3", "p4")],
    ...     "seating": {"rounds": [{"round": r, "tables": [["p1", "p2", "p3", "p4"]]}
    ...                            for r in (1, 2)]}})
    >>> state = fold(settings, [])
    >>> [(p.round, p.table) for p in (read_entry(state, line, game=(2, 1)) for line in
    ...     ("ron S<-W 3/30", "t1 ron @p2<-W 3/30", "r2 t1 draw"))]
    [(2, 1), (1, 1), (2, 1)]

    An amended hand's line is read in its own game's round (`round` and `game` both that game:
    the table screen amending a hand of round 2), so ``t1 ...`` is that table there too:

    >>> [(p.round, p.table) for p in (read_entry(state, line, round=2, game=(2, 1)) for line in
    ...     ("ron S<-W 2/30", "t1 ron S<-W 2/30"))]
    [(2, 1), (2, 1)]
    """
    return read_line(text, entry_context(state, round, game=game))


def unseated_round(state: EventState, rnd: int, *, named: bool) -> str:
    """Why a line for round `rnd`, which is not seated, is refused; `named` says whether the
    line (or the caller) named the round, or it is the current round because every seated
    round is finished."""
    seated = sorted(state.seating)
    if not named and seated and rnd > seated[-1]:
        return _(
            "every table of rounds {first} to {last} is finished: seat round {round} "
            "first, or name the round of the line (r{last} t1 ...)"
        ).format(first=seated[0], last=seated[-1], round=rnd)
    if seated:
        return _(
            "round {round} is not seated (rounds {first} to {last} are seated); set its "
            "seating first"
        ).format(round=rnd, first=seated[0], last=seated[-1])
    return _("round {round} is not seated (no round is seated); set its seating first").format(
        round=rnd
    )


def result_text(names: list[str], result: GameResult, state: GameState | None) -> str:
    """``game over (South 4, 0 honba: last hand): 1. Ana 41,200 (+31.2), ...``: places,
    final scores and points (uma and oka included), the end's hand and reason when known."""
    order = sorted(range(len(names)), key=lambda s: (result.places[s], s))
    places = ", ".join(
        _("{place}. {name} {score} ({points})").format(
            place=result.places[s],
            name=names[s],
            score=format_number(result.final[s]),
            points=format_thousands(result.points[s]),
        )
        for s in order
    )
    if state is not None and state.end_reason is not None:
        return _("game over ({hand}: {reason}): {places}").format(
            hand=state.label, reason=end_reason_name(state.end_reason), places=places
        )
    return _("game over: {places}").format(places=places)


def _short(error: ValueError) -> str:
    # The parser quotes the whole line for the CLI; under the entry line the span shows where,
    # so the message without the quote (`detail`) is shown. Carried as data, not cut from the
    # text: the text is in the user's language.
    detail = getattr(error, "detail", None)
    return detail if isinstance(detail, str) else str(error)


_HAN_FU = re.compile(r"\s*\d+\s*/\s*(\d+)\s*")


def _value_error(error: IllegalHandError, text: str) -> LineError:
    span = error.span
    m = _HAN_FU.fullmatch(text[span[0] : span[1]]) if span else None
    fu = int(m.group(1)) if m else 0
    if m and fu and fu not in LEGAL_FU:
        below = max((f for f in LEGAL_FU if f < fu), default=None)
        above = min((f for f in LEGAL_FU if f > fu), default=None)
        if below is not None and above is not None:
            return LineError(
                _("fu {fu} is not a fu value: {below} or {above}?").format(
                    fu=fu, below=below, above=above
                ),
                span,
            )
        near = below if above is None else above
        return LineError(_("fu {fu} is not a fu value: {near}?").format(fu=fu, near=near), span)
    return LineError(_short(error), span)


def _start(state: EventState, rnd: int, table: int) -> GameState:
    """A game not begun yet, with the time call when the round's (or the table's) was made."""
    game = new_game(state.rules)
    clock = state.clocks.get(rnd)
    if clock is not None and (0 in clock.time_called or table in clock.time_called):
        game = call_time(game)
    return game


def repeat_warning(table: int, entry: str) -> str:
    """The warning for a hand that repeats the previous one at its table (entry `entry`)."""
    return _(
        "the same hand as the previous one at table {table} (entry {entry}): right if it was "
        "played twice, else a line entered twice"
    ).format(table=table, entry=entry)


def _repeat_note(game: TableGame | None, hand: Hand, table: int) -> str | None:
    if game is None or not game.hands or game.hands[-1].hand != hand:
        return None
    return repeat_warning(table, game.hands[-1].entry)


def repeated_hand(state: EventState, entry: str) -> str | None:
    """The warning when hand entry `entry` repeats the hand just before it at its table (the
    same line entered twice, perhaps), else None. Such a hand is recorded all the same: two
    identical hands in a row do happen."""
    for (_rnd, table), game in state.games.items():
        for i, played in enumerate(game.hands):
            if played.entry == entry:
                if i and game.hands[i - 1].hand == played.hand:
                    return repeat_warning(table, game.hands[i - 1].entry)
                return None
    return None


_TRIAL = Stamp(id="(preview)", at="")
"""The id and time of the entry a preview tries: never an id mjevent writes, so trying it is
one more entry on the live fold."""


def preview_line(folder: Folder, parsed: ParsedLine) -> LinePreview | LineError:
    """What recording the line `parsed` (`read_entry`) would do at the event `folder` has
    folded (the session's live fold, `EventSession.folder`), or why it would be refused.

    The line's entry (`core.drafts.draft_line`) is folded onto the live state
    (`Folder.then`, in time independent of the log's length), as a command folds it: what it
    causes (`core.state.caused_problems`) is the refusal, in the fold's words, and the fold's
    own settlement of the hand is what the preview shows. For a line that cannot be read, a
    round that is not seated, a table the round does not have and a game already over are said
    (in the fold's words, as it refuses a hand there) before what the rest of the line gets
    wrong.
    """
    state = folder.state()
    rnd, table = parsed.round, parsed.table
    if rnd is None or table is None:
        assert parsed.error is not None
        return LineError(_short(parsed.error), parsed.error.span)
    span = _fault_span(state, parsed)
    if not parsed.round_named and rnd not in state.seating and state.seating:
        # What `events.commands.record_read_line` refuses before trying the line.
        return LineError(unseated_round(state, rnd, named=False), span)
    line = parsed.entry
    if line is None:
        if _takes_no_line(state, rnd, table):
            # The fold's words for why the table takes nothing: tried with a hand it refuses
            # before scoring it (no such table, the game over).
            probe = draft_hand(_TRIAL, rnd, table, Hand(Draw()))
            refused = _refused(state, folder.then(probe).state(), probe)
            if refused:
                return LineError(refused, span)
        return _line_error(parsed)
    entry = draft_line(_TRIAL, line)
    after = folder.then(entry).state()
    refused = _refused(state, after, entry)
    if refused:
        return LineError(refused, span)
    before, game = state.game(rnd, table), after.game(rnd, table)
    assert game is not None
    substitutes = dict(game.substitutes)
    seats = tuple(
        SeatView(WINDS[s], p, substitutes.get(s, state.name(p))) for s, p in enumerate(game.seats)
    )
    if isinstance(line, HandLine):
        played = game.hands[-1]
        start = (
            before.state if before is not None and before.state is not None
            else _start(state, rnd, table)
        )
        return _hand_preview(
            state, line, seats, start, played.after, played.settlement,
            game.result if played.after.finished else None,
            repeats=_repeat_note(before, line.hand, table),
        )
    return _final_preview(state, before, game, line, seats)


def _refused(before: EventState, after: EventState, tried: Entry) -> str | None:
    """The fold's refusal of `tried` (`after` is `before` with it), its problems joined; None
    when it fits."""
    refused = refusals(caused_problems(before, after), tried)
    return pgettext("joins problems", "; ").join(refused) if refused else None


def _takes_no_line(state: EventState, rnd: int, table: int) -> bool:
    """True when the fold refuses any hand at `table` of `rnd` before scoring it: the round is
    not seated, it has no such table, or the game there is over."""
    tables = state.seating.get(rnd)
    if tables is None or not 1 <= table <= len(tables):
        return True
    game = state.game(rnd, table)
    return game is not None and (
        game.finished is not None or (game.state is not None and game.state.finished)
    )


def _fault_span(state: EventState, parsed: ParsedLine) -> Span | None:
    """Where in the line the words at fault are when the fold refuses it: the round or the
    table for a round not seated, a table the round lacks or a game over; the scores of a
    final-scores line (the table for chombos listed on a game recorded hand by hand); None
    when no single word is (a hand the game cannot take)."""
    rnd, table = parsed.round, parsed.table
    tables = state.seating.get(rnd) if rnd is not None else None
    if tables is None:
        return parsed.round_span or parsed.table_span
    if rnd is None or table is None or not 1 <= table <= len(tables):
        return parsed.table_span
    game = state.game(rnd, table)
    if game is not None and game.finished is not None:
        return parsed.table_span
    line = parsed.entry
    if isinstance(line, FinalLine):
        chombos = bool(line.chombos) and game is not None and bool(game.hands)
        return parsed.table_span if chombos else parsed.scores_span
    if game is not None and game.state is not None and game.state.finished:
        return parsed.table_span
    return None


def _line_error(parsed: ParsedLine) -> LineError:
    """Why `parsed` cannot be read, under the line."""
    error = parsed.error
    assert error is not None
    if isinstance(error, IllegalHandError):
        return _value_error(error, parsed.text)
    return LineError(_short(error), error.span)


def _hand_preview(
    state: EventState,
    parsed: HandLine,
    seats: tuple[SeatView, ...],
    start: GameState,
    after: GameState,
    settlement: Settlement,
    result: GameResult | None,
    *,
    repeats: str | None = None,
    notes: tuple[str, ...] = (),
) -> LinePreview:
    """The preview of `parsed` played from `start` at its table: `after` and `settlement` as
    the hand left and paid, `result` the game's when the hand ends it."""
    names = [s.name for s in seats]
    return LinePreview(
        round=parsed.round,
        table=parsed.table,
        seats=seats,
        hand_label=start.label,
        payments=tuple(
            PreviewPayment(p.payer, p.payee, p.amount, p.kind) for p in settlement.payments
        ),
        scores_before=start.scores,
        scores_after=after.scores,
        next_dealer=None if after.finished else after.dealer,
        game_over=result_text(names, result, after) if result is not None else None,
        notes=settlement_notes(parsed.hand, settlement, state.rules) + notes,
        repeats=repeats,
        details=_details(parsed.hand),
    )


def preview_amend(
    folder: Folder, entry: str, parsed: ParsedLine, reason: str
) -> LinePreview | LineError:
    """What amending hand entry `entry` to the hand line `parsed` (`read_entry`), for `reason`,
    would do at the event `folder` has folded (the session's live fold), or why recording it
    would be refused. The line must be a hand of the same table.

    The correction the amendment records (`core.drafts.draft_correction`) is folded onto the
    live fold (`Folder.then`: a correction folds the log again, the fold's memo scoring only
    the amended hand and the hands after it), as `events.commands.correct_entry` folds it:
    what it causes (`core.state.caused_problems`) is the refusal, in the fold's words (an
    illegal hand, or a later entry it would leave wrong: a hand after the game's new end, a
    score sheet's totals the hands no longer give), and the preview is the amended hand as the
    fold played it from the scores before it, with a note saying how many later hands are
    played again from the new scores.

    >>> from mjevent.core.entries import HandRecorded
    >>> from mjevent.core.settings import settings_from_dict
    >>> from mjevent.core.notation import EntryContext, parse_entry
    >>> settings = settings_from_dict({
    ...     "event": {"name": "Demo", "format_version": 1}, "rules": {"preset": "ema2016"},
    ...     "players": [{"id": p, "name": n} for p, n in
    ...                 [("p1", "Ana"), ("p2", "Ben"), ("p3", "Cai"), ("p4", "Dee")]],
    ...     "seating": {"rounds": [{"round": 1, "tables": [["p1", "p2", "p3", "p4"]]}]}})
    >>> ctx = EntryContext(round=1, seats=4)
    >>> hands = [HandRecorded(id=f"H{i}", at="2026-03-14T10:00:00+00:00", round=1, table=1,
    ...                       hand=parse_entry(line, ctx).hand)
    ...          for i, line in enumerate(["t1 ron S<-W 3/30", "t1 draw"], 1)]
    >>> folder = Folder.of(settings, hands)
    >>> line = read_entry(folder.state(), "r1 t1 ron S<-W 2/30")
    >>> print(preview_amend(folder, "H1", line, "wrong han").describe())
    round 1 table 1, East 1, 0 honba: E Ana, S Ben, W Cai, N Dee
      Cai pays Ben 2,000 (hand)
      scores: Ana 30,000, Ben 32,000, Cai 28,000, Dee 30,000
      next dealer: Ben (S)
      note: the 1 hand after it is played again from these scores
    """
    state = folder.state()
    game = _game_holding(state, entry)
    if game is None:
        return LineError(_("entry {entry} is not a hand of a game").format(entry=entry))
    rnd, table = game.round, game.table
    if parsed.error is not None:
        return _line_error(parsed)
    line = parsed.entry
    if not isinstance(line, HandLine) or (line.round, line.table) != (rnd, table):
        return LineError(
            _("an amended hand must be a hand at table {table}").format(table=table)
        )
    correction = draft_correction(_TRIAL, entry, reason, draft_hand(_TRIAL, rnd, table, line.hand))
    after = folder.then(correction).state()
    refused = _refused(state, after, correction)
    if refused:
        return LineError(refused)
    amended = after.game(rnd, table)
    assert amended is not None
    ids = [h.entry for h in amended.hands]
    index = ids.index(entry)
    played = amended.hands[index]
    start = amended.hands[index - 1].after if index else _start(state, rnd, table)
    substitutes = dict(amended.substitutes)
    seats = tuple(
        SeatView(WINDS[s], p, substitutes.get(s, state.name(p)))
        for s, p in enumerate(amended.seats)
    )
    later = len(ids) - index - 1
    notes = (
        (ngettext("the {n} hand after it is played again from these scores",
                  "the {n} hands after it are played again from these scores", later)
         .format(n=later),)
        if later
        else ()
    )
    return _hand_preview(
        state, line, seats, start, played.after, played.settlement,
        amended.result if played.after.finished else None,
        notes=notes,
    )


def _game_holding(state: EventState, entry: str) -> TableGame | None:
    """The game whose hands include hand entry `entry`, if any (looked for from the log's end:
    the hand amended is most often a recent one)."""
    for logged in reversed(state.entries):
        if logged.id == entry:
            if not isinstance(logged, HandRecorded):
                return None
            game = state.game(logged.round, logged.table)
            if game is None or all(h.entry != entry for h in game.hands):
                return None
            return game
    return None


@dataclass(frozen=True, slots=True)
class EntryExamples:
    """Examples for the entry line's hints that fit the event: `table` a table the round has,
    `final` a final-scores line's scores, one a seat, adding up to the starting total."""

    table: int
    final: str


_FINAL_SHAPE = {4: (11200, -1200, -7900, -2100), 3: (9000, -1000, -8000)}
"""A plausible game's end as each seat's gain or loss (summing to 0), by number of seats."""


def entry_examples(state: EventState, round: int | None = None) -> EntryExamples:
    """Hint examples for `round` (default: the current one): table 3 where the round has three
    tables or more, else its last table; as many final scores as seats.

    >>> from mjevent.core.settings import settings_from_dict
    >>> from mjevent.core.state import fold
    >>> settings = settings_from_dict({
    ...     "event": {"name": "Demo", "format_version": 1}, "rules": {"preset": "tenhou3"},
    ...     "players": [{"id": p, "name": p} for p in ("p1", "p2", "p3")],
    ...     "seating": {"rounds": [{"round": 1, "tables": [["p1", "p2", "p3"]]}]}})
    >>> entry_examples(fold(settings, []))
    EntryExamples(table=1, final='44000 34000 27000')
    """
    rnd = state.current_round if round is None else round
    tables = len(state.seating.get(rnd, ())) or 1
    seats = state.rules.players
    shape = _FINAL_SHAPE.get(seats, (0,) * seats)
    start = state.rules.start_points
    return EntryExamples(min(3, tables), " ".join(str(start + d) for d in shape))


def _details(hand: Hand) -> tuple[tuple[int, WinDetail], ...]:
    outcome = hand.outcome
    if isinstance(outcome, Ron):
        wins = outcome.wins
    elif isinstance(outcome, Tsumo):
        wins = (outcome.win,)
    else:
        return ()
    return tuple((w.winner, w.detail) for w in wins if w.detail is not None)


def _final_preview(
    state: EventState,
    before: TableGame | None,
    game: TableGame,
    parsed: FinalLine,
    seats: tuple[SeatView, ...],
) -> LinePreview:
    """The preview of a final-scores line the fold took: `game` as it left the table."""
    rules = state.rules
    names = [s.name for s in seats]
    total = sum(parsed.final)
    deficit = rules.players * rules.start_points - parsed.deposits * rules.riichi_value - total
    assert game.result is not None
    if before is not None and before.hands:
        # A game recorded hand by hand: the hands decided, as the fold ended it.
        ended = game.state
        assert ended is not None
        scores_before = ended.scores
    else:
        ended = None
        scores_before = (rules.start_points,) * rules.players
    return LinePreview(
        round=parsed.round,
        table=parsed.table,
        seats=seats,
        hand_label=None if ended is None else ended.label,
        payments=(),
        scores_before=scores_before,
        scores_after=parsed.final,
        next_dealer=None,
        game_over=result_text(names, game.result, ended),
        total=total,
        deficit=deficit,
    )

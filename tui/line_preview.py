"""Interim preview of an entry line, until `mjevent.core.preview` (wt/engine) is merged.

Same names and fields as `mjevent.core.preview`; the console switches to that module as soon as
it is in this branch, and this file goes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from mjevent.core.entries import WINDS, PlayerId
from mjevent.core.game import apply_hand, new_game
from mjevent.core.notation import AmbiguousEntryError, EntrySyntaxError, HandLine, parse_entry
from mjevent.core.scoring import PaymentKind
from mjevent.core.state import EventState
from mjevent.events.commands import entry_context

__all__ = ["LineError", "LinePreview", "preview_line"]


@dataclass(frozen=True, slots=True)
class LineError:
    """Why a line would be refused; `span` the offsets of the words at fault, if known."""

    message: str
    span: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat: wind letter, player, name."""

    wind: str
    player: PlayerId
    name: str


@dataclass(frozen=True, slots=True)
class PreviewPayment:
    """One arrow of the settlement (seat numbers; None is the table)."""

    payer: int | None
    receiver: int | None
    points: int
    what: PaymentKind


@dataclass(frozen=True, slots=True)
class LinePreview:
    """What the line would do (see `mjevent.core.preview.LinePreview`)."""

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

    def describe(self) -> str:
        """Plain lines: seats, payments, scores after, next dealer."""
        names = [s.name for s in self.seats]
        seats = ", ".join(f"{s.wind} {s.name}" for s in self.seats)
        lines = [f"round {self.round} table {self.table}, {self.hand_label}: {seats}"]
        for p in self.payments:
            payer = "the table" if p.payer is None else names[p.payer]
            receiver = "the table" if p.receiver is None else names[p.receiver]
            lines.append(f"  {payer} pays {receiver} {p.points:,} ({p.what.value})")
        if self.total is not None:
            lines.append(f"  total {self.total:,}: {self.deficit:,} missing")
        lines.append("  scores: " + ", ".join(
            f"{n} {s:,}" for n, s in zip(names, self.scores_after, strict=True)))
        if self.next_dealer is not None:
            lines.append(f"  next dealer: {names[self.next_dealer]} ({WINDS[self.next_dealer]})")
        if self.game_over:
            lines.append(f"  {self.game_over}")
        return "\n".join(lines)


def preview_line(
    state: EventState, text: str, *, round: int | None = None
) -> LinePreview | LineError:
    """What recording `text` would do, or why it would be refused."""
    named = re.match(r"\s*[rR](\d+)\s", text)
    context = entry_context(state, int(named.group(1)) if named else round)
    try:
        parsed = parse_entry(text, context)
    except (EntrySyntaxError, AmbiguousEntryError, ValueError) as error:
        return LineError(str(error))
    seats_of = state.table_seats(parsed.round, parsed.table)
    if seats_of is None:
        return LineError(f"table {parsed.table} does not exist in round {parsed.round}")
    seats = tuple(SeatView(WINDS[s], p, state.name(p)) for s, p in enumerate(seats_of))
    game = state.game(parsed.round, parsed.table)
    if not isinstance(parsed, HandLine):
        total = sum(parsed.final)
        expected = state.rules.players * state.rules.start_points
        return LinePreview(parsed.round, parsed.table, seats, None, (), parsed.final,
                           parsed.final, None, None, total,
                           expected - parsed.deposits * state.rules.riichi_value - total)
    before = game.state if game is not None and game.state is not None else new_game(state.rules)
    try:
        after, settlement = apply_hand(before, parsed.hand)
    except ValueError as error:
        return LineError(str(error))
    return LinePreview(
        parsed.round, parsed.table, seats, before.label,
        tuple(PreviewPayment(p.payer, p.payee, p.amount, p.kind) for p in settlement.payments),
        before.scores, after.scores, None if after.finished else after.dealer,
        "game over" if after.finished else None,
    )

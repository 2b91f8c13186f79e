"""Replay an event's log entry by entry and tell its story.

The story has one event per log entry, in log order: each hand with who paid whom, each game's
result, each correction with what it voided or amended, every problem the fold found next to
the entry at fault, and the standings once every table of a round has finished. The same story
comes as text lines (`StoryEvent.text`) or, for other tools, as JSON objects
(`StoryEvent.data`, one per line with `mjevent replay --json`).

The story is told from the fold of the whole log (the open event's, `EventSession.state`), so a
hand shows what stands after every correction and re-seat: a voided hand is told as voided, an
amended hand as amended. Nothing here reads the log into entries or folds it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from mjevent.core.entries import (
    WINDS,
    Correction,
    Entry,
    GameFinished,
    HandRecorded,
    SeatingSet,
    TableEntryApproved,
    TableEntryConfirmed,
    TableEntrySubmitted,
    seat_and_name,
)
from mjevent.core.game import new_game
from mjevent.core.i18n import _, format_number, format_signed, format_thousands, pgettext
from mjevent.core.notation import EntryContext, HandLine, format_entry
from mjevent.core.outcomes import ChomboHand
from mjevent.core.preview import result_text
from mjevent.core.results import GameResult
from mjevent.core.scoring import settlement_notes
from mjevent.core.state import EventState, HandPlayed, Problem, ProblemKind, TableGame
from mjevent.core.text import pad

if TYPE_CHECKING:
    from mjevent.core.standings.compute import Standings

__all__ = ["Story", "StoryEvent", "replay", "tell_entry"]


@dataclass(frozen=True)
class StoryEvent:
    """One step of the story: `type` is hand, game, standings, correction, entry or problem."""

    type: str
    text: str
    data: Mapping[str, Any]
    entry: str | None = None
    round: int | None = None


@dataclass(frozen=True)
class Story:
    """The replayed story, the folded state and the problems within the replayed rounds."""

    events: tuple[StoryEvent, ...]
    state: EventState
    problems: tuple[Problem, ...] = field(default=())

    @property
    def clean(self) -> bool:
        """True when the replayed part of the log replays without a problem."""
        return not self.problems


def _round_of(entry: Entry) -> int | None:
    if isinstance(entry, SeatingSet):
        return entry.first_round
    if isinstance(entry, Correction):
        return None
    value = getattr(entry, "round", None)
    return value if isinstance(value, int) else None


class _Teller:
    def __init__(self, state: EventState) -> None:
        self.state = state
        self.context = EntryContext(round=0, seats=state.rules.players)
        self.hands: dict[str, tuple[TableGame, int]] = {}
        for game in state.games.values():
            for i, played in enumerate(game.hands):
                self.hands[played.entry] = (game, i)
        self.told_results: set[tuple[int, int]] = set()

    def seat_names(self, game: TableGame) -> list[str]:
        return [
            game.substitutes.get(s, self.state.name(p)) for s, p in enumerate(game.seats)
        ]

    def hand(self, entry: HandRecorded) -> list[StoryEvent]:
        found = self.hands.get(entry.id)
        if found is None:
            return []
        game, i = found
        played: HandPlayed = game.hands[i]
        before = game.hands[i - 1].after if i else new_game(self.state.rules)
        names = self.seat_names(game)
        line = format_entry(HandLine(entry.round, entry.table, played.hand), self.context)
        deltas = played.settlement.deltas
        moves = "  ".join(
            f"{names[s]} {format_signed(d)}" for s, d in enumerate(deltas) if d
        ) or _("no points moved")
        outcome = played.hand.outcome
        if isinstance(outcome, ChomboHand):
            moves = _("chombo by {name}; {moves}").format(
                name=names[outcome.offender], moves=moves
            )
        scores = " / ".join(format_number(s) for s in played.after.scores)
        # Padded by display width: a label in Japanese is two cells a character.
        text = f"{pad(line, 34)} {pad(before.label, 18)} {moves}  ->  {scores}"
        notes = settlement_notes(played.hand, played.settlement, self.state.rules)
        # Below the line, so the story's columns stay aligned.
        text += "".join(
            "\n    " + pgettext("replay", "note: {note}").format(note=note) for note in notes
        )
        data: dict[str, Any] = {
            "type": "hand",
            "entry": entry.id,
            "round": entry.round,
            "table": entry.table,
            "hand_number": i + 1,
            "label": before.label,
            "line": line,
            "players": list(game.seats),
            "deltas": list(deltas),
            "payments": [
                {
                    "from": None if p.payer is None else WINDS[p.payer],
                    "to": None if p.payee is None else WINDS[p.payee],
                    "amount": p.amount,
                    "kind": p.kind.value,
                }
                for p in played.settlement.payments
            ],
            "scores": list(played.after.scores),
            "deposits": played.after.deposits,
        }
        if notes:
            data["notes"] = list(notes)
        events = [StoryEvent("hand", text, data, entry.id, entry.round)]
        last = i == len(game.hands) - 1
        if last and played.after.finished and game.finished is None and game.result:
            events.append(self.result(game, game.result, entry.id))
        return events

    def result(self, game: TableGame, result: GameResult, entry_id: str) -> StoryEvent:
        self.told_results.add((game.round, game.table))
        names = self.seat_names(game)
        text = f"r{game.round} t{game.table} " + result_text(names, result, game.state)
        data = {
            "type": "game",
            "entry": entry_id,
            "round": game.round,
            "table": game.table,
            "players": list(game.seats),
            "final": list(result.final),
            "places": list(result.places),
            "uma": list(result.uma),
            "penalties": list(result.penalties),
            "points": list(result.points),
            "end": None
            if game.state is None or game.state.end_reason is None
            else game.state.end_reason.value,
        }
        return StoryEvent("game", text, data, entry_id, game.round)

    def finished(self, entry: GameFinished) -> list[StoryEvent]:
        game = self.state.game(entry.round, entry.table)
        if game is None or game.finished != entry.id or game.result is None:
            return []
        return [self.result(game, game.result, entry.id)]

    def other(self, entry: Entry) -> str:
        return entry.describe(self.state.name)


def _standings_event(standings: Standings, rnd: int) -> StoryEvent:
    # The event's own chain (its preset's, or its [standings] table), as `print standings` shows.
    table = standings.standings_after(rnd)
    rows = [
        {"place": r.place_label, "player": r.player, "name": r.name, "total": r.total}
        for r in table.rows
    ]
    lines = [
        f"  {r.place_label:>5}  {pad(r.name, 24)} {format_thousands(r.total):>8}"
        for r in table.rows
    ]
    text = _("standings after round {round}:").format(round=rnd) + "\n" + "\n".join(lines)
    return StoryEvent(
        "standings", text, {"type": "standings", "round": rnd, "rows": rows}, None, rnd
    )


def replay(
    state: EventState,
    records: Sequence[Mapping[str, Any]],
    entries: Sequence[Entry],
    standings: Callable[[], Standings],
    *,
    until: int | None = None,
    warnings: Sequence[str] = (),
) -> Story:
    """Tell the log entry by entry; `until` stops after round `until`.

    `records` is the log as written, `entries` the ones that could be read (in order) and
    `state` their fold (an open event's session holds all three: `store.log`, `entries`,
    `state`); `standings` gives the event's standings (`EventSession.standings`), asked once a
    round has all its results. `warnings` (what opening the file had to repair, e.g. a torn
    tail moved aside) are told first and count as problems.
    """
    teller = _Teller(state)
    effective = {e.id: e for e in state.entries}
    problems_of: dict[str | None, list[Problem]] = {}
    for p in state.problems:
        problems_of.setdefault(p.entry, []).append(p)
    raw_by_id = {e.id: e for e in entries}
    shown_problems = [Problem.of(None, ProblemKind.TOLD, text=w) for w in warnings]
    events: list[StoryEvent] = [
        StoryEvent("problem", f"!! {w}", {"type": "problem", "entry": None, "message": w})
        for w in warnings
    ]
    for p in problems_of.get(None, []):
        shown_problems.append(p)
        events.append(
            StoryEvent(
                "problem", f"!! {p.message}", {"type": "problem", "entry": None,
                                               "message": p.message}
            )
        )
    seated = {r: len(t) for r, t in state.seating.items()}
    told_rounds: set[int] = set()
    table: Standings | None = None
    done: dict[int, set[int]] = {}
    seen: set[str] = set()
    for record in records:
        entry_id = record.get("id")
        if not isinstance(entry_id, str) or entry_id in seen:
            continue
        seen.add(entry_id)
        raw = raw_by_id.get(entry_id)
        entry = effective.get(entry_id)
        target = entry or raw
        rnd = None if target is None else _round_of(target)
        if target is None and isinstance(record.get("round"), int):
            rnd = record["round"]  # an unreadable record still says which round it is about
        if isinstance(raw, Correction):
            tgt = raw_by_id.get(raw.target)
            rnd = None if tgt is None else _round_of(tgt)
        if until is not None and rnd is not None and rnd > until:
            continue
        step: list[StoryEvent] = []
        if isinstance(raw, Correction):
            tgt = raw_by_id.get(raw.target)
            if raw.replacement is None:
                text = (
                    pgettext("replay", "correction: voids {target}: {reason}") if tgt is None
                    else pgettext("replay", "correction: voids {target} ({kind}): {reason}")
                )
            else:
                text = (
                    pgettext("replay", "correction: amends {target}: {reason}") if tgt is None
                    else pgettext("replay", "correction: amends {target} ({kind}): {reason}")
                )
            text = text.format(
                target=raw.target, kind=None if tgt is None else tgt.KIND, reason=raw.reason
            )
            if entry_id in state.voided:
                text += " " + _("[this correction was itself voided]")
            step.append(
                StoryEvent(
                    "correction",
                    text,
                    {"type": "correction", "entry": entry_id, "target": raw.target,
                     "action": "void" if raw.replacement is None else "amend",
                     "reason": raw.reason, "voided": entry_id in state.voided},
                    entry_id,
                    rnd,
                )
            )
        elif entry is None and raw is not None:
            step.append(
                StoryEvent(
                    "entry",
                    _("({kind} {entry} voided)").format(kind=raw.KIND, entry=entry_id),
                    {"type": "entry", "entry": entry_id, "kind": raw.KIND, "voided": True},
                    entry_id,
                    rnd,
                )
            )
        elif isinstance(entry, HandRecorded):
            step.extend(teller.hand(entry))
        elif isinstance(entry, GameFinished):
            step.extend(teller.finished(entry))
        elif entry is not None:
            text = teller.other(entry)
            step.append(
                StoryEvent(
                    "entry", text,
                    {"type": "entry", "entry": entry_id, "kind": entry.KIND, "text": text},
                    entry_id, rnd,
                )
            )
        if isinstance(
            raw, TableEntrySubmitted | TableEntryConfirmed | TableEntryApproved
        ) and isinstance(entry, HandRecorded | GameFinished):
            step = _from_the_table(step, raw, raw_by_id, state)
        for p in problems_of.get(entry_id, []):
            shown_problems.append(p)
            step.append(
                StoryEvent(
                    "problem",
                    "!! " + _("entry {entry}: {problem}").format(
                        entry=entry_id, problem=p.message
                    ),
                    {"type": "problem", "entry": entry_id, "message": p.message},
                    entry_id,
                    rnd,
                )
            )
        events.extend(step)
        for ev in step:
            if ev.type == "game" and ev.round is not None:
                done.setdefault(ev.round, set()).add(int(ev.data["table"]))
        for r in sorted(done):
            if r not in told_rounds and r in seated and len(done[r]) >= seated[r]:
                told_rounds.add(r)
                if table is None:
                    table = standings()
                events.append(_standings_event(table, r))
    return Story(tuple(events), state, tuple(shown_problems))


def _from_the_table(
    step: list[StoryEvent],
    raw: TableEntrySubmitted | TableEntryConfirmed | TableEntryApproved,
    raw_by_id: Mapping[str, Entry],
    state: EventState,
) -> list[StoryEvent]:
    """`step` (the story of a hand or a game's end that a table entered) with who entered it
    and who made it count, under its first line."""
    submitted = raw if isinstance(raw, TableEntrySubmitted) else raw_by_id.get(raw.target)
    if not step or not isinstance(submitted, TableEntrySubmitted):
        return step
    who = seat_and_name(submitted.seat, submitted.player, state.name)
    data: dict[str, Any] = {
        "id": submitted.id, "typed": submitted.line, "seat": submitted.seat,
        "player": submitted.player,
    }
    if isinstance(raw, TableEntryConfirmed):
        text = pgettext("replay", "entered at the table by {who}, confirmed by {other}").format(
            who=who, other=seat_and_name(raw.seat, raw.player, state.name)
        )
        data["confirmed_by"] = {"seat": raw.seat, "player": raw.player}
    elif isinstance(raw, TableEntryApproved):
        text = pgettext("replay", "entered at the table by {who}, approved by the director")
        text = text.format(who=who)
        data["approved_by"] = "director"
    else:
        text = pgettext("replay", "entered at the table by {who}, recorded at once").format(
            who=who
        )
    first = step[0]
    told = dataclasses.replace(
        first,
        text=first.text + "\n    " + text,
        data={**first.data, "table_entry": data},
    )
    return [told, *step[1:]]


def tell_entry(state: EventState, entry_id: str) -> list[StoryEvent]:
    """The story of one entry of `state`'s log (a hand with its payments, a game's result ...),
    for a command that has just recorded it."""
    teller = _Teller(state)
    entry = next((e for e in state.entries if e.id == entry_id), None)
    if isinstance(entry, HandRecorded):
        return teller.hand(entry)
    if isinstance(entry, GameFinished):
        return teller.finished(entry)
    if entry is None:
        return []
    text = teller.other(entry)
    return [StoryEvent("entry", text, {"type": "entry", "entry": entry_id, "kind": entry.KIND,
                                       "text": text}, entry_id, _round_of(entry))]

"""The log as the console lists it, its filter, and the event as it stood after any entry.

`log_lines(state, records, entries, standings)` tells every record of the log (voided ones and
corrections too) in the words of `mjevent replay` (`core/replay.py`), with the round, table,
kind and players each entry is about. `LogFilter.parse("r2 t3 hand Tanaka")` reads a filter
line. The event as it stood after one entry (the replay inside the console) is the session's
(`EventSession.as_of`).

No Textual here.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mjevent.core.entries import (
    KINDS,
    Correction,
    Entry,
    GameFinished,
    HandRecorded,
    PlayerId,
    PlayerSubstituted,
    SeatsSwapped,
    TableEntryApproved,
    TableEntryConfirmed,
    TableEntryRejected,
    TableEntrySubmitted,
    TableReseated,
)
from mjevent.core.i18n import N_, _
from mjevent.core.notation import EntryContext, FinalLine, HandLine, format_entry
from mjevent.core.replay import replay, tell_entry
from mjevent.core.state import EventState

if TYPE_CHECKING:
    from mjevent.core.standings.compute import Standings

__all__ = [
    "LogFilter",
    "LogLine",
    "entry_words",
    "kind_name",
    "log_lines",
    "plain",
]

_KIND_NAMES = {
    "player_added": N_("player added"),
    "player_renamed": N_("player renamed"),
    "player_withdrawn": N_("player withdrawn"),
    "player_returned": N_("player returned"),
    "player_checked_in": N_("player checked in"),
    "player_substituted": N_("player substituted"),
    "seating_set": N_("seating set"),
    "seats_swapped": N_("seats swapped"),
    "round_started": N_("round started"),
    "round_paused": N_("round paused"),
    "round_resumed": N_("round resumed"),
    "round_extended": N_("round extended"),
    "hand": N_("hand"),
    "game_finished": N_("game finished"),
    "time_called": N_("time called"),
    "penalty": N_("penalty"),
    "note": N_("note"),
    "table_reseated": N_("table reseated"),
    "correction": N_("correction"),
    "table_entry": N_("table entry"),
    "table_entry_confirmed": N_("table entry confirmed"),
    "table_entry_approved": N_("table entry approved"),
    "table_entry_rejected": N_("table entry rejected"),
}


def kind_name(kind: str) -> str:
    """An entry's kind as people read it: `round_started` is "round started" in English
    (a kind this console does not know is shown as written).

    >>> kind_name("player_checked_in")
    'player checked in'
    """
    known = _KIND_NAMES.get(kind)
    return _(known) if known is not None else kind.replace("_", " ")


@dataclass(frozen=True)
class LogLine:
    """One record of the log: where it stands (`position`, 0 = first), what it is and says.

    `voided` is True for an entry a correction voided, `amended` for one a correction
    replaced (`text` tells the replacement); `corrected_by` names the corrections aimed at it.
    `problems` are what the fold found wrong with it.
    """

    position: int
    id: str
    at: str
    kind: str
    round: int | None
    table: int | None
    players: frozenset[PlayerId]
    text: str
    voided: bool = False
    amended: bool = False
    corrected_by: tuple[str, ...] = ()
    problems: tuple[str, ...] = ()

    @property
    def time(self) -> str:
        """The clock time of the entry, "10:02" (the date is the event's)."""
        match = re.search(r"T(\d\d:\d\d)", self.at)
        return match.group(1) if match else self.at

    @property
    def where(self) -> str:
        """"r2 t3", "r2" or ""."""
        parts = [f"r{self.round}" if self.round else "", f"t{self.table}" if self.table else ""]
        return " ".join(p for p in parts if p)


def plain(text: str) -> str:
    """`text` folded for searching: case and accents ignored.

    >>> plain("Chloé Lefèvre"), plain("ÖMER")
    ('chloe lefevre', 'omer')
    """
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _about(
    entry: Entry | None, state: EventState, by_id: Mapping[str, Entry]
) -> tuple[int | None, int | None, frozenset[PlayerId]]:
    """(round, table, players) an entry is about; a correction is about its target."""
    if isinstance(
        entry, Correction | TableEntryConfirmed | TableEntryApproved | TableEntryRejected
    ):
        return _about(by_id.get(entry.target), state, by_id)
    if entry is None:
        return None, None, frozenset()
    rnd = getattr(entry, "round", None)
    table = getattr(entry, "table", None)
    if rnd is None and hasattr(entry, "first_round"):
        rnd = entry.first_round
    players: set[PlayerId] = set()
    if isinstance(entry, HandRecorded | GameFinished | TableReseated | PlayerSubstituted) or (
        table is not None and rnd is not None
    ):
        seats = (
            state.table_seats(rnd, table)
            if isinstance(rnd, int) and isinstance(table, int)
            else None
        )
        players.update(seats or ())
    if isinstance(entry, TableReseated):
        players.update(entry.seats)
    if isinstance(entry, SeatsSwapped):
        players.update((entry.a, entry.b))
    player = getattr(entry, "player", None)
    if isinstance(player, str):
        players.add(player)
    return (
        rnd if isinstance(rnd, int) else None,
        table if isinstance(table, int) else None,
        frozenset(players),
    )


def entry_words(entry: Entry, state: EventState) -> str:
    """What an entry said, in the words the console writes it (a voided entry, which the replay
    tells only as voided): a hand or a score sheet as its entry line with its round, anything
    else as its own description.

    >>> from mjevent.core.entries import Penalty
    >>> from mjevent.core.settings import settings_from_dict
    >>> from mjevent.core.state import fold
    >>> settings = settings_from_dict({"event": {"name": "Demo", "format_version": 1},
    ...     "rules": {"preset": "ema2016"}, "players": [{"id": "p1", "name": "Ana"}]})
    >>> entry_words(Penalty(id="P1", at="", player="p1", amount=5000, reason="late"),
    ...             fold(settings, []))
    'penalty: Ana -5,000 (late)'
    """
    # Round 0 is never an entry's: the line always names its round, as the replay's lines do.
    anywhere = EntryContext(round=0)
    if isinstance(entry, HandRecorded):
        return format_entry(HandLine(entry.round, entry.table, entry.hand), anywhere)
    if isinstance(entry, GameFinished) and entry.final is not None:
        return format_entry(
            FinalLine(entry.round, entry.table, entry.final, entry.deposits, entry.chombos),
            anywhere,
        )
    return entry.describe(state.name)


def _fields(record: Mapping[str, Any]) -> str:
    """A record's own fields as text, for an entry that cannot be read."""
    skip = ("id", "at", "kind")
    return f"{record.get('kind', '?')}: " + ", ".join(
        f"{key} {value}" for key, value in record.items() if key not in skip
    )


def log_lines(
    state: EventState,
    records: Sequence[Mapping[str, Any]],
    entries: Sequence[Entry],
    standings: Callable[[], Standings],
    previous: Sequence[LogLine] = (),
) -> tuple[LogLine, ...]:
    """Every record of the log, oldest first, told as `mjevent replay` tells it.

    `records` is the log as written, `entries` the ones that could be read, `state` their fold
    and `standings` gives their standings (an open event's session holds them all: `store.log`,
    `entries`, `state`, `standings`). `previous` are the lines of the log as it was before
    records were appended: when the log only grew by entries that change nothing told before
    (no correction), those lines are kept and only the new records are told, in time
    independent of the log's length.
    """
    more = _appended(state, records, entries, previous)
    if more is not None:
        return more
    story = replay(state, records, entries, standings)
    told: dict[str, list[str]] = {}
    for event in story.events:
        if event.entry is not None:
            told.setdefault(event.entry, []).append(event.text)
    by_id = {e.id: e for e in entries}
    corrections: dict[str, list[str]] = {}
    amended: set[str] = set()
    for e in entries:
        if isinstance(e, Correction):
            corrections.setdefault(e.target, []).append(e.id)
            if e.replacement is not None and e.id not in story.state.voided:
                amended.add(e.target)
    problems: dict[str | None, list[str]] = {}
    for p in story.state.problems:
        problems.setdefault(p.entry, []).append(p.message)
    out: list[LogLine] = []
    seen: set[str] = set()
    for position, record in enumerate(records):
        entry_id = str(record.get("id", ""))
        if entry_id in seen:
            continue
        seen.add(entry_id)
        entry = by_id.get(entry_id)
        rnd, table, players = _about(entry, story.state, by_id)
        texts = [t for t in told.get(entry_id, []) if not t.startswith("!! ")]
        kind = str(record.get("kind", "?"))
        if entry_id in story.state.voided:
            # The replay tells a voided entry only as voided: say what it held.
            texts = [_fields(record) if entry is None else entry_words(entry, story.state)]
        out.append(
            LogLine(
                position=position,
                id=entry_id,
                at=str(record.get("at", "")),
                kind=kind,
                round=rnd,
                table=table,
                players=players,
                text=" / ".join(texts) or kind_name(kind),
                voided=entry_id in story.state.voided,
                amended=entry_id in amended and entry_id not in story.state.voided,
                corrected_by=tuple(corrections.get(entry_id, ())),
                problems=tuple(problems.get(entry_id, ())),
            )
        )
    return tuple(out)


def _appended(
    state: EventState,
    records: Sequence[Mapping[str, Any]],
    read: Sequence[Entry],
    previous: Sequence[LogLine],
) -> tuple[LogLine, ...] | None:
    """The lines of `records` built on `previous`, or None when they must all be told again."""
    if not previous:
        return None
    last = previous[-1]
    start = last.position + 1
    if start > len(records) or records[last.position].get("id") != last.id:
        return None
    # A record that could not be read (the log then has fewer entries than records) is told
    # with the whole log.
    if len(read) != len(records):
        return None
    entries = read[start:]
    known = {line.id for line in previous}
    # A correction changes what earlier entries mean; a game's finish entry moves its result
    # from the last hand's line to its own (as the replay tells it): tell everything again.
    if any(isinstance(e, Correction | GameFinished) or e.id in known for e in entries):
        return None
    # A table's entry that comes to count is told with who entered it, from the whole log.
    if any(
        isinstance(e, TableEntryConfirmed | TableEntryApproved)
        or (isinstance(e, TableEntrySubmitted) and e.mode == "direct")
        for e in entries
    ):
        return None
    effective = {e.id for e in state.entries}
    problems: dict[str | None, list[str]] = {}
    for p in state.problems:
        problems.setdefault(p.entry, []).append(p.message)
    out = list(previous)
    for offset, entry in enumerate(entries):
        if entry.id not in effective:
            return None
        rnd, table, players = _about(entry, state, {})
        texts = [e.text for e in tell_entry(state, entry.id)]
        out.append(
            LogLine(
                position=start + offset,
                id=entry.id,
                at=entry.at,
                kind=entry.KIND,
                round=rnd,
                table=table,
                players=players,
                text=" / ".join(texts) or kind_name(entry.KIND),
                problems=tuple(problems.get(entry.id, ())),
            )
        )
    return tuple(out)


@dataclass(frozen=True)
class LogFilter:
    """Which log lines to show: every condition given must hold.

    Written as words on one line: `r2` (round 2), `t3` (table 3), a kind (`hand`, `correction`,
    `player` for every player entry, or `k:hand`); any other word is looked for in the names
    and ids of the entry's players and in what the entry says (`ron`, `chombo`, `Tanaka`;
    `p:` forces a word to be read this way). Case and accents do not matter.

    >>> LogFilter.parse("r2 t3 hand chloe")
    LogFilter(round=2, table=3, kinds=('hand',), names=('chloe',))
    >>> LogFilter.parse("correction k:note p:hand")
    LogFilter(round=None, table=None, kinds=('correction', 'note'), names=('hand',))
    """

    round: int | None = None
    table: int | None = None
    kinds: tuple[str, ...] = ()
    names: tuple[str, ...] = ()

    @classmethod
    def parse(cls, text: str) -> LogFilter:
        """Read a filter line (see the class)."""
        rnd: int | None = None
        table: int | None = None
        kinds: list[str] = []
        names: list[str] = []
        for word in text.split():
            low = plain(word)
            if m := re.fullmatch(r"r(\d+)", low):
                rnd = int(m.group(1))
            elif m := re.fullmatch(r"t(\d+)", low):
                table = int(m.group(1))
            elif low.startswith("k:"):
                kinds.append(low[2:])
            elif low.startswith("p:"):
                names.append(low[2:])
            elif any(k.startswith(low) for k in KINDS) and len(low) >= 3:
                kinds.append(low)
            else:
                names.append(low)
        return cls(rnd, table, tuple(kinds), tuple(names))

    @property
    def empty(self) -> bool:
        """True when the filter lets every line through."""
        return self == LogFilter()

    def matches(self, line: LogLine, state: EventState) -> bool:
        """Whether `line` passes; words are matched against the players' current names and ids
        and the entry's text."""
        if self.round is not None and line.round != self.round:
            return False
        if self.table is not None and line.table != self.table:
            return False
        if self.kinds and not any(line.kind.startswith(k) for k in self.kinds):
            return False
        if self.names:
            said = plain(line.text)
            for name in self.names:
                if name in said:
                    continue
                if not any(name in plain(p) or name in plain(state.name(p)) for p in line.players):
                    return False
        return True

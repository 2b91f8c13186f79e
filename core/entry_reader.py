"""Log records read into entries: every field checked, every error naming the entry and field.

The event file's log is a list of records (plain dicts, one `[[log]]` table each);
`entry_from_record` reads one into its entry (`mjevent.core.entries`), and `Entry.to_record()`
writes it back:

>>> from mjevent.core.entries import HandRecorded
>>> from mjevent.core.outcomes import Hand, HandValue, Ron, Win
>>> hand = Hand(Ron(loser=2, wins=(Win(1, HandValue(3, 30)),)), riichi=frozenset({0, 1}))
>>> entry = HandRecorded(id="h1", at="2026-03-14T10:02:00Z", round=1, table=3, hand=hand)
>>> entry_from_record(entry.to_record()) == entry
True

Most of a log is hands and plain game ends: those take a fast path (`_fast_hand`) that reads a
well-formed record without the checks' bookkeeping and falls back to the careful reader, which
names whatever is wrong.
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any

from mjevent.core.entries import (
    KINDS,
    TABLE_ENTRY_MODES,
    WINDS,
    Correction,
    Entry,
    GameFinished,
    HandRecorded,
    PlayerId,
    SeatingSet,
    TableEntrySubmitted,
)
from mjevent.core.heap import collector_paused
from mjevent.core.i18n import _, pgettext
from mjevent.core.outcomes import (
    AbortiveDraw,
    ChomboHand,
    Draw,
    Hand,
    HandValue,
    Outcome,
    Ron,
    Tsumo,
    Win,
    WinDetail,
)
from mjevent.core.state import Problem, ProblemKind, Words
from mjevent.core.text import suggest
from mjevent.core.yaku import YAKU

_SEAT_OF: dict[str, int] = {w: i for i, w in enumerate(WINDS)}


class EntryError(ValueError):
    """A log record that cannot be read as an entry; the message names the entry id and field."""


NUMBER_LIMITS: dict[str, int] = {
    "round": 999,
    "first_round": 999,
    "from_round": 999,
    "table": 999,
    "seconds": 24 * 3600,
    "deposits": 100,
    "amount": 1_000_000,
    "rating": 100_000,
    "*": 10_000_000,
}
"""The largest value (in size) each whole-number field of an entry takes; `"*"` for the rest
(final scores included). A bigger value is a typing slip, or a hostile file, not an event."""


def _shown(value: Any) -> str:
    """`repr(value)`, shortened when huge (a 4,000-digit number, a 100 KB text)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**30:
        return _("a number of about {digits:,} digits").format(
            digits=int(value.bit_length() * 0.30103) + 1
        )
    text = repr(value)
    if len(text) <= 80:
        return text
    return _("{start}... ({length:,} characters)").format(start=text[:60], length=len(text))


class _Reader:
    """Reads typed fields from one record, naming the entry and the field in every error."""

    def __init__(self, record: Mapping[str, Any], where: str) -> None:
        self.record = record
        self.where = where
        self.used: set[str] = {"id", "at", "kind"}

    def fail(self, name: str, expected: str) -> EntryError:
        value = self.record.get(name)
        got = pgettext("log field", "nothing") if name not in self.record else _shown(value)
        return _must_be(self.where, name, expected, got)

    def inner_entry(self, name: str, raw: Mapping[str, Any], id: str, at: str) -> Entry:
        """The entry the table in field `name` holds (a correction's replacement, a table's
        entry), read with this record's id and time; an error in it names the field."""
        inner = dict(raw)
        inner["id"], inner["at"] = id, at
        try:
            return entry_from_record(inner)
        except EntryError as error:
            raise EntryError(
                _("{where}: field '{field}': {error}").format(
                    where=self.where, field=name, error=error
                )
            ) from None

    def _get(self, name: str, default: Any, required: bool) -> Any:
        self.used.add(name)
        if name not in self.record:
            if required:
                raise _missing(self.where, name)
            return default
        return self.record[name]

    def text(self, name: str, default: str | None = None) -> str:
        value = self._get(name, default, default is None)
        if not isinstance(value, str):
            raise self.fail(name, pgettext("log field", "text"))
        return value

    def opt_text(self, name: str) -> str | None:
        value = self._get(name, None, False)
        if value is not None and not isinstance(value, str):
            raise self.fail(name, pgettext("log field", "text"))
        return value

    def number(self, name: str, *, minimum: int | None = None, default: int | None = None) -> int:
        value = self._get(name, default, default is None)
        top = NUMBER_LIMITS.get(name, NUMBER_LIMITS["*"])
        low = -top if minimum is None else minimum
        expected = _("a whole number from {low:,} to {top:,}").format(low=low, top=top)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= top:
            raise self.fail(name, expected)
        return value

    def opt_number(self, name: str, *, minimum: int | None = None) -> int | None:
        if name not in self.record:
            self.used.add(name)
            return None
        return self.number(name, minimum=minimum)

    def seat(self, name: str, value: Any = None, *, inner: str | None = None) -> int:
        raw = self._get(name, None, True) if inner is None else value
        label = name if inner is None else inner
        seat = _SEAT_OF.get(raw) if isinstance(raw, str) else None
        if seat is None:
            got = pgettext("log field", "nothing") if raw is None else repr(raw)
            raise _must_be(self.where, label, _("a seat E, S, W or N"), got)
        return seat

    def seat_set(self, name: str) -> frozenset[int]:
        raw = self._get(name, [], False)
        if not isinstance(raw, list):
            raise self.fail(name, _('a list of seats such as ["E", "W"]'))
        # The common case, read fast: a short list of distinct wind letters.
        try:
            fast = frozenset(_SEAT_OF[v] for v in raw)
        except (KeyError, TypeError):
            fast = None
        if fast is not None and len(fast) == len(raw):
            return fast
        seats = [self.seat(name, v, inner=f"{name}[{i}]") for i, v in enumerate(raw)]
        if len(set(seats)) != len(seats):
            raise self.fail(name, _("a list of different seats"))
        return frozenset(seats)

    def flag(self, name: str) -> bool:
        value = self._get(name, None, True)
        if not isinstance(value, bool):
            raise self.fail(name, pgettext("log field", "true or false"))
        return value

    def player(self, name: str) -> PlayerId:
        value = self._get(name, None, True)
        if not isinstance(value, str) or not value:
            raise self.fail(name, _("a player id (text)"))
        return value

    def finish(self) -> None:
        extra = sorted(set(self.record) - self.used)
        if extra:
            known = sorted(self.used - {"id", "at", "kind"})
            hint = suggest(extra[0], known)
            if known:
                text = _(
                    "{where}: unknown field {field!r}{hint} (this kind has: {known}). Fix: rename "
                    "the field to one of those, or remove its line"
                )
            else:
                text = _(
                    "{where}: unknown field {field!r}{hint} (this kind has: no other fields). "
                    "Fix: rename the field to one of those, or remove its line"
                )
            raise EntryError(
                text.format(where=self.where, field=extra[0], hint=hint, known=", ".join(known))
            )


def _must_be(where: str, field: str, expected: str, got: str) -> EntryError:
    """A field that is not what it must be; `expected` and `got` are already in the language."""
    return EntryError(
        _("{where}: field {field!r} must be {expected}, got {got}").format(
            where=where, field=field, expected=expected, got=got
        )
    )


def _missing(where: str, field: str) -> EntryError:
    return EntryError(_("{where}: field {field!r} is missing").format(where=where, field=field))


def _timestamp(value: Any, where: str) -> str:
    # tomllib reads an unquoted TOML datetime as a datetime; keep the log's text form.
    if isinstance(value, _dt.datetime | _dt.date):
        return value.isoformat()
    if not isinstance(value, str) or not value:
        raise _must_be(where, "at", _("an ISO 8601 timestamp"), repr(value))
    return value


def entry_from_record(record: Mapping[str, Any]) -> Entry:
    """Read one log record (a plain dict) into its entry, or raise `EntryError`.

    The error names the entry by id and kind, the field, what was expected and what was found:

    >>> try:
    ...     entry_from_record({"id": "x7", "at": "2026-03-14T10:00:00Z", "kind": "hand",
    ...                        "round": 1, "table": "three", "outcome": "draw"})
    ... except EntryError as error:
    ...     print(error)
    log entry 'x7' (hand): field 'table' must be a whole number from 1 to 999, got 'three'
    >>> try:
    ...     entry_from_record({"id": "x8", "at": "2026-03-14T10:00:00Z", "kind": "hands"})
    ... except EntryError as error:
    ...     print(error)
    log entry 'x8': unknown kind 'hands'; did you mean 'hand'? Fix: correct the kind, or open \
the file with the mjevent that wrote it (a newer version may know this kind).
    """
    raw_id = record.get("id")
    if not isinstance(raw_id, str) or not raw_id:
        raise EntryError(
            _(
                "log entry {id!r}: field 'id' must be a non-empty text id (every entry needs "
                "the id it was entered with)"
            ).format(id=raw_id)
        )
    kind = record.get("kind")
    if not isinstance(kind, str) or kind not in KINDS:
        hint = suggest(kind, sorted(KINDS)) if isinstance(kind, str) else ""
        if hint:
            text = _("log entry {id!r}: unknown kind {kind!r}{hint}")
        else:
            text = _("log entry {id!r}: unknown kind {kind!r} (known kinds: {kinds})")
        raise EntryError(
            text.format(id=raw_id, kind=kind, hint=hint, kinds=", ".join(sorted(KINDS)))
            + " "
            + _(
                "Fix: correct the kind, or open the file with the mjevent that wrote it (a "
                "newer version may know this kind)."
            )
        )
    if kind == "hand":
        fast = _fast_hand(record)
        if fast is not None:
            return fast
    elif kind == "game_finished" and record.keys() - _FINISH_DEFAULTS == _PLAIN_FINISH_KEYS:
        # A game recorded hand by hand ends with just its round and table (mjevent writes the
        # defaults `deposits = 0` and `chombos = []` too): one per table.
        at, rnd, table = record["at"], record["round"], record["table"]
        deposits, chombos = record.get("deposits", 0), record.get("chombos", [])
        if (
            isinstance(at, str)
            and at
            and type(rnd) is int
            and type(table) is int
            and rnd >= 1
            and table >= 1
            and type(deposits) is int
            and deposits == 0
            and type(chombos) is list
            and not chombos
        ):
            return GameFinished(id=raw_id, at=at, round=rnd, table=table)
    return _read_carefully(record, raw_id, kind)


_PLAIN_FINISH_KEYS = frozenset({"id", "at", "kind", "round", "table"})
_FINISH_DEFAULTS = frozenset({"deposits", "chombos"})


def _read_carefully(record: Mapping[str, Any], raw_id: str, kind: str) -> Entry:
    where = _("log entry {id!r} ({kind})").format(id=raw_id, kind=kind)
    at = _timestamp(record.get("at"), where)
    r = _Reader(record, where)
    reader = _READERS.get(kind)
    entry = (
        reader(r, raw_id, at) if reader is not None else _read_fields(r, KINDS[kind], raw_id, at)
    )
    r.finish()
    return entry


_HAND_KEYS = frozenset(
    {
        "id",
        "at",
        "kind",
        "round",
        "table",
        "outcome",
        "loser",
        "wins",
        "riichi",
        "tenpai",
        "nagashi",
        "reason",
        "offender",
    }
)


def _fast_hand(record: Mapping[str, Any]) -> HandRecorded | None:
    """A well-formed hand record read without the checks' bookkeeping, or None to read it the
    careful way (which then names whatever is wrong). Logs are mostly hands: this halves the
    time to read one.

    The hands themselves repeat (an event has a few thousand different ones among 18,000), so a
    hand read before is taken from `_HANDS` rather than built again: its values are frozen, and
    sharing them also keeps a large log's memory, and the garbage collector's work, down."""
    try:
        if not _HAND_KEYS.issuperset(record):
            return None
        at, rnd, table = record["at"], record["round"], record["table"]
        if not (
            isinstance(at, str)
            and at
            and type(rnd) is int
            and type(table) is int
            and rnd >= 1
            and table >= 1
        ):
            return None
        riichi = _seat_set(record.get("riichi", []))
        if riichi is None:
            return None
        outcome_name = record["outcome"]
        key: tuple[Any, ...]
        if outcome_name in ("ron", "tsumo"):
            if outcome_name == "ron" and "loser" not in record:
                return None
            wins: list[tuple[int, int, int, int, int | None]] = []
            if type(record["wins"]) is not list:
                return None
            for w in record["wins"]:
                if type(w) is not dict or not _WIN_KEYS.issuperset(w):
                    return None
                if "yakuman" in w:
                    n = w["yakuman"]
                    if type(n) is not int or n < 1 or "han" in w or "fu" in w:
                        return None
                    han, fu = 0, 0
                else:
                    han, fu, n = w["han"], w["fu"], 0
                    if type(han) is not int or type(fu) is not int or han < 0 or fu < 0:
                        return None
                pao = w.get("pao")
                wins.append(
                    (_SEAT_OF[w["winner"]], han, fu, n, None if pao is None else _SEAT_OF[pao])
                )
            if not wins or not _NOT_IN_A_WIN.isdisjoint(record):
                return None
            if outcome_name == "ron":
                key = ("ron", _SEAT_OF[record["loser"]], tuple(wins), riichi)
            elif len(wins) == 1 and "loser" not in record:
                key = ("tsumo", wins[0], riichi)
            else:
                return None
        elif outcome_name == "draw":
            tenpai = _seat_set(record.get("tenpai", []))
            nagashi = _seat_set(record.get("nagashi", []))
            if tenpai is None or nagashi is None:
                return None
            if not _NOT_IN_A_DRAW.isdisjoint(record):
                return None
            key = ("draw", tenpai, nagashi, riichi)
        else:
            return None
    except (KeyError, TypeError):
        return None
    hand = _HANDS.get(key)
    if hand is None:
        hand = _build_hand(key)
        if len(_HANDS) >= _HANDS_LIMIT:
            _HANDS.clear()
        _HANDS[key] = hand
    return HandRecorded(id=record["id"], at=at, round=rnd, table=table, hand=hand)


# Keys a win record must not have, and keys a draw record must not have.
_NOT_IN_A_WIN = frozenset({"tenpai", "nagashi", "reason", "offender"})
_NOT_IN_A_DRAW = frozenset({"loser", "wins", "reason", "offender"})
# Hands read by `_fast_hand`, by what the record says (seats as numbers, han, fu ...).
_HANDS: dict[tuple[Any, ...], Hand] = {}
_HANDS_LIMIT = 20_000
# Seat lists as a record writes them (["E", "W"]) and the seats they are.
_SEAT_SETS: dict[tuple[Any, ...], frozenset[int]] = {}
_SEAT_SETS_LIMIT = 1_000


def _seat_set(raw: Any) -> frozenset[int] | None:
    """The seats of a list of distinct wind letters, or None when `raw` is anything else."""
    if type(raw) is not list:
        return None
    key = tuple(raw)
    seats = _SEAT_SETS.get(key)
    if seats is None:
        seats = frozenset(_SEAT_OF[s] for s in raw)
        if len(seats) != len(raw):
            return None
        if len(_SEAT_SETS) < _SEAT_SETS_LIMIT:
            _SEAT_SETS[key] = seats
    return seats


def _build_hand(key: tuple[Any, ...]) -> Hand:
    def win(seat: int, han: int, fu: int, yakuman: int, pao: int | None) -> Win:
        return Win(seat, HandValue(han, fu, yakuman), pao)

    outcome: Outcome
    if key[0] == "ron":
        outcome = Ron(key[1], tuple(win(*w) for w in key[2]))
    elif key[0] == "tsumo":
        outcome = Tsumo(win(*key[1]))
    else:
        outcome = Draw(key[1], key[2])
    return Hand(outcome, key[-1])


_WIN_KEYS = frozenset({"winner", "han", "fu", "yakuman", "pao"})


def _read_value(r: _Reader, win: Mapping[str, Any], label: str) -> HandValue:
    if "yakuman" in win:
        n = win["yakuman"]
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise _must_be(r.where, f"{label}.yakuman", pgettext("log field", "1 or more"), repr(n))
        return HandValue(yakuman=n)
    han, fu = win.get("han"), win.get("fu")
    for name, v in (("han", han), ("fu", fu)):
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            got = pgettext("log field", "nothing") if v is None else repr(v)
            raise EntryError(
                _(
                    "{where}: field {field!r} must be a whole number, got {got} (give han and "
                    "fu, or yakuman)"
                ).format(where=r.where, field=f"{label}.{name}", got=got)
            )
    assert isinstance(han, int) and isinstance(fu, int)
    return HandValue(han=han, fu=fu)


def _read_wins(r: _Reader) -> tuple[Win, ...]:
    raw = r._get("wins", None, True)
    if not isinstance(raw, list) or not raw:
        raise r.fail("wins", _('a list of wins such as [{winner = "S", han = 3, fu = 30}]'))
    wins: list[Win] = []
    for i, w in enumerate(raw):
        label = f"wins[{i}]"
        if not isinstance(w, Mapping):
            raise _must_be(r.where, label, pgettext("log field", "a table"), repr(w))
        extra = sorted(set(w) - _WIN_FIELDS)
        if extra:
            raise EntryError(
                _(
                    "{where}: unknown field {field!r}{hint}. Fix: a win takes winner, han, fu "
                    "(or yakuman), pao, and the optional yaku, dora and open"
                ).format(
                    where=r.where,
                    field=f"{label}.{extra[0]}",
                    hint=suggest(extra[0], sorted(_WIN_FIELDS)),
                )
            )
        winner = r.seat("", w.get("winner"), inner=f"{label}.winner")
        pao = None if "pao" not in w else r.seat("", w["pao"], inner=f"{label}.pao")
        wins.append(Win(winner, _read_value(r, w, label), pao, _read_detail(r, w, label)))
    return tuple(wins)


_WIN_FIELDS = frozenset({"winner", "han", "fu", "yakuman", "pao", "yaku", "dora", "open"})


def _read_detail(r: _Reader, win: Mapping[str, Any], label: str) -> WinDetail | None:
    """The optional yaku, dora and open/closed record of a win (None when it has none)."""
    if not {"yaku", "dora", "open"} & set(win):
        return None
    yaku: tuple[str, ...] | None = None
    if "yaku" in win:
        raw = win["yaku"]
        if not isinstance(raw, list) or not all(isinstance(y, str) and y in YAKU for y in raw):
            raise _must_be(
                r.where,
                f"{label}.yaku",
                pgettext("log field", "a list of yaku ids (docs/entry.md lists them)"),
                repr(raw),
            )
        yaku = tuple(raw)
    dora = win.get("dora")
    if dora is not None and (isinstance(dora, bool) or not isinstance(dora, int) or dora < 0):
        raise _must_be(r.where, f"{label}.dora", pgettext("log field", "0 or more"), repr(dora))
    is_open = win.get("open")
    if is_open is not None and not isinstance(is_open, bool):
        raise _must_be(
            r.where, f"{label}.open", pgettext("log field", "true or false"), repr(is_open)
        )
    return WinDetail(yaku, dora, is_open)


def _read_hand(r: _Reader, id: str, at: str) -> HandRecorded:
    rnd = r.number("round", minimum=1)
    table = r.number("table", minimum=1)
    kind = r.text("outcome")
    outcome: Outcome
    if kind == "ron":
        outcome = Ron(loser=r.seat("loser"), wins=_read_wins(r))
    elif kind == "tsumo":
        wins = _read_wins(r)
        if len(wins) != 1:
            raise r.fail("wins", _("exactly one win for a tsumo"))
        outcome = Tsumo(wins[0])
    elif kind == "draw":
        outcome = Draw(tenpai=r.seat_set("tenpai"), nagashi=r.seat_set("nagashi"))
    elif kind == "abortive":
        outcome = AbortiveDraw(reason=r.text("reason", ""))
    elif kind == "chombo":
        outcome = ChomboHand(offender=r.seat("offender"))
    else:
        raise EntryError(
            _(
                "{where}: field 'outcome' must be one of ron, tsumo, draw, abortive, chombo, got "
                "{kind!r}{hint}"
            ).format(
                where=r.where,
                kind=kind,
                hint=suggest(kind, ["ron", "tsumo", "draw", "abortive", "chombo"]),
            )
        )
    hand = Hand(outcome, riichi=r.seat_set("riichi"))
    return HandRecorded(id=id, at=at, round=rnd, table=table, hand=hand)


def _read_game_finished(r: _Reader, id: str, at: str) -> GameFinished:
    rnd = r.number("round", minimum=1)
    table = r.number("table", minimum=1)
    final: tuple[int, ...] | None = None
    if "final" in r.record:
        raw = r._get("final", None, True)
        if (
            not isinstance(raw, list)
            or len(raw) not in (3, 4)
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in raw)
        ):
            raise r.fail("final", _("a list of 3 or 4 final scores in seat order (E S W N)"))
        top = NUMBER_LIMITS["*"]
        if not all(-top <= x <= top for x in raw):
            raise r.fail(
                "final", _("final scores from {low:,} to {top:,}").format(low=-top, top=top)
            )
        final = tuple(raw)
    else:
        r.used.add("final")
    chombos_raw = r._get("chombos", [], False)
    if not isinstance(chombos_raw, list):
        raise r.fail("chombos", pgettext("log field", "a list of seats"))
    chombos = tuple(r.seat("", v, inner=f"chombos[{i}]") for i, v in enumerate(chombos_raw))
    return GameFinished(
        id=id,
        at=at,
        round=rnd,
        table=table,
        final=final,
        deposits=r.number("deposits", minimum=0, default=0),
        chombos=chombos,
    )


def _read_seating(r: _Reader, id: str, at: str) -> SeatingSet:
    first = r.number("first_round", minimum=1)
    raw = r._get("rounds", None, True)
    expected = _('a list of rounds, each a list of tables of player ids: [[["p01", "p02", ...]]]')
    if not isinstance(raw, list) or not raw:
        raise r.fail("rounds", expected)
    rounds: list[tuple[tuple[PlayerId, ...], ...]] = []
    for i, rnd in enumerate(raw):
        if not isinstance(rnd, list):
            raise EntryError(
                _("{where}: field {field!r} must be {expected}").format(
                    where=r.where, field=f"rounds[{i}]", expected=expected
                )
            )
        tables: list[tuple[PlayerId, ...]] = []
        for j, table in enumerate(rnd):
            if not isinstance(table, list) or not all(isinstance(p, str) and p for p in table):
                raise _must_be(
                    r.where,
                    f"rounds[{i}][{j}]",
                    pgettext("log field", "a list of player ids"),
                    repr(table),
                )
            tables.append(tuple(table))
        rounds.append(tuple(tables))
    params_raw = r._get("params", {}, False)
    if not isinstance(params_raw, Mapping) or not all(
        isinstance(v, str | int | float | bool) for v in params_raw.values()
    ):
        raise r.fail("params", _("a table of simple values (text, numbers, true/false)"))
    return SeatingSet(
        id=id,
        at=at,
        first_round=first,
        rounds=tuple(rounds),
        method=r.text("method", "manual"),
        params=tuple(sorted((str(k), v) for k, v in params_raw.items())),
        seed=r.opt_number("seed"),
    )


def _read_correction(r: _Reader, id: str, at: str) -> Correction:
    target = r.text("target")
    reason = r.text("reason")
    replacement: Entry | None = None
    if "replacement" in r.record:
        raw = r._get("replacement", None, True)
        if not isinstance(raw, Mapping):
            raise r.fail("replacement", _("a table holding the amended entry (kind and fields)"))
        if raw.get("kind") == "correction":
            raise EntryError(
                _(
                    "{where}: field 'replacement' cannot be a correction; void the correction "
                    "and enter a new one instead"
                ).format(where=r.where)
            )
        replacement = r.inner_entry("replacement", raw, id, at)
    else:
        r.used.add("replacement")
    return Correction(id=id, at=at, target=target, reason=reason, replacement=replacement)


def _read_table_entry(r: _Reader, id: str, at: str) -> TableEntrySubmitted:
    rnd = r.number("round", minimum=1)
    table = r.number("table", minimum=1)
    seat = r.text("seat")
    if seat not in WINDS:
        raise r.fail("seat", _("a seat E, S, W or N"))
    mode = r.text("mode", "confirm")
    if mode not in TABLE_ENTRY_MODES:
        raise r.fail("mode", _("one of confirm, director, direct"))
    raw = r._get("entry", None, True)
    if not isinstance(raw, Mapping) or raw.get("kind") not in ("hand", "game_finished"):
        raise r.fail(
            "entry", _("a table holding the entry the line reads as (a hand or a game's end)")
        )
    entry = r.inner_entry("entry", raw, id, at)
    assert isinstance(entry, HandRecorded | GameFinished)
    if (entry.round, entry.table) != (rnd, table):
        raise r.fail("entry", _("an entry for the same round and table"))
    hands = r.number("hands", minimum=0, default=0)
    player = r.opt_text("player")
    return TableEntrySubmitted(
        id=id,
        at=at,
        round=rnd,
        table=table,
        seat=seat,
        line=r.text("line"),
        entry=entry,
        mode=mode,
        player=player,
        hands=hands,
    )


_COUNTS = frozenset({"round", "table", "from_round", "seconds"})


def _read_fields(r: _Reader, cls: type[Entry], id: str, at: str) -> Entry:
    # The simple kinds: each field is read by its annotation (a string: the module has
    # `from __future__ import annotations`).
    values: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        if f.name in ("id", "at"):
            continue
        has_default = f.default is not dataclasses.MISSING
        if not has_default and f.name not in r.record:
            raise _missing(r.where, f.name)
        if has_default and f.name not in r.record:
            r.used.add(f.name)
            continue
        kind = str(f.type).removesuffix(" | None")
        if kind == "PlayerId":
            values[f.name] = r.player(f.name)
        elif kind == "int":
            values[f.name] = r.number(f.name, minimum=1 if f.name in _COUNTS else None)
        elif kind == "str":
            values[f.name] = r.text(f.name)
        elif kind == "bool":
            values[f.name] = r.flag(f.name)
        elif kind == "tuple[PlayerId, ...]":
            raw = r._get(f.name, None, True)
            if not isinstance(raw, list) or not all(isinstance(p, str) and p for p in raw):
                raise r.fail(f.name, pgettext("log field", "a list of player ids"))
            values[f.name] = tuple(raw)
        else:
            raise TypeError(
                f"{cls.__name__}.{f.name}: a field of type {f.type} needs its own reader "
                f"(in mjevent.core.entry_reader._READERS)"
            )
    return cls(id=id, at=at, **values)


def read_log(records: Sequence[Mapping[str, Any]]) -> tuple[list[Entry], list[Problem]]:
    """The log's records as entries; a record that cannot be read becomes a problem, skipped.

    >>> entries, problems = read_log([{"id": "a1", "at": "2026-03-14T10:00:00Z", "kind": "x"}])
    >>> entries, problems[0].entry
    ([], 'a1')
    """
    entries: list[Entry] = []
    problems: list[Problem] = []
    for record in records:
        try:
            entries.append(entry_from_record(record))
        except EntryError:
            entry_id = record.get("id")
            problems.append(
                Problem.of(
                    entry_id if isinstance(entry_id, str) else None,
                    ProblemKind.UNREADABLE,
                    problem=Words(_why_unreadable, (_frozen(record),)),
                )
            )
    return entries, problems


class _Map(tuple[tuple[str, Hashable], ...]):
    """A record's table kept as its (key, value) pairs, so that a problem holding it is a value."""


def _frozen(value: object) -> Hashable:
    """`value` (a record as the file's reader gives it) with every table and list made a tuple."""
    if isinstance(value, Mapping):
        return _Map((key, _frozen(item)) for key, item in value.items())
    if isinstance(value, list):
        return tuple(_frozen(item) for item in value)
    return value  # str, numbers, booleans, dates


def _thawed(value: object) -> Any:
    if isinstance(value, _Map):
        return {key: _thawed(item) for key, item in value}
    if isinstance(value, tuple):
        return [_thawed(item) for item in value]
    return value


def _why_unreadable(record: _Map) -> str:
    """Why the record cannot be read (said when its problem is shown, in that moment's language;
    '' when it can)."""
    try:
        entry_from_record(_thawed(record))
    except EntryError as error:
        return str(error)
    return ""


def entries_from_records(records: Sequence[Mapping[str, Any]]) -> list[Entry]:
    """Read a whole log; the first bad record raises `EntryError`."""
    with collector_paused():
        return [entry_from_record(r) for r in records]


_READERS: dict[str, Callable[[_Reader, str, str], Entry]] = {
    SeatingSet.KIND: _read_seating,
    HandRecorded.KIND: _read_hand,
    GameFinished.KIND: _read_game_finished,
    Correction.KIND: _read_correction,
    TableEntrySubmitted.KIND: _read_table_entry,
}
"""The kinds whose fields need their own reader; every other kind is read field by field, by
the fields' types (`_read_fields`)."""

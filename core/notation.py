"""The director's entry line: a short, keyboard-friendly spelling of one table's result.

One line records one hand or one game's final scores at one table::

    t3 ron S<-W 3/30 r:E,S          West deals into South, 3 han 30 fu; East and South riichi
    t3 ron S<-W 3/30 N<-W 2/40      double ron off West
    t3 tsumo N 4/30                 North tsumo, 4 han 30 fu
    t5 tsumo E ykm pao:S            East tsumo yakuman, South pays as responsible (pao)
    t3 draw tenpai:E,W r:N          exhaustive draw, East and West tenpai, North had riichi
    t3 abort kyuushu                abortive draw
    t3 chombo S                     chombo by South
    t3 final 41200 28800 22100 27900       final scores in seat order
    r2 t3 final 41200 28800 22100 26900 left:1 chombo:N   round 2, one stick left, a chombo

Seats are named by the wind they were given on the seating sheet (E S W N: E is the first
dealer; the letters do not follow the dealer round the table), by a prefix of the player's name
(``Tana``, ``kim``, ``sanchez`` for Sánchez: case and accents do not matter) or by id (``@p07``).
A single letter is always a wind. `format_entry` writes the canonical spelling (winds, lower-case
keywords, options in a fixed order), and ``format_entry(parse_entry(s, c), c)`` is stable:

>>> ctx = EntryContext(round=1)
>>> format_entry(parse_entry("T3  RON s <- w 3/30 r:S,E", ctx), ctx)
't3 ron S<-W 3/30 r:E,S'

The grammar is documented in docs/entry.md.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from mjevent.core.entries import WINDS, PlayerId
from mjevent.core.i18n import _, pgettext, wind_name
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
from mjevent.core.scoring import IllegalHandError, Limit, check_win_value, limit_name
from mjevent.core.yaku import read_yaku_word

__all__ = [
    "ABORT_REASONS",
    "AmbiguousEntryError",
    "EntryContext",
    "EntrySyntaxError",
    "FinalLine",
    "HandLine",
    "LineProblem",
    "ParsedEntry",
    "ParsedLine",
    "SeatedPlayer",
    "format_entry",
    "limit_value",
    "parse_entry",
    "read_line",
]


class EntrySyntaxError(ValueError):
    """The entry line cannot be read; the message quotes it and shows the spelling expected.

    `span` gives the character offsets in the line of the words at fault (None: the whole
    line, e.g. when it is empty or ends too soon), so an entry line can underline them;
    `detail` is the message without the line quoted (the preview, under the line, shows it).
    """

    span: tuple[int, int] | None = None
    detail: str | None = None


class AmbiguousEntryError(ValueError):
    """A player reference matches several players at the table (or none that is unique);
    `span` is where the reference stands in the line; `detail` the message without the line."""

    span: tuple[int, int] | None = None
    detail: str | None = None


ABORT_REASONS: tuple[str, ...] = ("kyuushu", "suufon", "suucha", "suukaikan", "sanchahou")
"""The abortive draws an entry line can name (nine terminals, four winds, four riichi, four
kans, triple ron); the reason may also be left out."""


@dataclass(frozen=True, slots=True)
class SeatedPlayer:
    """A player in a seat at a table, for resolving names on the entry line."""

    player: PlayerId
    name: str


@dataclass(frozen=True)
class EntryContext:
    """What the entry line is read against: the defaults for its round and table, the seats per
    table, the seating.

    `round` is the round of a line that names none (``t3 ...``; the console gives the current
    round). `game`, when given, is the (round, table) of a line that starts with neither ``rN``
    nor ``tN`` (the table screen's game: ``ron S<-W 3/30`` typed there is for that table, in
    that table's round); without it a line must start with its table. `tables` maps (round,
    table) to its players in seat order (E S W N), looked up only for the table the line is
    for and only when a seat is named by name or id; without it only winds can name seats.

    >>> ctx = EntryContext(round=4, game=(2, 5))
    >>> [(p.round, p.table) for p in (read_line(line, ctx) for line in
    ...     ("ron S<-W 3/30", "t3 ron S<-W 3/30", "r1 t3 draw"))]
    [(2, 5), (4, 3), (1, 3)]
    """

    round: int
    seats: int = 4
    tables: Mapping[tuple[int, int], Sequence[SeatedPlayer]] = field(default_factory=dict)
    game: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class HandLine:
    """One hand at `table` in `round`, seats numbered as in `mjevent.core.outcomes`."""

    round: int
    table: int
    hand: Hand


@dataclass(frozen=True, slots=True)
class FinalLine:
    """A game's final scores in seat order, the sticks left on the table, and the chombo seats."""

    round: int
    table: int
    final: tuple[int, ...]
    deposits: int = 0
    chombos: tuple[int, ...] = ()


ParsedEntry = HandLine | FinalLine

LineProblem = EntrySyntaxError | AmbiguousEntryError | IllegalHandError
"""Why a line cannot be read (each a `ValueError` with `span` and `detail`)."""

Span = tuple[int, int]


@dataclass(frozen=True, slots=True)
class ParsedLine:
    """One entry line read once (`read_line`): where it is for, and what it records or why it
    cannot be read. Everything that needs the line's round or table (the preview, the console's
    screens, `events.commands`) takes it from here; nothing else reads the line's text.

    `round` and `table` are the game the line is for (None when the line does not start with a
    table it can read: then `error` says why); they are known even when the rest of the line
    fails to read (`t3 ron S<-` is still for table 3). `round_span` and `table_span` are where
    the ``rN`` and ``tN`` words stand in `text` (None when the line names no round, or its
    table is the context's `game`); `round_named` is whether the round was given by the line
    or implied with the context's `game`, rather than the context's default round. `entry` is
    what the line records, None when `error` is set. `opens` is the (round, table) of a line
    that names a table and nothing else (``t3``, ``3``, ``r2 t3``: the console opens it; such
    a line has an `error` as an entry). `scores_span` is where a final-scores line's scores
    stand.
    """

    text: str
    round: int | None
    table: int | None
    round_span: Span | None = None
    table_span: Span | None = None
    round_named: bool = False
    entry: ParsedEntry | None = None
    error: LineProblem | None = None
    opens: tuple[int | None, int] | None = None
    scores_span: Span | None = None

    def result(self) -> ParsedEntry:
        """The entry, or raise the error that stops the line being read."""
        if self.error is not None:
            raise self.error
        assert self.entry is not None
        return self.entry

_KEYWORDS: dict[str, str] = {
    "ron": "ron",
    "tsumo": "tsumo",
    "ts": "tsumo",
    "draw": "draw",
    "ryuukyoku": "draw",
    "abort": "abort",
    "abortive": "abort",
    "chombo": "chombo",
    "final": "final",
    "f": "final",
}
_OPTIONS: dict[str, str] = {
    "r": "riichi",
    "riichi": "riichi",
    "tenpai": "tenpai",
    "tp": "tenpai",
    "nagashi": "nagashi",
    "pao": "pao",
    "left": "left",
    "chombo": "chombo",
}
_SPACES = re.compile(r"\s*(<-|,|/|:)\s*")
_VALUE = re.compile(r"^(?:(\d+)/(\d+)|(\d+)|(\d*)(?:ykm|yakuman)|(?:(\d+)/)?([a-z]+))$")
# Limit names, as score sheets write a hand with no fu: name -> (han it stands for, han range).
_LIMITS: dict[str, tuple[int, range]] = {
    "mangan": (5, range(2, 6)),
    "haneman": (6, range(6, 8)),
    "baiman": (8, range(8, 11)),
    "sanbaiman": (11, range(11, 13)),
}
_LIMIT_ALIASES = {
    "mgn": "mangan",
    "mangan": "mangan",
    "hnm": "haneman",
    "hane": "haneman",
    "haneman": "haneman",
    "bai": "baiman",
    "baiman": "baiman",
    "sanbai": "sanbaiman",
    "sanbaiman": "sanbaiman",
}
# Below 5 han, the fewest fu that make a mangan under every rule set (kiriage or not): 4 han
# 40 fu (base 2560), 3 han 70 fu (2240), 2 han 130 fu (2080). 1 han never reaches mangan.
_MANGAN_FU = {4: 40, 3: 70, 2: 130}
_NUMBER = re.compile(r"^[+-]?\d+$")


class _LimitError(ValueError):
    def __init__(self, problem: str, fix: str) -> None:
        super().__init__(_problem_fix(problem, fix))
        self.problem = problem
        self.fix = fix


def _problem_fix(problem: str, fix: str) -> str:
    """What is wrong and how to fix it, as one message (``...; write e.g. 't3'``)."""
    return _("{problem}; {fix}").format(problem=problem, fix=fix)


def _quoted(text: str, detail: str) -> str:
    """`detail` about the line `text`, quoting the line (for the CLI, which shows no span)."""
    return _("cannot read {line!r}: {detail}").format(line=text, detail=detail)


_LIMIT_TOKEN = re.compile(r"^(?:(\d+)/)?([a-z]+)$")


def limit_value(token: str) -> HandValue | None:
    """The hand value a limit name stands for (`mangan`, `4/mgn`, `haneman`...), None when
    `token` is no limit name; raises `ValueError` (problem; fix) for a limit the han contradict.

    A name alone stands for the limit's lowest han (mangan 5, haneman 6, baiman 8, sanbaiman
    11). With han, the han are kept: 6/hnm is 6 han; below 5 han a mangan is given the fewest
    fu that make it one under every rule set (4/mgn is 4 han 40 fu, 3/mgn 3 han 70 fu, 2/mgn
    2 han 130 fu), so it pays a mangan whatever the kiriage setting.

    >>> limit_value("mgn"), limit_value("4/mgn"), limit_value("7/haneman"), limit_value("4/30")
    (HandValue(han=5, fu=0, yakuman=0), HandValue(han=4, fu=40, yakuman=0), \
HandValue(han=7, fu=0, yakuman=0), None)
    """
    m = _LIMIT_TOKEN.match(token.lower())
    if m is None or m.group(2) not in _LIMIT_ALIASES:
        return None
    return _limit_value(token, m.group(1), m.group(2))


def _limit_value(token: str, han_text: str | None, name_text: str) -> HandValue:
    name = _LIMIT_ALIASES.get(name_text)
    if name is None:
        close = difflib.get_close_matches(name_text, sorted(_LIMIT_ALIASES), n=1, cutoff=0.6)
        raise _LimitError(
            _("{token!r} is not a hand value").format(token=token),
            _("did you mean {word!r}?").format(word=close[0])
            if close
            else _(
                "write han/fu (3/30), han alone from 5 han up (6), a limit (mangan, 4/mgn, "
                "haneman, baiman, sanbaiman), or ykm"
            ),
        )
    lowest, allowed = _LIMITS[name]
    if han_text is None:
        return HandValue(han=lowest)
    han = int(han_text)
    if han not in allowed:
        paid = next((n for n, (_lowest, r) in _LIMITS.items() if han in r), None)
        named = limit_name(Limit(name))
        if han == 1:
            why = _("1 han never reaches a mangan (1 han 110 fu is 3600)")
        elif paid is not None:
            why = _("{han} han is a {paid}, not a {name}").format(
                han=han, paid=limit_name(Limit(paid)), name=named
            )
        elif han >= allowed.stop:
            why = _("{han} han is more than a {name}").format(han=han, name=named)
        else:
            why = _("{han} han is less than a {name}").format(han=han, name=named)
        raise _LimitError(
            f"{token!r}: {why}",
            _("write {han} alone from 5 han, or han/fu").format(han=han)
            if han != 1
            else _("write han/fu"),
        )
    if han < 5:
        return HandValue(han=han, fu=_MANGAN_FU[han])
    return HandValue(han=han)


def _fold(text: str) -> str:
    # Accent- and case-blind matching: "sanchez" finds "Sánchez", "OBRIEN" finds "O'Brien".
    decomposed = unicodedata.normalize("NFKD", text)
    kept = "".join(c for c in decomposed if not unicodedata.combining(c) and c.isalnum())
    return kept.casefold()


def _tokens(text: str) -> tuple[list[str], list[list[int]]]:
    """The words of a line, spaces around `<-` `,` `/` `:` dropped (``S <- W`` is one word),
    and for every character of every word its offset in `text`."""
    chars: list[tuple[str, int]] = []
    at = 0
    for m in _SPACES.finditer(text):
        chars.extend((c, i) for i, c in enumerate(text[at : m.start()], at))
        chars.extend((c, i) for i, c in enumerate(m.group(1), m.start(1)))
        at = m.end()
    chars.extend((c, i) for i, c in enumerate(text[at:], at))
    tokens: list[str] = []
    origins: list[list[int]] = []
    word: list[tuple[str, int]] = []
    for c, i in [*chars, (" ", len(text))]:
        if c.isspace():
            if word:
                tokens.append("".join(w[0] for w in word))
                origins.append([w[1] for w in word])
                word = []
        else:
            word.append((c, i))
    return tokens, origins


class _Line:
    """The tokens of one entry line and the context, with errors that quote the line and carry
    the span of the words at fault."""

    def __init__(self, text: str, context: EntryContext) -> None:
        self.text = text
        self.context = context
        self.tokens, self.origins = _tokens(text)
        self.pos = 0
        self.round: int | None = None
        self.table = 0
        self.table_read = False
        self.here: tuple[int, int] | None = None
        self.round_span: tuple[int, int] | None = None
        self.table_span: tuple[int, int] | None = None
        self.scores_span: tuple[int, int] | None = None

    def span(self, index: int, start: int = 0, end: int | None = None) -> tuple[int, int]:
        """The offsets in the line of characters `start:end` of word `index`."""
        origin = self.origins[index]
        stop = len(origin) if end is None else end
        if stop <= start:  # an empty part (``S<-``): point just after what precedes it
            at = origin[start - 1] + 1 if start else origin[0]
            return at, at
        return origin[start], origin[stop - 1] + 1

    def point(self, start: int = 0, end: int | None = None) -> None:
        """Errors from now on point at characters `start:end` of the word just taken."""
        self.here = self.span(self.pos - 1, start, end)

    def error(self, problem: str, fix: str) -> EntrySyntaxError:
        detail = _problem_fix(problem, fix)
        error = EntrySyntaxError(_quoted(self.text, detail))
        error.span = self.here
        error.detail = detail
        return error

    def peek(self) -> str | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def take(self, what: str, example: str, fix: str | None = None) -> str:
        """The next word; `what` (translated) names it in the error when the line ends, with
        `fix` (default: write e.g. `example`, syntax quoted as typed)."""
        token = self.peek()
        if token is None:
            self.here = None
            raise self.error(
                _("it ends where {what} was expected").format(what=what),
                fix or _("write e.g. {example!r}").format(example=example),
            )
        self.pos += 1
        self.point()
        return token

    def seat(self, ref: str, what: str, at: int | None = None) -> int:
        """A seat from a wind letter, an @id or a name prefix; `ref` stands at character `at`
        of the word just taken (None: it is the whole word)."""
        if at is not None:
            self.point(at, at + len(ref))
        n = self.context.seats
        if not ref:
            raise self.error(
                _("{what} is missing").format(what=what),
                _("name the seat by wind (E S W N) or name"),
            )
        if len(ref) == 1:
            wind = ref.upper()
            if wind not in WINDS[:n]:
                winds = " ".join(WINDS[:n])
                raise self.error(
                    _("{ref!r} is not a seat").format(ref=ref),
                    _("use one of {winds} (sanma has no North seat)").format(winds=winds)
                    if n == 3 and wind == "N"
                    else _("use one of {winds}").format(winds=winds),
                )
            return WINDS.index(wind)
        seated = self.context.tables.get((self.round or 0, self.table))
        if not seated:
            raise self.error(
                _(
                    "{ref!r} names a player but the seating of table {table} is not known here"
                ).format(ref=ref, table=self.table),
                _("name the seat by wind (E S W N)"),
            )
        if ref.startswith("@"):
            for i, p in enumerate(seated):
                if p.player == ref[1:]:
                    return i
            ids = ", ".join("@" + p.player for p in seated)
            raise self.error(
                _("no player {ref!r} at table {table}").format(ref=ref, table=self.table),
                _("use one of {ids} or a wind").format(ids=ids),
            )
        key = _fold(ref)
        hits = [
            i
            for i, p in enumerate(seated)
            if _fold(p.name).startswith(key)
            or any(_fold(word).startswith(key) for word in p.name.split())
        ]
        if len(hits) == 1:
            return hits[0]
        names = ", ".join(f"{p.name} ({WINDS[i]})" for i, p in enumerate(seated))
        if not hits:
            raise self.error(
                _("{ref!r} matches nobody at table {table} ({names})").format(
                    ref=ref, table=self.table, names=names
                ),
                _("check the spelling or use the wind"),
            )
        matched = pgettext("list of names", " and ").join(
            f"{seated[i].name} ({WINDS[i]})" for i in hits
        )
        detail = _(
            "{ref!r} matches {matched} at table {table}; type more letters of the name, or the "
            "wind"
        ).format(ref=ref, matched=matched, table=self.table)
        ambiguous = AmbiguousEntryError(_quoted(self.text, detail))
        ambiguous.span = self.here
        ambiguous.detail = detail
        raise ambiguous

    def seats(self, refs: str, what: str, at: int = 0) -> frozenset[int]:
        """The seats of a comma list `refs` standing at character `at` of the word just
        taken (an option's value: `r:E,S`)."""
        if refs in ("", "-"):
            return frozenset()
        out: list[int] = []
        for ref in refs.split(","):
            out.append(self.seat(ref, what, at))
            at += len(ref) + 1
        if len(set(out)) != len(out):
            self.point(at - len(refs) - 1)
            raise self.error(
                _("a seat is listed twice in {what} {refs!r}").format(what=what, refs=refs),
                _("list each seat once"),
            )
        return frozenset(out)

    def value(self, token: str, is_tsumo: bool) -> HandValue:
        m = _VALUE.match(token.lower())
        if not m:
            raise self.error(
                _("{token!r} is not a hand value").format(token=token),
                _(
                    "write han/fu (3/30), han alone from 5 han up (6), a limit (mangan, 4/mgn, "
                    "haneman, baiman, sanbaiman), or ykm / 2ykm for yakuman"
                ),
            )
        if m.group(6) is not None:
            value = self.limit(token, m.group(5), m.group(6))
        elif m.group(1) is not None:
            value = HandValue(han=int(m.group(1)), fu=int(m.group(2)))
        elif m.group(3) is not None:
            han = int(m.group(3))
            if han < 5:
                raise self.error(
                    _("{token!r} gives han without fu below 5 han").format(token=token),
                    _("write han/fu, e.g. {han}/30, or {han}/mgn for a mangan").format(han=han)
                    if han in _MANGAN_FU
                    else _("write han/fu, e.g. {han}/30").format(han=han),
                )
            value = HandValue(han=han)
        else:
            count = int(m.group(4) or "1")
            if count < 1:
                raise self.error(
                    _("{token!r} is no yakuman").format(token=token), _("write ykm, 2ykm or 3ykm")
                )
            value = HandValue(yakuman=count)
        try:
            check_win_value(value, tsumo=is_tsumo)
        except IllegalHandError as error:
            illegal = IllegalHandError(_quoted(self.text, str(error)))
            illegal.span = self.here
            illegal.detail = str(error)
            raise illegal from None
        return value

    def limit(self, token: str, han_text: str | None, name_text: str) -> HandValue:
        try:
            return _limit_value(token, han_text, name_text)
        except _LimitError as error:
            raise self.error(error.problem, error.fix) from None

    def options(self, allowed: tuple[str, ...]) -> dict[str, tuple[str, int]]:
        """The options up to the end of the line: each option's value, and the index of the
        word it was given in (for `seats_of`)."""
        found: dict[str, tuple[str, int]] = {}
        while (token := self.peek()) is not None:
            name, colon, rest = token.partition(":")
            option = _OPTIONS.get(name.lower())
            self.pos += 1
            self.point()
            if not colon or option not in allowed:
                spelled = " ".join(f"{a}:..." for a in allowed)
                raise self.error(
                    _("{token!r} is not understood here").format(token=token),
                    _("expected {options}").format(options=spelled)
                    if spelled
                    else _("expected nothing more"),
                )
            if option in found:
                raise self.error(
                    _("{option} is given twice").format(option=option), _("give it once")
                )
            found[option] = (rest, self.pos - 1)
        return found

    def seats_of(
        self, options: Mapping[str, tuple[str, int]], option: str, what: str
    ) -> frozenset[int]:
        """The seats an option lists (none when it is not given)."""
        if option not in options:
            return frozenset()
        refs, index = options[option]
        self.pos, saved = index + 1, self.pos
        seats = self.seats(refs, what, len(self.tokens[index]) - len(refs))
        self.pos = saved
        return seats

    def head(self) -> tuple[int, int]:
        """The round and the table the line is for: the ``rN`` and ``tN`` words it starts with,
        the context's round when it names none, the context's `game` when it starts with
        neither (``ron S<-W 3/30`` on the table screen)."""
        rnd = self.context.round
        first = self.peek()
        game = self.context.game
        if game is not None and first is not None and not _HEAD_WORD.match(first):
            self.round, self.table = game
            self.table_read = True
            return game
        head = self.take(pgettext("entry line", "the table"), "t3")
        m = re.fullmatch(r"[rR](\d+)", head)
        if m:
            rnd = int(m.group(1))
            self.round_span = self.here
            if rnd < 1:
                raise self.error(
                    _("{word!r} is not a round").format(word=head),
                    _("rounds count from 1, e.g. 'r2 t3 ...'"),
                )
            head = self.take(pgettext("entry line", "the table"), "t3")
        self.round = rnd
        m = re.fullmatch(r"[tT](\d+)", head)
        if not m or int(m.group(1)) < 1:
            raise self.error(
                _("{word!r} is not a table").format(word=head),
                _("start with the table, e.g. 't3 ...'"),
            )
        self.table = int(m.group(1))
        self.table_read = True
        self.table_span = self.here
        return rnd, self.table


# A word that starts a line's head (``r2``, ``t3``): with it the line names its own table.
_HEAD_WORD = re.compile(r"[rRtT]\d")
# A line that names a table and nothing else: ``t3``, ``3``, ``r2 t3`` (Enter opens it).
_ROUND_WORD = re.compile(r"[rR](\d+)")
_TABLE_ONLY_WORD = re.compile(r"[tT]?(\d+)")


def read_line(text: str, context: EntryContext) -> ParsedLine:
    """Read one entry line, once: the game it is for, and the `HandLine` or `FinalLine` it
    records or the error (`EntrySyntaxError`, `AmbiguousEntryError`, the calculator's
    `IllegalHandError`, each with `span` and `detail`) that stops it being read. Never raises
    for what was typed.

    A line without ``rN`` is for the context's round; one starting with neither ``rN`` nor
    ``tN`` is for the context's `game` when it has one. The round and table are known even when
    the rest of the line fails:

    >>> ctx = EntryContext(round=3)
    >>> parsed = read_line("r2  t13 ron S<-", ctx)
    >>> parsed.round, parsed.table, parsed.round_span, parsed.table_span, parsed.entry
    (2, 13, (0, 2), (4, 7), None)
    >>> parsed.error.detail
    'the player who dealt in is missing; name the seat by wind (E S W N) or name'

    A line naming a table and nothing else is an error as an entry, and says which table it
    opens (the number as typed, ``t`` optional):

    >>> read_line("t3", ctx).opens, read_line("r2 7", ctx).opens, read_line("t3 ron", ctx).opens
    ((None, 3), (2, 7), None)
    """
    line = _Line(text, context)
    try:
        _refuse_long_numbers(line)
    except EntrySyntaxError as error:
        return _read(line, error=error)
    try:
        entry = _parse(line)
    except (EntrySyntaxError, AmbiguousEntryError, IllegalHandError) as error:
        return _read(line, error=error, opens=_opens(line))
    return _read(line, entry=entry)


def _read(
    line: _Line,
    *,
    entry: ParsedEntry | None = None,
    error: LineProblem | None = None,
    opens: tuple[int | None, int] | None = None,
) -> ParsedLine:
    known = line.table_read and line.round is not None
    return ParsedLine(
        text=line.text,
        round=line.round if known else None,
        table=line.table if known else None,
        round_span=line.round_span,
        table_span=line.table_span,
        round_named=line.round_span is not None or (known and line.table_span is None),
        entry=entry,
        error=error,
        opens=opens,
        scores_span=line.scores_span,
    )


def _opens(line: _Line) -> tuple[int | None, int] | None:
    """The (round, table) of a line that names a table and nothing else (``t3``, ``3``,
    ``r2 t3``), else None. The numbers are taken as typed (``t0`` too: opening it says there is
    no table 0)."""
    tokens = line.tokens
    if not 1 <= len(tokens) <= 2:
        return None
    named = _ROUND_WORD.fullmatch(tokens[0]) if len(tokens) == 2 else None
    table = _TABLE_ONLY_WORD.fullmatch(tokens[-1])
    if table is None or (len(tokens) == 2 and named is None):
        return None
    return (int(named.group(1)) if named else None), int(table.group(1))


def parse_entry(text: str, context: EntryContext) -> ParsedEntry:
    """Read one entry line into a `HandLine` or `FinalLine` (`read_line`, raising its error).

    Raises `EntrySyntaxError` (cannot read it), `AmbiguousEntryError` (a name prefix matches
    two players) or `mjevent.core.scoring.IllegalHandError` (no hand scores that value).

    >>> ctx = EntryContext(round=2, tables={(2, 3): (SeatedPlayer("p1", "Tanaka Yūki"),
    ...     SeatedPlayer("p2", "Kim Min-jun"), SeatedPlayer("p3", "Sánchez Ana"),
    ...     SeatedPlayer("p4", "Sato Kenji"))})
    >>> parse_entry("t3 ron kim<-sanchez 2/40", ctx).hand.outcome
    Ron(loser=2, wins=(Win(winner=1, value=HandValue(han=2, fu=40, yakuman=0), pao=None),))
    >>> parse_entry("t3 tsumo Sa 4/30", ctx)
    Traceback (most recent call last):
    ...
    mjevent.core.notation.AmbiguousEntryError: cannot read 't3 tsumo Sa 4/30': 'Sa' matches \
Sánchez Ana (W) and Sato Kenji (N) at table 3; type more letters of the name, or the wind
    """
    return read_line(text, context).result()


def _refuse_long_numbers(line: _Line) -> None:
    """Python refuses to convert a number of thousands of digits (the int-conversion limit);
    no value of an entry line needs more than a few, so such a number is refused first."""
    long = _LONG_NUMBER.search(line.text)
    if long is None:
        return
    line.here = (long.start(), long.end())
    error = line.error(
        _("a number of {digits:,} digits").format(digits=len(long.group())),
        _("no value of an entry line is that long; retype the number"),
    )
    error.args = (_quoted(_shortened(line.text), error.detail or ""),)
    raise error


# Shorter numbers reach the checks that name the field (`a 31-digit number of han`).
_LONG_NUMBER = re.compile(r"\d{1000,}")


def _shortened(text: str, most: int = 60) -> str:
    """`text` cut to `most` characters with `…` (a line of 5,000 digits is not quoted whole)."""
    return text if len(text) <= most else text[: most - 1] + "…"


def _hand_value() -> str:
    return pgettext("entry line", "the hand value")


def _empty(line: _Line) -> EntrySyntaxError:
    return line.error(_("the line is empty"), _("write e.g. 't3 ron S<-W 3/30'"))


def _parse(line: _Line) -> ParsedEntry:
    if not line.tokens:
        raise _empty(line)
    rnd, table = line.head()
    word = line.take(
        pgettext("entry line", "what happened"),
        "",
        # The list is in words (its "or"): a message of its own, not a quoted example.
        _("write e.g. 'ron, tsumo, draw, abort, chombo or final'"),
    )
    kind = _KEYWORDS.get(word.lower())
    if kind is None:
        raise line.error(
            _("{word!r} is not a result").format(word=word),
            _("write ron, tsumo, draw, abort, chombo or final after the table"),
        )
    if kind == "final":
        return _final(line, rnd)
    outcome: Outcome
    if kind == "ron":
        outcome = _ron(line)
    elif kind == "tsumo":
        winner = pgettext("entry line", "the winner")
        who = line.seat(line.take(winner, "tsumo N 4/30"), winner)
        value = line.value(line.take(_hand_value(), "4/30"), is_tsumo=True)
        pao = _pao(line)
        if pao == who:
            raise _own_pao(line)
        outcome = Tsumo(Win(who, value, pao, _detail(line)))
    elif kind == "draw":
        opts = line.options(("tenpai", "nagashi", "riichi"))
        outcome = Draw(
            tenpai=line.seats_of(opts, "tenpai", "tenpai"),
            nagashi=line.seats_of(opts, "nagashi", "nagashi"),
        )
        return HandLine(rnd, table, Hand(outcome, line.seats_of(opts, "riichi", "r:")))
    elif kind == "abort":
        reason = ""
        token = line.peek()
        if token is not None and ":" not in token:
            line.take(pgettext("entry line", "the reason"), "kyuushu")
            reason = token.lower()
            if reason not in ABORT_REASONS:
                raise line.error(
                    _("{token!r} is not an abortive draw").format(token=token),
                    _("use one of {reasons}").format(reasons=", ".join(ABORT_REASONS)),
                )
        outcome = AbortiveDraw(reason)
    else:
        offender = pgettext("entry line", "the offender")
        outcome = ChomboHand(
            line.seat(line.take(offender, "chombo S"), offender)
        )
    opts = line.options(("riichi",))
    return HandLine(rnd, table, Hand(outcome, line.seats_of(opts, "riichi", "r:")))


def _own_pao(line: _Line) -> EntrySyntaxError:
    return line.error(_("the winner cannot be their own pao"), _("name the responsible seat"))


def _pao(line: _Line) -> int | None:
    token = line.peek()
    if token is not None and token.lower().startswith("pao:"):
        line.take("pao", "pao:S")  # the option's name, as typed
        return line.seat(token[4:], "pao", 4)
    return None


def _detail(line: _Line) -> WinDetail | None:
    """The optional detail after a win's value (and pao): ``y:riichi,pinfu,dora2`` and
    ``open``, in either order. A ``y:`` list is the whole record of the win: its dora words add
    up to the win's dora (none: 0), and without ``open`` the hand was closed."""
    yaku: list[str] | None = None
    dora: int | None = None
    is_open: bool | None = None
    while (token := line.peek()) is not None:
        lowered = token.lower()
        if lowered == "open" and is_open is None:
            line.take("open", "open")
            is_open = True
        elif lowered.startswith("y:") and yaku is None:
            line.take("y:", "y:riichi,pinfu")
            yaku, dora = [], 0
            at = 2
            for word in token[2:].split(","):
                try:
                    name, count = read_yaku_word(word)
                except KeyError:
                    line.point(at, at + len(word))
                    raise line.error(
                        _("{word!r} is not a yaku or a dora count").format(word=word),
                        _(
                            "write yaku by name (riichi, pinfu, 平和 ...) and dora as dora2, "
                            "ura1, aka1 (docs/entry.md lists them)"
                        ),
                    ) from None
                if name is None:
                    dora += count
                else:
                    yaku.append(name)
                at += len(word) + 1
        else:
            break
    if yaku is None and is_open is None:
        return None
    if yaku is not None and is_open is None:
        is_open = False
    return WinDetail(None if yaku is None else tuple(yaku), dora, is_open)


def _detail_text(detail: WinDetail | None) -> list[str]:
    if detail is None:
        return []
    parts: list[str] = []
    if detail.yaku is not None:
        words = list(detail.yaku)
        if detail.dora:
            words.append(f"dora{detail.dora}")
        parts.append("y:" + ",".join(words))
    if detail.open:
        parts.append("open")
    return parts


def _ron(line: _Line) -> Ron:
    wins: list[Win] = []
    loser: int | None = None
    while (token := line.peek()) is not None and "<-" in token:
        line.take(pgettext("entry line", "the winner"), "S<-W")
        left, _arrow, right = token.partition("<-")
        who = line.seat(left, pgettext("entry line", "the winner"), 0)
        by = line.seat(right, pgettext("entry line", "the player who dealt in"), len(left) + 2)
        line.point()
        if loser is not None and by != loser:
            raise line.error(
                _("two different players dealt in ({first} and {second})").format(
                    first=wind_name(WINDS[loser]), second=wind_name(WINDS[by])
                ),
                _("a multiple ron is off one discard: give the same loser for every winner"),
            )
        if who == by:
            raise line.error(
                _("{token!r} has the winner dealing into themselves").format(token=token),
                _("check seats"),
            )
        if any(w.winner == who for w in wins):
            raise line.error(
                _("{wind} wins twice").format(wind=wind_name(WINDS[who])),
                _("list each winner once"),
            )
        loser = by
        value = line.value(line.take(_hand_value(), "3/30"), is_tsumo=False)
        pao = _pao(line)
        if pao == who:
            raise _own_pao(line)
        wins.append(Win(who, value, pao, _detail(line)))
    if loser is None:
        if line.peek() is not None:
            line.take(pgettext("entry line", "the winner"), "S<-W")
        raise line.error(
            _("a ron needs WINNER<-LOSER"),
            _("write e.g. 't3 ron S<-W 3/30' (South wins off West)"),
        )
    return Ron(loser=loser, wins=tuple(wins))


def _final(line: _Line, rnd: int) -> FinalLine:
    scores: list[int] = []
    first = line.pos
    while (token := line.peek()) is not None and _NUMBER.match(token):
        scores.append(int(token))
        line.pos += 1
    if scores:
        line.scores_span = (line.span(first)[0], line.span(line.pos - 1)[1])
    n = line.context.seats
    if len(scores) != n:
        if scores:
            line.here = (line.span(first)[0], line.span(line.pos - 1)[1])
        raise line.error(
            _("{count} final score(s) given for {seats} seats").format(
                count=len(scores), seats=n
            ),
            _("give {seats} scores in seat order ({winds})").format(
                seats=n, winds=" ".join(WINDS[:n])
            ),
        )
    opts = line.options(("left", "chombo"))
    left = opts.get("left", ("0", 0))[0]
    if not left.isdigit():
        line.pos = opts["left"][1] + 1
        line.point()
        raise line.error(
            _("left:{left} is not a number of sticks").format(left=left), _("write e.g. left:1")
        )
    chombos: list[int] = []
    if "chombo" in opts and opts["chombo"][0]:
        # A seat may appear twice: two chombos by one player in one game.
        refs, index = opts["chombo"]
        line.pos = index + 1
        at = len(line.tokens[index]) - len(refs)
        for ref in refs.split(","):
            chombos.append(line.seat(ref, "chombo", at))
            at += len(ref) + 1
        chombos.sort()
    return FinalLine(rnd, line.table, tuple(scores), int(left), tuple(chombos))


def _value_text(value: HandValue) -> str:
    if value.yakuman:
        return "ykm" if value.yakuman == 1 else f"{value.yakuman}ykm"
    return f"{value.han}/{value.fu}" if value.fu else str(value.han)


def _letters(seats: frozenset[int] | Sequence[int]) -> str:
    return ",".join(WINDS[s] for s in sorted(seats))


def format_entry(entry: ParsedEntry, context: EntryContext) -> str:
    """The canonical spelling of an entry line: winds for seats, options in a fixed order.

    The round is written only when it is not the context's round, and neither round nor table
    when they are the context's `game` (the line as the table screen shows it); `read_line`
    with the same context reads it back.

    >>> ctx = EntryContext(round=1)
    >>> format_entry(FinalLine(2, 3, (41200, 28800, 22100, 26900), deposits=1), ctx)
    'r2 t3 final 41200 28800 22100 26900 left:1'
    >>> format_entry(FinalLine(2, 3, (41200, 28800, 22100, 26900)), EntryContext(1, game=(2, 3)))
    'final 41200 28800 22100 26900'
    """
    if (entry.round, entry.table) == context.game:
        parts: list[str] = []
    else:
        parts = [] if entry.round == context.round else [f"r{entry.round}"]
        parts.append(f"t{entry.table}")
    if isinstance(entry, FinalLine):
        parts.append("final")
        parts.extend(str(s) for s in entry.final)
        if entry.deposits:
            parts.append(f"left:{entry.deposits}")
        if entry.chombos:
            parts.append("chombo:" + ",".join(WINDS[s] for s in sorted(entry.chombos)))
        return " ".join(parts)
    outcome = entry.hand.outcome
    if isinstance(outcome, Ron):
        parts.append("ron")
        for win in outcome.wins:
            parts.append(f"{WINDS[win.winner]}<-{WINDS[outcome.loser]}")
            parts.append(_value_text(win.value))
            if win.pao is not None:
                parts.append(f"pao:{WINDS[win.pao]}")
            parts += _detail_text(win.detail)
    elif isinstance(outcome, Tsumo):
        parts += ["tsumo", WINDS[outcome.win.winner], _value_text(outcome.win.value)]
        if outcome.win.pao is not None:
            parts.append(f"pao:{WINDS[outcome.win.pao]}")
        parts += _detail_text(outcome.win.detail)
    elif isinstance(outcome, Draw):
        parts.append("draw")
        if outcome.tenpai:
            parts.append("tenpai:" + _letters(outcome.tenpai))
        if outcome.nagashi:
            parts.append("nagashi:" + _letters(outcome.nagashi))
    elif isinstance(outcome, AbortiveDraw):
        parts.append("abort")
        if outcome.reason:
            parts.append(outcome.reason)
    else:
        parts += ["chombo", WINDS[outcome.offender]]
    if entry.hand.riichi:
        parts.append("r:" + _letters(entry.hand.riichi))
    return " ".join(parts)

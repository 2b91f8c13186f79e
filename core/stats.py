"""Players' numbers, derived from the log: a fold over the same folded games the standings read.

`stats_from_state(state)` counts every applied hand of every table (`EventState.games`: voided
entries already left out, amended ones already replaced, re-seated tables already re-applied),
per player, per team and for the whole field; `stats_update(previous, before, after)` brings
them up to date after the console applied one more entry, adding only the new hands when
nothing else changed (the pattern of `standings_update`). docs/stats.md defines every figure;
the short of it:

- `hands`: every recorded hand at the player's table (draws, abortive draws and chombos too);
- a multiple ron is one win for each winner paid and one deal-in for the discarder (a head
  bump pays one winner: one win); a triple ron the rules turn into an abortive draw is no win
  and no deal-in; pao is never a deal-in;
- `riichi`: the hands whose ``r:`` list has the player;
- what needs the entry line's optional detail (open or closed, dora) is None, "not recorded",
  where a win lacks it.

>>> from mjevent.core.settings import settings_from_dict
>>> from mjevent.core.entries import HandRecorded, SeatingSet
>>> from mjevent.core.outcomes import Hand, HandValue, Ron, Win
>>> from mjevent.core.state import fold
>>> s = settings_from_dict({"event": {"name": "Demo", "format_version": 1},
...     "rules": {"preset": "ema2016"},
...     "players": [{"id": p, "name": p} for p in ("a", "b", "c", "d")]})
>>> seat = SeatingSet(id="s", at="2026-03-14T10:00:00Z", first_round=1,
...                   rounds=((("a", "b", "c", "d"),),))
>>> ron = HandRecorded(id="h1", at="2026-03-14T10:05:00Z", round=1, table=1,
...     hand=Hand(Ron(loser=2, wins=(Win(1, HandValue(3, 30)),)), riichi=frozenset({1})))
>>> st = stats_from_state(fold(s, [seat, ron]))
>>> b, c = st.players["b"].stats, st.players["c"].stats
>>> b.hands, b.wins, b.ron, b.riichi, b.riichi_won, b.win_points, c.deal_ins, c.deal_in_points
(1, 1, 1, 1, 1, 3900, 1, 3900)
"""

from __future__ import annotations

import dataclasses
import enum
import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from mjevent.core.entries import Entry, GameFinished, PlayerId
from mjevent.core.game import GameState
from mjevent.core.outcomes import ChomboHand, Draw, HandValue, Ron, Tsumo, WinDetail
from mjevent.core.scoring import PaymentKind
from mjevent.core.state import EventState, HandPlayed, TableGame
from mjevent.core.yaku import YAKUMAN

__all__ = [
    "EventStats",
    "HandResult",
    "PlayerHand",
    "PlayerStats",
    "Rate",
    "RoundNumbers",
    "Tally",
    "TeamStats",
    "WinRecord",
    "game_tallies",
    "player_hands",
    "player_tally",
    "round_numbers",
    "stats_from_state",
    "stats_update",
]


@dataclass(frozen=True, slots=True)
class Rate:
    """A count out of a total, kept together: 3 of 40 is not to be compared as 7.5% with 120
    of 1,600 without the counts.

    >>> Rate(3, 40).value, str(Rate(3, 40)), Rate(0, 0).value
    (0.075, '3/40 (7.5%)', None)
    """

    count: int
    of: int

    @property
    def value(self) -> float | None:
        """The fraction, or None out of nothing."""
        return self.count / self.of if self.of else None

    def __str__(self) -> str:
        if not self.of:
            return f"{self.count}/0"
        return f"{self.count}/{self.of} ({100 * self.count / self.of:.1f}%)"


# The counters of a tally, in the order of the internal lists. `_MAX` ones combine by max.
_FIELDS = (
    "hands",
    "wins",
    "ron",
    "tsumo",
    "deal_ins",
    "riichi",
    "riichi_won",
    "riichi_dealt_in",
    "riichi_drawn",
    "wins_riichi",
    "wins_open",
    "wins_dama",
    "wins_unrecorded",
    "win_points",
    "largest_win",
    "deal_in_points",
    "largest_deal_in",
    "ron_won",
    "ron_lost",
    "tsumo_won",
    "tsumo_lost",
    "noten_won",
    "noten_lost",
    "dealer_hands",
    "renchan",
    "chombo",
    "draws",
    "tenpai_draws",
    "nagashi",
    "yakuman",
    "most_dora",
    "dora_unrecorded",
    "games",
    "first",
    "second",
    "third",
    "fourth",
)
_I = {name: i for i, name in enumerate(_FIELDS)}
(
    HANDS,
    WINS,
    RON,
    TSUMO,
    DEAL_INS,
    RIICHI,
    RIICHI_WON,
    RIICHI_DEALT_IN,
    RIICHI_DRAWN,
    WINS_RIICHI,
    WINS_OPEN,
    WINS_DAMA,
    WINS_UNRECORDED,
    WIN_POINTS,
    LARGEST_WIN,
    DEAL_IN_POINTS,
    LARGEST_DEAL_IN,
    RON_WON,
    RON_LOST,
    TSUMO_WON,
    TSUMO_LOST,
    NOTEN_WON,
    NOTEN_LOST,
    DEALER_HANDS,
    RENCHAN,
    CHOMBO,
    DRAWS,
    TENPAI_DRAWS,
    NAGASHI,
    YAKUMAN_WINS,
    MOST_DORA,
    DORA_UNRECORDED,
    GAMES,
    FIRST,
    SECOND,
    THIRD,
    FOURTH,
) = range(len(_FIELDS))
_MAX = (LARGEST_WIN, LARGEST_DEAL_IN, MOST_DORA)
_SUM = tuple(i for i in range(len(_FIELDS)) if i not in _MAX)
_WIN_KINDS = (PaymentKind.HAND, PaymentKind.PAO)
_MOVED = (PaymentKind.HAND, PaymentKind.HONBA, PaymentKind.PAO)


def _zero() -> list[int]:
    row = [0] * len(_FIELDS)
    row[MOST_DORA] = -1  # no win with its dora recorded
    return row


def _add(into: list[int], row: list[int]) -> None:
    for i in _SUM:
        into[i] += row[i]
    for i in _MAX:
        if row[i] > into[i]:
            into[i] = row[i]


@dataclass(frozen=True, slots=True)
class Tally:
    """The numbers of one player, one team or the whole field (docs/stats.md defines each).

    Counts: `hands`, `wins` (= `ron` + `tsumo`), `deal_ins`, `riichi` and what became of it
    (`riichi_won`, `riichi_dealt_in`, `riichi_drawn`), `wins_riichi`; `wins_open` and
    `wins_dama` (closed without riichi) are None, not recorded, while `wins_unrecorded` (wins
    outside riichi without open/closed detail) is above 0. Points: `win_points` (the hand's
    value received: no honba, no riichi sticks), `largest_win`, `deal_in_points`,
    `largest_deal_in`; `ron_won`/`ron_lost`, `tsumo_won`/`tsumo_lost` (hand, pao and honba
    payments between players), `noten_won`/`noten_lost`. `dealer_hands`, `renchan` (deals
    kept), `chombo`, `draws` (exhaustive), `tenpai_draws`, `nagashi`, `yakuman` (wins),
    `most_dora` (None: no win records its dora), `dora_unrecorded` (wins without dora).
    `games` finished with a result, and `places[k]` the games finished in place k + 1.
    """

    hands: int = 0
    wins: int = 0
    ron: int = 0
    tsumo: int = 0
    deal_ins: int = 0
    riichi: int = 0
    riichi_won: int = 0
    riichi_dealt_in: int = 0
    riichi_drawn: int = 0
    wins_riichi: int = 0
    wins_open: int | None = 0
    wins_dama: int | None = 0
    wins_unrecorded: int = 0
    win_points: int = 0
    largest_win: int = 0
    deal_in_points: int = 0
    largest_deal_in: int = 0
    ron_won: int = 0
    ron_lost: int = 0
    tsumo_won: int = 0
    tsumo_lost: int = 0
    noten_won: int = 0
    noten_lost: int = 0
    dealer_hands: int = 0
    renchan: int = 0
    chombo: int = 0
    draws: int = 0
    tenpai_draws: int = 0
    nagashi: int = 0
    yakuman: int = 0
    most_dora: int | None = None
    dora_unrecorded: int = 0
    games: int = 0
    places: tuple[int, int, int, int] = (0, 0, 0, 0)

    @classmethod
    def _of(cls, row: list[int]) -> Tally:
        values: dict[str, int | None] = dict(zip(_FIELDS, row, strict=True))
        for name in ("first", "second", "third", "fourth"):
            del values[name]
        if row[WINS_UNRECORDED]:
            values["wins_open"] = values["wins_dama"] = None
        values["most_dora"] = None if row[MOST_DORA] < 0 else row[MOST_DORA]
        return cls(
            **values,  # type: ignore[arg-type]  # each None goes to a field typed `int | None`
            places=(row[FIRST], row[SECOND], row[THIRD], row[FOURTH]),
        )

    @property
    def average_win(self) -> float | None:
        """`win_points` / `wins`, None without a win."""
        return self.win_points / self.wins if self.wins else None

    @property
    def average_deal_in(self) -> float | None:
        """`deal_in_points` / `deal_ins`, None without a deal-in."""
        return self.deal_in_points / self.deal_ins if self.deal_ins else None

    @property
    def win_rate(self) -> Rate:
        """Wins out of hands."""
        return Rate(self.wins, self.hands)

    @property
    def deal_in_rate(self) -> Rate:
        """Deal-ins out of hands."""
        return Rate(self.deal_ins, self.hands)

    @property
    def riichi_rate(self) -> Rate:
        """Riichi declared out of hands."""
        return Rate(self.riichi, self.hands)

    @property
    def tsumo_rate(self) -> Rate:
        """Tsumo wins out of wins."""
        return Rate(self.tsumo, self.wins)

    @property
    def tenpai_rate(self) -> Rate:
        """Tenpai at an exhaustive draw out of exhaustive draws."""
        return Rate(self.tenpai_draws, self.draws)

    def place_rate(self, place: int) -> Rate:
        """Games finished in `place` (1 to 4) out of games."""
        return Rate(self.places[place - 1], self.games)


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """One player's numbers; `team` is the team id (None without a team)."""

    id: PlayerId
    name: str
    team: str | None
    stats: Tally


@dataclass(frozen=True, slots=True)
class TeamStats:
    """A team's numbers: the sums of its players' (so `hands` counts each member's hands)."""

    id: str
    name: str
    players: tuple[PlayerId, ...]
    stats: Tally


@dataclass(frozen=True, slots=True)
class WinRecord:
    """One paid win, for the awards: where it was (round, table, the hand of the game as
    `round_wind` 0=East.., `hand_number`, `honba`) and what it was.

    `player` is None for a seat played by a substitute. `points` is the hand's value received
    (hand and pao payments: no honba, no sticks).
    """

    entry: str
    round: int
    table: int
    round_wind: int
    hand_number: int
    honba: int
    seat: int
    player: PlayerId | None
    tsumo: bool
    value: HandValue
    points: int
    detail: WinDetail | None

    @property
    def yakuman(self) -> bool:
        """A yakuman win: by its value, or by a yakuman named in its yaku."""
        if self.value.yakuman:
            return True
        return self.detail is not None and bool(YAKUMAN.intersection(self.detail.yaku or ()))


@dataclass(frozen=True)
class EventStats:
    """The numbers of an event: `players` in the order of the event's players, `teams` in the
    order of the event's teams, `field` (every hand once: `hands` counts hands, the other
    counts sum every seat, substitutes' seats included), `wins` every paid win, by round,
    table and hand.
    """

    players: Mapping[PlayerId, PlayerStats]
    teams: Mapping[str, TeamStats]
    field: Tally
    # The rows behind the tallies, for `stats_update` (not part of the public face): per
    # player, the field's, the substitutes' seats', and the number of hands.
    _rows: Mapping[PlayerId, list[int]] = dataclasses.field(repr=False, compare=False)
    _field_row: list[int] = dataclasses.field(repr=False, compare=False)
    _extra: list[int] = dataclasses.field(repr=False, compare=False)
    _hands: int = dataclasses.field(repr=False, compare=False)
    _wins: tuple[tuple[TableGame, list[PlayerId | None], int], ...] = dataclasses.field(
        repr=False, compare=False
    )

    @functools.cached_property
    def wins(self) -> tuple[WinRecord, ...]:
        """Every paid win, by round, table and hand of the game (made on first use)."""
        ordered = sorted(self._wins, key=lambda raw: (raw[0].round, raw[0].table, raw[2]))
        return tuple(_win_records(ordered))


# --- Counting ---------------------------------------------------------------------------------


class _Count:
    """The rows being added to: per player, one for the seats substitutes played, and the
    number of hands."""

    def __init__(self, rows: dict[PlayerId, list[int]], extra: list[int], hands: int) -> None:
        self.rows = rows
        self.extra = extra
        self.hands = hands
        self.wins: list[tuple[TableGame, list[PlayerId | None], int]] = []
        self.touched: set[PlayerId] = set()

    def row(self, player: PlayerId | None) -> list[int]:
        """The row `player` adds to (the substitutes' row for None)."""
        if player is None:
            return self.extra
        self.touched.add(player)
        row = self.rows.get(player)
        if row is None:
            row = self.rows[player] = _zero()
        return row

    def result(self, game: TableGame, players: list[PlayerId | None]) -> None:
        result = game.result
        if result is None:
            return
        for s, player in enumerate(players):
            row = self.row(player)
            row[GAMES] += 1
            place = result.places[s]
            if 1 <= place <= 4:
                row[FIRST + place - 1] += 1


def _win_of(played: HandPlayed, seat: int) -> tuple[HandValue, WinDetail | None]:
    o = played.hand.outcome
    if isinstance(o, Tsumo):
        return o.win.value, o.win.detail
    assert isinstance(o, Ron)
    for w in o.wins:
        if w.winner == seat:
            return w.value, w.detail
    raise AssertionError("a paid winner is one of the hand's wins")


def _received(played: HandPlayed, seat: int) -> int:
    return sum(
        p.amount for p in played.settlement.payments if p.payee == seat and p.kind in _WIN_KINDS
    )


def _hand_rows(played: HandPlayed, rows: list[list[int]], before: GameState | None) -> bool:
    """Add what one hand gives each seat to `rows` (seat order; HANDS left to the caller);
    True when the hand had a paid winner."""
    hand, settlement = played.hand, played.settlement
    outcome = hand.outcome
    winners = settlement.winners
    dealer, wind = (before.dealer, before.round_wind) if before is not None else (0, 0)
    dealer_row = rows[dealer]
    dealer_row[DEALER_HANDS] += 1
    after = played.after
    if after.dealer == dealer and after.round_wind == wind and type(outcome) is not ChomboHand:
        dealer_row[RENCHAN] += 1
    riichi = hand.riichi
    for s in riichi:
        rows[s][RIICHI] += 1
    if not winners:
        if type(outcome) is ChomboHand:
            rows[outcome.offender][CHOMBO] += 1
            return False
        # An exhaustive draw, an abortive draw, or a triple ron the rules made abortive.
        for s in riichi:
            rows[s][RIICHI_DRAWN] += 1
        if type(outcome) is Draw:
            for row in rows:
                row[DRAWS] += 1
            for s in outcome.tenpai:
                rows[s][TENPAI_DRAWS] += 1
            for s in outcome.nagashi:
                rows[s][NAGASHI] += 1
            for p in settlement.payments:
                if p.kind is PaymentKind.NOTEN and p.payer is not None and p.payee is not None:
                    rows[p.payee][NOTEN_WON] += p.amount
                    rows[p.payer][NOTEN_LOST] += p.amount
        return False
    is_ron = type(outcome) is Ron
    won_at, lost_at = (RON_WON, RON_LOST) if is_ron else (TSUMO_WON, TSUMO_LOST)
    received = dict.fromkeys(winners, 0)
    dealt = 0
    for p in settlement.payments:
        payer, payee = p.payer, p.payee
        if payer is None or payee is None:
            continue
        kind = p.kind
        if kind in _MOVED:
            rows[payee][won_at] += p.amount
            rows[payer][lost_at] += p.amount
            if kind is not PaymentKind.HONBA:
                received[payee] += p.amount
                if is_ron and payer == outcome.loser:  # type: ignore[union-attr]
                    dealt += p.amount
    wins = outcome.wins if is_ron else (outcome.win,)  # type: ignore[union-attr]
    for w in wins:
        seat = w.winner
        if seat not in received:
            continue  # head bump: declared, not paid
        row = rows[seat]
        row[WINS] += 1
        row[RON if is_ron else TSUMO] += 1
        points = received[seat]
        row[WIN_POINTS] += points
        if points > row[LARGEST_WIN]:
            row[LARGEST_WIN] = points
        detail = w.detail
        if seat in riichi:
            row[WINS_RIICHI] += 1
            row[RIICHI_WON] += 1
        elif detail is None or detail.open is None:
            row[WINS_UNRECORDED] += 1
        elif detail.open:
            row[WINS_OPEN] += 1
        else:
            row[WINS_DAMA] += 1
        if detail is None or detail.dora is None:
            row[DORA_UNRECORDED] += 1
        elif detail.dora > row[MOST_DORA]:
            row[MOST_DORA] = detail.dora
        if w.value.yakuman or (detail is not None and YAKUMAN.intersection(detail.yaku or ())):
            row[YAKUMAN_WINS] += 1
    if is_ron:
        loser = outcome.loser  # type: ignore[union-attr]
        row = rows[loser]
        row[DEAL_INS] += 1
        row[DEAL_IN_POINTS] += dealt
        if dealt > row[LARGEST_DEAL_IN]:
            row[LARGEST_DEAL_IN] = dealt
        if loser in riichi:
            row[RIICHI_DEALT_IN] += 1
    return True


def _win_records(raw: Iterable[tuple[TableGame, list[PlayerId | None], int]]) -> list[WinRecord]:
    out: list[WinRecord] = []
    for game, players, index in raw:
        played = game.hands[index]
        before = game.hands[index - 1].after if index else None
        wind, number, honba = (
            (before.round_wind, before.hand_number, before.honba) if before else (0, 1, 0)
        )
        tsumo = isinstance(played.hand.outcome, Tsumo)
        for w in played.settlement.winners:
            value, detail = _win_of(played, w)
            out.append(
                WinRecord(
                    played.entry,
                    game.round,
                    game.table,
                    wind,
                    number,
                    honba,
                    w,
                    players[w],
                    tsumo,
                    value,
                    _received(played, w),
                    detail,
                )
            )
    return out


def _seat_players(game: TableGame) -> list[PlayerId | None]:
    # A seat played by a substitute counts for the field, not for the absent player.
    return [None if s in game.substitutes else p for s, p in enumerate(game.seats)]


def _count_game(
    count: _Count, game: TableGame, start: int, finished: GameFinished | None, with_result: bool
) -> None:
    players = _seat_players(game)
    hands = game.hands
    new = len(hands) - start
    if new > 0:
        # The rows of the game's seats are found once; each hand only adds to them.
        targets = [count.row(p) for p in players]
        for row in targets:
            row[HANDS] += new
        count.hands += new
        wins = count.wins
        before = hands[start - 1].after if start else None
        for i in range(start, len(hands)):
            played = hands[i]
            if _hand_rows(played, targets, before):
                wins.append((game, players, i))
            before = played.after
    if with_result:
        count.result(game, players)
        if finished is not None and not game.hands:
            # A game recorded by final scores only: its chombos are on the score sheet.
            for s in finished.chombos:
                count.row(players[s])[CHOMBO] += 1


def _finished_entries(entries: Iterable[Entry]) -> dict[str, GameFinished]:
    return {e.id: e for e in entries if isinstance(e, GameFinished) and e.chombos}


def game_tallies(state: EventState, round: int, table: int) -> dict[PlayerId, Tally]:
    """The numbers one game gives each of its players (substitutes' seats left out); the
    event's are the sum of these over its games (tested)."""
    game = state.games[(round, table)]
    count = _Count({}, _zero(), 0)
    finished = _finished_entries(state.entries).get(game.finished or "")
    _count_game(count, game, 0, finished, True)
    return {p: Tally._of(row) for p, row in count.rows.items()}


def _field(rows: Iterable[list[int]], extra: list[int], hands: int) -> list[int]:
    field = list(extra)
    for row in rows:
        _add(field, row)
    field[HANDS] = hands
    return field


def _assemble(
    state: EventState,
    count: _Count,
    field: list[int],
    wins: tuple[tuple[TableGame, list[PlayerId | None], int], ...],
    previous: EventStats | None = None,
) -> EventStats:
    rows, touched = count.rows, count.touched
    players: dict[PlayerId, PlayerStats] = {}
    for pid, p in state.players.items():
        if previous is not None and pid not in touched and pid in previous.players:
            players[pid] = previous.players[pid]
            continue
        row = rows.get(pid)
        players[pid] = PlayerStats(pid, p.name, p.team, Tally._of(row or _zero()))
    teams: dict[str, TeamStats] = {}
    members: dict[str, list[PlayerId]] = {}
    for pid, p in state.players.items():
        if p.team:
            members.setdefault(p.team, []).append(pid)
    names = {t.id: t.name for t in state.settings.teams}
    order = [t.id for t in state.settings.teams] + sorted(set(members) - set(names))
    for team in order:
        ids = members.get(team, [])
        if previous is not None and team in previous.teams and not touched.intersection(ids):
            teams[team] = previous.teams[team]
            continue
        total = _zero()
        for pid in ids:
            if pid in rows:
                _add(total, rows[pid])
        teams[team] = TeamStats(team, names.get(team, team), tuple(ids), Tally._of(total))
    return EventStats(players, teams, Tally._of(field), rows, field, count.extra, count.hands, wins)


def stats_from_state(state: EventState) -> EventStats:
    """The numbers of every player, team and the field, from the folded state."""
    count = _Count({}, _zero(), 0)
    finished = _finished_entries(state.entries)
    for game in state.games.values():
        _count_game(count, game, 0, finished.get(game.finished or ""), True)
    field = _field(count.rows.values(), count.extra, count.hands)
    return _assemble(state, count, field, tuple(count.wins))


def stats_update(previous: EventStats, before: EventState, after: EventState) -> EventStats:
    """The numbers of `after`, given `previous`, the numbers of `before`.

    When the only change is hands added at the end of tables' games (and games finished), the
    new hands are counted onto `previous`: a fraction of a millisecond at 500 players. A
    correction, a re-seated table, a player renamed or added ... counts everything again
    (`stats_from_state`).
    """
    if after is before:
        return previous
    if not (
        after.settings is before.settings
        and after.players == before.players
        and after.seating == before.seating
    ):
        return stats_from_state(after)
    changed: list[tuple[TableGame, int, bool]] = []
    for key, new in after.games.items():
        old = before.games.get(key)
        if old is new:
            continue
        if old is None:
            changed.append((new, 0, new.result is not None))
            continue
        if (
            old.seats != new.seats
            or old.substitutes != new.substitutes
            or old.result is not None
            or len(new.hands) < len(old.hands)
            or any(a is not b for a, b in zip(old.hands, new.hands, strict=False))
        ):
            return stats_from_state(after)
        changed.append((new, len(old.hands), new.result is not None))
    if any(key not in after.games for key in before.games):
        return stats_from_state(after)
    if not changed:
        return previous
    rows = dict(previous._rows)
    olds: dict[PlayerId, list[int]] = {}
    for game, _start, _done in changed:
        for p in game.seats:
            if p in rows and p not in olds:
                olds[p] = rows[p]
                rows[p] = list(rows[p])  # copy on write: `previous` keeps its rows
    count = _Count(rows, list(previous._extra), previous._hands)
    for game, start, done in changed:
        finished: GameFinished | None = None
        if done and not game.hands and game.finished:
            for entry in reversed(after.entries):
                if entry.id == game.finished and isinstance(entry, GameFinished):
                    finished = entry
                    break
        _count_game(count, game, start, finished, done)
    # The field moves by what the touched rows moved (counts only grow here, so max holds).
    field = list(previous._field_row)
    for row_old, row_new in [(previous._extra, count.extra)] + [
        (olds.get(p, _zero()), rows[p]) for p in count.touched
    ]:
        for i in _SUM:
            field[i] += row_new[i] - row_old[i]
        for i in _MAX:
            if row_new[i] > field[i]:
                field[i] = row_new[i]
    field[HANDS] = count.hands
    return _assemble(after, count, field, previous._wins + tuple(count.wins), previous)


# --- One player, one round ---------------------------------------------------------------------


def player_tally(state: EventState, player: PlayerId, last_round: int | None = None) -> Tally:
    """The numbers of `player` alone, counting only the games they sat in (up to `last_round`,
    when given): what `stats_from_state(state).players[player].stats` holds, without counting
    the other 499 players (the sum of the games, `game_tallies`, is the event's: tested).
    """
    games = [
        g
        for g in state.games.values()
        if player in g.seats and (last_round is None or g.round <= last_round)
    ]
    # Only a game recorded by final scores reads its entry (the chombos on its score sheet):
    # the log is not scanned for a player whose games were all recorded hand by hand.
    wanted = {g.finished for g in games if g.finished and not g.hands}
    finished = _finished_entries(e for e in state.entries if e.id in wanted) if wanted else {}
    count = _Count({}, _zero(), 0)
    for game in games:
        _count_game(count, game, 0, finished.get(game.finished or ""), True)
    return Tally._of(count.rows.get(player) or _zero())


class HandResult(enum.StrEnum):
    """What one hand was for one player, from their seat."""

    RON = "ron"
    """Won by ron."""
    TSUMO = "tsumo"
    """Won by tsumo."""
    DEALT_IN = "dealt_in"
    """Dealt into a ron (one or more winners)."""
    OTHER_TSUMO = "other_tsumo"
    """Someone else won by tsumo (what the player paid, if anything, is in `change`)."""
    OTHER_RON = "other_ron"
    """Someone else won by ron from a third player."""
    DRAW_TENPAI = "draw_tenpai"
    """An exhaustive draw, tenpai."""
    DRAW_NOTEN = "draw_noten"
    """An exhaustive draw, noten."""
    ABORTIVE = "abortive"
    """An abortive draw (a triple ron the rules made abortive too)."""
    CHOMBO = "chombo"
    """The player's own chombo."""
    OTHER_CHOMBO = "other_chombo"
    """Someone else's chombo."""


@dataclass(frozen=True, slots=True)
class PlayerHand:
    """One hand a player played, from their seat: where it was (`round`, `table`, the hand of
    the game as `round_wind` 0=East.., `hand_number`, `honba`), their `seat`, what it was for
    them (`result`), whether they were in riichi, the win's value and detail when they won
    (`value`, `points` as in `WinRecord`: hand and pao payments received, no honba, no sticks),
    and `change`, their score's whole change (honba, sticks and all)."""

    entry: str
    round: int
    table: int
    round_wind: int
    hand_number: int
    honba: int
    seat: int
    result: HandResult
    riichi: bool
    change: int
    value: HandValue | None = None
    points: int = 0
    detail: WinDetail | None = None


def _result_for(played: HandPlayed, seat: int) -> HandResult:
    outcome = played.hand.outcome
    winners = played.settlement.winners
    if seat in winners:
        return HandResult.RON if type(outcome) is Ron else HandResult.TSUMO
    if winners:
        if type(outcome) is Ron:
            return HandResult.DEALT_IN if outcome.loser == seat else HandResult.OTHER_RON
        return HandResult.OTHER_TSUMO
    if type(outcome) is ChomboHand:
        return HandResult.CHOMBO if outcome.offender == seat else HandResult.OTHER_CHOMBO
    if type(outcome) is Draw:
        return HandResult.DRAW_TENPAI if seat in outcome.tenpai else HandResult.DRAW_NOTEN
    return HandResult.ABORTIVE


def player_hands(state: EventState, player: PlayerId) -> tuple[PlayerHand, ...]:
    """Every hand `player` played (seats a substitute played left out), by round, table and
    hand of the game: the list behind their numbers (`len` is their `hands`).

    A player who dealt into a double ron has one `DEALT_IN` hand; a triple ron the rules made
    abortive is `ABORTIVE` for every seat, as it is no win and no deal-in.
    """
    out: list[PlayerHand] = []
    for game in sorted(state.games.values(), key=lambda g: (g.round, g.table)):
        if player not in game.seats:
            continue
        seat = game.seats.index(player)
        if seat in game.substitutes:
            continue
        before: GameState | None = None
        for played in game.hands:
            wind, number, honba = (
                (before.round_wind, before.hand_number, before.honba) if before else (0, 1, 0)
            )
            result = _result_for(played, seat)
            value: HandValue | None = None
            detail: WinDetail | None = None
            points = 0
            if result in (HandResult.RON, HandResult.TSUMO):
                value, detail = _win_of(played, seat)
                points = _received(played, seat)
            out.append(
                PlayerHand(
                    played.entry,
                    game.round,
                    game.table,
                    wind,
                    number,
                    honba,
                    seat,
                    result,
                    seat in played.hand.riichi,
                    played.settlement.deltas[seat],
                    value,
                    points,
                    detail,
                )
            )
            before = played.after
    return tuple(out)


@dataclass(frozen=True, slots=True)
class RoundNumbers:
    """The numbers of one round, for the projector between rounds: `field` (every hand of the
    round once in `hands`, every seat summed in the other counts), `tables` played,
    `best` the wins worth the most points (several when level), `most_wins` the players with
    the most wins, in the event's player order, and that count (none without a win), `yakuman`
    every yakuman win of the round, in the order played; `draws` the hands that ended in an
    exhaustive draw (the field's `draws` counts each seat)."""

    round: int
    tables: int
    field: Tally
    best: tuple[WinRecord, ...]
    most_wins: tuple[tuple[PlayerId, ...], int]
    yakuman: tuple[WinRecord, ...]
    draws: int


def round_numbers(state: EventState, round: int) -> RoundNumbers:
    """The numbers of `round`: its totals, best hand, most wins and yakuman.

    >>> from mjevent.core.settings import settings_from_dict
    >>> from mjevent.core.entries import HandRecorded, SeatingSet
    >>> from mjevent.core.outcomes import Hand, HandValue, Ron, Tsumo, Win
    >>> from mjevent.core.state import fold
    >>> s = settings_from_dict({"event": {"name": "Demo", "format_version": 1},
    ...     "rules": {"preset": "ema2016"},
    ...     "players": [{"id": p, "name": p} for p in ("a", "b", "c", "d")]})
    >>> seat = SeatingSet(id="s", at="2026-03-14T10:00:00Z", first_round=1,
    ...                   rounds=((("a", "b", "c", "d"),),))
    >>> h1 = HandRecorded(id="h1", at="2026-03-14T10:05:00Z", round=1, table=1,
    ...     hand=Hand(Ron(loser=2, wins=(Win(1, HandValue(3, 30)),))))
    >>> h2 = HandRecorded(id="h2", at="2026-03-14T10:09:00Z", round=1, table=1,
    ...     hand=Hand(Tsumo(Win(1, HandValue(5, 0)))))
    >>> n = round_numbers(fold(s, [seat, h1, h2]), 1)

    b's 3/30 ron took the deal; b's mangan tsumo as dealer is 12,000, the round's best hand:

    >>> n.field.hands, n.field.wins, n.best[0].points, n.best[0].player, n.most_wins
    (2, 2, 12000, 'b', (('b',), 2))
    """
    games = sorted((g for g in state.games.values() if g.round == round), key=lambda g: g.table)
    wanted = {g.finished for g in games if g.finished and not g.hands}
    finished = _finished_entries(e for e in state.entries if e.id in wanted) if wanted else {}
    count = _Count({}, _zero(), 0)
    for game in games:
        _count_game(count, game, 0, finished.get(game.finished or ""), True)
    field = Tally._of(_field(count.rows.values(), count.extra, count.hands))
    ordered = sorted(count.wins, key=lambda raw: (raw[0].table, raw[2]))
    wins = _win_records(ordered)
    top = max((w.points for w in wins), default=0)
    best = tuple(w for w in wins if w.points == top) if wins else ()
    most = max((row[WINS] for row in count.rows.values()), default=0)
    rows = count.rows
    leaders = tuple(p for p in state.players if most and p in rows and rows[p][WINS] == most)
    return RoundNumbers(
        round,
        len(state.seating.get(round, ())),
        field,
        best,
        (leaders, most),
        tuple(w for w in wins if w.yakuman),
        # Every seat of the table counts an exhaustive draw.
        field.draws // state.rules.players,
    )

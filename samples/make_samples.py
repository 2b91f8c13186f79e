"""Make the three sample events, reproducibly, through mjevent's public API.

    .venv/bin/python samples/make_samples.py [OUT_DIR]     (default: the samples/ folder)

Every file is created with `EventStore.create` and filled with `mjevent.events.commands`, the
same path the console takes, so the samples are real event files: they pass `mjevent check`
and replay cleanly. Entry ids and times are made from a fixed clock and a seeded generator, so
running the script again writes the same bytes.

Each event is seated the way `mjevent seat FILE --rounds R [--teams]` seats it
(`core.seating.event_plans.plan_generated`, then `events.seating.write_plan`): one
`seating_set` entry, generated and mapped to the players by the public draw on the event's
name (the default draw text), so `mjevent seating verify` recomputes it bit for bit.

- club.toml: 16 players, EMA 2016 rules, five rounds (the generator's affine plane AG(2,4):
  every pair of players meets exactly once), rounds 1-3 played hand by hand: riichi, a double
  ron, draws, a chombo, a corrected hand, a late-arrival penalty and a time call in round 3.
- sanma.toml: 9 players, sanma-club rules, four rounds (AG(2,3): every pair meets once),
  rounds 1-2 hand by hand (bust and the 40,000 goal can end a game early).
- league.toml: 48 players in 12 teams of 4, EMA 2025 rules, four rounds seated with teammates
  kept apart, three recorded by final scores only.
"""

from __future__ import annotations

import datetime as dt
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypedDict

from mjevent.core.game import GameState, new_game
from mjevent.core.notation import EntryContext, HandLine, format_entry
from mjevent.core.outcomes import (
    ChomboHand,
    Draw,
    Hand,
    HandValue,
    Ron,
    Tsumo,
    Win,
)
from mjevent.core.rules import RuleSet
from mjevent.core.seating.event_plans import plan_generated
from mjevent.core.state import EventState
from mjevent.events import commands
from mjevent.events.seating import write_plan
from mjevent.events.store import EventStore

HERE = Path(__file__).resolve().parent
CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


class Stamp(TypedDict):
    """The keyword arguments every command takes for a given id and time."""

    entry_id: str
    at: str


class Clock:
    """A fake venue clock and a seeded id maker: the same run makes the same entries."""

    def __init__(self, start: dt.datetime, seed: int) -> None:
        self.now = start
        self.rng = random.Random(seed)

    def tick(self, seconds: int) -> None:
        self.now += dt.timedelta(seconds=seconds)

    def stamp(self) -> Stamp:
        """`entry_id` and `at` for the next entry (a ULID of the fake time, as new_entry_id)."""
        self.tick(1)
        ms = int(self.now.timestamp() * 1000)
        number = (ms << 80) | self.rng.getrandbits(80)
        entry_id = "".join(CROCKFORD[(number >> s) & 31] for s in range(125, -1, -5))
        return Stamp(entry_id=entry_id, at=self.now.isoformat(timespec="seconds"))


def seat(store: EventStore, clock: Clock, rounds: int, *, teams: bool = False) -> None:
    """Seat the event as `mjevent seat FILE --rounds R [--teams]` does: generated, the draw on
    the event's name, one `seating_set` entry (the samples' seatings have no repeated pair,
    so there are no repeats to accept)."""
    plan = plan_generated(commands.current_state(store), rounds, teams=teams)
    write_plan(store, plan, **clock.stamp())


# --- Hands ----------------------------------------------------------------------------------

CLOSED = [(1, 30), (1, 40), (2, 30), (2, 40), (3, 30), (2, 25), (3, 40), (4, 30), (5, 0),
          (1, 50), (3, 25), (4, 40), (6, 0), (3, 60), (8, 0)]
CLOSED_WEIGHTS = [16, 10, 18, 9, 14, 4, 6, 8, 7, 3, 2, 3, 3, 1, 1]
OPEN = [(1, 30), (2, 30), (1, 40), (3, 30), (2, 40), (3, 40), (4, 30), (5, 0), (6, 0)]
OPEN_WEIGHTS = [22, 18, 8, 10, 6, 3, 3, 4, 1]


def _value(rng: random.Random, riichi: bool, tsumo: bool) -> HandValue:
    if riichi:
        han, fu = rng.choices(CLOSED, CLOSED_WEIGHTS)[0]
        han += 1  # the riichi itself
    else:
        han, fu = rng.choices(OPEN, OPEN_WEIGHTS)[0]
    if tsumo:
        if riichi and fu in (30, 40) and rng.random() < 0.3:
            fu = 20  # pinfu tsumo
        han += 1 if riichi else 0  # menzen tsumo
    if han >= 5:
        fu = 0
    return HandValue(han=han, fu=fu)


def random_hand(rng: random.Random, game: GameState, forced: str | None = None) -> Hand:
    """A plausible hand for `game`: riichi only with 1000 points, riichi players tenpai at a
    draw, discarder never the winner."""
    seats = game.rules.players
    can = [s for s in range(seats) if game.scores[s] >= 1000]
    riichi = frozenset(s for s in can if rng.random() < 0.16)
    if forced == "chombo":
        return Hand(ChomboHand(rng.randrange(seats)))
    roll = rng.random() if forced is None else {"double": 0.99, "draw": 0.8}.get(forced, 0.0)
    if roll < 0.47:
        winner = rng.randrange(seats)
        loser = rng.choice([s for s in range(seats) if s != winner])
        win = Win(winner, _value(rng, winner in riichi, tsumo=False))
        return Hand(Ron(loser, (win,)), riichi)
    if roll < 0.74:
        winner = rng.randrange(seats)
        return Hand(Tsumo(Win(winner, _value(rng, winner in riichi, tsumo=True))), riichi)
    if roll < 0.97:
        tenpai = set(riichi) | {s for s in range(seats) if rng.random() < 0.35}
        return Hand(Draw(frozenset(tenpai)), riichi)
    loser = rng.randrange(seats)
    winners = rng.sample([s for s in range(seats) if s != loser], 2)
    wins = tuple(Win(w, _value(rng, w in riichi, tsumo=False)) for w in winners)
    return Hand(Ron(loser, wins), riichi)


class Table:
    """A table's game while the sample is written: its hands go in through entry lines."""

    def __init__(self, rnd: int, number: int, rules: RuleSet, rng: random.Random) -> None:
        self.round = rnd
        self.number = number
        self.game = new_game(rules)
        self.rng = rng
        self.hands = 0

    def play(
        self,
        store: EventStore,
        clock: Clock,
        forced: str | None = None,
    ) -> EventState:
        hand = random_hand(self.rng, self.game, forced)
        line = format_entry(HandLine(self.round, self.number, hand), EntryContext(self.round))
        state = commands.record_line(store, line, round=self.round, **clock.stamp())
        game = state.game(self.round, self.number)
        assert game is not None and game.state is not None, line
        self.game = game.state
        self.hands += 1
        return state


def play_round(
    store: EventStore,
    clock: Clock,
    rnd: int,
    tables: int,
    rng: random.Random,
    *,
    special: dict[tuple[int, int], str] | None = None,
    gong_after: int | None = None,
    after_hand: Callable[[EventStore, int, int], None] | None = None,
) -> None:
    """Start the round and play every table to its end, hands interleaved as at a venue; with
    `gong_after`, time is called once the slowest table has played that many hands."""
    rules = store.event.rules.ruleset
    commands.start_round(store, rnd, **clock.stamp())
    live = [Table(rnd, t, rules, rng) for t in range(1, tables + 1)]
    special = special or {}
    called = False
    while True:
        running = [t for t in live if not t.game.finished]
        if not running:
            break
        if gong_after is not None and not called and min(t.hands for t in running) >= gong_after:
            commands.call_time_for(store, rnd, **clock.stamp())
            called = True
        for table in running:
            if table.game.finished:
                continue
            clock.tick(rng.randint(150, 420) // len(running))
            table.play(store, clock, special.get((table.number, table.hands + 1)))
            if after_hand is not None:
                after_hand(store, table.number, table.hands)
    for table in live:
        final = " ".join(str(s) for s in table.game.scores)
        commands.record_line(store, f"t{table.number} final {final}", round=rnd, **clock.stamp())


# --- The three events -----------------------------------------------------------------------

CLUB_PLAYERS = [
    "田中 優希", "Sophie Müller", "김서연", "Lars Øvergaard", "Chloé Lefèvre", "王 芳",
    "João Gonçalves", "Mateusz Wiśniewski", "Aoife Ní Bhriain", "Pieter de Vries",
    "Sanna Järvinen", "Ömer Yıldız", "Nguyễn Thị Mai", "Javier Sánchez", "佐々木 蓮",  # noqa: RUF001
    "Emma Johansson",
]


def _ids(count: int) -> list[str]:
    return [f"p{i:02d}" for i in range(1, count + 1)]


def make_club(path: Path) -> None:
    """16 players, EMA, 5 rounds seated, 3 rounds hand by hand."""
    ids = _ids(16)
    ratings = [1712, 1654, 1598, 1580, 1561, 1549, 1533, 1520, 1502, 1495, 1488, 1470, 1455,
               1440, 1421, 1400]
    store = EventStore.create(
        path,
        {
            "event": {
                "name": "Leiden Riichi Spring Open 2026",
                "date": dt.date(2026, 3, 14),
                "venue": "Buurthuis De Kooi, Kooiplein 1, Leiden",
                "format_version": 1,
            },
            "rules": {"preset": "ema2016"},
            "players": [
                {"id": i, "name": n, "rating": r}
                for i, n, r in zip(ids, CLUB_PLAYERS, ratings, strict=True)
            ],
            "timer": {"round_minutes": 90, "warning_minutes": [15, 5], "break_minutes": 20},
        },
    )
    clock = Clock(dt.datetime(2026, 3, 14, 9, 40, tzinfo=dt.UTC), seed=14)
    seat(store, clock, 5)
    rng = random.Random(20260314)
    commands.add_note(store, "Doors open 9:30; round 1 at 10:00. Head referee: Pieter de Vries.",
                      **clock.stamp())
    clock.tick(300)
    commands.add_penalty(
        store, "p12", 5000, "arrived 12 minutes late for round 1", entered_by="P. de Vries",
        round=1, **clock.stamp(),
    )

    def fix_fu(store: EventStore, table: int, hands: int) -> None:
        # Round 1, table 3, third hand: entered as 30 fu, the score sheet said 40 fu.
        if table == 3 and hands == 3:
            state = commands.current_state(store)
            game = state.game(1, 3)
            assert game is not None
            last = game.hands[-1]
            outcome = last.hand.outcome
            if isinstance(outcome, Ron | Tsumo):
                win = outcome.wins[0] if isinstance(outcome, Ron) else outcome.win
                if win.value.fu == 30:
                    fixed = Win(win.winner, HandValue(win.value.han, 40), win.pao)
                    new = (
                        Ron(outcome.loser, (fixed, *outcome.wins[1:]))
                        if isinstance(outcome, Ron)
                        else Tsumo(fixed)
                    )
                    entry = next(e for e in state.entries if e.id == last.entry)
                    from mjevent.core.entries import HandRecorded

                    assert isinstance(entry, HandRecorded)
                    commands.correct_entry(
                        store, last.entry, "fu: 40 on the score sheet, not 30",
                        HandRecorded(id="-", at="-", round=1, table=3,
                                     hand=Hand(new, last.hand.riichi)),
                        **clock.stamp(),
                    )

    clock.now = dt.datetime(2026, 3, 14, 10, 0, tzinfo=dt.UTC)
    play_round(store, clock, 1, 4, rng, special={(2, 4): "double"}, after_hand=fix_fu)
    clock.now = dt.datetime(2026, 3, 14, 11, 45, tzinfo=dt.UTC)
    play_round(store, clock, 2, 4, rng, special={(3, 5): "chombo", (1, 2): "double"})
    clock.now = dt.datetime(2026, 3, 14, 13, 45, tzinfo=dt.UTC)
    play_round(store, clock, 3, 4, rng, gong_after=8)
    commands.add_note(store, "Lunch break after round 3; rounds 4 and 5 after 15:30.",
                      **clock.stamp())


SANMA_PLAYERS = [
    "山本 健太", "陳 美玲", "박지훈", "Hanna Kowalczyk", "Léa Dubois", "Björn Sigurðsson",
    "Ana Ruiz", "Tomás Ó Briain", "佐藤 花子",
]


def make_sanma(path: Path) -> None:
    """9 players, sanma-club, 4 rounds seated, rounds 1-2 hand by hand."""
    ids = _ids(9)
    store = EventStore.create(
        path,
        {
            "event": {
                "name": "Sanma Night at Café Kaze",
                "date": dt.date(2026, 4, 2),
                "venue": "Café Kaze, Oudegracht 158, Utrecht",
                "format_version": 1,
            },
            "rules": {"preset": "sanma-club"},
            "players": [{"id": i, "name": n} for i, n in zip(ids, SANMA_PLAYERS, strict=True)],
            "timer": {"round_minutes": 75, "warning_minutes": [10], "break_minutes": 10},
        },
    )
    clock = Clock(dt.datetime(2026, 4, 2, 18, 45, tzinfo=dt.UTC), seed=2)
    seat(store, clock, 4)
    rng = random.Random(20260402)
    clock.now = dt.datetime(2026, 4, 2, 19, 0, tzinfo=dt.UTC)
    play_round(store, clock, 1, 3, rng)
    clock.now = dt.datetime(2026, 4, 2, 20, 30, tzinfo=dt.UTC)
    play_round(store, clock, 2, 3, rng)


LEAGUE_TEAMS = [
    ("ams", "Amsterdam Red Dragons", ["Daan Bakker", "Femke Visser", "Sem de Jong", "Lotte Smit"]),
    ("krk", "Kraków Bamboo",
     ["Kacper Nowak", "Zofia Wójcik", "Jakub Kamiński", "Maja Lewandowska"]),
    ("cph", "København Kans", ["Mads Nielsen", "Ida Sørensen", "Frederik Holm", "Freja Dahl"]),
    ("par", "Paris Vent d'Est", ["Hugo Moreau", "Camille Rousseau", "Théo Girard", "Inès Faure"]),
    ("vie", "Wiener Windrosen", ["Lukas Gruber", "Anna Huber", "Felix Wagner", "Lena Pichler"]),
    ("tok", "Tokyo Tsumo-kai", ["中村 翔", "小林 美咲", "加藤 大輝", "吉田 さくら"]),
    ("seo", "Seoul Riichi Club", ["이민호", "최지우", "정우성", "한소희"]),
    ("tpe", "Taipei Flowers", ["林 志明", "黃 雅婷", "張 家豪", "吳 佳穎"]),
    ("lis", "Lisboa Ventos", ["Tiago Ferreira", "Inês Carvalho", "Rui Araújo", "Beatriz Sousa"]),
    ("hel", "Helsinki Honba",
     ["Eero Mäkinen", "Aino Virtanen", "Onni Heikkinen", "Helmi Koskinen"]),
    ("mad", "Madrid Dora", ["Álvaro Martín", "Lucía Gómez", "Sergio Ortega", "Paula Domínguez"]),
    ("dub", "Dublin Haku", ["Seán Ó Murchú", "Niamh Byrne", "Cian Walsh", "Róisín Kelly"]),
]


def random_final(rng: random.Random, start: int, seats: int) -> tuple[list[int], int]:
    """Final scores in hundreds that add up to seats x start less the sticks left."""
    left = 1 if rng.random() < 0.12 else 0
    total = seats * start - left * 1000
    while True:
        scores = [round(rng.gauss(start, 11000), -2) for _ in range(seats - 1)]
        scores.append(total - sum(scores))
        # Plausible spreads: nobody above 70,000; the odd score a little below zero.
        if max(scores) <= 70000 and min(scores) >= -6000:
            return [int(s) for s in scores], left


def make_league(path: Path) -> None:
    """48 players in 12 teams, EMA 2025, 4 rounds seated, 3 recorded by final scores."""
    players: list[dict[str, Any]] = []
    for t, (team_id, _, names) in enumerate(LEAGUE_TEAMS):
        for j, name in enumerate(names):
            players.append({"id": f"p{t * 4 + j + 1:02d}", "name": name, "team": team_id})
    store = EventStore.create(
        path,
        {
            "event": {
                "name": "European Riichi Team League 2026, Matchday 3",
                "date": dt.date(2026, 5, 23),
                "venue": "Hotel Mercure Kraków Old Town, ul. Pawia 18b, Kraków",
                "format_version": 1,
            },
            "rules": {"preset": "ema2025"},
            "teams": [{"id": team_id, "name": name} for team_id, name, _ in LEAGUE_TEAMS],
            "players": players,
            "timer": {"round_minutes": 90, "warning_minutes": [15, 5], "break_minutes": 15},
        },
    )
    clock = Clock(dt.datetime(2026, 5, 23, 8, 45, tzinfo=dt.UTC), seed=23)
    seat(store, clock, 4, teams=True)
    rng = random.Random(20260523)
    rules = store.event.rules.ruleset
    starts = [dt.datetime(2026, 5, 23, h, m, tzinfo=dt.UTC) for h, m in ((9, 0), (11, 0), (14, 0))]
    for rnd, start in enumerate(starts, 1):
        clock.now = start
        commands.start_round(store, rnd, **clock.stamp())
        clock.tick(80 * 60)
        commands.call_time_for(store, rnd, **clock.stamp())
        for table in range(1, 13):
            clock.tick(rng.randint(20, 200))
            scores, left = random_final(rng, rules.start_points, rules.players)
            text = f"t{table} final " + " ".join(str(s) for s in scores)
            if left:
                text += f" left:{left}"
            if rnd == 2 and table == 7:
                text += " chombo:W"
            commands.record_line(store, text, round=rnd, **clock.stamp())


def main(argv: Sequence[str]) -> None:
    """Write club.toml, sanma.toml and league.toml into the folder given (default: here)."""
    out = Path(argv[0]) if argv else HERE
    for name, make in (("club", make_club), ("sanma", make_sanma), ("league", make_league)):
        path = out / f"{name}.toml"
        path.unlink(missing_ok=True)
        make(path)
        print(f"wrote {path}")


if __name__ == "__main__":
    main(sys.argv[1:])

"""One-on-one round robins: the circle method and the FIDE Berger tables (seed 001).

For one-on-one games the order inside a pair matters: the first player has White (or the
first move, the home side...). Players are numbered from 0 here; the printed tables number
them from 1. With an odd count a ghost player (the highest number, count + 1 when printed)
is added and whoever meets the ghost sits out: the functions return that player in `byes`
and leave the ghost game out of the round.

- `circle_method(n)`: player 1 fixed, the others written in two rows (first half left to right,
  second half right to left underneath) and turned one step per round; each column is a game
  (top player first). Six players: 1-6 2-5 3-4 / 1-5 6-4 2-3 / ...
- `berger_rounds(n)`: FIDE Handbook C.05 Annex 1. For an even count n the round r (from 1)
  lists the players 1..n-1 from s_r = 1 + (r-1)*n/2 (cyclically): table 1 pairs the first of
  them with player n (player n has White in even rounds), table i > 1 pairs the i-th with the
  (n+1-i)-th, White first. Six players: 1-6 2-5 3-4 / 6-4 5-3 1-2 / 2-6 3-1 4-5 / ...
- `berger_rounds(n, double=True)`: the double round robin: the first cycle with its last two
  rounds swapped (FIDE's advice, so that nobody gets the same colour three times at the seam),
  then the whole cycle again with colours reversed.

>>> rounds, byes = berger_rounds(6)
>>> [[f"{w + 1}-{b + 1}" for w, b in r] for r in rounds[:2]]
[['1-6', '2-5', '3-4'], ['6-4', '5-3', '1-2']]
>>> rounds, byes = berger_rounds(5)
>>> [[f"{w + 1}-{b + 1}" for w, b in r] for r in rounds[:2]], byes[:2]
([['2-5', '3-4'], ['5-3', '1-2']], [[0], [3]])
"""

from __future__ import annotations

Rounds = list[list[list[int]]]


def _drop_ghost(rounds: Rounds, players: int) -> tuple[Rounds, list[list[int]]]:
    """Remove the games with the ghost (number `players`): their opponents sit out."""
    if players % 2 == 0:
        return rounds, [[] for _ in rounds]
    games: Rounds = []
    byes: list[list[int]] = []
    for rnd in rounds:
        games.append([g for g in rnd if players not in g])
        byes.append([p for g in rnd if players in g for p in g if p != players])
    return games, byes


def _check_count(players: int) -> int:
    if players < 2:
        raise ValueError(f"a round robin needs at least 2 players, not {players}")
    return players + players % 2


def circle_method(players: int) -> tuple[Rounds, list[list[int]]]:
    """(rounds of [first, second] pairs, byes per round) by the circle method."""
    n = _check_count(players)
    ring = list(range(1, n))
    rounds: Rounds = []
    for _ in range(n - 1):
        row = [0, *ring]
        top, bottom = row[: n // 2], row[n // 2 :][::-1]
        rounds.append([[a, b] for a, b in zip(top, bottom, strict=True)])
        ring = ring[-1:] + ring[:-1]
    return _drop_ghost(rounds, players)


def berger_rounds(players: int, *, double: bool = False) -> tuple[Rounds, list[list[int]]]:
    """(rounds of [white, black] pairs in FIDE table order, byes per round): Berger tables."""
    n = _check_count(players)
    last = n - 1  # 0-based number of the player printed as n
    rounds: Rounds = []
    for r in range(1, n):
        start = (r - 1) * (n // 2) % (n - 1)
        seq = [(start + i) % (n - 1) for i in range(n - 1)]
        first = [seq[0], last] if r % 2 == 1 else [last, seq[0]]
        rnd = [first] + [[seq[i - 1], seq[n - i]] for i in range(2, n // 2 + 1)]
        rounds.append(rnd)
    if double:
        first_cycle = [*rounds[:-2], rounds[-1], rounds[-2]] if len(rounds) >= 2 else rounds
        rounds = first_cycle + [[[b, w] for w, b in rnd] for rnd in rounds]
    return _drop_ghost(rounds, players)

"""Who sits out when the players do not fill the tables.

Two formats, the catalogue's first:

- "G+1" (the catalogue's 4+1, 6+1, 8+1): with b = P mod K players over, each of the first G
  rounds has b byes, nobody sits out twice, and a last adjustment round seats exactly the G*b
  players who sat out, so everybody plays G games. It needs G*b to be a multiple of K and at
  most P; `plan_byes` uses it whenever the requested R = G+1 rounds allow it.
- rotating byes otherwise, and always for one-on-one games: b players sit out each round, in
  turn, so nobody sits out twice before everybody has sat out once.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ByePlan:
    """Per round, who sits out; `adjustment` is True when the last round is a make-up round."""

    byes: tuple[tuple[int, ...], ...]
    adjustment: bool
    games_each: int | None

    @property
    def format_name(self) -> str:
        """'4+1' for four rounds plus an adjustment round, 'rotating' or 'none'."""
        if self.adjustment:
            return f"{len(self.byes) - 1}+1"
        return "rotating" if any(self.byes) else "none"

    def active(self, players: int) -> list[list[int]]:
        """The players seated in each round."""
        return [[p for p in range(players) if p not in set(b)] for b in self.byes]


def plan_byes(players: int, table_size: int, rounds: int) -> ByePlan:
    """Choose the bye format for P players at tables of K over R rounds.

    >>> plan = plan_byes(15, 4, 5)
    >>> plan.format_name, plan.byes[0], plan.byes[4], plan.games_each
    ('4+1', (0, 1, 2), (12, 13, 14), 4)
    >>> plan_byes(6, 4, 2).byes
    ((0, 1), (2, 3))
    >>> plan_byes(5, 2, 5).format_name
    'rotating'
    """
    if players < table_size:
        raise ValueError(
            f"{players} players cannot fill one table of {table_size}: need at least "
            f"{table_size} players"
        )
    over = players % table_size
    if over == 0:
        return ByePlan(tuple(() for _ in range(rounds)), False, rounds)
    main = rounds - 1
    # One-on-one events rotate the bye (the circle method's "bye" seat), never a make-up round.
    adjustable = table_size >= 3 and main >= 1
    if adjustable and (main * over) % table_size == 0 and main * over <= players:
        byes = [tuple(range(r * over, (r + 1) * over)) for r in range(main)]
        sat_out = set(range(main * over))
        byes.append(tuple(p for p in range(players) if p not in sat_out))
        return ByePlan(tuple(byes), True, main)
    rotating = tuple(
        tuple(sorted((r * over + i) % players for i in range(over))) for r in range(rounds)
    )
    return ByePlan(rotating, False, None)

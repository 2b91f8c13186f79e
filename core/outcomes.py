"""What happened in one hand, as the calculator takes it.

Seats are numbered from 0 in the table's fixed seat order: seat 0 is the player who was East in
the first hand of the game, seat 1 sat to their right (South), and so on. The dealer moves; the
seat numbers do not.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class HandValue:
    """The value of one winning hand: han and fu, or a number of yakuman.

    `yakuman` counts yakuman multiples (1 = single, 2 = double ...); when it is above 0, han and
    fu are ignored. Kazoe yakuman is given as han (13+), not as `yakuman`.
    """

    han: int = 0
    fu: int = 0
    yakuman: int = 0


@dataclass(frozen=True, slots=True)
class WinDetail:
    """What the director chose to record about a win beyond its value (for statistics and
    prizes; scoring never reads it).

    `yaku` lists the yaku by their English ids (`mjevent.core.yaku`), a yaku scored twice
    (two yakuhai) listed twice; None when not recorded. `dora` counts every dora of the win
    (dora, ura-dora and red fives together); None when not recorded. `open` is True for an
    open (called) hand, False for a closed one, None when not recorded.
    """

    yaku: tuple[str, ...] | None = None
    dora: int | None = None
    open: bool | None = None


@dataclass(frozen=True, slots=True)
class Win:
    """One winner of a hand. `pao` is the seat responsible for a pao yakuman, if any.

    `detail` is the optional yaku, dora and open/closed record of the win (None: nothing
    recorded); it is left out of the repr, so that a win without it reads as before.
    """

    winner: int
    value: HandValue
    pao: int | None = None
    detail: WinDetail | None = field(default=None, repr=False)


@dataclass(frozen=True, slots=True)
class Ron:
    """One, two or three players won on `loser`'s discard.

    `wins` lists every winner who declared; the rule set decides whether all of them are paid
    (double/triple ron) or only the first in turn order from the discarder (head bump).
    """

    loser: int
    wins: tuple[Win, ...]


@dataclass(frozen=True, slots=True)
class Tsumo:
    """A self-drawn win."""

    win: Win


@dataclass(frozen=True, slots=True)
class Draw:
    """An exhaustive draw (ryuukyoku): who was tenpai, and who made nagashi mangan."""

    tenpai: frozenset[int] = field(default_factory=frozenset)
    nagashi: frozenset[int] = field(default_factory=frozenset)


@dataclass(frozen=True, slots=True)
class AbortiveDraw:
    """An abortive draw (kyuushu kyuuhai, suufon renda, suucha riichi, suukaikan, triple ron)."""

    reason: str = ""


@dataclass(frozen=True, slots=True)
class ChomboHand:
    """A chombo by `offender`: the hand is void and redealt; the rule set says what is paid."""

    offender: int


Outcome = Ron | Tsumo | Draw | AbortiveDraw | ChomboHand


@dataclass(frozen=True, slots=True)
class Hand:
    """One hand as recorded: its outcome and the seats that declared riichi in it.

    Each riichi declarer puts `riichi_value` on the table, except in a chombo hand, where every
    declaration is taken back.
    """

    outcome: Outcome
    riichi: frozenset[int] = field(default_factory=frozenset)

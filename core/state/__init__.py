"""The state of an event: a pure fold of the log over the settings.

`fold(settings, entries)` replays every entry in log order and returns an `EventState`: the
players and their status, the seating of every round, every table's game (hand by hand through
`mjevent.core.game`, or by final scores), each finished game's `GameResult`, the round clocks,
the penalties, and the problems found on the way. The same settings and entries always give the
same state.

`fold` never raises on bad log content. An entry that cannot apply (a hand at a table that does
not exist in that round, a hand after the game ended, final scores that do not add up, a
correction of an unknown id ...) is recorded as a `Problem` naming the entry, and the fold goes
on; `mjevent check` reports them.

Corrections are resolved before anything is applied: a voided entry is skipped, an amended entry
is replaced, in its place in the log, by the amendment. Voiding a correction restores the entry
it changed.

Its modules: `values` (the frozen values a fold gives), `problems` (a problem's kinds and data,
put into words only when shown), `folder` (`fold`, and `Folder`, the
fold kept alive), `corrections` (the effective log), `fold_rules` (one rule per entry kind over
a mutable working set), `table` (one table's game), `memo` (game steps remembered between
folds), `caused` (the problems trying an entry caused), `entry_texts` (the names and free
texts entries carry, checked) and `table_entry_problems` (the problems refusing a table
entry).
"""

from __future__ import annotations

from mjevent.core.state.caused import caused_problems, refusals
from mjevent.core.state.entry_texts import entry_text_problems
from mjevent.core.state.fold_rules import fold_rule_missing
from mjevent.core.state.folder import Folder, fold
from mjevent.core.state.memo import FoldMemo
from mjevent.core.state.problems import Problem, ProblemKind, Words, table_label
from mjevent.core.state.table import remap_hand
from mjevent.core.state.table_entry_problems import confirm_problem, settled_problem, stale_problem
from mjevent.core.state.values import (
    EventState,
    HandPlayed,
    PlayerState,
    RoundClock,
    RoundSeating,
    TableGame,
    TableSeats,
    same_table_entry,
)

__all__ = [
    "EventState",
    "FoldMemo",
    "Folder",
    "HandPlayed",
    "PlayerState",
    "Problem",
    "ProblemKind",
    "RoundClock",
    "RoundSeating",
    "TableGame",
    "TableSeats",
    "Words",
    "caused_problems",
    "confirm_problem",
    "entry_text_problems",
    "fold",
    "fold_rule_missing",
    "refusals",
    "remap_hand",
    "same_table_entry",
    "settled_problem",
    "stale_problem",
    "table_label",
]

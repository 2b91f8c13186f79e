"""What trying one entry caused: the problems the event has with it and had not without it.

The one comparison every trial of an entry makes (a command before it appends, a dialog's
preview of what would change, the entry line's preview): fold the entry onto the live state,
then compare the problems of the state after with those of the state before.
"""

from __future__ import annotations

from collections import Counter

from mjevent.core.entries import Correction, Entry
from mjevent.core.i18n import _
from mjevent.core.state.problems import Problem
from mjevent.core.state.values import EventState


def caused_problems(before: EventState, after: EventState) -> list[Problem]:
    """The problems `after` has more of than `before`, in `after`'s order.

    Those naming an entry (`Problem.entry`) are what a command refuses (`refusals`); those
    naming none (a withdrawn player still seated) are steps on the way, allowed. Counted, not
    set-compared: a second copy of a problem already there is new. Compared as values (kind and
    data, never words), so states folded in different languages compare alike.
    """
    new = Counter(after.problems)
    new.subtract(before.problems)
    return [p for p, count in new.items() if count > 0]


def refusals(caused: list[Problem], entry: Entry) -> list[str]:
    """Why `entry` is refused, one message per problem naming an entry in `caused`
    (`caused_problems`): its own problems first, in their words, then what it would make
    wrong in entries already logged (voiding a hand under a score sheet's totals). Empty: the
    entry is recorded.

    A correction's own problems include those of the entry it amends: the amended hand is
    folded under its old id, and what goes wrong with it is what the correction does (an
    illegal hand is refused in the calculator's words, not as "it would leave entry H3 wrong").
    """
    own = {entry.id, entry.target} if isinstance(entry, Correction) else {entry.id}
    mine = [p.message for p in caused if p.entry in own]
    others = [
        _("it would leave entry {entry} wrong: {problem}").format(entry=p.entry, problem=p.message)
        for p in caused
        if p.entry is not None and p.entry not in own
    ]
    return mine + others

"""The names and free texts log entries carry, and the message refusing each that is not one
line of printable text.

Separate because two steps check them: the corrections (a correction never reaches the fold's
rules) and the fold's rules for every other kind.
"""

from __future__ import annotations

from mjevent.core.entries import (
    Correction,
    Entry,
    Note,
    Penalty,
    PlayerAdded,
    PlayerRenamed,
    PlayerSubstituted,
    PlayerWithdrawn,
    TableEntryRejected,
    TableEntrySubmitted,
)
from mjevent.core.state.problems import Problem, ProblemKind, Words
from mjevent.core.text import name_problem, quoted_name, text_problem

# The free texts and names that log entries carry, each with the kind of problem refusing it. A
# name or a free text is one line of printable text (`text.name_problem`, `text.text_problem`),
# so no screen, printer or file gets a control code from it: the commands refuse such an entry
# (it would be a problem of its own), and `mjevent check` names the line of one that an older
# version or a text editor put in the file.
_NOTE, _REASON, _NAME = ProblemKind.BAD_NOTE, ProblemKind.BAD_REASON, ProblemKind.BAD_NAME
_TEAM, _LINE = ProblemKind.BAD_TEAM, ProblemKind.BAD_LINE
_TEXTS: dict[type[Entry], tuple[tuple[str, bool, ProblemKind], ...]] = {
    # (field, is a name, the kind of problem refusing it)
    Note: (("text", False, _NOTE),),
    PlayerWithdrawn: (("reason", False, _REASON),),
    Penalty: (("reason", False, _REASON), ("entered_by", True, _NAME)),
    Correction: (("reason", False, _REASON),),
    PlayerAdded: (("name", True, _NAME), ("team", True, _TEAM)),
    PlayerRenamed: (("name", True, _NAME),),
    PlayerSubstituted: (("substitute", True, _NAME),),
    TableEntrySubmitted: (("line", False, _LINE),),
    TableEntryRejected: (("reason", False, _REASON),),
}


def entry_text_problems(entry: Entry) -> list[Problem]:
    """What is wrong with the names and free texts `entry` carries, one problem each (of no
    entry: the caller adds the entry's id).

    >>> note = Note(id="n1", at="2026-03-14T12:00:00+00:00", text="Lunch\x1b[2J")
    >>> print(entry_text_problems(note)[0].message.split(": it contains")[0])
    the note 'Lunch\\\\x1b[2J' cannot be used
    """
    out = []
    for key, is_name, kind in _TEXTS.get(type(entry), ()):
        value = getattr(entry, key)
        if not value:
            continue
        check = name_problem if is_name else text_problem
        if check(value) is not None:
            words = Words(check, (value,))
            out.append(Problem.of(None, kind, text=Words(quoted_name, (value,)), problem=words))
    return out

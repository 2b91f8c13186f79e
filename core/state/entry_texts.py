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
from mjevent.core.i18n import N_, _
from mjevent.core.text import name_problem, quoted_name, text_problem

# The free texts and names that log entries carry, each with the message that refuses it. A
# name or a free text is one line of printable text (`text.name_problem`, `text.text_problem`),
# so no screen, printer or file gets a control code from it: the commands refuse such an entry
# (it would be a problem of its own), and `mjevent check` names the line of one that an older
# version or a text editor put in the file.
_NOTE = N_("the note {text} cannot be used: {problem}")
_REASON = N_("the reason {text} cannot be used: {problem}")
_NAME = N_("the name {text} cannot be used: {problem}")
_TEAM = N_("the team {text} cannot be used: {problem}")
_LINE = N_("the line {text} cannot be used: {problem}")
_TEXTS: dict[type[Entry], tuple[tuple[str, bool, str], ...]] = {
    # (field, is a name, the message refusing it)
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


def entry_text_problems(entry: Entry) -> list[str]:
    """What is wrong with the names and free texts `entry` carries, one message each.

    >>> note = Note(id="n1", at="2026-03-14T12:00:00+00:00", text="Lunch\x1b[2J")
    >>> print(entry_text_problems(note)[0].split(": it contains")[0])
    the note 'Lunch\\\\x1b[2J' cannot be used
    """
    out = []
    for key, is_name, message in _TEXTS.get(type(entry), ()):
        value = getattr(entry, key)
        if not value:
            continue
        problem = name_problem(value) if is_name else text_problem(value)
        if problem is not None:
            out.append(_(message).format(text=quoted_name(value), problem=problem))
    return out

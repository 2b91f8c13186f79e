"""Corrections: the effective log, with duplicate ids left out, voided entries skipped and
amended entries replaced in their place by the amendment.

Separate because it runs before any entry is applied, over the whole log, and knows nothing of
tables or games.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from mjevent.core.entries import Correction, Entry
from mjevent.core.state.entry_texts import entry_text_problems
from mjevent.core.state.problems import Problem, ProblemKind


def _resolve(entries: Sequence[Entry], problems: list[Problem]) -> tuple[list[Entry], set[str]]:
    """The effective log: corrections applied, duplicates and voided entries left out."""
    position: dict[str, int] = {}
    unique: list[Entry] = []
    for entry in entries:
        if entry.id in position:
            first = unique[position[entry.id]]
            if first != entry:
                problems.append(Problem(entry.id, ProblemKind.ID_TWICE))
            continue
        position[entry.id] = len(unique)
        unique.append(entry)

    corrections: dict[str, list[Correction]] = {}
    for i, entry in enumerate(unique):
        if not isinstance(entry, Correction):
            continue
        # A correction never reaches the fold's rules: its reason is checked here.
        problems.extend(dataclasses.replace(p, entry=entry.id) for p in entry_text_problems(entry))
        target = position.get(entry.target)
        if target is None:
            problems.append(Problem.of(entry.id, ProblemKind.CORRECTS_MISSING, target=entry.target))
            continue
        if target >= i:
            problems.append(Problem.of(entry.id, ProblemKind.CORRECTS_LATER, target=entry.target))
            continue
        original = unique[target]
        if entry.replacement is not None:
            if isinstance(original, Correction):
                problems.append(
                    Problem.of(entry.id, ProblemKind.AMENDS_CORRECTION, target=entry.target)
                )
                continue
            if type(entry.replacement) is not type(original):
                problems.append(
                    Problem.of(
                        entry.id,
                        ProblemKind.AMENDS_KIND,
                        target=entry.target,
                        kind=original.KIND,
                        other=entry.replacement.KIND,
                    )
                )
                continue
        corrections.setdefault(entry.target, []).append(entry)

    if not corrections:
        # Nothing voided or amended (the usual log): the effective log is every entry but the
        # corrections that could not apply, as the general way below would find entry by entry.
        return [e for e in unique if not isinstance(e, Correction)], set()

    memo: dict[str, Entry | None] = {}

    def effective(entry_id: str) -> Entry | None:
        # Targets always come earlier in the log, so this recursion ends.
        if entry_id in memo:
            return memo[entry_id]
        current: Entry | None = unique[position[entry_id]]
        for c in corrections.get(entry_id, []):
            if effective(c.id) is None:
                continue
            current = (
                None
                if c.replacement is None
                else dataclasses.replace(
                    c.replacement, id=entry_id, at=unique[position[entry_id]].at
                )
            )
        memo[entry_id] = current
        return current

    out: list[Entry] = []
    voided: set[str] = set()
    for entry in unique:
        e = effective(entry.id)
        if e is None:
            voided.add(entry.id)
        elif not isinstance(e, Correction):
            out.append(e)
    return out, voided


def _corrected(
    effective: Sequence[Entry], correction: Correction
) -> tuple[int, Entry | None] | None:
    """What `correction`, appended to the log, does to its effective log `effective` (as
    `_resolve` made it, table entries not yet replaced by what they put in a game), when that
    is one entry replaced or left out: (the position of the entry it names, the entry taking
    its place, or None for a void). The caller makes sure the correction's id is new and that
    no correction in the log names it.

    `_resolve` would find the same: the last correction of an entry decides what it is, and
    an amendment takes the place (id and time) of the entry it amends. None when it would find
    more: a problem of the correction's own (its reason, an entry not in the effective log: not
    in the log, voided, a correction; an amendment of another kind).
    """
    if entry_text_problems(correction):
        return None
    for at in range(len(effective) - 1, -1, -1):
        if effective[at].id == correction.target:
            break
    else:
        return None
    current = effective[at]
    if correction.replacement is None:
        return at, None
    if type(correction.replacement) is not type(current):
        return None
    return at, dataclasses.replace(correction.replacement, id=current.id, at=current.at)

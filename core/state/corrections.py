"""Corrections: the effective log, with duplicate ids left out, voided entries skipped and
amended entries replaced in their place by the amendment.

Separate because it runs before any entry is applied, over the whole log, and knows nothing of
tables or games.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from mjevent.core.entries import Correction, Entry
from mjevent.core.i18n import _
from mjevent.core.state.entry_texts import entry_text_problems
from mjevent.core.state.values import Problem


def _resolve(entries: Sequence[Entry], problems: list[Problem]) -> tuple[list[Entry], set[str]]:
    """The effective log: corrections applied, duplicates and voided entries left out."""
    position: dict[str, int] = {}
    unique: list[Entry] = []
    for entry in entries:
        if entry.id in position:
            first = unique[position[entry.id]]
            if first != entry:
                problems.append(
                    Problem(
                        entry.id,
                        _(
                            "this id is used by two different entries; the later one is ignored "
                            "(give every entry its own id)"
                        ),
                    )
                )
            continue
        position[entry.id] = len(unique)
        unique.append(entry)

    corrections: dict[str, list[Correction]] = {}
    for i, entry in enumerate(unique):
        if not isinstance(entry, Correction):
            continue
        # A correction never reaches the fold's rules: its reason is checked here.
        problems.extend(Problem(entry.id, message) for message in entry_text_problems(entry))
        target = position.get(entry.target)
        if target is None:
            problems.append(
                Problem(
                    entry.id,
                    _(
                        "corrects {target!r}, which is not in the log. Fix: give the id of "
                        "the entry to correct as `mjevent replay` or the log screen shows it"
                    ).format(target=entry.target),
                )
            )
            continue
        if target >= i:
            problems.append(
                Problem(
                    entry.id,
                    _("corrects {target!r}, which comes later in the log").format(
                        target=entry.target
                    ),
                )
            )
            continue
        original = unique[target]
        if entry.replacement is not None:
            if isinstance(original, Correction):
                problems.append(
                    Problem(
                        entry.id,
                        _(
                            "amends the correction {target!r}; a correction can only be "
                            "voided (then enter a new one)"
                        ).format(target=entry.target),
                    )
                )
                continue
            if type(entry.replacement) is not type(original):
                problems.append(
                    Problem(
                        entry.id,
                        _(
                            "amends {target!r} ({kind}) with a {other}; an amendment keeps the "
                            "kind (void it and enter a new entry instead)"
                        ).format(
                            target=entry.target,
                            kind=original.KIND,
                            other=entry.replacement.KIND,
                        ),
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

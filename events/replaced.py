"""When the file under an open store no longer holds what that store read or wrote.

A console keeps its event file open for a day. Another program can replace the file under it
(an editor's save, `cp club.toml.bak club.toml.new && mv club.toml.new club.toml`) or delete it.
A store opened for writing notices, the next time it reads the file, that the log it
acknowledged is no longer the start of the file's log, and refuses to take the file as it is
(`EventFileReplacedError`, carrying a `Divergence`); it writes nothing until the caller
chooses: `EventStore.append_back()` (the missing entries, same ids, nothing doubled),
`EventStore.accept_file()` (the file as it is now), or for a deleted file
`EventStore.write_back()` (the whole event, from memory, to its path).

`entry_words` gives an entry's line in words, as the console's refusals name it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mjevent.core.entries import GameFinished, HandRecorded
from mjevent.core.entry_reader import EntryError, entry_from_record
from mjevent.core.i18n import _, ngettext
from mjevent.core.notation import EntryContext, FinalLine, HandLine, format_entry

__all__ = ["SHOWN", "Divergence", "entry_words", "log_divergence"]

SHOWN = 8
"""Missing entries named one by one in the notice; the rest are counted."""


def entry_words(
    record: Mapping[str, Any],
    current_round: int | None = None,
    name: Callable[[str], str] = str,
) -> str:
    """An entry's line in words: the entry line for a hand or final scores (its round written
    when it is not `current_round`), else the log's one-line story of the entry.

    >>> entry_words({"id": "a", "at": "2026-03-14T12:00:00Z", "kind": "hand", "round": 4,
    ...              "table": 2, "outcome": "ron", "loser": "W",
    ...              "wins": [{"winner": "S", "han": 3, "fu": 30}]}, 4)
    't2 ron S<-W 3/30'
    >>> entry_words({"id": "b", "at": "2026-03-14T12:00:00Z", "kind": "mystery"})
    "mystery (entry 'b')"
    """
    try:
        entry = entry_from_record(record)
    except EntryError:
        return _("{kind} (entry {id!r})").format(kind=record.get("kind"), id=record.get("id"))
    context = EntryContext(round=current_round if current_round is not None else -1)
    if isinstance(entry, HandRecorded):
        return format_entry(HandLine(entry.round, entry.table, entry.hand), context)
    if isinstance(entry, GameFinished) and entry.final is not None:
        final = FinalLine(entry.round, entry.table, entry.final, entry.deposits, entry.chombos)
        return format_entry(final, context)
    return entry.describe(name)


def log_divergence(
    held: Sequence[Mapping[str, Any]], now: Sequence[Mapping[str, Any]]
) -> tuple[tuple[dict[str, Any], ...], tuple[str, ...]] | None:
    """None when the log `held` (what a store acknowledged) is still the start of the log
    `now` (what the file holds); else the acknowledged entries `now` lacks, in log order, and
    the ids `now` holds with other contents or in another place.

    >>> a, b, c = ({"id": i, "kind": "note"} for i in "abc")
    >>> log_divergence([a, b], [a, b, c]) is None
    True
    >>> log_divergence([a, b, c], [a, c])
    (({'id': 'b', 'kind': 'note'},), ('c',))
    """
    if len(now) >= len(held) and all(x == y for x, y in zip(held, now, strict=False)):
        return None
    where = {rec.get("id"): i for i, rec in enumerate(now)}
    missing = tuple(dict(rec) for rec in held if rec.get("id") not in where)
    changed = tuple(
        str(rec["id"])
        for i, rec in enumerate(held)
        if rec.get("id") in where and (where[rec["id"]] != i or now[where[rec["id"]]] != rec)
    )
    return missing, changed


@dataclass(frozen=True)
class Divergence:
    """What an open store found when its file stopped holding what it read or wrote.

    `deleted`: no file at `path` any more. `missing`: the entries the store had acknowledged
    that the file lacks (all of them when deleted), in log order. `changed`: ids the file still
    holds, but with other contents or in another place. `held`, `now`: how many entries the
    store had acknowledged, and how many the file holds. `key`: the file's (device, inode,
    size, mtime) when this was found, so that the same file is reported once.
    """

    path: Path
    deleted: bool
    missing: tuple[dict[str, Any], ...]
    changed: tuple[str, ...]
    held: int
    now: int
    key: tuple[int, int, int, int]
    current_round: int | None = None
    names: Mapping[str, str] | None = None

    def missing_lines(self, limit: int = SHOWN) -> list[str]:
        """The missing entries in words, one line each (`  - 01K...: t2 ron S<-W 3/30`), the
        ones past `limit` counted on a last line."""
        names = self.names or {}
        lines = [
            f"  - {rec.get('id')}: "
            + entry_words(rec, self.current_round, lambda p: names.get(p, p))
            for rec in self.missing[:limit]
        ]
        more = len(self.missing) - limit
        if more > 0:
            lines.append(
                ngettext("  ... and {n} more entry", "  ... and {n} more entries", more).format(
                    n=more
                )
            )
        return lines

    def message(self) -> str:
        """The notice: the file, what happened, what is missing (counted and named), what the
        store does meanwhile, and the choices."""
        if self.deleted:
            head = ngettext(
                "{path} needs attention: the file was deleted (or moved away) while it was "
                "open here. This console still holds the whole event, its settings and the "
                "{n} entry it read or recorded. Nothing is written until you choose: write the "
                "event back to {path} from memory.",
                "{path} needs attention: the file was deleted (or moved away) while it was "
                "open here. This console still holds the whole event, its settings and the "
                "{n} entries it read or recorded. Nothing is written until you choose: write the "
                "event back to {path} from memory.",
                self.held,
            ).format(path=self.path, n=self.held)
            return head
        parts = [
            _(
                "{path} needs attention: the file was replaced while it was open here (an "
                "editor's save, or a copy renamed over it). It now holds {now} entries; this "
                "console had read or recorded {held}."
            ).format(path=self.path, now=self.now, held=self.held)
        ]
        if self.missing:
            parts.append(
                ngettext(
                    "It lacks {n} entry this console had acknowledged:",
                    "It lacks {n} entries this console had acknowledged:",
                    len(self.missing),
                ).format(n=len(self.missing))
                + "\n"
                + "\n".join(self.missing_lines())
            )
        if self.changed:
            parts.append(
                ngettext(
                    "{n} entry it still holds differs from what was read, or has moved.",
                    "{n} entries it still holds differ from what was read, or have moved.",
                    len(self.changed),
                ).format(n=len(self.changed))
            )
        if self.missing:
            parts.append(
                _(
                    "Nothing is written until you choose: append the missing entries back "
                    "(with their own ids, so nothing is doubled), or take the file as it is now."
                )
            )
        else:
            parts.append(_("Nothing is written until you choose to take the file as it is now."))
        return "\n".join(parts)

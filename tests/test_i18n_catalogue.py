"""The message catalogue: every marked string of the source has a Japanese translation with the
same placeholders, the catalogue holds nothing the source does not, and no message is built so
that the catalogue cannot see it (an f-string or a sum inside `_()`)."""

from __future__ import annotations

import ast
import functools
import string
from collections import Counter
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("core", "events", "tui")
KEYWORDS = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
}
CATALOGUES = sorted((ROOT / "catalogues").glob("*.po"))


def source_messages() -> dict[tuple[str | None, str], list[str]]:
    """(context, msgid) -> where it is used, for every marked message of the source."""
    found: dict[tuple[str | None, str], list[str]] = {}
    for folder in SOURCES:
        for filename, lineno, message, _comments, context in extract_from_dir(
            ROOT / folder, method_map=[("**.py", "python")], keywords=KEYWORDS
        ):
            # A plural message is one entry, named by its singular.
            msgid = forms(message)[0]
            if msgid:
                found.setdefault((context, msgid), []).append(f"{folder}/{filename}:{lineno}")
    return found


def forms(value: str | tuple[str, ...] | list[str] | None) -> tuple[str | None, ...]:
    """A message's id or translation as its forms: one, or one per plural form."""
    return tuple(value) if isinstance(value, (tuple, list)) else (value,)


@functools.cache
def catalogue(path: Path) -> Catalog:
    """The catalogue at `path`, read once for all the tests."""
    with path.open("rb") as handle:
        return read_po(handle)


def placeholders(text: str) -> set[str]:
    return {field for _lit, field, _spec, _conv in string.Formatter().parse(text) if field}


@pytest.fixture(scope="module")
def messages() -> dict[tuple[str | None, str], list[str]]:
    return source_messages()


def test_there_is_a_japanese_catalogue() -> None:
    assert [p.name for p in CATALOGUES] == ["ja.po"]


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: p.name)
def test_every_message_is_translated(
    path: Path, messages: dict[tuple[str | None, str], list[str]]
) -> None:
    missing = []
    for (context, msgid), where in sorted(messages.items(), key=lambda kv: kv[1][0]):
        entry = catalogue(path).get(msgid, context=context)
        if entry is None or entry.fuzzy or not all(forms(entry.string)):
            missing.append(f"{where[0]}: {msgid!r}")
    assert missing == [], f"{len(missing)} messages lack a {path.name} translation"


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: p.name)
def test_translations_keep_the_placeholders(path: Path) -> None:
    wrong = []
    for entry in catalogue(path):
        if not entry.id:
            continue
        ids = forms(entry.id)
        wanted = set().union(*(placeholders(str(i)) for i in ids))
        for text in forms(entry.string):
            if text and placeholders(str(text)) != wanted:
                wrong.append(f"{ids[0]!r}: {text!r}")
    assert wrong == []


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: p.name)
def test_the_catalogue_holds_only_messages_of_the_source(
    path: Path, messages: dict[tuple[str | None, str], list[str]]
) -> None:
    stale = [
        entry.id for entry in catalogue(path)
        if entry.id and (entry.context, forms(entry.id)[0]) not in messages
    ]
    assert stale == []


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: p.name)
def test_no_message_twice(path: Path) -> None:
    # A union merge of two branches can leave one message twice; read_po would keep the last.
    keys: Counter[tuple[str | None, str]] = Counter()
    context: str | None = None
    field, parts = "", []
    for line in [*path.read_text(encoding="utf-8").splitlines(), ""]:
        if line.startswith('"') and field:
            parts.append(ast.literal_eval(line))
            continue
        if field == "msgctxt":
            context = "".join(parts)
        elif field == "msgid":
            keys[(context, "".join(parts))] += 1
            context = None
        field, parts = "", []
        for name in ("msgctxt", "msgid"):
            if line.startswith(name + " "):
                field, parts = name, [ast.literal_eval(line.removeprefix(name + " "))]
    twice = [key for key, n in keys.items() if n > 1 and key[1]]
    assert twice == []


def test_no_message_is_built_out_of_sight_of_the_catalogue() -> None:
    # `_(f"...")` or `_("a" + b)` looks a message up by a text no catalogue can hold.
    bad = []
    for folder in SOURCES:
        for path in sorted((ROOT / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Name)
                    and node.func.id in KEYWORDS
                    and any(isinstance(a, (ast.JoinedStr, ast.BinOp)) for a in node.args)
                ):
                    bad.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert bad == []

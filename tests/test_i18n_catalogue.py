"""The message catalogue: every marked string of the source has a Japanese translation with the
same placeholders, the catalogue holds nothing the source does not, and no message is built so
that the catalogue cannot see it (an f-string or a sum inside `_()`)."""

from __future__ import annotations

import ast
import string
from collections import Counter
from pathlib import Path

import pytest
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
            ids = message if isinstance(message, tuple) else (message,)
            for msgid in ids[:1]:
                if msgid:
                    found.setdefault((context, msgid), []).append(f"{folder}/{filename}:{lineno}")
            if len(ids) == 2 and ids[1]:
                # The plural form is the same entry: checked through its singular.
                pass
    return found


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
    with path.open("rb") as handle:
        catalog = read_po(handle)
    missing = []
    for (context, msgid), where in sorted(messages.items(), key=lambda kv: kv[1][0]):
        entry = catalog.get(msgid, context=context)
        strings = (
            entry.string if entry is not None and isinstance(entry.string, tuple)
            else (entry.string,) if entry is not None else ("",)
        )
        if entry is None or entry.fuzzy or not all(strings):
            missing.append(f"{where[0]}: {msgid!r}")
    assert missing == [], f"{len(missing)} messages lack a {path.name} translation"


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: p.name)
def test_translations_keep_the_placeholders(path: Path) -> None:
    with path.open("rb") as handle:
        catalog = read_po(handle)
    wrong = []
    for entry in catalog:
        if not entry.id:
            continue
        ids = entry.id if isinstance(entry.id, tuple) else (entry.id,)
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        wanted = set().union(*(placeholders(str(i)) for i in ids))
        for text in strings:
            if text and placeholders(str(text)) != wanted:
                wrong.append(f"{ids[0]!r}: {text!r}")
    assert wrong == []


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: p.name)
def test_the_catalogue_holds_only_messages_of_the_source(
    path: Path, messages: dict[tuple[str | None, str], list[str]]
) -> None:
    with path.open("rb") as handle:
        catalog = read_po(handle)
    stale = [
        entry.id for entry in catalog
        if entry.id and (entry.context, entry.id if isinstance(entry.id, str) else entry.id[0])
        not in messages
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

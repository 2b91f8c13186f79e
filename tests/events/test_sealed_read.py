"""The entries' checksums checked by the fast reader as it reads the log (`fast_document`'s
second value): when it says every entry matches its checksum, opening does not ask
`torn_tail.damaged`, so `damaged` must then find nothing, on files as written and on files
damaged or edited in any of the ways below.
"""

from __future__ import annotations

import tomllib
from typing import Any

from hypothesis import example, given, settings
from hypothesis import strategies as st

from mjevent.events import toml_write
from mjevent.events.toml_read import fast_document
from mjevent.events.torn_tail import BANNER, damaged


def _record(n: int) -> dict[str, Any]:
    return {
        "id": f"h{n}",
        "at": "2026-12-02T15:30:00+00:00",
        "kind": "hand",
        "round": 1,
        "table": 1 + n % 3,
        "outcome": "ron",
        "loser": "W",
        "wins": [{"winner": "S", "han": 3, "fu": 30}],
        "riichi": ["E"],
    }


def _file(entries: int, banner: bool = True) -> bytes:
    head = toml_write.settings_text({"event": {"name": "Club"}}, banner=banner)
    blocks = "".join(toml_write.log_block(_record(n)) for n in range(entries))
    return (head + blocks).encode("utf-8")


# Edits that damage an entry, or change the file around it: bytes changed, removed or added
# anywhere.
_EDITS = st.sampled_from(
    [
        b"\0",
        b"\r",
        b"\n",
        b"\n\n",
        b"[[log]]\n",
        b"\n[[log]]\n",
        b'\n[[log]]\nid = "h1"\n',
        b"# end h1",
        b"\n# end h2 crc32:00000000\n",
        b" crc32:",
        b"x",
        b" ",
        b'"',
        b"# ---- log: appended by mjevent; every entry ends with its `# end <id>` line ----",
    ]
)


@settings(max_examples=300, deadline=None)
@given(
    entries=st.integers(1, 4),
    banner=st.booleans(),
    edits=st.lists(st.tuples(st.floats(0, 1), st.integers(0, 12), _EDITS), max_size=3),
)
@example(entries=2, banner=True, edits=[(0.7, 1, b"4")])
def test_entries_the_fast_reader_finds_sealed_are_not_damaged(
    entries: int, banner: bool, edits: list[tuple[float, int, bytes]]
) -> None:
    data = _file(entries, banner)
    for where, cut, insert in edits:
        at = int(where * len(data))
        data = data[:at] + insert + data[at + cut :]
    fast = fast_document(data)
    if fast is not None and fast[1]:
        assert damaged(data) is None


def test_a_file_as_written_is_read_sealed() -> None:
    assert fast_document(_file(3)) == (tomllib.loads(_file(3).decode()), True)
    assert fast_document(_file(3, banner=False)) == (
        tomllib.loads(_file(3, banner=False).decode()),
        True,
    )


def _sealed(data: bytes) -> bool:
    fast = fast_document(data)
    assert fast is not None and fast[0] == tomllib.loads(data.decode())
    return fast[1]


def test_what_the_fast_reader_leaves_to_damaged() -> None:
    data = _file(3)
    # A value changed by hand (still TOML): read, but its checksum no longer matches.
    at = data.index(b"han = 3", data.index(b'id = "h1"'))
    assert not _sealed(data[:at] + b"han = 4" + data[at + 7 :])
    # An end line without its checksum (a file written before them).
    at = data.index(b" crc32:", data.index(b"# end h1"))
    assert not _sealed(data[:at] + data[at + 15 :])
    # An end line in the settings, a banner inside an entry, an id with white space.
    assert not _sealed(data.replace(b'name = "Club"', b'name = "Club"\n# end x crc32:00000000'))
    noted = toml_write.log_block(_record(7) | {"note": BANNER.decode()}).encode()
    assert not _sealed(_file(0) + noted)
    # (An id with a tab, typed by hand: `damaged` reads its end line as one without a checksum
    # naming another entry.)
    body = '[[log]]\nid = "h\t7"\nkind = "note"\n'
    tabbed = data + f"\n{body}# end h\t7 {toml_write.checksum(body.encode())}\n".encode()
    assert not _sealed(tabbed)
    assert damaged(tabbed) is not None
    # Saved with CRLF (`damaged` reads those entries as written with LF).
    assert not _sealed(data.replace(b"\n", b"\r\n"))

"""`mjevent publish FILE DIR`: the static results site, through Typer's CliRunner on copies of
the samples (exact file lists, exact values, every link resolving, only changed pages
rewritten, the zip), hostile names shown as text, and the pages rendered by headless Chromium
at phone size."""

from __future__ import annotations

import html.parser
import io
import json
import os
import posixpath
import shutil
import struct
import subprocess
import zipfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mjevent.tui.cli.main import app

SAMPLES = Path(__file__).resolve().parents[1] / "samples"

runner = CliRunner()


def publish(*args: str) -> str:
    result = runner.invoke(app, ["publish", *args])
    assert result.exit_code == 0, result.output
    return result.stderr


@pytest.fixture
def club(tmp_path: Path) -> Path:
    target = tmp_path / "club.toml"
    shutil.copyfile(SAMPLES / "club.toml", target)
    return target


def files(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}


def snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {
        rel: ((folder / rel).read_bytes(), (folder / rel).stat().st_mtime_ns)
        for rel in files(folder)
    }


class Page(html.parser.HTMLParser):
    """The parts of a page the tests read: its language, h1, links and tables (cell texts)."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.lang = ""
        self.h1 = ""
        self.hrefs: list[str] = []
        self.tables: list[list[list[str]]] = []
        self._cell: list[str] | None = None
        self._in_h1 = False
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "html":
            self.lang = found.get("lang") or ""
        elif tag == "h1":
            self._in_h1 = True
        elif tag in ("a", "link") and found.get("href") is not None:
            self.hrefs.append(str(found["href"]))
        elif tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self.tables[-1].append([])
        elif tag in ("td", "th"):
            self._cell = []
        elif tag == "br" and self._cell is not None:
            self._cell.append(" | ")

    def handle_endtag(self, tag: str) -> None:
        if tag == "h1":
            self._in_h1 = False
        elif tag in ("td", "th") and self._cell is not None:
            self.tables[-1][-1].append("".join(self._cell).strip())
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._in_h1:
            self.h1 += data
        if self._cell is not None:
            self._cell.append(data)


def page(folder: Path, rel: str) -> Page:
    return Page((folder / rel).read_text(encoding="utf-8"))


def expected_files(players: int, standings: int, tables: dict[int, int]) -> set[str]:
    out = {"index.html", "style.css", ".mjevent-site.json"}
    for lang in ("en", "ja"):
        out |= {f"{lang}/index.html", f"{lang}/crosstable.html", f"{lang}/players/index.html"}
        out |= {f"{lang}/players/p{n:02d}.html" for n in range(1, players + 1)}
        out |= {f"{lang}/standings/round-{r}.html" for r in range(1, standings + 1)}
        out |= {f"{lang}/rounds/round-{r}.html" for r in tables}
        out |= {
            f"{lang}/tables/round-{r}-table-{t}.html"
            for r, count in tables.items()
            for t in range(1, count + 1)
        }
    return out


# --- The club sample ---------------------------------------------------------------------------


def test_club_site_has_exactly_its_pages(club: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    assert publish(str(club), str(site)) == f"{site}: 96 pages written, 0 removed, 0 unchanged\n"
    # 16 players, standings after rounds 1-3, five seated rounds of four tables.
    assert files(site) == expected_files(16, 3, {r: 4 for r in range(1, 6)})
    manifest = json.loads((site / ".mjevent-site.json").read_text())
    assert manifest["written by"] == "mjevent publish"
    assert set(manifest["files"]) == files(site) - {".mjevent-site.json"}


def test_club_standings_page_has_the_printed_numbers(club: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    publish(str(club), str(site))
    standings = page(site, "en/standings/round-3.html")
    assert standings.lang == "en"
    assert standings.h1 == "Standings after round 3"
    rows = standings.tables[0]
    assert rows[0] == [
        "Place",
        "Name",
        "Team",
        "Total",
        "Games",
        "Avg place",
        "1st",
        "2nd",
        "3rd",
        "4th",
        "Penalties",
        "Move",
    ]
    assert rows[1] == ["1", "Nguyễn Thị Mai", "", "+86.4", "3", "1.33", "2", "1", "0", "0", "", "="]
    # 3rd (-9.1), 1st (+27.3), 4th (-54.4) and a 5.0 penalty: -41.2; average place 8 / 3.
    assert rows[13] == [
        "13",
        "Ömer Yıldız",  # noqa: RUF001
        "",
        "-41.2",
        "3",
        "2.67",
        "1",
        "0",
        "1",
        "1",
        "-5.0",
        "-8",
    ]
    assert [r[1] for r in rows[1:]] == [
        "Nguyễn Thị Mai",
        "Aoife Ní Bhriain",
        "Chloé Lefèvre",
        "田中 優希",
        "Pieter de Vries",
        "佐々木 蓮",
        "Sophie Müller",
        "Emma Johansson",
        "Lars Øvergaard",
        "Javier Sánchez",
        "João Gonçalves",
        "王 芳",
        "Ömer Yıldız",  # noqa: RUF001
        "Mateusz Wiśniewski",
        "Sanna Järvinen",
        "김서연",
    ]
    # The same numbers `mjevent print standings` prints.
    printed = runner.invoke(app, ["print", "standings", str(club), "--format", "csv"]).stdout
    totals = [line.split(",")[3] for line in printed.splitlines()[1:] if line]
    assert [r[3] for r in rows[1:]] == totals
    # The menu and the heading over the latest standings link to them; then every round is
    # listed, the latest first.
    index = page(site, "en/index.html")
    assert [h for h in index.hrefs if h.startswith("standings/")] == [
        "standings/round-3.html",
        "standings/round-3.html",
        "standings/round-3.html",
        "standings/round-2.html",
        "standings/round-1.html",
    ]


def test_club_player_page_lists_games_places_points_and_seating(club: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    publish(str(club), str(site))
    player = page(site, "en/players/p13.html")
    assert player.h1 == "Nguyễn Thị Mai"
    numbers, games, seating = player.tables
    # Her numbers (issue 24), as `mjevent print stats --player p13` prints them.
    assert numbers[:7] == [
        ["Figure", "Value"],
        ["Hands", "33"],
        ["Wins", "13/33 (39.4%)"],
        ["by ron", "8"],
        ["by tsumo", "5"],
        ["Deal-ins", "4/33 (12.1%)"],
        ["Riichi", "8/33 (24.2%)"],
    ]
    assert ["Wins open", "not recorded"] in numbers
    assert len(numbers) == 32
    assert games == [
        ["Round", "Table", "Seat", "Place", "Final", "Points", "Running", "Note"],
        ["1", "3", "N", "1st", "52,600", "+37.6", "+37.6", ""],
        ["2", "2", "W", "1st", "58,700", "+43.7", "+81.3", ""],
        ["3", "4", "S", "2nd", "30,100", "+5.1", "+86.4", ""],
    ]
    assert seating[0] == ["Round", "Table", "Seat", "Opponents"]
    assert seating[4] == ["4", "1", "East", "佐々木 蓮 | Mateusz Wiśniewski | João Gonçalves"]
    assert "../tables/round-1-table-3.html" in player.hrefs
    # A penalty is a line of its own, taken off the running total.
    assert page(site, "en/players/p12.html").tables[1][1:] == [
        ["1", "3", "W", "3rd", "25,900", "-9.1", "-9.1", ""],
        ["1", "", "", "", "", "-5.0", "-14.1", "penalty: arrived 12 minutes late for round 1"],
        ["2", "1", "N", "1st", "42,300", "+27.3", "+13.2", ""],
        ["3", "2", "E", "4th", "-9,400", "-54.4", "-41.2", ""],
    ]


def test_every_link_of_every_page_resolves_inside_the_site(club: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    publish(str(club), str(site))
    pages = sorted(p for p in files(site) if p.endswith(".html"))
    checked = 0
    for rel in pages:
        for href in page(site, rel).hrefs:
            assert "://" not in href and not href.startswith("/"), (rel, href)
            target = posixpath.normpath(posixpath.join(posixpath.dirname(rel), href))
            assert (site / target).is_file(), (rel, href)
            checked += 1
    assert checked > 2500


def test_a_rerun_writes_nothing_and_one_more_hand_rewrites_only_its_pages(
    club: Path, tmp_path: Path
) -> None:
    site = tmp_path / "site"
    publish(str(club), str(site))
    before = snapshot(site)
    assert publish(str(club), str(site)) == f"{site}: 0 pages written, 0 removed, 96 unchanged\n"
    assert snapshot(site) == before
    recorded = runner.invoke(app, ["record", str(club), "r4", "t1", "ron", "S<-W", "3/30"])
    assert recorded.exit_code == 0, recorded.output
    assert publish(str(club), str(site)) == f"{site}: 14 pages written, 0 removed, 82 unchanged\n"
    after = snapshot(site)
    changed = {rel for rel in after if after[rel] != before[rel]}
    # The table's story, the round's status on the index and the round's page (round 4 is
    # no longer "not started"), and the numbers of the table's four players (one more hand);
    # no standings change until the game ends.
    pages = ("tables/round-4-table-1.html", "index.html", "rounds/round-4.html")
    players = tuple(f"players/{p}.html" for p in ("p13", "p15", "p08", "p07"))
    assert changed == {f"{lang}/{rel}" for lang in ("en", "ja") for rel in pages + players}
    story = page(site, "en/tables/round-4-table-1.html")
    assert story.tables[1][1][:2] == ["1", "East 1, 0 honba | r4 t1 ron S<-W 3/30"]


def test_zip_holds_the_site_in_a_folder_the_same_bytes_every_time(
    club: Path, tmp_path: Path
) -> None:
    site = tmp_path / "results"
    publish(str(club), str(site), "--zip")
    packed = (tmp_path / "results.zip").read_bytes()
    with zipfile.ZipFile(io.BytesIO(packed)) as archive:
        names = archive.namelist()
        assert names == sorted(names)
        assert set(names) == {f"results/{p}" for p in files(site) - {".mjevent-site.json"}}
        assert {i.date_time for i in archive.infolist()} == {(1980, 1, 1, 0, 0, 0)}
        assert (
            archive.read("results/en/players/p13.html")
            == (site / "en/players/p13.html").read_bytes()
        )
    other = tmp_path / "copy.zip"
    publish(str(club), str(site), "--zip-to", str(other))
    assert other.read_bytes() == packed


def test_japanese_pages_have_their_heading_and_language(club: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    publish(str(club), str(site))
    standings = page(site, "ja/standings/round-3.html")
    assert standings.lang == "ja"
    assert standings.h1 == "第3回戦終了時の順位表"
    assert standings.tables[0][0][:4] == ["順位", "氏名", "チーム", "合計"]
    # Each page links to its twin in the other language.
    assert "../../en/standings/round-3.html" in standings.hrefs
    assert "../../ja/standings/round-3.html" in page(site, "en/standings/round-3.html").hrefs
    assert page(site, "ja/tables/round-1-table-1.html").h1 == "第1回戦 · 1卓"
    ja_player = page(site, "ja/players/p13.html").tables
    assert ja_player[0][1] == ["局数", "33"]  # her numbers first (issue 24)
    assert ja_player[1][1][:4] == ["1", "3", "北", "1位"]


def test_a_single_language_site_and_pages_gone_are_removed_others_left(
    club: Path, tmp_path: Path
) -> None:
    site = tmp_path / "site"
    publish(str(club), str(site))
    (site / "logo.png").write_bytes(b"mine")
    out = publish(str(club), str(site), "--languages", "en")
    assert out.splitlines() == [
        f"left alone (not written by mjevent publish): {site / 'logo.png'}",
        f"{site}: 48 pages written, 47 removed, 1 unchanged",
    ]
    # The English pages lose their link to Japanese; the stylesheet alone stays the same.
    assert not (site / "ja").exists()
    assert (site / "logo.png").read_bytes() == b"mine"
    assert files(site) == {
        p for p in expected_files(16, 3, {r: 4 for r in range(1, 6)}) if not p.startswith("ja/")
    } | {"logo.png"}


def test_a_folder_it_did_not_write_is_refused(club: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / "notes.txt").write_text("keep me")
    result = runner.invoke(app, ["publish", str(club), str(site)])
    assert result.exit_code == 1
    assert result.stderr == (
        f"error: {site} holds files mjevent publish did not write (notes.txt); give an empty or "
        "new folder, so that nothing of yours is replaced or removed\n"
    )
    assert files(site) == {"notes.txt"}
    # A page that would overwrite a file the manifest does not list is refused too.
    fresh = tmp_path / "fresh"
    publish(str(club), str(fresh))
    manifest = json.loads((fresh / ".mjevent-site.json").read_text())
    manifest["files"].remove("style.css")
    (fresh / ".mjevent-site.json").write_text(json.dumps(manifest))
    result = runner.invoke(app, ["publish", str(club), str(fresh)])
    assert result.exit_code == 1
    assert "would overwrite files it did not write (style.css)" in result.stderr


def test_dry_run_says_what_it_would_do_and_writes_nothing(club: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    result = runner.invoke(app, ["publish", str(club), str(site), "--dry-run"])
    assert result.exit_code == 0, result.output
    assert f"would write {site / 'en/players/p13.html'}" in result.stdout.splitlines()
    assert result.stderr.endswith(
        "96 to write, 0 to remove, 0 unchanged (dry run: nothing written)\n"
    )
    assert not site.exists()


# --- The sanma sample ---------------------------------------------------------------------------


def test_sanma_site_pages_and_values(tmp_path: Path) -> None:
    sanma = tmp_path / "sanma.toml"
    shutil.copyfile(SAMPLES / "sanma.toml", sanma)
    site = tmp_path / "site"
    publish(str(sanma), str(site))
    # 9 players, standings after rounds 1-2, four rounds of three tables.
    assert files(site) == expected_files(9, 2, {r: 3 for r in range(1, 5)})
    rows = page(site, "en/standings/round-2.html").tables[0]
    assert rows[0] == [
        "Place",
        "Name",
        "Team",
        "Total",
        "Games",
        "Avg place",
        "1st",
        "2nd",
        "3rd",
        "Penalties",
        "Move",
    ]
    printed = runner.invoke(app, ["print", "standings", str(sanma), "--format", "csv"]).stdout
    lines = [line.split(",") for line in printed.splitlines()[1:] if line]
    assert [[r[0], r[1], r[3], r[4]] for r in rows[1:]] == [
        [line[0], line[1], line[3], line[4]] for line in lines
    ]
    story = page(site, "en/tables/round-1-table-1.html")
    assert story.tables[1][0][2:] == [
        f"{wind} | {name}"
        for wind, name in zip(
            ("East", "South", "West"), (r[1] for r in story.tables[0][1:]), strict=True
        )
    ]


# --- Hostile names -------------------------------------------------------------------------------


def test_names_that_look_like_markup_or_formulas_show_as_text(club: Path, tmp_path: Path) -> None:
    text = club.read_text(encoding="utf-8")
    text = text.replace('name = "田中 優希"', 'name = "<script>alert(1)</script>"')
    text = text.replace('name = "Sophie Müller"', "name = \"=cmd()|' /C calc'!A0\"")
    text = text.replace(
        'name = "Leiden Riichi Spring Open 2026"', 'name = "</title><b onmouseover=x>Open"'
    )
    club.write_text(text, encoding="utf-8")
    site = tmp_path / "site"
    publish(str(club), str(site))
    for rel in files(site):
        raw = (site / rel).read_text(encoding="utf-8")
        assert "<script" not in raw and "<b " not in raw, rel
    player = (site / "en/players/p01.html").read_text(encoding="utf-8")
    assert '<h1 dir="auto">&lt;script&gt;alert(1)&lt;/script&gt;</h1>' in player
    assert "<title>&lt;script&gt;alert(1)&lt;/script&gt; · &lt;/title&gt;&lt;b " in player
    assert page(site, "en/players/p02.html").h1 == "=cmd()|' /C calc'!A0"
    assert page(site, "en/players/p01.html").h1 == "<script>alert(1)</script>"


# --- Headless Chromium ---------------------------------------------------------------------------

CHROMIUM = shutil.which("chromium")
needs_chromium = pytest.mark.skipif(
    CHROMIUM is None, reason="needs Chromium (Debian: apt-get install chromium)"
)


def chromium(profile: Path, *args: str) -> subprocess.CompletedProcess[str]:
    assert CHROMIUM is not None
    return subprocess.run(
        [
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            f"--user-data-dir={profile}",
            "--hide-scrollbars",
            *args,
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def png_size(path: Path) -> tuple[int, int]:
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", header[16:24])
    return width, height


@needs_chromium
def test_chromium_renders_the_index_and_a_player_page_at_phone_size(
    club: Path, tmp_path: Path
) -> None:
    site = tmp_path / "site"
    publish(str(club), str(site))
    profile = tmp_path / "profile"
    index = site / "en/index.html"
    dom = chromium(profile, "--dump-dom", index.as_uri())
    assert dom.returncode == 0, dom.stderr
    rendered = Page(dom.stdout)
    assert rendered.h1 == "Leiden Riichi Spring Open 2026"
    assert rendered.tables[0][1] == ["1", "Nguyễn Thị Mai", "+86.4", "3"]
    shots = os.environ.get("MJEVENT_SHOTS")  # set it to keep the screenshots to look at
    for rel in ("en/index.html", "en/players/p13.html", "ja/players/p01.html"):
        shot = tmp_path / (rel.replace("/", "-") + ".png")
        done = chromium(
            profile, f"--screenshot={shot}", "--window-size=390,844", (site / rel).as_uri()
        )
        assert done.returncode == 0, done.stderr
        assert png_size(shot) == (390, 844)
        if shots:
            shutil.copyfile(shot, Path(shots) / shot.name)


# --- A round being played ------------------------------------------------------------------------


def test_a_round_being_played_is_told_and_a_hidden_round_stays_hidden(
    club: Path, tmp_path: Path
) -> None:
    final = ["r4", "t2", "final", "45200", "31000", "-3200", "47000"]
    assert runner.invoke(app, ["record", str(club), *final]).exit_code == 0
    site = tmp_path / "site"
    publish(str(club), str(site))
    standings = (site / "en/standings/round-4.html").read_text(encoding="utf-8")
    assert '<p class="note">Round 4 is still being played: 1 of 4 tables finished.</p>' in standings
    assert page(site, "en/tables/round-4-table-2.html").tables[1][1] == [
        "1st",
        "Sanna Järvinen",
        "47,000",
        "+15.0",
        "+32.0",
    ]
    # With the round hidden until every table finishes, the site stops at round 3 and does not
    # tell round 4's tables either.
    text = club.read_text(encoding="utf-8")
    club.write_text(
        text.replace("[timer]", "[standings]\nhide_incomplete_rounds = true\n\n[timer]", 1),
        encoding="utf-8",
    )
    hidden = tmp_path / "hidden"
    publish(str(club), str(hidden))
    assert not (hidden / "en/standings/round-4.html").exists()
    assert (hidden / "en/standings/round-3.html").is_file()
    story = (hidden / "en/tables/round-4-table-2.html").read_text(encoding="utf-8")
    assert "This round is shown once every table has finished." in story
    # Nor does any other page (the player's, the cross-table) show the hidden game's score.
    assert not [rel for rel in files(hidden) if "47,000" in (hidden / rel).read_text("utf-8")]
    # Nor a hand of it in a player's numbers: Nguyễn Thị Mai's stay those of rounds 1-3.
    hand = ["r4", "t1", "ron", "S<-W", "3/30"]
    assert runner.invoke(app, ["record", str(club), *hand]).exit_code == 0
    publish(str(club), str(hidden))
    assert page(hidden, "en/players/p13.html").tables[0][1] == ["Hands", "33"]
    csv = ["print", "stats", str(club), "--player", "p13", "--format", "csv"]
    printed = runner.invoke(app, csv)
    assert "hands,34" in printed.output  # the event counts it; the site waits


def test_the_site_modules_docstring_examples_hold() -> None:
    import doctest

    import mjevent.tui.views.site

    result = doctest.testmod(mjevent.tui.views.site, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 3
    assert result.failed == 0

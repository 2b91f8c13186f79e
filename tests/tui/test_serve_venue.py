"""`mjevent serve`: every route and every check of the venue's server, through aiohttp's test
client (a real server on a loopback port); the file is reopened to see what was written."""

from __future__ import annotations

import asyncio
import dataclasses
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp.test_utils import TestClient, TestServer
from typer.testing import CliRunner

from mjevent.events import stations, table_keys
from mjevent.events.commands import add_note, current_state, record_line, rename_player
from mjevent.events.open import open_event
from mjevent.events.store import EventStore
from mjevent.tui.cli.main import app as cli_app
from mjevent.tui.web.server import ServeConfig, make_app

NAMES = ["Ana", "Ben", "Cai", "Dee", "Eve", "Fay", "Gus", "Hal"]
SETTINGS: dict[str, Any] = {
    "event": {"name": "Cup", "format_version": 1},
    "rules": {"preset": "ema2016"},
    "players": [{"id": f"p{i}", "name": n} for i, n in enumerate(NAMES, 1)],
    "seating": {
        "rounds": [
            {"round": 1, "tables": [["p1", "p2", "p3", "p4"], ["p5", "p6", "p7", "p8"]]},
            {"round": 2, "tables": [["p1", "p5", "p2", "p6"], ["p3", "p7", "p4", "p8"]]},
        ]
    },
}
RON = "ron S<-W 3/30"


@pytest.fixture(autouse=True)
def _fresh_stores() -> None:
    stations._STORES.clear()


@pytest.fixture
def cup(tmp_path: Path) -> Path:
    path = tmp_path / "cup.toml"
    EventStore.create(path, SETTINGS)
    return path


def config(path: Path, **changes: Any) -> ServeConfig:
    return dataclasses.replace(ServeConfig(path=path, password="sesame"), **changes)


@pytest.fixture
async def client(cup: Path) -> AsyncIterator[TestClient[Any, Any]]:
    async with TestClient(TestServer(await make_app(config(cup)))) as c:
        yield c


async def remote_client(path: Path, **changes: Any) -> TestClient[Any, Any]:
    """A client the server takes for another machine (no address counts as this one)."""
    app = await make_app(config(path, local_addresses=frozenset(), **changes))
    c: TestClient[Any, Any] = TestClient(TestServer(app))
    await c.start_server()
    return c


def kinds(path: Path) -> list[str]:
    return [r["kind"] for r in open_event(path, read_only=True).log]


def token(path: Path, rnd: int = 1, table: int = 1) -> str:
    return table_keys.table_token(path, rnd, table)


# --- Public pages ---------------------------------------------------------------------------------


async def test_public_pages_show_the_event(client: TestClient[Any, Any], cup: Path) -> None:
    record_line(open_event(cup), "r1 t1 final 50000 30000 25000 15000")
    record_line(open_event(cup), "r1 t2 final 30000 30000 30000 30000")
    await asyncio.sleep(0.5)  # the server's watch reads the appends
    home = await (await client.get("/")).text()
    assert 'href="/round/1"' in home and 'href="/round/2"' in home
    standings = await client.get("/standings")
    text = await standings.text()
    assert standings.status == 200
    assert "Standings after round 1" in text
    assert '<a href="/player/p1">Ana</a>' in text
    seating = await (await client.get("/round/2")).text()
    assert "By table" in seating and "By player" in seating
    assert "<td>Ana</td><td>Eve</td><td>Ben</td><td>Fay</td>" in seating
    assert (await client.get("/round/7")).status == 404
    assert (await client.get("/round/x")).status == 404
    player = await (await client.get("/player/p2")).text()
    assert "Next: round 2, table 1, seat W" in player
    assert "Ben" in player and "30,000" in player
    assert (await client.get("/player/nobody")).status == 404
    display = await (await client.get("/display")).text()
    assert "Round 2 seating" in display
    api = await (await client.get("/api/standings")).json()
    assert api["title"] == "Standings after round 1"
    assert [(r["place"], r["name"], r["total"]) for r in api["rows"]][:2] == [
        ("1", "Ana", "+35.0"),
        ("2", "Ben", "+5.0"),
    ]


async def test_pages_speak_japanese_when_asked(client: TestClient[Any, Any]) -> None:
    answer = await client.get("/standings?lang=ja")
    text = await answer.text()
    assert '<html lang="ja">' in text and "順位表" in text
    assert answer.cookies["mjevent_lang"].value == "ja"
    # The choice stays with the browser (a cookie) until the other language is asked for.
    again = await (await client.get("/standings", headers={"Accept-Language": "en"})).text()
    assert '<html lang="ja">' in again
    english = await (await client.get("/standings?lang=en")).text()
    assert '<html lang="en">' in english and "Standings" in english


async def test_the_browser_language_is_the_default(cup: Path) -> None:
    async with TestClient(TestServer(await make_app(config(cup)))) as c:
        text = await (await c.get("/", headers={"Accept-Language": "ja,en;q=0.8"})).text()
        assert '<html lang="ja">' in text


async def test_hidden_standings_stay_hidden(tmp_path: Path) -> None:
    path = tmp_path / "hidden.toml"
    EventStore.create(path, {**SETTINGS, "standings": {"hide_incomplete_rounds": True}})
    record_line(open_event(path), "r1 t1 final 50000 30000 25000 15000")
    async with TestClient(TestServer(await make_app(config(path)))) as c:
        text = await (await c.get("/standings")).text()
        assert "No standings yet" in text and "+50.0" not in text
        assert (await (await c.get("/api/standings")).json())["rows"] == []


async def test_every_page_follows_an_entry_recorded_elsewhere(
    client: TestClient[Any, Any], cup: Path
) -> None:
    async with client.get("/events") as stream:
        assert stream.headers["Content-Type"] == "text/event-stream"
        first = await stream.content.readline()
        assert first == b"data: 0\n"
        await stream.content.readline()
        # WHEN the console (another store on the file) records a hand
        record_line(open_event(cup), "r1 t1 ron S<-W 3/30")
        # THEN the stream says the event changed, and the table's page shows the hand
        changed = await asyncio.wait_for(stream.content.readline(), timeout=10)
        assert changed == b"data: 1\n"
    page = await (await client.get(f"/t/{token(cup)}")).text()
    assert "<code>t1 ron S&lt;-W 3/30</code>" in page


# --- Tables ---------------------------------------------------------------------------------------


async def test_a_table_enters_a_hand_and_a_second_seat_confirms_it(
    client: TestClient[Any, Any], cup: Path
) -> None:
    key = token(cup)
    state = await (await client.get(f"/api/t/{key}")).json()
    assert state["seats"] == [
        {"wind": "E", "name": "Ana", "score": "30,000"},
        {"wind": "S", "name": "Ben", "score": "30,000"},
        {"wind": "W", "name": "Cai", "score": "30,000"},
        {"wind": "N", "name": "Dee", "score": "30,000"},
    ]
    assert (state["hand"], state["honba"], state["sticks"], state["hands"]) == (
        "East 1, 0 honba",
        0,
        0,
        [],
    )
    preview = await (await client.get(f"/api/t/{key}/preview", params={"line": RON})).json()
    assert preview["ok"] and preview["scores_after"] == [30000, 33900, 26100, 30000]
    bad = await (await client.get(f"/api/t/{key}/preview", params={"line": "ron S<-W 3/31"})).json()
    assert bad == {"ok": False, "error": "fu 31 is not a fu value: 30 or 40?"}

    sent = await client.post(f"/api/t/{key}/entries", json={"line": RON, "seat": "E"})
    body = await sent.json()
    assert sent.status == 201 and body["status"] == "pending"
    assert "Cai pays Ben 3,900 (hand)" in body["preview"]
    waiting = (await (await client.get(f"/api/t/{key}")).json())["pending"]
    assert [(p["id"], p["line"], p["seat"]) for p in waiting] == [
        (body["id"], "r1 t1 ron S<-W 3/30", "E")
    ]
    own = await client.post(f"/api/t/{key}/entries/{body['id']}/confirm", json={"seat": "E"})
    assert own.status == 409
    assert kinds(cup) == ["table_entry"]
    done = await client.post(f"/api/t/{key}/entries/{body['id']}/confirm", json={"seat": "S"})
    assert done.status == 200 and (await done.json())["status"] == "recorded"
    assert kinds(cup) == ["table_entry", "table_entry_confirmed"]
    game = current_state(open_event(cup, read_only=True)).game(1, 1)
    assert game is not None and game.state is not None
    assert game.state.scores == (30000, 33900, 26100, 30000)
    after = await (await client.get(f"/api/t/{key}")).json()
    assert after["hands"] == ["t1 ron S<-W 3/30"] and after["pending"] == []


async def test_a_refused_line_answers_in_the_console_words_and_writes_nothing(
    client: TestClient[Any, Any], cup: Path
) -> None:
    key = token(cup)
    answer = await client.post(f"/api/t/{key}/entries", json={"line": "ron S<-W 3/31", "seat": "E"})
    assert answer.status == 400
    assert (await answer.json())["error"].startswith("fu 31 is not a fu value")
    for body in ({"seat": "E"}, {"line": RON, "seat": "X"}):
        assert (await client.post(f"/api/t/{key}/entries", json=body)).status == 400
    not_json = await client.post(
        f"/api/t/{key}/entries", data=b"line=ron", headers={"Content-Type": "application/json"}
    )
    assert not_json.status == 400 and (await not_json.json()) == {"error": "the body is not JSON"}
    assert kinds(cup) == []


async def test_the_page_works_with_plain_form_posts(
    client: TestClient[Any, Any], cup: Path
) -> None:
    key = token(cup)
    page = await (await client.get(f"/t/{key}")).text()
    assert "Round 1 · Table 1" in page and "East" in page and "Ana" in page
    assert 'name="line"' in page and 'value="E"' in page
    sent = await client.post(f"/t/{key}", data={"line": RON, "seat": "E"})
    text = await sent.text()
    assert sent.status == 200 and "waiting for a second seat" in text
    entry = current_state(open_event(cup, read_only=True)).pending
    (entry_id,) = entry
    assert f'name="confirm" value="{entry_id}"' in text
    confirmed = await client.post(f"/t/{key}", data={"confirm": entry_id, "seat": "N"})
    assert confirmed.status == 200 and "Recorded." in await confirmed.text()
    assert kinds(cup) == ["table_entry", "table_entry_confirmed"]
    refused = await client.post(f"/t/{key}", data={"line": "tsumo Q 3/30", "seat": "E"})
    assert refused.status == 400 and 'class="error"' in await refused.text()


# --- Security -------------------------------------------------------------------------------------


async def test_no_token_a_wrong_one_and_a_revoked_one_write_nothing(
    client: TestClient[Any, Any], cup: Path
) -> None:
    before = cup.read_bytes()
    for url in (
        "/t/",
        "/api/t//entries",
        "/t/nothing-here-at-all",
        "/api/t/short/entries",
        f"/api/t/{token(cup)[:-2]}xx/entries",
    ):
        answer = await client.post(url, json={"line": RON, "seat": "E"})
        assert answer.status == 404, url
    old = token(cup)
    table_keys.revoke(cup, 1, 1)
    assert (await client.get(f"/t/{old}")).status == 404
    answer = await client.post(f"/api/t/{old}/entries", json={"line": RON, "seat": "E"})
    assert answer.status == 404 and "no table has this key" in (await answer.json())["error"]
    assert cup.read_bytes() == before


async def test_a_table_page_that_is_up_to_date_is_not_sent_again(
    client: TestClient[Any, Any], cup: Path
) -> None:
    # Every open page asks again at every change of the event; a table's page whose table did
    # not change is answered 204 with the new version, and the page stays as it is.
    one, two = token(cup, 1, 1), token(cup, 1, 2)

    async def shown(key: str) -> str:
        page = await (await client.get(f"/t/{key}")).text()
        found = re.search(r'data-shown="([0-9a-f]+\.[0-9]+)"', page)
        assert found is not None
        return found.group(1)

    async def again(key: str, mark: str) -> tuple[int, str | None]:
        answer = await client.get(f"/t/{key}", headers={"X-Mjevent-Shown": mark})
        return answer.status, answer.headers.get("X-Mjevent-Version")

    first = await shown(one)
    assert first.endswith(".0") and await again(one, first) == (204, "0")
    sent = await client.post(f"/api/t/{two}/entries", json={"line": RON, "seat": "E"})
    assert sent.status == 201
    assert await again(one, first) == (204, "1")  # table 2 changed, not table 1
    assert (await again(two, first))[0] == 200  # its own entry waits there now
    entry = (await sent.json())["id"]
    assert (await client.post(f"/api/t/{two}/entries/{entry}/confirm", json={"seat": "S"})).ok
    assert await again(one, first) == (204, "2")
    # Another run of the server, a version to come or a mark that is no mark: the page is sent.
    epoch = first.split(".")[0]
    for mark in ("0123abcd.0", f"{epoch}.9", f"{epoch}.x", f"{epoch}.\u00b2", "0"):
        assert (await again(one, mark))[0] == 200
    # A player renamed shows on every table's page.
    rename_player(open_event(cup), "p1", "Anna")
    await asyncio.sleep(0.5)  # the server's watch reads the append
    status, _version = await again(one, first.replace(".0", ".2"))
    assert status == 200 and "Anna" in await (await client.get(f"/t/{one}")).text()
    assert (await again(two, await shown(two)))[0] == 204


async def test_another_tables_token_cannot_touch_this_table(
    client: TestClient[Any, Any], cup: Path
) -> None:
    sent = await client.post(f"/api/t/{token(cup, 1, 1)}/entries", json={"line": RON, "seat": "E"})
    entry_id = (await sent.json())["id"]
    before = cup.read_bytes()
    # Table 2's key names table 1 in the line: refused; confirms table 1's entry: not found.
    other = token(cup, 1, 2)
    line = await client.post(f"/api/t/{other}/entries", json={"line": "t1 " + RON, "seat": "E"})
    assert line.status == 400 and "round 1 table 2" in (await line.json())["error"]
    confirm = await client.post(f"/api/t/{other}/entries/{entry_id}/confirm", json={"seat": "S"})
    assert confirm.status == 404
    assert cup.read_bytes() == before


async def test_a_token_after_its_round_ended_writes_nothing(
    client: TestClient[Any, Any], cup: Path
) -> None:
    key = token(cup, 1, 1)
    record_line(open_event(cup), "r1 t1 final 50000 30000 25000 15000")
    record_line(open_event(cup), "r1 t2 final 30000 30000 30000 30000")
    before = cup.read_bytes()
    answer = await client.post(f"/api/t/{key}/entries", json={"line": "final 1 2 3 4", "seat": "E"})
    assert answer.status == 403
    assert (await answer.json())["error"].startswith("This round is over")
    page = await client.get(f"/t/{key}")
    text = await page.text()
    assert page.status == 200 and "This round is over" in text and 'name="line"' not in text
    assert cup.read_bytes() == before


async def test_a_forged_origin_or_a_cross_site_request_is_refused(
    client: TestClient[Any, Any], cup: Path
) -> None:
    key = token(cup)
    for headers in (
        {"Origin": "http://evil.example"},
        {"Sec-Fetch-Site": "cross-site"},
        {"Origin": "null"},
    ):
        api = await client.post(
            f"/api/t/{key}/entries", json={"line": RON, "seat": "E"}, headers=headers
        )
        assert api.status == 403
        assert await api.json() == {"error": "refused: the request comes from another site"}
        form = await client.post(f"/t/{key}", data={"line": RON, "seat": "E"}, headers=headers)
        assert form.status == 403
        login = await client.post("/login", data={"password": "sesame"}, headers=headers)
        assert login.status == 403
    ws = await client.get(
        "/console/ws",
        headers={"Origin": "http://evil.example", "Upgrade": "websocket", "Connection": "Upgrade"},
    )
    assert ws.status == 403
    same = await client.post(
        f"/api/t/{key}/entries",
        json={"line": RON, "seat": "E"},
        headers={"Origin": str(client.make_url("")).rstrip("/")},
    )
    assert same.status == 201
    assert kinds(cup) == ["table_entry"]


async def test_a_forged_host_is_refused(client: TestClient[Any, Any]) -> None:
    answer = await client.get("/standings", headers={"Host": "attacker.example"})
    assert answer.status == 421


async def test_an_oversized_body_is_refused_unread(client: TestClient[Any, Any], cup: Path) -> None:
    key = token(cup)
    big = {"line": RON + " " * 20_000, "seat": "E"}
    answer = await client.post(f"/api/t/{key}/entries", json=big)
    assert answer.status == 413
    assert (await answer.json())["error"] == "the request is too large (at most 16384 bytes)"
    chunked = await client.post(
        f"/api/t/{key}/entries",
        data=_chunks(b'{"line": "' + b" " * 40_000 + b'"}'),
        headers={"Content-Type": "application/json"},
    )
    assert chunked.status == 413
    assert kinds(cup) == []


async def _chunks(data: bytes) -> AsyncIterator[bytes]:
    for start in range(0, len(data), 4096):
        yield data[start : start + 4096]


async def test_a_client_over_its_rate_is_slowed_down(cup: Path) -> None:
    c = await remote_client(cup, burst=5, rate=0.01)
    try:
        statuses = [(await c.get("/standings")).status for _ in range(7)]
        assert statuses == [200] * 5 + [429] * 2
        assert (await c.get("/standings")).headers["Retry-After"] == "1"
    finally:
        await c.close()


async def test_a_hundred_live_pages_at_once_and_not_one_more(cup: Path) -> None:
    app = await make_app(config(cup, max_sessions=100))
    async with TestClient(TestServer(app), connector=aiohttp.TCPConnector(limit=0)) as c:
        streams = await asyncio.gather(*(c.get("/events") for _ in range(100)))
        firsts = await asyncio.gather(*(s.content.readline() for s in streams))
        assert [s.status for s in streams] == [200] * 100 and set(firsts) == {b"data: 0\n"}
        extra = await c.get("/events")
        assert extra.status == 503
        assert (await c.get("/standings")).status == 200  # pages are still served
        streams[0].close()
        await asyncio.sleep(0.3)
        again = await c.get("/events")
        assert again.status == 200
        again.close()
        for s in streams[1:]:
            s.close()


async def test_director_pages_need_the_password_from_another_machine(cup: Path) -> None:
    key = token(cup)
    c = await remote_client(cup, console="true")
    try:
        sent = await c.post(f"/api/t/{key}/entries", json={"line": RON, "seat": "E"})
        entry_id = (await sent.json())["id"]
        for url in ("/director", "/console/"):
            answer = await c.get(url, allow_redirects=False)
            assert answer.status == 303 and answer.headers["Location"] == f"/login?next={url}"
        ws = await c.get("/console/ws", headers={"Upgrade": "websocket", "Connection": "Upgrade"})
        assert ws.status == 401
        approve = await c.post(f"/api/director/entries/{entry_id}/approve", json={})
        assert approve.status == 401
        form = await c.post("/director/approve", data={"id": entry_id}, allow_redirects=False)
        assert form.status == 401
        assert kinds(cup) == ["table_entry"]
        wrong = await c.post("/login", data={"password": "open sesame"})
        assert wrong.status == 401 and "That password is wrong." in await wrong.text()
        right = await c.post(
            "/login?next=/director", data={"password": "sesame"}, allow_redirects=False
        )
        assert right.status == 303 and right.headers["Location"] == "/director"
        page = await c.get("/director")
        text = await page.text()
        assert page.status == 200 and "r1 t1 ron S&lt;-W 3/30" in text
        assert f'href="/t/{key}"' in text
        done = await c.post("/director/approve", data={"id": entry_id}, allow_redirects=False)
        assert done.status == 303
        assert kinds(cup) == ["table_entry", "table_entry_approved"]
    finally:
        await c.close()


async def test_the_director_rejects_with_a_reason(client: TestClient[Any, Any], cup: Path) -> None:
    sent = await client.post(f"/api/t/{token(cup)}/entries", json={"line": RON, "seat": "E"})
    entry_id = (await sent.json())["id"]
    none = await client.post(f"/api/director/entries/{entry_id}/reject", json={"reason": " "})
    assert none.status == 400
    done = await client.post(
        f"/api/director/entries/{entry_id}/reject", json={"reason": "wrong table"}
    )
    assert await done.json() == {"id": entry_id, "status": "rejected"}
    log = open_event(cup, read_only=True).log
    assert [(r["kind"], r.get("reason")) for r in log] == [
        ("table_entry", None),
        ("table_entry_rejected", "wrong table"),
    ]


async def test_pages_carry_protective_headers(client: TestClient[Any, Any], cup: Path) -> None:
    answer = await client.get(f"/t/{token(cup)}")
    assert answer.headers["Referrer-Policy"] == "same-origin"
    assert answer.headers["Cache-Control"] == "no-store"
    assert "default-src 'self'" in answer.headers["Content-Security-Policy"]
    assert answer.headers["X-Frame-Options"] == "DENY"


# --- Load -----------------------------------------------------------------------------------------


def big_event(tmp_path: Path, tables: int) -> Path:
    players = [{"id": f"p{i}", "name": f"Player {i}"} for i in range(1, 4 * tables + 1)]
    seating = [[f"p{4 * t + s}" for s in range(1, 5)] for t in range(tables)]
    path = tmp_path / "big.toml"
    EventStore.create(
        path,
        {**SETTINGS, "players": players, "seating": {"rounds": [{"round": 1, "tables": seating}]}},
    )
    return path


async def test_sixty_four_tables_enter_and_confirm_at_once_with_a_console_writing(
    tmp_path: Path,
) -> None:
    path = big_event(tmp_path, 64)
    keys = {t: token(path, 1, t) for t in range(1, 65)}
    lines = ["ron S<-W 3/30", "tsumo S 2/30", "draw tenpai:E"]

    async def table(c: TestClient[Any, Any], t: int) -> None:
        for line in lines:
            sent = await c.post(f"/api/t/{keys[t]}/entries", json={"line": line, "seat": "E"})
            assert sent.status == 201, await sent.text()
            entry_id = (await sent.json())["id"]
            done = await c.post(f"/api/t/{keys[t]}/entries/{entry_id}/confirm", json={"seat": "N"})
            assert done.status == 200, await done.text()

    def console() -> None:
        # The director's console writes notes through its own store meanwhile.
        store = open_event(path)
        for n in range(20):
            add_note(store, f"note {n}")

    async with TestClient(TestServer(await make_app(config(path)))) as c:
        writer = asyncio.create_task(asyncio.to_thread(console))
        await asyncio.gather(*(table(c, t) for t in keys))
        await writer
    state = current_state(open_event(path, read_only=True))
    log = open_event(path, read_only=True).log
    assert sum(r["kind"] == "table_entry" for r in log) == 64 * 3
    assert sum(r["kind"] == "table_entry_confirmed" for r in log) == 64 * 3
    assert sum(r["kind"] == "note" for r in log) == 20
    assert len({r["id"] for r in log}) == len(log)
    for t in keys:
        game = state.game(1, t)
        assert game is not None and game.state is not None
        assert len(game.hands) == 3
        assert game.state.scores == (32000, 35900, 24100, 28000), t


# --- The command ----------------------------------------------------------------------------------


def test_serve_on_every_interface_prints_the_lan_address(
    club: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ran: list[Any] = []

    def fake_run(app: Any, host: str, port: int, print: Any) -> None:
        ran.append((host, port))
        app.close()

    monkeypatch.setattr("aiohttp.web.run_app", fake_run)
    monkeypatch.setattr("mjevent.tui.web.lan.lan_address", lambda: "192.168.1.20")
    result = CliRunner().invoke(
        cli_app,
        ["serve", str(club), "--host", "0.0.0.0", "--port", "8123", "--password", "pin-4711"],
    )
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines() == [
        "warning: listening on 0.0.0.0: anyone who can reach http://192.168.1.20:8123 can see "
        "the public pages; the tables need their keys and the director the password",
        f"serving {club} at http://192.168.1.20:8123 (Ctrl+C stops)",
        "director: http://192.168.1.20:8123/director (the password you gave)",
        f"tables: mjevent tables {club} --round N --base-url http://192.168.1.20:8123",
    ]
    assert "0.0.0.0:8123" not in result.stderr.replace("on 0.0.0.0:", "")
    assert ran == [("0.0.0.0", 8123)]


def test_serve_makes_and_prints_a_password(club: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("aiohttp.web.run_app", lambda app, **_: app.close())
    monkeypatch.delenv("MJEVENT_SERVE_PASSWORD", raising=False)
    result = CliRunner().invoke(cli_app, ["serve", str(club)])
    assert result.exit_code == 0, result.output
    line = result.stderr.splitlines()[1]
    assert line.startswith("director: http://localhost:8000/director  password: ")
    assert len(line.rsplit(" ", 1)[1]) == 12


async def test_a_players_page_shows_the_figures_of_core_stats(
    client: TestClient[Any, Any], cup: Path
) -> None:
    record_line(open_event(cup), "r1 t1 ron S<-W 3/30 r:S")
    record_line(open_event(cup), "r1 t1 draw tenpai:S")
    await asyncio.sleep(0.5)
    page = await (await client.get("/player/p2")).text()
    assert "<dt>Hands</dt><dd>2</dd>" in page
    assert "<dt>Win rate</dt><dd>1/2 (50.0%)</dd>" in page
    assert "<dt>Riichi rate</dt><dd>1/2 (50.0%)</dd>" in page
    assert "<dt>Largest win</dt><dd>3,900</dd>" in page
    assert "Next: round 1, table 1, seat S" in page

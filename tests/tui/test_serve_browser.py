"""The venue's pages in a real headless Chromium (Debian's, driven over the DevTools protocol) at
a phone's size, 390x844: a table enters a hand with the buttons, a second seat confirms it on
its own phone, another table's hand waits for the director, who approves it on the director's
page; the first phone's page shows the confirmed hand by itself (server-sent events), and is not
sent again for the other table's changes.

Screenshots of each step are written to `MJEVENT_SCREENSHOTS` when that variable names a folder
(to look at them), else to the test's temporary folder."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from mjevent.events import table_keys
from mjevent.events.commands import current_state
from mjevent.events.open import open_event
from mjevent.events.store import EventStore

WAIT_SECONDS = 60.0
"""The longest the test waits for a server, a browser or a page (a loaded machine is slow)."""

pytestmark = pytest.mark.skipif(
    shutil.which("chromium") is None,
    reason="headless Chromium is needed (Debian: apt-get install chromium; .ci/run installs it)",
)

SETTINGS: dict[str, Any] = {
    "event": {"name": "Cup", "format_version": 1},
    "rules": {"preset": "ema2016"},
    "players": [
        {"id": f"p{i}", "name": n}
        for i, n in enumerate(["Ana", "Ben", "Cai", "Dee", "Eve", "Fay", "Gus", "Hal"], 1)
    ],
    "seating": {
        "rounds": [{"round": 1, "tables": [["p1", "p2", "p3", "p4"], ["p5", "p6", "p7", "p8"]]}]
    },
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture
def cup(tmp_path: Path) -> Path:
    path = tmp_path / "cup.toml"
    EventStore.create(path, SETTINGS)
    return path


@pytest.fixture
def server(cup: Path, tmp_path: Path) -> Iterator[str]:
    """`mjevent serve cup.toml` on a free port of localhost; its base URL."""
    port = free_port()
    log = (tmp_path / "serve.log").open("w")
    process = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "from mjevent.tui.cli.main import app; app()",
            "serve",
            str(cup),
            "--port",
            str(port),
            "--password",
            "4711-pin",
        ],
        stdout=log,
        stderr=subprocess.STDOUT,
        cwd=tmp_path,
    )
    deadline = time.monotonic() + WAIT_SECONDS
    try:
        while time.monotonic() < deadline:
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.2)
        else:
            raise AssertionError("the server never listened")
        yield f"http://localhost:{port}"
    finally:
        process.terminate()
        process.wait(timeout=30)
        log.close()


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("MJEVENT_SCREENSHOTS") or tmp_path / "shots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


class Phone:
    """One tab of headless Chromium emulating a 390x844 phone, driven over DevTools."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.count = 0

    async def call(self, method: str, **params: Any) -> dict[str, Any]:
        self.count += 1
        await self.ws.send_json({"id": self.count, "method": method, "params": params})
        while True:
            message = await self.ws.receive_json()
            if message.get("id") == self.count:
                if "error" in message:
                    raise AssertionError(f"{method}: {message['error']}")
                result: dict[str, Any] = message.get("result", {})
                return result

    async def evaluate(self, expression: str) -> Any:
        result = await self.call(
            "Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True
        )
        return result["result"].get("value")

    async def open(self, url: str) -> None:
        await self.call("Page.navigate", url=url)
        await self.wait("document.readyState === 'complete'", f"{url} to load")

    async def wait(self, condition: str, what: str) -> None:
        deadline = time.monotonic() + WAIT_SECONDS
        while time.monotonic() < deadline:
            if await self.evaluate(condition):
                return
            await asyncio.sleep(0.2)
        raise AssertionError(f"gave up waiting for {what}")

    async def tap(self, selector: str) -> None:
        """A real tap (mouse press and release at the element's centre, as a finger's)."""
        await self.call("Page.bringToFront")
        box = await self.evaluate(
            f"(() => {{ const e = document.querySelector({json.dumps(selector)});"
            " if (!e) return null; e.scrollIntoView({block: 'center'});"
            " const r = e.getBoundingClientRect();"
            " return [r.x + r.width / 2, r.y + r.height / 2, r.width, r.height]; })()"
        )
        assert box is not None, f"no {selector} on the page"
        x, y, width, height = box
        assert width >= 44 and height >= 44, f"{selector} is {width}x{height}: too small to tap"
        for kind in ("mousePressed", "mouseReleased"):
            await self.call(
                "Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1
            )

    async def text(self, selector: str) -> str:
        value = await self.evaluate(
            f"(document.querySelector({json.dumps(selector)}) || {{}}).innerText || ''"
        )
        return str(value)

    async def shot(self, path: Path) -> None:
        data = await self.call("Page.captureScreenshot", format="png")
        path.write_bytes(base64.b64decode(data["data"]))


async def phone(session: aiohttp.ClientSession, port: int) -> Phone:
    async with session.put(f"http://127.0.0.1:{port}/json/new?about:blank") as answer:
        target = await answer.json()
    ws = await session.ws_connect(target["webSocketDebuggerUrl"], max_msg_size=0)
    tab = Phone(ws)
    await tab.call("Page.enable")
    await tab.call(
        "Emulation.setDeviceMetricsOverride",
        width=390,
        height=844,
        deviceScaleFactor=1,
        mobile=True,
    )
    await tab.call("Emulation.setTouchEmulationEnabled", enabled=True, maxTouchPoints=1)
    return tab


def chromium(profile: Path) -> tuple[subprocess.Popen[str], int]:
    process = subprocess.Popen(
        [
            "chromium",
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            f"--user-data-dir={profile}",
            "--remote-debugging-port=0",
            "--window-size=390,844",
            "about:blank",
        ],
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stderr is not None
    for line in process.stderr:
        found = re.search(r"DevTools listening on ws://[^:]+:(\d+)/", line)
        if found:
            return process, int(found.group(1))
    raise AssertionError("Chromium did not start its DevTools server")


def log_kinds(path: Path) -> list[str]:
    return [r["kind"] for r in open_event(path, read_only=True).log]


def test_phones_enter_confirm_and_the_director_approves(
    server: str, cup: Path, tmp_path: Path, shots: Path
) -> None:
    one = f"{server}/t/{table_keys.table_token(cup, 1, 1)}"
    two = f"{server}/t/{table_keys.table_token(cup, 1, 2)}"
    process, port = chromium(tmp_path / "profile")

    async def drive() -> None:
        async with aiohttp.ClientSession() as session:
            # GIVEN East's phone at table 1
            east = await phone(session, port)
            await east.open(one)
            assert "Round 1 · Table 1" in await east.text("h1")
            # WHEN East composes a hand with the buttons: Ron, Ben wins off Cai, 3 han 30 fu,
            # riichi and pinfu with one dora (the optional detail), East's riichi
            await east.tap("label.chip:nth-of-type(1) span")
            await east.tap("[data-kind=ron]")
            await east.tap("[data-group=winner] [data-seat=S]")
            await east.tap("[data-group=loser] [data-seat=W]")
            await east.tap("[data-group=han] [data-value='3']")
            await east.tap("[data-group=fu] [data-value='30']")
            await east.tap("[data-group=yaku] [data-yaku=pinfu]")
            await east.tap("[data-group=yaku] [data-yaku=riichi]")
            await east.tap("[data-group=dora] [data-value='1']")
            await east.tap("[data-group=riichi] [data-seat=E]")
            line = await east.evaluate("document.querySelector('input[name=line]').value")
            assert line == "ron S<-W 3/30 y:riichi,pinfu,dora1 r:E"
            # THEN the live preview says who pays whom before anything is sent
            await east.wait(
                "document.getElementById('preview').innerText.includes('Cai pays')", "the preview"
            )
            preview = await east.text("#preview")
            assert "Cai pays Ben 3,900 (hand)" in preview
            assert "Ben: riichi, pinfu · dora 1 · closed" in preview
            assert "scores: Ana 29,000, Ben 34,900, Cai 26,100, Dee 30,000" in preview
            await east.shot(shots / "1-east-composes.png")
            await east.tap("button.send")
            await east.wait("!!document.querySelector('.pending')", "the pending entry")
            assert "waiting for a second seat" in await east.text("#message")
            assert log_kinds(cup) == ["table_entry"]
            await east.shot(shots / "2-east-sent.png")

            # WHEN North confirms on another phone
            north = await phone(session, port)
            await north.open(one)
            await north.tap("form.confirm button[value=N]")
            await north.wait("document.querySelector('.hands') !== null", "the hand recorded")
            assert "Recorded." in await north.text("#message")
            assert log_kinds(cup) == ["table_entry", "table_entry_confirmed"]
            await north.shot(shots / "3-north-confirmed.png")
            # THEN East's page shows the hand by itself, scores moved
            await east.wait("document.querySelector('.hands') !== null", "East's page to follow")
            assert "t1 ron S<-W 3/30 y:riichi,pinfu,dora1 r:E" in await east.text(".hands")
            assert "34,900" in await east.text(".seats")

            # WHEN table 2 sends a draw typed on the line, and the director approves it
            await east.evaluate("document.getElementById('live-game').dataset.kept = 'yes'")
            fay = await phone(session, port)
            await fay.open(two)
            await fay.tap("label.chip:nth-of-type(2) span")
            await fay.tap("[data-kind=draw]")
            await fay.tap("[data-group=tenpai] [data-seat=S]")
            await fay.tap("button.send")
            await fay.wait("!!document.querySelector('.pending')", "table 2's pending entry")
            director = await phone(session, port)
            await director.open(f"{server}/director")
            assert "r1 t2 draw tenpai:S" in await director.text("#live-pending")
            await director.shot(shots / "4-director-pending.png")
            await director.tap("#live-pending button[name=approve]")
            await director.wait("document.body.innerText.includes('Approved')", "the approval")
            await director.shot(shots / "5-director-approved.png")
            await fay.wait("document.querySelector('.hands') !== null", "table 2 to follow")
            await fay.shot(shots / "6-table-2-after-approval.png")
            # THEN East's page follows the event's version without being sent again: nothing
            # of table 1 changed (the server answered 204), so its live part is the same one
            version = await fay.evaluate("document.body.dataset.version")
            await east.wait(f"document.body.dataset.version === '{version}'", "East's version")
            assert await east.evaluate("document.getElementById('live-game').dataset.kept") == "yes"
            shown = await east.evaluate("document.body.dataset.shown")
            assert shown.endswith(f".{version}")

            # AND the public standings page on a phone
            await director.open(f"{server}/round/1")
            await director.shot(shots / "7-round-1.png")

    try:
        asyncio.run(drive())
    finally:
        process.terminate()
        process.wait(timeout=30)
    assert log_kinds(cup) == [
        "table_entry",
        "table_entry_confirmed",
        "table_entry",
        "table_entry_approved",
    ]
    state = current_state(open_event(cup, read_only=True))
    first, second = state.game(1, 1), state.game(1, 2)
    assert first is not None and first.state is not None and second is not None
    assert first.state.scores == (29000, 34900, 26100, 30000)
    assert second.state is not None and second.state.scores == (29000, 33000, 29000, 29000)

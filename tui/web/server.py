"""The venue's server: public pages, the tables' pages and API, and the director's pages, on one
aiohttp application (`make_app`). docs/serve.md describes every route and every check.

Every write is one command of `events.stations` (the same commands, lock and log as the console
and the CLI), queued by the event loop and run with the others queued meanwhile as one group
commit on the server's single writer thread (`Venue.commit`): the loop only queues the writes
and awaits the group, so no request waits on another's disk write. Every page is rendered from
the fold of the one session the writes go through (`stations.folder_of`): after a group of
writes it is the fold the last one left, read and folded once; polled every `poll` seconds
(one `stat` when nothing changed), it brings in what another process appended. So an entry
recorded anywhere (a table, the console, `mjevent record`) is on every open page within a
second: each page holds a server-sent-events stream (`/events`) that says "changed", and the
page's script fetches it again.

The session is used on the writer thread alone; the loop reads the fold it handed over. The
language is one setting of the whole process (`core.i18n`), so whatever puts something into
words, a page on the loop or a group on the writer, holds `_WORDS` while it does.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import hmac
import json
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import jinja2
from aiohttp import web

from mjevent.core import i18n
from mjevent.core.i18n import _
from mjevent.core.preview import LineError, preview_line
from mjevent.core.standings import StandingsConfigError, StandingsError
from mjevent.core.standings.compute import Standings
from mjevent.core.state import EventState, Folder
from mjevent.core.stats import EventStats
from mjevent.events import stations, table_keys
from mjevent.events.errors import EventFileError
from mjevent.events.session import EventSession
from mjevent.events.stations import StationError
from mjevent.tui.views.sheets import standings_or_none
from mjevent.tui.views.site import speaking
from mjevent.tui.web import views

__all__ = ["ServeConfig", "Venue", "make_app"]

HERE = Path(__file__).parent
LANGUAGES = ("en", "ja")
_ENDONYMS = {"en": "English", "ja": "日本語"}
COOKIE = "mjevent_director"
LANG_COOKIE = "mjevent_lang"
DIRECTOR_PREFIXES = ("/director", "/console", "/api/director")
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
T = TypeVar("T")

# What each refusal of `events.stations` answers: the client's fault (400), a state of the
# table that forbids it now (409), only the director may (403), no such entry (404), the file
# cannot be used (503).
_STATUS = {
    "line": 400,
    "seat": 400,
    "reason": 400,
    "own_seat": 409,
    "conflict": 409,
    "settled": 409,
    "stale": 409,
    "refused": 409,
    "director_only": 403,
    "not_pending": 404,
    "file": 503,
}


@dataclass
class ServeConfig:
    """How the server runs. `local_addresses` are the client addresses taken for this machine
    (no password, no rate limit); `hosts` the names a request's `Host` may give (a page served
    under any other name is refused: DNS rebinding). `max_body` caps a request body in bytes,
    `rate`/`burst` the requests a second (and at once) one client may make, `max_sessions` the
    live streams and console sessions open at once, `max_consoles` the console sessions alone
    (each is a process). `console` is the shell command of the console in the browser (None:
    no console). `home_display`: `/` shows the projector (`serve --display`)."""

    path: Path
    password: str
    hosts: frozenset[str] = frozenset({"localhost", "127.0.0.1", "::1"})
    local_addresses: frozenset[str] = frozenset({"127.0.0.1", "::1"})
    max_body: int = 16 * 1024
    rate: float = 20.0
    burst: int = 60
    max_sessions: int = 300
    max_consoles: int = 4
    max_logins: int = 32
    poll: float = 0.2
    console: str | None = None
    title: str = "mjevent"
    home_display: bool = False
    hide_standings: bool = False


@dataclass
class _Bucket:
    tokens: float
    at: float


# The language is one setting of the whole process (`core.i18n`): whoever puts something into
# words holds this lock while it does, the writer thread for a whole group (its commands, the
# file's errors, the answers), the event loop for a page. Reentrant: a page put into words
# inside another's block.
_WORDS = threading.RLock()


@contextlib.contextmanager
def _words(lang: str | None = None) -> Iterator[None]:
    """Hold the language for a while: `lang`, or the server's own (None)."""
    with _WORDS:
        if lang is None:
            yield
        else:
            with speaking(lang):
                yield


@dataclass
class _Write:
    """One request's write waiting for the next group commit: the command, what its request
    answers once it is durable (`answer`, put into words in the request's language on the
    writer thread; None: the command's result itself), the round the table's token is for
    (None for the director's), the request's language, and the future its handler awaits."""

    command: Callable[[], Any]
    answer: Callable[[Any], Any] | None
    round: int | None
    lang: str
    done: asyncio.Future[Any]


# What a group of writes came to: each write with its answer or its refusal, and the fold of the
# event afterwards (None when the file could not be read: the pages keep what they show).
_Outcome = tuple[list[tuple[_Write, Any, BaseException | None]], Folder | None]


@dataclass
class Venue:
    """The server's live state: the event as last read (`state`, and `folder`, the fold it is
    the state of), its version (one more at every change), the streams waiting for a change,
    the director's sessions, the clients' buckets.

    The event's session (`events.stations`) is used on one thread only, the writer's
    (`writer`): the group commits, the watch for other processes' appends, and the standings
    and figures. The event loop only reads `state` and `folder`, the fold as the last group (or
    the watch) left it, put in place before any request of that group is answered."""

    config: ServeConfig
    folder: Folder
    env: jinja2.Environment
    # One thread: one writer at a time, and the only one that uses the event's session.
    writer: ThreadPoolExecutor
    lang: str = "en"
    version: int = 0
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    live: int = 0
    consoles: int = 0
    logins: OrderedDict[str, float] = field(default_factory=OrderedDict)
    buckets: dict[str, _Bucket] = field(default_factory=dict)
    writes: list[_Write] = field(default_factory=list)
    committer: asyncio.Task[None] | None = None
    # For the table pages: this process's mark (a page another run of the server made never
    # counts as up to date), and the version at which each table's page last changed (every
    # table's at `all_changed`).
    epoch: str = field(default_factory=lambda: secrets.token_hex(4))
    table_changed: dict[tuple[int, int], int] = field(default_factory=dict)
    all_changed: int = 0
    standings_cache: dict[str, tuple[EventState, tuple[str, list[dict[str, Any]]]]] = field(
        default_factory=dict
    )

    @property
    def state(self) -> EventState:
        """The event as the pages show it now."""
        return self.folder.state()

    def _show(self, folder: Folder | None) -> bool:
        """Show `folder` on every page (on the event loop); wake every stream on a change."""
        if folder is None or folder is self.folder:
            return False
        changed = _changed_tables(self.folder.state(), folder.state())
        self.folder = folder
        self.version += 1
        if changed is None:
            self.all_changed = self.version
            self.table_changed.clear()
        else:
            self.table_changed.update(dict.fromkeys(changed, self.version))
        self.changed.set()
        self.changed = asyncio.Event()
        return True

    def _read(self) -> Folder | None:
        """On the writer thread: the fold of the event now (what another process appended
        read in; one `stat` when nothing changed), None when the file cannot be read."""
        try:
            with _words():  # a file that cannot be read is put into words, then not shown
                return stations.folder_of(self.config.path)
        except StationError:
            return None

    def table_unchanged(self, table: tuple[int, int], shown: str) -> bool:
        """Whether a page of `table` that shows version `shown` (`<epoch>.<version>`, its
        `data-shown`) of this server's event still shows what it would show now."""
        epoch, _dot, version = shown.partition(".")
        if epoch != self.epoch or not (version.isascii() and version.isdigit()):
            return False
        if int(version) > self.version:
            return False
        return max(self.all_changed, self.table_changed.get(table, 0)) <= int(version)

    async def refresh(self) -> bool:
        """Take the event as the writers' session has it now (after any group in progress);
        wake every stream on a change."""
        folder = await asyncio.get_running_loop().run_in_executor(self.writer, self._read)
        return self._show(folder)

    async def on_writer(self, job: Callable[[], T]) -> T:
        """`job()` run on the writer thread, between two groups: the session's standings and
        figures are read there."""
        return await asyncio.get_running_loop().run_in_executor(self.writer, job)

    def write(
        self,
        command: Callable[[], Any],
        round: int | None,
        lang: str,
        answer: Callable[[Any], Any] | None = None,
    ) -> asyncio.Future[Any]:
        """Queue a write for the next group commit; await its answer (or the refusal)."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[Any] = loop.create_future()
        self.writes.append(_Write(command, answer, round, lang, done))
        if self.committer is None:
            self.committer = loop.create_task(self.commit())
        return done

    async def commit(self) -> None:
        """Run the writes queued as groups, one group at a time on the writer thread
        (`_group`), until none is left; the event loop meanwhile reads and queues the next
        requests, and serves the pages. After each group the pages show what it wrote, then
        every request of it is answered."""
        loop = asyncio.get_running_loop()
        try:
            # After the loop's next turn: the requests read in the same turn as the first one
            # join its group, rather than waiting for a group of one.
            await asyncio.sleep(0)
            while self.writes:
                writes, self.writes = self.writes, []
                try:
                    answers, folder = await loop.run_in_executor(self.writer, self._group, writes)
                except Exception as failed:  # a fault of the server itself
                    answers, folder = [(write, None, failed) for write in writes], None
                self._show(folder)
                for write, result, problem in answers:
                    if write.done.done():  # the client went away; what it sent was written
                        continue
                    if problem is None:
                        write.done.set_result(result)
                    else:
                        write.done.set_exception(problem)
        finally:
            self.committer = None

    def _group(self, writes: list[_Write]) -> _Outcome:
        """On the writer thread: `writes` as one group (`stations.group`): each command
        checked in order against the log as the ones before it left it, then one write and one
        fsync, and only then each answer put into words. A refused command answers its own
        request and writes nothing; when the write fails, every request of the group gets the
        error and nothing of the group is recorded. The language is held throughout
        (`_WORDS`): the refusals, the file's errors and the answers are words."""
        with _WORDS:
            path = self.config.path
            # A round ended a moment ago must count (the pages' own fold when the file
            # cannot be read now; the group then answers with the file's error).
            state = (self._read() or self.folder).state()
            answers: list[tuple[_Write, Any, BaseException | None]] = []
            try:
                with speaking(writes[0].lang), stations.group(path) as store:
                    for write in writes:
                        with speaking(write.lang):
                            try:
                                if write.round is not None and views.round_over(state, write.round):
                                    raise StationError(
                                        "director_only", views.labels()["round_over"]
                                    )
                                with store.savepoint():
                                    answers.append((write, write.command(), None))
                            except Exception as refused:
                                answers.append((write, None, refused))
            except Exception as failed:  # the write failed (StationError "file"), or a fault
                answers = [(write, None, failed) for write in writes]
            worded: list[tuple[_Write, Any, BaseException | None]] = []
            for write, result, problem in answers:
                if problem is None and write.answer is not None:
                    with speaking(write.lang):
                        try:
                            result = write.answer(result)
                        except Exception as fault:
                            result, problem = None, fault
                worded.append((write, result, problem))
            # What the group wrote, on every page before any answer: the fold its last command
            # left, not read or folded again.
            return worded, self._read()

    async def standings(self, lang: str) -> tuple[str, list[dict[str, Any]]]:
        """The public standings in `lang`, computed once per state of the event (on the writer
        thread, from the session's standings)."""
        state = self.state
        kept = self.standings_cache.get(lang)
        if kept is not None and kept[0] is state:
            return kept[1]

        def rows() -> tuple[str, list[dict[str, Any]]]:
            # Computed in `lang` too: the standings' notes are words (the session keeps them
            # per language).
            with _words(lang):
                return views.standings_rows(self._standings(state))

        shown = await self.on_writer(rows)
        self.standings_cache[lang] = (state, shown)
        return shown

    @property
    def session(self) -> EventSession:
        """The writers' session of the event (`events.stations`): its standings and figures
        are kept up to date as entries are recorded. Only on the writer thread."""
        return stations.session(self.config.path)

    def _standings(self, state: EventState) -> Standings | None:
        """On the writer thread: the session's standings of `state` (None when they cannot be
        computed)."""
        try:
            return self.session.standings(state)
        except (StandingsConfigError, StandingsError):
            return None

    async def close(self) -> None:
        """Close the event's session once the group in progress is done; stop the writer."""
        await self.on_writer(lambda: stations.forget(self.config.path))
        self.writer.shutdown(wait=True)

    # --- who is asking -------------------------------------------------------------------------

    def is_local(self, request: web.Request) -> bool:
        return (request.remote or "") in self.config.local_addresses

    def is_director(self, request: web.Request) -> bool:
        if self.is_local(request):
            return True
        cookie = request.cookies.get(COOKIE, "")
        return any(hmac.compare_digest(cookie, known) for known in self.logins)

    def allow(self, client: str) -> bool:
        """Take one request from `client`'s bucket (`burst` at once, `rate` a second after)."""
        now = time.monotonic()
        bucket = self.buckets.get(client)
        if bucket is None:
            if len(self.buckets) > 10_000:
                self.buckets.clear()
            bucket = self.buckets[client] = _Bucket(float(self.config.burst), now)
        bucket.tokens = min(self.config.burst, bucket.tokens + (now - bucket.at) * self.config.rate)
        bucket.at = now
        if bucket.tokens < 1:
            return False
        bucket.tokens -= 1
        return True

    def log_in(self) -> str:
        key = secrets.token_urlsafe(32)
        self.logins[key] = time.time()
        while len(self.logins) > self.config.max_logins:
            self.logins.popitem(last=False)
        return key


VENUE: web.AppKey[Venue] = web.AppKey("venue", Venue)


def _venue(request: web.Request) -> Venue:
    return request.config_dict[VENUE]


# --- Language -------------------------------------------------------------------------------------


def _lang(request: web.Request) -> str:
    asked = request.query.get("lang") or request.cookies.get(LANG_COOKIE, "")
    if asked in LANGUAGES:
        return asked
    accept = request.headers.get("Accept-Language", "")
    for part in accept.split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in LANGUAGES:
            return code
    return _venue(request).lang


@contextlib.contextmanager
def _speaking(request: web.Request) -> Iterator[str]:
    lang = _lang(request)
    with _words(lang):
        yield lang


# --- Checks on every request ----------------------------------------------------------------------


def _refuse(request: web.Request, status: int, message: str) -> web.Response:
    if request.path.startswith("/api/"):
        return web.json_response({"error": message}, status=status)
    return web.Response(status=status, text=message + "\n")


def _same_origin(request: web.Request) -> bool:
    """Whether a write or a WebSocket comes from a page of this server (a browser sends
    `Origin` with both; a script sends none and is no cross-site page)."""
    if request.headers.get("Sec-Fetch-Site", "same-origin") not in ("same-origin", "none"):
        return False
    origin = request.headers.get("Origin")
    if origin is None:
        return True
    return origin == f"{request.scheme}://{request.host}"


@web.middleware
async def guard(
    request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
) -> web.StreamResponse:
    """Host, body size, rate, origin and role, in that order, before any handler runs."""
    venue = _venue(request)
    config = venue.config
    host = request.host.rsplit(":", 1)[0] if not request.host.endswith("]") else request.host
    if host.strip("[]") not in config.hosts:
        with _words():
            return _refuse(
                request,
                421,
                _("this server does not answer for {host}").format(host=request.host[:80]),
            )
    if (request.content_length or 0) > config.max_body:
        with _words():
            return _refuse(
                request,
                413,
                _("the request is too large (at most {size} bytes)").format(size=config.max_body),
            )
    if not venue.is_local(request) and not venue.allow(request.remote or ""):
        with _words():
            slow = _refuse(request, 429, _("too many requests: wait a moment and try again"))
        slow.headers["Retry-After"] = "1"
        return slow
    upgrade = request.headers.get("Upgrade", "").lower() == "websocket"
    if (request.method not in SAFE_METHODS or upgrade) and not _same_origin(request):
        with _words():
            return _refuse(request, 403, _("refused: the request comes from another site"))
    if request.path.startswith(DIRECTOR_PREFIXES) and not venue.is_director(request):
        if request.method == "GET" and not upgrade and not request.path.startswith("/api/"):
            raise web.HTTPSeeOther(f"/login?next={request.path}")
        with _words():
            return _refuse(request, 401, _("the director's password is needed (log in at /login)"))
    response = await handler(request)
    headers = response.headers
    headers.setdefault("X-Content-Type-Options", "nosniff")
    # A table's URL is its key: never sent to another site as a referrer. ("no-referrer" would
    # also make a browser send `Origin: null` with the page's own form posts, which the origin
    # check then refuses.)
    headers.setdefault("Referrer-Policy", "same-origin")
    if not request.path.startswith("/console"):
        headers.setdefault("X-Frame-Options", "DENY")
        headers.setdefault(
            "Content-Security-Policy",
            "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; form-action 'self'",
        )
    if request.path.startswith(("/t/", "/api/t/", "/director", "/login")):
        headers.setdefault("Cache-Control", "no-store")
    return response


def _changed_tables(before: EventState, after: EventState) -> set[tuple[int, int]] | None:
    """The (round, table) of each table page that shows something else in `after` than in
    `before`: its game (a new object at any change to it) or its pending entries; None when
    every page may (the settings, the players' names, the seating or the current round)."""
    if (
        after.settings is not before.settings
        or after.seating != before.seating
        or after.players != before.players
        or after.current_round != before.current_round
    ):
        return None
    games, old = after.games, before.games
    changed = {key for key in games.keys() | old.keys() if games.get(key) is not old.get(key)}
    for entry_id in after.pending.keys() ^ before.pending.keys():
        entry = after.pending.get(entry_id) or before.pending[entry_id]
        changed.add((entry.round, entry.table))
    return changed


# --- Rendering ------------------------------------------------------------------------------------


def _render(request: web.Request, template: str, status: int = 200, **values: Any) -> web.Response:
    venue = _venue(request)
    with _speaking(request) as lang:
        other = "ja" if lang == "en" else "en"
        page = venue.env.get_template(template).render(
            t=views.labels(),
            lang=lang,
            other=other,
            other_name=_ENDONYMS[other],
            event=venue.state.settings.event.name,
            version=venue.version,
            director=venue.is_director(request),
            **values,
        )
    response = web.Response(text=page, content_type="text/html", status=status)
    if request.query.get("lang") in LANGUAGES:
        response.set_cookie(LANG_COOKIE, request.query["lang"], samesite="Lax", httponly=True)
    return response


def _environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(HERE / "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )


# --- Public pages ---------------------------------------------------------------------------------


async def home(request: web.Request) -> web.StreamResponse:
    venue = _venue(request)
    if venue.config.home_display:
        raise web.HTTPSeeOther("/display")
    state = venue.state
    return _render(request, "home.html", rounds=sorted(state.seating), current=state.current_round)


async def standings_page(request: web.Request) -> web.StreamResponse:
    title, rows = await _venue(request).standings(_lang(request))
    return _render(request, "standings.html", title=title, rows=rows)


async def standings_api(request: web.Request) -> web.StreamResponse:
    title, rows = await _venue(request).standings("en")
    return web.json_response({"title": title, "version": _venue(request).version, "rows": rows})


def _number(request: web.Request, name: str) -> int:
    text = request.match_info[name]
    if not text.isdigit() or len(text) > 4:
        with _words():
            raise web.HTTPNotFound(text=_("no such round"))
    return int(text)


async def round_page(request: web.Request) -> web.StreamResponse:
    rnd = _number(request, "round")
    with _speaking(request):
        view = views.round_view(_venue(request).state, rnd)
    if view is None:
        with _words():
            title = _("Round {round}").format(round=rnd)
        return _render(
            request,
            "message.html",
            404,
            title=title,
            message=views.labels()["not_seated"],
        )
    return _render(request, "round.html", view=view)


async def player_page(request: web.Request) -> web.StreamResponse:
    venue = _venue(request)
    state = venue.state

    def numbers() -> tuple[Standings | None, EventStats]:
        with _speaking(request):  # the standings' notes and labels are words
            return venue._standings(state), venue.session.stats(state)

    standings, stats = await venue.on_writer(numbers)
    with _speaking(request):
        view = views.player_view(state, request.match_info["player"], standings, stats)
        if view is None:
            raise web.HTTPNotFound(text=_("no such player"))
    return _render(request, "player.html", view=view)


async def display_page(request: web.Request) -> web.StreamResponse:
    venue = _venue(request)
    state = venue.state

    def numbers() -> tuple[Standings | None, EventStats]:
        with _speaking(request):  # the standings' notes and labels are words
            return standings_or_none(venue.session, state), venue.session.stats(state)

    standings, stats = await venue.on_writer(numbers)
    with _speaking(request):
        pages = views.display_view(
            state,
            standings,
            dt.datetime.now(dt.UTC),
            stats=lambda: stats,
            hide_standings=venue.config.hide_standings,
        )
        from mjevent.tui.views.display_pages import announcement_text

        note = announcement_text(state)
    return _render(request, "display.html", pages=pages, note=note)


async def events_stream(request: web.Request) -> web.StreamResponse:
    """Server-sent events: the event's version now, then at every change (a comment every
    15 s keeps proxies from closing an idle stream)."""
    venue = _venue(request)
    if venue.live >= venue.config.max_sessions:
        with _words():
            return _refuse(request, 503, _("too many open pages: try again in a minute"))
    venue.live += 1
    try:
        response = web.StreamResponse(
            headers={"Content-Type": "text/event-stream", "Cache-Control": "no-store"}
        )
        await response.prepare(request)
        sent = -1
        while True:
            if venue.version != sent:
                sent = venue.version
                await response.write(f"data: {sent}\n\n".encode())
            waiting = venue.changed
            try:
                await asyncio.wait_for(waiting.wait(), timeout=15)
            except TimeoutError:
                await response.write(b": still here\n\n")
    except (ConnectionResetError, asyncio.CancelledError):
        pass
    finally:
        venue.live -= 1
    return response


# --- Tables ---------------------------------------------------------------------------------------


def _table(request: web.Request) -> tuple[int, int]:
    """The (round, table) of the token in the URL; 404 for a wrong or revoked one."""
    token = request.match_info["token"]
    where = None
    if 10 <= len(token) <= 100:
        try:
            where = table_keys.token_table(_venue(request).config.path, token)
        except EventFileError:
            where = None
    if where is None:
        with _words():
            message = _("no table has this key (a wrong or replaced link): ask the director")
        if request.path.startswith("/api/"):
            raise web.HTTPNotFound(
                text=json.dumps({"error": message}), content_type="application/json"
            )
        raise web.HTTPNotFound(text=message)
    return where


async def _write(
    request: web.Request,
    rnd: int | None,
    command: Callable[[], Any],
    answer: Callable[[Any], Any] | None = None,
) -> Any:
    """Run a write in the next group commit (`Venue.commit`) and return, once it is durable,
    what `answer` made of what it returned (put into words in the request's language on the
    writer thread; None: what it returned); raises its StationError. A table's (`rnd` given) is
    refused once the round is over."""
    return await _venue(request).write(command, rnd, _lang(request), answer)


def _seat_of(value: object) -> str:
    return value.strip().upper() if isinstance(value, str) else ""


async def table_page(request: web.Request) -> web.StreamResponse:
    rnd, table = _table(request)
    venue = _venue(request)
    shown = request.headers.get("X-Mjevent-Shown", "")
    if request.method == "GET" and shown and venue.table_unchanged((rnd, table), shown[:40]):
        # The page's script asks again at every change of the event: nothing of this table's.
        return web.Response(status=204, headers={"X-Mjevent-Version": str(venue.version)})
    message, status, line, seat = "", 200, "", request.query.get("seat", "")
    if request.method == "POST":
        form = await request.post()
        seat = _seat_of(form.get("seat"))
        line = str(form.get("line", ""))
        target = str(form.get("confirm", ""))
        try:
            if target:
                message = await _write(
                    request,
                    rnd,
                    lambda: stations.confirm(venue.config.path, target, seat),
                    lambda _sub: _("Recorded."),
                )
            else:
                message = await _write(
                    request,
                    rnd,
                    lambda: stations.submit_line(venue.config.path, rnd, table, line, seat),
                    lambda sub: views.labels()[
                        "recorded" if sub.status == "recorded" else "waiting"
                    ],
                )
            line = ""
        except StationError as error:
            message, status = str(error), _STATUS.get(error.reason, 400)
    # The page answering a post shows what the post did: the group put it in place first.
    with _speaking(request):
        view = views.table_view(venue.folder, rnd, table)
    return _render(
        request,
        "table.html",
        status,
        view=view,
        message=message,
        line=line,
        seat=seat,
        token=request.match_info["token"],
        shown=f"{venue.epoch}.{venue.version}",
        error=status != 200,
        kinds=("ron", "tsumo", "draw", "abort", "chombo", "final"),
        hans=("1", "2", "3", "4", "mgn", "hnm", "bai", "sanbai", "ykm"),
        fus=("20", "25", "30", "40", "50", "60", "70", "80", "90", "100", "110"),
        yakus=views.composer_yaku(_lang(request)),
        doras=tuple(str(d) for d in range(7)),
    )


async def table_api(request: web.Request) -> web.StreamResponse:
    rnd, table = _table(request)
    with _words("en"):
        view = views.table_view(_venue(request).folder, rnd, table)
    return web.json_response(views.api_table(view))


async def _json_body(request: web.Request) -> dict[str, Any]:
    try:
        body = await request.json()
    except (ValueError, UnicodeDecodeError):
        with _words():
            raise web.HTTPBadRequest(
                text=json.dumps({"error": _("the body is not JSON")}),
                content_type="application/json",
            ) from None
    if not isinstance(body, dict):
        with _words():
            raise web.HTTPBadRequest(
                text=json.dumps({"error": _("the body is not a JSON object")}),
                content_type="application/json",
            )
    return body


def _described(sub: stations.Submission) -> dict[str, Any]:
    """What an entry's or a confirmation's answer says (put into words in the request's
    language)."""
    return {"id": sub.id, "status": sub.status, "preview": sub.preview.describe()}


def _failed(error: StationError) -> web.Response:
    return web.json_response(
        {"error": str(error), "reason": error.reason}, status=_STATUS.get(error.reason, 400)
    )


async def table_entries(request: web.Request) -> web.StreamResponse:
    rnd, table = _table(request)
    body = await _json_body(request)
    line, seat = body.get("line"), _seat_of(body.get("seat"))
    venue = _venue(request)
    if not isinstance(line, str):
        with _speaking(request):
            return web.json_response({"error": _("the line is missing")}, status=400)
    try:
        answer = await _write(
            request,
            rnd,
            lambda: stations.submit_line(venue.config.path, rnd, table, line, seat),
            _described,
        )
    except StationError as error:
        return _failed(error)
    return web.json_response(answer, status=201 if answer["status"] == "pending" else 200)


async def table_confirm(request: web.Request) -> web.StreamResponse:
    rnd, table = _table(request)
    body = await _json_body(request)
    entry_id = request.match_info["entry"]
    venue = _venue(request)
    waiting = venue.state.pending.get(entry_id)
    if waiting is None and await venue.refresh():
        waiting = venue.state.pending.get(entry_id)
    if waiting is None or (waiting.round, waiting.table) != (rnd, table):
        # Another table's entry is not this token's to confirm: as if it did not exist.
        with _speaking(request):
            return web.json_response(
                {"error": _("no entry {id} waits at this table").format(id=entry_id[:40])},
                status=404,
            )
    try:
        answer = await _write(
            request,
            rnd,
            lambda: stations.confirm(venue.config.path, entry_id, _seat_of(body.get("seat"))),
            _described,
        )
    except StationError as error:
        return _failed(error)
    return web.json_response(answer)


async def table_preview(request: web.Request) -> web.StreamResponse:
    rnd, table = _table(request)
    line = request.query.get("line", "")[:500]
    folder = _venue(request).folder
    with _speaking(request):
        try:
            parsed = stations.read_table_line(folder.state(), rnd, table, line)
        except StationError as error:
            return web.json_response({"ok": False, "error": str(error)})
        return web.json_response(views.preview_json(preview_line(folder, parsed)))


# --- The director ---------------------------------------------------------------------------------


async def login_page(request: web.Request) -> web.StreamResponse:
    venue = _venue(request)
    target = request.query.get("next", "/director")
    if not target.startswith("/") or target.startswith("//"):
        target = "/director"
    failed = False
    if request.method == "POST":
        form = await request.post()
        given = str(form.get("password", ""))
        if hmac.compare_digest(given.encode(), venue.config.password.encode()):
            response = web.HTTPSeeOther(target)
            response.set_cookie(COOKIE, venue.log_in(), httponly=True, samesite="Strict")
            raise response
        failed = True
    return _render(request, "login.html", 401 if failed else 200, failed=failed, target=target)


async def director_page(request: web.Request) -> web.StreamResponse:
    venue = _venue(request)
    folder = venue.folder
    state = folder.state()
    rnd = state.current_round
    with _speaking(request):
        waiting = []
        for p in stations.pending(folder):
            words = p.preview.message if isinstance(p.preview, LineError) else p.preview.describe()
            waiting.append(
                {
                    "id": p.id,
                    "round": p.round,
                    "table": p.table,
                    "line": p.line,
                    "by": _("entered by {wind} {name}").format(
                        wind=i18n.wind_name(p.seat), name=p.name
                    ),
                    "conflict": p.conflict,
                    "preview": words,
                }
            )
        links: list[tuple[int, str]] = []
        message = request.query.get("message", "")[:300]
        if rnd in state.seating:
            try:
                links = [
                    (t, "/t/" + table_keys.table_token(venue.config.path, rnd, t))
                    for t in range(1, len(state.seating[rnd]) + 1)
                ]
            except EventFileError as error:
                message = str(error)
    return _render(
        request,
        "director.html",
        waiting=waiting,
        links=links,
        round=rnd,
        message=message,
        console=venue.config.console is not None,
    )


async def director_decide(request: web.Request) -> web.StreamResponse:
    venue = _venue(request)
    form = await request.post()
    entry_id = str(form.get("id", ""))
    approving = request.match_info["verb"] == "approve"
    reason = str(form.get("reason", ""))
    try:
        if approving:
            message = await _write(
                request,
                None,
                lambda: stations.approve(venue.config.path, entry_id),
                lambda _sub: _("Approved {id}.").format(id=entry_id),
            )
        else:
            message = await _write(
                request,
                None,
                lambda: stations.reject(venue.config.path, entry_id, reason),
                lambda _none: _("Rejected {id}.").format(id=entry_id),
            )
    except StationError as error:
        message = str(error)
    from urllib.parse import quote

    raise web.HTTPSeeOther("/director?message=" + quote(message))


async def director_api(request: web.Request) -> web.StreamResponse:
    venue = _venue(request)
    entry_id = request.match_info["entry"]
    body = await _json_body(request)
    reason = str(body.get("reason", ""))
    try:
        if request.match_info["verb"] == "approve":
            sub = await _write(request, None, lambda: stations.approve(venue.config.path, entry_id))
            return web.json_response({"id": sub.id, "status": sub.status})
        await _write(request, None, lambda: stations.reject(venue.config.path, entry_id, reason))
        return web.json_response({"id": entry_id, "status": "rejected"})
    except StationError as error:
        return _failed(error)


# --- The console in the browser (textual-serve, mounted at /console/) -----------------------------


def _console_app(venue_ref: list[Venue], command: str, title: str) -> Any:
    from textual_serve.server import Server

    class Console(Server):
        """textual-serve's routes, its URLs made from the request's own (checked) Host: the
        page never points a browser at ws://0.0.0.0."""

        async def handle_index(self, request: web.Request) -> Any:
            self.public_url = f"{request.scheme}://{request.host}"
            return await super().handle_index(request)

        async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
            venue = venue_ref[0]
            if venue.consoles >= venue.config.max_consoles or (
                venue.live >= venue.config.max_sessions
            ):
                with _words():
                    raise web.HTTPServiceUnavailable(text=_("too many consoles open"))
            venue.consoles += 1
            venue.live += 1
            try:
                result: web.WebSocketResponse = await super().handle_websocket(request)
                return result
            finally:
                venue.consoles -= 1
                venue.live -= 1

        async def on_startup(self, app: web.Application) -> None:
            return None

    return Console(command, title=title, public_url="")


# --- The application ------------------------------------------------------------------------------


async def _watch(app: web.Application) -> AsyncIterator[None]:
    venue = app[VENUE]

    async def poll() -> None:
        while True:
            await asyncio.sleep(venue.config.poll)
            await venue.refresh()

    task = asyncio.create_task(poll())
    yield
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
    await venue.close()


async def make_app(config: ServeConfig) -> web.Application:
    """The whole server for `config` (the event file opened through `events.stations`, whose
    store every write and every page uses). Raises `StationError` (reason "file") for a file
    that cannot be opened."""
    writer = ThreadPoolExecutor(1, thread_name_prefix="mjevent-writer")
    try:
        # Opened on the writer thread, the one that uses the event's session from now on.
        folder = await asyncio.get_running_loop().run_in_executor(
            writer, stations.folder_of, config.path
        )
    except BaseException:
        writer.shutdown(wait=False)
        raise
    name = i18n.language()  # the language `serve` runs in, before anything else speaks
    venue = Venue(config, folder, _environment(), writer, lang=name if name in LANGUAGES else "en")
    app = web.Application(middlewares=[guard], client_max_size=config.max_body)
    app[VENUE] = venue
    app.router.add_get("/", home)
    app.router.add_get("/standings", standings_page)
    app.router.add_get("/round/{round}", round_page)
    app.router.add_get("/player/{player}", player_page)
    app.router.add_get("/display", display_page)
    app.router.add_get("/events", events_stream)
    app.router.add_get("/api/standings", standings_api)
    app.router.add_route("*", "/t/{token}", table_page)
    app.router.add_get("/api/t/{token}", table_api)
    app.router.add_get("/api/t/{token}/preview", table_preview)
    app.router.add_post("/api/t/{token}/entries", table_entries)
    app.router.add_post("/api/t/{token}/entries/{entry}/confirm", table_confirm)
    app.router.add_route("*", "/login", login_page)
    app.router.add_get("/director", director_page)
    app.router.add_post("/director/{verb:approve|reject}", director_decide)
    app.router.add_post("/api/director/entries/{entry}/{verb:approve|reject}", director_api)
    app.router.add_static("/static", HERE / "static")
    if config.console is not None:
        console = _console_app([venue], config.console, config.title)
        app.add_subapp("/console/", await console._make_app())
    app.cleanup_ctx.append(_watch)
    return app

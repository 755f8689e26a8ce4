"""The event online, served (issue 40): `referee-app mirror serve`, a stateless read-only site that
serves the hall's tournament pages for each event a venue pushed to the cloud's database:
`/e/EVENT/bracket`, `/e/EVENT/player` and `/e/EVENT/tournament.json` (the tournament with the
racks so far of the matches being played, and how fresh the copy is).

It is made to stand behind a cache (nginx here, a CDN in production) and beside other mirrors:
every answer carries a validator (`ETag`) and a `Cache-Control` that lets the cache serve it for
`MAX_AGE_S`, then while it asks again, and for a day when no mirror answers; a mirror reads the
database at most every `REFRESH_S` per event, whatever the number of requests, and composes a
document once per change. The database is read through `Source` (the cloud's reader role, which
can only read), on a thread: this wing imports no other, the pages decide nothing.
"""

from __future__ import annotations

import asyncio
import gzip
import hashlib
import json
import logging
import re
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from aiohttp import web

from referee_app.web.pages import filled

log = logging.getLogger(__name__)

MAX_AGE_S = 1
"""How long a cache in front may serve the tournament without asking: with the pages' 5-s poll
and the push's 1 s, a rack is on a phone anywhere within about 8 s."""
STALE_S = 86400
"""How long a cache may go on serving the last copy when no mirror answers."""
REFRESH_S = 0.5
"""The database is read at most this often per event (and per mirror)."""
OFFLINE_AFTER_S = 30.0
"""The venue is called offline when the cloud has not heard from it for this long (it beats every 10 s)."""
POLL_MS = 5000
"""How often an open page reads the tournament again (through the cache)."""
EVENT = re.compile(r"[a-z0-9][a-z0-9-]{0,39}", re.ASCII)
LANG = re.compile(r"[a-z]{2,3}", re.ASCII)
HTML, JS, CSS = "text/html; charset=utf-8", "text/javascript; charset=utf-8", "text/css; charset=utf-8"
JSON = "application/json; charset=utf-8"
HEADERS = (
    ("Server", "referee-mirror"),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; frame-ancestors *"),
)
PAGES = {"bracket": "bracket.html", "player": "player.html"}
ASSETS = {"tournament.js": JS, "tournament.css": CSS, "call.js": JS, "call.css": CSS}


@dataclass(frozen=True, slots=True)
class Snapshot:
    """An event as the cloud holds it: each document's version, digest, gzip body (empty: the
    version the mirror asked it to leave out, which it holds) and when it came (epoch seconds); and
    when the venue was last heard from."""

    docs: Mapping[str, tuple[int, str, bytes, float]]
    seen_at: float | None


Source = Callable[[str, Mapping[str, int]], Snapshot | None]
"""Reads an event (None: no such event online), leaving out the bodies of the versions given:
blocking, called on a thread of its own."""


@dataclass
class Composed:
    """An event's `tournament.json` as served: the JSON, its gzip, its validator."""

    etag: str
    plain: bytes
    packed: bytes
    site_words: dict[str, Any]
    live: tuple[str, bytes, bytes]
    """`live.json`: its validator, JSON and gzip."""


@dataclass
class _Event:
    versions: dict[str, int] = field(default_factory=dict)
    bodies: dict[str, Any] = field(default_factory=dict)
    at: dict[str, float] = field(default_factory=dict)
    seen_at: float | None = None
    read_at: float = -1e9
    composed: Composed | None = None
    key: tuple[Any, ...] = ()
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    exists: bool = False


def _with_headers(response: web.Response, cache: str) -> web.Response:
    for name, value in HEADERS:
        response.headers[name] = value
    response.headers["Cache-Control"] = cache
    return response


def _refusal(status: int, cache: str = "no-store") -> web.Response:
    response = web.Response(status=status)
    response.text = f"{status} {response.reason}\n"
    return _with_headers(response, cache)


def _etag(body: bytes) -> str:
    return '"' + hashlib.sha256(body).hexdigest()[:32] + '"'


def mirror_page(file: str, event: str, lang: str, words: bytes) -> bytes:
    """A hall page for the mirror: its files and links under `/e/EVENT/`, told to poll (no stream),
    its first words in `lang` (`words`: them, encoded; the page asks for the tournament itself, so
    the page stays the same, and cached, for as long as the words do)."""
    template = (resources.files("referee_app.web") / file).read_bytes()
    base = f"/e/{event}/".encode()
    template = template.replace(b'href="/', b'href="' + base).replace(b'src="/', b'src="' + base)
    template = template.replace(b'action="/', b'action="' + base)
    poll = b'" data-poll="' + str(POLL_MS).encode()
    template = template.replace(b"<body ", b'<body data-base="' + base + poll + b'" ', 1)
    return filled(template, f"/e/{event}/{file}", lang, words, lambda: b"")


class Mirror:
    """The mirror's site over `source`; `clock` is the time the freshness is said against."""

    def __init__(self, source: Source, clock: Callable[[], float] = time.time) -> None:
        self.source = source
        self.clock = clock
        self.events: dict[str, _Event] = {}
        self.reads = 0
        self.assets = {name: (resources.files("referee_app.web") / name).read_bytes() for name in ASSETS}

    async def event(self, name: str) -> _Event | None:
        """The event, read again if `REFRESH_S` passed (one read at a time per event: the requests
        meanwhile wait for it). A failed read raises (503: the cache serves its copy)."""
        held = self.events.get(name)
        if held is None:
            if len(self.events) > 10000:  # names that are no event are not kept for ever
                self.events = {k: v for k, v in self.events.items() if v.exists}
            held = self.events.setdefault(name, _Event())
        if time.monotonic() - held.read_at < REFRESH_S:
            return held if held.exists else None
        async with held.lock:
            if time.monotonic() - held.read_at >= REFRESH_S:
                snapshot = await asyncio.to_thread(self.source, name, dict(held.versions))
                self.reads += 1
                self._take(held, snapshot)
                held.read_at = time.monotonic()
        return held if held.exists else None

    def _take(self, held: _Event, snapshot: Snapshot | None) -> None:
        held.exists = snapshot is not None and "tournament" in snapshot.docs
        if snapshot is None:
            return
        held.seen_at = snapshot.seen_at
        for doc, (version, _digest, body, at) in snapshot.docs.items():
            if held.versions.get(doc) != version and body:
                held.bodies[doc] = json.loads(gzip.decompress(body))
                held.versions[doc] = version
                held.at[doc] = at

    def composed(self, held: _Event) -> Composed:
        """`tournament.json` for the event now: made again only when a document or the venue's
        being offline changed."""
        seen = held.seen_at
        offline = seen if seen is not None and self.clock() - seen > OFFLINE_AFTER_S else None
        key = (tuple(sorted(held.versions.items())), offline)
        if held.composed is None or key != held.key:
            page = dict(held.bodies.get("tournament", {}))
            site_words = page.pop("site_words", {})
            page["live"] = dict(held.bodies.get("live", {})).get("live", {})
            page["mirror"] = {"updated": max(held.at.values(), default=None), "offline_since": offline}
            plain = json.dumps(page, ensure_ascii=False, separators=(",", ":")).encode()
            small = {"seq": page.get("seq", 0), "live": page["live"], "mirror": page["mirror"]}
            live = json.dumps(small, ensure_ascii=False, separators=(",", ":")).encode()
            held.composed = Composed(
                _etag(plain), plain, gzip.compress(plain, 6, mtime=0), site_words,
                (_etag(live), live, gzip.compress(live, 6, mtime=0)),
            )  # fmt: skip
            held.key = key
        return held.composed

    # -- the routes

    async def handle(self, request: web.BaseRequest) -> web.StreamResponse:
        if request.method not in ("GET", "HEAD"):
            response = _refusal(405)
            response.headers["Allow"] = "GET, HEAD"
            return response
        parts = request.path.split("/")
        if request.path == "/healthz":
            return _with_headers(web.Response(text="ok\n"), "no-store")
        if len(parts) != 4 or parts[0] or parts[1] != "e" or not EVENT.fullmatch(parts[2]):
            return _refusal(404, f"public, max-age={60}")
        name, what = parts[2], parts[3]
        if what in ASSETS:
            return self._answer(request, self.assets[what], ASSETS[what], "public, max-age=300")
        if what not in PAGES and what not in ("tournament.json", "live.json", "words.json"):
            return _refusal(404, "public, max-age=60")
        try:
            held = await self.event(name)
        except Exception as exc:  # the database out of reach: the cache serves its copy meanwhile
            log.warning("the cloud's database, reading %s: %s", name, str(exc).strip().split("\n")[0])
            return _refusal(503)
        if held is None:
            return _refusal(404, f"public, max-age={MAX_AGE_S}")
        composed = self.composed(held)
        lang = request.query.get("lang", "en")
        lang = lang if LANG.fullmatch(lang) and lang in composed.site_words else "en"
        words = json.dumps(composed.site_words.get(lang, {}), ensure_ascii=False).encode()
        if what in PAGES:
            page = mirror_page(PAGES[what], name, lang, words)
            return self._answer(request, page, HTML, "public, max-age=60")
        if what == "words.json":
            return self._answer(request, words, JSON, "public, max-age=60")
        cache = f"public, max-age={MAX_AGE_S}, stale-while-revalidate={MAX_AGE_S * 5}, stale-if-error={STALE_S}"
        if what == "live.json":
            return self._json(request, *composed.live, cache)
        return self._json(request, composed.etag, composed.plain, composed.packed, cache)

    @staticmethod
    def _json(request: web.BaseRequest, etag: str, plain: bytes, packed: bytes, cache: str) -> web.Response:
        """A document with its validator (304 when the client holds it), gzip when the client takes it."""
        if etag in request.headers.get("If-None-Match", ""):
            response = web.Response(status=304)
        else:
            gz = "gzip" in request.headers.get("Accept-Encoding", "")
            response = web.Response(body=packed if gz else plain)
            if gz:
                response.headers["Content-Encoding"] = "gzip"
            response.headers["Content-Type"] = JSON
        response.headers["ETag"] = etag
        response.headers["Vary"] = "Accept-Encoding"
        return _with_headers(response, cache)

    @staticmethod
    def _answer(request: web.BaseRequest, body: bytes, content_type: str, cache: str) -> web.Response:
        etag = _etag(body)
        if etag in request.headers.get("If-None-Match", ""):
            response = web.Response(status=304)
        else:
            response = web.Response(body=body)
            response.headers["Content-Type"] = content_type
        response.headers["ETag"] = etag
        return _with_headers(response, cache)


async def run(mirror: Mirror, host: str, port: int, ready: Callable[[int], None], stop: asyncio.Event) -> None:
    """Serve `mirror` on `host`:`port` (0: any free port, told to `ready`) until `stop` is set."""
    server = web.Server(mirror.handle)  # no body is ever read: GET and HEAD only
    runner = web.ServerRunner(server, handle_signals=False)
    await runner.setup()
    site = web.TCPSite(runner, host, port, backlog=1024)
    await site.start()
    sockets = getattr(site._server, "sockets", None) or []  # the port the system gave
    ready(int(sockets[0].getsockname()[1]) if sockets else port)
    try:
        await stop.wait()
    finally:
        await runner.cleanup()

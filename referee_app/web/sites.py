"""What the web side serves, as route tables: the desk's overlay, the event board, the tournament.

A `Site` is a frozen table of `Route`s (a path, the methods it answers, how it answers) with the
words its pages fetch and the events its pages follow on `/events`. A server serves one or more
sites (the board that follows a tournament serves `BOARD` and `TOURNAMENT`); a path two sites
share is the same route. Only these paths exist: no file, no folder, no path is ever looked up.
The pages are fed: everything here reads the `Feed`, nothing decides.

A later site (the phones' API) is one more table, with its own methods and a body to read.
aiohttp's router finds a request's route (`routing`): its paths and their named segments, its
404 and 405.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from importlib import resources
from typing import TypeVar

from aiohttp import web

from referee_app.web.feed import Feed, Published, encode
from referee_app.web.overlay import vmix_fields
from referee_app.web.pages import chosen, filled, inlined

HTML, JS, CSS = "text/html; charset=utf-8", "text/javascript; charset=utf-8", "text/css; charset=utf-8"
JSON = "application/json; charset=utf-8"
READ_ONLY = ("GET", "HEAD")
MAX_BODY = 16 * 1024
"""The largest request body any route takes, in bytes (phone.md §3: a phone's tap is far smaller):
past it, 413 and nothing read further. The one body limit of the web side."""

KEEP_ALIVE_S = 15.0
"""A comment line this often keeps proxies and the browser from dropping a quiet stream."""
WRITE_TIMEOUT_S = 20.0
"""A stream whose browser stopped reading for this long is ended: its slot goes to another page."""
LANG = re.compile(r"[a-z]{2,3}", re.ASCII)
"""A language code a page may ask its words in (`/words.json?lang=fr`)."""

SECURITY_HEADERS = (
    ("Server", "referee-desk"),
    ("Cache-Control", "no-store"),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; frame-ancestors *"),
)


@dataclass(frozen=True, slots=True)
class Served:
    """What a running server hands its routes: its feed, its pages' words, the events its streams send."""

    feed: Feed
    words_json: Callable[[str], bytes]
    """A language code -> every word of the server's pages in it, encoded (made once per language)."""
    events: tuple[str, ...]


Named = Mapping[str, str]
"""The named segments of a request's path (`{"table": "7"}` for `/api/score/{table}`): text, for
the route to check."""
Answer = Callable[[Served, web.BaseRequest, Named], Awaitable[web.StreamResponse]]


@dataclass(frozen=True, slots=True)
class Route:
    """One path of a site: the methods it answers (anything else is 405) and how."""

    path: str
    answer: Answer
    methods: tuple[str, ...] = READ_ONLY
    stream: bool = False
    """A live stream: held open, counted against the server's stream caps (503 past them)."""
    body: bool = False
    """The route reads a body: the server reads it whole (at most `MAX_BODY` bytes, within the
    request's deadline) before the route runs. False: what comes is dropped."""
    too_large: Answer | None = None
    """The route's answer to a body over `MAX_BODY` (413), worded as its others; None: the status line."""


@dataclass(frozen=True, slots=True)
class Site:
    """A route table, the words its pages fetch (`words.words_for`'s site) and the events they follow."""

    name: str
    routes: tuple[Route, ...]
    words: str
    events: tuple[str, ...]


def routing(sites: tuple[Site, ...]) -> tuple[web.UrlDispatcher, dict[str, Route]]:
    """aiohttp's router for the paths of `sites` (a named segment, `/api/score/{table}`, matches
    one segment, nothing more), and their routes by path. A path two sites share must be the
    same route."""
    router = web.UrlDispatcher()
    routes: dict[str, Route] = {}
    for route in (route for site in sites for route in site.routes):
        known = routes.setdefault(route.path, route)
        if known != route:
            raise ValueError(f"{route.path} is served differently by two sites")
        if known is route:
            for method in route.methods:
                router.add_route(method, route.path, _unused)
    return router, routes


async def _unused(_request: web.Request) -> web.StreamResponse:
    """The router only finds routes: the server runs them (with its feed, its gate and its limits)."""
    raise web.HTTPInternalServerError


Reply = TypeVar("Reply", bound=web.StreamResponse)


def secured(response: Reply) -> Reply:
    """Every answer carries these: never cached, never sniffed, never framed from elsewhere, no program named."""
    for name, value in SECURITY_HEADERS:
        response.headers[name] = value
    return response


def refusal(status: int, allow: tuple[str, ...] = ()) -> web.Response:
    """Only the status line's words: never the request echoed back, never a trace."""
    response = web.Response(status=status)
    response.text = f"{status} {response.reason}\n"
    if allow:
        response.headers["Allow"] = ", ".join(allow)
    return secured(response)


def _answer(content_type: str, body: bytes) -> web.Response:
    response = web.Response(body=body)
    response.headers["Content-Type"] = content_type
    return secured(response)


def _asset(path: str, content_type: str, file: str, page: str | None = None) -> Route:
    """A fixed file of the package's `web` folder, read once; `page` fills a page template's `{page}`."""
    body = (resources.files("referee_app.web") / file).read_bytes()
    if page is not None:
        body = body.replace(b"{page}", page.encode())

    async def answer(_served: Served, _request: web.BaseRequest, _named: Named) -> web.StreamResponse:
        return _answer(content_type, body)

    return Route(path, answer)


def _page(path: str, file: str) -> Route:
    """A page of the package's `web` folder served with its first words and state, and its script and
    style inlined where it asks (`pages`)."""
    folder = resources.files("referee_app.web")
    template, policy = inlined((folder / file).read_bytes(), lambda name: (folder / name).read_bytes())

    async def answer(served: Served, request: web.BaseRequest, _named: Named) -> web.StreamResponse:
        lang = chosen(request.query.get("lang", ""), request.headers.get("Accept-Language", ""), served.words_json)
        body = filled(template, request.path, lang, served.words_json(lang), served.feed.tournament_document)
        response = _answer(HTML, body)
        response.headers["Content-Security-Policy"] = policy  # its own script and style, inlined, and no other
        response.headers["Content-Language"] = lang
        response.headers["Vary"] = "Accept-Language"
        return response

    return Route(path, answer)


async def _state(served: Served, _request: web.BaseRequest, _named: Named) -> web.StreamResponse:
    now = served.feed.current()
    return _answer(JSON, encode(dict(now.view, clock=now.clock())))


async def _words(served: Served, request: web.BaseRequest, _named: Named) -> web.StreamResponse:
    lang = request.query.get("lang", "en")
    return _answer(JSON, served.words_json(lang if LANG.fullmatch(lang) else "en"))  # a code, nothing else


async def _vmix(served: Served, _request: web.BaseRequest, _named: Named) -> web.StreamResponse:
    now = served.feed.current()
    return _answer(JSON, encode(vmix_fields(now.view, now.clock())))


async def _tournament(served: Served, _request: web.BaseRequest, _named: Named) -> web.StreamResponse:
    return _answer(JSON, served.feed.tournament_document())


async def _events(served: Served, request: web.BaseRequest, _named: Named) -> web.StreamResponse:
    """Server-Sent Events: the current state at once, then each new one, until either side goes."""
    response = secured(web.StreamResponse())
    response.content_type = "text/event-stream"
    if request.method == "HEAD":
        return response
    response.force_close()  # the connection ends with its stream
    await response.prepare(request)
    try:
        await _follow(served, response)
        await response.write_eof()
    except (TimeoutError, ConnectionError):  # the browser stopped reading, or went away
        if request.transport is not None:
            request.transport.close()
    return response


async def _follow(served: Served, response: web.StreamResponse) -> None:
    """Write the stream's events until the feed closes (the server stops)."""
    feed = served.feed
    await _write(response, b"retry: 1000\n\n")
    sent: Published | None = None
    while not feed.closed:
        now = feed.current() if sent is None else await feed.wait_after(sent.serial, KEEP_ALIVE_S)
        if feed.closed:
            break
        if sent is not None and now.serial == sent.serial:
            await _write(response, b": still here\n\n")
            continue
        await _write(response, b"".join(_news(served.events, sent, now)))
        sent = now


def _news(events: tuple[str, ...], sent: Published | None, now: Published) -> list[bytes]:
    """The events a stream is owed: each one that changed since `sent` (all of them at first)."""
    news = []
    if "state" in events and (sent is None or now.view_json is not sent.view_json):
        news.append(b"event: state\ndata: " + now.view_json + b"\n\n")
    if "clock" in events and (sent is None or now.reading is not sent.reading):
        news.append(b"event: clock\ndata: " + encode(now.clock()) + b"\n\n")
    if "tournament" in events and (sent is None or now.tournament_json is not sent.tournament_json):
        news.append(b"event: tournament\ndata: " + now.tournament_json + b"\n\n")
    if "live" in events and now.live is not None and (sent is None or now.live_json is not sent.live_json):
        news.append(b"event: live\ndata: " + now.live_json + b"\n\n")  # after the tournament: the latest
    return news


async def _write(response: web.StreamResponse, data: bytes) -> None:
    if data:
        await asyncio.wait_for(response.write(data), WRITE_TIMEOUT_S)


STATE_JSON = Route("/state.json", _state)
WORDS_JSON = Route("/words.json", _words)
EVENTS = Route("/events", _events, stream=True)

OVERLAY = Site(
    "overlay",
    (
        _asset("/overlay", HTML, "page.html", page="overlay"),
        _asset("/table", HTML, "page.html", page="table"),
        _asset("/live.js", JS, "live.js"),
        _asset("/live.css", CSS, "live.css"),
        STATE_JSON,
        WORDS_JSON,
        EVENTS,
        Route("/vmix.json", _vmix),
    ),
    words="overlay",
    events=("state", "clock"),
)
"""The desk's pages: the stream's overlay, the table's TV, the state and vMix's row."""

CALL_JS = _asset("/call.js", JS, "call.js")
"""The call as every page shows it (`call.js`: the calls, the minutes, the chime)."""
CALL_CSS = _asset("/call.css", CSS, "call.css")
ME_JS = _asset("/me.js", JS, "me.js")
"""A player's own page's script (`me.html`, served at `/me/{secret}` with the player's JSON)."""

_board_page = _asset("/board", HTML, "board.html")
BOARD = Site(
    "board",
    (
        Route("/", _board_page.answer),
        _board_page,
        _asset("/board.js", JS, "board.js"),
        _asset("/board.css", CSS, "board.css"),
        CALL_JS,
        CALL_CSS,
        STATE_JSON,
        WORDS_JSON,
        EVENTS,
    ),
    words="board",
    events=("state", "clock"),
)
"""The event board: every table on a venue TV."""

TOURNAMENT = Site(
    "tournament",
    (
        _page("/bracket", "bracket.html"),
        _page("/player", "player.html"),
        _asset("/tournament.js", JS, "tournament.js"),
        _asset("/tournament.css", CSS, "tournament.css"),
        CALL_JS,
        CALL_CSS,
        ME_JS,
        Route("/tournament.json", _tournament),
        WORDS_JSON,
        EVENTS,
    ),
    words="board",
    events=("tournament", "live"),
)
"""The tournament: its bracket, tables and queue, and the players' page."""

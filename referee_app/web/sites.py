"""What the web side serves, as route tables: the desk's overlay, the event board, the tournament.

A `Site` is a frozen table of `Route`s (a path, the methods it answers, how it answers) with the
words its pages fetch and the events its pages follow on `/events`. A server serves one or more
sites (the board that follows a tournament serves `BOARD` and `TOURNAMENT`); a path two sites
share is the same route. Only these paths exist: no file, no folder, no path is ever looked up.
The pages are fed: everything here reads the `Feed`, nothing decides.

A later site (the phones' API) is one more table, with its own methods and its own limits.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from dataclasses import dataclass
from importlib import resources
from typing import TypeVar

from aiohttp import web

from referee_app.web.feed import Feed, Published, encode
from referee_app.web.overlay import vmix_fields
from referee_app.web.pages import chosen, filled

HTML, JS, CSS = "text/html; charset=utf-8", "text/javascript; charset=utf-8", "text/css; charset=utf-8"
JSON = "application/json; charset=utf-8"
READ_ONLY = ("GET", "HEAD")

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


Answer = Callable[[Served, web.BaseRequest], Awaitable[web.StreamResponse]]


@dataclass(frozen=True, slots=True)
class Route:
    """One path of a site: the methods it answers (anything else is 405) and how."""

    path: str
    answer: Answer
    methods: tuple[str, ...] = READ_ONLY
    stream: bool = False
    """A live stream: held open, counted against the server's stream caps (503 past them)."""
    max_body: int = 0
    """The largest body the route takes, in bytes: its length must be given (411) and within
    it (413) before the route runs. 0: the route reads none (what comes is dropped)."""


@dataclass(frozen=True, slots=True)
class Site:
    """A route table, the words its pages fetch (`words.words_for`'s site) and the events they follow."""

    name: str
    routes: tuple[Route, ...]
    words: str
    events: tuple[str, ...]


PARAMS: ContextVar[dict[str, str]] = ContextVar("route_params", default={})  # noqa: B039  (never mutated)
"""The named segments of the path of the request being answered (`/api/score/{table}`): the server
sets them in the request's own task before its route runs."""
_SEGMENT = re.compile(r"\{([a-z_]+)\}")


def params() -> dict[str, str]:
    """The named segments of this request's route (`{"table": "7"}`): text, for the route to check."""
    return dict(PARAMS.get())


class Routes:
    """The paths a server serves, from its sites: a fixed path is looked up as it is; a path with
    named segments (`/api/score/{table}`) matches one non-empty segment each, nothing more. A path
    two sites share must be the same route."""

    def __init__(self, sites: tuple[Site, ...]) -> None:
        self._fixed: dict[str, Route] = {}
        self._patterned: dict[str, tuple[re.Pattern[str], Route]] = {}
        for site in sites:
            for route in site.routes:
                if _SEGMENT.search(route.path):
                    known = self._patterned.setdefault(route.path, (_pattern(route.path), route))[1]
                else:
                    known = self._fixed.setdefault(route.path, route)
                if known != route:
                    raise ValueError(f"{route.path} is served differently by two sites")

    def find(self, path: str) -> tuple[Route, dict[str, str]] | None:
        """The route of `path` and its named segments, or None (404)."""
        if (route := self._fixed.get(path)) is not None:
            return route, {}
        for pattern, route in self._patterned.values():
            if matched := pattern.fullmatch(path):
                return route, matched.groupdict()
        return None


def _pattern(path: str) -> re.Pattern[str]:
    parts = _SEGMENT.split(path)  # text, name, text, name, ..., text
    return re.compile("".join(re.escape(part) if i % 2 == 0 else f"(?P<{part}>[^/]+)" for i, part in enumerate(parts)))


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

    async def answer(_served: Served, _request: web.BaseRequest) -> web.StreamResponse:
        return _answer(content_type, body)

    return Route(path, answer)


def _page(path: str, file: str) -> Route:
    """A page of the package's `web` folder served with its first words and state (`pages`)."""
    template = (resources.files("referee_app.web") / file).read_bytes()

    async def answer(served: Served, request: web.BaseRequest, *_named: object) -> web.StreamResponse:
        lang = chosen(request.query.get("lang", ""), request.headers.get("Accept-Language", ""), served.words_json)
        body = filled(template, request.path, lang, served.words_json(lang), served.feed.tournament_document)
        response = _answer(HTML, body)
        response.headers["Content-Language"] = lang
        response.headers["Vary"] = "Accept-Language"
        return response

    return Route(path, answer)


async def _state(served: Served, _request: web.BaseRequest) -> web.StreamResponse:
    now = served.feed.current()
    return _answer(JSON, encode(dict(now.view, clock=now.clock())))


async def _words(served: Served, request: web.BaseRequest) -> web.StreamResponse:
    lang = request.query.get("lang", "en")
    return _answer(JSON, served.words_json(lang if LANG.fullmatch(lang) else "en"))  # a code, nothing else


async def _vmix(served: Served, _request: web.BaseRequest) -> web.StreamResponse:
    now = served.feed.current()
    return _answer(JSON, encode(vmix_fields(now.view, now.clock())))


async def _tournament(served: Served, _request: web.BaseRequest) -> web.StreamResponse:
    return _answer(JSON, served.feed.tournament_document())


async def _events(served: Served, request: web.BaseRequest) -> web.StreamResponse:
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

_board_page = _asset("/board", HTML, "board.html")
BOARD = Site(
    "board",
    (
        Route("/", _board_page.answer),
        _board_page,
        _asset("/board.js", JS, "board.js"),
        _asset("/board.css", CSS, "board.css"),
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
        Route("/tournament.json", _tournament),
        WORDS_JSON,
        EVENTS,
    ),
    words="board",
    events=("tournament", "live"),
)
"""The tournament: its bracket, tables and queue, and the players' page."""

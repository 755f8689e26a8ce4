"""The web server of the desk, the board and the tournament window: aiohttp, on one event loop.

The loop runs on a background thread of the process (`event_loop`), shared by every server the
process starts; the desk, the board and the tournament window hand their states to a server's
`feed` from their own threads. A server serves route tables (`sites.Site`): anything else is a
404, another method a 405, with a one-line body and no trace of the program, the database or the
file system.

aiohttp's router finds each request's route (`sites.routing`); a body is read by the server, up to
the one limit (`sites.MAX_BODY`), before the route runs.

A crowd cannot take it down (it is reachable from the venue network with `--overlay-lan`):
connections are capped in all and per address, a request's line and headers must be whole within
a few seconds of its connection (or of the answer before it, on a kept-alive one) and its body
within `BODY_DEADLINE_S` of its first byte (the oldest connection still waiting for its request,
headers or body, makes room for a new one when a cap is reached), live streams are capped in all and per
address (apart from the connections), and a lack of files pauses the taking of connections
instead of spinning (our own loop of `sock_accept`: asyncio's own server, on Python 3.11, logs and
retries once per slot of its backlog on each EMFILE). The process's open-file limit is raised
toward its hard limit so every connection and stream fits.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import socket
import threading
from collections import Counter
from collections.abc import Sequence
from typing import Any, cast

from aiohttp import web
from aiohttp.http_exceptions import BadHttpMethod

from referee_app.i18n import english
from referee_app.system import raise_open_files
from referee_app.web.cached import finish
from referee_app.web.feed import Feed, encode
from referee_app.web.sites import (
    BOARD,
    MAX_BODY,
    OVERLAY,
    READ_ONLY,
    TOURNAMENT,
    Named,
    Route,
    Served,
    Site,
    refusal,
    routing,
)
from referee_app.web.words import Words, words_for

log = logging.getLogger(__name__)
quiet = logging.getLogger(__name__ + ".access")
quiet.setLevel(logging.WARNING)
"""aiohttp's access log, kept out of the app's: a crowd must not fill it (one line per request)."""

DEFAULT_PORT = 8765
MAX_STREAMS = 256
"""Open `/events` streams at once: a TV, the players' pages, the phones of 64 tables. One more is
answered 503 (its page reads the JSON meanwhile and tries again)."""
MAX_STREAMS_PER_ADDRESS = 32
"""Open `/events` streams from one address: phones on the venue Wi-Fi (or one program) cannot
take every slot from the streaming PC."""
MAX_CONNECTIONS = 128
"""Connections served at once, streams apart: a crowd of idle ones cannot exhaust the desk."""
MAX_CONNECTIONS_PER_ADDRESS = 32
"""Connections from one address at once (streams apart)."""
HEADER_DEADLINE_S = 5.0
"""A request must be whole (request line and headers) this soon after its connection is taken,
or after the answer before it: a deadline for the whole, not for each read, so a client that
sends a byte now and then is closed all the same."""
BODY_DEADLINE_S = 10.0
"""A request must be whole, body included, this soon after its first byte (phone.md §3): a body
that never comes cannot hold a connection (it is waiting meanwhile: a newcomer may take its place)."""
METHODS = ("GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS")
"""The order of the methods in an `Allow` header."""
FILES_WANTED = 2048
"""The open-file limit the process asks for (macOS starts at 256): every connection and stream,
the listening sockets, and the desk's own files."""
FILES_NEEDED = MAX_CONNECTIONS + MAX_STREAMS + 128
ACCEPT_BACKOFF_S = 0.1
"""The pause after `accept()` fails for want of files (EMFILE): never a busy loop in the desk."""
OUT_OF_FILES = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)
STOP_S = 1.0
"""How long stopping waits for the streams to end before it cuts them."""
LINGER_S = 1.0
"""How long aiohttp drains a body the route did not read before closing (a GET with a body...)."""


class ListenError(OSError):
    """The server could not start (the port is taken, the address is not this machine's...)."""


_loop: asyncio.AbstractEventLoop | None = None
_loop_lock = threading.Lock()


def event_loop() -> asyncio.AbstractEventLoop:
    """The web's event loop, on its own daemon thread, started on first use and shared by every server."""
    global _loop
    with _loop_lock:
        if _loop is None:
            loop = asyncio.new_event_loop()
            loop.set_exception_handler(_loop_trouble)
            threading.Thread(target=_run_loop, args=(loop,), name="web", daemon=True).start()
            _loop = loop
        return _loop


def _run_loop(loop: asyncio.AbstractEventLoop) -> None:
    asyncio.set_event_loop(loop)
    loop.run_forever()


def _loop_trouble(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    """What asyncio reports (a lack of files while accepting, a callback that failed) goes to the app's log."""
    log.warning("web: %s", context.get("message"), exc_info=context.get("exception"))


def raise_file_limit() -> int | None:
    """Raise the open-file limit toward `FILES_WANTED` (`system.raise_open_files`); say in the
    log when it stays below what a full crowd needs. The limit now, or None (Windows)."""
    try:
        files = raise_open_files(FILES_WANTED)
    except OSError as exc:
        log.warning("web: %s", exc.strerror)
        return None
    if files is not None and files < FILES_NEEDED:
        log.warning("web: only %d files may be open: a full crowd needs %d", files, FILES_NEEDED)
    return files


class _Gate:
    """Who holds a connection or a stream, by address; only the loop's thread touches it."""

    def __init__(self) -> None:
        self.connections: dict[_Connection, None] = {}  # in the order they came: the oldest first
        self.per_address: Counter[str] = Counter()
        self.streams: Counter[str] = Counter()

    def admit(self, new: _Connection) -> bool:
        """Room for one more connection from `new.address`, in all and for that address. When there
        is none, the oldest connection still waiting for its request (from that address, then any)
        is closed to make it; when none is waiting, there is no room."""
        if self.per_address[new.address] >= MAX_CONNECTIONS_PER_ADDRESS and not self._evict(new.address):
            return False
        if len(self.connections) >= MAX_CONNECTIONS and not self._evict(None):
            return False
        self.connections[new] = None
        self.per_address[new.address] += 1
        return True

    def _evict(self, address: str | None) -> bool:
        oldest = next((c for c in self.connections if c.waiting and address in (None, c.address)), None)
        if oldest is None:
            return False
        oldest.cut()
        return True

    def leave(self, connection: _Connection) -> None:
        if connection in self.connections:
            del self.connections[connection]
            self.per_address[connection.address] -= 1
            if not self.per_address[connection.address]:
                del self.per_address[connection.address]

    def open_stream(self, connection: _Connection) -> bool:
        """A stream slot for this connection, if one is free (in all, and for its address); the
        connection then counts as a stream, no longer as a connection."""
        address = connection.address
        if self.streams.total() >= MAX_STREAMS or self.streams[address] >= MAX_STREAMS_PER_ADDRESS:
            return False
        self.streams[address] += 1
        self.leave(connection)
        return True

    def close_stream(self, connection: _Connection) -> None:
        self.streams[connection.address] -= 1
        if not self.streams[connection.address]:
            del self.streams[connection.address]


class _Connection(web.RequestHandler):
    """aiohttp's handler of one connection, with the gate before it and a deadline for each request."""

    __slots__ = ("_admitted", "_deadline", "_first_byte", "address", "gate", "waiting")

    def __init__(self, manager: _Server) -> None:
        super().__init__(manager, loop=manager.loop, lingering_time=LINGER_S, access_log=quiet)
        self.gate = manager.gate
        self.address = ""
        self.waiting = True
        self._admitted = False
        self._deadline: asyncio.TimerHandle | None = None
        self._first_byte: float | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        peer = transport.get_extra_info("peername")
        self.address = str(peer[0]) if peer else ""
        if not self.gate.admit(self):
            transport.close()  # no room: closed at once, never queued
            return
        self._admitted = True
        super().connection_made(transport)
        self.await_request()

    def connection_lost(self, exc: BaseException | None) -> None:
        if not self._admitted:
            return
        self._admitted = False
        self._stop_deadline()
        self.gate.leave(self)
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self._first_byte is None:
            self._first_byte = asyncio.get_running_loop().time()  # the body's deadline counts from it
        super().data_received(data)

    def await_request(self) -> None:
        """From now, the next request must be whole within `HEADER_DEADLINE_S`."""
        self._stop_deadline()
        self.waiting = True
        self._first_byte = None
        self._deadline = asyncio.get_running_loop().call_later(HEADER_DEADLINE_S, self._expire)

    def await_body(self) -> None:
        """The request's headers came: its body must be whole `BODY_DEADLINE_S` after its first
        byte; it is still waiting meanwhile."""
        self._stop_deadline()
        self.waiting = True
        loop = asyncio.get_running_loop()
        self._deadline = loop.call_at((self._first_byte or loop.time()) + BODY_DEADLINE_S, self._expire)

    def serving(self) -> None:
        """A whole request came: it is being answered, with no deadline."""
        self._stop_deadline()
        self.waiting = False

    def cut(self) -> None:
        """Close the connection now (at its deadline, or to make room)."""
        self._stop_deadline()
        self.gate.leave(self)
        self.force_close()

    def _expire(self) -> None:
        self._deadline = None
        if self.waiting:
            self.cut()

    def _stop_deadline(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def handle_error(
        self, request: web.BaseRequest, status: int = 500, exc: BaseException | None = None, message: str | None = None
    ) -> web.StreamResponse:
        """A request that could not be read (400...) or an answer that failed (500): its status line's
        words only. A failure of ours is logged with its traceback; a client's garbage is not news."""
        if status >= 500:
            log.error("web: answering %s failed", request.path, exc_info=exc)
        else:
            log.debug("web: a request from %s was refused (%d)", request.remote, status, exc_info=exc)
        if request.writer.output_size > 0:
            raise ConnectionError("the answer was already under way")
        # a method the parser does not know (BREW...): as any other method the pages do not answer
        response = refusal(405, READ_ONLY) if isinstance(exc, BadHttpMethod) else refusal(status)
        response.force_close()
        return response


class _Server(web.Server):
    """aiohttp's low-level server, making gated connections."""

    def __init__(self, handler: Any, gate: _Gate, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__(
            handler,
            handler_cancellation=True,  # a page that goes ends its stream
            loop=loop,
            request_factory=self._request,
        )
        self.gate = gate
        self.loop = loop

    def __call__(self) -> _Connection:
        return _Connection(self)

    def _request(self, message: Any, payload: Any, protocol: Any, writer: Any, task: Any) -> web.Request:
        """aiohttp's request, for its router, reading no body over `MAX_BODY` (413)."""
        return web.Request(message, payload, protocol, writer, task, self.loop, client_max_size=MAX_BODY)


class WebServer:
    """A web server for `sites` (`OVERLAY` for a desk, `BOARD` and `TOURNAMENT` for a board...):
    made listening, `start()` it, `publish` into its `feed`, `stop()` it."""

    def __init__(
        self, sites: Sequence[Site], port: int = DEFAULT_PORT, lan: bool = False, words: Words | None = None
    ) -> None:
        """`words`: the catalogue's translation into a language (the GUI's; English without it)."""
        self.sites = tuple(sites)
        self.lan = lan
        self.host = "0.0.0.0" if lan else "127.0.0.1"
        self._router, self._routes = routing(self.sites)
        self._words = words
        self._worded: dict[str, bytes] = {}
        raise_file_limit()
        self._loop = event_loop()
        self.feed = Feed(self._loop)
        events = tuple(dict.fromkeys(event for site in self.sites for event in site.events))
        self._served = Served(self.feed, self._words_json, events)
        self._gate = _Gate()
        self._aio = _Server(self._answer, self._gate, self._loop)
        self._taking: asyncio.Task[None] | None = None
        try:
            self._socket = socket.create_server((self.host, port), backlog=1024)  # a burst waits, never dropped
        except OSError as exc:
            self._loop.call_soon_threadsafe(self.feed.close)
            if exc.errno == errno.EADDRINUSE:
                raise ListenError(f"port {port} is already in use (choose another one)") from None
            raise ListenError(f"cannot listen on port {port}: {exc.strerror or exc}") from None

        self._socket.setblocking(False)

    @property
    def port(self) -> int:
        return int(self._socket.getsockname()[1])

    def start(self) -> WebServer:
        self._call(self._start())
        return self

    def stop(self) -> None:
        """End the streams and close the listening socket; the port is free again on return."""
        self._call(self._stop(), timeout=STOP_S + 3)

    def url(self, page: str = "overlay", host: str = "127.0.0.1") -> str:
        return f"http://{host}:{self.port}/{page}"

    def connections(self) -> int:
        """How many connections are held now, streams apart (the tests read it)."""
        return len(self._gate.connections)

    def streams(self) -> int:
        """How many live streams are open now."""
        return self._gate.streams.total()

    def _call(self, work: Any, timeout: float = 10.0) -> Any:
        return asyncio.run_coroutine_threadsafe(work, self._loop).result(timeout)

    async def _start(self) -> None:
        self._taking = asyncio.get_running_loop().create_task(self._take())

    async def _take(self) -> None:
        """Take each connection as it comes, until `stop`; without files, wait and try again."""
        loop = asyncio.get_running_loop()
        short = False
        while True:
            try:
                sock, _ = await loop.sock_accept(self._socket)
            except OSError as exc:
                if exc.errno not in OUT_OF_FILES:
                    log.warning("web: a connection could not be taken (%s)", exc)
                elif not short:
                    log.warning("web: out of files, no connection is taken for now (%s)", exc)
                short = exc.errno in OUT_OF_FILES
                await asyncio.sleep(ACCEPT_BACKOFF_S)
                continue
            short = False
            try:
                await loop.connect_accepted_socket(self._aio, sock)
            except OSError:
                sock.close()

    async def _stop(self) -> None:
        self.feed.close()
        if self._taking is not None:
            self._taking.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._taking
        self._socket.close()
        await self._aio.shutdown(STOP_S)  # the streams end on their own once the feed is closed

    async def _answer(self, request: web.Request) -> web.StreamResponse:
        """Every request: its route, by path and method (aiohttp's router); its body, read whole
        within its deadline; a stream only while there is a slot for it."""
        connection = cast(_Connection, request.protocol)
        connection.serving()
        try:
            match = await self._router.resolve(request)
            if (refused := match.http_exception) is not None:
                allowed = getattr(refused, "allowed_methods", ())
                return refusal(refused.status, tuple(m for m in METHODS if m in allowed))
            route = self._routes[match.route.resource.canonical] if match.route.resource else None
            if route is None:
                return refusal(404)
            if route.body and (too_large := await self._read_body(route, request, match)) is not None:
                return too_large
            if not (route.stream and request.method == "GET"):
                return finish(request, await route.answer(self._served, request, match))  # validated, compressed
            if not self._gate.open_stream(connection):
                return refusal(503)
            try:
                return await route.answer(self._served, request, match)
            finally:
                self._gate.close_stream(connection)
        finally:
            connection.await_request()

    async def _read_body(self, route: Route, request: web.Request, named: Named) -> web.StreamResponse | None:
        """Read the request's body whole before its route runs, the connection still waiting (its
        deadline: `BODY_DEADLINE_S` from its first byte); a body over `MAX_BODY` is the route's 413,
        and the connection closes after it, the rest unread."""
        if not request.body_exists:
            return None
        connection = cast(_Connection, request.protocol)
        connection.await_body()
        try:
            if request.content_length is not None and request.content_length > MAX_BODY:
                raise web.HTTPRequestEntityTooLarge(MAX_BODY, request.content_length)
            await request.read()  # kept by the request: the route reads it again at no cost
        except web.HTTPRequestEntityTooLarge:
            answer = await route.too_large(self._served, request, named) if route.too_large else refusal(413)
            answer.force_close()
            return answer
        finally:
            connection.serving()
        return None

    def _words_json(self, lang: str) -> bytes:
        """The pages' words in `lang` (English for a language the catalogue lacks), made once."""
        if lang not in self._worded:
            tr = english if self._words is None or lang == "en" else self._words(lang)
            words: dict[str, str] = {}
            for kind in dict.fromkeys(site.words for site in self.sites):
                words |= words_for(kind, tr)
            self._worded[lang] = encode(words)
        return self._worded[lang]


__all__ = ["BOARD", "DEFAULT_PORT", "OVERLAY", "TOURNAMENT", "ListenError", "Site", "WebServer"]

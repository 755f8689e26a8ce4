"""The live overlay's web server: a few fixed pages and the state, pushed with Server-Sent Events.

Python's own threaded `http.server`, so the desk needs nothing more. The desk hands each
new snapshot to `Feed.publish`, which only puts it in a queue: encoding and waking the
browsers happen on the feed's thread, never on the desk's. Only the routes in `ROUTES`
exist; anything else is a 404 (405 for another method), with a one-line body and no
trace of the program, the database or the file system.

A crowd cannot take it down (it is reachable from the venue network with `--overlay-lan`):
connections are capped in all and per address, a request must be whole within a few seconds
of its connection (the oldest still-waiting one makes room for a new one when the cap is
reached), event streams are capped in all and per address, and a lack of files pauses the
listening loop instead of spinning it.
"""

from __future__ import annotations

import contextlib
import errno
import io
import json
import logging
import queue
import re
import selectors
import socket
import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from typing import Any
from urllib.parse import parse_qs, urlsplit

from referee_app.i18n import english
from referee_app.web.overlay import NO_MATCH, vmix_fields
from referee_app.web.words import Words, words_for

log = logging.getLogger(__name__)

DEFAULT_PORT = 8765
MAX_LISTENERS = 64
"""Open `/events` streams at once (each holds a thread); one more is answered 503."""
MAX_STREAMS_PER_ADDRESS = 16
"""Open `/events` streams from one address: phones on the venue Wi-Fi (or one program) cannot
take every slot from the streaming PC."""
MAX_CONNECTIONS = 128
"""Connections served at once (each holds a thread and a file), well below the 1,024 (256 on
macOS) files a desktop session may open: a crowd of idle ones cannot exhaust the desk."""
MAX_CONNECTIONS_PER_ADDRESS = 32
"""Connections from one address at once."""
HEADER_DEADLINE_S = 5.0
"""A request must be whole (request line and headers) this soon after its connection is taken:
a deadline for the whole, not for each read, so a client that sends a byte now and then is
closed all the same."""
ACCEPT_BACKOFF_S = 0.1
"""The pause after `accept()` fails for want of files (EMFILE): never a busy loop in the desk."""
KEEP_ALIVE_S = 15.0
"""A comment line this often keeps proxies and the browser from dropping a quiet stream."""

PAGES = ("overlay", "table")
LANG = re.compile(r"[a-z]{2,3}", re.ASCII)
"""A language code a page may ask its words in (`/words.json?lang=fr`)."""
HOLD_S = 0.02
"""How long the feed holds a publication before the browsers get it: the desk repaints first.
A browser on the same computer (OBS, a preview tab) renders each change; doing it while the
desk repaints made the desk's click p95 1.6x slower on a 2-core laptop (bench/overlay.py)."""


class OverlayError(OSError):
    """The server could not start (the port is taken, the address is not this machine's...)."""


@dataclass(frozen=True, slots=True)
class Published:
    """What the feed holds: the latest view, encoded once for every reader, and the shot clock."""

    serial: int
    view: dict[str, Any]
    view_json: bytes
    reading: dict[str, Any] | None
    read_at: float
    """`time.monotonic()` when the desk read its clock: a page that opens later counts from now."""
    tournament_json: bytes = b"null"
    """The board's tournament (`publish_tournament`), encoded once; `null` when there is none."""

    def clock(self) -> dict[str, Any] | None:
        """The shot clock as it stands at this moment (a running one has gone on since the reading)."""
        if self.reading is None or not self.reading.get("running"):
            return self.reading
        spent = time.monotonic() - self.read_at
        return dict(self.reading, remaining_s=max(0.0, round(self.reading["remaining_s"] - spent, 2)))


def _encode(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()


_STOP = object()


class Feed:
    """The latest snapshot, handed over from the desk without waiting, and read by the streams."""

    def __init__(self) -> None:
        self._inbox: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._changed = threading.Condition()
        self._now = Published(0, NO_MATCH, _encode(NO_MATCH), None, 0.0)
        self.closed = False
        self._thread = threading.Thread(target=self._run, name="overlay-feed", daemon=True)
        self._thread.start()

    def publish(self, view: dict[str, Any]) -> None:
        """Hand over a new view (`live.snapshot`): a queue put, nothing else on the caller's thread."""
        self._inbox.put(("view", view))

    def publish_tournament(self, tournament: dict[str, Any] | None) -> None:
        """Hand over the tournament the board's pages draw (bracket, tables, queue, players' next
        matches): spec §4's `show` dict with its layout and words, or None for no tournament."""
        self._inbox.put(("tournament", tournament))

    def publish_clock(self, clock: dict[str, Any] | None) -> None:
        """Hand over the shot clock: `{"running", "remaining_s", "limit_s"}`, or None for no clock."""
        self._inbox.put(("clock", (clock, time.monotonic())))

    def current(self) -> Published:
        return self._now

    def wait_after(self, serial: int, timeout: float) -> Published:
        """The latest publication once it is newer than `serial` (or after `timeout`, or on close)."""
        with self._changed:
            self._changed.wait_for(lambda: self._now.serial != serial or self.closed, timeout)
            return self._now

    def close(self) -> None:
        self._inbox.put(_STOP)
        self._thread.join(timeout=2)
        with self._changed:
            self.closed = True
            self._changed.notify_all()

    def _run(self) -> None:
        while True:
            items = [self._inbox.get()]
            time.sleep(HOLD_S)  # the desk's repaint goes first; whatever came meanwhile goes together
            while True:  # everything queued meanwhile: only the latest of each kind is sent
                try:
                    items.append(self._inbox.get_nowait())
                except queue.Empty:
                    break
            now = self._now
            view, view_json, reading, read_at = now.view, now.view_json, now.reading, now.read_at
            tournament_json = now.tournament_json
            for item in items:
                if item is _STOP:
                    return
                kind, value = item
                if kind == "view":
                    view, view_json = value, _encode(value)
                elif kind == "tournament":
                    tournament_json = _encode(value)
                else:
                    reading, read_at = value
            with self._changed:
                self._now = Published(now.serial + 1, view, view_json, reading, read_at, tournament_json)
                self._changed.notify_all()


HTML, JS, CSS = "text/html; charset=utf-8", "text/javascript; charset=utf-8", "text/css; charset=utf-8"


def _load_assets(kind: str) -> dict[str, tuple[str, bytes]]:
    """The fixed routes and their bodies, read once from the package's `web` folder: the desk's
    overlay pages, or the organizer's board."""
    web = resources.files("referee_app.web")
    if kind == "board":
        board = (web / "board.html").read_bytes()
        return {
            "/": (HTML, board),
            "/board": (HTML, board),
            "/board.js": (JS, (web / "board.js").read_bytes()),
            "/board.css": (CSS, (web / "board.css").read_bytes()),
            "/bracket": (HTML, (web / "bracket.html").read_bytes()),
            "/player": (HTML, (web / "player.html").read_bytes()),
            "/tournament.js": (JS, (web / "tournament.js").read_bytes()),
            "/tournament.css": (CSS, (web / "tournament.css").read_bytes()),
        }
    page = (web / "page.html").read_text(encoding="utf-8")
    routes = {f"/{name}": (HTML, page.replace("{page}", name).encode()) for name in PAGES}
    routes["/live.js"] = (JS, (web / "live.js").read_bytes())
    routes["/live.css"] = (CSS, (web / "live.css").read_bytes())
    return routes


SECURITY_HEADERS = (
    ("Cache-Control", "no-store"),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; frame-ancestors *"),
)


@dataclass(slots=True)
class _Waiting:
    """A connection still sending its request: its address, until when it may, and what came."""

    address: str
    deadline: float
    head: bytearray


HEAD_ENDS = (b"\r\n\r\n", b"\n\n")
HEAD_LIMIT = 64 * 1024 + 2
"""A request's start this long goes to a thread as it is: `http.server` answers a line that long 431."""


class _Http(ThreadingHTTPServer):
    """The HTTP server, with a gate before it. One thread (`run`) takes every connection and reads
    its request with a selector: a connection that idles or trickles costs a file, never a thread,
    and is closed at its deadline (or sooner, to make room for a new one when the caps are
    reached). Only a whole request goes on to a thread of its own (`_Handler`)."""

    daemon_threads = True
    block_on_close = False  # stopping never waits for a browser's open stream
    request_queue_size = 1024  # a burst of connections waits to be taken (or closed), never dropped

    def __init__(self, address: tuple[str, int], feed: Feed, kind: str, words: Words | None) -> None:
        self.feed = feed
        self.kind = kind
        self.assets = _load_assets(kind)
        self.words = words
        self._worded: dict[str, bytes] = {}  # a language's words, made once
        self._wording = threading.Lock()
        self._lock = threading.Lock()
        self._waiting: dict[socket.socket, _Waiting] = {}  # the gate's own: only `run` touches it
        self._serving: dict[socket.socket, str] = {}  # a thread answers them (under the lock)
        self._heads: dict[socket.socket, bytes] = {}  # what the gate read, for the handler
        self._streams: dict[str, int] = {}  # open `/events` streams, by address (under the lock)
        self._stopping = False
        self._wake_read, self._wake_write = socket.socketpair()  # before the bind: a failed one closes them
        super().__init__(address, _Handler)
        self.socket.setblocking(False)

    def run(self) -> None:
        """The gate's loop, until `stop`."""
        with selectors.DefaultSelector() as selector:
            selector.register(self.socket, selectors.EVENT_READ)
            selector.register(self._wake_read, selectors.EVENT_READ)
            while not self._stopping:
                for key, _ in selector.select(0.25):
                    if key.fileobj is self.socket:
                        self._take(selector)
                    elif key.fileobj is self._wake_read:
                        with contextlib.suppress(OSError):
                            self._wake_read.recv(64)
                    else:
                        self._read(selector, key.fileobj)  # type: ignore[arg-type]
                self._expire(selector)
            for sock in list(self._waiting):
                self._close_waiting(selector, sock)

    def stop(self) -> None:
        self._stopping = True
        with contextlib.suppress(OSError):
            self._wake_write.send(b"x")

    def server_close(self) -> None:
        super().server_close()
        self._wake_read.close()
        self._wake_write.close()

    def _take(self, selector: selectors.BaseSelector) -> None:
        """Take the connections waiting on the listening socket (a batch, then back to the others)."""
        for _ in range(64):
            try:
                sock, client = self.get_request()
            except BlockingIOError:
                return
            except OSError as exc:
                if exc.errno in (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM):
                    time.sleep(ACCEPT_BACKOFF_S)  # the listening socket stays readable: wait, do not spin
                return
            address = str(client[0])
            if not self._room_for(selector, address):
                with contextlib.suppress(OSError):
                    sock.close()
                continue
            sock.setblocking(False)
            self._waiting[sock] = _Waiting(address, time.monotonic() + HEADER_DEADLINE_S, bytearray())
            selector.register(sock, selectors.EVENT_READ)

    def _room_for(self, selector: selectors.BaseSelector, address: str) -> bool:
        """Room for one more connection from `address`: in all and for that address. When there is
        none, the oldest connection still sending its request (from that address, then any) is
        closed to make it; when none is, there is no room."""
        with self._lock:
            serving = list(self._serving.values())
        mine = serving.count(address) + sum(1 for w in self._waiting.values() if w.address == address)
        if mine >= MAX_CONNECTIONS_PER_ADDRESS:
            oldest = next((sock for sock, w in self._waiting.items() if w.address == address), None)
            if oldest is None:
                return False
            self._close_waiting(selector, oldest)
        if len(serving) + len(self._waiting) >= MAX_CONNECTIONS:
            oldest = next(iter(self._waiting), None)
            if oldest is None:
                return False
            self._close_waiting(selector, oldest)
        return True

    def _read(self, selector: selectors.BaseSelector, sock: socket.socket) -> None:
        waiting = self._waiting.get(sock)
        if waiting is None:
            return
        try:
            data = sock.recv(16384)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:  # the client went away before its request was whole
            self._close_waiting(selector, sock)
            return
        waiting.head += data
        if len(waiting.head) >= HEAD_LIMIT or any(end in waiting.head for end in HEAD_ENDS):
            selector.unregister(sock)
            del self._waiting[sock]
            sock.setblocking(True)
            with self._lock:
                self._serving[sock] = waiting.address
                self._heads[sock] = bytes(waiting.head)
            try:
                self.process_request(sock, (waiting.address, 0))  # its own thread, as http.server does
            except Exception:
                log.debug("overlay: a request could not be handed to a thread", exc_info=True)
                self.shutdown_request(sock)

    def _expire(self, selector: selectors.BaseSelector) -> None:
        now = time.monotonic()
        for sock in [sock for sock, w in self._waiting.items() if w.deadline < now]:
            self._close_waiting(selector, sock)

    def _close_waiting(self, selector: selectors.BaseSelector, sock: socket.socket) -> None:
        self._waiting.pop(sock, None)
        with contextlib.suppress(KeyError, ValueError):
            selector.unregister(sock)
        with contextlib.suppress(OSError):
            sock.close()

    def head_of(self, sock: socket.socket) -> bytes:
        """What the gate read of this connection's request (the handler reads it first)."""
        with self._lock:
            return self._heads.pop(sock, b"")

    def open_stream(self, address: str) -> bool:
        """A stream slot for `address`, if one is free (in all, and for that address)."""
        with self._lock:
            if sum(self._streams.values()) >= MAX_LISTENERS or self._streams.get(address, 0) >= MAX_STREAMS_PER_ADDRESS:
                return False
            self._streams[address] = self._streams.get(address, 0) + 1
            return True

    def close_stream(self, address: str) -> None:
        with self._lock:
            left = self._streams.get(address, 0) - 1
            if left > 0:
                self._streams[address] = left
            else:
                self._streams.pop(address, None)

    def connections(self) -> int:
        """How many connections are held now, waiting or answered (the tests read it)."""
        with self._lock:
            return len(self._serving) + len(self._waiting)

    def shutdown_request(self, request: Any) -> None:
        with self._lock:
            self._serving.pop(request, None)
            self._heads.pop(request, None)
        super().shutdown_request(request)

    def handle_error(self, request: Any, client_address: Any) -> None:
        log.debug("overlay request from %s failed", client_address, exc_info=True)

    def words_json(self, lang: str) -> bytes:
        """The site's words in `lang` (English for a language the catalogue lacks), from the catalogue."""
        with self._wording:
            if lang not in self._worded:
                tr = english if self.words is None or lang == "en" else self.words(lang)
                self._worded[lang] = _encode(words_for(self.kind, tr))
            return self._worded[lang]


class _Replayed(io.RawIOBase):
    """A connection's input: what the gate read of it first, then the socket."""

    def __init__(self, head: bytes, rest: Any) -> None:
        self._head = memoryview(head)
        self._rest = rest

    def readable(self) -> bool:
        return True

    def close(self) -> None:
        if not self.closed:
            self._rest.close()  # the socket's file reference: without it the socket would never close
        super().close()

    def readinto(self, buffer: Any) -> int:
        if self._head:
            n = min(len(buffer), len(self._head))
            buffer[:n] = self._head[:n]
            self._head = self._head[n:]
            return n
        return int(self._rest.readinto(buffer) or 0)


class _Handler(BaseHTTPRequestHandler):
    server: _Http
    server_version = "referee-desk"
    sys_version = ""

    def version_string(self) -> str:
        return self.server_version

    timeout = 20  # a browser that stops reading frees its thread
    error_content_type = "text/plain; charset=utf-8"
    error_message_format = "%(code)d %(message)s\n"

    def setup(self) -> None:
        super().setup()
        self.rfile = io.BufferedReader(_Replayed(self.server.head_of(self.request), self.connection.makefile("rb", 0)))

    def do_GET(self) -> None:
        self._serve(body=True)

    def do_HEAD(self) -> None:
        self._serve(body=False)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("do_"):  # POST, PUT, DELETE, anything: the pages are read-only
            return self._not_allowed
        raise AttributeError(name)

    def _not_allowed(self) -> None:
        self.refused_method = True
        self.send_error(405)

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """Only the status line's words: never the request echoed back, never a trace."""
        super().send_error(code)

    def end_headers(self) -> None:
        for name, value in SECURITY_HEADERS:
            self.send_header(name, value)
        if getattr(self, "refused_method", False):
            self.send_header("Allow", "GET, HEAD")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        log.debug("overlay: " + format, *args)

    def _serve(self, body: bool) -> None:
        url = urlsplit(self.path)
        path = url.path
        feed = self.server.feed
        if path == "/events" and body:
            self._stream(feed)
            return
        if path == "/state.json":
            now = feed.current()
            view = dict(now.view, clock=now.clock())
            self._send(200, "application/json; charset=utf-8", _encode(view), body)
        elif path == "/words.json":
            lang = parse_qs(url.query).get("lang", ["en"])[0]
            lang = lang if LANG.fullmatch(lang) else "en"  # a page's own language code, nothing else
            self._send(200, "application/json; charset=utf-8", self.server.words_json(lang), body)
        elif path == "/tournament.json" and self.server.kind == "board":
            self._send(200, "application/json; charset=utf-8", feed.current().tournament_json, body)
        elif path == "/vmix.json" and self.server.kind == "overlay":
            now = feed.current()
            self._send(200, "application/json; charset=utf-8", _encode(vmix_fields(now.view, now.clock())), body)
        elif path in self.server.assets:
            content_type, data = self.server.assets[path]
            self._send(200, content_type, data, body)
        elif path == "/events":
            self._send(200, "text/event-stream", b"", body=False)
        else:
            self.send_error(404)

    def _send(self, code: int, content_type: str, data: bytes, body: bool) -> None:
        self.send_response(code)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if body:
            self.wfile.write(data)

    def _stream(self, feed: Feed) -> None:
        """Server-Sent Events: the current state at once, then each new one, until either side goes."""
        address = str(self.client_address[0])
        if not self.server.open_stream(address):
            self.send_error(503)
            return
        try:
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.end_headers()
            self.wfile.write(b"retry: 1000\n\n")
            sent: Published | None = None
            while not feed.closed:
                now = feed.current() if sent is None else feed.wait_after(sent.serial, KEEP_ALIVE_S)
                if feed.closed:
                    break
                if sent is not None and now.serial == sent.serial:
                    self.wfile.write(b": still here\n\n")
                else:
                    if sent is None or now.view_json is not sent.view_json:
                        self.wfile.write(b"event: state\ndata: " + now.view_json + b"\n\n")
                    if sent is None or now.reading is not sent.reading:
                        self.wfile.write(b"event: clock\ndata: " + _encode(now.clock()) + b"\n\n")
                    if self.server.kind == "board" and (
                        sent is None or now.tournament_json is not sent.tournament_json
                    ):
                        self.wfile.write(b"event: tournament\ndata: " + now.tournament_json + b"\n\n")
                    sent = now
                self.wfile.flush()
        except OSError:  # the browser went away (closed tab, network, timeout)
            pass
        finally:
            self.server.close_stream(address)


class OverlayServer:
    """The overlay for one desk: `start()` it, `publish` views into its `feed`, `stop()` it."""

    def __init__(
        self, port: int = DEFAULT_PORT, lan: bool = False, kind: str = "overlay", words: Words | None = None
    ) -> None:
        """`kind`: "overlay" (the desk's pages) or "board" (the organizer's board of every table);
        `words`: the catalogue's translation into a language (the GUI's; English without it)."""
        self.lan = lan
        self.feed = Feed()
        host = "0.0.0.0" if lan else "127.0.0.1"
        try:
            self._http = _Http((host, port), self.feed, kind, words)
        except OSError as exc:
            self.feed.close()
            if exc.errno == errno.EADDRINUSE:
                raise OverlayError(f"port {port} is already in use (choose another one)") from None
            raise OverlayError(f"cannot listen on port {port}: {exc.strerror or exc}") from None
        self._thread = threading.Thread(target=self._http.run, name="overlay", daemon=True)

    @property
    def port(self) -> int:
        return int(self._http.server_address[1])

    def start(self) -> OverlayServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        """Close the streams and the listening socket; the port is free again on return."""
        self.feed.close()
        self._http.stop()
        if self._thread.is_alive():
            self._thread.join(timeout=2)
        self._http.server_close()

    def url(self, page: str = "overlay", host: str = "127.0.0.1") -> str:
        return f"http://{host}:{self.port}/{page}"

"""The board's web server with the phone tables' routes (phone.md §2, §3): `GET /score/N` (the
page), `GET` and `POST /api/score/N` (the API), beside the board's pages (`/bracket`, `/player`).

The routes are mounted on the board's server (`server.OverlayServer`, kind "board": its gate, its
caps per address, its security headers) by a handler that knows four paths more; the answers are
the API's (`Scoring`: the tournament wing's `PhoneTables`, behind a protocol, since the web wing
sits below it). A body over 16 KiB is answered 413 before it is read. The key travels only in
the `Authorization` header: the page's link carries it in its fragment, which no browser sends,
and nothing here logs a request line.
"""

from __future__ import annotations

import errno
import re
import threading
from importlib import resources
from typing import Protocol

from referee_app.web import server as board
from referee_app.web.words import Words

MAX_BODY = 16 * 1024
API = re.compile(r"/api/score/([0-9]{1,4})")
PAGE = re.compile(r"/score/([0-9]{1,4})")
JSON = "application/json; charset=utf-8"


class Answer(Protocol):
    @property
    def status(self) -> int: ...

    @property
    def undo_target(self) -> int | None: ...

    def encoded(self) -> bytes: ...


class Scoring(Protocol):
    """What the phone routes call (`referee_app.tournament.phone_api.PhoneTables`, or its runner)."""

    def get(self, table: int, authorization: str | None, address: str) -> Answer: ...

    def post(self, table: int, authorization: str | None, address: str, body: bytes) -> Answer: ...


TOO_BIG = b'{"error":"the request is too large (16 KiB at most)"}'


class _Handler(board._Handler):
    server: _Http

    def do_POST(self) -> None:
        match = API.fullmatch(self.path)
        if match is None:
            self._not_allowed()
            return
        length = self.headers.get("Content-Length")
        try:
            size = int(length) if length is not None else 0
        except ValueError:
            size = -1
        if size > MAX_BODY:
            self.close_connection = True  # the body is not read: the connection cannot be used again
            self._send(413, JSON, TOO_BIG, body=True)
            return
        if size < 0:
            self.send_error(400)
            return
        data = self.rfile.read(size) if size else b""
        answer = self.server.scoring.post(
            int(match.group(1)), self.headers.get("Authorization"), self.client_address[0], data
        )
        self._answer(answer, body=True)

    def _answer(self, answer: Answer, body: bool) -> None:
        self.undo_target = answer.undo_target
        self._send(answer.status, JSON, answer.encoded(), body)

    def _serve(self, body: bool) -> None:
        path = self.path.partition("?")[0]
        api = API.fullmatch(path)
        if api is not None:
            answer = self.server.scoring.get(
                int(api.group(1)), self.headers.get("Authorization"), self.client_address[0]
            )
            self._answer(answer, body)
        elif PAGE.fullmatch(path) is not None:
            self._send(200, "text/html; charset=utf-8", self.server.score_page, body)
        elif path == "/score.js":
            self._send(200, "text/javascript; charset=utf-8", self.server.score_js, body)
        elif path == "/score.css":
            self._send(200, "text/css; charset=utf-8", self.server.score_css, body)
        else:
            super()._serve(body)

    undo_target: int | None = None

    def end_headers(self) -> None:
        if self.undo_target is not None:
            self.send_header("X-Undo-Target", str(self.undo_target))
            self.undo_target = None
        if getattr(self, "refused_method", False) and API.fullmatch(self.path.partition("?")[0]):
            self.refused_method = False
            self.send_header("Allow", "GET, HEAD, POST")
        super().end_headers()


class _Http(board._Http):
    def __init__(self, address: tuple[str, int], feed: board.Feed, words: Words | None, scoring: Scoring) -> None:
        super().__init__(address, feed, "board", words)
        self.RequestHandlerClass = _Handler
        self.scoring = scoring
        web = resources.files("referee_app.web")
        self.score_page = (web / "score.html").read_bytes()
        self.score_js = (web / "score.js").read_bytes()
        self.score_css = (web / "score.css").read_bytes()


class PhoneServer(board.OverlayServer):
    """The board's site with the phone tables: `start()`, publish the tournament into `feed`, `stop()`."""

    def __init__(self, port: int, lan: bool, scoring: Scoring, words: Words | None = None) -> None:
        self.lan = lan
        self.feed = board.Feed()
        host = "0.0.0.0" if lan else "127.0.0.1"
        try:
            self._http = _Http((host, port), self.feed, words, scoring)
        except OSError as exc:
            self.feed.close()
            if exc.errno == errno.EADDRINUSE:
                raise board.OverlayError(f"port {port} is already in use (choose another one)") from None
            raise board.OverlayError(f"cannot listen on port {port}: {exc.strerror or exc}") from None
        self._thread = threading.Thread(target=self._http.run, name="phones", daemon=True)

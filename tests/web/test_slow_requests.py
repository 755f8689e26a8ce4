"""Slow and crafted requests are bounded (phone.md 1.1 §3): a body not whole `BODY_DEADLINE_S`
after its request's first byte is closed, however it trickles; a header costs linear time."""

from __future__ import annotations

import http.client
import socket
import time
from collections.abc import Iterator

import pytest
from aiohttp import web

import referee_app.web.server as server
from referee_app.web.phone_http import asked_languages
from referee_app.web.server import WebServer
from referee_app.web.sites import Named, Route, Served, Site
from tests.waiting import eventually

DEADLINE_S = 1.5


@pytest.fixture
def posted(monkeypatch: pytest.MonkeyPatch) -> Iterator[WebServer]:
    """A server of one route that takes a body, with the body's deadline shortened."""
    monkeypatch.setattr(server, "BODY_DEADLINE_S", DEADLINE_S)  # the same rule, sooner: the test stays short

    async def echo(_served: Served, request: web.BaseRequest, _named: Named) -> web.StreamResponse:
        return web.Response(body=await request.read())

    site = Site("echo", (Route("/echo", echo, methods=("POST",), body=True),), "board", ())
    running = WebServer((site,), port=0).start()
    yield running
    running.stop()


def closed(sock: socket.socket) -> bool:
    """The server closed the connection (nothing more to read)."""
    try:
        return sock.recv(4096) == b""
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


def test_a_body_that_never_comes_is_closed_after_its_deadline(posted: WebServer) -> None:
    with socket.create_connection(("127.0.0.1", posted.port), timeout=0.2) as slow:
        started = time.monotonic()
        slow.sendall(b"POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{")
        eventually(lambda: closed(slow), "the slow body closed", timeout=DEADLINE_S + 10)
        assert time.monotonic() - started >= DEADLINE_S - 0.1
    assert posted.connections() == 0


def test_a_body_sent_a_byte_at_a_time_is_closed_all_the_same(posted: WebServer) -> None:
    with socket.create_connection(("127.0.0.1", posted.port), timeout=0.2) as slow:
        started = time.monotonic()
        slow.sendall(b"POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n")
        gone = False
        while not gone and time.monotonic() - started < DEADLINE_S + 10:
            try:
                slow.sendall(b"x")
            except OSError:
                break
            gone = closed(slow)
        assert time.monotonic() - started < DEADLINE_S + 10, "a trickling body kept its connection"


def test_a_body_whole_in_time_is_answered(posted: WebServer) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", posted.port, timeout=10)
    connection.request("POST", "/echo", b'{"id": "t"}')
    response = connection.getresponse()
    assert (response.status, response.read()) == (200, b'{"id": "t"}')
    connection.close()


def test_a_slow_body_gives_its_place_to_a_newcomer(posted: WebServer, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every slot held by a request whose body has not come: a new connection still gets in."""
    monkeypatch.setattr(server, "MAX_CONNECTIONS", 4)
    monkeypatch.setattr(server, "BODY_DEADLINE_S", 60.0)
    held = [socket.create_connection(("127.0.0.1", posted.port), timeout=5) for _ in range(4)]
    try:
        for sock in held:
            sock.sendall(b"POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{")
        eventually(lambda: posted.connections() == 4, "the four slow bodies held")
        connection = http.client.HTTPConnection("127.0.0.1", posted.port, timeout=10)
        connection.request("POST", "/echo", b"{}")
        assert connection.getresponse().status == 200
        connection.close()
    finally:
        for sock in held:
            sock.close()


def test_a_language_header_of_spaces_costs_linear_time() -> None:
    """Two runs of blanks side by side in the pattern made 8 KB of spaces cost 0.2 s, 64 KB 13 s."""
    header = "en" + " " * 64 * 1024 + "x"
    started = time.process_time()
    assert asked_languages(header) == ()
    assert asked_languages(" fr-CA ; q=0.8 ," + " " * 64 * 1024 + "en") == ("en", "fr")
    assert time.process_time() - started < 0.5

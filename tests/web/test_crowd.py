"""The overlay holds a crowd: idle and trickling connections, slow event streams from one address,
and a process out of files. Real sockets on loopback, each test bounded to a few seconds."""

from __future__ import annotations

import contextlib
import errno
import http.client
import os
import socket
import threading
import time
from collections.abc import Iterator

import pytest

import referee_app.web.server as web
from referee_app.web.server import MAX_CONNECTIONS, MAX_LISTENERS, MAX_STREAMS_PER_ADDRESS, OverlayServer


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> Iterator[OverlayServer]:
    monkeypatch.setattr(web, "HEADER_DEADLINE_S", 1.0)  # the same rule, sooner: the tests stay short
    running = OverlayServer(port=0).start()
    yield running
    running.stop()


def state_answers(server: OverlayServer, source: str = "127.0.0.1", timeout: float = 2.0) -> float:
    """Seconds /state.json took to answer (it must)."""
    started = time.monotonic()
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=timeout, source_address=(source, 0))
    connection.request("GET", "/state.json")
    response = connection.getresponse()
    assert response.status == 200 and response.read().startswith(b"{")
    connection.close()
    return time.monotonic() - started


def trickler(server: OverlayServer, source: str = "127.0.0.1") -> socket.socket:
    """A connection that starts a request and never finishes it (slowloris)."""
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=2, source_address=(source, 0))
    sock.sendall(b"GET /state.json HTTP/1.1\r\nHost: x\r\n")
    return sock


def closed_by_server(sock: socket.socket, within: float) -> bool:
    sock.settimeout(within)
    try:
        return sock.recv(1) == b""
    except (ConnectionResetError, BrokenPipeError):
        return True
    except TimeoutError:
        return False


def first_line(sock: socket.socket) -> bytes:
    """The status line the server sent, or b"closed" when it closed the connection instead."""
    try:
        return sock.recv(64).split(b"\r\n")[0] or b"closed"
    except (ConnectionResetError, BrokenPipeError):
        return b"closed"


def cpu_seconds() -> float:
    times = os.times()
    return times.user + times.system


def test_a_thousand_idle_connections_neither_take_the_page_down_nor_spin(server: OverlayServer) -> None:
    threads_before = threading.active_count()
    crowd: list[socket.socket] = []
    try:
        for n in range(1000):  # one address, as a program on this computer would
            with contextlib.suppress(OSError):  # refused at once when there is no room: that is fine too
                crowd.append(trickler(server))
            if n % 100 == 0:
                for sock in crowd[-50:]:
                    with_suppressed_send(sock, b"X")
        assert server._http.connections() <= MAX_CONNECTIONS
        assert threading.active_count() - threads_before <= MAX_CONNECTIONS + 8
        assert state_answers(server) < 1.0
        assert state_answers(server, "127.0.0.9") < 1.0  # another address: not starved either
        cpu, started = cpu_seconds(), time.monotonic()
        time.sleep(1.0)
        assert (cpu_seconds() - cpu) / (time.monotonic() - started) < 0.5  # no busy loop
    finally:
        for sock in crowd:
            sock.close()


def with_suppressed_send(sock: socket.socket, data: bytes) -> None:
    with contextlib.suppress(OSError):
        sock.send(data)


def test_a_request_trickled_a_byte_at_a_time_is_closed_at_its_deadline(server: OverlayServer) -> None:
    sock = trickler(server)
    started = time.monotonic()
    closed = False
    while time.monotonic() - started < 3.0 and not closed:
        with_suppressed_send(sock, b"X")  # each byte in time for a per-read timeout: not for the deadline
        closed = closed_by_server(sock, 0.2)
    sock.close()
    assert closed and time.monotonic() - started < 2.5
    assert state_answers(server) < 1.0


def test_one_address_cannot_hold_every_connection(server: OverlayServer) -> None:
    crowd = [trickler(server, "127.0.0.2") for _ in range(MAX_CONNECTIONS)]
    try:
        assert server._http.connections() <= web.MAX_CONNECTIONS_PER_ADDRESS + 1
        # the oldest of them were closed to make room for the newest
        assert closed_by_server(crowd[0], 1.0)
        assert state_answers(server, "127.0.0.3") < 1.0
    finally:
        for sock in crowd:
            sock.close()


def test_slow_streams_from_one_address_cannot_starve_the_streaming_pc(server: OverlayServer) -> None:
    hogs: list[socket.socket] = []
    try:
        for _ in range(MAX_LISTENERS):  # 64 event streams that never read, from one address
            sock = socket.create_connection(("127.0.0.1", server.port), timeout=2, source_address=("127.0.0.2", 0))
            sock.sendall(b"GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
            hogs.append(sock)
        answers = [first_line(sock) for sock in hogs]
        assert answers.count(b"HTTP/1.0 200 OK") == MAX_STREAMS_PER_ADDRESS
        refused = answers.count(b"HTTP/1.0 503 Service Unavailable") + answers.count(b"closed")
        assert refused == MAX_LISTENERS - MAX_STREAMS_PER_ADDRESS
        obs = http.client.HTTPConnection("127.0.0.1", server.port, timeout=2)  # the streaming PC's page
        obs.request("GET", "/events")
        response = obs.getresponse()
        assert response.status == 200 and response.readline() == b"retry: 1000\n"
        obs.close()
    finally:
        for sock in hogs:
            sock.close()


def test_running_out_of_files_pauses_the_loop_instead_of_spinning(
    server: OverlayServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = []

    def no_files() -> tuple[socket.socket, tuple[str, int]]:
        calls.append(time.monotonic())
        raise OSError(errno.EMFILE, "Too many open files")

    monkeypatch.setattr(server._http, "get_request", no_files)
    waiting = socket.create_connection(("127.0.0.1", server.port), timeout=2)  # the listener stays readable
    try:
        time.sleep(1.0)
    finally:
        monkeypatch.undo()
        waiting.close()
    assert 1 <= len(calls) <= 1.5 / web.ACCEPT_BACKOFF_S

"""The overlay holds a crowd: idle and trickling connections, slow event streams from one address,
and a process out of files. Real sockets on loopback, each test bounded to a few seconds."""

from __future__ import annotations

import contextlib
import http.client
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import referee_app.web.server as web
from referee_app.web.server import MAX_CONNECTIONS, MAX_STREAMS, MAX_STREAMS_PER_ADDRESS, OVERLAY, WebServer
from tests.waiting import eventually


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> Iterator[WebServer]:
    monkeypatch.setattr(web, "HEADER_DEADLINE_S", 1.0)  # the same rule, sooner: the tests stay short
    running = WebServer((OVERLAY,), port=0).start()
    yield running
    running.stop()


def state_answers(server: WebServer, source: str = "127.0.0.1", timeout: float = 2.0) -> float:
    """Seconds /state.json took to answer (it must)."""
    started = time.monotonic()
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=timeout, source_address=(source, 0))
    connection.request("GET", "/state.json")
    response = connection.getresponse()
    assert response.status == 200 and response.read().startswith(b"{")
    connection.close()
    return time.monotonic() - started


def trickler(server: WebServer, source: str = "127.0.0.1") -> socket.socket:
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


def test_a_thousand_idle_connections_neither_take_the_page_down_nor_spin(server: WebServer) -> None:
    threads_before = threading.active_count()
    crowd: list[socket.socket] = []
    try:
        for n in range(1000):  # one address, as a program on this computer would
            with contextlib.suppress(OSError):  # refused at once when there is no room: that is fine too
                crowd.append(trickler(server))
            if n % 100 == 0:
                for sock in crowd[-50:]:
                    with_suppressed_send(sock, b"X")
        assert server.connections() <= MAX_CONNECTIONS
        assert threading.active_count() - threads_before <= 1  # one loop, no thread per connection
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


def test_a_request_trickled_a_byte_at_a_time_is_closed_at_its_deadline(server: WebServer) -> None:
    sock = trickler(server)
    started = time.monotonic()
    closed = False
    while time.monotonic() - started < 3.0 and not closed:
        with_suppressed_send(sock, b"X")  # each byte in time for a per-read timeout: not for the deadline
        closed = closed_by_server(sock, 0.2)
    sock.close()
    assert closed and time.monotonic() - started < 2.5
    assert state_answers(server) < 1.0


def test_one_address_cannot_hold_every_connection(server: WebServer) -> None:
    crowd = [trickler(server, "127.0.0.2") for _ in range(MAX_CONNECTIONS)]
    try:
        assert server.connections() <= web.MAX_CONNECTIONS_PER_ADDRESS + 1
        # the oldest of them were closed to make room for the newest
        assert closed_by_server(crowd[0], 1.0)
        assert state_answers(server, "127.0.0.3") < 1.0
    finally:
        for sock in crowd:
            sock.close()


def test_slow_streams_from_one_address_cannot_starve_the_streaming_pc(server: WebServer) -> None:
    hogs: list[socket.socket] = []
    try:
        for _ in range(MAX_STREAMS):  # 256 event streams that never read, from one address
            sock = socket.create_connection(("127.0.0.1", server.port), timeout=2, source_address=("127.0.0.2", 0))
            sock.sendall(b"GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
            hogs.append(sock)
        answers = [first_line(sock) for sock in hogs]
        assert answers.count(b"HTTP/1.1 200 OK") == MAX_STREAMS_PER_ADDRESS
        refused = answers.count(b"HTTP/1.1 503 Service Unavailable") + answers.count(b"closed")
        assert refused == MAX_STREAMS - MAX_STREAMS_PER_ADDRESS
        assert server.streams() == MAX_STREAMS_PER_ADDRESS
        obs = http.client.HTTPConnection("127.0.0.1", server.port, timeout=2)  # the streaming PC's page
        obs.request("GET", "/events")
        response = obs.getresponse()
        assert response.status == 200 and response.readline() == b"retry: 1000\n"
        obs.close()
    finally:
        for sock in hogs:
            sock.close()


OUT_OF_FILES = """
import os, resource, signal
from referee_app.web.server import OVERLAY, WebServer
server = WebServer((OVERLAY,), port=0).start()
spare = len(os.listdir("/proc/self/fd")) + 8  # room for a few connections, no more
resource.setrlimit(resource.RLIMIT_NOFILE, (spare, spare))
print(server.port, flush=True)
signal.pause()  # serves until the test kills it
"""


def out_of_files(pid: int) -> bool:
    """The process holds as many files as its soft limit lets it open."""
    limits = Path(f"/proc/{pid}/limits").read_text().splitlines()
    [soft] = [int(line.split()[3]) for line in limits if line.startswith("Max open files")]
    return len(os.listdir(f"/proc/{pid}/fd")) >= soft


def cpu_seconds_of(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads the process's CPU time in /proc")
def test_running_out_of_files_pauses_the_loop_instead_of_spinning() -> None:
    """A desk whose process may open only a few more files: a crowd takes them all, accepting fails
    (EMFILE), the listening socket pauses instead of spinning, and the page answers once it goes."""
    root = Path(__file__).resolve().parents[2]
    desk = subprocess.Popen(
        [sys.executable, "-c", OUT_OF_FILES], cwd=root, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    crowd: list[socket.socket] = []
    try:
        port = int(desk.stdout.readline())  # type: ignore[union-attr]
        for n in range(40):  # from two addresses, well inside the per-address cap
            source = (f"127.0.0.{2 + n % 2}", 0)
            crowd.append(socket.create_connection(("127.0.0.1", port), timeout=2, source_address=source))
        eventually(lambda: out_of_files(desk.pid), "the desk using every file it may open")
        cpu, started = cpu_seconds_of(desk.pid), time.monotonic()
        time.sleep(1.5)
        assert (cpu_seconds_of(desk.pid) - cpu) / (time.monotonic() - started) < 0.5  # no busy loop
        for sock in crowd:
            sock.close()
        crowd.clear()

        def answers() -> bool:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            connection.request("GET", "/state.json")
            assert connection.getresponse().status == 200
            connection.close()
            return True

        eventually(answers, "the page answering again now the files are back", 10, ignoring=(OSError,), every=0.2)
    finally:
        for sock in crowd:
            sock.close()
        desk.kill()
        _, errors = desk.communicate(timeout=10)
    assert errors.count(b"web: out of files") == 1  # it did run out of files, and the log says so once


def test_a_stream_whose_browser_stopped_reading_frees_its_slot(
    server: WebServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("referee_app.web.sites.WRITE_TIMEOUT_S", 0.5)  # the same rule, sooner
    stuck = socket.socket()
    stuck.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    stuck.connect(("127.0.0.1", server.port))
    stuck.sendall(b"GET /events HTTP/1.1\r\nHost: x\r\n\r\n")  # and never reads a byte
    try:
        eventually(lambda: server.streams(), "the stream open", 10)
        assert server.streams() == 1
        big = {"version": 1, "match_id": "m", "players": {"A": "x" * 500_000, "B": "y"}}
        published = [0]

        def freed() -> bool:  # the stuck stream's buffers fill with states until its write times out
            published[0] += 1
            server.feed.publish(dict(big, version=published[0]))
            return server.streams() == 0

        eventually(freed, "the stuck stream's slot freed", 10, every=0.05)
        assert state_answers(server) < 1.0
    finally:
        stuck.close()


RAISED = """
import resource
resource.setrlimit(resource.RLIMIT_NOFILE, (256, {hard}))  # macOS's default soft limit
from referee_app.web.server import OVERLAY, WebServer
WebServer((OVERLAY,), port=0).stop()
print(*resource.getrlimit(resource.RLIMIT_NOFILE))
"""


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX's open-file limit")
@pytest.mark.parametrize(("hard", "expected"), [(4096, 2048), (300, 300)])
def test_the_open_file_limit_is_raised_so_every_connection_and_stream_fits(hard: int, expected: int) -> None:
    """256 streams and 128 connections need more than macOS's 256 files: the server asks for
    2048, as far as the hard limit lets it (and says in the log when that is not enough)."""
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-c", RAISED.format(hard=hard)], cwd=root, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [str(expected), str(hard)]
    assert ("web: only 300 files may be open: a full crowd needs 512" in done.stderr) == (hard == 300)

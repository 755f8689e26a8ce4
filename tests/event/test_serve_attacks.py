"""A real `tournament serve` under the server-level attacks of phone.md 1.1 §3
(`../shared/reviews/reliability-phones.md` 2-4): slow bodies holding every slot, headers of
spaces, and a key given twice in a tap. Each time the phones keep being answered, or the bad
request is refused with nothing recorded."""

from __future__ import annotations

import contextlib
import http.client
import select
import signal
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.event.test_phone_api import run, venue  # noqa: F401 - the fixture (Club night, tables 1-2 the phones')
from tests.event.test_serve import Served
from tests.waiting import stays


@pytest.fixture
def served(venue: tuple[Path, str, dict[int, str]]) -> Iterator[Served]:  # noqa: F811
    db, tid, _ = venue
    server = Served(db, tid)
    yield server
    server.stop(signal.SIGKILL)


def phone_get(port: int, key: str) -> int:
    """A phone's look at its table, on a connection of its own: the status, 0 when refused."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", "/api/score/1", headers={"Authorization": f"Bearer {key}"})
        return connection.getresponse().status
    except OSError:
        return 0
    finally:
        connection.close()


SLOW_BODY = b"POST /api/score/1 HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"


def slow_bodies(port: int, stop: threading.Event) -> None:
    """128 requests whose body never comes, from four addresses (32 each, the cap), each one sent
    again as soon as the server closes it, until `stop`: every slot is theirs whenever it can be."""
    held: dict[socket.socket, int] = {}

    def send(i: int) -> None:
        sock = socket.socket()
        sock.bind((f"127.0.8.{i % 4 + 1}", 0))
        sock.connect(("127.0.0.1", port))
        with contextlib.suppress(OSError):
            sock.sendall(SLOW_BODY)
        held[sock] = i

    for i in range(128):
        send(i)
    try:
        while not stop.is_set():
            readable, _, _ = select.select(list(held), [], [], 0.05)
            for sock in readable:  # the server closed it: it comes again
                i = held.pop(sock)
                sock.close()
                send(i)
    finally:
        for sock in held:
            sock.close()


def test_slow_bodies_on_every_slot_do_not_stop_the_phones(
    venue: tuple[Path, str, dict[int, str]],  # noqa: F811
    served: Served,
) -> None:
    """The slots held by slow bodies, taken again as soon as one is freed: a phone still gets in
    (a body being waited for makes room, as a request's headers do)."""
    _, _, keys = venue
    stop = threading.Event()
    attacker = threading.Thread(target=slow_bodies, args=(served.port, stop))
    attacker.start()
    try:
        stays(lambda: phone_get(served.port, keys[1]) == 200, 4.0, "a phone answered beside 128 slow bodies")
    finally:
        stop.set()
        attacker.join()


def test_headers_of_spaces_do_not_slow_the_phones(venue: tuple[Path, str, dict[int, str]], served: Served) -> None:  # noqa: F811
    """Twelve keyless connections, each from its own address, repeating a request with an 8 KB
    `Accept-Language` of spaces (0.2 s of the server's time each when it was parsed in quadratic
    time): they are answered at once, and so is a phone meanwhile."""
    _, _, keys = venue
    header = "en" + " " * 8100 + "x"
    done: list[float] = []

    def flood(n: int) -> None:
        sock = socket.socket()
        sock.bind((f"127.0.9.{n + 1}", 0))
        sock.connect(("127.0.0.1", served.port))
        connection = http.client.HTTPConnection("127.0.0.1", served.port, timeout=60)
        connection.sock = sock
        for path in ("/api/score/1", "/bracket", "/score/1", "/player", "/api/score/2"):  # each reads the header
            connection.request("GET", path, headers={"Accept-Language": header, "Accept-Encoding": header})
            connection.getresponse().read()
        connection.close()
        done.append(time.monotonic())

    started = time.monotonic()
    threads = [threading.Thread(target=flood, args=(n,)) for n in range(12)]
    for thread in threads:
        thread.start()
    slowest = 0.0
    while any(thread.is_alive() for thread in threads):
        asked = time.monotonic()
        assert phone_get(served.port, keys[1]) == 200
        slowest = max(slowest, time.monotonic() - asked)
    for thread in threads:
        thread.join()
    assert len(done) == 12
    assert max(done) - started < 8.0, "60 requests with a long header took the server's time"
    assert slowest < 2.0, f"a phone waited {slowest:.1f} s"


def test_a_key_given_twice_is_refused_and_records_nothing(
    venue: tuple[Path, str, dict[int, str]],  # noqa: F811
    served: Served,
) -> None:
    """`{"winner": "A", "winner": "B"}` was recorded as B's (match-log.md §1: the second must not
    silently replace the first): 400, said in words, anywhere in the body, on both routes."""
    _, _, keys = venue
    twice = [
        b'{"id": "dup-w", "after": 1, "event": {"type": "lag", "winner": "A", "winner": "B"}}',
        b'{"id": "dup-t", "after": 1, "event": {"type": "lag", "winner": "A", "type": "rack"}}',
        b'{"id": "a", "id": "b", "after": 1, "event": {"type": "lag", "winner": "A"}}',
    ]
    for body in twice:
        status, answer = served.request("POST", "/api/score/1", keys[1], body)
        assert status == 400 and "twice" in answer["error"], body
    assert served.request("POST", "/api/score/1", keys[1], twice[0])[1]["error"] == (
        'the request names "winner" twice: which one is meant is not clear'
    )
    dispute = b'{"id": "d", "after": 1, "player": "A", "player": "B"}'
    status, answer = served.request("POST", "/api/score/1/dispute", keys[1], dispute)
    assert status == 400 and answer["error"] == 'the request names "player" twice: which one is meant is not clear'
    status, table = served.get(1, keys[1])
    assert status == 200 and table["version"] == 1 and table["state"]["status"] == "lag"  # nothing recorded

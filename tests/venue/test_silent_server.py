"""A server gone silent (a laptop that leaves the Wi-Fi, a router that drops everything) holds no
worker on a query for minutes: the board's reader and a desk's connections carry libpq's TCP
keepalive, and a round that gets no answer in time has its connection cut and made again.

The drop is a tiny TCP proxy on loopback between the reader and the real event server that stops
forwarding without closing anything: the connection stays open and quiet, as a dead Wi-Fi leaves
it (a killed server, which closes its sockets, is `test_event_server_crash.py`'s)."""

from __future__ import annotations

import socket
import threading
import time

import pytest
from psycopg.conninfo import conninfo_to_dict, make_conninfo

from referee_app.venue.board import BoardWatcher, Reading, ServerState
from referee_app.venue.model import EventLink, TableKey
from referee_app.venue.schema import KEEPALIVE
from referee_app.venue.server import Cluster
from tests.waiting import eventually, stays

pytestmark = pytest.mark.slow  # the throwaway PostgreSQL cluster


class SilentProxy:
    """Forwards loopback connections to `target` until `go_silent`: then it holds every byte and
    every socket, open, answering nothing."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.forwarding = threading.Event()
        self.forwarding.set()
        self.stopped = threading.Event()
        self.held: list[socket.socket] = []
        self.accepted = 0
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while not self.stopped.is_set():
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            upstream = socket.create_connection(self.target)
            self.held += [client, upstream]
            self.accepted += 1
            for src, dst in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(src, dst), daemon=True).start()

    def _pump(self, src: socket.socket, dst: socket.socket) -> None:
        while True:
            try:
                data = src.recv(65536)
            except OSError:
                return
            if not data:
                return
            while not self.forwarding.wait(0.2):  # silent: the bytes held, the sockets open
                if self.stopped.is_set():
                    return
            try:
                dst.sendall(data)
            except OSError:
                return

    def go_silent(self) -> None:
        self.forwarding.clear()

    def speak_again(self) -> None:
        self.forwarding.set()

    def close(self) -> None:
        self.stopped.set()
        self.forwarding.set()
        self.listener.close()
        for held in self.held:
            held.close()


def through(proxy: SilentProxy, conninfo: str) -> str:
    return make_conninfo(conninfo, host="127.0.0.1", hostaddr="127.0.0.1", port=str(proxy.port))


def test_a_desks_connection_carries_tcp_keepalive() -> None:
    desk = conninfo_to_dict(EventLink("127.0.0.1", f"3-{TableKey.new_secret()}", "3", 5432).conninfo())
    assert {k: desk[k] for k in KEEPALIVE} == KEEPALIVE
    assert int(KEEPALIVE["tcp_user_timeout"]) <= 30_000  # ms: data unacknowledged gives up within half a minute
    idle, every, count = (int(KEEPALIVE[k]) for k in ("keepalives_idle", "keepalives_interval", "keepalives_count"))
    assert idle + every * count <= 30  # s: a quiet connection to a server gone is found out within half a minute


def test_a_board_whose_server_goes_silent_says_so_within_seconds_and_comes_back(event_server: Cluster) -> None:
    organizer = event_server.organizer_conninfo()
    assert all(conninfo_to_dict(organizer)[k] == v for k, v in KEEPALIVE.items())  # the board's, the pushers'
    params = conninfo_to_dict(organizer)
    proxy = SilentProxy((str(params.get("hostaddr") or params.get("host") or "127.0.0.1"), int(params["port"])))
    readings: list[Reading] = []
    reader = BoardWatcher(through(proxy, organizer), poll_s=0.2, answer_s=1.0)
    reader.subscribe(readings.append)
    reader.start()
    try:
        eventually(lambda: reader.connected, "the board connected through the proxy")
        connections = proxy.accepted
        proxy.go_silent()
        silent_at = time.monotonic()
        lost = eventually(
            lambda: next((r for r in reversed(readings) if r.board.server is not ServerState.ONLINE), None),
            "the board saying the server is out of reach",
            timeout=10,
        )
        assert time.monotonic() - silent_at < 6  # a poll, the answer's second, a margin: not minutes
        assert lost.conn is None and not reader.connected
        assert not proxy.stopped.is_set() and all(s.fileno() != -1 for s in proxy.held)  # nothing was closed
        stays(lambda: not reader.connected, 0.5, "no reading while the server is silent")
        proxy.speak_again()
        eventually(lambda: reader.connected, "the board back once the server answers", timeout=10)
        assert proxy.accepted > connections  # a connection made again, not the silent one resumed
    finally:
        reader.stop()
        proxy.close()

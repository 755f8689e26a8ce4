"""`tournament serve` (phone.md §1): the tournament's pages and its phone tables from the
organizer's own database, with no event server: the embedded default.

One thread owns the database (`PhoneTables` and its store): every API request is handed to it
and answered from it, so requests are decided and written one at a time, and a stop lets the
one being written finish. After each request, and every second for the organizer's changes
made elsewhere, the board's pages (`/bracket`, `/player`) get the tournament when it moved on,
with the phone matches' racks so far; their view is made on a thread of its own, so a tap never
waits for it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

from referee_app.i18n import Translate, english
from referee_app.tournament.board import BoardPublisher
from referee_app.tournament.phone_api import Answer, PhoneTables
from referee_app.tournament.state import State
from referee_app.web.phone_http import phone_site
from referee_app.web.server import WebServer
from referee_app.web.sites import TOURNAMENT
from referee_app.web.words import Words

T = TypeVar("T")
POLL_S = 1.0


class Serving:
    """The phone tables' API and the board's pages of one tournament, until `stop`."""

    def __init__(
        self,
        db: Path,
        tournament: str,
        port: int,
        lan: bool = False,
        languages: Mapping[str, Translate] | None = None,
        words: Words | None = None,
        tr: Translate = english,
    ) -> None:
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="phones-db")
        self.api = self._pool.submit(PhoneTables, db, tournament, tr).result()
        self._stopped = threading.Event()
        try:
            self.server = WebServer((TOURNAMENT, phone_site(self)), port, lan, words)
        except BaseException:
            self._pool.submit(self.api.close).result()
            self._pool.shutdown()
            raise
        feed = self.server.feed
        self.publisher = BoardPublisher(languages or {"en": english}, feed.publish_tournament, live=feed.publish_live)
        self._latest: tuple[State, dict[str, tuple[int, int]]] | None = None
        self._latest_lock = threading.Lock()
        self._wake = threading.Event()
        self._run(self._publish)
        self._poller = threading.Thread(target=self._poll, name="phones-poll", daemon=True)
        self._publisher = threading.Thread(target=self._publishing, name="phones-publish", daemon=True)

    @property
    def tournament_id(self) -> str:
        return self.api.tournament_id

    @property
    def port(self) -> int:
        return self.server.port

    def start(self) -> Serving:
        self.server.start()
        self._poller.start()
        self._publisher.start()
        return self

    def _run(self, work: Callable[..., T], *args: Any) -> T:
        return self._pool.submit(work, *args).result()

    def _publish(self) -> None:
        """Hand the tournament now to the publishing thread: the board's view is made there, not on
        the database's thread, so taps never wait for it."""
        state = self.api.refresh()
        live = self.api.live()
        with self._latest_lock:
            self._latest = (state, live)
        self._wake.set()

    def _publishing(self) -> None:
        while not self._stopped.is_set():
            self._wake.wait(POLL_S)
            self._wake.clear()
            with self._latest_lock:
                latest, self._latest = self._latest, None
            if latest is not None:
                self.publisher(latest[0], self.api.tournament_id, latest[1])

    def _answer(self, work: Callable[..., Answer], *args: Any) -> Answer:
        answer = work(*args)
        if answer.status == 200:
            latest = (self.api.state(), self.api.live())
            with self._latest_lock:
                self._latest = latest
            self._wake.set()
        return answer

    def get(self, table: int, authorization: str | None, address: str) -> Answer:
        return self._run(self._answer, self.api.get, table, authorization, address)

    def post(self, table: int, authorization: str | None, address: str, body: bytes) -> Answer:
        return self._run(self._answer, self.api.post, table, authorization, address, body)

    def dispute(self, table: int, authorization: str | None, address: str, body: bytes) -> Answer:
        return self._run(self._answer, self.api.dispute, table, authorization, address, body)

    def _poll(self) -> None:
        while not self._stopped.wait(POLL_S):
            try:
                self._run(self._publish)
            except RuntimeError:  # the pool is shut down: stopping
                return

    def stop(self) -> None:
        """Stop taking requests, let the one being written finish and drop those still waiting
        (their phones send them again); every answered one is already committed."""
        self._stopped.set()
        self.server.stop()
        self._pool.shutdown(wait=True, cancel_futures=True)

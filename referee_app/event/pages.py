"""The tournament's web site, assembled once, Qt-free: for `tournament serve`, the organizer's
window and the board alike.

`TournamentPages` holds the process's web server with the tournament's pages (`/bracket`,
`/player`; the board's page too, on the board) and the phone tables' (`/score/N`,
`/api/score/N`, phone.md §1), the phone tables' API once a tournament held is served
(`PhoneScoring`, through the process's one session), one coalescing publisher (a `Worker`: a
burst of taps is one view made, off the database's and the window's threads) and the live
scores on `/bracket`: the desks' (given by whoever follows them) and the phones' (from the
phone tables as they last stood). `Serving` is `tournament serve`: the pages of one tournament
from the organizer's own database, with no event server (the embedded default).
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from referee_app.event.follow import HeldTournament
from referee_app.event.phone_api import Answer, PhoneTables, early_answer, speaking
from referee_app.event.published import BoardPublisher, board_view
from referee_app.event.serve import OnChange, PhoneScoring, Tables, phone_scores
from referee_app.i18n import Translate, english
from referee_app.log.store import StoreError
from referee_app.tournament.model import TournamentRefused
from referee_app.tournament.show import view
from referee_app.tournament.state import State
from referee_app.web.door_http import door_site
from referee_app.web.phone_http import phone_site
from referee_app.web.server import TOURNAMENT, WebServer
from referee_app.worker import Worker

if TYPE_CHECKING:
    from pathlib import Path

    from referee_app.web.sites import Site
    from referee_app.web.words import Words

PUBLISH_EVERY_S = 0.2
"""The pages get the tournament at most this often: a burst of taps is one view made."""

Live = dict[str, tuple[int, int]]
"""The racks so far of the bracket matches being played, by match."""


class _Publishing(Worker):
    """The one publisher of the pages: the latest tournament handed over, made into the pages'
    view here, at most every `PUBLISH_EVERY_S`; a failure is logged and the pages keep theirs."""

    name = "pages-publish"

    def __init__(self, pages: TournamentPages) -> None:
        super().__init__()
        self.pages = pages

    def step(self) -> None:
        self._wake.wait()
        self._wake.clear()
        if not self.stopping and self.pages.publish_now():
            self._stopping.wait(PUBLISH_EVERY_S)  # the taps meanwhile go out together


class TournamentPages:
    """The tournament's pages and phone tables on one web server, until `stop`. `publish` hands
    over the tournament (from any thread); `serve_phones` serves a tournament held's phone tables
    (their words in each phone's language among `languages`, else in `tr`'s), whose every move is
    published and told to `on_phones` (on the database's thread)."""

    def __init__(
        self,
        port: int,
        lan: bool = False,
        words: Words | None = None,
        languages: Mapping[str, Translate] | None = None,
        tr: Translate = english,
        on_phones: OnChange | None = None,
        sites: tuple[Site, ...] = (),
    ) -> None:
        """`sites`: the server's other pages (the board's)."""
        self.languages = dict(languages or {"en": english})
        self.tr = tr
        self.on_phones = on_phones
        self.phones: PhoneScoring | None = None
        self.tables: Tables = {}
        """The phone tables as they last stood: their racks go on `/bracket`."""
        self._pending: tuple[State | None, str, Live] | None = None
        self._desks: Live = {}
        self.server = WebServer((*sites, TOURNAMENT, phone_site(self), door_site(self)), port, lan, words)
        feed = self.server.feed  # a rack scored on the state published whole goes as a small `live` event
        self.publisher = BoardPublisher(self.languages, feed.publish_tournament, live=feed.publish_live)
        self._publishing = _Publishing(self)
        self._lock = threading.Lock()

    @property
    def port(self) -> int:
        return self.server.port

    def url(self, page: str = "bracket", host: str = "127.0.0.1") -> str:
        return self.server.url(page, host)

    def start(self) -> TournamentPages:
        self.server.start()
        self._publishing.start()
        return self

    # --- publishing ------------------------------------------------------------------------------
    def publish(
        self, state: State | None, tournament_id: str, desks: Mapping[str, tuple[int, int]] | None = None
    ) -> None:
        """The tournament to the pages (made on the publisher's thread, the latest only); `desks`:
        the racks so far of the matches desks are playing (None: as last given)."""
        with self._lock:
            if desks is not None:
                self._desks = dict(desks)
            waiting = self._pending[0] if self._pending is not None and self._pending[1] == tournament_id else None
            if waiting is not None and (state is None or waiting.seq > state.seq):
                state = waiting  # a newer state is waiting already (the phones')
            self._pending = (state, tournament_id, self._desks)
        self._publishing.poke()

    def live(self, state: State | None) -> Live:
        """The racks so far of the matches being played: the desks' and the phones'."""
        return dict(self._desks) | phone_scores(self.tables, state)

    def publish_now(self) -> bool:
        """On the publisher's thread: the latest tournament handed over, published; False: none."""
        with self._lock:
            pending, self._pending = self._pending, None
        if pending is None:
            return False
        state, tournament_id, desks = pending
        if state is None:  # no tournament yet (a new one, in memory): the pages say so
            self.server.feed.publish_tournament(board_view(view(None, tournament_id), None, self.languages).to_json())
            return True
        self.publisher(state, tournament_id, dict(desks) | phone_scores(self.tables, state))
        return True

    # --- the phone tables --------------------------------------------------------------------------
    def serve_phones(self, held: HeldTournament | None) -> str:
        """Serve the phone tables of the tournament `held` (None: none); why they cannot be served,
        or "". Every move of it is published from then on (its follower's)."""
        try:
            self.serve(held)
        except (StoreError, TournamentRefused, ValueError, OSError) as exc:
            return str(exc)
        return ""

    def serve(self, held: HeldTournament | None) -> None:
        """`serve_phones`, raising why the phone tables cannot be served (`tournament serve` says it)."""
        current = self.phones
        if current is not None and current.held is held:
            return
        self.phones = None
        if current is not None:
            current.held.follower.unsubscribe(self._followed)
            current.stop()
        self.tables = {}
        if held is None or not held.tournament_id:
            return
        self.phones = PhoneScoring(
            held.db, held.tournament_id, self.tr, self._phones_moved, True, self.languages, held
        ).start()
        held.follower.subscribe(self._followed)

    def _followed(self, state: State, elsewhere: bool) -> None:
        phones = self.phones
        if phones is not None:
            self.publish(state, phones.tournament_id)

    def _phones_moved(self, state: State, tables: Tables) -> None:
        """On the database's thread: the phone tables that moved, published with the tournament."""
        phones = state.tournament.phones
        self.tables = {n: shown for n, shown in (self.tables | tables).items() if n in phones}
        self.publish(state, self.phones.tournament_id if self.phones is not None else "")
        if self.on_phones is not None:
            self.on_phones(state, tables)

    # --- `phone_http.Scoring`: the phone tables' requests ---------------------------------------------
    async def get(self, table: int, authorization: str | None, address: str, asked: Sequence[str] = ()) -> Answer:
        phones = self.phones
        if phones is None:
            return self.early(404, str(table), asked)
        return await phones.get(table, authorization, address, asked)

    async def post(
        self, table: int, authorization: str | None, address: str, body: bytes, asked: Sequence[str] = ()
    ) -> Answer:
        phones = self.phones
        if phones is None:
            return self.early(404, str(table), asked)
        return await phones.post(table, authorization, address, body, asked)

    async def dispute(
        self, table: int, authorization: str | None, address: str, body: bytes, asked: Sequence[str] = ()
    ) -> Answer:
        phones = self.phones
        if phones is None:
            return self.early(404, str(table), asked)
        return await phones.dispute(table, authorization, address, body, asked)

    async def here(
        self, table: int, authorization: str | None, address: str, body: bytes, asked: Sequence[str] = ()
    ) -> Answer:
        phones = self.phones
        if phones is None:
            return self.early(404, str(table), asked)
        return await phones.here(table, authorization, address, body, asked)

    # --- `door_http`: the door's check-in and a player's own page -------------------------------------
    async def door_get(self, token: str, asked: Sequence[str] = ()) -> Answer:
        phones = self.phones
        return self.early(404, "", asked) if phones is None else await phones.door_get(token, asked)

    async def door_post(self, token: str, body: bytes, asked: Sequence[str] = ()) -> Answer:
        phones = self.phones
        return self.early(404, "", asked) if phones is None else await phones.door_post(token, body, asked)

    async def me_get(self, secret: str, asked: Sequence[str] = ()) -> Answer:
        phones = self.phones
        return self.early(404, "", asked) if phones is None else await phones.me_get(secret, asked)

    def early(self, status: int, table: str, asked: Sequence[str] = ()) -> Answer:
        return early_answer(status, table, speaking(asked, self.languages, self.tr))

    def stop(self) -> None:
        """Stop taking requests, let the one being written finish (every answered one is already
        committed), then the publisher."""
        self.server.stop()
        phones, self.phones = self.phones, None
        if phones is not None:
            phones.held.follower.unsubscribe(self._followed)
            phones.stop()
        self._publishing.stop()


class Serving:
    """`tournament serve`: the phone tables' API and the board's pages of one tournament
    (`TournamentPages`), until `stop`."""

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
        self.held = HeldTournament.open(db, tournament).start()
        try:
            self.pages = TournamentPages(port, lan, words, languages, tr)
            try:
                self.pages.serve(self.held)
            except BaseException:
                self.pages.stop()
                raise
        except BaseException:
            self.held.stop()
            raise
        phones = self.pages.phones
        assert phones is not None
        self.phones = phones
        self.phones.refresh()  # the tables' first matches started, the pages told

    @property
    def api(self) -> PhoneTables:
        return self.phones.api

    @property
    def server(self) -> WebServer:
        return self.pages.server

    @property
    def tournament_id(self) -> str:
        return self.phones.tournament_id

    @property
    def port(self) -> int:
        return self.pages.port

    def start(self) -> Serving:
        self.pages.start()
        return self

    def stop(self) -> None:
        """Stop taking requests, let the one being written finish (every answered one is already
        committed), then close the database."""
        self.pages.stop()
        self.held.stop()

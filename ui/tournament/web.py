"""The tournament on the board's web site: the bracket, the tables, the queue, the players' page,
and the phone tables' pages (`/score/N`, phone.md §1: the organizer's window serves them too).

The window publishes the tournament after every change; the pages get their words in every
language the catalogue has (a player's phone picks its own), read from the compiled
catalogue without installing it, so the window's language does not change. The phone tables'
taps are written through the core's `PhoneScoring`, on the database's own thread, exactly as
`tournament serve` writes them, through the window's own session (`HeldTournament`: one writer
in the process); the window is told when they moved (`on_phones`, from that thread).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence

from PySide6.QtCore import QTranslator
from referee_desk.i18n import FOLDER, LANGUAGES, qt_translate, translator_for

from referee_app.event.follow import HeldTournament
from referee_app.event.phone_api import Answer, early_answer, speaking
from referee_app.event.published import board_view
from referee_app.event.serve import OnChange, PhoneScoring
from referee_app.i18n import Translate, english
from referee_app.log.store import StoreError
from referee_app.tournament.model import TournamentRefused
from referee_app.tournament.show import TournamentView, standings_view
from referee_app.tournament.state import Tournament
from referee_app.web.door_http import door_site
from referee_app.web.phone_http import phone_site
from referee_app.web.server import TOURNAMENT, WebServer

Pending = tuple[TournamentView, Tournament | None, dict[str, tuple[int, int]] | None]
"""What the site publishes next: the view, the tournament, the live scores."""
_translators: dict[str, QTranslator] = {}


def _translate_with(code: str) -> Translate:
    if code not in _translators:
        translator = QTranslator()
        translator.load(str(FOLDER / f"referee_{code}.qm"))
        _translators[code] = translator
    translator = _translators[code]
    return lambda context, text: translator.translate(context, text) or text


def languages() -> dict[str, Translate]:
    return {code: english if code == "en" else _translate_with(code) for code in LANGUAGES}


class TournamentSite:
    """The tournament's web site (bracket, players' page, phone tables) showing one tournament;
    `publish` after every change, `serve_phones` for the tournament's phone tables."""

    def __init__(self, port: int, lan: bool = False, on_phones: OnChange | None = None) -> None:
        self.phones: PhoneScoring | None = None
        self.on_phones = on_phones
        self.words = languages()  # before the server: a phone's request is answered in them
        self.server = WebServer(
            (TOURNAMENT, phone_site(self), door_site(self)), port, lan, words=translator_for
        ).start()
        self._pending: Pending | None = None
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._stopped = threading.Event()
        self._publisher = threading.Thread(target=self._publishing, name="site-publish", daemon=True)
        self._publisher.start()

    def publish(
        self, view: TournamentView, tournament: Tournament | None, live: dict[str, tuple[int, int]] | None = None
    ) -> None:
        """The tournament to the pages' feed; `live`: the racks so far of the matches desks and phones
        are playing. The pages' view (the JSON edge: the spec's dicts) is made on the site's own
        thread from these frozen values, the latest only: a burst of taps never holds the window."""
        with self._lock:
            self._pending = (view, tournament, None if live is None else dict(live))
        self._wake.set()

    def _publishing(self) -> None:
        while not self._stopped.is_set():
            self._wake.wait()
            self._wake.clear()
            with self._lock:
                pending, self._pending = self._pending, None
            if pending is None or self._stopped.is_set():
                continue
            view, tournament, live = pending
            try:
                places = None if tournament is None else standings_view(tournament)
                self.server.feed.publish_tournament(board_view(view, places, self.words, tournament, live).to_json())
            except Exception:  # a bug: said in the log, the pages keep what they had
                logging.getLogger(__name__).exception("the tournament could not be published")

    def serve_phones(self, held: HeldTournament | None) -> str:
        """Serve the phone tables of the tournament `held` (the window's, kept in its database;
        None: none, a tournament kept nowhere); why they cannot be served, or ""."""
        current = self.phones
        if current is not None and current.held is held:
            return ""
        self.phones = None
        if current is not None:
            current.stop()
        if held is None or not held.tournament_id:
            return ""
        try:  # a phone's words in its language among the pages', else in the window's
            self.phones = PhoneScoring(
                held.db, held.tournament_id, qt_translate, self.on_phones, True, self.words, held
            ).start()
        except (StoreError, TournamentRefused, ValueError, OSError) as exc:
            return str(exc)
        return ""

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
        return early_answer(status, table, speaking(asked, self.words, qt_translate))

    def url(self, page: str = "bracket", host: str = "127.0.0.1") -> str:
        return self.server.url(page, host)

    def stop(self) -> None:
        self._stopped.set()
        self._wake.set()
        self._publisher.join(timeout=10)
        self.server.stop()
        phones, self.phones = self.phones, None
        if phones is not None:
            phones.stop()

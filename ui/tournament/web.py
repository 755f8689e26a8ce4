"""The tournament on the board's web site: the bracket, the tables, the queue, the players' page.

The window publishes the tournament after every change; the pages get their words in every
language the catalogue has (a player's phone picks its own), read from the compiled
catalogue without installing it, so the window's language does not change.
"""

from __future__ import annotations

from PySide6.QtCore import QTranslator
from referee_desk.i18n import FOLDER, LANGUAGES, translator_for

from referee_app.i18n import Translate, english
from referee_app.tournament.board import board_view
from referee_app.tournament.show import TournamentView, standings_view
from referee_app.tournament.state import Tournament
from referee_app.web.server import TOURNAMENT, WebServer

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
    """The tournament's web site (bracket, players' page) showing one tournament; `publish` after every change."""

    def __init__(self, port: int, lan: bool = False) -> None:
        self.server = WebServer((TOURNAMENT,), port, lan, words=translator_for).start()
        self.words = languages()

    def publish(
        self, view: TournamentView, tournament: Tournament | None, live: dict[str, tuple[int, int]] | None = None
    ) -> None:
        """The tournament to the pages' feed (the JSON edge: the spec's dicts are made here); `live`:
        the racks so far of the matches desks are playing."""
        places = None if tournament is None else standings_view(tournament)
        self.server.feed.publish_tournament(board_view(view, places, self.words, tournament, live).to_json())

    def url(self, page: str = "bracket", host: str = "127.0.0.1") -> str:
        return self.server.url(page, host)

    def stop(self) -> None:
        self.server.stop()

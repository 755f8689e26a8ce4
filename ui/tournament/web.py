"""The tournament on the board's web site: the bracket, the tables, the queue, the players' page,
and the phone tables' pages (`/score/N`, phone.md §1: the organizer's window serves them too).

The site is the core's `TournamentPages`, as `tournament serve` has it; this is its Qt side only:
the pages get their words in every language the catalogue has (a player's phone picks its own),
read from the compiled catalogue without installing it, so the window's language does not
change. The phone tables' taps are written through the window's own session (`HeldTournament`:
one writer in the process); the window is told when they moved (`on_phones`, from that thread).
"""

from __future__ import annotations

from PySide6.QtCore import QTranslator
from referee_desk.i18n import FOLDER, LANGUAGES, qt_translate, translator_for

from referee_app.event.pages import TournamentPages
from referee_app.event.serve import OnChange
from referee_app.i18n import Translate, english

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


class TournamentSite(TournamentPages):
    """The window's tournament site: the core's `TournamentPages`, with the pages' words from the
    Qt catalogue (every language it has: a phone picks its own) and the window's language for a
    phone asking for none; started at once."""

    def __init__(self, port: int, lan: bool = False, on_phones: OnChange | None = None) -> None:
        super().__init__(port, lan, translator_for, languages(), qt_translate, on_phones)
        self.start()

    @property
    def words(self) -> dict[str, Translate]:
        return self.languages

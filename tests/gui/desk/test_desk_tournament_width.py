"""A tournament match on the desk in French, on a 1366x768 laptop: the longest round name and
40-character names never push the window wider than the screen, whatever the panel."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication
from referee_desk.i18n import translator_for

from referee_app.game.events import Break, Lag, MatchStarted, PushOut, ShotClock
from referee_app.game.vocab import Seat
from referee_app.tournament.show import _WORDS, ROUND
from tests.gui.conftest import Desk

SCREEN = 1366
NAME_A = "Jean-Baptiste Poquelin de la Fontaine-Du"  # 40 characters
NAME_B = "Marie-Charlotte d'Ormesson-Saint-Étienne"


def _longest_round_in_french() -> str:
    fr = translator_for("fr")
    return max((fr(ROUND, text).format(g=16, n=12) for text in _WORDS.values()), key=len)


LAG, BREAK = Lag(winner=Seat.A), Break(rails=5)
PANELS = [((), False), ((LAG,), False), ((LAG,), True), ((LAG, BREAK), False), ((LAG, BREAK), True),
          ((LAG, BREAK, PushOut()), False)]  # fmt: skip
"""The panels as played, and whether Enter is pressed before the rails are counted or the pocket called."""


@pytest.mark.parametrize(("played", "uncalled"), PANELS)
def test_a_french_tournament_match_fits_a_laptop_screen(desk: Desk, played: tuple, uncalled: bool) -> None:  # type: ignore[type-arg]
    assert len(NAME_A) == 40 and len(NAME_B) == 40
    round_name = _longest_round_in_french()
    desk.window.set_language("fr")
    try:
        started = MatchStarted(
            players=(NAME_A, NAME_B),
            race_to=9,
            rules="ffb",
            shot_clock=ShotClock(),
            event="Championnat de France de billard américain 10-Ball, Sète",
            round=round_name,
            table="12",
            referee="Dominique Lefèvre-Saint-Hilaire",
            licences=("FFB-2026-000123", "FFB-2026-000456"),
            clubs=("Club de Billard de Sète et du Bassin de Thau", "Académie de Billard de Saint-Étienne"),
            assignment="t-1/L12-1",
        )
        assert desk.window.controller.new_match(started)
        for event in played:
            assert desk.window.controller.record(event), desk.text("notice")
        if uncalled and played:  # Enter before the rails are counted or the pocket called: the desk says how
            desk.key("Return")
        QApplication.processEvents()
        assert desk.window.minimumSizeHint().width() <= SCREEN, f"{round_name!r} widens the desk"
        for height in (698, 768):  # under a task bar, and the whole screen (no window manager)
            desk.window.resize(SCREEN, height)
            QApplication.processEvents()
            assert desk.window.width() <= SCREEN
            assert desk.window.minimumSizeHint().width() <= SCREEN, f"at {height} px high"
    finally:
        desk.window.set_language("en")

"""The desk on a 1366x768 laptop: Undo and the warning on screen, and no button label cut off.

The window gets what such a screen leaves under a title bar (about 30 px) and
a task bar (about 40 px): 1366x698.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QApplication, QPushButton

from referee_app.game.events import SAFETY, Break, Event, Lag, MatchStarted, PushOut, Shot, ShotClock
from referee_app.game.vocab import CueBallFate, Seat
from referee_app.organizer.demo import load_demo
from tests.gui.conftest import Desk

LAPTOP = (1366, 698)
ROOM = 4  # the button's frame and the least space around its label, each side
WARNING_DUE = "5d0c2a43-8f1e-4b7a-9c55-0a4be1d7f004"  # the FFB club seed: a warning is due


def _on_laptop(desk: Desk, language: str) -> None:
    desk.window.set_language(language)
    desk.window.resize(*LAPTOP)
    QApplication.processEvents()


def _on_screen(desk: Desk, name: str) -> bool:
    widget = desk.widget(name)
    corner = widget.mapTo(desk.window, QPoint(0, 0))
    return widget.isVisible() and desk.window.rect().contains(QRect(corner, widget.size()))


def _cut_labels(desk: Desk) -> list[str]:
    """Visible panel buttons narrower than their label and a little room on each side."""
    panel = desk.page.panels.currentWidget()
    cut = []
    for button in panel.findChildren(QPushButton):
        needs = button.fontMetrics().horizontalAdvance(button.text()) + 2 * ROOM
        if button.isVisible() and needs > button.width():
            cut.append(f"{button.objectName()}: {button.text()!r} needs {needs} px, has {button.width()}")
    return cut


@pytest.fixture(params=["en", "fr"])
def language(request: pytest.FixtureRequest, desk: Desk):  # type: ignore[no-untyped-def]
    yield request.param
    desk.window.set_language("en")


def _warning_due_with_the_clock_running(desk: Desk) -> None:
    """Ana fouls in two innings running, with a shot clock: the tallest desk there is."""
    desk.start(shot_clock=ShotClock())
    safety, scratch = Shot(call=SAFETY), Shot(call=SAFETY, cue_ball=CueBallFate.POCKETED)
    for event in (Lag(winner=Seat.A), Break(rails=5), safety, scratch, safety, scratch, safety):
        assert desk.window.controller.record(event), desk.text("notice")
    assert desk.state.warning_due == (Seat.A,)


def _seed_with_a_warning_due(desk: Desk) -> None:
    assert desk.window.controller.store is not None
    load_demo(desk.window.controller.store)
    assert desk.window.open_match(WARNING_DUE)


@pytest.mark.parametrize("setup", [_seed_with_a_warning_due, _warning_due_with_the_clock_running])
def test_undo_and_the_warning_stay_on_a_laptop_screen(desk: Desk, language: str, setup) -> None:  # type: ignore[no-untyped-def]
    setup(desk)
    _on_laptop(desk, language)
    assert desk.page.warning.isVisible()
    assert desk.window.height() <= LAPTOP[1]
    assert _on_screen(desk, "warningGiven")
    assert _on_screen(desk, "undoButton")
    assert _on_screen(desk, "madeButton")


AFTER_BREAK = (Lag(winner=Seat.A), Break(rails=5))
PLAYED: dict[str, tuple[Event, ...]] = {
    "lag": (),
    "break": (Lag(winner=Seat.A),),
    "shot, push-out allowed": AFTER_BREAK,
    "option": (*AFTER_BREAK, PushOut()),
}


@pytest.mark.parametrize("rules", ["wpa", "ffb"])
@pytest.mark.parametrize("panel", PLAYED)
def test_no_button_label_is_cut_off(desk: Desk, language: str, panel: str, rules: str) -> None:
    desk.start(rules=rules)
    for event in PLAYED[panel]:
        assert desk.window.controller.record(event)
    _on_laptop(desk, language)
    assert desk.window.height() <= LAPTOP[1]
    assert _cut_labels(desk) == []


def test_long_names_are_shortened_not_widening_the_desk(desk: Desk, language: str) -> None:
    long_a, long_b = "Maximilian-Alexander Fitzgerald-Smythe", "Anna-Katharina von Hohenzollern-Sigmaringen"
    assert desk.window.controller.new_match(MatchStarted(players=(long_a, long_b), race_to=9, shot_clock=ShotClock()))
    _on_laptop(desk, language)
    assert desk.window.width() <= LAPTOP[0] and desk.window.height() <= LAPTOP[1]
    name = desk.widget("nameB")
    assert name.text().endswith("…") and long_b.startswith(name.text()[:-1])
    assert name.toolTip() == long_b
    assert name.fontMetrics().horizontalAdvance(name.text()) <= name.width()

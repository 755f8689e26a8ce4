"""A shot clock that follows the shot, pauses for a ruling, shows
its time in colour, can beep, starts by itself, and has a large view for the players."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from referee_app.game.events import ShotClock
from referee_app.game.vocab import Seat
from tests.gui.conftest import Desk


def _open_rack(desk: Desk, **clock: float) -> None:
    desk.start(shot_clock=ShotClock(**clock))  # type: ignore[arg-type]
    desk.key("A")
    desk.click("breakAddDropped")
    desk.click("droppedBall4")
    desk.click("droppedPocketSL")
    desk.click("breakRailsUp")  # the cushions counted: 4
    desk.click("recordBreak")


def test_k_starts_pauses_and_resumes_and_a_pause_is_not_the_shooters_time(desk: Desk, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    _open_rack(desk)
    clock = desk.page.clock
    now = [100.0]
    monkeypatch.setattr("referee_desk.desk.controller.time.monotonic", lambda: now[0])
    desk.key("K")
    assert clock.running() and desk.text("clockStart") == "Pause [K]"
    now[0] = 108.0
    desk.key("K")  # a ruling: the clock holds its time
    assert clock.is_paused() and desk.text("clockStart") == "Resume [K]"
    left = clock.remaining_s()
    desk.qtbot.wait(300)
    assert clock.remaining_s() == left  # nothing runs down while paused
    assert clock.display.property("colour") == "#90a4ae"
    now[0] = 150.0  # the ruling took 42 s
    desk.key("K")
    assert clock.running()
    now[0] = 154.5
    desk.key("E")
    desk.key("Return")
    assert desk.session.history.entries[-1].event.clock_s == 12.5  # 8 s + 4.5 s, not the 42 s ruling
    assert not clock.running() and desk.text("clockDisplay") == "35" and desk.text("clockStart") == "Start clock [K]"


@pytest.mark.parametrize(("left", "colour"), [(30.0, "#f2f2f2"), (10.0, "#ffb300"), (4.0, "#ff5252")])
def test_the_colour_matches_the_time_left(desk: Desk, left: float, colour: str) -> None:
    _open_rack(desk)
    clock = desk.page.clock
    clock.limit_s = left
    desk.key("K")
    assert clock.display.property("colour") == colour
    desk.key("K")


def test_an_optional_beep_at_10_and_5_seconds(desk: Desk, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    beeps: list[float] = []
    monkeypatch.setattr(QApplication, "beep", staticmethod(lambda: beeps.append(clock.remaining_s())))
    _open_rack(desk)
    clock = desk.page.clock
    clock.limit_s = 10.4
    desk.key("K")
    desk.qtbot.wait(700)
    assert beeps == []  # off unless the referee ticks it
    desk.key("K")
    desk.page.clock.beep.trigger()
    assert desk.settings.value("clock_beep", type=bool)  # kept for the next start
    clock.stop()
    clock.limit_s = 10.4
    desk.key("K")
    desk.qtbot.waitUntil(lambda: len(beeps) == 1, timeout=2000)
    assert 9.0 < beeps[0] <= 10.0
    clock.extend(-4.9)  # jump towards the end: the second beep comes at 5 s
    desk.qtbot.waitUntil(lambda: len(beeps) == 2, timeout=2000)
    assert beeps[1] <= 5.0
    desk.key("K")


def test_the_next_shot_starts_by_itself_when_asked(desk: Desk) -> None:
    _open_rack(desk)
    clock = desk.page.clock
    desk.key("E")
    desk.key("Return")
    assert not clock.running()  # off by default: the referee starts it
    desk.page.clock.auto_start.trigger()
    desk.key("E")
    desk.key("Return")  # the 2 made: Ana's next shot is timed at once
    assert clock.running() and clock.remaining_s() > 34
    desk.key("N")  # a foul: Ben has ball in hand, and his clock starts too
    assert desk.state.at_table is Seat.B and clock.running()


def test_the_players_view_mirrors_the_clock_full_size(desk: Desk) -> None:
    _open_rack(desk)
    desk.window.open_players_clock()
    view = desk.window.players_clock
    assert view is not None and view.isVisible()
    desk.qtbot.waitExposed(view)
    assert view.digits.text() == desk.text("clockDisplay") == "35"
    assert view.shooter.text() == "Ana" and view.score.text() == "Ana  0 – 0  Ben"
    desk.page.clock.limit_s = 4.0
    desk.key("K")
    assert view.digits.text() == desk.text("clockDisplay") and view.colour == "#ff5252"
    assert view.digits.font().pixelSize() > 3 * desk.page.clock.display.font().pixelSize()
    desk.key("K")
    view.close()


def test_the_players_clock_never_takes_the_keyboard(desk: Desk) -> None:
    """On one screen it opens small beside the desk, the desk keeps the focus, and the referee's
    keys (Enter, K) still reach the desk; it shows the extensions left."""
    desk.start(shot_clock=ShotClock(extensions_per_rack=1))
    desk.key("A")
    desk.window.activateWindow()
    desk.qtbot.waitUntil(lambda: QApplication.activeWindow() is desk.window)
    QTest.keyClick(desk.window, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    view = desk.window.players_clock
    assert view is not None and view.isVisible()
    desk.qtbot.waitExposed(view)
    desk.qtbot.wait(50)
    assert QApplication.activeWindow() is desk.window
    assert view.testAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating)
    assert view.windowFlags() & Qt.WindowType.WindowDoesNotAcceptFocus
    room = desk.window.screen().availableGeometry()
    assert view.width() * view.height() <= room.width() * room.height() // 4  # small: not over the desk
    assert view.extensions.text() == "Extensions left: Ana 1 · Ben 1"
    before = len(desk.session.history.entries)
    desk.key("]")
    QTest.keyClick(QApplication.focusWidget() or desk.window, Qt.Key.Key_Return)
    assert len(desk.session.history.entries) == before + 1  # the break is recorded: the keys are the desk's
    view.close()

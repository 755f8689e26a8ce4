"""On a French AZERTY keyboard nothing needs Shift or AltGr: the digit row as it types, `=` for `+`,
`(` `)` for the cushion count; the buttons show these keys. Real key events, one character each."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from referee_app.game.events import Break
from referee_app.game.vocab import LagFault, Pocket
from tests.gui.conftest import Desk


def _type(desk: Desk, char: str) -> None:
    """The key that types `char` without a modifier on this keyboard, into what has the focus."""
    target = QApplication.activeModalWidget() or desk.window
    if QApplication.activeWindow() is not target:
        target.activateWindow()
        desk.qtbot.waitUntil(lambda: QApplication.activeWindow() is target, timeout=2000)
    code = ord(char.upper())  # a key's code is its character's capital, as the keyboard reports it
    widget = QApplication.focusWidget() or target
    for action in (QTest.KeyAction.Press, QTest.KeyAction.Release):
        QTest.sendKeyEvent(action, widget, Qt.Key(code), char, Qt.KeyboardModifier.NoModifier)


def test_the_unshifted_digit_row_and_the_cushion_keys(desk: Desk) -> None:
    desk.window.set_keyboard("azerty")
    desk.start(rules="ffb")
    lag = desk.page.lag_panel
    assert lag.faults[LagFault.CROSSED_CENTER].text().endswith("[&&]")  # shown as "[&]", not a mnemonic
    _type(desk, "&")  # the 1 key: the first lag fault
    _type(desk, "'")  # the 4 key
    assert lag.faults[LagFault.CROSSED_CENTER].isChecked() and lag.faults[LagFault.SIDE_RAIL].isChecked()
    desk.key("A")  # Ana won the lag
    assert desk.text("breakAddDropped").endswith("[=]") and desk.text("breakRailsUp") == "+ )"
    _type(desk, "=")  # ball down…
    dialog = QApplication.activeModalWidget()
    assert dialog is not None and dialog.objectName() == "droppedDialog"
    assert desk.text("droppedBall5") == "5 [(]"
    _type(desk, "(")  # the 5
    _type(desk, "a")  # in the head-left pocket (A on AZERTY)
    assert QApplication.activeModalWidget() is None
    _type(desk, ")")  # counted: 4 balls to a cushion
    _type(desk, ")")  # 5
    _type(desk, "(")  # 4 again
    assert desk.page.break_panel.rails.value() == 4
    _type(desk, "à")  # the 0 key: the 10 announced (FFB)
    assert QApplication.activeModalWidget() is not None
    _type(desk, "e")  # in the foot-left pocket
    desk.key("Return")
    [brk] = [e.event for e in desk.session.history.entries if isinstance(e.event, Break)]
    assert brk.rails == 4 and [(p.ball, p.pocket) for p in brk.pocketed] == [(5, Pocket.HL)]
    assert brk.call is not None and brk.call.pocket is Pocket.FL
    shot = desk.page.shot_panel
    assert desk.text("callBall2") == "2 [é]"
    _type(desk, "é")  # the 2 key: ball 2 called
    assert shot.call_ball == 2
    _type(desk, "-")  # the 6 key
    assert shot.call_ball == 6


def test_qwerty_keeps_its_keys(desk: Desk) -> None:
    desk.start()
    desk.key("A")
    assert desk.text("breakAddDropped").endswith("[+]") and desk.text("breakRailsUp") == "+ ]"
    QTest.keyClick(desk.window, Qt.Key.Key_BracketRight)
    assert desk.page.break_panel.rails.value() == 4

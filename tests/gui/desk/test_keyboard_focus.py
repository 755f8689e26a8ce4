"""Keys reach the desk whatever has the focus.

A keyboard types into the focused widget, and so do these tests (`Desk.key`
sends to `QApplication.focusWidget()`): a list, a spin box or a combo box that
took the focus would swallow the referee's letters, digits and Enter.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from referee_app.organizer.demo import load_demo
from tests.gui.conftest import Desk


def _entries(desk: Desk) -> int:
    return len(desk.session.history.entries)


def test_a_new_match_and_its_first_shots_from_the_keyboard_alone(desk: Desk) -> None:
    desk.window.activateWindow()
    desk.qtbot.waitUntil(lambda: QApplication.activeWindow() is desk.window)
    QTest.keyClick(QApplication.focusWidget() or desk.window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    desk.qtbot.waitUntil(lambda: QApplication.activeWindow() is QApplication.activeModalWidget() is not None)
    QTest.keyClicks(QApplication.focusWidget(), "Ana")  # the dialog opens on player A
    for _ in range(3):  # past A's licence and club, in the form's order, to player B
        QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    QTest.keyClicks(QApplication.focusWidget(), "Ben")
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    desk.qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None)
    assert desk.session.setup.players == ("Ana", "Ben")
    for keys in (("A",), ("]", "Return"), ("1", "Q", "Return"), ("W", "M")):  # lag, break, the 1 made, the 2 missed
        before = _entries(desk)
        for key in keys:
            desk.key(key)
        assert _entries(desk) == before + 1, f"{keys}: nothing recorded, the focus is on {QApplication.focusWidget()}"


def test_keys_still_work_after_clicking_the_history_or_the_break_panel(desk: Desk) -> None:
    desk.start()
    desk.key("A")
    QTest.mouseClick(desk.page.history.viewport(), Qt.MouseButton.LeftButton)
    desk.click("breakRails")  # the spin box of balls to a cushion
    before = _entries(desk)
    desk.key("]")  # 4 balls to a cushion
    desk.key("Return")  # record the break
    assert _entries(desk) == before + 1, f"the focus is on {QApplication.focusWidget()}"
    QTest.mouseClick(desk.page.history.viewport(), Qt.MouseButton.LeftButton)
    before = _entries(desk)
    desk.key("W")  # the 1 called in the side pocket
    desk.key("M")  # and missed
    assert _entries(desk) == before + 1, f"the focus is on {QApplication.focusWidget()}"


def test_a_clicked_spin_box_does_not_keep_the_keys(desk: Desk) -> None:
    desk.start()
    desk.key("A")
    desk.click("breakRails")  # a click on the spin box, as a referee would to read it
    desk.key("C")  # scratch on the break
    assert desk.widget("breakCueBall").currentIndex() == 1, f"the focus is on {QApplication.focusWidget()}"
    desk.key("]")  # counted: 4 balls to a cushion
    desk.key("]")  # one more
    assert desk.widget("breakRails").value() == 5


def test_the_start_page_opens_a_match_with_the_arrow_keys_and_enter(desk: Desk) -> None:
    assert desk.window.controller.store is not None
    load_demo(desk.window.controller.store)
    desk.window.show_start()
    desk.window.close()
    desk.window = desk.open()  # a fresh start, as the referee's
    desk.key("Down")
    desk.key("Return")
    assert desk.window.controller.session is not None, f"the focus is on {QApplication.focusWidget()}"
    assert desk.page.isVisible()


def test_a_player_typed_in_the_filter_then_enter_opens_their_match(desk: Desk) -> None:
    assert desk.window.controller.store is not None
    load_demo(desk.window.controller.store)
    desk.window.show_start()
    desk.click("filterPlayer")
    QTest.keyClicks(QApplication.focusWidget(), "haddad")
    desk.key("Return")
    assert desk.window.controller.session is not None, f"the focus is on {QApplication.focusWidget()}"
    assert "Omar Haddad" in desk.session.setup.players

"""A desk window on a fresh database and settings file, for every GUI test."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QPushButton, QWidget
from referee_desk.desk.controller import DeskController
from referee_desk.window import DeskWindow

from referee_app.game.events import MatchStarted
from referee_app.log.store import Store


class Desk:
    """The window plus helpers that act as a referee would: clicking, or pressing keys."""

    def __init__(self, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
        self.qtbot = qtbot
        self.tmp_path = tmp_path
        self.db = tmp_path / "matches.db"
        self.settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
        self.window = self.open()
        self.inputs = 0

    def open(self) -> DeskWindow:
        window = DeskWindow(DeskController(Store(self.db)), self.settings)
        self.qtbot.addWidget(window)
        window.show()
        self.qtbot.waitExposed(window)
        window.activateWindow()
        return window

    @property
    def session(self):  # type: ignore[no-untyped-def]
        assert self.window.controller.session is not None
        return self.window.controller.session

    @property
    def page(self):  # type: ignore[no-untyped-def]
        return self.window.desk_page

    @property
    def state(self):  # type: ignore[no-untyped-def]
        return self.session.state

    def start(self, race_to: int = 2, rules: str = "wpa", **extra: object) -> None:
        setup = MatchStarted(players=("Ana", "Ben"), race_to=race_to, rules=rules, **extra)  # type: ignore[arg-type]
        assert self.window.controller.new_match(setup)

    def widget(self, name: str) -> QWidget:
        found = self.window.findChild(QWidget, name)
        modal = QApplication.activeModalWidget()
        if modal is not None and modal.findChild(QWidget, name) is not None:
            found = modal.findChild(QWidget, name)
        assert found is not None, f"no widget named {name}"
        return found

    def click(self, name: str) -> None:
        widget = self.widget(name)
        assert widget.isVisible(), f"{name} is not visible"
        self.inputs += 1
        QTest.mouseClick(widget, Qt.MouseButton.LeftButton)

    def merge(self, timeout: int = 30_000) -> None:
        """Click Merge on the Matches page and wait for the merge (off the GUI thread) and the list."""
        self.click("mergeButton")
        self.qtbot.waitUntil(lambda: self.window.matches.task is None, timeout=timeout)

    def key(self, key: str) -> None:
        """Press one key as the referee would, into whatever window has the focus."""
        self.inputs += 1
        target = QApplication.activeModalWidget() or self.window
        if QApplication.activeWindow() is not target:
            target.activateWindow()
            self.qtbot.waitUntil(lambda: QApplication.activeWindow() is target, timeout=2000)
        named = {"+": Qt.Key.Key_Plus, "[": Qt.Key.Key_BracketLeft, "]": Qt.Key.Key_BracketRight}
        code = named.get(key) or getattr(Qt.Key, f"Key_{key.upper() if len(key) == 1 else key}")
        # a keyboard types into whatever has the focus, and so does this
        QTest.keyClick(QApplication.focusWidget() or target, code)

    def look(self) -> None:
        """The referee takes in the screen before the next key (a rack's end holds the keys a moment,
        and the same recording key twice in a moment is taken for a double press)."""
        from referee_desk.desk.page import HOLD_S

        self.qtbot.wait(int(HOLD_S * 1000) + 50)

    def run_rack(self) -> None:
        """The breaker drops the 4, then runs 1, 2, 3, 5...10, each called in FL."""
        self.click("breakAddDropped")
        self.click("droppedBall4")
        self.click("droppedPocketSL")
        self.click("breakRailsUp")  # the cushions counted: 4
        self.click("recordBreak")
        for ball in (1, 2, 3, 5, 6, 7, 8, 9, 10):
            self.key(str(ball % 10))
            self.key("E")
            self.key("Return")

    def button(self, name: str) -> QPushButton:
        widget = self.widget(name)
        assert isinstance(widget, QPushButton)
        return widget

    def text(self, name: str) -> str:
        return self.widget(name).text()  # type: ignore[attr-defined]


@pytest.fixture(autouse=True)
def no_demo_desk(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Ctrl+D on a real database starts a second desk process: never from a test (it would stay)."""
    launched: list[bool] = []
    monkeypatch.setattr(DeskWindow, "demo_launcher", staticmethod(lambda: launched.append(True) or True))
    return launched


@pytest.fixture
def desk(qtbot, tmp_path: Path) -> Desk:  # type: ignore[no-untyped-def]
    return Desk(qtbot, tmp_path)


Step = Callable[[Desk], None]


@pytest.fixture(autouse=True)
def _nothing_left_open(qapp: QApplication):  # type: ignore[no-untyped-def]
    """A dialog a test left open (a modal one above all) would take the next test's keys and
    language events: every top-level window still shown is closed, then deleted, after each test."""
    yield
    for widget in QApplication.topLevelWidgets():
        if widget.isVisible():
            widget.close()
            widget.deleteLater()
    QApplication.processEvents()

"""The shot clock as the players see it: a second window, full screen on a second screen.

It mirrors the desk's clock (the same seconds, the same colours) and says whose
shot it is and the score, in letters large enough to read from the table.
F11 switches full screen on and off; Esc leaves full screen. It never takes the
keyboard: the referee's keys stay with the desk (it is shown without activating,
and refuses the focus), and on the desk's own screen it opens small, in a corner.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QGuiApplication, QKeyEvent, QResizeEvent
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget
from referee_desk.desk import presenter
from referee_desk.desk.controller import DeskController
from referee_desk.desk.shot_clock import CALM, ShotClockWidget

from referee_app.game.state import State


class PlayersClock(QWidget):
    def __init__(self, controller: DeskController, clock: ShotClockWidget) -> None:
        super().__init__(None, Qt.WindowType.Window | Qt.WindowType.WindowDoesNotAcceptFocus)
        self.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setObjectName("playersClock")
        self.setStyleSheet("QWidget#playersClock { background: black; } QLabel { color: #eceff1; }")
        self.resize(800, 480)
        layout = QVBoxLayout(self)
        self.shooter = QLabel(self)
        self.shooter.setObjectName("playersClockShooter")
        self.digits = QLabel(self)
        self.digits.setObjectName("playersClockDigits")
        self.score = QLabel(self)
        self.score.setObjectName("playersClockScore")
        self.extensions = QLabel(self)
        self.extensions.setObjectName("playersClockExtensions")
        for label, stretch in ((self.shooter, 1), (self.digits, 4), (self.score, 1), (self.extensions, 1)):
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)
            layout.addWidget(label, stretch)
        self.colour = CALM
        self.show_seconds(clock.display.text(), clock.display.property("colour") or CALM)
        clock.shown.connect(self.show_seconds)
        controller.state_changed.connect(self.show_state)
        if controller.state is not None:
            self.show_state(controller.state)
        self.retranslate()

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Shot clock"))

    def show_seconds(self, text: str, colour: str) -> None:
        self.digits.setText(text)
        if colour != self.colour:
            self.colour = colour
            self.digits.setStyleSheet(f"color: {colour};")

    def show_state(self, state: State) -> None:
        self.shooter.setText("" if state.over else presenter.name(state, state.at_table))
        a, b = state.setup.players
        self.score.setText(f"{a}  {state.score.a} – {state.score.b}  {b}")
        self.setWindowTitle(self.tr("Shot clock") + f" — {a} v {b}")
        left = state.extensions_left
        self.extensions.setVisible(left is not None)
        if left is not None:
            self.extensions.setText(
                self.tr("Extensions left: {a} {na} · {b} {nb}").format(a=a, na=left.a, b=b, nb=left.b)
            )

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Digits as tall as the window allows: read from the far end of the table."""
        height = max(1, event.size().height())
        for label, share in ((self.digits, 0.5), (self.shooter, 0.09), (self.score, 0.07), (self.extensions, 0.06)):
            font = QFont(label.font())
            font.setPixelSize(max(12, int(height * share)))
            font.setBold(True)
            label.setFont(font)
        super().resizeEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_F11:
            self.setWindowState(self.windowState() ^ Qt.WindowState.WindowFullScreen)
        elif event.key() == Qt.Key.Key_Escape and self.isFullScreen():
            self.showNormal()
        else:
            super().keyPressEvent(event)

    def show_for_players(self, desk: QWidget) -> None:
        """Full screen on another screen than the desk's when there is one; else a small window
        beside the desk (in the room the desk leaves, or in the screen's bottom right corner, over the
        history rather than the table). Either way the desk keeps the keyboard."""
        others = [s for s in QGuiApplication.screens() if s is not desk.screen()]
        if others:
            self.setGeometry(others[0].geometry())
            self.showFullScreen()
        else:
            room = desk.screen().availableGeometry()
            frame = desk.frameGeometry()
            width, height = max(360, room.width() // 4), max(240, room.height() // 3)
            beside = room.right() - frame.right()
            x = frame.right() + 1 if beside >= width else room.right() - width - 8
            y = room.bottom() - height - 8
            self.setGeometry(x, y, width, height)
            self.show()
        self.raise_()
        desk.activateWindow()  # where a window manager activates new windows anyway

"""Ball and pocket pickers: rows of buttons, each with its key shown on it."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)
from referee_desk.desk import keyboard
from referee_desk.desk.keys import KeyButton
from referee_desk.i18n import qt_translate

from referee_app.game.labels import pocket_label
from referee_app.game.vocab import Pocket

BALL_KEYS = {ball: str(ball % 10) for ball in range(1, 11)}  # 10 is on the 0 key
POCKET_PLACES: dict[Pocket, tuple[int, int]] = {
    Pocket.HL: (0, 0),
    Pocket.SL: (0, 1),
    Pocket.FL: (0, 2),
    Pocket.HR: (1, 0),
    Pocket.SR: (1, 1),
    Pocket.FR: (1, 2),
}
"""(row, column) of each pocket as the desk draws the table: the head (breaking end) on the
left, so a player at the head rail has HL at the top left and FR at the bottom right."""


def pocket_key(pocket: Pocket) -> str:
    """The pocket's key on this keyboard: the keys mirror the table as drawn, head on the left,
    the top row of three keys along the top rail (Q W E on QWERTY, A Z E on AZERTY)."""
    return keyboard.key_at(*POCKET_PLACES[pocket])


def pocket_text(pocket: Pocket) -> str:
    return pocket_label(pocket, qt_translate)


class BallRow(QWidget):
    """Ten checkable ball buttons; only the balls on the table are enabled."""

    picked = Signal(int)

    def __init__(self, prefix: str, keys: bool = True, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.group = QButtonGroup(self)
        self.keys = keys
        self.buttons: dict[int, KeyButton] = {}
        for ball in range(1, 11):
            button = KeyButton(BALL_KEYS[ball] if keys else None, self, f"{prefix}{ball}")
            button.setText(str(ball))
            button.setCheckable(True)
            button.setMinimumWidth(40)
            button.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
            button.clicked.connect(lambda _=False, b=ball: self.picked.emit(b))
            self.group.addButton(button, ball)
            self.buttons[ball] = button
            layout.addWidget(button)
        self.relabel()

    def relabel(self) -> None:
        """Each ball's key as the keyboard types it (on AZERTY the digit row without Shift: & é " ...)."""
        if not self.keys:
            return
        for ball, button in self.buttons.items():
            keys = keyboard.digit_keys(ball % 10)
            button.set_keys(keys)
            button.setText(f"{ball} [{keys[0].replace('&', '&&')}]")  # "&" alone would be a mnemonic

    def set_balls(self, on_table: frozenset[int], selected: int | None) -> None:
        """Balls off the table stay in their place, greyed: each ball's button never moves during a
        rack, and a pocketed ball repaints one button instead of re-laying out the row."""
        self.group.setExclusive(False)  # an exclusive group never unchecks its checked button
        for ball, button in self.buttons.items():
            button.setEnabled(ball in on_table)
            button.setChecked(ball == selected)
        self.group.setExclusive(True)


class PocketGrid(QWidget):
    """Six pocket buttons laid out as the table is drawn."""

    picked = Signal(str)

    def __init__(self, prefix: str, keys: bool = True, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QGridLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.keys = keys
        self.buttons: dict[Pocket, KeyButton] = {}
        for pocket, (row, col) in POCKET_PLACES.items():
            button = KeyButton(pocket_key(pocket) if keys else None, self, f"{prefix}{pocket.value}")
            button.setCheckable(True)
            button.clicked.connect(lambda _=False, p=pocket: self.picked.emit(p.value))
            self.buttons[pocket] = button
            layout.addWidget(button, row, col)
        self.relabel()

    def relabel(self) -> None:
        """Labels and keys as they stand: the language's pocket names, the keyboard's letters."""
        for pocket, button in self.buttons.items():
            if self.keys:
                button.set_key(pocket_key(pocket))
                button.setText(f"{pocket_text(pocket)} [{pocket_key(pocket)}]")
            else:
                button.setText(pocket_text(pocket))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.relabel()
        super().changeEvent(event)

    def set_selected(self, selected: Pocket | None) -> None:
        for pocket, button in self.buttons.items():
            button.setChecked(pocket is selected)


class DroppedDialog(QDialog):
    """Pick one more ball that dropped (ball, then pocket or 'off the table')."""

    chosen = Signal(int, str)  # ball, pocket value or "off"

    def __init__(self, on_table: frozenset[int], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("droppedDialog")
        self.setWindowTitle(self.tr("Ball down"))
        self.ball: int | None = None
        layout = QVBoxLayout(self)
        self.hint = QLabel(self.tr("Which ball dropped? Then where did it go?"), self)
        layout.addWidget(self.hint)
        self.balls = BallRow("droppedBall", parent=self)
        self.balls.set_balls(on_table, None)
        self.balls.picked.connect(self._ball)
        layout.addWidget(self.balls)
        self.pockets = PocketGrid("droppedPocket", parent=self)
        self.pockets.picked.connect(self._pocket)
        layout.addWidget(self.pockets)
        off = KeyButton("O", self, "droppedOffTable")
        off.setText(self.tr("Off the table [O]"))
        off.clicked.connect(lambda: self._pocket("off"))
        layout.addWidget(off)
        cancel = QPushButton(self.tr("Cancel [Esc]"), self)
        cancel.setObjectName("droppedCancel")
        cancel.clicked.connect(self.reject)
        layout.addWidget(cancel)

    def _ball(self, ball: int) -> None:
        self.ball = ball
        self.balls.set_balls(frozenset(b for b, w in self.balls.buttons.items() if w.isEnabled()), ball)

    def _pocket(self, pocket: str) -> None:
        if self.ball is None:
            self.hint.setText(self.tr("Pick the ball first."))
            return
        self.chosen.emit(self.ball, pocket)
        self.accept()


class AnnounceDialog(QDialog):
    """The 10 announced on the break (FFB), by key: the pocket's key, or Esc for none."""

    chosen = Signal(str)  # pocket value, or "" for no announcement

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("announceDialog")
        self.setWindowTitle(self.tr("10 announced in"))
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(self.tr("Which pocket is the 10 announced in?"), self))
        self.pockets = PocketGrid("announcePocket", parent=self)
        self.pockets.picked.connect(self._picked)
        layout.addWidget(self.pockets)
        none = KeyButton("Delete", self, "announceNone")
        none.setText(self.tr("No announcement [Del]"))
        none.clicked.connect(lambda: self._picked(""))
        layout.addWidget(none)
        cancel = QPushButton(self.tr("Cancel [Esc]"), self)
        cancel.clicked.connect(self.reject)
        layout.addWidget(cancel)

    def _picked(self, pocket: str) -> None:
        self.chosen.emit(pocket)
        self.accept()

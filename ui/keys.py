"""Buttons with a keyboard shortcut that is live only while the button is shown.

Three things Qt does not do for us:
- `setText` replaces a button's shortcut with the text's mnemonic, so a button
  relabelled on a language switch would lose its key: `KeyButton` puts it back;
- a hidden button keeps its shortcut, so the same key on two panels (Enter for
  "record the break" and for "called ball made") would be ambiguous and fire
  neither: a `KeyButton` holds its key only while it is visible;
- a shortcut normally clicks after a 100 ms animation: the desk answers at once.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtGui import QHideEvent, QKeySequence, QShowEvent
from PySide6.QtWidgets import QPushButton, QWidget


class KeyButton(QPushButton):
    def __init__(self, key: str | None, parent: QWidget | None = None, name: str = "") -> None:
        super().__init__(parent)
        self.key = key
        if name:
            self.setObjectName(name)
        self._apply_key()

    def _apply_key(self) -> None:
        if self.key:
            self.setShortcut(QKeySequence(self.key) if self.isVisible() else QKeySequence())

    def setText(self, text: str) -> None:
        super().setText(text)
        self._apply_key()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._apply_key()

    def hideEvent(self, event: QHideEvent) -> None:
        super().hideEvent(event)
        self._apply_key()

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Shortcut:
            self.click()
            return True
        return super().event(event)

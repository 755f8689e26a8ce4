"""Buttons with a keyboard shortcut that is live only while the button is shown.

Three things a plain `QPushButton.setShortcut` does not do for us:
- `setText` replaces a button's shortcut with the text's mnemonic, so a button
  relabelled on a language switch would lose its key;
- a hidden button keeps its shortcut, so the same key on two panels (Enter for
  "record the break" and for "called ball made") would be ambiguous and fire
  neither;
- a button's shortcut clicks after a 100 ms animation; the desk answers at once.
So the key is a `QShortcut` owned by the button, enabled only while the button is
visible, that clicks it directly.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QHideEvent, QKeySequence, QShortcut, QShowEvent
from PySide6.QtWidgets import QPushButton, QWidget


class KeyButton(QPushButton):
    def __init__(self, key: str | None, parent: QWidget | None = None, name: str = "") -> None:
        super().__init__(parent)
        if name:
            self.setObjectName(name)
        self.key = key
        self.shortcut_key: QShortcut | None = None
        if key:
            self.shortcut_key = QShortcut(QKeySequence(key), self)
            self.shortcut_key.setContext(Qt.ShortcutContext.WindowShortcut)
            self.shortcut_key.activated.connect(self._pressed_by_key)
            self.shortcut_key.setEnabled(False)

    def _pressed_by_key(self) -> None:
        if self.isEnabled() and self.isVisible():
            self.click()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self.shortcut_key is not None:
            self.shortcut_key.setEnabled(True)

    def hideEvent(self, event: QHideEvent) -> None:
        super().hideEvent(event)
        if self.shortcut_key is not None:
            self.shortcut_key.setEnabled(False)

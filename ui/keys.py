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
from PySide6.QtWidgets import QAbstractButton, QCheckBox, QPushButton, QWidget


def _own_key(button: QAbstractButton, key: str | None) -> QShortcut | None:
    """A key for `button`, disabled until it is shown (its show and hide events switch it)."""
    if not key:
        return None
    shortcut = QShortcut(QKeySequence(key), button)
    shortcut.setContext(Qt.ShortcutContext.WindowShortcut)

    def pressed() -> None:
        if button.isEnabled() and button.isVisible():
            button.click()

    shortcut.activated.connect(pressed)
    shortcut.setEnabled(False)
    return shortcut


class KeyButton(QPushButton):
    def __init__(self, key: str | None, parent: QWidget | None = None, name: str = "") -> None:
        super().__init__(parent)
        if name:
            self.setObjectName(name)
        self.key = key
        self.shortcut_key = _own_key(self, key)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self.shortcut_key is not None:
            self.shortcut_key.setEnabled(True)

    def hideEvent(self, event: QHideEvent) -> None:
        super().hideEvent(event)
        if self.shortcut_key is not None:
            self.shortcut_key.setEnabled(False)


class KeyCheckBox(QCheckBox):
    """A box ticked and unticked by its key, live while it is shown (as `KeyButton`): a
    `setShortcut` would be lost at the next `setText`, on a language switch or at start."""

    def __init__(self, key: str, parent: QWidget | None = None, name: str = "") -> None:
        super().__init__(parent)
        if name:
            self.setObjectName(name)
        self.key = key
        self.shortcut_key = _own_key(self, key)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self.shortcut_key is not None:
            self.shortcut_key.setEnabled(True)

    def hideEvent(self, event: QHideEvent) -> None:
        super().hideEvent(event)
        if self.shortcut_key is not None:
            self.shortcut_key.setEnabled(False)

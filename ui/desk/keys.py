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

A key is not a click: a tired double press or a key that lands just after the screen
changed records what nobody meant. When an ancestor of the button is a `KeyGate`, the
key goes through it: the gate clicks, or says why it did not (a key on a disabled
button says why too, rather than doing nothing in silence).
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QAbstractButton, QCheckBox, QPushButton, QWidget


@runtime_checkable
class KeyGate(Protocol):
    """A widget that decides whether a key press on one of its buttons clicks it."""

    def key_pressed(self, button: QAbstractButton) -> None:
        """The key of an enabled `button` was pressed: click it, or say why not."""

    def key_blocked(self, button: QAbstractButton) -> None:
        """The key of a disabled `button` was pressed: say why nothing happens."""


def gate_of(widget: QWidget) -> KeyGate | None:
    """The nearest ancestor of `widget` that gates its keys, if any."""
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, KeyGate):
            return parent
        parent = parent.parentWidget()
    return None


class _LiveWhileShown(QObject):
    """Switches a button's key on when the button is shown and off when it is hidden."""

    def __init__(self, button: QAbstractButton, shortcut: QShortcut) -> None:
        super().__init__(button)
        self.shortcut = shortcut
        button.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.Show, QEvent.Type.Hide):
            self.shortcut.setEnabled(event.type() == QEvent.Type.Show)
        return False


def _own_key(button: QAbstractButton, key: str | None) -> QShortcut | None:
    """A key for `button`, live only while it is shown, that clicks it at once."""
    if not key:
        return None
    shortcut = QShortcut(QKeySequence(key), button)
    shortcut.setContext(Qt.ShortcutContext.WindowShortcut)

    def pressed() -> None:
        if not button.isVisible():
            return
        gate = gate_of(button)
        if not button.isEnabled():
            if gate is not None:
                gate.key_blocked(button)
        elif gate is None:
            button.click()
        else:
            gate.key_pressed(button)

    shortcut.activated.connect(pressed)
    shortcut.setEnabled(False)
    _LiveWhileShown(button, shortcut)
    return shortcut


class KeyButton(QPushButton):
    def __init__(self, key: str | None, parent: QWidget | None = None, name: str = "") -> None:
        super().__init__(parent)
        if name:
            self.setObjectName(name)
        self.key = key
        self.shortcut_key = _own_key(self, key)

    def set_key(self, key: str) -> None:
        """Another key for the same button (the pocket keys follow the keyboard's layout)."""
        self.set_keys((key,))

    def set_keys(self, keys: tuple[str, ...]) -> None:
        """Other keys for the same button, the first one shown (a digit row that needs no Shift)."""
        _set_keys(self, keys)


def _set_keys(button: KeyButton | KeyCheckBox, keys: tuple[str, ...]) -> None:
    button.key = keys[0]
    if button.shortcut_key is None:
        button.shortcut_key = _own_key(button, keys[0])
        if button.shortcut_key is not None and button.isVisible():
            button.shortcut_key.setEnabled(True)
    if button.shortcut_key is not None:
        button.shortcut_key.setKeys([QKeySequence(k) for k in keys])


class KeyCheckBox(QCheckBox):
    """A box ticked and unticked by its key, live while it is shown (as `KeyButton`): a
    `setShortcut` would be lost at the next `setText`, on a language switch or at start."""

    def __init__(self, key: str, parent: QWidget | None = None, name: str = "") -> None:
        super().__init__(parent)
        if name:
            self.setObjectName(name)
        self.key = key
        self.shortcut_key = _own_key(self, key)

    def set_keys(self, keys: tuple[str, ...]) -> None:
        _set_keys(self, keys)

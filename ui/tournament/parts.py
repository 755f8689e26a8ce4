"""What the tournament window's tabs share: the window's keys, the notice strip, the shown state.

A tab is built with a `Desk` (the window's services) and re-renders from a `Shown` (the state and
what is made of it once per change); it never keeps its own copy of the tournament.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence
from PySide6.QtWidgets import QLineEdit, QMessageBox, QPushButton, QSpinBox, QTableWidgetItem, QWidget
from referee_desk.notices import Notice
from referee_desk.tournament.session import SignalledSession

from referee_app.event.follow import HeldTournament
from referee_app.log.store import Store
from referee_app.tournament.show import NOTHING, TournamentView
from referee_app.tournament.state import State, Tournament


@dataclass(frozen=True)
class Shown:
    """The tournament as every tab shows it after a change: its state, its typed view (spec §4) and
    the round names (made once, read by all)."""

    state: State | None = None
    view: TournamentView = NOTHING
    names: dict[str, str] = field(default_factory=dict)

    @property
    def tournament(self) -> Tournament | None:
        return None if self.state is None else self.state.tournament


class Desk(Protocol):
    """The window, as its tabs use it."""

    session: SignalledSession
    shown: Shown
    dialog: QWidget | None
    store: Store | None
    """The organizer's database the tournament is kept in (None: a tournament held in memory)."""
    held: HeldTournament | None
    """The tournament as the process holds it (its session's log on the database's thread, its
    follower), when it is kept in the database."""

    def say(self, level: Notice, text: str) -> None: ...

    def follow(self, quiet: bool = False) -> bool: ...

    def ask(self, name: str, text: str, then: Callable[[], object], declined: str) -> QMessageBox: ...

    def go_to(self, tab: str) -> None:
        """Show one of the tabs (`TABS` names them) and give its main widget the keys."""

    def key(self, name: str, key: str, slot: Callable[[], object]) -> QAction: ...

    def recording(self, match_id: str) -> tuple[str, str] | None:
        """A connected desk recording `match_id` now: its table and what it has ("0-0 since 18:59")."""


def button(desk: Desk, name: str, key: str, slot: Callable[[], object], parent: QWidget) -> QPushButton:
    """A button whose key works anywhere in the window (written on it by the tab's `retranslate`)."""
    made = QPushButton(parent)
    made.setObjectName(name)
    made.clicked.connect(slot)
    if key:
        desk.key(f"action_{name}", key, lambda: press(made))
    return made


def window_key(window: QWidget, name: str, key: str, slot: Callable[[], object]) -> QAction:
    """A key for the whole window (it works whichever tab is shown)."""
    action = QAction(window)
    action.setObjectName(name)
    action.setShortcut(QKeySequence(key))
    action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
    action.triggered.connect(slot)
    window.addAction(action)
    return action


def press(made: QPushButton) -> None:
    """A button's key does what a click does, and nothing while the button is disabled."""
    if made.isEnabled():
        made.click()


def spin(parent: QWidget, name: str, low: int, high: int, value: int) -> QSpinBox:
    made = QSpinBox(parent)
    made.setObjectName(name)
    made.setRange(low, high)
    made.setValue(value)
    return made


class WindowUndo(QObject):
    """Leaves Ctrl+Z and Ctrl+Shift+Z to the window on the fields it watches: in a score box they
    would undo a typed digit, where the button printed beside them says "Undo the last decision"."""

    KEYS = (QKeySequence.StandardKey.Undo, QKeySequence.StandardKey.Redo)

    def watch(self, *fields: QWidget) -> None:
        for field_ in fields:
            field_.installEventFilter(self)
            if isinstance(field_, QSpinBox):
                field_.lineEdit().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        override = event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent)
        if override and any(event.matches(key) for key in self.KEYS):  # type: ignore[attr-defined]
            event.ignore()  # not claimed by the field: the window's shortcut takes the key
            return True
        return super().eventFilter(watched, event)


def item(text: object, data: object = None) -> QTableWidgetItem:
    made = QTableWidgetItem("" if text is None else str(text))
    made.setFlags(made.flags() & ~Qt.ItemFlag.ItemIsEditable)
    if data is not None:
        made.setData(Qt.ItemDataRole.UserRole, data)
    return made


def text_of(cell: QTableWidgetItem | None) -> str:
    return "" if cell is None else cell.text()


def fit_placeholder(edit: QLineEdit) -> None:
    """The hint in an empty field is read whole, in every language."""
    margins = edit.textMargins()
    edit.setMinimumWidth(
        edit.fontMetrics().horizontalAdvance(edit.placeholderText()) + margins.left() + margins.right() + 16
    )

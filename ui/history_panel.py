"""Every event of the match in words; voided ones struck through, undo lines in italics.

The log only grows (undo appends), so the list is extended, not rebuilt, on each
change: recording stays fast late in a long match.
"""

from __future__ import annotations

from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QWidget
from referee_desk import presenter
from referee_desk.controller import qt_translate

from referee_app.events import Undo
from referee_app.history import History
from referee_app.transcript import local_time


def describe_entry(history: History, index: int) -> str:
    """Entry `index` (0-based) of the history: its seq, its local time, and the event in words
    (as `referee-app history` prints it)."""
    entry = history.entries[index]
    before = history.timeline[index - 1] if index > 0 else history.timeline[0]
    return f"{entry.seq}. {local_time(entry.at)} {presenter.describe(entry.event, before, qt_translate)}"


class HistoryPanel(QListWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("history")
        self.setAlternatingRowColors(True)
        self.setUniformItemSizes(True)  # one line per event: layout stays cheap in long matches
        self._history: History | None = None
        self._shown = 0
        self._voided: set[int] = set()

    def show_history(self, history: History | None, rebuild: bool = False) -> None:
        if history is not self._history or rebuild:
            self.clear()
            self._history = history
            self._shown = 0
            self._voided = set()
        if history is None:
            return
        grew = len(history.entries) > self._shown
        for index in range(self._shown, len(history.entries)):
            item = QListWidgetItem(describe_entry(history, index))
            if isinstance(history.entries[index].event, Undo):
                font = QFont(item.font())
                font.setItalic(True)
                item.setFont(font)
                item.setForeground(QBrush(QColor("#607d8b")))
            self.addItem(item)
        self._shown = len(history.entries)
        for seq in history.voided - self._voided:
            item = self.item(seq - 1)
            font = QFont(item.font())
            font.setStrikeOut(True)
            item.setFont(font)
            item.setForeground(QBrush(QColor("#9e9e9e")))
        self._voided = set(history.voided)
        if grew:
            self.scrollToBottom()

    def is_struck(self, seq: int) -> bool:
        return self.item(seq - 1).font().strikeOut()

"""Every event of the match in words; voided ones struck through, undo lines in italics.

The log only grows (undo appends), so the list is extended, not rebuilt, on each
change: recording stays fast late in a long match.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QResizeEvent
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QStyleOptionViewItem, QWidget
from referee_desk.desk import presenter
from referee_desk.i18n import qt_translate

from referee_app.game.events import Undo
from referee_app.game.history import History
from referee_app.words.transcript import ends_after, local_time


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
        # a long line (a French foul line above all) wraps rather than hiding its end past the edge
        self.setWordWrap(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._history: History | None = None
        self._shown = 0
        self._voided: set[int] = set()
        self._items: dict[int, list[QListWidgetItem]] = {}  # seq -> its line and the rack ends it brought
        self._fitted_width = -1

    def show_history(self, history: History | None, rebuild: bool = False) -> None:
        if history is not self._history or rebuild:
            self.clear()
            self._history = history
            self._shown = 0
            self._voided = set()
            self._items = {}
        if history is None:
            return
        grew = len(history.entries) > self._shown
        added: list[QListWidgetItem] = []
        for index in range(self._shown, len(history.entries)):
            item = QListWidgetItem(describe_entry(history, index))
            if isinstance(history.entries[index].event, Undo):
                font = QFont(item.font())
                font.setItalic(True)
                item.setFont(font)
                item.setForeground(QBrush(QColor("#607d8b")))
            self.addItem(item)
            lines = [item]
            if history.entries[index].seq not in history.voided:
                for end in ends_after(history, index, qt_translate):  # rack separators
                    separator = QListWidgetItem(end)
                    font = QFont(separator.font())
                    font.setBold(True)
                    separator.setFont(font)
                    separator.setForeground(QBrush(QColor("#ffd54a")))
                    self.addItem(separator)
                    lines.append(separator)
            self._items[history.entries[index].seq] = lines
            added += lines
        self._fit(added)
        self._shown = len(history.entries)
        for seq in history.voided - self._voided:
            for item in self._items.get(seq, []):
                font = QFont(item.font())
                font.setStrikeOut(True)
                item.setFont(font)
                item.setForeground(QBrush(QColor("#9e9e9e")))
        self._voided = set(history.voided)
        if grew:
            self.scrollToBottom()

    def _fit(self, items: list[QListWidgetItem]) -> None:
        """Give each new line its wrapped height once, as the delegate measures it at the list's
        width: with wrapped lines of different heights the list otherwise measures every line
        again on each one added, which made a click cost more the longer the match."""
        if not items:
            return
        width = self.viewport().width()
        option = QStyleOptionViewItem()
        self.initViewItemOption(option)
        option.rect = QRect(0, 0, width, 1)
        delegate = self.itemDelegate()
        for item in items:
            item.setSizeHint(QSize(width, delegate.sizeHint(option, self.indexFromItem(item)).height()))
        self._fitted_width = width

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.viewport().width() != self._fitted_width:  # wrapped again at the new width
            self._fit([self.item(row) for row in range(self.count())])

    def is_struck(self, seq: int) -> bool:
        return self._items[seq][0].font().strikeOut()

    def lines(self) -> list[str]:
        return [self.item(row).text() for row in range(self.count())]

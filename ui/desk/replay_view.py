"""Replay for protests: step through the match event by event, or jump to a rack,
and see the table, the score and the fouls as they were."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QDialog, QHBoxLayout, QLabel, QSlider, QVBoxLayout, QWidget
from referee_desk.desk.history_panel import describe_entry
from referee_desk.desk.keys import KeyButton
from referee_desk.desk.scoreboard import Scoreboard
from referee_desk.desk.table_view import TableView
from referee_desk.theme import apply_dark

from referee_app.game.history import History


class ReplayDialog(QDialog):
    def __init__(self, history: History, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("replayDialog")
        apply_dark(self)
        self.setWindowTitle(self.tr("Replay"))
        # within the screen (760 px tall at y=40 cut the buttons off on a 768-px laptop)
        room = (parent.screen() if parent is not None else self.screen()).availableGeometry()
        width, height = min(1100, room.width() - 24), min(760, room.height() - 48)  # 48: the title bar
        self.resize(width, height)
        self.move(room.x() + (room.width() - width) // 2, room.y() + max(0, (room.height() - height - 32) // 2))
        self.history = history
        layout = QVBoxLayout(self)
        self.scoreboard = Scoreboard(self)
        layout.addWidget(self.scoreboard)
        self.table = TableView(self)
        self.table.setObjectName("replayTable")
        layout.addWidget(self.table, 1)
        self.event_label = QLabel(self)
        self.event_label.setObjectName("replayEvent")
        self.event_label.setStyleSheet("font-size: 18px; font-weight: bold; color: #ffd54a;")
        layout.addWidget(self.event_label)
        row = QHBoxLayout()
        self.prev = KeyButton("Left", self, "replayPrev")
        self.prev.setText(self.tr("◀ Previous [Left]"))
        self.next = KeyButton("Right", self, "replayNext")
        self.next.setText(self.tr("Next [Right] ▶"))
        self.slider = QSlider(Qt.Orientation.Horizontal, self)
        self.slider.setObjectName("replaySlider")
        self.slider.setRange(0, len(history.entries) - 1)
        self.rack = QComboBox(self)
        self.rack.setObjectName("replayRack")
        self._rack_starts: list[int] = []
        last_rack = 0
        for index, state in enumerate(history.timeline):
            if state.rack != last_rack:
                last_rack = state.rack
                self._rack_starts.append(index)
                self.rack.addItem(self.tr("Rack {n}").format(n=state.rack), index)
        row.addWidget(self.prev)
        row.addWidget(self.slider, 1)
        row.addWidget(self.next)
        row.addWidget(self.rack)
        layout.addLayout(row)
        self.prev.clicked.connect(lambda: self.slider.setValue(self.slider.value() - 1))
        self.next.clicked.connect(lambda: self.slider.setValue(self.slider.value() + 1))
        self.slider.valueChanged.connect(self.show_index)
        self.rack.activated.connect(lambda i: self.slider.setValue(self.rack.itemData(i)))
        self.slider.setValue(len(history.entries) - 1)
        self.show_index(self.slider.value())

    def show_index(self, index: int) -> None:
        state = self.history.timeline[index]
        self.scoreboard.show_state(state)
        self.table.set_state(state)
        racks = [i for i, start in enumerate(self._rack_starts) if start <= index]
        if racks:  # the rack shown, whichever way it was reached (it once said "Rack 1")
            self.rack.setCurrentIndex(racks[-1])
        voided = self.history.entries[index].seq in self.history.voided
        text = describe_entry(self.history, index)
        self.event_label.setText(text + ("  " + self.tr("(voided by an undo)") if voided else ""))

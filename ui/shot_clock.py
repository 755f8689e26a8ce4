"""The shot clock (rule book §10): a countdown started on a key, with the warning at 10 s.

It only measures; the time foul is offered to the referee when it runs out, and
the seconds a shot took go into the recorded event through the controller.
"""

from __future__ import annotations

from PySide6.QtCore import QElapsedTimer, QTimer, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QWidget
from referee_desk.keys import KeyButton

from referee_app.events import ShotClock

WARN_AT_S = 10
STYLE = "font-size: 34px; font-weight: bold; color: {colour}; min-width: 90px;"
CALM = "#f2f2f2"


class ShotClockWidget(QWidget):
    started = Signal()
    expired = Signal()
    extension_requested = Signal()
    changed = Signal(object)  # what the live overlay counts down from: `reading()`

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("shotClock")
        self.limit_s = 35.0
        self._elapsed = QElapsedTimer()
        self._timer = QTimer(self)
        self._timer.setInterval(100)
        self._timer.timeout.connect(self._tick)
        self._expired_sent = False
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.display = QLabel("--", self)
        self.display.setObjectName("clockDisplay")
        self.display.setStyleSheet(STYLE.format(colour=CALM))
        self.start_button = KeyButton("K", self, "clockStart")
        self.start_button.clicked.connect(self.start)
        self.extension_button = KeyButton("Ctrl+E", self, "clockExtension")
        self.extension_button.clicked.connect(self.extension_requested.emit)
        layout.addWidget(self.display)
        layout.addWidget(self.start_button)
        layout.addWidget(self.extension_button)
        self.retranslate()

    def retranslate(self) -> None:
        self.start_button.setText(self.tr("Start clock [K]"))
        self.extension_button.setText(self.tr("Extension [Ctrl+E]"))

    def configure(self, clock: ShotClock | None, after_break: bool) -> None:
        self.setVisible(clock is not None)
        if clock is not None and not self._timer.isActive():
            limit = float(clock.after_break_s if after_break else clock.shot_s)
            shown = f"{limit:.0f}"
            if limit != self.limit_s or self._elapsed.isValid() or self.display.text() != shown:
                self.limit_s = limit
                self._elapsed.invalidate()  # a stopped or expired count is over: the next one is whole
                self.display.setText(shown)
                self.display.setStyleSheet(STYLE.format(colour=CALM))
                self.changed.emit(self.reading())

    def start(self) -> None:
        self._elapsed.start()
        self._expired_sent = False
        self._timer.start()
        self.started.emit()
        self._tick()
        self.changed.emit(self.reading())

    def extend(self, seconds: float) -> None:
        self.limit_s += seconds
        self._expired_sent = False
        self.changed.emit(self.reading())

    def stop(self) -> None:
        self._timer.stop()

    def reading(self) -> dict[str, float | bool]:
        """The clock as the overlay shows it: seconds left, and whether they are running down."""
        return {"running": self._timer.isActive(), "remaining_s": max(0.0, self.remaining_s()), "limit_s": self.limit_s}

    def remaining_s(self) -> float:
        if not self._elapsed.isValid():
            return self.limit_s
        return self.limit_s - self._elapsed.elapsed() / 1000

    def _tick(self) -> None:
        left = max(0.0, self.remaining_s())
        self.display.setText(f"{left:.0f}")
        self.display.setStyleSheet(STYLE.format(colour="#ff5252" if left <= WARN_AT_S else CALM))
        if left <= 0 and not self._expired_sent:
            self._expired_sent = True
            self._timer.stop()
            self.expired.emit()
            self.changed.emit(self.reading())

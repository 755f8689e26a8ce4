"""The shot clock (rule book §10): a countdown the referee starts, pauses and resumes on one key.

It only measures; the time foul is offered to the referee when it runs out, and
the seconds a shot took go into the recorded event through the controller.
Every second shown is also sent out (`shown`), for the players' large view.
"""

from __future__ import annotations

from PySide6.QtCore import QElapsedTimer, QSettings, QTimer, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QHBoxLayout, QLabel, QMenu, QToolButton, QWidget
from referee_desk.desk.keys import KeyButton

from referee_app.game.events import ShotClock

WARN_AT_S = 10
"""The rule book's warning: the clock turns amber, and may beep."""
LAST_S = 5
"""The last seconds: red, and a second beep."""
STYLE = "font-size: 34px; font-weight: bold; color: {colour}; min-width: 90px;"
CALM = "#f2f2f2"
AMBER = "#ffb300"
RED = "#ff5252"
PAUSED = "#90a4ae"


def colour_for(left: float, paused: bool = False) -> str:
    """The colour that matches the time left, the same on the desk and on the players' view."""
    if paused:
        return PAUSED
    if left <= LAST_S:
        return RED
    return AMBER if left <= WARN_AT_S else CALM


class ShotClockWidget(QWidget):
    started = Signal()
    paused = Signal()
    resumed = Signal()
    expired = Signal()
    extension_requested = Signal()
    changed = Signal(object)  # what the live overlay counts down from: `reading()`
    shown = Signal(str, str)  # the seconds shown and their colour, for the players' view

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("shotClock")
        self.limit_s = 35.0
        self._spent_s = 0.0  # seconds run before the last pause
        self._elapsed = QElapsedTimer()  # the running stretch since the last start or resume
        self._started = False
        self._timer = QTimer(self)
        self._timer.setInterval(100)
        self._timer.timeout.connect(self._tick)
        self._expired_sent = False
        self._beeped: set[int] = set()
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.display = QLabel("--", self)
        self.display.setObjectName("clockDisplay")
        self.start_button = KeyButton("K", self, "clockStart")
        self.start_button.clicked.connect(self.toggle)
        self.extension_button = KeyButton("Ctrl+E", self, "clockExtension")
        self.extension_button.clicked.connect(self.extension_requested.emit)
        # the two choices sit in a small menu: the desk's left column has no width to spare
        self.options = QToolButton(self)
        self.options.setObjectName("clockOptions")
        self.options.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QMenu(self.options)
        self.auto_start = QAction(menu)
        self.auto_start.setObjectName("clockAutoStart")
        self.beep = QAction(menu)
        self.beep.setObjectName("clockBeep")
        for action in (self.auto_start, self.beep):
            action.setCheckable(True)
            menu.addAction(action)
        self.options.setMenu(menu)
        layout.addWidget(self.display)
        layout.addWidget(self.start_button)
        layout.addWidget(self.extension_button)
        layout.addWidget(self.options)
        layout.addStretch(1)
        self._show(self.display.text(), CALM)
        self.retranslate()

    def retranslate(self) -> None:
        self.extension_button.setText(self.tr("Extension [Ctrl+E]"))
        self.auto_start.setText(self.tr("Start with each shot"))
        self.auto_start.setToolTip(self.tr("The clock starts by itself once the previous stroke is recorded."))
        self.beep.setText(self.tr("Beep at 10 and 5 s"))
        self.options.setText(self.tr("Clock options"))
        self._label_start()

    def remember(self, settings: QSettings) -> None:
        """The referee's two choices, kept for the next match and the next start."""
        for box, key in ((self.auto_start, "clock_auto_start"), (self.beep, "clock_beep")):
            box.setChecked(bool(settings.value(key, False, type=bool)))
            box.toggled.connect(lambda on, k=key: settings.setValue(k, on))

    def _label_start(self) -> None:
        if self.running():
            self.start_button.setText(self.tr("Pause [K]"))
        elif self._started and not self._expired_sent:
            self.start_button.setText(self.tr("Resume [K]"))
        else:
            self.start_button.setText(self.tr("Start clock [K]"))

    # --- what the clock is doing ------------------------------------------------------
    def running(self) -> bool:
        return self._timer.isActive()

    def is_paused(self) -> bool:
        return self._started and not self.running() and not self._expired_sent

    def configure(self, clock: ShotClock | None, after_break: bool) -> None:
        """Full time for the next stroke, unless a count is running (or paused) for this one."""
        self.setVisible(clock is not None)
        if clock is not None and not self.running() and not self.is_paused():
            limit = float(clock.after_break_s if after_break else clock.shot_s)
            shown = f"{limit:.0f}"
            counted = self._started or self.spent_s() > 0  # the display may lag a busy event loop
            if limit != self.limit_s or counted or self.display.text() != shown:
                self.limit_s = limit
                self._reset_count()  # a stopped or expired count is over: the next one is whole
                self._show(shown, CALM)
                self.changed.emit(self.reading())

    def _reset_count(self) -> None:
        self._elapsed.invalidate()
        self._spent_s = 0.0
        self._started = False
        self._expired_sent = False
        self._beeped = set()
        self._label_start()

    def toggle(self) -> None:
        """K: start a count, pause a running one (a ruling, a re-spot), resume a paused one."""
        if self.running():
            self.pause()
        elif self.is_paused():
            self.resume()
        else:
            self.start()

    def start(self) -> None:
        self._reset_count()
        self._started = True
        self._run()
        self.started.emit()
        self.changed.emit(self.reading())

    def pause(self) -> None:
        if not self.running():
            return
        self._spent_s += self._elapsed.elapsed() / 1000
        self._elapsed.invalidate()
        self._timer.stop()
        self._label_start()
        self._show(f"{max(0.0, self.remaining_s()):.0f}", PAUSED)
        self.paused.emit()
        self.changed.emit(self.reading())

    def resume(self) -> None:
        if not self.is_paused():
            return
        self._run()
        self.resumed.emit()
        self.changed.emit(self.reading())

    def _run(self) -> None:
        self._elapsed.start()
        self._timer.start()
        self._label_start()
        self._tick()

    def extend(self, seconds: float) -> None:
        self.limit_s += seconds
        self._expired_sent = False
        self._beeped = {s for s in self._beeped if s >= self.remaining_s()}
        self.changed.emit(self.reading())

    def stop(self) -> None:
        """The stroke is recorded: the count is over (the next `configure` shows full time)."""
        if self.running():
            self._spent_s += self._elapsed.elapsed() / 1000
            self._elapsed.invalidate()
        self._timer.stop()
        self._started = False
        self._label_start()

    def reading(self) -> dict[str, float | bool]:
        """The clock as the overlay shows it: seconds left, and whether they are running down."""
        return {"running": self.running(), "remaining_s": max(0.0, self.remaining_s()), "limit_s": self.limit_s}

    def spent_s(self) -> float:
        running = self._elapsed.elapsed() / 1000 if self._elapsed.isValid() else 0.0
        return self._spent_s + running

    def remaining_s(self) -> float:
        return self.limit_s - self.spent_s()

    def _tick(self) -> None:
        left = max(0.0, self.remaining_s())
        self._show(f"{left:.0f}", colour_for(left))
        for mark in (WARN_AT_S, LAST_S):
            if left <= mark and mark not in self._beeped:
                self._beeped.add(mark)
                if self.beep.isChecked():
                    QApplication.beep()
        if left <= 0 and not self._expired_sent:
            self._expired_sent = True
            self._timer.stop()
            self._label_start()
            self.expired.emit()
            self.changed.emit(self.reading())

    def _show(self, text: str, colour: str) -> None:
        if self.display.text() != text or self.display.property("colour") != colour:
            self.display.setText(text)
            self.display.setProperty("colour", colour)
            self.display.setStyleSheet(STYLE.format(colour=colour))
            self.shown.emit(text, colour)

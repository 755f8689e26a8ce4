"""A timer on the GUI thread: the longest gap between its ticks is how long the window froze.

Used by bench/season_gui.py and by the tests that check the window answers during long work.
"""

from __future__ import annotations

import time

from PySide6.QtCore import QTimer


class Heartbeat:
    def __init__(self, every_ms: int = 5) -> None:
        self.last = time.perf_counter()
        self.longest = 0.0
        self.timer = QTimer()
        self.timer.timeout.connect(self.tick)
        self.timer.start(every_ms)

    def tick(self) -> None:
        now = time.perf_counter()
        self.longest = max(self.longest, now - self.last)
        self.last = now

    def restart(self) -> None:
        """Measure from now on (before, the GUI thread was not asked to answer)."""
        self.last, self.longest = time.perf_counter(), 0.0

    def stop(self) -> None:
        self.timer.stop()

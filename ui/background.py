"""Long organizer work off the GUI thread: a progress bar, Cancel, and the window answering meanwhile.

A `Task` runs one function in a thread of its own. The function gets a progress
callback `(done, total) -> go on?`, reports through it, and stops (the core raises
`Cancelled`) once the person presses Cancel. The result, or the exception, comes back
to the GUI thread as a signal, where the controller's one error path reports it. The
function must open its own database connection: SQLite's belong to their thread.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal

Work = Callable[[Callable[[int, int], bool]], Any]

REPORT_EVERY_S = 0.05
"""Progress goes to the bar at most this often: a report per match would keep the GUI thread repainting."""


class Task(QObject):
    progressed = Signal(int, int)  # done, total
    finished = Signal(object)  # the function's result
    failed = Signal(object)  # the exception it raised

    def __init__(self, work: Work, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.work = work
        self.cancelled = threading.Event()
        self._reported = 0.0
        self._runner = threading.Thread(target=self._run, daemon=True, name="organizer-task")

    def start(self) -> None:
        self._runner.start()

    def cancel(self) -> None:
        self.cancelled.set()

    def _progress(self, done: int, total: int) -> bool:
        now = time.monotonic()
        if done == total or now - self._reported >= REPORT_EVERY_S:  # each report repaints the bar
            self._reported = now
            self.progressed.emit(done, total)  # queued to the GUI thread
        return not self.cancelled.is_set()

    def _run(self) -> None:
        try:
            result = self.work(self._progress)
        except Exception as exc:  # reported on the GUI thread, by the controller's one error path
            self.failed.emit(exc)
        else:
            self.finished.emit(result)

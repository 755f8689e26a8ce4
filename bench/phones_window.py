"""The organizer's tournament window, open on the served database during bench/phones.py.

Opens `TournamentWindow` (offscreen) on the organizer's database, as the organizer would beside
`tournament serve`, and runs its event loop with a 5 ms timer on the GUI thread: the longest gap
between two ticks is the longest time the window could not answer. Prints `ready` once the
window is shown; measures from the line `go` on its standard input (the run begins); when its
standard input closes, prints one JSON line: the longest gap (ms), the five longest with the GUI
thread's own processor time in them and when they ended (seconds since `go`), the most processor
time the GUI thread took in one gap, how many times the window showed the tournament again, and
where the GUI thread was while the timer was late (a sampling watchdog).
Usage: phones_window.py ORGANIZER.db
"""

from __future__ import annotations

import gc
import json
import os
import sys
import threading
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path[0] = str(Path(__file__).resolve().parents[1])

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QApplication
from referee_desk.pauses import freeze_what_is_loaded
from referee_desk.tournament.window import TournamentWindow

from referee_app.log.store import Store

EVERY_MS = 5


class Gaps:
    """A timer on the GUI thread: each gap between its ticks beyond `EVERY_MS` is the window frozen."""

    def __init__(self) -> None:
        self.start = self.last = time.perf_counter()
        self.cpu = self.gui_from = time.thread_time()
        self.process_from = time.process_time()
        """The processor time of the GUI thread and of the whole process (its workers too) at the start."""
        self.gaps: list[tuple[float, float, float]] = []
        """(the gap in ms, the GUI thread's own processor time in it in ms, when it ended in s since
        start): a long gap with little processor time is the thread waiting for the processor (the
        machine's load, the worker's interpreter lock), not its own work."""
        self.timer = QTimer()
        self.timer.timeout.connect(self.tick)
        self.timer.start(EVERY_MS)

    def restart(self) -> None:
        """Measure from now on (the benchmark's own start, Chromium's launch, is not the run)."""
        self.start = self.last = time.perf_counter()
        self.cpu = self.gui_from = time.thread_time()
        self.process_from = time.process_time()
        self.gaps = []

    def tick(self) -> None:
        now, cpu = time.perf_counter(), time.thread_time()
        self.gaps.append(((now - self.last) * 1000, (cpu - self.cpu) * 1000, now - self.start))
        self.last, self.cpu = now, cpu


class Watchdog:
    """What the GUI thread was doing while the timer was late (sampled from another thread): the
    innermost frames of the project's code, or "waiting" when it was in Qt's loop (the process, or
    the machine, did not give it the processor)."""

    def __init__(self, gaps: Gaps, late_s: float = 0.04) -> None:
        self.gaps, self.late_s = gaps, late_s
        self.seen: dict[str, int] = {}
        self.main = threading.main_thread().ident
        self.stopped = threading.Event()
        threading.Thread(target=self._watch, daemon=True).start()

    def _watch(self) -> None:
        while not self.stopped.wait(0.01):
            if time.perf_counter() - self.gaps.last < self.late_s:
                continue
            frame = sys._current_frames().get(self.main or 0)
            where = []
            while frame is not None and len(where) < 3:
                name = frame.f_code.co_filename
                if "/referee_app/" in name or "/ui/" in name or "referee_desk" in name:
                    where.append(f"{Path(name).name}:{frame.f_code.co_name}")
                frame = frame.f_back
            key = " < ".join(where) or "waiting"
            self.seen[key] = self.seen.get(key, 0) + 1


class Collections:
    """The interpreter's cyclic garbage collections in the process: how many of the oldest
    generation, and the longest of any (a pause of every thread, the GUI thread's too)."""

    def __init__(self) -> None:
        self.started = 0.0
        self.longest_ms = 0.0
        self.oldest = 0
        gc.callbacks.append(self.seen)

    def seen(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self.started = time.perf_counter()
            return
        self.longest_ms = max(self.longest_ms, (time.perf_counter() - self.started) * 1000)
        self.oldest += info.get("generation") == 2


class Told(QObject):
    """What standard input says, on the GUI thread: `go` (the run begins: measure from now), or
    closed (the run is over)."""

    go = Signal()
    closed = Signal()

    def listen(self) -> None:
        for line in sys.stdin:
            if line.strip() == "go":
                self.go.emit()
        self.closed.emit()


def main() -> None:
    app = QApplication.instance() or QApplication([])
    store = Store(Path(sys.argv[1]))
    window = TournamentWindow(store=store)
    window.resize(1366, 768)
    window.show()
    window.go_to("bracket")
    app.processEvents()
    freeze_what_is_loaded()  # as the desk does once it has built the tournament window
    shown_again = [0]
    window.session.changed.connect(lambda: shown_again.__setitem__(0, shown_again[0] + 1))
    gaps = Gaps()
    watchdog = Watchdog(gaps)
    collections = Collections()
    told = Told()
    told.closed.connect(app.quit)
    told.go.connect(gaps.restart)
    threading.Thread(target=told.listen, daemon=True).start()
    print("ready", flush=True)
    app.exec()
    gaps.timer.stop()
    gui_s, process_s = time.thread_time() - gaps.gui_from, time.process_time() - gaps.process_from
    watchdog.stopped.set()
    longest = sorted(gaps.gaps, reverse=True)[:5]
    print(
        json.dumps(
            {
                "longest_ms": longest[0][0] if longest else 0.0,
                "longest": [[round(ms, 1), round(cpu, 1), round(at, 1)] for ms, cpu, at in longest],
                "busiest_ms": max((cpu for _, cpu, _ in gaps.gaps), default=0.0),
                "ticks": len(gaps.gaps),
                "gui_cpu_s": round(gui_s, 1),
                "gc_longest_ms": round(collections.longest_ms, 1),
                "gc_oldest": collections.oldest,
                "process_cpu_s": round(process_s, 1),
                "shown_again": shown_again[0],
                "late_in": sorted(watchdog.seen.items(), key=lambda kv: -kv[1])[:6],
            }
        ),
        flush=True,
    )
    window.close()
    store.close()


if __name__ == "__main__":
    main()

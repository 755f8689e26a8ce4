"""The organizer's tournament window, open on the served database during bench/phones.py.

Opens `TournamentWindow` (offscreen) on the organizer's database, as the organizer would beside
`tournament serve`, and runs its event loop with a 5 ms timer on the GUI thread: the longest gap
between two ticks is the longest time the window could not answer. Prints `ready` once the
window is shown, then, when its standard input closes, one JSON line: the longest gap (ms), the
five longest with when they ended (seconds since ready), and how many times the window showed
the tournament again. Usage: phones_window.py ORGANIZER.db
"""

from __future__ import annotations

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
from referee_desk.tournament.window import TournamentWindow

from referee_app.log.store import Store

EVERY_MS = 5


class Gaps:
    """A timer on the GUI thread: each gap between its ticks beyond `EVERY_MS` is the window frozen."""

    def __init__(self) -> None:
        self.start = self.last = time.perf_counter()
        self.gaps: list[tuple[float, float]] = []  # (gap in ms, when it ended in s since start)
        self.timer = QTimer()
        self.timer.timeout.connect(self.tick)
        self.timer.start(EVERY_MS)

    def tick(self) -> None:
        now = time.perf_counter()
        self.gaps.append(((now - self.last) * 1000, now - self.start))
        self.last = now


class Closed(QObject):
    """Standard input closed (the benchmark is over): said on the GUI thread."""

    now = Signal()


def main() -> None:
    app = QApplication.instance() or QApplication([])
    store = Store(Path(sys.argv[1]))
    window = TournamentWindow(store=store)
    window.resize(1366, 768)
    window.show()
    window.go_to("bracket")
    app.processEvents()
    shown_again = [0]
    window.session.changed.connect(lambda: shown_again.__setitem__(0, shown_again[0] + 1))
    gaps = Gaps()
    closed = Closed()
    closed.now.connect(app.quit)
    threading.Thread(target=lambda: (sys.stdin.read(), closed.now.emit()), daemon=True).start()
    print("ready", flush=True)
    app.exec()
    gaps.timer.stop()
    longest = sorted(gaps.gaps, reverse=True)[:5]
    print(
        json.dumps(
            {
                "longest_ms": longest[0][0] if longest else 0.0,
                "longest": [[round(ms, 1), round(at, 1)] for ms, at in longest],
                "ticks": len(gaps.gaps),
                "shown_again": shown_again[0],
            }
        ),
        flush=True,
    )
    window.close()
    store.close()


if __name__ == "__main__":
    main()

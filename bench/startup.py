"""Start to first painted window: the desk (on the demo matches) vs a bare PySide6 window.

Each is a fresh Python process, timed by the parent from spawn until the child
reports its window's first complete frame; runs alternate, medians are compared.
Both windows are watched by the same filter on the window alone. Last line:
`ratio X target <= 1.5`.
"""

from __future__ import annotations

import compileall
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUNS = 21  # alternating; the machine this runs on is shared, and medians of more runs move less

FIRST_PAINT = """
import os
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication
class FirstPaint(QObject):
    '''Reports the window's first complete frame, then (optionally) when `ready()` and painted.

    It watches the window alone: a filter on the whole application would make
    PySide wrap every internal Qt object that receives an event, which costs
    tens of milliseconds of the measurement itself.
    '''
    def __init__(self, window, ready=lambda: True):
        super().__init__()
        self.ready = ready
        self.poll = QTimer(interval=1, timeout=self.check)
        window.installEventFilter(self)
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint:
            obj.removeEventFilter(self)
            QTimer.singleShot(0, self.painted)  # after the rest of this frame is painted
        return False
    def painted(self):
        print("painted", flush=True)
        self.check()
        self.poll.start()
    def check(self):
        if self.ready():
            QApplication.processEvents()  # paint what the match's opening changed
            print("ready", flush=True)
            os._exit(0)
"""

BARE = (
    FIRST_PAINT
    + """
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication([])
window = QMainWindow()
window.resize(1366, 768)
spy = FirstPaint(window)
window.show()
app.exec()
"""
)

DESK = (
    FIRST_PAINT
    + """
import sys
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from referee_desk.app import build_desk, parse_args
app = QApplication([])
settings = QSettings(sys.argv[2], QSettings.Format.IniFormat)
window = build_desk(parse_args(["--demo", "--db", sys.argv[1]]), settings, defer=True)
window.resize(1366, 768)  # the bare window's size (the desk fits itself to the screen, 800x800 offscreen)
spy = FirstPaint(window, ready=lambda: window.controller.session is not None)
window.show()
app.exec()
"""
)


def timed(code: str, *args: str) -> tuple[float, float]:
    """(spawn to first paint, spawn to the match painted on screen), in seconds."""
    env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
    t0 = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, "-c", code, *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert child.stdout is not None
    marks = {}
    for line in child.stdout:
        marks[line.strip()] = time.perf_counter() - t0
    child.wait(timeout=120)
    assert "painted" in marks and "ready" in marks, marks
    return marks["painted"], marks["ready"]


def main() -> None:
    # An installed app runs from bytecode (pip compiles it); this checkout may never have written any
    # (PYTHONDONTWRITEBYTECODE), and compiling our modules is not part of starting the desk.
    for package in ("ui", "referee_app"):
        compileall.compile_dir(ROOT / package, quiet=1)
    with tempfile.TemporaryDirectory() as folder:
        db, ini = str(Path(folder) / "demo.db"), str(Path(folder) / "settings.ini")
        timed(DESK, db, ini)  # the first run loads the demo matches; later runs only open them
        bare, desk, ready = [], [], []
        for _ in range(RUNS):
            bare.append(timed(BARE)[0])
            painted, on_screen = timed(DESK, db, ini)
            desk.append(painted)
            ready.append(on_screen)
    b, d, r = statistics.median(bare), statistics.median(desk), statistics.median(ready)
    print(f"runs: {RUNS} each, alternating; from process spawn, offscreen platform")
    print(f"bare PySide6 window, first paint:     median {b * 1000:.0f} ms (min {min(bare) * 1000:.0f})")
    print(f"referee desk, first paint:            median {d * 1000:.0f} ms (min {min(desk) * 1000:.0f})")
    print(f"referee desk, match painted (--demo): median {r * 1000:.0f} ms (min {min(ready) * 1000:.0f})")
    print(f"ratio {d / b:.2f} target <= 1.5")


if __name__ == "__main__":
    main()

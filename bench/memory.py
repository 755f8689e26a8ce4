"""Peak memory: the desk on a database of 1,000 matches vs a bare PySide6 window.

Both run in fresh processes (offscreen) and report their peak resident set
size (ru_maxrss) once painted; the desk lists all 1,000 matches (read off the
GUI thread, as a long list is) and then opens one. Last line: `ratio X` (no
target was set for memory; the figure goes in the notes).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import uuid
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[0] = str(ROOT)

from referee_app.game.events import MatchStarted
from referee_app.log.logfile import read_log
from referee_app.log.store import Store
from referee_app.organizer.demo import seed_logs
from referee_app.organizer.operations import import_entries

MATCHES = 1000

REPORT = """
import resource, os
from PySide6.QtCore import QTimer
def report():
    print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, flush=True)
    os._exit(0)
"""

BARE = (
    REPORT
    + """
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication([])
w = QMainWindow(); w.resize(1366, 768); w.show()
QTimer.singleShot(300, report)
app.exec()
"""
)

DESK = (
    REPORT
    + """
import sys
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from referee_desk.app import build_desk, parse_args
app = QApplication([])
w = build_desk(parse_args(["--db", sys.argv[1]]), QSettings(sys.argv[2], QSettings.Format.IniFormat))
w.resize(1366, 768); w.show()
w.refresh_match_list()
while w.matches.task is not None:  # a list this long is read off the GUI thread
    app.processEvents()
w.open_match(w.matches.selected_ids()[0] if w.matches.selected_ids() else w.matches._shown_ids[0])
QTimer.singleShot(300, report)
app.exec()
"""
)


def peak_kib(code: str, *args: str) -> int:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    out = subprocess.run(
        [sys.executable, "-c", code, *args], cwd=ROOT, env=env, capture_output=True, text=True, check=True, timeout=300
    )
    return int(out.stdout.strip().splitlines()[-1])


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "big.db"
        store = Store(db)
        logs = [[line.entry for line in read_log(str(p))] for p in seed_logs()]
        events = 0
        for n in range(MATCHES):
            entries = list(logs[n % len(logs)])
            setup = entries[0].event
            assert isinstance(setup, MatchStarted)
            entries[0] = entries[0]._replace(event=replace(setup, match_id=str(uuid.uuid4())))
            import_entries(store, entries)
            events += len(entries)
        store.close()
        bare = peak_kib(BARE)
        desk = peak_kib(DESK, str(db), str(Path(folder) / "s.ini"))
    print(f"database: {MATCHES} matches, {events} events")
    print(f"bare PySide6 window: peak RSS {bare / 1024:.1f} MiB")
    print(f"desk, all matches listed and one open: peak RSS {desk / 1024:.1f} MiB")
    print(f"ratio {desk / bare:.2f}")


if __name__ == "__main__":
    main()

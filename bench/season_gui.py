"""The Matches page on a season's database, for bench/season.py (run offscreen, in its own process).

Times the page from `show_start` to its list filled, against a bare QTableView filled from one
SQL query of the same columns (the baseline, alternating, 3 runs each), and records the longest
gap of a 5 ms timer on the GUI thread while the page opens, filters (a player's name typed
letter by letter) and merges the databases given after the first. Prints a line of figures and
ends with `PAGE_RATIO GUI_BLOCK_MS`. Usage: season_gui.py ORGANIZER.db [OTHER.db ...]
"""

from __future__ import annotations

import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parents[1])

from PySide6.QtCore import QEventLoop, QSettings, QTimer
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QApplication, QTableView
from referee_desk.desk.controller import DeskController
from referee_desk.window import DeskWindow

from bench.heartbeat import Heartbeat
from referee_app.log.store import Store

APP = QApplication.instance() or QApplication([])


def wait(condition, timeout: float = 300) -> None:  # type: ignore[no-untyped-def]
    """Run the event loop until `condition`, idle between events as the app's own loop is: a loop
    that polls instead would keep asking for the GIL and halve the speed of the page's worker."""
    deadline = time.perf_counter() + timeout
    awake = QTimer()
    awake.start(20)  # `condition` is looked at least this often, as if the window had a clock
    while not condition():
        APP.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents)
        if time.perf_counter() > deadline:
            raise SystemExit("timed out")
    awake.stop()


def bare_table(db: Path) -> float:
    t0 = time.perf_counter()
    con = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)
    rows = con.execute(
        "SELECT p.status, m.player_a || ' v ' || m.player_b, p.score_a || '-' || p.score_b, m.rules,"
        " m.event || ' ' || m.round, m.created_at FROM matches m JOIN projections p USING (match_id)"
    ).fetchall()
    model = QStandardItemModel(len(rows), 6)
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            model.setItem(r, c, QStandardItem(str(value)))
    view = QTableView()
    view.setModel(model)
    view.show()
    APP.processEvents()
    elapsed = time.perf_counter() - t0
    view.close()
    con.close()
    return elapsed


def page_open(db: Path, folder: Path, beat: Heartbeat | None = None) -> tuple[float, DeskWindow]:
    window = DeskWindow(DeskController(Store(db)), QSettings(str(folder / "s.ini"), QSettings.Format.IniFormat))
    window.show()
    APP.processEvents()
    if beat is not None:
        beat.restart()
    t0 = time.perf_counter()
    window.show_start()
    total = Store.open_readonly(db).db.execute("SELECT count(*) FROM matches").fetchone()[0]
    wait(lambda: window.matches.task is None and window.matches.row_count() == total)
    return time.perf_counter() - t0, window


def main() -> None:
    organizer, others = Path(sys.argv[1]), [Path(p) for p in sys.argv[2:]]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        db = folder / "organizer.db"
        shutil.copy(organizer, db)
        page, bare = [], []
        for _ in range(3):
            bare.append(bare_table(db))
            elapsed, window = page_open(db, folder)
            page.append(elapsed)
            window.close()
        beat = Heartbeat()
        _, window = page_open(db, folder, beat)
        opening = beat.longest
        beat.restart()
        for n in range(1, len("Player 01") + 1):  # a player's name, typed letter by letter
            window.matches.player_filter.setText("Player 01"[:n])
            APP.processEvents()
        filtering = beat.longest
        window.matches.player_filter.setText("")
        fresh = folder / "merge-into.db"
        shutil.copy(db, fresh)
        window.controller.attach(Store(fresh))
        window.matches.choose_databases = lambda: others  # type: ignore[method-assign]
        beat.restart()
        window.matches.merge_databases()
        wait(lambda: window.matches.task is None)
        merging = beat.longest
        p, b = statistics.median(page), statistics.median(bare)
        print(
            f"Matches page open: {p:.2f} s (bare QTableView {b:.2f} s);  longest GUI-thread block: opening "
            f"{opening * 1000:.0f} ms, filtering {filtering * 1000:.0f} ms, merging {merging * 1000:.0f} ms"
        )
        print(f"{p / b:.2f} {max(opening, filtering, merging) * 1000:.0f}")


if __name__ == "__main__":
    main()

"""The window paints before the slow parts load: the core, sqlite-utils and PySide's `Qt` namespace.

bench/startup.py measures the time; this test keeps the order, which is what
the time rests on and what an innocent import at the top of a module breaks.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

BEFORE_FIRST_PAINT = """
import sys
import PySide6.QtCore as core
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
app = QApplication([])
from referee_desk.app import build_desk, parse_args
settings = QSettings(sys.argv[2], QSettings.Format.IniFormat)
window = build_desk(parse_args(["--db", sys.argv[1]]), settings, defer=True)
window.show()
print("slow modules:", sorted(m for m in sys.modules if m.split(".")[0] in ("referee_app", "sqlite_utils")))
print("Qt namespace:", "Qt" in core.__dict__)
from PySide6.QtCore import QTimer
loaded = QTimer(interval=10)  # the first paint, then the database: Qt's loop runs until it is open
loaded.timeout.connect(lambda: window.controller.store is not None and app.quit())
loaded.start()
QTimer.singleShot(10_000, app.quit)  # or 10 s have gone
app.exec()
print("after paint:", window.controller.store is not None)
"""


def test_the_window_is_built_without_the_core_or_the_qt_namespace(tmp_path: Path) -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    args = [str(tmp_path / "m.db"), str(tmp_path / "s.ini")]
    run = subprocess.run(
        [sys.executable, "-c", BEFORE_FIRST_PAINT, *args], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert "slow modules: []" in lines
    assert "Qt namespace: False" in lines
    assert "after paint: True" in lines  # and the database does follow


def test_a_database_in_a_folder_that_does_not_exist_is_refused_before_the_desk_opens(tmp_path: Path) -> None:
    """The desk used to open with a small notice, every button looking usable, and save nothing."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(tmp_path / "home"))
    target = tmp_path / "desk1" / "matches.db"
    run = subprocess.run(
        [sys.executable, "-c", "import sys; from referee_desk.main import main; sys.exit(main())", "--db", str(target)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=30,
    )  # fmt: skip
    assert run.returncode == 2, run.stderr
    assert f"--db {target}: the folder {target.parent} does not exist (make it first" in run.stderr
    assert not target.parent.exists()

"""`referee-app --smoke`: the installed app proves itself in one command, on every system.

CI runs it from the copy users get (the Linux bundle in .ci/run; the installed Windows app and
the mounted macOS disk image in .github/workflows/ci.yml). It opens the desk's window, makes a
database in a temporary folder, records a short match to its end through the session, replays
it, writes its PDF sheet and its CSV, starts the overlay and reads `/state.json` back over HTTP,
then prints one line: `referee-app X.Y.Z, Qt 6.N.N, SQLite 3.N.N, Python 3.N: ok`. A failure
prints the step that failed and why, and exits 1. Everything it writes (the database, the
exports, Qt's settings and caches) stays in its temporary folder, which is removed at the end.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator, Mapping, MutableMapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from referee_desk.window import DeskWindow

    from referee_app.log.store import Store

PLAYERS = ("Zoë Ångström", "Ben")
"""A name with letters outside ASCII: the sheet, the CSV and the overlay must carry it whole."""

MATCH: tuple[dict[str, Any], ...] = (
    {"type": "lag", "winner": "A"},
    {"type": "break", "rails": 5, "pocketed": [{"ball": 1, "pocket": "FL"}]},
    *(
        {"type": "shot", "call": {"ball": b, "pocket": "FR"}, "pocketed": [{"ball": b, "pocket": "FR"}]}
        for b in range(2, 11)
    ),
)
"""A race to 1: Zoë wins the lag, breaks in the 1 and runs the rack to the 10."""


OVERLAY_WAIT_S = 10.0


class SmokeFailed(Exception):
    """A step of the smoke run went wrong: `step` names it, the message says why."""

    def __init__(self, step: str, reason: str) -> None:
        super().__init__(f"{step}: {reason}")
        self.step = step


@dataclass
class Run:
    """What the steps share: the temporary folder, the window, and the match as it goes."""

    folder: Path
    window: DeskWindow | None = None
    match_id: str = ""
    notices: list[str] = field(default_factory=list)

    @property
    def store(self) -> Store:
        store = self.window.controller.store if self.window else None
        if store is None:
            raise AssertionError("no database is open")
        return store


def qt_platform(environ: Mapping[str, str], platform: str) -> str | None:
    """The Qt platform plugin to ask for: offscreen on a Linux with no display (a CI runner, a
    server); else None, and Qt picks the system's own (Windows' and macOS' desktop, X11, Wayland)."""
    if environ.get("QT_QPA_PLATFORM"):
        return None
    if platform.startswith("linux") and not (environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY")):
        return "offscreen"
    return None


@contextmanager
def contained(folder: Path, environ: MutableMapping[str, str]) -> Iterator[None]:
    """Qt's platform, and the places Qt and fontconfig keep caches and settings on Linux, for the
    run: inside `folder` (put back as they were afterwards)."""
    saved = {name: environ.get(name) for name in ("QT_QPA_PLATFORM", "XDG_CACHE_HOME", "XDG_CONFIG_HOME")}
    chosen = qt_platform(environ, sys.platform)
    if chosen:
        environ["QT_QPA_PLATFORM"] = chosen
    for name, sub in (("XDG_CACHE_HOME", "cache"), ("XDG_CONFIG_HOME", "config")):
        (folder / sub).mkdir()
        environ[name] = str(folder / sub)
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                environ.pop(name, None)
            else:
                environ[name] = value


def open_window(run: Run) -> None:
    """The desk's window on a new database in the folder, with its settings in the folder too."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication
    from referee_desk.desk.controller import DeskController
    from referee_desk.i18n import Languages
    from referee_desk.window import DeskWindow

    from referee_app.log.store import Store

    settings = QSettings(str(run.folder / "settings.ini"), QSettings.Format.IniFormat)
    languages = Languages(settings)
    languages.switch("en")
    window = DeskWindow(DeskController(Store(run.folder / "matches.db")), settings, languages)
    run.window = window
    window.controller.notice.connect(lambda _level, text: run.notices.append(text) if text else None)
    window.show()
    QApplication.processEvents()
    if not window.isVisible() or window.grab().isNull():
        raise AssertionError("the window did not paint")


def record_match(run: Run) -> None:
    """A race to 1 recorded event by event through the controller and the session, to its end."""
    from PySide6.QtWidgets import QApplication

    from referee_app.game.events import MatchStarted
    from referee_app.log.codec import event_from_json

    assert run.window is not None
    controller = run.window.controller
    if not controller.new_match(MatchStarted(players=PLAYERS, race_to=1, rules="wpa")):
        raise AssertionError(f"the match did not start: {_last(run)}")
    for number, obj in enumerate(MATCH, start=1):
        if not controller.record(event_from_json(obj)[0]):
            raise AssertionError(f"event {number} ({obj['type']}) was refused: {_last(run)}")
        QApplication.processEvents()
    state = controller.state
    if state is None or state.status != "finished" or state.winner != "A":
        raise AssertionError(f"the match did not end with {PLAYERS[0]} the winner: {state}")
    assert controller.session is not None
    run.match_id = controller.session.match_id


def replay_match(run: Run) -> None:
    """The stored log and its JSON Lines export, each replayed, give the desk's state."""
    from referee_app.game.history import replay
    from referee_app.log.logfile import read_log
    from referee_app.organizer.operations import Selection, export

    assert run.window is not None and run.window.controller.state is not None
    shown = run.window.controller.state
    if replay(run.store.load(run.match_id)).state != shown:
        raise AssertionError("the stored log replays to another state")
    [log] = export(run.store, Selection(ids=(run.match_id,)), "jsonl", _out(run, "jsonl")).written
    if replay(line.entry for line in read_log(str(log))).state != shown:
        raise AssertionError(f"{log.name} replays to another state")


def write_pdf(run: Run) -> None:
    """The match sheet, printed by Qt: a PDF file that names the players."""
    from referee_desk.printing import write_sheets_pdf

    from referee_app.organizer.operations import Selection, export

    exported = export(run.store, Selection(ids=(run.match_id,)), "pdf", _out(run, "pdf"), pdf=write_sheets_pdf)
    if len(exported.written) != 1 or exported.problems:
        raise AssertionError(f"wrote {len(exported.written)} sheets: {exported.problems}")
    data = exported.written[0].read_bytes()
    if not data.startswith(b"%PDF-") or b"%%EOF" not in data[-1024:]:
        raise AssertionError(f"{exported.written[0].name} is not a whole PDF")


def write_csv(run: Run) -> None:
    """The CSV exports, read back: the match with its players and its winner."""
    import csv

    from referee_app.organizer.operations import Selection, export

    exported = export(run.store, Selection(ids=(run.match_id,)), "csv", _out(run, "csv"))
    matches = next((p for p in exported.written if p.name == "matches.csv"), None)
    if matches is None:
        raise AssertionError(f"no matches.csv among {[p.name for p in exported.written]}")
    with matches.open(encoding="utf-8-sig", newline="") as f:
        rows = list(csv.DictReader(f))
    if len(rows) != 1 or PLAYERS[0] not in rows[0].values():
        raise AssertionError(f"matches.csv does not hold the match: {rows}")


def read_overlay(run: Run) -> None:
    """The overlay's server on a free port; its /state.json, read over HTTP, shows the match (the
    desk hands the server each state without waiting: the page may show it a moment later)."""
    assert run.window is not None
    overlay = run.window.live_overlay()
    if not run.window.start_overlay(0) or overlay.server is None:
        raise AssertionError(f"the overlay did not start: {_last(run)}")
    address = f"http://127.0.0.1:{overlay.server.port}/state.json"  # the server's port: its public API
    deadline = time.monotonic() + OVERLAY_WAIT_S
    try:
        while True:
            with urllib.request.urlopen(address, timeout=10) as answer:
                view = json.loads(answer.read().decode("utf-8"))
            if view.get("match_id") == run.match_id and PLAYERS[0] in json.dumps(view, ensure_ascii=False):
                return
            if time.monotonic() > deadline:
                raise AssertionError(f"/state.json does not show the match: {view}")
            time.sleep(0.05)
    finally:
        overlay.stop()


def _out(run: Run, kind: str) -> Path:
    folder = run.folder / "exports" / kind
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _last(run: Run) -> str:
    return run.notices[-1] if run.notices else "no reason given"


Step = Callable[[Run], None]

STEPS: tuple[tuple[str, Step], ...] = (
    ("window", open_window),
    ("match", record_match),
    ("replay", replay_match),
    ("pdf", write_pdf),
    ("csv", write_csv),
    ("overlay", read_overlay),
)
"""The steps in order, each named as a failure reports it."""


def versions() -> str:
    from PySide6.QtCore import qVersion

    from referee_app import __version__

    return (
        f"referee-app {__version__}, Qt {qVersion()}, SQLite {sqlite3.sqlite_version}, "
        f"Python {sys.version_info.major}.{sys.version_info.minor}"
    )


def smoke(steps: tuple[tuple[str, Step], ...] = STEPS) -> str:
    """Run `steps` in a new temporary folder (removed after); the versions line, or `SmokeFailed`."""
    folder = Path(tempfile.mkdtemp(prefix="referee-app-smoke-"))
    run = Run(folder)
    try:
        with contained(folder, os.environ):
            from PySide6.QtWidgets import QApplication

            app = QApplication.instance() or QApplication(sys.argv[:1])
            try:
                for name, step in steps:
                    try:
                        step(run)
                    except Exception as exc:
                        raise SmokeFailed(name, str(exc) or type(exc).__name__) from exc
            finally:
                if run.window is not None:
                    run.window.close()  # the overlay stops with it
                    store, run.window.controller.store, run.window.controller.session = (
                        run.window.controller.store,
                        None,
                        None,
                    )
                    if store is not None:
                        store.close()  # Windows removes no file that is still open
                    run.window.deleteLater()
                app.processEvents()
            line = versions()
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise
    try:
        shutil.rmtree(folder)  # a file still open (Windows refuses to remove it) is a failure too
    except OSError as exc:
        shutil.rmtree(folder, ignore_errors=True)
        raise SmokeFailed("cleanup", f"the temporary folder could not be removed: {exc}") from exc
    return line


def run_smoke(out: TextIO, err: TextIO) -> int:
    """`referee-app --smoke`: the versions line and `ok` (0), or the step that failed (1)."""
    try:
        line = smoke()
    except SmokeFailed as exc:
        print(f"referee-app --smoke failed at {exc}", file=err)
        return 1
    print(f"{line}: ok", file=out)
    return 0

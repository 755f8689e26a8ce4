"""Background work that never stops quietly, and the log file it writes to.

A `Worker` runs `step()` on its own thread again and again. Whatever `step()` raises (a lost
connection, a refused write, a bug, a damaged file) is logged with its traceback, handed to
`failed()` (which shows it: the desk's status light, the board's status line) and retried after
a back-off that doubles up to a cap; the first step that succeeds resets it. The pusher, the
board's reader of the live event and the tournament's sync are workers.

Outside the wings (like `i18n`): every wing may use it, and it imports none.

The log is a rotating file beside the database (`matches.log` beside `matches.db`; the board's
beside the event server's folder): `referee-app where` names it.
"""

from __future__ import annotations

import logging
import threading
from pathlib import Path

from referee_app.system import make_private

log = logging.getLogger("referee_app")

LOG_BYTES = 1_000_000
LOG_BACKUPS = 3


def log_file_for(db: Path) -> Path:
    """Where the desk (or the board) working on `db` writes its log."""
    return Path(db).with_suffix(".log")


def log_to_file(path: Path) -> Path | None:
    """Send the app's log to a rotating file at `path` (once per path); None if it cannot be written."""
    from logging.handlers import RotatingFileHandler

    root = logging.getLogger()
    for handler in root.handlers:
        if isinstance(handler, RotatingFileHandler) and Path(handler.baseFilename) == path.resolve():
            return path
    if path.is_symlink():
        return None  # never written through a link planted at its name
    try:
        handler = RotatingFileHandler(path, maxBytes=LOG_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8")
        make_private(path)
    except OSError:
        return None
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(threadName)s %(name)s: %(message)s"))
    root.addHandler(handler)
    if root.level > logging.INFO or root.level == logging.NOTSET:
        root.setLevel(logging.INFO)
    return path


class Worker:
    """A thread that runs `step()` until stopped; any exception is logged, shown and retried later."""

    name = "worker"
    backoff_s = 0.5
    """The first wait after a failure; doubled after each one that follows."""
    max_backoff_s = 15.0

    def __init__(self) -> None:
        self._stopping = threading.Event()
        self._wake = threading.Event()
        self._thread = threading.Thread(target=self._loop, name=self.name, daemon=True)
        self.failures = 0

    def start(self) -> Worker:
        self._thread.start()
        return self

    def poke(self) -> None:
        """Work now (a flag set, nothing else on the caller's thread)."""
        self._wake.set()

    def stop(self) -> None:
        self._stopping.set()
        self._wake.set()
        if self._thread.ident is not None:  # a worker never started has nothing to wait for
            self._thread.join(timeout=10)

    @property
    def stopping(self) -> bool:
        return self._stopping.is_set()

    def step(self) -> None:
        """One round of work; returns to be called again, raises to be retried after a back-off."""
        raise NotImplementedError

    def failed(self, exc: BaseException, retry_in_s: float) -> None:
        """Show the failure (the step's resources are the subclass's to close)."""

    def finish(self) -> None:
        """The worker is stopping: close what it holds."""

    def cap_for(self, exc: BaseException) -> float:
        """The longest wait before a retry after `exc` (a lost server is tried again sooner)."""
        return self.max_backoff_s

    def _loop(self) -> None:
        try:
            while not self._stopping.is_set():
                try:
                    self.step()
                    self.failures = 0
                except Exception as exc:
                    self.failures += 1
                    delay = min(self.cap_for(exc), self.backoff_s * 2 ** min(self.failures - 1, 16))
                    if self.failures == 1:
                        log.exception("%s: %s", self.name, exc)
                    else:
                        log.warning("%s: still failing (%d times): %s", self.name, self.failures, exc)
                    try:
                        self.failed(exc, delay)
                    except Exception:
                        log.exception("%s: reporting a failure failed", self.name)
                    self._stopping.wait(delay)
        finally:
            try:
                self.finish()
            except Exception:
                log.exception("%s: closing failed", self.name)

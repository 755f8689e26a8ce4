"""The one notice channel every window has, its levels, and how a notice looks wherever it is shown.

Every message a window gives a person (a refusal, a failed export, a note that all went well)
travels as `(Notice, text)` through its `NoticeChannel`: the desk's (its controller's), the
board's. An operation runs through `NoticeChannel.operate`: what the person caused (a refusal, a
damaged database, an unwritable folder) is said as it is; anything else is a bug, logged with
its traceback and said as an internal error. A page only decides where the label sits, never
how a level looks.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from enum import StrEnum
from typing import Any, TypeVar

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QLabel

T = TypeVar("T")

log = logging.getLogger(__name__)


class Notice(StrEnum):
    INFO = "info"
    """What happened, when all went well."""
    REFUSAL = "refusal"
    """The rules refused what was asked; nothing changed."""
    ERROR = "error"
    """A file, the disk or the database failed, or a bug; nothing was changed or written."""


STYLE: dict[Notice, str] = {
    Notice.REFUSAL: "background: #b71c1c; color: white;",
    Notice.ERROR: "background: #4a148c; color: white;",
    Notice.INFO: "background: transparent; color: #eceff1;",
}

BASE_STYLE = "font-size: 18px; padding: 4px;"


def show_notice(label: QLabel, level: Notice, text: str) -> None:
    """Show `text` on `label` in the colours of `level` (restyled only when the level changes)."""
    label.setText(text)
    if label.property("level") != level.value:
        label.setProperty("level", level.value)
        label.setStyleSheet(BASE_STYLE + STYLE[level])


class NoticeChannel(QObject):
    """A window's notices: `notice(level, text)` for the label that shows them, and the one way an
    operation's failure is said (`operate`, `report`)."""

    notice = Signal(object, str)  # Notice, text

    def inform(self, text: str) -> None:
        self.notice.emit(Notice.INFO, text)

    def warn(self, level: Notice, text: str) -> None:
        self.notice.emit(level, text)

    def operate(self, what: str, action: Callable[[], T]) -> T | None:
        """Run `action`; its result, or None once the reason is on the channel.

        `what` names the operation for the message ("Export", "Merge"...), already translated."""
        try:
            return action()
        except Exception as exc:
            self.report(what, exc)
        return None

    def report(self, what: str, exc: BaseException) -> None:
        """Say why `what` did not happen: a refusal or a failure the person can act on as it is, a
        stop they asked for as information, anything else as an internal error (logged in full)."""
        from referee_desk.i18n import qt_translate

        from referee_app.game.refusals import RuleViolation
        from referee_app.log.store import Cancelled

        if isinstance(exc, RuleViolation):
            self.notice.emit(Notice.REFUSAL, exc.message(qt_translate))
        elif isinstance(exc, Cancelled):
            self.notice.emit(Notice.INFO, self.tr("{what} stopped: {reason}").format(what=what, reason=exc))
        elif isinstance(exc, user_errors()):
            self.notice.emit(Notice.ERROR, self.tr("{what} failed: {reason}").format(what=what, reason=_reason(exc)))
        else:
            log.error("%s failed", what, exc_info=exc)
            self.notice.emit(Notice.ERROR, self.tr("{what} failed: internal error (see the log).").format(what=what))


def user_errors() -> tuple[type[Exception], ...]:
    """Failures a person can act on (said as they are), as opposed to bugs (logged)."""
    from referee_app.game.history import ReplayRefused
    from referee_app.log.codec import LogFormatError
    from referee_app.log.logfile import LogFileError
    from referee_app.log.store import StoreError
    from referee_app.organizer.exports import ExportError

    return (StoreError, LogFormatError, LogFileError, ReplayRefused, ExportError, OSError)


def _reason(exc: BaseException) -> str:
    """An exception as one sentence: an OS error by its reason and file, not its errno."""
    if isinstance(exc, OSError) and exc.strerror:
        return f"{exc.strerror}: {exc.filename}" if exc.filename else exc.strerror
    return str(exc)


def install_excepthooks(channel: NoticeChannel) -> None:
    """Anything uncaught, on the window's thread or another: logged with its traceback (the log
    file) and shown on the window's notice `channel`, instead of a trace on a console nobody reads."""
    import logging
    import sys
    import threading

    from PySide6.QtCore import QCoreApplication

    log = logging.getLogger("referee_desk")

    def tell(kind: type[BaseException], value: BaseException, trace: Any) -> None:
        log.error("uncaught exception", exc_info=(kind, value, trace))
        first = (str(value).strip().splitlines() or [kind.__name__])[0]
        text = QCoreApplication.translate("Notices", "Something went wrong: {reason} (see the log).")
        with contextlib.suppress(RuntimeError):  # the window is already gone
            channel.notice.emit(Notice.ERROR, text.format(reason=first))

    def on_thread(args: threading.ExceptHookArgs) -> None:
        if args.exc_type is SystemExit or args.exc_value is None:
            return
        tell(args.exc_type, args.exc_value, args.exc_traceback)

    sys.excepthook = tell
    threading.excepthook = on_thread

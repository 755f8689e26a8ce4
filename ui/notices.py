"""The one notice channel's levels, and how a notice looks wherever it is shown.

Every message the desk gives a person (a refusal, a failed export, a note that
all went well) travels as `(Notice, text)` through `DeskController.notice`; a
page only decides where the label sits, never how a level looks.
"""

from __future__ import annotations

import contextlib
from enum import StrEnum
from typing import Any

from PySide6.QtWidgets import QLabel


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


def install_excepthooks(controller: Any) -> None:
    """Anything uncaught, on the window's thread or another: logged with its traceback (the log
    file) and shown on `controller`'s notice channel, instead of a trace on a console nobody reads."""
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
            controller.notice.emit(Notice.ERROR, text.format(reason=first))

    def on_thread(args: threading.ExceptHookArgs) -> None:
        if args.exc_type is SystemExit or args.exc_value is None:
            return
        tell(args.exc_type, args.exc_value, args.exc_traceback)

    sys.excepthook = tell
    threading.excepthook = on_thread

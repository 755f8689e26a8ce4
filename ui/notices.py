"""The one notice channel's levels, and how a notice looks wherever it is shown.

Every message the desk gives a person (a refusal, a failed export, a note that
all went well) travels as `(Notice, text)` through `DeskController.notice`; a
page only decides where the label sits, never how a level looks.
"""

from __future__ import annotations

from enum import StrEnum

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

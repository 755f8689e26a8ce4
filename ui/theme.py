"""The desk's colours: dark, high contrast, legible from two metres."""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QWidget

BACKGROUND = "#263238"
TEXT = "#eceff1"


def apply_dark(widget: QWidget) -> None:
    """A palette, not a style sheet: a window-wide style sheet makes every widget slower to polish."""
    palette = widget.palette()
    palette.setColor(QPalette.ColorRole.Window, QColor(BACKGROUND))
    palette.setColor(QPalette.ColorRole.WindowText, QColor(TEXT))
    widget.setPalette(palette)

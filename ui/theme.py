"""The desk's colours: dark, high contrast, legible from two metres."""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QWidget

BACKGROUND = "#263238"
TEXT = "#eceff1"


def apply_dark(widget: QWidget) -> None:
    """A palette, not a style sheet: a window-wide style sheet makes every widget slower to polish."""
    palette = widget.palette()
    palette.setColor(QPalette.ColorRole.Window, QColor(BACKGROUND))
    palette.setColor(QPalette.ColorRole.WindowText, QColor(TEXT))
    widget.setPalette(palette)


def light_menus(bar: QWidget) -> None:
    """The menu bar keeps the system's light colours (set explicitly, or it would inherit the dark ones)."""
    system = QApplication.palette()
    palette = bar.palette()
    for role in (QPalette.ColorRole.Window, QPalette.ColorRole.WindowText):
        palette.setColor(role, system.color(role))
    bar.setPalette(palette)
    bar.setAutoFillBackground(True)

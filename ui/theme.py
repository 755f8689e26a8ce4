"""The desk's colours: dark, high contrast, legible from two metres."""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QPushButton, QWidget

BACKGROUND = "#263238"
TEXT = "#eceff1"
PANEL_BUTTON_PIXELS = 15


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


def text_style(widget: QWidget, pixels: int, bold: bool = False, colour: str | None = None) -> None:
    """Size, weight and colour of a widget's text, set as a font and a palette.

    Not a style sheet: a widget under a style sheet is painted through Qt's CSS
    engine, about five times slower for a button, and the panels repaint on every
    recorded event."""
    font = widget.font()
    font.setPixelSize(pixels)
    if bold:
        font.setBold(True)
    widget.setFont(font)
    if colour is not None:
        palette = widget.palette()
        palette.setColor(QPalette.ColorRole.WindowText, QColor(colour))
        widget.setPalette(palette)


def panel_buttons(panel: QWidget) -> None:
    """The panels' buttons in a larger type, but for those given a size of their own."""
    # imported here: the window imports this module before its first paint, and `Qt` is slow to load
    from PySide6.QtCore import Qt

    for button in panel.findChildren(QPushButton):
        if not button.testAttribute(Qt.WidgetAttribute.WA_SetFont):
            text_style(button, PANEL_BUTTON_PIXELS)

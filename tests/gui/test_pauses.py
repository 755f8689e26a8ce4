"""The app's tournament window keeps what is loaded out of the collector's full passes (`pauses`):
those passes held the window still 30-50 ms with the phones moving it on (bench/phones.py)."""

from __future__ import annotations

import gc

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from tests.gui.conftest import Desk

CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def test_the_apps_tournament_window_freezes_what_is_loaded_and_a_tests_does_not(desk: Desk) -> None:
    gc.unfreeze()
    assert desk.window.freezes_on_open is False  # a test's desk: its windows' cycles are collected as ever
    desk.window.freezes_on_open = True  # as run_desk sets it
    try:
        QTest.keyClick(
            desk.window, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
        )
        window = desk.window.tournament_window
        assert window is not None
        frozen = gc.get_freeze_count()
        assert frozen > 1000  # Qt's bindings, the core, the window: out of the full passes
        QTest.keyClick(
            desk.window, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
        )
        assert desk.window.tournament_window is window and gc.get_freeze_count() == frozen  # once, not each time
        window.close()
    finally:
        gc.unfreeze()

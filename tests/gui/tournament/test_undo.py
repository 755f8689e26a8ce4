"""Undo in the tournament window, as an organizer presses Ctrl+Z: one result goes at once and is
named; anything bigger (the draw, the entries, a withdrawal...) is named and asked first, No by
default; every undo says what it undid, and Ctrl+Shift+Z takes it again."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox

from referee_app.tournament.events import CheckedIn, Withdrawn
from tests.gui.tournament.test_window import Organizer, _record, shown_of


def _box(organizer: Organizer) -> QMessageBox:
    box = organizer.window.dialog
    assert isinstance(box, QMessageBox) and box.isVisible(), "no question asked"
    return box


def test_ctrl_z_names_each_decision_and_asks_before_the_draw_and_the_entries(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    organizer = Organizer(qtbot, tmp_path)
    organizer.drawn(128, seed=42)
    window = organizer.window
    organizer.key("Ctrl+4")
    first = next(m for m in shown_of(window)["matches"] if m["id"] == "W1-1")
    _record(organizer, "W1-1", first["a"], (7, 3))
    bracket = [(m["id"], m["a"], m["b"]) for m in shown_of(window)["matches"]]
    organizer.key("Ctrl+Return")

    # One result: undone at once, and said.
    organizer.key("Ctrl+Z")
    assert window.dialog is None or not window.dialog.isVisible()
    assert organizer.notice().startswith(f"Undone: the result of W1-1 ({first['a']} wins 7-3).")
    assert "Ctrl+Shift+Z" in organizer.notice()
    assert next(m for m in shown_of(window)["matches"] if m["id"] == "W1-1")["winner"] is None

    # The draw: asked, named with its seed; No is the default, so Enter keeps everything.
    organizer.key("Ctrl+Z")
    box = _box(organizer)
    assert box.text() == "Undo the draw (seed 42)? The bracket and its results go with it."
    assert box.defaultButton() is organizer.widget("confirmNo")
    QTest.keyClick(box, Qt.Key.Key_Return)
    assert not box.isVisible()
    assert window.session.tournament is not None and window.session.tournament.bracket is not None
    assert organizer.notice() == "Nothing undone."

    organizer.key("Ctrl+Z")
    organizer.click("confirmYes")
    assert window.session.tournament is not None and window.session.tournament.bracket is None
    assert organizer.notice().startswith("Undone: the draw (seed 42).")

    # Redo takes the draw again: the same bracket, from the same seed.
    organizer.key("Ctrl+Shift+Z")
    assert organizer.notice() == "Done again: the draw (seed 42)."
    assert [(m["id"], m["a"], m["b"]) for m in shown_of(window)["matches"]] == bracket

    # The entries: asked too; answered No, all 128 stay.
    organizer.key("Ctrl+Z")
    organizer.click("confirmYes")
    organizer.key("Ctrl+Z")
    assert _box(organizer).text() == "Undo the import of 128 entries? These players leave the entry list."
    organizer.click("confirmNo")
    assert len(window.session.tournament.entries) == 128  # type: ignore[union-attr]


def test_a_new_decision_ends_redo_and_a_withdrawal_is_asked_before_it_is_undone(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    organizer = Organizer(qtbot, tmp_path)
    organizer.create()
    assert organizer.window.entries_page.import_entries(organizer.entries_file(6))
    window = organizer.window
    window.session.record(Withdrawn("Player 2"))
    organizer.key("Ctrl+4")
    organizer.key("Ctrl+Z")
    assert _box(organizer).text() == "Undo the withdrawal of Player 2? Player 2 is back in the tournament."
    organizer.click("confirmYes")
    assert "Player 2" not in window.session.tournament.retired  # type: ignore[union-attr]
    assert organizer.widget("redoTournament").isEnabled()
    window.session.record(CheckedIn("Player 1"))
    assert not organizer.widget("redoTournament").isEnabled()


def test_a_notice_is_readable_on_the_tournament_window(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Light words on the desk's dark strip: on the window's light grey they could not be read."""
    organizer = Organizer(qtbot, tmp_path)
    organizer.create()
    assert organizer.window.entries_page.import_entries(organizer.entries_file(4))
    notice = organizer.window.notice
    assert notice.isVisible() and notice.text() == "4 players imported from entries.csv."
    corner = notice.mapTo(organizer.window, notice.rect().topLeft())
    image = organizer.window.grab(notice.rect().translated(corner)).toImage()  # as it shows on the window
    assert image.pixelColor(2, 2).lightness() < 100, "the notice's strip is not dark: its light words are unreadable"

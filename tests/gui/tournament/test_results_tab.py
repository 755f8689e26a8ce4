"""The Results tab and the entry list as an organizer uses them through a long day: whole names in
the Winner box, whole statuses, the next ready match picked after a result, and a withdrawal or a
disqualification asked first, said, and shown with its reason."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QComboBox, QTableWidget

from tests.gui.tournament.test_window import Organizer, _record, shown_of

LONG = "Clément de la Fontaine-Dupré"


def _one_long_name(organizer: Organizer, players: int) -> Path:
    """The top seed has a long name, the others short ones."""
    rows = "".join(f"{LONG if i == 1 else f'Ana {i}'};{700 - i}\n" for i in range(1, players + 1))
    return organizer.entries_file(0, "name;rating\n" + rows)


def _fits(table: QTableWidget, row: int, column: int) -> bool:
    text = table.item(row, column).text()
    return table.columnWidth(column) >= table.fontMetrics().horizontalAdvance(text) + 6


def test_the_winner_box_and_the_status_show_whole_words(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    organizer = Organizer(qtbot, tmp_path)
    organizer.create()
    assert organizer.window.entries_page.import_entries(_one_long_name(organizer, 8))
    organizer.key("Ctrl+2")
    organizer.type("drawSeed", "7")
    organizer.click("drawButton")
    organizer.key("Ctrl+4")
    matches = shown_of(organizer.window)["matches"]
    short = next(m for m in matches if m["status"] == "ready" and LONG not in (m["a"], m["b"]))
    _record(organizer, short["id"], short["a"], (0, 0))  # the box first shown with short names
    qtbot.wait(50)
    m = next(m for m in matches if m["status"] == "ready" and LONG in (m["a"], m["b"]))
    _record(organizer, m["id"], LONG, (0, 0))
    combo = organizer.widget("winnerChoice")
    assert isinstance(combo, QComboBox)
    whole = combo.fontMetrics().horizontalAdvance(LONG) + 20
    qtbot.waitUntil(lambda: combo.width() >= whole, timeout=1000)  # the layout runs once the names are in
    organizer.click("walkoverButton")  # 'ready' becomes 'walkover': the column grows with it
    table = organizer.widget("resultsTable")
    assert isinstance(table, QTableWidget)
    row = next(r for r in range(table.rowCount()) if table.item(r, 0).text() == m["id"])
    assert table.item(row, 6).text() == "walkover"
    assert _fits(table, row, 6), "the status is cut"


def test_after_a_result_the_next_ready_match_is_picked_and_in_view(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    organizer = Organizer(qtbot, tmp_path)
    organizer.drawn(128, seed=42)
    organizer.key("Ctrl+4")
    window = organizer.window
    for done, following in (("W1-1", "W1-2"), ("W1-2", "W1-3")):
        m = next(m for m in shown_of(window)["matches"] if m["id"] == done)
        _record(organizer, done, m["a"], (7, 2))
        organizer.key("Ctrl+Return")
        picked = window.results_page.picked_match()
        assert picked is not None and picked.id == following
        table = window.results_page.table
        rect = table.visualItemRect(table.item(table.currentRow(), 0))
        assert table.viewport().rect().contains(rect.center()), "the next match is out of view"


def test_withdrawal_and_disqualification_are_asked_said_and_shown_with_the_reason(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    organizer = Organizer(qtbot, tmp_path)
    organizer.drawn(8, seed=3)
    window = organizer.window
    organizer.key("Ctrl+1")
    window.entries_page.select_entry("Player 2")
    organizer.key("Ctrl+Shift+X")
    box = window.dialog
    assert box is not None and box.isVisible()
    assert box.text().startswith("Withdraw Player 2?")  # type: ignore[attr-defined]
    organizer.click("confirmNo")
    assert "Player 2" not in window.session.tournament.retired  # type: ignore[union-attr]
    assert organizer.notice() == "Player 2 stays in the tournament."

    window.entries_page.select_entry("Player 3")
    organizer.type("disqualifyReason", "unsportsmanlike conduct")
    organizer.click("disqualify")
    assert window.dialog.text().startswith("Disqualify Player 3 (unsportsmanlike conduct)?")  # type: ignore[union-attr]
    organizer.click("confirmYes")
    assert organizer.notice() == "Player 3 is disqualified: unsportsmanlike conduct"
    row = next(r for r in organizer.rows("entriesTable") if r[0] == "Player 3")
    assert row[-1] == "disqualified: unsportsmanlike conduct"

    window.entries_page.select_entry("Player 2")
    organizer.key("Ctrl+Shift+X")
    organizer.click("confirmYes")
    assert organizer.notice() == "Player 2 is withdrawn."
    assert next(r for r in organizer.rows("entriesTable") if r[0] == "Player 2")[-1] == "withdrawn"

"""The organizer's page: filters, exports of selected matches, merge, statistics, print preview."""

from __future__ import annotations

import csv
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QComboBox, QLineEdit, QPushButton, QTableWidget

from referee_app.log.logfile import read_log
from referee_app.log.store import Store
from referee_app.organizer.demo import seed_logs
from referee_app.organizer.operations import import_entries
from tests.gui.conftest import Desk


def _players(desk: Desk) -> list[str]:
    page = desk.window.matches
    return [page.row_text(i, 1) for i in range(page.row_count())]


def _with_demo(desk: Desk) -> None:
    """The demo matches in the test's database (the demo button opens them in a desk of their own)."""
    store = desk.window.controller.store
    assert store is not None
    for path in seed_logs():
        import_entries(store, [line.entry for line in read_log(str(path))])
    desk.window.show_start()
    assert len(_players(desk)) == len(seed_logs())


def test_in_progress_first_and_filters(desk: Desk) -> None:
    _with_demo(desk)
    statuses = [desk.window.matches.row_text(i, 0) for i in range(4)]
    assert statuses == ["in progress", "in progress", "finished", "finished"]
    desk.window.findChild(QLineEdit, "filterPlayer").setText("novak")
    assert _players(desk) == ["Maria Lopez v Jan Novak"]
    desk.window.findChild(QLineEdit, "filterPlayer").setText("")
    status = desk.window.findChild(QComboBox, "filterStatus")
    status.setCurrentIndex(status.findData("finished"))
    assert sorted(_players(desk)) == ["Lucas Martin v Emma Roux", "Maria Lopez v Jan Novak"]
    status.setCurrentIndex(0)
    event = desk.window.findChild(QComboBox, "filterEvent")
    event.setCurrentIndex(event.findData("Club league"))
    assert _players(desk) == ["Sofia Berg v Omar Haddad"]
    event.setCurrentIndex(0)
    desk.window.findChild(QLineEdit, "filterDate").setText("2026-11-2")
    assert sorted(_players(desk)) == ["Hugo Lefèvre v Nina Petit", "Sofia Berg v Omar Haddad"]


def test_export_selected_matches(desk: Desk, tmp_path: Path, monkeypatch) -> None:
    _with_demo(desk)
    page = desk.window.matches
    monkeypatch.setattr(page, "choose_folder", lambda: tmp_path / "out")
    (tmp_path / "out").mkdir()
    page.select_rows([i for i, players in enumerate(_players(desk)) if "Maria" in players or "Lucas" in players])
    desk.click("exportCsvButton")
    rows = list(csv.DictReader((tmp_path / "out" / "racks.csv").open(encoding="utf-8-sig")))
    assert len(rows) == 4 + 2 and {r["player_a"] for r in rows} == {"Maria Lopez", "Lucas Martin"}
    desk.click("exportPdfButton")
    desk.click("exportJsonlButton")
    assert len(list((tmp_path / "out").glob("*.pdf"))) == 2 and len(list((tmp_path / "out").glob("*.jsonl"))) == 2
    assert desk.text("startNotice").startswith("2 files written to")


def test_merge_from_another_desk(desk: Desk, tmp_path: Path, monkeypatch) -> None:
    other = Store(tmp_path / "table2.db")
    for path in seed_logs()[:2]:
        import_entries(other, [line.entry for line in read_log(str(path))])
    other.close()
    page = desk.window.matches
    monkeypatch.setattr(page, "choose_databases", lambda: [tmp_path / "table2.db"])
    desk.merge()
    assert len(_players(desk)) == 2 and "2 added, 0 already here, 0 in conflict" in desk.text("startNotice")
    desk.merge()
    assert "0 added, 2 already here" in desk.text("startNotice")


def test_statistics_and_print_preview(desk: Desk) -> None:
    _with_demo(desk)
    desk.click("statsButton")
    table = desk.window.matches.dialog.findChild(QTableWidget, "statsTable")
    names = [table.item(r, 0).text() for r in range(table.rowCount())]
    assert "Jan Novak" in names and len(names) == 8
    row = names.index("Jan Novak")
    header = [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]
    assert table.item(row, header.index("Racks won")).text() == "3"
    desk.window.matches.dialog.close()
    desk.window.matches.select_rows([0])
    desk.click("printPreviewButton")
    preview = QApplication.activeModalWidget()
    assert preview is not None and preview.objectName() == "printPreview"
    preview.close()


def test_one_pdf_of_the_selected_sheets(desk: Desk, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A day's sheets in one PDF, from the page's button."""
    import re
    import subprocess

    _with_demo(desk)
    page = desk.window.matches
    target = tmp_path / "out" / "day.pdf"
    monkeypatch.setattr(page, "choose_pdf_file", lambda: target)
    page.select_rows(list(range(page.row_count())))
    desk.click("exportOnePdfButton")
    assert [p.name for p in target.parent.iterdir()] == ["day.pdf"]
    info = subprocess.run(["pdfinfo", str(target)], capture_output=True, text=True, check=True).stdout
    assert int(re.search(r"Pages:\s+(\d+)", info).group(1)) >= page.row_count()  # type: ignore[union-attr]
    assert desk.text("startNotice") == f"{page.row_count()} sheets in {target}"


def test_typing_on_the_list_filters_and_enter_needs_a_real_choice(desk: Desk) -> None:
    """Typed on the list, a name goes to the player filter (it went nowhere); Enter needs a real
    choice among several matches (it opened the first row)."""
    _with_demo(desk)
    desk.key("L")  # typed on the list: into the player filter (Maria Lopez, Lucas Martin, Hugo Lefèvre...)
    filter_line = desk.window.findChild(QLineEdit, "filterPlayer")
    assert filter_line.text() == "l" and filter_line.hasFocus()
    shown = desk.window.matches.row_count()
    assert shown > 1
    desk.key("Return")
    assert desk.window.controller.session is None  # several matches and none chosen: nothing opened
    assert desk.text("startNotice") == f"{shown} matches: choose one with the arrows, then Enter."
    for key in "OPEZ":
        desk.key(key)  # the list had the focus back: the letters still go to the filter
    assert filter_line.text() == "lopez" and desk.window.matches.row_count() == 1
    desk.key("Return")
    assert desk.session.setup.players == ("Maria Lopez", "Jan Novak")


def test_arrows_pick_a_row_and_tab_leaves_the_list(desk: Desk) -> None:
    """The list is a table of whole rows: Down moves a row, Home and End go to the first and last
    match, Enter opens it, and Tab goes on to the buttons (a table walks Tab, Home and End along
    the cells of the row)."""
    _with_demo(desk)
    page = desk.window.matches
    assert page.match_list.hasFocus()
    desk.key("Down")
    assert page.match_list.currentIndex().row() == 1
    desk.key("End")
    assert page.match_list.currentIndex().row() == page.row_count() - 1
    desk.key("Home")
    assert page.match_list.currentIndex().row() == 0
    desk.key("Down")
    QTest.keyClick(page.match_list, Qt.Key.Key_End, Qt.KeyboardModifier.ShiftModifier)
    assert len(page.selected_ids()) == page.row_count() - 1  # from the second match down to the last
    desk.key("Home")
    desk.key("Down")
    desk.key("Tab")
    assert not page.match_list.hasFocus()
    assert isinstance(QApplication.focusWidget(), QPushButton)  # the first of the page's buttons
    page.match_list.setFocus()
    desk.key("Return")
    assert desk.session.setup.players == ("Sofia Berg", "Omar Haddad")

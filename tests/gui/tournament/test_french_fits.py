"""The tournament window in French as an organizer sees it: every label, choice and hint whole
(French runs a third longer than English), ratings with a decimal comma, the edit dialog's fields
wide enough for a long name, a group's first written 1er."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication, QComboBox, QLabel, QLineEdit, QPushButton, QWidget
from referee_desk.i18n import translator_for
from referee_desk.tournament.window import TournamentWindow

from referee_app.tournament.wording import source_text
from tests.gui.conftest import Desk

LONG_NAME = "Championnat de France de billard américain 10-Ball"


def _cut(page: QWidget) -> list[str]:
    """The visible widgets of `page` whose words do not fit."""
    cut = []
    for label in page.findChildren(QLabel):
        shown = label.isVisible() and not label.wordWrap() and label.text() and not label.text().startswith("<")
        # the glyphs' own box, not only their advance: a last letter's overhang is clipped too
        needs = label.fontMetrics().boundingRect(label.text().replace("&", "")).width()
        if shown and label.width() < max(needs, label.sizeHint().width()):
            cut.append(f"label {label.text()!r}: {label.width()} < {needs}")
    for combo in page.findChildren(QComboBox):
        if combo.isVisible() and combo.count():
            longest = max(combo.fontMetrics().horizontalAdvance(combo.itemText(i)) for i in range(combo.count()))
            if combo.width() < longest + 24:
                cut.append(f"combo {combo.objectName()} ({combo.currentText()!r}): {combo.width()} < {longest + 24}")
    for edit in page.findChildren(QLineEdit):
        hint = edit.placeholderText()
        if edit.isVisible() and hint and edit.width() < edit.fontMetrics().horizontalAdvance(hint) + 12:
            cut.append(f"placeholder {hint!r}: {edit.width()}")
    return cut


def test_every_tab_in_french_shows_whole_words(desk: Desk, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    desk.window.open_tournament()
    window = desk.window.tournament_window
    assert isinstance(window, TournamentWindow)
    try:
        desk.window.set_language("fr")
        window.resize(1366, 740)
        window.tabs.setCurrentWidget(window.draw_page)
        window.draw_page.name_edit.setText(LONG_NAME)
        window.findChild(QPushButton, "createTournament").click()
        rows = "".join(f"Joueur {i};{700 - i},5;;;Club de Billard Sète\n" for i in range(1, 9))
        entries = tmp_path / "inscrits.csv"
        entries.write_text("name;rating;fargo_id;licence;club\n" + rows, encoding="utf-8")
        assert window.entries_page.import_entries(entries)
        assert window.entries_page.table.item(0, 2).text() == "699,5"  # a rating as French writes it
        window.tabs.setCurrentWidget(window.draw_page)
        window.draw_page.final_choice.setCurrentIndex(0)
        window.draw_page.seed_edit.setText("9")
        window.findChild(QPushButton, "drawButton").click()
        assert window.session.tournament is not None and window.session.tournament.bracket is not None
        problems = []
        for page in (
            window.entries_page,
            window.draw_page,
            window.bracket_page,
            window.results_page,
            window.queue_page,
        ):
            window.tabs.setCurrentWidget(page)
            QApplication.processEvents()
            problems += [f"{page.objectName()}: {p}" for p in _cut(page)]
        picker = window.choice
        if picker.isVisible():
            problems += _cut(window.tabs)
        assert problems == [], "\n".join(problems)
        assert window.minimumSizeHint().width() <= 1366

        window.tabs.setCurrentWidget(window.entries_page)
        window.entries_page.select_entry("Joueur 1")
        window.entries_page.edit_entry()
        dialog = window.dialog
        assert dialog is not None and dialog.isVisible()
        QApplication.processEvents()
        for name in ("entryName", "entryClub"):
            edit = dialog.findChild(QLineEdit, name)
            assert edit.width() >= edit.fontMetrics().horizontalAdvance("M" * 24), f"{name} is too narrow"
        assert dialog.findChild(QLineEdit, "entryRating").text() == "699,5"
        dialog.close()
    finally:
        desk.window.set_language("en")
        window.close()


def test_a_groups_first_is_1er_in_french_and_the_others_2e() -> None:
    fr = translator_for("fr")
    assert source_text("group 1 #1", fr) == "Poule 1, 1er"
    assert source_text("group 3 #2", fr) == "Poule 3, 2e"
    assert source_text("group 3 #1") == "Group 3 #1"

"""The new-match and note dialogs and the menus: names from this database, licence and club to the
sheet, notes on several lines, each shortcut shown once."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from tests.gui.conftest import Desk


def test_menus_show_each_shortcut_once(desk: Desk) -> None:
    """A menu item shows its shortcut once (it said "New match… [Ctrl+N]   Ctrl+N")."""
    labelled = [a for menu in desk.window.menuBar().findChildren(type(desk.window.match_menu)) for a in menu.actions()]
    assert labelled
    for action in labelled:
        assert "[" not in action.text(), action.text()
    assert desk.window.act_new.text() == "New match…" and desk.window.act_new.shortcut().toString() == "Ctrl+N"


def test_a_note_takes_several_lines(desk: Desk) -> None:
    """A one-line field, too short for a protest or an incident report."""
    from PySide6.QtTest import QTest

    desk.start()
    desk.window.decide("note")
    note = desk.widget("decisionNote")
    assert note.isVisible() and not desk.widget("decisionText").isVisible()
    note.setFocus()
    QTest.keyClicks(note, "Protest by Ben:")
    desk.key("Return")  # a new line, not OK
    QTest.keyClicks(note, "the 3 was pocketed after the foul.")
    assert desk.window.dialog is not None and desk.window.dialog.isVisible()
    desk.click("decisionButtonsOk")
    text = desk.session.history.entries[-1].event.text
    assert text == "Protest by Ben:\nthe 3 was pocketed after the foul."
    assert desk.page.history.item(1).text().endswith("Note: Protest by Ben: / the 3 was pocketed after the foul.")


def test_new_match_names_come_from_this_database_and_enter_accepts(desk: Desk) -> None:
    """The demo's players were offered in a real database, and Enter took a suggestion."""
    from PySide6.QtTest import QTest

    desk.start()  # Ana v Ben are now players of this database
    desk.window.new_match()
    desk.click("leaveMatchYes")  # Ana v Ben is still in progress: the desk asks first
    dialog = desk.window.dialog
    assert dialog is not None
    completer = dialog.player_a.completer()  # type: ignore[attr-defined]
    names = completer.model().stringList()  # type: ignore[attr-defined]
    assert names == ["Ana", "Ben"]  # and not Jan Novak & co. from the demo
    for field, name in ((dialog.player_a, "Ana"), (dialog.player_b, "Ben")):  # type: ignore[attr-defined]
        field.setFocus()
        QTest.keyClicks(field, name)
    QTest.keyClick(dialog.player_b, Qt.Key.Key_Return)  # type: ignore[attr-defined]
    assert not dialog.isVisible()  # one Enter, and the match is started
    assert desk.session.setup.players == ("Ana", "Ben") and len(desk.window.controller.store.match_rows()) == 2


def test_licence_and_club_go_from_the_dialog_to_the_log_and_the_sheet(desk: Desk) -> None:
    """Players' licence numbers and clubs, optional, on `match_started` (spec 1.1)."""
    from PySide6.QtTest import QTest

    from referee_app.words.sheet import build_sheet, sheet_html

    desk.window.new_match()
    dialog = desk.window.dialog
    assert dialog is not None
    for name, text in (
        ("newPlayerA", "Lea"),
        ("newPlayerB", "Marc"),
        ("newLicenceA", "0451234"),
        ("newClubB", "BC Lyon"),
    ):
        QTest.keyClicks(dialog.findChild(QWidget, name), text)
    dialog.accept()
    setup = desk.session.setup
    assert setup.licences == ("0451234", "") and setup.clubs == ("", "BC Lyon")
    html = sheet_html(build_sheet(desk.session.history.entries))
    assert "Licence 0451234" in html and "BC Lyon" in html

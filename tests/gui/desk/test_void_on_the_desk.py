"""Voiding a match started by mistake, from the desk and from the Matches page; New match asks first."""

from __future__ import annotations

from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from referee_app.game.events import Void
from referee_app.game.vocab import Status
from referee_app.log.store import Store
from referee_app.words.sheet import build_sheet, sheet_html
from tests.gui.conftest import Desk


def _void_with(desk: Desk, reason: str) -> None:
    dialog = QApplication.activeModalWidget()
    assert dialog is not None and dialog.objectName() == "voidDialog"
    desk.click("decisionButtonsOk")  # no reason yet: the dialog stays, asking for it
    assert QApplication.activeModalWidget() is dialog
    QTest.keyClicks(desk.widget("decisionText"), reason)
    desk.click("decisionButtonsOk")


def test_void_from_the_match_menu(desk: Desk) -> None:
    desk.start()
    desk.key("A")
    assert desk.window.act_void.isEnabled()
    desk.window.act_void.trigger()
    _void_with(desk, "wrong players")
    assert desk.state.status is Status.VOID
    assert isinstance(desk.session.history.entries[-1].event, Void)
    assert desk.widget("finishedPanel").isVisible()
    assert "void" in desk.text("finishedResult")
    assert not desk.window.act_void.isEnabled()
    html = sheet_html(build_sheet(Store(desk.db).load(desk.session.match_id)))
    assert "VOID" in html and "wrong players" in html
    desk.look()
    desk.key("Backspace")  # undoing the void gives the match back: it changes the result, so the desk asks
    desk.click("undoQuestionYes")
    assert desk.state.status is Status.PLAYING


def test_void_from_the_matches_page(desk: Desk) -> None:
    desk.start()
    first = desk.session.match_id
    desk.start()  # another match: the first is no longer on the desk
    desk.window.show_start()
    page = desk.window.matches
    desk.qtbot.waitUntil(lambda: page.row_count() == 2)
    row = page._shown_ids.index(first)
    page.select_rows([row])
    desk.click("voidButton")
    _void_with(desk, "started by mistake")
    desk.qtbot.waitUntil(lambda: page.row_text(page._shown_ids.index(first), 0) == "void")
    assert {s.match.match_id: s.status for s in Store(desk.db).summaries()}[first] == "void"
    assert desk.session.state.status is Status.LAG  # the desk's own match is untouched


def test_new_match_asks_before_leaving_a_match_in_progress(desk: Desk) -> None:
    desk.start()
    desk.key("A")
    match_id = desk.session.match_id
    desk.window.new_match()
    question = QApplication.activeModalWidget()
    assert question is not None and question.objectName() == "leaveMatchQuestion"
    assert "in progress" in question.text()  # type: ignore[attr-defined]
    desk.click("leaveMatchNo")
    assert QApplication.activeModalWidget() is None and desk.session.match_id == match_id
    desk.window.new_match()
    desk.click("leaveMatchYes")
    dialog = QApplication.activeModalWidget()
    assert dialog is not None and dialog.objectName() != "leaveMatchQuestion"
    dialog.reject()

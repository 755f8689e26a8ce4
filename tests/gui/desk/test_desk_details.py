"""The smaller slips of the event day: tab order, a prompt that never moves the table, the call
after a spot, fouls and lag faults in the history, the push-out foul's prompt, the time banner's
key, back to the desk from the Matches page, the key chart, a desk that grows with its screen."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

from referee_app.game.events import BallPocket, Break, Lag
from referee_app.game.vocab import Pocket, Seat
from tests.gui.conftest import Desk


def test_new_match_tab_order_follows_the_form(desk: Desk) -> None:
    desk.window.new_match()
    dialog = QApplication.activeModalWidget()
    assert dialog is not None
    names = []
    widget: QWidget | None = dialog.player_a  # type: ignore[attr-defined]
    for _ in range(6):
        assert widget is not None
        names.append(widget.objectName())
        widget = widget.nextInFocusChain()
        while widget is not None and widget.focusPolicy() == Qt.FocusPolicy.NoFocus:
            widget = widget.nextInFocusChain()
    assert names == ["newPlayerA", "newLicenceA", "newClubA", "newPlayerB", "newLicenceB", "newClubB"], names
    dialog.reject()


def test_the_prompt_keeps_its_height_and_the_table_stays(desk: Desk) -> None:
    desk.start(race_to=3)
    session = desk.session
    session.record(Lag(winner=Seat.A))
    session.record(Break(rails=5, pocketed=tuple(BallPocket(b, Pocket.FL) for b in range(1, 10))))
    desk.window.controller.publish()
    page = desk.page

    def places() -> tuple[int, int, int]:
        return page.prompt.height(), page.clock.mapTo(page, QPoint()).y(), page.history.mapTo(page, QPoint()).y()

    before = places()
    desk.key("W")
    desk.key("Return")  # the rack ends: a long rack-end prompt
    assert "Rack 1 to Ana" in desk.text("promptLine")
    desk.qtbot.wait(10)
    assert places() == before
    text = page.prompt
    assert text.heightForWidth(text.width()) <= text.height()  # the whole prompt is shown


def test_the_ten_is_no_longer_lit_after_it_is_spotted(desk: Desk) -> None:
    desk.start()
    desk.key("A")
    desk.key("]")
    desk.key("Return")  # a dry break: Ben to shoot
    desk.key("0")  # the 10 called
    desk.key("W")
    desk.key("Return")  # made early: spotted (WPA), Ben shoots again
    assert not desk.page.shot_panel.balls.buttons[10].isChecked()
    assert desk.page.shot_panel.balls.buttons[1].isChecked()  # the call is back on the lowest ball


def test_a_foul_without_a_call_and_the_losers_lag_fault_in_the_history(desk: Desk) -> None:
    desk.start()
    desk.key("1")  # the loser's lag fault: crossed into the other half
    desk.key("A")
    lines = desk.page.history.lines()
    assert lines[-1].endswith("Lag won by Ana; Ana breaks — lag faults of Ben: crossed into the other half"), lines
    desk.key("]")
    desk.key("Return")
    desk.key("B")  # Ben: wrong ball first, no call chosen
    assert desk.page.history.lines()[-1].endswith("Ben — foul: wrong ball first")


def test_a_push_out_with_a_foul_asks_which_foul(desk: Desk) -> None:
    desk.start()
    desk.key("A")
    desk.key("]")
    desk.key("Return")
    QTest.keyClick(desk.window, Qt.Key.Key_P, Qt.KeyboardModifier.ShiftModifier)
    assert desk.text("callLabel") == "Push-out with a foul: which foul?"
    assert not desk.button("foul_wrong_ball_first").isEnabled() and not desk.button("foul_no_rail").isEnabled()
    desk.key("C")
    event = desk.session.history.entries[-1].event
    assert type(event).__name__ == "PushOut"


def test_the_time_banner_names_t_only_where_t_records(desk: Desk) -> None:
    from referee_app.game.events import ShotClock

    desk.start(shot_clock=ShotClock())
    desk.key("A")
    desk.page._clock_expired()
    assert "[T]" not in desk.text("notice")  # on the break panel there is no time foul
    desk.key("]")
    desk.key("Return")
    desk.page._clock_expired()
    assert "[T]" in desk.text("notice")


def test_back_to_the_desk_from_the_matches_page(desk: Desk) -> None:
    desk.start()
    first = desk.session.match_id
    desk.start()
    second = desk.session.match_id
    QTest.keyClick(desk.window, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier)
    page = desk.window.matches
    assert desk.window.pages.currentWidget() is page and desk.button("backToDeskButton").isVisible()
    current = page.match_list.currentIndex().row()
    assert page._shown_ids[current] == second != first  # Enter goes back to the open match
    desk.key("Escape")
    assert desk.window.pages.currentWidget() is desk.page


def test_the_key_chart_under_help(desk: Desk) -> None:
    desk.window.act_keys.trigger()
    dialog = desk.window.dialog
    assert dialog is not None and dialog.isVisible()
    table = dialog.findChild(QWidget, "keysTable")
    keys = [table.item(r, 0).text() for r in range(table.rowCount())]  # type: ignore[attr-defined]
    assert "Ctrl+Shift+Z" in keys and any("dry break" in table.item(r, 1).text() for r in range(len(keys)))  # type: ignore[attr-defined]
    dialog.close()


def test_the_desk_grows_with_a_big_screen(desk: Desk) -> None:
    desk.start()
    desk.window.resize(1366, 768)
    desk.qtbot.wait(20)
    small = desk.button("lagWonA").font().pixelSize(), desk.page.prompt.font().pixelSize()
    desk.window.resize(1920, 1080)
    desk.qtbot.wait(20)
    big = desk.button("lagWonA").font().pixelSize(), desk.page.prompt.font().pixelSize()
    assert big[0] >= small[0] * 1.25 and big[1] >= small[1] * 1.25, (small, big)


def test_the_french_slips_are_mended(desk: Desk) -> None:
    desk.window.set_language("fr")
    try:
        desk.start()
        assert desk.text("lagWonA") == "Ana gagne le tirage [A]"
        desk.key("A")
        assert desk.text("breakDroppedLabel").startswith("Billes empochées")
        desk.key("]")
        desk.key("Return")
        assert desk.text("callLabel") == "Annonce\u00a0: la 1 en ?"
    finally:
        desk.window.set_language("en")

"""Calling and recording a shot on the real window: pocket keys on any keyboard, the markers, the
warning that moves nothing, a push-out with a foul."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt

from referee_app.game.vocab import Pocket, Seat
from tests.gui.conftest import Desk


def _to_shot(desk: Desk) -> None:
    """Ana wins the lag and breaks legally with the 4 down: Ana is at the table, calling the 1."""
    desk.start()
    desk.key("A")
    desk.click("breakAddDropped")
    desk.click("droppedBall4")
    desk.click("droppedPocketSL")
    desk.click("breakRailsUp")  # the cushions counted: 4
    desk.click("recordBreak")


def test_pocket_keys_follow_an_azerty_keyboard(desk: Desk) -> None:
    """On AZERTY, Q W E / A S D are not two rows of three; the same physical keys type
    A Z E / Q S D there, so those letters pick the pockets."""
    _to_shot(desk)
    desk.window.keyboard_actions["azerty"].trigger()
    try:
        assert desk.text("pocketHL") == "HL [A]" and desk.text("pocketHR") == "HR [Q]"
        desk.key("A")
        assert desk.page.shot_panel.call_pocket is Pocket.HL
        desk.key("Z")
        assert desk.page.shot_panel.call_pocket is Pocket.SL
        desk.key("Q")
        assert desk.page.shot_panel.call_pocket is Pocket.HR
        desk.key("W")  # not a pocket key on AZERTY any more
        assert desk.page.shot_panel.call_pocket is Pocket.HR
        assert desk.settings.value("pocket_keys") == "azerty"  # kept for the next start
    finally:
        desk.window.keyboard_actions["qwerty"].trigger()
    desk.key("W")
    assert desk.page.shot_panel.call_pocket is Pocket.SL


def test_the_warning_does_not_move_the_table_or_the_buttons(desk: Desk) -> None:
    """The warning banner pushed the table and every button down by 54 px."""
    _to_shot(desk)
    page = desk.page

    def places() -> tuple[int, int]:
        return page.table.mapTo(page, page.table.rect().topLeft()).y(), page.undo_button.mapTo(page, QPoint()).y()

    before = places()
    desk.key("N")  # Ana: no rail (foul 1)
    desk.look()  # the same key again at once would be taken for a double press
    desk.key("N")  # Ben: no rail (foul 1)
    desk.look()
    desk.key("N")  # Ana: foul 2, the warning is due
    assert desk.widget("warningPrompt").isVisible()
    desk.qtbot.wait(10)
    assert places() == before
    desk.window.set_language("fr")  # the longer French sentence still fits its banner
    try:
        text = page.warning_text
        desk.qtbot.wait(10)
        assert text.heightForWidth(text.width()) <= text.height(), text.text()
    finally:
        desk.window.set_language("en")


def test_markers_reset_with_the_rack_and_the_turn(desk: Desk) -> None:
    """The old call ring stayed on the next rack's break screen; the 10's button stayed
    lit once the call had moved on to another ball."""
    desk.start(race_to=3)
    desk.key("A")
    desk.run_rack()  # Ana's last call was the 10, made
    assert desk.page.panels.currentWidget() is desk.page.break_panel
    assert desk.page.table.called_ball is None and desk.page.table.called_pocket is None
    desk.click("breakRailsUp")  # the cushions counted: 4
    desk.click("recordBreak")  # Ben breaks, nothing down: Ana to shoot
    balls = desk.page.shot_panel.balls.buttons
    desk.key("0")
    assert balls[10].isChecked()
    desk.key("C")  # Ana scratches before choosing a pocket: Ben is at the table, calling the 1
    assert desk.page.shot_panel.call_ball == 1
    assert [b for b, button in balls.items() if button.isChecked()] == [1]
    assert desk.page.table.called_ball == 1 and desk.page.table.called_pocket is None


def test_a_push_out_with_a_foul_is_a_push_out_and_a_foul(desk: Desk) -> None:
    """A scratch on the push-out could only go in as a safety with a foul."""
    from PySide6.QtTest import QTest

    from referee_app.game.events import PushOut

    _to_shot(desk)
    QTest.keyClick(desk.window, Qt.Key.Key_P, Qt.KeyboardModifier.ShiftModifier)  # P alone: a clean push-out
    assert desk.button("pushOutFoulButton").isChecked() and len(desk.session.history.entries) == 3
    desk.key("C")  # the scratch
    event = desk.session.history.entries[-1].event
    assert isinstance(event, PushOut) and event.cue_ball.value == "pocketed"
    assert desk.state.at_table is Seat.B and desk.state.fouls[Seat.A] == 1
    assert not desk.widget("pushOutFoulButton").isVisible()  # no push-out on the next shot
    assert desk.page.history.lines()[-1].endswith("Ana pushes out — foul: scratch")

"""A tired referee's slips on the real window: nothing is recorded that did not happen.

Keys go through `QTest.keyClick` one after the other, as fast as a double press or faster."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMessageBox
from referee_desk.desk.page import HOLD_S

from referee_app.game.events import BallPocket, Break, Lag, Shot
from referee_app.game.vocab import Pocket, Seat
from tests.gui.conftest import Desk


def _at_the_last_ball(desk: Desk, race_to: int = 3) -> None:
    """Ana breaks and drops the 1 to the 9: only the 10 is left, Ana to shoot."""
    desk.start(race_to=race_to)
    session = desk.session
    session.record(Lag(winner=Seat.A))
    session.record(Break(rails=5, pocketed=tuple(BallPocket(b, Pocket.FL) for b in range(1, 10))))
    desk.window.controller.publish()


def _types(desk: Desk) -> list[str]:
    return [type(entry.event).__name__ for entry in desk.session.history.entries]


def test_a_double_enter_on_the_last_ball_records_no_break(desk: Desk) -> None:
    _at_the_last_ball(desk)
    desk.key("W")  # the 10 in the side pocket
    desk.key("Return")
    desk.key("Return")  # the tired second press lands on the next rack's break panel
    assert _types(desk)[-1] == "Shot"
    assert desk.state.score.a == 1 and desk.state.awaiting.value == "break"
    assert "Rack 1 to Ana" in desk.text("promptLine")  # the rack end is still what the desk says
    assert "not taken" in desk.text("notice")
    desk.qtbot.wait(int(HOLD_S * 1000) + 100)
    desk.key("]")  # the referee counts the cushions, then presses Enter on purpose
    desk.key("Return")
    assert _types(desk)[-1] == "Break"


def test_a_double_key_at_the_match_end_is_not_taken(desk: Desk) -> None:
    _at_the_last_ball(desk, race_to=1)
    desk.key("W")
    desk.key("Return")
    desk.key("N")  # "New match" right on the heels of the winning ball
    assert desk.state.finished
    assert QApplication.activeModalWidget() is None
    assert "match is over" in desk.text("notice")


def test_a_double_x_records_one_safety_and_says_why(desk: Desk) -> None:
    _at_the_last_ball(desk)
    desk.key("X")
    desk.key("X")
    shots = [e.event for e in desk.session.history.entries if isinstance(e.event, Shot)]
    assert len(shots) == 1
    assert "twice" in desk.text("notice")


def test_a_shot_key_while_the_warning_is_due_says_why(desk: Desk) -> None:
    desk.start()
    desk.key("A")
    desk.click("breakRailsUp")  # the cushions counted: 4
    desk.click("recordBreak")
    desk.click("foul_scratch")  # Ben: 1 foul
    desk.click("foul_scratch")  # Ana: 1 foul
    desk.click("foul_scratch")  # Ben: 2 fouls, the warning is due before his next shot
    desk.click("foul_scratch")  # Ana: 2 fouls
    assert desk.page.warning.isVisible()
    before = len(desk.session.history.entries)
    desk.key("M")
    assert len(desk.session.history.entries) == before
    assert "warning" in desk.text("notice").lower()


def _undo_question() -> QMessageBox:
    box = QApplication.activeModalWidget()
    assert isinstance(box, QMessageBox), f"no question, {box!r} instead"
    return box


def test_an_undo_that_changes_the_score_asks_and_redo_gives_it_back(desk: Desk) -> None:
    _at_the_last_ball(desk)
    desk.key("W")
    desk.key("Return")
    assert desk.state.score.a == 1
    desk.key("Backspace")  # a slip: it would take the rack back
    box = _undo_question()
    assert "1–0 to 0–0" in box.text()
    QTest.keyClick(box, Qt.Key.Key_Escape)
    assert desk.state.score.a == 1 and _types(desk)[-1] == "Shot"
    desk.key("Backspace")
    box = _undo_question()
    desk.qtbot.mouseClick(box.findChild(object, "undoQuestionYes"), Qt.MouseButton.LeftButton)  # type: ignore[arg-type]
    assert desk.state.score.a == 0 and _types(desk)[-1] == "Undo"
    QTest.keyClick(desk.window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert desk.state.score.a == 1
    assert _types(desk)[-2:] == ["Undo", "Shot"]  # the undo stays; the shot is recorded again
    assert desk.session.history.entries[-1].event == desk.session.history.entries[-3].event


def test_an_undo_that_leaves_the_score_alone_does_not_ask(desk: Desk) -> None:
    _at_the_last_ball(desk)
    desk.key("X")
    desk.key("Backspace")
    assert QApplication.activeModalWidget() is None
    assert _types(desk)[-1] == "Undo"


def test_a_cushion_count_nobody_made_is_never_recorded(desk: Desk) -> None:
    """The log has no "not counted": the desk records a break only once the count is set."""
    desk.start(rules="ffb")
    desk.key("A")
    assert desk.page.break_panel.rails.text() == "not counted"
    assert "not counted" in desk.text("breakPreview")
    desk.key("Return")
    assert desk.state.awaiting.value == "break"  # nothing recorded
    assert "count them first" in desk.text("notice")
    desk.key("[")  # three balls reached a cushion
    assert "foul break" in desk.text("breakPreview")
    desk.key("]")
    assert desk.page.break_panel.rails.value() == 4
    desk.key("Return")
    breaks = [e.event for e in desk.session.history.entries if isinstance(e.event, Break)]
    assert [b.rails for b in breaks] == [4]
    assert desk.page.break_panel.rails.text() == "not counted"  # the next rack is counted afresh

"""Undo, resume, the new-match dialog, decisions, replay and the shot clock, on the real window."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QCheckBox, QLineEdit, QSlider, QSpinBox

from referee_app.game.history import replay
from referee_app.game.vocab import Seat, Status
from referee_app.log.store import Store
from tests.gui.conftest import Desk


def _screen(desk: Desk) -> tuple[QImage, QImage, QImage, str, str]:
    """What the referee sees, minus the history list (which grows with an undo line)."""
    w = desk.page
    return (
        w.scoreboard.grab().toImage(),
        w.table.grab().toImage(),
        w.panels.grab().toImage(),
        desk.text("promptLine"),
        desk.text("callLabel"),
    )


def _open_rack(desk: Desk) -> None:
    desk.start()
    desk.click("lagWonA")
    desk.click("breakAddDropped")
    desk.click("droppedBall4")
    desk.click("droppedPocketSL")
    desk.click("breakRailsUp")  # the cushions counted: 4
    desk.click("recordBreak")


def test_undo_restores_the_previous_screen_exactly(desk: Desk) -> None:
    _open_rack(desk)
    before = _screen(desk)
    state = desk.state
    desk.click("pocketFL")
    desk.click("foul_scratch")
    assert desk.state.at_table is Seat.B and _screen(desk) != before
    desk.click("undoButton")
    assert desk.state == state
    assert _screen(desk) == before
    assert desk.page.history.is_struck(4)  # the voided shot stays in the list, struck through
    assert desk.page.history.count() == 5


def test_keyboard_undo_and_nothing_to_undo(desk: Desk) -> None:
    desk.start()
    desk.key("A")
    assert desk.state.status is Status.PLAYING
    desk.key("Backspace")
    assert desk.state.status is Status.LAG
    assert not desk.button("undoButton").isEnabled()


def test_resume_after_closing_the_window(desk: Desk) -> None:
    _open_rack(desk)
    desk.click("pocketHL")
    desk.click("missButton")
    state, match_id = desk.state, desk.session.match_id
    texts = (desk.text("scoreA"), desk.text("foulsA"), desk.text("promptLine"))
    desk.window.close()
    second = desk.open()
    assert second.resume()
    desk.window = second
    assert desk.session.match_id == match_id and desk.state == state
    assert (desk.text("scoreA"), desk.text("foulsA"), desk.text("promptLine")) == texts
    assert desk.state == replay(Store(desk.db).load(match_id)).state


def test_new_match_dialog_creates_the_match(desk: Desk) -> None:
    desk.window.new_match()
    dialog = QApplication.activeModalWidget()
    assert dialog is not None and dialog.objectName() == "newMatchDialog"
    dialog.findChild(QLineEdit, "newPlayerA").setText("Maria Lopez")
    desk.click("newMatchButtonsOk")
    assert dialog.isVisible()  # refused: player B has no name
    assert desk.text("newMatchError") == "Both players need a name."
    dialog.findChild(QLineEdit, "newPlayerB").setText("Jan Novak")
    dialog.findChild(QCheckBox, "newShotClock").setChecked(True)
    dialog.findChild(QLineEdit, "newEvent").setText("Club night")
    desk.click("newMatchButtonsOk")
    setup = desk.session.setup
    assert setup.players == ("Maria Lopez", "Jan Novak") and setup.event == "Club night"
    assert setup.shot_clock is not None and setup.shot_clock.shot_s == 35
    assert desk.widget("lagPanel").isVisible() and desk.widget("shotClock").isVisible()


def test_the_new_match_takes_any_shot_clock_the_match_log_and_the_board_take(desk: Desk) -> None:
    """The same figures as the board's Send and the spec: a shot 1..600 s, after the break 1..60 s."""
    desk.window.new_match()
    dialog = QApplication.activeModalWidget()
    assert dialog is not None
    dialog.findChild(QLineEdit, "newPlayerA").setText("Maria Lopez")
    dialog.findChild(QLineEdit, "newPlayerB").setText("Jan Novak")
    spins = {name: dialog.findChild(QSpinBox, name) for name in ("newShotS", "newExtensionS", "newAfterBreakS")}
    assert not any(spin.isEnabled() for spin in spins.values())  # no clock until it is switched on
    dialog.findChild(QCheckBox, "newShotClock").setChecked(True)
    for name, value in (("newShotS", 300), ("newExtensionS", 1), ("newAfterBreakS", 5)):
        spins[name].setValue(value)
        assert spins[name].value() == value, name
    spins["newShotS"].setValue(601)  # past the spec's limit: held at it
    desk.click("newMatchButtonsOk")
    clock = desk.session.setup.shot_clock
    assert clock is not None and (clock.shot_s, clock.extension_s, clock.after_break_s) == (600, 1, 5)


def test_lag_with_faults_and_the_winner_letting_the_opponent_break(desk: Desk) -> None:
    desk.start()
    desk.click("relagButton")
    desk.window.findChild(QCheckBox, "lagFault_side_rail").setChecked(True)
    desk.window.findChild(QCheckBox, "lagOpponentBreaks").setChecked(True)
    desk.click("lagWonB")
    lag = desk.session.history.entries[-1].event
    assert lag.winner is Seat.B and lag.breaker is Seat.A  # type: ignore[union-attr]
    assert lag.faults[0][0] is Seat.A  # type: ignore[union-attr]
    assert desk.state.at_table is Seat.A and desk.widget("breakPanel").isVisible()


def test_concession_from_the_menu(desk: Desk) -> None:
    _open_rack(desk)
    desk.window.decide("concede")
    dialog = QApplication.activeModalWidget()
    assert dialog is not None and dialog.objectName() == "concedeDialog"
    desk.click("decisionButtonsOk")  # the player at the table (Ana) concedes
    assert desk.state.winner is Seat.B and desk.widget("finishedPanel").isVisible()


def test_replay_steps_through_the_match(desk: Desk) -> None:
    _open_rack(desk)
    desk.click("pocketFL")
    desk.click("foul_scratch")
    desk.click("undoButton")
    desk.window.open_replay()
    dialog = desk.window.dialog
    assert dialog is not None and dialog.objectName() == "replayDialog"
    slider = dialog.findChild(QSlider, "replaySlider")
    slider.setValue(1)  # after the lag: nothing broken yet
    assert dialog.table.state.status is Status.PLAYING
    assert dialog.table.state.balls_on_table == frozenset(range(1, 11))
    slider.setValue(2)
    assert 4 not in dialog.table.state.balls_on_table
    slider.setValue(3)
    assert "(voided by an undo)" in dialog.event_label.text()
    assert dialog.table.state.fouls[Seat.A] == 1  # the screen as it was, before the undo


def test_clicking_the_drawing_makes_the_call(desk: Desk) -> None:
    _open_rack(desk)
    table = desk.page.table
    QTest.mouseClick(table, Qt.MouseButton.LeftButton, pos=table.ball_rect(2).center().toPoint())
    from referee_app.game.vocab import Pocket

    QTest.mouseClick(table, Qt.MouseButton.LeftButton, pos=table.pocket_rect(Pocket.FR).center().toPoint())
    assert desk.text("callLabel") == "Call: 2 in FR"
    desk.click("madeButton")
    shot = desk.session.history.entries[-1].event
    assert shot.call.ball == 2 and shot.call.pocket is Pocket.FR  # type: ignore[union-attr]


def test_shot_clock_times_the_shot(desk: Desk, monkeypatch) -> None:
    from referee_app.game.events import ShotClock

    desk.start(shot_clock=ShotClock())
    desk.click("lagWonA")
    desk.click("breakAddDropped")
    desk.click("droppedBall4")
    desk.click("droppedPocketSL")
    desk.click("breakRailsUp")  # the cushions counted: 4
    desk.click("recordBreak")
    assert desk.widget("shotClock").isVisible() and desk.text("clockDisplay") == "35"
    times = iter([100.0, 112.5])
    monkeypatch.setattr("referee_desk.desk.controller.time.monotonic", lambda: next(times))
    desk.click("clockStart")
    limit = desk.page.clock.limit_s
    desk.click("clockExtension")
    assert desk.state.extensions_left.a == 0  # type: ignore[union-attr]
    assert desk.page.clock.limit_s == limit + 25  # the extension's seconds are on the clock
    assert not desk.button("clockExtension").isEnabled()  # none left this rack
    desk.click("pocketSL")
    desk.click("madeButton")
    assert desk.session.history.entries[-1].event.clock_s == 12.5  # type: ignore[union-attr]


def test_clock_expiry_offers_the_time_foul(desk: Desk) -> None:
    from referee_app.game.events import ShotClock

    desk.start(shot_clock=ShotClock())
    desk.click("lagWonA")
    clock = desk.page.clock
    clock.limit_s = 0.05
    desk.click("clockStart")
    desk.qtbot.waitUntil(lambda: "shot clock ran out" in desk.text("notice"), timeout=2000)
    desk.click("breakAddDropped")
    desk.click("droppedBall4")
    desk.click("droppedPocketSL")
    desk.click("breakRailsUp")  # the cushions counted: 4
    desk.click("recordBreak")
    desk.click("foul_shot_clock")
    assert desk.state.fouls[Seat.A] == 1


def test_a_miss_typed_before_its_pocket_is_not_recorded_and_the_notice_says_so(desk: Desk) -> None:
    _open_rack(desk)
    entries = len(desk.session.history.entries)
    shooter = desk.state.at_table
    desk.key("M")  # a referee typing ahead: the miss before the called pocket
    assert len(desk.session.history.entries) == entries and desk.state.at_table is shooter
    assert desk.text("notice").startswith("Not recorded: Choose the called pocket first")
    desk.key("Q")
    desk.key("M")  # the pocket, then the miss: recorded, the turn passes
    assert len(desk.session.history.entries) == entries + 1 and desk.state.at_table is not shooter

"""The desk scores racks (spec 1.3 §2a): New match → "Racks only", two big buttons and two keys,
the less common ways one toggle away, undo as today, and each player signs at the end."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtTest import QTest
from PySide6.QtWidgets import QComboBox, QWidget

from referee_app.game.history import replay
from referee_app.game.vocab import PenaltyKind, RackHow, Scoring, Seat, Status
from tests.gui.conftest import Desk


def start_by_racks(desk: Desk, rules: str = "wpa", race_to: int = 2, names: tuple[str, str] = ("Ana", "Ben")) -> None:
    """New match through the dialog, as a referee-less table does it: names, race, Racks only."""
    desk.window.new_match()
    dialog = desk.window.dialog
    assert dialog is not None
    QTest.keyClicks(dialog.findChild(QWidget, "newPlayerA"), names[0])
    QTest.keyClicks(dialog.findChild(QWidget, "newPlayerB"), names[1])
    dialog.findChild(QWidget, "newRaceTo").setValue(race_to)  # type: ignore[union-attr]
    rules_box = dialog.findChild(QComboBox, "newRules")
    assert rules_box is not None
    rules_box.setCurrentIndex(rules_box.findData(rules))
    clock = dialog.findChild(QWidget, "newShotClock")
    clock.setChecked(True)  # type: ignore[union-attr]
    scoring = dialog.findChild(QComboBox, "newScoring")
    assert scoring is not None and scoring.count() == 2
    scoring.setCurrentIndex(scoring.findData("racks"))
    assert not clock.isChecked() and not clock.isEnabled()  # type: ignore[union-attr]  # no stroke to time
    desk.click("newMatchButtonsOk")
    assert desk.session.setup.scoring is Scoring.RACKS and desk.session.setup.shot_clock is None


def test_new_match_racks_only_then_two_buttons_and_two_keys(desk: Desk, tmp_path: Path) -> None:
    start_by_racks(desk, race_to=3)
    desk.click("lagWonA")  # Ana won the lag and breaks
    page = desk.page
    assert page.panels.currentWidget() is page.rack_panel
    assert not page.table.isVisible() and not page.clock.isVisible()  # nothing tracked at the table
    assert desk.text("rackPrompt") == "Rack 1, broken by Ana: who wins it?"
    assert "Ana" in desk.text("rackWonA") and "[A]" in desk.text("rackWonA")
    assert desk.button("rackWonA").height() >= 100  # big: hit from a step away
    desk.click("rackWonA")
    assert (desk.state.score.a, desk.state.score.b) == (1, 0) and desk.state.breaker is Seat.B
    desk.key("A")  # a key right after a rack was recorded is held, and the desk says so
    assert (desk.state.score.a, desk.state.score.b) == (1, 0)
    assert desk.text("notice").startswith("A rack was just recorded")
    desk.look()
    desk.key("B")  # Ben's key
    assert (desk.state.score.a, desk.state.score.b) == (1, 1) and desk.state.rack == 3
    assert desk.text("rackPrompt").startswith("Rack 2 to Ben (10 pocketed), 1–1.")
    grab = page.grab()
    assert grab.save(str(tmp_path / "rack-panel.png"))
    # the log is the spec's: replayed from the store, the same state
    assert replay(desk.window.controller.store.load(desk.session.match_id)).state == desk.state


def test_the_less_common_ways_come_from_the_rules(desk: Desk) -> None:
    start_by_racks(desk, rules="wpa", race_to=5)
    desk.click("lagWonA")  # Ana breaks rack 1
    ways = desk.page.rack_panel.ways
    # WPA: the 10 on the break is spotted, so that way is not offered
    assert ways[RackHow.BREAK_AND_RUN].isVisible() and ways[RackHow.THREE_FOULS].isVisible()
    assert not ways[RackHow.TEN_ON_BREAK].isVisible()
    desk.click("rackWay_break_and_run")
    assert not desk.button("rackWonB").isEnabled()  # only the breaker breaks and runs
    desk.key("B")  # Ben's key records nothing
    assert (desk.state.score.a, desk.state.score.b) == (0, 0) and not desk.state.racks
    desk.click("rackWonA")
    assert desk.state.racks[-1].how is RackHow.BREAK_AND_RUN and (desk.state.score.a, desk.state.score.b) == (1, 0)
    assert not desk.button("rackWay_break_and_run").isChecked()  # the next rack starts ordinary
    desk.look()
    desk.key("F")  # three fouls: either player
    desk.key("A")
    assert desk.state.racks[-1].how is RackHow.THREE_FOULS and (desk.state.score.a, desk.state.score.b) == (2, 0)
    desk.look()
    desk.key("S")  # a stalemate: Ana breaks again (she broke rack 3)
    assert desk.state.racks[-1].how is RackHow.STALEMATE and desk.state.breaker is Seat.A


def test_ffb_offers_the_ten_on_the_break_to_the_breaker(desk: Desk) -> None:
    start_by_racks(desk, rules="ffb")
    desk.click("lagWonB")  # Ben breaks
    desk.click("rackWay_ten_on_break")
    assert desk.button("rackWonB").isEnabled() and not desk.button("rackWonA").isEnabled()
    desk.click("rackWonB")
    assert desk.state.racks[-1].how is RackHow.TEN_ON_BREAK


def test_undo_asks_before_taking_a_rack_back(desk: Desk) -> None:
    start_by_racks(desk, race_to=3)
    desk.click("lagWonA")
    desk.click("rackWonB")
    desk.click("undoButton")
    desk.click("undoQuestionKeep")
    assert (desk.state.score.a, desk.state.score.b) == (0, 1)
    desk.click("undoButton")
    desk.click("undoQuestionYes")
    assert (desk.state.score.a, desk.state.score.b) == (0, 0) and desk.state.rack == 1 and desk.state.breaker is Seat.A


def test_the_players_sign_at_the_end_and_the_sheet_shows_it(desk: Desk, tmp_path: Path) -> None:
    from referee_app.words.sheet import build_sheet

    start_by_racks(desk, race_to=2)
    desk.click("lagWonA")
    for winner in ("A", "B", "A"):
        desk.look()
        desk.key(winner)
    assert desk.state.status is Status.FINISHED and desk.state.winner is Seat.A
    page = desk.page
    assert page.panels.currentWidget() is page.finished_panel
    assert desk.text("signA") == "Ana signs the result [Shift+A]"
    assert desk.text("finishedSigned") == "Not signed yet: each player signs the result."
    desk.click("signB")
    assert desk.state.signed == (False, True) and not desk.button("signB").isEnabled()
    assert desk.text("signB") == "Ben has signed ✔" and desk.text("finishedSigned") == "Signed by: Ben"
    desk.look()
    from PySide6.QtCore import Qt

    QTest.keyClick(desk.window, Qt.Key.Key_A, Qt.KeyboardModifier.ShiftModifier)
    assert desk.state.signed == (True, True)
    assert desk.page.finished_panel.grab().save(str(tmp_path / "signed.png"))
    sheet = build_sheet(desk.session.history.entries)
    assert all(sheet.signed) and sheet.by_racks
    # undo takes the signatures back first, one at a time, then the winning rack
    desk.click("undoButton")
    assert desk.state.signed == (False, True) and desk.state.finished
    desk.click("undoButton")
    desk.click("undoButton")
    desk.click("undoQuestionYes")
    assert desk.state.status is Status.PLAYING and (desk.state.score.a, desk.state.score.b) == (1, 1)


def test_the_penalty_dialog_offers_no_foul_under_rack_scoring(desk: Desk) -> None:
    start_by_racks(desk, race_to=3)
    desk.click("lagWonA")
    desk.window.decide("penalty")
    dialog = desk.window.dialog
    assert dialog is not None
    kinds = [dialog.penalty.itemData(i) for i in range(dialog.penalty.count())]  # type: ignore[attr-defined]
    assert kinds == [PenaltyKind.RACK.value, PenaltyKind.MATCH.value]
    dialog.penalty.setCurrentIndex(0)  # type: ignore[attr-defined]
    desk.click("decisionButtonsOk")
    assert desk.state.racks[-1].how is RackHow.PENALTY and (desk.state.score.a, desk.state.score.b) == (0, 1)


def test_the_rack_panel_and_the_signatures_in_french(desk: Desk) -> None:
    start_by_racks(desk, race_to=1)
    desk.click("lagWonA")
    desk.window.language_actions["fr"].trigger()
    try:
        assert desk.text("rackPrompt") == "Manche 1, cassée par Ana\u00a0: qui la gagne\u00a0?"
        assert desk.text("rackWonB") == "Ben\na gagné la manche [B]"
        assert desk.text("rackWay_break_and_run") == "Casse et finition [R]"
        desk.click("rackWonB")
        assert desk.text("signA") == "Ana signe le résultat [Maj+A]"
        desk.click("signA")
        assert desk.text("finishedSigned") == "Signé par\u00a0: Ana"
        desk.click("signB")  # both signed: no refusal, nothing left to sign
        assert desk.state.signed == (True, True)
    finally:
        desk.window.set_language("en")

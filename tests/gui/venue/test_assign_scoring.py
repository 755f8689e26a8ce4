"""The board's "Send a match to a table" form: a table with no referee gets its match scored by
racks (no shot clock then), and a match being corrected keeps its scoring."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QComboBox, QLineEdit, QPushButton
from referee_desk.venue.assign import AssignDialog

from referee_app.game.events import ShotClock
from referee_app.game.vocab import Scoring
from referee_app.venue.model import Assignment


def test_a_match_sent_by_racks_has_no_shot_clock_and_a_correction_keeps_its_scoring(qtbot: Any) -> None:
    dialog = AssignDialog()
    qtbot.addWidget(dialog)
    sent: list[Assignment] = []
    dialog.assigned.connect(sent.append)
    for name, text in (("assignTable", "5"), ("assignPlayerA", "Ana Lopez"), ("assignPlayerB", "Ben Novak")):
        dialog.findChild(QLineEdit, name).setText(text)  # type: ignore[union-attr]
    dialog.clock.switch.setChecked(True)
    scoring = dialog.findChild(QComboBox, "assignScoring")
    assert scoring is not None and scoring.currentData() == "shots"
    scoring.setCurrentIndex(scoring.findData("racks"))
    assert not dialog.clock.switch.isChecked() and not dialog.clock.switch.isEnabled()
    QTest.mouseClick(dialog.findChild(QPushButton, "assignOk"), Qt.MouseButton.LeftButton)
    (made,) = sent
    assert (made.table, made.players, made.scoring, made.shot_clock) == (
        "5", ("Ana Lopez", "Ben Novak"), Scoring.RACKS, None,
    )  # fmt: skip
    racks = Assignment("a1", "5", ("Ana", "Ben"), 3, "wpa", "alternate", scoring=Scoring.RACKS)
    again = AssignDialog(correcting=racks)
    qtbot.addWidget(again)
    assert again.findChild(QComboBox, "assignScoring").currentData() == "racks"  # type: ignore[union-attr]
    shots = Assignment("a2", "5", ("Ana", "Ben"), 3, "wpa", "alternate", shot_clock=ShotClock(30, 20))
    other = AssignDialog(correcting=shots)
    qtbot.addWidget(other)
    assert other.findChild(QComboBox, "assignScoring").currentData() == "shots"  # type: ignore[union-attr]
    assert other.clock.switch.isEnabled() and other.clock.value() is not None

"""The form that sends a match to a table (or corrects one not yet started), from the board."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QDialog, QFormLayout, QLineEdit, QSpinBox, QWidget
from referee_desk.forms import ShotClockFields, checked_form, licence_club_row, limited_line
from referee_desk.i18n import qt_translate

from referee_app.game.presets import CONTEXT as PRESET_CONTEXT
from referee_app.game.presets import PRESETS
from referee_app.game.vocab import BreakOrder, Scoring
from referee_app.venue.model import Assignment


class AssignDialog(QDialog):
    """Send a match to a table, with its set-up (clock, referee, licences and clubs, round); given
    `correcting`, the same form filled with an assignment not yet started, to write over it."""

    assigned = Signal(object)  # Assignment

    def __init__(self, parent: QWidget | None = None, table: str = "", correcting: Assignment | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("assignDialog")
        self.correcting = correcting
        self.setWindowTitle(self.tr("Send a match to a table") if correcting is None else self.tr("Correct a match"))
        form = QFormLayout()
        self.table = QLineEdit(table, self)
        self.table.setObjectName("assignTable")
        self.player_a = QLineEdit(self)
        self.player_a.setObjectName("assignPlayerA")
        self.player_b = QLineEdit(self)
        self.player_b.setObjectName("assignPlayerB")
        self.race = QSpinBox(self)
        self.race.setObjectName("assignRace")
        self.race.setRange(1, 99)
        self.race.setValue(7)
        self.rules = QComboBox(self)
        self.rules.setObjectName("assignRules")
        for preset in PRESETS.values():
            self.rules.addItem(qt_translate(PRESET_CONTEXT, preset.title), preset.name)
        self.break_order = QComboBox(self)
        self.break_order.setObjectName("assignBreakOrder")
        self.break_order.addItem(self.tr("Alternate breaks"), BreakOrder.ALTERNATE.value)
        self.break_order.addItem(self.tr("Winner breaks"), BreakOrder.WINNER.value)
        self.break_order.addItem(self.tr("Loser breaks"), BreakOrder.LOSER.value)
        self.scoring = QComboBox(self)
        self.scoring.setObjectName("assignScoring")
        self.scoring.addItem(self.tr("Every shot (a referee records each stroke)"), Scoring.SHOTS.value)
        self.scoring.addItem(self.tr("Racks only (no referee: who won each rack)"), Scoring.RACKS.value)
        self.event_name = QLineEdit(self)
        self.event_name.setObjectName("assignEvent")
        self.round = QLineEdit(self)
        self.round.setObjectName("assignRound")
        form.addRow(self.tr("Table:"), self.table)
        form.addRow(self.tr("Player A:"), self.player_a)
        form.addRow(self.tr("Player B:"), self.player_b)
        form.addRow(self.tr("Race to:"), self.race)
        form.addRow(self.tr("Rules:"), self.rules)
        form.addRow(self.tr("Breaks:"), self.break_order)
        form.addRow(self.tr("Scoring:"), self.scoring)
        self.clock = ShotClockFields(self, "assign")
        self.scoring.currentIndexChanged.connect(self._scoring_changed)
        self.referee = self._line("assignReferee", 200)
        self.referee.setPlaceholderText(self.tr("empty: the desk's referee"))
        self.licence_a, self.club_a = self._line("assignLicenceA", 40), self._line("assignClubA", 80)
        self.licence_b, self.club_b = self._line("assignLicenceB", 40), self._line("assignClubB", 80)
        form.addRow(self.tr("Licence, club (A):"), self._pair(self.licence_a, self.club_a))
        form.addRow(self.tr("Licence, club (B):"), self._pair(self.licence_b, self.club_b))
        self.clock.add_rows(
            form,
            self.tr("Shot clock"),
            (
                self.tr("Seconds a shot:"),
                self.tr("Seconds an extension:"),
                self.tr("Extensions per rack:"),
                self.tr("Seconds after the break:"),
            ),
        )
        form.addRow(self.tr("Event:"), self.event_name)
        form.addRow(self.tr("Round:"), self.round)
        form.addRow(self.tr("Referee:"), self.referee)
        if correcting is not None:
            self._fill(correcting)
        self.problem = checked_form(self, form, "assign", self._accept)

    def _by_racks(self) -> bool:
        return Scoring(self.scoring.currentData()) is Scoring.RACKS

    def _scoring_changed(self) -> None:
        """Racks only (a table with no referee): the desk records no stroke, so no shot clock."""
        if self._by_racks():
            self.clock.switch.setChecked(False)
        self.clock.switch.setEnabled(not self._by_racks())

    def _line(self, name: str, longest: int) -> QLineEdit:
        return limited_line(self, name, longest)

    def _pair(self, licence: QLineEdit, club: QLineEdit) -> QWidget:
        return licence_club_row(self, licence, club, self.tr("licence no."), self.tr("club"))

    def _fill(self, a: Assignment) -> None:
        self.table.setText(a.table)
        self.player_a.setText(a.players[0])
        self.player_b.setText(a.players[1])
        self.race.setValue(a.race_to)
        self.rules.setCurrentIndex(max(0, self.rules.findData(a.rules)))
        self.break_order.setCurrentIndex(max(0, self.break_order.findData(a.break_order)))
        self.event_name.setText(a.event)
        self.round.setText(a.round)
        self.referee.setText(a.referee)
        lines = (self.licence_a, self.licence_b, self.club_a, self.club_b)
        for line, text in zip(lines, (*a.licences, *a.clubs), strict=True):
            line.setText(text)
        self.clock.set_value(a.shot_clock)
        self.scoring.setCurrentIndex(max(0, self.scoring.findData(a.scoring.value)))

    def _accept(self) -> None:
        from referee_app.venue.model import new_assignment_id

        a, b, table = self.player_a.text().strip(), self.player_b.text().strip(), self.table.text().strip()
        if not table or not a or not b or a.casefold() == b.casefold():
            self.problem.setText(self.tr("A table and two different players are needed."))
            return
        clock = self.clock.value()
        self.assigned.emit(
            Assignment(
                new_assignment_id() if self.correcting is None else self.correcting.id,
                table,
                (a, b),
                self.race.value(),
                str(self.rules.currentData()),
                str(self.break_order.currentData()),
                self.event_name.text().strip(),
                self.round.text().strip(),
                clock,
                self.referee.text().strip(),
                (self.licence_a.text().strip(), self.licence_b.text().strip()),
                (self.club_a.text().strip(), self.club_b.text().strip()),
                scoring=Scoring(self.scoring.currentData()),
            )
        )
        self.accept()

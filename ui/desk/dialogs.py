"""Dialogs: a new match, and the referee's decisions (penalty, concession, stalemate, note).

Each is window-modal but opened with `open()`, never `exec()`, so the desk keeps
painting; each emits one event (or a match set-up) when confirmed.
"""

from __future__ import annotations

from itertools import pairwise

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QCompleter,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)
from referee_desk.desk import presenter
from referee_desk.forms import ShotClockFields, buttons, licence_club_row, limited_line
from referee_desk.i18n import qt_translate

from referee_app.game.events import Concede, Event, MatchStarted, Note, Penalty, Stalemate, Void
from referee_app.game.presets import CONTEXT as PRESET_CONTEXT
from referee_app.game.presets import PRESETS
from referee_app.game.rules import allowed
from referee_app.game.state import State
from referee_app.game.vocab import BreakOrder, PenaltyKind, Scoring, Seat


class NewMatchDialog(QDialog):
    created = Signal(object)  # MatchStarted

    def __init__(self, known_names: list[str], parent: QWidget | None = None, table: str = "", event: str = "") -> None:
        """`table` and `event`: a connected desk's, prefilled (the referee need not type them)."""
        super().__init__(parent)
        self.setObjectName("newMatchDialog")
        self.setWindowTitle(self.tr("New match"))
        form = QFormLayout()
        completer = QCompleter(sorted(set(known_names)), self)
        # completed in the field itself: Enter then accepts the dialog, not a suggestion in a popup
        completer.setCompletionMode(QCompleter.CompletionMode.InlineCompletion)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.player_a = QLineEdit(self)
        self.player_a.setObjectName("newPlayerA")
        self.player_a.setCompleter(completer)
        self.player_b = QLineEdit(self)
        self.player_b.setObjectName("newPlayerB")
        self.player_b.setCompleter(completer)
        self.race_to = QSpinBox(self)
        self.race_to.setObjectName("newRaceTo")
        self.race_to.setRange(1, 99)
        self.race_to.setValue(7)
        self.rules = QComboBox(self)
        self.rules.setObjectName("newRules")
        for preset in PRESETS.values():  # the core's table: a new preset needs nothing here
            self.rules.addItem(qt_translate(PRESET_CONTEXT, preset.title), preset.name)
        self.break_order = QComboBox(self)
        self.break_order.setObjectName("newBreakOrder")
        self.break_order.addItem(self.tr("alternate"), BreakOrder.ALTERNATE.value)
        self.break_order.addItem(self.tr("winner breaks"), BreakOrder.WINNER.value)
        self.break_order.addItem(self.tr("loser breaks"), BreakOrder.LOSER.value)
        self.scoring = QComboBox(self)
        self.scoring.setObjectName("newScoring")
        self.scoring.addItem(self.tr("Every shot (a referee records each stroke)"), Scoring.SHOTS.value)
        self.scoring.addItem(self.tr("Racks only (no referee: who won each rack)"), Scoring.RACKS.value)
        self.clock = ShotClockFields(self, "new")
        self.scoring.currentIndexChanged.connect(self._scoring_changed)
        self.event_name = self._line("newEvent")
        self.round = self._line("newRound")
        self.table = self._line("newTable")
        self.referee = self._line("newReferee")
        self.table.setText(table)
        self.event_name.setText(event)
        # licence and club, optional, for the sheet (spec 1.1 `licences`, `clubs`)
        self.licence_a, self.club_a = self._line("newLicenceA", 40), self._line("newClubA", 80)
        self.licence_b, self.club_b = self._line("newLicenceB", 40), self._line("newClubB", 80)
        form.addRow(self.tr("Player A"), self.player_a)
        form.addRow(self.tr("Licence, club (A)"), self._pair(self.licence_a, self.club_a))
        form.addRow(self.tr("Player B"), self.player_b)
        form.addRow(self.tr("Licence, club (B)"), self._pair(self.licence_b, self.club_b))
        form.addRow(self.tr("Race to"), self.race_to)
        form.addRow(self.tr("Rules"), self.rules)
        form.addRow(self.tr("Break order"), self.break_order)
        form.addRow(self.tr("Scoring"), self.scoring)
        self.clock.add_rows(
            form,
            self.tr("Shot clock"),
            (
                self.tr("Seconds a shot"),
                self.tr("Seconds an extension"),
                self.tr("Extensions per rack"),
                self.tr("Seconds after the break"),
            ),
        )
        form.addRow(self.tr("Event"), self.event_name)
        form.addRow(self.tr("Round"), self.round)
        form.addRow(self.tr("Table"), self.table)
        form.addRow(self.tr("Referee"), self.referee)
        self.error = QLabel(self)
        self.error.setObjectName("newMatchError")
        self.error.setStyleSheet("color: #c62828;")
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.error)
        layout.addWidget(buttons(self, "newMatchButtons"))
        # Tab follows the form from top to bottom, a player's licence and club right after the name
        # (typed in the order they are read, "PL-1234" went into player B's name).
        order: list[QWidget] = [
            self.player_a, self.licence_a, self.club_a, self.player_b, self.licence_b, self.club_b,
            self.race_to, self.rules, self.break_order, self.scoring, self.clock.switch, *self.clock.figures,
            self.event_name, self.round, self.table, self.referee,
        ]  # fmt: skip
        for before, after in pairwise(order):
            QWidget.setTabOrder(before, after)

    def _line(self, name: str, longest: int = 200) -> QLineEdit:
        return limited_line(self, name, longest)

    def _scoring(self) -> Scoring:
        return Scoring(self.scoring.currentData())

    def _scoring_changed(self) -> None:
        """Racks only: no stroke is recorded, so there is no shot clock to set (spec §2a)."""
        by_racks = self._scoring() is Scoring.RACKS
        if by_racks:
            self.clock.switch.setChecked(False)
        self.clock.switch.setEnabled(not by_racks)

    def _pair(self, licence: QLineEdit, club: QLineEdit) -> QWidget:
        return licence_club_row(self, licence, club, self.tr("licence no."), self.tr("club"))

    def setup(self) -> MatchStarted | None:
        a, b = self.player_a.text().strip(), self.player_b.text().strip()
        if not a or not b:
            self.error.setText(self.tr("Both players need a name."))
            return None
        if a == b:
            self.error.setText(self.tr("The two players need different names."))
            return None
        scoring = self._scoring()
        clock = self.clock.value() if scoring is Scoring.SHOTS else None
        return MatchStarted(
            players=(a[:80], b[:80]),
            race_to=self.race_to.value(),
            rules=str(self.rules.currentData()),
            break_order=BreakOrder(self.break_order.currentData()),
            shot_clock=clock,
            event=self.event_name.text().strip(),
            round=self.round.text().strip(),
            table=self.table.text().strip(),
            referee=self.referee.text().strip(),
            licences=(self.licence_a.text().strip(), self.licence_b.text().strip()),
            clubs=(self.club_a.text().strip(), self.club_b.text().strip()),
            scoring=scoring,
        )

    def accept(self) -> None:
        setup = self.setup()
        if setup is None:
            return
        self.created.emit(setup)
        super().accept()


class DecisionDialog(QDialog):
    """Confirm one referee decision; `decided` carries the event to record."""

    decided = Signal(object)  # Event

    def __init__(self, kind: str, state: State, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.kind = kind
        self.setObjectName(f"{kind}Dialog")
        layout = QVBoxLayout(self)
        self.question = QLabel(self)
        self.question.setWordWrap(True)
        layout.addWidget(self.question)
        self.player = QComboBox(self)
        self.player.setObjectName("decisionPlayer")
        for seat in Seat:
            self.player.addItem(presenter.name(state, seat), seat.value)
        if state.at_table is not None:
            self.player.setCurrentIndex(list(Seat).index(state.at_table))
        self.penalty = QComboBox(self)
        self.penalty.setObjectName("decisionPenalty")
        can = allowed(state)
        if state.by_racks:  # no foul is recorded by racks (spec §2a): the rules say which kinds remain
            kinds = [k for k, ok in zip(PenaltyKind, (False, can.penalty_rack, can.penalty_match), strict=True) if ok]
        else:
            kinds = list(PenaltyKind)
        for pk in kinds:
            self.penalty.addItem(presenter.tr_penalty(pk, qt_translate), pk.value)
        self.text = QLineEdit(self)
        self.text.setObjectName("decisionText")
        self.note = QPlainTextEdit(self)  # a protest or an incident takes several lines
        self.note.setObjectName("decisionNote")
        self.note.setTabChangesFocus(True)  # Tab reaches OK; Enter starts a new line
        layout.addWidget(self.player)
        layout.addWidget(self.penalty)
        layout.addWidget(self.text)
        layout.addWidget(self.note)
        layout.addWidget(buttons(self, "decisionButtons"))
        titles = {
            "penalty": (self.tr("Penalty"), self.tr("Against whom, what penalty, and why?")),
            "concede": (self.tr("Concession"), self.tr("Who concedes? Conceding loses the match.")),
            "stalemate": (
                self.tr("Stalemate"),
                self.tr("Declare a stalemate? The rack is void and the same player breaks again."),
            ),
            "note": (self.tr("Note"), self.tr("Note for the match sheet:")),
            "void": (
                self.tr("Void this match"),
                self.tr(
                    "Void {a} v {b}? A void match counts nowhere (results, statistics, the board); its log and "
                    "its sheet, marked void, stay. Why is it void?"
                ).format(a=state.setup.players[0], b=state.setup.players[1]),
            ),
        }
        title, question = titles[kind]
        self.setWindowTitle(title)
        self.question.setText(question)
        self.player.setVisible(kind in ("penalty", "concede"))
        self.penalty.setVisible(kind == "penalty")
        self.text.setVisible(kind in ("penalty", "void"))
        self.note.setVisible(kind == "note")
        self.text.setPlaceholderText(self.tr("reason") if kind == "penalty" else "")
        if kind == "void":
            self.text.setPlaceholderText(self.tr("started by mistake, wrong players…"))
            self.text.setFocus()

    def decision(self) -> Event:
        seat = Seat(self.player.currentData())
        if self.kind == "penalty":
            return Penalty(
                player=seat, penalty=PenaltyKind(self.penalty.currentData()), reason=self.text.text().strip()
            )
        if self.kind == "concede":
            return Concede(player=seat)
        if self.kind == "stalemate":
            return Stalemate()
        if self.kind == "void":
            return Void(reason=self.text.text().strip())
        return Note(text=self.note.toPlainText().strip())

    def accept(self) -> None:
        if self.kind == "void" and not self.text.text().strip():
            self.question.setStyleSheet("color: #b71c1c;")  # the reason is what the sheet will say
            self.text.setFocus()
            return
        self.decided.emit(self.decision())
        super().accept()


class KeysDialog(QDialog):
    """Every key of the desk in one chart (Help menu), with this keyboard's keys (QWERTY or AZERTY)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem
        from referee_desk.desk import keyboard

        super().__init__(parent)
        self.setObjectName("keysDialog")
        self.setWindowTitle(self.tr("The desk's keys"))
        fewer, more = keyboard.count_keys()
        digits = " ".join(keyboard.digit_keys(d)[0] for d in (*range(1, 10), 0))
        rows = [
            ("A / B", self.tr("Lag won by player A / B (O: the winner lets the other break; R: re-lag)")),
            (digits, self.tr("The loser's lag faults; on the shot panel, the called ball (10 on the last key)")),
            (keyboard.plus_keys()[0], self.tr("A ball that dropped: its number, then its pocket")),
            (f"{fewer[0]} {more[0]}", self.tr("Balls to a cushion on the break: first 3 / 4, then one fewer / more")),
            (self.tr("Enter"), self.tr("Record the break (a dry break: count, then Enter); called ball made")),
            ("C", self.tr("Scratch (on the break: a foul break, the panel says so before Enter)")),
            (keyboard.key_hint(), self.tr("The called pocket, as the table is drawn")),
            ("M / X / P", self.tr("Miss / safety / push-out (Shift+P then a foul's key: a push-out with a foul)")),
            ("C B N T, F1…F8", self.tr("Fouls: scratch, wrong ball first, no rail, shot clock, the referee's")),
            (self.tr("Enter / H"), self.tr("After a push-out or a wrongful pocket: shoot / hand the table back")),
            ("G", self.tr("Warning given (a player on two fouls)")),
            ("A / B, R T F, S", self.tr("Racks only: rack won by A / B (first R, T or F for another way); stalemate")),
            ("Shift+A / Shift+B", self.tr("When the match is over: player A / B signs the result")),
            ("K, Ctrl+E", self.tr("Start, pause or resume the shot clock; an extension")),
            (self.tr("Backspace"), self.tr("Undo the last event (asks when the score changes)")),
            ("Ctrl+Shift+Z", self.tr("Record the undone event again")),
            ("P / N", self.tr("When the match is over: its sheet / a new match")),
            ("Ctrl+N, Ctrl+O", self.tr("A new match; the Matches page (Esc: back to the desk)")),
            ("Ctrl+Shift+P / C / S, Ctrl+T", self.tr("Penalty, concession, stalemate, note")),
            ("Ctrl+Shift+K", self.tr("The shot clock for the players")),
        ]
        table = QTableWidget(len(rows), 2, self)
        table.setObjectName("keysTable")
        table.setHorizontalHeaderLabels([self.tr("Key"), self.tr("What it records or does")])
        table.verticalHeader().hide()
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        for r, (key, what) in enumerate(rows):
            table.setItem(r, 0, QTableWidgetItem(key))
            table.setItem(r, 1, QTableWidgetItem(what))
        table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        layout = QVBoxLayout(self)
        layout.addWidget(table)
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        box.rejected.connect(self.reject)
        layout.addWidget(box)
        self.resize(900, 560)

"""The action panels, one per thing the desk can be waiting for (lag, break, shot, option).

A panel turns presses into one event and hands it to `record`; it holds no
rule. What it may offer comes from `rules.allowed(state)`.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QPaintEvent, QPalette
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QStyle,
    QStyleOptionButton,
    QStylePainter,
    QVBoxLayout,
    QWidget,
)
from referee_desk.desk import keyboard, presenter
from referee_desk.desk.keys import KeyButton, KeyCheckBox
from referee_desk.desk.pickers import BallRow, DroppedDialog, PocketGrid, pocket_text
from referee_desk.i18n import qt_translate
from referee_desk.theme import text_style

from referee_app.game.events import (
    SAFETY,
    BallPocket,
    Break,
    Event,
    Lag,
    Option,
    PushOut,
    RackWon,
    Relag,
    Shot,
    Signed,
    Stalemate,
)
from referee_app.game.labels import lag_fault_label
from referee_app.game.rules import LISTABLE_ON_BREAK, LISTABLE_ON_SHOT, allowed
from referee_app.game.state import State
from referee_app.game.vocab import Choice, CueBallFate, Foul, LagFault, Pocket, RackHow, Seat

Record = Callable[[Event], bool]

FOUL_KEYS: dict[Foul, str] = {  # a key for every foul the rules let a referee list
    Foul.SCRATCH: "C",
    Foul.WRONG_BALL_FIRST: "B",
    Foul.NO_RAIL: "N",
    Foul.SHOT_CLOCK: "T",
    Foul.DOUBLE_HIT: "F1",
    Foul.PUSH_SHOT: "F2",
    Foul.BALLS_MOVING: "F3",
    Foul.TOUCHED_BALL: "F4",
    Foul.NO_FOOT_ON_FLOOR: "F5",
    Foul.JUMP_MISCUE: "F6",
    Foul.BAD_CUE_BALL_PLACEMENT: "F7",
    Foul.CUE_ON_TABLE: "F8",
}


def _button(parent: QWidget, name: str, key: str | None = None) -> KeyButton:
    button = KeyButton(key, parent, name)
    button.setMinimumHeight(34)
    # Let long labels (French ones are) give way rather than push the window off the screen.
    button.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
    return button


class NamedButton(KeyButton):
    """A button whose words carry a player's name: painted with a long name shortened (…) to the
    button's width, never the key or the words around it. A name wider than half the screen (in
    French, in the desk's large type) was cut at both ends, "aximilien Delacroix-Beaumo". Its
    `text()` stays whole (what is read out, and what tests read); only the painting fits."""

    def __init__(self, parent: QWidget, name: str, key: str | None = None) -> None:
        super().__init__(key, parent, name)
        self.setMinimumHeight(34)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.player = ""

    def set_named(self, words: str, player: str) -> None:
        """`words` (translated, formatted) that carry `player`'s name somewhere."""
        self.player = player
        self.setText(words)

    def painted_text(self) -> str:
        """The words as painted now: the name shortened until the widest line fits (at this width, in this type)."""
        words, player = self.text(), self.player
        metrics = self.fontMetrics()
        room = self.width() - 2 * metrics.horizontalAdvance("M")  # the frame and the margins
        lines = words.split("\n")
        at = next((i for i, line in enumerate(lines) if player and player in line), None)
        if at is None or metrics.horizontalAdvance(lines[at]) <= room:
            return words
        around = metrics.horizontalAdvance(lines[at].replace(player, "", 1))
        short = metrics.elidedText(player, Qt.TextElideMode.ElideRight, max(room - around, 0)) or player[:1] + "…"
        lines[at] = lines[at].replace(player, short, 1)
        return "\n".join(lines)

    def paintEvent(self, event: QPaintEvent) -> None:
        option = QStyleOptionButton()
        self.initStyleOption(option)
        option.text = self.painted_text()
        painter = QStylePainter(self)
        painter.drawControl(QStyle.ControlElement.CE_PushButton, option)
        painter.end()


class DroppedList(QWidget):
    """Balls that dropped (or left the table) besides the call, built with a small dialog."""

    def __init__(self, prefix: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.prefix = prefix
        self.on_table: frozenset[int] = frozenset()
        self.pocketed: list[BallPocket] = []
        self.off_table: list[int] = []
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.label = QLabel(self)
        self.label.setObjectName(f"{prefix}DroppedLabel")
        self.add = _button(self, f"{prefix}AddDropped", "+")
        self.add.clicked.connect(self.open_picker)
        self.clear_button = _button(self, f"{prefix}ClearDropped", "Shift+Del")
        self.clear_button.clicked.connect(self.clear)
        for button in (self.add, self.clear_button):  # beside a stretching label: keep their width
            button.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.add)
        layout.addWidget(self.clear_button)
        self.dialog: DroppedDialog | None = None
        self.on_change: Callable[[], None] = lambda: None
        self.retranslate()

    def retranslate(self) -> None:
        keys = keyboard.plus_keys()
        self.add.set_keys(keys)
        self.add.setText(self.tr("Ball down… [{key}]").format(key=keys[0]))
        self.clear_button.setText(self.tr("Clear [Shift+Del]"))
        self._show()

    def open_picker(self) -> None:
        taken = {p.ball for p in self.pocketed} | set(self.off_table)
        self.dialog = DroppedDialog(self.on_table - taken, self.window())
        self.dialog.chosen.connect(self._chosen)
        self.dialog.open()

    def _chosen(self, ball: int, pocket: str) -> None:
        if pocket == "off":
            self.off_table.append(ball)
        else:
            self.pocketed.append(BallPocket(ball, Pocket(pocket)))
        self._show()

    def clear(self) -> None:
        self.pocketed.clear()
        self.off_table.clear()
        self._show()

    def _show(self) -> None:
        parts = [f"{p.ball} ({pocket_text(p.pocket)})" for p in self.pocketed]
        parts += [self.tr("{ball} off the table").format(ball=b) for b in self.off_table]
        self.label.setText(self.tr("Also down: {balls}").format(balls=", ".join(parts) if parts else "—"))
        self.on_change()


class LagPanel(QWidget):
    def __init__(self, record: Record, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("lagPanel")
        self.record = record
        self.state: State | None = None
        layout = QVBoxLayout(self)
        self.question = QLabel(self)
        self.question.setObjectName("lagQuestion")
        layout.addWidget(self.question)
        row = QHBoxLayout()
        self.won = {seat: NamedButton(self, f"lagWon{seat.value}", seat.value) for seat in Seat}
        for seat, button in self.won.items():
            button.clicked.connect(lambda _=False, s=seat: self._won(s))
            row.addWidget(button)
        layout.addLayout(row)
        self.lets_opponent_break = KeyCheckBox("O", self, "lagOpponentBreaks")
        layout.addWidget(self.lets_opponent_break)
        self.faults_label = QLabel(self)
        layout.addWidget(self.faults_label)
        grid = QGridLayout()
        self.faults: dict[LagFault, KeyCheckBox] = {}
        for i, fault in enumerate(LagFault):
            box = KeyCheckBox(str(i + 1), self, f"lagFault_{fault.value}")
            self.faults[fault] = box
            grid.addWidget(box, i // 2, i % 2)
        layout.addLayout(grid)
        self.relag = _button(self, "relagButton", "R")
        self.relag.clicked.connect(self._relag)
        layout.addWidget(self.relag)
        layout.addStretch(1)
        self.retranslate()

    def retranslate(self) -> None:
        self.question.setText(self.tr("Who won the lag? The winner chooses who breaks."))
        self.lets_opponent_break.setText(self.tr("The winner lets the opponent break [O]"))
        self.faults_label.setText(self.tr("Lag faults of the loser (for the sheet):"))
        for i, (fault, box) in enumerate(self.faults.items()):
            box.set_keys(keyboard.digit_keys(i + 1))
            box.setText(f"{lag_fault_label(fault, qt_translate)} [{box.key.replace('&', '&&')}]")
        self.relag.setText(self.tr("Re-lag [R]"))
        self.show_state(self.state)

    def show_state(self, state: State | None) -> None:
        self.state = state
        for seat, button in self.won.items():
            who = presenter.name(state, seat) if state else seat.value
            button.set_named(self.tr("{name} won the lag [{key}]").format(name=who, key=seat.value), who)

    def _won(self, winner: Seat) -> None:
        breaker = winner.other if self.lets_opponent_break.isChecked() else winner
        codes = tuple(f for f, box in self.faults.items() if box.isChecked())
        faults = ((winner.other, codes),) if codes else ()
        if self.record(Lag(winner=winner, breaker=breaker, faults=faults)):
            self._clear()

    def _relag(self) -> None:
        """A re-lag; the boxes ticked, if any, say why."""
        reason = ", ".join(lag_fault_label(f, qt_translate) for f, box in self.faults.items() if box.isChecked())
        if self.record(Relag(reason=reason)):
            self._clear()  # the faults were the last lag's: the next one starts with none

    def _clear(self) -> None:
        self.lets_opponent_break.setChecked(False)
        for box in self.faults.values():
            box.setChecked(False)


NOT_COUNTED = -1
"""The count's value before the referee has counted (shown as "not counted", never recorded)."""
COUNT_FROM = 4
"""The first ] says 4: the count both presets' legal break is measured against."""


class BreakPanel(QWidget):
    def __init__(self, record: Record, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("breakPanel")
        self.record = record
        self.refused: Callable[[str], None] = lambda text: None
        """Where the panel says why Enter recorded nothing (the desk's notice)."""
        self.state: State | None = None
        self.rails_counted = False
        layout = QVBoxLayout(self)
        self.dropped = DroppedList("break", self)
        layout.addWidget(self.dropped)
        form = QGridLayout()
        self.rails_label = QLabel(self)
        self.rails = QSpinBox(self)
        self.rails.setObjectName("breakRails")
        # The log has no "not counted" (a break's `rails` defaults to 4, the legal threshold), so the
        # count starts empty and the break is recorded only once the referee has set it.
        self.rails.setRange(NOT_COUNTED, 10)
        self.rails.setValue(NOT_COUNTED)
        self.rails.valueChanged.connect(self._rails_changed)
        self.rails_down = _button(self, "breakRailsDown", "[")
        self.rails_down.clicked.connect(lambda: self._count(-1))
        self.rails_up = _button(self, "breakRailsUp", "]")
        self.rails_up.clicked.connect(lambda: self._count(+1))
        form.addWidget(self.rails_label, 0, 0)
        form.addWidget(self.rails, 0, 1)
        form.addWidget(self.rails_down, 0, 2)
        form.addWidget(self.rails_up, 0, 3)
        self.first_label = QLabel(self)
        self.first_contact = QComboBox(self)
        self.first_contact.setObjectName("breakFirstContact")
        form.addWidget(self.first_label, 1, 0)
        form.addWidget(self.first_contact, 1, 1, 1, 3)
        self.cue_label = QLabel(self)
        self.cue_ball = QComboBox(self)
        self.cue_ball.setObjectName("breakCueBall")
        form.addWidget(self.cue_label, 2, 0)
        form.addWidget(self.cue_ball, 2, 1, 1, 2)
        self.scratch = _button(self, "breakScratch", "C")
        self.scratch.clicked.connect(lambda: self.cue_ball.setCurrentIndex(1))
        self.scratch.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)  # its column's width
        form.addWidget(self.scratch, 2, 3)
        self.announce_label = QLabel(self)
        self.announce = QComboBox(self)
        self.announce.setObjectName("breakAnnounce")
        self.announce_key = _button(self, "breakAnnounceKey", "0")
        self.announce_key.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.announce_key.clicked.connect(self.pick_announcement)
        form.addWidget(self.announce_label, 3, 0)
        form.addWidget(self.announce, 3, 1, 1, 2)
        form.addWidget(self.announce_key, 3, 3)
        layout.addLayout(form)
        fouls = QGridLayout()
        self.fouls: dict[Foul, QPushButton] = {}
        for i, foul in enumerate(LISTABLE_ON_BREAK):
            button = _button(self, f"breakFoul_{foul.value}", FOUL_KEYS[foul])
            button.setCheckable(True)
            self.fouls[foul] = button
            fouls.addWidget(button, i // 3, i % 3)
        layout.addLayout(fouls)
        self.preview = QLabel(self)
        self.preview.setObjectName("breakPreview")
        self.preview.setWordWrap(True)
        text_style(self.preview, 15, bold=True, colour="#ffd54a")
        self.preview.setMinimumHeight(2 * self.preview.fontMetrics().lineSpacing())
        layout.addWidget(self.preview)
        self.go = _button(self, "recordBreak", "Return")
        text_style(self.go, 18, bold=True)
        self.go.clicked.connect(self.submit)
        layout.addWidget(self.go)
        layout.addStretch(1)
        self.retranslate()
        for combo in (self.first_contact, self.cue_ball, self.announce):
            combo.currentIndexChanged.connect(self._show_preview)
        for foul_button in self.fouls.values():
            foul_button.toggled.connect(self._show_preview)
        self.dropped.on_change = self._show_preview
        self._mark_rails()

    def retranslate(self) -> None:
        self.rails_label.setText(self.tr("Balls to a cushion:"))
        self.first_label.setText(self.tr("First ball hit:"))
        self.first_contact.clear()
        self.first_contact.addItem(self.tr("the 1"), 1)
        for ball in range(2, 11):
            self.first_contact.addItem(self.tr("the {ball} (foul)").format(ball=ball), ball)
        self.first_contact.addItem(self.tr("no ball (foul)"), None)
        self.cue_label.setText(self.tr("Cue ball:"))
        self.cue_ball.clear()
        self.cue_ball.addItem(self.tr("on the table"), CueBallFate.TABLE.value)
        self.cue_ball.addItem(self.tr("pocketed (scratch)"), CueBallFate.POCKETED.value)
        self.cue_ball.addItem(self.tr("off the table"), CueBallFate.OFF_TABLE.value)
        self.scratch.setText(self.tr("Scratch [C]"))
        self.announce_label.setText(self.tr("10 announced in:"))
        self.announce.clear()
        self.announce.addItem(self.tr("no announcement"), None)
        for pocket in Pocket:
            self.announce.addItem(pocket_text(pocket), pocket.value)
        for foul, button in self.fouls.items():
            button.setText(f"{presenter.foul_label(foul, qt_translate)} [{FOUL_KEYS[foul]}]")
        fewer, more = keyboard.count_keys()
        for button, keys, sign in ((self.rails_down, fewer, "−"), (self.rails_up, more, "+")):
            button.set_keys(keys)
            button.setText(f"{sign} {keys[0]}")
        announce = keyboard.digit_keys(0)
        self.announce_key.set_keys(announce)
        self.announce_key.setText(self.tr("Announce… [{key}]").format(key=announce[0]))
        self.go.setText(self.tr("Record the break [Enter]"))
        self.dropped.retranslate()
        self._mark_rails()
        self._show_preview()

    def show_state(self, state: State) -> None:
        self.state = state
        self.dropped.on_table = state.balls_on_table
        can = allowed(state)
        self.announce.setVisible(can.call_on_break)
        self.announce_label.setVisible(can.call_on_break)
        self.announce_key.setVisible(can.call_on_break)
        for foul, button in self.fouls.items():
            button.setVisible(foul in can.break_fouls)
        self._show_preview()

    def _count(self, step: int) -> None:
        """[ and ]: from "not counted", ] says "4 or more" (the threshold, counted) and [ says 3;
        then each press moves the count by one."""
        value = self.rails.value()
        if value == NOT_COUNTED:
            self.rails.setValue(COUNT_FROM + (0 if step > 0 else -1))
        else:
            self.rails.setValue(max(0, value + step))

    def _rails_changed(self) -> None:
        if self.rails.value() == NOT_COUNTED and self.rails_counted:
            self.rails.setValue(0)  # once counted, the wheel does not take the count back to "not counted"
            return
        self.rails_counted = self.rails.value() != NOT_COUNTED
        self._mark_rails()
        self._show_preview()

    def _mark_rails(self) -> None:
        """Until the referee counts, the count is outlined and says so."""
        self.rails.setSpecialValueText(self.tr("not counted"))
        self.rails.setStyleSheet("" if self.rails_counted else "QSpinBox { border: 2px solid #ffd54a; }")
        fewer, more = keyboard.count_keys()
        self.rails.setToolTip(
            ""
            if self.rails_counted
            else self.tr("Not counted yet: {fewer} and {more} change it").format(fewer=fewer[0], more=more[0])
        )

    def _count_first(self) -> str:
        fewer, more = keyboard.count_keys()
        return self.tr("Balls to a cushion not counted: count them first ({more} for {n}, {fewer} for {m}).").format(
            more=more[0], n=COUNT_FROM, fewer=fewer[0], m=COUNT_FROM - 1
        )

    def _show_preview(self) -> None:
        if self.state is None or self.cue_ball.currentIndex() < 0 or self.first_contact.currentIndex() < 0:
            return  # between the clearing and the refilling of a combo (a language switch)
        if not self.rails_counted:
            self.preview.setText(self._count_first())
            return
        self.preview.setText(presenter.break_preview(self.state, self._event(), qt_translate))

    def pick_announcement(self) -> None:
        """The FFB announcement by key: 0, then the pocket's key."""
        from referee_desk.desk.pickers import AnnounceDialog

        self.announce_dialog = AnnounceDialog(self.window())
        self.announce_dialog.chosen.connect(self._announced)
        self.announce_dialog.open()

    def _announced(self, pocket: str) -> None:
        self.announce.setCurrentIndex(self.announce.findData(pocket) if pocket else 0)

    def reset(self) -> None:
        self.dropped.clear()
        self.rails_counted = False
        self.rails.blockSignals(True)
        self.rails.setValue(NOT_COUNTED)
        self.rails.blockSignals(False)
        self._mark_rails()
        self.first_contact.setCurrentIndex(0)
        self.cue_ball.setCurrentIndex(0)
        self.announce.setCurrentIndex(0)
        for button in self.fouls.values():
            button.setChecked(False)

    def _event(self) -> Break:
        announced = self.announce.currentData()
        return Break(
            first_contact=self.first_contact.currentData(),
            rails=max(0, self.rails.value()),
            pocketed=tuple(self.dropped.pocketed),
            off_table=tuple(self.dropped.off_table),
            cue_ball=CueBallFate(self.cue_ball.currentData()),
            fouls=tuple(f for f, b in self.fouls.items() if b.isChecked() and not b.isHidden()),
            call=BallPocket(10, Pocket(announced)) if announced and not self.announce.isHidden() else None,
        )

    def submit(self) -> None:
        if not self.rails_counted:
            self.refused(self._count_first())
            return
        if self.record(self._event()):
            self.reset()


class ShotPanel(QWidget):
    """Call (ball and pocket), then the result: made, miss, safety, push-out, or a foul."""

    def __init__(self, record: Record, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("shotPanel")
        self.record = record
        self.refused: Callable[[str], None] = lambda text: None
        """Where the panel says a stroke was not recorded (the desk's notice): a referee typing ahead
        does not read the call line, and a miss taken silently credits the next run to the wrong player."""
        self.state: State | None = None
        self.call_ball: int | None = None
        self.call_pocket: Pocket | None = None
        self.on_call_changed: Callable[[], None] = lambda: None
        layout = QVBoxLayout(self)
        self.call_label = QLabel(self)
        self.call_label.setObjectName("callLabel")
        text_style(self.call_label, 20, bold=True)
        self.call_label.setWordWrap(True)  # a long hint (French runs long) wraps, never widening the desk
        layout.addWidget(self.call_label)
        self.balls = BallRow("callBall", parent=self)
        self.balls.picked.connect(self.pick_ball)
        layout.addWidget(self.balls)
        self.pockets = PocketGrid("pocket", parent=self)
        self.pockets.picked.connect(lambda p: self.pick_pocket(Pocket(p)))
        layout.addWidget(self.pockets)
        self.dropped = DroppedList("shot", self)
        layout.addWidget(self.dropped)
        results = QHBoxLayout()
        self.made = _button(self, "madeButton", "Return")
        text_style(self.made, 16, bold=True)
        self.made.clicked.connect(self.submit_made)
        self.miss = _button(self, "missButton", "M")
        self.miss.clicked.connect(self.submit_miss)
        self.safety = _button(self, "safetyButton", "X")
        self.safety.clicked.connect(self.submit_safety)
        self.push_out = _button(self, "pushOutButton", "P")
        self.push_out.clicked.connect(self.submit_push_out)
        # the shot's most frequent result gets twice the room, so its label is never cut off
        # when the push-out button (which comes and goes) shares the row
        results.addWidget(self.made, 2)
        for button in (self.miss, self.safety, self.push_out):
            results.addWidget(button, 1)
        layout.addLayout(results)
        foul_row = QHBoxLayout()
        self.fouls_label = QLabel(self)
        foul_row.addWidget(self.fouls_label, 1)
        # A foul during the push-out (Shift+P, then the foul's key) is a push-out, in the
        # log and the statistics, and a standard foul (rule book §4)
        self.push_foul = _button(self, "pushOutFoulButton", "Shift+P")
        self.push_foul.setCheckable(True)
        self.push_foul.toggled.connect(self._push_foul_toggled)
        self.push_foul.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        foul_row.addWidget(self.push_foul)
        layout.addLayout(foul_row)
        grid = QGridLayout()
        self.fouls: dict[Foul, QPushButton] = {}
        for i, foul in enumerate(LISTABLE_ON_SHOT):
            button = _button(self, f"foul_{foul.value}", FOUL_KEYS[foul])
            button.clicked.connect(lambda _=False, f=foul: self.submit_foul(f))
            self.fouls[foul] = button
            grid.addWidget(button, i // 3, i % 3)
        layout.addLayout(grid)
        layout.addStretch(1)
        self.retranslate()

    def retranslate(self) -> None:
        self.made.setText(self.tr("Called ball made [Enter]"))
        self.miss.setText(self.tr("Miss [M]"))
        self.safety.setText(self.tr("Safety [X]"))
        self.push_out.setText(self.tr("Push-out [P]"))
        self.push_foul.setText(self.tr("Push-out with a foul [Shift+P]"))
        self.fouls_label.setText(self.tr("Foul (ball in hand for the opponent):"))
        for foul, button in self.fouls.items():
            button.setText(f"{presenter.foul_label(foul, qt_translate)} [{FOUL_KEYS[foul]}]")
        self.dropped.retranslate()
        self._show_call()

    def show_state(self, state: State) -> None:
        if (
            self.state is None
            or state.balls_on_table != self.state.balls_on_table
            or state.at_table != self.state.at_table
        ):
            self.reset(state)
        self.state = state
        self.dropped.on_table = state.balls_on_table
        self.balls.set_balls(state.balls_on_table, self.call_ball)
        can = allowed(state)
        self.push_out.setVisible(can.push_out)
        self.push_foul.setVisible(can.push_out)
        if not can.push_out:
            self.push_foul.setChecked(False)
        for foul, button in self.fouls.items():
            button.setVisible(foul in can.shot_fouls)
        self._show_call()

    def _push_foul_toggled(self, on: bool) -> None:
        """A push-out with a foul: the prompt asks which foul, and the fouls that do not apply to a
        push-out (wrong ball first, no rail: rule book §4) are not offered."""
        for foul in (Foul.WRONG_BALL_FIRST, Foul.NO_RAIL):
            self.fouls[foul].setEnabled(not on)
        self._show_call()

    def reset(self, state: State) -> None:
        self.call_ball = state.lowest_ball
        self.call_pocket = None
        self.dropped.clear()

    def pick_ball(self, ball: int) -> None:
        self.call_ball = ball
        self.balls.set_balls(self.state.balls_on_table if self.state else frozenset(), ball)
        self._show_call()

    def pick_pocket(self, pocket: Pocket) -> None:
        self.call_pocket = pocket
        self._show_call()

    def _show_call(self) -> None:
        self.pockets.set_selected(self.call_pocket)
        pocket = pocket_text(self.call_pocket) if self.call_pocket else "?"
        ball = self.call_ball if self.call_ball is not None else "?"
        if self.push_foul.isChecked() and not self.push_foul.isHidden():
            self.call_label.setText(self.tr("Push-out with a foul: which foul?"))
        else:
            self.call_label.setText(self.tr("Call: {ball} in {pocket}").format(ball=ball, pocket=pocket))
        self.on_call_changed()

    def _call(self) -> BallPocket | None:
        if self.call_ball is None or self.call_pocket is None:
            return None
        return BallPocket(self.call_ball, self.call_pocket)

    def _need_pocket(self) -> bool:
        if self._call() is None:
            why = self.tr("Choose the called pocket first (keys {keys}, or click it).").format(keys=keyboard.key_hint())
            self.call_label.setText(why)
            self.refused(self.tr("Not recorded: {why}").format(why=why))
            return True
        return False

    def _shot(self, call: BallPocket | str, pocketed: tuple[BallPocket, ...], **facts: object) -> None:
        event = Shot(call=call, pocketed=pocketed, off_table=tuple(self.dropped.off_table), **facts)  # type: ignore[arg-type]
        if self.record(event) and self.state is not None:
            self.reset(self.state)
            # the call's button too: a spotted 10 leaves the same balls on the table, and its button
            # stayed lit after the call was reset
            self.balls.set_balls(self.state.balls_on_table, self.call_ball)
            self._show_call()

    def submit_made(self) -> None:
        if self._need_pocket():
            return
        call = self._call()
        assert call is not None
        self._shot(call, (call, *self.dropped.pocketed))

    def submit_miss(self) -> None:
        if self._need_pocket():
            return
        call = self._call()
        assert call is not None
        self._shot(call, tuple(self.dropped.pocketed))

    def submit_safety(self) -> None:
        self._shot(SAFETY, tuple(self.dropped.pocketed))

    def submit_foul(self, foul: Foul) -> None:
        # a scratch is a fact (the cue ball's fate), the others are listed fouls: the same for both strokes
        facts = {"cue_ball": CueBallFate.POCKETED} if foul is Foul.SCRATCH else {"fouls": (foul,)}
        if self.push_foul.isChecked() and not self.push_foul.isHidden():
            self._push_out(**facts)
        else:
            self._shot(self._call() or SAFETY, tuple(self.dropped.pocketed), **facts)

    def submit_push_out(self) -> None:
        self._push_out()

    def _push_out(self, **facts: object) -> None:
        event = PushOut(pocketed=tuple(self.dropped.pocketed), off_table=tuple(self.dropped.off_table), **facts)  # type: ignore[arg-type]
        if self.record(event) and self.state is not None:
            self.push_foul.setChecked(False)
            self.reset(self.state)


class OptionPanel(QWidget):
    def __init__(self, record: Record, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("optionPanel")
        self.record = record
        layout = QVBoxLayout(self)
        self.prompt = QLabel(self)
        self.prompt.setObjectName("optionPrompt")
        self.prompt.setWordWrap(True)
        text_style(self.prompt, 22, bold=True)
        layout.addWidget(self.prompt)
        self.shoot = _button(self, "optionShoot", "Return")
        self.shoot.clicked.connect(lambda: self.record(Option(choice=Choice.SHOOT)))
        self.hand_back = _button(self, "optionHandBack", "H")
        self.hand_back.clicked.connect(lambda: self.record(Option(choice=Choice.HAND_BACK)))
        for button in (self.shoot, self.hand_back):
            button.setMinimumHeight(64)
            text_style(button, 20)
            layout.addWidget(button)
        layout.addStretch(1)
        self.retranslate()

    def retranslate(self) -> None:
        self.shoot.setText(self.tr("Shoot from here [Enter]"))
        self.hand_back.setText(self.tr("Hand the table back [H]"))

    def show_state(self, state: State) -> None:
        self.prompt.setText(presenter.prompt_line(state, qt_translate))


RACK_WAY_KEYS: dict[RackHow, str] = {
    RackHow.BREAK_AND_RUN: "R",
    RackHow.TEN_ON_BREAK: "T",
    RackHow.THREE_FOULS: "F",
}
"""The less common ways a rack is won (spec §2a), each a toggle the next "rack won" key takes."""

CHOSEN_WAY = QColor("#ffd54a")
"""A way chosen for the next rack stands out from two metres: the desk's yellow, dark type on it."""


class RackPanel(QWidget):
    """Rack scoring (spec 1.3 §2a): one big button per player for the rack won, the less common
    ways one toggle away, and the stalemate. Which (player, way) can be recorded comes from
    `rules.allowed(state).rack_ways`: the panel holds no rule."""

    def __init__(self, record: Record, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("rackPanel")
        self.record = record
        self.state: State | None = None
        layout = QVBoxLayout(self)
        self.prompt = QLabel(self)
        self.prompt.setObjectName("rackPrompt")
        self.prompt.setWordWrap(True)
        text_style(self.prompt, 20, bold=True)
        layout.addWidget(self.prompt)
        row = QHBoxLayout()
        self.won: dict[Seat, NamedButton] = {}
        for seat in Seat:
            button = NamedButton(self, f"rackWon{seat.value}", seat.value)
            button.setMinimumHeight(120)
            text_style(button, 24, bold=True)
            button.clicked.connect(lambda _=False, s=seat: self._won(s))
            self.won[seat] = button
            row.addWidget(button)
        layout.addLayout(row)
        self.ways_label = QLabel(self)
        self.ways_label.setObjectName("rackWaysLabel")
        self.ways_label.setWordWrap(True)
        layout.addWidget(self.ways_label)
        ways = QHBoxLayout()
        self.ways: dict[RackHow, KeyButton] = {}
        self.way_labels: dict[RackHow, str] = {}
        for how, key in RACK_WAY_KEYS.items():
            way = _button(self, f"rackWay_{how.value}", key)
            way.setCheckable(True)
            way.toggled.connect(lambda on, h=how: self._way_toggled(h, on))
            self.ways[how] = way
            ways.addWidget(way)
        layout.addLayout(ways)
        self.stalemate = _button(self, "rackStalemate", "S")
        self.stalemate.clicked.connect(self._stalemate)
        layout.addWidget(self.stalemate)
        layout.addStretch(1)
        self.retranslate()

    def retranslate(self) -> None:
        self.ways_label.setText(self.tr("Not an ordinary rack? Choose how it was won first, then the winner's button:"))
        self.way_labels = {
            RackHow.BREAK_AND_RUN: self.tr("Break-and-run [R]"),
            RackHow.TEN_ON_BREAK: self.tr("10 on the break [T]"),
            RackHow.THREE_FOULS: self.tr("Three fouls by the opponent [F]"),
        }
        self._mark_ways()
        self.stalemate.setText(self.tr("Stalemate: the rack is replayed [S]"))
        if self.state is not None:
            self.show_state(self.state)

    def how(self) -> RackHow:
        """The way chosen for the next rack (the 10, unless a toggle is down)."""
        return next((how for how, button in self.ways.items() if button.isChecked()), RackHow.TEN)

    def show_state(self, state: State) -> None:
        self.state = state
        can = allowed(state)
        self.prompt.setText(presenter.prompt_line(state, qt_translate))
        for how, button in self.ways.items():
            possible = any(way is how for _, way in can.rack_ways)
            button.setVisible(possible)
            if not possible and button.isChecked():
                button.setChecked(False)
        how = self.how()
        for seat, button in self.won.items():
            button.setEnabled((seat, how) in can.rack_ways)
            button.set_named(
                self.tr("{name}\nwon the rack [{key}]").format(name=presenter.name(state, seat), key=seat.value),
                presenter.name(state, seat),
            )
        self.stalemate.setEnabled(can.stalemate)

    def _way_toggled(self, how: RackHow, on: bool) -> None:
        if on:  # one way at a time
            for other, button in self.ways.items():
                if other is not how and button.isChecked():
                    button.setChecked(False)
        self._mark_ways()
        if self.state is not None:
            self.show_state(self.state)

    def _mark_ways(self) -> None:
        """The chosen way in yellow with a check mark: a toggle pressed in grey on grey was not
        seen from the table, and the next "rack won" key would take it unnoticed."""
        chosen = QPalette()  # only these two roles: the rest is inherited, as an empty palette gives back
        chosen.setColor(QPalette.ColorRole.Button, CHOSEN_WAY)
        chosen.setColor(QPalette.ColorRole.ButtonText, QColor("black"))
        for how, button in self.ways.items():
            on = button.isChecked()
            button.setPalette(chosen if on else QPalette())
            label = self.way_labels.get(how, "")
            button.setText(f"✔ {label}" if on else label)

    def _won(self, winner: Seat) -> None:
        if self.record(RackWon(winner=winner, how=self.how())):
            self._clear()

    def _stalemate(self) -> None:
        if self.record(Stalemate()):
            self._clear()

    def _clear(self) -> None:
        for button in self.ways.values():
            button.setChecked(False)


class FinishedPanel(QWidget):
    """The match is over: its result, a signature key for each player (spec 1.3 `sign`), and one
    key each to its sheet and to the next match."""

    sheet_requested = Signal()
    new_match_requested = Signal()

    def __init__(self, parent: QWidget | None = None, record: Record | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("finishedPanel")
        self.record = record
        layout = QVBoxLayout(self)
        self.result = QLabel(self)
        self.result.setObjectName("finishedResult")
        self.result.setWordWrap(True)
        self.result.setAlignment(Qt.AlignmentFlag.AlignCenter)
        text_style(self.result, 26, bold=True)
        layout.addWidget(self.result)
        signing = QHBoxLayout()
        self.sign: dict[Seat, NamedButton] = {}
        for seat in Seat:
            button = NamedButton(self, f"sign{seat.value}", f"Shift+{seat.value}")
            button.setMinimumHeight(56)
            button.clicked.connect(lambda _=False, s=seat: self._sign(s))
            self.sign[seat] = button
            signing.addWidget(button)
        layout.addLayout(signing)
        self.signed = QLabel(self)
        self.signed.setObjectName("finishedSigned")
        self.signed.setWordWrap(True)
        layout.addWidget(self.signed)
        self.state: State | None = None
        row = QHBoxLayout()
        self.sheet = _button(self, "finishedSheet", "P")
        self.sheet.clicked.connect(self.sheet_requested.emit)
        self.next = _button(self, "finishedNewMatch", "N")
        self.next.clicked.connect(self.new_match_requested.emit)
        row.addWidget(self.sheet)
        row.addWidget(self.next)
        layout.addLayout(row)
        layout.addStretch(1)
        self.retranslate()

    def retranslate(self) -> None:
        self.sheet.setText(self.tr("The match sheet [P]"))
        self.next.setText(self.tr("New match [N]"))
        if self.state is not None:
            self.show_state(self.state)

    def show_state(self, state: State) -> None:
        self.state = state
        self.result.setText(presenter.prompt_line(state, qt_translate))
        may_sign = allowed(state).sign
        for seat, button in self.sign.items():
            button.setVisible(state.finished and self.record is not None)
            button.setEnabled(seat in may_sign)
            who = presenter.name(state, seat)
            button.set_named(
                self.tr("{name} signs the result [Shift+{key}]").format(name=who, key=seat.value)
                if seat in may_sign
                else self.tr("{name} has signed ✔").format(name=who),
                who,
            )
        self.signed.setText(presenter.signatures_line(state, qt_translate) if state.finished else "")

    def _sign(self, seat: Seat) -> None:
        if self.record is not None:
            self.record(Signed(player=seat))

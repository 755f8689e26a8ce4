"""The desk page: scoreboard, notice, warning prompt, table, panels, history, undo.

It renders the state the controller publishes and turns presses into events;
it never decides what is legal: `rules.allowed(state)` enables the controls.
Built the first time a match is opened, so the window paints before it exists.
"""

from __future__ import annotations

import time

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent, QShortcut
from PySide6.QtWidgets import (
    QAbstractButton,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)
from referee_desk.desk import presenter
from referee_desk.desk.controller import DeskController
from referee_desk.desk.history_panel import HistoryPanel
from referee_desk.desk.keys import KeyButton
from referee_desk.desk.panels import BreakPanel, FinishedPanel, LagPanel, OptionPanel, RackPanel, ShotPanel
from referee_desk.desk.scoreboard import Scoreboard
from referee_desk.desk.shot_clock import ShotClockWidget
from referee_desk.desk.table_view import TableView
from referee_desk.i18n import qt_translate
from referee_desk.notices import BASE_STYLE, Notice, show_notice
from referee_desk.theme import panel_buttons, text_style

from referee_app.game.events import Event, Extension, Undo, WarningGiven
from referee_app.game.rules import Allowed, allowed
from referee_app.game.state import State
from referee_app.game.vocab import Awaiting, Pocket

BASE_SIZE = (1360, 730)
"""The desk page's size on a 1366×768 screen, where its type is as designed."""
PROMPT_PX = (20, 18, 16, 14, 12)
"""The prompt's type sizes, largest first: the first that fits its fixed height is used."""
HOLD_S = 1.0
"""After a rack or the match ends, the keys of the next screen wait this long: a key pressed
with (or just after) the one that ended the rack was meant for the shot, not for the break."""
REPEAT_S = 0.6
"""The same recording key pressed again within this time is a double press, not a second stroke."""


class DeskPage(QWidget):
    def __init__(self, controller: DeskController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("deskPage")
        self.controller = controller
        self._shown: State | None = None
        self._scale = 1.0
        self._held_until = 0.0
        self._last_key: tuple[QAbstractButton, float] | None = None
        self.undo_question: QMessageBox | None = None
        self._blocked_keys: dict[str, QShortcut] = {}
        outer = QVBoxLayout(self)
        self.scoreboard = Scoreboard(self)
        outer.addWidget(self.scoreboard)
        # The notice and the warning share one row of a fixed height: the warning coming and going
        # must not move the table and the buttons under the referee's pointer.
        messages = QWidget(self)
        messages.setObjectName("messageRow")
        row = QHBoxLayout(messages)
        row.setContentsMargins(0, 0, 0, 0)
        self.notice = QLabel(messages)
        self.notice.setObjectName("notice")
        self.notice.setWordWrap(True)
        self.notice.setStyleSheet(BASE_STYLE)
        row.addWidget(self.notice, 1)
        row.addWidget(self._build_warning(messages), 2)  # the warning is the longer text (French more so)
        messages.setFixedHeight(56)
        outer.addWidget(messages)
        split = QSplitter(Qt.Orientation.Horizontal, self)
        split.addWidget(self._build_left(split))
        split.addWidget(self._build_right(split))
        split.setStretchFactor(0, 4)
        split.setStretchFactor(1, 5)
        split.setSizes([560, 700])  # the panels need the room more than the drawing does
        outer.addWidget(split, 1)
        self.table.ball_clicked.connect(self.shot_panel.pick_ball)
        self.table.pocket_clicked.connect(lambda p: self.shot_panel.pick_pocket(Pocket(p)))
        self.shot_panel.on_call_changed = self._call_changed
        # Every action has its key, caught by the window: nothing here takes the keyboard's focus,
        # or the history list, a spin box or a combo box holding it would swallow the referee's keys.
        for widget in self.findChildren(QWidget):
            widget.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.retranslate()

    def _build_warning(self, parent: QWidget) -> QFrame:
        self.warning = QFrame(parent)
        self.warning.setObjectName("warningPrompt")
        self.warning.setStyleSheet(
            "QFrame#warningPrompt { background: #ff6f00; border-radius: 8px; }"
            "QLabel { color: black; font-size: 16px; font-weight: bold; }"
        )
        row = QHBoxLayout(self.warning)
        row.setContentsMargins(12, 4, 6, 4)
        self.warning_text = QLabel(self.warning)
        self.warning_text.setObjectName("warningText")
        self.warning_text.setWordWrap(True)
        self.warning_button = KeyButton("G", self.warning, "warningGiven")
        self.warning_button.setMinimumHeight(40)
        self.warning_button.clicked.connect(self.give_warning)
        row.addWidget(self.warning_text, 1)
        row.addWidget(self.warning_button)
        self.warning.hide()
        return self.warning

    def _build_left(self, parent: QWidget) -> QWidget:
        left = QWidget(parent)
        column = QVBoxLayout(left)
        column.setContentsMargins(0, 0, 0, 0)
        self.table = TableView(left)
        column.addWidget(self.table, 2)
        self.prompt = QLabel(left)
        self.prompt.setObjectName("promptLine")
        self.prompt.setWordWrap(True)
        text_style(self.prompt, PROMPT_PX[0], bold=True, colour="#ffd54a")
        # a fixed height: a prompt that grows (a foul, a rack's end) must not move the table, the
        # clock's buttons and the history; a longer one is set smaller to fit (_fit_prompt)
        self._prompt_height = 3 * self.prompt.fontMetrics().lineSpacing()
        self.prompt.setFixedHeight(self._prompt_height)
        column.addWidget(self.prompt)
        self.clock = ShotClockWidget(left)
        self.clock.started.connect(self.controller.start_clock)
        self.clock.paused.connect(self.controller.pause_clock)
        self.clock.resumed.connect(self.controller.resume_clock)
        self.clock.expired.connect(self._clock_expired)
        self.clock.extension_requested.connect(self.take_extension)
        self.clock.changed.connect(self.controller.clock_changed)
        self.controller.stroke_recorded.connect(self._stroke_recorded)
        column.addWidget(self.clock)
        self.history = HistoryPanel(left)
        self.history.setMinimumHeight(84)  # four lines; it takes any room the window has beyond that
        column.addWidget(self.history, 1)
        return left

    def _build_right(self, parent: QWidget) -> QWidget:
        right = QWidget(parent)
        column = QVBoxLayout(right)
        column.setContentsMargins(0, 0, 0, 0)
        self.panels = QStackedWidget(right)
        self.panels.setObjectName("panels")
        self.lag_panel = LagPanel(self.record, self.panels)
        self.break_panel = BreakPanel(self.record, self.panels)
        self.shot_panel = ShotPanel(self.record, self.panels)
        self.option_panel = OptionPanel(self.record, self.panels)
        self.rack_panel = RackPanel(self.record, self.panels)
        self.finished_panel = FinishedPanel(self.panels, self.record)
        self.finished_panel.sheet_requested.connect(self.preview_sheet)
        self.break_panel.refused = lambda text: self.show_notice(Notice.REFUSAL, text)
        self.shot_panel.refused = lambda text: self.show_notice(Notice.REFUSAL, text)
        for panel in self.all_panels():
            panel_buttons(panel)
            # flush with the top of the drawing and with Undo: height is the desk's scarcest room
            layout = panel.layout()
            assert layout is not None  # each panel builds its layout in its constructor
            layout.setContentsMargins(6, 0, 0, 0)
            self.panels.addWidget(panel)
        column.addWidget(self.panels, 3)
        self.undo_button = KeyButton("Backspace", right, "undoButton")
        self.undo_button.setMinimumHeight(44)
        self.undo_button.clicked.connect(self.request_undo)
        column.addWidget(self.undo_button)
        return right

    def follow_keyboard(self) -> None:
        """The keyboard changed (QWERTY or AZERTY): the pocket letters, the digit row, `+` and the
        cushion count take the keys this keyboard types without Shift or AltGr."""
        from referee_desk.desk.pickers import BallRow, PocketGrid

        for grid in self.findChildren(PocketGrid):
            grid.relabel()
        for row in self.findChildren(BallRow):
            row.relabel()
        for panel in self.all_panels():
            panel.retranslate()

    def all_panels(self) -> tuple[LagPanel, BreakPanel, ShotPanel, OptionPanel, RackPanel, FinishedPanel]:
        return (
            self.lag_panel,
            self.break_panel,
            self.shot_panel,
            self.option_panel,
            self.rack_panel,
            self.finished_panel,
        )

    def retranslate(self) -> None:
        self.undo_button.setText(self.tr("Undo [Backspace]"))
        self.warning_button.setText(self.tr("Warning given [G]"))
        for panel in self.all_panels():
            panel.retranslate()
        self.clock.retranslate()
        self.table.update()  # the pockets' names are drawn in the language
        session = self.controller.session
        if session is not None:
            self.history.show_history(session.history, rebuild=True)
            self.show_state(session.state)

    # --- recording -------------------------------------------------------------------
    def record(self, event: Event) -> bool:
        return self.controller.record(event)

    def preview_sheet(self) -> None:
        """The open match's sheet in a print preview (to print it, or to save it as a PDF)."""
        session = self.controller.session
        if session is None:
            return
        from referee_app.words.sheet import build_sheet, sheet_pages

        entries = session.history.entries
        part = self.controller.operate(
            self.tr("Print preview"), lambda: sheet_pages(build_sheet(entries, qt_translate), qt_translate)
        )
        if part is None:
            return
        from referee_desk.printing import open_preview

        self.preview = open_preview(self, part)

    def take_extension(self) -> None:
        """Section 10: the extension is recorded, then the running clock gets its seconds."""
        state = self.controller.state
        if state is not None and state.setup.shot_clock is not None and self.record(Extension()):
            self.clock.extend(state.setup.shot_clock.extension_s)

    def give_warning(self) -> None:
        state = self.controller.state
        if state is None or not state.warning_due:
            return
        seat = state.at_table if state.at_table in state.warning_due else state.warning_due[0]
        if self.record(WarningGiven(player=seat)) and self.controller.state is not None:
            self._auto_start(self.controller.state)

    def _stroke_recorded(self) -> None:
        """The shot clock stops with the stroke and shows the next one's full time (rule book §10)."""
        self.clock.stop()
        state = self.controller.state
        if state is not None:
            self.clock.configure(state.setup.shot_clock, after_break=state.push_out_allowed)
            self._auto_start(state)

    def _auto_start(self, state: State) -> None:
        """With "start with each shot" ticked, the next shot's count starts by itself once the
        previous stroke is in the log, unless a break, a choice or a warning comes first."""
        if (
            self.clock.auto_start.isChecked()
            and state.setup.shot_clock is not None
            and not state.over
            and state.awaiting is Awaiting.SHOT
            and not presenter.warning_prompt(state, qt_translate)
        ):
            self.clock.start()

    def _clock_expired(self) -> None:
        """The time foul's key is named only where it is (a shot); the clock runs from the first shot
        after the break, so on the break panel there is no time foul to record."""
        if self.panels.currentWidget() is self.shot_panel:
            text = self.tr("Time! The shot clock ran out: record the time foul [T] if it applies.")
        else:
            text = self.tr("Time! The shot clock ran out.")
        self.show_notice(Notice.REFUSAL, text)

    def _call_changed(self) -> None:
        """The call drawn on the table: only while a shot is being called (a call
        reset after its shot was recorded drew its ring on the next rack's break screen)."""
        if self.panels.currentWidget() is self.shot_panel:
            self.table.set_state(self.controller.state, self.shot_panel.call_ball, self.shot_panel.call_pocket)

    # --- keys: what a key does that a click would not --------------------------------
    def key_pressed(self, button: QAbstractButton) -> None:
        """A key on one of the desk's buttons: held right after a rack or the match ended, and
        refused when it repeats the key that has just recorded something (a double press)."""
        now = time.monotonic()
        held = now < self._held_until and any(
            panel.isAncestorOf(button) for panel in (self.break_panel, self.rack_panel, self.finished_panel)
        )
        if held:
            self.show_notice(Notice.REFUSAL, self._held_text())
            return
        if self._last_key is not None and self._last_key[0] is button and now - self._last_key[1] < REPEAT_S:
            self._last_key = None  # a third press is meant
            self.show_notice(
                Notice.REFUSAL,
                self.tr("The same key twice: the second press was not recorded. Press it again if it was meant."),
            )
            return
        session = self.controller.session
        before = len(session.history.entries) if session is not None else 0
        button.click()
        session = self.controller.session
        recorded = session is not None and len(session.history.entries) > before and button is not self.undo_button
        self._last_key = (button, time.monotonic()) if recorded else None

    def key_blocked(self, button: QAbstractButton | None) -> None:
        """A key on a button that cannot be used now says why instead of doing nothing."""
        state = self.controller.state
        blocking = presenter.warning_prompt(state, qt_translate) if state is not None else ""
        if blocking:
            text = self.tr("Not recorded: {why} [G]").format(why=blocking)
        elif button is self.undo_button:
            text = self.tr("There is nothing to undo.")
        elif button is not None:
            label = button.text().replace("&", "")
            text = self.tr("Not available now: {button}").format(button=label)
        else:
            return
        self.show_notice(Notice.REFUSAL, text)

    def _say_why_keys_are_blocked(self, panel: QWidget | None) -> None:
        """While a disabled panel holds the strokes, its keys (which Qt then ignores) say why."""
        from PySide6.QtGui import QKeySequence

        keys = {b.key for b in panel.findChildren(KeyButton) if b.key and not b.isHidden()} if panel else set()
        for key, shortcut in self._blocked_keys.items():
            shortcut.setEnabled(key in keys)
        for key in keys - self._blocked_keys.keys():
            shortcut = QShortcut(QKeySequence(key), self)
            shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
            shortcut.activated.connect(lambda: self.key_blocked(None))
            self._blocked_keys[key] = shortcut

    def _fit_prompt(self) -> None:
        """The largest type at which the prompt fits its fixed height (the height never changes)."""
        width = max(1, self.prompt.width())
        for base in PROMPT_PX:
            pixels = round(base * self._scale)
            if self.prompt.font().pixelSize() != pixels:
                text_style(self.prompt, pixels, bold=True)
            if self.prompt.heightForWidth(width) <= self.prompt.height():
                return

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._scale_type()
        self._fit_prompt()

    def _scale_type(self) -> None:
        """Type that grows with the screen: a desk laid out for 1366×768 is read from further away on
        a 1920×1080 one, and its words grow with it (up to half as large again)."""
        scale = max(1.0, min(self.width() / BASE_SIZE[0], self.height() / BASE_SIZE[1], 1.5))
        if abs(scale - self._scale) < 0.05:
            return
        self._scale = scale
        for widget in self.findChildren(QWidget):
            base = widget.property("basePx")
            if base is None:
                font = widget.font()
                base = font.pixelSize() if font.pixelSize() > 0 else round(font.pointSizeF() * 96 / 72)
                widget.setProperty("basePx", base)
            font = widget.font()
            font.setPixelSize(round(int(base) * scale))
            widget.setFont(font)
        self.prompt.setFixedHeight(round(self._prompt_height * scale))

    def _held_text(self) -> str:
        state = self.controller.state
        if state is not None and state.over:
            return self.tr("The match is over: that key came with the last shot and was not taken.")
        if state is not None and state.by_racks:
            return self.tr(
                "A rack was just recorded: that key came with it and was not taken. Press it again if it was meant."
            )
        return self.tr(
            "The rack is over: that key came with the last shot and was not taken. Press it again to record the break."
        )

    def _hold_after_rack_end(self, state: State) -> None:
        """Start the hold when this state ended a rack or the match (never when a match is opened
        or an undo takes a rack back)."""
        shown = self._shown
        self._shown = state
        if shown is None or shown.setup.match_id != state.setup.match_id:
            self._last_key = None
            return
        if len(state.racks) > len(shown.racks) or (state.over and not shown.over):
            self._held_until = time.monotonic() + HOLD_S

    # --- undo and redo -----------------------------------------------------------------
    def request_undo(self) -> None:
        """Undo the latest event; when that changes the score or the result, ask first."""
        session = self.controller.session
        if session is None:
            return
        target = session.history.undo_target
        if target is None:
            self.controller.undo()  # says there is nothing to undo
            return
        now = session.state
        try:
            after = session.check(Undo(target))
        except ValueError:
            self.controller.undo()
            return
        if after.score == now.score and after.result == now.result:
            self.controller.undo()
            return
        from referee_desk.questions import ask

        entry = session.history.entries[target - 1]
        before = session.history.timeline[target - 2]
        self.undo_question = ask(
            self,
            "undoQuestion",
            self.tr("Undo"),
            self.tr("Undo event {seq}, {event}? The score goes back from {a}–{b} to {c}–{d}.").format(
                seq=target,
                event=presenter.describe(entry.event, before, qt_translate),
                a=now.score.a,
                b=now.score.b,
                c=after.score.a,
                d=after.score.b,
            ),
            (self.tr("Undo it"), "undoQuestionYes"),
            (self.tr("Keep it"), "undoQuestionKeep"),
            lambda yes: self.controller.undo() if yes else None,
            risky=True,
        )

    # --- rendering -------------------------------------------------------------------
    def show_notice(self, level: Notice, text: str) -> None:
        show_notice(self.notice, level, text)

    def _panel_for(self, state: State) -> QWidget:
        if state.over:
            return self.finished_panel
        return {
            Awaiting.LAG: self.lag_panel,
            Awaiting.BREAK: self.break_panel,
            Awaiting.OPTION: self.option_panel,
            Awaiting.RACK: self.rack_panel,
        }.get(state.awaiting, self.shot_panel)  # type: ignore[arg-type]

    def show_state(self, state: State) -> Allowed:
        """Re-render everything from `state`; returns what the rules allow now (for the menus)."""
        can = allowed(state)
        self._hold_after_rack_end(state)
        self.scoreboard.show_state(state)
        panel = self._panel_for(state)
        panel.show_state(state)  # type: ignore[attr-defined]
        self.panels.setCurrentWidget(panel)
        blocking = presenter.warning_prompt(state, qt_translate)
        if blocking:
            self.warning_text.setText(blocking)
        elif can.warning:
            self.warning_text.setText(
                self.tr("{name} is on two consecutive fouls: give the warning.").format(
                    name=presenter.name(state, can.warning[0])
                )
            )
        self.warning.setVisible(bool(blocking) or bool(can.warning))
        self.panels.setEnabled(not blocking)
        self._say_why_keys_are_blocked(panel if blocking else None)
        calling = panel is self.shot_panel
        self.table.set_state(
            state, self.shot_panel.call_ball if calling else None, self.shot_panel.call_pocket if calling else None
        )
        spot = presenter.spot_ten_line(state, qt_translate)
        session = self.controller.session
        foul = presenter.foul_line(session.history, qt_translate) if session is not None else ""
        line = presenter.prompt_line(state, qt_translate) + (f" {spot}." if spot else "")
        self.prompt.setText(f"{foul} {line}" if foul else line)
        self._fit_prompt()
        self.clock.configure(state.setup.shot_clock, after_break=state.push_out_allowed)
        # rack scoring: nothing is tracked at the table, and the rack panel asks its own question
        self.table.setVisible(not state.by_racks)
        self.prompt.setVisible(not state.by_racks)
        self.clock.extension_button.setEnabled(can.extension)
        self.clock.start_button.setEnabled(not state.over)  # no clock after the match
        self.undo_button.setEnabled(session is not None and session.history.undo_target is not None)
        if session is not None:
            self.history.show_history(session.history)
        return can

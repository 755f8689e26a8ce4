"""The desk page: scoreboard, notice, warning prompt, table, panels, history, undo.

It renders the state the controller publishes and turns presses into events;
it never decides what is legal: `rules.allowed(state)` enables the controls.
Built the first time a match is opened, so the window paints before it exists.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QSplitter, QStackedWidget, QVBoxLayout, QWidget
from referee_desk import presenter
from referee_desk.controller import DeskController, qt_translate
from referee_desk.desk.history_panel import HistoryPanel
from referee_desk.desk.panels import BreakPanel, FinishedPanel, LagPanel, OptionPanel, ShotPanel
from referee_desk.desk.scoreboard import Scoreboard
from referee_desk.desk.shot_clock import ShotClockWidget
from referee_desk.desk.table_view import TableView
from referee_desk.keys import KeyButton
from referee_desk.notices import BASE_STYLE, Notice, show_notice
from referee_desk.theme import panel_buttons, text_style

from referee_app.game.events import Event, Extension, WarningGiven
from referee_app.game.rules import Allowed, allowed
from referee_app.game.state import State
from referee_app.game.vocab import Awaiting, Pocket


class DeskPage(QWidget):
    def __init__(self, controller: DeskController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("deskPage")
        self.controller = controller
        outer = QVBoxLayout(self)
        self.scoreboard = Scoreboard(self)
        outer.addWidget(self.scoreboard)
        # The notice and the warning share one row of a fixed height: the warning coming and going
        # must not move the table and the buttons under the referee's pointer (finding 15).
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
        text_style(self.prompt, 20, bold=True, colour="#ffd54a")
        # room for two lines always: a prompt that wraps must not make the table jump (and redraw)
        self.prompt.setMinimumHeight(2 * self.prompt.fontMetrics().lineSpacing())
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
        self.finished_panel = FinishedPanel(self.panels)
        self.finished_panel.sheet_requested.connect(self.preview_sheet)
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
        self.undo_button.clicked.connect(self.controller.undo)
        column.addWidget(self.undo_button)
        return right

    def follow_keyboard(self) -> None:
        """The pocket keys changed (QWERTY or AZERTY): every pocket grid takes the new letters."""
        from referee_desk.desk.pickers import PocketGrid

        for grid in self.findChildren(PocketGrid):
            grid.relabel()
        self.shot_panel.retranslate()

    def all_panels(self) -> tuple[LagPanel, BreakPanel, ShotPanel, OptionPanel, FinishedPanel]:
        return (self.lag_panel, self.break_panel, self.shot_panel, self.option_panel, self.finished_panel)

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
        from referee_app.words.sheet import build_sheet, sheet_html

        entries = session.history.entries
        html = self.controller.operate(
            self.tr("Print preview"), lambda: sheet_html(build_sheet(entries, qt_translate), qt_translate)
        )
        if html is None:
            return
        from referee_desk.printing import open_preview

        self.preview = open_preview(self, html)

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
            and not state.finished
            and state.awaiting is Awaiting.SHOT
            and not presenter.warning_prompt(state, qt_translate)
        ):
            self.clock.start()

    def _clock_expired(self) -> None:
        self.show_notice(
            Notice.REFUSAL, self.tr("Time! The shot clock ran out: record the time foul [T] if it applies.")
        )

    def _call_changed(self) -> None:
        """The call drawn on the table: only while a shot is being called (finding 16: a call
        reset after its shot was recorded drew its ring on the next rack's break screen)."""
        if self.panels.currentWidget() is self.shot_panel:
            self.table.set_state(self.controller.state, self.shot_panel.call_ball, self.shot_panel.call_pocket)

    # --- rendering -------------------------------------------------------------------
    def show_notice(self, level: Notice, text: str) -> None:
        show_notice(self.notice, level, text)

    def _panel_for(self, state: State) -> QWidget:
        if state.finished:
            return self.finished_panel
        return {
            Awaiting.LAG: self.lag_panel,
            Awaiting.BREAK: self.break_panel,
            Awaiting.OPTION: self.option_panel,
        }.get(state.awaiting, self.shot_panel)  # type: ignore[arg-type]

    def show_state(self, state: State) -> Allowed:
        """Re-render everything from `state`; returns what the rules allow now (for the menus)."""
        can = allowed(state)
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
        calling = panel is self.shot_panel
        self.table.set_state(
            state, self.shot_panel.call_ball if calling else None, self.shot_panel.call_pocket if calling else None
        )
        spot = presenter.spot_ten_line(state, qt_translate)
        session = self.controller.session
        foul = presenter.foul_line(session.history, qt_translate) if session is not None else ""
        line = presenter.prompt_line(state, qt_translate) + (f" {spot}." if spot else "")
        self.prompt.setText(f"{foul} {line}" if foul else line)
        self.clock.configure(state.setup.shot_clock, after_break=state.push_out_allowed)
        self.clock.extension_button.setEnabled(can.extension)
        self.clock.start_button.setEnabled(not state.finished)  # finding 22: no clock after the match
        self.undo_button.setEnabled(session is not None and session.history.undo_target is not None)
        if session is not None:
            self.history.show_history(session.history)
        return can

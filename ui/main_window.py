"""The referee's desk window: scoreboard, table, the panel for what is awaited, history.

It renders the state the controller publishes and turns presses into events;
it never decides what is legal: `rules.allowed(state)` enables the controls.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSettings, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from referee_app.demo import load_demo, sample_players
from referee_app.events import Event, Extension, MatchStarted, WarningGiven
from referee_app.rules import allowed
from referee_app.session import Session
from referee_app.state import State
from referee_app.store import StoreError
from referee_app.vocab import Awaiting, Pocket, Status
from ui import presenter
from ui.controller import DeskController, qt_translate
from ui.dialogs import DecisionDialog, NewMatchDialog
from ui.history_panel import HistoryPanel
from ui.i18n import LANGUAGES, Languages
from ui.keys import KeyButton
from ui.panels import BreakPanel, FinishedPanel, LagPanel, OptionPanel, ShotPanel
from ui.replay_view import ReplayDialog
from ui.scoreboard import Scoreboard
from ui.shot_clock import ShotClockWidget
from ui.table_view import TableView

LAST_MATCH = "last_match"
NOTICE_STYLE = {
    "refusal": "background: #b71c1c; color: white;",
    "error": "background: #4a148c; color: white;",
    "info": "background: transparent; color: #eceff1;",
}


class DeskWindow(QMainWindow):
    def __init__(self, controller: DeskController, settings: QSettings, languages: Languages | None = None) -> None:
        super().__init__()
        self.setObjectName("deskWindow")
        self.controller = controller
        self.settings = settings
        self.languages = languages or Languages(settings)
        self.dialog: QWidget | None = None
        self.setStyleSheet(
            "QMainWindow, QWidget#deskPage, QWidget#startPage { background: #263238; }"
            "QLabel { color: #eceff1; } QCheckBox { color: #eceff1; }"
        )
        self.resize(1366, 768)
        self.pages = QStackedWidget(self)
        self.pages.setObjectName("pages")
        self.setCentralWidget(self.pages)
        self._build_start_page()
        self._build_desk_page()
        self._build_menus()
        controller.state_changed.connect(self.render)
        controller.notice.connect(self.show_notice)
        controller.match_opened.connect(self._match_opened)
        self.retranslate()
        self.show_start()

    # --- construction ----------------------------------------------------------------
    def _build_start_page(self) -> None:
        page = QWidget(self)
        page.setObjectName("startPage")
        layout = QVBoxLayout(page)
        self.start_title = QLabel(page)
        self.start_title.setStyleSheet("font-size: 28px; font-weight: bold;")
        layout.addWidget(self.start_title)
        self.match_list = QTreeWidget(page)
        self.match_list.setObjectName("matchList")
        self.match_list.setRootIsDecorated(False)
        self.match_list.itemActivated.connect(
            lambda item, _col: self.open_match(item.data(0, Qt.ItemDataRole.UserRole))
        )
        layout.addWidget(self.match_list, 1)
        row = QHBoxLayout()
        self.new_button = QPushButton(page)
        self.new_button.setObjectName("newMatchButton")
        self.new_button.clicked.connect(self.new_match)
        self.open_button = QPushButton(page)
        self.open_button.setObjectName("openMatchButton")
        self.open_button.clicked.connect(self._open_selected)
        self.demo_button = QPushButton(page)
        self.demo_button.setObjectName("demoButton")
        self.demo_button.clicked.connect(self.load_demo)
        for button in (self.new_button, self.open_button, self.demo_button):
            button.setMinimumHeight(48)
            row.addWidget(button)
        layout.addLayout(row)
        self.pages.addWidget(page)
        self.start_page = page

    def _build_desk_page(self) -> None:
        page = QWidget(self)
        page.setObjectName("deskPage")
        outer = QVBoxLayout(page)
        self.scoreboard = Scoreboard(page)
        outer.addWidget(self.scoreboard)
        self.notice = QLabel(page)
        self.notice.setObjectName("notice")
        self.notice.setWordWrap(True)
        self.notice.setMinimumHeight(34)
        self.notice.setStyleSheet("font-size: 18px; padding: 4px;")
        outer.addWidget(self.notice)
        self.warning = QFrame(page)
        self.warning.setObjectName("warningPrompt")
        self.warning.setStyleSheet(
            "QFrame#warningPrompt { background: #ff6f00; border-radius: 8px; }"
            "QLabel { color: black; font-size: 22px; font-weight: bold; }"
        )
        wrow = QHBoxLayout(self.warning)
        self.warning_text = QLabel(self.warning)
        self.warning_text.setObjectName("warningText")
        self.warning_text.setWordWrap(True)
        self.warning_button = KeyButton("G", self.warning, "warningGiven")
        self.warning_button.setMinimumHeight(48)
        self.warning_button.clicked.connect(self.give_warning)
        wrow.addWidget(self.warning_text, 1)
        wrow.addWidget(self.warning_button)
        outer.addWidget(self.warning)

        split = QSplitter(Qt.Orientation.Horizontal, page)
        left = QWidget(split)
        lcol = QVBoxLayout(left)
        lcol.setContentsMargins(0, 0, 0, 0)
        self.table = TableView(left)
        lcol.addWidget(self.table, 2)
        self.prompt = QLabel(left)
        self.prompt.setObjectName("promptLine")
        self.prompt.setWordWrap(True)
        self.prompt.setStyleSheet("font-size: 20px; font-weight: bold; color: #ffd54a;")
        lcol.addWidget(self.prompt)
        self.clock = ShotClockWidget(left)
        self.clock.started.connect(self.controller.start_clock)
        self.clock.expired.connect(self._clock_expired)
        self.clock.extension_requested.connect(lambda: self.record(Extension()))
        lcol.addWidget(self.clock)
        self.history = HistoryPanel(left)
        self.history.setMinimumHeight(120)
        lcol.addWidget(self.history, 1)
        right = QWidget(split)
        rcol = QVBoxLayout(right)
        rcol.setContentsMargins(0, 0, 0, 0)
        self.panels = QStackedWidget(right)
        self.panels.setObjectName("panels")
        self.lag_panel = LagPanel(self.record, self.panels)
        self.break_panel = BreakPanel(self.record, self.panels)
        self.shot_panel = ShotPanel(self.record, self.panels)
        self.option_panel = OptionPanel(self.record, self.panels)
        self.finished_panel = FinishedPanel(self.panels)
        for panel in (self.lag_panel, self.break_panel, self.shot_panel, self.option_panel, self.finished_panel):
            panel.setStyleSheet("QLabel { color: #eceff1; } QPushButton { font-size: 15px; }")
            self.panels.addWidget(panel)
        rcol.addWidget(self.panels, 3)
        self.undo_button = KeyButton("Backspace", right, "undoButton")
        self.undo_button.setMinimumHeight(44)
        self.undo_button.clicked.connect(self.undo)
        rcol.addWidget(self.undo_button)
        split.addWidget(left)
        split.addWidget(right)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        outer.addWidget(split, 1)
        self.table.ball_clicked.connect(self.shot_panel.pick_ball)
        self.table.pocket_clicked.connect(lambda p: self.shot_panel.pick_pocket(Pocket(p)))
        self.shot_panel.on_call_changed = self._call_changed
        self.pages.addWidget(page)
        self.desk_page = page

    def _action(self, name: str, key: str, slot: object) -> QAction:
        action = QAction(self)
        action.setObjectName(name)
        action.setShortcut(QKeySequence(key))
        action.triggered.connect(slot)  # type: ignore[arg-type]
        self.addAction(action)
        return action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        self.match_menu = bar.addMenu("")
        self.act_new = self._action("actionNewMatch", "Ctrl+N", self.new_match)
        self.act_matches = self._action("actionMatches", "Ctrl+O", self.show_start)
        self.act_demo = self._action("actionDemo", "Ctrl+D", self.load_demo)
        self.act_replay = self._action("actionReplay", "Ctrl+R", self.open_replay)
        self.act_undo = self._action("actionUndo", "Ctrl+Z", self.undo)
        self.act_quit = self._action("actionQuit", "Ctrl+Q", self.close)
        for act in (self.act_new, self.act_matches, self.act_demo, self.act_replay, self.act_undo, self.act_quit):
            self.match_menu.addAction(act)
        self.decisions_menu = bar.addMenu("")
        self.act_penalty = self._action("actionPenalty", "Ctrl+Shift+P", lambda: self.decide("penalty"))
        self.act_concede = self._action("actionConcede", "Ctrl+Shift+C", lambda: self.decide("concede"))
        self.act_stalemate = self._action("actionStalemate", "Ctrl+Shift+S", lambda: self.decide("stalemate"))
        self.act_note = self._action("actionNote", "Ctrl+T", lambda: self.decide("note"))
        for act in (self.act_penalty, self.act_concede, self.act_stalemate, self.act_note):
            self.decisions_menu.addAction(act)
        self.language_menu = bar.addMenu("")
        group = QActionGroup(self)
        self.language_actions: dict[str, QAction] = {}
        for code, label in LANGUAGES.items():
            act = QAction(label, self)
            act.setObjectName(f"language_{code}")
            act.setCheckable(True)
            act.triggered.connect(lambda _=False, c=code: self.set_language(c))
            group.addAction(act)
            self.language_menu.addAction(act)
            self.language_actions[code] = act

    # --- language --------------------------------------------------------------------
    def set_language(self, code: str) -> None:
        if self.languages.switch(code):
            self.language_actions[code].setChecked(True)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("10-ball referee desk"))
        self.match_menu.setTitle(self.tr("&Match"))
        self.decisions_menu.setTitle(self.tr("&Decisions"))
        self.language_menu.setTitle(self.tr("&Language"))
        self.act_new.setText(self.tr("New match… [Ctrl+N]"))
        self.act_matches.setText(self.tr("Matches… [Ctrl+O]"))
        self.act_demo.setText(self.tr("Load the demo matches [Ctrl+D]"))
        self.act_replay.setText(self.tr("Replay this match [Ctrl+R]"))
        self.act_undo.setText(self.tr("Undo the last event [Ctrl+Z]"))
        self.act_quit.setText(self.tr("Quit [Ctrl+Q]"))
        self.act_penalty.setText(self.tr("Penalty… [Ctrl+Shift+P]"))
        self.act_concede.setText(self.tr("Concession… [Ctrl+Shift+C]"))
        self.act_stalemate.setText(self.tr("Stalemate… [Ctrl+Shift+S]"))
        self.act_note.setText(self.tr("Note… [Ctrl+T]"))
        self.start_title.setText(self.tr("Matches"))
        self.new_button.setText(self.tr("New match [Ctrl+N]"))
        self.open_button.setText(self.tr("Open the selected match [Enter]"))
        self.demo_button.setText(self.tr("Load the demo matches [Ctrl+D]"))
        self.match_list.setHeaderLabels(
            [
                self.tr("Status"),
                self.tr("Players"),
                self.tr("Score"),
                self.tr("Rules"),
                self.tr("Event"),
                self.tr("Started"),
            ]
        )
        self.undo_button.setText(self.tr("Undo [Backspace]"))
        self.warning_button.setText(self.tr("Warning given [G]"))
        for panel in (self.lag_panel, self.break_panel, self.shot_panel, self.option_panel, self.finished_panel):
            panel.retranslate()
        self.clock.retranslate()
        self.language_actions[self.languages.current].setChecked(True)
        self.refresh_match_list()
        if self.controller.session is not None:
            self.history.render(self.controller.session.history, rebuild=True)
            self.render(self.controller.session.state)

    # --- matches ---------------------------------------------------------------------
    def refresh_match_list(self) -> None:
        self.match_list.clear()
        rows = []
        for row in self.controller.store.match_rows():
            try:
                state: State | None = Session(self.controller.store, row.match_id).state
            except StoreError:
                state = None
            rows.append((row, state))
        # matches in progress first, newest first within each group
        rows.sort(key=lambda rs: (rs[1] is None or rs[1].status is Status.FINISHED, rs[0].created_at), reverse=False)
        in_progress = [r for r in rows if r[1] is not None and not r[1].finished]
        others = [r for r in rows if r not in in_progress]
        for row, state in sorted(in_progress, key=lambda r: r[0].created_at, reverse=True) + sorted(
            others, key=lambda r: r[0].created_at, reverse=True
        ):
            if state is None:
                status, score = self.tr("damaged"), ""
            else:
                status = self.tr("finished") if state.finished else self.tr("in progress")
                score = f"{state.score.a}–{state.score.b}"
            item = QTreeWidgetItem(
                [
                    status,
                    f"{row.player_a} v {row.player_b}",
                    score,
                    row.rules.upper(),
                    " ".join(x for x in (row.event, row.round) if x),
                    row.created_at[:16].replace("T", " "),
                ]
            )
            item.setData(0, Qt.ItemDataRole.UserRole, row.match_id)
            self.match_list.addTopLevelItem(item)
        for column in range(self.match_list.columnCount()):
            self.match_list.resizeColumnToContents(column)
        if self.match_list.topLevelItemCount():
            self.match_list.setCurrentItem(self.match_list.topLevelItem(0))

    def show_start(self) -> None:
        self.refresh_match_list()
        self.pages.setCurrentWidget(self.start_page)
        self.match_list.setFocus()

    def _open_selected(self) -> None:
        item = self.match_list.currentItem()
        if item is not None:
            self.open_match(item.data(0, Qt.ItemDataRole.UserRole))

    def open_match(self, match_id: str) -> bool:
        return self.controller.open_match(match_id)

    def _match_opened(self, match_id: str) -> None:
        self.settings.setValue(LAST_MATCH, match_id)
        self.settings.sync()
        self.pages.setCurrentWidget(self.desk_page)
        self.history.render(None)

    def resume(self) -> bool:
        """Open the match the desk had open last, exactly where its log stands."""
        match_id = self.settings.value(LAST_MATCH, "", type=str)
        if match_id and self.controller.store.has_match(str(match_id)):
            return self.open_match(str(match_id))
        return False

    def known_names(self) -> list[str]:
        names = set(sample_players())
        for row in self.controller.store.match_rows():
            names.update((row.player_a, row.player_b))
        return sorted(names)

    def new_match(self) -> None:
        dialog = NewMatchDialog(self.known_names(), self)
        dialog.created.connect(self._create)
        self.dialog = dialog
        dialog.open()

    def _create(self, setup: MatchStarted) -> None:
        self.controller.new_match(setup)

    def load_demo(self) -> None:
        try:
            load_demo(self.controller.store)
        except (StoreError, ValueError) as exc:
            self.show_notice("error", str(exc))
        self.show_start()

    # --- recording -------------------------------------------------------------------
    def record(self, event: Event) -> bool:
        return self.controller.record(event)

    def undo(self) -> None:
        self.controller.undo()

    def give_warning(self) -> None:
        state = self.controller.state
        if state is None or not state.warning_due:
            return
        seat = state.at_table if state.at_table in state.warning_due else state.warning_due[0]
        self.record(WarningGiven(player=seat))

    def decide(self, kind: str) -> None:
        state = self.controller.state
        if state is None:
            return
        dialog = DecisionDialog(kind, state, self)
        dialog.decided.connect(self.record)
        self.dialog = dialog
        dialog.open()

    def open_replay(self) -> None:
        if self.controller.session is None:
            return
        dialog = ReplayDialog(self.controller.session.history, self)
        self.dialog = dialog
        dialog.show()

    def _clock_expired(self) -> None:
        self.show_notice("refusal", self.tr("Time! The shot clock ran out: record the time foul [T] if it applies."))

    def _call_changed(self) -> None:
        self.table.set_state(self.controller.state, self.shot_panel.call_ball, self.shot_panel.call_pocket)

    # --- rendering -------------------------------------------------------------------
    def show_notice(self, level: str, text: str) -> None:
        self.notice.setText(text)
        self.notice.setProperty("level", level)
        self.notice.setStyleSheet("font-size: 18px; padding: 4px;" + NOTICE_STYLE.get(level, ""))

    def render(self, state: State) -> None:
        can = allowed(state)
        self.scoreboard.render(state)
        panel: QWidget
        if state.finished:
            panel = self.finished_panel
        elif state.awaiting is Awaiting.LAG:
            panel = self.lag_panel
        elif state.awaiting is Awaiting.BREAK:
            panel = self.break_panel
        elif state.awaiting is Awaiting.OPTION:
            panel = self.option_panel
        else:
            panel = self.shot_panel
        for p in (self.lag_panel, self.break_panel, self.shot_panel, self.option_panel, self.finished_panel):
            if p is panel:
                p.render(state)  # type: ignore[attr-defined]
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
        self.table.set_state(
            state,
            self.shot_panel.call_ball if panel is self.shot_panel else None,
            self.shot_panel.call_pocket if panel is self.shot_panel else None,
        )
        prompt = presenter.prompt_line(state, qt_translate)
        spot = presenter.spot_ten_line(state, qt_translate)
        self.prompt.setText(prompt + (f" {spot}." if spot else ""))
        self.clock.configure(state.setup.shot_clock, after_break=state.push_out_allowed)
        self.clock.extension_button.setEnabled(can.extension)
        session = self.controller.session
        self.undo_button.setEnabled(session is not None and session.history.undo_target is not None)
        self.act_penalty.setEnabled(can.penalty_foul or can.penalty_rack or can.penalty_match)
        self.act_concede.setEnabled(can.concede)
        self.act_stalemate.setEnabled(can.stalemate)
        if session is not None:
            self.history.render(session.history)

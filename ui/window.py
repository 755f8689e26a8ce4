"""The desk window: the list of matches, the menus, and the desk page for the open match.

The window itself is light so it paints at once; the desk page (and most of
the imports it needs) is built the first time a match is opened.
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QSettings
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent
from PySide6.QtWidgets import (
    QLabel,
    QMainWindow,
    QStackedWidget,
    QWidget,
)
from referee_desk.desk import keyboard
from referee_desk.desk.controller import DeskController
from referee_desk.i18n import LANGUAGES, Languages, menu_text
from referee_desk.notices import Notice, show_notice
from referee_desk.organizer.matches_page import MatchesPage
from referee_desk.theme import apply_dark, light_menus

if TYPE_CHECKING:
    from referee_desk.desk.clock_window import PlayersClock
    from referee_desk.desk.page import DeskPage
    from referee_desk.overlay.feeder import LiveOverlay
    from referee_desk.tournament.window import TournamentWindow
    from referee_desk.venue.link import EventLinkController, LinkLight

    from referee_app.game.events import Event, MatchStarted
    from referee_app.game.state import State

LAST_MATCH = "last_match"
EVENT_REFEREE = "event/referee"


def referee_setting(database: Path) -> str:
    """The settings key of a desk's referee: one per desk database, not per user, so two desks on
    one computer (two screens, or a desk restarted on another table's file) never sign each
    other's sheets with the other referee's name."""
    where = hashlib.sha256(str(database.resolve()).encode("utf-8")).hexdigest()[:16]
    return f"{EVENT_REFEREE}/{where}"


EVENT_BY_RACKS = "event/by_racks"
"""This desk's table has no referee: the organizer's matches start scored by racks (spec 1.3 §2a)."""
"""The referee of this desk, asked once when it first starts a match the organizer sent."""
DEMO_DB = "demo.db"
"""The demo database's file name (`referee-app --demo`), beside the desk's own."""


class DeskWindow(QMainWindow):
    def __init__(
        self,
        controller: DeskController,
        settings: QSettings,
        languages: Languages | None = None,
        keys_later: bool = False,
    ) -> None:
        """With `keys_later`, the menu shortcuts wait for `install_shortcuts()`: the first one
        set loads Qt's key tables into Python (~30 ms), which can come after the first paint."""
        super().__init__()
        self._shortcuts: list[tuple[QAction, str]] = []
        self.setObjectName("deskWindow")
        self.controller = controller
        self.settings = settings
        self.languages = languages or Languages(settings)
        self.dialog: QWidget | None = None
        self._standing: tuple[Notice, Callable[[], str]] | None = None
        apply_dark(self)
        room = self.screen().availableGeometry()  # the screen less its task bars
        self.resize(min(1366, room.width()), min(768, room.height()))
        self.pages = QStackedWidget(self)
        self.pages.setObjectName("pages")
        self.setCentralWidget(self.pages)
        self._desk_page: DeskPage | None = None
        self.overlay: LiveOverlay | None = None
        self.players_clock: PlayersClock | None = None
        self.event_link: EventLinkController | None = None
        self.tournament_window: TournamentWindow | None = None
        self.freezes_on_open = False
        """The app (not a test) freezes what is loaded once the tournament window is built (`pauses`)."""
        self._build_start_page()
        self.matches.back_button.hide()  # no match open yet
        self._build_menus()
        controller.state_changed.connect(self.show_state)
        controller.notice.connect(self.show_notice)
        controller.match_opened.connect(self._match_opened)
        if not keys_later:
            self.install_shortcuts()
        self.retranslate()
        if controller.store is not None:
            self.matches.refresh()
        self.pages.setCurrentWidget(self.start_page)
        self.match_list.setFocus()  # arrows and Enter pick a match; the first line edit would take them

    # --- construction ----------------------------------------------------------------
    def _build_start_page(self) -> None:
        self.matches = MatchesPage(self.controller, self.pages)
        self.matches.language = lambda: self.languages.current
        self.matches.open_requested.connect(self.open_match)
        self.matches.back_requested.connect(self.back_to_desk)
        self.matches.new_requested.connect(self.new_match)
        self.matches.demo_requested.connect(self.load_demo)
        self.match_list = self.matches.match_list
        self.start_page = self.matches
        self.pages.addWidget(self.matches)

    @property
    def desk_page(self) -> DeskPage:
        """The desk page, built the first time it is needed (after the window has painted)."""
        if self._desk_page is None:
            from referee_desk.desk.page import DeskPage  # deferred: most of the desk's imports

            self._desk_page = DeskPage(self.controller, self.pages)
            self._desk_page.clock.remember(self.settings)
            self._desk_page.finished_panel.new_match_requested.connect(self.next_or_new_match)
            self.pages.addWidget(self._desk_page)
        return self._desk_page

    def _action(self, name: str, key: str, slot: Callable[[], object]) -> QAction:
        action = QAction(self)
        action.setObjectName(name)
        self._shortcuts.append((action, key))
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    def install_shortcuts(self) -> None:
        from PySide6.QtGui import QKeySequence  # here: its tables are part of what waits for the first paint

        for action, key in self._shortcuts:
            action.setShortcut(QKeySequence(key))
        self._shortcuts.clear()

    def _build_menus(self) -> None:
        bar = self.menuBar()
        light_menus(bar)
        self.match_menu = bar.addMenu("")
        self.act_new = self._action("actionNewMatch", "Ctrl+N", self.new_match)
        self.act_matches = self._action("actionMatches", "Ctrl+O", self.show_start)
        self.act_demo = self._action("actionDemo", "Ctrl+D", self.load_demo)
        self.act_replay = self._action("actionReplay", "Ctrl+R", self.open_replay)
        self.act_undo = self._action("actionUndo", "Ctrl+Z", self.undo)
        self.act_redo = self._action("actionRedo", "Ctrl+Shift+Z", self.redo)
        self.act_void = self._action("actionVoid", "", lambda: self.decide("void"))
        self.act_overlay = self._action("actionOverlay", "Ctrl+L", self.open_overlay)
        self.act_players_clock = self._action("actionPlayersClock", "Ctrl+Shift+K", self.open_players_clock)
        self.act_quit = self._action("actionQuit", "Ctrl+Q", self.close)
        self.act_back = self._action("actionBackToDesk", "Escape", self._escape)
        for act in (self.act_new, self.act_matches, self.act_demo, self.act_replay, self.act_undo, self.act_redo):
            self.match_menu.addAction(act)
        self.match_menu.addAction(self.act_void)
        self.match_menu.addSeparator()
        self.match_menu.addAction(self.act_overlay)
        self.match_menu.addAction(self.act_players_clock)
        self.match_menu.addSeparator()
        self.match_menu.addAction(self.act_quit)
        self.decisions_menu = bar.addMenu("")
        self.act_penalty = self._action("actionPenalty", "Ctrl+Shift+P", lambda: self.decide("penalty"))
        self.act_concede = self._action("actionConcede", "Ctrl+Shift+C", lambda: self.decide("concede"))
        self.act_stalemate = self._action("actionStalemate", "Ctrl+Shift+S", lambda: self.decide("stalemate"))
        self.act_note = self._action("actionNote", "Ctrl+T", lambda: self.decide("note"))
        for act in (self.act_penalty, self.act_concede, self.act_stalemate, self.act_note):
            self.decisions_menu.addAction(act)
        self.event_menu = bar.addMenu("")
        self.act_connect = self._action("actionConnect", "", self.open_connect)
        self.act_disconnect = self._action("actionDisconnect", "", self.disconnect_event)
        self.act_next = self._action("actionNextMatch", "Ctrl+Shift+N", self.start_next_match)
        self.act_here_a = self._action("actionHereA", "Ctrl+1", lambda: self.mark_here(0))
        self.act_here_b = self._action("actionHereB", "Ctrl+2", lambda: self.mark_here(1))
        self.act_by_racks = self._action(
            "actionEventByRacks", "", lambda: self.settings.setValue(EVENT_BY_RACKS, self.act_by_racks.isChecked())
        )
        self.act_by_racks.setCheckable(True)
        self.act_by_racks.setChecked(bool(self.settings.value(EVENT_BY_RACKS, False, type=bool)))
        for act in (self.act_connect, self.act_disconnect, self.act_next, self.act_here_a, self.act_here_b,
                    self.act_by_racks):  # fmt: skip
            self.event_menu.addAction(act)
        self.organizer_menu = bar.addMenu("")
        self.organizer_menu.setObjectName("organizerMenu")
        self.act_tournament = self._action("actionTournament", "Ctrl+Shift+T", self.open_tournament)
        self.organizer_menu.addAction(self.act_tournament)
        self.help_menu_actions()
        self.language_menu = bar.addMenu("")
        self.language_actions = self._choices("language", dict(LANGUAGES), self.set_language)
        self.language_menu.addSeparator()
        self.keyboard_actions = self._choices("pocketKeys", dict.fromkeys(keyboard.ROWS, ""), self.set_keyboard)
        keyboard.choose(keyboard.initial(self.settings))
        self.keyboard_actions[keyboard.current()].setChecked(True)

    def help_menu_actions(self) -> None:
        """Help: the desk's keys in one chart (how to record a dry break, a foul break...)."""
        self.help_menu = self.menuBar().addMenu("")
        self.act_keys = self._action("actionKeys", "", self.show_keys)
        self.help_menu.addAction(self.act_keys)

    def show_keys(self) -> None:
        from referee_desk.desk.dialogs import KeysDialog

        dialog = KeysDialog(self)
        self.dialog = dialog
        dialog.show()

    def _choices(self, prefix: str, labels: dict[str, str], choose: Callable[[str], None]) -> dict[str, QAction]:
        """One checked item out of several in the Language menu (a language, a keyboard)."""
        group = QActionGroup(self)
        actions = {}
        for code, label in labels.items():
            act = QAction(label, self)
            act.setObjectName(f"{prefix}_{code}")
            act.setCheckable(True)
            act.triggered.connect(lambda _=False, c=code: choose(c))
            group.addAction(act)
            self.language_menu.addAction(act)
            actions[code] = act
        return actions

    # --- language --------------------------------------------------------------------
    def set_language(self, code: str) -> None:
        """Switch languages now: the LanguageChange events Qt posts are delivered at once."""
        if self.languages.switch(code):
            QCoreApplication.sendPostedEvents(None, QEvent.Type.LanguageChange)
            self.language_actions[code].setChecked(True)

    def set_keyboard(self, name: str) -> None:
        """The pocket keys for this keyboard: the same physical keys, whatever letters they type."""
        if keyboard.choose(name, self.settings):
            self.keyboard_actions[name].setChecked(True)
            if self._desk_page is not None:
                self._desk_page.follow_keyboard()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            try:
                self.retranslate()
            except Exception:  # an exception escaping into Qt's event delivery crashes PySide: say it instead
                sys.excepthook(*sys.exc_info())
        super().changeEvent(event)

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("10-ball referee desk"))
        self.match_menu.setTitle(self.tr("&Match"))
        self.decisions_menu.setTitle(self.tr("&Decisions"))
        self.language_menu.setTitle(self.tr("&Language"))
        self.event_menu.setTitle(self.tr("&Event"))
        self.organizer_menu.setTitle(self.tr("&Organizer"))
        self.act_tournament.setText(menu_text(self.tr("Tournament… [Ctrl+Shift+T]")))
        self.help_menu.setTitle(self.tr("&Help"))
        self.act_keys.setText(self.tr("The desk's keys…"))
        self.act_connect.setText(self.tr("Connect to the event…"))
        self.act_disconnect.setText(self.tr("Disconnect from the event"))
        self.act_next.setText(menu_text(self.tr("Start the next match on this table [Ctrl+Shift+N]")))
        self.act_here_a.setText(menu_text(self.tr("The next match's first player is at the table [Ctrl+1]")))
        self.act_here_b.setText(menu_text(self.tr("The next match's second player is at the table [Ctrl+2]")))
        self.act_by_racks.setText(self.tr("No referee at this table: the next matches scored by racks"))
        self.act_new.setText(menu_text(self.tr("New match… [Ctrl+N]")))
        self.act_matches.setText(menu_text(self.tr("Matches… [Ctrl+O]")))
        self.act_demo.setText(menu_text(self.tr("Load the demo matches [Ctrl+D]")))
        self.act_replay.setText(menu_text(self.tr("Replay this match [Ctrl+R]")))
        self.act_undo.setText(menu_text(self.tr("Undo the last event [Ctrl+Z]")))
        self.act_redo.setText(menu_text(self.tr("Redo the undone event [Ctrl+Shift+Z]")))
        self.act_void.setText(self.tr("Void this match…"))
        self.act_overlay.setText(menu_text(self.tr("Live overlay… [Ctrl+L]")))
        self.act_players_clock.setText(menu_text(self.tr("Shot clock for the players [Ctrl+Shift+K]")))
        self.act_quit.setText(menu_text(self.tr("Quit [Ctrl+Q]")))
        self.act_penalty.setText(menu_text(self.tr("Penalty… [Ctrl+Shift+P]")))
        self.act_concede.setText(menu_text(self.tr("Concession… [Ctrl+Shift+C]")))
        self.act_stalemate.setText(menu_text(self.tr("Stalemate… [Ctrl+Shift+S]")))
        self.act_note.setText(menu_text(self.tr("Note… [Ctrl+T]")))
        self.language_actions[self.languages.current].setChecked(True)
        self.keyboard_actions["qwerty"].setText(self.tr("Pocket keys Q W E / A S D (QWERTY keyboard)"))
        self.keyboard_actions["azerty"].setText(self.tr("Pocket keys A Z E / Q S D (AZERTY keyboard)"))
        if self._standing is not None:
            self._put_notice(self._standing[0], self._standing[1]())
        self.matches.retranslate()
        if self._desk_page is not None:
            self._desk_page.retranslate()

    # --- matches ---------------------------------------------------------------------
    def refresh_match_list(self) -> None:
        self.matches.refresh()

    def show_start(self) -> None:
        self.refresh_match_list()
        self.matches.back_button.setVisible(self.controller.session is not None)
        self.pages.setCurrentWidget(self.start_page)
        self.match_list.setFocus()

    def _escape(self) -> None:
        if self.pages.currentWidget() is self.start_page:
            self.back_to_desk()

    def back_to_desk(self) -> None:
        """From the Matches page to the match open on the desk (Esc, or its button)."""
        if self.controller.session is not None:
            self.pages.setCurrentWidget(self.desk_page)

    def open_match(self, match_id: str) -> bool:
        return self.controller.open_match(match_id)

    def _match_opened(self, match_id: str) -> None:
        self.settings.setValue(LAST_MATCH, match_id)
        self.settings.sync()
        self.pages.setCurrentWidget(self.desk_page)
        self.desk_page.history.show_history(None)

    def resume(self) -> bool:
        """Open the match the desk had open last, exactly where its log stands."""
        match_id = self.settings.value(LAST_MATCH, "", type=str)
        store = self.controller.store
        if match_id and store is not None and store.has_match(str(match_id)):
            return self.open_match(str(match_id))
        return False

    def known_names(self) -> list[str]:
        """The players of this database's matches (never the demo's made-up ones in a real database)."""
        names: set[str] = set()
        for row in self.controller.store.match_rows() if self.controller.store else []:
            names.update((row.player_a, row.player_b))
        return sorted(names)

    def new_match(self) -> None:
        """The new-match dialog; when the open match is still in progress, the desk asks first."""
        state = self.controller.state
        if state is not None and not state.over:
            from referee_desk.questions import ask

            self.dialog = ask(
                self,
                "leaveMatchQuestion",
                self.tr("New match"),
                self.tr(
                    "{a} v {b} is in progress ({sa}–{sb}). Leave it for a new match? It stays in progress; "
                    "if it was started by mistake, void it (Match > Void this match…)."
                ).format(a=state.setup.players[0], b=state.setup.players[1], sa=state.score.a, sb=state.score.b),
                (self.tr("New match"), "leaveMatchYes"),
                (self.tr("Stay on this match"), "leaveMatchNo"),
                lambda leave: self._new_match_dialog() if leave else None,
            )
            return
        self._new_match_dialog()

    def _new_match_dialog(self) -> None:
        from referee_desk.desk.dialogs import NewMatchDialog

        table = event = ""
        link = self.event_link
        if link is not None and link.pusher is not None:  # connected: this desk's table, the event's name
            table = link.pusher.link.table
            upcoming = link.next_assignment
            event = upcoming.event if upcoming is not None else ""
        dialog = NewMatchDialog(self.known_names(), self, table=table, event=event)
        dialog.created.connect(self._create)
        self.dialog = dialog
        dialog.open()

    def _create(self, setup: MatchStarted) -> None:
        if self.event_link is not None:
            setup = self.event_link.adopt(setup)  # the table's assignment, when these are its players
        self.controller.new_match(setup)

    def load_demo(self) -> None:
        """The demo matches, in the demo database only: on a real database, a second desk opens on
        the demo database (`--demo`), so made-up matches never mix with real ones nor reach an event."""
        from referee_app.organizer.demo import load_demo

        store = self.controller.store
        if store is None:
            return
        if store.path.name != DEMO_DB:
            started = self.demo_launcher()
            if started:
                self.controller.inform(
                    self.tr("The demo matches open in a desk of their own: they never mix with this database's.")
                )
            else:
                self.controller.warn(Notice.ERROR, self.tr("The demo desk could not be started."))
            return
        self.controller.operate(self.tr("Loading the demo matches"), lambda: load_demo(store))
        self.show_start()

    @staticmethod
    def demo_launcher() -> bool:
        """Start `referee-app --demo` as a process of its own (this desk keeps its database)."""
        import sys

        from PySide6.QtCore import QProcess

        if getattr(sys, "frozen", False):  # the app bundle: its executable is the app
            return bool(QProcess.startDetached(sys.executable, ["--demo"])[0])
        return bool(QProcess.startDetached(sys.executable, ["-m", "referee_desk.main", "--demo"])[0])

    # --- decisions and replay ------------------------------------------------------
    def record(self, event: Event) -> bool:
        return self.controller.record(event)

    def undo(self) -> None:
        if self.controller.session is not None:
            self.desk_page.request_undo()

    def redo(self) -> None:
        if self.controller.session is not None:
            self.controller.redo()

    def decide(self, kind: str) -> None:
        state = self.controller.state
        if state is None:
            return
        from referee_desk.desk.dialogs import DecisionDialog

        dialog = DecisionDialog(kind, state, self)
        dialog.decided.connect(self.record)
        self.dialog = dialog
        dialog.open()

    def open_replay(self) -> None:
        if self.controller.session is None:
            return
        from referee_desk.desk.replay_view import ReplayDialog

        dialog = ReplayDialog(self.controller.session.history, self)
        self.dialog = dialog
        dialog.show()

    # --- live overlay -----------------------------------------------------------------
    def live_overlay(self) -> LiveOverlay:
        """The overlay's feeder, made on first use (nothing of it loads before then)."""
        if self.overlay is None:
            from referee_desk.overlay.feeder import LiveOverlay

            self.overlay = LiveOverlay(self.controller, lambda: self.languages.current, self)
        return self.overlay

    def start_overlay(self, port: int, lan: bool = False) -> bool:
        return self.live_overlay().start(port, lan)

    def open_players_clock(self) -> None:
        """The shot clock in large figures for the players (full screen on a second screen)."""
        if self.players_clock is None:
            from referee_desk.desk.clock_window import PlayersClock

            self.players_clock = PlayersClock(self.controller, self.desk_page.clock)
        self.players_clock.show_for_players(self)

    def open_overlay(self) -> None:
        from referee_desk.overlay.dialog import OverlayDialog

        dialog = OverlayDialog(self.live_overlay(), self.settings, self)
        self.dialog = dialog
        dialog.show()

    # --- the tournament ---------------------------------------------------------------
    def open_tournament(self) -> None:
        """Organizer > Tournament: its own window, made on first use."""
        if self.tournament_window is None:
            from referee_desk.tournament.window import TournamentWindow  # deferred: not needed to referee

            self.tournament_window = TournamentWindow(store=self.controller.store, settings=self.settings)
            if self.freezes_on_open:
                from referee_desk.pauses import freeze_what_is_loaded

                freeze_what_is_loaded()  # the window's full-collection pauses: only what comes after it
        self.tournament_window.show()
        self.tournament_window.raise_()
        self.tournament_window.activateWindow()

    # --- the live event ---------------------------------------------------------------
    def link(self) -> EventLinkController:
        """The desk's link to the event, made on first use (or when a remembered link resumes)."""
        if self.event_link is None:
            from PySide6.QtWidgets import QPushButton
            from referee_desk.venue.link import EventLinkController, LinkLight
            from referee_desk.venue.link_notices import LinkNotices

            self.event_link = EventLinkController(self.controller, self)
            self.event_link.reported.connect(self._link_reported)
            LinkNotices(self.event_link, self.controller)  # a notice when the server goes away, and when back
            self.light: LinkLight = LinkLight(self)
            self.light.connect_requested.connect(self.open_connect)
            self.next_label = QLabel(self)
            self.next_label.setObjectName("nextMatch")
            self.next_button = QPushButton(self)
            self.next_button.setObjectName("nextMatchStart")
            self.next_button.clicked.connect(self.start_next_match)
            from referee_desk.venue.call_panel import CallPanel

            self.call_panel = CallPanel(self)
            self.call_panel.here.connect(self.event_link.mark_here)
            self.statusBar().addWidget(self.light)
            self.statusBar().addPermanentWidget(self.call_panel)
            self.statusBar().addPermanentWidget(self.next_label)
            self.statusBar().addPermanentWidget(self.next_button)
            self.statusBar().hide()
        return self.event_link

    def resume_event_link(self) -> None:
        """At start: reconnect to the event this desk was connected to (nothing if none)."""
        from referee_app.venue.pusher import link_path

        store = self.controller.store
        if store is not None and link_path(store.path).exists():
            self.link().resume()

    def open_connect(self) -> None:
        from referee_desk.venue.link import ConnectDialog

        link = self.link()
        current = link.pusher.link if link.pusher is not None else None
        dialog = ConnectDialog(current, self, check=link.check)
        dialog.chosen.connect(link.connect_to)
        self.dialog = dialog
        dialog.open()

    def disconnect_event(self) -> None:
        if self.event_link is not None:
            self.event_link.leave()

    def next_or_new_match(self) -> None:
        """The finished match's big button: the match the organizer sent to this table when one
        waits (as Ctrl+Shift+N), else the new-match form."""
        state = self.controller.state
        link = self.event_link
        if link is not None and link.next_assignment is not None and (state is None or state.over):
            self.start_next_match()
        else:
            self.new_match()

    def mark_here(self, seat: int) -> None:
        """The referee marks a player of the match sent to this table at the table (Ctrl+1, Ctrl+2):
        their late-start clock stops on the organizer's laptop."""
        if self.event_link is not None and self.event_link.next_assignment is not None:
            self.call_panel.mark(seat)

    def start_next_match(self) -> None:
        """The table's next match, one key; the referee's name is asked once on this desk (when the
        organizer named none) and remembered."""
        link = self.event_link
        if link is None or link.next_assignment is None:
            return
        from referee_app.game.vocab import Scoring

        # the players score it (this desk has no referee, or the organizer sent it so): no referee to name, no clock
        if self.act_by_racks.isChecked() or link.next_assignment.scoring is Scoring.RACKS:
            link.start_next(scoring=Scoring.RACKS)
            return
        store = self.controller.store
        key = referee_setting(store.path) if store is not None else EVENT_REFEREE
        referee = str(self.settings.value(key, "", type=str))
        if link.next_assignment.referee or referee:
            link.start_next(referee)
            return
        from PySide6.QtWidgets import QInputDialog

        question = QInputDialog(self)
        question.setObjectName("refereeQuestion")
        question.setWindowTitle(self.tr("The referee"))
        question.setLabelText(self.tr("Your name, for the match sheets (asked once on this desk):"))
        question.setTextValue("")

        def answered(name: str) -> None:
            name = name.strip()[:200]
            if name:
                self.settings.setValue(key, name)
            if self.event_link is not None:
                self.event_link.start_next(name)

        question.textValueSelected.connect(answered)
        self.dialog = question
        question.open()

    def _link_reported(self, report: object) -> None:
        assert self.event_link is not None
        self.statusBar().setVisible(report is not None)
        pusher = self.event_link.pusher
        self.light.show_report(report, pusher.link.table if pusher is not None else "")  # type: ignore[arg-type]
        upcoming = self.event_link.next_assignment
        marking = getattr(report, "marking", ())
        self.call_panel.show_call(upcoming, tuple(p for a, p in marking if upcoming is not None and a == upcoming.id))
        self.next_label.setVisible(upcoming is not None)
        self.next_button.setVisible(upcoming is not None)
        if upcoming is not None:
            self.next_label.setText(
                self.tr("Next match on this table: {a} v {b}").format(a=upcoming.players[0], b=upcoming.players[1])
            )
            self.next_button.setText(self.tr("Start it [Ctrl+Shift+N]"))
        if self._desk_page is not None:  # the finished match's big button says which match it starts
            big = self._desk_page.finished_panel.next
            big.setText(
                self.tr("New match [N]")
                if upcoming is None
                else self.tr("Next match: {a} v {b} [N]").format(a=upcoming.players[0], b=upcoming.players[1])
            )

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.event_link is not None:
            self.event_link.stop()
        if self.overlay is not None:
            self.overlay.stop()  # the port is free for the next start at once
        if self.tournament_window is not None:
            self.tournament_window.close()
        if self.players_clock is not None:
            self.players_clock.close()  # a second top-level window would keep the app running
        super().closeEvent(event)

    # --- rendering -------------------------------------------------------------------
    def show_notice(self, level: Notice, text: str) -> None:
        """The one place the notice channel arrives: shown on the start page and on the desk."""
        self._standing = None
        self._put_notice(level, text)

    def show_standing_notice(self, level: Notice, text: Callable[[], str]) -> None:
        """A notice that is a standing hint rather than a report ("No matches yet..."): said
        again in the new language on a switch, until another notice replaces it."""
        self._standing = (level, text)
        self._put_notice(level, text())

    def _put_notice(self, level: Notice, text: str) -> None:
        show_notice(self.matches.notice, level, text)
        if self._desk_page is not None:
            self._desk_page.show_notice(level, text)

    def show_state(self, state: State) -> None:
        can = self.desk_page.show_state(state)
        self.act_penalty.setEnabled(can.penalty_foul or can.penalty_rack or can.penalty_match)
        self.act_concede.setEnabled(can.concede)
        self.act_stalemate.setEnabled(can.stalemate)
        self.act_void.setEnabled(can.void)

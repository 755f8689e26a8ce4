"""Organizer > Tournament: entries, the format and the draw, the bracket, results, the tables.

Every change is a decision recorded through the tournament's session (refused with the engine's
reason, or kept and shown); every tab re-renders from the state after it. The window holds the
session, the notice strip and the tabs (one module each); every action has a key, on its button.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from PySide6.QtCore import QEvent, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent
from PySide6.QtWidgets import QComboBox, QLabel, QMainWindow, QMessageBox, QTabWidget, QVBoxLayout, QWidget
from referee_desk.i18n import qt_translate
from referee_desk.notices import BASE_STYLE, Notice, NoticeChannel, show_notice
from referee_desk.theme import BACKGROUND, TEXT, apply_dark
from referee_desk.tournament.bracket_tab import BracketTab
from referee_desk.tournament.door_tab import DoorTab
from referee_desk.tournament.draw_tab import DrawTab
from referee_desk.tournament.entries_tab import EntriesTab
from referee_desk.tournament.parts import Shown, fit_placeholder, window_key
from referee_desk.tournament.results_tab import ResultsTab
from referee_desk.tournament.session import SignalledSession, said
from referee_desk.tournament.tables_tab import TablesTab

from referee_app.event.follow import HeldTournament
from referee_app.event.session import DbThread, MemoryLog, ThreadedLog, TournamentLog, TournamentSession
from referee_app.log.store import Store, StoreError
from referee_app.tournament import show, wording
from referee_app.tournament.state import State
from referee_app.words.localtime import local_date

TABS = ("entries", "draw", "bracket", "results", "queue", "door")


class TournamentWindow(QMainWindow):
    """One tournament, in five tabs; everything is also on the keyboard."""

    followed = Signal(object, object, bool)
    """The follower's new state (session, state, written by another program): taken here."""
    logs_moved = Signal()
    """The database moved without the tournament's log (a phone's tap): the phone logs read again."""
    unfollowed = Signal(object, object)
    """The follower could not read the log (session, error)."""

    def __init__(
        self,
        log: TournamentLog | None = None,
        tournament_id: str = "",
        parent: QWidget | None = None,
        store: Store | None = None,
        settings: QSettings | None = None,
    ) -> None:
        """With `store` (the organizer's database) the tournaments are kept there, the newest opened
        first; `log` is one tournament's log given directly (in memory by default). With `settings`
        the web page and the event server left on come back when the window opens again."""
        super().__init__(parent)
        self.setObjectName("tournamentWindow")
        self.notices = NoticeChannel(self)
        """The window's notice channel: `say` speaks on it, the notice strip shows it."""
        self.notices.notice.connect(self._show_said)
        self.resize(1280, 760)
        self.store = store
        self.opening_error = ""
        self.db_thread: DbThread | None = None
        """The thread the tournament's database is written on (the window's and its phone tables'
        decisions, one at a time, through one session)."""
        self.held: HeldTournament | None = None
        """The tournament as this process holds it (kept in the database): its follower."""
        if log is None and store is not None:
            known = store.tournaments()
            log = self._log_of(known[-1].tournament_id if known else None)
        self.session = self._session(log or MemoryLog(), tournament_id)
        self.dialog: QWidget | None = None
        self.shown = Shown()
        central = QWidget(self)
        layout = QVBoxLayout(central)
        self.notice = QLabel(self)
        self.notice.setObjectName("tournamentNotice")
        self.notice.setWordWrap(True)
        apply_dark(self.notice)  # the notices' colours are the desk's: light words on its dark strip
        self.notice.setAutoFillBackground(True)
        self.disputes = QLabel(self)
        self.disputes.setObjectName("disputeBanner")  # "Table 5: result disputed", until it is settled
        self.disputes.setWordWrap(True)
        self.disputes.setStyleSheet(f"{BASE_STYLE}background: #b71c1c; color: white; font-weight: bold;")
        self.disputes.hide()
        self.calls = QLabel(self)
        self.calls.setObjectName("callBanner")  # "Table 5: Ana Lopez v Ben Novak · Ben Novak: not at the table, 7 min…"
        self.calls.setWordWrap(True)
        self.calls.setStyleSheet(f"{BASE_STYLE}background: #ffd23f; color: #111; font-weight: bold;")
        self.calls.hide()
        self.now: Callable[[], datetime] = lambda: datetime.now(UTC)
        """The time source of the minutes since each call (the tests move it on)."""
        self.call_timer = QTimer(self)
        self.call_timer.timeout.connect(self._show_calls)
        self.call_timer.start(15_000)  # the minutes move on
        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("tournamentTabs")
        self.choice = QComboBox(self)
        self.choice.setObjectName("tournamentChoice")
        self.choice.setVisible(store is not None)
        self.choice.activated.connect(self._chosen)
        self.choice.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)  # the whole name
        self.choice.setMaximumWidth(self.choice.fontMetrics().averageCharWidth() * 72)
        self.tabs.setCornerWidget(self.choice, Qt.Corner.TopRightCorner)
        layout.addWidget(self.disputes)
        layout.addWidget(self.calls)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.notice)
        self.setCentralWidget(central)
        self.entries_page = EntriesTab(self, self)
        self.draw_page = DrawTab(self, self)
        self.bracket_page = BracketTab(self, self)
        self.results_page = ResultsTab(self, self)
        self.queue_page = TablesTab(self, self)
        self.queue_page.connections.settings = settings
        self.door_page = DoorTab(self, self)
        self.pages = (self.entries_page, self.draw_page, self.bracket_page, self.results_page, self.queue_page,
                      self.door_page)  # fmt: skip
        for page in self.pages:
            self.tabs.addTab(page, "")
        self.later: list[DrawTab | BracketTab | ResultsTab | TablesTab | DoorTab] = []
        """The tabs still to draw after a move from elsewhere, one an event-loop turn (`refresh`)."""
        self.drawing = QTimer(self)
        self.drawing.setSingleShot(True)
        self.drawing.setInterval(0)
        self.drawing.timeout.connect(self._draw_later)
        self.from_elsewhere = False
        """The refresh under way shows a move read from elsewhere (the phones' server, the command line)."""
        self._choice_of: tuple[str, str | None] | None = None
        """The tournament the choice list was filled for (its id and name): filled again when it changes."""
        self.tabs.currentChanged.connect(self._tab_shown)
        self.draw_page.created.connect(lambda: self.tabs.setCurrentWidget(self.entries_page))
        self.draw_page.drawn.connect(self._drawn)
        for i, name in enumerate(TABS, start=1):
            self.key(f"actionTab_{name}", f"Ctrl+{i}", self._tab_key(i - 1))
        self.followed.connect(self._followed)
        self.logs_moved.connect(self.results_page.follow_phones)  # a phone match over: its log, not this one
        self.unfollowed.connect(self._unfollowed)
        self.retranslate()
        self.refresh()
        self.tabs.setCurrentWidget(self.draw_page if self.session.state is None else self.entries_page)
        self._follow()
        if self.opening_error:
            self.say(Notice.ERROR, self.opening_error)
        else:
            self.queue_page.connections.resume()

    def _log_of(self, tournament_id: str | None) -> TournamentLog:
        """The log of a tournament of the window's database, on the database's thread (None: a
        new one, created there by its first decision)."""
        assert self.store is not None
        if self.db_thread is None:
            self.db_thread = DbThread("tournament-db")
        return ThreadedLog(self.store.path, tournament_id, self.db_thread)

    def _follow(self) -> None:
        """Follow the session's log (one follower per tournament held): each new state, the
        window's own decisions', its phone tables' and another program's, comes to `_followed`."""
        core = self.session.core
        if not isinstance(core.log, ThreadedLog) or (self.held is not None and self.held.session is core):
            return
        held = self.held = HeldTournament(core)
        held.follower.subscribe(lambda state, elsewhere: self.followed.emit(core, state, elsewhere))
        held.follower.subscribe_logs(self.logs_moved.emit)
        held.follower.on_failure = lambda exc: self.unfollowed.emit(core, exc)
        held.start()

    def follow(self, quiet: bool = False) -> bool:
        """Look at the log now rather than at the follower's next look (another program wrote it);
        False: there is no follower (a tournament held in memory)."""
        if self.held is None:
            return False
        self.held.follower.poke()
        return True

    def _followed(self, core: TournamentSession, state: State, elsewhere: bool) -> None:
        """On this thread: a new state of the tournament (the phones', another program's) shown,
        unless it is shown already (the window's own decision) or the window moved on."""
        if core is not self.session.core or self.shown.state is core.state:
            return
        self.from_elsewhere = True
        try:
            self.session.changed.emit()
        finally:
            self.from_elsewhere = False
        if elsewhere:
            self._shown_again()

    def _unfollowed(self, core: TournamentSession, exc: BaseException) -> None:
        if core is self.session.core:
            self.session.unreadable(exc)

    def _shown_again(self) -> None:
        self.say(
            Notice.INFO, self.tr("Shown again: the tournament was changed elsewhere (a merged desk, the command line).")
        )

    def _session(self, log: TournamentLog, tournament_id: str = "") -> SignalledSession:
        """The session of `log`; a tournament that cannot be read whole is refused, and a new one offered."""
        try:
            session = SignalledSession(log, tournament_id, self)
        except (StoreError, ValueError, RecursionError) as exc:
            self.opening_error = self.tr("This tournament cannot be opened: {why}").format(why=said(exc))
            session = SignalledSession(self._log_of(None) if self.store is not None else MemoryLog(), "", self)
        session.changed.connect(self.refresh)
        session.refused.connect(lambda text: self.say(Notice.REFUSAL, text))
        return session

    def open_tournament(self, tournament_id: str | None) -> None:
        """Show another tournament of the database (None: a new one, created from the Draw tab)."""
        assert self.store is not None
        old, held = self.session, self.held
        self.opening_error = ""
        self.session = self._session(self._log_of(tournament_id))
        old.deleteLater()
        self.held = None
        self._follow()
        self.draw_page.clear()
        self.refresh(again=True)  # its phone tables served from the new session
        if held is not None:
            held.stop()  # once the site let go of it
        self.tabs.setCurrentWidget(self.draw_page if self.session.state is None else self.entries_page)
        self._focus_tab()
        if self.opening_error:
            self.say(Notice.ERROR, self.opening_error)
        else:
            self.queue_page.connections.resume()

    def _chosen(self, index: int) -> None:
        chosen = self.choice.itemData(index)
        if chosen != self.session.tournament_id or chosen is None:
            self.open_tournament(chosen)

    def _show_choice(self) -> None:
        if self.store is None:
            return
        self.choice.blockSignals(True)
        self.choice.clear()
        for t in self.store.tournaments():
            self.choice.addItem(f"{t.name} · {local_date(t.created_at)}", t.tournament_id)
        self.choice.addItem(self.tr("New tournament…"), None)
        current = self.choice.findData(self.session.tournament_id) if self.session.state is not None else -1
        self.choice.setCurrentIndex(current if current >= 0 else self.choice.count() - 1)
        self.choice.blockSignals(False)

    # --- what the tabs use (`parts.Desk`) ---------------------------------------------
    def key(self, name: str, key: str, slot: Callable[[], object]) -> QAction:
        return window_key(self, name, key, slot)

    def recording(self, match_id: str) -> tuple[str, str] | None:
        return self.queue_page.connections.recording(match_id)

    def go_to(self, tab: str) -> None:
        self._go_to(TABS.index(tab))

    def _tab_key(self, index: int) -> Callable[[], None]:
        return lambda: self._go_to(index)

    def _go_to(self, index: int) -> None:
        self.tabs.setCurrentIndex(index)
        self._focus_tab()

    def _drawn(self) -> None:
        self.tabs.setCurrentWidget(self.bracket_page)
        self.bracket_page.bracket.fit()

    def _focus_tab(self) -> None:
        """The keys go to the tab's main widget at once (its list, its first field, the bracket)."""
        page = self.tabs.currentWidget()
        draw = self.draw_page
        target: QWidget = {
            self.entries_page: self.entries_page.table,
            draw: draw.seed_edit if self.session.state is not None else draw.name_edit,
            self.bracket_page: self.bracket_page.bracket,
            self.results_page: self.results_page.table,
            self.queue_page: self.queue_page.tables_edit,
            self.door_page: self.door_page.search,
        }.get(page, page)
        target.setFocus()

    def say(self, level: Notice, text: str) -> None:
        self.notices.warn(level, text)

    def _show_said(self, level: Notice, text: str) -> None:
        show_notice(self.notice, level, text)
        if level is Notice.INFO:  # the desk's light words sit on its dark page; this window is light
            self.notice.setStyleSheet(f"{BASE_STYLE}background: {BACKGROUND}; color: {TEXT};")

    def ask(self, name: str, text: str, then: Callable[[], object], declined: str) -> QMessageBox:
        """Ask before a decision that takes much away; No is the default, `then` runs on Yes only
        (on No, `declined` is said: the organizer sees that nothing moved)."""
        from referee_desk.questions import ask

        def answered(yes: bool) -> None:
            if yes:
                then()
            else:
                self.say(Notice.INFO, declined)

        self.dialog = ask(self, name, self.tr("Tournament"), text, (self.tr("Yes"), "confirmYes"),
                          (self.tr("No"), "confirmNo"), answered)  # fmt: skip
        return self.dialog

    # --- language and refresh ------------------------------------------------------------
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
            self.refresh(again=True)  # the entry list's words change too
            self.results_page.table.resizeColumnsToContents()
        super().changeEvent(event)

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Tournament"))
        titles = (self.tr("&1 Entries"), self.tr("&2 Draw"), self.tr("&3 Bracket"), self.tr("&4 Results"),
                  self.tr("&5 Tables and queue"), self.tr("&6 Door and calls"))  # fmt: skip
        for i, title in enumerate(titles):
            self.tabs.setTabText(i, title)
        for page in self.pages:
            page.retranslate()
        edits = (self.entries_page.reason_edit, self.bracket_page.find_edit, self.queue_page.tables_edit,
                 self.draw_page.seed_edit)  # fmt: skip
        for edit in edits:
            fit_placeholder(edit)
        self._labels_whole()

    def _labels_whole(self) -> None:
        """A field's label as wide as its glyphs' own box, not only their advance: the overhang of a
        last letter ("salle") is otherwise clipped against the field."""
        for label in self.findChildren(QLabel):
            if label.buddy() is not None and not label.wordWrap():
                text = label.text().replace("&", "")
                label.setMinimumWidth(label.fontMetrics().boundingRect(text).width() + 4)

    def refresh(self, again: bool = False) -> None:
        """Every tab again from the tournament's state (it is small); `again`: rebuilt whole. A move
        read from elsewhere (the phones move the tournament on every few seconds) draws the tab in
        view at once and the others one an event-loop turn: the window answers a key between them.
        A decision of the organizer's own is drawn in every tab at once."""
        state = self.session.state
        t = None if state is None else state.tournament
        view = show.view(t, self.session.tournament_id)
        self.shown = Shown(state, view, wording.names_of(t, qt_translate) if t is not None else {})
        title = self.tr("Tournament")
        self.setWindowTitle(title if t is None else f"{title} – {t.name}")
        self.entries_page.show_state(self.shown, again)
        later = self.from_elsewhere and not again and self.isVisible()
        self.later = [page for page in self.pages[1:] if later and page is not self.tabs.currentWidget()]
        for page in self.pages[1:]:
            if page not in self.later:
                page.show_state(self.shown)
        if self.later:
            self.drawing.start()
        choice_of = (self.session.tournament_id, None if t is None else t.name)
        if again or choice_of != self._choice_of:  # the database's list read only when it may differ
            self._choice_of = choice_of
            self._show_choice()
        lines = wording.dispute_lines(t, qt_translate) if t is not None else []
        if lines:
            lines.append(self.tr("Settle it on the Results tab (Ctrl+4): accept the phone's result or type another."))
        self.disputes.setText("\n".join(lines))
        self.disputes.setVisible(bool(lines))
        self._show_calls()

    def _show_calls(self) -> None:
        """The matches called to a table whose players are not all there: the minutes since the call
        and the calls made again, as the board and the pages say them."""
        from referee_app.event.calls import call_lines

        lines = call_lines(self.shown.view, self.now(), qt_translate)
        self.calls.setText("\n".join(lines))
        self.calls.setVisible(bool(lines))

    def _draw_later(self) -> None:
        """One tab still to draw after a move from elsewhere; the next on the next turn."""
        if self.later:
            self.later.pop(0).show_state(self.shown)
        if self.later:
            self.drawing.start()

    def _tab_shown(self, index: int) -> None:
        """A tab the organizer turns to is drawn before it is seen."""
        shown = self.tabs.widget(index)
        for page in [page for page in self.later if page is shown]:
            self.later.remove(page)
            page.show_state(self.shown)
        if shown is self.results_page:
            self.results_page.follow_phones()  # the phone logs, read only while the tab is in view

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.dialog is not None:
            self.dialog.close()
        self.queue_page.connections.close()
        self.queue_page.online_box.stop()
        held, self.held = self.held, None
        if held is not None:
            held.stop()
        if self.db_thread is not None:
            self.db_thread.stop()
        super().closeEvent(event)

"""The organizer's board window: every table live, and the next match sent to a table.

The board is assembled, Qt-free, by `referee_app.event.board_run` (the same for `referee-app
board --no-window`): its one reader of the live event hands each view to this window, which only
shows it. An assignment is written to the server by the organizer's role (`assign.AssignDialog`).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QLabel,
    QListWidget,
    QMainWindow,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)
from referee_desk.i18n import menu_text, qt_translate
from referee_desk.notices import BASE_STYLE, Notice, NoticeChannel, install_excepthooks, show_notice
from referee_desk.places import documents_folder, in_documents
from referee_desk.venue.assign import AssignDialog

from referee_app.game.vocab import Scoring, Seat, Status
from referee_app.venue import db
from referee_app.venue.board import NO_BOARD, BoardView, ServerState, TableRow
from referee_app.venue.model import Assignment, EventServerError, first_line

if TYPE_CHECKING:
    from referee_app.event.board_run import Board
    from referee_app.event.live import Plan
    from referee_app.event.published import BoardTournament
    from referee_app.log.merge import MergeReport
    from referee_app.venue.db import Conn
    from referee_app.web.server import WebServer


class _Bridge(QObject):
    """The watcher's thread hands each view to the window's thread through a queued signal."""

    changed = Signal(object)
    synced = Signal(object, str)  # the tournament's sync: Plan | None, error
    tournament = Signal(object)  # the tournament followed (a `BoardTournament`), when it changed


COLUMNS = ("table", "desk", "players", "score", "race", "rack", "at_table", "fouls", "last", "next", "finished")


class BoardWindow(QMainWindow):
    def __init__(self, conninfo: str, web_url: str = "", fingerprint: str = "", address: str = "") -> None:
        super().__init__()
        self.setObjectName("boardWindow")
        self.conninfo = conninfo
        self.fingerprint = fingerprint
        self.address = address
        self.notices = NoticeChannel(self)
        """The board's notice channel: every operation's outcome, the tournament's sync."""
        self.language = "en"
        """The window's language (set by `run_board`): the exported CSV's words and separator."""
        self.view = NO_BOARD
        self.setWindowTitle(self.tr("Event board"))
        central = QWidget(self)
        layout = QVBoxLayout(central)
        self.status = QLabel(self)
        self.status.setObjectName("boardStatus")
        self.notice = QLabel(self)
        self.notice.setObjectName("boardNotice")
        self.notice.setWordWrap(True)
        self.grid = QTableWidget(0, len(COLUMNS), self)
        self.grid.setObjectName("boardGrid")
        self.grid.setHorizontalHeaderLabels(
            [
                self.tr("Table"),
                self.tr("Desk"),
                self.tr("Players"),
                self.tr("Score"),
                self.tr("Race"),
                self.tr("Rack"),
                self.tr("At the table"),
                self.tr("Fouls"),
                self.tr("Last event"),
                self.tr("Next match"),
                self.tr("Finished here"),
            ]
        )
        self.grid.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.grid.verticalHeader().hide()
        self.pin = QLabel(
            fingerprint
            and self.tr("For the desks: server {address}, fingerprint {fingerprint}").format(
                address=address, fingerprint=fingerprint
            ),
            self,
        )
        self.pin.setObjectName("boardFingerprint")
        self.pin.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.web = QLabel(web_url and self.tr("Web page: {url}").format(url=web_url), self)
        self.web.setObjectName("boardWeb")
        self.web.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.disputes = QLabel(self)
        self.disputes.setObjectName("boardDisputes")  # "Table 5: result disputed": the organizer is called
        self.disputes.setWordWrap(True)
        self.disputes.setStyleSheet(BASE_STYLE + "background: #b71c1c; color: white; font-weight: bold;")
        self.disputes.hide()
        self.calls = QLabel(self)
        self.calls.setObjectName("boardCalls")  # "Table 5: Ana Lopez v Ben Novak · Ben Novak: not at the table, 7 min…"
        self.calls.setWordWrap(True)
        self.calls.setStyleSheet(
            BASE_STYLE + "background: #ffd23f; color: #111; font-weight: bold; font-size: 18px; padding: 6px;"
            " border: 3px solid #ff8f00;"
        )
        self.calls.hide()
        self.now: Callable[[], datetime] = lambda: datetime.now(UTC)
        """The time source of the minutes since each call (the tests move it on)."""
        from referee_app.event.voice import Announcer, SystemSpeaker

        self.announcer = Announcer(SystemSpeaker(), voice=False, tr=qt_translate)
        """The chime (and, Event > Speak the calls, the voice) of each new call; the tests hand it their speaker."""
        self.call_timer = QTimer(self)
        self.call_timer.timeout.connect(self._show_calls)
        self.call_timer.start(15_000)  # the minutes move on
        layout.addWidget(self.status)
        layout.addWidget(self.calls)
        layout.addWidget(self.disputes)
        layout.addWidget(self.notice)
        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("boardTabs")
        self.tabs.addTab(self.grid, self.tr("&Tables"))
        self.tournament_page: QWidget | None = None
        """The tournament followed (`board --tournament`): made when it is first published."""
        self.tournament_view: BoardTournament | None = None
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.pin)
        layout.addWidget(self.web)
        self.setCentralWidget(central)
        self.notices.notice.connect(self._notice)
        menu = self.menuBar().addMenu(self.tr("&Event"))
        self.act_assign = QAction(menu_text(self.tr("Send a match to a table… [Ctrl+N]")), self)
        self.act_assign.setObjectName("actionAssign")
        self.act_assign.setShortcut(QKeySequence("Ctrl+N"))
        self.act_assign.triggered.connect(self.open_assign)
        menu.addAction(self.act_assign)
        self.addAction(self.act_assign)
        self.act_add_table = QAction(menu_text(self.tr("Add a table… [Ctrl+T]")), self)
        self.act_add_table.setObjectName("actionAddTable")
        self.act_add_table.setShortcut(QKeySequence("Ctrl+T"))
        self.act_add_table.triggered.connect(self.open_add_table)
        menu.addAction(self.act_add_table)
        self.addAction(self.act_add_table)
        menu.addSeparator()
        self.act_withdraw = QAction(menu_text(self.tr("Withdraw a match not yet started…")), self)
        self.act_withdraw.setObjectName("actionWithdraw")
        self.act_withdraw.triggered.connect(self.open_withdraw)
        menu.addAction(self.act_withdraw)
        self.act_correct = QAction(menu_text(self.tr("Correct a match not yet started…")), self)
        self.act_correct.setObjectName("actionCorrect")
        self.act_correct.triggered.connect(self.open_correct)
        menu.addAction(self.act_correct)
        menu.addSeparator()
        self.act_pull = QAction(menu_text(self.tr("Pull the matches and export the day…")), self)
        self.act_pull.setObjectName("actionPullExport")
        self.act_pull.triggered.connect(self.open_pull_export)
        menu.addAction(self.act_pull)
        menu.addSeparator()
        self.act_voice = QAction(menu_text(self.tr("Speak the calls (French or English, offline)")), self)
        self.act_voice.setObjectName("actionSpeakCalls")
        self.act_voice.setCheckable(True)
        self.act_voice.toggled.connect(self._voice)
        menu.addAction(self.act_voice)
        self.dialog: AssignDialog | None = None
        self.bridge = _Bridge(self)
        self.bridge.changed.connect(self.show_view)
        self.bridge.synced.connect(self.show_sync)
        self.bridge.tournament.connect(self.show_tournament)
        self.show_view(self.view)

    def _notice(self, level: Notice, text: str) -> None:
        show_notice(self.notice, level, text)
        if level is Notice.INFO:  # the notices' light text is made for the desk's dark page, not this window
            self.notice.setStyleSheet(BASE_STYLE + "color: #1b5e20;")

    def show_view(self, view: BoardView) -> None:
        self.view = view
        server = view.server
        if server is ServerState.ONLINE:
            self.status.setText(self.tr("Event server: connected"))
        elif server is ServerState.ERROR:
            self.status.setText(self.tr("Event server: error, retrying: {reason}").format(reason=view.error))
        else:
            self.status.setText(self.tr("Event server: cannot be reached, retrying…"))
        tables = view.tables
        self.grid.setRowCount(len(tables))
        for row, table in enumerate(tables):
            for column, text in enumerate(self._cells(table, server is ServerState.ONLINE)):
                item = self.grid.item(row, column)
                if item is None:
                    item = QTableWidgetItem()
                    self.grid.setItem(row, column, item)
                if item.text() != text:
                    item.setText(text)
        self.grid.resizeColumnsToContents()

    def sync_refused(self, exc: Exception) -> None:
        """`board --tournament` with a wrong name or a damaged tournament: said on the board, in its
        language; the board goes on."""
        from referee_app.i18n import in_words

        self.show_sync(None, str(in_words(exc, qt_translate)))

    def show_sync(self, work: Plan | None, error: str) -> None:
        """A round of the tournament's sync (`board --tournament`): what it did, or what went wrong."""
        from referee_app.event.live import report_lines

        lines = report_lines(work, error, qt_translate)
        if lines:
            level = Notice.ERROR if any(line.problem for line in lines) else Notice.INFO
            self.notices.notice.emit(level, "\n".join(line.text for line in lines))

    def _tournament_tab(self) -> QWidget:
        from referee_desk.tournament.bracket_view import BracketView

        page = QWidget(self)
        page.setObjectName("boardTournament")
        layout = QVBoxLayout(page)
        self.tournament_title = QLabel(page)
        self.tournament_title.setObjectName("boardTournamentTitle")
        self.tournament_title.setWordWrap(True)
        split = QSplitter(page)
        self.bracket = BracketView(split)
        queue = QWidget(split)
        column = QVBoxLayout(queue)
        column.setContentsMargins(0, 0, 0, 0)
        self.queue_title = QLabel(self.tr("Waiting for a table:"), queue)
        self.queue_list = QListWidget(queue)
        self.queue_list.setObjectName("boardQueue")
        column.addWidget(self.queue_title)
        column.addWidget(self.queue_list, 1)
        split.addWidget(self.bracket)
        split.addWidget(queue)
        split.setStretchFactor(0, 4)
        split.setStretchFactor(1, 1)
        split.setSizes([880, 280])  # the bracket first; the queue is a column of short lines
        layout.addWidget(self.tournament_title)
        layout.addWidget(split, 1)
        return page

    def show_tournament(self, shown: BoardTournament) -> None:
        """The tournament the board follows: its bracket (both sides, the finals, the hot seat
        named) and the matches waiting for a table, in the window's language."""
        from referee_app.tournament import wording

        first = self.tournament_page is None
        if self.tournament_page is None:
            self.tournament_page = self._tournament_tab()
            self.tabs.addTab(self.tournament_page, self.tr("T&ournament"))
        self.tournament_view = shown
        view = shown.view
        names = shown.names_in(self.language)
        parts = [view.name, wording.status_word(view.status.value, qt_translate)]
        if shown.hot_seat:
            parts.append(self.tr("hot seat: {id}").format(id=shown.hot_seat))
        self.tournament_title.setText(" · ".join(p for p in parts if p))
        self._show_disputes(shown.disputes)
        self._show_calls()
        self.bracket.show_bracket(view, names=names)
        self.queue_list.clear()
        for mid in view.queue:
            m = view.match(mid)
            if m is not None:
                self.queue_list.addItem(f"{mid} · {names.get(mid, '')} · {m.a} v {m.b}")
        if first:
            self.bracket.fit()

    def _voice(self, on: bool) -> None:
        """The calls spoken (in the window's language) after the chime, or the chime alone."""
        self.announcer.voice = on
        self.announcer.language = self.language

    def _show_calls(self) -> None:
        """The matches called to a table whose players are not all there, with the minutes since the call
        and the calls made again; a new call (or a call made again) rings the chime and, on, is spoken."""
        from referee_app.event.calls import call_lines, calls_made

        shown = self.tournament_view
        if shown is None:
            return
        lines = call_lines(shown.view, self.now(), qt_translate, shown.live)
        self.calls.setText("\n".join(lines))
        self.calls.setVisible(bool(lines))
        self.announcer.language = self.language
        self.announcer.hear(calls_made(shown.view, shown.live))

    def _show_disputes(self, disputes: Iterable[tuple[int, str, tuple[str, ...]]]) -> None:
        """The results disputed on the phones, one line a table, until the organizer settles them."""
        from referee_app.tournament import wording

        lines = [wording.dispute_line(table, match, players, qt_translate) for table, match, players in disputes]
        self.disputes.setText("\n".join(lines))
        self.disputes.setVisible(bool(lines))

    def _cells(self, table: TableRow, server_online: bool = True) -> list[str]:
        match = table.match
        desk = self.tr("online") if table.online else self.tr("offline")
        if table.phones and not table.online:  # no desk: the players score it on their phones
            desk = self.tr("phones")
        if not server_online:  # the board cannot see the desks while it cannot reach the server
            desk = self.tr("not known")
        if table.conflicts:
            desk += " · " + self.tr("conflict")
        if table.damaged:
            desk += " · " + self.tr("damaged: {reason}").format(reason=table.damaged)
        nxt = table.next
        upcoming = f"{nxt.players[0]} v {nxt.players[1]}" if nxt else ""
        done = "; ".join(f"{f.players[0]} {f.score.a}–{f.score.b} {f.players[1]}" for f in table.finished)
        if match is None:
            return [table.table, desk, "", "", "", "", "", "", "", upcoming, done]
        (a, b), score = match.players, match.score
        if match.status is Status.FINISHED:
            winner = _seated(match.players, match.winner)
            rack, at_table = self.tr("finished"), self.tr("{name} wins").format(name=winner) if winner else ""
        else:
            rack = str(match.rack)
            at_table = _seated(match.players, match.at_table)
        # a match scored by racks records no foul (spec 1.3 §2a): "0–0" would say nobody fouled
        fouls = "" if match.scoring is Scoring.RACKS else f"{match.fouls.a}–{match.fouls.b}"
        if match.warning_due:
            fouls += " · " + self.tr("warning due")
        return [
            table.table,
            desk,
            f"{a} v {b}",
            f"{score.a}–{score.b}",
            str(match.race_to),
            rack,
            at_table,
            fouls,
            _age(match.age_s),
            upcoming,
            done,
        ]

    def open_assign(self) -> None:
        dialog = AssignDialog(self)
        dialog.assigned.connect(self.assign)
        self.dialog = dialog
        dialog.open()

    def assign(self, assignment: Assignment) -> bool:
        def write() -> str:
            import psycopg

            try:
                with psycopg.connect(self.conninfo, connect_timeout=3) as conn:
                    db.server_id(conn)
                    key = "" if assignment.table in db.tables(conn) else _new_key(conn, assignment.table)
                    db.insert_assignment(conn, assignment)
            except (psycopg.Error, EventServerError) as exc:
                raise _ServerSaid(first_line(exc)) from None
            return key

        key = self.notices.operate(self.tr("Sending the match"), write)
        if key is None:
            return False
        text = self.tr("Table {table}: next match {a} v {b}.").format(
            table=assignment.table, a=assignment.players[0], b=assignment.players[1]
        )
        if key:
            text += " " + self._key_words(assignment.table, key)
        self.notices.notice.emit(Notice.INFO, text)
        return True

    # --- an assignment not yet started: withdrawn or corrected ------------------------------------
    def open_assignments(self) -> tuple[Assignment, ...]:
        """The assignments no match has started on the server (the only ones that can change)."""

        def read() -> tuple[Assignment, ...]:
            import psycopg

            try:
                with psycopg.connect(self.conninfo, connect_timeout=3) as conn:
                    db.server_id(conn)
                    return db.assignments(conn, open_only=True)
            except (psycopg.Error, EventServerError) as exc:
                raise _ServerSaid(first_line(exc)) from None

        return self.notices.operate(self.tr("Reading the matches sent"), read) or ()

    def _pick(self, name: str, title: str, then: Callable[[Assignment], None]) -> None:
        from PySide6.QtWidgets import QInputDialog

        waiting = self.open_assignments()
        if not waiting:
            self.notices.notice.emit(Notice.INFO, self.tr("No match sent to a table is waiting to start."))
            return
        labels = {
            self.tr("Table {table}: {a} v {b}").format(table=a.table, a=a.players[0], b=a.players[1])
            + (f" ({a.round})" if a.round else ""): a
            for a in waiting
        }
        question = QInputDialog(self)
        question.setObjectName(name)
        question.setWindowTitle(title)
        question.setLabelText(self.tr("The match:"))
        question.setComboBoxItems(list(labels))
        question.setComboBoxEditable(False)
        question.textValueSelected.connect(lambda text: then(labels[text]))
        self.question = question
        question.open()

    def open_withdraw(self) -> None:
        def withdraw(a: Assignment) -> None:
            self.withdraw(a)

        self._pick("withdrawQuestion", self.tr("Withdraw a match"), withdraw)

    def open_correct(self) -> None:
        def correct(a: Assignment) -> None:
            dialog = AssignDialog(self, correcting=a)
            dialog.assigned.connect(self.correct)
            self.dialog = dialog
            dialog.open()

        self._pick("correctQuestion", self.tr("Correct a match"), correct)

    def withdraw(self, assignment: Assignment) -> bool:
        """Take back a match sent to a table, unless a desk has started it meanwhile (said so)."""
        done = self._change(lambda conn: db.withdraw_assignment(conn, assignment.id))
        if done:
            text = self.tr("Table {table}: {a} v {b} withdrawn.")
        else:
            text = self.tr("Table {table}: {a} v {b} has started (or was withdrawn): nothing changed.")
        self._said(done, text.format(table=assignment.table, a=assignment.players[0], b=assignment.players[1]))
        return bool(done)

    def correct(self, assignment: Assignment) -> bool:
        """Write the corrected match over the one sent, unless a desk has started it meanwhile (said so)."""

        def write(conn: Conn) -> bool:
            if assignment.table not in db.tables(conn):
                _new_key(conn, assignment.table)  # a new table: its key is made (shown by Add a table)
            return bool(db.correct_assignment(conn, assignment))

        done = self._change(write)
        if done:
            text = self.tr("Table {table}: next match {a} v {b} (corrected).")
        else:
            text = self.tr("Table {table}: {a} v {b} has started (or was withdrawn): nothing changed.")
        self._said(done, text.format(table=assignment.table, a=assignment.players[0], b=assignment.players[1]))
        return bool(done)

    def _change(self, change: Callable[[Conn], bool]) -> bool | None:
        def write() -> bool:
            import psycopg

            try:
                with psycopg.connect(self.conninfo, connect_timeout=3) as conn:
                    db.server_id(conn)
                    return change(conn)
            except (psycopg.Error, EventServerError) as exc:
                raise _ServerSaid(first_line(exc)) from None

        return self.notices.operate(self.tr("Changing the match sent"), write)

    def _said(self, done: bool | None, text: str) -> None:
        if done is not None:  # None: the failure is already on the notice line
            self.notices.notice.emit(Notice.INFO if done else Notice.ERROR, text)

    # --- the day's matches: pulled into a database, exported --------------------------------------
    def open_pull_export(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getSaveFileName(
            self,
            self.tr("The database to pull the event into"),
            in_documents("event.db"),
            self.tr("Match databases (*.db)"),
            options=QFileDialog.Option.DontConfirmOverwrite,
        )
        if not path:
            return
        folder = QFileDialog.getExistingDirectory(
            self, self.tr("The folder for the day's sheets and CSV"), documents_folder()
        )
        if not folder:
            return
        self.pull_and_export(Path(path), Path(folder))

    def pull_and_export(self, database: Path, folder: Path, day: str | None = None) -> list[Path] | None:
        """Copy the event's matches into `database` (made if new; merge's rules: run it as often as
        you like), then export `day`'s (today's) sheets in one PDF and its CSV into `folder`."""
        from datetime import datetime

        day = day or datetime.now().astimezone().date().isoformat()

        def work() -> tuple[MergeReport, list[Path], list[str]]:
            from referee_desk.i18n import qt_translate
            from referee_desk.printing import write_sheets_pdf

            from referee_app.log.store import Store
            from referee_app.organizer import operations
            from referee_app.organizer.exports import CODES, CsvWords, csv_separator
            from referee_app.venue.pull import pull_into

            if not database.parent.is_dir():
                raise _ServerSaid(f"{database.parent} is not a folder")
            store = Store(database)
            try:
                report = pull_into(self.conninfo, store)
                selection = operations.Selection(day=day)
                language = self.language
                words = CODES if language == "en" else CsvWords(qt_translate)
                try:
                    sheets = operations.export(store, selection, "pdf", folder, pdf=write_sheets_pdf,
                                               one_pdf=f"sheets-{day}.pdf")  # fmt: skip
                    table = operations.export(store, selection, "csv", folder, sep=csv_separator(language),
                                              words=words)  # fmt: skip
                except operations.NothingSelected:
                    return report, [], []
                return report, [*sheets.written, *table.written], [*sheets.problems, *table.problems]
            finally:
                store.close()

        done = self.notices.operate(self.tr("Pulling and exporting"), work)
        if done is None:
            return None
        report, written, problems = done
        if not written:
            text = self.tr("Pulled into {db}: no match started on {day}, nothing exported.")
        else:
            text = self.tr("Pulled into {db}; {day}'s sheets and CSV in {folder}.")
        lines = [text.format(db=database, day=day, folder=folder)]
        lines += [self.tr("not exported: {reason}").format(reason=p) for p in problems]
        lines += [self.tr("damaged: {reason}").format(reason=f"{m}: {r}") for m, r in report.damaged.items()]
        self.notices.notice.emit(Notice.ERROR if len(lines) > 1 else Notice.INFO, "\n".join(lines))
        return written

    def open_add_table(self) -> None:
        from PySide6.QtWidgets import QInputDialog

        table, ok = QInputDialog.getText(self, self.tr("Add a table"), self.tr("Table:"))
        if ok and table.strip():
            self.add_table(table.strip())

    def add_table(self, table: str) -> str:
        """A key for `table` (a new one replaces the old): shown once, for the referee to type at that desk."""

        def write() -> str:
            import psycopg

            try:
                with psycopg.connect(self.conninfo, connect_timeout=3) as conn:
                    db.server_id(conn)
                    return _new_key(conn, table)
            except (psycopg.Error, EventServerError) as exc:
                raise _ServerSaid(first_line(exc)) from None

        key = self.notices.operate(self.tr("Adding the table"), write)
        if key:
            self.notices.notice.emit(Notice.INFO, self._key_words(table, key))
        return key or ""

    def _key_words(self, table: str, key: str) -> str:
        return self.tr("Table {table}'s key: {key} (type it once at that desk: Event > Connect).").format(
            table=table, key=key
        )


class _ServerSaid(OSError):
    """What the event server (or the way to it) said, shown as it is."""


def _new_key(conn: Conn, table: str) -> str:
    from referee_app.venue.model import TableKey

    secret = TableKey.new_secret()
    return str(TableKey.for_role(db.add_table(conn, table, secret), secret))


def _seated(players: tuple[str, str], seat: Seat | None) -> str:
    """The name in `seat` ("" for none)."""
    if seat is None:
        return ""
    return players[0] if seat is Seat.A else players[1]


def _age(seconds: int) -> str:
    if seconds < 60:
        return f"{seconds} s"
    if seconds < 3600:
        return f"{seconds // 60} min"
    return f"{seconds // 3600} h {seconds % 3600 // 60:02d}"


def board_language(args: argparse.Namespace) -> str:
    """Install the window's language: `--lang`, else the one chosen on the desk, else the
    system's (LANG=fr_FR...). The desk's saved choice is left as it was."""
    from PySide6.QtCore import QSettings
    from referee_desk.i18n import SETTING, Languages
    from referee_desk.places import APPLICATION, ORGANIZATION

    languages = Languages(QSettings(ORGANIZATION, APPLICATION))
    saved = languages.settings.value(SETTING, "", type=str)
    languages.switch(getattr(args, "lang", None) or languages.initial())
    if saved:
        languages.settings.setValue(SETTING, saved)
    else:
        languages.settings.remove(SETTING)
    return languages.current


class BoardRun:
    """An open board: its window and the Qt-free rest (`tournament.board_run.Board`: the reader
    of the live event, the tournament's sync, the web page); `close` stops them all."""

    def __init__(self, window: BoardWindow, board: Board) -> None:
        self.window, self.board = window, board

    @property
    def server(self) -> WebServer | None:
        return self.board.server

    def close(self) -> None:
        self.board.close()


def open_board(args: argparse.Namespace) -> BoardRun:
    """The board's window over the assembly `referee-app board` shares (`Board`): the window gets
    each view and the tournament it follows (`--tournament`), in the window's language."""
    from referee_app.event.board_run import Board, BoardOptions

    board = Board.open(BoardOptions.from_args(args), sys.stdout)  # the web page's address, as with no window
    try:
        lang = board_language(args)
        window = BoardWindow(board.conninfo, board.web_url, board.fingerprint, _address(board.cluster.port))
        window.language = lang
        bridge = window.bridge
        # the sync's reports in the window's language (Qt's translate may be called from any thread)
        board.follow(lang, bridge.synced.emit, bridge.changed.emit, bridge.tournament.emit, qt_translate,
                     window.sync_refused)  # fmt: skip
    except BaseException:
        board.close()
        raise
    return BoardRun(window, board)


def run_board(args: argparse.Namespace, out: TextIO, headless: Callable[[argparse.Namespace, TextIO], int]) -> int:
    """`referee-app board --server DIR [--web PORT]`: the window (and the web page), until closed.

    The entry point hands in the command line's `board` (for --no-window), so that the window
    never imports the command line."""
    if args.no_window:
        return headless(args, out)
    app = QApplication.instance() or QApplication([])
    try:
        board = open_board(args)
    except Exception as exc:  # a wrong folder, a taken port: one sentence
        print(exc, file=sys.stderr)
        return 1
    install_excepthooks(board.window.notices)
    board.window.resize(1200, 700)
    board.window.show()
    from referee_desk.pauses import freeze_what_is_loaded

    freeze_what_is_loaded()  # the phones move the board on all day: its full-collection pauses kept short
    try:
        return app.exec()
    finally:
        board.close()


def _address(port: int) -> str:
    """This computer's address on the venue network, as a desk types it."""
    import socket

    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the outgoing address
            return f"{probe.getsockname()[0]}:{port}"
    except OSError:
        return f"127.0.0.1:{port}"

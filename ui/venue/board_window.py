"""The organizer's board window: every table live, and the next match sent to a table.

The rows come from `referee_app.venue.board.BoardWatcher` (its own thread, LISTEN/NOTIFY and a
re-read on every reconnection); this window only shows them. An assignment is written to
the server by the organizer's role.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialog,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QMainWindow,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)
from referee_desk.desk.controller import DeskController
from referee_desk.forms import ShotClockFields, checked_form, licence_club_row, limited_line
from referee_desk.i18n import menu_text, qt_translate
from referee_desk.notices import BASE_STYLE, Notice, install_excepthooks, show_notice

from referee_app.game.presets import CONTEXT as PRESET_CONTEXT
from referee_app.game.presets import PRESETS
from referee_app.game.vocab import BreakOrder
from referee_app.venue.model import Assignment, EventServerError, first_line

if TYPE_CHECKING:
    from referee_app.tournament.live import LiveSync, OnState
    from referee_app.web.server import WebServer


class _Bridge(QObject):
    """The watcher's thread hands each view to the window's thread through a queued signal."""

    changed = Signal(object)
    synced = Signal(object, str)  # the tournament's sync: Plan | None, error
    tournament = Signal(object)  # the tournament followed (`board_view`'s dict), when it changed


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
        self.clock = ShotClockFields(self, "assign")
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
            )
        )
        self.accept()


COLUMNS = ("table", "desk", "players", "score", "race", "rack", "at_table", "fouls", "last", "next", "finished")


class BoardWindow(QMainWindow):
    def __init__(self, conninfo: str, web_url: str = "", fingerprint: str = "", address: str = "") -> None:
        super().__init__()
        self.setObjectName("boardWindow")
        self.conninfo = conninfo
        self.fingerprint = fingerprint
        self.address = address
        self.controller = DeskController()  # its notice channel and `operate`, nothing of a match
        self.language = "en"
        """The window's language (set by `run_board`): the exported CSV's words and separator."""
        self.view: dict[str, Any] = {"tables": [], "server": "offline"}
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
        layout.addWidget(self.status)
        layout.addWidget(self.notice)
        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("boardTabs")
        self.tabs.addTab(self.grid, self.tr("&Tables"))
        self.tournament_page: QWidget | None = None
        """The tournament followed (`board --tournament`): made when it is first published."""
        self.tournament_view: dict[str, Any] | None = None
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.pin)
        layout.addWidget(self.web)
        self.setCentralWidget(central)
        self.controller.notice.connect(self._notice)
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

    def show_view(self, view: dict[str, Any]) -> None:
        self.view = view
        server = view.get("server")
        if server == "online":
            self.status.setText(self.tr("Event server: connected"))
        elif server == "error":
            self.status.setText(self.tr("Event server: error, retrying: {reason}").format(reason=view.get("error", "")))
        else:
            self.status.setText(self.tr("Event server: cannot be reached, retrying…"))
        tables = view["tables"]
        self.grid.setRowCount(len(tables))
        for row, table in enumerate(tables):
            for column, text in enumerate(self._cells(table, server == "online")):
                item = self.grid.item(row, column)
                if item is None:
                    item = QTableWidgetItem()
                    self.grid.setItem(row, column, item)
                if item.text() != text:
                    item.setText(text)
        self.grid.resizeColumnsToContents()

    def start_sync(self, db: Path, ref: str, on_state: OnState | None = None) -> LiveSync | None:
        """`board --tournament`: the tournament's sync, its lines in the board's language (None: a
        wrong name or a damaged tournament, said on the board; the board goes on)."""
        from referee_app.i18n import in_words
        from referee_app.tournament.live import board_sync

        try:
            # its reports in the window's language (Qt's translate may be called from any thread)
            return board_sync(self.conninfo, db, ref, self.bridge.synced.emit, on_state, qt_translate)
        except Exception as exc:  # a wrong name, a damaged tournament: said on the board, the board goes on
            self.show_sync(None, str(in_words(exc, qt_translate)))
            return None

    def show_sync(self, work: Any, error: str) -> None:
        """A round of the tournament's sync (`board --tournament`): what it did, or what went wrong."""
        from referee_app.tournament.live import report_lines

        lines = report_lines(work, error, qt_translate)
        if lines:
            level = Notice.ERROR if any(line.problem for line in lines) else Notice.INFO
            self.controller.notice.emit(level, "\n".join(line.text for line in lines))

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

    def show_tournament(self, view: dict[str, Any]) -> None:
        """The tournament the board follows: its bracket (both sides, the finals, the hot seat
        named) and the matches waiting for a table, in the window's language."""
        from referee_app.tournament import wording

        first = self.tournament_page is None
        if self.tournament_page is None:
            self.tournament_page = self._tournament_tab()
            self.tabs.addTab(self.tournament_page, self.tr("T&ournament"))
        self.tournament_view = view
        shown = view["show"]
        names = view["names"].get(self.language) or view["names"].get("en", {})
        matches = {str(m["id"]): m for m in shown.get("matches", [])}
        parts = [str(shown.get("name", "")), wording.status_word(str(shown.get("status", "")), qt_translate)]
        hot = view.get("hot_seat")
        if hot:
            parts.append(self.tr("hot seat: {id}").format(id=hot))
        self.tournament_title.setText(" · ".join(p for p in parts if p))
        self.bracket.show_bracket(shown, names=names)
        self.queue_list.clear()
        for mid in shown.get("queue", []):
            m = matches.get(str(mid))
            if m is not None:
                self.queue_list.addItem(f"{mid} · {names.get(str(mid), '')} · {m['a']} v {m['b']}")
        if first:
            self.bracket.fit()

    def _cells(self, table: dict[str, Any], server_online: bool = True) -> list[str]:
        match = table["match"]
        desk = self.tr("online") if table["online"] else self.tr("offline")
        if not server_online:  # the board cannot see the desks while it cannot reach the server
            desk = self.tr("not known")
        if table["conflicts"]:
            desk += " · " + self.tr("conflict")
        if table.get("damaged"):
            desk += " · " + self.tr("damaged: {reason}").format(reason=table["damaged"])
        nxt = table["next"]
        upcoming = f"{nxt['players'][0]} v {nxt['players'][1]}" if nxt else ""
        done = "; ".join(
            f"{f['players']['A']} {f['score']['A']}–{f['score']['B']} {f['players']['B']}" for f in table["finished"]
        )
        if match is None:
            return [table["table"], desk, "", "", "", "", "", "", "", upcoming, done]
        players, score = match["players"], match["score"]
        if match["status"] == "finished":
            winner = players[match["winner"]] if match["winner"] else ""
            rack, at_table = self.tr("finished"), self.tr("{name} wins").format(name=winner) if winner else ""
        else:
            rack = str(match["rack"])
            at_table = players[match["at_table"]] if match["at_table"] else ""
        fouls = f"{match['fouls']['A']}–{match['fouls']['B']}"
        if match["warning_due"]:
            fouls += " · " + self.tr("warning due")
        return [
            table["table"],
            desk,
            f"{players['A']} v {players['B']}",
            f"{score['A']}–{score['B']}",
            str(match["race_to"]),
            rack,
            at_table,
            fouls,
            _age(match["age_s"]),
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

            from referee_app.venue import db

            try:
                with psycopg.connect(self.conninfo, connect_timeout=3) as conn:
                    db.server_id(conn)
                    key = "" if assignment.table in db.tables(conn) else _new_key(conn, assignment.table)
                    db.insert_assignment(conn, assignment)
            except (psycopg.Error, EventServerError) as exc:
                raise _ServerSaid(first_line(exc)) from None
            return key

        key = self.controller.operate(self.tr("Sending the match"), write)
        if key is None:
            return False
        text = self.tr("Table {table}: next match {a} v {b}.").format(
            table=assignment.table, a=assignment.players[0], b=assignment.players[1]
        )
        if key:
            text += " " + self._key_words(assignment.table, key)
        self.controller.notice.emit(Notice.INFO, text)
        return True

    # --- an assignment not yet started: withdrawn or corrected ------------------------------------
    def open_assignments(self) -> tuple[Assignment, ...]:
        """The assignments no match has started on the server (the only ones that can change)."""

        def read() -> tuple[Assignment, ...]:
            import psycopg

            from referee_app.venue import db

            try:
                with psycopg.connect(self.conninfo, connect_timeout=3) as conn:
                    db.server_id(conn)
                    return db.assignments(conn, open_only=True)
            except (psycopg.Error, EventServerError) as exc:
                raise _ServerSaid(first_line(exc)) from None

        return self.controller.operate(self.tr("Reading the matches sent"), read) or ()

    def _pick(self, name: str, title: str, then: Callable[[Assignment], None]) -> None:
        from PySide6.QtWidgets import QInputDialog

        waiting = self.open_assignments()
        if not waiting:
            self.controller.notice.emit(Notice.INFO, self.tr("No match sent to a table is waiting to start."))
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
        done = self._change(lambda conn, db: db.withdraw_assignment(conn, assignment.id))
        if done:
            text = self.tr("Table {table}: {a} v {b} withdrawn.")
        else:
            text = self.tr("Table {table}: {a} v {b} has started (or was withdrawn): nothing changed.")
        self._said(done, text.format(table=assignment.table, a=assignment.players[0], b=assignment.players[1]))
        return bool(done)

    def correct(self, assignment: Assignment) -> bool:
        """Write the corrected match over the one sent, unless a desk has started it meanwhile (said so)."""

        def write(conn: Any, db: Any) -> bool:
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

    def _change(self, change: Callable[[Any, Any], bool]) -> bool | None:
        def write() -> bool:
            import psycopg

            from referee_app.venue import db

            try:
                with psycopg.connect(self.conninfo, connect_timeout=3) as conn:
                    db.server_id(conn)
                    return change(conn, db)
            except (psycopg.Error, EventServerError) as exc:
                raise _ServerSaid(first_line(exc)) from None

        return self.controller.operate(self.tr("Changing the match sent"), write)

    def _said(self, done: bool | None, text: str) -> None:
        if done is not None:  # None: the failure is already on the notice line
            self.controller.notice.emit(Notice.INFO if done else Notice.ERROR, text)

    # --- the day's matches: pulled into a database, exported --------------------------------------
    def open_pull_export(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getSaveFileName(
            self, self.tr("The database to pull the event into"), "event.db", self.tr("Match databases (*.db)"),
            options=QFileDialog.Option.DontConfirmOverwrite,
        )  # fmt: skip
        if not path:
            return
        folder = QFileDialog.getExistingDirectory(self, self.tr("The folder for the day's sheets and CSV"))
        if not folder:
            return
        self.pull_and_export(Path(path), Path(folder))

    def pull_and_export(self, database: Path, folder: Path, day: str | None = None) -> list[Path] | None:
        """Copy the event's matches into `database` (made if new; merge's rules: run it as often as
        you like), then export `day`'s (today's) sheets in one PDF and its CSV into `folder`."""
        from datetime import datetime

        day = day or datetime.now().astimezone().date().isoformat()

        def work() -> tuple[Any, list[Path], list[str]]:
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

        done = self.controller.operate(self.tr("Pulling and exporting"), work)
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
        self.controller.notice.emit(Notice.ERROR if len(lines) > 1 else Notice.INFO, "\n".join(lines))
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

            from referee_app.venue import db

            try:
                with psycopg.connect(self.conninfo, connect_timeout=3) as conn:
                    db.server_id(conn)
                    return _new_key(conn, table)
            except (psycopg.Error, EventServerError) as exc:
                raise _ServerSaid(first_line(exc)) from None

        key = self.controller.operate(self.tr("Adding the table"), write)
        if key:
            self.controller.notice.emit(Notice.INFO, self._key_words(table, key))
        return key or ""

    def _key_words(self, table: str, key: str) -> str:
        return self.tr("Table {table}'s key: {key} (type it once at that desk: Event > Connect).").format(
            table=table, key=key
        )


class _ServerSaid(OSError):
    """What the event server (or the way to it) said, shown as it is."""


def _new_key(conn: Any, table: str) -> str:
    from referee_app.venue import db
    from referee_app.venue.model import TableKey

    secret = TableKey.new_secret()
    return str(TableKey.for_role(db.add_table(conn, table, secret), secret))


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
    """An open board: its window, the watcher of the tables, the tournament's sync and the web
    page (each but the window may be None); `close` stops them all."""

    def __init__(self, window: BoardWindow, watcher: Any, sync: Any, server: WebServer | None) -> None:
        self.window, self.watcher, self.sync, self.server = window, watcher, sync, server

    def close(self) -> None:
        self.watcher.stop()
        if self.sync is not None:
            self.sync.stop()
        if self.server is not None:
            self.server.stop()


def open_board(args: argparse.Namespace, start_web: Callable[[argparse.Namespace], WebServer | None]) -> BoardRun:
    """The board's window, its watcher, the tournament it follows (`--tournament`, published to
    the window and the web page at once and after every sync round) and its web page."""
    from referee_app.venue.server import Cluster

    cluster = Cluster(args.server.resolve())
    cluster.organizer_conninfo()  # a wrong folder is said before anything starts
    server = start_web(args)
    try:
        return _open_board(args, cluster, server)
    except BaseException:
        if server is not None:
            server.stop()
        raise


def _open_board(args: argparse.Namespace, cluster: Any, server: WebServer | None) -> BoardRun:
    from referee_app.venue.board import BoardWatcher
    from referee_app.worker import log_to_file

    conninfo = cluster.organizer_conninfo()
    fingerprint = cluster.fingerprint()
    log_to_file(cluster.folder / "board.log")
    lang = board_language(args)
    window = BoardWindow(conninfo, server.url("board") if server else "", fingerprint, _address(cluster.port))
    window.language = lang

    from referee_desk.i18n import LANGUAGES, translator_for

    from referee_app.tournament.board import with_rounds
    from referee_app.tournament.wording import RoundWords

    languages = {code: translator_for(code) for code in LANGUAGES}
    rounds = RoundWords(languages)

    def changed(view: dict[str, Any]) -> None:
        view = dict(view, lang=lang)  # the web page's words follow the window's (unless ?lang= says)
        window.bridge.changed.emit(view)
        if server is not None:
            server.feed.publish(with_rounds(view, rounds))  # each match's round in the page's language

    watcher = BoardWatcher(conninfo, changed, fingerprint=fingerprint).start()
    sync = None
    if getattr(args, "tournament", None):
        from referee_app.tournament.board import BoardPublisher

        to = [window.bridge.tournament.emit] + ([server.feed.publish_tournament] if server is not None else [])
        on_state = BoardPublisher(languages, *to)
        sync = window.start_sync(args.db, args.tournament, on_state)
    return BoardRun(window, watcher, sync, server)


def run_board(
    args: argparse.Namespace,
    out: TextIO,
    headless: Callable[[argparse.Namespace, TextIO], int],
    start_web: Callable[[argparse.Namespace], WebServer | None],
) -> int:
    """`referee-app board --server DIR [--web PORT]`: the window (and the web page), until closed.

    The entry point hands in the command line's `board` (for --no-window) and its web starter, so
    that the window never imports the command line."""
    if args.no_window:
        return headless(args, out)
    app = QApplication.instance() or QApplication([])
    try:
        board = open_board(args, start_web)
    except Exception as exc:  # a wrong folder, a taken port: one sentence
        print(exc, file=__import__("sys").stderr)
        return 1
    install_excepthooks(board.window.controller)
    board.window.resize(1200, 700)
    board.window.show()
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

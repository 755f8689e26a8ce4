"""The organizer's page: every match in the database, filtered, exported, merged, summed up.

Filters by event, date, player and status; exports the selected matches as PDF
sheets, CSV or JSON Lines; merges other desks' databases; shows statistics and
a print preview of a sheet. The work itself is the core's (exports, merge,
stats); this page only asks where and shows what came of it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from PySide6.QtCore import QDate, QEvent, QObject, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)
from referee_desk.background import Task, Work
from referee_desk.desk.controller import DeskController
from referee_desk.notices import Notice
from referee_desk.places import documents_folder
from referee_desk.theme import text_style

if TYPE_CHECKING:  # the core is imported on first use, after the window has painted
    from referee_desk.organizer.match_list import MatchListModel

    from referee_app.game.events import Entry
    from referee_app.log.store import Store, Summary
    from referee_app.organizer.operations import Exported, Line, StatsReport


class MatchesPage(QWidget):
    open_requested = Signal(str)
    back_requested = Signal()
    new_requested = Signal()
    demo_requested = Signal()

    def __init__(self, controller: DeskController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("startPage")
        self.controller = controller
        self.language: Callable[[], str] = lambda: "en"  # the desk's language (the window sets it)
        self.rows: list[Summary] = []
        self._names: list[str] = []  # each row's two names, casefolded, for the player filter
        self._ids: list[str] = []  # each row's match id
        self._events: list[str] = []  # the events the rows name, for the event filter
        self._shown_ids: list[str] = []  # the match id of each row of the tree, in order
        self.task: Task | None = None  # the long organizer work running off the GUI thread, if any
        self._sized = False
        self.dialog: QWidget | None = None
        layout = QVBoxLayout(self)
        self.title = QLabel(self)
        text_style(self.title, 28, bold=True)
        layout.addWidget(self.title)
        filters = QHBoxLayout()
        self.player_filter = self._line("filterPlayer", filters)
        self.date_filter = self._line("filterDate", filters)
        self.event_filter = QComboBox(self)
        self.event_filter.setObjectName("filterEvent")
        # French words are longer ("toutes les compétitions"): the combos follow their items
        self.event_filter.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.event_filter.currentIndexChanged.connect(self.apply_filters)
        filters.addWidget(self.event_filter)
        self.status_filter = QComboBox(self)
        self.status_filter.setObjectName("filterStatus")
        self.status_filter.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.status_filter.currentIndexChanged.connect(self.apply_filters)
        filters.addWidget(self.status_filter)
        layout.addLayout(filters)
        # A table, not a tree: a tree lays out every row on each reset and resize (two calls into
        # the model per row: 36 ms at 10,000 matches, on each keystroke of a filter), a table of
        # fixed-height rows only the rows in sight.
        self.match_list = QTableView(self)
        self.match_list.setObjectName("matchList")
        rows = self.match_list.verticalHeader()
        rows.hide()
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows.setDefaultSectionSize(self.match_list.fontMetrics().height() + 8)
        columns = self.match_list.horizontalHeader()
        columns.setStretchLastSection(True)
        columns.setHighlightSections(False)
        self.match_list.setShowGrid(False)
        self.match_list.setWordWrap(False)
        self.match_list.setTabKeyNavigation(False)  # Tab goes on to the buttons, as in a list
        self.match_list.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.match_list.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.match_list.activated.connect(lambda index: self.open_requested.emit(self._shown_ids[index.row()]))
        self.match_list.installEventFilter(self)
        self.model: MatchListModel | None = None  # made when the first matches arrive (after the paint)
        self._headers: list[str] = []
        layout.addWidget(self.match_list, 1)
        progress_row = QHBoxLayout()
        self.progress = QProgressBar(self)
        self.progress.setObjectName("progressBar")
        self.cancel_button = self._button("cancelButton", progress_row, self.cancel)
        progress_row.insertWidget(0, self.progress, 1)
        for shown_during_work in (self.progress, self.cancel_button):
            # Its room is kept while hidden: showing it would lay the page out again and repaint
            # the list (20 ms for 10,000 matches, on the GUI thread as each piece of work starts and ends).
            policy = shown_during_work.sizePolicy()
            policy.setRetainSizeWhenHidden(True)
            shown_during_work.setSizePolicy(policy)
        layout.addLayout(progress_row)
        self._show_progress(False)
        self.notice = QLabel(self)
        self.notice.setObjectName("startNotice")
        self.notice.setWordWrap(True)
        text_style(self.notice, 17)
        layout.addWidget(self.notice)
        desk_row = QHBoxLayout()
        self.back_button = self._button("backToDeskButton", desk_row, self.back_requested.emit)
        self.new_button = self._button("newMatchButton", desk_row, self.new_requested.emit)
        self.open_button = self._button("openMatchButton", desk_row, self._open_selected)
        self.demo_button = self._button("demoButton", desk_row, self.demo_requested.emit)
        self.void_button = self._button("voidButton", desk_row, self.void_selected)
        layout.addLayout(desk_row)
        organizer_row = QHBoxLayout()
        self.pdf_button = self._button("exportPdfButton", organizer_row, lambda: self.export("pdf"))
        self.one_pdf_button = self._button("exportOnePdfButton", organizer_row, self.export_one_pdf)
        self.csv_button = self._button("exportCsvButton", organizer_row, lambda: self.export("csv"))
        self.jsonl_button = self._button("exportJsonlButton", organizer_row, lambda: self.export("jsonl"))
        self.merge_button = self._button("mergeButton", organizer_row, self.merge_databases)
        self.stats_button = self._button("statsButton", organizer_row, self.show_stats)
        self.preview_button = self._button("printPreviewButton", organizer_row, self.print_preview)
        layout.addLayout(organizer_row)
        self.retranslate()

    def _line(self, name: str, row: QHBoxLayout) -> QLineEdit:
        line = QLineEdit(self)
        line.setObjectName(name)
        line.textChanged.connect(self.apply_filters)
        line.returnPressed.connect(self._open_from_filter)  # a player's name, then Enter: their match
        row.addWidget(line)
        return line

    def _button(self, name: str, row: QHBoxLayout, slot: Callable[[], object]) -> QPushButton:
        button = QPushButton(self)
        button.setObjectName(name)
        button.setMinimumHeight(44)
        button.clicked.connect(slot)
        row.addWidget(button)
        return button

    def retranslate(self) -> None:
        self.title.setText(self.tr("Matches"))
        self.player_filter.setPlaceholderText(self.tr("player"))
        today = QDate.currentDate().toString("yyyy-MM-dd")
        self.date_filter.setPlaceholderText(self.tr("date ({month} or {day})").format(month=today[:7], day=today))
        self.back_button.setText(self.tr("Back to the desk [Esc]"))
        self.new_button.setText(self.tr("New match [Ctrl+N]"))
        self.open_button.setText(self.tr("Open the selected match [Enter]"))
        self.demo_button.setText(self.tr("Load the demo matches [Ctrl+D]"))
        self.void_button.setText(self.tr("Void the selected match…"))
        self.pdf_button.setText(self.tr("Export PDF sheets…"))
        self.one_pdf_button.setText(self.tr("All in one PDF…"))
        self.one_pdf_button.setToolTip(self.tr("The selected matches' sheets in one PDF, a page each (a day's sheets)"))
        self.csv_button.setText(self.tr("Export CSV…"))
        self.jsonl_button.setText(self.tr("Export JSON Lines…"))
        self.merge_button.setText(self.tr("Merge other desks…"))
        self.stats_button.setText(self.tr("Statistics…"))
        self.preview_button.setText(self.tr("Print preview…"))
        self.cancel_button.setText(self.tr("Cancel"))
        self._headers = [self.tr("Status"), self.tr("Players"), self.tr("Score"), self.tr("Winner"), self.tr("Rules"),
                         self.tr("Event"), self.tr("Round"), self.tr("Table"), self.tr("Referee"), self.tr("Started"),
                         self.tr("Finished")]  # fmt: skip
        if self.model is not None:
            self.model.headers = self._headers
            self.model.headerDataChanged.emit(horizontal(), 0, len(self._headers) - 1)
        status = self.status_filter.currentIndex()
        self.status_filter.blockSignals(True)
        self.status_filter.clear()
        self.status_filter.addItem(self.tr("any status"), "")
        self.status_filter.addItem(self.tr("in progress"), "playing")
        self.status_filter.addItem(self.tr("finished"), "finished")
        self.status_filter.addItem(self.tr("void"), "void")
        self.status_filter.setCurrentIndex(max(0, status))
        self.status_filter.blockSignals(False)
        self._fill_events()
        self.apply_filters()

    # --- long work: inline when small, else off the GUI thread ------------------------------
    def run(self, what: str, work: Work, done: Callable[[Any], None], size: int, background: bool = False) -> None:
        """Do `work(progress)`, then `done(result)`. Up to `INLINE` matches it runs here (a few
        milliseconds) unless `background`; beyond, in a `Task`, with the progress bar and Cancel, the
        window answering."""
        if self.task is not None:
            self.controller.inform(self.tr("Wait for the work under way to finish, or cancel it."))
            return
        if size <= INLINE and not background:
            result = self.controller.operate(what, lambda: work(lambda _done, _total: True))
            if result is not None:
                done(result)
            return
        task = Task(work, self)
        task.progressed.connect(self._progressed)
        task.finished.connect(lambda result: self._ended(lambda: done(result)))
        task.failed.connect(lambda exc: self._ended(lambda: self.controller.report(what, exc)))
        self.task = task
        self.progress.setRange(0, max(size, 1))
        self.progress.setValue(0)
        self.progress.setFormat(f"{what}: %v / %m")
        self._show_progress(True)
        # What waits to be painted (the list under a closed file dialog, a filter just cleared) is
        # painted now, in a few milliseconds: painted once the work runs, every cell waits for the
        # interpreter the work holds, and the window froze for over 100 ms.
        self.window().repaint()
        task.start()

    def cancel(self) -> None:
        if self.task is not None:
            self.task.cancel()

    def _progressed(self, done: int, total: int) -> None:
        self.progress.setMaximum(max(total, 1))
        self.progress.setValue(done)

    def _ended(self, then: Callable[[], None]) -> None:
        self.task = None
        self._show_progress(False)
        then()

    def _show_progress(self, shown: bool) -> None:
        self.progress.setVisible(shown)
        self.cancel_button.setVisible(shown)

    def _own_store(self) -> Store:
        """A connection of the work's own to the open database (SQLite's belong to their thread)."""
        from referee_app.log.store import Store

        store = self.controller.store
        assert store is not None
        return Store.open_readonly(store.path) if store.readonly else Store(store.path)

    def _match_count(self) -> int:
        store = self.controller.store
        return 0 if store is None else store.count()

    # --- the list ----------------------------------------------------------------------
    def refresh(self) -> None:
        """Read every match's summary (its projection: nothing is replayed), then show the list."""
        if self.controller.store is None:
            self._loaded(_listed([]))
            return

        def read(progress: Callable[[int, int], bool]) -> Listed:
            from referee_app.game.history import collector_paused

            # A season's summaries are many small objects that live as long as the list: made with the
            # collector paused and then kept out of its passes (a full pass over them holds the GIL,
            # and the window with it, for tens of milliseconds each time).
            with collector_paused() as pause:
                listed = _listed(list(self._own_store().iter_summaries(progress, figures=False)))
                pause.freeze = len(listed.rows) > INLINE
            return listed

        self.run(self.tr("Reading the matches"), read, self._loaded, self._match_count())

    def _loaded(self, listed: Listed) -> None:
        """Show the list read (sorted and indexed where it was read: off the GUI thread for a season)."""
        self.rows, self._names, self._ids, self._events = listed
        self._fill_events()
        self.apply_filters()

    def _fill_events(self) -> None:
        events = self._events
        chosen = self.event_filter.currentData()
        self.event_filter.blockSignals(True)
        self.event_filter.clear()
        self.event_filter.addItem(self.tr("any event"), "")
        for event in events:
            self.event_filter.addItem(event, event)
        self.event_filter.setCurrentIndex(max(0, self.event_filter.findData(chosen)))
        self.event_filter.blockSignals(False)

    def apply_filters(self) -> None:
        player = self.player_filter.text().strip().casefold()
        date = self.date_filter.text().strip()
        event = self.event_filter.currentData() or ""
        status = self.status_filter.currentData() or ""
        if not (player or date or event or status):  # the whole list, as read: nothing to go through
            shown, ids = self.rows, self._ids
        else:
            shown = [
                s
                for s, names in zip(self.rows, self._names, strict=True)
                if (not player or player in names)
                and (not date or _local_day(s.match.created_at).startswith(date))
                and (not event or s.match.event == event)
                and (not status or s.status == status)
            ]
            ids = [s.match.match_id for s in shown]
        if self.model is None and not shown:  # nothing to show yet: no model (nor its imports) before the paint
            self._shown_ids = []
            return
        model = self._model()
        model.status_labels = {"tampered": self.tr("TAMPERED"), "damaged": self.tr("damaged"),
                               "finished": self.tr("finished"), "playing": self.tr("in progress"),
                               "lag": self.tr("in progress"), "void": self.tr("void")}  # fmt: skip
        model.show(shown)
        self._shown_ids = ids
        if not self._sized and shown:  # column widths once, from the first rows: not per keystroke
            self._size_columns(model)
            self._sized = True
        if shown:  # current (for Enter), not selected (exports ask for that)
            from PySide6.QtCore import QItemSelectionModel  # here: the window paints without it

            # the match open on the desk, when listed: Enter goes back to it, not to the first row
            desk = self.controller.session
            row = self._shown_ids.index(desk.match_id) if desk is not None and desk.match_id in self._shown_ids else 0
            first = model.index(row, 0)
            self.match_list.selectionModel().setCurrentIndex(first, QItemSelectionModel.SelectionFlag.NoUpdate)

    def _size_columns(self, model: MatchListModel) -> None:
        """Each column as wide as its header and its first rows (Qt's own resize reads every row)."""
        metrics = self.match_list.fontMetrics()
        sample = range(min(200, model.rowCount()))
        for column in range(model.columnCount()):
            texts = [self._headers[column] if column < len(self._headers) else ""]
            texts += [model.text(row, column) for row in sample]
            self.match_list.setColumnWidth(column, max(metrics.horizontalAdvance(t) for t in texts) + 24)

    def _model(self) -> MatchListModel:
        if self.model is None:
            from PySide6.QtCore import Qt  # here: the window paints without it
            from referee_desk.organizer.match_list import MatchListModel

            self.model = MatchListModel(self)
            self.model.headers = self._headers
            self.match_list.horizontalHeader().setDefaultAlignment(
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
            )
            self.match_list.setModel(self.model)
        return self.model

    # what a person reads and picks in the list (tests and benchmarks use these too)
    def row_count(self) -> int:
        return 0 if self.model is None else self.model.rowCount()

    def row_text(self, row: int, column: int) -> str:
        assert self.model is not None
        return self.model.text(row, column)

    def select_rows(self, rows: list[int]) -> None:
        from PySide6.QtCore import QItemSelectionModel

        flags = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
        selection = self.match_list.selectionModel()
        selection.clearSelection()
        for row in rows:
            selection.select(self._model().index(row, 0), flags)

    def selected_ids(self) -> list[str]:
        if self.model is None:
            return []
        return [self._shown_ids[index.row()] for index in self.match_list.selectionModel().selectedRows()]

    def _open_from_filter(self) -> None:
        """Enter in a filter opens the one match it leaves, or the one chosen in the list; with
        several and none chosen it opens nothing (it used to open the first row)."""
        chosen = self.match_list.selectionModel().selectedRows() if self.model is not None else []
        if len(self._shown_ids) == 1:
            self.open_requested.emit(self._shown_ids[0])
        elif chosen:
            self._open_selected()
        elif self._shown_ids:
            self.controller.inform(
                self.tr("{n} matches: choose one with the arrows, then Enter.").format(n=len(self._shown_ids))
            )
            self.match_list.setFocus()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Typing on the list goes into the player filter (it used to go nowhere); Home and End go to
        the first and last match, as in a list (a table moves them along the cells of the row)."""
        if watched is self.match_list and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            text = event.text()  # a Ctrl+key types a control character, which is not printable
            if text and text.isprintable() and not text.isspace():
                self.player_filter.setFocus()
                self.player_filter.insert(text)
                return True
            from PySide6.QtCore import Qt  # here: the window paints without it

            ends = {Qt.Key.Key_Home: 0, Qt.Key.Key_End: self.row_count() - 1}
            modifiers = event.modifiers()
            if event.key() in ends and not modifiers & Qt.KeyboardModifier.ControlModifier and self.model is not None:
                self._go_to_row(ends[Qt.Key(event.key())], bool(modifiers & Qt.KeyboardModifier.ShiftModifier))
                return True
        return super().eventFilter(watched, event)

    def _go_to_row(self, row: int, extend: bool) -> None:
        """Make `row` current and selected; with `extend`, select every row from the current one to it."""
        from PySide6.QtCore import QItemSelection, QItemSelectionModel

        assert self.model is not None
        if row < 0:
            return
        target, start = self.model.index(row, 0), self.match_list.currentIndex()
        if not (extend and start.isValid()):
            self.match_list.setCurrentIndex(target)
            return
        flags = QItemSelectionModel.SelectionFlag
        selection = self.match_list.selectionModel()
        selection.select(QItemSelection(start, target), flags.ClearAndSelect | flags.Rows)
        selection.setCurrentIndex(target, flags.NoUpdate)

    def _open_selected(self) -> None:
        index = self.match_list.currentIndex()
        if index.isValid():
            self.open_requested.emit(self._shown_ids[index.row()])

    # --- organizer's actions ---------------------------------------------------------
    def void_selected(self) -> None:
        """Void one selected match (started by mistake, wrong players): its reason asked, the `void`
        event appended to its log, which stays; then it counts nowhere."""
        ids = self._selected_or_say()
        if len(ids) != 1:
            if ids:
                self.controller.inform(self.tr("Select one match to void."))
            return
        match_id = ids[0]
        from referee_desk.desk.dialogs import DecisionDialog

        from referee_app.log.session import Session

        store = self.controller.store
        assert store is not None
        session = self.controller.operate(self.tr("Opening the match"), lambda: Session(store, match_id))
        if session is None:
            return
        dialog = DecisionDialog("void", session.state, self)
        dialog.decided.connect(lambda event: self._void(session, event))
        self.dialog = dialog
        dialog.open()

    def _void(self, session: Any, event: Any) -> None:
        desk = self.controller.session
        if desk is not None and desk.match_id == session.match_id:
            done = self.controller.record(event)  # the match open on the desk: the desk follows
        else:
            done = self.controller.operate(self.tr("Voiding the match"), lambda: session.record(event)) is not None
        if done:
            self.controller.inform(
                self.tr("Void: {a} v {b}. It counts nowhere; its log stays.").format(
                    a=session.setup.players[0], b=session.setup.players[1]
                )
            )
            self.refresh()

    def choose_folder(self) -> Path | None:
        from PySide6.QtWidgets import QFileDialog  # on first use: the window paints without it

        folder = QFileDialog.getExistingDirectory(self, self.tr("Export to which folder?"), documents_folder())
        return Path(folder) if folder else None

    def choose_pdf_file(self) -> Path | None:
        from PySide6.QtWidgets import QFileDialog

        start = str(Path(documents_folder()) / self.tr("match-sheets.pdf"))
        name, _ = QFileDialog.getSaveFileName(self, self.tr("One PDF of the sheets"), start, self.tr("PDF (*.pdf)"))
        if not name:
            return None
        path = Path(name)
        return path if path.suffix.lower() == ".pdf" else path.with_name(path.name + ".pdf")

    def choose_databases(self) -> list[Path]:
        from PySide6.QtWidgets import QFileDialog

        files, _ = QFileDialog.getOpenFileNames(
            self,
            self.tr("Databases of other desks"),
            documents_folder(),
            self.tr("Match databases (*.db);;All files (*)"),
        )
        return [Path(f) for f in files]

    def _logs(self, ids: list[str]) -> list[list[Entry]]:
        store = self.controller.store
        assert store is not None
        return [store.load(match_id) for match_id in ids]

    def _selected_or_say(self) -> list[str]:
        ids = self.selected_ids()
        if not ids or self.controller.store is None:
            self.controller.inform(self.tr("Select one or more matches first."))
            return []
        return ids

    def export(self, kind: str) -> None:
        """Export the selected matches; the notice says what was written, or why not."""
        ids = self._selected_or_say()
        if not ids:
            return
        folder = self.choose_folder()
        if folder is None:
            return

        def write(progress: Callable[[int, int], bool]) -> Exported:
            from referee_desk.i18n import qt_translate
            from referee_desk.printing import write_sheets_pdf

            from referee_app.organizer import operations
            from referee_app.organizer.exports import CODES, CsvWords, csv_separator

            selection = operations.Selection(ids=tuple(ids))
            language = self.language()  # ';' and the words of a French spreadsheet
            words = CODES if language == "en" else CsvWords(qt_translate)
            return operations.export(self._own_store(), selection, kind, folder, pdf=write_sheets_pdf,
                                     sep=csv_separator(language), words=words, progress=progress)  # fmt: skip

        def written(exported: Exported) -> None:
            from referee_desk.i18n import qt_translate

            from referee_app.organizer.operations import Line

            one = len(exported.written) == 1  # singular or plural, in both languages
            text = self.tr("1 file written to {folder}") if one else self.tr("{n} files written to {folder}")
            self._report([Line(text.format(n=len(exported.written), folder=folder)), *exported.lines(qt_translate)])

        self.run(self.tr("Export"), write, written, len(ids))

    def export_one_pdf(self) -> None:
        """The selected matches' sheets in one PDF, a page each (a day's sheets for the federation)."""
        ids = self._selected_or_say()
        if not ids:
            return
        path = self.choose_pdf_file()
        if path is None:
            return

        def write(progress: Callable[[int, int], bool]) -> Exported:
            from referee_desk.printing import write_sheets_pdf

            from referee_app.organizer import operations

            selection = operations.Selection(ids=tuple(ids))
            return operations.export(self._own_store(), selection, "pdf", path.parent, pdf=write_sheets_pdf,
                                     one_pdf=path.name, progress=progress)  # fmt: skip

        def written(exported: Exported) -> None:
            self.controller.inform(self.tr("{n} sheets in {file}").format(n=len(ids), file=exported.written[0]))

        self.run(self.tr("Export"), write, written, len(ids))

    def merge_databases(self) -> None:
        store = self.controller.store
        if store is None:
            return
        paths = self.choose_databases()
        if not paths:
            return

        def merge(progress: Callable[[int, int], bool]) -> list[Line]:
            from referee_desk.i18n import qt_translate

            from referee_app.event.live import complete_from_store
            from referee_app.organizer.operations import merge_all, merge_lines

            store = self._own_store()
            lines = merge_lines(merge_all(store, paths, progress), qt_translate)
            return lines + complete_from_store(store, qt_translate)  # the tournaments take the merged matches

        def merged(lines: list[Line]) -> None:
            self._report(lines)
            self.refresh()

        # Always off the GUI thread: a merge replays every match it takes in (tens of milliseconds
        # each), and even one of matches already here opens and reads every database.
        self.run(self.tr("Merge"), merge, merged, len(paths), background=True)

    def _report(self, lines: list[Line]) -> None:
        """An operation's report as the command line prints it (the matches it names one by one
        are in the list): an error when anything was left out."""
        failed = any(line.problem for line in lines)
        text = "\n".join(line.text for line in lines if not line.detail)
        self.controller.warn(Notice.ERROR if failed else Notice.INFO, text)

    def show_stats(self) -> None:
        chosen = set(self.selected_ids() or self._shown_ids)

        def count(progress: Callable[[int, int], bool]) -> StatsReport:
            from referee_app.organizer.operations import stats_rows

            return stats_rows(self._own_store(), lambda match: match.match_id in chosen, progress=progress)

        def shown(report: StatsReport) -> None:
            from referee_desk.i18n import qt_translate
            from referee_desk.organizer.stats_dialog import StatsDialog

            from referee_app.organizer.exports import csv_separator

            dialog = StatsDialog(report.rows, self, csv_separator(self.language()))
            self.dialog = dialog
            dialog.show()
            if report.problems:
                self._report(report.lines(qt_translate))

        self.run(self.tr("Statistics"), count, shown, self._match_count())

    def print_preview(self) -> None:
        ids = self._selected_or_say()
        if not ids:
            return

        def sheet() -> tuple[str, str]:
            from referee_desk.i18n import qt_translate

            from referee_app.words.sheet import build_sheet, sheet_pages

            return sheet_pages(build_sheet(self._logs(ids[:1])[0], qt_translate), qt_translate)

        part = self.controller.operate(self.tr("Print preview"), sheet)
        if part is None:
            return
        from referee_desk.printing import open_preview

        self.dialog = open_preview(self, part)


class Listed(NamedTuple):
    """The matches as the list shows them, with what its filters go through."""

    rows: list[Summary]
    names: list[str]
    ids: list[str]
    events: list[str]


def _listed(rows: list[Summary]) -> Listed:
    """The rows in the order shown (matches in progress first, newest first in each group), sorted
    once where they are read: a filter keeps that order, so a keystroke sorts nothing."""
    rows = sorted(rows, key=lambda s: s.match.created_at, reverse=True)
    rows.sort(key=lambda s: s.status not in ("playing", "lag"))
    names = [f"{s.match.player_a}\n{s.match.player_b}".casefold() for s in rows]
    events = sorted({s.match.event for s in rows if s.match.event})
    return Listed(rows, names, [s.match.match_id for s in rows], events)


INLINE = 300
"""Up to this many matches, organizer work runs on the GUI thread: it takes milliseconds."""


def horizontal() -> Any:
    """Qt.Orientation.Horizontal, loaded when first needed (the `Qt` namespace is slow to import)."""
    from PySide6.QtCore import Qt

    return Qt.Orientation.Horizontal


def _local_day(at: str) -> str:
    """The local date a match started on, as the list shows it: the date filter matches that."""
    from referee_app.words.localtime import local_date  # here: the window paints before the core loads

    return local_date(at)

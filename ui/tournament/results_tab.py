"""The Results tab: the matches to play and played, a result or a walkover typed, a correction
shown before it is made, and undo and redo of any decision; for the phone tables, a finished
result accepted unsigned, a dispute settled (accepted, or another result typed) and the
organizer's option to take the phones' results without signatures (`event.phone_results`)."""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import closing, suppress
from datetime import date

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)
from referee_desk.i18n import qt_translate
from referee_desk.notices import Notice
from referee_desk.tournament.dialogs import CorrectionDialog, changed_matches
from referee_desk.tournament.parts import Desk, Shown, WindowUndo, button, item, spin, text_of
from referee_desk.tournament.session import said

from referee_app.event.phone_results import (
    LogScores,
    OneDevice,
    accepted_result,
    signed_on_one_phone,
    unsigned_results,
)
from referee_app.event.session import StoreLog, ThreadedLog, now
from referee_app.log.store import Store, StoreError
from referee_app.tournament import wording
from referee_app.tournament.events import Corrected, Forfeit, ResultRecorded, SignaturesSet
from referee_app.tournament.model import MatchStatus, TournamentRefused
from referee_app.tournament.show import MatchView
from referee_app.tournament.show import view as view_of
from referee_app.tournament.state import Tournament

ORDER = {MatchStatus.PLAYING: 0, MatchStatus.READY: 1, MatchStatus.DONE: 2, MatchStatus.FORFEIT: 2}
"""The list's order: the matches on a table first, then those ready, then those played."""
DISPUTED_ROW = QColor("#ffcdd2")
"""A disputed match's row: the organizer is called."""
UNSIGNED_ROW = QColor("#fff3c4")
"""A phone match over but not signed by both: it waits for the signatures, or the organizer."""


Row = tuple[tuple[str, ...], QColor | None]
"""A row of the list as shown: its cells' texts and its colour."""


Read = tuple[dict[str, tuple[int, int]], frozenset[str]]
"""What the worker reads of the phone logs: the unsigned results, the matches signed on one phone."""


class ResultsTab(QWidget):
    """Pick a match, its winner and score; Ctrl+Enter records it and the next match is picked."""

    phones_read = Signal(object, object)
    """The phone logs read on the worker (the tournament read for, the future): taken on this thread."""

    def __init__(self, desk: Desk, parent: QWidget) -> None:
        super().__init__(parent)
        self.desk = desk
        self.setObjectName("resultsPage")
        layout = QVBoxLayout(self)
        self.table = QTableWidget(0, 7, self)
        self.table.setObjectName("resultsTable")
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setStretchLastSection(True)  # a longer status is never cut
        self.table.itemSelectionChanged.connect(self._match_picked)
        form = QHBoxLayout()
        self.picked_label = QLabel(self)
        self.picked_label.setObjectName("pickedMatch")
        self.winner_choice = QComboBox(self)
        self.winner_choice.setObjectName("winnerChoice")
        self.winner_choice.currentIndexChanged.connect(self._winner_picked)
        self.winner_choice.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)  # whole names
        self.winner_choice.setMinimumContentsLength(12)
        self.score_a = spin(self, "scoreA", 0, 99, 0)
        self.score_b = spin(self, "scoreB", 0, 99, 0)
        self.winner_label = QLabel(self)
        self.winner_label.setBuddy(self.winner_choice)
        self.score_label = QLabel(self)
        self.score_label.setBuddy(self.score_a)
        for w in (self.picked_label, self.winner_label, self.winner_choice, self.score_label, self.score_a,
                  self.score_b):  # fmt: skip
            form.addWidget(w)
        form.addStretch(1)
        buttons = QHBoxLayout()
        self.record_button = button(desk, "recordResult", "Ctrl+Return", self.record_result, self)
        self.walkover_button = button(desk, "walkoverButton", "Ctrl+Shift+W", self.walkover, self)
        self.correct_button = button(desk, "correctResult", "Ctrl+Shift+R", self.correct, self)
        self.undo_button = button(desk, "undoTournament", "Ctrl+Z", self.undo, self)
        self.redo_button = button(desk, "redoTournament", "Ctrl+Shift+Z", self.redo, self)
        self.accept_button = button(desk, "acceptPhoneResult", "Ctrl+Shift+A", self.accept_phone_result, self)
        for b in (self.record_button, self.walkover_button, self.correct_button, self.accept_button, self.undo_button,
                  self.redo_button):  # fmt: skip
            buttons.addWidget(b)
        buttons.addStretch(1)
        self.no_signatures = QCheckBox(self)
        self.no_signatures.setObjectName("noSignatures")
        self.no_signatures.toggled.connect(self._signatures_toggled)
        self.unsigned: dict[str, tuple[int, int]] = {}
        """The phone matches over but still on their table (match -> the log's score)."""
        self.one_device: frozenset[str] = frozenset()
        """The phone matches with a result whose two signatures came from one phone."""
        self._one_device_seen: OneDevice = {}
        self._logs_seen: LogScores = {}
        """The phone logs read so far: a read replays only those that moved on (the worker's only)."""
        self.reader = ThreadPoolExecutor(1, thread_name_prefix="phone-logs")
        """The worker that reads the phone logs: replaying them here would hold the window still
        while 32 tables score (a log a table, read again each time it moves on)."""
        self.reading: Future[Read] | None = None
        """The read on the worker, until it is in (one at a time)."""
        self.phones_read.connect(self._phones_in)
        self._shown_rows: list[Row] = []
        self._widest: list[int] = []
        """Each column's longest text when the columns were last sized."""
        """The rows as the list shows them: a refresh writes only the cells that changed."""
        self._picked: tuple[MatchView, tuple[int, int] | None] | None = None
        """The picked match as the form was filled from it: the form is filled again only when it
        changes (the organizer's typing is not undone by a phone's tap elsewhere)."""
        self.window_undo = WindowUndo(self)
        self.window_undo.watch(self.score_a, self.score_b, self.winner_choice)
        layout.addWidget(self.table, 1)
        layout.addLayout(form)
        layout.addLayout(buttons)
        layout.addWidget(self.no_signatures)

    def say(self, level: Notice, text: str) -> None:
        self.desk.say(level, text)

    def picked_match(self) -> MatchView | None:
        row = self.table.currentRow()
        cell = self.table.item(row, 0) if row >= 0 else None
        return None if cell is None else self.desk.shown.view.match(cell.text())

    def pick_match(self, match_id: str) -> bool:
        for row in range(self.table.rowCount()):
            if text_of(self.table.item(row, 0)) == match_id:
                self.table.selectRow(row)
                self.table.setCurrentCell(row, 0)
                return True
        return False

    def _match_picked(self) -> None:
        m = self.picked_match()
        self.winner_choice.blockSignals(True)
        self.winner_choice.clear()
        if m is not None and m.a and m.b:
            self.winner_choice.addItem(m.a, "a")
            self.winner_choice.addItem(m.b, "b")
            phone = None if m.score else self.unsigned.get(m.id)  # over on the phone: its result, to keep or change
            if m.winner == m.b or (phone is not None and phone[1] > phone[0]):
                self.winner_choice.setCurrentIndex(1)
            self.picked_label.setText(f"{m.id} · {self.desk.shown.names.get(m.id, '')}")
            score = m.score or phone or (0, 0)
            self.score_a.setValue(score[0])
            self.score_b.setValue(score[1])
            if not m.score and phone is None:
                self._winner_picked()
        else:
            self.picked_label.setText("")
        self.winner_choice.blockSignals(False)
        self._picked = None if m is None else (m, self.unsigned.get(m.id))
        self._enable(m)

    def _enable(self, m: MatchView | None) -> None:
        self.record_button.setEnabled(m is not None and m.to_play)
        self.walkover_button.setEnabled(m is not None and m.to_play)
        self.correct_button.setEnabled(m is not None and m.played)
        self.accept_button.setEnabled(m is not None and m.id in self.unsigned)

    def _waiting(self) -> list[str]:
        """The matches to play, in the list's order."""
        ready = {m.id for m in self.desk.shown.view.matches if m.to_play}
        ids = (text_of(self.table.item(row, 0)) for row in range(self.table.rowCount()))
        return [mid for mid in ids if mid in ready]

    def _pick_next(self, done: str, before: list[str]) -> None:
        """After a result, the match that followed it in the list, else the first to play, picked and
        in view: the next result is typed at once (the list re-sorts; it never jumps away)."""
        now = self._waiting()
        following = before[before.index(done) + 1 :] if done in before else []
        chosen = next((mid for mid in following if mid in now), now[0] if now else None)
        if chosen is not None and self.pick_match(chosen):
            cell = self.table.item(self.table.currentRow(), 0)
            if cell is not None:
                self.table.scrollToItem(cell, QAbstractItemView.ScrollHint.EnsureVisible)

    def _winner_picked(self) -> None:
        m = self.picked_match()
        if m is None:
            return
        won, other = (
            (self.score_a, self.score_b) if self.winner_choice.currentData() == "a" else (self.score_b, self.score_a)
        )
        won.setValue(m.race)
        if other.value() >= m.race:
            other.setValue(0)

    def _winner_and_score(self) -> tuple[MatchView, str, tuple[int, int]] | None:
        m = self.picked_match()
        if m is None or self.winner_choice.count() == 0:
            self.say(Notice.REFUSAL, self.tr("Pick a match in the list first."))
            return None
        return m, self.winner_choice.currentText(), (self.score_a.value(), self.score_b.value())

    def record_result(self) -> None:
        """A match a desk is recording is asked about first (No by default): typed, it is decided
        here, and the desk is told (its assignment taken back from the event server)."""
        picked = self._winner_and_score()
        if picked is None:
            return
        m, winner, score = picked
        live = self.desk.recording(m.id)
        if live is not None:
            table, playing = live
            a, b = wording.won(score)
            text = self.tr(
                "Table {table} is recording this match ({playing}). Record {winner} wins {a}-{b} anyway? The desk is"
                " told that its match was decided, and its result will not count."
            ).format(table=table, playing=playing, winner=winner, a=a, b=b)
            self.desk.ask("confirmOverDesk", text, self._record, self.tr("Nothing recorded: the desk plays on."))
            return
        self._record()

    def _record(self) -> None:
        picked = self._winner_and_score()
        if picked is None:
            return
        m, winner, score = picked
        waiting = self._waiting()
        if self.desk.session.record(ResultRecorded(m.id, winner, score, ended_on=date.today().isoformat())):
            self._pick_next(m.id, waiting)
            a, b = wording.won(score)
            self.say(Notice.INFO, self.tr("{id}: {winner} wins {a}-{b}.").format(id=m.id, winner=winner, a=a, b=b))

    def walkover(self) -> None:
        picked = self._winner_and_score()
        if picked is None:
            return
        m, winner, _ = picked
        absent = (m.b if winner == m.a else m.a) or ""
        waiting = self._waiting()
        if self.desk.session.record(Forfeit(m.id, absent)):
            self._pick_next(m.id, waiting)
            self.say(
                Notice.INFO,
                self.tr("{id}: {winner} wins by walkover ({absent} does not play).").format(
                    id=m.id, winner=winner, absent=absent
                ),
            )

    def correct(self) -> CorrectionDialog | None:
        """Show the bracket as the correction would leave it; it is made only when confirmed."""
        picked = self._winner_and_score()
        session = self.desk.session
        if picked is None or session.state is None:
            return None
        m, winner, score = picked
        event = Corrected(m.id, winner, score)
        try:
            after_state = session.after(event)
        except TournamentRefused as exc:
            self.say(Notice.REFUSAL, said(exc))
            return None
        after = view_of(after_state.tournament, session.tournament_id)
        changed = changed_matches(self.desk.shown.view, after)
        a, b = wording.won(score)
        summary = self.tr("{id} becomes: {winner} wins {a}-{b}.").format(id=m.id, winner=winner, a=a, b=b)
        names = wording.names_of(after_state.tournament, qt_translate)
        dialog = CorrectionDialog(summary, after, changed, self, names)
        dialog.accepted.connect(lambda: self._correct(event))
        self.desk.dialog = dialog
        dialog.open()
        return dialog

    def _correct(self, event: Corrected) -> None:
        if self.desk.session.record(event):
            self.say(Notice.INFO, self.tr("Corrected."))

    def _store(self) -> Store | None:
        """The organizer's database, where the phone matches' logs are (None: a tournament in memory)."""
        log = self.desk.session.core.log  # the window's own connection, on this thread
        return self.desk.store if isinstance(log, StoreLog | ThreadedLog) else None

    def accept_phone_result(self) -> None:
        """The picked phone match completes with its log's result as it stands (unsigned, or
        disputed: the dispute is settled); refused in words otherwise."""
        m = self.picked_match()
        t = self.desk.session.tournament
        store = self._store()
        if m is None or t is None:
            self.say(Notice.REFUSAL, self.tr("Pick a match in the list first."))
            return
        if store is None:
            self.say(Notice.REFUSAL, self.tr("{id} is not scored on the phones: type its result.").format(id=m.id))
            return
        try:
            event = accepted_result(store, t, m.id, now())
        except (TournamentRefused, StoreError) as exc:
            self.say(Notice.REFUSAL, said(exc))
            return
        disputed = m.id in t.disputes
        waiting = self._waiting()
        if self.desk.session.record(event):
            self._pick_next(m.id, waiting)
            a, b = wording.won(event.score)
            text = self.tr("{id}: {winner} wins {a}-{b}, the phone's result accepted.").format(
                id=m.id, winner=event.winner, a=a, b=b
            )
            if disputed:
                text += " " + self.tr("The dispute is settled.")
            self.say(Notice.INFO, text)

    def _signatures_toggled(self, checked: bool) -> None:
        if self.desk.session.record(SignaturesSet(needed=not checked)):
            self.say(
                Notice.INFO,
                self.tr("A finished phone match now counts at once, without signatures.")
                if checked
                else self.tr("A phone match now counts once both players have signed it."),
            )
        else:
            self._show_option()

    def _show_option(self) -> None:
        t = self.desk.session.tournament
        self.no_signatures.blockSignals(True)
        self.no_signatures.setChecked(t is not None and not t.signatures_needed)
        self.no_signatures.setEnabled(t is not None)
        self.no_signatures.blockSignals(False)

    def _phone_status(self, m: MatchView, status: str) -> tuple[str, QColor | None]:
        """A phone match's status cell and row colour: disputed (who), or over but not signed."""
        t = self.desk.session.tournament
        disputing = t.disputes.get(m.id, ()) if t is not None else ()
        if disputing:
            who = wording.not_agreeing(disputing, qt_translate)
            return self.tr("result disputed ({who})").format(who=who), DISPUTED_ROW
        if m.id in self.unsigned:
            a, b = self.unsigned[m.id]
            return self.tr("over on the phone ({a}-{b}), not signed by both").format(a=a, b=b), UNSIGNED_ROW
        if m.id in self.one_device:
            return self.tr("{status} · signed on one phone").format(status=status), None
        return status, None

    def follow_phones(self) -> bool:
        """Read the phone logs again on the worker (the window's watch calls this, each refresh, and
        the tab turned to): a phone match that finished, or was undone, since shows though the
        tournament's log did not move. Only while this tab is in view (32 tables' logs are read
        again each half-second otherwise, for nobody). True when a read was started (one at a time)."""
        store, t = self._store(), self.desk.session.tournament
        if self.reading is not None or store is None or t is None:
            return False
        if self.window().isVisible() and not self.isVisible():  # another tab in view: read when this one is
            return False
        if not t.by_phone:  # no phone match
            if self.unsigned or self.one_device:
                self.unsigned, self.one_device = {}, frozenset()
                self._show_rows(self.desk.shown)
            return False
        path, seen, once = store.path, self._logs_seen, self._one_device_seen

        def read() -> Read:
            with closing(Store.open_readonly(path)) as own:  # a connection of the worker's own
                return unsigned_results(own, t, seen), signed_on_one_phone(own, t, once)

        self.reading = self.reader.submit(read)
        self.reading.add_done_callback(lambda done: self._emit_read(t, done))
        return True

    def _emit_read(self, t: Tournament, done: Future[Read]) -> None:
        with suppress(RuntimeError):  # the window is gone: nobody to show it to
            self.phones_read.emit(t, done)  # queued to this thread

    def _phones_in(self, t: Tournament, done: Future[Read]) -> None:
        """The worker's read, shown if it changed anything; read again if the tournament moved meanwhile."""
        self.reading = None
        if t is not self.desk.session.tournament:
            self.follow_phones()
            return
        failed = done.exception()
        if failed is not None:  # a phone log that cannot be read: said, the rest as it was
            self.say(Notice.ERROR, said(failed))
            return
        unsigned, one_device = done.result()
        if unsigned != self.unsigned or one_device != self.one_device:
            self.unsigned, self.one_device = unsigned, one_device
            self._show_rows(self.desk.shown)
            self._show_picked()

    def undo(self) -> QMessageBox | None:
        """One result is undone at once; anything bigger is named and asked first (No by default)."""
        state = self.desk.session.state
        event = state.latest if state is not None else None
        if event is None:
            self.say(Notice.REFUSAL, self.tr("Nothing to undo."))
            return None
        what, takes = wording.decision_words(event, qt_translate)
        if not takes:
            self._undo()
            return None
        question = self.tr("Undo {what}?").format(what=what)
        text = f"{question[:1].upper()}{question[1:]} {takes}"
        return self.desk.ask("confirmUndo", text, self._undo, self.tr("Nothing undone."))

    def _undo(self) -> None:
        event = self.desk.session.undo()
        if event is not None:
            what, _ = wording.decision_words(event, qt_translate)
            self.say(
                Notice.INFO,
                self.tr("Undone: {what}. Nothing is erased (the log keeps it): Ctrl+Shift+Z does it again.").format(
                    what=what
                ),
            )

    def redo(self) -> None:
        event = self.desk.session.redo()
        if event is not None:
            what, _ = wording.decision_words(event, qt_translate)
            self.say(Notice.INFO, self.tr("Done again: {what}.").format(what=what))

    def show_state(self, shown: Shown) -> None:
        keep = self.picked_match()
        self._show_option()
        self._show_rows(shown)
        if keep is not None:
            self.pick_match(keep.id)
        self._show_picked()
        self.undo_button.setEnabled(self.desk.session.can_undo())
        self.redo_button.setEnabled(self.desk.session.can_redo())
        self.follow_phones()  # the phone logs read again on the worker: shown when in

    def _show_rows(self, shown: Shown) -> None:
        """The list, in its order; only the cells that changed are written again (phones move the
        tournament on every few seconds, and a list of 126 matches is 882 cells)."""
        matches = [m for m in shown.view.matches if m.status in ORDER]
        matches.sort(key=lambda m: ORDER[m.status])
        rows = [self._row(m, shown) for m in matches]
        table, before = self.table, self._shown_rows
        table.setRowCount(len(rows))
        for row, (cells, colour) in enumerate(rows):
            if row < len(before) and before[row] == (cells, colour):
                continue
            for column, text in enumerate(cells):
                cell = table.item(row, column)
                if cell is None:
                    cell = item(text)
                    table.setItem(row, column, cell)
                elif cell.text() != text:
                    cell.setText(text)
                cell.setData(Qt.ItemDataRole.BackgroundRole, None if colour is None else QBrush(colour))
        self._shown_rows = rows
        widest = [max((len(cells[c]) for cells, _ in rows), default=0) for c in range(table.columnCount())]
        if widest != self._widest:  # sizing the columns reads every cell: only when a column's text grew or shrank
            self._widest = widest
            table.resizeColumnsToContents()

    def _row(self, m: MatchView, shown: Shown) -> Row:
        phone = self.unsigned.get(m.id)
        score = "" if m.score is None else f"{m.score[0]}-{m.score[1]}"
        score = score or ("" if phone is None else f"{phone[0]}-{phone[1]}")
        status, colour = self._phone_status(m, wording.status_word(m.status, qt_translate))
        table = "" if m.table is None else str(m.table)
        return (m.id, shown.names.get(m.id, ""), m.a or "", m.b or "", score, table, status), colour

    def _show_picked(self) -> None:
        """The form filled from the picked match when it is another match, or the same one changed;
        the buttons always."""
        m = self.picked_match()
        picked = None if m is None else (m, self.unsigned.get(m.id))
        if picked != self._picked:
            self._picked = picked
            self._match_picked()
        else:
            self._enable(m)

    def retranslate(self) -> None:
        self.table.setHorizontalHeaderLabels(
            [
                self.tr("Match"),
                self.tr("Round"),
                self.tr("Player A"),
                self.tr("Player B"),
                self.tr("Score"),
                self.tr("Table"),
                self.tr("Status"),
            ]
        )
        self.winner_label.setText(self.tr("&Winner"))
        self.score_label.setText(self.tr("Score (A, B)"))
        self.record_button.setText(self.tr("Record the result [Ctrl+Enter]"))
        self.walkover_button.setText(self.tr("Walkover to the winner [Ctrl+Shift+W]"))
        self.correct_button.setText(self.tr("Correct… [Ctrl+Shift+R]"))
        self.undo_button.setText(self.tr("Undo the last decision [Ctrl+Z]"))
        self.redo_button.setText(self.tr("Redo [Ctrl+Shift+Z]"))
        self.accept_button.setText(self.tr("Accept the phone's result [Ctrl+Shift+A]"))
        self.accept_button.setToolTip(
            self.tr("The phone match counts as its players scored it, signed or not; a dispute is settled.")
        )
        self.no_signatures.setText(
            self.tr("Take the phones' results without signatures (a weekly bar night): a finished match counts at once")
        )

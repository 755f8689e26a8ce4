"""The Entries tab: the entry list imported from a CSV file, check-in, edits, withdrawals."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)
from referee_desk.i18n import qt_translate
from referee_desk.notices import Notice
from referee_desk.places import documents_folder
from referee_desk.tournament.dialogs import EntryDialog, local_number
from referee_desk.tournament.parts import Desk, Shown, button, item, text_of

from referee_app.tournament.entries import EntriesInvalid
from referee_app.tournament.events import CheckedIn, Disqualified, EntriesAdded, EntryEdited, Withdrawn
from referee_app.tournament.state import Tournament


def not_checked_in(t: Tournament | None) -> list[str]:
    """Once check-in has begun, the players not checked in yet (nobody, before it begins)."""
    if t is None or not t.checked_in or t.bracket is not None:
        return []
    return [e.name for e in t.entries if e.name not in t.checked_in]


class EntriesTab(QWidget):
    """The entry list; every action on the selected player has a key."""

    def __init__(self, desk: Desk, parent: QWidget) -> None:
        super().__init__(parent)
        self.desk = desk
        self.setObjectName("entriesPage")
        self._shown_key: object = None
        layout = QVBoxLayout(self)
        self.hint = QLabel(self)
        self.hint.setObjectName("entriesHint")
        self.table = QTableWidget(0, 7, self)
        self.table.setObjectName("entriesTable")
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()
        self.table.doubleClicked.connect(lambda _index: self.edit_entry())
        buttons = QHBoxLayout()
        self.import_button = button(desk, "importEntries", "Ctrl+I", self.choose_entries_file, self)
        self.edit_button = button(desk, "editEntry", "Ctrl+E", self.edit_entry, self)
        self.checkin_button = button(desk, "checkIn", "Ctrl+K", self.check_in, self)
        self.withdraw_button = button(desk, "withdrawEntry", "Ctrl+Shift+X", self.withdraw, self)
        self.absent_button = button(desk, "withdrawAbsent", "", self.withdraw_absent, self)
        self.reason_edit = QLineEdit(self)
        self.reason_edit.setObjectName("disqualifyReason")
        self.reason_edit.setMaxLength(200)
        self.disqualify_button = button(desk, "disqualify", "Ctrl+Shift+Q", self.disqualify, self)
        for b in (self.import_button, self.edit_button, self.checkin_button, self.withdraw_button, self.absent_button):
            buttons.addWidget(b)
        buttons.addWidget(self.reason_edit)
        buttons.addWidget(self.disqualify_button)
        buttons.addStretch(1)
        self.count = QLabel(self)
        self.count.setObjectName("entriesCount")
        buttons.addWidget(self.count)
        layout.addWidget(self.hint)
        layout.addLayout(buttons)
        layout.addWidget(self.table, 1)

    def say(self, level: Notice, text: str) -> None:
        self.desk.say(level, text)

    def selected_entry(self) -> str | None:
        row = self.table.currentRow()
        cell = self.table.item(row, 0) if row >= 0 else None
        return None if cell is None else cell.text()

    def select_entry(self, name: str) -> bool:
        for row in range(self.table.rowCount()):
            if text_of(self.table.item(row, 0)) == name:
                self.table.selectRow(row)
                self.table.setCurrentCell(row, 0)
                return True
        return False

    def choose_entries_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, self.tr("Import the entry list"), documents_folder(), self.tr("Entry lists (*.csv *.txt)")
        )
        if path:
            self.import_entries(Path(path))

    def import_entries(self, path: Path) -> bool:
        """All the file's entries, or none (every bad line named). A file that is not UTF-8 is most
        often an older Excel's "CSV (séparateur: point-virgule)", in Windows-1252: the organizer is
        asked whether to read it so, and nothing is imported until they say yes."""
        self.desk.go_to("entries")
        if self.desk.session.tournament is None:
            self.say(Notice.REFUSAL, self.tr("Create the tournament first (Draw tab)."))
            return False
        try:
            data = path.read_bytes()
        except OSError as exc:
            self.say(Notice.ERROR, self.tr("Cannot read {file}: {why}").format(file=path.name, why=exc.strerror))
            return False
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            self._ask_windows_encoding(path, data, data[: exc.start].count(b"\n") + 1)
            return False
        return self._import_text(path, text)

    def _ask_windows_encoding(self, path: Path, data: bytes, line: int) -> None:
        from referee_desk.questions import ask

        def answered(read: bool) -> None:
            if not read:
                self.say(Notice.INFO, self.tr("Nothing imported from {file}.").format(file=path.name))
                return
            try:
                text = data.decode("cp1252")
            except UnicodeDecodeError as exc:
                line = data[: exc.start].count(b"\n") + 1
                self.say(
                    Notice.ERROR,
                    self.tr("Nothing imported: {file} is not Windows-1252 text either (line {line}).").format(
                        file=path.name, line=line
                    ),
                )
                return
            self._import_text(path, text)

        self.desk.dialog = ask(
            self,
            "encodingQuestion",
            self.tr("Import the entry list"),
            self.tr(
                "{file} is not UTF-8 text (line {line}). Is it a CSV file saved by Excel on Windows? Read it as"
                " a Windows spreadsheet's file (Windows-1252)? Next time, save it as 'CSV UTF-8'."
            ).format(file=path.name, line=line),
            (self.tr("Read it as Windows-1252"), "readAsWindows"),
            (self.tr("Cancel"), "encodingCancel"),
            answered,
            yes_by_default=True,
        )

    def _import_text(self, path: Path, text: str) -> bool:
        session = self.desk.session
        if session.tournament is None:
            self.say(Notice.REFUSAL, self.tr("Create the tournament first (Draw tab)."))
            return False
        try:
            entries = session.core.entries_from(text)
        except EntriesInvalid as exc:
            problems = "; ".join(exc.messages(qt_translate))
            self.say(Notice.REFUSAL, self.tr("Nothing imported: {problems}").format(problems=problems))
            return False
        if not entries:
            self.say(Notice.REFUSAL, self.tr("Nothing imported: {file} lists no player.").format(file=path.name))
            return False
        if session.record(EntriesAdded(entries)):
            self.say(Notice.INFO, self.tr("{n} players imported from {file}.").format(n=len(entries), file=path.name))
            return True
        return False

    def edit_entry(self) -> None:
        t = self.desk.session.tournament
        name = self.selected_entry()
        entry = None if t is None or name is None else t.entry(name)
        if t is None or entry is None:
            self.say(Notice.REFUSAL, self.tr("Pick a player in the list first."))
            return
        dialog = EntryDialog(entry, t.bracket is not None, self, tuple(e for e in t.entries if e is not entry))
        dialog.edited.connect(lambda new: self.desk.session.record(EntryEdited(entry.name, new)))
        self.desk.dialog = dialog
        dialog.open()

    def check_in(self) -> None:
        name = self.selected_entry()
        if name is None:
            self.say(Notice.REFUSAL, self.tr("Pick a player in the list first."))
            return
        if self.desk.session.record(CheckedIn(name)):
            self.say(Notice.INFO, self.tr("{name} is checked in.").format(name=name))

    def withdraw(self) -> QMessageBox | None:
        """Asked first (No by default): after the draw the player loses every match left."""
        name = self.selected_entry()
        if name is None:
            self.say(Notice.REFUSAL, self.tr("Pick a player in the list first."))
            return None
        t = self.desk.session.tournament
        if t is not None and t.bracket is not None:
            takes = self.tr("They lose every match left by walkover.")
        else:
            takes = self.tr("They leave the entry list.")
        return self.desk.ask(
            "confirmWithdraw",
            self.tr("Withdraw {name}?").format(name=name) + " " + takes,
            lambda: self._withdraw(name),
            self.tr("{name} stays in the tournament.").format(name=name),
        )

    def _withdraw(self, name: str) -> None:
        if self.desk.session.record(Withdrawn(name)):
            self.say(Notice.INFO, self.tr("{name} is withdrawn.").format(name=name))

    def withdraw_absent(self) -> QMessageBox | None:
        """The no-shows out before the draw, one event each (undo brings them back one by one);
        asked first, naming them."""
        absent = not_checked_in(self.desk.session.tournament)
        if not absent:
            self.say(Notice.REFUSAL, self.tr("Everyone entered is checked in (or check-in has not begun)."))
            return None
        return self.desk.ask(
            "confirmWithdrawAbsent",
            self.tr("Withdraw the {n} players not checked in ({names})?").format(
                n=len(absent), names=", ".join(absent)
            ),
            lambda: self._withdraw_absent(absent),
            self.tr("Nobody withdrawn."),
        )

    def _withdraw_absent(self, absent: list[str]) -> None:
        for name in absent:
            if not self.desk.session.record(Withdrawn(name)):
                return
        self.say(Notice.INFO, self.tr("{n} players not checked in are withdrawn.").format(n=len(absent)))

    def disqualify(self) -> QMessageBox | None:
        """After the draw: the player forfeits every match left; the reason goes on the record.
        Asked first (No by default)."""
        name = self.selected_entry()
        if name is None:
            self.say(Notice.REFUSAL, self.tr("Pick a player in the list first."))
            return None
        reason = self.reason_edit.text().strip()
        if not reason:
            self.say(Notice.REFUSAL, self.tr("Write the reason for the disqualification first."))
            self.reason_edit.setFocus()
            return None
        return self.desk.ask(
            "confirmDisqualify",
            self.tr("Disqualify {name} ({reason})?").format(name=name, reason=reason)
            + " "
            + self.tr("They lose every match left by walkover."),
            lambda: self._disqualify(name, reason),
            self.tr("{name} stays in the tournament.").format(name=name),
        )

    def _disqualify(self, name: str, reason: str) -> None:
        if self.desk.session.record(Disqualified(name, reason)):
            self.reason_edit.clear()
            self.say(Notice.INFO, self.tr("{name} is disqualified: {reason}").format(name=name, reason=reason))

    def show_state(self, shown: Shown, again: bool = False) -> None:
        """The entry list as the tournament holds it (`again`: rebuilt even if it did not change)."""
        t = shown.tournament
        key = None if t is None else (t.entries, t.checked_in, t.retired, t.bracket is not None)
        if key == self._shown_key and key is not None and not again:
            return  # a result changes nothing here (a 128-row table is not rebuilt for it)
        self._shown_key = key
        entries = [] if t is None else list(t.entries)
        table = self.table
        current = self.selected_entry()
        table.setRowCount(len(entries))
        for row, e in enumerate(entries):
            checked = t is not None and e.name in t.checked_in
            out = t is not None and e.name in t.retired
            reason = None if t is None else t.disqualified.get(e.name)
            cells = [
                e.name,
                e.seed or "",
                "" if e.rating is None else local_number(e.rating),
                e.fargo_id,
                e.licence,
                e.club,
                self.tr("disqualified: {reason}").format(reason=reason)
                if reason is not None
                else self.tr("withdrawn")
                if out
                else (self.tr("yes") if checked else ""),
            ]
            for column, text in enumerate(cells):
                table.setItem(row, column, item(text))
        table.resizeColumnsToContents()
        if current:
            self.select_entry(current)
        drawn = t is not None and t.bracket is not None
        self.import_button.setEnabled(t is not None and not drawn)
        self.withdraw_button.setEnabled(t is not None)
        self.absent_button.setVisible(not drawn)
        self.reason_edit.setVisible(drawn)
        self.disqualify_button.setVisible(drawn)
        checked_in = 0 if t is None else len(t.checked_in)
        self.count.setText(self.tr("{n} players, {k} checked in").format(n=len(entries), k=checked_in))

    def retranslate(self) -> None:
        self.table.setHorizontalHeaderLabels(
            [
                self.tr("Name"),
                self.tr("Seed"),
                self.tr("Fargo rating"),
                self.tr("Fargo ID"),
                self.tr("Licence"),
                self.tr("Club"),
                self.tr("Checked in"),
            ]
        )
        self.hint.setText(
            self.tr(
                "The entry list: a CSV file (UTF-8) with a header line naming name, rating, fargo_id, licence, club,"
                " seed; or in French: nom, cote, id fargo, licence, club, tête de série."
            )
        )
        self.import_button.setText(self.tr("Import entries… [Ctrl+I]"))
        self.edit_button.setText(self.tr("Edit… [Ctrl+E]"))
        self.checkin_button.setText(self.tr("Check in [Ctrl+K]"))
        self.withdraw_button.setText(self.tr("Withdraw [Ctrl+Shift+X]"))
        self.absent_button.setText(self.tr("Withdraw those not checked in"))
        self.reason_edit.setPlaceholderText(self.tr("Reason for a disqualification"))
        self.disqualify_button.setText(self.tr("Disqualify [Ctrl+Shift+Q]"))

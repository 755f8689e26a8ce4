"""Organizer > Tournament: entries, the format and the draw, the bracket, results, the tables.

Every change is an event recorded through `TournamentModel` (refused with the engine's
reason, or kept and shown); every tab re-renders from spec §4's dict. Each action has a
key, written on its button.
"""

from __future__ import annotations

import functools
import secrets
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)
from referee_desk.i18n import qt_translate
from referee_desk.notices import BASE_STYLE, Notice, show_notice
from referee_desk.theme import BACKGROUND, TEXT, apply_dark
from referee_desk.tournament.bracket_view import BracketView
from referee_desk.tournament.dialogs import CorrectionDialog, EntryDialog, changed_matches, local_number
from referee_desk.tournament.model import MemoryLog, StoreLog, TournamentLog, TournamentModel, said

from referee_app.log.store import Store, StoreError
from referee_app.tournament import wording

if TYPE_CHECKING:
    from referee_desk.tournament.web import TournamentSite

    from referee_app.tournament.live import LiveSync
from referee_app.tournament.entries import EntriesInvalid, parse_entries
from referee_app.tournament.events import (
    CheckedIn,
    Corrected,
    Created,
    Disqualified,
    Drawn,
    EntriesAdded,
    EntryEdited,
    Event,
    Forfeit,
    MatchStarted,
    ResultRecorded,
    TablesSet,
    Withdrawn,
)
from referee_app.tournament.model import (
    SE_AT_CHOICES,
    FinalMode,
    Format,
    GroupFormat,
    Options,
    Qualifying,
    Rules,
    TournamentRefused,
)
from referee_app.tournament.plan import Plan, plan
from referee_app.tournament.templates import FFB_MORNING, ffb_national_day, wpa_world
from referee_app.words.localtime import local_date

DEFAULT_PORT = 8766
"""The players' web page (the desk's overlay uses 8765)."""
TABS = ("entries", "draw", "bracket", "results", "queue")
WATCH_MS = 2000
"""How often the window looks whether another program moved the tournament's log on."""


def parse_tables(text: str) -> tuple[int, ...]:
    """`1-8` or `1,2,5` (or both: `1-4, 7`) as table numbers; ValueError on anything else."""
    tables: list[int] = []
    for part in text.replace(";", ",").split(","):
        part = part.strip()
        if not part:
            continue
        low, dash, high = part.partition("-")
        if dash:
            first, last = int(low), int(high)
            if last < first:
                raise ValueError(part)
            tables.extend(range(first, last + 1))
        else:
            tables.append(int(part))
    if not tables:
        raise ValueError(text)
    return tuple(tables)


def _item(text: object, data: object = None) -> QTableWidgetItem:
    item = QTableWidgetItem("" if text is None else str(text))
    item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
    if data is not None:
        item.setData(Qt.ItemDataRole.UserRole, data)
    return item


def _press(button: QPushButton) -> None:
    """A button's key does what a click does, and nothing while the button is disabled."""
    if button.isEnabled():
        button.click()


def _fit_placeholder(edit: QLineEdit) -> None:
    """The hint in an empty field is read whole, in every language."""
    margins = edit.textMargins()
    edit.setMinimumWidth(
        edit.fontMetrics().horizontalAdvance(edit.placeholderText()) + margins.left() + margins.right() + 16
    )


def _text(item: QTableWidgetItem | None) -> str:
    return "" if item is None else item.text()


class _LiveRelay(QObject):
    """The sync's thread hands work and reports to the window's thread through queued signals."""

    run = Signal(object)  # a callable to run here
    report = Signal(object, str)  # Plan | None, error


class TournamentWindow(QMainWindow):
    """One tournament, in five tabs; everything is also on the keyboard."""

    def __init__(
        self,
        log: TournamentLog | None = None,
        tournament_id: str = "",
        parent: QWidget | None = None,
        store: Store | None = None,
    ) -> None:
        """With `store` (the organizer's database) the tournaments are kept there, the newest opened
        first; `log` is one tournament's log given directly (in memory by default)."""
        super().__init__(parent)
        self.setObjectName("tournamentWindow")
        self.resize(1280, 760)
        self.store = store
        self.opening_error = ""
        if log is None and store is not None:
            known = store.tournaments()
            log = StoreLog(store, known[-1].tournament_id if known else None)
        self.model = self._model(log or MemoryLog(), tournament_id)
        self.dialog: QWidget | None = None
        self.site: TournamentSite | None = None
        self.live: LiveSync | None = None
        self.live_folder = Path()
        self.live_error = ""
        self.live_problems: set[str] = set()
        self._relay = _LiveRelay(self)
        self._relay.run.connect(self._run_here)
        self._relay.report.connect(self._live_report)
        self.shown: dict[str, Any] = self.model.show()
        self.names: dict[str, str] = {}
        self._entries_shown: object = None
        central = QWidget(self)
        layout = QVBoxLayout(central)
        self.notice = QLabel(self)
        self.notice.setObjectName("tournamentNotice")
        self.notice.setWordWrap(True)
        apply_dark(self.notice)  # the notices' colours are the desk's: light words on its dark strip
        self.notice.setAutoFillBackground(True)
        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("tournamentTabs")
        self.choice = QComboBox(self)
        self.choice.setObjectName("tournamentChoice")
        self.choice.setVisible(store is not None)
        self.choice.activated.connect(self._chosen)
        self.choice.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)  # the whole name
        self.choice.setMaximumWidth(self.choice.fontMetrics().averageCharWidth() * 72)
        self.tabs.setCornerWidget(self.choice, Qt.Corner.TopRightCorner)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.notice)
        self.setCentralWidget(central)
        self._actions: list[tuple[QAction, str]] = []
        self._build_entries()
        self._build_draw()
        self._build_bracket()
        self._build_results()
        self._build_queue()
        for i, name in enumerate(TABS, start=1):
            self._action(f"actionTab_{name}", f"Ctrl+{i}", self._go_to(i - 1))
        self.retranslate()
        self.refresh()
        self.tabs.setCurrentWidget(self.draw_page if self.model.state is None else self.entries_page)
        if self.opening_error:
            self.say(Notice.ERROR, self.opening_error)
        self.watch = QTimer(self)  # another program may append: a merge, the command line, another window
        self.watch.setInterval(WATCH_MS)
        self.watch.timeout.connect(self.follow)
        self.watch.start()

    def follow(self) -> bool:
        """Show the tournament again when another program moved its log on; True when it did."""
        try:
            moved = self.model.moved_on()
        except StoreError as exc:
            why = self.tr("The tournament's database cannot be read: {why}").format(why=said(exc))
            if why != self.notice.text():
                self.say(Notice.ERROR, why)
            return False
        if not moved:
            return False
        self.model.reload()
        self.say(
            Notice.INFO, self.tr("Shown again: the tournament was changed elsewhere (a merged desk, the command line).")
        )
        return True

    def _model(self, log: TournamentLog, tournament_id: str = "") -> TournamentModel:
        """The model of `log`; a tournament that cannot be read whole is refused, and a new one offered."""
        try:
            model = TournamentModel(log, tournament_id, self)
        except (StoreError, ValueError, RecursionError) as exc:
            self.opening_error = self.tr("This tournament cannot be opened: {why}").format(why=said(exc))
            model = TournamentModel(StoreLog(self.store) if self.store is not None else MemoryLog(), "", self)
        model.changed.connect(self.refresh)
        model.refused.connect(lambda text: self.say(Notice.REFUSAL, text))
        return model

    def open_tournament(self, tournament_id: str | None) -> None:
        """Show another tournament of the database (None: a new one, created from the Draw tab)."""
        assert self.store is not None
        old = self.model
        self.opening_error = ""
        self.model = self._model(StoreLog(self.store, tournament_id))
        old.deleteLater()
        self._entries_shown = None
        self.name_edit.clear()
        self.seed_edit.clear()
        self.refresh()
        self.tabs.setCurrentWidget(self.draw_page if self.model.state is None else self.entries_page)
        self._focus_tab()
        if self.opening_error:
            self.say(Notice.ERROR, self.opening_error)

    def _chosen(self, index: int) -> None:
        chosen = self.choice.itemData(index)
        if chosen != self.model.tournament_id or chosen is None:
            self.open_tournament(chosen)

    def _show_choice(self) -> None:
        if self.store is None:
            return
        self.choice.blockSignals(True)
        self.choice.clear()
        for t in self.store.tournaments():
            self.choice.addItem(f"{t.name} · {local_date(t.created_at)}", t.tournament_id)
        self.choice.addItem(self.tr("New tournament…"), None)
        current = self.choice.findData(self.model.tournament_id) if self.model.state is not None else -1
        self.choice.setCurrentIndex(current if current >= 0 else self.choice.count() - 1)
        self.choice.blockSignals(False)

    # --- helpers ---------------------------------------------------------------------
    def _action(self, name: str, key: str, slot: Callable[[], object]) -> QAction:
        action = QAction(self)
        action.setObjectName(name)
        action.setShortcut(QKeySequence(key))
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        action.triggered.connect(slot)
        self.addAction(action)
        self._actions.append((action, key))
        return action

    def _button(self, name: str, key: str, slot: Callable[[], object], parent: QWidget) -> QPushButton:
        """A button whose key works anywhere in the window (written on it by `retranslate`)."""
        button = QPushButton(parent)
        button.setObjectName(name)
        button.clicked.connect(slot)
        if key:
            self._action(f"action_{name}", key, lambda: _press(button))
        return button

    def _go_to(self, index: int) -> Callable[[], None]:
        def go() -> None:
            self.tabs.setCurrentIndex(index)
            self._focus_tab()

        return go

    def _focus_tab(self) -> None:
        """The keys go to the tab's main widget at once (its list, its first field, the bracket)."""
        page = self.tabs.currentWidget()
        target: QWidget = {
            self.entries_page: self.entries_table,
            self.draw_page: self.seed_edit if self.model.state is not None else self.name_edit,
            self.bracket_page: self.bracket,
            self.results_page: self.results_table,
            self.queue_page: self.tables_edit,
        }.get(page, page)
        target.setFocus()

    def say(self, level: Notice, text: str) -> None:
        show_notice(self.notice, level, text)
        if level is Notice.INFO:  # the desk's light words sit on its dark page; this window is light
            self.notice.setStyleSheet(f"{BASE_STYLE}background: {BACKGROUND}; color: {TEXT};")

    def _tr_core(self, text: str) -> str:
        return qt_translate(wording.CTX, text)

    # --- entries ---------------------------------------------------------------------
    def _build_entries(self) -> None:
        page = self.entries_page = QWidget(self)
        page.setObjectName("entriesPage")
        layout = QVBoxLayout(page)
        self.entries_hint = QLabel(page)
        self.entries_hint.setObjectName("entriesHint")
        self.entries_table = QTableWidget(0, 7, page)
        self.entries_table.setObjectName("entriesTable")
        self.entries_table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.entries_table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.entries_table.verticalHeader().hide()
        self.entries_table.doubleClicked.connect(lambda _index: self.edit_entry())
        buttons = QHBoxLayout()
        self.import_button = self._button("importEntries", "Ctrl+I", self.choose_entries_file, page)
        self.edit_button = self._button("editEntry", "Ctrl+E", self.edit_entry, page)
        self.checkin_button = self._button("checkIn", "Ctrl+K", self.check_in, page)
        self.withdraw_button = self._button("withdrawEntry", "Ctrl+Shift+X", self.withdraw, page)
        self.absent_button = self._button("withdrawAbsent", "", self.withdraw_absent, page)
        self.reason_edit = QLineEdit(page)
        self.reason_edit.setObjectName("disqualifyReason")
        self.reason_edit.setMaxLength(200)
        self.disqualify_button = self._button("disqualify", "Ctrl+Shift+Q", self.disqualify, page)
        for b in (self.import_button, self.edit_button, self.checkin_button, self.withdraw_button, self.absent_button):
            buttons.addWidget(b)
        buttons.addWidget(self.reason_edit)
        buttons.addWidget(self.disqualify_button)
        buttons.addStretch(1)
        self.entries_count = QLabel(page)
        self.entries_count.setObjectName("entriesCount")
        buttons.addWidget(self.entries_count)
        layout.addWidget(self.entries_hint)
        layout.addLayout(buttons)
        layout.addWidget(self.entries_table, 1)
        self.tabs.addTab(page, "")

    def selected_entry(self) -> str | None:
        row = self.entries_table.currentRow()
        item = self.entries_table.item(row, 0) if row >= 0 else None
        return None if item is None else item.text()

    def select_entry(self, name: str) -> bool:
        for row in range(self.entries_table.rowCount()):
            if _text(self.entries_table.item(row, 0)) == name:
                self.entries_table.selectRow(row)
                self.entries_table.setCurrentCell(row, 0)
                return True
        return False

    def choose_entries_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, self.tr("Import the entry list"), "", self.tr("Entry lists (*.csv *.txt)")
        )
        if path:
            self.import_entries(Path(path))

    def import_entries(self, path: Path) -> bool:
        """All the file's entries, or none (every bad line named). A file that is not UTF-8 is most
        often an older Excel's "CSV (séparateur: point-virgule)", in Windows-1252: the organizer is
        asked whether to read it so, and nothing is imported until they say yes."""
        self.tabs.setCurrentWidget(self.entries_page)
        if self.model.tournament is None:
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

        self.dialog = ask(
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
        t = self.model.tournament
        if t is None:
            self.say(Notice.REFUSAL, self.tr("Create the tournament first (Draw tab)."))
            return False
        try:
            entries = parse_entries(text, t.entries)
        except EntriesInvalid as exc:
            problems = "; ".join(exc.messages(qt_translate))
            self.say(Notice.REFUSAL, self.tr("Nothing imported: {problems}").format(problems=problems))
            return False
        if not entries:
            self.say(Notice.REFUSAL, self.tr("Nothing imported: {file} lists no player.").format(file=path.name))
            return False
        if self.model.record(EntriesAdded(entries)):
            self.say(Notice.INFO, self.tr("{n} players imported from {file}.").format(n=len(entries), file=path.name))
            return True
        return False

    def edit_entry(self) -> None:
        t = self.model.tournament
        name = self.selected_entry()
        entry = None if t is None or name is None else t.entry(name)
        if t is None or entry is None:
            self.say(Notice.REFUSAL, self.tr("Pick a player in the list first."))
            return
        dialog = EntryDialog(entry, t.bracket is not None, self)
        dialog.edited.connect(lambda new: self.model.record(EntryEdited(entry.name, new)))
        self.dialog = dialog
        dialog.open()

    def check_in(self) -> None:
        name = self.selected_entry()
        if name is None:
            self.say(Notice.REFUSAL, self.tr("Pick a player in the list first."))
            return
        if self.model.record(CheckedIn(name)):
            self.say(Notice.INFO, self.tr("{name} is checked in.").format(name=name))

    def withdraw(self) -> QMessageBox | None:
        """Asked first (No by default): after the draw the player loses every match left."""
        name = self.selected_entry()
        if name is None:
            self.say(Notice.REFUSAL, self.tr("Pick a player in the list first."))
            return None
        t = self.model.tournament
        if t is not None and t.bracket is not None:
            takes = self.tr("They lose every match left by walkover.")
        else:
            takes = self.tr("They leave the entry list.")
        return self.ask(
            "confirmWithdraw",
            self.tr("Withdraw {name}?").format(name=name) + " " + takes,
            lambda: self._withdraw(name),
            self.tr("{name} stays in the tournament.").format(name=name),
        )

    def _withdraw(self, name: str) -> None:
        if self.model.record(Withdrawn(name)):
            self.say(Notice.INFO, self.tr("{name} is withdrawn.").format(name=name))

    def absent(self) -> list[str]:
        """Once check-in has begun, the players not checked in yet (nobody, before it begins)."""
        t = self.model.tournament
        if t is None or not t.checked_in or t.bracket is not None:
            return []
        return [e.name for e in t.entries if e.name not in t.checked_in]

    def withdraw_absent(self) -> QMessageBox | None:
        """The no-shows out before the draw, one event each (undo brings them back one by one);
        asked first, naming them."""
        absent = self.absent()
        if not absent:
            self.say(Notice.REFUSAL, self.tr("Everyone entered is checked in (or check-in has not begun)."))
            return None
        return self.ask(
            "confirmWithdrawAbsent",
            self.tr("Withdraw the {n} players not checked in ({names})?").format(
                n=len(absent), names=", ".join(absent)
            ),
            lambda: self._withdraw_absent(absent),
            self.tr("Nobody withdrawn."),
        )

    def _withdraw_absent(self, absent: list[str]) -> None:
        for name in absent:
            if not self.model.record(Withdrawn(name)):
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
        return self.ask(
            "confirmDisqualify",
            self.tr("Disqualify {name} ({reason})?").format(name=name, reason=reason)
            + " "
            + self.tr("They lose every match left by walkover."),
            lambda: self._disqualify(name, reason),
            self.tr("{name} stays in the tournament.").format(name=name),
        )

    def _disqualify(self, name: str, reason: str) -> None:
        if self.model.record(Disqualified(name, reason)):
            self.reason_edit.clear()
            self.say(Notice.INFO, self.tr("{name} is disqualified: {reason}").format(name=name, reason=reason))

    def _show_entries(self) -> None:
        t = self.model.tournament
        key = None if t is None else (t.entries, t.checked_in, t.retired, t.bracket is not None)
        if key == self._entries_shown and key is not None:
            return  # a result changes nothing here (a 128-row table is not rebuilt for it)
        self._entries_shown = key
        entries = [] if t is None else list(t.entries)
        table = self.entries_table
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
                table.setItem(row, column, _item(text))
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
        self.entries_count.setText(self.tr("{n} players, {k} checked in").format(n=len(entries), k=checked_in))

    # --- format and draw ---------------------------------------------------------------
    def _build_draw(self) -> None:
        page = self.draw_page = QWidget(self)
        page.setObjectName("drawPage")
        layout = QHBoxLayout(page)
        self.format_box = QGroupBox(page)
        self.format_box.setObjectName("formatBox")
        form = QFormLayout(self.format_box)
        self.name_edit = QLineEdit(page)
        self.name_edit.setObjectName("tournamentName")
        self.name_edit.setMaxLength(80)
        self.format_choice = QComboBox(page)
        self.format_choice.setObjectName("formatChoice")
        self.race = self._spin("raceSpin", 1, 99, 7)
        self.race_losers = self._spin("raceLosersSpin", 0, 99, 0)
        self.race_final = self._spin("raceFinalSpin", 0, 99, 0)
        self.final_choice = QComboBox(page)
        self.final_choice.setObjectName("finalChoice")
        self.se_at = QComboBox(page)
        self.se_at.setObjectName("seAtChoice")
        self.third_place = QCheckBox(page)
        self.third_place.setObjectName("thirdPlace")
        self.groups = self._spin("groupsSpin", 1, 64, 4)
        self.advance = self._spin("advanceSpin", 1, 64, 2)
        self.group_format = QComboBox(page)
        self.group_format.setObjectName("groupFormatChoice")
        self.then_choice = QComboBox(page)
        self.then_choice.setObjectName("thenChoice")
        self.rules_choice = QComboBox(page)
        self.rules_choice.setObjectName("rulesChoice")
        self.qualifying = QCheckBox(page)
        self.qualifying.setObjectName("qualifyingCheck")
        self.qualifying_rule: Qualifying = FFB_MORNING
        """The qualifying pools' rule the check box stands for (the tournament's own once created)."""
        self.form_labels: dict[str, QLabel] = {}
        rows = (
            ("name", self.name_edit),
            ("format", self.format_choice),
            ("race", self.race),
            ("race_losers", self.race_losers),
            ("race_final", self.race_final),
            ("final", self.final_choice),
            ("se_at", self.se_at),
            ("third_place", self.third_place),
            ("groups", self.groups),
            ("advance", self.advance),
            ("group_format", self.group_format),
            ("then", self.then_choice),
            ("qualifying", self.qualifying),
            ("rules", self.rules_choice),
        )
        for key, widget in rows:
            label = QLabel(page)
            label.setObjectName(f"label_{key}")
            label.setBuddy(widget)
            self.form_labels[key] = label
            form.addRow(label, widget)
        templates = QHBoxLayout()
        self.ffb_button = self._button("templateFfb", "", self.use_ffb, page)
        self.wpa_button = self._button("templateWpa", "", self.use_wpa, page)
        templates.addWidget(self.ffb_button)
        templates.addWidget(self.wpa_button)
        form.addRow(templates)
        self.create_button = self._button("createTournament", "Ctrl+Shift+N", self.create_tournament, page)
        form.addRow(self.create_button)
        right = QVBoxLayout()
        self.plan_box = QGroupBox(page)
        self.plan_box.setObjectName("planBox")
        plan_form = QFormLayout(self.plan_box)
        self.plan_players = self._spin("planPlayers", 2, 256, 64)
        self.plan_players_label = QLabel(page)
        self.plan_players_label.setBuddy(self.plan_players)
        self.plan_label = QLabel(page)
        self.plan_label.setObjectName("planLabel")
        self.plan_label.setWordWrap(True)
        plan_form.addRow(self.plan_players_label, self.plan_players)
        plan_form.addRow(self.plan_label)
        self.draw_box = QGroupBox(page)
        self.draw_box.setObjectName("drawBox")
        draw_form = QFormLayout(self.draw_box)
        self.seed_edit = QLineEdit(page)
        self.seed_edit.setObjectName("drawSeed")
        self.seed_label = QLabel(page)
        self.seed_label.setBuddy(self.seed_edit)
        self.draw_button = self._button("drawButton", "Ctrl+Shift+D", self.draw, page)
        self.draw_seed_label = QLabel(page)
        self.draw_seed_label.setObjectName("drawSeedLabel")
        self.draw_seed_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.draw_seed_label.setWordWrap(True)
        draw_form.addRow(self.seed_label, self.seed_edit)
        draw_form.addRow(self.draw_button)
        draw_form.addRow(self.draw_seed_label)
        right.addWidget(self.plan_box)
        right.addWidget(self.draw_box)
        right.addStretch(1)
        layout.addWidget(self.format_box, 1)
        layout.addLayout(right, 1)
        for combo in (self.format_choice, self.se_at, self.group_format, self.then_choice, self.final_choice,
                      self.rules_choice):  # fmt: skip
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)  # every choice read whole
        for combo in (self.format_choice, self.se_at, self.group_format, self.then_choice, self.final_choice):
            combo.currentIndexChanged.connect(self._options_changed)
        for spin in (self.race, self.race_losers, self.race_final, self.groups, self.advance, self.plan_players):
            spin.valueChanged.connect(self._options_changed)
        self.third_place.toggled.connect(self._options_changed)
        self.qualifying.toggled.connect(self._options_changed)
        self.tabs.addTab(page, "")

    def _spin(self, name: str, low: int, high: int, value: int) -> QSpinBox:
        spin = QSpinBox(self)
        spin.setObjectName(name)
        spin.setRange(low, high)
        spin.setValue(value)
        return spin

    def _fill_choices(self) -> None:
        """The combo boxes' items, in the current language (their data are the spec's words)."""
        items: dict[QComboBox, list[tuple[str, object]]] = {
            self.format_choice: [
                (self.tr("Double elimination"), Format.DE),
                (self.tr("Single elimination"), Format.SE),
                (self.tr("Groups, then a knockout"), Format.GROUPS),
            ],
            self.final_choice: [
                (self.tr("True second final (the losers' champion must win twice)"), FinalMode.RESET),
                (self.tr("One final"), FinalMode.SINGLE),
            ],
            self.se_at: [(self.tr("never"), None)]
            + [(self.tr("when {n} remain").format(n=n), n) for n in SE_AT_CHOICES],
            self.group_format: [
                (self.tr("Round robin"), GroupFormat.RR),
                (self.tr("Double elimination (two wins in, two losses out)"), GroupFormat.DE),
            ],
            self.then_choice: [(self.tr("Double elimination"), Format.DE), (self.tr("Single elimination"), Format.SE)],
            self.rules_choice: [(self.tr("WPA rules"), Rules.WPA), (self.tr("FFB rules"), Rules.FFB)],
        }
        for combo, choices in items.items():
            keep = combo.currentIndex()
            combo.blockSignals(True)
            combo.clear()
            for text, data in choices:
                combo.addItem(text, data)
            combo.setCurrentIndex(max(0, keep))
            combo.blockSignals(False)
            combo.setMinimumWidth(combo.sizeHint().width())  # the layout never squeezes a choice into "…"

    def options(self) -> Options:
        """The form's options (spec §1 `new`); `check()` not called here."""
        fmt = Format(self.format_choice.currentData())
        groups = fmt is Format.GROUPS
        knockout = Format(self.then_choice.currentData()) if groups else fmt
        return Options(
            fmt,
            race=self.race.value(),
            race_losers=self.race_losers.value() or None if knockout is Format.DE else None,
            race_final=self.race_final.value() or None,
            final=FinalMode(self.final_choice.currentData()),
            se_at=self.se_at.currentData() if knockout is Format.DE else None,
            third_place=self.third_place.isChecked() and knockout is Format.SE,
            groups=self.groups.value() if groups else None,
            advance=self.advance.value() if groups else None,
            group_format=GroupFormat(self.group_format.currentData()),
            then=Format(self.then_choice.currentData()),
            rules=Rules(self.rules_choice.currentData()),
            qualifying=self.qualifying_rule if groups and self.qualifying.isChecked() else None,
        )

    def set_options(self, options: Options) -> None:
        """Fill the form from `options` (a template, or the tournament's own)."""

        def pick(combo: QComboBox, value: object) -> None:
            index = combo.findData(value)
            if index >= 0:
                combo.setCurrentIndex(index)

        pick(self.format_choice, options.format)
        self.race.setValue(options.race)
        self.race_losers.setValue(options.race_losers or 0)
        self.race_final.setValue(options.race_final or 0)
        pick(self.final_choice, options.final)
        pick(self.se_at, options.se_at)
        self.third_place.setChecked(options.third_place)
        if options.groups is not None:
            self.groups.setValue(options.groups)
        if options.advance is not None:
            self.advance.setValue(options.advance)
        pick(self.group_format, options.group_format)
        pick(self.then_choice, options.then)
        pick(self.rules_choice, options.rules)
        if options.qualifying is not None:
            self.qualifying_rule = options.qualifying
        self.qualifying.setChecked(options.qualifying is not None)

    def use_ffb(self) -> None:
        """The national tournament's whole day; unchecking the qualifying pools leaves its afternoon (32)."""
        self.set_options(ffb_national_day())
        t = self.model.tournament
        if t is None or not t.entries:
            self.plan_players.setValue(42)
        self.say(
            Notice.INFO,
            self.tr(
                "FFB national format: TS1-TS22 from the national ranking as hand seeds in the entry list. "
                "Morning: the players after TS16 in 6 qualifying pools, one of TS17-TS22 heading each; "
                "16 go on (the first 2 of each pool of 4, the first 3 of each pool of 5, the best thirds of "
                "the pools of 4, compared per match played). Afternoon: pools of 4, TS1 with TS16, TS2 with "
                "TS15…, the qualifiers drawn in; the top 2 to a double knockout, single elimination from the "
                "quarter-finals."
            ),
        )

    def use_wpa(self) -> None:
        players = self._players()
        try:
            self.set_options(wpa_world(players if players >= 16 and players % 8 == 0 else 64))
        except TournamentRefused as exc:
            self.say(Notice.REFUSAL, said(exc))
            return
        self.say(
            Notice.INFO,
            self.tr(
                "WPA world format: double-elimination groups of 8 (two wins in, two losses out), "
                "then single elimination."
            ),
        )

    def _players(self) -> int:
        t = self.model.tournament
        return len(t.entries) if t is not None and t.entries else self.plan_players.value()

    def _options_changed(self) -> None:
        fmt = self.format_choice.currentData()
        groups = fmt == Format.GROUPS
        knockout = self.then_choice.currentData() if groups else fmt
        visible = {
            "race_losers": knockout == Format.DE,
            "final": knockout == Format.DE,
            "se_at": knockout == Format.DE,
            "third_place": knockout == Format.SE,
            "groups": groups,
            "advance": groups,
            "group_format": groups,
            "then": groups,
            "qualifying": groups,
        }
        widgets = {
            "race_losers": self.race_losers,
            "final": self.final_choice,
            "se_at": self.se_at,
            "third_place": self.third_place,
            "groups": self.groups,
            "advance": self.advance,
            "group_format": self.group_format,
            "then": self.then_choice,
            "qualifying": self.qualifying,
        }
        for key, shown in visible.items():
            widgets[key].setVisible(shown)
            self.form_labels[key].setVisible(shown)
        self._show_plan()

    @staticmethod
    @functools.lru_cache(maxsize=64)
    def _plan(options: Options, players: int) -> Plan:
        """The plan builds a whole bracket: kept for the options and players it was made for."""
        options.check()
        return plan(options, players)

    def _show_plan(self) -> None:
        t = self.model.tournament
        options = t.options if t is not None else self.options()
        players = self._players()
        try:
            p = self._plan(options, players)
        except TournamentRefused as exc:
            self.plan_label.setText(self.tr("No plan: {why}").format(why=said(exc)))
            return
        self.plan_label.setText(p.describe(players, qt_translate))

    def create_tournament(self) -> None:
        if self.model.state is not None:
            self.say(Notice.REFUSAL, self.tr("This tournament is already created."))
            return
        options = self.options()
        try:
            options.check()
        except TournamentRefused as exc:
            self.say(Notice.REFUSAL, said(exc))
            return
        name = self.name_edit.text().strip()
        if not name:
            self.say(Notice.REFUSAL, self.tr("Give the tournament a name first."))
            self.name_edit.setFocus()
            return
        if self.model.record(Created(name, options)):
            self.say(Notice.INFO, self.tr("{name} is created: import the entry list (Ctrl+I).").format(name=name))
            self.tabs.setCurrentWidget(self.entries_page)

    def draw(self) -> None:
        text = self.seed_edit.text().strip()
        try:
            seed = int(text) if text else secrets.randbelow(1_000_000)
        except ValueError:
            self.say(Notice.REFUSAL, self.tr("The draw seed is a whole number (or nothing, for a random one)."))
            return
        t = self.model.tournament
        absent = self.absent()
        if t is not None and absent:
            self.say(
                Notice.REFUSAL,
                self.tr("Not drawn: {n} players are not checked in ({names}). Check them in, or withdraw them "
                        "(Entries tab, “Withdraw those not checked in”).").format(
                    n=len(absent), names=", ".join(absent[:5]) + ("…" if len(absent) > 5 else "")),
            )  # fmt: skip
            return
        if self.model.record(Drawn(seed)):
            self.say(Notice.INFO, self.tr("Drawn with seed {seed}.").format(seed=seed))
            self.tabs.setCurrentWidget(self.bracket_page)
            self.bracket.fit()

    def _show_draw(self) -> None:
        t = self.model.tournament
        created = t is not None
        if t is not None:
            self.name_edit.setText(t.name)
            self.set_options(t.options)
        self.format_box.setEnabled(not created)
        self.create_button.setVisible(not created)
        self.plan_players.setEnabled(not (t is not None and t.entries))
        if t is not None and t.entries:
            self.plan_players.blockSignals(True)
            self.plan_players.setValue(max(2, len(t.entries)))
            self.plan_players.blockSignals(False)
        drawn = t is not None and t.draw_seed is not None
        self.seed_edit.setEnabled(created and not drawn)
        self.draw_button.setEnabled(created and not drawn)
        if drawn:
            assert t is not None
            self.seed_edit.setText(str(t.draw_seed))
            self.draw_seed_label.setText(
                self.tr("Draw seed: {seed}. Anyone can check the draw with it.").format(seed=t.draw_seed)
            )
        else:
            self.draw_seed_label.setText("")
        self._options_changed()

    # --- bracket -----------------------------------------------------------------------
    def _build_bracket(self) -> None:
        page = self.bracket_page = QWidget(self)
        page.setObjectName("bracketPage")
        layout = QVBoxLayout(page)
        bar = QHBoxLayout()
        self.zoom_in_button = self._button("zoomIn", "Ctrl++", lambda: self.bracket.zoom_in(), page)
        self._action("actionZoomInEquals", "Ctrl+=", lambda: self.bracket.zoom_in())
        self.zoom_out_button = self._button("zoomOut", "Ctrl+-", lambda: self.bracket.zoom_out(), page)
        self.fit_button = self._button("zoomFit", "Ctrl+0", lambda: self.bracket.fit(), page)
        self.find_edit = QLineEdit(page)
        self.find_edit.setObjectName("bracketFind")
        self.find_edit.returnPressed.connect(self.find_in_bracket)
        self.paper_choice = QComboBox(page)
        self.paper_choice.setObjectName("paperChoice")
        self.paper_choice.addItem("A3", "a3")
        self.paper_choice.addItem("A4", "a4")
        self.print_bracket_button = self._button("printBracket", "Ctrl+P", self.choose_bracket_pdf, page)
        self.print_standings_button = self._button("printStandings", "Ctrl+Shift+P", self.choose_standings_pdf, page)
        for w in (self.zoom_in_button, self.zoom_out_button, self.fit_button):
            bar.addWidget(w)
        bar.addStretch(1)
        tools: tuple[QWidget, ...] = (self.paper_choice, self.print_bracket_button, self.print_standings_button)
        for tool in (*tools, self.find_edit):
            bar.addWidget(tool)
        self.bracket = BracketView(page)
        layout.addLayout(bar)
        layout.addWidget(self.bracket, 1)
        self.tabs.addTab(page, "")

    def find_in_bracket(self) -> bool:
        """Show a match by its id (W2-3) or a player's next or last match."""
        text = self.find_edit.text().strip().casefold()
        for m in self.shown.get("matches", []):
            if str(m["id"]).casefold() == text:
                return self.bracket.centre_on(str(m["id"]))
        theirs = [
            m
            for m in self.shown.get("matches", [])
            if text and any(text in (m[seat] or "").casefold() for seat in ("a", "b"))
        ]
        live = [m for m in theirs if m["status"] in ("ready", "playing", "waiting")] or theirs
        if live:
            return self.bracket.centre_on(str(live[0]["id"]))
        self.say(Notice.REFUSAL, self.tr("No match or player {text!r} in the bracket.").format(text=text))
        return False

    def _pdf_path(self, title: str, name: str) -> Path | None:
        chosen, _ = QFileDialog.getSaveFileName(self, title, name, self.tr("PDF (*.pdf)"))
        if not chosen:
            return None
        path = Path(chosen)
        return path if path.suffix.lower() == ".pdf" else path.with_name(path.name + ".pdf")

    def choose_bracket_pdf(self) -> None:
        path = self._pdf_path(self.tr("The bracket as PDF"), self.tr("bracket.pdf"))
        if path is not None:
            self.export_bracket(path)

    def choose_standings_pdf(self) -> None:
        path = self._pdf_path(self.tr("The standings as PDF"), self.tr("standings.pdf"))
        if path is not None:
            self.export_standings(path)

    def export_bracket(self, path: Path) -> bool:
        """The bracket on the chosen paper, in the window's language; the file only when all went well."""
        if not self.shown.get("matches"):
            self.say(Notice.REFUSAL, self.tr("Nothing to print before the draw."))
            return False
        from referee_desk.tournament.paper import write_bracket_pdf  # deferred: printing is rare

        return self._write(path, lambda target: write_bracket_pdf(self.shown, target, self.paper(), self.names))

    def export_standings(self, path: Path) -> bool:
        if self.model.state is None:
            self.say(Notice.REFUSAL, self.tr("Nothing to print before the draw."))
            return False
        from referee_desk.tournament.paper import write_standings_pdf

        standings = self.model.standings()
        return self._write(path, lambda target: write_standings_pdf(self.shown, standings, target, self.paper()))

    def paper(self) -> str:
        return str(self.paper_choice.currentData())

    def _write(self, path: Path, write: Callable[[Path], object]) -> bool:
        """Write the file (whole or not at all: the paper module writes beside it, then renames)."""
        try:
            if not path.parent.is_dir():
                raise OSError(self.tr("the folder {folder} does not exist").format(folder=path.parent))
            write(path)
        except OSError as exc:
            self.say(Notice.ERROR, self.tr("Nothing written to {file}: {why}").format(file=path.name, why=exc))
            return False
        self.say(Notice.INFO, self.tr("Written: {file}").format(file=path))
        return True

    # --- results -----------------------------------------------------------------------
    def _build_results(self) -> None:
        page = self.results_page = QWidget(self)
        page.setObjectName("resultsPage")
        layout = QVBoxLayout(page)
        self.results_table = QTableWidget(0, 7, page)
        self.results_table.setObjectName("resultsTable")
        self.results_table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.results_table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.results_table.verticalHeader().hide()
        self.results_table.horizontalHeader().setStretchLastSection(True)  # a longer status is never cut
        self.results_table.itemSelectionChanged.connect(self._match_picked)
        form = QHBoxLayout()
        self.picked_label = QLabel(page)
        self.picked_label.setObjectName("pickedMatch")
        self.winner_choice = QComboBox(page)
        self.winner_choice.setObjectName("winnerChoice")
        self.winner_choice.currentIndexChanged.connect(self._winner_picked)
        self.winner_choice.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)  # whole names
        self.winner_choice.setMinimumContentsLength(12)
        self.score_a = self._spin("scoreA", 0, 99, 0)
        self.score_b = self._spin("scoreB", 0, 99, 0)
        self.winner_label = QLabel(page)
        self.winner_label.setBuddy(self.winner_choice)
        self.score_label = QLabel(page)
        self.score_label.setBuddy(self.score_a)
        for w in (self.picked_label, self.winner_label, self.winner_choice, self.score_label, self.score_a,
                  self.score_b):  # fmt: skip
            form.addWidget(w)
        form.addStretch(1)
        buttons = QHBoxLayout()
        self.record_button = self._button("recordResult", "Ctrl+Return", self.record_result, page)
        self.walkover_button = self._button("walkoverButton", "Ctrl+Shift+W", self.walkover, page)
        self.correct_button = self._button("correctResult", "Ctrl+Shift+R", self.correct, page)
        self.undo_button = self._button("undoTournament", "Ctrl+Z", self.undo, page)
        self.redo_button = self._button("redoTournament", "Ctrl+Shift+Z", self.redo, page)
        for b in (self.record_button, self.walkover_button, self.correct_button, self.undo_button, self.redo_button):
            buttons.addWidget(b)
        buttons.addStretch(1)
        layout.addWidget(self.results_table, 1)
        layout.addLayout(form)
        layout.addLayout(buttons)
        self.tabs.addTab(page, "")

    def picked_match(self) -> dict[str, Any] | None:
        row = self.results_table.currentRow()
        item = self.results_table.item(row, 0) if row >= 0 else None
        if item is None:
            return None
        mid = item.text()
        return next((m for m in self.shown.get("matches", []) if m["id"] == mid), None)

    def pick_match(self, match_id: str) -> bool:
        for row in range(self.results_table.rowCount()):
            if _text(self.results_table.item(row, 0)) == match_id:
                self.results_table.selectRow(row)
                self.results_table.setCurrentCell(row, 0)
                return True
        return False

    def _match_picked(self) -> None:
        m = self.picked_match()
        self.winner_choice.blockSignals(True)
        self.winner_choice.clear()
        if m is not None and m["a"] and m["b"]:
            self.winner_choice.addItem(m["a"], "a")
            self.winner_choice.addItem(m["b"], "b")
            if m["winner"] == m["b"]:
                self.winner_choice.setCurrentIndex(1)
            self.picked_label.setText(f"{m['id']} · {self.names.get(m['id'], '')}")
            score = m["score"] or [0, 0]
            self.score_a.setValue(score[0])
            self.score_b.setValue(score[1])
            if not m["score"]:
                self._winner_picked()
        else:
            self.picked_label.setText("")
        self.winner_choice.blockSignals(False)
        done = m is not None and m["status"] in ("done", "forfeit")
        self.record_button.setEnabled(m is not None and m["status"] in ("ready", "playing"))
        self.walkover_button.setEnabled(m is not None and m["status"] in ("ready", "playing"))
        self.correct_button.setEnabled(done)

    def _waiting(self) -> list[str]:
        """The matches to play, in the list's order."""
        table = self.results_table
        ready = {m["id"] for m in self.shown.get("matches", []) if m["status"] in ("ready", "playing")}
        ids = (_text(table.item(row, 0)) for row in range(table.rowCount()))
        return [mid for mid in ids if mid in ready]

    def _pick_next(self, done: str, before: list[str]) -> None:
        """After a result, the match that followed it in the list, else the first to play, picked and
        in view: the next result is typed at once (the list re-sorts; it never jumps away)."""
        now = self._waiting()
        following = before[before.index(done) + 1 :] if done in before else []
        chosen = next((mid for mid in following if mid in now), now[0] if now else None)
        if chosen is not None and self.pick_match(chosen):
            item = self.results_table.item(self.results_table.currentRow(), 0)
            if item is not None:
                self.results_table.scrollToItem(item, QAbstractItemView.ScrollHint.EnsureVisible)

    def _winner_picked(self) -> None:
        m = self.picked_match()
        if m is None:
            return
        spin, other = (
            (self.score_a, self.score_b) if self.winner_choice.currentData() == "a" else (self.score_b, self.score_a)
        )
        spin.setValue(int(m["race"]))
        if other.value() >= int(m["race"]):
            other.setValue(0)

    def _winner_and_score(self) -> tuple[dict[str, Any], str, tuple[int, int]] | None:
        m = self.picked_match()
        if m is None or self.winner_choice.count() == 0:
            self.say(Notice.REFUSAL, self.tr("Pick a match in the list first."))
            return None
        return m, self.winner_choice.currentText(), (self.score_a.value(), self.score_b.value())

    def record_result(self) -> None:
        picked = self._winner_and_score()
        if picked is None:
            return
        m, winner, score = picked
        waiting = self._waiting()
        if self.model.record(ResultRecorded(m["id"], winner, score, ended_on=date.today().isoformat())):
            self._pick_next(m["id"], waiting)
            self.say(
                Notice.INFO,
                self.tr("{id}: {winner} wins {a}-{b}.").format(id=m["id"], winner=winner, a=score[0], b=score[1]),
            )

    def walkover(self) -> None:
        picked = self._winner_and_score()
        if picked is None:
            return
        m, winner, _ = picked
        absent = m["b"] if winner == m["a"] else m["a"]
        waiting = self._waiting()
        if self.model.record(Forfeit(m["id"], absent)):
            self._pick_next(m["id"], waiting)
            self.say(
                Notice.INFO,
                self.tr("{id}: {winner} wins by walkover ({absent} does not play).").format(
                    id=m["id"], winner=winner, absent=absent
                ),
            )

    def correct(self) -> CorrectionDialog | None:
        """Show the bracket as the correction would leave it; it is made only when confirmed."""
        picked = self._winner_and_score()
        if picked is None or self.model.state is None:
            return None
        m, winner, score = picked
        event = Corrected(m["id"], winner, score)
        try:
            after_state = self.model.after(event)
        except TournamentRefused as exc:
            self.say(Notice.REFUSAL, said(exc))
            return None
        after = self.model.show(after_state)
        changed = changed_matches(self.shown, after)
        summary = self.tr("{id} becomes: {winner} wins {a}-{b}.").format(
            id=m["id"], winner=winner, a=score[0], b=score[1]
        )
        names = wording.names_of(after_state.tournament, qt_translate)
        dialog = CorrectionDialog(summary, after, changed, self, names)
        dialog.accepted.connect(lambda: self._correct(event))
        self.dialog = dialog
        dialog.open()
        return dialog

    def _correct(self, event: Corrected) -> None:
        if self.model.record(event):
            self.say(Notice.INFO, self.tr("Corrected."))

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

    def decision_words(self, event: Event) -> tuple[str, str]:
        """What a decision is, as undo names it, and what undoing it takes with it ("" for one result,
        which is undone without asking)."""
        if isinstance(event, ResultRecorded):
            return self.tr("the result of {id} ({winner} wins {a}-{b})").format(
                id=event.match, winner=event.winner, a=event.score[0], b=event.score[1]
            ), ""
        if isinstance(event, Forfeit):
            return self.tr("the walkover in {id} ({player} absent)").format(id=event.match, player=event.player), ""
        if isinstance(event, CheckedIn):
            return self.tr("the check-in of {name}").format(name=event.name), ""
        if isinstance(event, MatchStarted):
            return self.tr("the start of {id}").format(id=event.match), ""
        if isinstance(event, Drawn):
            return self.tr("the draw (seed {seed})").format(seed=event.draw_seed), self.tr(
                "The bracket and its results go with it."
            )
        if isinstance(event, EntriesAdded):
            return self.tr("the import of {n} entries").format(n=len(event.entries)), self.tr(
                "These players leave the entry list."
            )
        if isinstance(event, EntryEdited):
            return self.tr("the edit of {name}").format(name=event.name), self.tr(
                "The player's details go back to what they were."
            )
        if isinstance(event, TablesSet):
            return self.tr("the tables ({tables})").format(tables=", ".join(map(str, event.tables))), self.tr(
                "The tables set before come back."
            )
        if isinstance(event, Withdrawn):
            return self.tr("the withdrawal of {name}").format(name=event.name), self.tr(
                "{name} is back in the tournament."
            ).format(name=event.name)
        if isinstance(event, Disqualified):
            return self.tr("the disqualification of {name} ({reason})").format(
                name=event.name, reason=event.reason
            ), self.tr("{name} is back in the tournament.").format(name=event.name)
        if isinstance(event, Corrected):
            return self.tr("the correction of {id} ({winner} wins {a}-{b})").format(
                id=event.match, winner=event.winner, a=event.score[0], b=event.score[1]
            ), self.tr("The result before it comes back.")
        return self.tr("the last decision"), self.tr("The tournament goes back to what it was before it.")

    def undo(self) -> QMessageBox | None:
        """One result is undone at once; anything bigger is named and asked first (No by default)."""
        event = self.model.state.latest if self.model.state is not None else None
        if event is None:
            self.say(Notice.REFUSAL, self.tr("Nothing to undo."))
            return None
        what, takes = self.decision_words(event)
        if not takes:
            self._undo()
            return None
        question = self.tr("Undo {what}?").format(what=what)
        text = f"{question[:1].upper()}{question[1:]} {takes}"
        return self.ask("confirmUndo", text, self._undo, self.tr("Nothing undone."))

    def _undo(self) -> None:
        event = self.model.undo()
        if event is not None:
            what, _ = self.decision_words(event)
            self.say(
                Notice.INFO,
                self.tr("Undone: {what}. Nothing is erased (the log keeps it): Ctrl+Shift+Z does it again.").format(
                    what=what
                ),
            )

    def redo(self) -> None:
        event = self.model.redo()
        if event is not None:
            what, _ = self.decision_words(event)
            self.say(Notice.INFO, self.tr("Done again: {what}.").format(what=what))

    def _show_results(self) -> None:
        keep = self.picked_match()
        rows = [m for m in self.shown.get("matches", []) if m["status"] in ("ready", "playing", "done", "forfeit")]
        order = {"playing": 0, "ready": 1, "done": 2, "forfeit": 2}
        rows.sort(key=lambda m: order[m["status"]])
        table = self.results_table
        grown = table.rowCount() != len(rows)
        table.setRowCount(len(rows))
        for row, m in enumerate(rows):
            score = "" if m["score"] is None else f"{m['score'][0]}-{m['score'][1]}"
            cells = [
                m["id"],
                self.names.get(m["id"], ""),
                m["a"] or "",
                m["b"] or "",
                score,
                "" if m["table"] is None else m["table"],
                wording.status_word(m["status"], qt_translate),
            ]
            for column, text in enumerate(cells):
                table.setItem(row, column, _item(text))
        if grown:  # sizing the columns reads every cell: only when rows come or go
            table.resizeColumnsToContents()
        if keep is not None:
            self.pick_match(keep["id"])
        self._match_picked()
        self.undo_button.setEnabled(self.model.can_undo())
        self.redo_button.setEnabled(self.model.can_redo())

    # --- tables and queue ----------------------------------------------------------------
    def _build_queue(self) -> None:
        page = self.queue_page = QWidget(self)
        page.setObjectName("queuePage")
        layout = QVBoxLayout(page)
        bar = QHBoxLayout()
        self.tables_label = QLabel(page)
        self.tables_edit = QLineEdit(page)
        self.tables_edit.setObjectName("tablesEdit")
        self.tables_label.setBuddy(self.tables_edit)
        self.tables_edit.returnPressed.connect(self.set_tables)
        self.tables_button = self._button("setTables", "Ctrl+T", self.set_tables, page)
        bar.addWidget(self.tables_label)
        bar.addWidget(self.tables_edit)
        bar.addWidget(self.tables_button)
        bar.addStretch(1)
        self.tables_table = QTableWidget(0, 4, page)
        self.tables_table.setObjectName("tablesTable")
        self.tables_table.verticalHeader().hide()
        self.queue_label = QLabel(page)
        self.queue_list = QListWidget(page)
        self.queue_list.setObjectName("queueList")
        self.web_box = QGroupBox(page)
        self.web_box.setObjectName("webBox")
        web = QHBoxLayout(self.web_box)
        self.web_port = self._spin("webPort", 1024, 65535, DEFAULT_PORT)
        self.web_lan = QCheckBox(page)
        self.web_lan.setObjectName("webLan")
        self.web_button = self._button("webStart", "Ctrl+Shift+B", self.toggle_site, page)
        self.web_addresses = QLabel(page)
        self.web_addresses.setObjectName("webAddresses")
        self.web_addresses.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        self.web_addresses.setOpenExternalLinks(True)
        self.web_addresses.setWordWrap(True)
        for w in (self.web_port, self.web_lan, self.web_button):
            web.addWidget(w)
        web.addWidget(self.web_addresses, 1)
        self.live_box = QGroupBox(page)
        self.live_box.setObjectName("liveBox")
        live = QHBoxLayout(self.live_box)
        self.live_button = self._button("liveConnect", "Ctrl+Shift+E", self.toggle_live, page)
        self.live_status = QLabel(page)
        self.live_status.setObjectName("liveStatus")
        self.live_status.setWordWrap(True)
        live.addWidget(self.live_button)
        live.addWidget(self.live_status, 1)
        layout.addLayout(bar)
        layout.addWidget(self.tables_table, 2)
        layout.addWidget(self.queue_label)
        layout.addWidget(self.queue_list, 1)
        layout.addWidget(self.web_box)
        layout.addWidget(self.live_box)
        self.tabs.addTab(page, "")

    def toggle_site(self) -> None:
        """Start or stop the players' web page (the bracket, the tables, "where do I play")."""
        if self.site is not None:
            self.site.stop()
            self.site = None
        else:
            from referee_desk.tournament.web import TournamentSite

            from referee_app.web.server import OverlayError

            try:
                self.site = TournamentSite(self.web_port.value(), self.web_lan.isChecked())
            except OverlayError as exc:
                self.say(Notice.ERROR, self.tr("The web page cannot start: {why}").format(why=exc))
                return
            self.site.publish(self.shown, self.model.standings(), self.model.tournament)
        self._show_site()

    def _show_site(self) -> None:
        site = self.site
        self.web_port.setEnabled(site is None)
        self.web_lan.setEnabled(site is None)
        if site is None:
            self.web_button.setText(self.tr("Start the players' web page [Ctrl+Shift+B]"))
            self.web_addresses.setText(self.tr("The players' web page is off."))
            return
        from referee_desk.overlay.dialog import lan_addresses

        self.web_button.setText(self.tr("Stop the web page [Ctrl+Shift+B]"))
        hosts = ["127.0.0.1"] + (lan_addresses() if site.server.lan else [])
        links = [f'<a href="{site.url(page, host)}">{site.url(page, host)}</a>' for host in hosts for page in
                 ("bracket", "player")]  # fmt: skip
        self.web_addresses.setText(self.tr("Bracket and tables; where do I play:") + "<br>" + "<br>".join(links))

    # --- the desks, through the event server ------------------------------------------------
    def toggle_live(self) -> None:
        """Connect to the event server's folder (or leave it): the matches on tables go to the desks,
        their results come back by themselves."""
        if self.live is not None:
            self.stop_live()
            self._show_live()
            return
        folder = QFileDialog.getExistingDirectory(self, self.tr("The event server's folder"))
        if folder:
            self.connect_live(Path(folder))

    def connect_live(self, folder: Path) -> bool:
        from referee_app.tournament.live import Handoff, LiveSync
        from referee_app.venue.model import EventServerError
        from referee_app.venue.server import Cluster

        try:
            conninfo = Cluster(folder.resolve()).organizer_conninfo()
        except (EventServerError, OSError) as exc:
            self.say(Notice.ERROR, self.tr("The event server cannot be used: {why}").format(why=said(exc)))
            return False
        self.stop_live()
        handoff = Handoff(self._relay.run.emit, lambda: self.live)
        self.live_error, self.live_problems = "", set()
        self.live = LiveSync(conninfo, handoff.run(self._decide), self._relay.report.emit).start()
        self.live_folder = folder
        self._show_live()
        return True

    def stop_live(self) -> None:
        live, self.live = self.live, None
        if live is not None:
            live.stop()

    def _run_here(self, work: Callable[[], None]) -> None:
        work()

    def _decide(self, server: Any, desks: Any) -> Any:
        """On this window's thread: plan one round and record its events through the model."""
        from referee_app.tournament.live import plan

        state = self.model.state
        if state is None or state.tournament.bracket is None:
            return None
        work = plan(state, self.model.tournament_id, desks, server, qt_translate)
        for event in work.events:
            if not self.model.record(event):  # refused or not written (said): nothing is sent this round
                return None
        return work

    def _live_report(self, work: Any, error: str) -> None:
        if self.live is None:
            return  # a late report of a sync just stopped
        self.live_error = error
        if work is not None:
            fresh = [p for p in work.problems if p not in self.live_problems]
            self.live_problems = set(work.problems)
            if fresh:  # what was done is said with it: one notice shows at a time
                self.say(Notice.ERROR, "\n".join([*work.done, *fresh]))
            elif work.done:
                self.say(Notice.INFO, "\n".join(work.done))
        elif error:
            self.say(Notice.ERROR, self.tr("Event server: {why}").format(why=error))
        self._show_live()

    def _show_live(self) -> None:
        if self.live is None:
            self.live_button.setText(self.tr("Connect to the event server… [Ctrl+Shift+E]"))
            self.live_status.setText(
                self.tr("Not connected: the desks get their matches from you, and results are typed in.")
            )
            return
        self.live_button.setText(self.tr("Leave the event server [Ctrl+Shift+E]"))
        if self.live_error:
            self.live_status.setText(self.tr("Event server: error, retrying: {why}").format(why=self.live_error))
        else:
            self.live_status.setText(
                self.tr(
                    "Event server {folder}: the matches on tables go to the desks, their results come back."
                ).format(folder=self.live_folder)
            )

    def set_tables(self) -> None:
        try:
            tables = parse_tables(self.tables_edit.text())
        except ValueError:
            self.say(Notice.REFUSAL, self.tr("Tables are listed as 1-8 or 1,2,5."))
            return
        if self.model.record(TablesSet(tables)):
            self.say(Notice.INFO, self.tr("{n} tables.").format(n=len(tables)))

    def _show_queue(self) -> None:
        shown = self.shown
        by_table = {m["table"]: m for m in shown.get("matches", []) if m["status"] == "playing"}
        tables = shown.get("tables", [])
        self.tables_table.setRowCount(len(tables))
        for row, number in enumerate(tables):
            m = by_table.get(number)
            cells = [number, "", "", self.tr("free")]
            if m is not None:
                cells = [number, m["id"], self.names.get(m["id"], ""), f"{m['a']} v {m['b']}"]
            for column, text in enumerate(cells):
                self.tables_table.setItem(row, column, _item(text))
        self.tables_table.resizeColumnsToContents()
        by_id = {m["id"]: m for m in shown.get("matches", [])}
        self.queue_list.clear()
        for mid in shown.get("queue", []):
            m = by_id[mid]
            self.queue_list.addItem(f"{mid} · {self.names.get(mid, '')} · {m['a']} v {m['b']}")
        if tables and not self.tables_edit.hasFocus():
            self.tables_edit.setText(",".join(str(t) for t in tables))

    # --- language and refresh ------------------------------------------------------------
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
            self._entries_shown = None  # its words change
            self.refresh()
            self.results_table.resizeColumnsToContents()
        super().changeEvent(event)

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Tournament"))
        for i, title in enumerate(
            (
                self.tr("&1 Entries"),
                self.tr("&2 Draw"),
                self.tr("&3 Bracket"),
                self.tr("&4 Results"),
                self.tr("&5 Tables and queue"),
            )
        ):
            self.tabs.setTabText(i, title)
        self.entries_table.setHorizontalHeaderLabels(
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
        self.entries_hint.setText(
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
        self.format_box.setTitle(self.tr("Format"))
        labels = {
            "name": self.tr("&Name"),
            "format": self.tr("&Format"),
            "race": self.tr("&Race"),
            "race_losers": self.tr("Race on the &losers' side (0: the same)"),
            "race_final": self.tr("Race of the final (0: the same)"),
            "final": self.tr("Final"),
            "se_at": self.tr("Single elimination"),
            "third_place": self.tr("Third-place match"),
            "groups": self.tr("&Groups"),
            "advance": self.tr("Qualifiers per group"),
            "group_format": self.tr("Groups played as"),
            "then": self.tr("Then"),
            "qualifying": self.tr("Qualifying pools"),
            "rules": self.tr("Rules"),
        }
        for key, text in labels.items():
            self.form_labels[key].setText(text)
        self._fill_choices()
        rule = self.qualifying_rule
        self.qualifying.setText(
            self.tr("first, for the players after seed {direct}: {pools} pools, {places} go on").format(
                direct=rule.direct, pools=rule.pools, places=rule.places
            )
        )
        self.qualifying.setToolTip(
            self.tr(
                "The first 2 of a pool of 4 and the first 3 of a pool of 5 go on; the places left go to the "
                "best thirds of the pools of 4, compared by matches won, then racks won minus lost, then racks "
                "won, each per match played. The groups wait until the qualifying pools are over."
            )
        )
        self.ffb_button.setText(self.tr("FFB national format"))
        self.wpa_button.setText(self.tr("WPA world format"))
        self.create_button.setText(self.tr("Create the tournament [Ctrl+Shift+N]"))
        self.plan_box.setTitle(self.tr("Plan"))
        self.plan_players_label.setText(self.tr("Players"))
        self.draw_box.setTitle(self.tr("Draw"))
        self.seed_label.setText(self.tr("Draw &seed"))
        self.seed_edit.setPlaceholderText(self.tr("random"))
        self.draw_button.setText(self.tr("Make the draw [Ctrl+Shift+D]"))
        self.zoom_in_button.setText(self.tr("Zoom in [Ctrl++]"))
        self.zoom_out_button.setText(self.tr("Zoom out [Ctrl+-]"))
        self.fit_button.setText(self.tr("Whole bracket [Ctrl+0]"))
        self.find_edit.setPlaceholderText(self.tr("Find a player or a match"))
        for edit in (self.reason_edit, self.find_edit, self.tables_edit, self.seed_edit):
            _fit_placeholder(edit)
        self.print_bracket_button.setText(self.tr("Bracket as PDF… [Ctrl+P]"))
        self.print_standings_button.setText(self.tr("Standings as PDF… [Ctrl+Shift+P]"))
        self.results_table.setHorizontalHeaderLabels(
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
        self.tables_label.setText(self.tr("The venue's &tables"))
        self.tables_edit.setPlaceholderText(self.tr("1-8 or 1,2,5"))
        self.tables_button.setText(self.tr("Set the tables [Ctrl+T]"))
        self.tables_table.setHorizontalHeaderLabels(
            [self.tr("Table"), self.tr("Match"), self.tr("Round"), self.tr("Players")]
        )
        self.queue_label.setText(self.tr("Waiting for a table, in the order tables will take them:"))
        self.web_box.setTitle(self.tr("Players' web page"))
        self.live_box.setTitle(self.tr("Desks connected through the event server"))
        self.web_lan.setText(self.tr("Phones and TVs on the venue's network may connect"))
        self._labels_whole()

    def _labels_whole(self) -> None:
        """A field's label as wide as its glyphs' own box, not only their advance: the overhang of a
        last letter ("salle") is otherwise clipped against the field."""
        for label in self.findChildren(QLabel):
            if label.buddy() is not None and not label.wordWrap():
                shown = label.text().replace("&", "")
                label.setMinimumWidth(label.fontMetrics().boundingRect(shown).width() + 4)

    def refresh(self) -> None:
        """Every tab again from the tournament's dict (it is small)."""
        self.shown = self.model.show()
        t = self.model.tournament
        self.names = wording.names_of(t, qt_translate) if t is not None else {}
        title = self.tr("Tournament")
        self.setWindowTitle(title if t is None else f"{title} – {t.name}")
        self._show_entries()
        self._show_draw()
        self.bracket.show_bracket(self.shown, names=self.names)
        self._show_results()
        self._show_queue()
        self._show_choice()
        self._show_site()
        self._show_live()
        if self.site is not None:
            self.site.publish(self.shown, self.model.standings(), self.model.tournament)

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.dialog is not None:
            self.dialog.close()
        if self.site is not None:
            self.site.stop()  # the port is free again at once
            self.site = None
        self.stop_live()
        super().closeEvent(event)

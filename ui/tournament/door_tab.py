"""The Door tab: a volunteer checks players in with the keyboard (three letters, Enter), the fee
noted as they pay; the count of present and expected; the door's QR that a player scans to check
in from their own phone (a new code every minute); the players checked in twice. And the late
start's forfeits proposed by the call clock (WPA §22), which only the organizer confirms.

The rules are the core's: `tournament.door.matching` finds the names, `tournament.clock` says the
calls and the proposals, `event.call_clock.CallClock` records them (ticked every second here).
"""

from __future__ import annotations

from contextlib import suppress

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QColor, QImage, QKeyEvent, QPixmap
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QVBoxLayout,
    QWidget,
)
from referee_desk.i18n import qt_translate
from referee_desk.notices import Notice
from referee_desk.tournament.parts import Desk, Shown, button

from referee_app.event.call_clock import CallClock, SystemTime, TimeSource
from referee_app.event.door_api import DoorApi
from referee_app.event.session import MemoryLog
from referee_app.log.store import StoreError
from referee_app.tournament.clock import Proposal
from referee_app.tournament.door import matching
from referee_app.tournament.events import CheckedIn, Event, FeePaid
from referee_app.tournament.model import TournamentRefused
from referee_app.tournament.phones import lan_address, qr_modules
from referee_app.tournament.state import utc_text

QR_PX = 4
"""Screen pixels a QR module: a 33-module code is about 150 px, read from a phone at arm's length."""


def qr_pixmap(text: str) -> QPixmap:
    """The QR code of `text`, black on white with its quiet zone."""
    modules = qr_modules(text)
    size = len(modules) + 8
    image = QImage(size, size, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    for y, row in enumerate(modules):
        for x, dark in enumerate(row):
            if dark:
                image.setPixelColor(x + 4, y + 4, QColor("black"))
    return QPixmap.fromImage(image.scaled(size * QR_PX, size * QR_PX))


class DoorTab(QWidget):
    """Check-in at the door, by keyboard; the door's QR; the proposed forfeits."""

    def __init__(self, desk: Desk, parent: QWidget, time: TimeSource | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("doorTab")
        self.desk = desk
        self.time: TimeSource = time or SystemTime()
        self.clock = CallClock(desk.session.core, self.time)
        layout = QVBoxLayout(self)
        self.count = QLabel(self)
        self.count.setObjectName("doorCount")
        self.count.setStyleSheet("font-size: 20px; font-weight: bold;")
        row = QHBoxLayout()
        left = QVBoxLayout()
        self.search_label = QLabel(self)
        self.search = QLineEdit(self)
        self.search.setObjectName("doorSearch")
        self.search_label.setBuddy(self.search)
        self.search.textChanged.connect(self._typed)
        self.search.returnPressed.connect(self.check_in)
        self.search.installEventFilter(self)
        self.matches = QListWidget(self)
        self.matches.setObjectName("doorMatches")
        self.matches.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the keys stay in the field: Up, Down, Enter
        for big in (self.search, self.matches):
            big.setStyleSheet("font-size: 18px;")  # read at a glance at a busy door
        self.fee_label = QLabel(self)
        self.fee = QComboBox(self)
        self.fee.setObjectName("doorFee")
        self.fee_label.setBuddy(self.fee)
        self.doubled = QLabel(self)
        self.doubled.setObjectName("doorDoubled")
        self.doubled.setWordWrap(True)
        self.doubled.setStyleSheet("color: #b71c1c; font-weight: bold;")
        for widget in (self.count, self.search_label, self.search, self.matches, self.fee_label, self.fee,
                       self.doubled):  # fmt: skip
            left.addWidget(widget)
        right = QVBoxLayout()
        self.qr = QLabel(self)
        self.qr.setObjectName("doorQr")
        self.qr.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.qr_note = QLabel(self)
        self.qr_note.setObjectName("doorQrNote")
        self.qr_note.setWordWrap(True)
        right.addWidget(self.qr)
        right.addWidget(self.qr_note)
        self.me_qr = QLabel(self)
        self.me_qr.setObjectName("doorMeQr")
        self.me_qr.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.me_note = QLabel(self)
        self.me_note.setObjectName("doorMeNote")
        self.me_note.setWordWrap(True)
        right.addWidget(self.me_qr)
        right.addWidget(self.me_note)
        right.addStretch(1)
        row.addLayout(left, 2)
        row.addLayout(right, 1)
        layout.addLayout(row, 1)
        self.late = QLabel(self)
        self.late.setObjectName("lateStartProposals")
        self.late.setWordWrap(True)
        self.late.setStyleSheet("background: #b71c1c; color: white; font-weight: bold; padding: 6px;")
        self.late.hide()
        self.confirm_button: QPushButton = button(desk, "confirmForfeit", "Ctrl+Shift+F", self.confirm_forfeit, self)
        self.confirm_button.hide()
        layout.addWidget(self.late)
        layout.addWidget(self.confirm_button)
        self._minute = -1
        self.proposals: list[Proposal] = []
        self.ticking = QTimer(self)
        self.ticking.setInterval(1000)
        self.ticking.timeout.connect(self.tick)
        self.ticking.start()

    def retranslate(self) -> None:
        self.search_label.setText(self.tr("&Name (three letters, then Enter):"))
        self.search.setPlaceholderText(self.tr("e.g. lop for Ana Lopez"))
        self.fee_label.setText(self.tr("&Fee:"))
        current = max(self.fee.currentIndex(), 0)
        self.fee.clear()
        self.fee.addItems(
            [self.tr("paid in cash"), self.tr("paid otherwise (card, transfer)"), self.tr("not paid yet")]
        )
        self.fee.setCurrentIndex(current)
        self.confirm_button.setText(self.tr("Confirm the forfeit [Ctrl+Shift+F]"))
        self._minute = -1

    # --- the list, by keyboard ------------------------------------------------------------
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.search and event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            step = {Qt.Key.Key_Down: 1, Qt.Key.Key_Up: -1}.get(Qt.Key(event.key()))
            if step is not None and self.matches.count():
                row = min(max(self.matches.currentRow() + step, 0), self.matches.count() - 1)
                self.matches.setCurrentRow(row)
                return True
        return super().eventFilter(watched, event)

    def _typed(self, text: str) -> None:
        t = self.desk.session.tournament
        self.matches.clear()
        if t is None:
            return
        self.matches.addItems(matching(t, text))
        if self.matches.count():
            self.matches.setCurrentRow(0)

    def check_in(self) -> None:
        """The name picked (the first match unless Up/Down chose another) checked in, its fee noted."""
        item = self.matches.currentItem()
        t = self.desk.session.tournament
        if item is None or t is None:
            self.desk.say(Notice.REFUSAL, self.tr("No player not yet checked in has that name: type more of it."))
            return
        name = item.text()
        at = utc_text(self.time.now())
        paid = self.fee.currentIndex()
        fee: list[Event] = []
        if t.options.fee is not None and paid in (0, 1) and name not in t.paid:
            fee.append(FeePaid(name, t.options.fee, "cash" if paid == 0 else "other"))
        serving = self.door()
        if serving is not None:  # the player's own page too: its QR shown once, for their phone
            door, base = serving
            try:
                link = door.issue_me(name)
            except (TournamentRefused, StoreError, OSError) as exc:
                self.desk.say(
                    Notice.REFUSAL, exc.message(qt_translate) if isinstance(exc, TournamentRefused) else str(exc)
                )
                return
            self.me_qr.setPixmap(qr_pixmap(base + link))
            self.me_note.setText(
                self.tr("{name}: scan this for your own page (your matches, your calls).").format(name=name)
            )
            self.desk.follow(quiet=True)
            done = not fee or self.desk.session.record(*fee)
        else:
            done = self.desk.session.record(CheckedIn(name, at=at), *fee)
        if done:
            said = self.tr("{name}: checked in, fee paid.") if fee else self.tr("{name}: checked in.")
            self.desk.say(Notice.INFO, said.format(name=name))
            self.search.clear()

    # --- every second: the calls, the proposals, the door's code ----------------------------
    def tick(self) -> None:
        """The proposals and the door's code as of now. A tournament kept in a database is called by
        the clock of the players' pages (`PhoneScoring`, the one writer beside the window's decisions,
        on the database's thread); one held in memory only is called from here."""
        if isinstance(self.desk.session.core.log, MemoryLog) and self.desk.session.tournament is not None:
            with suppress(TournamentRefused, StoreError, OSError):  # the next second tries again
                if self.clock.tick():
                    self.desk.session.changed.emit()
        self.proposals = self.clock.proposals()
        self._show_proposals()
        minute = int(self.time.now().timestamp() // 60)
        if minute != self._minute:
            self._minute = minute
            self._show_door()

    def _show_proposals(self) -> None:
        lines = []
        for p in self.proposals:
            names = " & ".join(p.absent)
            lines.append(
                self.tr("Table {table}: {names} not at the table {m} minutes after the call — forfeit proposed").format(
                    table=p.table, names=names, m=p.minutes
                )
                + f" ({p.reason(qt_translate)})"
            )
        self.late.setText("\n".join(lines))
        self.late.setVisible(bool(lines))
        self.confirm_button.setVisible(bool(lines))

    def confirm_forfeit(self) -> None:
        """The first proposal, confirmed after a question (No by default): its walkover recorded."""
        if not self.proposals:
            self.desk.say(Notice.REFUSAL, self.tr("No forfeit is proposed now."))
            return
        proposal = self.proposals[0]
        player = proposal.absent[0]
        text = self.tr("Record the walkover of {name} in {match} (table {table})? {why}").format(
            name=player, match=proposal.match, table=proposal.table, why=proposal.reason(qt_translate)
        )

        def confirmed() -> None:
            try:
                forfeit = self.clock.proposed(proposal.match, player)
            except TournamentRefused as exc:
                self.desk.say(Notice.REFUSAL, exc.message(qt_translate))
                return
            if self.desk.session.record(forfeit):
                self.desk.say(
                    Notice.INFO, self.tr("{name} forfeits {match}.").format(name=player, match=proposal.match)
                )
                self.tick()

        self.desk.ask("confirmForfeitQuestion", text, confirmed, self.tr("Nothing recorded: the match waits."))

    def door(self) -> tuple[DoorApi, str] | None:
        """The door's API of the window's players' pages and the address phones reach them at, while
        they serve the phones."""
        connections = getattr(getattr(self.desk, "queue_page", None), "connections", None)
        site = getattr(connections, "site", None)
        phones = getattr(site, "phones", None)
        door = getattr(phones, "door", None)
        if site is None or not isinstance(door, DoorApi):
            return None
        return door, site.url("", lan_address() or "127.0.0.1").rstrip("/")

    def _show_door(self) -> None:
        serving = self.door()
        if serving is None:
            self.qr.clear()
            self.qr_note.setText(
                self.tr(
                    "The door's QR code shows here while the players' pages serve the venue's network (Tables tab)."
                )
            )
            return
        door, base = serving
        link = door.link(base)
        self.qr.setPixmap(qr_pixmap(link))
        self.qr_note.setText(
            self.tr("Scan to check in from your phone: a new code every minute.\n{link}").format(link=link)
        )

    # --- what is shown ----------------------------------------------------------------------
    def show_state(self, shown: Shown) -> None:
        t = shown.tournament
        if t is None:
            self.count.setText("")
            self.doubled.setText("")
            return
        expected = len(t.entries)
        paid = sum(1 for e in t.entries if e.name in t.paid)
        self.count.setText(
            self.tr("{present} present of {expected} expected · {paid} paid").format(
                present=len(t.checked_in), expected=expected, paid=paid
            )
        )
        fee = t.options.fee
        self.fee.setEnabled(fee is not None)
        self.fee_label.setToolTip("" if fee is None else self.tr("Entry fee {fee}").format(fee=f"{fee:f}"))
        twice = [f"{d.name} ({d.at[11:16]} UTC)" for d in t.doubled]
        self.doubled.setText(
            self.tr("Checked in twice (see to it): {names}").format(names=", ".join(twice)) if twice else ""
        )
        self._typed(self.search.text())
        closed = t.bracket is not None
        self.search.setEnabled(not closed)

"""The desk's link to the event: Event > Connect, the status light, the next match on this table.

The pusher (`referee_app.venue.pusher`) works on its own thread and is only poked after each
record; its reports come back here through a queued signal. Nothing waits for the network.
"""

from __future__ import annotations

import contextlib
import html
import threading
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSizePolicy,
    QWidget,
)
from referee_desk.desk.controller import DeskController
from referee_desk.forms import checked_form

from referee_app.game.events import MatchStarted
from referee_app.game.vocab import Scoring
from referee_app.venue.model import (
    Assignment,
    EventLink,
    EventServerError,
    LinkReport,
    LinkStatus,
    match_setup,
)
from referee_app.venue.pusher import LinkFile, Pusher, link_path
from referee_app.words.names import same_players

COLOURS = {
    LinkStatus.CONNECTED: "#43a047",
    LinkStatus.CATCHING_UP: "#fbc02d",
    LinkStatus.OFFLINE: "#9e9e9e",
    LinkStatus.CONFLICT: "#e53935",
    LinkStatus.ERROR: "#8e24aa",
    LinkStatus.WRONG_KEY: "#ef6c00",
}
CONNECT_LINK = "connect"
"""The light's link that opens Event > Connect (a refused key is mended there)."""


class EventLinkController(QObject):
    """Runs the pusher of the desk's database while the desk is connected to an event."""

    reported = Signal(object)  # LinkReport, on the window's thread

    def __init__(self, controller: DeskController, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.pusher: Pusher | None = None
        self.report: LinkReport | None = None
        self._relay = _Relay(self)
        self._relay.arrived.connect(self._arrived)
        controller.state_changed.connect(self.poke)

    @property
    def db(self) -> Path | None:
        store = self.controller.store
        return None if store is None else Path(store.path)

    def resume(self) -> None:
        """Reconnect as last time, if this desk was connected to an event (nothing is made otherwise)."""
        db = self.db
        if db is None or not link_path(db).exists():
            return
        try:
            links = LinkFile(db)
        except EventServerError as exc:  # a damaged link file: said on the light, mended by Event > Connect
            self.report = LinkReport(LinkStatus.ERROR, error=str(exc))
            self.reported.emit(self.report)
            return
        try:
            link = links.load()
        finally:
            links.close()
        if link is not None:
            self._start(link)

    def connect_to(self, link: EventLink) -> None:
        db = self.db
        if db is None:
            return
        self.stop()
        links = LinkFile(db, mend=True)  # a damaged link file is replaced
        try:
            links.save(link)
        finally:
            links.close()
        self._start(link)

    def check(self, link: EventLink, take_over: bool = False) -> EventLink:
        """Try `link` on the server now (Event > Connect, before its dialog closes): the link completed
        with its table and the server's pinned certificate; raises what went wrong, and `TableInUse`
        when another desk is recording this table's live match (unless taken over on purpose)."""
        from referee_app.venue.pusher import complete, other_desk_since

        db = self.db
        if db is None:
            raise EventServerError("no database is open")
        link = complete(db, link)
        if not take_over:
            since = other_desk_since(db, link)
            if since is not None:
                raise TableInUse(link.table, since)
        return link

    def leave(self) -> None:
        self.stop()
        db = self.db
        if db is not None and link_path(db).exists():
            links = LinkFile(db, mend=True)
            links.forget()
            links.close()
        self.report = None
        self.reported.emit(None)

    def _start(self, link: EventLink) -> None:
        self.stop()
        db = self.db
        assert db is not None
        self.pusher = Pusher(db, link, self._relay.arrived.emit).start()

    def stop(self) -> None:
        if self.pusher is not None:
            self.pusher.stop()
            self.pusher = None

    def poke(self, *_: object) -> None:
        if self.pusher is not None:
            self.pusher.poke()

    def _arrived(self, report: LinkReport) -> None:
        if self.pusher is None:
            return  # a late report of a pusher just stopped
        self.report = report
        self.reported.emit(report)

    @property
    def next_assignment(self) -> Assignment | None:
        if self.report is None or not self.report.assignments:
            return None
        return self.report.assignments[0]

    def adopt(self, setup: MatchStarted) -> MatchStarted:
        """A match started by hand on this connected desk between the two players the organizer sent
        to this table is that assignment's match, whatever its Table field says: it names the
        assignment and its table, so neither this desk nor the board offers the assignment again.
        Names are compared ignoring case and accents ("Eva Martin" is the "Éva Martin" sent)."""
        if setup.assignment or self.pusher is None or self.report is None:
            return setup
        for assignment in self.report.assignments:  # this table's: compared as the entry list does
            if same_players(setup.players, assignment.players):
                event, round_ = setup.event or assignment.event, setup.round or assignment.round
                return replace(setup, assignment=assignment.id, table=assignment.table, event=event, round=round_)
        return setup

    def mark_here(self, player: str) -> None:
        """The desk's referee marks `player` of the table's next match at the table (to the server)."""
        assignment = self.next_assignment
        if self.pusher is not None and assignment is not None and player in assignment.players:
            self.pusher.mark_here(assignment.id, player)

    def start_next(self, referee: str = "", scoring: Scoring = Scoring.SHOTS) -> bool:
        """Start the match the organizer sent to this table with its set-up (its match_started names
        the assignment); `referee`: the desk's own, when the organizer named none; `scoring`: racks
        at a table with no referee (spec 1.3 §2a: then no shot clock)."""
        assignment = self.next_assignment
        if assignment is None:
            return False
        setup = match_setup(assignment, referee, scoring)
        return self.controller.new_match(setup)


class TableInUse(EventServerError):
    """Another desk sent events for this table's live match a short while ago."""

    def __init__(self, table: str, since: datetime) -> None:
        super().__init__(f"table {table} is in use by another desk")
        self.table = table
        self.since = since


class _Relay(QObject):
    arrived = Signal(object)


class LinkLight(QLabel):
    """The status bar's light: connected, catching up (N behind), offline, conflict, wrong key
    (with a link to Event > Connect: `connect_requested`)."""

    connect_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("eventLight")
        self.setTextFormat(Qt.TextFormat.RichText)
        self.linkActivated.connect(lambda _link: self.connect_requested.emit())
        self.show_report(None)

    def show_report(self, report: LinkReport | None, table: str = "") -> None:
        """`table`: the table this desk connected as (the server told it), said once connected."""
        self.setVisible(report is not None)
        self.setToolTip("" if report is None else report.error)
        if report is None:
            self.setText("")
            return
        if report.status is LinkStatus.CONNECTED:
            text = self.tr("Event: connected")
            if table:
                text = self.tr("Event: connected as table {table}").format(table=html.escape(table))
        elif report.status is LinkStatus.CATCHING_UP:
            text = self.tr("Event: catching up ({n} events behind)").format(n=report.behind)
        elif report.status is LinkStatus.CONFLICT:
            text = self.tr("Event: conflict, the server holds other events for this match (tell the organizer)")
        elif report.status is LinkStatus.WRONG_KEY:
            words = html.escape(self.tr("Event > Connect…"))
            text = self.tr("Event: wrong key ({connect})").format(
                connect=f"<a href='{CONNECT_LINK}' style='color:#90caf9'>{words}</a>"
            )
        elif report.status is LinkStatus.ERROR:
            text = self.tr("Event: error, retrying: {reason}").format(reason=html.escape(report.error))
        elif report.behind:
            text = self.tr("Event: offline ({n} events to send)").format(n=report.behind)
        else:
            text = self.tr("Event: offline")
        self.setText(f"<span style='color:{COLOURS[report.status]}'>●</span> {text}")


class ConnectDialog(QDialog):
    """Event > Connect: the server's address, this table's key and the server's fingerprint
    (both printed by the organizer's add-table; the fingerprint is also on the board)."""

    chosen = Signal(object)  # EventLink

    def __init__(
        self,
        link: EventLink | None,
        parent: QWidget | None = None,
        check: Callable[[EventLink, bool], EventLink] | None = None,
    ) -> None:
        """`check`: tries the link on the server before the dialog closes (the link completed, or raises)."""
        super().__init__(parent)
        self.setObjectName("connectDialog")
        self.check = check
        self.setWindowTitle(self.tr("Connect to the event"))
        form = QFormLayout()
        self.server = QLineEdit(self)
        self.server.setObjectName("connectServer")
        self.server.setPlaceholderText("192.168.1.10:5433")
        self.key = QLineEdit(self)
        self.key.setObjectName("connectKey")
        self.key.setPlaceholderText("7-ABCD-EFGH-JKMN-PQRS")
        self.key.setEchoMode(QLineEdit.EchoMode.Password)
        self.fingerprint = QLineEdit(self)
        self.fingerprint.setObjectName("connectFingerprint")
        self.fingerprint.setPlaceholderText("1A2B-3C4D-5E6F-7A8B-9C0D-1E2F")
        if link is not None:
            self.server.setText(f"{link.host}:{link.port}")
            self.key.setText(link.key)
            self.fingerprint.setText(link.fingerprint)
        wide = self.fontMetrics().horizontalAdvance("WWWW-WWWW-WWWW-WWWW-WWWW-WWWW-WW") + 24
        for field_ in (self.server, self.key, self.fingerprint):  # the whole value shows, to check it on the card
            field_.setMinimumWidth(wide)
        self.show_key = QCheckBox(self.tr("Show the key"), self)
        self.show_key.setObjectName("connectShowKey")
        self.show_key.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)  # a click on it, not beside
        self.show_key.toggled.connect(
            lambda on: self.key.setEchoMode(QLineEdit.EchoMode.Normal if on else QLineEdit.EchoMode.Password)
        )
        self.hint = QLabel(
            self.tr(
                "The organizer gives you the three values: `event-server add-table` printed them for this"
                " table; the fingerprint is also shown on the organizer's board."
            ),
            self,
        )
        self.hint.setObjectName("connectHint")
        self.hint.setWordWrap(True)
        form.addRow(self.hint)
        form.addRow(self.tr("Event server:"), self.server)
        form.addRow(self.tr("This table's key:"), self.key)
        form.addRow("", self.show_key)
        form.addRow(self.tr("Server fingerprint:"), self.fingerprint)
        self.problem = checked_form(self, form, "connect", self._accept)
        self.checking = False
        self._relay = _CheckRelay(self)
        self._relay.answered.connect(self._checked, Qt.ConnectionType.QueuedConnection)

    def _accept(self) -> None:
        from referee_app.venue.model import TableKey, is_loopback
        from referee_app.venue.schema import DEFAULT_PORT

        text = self.server.text().strip()
        host, _, port = text.partition(":")
        if not host or (port and not (port.isascii() and port.isdigit())):
            self.problem.setText(self.tr("The server's address is needed: host or host:port."))
            return
        try:
            key = TableKey.parse(self.key.text())
        except EventServerError:
            self.problem.setText(
                self.tr("This table's key looks like 7-ABCD-EFGH-JKMN-PQRS: the organizer prints one per table.")
            )
            return
        fingerprint = self.fingerprint.text().strip()
        if not fingerprint and not is_loopback(host):
            self.problem.setText(self.tr("The server's fingerprint is needed: it is shown on the organizer's board."))
            return
        link = EventLink(host, str(key), "", int(port or DEFAULT_PORT), fingerprint)
        self._try(link)

    def _try(self, link: EventLink, take_over: bool = False) -> None:
        """Check `link` on a thread (an unreachable host takes seconds; the desk and its clocks go on),
        the form locked meanwhile; the answer comes back through `_checked`."""
        if self.check is None:
            self._done(link)
            return
        if self.checking:
            return
        self.checking = True
        self._lock(True)
        self.problem.setText(self.tr("Checking the connection…"))
        relay = self._relay
        check = self.check

        def work() -> None:
            result: EventLink | BaseException
            try:
                result = check(link, take_over)
            except Exception as exc:  # every failure is said in the dialog, in a sentence
                result = exc
            with contextlib.suppress(RuntimeError):  # the dialog was closed meanwhile: nobody waits
                relay.answered.emit(link, take_over, result)

        threading.Thread(target=work, name="connect-check", daemon=True).start()

    def _lock(self, locked: bool) -> None:
        for field in (self.server, self.key, self.fingerprint):
            field.setReadOnly(locked)
        ok = self.findChild(QWidget, "connectOk")
        if ok is not None:
            ok.setEnabled(not locked)

    def _checked(self, link: EventLink, take_over: bool, result: object) -> None:
        self.checking = False
        self._lock(False)
        if not self.isVisible():
            return  # cancelled while the server was being asked: nothing is saved
        if isinstance(result, TableInUse):
            self._ask_take_over(link, result)
        elif isinstance(result, EventLink):
            self._done(result)
        else:
            assert isinstance(result, BaseException)
            self.problem.setText(self._reason(link, result))

    def _done(self, link: EventLink) -> None:
        self.problem.setText("")
        self.chosen.emit(link)
        self.accept()

    def _ask_take_over(self, link: EventLink, in_use: TableInUse) -> None:
        """Only on purpose: a replacement laptop, not a slip of the table number."""
        from referee_desk.questions import ask

        self.problem.setText("")
        self.question = ask(
            self,
            "tableInUseQuestion",
            self.tr("Connect to the event"),
            self.tr("Table {table} is already in use by another desk (last event {time}). Take it over?").format(
                table=in_use.table, time=in_use.since.astimezone().strftime("%H:%M")
            ),
            (self.tr("Take it over"), "tableInUseTakeOver"),
            (self.tr("Cancel"), "tableInUseCancel"),
            lambda take: self._try(link, take_over=True) if take else None,
            risky=True,
        )

    def _reason(self, link: EventLink, exc: BaseException) -> str:
        """What went wrong in a sentence (the dialog stays open)."""
        from referee_app.venue.model import WrongFingerprint, first_line, refused_login

        if isinstance(exc, WrongFingerprint):
            return self.tr(
                "This is not the event server whose fingerprint you typed: check the address and the"
                " fingerprint shown on the organizer's board."
            )
        if refused_login(exc):
            return self.tr(
                "The event server refused this table's key: check it against the card the organizer printed."
            )
        if _unreachable(exc):
            return self.tr(
                "The event server cannot be reached at {address}: check the address, the network, and that"
                " the organizer's server is started."
            ).format(address=f"{link.host}:{link.port}")
        return self.tr("The event server said: {reason}").format(reason=first_line(exc))


class _CheckRelay(QObject):
    """The check's thread hands its answer to the dialog's thread (queued)."""

    answered = Signal(object, bool, object)  # the link tried, take over, EventLink | exception


def _unreachable(exc: BaseException) -> bool:
    """Nothing answered at the address (as opposed to a server that answered and refused)."""
    import psycopg

    return isinstance(exc, (psycopg.OperationalError, OSError)) or "cannot reach" in str(exc)

"""The tournament window's connections: the players' web site, and the desks through the event server.

The site publishes every state the window shows. The sync is a subscriber of a reader of the
live event of its own (no board in this process), on that reader's thread; each round's decision
is made on the window's thread (a `Handoff`), through the window's session, and its report comes
back by a queued signal.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QCheckBox, QFileDialog, QLabel, QPushButton, QSpinBox, QWidget
from referee_desk.i18n import qt_translate
from referee_desk.notices import Notice
from referee_desk.tournament.parts import Desk, Shown
from referee_desk.tournament.session import said

if TYPE_CHECKING:
    from referee_desk.tournament.web import TournamentSite

    from referee_app.tournament.live import DeskMatch, LiveSync, Plan, Server


class Connections(QObject):
    """The site and the sync of one window; the widgets that show them are the Tables tab's."""

    run = Signal(object)  # a callable to run on the window's thread
    report = Signal(object, str)  # Plan | None, error

    def __init__(
        self,
        desk: Desk,
        parent: QWidget,
        port: QSpinBox,
        lan: QCheckBox,
        site_button: QPushButton,
        addresses: QLabel,
        live_button: QPushButton,
        live_status: QLabel,
    ) -> None:
        super().__init__(parent)
        self.desk = desk
        self.port, self.lan, self.site_button, self.addresses = port, lan, site_button, addresses
        self.live_button, self.live_status = live_button, live_status
        self.site: TournamentSite | None = None
        self.live: LiveSync | None = None
        self.live_folder = Path()
        self.live_error = ""
        self.live_problems: set[str] = set()
        self.run.connect(self._run_here)
        self.report.connect(self._live_report)

    def toggle_site(self) -> None:
        """Start or stop the players' web page (the bracket, the tables, "where do I play")."""
        if self.site is not None:
            self.site.stop()
            self.site = None
        else:
            from referee_desk.tournament.web import TournamentSite

            from referee_app.web.server import ListenError

            try:
                self.site = TournamentSite(self.port.value(), self.lan.isChecked())
            except ListenError as exc:
                self.desk.say(Notice.ERROR, self.tr("The web page cannot start: {why}").format(why=exc))
                return
            self.publish(self.desk.shown)
        self.show_site()

    def publish(self, shown: Shown) -> None:
        if self.site is not None:
            self.site.publish(shown.view, shown.tournament)

    def show_site(self) -> None:
        site = self.site
        self.port.setEnabled(site is None)
        self.lan.setEnabled(site is None)
        if site is None:
            self.site_button.setText(self.tr("Start the players' web page [Ctrl+Shift+B]"))
            self.addresses.setText(self.tr("The players' web page is off."))
            return
        from referee_desk.overlay.dialog import lan_addresses

        self.site_button.setText(self.tr("Stop the web page [Ctrl+Shift+B]"))
        hosts = ["127.0.0.1"] + (lan_addresses() if site.server.lan else [])
        links = [f'<a href="{site.url(page, host)}">{site.url(page, host)}</a>' for host in hosts for page in
                 ("bracket", "player")]  # fmt: skip
        self.addresses.setText(self.tr("Bracket and tables; where do I play:") + "<br>" + "<br>".join(links))

    def toggle_live(self) -> None:
        """Connect to the event server's folder (or leave it): the matches on tables go to the desks,
        their results come back by themselves."""
        if self.live is not None:
            self.stop_live()
            self.show_live()
            return
        folder = QFileDialog.getExistingDirectory(self.live_status, self.tr("The event server's folder"))
        if folder:
            self.connect_live(Path(folder))

    def connect_live(self, folder: Path) -> bool:
        from referee_app.tournament.live import LiveSync
        from referee_app.venue.model import EventServerError
        from referee_app.venue.server import Cluster

        try:
            conninfo = Cluster(folder.resolve()).organizer_conninfo()
        except (EventServerError, OSError) as exc:
            self.desk.say(Notice.ERROR, self.tr("The event server cannot be used: {why}").format(why=said(exc)))
            return False
        self.stop_live()
        self.live_error, self.live_problems = "", set()
        # its own reader of the live event (no board in this process); decided on the window's thread
        self.live = LiveSync.alone(conninfo, self._decide, self.report.emit, post=self.run.emit).start()
        self.live_folder = folder
        self.show_live()
        return True

    def stop_live(self) -> None:
        live, self.live = self.live, None
        if live is not None:
            live.stop()

    def close(self) -> None:
        """The port is free again at once, the sync stopped."""
        if self.site is not None:
            self.site.stop()
            self.site = None
        self.stop_live()

    def _run_here(self, work: Callable[[], None]) -> None:
        work()

    def _decide(self, server: Server, desks: list[DeskMatch]) -> Plan | None:
        """On the window's thread: plan one round and record its events through the session."""
        from referee_app.tournament.live import plan

        session = self.desk.session
        state = session.state
        if state is None or state.tournament.bracket is None:
            return None
        work = plan(state, session.tournament_id, desks, server, qt_translate)
        if work.events and not session.record(*work.events):  # refused or not written (said): nothing sent
            return None
        return work

    def _live_report(self, work: Plan | None, error: str) -> None:
        if self.live is None:
            return  # a late report of a sync just stopped
        self.live_error = error
        if work is not None:
            fresh = [p for p in work.problems if p not in self.live_problems]
            self.live_problems = set(work.problems)
            if fresh:  # what was done is said with it: one notice shows at a time
                self.desk.say(Notice.ERROR, "\n".join([*work.done, *fresh]))
            elif work.done:
                self.desk.say(Notice.INFO, "\n".join(work.done))
        elif error:
            self.desk.say(Notice.ERROR, self.tr("Event server: {why}").format(why=error))
        self.show_live()

    def show_live(self) -> None:
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

"""The tournament window's connections: the players' web site, and the desks through the event server.

The site publishes every state the window shows. The sync is a subscriber of a reader of the
live event of its own (no board in this process), on that reader's thread; each round's decision
is made on the window's thread (a `Handoff`), through the window's session, and its report comes
back by a queued signal.

Both are remembered per tournament (QSettings, as the desk's overlay): left on, they come back by
themselves when the window opens again (a crash, a reboot), on the same port and folder; what
cannot come back is said in the notice strip, with why.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QSettings, QTimer, Signal
from PySide6.QtWidgets import QCheckBox, QFileDialog, QLabel, QPushButton, QSpinBox, QWidget
from referee_desk.i18n import qt_translate
from referee_desk.notices import Notice
from referee_desk.places import documents_folder
from referee_desk.tournament.parts import Desk, Shown
from referee_desk.tournament.session import said

from referee_app.log.store import StoreError
from referee_app.tournament.model import MatchStatus

if TYPE_CHECKING:
    from collections.abc import Mapping

    from referee_desk.tournament.phones_box import PhonesBox
    from referee_desk.tournament.web import TournamentSite

    from referee_app.event.live import DeskMatch, LiveSync, Plan, Server
    from referee_app.event.phone_api import PhoneTableView
    from referee_app.event.phone_push import PhonePusher


PHONES_SHOWN_MS = 150
"""A phone's tap is shown (and its live score published) this long after it came, with the taps
that came meanwhile: a burst of taps costs the window one re-render."""
SITE_ON, SITE_PORT, SITE_LAN, LIVE_FOLDER = "site_on", "site_port", "site_lan", "live_folder"
"""The settings' keys, under `tournament/<id>/`: one tournament's choices never start another's."""


def _flag(on: bool) -> str:
    return "true" if on else "false"


class Connections(QObject):
    """The site and the sync of one window; the widgets that show them are the Tables tab's."""

    run = Signal(object)  # a callable to run on the window's thread
    report = Signal(object, str)  # Plan | None, error
    phones_moved = Signal(object, object)  # State, {table: PhoneTableView}: from the phones' thread

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
        settings: QSettings | None = None,
    ) -> None:
        super().__init__(parent)
        self.desk = desk
        self.settings = settings
        self.port, self.lan, self.site_button, self.addresses = port, lan, site_button, addresses
        self.live_button, self.live_status = live_button, live_status
        self.site: TournamentSite | None = None
        self.live: LiveSync | None = None
        self.pusher: PhonePusher | None = None
        """The phone matches sent to the event server (connected only), for the board."""
        """With the event server: the tournament's phone matches pushed there from the database."""
        self.live_folder = Path()
        self.live_error = ""
        self.live_problems: set[str] = set()
        self.desks: list[DeskMatch] = []
        self.published_live: dict[str, tuple[int, int]] = {}
        """The desks' matches the last round read (on the window's thread)."""
        self.phones: PhonesBox | None = None
        """The Tables tab's phone tables: they show the phones' scores, and the cards' address."""
        self.phones_timer = QTimer(self)  # a burst of taps is shown, and published, once
        self.phones_timer.setSingleShot(True)
        self.phones_timer.setInterval(PHONES_SHOWN_MS)
        self.phones_timer.timeout.connect(self._show_phones)
        self.run.connect(self._run_here)
        self.report.connect(self._live_report)
        self.phones_moved.connect(self._phones_moved)

    def toggle_site(self) -> None:
        """Start or stop the players' web page (the bracket, the tables, "where do I play")."""
        if self.site is not None:
            self.site.stop()
            self.site = None
            self._phones_url()
            self._remember(SITE_ON, "false")
        else:
            try:
                self._start_site()
            except OSError as exc:
                self.desk.say(Notice.ERROR, self.tr("The web page cannot start: {why}").format(why=exc))
                return
            self._remember(SITE_ON, "true", {SITE_PORT: self.port.value(), SITE_LAN: _flag(self.lan.isChecked())})
        self.show_site()

    def _start_site(self) -> None:
        """Start the site on the port and network choice shown (raises `ListenError`, an `OSError`)."""
        from referee_desk.tournament.web import TournamentSite

        self.site = TournamentSite(self.port.value(), self.lan.isChecked(), on_phones=self.phones_moved.emit)
        self.publish(self.desk.shown)

    # --- remembered across restarts ------------------------------------------------------
    def _key(self, name: str) -> str:
        return f"tournament/{self.desk.session.tournament_id}/{name}"

    def _remember(self, name: str, value: str, more: dict[str, object] | None = None) -> None:
        if self.settings is None or not self.desk.session.tournament_id:
            return
        for key, kept in {name: value, **(more or {})}.items():
            self.settings.setValue(self._key(key), kept)
        self.settings.sync()

    def _recalled(self, name: str) -> str:
        if self.settings is None or not self.desk.session.tournament_id:
            return ""
        return str(self.settings.value(self._key(name), "") or "")

    def resume(self) -> None:
        """Put back what the organizer left on for this tournament (the site, the event server);
        what cannot come back is said, with why (the organizer then starts it by hand)."""
        lost: list[str] = []
        if self.site is None and self._recalled(SITE_ON) == "true":
            with contextlib.suppress(ValueError):  # an edited settings file: the port shown
                self.port.setValue(int(self._recalled(SITE_PORT)))
            self.lan.setChecked(self._recalled(SITE_LAN) == "true")
            try:
                self._start_site()
            except OSError as exc:
                lost.append(
                    self.tr(
                        "The players' web page was on (port {port}) but did not come back: {why}. "
                        "The phones have no page until it is started again [Ctrl+Shift+B]."
                    ).format(port=self.port.value(), why=exc)
                )
        folder = self._recalled(LIVE_FOLDER)
        if self.live is None and folder:
            why = self._connect(Path(folder))
            if why:
                lost.append(
                    self.tr(
                        "The tournament was connected to the event server {folder} but did not connect again: "
                        "{why}. The desks get no new matches until you connect [Ctrl+Shift+E]."
                    ).format(folder=folder, why=why)
                )
        self.show_site()
        self.show_live()
        if lost:
            self.desk.say(Notice.ERROR, "\n".join(lost))
        elif self.site is not None or self.live is not None:
            back = [self.tr("the players' web page")] * (self.site is not None) + [self.tr("the event server")] * (
                self.live is not None
            )
            self.desk.say(Notice.INFO, self.tr("Back as you left them: {what}.").format(what=", ".join(back)))

    def publish(self, shown: Shown) -> None:
        """The tournament shown to the site, with the racks so far of the matches the desks play
        (the site adds the phones')."""
        if self.site is not None:
            self._serve_phones()
            self.published_live = self._desk_scores(shown)
            self.site.publish(shown.state, self.desk.session.tournament_id, self.published_live)

    def _desk_scores(self, shown: Shown) -> dict[str, tuple[int, int]]:
        from referee_app.event.published import live_scores

        return live_scores(shown.state, self.desks) if shown.state is not None and self.live is not None else {}

    # --- the phone tables, served with the players' web page (phone.md §1) ------------------
    def _serve_phones(self) -> None:
        """The site serves the phone tables of the tournament shown (kept in the window's database),
        through the window's own session: one writer in the process."""
        assert self.site is not None
        held = self.desk.held if self.desk.session.state is not None else None
        before = self.site.phones
        why = self.site.serve_phones(held)
        if why:
            self.desk.say(Notice.ERROR, self.tr("The phone tables cannot be served: {why}").format(why=why))
        if self.site.phones is not before:  # another tournament (or the first): where its phones reach it
            self._phones_url()

    def _phones_url(self) -> None:
        """Where the phones reach this laptop (on the network only): shown, and kept in the database
        for the cards, as `tournament serve --lan` keeps it."""
        from referee_app.tournament.phones import lan_address

        host = lan_address() if self.site is not None and self.site.server.lan else None
        url = f"http://{host}:{self.site.server.port}" if self.site is not None and host is not None else ""
        if self.phones is not None:
            self.phones.url = url
            self.phones.show_state(self.desk.shown)
        store, tid = self.desk.store, self.desk.session.tournament_id
        if url and store is not None and self.desk.session.state is not None:
            try:
                store.set_phone_url(tid, url)
            except StoreError as exc:
                self.desk.say(Notice.ERROR, said(exc))

    def _phones_moved(self, state: object, tables: Mapping[int, PhoneTableView]) -> None:
        """On the window's thread: a phone's tap, or the tournament moved on by the phones (a match
        completed, the next one started: the follower brings it to every tab), the scores shown."""
        if self.phones is not None:
            self.phones.tables.update(tables)
        if not self.phones_timer.isActive():
            self.phones_timer.start()

    def _show_phones(self) -> None:
        if self.phones is not None:
            self.phones.show_state(self.desk.shown)

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
            self._remember(LIVE_FOLDER, "")
            self.show_live()
            return
        folder = QFileDialog.getExistingDirectory(
            self.live_status, self.tr("The event server's folder"), documents_folder()
        )
        if folder:
            self.connect_live(Path(folder))

    def connect_live(self, folder: Path) -> bool:
        """Connect to the event server in `folder`, remembered for the next start; a refusal is said."""
        why = self._connect(folder)
        if why:
            self.desk.say(Notice.ERROR, self.tr("The event server cannot be used: {why}").format(why=why))
            return False
        self._remember(LIVE_FOLDER, str(folder.resolve()))
        return True

    def _connect(self, folder: Path) -> str:
        """Start the sync with the event server in `folder`; why it cannot, or ""."""
        from referee_app.event.live import LiveSync
        from referee_app.venue.model import EventServerError
        from referee_app.venue.server import Cluster

        try:
            conninfo = Cluster(folder.resolve()).organizer_conninfo()
        except (EventServerError, OSError) as exc:
            return said(exc)
        self.stop_live()
        self.live_error, self.live_problems = "", set()
        # its own reader of the live event (no board in this process); decided on the window's thread
        self.live = LiveSync.alone(conninfo, self._decide, self.report.emit, post=self.run.emit).start()
        held = self.desk.held
        if held is not None and held.tournament_id:  # the phone tables' matches go to the board too
            from referee_app.event.phone_push import PhonePusher

            self.pusher = PhonePusher(held.db, held.tournament_id, conninfo, follower=held.follower).start()
        self.live_folder = folder
        self.show_live()
        return ""

    def stop_live(self) -> None:
        live, self.live = self.live, None
        if live is not None:
            live.stop()
        pusher, self.pusher = self.pusher, None
        if pusher is not None:
            pusher.stop()

    def close(self) -> None:
        """The port is free again at once, the sync stopped."""
        if self.site is not None:
            self.site.stop()
            self.site = None
        self.phones_timer.stop()
        self.stop_live()

    def _run_here(self, work: Callable[[], None]) -> None:
        work()

    def _decide(self, server: Server, desks: list[DeskMatch]) -> Plan | None:
        """On the window's thread: plan one round and record its events through the session."""
        from referee_app.event.live import plan

        session = self.desk.session
        state = session.state
        self.desks = desks
        if state is None or state.tournament.bracket is None:
            return None
        work = plan(state, session.tournament_id, desks, server, qt_translate)
        if work.events and not session.record(*work.events):  # refused or not written (said): nothing sent
            return None
        return work

    def recording(self, match_id: str) -> tuple[str, str] | None:
        """The table of a desk recording `match_id` (an assignment sent for it, its match not over)
        and its score and start ("0-0 since 18:59"), else None."""
        from referee_app.words.localtime import local_hm

        state = self.desk.session.state
        if self.live is None or state is None:
            return None
        sent = {s.assignment for s in state.sent if s.match == match_id}
        for d in self.desks:
            if d.assignment in sent and not d.over and not d.void:
                since = self.tr("since {time}").format(time=local_hm(d.started_at)) if d.started_at else ""
                return d.table, f"{d.players[0]} {d.score[0]}-{d.score[1]} {d.players[1]} {since}".strip()
        # sent to a desk that has not started it yet: typed here, the desk would still start it
        last = next((s for s in reversed(state.sent) if s.match == match_id), None)
        slot = state.tournament.slots.get(match_id)
        if last is not None and slot is not None and slot.table == last.table and slot.status is MatchStatus.PLAYING:
            return str(last.table), self.tr("sent to its desk, not started yet")
        return None

    def _live_report(self, work: Plan | None, error: str) -> None:
        if self.live is None:
            return  # a late report of a sync just stopped
        self.live_error = error
        if self.site is not None and self._desk_scores(self.desk.shown) != self.published_live:
            self.publish(self.desk.shown)  # a desk's rack: its live score on the bracket page
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

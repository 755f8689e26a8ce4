"""The Tables tab's "Publish online" switch (issue 40): the tournament's public copy pushed to the
cloud (`referee_app.event.mirror_push.MirrorPusher`, the same as `referee-app mirror push`), with
the event's name online and the venue's login file (`mirror add-event --out`), and a line that
says whether the online copy is current or behind, and since when.

The pusher runs on its own thread; its reports come here by a queued signal. Nothing of it is
needed for an event that stays offline: the switch is off until the organizer turns it on.
"""

from __future__ import annotations

import time
from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QCheckBox, QFileDialog, QGroupBox, QHBoxLayout, QLabel, QLineEdit, QWidget
from referee_desk.notices import Notice
from referee_desk.places import documents_folder
from referee_desk.tournament.parts import Desk, button

from referee_app.event.mirror_push import MirrorPusher, Published
from referee_app.venue.cloud import CloudError, check_event


def _clock(at: float | None) -> str:
    return time.strftime("%H:%M:%S", time.localtime(at)) if at is not None else ""


class OnlineBox(QGroupBox):
    """The switch, the event's name online, the login file and the copy's state."""

    reported = Signal(object)  # Published, from the pusher's thread

    def __init__(self, desk: Desk, parent: QWidget) -> None:
        super().__init__(parent)
        self.desk = desk
        self.setObjectName("onlineBox")
        self.pusher: MirrorPusher | None = None
        self.login = Path()
        self.behind_since: float | None = None
        row = QHBoxLayout(self)
        self.event_name = QLineEdit(self)
        self.event_name.setObjectName("onlineEvent")
        self.event_name.setMaxLength(40)
        self.login_button = button(desk, "onlineLogin", "Ctrl+Shift+U", self.choose_login, self)
        self.switch = QCheckBox(self)
        self.switch.setObjectName("onlinePublish")
        self.switch.toggled.connect(self.toggle)
        self.status = QLabel(self)
        self.status.setObjectName("onlineStatus")
        self.status.setWordWrap(True)
        for widget in (self.event_name, self.login_button, self.switch):
            row.addWidget(widget)
        row.addWidget(self.status, 1)
        self.reported.connect(self._show)
        self.retranslate()

    def retranslate(self) -> None:
        self.setTitle(self.tr("The event online (a public copy for people outside the hall)"))
        self.event_name.setPlaceholderText(self.tr("its name online: open-lyon-2027"))
        self.event_name.setMinimumWidth(
            self.event_name.fontMetrics().horizontalAdvance(self.event_name.placeholderText()) + 24
        )
        chosen = self.tr("Venue's login file…") if self.login == Path() else self.login.name
        self.login_button.setText(f"{chosen} [Ctrl+Shift+U]")
        self.switch.setText(self.tr("Publish online"))

    def choose_login(self) -> None:
        chosen, _ = QFileDialog.getOpenFileName(
            self, self.tr("The venue's login (from mirror add-event)"), documents_folder()
        )
        if chosen:
            self.login = Path(chosen)
            self.retranslate()

    def toggle(self, on: bool) -> None:
        if not on:
            self.stop()
            self.status.setText(self.tr("Not published online."))
            return
        refusal = self._start()
        if refusal:
            self.desk.say(Notice.ERROR, refusal)
            self.status.setText(refusal)
            self.switch.blockSignals(True)
            self.switch.setChecked(False)
            self.switch.blockSignals(False)

    def _start(self) -> str:
        """Start the pusher; a refusal in words (nothing started) when it cannot."""
        store = self.desk.store
        tournament = self.desk.session.tournament_id
        if store is None or not tournament:
            return self.tr("Only a tournament kept in the organizer's database can be published online.")
        try:
            event = check_event(self.event_name.text().strip())
        except CloudError:
            return self.tr("The event's name online is 1 to 40 lower-case letters, digits and dashes.")
        try:
            conninfo = self.login.read_text(encoding="utf-8").strip().splitlines()[0]
        except (OSError, IndexError, UnicodeDecodeError):
            return self.tr("Choose the venue's login file (made by `referee-app mirror add-event`).")
        from referee_desk.tournament.web import languages

        from referee_app.web.words import words_for

        pages = languages()
        site_words = {code: words_for("board", tr) for code, tr in pages.items()}
        self.pusher = MirrorPusher(
            store.path, tournament, event, conninfo, pages, site_words, on_report=self.reported.emit
        )
        self.pusher.start()
        self.behind_since = None
        self.status.setText(self.tr("Publishing…"))
        return ""

    def _show(self, published: Published) -> None:
        if self.pusher is None:
            return
        if published.error or published.behind:
            self.behind_since = self.behind_since or time.time()
            text = self.tr("The online copy is behind since {time}: {why}").format(
                time=_clock(self.behind_since), why=published.error
            )
        else:
            self.behind_since = None
            text = self.tr("The online copy is current.")
            if published.last_sent is not None:
                text = self.tr("The online copy is current (last change sent at {time}).").format(
                    time=_clock(published.last_sent)
                )
        self.status.setText(text)

    def stop(self) -> None:
        if self.pusher is not None:
            self.pusher.stop()
            self.pusher = None

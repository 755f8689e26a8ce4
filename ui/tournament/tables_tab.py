"""The Tables and queue tab: the venue's tables, what is on each, the queue, and the connections
(the players' web page, the desks through the event server)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)
from referee_desk.i18n import qt_translate
from referee_desk.notices import Notice
from referee_desk.tournament.connect import Connections
from referee_desk.tournament.online import OnlineBox
from referee_desk.tournament.parts import Desk, Shown, button, item, spin
from referee_desk.tournament.phones_box import PhonesBox

from referee_app.event.operations import parse_tables
from referee_app.tournament.events import TablesSet
from referee_app.tournament.model import MatchStatus
from referee_app.tournament.plan import CONTEXT as PLAN_CONTEXT
from referee_app.tournament.state import held_back

DEFAULT_PORT = 8766
"""The players' web page (the desk's overlay uses 8765)."""


class TablesTab(QWidget):
    """The tables as typed (`1-8` or `1,2,5`: the command line's rule), each table's match, the queue."""

    def __init__(self, desk: Desk, parent: QWidget) -> None:
        super().__init__(parent)
        self.desk = desk
        self.setObjectName("queuePage")
        layout = QVBoxLayout(self)
        bar = QHBoxLayout()
        self.tables_label = QLabel(self)
        self.tables_edit = QLineEdit(self)
        self.tables_edit.setObjectName("tablesEdit")
        self.tables_label.setBuddy(self.tables_edit)
        self.tables_edit.returnPressed.connect(self.set_tables)
        self.tables_button = button(desk, "setTables", "Ctrl+T", self.set_tables, self)
        bar.addWidget(self.tables_label)
        bar.addWidget(self.tables_edit)
        bar.addWidget(self.tables_button)
        bar.addStretch(1)
        self.tables_table = QTableWidget(0, 4, self)
        self.tables_table.setObjectName("tablesTable")
        self.tables_table.verticalHeader().hide()
        self.queue_label = QLabel(self)
        self.queue_list = QListWidget(self)
        self.queue_list.setObjectName("queueList")
        self.web_box = QGroupBox(self)
        self.web_box.setObjectName("webBox")
        web = QHBoxLayout(self.web_box)
        self.web_port = spin(self, "webPort", 1024, 65535, DEFAULT_PORT)
        self.web_lan = QCheckBox(self)
        self.web_lan.setObjectName("webLan")
        self.web_button = button(desk, "webStart", "Ctrl+Shift+B", lambda: self.connections.toggle_site(), self)
        self.web_addresses = QLabel(self)
        self.web_addresses.setObjectName("webAddresses")
        self.web_addresses.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        self.web_addresses.setOpenExternalLinks(True)
        self.web_addresses.setWordWrap(True)
        for w in (self.web_port, self.web_lan, self.web_button):
            web.addWidget(w)
        web.addWidget(self.web_addresses, 1)
        self.live_box = QGroupBox(self)
        self.live_box.setObjectName("liveBox")
        live = QHBoxLayout(self.live_box)
        self.live_button = button(desk, "liveConnect", "Ctrl+Shift+E", lambda: self.connections.toggle_live(), self)
        self.live_status = QLabel(self)
        self.live_status.setObjectName("liveStatus")
        self.live_status.setWordWrap(True)
        live.addWidget(self.live_button)
        live.addWidget(self.live_status, 1)
        layout.addLayout(bar)
        layout.addWidget(self.tables_table, 2)
        layout.addWidget(self.queue_label)
        layout.addWidget(self.queue_list, 1)
        self.phones_box = PhonesBox(desk, self)
        self.tables_table.itemSelectionChanged.connect(lambda: self.phones_box.choose(self.tables_table))
        layout.addWidget(self.phones_box)
        layout.addWidget(self.web_box)
        layout.addWidget(self.live_box)
        self.online_box = OnlineBox(desk, self)
        layout.addWidget(self.online_box)
        self.connections = Connections(
            desk,
            self,
            self.web_port,
            self.web_lan,
            self.web_button,
            self.web_addresses,
            self.live_button,
            self.live_status,
        )
        self.connections.phones = self.phones_box

    def set_tables(self) -> None:
        try:
            tables = parse_tables(self.tables_edit.text())
        except ValueError:
            self.desk.say(Notice.REFUSAL, self.tr("Tables are listed as 1-8 or 1,2,5."))
            return
        if self.desk.session.record(TablesSet(tables)):
            self.desk.say(Notice.INFO, self.tr("{n} tables.").format(n=len(tables)))

    def show_state(self, shown: Shown) -> None:
        view, names = shown.view, shown.names
        by_table = {m.table: m for m in view.matches if m.status is MatchStatus.PLAYING}
        tables = view.tables
        self.tables_table.setRowCount(len(tables))
        for row, number in enumerate(tables):
            m = by_table.get(number)
            cells = [number, "", "", self.tr("free")]
            if m is not None:
                cells = [number, m.id, names.get(m.id, ""), f"{m.a} v {m.b}"]
            for column, text in enumerate(cells):
                self.tables_table.setItem(row, column, item(text))
        self.tables_table.resizeColumnsToContents()
        by_id = {m.id: m for m in view.matches}
        held = held_back(shown.tournament) if shown.tournament is not None else {}  # a match passed is told why
        self.queue_list.clear()
        for mid in view.queue:
            m = by_id[mid]
            text = f"{mid} · {names.get(mid, '')} · {m.a} v {m.b}"
            if mid in held:
                why, other = held[mid]
                said = qt_translate(PLAN_CONTEXT, why).format(match=other)
                text += " · " + self.tr("waits: {why}").format(why=said)
            self.queue_list.addItem(text)
        if tables and not self.tables_edit.hasFocus():
            self.tables_edit.setText(",".join(str(t) for t in tables))
        self.connections.show_site()
        self.connections.show_live()
        self.connections.publish(shown)
        self.phones_box.show_state(shown)

    def retranslate(self) -> None:
        self.tables_label.setText(self.tr("The venue's &tables"))
        self.tables_edit.setPlaceholderText(self.tr("1-8 or 1,2,5"))
        self.tables_button.setText(self.tr("Set the tables [Ctrl+T]"))
        self.tables_table.setHorizontalHeaderLabels(
            [self.tr("Table"), self.tr("Match"), self.tr("Round"), self.tr("Players")]
        )
        self.queue_label.setText(self.tr("Waiting for a table, in the order tables will take them:"))
        self.phones_box.retranslate()
        self.online_box.retranslate()
        self.web_box.setTitle(self.tr("Players' web page"))
        self.live_box.setTitle(self.tr("Desks connected through the event server"))
        self.web_lan.setText(self.tr("Phones and TVs on the venue's network may connect"))

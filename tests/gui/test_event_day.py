"""An event day on connected desks, through a real PostgreSQL: a match started by hand takes over
its table's assignment, assignments carry the match's set-up, the board withdraws, corrects and
exports, a wrong key is said as such, and one table has one desk."""

from __future__ import annotations

from typing import Any

import psycopg
from PySide6.QtWidgets import QApplication, QLineEdit

from referee_app.cli.main import main as cli
from referee_app.venue import db
from referee_app.venue.board import BoardModel, refresh
from tests.conftest import table_link
from tests.gui.conftest import Desk


def _assign(server: Any, table: str, *players: str, extra: tuple[str, ...] = ()) -> None:
    assert cli(["assign", "--server", str(server.folder), "--table", table, "--players", *players,
                "--race", "5", "--event", "Open", *extra]) == 0  # fmt: skip


def _board(server: Any) -> BoardModel:
    model = BoardModel()
    with psycopg.connect(server.organizer_conninfo()) as conn:
        refresh(conn, model)
    return model


def test_a_match_started_by_hand_on_a_connected_desk_takes_over_the_tables_assignment(
    desk: Desk, event_server: Any
) -> None:
    _assign(event_server, "3", "Marc Dubois", "Sara Rossi")
    desk.window.link().connect_to(table_link(event_server, "3"))
    label = desk.widget("nextMatch")
    desk.qtbot.waitUntil(lambda: label.isVisible(), timeout=15000)
    desk.window.new_match()
    dialog = QApplication.activeModalWidget()
    assert dialog is not None and dialog.objectName() == "newMatchDialog"
    table, event = dialog.findChild(QLineEdit, "newTable"), dialog.findChild(QLineEdit, "newEvent")
    assert (table.text(), event.text()) == ("3", "Open")  # prefilled from the connection
    table.clear()  # the referee empties it: the match is still this table's assignment
    dialog.findChild(QLineEdit, "newPlayerA").setText("sara rossi")
    dialog.findChild(QLineEdit, "newPlayerB").setText("Marc Dubois")
    desk.click("newMatchButtonsOk")
    setup = desk.session.setup
    with psycopg.connect(event_server.organizer_conninfo()) as conn:
        (assignment,) = db.assignments(conn)
    assert setup.assignment == assignment.id and setup.table == "3"
    desk.qtbot.waitUntil(lambda: not label.isVisible(), timeout=15000)  # no longer offered here
    desk.qtbot.waitUntil(lambda: len(_board(event_server).matches) == 1, timeout=15000)
    (row,) = _board(event_server).tables()
    assert row["next"] is None and row["match"]["players"] == {"A": "sara rossi", "B": "Marc Dubois"}
    desk.window.link().stop()

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


def _connect_form(desk: Desk, server: str, key: str, fingerprint: str) -> None:
    desk.window.open_connect()
    for name, text in (("connectServer", server), ("connectKey", key), ("connectFingerprint", fingerprint)):
        field = desk.widget(name)
        assert isinstance(field, QLineEdit)
        field.setText(text)
    desk.click("connectOk")


def test_the_connect_dialog_checks_the_connection_before_it_closes(desk: Desk, event_server: Any) -> None:
    from referee_app.venue.model import TableKey
    from tests.conftest import free_port, table_key

    address, pin = f"127.0.0.1:{event_server.port}", event_server.fingerprint()
    wrong_key = f"1-{TableKey.new_secret()}"
    table_key(event_server, "1")
    _connect_form(desk, address, wrong_key, pin)
    dialog = QApplication.activeModalWidget()
    assert dialog is not None and dialog.objectName() == "connectDialog"  # still open
    assert desk.text("connectProblem") == (
        "The event server refused this table's key: check it against the card the organizer printed."
    )
    desk.widget("connectFingerprint").setText("1A2B-3C4D-5E6F-7A8B-9C0D-1E2F")  # type: ignore[attr-defined]
    desk.widget("connectKey").setText(table_key(event_server, "1"))  # type: ignore[attr-defined]
    desk.click("connectOk")
    assert desk.text("connectProblem").startswith("This is not the event server whose fingerprint you typed")
    nowhere = f"127.0.0.1:{free_port()}"
    desk.widget("connectServer").setText(nowhere)  # type: ignore[attr-defined]
    desk.click("connectOk")
    assert desk.text("connectProblem").startswith(f"The event server cannot be reached at {nowhere}")
    assert not (desk.db.parent / (desk.db.name + ".link")).exists()  # nothing saved on a failed check
    desk.widget("connectServer").setText(address)  # type: ignore[attr-defined]
    desk.widget("connectFingerprint").setText(pin)  # type: ignore[attr-defined]
    desk.click("connectOk")
    assert not dialog.isVisible()
    light = desk.widget("eventLight")
    desk.qtbot.waitUntil(lambda: "Event: connected" in light.text(), timeout=15000)  # type: ignore[attr-defined]
    desk.window.link().stop()


def test_a_refused_key_says_wrong_key_stops_retrying_and_offers_connect(desk: Desk, event_server: Any) -> None:
    from referee_app.venue.model import EventLink, TableKey
    from tests.conftest import table_key

    table_key(event_server, "5")
    replaced = EventLink("127.0.0.1", f"5-{TableKey.new_secret()}", "5", event_server.port)  # an old key
    link = desk.window.link()
    link.connect_to(replaced)
    light = desk.widget("eventLight")
    desk.qtbot.waitUntil(lambda: "wrong key" in light.text(), timeout=15000)  # type: ignore[attr-defined]
    assert "Event: wrong key (" in light.text() and "Event &gt; Connect…</a>" in light.text()  # type: ignore[attr-defined]
    assert "offline" not in light.text()  # type: ignore[attr-defined]
    assert link.pusher is not None
    desk.qtbot.waitUntil(lambda: not link.pusher._thread.is_alive(), timeout=5000)  # type: ignore[union-attr]
    assert "refused this table's key" in desk.text("startNotice")
    light.linkActivated.emit("connect")  # type: ignore[attr-defined]
    dialog = QApplication.activeModalWidget()
    assert dialog is not None and dialog.objectName() == "connectDialog"
    dialog.reject()
    link.stop()

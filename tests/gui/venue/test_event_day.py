"""An event day on connected desks, through a real PostgreSQL: a match started by hand takes over
its table's assignment, assignments carry the match's set-up, the board withdraws, corrects and
exports, a wrong key is said as such, and one table has one desk."""

from __future__ import annotations

from typing import Any

import psycopg
import pytest
from PySide6.QtWidgets import QApplication, QLineEdit
from referee_desk.window import referee_setting

from referee_app.cli.main import main as cli
from referee_app.venue import db
from referee_app.venue.board import BoardModel, refresh
from referee_app.venue.server import Cluster
from tests.conftest import table_link
from tests.gui.conftest import Desk

pytestmark = pytest.mark.slow  # the throwaway PostgreSQL cluster


def _assign(server: Any, table: str, *players: str, extra: tuple[str, ...] = ()) -> None:
    assert cli(["assign", "--server", str(server.folder), "--table", table, "--players", *players,
                "--race", "5", "--event", "Open", *extra]) == 0  # fmt: skip


def _board(server: Any) -> BoardModel:
    model = BoardModel()
    with psycopg.connect(server.organizer_conninfo()) as conn:
        refresh(conn, model)
    return model


def test_a_match_started_by_hand_on_a_connected_desk_takes_over_the_tables_assignment(
    desk: Desk, event_server: Cluster
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
    (row,) = [t.to_json() for t in _board(event_server).tables()]
    assert row["next"] is None and row["match"]["players"] == {"A": "sara rossi", "B": "Marc Dubois"}
    desk.window.link().stop()


def _connect_form(desk: Desk, server: str, key: str, fingerprint: str) -> None:
    desk.window.open_connect()
    for name, text in (("connectServer", server), ("connectKey", key), ("connectFingerprint", fingerprint)):
        field = desk.widget(name)
        assert isinstance(field, QLineEdit)
        field.setText(text)
    _check(desk)


def _check(desk: Desk) -> None:
    """OK, then the server's answer (asked on a thread: the desk goes on meanwhile)."""
    dialog = QApplication.activeModalWidget()
    assert dialog is not None and dialog.objectName() == "connectDialog"
    desk.click("connectOk")
    desk.qtbot.waitUntil(lambda: not dialog.checking, timeout=20000)  # type: ignore[attr-defined]


def test_the_connect_dialog_checks_the_connection_before_it_closes(desk: Desk, event_server: Cluster) -> None:
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
    _check(desk)
    assert desk.text("connectProblem").startswith("This is not the event server whose fingerprint you typed")
    nowhere = f"127.0.0.1:{free_port()}"
    desk.widget("connectServer").setText(nowhere)  # type: ignore[attr-defined]
    _check(desk)
    assert desk.text("connectProblem").startswith(f"The event server cannot be reached at {nowhere}")
    assert not (desk.db.parent / (desk.db.name + ".link")).exists()  # nothing saved on a failed check
    desk.widget("connectServer").setText(address)  # type: ignore[attr-defined]
    desk.widget("connectFingerprint").setText(pin)  # type: ignore[attr-defined]
    _check(desk)
    assert not dialog.isVisible()
    light = desk.widget("eventLight")
    desk.qtbot.waitUntil(lambda: "Event: connected" in light.text(), timeout=15000)  # type: ignore[attr-defined]
    desk.window.link().stop()


def test_the_desk_goes_on_while_a_server_that_never_answers_is_checked(desk: Desk) -> None:
    """A host that takes the connection and says nothing holds the check for seconds: the desk's
    clocks and keys go on meanwhile, the form waits locked, then says what went wrong."""
    import socket

    from PySide6.QtCore import QTimer

    from referee_app.venue.model import TableKey

    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(8)  # the kernel accepts; nobody ever answers
    try:
        address = f"127.0.0.1:{silent.getsockname()[1]}"
        desk.window.open_connect()
        dialog = QApplication.activeModalWidget()
        assert dialog is not None
        for name, text in (("connectServer", address), ("connectKey", f"1-{TableKey.new_secret()}")):
            desk.widget(name).setText(text)  # type: ignore[attr-defined]
        ticks: list[int] = []
        timer = QTimer()
        timer.timeout.connect(lambda: ticks.append(1))
        timer.start(20)
        desk.click("connectOk")
        assert dialog.checking  # type: ignore[attr-defined]
        assert desk.text("connectProblem") == "Checking the connection…"
        assert not desk.widget("connectOk").isEnabled()
        desk.qtbot.waitUntil(lambda: len(ticks) >= 25, timeout=3000)  # the event loop runs: 0.5 s of ticks
        assert dialog.checking  # type: ignore[attr-defined]  # still waiting for the silent host
        desk.qtbot.waitUntil(lambda: not dialog.checking, timeout=20000)  # type: ignore[attr-defined]
        timer.stop()
        assert dialog.isVisible() and desk.widget("connectOk").isEnabled()
        assert desk.text("connectProblem").startswith(f"The event server cannot be reached at {address}")
        assert not (desk.db.parent / (desk.db.name + ".link")).exists()
    finally:
        silent.close()


def test_a_refused_key_says_wrong_key_stops_retrying_and_offers_connect(desk: Desk, event_server: Cluster) -> None:
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


def _other_desk(tmp_path: Any, server: Any, table: str, players: tuple[str, str], assignment: str = "") -> None:
    """Another desk's database, its match on `table` sent to the server (as `push` does)."""
    from referee_app.game.events import MatchStarted
    from referee_app.log.session import Session
    from referee_app.log.store import Store
    from referee_app.venue.pusher import LinkFile
    from tests.builders import brk, decode, ev

    other = tmp_path / "other.db"
    session = Session.start(Store(other), MatchStarted(players=players, race_to=5, table=table, assignment=assignment))
    for obj in (ev("lag", winner="A"), brk(4)):
        session.record(decode(obj))
    LinkFile(other).save(table_link(server, table))
    assert cli(["push", "--db", str(other)]) == 0


def test_a_second_desk_on_a_table_in_use_is_warned_and_takes_it_over_only_on_purpose(
    desk: Desk, event_server: Cluster, tmp_path: Any
) -> None:
    from tests.conftest import table_key

    _other_desk(tmp_path, event_server, "1", ("Léa Girard", "Tom Weber"))
    with psycopg.connect(event_server.organizer_conninfo()) as conn:
        (last,) = conn.execute("SELECT updated_at FROM heads").fetchone()
    address, key = f"127.0.0.1:{event_server.port}", table_key(event_server, "1")
    _connect_form(desk, address, key, "")
    question = QApplication.activeModalWidget()
    assert question is not None and question.objectName() == "tableInUseQuestion"
    assert question.text() == (  # type: ignore[attr-defined]
        f"Table 1 is already in use by another desk (last event {last.astimezone():%H:%M}). Take it over?"
    )
    desk.click("tableInUseCancel")  # a slip of the table: nothing changes
    dialog = QApplication.activeModalWidget()
    assert dialog is not None and dialog.objectName() == "connectDialog"
    assert not (desk.db.parent / (desk.db.name + ".link")).exists()
    _check(desk)
    desk.click("tableInUseTakeOver")  # a replacement laptop: on purpose
    light = desk.widget("eventLight")
    desk.qtbot.waitUntil(lambda: "Event: connected" in light.text(), timeout=15000)  # type: ignore[attr-defined]
    desk.window.link().stop()


def test_an_assignment_started_at_another_desk_is_never_offered_again(
    desk: Desk, event_server: Cluster, tmp_path: Any
) -> None:
    _assign(event_server, "1", "Léa Girard", "Tom Weber")
    _assign(event_server, "1", "Ana Lopez", "Ben Novak")
    with psycopg.connect(event_server.organizer_conninfo()) as conn:
        first, _second = db.assignments(conn)
    _other_desk(tmp_path, event_server, "1", first.players, first.id)  # desk 1 started it
    desk.window.link().connect_to(table_link(event_server, "1"))  # a second desk on table 1
    label = desk.widget("nextMatch")
    desk.qtbot.waitUntil(lambda: label.isVisible(), timeout=15000)
    assert label.text() == "Next match on this table: Ana Lopez v Ben Novak"  # type: ignore[attr-defined]
    with psycopg.connect(event_server.organizer_conninfo()) as conn:
        started = {a.id: a.started_match for a in db.assignments(conn)}
        assert not db.withdraw_assignment(conn, first.id)  # started: the organizer cannot take it back
    assert started[first.id] and not started[_second.id]
    desk.window.link().stop()


def test_assignments_carry_the_set_up_and_the_desk_starts_with_it(
    desk: Desk, event_server: Cluster, qtbot: Any
) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QCheckBox, QInputDialog, QPushButton, QSpinBox
    from referee_desk.venue.board_window import BoardWindow

    window = BoardWindow(event_server.organizer_conninfo())
    qtbot.addWidget(window)
    window.open_assign()
    dialog = window.dialog
    assert dialog is not None
    for name, text in (("assignTable", "4"), ("assignPlayerA", "Léa Girard"), ("assignPlayerB", "Tom Weber"),
                       ("assignLicenceA", "FR-123"), ("assignClubA", "BC Lyon"), ("assignLicenceB", "DE-9"),
                       ("assignClubB", "Köln"), ("assignRound", "Last 16")):  # fmt: skip
        dialog.findChild(QLineEdit, name).setText(text)
    dialog.findChild(QCheckBox, "assignShotClock").setChecked(True)
    dialog.findChild(QSpinBox, "assignShotS").setValue(40)
    QTest.mouseClick(dialog.findChild(QPushButton, "assignOk"), Qt.MouseButton.LeftButton)
    by_hand = ("--shot-clock", "30", "--referee", "Marie Curie", "--licences", "L1", "L2", "--clubs", "C1", "C2")
    _assign(event_server, "4", "Ana Lopez", "Ben Novak", extra=by_hand)
    with psycopg.connect(event_server.organizer_conninfo()) as conn:
        sent, by_cli = db.assignments(conn)
    assert (sent.licences, sent.clubs, sent.round, sent.referee) == (("FR-123", "DE-9"), ("BC Lyon", "Köln"),
                                                                     "Last 16", "")  # fmt: skip
    assert sent.shot_clock is not None and sent.shot_clock.shot_s == 40
    assert by_cli.referee == "Marie Curie" and by_cli.licences == ("L1", "L2") and by_cli.clubs == ("C1", "C2")
    assert by_cli.shot_clock is not None and by_cli.shot_clock.shot_s == 30

    desk.window.link().connect_to(table_link(event_server, "4"))
    label = desk.widget("nextMatch")
    desk.qtbot.waitUntil(lambda: label.isVisible(), timeout=15000)
    desk.window.start_next_match()
    question = QApplication.activeModalWidget()
    assert isinstance(question, QInputDialog) and question.objectName() == "refereeQuestion"
    question.setTextValue("Jean Martin")
    question.accept()
    setup = desk.session.setup
    assert (setup.players, setup.referee, setup.licences, setup.clubs, setup.round) == (
        ("Léa Girard", "Tom Weber"), "Jean Martin", ("FR-123", "DE-9"), ("BC Lyon", "Köln"), "Last 16")  # fmt: skip
    assert setup.shot_clock is not None and setup.shot_clock.shot_s == 40 and setup.assignment == sent.id
    assert desk.widget("shotClock").isVisible()  # its clock row
    desk.qtbot.waitUntil(lambda: "Ana Lopez" in label.text(), timeout=15000)  # type: ignore[attr-defined]
    desk.window.start_next_match()  # asked once on this desk: the next one starts at once
    assert QApplication.activeModalWidget() is None
    assert desk.session.setup.assignment == by_cli.id and desk.session.setup.referee == "Marie Curie"
    assert desk.settings.value(referee_setting(desk.db)) == "Jean Martin"
    desk.window.link().stop()


def test_the_board_withdraws_and_corrects_a_match_not_yet_started_and_pulls_and_exports_the_day(
    qtbot: Any, event_server: Cluster, tmp_path: Any
) -> None:
    import subprocess

    from PySide6.QtWidgets import QInputDialog, QPushButton, QSpinBox
    from referee_desk.venue.board_window import BoardWindow

    _assign(event_server, "1", "Léa Girard", "Tom Weber")
    _assign(event_server, "2", "Cleo Park", "Dan Moss")
    _assign(event_server, "3", "Eve Stone", "Finn Hale")
    with psycopg.connect(event_server.organizer_conninfo()) as conn:
        started, _cleo, eve = db.assignments(conn)
    _other_desk(tmp_path, event_server, "1", started.players, started.id)
    window = BoardWindow(event_server.organizer_conninfo())
    qtbot.addWidget(window)
    window.show()

    window.act_withdraw.trigger()
    question = window.question
    assert isinstance(question, QInputDialog) and question.isVisible()
    assert question.comboBoxItems() == ["Table 2: Cleo Park v Dan Moss", "Table 3: Eve Stone v Finn Hale"]
    question.setTextValue("Table 2: Cleo Park v Dan Moss")
    question.accept()
    assert "Table 2: Cleo Park v Dan Moss withdrawn." in window.notice.text()

    window.act_correct.trigger()
    window.question.setTextValue("Table 3: Eve Stone v Finn Hale")
    window.question.accept()
    dialog = window.dialog
    assert dialog is not None and dialog.findChild(QLineEdit, "assignPlayerB").text() == "Finn Hale"
    dialog.findChild(QLineEdit, "assignPlayerB").setText("Finn Larsen")
    dialog.findChild(QSpinBox, "assignRace").setValue(9)
    dialog.findChild(QPushButton, "assignOk").click()
    with psycopg.connect(event_server.organizer_conninfo()) as conn:
        left = {a.id: a for a in db.assignments(conn)}
    assert set(left) == {started.id, eve.id}  # withdrawn: gone; started: kept
    assert left[eve.id].players == ("Eve Stone", "Finn Larsen") and left[eve.id].race_to == 9
    assert not window.withdraw(started)  # a desk has started it: refused, and said
    assert "has started" in window.notice.text()

    database, folder = tmp_path / "event.db", tmp_path / "day"
    folder.mkdir()
    written = window.pull_and_export(database, folder)
    assert written is not None
    names = sorted(p.name for p in written)
    assert names[0].startswith("matches") and any(n.startswith("sheets-") and n.endswith(".pdf") for n in names)
    assert "Léa Girard" in (folder / "matches.csv").read_text(encoding="utf-8-sig")
    pdf = next(p for p in written if p.suffix == ".pdf")
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    assert "Léa Girard" in text and "Tom Weber" in text
    assert "Pulled into" in window.notice.text()

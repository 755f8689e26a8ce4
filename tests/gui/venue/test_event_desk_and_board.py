"""The live event on the real windows: a desk connected through Event > Connect, its status light,
the next match sent to its table; the organizer's board window and its web page in Chromium."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import psycopg
import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLineEdit, QPushButton
from referee_desk.window import referee_setting

from referee_app.cli.main import main as cli
from referee_app.game.events import MatchStarted
from referee_app.log.session import Session
from referee_app.log.store import Store
from referee_app.venue.board import BoardView, BoardWatcher, ServerState
from referee_app.venue.pusher import LinkFile
from referee_app.venue.server import Cluster
from tests.conftest import free_port, table_key, table_link
from tests.gui.conftest import Desk

pytestmark = pytest.mark.slow  # the throwaway PostgreSQL cluster and the machine's Chromium


def _type(desk: Desk, name: str, text: str) -> None:
    field = desk.widget(name)
    assert isinstance(field, QLineEdit)
    field.setFocus()
    QTest.keyClicks(field, text)


def _server_count(cluster: Any) -> int:
    with psycopg.connect(cluster.organizer_conninfo()) as conn:
        return int(conn.execute("SELECT count(*) FROM events").fetchone()[0])


def test_a_desk_connects_and_its_light_follows_the_server(desk: Desk, event_server: Cluster) -> None:
    desk.window.open_connect()
    _type(desk, "connectServer", f"127.0.0.1:{event_server.port}")
    _type(desk, "connectKey", table_key(event_server, "12"))
    _type(desk, "connectFingerprint", event_server.fingerprint())  # TLS, the server's certificate pinned
    desk.click("connectOk")
    light = desk.widget("eventLight")
    desk.qtbot.waitUntil(lambda: "Event: connected" in light.text(), timeout=15000)  # type: ignore[attr-defined]
    desk.start()
    desk.click("lagWonA")
    desk.qtbot.waitUntil(lambda: _server_count(event_server) == 2, timeout=15000)

    event_server.stop()
    desk.key("Backspace")  # an undo is an event too
    desk.click("lagWonB")
    desk.qtbot.waitUntil(lambda: "offline (2 events to send)" in light.text(), timeout=15000)  # type: ignore[attr-defined]
    assert desk.state.at_table is not None  # recording never waited for the network
    event_server.start()
    desk.qtbot.waitUntil(lambda: "Event: connected" in light.text(), timeout=15000)  # type: ignore[attr-defined]
    assert _server_count(event_server) == 4
    remembered = LinkFile(desk.db).load()  # its table told by the server, its certificate pinned
    assert remembered is not None and remembered.table == "12" and remembered.certificate
    desk.window.disconnect_event()
    assert not light.isVisible()


def test_the_next_match_on_this_table_starts_with_one_key(desk: Desk, event_server: Cluster) -> None:
    folder = str(event_server.folder)
    assert cli(["assign", "--server", folder, "--table", "3", "--players", "Eve", "Finn", "--race", "7",
                "--rules", "ffb", "--event", "Open", "--round", "Last 16"]) == 0  # fmt: skip
    desk.window.link().connect_to(table_link(event_server, "3"))
    label = desk.widget("nextMatch")
    desk.qtbot.waitUntil(lambda: label.isVisible(), timeout=15000)
    assert label.text() == "Next match on this table: Eve v Finn"  # type: ignore[attr-defined]
    desk.settings.setValue(referee_setting(desk.db), "Jean Martin")  # this desk's referee, asked once before
    QTest.keyClick(desk.window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    setup = desk.session.setup
    assert (setup.players, setup.race_to, setup.rules, setup.table, setup.round) == (
        ("Eve", "Finn"), 7, "ffb", "3", "Last 16")  # fmt: skip
    assert setup.assignment
    desk.qtbot.waitUntil(lambda: not label.isVisible(), timeout=15000)  # started: no longer "next"
    with psycopg.connect(event_server.organizer_conninfo()) as conn:
        desk.qtbot.waitUntil(
            lambda: (
                conn.execute("SELECT count(*) FROM events WHERE body LIKE %s", (f"%{setup.assignment}%",)).fetchone()[0]
                == 1
            ),
            timeout=15000,
        )
    desk.window.link().stop()


def _table_desk(tmp_path: Path, cluster: Any, table: str, players: tuple[str, str]) -> tuple[Path, Session]:
    db = tmp_path / f"table{table}.db"
    session = Session.start(Store(db), MatchStarted(players=players, race_to=5, table=table))
    LinkFile(db).save(table_link(cluster, table))
    return db, session


def test_the_board_window_shows_the_tables_and_sends_a_match(qtbot: Any, event_server: Cluster, tmp_path: Path) -> None:
    from referee_desk.venue.board_window import BoardWindow

    from tests.builders import brk, decode, ev

    one, s1 = _table_desk(tmp_path, event_server, "1", ("Ana", "Ben"))
    for obj in (ev("lag", winner="A"), brk(4)):
        s1.record(decode(obj))
    assert cli(["push", "--db", str(one)]) == 0
    window = BoardWindow(event_server.organizer_conninfo())
    qtbot.addWidget(window)
    window.show()
    watcher = BoardWatcher(event_server.organizer_conninfo(), poll_s=0.5)
    watcher.subscribe(lambda reading: window.bridge.changed.emit(reading.board))  # as the board's assembly does
    watcher.start()
    try:
        grid = window.grid

        def row_of(table: str) -> list[str]:
            for row in range(grid.rowCount()):
                if grid.item(row, 0) and grid.item(row, 0).text() == table:
                    return [grid.item(row, c).text() if grid.item(row, c) else "" for c in range(grid.columnCount())]
            return []

        qtbot.waitUntil(lambda: row_of("1") != [], timeout=15000)
        assert row_of("1")[2:7] == ["Ana v Ben", "0–0", "5", "1", "Ana"]
        assert window.status.text() == "Event server: connected"

        window.open_assign()
        dialog = window.dialog
        assert dialog is not None
        for name, text in (("assignTable", "2"), ("assignPlayerA", "Cleo"), ("assignPlayerB", "Dan")):
            field = dialog.findChild(QLineEdit, name)
            field.setFocus()
            QTest.keyClicks(field, text)
        QTest.mouseClick(dialog.findChild(QPushButton, "assignOk"), Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: row_of("2") != [] and row_of("2")[9] == "Cleo v Dan", timeout=15000)
        assert "Table 2: next match Cleo v Dan." in window.notice.text()
    finally:
        watcher.stop()


def test_the_board_web_page_shows_two_tables_live(event_server: Cluster, tmp_path: Path, browser: Any) -> None:
    from playwright.sync_api import expect

    from tests.builders import brk, decode, ev, made

    one, s1 = _table_desk(tmp_path, event_server, "1", ("Ana", "Ben"))
    two, s2 = _table_desk(tmp_path, event_server, "2", ("Cleo", "Dan"))
    for session, db in ((s1, one), (s2, two)):
        session.record(decode(ev("lag", winner="A")))
        session.record(decode(brk(4)))
        assert cli(["push", "--db", str(db)]) == 0
    port = free_port()
    board = subprocess.Popen(
        [sys.executable, "-m", "referee_app", "board", "--server", str(event_server.folder), "--web", str(port),
         "--no-window"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert board.stdout is not None
        assert board.stdout.readline().strip() == f"board http://127.0.0.1:{port}/board"
        page = browser.new_page()
        page.goto(f"http://127.0.0.1:{port}/board?lang=en")
        card_one = page.locator('section.table[data-table="1"]')
        card_two = page.locator('section.table[data-table="2"]')
        expect(card_one.locator('.seat[data-seat="A"] .name')).to_have_text("Ana")
        expect(card_two.locator('.seat[data-seat="B"] .name')).to_have_text("Dan")
        expect(card_one.locator('.seat[data-seat="A"] .score')).to_have_text("0")
        page.evaluate("window.sameDocument = true")
        for n in (1, 2, 3, 5, 6, 7, 8, 9, 10):  # Cleo runs the rack on table 2
            s2.record(decode(made(n)))
        assert cli(["push", "--db", str(two)]) == 0
        expect(card_two.locator('.seat[data-seat="A"] .score')).to_have_text("1")  # without a reload
        expect(card_one.locator('.seat[data-seat="A"] .score')).to_have_text("0")
        assert page.evaluate("window.sameDocument") is True
        assert "password" not in page.content().lower() and str(event_server.folder) not in page.content()
        page.close()
    finally:
        board.terminate()
        board.wait(timeout=10)
    assert board.returncode == 0


@pytest.mark.parametrize("bad", ["/../organizer.conninfo", "/state.json/x", "/vmix.json"])
def test_the_board_page_serves_nothing_else(event_server: Cluster, bad: str) -> None:
    import http.client

    from referee_app.web.server import BOARD, TOURNAMENT, WebServer

    server = WebServer((BOARD, TOURNAMENT), 0).start()
    try:
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
        connection.request("GET", bad)
        assert connection.getresponse().status == 404
    finally:
        server.stop()


def test_connect_refuses_an_unfinished_form(desk: Desk) -> None:
    desk.window.open_connect()
    _type(desk, "connectServer", "host:notaport")
    desk.click("connectOk")
    assert "address is needed" in desk.text("connectProblem")
    desk.widget("connectServer").clear()  # type: ignore[attr-defined]
    _type(desk, "connectServer", "192.0.2.7:5433")
    _type(desk, "connectKey", "7-ABCD")
    desk.click("connectOk")
    assert "key looks like 7-ABCD-EFGH-JKMN-PQRS" in desk.text("connectProblem")
    _type(desk, "connectKey", "-EFGH-JKMN-PQRS")
    desk.click("connectOk")  # the venue network: not without the server's fingerprint
    assert "fingerprint is needed" in desk.text("connectProblem")
    assert not Path(str(desk.db) + ".link").exists()


def test_the_light_shows_an_error_in_its_own_colour_and_words(desk: Desk) -> None:
    from referee_desk.venue.link import COLOURS, LinkLight

    from referee_app.venue.model import LinkReport, LinkStatus

    light = LinkLight()
    light.show_report(LinkReport(LinkStatus.ERROR, error="permission denied for table events"))
    assert "Event: error, retrying: permission denied for table events" in light.text()
    assert COLOURS[LinkStatus.ERROR] in light.text() and len(set(COLOURS.values())) == len(COLOURS)


def test_an_uncaught_error_on_any_thread_is_logged_and_shown(
    desk: Desk, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    import threading

    from referee_desk.notices import install_excepthooks

    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    monkeypatch.setattr(threading, "excepthook", threading.excepthook)
    install_excepthooks(desk.window.controller.notices)

    def boom() -> None:
        raise RuntimeError("the disk said no\nand more detail")

    thread = threading.Thread(target=boom)
    thread.start()
    thread.join()
    desk.qtbot.waitUntil(lambda: "Something went wrong: the disk said no (see the log)." in desk.text("startNotice"))
    assert any(r.exc_info and "uncaught" in r.getMessage() for r in caplog.records)


def test_the_board_window_adds_a_table_and_shows_the_fingerprint(qtbot: Any, event_server: Cluster) -> None:
    from referee_desk.venue.board_window import BoardWindow

    window = BoardWindow(event_server.organizer_conninfo(), "", event_server.fingerprint(), "192.0.2.2:5433")
    qtbot.addWidget(window)
    assert event_server.fingerprint() in window.pin.text() and "192.0.2.2:5433" in window.pin.text()
    key = window.add_table("Show court")
    assert key and f"Table Show court's key: {key}" in window.notice.text()
    with psycopg.connect(event_server.organizer_conninfo()) as conn:
        from referee_app.venue import db

        assert "Show court" in db.tables(conn)
    window.show_view(BoardView(0, (), ServerState.ERROR, "permission denied for table heads"))
    assert window.status.text() == "Event server: error, retrying: permission denied for table heads"

"""The organizer's window restarts (a crash, a reboot): the players' page and the link to the event
server come back by themselves, on the same port and folder, or a banner says they did not and why."""

from __future__ import annotations

import socket
import urllib.request
from pathlib import Path
from typing import Any

import psycopg
import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QFileDialog
from referee_desk.tournament.window import TournamentWindow

from referee_app.log.store import Store
from referee_app.tournament.model import MatchStatus
from referee_app.venue import db
from referee_app.venue.server import Cluster
from tests.conftest import free_port
from tests.gui.tournament.test_storage import _organizer
from tests.tournament.test_live import Desk

pytestmark = pytest.mark.slow  # the throwaway PostgreSQL cluster


def _window(qtbot: Any, tmp_path: Path) -> Any:
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = TournamentWindow(store=Store(tmp_path / "org.db"), settings=settings)
    return _organizer(qtbot, window, tmp_path)


def _page(url: str) -> int:
    with urllib.request.urlopen(url, timeout=5) as answer:
        return int(answer.status)


def test_the_page_and_the_event_server_come_back_after_the_window_restarts(
    qtbot: Any, tmp_path: Path, event_server: Cluster, monkeypatch: Any
) -> None:
    organizer = _window(qtbot, tmp_path)
    organizer.drawn(4, tables="1")
    window = organizer.window
    port = free_port()
    organizer.key("Ctrl+5")
    window.queue_page.web_port.setValue(port)
    organizer.key("Ctrl+Shift+B")
    assert window.queue_page.connections.site is not None
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *a, **k: str(event_server.folder))
    organizer.key("Ctrl+Shift+E")
    assert window.queue_page.connections.live is not None

    def sent() -> list[Any]:
        with psycopg.connect(event_server.organizer_conninfo()) as conn:
            return list(db.assignments(conn, "1"))

    qtbot.waitUntil(lambda: len(sent()) == 1, timeout=10000)
    window.close()  # as a crash would: nothing was stopped by the organizer
    assert window.queue_page.connections.site is None

    desk = Desk(event_server, tmp_path / "desk1", "1")  # meanwhile table 1 plays the match it was sent
    assignment = desk.next_assignment()
    assert assignment is not None
    desk.play(desk.start(assignment), race=assignment.race_to)
    desk.push()

    again = _window(qtbot, tmp_path).window
    connections = again.queue_page.connections
    assert connections.site is not None and connections.live is not None
    assert again.queue_page.web_port.value() == port
    assert _page(f"http://127.0.0.1:{port}/bracket") == 200
    assert "Back as you left them" in again.notice.text()
    assert str(event_server.folder.resolve()) in again.queue_page.live_status.text()
    t = again.session.tournament
    played = next(s for s in t.slots.values() if s.status is MatchStatus.PLAYING and s.table == 1)
    qtbot.waitUntil(lambda: again.session.tournament.slots[played.spec.id].status is MatchStatus.DONE, timeout=10000)
    qtbot.waitUntil(lambda: len(sent()) == 2, timeout=10000)  # the bracket moves on with nobody pressing a key

    organizer.window = again
    organizer.key("Ctrl+Shift+B")  # stopped and left by the organizer: not back at the next start
    organizer.key("Ctrl+Shift+E")
    again.close()
    third = _window(qtbot, tmp_path).window
    assert third.queue_page.connections.site is None and third.queue_page.connections.live is None
    third.close()


def test_a_page_that_cannot_come_back_is_said_with_why(qtbot: Any, tmp_path: Path) -> None:
    organizer = _window(qtbot, tmp_path)
    organizer.drawn(4)
    window = organizer.window
    port = free_port()
    organizer.key("Ctrl+5")
    window.queue_page.web_port.setValue(port)
    organizer.key("Ctrl+Shift+B")
    assert window.queue_page.connections.site is not None
    window.close()
    with socket.socket() as taken:  # another program took the port while the window was closed
        taken.bind(("127.0.0.1", port))
        taken.listen()
        again = _window(qtbot, tmp_path).window
        assert again.queue_page.connections.site is None
        text = again.notice.text()
        assert f"The players' web page was on (port {port}) but did not come back" in text
        assert "[Ctrl+Shift+B]" in text
        again.close()

"""A connected desk calls the players of the match sent to its table: the minutes since the call, who
is not at the table yet, and its referee marks each present with a key (Ctrl+1, Ctrl+2) or a click; the
mark reaches the event server, whence the organizer's laptop stops that player's clock."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import psycopg
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from referee_app.cli.main import main as cli
from referee_app.venue import db
from referee_app.venue.server import Cluster
from tests.conftest import table_link
from tests.gui.conftest import Desk

pytestmark = pytest.mark.slow  # against the throwaway PostgreSQL cluster


def marked(server: Any) -> dict[str, list[str]]:
    with psycopg.connect(server.organizer_conninfo(), autocommit=True) as conn:
        return {a: list(players) for a, players in db.arrivals(conn).items()}


def test_the_desk_shows_the_call_and_its_referee_marks_the_players_present(desk: Desk, event_server: Cluster) -> None:
    assert cli(["assign", "--server", str(event_server.folder), "--table", "3", "--players", "Ana Lopez",
                "Ben Novak", "--race", "7", "--event", "Open de Lyon"]) == 0  # fmt: skip
    link = desk.window.link()
    link.connect_to(table_link(event_server, "3"))
    desk.qtbot.waitUntil(lambda: link.next_assignment is not None, timeout=15000)
    panel = desk.window.call_panel
    desk.qtbot.waitUntil(panel.isVisible, timeout=5000)
    sent_at = link.next_assignment.sent_at  # type: ignore[union-attr]
    assert sent_at is not None
    panel.now = lambda: sent_at + timedelta(minutes=7, seconds=20)  # the desk's clock, moved on
    panel.refresh()
    text = desk.widget("deskCallText")
    assert isinstance(text, QLabel)
    local = sent_at.astimezone().strftime("%H:%M")
    assert text.text() == f"Called at {local} (7 min) · not at the table: Ana Lopez, Ben Novak"
    assert desk.text("deskHereA") == "Ana Lopez is here [Ctrl+1]"
    assert desk.text("deskHereB") == "Ben Novak is here [Ctrl+2]"
    desk.window.activateWindow()
    desk.qtbot.keyClick(desk.window, Qt.Key.Key_1, Qt.KeyboardModifier.ControlModifier)
    assert not desk.widget("deskHereA").isVisible()  # at once, before the server answers
    assert text.text().endswith("not at the table: Ben Novak")
    assignment = link.next_assignment
    assert assignment is not None
    desk.qtbot.waitUntil(lambda: marked(event_server) == {assignment.id: ["Ana Lopez"]}, timeout=15000)
    desk.qtbot.waitUntil(lambda: link.next_assignment is not None and link.next_assignment.here == ("Ana Lopez",),
                         timeout=15000)  # fmt: skip
    assert not desk.widget("deskHereA").isVisible() and desk.widget("deskHereB").isVisible()
    desk.click("deskHereB")
    assert not panel.isVisible()  # both at the table: the call is over
    desk.qtbot.waitUntil(lambda: sorted(marked(event_server)[assignment.id]) == ["Ana Lopez", "Ben Novak"],
                         timeout=15000)  # fmt: skip
    desk.qtbot.wait(300)
    assert not panel.isVisible()
    link.stop()

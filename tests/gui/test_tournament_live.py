"""The tournament window connected to the event server: the matches on tables reach the desks and
a desk's finished match comes back as its result by itself, off the window's thread."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import psycopg
from PySide6.QtWidgets import QFileDialog

from referee_app.tournament.model import MatchStatus
from referee_app.venue import db
from tests.gui.test_tournament_window import Organizer
from tests.tournament.test_live import Desk


def test_the_window_sends_the_queue_to_the_desks_and_takes_their_results(
    qtbot: Any, tmp_path: Path, event_server: Any, monkeypatch: Any
) -> None:
    organizer = Organizer(qtbot, tmp_path)
    organizer.drawn(4, tables="1")
    window = organizer.window
    desk = Desk(event_server, tmp_path / "desk1", "1")
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *a, **k: str(event_server.folder))
    organizer.key("Ctrl+Shift+E")
    assert window.live is not None

    def sent() -> list[Any]:
        with psycopg.connect(event_server.organizer_conninfo()) as conn:
            return list(db.assignments(conn, "1"))

    qtbot.waitUntil(lambda: len(sent()) == 1, timeout=10000)
    assignment = desk.next_assignment()
    assert assignment is not None and assignment.event == "Open de Lyon" and assignment.round == "Winners' round 1"
    playing = next(s for s in window.model.tournament.slots.values() if s.status is MatchStatus.PLAYING)
    assert (playing.a, playing.b) == assignment.players
    desk.play(desk.start(assignment), race=assignment.race_to)
    desk.push()
    qtbot.waitUntil(lambda: window.model.tournament.slots[playing.spec.id].status is MatchStatus.DONE, timeout=10000)
    qtbot.waitUntil(lambda: "(from the desk)" in organizer.notice(), timeout=5000)
    qtbot.waitUntil(lambda: len(sent()) == 2, timeout=10000)  # the table is free: the next match went to it
    assert "Event server" in window.live_status.text()
    organizer.key("Ctrl+Shift+E")  # leave
    assert window.live is None

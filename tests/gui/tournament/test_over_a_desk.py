"""A result typed for a match that a desk is recording: the organizer is asked first (No by
default), and once it is recorded the desk is told that its match was decided."""

from __future__ import annotations

import re
from typing import Any

import psycopg
import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox

from referee_app.tournament.model import MatchStatus
from referee_app.venue import db
from referee_app.venue.server import Cluster
from tests.conftest import table_link
from tests.gui.conftest import Desk
from tests.gui.tournament.test_window import Organizer

pytestmark = pytest.mark.slow  # the throwaway PostgreSQL cluster

DECIDED = "The organizer entered the result of this match by hand"


def test_a_result_over_a_desk_is_asked_first_and_the_desk_is_told(
    qtbot: Any, desk: Desk, tmp_path: Any, event_server: Cluster, monkeypatch: Any
) -> None:
    organizer = Organizer(qtbot, tmp_path)
    organizer.drawn(4, tables="1")
    window = organizer.window
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *a, **k: str(event_server.folder))
    organizer.key("Ctrl+Shift+E")

    def held() -> list[Any]:
        with psycopg.connect(event_server.organizer_conninfo()) as conn:
            return list(db.assignments(conn, "1"))

    qtbot.waitUntil(lambda: len(held()) == 1, timeout=10000)
    link = desk.window.link()
    link.connect_to(table_link(event_server, "1"))
    qtbot.waitUntil(lambda: link.next_assignment is not None, timeout=15000)
    assert link.start_next()
    desk.click("lagWonA")  # the desk is recording: 0-0 after the lag
    playing = next(s for s in window.session.tournament.slots.values() if s.status is MatchStatus.PLAYING)
    qtbot.waitUntil(lambda: "0-0" in str(window.recording(playing.spec.id)), timeout=15000)  # the desk's report

    organizer.key("Ctrl+4")
    assert window.results_page.pick_match(playing.spec.id)
    window.results_page.record_result()
    question = window.dialog
    assert isinstance(question, QMessageBox) and question.isVisible()
    text = question.text()
    assert re.search(r"Table 1 is recording this match \(.* 0-0 .* since \d\d:\d\d\)", text), text
    assert question.defaultButton().objectName() == "confirmNo"
    organizer.click("confirmNo")
    assert window.session.tournament.slots[playing.spec.id].status is MatchStatus.PLAYING  # nothing recorded
    assert "the desk plays on" in organizer.notice()

    window.results_page.record_result()
    organizer.click("confirmYes")
    assert window.session.tournament.slots[playing.spec.id].status is MatchStatus.DONE
    qtbot.waitUntil(lambda: playing.spec.id not in {a.id.split(".")[-2] for a in held()}, timeout=15000)
    qtbot.waitUntil(lambda: DECIDED in desk.text("notice"), timeout=15000)  # the desk says so
    link.stop()
    organizer.key("Ctrl+Shift+E")


def test_a_result_for_a_match_no_desk_records_is_not_asked(qtbot: Any, tmp_path: Any) -> None:
    organizer = Organizer(qtbot, tmp_path)
    organizer.drawn(4, tables="1")
    window = organizer.window
    playing = next(s for s in window.session.tournament.slots.values() if s.status is MatchStatus.PLAYING)
    organizer.key("Ctrl+4")
    assert window.results_page.pick_match(playing.spec.id)
    window.results_page.record_result()
    assert window.dialog is None
    assert window.session.tournament.slots[playing.spec.id].status is MatchStatus.DONE


def test_a_result_for_a_match_sent_to_a_desk_not_yet_started_is_asked_first(
    qtbot: Any, tmp_path: Any, event_server: Cluster, monkeypatch: Any
) -> None:
    organizer = Organizer(qtbot, tmp_path)
    organizer.drawn(4, tables="1")
    window = organizer.window
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *a, **k: str(event_server.folder))
    organizer.key("Ctrl+Shift+E")
    playing = next(s for s in window.session.tournament.slots.values() if s.status is MatchStatus.PLAYING)
    qtbot.waitUntil(lambda: window.recording(playing.spec.id) is not None, timeout=15000)  # sent, no desk yet

    organizer.key("Ctrl+4")
    assert window.results_page.pick_match(playing.spec.id)
    window.results_page.record_result()
    question = window.dialog
    assert isinstance(question, QMessageBox) and question.isVisible()
    assert "Table 1 is recording this match (sent to its desk, not started yet)" in question.text()
    organizer.click("confirmNo")
    assert window.session.tournament.slots[playing.spec.id].status is MatchStatus.PLAYING  # nothing recorded
    organizer.key("Ctrl+Shift+E")

"""The tournament window connected to the event server: the matches on tables reach the desks and
a desk's finished match comes back as its result by itself, off the window's thread."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import psycopg
import pytest
from PySide6.QtWidgets import QFileDialog

from referee_app.tournament.model import MatchStatus
from referee_app.venue import db
from referee_app.venue.server import Cluster
from tests.gui.tournament.test_window import Organizer
from tests.tournament.test_live import Desk

pytestmark = pytest.mark.slow  # the throwaway PostgreSQL cluster


def test_the_window_sends_the_queue_to_the_desks_and_takes_their_results(
    qtbot: Any, tmp_path: Path, event_server: Cluster, monkeypatch: Any
) -> None:
    organizer = Organizer(qtbot, tmp_path)
    organizer.drawn(4, tables="1")
    window = organizer.window
    desk = Desk(event_server, tmp_path / "desk1", "1")
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *a, **k: str(event_server.folder))
    organizer.key("Ctrl+Shift+E")
    assert window.queue_page.connections.live is not None

    def sent() -> list[Any]:
        with psycopg.connect(event_server.organizer_conninfo()) as conn:
            return list(db.assignments(conn, "1"))

    qtbot.waitUntil(lambda: len(sent()) == 1, timeout=10000)
    assignment = desk.next_assignment()
    assert assignment is not None and assignment.event == "Open de Lyon" and assignment.round == "Winners' round 1"
    playing = next(s for s in window.session.tournament.slots.values() if s.status is MatchStatus.PLAYING)
    assert (playing.a, playing.b) == assignment.players
    desk.play(desk.start(assignment), race=assignment.race_to)
    desk.push()
    qtbot.waitUntil(lambda: window.session.tournament.slots[playing.spec.id].status is MatchStatus.DONE, timeout=10000)
    qtbot.waitUntil(lambda: "(from the desk)" in organizer.notice(), timeout=5000)
    qtbot.waitUntil(lambda: len(sent()) == 2, timeout=10000)  # the table is free: the next match went to it
    assert "Event server" in window.queue_page.live_status.text()
    organizer.key("Ctrl+Shift+E")  # leave
    assert window.queue_page.connections.live is None


def test_the_matches_pages_merge_completes_the_tournaments_match(desk: Any, tmp_path: Path, monkeypatch: Any) -> None:
    """A desk's database brought on a stick: the Matches page's merge completes the bracket match it played."""
    from referee_app.event import operations
    from referee_app.game.events import MatchStarted
    from referee_app.log.session import Session
    from referee_app.log.store import Store
    from referee_app.tournament.events import AssignmentSent
    from referee_app.tournament.model import Format, Options
    from tests.builders import decode, ev
    from tests.tournament.test_live import rack

    store = desk.window.controller.store
    tid = operations.new_tournament(store, "Open de Lyon", Options(Format.SE, race=2))
    operations.add_entries(store, tid, "name\nAna\nBen\nCarl\nDora\n")
    operations.draw(store, tid, 3)
    operations.set_tables(store, tid, "1")
    slot = next(s for s in operations.open_tournament(store, tid).state.tournament.slots.values() if s.table == 1)
    assert slot.a is not None and slot.b is not None
    operations.record(store, tid, [AssignmentSent(slot.spec.id, 1, "asg-1", (slot.a, slot.b))])
    stick = Store(tmp_path / "table1.db")
    session = Session.start(stick, MatchStarted(players=(slot.b, slot.a), race_to=2, table="1", assignment="asg-1"))
    for obj in [ev("lag", winner="A"), *rack(breaker_wins=True), *rack(breaker_wins=False)]:
        session.record(decode(obj))
    stick.close()
    monkeypatch.setattr(desk.window.matches, "choose_databases", lambda: [tmp_path / "table1.db"])
    desk.merge()
    desk.qtbot.waitUntil(lambda: "(from the desk)" in desk.text("startNotice"), timeout=5000)
    assert f"Open de Lyon: {slot.spec.id}: {slot.b} wins 2-0 on table 1 (from the desk)" in desk.text("startNotice")
    done = operations.open_tournament(store, tid).state.tournament.slots[slot.spec.id]
    assert (done.winner, done.outcome and done.outcome.score) == (slot.b, (0, 2))


def test_the_window_connected_to_the_event_sends_its_phone_tables_matches_to_the_board(
    qtbot: Any, tmp_path: Path, event_server: Cluster, monkeypatch: Any
) -> None:
    """The window's database holds the phone matches (its pages or `tournament serve` write them):
    connected to the event server, the window pushes them there, marked as the organizer's own."""
    from referee_desk.tournament.window import TournamentWindow

    from referee_app.event.phone_api import PhoneTables
    from referee_app.log.store import Store
    from tests.tournament.test_phones_on_the_event import phone_venue, tap

    path = tmp_path / "organizer.db"
    tid, keys = phone_venue(path, 4, "1-2", "2")
    window = TournamentWindow(store=Store(path))
    qtbot.addWidget(window)
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *a, **k: str(event_server.folder))
    connections = window.queue_page.connections
    connections.connect_live(event_server.folder)
    assert connections.pusher is not None
    api = PhoneTables(path, tid)
    try:
        match_id = tap(api, keys[2], 2, "t1", {"type": "lag", "winner": "A"})["match_id"]
    finally:
        api.close()

    def pushed() -> dict[str, Any]:
        with psycopg.connect(event_server.organizer_conninfo()) as conn:
            return {h.match_id: h for h in db.heads(conn)}

    qtbot.waitUntil(lambda: match_id in pushed() and pushed()[match_id].seq == 2, timeout=10000)
    assert pushed()[match_id].from_organizer
    connections.stop_live()
    assert connections.pusher is None

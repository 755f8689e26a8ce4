"""A connected desk scoring racks (spec 1.3 §2a): New match → Racks only with the table's assigned
players takes over the assignment, and its racks reach the event's board as a shot-scored desk's
strokes do, through a real PostgreSQL."""

from __future__ import annotations

from contextlib import closing

import psycopg
import pytest
from PySide6.QtWidgets import QApplication, QComboBox, QLineEdit, QWidget

from referee_app.cli.main import main as cli
from referee_app.game.vocab import Scoring
from referee_app.venue import db
from referee_app.venue.server import Cluster
from tests.conftest import table_link
from tests.gui.conftest import Desk
from tests.gui.venue.test_event_day import _board

pytestmark = pytest.mark.slow  # every test here runs against the throwaway PostgreSQL cluster


def test_a_connected_desk_scores_racks_and_the_board_follows(desk: Desk, event_server: Cluster) -> None:
    assert cli(["assign", "--server", str(event_server.folder), "--table", "6", "--players", "Ana Lopez",
                "Ben Novak", "--race", "2", "--event", "Open"]) == 0  # fmt: skip
    desk.window.link().connect_to(table_link(event_server, "6"))
    label = desk.widget("nextMatch")
    desk.qtbot.waitUntil(lambda: label.isVisible(), timeout=15000)
    desk.window.new_match()
    dialog = QApplication.activeModalWidget()
    assert dialog is not None and dialog.objectName() == "newMatchDialog"
    dialog.findChild(QLineEdit, "newPlayerA").setText("Ana Lopez")
    dialog.findChild(QLineEdit, "newPlayerB").setText("Ben Novak")
    dialog.findChild(QWidget, "newRaceTo").setValue(2)  # type: ignore[union-attr]
    scoring = dialog.findChild(QComboBox, "newScoring")
    scoring.setCurrentIndex(scoring.findData("racks"))
    desk.click("newMatchButtonsOk")
    setup = desk.session.setup
    with psycopg.connect(event_server.organizer_conninfo()) as conn:
        (assignment,) = db.assignments(conn)
    assert setup.assignment == assignment.id and setup.scoring is Scoring.RACKS
    desk.click("lagWonB")
    desk.click("rackWonA")
    desk.look()
    desk.click("rackWonA")
    assert desk.state.finished
    desk.click("signA")
    desk.click("signB")

    def signed_on_the_board() -> bool:
        followed = _board(event_server).matches.get(setup.match_id)
        return followed is not None and followed.history.state.signed == (True, True)

    desk.qtbot.waitUntil(signed_on_the_board, timeout=20000)
    state = _board(event_server).matches[setup.match_id].history.state
    assert state.finished and (state.score.a, state.score.b) == (2, 0) and state.by_racks
    desk.window.link().stop()


def test_a_desk_with_no_referee_starts_the_organizers_match_by_racks(desk: Desk, event_server: Cluster) -> None:
    assert cli(["assign", "--server", str(event_server.folder), "--table", "7", "--players", "Léa Girard",
                "Tom Weber", "--race", "3", "--shot-clock", "30"]) == 0  # fmt: skip
    desk.window.act_by_racks.trigger()  # Event > No referee at this table
    assert desk.window.act_by_racks.isChecked() and desk.settings.value("event/by_racks") in (True, "true")
    desk.window.link().connect_to(table_link(event_server, "7"))
    label = desk.widget("nextMatch")
    desk.qtbot.waitUntil(lambda: label.isVisible(), timeout=15000)
    desk.window.start_next_match()
    assert QApplication.activeModalWidget() is None  # no referee to ask for
    setup = desk.session.setup
    assert setup.scoring is Scoring.RACKS and setup.shot_clock is None and setup.players == ("Léa Girard", "Tom Weber")
    with psycopg.connect(event_server.organizer_conninfo()) as conn:
        (assignment,) = db.assignments(conn)
    assert setup.assignment == assignment.id
    desk.click("lagWonA")
    assert desk.page.panels.currentWidget() is desk.page.rack_panel
    desk.window.link().stop()


def test_a_match_the_organizer_sends_by_racks_opens_by_racks_without_the_referee_choosing_it(
    desk: Desk, event_server: Cluster
) -> None:
    """`assign --scoring racks` (a table with no referee, as the tournament sends to its rack tables):
    the desk's one key opens it scored by racks, with no referee asked and no clock, though this
    desk's "No referee at this table" is off."""
    assert cli(["assign", "--server", str(event_server.folder), "--table", "8", "--players", "Eva Martin",
                "Hugo Lambert", "--race", "2", "--scoring", "racks"]) == 0  # fmt: skip
    assert not desk.window.act_by_racks.isChecked()
    desk.window.link().connect_to(table_link(event_server, "8"))
    label = desk.widget("nextMatch")
    desk.qtbot.waitUntil(lambda: label.isVisible(), timeout=15000)
    desk.window.start_next_match()
    assert QApplication.activeModalWidget() is None  # no referee to ask for
    setup = desk.session.setup
    assert (setup.scoring, setup.shot_clock, setup.players) == (Scoring.RACKS, None, ("Eva Martin", "Hugo Lambert"))
    with psycopg.connect(event_server.organizer_conninfo()) as conn:
        (assignment,) = db.assignments(conn)
    assert assignment.scoring is Scoring.RACKS and setup.assignment == assignment.id
    desk.click("lagWonA")
    assert desk.page.panels.currentWidget() is desk.page.rack_panel
    desk.window.link().stop()


def test_a_desk_scoring_racks_whose_server_dies_mid_match_says_so_and_keeps_going(
    desk: Desk, event_server: Cluster
) -> None:
    """The event server killed (as a crash leaves it) in the middle of a match scored by racks: the
    referee is told in words, the racks and both signatures are recorded on the desk all the same,
    and they reach the board, once, when the server is back."""
    from referee_app.log.store import Store
    from tests.gui.venue.test_link_notices import BACK, GONE

    assert cli(["assign", "--server", str(event_server.folder), "--table", "9", "--players", "Ana Lopez",
                "Ben Novak", "--race", "2", "--scoring", "racks"]) == 0  # fmt: skip
    desk.window.link().connect_to(table_link(event_server, "9"))
    label, light = desk.widget("nextMatch"), desk.widget("eventLight")
    desk.qtbot.waitUntil(lambda: label.isVisible(), timeout=15000)
    desk.window.start_next_match()
    setup = desk.session.setup
    assert setup.scoring is Scoring.RACKS
    desk.click("lagWonA")
    desk.click("rackWonA")

    def on_the_board(seq: int) -> bool:
        followed = _board(event_server).matches.get(setup.match_id)
        return followed is not None and len(followed.history.entries) == seq

    desk.qtbot.waitUntil(lambda: on_the_board(3), timeout=15000)  # match_started, lag, rack
    event_server.stop(immediate=True)
    desk.click("rackWonB")  # the referee goes on, the desk records
    desk.qtbot.waitUntil(lambda: desk.text("notice") == GONE, timeout=15000)
    desk.click("rackWonA")
    assert desk.state.finished and (desk.state.score.a, desk.state.score.b) == (2, 1)
    desk.click("signA")
    desk.click("signB")
    desk.qtbot.waitUntil(lambda: "offline (4 events to send)" in light.text(), timeout=15000)  # type: ignore[attr-defined]
    assert desk.state.signed == (True, True)
    event_server.start()
    desk.qtbot.waitUntil(lambda: desk.text("notice") == BACK, timeout=15000)
    desk.qtbot.waitUntil(lambda: "Event: connected" in light.text(), timeout=15000)  # type: ignore[attr-defined]
    state = _board(event_server).matches[setup.match_id].history.state
    assert state.signed == (True, True) and (state.score.a, state.score.b) == (2, 1)
    with psycopg.connect(event_server.organizer_conninfo()) as conn:
        held = [(row.seq, row.hash) for row in db.all_events(conn) if row.match_id == setup.match_id]
    with closing(Store.open_readonly(desk.db)) as store:
        assert held == [(row.seq, row.hash) for row in store.rows_after(setup.match_id, 0)]  # once, as written
    desk.window.link().stop()


def test_a_desk_with_no_referee_starts_its_next_match_while_the_server_is_gone(
    desk: Desk, event_server: Cluster
) -> None:
    """The match the organizer sent is started with the desk's one key though the server is gone
    (the desk remembers it), played by racks and signed; back, the server links it to its assignment."""
    assert cli(["assign", "--server", str(event_server.folder), "--table", "10", "--players", "Eva Martin",
                "Hugo Lambert", "--race", "2", "--scoring", "racks"]) == 0  # fmt: skip
    with psycopg.connect(event_server.organizer_conninfo()) as conn:
        (assignment,) = db.assignments(conn)
    desk.window.link().connect_to(table_link(event_server, "10"))
    label, light = desk.widget("nextMatch"), desk.widget("eventLight")
    desk.qtbot.waitUntil(lambda: label.isVisible(), timeout=15000)
    event_server.stop(immediate=True)
    assert label.isVisible()  # the next match is still offered
    desk.window.start_next_match()
    setup = desk.session.setup
    assert (setup.assignment, setup.scoring) == (assignment.id, Scoring.RACKS)
    assert setup.players == ("Eva Martin", "Hugo Lambert")
    for name in ("lagWonB", "rackWonA", "rackWonA", "signA", "signB"):
        desk.click(name)
    assert desk.state.finished and desk.state.signed == (True, True)
    desk.qtbot.waitUntil(lambda: "Event: offline (6 events to send)" in light.text(), timeout=15000)  # type: ignore[attr-defined]
    event_server.start()
    desk.qtbot.waitUntil(lambda: "Event: connected" in light.text(), timeout=15000)  # type: ignore[attr-defined]
    with psycopg.connect(event_server.organizer_conninfo()) as conn:
        (started,) = db.assignments(conn)
    assert started.started_match == setup.match_id
    assert _board(event_server).matches[setup.match_id].history.state.signed == (True, True)
    desk.window.link().stop()

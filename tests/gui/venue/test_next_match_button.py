"""At the end of a match on a connected desk, the big button starts the match the organizer sent
to this table; a match typed by hand with a name without its accents is still that match."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from referee_desk.window import referee_setting

from referee_app.cli.main import main as cli
from referee_app.game.events import MatchStarted
from referee_app.venue.server import Cluster
from tests.conftest import table_link
from tests.gui.conftest import Desk

pytestmark = pytest.mark.slow  # the throwaway PostgreSQL cluster


def _assign(server: Any, table: str) -> None:
    assert cli(["assign", "--server", str(server.folder), "--table", table, "--players", "Éva Martin",
                "Jérôme Lefèvre", "--race", "7", "--event", "Open de Lyon", "--round", "Final"]) == 0  # fmt: skip


def test_the_finished_matchs_big_button_starts_the_match_sent_to_this_table(desk: Desk, event_server: Cluster) -> None:
    _assign(event_server, "2")
    desk.settings.setValue(referee_setting(desk.db), "René Colin")
    # a second desk on this computer (another database) has its own referee: never this table's
    desk.settings.setValue(referee_setting(desk.tmp_path / "table-9.db"), "Sophie Leclerc")
    desk.start(race_to=1)
    link = desk.window.link()
    link.connect_to(table_link(event_server, "2"))
    desk.qtbot.waitUntil(lambda: link.next_assignment is not None, timeout=15000)
    desk.click("lagWonA")
    desk.look()
    desk.run_rack()
    assert desk.state.over and desk.widget("finishedPanel").isVisible()
    big = desk.button("finishedNewMatch")
    desk.qtbot.waitUntil(lambda: big.text() == "Next match: Éva Martin v Jérôme Lefèvre [N]", timeout=5000)
    assignment = link.next_assignment
    assert assignment is not None
    desk.click("finishedNewMatch")
    setup = desk.session.setup
    assert (setup.players, setup.race_to, setup.round, setup.event, setup.table, setup.referee) == (
        ("Éva Martin", "Jérôme Lefèvre"), 7, "Final", "Open de Lyon", "2", "René Colin")  # fmt: skip
    assert setup.assignment == assignment.id
    assert desk.widget("lagPanel").isVisible()  # the new match, at its lag: no blank form
    link.stop()


def test_a_name_typed_without_its_accent_is_still_the_player_sent(desk: Desk, event_server: Cluster) -> None:
    _assign(event_server, "4")
    link = desk.window.link()
    link.connect_to(table_link(event_server, "4"))
    desk.qtbot.waitUntil(lambda: link.next_assignment is not None, timeout=15000)
    assignment = link.next_assignment
    assert assignment is not None
    desk.window._create(MatchStarted(players=("jerome LEFEVRE", "Eva  Martin"), race_to=7))  # the form's OK
    setup = desk.session.setup
    assert setup.assignment == assignment.id and setup.table == "4"
    assert setup.players == ("jerome LEFEVRE", "Eva  Martin")  # as typed: the sheet says what the referee wrote
    link.stop()


def test_the_referees_name_is_kept_per_desk_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert referee_setting(Path("table-1.db")) == referee_setting(tmp_path / "table-1.db")  # one file, one key
    assert referee_setting(tmp_path / "table-1.db") != referee_setting(tmp_path / "table-2.db")

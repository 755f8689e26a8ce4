"""Demo matches never enter a real database, nor the event a desk is connected to."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest
from referee_desk.desk.controller import DeskController
from referee_desk.window import DeskWindow

from referee_app.cli.main import main as cli
from referee_app.game.events import MatchStarted
from referee_app.log.session import Session
from referee_app.log.store import Store
from referee_app.organizer.demo import load_demo, seed_logs
from referee_app.venue.pusher import LinkFile, is_demo
from referee_app.venue.server import Cluster
from tests.conftest import table_link
from tests.gui.conftest import Desk

pytestmark = pytest.mark.slow  # the throwaway PostgreSQL cluster


def test_ctrl_d_on_a_real_database_opens_the_demo_desk_instead(desk: Desk, no_demo_desk: list[bool]) -> None:
    launched = no_demo_desk
    desk.start()
    desk.window.show_start()
    QTest.keyClick(desk.window, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    assert launched == [True]
    assert [row.player_a for row in Store(desk.db).match_rows()] == ["Ana"]  # no demo match in it
    assert "demo" in desk.window.matches.notice.text()


def test_ctrl_d_on_the_demo_database_loads_the_demo_matches(qtbot: Any, tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setattr(DeskWindow, "demo_launcher", staticmethod(lambda: False))
    window = DeskWindow(DeskController(Store(tmp_path / "demo.db")), QSettings(str(tmp_path / "s.ini")))
    qtbot.addWidget(window)
    window.load_demo()
    assert len(Store(tmp_path / "demo.db").match_rows()) == len(seed_logs())


def test_a_connected_desk_never_pushes_a_demo_match(event_server: Cluster, tmp_path: Path) -> None:
    db = tmp_path / "desk.db"
    store = Store(db)
    demo_ids = load_demo(store)  # a database an older desk filled with the demo matches
    assert all(is_demo(m) for m in demo_ids)
    real = Session.start(store, MatchStarted(players=("Ana", "Ben"), race_to=3, table="3"))
    LinkFile(db).save(table_link(event_server, "3"))
    assert cli(["push", "--db", str(db)]) == 0
    import psycopg

    with psycopg.connect(event_server.organizer_conninfo()) as conn:
        on_server = {row[0] for row in conn.execute("SELECT DISTINCT match_id FROM events")}
    assert on_server == {real.match_id}

"""The event database carries its schema version; a desk, the board's tools and `pull` say in a
sentence when the server and this referee-app disagree, instead of failing on a missing column."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import psycopg
import pytest

from referee_app.cli.main import main as cli
from referee_app.log.store import Store
from referee_app.venue.schema import SCHEMA_VERSION
from referee_app.venue.server import Cluster
from tests.venue.test_live_event import connect_desk, start_match

pytestmark = pytest.mark.slow  # every test here runs against the throwaway PostgreSQL cluster


def _set_version(cluster: Any, version: int) -> None:
    with psycopg.connect(cluster.organizer_conninfo(), autocommit=True) as conn:
        conn.execute("UPDATE event_info SET schema_version = %s", (version,))


@pytest.mark.parametrize(
    ("version", "said"),
    [(SCHEMA_VERSION - 1, "from an older referee-app: update it"), (SCHEMA_VERSION + 1, "from a newer referee-app")],
)
def test_a_server_of_another_version_is_named_in_a_sentence(
    event_server: Cluster, tmp_path: Path, capsys: pytest.CaptureFixture[str], version: int, said: str
) -> None:
    db = tmp_path / "desk.db"
    start_match(Store(db), "1")
    connect_desk(event_server, db, "1")
    _set_version(event_server, version)
    try:
        capsys.readouterr()
        assert cli(["push", "--db", str(db)]) == 1
        assert said in capsys.readouterr().err
        folder = str(event_server.folder)
        assert cli(["assign", "--server", folder, "--table", "1", "--players", "A", "B", "--race", "3"]) == 1
        assert said in capsys.readouterr().err
        assert cli(["pull", "--server", folder, "--db", str(tmp_path / "event.db")]) == 1
        assert said in capsys.readouterr().err
    finally:
        _set_version(event_server, SCHEMA_VERSION)


def test_a_server_made_before_versions_is_an_older_one(
    event_server: Cluster, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "desk.db"
    start_match(Store(db), "1")
    connect_desk(event_server, db, "1")
    with psycopg.connect(event_server.organizer_conninfo(), autocommit=True) as conn:
        conn.execute("ALTER TABLE event_info RENAME COLUMN schema_version TO later")
    try:
        capsys.readouterr()
        assert cli(["push", "--db", str(db)]) == 1
        assert "the event server is from an older referee-app: update it" in capsys.readouterr().err
    finally:
        with psycopg.connect(event_server.organizer_conninfo(), autocommit=True) as conn:
            conn.execute("ALTER TABLE event_info RENAME COLUMN later TO schema_version")

"""An event server made by an older referee-app is brought up to this one's version by
`event-server start`: a real v5 server, made by today's `create_schema` with the v5 layout (as
referee-app made it then), holding a desk's match and assignments, is migrated to the current
version with nothing lost; its desks then read only their own table's assignments, an
assignment carries its scoring, and the organizer's own matches are marked by the server."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest

from referee_app.cli.main import main as cli
from referee_app.game.vocab import Scoring
from referee_app.log.store import Store
from referee_app.venue import db
from referee_app.venue.board import BoardModel, refresh
from referee_app.venue.db import EventRow, EventVersionError
from referee_app.venue.model import Assignment, EventLink, TableKey
from referee_app.venue.schema import SCHEMA_VERSION
from tests.conftest import free_port, required
from tests.venue import schema_v5
from tests.venue.test_live_event import record, start_match

pytestmark = pytest.mark.slow  # a throwaway PostgreSQL cluster of its own


@pytest.fixture
def v5_server(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """A new event server whose database was made at version 5 (stopped after being made)."""
    from referee_app.venue import schema
    from referee_app.venue.server import Cluster, EventServerError, pg_binary

    try:
        pg_binary("initdb")
    except EventServerError:
        required("PostgreSQL (apt: postgresql)")
    base = Path(tempfile.mkdtemp(prefix="referee-v5-"))
    base.chmod(0o711)
    cluster = Cluster(base / "server")
    with monkeypatch.context() as old:
        old.setattr(schema, "SCHEMA", schema_v5.SCHEMA)
        old.setattr(db, "SCHEMA_VERSION", schema_v5.SCHEMA_VERSION)
        for attempt in range(5):  # a free port may be taken by another program meanwhile
            try:
                cluster.init(port=free_port())
                break
            except EventServerError as exc:
                if "is taken" not in str(exc) or attempt == 4:
                    raise
    try:
        yield cluster
    finally:
        cluster.stop()
        shutil.rmtree(base, ignore_errors=True)


def _key(conn: psycopg.Connection[Any], table: str) -> TableKey:
    secret = TableKey.new_secret()
    return TableKey.for_role(db.add_table(conn, table, secret), secret)


def test_a_v5_server_is_migrated_to_this_version_by_start_with_nothing_lost(
    v5_server: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cluster = v5_server
    cluster._start()  # as the old referee-app started it: no migration
    with psycopg.connect(cluster.organizer_conninfo(), autocommit=True) as conn:
        assert conn.execute("SELECT schema_version FROM event_info").fetchone() == (5,)
        with pytest.raises(EventVersionError, match="older referee-app"):
            db.server_id(conn)  # today's desks and board refuse it in a sentence
        keys = {table: _key(conn, table) for table in ("1", "2")}
        for n, table in enumerate(("1", "2")):  # the v5 columns only, as its organizer wrote them
            conn.execute(
                "INSERT INTO assignments (id, table_no, player_a, player_b, race_to, rules, break_order)"
                " VALUES (%s, %s, %s, %s, 5, 'wpa', 'alternate')",
                (f"a{n}", table, f"Ana {n}", f"Ben {n}"),
            )
    desk = Store(tmp_path / "desk.db")
    session = start_match(desk, "1")
    record(session, {"type": "lag", "winner": "A"})
    match_id = session.match_id
    own = start_match(desk, "3").match_id  # the organizer's own (a phone table's), pushed after the migration
    rows = [EventRow(match_id, *row) for row in desk.rows_after(match_id, 0)]
    link = EventLink("127.0.0.1", str(keys["1"]), "1", cluster.port)
    with psycopg.connect(link.conninfo(), autocommit=True) as conn:  # the v5 desk's push: the same inserts
        db.insert_events(conn, rows[:1])
        assert len(conn.execute("SELECT id FROM assignments").fetchall()) == 2  # v5: every table's
    cluster.stop()

    capsys.readouterr()
    assert cli(["event-server", "start", str(cluster.folder)]) == 0
    assert f"brought from version 5 to {SCHEMA_VERSION}" in capsys.readouterr().out
    assert cluster.start() == (SCHEMA_VERSION, SCHEMA_VERSION)  # once only

    with psycopg.connect(cluster.organizer_conninfo(), autocommit=True) as conn:
        db.server_id(conn)  # accepted now
        assert [(a.id, a.scoring) for a in db.assignments(conn)] == [("a0", Scoring.SHOTS), ("a1", Scoring.SHOTS)]
        db.insert_assignment(conn, Assignment("a2", "1", ("Cleo", "Dan"), 3, "wpa", "alternate", scoring=Scoring.RACKS))
        assert db.assignments(conn, "1")[-1].scoring is Scoring.RACKS
        held = {h.match_id: h for h in db.heads(conn)}
        assert (held[match_id].seq, held[match_id].from_organizer) == (1, False)
    with psycopg.connect(link.conninfo(), autocommit=True) as conn:
        assert {a.id for a in db.assignments(conn)} == {"a0", "a2"}  # v6: its own table's only
        back = db.insert_and_read_back(conn, rows[1:])  # the old match goes on where it stopped
        assert back == {row.seq: row.hash for row in rows[1:]}
        assert db.desk_state(conn, match_id, 0, 1) == (len(rows), {1: rows[0].hash})
    with psycopg.connect(cluster.organizer_conninfo(), autocommit=True) as conn:
        model = BoardModel()
        refresh(conn, model)
        assert [(e.seq, e.hash) for e in db.all_events(conn) if e.match_id == match_id] == [
            (r.seq, r.hash) for r in rows
        ]
        listening = psycopg.connect(cluster.organizer_conninfo(), autocommit=True)
        try:
            db.listen(listening)
            db.insert_events(conn, [EventRow(own, *row) for row in desk.rows_after(own, 0)], table="3")
            assert db.written(listening, 5.0) == {"events"}  # the notification names its table (as in v6)
        finally:
            listening.close()
        assert {h.match_id: h.from_organizer for h in db.heads(conn)} == {match_id: False, own: True}
    row = next(t for t in model.tables() if t.table == "1")
    assert row.match is not None and row.match.match_id == match_id and row.phones is False
    desk.close()


def test_a_server_too_old_to_migrate_is_said_in_a_sentence(v5_server: Any) -> None:
    cluster = v5_server
    cluster._start()
    with psycopg.connect(cluster.organizer_conninfo(), autocommit=True) as conn:
        conn.execute("UPDATE event_info SET schema_version = 3")
    with pytest.raises(EventVersionError, match="older referee-app"):
        cluster.start()
    with psycopg.connect(cluster.organizer_conninfo(), autocommit=True) as conn:
        assert conn.execute("SELECT schema_version FROM event_info").fetchone() == (3,)  # nothing changed

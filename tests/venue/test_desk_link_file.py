"""The desk's link file: private to its user, migrated from the shared-password format, and
mended by `connect` when damaged; `push` says so in a sentence rather than a traceback."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from referee_app.cli.main import main as cli
from referee_app.log.store import Store
from referee_app.venue.pusher import LinkFile, link_path
from referee_app.venue.server import Cluster
from tests.conftest import assert_private, table_key, table_link
from tests.venue.test_live_event import start_match

pytestmark = pytest.mark.slow  # every test here runs against the throwaway PostgreSQL cluster


def test_the_link_file_and_its_journal_are_private(event_server: Cluster, tmp_path: Path) -> None:
    db = tmp_path / "desk.db"
    links = LinkFile(db)
    links.save(table_link(event_server, "1"))
    assert_private(link_path(db))
    assert_private(Path(f"{link_path(db)}-wal"))
    links.close()
    link_path(db).chmod(0o644)  # made by an older referee-app with the umask
    LinkFile(db).close()
    assert_private(link_path(db))


def test_a_damaged_link_file_is_said_and_mended_by_connect(
    event_server: Cluster, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "desk.db"
    start_match(Store(db), "3")
    link_path(db).write_bytes(b"\x13not sqlite\x00" * 300)
    capsys.readouterr()
    assert cli(["push", "--db", str(db)]) == 1
    err = capsys.readouterr().err
    assert "damaged: connect again" in err and "Traceback" not in err
    monkeypatch.setenv("REFEREE_TABLE_KEY", table_key(event_server, "3"))
    assert cli(["connect", "--db", str(db), "--server", f"127.0.0.1:{event_server.port}"]) == 0
    assert cli(["push", "--db", str(db)]) == 0
    assert_private(link_path(db))


def test_a_link_file_of_the_shared_password_is_migrated(
    event_server: Cluster, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "desk.db"
    start_match(Store(db), "4")
    with sqlite3.connect(link_path(db)) as old:  # the format before tables had their own keys
        old.execute("CREATE TABLE link (host TEXT, port INTEGER, password TEXT, table_no TEXT)")
        old.execute("CREATE TABLE marks (server_id TEXT NOT NULL, match_id TEXT NOT NULL, seq INTEGER NOT NULL,"
                    " conflict_seq INTEGER, PRIMARY KEY (server_id, match_id))")  # fmt: skip
        old.execute("INSERT INTO link VALUES ('127.0.0.1', ?, 'the-old-shared-password', '4')", (event_server.port,))
    capsys.readouterr()
    assert cli(["push", "--db", str(db)]) == 1
    assert "connect again with the key the organizer printed" in capsys.readouterr().err
    assert b"the-old-shared-password" not in link_path(db).read_bytes()  # the clear password is gone
    link = LinkFile(db).load()
    assert link is not None and (link.host, link.port, link.table, link.key) == (
        "127.0.0.1",
        event_server.port,
        "4",
        "",
    )

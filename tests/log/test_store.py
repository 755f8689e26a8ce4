"""The store against a real SQLite file: append-only, readable, conflict-safe."""

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
import sqlite_utils

from referee_app.game.events import Entry, Lag, MatchStarted, Note
from referee_app.game.vocab import Seat
from referee_app.log.schema import MIGRATIONS
from referee_app.log.session import Session
from referee_app.log.store import SeqTaken, Store, StoreError, chain_hash


def _start(store: Store) -> Session:
    return Session.start(store, MatchStarted(players=("Ana", "Ben"), race_to=3, event="Open"))


def test_tables_read_as_words(tmp_path: Path) -> None:
    store = Store(tmp_path / "m.db")
    session = _start(store)
    session.record(Lag(winner=Seat.B))
    db = sqlite_utils.Database(tmp_path / "m.db")
    assert {"matches", "events"} <= set(db.table_names())
    rows = list(db["events"].rows)
    assert [r["type"] for r in rows] == ["match_started", "lag"]
    assert rows[1]["body"] == '{"type": "lag", "winner": "B"}' and rows[1]["seq"] == 2
    assert next(iter(db["matches"].rows))["player_a"] == "Ana"
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


@pytest.mark.parametrize("sql", ["UPDATE events SET type = 'x'", "DELETE FROM events", "DELETE FROM matches"])
def test_nothing_is_updated_or_deleted(tmp_path: Path, sql: str) -> None:
    store = Store(tmp_path / "m.db")
    _start(store)
    with pytest.raises(sqlite3.DatabaseError):
        store.db.execute(sql)


def test_second_writer_with_the_same_seq_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    first = _start(Store(path))
    second = Session(Store(path), first.match_id)
    first.record(Note(text="from desk 1"))
    with pytest.raises(SeqTaken, match="already written by another"):
        second.record(Note(text="from desk 2"))
    assert second.history.next_seq == 2  # the refused writer did not move
    reopened = Session(Store(path), first.match_id)
    assert [e.event for e in reopened.history.entries][1] == Note(text="from desk 1")


def test_damaged_row_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    session = _start(Store(path))
    raw = sqlite3.connect(path)
    body = '{"type": "nope"}'  # chained like a real row, so what is found is the damage itself
    _, head = Store(path).head(session.match_id)
    digest = chain_hash(head, session.match_id, 2, "note", "2026-12-01T10:00:00Z", body)
    raw.execute(
        "INSERT INTO events VALUES (?, 2, 'note', '2026-12-01T10:00:00Z', ?, ?)", (session.match_id, body, digest)
    )
    raw.execute("UPDATE matches SET head_seq = 2, head_hash = ?", (digest,))
    raw.commit()
    with pytest.raises(StoreError, match="event 2 is damaged"):
        Store(path).load(session.match_id)


def test_not_a_database(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    path.write_bytes(b"this is a spreadsheet, not a database" * 200)
    with pytest.raises(StoreError, match="cannot be opened"):
        Store(path)


def test_migrations_run_once(tmp_path: Path) -> None:
    Store(tmp_path / "m.db").close()
    store = Store(tmp_path / "m.db")
    assert store.db.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)


def test_sqlite_utils_cli_can_read_it(tmp_path: Path) -> None:
    store = Store(tmp_path / "m.db")
    _start(store)
    exe = Path(sys.executable).with_name("sqlite-utils")
    if not exe.exists():
        pytest.skip("sqlite-utils CLI not installed beside this python")
    out = subprocess.run([str(exe), "rows", str(tmp_path / "m.db"), "matches"], capture_output=True, text=True)
    assert '"player_b": "Ben"' in out.stdout


def test_append_entry_with_an_existing_match_id_is_refused(tmp_path: Path) -> None:
    store = Store(tmp_path / "m.db")
    session = _start(store)
    with pytest.raises(StoreError, match="already in"):
        store.create_match(Entry(1, session.setup, "2025-01-01T00:00:00Z"))


def test_what_the_pusher_reads_comes_through_the_store(tmp_path: Path) -> None:
    """Heads, rows past a seq and every match's setup, read on a read-only store while the desk's
    own store keeps writing."""
    desk = Store(tmp_path / "m.db")
    session = _start(desk)
    session.record(Lag(winner=Seat.B))
    other = Session.start(desk, MatchStarted(players=("Cleo", "Dan"), race_to=5))
    reader = Store.open_readonly(tmp_path / "m.db")
    assert reader.count() == 2
    assert reader.heads() == {session.match_id: 2, other.match_id: 1}
    rows = reader.rows_after(session.match_id, 1)
    assert [(r.seq, r.type) for r in rows] == [(2, "lag")] and rows[0].hash == desk.head(session.match_id)[1]
    session.record(Note(text="cue tip replaced"))  # the desk goes on: the reader sees it
    assert [r.seq for r in reader.rows_after(session.match_id, 1)] == [2, 3]
    setups = dict(reader.setups())
    assert setups[other.match_id] is not None and setups[other.match_id].players == ("Cleo", "Dan")
    assert dict(reader.setups(known={other.match_id})).keys() == {session.match_id}

"""A desk that misbehaves on a real event server: it can only ever hurt itself.

Each table logs in with its own key; the server binds a match to the table that started it,
fills `table_no` and `received_at`, checks each row's seq and hash chain, and takes a conflict
report only for a match the reporting table holds. A row another writer got in first makes a
visible conflict on both sides."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import psycopg
import pytest

from referee_app.cli.main import main as cli
from referee_app.log.chain import chain_hash
from referee_app.log.store import Store
from referee_app.venue.board import BoardModel, refresh
from referee_app.venue.model import LinkStatus
from referee_app.venue.pusher import LinkFile, Pusher
from referee_app.venue.server import Cluster
from tests.builders import brk, ev, made
from tests.conftest import _KEYS, table_key, table_link
from tests.venue.test_live_event import OPENING, record, server_rows, start_match
from tests.waiting import eventually

pytestmark = pytest.mark.slow  # every test here runs against the throwaway PostgreSQL cluster


def desk_conn(cluster: Any, table: str) -> psycopg.Connection[Any]:
    """A raw connection as the table's own login, as a hostile referee would open one."""
    return psycopg.connect(table_link(cluster, table).conninfo(), autocommit=True)


def pushed_desk(cluster: Any, tmp_path: Path, table: str, *objs: dict[str, Any]) -> tuple[Path, str]:
    db = tmp_path / f"t{table}.db"
    session = start_match(Store(db), table)
    record(session, *objs)
    LinkFile(db).save(table_link(cluster, table))
    assert cli(["push", "--db", str(db)]) == 0
    return db, session.match_id


def head_of(cluster: Any, match_id: str) -> tuple[int, str]:
    with psycopg.connect(cluster.organizer_conninfo()) as conn:
        row = conn.execute("SELECT seq, hash FROM events WHERE match_id = %s ORDER BY seq DESC LIMIT 1", (match_id,))
        seq, digest = row.fetchone()  # type: ignore[misc]
        return int(seq), str(digest)


def chained(match_id: str, head: tuple[int, str], kind: str, body: str, at: str = "2026-12-01T12:00:00.000Z") -> tuple:
    seq = head[0] + 1
    return (match_id, seq, kind, at, body, chain_hash(head[1], match_id, seq, kind, at, body))


INSERT = "INSERT INTO events (match_id, seq, type, at, body, hash) VALUES (%s, %s, %s, %s, %s, %s)"


# --- one desk cannot lock the others out --------------------------------------------------------


def test_a_desk_can_change_only_its_own_login(event_server: Cluster, tmp_path: Path) -> None:
    one, _ = pushed_desk(event_server, tmp_path, "1")
    two, _ = pushed_desk(event_server, tmp_path, "2")
    with desk_conn(event_server, "1") as hostile:
        for statement in ("ALTER ROLE desk PASSWORD 'mine-now'", "ALTER ROLE desk SET search_path = pg_temp"):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                hostile.execute(statement)
        other = table_link(event_server, "2")
        role_two = f"desk_{other.key.split('-')[0]}"
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            hostile.execute(f"ALTER ROLE {role_two} PASSWORD 'mine-now'")
        hostile.execute("ALTER ROLE CURRENT_USER SET search_path = pg_temp")  # its own defaults: overridden
        hostile.execute("ALTER ROLE CURRENT_USER SET default_transaction_read_only = on")
        hostile.execute("ALTER ROLE CURRENT_USER SET statement_timeout = 1")
    event_server.stop()
    event_server.start()
    for db in (one, two):
        record_more(db)
        assert cli(["push", "--db", str(db)]) == 0  # our own connections set what they rely on
    with desk_conn(event_server, "1") as hostile:
        hostile.execute("ALTER ROLE CURRENT_USER PASSWORD 'locked-myself-out'")
    record_more(two)
    assert cli(["push", "--db", str(two)]) == 0  # table 2 goes on: a desk locks out only itself
    record_more(one)
    assert cli(["push", "--db", str(one)]) == 1
    # the organizer gives table 1 a new key (add-table again): it is back, its role's defaults reset
    _KEYS.pop((str(event_server.folder), "1"))
    LinkFile(one).save(table_link(event_server, "1"))
    assert cli(["push", "--db", str(one)]) == 0
    with desk_conn(event_server, "1") as desk:
        assert desk.execute("SELECT setconfig FROM pg_db_role_setting s JOIN pg_roles r ON r.oid = s.setrole"
                            " WHERE r.rolname = current_user").fetchall() == []  # fmt: skip


def record_more(db: Path) -> None:
    from referee_app.log.session import Session

    store = Store(db)
    [row] = store.match_rows()
    Session(store, row.match_id).record(_note())
    store.close()


def _note() -> Any:
    from tests.builders import decode

    return decode(ev("note", text="n"))


def test_a_desk_cannot_squat_ids_nor_choose_its_table_or_time(event_server: Cluster, tmp_path: Path) -> None:
    db, match_id = pushed_desk(event_server, tmp_path, "1", ev("lag", winner="A"))
    head = head_of(event_server, match_id)
    row = chained(match_id, head, "note", '{"type": "note", "text": "x"}')
    with desk_conn(event_server, "1") as hostile:
        for statement, args in [
            ("SELECT nextval('events_id_seq')", ()),
            ("INSERT INTO events (id, match_id, seq, type, at, body, hash) VALUES (99, %s, %s, %s, %s, %s, %s)", row),
            ("INSERT INTO events (match_id, seq, type, at, body, hash, table_no) VALUES (%s, %s, %s, %s, %s, %s, '9')",
             row),
            ("INSERT INTO events (match_id, seq, type, at, body, hash, received_at)"
             " VALUES (%s, %s, %s, %s, %s, %s, '2001-01-01')", row),
            ("INSERT INTO conflicts (match_id, seq, desk_hash, table_no) VALUES (%s, 1, 'x', '9')", (match_id,)),
            ("SELECT match_id, seq, hash FROM events", ()),
            ("SELECT * FROM heads", ()),
        ]:  # fmt: skip
            with pytest.raises((psycopg.errors.InsufficientPrivilege, psycopg.errors.GeneratedAlways)):
                hostile.execute(statement, args)
    record_more(db)
    assert cli(["push", "--db", str(db)]) == 0  # nothing squatted: the next push goes through
    with psycopg.connect(event_server.organizer_conninfo()) as conn:
        tables = conn.execute("SELECT DISTINCT table_no FROM events").fetchall()
        fresh = conn.execute("SELECT bool_and(received_at > now() - interval '1 minute') FROM events").fetchone()
    assert tables == [("1",)] and fresh == (True,)


# --- the server checks every row -------------------------------------------------------------------


def test_the_server_refuses_a_row_that_does_not_chain_or_follow(event_server: Cluster, tmp_path: Path) -> None:
    _db, match_id = pushed_desk(event_server, tmp_path, "7", ev("lag", winner="A"))
    head = head_of(event_server, match_id)
    body = '{"type": "concede", "player": "B"}'
    with desk_conn(event_server, "7") as hostile:
        with pytest.raises(psycopg.Error, match="does not chain") as refused:
            hostile.execute(INSERT, (match_id, head[0] + 1, "concede", "2026-12-01T10:00:00Z", body, "f" * 64))
        assert refused.value.sqlstate == "RF003"
        far = chained(match_id, (head[0] + 5, head[1]), "concede", body)  # a gap: seq head + 6
        with pytest.raises(psycopg.Error, match="does not follow"):
            hostile.execute(INSERT, far)
        with pytest.raises(psycopg.Error, match="does not follow"):  # a match that starts past seq 1
            hostile.execute(INSERT, chained("made-up", (1, ""), "note", '{"type": "note", "text": "x"}'))
    model = BoardModel()
    with psycopg.connect(event_server.organizer_conninfo()) as conn:
        refresh(conn, model)
    [seven] = [t for t in (row.to_json() for row in model.tables()) if t["table"] == "7"]
    assert seven["match"]["status"] != "finished" and head_of(event_server, match_id) == head


def test_a_desk_cannot_write_into_another_tables_match(
    event_server: Cluster, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    seven, match_id = pushed_desk(event_server, tmp_path, "7", ev("lag", winner="A"))
    head = head_of(event_server, match_id)
    forged = chained(match_id, head, "concede", '{"type": "concede", "player": "A"}')  # a correct chain
    with desk_conn(event_server, "9") as hostile:
        with pytest.raises(psycopg.Error, match="belongs to table 7"):
            hostile.execute(INSERT, forged)
        assert hostile.execute("SELECT count(*) FROM desk_hashes(%s, 0, 99)", (match_id,)).fetchone() == (0,)
        with pytest.raises(psycopg.Error, match="not held by table 9"):  # no false conflict on table 7
            hostile.execute("INSERT INTO conflicts (match_id, seq, desk_hash) VALUES (%s, 2, 'x')", (match_id,))
    # the same through the product: desk 9 imports a copy of table 7's match and records a concession
    nine = tmp_path / "t9.db"
    Store(nine).add_match(Store(seven).load(match_id))
    record_more(nine)
    LinkFile(nine).save(table_link(event_server, "9"))
    capsys.readouterr()
    assert cli(["push", "--db", str(nine)]) == 1
    said = capsys.readouterr().out
    assert "sent 0 events" in said and f"conflict: match {match_id}, another table holds this match" in said
    assert head_of(event_server, match_id) == head
    assert cli(["pull", "--server", str(event_server.folder), "--db", str(tmp_path / "org.db")]) == 0
    # the organizer moves the match to table 9 on purpose: now its rows come from there
    capsys.readouterr()
    folder = str(event_server.folder)
    assert cli(["event-server", "move", folder, "--match", match_id, "--table", "9"]) == 0
    with sqlite_link(nine) as links:
        links.execute("DELETE FROM marks")  # its conflict was this desk's own note: start over
    assert cli(["push", "--db", str(nine)]) == 0
    assert head_of(event_server, match_id)[0] == head[0] + 1


def sqlite_link(db: Path) -> Any:
    import sqlite3

    from referee_app.venue.pusher import link_path

    return sqlite3.connect(link_path(db))


def test_another_writers_row_is_a_conflict_on_both_sides(
    event_server: Cluster, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "t4.db"
    session = start_match(Store(db), "4")
    record(session, ev("lag", winner="A"), brk(4))
    LinkFile(db).save(table_link(event_server, "4"))
    first = Store(db).load(session.match_id)[0]
    # the server holds seq 1 only; another desk's seq 2 commits while this desk's insert waits
    with psycopg.connect(event_server.organizer_conninfo(), autocommit=True) as org:
        org.execute(INSERT.replace("hash)", "hash, table_no)").replace("%s)", "%s, '4')"),
                    (session.match_id, 1, "match_started", first.at, _text(first.event), _hash1(db)))  # fmt: skip
        body = '{"type": "note", "text": "another desk"}'
        other = chained(session.match_id, head_of(event_server, session.match_id), "note", body)
        org.execute("BEGIN")
        org.execute("LOCK TABLE events IN SHARE MODE")  # the desk may read; its INSERT waits
        push = subprocess.Popen(
            [sys.executable, "-m", "referee_app", "push", "--db", str(db)], stdout=subprocess.PIPE, text=True
        )
        with psycopg.connect(event_server.organizer_conninfo(), autocommit=True) as watching:
            eventually(lambda: inserts_waiting(watching) == 1, "the desk's insert waiting for the lock", timeout=15)
        org.execute(INSERT.replace("hash)", "hash, table_no)").replace("%s)", "%s, '9')"), other)
        org.execute("COMMIT")
    said, _ = push.communicate(timeout=30)
    assert push.returncode == 1 and "1 conflicts" in said and "sent 0 events" in said
    with psycopg.connect(event_server.organizer_conninfo()) as conn:
        assert conn.execute("SELECT body FROM events WHERE seq = 2").fetchone() == (body,)
        assert conn.execute("SELECT match_id, seq FROM conflicts").fetchall() == [(session.match_id, 2)]
        model = BoardModel()
        refresh(conn, model)
    [four] = [t for t in (row.to_json() for row in model.tables()) if t["table"] == "4"]
    assert four["conflicts"] == 1  # the board shows it too
    capsys.readouterr()
    assert cli(["push", "--db", str(db)]) == 1  # and it stays said
    assert "1 conflicts" in capsys.readouterr().out


def inserts_waiting(conn: psycopg.Connection[Any]) -> int:
    """How many writes to the events wait for a lock another transaction holds."""
    waiting = conn.execute("SELECT count(*) FROM pg_locks WHERE NOT granted AND relation = 'events'::regclass")
    return int(waiting.fetchone()[0])  # type: ignore[index]


def _text(event: Any) -> str:
    from referee_app.log.codec import event_to_text

    return event_to_text(event)


def _hash1(db: Path) -> str:
    import sqlite3

    with sqlite3.connect(db) as conn:
        return str(conn.execute("SELECT hash FROM events WHERE seq = 1").fetchone()[0])


# --- the pusher never stops ---------------------------------------------------------------------


def test_the_pusher_survives_a_refused_write_and_says_so(
    event_server: Cluster, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    db = tmp_path / "desk.db"
    session = start_match(Store(db), "5")
    reports: list[Any] = []
    pusher = Pusher(db, table_link(event_server, "5"), reports.append).start()
    try:
        eventually(lambda: pusher.report.status is LinkStatus.CONNECTED, "the pusher connected")
        with psycopg.connect(event_server.organizer_conninfo(), autocommit=True) as org:
            org.execute("REVOKE INSERT ON events FROM desk")  # the server refuses writes (not a lost connection)
            try:
                record(session, ev("lag", winner="A"))
                pusher.poke()
                eventually(lambda: pusher.report.status is LinkStatus.ERROR, "the pusher saying the refused write")
                assert "permission denied" in pusher.report.error and "\n" not in pusher.report.error
                record(session, brk(4))
                eventually(  # it goes on trying, and is refused again, the new row behind too
                    lambda: pusher.report.status is LinkStatus.ERROR and pusher.report.behind == 2,
                    "the pusher refused again with both rows behind",
                )
            finally:
                org.execute("GRANT INSERT (match_id, seq, type, at, body, hash) ON events TO desk")
        record(session, made(1))
        pusher.poke()
        eventually(
            lambda: len(server_rows(event_server)) == 4 and pusher.report.status is LinkStatus.CONNECTED,
            "the 4 rows on the server once it takes writes again",
            timeout=30,
        )
    finally:
        pusher.stop()
    assert any("event-pusher" in r.getMessage() and r.exc_info for r in caplog.records)  # logged with its trace


def test_the_pusher_says_a_damaged_link_file_and_goes_on_after_connect(event_server: Cluster, tmp_path: Path) -> None:
    db = tmp_path / "desk.db"
    start_match(Store(db), "6")
    links = LinkFile(db)
    links.save(table_link(event_server, "6"))
    links.close()
    link_file = Path(str(db) + ".link")
    link_file.write_bytes(b"\x00garbage" * 400)
    pusher = Pusher(db, table_link(event_server, "6")).start()
    try:
        eventually(lambda: pusher.report.status is LinkStatus.ERROR, "the pusher saying the link file is damaged")
        assert "damaged: connect again" in pusher.report.error
    finally:
        pusher.stop()


# --- the board survives any row -----------------------------------------------------------------


def test_the_board_shows_odd_rows_as_damaged_and_goes_on(event_server: Cluster, tmp_path: Path) -> None:
    from referee_app.venue.board import BoardWatcher

    views: list[dict[str, Any]] = []
    board = BoardWatcher(event_server.organizer_conninfo(), views.append, poll_s=0.3).start()
    try:
        pushed_desk(event_server, tmp_path, "²", ev("lag", winner="A"))  # a table named with a superscript two
        with desk_conn(event_server, "11") as desk:  # a match whose time is at the calendar's edge
            start = json.dumps(
                {"type": "match_started", "players": {"A": "Ann", "B": "Bob"}, "race_to": 3, "table": "11"}
            )
            desk.execute(INSERT, chained("edge", (0, ""), "match_started", start, "0001-01-01T00:00:00+14:00"))
            desk.execute(INSERT, chained("junk", (0, ""), "match_started", "{not json"))
        _db, three = pushed_desk(event_server, tmp_path, "3", *OPENING)

        def tables() -> dict[str, dict[str, Any]]:
            return {t["table"]: t for t in views[-1]["tables"]} if views else {}

        eventually(lambda: "3" in tables() and tables()["3"]["match"] is not None, "the board showing table 3")
        seen = tables()
        assert seen["3"]["match"]["fouls"]["B"] == 1 and seen["²"]["match"] is not None
        assert "junk" in seen["11"]["damaged"] and views[-1]["server"] == "online"
    finally:
        board.stop()
    assert three


def test_a_desk_can_check_its_key_through_connect(
    event_server: Cluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "desk.db"
    monkeypatch.setenv("REFEREE_TABLE_KEY", table_key(event_server, "8").lower())  # typed in lower case
    assert cli(["connect", "--db", str(db), "--server", f"127.0.0.1:{event_server.port}"]) == 0
    assert "connected: table 8" in capsys.readouterr().out
    assert cli(["connect", "--db", str(db), "--server", f"127.0.0.1:{event_server.port}", "--table", "9"]) == 1
    assert "this key is table 8's, not table 9's" in capsys.readouterr().err


def test_two_pushes_at_once_never_fork(event_server: Cluster, tmp_path: Path) -> None:
    db, _ = pushed_desk(event_server, tmp_path, "2", *OPENING)
    copy = tmp_path / "copy.db"
    store = Store(db)
    [row] = store.match_rows()
    Store(copy).add_match(store.load(row.match_id))
    record_more(db)
    record_more(copy)  # two desks of table 2 each add a different seq 8
    LinkFile(copy).save(table_link(event_server, "2"))
    codes: list[int] = []
    threads = [threading.Thread(target=lambda d=d: codes.append(cli(["push", "--db", str(d)]))) for d in (db, copy)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(codes) == [0, 1]
    seqs = [r[1] for r in server_rows(event_server)]
    assert seqs == list(range(1, len(seqs) + 1)) and len(seqs) == len(OPENING) + 2

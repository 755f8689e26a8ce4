"""The live event against a real PostgreSQL (started by the tests): roles, the desks' pusher through
a stopped and a crashed server, conflicts, lost watermarks, assignments, the board and `pull`."""

from __future__ import annotations

import dataclasses
import sqlite3
from pathlib import Path
from typing import Any

import psycopg
import pytest

from referee_app.cli.main import main as cli
from referee_app.game.events import MatchStarted
from referee_app.log.session import Session
from referee_app.log.store import Store
from referee_app.venue import db as event_db
from referee_app.venue.board import BoardModel, BoardWatcher, refresh
from referee_app.venue.model import EventLink, LinkReport, LinkStatus, TableKey, is_started
from referee_app.venue.pusher import LinkFile, Pusher, link_path
from referee_app.venue.server import Cluster
from tests.builders import brk, decode, ev, made, miss
from tests.conftest import table_link
from tests.waiting import eventually

pytestmark = pytest.mark.slow  # every test here runs against the throwaway PostgreSQL cluster

OPENING = [ev("lag", winner="A"), brk(4), made(1), miss(2), made(2), miss(3, fouls=["scratch"])]


def desk_link(cluster: Any, table: str) -> EventLink:
    return table_link(cluster, table)


def connect_desk(cluster: Any, db: Path, table: str) -> EventLink:
    """The desk at `db` connected to `table` (remembered in its link file, as `connect` does)."""
    link = desk_link(cluster, table)
    LinkFile(db).save(link)
    return link


def start_match(store: Store, table: str, players: tuple[str, str] = ("Ana", "Ben"), **extra: Any) -> Session:
    return Session.start(store, MatchStarted(players=players, race_to=5, table=table, event="Open", **extra))


def record(session: Session, *objs: dict[str, Any]) -> None:
    for obj in objs:
        session.record(decode(obj))


def server_rows(cluster: Any) -> list[tuple[Any, ...]]:
    with psycopg.connect(cluster.organizer_conninfo()) as conn:
        return conn.execute("SELECT match_id, seq, type, at, body, hash FROM events ORDER BY match_id, seq").fetchall()


def desk_rows(db: Path) -> list[tuple[Any, ...]]:
    with sqlite3.connect(db) as conn:
        return conn.execute("SELECT match_id, seq, type, at, body, hash FROM events ORDER BY match_id, seq").fetchall()


# --- roles ---------------------------------------------------------------------------------------


def test_the_desk_role_adds_events_and_nothing_else(event_server: Cluster, tmp_path: Path) -> None:
    store = Store(tmp_path / "desk.db")
    start_match(store, "1")
    assert cli(["push", "--db", str(tmp_path / "desk.db")]) == 1  # not connected yet: said, not crashed
    LinkFile(tmp_path / "desk.db").save(desk_link(event_server, "1"))
    assert cli(["push", "--db", str(tmp_path / "desk.db")]) == 0
    with psycopg.connect(desk_link(event_server, "1").conninfo(), autocommit=True) as desk:
        for statement in [
            "UPDATE events SET body = '{}'",
            "DELETE FROM events",
            "TRUNCATE events",
            "SELECT body FROM events",
            "INSERT INTO assignments (id, table_no, player_a, player_b, race_to, rules, break_order)"
            " VALUES ('x', '1', 'A', 'B', 3, 'wpa', 'alternate')",
            "UPDATE assignments SET table_no = '2'",
            "DELETE FROM conflicts",
            "CREATE TABLE mine (x int)",
        ]:
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                desk.execute(statement)
    with psycopg.connect(event_server.organizer_conninfo(), autocommit=True) as organizer:
        for statement in ["UPDATE events SET body = '{}'", "DELETE FROM events", "TRUNCATE events"]:
            with pytest.raises(psycopg.errors.RaiseException, match="append-only"):
                organizer.execute(statement)
    assert len(server_rows(event_server)) == 1


def test_a_wrong_key_is_refused(event_server: Cluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    good = TableKey.parse(desk_link(event_server, "1").key)
    wrong = dataclasses.replace(good, secret=TableKey.new_secret())
    with pytest.raises(psycopg.OperationalError, match="password authentication failed"):
        psycopg.connect(dataclasses.replace(desk_link(event_server, "1"), key=str(wrong)).conninfo())
    with pytest.raises(psycopg.OperationalError):  # nor may anyone log in as the organizer with a table's key
        psycopg.connect(f"host=127.0.0.1 port={event_server.port} dbname=event user=organizer password={good.secret}")
    monkeypatch.setenv("REFEREE_TABLE_KEY", str(wrong))
    db = tmp_path / "desk.db"
    assert cli(["connect", "--db", str(db), "--server", f"127.0.0.1:{event_server.port}"]) == 1
    assert LinkFile(db).load() is None  # a connection that failed is not remembered


# --- the pusher ------------------------------------------------------------------------------------


def test_events_recorded_while_the_server_is_down_arrive_once_and_in_order(
    event_server: Cluster, tmp_path: Path
) -> None:
    db = tmp_path / "desk.db"
    store = Store(db)
    reports: list[LinkReport] = []
    link = desk_link(event_server, "7")
    event_server.stop()
    pusher = Pusher(db, link, reports.append).start()
    try:
        session = start_match(store, "7")
        for obj in OPENING:
            record(session, obj)
            pusher.poke()
        eventually(
            lambda: pusher.report.status is LinkStatus.OFFLINE and pusher.report.behind == 7,
            "the pusher offline with the 7 rows behind",
        )
        event_server.start()
        eventually(
            lambda: pusher.report.status is LinkStatus.CONNECTED and len(server_rows(event_server)) == 7,
            "the restarted server holding the 7 rows",
            timeout=15,
        )
        assert server_rows(event_server) == desk_rows(db)

        record(session, made(3))  # the server crashes while the desk records on
        pusher.poke()
        event_server.stop(immediate=True)
        record(session, made(5), made(6))
        pusher.poke()
        eventually(lambda: pusher.report.status is LinkStatus.OFFLINE, "the pusher saying the crashed server is gone")
        event_server.start()
        eventually(
            lambda: len(server_rows(event_server)) == 10 and pusher.report.status is LinkStatus.CONNECTED,
            "the restarted server holding the 10 rows",
            timeout=15,
        )
        assert server_rows(event_server) == desk_rows(db)  # every row once, the same bytes and hashes
    finally:
        pusher.stop()
    assert any(r.status is LinkStatus.OFFLINE and "refused" in r.error.lower() for r in reports)


def test_a_lost_watermark_sends_nothing_twice(event_server: Cluster, tmp_path: Path) -> None:
    db = tmp_path / "desk.db"
    session = start_match(Store(db), "2")
    record(session, *OPENING)
    LinkFile(db).save(desk_link(event_server, "2"))
    assert cli(["push", "--db", str(db)]) == 0
    with sqlite3.connect(link_path(db)) as links:
        links.execute("DELETE FROM marks")  # the desk lost its watermarks (a restored backup, a new laptop)
    assert cli(["push", "--db", str(db)]) == 0
    assert server_rows(event_server) == desk_rows(db)


def test_a_backlog_longer_than_one_insert_arrives_whole_and_in_order(
    event_server: Cluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from referee_app.venue import db as event_db

    monkeypatch.setattr(event_db, "INSERT_ROWS", 3)  # 7 rows: three statements (PostgreSQL caps the parameters)
    db = tmp_path / "desk.db"
    session = start_match(Store(db), "2")
    record(session, *OPENING)
    LinkFile(db).save(desk_link(event_server, "2"))
    assert cli(["push", "--db", str(db)]) == 0
    assert server_rows(event_server) == desk_rows(db)


def test_a_watermark_past_the_servers_head_sends_what_the_server_lacks(event_server: Cluster, tmp_path: Path) -> None:
    db = tmp_path / "desk.db"
    session = start_match(Store(db), "2")
    record(session, *OPENING[:3])
    LinkFile(db).save(desk_link(event_server, "2"))
    assert cli(["push", "--db", str(db)]) == 0
    with sqlite3.connect(link_path(db)) as links:  # as if the server had held 5 (restored from an older backup)
        links.execute("UPDATE marks SET seq = 5")
    record(session, *OPENING[3:])
    assert cli(["push", "--db", str(db)]) == 0  # refused past the server's 4: the desk looks, then sends 5 to 7
    assert server_rows(event_server) == desk_rows(db)


def test_a_conflicting_server_event_is_reported_and_never_overwritten(
    event_server: Cluster, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, second = tmp_path / "one.db", tmp_path / "two.db"
    session = start_match(Store(first), "3")
    record(session, *OPENING[:3])
    LinkFile(first).save(desk_link(event_server, "3"))
    assert cli(["push", "--db", str(first)]) == 0
    # the same match, copied to a second desk, goes on differently there
    Store(second).add_match(Store(first).load(session.match_id))
    other = Session(Store(second), session.match_id)
    record(other, miss(2))
    record(session, made(2))
    LinkFile(second).save(desk_link(event_server, "3"))
    assert cli(["push", "--db", str(second)]) == 0
    held = server_rows(event_server)
    capsys.readouterr()
    assert cli(["push", "--db", str(first)]) == 1
    said = capsys.readouterr().out
    assert f"conflict: match {session.match_id}, event 5 differs on the server" in said
    assert server_rows(event_server) == held  # the server keeps what it had
    assert desk_rows(first)[-1][1] == 5  # and the desk what it recorded
    with psycopg.connect(event_server.organizer_conninfo()) as conn:
        assert conn.execute("SELECT match_id, seq FROM conflicts").fetchall() == [(session.match_id, 5)]


# --- the board ---------------------------------------------------------------------------------


def test_the_board_follows_two_tables_and_a_restarted_board_misses_nothing(
    event_server: Cluster, tmp_path: Path
) -> None:
    desks = []
    for table, players in (("1", ("Ana", "Ben")), ("2", ("Cleo", "Dan"))):
        db = tmp_path / f"table{table}.db"
        session = start_match(Store(db), table, players)
        desks.append((db, session, Pusher(db, desk_link(event_server, table)).start()))
    views: list[dict[str, Any]] = []
    board = BoardWatcher(event_server.organizer_conninfo(), views.append, poll_s=0.5).start()
    try:
        record(desks[0][1], *OPENING)  # table 1: Ana made the 1, Ben the 2, then Ben scratched
        desks[0][2].poke()
        record(desks[1][1], ev("lag", winner="B"), brk(4))
        desks[1][2].poke()

        def table(number: str) -> dict[str, Any]:
            return next((t for t in views[-1]["tables"] if t["table"] == number), {"match": None})

        eventually(
            lambda: bool(views) and table("1")["match"] and table("1")["match"]["fouls"]["B"] == 1,
            "the board showing table 1's foul",
        )
        eventually(
            lambda: table("2")["match"] is not None and table("2")["match"]["at_table"] == "B",
            "the board showing B at table 2",
        )
        assert table("1")["match"]["players"] == {"A": "Ana", "B": "Ben"}
        assert table("1")["online"] and table("2")["online"]
        board.stop()
        record(desks[0][1], made(3), made(5))  # while no board runs
        desks[0][2].poke()
        eventually(lambda: len(server_rows(event_server)) == 12, "the 12 rows on the server")
        later: list[dict[str, Any]] = []
        board = BoardWatcher(event_server.organizer_conninfo(), later.append, poll_s=0.5).start()
        eventually(lambda: later, "the restarted board's first view")
        first = next(t for t in later[-1]["tables"] if t["table"] == "1")
        assert first["match"]["at_table"] == "A" and first["match"]["fouls"] == {"A": 0, "B": 1}
        assert board.model.known[desks[0][1].match_id] == 9  # the two events recorded while it was away
    finally:
        board.stop()
        for _db, _session, pusher in desks:
            pusher.stop()


def test_the_servers_notifications_name_the_table_written(event_server: Cluster, tmp_path: Path) -> None:
    with psycopg.connect(event_server.organizer_conninfo(), autocommit=True) as listener:
        event_db.listen(listener)
        db = tmp_path / "desk.db"
        session = start_match(Store(db), "4")
        LinkFile(db).save(desk_link(event_server, "4"))
        assert cli(["push", "--db", str(db)]) == 0
        assert (
            cli(
                [
                    "assign",
                    "--server",
                    str(event_server.folder),
                    "--table",
                    "4",
                    "--players",
                    "Eve",
                    "Finn",
                    "--race",
                    "7",
                ]
            )
            == 0
        )
        with psycopg.connect(desk_link(event_server, "4").conninfo(), autocommit=True) as desk:
            desk.execute("INSERT INTO conflicts (match_id, seq, desk_hash) VALUES (%s, 1, 'x')", (session.match_id,))
        written = [note.payload for note in listener.notifies(timeout=1)]
    assert written == ["events", "assignments", "conflicts"]


def test_the_board_shows_an_assignment_and_a_conflict_at_once_while_desks_record(
    event_server: Cluster, tmp_path: Path
) -> None:
    db = tmp_path / "desk.db"
    session = start_match(Store(db), "3")
    pusher = Pusher(db, desk_link(event_server, "3")).start()
    views: list[dict[str, Any]] = []
    board = BoardWatcher(event_server.organizer_conninfo(), views.append, poll_s=60).start()  # no poll meanwhile
    try:

        def three() -> dict[str, Any]:
            return next((t for t in views[-1]["tables"] if t["table"] == "3"), {"match": None}) if views else {}

        record(session, *OPENING)
        pusher.poke()
        eventually(
            lambda: bool(three().get("match")) and three()["match"]["fouls"]["B"] == 1 and three()["online"],
            "the board showing table 3 online with its foul",
        )
        assert (
            cli(
                [
                    "assign",
                    "--server",
                    str(event_server.folder),
                    "--table",
                    "3",
                    "--players",
                    "Eve",
                    "Finn",
                    "--race",
                    "7",
                ]
            )
            == 0
        )
        record(session, made(3))
        pusher.poke()
        eventually(
            lambda: (three().get("next") or {}).get("players") == ["Eve", "Finn"],
            "the board showing the assignment at once",
            timeout=10,
        )
        with psycopg.connect(desk_link(event_server, "3").conninfo(), autocommit=True) as desk:
            desk.execute("INSERT INTO conflicts (match_id, seq, desk_hash) VALUES (%s, 2, 'x')", (session.match_id,))
        eventually(lambda: three()["conflicts"] == 1, "the board showing the conflict at once", timeout=10)
    finally:
        board.stop()
        pusher.stop()


def test_a_board_without_its_server_waits_and_catches_up(event_server: Cluster, tmp_path: Path) -> None:
    db = tmp_path / "desk.db"
    session = start_match(Store(db), "5")
    LinkFile(db).save(desk_link(event_server, "5"))
    views: list[dict[str, Any]] = []
    board = BoardWatcher(event_server.organizer_conninfo(), views.append, poll_s=0.5).start()
    try:
        eventually(lambda: bool(views) and views[-1]["server"] == "online", "the board online")
        event_server.stop(immediate=True)
        eventually(lambda: views[-1]["server"] == "offline", "the board saying its server is gone")
        record(session, *OPENING)
        event_server.start()
        assert cli(["push", "--db", str(db)]) == 0
        eventually(
            lambda: (
                views[-1]["server"] == "online"
                and any(t["match"] and t["match"]["fouls"]["B"] == 1 for t in views[-1]["tables"])
            ),
            "the board back online, caught up with the foul",
            timeout=15,
        )
    finally:
        board.stop()


# --- assignments -------------------------------------------------------------------------------


def test_an_assignment_reaches_its_table_and_the_match_started_from_it_links(
    event_server: Cluster, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = str(event_server.folder)
    assert cli(["assign", "--server", folder, "--table", "9", "--players", "Eve", "Finn", "--race", "7"]) == 0
    assert cli(["assign", "--server", folder, "--table", "8", "--players", "Gus", "Hal", "--race", "5"]) == 0
    db = tmp_path / "desk.db"
    pusher = Pusher(db_ready(db), desk_link(event_server, "9")).start()
    try:
        eventually(lambda: pusher.report.status is LinkStatus.CONNECTED, "the pusher connected")
        [assignment] = pusher.report.assignments  # only this table's
        assert (assignment.players, assignment.race_to) == (("Eve", "Finn"), 7)
        start_match(Store(db), "9", assignment.players, assignment=assignment.id)
        pusher.poke()
        model = BoardModel()
        with psycopg.connect(event_server.organizer_conninfo()) as conn:
            eventually(lambda: refresh(conn, model) >= 0 and model.matches, "the board's model reading the match")
        nine = next(t for t in (row.to_json() for row in model.tables()) if t["table"] == "9")
        assert nine["next"] is None and nine["match"]["players"] == {"A": "Eve", "B": "Finn"}
        eight = next(t for t in (row.to_json() for row in model.tables()) if t["table"] == "8")
        assert eight["next"]["players"] == ["Gus", "Hal"] and eight["match"] is None
    finally:
        pusher.stop()


def test_a_desk_recording_on_sees_an_assignment_sent_meanwhile(event_server: Cluster, tmp_path: Path) -> None:
    db = tmp_path / "desk.db"
    session = start_match(Store(db), "6")
    pusher = Pusher(db, desk_link(event_server, "6")).start()
    try:
        eventually(lambda: pusher.report.status is LinkStatus.CONNECTED, "the pusher connected")
        assert pusher.report.assignments == ()
        assert (
            cli(
                [
                    "assign",
                    "--server",
                    str(event_server.folder),
                    "--table",
                    "6",
                    "--players",
                    "Eve",
                    "Finn",
                    "--race",
                    "7",
                ]
            )
            == 0
        )

        def recording_on() -> bool:  # a referee recording fast: the pusher is busy at every poke
            record(session, ev("note", text="n"))
            pusher.poke()
            return [a.players for a in pusher.report.assignments] == [("Eve", "Finn")]

        eventually(recording_on, "the busy pusher handing on the assignment", timeout=10)
    finally:
        pusher.stop()


def db_ready(db: Path) -> Path:
    Store(db).close()
    return db


def test_a_match_started_by_hand_while_offline_links_to_its_assignment(event_server: Cluster, tmp_path: Path) -> None:
    folder = str(event_server.folder)
    assert cli(["assign", "--server", folder, "--table", "4", "--players", "Ivy", "Jo", "--race", "3"]) == 0
    db = tmp_path / "desk.db"
    link = desk_link(event_server, "4")
    event_server.stop()
    start_match(Store(db), "4", ("Jo", "Ivy"))  # from the printed draw, the players the other way round
    event_server.start()
    LinkFile(db).save(link)
    assert cli(["push", "--db", str(db)]) == 0
    model = BoardModel()
    with psycopg.connect(event_server.organizer_conninfo()) as conn:
        refresh(conn, model)
    [four] = [t for t in (row.to_json() for row in model.tables()) if t["table"] == "4"]
    assert four["next"] is None and four["match"]["players"] == {"A": "Jo", "B": "Ivy"}
    assert all(is_started(a, model.started()) for a in model.assignments)
    assert len(model.matches) == 1  # linked: no second match


# --- pull -------------------------------------------------------------------------------------


def test_pull_copies_the_event_into_sqlite_once(
    event_server: Cluster, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for table in ("1", "2"):
        db = tmp_path / f"t{table}.db"
        record(start_match(Store(db), table), *OPENING)
        LinkFile(db).save(desk_link(event_server, table))
        assert cli(["push", "--db", str(db)]) == 0
    event_db = tmp_path / "event.db"
    capsys.readouterr()
    assert cli(["pull", "--server", str(event_server.folder), "--db", str(event_db)]) == 0
    assert "pulled: 2 new matches" in capsys.readouterr().out
    assert cli(["pull", "--server", str(event_server.folder), "--db", str(event_db)]) == 0
    assert "0 new matches, 0 extended, 2 already here" in capsys.readouterr().out
    assert sorted(desk_rows(event_db)) == sorted(desk_rows(tmp_path / "t1.db") + desk_rows(tmp_path / "t2.db"))


def test_pull_reports_a_tampered_server_row(
    event_server: Cluster, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "t.db"
    session = start_match(Store(db), "1")
    record(session, *OPENING)
    LinkFile(db).save(desk_link(event_server, "1"))
    assert cli(["push", "--db", str(db)]) == 0
    with psycopg.connect(event_server.organizer_conninfo(), autocommit=True) as conn:  # a superuser's edit
        conn.execute("ALTER TABLE events DISABLE TRIGGER events_no_update")
        conn.execute("UPDATE events SET body = replace(body, '\"A\"', '\"B\"') WHERE seq = 2")
        conn.execute("ALTER TABLE events ENABLE TRIGGER events_no_update")
    capsys.readouterr()
    assert cli(["pull", "--server", str(event_server.folder), "--db", str(tmp_path / "event.db")]) == 1
    assert f"damaged: {session.match_id}" in capsys.readouterr().out


def test_the_organizers_commands_say_when_the_server_is_down(
    event_server: Cluster, capsys: pytest.CaptureFixture[str]
) -> None:
    event_server.stop()
    capsys.readouterr()
    folder = str(event_server.folder)
    assert cli(["assign", "--server", folder, "--table", "1", "--players", "A", "B", "--race", "3"]) == 1
    said = capsys.readouterr().err.strip()
    assert said.startswith("the event server: ") and "\n" not in said and "Traceback" not in said
    assert cli(["event-server", "status", folder]) == 3
    assert "stopped" in capsys.readouterr().out

"""Phone tables on the event server, through a real PostgreSQL: the organizer's own pusher sends
the phone matches its database holds (head + 1, the hash chain, read back), once, so that the
board shows a phone table like a desk's; and a tournament played on desks and phones together."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import psycopg
import pytest

from referee_app.cli.main import main as cli
from referee_app.log.store import Store
from referee_app.tournament import operations
from referee_app.tournament.model import Format, Options
from referee_app.tournament.phone_api import PhoneTables
from referee_app.tournament.phone_push import PhonePusher, phone_match_ids
from referee_app.venue import db
from referee_app.venue.board import BoardModel, refresh
from referee_app.venue.own_push import OwnMarks, push_own

pytestmark = pytest.mark.slow  # every test here runs against the throwaway PostgreSQL cluster

HERE = "192.168.1.31"


def phone_venue(
    path: Path, players: int, tables: str, phones: str, fmt: Format = Format.SE
) -> tuple[str, dict[int, str]]:
    """A tournament of `players` (races to 2) on `tables`, `phones` of them the phones'; their keys."""
    with closing(Store(path)) as store:
        tid = operations.new_tournament(store, "Club night", Options(fmt, race=2))
        names = "".join(f"Player {chr(65 + i)},{700 - 10 * i}\n" for i in range(players))
        operations.add_entries(store, tid, "name,rating\n" + names)
        operations.draw(store, tid, 7)
        operations.set_tables(store, tid, tables)
        keys = operations.set_phones(store, tid, phones)
    return tid, {table: key for table, key in keys if key is not None}


def tap(api: PhoneTables, key: str, table: int, tap_id: str, event: dict[str, Any]) -> dict[str, Any]:
    version = api.get(table, f"Bearer {key}", HERE).body["version"]
    body = json.dumps({"id": tap_id, "after": version, "event": event}).encode()
    answer = api.post(table, f"Bearer {key}", HERE, body)
    assert answer.status == 200, answer.body
    return answer.body


def stored_rows(path: Path, match_ids: set[str]) -> dict[str, list[tuple[int, str]]]:
    with closing(Store.open_readonly(path)) as store:
        return {m: [(r.seq, r.hash) for r in store.rows_after(m, 0)] for m in match_ids}


def server_rows(server: Any) -> dict[str, list[tuple[int, str, str]]]:
    with psycopg.connect(server.organizer_conninfo()) as conn:
        rows = db.all_events(conn)
    held: dict[str, list[tuple[int, str, str]]] = {}
    for row in rows:
        held.setdefault(row.match_id, []).append((row.seq, row.hash, row.table_no))
    return held


@pytest.fixture
def phones(tmp_path: Path) -> Iterator[tuple[Path, str, dict[int, str], PhoneTables]]:
    path = tmp_path / "organizer.db"
    tid, keys = phone_venue(path, 4, "1-2", "1-2")
    api = PhoneTables(path, tid)
    yield path, tid, keys, api
    api.close()


def test_a_phone_match_reaches_the_event_once_and_the_board_shows_its_table_as_the_phones(
    event_server: Any, phones: tuple[Path, str, dict[int, str], PhoneTables]
) -> None:
    path, _tid, keys, api = phones
    tap(api, keys[1], 1, "t1", {"type": "lag", "winner": "A"})
    playing = tap(api, keys[1], 1, "t2", {"type": "rack", "winner": "B"})
    match_id = playing["match_id"]
    marks = OwnMarks()
    with psycopg.connect(event_server.organizer_conninfo(), autocommit=True) as conn:
        marks.on_server(db.server_id(conn))
        tables = {match_id: "1"}
        assert push_own(conn, api.store, tables, marks).pushed == 3  # match_started, lag, rack
        assert push_own(conn, api.store, tables, marks).pushed == 0  # nothing new: nothing asked
        lost = OwnMarks()  # a restart (or a commit whose answer was lost): the server says what it holds
        lost.on_server(marks.server)
        assert push_own(conn, api.store, tables, lost).pushed == 0
        tap(api, keys[1], 1, "t3", {"type": "rack", "winner": "B"})
        assert push_own(conn, api.store, tables, lost).pushed == 1
        model = BoardModel()
        refresh(conn, model)
    assert server_rows(event_server)[match_id] == [(s, h, "1") for s, h in stored_rows(path, {match_id})[match_id]]
    row = next(t for t in model.tables() if t["table"] == "1")
    assert row["phones"] is True and row["online"] is False
    assert row["match"]["scoring"] == "racks" and row["match"]["score"] == {"A": 0, "B": 2}
    assert row["match"]["players"] == {"A": playing["players"]["A"], "B": playing["players"]["B"]}


def test_a_phone_match_another_table_holds_on_the_server_is_a_conflict_and_nothing_is_overwritten(
    event_server: Any, phones: tuple[Path, str, dict[int, str], PhoneTables]
) -> None:
    _path, _tid, keys, api = phones
    match_id = tap(api, keys[1], 1, "t1", {"type": "lag", "winner": "A"})["match_id"]
    marks = OwnMarks()
    with psycopg.connect(event_server.organizer_conninfo(), autocommit=True) as conn:
        marks.on_server(db.server_id(conn))
        assert push_own(conn, api.store, {match_id: "1"}, marks).pushed == 2
        assert db.move_match(conn, match_id, "9")  # the organizer handed it to another table
        tap(api, keys[1], 1, "t2", {"type": "rack", "winner": "A"})
        pushed = push_own(conn, api.store, {match_id: "1"}, marks)
        assert pushed.pushed == 0 and pushed.conflicts[match_id][0] == 2
        assert "held by table 9" in pushed.conflicts[match_id][1]
        assert db.conflicted(conn) == {match_id: 2}
        assert push_own(conn, api.store, {match_id: "1"}, marks).pushed == 0  # stopped there
    assert [seq for seq, _h, _t in server_rows(event_server)[match_id]] == [1, 2]


def test_the_boards_phone_pusher_sends_the_taps_of_another_process_and_the_board_shows_them(
    event_server: Any, phones: tuple[Path, str, dict[int, str], PhoneTables]
) -> None:
    """`referee-app board --tournament` pushes the phone matches that `tournament serve` (another
    process: here another connection) writes; the board's reader stays the only reader."""
    from referee_app.tournament.board_run import Board, BoardOptions

    path, tid, keys, api = phones
    views: list[dict[str, Any]] = []
    board = Board.open(BoardOptions(event_server.folder, tournament=tid, db=path), out=None)
    board.follow("en", lambda *_: None, views.append)
    try:
        assert board.phones is not None
        playing = tap(api, keys[2], 2, "t1", {"type": "lag", "winner": "B"})
        tap(api, keys[2], 2, "t2", {"type": "rack", "winner": "B"})
        deadline = time.monotonic() + 15

        def table_2() -> dict[str, Any] | None:
            for view in reversed(views):
                for table in view.get("tables", []):
                    if table["table"] == "2" and table["match"] and table["match"]["score"]["B"] == 1:
                        return dict(table)
            return None

        while (shown := table_2()) is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert shown is not None and shown["phones"] is True
        assert shown["match"]["match_id"] == playing["match_id"]
        with psycopg.connect(event_server.organizer_conninfo()) as conn:
            others = conn.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE usename = current_user AND pid <> pg_backend_pid()"
            ).fetchone()
        assert others == (2,)  # the board's one reader, and the phone pusher, which only writes
    finally:
        board.close()
    assert phone_match_ids(operations.open_tournament(api.store, tid).state) >= {playing["match_id"]}


def test_a_phone_pusher_with_no_phone_match_yet_opens_no_connection(event_server: Any, tmp_path: Path) -> None:
    path = tmp_path / "organizer.db"
    tid, _keys = phone_venue(path, 4, "1-2", "1-2")  # the phone tables' matches are started by the server
    reports: list[Any] = []
    pusher = PhonePusher(path, tid, event_server.organizer_conninfo(), on_report=lambda *r: reports.append(r))
    pusher.start()
    try:
        time.sleep(1.0)
        assert pusher._conn is None and reports == []
    finally:
        pusher.stop()
    assert cli(["tournament", "show", tid, "--json", "--db", str(path)]) == 0

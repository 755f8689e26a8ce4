"""Phone tables on the event server, through a real PostgreSQL: the organizer's own pusher sends
the phone matches its database holds (head + 1, the hash chain, read back), once, so that the
board shows a phone table like a desk's; and a tournament played on desks and phones together."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import psycopg
import pytest

from referee_app.cli.main import main as cli
from referee_app.event import operations
from referee_app.event.phone_api import PhoneTables
from referee_app.event.phone_push import PhonePusher, phone_match_ids
from referee_app.log.store import Store
from referee_app.tournament.model import Format, Options
from referee_app.tournament.show import standings_view
from referee_app.venue import db
from referee_app.venue.board import BoardModel, BoardView, refresh
from referee_app.venue.own_push import OwnMarks, push_own
from referee_app.venue.server import Cluster
from tests.event.taps import tap_body
from tests.waiting import NotYet, eventually, stays

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
    seen = api.get(table, f"Bearer {key}", HERE).body
    body = tap_body(tap_id, seen["match_id"], seen["version"], event)
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
    event_server: Cluster, phones: tuple[Path, str, dict[int, str], PhoneTables]
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
    row = next(t for t in model.tables() if t.table == "1").to_json()  # as the web page gets it
    assert row["phones"] is True and row["online"] is False
    assert row["match"]["scoring"] == "racks" and row["match"]["score"] == {"A": 0, "B": 2}
    assert row["match"]["players"] == {"A": playing["players"]["A"], "B": playing["players"]["B"]}


def test_a_phone_match_another_table_holds_on_the_server_is_a_conflict_and_nothing_is_overwritten(
    event_server: Cluster, phones: tuple[Path, str, dict[int, str], PhoneTables]
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
    event_server: Cluster, phones: tuple[Path, str, dict[int, str], PhoneTables]
) -> None:
    """`referee-app board --tournament` pushes the phone matches that `tournament serve` (another
    process: here another connection) writes; the board's reader stays the only reader."""
    from referee_app.event.board_run import Board, BoardOptions

    path, tid, keys, api = phones
    views: list[BoardView] = []
    board = Board.open(BoardOptions(event_server.folder, tournament=tid, db=path), out=None)
    board.follow("en", lambda *_: None, views.append)
    try:
        assert board.pusher is not None
        playing = tap(api, keys[2], 2, "t1", {"type": "lag", "winner": "B"})
        tap(api, keys[2], 2, "t2", {"type": "rack", "winner": "B"})

        def table_2() -> dict[str, Any] | None:
            for view in reversed(views):
                for table in view.to_json()["tables"]:
                    if table["table"] == "2" and table["match"] and table["match"]["score"]["B"] == 1:
                        return dict(table)
            return None

        shown = eventually(table_2, "the board showing table 2's rack won by B", 15)
        assert shown["phones"] is True
        assert shown["match"]["match_id"] == playing["match_id"]
        with psycopg.connect(event_server.organizer_conninfo()) as conn:
            others = conn.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE usename = current_user AND pid <> pg_backend_pid()"
            ).fetchone()
        assert others == (2,)  # the board's one reader, and the phone pusher, which only writes
    finally:
        board.close()
    assert phone_match_ids(operations.open_tournament(api.store, tid).state) >= {playing["match_id"]}


def _all_there(event_server: Cluster, path: Path, match_ids: set[str]) -> bool:
    held = server_rows(event_server)
    return all(
        [(seq, digest) for seq, digest, _t in held.get(m, [])] == rows
        for m, rows in stored_rows(path, match_ids).items()
    )


def test_two_pushers_at_once_and_a_server_gone_meanwhile_lose_nothing_and_send_nothing_twice(
    event_server: Cluster, phones: tuple[Path, str, dict[int, str], PhoneTables]
) -> None:
    """The board and the tournament window both pushing one database, and the event server stopped
    and started again in the middle (hard, as a crash would): every phone row reaches it once, in
    order, and neither pusher sees a conflict."""
    path, tid, keys, api = phones
    errors: list[list[str]] = [[], []]  # what each pusher said went wrong
    pushers = [
        PhonePusher(
            path, tid, event_server.organizer_conninfo(), poll_s=0.05, on_report=lambda _p, e, s=said: e and s.append(e)
        ).start()
        for said in errors
    ]
    try:
        ids = {tap(api, keys[t], t, f"lag{t}", {"type": "lag", "winner": "A"})["match_id"] for t in (1, 2)}
        for n in range(4):  # 1-1 on both tables (races to 2)
            tap(api, keys[1 + n % 2], 1 + n % 2, f"r{n}", {"type": "rack", "winner": "AB"[n // 2 % 2]})
        eventually(lambda: _all_there(event_server, path, ids), "both tables' rows on the server", 15)
        event_server.stop(immediate=True)
        before = [len(said) for said in errors]
        tap(api, keys[1], 1, "while-down", {"type": "rack", "winner": "A"})
        eventually(
            lambda: all(len(s) > n for s, n in zip(errors, before, strict=True)), "both pushers saying they failed"
        )
        event_server.start()
        tap(api, keys[2], 2, "after", {"type": "rack", "winner": "B"})
        eventually(lambda: _all_there(event_server, path, ids), "every row on the restarted server", 30)
    finally:
        for pusher in pushers:
            pusher.stop()
    assert all(not pusher.marks.conflicts for pusher in pushers)
    with psycopg.connect(event_server.organizer_conninfo()) as conn:
        assert db.conflicted(conn) == {}
        assert {h.match_id: h.from_organizer for h in db.heads(conn)} == dict.fromkeys(ids, True)


def test_tournament_sync_sends_the_phone_matches_too(
    event_server: Cluster, phones: tuple[Path, str, dict[int, str], PhoneTables], capsys: pytest.CaptureFixture[str]
) -> None:
    path, tid, keys, api = phones
    match_id = tap(api, keys[1], 1, "t1", {"type": "lag", "winner": "A"})["match_id"]
    capsys.readouterr()
    assert cli(["tournament", "sync", tid, "--server", str(event_server.folder), "--db", str(path)]) == 0
    assert "the phone tables: 3 events sent to the event server" in capsys.readouterr().out  # table 2: started
    assert _all_there(event_server, path, {match_id})
    assert cli(["tournament", "sync", tid, "--server", str(event_server.folder), "--db", str(path)]) == 0
    assert "phone tables" not in capsys.readouterr().out  # nothing new: nothing sent


def test_a_phone_pusher_with_no_phone_match_yet_opens_no_connection(event_server: Cluster, tmp_path: Path) -> None:
    path = tmp_path / "organizer.db"
    tid, _keys = phone_venue(path, 4, "1-2", "1-2")  # the phone tables' matches are started by the server
    reports: list[Any] = []
    pusher = PhonePusher(path, tid, event_server.organizer_conninfo(), on_report=lambda *r: reports.append(r))
    pusher.start()
    try:
        stays(lambda: pusher._conn is None and reports == [], 1.0, "the pusher with no phone match idle and silent")
    finally:
        pusher.stop()
    assert cli(["tournament", "show", tid, "--json", "--db", str(path)]) == 0


# --- a tournament on desks and phones together ---------------------------------------------------


def play_on_the_phones(
    served: Any, key: str, table: int, acked: list[tuple[str, dict[str, Any]]] | None = None
) -> bool:
    """The match on a phone table, if one waits: the lag, the first-named player wins the race, both
    sign (through HTTP, each tap sent again while the laptop is busy); False: nothing to play.
    `acked` gets each tap answered 200: (its match log, the event)."""
    # a look settles the table (a completion, the next match): the same race, asked again
    status, body = eventually(lambda: answered(served.get(table, key)), f"table {table}'s page answered", 10)
    assert status == 200, body
    if body["match_id"] is None or body["state"]["status"] == "finished":
        return False
    version, race = body["version"], body["race_to"]
    steps = [{"type": "lag", "winner": "A"}, *[{"type": "rack", "winner": "A"}] * race]
    steps += [{"type": "sign", "player": "A"}, {"type": "sign", "player": "B"}]
    for n, event in enumerate(steps):
        tap_id = f"{body['match_id'][:8]}-{n}"  # the organizer's board wrote the tournament just then: sent again
        status, answer = eventually(
            lambda: answered(served.tap(table, key, tap_id, version, event)),  # noqa: B023 - asked at once
            f"table {table}'s tap {n} answered",
            10,
        )
        assert status == 200, answer
        version = answer["version"]
        if acked is not None:
            acked.append((body["match_id"], event))
    return True


def answered(reply: tuple[int, dict[str, Any]]) -> tuple[int, dict[str, Any]] | NotYet:
    """The laptop's reply, or not yet while it answers 503 (busy: the phone sends again)."""
    return NotYet(reply) if reply[0] == 503 else reply


def play_on_a_desk(desk: Any, pusher: Any, by_racks: bool) -> bool:
    """The match sent to a desk's table, if one waits: the first-named player wins, pushed by the
    desk's own pusher (a worker, as the GUI runs it); False: nothing sent."""
    from referee_app.log.session import Session
    from referee_app.venue.model import match_setup
    from tests.builders import decode, ev

    a = desk.next_assignment()
    if a is None:
        return False
    if by_racks:  # the organizer sent it by racks: the desk's one key opens it so
        session = Session.start(desk.store, match_setup(a))
        assert session.state.by_racks
        racks = [ev("rack", winner="A")] * a.race_to
        for obj in (ev("lag", winner="B"), *racks, ev("sign", player="A"), ev("sign", player="B")):
            session.record(decode(obj))
    else:
        desk.play(desk.start(a), race=a.race_to)
    pusher.poke()
    return True


def test_eight_players_double_elimination_on_desks_and_phones_together_through_postgresql(
    event_server: Cluster, tmp_path: Path
) -> None:
    """Tables 1 and 2 are desks (2 with no referee: sent by racks), 3 and 4 the phones' (a real
    `tournament serve` process, tapped over HTTP); `referee-app board --tournament` sends the
    desks their matches, takes their results and pushes the phone matches. The bracket completes
    to a champion, every log is on the server once, as written, and the board shows both kinds."""
    from referee_app.event.board_run import Board, BoardOptions
    from referee_app.tournament.model import Status
    from referee_app.venue.pusher import Pusher
    from tests.conftest import table_link
    from tests.event.test_serve import Served
    from tests.tournament.test_live import Desk, tournament

    path = tmp_path / "organizer.db"
    tid, keys = phone_venue(path, 8, "1-4", "3-4", Format.DE)
    with closing(Store(path)) as store:
        operations.set_rack_tables(store, tid, "2")
    desks = {table: Desk(event_server, tmp_path / f"desk{table}", str(table)) for table in (1, 2)}
    pushers = {t: Pusher(d.path, table_link(event_server, str(t))).start() for t, d in desks.items()}
    views: list[BoardView] = []
    problems: list[str] = []

    def reported(work: Any, error: str) -> None:
        problems.extend([error] if error else list(work.problems) if work is not None else [])

    board = Board.open(BoardOptions(event_server.folder, tournament=tid, db=path), out=None)
    served = Served(path, tid)
    try:
        board.follow("en", reported, views.append)
        played = {"desk": 0, "phones": 0}

        def a_round_played() -> bool | NotYet:
            if tournament(path, tid).tournament.status is Status.FINISHED:
                return True
            slots = tournament(path, tid).tournament.slots.values()
            for table, desk in desks.items():
                played["desk"] += play_on_a_desk(desk, pushers[table], by_racks=table == 2)
            for table in (3, 4):
                played["phones"] += play_on_the_phones(served, keys[table], table)
            return NotYet((played, problems, [(s.spec.id, s.status.value, s.table) for s in slots]))

        eventually(a_round_played, "the tournament played to its champion", 240, every=0.1)
        state = tournament(path, tid)
        phone_matches = phone_match_ids(state)

        def all_held() -> bool:
            held = server_rows(event_server)
            return phone_matches <= set(held) and all(
                len(held[m]) == len(rows) for m, rows in stored_rows(path, phone_matches).items()
            )

        # the last phone match reaches the server (the board's pusher looks every 0.1 s)
        eventually(all_held, "every phone match's rows on the server", 15)
    finally:
        assert served.stop() == 0
        board.close()
        for pusher in pushers.values():
            pusher.stop()
    t = state.tournament
    places = standings_view(t).places
    assert places[0][0] == 1 and len(places[0][1]) == 1 and problems == []  # one champion, nothing for the organizer
    assert len(t.results) == len([s for s in t.slots.values() if s.outcome is not None]) >= 14
    tables = {outcome.table for outcome in t.results.values()}
    assert tables == {1, 2, 3, 4} and played["desk"] >= 2 and played["phones"] >= 2
    by_phone = {outcome.match_id for outcome in t.results.values() if outcome.table in (3, 4)}
    assert by_phone == phone_matches  # every phone match completed its bracket match, and only those
    # every log once, as written: the phones' from the organizer's database, the desks' from theirs
    held = server_rows(event_server)
    written = stored_rows(path, phone_matches)
    for desk in desks.values():
        desk.store.close()
        with closing(Store.open_readonly(desk.path)) as store:
            written |= stored_rows(desk.path, set(store.heads()))
    assert set(held) == set(written)
    for match_id, rows in written.items():
        assert [(seq, digest) for seq, digest, _table in held[match_id]] == rows
    assert {held[m][0][2] for m in phone_matches} == {"3", "4"}
    with psycopg.connect(event_server.organizer_conninfo(), autocommit=True) as conn:
        model = BoardModel()
        refresh(conn, model)
    rows = {row.table: row.to_json() for row in model.tables()}
    assert {table: rows[table]["phones"] for table in ("1", "2", "3", "4")} == {
        "1": False, "2": False, "3": True, "4": True,
    }  # fmt: skip
    assert rows["2"]["match"]["scoring"] == "racks" and rows["1"]["match"]["scoring"] == "shots"
    assert any(
        table.phones and table.match for view in views for table in view.tables
    )  # the board's own view showed a phone table with its match, live


def test_the_phone_pusher_is_back_within_a_second_of_the_server_after_a_long_outage(
    event_server: Cluster, phones: tuple[Path, str, dict[int, str], PhoneTables]
) -> None:
    """After a long outage the worker's back-off has grown (0.5 s, 1, 2, 4...): a server that is
    back is still tried again within about a second, as a desk's pusher does, so that the phone
    tables come back on the board with the desks', not seconds after them."""
    path, tid, keys, api = phones
    match_id = tap(api, keys[1], 1, "t1", {"type": "lag", "winner": "A"})["match_id"]
    event_server.stop(immediate=True)
    failed = threading.Event()
    pusher = PhonePusher(path, tid, event_server.organizer_conninfo(), on_report=lambda _p, e: e and failed.set())
    pusher.backoff_s = 8.0  # the back-off reached after minutes of outage (uncapped: 8 s, then the 5 s cap)
    pusher.start()
    try:
        assert failed.wait(10)
        event_server.start()  # how long the server takes to start (long on a busy machine) is not the pusher's
        back_at = time.monotonic()
        eventually(lambda: _all_there(event_server, path, {match_id}), "the match on the server again", 10)
        assert time.monotonic() - back_at < 3.0  # at most a second's wait, then the push
    finally:
        pusher.stop()

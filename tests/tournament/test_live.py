"""The tournament on connected desks, through a real PostgreSQL: the queue sent to the tables as
assignments, the desks' finished matches completing the bracket by themselves, a voided match
completing nothing, a USB merge completing a match, and nothing taken twice."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import psycopg
import pytest

from referee_app.cli.main import main as cli
from referee_app.event import operations
from referee_app.game.events import MatchStarted, ShotClock
from referee_app.game.vocab import BreakOrder
from referee_app.log.session import Session
from referee_app.log.store import Store
from referee_app.tournament.events import ResultRecorded, Undo
from referee_app.tournament.model import Format, MatchStatus, Options
from referee_app.venue import db
from referee_app.venue.model import Assignment
from referee_app.venue.pusher import DeskRows, LinkFile, waiting
from referee_app.venue.server import Cluster
from tests.builders import brk, decode, ev, made, miss
from tests.conftest import table_link
from tests.waiting import eventually

pytestmark = pytest.mark.slow  # every test here runs against the throwaway PostgreSQL cluster

PLAYERS = ("Ana", "Ben", "Carl", "Dora")
CLOCK = ShotClock(30, 20)


def rack(breaker_wins: bool) -> list[dict[str, Any]]:
    """One rack: the breaker runs out, or misses and the other runs out."""
    run = [made(ball) for ball in range(2, 11)]
    return [brk(1), *run] if breaker_wins else [brk(1), miss(2), *run]


def organizer(tmp_path: Path, shot_clock: ShotClock | None = CLOCK) -> tuple[Path, str]:
    path = tmp_path / "organizer.db"
    store = Store(path)
    try:
        tid = operations.new_tournament(store, "Open de Lyon", Options(Format.DE, race=2, shot_clock=shot_clock))
        operations.add_entries(store, tid, "name,rating\n" + "".join(f"{p},{600 - i}\n" for i, p in enumerate(PLAYERS)))
        operations.draw(store, tid, 11)
        operations.set_tables(store, tid, "1,2")
    finally:
        store.close()
    return path, tid


def sync(server: Any, path: Path, tid: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    capsys.readouterr()
    code = cli(["tournament", "sync", tid, "--server", str(server.folder), "--db", str(path)])
    out, err = capsys.readouterr()
    return code, out, err


def tournament(path: Path, tid: str) -> Any:
    store = Store.open_readonly(path)
    try:
        return operations.open_tournament(store, tid).state
    finally:
        store.close()


class Desk:
    """A table's desk: its own database, connected to the event, starting what it is sent."""

    def __init__(self, server: Any, folder: Path, table: str) -> None:
        self.server, self.table = server, table
        folder.mkdir()
        self.path = folder / "matches.db"
        self.store = Store(self.path)
        LinkFile(self.path).save(table_link(server, table))

    def next_assignment(self) -> Assignment | None:
        rows = DeskRows(self.path)
        try:
            with psycopg.connect(table_link(self.server, self.table).conninfo()) as conn:
                offered = waiting(db.assignments(conn, self.table), rows)
        finally:
            rows.close()
        return offered[0] if offered else None

    def start(self, a: Assignment) -> Session:
        """What the desk's one key does (ui/venue/link.py): the match as the organizer sent it."""
        setup = MatchStarted(
            players=a.players, race_to=a.race_to, rules=a.rules, break_order=BreakOrder(a.break_order),
            shot_clock=a.shot_clock, event=a.event, round=a.round, table=a.table, assignment=a.id,
        )  # fmt: skip
        return Session.start(self.store, setup)

    def play(self, session: Session, first_wins: bool = True, race: int = 2) -> None:
        """The lag to the first player, then `race` racks to `first_wins`'s player."""
        events = [ev("lag", winner="A")]
        breaker_is_first = True
        for _ in range(race):
            events += rack(breaker_wins=breaker_is_first == first_wins)
            breaker_is_first = not breaker_is_first
        for obj in events:
            session.record(decode(obj))

    def push(self) -> None:
        assert cli(["push", "--db", str(self.path)]) == 0


def play_out(server: Any, path: Path, tid: str, desks: list[Desk], capsys: Any) -> list[Assignment]:
    """Sync, let each desk play what it was sent (the first-named player wins), until nothing is left."""
    seen: list[Assignment] = []
    for _ in range(20):
        code, _out, err = sync(server, path, tid, capsys)
        assert code == 0, err
        started = False
        for desk in desks:
            a = desk.next_assignment()
            if a is None:
                continue
            seen.append(a)
            desk.play(desk.start(a), race=a.race_to)
            desk.push()
            started = True
        if not started:
            return seen
    raise AssertionError("the tournament never ended")


def test_four_players_on_two_desks_complete_the_bracket_by_themselves(
    event_server: Cluster, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, tid = organizer(tmp_path)
    desks = [Desk(event_server, tmp_path / f"desk{t}", t) for t in ("1", "2")]
    code, out, _err = sync(event_server, path, tid, capsys)
    assert code == 0
    assert "W1-1: Ana v Dora sent to table 1" in out and "W1-2: " in out and "2 assignments sent" in out
    first = desks[0].next_assignment()
    assert first is not None
    assert (first.players, first.race_to, first.rules, first.event) == (("Ana", "Dora"), 2, "wpa", "Open de Lyon")
    assert first.shot_clock == ShotClock(30, 20) and first.round == "Winners' round 1"
    assert tournament(path, tid).sent[0].assignment == first.id  # the link is in the log: it survives a restart
    assert sync(event_server, path, tid, capsys)[2] == ""  # nothing new: nothing sent twice
    assert len(tournament(path, tid).sent) == 2

    seen = play_out(event_server, path, tid, desks, capsys)
    state = tournament(path, tid)
    t = state.tournament
    assert t.status.value == "finished"
    assert t.slots["F1"].winner == "Ana" and "F2" not in t.slots  # the hot seat won the final
    assert {a.table for a in seen} == {"1", "2"}
    for mid, slot in t.slots.items():
        assert slot.status is MatchStatus.DONE, mid
        assert slot.outcome is not None and slot.outcome.match_id and slot.outcome.table in (1, 2)
        assert slot.outcome.score == ((2, 0) if slot.winner == slot.a else (0, 2))
    rounds = {a.round for a in seen}
    assert {"Hot seat", "Losers' final", "Final"} <= rounds
    capsys.readouterr()
    assert cli(["tournament", "standings", tid, "--json", "--db", str(path)]) == 0
    places = json.loads(capsys.readouterr().out)["places"]
    assert places[0] == {"place": 1, "names": ["Ana"]}
    # Synced again: nothing applied twice, nothing sent.
    events = len(operations_rows(path, tid))
    code, out, _err = sync(event_server, path, tid, capsys)
    assert code == 0 and "0 assignments sent" in out and len(operations_rows(path, tid)) == events


def operations_rows(path: Path, tid: str) -> list[Any]:
    store = Store.open_readonly(path)
    try:
        return store.load_tournament(tid)[1]
    finally:
        store.close()


def test_a_voided_match_completes_nothing_and_goes_to_the_table_again(
    event_server: Cluster, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, tid = organizer(tmp_path, shot_clock=None)
    desk = Desk(event_server, tmp_path / "desk1", "1")
    sync(event_server, path, tid, capsys)
    a = desk.next_assignment()
    assert a is not None and a.shot_clock is None
    session = desk.start(a)
    session.record(decode(ev("lag", winner="A")))
    session.record(decode(ev("void", reason="wrong players called")))
    desk.push()
    code, out, _err = sync(event_server, path, tid, capsys)
    assert code == 0 and "voided" in out
    slot = tournament(path, tid).tournament.slots["W1-1"]
    assert slot.status is MatchStatus.PLAYING and slot.outcome is None
    again = desk.next_assignment()
    assert again is not None and again.id != a.id and again.players == a.players  # offered afresh
    desk.play(desk.start(again))
    desk.push()
    sync(event_server, path, tid, capsys)
    assert tournament(path, tid).tournament.slots["W1-1"].winner == "Ana"


def test_a_desks_database_merged_from_a_stick_completes_its_match(
    event_server: Cluster, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, tid = organizer(tmp_path)
    desk = Desk(event_server, tmp_path / "desk1", "1")
    Desk(event_server, tmp_path / "desk2", "2")  # table 2 has its key too, whatever ran before
    assert sync(event_server, path, tid, capsys)[0] == 0
    a = desk.next_assignment()
    assert a is not None
    desk.play(desk.start(a), first_wins=False)  # the network went down: never pushed
    desk.store.close()
    capsys.readouterr()
    assert cli(["merge", str(desk.path), "--db", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Open de Lyon: W1-1: Dora wins 2-0 on table 1 (from the desk)" in out
    slot = tournament(path, tid).tournament.slots["W1-1"]
    assert (slot.winner, slot.outcome and slot.outcome.score) == ("Dora", (0, 2))
    # merged again, and synced: taken once
    rows = len(operations_rows(path, tid))
    assert cli(["merge", str(desk.path), "--db", str(path)]) == 0
    code, out, err = sync(event_server, path, tid, capsys)
    assert code == 0, (out, err)
    assert len([r for r in operations_rows(path, tid) if r.type == "result_recorded"]) == 1
    assert len(operations_rows(path, tid)) >= rows


def test_a_desk_that_contradicts_a_typed_result_is_reported_and_an_undone_one_not_taken_again(
    event_server: Cluster, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, tid = organizer(tmp_path)
    desks = [Desk(event_server, tmp_path / f"desk{t}", t) for t in ("1", "2")]
    sync(event_server, path, tid, capsys)
    one, two = desks[0].next_assignment(), desks[1].next_assignment()
    assert one is not None and two is not None
    store = Store(path)
    try:  # table 1's result typed by hand first, the other way round
        operations.record(store, tid, [ResultRecorded("W1-1", one.players[1], (1, 2))])
    finally:
        store.close()
    desks[0].play(desks[0].start(one))
    desks[0].push()
    desks[1].play(desks[1].start(two))
    desks[1].push()
    code, out, err = sync(event_server, path, tid, capsys)
    assert code == 1
    assert "W1-1: the desk says Ana won 2-0, but the result recorded by hand differs" in err
    t = tournament(path, tid).tournament
    assert t.slots["W1-1"].winner == one.players[1]  # the typed result stands
    assert t.slots["W1-2"].winner == two.players[0] and "W1-2" in out
    # the organizer undoes the desk's W1-2: it is not taken again by itself
    store = Store(path)
    try:
        state = operations.open_tournament(store, tid).state
        top = state.frames
        assert top is not None
        operations.record(store, tid, [Undo(top.seq)])
    finally:
        store.close()
    assert tournament(path, tid).tournament.slots["W1-2"].status is MatchStatus.PLAYING
    code, _out, err = sync(event_server, path, tid, capsys)
    assert "W1-2: the desk's result was undone by hand" in err
    assert tournament(path, tid).tournament.slots["W1-2"].outcome is None


def test_the_boards_sync_runs_by_itself_and_says_what_it_did(event_server: Cluster, tmp_path: Path) -> None:
    from referee_app.event.live import board_sync, report_lines
    from referee_app.venue.board import BoardWatcher

    path, tid = organizer(tmp_path)
    desk = Desk(event_server, tmp_path / "desk1", "1")
    said: list[str] = []
    reader = BoardWatcher(event_server.organizer_conninfo())  # the board's one reader of the live event
    with pytest.raises(operations.TournamentRefused):
        board_sync(reader, path, "No such open", lambda *_: None)
    live = board_sync(reader, path, "Open de Lyon",
                      lambda work, error: said.extend(line.text for line in report_lines(work, error)))  # fmt: skip
    reader.start()
    try:
        a = eventually(desk.next_assignment, "the desk sent its match", 10)
        desk.play(desk.start(a))
        desk.push()
        eventually(lambda: tournament(path, tid).tournament.slots["W1-1"].winner, "W1-1's winner in the bracket", 10)
    finally:
        live.stop()
        reader.stop()
    assert tournament(path, tid).tournament.slots["W1-1"].winner == a.players[0]
    assert any("(from the desk)" in text for text in said)


def test_a_board_that_follows_a_tournament_reads_the_event_on_one_connection(
    event_server: Cluster, tmp_path: Path
) -> None:
    """The board's window, its web page and the tournament's sync share one reader: one
    connection, one LISTEN, one replay of the matches."""
    from referee_app.event.board_run import Board, BoardOptions
    from referee_app.venue.board import BoardView, ServerState

    path, _tid = organizer(tmp_path)
    views: list[BoardView] = []
    reports: list[tuple[object, str]] = []
    board = Board.open(BoardOptions(event_server.folder, web=0, tournament="Open de Lyon", db=path), out=None)
    board.follow("en", lambda work, error: reports.append((work, error)), views.append)
    assert board.server is not None
    page = board.server.feed
    try:
        eventually(
            lambda: views and reports and any(work is not None for work, _ in reports), "the sync's first round", 10
        )
        eventually(lambda: page.current().view.get("server") == "online", "the page saying the server is online", 10)
        assert views and views[-1].server is ServerState.ONLINE  # the window's, typed
        assert page.current().view["server"] == "online" and page.current().view["lang"] == "en"  # the page's JSON
        assert [error for _work, error in reports] == [""] * len(reports)
        with psycopg.connect(event_server.organizer_conninfo()) as conn:
            others = conn.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE usename = current_user AND pid <> pg_backend_pid()"
            ).fetchone()
        assert others == (1,)  # the reader's, and no other
        assert board.sync is not None and board.sync.reader is board.reader
    finally:
        board.close()


def test_a_conceded_desk_match_is_reported_for_the_organizer_not_applied(
    event_server: Cluster, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, tid = organizer(tmp_path)
    desk = Desk(event_server, tmp_path / "desk1", "1")
    sync(event_server, path, tid, capsys)
    a = desk.next_assignment()
    assert a is not None
    session = desk.start(a)
    for obj in [ev("lag", winner="A"), *rack(breaker_wins=True), ev("concede", player="B")]:
        session.record(decode(obj))
    desk.push()
    code, _out, err = sync(event_server, path, tid, capsys)
    assert code == 1 and "W1-1: the desk's match ended 1-0 before the race was won" in err
    assert tournament(path, tid).tournament.slots["W1-1"].outcome is None


def test_a_board_asked_for_a_tournament_without_its_database_says_so_and_leaves_nothing_running(
    event_server: Cluster, capsys: pytest.CaptureFixture[str]
) -> None:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    code = cli(["board", "--server", str(event_server.folder), "--web", str(port), "--tournament", "Open de Lyon"])
    out, err = capsys.readouterr()
    assert code == 1 and "--tournament needs the tournament's database: give --db PATH" in err
    assert out == f"board http://127.0.0.1:{port}/board\n"  # the page had started: it is stopped again
    with socket.socket() as again:
        again.bind(("127.0.0.1", port))

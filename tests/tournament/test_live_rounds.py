"""The tournament's sync, a subscriber of the one reader: when it plans a round, and how the
tournament window's thread decides it (`Handoff`: the reader's thread waits for the answer, and
stops waiting when the sync stops)."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

import psycopg
import pytest

from referee_app.event.live import CTX, SERVER_GONE, DeskMatch, Handoff, LiveSync, Plan, Server
from referee_app.i18n import english
from referee_app.venue.board import BoardModel, BoardView, BoardWatcher, Reading, ServerState
from tests.waiting import stays

SERVER = Server(frozenset(), frozenset(), frozenset({"1"}))


class Owner:
    """The window's thread, by hand: the calls posted to it wait until `run`."""

    def __init__(self) -> None:
        self.posted: list[Callable[[], None]] = []
        self.arrived = threading.Event()

    def post(self, call: Callable[[], None]) -> None:
        self.posted.append(call)
        self.arrived.set()

    def run(self) -> None:
        assert self.arrived.wait(5)
        self.posted.pop(0)()


def on_reader(handoff: Handoff) -> tuple[threading.Thread, dict[str, object]]:
    said: dict[str, object] = {}

    def round_() -> None:
        try:
            said["plan"] = handoff(SERVER, [])
        except Exception as exc:
            said["raised"] = exc

    thread = threading.Thread(target=round_)
    thread.start()
    return thread, said


def test_the_owner_decides_and_the_readers_thread_gets_the_plan() -> None:
    owner = Owner()
    seen: list[tuple[Server, list[DeskMatch]]] = []

    def decide(server: Server, desks: list[DeskMatch]) -> Plan | None:
        seen.append((server, desks))
        return Plan(done=["W1-1: Ana v Ben sent to table 1"])

    thread, said = on_reader(Handoff(owner.post, decide))
    owner.run()
    thread.join(5)
    assert not thread.is_alive()
    plan = said["plan"]
    assert isinstance(plan, Plan) and plan.done == ["W1-1: Ana v Ben sent to table 1"]
    assert seen == [(SERVER, [])]


def test_a_failure_on_the_owners_thread_is_raised_on_the_readers() -> None:
    owner = Owner()

    def decide(server: Server, desks: list[DeskMatch]) -> Plan | None:
        raise ValueError("the tournament is damaged")

    thread, said = on_reader(Handoff(owner.post, decide))
    owner.run()
    thread.join(5)
    assert isinstance(said.get("raised"), ValueError) and "plan" not in said


def test_cancel_frees_a_round_waiting_for_the_owner_and_no_round_is_asked_after() -> None:
    owner = Owner()
    decided: list[Server] = []

    def decide(server: Server, desks: list[DeskMatch]) -> Plan | None:
        decided.append(server)
        return Plan()

    handoff = Handoff(owner.post, decide)
    thread, said = on_reader(handoff)
    assert owner.arrived.wait(5)
    stays(thread.is_alive, 0.05, "the reader waiting for the window's thread")
    handoff.cancel()
    thread.join(5)
    assert not thread.is_alive() and said == {"plan": None}
    owner.run()  # the window's thread reaches the call late: nothing is decided
    assert decided == []
    assert handoff(SERVER, []) is None and owner.posted == []


def test_the_sync_says_a_server_it_cannot_read_and_stops_listening_when_stopped() -> None:
    reports: list[tuple[Plan | None, str]] = []
    reader = BoardWatcher("host=/nowhere dbname=none")
    owner = Owner()
    sync = LiveSync(reader, Handoff(owner.post, lambda s, d: Plan()), lambda w, e: reports.append((w, e)))
    sync.start()  # a reader shared with the board: started by the board, not by the sync
    view = BoardView(0, (), ServerState.OFFLINE, "connection refused")
    reader._hand_out(Reading(view, BoardModel(), None, False, "connection refused"))  # as a failed step does
    gone = english(CTX, SERVER_GONE).format(why="connection refused")
    assert reports == [(None, gone)]
    sync.stop()
    reader._hand_out(Reading(view, BoardModel(), None, False, "connection refused"))
    assert reports == [(None, gone)]  # no longer subscribed
    assert owner.posted == []


def test_a_server_out_of_reach_is_said_once_in_words_and_again_after_it_was_back() -> None:
    """The reader tries again every second while the server is gone: the organizer is told once
    (in the board's language), not at each try; a read that failed on a live connection says why."""
    from referee_desk.i18n import translator_for  # the catalogue, as the board command hands it in

    reports: list[tuple[Plan | None, str]] = []
    reader = BoardWatcher("host=/nowhere dbname=none")
    french = translator_for("fr")
    sync = LiveSync(reader, lambda s, d: Plan(), lambda w, e: reports.append((w, e)), french).start()
    gone = BoardView(0, (), ServerState.OFFLINE, "connection refused")
    for error in ("server closed the connection unexpectedly", "connection refused", "connection refused"):
        reader._hand_out(Reading(gone, BoardModel(), None, False, error))
    said = french(CTX, SERVER_GONE).format(why="server closed the connection unexpectedly")
    assert said.startswith("le serveur de l’événement est injoignable (server closed") and reports == [(None, said)]
    reader._hand_out(Reading(BoardView(1, (), ServerState.ONLINE), BoardModel(), ServerRows(), True))  # type: ignore[arg-type]
    assert reports[-1] == (Plan(), "")  # back: the round goes on
    reader._hand_out(Reading(gone, BoardModel(), None, False, "connection refused"))
    assert reports[-1] == (None, french(CTX, SERVER_GONE).format(why="connection refused"))  # gone again: said again
    failed = BoardView(2, (), ServerState.ERROR, "permission denied for table events")
    reader._hand_out(Reading(failed, BoardModel(), None, False, "permission denied for table events"))
    reader._hand_out(Reading(failed, BoardModel(), None, False, "permission denied for table events"))
    assert reports[-2:] == [(None, "permission denied for table events")] * 2
    sync.stop()


@pytest.mark.parametrize("own", [True, False])
def test_a_sync_stops_its_reader_only_when_it_is_its_own(own: bool) -> None:
    sync = LiveSync.alone("host=/nowhere dbname=none", lambda s, d: None, lambda w, e: None)
    if not own:
        sync = LiveSync(sync.reader, sync.decide, sync.on_report)
    sync.start()
    try:
        assert sync.reader._thread.is_alive() is own
    finally:
        sync.stop()
    assert not sync.reader._thread.is_alive()


class ServerRows:
    """The event server as the sync's round reads it (its tables with a key, no desk's marks), with no server."""

    closed = False
    broken = False
    """A live connection, as psycopg's says (`LiveSync` tells a lost server from a failed statement)."""
    rows: tuple[tuple[str, str], ...] = ()

    def execute(self, query: str, *params: object) -> ServerRows:
        if query.startswith("SELECT assignment_id, player, at FROM arrivals"):
            self.rows = ()
            return self
        assert query.startswith("SELECT table_no, role FROM seats.tables"), query
        self.rows = (("1", "table_1"),)
        return self

    def fetchall(self) -> list[tuple[str, str]]:
        return list(self.rows)


class GoneServer(ServerRows):
    """A connection whose server dies in the middle of the sync's round (libpq then calls it broken)."""

    def execute(self, query: str, *params: object) -> ServerRows:
        self.broken = True
        raise psycopg.OperationalError("consuming input failed: server closed the connection unexpectedly")


def test_a_server_that_dies_in_the_middle_of_a_round_is_said_once_in_words_with_the_readers_next_try() -> None:
    reports: list[tuple[Plan | None, str]] = []
    reader = BoardWatcher("host=/nowhere dbname=none")
    LiveSync(reader, lambda s, d: Plan(), lambda w, e: reports.append((w, e))).start()
    conn: Any = GoneServer()
    reader._hand_out(Reading(BoardView(0, (), ServerState.ONLINE), BoardModel(), conn, True))
    gone = BoardView(0, (), ServerState.OFFLINE, "connection refused")
    reader._hand_out(Reading(gone, BoardModel(), None, False, "connection refused"))  # the reader's next try
    why = "consuming input failed: server closed the connection unexpectedly"
    assert reports == [(None, english(CTX, SERVER_GONE).format(why=why))]
    failing: Any = ServerRows()
    failing.execute = lambda *_a: (_ for _ in ()).throw(psycopg.errors.LockNotAvailable("lock timeout"))
    reader._hand_out(Reading(BoardView(1, (), ServerState.ONLINE), BoardModel(), failing, True))
    assert reports[-1] == (None, "lock timeout")  # a statement that failed on a live connection: its own words


def test_a_round_is_planned_on_a_full_read_or_when_a_desks_match_changes_and_a_failure_is_logged_once(
    caplog: pytest.LogCaptureFixture,
) -> None:
    reports: list[tuple[Plan | None, str]] = []
    fail = [True]

    def decide(server: Server, desks: list[DeskMatch]) -> Plan | None:
        assert server.tables == frozenset({"1"})
        if fail[0]:
            raise OSError("the organizer's database is on a stick that was pulled out")
        return Plan(done=["planned"])

    reader = BoardWatcher("host=/nowhere dbname=none")
    LiveSync(reader, decide, lambda w, e: reports.append((w, e))).start()
    conn: Any = ServerRows()

    def refresh(everything: bool) -> None:
        reader._hand_out(Reading(BoardView(0, (), ServerState.ONLINE), BoardModel(), conn, everything))

    with caplog.at_level(logging.ERROR, logger="referee_app"):
        refresh(everything=True)
        refresh(everything=False)  # a desk's event that changes no match's outcome: no round
        refresh(everything=False)
        refresh(everything=True)  # the next full read: tried again
    said = "the organizer's database is on a stick that was pulled out"
    assert reports == [(None, said), (None, said)]
    assert [r.message for r in caplog.records] == [f"tournament-sync: {said}"]  # the traceback once
    fail[0] = False
    refresh(everything=False)
    assert reports[2:] == []
    refresh(everything=True)
    assert [(w.done if w else None, e) for w, e in reports[2:]] == [(["planned"], "")]
